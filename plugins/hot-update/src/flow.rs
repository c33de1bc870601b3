//! The update flow: every step a patch went through, who did it and when.

use console_plugin_sdk::{Call, Collection, Host, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowStep {
    pub patch_id: String,
    pub plugin_name: String,
    pub patch_version: u32,
    /// created, edited, releasedToTest, whitelistChanged, promoted, revoked.
    pub step: String,
    pub by: String,
    pub at: i64,
    pub detail: String,
}

pub const FLOW: Collection<FlowStep> = Collection::new("flow");

pub fn add(host: &mut dyn Host, by: &str, patch: (&str, &str, u32), step: &str, detail: String) -> PluginResult<()> {
    let at = host.now_ms();
    let (patch_id, plugin_name, patch_version) = patch;
    FLOW.insert(
        host,
        &FlowStep {
            patch_id: patch_id.into(),
            plugin_name: plugin_name.into(),
            patch_version,
            step: step.into(),
            by: by.into(),
            at,
            detail,
        },
    )?;
    Ok(())
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .eq_opt("patchId", call.query("patchId"))
        .search("pluginName", call.query("pluginName"), console_plugin_sdk::SearchMode::Fuzzy)
        .sort("at", true)
        .sort("createdAt", true)
        .paged_by(call)?;
    Ok(json!(FLOW.query(call.host, &query)?))
}
