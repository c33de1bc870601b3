// The shell's texts in this language; `Strings` makes the compiler require every key English has.
import type { Strings } from './en';

const es: Strings = {
  "app": {
    "product": "Consola de dispositivos"
  },
  "menu": {
    "1": "Guía de uso",
    "100": "Empresa",
    "101": "Empresas",
    "102": "Departamentos",
    "103": "Roles",
    "104": "Cuentas",
    "105": "Centro personal",
    "200": "Configuración",
    "201": "Menús",
    "202": "Botones",
    "203": "Áreas de servicio",
    "204": "Idiomas",
    "205": "Complementos",
    "300": "Regiones",
    "301": "Lista de regiones",
    "400": "Registros",
    "401": "Operaciones",
    "402": "Inicios de sesión"
  },
  "layout": {
    "logout": "Cerrar sesión",
    "personalCenter": "Centro personal",
    "allTenants": "Todas las empresas",
    "tenant": "Empresa",
    "switchAllTitle": "Aviso",
    "switchAllContent": "¿Actuar para todas las empresas? Las listas mostrarán los datos de todas las empresas, y los registros nuevos pertenecerán a la plataforma.",
    "language": "Idioma",
    "closeOthers": "Cerrar otras",
    "closeAll": "Cerrar todas",
    "home": "Inicio"
  },
  "login": {
    "title": "Iniciar sesión en la consola",
    "subtitle": "Productos, dispositivos y servicios en un solo lugar",
    "userName": "Usuario",
    "userNameHint": "Cuentas de empresa: nombre@SIGLA (la sigla en inglés de la empresa)",
    "password": "Contraseña",
    "submit": "Entrar",
    "required": "Obligatorio"
  },
  "common": {
    "add": "Añadir",
    "edit": "Editar",
    "delete": "Eliminar",
    "enable": "Activar",
    "disable": "Desactivar",
    "actions": "Acciones",
    "status": "Estado",
    "enabled": "Activado",
    "disabled": "Desactivado",
    "yes": "Sí",
    "no": "No",
    "name": "Nombre",
    "code": "Código",
    "remark": "Observaciones",
    "type": "Tipo",
    "createdAt": "Creado",
    "updatedAt": "Modificado",
    "saved": "Guardado",
    "deleted": "Eliminado",
    "keyword": "Palabra clave",
    "from": "Desde",
    "to": "Hasta",
    "grant": "Permisos",
    "detail": "Detalles",
    "reload": "Recargar",
    "confirmDisable": "¿Desactivar «{{name}}»?",
    "confirmEnable": "¿Activar «{{name}}»?",
    "user": "Usuario",
    "time": "Hora",
    "result": "Resultado",
    "all": "Todos"
  },
  "errors": {
    "systemException": "Excepción del sistema, inténtelo más tarde.",
    "remoteFailed": "No se pudo cargar esta página",
    "remoteFailedHint": "La función «{{name}}» no está disponible ahora. El resto de la consola funciona; inténtelo más tarde.",
    "retry": "Reintentar"
  },
  "guide": {
    "title": "Bienvenido a la consola de dispositivos",
    "intro": "Gestione empresas, cuentas, permisos y cada función que su empresa haya activado.",
    "steps": [
      "Elija en la cabecera la empresa para la que actúa (usuarios de la plataforma).",
      "Abra una página desde el menú; las páginas quedan abiertas como pestañas.",
      "Los botones aparecen solo para las acciones que permiten sus roles."
    ]
  },
  "tenants": {
    "title": "Empresas",
    "tenantName": "Nombre corto",
    "fullName": "Nombre completo",
    "abbrEn": "Sigla en inglés",
    "creditCode": "Código unificado de crédito social",
    "description": "Descripción",
    "disabledUntil": "Desactivada hasta",
    "disableUntilHint": "Déjelo vacío para desactivarla hasta que se vuelva a activar",
    "add": "Añadir empresa"
  },
  "departments": {
    "title": "Departamentos",
    "parent": "Departamento superior",
    "level": "Nivel",
    "add": "Añadir departamento",
    "top": "Nivel superior"
  },
  "roles": {
    "title": "Roles",
    "roleType": "Tipo de rol",
    "ordinary": "Normal",
    "administrator": "Administrador",
    "add": "Añadir rol",
    "grantTitle": "Permisos de «{{name}}»",
    "adminAll": "Un rol de administrador tiene todos los permisos de su empresa."
  },
  "accounts": {
    "title": "Cuentas",
    "userName": "Usuario",
    "name": "Nombre",
    "department": "Departamento",
    "phone": "Teléfono",
    "email": "Correo electrónico",
    "accountType": "Tipo de cuenta",
    "development": "Desarrollo",
    "operation": "Operación",
    "test": "Prueba",
    "roles": "Roles",
    "password": "Contraseña",
    "confirmPassword": "Confirmar contraseña",
    "passwordRule": "De 6 a 18 caracteres que combinen letras, números y caracteres especiales",
    "mismatch": "Las dos contraseñas no coinciden",
    "resetPassword": "Restablecer contraseña",
    "add": "Añadir cuenta"
  },
  "menus": {
    "title": "Menús",
    "menuId": "ID de menú",
    "menuType": "Tipo",
    "group": "Grupo",
    "page": "Página",
    "link": "Enlace",
    "sortWeight": "Peso de orden",
    "routePath": "Ruta",
    "icon": "Icono",
    "parentMenuId": "ID del menú superior",
    "scope": "Ámbito",
    "platform": "Plataforma",
    "tenant": "Empresa",
    "source": "Origen",
    "add": "Añadir menú",
    "buttons": "Botones"
  },
  "buttons": {
    "title": "Botones",
    "action": "Acción",
    "buttonType": "Tipo de botón",
    "requestUrl": "URL de la solicitud",
    "description": "Descripción",
    "add": "Añadir botón"
  },
  "regions": {
    "title": "Regiones",
    "regionEn": "Identificador en inglés",
    "regionFullEn": "Nombre completo en inglés",
    "regionCh": "Nombre en chino",
    "regionAbbrEn": "Sigla en inglés",
    "regionAbbrShort": "Sigla corta",
    "pinyin": "Pinyin",
    "parentId": "Región superior",
    "add": "Añadir región"
  },
  "languages": {
    "title": "Idiomas",
    "nameEn": "Nombre en inglés",
    "isDefault": "Predeterminado",
    "add": "Añadir idioma"
  },
  "areas": {
    "title": "Áreas de servicio",
    "areaCode": "Código de área",
    "areaName": "Área",
    "defaultOpen": "Abierta por defecto",
    "add": "Añadir área de servicio"
  },
  "records": {
    "title": "Registro de operaciones",
    "operation": "Operación",
    "method": "Método",
    "path": "Ruta",
    "ip": "IP",
    "data": "Datos",
    "code": "Código de resultado"
  },
  "loginLogs": {
    "title": "Registro de inicios de sesión",
    "userAgent": "Agente de usuario",
    "loginAt": "Inicio de sesión",
    "logoutAt": "Cierre de sesión",
    "success": "Correcto",
    "bad_credentials": "Contraseña incorrecta",
    "locked": "Bloqueado",
    "disabled": "Desactivado"
  },
  "plugins": {
    "title": "Plugins",
    "version": "Versión",
    "contract": "Contrato",
    "mount": "Ruta de la API",
    "loaded": "Cargado",
    "failed": "Fallido",
    "calls": "Llamadas",
    "traps": "Interrupciones",
    "timeouts": "Tiempos agotados",
    "memory": "Pico de memoria",
    "enabledByDefault": "Activado por defecto",
    "enterprises": "Empresas",
    "enableFor": "Uso de «{{name}}» por empresa",
    "reloaded": "Recargado",
    "deviceKeys": "Claves de dispositivo",
    "deviceKeysFor": "Claves de dispositivo de «{{name}}»",
    "platformDevices": "Dispositivos propios de la plataforma",
    "keyName": "Nombre de la clave",
    "keyHint": "Termina en",
    "lastUsed": "Último uso",
    "never": "Nunca",
    "issue": "Emitir una clave",
    "issued": "Copie la clave ahora: solo se muestra esta vez.",
    "revoke": "Revocar",
    "deviceKeysHint": "Los dispositivos, apps y servidores multimedia llaman a las rutas de dispositivo del plugin en /api/device/{{mount}}/... con la cabecera authorization: Device <clave>."
  },
  "personal": {
    "title": "Centro personal",
    "oldPassword": "Contraseña actual",
    "newPassword": "Contraseña nueva",
    "changePassword": "Cambiar contraseña",
    "changed": "Contraseña cambiada; vuelva a iniciar sesión."
  }
};

export default es;
