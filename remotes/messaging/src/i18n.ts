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
  folderPath: 'Folder path', folderPathHint: 'Where the credential files live, e.g. certs/apns/prod', verificationPassword: 'Verification password', verificationPasswordHint: 'The credential file’s password; left empty, the stored one is kept', errorCode: 'Error code', errorCodeHint: 'The code this notice is for: a device error code such as E1024, or a code of your own for other notices', push: 'Push', configs: 'Configurations', configName: 'Name', pushType: 'Push type', appKey: 'App key', secret: 'Secret', credentialsJson: 'Credential file (JSON)',
  active: 'Active', overseas: 'Overseas', title: 'Title', clients: 'Clients', registerId: 'Register ID', alias: 'Alias', label: 'Label', targets: 'Register IDs or aliases, one per line',
  log: 'Message log', topic: 'Topic', messageType: 'Message type', actionType: 'Action type', deviceSn: 'Device SN', reportTime: 'Report time',
  alarmTime: 'Alarm time', alarmTimeHint: 'No alarm earlier in the day (HH:MM, UTC); 00:00 for any time.', anyTime: 'Any time', alarms: 'Capacity alarms', threshold: 'Threshold (%)', capacity: 'Daily capacity', alarmCount: 'Alarms a day', intervalMinutes: 'Interval (minutes)', recipients: 'Recipients',
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
  folderPath: '文件夹路径', folderPathHint: '凭证文件所在位置，如 certs/apns/prod', verificationPassword: '验证密码', verificationPasswordHint: '凭证文件的密码；留空则保留已保存的密码', errorCode: '错误码', errorCodeHint: '该通知对应的代码：设备错误码（如 E1024），其他通知可填写自定义代码', push: '推送', configs: '推送配置', configName: '名称', pushType: '推送类型', appKey: 'App Key', secret: 'Secret', credentialsJson: '凭证文件（JSON）',
  active: '启用', overseas: '海外', title: '标题', clients: '推送客户端', registerId: 'Register ID', alias: '别名', label: '标签', targets: 'Register ID 或别名，每行一个',
  log: '消息日志', topic: 'Topic', messageType: '消息类型', actionType: '动作类型', deviceSn: '设备 SN', reportTime: '上报时间',
  alarmTime: '告警时间', alarmTimeHint: '每天在此时间之前不发送告警（HH:MM，UTC）；填 00:00 表示任何时间。', anyTime: '任何时间', alarms: '容量告警', threshold: '阈值（%）', capacity: '每日容量', alarmCount: '每日告警次数', intervalMinutes: '间隔（分钟）', recipients: '收件人',
  signatures: '短信签名', overseasConfigs: '海外消息配置', remark: '备注',
  tasks: '邮件任务', taskName: '任务名称', cycle: '周期', daily: '每天', weekly: '每周', firstRunAt: '首次执行', lastRunAt: '上次执行', nextRunAt: '下次执行', server: '服务器',
};

