import type { Resources } from '@console/sdk';

const en = {
  initReviews: 'Factory-initialisation review', review_waiting: 'Waiting', review_rejected: 'Rejected', reason: 'Reason', applicant: 'Applicant', appliedAt: 'Applied at', auditor: 'Auditor', comment: 'Comment', actions: 'Actions', approve: 'Approve', reject: 'Reject', rejectTitle: 'Reject the initialisation of {{sn}}?', rejectReason: 'Give the reason for the rejection.', initApproved: 'Approved: the SN is initialised and the review entry deleted.', initRejected: 'Rejected: the SN is not initialised.', initialise: 'Factory initialisation', initialiseTitle: 'Apply for the factory initialisation of {{sn}}?', initialiseHint: 'Once approved, the SN returns to its factory state: the device must activate again, and its record and properties are removed.', applied: 'Application submitted',
  devices: 'Devices', presence: 'Online status', online: 'Online', offline: 'Offline', workState: 'Work state', firmwareVersion: 'Firmware version',
  softwareVersion: 'Software version', packageVersion: 'Package version', product: 'Product', location: 'Location', signal: 'Signal strength',
  lastSeenAt: 'Last heard', info: 'Device', properties: 'Properties', property: 'Property', value: 'Value', reportedAt: 'Reported at', events: 'Events',
  event: 'Event', eventType: 'Event type', event_info: 'Information', event_alert: 'Alert', event_fault: 'Fault', params: 'Parameters', control: 'Control',
  command: 'Command', setProperties: 'Set properties', state: 'State', answer: "Device's answer", sentAt: 'Sent at', by: 'Sent by',
  command_pending: 'Waiting for the device', command_delivered: 'Delivered', command_succeeded: 'Done', command_failed: 'Failed', command_timeout: 'No answer',
  lanIp: 'LAN address', delay: 'Delay', packetLoss: 'Packet loss', baseStation: 'Base station', registeredAt: 'Registered', lastOnlineAt: 'Last online',
  lastOfflineAt: 'Last offline', true: 'True (0)', false: 'False (1)', setProperty: 'Set property', callService: 'Call service',
  commandSucceeded: 'The device carried out the command.', commandFailed: 'The device could not carry out the command: {{message}}', noAnswer: "Can't get device status.",
  commandSent: 'Sent; waiting for the device…', required: 'Required', send: 'Send', sendOffline: 'Send (the device is offline)',
  state_sleep: 'Sleeping', state_standby: 'Standby', state_returning: 'Returning to charge', state_charging: 'Charging', state_sweeping: 'Sweeping',
  'state_sweep-and-mop': 'Sweeping and mopping', state_mopping: 'Mopping', state_upgrading: 'Upgrading', state_cleaning: 'Cleaning', 'state_air-drying': 'Air drying',
  state_working: 'Working', state_unknown: 'Unknown',
};

const zhCn: typeof en = {
  initReviews: '出厂初始化审核', review_waiting: '待审核', review_rejected: '已驳回', reason: '原因', applicant: '申请人', appliedAt: '申请时间', auditor: '审核人', comment: '审核意见', actions: '操作', approve: '通过', reject: '驳回', rejectTitle: '驳回 {{sn}} 的初始化申请？', rejectReason: '请填写驳回原因', initApproved: '审核通过：SN 已初始化，审核记录已删除', initRejected: '已驳回：SN 未初始化', initialise: '出厂初始化', initialiseTitle: '申请对 {{sn}} 进行出厂初始化？', initialiseHint: '审核通过后，SN 恢复出厂状态：设备须重新激活，其设备记录和属性将被删除。', applied: '申请已提交',
  devices: '设备信息', presence: '在线状态', online: '在线', offline: '离线', workState: '工作状态', firmwareVersion: '固件版本',
  softwareVersion: '软件版本', packageVersion: '套件版本', product: '产品', location: '所在地', signal: '信号强度',
  lastSeenAt: '最近通信', info: '设备', properties: '属性', property: '属性', value: '值', reportedAt: '上报时间', events: '事件',
  event: '事件', eventType: '事件类型', event_info: '信息', event_alert: '告警', event_fault: '故障', params: '参数', control: '控制',
  command: '指令', setProperties: '设置属性', state: '状态', answer: '设备应答', sentAt: '下发时间', by: '下发人',
  command_pending: '等待设备', command_delivered: '已送达', command_succeeded: '已完成', command_failed: '失败', command_timeout: '无应答',
  lanIp: '局域网地址', delay: '延时', packetLoss: '丢包率', baseStation: '基站', registeredAt: '注册时间', lastOnlineAt: '最近上线',
  lastOfflineAt: '最近离线', true: '是 (0)', false: '否 (1)', setProperty: '设置属性', callService: '调用服务',
  commandSucceeded: '设备已执行指令', commandFailed: '设备未能执行指令：{{message}}', noAnswer: '无法获取设备状态',
  commandSent: '已下发，等待设备应答…', required: '必填', send: '下发', sendOffline: '下发（设备离线）',
  state_sleep: '休眠', state_standby: '待机', state_returning: '回充中', state_charging: '充电中', state_sweeping: '扫地中',
  'state_sweep-and-mop': '扫拖中', state_mopping: '拖地中', state_upgrading: '升级中', state_cleaning: '清洁中', 'state_air-drying': '风干中',
  state_working: '工作中', state_unknown: '未知',
};

