//! SN groups (spec DP §3 "SN group", "Device SN"): a released model's SNs generated in one go,
//! `aliasPrefix + spliced rule values + sequence number`. Each group holds one random secret,
//! sealed by the host; each SN's private key is HMAC-SHA256(secret, SN), so it is derived when
//! needed, never stored, and never shown. A device proves itself with HMAC-SHA256(key, message).

use std::collections::BTreeMap;

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, SearchMode, Value, json, secrets};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::models::{MODELS, ProductModel, RELEASED};
use crate::sn_rules::{SN_RULES, SnRule, attribute_value};

/// §9-scale groups: up to 100,000 SNs, written 10,000 at a time (contract 0.1.5).
pub const MAX_RECORDS: u32 = 100_000;
const BATCH: usize = 10_000;
pub const ACTIVE: &str = "active";
pub const CANCELLED: &str = "cancelled";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SnGroup {
    pub label: String,
    pub model_id: String,
    pub model_code: String,
    /// What every SN of the group starts with.
    pub prefix: String,
    pub digit_count: u32,
    pub start_number: u64,
    pub record_count: u32,
    pub uppercase: bool,
    pub attributes: BTreeMap<String, String>,
    /// `active` or `cancelled` (consumed is counted from the SNs' activations).
    pub state: String,
    /// Sealed by the host; never answered (see [`shown`]).
    pub secret: String,
    pub key_fingerprint: String,
    pub first_sn: String,
    pub last_sn: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSn {
    pub sn: String,
    pub group_id: String,
    pub model_id: String,
    pub activated: bool,
    pub activated_at: Option<i64>,
}

pub const GROUPS: Collection<SnGroup> = Collection::new("sn_groups");
pub const SNS: Collection<DeviceSn> = Collection::new("sns");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupInput {
    label: String,
    model_id: String,
    /// Digits of the sequence number; the model's SN suffix digits when absent.
    digit_count: Option<u32>,
    start_number: Option<u64>,
    record_count: Option<u32>,
    uppercase: bool,
    /// A value for each of the model's SN rules, by attribute.
    attributes: BTreeMap<String, String>,
}

fn refused(status: u16, field: Option<&str>, texts: [String; 7]) -> PluginError {
    PluginError::localized(status, field, texts)
}

/// The value of one rule for a group generated in `year`/`month` (§3: a drop-down may offer the
/// year YYYY and the month MM).
fn rule_value(rule: &SnRule, given: Option<&String>, year: &str, month: &str) -> PluginResult<String> {
    let field = format!("attributes.{}", rule.attribute);
    let given = given.map(|v| v.trim()).unwrap_or_default();
    if given.is_empty() {
        return if rule.required { Err(PluginError::required(&field)) } else { Ok(String::new()) };
    }
    let value = attribute_value(&field, given, rule.max_length)?;
    let dated = (rule.year_option && value == year) || (rule.month_option && value == month);
    if rule.input_method == "select" && !dated && !rule.options.contains(&value) {
        return Err(PluginError::format_values(&field, &rule.options.join(" / ")));
    }
    Ok(value)
}

/// The SNs' common prefix: the alias prefix, then the spliced rules' values in sort order.
pub fn prefix(model: &ProductModel, rules: &[SnRule], values: &BTreeMap<String, String>, uppercase: bool) -> String {
    let mut ordered: Vec<&SnRule> = rules.iter().filter(|r| r.splice).collect();
    ordered.sort_by_key(|r| r.sort);
    let mut prefix = model.alias_prefix.clone();
    for rule in ordered {
        prefix.push_str(values.get(&rule.attribute).map(String::as_str).unwrap_or_default());
    }
    if uppercase { prefix.to_uppercase() } else { prefix }
}

pub fn sn_at(prefix: &str, number: u64, digits: u32) -> String {
    format!("{prefix}{number:0width$}", width = digits as usize)
}

/// An SN's private key: HMAC-SHA256 of the SN under the group's secret, hex.
pub fn device_key(secret: &str, sn: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(sn.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `signature` (hex) is HMAC-SHA256 of `message` under the SN's key; constant time.
pub fn signature_valid(key: &str, message: &str, signature: &str) -> bool {
    let Ok(signature) = hex::decode(signature.trim()) else { return false };
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).expect("any key length");
    mac.update(message.as_bytes());
    mac.verify_slice(&signature).is_ok()
}

/// A group as answered (for the API description): every field but the sealed secret.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupShown {
    pub label: String,
    pub model_id: String,
    pub model_code: String,
    pub prefix: String,
    pub digit_count: u32,
    pub start_number: u64,
    pub record_count: u32,
    pub uppercase: bool,
    pub attributes: BTreeMap<String, String>,
    pub state: String,
    pub key_fingerprint: String,
    pub first_sn: String,
    pub last_sn: String,
}

/// SN facts for other plugins.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SnFacts {
    pub sn: String,
    pub model_id: String,
    pub model_code: Option<String>,
    pub group_id: String,
    pub activated: bool,
    pub activated_at: Option<i64>,
}

