//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn texts(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

pub fn parent_not_a_category() -> PluginError {
    texts(
        400,
        Some("parentId"),
        [
            "上级只能是一级分类，且含有子分类的分类不能再作为子分类",
            "The parent must be a top-level category, and a category with subcategories cannot become one.",
            "Die übergeordnete Kategorie muss eine oberste sein, und eine Kategorie mit Unterkategorien kann keine Unterkategorie werden.",
            "El padre debe ser una categoría de primer nivel, y una categoría con subcategorías no puede convertirse en una.",
            "Le parent doit être une catégorie de premier niveau, et une catégorie ayant des sous-catégories ne peut pas en devenir une.",
            "O pai tem de ser uma categoria de primeiro nível, e uma categoria com subcategorias não pode passar a ser uma.",
            "Родителем может быть только категория верхнего уровня, а категория с подкатегориями не может стать подкатегорией.",
        ],
    )
}

pub fn type_name_taken() -> PluginError {
    texts(
        400,
        Some("name"),
        [
            "同一分类下已有同名的问题类型",
            "A question type of this name already exists in this category.",
            "In dieser Kategorie gibt es bereits einen Fragetyp mit diesem Namen.",
            "Ya existe un tipo de pregunta con este nombre en esta categoría.",
            "Un type de question de ce nom existe déjà dans cette catégorie.",
            "Já existe um tipo de pergunta com este nome nesta categoria.",
            "В этой категории уже есть тип вопроса с таким названием.",
        ],
    )
}

pub fn type_in_use() -> PluginError {
    texts(
        409,
        None,
        [
            "该问题类型下还有子分类或常见问题，不能删除",
            "This question type still has subcategories or FAQs and cannot be deleted.",
            "Dieser Fragetyp hat noch Unterkategorien oder FAQs und kann nicht gelöscht werden.",
            "Este tipo de pregunta aún tiene subcategorías o preguntas frecuentes y no se puede eliminar.",
            "Ce type de question a encore des sous-catégories ou des FAQ et ne peut pas être supprimé.",
            "Este tipo de pergunta ainda tem subcategorias ou perguntas frequentes e não pode ser eliminado.",
            "У этого типа вопроса ещё есть подкатегории или вопросы FAQ, удалить его нельзя.",
        ],
    )
}

pub fn keep_a_default_language() -> PluginError {
    texts(
        409,
        None,
        [
            "必须保留一个默认语言：请先将其他语言设为默认",
            "One language must stay the default: make another language the default first.",
            "Eine Sprache muss Standard bleiben: Legen Sie zuerst eine andere Sprache als Standard fest.",
            "Un idioma debe seguir siendo el predeterminado: primero establezca otro como predeterminado.",
            "Une langue doit rester la langue par défaut : définissez d’abord une autre langue par défaut.",
            "Um idioma tem de continuar a ser o predefinido: defina primeiro outro idioma como predefinido.",
            "Один язык должен оставаться языком по умолчанию: сначала сделайте языком по умолчанию другой.",
        ],
    )
}

pub fn unknown_language(field: &str) -> PluginError {
    texts(
        400,
        Some(field),
        [
            "不是已配置的服务语言",
            "This is not one of the service languages.",
            "Dies ist keine der Service-Sprachen.",
            "No es uno de los idiomas de servicio.",
            "Ce n’est pas l’une des langues de service.",
            "Não é um dos idiomas de serviço.",
            "Это не один из языков обслуживания.",
        ],
    )
}

pub fn already_voted() -> PluginError {
    texts(
        409,
        None,
        [
            "您已对该问题做出过评价",
            "You have already rated this answer.",
            "Sie haben diese Antwort bereits bewertet.",
            "Ya ha valorado esta respuesta.",
            "Vous avez déjà évalué cette réponse.",
            "Já avaliou esta resposta.",
            "Вы уже оценили этот ответ.",
        ],
    )
}

// Seats.

pub fn seat_number_format() -> PluginError {
    PluginError::format(
        "number",
        [
            "1 至 16 位字母、数字或连字符",
            "1 to 16 letters, digits or hyphens",
            "1 bis 16 Buchstaben, Ziffern oder Bindestriche",
            "de 1 a 16 letras, dígitos o guiones",
            "1 à 16 lettres, chiffres ou tirets",
            "1 a 16 letras, dígitos ou hífenes",
            "от 1 до 16 букв, цифр или дефисов",
        ],
    )
}

