//! The texts in the other service regions (the sync service, `sdk::sync`): each change is
//! published in its own transaction, and a change from another region is applied here without
//! being published again.

use console_plugin_sdk::sync::{self, Change, Incoming};
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Value, json, platform};

use crate::texts::{CodeKind, ModuleKind, TEXTS, Text, TextInput, existing};

fn domain(kind: &str) -> &'static str {
    if kind == "code" { "return-code" } else { "module-text" }
}

fn key(text: &Text) -> String {
    format!("{}.{}", text.module, text.key)
}

pub fn upserted(call: &mut Call<'_>, text: &Text) -> PluginResult<()> {
    sync::publish(call.host, &Change::upsert(domain(&text.kind), &key(text), json!(text)))
}

pub fn deleted(call: &mut Call<'_>, text: &Text) -> PluginResult<()> {
    let mut change = Change::delete(domain(&text.kind), &key(text));
    change.data = json!({ "kind": text.kind, "module": text.module, "key": text.key });
    sync::publish(call.host, &change)
}

/// `POST /internal/sync/apply` (the sync service only).
pub fn apply(call: &mut Call<'_>) -> PluginResult<Value> {
    if call.host.calling_plugin().as_deref() != Some("sync") {
        return Err(PluginError::forbidden());
    }
    let incoming: Incoming = call.body()?;
    let kind = match incoming.change.domain.as_str() {
        "module-text" => "module",
        "return-code" => "code",
        _ => return Err(PluginError::format_values("domain", "module-text, return-code")),
    };
    let given: TextInput = serde_json::from_value(incoming.change.data.clone()).unwrap_or_default();
    let current: Option<Doc<Text>> = existing(call, kind, &given.module, &given.key)?;
    if incoming.change.op == "delete" {
        if let Some(doc) = current {
            TEXTS.delete(call.host, &doc.id)?;
        }
        return Ok(Value::Null);
    }
    let languages = platform::languages(call.host)?;
    let text = if kind == "code" {
        given.validate::<CodeKind>(&languages)?
    } else {
        given.validate::<ModuleKind>(&languages)?
    };
    match current {
        Some(doc) => TEXTS.update(call.host, &doc.id, &text, None)?,
        None => TEXTS.insert(call.host, &text)?,
    };
    Ok(Value::Null)
}
