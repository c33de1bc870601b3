//! The assistants a product is reachable from. One shape for the four platforms, with what
//! differs checked per platform: Alexa skills (skill id, locale, one default controller per
//! product), Google projects (project id, service-account credentials JSON, sealed), and
//! third-party and Baidu bots (bot id, optional sealed API secret).

use console_plugin_sdk::secrets::{self, mask};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::modes::MODES;

pub const PLATFORMS: [&str; 4] = ["alexa", "google", "third-party", "baidu"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Assistant {
    pub platform: String,
    pub name: String,
    pub product_id: String,
    /// Alexa skill id, Google project id, or the bot id of a third-party or Baidu assistant.
    pub external_id: String,
    /// Language abbreviation: `en`, `en-US`, `zh-CN`...
    pub lang: String,
    /// Alexa: the skill that controls the product by default; one per product.
    pub default_controller: bool,
    /// Third-party: the assistant's maker (Xiaomi XiaoAi, Samsung Bixby...).
    pub provider: String,
    /// Sealed; never answered (the console sees `hasCredentials`).
    #[schemars(skip)]
    pub credentials: Option<String>,
    /// What identifies the credentials without revealing them.
    pub credentials_hint: Option<String>,
    pub remark: String,
}

pub const ASSISTANTS: Collection<Assistant> = Collection::new("assistants");

/// The `{platform}` of the path, which the manifest limits to the four.
pub fn platform(call: &Call<'_>) -> PluginResult<String> {
    let platform = call.param("platform")?;
    PLATFORMS.iter().find(|p| **p == platform).map(|p| p.to_string()).ok_or_else(PluginError::not_found)
}

/// The assistant with this id, if it is of the platform (another platform's is not found).
pub fn of_platform(call: &mut Call<'_>, platform: &str, id: &str) -> PluginResult<Doc<Assistant>> {
    ASSISTANTS.get(call.host, id)?.filter(|a| a.data.platform == platform).ok_or_else(PluginError::not_found)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AssistantInput {
    name: String,
    product_id: String,
    external_id: String,
    lang: String,
    default_controller: bool,
    provider: String,
    /// New credentials; empty keeps the stored ones on edit.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    credentials: String,
    remark: String,
}

fn language(value: &str) -> PluginResult<String> {
    let value = validate::required("lang", value, 16)?;
    let (code, region) = value.split_once('-').unwrap_or((value.as_str(), ""));
    let code_ok = (2..=3).contains(&code.len()) && code.chars().all(|c| c.is_ascii_lowercase());
    let region_ok = region.is_empty() || (region.len() == 2 && region.chars().all(|c| c.is_ascii_uppercase()));
    if code_ok && region_ok {
        Ok(value)
    } else {
        Err(PluginError::format(
            "lang",
            [
                "形如 en 或 en-US 的语言缩写",
                "a language abbreviation such as en or en-US",
                "ein Sprachkürzel wie en oder en-US",
                "una abreviatura de idioma como en o en-US",
                "une abréviation de langue comme en ou en-US",
                "uma abreviatura de idioma como en ou en-US",
                "код языка вида en или en-US",
            ],
        ))
    }
}

fn external_id(platform: &str, value: &str) -> PluginResult<String> {
    let value = validate::required("externalId", value, 128)?;
    let ok = match platform {
        "alexa" => value
            .strip_prefix("amzn1.ask.skill.")
            .is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_hexdigit() || c == '-')),
        // Google Cloud project ids: 6-30 lower-case letters, digits and hyphens, starting with a letter.
        "google" => {
            (6..=30).contains(&value.len())
                && value.starts_with(|c: char| c.is_ascii_lowercase())
                && !value.ends_with('-')
                && value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        }
        _ => value.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
    };
    if ok {
        Ok(value)
    } else {
        let expected = match platform {
            "alexa" => [
                "Alexa 技能 ID（amzn1.ask.skill.…）",
                "an Alexa skill id (amzn1.ask.skill.…)",
                "eine Alexa-Skill-ID (amzn1.ask.skill.…)",
                "un ID de skill de Alexa (amzn1.ask.skill.…)",
                "un ID de skill Alexa (amzn1.ask.skill.…)",
                "um ID de skill da Alexa (amzn1.ask.skill.…)",
                "ID навыка Alexa (amzn1.ask.skill.…)",
            ],
            "google" => [
                "Google Cloud 项目 ID（6-30 位小写字母、数字和连字符）",
                "a Google Cloud project id (6-30 lower-case letters, digits and hyphens)",
                "eine Google-Cloud-Projekt-ID (6–30 Kleinbuchstaben, Ziffern und Bindestriche)",
                "un ID de proyecto de Google Cloud (6-30 minúsculas, dígitos y guiones)",
                "un ID de projet Google Cloud (6 à 30 minuscules, chiffres et tirets)",
                "um ID de projeto Google Cloud (6-30 minúsculas, algarismos e hífenes)",
                "ID проекта Google Cloud (6–30 строчных букв, цифр и дефисов)",
            ],
            _ => [
                "字母、数字、-、_ 和 .",
                "letters, digits, -, _ and .",
                "Buchstaben, Ziffern, -, _ und .",
                "letras, dígitos, -, _ y .",
                "lettres, chiffres, -, _ et .",
                "letras, algarismos, -, _ e .",
                "буквы, цифры, -, _ и .",
            ],
        };
        Err(PluginError::format("externalId", expected))
    }
}