pub fn account_has_a_seat() -> PluginError {
    texts(
        400,
        Some("userName"),
        [
            "该账号已有坐席",
            "This account already has a seat.",
            "Dieses Konto hat bereits einen Platz.",
            "Esta cuenta ya tiene un puesto.",
            "Ce compte a déjà un poste.",
            "Esta conta já tem um posto.",
            "У этой учётной записи уже есть место оператора.",
        ],
    )
}

pub fn unknown_time_zone() -> PluginError {
    PluginError::format(
        "timeZone",
        [
            "IANA 时区，如 Asia/Shanghai",
            "an IANA time zone, such as Europe/Berlin",
            "eine IANA-Zeitzone, etwa Europe/Berlin",
            "una zona horaria IANA, como Europe/Madrid",
            "un fuseau horaire IANA, comme Europe/Paris",
            "um fuso horário IANA, como Europe/Lisbon",
            "часовой пояс IANA, например Europe/Moscow",
        ],
    )
}

pub fn period_times() -> PluginError {
    PluginError::format(
        "periods",
        [
            "时段的开始与结束时间为 00:00 至 24:00 的 HH:MM，且不能相同",
            "start and end times as HH:MM from 00:00 to 24:00, not the same",
            "Beginn und Ende als HH:MM von 00:00 bis 24:00, nicht gleich",
            "horas de inicio y fin como HH:MM de 00:00 a 24:00, distintas",
            "des heures de début et de fin au format HH:MM de 00:00 à 24:00, différentes",
            "horas de início e fim como HH:MM de 00:00 a 24:00, diferentes",
            "время начала и конца в виде ЧЧ:ММ от 00:00 до 24:00, не одинаковое",
        ],
    )
}

pub fn periods_required() -> PluginError {
    texts(
        400,
        Some("periods"),
        [
            "请至少添加一个服务时段（最多 14 个）",
            "Add at least one service period (at most 14).",
            "Fügen Sie mindestens einen Servicezeitraum hinzu (höchstens 14).",
            "Añada al menos un periodo de servicio (como máximo 14).",
            "Ajoutez au moins une période de service (14 au plus).",
            "Adicione pelo menos um período de serviço (no máximo 14).",
            "Добавьте хотя бы один период обслуживания (не более 14).",
        ],
    )
}

pub fn no_seat() -> PluginError {
    texts(
        409,
        None,
        [
            "您还没有客服坐席，请联系管理员为您分配坐席",
            "You have no customer-service seat; ask an administrator to give you one.",
            "Sie haben keinen Kundendienstplatz; bitten Sie einen Administrator, Ihnen einen zuzuweisen.",
            "No tiene un puesto de atención; pida a un administrador que le asigne uno.",
            "Vous n’avez pas de poste de service client ; demandez-en un à un administrateur.",
            "Não tem um posto de apoio ao cliente; peça a um administrador que lhe atribua um.",
            "У вас нет места оператора; попросите администратора назначить его.",
        ],
    )
}

pub fn seat_in_use() -> PluginError {
    texts(
        409,
        None,
        [
            "该坐席仍有接入中的会话，不能删除",
            "This seat still has chats connected and cannot be deleted.",
            "Dieser Platz hat noch verbundene Chats und kann nicht gelöscht werden.",
            "Este puesto aún tiene chats conectados y no se puede eliminar.",
            "Ce poste a encore des discussions en cours et ne peut pas être supprimé.",
            "Este posto ainda tem conversas ligadas e não pode ser eliminado.",
            "У этого места ещё есть подключённые чаты, удалить его нельзя.",
        ],
    )
}

