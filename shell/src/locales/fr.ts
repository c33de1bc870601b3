// The shell's texts in this language; `Strings` makes the compiler require every key English has.
import type { Strings } from './en';

const fr: Strings = {
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
    "switchAllTitle": "Confirmation",
    "switchAllContent": "Agir pour toutes les entreprises ? Les listes montreront les données de toutes les entreprises, et les nouveaux enregistrements appartiendront à la plateforme.",
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
    "disabled": "Désactivé",
    "yes": "Oui",
    "no": "Non",
    "name": "Nom",
    "code": "Code",
    "remark": "Remarque",
    "type": "Type",
    "createdAt": "Créé le",
    "updatedAt": "Modifié le",
    "saved": "Enregistré",
    "deleted": "Supprimé",
    "keyword": "Mot-clé",
    "from": "Du",
    "to": "Au",
    "grant": "Autorisations",
    "detail": "Détails",
    "reload": "Recharger",
    "confirmDisable": "Désactiver « {{name}} » ?",
    "confirmEnable": "Activer « {{name}} » ?",
    "user": "Utilisateur",
    "time": "Heure",
    "result": "Résultat",
    "all": "Tous"
  },
  "errors": {
    "systemException": "Exception système, veuillez réessayer plus tard.",
    "remoteFailed": "Cette page n’a pas pu être chargée",
    "remoteFailedHint": "La fonction « {{name}} » est indisponible pour le moment. Le reste de la console fonctionne ; réessayez plus tard.",
    "retry": "Réessayer"
  },
  "guide": {
    "title": "Bienvenue dans la console des appareils",
    "intro": "Gérez les entreprises, les comptes, les autorisations et chaque fonction activée par votre entreprise.",
    "steps": [
      "Choisissez dans l’en-tête l’entreprise pour laquelle vous agissez (utilisateurs de la plateforme).",
      "Ouvrez une page depuis le menu ; les pages restent ouvertes en onglets.",
      "Les boutons n’apparaissent que pour les actions que vos rôles autorisent."
    ]
  },
  "tenants": {
    "title": "Entreprises",
    "tenantName": "Nom court",
    "fullName": "Raison sociale",
    "abbrEn": "Sigle anglais",
    "creditCode": "Code unifié de crédit social",
    "description": "Description",
    "disabledUntil": "Désactivée jusqu’au",
    "disableUntilHint": "Laisser vide pour désactiver jusqu’à la réactivation",
    "add": "Ajouter une entreprise"
  },
  "departments": {
    "title": "Services",
    "parent": "Service parent",
    "level": "Niveau",
    "add": "Ajouter un service",
    "top": "Niveau supérieur"
  },
  "roles": {
    "title": "Rôles",
    "roleType": "Type de rôle",
    "ordinary": "Ordinaire",
    "administrator": "Administrateur",
    "add": "Ajouter un rôle",
    "grantTitle": "Autorisations de « {{name}} »",
    "adminAll": "Un rôle d’administrateur détient toutes les autorisations de son entreprise."
  },
  "accounts": {
    "title": "Comptes",
    "userName": "Nom d’utilisateur",
    "name": "Nom",
    "department": "Service",
    "phone": "Téléphone",
    "email": "E-mail",
    "accountType": "Type de compte",
    "development": "Développement",
    "operation": "Exploitation",
    "test": "Test",
    "roles": "Rôles",
    "password": "Mot de passe",
    "confirmPassword": "Confirmer le mot de passe",
    "passwordRule": "6 à 18 caractères mêlant lettres, chiffres et caractères spéciaux",
    "mismatch": "Les deux mots de passe ne correspondent pas",
    "resetPassword": "Réinitialiser le mot de passe",
    "add": "Ajouter un compte"
  },
  "menus": {
    "title": "Menus",
    "menuId": "ID du menu",
    "menuType": "Type",
    "group": "Groupe",
    "page": "Page",
    "link": "Lien",
    "sortWeight": "Poids de tri",
    "routePath": "Chemin de route",
    "icon": "Icône",
    "parentMenuId": "ID du menu parent",
    "scope": "Portée",
    "platform": "Plateforme",
    "tenant": "Entreprise",
    "source": "Origine",
    "add": "Ajouter un menu",
    "buttons": "Boutons"
  },
  "buttons": {
    "title": "Boutons",
    "action": "Action",
    "buttonType": "Type de bouton",
    "requestUrl": "URL de requête",
    "description": "Description",
    "add": "Ajouter un bouton"
  },
  "regions": {
    "title": "Régions",
    "regionEn": "Identifiant anglais",
    "regionFullEn": "Nom complet en anglais",
    "regionCh": "Nom chinois",
    "regionAbbrEn": "Sigle anglais",
    "regionAbbrShort": "Sigle court",
    "pinyin": "Pinyin",
    "parentId": "Région parente",
    "add": "Ajouter une région"
  },
  "languages": {
    "title": "Langues",
    "nameEn": "Nom anglais",
    "isDefault": "Par défaut",
    "add": "Ajouter une langue"
  },
  "areas": {
    "title": "Zones de service",
    "areaCode": "Code de zone",
    "areaName": "Zone",
    "defaultOpen": "Ouverte par défaut",
    "add": "Ajouter une zone de service"
  },
  "records": {
    "title": "Journal des opérations",
    "operation": "Opération",
    "method": "Méthode",
    "path": "Chemin",
    "ip": "IP",
    "data": "Données",
    "code": "Code de résultat"
  },
  "loginLogs": {
    "title": "Journal des connexions",
    "userAgent": "Agent utilisateur",
    "loginAt": "Connexion",
    "logoutAt": "Déconnexion",
    "success": "Réussie",
    "bad_credentials": "Mot de passe erroné",
    "locked": "Verrouillé",
    "disabled": "Désactivé"
  },
  "plugins": {
    "title": "Plugins",
    "version": "Version",
    "contract": "Contrat",
    "mount": "Chemin de l’API",
    "loaded": "Chargé",
    "failed": "Échec",
    "calls": "Appels",
    "traps": "Interruptions",
    "timeouts": "Délais dépassés",
    "memory": "Pic de mémoire",
    "enabledByDefault": "Actif par défaut",
    "enterprises": "Entreprises",
    "enableFor": "Utilisation de « {{name}} » par entreprise",
    "reloaded": "Rechargé",
    "deviceKeys": "Clés d’appareil",
    "deviceKeysFor": "Clés d’appareil de « {{name}} »",
    "platformDevices": "Appareils propres à la plateforme",
    "keyName": "Nom de la clé",
    "keyHint": "Se termine par",
    "lastUsed": "Dernière utilisation",
    "never": "Jamais",
    "issue": "Émettre une clé",
    "issued": "Copiez la clé maintenant : elle n’est affichée qu’une seule fois.",
    "revoke": "Révoquer",
    "deviceKeysHint": "Les appareils, applications et serveurs multimédias appellent les routes d’appareil du plugin sur /api/device/{{mount}}/... avec l’en-tête authorization: Device <clé>."
  },
  "personal": {
    "title": "Espace personnel",
    "oldPassword": "Mot de passe actuel",
    "newPassword": "Nouveau mot de passe",
    "changePassword": "Changer le mot de passe",
    "changed": "Mot de passe modifié ; veuillez vous reconnecter."
  }
};

export default fr;
