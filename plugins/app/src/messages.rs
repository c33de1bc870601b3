//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

pub fn texts(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

/// "App code cannot contain an underscore."
pub fn app_code_underscore() -> PluginError {
    texts(
        400,
        Some("appCode"),
        [
            "APP 编码不能包含下划线",
            "The app code cannot contain an underscore.",
            "Der App-Code darf keinen Unterstrich enthalten.",
            "El código de la aplicación no puede contener un guion bajo.",
            "Le code de l’application ne peut pas contenir de tiret bas.",
            "O código da aplicação não pode conter um sublinhado.",
            "Код приложения не может содержать символ подчёркивания.",
        ],
    )
}

/// "Function type and key cannot both be empty."
pub fn function_type_or_key() -> PluginError {
    texts(
        400,
        Some("functionType"),
        [
            "功能类型和 Key 不能同时为空",
            "The function type and the key cannot both be empty.",
            "Funktionstyp und Schlüssel dürfen nicht beide leer sein.",
            "El tipo de función y la clave no pueden estar vacíos a la vez.",
            "Le type de fonction et la clé ne peuvent pas être vides tous les deux.",
            "O tipo de função e a chave não podem estar ambos vazios.",
            "Тип функции и ключ не могут быть пустыми одновременно.",
        ],
    )
}

/// A text whose placeholders do not match the entry's count.
pub fn placeholders(lang: &str, found: usize, expected: usize) -> PluginError {
    PluginError::localized(
        400,
        Some("texts"),
        [
            format!("{lang} 文案有 {found} 个占位符，应为 {expected} 个"),
            format!("The {lang} text has {found} placeholders; it should have {expected}."),
            format!("Der Text in {lang} hat {found} Platzhalter; er sollte {expected} haben."),
            format!("El texto en {lang} tiene {found} marcadores; debería tener {expected}."),
            format!("Le texte en {lang} a {found} espaces réservés ; il devrait en avoir {expected}."),
            format!("O texto em {lang} tem {found} marcadores; devia ter {expected}."),
            format!("В тексте на {lang} {found} заполнителей; должно быть {expected}."),
        ],
    )
}

/// "Publishing with empty copy requires confirmation." A 409 naming no field (a
/// refusal on a field is a 400 to the console).
pub fn empty_copy(count: u64) -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            format!("有 {count} 条文案未填写完整，确认后仍可发布"),
            format!("Entries with empty copy: {count}. Confirm to publish anyway."),
            format!("Einträge mit leeren Texten: {count}. Bestätigen Sie, um trotzdem zu veröffentlichen."),
            format!("Entradas con textos vacíos: {count}. Confirme para publicar de todos modos."),
            format!("Entrées aux textes vides : {count}. Confirmez pour publier quand même."),
            format!("Entradas com textos vazios: {count}. Confirme para publicar mesmo assim."),
            format!("Записей с пустыми текстами: {count}. Подтвердите, чтобы всё равно опубликовать."),
        ],
    )
}

/// "Refresh again refused within 24 hours."
pub fn refresh_too_soon() -> PluginError {
    texts(
        409,
        None,
        [
            "24 小时内不能再次刷新",
            "The questionnaire cannot be refreshed again within 24 hours.",
            "Der Fragebogen kann innerhalb von 24 Stunden nicht erneut aufgefrischt werden.",
            "El cuestionario no se puede volver a actualizar en 24 horas.",
            "Le questionnaire ne peut pas être rafraîchi de nouveau avant 24 heures.",
            "O questionário não pode ser atualizado de novo em 24 horas.",
            "Анкету нельзя обновить повторно в течение 24 часов.",
        ],
    )
}

/// Submission requires a confirmed preview.
pub fn preview_first() -> PluginError {
    texts(
        400,
        Some("previewConfirmed"),
        [
            "请先预览并确认问卷",
            "Preview the questionnaire and confirm it first.",
            "Sehen Sie sich den Fragebogen zuerst in der Vorschau an und bestätigen Sie ihn.",
            "Primero previsualice el cuestionario y confírmelo.",
            "Prévisualisez d’abord le questionnaire et confirmez-le.",
            "Pré-visualize primeiro o questionário e confirme-o.",
            "Сначала просмотрите анкету и подтвердите её.",
        ],
    )
}