const de: typeof en = {
  initReviews: 'Prüfung der Werksinitialisierung', review_waiting: 'Wartet', review_rejected: 'Abgelehnt', reason: 'Grund', applicant: 'Antragsteller', appliedAt: 'Beantragt am', auditor: 'Prüfer', comment: 'Kommentar', actions: 'Aktionen', approve: 'Genehmigen', reject: 'Ablehnen', rejectTitle: 'Initialisierung von {{sn}} ablehnen?', rejectReason: 'Geben Sie den Grund für die Ablehnung an.', initApproved: 'Genehmigt: Die SN ist initialisiert und der Prüfeintrag gelöscht.', initRejected: 'Abgelehnt: Die SN ist nicht initialisiert.', initialise: 'Werksinitialisierung', initialiseTitle: 'Werksinitialisierung von {{sn}} beantragen?', initialiseHint: 'Nach der Genehmigung kehrt die SN in den Werkszustand zurück: Das Gerät muss sich neu aktivieren, sein Datensatz und seine Eigenschaften werden entfernt.', applied: 'Antrag eingereicht',
  devices: 'Geräte', presence: 'Online-Status', online: 'Online', offline: 'Offline', workState: 'Betriebszustand', firmwareVersion: 'Firmware-Version',
  softwareVersion: 'Software-Version', packageVersion: 'Paketversion', product: 'Produkt', location: 'Standort', signal: 'Signalstärke',
  lastSeenAt: 'Zuletzt gehört', info: 'Gerät', properties: 'Eigenschaften', property: 'Eigenschaft', value: 'Wert', reportedAt: 'Gemeldet am', events: 'Ereignisse',
  event: 'Ereignis', eventType: 'Ereignistyp', event_info: 'Information', event_alert: 'Warnung', event_fault: 'Störung', params: 'Parameter', control: 'Steuerung',
  command: 'Befehl', setProperties: 'Eigenschaften setzen', state: 'Zustand', answer: 'Antwort des Geräts', sentAt: 'Gesendet am', by: 'Gesendet von',
  command_pending: 'Wartet auf das Gerät', command_delivered: 'Zugestellt', command_succeeded: 'Erledigt', command_failed: 'Fehlgeschlagen', command_timeout: 'Keine Antwort',
  lanIp: 'LAN-Adresse', delay: 'Verzögerung', packetLoss: 'Paketverlust', baseStation: 'Basisstation', registeredAt: 'Registriert', lastOnlineAt: 'Zuletzt online',
  lastOfflineAt: 'Zuletzt offline', true: 'Wahr (0)', false: 'Falsch (1)', setProperty: 'Eigenschaft setzen', callService: 'Dienst aufrufen',
  commandSucceeded: 'Das Gerät hat den Befehl ausgeführt.', commandFailed: 'Das Gerät konnte den Befehl nicht ausführen: {{message}}', noAnswer: 'Der Gerätestatus kann nicht abgerufen werden.',
  commandSent: 'Gesendet; warte auf das Gerät …', required: 'Pflichtfeld', send: 'Senden', sendOffline: 'Senden (das Gerät ist offline)',
  state_sleep: 'Ruhezustand', state_standby: 'Bereitschaft', state_returning: 'Rückkehr zur Ladestation', state_charging: 'Lädt', state_sweeping: 'Saugt',
  'state_sweep-and-mop': 'Saugt und wischt', state_mopping: 'Wischt', state_upgrading: 'Aktualisiert', state_cleaning: 'Reinigt', 'state_air-drying': 'Lufttrocknung',
  state_working: 'In Betrieb', state_unknown: 'Unbekannt',
};

