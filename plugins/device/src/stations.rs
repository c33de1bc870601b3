//! Base stations (base-station-info: ID and name): the docks robots report in their heartbeats, the
//! devices on each, and the station's own records — the water it produced and the work it did
//! (self-cleaning, dust collection, drying, refilling).

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Context, Doc, Host, PageOf, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::devices::{DEVICES, Device};

pub const WATER: &str = "water";
pub const WORK: &str = "work";
/// What a station's work record says it did.
pub const ACTIONS: [&str; 5] = ["self-clean", "dust-collect", "dry", "refill", "drain"];
pub const RESULTS: [&str; 3] = ["completed", "interrupted", "failed"];
/// The stations one device may name first (a robot moved to another dock now and then).
pub const MAX_STATIONS_PER_DEVICE: u64 = 3;
/// A station writes at most one record in this many seconds.
pub const RECORD_EVERY_SECS: i64 = 10;

fn texts(texts: [&str; 7]) -> [String; 7] {
    texts.map(str::to_string)
}

fn too_many_stations() -> PluginError {
    PluginError::localized(
        409,
        Some("baseStationId"),
        texts([
            "一台设备最多登记 3 个基站",
            "A device names at most 3 base stations.",
            "Ein Gerät meldet höchstens 3 Basisstationen an.",
            "Un dispositivo registra como máximo 3 estaciones base.",
            "Un appareil déclare au plus 3 stations de base.",
            "Um dispositivo regista no máximo 3 estações base.",
            "Устройство может зарегистрировать не более 3 базовых станций.",
        ]),
    )
}

