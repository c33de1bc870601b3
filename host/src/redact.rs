//! What is kept of a request, or of what a plugin writes down, once its secrets are taken out:
//! an operation record, a plugin's audit detail, log line or event.
//!
//! Secrets are found three ways, each a net for what the one before might miss:
//! - by declaration: the fields a route's body schema marks sealed (`x-sealed`, or `writeOnly`:
//!   what a client writes and is never answered), whatever they are called ([`SealedFields`]);
//! - by value: the values those fields carried, and every value a plugin sealed during the call,
//!   wherever they turn up again ([`SealedValues`]);
//! - by name: fields whose names say they hold a secret ([`SECRET_NAMES`]).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use serde_json::Value;

/// What a record keeps in place of a secret.
pub const MASK: &str = "******";
/// The schema keyword a plugin's SDK writes on a sealed field.
pub const SEALED_KEYWORD: &str = "x-sealed";
/// Parts of field names that say a field holds a secret (compared without case).
pub const SECRET_NAMES: [&str; 12] = [
    "password",
    "secret",
    "token",
    "credential",
    "privatekey",
    "certificate",
    "apikey",
    "keypem",
    "accesskey",
    "signature",
    "passphrase",
    "sealed",
];
/// Values shorter than this are not looked for in text: they would mask ordinary words (and a
/// user could have an identifier masked out of his own record by making it his secret).
const MIN_VALUE_CHARS: usize = 8;
/// At most this many characters of a body are kept.
const MAX_RECORDED: usize = 8192;
/// A text field longer than this is kept as its start and its length.
const MAX_RECORDED_FIELD: usize = 512;

/// The names of the fields a route's body declares sealed, at any depth; or every field, when
/// what the route declares is not known.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SealedFields(HashSet<String>, bool);

impl SealedFields {
    /// Every field of the body: kept as its names only.
    pub fn everything() -> SealedFields {
        SealedFields(HashSet::new(), true)
    }

    /// The sealed fields of `schema`, following `$ref`s into `definitions` (a document's
    /// `components.schemas`), through arrays, maps and combinations.
    pub fn of_schema(schema: &Value, definitions: &serde_json::Map<String, Value>) -> SealedFields {
        let mut found = SealedFields::default();
        let mut seen = HashSet::new();
        found.walk(schema, definitions, &mut seen);
        found
    }

    fn walk<'a>(
        &mut self,
        schema: &'a Value,
        definitions: &'a serde_json::Map<String, Value>,
        seen: &mut HashSet<&'a str>,
    ) {
        let Some(object) = schema.as_object() else { return };
        if let Some(Value::String(reference)) = object.get("$ref")
            && let Some(name) = reference.rsplit('/').next()
            && seen.insert(name)
            && let Some(target) = definitions.get(name)
        {
            self.walk(target, definitions, seen);
        }
        if let Some(Value::Object(properties)) = object.get("properties") {
            for (name, property) in properties {
                if is_sealed(property) {
                    self.0.insert(name.clone());
                }
                self.walk(property, definitions, seen);
            }
        }
        for key in ["items", "additionalProperties"] {
            if let Some(inner) = object.get(key) {
                self.walk(inner, definitions, seen);
            }
        }
        for key in ["allOf", "anyOf", "oneOf", "prefixItems"] {
            for inner in object.get(key).and_then(Value::as_array).into_iter().flatten() {
                self.walk(inner, definitions, seen);
            }
        }
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty() && !self.1
    }

    fn contains(&self, name: &str) -> bool {
        self.1 || self.0.contains(name)
    }

    /// The values the sealed fields carry in `body`, at any depth (strings, and the text of
    /// anything else).
    pub fn values_in(&self, body: &Value) -> Vec<String> {
        let mut values = Vec::new();
        self.collect(body, &mut values);
        values
    }

    fn collect(&self, value: &Value, into: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (name, field) in map {
                    if self.contains(name) {
                        match field {
                            Value::String(text) => into.push(text.clone()),
                            Value::Null => {}
                            other => into.push(other.to_string()),
                        }
                    } else {
                        self.collect(field, into);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| self.collect(item, into)),
            _ => {}
        }
    }
}

