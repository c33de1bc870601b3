//! The history of what devices said: property reports, events and service replies, searchable,
//! and deleted past the cleaning-record expiry of their product's template (the expiry is fixed
//! when a report is kept, so one statement deletes them).

use console_plugin_sdk::describe::{PAGING, QueryParam};
use console_plugin_sdk::time::DAY_MS;
use console_plugin_sdk::{Call, Collection, Context, Host, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

pub const PROPERTY: &str = "property";
pub const EVENT: &str = "event";
pub const REPLY: &str = "reply";

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Report {
    pub sn: String,
    pub product_id: String,
    /// [`PROPERTY`], [`EVENT`] or [`REPLY`].
    pub kind: String,
    /// The event's or the replied command's identifier; empty for a property report.
    pub identifier: String,
    /// An event's type: info, alert or fault.
    pub event_type: String,
    pub params: serde_json::Map<String, Value>,
    /// When the device says it happened (its clock), else when it arrived.
    pub at: i64,
    pub expires_at: i64,
    /// The firmware the device ran when it said it (the error analysis counts by it).
    #[serde(default)]
    pub firmware_version: String,
}

pub const REPORTS: Collection<Report> = Collection::new("reports");

/// When a report kept now is deleted: its product's cleaning-record expiry, 90 days if unset.
pub fn expiry(now: i64, cleaning_expiry_days: i64) -> i64 {
    let days = if cleaning_expiry_days > 0 { cleaning_expiry_days } else { 90 };
    now + days * DAY_MS
}

pub const LIST_QUERY: [QueryParam; 7] = [
    QueryParam::text("sn", "The device (required)."),
    QueryParam::text("kind", "property, event or reply."),
    QueryParam::text("identifier", "One event's or service's identifier."),
    QueryParam::integer("from", "From (Unix milliseconds)."),
    QueryParam::integer("to", "To (Unix milliseconds)."),
    PAGING[0],
    PAGING[1],
];

pub fn time_bound(call: &Call<'_>, name: &str) -> PluginResult<Option<i64>> {
    match call.query(name) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| PluginError::format_values(name, "Unix milliseconds")),
    }
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.query("sn").ok_or_else(|| PluginError::required("sn"))?.to_string();
    let mut query = Query::new().eq("sn", sn.as_str()).eq_opt("identifier", call.query("identifier"));
    if let Some(kind) = call.query("kind") {
        query = query.eq("kind", console_plugin_sdk::validate::one_of("kind", kind, &[PROPERTY, EVENT, REPLY])?);
    }
    if let Some(from) = time_bound(call, "from")? {
        query = query.gte("at", from);
    }
    if let Some(to) = time_bound(call, "to")? {
        query = query.lte("at", to);
    }
    let query = query.sort("at", true).paged_by(call)?;
    let page = REPORTS.query(call.host, &query)?;
    Ok(json!(page))
}

/// What the dashboard asks for (`POST /internal/reports/since`).
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SinceInput {
    /// The last record id the caller has.
    pub after: i64,
    /// Only reports kept up to this time (Unix ms): a later one may still be committing.
    pub until: i64,
    /// At most this many (1 to 1000).
    pub limit: u32,
}

/// One kept report, as the dashboard rolls it up.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeptReport {
    /// The record id: the caller's cursor.
    pub id: i64,
    pub product_id: String,
    pub kind: String,
    pub event_type: String,
    /// An event's identifier, and its error code: the `code` or `errorCode` parameter when it
    /// has one, else the identifier.
    pub identifier: String,
    pub code: String,
    pub firmware_version: String,
    /// When the device says it happened, and when it was kept here.
    pub at: i64,
    pub kept_at: i64,
}

/// An event's error code: its `code` or `errorCode` parameter (a number or text), else its
/// identifier.
pub fn error_code(report: &Report) -> String {
    ["code", "errorCode"]
        .iter()
        .find_map(|name| match report.params.get(*name) {
            Some(Value::String(text)) if !text.is_empty() => Some(text.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        })
        .unwrap_or_else(|| report.identifier.clone())
}

/// `POST /internal/reports/since` (other plugins: the dashboard): the reports kept after a
/// record, oldest first, without their parameters.
pub fn since(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SinceInput = call.body()?;
    let query = Query::new()
        .gt("id", input.after)
        .lte("createdAt", input.until)
        .sort("id", false)
        .page(1, input.limit.clamp(1, 1000));
    let list: Vec<KeptReport> = REPORTS
        .query(call.host, &query)?
        .list
        .into_iter()
        .map(|doc| KeptReport {
            id: doc.id.parse().unwrap_or(0),
            code: if doc.data.kind == EVENT { error_code(&doc.data) } else { String::new() },
            product_id: doc.data.product_id,
            kind: doc.data.kind,
            event_type: doc.data.event_type,
            identifier: doc.data.identifier,
            firmware_version: doc.data.firmware_version,
            at: doc.data.at,
            kept_at: doc.created_at,
        })
        .collect();
    Ok(json!({ "list": list }))
}

/// The `retention` schedule: what has expired goes, in one statement per run.
pub fn delete_expired(host: &mut dyn Host, _context: &Context) -> PluginResult<u64> {
    let now = host.now_ms();
    REPORTS.delete_where(host, &Query::new().lt("expiresAt", now))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_expires_after_its_products_cleaning_expiry() {
        assert_eq!(expiry(0, 180), 180 * DAY_MS);
        assert_eq!(expiry(5, 0), 5 + 90 * DAY_MS, "unset: the shortest choice");
    }
}