pub fn seat_cannot_take(field: &str) -> PluginError {
    texts(
        409,
        Some(field),
        [
            "该坐席当前无法接入更多会话（忙碌、离线、不在服务时段或已满）",
            "That seat cannot take another chat now (busy, offline, off duty or full).",
            "Dieser Platz kann gerade keinen weiteren Chat übernehmen (beschäftigt, offline, außer Dienst oder voll).",
            "Ese puesto no puede aceptar otro chat ahora (ocupado, desconectado, fuera de servicio o lleno).",
            "Ce poste ne peut pas prendre d’autre discussion maintenant (occupé, hors ligne, hors service ou complet).",
            "Esse posto não pode aceitar outra conversa agora (ocupado, offline, fora de serviço ou cheio).",
            "Это место сейчас не может принять ещё один чат (занято, не в сети, вне смены или заполнено).",
        ],
    )
}

// Chats.

/// "Cannot send an empty message".
pub fn empty_message() -> PluginError {
    texts(
        400,
        Some("text"),
        [
            "不能发送空白消息",
            "Cannot send an empty message.",
            "Eine leere Nachricht kann nicht gesendet werden.",
            "No se puede enviar un mensaje vacío.",
            "Impossible d’envoyer un message vide.",
            "Não é possível enviar uma mensagem vazia.",
            "Нельзя отправить пустое сообщение.",
        ],
    )
}

/// "Connection disconnected": the chat ended.
pub fn chat_ended() -> PluginError {
    texts(
        409,
        None,
        [
            "会话已断开",
            "The chat has been disconnected.",
            "Der Chat wurde getrennt.",
            "El chat se ha desconectado.",
            "La discussion a été déconnectée.",
            "A conversa foi desligada.",
            "Чат отключён.",
        ],
    )
}

pub fn queue_full() -> PluginError {
    texts(
        503,
        None,
        [
            "客服繁忙，排队人数已满，请稍后再试",
            "The customer service is busy and its queue is full; please try again later.",
            "Der Kundendienst ist beschäftigt und die Warteschlange voll; bitte versuchen Sie es später erneut.",
            "El servicio de atención está ocupado y la cola está llena; inténtelo más tarde.",
            "Le service client est occupé et la file d’attente est pleine ; réessayez plus tard.",
            "O apoio ao cliente está ocupado e a fila está cheia; tente mais tarde.",
            "Служба поддержки занята, очередь заполнена; попробуйте позже.",
        ],
    )
}

pub fn too_fast() -> PluginError {
    texts(
        429,
        None,
        [
            "发送过于频繁，请稍候",
            "You are sending too fast; please wait a moment.",
            "Sie senden zu schnell; bitte warten Sie einen Moment.",
            "Está enviando demasiado rápido; espere un momento.",
            "Vous envoyez trop vite ; patientez un instant.",
            "Está a enviar depressa demais; aguarde um momento.",
            "Вы отправляете слишком часто; подождите немного.",
        ],
    )
}

pub fn not_with_an_agent() -> PluginError {
    texts(
        409,
        None,
        [
            "该会话未接入人工客服",
            "This chat is not connected to an agent.",
            "Dieser Chat ist mit keinem Mitarbeiter verbunden.",
            "Este chat no está conectado con un agente.",
            "Cette discussion n’est reliée à aucun conseiller.",
            "Esta conversa não está ligada a um agente.",
            "Этот чат не подключён к оператору.",
        ],
    )
}

// Work orders.

/// "A work-order summary is required".
pub fn summary_required() -> PluginError {
    texts(
        400,
        Some("summaryContent"),
        [
            "工单总结不能为空",
            "A work-order summary is required.",
            "Eine Zusammenfassung des Arbeitsauftrags ist erforderlich.",
            "El resumen de la orden de trabajo es obligatorio.",
            "Un résumé de l’ordre de travail est obligatoire.",
            "O resumo da ordem de trabalho é obrigatório.",
            "Итог заявки обязателен.",
        ],
    )
}

/// "Please select a work order to rate".
pub fn pick_an_order_to_rate() -> PluginError {
    texts(
        400,
        Some("workOrderId"),
        [
            "请选择要评价的工单",
            "Please select a work order to rate.",
            "Bitte wählen Sie einen Arbeitsauftrag zum Bewerten aus.",
            "Seleccione una orden de trabajo para valorar.",
            "Veuillez choisir un ordre de travail à évaluer.",
            "Selecione uma ordem de trabalho para avaliar.",
            "Выберите заявку для оценки.",
        ],
    )
}

