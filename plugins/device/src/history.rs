//! What devices report of their numeric properties, over time: kept as time series (contract
//! 0.1.17 `series`, subject the SN, name the property's identifier), read by the device drawer's
//! charts in buckets over a chosen range.

use console_plugin_sdk::describe::QueryParam;
use console_plugin_sdk::series::{self, number};
use console_plugin_sdk::{Call, PluginError, PluginResult, Value, json};
use serde_json::Map;

use crate::reports::time_bound;

/// The widest range a chart reads: 90 days.
const MAX_RANGE_MS: i64 = 90 * console_plugin_sdk::time::DAY_MS;
/// Buckets a chart asks for when it does not say.
const BUCKETS: u32 = 500;

/// The series points of a report's numeric values (a boolean as 1 or 0).
pub fn points(sn: &str, params: &Map<String, Value>, at: i64) -> Vec<console_plugin_sdk::host::Point> {
    params.iter().filter_map(|(identifier, value)| Some(series::point(sn, identifier, at, number(value)?))).collect()
}

pub const QUERY: [QueryParam; 4] = [
    QueryParam::text("identifier", "The property (required)."),
    QueryParam::integer("from", "From (Unix milliseconds, required)."),
    QueryParam::integer("to", "To (Unix milliseconds, required); at most 90 days after `from`."),
    QueryParam::integer(
        "buckets",
        "Buckets of equal length, 1 to 2,000 (500); those of ten minutes or more are whole ten minutes, so a few fewer may come back.",
    ),
];

/// `GET /devices/{sn}/history`: one property of a device over a range, in buckets, each with
/// its count, minimum, maximum and average.
pub fn read(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let identifier = call.query("identifier").ok_or_else(|| PluginError::required("identifier"))?.to_string();
    let from = time_bound(call, "from")?.ok_or_else(|| PluginError::required("from"))?;
    let to = time_bound(call, "to")?.ok_or_else(|| PluginError::required("to"))?;
    if to.checked_sub(from).is_none_or(|span| span <= 0 || span > MAX_RANGE_MS) {
        return Err(PluginError::format_values("to", "after `from`, at most 90 days"));
    }
    let buckets = match call.query("buckets") {
        None => BUCKETS,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|b| (1..=2000).contains(b))
            .ok_or_else(|| PluginError::format_values("buckets", "a whole number from 1 to 2000"))?,
    };
    // The device must be the enterprise's: its history is read only through it.
    crate::devices::find(call, &sn)?;
    let read = series::read(call.host, &sn, &identifier, (from, to), buckets)?;
    let buckets: Vec<Value> = read
        .iter()
        .map(|b| json!({ "at": b.at, "count": b.count, "min": b.min, "max": b.max, "avg": b.avg }))
        .collect();
    Ok(json!({ "identifier": identifier, "from": from, "to": to, "buckets": buckets }))
}
