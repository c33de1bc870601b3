//! The caller's language and the host's message catalogue.
//!
//! The console speaks seven languages; every message of the host exists in all seven (the compiler
//! checks each language covers every message).

use axum::http::HeaderMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    ZhCn,
    En,
    De,
    Es,
    Fr,
    Pt,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 7] = [Lang::ZhCn, Lang::En, Lang::De, Lang::Es, Lang::Fr, Lang::Pt, Lang::Ru];

    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhCn => "zhCn",
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::Pt => "pt",
            Lang::Ru => "ru",
        }
    }

    /// Accepts the console's codes (`zhCn`) and BCP 47 tags (`zh-CN`, `en-US`, `de`).
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let primary = tag.split('-').next().unwrap_or("");
        match primary {
            "zhcn" | "zh" => Some(Lang::ZhCn),
            "en" => Some(Lang::En),
            "de" => Some(Lang::De),
            "es" => Some(Lang::Es),
            "fr" => Some(Lang::Fr),
            "pt" => Some(Lang::Pt),
            "ru" => Some(Lang::Ru),
            _ => None,
        }
    }

    /// The `lang` header the shell sends wins; then the browser's `accept-language` list;
    /// then the console default, Simplified Chinese.
    pub fn from_headers(headers: &HeaderMap) -> Lang {
        if let Some(lang) = headers.get("lang").and_then(|v| v.to_str().ok()).and_then(Lang::parse) {
            return lang;
        }
        headers
            .get("accept-language")
            .and_then(|v| v.to_str().ok())
            .and_then(|list| list.split(',').find_map(|item| Lang::parse(item.split(';').next().unwrap_or(""))))
            .unwrap_or_default()
    }
}

/// A message of the host, with its arguments, rendered in one language at the edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    Success,
    NotSignedIn,
    SessionExpired,
    SignedInElsewhere,
    AccountDisabled,
    NotPermitted,
    OtherTenant,
    PlatformOnly,
    BadCredentials,
    LoginLocked {
        minutes: i64,
    },
    Required {
        field: String,
    },
    Length {
        field: String,
        min: usize,
        max: usize,
    },
    Format {
        field: String,
        expected: &'static str,
    },
    PasswordPolicy,
    PasswordsDiffer,
    WrongPassword,
    DisableTimeInPast,
    Duplicate {
        field: String,
        value: String,
    },
    NameMismatch,
    NotFound,
    UnknownTenant,
    ContinentReadonly,
    HasSubRegions,
    HasChildren {
        what: &'static str,
    },
    InUse {
        what: &'static str,
    },
    NotGrantable {
        what: String,
    },
    CannotDeleteSelf,
    BeyondOwnRights,
    OwnRoles,
    AdministratorRoleNeedsAdministrator,
    OwnRoleUnchangeable,
    AccountBeyondOwnRights,
    OwnPasswordByChange,
    BuiltIn,
    BadJson {
        detail: String,
    },
    BodyTooLarge {
        limit_kib: usize,
    },
    NoSuchRoute,
    MethodNotAllowed,
    SystemException,
    /// Text a plugin already rendered in the caller's language.
    Text(String),
    PluginDisabled,
    DeviceKeyRefused,
    /// The optional request signature (`api::signature`), by why it is refused.
    SignatureRefused(crate::api::signature::Refusal),
    SignatureReplayed,
    /// An OAuth authorisation request the consent page cannot complete; `error` is RFC 6749's code.
    OAuthRefused {
        error: &'static str,
    },
    DeviceKeyNameTaken,
    PluginFailed,
    PluginTimeout,
    Busy,
    /// Another call changed what this one read at the same moment, after it had sent something
    /// out (it cannot run again by itself).
    ChangedMeanwhile,
    /// An upload past its purpose's limit.
    FileTooLarge {
        max_mib: u64,
    },
    /// A device key has as many uploads (or bytes) waiting for their claim as it may.
    UploadsWaiting,
    /// An upload of a kind its purpose does not take; `kind` and `expected` are kinds of
    /// `objects::sniff::KINDS`, named in the caller's language.
    FileKindRefused {
        file: String,
        kind: &'static str,
        expected: Vec<String>,
    },
    FileEncrypted {
        file: String,
        how: &'static str,
    },
    /// A zip whose index (its central directory) cannot be read: nothing can say what it holds.
    ZipUnreadable {
        file: String,
    },
    FileMissing,
    DownloadExpired,
    DownloadInvalid,
    RangeNotSatisfiable,
    /// A user asked for more exports at once than the task centre runs for one user.
    TooManyTasks {
        at_once: i64,
    },
    /// A route asked to run as an export answered something other than a file.
    NotAFile,
    /// A route asked to run as a task that its plugin does not declare one.
    NotATask,
    /// An export's file could not be stored (the object store refused it).
    ExportNotKept,
    /// An export larger than its enterprise keeps in the task centre's files.
    TaskFileTooLarge {
        mib: u64,
    },
    /// A task whose host stopped under it.
    TaskInterrupted,
    /// The applicant of a request cannot decide it.
    OwnRequest,
    DecidedAlready,
    /// The encryption tool's key is not as long as the algorithm's.
    CipherKeyLength {
        algorithm: &'static str,
        expected: usize,
        got: usize,
    },
    CipherIvLength {
        algorithm: &'static str,
        expected: usize,
        got: usize,
    },
    /// Decryption failed: wrong key, IV or data (GCM's tag, CBC's padding).
    DecryptionFailed,
    /// A result that is not text, asked for as text.
    NotText,
    /// The enterprise keeps as much of `what` (a phrase of [`EXPECTED`]) through one feature as
    /// the operator allows: `allowed` items, or MiB when `mib`.
    OverQuota {
        what: &'static str,
        allowed: u64,
        mib: bool,
    },
}

/// A kind of file (`objects::sniff::KINDS`) in the caller's language.
pub fn kind_name(lang: Lang, kind: &str) -> &'static str {
    const NAMES: [(&str, [&str; 7]); 10] = [
        ("image", ["图片", "image", "Bild", "imagen", "image", "imagem", "изображение"]),
        ("video", ["视频", "video", "Video", "vídeo", "vidéo", "vídeo", "видео"]),
        ("audio", ["音频", "audio", "Audio", "audio", "audio", "áudio", "аудио"]),
        (
            "excel",
            [
                "Excel 表格",
                "Excel workbook",
                "Excel-Arbeitsmappe",
                "libro de Excel",
                "classeur Excel",
                "livro do Excel",
                "книга Excel",
            ],
        ),
        ("archive", ["压缩包", "archive", "Archiv", "archivo comprimido", "archive", "arquivo compactado", "архив"]),
        ("application", ["可执行程序", "program", "Programm", "programa", "programme", "programa", "программа"]),
        ("document", ["文档", "document", "Dokument", "documento", "document", "documento", "документ"]),
        ("text", ["文本", "text", "Text", "texto", "texte", "texto", "текст"]),
        ("font", ["字体", "font", "Schriftart", "fuente", "police", "tipo de letra", "шрифт"]),
        (
            "unknown",
            [
                "未知类型",
                "unknown type",
                "unbekannter Typ",
                "tipo desconocido",
                "type inconnu",
                "tipo desconhecido",
                "неизвестный тип",
            ],
        ),
    ];
    let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(1);
    NAMES.iter().find(|(k, _)| *k == kind).map_or("?", |(_, names)| names[index])
}

impl Msg {
    pub fn render(&self, lang: Lang) -> String {
        match lang {
            Lang::ZhCn => self.zh(),
            Lang::En => self.en(),
            Lang::De => self.de(),
            Lang::Es => self.es(),
            Lang::Fr => self.fr(),
            Lang::Pt => self.pt(),
            Lang::Ru => self.ru(),
        }
    }