/// Google credentials: a service-account JSON of this project. Returns the text and its hint.
fn google_credentials(text: &str, project: &str) -> PluginResult<(String, String)> {
    let value = validate::json_text("credentials", text)?;
    let field = |name: &str| value.get(name).and_then(Value::as_str).filter(|s| !s.is_empty());
    let (Some(email), Some(_key)) = (field("client_email"), field("private_key")) else {
        return Err(PluginError::format(
            "credentials",
            [
                "包含 client_email 和 private_key 的服务账号 JSON",
                "a service-account JSON with client_email and private_key",
                "ein Dienstkonto-JSON mit client_email und private_key",
                "un JSON de cuenta de servicio con client_email y private_key",
                "un JSON de compte de service avec client_email et private_key",
                "um JSON de conta de serviço com client_email e private_key",
                "JSON сервисного аккаунта с client_email и private_key",
            ],
        ));
    };
    if field("project_id").is_some_and(|p| p != project) {
        return Err(messages::credentials_of_another_project(project));
    }
    Ok((value.to_string(), email.to_string()))
}

impl AssistantInput {
    /// Validates for `platform`; `stored` credentials are kept when none are given on edit.
    fn validate(
        self,
        call: &mut Call<'_>,
        platform: &str,
        stored: Option<(Option<String>, Option<String>)>,
    ) -> PluginResult<Assistant> {
        let external_id = external_id(platform, &self.external_id)?;
        let (credentials, credentials_hint) = match (platform, self.credentials.trim()) {
            ("google", "") => match stored {
                Some((Some(sealed), hint)) => (Some(sealed), hint),
                _ => return Err(PluginError::required("credentials")),
            },
            ("google", text) => {
                let (plain, email) = google_credentials(text, &external_id)?;
                (Some(secrets::seal(call.host, &plain)?), Some(email))
            }
            ("alexa", "") => (None, None),
            ("alexa", _) => {
                return Err(PluginError::format(
                    "credentials",
                    [
                        "无需填写：Alexa 技能通过账号关联",
                        "none: Alexa skills link by account",
                        "keine: Alexa-Skills werden über das Konto verknüpft",
                        "ninguna: las skills de Alexa se vinculan por cuenta",
                        "aucun : les skills Alexa se lient par compte",
                        "nenhuma: as skills da Alexa associam-se pela conta",
                        "не нужны: навыки Alexa связываются через аккаунт",
                    ],
                ));
            }
            (_, "") => stored.unwrap_or((None, None)),
            (_, secret) => {
                let secret = validate::length("credentials", secret, 8, 512)?;
                (Some(secrets::seal(call.host, &secret)?), Some(mask(&secret)))
            }
        };
        Ok(Assistant {
            platform: platform.to_string(),
            name: validate::length("name", &self.name, 2, SHORT_TEXT)?,
            product_id: validate::required("productId", &self.product_id, 64)?,
            external_id,
            lang: language(&self.lang)?,
            default_controller: platform == "alexa" && self.default_controller,
            provider: if platform == "third-party" {
                validate::required("provider", &self.provider, SHORT_TEXT)?
            } else {
                String::new()
            },
            credentials,
            credentials_hint,
            remark: validate::optional("remark", &self.remark, LONG_TEXT)?,
        })
    }
}

