//! Every step a package went through: who, when, from which status to which.

use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::flow::Status;
use crate::packages::FirmwarePackage;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub package_id: String,
    /// uploaded, edited, approved, rejected, testStarted, ..., paused (by hand, or by
    /// `auto-abort`), strategyChanged, testDevicesChanged.
    pub step: String,
    pub from: Option<Status>,
    pub to: Status,
    pub by: String,
    pub at: i64,
    pub detail: String,
}

pub const STEPS: Collection<Step> = Collection::new("steps");

pub fn record(
    call: &mut Call<'_>,
    package: &Doc<FirmwarePackage>,
    from: Option<Status>,
    step: &str,
    detail: String,
) -> PluginResult<()> {
    let by = call.context.user_name.clone();
    record_by(call, package, from, step, detail, &by)
}

pub fn record_by(
    call: &mut Call<'_>,
    package: &Doc<FirmwarePackage>,
    from: Option<Status>,
    step: &str,
    detail: String,
    by: &str,
) -> PluginResult<()> {
    let by = by.to_string();
    let at = call.host.now_ms();
    let step =
        Step { package_id: package.id.clone(), step: step.into(), from, to: package.data.status, by, at, detail };
    STEPS.insert(call.host, &step)?;
    Ok(())
}

/// A package's steps, oldest first (its newest 200).
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let query = Query::new().eq("packageId", id.as_str()).sort("createdAt", true).page(1, 200);
    let mut steps = STEPS.query(call.host, &query)?.list;
    steps.reverse();
    Ok(json!(steps))
}