    fn zh(&self) -> String {
        match self {
            Msg::Success => "成功".into(),
            Msg::NotSignedIn => "未登录或登录已失效，请重新登录".into(),
            Msg::SessionExpired => "登录已过期，请重新登录".into(),
            Msg::SignedInElsewhere => "账号已在别处登录或会话已被撤销，请重新登录".into(),
            Msg::AccountDisabled => "账号或所属企业已被禁用".into(),
            Msg::NotPermitted => "没有此操作的权限".into(),
            Msg::OtherTenant => "无权访问其他企业的数据".into(),
            Msg::PlatformOnly => "仅平台用户可执行此操作".into(),
            Msg::BadCredentials => "用户名或密码错误".into(),
            Msg::LoginLocked { minutes } => format!("登录失败次数过多，请 {minutes} 分钟后再试"),
            Msg::Required { field } => format!("{field}：请填写必填信息"),
            Msg::Length { field, min, max } => format!("{field}：长度须在 {min} 到 {max} 个字符之间"),
            Msg::Format { field, expected } => wrong_format(Lang::ZhCn, field, localized(Lang::ZhCn, expected)),
            Msg::PasswordPolicy => "密码须为 6-18 位，且同时包含字母、数字和特殊字符".into(),
            Msg::PasswordsDiffer => "两次输入的密码不一致".into(),
            Msg::WrongPassword => "原密码不正确".into(),
            Msg::DisableTimeInPast => "禁用时间不能小于当前时间".into(),
            Msg::Duplicate { field, value } => format!("{field}：“{value}”已存在"),
            Msg::NameMismatch => "输入的内容与要删除的名称不一致".into(),
            Msg::NotFound => "数据不存在".into(),
            Msg::UnknownTenant => "企业不存在".into(),
            Msg::ContinentReadonly => "无权新增或修改大洲，父级 ID 不能为 0".into(),
            Msg::HasSubRegions => "当前区域存在子区域，不能直接删除".into(),
            Msg::HasChildren { what } => format!("当前{}存在下级，不能直接删除", localized(Lang::ZhCn, what)),
            Msg::InUse { what } => format!("当前数据仍被{}使用，不能删除", localized(Lang::ZhCn, what)),
            Msg::NotGrantable { what } => format!("企业角色不能被授予平台权限：{what}"),
            Msg::CannotDeleteSelf => "不能删除或禁用当前登录的账号".into(),
            Msg::BeyondOwnRights => "不能授予超出自身权限的角色或权限".into(),
            Msg::OwnRoles => "不能修改自己的角色".into(),
            Msg::AdministratorRoleNeedsAdministrator => "只有管理员才能新增、修改或删除管理员角色".into(),
            Msg::OwnRoleUnchangeable => "不能修改或删除自己所拥有的角色".into(),
            Msg::AccountBeyondOwnRights => "该账号的权限超出您的权限，不能对其操作".into(),
            Msg::OwnPasswordByChange => "请在个人中心通过原密码修改自己的密码".into(),
            Msg::BuiltIn => "内置数据不能修改或删除".into(),
            Msg::BadJson { detail } => format!("请求内容格式错误：{detail}"),
            Msg::BodyTooLarge { limit_kib } => format!("请求内容过大，最大 {limit_kib} KB"),
            Msg::NoSuchRoute => "接口不存在".into(),
            Msg::MethodNotAllowed => "不支持的请求方法".into(),
            Msg::SystemException => "系统异常，请稍后再试".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "贵企业未启用此功能".into(),
            Msg::DeviceKeyRefused => "设备密钥缺失或无效".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => "缺少请求签名头或格式不正确",
                crate::api::signature::Refusal::Stale => "请求签名已过期，请校准设备时间后重试",
                crate::api::signature::Refusal::Wrong => "请求签名不正确",
            }
            .into(),
            Msg::SignatureReplayed => "该请求已处理过，不可重放".into(),
            Msg::OAuthRefused { error } => format!("无法完成此授权请求（{error}），请返回发起授权的应用或服务重试"),
            Msg::UploadsWaiting => "等待处理的上传文件过多，请稍后再上传".into(),
            Msg::DeviceKeyNameTaken => "该插件已有同名设备密钥".into(),
            Msg::PluginFailed => "功能插件执行失败，操作未生效".into(),
            Msg::PluginTimeout => "操作超时已取消，未产生任何修改".into(),
            Msg::Busy => "系统繁忙，请稍后再试".into(),
            Msg::ChangedMeanwhile => "同一数据刚被他人同时修改，请重试".into(),
            Msg::FileTooLarge { max_mib } => format!("文件过大，最大 {max_mib} MB"),
            Msg::FileKindRefused { file, kind, expected } => format!(
                "“{file}”是{}，此处只接受：{}",
                kind_name(Lang::ZhCn, kind),
                expected.iter().map(|k| kind_name(Lang::ZhCn, k)).collect::<Vec<_>>().join("、")
            ),
            Msg::FileEncrypted { file, how } => format!("“{file}”已加密（{how}），请上传未加密的文件"),
            Msg::ZipUnreadable { file } => format!("无法读取“{file}”的压缩包目录，文件可能已损坏"),
            Msg::FileMissing => "未收到文件，或文件为空".into(),
            Msg::DownloadExpired => "下载链接已过期，请重新获取".into(),
            Msg::DownloadInvalid => "下载链接无效".into(),
            Msg::TooManyTasks { at_once } => format!("已有 {at_once} 个任务在进行中，请等其中一个完成后再导出"),
            Msg::NotAFile => "该操作不会生成文件，不能作为导出任务运行".into(),
            Msg::NotATask => "该文件不能由任务中心保存，请在其页面上直接下载".into(),
            Msg::ExportNotKept => "导出的文件未能保存，请重新导出".into(),
            Msg::TaskFileTooLarge { mib } => {
                format!("导出的文件超过了本企业可保存的导出文件总量（{mib} MiB），请缩小导出范围后重试")
            }
            Msg::TaskInterrupted => "任务因服务重启而中断，请重新导出".into(),
            Msg::RangeNotSatisfiable => "请求的范围超出文件大小".into(),
            Msg::OwnRequest => "不能审批自己提交的申请".into(),
            Msg::DecidedAlready => "该申请已被处理".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => {
                format!("{algorithm} 的密钥须为 {expected} 字节，当前为 {got} 字节")
            }
            Msg::CipherIvLength { algorithm, expected, got } => {
                format!("{algorithm} 的 IV 须为 {expected} 字节，当前为 {got} 字节")
            }
            Msg::DecryptionFailed => "解密失败：密钥、IV 或密文不正确，或密文已被改动".into(),
            Msg::NotText => "结果不是文本，请选择以十六进制或 Base64 输出".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{}已达到此功能在贵企业的上限（{allowed}{}），请先删除部分数据，或联系平台运营方提高上限",
                localized(Lang::ZhCn, what),
                if *mib { " MB" } else { "" }
            ),
        }
    }

    fn en(&self) -> String {
        match self {
            Msg::Success => "success".into(),
            Msg::NotSignedIn => "You are not signed in, or your session is no longer valid. Please sign in.".into(),
            Msg::SessionExpired => "Your session has expired. Please sign in again.".into(),
            Msg::SignedInElsewhere => {
                "Your account signed in elsewhere or this session was revoked. Please sign in again.".into()
            }
            Msg::AccountDisabled => "This account or its enterprise is disabled.".into(),
            Msg::NotPermitted => "You do not have permission for this operation.".into(),
            Msg::OtherTenant => "You may not act for another enterprise.".into(),
            Msg::PlatformOnly => "Only platform users may do this.".into(),
            Msg::BadCredentials => "Wrong user name or password.".into(),
            Msg::LoginLocked { minutes } => {
                format!("Too many failed sign-ins. Try again in {minutes} minutes.")
            }
            Msg::Required { field } => format!("{field}: please fill in the required information."),
            Msg::Length { field, min, max } => {
                format!("{field}: must be between {min} and {max} characters long.")
            }
            Msg::Format { field, expected } => wrong_format(Lang::En, field, expected),
            Msg::PasswordPolicy => {
                "The password must be 6 to 18 characters and combine letters, numbers and special characters.".into()
            }
            Msg::PasswordsDiffer => "The two passwords do not match.".into(),
            Msg::WrongPassword => "The current password is wrong.".into(),
            Msg::DisableTimeInPast => "Disable time cannot be earlier than the current time.".into(),
            Msg::Duplicate { field, value } => format!("{field}: \"{value}\" already exists."),
            Msg::NameMismatch => "The input does not match the name to delete.".into(),
            Msg::NotFound => "Data does not exist.".into(),
            Msg::UnknownTenant => "The enterprise does not exist.".into(),
            Msg::ContinentReadonly => "No right to add or modify continents; parent ID cannot be 0.".into(),
            Msg::HasSubRegions => "The current region has sub-regions and cannot be deleted directly.".into(),
            Msg::HasChildren { what } => format!("This {what} has children and cannot be deleted directly."),
            Msg::InUse { what } => format!("This item is still used by {what} and cannot be deleted."),
            Msg::NotGrantable { what } => {
                format!("An enterprise role cannot be granted platform permissions: {what}")
            }
            Msg::CannotDeleteSelf => "You cannot delete or disable the account you are signed in with.".into(),
            Msg::BeyondOwnRights => "You cannot give roles or permissions beyond your own.".into(),
            Msg::OwnRoles => "You cannot change your own roles.".into(),
            Msg::AdministratorRoleNeedsAdministrator => {
                "Only an administrator can create, change or delete an administrator role.".into()
            }
            Msg::OwnRoleUnchangeable => "You cannot change or delete a role you hold.".into(),
            Msg::AccountBeyondOwnRights => "This account has rights beyond your own; you cannot change it.".into(),
            Msg::OwnPasswordByChange => {
                "Change your own password in the personal centre, with your current password.".into()
            }
            Msg::BuiltIn => "Built-in data cannot be modified or deleted.".into(),
            Msg::BadJson { detail } => format!("Malformed request: {detail}"),
            Msg::BodyTooLarge { limit_kib } => format!("The request is too large; the limit is {limit_kib} KiB."),
            Msg::NoSuchRoute => "No such API.".into(),
            Msg::MethodNotAllowed => "Method not allowed.".into(),
            Msg::SystemException => "System exception, please try again later.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "This feature is not enabled for your enterprise.".into(),
            Msg::DeviceKeyRefused => "The device key is missing or not valid.".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => "The request signature headers are missing or malformed.",
                crate::api::signature::Refusal::Stale => {
                    "The request signature has expired: check the device's clock and sign again."
                }
                crate::api::signature::Refusal::Wrong => "The request signature does not match the request.",
            }
            .into(),
            Msg::SignatureReplayed => "This request was already received: a signed request cannot be replayed.".into(),
            Msg::OAuthRefused { error } => format!(
                "This authorisation request cannot be completed ({error}). Go back to the app or service that sent you here and try again."
            ),
            Msg::UploadsWaiting => {
                "Too many uploaded files are still waiting to be used; please upload again later.".into()
            }
            Msg::DeviceKeyNameTaken => "This plugin already has a device key with that name.".into(),
            Msg::PluginFailed => "The feature failed; nothing was changed.".into(),
            Msg::PluginTimeout => "The operation took too long and was cancelled; nothing was changed.".into(),
            Msg::Busy => "The system is busy, please try again.".into(),
            Msg::ChangedMeanwhile => "Someone changed the same data at the same moment; please try again.".into(),
            Msg::FileTooLarge { max_mib } => format!("The file is too large; the limit is {max_mib} MiB."),
            Msg::FileKindRefused { file, kind, expected } => format!(
                "“{file}” is {}; only this is accepted here: {}.",
                with_article(kind_name(Lang::En, kind)),
                expected.iter().map(|k| kind_name(Lang::En, k)).collect::<Vec<_>>().join(", ")
            ),
            Msg::FileEncrypted { file, how } => {
                format!("“{file}” is encrypted ({how}). Please upload it without password protection.")
            }
            Msg::ZipUnreadable { file } => {
                format!("The index of the zip “{file}” cannot be read; the file may be damaged.")
            }
            Msg::FileMissing => "No file was sent, or it is empty.".into(),
            Msg::DownloadExpired => "This download link has expired; please ask for a new one.".into(),
            Msg::DownloadInvalid => "This download link is not valid.".into(),
            Msg::TooManyTasks { at_once } => {
                format!("{at_once} tasks of yours are already running; export again once one of them has finished.")
            }
            Msg::NotAFile => "This operation does not make a file, so it cannot run as an export.".into(),
            Msg::NotATask => "This file cannot be kept by the task centre; download it from its page.".into(),
            Msg::ExportNotKept => "The exported file could not be kept; please export again.".into(),
            Msg::TaskFileTooLarge { mib } => format!(
                "The export is larger than all your enterprise may keep in exported files ({mib} MiB); narrow the list and export again."
            ),
            Msg::TaskInterrupted => "The task was interrupted by a restart of the service; please export again.".into(),
            Msg::RangeNotSatisfiable => "The requested range lies outside the file.".into(),
            Msg::OwnRequest => "You cannot decide a request you submitted yourself.".into(),
            Msg::DecidedAlready => "This request has already been decided.".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => {
                format!("{algorithm} takes a key of {expected} bytes; this one has {got}.")
            }
            Msg::CipherIvLength { algorithm, expected, got } => {
                format!("{algorithm} takes an IV of {expected} bytes; this one has {got}.")
            }
            Msg::DecryptionFailed => {
                "Decryption failed: the key, the IV or the ciphertext is wrong, or the ciphertext was altered.".into()
            }
            Msg::NotText => "The result is not text: show it as hexadecimal or Base64.".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{what}: this feature has reached your enterprise's limit ({allowed}{}). Delete some, or ask the platform operator to raise the limit.",
                if *mib { " MiB" } else { "" }
            ),
        }
    }

    fn de(&self) -> String {
        match self {
            Msg::Success => "Erfolg".into(),
            Msg::NotSignedIn => {
                "Sie sind nicht angemeldet oder Ihre Sitzung ist ungültig. Bitte melden Sie sich an.".into()
            }
            Msg::SessionExpired => "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.".into(),
            Msg::SignedInElsewhere => {
                "Ihr Konto wurde anderswo angemeldet oder diese Sitzung wurde beendet. Bitte melden Sie sich erneut an."
                    .into()
            }
            Msg::AccountDisabled => "Dieses Konto oder sein Unternehmen ist deaktiviert.".into(),
            Msg::NotPermitted => "Sie haben keine Berechtigung für diesen Vorgang.".into(),
            Msg::OtherTenant => "Sie dürfen nicht für ein anderes Unternehmen handeln.".into(),
            Msg::PlatformOnly => "Nur Plattformbenutzer dürfen das.".into(),
            Msg::BadCredentials => "Falscher Benutzername oder falsches Passwort.".into(),
            Msg::LoginLocked { minutes } => {
                format!("Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in {minutes} Minuten erneut.")
            }
            Msg::Required { field } => format!("{field}: bitte Pflichtangaben ausfüllen."),
            Msg::Length { field, min, max } => format!("{field}: muss {min} bis {max} Zeichen lang sein."),
            Msg::Format { field, expected } => wrong_format(Lang::De, field, localized(Lang::De, expected)),
            Msg::PasswordPolicy => {
                "Das Passwort muss 6 bis 18 Zeichen lang sein und Buchstaben, Ziffern und Sonderzeichen kombinieren."
                    .into()
            }
            Msg::PasswordsDiffer => "Die beiden Passwörter stimmen nicht überein.".into(),
            Msg::WrongPassword => "Das aktuelle Passwort ist falsch.".into(),
            Msg::DisableTimeInPast => "Die Deaktivierungszeit darf nicht vor der aktuellen Zeit liegen.".into(),
            Msg::Duplicate { field, value } => format!("{field}: „{value}“ existiert bereits."),
            Msg::NameMismatch => "Die Eingabe stimmt nicht mit dem zu löschenden Namen überein.".into(),
            Msg::NotFound => "Die Daten existieren nicht.".into(),
            Msg::UnknownTenant => "Das Unternehmen existiert nicht.".into(),
            Msg::ContinentReadonly => {
                "Kontinente können nicht angelegt oder geändert werden; die übergeordnete ID darf nicht 0 sein.".into()
            }
            Msg::HasSubRegions => "Die Region hat Unterregionen und kann nicht direkt gelöscht werden.".into(),
            Msg::HasChildren { what } => {
                format!(
                    "Dieses Element ({}) hat Unterelemente und kann nicht direkt gelöscht werden.",
                    localized(Lang::De, what)
                )
            }
            Msg::InUse { what } => {
                format!("Noch verwendet von: {}; kann nicht gelöscht werden.", localized(Lang::De, what))
            }
            Msg::NotGrantable { what } => {
                format!("Einer Unternehmensrolle können keine Plattformrechte gegeben werden: {what}")
            }
            Msg::CannotDeleteSelf => "Sie können das angemeldete Konto nicht löschen oder deaktivieren.".into(),
            Msg::BeyondOwnRights => "Sie können keine Rollen oder Rechte über Ihre eigenen hinaus vergeben.".into(),
            Msg::OwnRoles => "Sie können Ihre eigenen Rollen nicht ändern.".into(),
            Msg::AdministratorRoleNeedsAdministrator => {
                "Nur ein Administrator kann eine Administratorrolle anlegen, ändern oder löschen.".into()
            }
            Msg::OwnRoleUnchangeable => "Sie können keine Rolle ändern oder löschen, die Sie selbst innehaben.".into(),
            Msg::AccountBeyondOwnRights => {
                "Dieses Konto hat Rechte, die über Ihre eigenen hinausgehen; Sie können es nicht ändern.".into()
            }
            Msg::OwnPasswordByChange => {
                "Ändern Sie Ihr eigenes Passwort im persönlichen Bereich mit Ihrem aktuellen Passwort.".into()
            }
            Msg::BuiltIn => "Integrierte Daten können nicht geändert oder gelöscht werden.".into(),
            Msg::BadJson { detail } => format!("Fehlerhafte Anfrage: {detail}"),
            Msg::BodyTooLarge { limit_kib } => {
                format!("Die Anfrage ist zu groß; die Grenze liegt bei {limit_kib} KiB.")
            }
            Msg::NoSuchRoute => "Diese API gibt es nicht.".into(),
            Msg::MethodNotAllowed => "Methode nicht erlaubt.".into(),
            Msg::SystemException => "Systemfehler, bitte später erneut versuchen.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "Diese Funktion ist für Ihr Unternehmen nicht aktiviert.".into(),
            Msg::DeviceKeyRefused => "Der Geräteschlüssel fehlt oder ist ungültig.".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => "Die Kopfzeilen der Anfragesignatur fehlen oder sind fehlerhaft.",
                crate::api::signature::Refusal::Stale => "Die Anfragesignatur ist abgelaufen: Prüfen Sie die Uhr des Geräts und signieren Sie erneut.",
                crate::api::signature::Refusal::Wrong => "Die Anfragesignatur passt nicht zur Anfrage.",
            }
            .into(),
            Msg::SignatureReplayed => "Diese Anfrage wurde bereits empfangen: Eine signierte Anfrage kann nicht wiederholt werden.".into(),
            Msg::OAuthRefused { error } => format!("Diese Autorisierungsanfrage kann nicht abgeschlossen werden ({error}). Kehren Sie zur App oder zum Dienst zurück, der Sie hierher geschickt hat, und versuchen Sie es erneut."),
            Msg::UploadsWaiting => {
                "Zu viele hochgeladene Dateien warten noch auf ihre Verwendung; bitte später erneut hochladen.".into()
            }
            Msg::DeviceKeyNameTaken => "Dieses Plugin hat bereits einen Geräteschlüssel mit diesem Namen.".into(),
            Msg::PluginFailed => "Die Funktion ist fehlgeschlagen; nichts wurde geändert.".into(),
            Msg::PluginTimeout => "Der Vorgang dauerte zu lange und wurde abgebrochen; nichts wurde geändert.".into(),
            Msg::Busy => "Das System ist ausgelastet, bitte erneut versuchen.".into(),
            Msg::ChangedMeanwhile => "Jemand hat dieselben Daten im selben Moment geändert; bitte erneut versuchen.".into(),
            Msg::FileTooLarge { max_mib } => format!("Die Datei ist zu groß; höchstens {max_mib} MiB sind erlaubt."),
            Msg::FileKindRefused { file, kind, expected } => format!(
                "„{file}“ ist vom Typ {}; hier wird nur angenommen: {}.",
                kind_name(Lang::De, kind),
                expected.iter().map(|k| kind_name(Lang::De, k)).collect::<Vec<_>>().join(", ")
            ),
            Msg::FileEncrypted { file, how } => {
                format!("„{file}“ ist verschlüsselt ({how}). Bitte laden Sie die Datei ohne Passwortschutz hoch.")
            }
            Msg::ZipUnreadable { file } => {
                format!("Das Inhaltsverzeichnis des ZIP-Archivs „{file}“ ist nicht lesbar; die Datei ist möglicherweise beschädigt.")
            }
            Msg::FileMissing => "Es wurde keine Datei gesendet, oder sie ist leer.".into(),
            Msg::DownloadExpired => "Dieser Download-Link ist abgelaufen; bitte fordern Sie einen neuen an.".into(),
            Msg::DownloadInvalid => "Dieser Download-Link ist ungültig.".into(),
            Msg::TooManyTasks { at_once } => format!("Es laufen bereits {at_once} Ihrer Aufgaben; exportieren Sie erneut, sobald eine davon abgeschlossen ist."),
            Msg::NotAFile => "Dieser Vorgang erzeugt keine Datei und kann daher nicht als Export laufen.".into(),
            Msg::NotATask => "Diese Datei kann nicht in der Aufgabenliste aufbewahrt werden; laden Sie sie auf ihrer Seite herunter.".into(),
            Msg::ExportNotKept => "Die exportierte Datei konnte nicht gespeichert werden; bitte exportieren Sie erneut.".into(),
            Msg::TaskFileTooLarge { mib } => format!("Der Export ist größer als alles, was Ihr Unternehmen an exportierten Dateien behalten darf ({mib} MiB); grenzen Sie die Liste ein und exportieren Sie erneut."),
            Msg::TaskInterrupted => "Die Aufgabe wurde durch einen Neustart des Dienstes unterbrochen; bitte exportieren Sie erneut.".into(),
            Msg::RangeNotSatisfiable => "Der angeforderte Bereich liegt außerhalb der Datei.".into(),
            Msg::OwnRequest => "Über einen eigenen Antrag können Sie nicht selbst entscheiden.".into(),
            Msg::DecidedAlready => "Über diesen Antrag wurde bereits entschieden.".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => format!("{algorithm} verlangt einen Schlüssel von {expected} Byte; dieser hat {got}."),
            Msg::CipherIvLength { algorithm, expected, got } => format!("{algorithm} verlangt einen IV von {expected} Byte; dieser hat {got}."),
            Msg::DecryptionFailed => "Entschlüsselung fehlgeschlagen: Schlüssel, IV oder Chiffretext sind falsch, oder der Chiffretext wurde verändert.".into(),
            Msg::NotText => "Das Ergebnis ist kein Text: Geben Sie es hexadezimal oder als Base64 aus.".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{}: Diese Funktion hat die Obergrenze Ihres Unternehmens erreicht ({allowed}{}). Löschen Sie einen Teil oder bitten Sie den Plattformbetreiber, die Grenze anzuheben.",
                localized(Lang::De, what),
                if *mib { " MiB" } else { "" }
            ),
        }
    }

    fn es(&self) -> String {
        match self {
            Msg::Success => "éxito".into(),
            Msg::NotSignedIn => "No ha iniciado sesión o su sesión ya no es válida. Inicie sesión.".into(),
            Msg::SessionExpired => "Su sesión ha caducado. Vuelva a iniciar sesión.".into(),
            Msg::SignedInElsewhere => {
                "Su cuenta inició sesión en otro lugar o esta sesión fue revocada. Vuelva a iniciar sesión.".into()
            }
            Msg::AccountDisabled => "Esta cuenta o su empresa está desactivada.".into(),
            Msg::NotPermitted => "No tiene permiso para esta operación.".into(),
            Msg::OtherTenant => "No puede actuar en nombre de otra empresa.".into(),
            Msg::PlatformOnly => "Solo los usuarios de la plataforma pueden hacerlo.".into(),
            Msg::BadCredentials => "Usuario o contraseña incorrectos.".into(),
            Msg::LoginLocked { minutes } => {
                format!("Demasiados intentos fallidos. Inténtelo de nuevo en {minutes} minutos.")
            }
            Msg::Required { field } => format!("{field}: complete la información obligatoria."),
            Msg::Length { field, min, max } => format!("{field}: debe tener entre {min} y {max} caracteres."),
            Msg::Format { field, expected } => wrong_format(Lang::Es, field, localized(Lang::Es, expected)),
            Msg::PasswordPolicy => {
                "La contraseña debe tener de 6 a 18 caracteres y combinar letras, números y caracteres especiales."
                    .into()
            }
            Msg::PasswordsDiffer => "Las dos contraseñas no coinciden.".into(),
            Msg::WrongPassword => "La contraseña actual es incorrecta.".into(),
            Msg::DisableTimeInPast => "La hora de desactivación no puede ser anterior a la actual.".into(),
            Msg::Duplicate { field, value } => format!("{field}: «{value}» ya existe."),
            Msg::NameMismatch => "El texto no coincide con el nombre a eliminar.".into(),
            Msg::NotFound => "Los datos no existen.".into(),
            Msg::UnknownTenant => "La empresa no existe.".into(),
            Msg::ContinentReadonly => {
                "No se pueden añadir ni modificar continentes; el ID superior no puede ser 0.".into()
            }
            Msg::HasSubRegions => "La región tiene subregiones y no se puede eliminar directamente.".into(),
            Msg::HasChildren { what } => {
                format!(
                    "Este elemento ({}) tiene elementos hijos y no se puede eliminar directamente.",
                    localized(Lang::Es, what)
                )
            }
            Msg::InUse { what } => format!("Aún en uso por: {}; no se puede eliminar.", localized(Lang::Es, what)),
            Msg::NotGrantable { what } => {
                format!("No se pueden dar permisos de plataforma a un rol de empresa: {what}")
            }
            Msg::CannotDeleteSelf => "No puede eliminar ni desactivar la cuenta con la que ha iniciado sesión.".into(),
            Msg::BeyondOwnRights => "No puede dar roles o permisos más allá de los suyos.".into(),
            Msg::OwnRoles => "No puede cambiar sus propios roles.".into(),
            Msg::AdministratorRoleNeedsAdministrator => {
                "Solo un administrador puede crear, modificar o eliminar un rol de administrador.".into()
            }
            Msg::OwnRoleUnchangeable => "No puede modificar ni eliminar un rol que usted mismo tiene.".into(),
            Msg::AccountBeyondOwnRights => {
                "Esta cuenta tiene permisos que superan los suyos; no puede modificarla.".into()
            }
            Msg::OwnPasswordByChange => {
                "Cambie su propia contraseña en el centro personal, con su contraseña actual.".into()
            }
            Msg::BuiltIn => "Los datos integrados no se pueden modificar ni eliminar.".into(),
            Msg::BadJson { detail } => format!("Solicitud mal formada: {detail}"),
            Msg::BodyTooLarge { limit_kib } => {
                format!("La solicitud es demasiado grande; el límite es {limit_kib} KiB.")
            }
            Msg::NoSuchRoute => "No existe esa API.".into(),
            Msg::MethodNotAllowed => "Método no permitido.".into(),
            Msg::SystemException => "Excepción del sistema, inténtelo más tarde.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "Esta función no está activada para su empresa.".into(),
            Msg::DeviceKeyRefused => "Falta la clave de dispositivo o no es válida.".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => "Faltan las cabeceras de la firma de la solicitud o están mal formadas.",
                crate::api::signature::Refusal::Stale => "La firma de la solicitud ha caducado: compruebe el reloj del dispositivo y vuelva a firmar.",
                crate::api::signature::Refusal::Wrong => "La firma no corresponde a la solicitud.",
            }
            .into(),
            Msg::SignatureReplayed => "Esta solicitud ya se recibió: una solicitud firmada no puede repetirse.".into(),
            Msg::OAuthRefused { error } => format!("No se puede completar esta solicitud de autorización ({error}). Vuelva a la aplicación o al servicio que le envió aquí e inténtelo de nuevo."),
            Msg::UploadsWaiting => {
                "Hay demasiados archivos subidos esperando a usarse; vuelva a subirlo más tarde.".into()
            }
            Msg::DeviceKeyNameTaken => "Este complemento ya tiene una clave de dispositivo con ese nombre.".into(),
            Msg::PluginFailed => "La función falló; no se cambió nada.".into(),
            Msg::PluginTimeout => "La operación tardó demasiado y se canceló; no se cambió nada.".into(),
            Msg::Busy => "El sistema está ocupado, inténtelo de nuevo.".into(),
            Msg::ChangedMeanwhile => "Alguien cambió los mismos datos en el mismo momento; inténtelo de nuevo.".into(),
            Msg::FileTooLarge { max_mib } => format!("El archivo es demasiado grande; el límite es {max_mib} MiB."),
            Msg::FileKindRefused { file, kind, expected } => format!(
                "«{file}» es de tipo {}; aquí solo se acepta: {}.",
                kind_name(Lang::Es, kind),
                expected.iter().map(|k| kind_name(Lang::Es, k)).collect::<Vec<_>>().join(", ")
            ),
            Msg::FileEncrypted { file, how } => {
                format!("«{file}» está cifrado ({how}). Súbalo sin protección por contraseña.")
            }
            Msg::ZipUnreadable { file } => {
                format!("No se puede leer el índice del zip «{file}»; el archivo puede estar dañado.")
            }
            Msg::FileMissing => "No se envió ningún archivo, o está vacío.".into(),
            Msg::DownloadExpired => "Este enlace de descarga ha caducado; solicite uno nuevo.".into(),
            Msg::DownloadInvalid => "Este enlace de descarga no es válido.".into(),
            Msg::TooManyTasks { at_once } => format!("Ya tiene {at_once} tareas en curso; vuelva a exportar cuando termine alguna."),
            Msg::NotAFile => "Esta operación no genera ningún archivo, así que no puede ejecutarse como exportación.".into(),
            Msg::NotATask => "El centro de tareas no puede conservar este archivo; descárguelo desde su página.".into(),
            Msg::ExportNotKept => "No se pudo conservar el archivo exportado; vuelva a exportarlo.".into(),
            Msg::TaskFileTooLarge { mib } => format!("La exportación supera todo lo que su empresa puede conservar en archivos exportados ({mib} MiB); acote la lista y vuelva a exportar."),
            Msg::TaskInterrupted => "Un reinicio del servicio interrumpió la tarea; vuelva a exportar.".into(),
            Msg::RangeNotSatisfiable => "El rango solicitado está fuera del archivo.".into(),
            Msg::OwnRequest => "No puede resolver una solicitud que usted mismo presentó.".into(),
            Msg::DecidedAlready => "Esta solicitud ya se ha resuelto.".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => format!("{algorithm} requiere una clave de {expected} bytes; esta tiene {got}."),
            Msg::CipherIvLength { algorithm, expected, got } => format!("{algorithm} requiere un IV de {expected} bytes; este tiene {got}."),
            Msg::DecryptionFailed => "No se pudo descifrar: la clave, el IV o el texto cifrado son incorrectos, o el texto cifrado fue alterado.".into(),
            Msg::NotText => "El resultado no es texto: muéstrelo en hexadecimal o en Base64.".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{}: esta función ha alcanzado el límite de su empresa ({allowed}{}). Elimine una parte o pida al operador de la plataforma que amplíe el límite.",
                localized(Lang::Es, what),
                if *mib { " MiB" } else { "" }
            ),
        }
    }

    fn fr(&self) -> String {
        match self {
            Msg::Success => "succès".into(),
            Msg::NotSignedIn => {
                "Vous n’êtes pas connecté ou votre session n’est plus valide. Veuillez vous connecter.".into()
            }
            Msg::SessionExpired => "Votre session a expiré. Veuillez vous reconnecter.".into(),
            Msg::SignedInElsewhere => {
                "Votre compte s’est connecté ailleurs ou cette session a été révoquée. Veuillez vous reconnecter."
                    .into()
            }
            Msg::AccountDisabled => "Ce compte ou son entreprise est désactivé.".into(),
            Msg::NotPermitted => "Vous n’avez pas l’autorisation pour cette opération.".into(),
            Msg::OtherTenant => "Vous ne pouvez pas agir pour une autre entreprise.".into(),
            Msg::PlatformOnly => "Seuls les utilisateurs de la plateforme peuvent le faire.".into(),
            Msg::BadCredentials => "Nom d’utilisateur ou mot de passe incorrect.".into(),
            Msg::LoginLocked { minutes } => format!("Trop d’échecs de connexion. Réessayez dans {minutes} minutes."),
            Msg::Required { field } => format!("{field} : veuillez remplir les informations obligatoires."),
            Msg::Length { field, min, max } => format!("{field} : doit contenir entre {min} et {max} caractères."),
            Msg::Format { field, expected } => wrong_format(Lang::Fr, field, localized(Lang::Fr, expected)),
            Msg::PasswordPolicy => {
                "Le mot de passe doit contenir 6 à 18 caractères combinant lettres, chiffres et caractères spéciaux."
                    .into()
            }
            Msg::PasswordsDiffer => "Les deux mots de passe ne correspondent pas.".into(),
            Msg::WrongPassword => "Le mot de passe actuel est incorrect.".into(),
            Msg::DisableTimeInPast => "L’heure de désactivation ne peut pas être antérieure à l’heure actuelle.".into(),
            Msg::Duplicate { field, value } => format!("{field} : « {value} » existe déjà."),
            Msg::NameMismatch => "La saisie ne correspond pas au nom à supprimer.".into(),
            Msg::NotFound => "Les données n’existent pas.".into(),
            Msg::UnknownTenant => "L’entreprise n’existe pas.".into(),
            Msg::ContinentReadonly => {
                "Impossible d’ajouter ou de modifier des continents ; l’ID parent ne peut pas être 0.".into()
            }
            Msg::HasSubRegions => "La région a des sous-régions et ne peut pas être supprimée directement.".into(),
            Msg::HasChildren { what } => {
                format!(
                    "Cet élément ({}) a des enfants et ne peut pas être supprimé directement.",
                    localized(Lang::Fr, what)
                )
            }
            Msg::InUse { what } => {
                format!("Encore utilisé par : {} ; suppression impossible.", localized(Lang::Fr, what))
            }
            Msg::NotGrantable { what } => {
                format!("Un rôle d’entreprise ne peut pas recevoir de droits de plateforme : {what}")
            }
            Msg::CannotDeleteSelf => "Vous ne pouvez pas supprimer ou désactiver le compte connecté.".into(),
            Msg::BeyondOwnRights => "Vous ne pouvez pas donner de rôles ou de droits au-delà des vôtres.".into(),
            Msg::OwnRoles => "Vous ne pouvez pas modifier vos propres rôles.".into(),
            Msg::AdministratorRoleNeedsAdministrator => {
                "Seul un administrateur peut créer, modifier ou supprimer un rôle d'administrateur.".into()
            }
            Msg::OwnRoleUnchangeable => "Vous ne pouvez pas modifier ni supprimer un rôle que vous détenez.".into(),
            Msg::AccountBeyondOwnRights => {
                "Ce compte dispose de droits supérieurs aux vôtres ; vous ne pouvez pas le modifier.".into()
            }
            Msg::OwnPasswordByChange => {
                "Modifiez votre propre mot de passe dans l'espace personnel, avec votre mot de passe actuel.".into()
            }
            Msg::BuiltIn => "Les données intégrées ne peuvent être ni modifiées ni supprimées.".into(),
            Msg::BadJson { detail } => format!("Requête mal formée : {detail}"),
            Msg::BodyTooLarge { limit_kib } => {
                format!("La requête est trop volumineuse ; la limite est de {limit_kib} Kio.")
            }
            Msg::NoSuchRoute => "Cette API n’existe pas.".into(),
            Msg::MethodNotAllowed => "Méthode non autorisée.".into(),
            Msg::SystemException => "Exception système, veuillez réessayer plus tard.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "Cette fonction n’est pas activée pour votre entreprise.".into(),
            Msg::DeviceKeyRefused => "La clé d’appareil est absente ou invalide.".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => "Les en-têtes de signature de la requête sont absents ou mal formés.",
                crate::api::signature::Refusal::Stale => "La signature de la requête a expiré : vérifiez l’horloge de l’appareil et signez de nouveau.",
                crate::api::signature::Refusal::Wrong => "La signature ne correspond pas à la requête.",
            }
            .into(),
            Msg::SignatureReplayed => "Cette requête a déjà été reçue : une requête signée ne peut pas être rejouée.".into(),
            Msg::OAuthRefused { error } => format!("Cette demande d’autorisation ne peut pas aboutir ({error}). Revenez à l’application ou au service qui vous a envoyé ici et réessayez."),
            Msg::UploadsWaiting => {
                "Trop de fichiers téléversés attendent encore d’être utilisés ; réessayez plus tard.".into()
            }
            Msg::DeviceKeyNameTaken => "Ce module a déjà une clé d’appareil portant ce nom.".into(),
            Msg::PluginFailed => "La fonction a échoué ; rien n’a été modifié.".into(),
            Msg::PluginTimeout => "L’opération a pris trop de temps et a été annulée ; rien n’a été modifié.".into(),
            Msg::Busy => "Le système est occupé, veuillez réessayer.".into(),
            Msg::ChangedMeanwhile => "Quelqu’un a modifié les mêmes données au même moment ; veuillez réessayer.".into(),
            Msg::FileTooLarge { max_mib } => {
                format!("Le fichier est trop volumineux ; la limite est de {max_mib} Mio.")
            }
            Msg::FileKindRefused { file, kind, expected } => format!(
                "« {file} » est de type {} ; seul ceci est accepté ici : {}.",
                kind_name(Lang::Fr, kind),
                expected.iter().map(|k| kind_name(Lang::Fr, k)).collect::<Vec<_>>().join(", ")
            ),
            Msg::FileEncrypted { file, how } => {
                format!("« {file} » est chiffré ({how}). Veuillez l’envoyer sans protection par mot de passe.")
            }
            Msg::ZipUnreadable { file } => {
                format!("L’index de l’archive zip « {file} » est illisible ; le fichier est peut-être endommagé.")
            }
            Msg::FileMissing => "Aucun fichier n’a été envoyé, ou il est vide.".into(),
            Msg::DownloadExpired => "Ce lien de téléchargement a expiré ; veuillez en demander un nouveau.".into(),
            Msg::DownloadInvalid => "Ce lien de téléchargement n’est pas valide.".into(),
            Msg::TooManyTasks { at_once } => format!("{at_once} de vos tâches sont déjà en cours ; relancez l’export quand l’une d’elles sera terminée."),
            Msg::NotAFile => "Cette opération ne produit pas de fichier : elle ne peut pas s’exécuter comme un export.".into(),
            Msg::NotATask => "Ce fichier ne peut pas être conservé par le centre des tâches ; téléchargez-le depuis sa page.".into(),
            Msg::ExportNotKept => "Le fichier exporté n’a pas pu être conservé ; relancez l’export.".into(),
            Msg::TaskFileTooLarge { mib } => format!("L’export dépasse tout ce que votre entreprise peut conserver en fichiers exportés ({mib} Mio) ; restreignez la liste et relancez l’export."),
            Msg::TaskInterrupted => "La tâche a été interrompue par un redémarrage du service ; relancez l’export.".into(),
            Msg::RangeNotSatisfiable => "La plage demandée est en dehors du fichier.".into(),
            Msg::OwnRequest => "Vous ne pouvez pas statuer sur une demande que vous avez soumise.".into(),
            Msg::DecidedAlready => "Il a déjà été statué sur cette demande.".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => format!("{algorithm} demande une clé de {expected} octets ; celle-ci en a {got}."),
            Msg::CipherIvLength { algorithm, expected, got } => format!("{algorithm} demande un IV de {expected} octets ; celui-ci en a {got}."),
            Msg::DecryptionFailed => "Échec du déchiffrement : la clé, l'IV ou le texte chiffré est erroné, ou le texte chiffré a été modifié.".into(),
            Msg::NotText => "Le résultat n'est pas du texte : affichez-le en hexadécimal ou en Base64.".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{} : cette fonction a atteint la limite de votre entreprise ({allowed}{}). Supprimez-en une partie ou demandez à l'opérateur de la plateforme de relever la limite.",
                localized(Lang::Fr, what),
                if *mib { " Mio" } else { "" }
            ),
        }
    }

    fn pt(&self) -> String {
        match self {
            Msg::Success => "sucesso".into(),
            Msg::NotSignedIn => "Não tem sessão iniciada ou a sessão já não é válida. Inicie sessão.".into(),
            Msg::SessionExpired => "A sua sessão expirou. Inicie sessão novamente.".into(),
            Msg::SignedInElsewhere => {
                "A sua conta iniciou sessão noutro local ou esta sessão foi revogada. Inicie sessão novamente.".into()
            }
            Msg::AccountDisabled => "Esta conta ou a sua empresa está desativada.".into(),
            Msg::NotPermitted => "Não tem permissão para esta operação.".into(),
            Msg::OtherTenant => "Não pode agir em nome de outra empresa.".into(),
            Msg::PlatformOnly => "Apenas utilizadores da plataforma podem fazê-lo.".into(),
            Msg::BadCredentials => "Utilizador ou palavra-passe incorretos.".into(),
            Msg::LoginLocked { minutes } => {
                format!("Demasiadas tentativas falhadas. Tente novamente dentro de {minutes} minutos.")
            }
            Msg::Required { field } => format!("{field}: preencha as informações obrigatórias."),
            Msg::Length { field, min, max } => format!("{field}: deve ter entre {min} e {max} caracteres."),
            Msg::Format { field, expected } => wrong_format(Lang::Pt, field, localized(Lang::Pt, expected)),
            Msg::PasswordPolicy => {
                "A palavra-passe deve ter de 6 a 18 caracteres e combinar letras, números e caracteres especiais."
                    .into()
            }
            Msg::PasswordsDiffer => "As duas palavras-passe não coincidem.".into(),
            Msg::WrongPassword => "A palavra-passe atual está incorreta.".into(),
            Msg::DisableTimeInPast => "A hora de desativação não pode ser anterior à atual.".into(),
            Msg::Duplicate { field, value } => format!("{field}: «{value}» já existe."),
            Msg::NameMismatch => "O texto não corresponde ao nome a eliminar.".into(),
            Msg::NotFound => "Os dados não existem.".into(),
            Msg::UnknownTenant => "A empresa não existe.".into(),
            Msg::ContinentReadonly => {
                "Não é possível adicionar ou modificar continentes; o ID superior não pode ser 0.".into()
            }
            Msg::HasSubRegions => "A região tem sub-regiões e não pode ser eliminada diretamente.".into(),
            Msg::HasChildren { what } => {
                format!(
                    "Este elemento ({}) tem elementos subordinados e não pode ser eliminado diretamente.",
                    localized(Lang::Pt, what)
                )
            }
            Msg::InUse { what } => format!("Ainda em uso por: {}; não pode ser eliminado.", localized(Lang::Pt, what)),
            Msg::NotGrantable { what } => {
                format!("Não é possível dar permissões de plataforma a uma função de empresa: {what}")
            }
            Msg::CannotDeleteSelf => "Não pode eliminar nem desativar a conta com sessão iniciada.".into(),
            Msg::BeyondOwnRights => "Não pode dar funções ou permissões além das suas.".into(),
            Msg::OwnRoles => "Não pode alterar as suas próprias funções.".into(),
            Msg::AdministratorRoleNeedsAdministrator => {
                "Apenas um administrador pode criar, alterar ou excluir uma função de administrador.".into()
            }
            Msg::OwnRoleUnchangeable => "Não pode alterar nem excluir uma função que você possui.".into(),
            Msg::AccountBeyondOwnRights => "Esta conta tem permissões além das suas; não pode alterá-la.".into(),
            Msg::OwnPasswordByChange => "Altere a sua própria senha no centro pessoal, com a sua senha atual.".into(),
            Msg::BuiltIn => "Os dados integrados não podem ser modificados nem eliminados.".into(),
            Msg::BadJson { detail } => format!("Pedido mal formado: {detail}"),
            Msg::BodyTooLarge { limit_kib } => format!("O pedido é demasiado grande; o limite é {limit_kib} KiB."),
            Msg::NoSuchRoute => "Essa API não existe.".into(),
            Msg::MethodNotAllowed => "Método não permitido.".into(),
            Msg::SystemException => "Exceção do sistema, tente novamente mais tarde.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "Esta funcionalidade não está ativada para a sua empresa.".into(),
            Msg::DeviceKeyRefused => "A chave de dispositivo está em falta ou não é válida.".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => {
                    "Os cabeçalhos da assinatura do pedido estão em falta ou mal formados."
                }
                crate::api::signature::Refusal::Stale => {
                    "A assinatura do pedido expirou: verifique o relógio do dispositivo e assine novamente."
                }
                crate::api::signature::Refusal::Wrong => "A assinatura não corresponde ao pedido.",
            }
            .into(),
            Msg::SignatureReplayed => "Este pedido já foi recebido: um pedido assinado não pode ser repetido.".into(),
            Msg::OAuthRefused { error } => format!(
                "Não é possível concluir este pedido de autorização ({error}). Volte à aplicação ou ao serviço que o trouxe aqui e tente novamente."
            ),
            Msg::UploadsWaiting => {
                "Há demasiados ficheiros carregados à espera de serem usados; volte a carregar mais tarde.".into()
            }
            Msg::DeviceKeyNameTaken => "Este plugin já tem uma chave de dispositivo com esse nome.".into(),
            Msg::PluginFailed => "A funcionalidade falhou; nada foi alterado.".into(),
            Msg::PluginTimeout => "A operação demorou demasiado e foi cancelada; nada foi alterado.".into(),
            Msg::Busy => "O sistema está ocupado, tente novamente.".into(),
            Msg::ChangedMeanwhile => "Alguém alterou os mesmos dados no mesmo momento; tente novamente.".into(),
            Msg::FileTooLarge { max_mib } => format!("O ficheiro é demasiado grande; o limite é {max_mib} MiB."),
            Msg::FileKindRefused { file, kind, expected } => format!(
                "«{file}» é do tipo {}; aqui só se aceita: {}.",
                kind_name(Lang::Pt, kind),
                expected.iter().map(|k| kind_name(Lang::Pt, k)).collect::<Vec<_>>().join(", ")
            ),
            Msg::FileEncrypted { file, how } => {
                format!("«{file}» está cifrado ({how}). Carregue-o sem proteção por palavra-passe.")
            }
            Msg::ZipUnreadable { file } => {
                format!("Não é possível ler o índice do zip «{file}»; o ficheiro pode estar danificado.")
            }
            Msg::FileMissing => "Não foi enviado nenhum ficheiro, ou está vazio.".into(),
            Msg::DownloadExpired => "Esta ligação de transferência expirou; peça uma nova.".into(),
            Msg::DownloadInvalid => "Esta ligação de transferência não é válida.".into(),
            Msg::TooManyTasks { at_once } => {
                format!("Já tem {at_once} tarefas em curso; volte a exportar quando uma delas terminar.")
            }
            Msg::NotAFile => {
                "Esta operação não gera nenhum ficheiro, pelo que não pode ser executada como exportação.".into()
            }
            Msg::NotATask => {
                "O centro de tarefas não pode guardar este ficheiro; transfira-o a partir da respetiva página.".into()
            }
            Msg::ExportNotKept => "Não foi possível guardar o ficheiro exportado; volte a exportar.".into(),
            Msg::TaskFileTooLarge { mib } => format!(
                "A exportação excede tudo o que a sua empresa pode guardar em ficheiros exportados ({mib} MiB); restrinja a lista e volte a exportar."
            ),
            Msg::TaskInterrupted => "A tarefa foi interrompida por um reinício do serviço; volte a exportar.".into(),
            Msg::RangeNotSatisfiable => "O intervalo pedido está fora do ficheiro.".into(),
            Msg::OwnRequest => "Não pode decidir um pedido que submeteu.".into(),
            Msg::DecidedAlready => "Este pedido já foi decidido.".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => {
                format!("{algorithm} exige uma chave de {expected} bytes; esta tem {got}.")
            }
            Msg::CipherIvLength { algorithm, expected, got } => {
                format!("{algorithm} exige um IV de {expected} bytes; este tem {got}.")
            }
            Msg::DecryptionFailed => {
                "Falha ao decifrar: a chave, o IV ou o texto cifrado está errado, ou o texto cifrado foi alterado."
                    .into()
            }
            Msg::NotText => "O resultado não é texto: mostre-o em hexadecimal ou em Base64.".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{}: esta funcionalidade atingiu o limite da sua empresa ({allowed}{}). Elimine uma parte ou peça ao operador da plataforma para aumentar o limite.",
                localized(Lang::Pt, what),
                if *mib { " MiB" } else { "" }
            ),
        }
    }

    fn ru(&self) -> String {
        match self {
            Msg::Success => "успешно".into(),
            Msg::NotSignedIn => "Вы не вошли в систему или сеанс недействителен. Войдите снова.".into(),
            Msg::SessionExpired => "Срок сеанса истёк. Войдите снова.".into(),
            Msg::SignedInElsewhere => "Выполнен вход с другого устройства или сеанс отозван. Войдите снова.".into(),
            Msg::AccountDisabled => "Учётная запись или её предприятие отключены.".into(),
            Msg::NotPermitted => "У вас нет прав на эту операцию.".into(),
            Msg::OtherTenant => "Нельзя действовать от имени другого предприятия.".into(),
            Msg::PlatformOnly => "Это доступно только пользователям платформы.".into(),
            Msg::BadCredentials => "Неверное имя пользователя или пароль.".into(),
            Msg::LoginLocked { minutes } => {
                format!("Слишком много неудачных попыток входа. Повторите через {minutes} мин.")
            }
            Msg::Required { field } => format!("{field}: заполните обязательные данные."),
            Msg::Length { field, min, max } => format!("{field}: длина должна быть от {min} до {max} символов."),
            Msg::Format { field, expected } => wrong_format(Lang::Ru, field, localized(Lang::Ru, expected)),
            Msg::PasswordPolicy => "Пароль: от 6 до 18 символов, буквы, цифры и специальные символы.".into(),
            Msg::PasswordsDiffer => "Пароли не совпадают.".into(),
            Msg::WrongPassword => "Текущий пароль неверен.".into(),
            Msg::DisableTimeInPast => "Время отключения не может быть раньше текущего.".into(),
            Msg::Duplicate { field, value } => format!("{field}: «{value}» уже существует."),
            Msg::NameMismatch => "Введённое значение не совпадает с удаляемым именем.".into(),
            Msg::NotFound => "Данные не существуют.".into(),
            Msg::UnknownTenant => "Предприятие не существует.".into(),
            Msg::ContinentReadonly => {
                "Нельзя добавлять или изменять континенты; родительский ID не может быть 0.".into()
            }
            Msg::HasSubRegions => "У региона есть подрегионы, его нельзя удалить.".into(),
            Msg::HasChildren { what } => {
                format!("У элемента ({}) есть дочерние элементы, его нельзя удалить.", localized(Lang::Ru, what))
            }
            Msg::InUse { what } => format!("Ещё используется ({}); удалить нельзя.", localized(Lang::Ru, what)),
            Msg::NotGrantable { what } => format!("Роли предприятия нельзя выдать права платформы: {what}"),
            Msg::CannotDeleteSelf => "Нельзя удалить или отключить учётную запись, под которой вы вошли.".into(),
            Msg::BeyondOwnRights => "Нельзя выдавать роли или права сверх собственных.".into(),
            Msg::OwnRoles => "Нельзя изменять собственные роли.".into(),
            Msg::AdministratorRoleNeedsAdministrator => {
                "Только администратор может создавать, изменять или удалять роль администратора.".into()
            }
            Msg::OwnRoleUnchangeable => "Нельзя изменить или удалить роль, которую вы сами имеете.".into(),
            Msg::AccountBeyondOwnRights => {
                "У этой учётной записи больше прав, чем у вас; вы не можете её изменить.".into()
            }
            Msg::OwnPasswordByChange => "Измените свой пароль в личном кабинете, указав текущий пароль.".into(),
            Msg::BuiltIn => "Встроенные данные нельзя изменять или удалять.".into(),
            Msg::BadJson { detail } => format!("Некорректный запрос: {detail}"),
            Msg::BodyTooLarge { limit_kib } => format!("Запрос слишком большой; предел {limit_kib} КиБ."),
            Msg::NoSuchRoute => "Такого API нет.".into(),
            Msg::MethodNotAllowed => "Метод не разрешён.".into(),
            Msg::SystemException => "Системная ошибка, повторите попытку позже.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "Эта функция не включена для вашего предприятия.".into(),
            Msg::DeviceKeyRefused => "Ключ устройства отсутствует или недействителен.".into(),
            Msg::SignatureRefused(why) => match why {
                crate::api::signature::Refusal::Missing => {
                    "Заголовки подписи запроса отсутствуют или неверно оформлены."
                }
                crate::api::signature::Refusal::Stale => {
                    "Срок подписи запроса истёк: проверьте часы устройства и подпишите снова."
                }
                crate::api::signature::Refusal::Wrong => "Подпись не соответствует запросу.",
            }
            .into(),
            Msg::SignatureReplayed => "Этот запрос уже получен: подписанный запрос нельзя повторить.".into(),
            Msg::OAuthRefused { error } => format!(
                "Невозможно завершить этот запрос авторизации ({error}). Вернитесь в приложение или сервис, который направил вас сюда, и повторите попытку."
            ),
            Msg::UploadsWaiting => {
                "Слишком много загруженных файлов ещё ждут обработки; повторите загрузку позже.".into()
            }
            Msg::DeviceKeyNameTaken => "У этого плагина уже есть ключ устройства с таким именем.".into(),
            Msg::PluginFailed => "Сбой функции; ничего не изменено.".into(),
            Msg::PluginTimeout => "Операция заняла слишком много времени и отменена; ничего не изменено.".into(),
            Msg::Busy => "Система занята, повторите попытку.".into(),
            Msg::ChangedMeanwhile => "Кто-то изменил те же данные в тот же момент; повторите попытку.".into(),
            Msg::FileTooLarge { max_mib } => format!("Файл слишком большой; предел — {max_mib} МиБ."),
            Msg::FileKindRefused { file, kind, expected } => format!(
                "«{file}» — это {}; здесь принимается только: {}.",
                kind_name(Lang::Ru, kind),
                expected.iter().map(|k| kind_name(Lang::Ru, k)).collect::<Vec<_>>().join(", ")
            ),
            Msg::FileEncrypted { file, how } => {
                format!("«{file}» зашифрован ({how}). Загрузите файл без защиты паролем.")
            }
            Msg::ZipUnreadable { file } => {
                format!("Не удаётся прочитать оглавление zip-архива «{file}»; файл, возможно, повреждён.")
            }
            Msg::FileMissing => "Файл не получен или он пуст.".into(),
            Msg::DownloadExpired => "Срок действия ссылки для скачивания истёк; запросите новую.".into(),
            Msg::DownloadInvalid => "Ссылка для скачивания недействительна.".into(),
            Msg::TooManyTasks { at_once } => {
                format!("У вас уже выполняется задач: {at_once}; повторите экспорт, когда одна из них завершится.")
            }
            Msg::NotAFile => "Эта операция не создаёт файл, поэтому её нельзя запустить как экспорт.".into(),
            Msg::NotATask => "Этот файл нельзя сохранить в центре задач; скачайте его на его странице.".into(),
            Msg::ExportNotKept => "Не удалось сохранить экспортированный файл; повторите экспорт.".into(),
            Msg::TaskFileTooLarge { mib } => format!(
                "Экспорт больше, чем ваше предприятие может хранить в экспортированных файлах ({mib} МиБ); сузьте список и повторите экспорт."
            ),
            Msg::TaskInterrupted => "Задача прервана перезапуском сервиса; повторите экспорт.".into(),
            Msg::RangeNotSatisfiable => "Запрошенный диапазон выходит за пределы файла.".into(),
            Msg::OwnRequest => "Нельзя принять решение по собственной заявке.".into(),
            Msg::DecidedAlready => "По этой заявке уже принято решение.".into(),
            Msg::CipherKeyLength { algorithm, expected, got } => {
                format!("Для {algorithm} нужен ключ длиной {expected} байт, а у этого {got}.")
            }
            Msg::CipherIvLength { algorithm, expected, got } => {
                format!("Для {algorithm} нужен IV длиной {expected} байт, а у этого {got}.")
            }
            Msg::DecryptionFailed => {
                "Не удалось расшифровать: неверны ключ, IV или шифротекст, либо шифротекст был изменён.".into()
            }
            Msg::NotText => "Результат не является текстом: выведите его в шестнадцатеричном виде или в Base64.".into(),
            Msg::OverQuota { what, allowed, mib } => format!(
                "{}: для вашего предприятия достигнут предел этой функции ({allowed}{}). Удалите часть данных или попросите оператора платформы увеличить предел.",
                localized(Lang::Ru, what),
                if *mib { " МиБ" } else { "" }
            ),
        }
    }
}

