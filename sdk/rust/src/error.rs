//! The plugin's error type, mapped to the envelope the host returns: `status` becomes `code`,
//! the message is rendered in the caller's language, `field` lets a form mark the field.

use crate::host::StoreError;

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
        expected: String,
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
    pub fn format(field: &str, expected: &str) -> Self {
        Self::invalid(field, Message::Format { field: field.to_string(), expected: expected.to_string() })
    }
    pub fn not_found() -> Self {
        PluginError { status: 404, field: None, message: Message::NotFound }
    }
    pub fn conflict() -> Self {
        PluginError { status: 409, field: None, message: Message::Conflict }
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

    /// The message in `lang` (zhCn, en, ...; languages without a translation get English).
    pub fn render(&self, lang: &str) -> String {
        let zh = lang.eq_ignore_ascii_case("zhcn") || lang.starts_with("zh");
        match (&self.message, zh) {
            (Message::Required { field }, true) => format!("{field}：请填写必填信息"),
            (Message::Required { field }, false) => format!("{field}: please fill in the required information."),
            (Message::Length { field, min, max }, true) => format!("{field}：长度须在 {min} 到 {max} 个字符之间"),
            (Message::Length { field, min, max }, false) => {
                format!("{field}: must be between {min} and {max} characters long.")
            }
            (Message::Format { field, expected }, true) => format!("{field}：格式不正确（{expected}）"),
            (Message::Format { field, expected }, false) => format!("{field}: wrong format, expected {expected}."),
            (Message::TooMany { max, .. }, true) => format!("数量不能大于 {max}"),
            (Message::TooMany { max, .. }, false) => format!("The number cannot be greater than {max}."),
            (Message::Duplicate { fields }, true) => format!("{} 已存在", fields.join(", ")),
            (Message::Duplicate { fields }, false) => format!("{} already exists.", fields.join(", ")),
            (Message::NameMismatch, true) => "输入的内容与要删除的名称不一致".into(),
            (Message::NameMismatch, false) => "The input does not match the name to delete.".into(),
            (Message::NotFound, true) => "数据不存在".into(),
            (Message::NotFound, false) => "Data does not exist.".into(),
            (Message::Conflict, true) => "数据已被他人修改，请刷新后重试".into(),
            (Message::Conflict, false) => "Someone else changed this data; refresh and try again.".into(),
            (Message::Forbidden, true) => "没有此操作的权限".into(),
            (Message::Forbidden, false) => "You do not have permission for this operation.".into(),
            (Message::Text(text), _) => text.clone(),
            (Message::Internal(_), true) => "系统异常，请稍后再试".into(),
            (Message::Internal(_), false) => "System exception, please try again later.".into(),
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
