//! Configuration data synchronised to the consoles of the other service regions, through the
//! sync plugin (mounted at `data-sync-service`: `/sync-service/` is the core's service-area
//! prefix).
//!
//! A domain hands each change to the sync service in its own transaction ([`publish`]): the
//! outbox entry commits with the change or rolls back with it, so a region never hears of a
//! change that did not happen, and never misses one that did. The sync service delivers it later,
//! signed, with retries. On the receiving console it reaches the owning plugin's
//! [`APPLY`] route (`caller = "plugin"`), which writes it *without* publishing it again: a change
//! travels from the region it was made in, never back.
//!
//! The owning plugin's manifest `uses` [`MOUNT`] (granted by the operator where regions sync);
//! without that grant, or with the sync plugin off for the enterprise, [`publish`] does nothing.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{Host, PluginError, PluginResult};

/// The sync plugin's mount.
pub const MOUNT: &str = "data-sync-service";
/// Its route a domain publishes to (`caller = "plugin"`).
pub const OUTBOX: &str = "/internal/outbox";
/// The route of the owning plugin that applies a change from another region.
pub const APPLY: &str = "/internal/sync/apply";
/// A change's data at most (the sync record keeps it until delivered).
pub const MAX_DATA: usize = 256 * 1024;
/// The owning plugin's route that lends the sync service download URLs of a record's files
/// (`caller = "plugin"`, answered by [`file_urls`]).
pub const FILE_URLS: &str = "/internal/sync/file-urls";
/// How long such a URL lives: the receiving console fetches it while the delivery waits.
pub const FILE_URL_TTL_SECS: u32 = 3600;
/// The plugin id of the sync service: the only caller [`file_urls`] answers.
pub const SYNC_PLUGIN: &str = "sync";

/// A file a record carries (a sync record of type `file`): the owner's object, kept under the
/// same name in every region, and what the receiving console checks it against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncedFile {
    pub name: String,
    pub size: u64,
    pub sha256: String,
}

/// A carried file as delivered: where the receiving console fetches it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveredFile {
    #[serde(flatten)]
    pub file: SyncedFile,
    pub url: String,
}

/// One change of configuration data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// What changed, in the sync service's words (`module-text`, `return-code`, ...).
    pub domain: String,
    /// The record's natural key, the same in every region (never a store id).
    pub key: String,
    /// `upsert` or `delete`.
    pub op: String,
    /// The record as the owning plugin's apply route takes it; null for a delete.
    #[serde(default)]
    pub data: Value,
    /// The files the record refers to (firmware packages, pictures): fetched by the receiving
    /// console before it applies the record.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<SyncedFile>,
}

impl Change {
    pub fn upsert(domain: &str, key: &str, data: Value) -> Change {
        Change { domain: domain.into(), key: key.into(), op: "upsert".into(), data, files: Vec::new() }
    }

    /// The change carries these files with the record.
    pub fn with_files(mut self, files: Vec<SyncedFile>) -> Change {
        self.files = files;
        self
    }

    pub fn delete(domain: &str, key: &str) -> Change {
        Change { domain: domain.into(), key: key.into(), op: "delete".into(), data: Value::Null, files: Vec::new() }
    }
}

/// Hands `change` to the sync service in the caller's transaction. Nothing to do where the sync
/// service is not granted to the caller, not installed, or off for the enterprise; a refusal of
/// the sync service itself fails the caller's change.
pub fn publish(host: &mut dyn Host, change: &Change) -> PluginResult<()> {
    let body = serde_json::to_string(change).map_err(|e| PluginError::internal(e.to_string()))?;
    match host.call_plugin(MOUNT, "POST", OUTBOX, &[], &body) {
        // Not declared, not granted or not installed here: this console does not sync.
        Err(why) if !why.starts_with(&format!("`{MOUNT}` failed")) => Ok(()),
        Err(why) => Err(PluginError::internal(format!("calling {MOUNT}: {why}"))),
        Ok(answer) if answer.status == 200 || answer.status == 409 => Ok(()),
        Ok(answer) => {
            let refusal: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
            let msg = refusal.get("msg").and_then(Value::as_str).unwrap_or("").to_string();
            Err(PluginError::text(answer.status, refusal.get("field").and_then(Value::as_str), msg))
        }
    }
}

/// What an [`APPLY`] route receives: the change, and the region it comes from.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Incoming {
    #[serde(flatten)]
    pub change: Change,
    /// The node key of the sending region.
    pub from_node: String,
    /// Where the change's files are fetched from (see [`fetch_files`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub file_urls: Vec<DeliveredFile>,
}

/// Where a file a region sent is kept here: under that region's own prefix, so that a region
/// can only ever replace what it sent, never another object of the plugin.
pub fn local_name(from_node: &str, name: &str) -> String {
    format!("synced/{from_node}/{name}")
}

/// On the receiving console, in the apply route before its first write: fetches the change's
/// files into the owner's objects, each under its [`local_name`] (the record's references are
/// rewritten to match). The operator grants the owner the `http` capability to the other
/// regions' consoles.
pub fn fetch_files(host: &mut dyn Host, incoming: &Incoming) -> PluginResult<()> {
    if incoming.file_urls.is_empty() {
        return Ok(());
    }
    let wanted: Vec<crate::host::RemoteFile> = incoming
        .file_urls
        .iter()
        .map(|f| crate::host::RemoteFile {
            name: local_name(&incoming.from_node, &f.file.name),
            url: f.url.clone(),
            size: f.file.size,
            sha256: f.file.sha256.clone(),
        })
        .collect();
    host.file_fetch(&wanted).map_err(|why| PluginError::text(502, Some("files"), why))
}

/// What the sync service asks for (see [`FILE_URLS`]).
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileUrlsInput {
    pub names: Vec<String>,
}

/// The owner's [`FILE_URLS`] route: download URLs of its objects, for the sync service only
/// (another plugin asking is refused: the objects are this plugin's).
pub fn file_urls(call: &mut crate::Call<'_>) -> PluginResult<Value> {
    if call.host.calling_plugin().as_deref() != Some(SYNC_PLUGIN) {
        return Err(PluginError::forbidden());
    }
    let input: FileUrlsInput = call.body()?;
    let mut urls = Vec::with_capacity(input.names.len());
    for name in &input.names {
        let url = call
            .host
            .file_access_url(name, "", FILE_URL_TTL_SECS)
            .map_err(|why| PluginError::text(404, Some("names"), why))?;
        urls.push(url);
    }
    Ok(serde_json::json!({ "urls": urls }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MemoryHost;
    use serde_json::json;

    #[test]
    fn a_console_without_sync_publishes_nothing_and_a_refusal_fails_the_change() {
        let change = Change::upsert("module-text", "app.home.title", json!({ "texts": { "en": "Home" } }));
        let mut alone = MemoryHost::new();
        publish(&mut alone, &change).expect("no sync service: nothing to do");

        let mut host = MemoryHost::new();
        host.plugins.insert(MOUNT.into(), |_, _, body| {
            let change: Change = serde_json::from_value(body.clone()).expect("a change");
            if change.domain == "module-text" {
                (200, json!({ "transactionIds": ["t1"] }))
            } else {
                (400, json!({ "msg": "unknown domain", "field": "domain" }))
            }
        });
        publish(&mut host, &change).expect("queued");
        let refused = publish(&mut host, &Change::delete("nonsense", "k")).expect_err("refused");
        assert_eq!((refused.status, refused.field.as_deref()), (400, Some("domain")));
    }
}
