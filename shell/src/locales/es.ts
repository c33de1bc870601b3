// Layout, sign-in, menus and common actions; other texts fall back to English.
const es = {
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
    "switchAllContent": "¿Actuar para todas las empresas? Las listas mostrarán los datos de todas.",
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
    "disabled": "Desactivado"
  }
};

export default es;
