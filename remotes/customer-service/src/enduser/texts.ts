// The end user's chat page, in the console's seven languages (the app's language chooses).

export const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'] as const;
export type Lang = (typeof LANGS)[number];

const en = {
  title: 'Customer service',
  openFromApp: 'Open this page from the app.',
  signIn: 'Sign in', account: 'Account (email or country code-number)', password: 'Password', signInFailed: 'Sign-in failed: {{reason}}',
  connecting: 'Connecting…', reconnecting: 'Connection lost; reconnecting…',
  state_bot: 'Assistant', state_queued: 'Waiting for an agent', state_connected: 'With {{agent}}', state_transferred: 'With {{agent}}', state_disconnected: 'Chat ended',
  busy: 'The customer service is busy, please wait. You are number {{position}} in the queue.',
  talkToPerson: 'Talk to a person', endChat: 'End chat', newChat: 'Start a new chat',
  placeholder: 'Type a message (Enter sends, Shift+Enter starts a new line)', send: 'Send',
  emptyMessage: 'Cannot send an empty message.',
  shareFile: 'Photo or video', chooseFile: 'Please choose a file first.', sendFile: 'Send file', cancel: 'Cancel',
  onlyImageOrVideo: 'Only images or videos can be sent.', fileTooLarge: 'The file is larger than 200 MB.', uploading: 'Uploading…',
  uploadFailed: 'File upload failed.', networkAbnormal: 'Network abnormal; please try again.', disconnected: 'Connection disconnected.',
  you: 'You', agent: 'Agent', assistant: 'Assistant',
  didThisHelp: 'Not what you need?',
  event_queued: 'You are in the queue for an agent.', event_connected: '{{agent}} is here to help you.', event_transferred: 'Your chat was passed to {{agent}}.',
  event_requeued: 'Your agent had to leave; you are back at the front of the queue.', event_ended: 'The chat has ended.',
  event_workOrder: 'Work order {{number}}: {{summary}}',
  rateTitle: 'How did we do?', rateOrder: 'Work order', chooseOrder: 'Choose a work order', score_satisfied: 'Satisfied', score_average: 'Average',
  score_unsatisfied: 'Unsatisfied', solvedQuestion: 'Is your problem solved?', yes: 'Yes', no: 'No', comment: 'Comment (optional)', submitRating: 'Submit rating',
  pickOrder: 'Please select a work order to rate.', pickSolved: 'Please select whether the problem is solved.', pickScore: 'Please choose a rating.',
  rated: 'Thank you for your rating.',
  ordersUnavailable: 'The work order information could not be fetched.', orderAbnormal: 'The work order information is abnormal.',
};

export type Texts = typeof en;

const zhCn: Texts = {
  title: '客服中心',
  openFromApp: '请从 App 中打开此页面。',
  signIn: '登录', account: '账号（邮箱或国家码-手机号）', password: '密码', signInFailed: '登录失败：{{reason}}',
  connecting: '正在连接…', reconnecting: '连接已断开，正在重连…',
  state_bot: '智能客服', state_queued: '等待人工客服', state_connected: '{{agent}} 为您服务', state_transferred: '{{agent}} 为您服务', state_disconnected: '会话已结束',
  busy: '客服繁忙，请稍候。您当前排在第 {{position}} 位。',
  talkToPerson: '转人工客服', endChat: '结束会话', newChat: '开始新会话',
  placeholder: '输入消息（Enter 发送，Shift+Enter 换行）', send: '发送',
  emptyMessage: '不能发送空白消息',
  shareFile: '图片或视频', chooseFile: '请先选择文件。', sendFile: '发送文件', cancel: '取消',
  onlyImageOrVideo: '只能发送图片或视频。', fileTooLarge: '文件超过 200 MB。', uploading: '正在上传…',
  uploadFailed: '文件上传失败', networkAbnormal: '网络异常，请重试。', disconnected: '连接已断开',
  you: '我', agent: '客服', assistant: '智能客服',
  didThisHelp: '没有找到想要的答案？',
  event_queued: '您已进入人工客服排队。', event_connected: '{{agent}} 为您服务。', event_transferred: '您的会话已转接给 {{agent}}。',
  event_requeued: '客服暂时离开，您已回到队列最前面。', event_ended: '会话已结束。',
  event_workOrder: '工单 {{number}}：{{summary}}',
  rateTitle: '请评价本次服务', rateOrder: '工单', chooseOrder: '请选择工单', score_satisfied: '满意', score_average: '一般',
  score_unsatisfied: '不满意', solvedQuestion: '问题是否已解决？', yes: '是', no: '否', comment: '评价内容（可选）', submitRating: '提交评价',
  pickOrder: '请选择要评价的工单', pickSolved: '请选择问题是否已解决', pickScore: '请选择评价。',
  rated: '感谢您的评价。',
  ordersUnavailable: '工单信息获取失败', orderAbnormal: '工单信息异常',
};

