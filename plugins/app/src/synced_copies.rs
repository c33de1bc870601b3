//! The public and function copy libraries in the other service regions (the sync service,
//! `sdk::sync`). A project library stays in its region: its project is a record of this console.

use console_plugin_sdk::sync::{self, Change, Incoming};
use console_plugin_sdk::{Call, PluginError, PluginResult, Query, Value, json};

use crate::copies::{COPIES, CopyEntry, CopyInput};

/// The sync service's name for a copy entry.
pub const DOMAIN: &str = "copy-entry";
const SYNCED: [&str; 2] = ["public", "function"];

fn key(entry: &CopyEntry) -> String {
    format!("{}:{}", entry.library, entry.key_path)
}

pub fn saved(call: &mut Call<'_>, entry: &CopyEntry) -> PluginResult<()> {
    if !SYNCED.contains(&entry.library.as_str()) {
        return Ok(());
    }
    sync::publish(call.host, &Change::upsert(DOMAIN, &key(entry), json!(entry)))
}

pub fn deleted(call: &mut Call<'_>, entry: &CopyEntry) -> PluginResult<()> {
    if !SYNCED.contains(&entry.library.as_str()) {
        return Ok(());
    }
    let mut change = Change::delete(DOMAIN, &key(entry));
    change.data = json!({ "library": entry.library, "keyPath": entry.key_path });
    sync::publish(call.host, &change)
}

/// `POST /internal/sync/apply` (the sync service only): a copy entry saved or deleted in another
/// region, checked as one saved here (languages, placeholders), keeping the copy code it has there.
pub fn apply(call: &mut Call<'_>) -> PluginResult<Value> {
    if call.host.calling_plugin().as_deref() != Some("sync") {
        return Err(PluginError::forbidden());
    }
    let incoming: Incoming = call.body()?;
    if incoming.change.domain != DOMAIN {
        return Err(PluginError::format_values("domain", DOMAIN));
    }
    let data = incoming.change.data;
    let library = data.get("library").and_then(Value::as_str).unwrap_or_default().to_string();
    if !SYNCED.contains(&library.as_str()) {
        return Err(PluginError::format_values("library", &SYNCED.join(", ")));
    }
    let key_path = data.get("keyPath").and_then(Value::as_str).unwrap_or_default().to_string();
    let query = Query::new().eq("library", library.as_str()).eq("projectId", "").eq("keyPath", key_path.as_str());
    let current = COPIES.query(call.host, &query.page(1, 1))?.list.into_iter().next();
    if incoming.change.op == "delete" {
        if let Some(doc) = current {
            COPIES.delete(call.host, &doc.id)?;
        }
        return Ok(Value::Null);
    }
    let input: CopyInput = serde_json::from_value(data.clone()).unwrap_or_default();
    let mut entry = input.validate(call, current.as_ref())?;
    if let Some(code) = data.get("copyCode").and_then(Value::as_str).filter(|c| !c.is_empty() && c.len() <= 16) {
        entry.copy_code = code.to_string();
    }
    match current {
        Some(doc) => COPIES.update(call.host, &doc.id, &entry, None)?,
        None => COPIES.insert(call.host, &entry)?,
    };
    Ok(Value::Null)
}