const es: typeof en = {
  initReviews: 'Revisión de inicialización de fábrica', review_waiting: 'En espera', review_rejected: 'Rechazada', reason: 'Motivo', applicant: 'Solicitante', appliedAt: 'Solicitada el', auditor: 'Revisor', comment: 'Comentario', actions: 'Acciones', approve: 'Aprobar', reject: 'Rechazar', rejectTitle: '¿Rechazar la inicialización de {{sn}}?', rejectReason: 'Indique el motivo del rechazo.', initApproved: 'Aprobada: el SN está inicializado y la entrada de revisión eliminada.', initRejected: 'Rechazada: el SN no está inicializado.', initialise: 'Inicialización de fábrica', initialiseTitle: '¿Solicitar la inicialización de fábrica de {{sn}}?', initialiseHint: 'Una vez aprobada, el SN vuelve a su estado de fábrica: el dispositivo debe activarse de nuevo y se eliminan su registro y sus propiedades.', applied: 'Solicitud enviada',
  devices: 'Dispositivos', presence: 'Estado de conexión', online: 'En línea', offline: 'Desconectado', workState: 'Estado de trabajo', firmwareVersion: 'Versión de firmware',
  softwareVersion: 'Versión de software', packageVersion: 'Versión del paquete', product: 'Producto', location: 'Ubicación', signal: 'Intensidad de la señal',
  lastSeenAt: 'Última comunicación', info: 'Dispositivo', properties: 'Propiedades', property: 'Propiedad', value: 'Valor', reportedAt: 'Notificado el', events: 'Eventos',
  event: 'Evento', eventType: 'Tipo de evento', event_info: 'Información', event_alert: 'Alerta', event_fault: 'Avería', params: 'Parámetros', control: 'Control',
  command: 'Orden', setProperties: 'Establecer propiedades', state: 'Estado', answer: 'Respuesta del dispositivo', sentAt: 'Enviada el', by: 'Enviada por',
  command_pending: 'Esperando al dispositivo', command_delivered: 'Entregada', command_succeeded: 'Hecha', command_failed: 'Fallida', command_timeout: 'Sin respuesta',
  lanIp: 'Dirección LAN', delay: 'Retardo', packetLoss: 'Pérdida de paquetes', baseStation: 'Estación base', registeredAt: 'Registrado', lastOnlineAt: 'Última conexión',
  lastOfflineAt: 'Última desconexión', true: 'Verdadero (0)', false: 'Falso (1)', setProperty: 'Establecer propiedad', callService: 'Llamar a un servicio',
  commandSucceeded: 'El dispositivo ejecutó la orden.', commandFailed: 'El dispositivo no pudo ejecutar la orden: {{message}}', noAnswer: 'No se puede obtener el estado del dispositivo.',
  commandSent: 'Enviada; esperando al dispositivo…', required: 'Obligatorio', send: 'Enviar', sendOffline: 'Enviar (el dispositivo está desconectado)',
  state_sleep: 'En reposo', state_standby: 'En espera', state_returning: 'Volviendo a cargar', state_charging: 'Cargando', state_sweeping: 'Barriendo',
  'state_sweep-and-mop': 'Barriendo y fregando', state_mopping: 'Fregando', state_upgrading: 'Actualizando', state_cleaning: 'Limpiando', 'state_air-drying': 'Secando al aire',
  state_working: 'Trabajando', state_unknown: 'Desconocido',
};