const de: Texts = {
  title: 'Kundenservice',
  openFromApp: 'Öffnen Sie diese Seite aus der App.',
  signIn: 'Anmelden', account: 'Konto (E-Mail oder Ländervorwahl-Nummer)', password: 'Passwort', signInFailed: 'Anmeldung fehlgeschlagen: {{reason}}',
  connecting: 'Verbindung wird hergestellt…', reconnecting: 'Verbindung unterbrochen; neuer Versuch…',
  state_bot: 'Assistent', state_queued: 'Warten auf einen Mitarbeiter', state_connected: 'Mit {{agent}}', state_transferred: 'Mit {{agent}}', state_disconnected: 'Chat beendet',
  busy: 'Der Kundenservice ist beschäftigt, bitte warten Sie. Sie sind Nummer {{position}} in der Warteschlange.',
  talkToPerson: 'Mit einem Menschen sprechen', endChat: 'Chat beenden', newChat: 'Neuen Chat beginnen',
  placeholder: 'Nachricht eingeben (Enter sendet, Umschalt+Enter beginnt eine neue Zeile)', send: 'Senden',
  emptyMessage: 'Eine leere Nachricht kann nicht gesendet werden.',
  shareFile: 'Foto oder Video', chooseFile: 'Bitte wählen Sie zuerst eine Datei.', sendFile: 'Datei senden', cancel: 'Abbrechen',
  onlyImageOrVideo: 'Es können nur Bilder oder Videos gesendet werden.', fileTooLarge: 'Die Datei ist größer als 200 MB.', uploading: 'Wird hochgeladen…',
  uploadFailed: 'Hochladen der Datei fehlgeschlagen.', networkAbnormal: 'Netzwerkfehler; bitte versuchen Sie es erneut.', disconnected: 'Verbindung getrennt.',
  you: 'Sie', agent: 'Mitarbeiter', assistant: 'Assistent',
  didThisHelp: 'Nicht das Richtige dabei?',
  event_queued: 'Sie warten in der Schlange auf einen Mitarbeiter.', event_connected: '{{agent}} hilft Ihnen jetzt.', event_transferred: 'Ihr Chat wurde an {{agent}} übergeben.',
  event_requeued: 'Ihr Mitarbeiter musste gehen; Sie stehen wieder vorn in der Schlange.', event_ended: 'Der Chat ist beendet.',
  event_workOrder: 'Arbeitsauftrag {{number}}: {{summary}}',
  rateTitle: 'Wie war unser Service?', rateOrder: 'Arbeitsauftrag', chooseOrder: 'Arbeitsauftrag wählen', score_satisfied: 'Zufrieden', score_average: 'Mittel',
  score_unsatisfied: 'Unzufrieden', solvedQuestion: 'Ist Ihr Problem gelöst?', yes: 'Ja', no: 'Nein', comment: 'Kommentar (optional)', submitRating: 'Bewertung senden',
  pickOrder: 'Bitte wählen Sie einen Arbeitsauftrag zum Bewerten aus.', pickSolved: 'Bitte wählen Sie, ob das Problem gelöst ist.', pickScore: 'Bitte wählen Sie eine Bewertung.',
  rated: 'Vielen Dank für Ihre Bewertung.',
  ordersUnavailable: 'Die Angaben zum Arbeitsauftrag konnten nicht abgerufen werden.', orderAbnormal: 'Die Angaben zum Arbeitsauftrag sind fehlerhaft.',
};

