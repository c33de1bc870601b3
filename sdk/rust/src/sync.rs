//! Configuration data synchronised to the consoles of the other service regions (spec DP §3
//! "Sync record"), through the sync plugin (mounted at `data-sync-service`: `/sync-service/` is the core's service-area prefix, CS §7).
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
}

impl Change {
    pub fn upsert(domain: &str, key: &str, data: Value) -> Change {
        Change { domain: domain.into(), key: key.into(), op: "upsert".into(), data }
    }

    pub fn delete(domain: &str, key: &str) -> Change {
        Change { domain: domain.into(), key: key.into(), op: "delete".into(), data: Value::Null }
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