fn not_its_station() -> PluginError {
    PluginError::localized(
        403,
        Some("baseStationId"),
        texts([
            "该基站由另一台设备登记",
            "Another device named this base station first.",
            "Ein anderes Gerät hat diese Basisstation zuerst angemeldet.",
            "Otro dispositivo registró primero esta estación base.",
            "Un autre appareil a déclaré cette station de base en premier.",
            "Outro dispositivo registou primeiro esta estação base.",
            "Эту базовую станцию первым зарегистрировало другое устройство.",
        ]),
    )
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BaseStation {
    pub station_id: String,
    pub name: String,
    /// The device that named it first: the only one that renames it or writes its records.
    pub owner_sn: String,
    pub product_name: String,
    /// When a device last named it.
    pub last_reported_at: i64,
}

pub const STATIONS: Collection<BaseStation> = Collection::new("base_stations");

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StationRecord {
    pub station_id: String,
    /// The device docked when it happened.
    pub sn: String,
    /// [`WATER`] or [`WORK`].
    pub kind: String,
    /// For [`WORK`]: one of [`ACTIONS`].
    pub action: String,
    /// Millilitres of water produced (for [`WATER`]) or used.
    pub water_ml: i64,
    /// Seconds.
    pub duration: i64,
    /// One of [`RESULTS`].
    pub result: String,
    pub start_time: i64,
    pub expires_at: i64,
}

pub const STATION_RECORDS: Collection<StationRecord> = Collection::new("station_records");

/// A heartbeat named the device's station: written down when it is new or renamed (by the
/// device that named it first), so a heartbeat every 20 seconds costs no write.
pub fn reported(call: &mut Call<'_>, device: &Device, station_id: &str, name: &str) -> PluginResult<()> {
    if station_id.is_empty() {
        return Ok(());
    }
    let now = call.host.now_ms();
    let found =
        STATIONS.query(call.host, &Query::new().eq("stationId", station_id).page(1, 1))?.list.into_iter().next();
    match found {
        Some(doc) if doc.data.name == name || name.is_empty() || doc.data.owner_sn != device.sn => Ok(()),
        Some(doc) => {
            let station = BaseStation { name: name.to_string(), last_reported_at: now, ..doc.data };
            STATIONS.update(call.host, &doc.id, &station, None).map(drop)
        }
        None => {
            if STATIONS.count(call.host, &Query::new().eq("ownerSn", device.sn.as_str()))? >= MAX_STATIONS_PER_DEVICE {
                return Err(too_many_stations());
            }
            let station = BaseStation {
                station_id: station_id.to_string(),
                name: name.to_string(),
                owner_sn: device.sn.clone(),
                product_name: device.product_name.clone(),
                last_reported_at: now,
            };
            STATIONS.insert(call.host, &station).map(drop)
        }
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RecordInput {
    pub kind: String,
    pub action: String,
    pub water_ml: i64,
    pub duration: i64,
    pub result: String,
    pub start_time: i64,
}

/// A station's record from the device docked on it (`POST /thing/base-station/records`).
pub fn keep(call: &mut Call<'_>, device: &Device, expires_at: i64) -> PluginResult<Value> {
    if device.base_station_id.is_empty() {
        return Err(PluginError::required("baseStationId"));
    }
    let input: RecordInput = call.body()?;
    let station = Query::new().eq("stationId", device.base_station_id.as_str()).page(1, 1);
    let owned =
        STATIONS.query(call.host, &station)?.list.into_iter().next().is_some_and(|s| s.data.owner_sn == device.sn);
    if !owned {
        return Err(not_its_station());
    }
    let recent = Query::new().eq("stationId", device.base_station_id.as_str());
    console_plugin_sdk::limits::at_most_every(call, &STATION_RECORDS, recent, RECORD_EVERY_SECS)?;
    let now = call.host.now_ms();
    let kind = validate::one_of("kind", &input.kind, &[WATER, WORK])?;
    let action = if kind == WORK { validate::one_of("action", &input.action, &ACTIONS)? } else { String::new() };
    let record = StationRecord {
        station_id: device.base_station_id.clone(),
        sn: device.sn.clone(),
        kind,
        action,
        water_ml: validate::range("waterMl", input.water_ml as f64, 0.0, 100_000.0)? as i64,
        duration: validate::range("duration", input.duration as f64, 0.0, 86_400.0)? as i64,
        result: validate::one_of("result", &input.result, &RESULTS)?,
        start_time: crate::cleaning::started(input.start_time, now)?,
        expires_at,
    };
    let saved = STATION_RECORDS.insert(call.host, &record)?;
    Ok(json!({ "id": saved.id, "code": 200 }))
}

pub const LIST_QUERY: [QueryParam; 5] = [
    QueryParam::text("stationId", "Searched in the search mode."),
    QueryParam::text("name", "Searched in the search mode."),
    PAGING[0],
    PAGING[1],
    MODE,
];

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StationRow {
    #[serde(flatten)]
    pub station: Doc<BaseStation>,
    /// The SNs of the devices that last named it.
    pub devices: Vec<String>,
}

/// The most devices a station row lists.
const DEVICES_SHOWN: u32 = 20;

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .search("stationId", call.query("stationId"), mode)
        .search("name", call.query("name"), mode)
        .sort("lastReportedAt", true)
        .paged_by(call)?;
    let page = STATIONS.query(call.host, &query)?;
    let mut rows = Vec::with_capacity(page.list.len());
    for station in page.list {
        let on_it = Query::new().eq("baseStationId", station.data.station_id.as_str()).page(1, DEVICES_SHOWN);
        let devices: Vec<Doc<Device>> = DEVICES.query(call.host, &on_it)?.list;
        rows.push(StationRow { station, devices: devices.into_iter().map(|d| d.data.sn).collect() });
    }
    Ok(json!(PageOf { list: rows, total: page.total, page: page.page, page_size: page.page_size }))
}

pub const RECORD_QUERY: [QueryParam; 3] = [QueryParam::text("kind", "water or work."), PAGING[0], PAGING[1]];

pub fn records(call: &mut Call<'_>) -> PluginResult<Value> {
    let station_id = call.param("stationId")?.to_string();
    let mut query = Query::new().eq("stationId", station_id.as_str());
    if let Some(kind) = call.query("kind") {
        query = query.eq("kind", validate::one_of("kind", kind, &[WATER, WORK])?);
    }
    let query = query.sort("startTime", true).paged_by(call)?;
    Ok(json!(STATION_RECORDS.query(call.host, &query)?))
}

/// The `retention` schedule's share.
pub fn delete_expired(host: &mut dyn Host, _context: &Context) -> PluginResult<u64> {
    let now = host.now_ms();
    STATION_RECORDS.delete_where(host, &Query::new().lt("expiresAt", now))
}