const es: Texts = {
  title: 'Atención al cliente',
  openFromApp: 'Abra esta página desde la aplicación.',
  signIn: 'Iniciar sesión', account: 'Cuenta (correo o prefijo-número)', password: 'Contraseña', signInFailed: 'No se pudo iniciar sesión: {{reason}}',
  connecting: 'Conectando…', reconnecting: 'Conexión perdida; reconectando…',
  state_bot: 'Asistente', state_queued: 'Esperando a un agente', state_connected: 'Con {{agent}}', state_transferred: 'Con {{agent}}', state_disconnected: 'Chat finalizado',
  busy: 'El servicio de atención está ocupado, espere por favor. Es el número {{position}} de la cola.',
  talkToPerson: 'Hablar con una persona', endChat: 'Finalizar chat', newChat: 'Empezar un chat nuevo',
  placeholder: 'Escriba un mensaje (Intro envía, Mayús+Intro empieza una línea nueva)', send: 'Enviar',
  emptyMessage: 'No se puede enviar un mensaje vacío.',
  shareFile: 'Foto o vídeo', chooseFile: 'Elija primero un archivo.', sendFile: 'Enviar archivo', cancel: 'Cancelar',
  onlyImageOrVideo: 'Solo se pueden enviar imágenes o vídeos.', fileTooLarge: 'El archivo supera los 200 MB.', uploading: 'Subiendo…',
  uploadFailed: 'No se pudo subir el archivo.', networkAbnormal: 'Error de red; inténtelo de nuevo.', disconnected: 'Conexión interrumpida.',
  you: 'Usted', agent: 'Agente', assistant: 'Asistente',
  didThisHelp: '¿No es lo que busca?',
  event_queued: 'Está en la cola para hablar con un agente.', event_connected: '{{agent}} le atiende ahora.', event_transferred: 'Su chat se ha pasado a {{agent}}.',
  event_requeued: 'Su agente tuvo que irse; vuelve a estar el primero de la cola.', event_ended: 'El chat ha finalizado.',
  event_workOrder: 'Orden de trabajo {{number}}: {{summary}}',
  rateTitle: '¿Qué tal le atendimos?', rateOrder: 'Orden de trabajo', chooseOrder: 'Elija una orden de trabajo', score_satisfied: 'Satisfecho', score_average: 'Regular',
  score_unsatisfied: 'Insatisfecho', solvedQuestion: '¿Está resuelto su problema?', yes: 'Sí', no: 'No', comment: 'Comentario (opcional)', submitRating: 'Enviar valoración',
  pickOrder: 'Seleccione una orden de trabajo para valorar.', pickSolved: 'Seleccione si el problema está resuelto.', pickScore: 'Elija una valoración.',
  rated: 'Gracias por su valoración.',
  ordersUnavailable: 'No se pudo obtener la información de la orden de trabajo.', orderAbnormal: 'La información de la orden de trabajo no es válida.',
};