const de: typeof en = {
  servers: 'Mailserver', serverName: 'Servername', mailType: 'Mailtyp', mailType_aliyun: 'Alibaba Cloud', mailType_amazon: 'Amazon', mailType_163: '163', mailType_other: 'Andere',
  domain: 'SMTP-Server', port: 'Port', ssl: 'SSL', tls12: 'TLSv1.2 (STARTTLS)', senderAddress: 'Absenderadresse', senderName: 'Absendername', password: 'Passwort',
  keepPassword: 'Leer lassen, um das gespeicherte Passwort zu behalten', addServer: 'Server hinzufügen', sendTest: 'Testmail senden', to: 'Empfänger', toHint: 'Eine Adresse pro Zeile',
  template: 'Vorlage', values: 'Platzhalterwerte', valuesHint: 'Einer pro Zeile: Name=Wert',
  templates: 'Mailvorlagen', templateName: 'Vorlagenname', lang: 'Sprache', subject: 'Betreff', content: 'Inhalt', headerSignature: 'Signatur', placeholders: 'Platzhalter',
  contentHint: 'HTML; {{example}} fügt einen Wert ein: jeden unten angeben', addTemplate: 'Vorlage hinzufügen',
  records: 'E-Mail-Protokoll', status: 'Status', status_sent: 'Gesendet', status_failed: 'Fehlgeschlagen', status_pending: 'Ausstehend', error: 'Fehler', attempts: 'Versuche', time: 'Zeit', retry: 'Erneut senden',
  sent: 'Gesendet', failed: 'Nicht gesendet: {{error}}', edit: 'Bearbeiten', actions: 'Aktionen', saved: 'Gespeichert',
  sms: 'SMS', platforms: 'Plattformen', platformName: 'Plattform', endpoint: 'Endpunkt', apiKey: 'API-Schlüssel', smsTemplates: 'Vorlagen', sendType: 'Versandart',
  platformTemplateId: 'Vorlagen-ID der Plattform', signature: 'Signatur', sendRecords: 'Versandprotokoll', phones: 'Telefonnummern (86-13800000000, eine pro Zeile)', phone: 'Telefon',
  params: 'Parameter', add: 'Hinzufügen', send: 'Senden',
  folderPath: 'Ordnerpfad', folderPathHint: 'Wo die Zugangsdateien liegen, z. B. certs/apns/prod', verificationPassword: 'Prüfpasswort', verificationPasswordHint: 'Das Passwort der Zugangsdatei; leer bleibt das gespeicherte erhalten', errorCode: 'Fehlercode', errorCodeHint: 'Der Code, für den diese Meldung gilt: ein Gerätefehlercode wie E1024 oder für andere Meldungen ein eigener Code', push: 'Push', configs: 'Konfigurationen', configName: 'Name', pushType: 'Push-Typ', appKey: 'App-Schlüssel', secret: 'Geheimnis', credentialsJson: 'Zugangsdatei (JSON)',
  active: 'Aktiv', overseas: 'Ausland', title: 'Titel', clients: 'Clients', registerId: 'Registrierungs-ID', alias: 'Alias', label: 'Label', targets: 'Registrierungs-IDs oder Aliasse, einer pro Zeile',
  log: 'Nachrichtenprotokoll', topic: 'Topic', messageType: 'Nachrichtentyp', actionType: 'Aktionstyp', deviceSn: 'Geräte-SN', reportTime: 'Meldezeit',
  alarmTime: 'Alarmzeit', alarmTimeHint: 'Kein Alarm früher am Tag (HH:MM, UTC); 00:00 für jederzeit.', anyTime: 'Jederzeit', alarms: 'Kapazitätsalarme', threshold: 'Schwellenwert (%)', capacity: 'Tageskapazität', alarmCount: 'Alarme pro Tag', intervalMinutes: 'Intervall (Minuten)', recipients: 'Empfänger',
  signatures: 'Signaturen', overseasConfigs: 'Nachrichtenkonfiguration Ausland', remark: 'Bemerkung',
  tasks: 'E-Mail-Aufgaben', taskName: 'Aufgabenname', cycle: 'Zyklus', daily: 'Täglich', weekly: 'Wöchentlich', firstRunAt: 'Erste Ausführung', lastRunAt: 'Letzte Ausführung', nextRunAt: 'Nächste Ausführung', server: 'Server',
};
const es: typeof en = {
  servers: 'Servidores de correo', serverName: 'Nombre del servidor', mailType: 'Tipo de correo', mailType_aliyun: 'Alibaba Cloud', mailType_amazon: 'Amazon', mailType_163: '163', mailType_other: 'Otro',
  domain: 'Servidor SMTP', port: 'Puerto', ssl: 'SSL', tls12: 'TLSv1.2 (STARTTLS)', senderAddress: 'Dirección del remitente', senderName: 'Nombre del remitente', password: 'Contraseña',
  keepPassword: 'Déjelo vacío para conservar la contraseña guardada', addServer: 'Añadir servidor', sendTest: 'Enviar correo de prueba', to: 'Destinatarios', toHint: 'Una dirección por línea',
  template: 'Plantilla', values: 'Valores de los marcadores', valuesHint: 'Uno por línea: nombre=valor',
  templates: 'Plantillas de correo', templateName: 'Nombre de la plantilla', lang: 'Idioma', subject: 'Asunto', content: 'Contenido', headerSignature: 'Firma', placeholders: 'Marcadores',
  contentHint: 'HTML; {{example}} inserta un valor: declare cada uno abajo', addTemplate: 'Añadir plantilla',
  records: 'Registro de correos', status: 'Estado', status_sent: 'Enviado', status_failed: 'Fallido', status_pending: 'Pendiente', error: 'Error', attempts: 'Intentos', time: 'Hora', retry: 'Reintentar',
  sent: 'Enviado', failed: 'No enviado: {{error}}', edit: 'Editar', actions: 'Acciones', saved: 'Guardado',
  sms: 'SMS', platforms: 'Plataformas', platformName: 'Plataforma', endpoint: 'Endpoint', apiKey: 'Clave de API', smsTemplates: 'Plantillas', sendType: 'Tipo de envío',
  platformTemplateId: 'ID de plantilla en la plataforma', signature: 'Firma', sendRecords: 'Registro de envíos', phones: 'Teléfonos (86-13800000000, uno por línea)', phone: 'Teléfono',
  params: 'Parámetros', add: 'Añadir', send: 'Enviar',
  folderPath: 'Ruta de carpeta', folderPathHint: 'Dónde están los archivos de credenciales, p. ej. certs/apns/prod', verificationPassword: 'Contraseña de verificación', verificationPasswordHint: 'La contraseña del archivo de credenciales; si se deja vacía, se conserva la guardada', errorCode: 'Código de error', errorCodeHint: 'El código al que corresponde este aviso: un código de error del dispositivo, como E1024, o uno propio para otros avisos', push: 'Push', configs: 'Configuraciones', configName: 'Nombre', pushType: 'Tipo de push', appKey: 'Clave de la app', secret: 'Secreto', credentialsJson: 'Archivo de credenciales (JSON)',
  active: 'Activa', overseas: 'Extranjero', title: 'Título', clients: 'Clientes', registerId: 'ID de registro', alias: 'Alias', label: 'Etiqueta', targets: 'ID de registro o alias, uno por línea',
  log: 'Registro de mensajes', topic: 'Tema', messageType: 'Tipo de mensaje', actionType: 'Tipo de acción', deviceSn: 'SN del dispositivo', reportTime: 'Hora del informe',
  alarmTime: 'Hora de alarma', alarmTimeHint: 'Ninguna alarma antes de esta hora del día (HH:MM, UTC); 00:00 para cualquier hora.', anyTime: 'Cualquier hora', alarms: 'Alarmas de capacidad', threshold: 'Umbral (%)', capacity: 'Capacidad diaria', alarmCount: 'Alarmas al día', intervalMinutes: 'Intervalo (minutos)', recipients: 'Destinatarios',
  signatures: 'Firmas', overseasConfigs: 'Configuración de mensajes en el extranjero', remark: 'Observaciones',
  tasks: 'Tareas de correo', taskName: 'Nombre de la tarea', cycle: 'Ciclo', daily: 'Diario', weekly: 'Semanal', firstRunAt: 'Primera ejecución', lastRunAt: 'Última ejecución', nextRunAt: 'Próxima ejecución', server: 'Servidor',
};
const fr: typeof en = {
  servers: 'Serveurs de messagerie', serverName: 'Nom du serveur', mailType: 'Type de messagerie', mailType_aliyun: 'Alibaba Cloud', mailType_amazon: 'Amazon', mailType_163: '163', mailType_other: 'Autre',
  domain: 'Serveur SMTP', port: 'Port', ssl: 'SSL', tls12: 'TLSv1.2 (STARTTLS)', senderAddress: 'Adresse de l’expéditeur', senderName: 'Nom de l’expéditeur', password: 'Mot de passe',
  keepPassword: 'Laisser vide pour conserver le mot de passe enregistré', addServer: 'Ajouter un serveur', sendTest: 'Envoyer un courriel de test', to: 'Destinataires', toHint: 'Une adresse par ligne',
  template: 'Modèle', values: 'Valeurs des variables', valuesHint: 'Une par ligne : nom=valeur',
  templates: 'Modèles de courriel', templateName: 'Nom du modèle', lang: 'Langue', subject: 'Objet', content: 'Contenu', headerSignature: 'Signature', placeholders: 'Variables',
  contentHint: 'HTML ; {{example}} insère une valeur : déclarez chacune ci-dessous', addTemplate: 'Ajouter un modèle',
  records: 'Journal des courriels', status: 'Statut', status_sent: 'Envoyé', status_failed: 'Échec', status_pending: 'En attente', error: 'Erreur', attempts: 'Tentatives', time: 'Heure', retry: 'Réessayer',
  sent: 'Envoyé', failed: 'Non envoyé : {{error}}', edit: 'Modifier', actions: 'Actions', saved: 'Enregistré',
  sms: 'SMS', platforms: 'Plateformes', platformName: 'Plateforme', endpoint: 'Point de terminaison', apiKey: 'Clé d’API', smsTemplates: 'Modèles', sendType: 'Type d’envoi',
  platformTemplateId: 'ID du modèle sur la plateforme', signature: 'Signature', sendRecords: 'Journal des envois', phones: 'Téléphones (86-13800000000, un par ligne)', phone: 'Téléphone',
  params: 'Paramètres', add: 'Ajouter', send: 'Envoyer',
  folderPath: 'Chemin du dossier', folderPathHint: 'Où se trouvent les fichiers d’identifiants, par ex. certs/apns/prod', verificationPassword: 'Mot de passe de vérification', verificationPasswordHint: 'Le mot de passe du fichier d’identifiants ; laissé vide, celui enregistré est conservé', errorCode: 'Code d’erreur', errorCodeHint: 'Le code que concerne cet avis : un code d’erreur de l’appareil comme E1024, ou un code à vous pour les autres avis', push: 'Push', configs: 'Configurations', configName: 'Nom', pushType: 'Type de push', appKey: 'Clé de l’app', secret: 'Secret', credentialsJson: 'Fichier d’identifiants (JSON)',
  active: 'Active', overseas: 'Étranger', title: 'Titre', clients: 'Clients', registerId: 'ID d’enregistrement', alias: 'Alias', label: 'Étiquette', targets: 'ID d’enregistrement ou alias, un par ligne',
  log: 'Journal des messages', topic: 'Sujet', messageType: 'Type de message', actionType: 'Type d’action', deviceSn: 'SN de l’appareil', reportTime: 'Heure du signalement',
  alarmTime: 'Heure d’alerte', alarmTimeHint: 'Aucune alerte plus tôt dans la journée (HH:MM, UTC) ; 00:00 pour toute heure.', anyTime: 'Toute heure', alarms: 'Alertes de capacité', threshold: 'Seuil (%)', capacity: 'Capacité quotidienne', alarmCount: 'Alertes par jour', intervalMinutes: 'Intervalle (minutes)', recipients: 'Destinataires',
  signatures: 'Signatures', overseasConfigs: 'Configuration des messages à l’étranger', remark: 'Remarque',
  tasks: 'Tâches de courriel', taskName: 'Nom de la tâche', cycle: 'Cycle', daily: 'Quotidien', weekly: 'Hebdomadaire', firstRunAt: 'Première exécution', lastRunAt: 'Dernière exécution', nextRunAt: 'Prochaine exécution', server: 'Serveur',
};
const pt: typeof en = {
  servers: 'Servidores de correio', serverName: 'Nome do servidor', mailType: 'Tipo de correio', mailType_aliyun: 'Alibaba Cloud', mailType_amazon: 'Amazon', mailType_163: '163', mailType_other: 'Outro',
  domain: 'Servidor SMTP', port: 'Porta', ssl: 'SSL', tls12: 'TLSv1.2 (STARTTLS)', senderAddress: 'Endereço do remetente', senderName: 'Nome do remetente', password: 'Palavra-passe',
  keepPassword: 'Deixe vazio para manter a palavra-passe guardada', addServer: 'Adicionar servidor', sendTest: 'Enviar email de teste', to: 'Destinatários', toHint: 'Um endereço por linha',
  template: 'Modelo', values: 'Valores dos marcadores', valuesHint: 'Um por linha: nome=valor',
  templates: 'Modelos de correio', templateName: 'Nome do modelo', lang: 'Idioma', subject: 'Assunto', content: 'Conteúdo', headerSignature: 'Assinatura', placeholders: 'Marcadores',
  contentHint: 'HTML; {{example}} insere um valor: declare cada um abaixo', addTemplate: 'Adicionar modelo',
  records: 'Registo de emails', status: 'Estado', status_sent: 'Enviado', status_failed: 'Falhou', status_pending: 'Pendente', error: 'Erro', attempts: 'Tentativas', time: 'Hora', retry: 'Tentar de novo',
  sent: 'Enviado', failed: 'Não enviado: {{error}}', edit: 'Editar', actions: 'Ações', saved: 'Guardado',
  sms: 'SMS', platforms: 'Plataformas', platformName: 'Plataforma', endpoint: 'Endpoint', apiKey: 'Chave da API', smsTemplates: 'Modelos', sendType: 'Tipo de envio',
  platformTemplateId: 'ID do modelo na plataforma', signature: 'Assinatura', sendRecords: 'Registo de envios', phones: 'Telefones (86-13800000000, um por linha)', phone: 'Telefone',
  params: 'Parâmetros', add: 'Adicionar', send: 'Enviar',
  folderPath: 'Caminho da pasta', folderPathHint: 'Onde estão os ficheiros de credenciais, p. ex. certs/apns/prod', verificationPassword: 'Palavra-passe de verificação', verificationPasswordHint: 'A palavra-passe do ficheiro de credenciais; vazia, mantém-se a guardada', errorCode: 'Código de erro', errorCodeHint: 'O código a que este aviso se refere: um código de erro do dispositivo, como E1024, ou um código próprio para outros avisos', push: 'Push', configs: 'Configurações', configName: 'Nome', pushType: 'Tipo de push', appKey: 'Chave da app', secret: 'Segredo', credentialsJson: 'Ficheiro de credenciais (JSON)',
  active: 'Ativa', overseas: 'Estrangeiro', title: 'Título', clients: 'Clientes', registerId: 'ID de registo', alias: 'Alias', label: 'Etiqueta', targets: 'IDs de registo ou alias, um por linha',
  log: 'Registo de mensagens', topic: 'Tópico', messageType: 'Tipo de mensagem', actionType: 'Tipo de ação', deviceSn: 'SN do dispositivo', reportTime: 'Hora do relatório',
  alarmTime: 'Hora do alarme', alarmTimeHint: 'Nenhum alarme mais cedo no dia (HH:MM, UTC); 00:00 para qualquer hora.', anyTime: 'Qualquer hora', alarms: 'Alarmes de capacidade', threshold: 'Limiar (%)', capacity: 'Capacidade diária', alarmCount: 'Alarmes por dia', intervalMinutes: 'Intervalo (minutos)', recipients: 'Destinatários',
  signatures: 'Assinaturas', overseasConfigs: 'Configuração de mensagens no estrangeiro', remark: 'Observações',
  tasks: 'Tarefas de email', taskName: 'Nome da tarefa', cycle: 'Ciclo', daily: 'Diário', weekly: 'Semanal', firstRunAt: 'Primeira execução', lastRunAt: 'Última execução', nextRunAt: 'Próxima execução', server: 'Servidor',
};
const ru: typeof en = {
  servers: 'Почтовые серверы', serverName: 'Название сервера', mailType: 'Тип почты', mailType_aliyun: 'Alibaba Cloud', mailType_amazon: 'Amazon', mailType_163: '163', mailType_other: 'Другой',
  domain: 'SMTP-сервер', port: 'Порт', ssl: 'SSL', tls12: 'TLSv1.2 (STARTTLS)', senderAddress: 'Адрес отправителя', senderName: 'Имя отправителя', password: 'Пароль',
  keepPassword: 'Оставьте пустым, чтобы сохранить прежний пароль', addServer: 'Добавить сервер', sendTest: 'Отправить тестовое письмо', to: 'Получатели', toHint: 'По одному адресу в строке',
  template: 'Шаблон', values: 'Значения подстановок', valuesHint: 'По одному в строке: имя=значение',
  templates: 'Шаблоны писем', templateName: 'Название шаблона', lang: 'Язык', subject: 'Тема', content: 'Содержание', headerSignature: 'Подпись', placeholders: 'Подстановки',
  contentHint: 'HTML; {{example}} подставляет значение: объявите каждое ниже', addTemplate: 'Добавить шаблон',
  records: 'Журнал писем', status: 'Статус', status_sent: 'Отправлено', status_failed: 'Ошибка', status_pending: 'Ожидает', error: 'Ошибка', attempts: 'Попытки', time: 'Время', retry: 'Повторить',
  sent: 'Отправлено', failed: 'Не отправлено: {{error}}', edit: 'Изменить', actions: 'Действия', saved: 'Сохранено',
  sms: 'SMS', platforms: 'Платформы', platformName: 'Платформа', endpoint: 'Адрес API', apiKey: 'Ключ API', smsTemplates: 'Шаблоны', sendType: 'Тип отправки',
  platformTemplateId: 'ID шаблона на платформе', signature: 'Подпись', sendRecords: 'Журнал отправок', phones: 'Телефоны (86-13800000000, по одному в строке)', phone: 'Телефон',
  params: 'Параметры', add: 'Добавить', send: 'Отправить',
  folderPath: 'Путь к папке', folderPathHint: 'Где лежат файлы учётных данных, например certs/apns/prod', verificationPassword: 'Пароль проверки', verificationPasswordHint: 'Пароль файла учётных данных; если оставить пустым, сохранённый останется', errorCode: 'Код ошибки', errorCodeHint: 'Код, к которому относится уведомление: код ошибки устройства, например E1024, или собственный код для прочих уведомлений', push: 'Push', configs: 'Конфигурации', configName: 'Название', pushType: 'Тип push', appKey: 'Ключ приложения', secret: 'Секрет', credentialsJson: 'Файл учётных данных (JSON)',
  active: 'Активна', overseas: 'Зарубежная', title: 'Заголовок', clients: 'Клиенты', registerId: 'ID регистрации', alias: 'Псевдоним', label: 'Метка', targets: 'ID регистрации или псевдонимы, по одному в строке',
  log: 'Журнал сообщений', topic: 'Топик', messageType: 'Тип сообщения', actionType: 'Тип действия', deviceSn: 'SN устройства', reportTime: 'Время отчёта',
  alarmTime: 'Время оповещения', alarmTimeHint: 'Раньше этого времени суток оповещений нет (ЧЧ:ММ, UTC); 00:00 — в любое время.', anyTime: 'В любое время', alarms: 'Оповещения о ёмкости', threshold: 'Порог (%)', capacity: 'Суточная ёмкость', alarmCount: 'Оповещений в день', intervalMinutes: 'Интервал (минуты)', recipients: 'Получатели',
  signatures: 'Подписи', overseasConfigs: 'Настройка зарубежных сообщений', remark: 'Примечание',
  tasks: 'Почтовые задачи', taskName: 'Название задачи', cycle: 'Периодичность', daily: 'Ежедневно', weekly: 'Еженедельно', firstRunAt: 'Первый запуск', lastRunAt: 'Последний запуск', nextRunAt: 'Следующий запуск', server: 'Сервер',
};

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
