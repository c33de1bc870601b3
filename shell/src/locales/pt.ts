// The shell's texts in this language; `Strings` makes the compiler require every key English has.
import type { Strings } from './en';

const pt: Strings = {
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
    "switchAllContent": "Agir por todas as empresas? As listas mostrarão os dados de todas as empresas, e os novos registos pertencerão à plataforma.",
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
    "disabled": "Desativado",
    "yes": "Sim",
    "no": "Não",
    "name": "Nome",
    "code": "Código",
    "remark": "Observações",
    "type": "Tipo",
    "createdAt": "Criado",
    "updatedAt": "Alterado",
    "saved": "Guardado",
    "deleted": "Eliminado",
    "keyword": "Palavra-chave",
    "from": "De",
    "to": "Até",
    "grant": "Permissões",
    "detail": "Detalhes",
    "reload": "Recarregar",
    "confirmDisable": "Desativar «{{name}}»?",
    "confirmEnable": "Ativar «{{name}}»?",
    "user": "Utilizador",
    "time": "Hora",
    "result": "Resultado",
    "all": "Todos"
  },
  "errors": {
    "systemException": "Exceção do sistema, tente novamente mais tarde.",
    "remoteFailed": "Não foi possível carregar esta página",
    "remoteFailedHint": "A funcionalidade «{{name}}» não está disponível de momento. O resto da consola funciona; tente mais tarde.",
    "retry": "Tentar de novo"
  },
  "guide": {
    "title": "Bem-vindo à consola de dispositivos",
    "intro": "Gira empresas, contas, permissões e cada funcionalidade que a sua empresa ativou.",
    "steps": [
      "Escolha no cabeçalho a empresa pela qual atua (utilizadores da plataforma).",
      "Abra uma página a partir do menu; as páginas ficam abertas como separadores.",
      "Os botões só aparecem para as ações que as suas funções permitem."
    ]
  },
  "tenants": {
    "title": "Empresas",
    "tenantName": "Nome curto",
    "fullName": "Nome completo",
    "abbrEn": "Sigla em inglês",
    "creditCode": "Código unificado de crédito social",
    "description": "Descrição",
    "disabledUntil": "Desativada até",
    "disableUntilHint": "Deixe vazio para desativar até voltar a ser ativada",
    "add": "Adicionar empresa"
  },
  "departments": {
    "title": "Departamentos",
    "parent": "Departamento superior",
    "level": "Nível",
    "add": "Adicionar departamento",
    "top": "Nível superior"
  },
  "roles": {
    "title": "Funções",
    "roleType": "Tipo de função",
    "ordinary": "Normal",
    "administrator": "Administrador",
    "add": "Adicionar função",
    "grantTitle": "Permissões de «{{name}}»",
    "adminAll": "Uma função de administrador tem todas as permissões da sua empresa."
  },
  "accounts": {
    "title": "Contas",
    "userName": "Utilizador",
    "name": "Nome",
    "department": "Departamento",
    "phone": "Telefone",
    "email": "Email",
    "accountType": "Tipo de conta",
    "development": "Desenvolvimento",
    "operation": "Operação",
    "test": "Teste",
    "roles": "Funções",
    "password": "Palavra-passe",
    "confirmPassword": "Confirmar palavra-passe",
    "passwordRule": "6 a 18 caracteres combinando letras, números e caracteres especiais",
    "mismatch": "As duas palavras-passe não coincidem",
    "resetPassword": "Repor palavra-passe",
    "add": "Adicionar conta"
  },
  "menus": {
    "title": "Menus",
    "menuId": "ID do menu",
    "menuType": "Tipo",
    "group": "Grupo",
    "page": "Página",
    "link": "Ligação",
    "sortWeight": "Peso de ordenação",
    "routePath": "Caminho da rota",
    "icon": "Ícone",
    "parentMenuId": "ID do menu superior",
    "scope": "Âmbito",
    "platform": "Plataforma",
    "tenant": "Empresa",
    "source": "Origem",
    "add": "Adicionar menu",
    "buttons": "Botões"
  },
  "buttons": {
    "title": "Botões",
    "action": "Ação",
    "buttonType": "Tipo de botão",
    "requestUrl": "URL do pedido",
    "description": "Descrição",
    "add": "Adicionar botão"
  },
  "regions": {
    "title": "Regiões",
    "regionEn": "Identificador em inglês",
    "regionFullEn": "Nome completo em inglês",
    "regionCh": "Nome em chinês",
    "regionAbbrEn": "Sigla em inglês",
    "regionAbbrShort": "Sigla curta",
    "pinyin": "Pinyin",
    "parentId": "Região superior",
    "add": "Adicionar região"
  },
  "languages": {
    "title": "Idiomas",
    "nameEn": "Nome em inglês",
    "isDefault": "Predefinido",
    "add": "Adicionar idioma"
  },
  "areas": {
    "title": "Áreas de serviço",
    "areaCode": "Código da área",
    "areaName": "Área",
    "defaultOpen": "Aberta por predefinição",
    "add": "Adicionar área de serviço"
  },
  "records": {
    "title": "Registo de operações",
    "operation": "Operação",
    "method": "Método",
    "path": "Caminho",
    "ip": "IP",
    "data": "Dados",
    "code": "Código de resultado"
  },
  "loginLogs": {
    "title": "Registo de inícios de sessão",
    "userAgent": "Agente do utilizador",
    "loginAt": "Início de sessão",
    "logoutAt": "Fim de sessão",
    "success": "Com êxito",
    "bad_credentials": "Palavra-passe errada",
    "locked": "Bloqueado",
    "disabled": "Desativado"
  },
  "plugins": {
    "title": "Plugins",
    "version": "Versão",
    "contract": "Contrato",
    "mount": "Caminho da API",
    "loaded": "Carregado",
    "failed": "Falhou",
    "calls": "Chamadas",
    "traps": "Interrupções",
    "timeouts": "Tempos esgotados",
    "memory": "Pico de memória",
    "enabledByDefault": "Ativo por predefinição",
    "enterprises": "Empresas",
    "enableFor": "Utilização de «{{name}}» por empresa",
    "reloaded": "Recarregado",
    "deviceKeys": "Chaves de dispositivo",
    "deviceKeysFor": "Chaves de dispositivo de «{{name}}»",
    "platformDevices": "Dispositivos da própria plataforma",
    "keyName": "Nome da chave",
    "keyHint": "Termina em",
    "lastUsed": "Última utilização",
    "never": "Nunca",
    "issue": "Emitir uma chave",
    "issued": "Copie a chave agora: só é mostrada desta vez.",
    "revoke": "Revogar",
    "deviceKeysHint": "Dispositivos, apps e servidores multimédia chamam as rotas de dispositivo do plugin em /api/device/{{mount}}/... com o cabeçalho authorization: Device <chave>."
  },
  "personal": {
    "title": "Centro pessoal",
    "oldPassword": "Palavra-passe atual",
    "newPassword": "Nova palavra-passe",
    "changePassword": "Alterar palavra-passe",
    "changed": "Palavra-passe alterada; inicie sessão novamente."
  }
};

export default pt;