/// The interval is 0 when there is no previous questionnaire.
pub fn first_interval_zero() -> PluginError {
    texts(
        400,
        Some("intervalDays"),
        [
            "没有上一份问卷时，间隔天数应为 0",
            "With no previous questionnaire the interval is 0 days.",
            "Ohne vorherigen Fragebogen beträgt der Abstand 0 Tage.",
            "Sin un cuestionario anterior, el intervalo es de 0 días.",
            "Sans questionnaire précédent, l’intervalle est de 0 jour.",
            "Sem questionário anterior, o intervalo é de 0 dias.",
            "Без предыдущей анкеты интервал равен 0 дней.",
        ],
    )
}

/// "Unblocking failed" (the user is not blocked).
pub fn unblocking_failed() -> PluginError {
    texts(
        409,
        None,
        [
            "解封失败：该用户未被封禁",
            "Unblocking failed: this user is not blocked.",
            "Entsperren fehlgeschlagen: Dieser Benutzer ist nicht gesperrt.",
            "No se pudo desbloquear: este usuario no está bloqueado.",
            "Échec du déblocage : cet utilisateur n’est pas bloqué.",
            "Falha ao desbloquear: este utilizador não está bloqueado.",
            "Не удалось разблокировать: пользователь не заблокирован.",
        ],
    )
}

pub fn already_blocked() -> PluginError {
    texts(
        409,
        None,
        [
            "该用户已被封禁",
            "This user is blocked already.",
            "Dieser Benutzer ist bereits gesperrt.",
            "Este usuario ya está bloqueado.",
            "Cet utilisateur est déjà bloqué.",
            "Este utilizador já está bloqueado.",
            "Этот пользователь уже заблокирован.",
        ],
    )
}

pub fn account_blocked() -> PluginError {
    texts(
        403,
        None,
        [
            "该账号已被封禁",
            "This account is blocked.",
            "Dieses Konto ist gesperrt.",
            "Esta cuenta está bloqueada.",
            "Ce compte est bloqué.",
            "Esta conta está bloqueada.",
            "Эта учётная запись заблокирована.",
        ],
    )
}

pub fn wrong_password() -> PluginError {
    texts(
        400,
        Some("password"),
        [
            "账号或密码错误",
            "The account or the password is wrong.",
            "Konto oder Passwort ist falsch.",
            "La cuenta o la contraseña no son correctas.",
            "Le compte ou le mot de passe est incorrect.",
            "A conta ou a palavra-passe está errada.",
            "Неверная учётная запись или пароль.",
        ],
    )
}

/// An app's user session is unknown, expired or ended (blocked, password reset, signed in on
/// too many phones): the app signs the user in again.
pub fn sign_in_again(field: &str) -> PluginError {
    texts(
        400,
        Some(field),
        [
            "登录已失效，请重新登录",
            "The sign-in has expired; please sign in again.",
            "Die Anmeldung ist abgelaufen; bitte melden Sie sich erneut an.",
            "La sesión ha caducado; vuelva a iniciar sesión.",
            "La connexion a expiré ; veuillez vous reconnecter.",
            "A sessão expirou; inicie sessão novamente.",
            "Срок входа истёк; войдите снова.",
        ],
    )
}

/// An address reported more new app users within the hour than an app's users could.
pub fn too_many_new_users() -> PluginError {
    texts(
        429,
        None,
        [
            "此地址一小时内上报的新用户过多，请稍后再试",
            "Too many new users were reported from this address within the hour; please try again later.",
            "Von dieser Adresse wurden innerhalb einer Stunde zu viele neue Benutzer gemeldet; bitte später erneut versuchen.",
            "Se han notificado demasiados usuarios nuevos desde esta dirección en una hora; inténtelo más tarde.",
            "Trop de nouveaux utilisateurs ont été signalés depuis cette adresse en une heure ; réessayez plus tard.",
            "Foram comunicados demasiados utilizadores novos a partir deste endereço numa hora; tente mais tarde.",
            "С этого адреса за час сообщено слишком много новых пользователей; повторите попытку позже.",
        ],
    )
}
