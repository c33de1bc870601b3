// Layout, sign-in, menus and common actions; other texts fall back to English.
const pt = {
  "app": {
    "product": "Consola de dispositivos"
  },
  "menu": {
    "1": "Guia de utilização",
    "100": "Empresa",
    "101": "Empresas",
    "102": "Departamentos",
    "103": "Funções",
    "104": "Contas",
    "105": "Centro pessoal",
    "200": "Definições",
    "201": "Menus",
    "202": "Botões",
    "203": "Áreas de serviço",
    "204": "Idiomas",
    "205": "Plugins",
    "300": "Regiões",
    "301": "Lista de regiões",
    "400": "Registos",
    "401": "Operações",
    "402": "Inícios de sessão"
  },
  "layout": {
    "logout": "Terminar sessão",
    "personalCenter": "Centro pessoal",
    "allTenants": "Todas as empresas",
    "tenant": "Empresa",
    "switchAllTitle": "Aviso",
    "switchAllContent": "Agir por todas as empresas? As listas mostrarão os dados de todas.",
    "language": "Idioma",
    "closeOthers": "Fechar outros",
    "closeAll": "Fechar todos",
    "home": "Início"
  },
  "login": {
    "title": "Entrar na consola",
    "subtitle": "Produtos, dispositivos e serviços num só lugar",
    "userName": "Utilizador",
    "userNameHint": "Contas de empresa: nome@SIGLA (a sigla em inglês da empresa)",
    "password": "Palavra-passe",
    "submit": "Entrar",
    "required": "Obrigatório"
  },
  "common": {
    "add": "Adicionar",
    "edit": "Editar",
    "delete": "Eliminar",
    "enable": "Ativar",
    "disable": "Desativar",
    "actions": "Ações",
    "status": "Estado",
    "enabled": "Ativo",
    "disabled": "Desativado"
  }
};

export default pt;
