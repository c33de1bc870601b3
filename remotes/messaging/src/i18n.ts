import type { Resources } from '@console/sdk';

const en = {
  servers: 'Mail servers', serverName: 'Server name', mailType: 'Mail type', mailType_aliyun: 'Alibaba Cloud', mailType_amazon: 'Amazon', mailType_163: '163', mailType_other: 'Other',
  domain: 'SMTP server', port: 'Port', ssl: 'SSL', tls12: 'TLSv1.2 (STARTTLS)', senderAddress: 'Sender address', senderName: 'Sender name', password: 'Password',
  keepPassword: 'Leave empty to keep the stored password', addServer: 'Add server', sendTest: 'Send test mail', to: 'Recipients', toHint: 'One address per line',
  template: 'Template', values: 'Placeholder values', valuesHint: 'One per line: name=value',
  templates: 'Mail templates', templateName: 'Template name', lang: 'Language', subject: 'Subject', content: 'Content', headerSignature: 'Signature', placeholders: 'Placeholders',
  contentHint: 'HTML; {{example}} inserts a value: declare each one below', addTemplate: 'Add template',
  records: 'Email records', status: 'Status', status_sent: 'Sent', status_failed: 'Failed', status_pending: 'Pending', error: 'Error', attempts: 'Attempts', time: 'Time', retry: 'Retry',
  sent: 'Sent', failed: 'Not sent: {{error}}', edit: 'Edit', actions: 'Actions', saved: 'Saved',
};

const zhCn: typeof en = {
  servers: '邮件服务器', serverName: '服务器名称', mailType: '邮件类型', mailType_aliyun: '阿里云', mailType_amazon: '亚马逊', mailType_163: '163', mailType_other: '其他',
  domain: 'SMTP 服务器', port: '端口', ssl: 'SSL', tls12: 'TLSv1.2（STARTTLS）', senderAddress: '发件人地址', senderName: '发件人名称', password: '密码',
  keepPassword: '留空则保留已存的密码', addServer: '新增服务器', sendTest: '发送测试邮件', to: '收件人', toHint: '每行一个地址',
  template: '模板', values: '占位符取值', valuesHint: '每行一个：名称=值',
  templates: '邮件模板', templateName: '模板名称', lang: '语言', subject: '主题', content: '内容', headerSignature: '签名', placeholders: '占位符',
  contentHint: 'HTML；{{example}} 插入取值，须在下方声明', addTemplate: '新增模板',
  records: '邮件记录', status: '状态', status_sent: '已发送', status_failed: '失败', status_pending: '待发送', error: '错误', attempts: '尝试次数', time: '时间', retry: '重发',
  sent: '已发送', failed: '发送失败：{{error}}', edit: '修改', actions: '操作', saved: '保存成功',
};

const de: Partial<typeof en> = { servers: 'Mailserver', templates: 'Mailvorlagen', records: 'E-Mail-Protokoll', sendTest: 'Testmail senden', retry: 'Erneut senden', actions: 'Aktionen', edit: 'Bearbeiten' };
const es: Partial<typeof en> = { servers: 'Servidores de correo', templates: 'Plantillas de correo', records: 'Registro de correos', sendTest: 'Enviar correo de prueba', retry: 'Reintentar', actions: 'Acciones', edit: 'Editar' };
const fr: Partial<typeof en> = { servers: 'Serveurs de messagerie', templates: 'Modèles de courriel', records: 'Journal des courriels', sendTest: 'Envoyer un test', retry: 'Réessayer', actions: 'Actions', edit: 'Modifier' };
const pt: Partial<typeof en> = { servers: 'Servidores de correio', templates: 'Modelos de correio', records: 'Registo de emails', sendTest: 'Enviar email de teste', retry: 'Repetir', actions: 'Ações', edit: 'Editar' };
const ru: Partial<typeof en> = { servers: 'Почтовые серверы', templates: 'Шаблоны писем', records: 'Журнал писем', sendTest: 'Отправить тестовое письмо', retry: 'Повторить', actions: 'Действия', edit: 'Изменить' };

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };

/** `name=value` lines as an object. */
export const pairs = (text?: string) =>
  Object.fromEntries(
    (text ?? '')
      .split('\n')
      .map((line) => line.split('='))
      .filter((parts) => parts.length >= 2 && parts[0].trim())
      .map(([name, ...value]) => [name.trim(), value.join('=').trim()]),
  );
