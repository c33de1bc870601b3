//! Push: configurations per push type (Google FCM, APNs-style, JPush, or another provider) with the
//! provider endpoint the operator granted, a sealed key and secret and credential file, and an
//! activate flag (one active configuration per type); notification templates per language; push
//! clients (register id, alias, label); sends recorded with their outcome and retried.

use std::collections::BTreeMap;

use console_plugin_sdk::host::OutboundRequest;
use console_plugin_sdk::secrets::{self, mask};
use console_plugin_sdk::validate::{self, LONG_TEXT, MAX_LIST_ENTRIES, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::delivery::{self, Delivery};
use crate::templates::LANGUAGES;

pub const PUSH_TYPES: [&str; 4] = ["fcm", "apns", "jpush", "other"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushConfig {
    pub config_name: String,
    pub push_type: String,
    pub endpoint: String,
    pub app_key: String,
    /// Sealed, like the credential file; neither is answered (`hasCredentials` says whether
    /// there is a file).
    #[schemars(skip)]
    pub secret: String,
    pub secret_hint: String,
    #[schemars(skip)]
    pub credentials: Option<String>,
    pub active: bool,
    /// Overseas message configuration: send through this one for users outside China.
    pub overseas: bool,
    /// Where the provider's credential files live (an APNs key folder, a bucket path).
    #[serde(default)]
    pub folder_path: String,
    /// The credential file's password (a .p12's), sealed like the secret and never answered
    /// (`hasVerificationPassword` says whether there is one).
    #[schemars(skip)]
    #[serde(default)]
    pub verification_password: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushTemplate {
    pub template_name: String,
    /// The device error code this template notifies (a fault push); empty for other notices.
    #[serde(default)]
    pub error_code: String,
    pub lang: String,
    pub title: String,
    pub content: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushClient {
    pub register_id: String,
    pub alias: String,
    pub label: String,
    pub lang: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushRecord {
    pub config_id: String,
    pub register_id: String,
    pub title: String,
    pub content: String,
    #[serde(flatten)]
    pub delivery: Delivery,
}

pub const CONFIGS: Collection<PushConfig> = Collection::new("push_configs");
pub const TEMPLATES: Collection<PushTemplate> = Collection::new("push_templates");
pub const CLIENTS: Collection<PushClient> = Collection::new("push_clients");
pub const RECORDS: Collection<PushRecord> = Collection::new("push_records");

fn public(doc: Doc<PushConfig>) -> Value {
    let mut value = json!(doc);
    if let Some(map) = value.as_object_mut() {
        map.remove("secret");
        let has = map.remove("credentials").is_some_and(|c| !c.is_null());
        map.insert("hasCredentials".into(), Value::Bool(has));
        let has = map.remove("verificationPassword").is_some_and(|c| !c.is_null());
        map.insert("hasVerificationPassword".into(), Value::Bool(has));
    }
    value
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ConfigInput {
    config_name: String,
    push_type: String,
    endpoint: String,
    app_key: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    secret: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    credentials: String,
    active: bool,
    overseas: bool,
    folder_path: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    verification_password: String,
}

impl ConfigInput {
    /// An empty secret or credential file on edit keeps the stored one.
    fn validate(self, host: &mut dyn Host, stored: Option<&PushConfig>) -> PluginResult<PushConfig> {
        let endpoint = validate::required("endpoint", &self.endpoint, 1024)?;
        if !(endpoint.starts_with("https://") || endpoint.starts_with("http://")) {
            return Err(PluginError::format("endpoint", console_plugin_sdk::expected::HTTP_URL));
        }
        let (secret, secret_hint) = match (self.secret.trim(), stored) {
            ("", Some(stored)) => (stored.secret.clone(), stored.secret_hint.clone()),
            (secret, _) => {
                let secret = validate::required("secret", secret, 512)?;
                (secrets::seal(host, &secret)?, mask(&secret))
            }
        };
        let credentials = match (self.credentials.trim(), stored) {
            ("", stored) => stored.and_then(|s| s.credentials.clone()),
            (text, _) => Some(secrets::seal(host, &validate::json_text("credentials", text)?.to_string())?),
        };
        let verification_password = match (self.verification_password.as_str(), stored) {
            ("", stored) => stored.and_then(|s| s.verification_password.clone()),
            (password, _) => Some(secrets::seal(host, &validate::required("verificationPassword", password, 256)?)?),
        };
        Ok(PushConfig {
            folder_path: validate::optional("folderPath", &self.folder_path, 512)?,
            verification_password,
            config_name: validate::required("configName", &self.config_name, SHORT_TEXT)?,
            push_type: validate::one_of("pushType", &self.push_type, &PUSH_TYPES)?,
            endpoint,
            app_key: validate::required("appKey", &self.app_key, 256)?,
            secret,
            secret_hint,
            credentials,
            active: self.active,
            overseas: self.overseas,
        })
    }
}

/// Activating a configuration deactivates the others of its type.
fn keep_one_active(host: &mut dyn Host, id: &str, config: &PushConfig) -> PluginResult<()> {
    if config.active {
        let others = Query::new().eq("pushType", config.push_type.as_str()).eq("active", true).page(1, 100);
        for mut other in CONFIGS.query(host, &others)?.list.into_iter().filter(|o| o.id != id) {
            other.data.active = false;
            CONFIGS.update(host, &other.id, &other.data, Some(other.version))?;
        }
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TemplateInput {
    template_name: String,
    error_code: String,
    lang: String,
    title: String,
    content: String,
}

impl TemplateInput {
    fn validate(self) -> PluginResult<PushTemplate> {
        Ok(PushTemplate {
            template_name: validate::required("templateName", &self.template_name, SHORT_TEXT)?,
            error_code: validate::required("errorCode", &self.error_code, 64)?,
            lang: validate::one_of("lang", &self.lang, &LANGUAGES)?,
            title: validate::required("title", &self.title, SHORT_TEXT)?,
            content: validate::required("content", &self.content, LONG_TEXT)?,
        })
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClientInput {
    register_id: String,
    alias: String,
    label: String,
    lang: String,
}

impl ClientInput {
    fn validate(self) -> PluginResult<PushClient> {
        Ok(PushClient {
            register_id: validate::required("registerId", &self.register_id, 256)?,
            alias: validate::optional("alias", &self.alias, SHORT_TEXT)?,
            label: validate::optional("label", &self.label, SHORT_TEXT)?,
            lang: if self.lang.is_empty() { "en".into() } else { validate::one_of("lang", &self.lang, &LANGUAGES)? },
        })
    }
}

/// An app registers its push client (device-facing) or an operator adds one: the same
/// register id again updates it.
pub fn register_client(call: &mut Call<'_>) -> PluginResult<Value> {
    let client = call.body::<ClientInput>()?.validate()?;
    let existing = CLIENTS
        .query(call.host, &Query::new().eq("registerId", client.register_id.as_str()).page(1, 1))?
        .list
        .into_iter()
        .next();
    Ok(json!(match existing {
        Some(doc) => CLIENTS.update(call.host, &doc.id, &client, None)?,
        None => CLIENTS.insert(call.host, &client)?,
    }))
}

/// Sends the record's notification through its configuration and keeps the outcome in it.
/// Nothing is written: a call sends before its first write.
fn deliver(host: &mut dyn Host, record: &mut PushRecord) -> PluginResult<()> {
    let config = CONFIGS.find(host, &record.config_id)?;
    let secret = secrets::open(host, &config.data.secret)?;
    let body = json!({ "to": record.register_id, "notification": { "title": record.title, "body": record.content } });
    let request = OutboundRequest {
        method: "POST".into(),
        url: config.data.endpoint.clone(),
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("authorization".into(), format!("key={}:{secret}", config.data.app_key)),
        ],
        body: body.to_string().into_bytes(),
    };
    let outcome = delivery::provider_call(host, &request);
    let now = host.now_ms();
    record.delivery.record(outcome, now);
    Ok(())
}

fn attempt(host: &mut dyn Host, mut record: Doc<PushRecord>) -> PluginResult<Doc<PushRecord>> {
    deliver(host, &mut record.data)?;
    RECORDS.update(host, &record.id, &record.data, Some(record.version))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendInput {
    push_type: String,
    template_name: String,
    /// Register ids or aliases, one per line.
    targets: String,
    values: BTreeMap<String, String>,
}

/// Sends a template, in each client's language, through the active configuration of the type.
pub fn send(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<SendInput>()?;
    let push_type = validate::one_of("pushType", &input.push_type, &PUSH_TYPES)?;
    let config = CONFIGS
        .query(call.host, &Query::new().eq("pushType", push_type.as_str()).eq("active", true).page(1, 1))?
        .list
        .into_iter()
        .next()
        .ok_or_else(|| {
            PluginError::format(
                "pushType",
                [
                    "已有启用配置的类型",
                    "a type with an active configuration",
                    "ein Typ mit aktiver Konfiguration",
                    "un tipo con una configuración activa",
                    "un type ayant une configuration active",
                    "um tipo com uma configuração ativa",
                    "тип с активной конфигурацией",
                ],
            )
        })?;
    let targets = validate::lines("targets", &input.targets, MAX_LIST_ENTRIES)?;
    if targets.is_empty() {
        return Err(PluginError::required("targets"));
    }
    let mut delivered = Vec::new();
    for target in targets {
        let by_id = CLIENTS.query(call.host, &Query::new().eq("registerId", target.as_str()).page(1, 1))?.list;
        let clients = if by_id.is_empty() {
            CLIENTS.query(call.host, &Query::new().eq("alias", target.as_str()).page(1, 100))?.list
        } else {
            by_id
        };
        if clients.is_empty() {
            return Err(PluginError::format(
                "targets",
                [
                    &format!("推送客户端的注册 ID 或别名（{target} 都不是）"),
                    &format!("register ids or aliases of push clients ({target} is neither)"),
                    &format!("Registrierungs-IDs oder Aliasse von Push-Clients ({target} ist keins von beiden)"),
                    &format!("ID de registro o alias de clientes push ({target} no es ninguno)"),
                    &format!("des ID d’enregistrement ou alias de clients push ({target} n’est ni l’un ni l’autre)"),
                    &format!("IDs de registo ou alias de clientes push ({target} não é nenhum deles)"),
                    &format!("ID регистрации или псевдонимы push-клиентов ({target} не является ни тем, ни другим)"),
                ],
            ));
        }
        for client in clients {
            let template = [client.data.lang.as_str(), "en", "zhCn"]
                .iter()
                .find_map(|lang| {
                    TEMPLATES
                        .query(
                            call.host,
                            &Query::new().eq("templateName", input.template_name.as_str()).eq("lang", *lang).page(1, 1),
                        )
                        .ok()?
                        .list
                        .into_iter()
                        .next()
                })
                .ok_or_else(|| {
                    PluginError::format(
                        "templateName",
                        [
                            "某个推送模板的名称",
                            "the name of a push template",
                            "der Name einer Push-Vorlage",
                            "el nombre de una plantilla push",
                            "le nom d’un modèle de push",
                            "o nome de um modelo de push",
                            "название шаблона push",
                        ],
                    )
                })?;
            let values = Value::Object(input.values.iter().map(|(k, v)| (k.clone(), Value::from(v.clone()))).collect())
                .to_string();
            let title = call
                .host
                .render(&template.data.title, &values)
                .map_err(|e| PluginError::text(400, Some("values"), e))?;
            let content = call
                .host
                .render(&template.data.content, &values)
                .map_err(|e| PluginError::text(400, Some("values"), e))?;
            let mut record = PushRecord {
                config_id: config.id.clone(),
                register_id: client.data.register_id,
                title,
                content,
                delivery: Delivery::pending(),
            };
            deliver(call.host, &mut record)?;
            delivered.push(record);
        }
    }
    let recorded =
        delivered.iter().map(|record| RECORDS.insert(call.host, record)).collect::<PluginResult<Vec<_>>>()?;
    Ok(json!(recorded))
}

impl delivery::Delivered for PushRecord {
    fn delivery(&self) -> &Delivery {
        &self.delivery
    }
}

pub fn retry(call: &mut Call<'_>) -> PluginResult<Value> {
    delivery::retry(call, &RECORDS, attempt)
}

pub fn list_records(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().eq_opt("status", call.query("status")).sort("lastTriedAt", true).paged_by(call)?;
    Ok(json!(RECORDS.query(call.host, &query)?))
}

/// Push configurations, filtered by type and by overseas (the overseas message configuration
/// screen), answered without their secrets; one active configuration per type.
pub struct Configs;

impl Resource for Configs {
    type Data = PushConfig;
    type Input = ConfigInput;
    const COLLECTION: Collection<PushConfig> = CONFIGS;
    const FILTERS: &'static [&'static str] = &["pushType", "overseas"];
    const SORT: &'static [(&'static str, bool)] = &[("configName", false)];

    fn name(config: &PushConfig) -> &str {
        &config.config_name
    }
    fn validate(
        call: &mut Call<'_>,
        input: ConfigInput,
        current: Option<&Doc<PushConfig>>,
    ) -> PluginResult<PushConfig> {
        input.validate(call.host, current.map(|doc| &doc.data))
    }
    fn shown(_call: &mut Call<'_>, doc: &Doc<PushConfig>) -> Value {
        public(doc.clone())
    }
    fn after_create(call: &mut Call<'_>, created: &Doc<PushConfig>) -> PluginResult<()> {
        keep_one_active(call.host, &created.id, &created.data)
    }
    fn after_update(call: &mut Call<'_>, updated: &Doc<PushConfig>) -> PluginResult<()> {
        keep_one_active(call.host, &updated.id, &updated.data)
    }
}

/// Push templates, one per name and language, filtered by name.
pub struct Templates;

impl Resource for Templates {
    type Data = PushTemplate;
    type Input = TemplateInput;
    const COLLECTION: Collection<PushTemplate> = TEMPLATES;
    const FILTERS: &'static [&'static str] = &["templateName"];
    const SORT: &'static [(&'static str, bool)] = &[("templateName", false)];

    fn name(template: &PushTemplate) -> &str {
        &template.template_name
    }
    fn validate(_: &mut Call<'_>, input: TemplateInput, _: Option<&Doc<PushTemplate>>) -> PluginResult<PushTemplate> {
        input.validate()
    }
}

/// Push clients (apps register them through [`register_client`]), deleted by their register id.
pub struct Clients;

impl Resource for Clients {
    type Data = PushClient;
    type Input = ClientInput;
    const COLLECTION: Collection<PushClient> = CLIENTS;
    const FILTERS: &'static [&'static str] = &["alias", "label", "registerId"];

    fn name(client: &PushClient) -> &str {
        &client.register_id
    }
    fn validate(_: &mut Call<'_>, input: ClientInput, _: Option<&Doc<PushClient>>) -> PluginResult<PushClient> {
        input.validate()
    }
}