const fr: typeof en = {
  initReviews: 'Revue des initialisations usine', review_waiting: 'En attente', review_rejected: 'Rejetée', reason: 'Motif', applicant: 'Demandeur', appliedAt: 'Demandée le', auditor: 'Réviseur', comment: 'Commentaire', actions: 'Actions', approve: 'Approuver', reject: 'Rejeter', rejectTitle: 'Rejeter l’initialisation de {{sn}} ?', rejectReason: 'Indiquez le motif du rejet.', initApproved: 'Approuvée : le SN est initialisé et l’entrée de revue supprimée.', initRejected: 'Rejetée : le SN n’est pas initialisé.', initialise: 'Initialisation usine', initialiseTitle: 'Demander l’initialisation usine de {{sn}} ?', initialiseHint: 'Une fois approuvée, le SN revient à son état d’usine : l’appareil doit s’activer à nouveau, son enregistrement et ses propriétés sont supprimés.', applied: 'Demande envoyée',
  devices: 'Appareils', presence: 'État de connexion', online: 'En ligne', offline: 'Hors ligne', workState: 'État de fonctionnement', firmwareVersion: 'Version du micrologiciel',
  softwareVersion: 'Version du logiciel', packageVersion: 'Version du paquet', product: 'Produit', location: 'Emplacement', signal: 'Puissance du signal',
  lastSeenAt: 'Dernier contact', info: 'Appareil', properties: 'Propriétés', property: 'Propriété', value: 'Valeur', reportedAt: 'Signalé le', events: 'Événements',
  event: 'Événement', eventType: 'Type d’événement', event_info: 'Information', event_alert: 'Alerte', event_fault: 'Panne', params: 'Paramètres', control: 'Commande',
  command: 'Commande', setProperties: 'Définir des propriétés', state: 'État', answer: 'Réponse de l’appareil', sentAt: 'Envoyée le', by: 'Envoyée par',
  command_pending: 'En attente de l’appareil', command_delivered: 'Remise', command_succeeded: 'Effectuée', command_failed: 'Échouée', command_timeout: 'Sans réponse',
  lanIp: 'Adresse LAN', delay: 'Latence', packetLoss: 'Perte de paquets', baseStation: 'Station de base', registeredAt: 'Enregistré', lastOnlineAt: 'Dernière connexion',
  lastOfflineAt: 'Dernière déconnexion', true: 'Vrai (0)', false: 'Faux (1)', setProperty: 'Définir une propriété', callService: 'Appeler un service',
  commandSucceeded: 'L’appareil a exécuté la commande.', commandFailed: 'L’appareil n’a pas pu exécuter la commande : {{message}}', noAnswer: 'Impossible d’obtenir l’état de l’appareil.',
  commandSent: 'Envoyée ; en attente de l’appareil…', required: 'Obligatoire', send: 'Envoyer', sendOffline: 'Envoyer (l’appareil est hors ligne)',
  state_sleep: 'En veille prolongée', state_standby: 'En veille', state_returning: 'Retour à la base', state_charging: 'En charge', state_sweeping: 'Aspiration',
  'state_sweep-and-mop': 'Aspiration et lavage', state_mopping: 'Lavage', state_upgrading: 'Mise à jour', state_cleaning: 'Nettoyage', 'state_air-drying': 'Séchage à l’air',
  state_working: 'En marche', state_unknown: 'Inconnu',
};

const pt: typeof en = {
  initReviews: 'Revisão de inicialização de fábrica', review_waiting: 'Em espera', review_rejected: 'Rejeitada', reason: 'Motivo', applicant: 'Requerente', appliedAt: 'Pedida em', auditor: 'Revisor', comment: 'Comentário', actions: 'Ações', approve: 'Aprovar', reject: 'Rejeitar', rejectTitle: 'Rejeitar a inicialização de {{sn}}?', rejectReason: 'Indique o motivo da rejeição.', initApproved: 'Aprovada: o SN está inicializado e a entrada de revisão eliminada.', initRejected: 'Rejeitada: o SN não está inicializado.', initialise: 'Inicialização de fábrica', initialiseTitle: 'Pedir a inicialização de fábrica de {{sn}}?', initialiseHint: 'Uma vez aprovada, o SN volta ao estado de fábrica: o dispositivo tem de ser ativado de novo e o seu registo e propriedades são removidos.', applied: 'Pedido enviado',
  devices: 'Dispositivos', presence: 'Estado de ligação', online: 'Online', offline: 'Offline', workState: 'Estado de funcionamento', firmwareVersion: 'Versão do firmware',
  softwareVersion: 'Versão do software', packageVersion: 'Versão do pacote', product: 'Produto', location: 'Localização', signal: 'Intensidade do sinal',
  lastSeenAt: 'Último contacto', info: 'Dispositivo', properties: 'Propriedades', property: 'Propriedade', value: 'Valor', reportedAt: 'Comunicado em', events: 'Eventos',
  event: 'Evento', eventType: 'Tipo de evento', event_info: 'Informação', event_alert: 'Alerta', event_fault: 'Avaria', params: 'Parâmetros', control: 'Controlo',
  command: 'Comando', setProperties: 'Definir propriedades', state: 'Estado', answer: 'Resposta do dispositivo', sentAt: 'Enviado em', by: 'Enviado por',
  command_pending: 'À espera do dispositivo', command_delivered: 'Entregue', command_succeeded: 'Concluído', command_failed: 'Falhou', command_timeout: 'Sem resposta',
  lanIp: 'Endereço LAN', delay: 'Atraso', packetLoss: 'Perda de pacotes', baseStation: 'Estação base', registeredAt: 'Registado', lastOnlineAt: 'Última ligação',
  lastOfflineAt: 'Última desligação', true: 'Verdadeiro (0)', false: 'Falso (1)', setProperty: 'Definir propriedade', callService: 'Chamar serviço',
  commandSucceeded: 'O dispositivo executou o comando.', commandFailed: 'O dispositivo não conseguiu executar o comando: {{message}}', noAnswer: 'Não é possível obter o estado do dispositivo.',
  commandSent: 'Enviado; à espera do dispositivo…', required: 'Obrigatório', send: 'Enviar', sendOffline: 'Enviar (o dispositivo está offline)',
  state_sleep: 'Em repouso', state_standby: 'Em espera', state_returning: 'A regressar à base', state_charging: 'A carregar', state_sweeping: 'A aspirar',
  'state_sweep-and-mop': 'A aspirar e lavar', state_mopping: 'A lavar', state_upgrading: 'A atualizar', state_cleaning: 'A limpar', 'state_air-drying': 'A secar ao ar',
  state_working: 'Em funcionamento', state_unknown: 'Desconhecido',
};

