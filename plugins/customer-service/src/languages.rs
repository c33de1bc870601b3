//! Service languages (/customerService/language: name, English name, code, default flag): the
//! languages FAQs are written in and chats are served in. One is the default: making another the
//! default takes it from the old one, and the default stays.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource};
use serde::{Deserialize, Serialize};

use crate::messages;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    pub name: String,
    pub english_name: String,
    /// `zhCn`, `en`, `pt-BR`: letters, digits and hyphens.
    pub code: String,
    pub is_default: bool,
}

pub const LANGUAGES: Collection<Language> = Collection::new("languages");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LanguageInput {
    name: String,
    english_name: String,
    code: String,
    is_default: Option<bool>,
}

pub struct Languages;

impl Resource for Languages {
    type Data = Language;
    type Input = LanguageInput;
    const COLLECTION: Collection<Language> = LANGUAGES;
    const SEARCH: &'static [&'static str] = &["name"];
    const SORT: &'static [(&'static str, bool)] = &[("code", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a service language");

    fn name(data: &Language) -> &str {
        &data.name
    }

    fn validate(call: &mut Call<'_>, input: LanguageInput, current: Option<&Doc<Language>>) -> PluginResult<Language> {
        let code = validate::required("code", &input.code, 16)?;
        if !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(PluginError::format(
                "code",
                [
                    "字母、数字和连字符，如 zhCn、pt-BR",
                    "letters, digits and hyphens, such as zhCn or pt-BR",
                    "Buchstaben, Ziffern und Bindestriche, etwa zhCn oder pt-BR",
                    "letras, dígitos y guiones, como zhCn o pt-BR",
                    "des lettres, chiffres et tirets, comme zhCn ou pt-BR",
                    "letras, dígitos e hífenes, como zhCn ou pt-BR",
                    "буквы, цифры и дефисы, например zhCn или pt-BR",
                ],
            ));
        }
        let was_default = current.is_some_and(|c| c.data.is_default);
        let is_default = input.is_default.unwrap_or(was_default);
        if was_default && !is_default {
            return Err(messages::keep_a_default_language());
        }
        let first = LANGUAGES.count(call.host, &Query::new())? == 0;
        if is_default {
            // The old default gives way.
            let others = LANGUAGES.query(call.host, &Query::new().eq("isDefault", true).page(1, 10))?.list;
            for mut other in others.into_iter().filter(|o| current.is_none_or(|c| c.id != o.id)) {
                other.data.is_default = false;
                LANGUAGES.update(call.host, &other.id, &other.data, Some(other.version))?;
            }
        }
        Ok(Language {
            name: validate::required("name", &input.name, SHORT_TEXT)?,
            english_name: validate::required("englishName", &input.english_name, SHORT_TEXT)?,
            code,
            // The first language is the default until another is chosen.
            is_default: is_default || (first && current.is_none()),
        })
    }

    fn before_delete(_call: &mut Call<'_>, doc: &Doc<Language>) -> PluginResult<()> {
        if doc.data.is_default {
            return Err(messages::keep_a_default_language());
        }
        Ok(())
    }
}

/// `code` if it is a service language; while none is configured, the platform's languages are.
pub fn check(call: &mut Call<'_>, field: &str, code: &str) -> PluginResult<String> {
    let code = validate::required(field, code, 16)?;
    let configured = LANGUAGES.count(call.host, &Query::new())?;
    let known = if configured == 0 {
        console_plugin_sdk::platform::languages(call.host)?.contains(&code)
    } else {
        LANGUAGES.count(call.host, &Query::new().eq("code", code.as_str()))? > 0
    };
    if !known {
        return Err(messages::unknown_language(field));
    }
    Ok(code)
}

/// The default service language; while none is configured, the platform's first.
pub fn default_code(call: &mut Call<'_>) -> PluginResult<String> {
    let default = LANGUAGES.query(call.host, &Query::new().eq("isDefault", true).page(1, 1))?.list;
    if let Some(language) = default.into_iter().next() {
        return Ok(language.data.code);
    }
    let platform = console_plugin_sdk::platform::languages(call.host)?;
    Ok(platform.into_iter().next().unwrap_or_else(|| "zhCn".into()))
}