/// What a list or form shows: never the credentials.
fn public(doc: Doc<Assistant>) -> Value {
    let mut value = json!(doc);
    if let Some(map) = value.as_object_mut() {
        let has = map.remove("credentials").is_some_and(|c| !c.is_null());
        map.insert("hasCredentials".into(), Value::Bool(has));
    }
    value
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = platform(call)?;
    let mode = call.search_mode();
    let query = Query::new()
        .eq("platform", platform.as_str())
        .search("name", call.query("name"), mode)
        .eq_opt("productId", call.query("productId"))
        .sort("createdAt", true)
        .paged_by(call)?;
    let page = ASSISTANTS.query(call.host, &query)?;
    let list: Vec<Value> = page.list.into_iter().map(public).collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// Alexa: makes `id` the product's only default controller, clearing the flag of the one
/// before; returns the name of the skill that lost it.
fn take_default(call: &mut Call<'_>, id: &str, product_id: &str) -> PluginResult<Option<String>> {
    let others =
        Query::new().eq("platform", "alexa").eq("productId", product_id).eq("defaultController", true).page(1, 100);
    let mut replaced = None;
    for mut other in ASSISTANTS.query(call.host, &others)?.list.into_iter().filter(|o| o.id != id) {
        other.data.default_controller = false;
        ASSISTANTS.update(call.host, &other.id, &other.data, Some(other.version))?;
        replaced = Some(other.data.name);
    }
    Ok(replaced)
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = platform(call)?;
    let assistant = call.body::<AssistantInput>()?.validate(call, &platform, None)?;
    let created = ASSISTANTS.insert(call.host, &assistant)?;
    let replaced =
        if assistant.default_controller { take_default(call, &created.id, &assistant.product_id)? } else { None };
    call.host.audit("Add a voice assistant", &format!("{platform}: {} ({})", assistant.name, assistant.external_id));
    let mut answer = public(created);
    answer["replacedDefault"] = json!(replaced);
    Ok(answer)
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = platform(call)?;
    let id = call.param("id")?.to_string();
    let version = call.version();
    let before = of_platform(call, &platform, &id)?;
    let stored = Some((before.data.credentials.clone(), before.data.credentials_hint.clone()));
    let assistant = call.body::<AssistantInput>()?.validate(call, &platform, stored)?;
    let updated = ASSISTANTS.update(call.host, &id, &assistant, version)?;
    let replaced = if assistant.default_controller { take_default(call, &id, &assistant.product_id)? } else { None };
    let mut answer = public(updated);
    answer["replacedDefault"] = json!(replaced);
    Ok(answer)
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = platform(call)?;
    let id = call.param("id")?.to_string();
    let assistant = of_platform(call, &platform, &id)?;
    call.confirm_name(&assistant.data.name)?;
    let modes = MODES.count(call.host, &Query::new().eq("assistantId", id.as_str()))?;
    if modes > 0 {
        return Err(messages::has_modes(modes));
    }
    ASSISTANTS.delete(call.host, &id)?;
    Ok(Value::Null)
}