/// "an image", "an Excel workbook", "unknown type".
fn with_article(name: &str) -> String {
    match name.chars().next() {
        Some('u') if name.starts_with("unknown") => format!("of an {name}"),
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'E') => format!("an {name}"),
        _ => format!("a {name}"),
    }
}

/// What a field must be, and what still depends on an item, in the seven languages: the
/// English text is the key ([`Lang::ALL`] order for the rest: zhCn, de, es, fr, pt, ru).
const EXPECTED: &[(&str, [&str; 6])] = &[
    (
        "an address such as https://api.example.com or https://api.example.com:8443: http or https, a host name, a port if it is not the usual one, nothing after",
        [
            "形如 https://api.example.com 或 https://api.example.com:8443 的地址：http 或 https、主机名，非默认端口时加端口，其后不带任何内容",
            "eine Adresse wie https://api.example.com oder https://api.example.com:8443: http oder https, ein Hostname, ein Port, wenn es nicht der übliche ist, danach nichts",
            "una dirección como https://api.example.com o https://api.example.com:8443: http o https, un nombre de host, un puerto si no es el habitual, y nada detrás",
            "une adresse comme https://api.example.com ou https://api.example.com:8443 : http ou https, un nom d’hôte, un port s’il n’est pas l’habituel, rien après",
            "um endereço como https://api.example.com ou https://api.example.com:8443: http ou https, um nome de anfitrião, uma porta se não for a habitual, e nada depois",
            "адрес вида https://api.example.com или https://api.example.com:8443: http или https, имя хоста, порт, если он не стандартный, и больше ничего",
        ],
    ),
    (
        "an address such as mqtts://mqtt.example.com:8883: mqtt, mqtts, ws or wss, a host name and a port, nothing after",
        [
            "形如 mqtts://mqtt.example.com:8883 的地址：mqtt、mqtts、ws 或 wss，主机名和端口，其后不带任何内容",
            "eine Adresse wie mqtts://mqtt.example.com:8883: mqtt, mqtts, ws oder wss, ein Hostname und ein Port, danach nichts",
            "una dirección como mqtts://mqtt.example.com:8883: mqtt, mqtts, ws o wss, un nombre de host y un puerto, y nada detrás",
            "une adresse comme mqtts://mqtt.example.com:8883 : mqtt, mqtts, ws ou wss, un nom d’hôte et un port, rien après",
            "um endereço como mqtts://mqtt.example.com:8883: mqtt, mqtts, ws ou wss, um nome de anfitrião e uma porta, e nada depois",
            "адрес вида mqtts://mqtt.example.com:8883: mqtt, mqtts, ws или wss, имя хоста и порт, и больше ничего",
        ],
    ),
    (
        "at most 32 short fields",
        [
            "最多 32 个简短字段",
            "höchstens 32 kurze Felder",
            "como máximo 32 campos cortos",
            "32 champs courts au plus",
            "no máximo 32 campos curtos",
            "не более 32 коротких полей",
        ],
    ),
    (
        "a PNG, JPEG or GIF image of 200×200 pixels, at most 500 KB",
        [
            "200×200 像素、不超过 500 KB 的 PNG、JPEG 或 GIF 图片",
            "ein PNG-, JPEG- oder GIF-Bild mit 200×200 Pixeln, höchstens 500 KB",
            "una imagen PNG, JPEG o GIF de 200×200 píxeles, como máximo 500 KB",
            "une image PNG, JPEG ou GIF de 200×200 pixels, 500 Ko au plus",
            "uma imagem PNG, JPEG ou GIF de 200×200 píxeis, no máximo 500 KB",
            "изображение PNG, JPEG или GIF размером 200×200 пикселей, не более 500 КБ",
        ],
    ),
    (
        "whole seconds from 0 to 30",
        [
            "0 到 30 之间的整数秒",
            "ganze Sekunden von 0 bis 30",
            "segundos enteros de 0 a 30",
            "des secondes entières de 0 à 30",
            "segundos inteiros de 0 a 30",
            "целое число секунд от 0 до 30",
        ],
    ),
    (
        "an email address",
        [
            "邮箱地址",
            "eine E-Mail-Adresse",
            "una dirección de correo electrónico",
            "une adresse e-mail",
            "um endereço de email",
            "адрес электронной почты",
        ],
    ),
    (
        "a phone number",
        [
            "电话号码",
            "eine Telefonnummer",
            "un número de teléfono",
            "un numéro de téléphone",
            "um número de telefone",
            "номер телефона",
        ],
    ),
    (
        "a unified social credit code: 18 digits and capital letters (no I, O, S, V or Z), the last one the check character the others give",
        [
            "18 位统一社会信用代码：由数字和大写字母组成（不含 I、O、S、V、Z），最后一位是由前 17 位算出的校验码",
            "ein einheitlicher Sozialkreditcode: 18 Ziffern und Großbuchstaben (ohne I, O, S, V und Z), das letzte Zeichen die Prüfziffer, die sich aus den übrigen ergibt",
            "un código unificado de crédito social: 18 dígitos y letras mayúsculas (sin I, O, S, V ni Z), el último, el carácter de control que dan los demás",
            "un code unifié de crédit social : 18 chiffres et lettres majuscules (sans I, O, S, V ni Z), le dernier étant le caractère de contrôle calculé sur les autres",
            "um código unificado de crédito social: 18 algarismos e letras maiúsculas (sem I, O, S, V nem Z), sendo o último o carácter de controlo dado pelos restantes",
            "единый код социального кредита: 18 цифр и заглавных латинских букв (без I, O, S, V и Z), последний символ — контрольный, вычисляемый по остальным",
        ],
    ),
    (
        "a download link of this console",
        [
            "本控制台的下载链接",
            "ein Download-Link dieser Konsole",
            "un enlace de descarga de esta consola",
            "un lien de téléchargement de cette console",
            "uma ligação de transferência desta consola",
            "ссылка на скачивание из этой консоли",
        ],
    ),
    (
        "letters, digits, - and _",
        [
            "字母、数字、- 和 _",
            "Buchstaben, Ziffern, - und _",
            "letras, dígitos, - y _",
            "lettres, chiffres, - et _",
            "letras, algarismos, - e _",
            "буквы, цифры, - и _",
        ],
    ),
    (
        "letters, digits, _, -, . and @",
        [
            "字母、数字、_、-、. 和 @",
            "Buchstaben, Ziffern, _, -, . und @",
            "letras, dígitos, _, -, . y @",
            "lettres, chiffres, _, -, . et @",
            "letras, algarismos, _, -, . e @",
            "буквы, цифры, _, -, . и @",
        ],
    ),
    (
        "letters, digits, :, -, _ and .",
        [
            "字母、数字、:、-、_ 和 .",
            "Buchstaben, Ziffern, :, -, _ und .",
            "letras, dígitos, :, -, _ y .",
            "lettres, chiffres, :, -, _ et .",
            "letras, algarismos, :, -, _ e .",
            "буквы, цифры, :, -, _ и .",
        ],
    ),
    (
        "a JSON document",
        ["JSON", "ein JSON-Dokument", "un documento JSON", "un document JSON", "um documento JSON", "документ JSON"],
    ),
    ("an integer", ["整数", "eine ganze Zahl", "un entero", "un entier", "um inteiro", "целое число"]),
    (
        "an integer from 1",
        [
            "不小于 1 的整数",
            "eine ganze Zahl ab 1",
            "un entero desde 1",
            "un entier à partir de 1",
            "um inteiro a partir de 1",
            "целое число от 1",
        ],
    ),
    (
        "an integer from 1 to 500",
        [
            "1 到 500 之间的整数",
            "eine ganze Zahl von 1 bis 500",
            "un entero de 1 a 500",
            "un entier de 1 à 500",
            "um inteiro de 1 a 500",
            "целое число от 1 до 500",
        ],
    ),
    (
        "one of the listed values",
        [
            "列表中的值",
            "einer der aufgeführten Werte",
            "uno de los valores de la lista",
            "l’une des valeurs proposées",
            "um dos valores da lista",
            "одно из перечисленных значений",
        ],
    ),
    (
        "a time in the future",
        [
            "将来的时间",
            "ein Zeitpunkt in der Zukunft",
            "una hora futura",
            "une heure dans le futur",
            "uma hora futura",
            "время в будущем",
        ],
    ),
    (
        "0 or the menu ID of a group",
        [
            "0 或某个分组菜单的 ID",
            "0 oder die Menü-ID einer Gruppe",
            "0 o el ID de menú de un grupo",
            "0 ou l’ID de menu d’un groupe",
            "0 ou o ID de menu de um grupo",
            "0 или ID меню-группы",
        ],
    ),
    (
        "the menu ID of a page",
        [
            "某个页面菜单的 ID",
            "die Menü-ID einer Seite",
            "el ID de menú de una página",
            "l’ID de menu d’une page",
            "o ID de menu de uma página",
            "ID меню-страницы",
        ],
    ),
    (
        "a department outside this one's subtree",
        [
            "不在本部门下级中的部门",
            "eine Abteilung außerhalb des eigenen Teilbaums",
            "un departamento fuera de su propio subárbol",
            "un service hors de sa propre arborescence",
            "um departamento fora da sua própria subárvore",
            "отдел вне собственного поддерева",
        ],
    ),
    (
        "a name not beginning with sn:",
        [
            "不以 sn: 开头的名称",
            "ein Name, der nicht mit sn: beginnt",
            "un nombre que no empiece por sn:",
            "un nom ne commençant pas par sn:",
            "um nome que não comece por sn:",
            "имя, не начинающееся с sn:",
        ],
    ),
    (
        "a region outside this one",
        [
            "本区域以外的区域",
            "eine Region außerhalb dieser",
            "una región fuera de esta",
            "une région hors de celle-ci",
            "uma região fora desta",
            "регион вне этого",
        ],
    ),
    (
        "hexadecimal digits",
        [
            "十六进制数字",
            "Hexadezimalziffern",
            "dígitos hexadecimales",
            "des chiffres hexadécimaux",
            "dígitos hexadecimais",
            "шестнадцатеричные цифры",
        ],
    ),
    ("Base64", ["Base64", "Base64", "Base64", "Base64", "Base64", "Base64"]),
    (
        "milliseconds since 1970",
        [
            "自 1970 年起的毫秒数",
            "Millisekunden seit 1970",
            "milisegundos desde 1970",
            "des millisecondes depuis 1970",
            "milissegundos desde 1970",
            "миллисекунды с 1970 года",
        ],
    ),
    (
        "an existing department",
        [
            "已存在的部门",
            "eine vorhandene Abteilung",
            "un departamento existente",
            "un service existant",
            "um departamento existente",
            "существующий отдел",
        ],
    ),
    (
        "enterprise ids",
        ["企业 ID", "Unternehmens-IDs", "ID de empresas", "des ID d’entreprise", "IDs de empresas", "ID предприятий"],
    ),
    ("department", ["部门", "Abteilung", "departamento", "service", "departamento", "отдел"]),
    ("menu", ["菜单", "Menü", "menú", "menu", "menu", "меню"]),
    ("region", ["区域", "Region", "región", "région", "região", "регион"]),
    ("accounts", ["账号", "Konten", "cuentas", "comptes", "contas", "учётные записи"]),
    ("roles", ["角色", "Rollen", "roles", "rôles", "funções", "роли"]),
    (
        "other records",
        ["其他数据", "anderen Daten", "otros datos", "d’autres données", "outros dados", "другими данными"],
    ),
    (
        "https addresses (http only on this machine, or an app's own scheme), without a fragment",
        [
            "https 地址（仅本机可用 http，或应用自有的 scheme），不含 # 片段",
            "https-Adressen (http nur auf diesem Rechner, oder das eigene Schema einer App), ohne Fragment",
            "direcciones https (http solo en esta máquina, o el esquema propio de una aplicación), sin fragmento",
            "des adresses https (http uniquement sur cette machine, ou le schéma propre d’une application), sans fragment",
            "endereços https (http só nesta máquina, ou o esquema próprio de uma aplicação), sem fragmento",
            "адреса https (http только на этой машине или собственная схема приложения), без фрагмента",
        ],
    ),
    (
        "client_credentials only for a client with a secret",
        [
            "仅需要密钥的客户端可使用 client_credentials",
            "client_credentials nur für einen Client mit Geheimnis",
            "client_credentials solo para un cliente con secreto",
            "client_credentials uniquement pour un client avec secret",
            "client_credentials apenas para um cliente com segredo",
            "client_credentials только для клиента с секретом",
        ],
    ),
    (
        "refresh_token together with authorization_code",
        [
            "refresh_token 需与 authorization_code 一起使用",
            "refresh_token nur zusammen mit authorization_code",
            "refresh_token junto con authorization_code",
            "refresh_token avec authorization_code",
            "refresh_token juntamente com authorization_code",
            "refresh_token вместе с authorization_code",
        ],
    ),
    (
        "scopes of the configuration list",
        [
            "配置列表中已有的授权范围",
            "Bereiche aus der Konfigurationsliste",
            "ámbitos de la lista de configuración",
            "des portées de la liste de configuration",
            "âmbitos da lista de configuração",
            "области из списка конфигурации",
        ],
    ),
    (
        "whole seconds from 60 to 86400",
        [
            "60 到 86400 之间的整数秒",
            "ganze Sekunden von 60 bis 86400",
            "segundos enteros de 60 a 86400",
            "des secondes entières de 60 à 86400",
            "segundos inteiros de 60 a 86400",
            "целое число секунд от 60 до 86400",
        ],
    ),
    (
        "whole seconds from 3600 to 31536000",
        [
            "3600 到 31536000 之间的整数秒",
            "ganze Sekunden von 3600 bis 31536000",
            "segundos enteros de 3600 a 31536000",
            "des secondes entières de 3600 à 31536000",
            "segundos inteiros de 3600 a 31536000",
            "целое число секунд от 3600 до 31536000",
        ],
    ),
    (
        "a client with a secret",
        [
            "需要密钥的客户端",
            "ein Client mit Geheimnis",
            "un cliente con secreto",
            "un client avec secret",
            "um cliente com segredo",
            "клиент с секретом",
        ],
    ),
    (
        "letters, digits and : . _ - (at most 64)",
        [
            "字母、数字及 : . _ -（最多 64 个）",
            "Buchstaben, Ziffern und : . _ - (höchstens 64)",
            "letras, dígitos y : . _ - (como máximo 64)",
            "des lettres, des chiffres et : . _ - (64 au plus)",
            "letras, dígitos e : . _ - (no máximo 64)",
            "буквы, цифры и : . _ - (не более 64)",
        ],
    ),
    (
        "OAuth clients",
        ["OAuth 客户端", "OAuth-Clients", "clientes OAuth", "des clients OAuth", "clientes OAuth", "OAuth-клиентами"],
    ),
    (
        "Stored records",
        [
            "存储的记录",
            "Gespeicherte Datensätze",
            "Registros guardados",
            "Enregistrements stockés",
            "Registos guardados",
            "Сохранённые записи",
        ],
    ),
    (
        "Stored data",
        [
            "存储的数据量",
            "Gespeicherte Datenmenge",
            "Volumen de datos guardados",
            "Volume de données stockées",
            "Volume de dados guardados",
            "Объём сохранённых данных",
        ],
    ),
    ("Counters", ["计数器", "Zähler", "Contadores", "Compteurs", "Contadores", "Счётчики"]),
    (
        "Device keys",
        [
            "设备密钥",
            "Geräteschlüssel",
            "Claves de dispositivo",
            "Clés d'appareil",
            "Chaves de dispositivo",
            "Ключи устройств",
        ],
    ),
    (
        "Requests waiting for a decision",
        [
            "待审批的申请",
            "Offene Anträge",
            "Solicitudes pendientes de decisión",
            "Demandes en attente de décision",
            "Pedidos a aguardar decisão",
            "Заявки, ожидающие решения",
        ],
    ),
    (
        "Indexed documents",
        [
            "已索引的文档",
            "Indizierte Dokumente",
            "Documentos indexados",
            "Documents indexés",
            "Documentos indexados",
            "Проиндексированные документы",
        ],
    ),
    (
        "Search index data",
        [
            "搜索索引数据量",
            "Datenmenge des Suchindex",
            "Datos del índice de búsqueda",
            "Données de l'index de recherche",
            "Dados do índice de pesquisa",
            "Объём поискового индекса",
        ],
    ),
];

