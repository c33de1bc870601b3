//! The plugin's error type, mapped to the envelope the host returns: `status` becomes `code`,
//! the message is rendered in the caller's language, `field` lets a form mark the field.

use crate::host::StoreError;

/// The console's languages, in the order [`PluginError::localized`] takes its texts.
pub const LANGS: [&str; 7] = ["zhCn", "en", "de", "es", "fr", "pt", "ru"];

/// The text in `lang` of seven in [`LANGS`] order (others get English): a column title, a word
/// in a file the plugin writes.
pub fn in_lang<'t>(lang: &str, texts: &[&'t str; 7]) -> &'t str {
    texts[LANGS.iter().position(|l| *l == lang).unwrap_or(1)]
}

/// A text in the seven languages, in [`LANGS`] order.
pub type Expected<'a> = [&'a str; 7];

/// "An integer from `min` to `max`", in the seven languages.
pub fn integer_range(min: impl std::fmt::Display, max: impl std::fmt::Display) -> [String; 7] {
    [
        format!("{min} 到 {max} 之间的整数"),
        format!("an integer from {min} to {max}"),
        format!("eine ganze Zahl von {min} bis {max}"),
        format!("un entero de {min} a {max}"),
        format!("un entier de {min} à {max}"),
        format!("um inteiro de {min} a {max}"),
        format!("целое число от {min} до {max}"),
    ]
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
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
        /// What the field must be, in [`LANGS`] order.
        expected: Box<[String; 7]>,
    },
    TooMany {
        field: String,
        max: usize,
    },
    Duplicate {
        fields: Vec<String>,
    },
    NameMismatch,
    NotFound,
    Conflict,
    Forbidden,
    /// A message the plugin already rendered in the caller's language.
    Text(String),
    /// The plugin's own message in the seven languages, in [`LANGS`] order.
    Localized(Box<[String; 7]>),
    Internal(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginError {
    pub status: u16,
    pub field: Option<String>,
    pub message: Message,
}

impl PluginError {
    pub fn invalid(field: &str, message: Message) -> Self {
        PluginError { status: 400, field: Some(field.to_string()), message }
    }
    pub fn required(field: &str) -> Self {
        Self::invalid(field, Message::Required { field: field.to_string() })
    }
    /// The field's value has the wrong form; `expected` says what it must be, in the seven
    /// languages ([`LANGS`] order: zhCn, en, de, es, fr, pt, ru).
    pub fn format<S: AsRef<str>>(field: &str, expected: [S; 7]) -> Self {
        let expected = Box::new(expected.map(|text| text.as_ref().to_string()));
        Self::invalid(field, Message::Format { field: field.to_string(), expected })
    }

    /// As [`PluginError::format`], when what is expected are literal values (codes such as
    /// `csv / xlsx`), the same in every language.
    pub fn format_values(field: &str, values: &str) -> Self {
        Self::format(field, [values; 7])
    }
    pub fn not_found() -> Self {
        PluginError { status: 404, field: None, message: Message::NotFound }
    }
    pub fn conflict() -> Self {
        PluginError { status: 409, field: None, message: Message::Conflict }
    }
    /// Whether this is the store's refusal of a write made on a stale version.
    pub fn is_conflict(&self) -> bool {
        matches!(self.message, Message::Conflict)
    }
    pub fn forbidden() -> Self {
        PluginError { status: 403, field: None, message: Message::Forbidden }
    }
    /// A refusal with the plugin's own text (already in the caller's language).
    pub fn text(status: u16, field: Option<&str>, text: impl Into<String>) -> Self {
        PluginError { status, field: field.map(str::to_string), message: Message::Text(text.into()) }
    }
    pub fn internal(cause: impl Into<String>) -> Self {
        PluginError { status: 500, field: None, message: Message::Internal(cause.into()) }
    }

    /// A plugin's own message, in the seven languages in [`LANGS`] order
    /// (zhCn, en, de, es, fr, pt, ru).
    pub fn localized(status: u16, field: Option<&str>, texts: [String; 7]) -> Self {
        PluginError { status, field: field.map(str::to_string), message: Message::Localized(Box::new(texts)) }
    }

    /// The message in `lang`, one of the seven console languages (others get English).
    pub fn render(&self, lang: &str) -> String {
        if let Message::Localized(texts) = &self.message {
            let index = LANGS.iter().position(|l| *l == lang).unwrap_or(1);
            return texts[index].clone();
        }
        match lang {
            "zhCn" => self.zh(),
            "de" => self.de(),
            "es" => self.es(),
            "fr" => self.fr(),
            "pt" => self.pt(),
            "ru" => self.ru(),
            _ => self.en(),
        }
    }

    fn zh(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field}：请填写必填信息"),
            Message::Length { field, min, max } => format!("{field}：长度须在 {min} 到 {max} 个字符之间"),
            Message::Format { field, expected } => format!("{field}：格式不正确（{}）", expected[0]),
            Message::TooMany { max, .. } => format!("数量不能大于 {max}"),
            Message::Duplicate { fields } => format!("{} 已存在", fields.join(", ")),
            Message::NameMismatch => "输入的内容与要删除的名称不一致".into(),
            Message::NotFound => "数据不存在".into(),
            Message::Conflict => "数据已被他人修改，请刷新后重试".into(),
            Message::Forbidden => "没有此操作的权限".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "系统异常，请稍后再试".into(),
        }
    }

    fn en(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field}: please fill in the required information."),
            Message::Length { field, min, max } => format!("{field}: must be between {min} and {max} characters long."),
            Message::Format { field, expected } => format!("{field}: wrong format, expected {}.", expected[1]),
            Message::TooMany { max, .. } => format!("The number cannot be greater than {max}."),
            Message::Duplicate { fields } => format!("{} already exists.", fields.join(", ")),
            Message::NameMismatch => "The input does not match the name to delete.".into(),
            Message::NotFound => "Data does not exist.".into(),
            Message::Conflict => "Someone else changed this data; refresh and try again.".into(),
            Message::Forbidden => "You do not have permission for this operation.".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "System exception, please try again later.".into(),
        }
    }

    fn de(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field}: bitte Pflichtangaben ausfüllen."),
            Message::Length { field, min, max } => format!("{field}: muss {min} bis {max} Zeichen lang sein."),
            Message::Format { field, expected } => format!("{field}: falsches Format, erwartet {}.", expected[2]),
            Message::TooMany { max, .. } => format!("Die Anzahl darf nicht größer als {max} sein."),
            Message::Duplicate { fields } => format!("{} existiert bereits.", fields.join(", ")),
            Message::NameMismatch => "Die Eingabe stimmt nicht mit dem zu löschenden Namen überein.".into(),
            Message::NotFound => "Die Daten existieren nicht.".into(),
            Message::Conflict => {
                "Jemand anderes hat diese Daten geändert; bitte neu laden und erneut versuchen.".into()
            }
            Message::Forbidden => "Sie haben keine Berechtigung für diesen Vorgang.".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "Systemfehler, bitte später erneut versuchen.".into(),
        }
    }

    fn es(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field}: complete la información obligatoria."),
            Message::Length { field, min, max } => format!("{field}: debe tener entre {min} y {max} caracteres."),
            Message::Format { field, expected } => format!("{field}: formato incorrecto, se espera {}.", expected[3]),
            Message::TooMany { max, .. } => format!("La cantidad no puede ser mayor que {max}."),
            Message::Duplicate { fields } => format!("{} ya existe.", fields.join(", ")),
            Message::NameMismatch => "El texto no coincide con el nombre a eliminar.".into(),
            Message::NotFound => "Los datos no existen.".into(),
            Message::Conflict => "Otra persona cambió estos datos; actualice e inténtelo de nuevo.".into(),
            Message::Forbidden => "No tiene permiso para esta operación.".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "Excepción del sistema, inténtelo más tarde.".into(),
        }
    }

    fn fr(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field} : veuillez remplir les informations obligatoires."),
            Message::Length { field, min, max } => format!("{field} : doit contenir entre {min} et {max} caractères."),
            Message::Format { field, expected } => format!("{field} : format incorrect, attendu {}.", expected[4]),
            Message::TooMany { max, .. } => format!("Le nombre ne peut pas dépasser {max}."),
            Message::Duplicate { fields } => format!("{} existe déjà.", fields.join(", ")),
            Message::NameMismatch => "La saisie ne correspond pas au nom à supprimer.".into(),
            Message::NotFound => "Les données n’existent pas.".into(),
            Message::Conflict => "Quelqu’un d’autre a modifié ces données ; actualisez et réessayez.".into(),
            Message::Forbidden => "Vous n’avez pas l’autorisation pour cette opération.".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "Exception système, veuillez réessayer plus tard.".into(),
        }
    }

    fn pt(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field}: preencha as informações obrigatórias."),
            Message::Length { field, min, max } => format!("{field}: deve ter entre {min} e {max} caracteres."),
            Message::Format { field, expected } => format!("{field}: formato incorreto, esperado {}.", expected[5]),
            Message::TooMany { max, .. } => format!("O número não pode ser superior a {max}."),
            Message::Duplicate { fields } => format!("{} já existe.", fields.join(", ")),
            Message::NameMismatch => "O texto não corresponde ao nome a eliminar.".into(),
            Message::NotFound => "Os dados não existem.".into(),
            Message::Conflict => "Outra pessoa alterou estes dados; atualize e tente novamente.".into(),
            Message::Forbidden => "Não tem permissão para esta operação.".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "Exceção do sistema, tente novamente mais tarde.".into(),
        }
    }

    fn ru(&self) -> String {
        match &self.message {
            Message::Required { field } => format!("{field}: заполните обязательные данные."),
            Message::Length { field, min, max } => format!("{field}: длина должна быть от {min} до {max} символов."),
            Message::Format { field, expected } => format!("{field}: неверный формат, ожидается {}.", expected[6]),
            Message::TooMany { max, .. } => format!("Количество не может превышать {max}."),
            Message::Duplicate { fields } => format!("{} уже существует.", fields.join(", ")),
            Message::NameMismatch => "Введённое значение не совпадает с удаляемым именем.".into(),
            Message::NotFound => "Данные не существуют.".into(),
            Message::Conflict => "Данные изменены другим пользователем; обновите и повторите.".into(),
            Message::Forbidden => "У вас нет прав на эту операцию.".into(),
            Message::Text(text) => text.clone(),
            Message::Localized(texts) => texts[1].clone(),
            Message::Internal(_) => "Системная ошибка, повторите попытку позже.".into(),
        }
    }

    /// The response body: `{"msg": ..., "field": ...}`.
    pub fn body(&self, lang: &str) -> String {
        let mut body = serde_json::json!({ "msg": self.render(lang) });
        if let Some(field) = &self.field {
            body["field"] = serde_json::Value::String(field.clone());
        }
        if let Message::Internal(cause) = &self.message {
            body["cause"] = serde_json::Value::String(cause.clone());
        }
        body.to_string()
    }
}