/// What a signature check found.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    pub valid: bool,
    /// This check activated the SN (its first valid activation).
    pub first_activation: bool,
    /// The SN's group is cancelled: nothing of it is valid.
    pub cancelled: bool,
}

/// A group as answered: the secret left out, its fingerprint shown.
pub fn shown(doc: &Doc<SnGroup>) -> Value {
    let mut value = json!(doc);
    if let Some(object) = value.as_object_mut() {
        object.remove("secret");
    }
    value
}

/// Generates a group of a released model's SNs.
pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: GroupInput = call.body()?;
    let label = validate::required("label", &input.label, SHORT_TEXT)?;
    let model_id = validate::required("modelId", &input.model_id, 64)?;
    let model = MODELS.get(call.host, &model_id)?.filter(|m| m.data.status == RELEASED).ok_or_else(|| {
        PluginError::format(
            "modelId",
            [
                "已发布的产品型号",
                "a released product model",
                "ein freigegebenes Produktmodell",
                "un modelo de producto publicado",
                "un modèle de produit publié",
                "um modelo de produto publicado",
                "выпущенная модель продукта",
            ],
        )
    })?;
    let digits = input.digit_count.unwrap_or(model.data.sn_suffix_digits);
    if !(1..=12).contains(&digits) {
        return Err(PluginError::format("digitCount", console_plugin_sdk::error::integer_range(1, 12)));
    }
    let count = validate::some("recordCount", input.record_count)?;
    if !(1..=MAX_RECORDS).contains(&count) {
        return Err(PluginError::format("recordCount", console_plugin_sdk::error::integer_range(1, MAX_RECORDS)));
    }
    let start = input.start_number.unwrap_or(1);
    let last = start + u64::from(count) - 1;
    if last >= 10u64.pow(digits) {
        return Err(refused(
            400,
            Some("startNumber"),
            [
                format!("序号将超过 {digits} 位：最大序号为 {last}"),
                format!("The sequence would exceed {digits} digits: the last number would be {last}."),
                format!("Die Folge würde {digits} Stellen überschreiten: die letzte Nummer wäre {last}."),
                format!("La secuencia superaría los {digits} dígitos: el último número sería {last}."),
                format!("La séquence dépasserait {digits} chiffres : le dernier numéro serait {last}."),
                format!("A sequência excederia {digits} dígitos: o último número seria {last}."),
                format!("Последовательность превысит {digits} цифр: последний номер был бы {last}."),
            ],
        ));
    }
    let rules =
        SN_RULES.query(call.host, &Query::new().eq("modelId", model_id.as_str()).sort("sort", false).page(1, 1000))?;
    let rules: Vec<SnRule> = rules.list.into_iter().map(|r| r.data).collect();
    let date = console_plugin_sdk::time::date_at(call.host.now_ms());
    let (year, month) = (format!("{:04}", date.year()), format!("{:02}", date.month()));
    let mut attributes = BTreeMap::new();
    for rule in &rules {
        let value = rule_value(rule, input.attributes.get(&rule.attribute), &year, &month)?;
        if !value.is_empty() {
            attributes.insert(rule.attribute.clone(), value);
        }
    }
    let prefix = prefix(&model.data, &rules, &attributes, input.uppercase);

    let mut secret_bytes = [0u8; 32];
    getrandom::fill(&mut secret_bytes).map_err(|e| PluginError::internal(format!("no randomness: {e}")))?;
    let secret = hex::encode(secret_bytes);
    let group = SnGroup {
        label,
        model_id: model_id.clone(),
        model_code: model.data.code.clone(),
        prefix: prefix.clone(),
        digit_count: digits,
        start_number: start,
        record_count: count,
        uppercase: input.uppercase,
        attributes,
        state: ACTIVE.into(),
        secret: secrets::seal(call.host, &secret)?,
        key_fingerprint: hex::encode(&Sha256::digest(secret.as_bytes())[..4]),
        first_sn: sn_at(&prefix, start, digits),
        last_sn: sn_at(&prefix, last, digits),
    };
    let created = GROUPS.insert(call.host, &group)?;
    let numbers: Vec<u64> = (start..=last).collect();
    for batch in numbers.chunks(BATCH) {
        let sns: Vec<DeviceSn> = batch
            .iter()
            .map(|n| DeviceSn {
                sn: sn_at(&prefix, *n, digits),
                group_id: created.id.clone(),
                model_id: model_id.clone(),
                activated: false,
                activated_at: None,
            })
            .collect();
        SNS.insert_many(call.host, &sns).map_err(|err| {
            if err.status == 400 && err.field.as_deref() == Some("sn") {
                refused(
                    409,
                    Some("startNumber"),
                    [
                        format!("该分组的 SN（{} 至 {}）与已有 SN 重叠", group.first_sn, group.last_sn),
                        format!("The group's SNs ({} to {}) overlap SNs that exist.", group.first_sn, group.last_sn),
                        format!(
                            "Die SNs der Gruppe ({} bis {}) überschneiden sich mit vorhandenen SNs.",
                            group.first_sn, group.last_sn
                        ),
                        format!(
                            "Los SN del grupo ({} a {}) se solapan con SN existentes.",
                            group.first_sn, group.last_sn
                        ),
                        format!(
                            "Les SN du groupe ({} à {}) chevauchent des SN existants.",
                            group.first_sn, group.last_sn
                        ),
                        format!(
                            "Os SN do grupo ({} a {}) sobrepõem-se a SN existentes.",
                            group.first_sn, group.last_sn
                        ),
                        format!("SN группы ({} – {}) пересекаются с существующими.", group.first_sn, group.last_sn),
                    ],
                )
            } else {
                err
            }
        })?;
    }
    call.host.audit("Generate an SN group", &format!("{} ({count} SNs)", group.label));
    Ok(shown(&created))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("label", call.query("label"), call.search_mode())
        .eq_opt("modelId", call.query("modelId"))
        .sort("createdAt", true)
        .paged_by(call)?;
    let page = GROUPS.query(call.host, &query)?;
    let list: Vec<Value> = page.list.iter().map(shown).collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// The SN query page (snGroupEvery): by SN, fuzzy or precise, model and activation.
