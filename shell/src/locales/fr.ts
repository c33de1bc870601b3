// Layout, sign-in, menus and common actions; other texts fall back to English.
const fr = {
  "app": {
    "product": "Console des appareils"
  },
  "menu": {
    "1": "Guide d’utilisation",
    "100": "Entreprise",
    "101": "Entreprises",
    "102": "Services",
    "103": "Rôles",
    "104": "Comptes",
    "105": "Espace personnel",
    "200": "Paramètres",
    "201": "Menus",
    "202": "Boutons",
    "203": "Zones de service",
    "204": "Langues",
    "205": "Extensions",
    "300": "Régions",
    "301": "Liste des régions",
    "400": "Journaux",
    "401": "Opérations",
    "402": "Connexions"
  },
  "layout": {
    "logout": "Se déconnecter",
    "personalCenter": "Espace personnel",
    "allTenants": "Toutes les entreprises",
    "tenant": "Entreprise",
    "switchAllTitle": "Invite",
    "switchAllContent": "Agir pour toutes les entreprises ? Les listes montreront les données de toutes.",
    "language": "Langue",
    "closeOthers": "Fermer les autres",
    "closeAll": "Tout fermer",
    "home": "Accueil"
  },
  "login": {
    "title": "Connexion à la console",
    "subtitle": "Produits, appareils et services au même endroit",
    "userName": "Nom d’utilisateur",
    "userNameHint": "Comptes d’entreprise : nom@SIGLE (le sigle anglais de l’entreprise)",
    "password": "Mot de passe",
    "submit": "Se connecter",
    "required": "Obligatoire"
  },
  "common": {
    "add": "Ajouter",
    "edit": "Modifier",
    "delete": "Supprimer",
    "enable": "Activer",
    "disable": "Désactiver",
    "actions": "Actions",
    "status": "Statut",
    "enabled": "Activé",
    "disabled": "Désactivé"
  }
};

export default fr;