const fr: Texts = {
  title: 'Service client',
  openFromApp: 'Ouvrez cette page depuis l’application.',
  signIn: 'Se connecter', account: 'Compte (e-mail ou indicatif-numéro)', password: 'Mot de passe', signInFailed: 'Échec de la connexion : {{reason}}',
  connecting: 'Connexion…', reconnecting: 'Connexion perdue ; reconnexion…',
  state_bot: 'Assistant virtuel', state_queued: 'En attente d’un conseiller', state_connected: 'Avec {{agent}}', state_transferred: 'Avec {{agent}}', state_disconnected: 'Discussion terminée',
  busy: 'Le service client est occupé, veuillez patienter. Vous êtes le numéro {{position}} dans la file.',
  talkToPerson: 'Parler à un conseiller', endChat: 'Terminer la discussion', newChat: 'Commencer une nouvelle discussion',
  placeholder: 'Écrivez un message (Entrée envoie, Maj+Entrée commence une nouvelle ligne)', send: 'Envoyer',
  emptyMessage: 'Impossible d’envoyer un message vide.',
  shareFile: 'Photo ou vidéo', chooseFile: 'Choisissez d’abord un fichier.', sendFile: 'Envoyer le fichier', cancel: 'Annuler',
  onlyImageOrVideo: 'Seules des images ou des vidéos peuvent être envoyées.', fileTooLarge: 'Le fichier dépasse 200 Mo.', uploading: 'Envoi…',
  uploadFailed: 'Échec de l’envoi du fichier.', networkAbnormal: 'Problème de réseau ; réessayez.', disconnected: 'Connexion interrompue.',
  you: 'Vous', agent: 'Conseiller', assistant: 'Assistant virtuel',
  didThisHelp: 'Pas ce que vous cherchez ?',
  event_queued: 'Vous êtes dans la file d’attente d’un conseiller.', event_connected: '{{agent}} est là pour vous aider.', event_transferred: 'Votre discussion a été confiée à {{agent}}.',
  event_requeued: 'Votre conseiller a dû partir ; vous êtes de nouveau en tête de file.', event_ended: 'La discussion est terminée.',
  event_workOrder: 'Ordre de travail {{number}} : {{summary}}',
  rateTitle: 'Comment avons-nous fait ?', rateOrder: 'Ordre de travail', chooseOrder: 'Choisissez un ordre de travail', score_satisfied: 'Satisfait', score_average: 'Moyen',
  score_unsatisfied: 'Insatisfait', solvedQuestion: 'Votre problème est-il résolu ?', yes: 'Oui', no: 'Non', comment: 'Commentaire (facultatif)', submitRating: 'Envoyer l’évaluation',
  pickOrder: 'Veuillez choisir un ordre de travail à évaluer.', pickSolved: 'Veuillez indiquer si le problème est résolu.', pickScore: 'Veuillez choisir une note.',
  rated: 'Merci pour votre évaluation.',
  ordersUnavailable: 'Impossible de récupérer les informations de l’ordre de travail.', orderAbnormal: 'Les informations de l’ordre de travail sont anormales.',
};

const pt: Texts = {
  title: 'Apoio ao cliente',
  openFromApp: 'Abra esta página a partir da aplicação.',
  signIn: 'Iniciar sessão', account: 'Conta (e-mail ou indicativo-número)', password: 'Palavra-passe', signInFailed: 'Falha ao iniciar sessão: {{reason}}',
  connecting: 'A ligar…', reconnecting: 'Ligação perdida; a religar…',
  state_bot: 'Assistente', state_queued: 'À espera de um agente', state_connected: 'Com {{agent}}', state_transferred: 'Com {{agent}}', state_disconnected: 'Conversa terminada',
  busy: 'O apoio ao cliente está ocupado, aguarde por favor. É o número {{position}} na fila.',
  talkToPerson: 'Falar com uma pessoa', endChat: 'Terminar conversa', newChat: 'Começar uma nova conversa',
  placeholder: 'Escreva uma mensagem (Enter envia, Shift+Enter começa uma nova linha)', send: 'Enviar',
  emptyMessage: 'Não é possível enviar uma mensagem vazia.',
  shareFile: 'Foto ou vídeo', chooseFile: 'Escolha primeiro um ficheiro.', sendFile: 'Enviar ficheiro', cancel: 'Cancelar',
  onlyImageOrVideo: 'Só é possível enviar imagens ou vídeos.', fileTooLarge: 'O ficheiro tem mais de 200 MB.', uploading: 'A carregar…',
  uploadFailed: 'Falha ao carregar o ficheiro.', networkAbnormal: 'Erro de rede; tente novamente.', disconnected: 'Ligação interrompida.',
  you: 'Eu', agent: 'Agente', assistant: 'Assistente',
  didThisHelp: 'Não encontrou o que procura?',
  event_queued: 'Está na fila para falar com um agente.', event_connected: '{{agent}} está aqui para o ajudar.', event_transferred: 'A sua conversa passou para {{agent}}.',
  event_requeued: 'O seu agente teve de sair; voltou ao início da fila.', event_ended: 'A conversa terminou.',
  event_workOrder: 'Ordem de trabalho {{number}}: {{summary}}',
  rateTitle: 'Como correu o atendimento?', rateOrder: 'Ordem de trabalho', chooseOrder: 'Escolha uma ordem de trabalho', score_satisfied: 'Satisfeito', score_average: 'Razoável',
  score_unsatisfied: 'Insatisfeito', solvedQuestion: 'O seu problema ficou resolvido?', yes: 'Sim', no: 'Não', comment: 'Comentário (opcional)', submitRating: 'Enviar avaliação',
  pickOrder: 'Selecione uma ordem de trabalho para avaliar.', pickSolved: 'Selecione se o problema está resolvido.', pickScore: 'Escolha uma avaliação.',
  rated: 'Obrigado pela sua avaliação.',
  ordersUnavailable: 'Não foi possível obter as informações da ordem de trabalho.', orderAbnormal: 'As informações da ordem de trabalho são inválidas.',
};

