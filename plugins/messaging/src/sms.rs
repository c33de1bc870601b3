//! SMS (required: signature, template content, platform template id, platform, send type):
//! platforms are HTTP provider endpoints the operator granted (`outbound_hosts`), with a sealed API
//! key; signatures; templates; sends recorded per phone with their outcome, a failed one kept and
//! retried.

use std::collections::BTreeMap;

use console_plugin_sdk::host::OutboundRequest;
use console_plugin_sdk::secrets::{self, mask};
use console_plugin_sdk::validate::{self, MAX_LIST_ENTRIES, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::delivery::{self, Delivery};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsPlatform {
    pub platform_name: String,
    /// The provider's send endpoint (http or https).
    pub endpoint: String,
    /// Sealed; sent as `authorization: Bearer <key>`. Never answered.
    #[schemars(skip)]
    pub api_key: String,
    pub api_key_hint: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsTemplate {
    pub template_name: String,
    /// verification, notification or marketing.
    pub send_type: String,
    /// With `{name}` parameters.
    pub content: String,
    pub platform_template_id: String,
    pub platform_id: String,
    pub signature: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsRecord {
    pub template_id: String,
    pub phone: String,
    pub params: BTreeMap<String, String>,
    pub content: String,
    #[serde(flatten)]
    pub delivery: Delivery,
}

/// An SMS signature registered with the providers (the 【brand】 before the text).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsSignature {
    pub signature: String,
    pub remark: String,
}

pub const SIGNATURES: Collection<SmsSignature> = Collection::new("sms_signatures");
pub const PLATFORMS: Collection<SmsPlatform> = Collection::new("sms_platforms");
pub const TEMPLATES: Collection<SmsTemplate> = Collection::new("sms_templates");
pub const RECORDS: Collection<SmsRecord> = Collection::new("sms_records");

const SEND_TYPES: [&str; 3] = ["verification", "notification", "marketing"];

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PlatformInput {
    platform_name: String,
    endpoint: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    api_key: String,
}

impl PlatformInput {
    /// An empty key on edit keeps the stored one.
    fn validate(self, host: &mut dyn Host, stored: Option<&SmsPlatform>) -> PluginResult<SmsPlatform> {
        let endpoint = validate::required("endpoint", &self.endpoint, 1024)?;
        if !(endpoint.starts_with("https://") || endpoint.starts_with("http://")) {
            return Err(PluginError::format("endpoint", console_plugin_sdk::expected::HTTP_URL));
        }
        let (api_key, api_key_hint) = match (self.api_key.trim(), stored) {
            ("", Some(stored)) => (stored.api_key.clone(), stored.api_key_hint.clone()),
            (key, _) => {
                let key = validate::required("apiKey", key, 512)?;
                (secrets::seal(host, &key)?, mask(&key))
            }
        };
        Ok(SmsPlatform {
            platform_name: validate::required("platformName", &self.platform_name, SHORT_TEXT)?,
            endpoint,
            api_key,
            api_key_hint,
        })
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TemplateInput {
    template_name: String,
    send_type: String,
    content: String,
    platform_template_id: String,
    platform_id: String,
    signature: String,
}

impl TemplateInput {
    fn validate(self, host: &mut dyn Host) -> PluginResult<SmsTemplate> {
        let platform_id = validate::required("platformId", &self.platform_id, 64)?;
        PLATFORMS.get(host, &platform_id)?.ok_or_else(|| {
            PluginError::format(
                "platformId",
                [
                    "某个短信平台",
                    "an SMS platform",
                    "eine SMS-Plattform",
                    "una plataforma de SMS",
                    "une plateforme SMS",
                    "uma plataforma de SMS",
                    "платформа SMS",
                ],
            )
        })?;
        let signature = validate::length("signature", &self.signature, 2, 20)?;
        if SIGNATURES.count(host, &Query::new().eq("signature", signature.as_str()))? == 0 {
            return Err(PluginError::format(
                "signature",
                [
                    "已登记的短信签名",
                    "a registered SMS signature",
                    "eine registrierte SMS-Signatur",
                    "una firma de SMS registrada",
                    "une signature SMS enregistrée",
                    "uma assinatura de SMS registada",
                    "зарегистрированная подпись SMS",
                ],
            ));
        }
        Ok(SmsTemplate {
            template_name: validate::required("templateName", &self.template_name, SHORT_TEXT)?,
            send_type: validate::one_of("sendType", &self.send_type, &SEND_TYPES)?,
            content: validate::required("content", &self.content, 500)?,
            platform_template_id: validate::required("platformTemplateId", &self.platform_template_id, 64)?,
            platform_id,
            signature,
        })
    }
}

/// `{name}` parameters of the content, all given, filled in.
fn fill(content: &str, params: &BTreeMap<String, String>) -> PluginResult<String> {
    let mut out = String::new();
    let mut rest = content;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|c| c + open).ok_or_else(|| {
            PluginError::format(
                "content",
                [
                    "成对的 { }",
                    "balanced { }",
                    "paarige { }",
                    "{ } equilibradas",
                    "des { } appariées",
                    "{ } emparelhadas",
                    "парные { }",
                ],
            )
        })?;
        let name = &rest[open + 1..close];
        let value = params.get(name).ok_or_else(|| PluginError::required(&format!("params.{name}")))?;
        out.push_str(&rest[..open]);
        out.push_str(value);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Sends the record's SMS through its template's platform and keeps the outcome in it. Nothing
/// is written: a call sends before its first write.
fn deliver(host: &mut dyn Host, record: &mut SmsRecord) -> PluginResult<()> {
    let template = TEMPLATES.find(host, &record.template_id)?;
    let platform = PLATFORMS.find(host, &template.data.platform_id)?;
    let key = secrets::open(host, &platform.data.api_key)?;
    let body = json!({ "phone": record.phone, "signName": template.data.signature, "templateCode": template.data.platform_template_id, "params": record.params });
    let request = OutboundRequest {
        method: "POST".into(),
        url: platform.data.endpoint.clone(),
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("authorization".into(), format!("Bearer {key}")),
        ],
        body: body.to_string().into_bytes(),
    };
    let outcome = delivery::provider_call(host, &request);
    let now = host.now_ms();
    record.delivery.record(outcome, now);
    Ok(())
}

fn attempt(host: &mut dyn Host, mut record: Doc<SmsRecord>) -> PluginResult<Doc<SmsRecord>> {
    deliver(host, &mut record.data)?;
    RECORDS.update(host, &record.id, &record.data, Some(record.version))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendInput {
    template_id: String,
    /// One phone number per line (country code, hyphen, number).
    phones: String,
    params: BTreeMap<String, String>,
}

/// Sends to each phone; each is recorded with its outcome (answered 200 so that failures stay).
pub fn send(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<SendInput>()?;
    let template_id = validate::required("templateId", &input.template_id, 64)?;
    let template = TEMPLATES.get(call.host, &template_id)?.ok_or_else(|| {
        PluginError::format(
            "templateId",
            [
                "某个短信模板",
                "an SMS template",
                "eine SMS-Vorlage",
                "una plantilla de SMS",
                "un modèle de SMS",
                "um modelo de SMS",
                "шаблон SMS",
            ],
        )
    })?;
    let phones = validate::lines("phones", &input.phones, MAX_LIST_ENTRIES)?;
    if phones.is_empty() {
        return Err(PluginError::required("phones"));
    }
    for phone in &phones {
        let ok = phone.split_once('-').is_some_and(|(cc, n)| {
            !cc.is_empty()
                && cc.trim_start_matches('+').chars().all(|c| c.is_ascii_digit())
                && (5..=15).contains(&n.len())
                && n.chars().all(|c| c.is_ascii_digit())
        });
        if !ok {
            return Err(PluginError::format(
                "phones",
                [
                    "国家码、连字符、号码（86-13800000000）",
                    "country code, hyphen, number (86-13800000000)",
                    "Ländervorwahl, Bindestrich, Nummer (86-13800000000)",
                    "prefijo del país, guion, número (86-13800000000)",
                    "indicatif pays, tiret, numéro (86-13800000000)",
                    "indicativo do país, hífen, número (86-13800000000)",
                    "код страны, дефис, номер (86-13800000000)",
                ],
            ));
        }
    }
    let content = fill(&template.data.content, &input.params)?;
    let mut delivered = Vec::with_capacity(phones.len());
    for phone in phones {
        let mut record = SmsRecord {
            template_id: template_id.clone(),
            phone,
            params: input.params.clone(),
            content: content.clone(),
            delivery: Delivery::pending(),
        };
        deliver(call.host, &mut record)?;
        delivered.push(record);
    }
    let recorded =
        delivered.iter().map(|record| RECORDS.insert(call.host, record)).collect::<PluginResult<Vec<_>>>()?;
    Ok(json!(recorded))
}

impl delivery::Delivered for SmsRecord {
    fn delivery(&self) -> &Delivery {
        &self.delivery
    }
}

pub fn retry(call: &mut Call<'_>) -> PluginResult<Value> {
    delivery::retry(call, &RECORDS, attempt)
}

pub fn list_records(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .eq_opt("status", call.query("status"))
        .eq_opt("phone", call.query("phone"))
        .sort("lastTriedAt", true)
        .paged_by(call)?;
    Ok(json!(RECORDS.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct SignatureInput {
    signature: String,
    remark: String,
}

/// Refuses to delete what a template still uses.
fn unused(used: u64, what: [&str; 7]) -> PluginResult<()> {
    if used == 0 {
        return Ok(());
    }
    let [zh, en, de, es, fr, pt, ru] = what;
    Err(PluginError::format(
        "id",
        [
            &format!("{zh}（当前有 {used} 个模板使用）"),
            &format!("{en} ({used} do)"),
            &format!("{de} ({used} tun es)"),
            &format!("{es} ({used} la usan)"),
            &format!("{fr} ({used} l’utilisent)"),
            &format!("{pt} ({used} usam-na)"),
            &format!("{ru} (используют: {used})"),
        ],
    ))
}

/// SMS platforms: sorted by name, answered without their key, deleted only when no template
/// uses them.
pub struct Platforms;

impl Resource for Platforms {
    type Data = SmsPlatform;
    type Input = PlatformInput;
    const COLLECTION: Collection<SmsPlatform> = PLATFORMS;
    const SORT: &'static [(&'static str, bool)] = &[("platformName", false)];

    fn name(platform: &SmsPlatform) -> &str {
        &platform.platform_name
    }
    fn validate(
        call: &mut Call<'_>,
        input: PlatformInput,
        current: Option<&Doc<SmsPlatform>>,
    ) -> PluginResult<SmsPlatform> {
        input.validate(call.host, current.map(|doc| &doc.data))
    }
    fn shown(_call: &mut Call<'_>, doc: &Doc<SmsPlatform>) -> Value {
        let mut value = json!(doc);
        value.as_object_mut().map(|m| m.remove("apiKey"));
        value
    }
    fn before_delete(call: &mut Call<'_>, doc: &Doc<SmsPlatform>) -> PluginResult<()> {
        let used = TEMPLATES.count(call.host, &Query::new().eq("platformId", doc.id.as_str()))?;
        unused(
            used,
            [
                "没有模板使用的平台",
                "a platform no template uses",
                "eine Plattform, die keine Vorlage nutzt",
                "una plataforma que ninguna plantilla use",
                "une plateforme qu’aucun modèle n’utilise",
                "uma plataforma que nenhum modelo use",
                "платформа, которую не использует ни один шаблон",
            ],
        )
    }
}

/// SMS templates, searched and sorted by name.
pub struct Templates;

impl Resource for Templates {
    type Data = SmsTemplate;
    type Input = TemplateInput;
    const COLLECTION: Collection<SmsTemplate> = TEMPLATES;
    const SEARCH: &'static [&'static str] = &["templateName"];
    const SORT: &'static [(&'static str, bool)] = &[("templateName", false)];

    fn name(template: &SmsTemplate) -> &str {
        &template.template_name
    }
    fn validate(call: &mut Call<'_>, input: TemplateInput, _: Option<&Doc<SmsTemplate>>) -> PluginResult<SmsTemplate> {
        input.validate(call.host)
    }
}

/// SMS signatures (listed, added, deleted), deleted only when no template uses them.
pub struct Signatures;

impl Resource for Signatures {
    type Data = SmsSignature;
    type Input = SignatureInput;
    const COLLECTION: Collection<SmsSignature> = SIGNATURES;
    const SORT: &'static [(&'static str, bool)] = &[("signature", false)];

    fn name(signature: &SmsSignature) -> &str {
        &signature.signature
    }
    fn validate(_: &mut Call<'_>, input: SignatureInput, _: Option<&Doc<SmsSignature>>) -> PluginResult<SmsSignature> {
        Ok(SmsSignature {
            signature: validate::length("signature", &input.signature, 2, 20)?,
            remark: validate::optional("remark", &input.remark, SHORT_TEXT)?,
        })
    }
    fn before_delete(call: &mut Call<'_>, doc: &Doc<SmsSignature>) -> PluginResult<()> {
        let used = TEMPLATES.count(call.host, &Query::new().eq("signature", doc.data.signature.as_str()))?;
        unused(
            used,
            [
                "没有模板使用的签名",
                "a signature no template uses",
                "eine Signatur, die keine Vorlage nutzt",
                "una firma que ninguna plantilla use",
                "une signature qu’aucun modèle n’utilise",
                "uma assinatura que nenhum modelo use",
                "подпись, которую не использует ни один шаблон",
            ],
        )
    }
}
