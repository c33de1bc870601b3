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
  sms: 'SMS', platforms: 'Platforms', platformName: 'Platform', endpoint: 'Endpoint', apiKey: 'API key', smsTemplates: 'Templates', sendType: 'Send type',
  platformTemplateId: 'Platform template ID', signature: 'Signature', sendRecords: 'Send records', phones: 'Phones (86-13800000000, one per line)', phone: 'Phone',
  params: 'Parameters', add: 'Add', send: 'Send',
  push: 'Push', configs: 'Configurations', configName: 'Name', pushType: 'Push type', appKey: 'App key', secret: 'Secret', credentialsJson: 'Credential file (JSON)',
  active: 'Active', overseas: 'Overseas', title: 'Title', clients: 'Clients', registerId: 'Register ID', alias: 'Alias', label: 'Label', targets: 'Register IDs or aliases, one per line',
  log: 'Message log', topic: 'Topic', messageType: 'Message type', actionType: 'Action type', deviceSn: 'Device SN', reportTime: 'Report time',
  alarms: 'Capacity alarms', threshold: 'Threshold (%)', capacity: 'Daily capacity', alarmCount: 'Alarms a day', intervalMinutes: 'Interval (minutes)', recipients: 'Recipients',
  signatures: 'Signatures', overseasConfigs: 'Overseas message configuration', remark: 'Remark',
  tasks: 'Email tasks', taskName: 'Task name', cycle: 'Cycle', daily: 'Daily', weekly: 'Weekly', firstRunAt: 'First run', lastRunAt: 'Last run', nextRunAt: 'Next run', server: 'Server',
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
  sms: '短信', platforms: '模板平台', platformName: '平台', endpoint: '接口地址', apiKey: 'API 密钥', smsTemplates: '短信模板', sendType: '发送类型',
  platformTemplateId: '平台模板 ID', signature: '短信签名', sendRecords: '发送记录', phones: '手机号（86-13800000000，每行一个）', phone: '手机号',
  params: '参数', add: '新增', send: '发送',
  push: '推送', configs: '推送配置', configName: '名称', pushType: '推送类型', appKey: 'App Key', secret: 'Secret', credentialsJson: '凭证文件（JSON）',
  active: '启用', overseas: '海外', title: '标题', clients: '推送客户端', registerId: 'Register ID', alias: '别名', label: '标签', targets: 'Register ID 或别名，每行一个',
  log: '消息日志', topic: 'Topic', messageType: '消息类型', actionType: '动作类型', deviceSn: '设备 SN', reportTime: '上报时间',
  alarms: '容量告警', threshold: '阈值（%）', capacity: '每日容量', alarmCount: '每日告警次数', intervalMinutes: '间隔（分钟）', recipients: '收件人',
  signatures: '短信签名', overseasConfigs: '海外消息配置', remark: '备注',
  tasks: '邮件任务', taskName: '任务名称', cycle: '周期', daily: '每天', weekly: '每周', firstRunAt: '首次执行', lastRunAt: '上次执行', nextRunAt: '下次执行', server: '服务器',
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