const ru: Texts = {
  title: 'Служба поддержки',
  openFromApp: 'Откройте эту страницу из приложения.',
  signIn: 'Войти', account: 'Учётная запись (e-mail или код страны-номер)', password: 'Пароль', signInFailed: 'Не удалось войти: {{reason}}',
  connecting: 'Подключение…', reconnecting: 'Связь потеряна; переподключение…',
  state_bot: 'Помощник', state_queued: 'Ожидание оператора', state_connected: 'С вами {{agent}}', state_transferred: 'С вами {{agent}}', state_disconnected: 'Чат завершён',
  busy: 'Служба поддержки занята, пожалуйста, подождите. Ваш номер в очереди: {{position}}.',
  talkToPerson: 'Позвать оператора', endChat: 'Завершить чат', newChat: 'Начать новый чат',
  placeholder: 'Введите сообщение (Enter — отправить, Shift+Enter — новая строка)', send: 'Отправить',
  emptyMessage: 'Нельзя отправить пустое сообщение.',
  shareFile: 'Фото или видео', chooseFile: 'Сначала выберите файл.', sendFile: 'Отправить файл', cancel: 'Отмена',
  onlyImageOrVideo: 'Можно отправлять только изображения или видео.', fileTooLarge: 'Файл больше 200 МБ.', uploading: 'Загрузка…',
  uploadFailed: 'Не удалось загрузить файл.', networkAbnormal: 'Ошибка сети; попробуйте ещё раз.', disconnected: 'Соединение разорвано.',
  you: 'Вы', agent: 'Оператор', assistant: 'Помощник',
  didThisHelp: 'Не нашли ответа?',
  event_queued: 'Вы в очереди к оператору.', event_connected: '{{agent}} поможет вам.', event_transferred: 'Ваш чат передан: {{agent}}.',
  event_requeued: 'Оператору пришлось уйти; вы снова первый в очереди.', event_ended: 'Чат завершён.',
  event_workOrder: 'Заявка {{number}}: {{summary}}',
  rateTitle: 'Оцените обслуживание', rateOrder: 'Заявка', chooseOrder: 'Выберите заявку', score_satisfied: 'Доволен', score_average: 'Средне',
  score_unsatisfied: 'Недоволен', solvedQuestion: 'Ваша проблема решена?', yes: 'Да', no: 'Нет', comment: 'Комментарий (необязательно)', submitRating: 'Отправить оценку',
  pickOrder: 'Выберите заявку для оценки.', pickSolved: 'Укажите, решена ли проблема.', pickScore: 'Выберите оценку.',
  rated: 'Спасибо за оценку.',
  ordersUnavailable: 'Не удалось получить сведения о заявке.', orderAbnormal: 'Сведения о заявке некорректны.',
};

export const TEXTS: Record<Lang, Texts> = { zhCn, en, de, es, fr, pt, ru };

/** The language of `asked` (`zh-CN`, `de-AT`, `pt`), one of the seven; English otherwise. */
export function langOf(asked: string | null | undefined): Lang {
  const tag = (asked ?? '').toLowerCase();
  if (tag.startsWith('zh')) return 'zhCn';
  const found = LANGS.find((l) => l.toLowerCase() === tag || tag.startsWith(`${l.toLowerCase()}-`));
  return found ?? 'en';
}

/** `text` with its `{{name}}`s filled. */
export function fill(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(vars[name] ?? ''));
}