/// "`field`: wrong format, expected `expected`." in `lang`; `expected` is in `lang` already.
pub fn wrong_format(lang: Lang, field: &str, expected: &str) -> String {
    match lang {
        Lang::ZhCn => format!("{field}：格式不正确，应为{expected}"),
        Lang::En => format!("{field}: wrong format, expected {expected}."),
        Lang::De => format!("{field}: falsches Format, erwartet {expected}."),
        Lang::Es => format!("{field}: formato incorrecto, se espera {expected}."),
        Lang::Fr => format!("{field} : format incorrect, attendu {expected}."),
        Lang::Pt => format!("{field}: formato incorreto, esperado {expected}."),
        Lang::Ru => format!("{field}: неверный формат, ожидается {expected}."),
    }
}

/// What is wrong with a field of a request the host could not read, in `lang`: the field and
/// its rule, never serde's words.
pub fn wrong_field(lang: Lang, wrong: &wrong_field::WrongField) -> String {
    use wrong_field::WrongField;
    match wrong {
        WrongField::Required { field } => Msg::Required { field: field.clone() }.render(lang),
        WrongField::OneOf { field, choices } => wrong_format(lang, field, choices),
        WrongField::Kind { field, kind } => {
            let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(1);
            wrong_format(lang, field, kind.texts()[index])
        }
    }
}