const ru: typeof en = {
  initReviews: 'Проверка заводской инициализации', review_waiting: 'Ожидает', review_rejected: 'Отклонена', reason: 'Причина', applicant: 'Заявитель', appliedAt: 'Дата заявки', auditor: 'Проверяющий', comment: 'Комментарий', actions: 'Действия', approve: 'Одобрить', reject: 'Отклонить', rejectTitle: 'Отклонить инициализацию {{sn}}?', rejectReason: 'Укажите причину отклонения.', initApproved: 'Одобрено: SN инициализирован, запись проверки удалена.', initRejected: 'Отклонено: SN не инициализирован.', initialise: 'Заводская инициализация', initialiseTitle: 'Запросить заводскую инициализацию {{sn}}?', initialiseHint: 'После одобрения SN вернётся в заводское состояние: устройство нужно будет активировать заново, его запись и свойства будут удалены.', applied: 'Заявка отправлена',
  devices: 'Устройства', presence: 'Состояние связи', online: 'В сети', offline: 'Не в сети', workState: 'Рабочее состояние', firmwareVersion: 'Версия прошивки',
  softwareVersion: 'Версия ПО', packageVersion: 'Версия пакета', product: 'Продукт', location: 'Местоположение', signal: 'Уровень сигнала',
  lastSeenAt: 'Последняя связь', info: 'Устройство', properties: 'Свойства', property: 'Свойство', value: 'Значение', reportedAt: 'Время отчёта', events: 'События',
  event: 'Событие', eventType: 'Тип события', event_info: 'Информация', event_alert: 'Предупреждение', event_fault: 'Неисправность', params: 'Параметры', control: 'Управление',
  command: 'Команда', setProperties: 'Задать свойства', state: 'Состояние', answer: 'Ответ устройства', sentAt: 'Отправлена', by: 'Отправитель',
  command_pending: 'Ожидает устройство', command_delivered: 'Доставлена', command_succeeded: 'Выполнена', command_failed: 'Ошибка', command_timeout: 'Нет ответа',
  lanIp: 'Адрес в локальной сети', delay: 'Задержка', packetLoss: 'Потеря пакетов', baseStation: 'Базовая станция', registeredAt: 'Зарегистрировано', lastOnlineAt: 'Последнее подключение',
  lastOfflineAt: 'Последнее отключение', true: 'Истина (0)', false: 'Ложь (1)', setProperty: 'Задать свойство', callService: 'Вызвать сервис',
  commandSucceeded: 'Устройство выполнило команду.', commandFailed: 'Устройство не смогло выполнить команду: {{message}}', noAnswer: 'Не удаётся получить состояние устройства.',
  commandSent: 'Отправлено; ждём ответа устройства…', required: 'Обязательное поле', send: 'Отправить', sendOffline: 'Отправить (устройство не в сети)',
  state_sleep: 'Сон', state_standby: 'Ожидание', state_returning: 'Возврат на зарядку', state_charging: 'Зарядка', state_sweeping: 'Уборка',
  'state_sweep-and-mop': 'Уборка и мытьё', state_mopping: 'Мытьё полов', state_upgrading: 'Обновление', state_cleaning: 'Очистка', 'state_air-drying': 'Сушка воздухом',
  state_working: 'Работает', state_unknown: 'Неизвестно',
};

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