/// Whether a property's schema marks it sealed.
fn is_sealed(schema: &Value) -> bool {
    schema.get(SEALED_KEYWORD) == Some(&Value::Bool(true)) || schema.get("writeOnly") == Some(&Value::Bool(true))
}

/// The secret values of one request, shared by its plugin calls (nested ones and reruns too):
/// those its sealed fields carried and those the calls sealed.
#[derive(Debug, Default, Clone)]
pub struct SealedValues(Arc<Mutex<Vec<String>>>);

impl SealedValues {
    pub fn new(values: Vec<String>) -> SealedValues {
        let values = values.into_iter().filter(|v| v.chars().count() >= MIN_VALUE_CHARS).collect();
        SealedValues(Arc::new(Mutex::new(values)))
    }

    /// Adds a value sealed during the call.
    pub fn add(&self, value: &str) {
        if value.chars().count() >= MIN_VALUE_CHARS
            && let Ok(mut values) = self.0.lock()
            && !values.iter().any(|v| v == value)
        {
            values.push(value.to_string());
        }
    }

    fn snapshot(&self) -> Vec<String> {
        let mut values = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        // The longest first: a value inside another is masked with it.
        values.sort_by_key(|v| std::cmp::Reverse(v.len()));
        values
    }

    /// `text` with every secret value in it masked.
    pub fn mask_in(&self, text: &str) -> String {
        mask_values(text, &self.snapshot())
    }

    /// JSON text with every secret value in its strings masked (still JSON).
    pub fn mask_json(&self, json: &str) -> String {
        let values = self.snapshot();
        if values.is_empty() {
            return json.to_string();
        }
        match serde_json::from_str::<Value>(json) {
            Ok(mut value) => {
                mask_strings(&mut value, &values);
                value.to_string()
            }
            Err(_) => mask_values(json, &values),
        }
    }
}

fn mask_strings(value: &mut Value, values: &[String]) {
    match value {
        Value::String(text) => *text = mask_values(text, values),
        Value::Array(items) => items.iter_mut().for_each(|item| mask_strings(item, values)),
        Value::Object(map) => map.values_mut().for_each(|field| mask_strings(field, values)),
        _ => {}
    }
}

fn mask_values(text: &str, values: &[String]) -> String {
    let mut text = text.to_string();
    for value in values {
        if text.contains(value.as_str()) {
            text = text.replace(value.as_str(), MASK);
        }
    }
    text
}