/// `english` in `lang` (the English text itself when not in the table: a value, not a phrase).
fn localized(lang: Lang, english: &str) -> &str {
    let column = match lang {
        Lang::En => return english,
        Lang::ZhCn => 0,
        Lang::De => 1,
        Lang::Es => 2,
        Lang::Fr => 3,
        Lang::Pt => 4,
        Lang::Ru => 5,
    };
    EXPECTED.iter().find(|(key, _)| *key == english).map_or(english, |(_, texts)| texts[column])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `expected` and `what` the host's code passes has its text in every language.
    #[test]
    fn every_phrase_the_host_uses_is_translated() {
        fn sources(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("src").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    sources(&path, found);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    found.push(std::fs::read_to_string(path).expect("source"));
                }
            }
        }
        let mut texts = Vec::new();
        sources(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut texts);
        let mut phrases = Vec::new();
        for text in &texts {
            for marker in ["expected: \"", "what: \"", "format_error(field, \"", "says: \""] {
                for (at, _) in text.match_indices(marker) {
                    let rest = &text[at + marker.len()..];
                    phrases.push(rest[..rest.find('"').expect("closing quote")].to_string());
                }
            }
        }
        assert!(phrases.len() >= 10, "{phrases:?}");
        for phrase in phrases.iter().filter(|p| !p.contains('{')) {
            assert!(
                EXPECTED.iter().any(|(english, _)| english == phrase),
                "`{phrase}` has no translations in EXPECTED"
            );
        }
        assert_eq!(
            Msg::Format { field: "phone".into(), expected: "a phone number" }.render(Lang::De),
            "phone: falsches Format, erwartet eine Telefonnummer."
        );
    }

    #[test]
    fn parses_console_codes_and_browser_tags() {
        assert_eq!(Lang::parse("zhCn"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("zh-CN"), Some(Lang::ZhCn));
        assert_eq!(Lang::parse("en-US"), Some(Lang::En));
        assert_eq!(Lang::parse("pt_BR"), Some(Lang::Pt));
        assert_eq!(Lang::parse("ja"), None);
    }

    #[test]
    fn accept_language_picks_first_supported() {
        let mut headers = HeaderMap::new();
        headers.insert("accept-language", "ja-JP,fr;q=0.8,en;q=0.5".parse().unwrap());
        assert_eq!(Lang::from_headers(&headers), Lang::Fr);
        headers.insert("lang", "en".parse().unwrap());
        assert_eq!(Lang::from_headers(&headers), Lang::En);
    }

    #[test]
    fn every_language_has_its_own_text() {
        let msg = Msg::NameMismatch;
        let texts: std::collections::HashSet<String> = Lang::ALL.iter().map(|l| msg.render(*l)).collect();
        assert_eq!(texts.len(), 7, "{texts:?}");
        assert_eq!(Msg::Required { field: "name".into() }.render(Lang::De), "name: bitte Pflichtangaben ausfüllen.");
    }

    #[test]
    fn defaults_to_simplified_chinese() {
        assert_eq!(Lang::from_headers(&HeaderMap::new()), Lang::ZhCn);
    }
}
