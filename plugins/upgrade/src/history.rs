//! Every device's version history (device-history-version): each upgrade it finished, from
//! which version to which, and how it ended.

use console_plugin_sdk::{Call, Collection, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::executions::Execution;
use crate::rollout::ExecState;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionChange {
    pub sn: String,
    pub model_id: String,
    pub package_id: String,
    pub from_version_name: String,
    pub from_version_code: i64,
    pub to_version_name: String,
    pub to_version_code: i64,
    pub result: ExecState,
    pub reason: String,
    pub attempts: u32,
    pub source: String,
    pub at: i64,
}

pub const HISTORY: Collection<VersionChange> = Collection::new("history");

pub fn record(call: &mut Call<'_>, execution: &Execution) -> PluginResult<()> {
    let change = VersionChange {
        sn: execution.sn.clone(),
        model_id: execution.model_id.clone(),
        package_id: execution.package_id.clone(),
        from_version_name: execution.from_version_name.clone(),
        from_version_code: execution.from_version_code,
        to_version_name: execution.target_version_name.clone(),
        to_version_code: execution.target_version_code,
        result: execution.state,
        reason: execution.failure_reason.clone(),
        attempts: execution.attempts,
        source: execution.source.clone(),
        at: execution.finished_at.unwrap_or_default(),
    };
    HISTORY.insert(call.host, &change)?;
    Ok(())
}

/// By SN (fuzzy or precise), result and package; newest first.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("sn", call.query("sn"), call.search_mode())
        .eq_opt("result", call.query("result"))
        .eq_opt("packageId", call.query("packageId"))
        .sort("at", true)
        .paged_by(call)?;
    Ok(json!(HISTORY.query(call.host, &query)?))
}