/// A body as a record keeps it: every secret masked (by declaration, value and name), long texts
/// (uploaded files in base64) cut, at most [`MAX_RECORDED`] characters.
pub fn for_record(body: &[u8], fields: &SealedFields, values: &SealedValues) -> String {
    let values = values.snapshot();
    let text = match serde_json::from_slice::<Value>(body) {
        Ok(mut value) => {
            mask(&mut value, fields, &values);
            value.to_string()
        }
        // What is not JSON cannot be told apart field by field: none of it is kept.
        Err(_) if body.is_empty() => String::new(),
        Err(_) => format!("({} bytes that are not JSON)", body.len()),
    };
    match text.char_indices().nth(MAX_RECORDED) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Whether a field's name says it holds a secret.
pub fn named_secret(name: &str) -> bool {
    let name = name.to_ascii_lowercase().replace(['_', '-'], "");
    SECRET_NAMES.iter().any(|s| name.contains(s))
}

fn mask(value: &mut Value, fields: &SealedFields, values: &[String]) {
    if fields.1 && !matches!(value, Value::Object(_) | Value::Array(_) | Value::Null) {
        *value = Value::String(MASK.into());
        return;
    }
    match value {
        Value::Object(map) => {
            for (name, field) in map.iter_mut() {
                if fields.contains(name) || named_secret(name) {
                    *field = Value::String(MASK.into());
                } else {
                    mask(field, fields, values);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| mask(item, fields, values)),
        Value::String(text) => {
            let masked = mask_values(text, values);
            if masked.len() > MAX_RECORDED_FIELD {
                let cut = masked.char_indices().nth(64).map_or(masked.len(), |(i, _)| i);
                *text = format!("{}… ({} bytes)", &masked[..cut], masked.len());
            } else {
                *text = masked;
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn nothing_sealed() -> (SealedFields, SealedValues) {
        (SealedFields::default(), SealedValues::default())
    }

    #[test]
    fn secrets_are_masked_by_name_at_any_depth() {
        let (fields, values) = nothing_sealed();
        let stored = for_record(
            br#"{"userName":"ann","password":"p@ss1","nested":[{"appSecret":"s"}],"key_pem":"k"}"#,
            &fields,
            &values,
        );
        assert!(stored.contains("ann"));
        assert!(!stored.contains("p@ss1"));
        assert!(!stored.contains("\"s\""));
        assert!(!stored.contains("\"k\""), "{stored}");
    }

    #[test]
    fn a_declared_field_is_masked_whatever_its_name_and_its_value_wherever_it_turns_up() {
        let definitions = json!({
            "Bucket": { "type": "object", "properties": {
                "name": { "type": "string" },
                "key": { "type": "string", "writeOnly": true },
                "nodes": { "type": "array", "items": { "$ref": "#/components/schemas/Node" } } } },
            "Node": { "type": "object", "properties": { "k": { "type": "string", "x-sealed": true } } }
        });
        let definitions = definitions.as_object().expect("definitions").clone();
        let fields = SealedFields::of_schema(&json!({ "$ref": "#/components/schemas/Bucket" }), &definitions);
        let mut names: Vec<&str> = fields.names().collect();
        names.sort_unstable();
        assert_eq!(names, ["k", "key"]);
        let body = json!({ "name": "photos", "key": "AKIA-SECRET-1", "nodes": [{ "k": "node-secret" }],
                           "note": "copied AKIA-SECRET-1 here" });
        let values = SealedValues::new(fields.values_in(&body));
        let stored = for_record(body.to_string().as_bytes(), &fields, &values);
        assert!(stored.contains("photos"), "{stored}");
        assert!(!stored.contains("AKIA-SECRET-1") && !stored.contains("node-secret"), "{stored}");
        values.add("sealed-during-the-call");
        assert_eq!(values.mask_in("log: sealed-during-the-call!"), "log: ******!");
    }

    #[test]
    fn a_body_that_is_not_json_or_whose_fields_are_not_known_keeps_nothing_of_its_values() {
        let broken = br#"{"password":"S3cret!!","key":"AKIA-EXAMPLE",}"#;
        let kept = for_record(broken, &SealedFields::default(), &SealedValues::default());
        assert!(!kept.contains("AKIA") && !kept.contains("S3cret"), "{kept}");
        let kept = for_record(
            br#"{"name":"photos","key":"AKIA-EXAMPLE"}"#,
            &SealedFields::everything(),
            &SealedValues::default(),
        );
        assert!(kept.contains("name") && !kept.contains("AKIA") && !kept.contains("photos"), "{kept}");
    }

    #[test]
    fn a_schema_that_refers_to_itself_is_walked_once() {
        let definitions = json!({ "Tree": { "type": "object", "properties": {
            "children": { "type": "array", "items": { "$ref": "#/components/schemas/Tree" } },
            "pin": { "type": "string", "writeOnly": true } } } });
        let definitions = definitions.as_object().expect("definitions").clone();
        let fields = SealedFields::of_schema(&json!({ "$ref": "#/components/schemas/Tree" }), &definitions);
        assert_eq!(fields.names().collect::<Vec<_>>(), ["pin"]);
    }
}
