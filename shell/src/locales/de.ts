// Layout, sign-in, menus and common actions; other texts fall back to English.
const de = {
  "app": {
    "product": "Gerätekonsole"
  },
  "menu": {
    "1": "Bedienungsanleitung",
    "100": "Unternehmen",
    "101": "Unternehmen",
    "102": "Abteilungen",
    "103": "Rollen",
    "104": "Konten",
    "105": "Persönlicher Bereich",
    "200": "Systemeinstellungen",
    "201": "Menüs",
    "202": "Schaltflächen",
    "203": "Servicebereiche",
    "204": "Sprachen",
    "205": "Plugins",
    "300": "Regionen",
    "301": "Regionsliste",
    "400": "Protokolle",
    "401": "Vorgänge",
    "402": "Anmeldungen"
  },
  "layout": {
    "logout": "Abmelden",
    "personalCenter": "Persönlicher Bereich",
    "allTenants": "Alle Unternehmen",
    "tenant": "Unternehmen",
    "switchAllTitle": "Hinweis",
    "switchAllContent": "Für alle Unternehmen handeln? Listen zeigen die Daten aller Unternehmen.",
    "language": "Sprache",
    "closeOthers": "Andere schließen",
    "closeAll": "Alle schließen",
    "home": "Start"
  },
  "login": {
    "title": "Bei der Gerätekonsole anmelden",
    "subtitle": "Produkte, Geräte und Dienste an einem Ort",
    "userName": "Benutzername",
    "userNameHint": "Unternehmenskonten: Name@KÜRZEL (englisches Kürzel des Unternehmens)",
    "password": "Passwort",
    "submit": "Anmelden",
    "required": "Pflichtfeld"
  },
  "common": {
    "add": "Hinzufügen",
    "edit": "Bearbeiten",
    "delete": "Löschen",
    "enable": "Aktivieren",
    "disable": "Deaktivieren",
    "actions": "Aktionen",
    "status": "Status",
    "enabled": "Aktiv",
    "disabled": "Deaktiviert"
  }
};

export default de;
