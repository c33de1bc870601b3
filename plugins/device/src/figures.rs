//! What the dashboards read of the fleet (`GET /internal/figures`, other plugins only): counts
//! the host keeps per value of the counted fields (contract 0.1.14 `store.tally`), so that a
//! snapshot costs the same for ten devices or a million. Only "active since" counts index
//! entries: the devices heard from within each window.

use console_plugin_sdk::time::DAY_MS;
use console_plugin_sdk::{Call, PluginResult, Query, Value, json};
use serde::Serialize;

use crate::devices::DEVICES;

/// The windows "active" is counted over.
pub const ACTIVE_WINDOWS: [(&str, i64); 4] =
    [("1h", 3_600_000), ("1d", DAY_MS), ("7d", 7 * DAY_MS), ("30d", 30 * DAY_MS)];
/// Firmware versions and products answered at most, most devices first.
const TOP: u32 = 200;

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FleetFigures {
    /// Devices activated at least once (every device record).
    pub devices: u64,
    pub online: u64,
    /// Devices heard from within each window of [`ACTIVE_WINDOWS`].
    pub active: Vec<(String, u64)>,
    pub work_states: Vec<(String, u64)>,
    /// By firmware version, most devices first (at most 200).
    pub firmware: Vec<(String, u64)>,
    /// By product id, most devices first (at most 200).
    pub products: Vec<(String, u64)>,
    /// By model code, most devices first (at most 200).
    pub models: Vec<(String, u64)>,
    /// By ISO 3166-1 country, and by ISO 3166-2 region (most first, at most 200; none unknown).
    pub countries: Vec<(String, u64)>,
    pub subdivisions: Vec<(String, u64)>,
}

/// By each value of `field`, without the devices whose value is not known.
fn known(call: &mut Call<'_>, field: &str) -> PluginResult<Vec<(String, u64)>> {
    let mut tally = DEVICES.tally_named(call.host, field, TOP)?;
    tally.retain(|(value, _)| !value.is_empty());
    Ok(tally)
}

/// `GET /internal/figures`.
pub fn fleet(call: &mut Call<'_>) -> PluginResult<Value> {
    // A boolean is counted by value (SQLite keeps no boolean type for a tally to name).
    let online = DEVICES.count(call.host, &Query::new().eq("online", true))?;
    let devices = online + DEVICES.count(call.host, &Query::new().eq("online", false))?;
    let now = call.host.now_ms();
    let mut active = Vec::new();
    for (name, span) in ACTIVE_WINDOWS {
        active.push((name.to_string(), DEVICES.count(call.host, &Query::new().gte("lastSeenAt", now - span))?));
    }
    Ok(json!(FleetFigures {
        devices,
        online,
        active,
        work_states: DEVICES.tally_named(call.host, "workState", TOP)?,
        firmware: DEVICES.tally_named(call.host, "firmwareVersion", TOP)?,
        products: DEVICES.tally_named(call.host, "productId", TOP)?,
        models: DEVICES.tally_named(call.host, "modelCode", TOP)?,
        countries: known(call, "country")?,
        subdivisions: known(call, "subdivision")?,
    }))
}
