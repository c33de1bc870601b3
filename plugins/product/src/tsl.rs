//! Thing models in and out as JSON documents. Export writes this console's shape (the template's
//! `content`, with a format marker). Import reads that shape and also Alibaba Cloud IoT's TSL
//! (`text`, `date`, specs keyed by value for bool and enum, struct specs as a member list, array
//! specs with `size` and `item`), so a device maker can bring the models they already have.
//! Alibaba's built-in `post` event and `set`/`get` services are the platform's topics here, not
//! features: they are skipped.

use console_plugin_sdk::{PluginError, PluginResult, Value, json};

use crate::thing_model::{RESERVED_IDENTIFIERS, ThingModel, Units};

pub const FORMAT: &str = "device-console/thing-model";
pub const FORMAT_VERSION: u32 = 1;
pub const MAX_DOCUMENT_BYTES: usize = 1024 * 1024;

/// What a document made on one platform must match where it is imported: the languages its
/// texts are kept in and the number of guide screens.
#[derive(Debug, Clone)]
pub struct Platform {
    pub languages: Vec<String>,
    pub guide_screens: u32,
}

impl Platform {
    pub fn of(host: &mut dyn console_plugin_sdk::Host) -> PluginResult<Platform> {
        Ok(Platform {
            languages: console_plugin_sdk::platform::languages(host)?,
            guide_screens: crate::guide::screens(host)?,
        })
    }
}

/// The document a template's thing model is exported as, with what the platform it was made on
/// holds: the languages its texts are kept in and the number of guide screens.
pub fn export(name: &str, version_name: &str, model: &ThingModel, platform: &Platform) -> Value {
    let mut document = json!(model);
    document["format"] = json!(FORMAT);
    document["formatVersion"] = json!(FORMAT_VERSION);
    document["name"] = json!(name);
    document["versionName"] = json!(version_name);
    document["languages"] = json!(platform.languages);
    document["guideScreens"] = json!(platform.guide_screens);
    document
}

/// A document that names its languages imports only where the platform has the same ones.
/// Alibaba's TSL names none: it is taken as it is.
fn same_languages(document: &Value, platform: &[String]) -> PluginResult<()> {
    let Some(listed) = document.get("languages") else { return Ok(()) };
    let mut theirs = Vec::new();
    for language in listed.as_array().ok_or_else(not_a_model)? {
        theirs.push(language.as_str().ok_or_else(not_a_model)?.to_string());
    }
    let mut ours = platform.to_vec();
    theirs.sort();
    theirs.dedup();
    ours.sort();
    ours.dedup();
    if theirs == ours {
        return Ok(());
    }
    let (theirs, ours) = (theirs.join(", "), ours.join(", "));
    Err(PluginError::localized(
        400,
        Some("document"),
        [
            format!("物模型的语言（{theirs}）与平台已添加的语言（{ours}）不一致，请先调整平台语言"),
            format!(
                "The thing model's languages ({theirs}) do not match the platform's ({ours}); add or remove languages first."
            ),
            format!(
                "Die Sprachen des Dingmodells ({theirs}) entsprechen nicht denen der Plattform ({ours}); fügen Sie zuerst Sprachen hinzu oder entfernen Sie welche."
            ),
            format!(
                "Los idiomas del modelo de objeto ({theirs}) no coinciden con los de la plataforma ({ours}); añada o quite idiomas primero."
            ),
            format!(
                "Les langues du modèle d’objet ({theirs}) ne correspondent pas à celles de la plateforme ({ours}) ; ajoutez ou retirez d’abord des langues."
            ),
            format!(
                "Os idiomas do modelo do objeto ({theirs}) não correspondem aos da plataforma ({ours}); adicione ou remova idiomas primeiro."
            ),
            format!(
                "Языки модели устройства ({theirs}) не совпадают с языками платформы ({ours}); сначала добавьте или удалите языки."
            ),
        ],
    ))
}

fn not_a_model() -> PluginError {
    PluginError::format(
        "document",
        [
            "物模型 JSON 文档（本控制台导出的格式或阿里云 TSL）",
            "a thing-model JSON document (as this console exports it, or Alibaba Cloud TSL)",
            "ein JSON-Dokument eines Dingmodells (wie diese Konsole es exportiert, oder Alibaba Cloud TSL)",
            "un documento JSON de modelo de objeto (como lo exporta esta consola, o TSL de Alibaba Cloud)",
            "un document JSON de modèle d’objet (tel que cette console l’exporte, ou TSL d’Alibaba Cloud)",
            "um documento JSON de modelo do objeto (como esta consola o exporta, ou TSL da Alibaba Cloud)",
            "JSON-документ модели устройства (в формате экспорта этой консоли или Alibaba Cloud TSL)",
        ],
    )
}

