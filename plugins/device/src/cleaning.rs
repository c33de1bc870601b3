//! Cleaning records: what a robot reports after each cleaning, with the map it made, kept until its
//! product template's cleaning-record expiry like the rest of the history.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use console_plugin_sdk::describe::{PAGING, QueryParam};
use console_plugin_sdk::time::DAY_MS;
use console_plugin_sdk::upload::StoredFile;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Context, Host, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

/// The nine cleaning modes, in the order the console lists them.
pub const MODES: [&str; 9] = [
    "global",
    "mopping",
    "along-edge",
    "fixed-point",
    "explore",
    "room-custom",
    "material-custom",
    "sweep",
    "sweep-and-drag",
];
/// How the cleaning was started.
pub const METHODS: [&str; 5] = ["app", "button", "schedule", "voice", "remote"];
pub const RESULTS: [&str; 4] = ["completed", "interrupted", "low-battery", "failed"];

/// The largest map image a report carries.
pub const MAX_MAP_BYTES: usize = 2 << 20;
/// A device reports at most one cleaning in this many seconds (a cleaning takes minutes).
pub const REPORT_EVERY_SECS: i64 = 60;
/// Expired records go in steps (each map is a file to delete of its own), as many as it takes
/// up to this many per run.
const EXPIRED_STEP: u32 = 500;
const EXPIRED_STEPS: u32 = 40;

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CleaningRecord {
    pub sn: String,
    pub product_id: String,
    /// One of [`MODES`].
    pub mode: String,
    /// Square metres.
    pub area: f64,
    /// Seconds.
    pub duration: i64,
    /// One of [`METHODS`].
    pub method: String,
    /// Suction and water as the user chose them, e.g. "turbo / high water".
    pub preference: String,
    /// One of [`RESULTS`].
    pub result: String,
    pub start_time: i64,
    /// The map of this cleaning (PNG or JPEG).
    pub map: Option<StoredFile>,
    pub expires_at: i64,
}

pub const CLEANING_RECORDS: Collection<CleaningRecord> = Collection::new("cleaning_records");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CleaningReport {
    pub mode: String,
    pub area: f64,
    pub duration: i64,
    pub method: String,
    pub preference: String,
    pub result: String,
    pub start_time: i64,
    /// The map image, PNG or JPEG, in base64; at most 2 MiB.
    pub map: String,
}

fn map_bytes(text: &str) -> PluginResult<Option<(Vec<u8>, &'static str)>> {
    if text.is_empty() {
        return Ok(None);
    }
    let bytes = STANDARD.decode(text).map_err(|_| PluginError::format_values("map", "base64 PNG / JPEG"))?;
    if bytes.len() > MAX_MAP_BYTES {
        return Err(PluginError::invalid(
            "map",
            console_plugin_sdk::Message::Length { field: "map".into(), min: 0, max: MAX_MAP_BYTES },
        ));
    }
    let extension = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        "png"
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        "jpg"
    } else {
        return Err(PluginError::format_values("map", "base64 PNG / JPEG"));
    };
    Ok(Some((bytes, extension)))
}

/// A start within the last week (a robot offline for days reports late) and not in the future
/// beyond a day of clock drift.
pub fn started(start_time: i64, now: i64) -> PluginResult<i64> {
    let (earliest, latest) = (now - 7 * DAY_MS, now + DAY_MS);
    Ok(validate::range("startTime", start_time as f64, earliest as f64, latest as f64)? as i64)
}

/// A cleaning record from the device (`POST /thing/cleaning-records`), checked and kept.
pub fn keep(call: &mut Call<'_>, sn: &str, product_id: &str, expires_at: i64) -> PluginResult<Value> {
    let report: CleaningReport = call.body()?;
    let mine = Query::new().eq("sn", sn);
    console_plugin_sdk::limits::at_most_every(call, &CLEANING_RECORDS, mine, REPORT_EVERY_SECS)?;
    let now = call.host.now_ms();
    let mut record = CleaningRecord {
        sn: sn.to_string(),
        product_id: product_id.to_string(),
        mode: validate::one_of("mode", &report.mode, &MODES)?,
        area: validate::range("area", report.area, 0.0, 10_000.0)?,
        duration: validate::range("duration", report.duration as f64, 0.0, 86_400.0)? as i64,
        method: validate::one_of("method", &report.method, &METHODS)?,
        preference: validate::optional("preference", &report.preference, SHORT_TEXT)?,
        result: validate::one_of("result", &report.result, &RESULTS)?,
        start_time: started(report.start_time, now)?,
        map: None,
        expires_at,
    };
    if let Some((bytes, extension)) = map_bytes(&report.map)? {
        let object = format!("maps/{sn}/{}-{}.{extension}", record.start_time, console_plugin_sdk::random::token(6)?);
        // A map the files quota has no room for is left out; the record itself is kept.
        if call.host.file_put(&object, &bytes).is_ok() {
            let digest = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes));
            record.map = Some(StoredFile {
                file_name: format!("{sn}-{}.{extension}", record.start_time),
                object,
                size: bytes.len() as u64,
                sha256: digest,
                md5: String::new(),
            });
        }
    }
    let saved = CLEANING_RECORDS.insert(call.host, &record)?;
    Ok(json!({ "id": saved.id, "code": 200 }))
}

pub const LIST_QUERY: [QueryParam; 6] = [
    QueryParam::text("sn", "The device (required)."),
    QueryParam::text("mode", "One of the nine cleaning modes."),
    QueryParam::integer("from", "Started from (Unix milliseconds)."),
    QueryParam::integer("to", "Started until (Unix milliseconds)."),
    PAGING[0],
    PAGING[1],
];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.query("sn").ok_or_else(|| PluginError::required("sn"))?.to_string();
    let mut query = Query::new().eq("sn", sn.as_str());
    if let Some(mode) = call.query("mode") {
        query = query.eq("mode", validate::one_of("mode", mode, &MODES)?);
    }
    if let Some(from) = crate::reports::time_bound(call, "from")? {
        query = query.gte("startTime", from);
    }
    if let Some(to) = crate::reports::time_bound(call, "to")? {
        query = query.lte("startTime", to);
    }
    let query = query.sort("startTime", true).paged_by(call)?;
    Ok(json!(CLEANING_RECORDS.query(call.host, &query)?))
}

/// A signed link to a record's map, for the page's image.
pub fn map_url(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let record = CLEANING_RECORDS.find(call.host, &id)?;
    let map = record.data.map.ok_or_else(PluginError::not_found)?;
    let url = call.host.file_access_url(&map.object, &map.file_name, 600).map_err(PluginError::internal)?;
    Ok(json!({ "url": url }))
}

/// The `retention` schedule's share: expired records and their maps.
pub fn delete_expired(host: &mut dyn Host, _context: &Context) -> PluginResult<u64> {
    let now = host.now_ms();
    let mut deleted = 0;
    for _ in 0..EXPIRED_STEPS {
        let expired = CLEANING_RECORDS.query(host, &Query::new().lt("expiresAt", now).page(1, EXPIRED_STEP))?.list;
        for record in &expired {
            if let Some(map) = &record.data.map {
                host.file_delete(&map.object).map_err(PluginError::internal)?;
            }
            CLEANING_RECORDS.delete(host, &record.id)?;
        }
        deleted += expired.len() as u64;
        if (expired.len() as u32) < EXPIRED_STEP {
            break;
        }
    }
    Ok(deleted)
}
