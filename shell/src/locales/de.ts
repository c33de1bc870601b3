// The shell's texts in this language; `Strings` makes the compiler require every key English has.
import type { Strings } from './en';

const de: Strings = {
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
    "switchAllContent": "Für alle Unternehmen handeln? Listen zeigen die Daten aller Unternehmen, und neue Einträge gehören zur Plattform.",
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
    "disabled": "Deaktiviert",
    "yes": "Ja",
    "no": "Nein",
    "name": "Name",
    "code": "Code",
    "remark": "Bemerkung",
    "type": "Typ",
    "createdAt": "Erstellt",
    "updatedAt": "Geändert",
    "saved": "Gespeichert",
    "deleted": "Gelöscht",
    "keyword": "Stichwort",
    "from": "Von",
    "to": "Bis",
    "grant": "Berechtigungen",
    "detail": "Details",
    "reload": "Neu laden",
    "confirmDisable": "„{{name}}“ deaktivieren?",
    "confirmEnable": "„{{name}}“ aktivieren?",
    "user": "Benutzer",
    "time": "Zeit",
    "result": "Ergebnis",
    "all": "Alle"
  },
  "errors": {
    "systemException": "Systemfehler, bitte später erneut versuchen.",
    "remoteFailed": "Diese Seite konnte nicht geladen werden",
    "remoteFailedHint": "Die Funktion „{{name}}“ ist gerade nicht verfügbar. Der Rest der Konsole funktioniert; bitte später erneut versuchen.",
    "retry": "Erneut versuchen"
  },
  "guide": {
    "title": "Willkommen in der Gerätekonsole",
    "intro": "Verwalten Sie Unternehmen, Konten, Berechtigungen und jede Funktion, die Ihr Unternehmen aktiviert hat.",
    "steps": [
      "Wählen Sie oben das Unternehmen, für das Sie handeln (Plattformbenutzer).",
      "Öffnen Sie eine Seite über das Menü; Seiten bleiben als Tabs geöffnet.",
      "Schaltflächen erscheinen nur für Aktionen, die Ihre Rollen erlauben."
    ]
  },
  "tenants": {
    "title": "Unternehmen",
    "tenantName": "Kurzname",
    "fullName": "Vollständiger Name",
    "abbrEn": "Englisches Kürzel",
    "creditCode": "Einheitlicher Sozialkreditcode",
    "description": "Beschreibung",
    "disabledUntil": "Deaktiviert bis",
    "disableUntilHint": "Leer lassen, um bis zur erneuten Aktivierung zu deaktivieren",
    "add": "Unternehmen hinzufügen"
  },
  "departments": {
    "title": "Abteilungen",
    "parent": "Übergeordnete Abteilung",
    "level": "Ebene",
    "add": "Abteilung hinzufügen",
    "top": "Oberste Ebene"
  },
  "roles": {
    "title": "Rollen",
    "roleType": "Rollentyp",
    "ordinary": "Normal",
    "administrator": "Administrator",
    "add": "Rolle hinzufügen",
    "grantTitle": "Berechtigungen von „{{name}}“",
    "adminAll": "Eine Administratorrolle hat jede Berechtigung ihres Unternehmens."
  },
  "accounts": {
    "title": "Konten",
    "userName": "Benutzername",
    "name": "Name",
    "department": "Abteilung",
    "phone": "Telefon",
    "email": "E-Mail",
    "accountType": "Kontotyp",
    "development": "Entwicklung",
    "operation": "Betrieb",
    "test": "Test",
    "roles": "Rollen",
    "password": "Passwort",
    "confirmPassword": "Passwort bestätigen",
    "passwordRule": "6–18 Zeichen aus Buchstaben, Ziffern und Sonderzeichen",
    "mismatch": "Die beiden Passwörter stimmen nicht überein",
    "resetPassword": "Passwort zurücksetzen",
    "add": "Konto hinzufügen"
  },
  "menus": {
    "title": "Menüs",
    "menuId": "Menü-ID",
    "menuType": "Typ",
    "group": "Gruppe",
    "page": "Seite",
    "link": "Link",
    "sortWeight": "Sortiergewicht",
    "routePath": "Routenpfad",
    "icon": "Symbol",
    "parentMenuId": "Übergeordnete Menü-ID",
    "scope": "Geltungsbereich",
    "platform": "Plattform",
    "tenant": "Unternehmen",
    "source": "Herkunft",
    "add": "Menü hinzufügen",
    "buttons": "Schaltflächen"
  },
  "buttons": {
    "title": "Schaltflächen",
    "action": "Aktion",
    "buttonType": "Schaltflächentyp",
    "requestUrl": "Anfrage-URL",
    "description": "Beschreibung",
    "add": "Schaltfläche hinzufügen"
  },
  "regions": {
    "title": "Regionen",
    "regionEn": "Englischer Bezeichner",
    "regionFullEn": "Englischer Name",
    "regionCh": "Chinesischer Name",
    "regionAbbrEn": "Englisches Kürzel",
    "regionAbbrShort": "Kurzkürzel",
    "pinyin": "Pinyin",
    "parentId": "Übergeordnete Region",
    "add": "Region hinzufügen"
  },
  "languages": {
    "title": "Sprachen",
    "nameEn": "Englischer Name",
    "isDefault": "Standard",
    "add": "Sprache hinzufügen"
  },
  "areas": {
    "title": "Servicebereiche",
    "areaCode": "Bereichscode",
    "areaName": "Bereich",
    "defaultOpen": "Standardmäßig offen",
    "add": "Servicebereich hinzufügen"
  },
  "records": {
    "title": "Vorgänge",
    "operation": "Vorgang",
    "method": "Methode",
    "path": "Pfad",
    "ip": "IP",
    "data": "Daten",
    "code": "Ergebniscode"
  },
  "loginLogs": {
    "title": "Anmeldungen",
    "userAgent": "User-Agent",
    "loginAt": "Angemeldet",
    "logoutAt": "Abgemeldet",
    "success": "Erfolgreich",
    "bad_credentials": "Falsches Passwort",
    "locked": "Gesperrt",
    "disabled": "Deaktiviert"
  },
  "plugins": {
    "title": "Plugins",
    "version": "Version",
    "contract": "Vertrag",
    "mount": "API-Pfad",
    "loaded": "Geladen",
    "failed": "Fehlgeschlagen",
    "calls": "Aufrufe",
    "traps": "Abbrüche",
    "timeouts": "Zeitüberschreitungen",
    "memory": "Speicherspitze",
    "enabledByDefault": "Standardmäßig aktiv",
    "enterprises": "Unternehmen",
    "enableFor": "Nutzung von „{{name}}“ je Unternehmen",
    "reloaded": "Neu geladen",
    "deviceKeys": "Geräteschlüssel",
    "deviceKeysFor": "Geräteschlüssel von „{{name}}“",
    "platformDevices": "Eigene Geräte der Plattform",
    "keyName": "Schlüsselname",
    "keyHint": "Endet auf",
    "lastUsed": "Zuletzt verwendet",
    "never": "Nie",
    "issue": "Schlüssel ausstellen",
    "issued": "Kopieren Sie den Schlüssel jetzt: Er wird nur dieses eine Mal angezeigt.",
    "revoke": "Widerrufen",
    "deviceKeysHint": "Geräte, Apps und Medienserver rufen die Geräterouten des Plugins unter /api/device/{{mount}}/... mit dem Header authorization: Device <Schlüssel> auf."
  },
  "personal": {
    "title": "Persönlicher Bereich",
    "oldPassword": "Aktuelles Passwort",
    "newPassword": "Neues Passwort",
    "changePassword": "Passwort ändern",
    "changed": "Passwort geändert; bitte melden Sie sich erneut an."
  }
};

export default de;