/// Reads a document into a thing model (not yet cleaned: the template's save does that) and the
/// units it names, symbol to name; its languages and guide screens, where it names them, must be
/// the `platform`'s.
pub fn import(text: &str, platform: &Platform) -> PluginResult<(ThingModel, Units)> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(not_a_model());
    }
    let document: Value = serde_json::from_str(text).map_err(|_| not_a_model())?;
    if !document.is_object() {
        return Err(not_a_model());
    }
    same_languages(&document, &platform.languages)?;
    crate::guide::same_screens(&document, platform.guide_screens)?;
    let mut units = Units::new();
    let features = |key: &str| document.get(key).and_then(Value::as_array).cloned().unwrap_or_default();
    let builtin = |f: &Value| {
        let id = f.get("identifier").and_then(Value::as_str).unwrap_or_default().to_ascii_lowercase();
        RESERVED_IDENTIFIERS.contains(&id.as_str())
    };
    let mut properties = Vec::new();
    for mut p in features("properties") {
        convert_param(&mut p, &mut units);
        properties.push(p);
    }
    let mut events = Vec::new();
    for mut e in features("events").into_iter().filter(|e| !builtin(e)) {
        // Alibaba names it `type`, with `error` for a fault.
        if e.get("eventType").is_none() {
            let kind = match e.get("type").and_then(Value::as_str) {
                Some("error") => "fault",
                Some(other) => other,
                None => "info",
            };
            e["eventType"] = json!(kind);
        }
        convert_params(e.get_mut("outputData"), &mut units);
        events.push(e);
    }
    let mut services = Vec::new();
    for mut s in features("services").into_iter().filter(|s| !builtin(s)) {
        convert_params(s.get_mut("inputData"), &mut units);
        convert_params(s.get_mut("outputData"), &mut units);
        services.push(s);
    }
    let model = json!({ "properties": properties, "events": events, "services": services });
    let model: ThingModel = serde_json::from_value(model).map_err(|_| not_a_model())?;
    Ok((model, units))
}

fn convert_params(params: Option<&mut Value>, units: &mut Units) {
    if let Some(Value::Array(list)) = params {
        for p in list {
            convert_param(p, units);
        }
    }
}

fn convert_param(param: &mut Value, units: &mut Units) {
    if let Some(data_type) = param.get_mut("dataType") {
        convert_type(data_type, units);
    }
}

/// One data type, from either shape into this console's.
fn convert_type(data_type: &mut Value, units: &mut Units) {
    let kind = data_type.get("type").and_then(Value::as_str).unwrap_or_default().to_string();
    let specs = data_type.get("specs").cloned().unwrap_or(Value::Null);
    let (kind, specs) = match kind.as_str() {
        "text" => ("string".to_string(), json!({ "length": specs.get("length").and_then(as_u64).unwrap_or(1024) })),
        // A date is milliseconds since the epoch, as text.
        "date" => ("string".to_string(), json!({ "length": 13 })),
        "bool" => ("bool".to_string(), json!({})),
        "enum" if specs.get("enumParam").is_none() => {
            let items: Vec<Value> = specs
                .as_object()
                .map(|map| {
                    map.iter()
                        .filter_map(|(value, text)| {
                            Some(json!({ "value": value.parse::<i64>().ok()?, "text": text.as_str().unwrap_or_default() }))
                        })
                        .collect()
                })
                .unwrap_or_default();
            ("enum".to_string(), json!({ "enumParam": items }))
        }
        "struct" if specs.is_array() => {
            let mut members = specs.clone();
            convert_params(Some(&mut members), units);
            ("struct".to_string(), json!({ "struct": members }))
        }
        "struct" => {
            let mut specs = specs.clone();
            convert_params(specs.get_mut("struct"), units);
            ("struct".to_string(), specs)
        }
        "array" => {
            let mut element = specs.get("arrDataType").or_else(|| specs.get("item")).cloned().unwrap_or(Value::Null);
            if !element.is_null() {
                convert_type(&mut element, units);
            }
            let mut converted = json!({ "arrDataType": element });
            if let Some(size) = specs.get("size").and_then(as_u64) {
                converted["size"] = json!(size);
            }
            ("array".to_string(), converted)
        }
        "int" | "float" | "double" => {
            let mut specs = number_specs(&specs);
            if specs.get("accuracy").is_none() && kind != "int" {
                specs["accuracy"] = json!(accuracy_of(&specs));
            }
            if let Some(unit) = specs.get("unit").and_then(Value::as_str).filter(|u| !u.is_empty()) {
                let name = specs.get("unitName").and_then(Value::as_str).unwrap_or(unit);
                units.entry(unit.to_string()).or_insert_with(|| name.to_string());
            }
            (kind, specs)
        }
        _ => (kind, specs),
    };
    *data_type = json!({ "type": kind, "specs": specs });
}

/// Number specs with Alibaba's numbers-as-text read as numbers.
fn number_specs(specs: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (key, value) in specs.as_object().into_iter().flatten() {
        let value = match (key.as_str(), value) {
            ("min" | "max" | "step", Value::String(text)) => {
                text.trim().parse::<f64>().map(|n| json!(n)).unwrap_or(Value::Null)
            }
            ("accuracy" | "length", Value::String(text)) => {
                text.trim().parse::<u64>().map(|n| json!(n)).unwrap_or(Value::Null)
            }
            _ => value.clone(),
        };
        if !value.is_null() {
            out.insert(key.clone(), value);
        }
    }
    Value::Object(out)
}

/// Digits after the point that a step needs (Alibaba has no accuracy): `0.01` needs 2.
fn accuracy_of(specs: &Value) -> u64 {
    let step = specs.get("step").and_then(Value::as_f64).unwrap_or(0.01);
    let text = format!("{step}");
    text.split_once('.').map_or(0, |(_, decimals)| decimals.trim_end_matches('0').len() as u64).min(10)
}

fn as_u64(value: &Value) -> Option<u64> {
    value.as_u64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
}