/// "Please select whether the problem is solved".
pub fn pick_solved() -> PluginError {
    texts(
        400,
        Some("solved"),
        [
            "请选择问题是否已解决",
            "Please select whether the problem is solved.",
            "Bitte wählen Sie, ob das Problem gelöst ist.",
            "Seleccione si el problema está resuelto.",
            "Veuillez indiquer si le problème est résolu.",
            "Selecione se o problema está resolvido.",
            "Укажите, решена ли проблема.",
        ],
    )
}

pub fn already_rated() -> PluginError {
    texts(
        409,
        None,
        [
            "该工单已评价",
            "This work order has already been rated.",
            "Dieser Arbeitsauftrag wurde bereits bewertet.",
            "Esta orden de trabajo ya se ha valorado.",
            "Cet ordre de travail a déjà été évalué.",
            "Esta ordem de trabalho já foi avaliada.",
            "Эта заявка уже оценена.",
        ],
    )
}

pub fn engineer_required() -> PluginError {
    texts(
        400,
        Some("engineer"),
        [
            "请填写要派单的工程师",
            "Name the engineer to send the work order to.",
            "Geben Sie den Techniker an, an den der Auftrag geht.",
            "Indique el ingeniero al que se envía la orden.",
            "Indiquez l’ingénieur à qui envoyer l’ordre.",
            "Indique o engenheiro a quem enviar a ordem.",
            "Укажите инженера, которому передать заявку.",
        ],
    )
}

/// A status × action pair the work-order table refuses: its status and action named.
pub fn order_action_refused(status: &str, action: &str) -> PluginError {
    use crate::order_flow::{action_name, status_name};
    let s = |lang: usize| status_name(status, lang);
    let a = |lang: usize| action_name(action, lang);
    PluginError::localized(
        409,
        None,
        [
            format!("状态为「{}」的工单不能执行「{}」", s(0), a(0)),
            format!("A work order that is {} cannot be given “{}”.", s(1), a(1)),
            format!("Ein Arbeitsauftrag im Status „{}“ kann nicht „{}“ erhalten.", s(2), a(2)),
            format!("Una orden de trabajo en estado «{}» no admite «{}».", s(3), a(3)),
            format!("Un ordre de travail à l’état « {} » n’admet pas « {} ».", s(4), a(4)),
            format!("Uma ordem de trabalho no estado «{}» não admite «{}».", s(5), a(5)),
            format!("Заявка в статусе «{}» не допускает действия «{}».", s(6), a(6)),
        ],
    )
}

pub fn not_your_order() -> PluginError {
    texts(
        409,
        None,
        [
            "该工单由其他坐席处理",
            "Another seat handles this work order.",
            "Ein anderer Platz bearbeitet diesen Arbeitsauftrag.",
            "Otro puesto gestiona esta orden de trabajo.",
            "Un autre poste traite cet ordre de travail.",
            "Outro posto trata esta ordem de trabalho.",
            "Эту заявку обрабатывает другое место.",
        ],
    )
}

pub fn unknown_device() -> PluginError {
    texts(
        400,
        Some("deviceSn"),
        [
            "没有该 SN 的设备",
            "There is no device with this SN.",
            "Es gibt kein Gerät mit dieser SN.",
            "No hay ningún dispositivo con este SN.",
            "Aucun appareil n’a ce numéro de série.",
            "Não existe nenhum dispositivo com este SN.",
            "Устройства с таким SN нет.",
        ],
    )
}