pub fn sns(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = Query::new().eq_opt("modelId", call.query("modelId")).eq_opt("groupId", call.query("groupId"));
    if let Some(sn) = call.query("sn") {
        // Precise is the SN itself (the index finds it among millions); fuzzy is a prefix.
        query = match mode {
            SearchMode::Precise => query.eq("sn", sn),
            SearchMode::Fuzzy => query.prefix("sn", sn),
        };
    }
    if let Some(activated) = call.query("activated") {
        query = query.eq("activated", activated == "true");
    }
    let query = query.paged_by(call)?;
    let page = SNS.query(call.host, &query)?;
    Ok(json!(page))
}

fn find_sn(call: &mut Call<'_>, sn: &str) -> PluginResult<Doc<DeviceSn>> {
    let found = SNS.query(call.host, &Query::new().eq("sn", sn).page(1, 1))?;
    found.list.into_iter().next().ok_or_else(PluginError::not_found)
}

/// SN facts for other plugins: the model, whether it is activated.
pub fn facts(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let doc = find_sn(call, &sn)?;
    let model = MODELS.get(call.host, &doc.data.model_id)?;
    Ok(json!(SnFacts {
        sn: doc.data.sn,
        model_id: doc.data.model_id,
        model_code: model.map(|m| m.data.code),
        group_id: doc.data.group_id,
        activated: doc.data.activated,
        activated_at: doc.data.activated_at,
    }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct SignedInput {
    /// What the device signed.
    message: String,
    /// HMAC-SHA256 of `message` under the SN's key, hex.
    signature: String,
}

/// Checks a device's signature made with its SN's key; with `activate`, the first valid one
/// marks the SN activated.
pub fn verify(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let input: SignedInput = call.body()?;
    let activate = call.query("activate") == Some("true");
    let doc = find_sn(call, &sn)?;
    let group = GROUPS.find(call.host, &doc.data.group_id)?;
    if group.data.state == CANCELLED {
        return Ok(json!(Verified { valid: false, first_activation: false, cancelled: true }));
    }
    let secret = secrets::open(call.host, &group.data.secret)?;
    let valid = signature_valid(&device_key(&secret, &sn), &input.message, &input.signature);
    let first_activation = valid && activate && !doc.data.activated;
    if first_activation {
        let mut data = doc.data.clone();
        data.activated = true;
        data.activated_at = Some(call.host.now_ms());
        SNS.update(call.host, &doc.id, &data, Some(doc.version))?;
    }
    Ok(json!(Verified { valid, first_activation, cancelled: false }))
}
