//! The caller's language and the host's message catalogue.
//!
//! The console speaks seven languages (spec console-shell-and-services.md §1). The host's own
//! messages are complete in Simplified Chinese and English; the other five fall back to English
//! until their translations land in the language tables.

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

    fn is_chinese(self) -> bool {
        self == Lang::ZhCn
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
    PluginFailed,
    PluginTimeout,
    PluginBusy,
}

impl Msg {
    pub fn render(&self, lang: Lang) -> String {
        if lang.is_chinese() { self.zh() } else { self.en() }
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
            Msg::Format { field, expected } => format!("{field}：格式不正确，应为{}", zh_expected(expected)),
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
            Msg::HasChildren { what } => format!("当前{}存在下级，不能直接删除", zh_noun(what)),
            Msg::InUse { what } => format!("当前数据仍被{}使用，不能删除", zh_noun(what)),
            Msg::NotGrantable { what } => format!("企业角色不能被授予平台权限：{what}"),
            Msg::CannotDeleteSelf => "不能删除或禁用当前登录的账号".into(),
            Msg::BeyondOwnRights => "不能授予超出自身权限的角色或权限".into(),
            Msg::OwnRoles => "不能修改自己的角色".into(),
            Msg::BuiltIn => "内置数据不能修改或删除".into(),
            Msg::BadJson { detail } => format!("请求内容格式错误：{detail}"),
            Msg::BodyTooLarge { limit_kib } => format!("请求内容过大，最大 {limit_kib} KB"),
            Msg::NoSuchRoute => "接口不存在".into(),
            Msg::MethodNotAllowed => "不支持的请求方法".into(),
            Msg::SystemException => "系统异常，请稍后再试".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "贵企业未启用此功能".into(),
            Msg::PluginFailed => "功能插件执行失败，操作未生效".into(),
            Msg::PluginTimeout => "操作超时已取消，未产生任何修改".into(),
            Msg::PluginBusy => "系统繁忙，请稍后再试".into(),
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
            Msg::Format { field, expected } => format!("{field}: wrong format, expected {expected}."),
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
            Msg::BuiltIn => "Built-in data cannot be modified or deleted.".into(),
            Msg::BadJson { detail } => format!("Malformed request: {detail}"),
            Msg::BodyTooLarge { limit_kib } => format!("The request is too large; the limit is {limit_kib} KiB."),
            Msg::NoSuchRoute => "No such API.".into(),
            Msg::MethodNotAllowed => "Method not allowed.".into(),
            Msg::SystemException => "System exception, please try again later.".into(),
            Msg::Text(text) => text.clone(),
            Msg::PluginDisabled => "This feature is not enabled for your enterprise.".into(),
            Msg::PluginFailed => "The feature failed; nothing was changed.".into(),
            Msg::PluginTimeout => "The operation took too long and was cancelled; nothing was changed.".into(),
            Msg::PluginBusy => "The system is busy, please try again.".into(),
        }
    }
}

fn zh_expected(expected: &str) -> &str {
    match expected {
        "an email address" => "邮箱地址",
        "a phone number" => "电话号码",
        "a unified social credit code" => "18 位统一社会信用代码",
        "letters, digits and hyphens" => "字母、数字和连字符",
        "a JSON document" => "JSON",
        "an integer" => "整数",
        "one of the listed values" => "列表中的值",
        "a time in the future" => "将来的时间",
        other => other,
    }
}

fn zh_noun(what: &str) -> &str {
    match what {
        "department" => "部门",
        "menu" => "菜单",
        "region" => "区域",
        "accounts" => "账号",
        "roles" => "角色",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn defaults_to_simplified_chinese() {
        assert_eq!(Lang::from_headers(&HeaderMap::new()), Lang::ZhCn);
    }
}