/// The columns of the work-order export, in the language at `lang` of the SDK's `LANGS`.
pub fn export_titles(lang: usize) -> [&'static str; 18] {
    const TITLES: [[&str; 18]; 7] = [
        [
            "工单号",
            "状态",
            "类型",
            "问题描述",
            "产品",
            "设备 SN",
            "问题分类",
            "用户昵称",
            "提交时间",
            "处理人",
            "提交人",
            "渠道",
            "总结标题",
            "总结内容",
            "评价",
            "已催单",
            "已解决",
            "超出 SLA",
        ],
        [
            "Number",
            "Status",
            "Type",
            "Description",
            "Product",
            "Device SN",
            "Question category",
            "User nickname",
            "Submitted",
            "Handler",
            "Submitter",
            "Channel",
            "Summary title",
            "Summary",
            "Rating",
            "Urged",
            "Resolved",
            "SLA breached",
        ],
        [
            "Nummer",
            "Status",
            "Typ",
            "Beschreibung",
            "Produkt",
            "Geräte-SN",
            "Fragekategorie",
            "Benutzername",
            "Eingereicht",
            "Bearbeiter",
            "Einreicher",
            "Kanal",
            "Titel der Zusammenfassung",
            "Zusammenfassung",
            "Bewertung",
            "Angemahnt",
            "Gelöst",
            "SLA verletzt",
        ],
        [
            "Número",
            "Estado",
            "Tipo",
            "Descripción",
            "Producto",
            "SN del dispositivo",
            "Categoría de la pregunta",
            "Apodo del usuario",
            "Enviada",
            "Responsable",
            "Remitente",
            "Canal",
            "Título del resumen",
            "Resumen",
            "Valoración",
            "Urgida",
            "Resuelta",
            "SLA incumplido",
        ],
        [
            "Numéro",
            "État",
            "Type",
            "Description",
            "Produit",
            "N° de série",
            "Catégorie de question",
            "Pseudo de l’utilisateur",
            "Soumis le",
            "Responsable",
            "Demandeur",
            "Canal",
            "Titre du résumé",
            "Résumé",
            "Évaluation",
            "Relancé",
            "Résolu",
            "SLA dépassé",
        ],
        [
            "Número",
            "Estado",
            "Tipo",
            "Descrição",
            "Produto",
            "SN do dispositivo",
            "Categoria da pergunta",
            "Alcunha do utilizador",
            "Submetida",
            "Responsável",
            "Requerente",
            "Canal",
            "Título do resumo",
            "Resumo",
            "Avaliação",
            "Com insistência",
            "Resolvida",
            "SLA excedido",
        ],
        [
            "Номер",
            "Статус",
            "Тип",
            "Описание",
            "Продукт",
            "SN устройства",
            "Категория вопроса",
            "Имя пользователя",
            "Подана",
            "Исполнитель",
            "Заявитель",
            "Канал",
            "Заголовок итога",
            "Итог",
            "Оценка",
            "Поторопили",
            "Решена",
            "SLA нарушен",
        ],
    ];
    TITLES[lang.min(6)]
}

pub fn seat_account_busy() -> PluginError {
    texts(
        409,
        Some("userName"),
        [
            "该坐席仍有接入中的会话，待会话结束后才能更换账号",
            "This seat still has chats connected; its account can change once they end.",
            "Dieser Platz hat noch verbundene Chats; sein Konto kann wechseln, sobald sie enden.",
            "Este puesto aún tiene chats conectados; su cuenta podrá cambiar cuando terminen.",
            "Ce poste a encore des discussions en cours ; son compte pourra changer une fois celles-ci terminées.",
            "Este posto ainda tem conversas ligadas; a conta pode mudar quando terminarem.",
            "У этого места ещё есть подключённые чаты; учётную запись можно сменить после их завершения.",
        ],
    )
}

/// An order nobody handles is assigned (or transferred) before it is worked on.
pub fn assign_first() -> PluginError {
    texts(
        409,
        None,
        [
            "请先分配该工单，再进行处理",
            "Assign this work order to a seat before working on it.",
            "Weisen Sie diesen Arbeitsauftrag einem Platz zu, bevor Sie ihn bearbeiten.",
            "Asigne esta orden de trabajo a un puesto antes de trabajar en ella.",
            "Attribuez cet ordre de travail à un poste avant de le traiter.",
            "Atribua esta ordem de trabalho a um posto antes de a tratar.",
            "Сначала назначьте заявку месту, затем работайте с ней.",
        ],
    )
}

pub fn chat_has_an_order(number: &str) -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            format!("该会话已生成工单 {number}"),
            format!("This chat already has work order {number}."),
            format!("Dieser Chat hat bereits den Arbeitsauftrag {number}."),
            format!("Este chat ya tiene la orden de trabajo {number}."),
            format!("Cette discussion a déjà l’ordre de travail {number}."),
            format!("Esta conversa já tem a ordem de trabalho {number}."),
            format!("У этого чата уже есть заявка {number}."),
        ],
    )
}