impl From<StoreError> for PluginError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Duplicate(fields) => {
                PluginError { status: 400, field: fields.first().cloned(), message: Message::Duplicate { fields } }
            }
            StoreError::Conflict => PluginError::conflict(),
            StoreError::Invalid(why) | StoreError::Limit(why) => PluginError::text(400, None, why),
            StoreError::UnknownCollection(name) => PluginError::internal(format!("unknown collection {name}")),
            StoreError::Internal(why) => PluginError::internal(why),
        }
    }
}

impl From<serde_json::Error> for PluginError {
    fn from(err: serde_json::Error) -> Self {
        PluginError::internal(format!("json: {err}"))
    }
}

pub type PluginResult<T> = Result<T, PluginError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_console_language_has_its_text() {
        let err = PluginError::required("petName");
        let texts: std::collections::HashSet<String> =
            ["zhCn", "en", "de", "es", "fr", "pt", "ru"].iter().map(|lang| err.render(lang)).collect();
        assert_eq!(texts.len(), 7, "{texts:?}");
        assert_eq!(err.render("ja"), err.render("en"), "others get English");
        assert!(err.body("fr").contains("\"field\":\"petName\""));
    }

    #[test]
    fn what_a_field_must_be_is_said_in_the_users_language_too() {
        let err = PluginError::format(
            "ip",
            ["IP 地址", "an IP address", "eine IP-Adresse", "una IP", "une IP", "um IP", "IP-адрес"],
        );
        assert_eq!(err.render("zhCn"), "ip：格式不正确（IP 地址）");
        assert_eq!(err.render("de"), "ip: falsches Format, erwartet eine IP-Adresse.");
        assert_eq!(err.render("ru"), "ip: неверный формат, ожидается IP-адрес.");
        let range = PluginError::format("page", integer_range(1, 500));
        assert_eq!(range.render("fr"), "page : format incorrect, attendu un entier de 1 à 500.");
        assert_eq!(
            PluginError::format_values("format", "csv / xlsx").render("es"),
            "format: formato incorrecto, se espera csv / xlsx."
        );
    }
}
