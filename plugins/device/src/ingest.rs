//! Reports of many devices at once (contract 0.1.17 `batch`): the host hands this plugin the
//! property and event reports and the heartbeats its devices send, over MQTT and HTTP, a batch
//! at a time in one call. Everything is read and checked first, then written together: each device's shadow once,
//! every report in one insert, each device heard once. Each report gets the verdict its own route
//! would give it; one that the thing model refuses changes nothing and fails no other.

use std::collections::{HashMap, HashSet};

use console_plugin_sdk::batch::{Batch, Item, answer};
use console_plugin_sdk::thing_model::{self, Direction};
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json};
use serde_json::Map;

use crate::devices::{DEVICES, Device, SHADOWS, Shadow};
use crate::model::{self, ProductFacts};
use crate::reports::{EVENT, PROPERTY, REPORTS, Report, expiry};
use crate::thing::{Heartbeat, Message, beat_of, happened_at, newest_readings};

/// An item's body as its route reads it, or the route's own refusal of a malformed one.
fn malformed_or<T: serde::de::DeserializeOwned>(body: &Value) -> PluginResult<T> {
    // No body reads as an empty one, as a route alone reads it.
    let body = if body.is_null() { json!({}) } else { body.clone() };
    serde_json::from_value(body).map_err(|err| PluginError::text(400, None, format!("Malformed request: {err}")))
}

/// The device routes taken in batches.
pub const PROPERTY_POST: &str = "/thing/event/property/post";
pub const HEARTBEAT: &str = "/thing/heartbeat";
const EVENT_PREFIX: &str = "/thing/event/";
const EVENT_SUFFIX: &str = "/post";

/// What a batch read once and writes once.
#[derive(Default)]
struct Gathered {
    devices: HashMap<String, Doc<Device>>,
    shadows: HashMap<String, Doc<Shadow>>,
    /// The shadows' properties as the batch's reports leave them, for the devices it changed.
    changed: HashMap<String, Map<String, Value>>,
    products: HashMap<String, ProductFacts>,
    reports: Vec<Report>,
    /// The numeric values reported, as time series points.
    points: Vec<console_plugin_sdk::host::Point>,
    /// Devices heard, in order of their first report.
    heard: Vec<String>,
    /// What the batch's heartbeats say of their devices, where it changes the record.
    said: HashMap<String, Device>,
}

pub fn batch(call: &mut Call<'_>) -> PluginResult<Value> {
    let batch: Batch = call.body()?;
    let lang = call.context.lang.clone();
    let now = call.host.now_ms();
    let mut sns: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    // Shadows only of the devices reporting properties: most of a batch may be heartbeats.
    let mut reporting: Vec<String> = Vec::new();
    let mut seen_reporting = HashSet::new();
    for item in &batch.items {
        if seen.insert(item.sn.as_str()) {
            sns.push(item.sn.clone());
        }
        if item.path == PROPERTY_POST && seen_reporting.insert(item.sn.as_str()) {
            reporting.push(item.sn.clone());
        }
    }
    let mut gathered = Gathered::default();
    for chunk in sns.chunks(1000) {
        let values: Vec<Value> = chunk.iter().map(|sn| Value::from(sn.as_str())).collect();
        for doc in DEVICES.query(call.host, &Query::new().one_of("sn", values).page(1, chunk.len() as u32))?.list {
            gathered.devices.insert(doc.data.sn.clone(), doc);
        }
    }
    for chunk in reporting.chunks(1000) {
        let values: Vec<Value> = chunk.iter().map(|sn| Value::from(sn.as_str())).collect();
        for doc in SHADOWS.query(call.host, &Query::new().one_of("sn", values).page(1, chunk.len() as u32))?.list {
            gathered.shadows.insert(doc.data.sn.clone(), doc);
        }
    }
    let verdicts: Vec<PluginResult<Value>> =
        batch.items.iter().map(|item| checked(call, item, now, &mut gathered)).collect();

    // Every check is done: the writes, together.
    // Shadows in one statement each for those there and those new (contract 0.1.20): a
    // statement a device would cost SQLite a cursor on every index of the records' table.
    let (mut stored, mut new) = (Vec::new(), Vec::new());
    for (sn, properties) in std::mem::take(&mut gathered.changed) {
        let shadow = Shadow { sn: sn.clone(), properties };
        match gathered.shadows.get(&sn) {
            Some(doc) => stored.push((doc.id.clone(), shadow)),
            None => new.push(shadow),
        }
    }
    for page in stored.chunks(1000) {
        let replacements: Vec<(&str, &Shadow, Option<i64>)> =
            page.iter().map(|(id, shadow)| (id.as_str(), shadow, None)).collect();
        SHADOWS.update_many(call.host, &replacements)?;
    }
    for page in new.chunks(1000) {
        SHADOWS.insert_many(call.host, page)?;
    }
    for reports in gathered.reports.chunks(1000) {
        REPORTS.insert_many(call.host, reports)?;
    }
    for points in gathered.points.chunks(10_000) {
        console_plugin_sdk::series::append(call.host, points)?;
    }
    // Every device heard, written in one statement where it was not heard lately or a
    // heartbeat changed what its record says.
    let heard: Vec<Doc<Device>> = gathered.heard.iter().filter_map(|sn| gathered.devices.remove(sn)).collect();
    let came_online = crate::thing::heard_all(call, heard, &gathered.said)?;
    for page in came_online.chunks(200) {
        crate::presence::announce(call.host, page, true, "")?;
    }
    Ok(answer(verdicts, &lang))
}

/// One report read and checked against its device's thing model; what it changes is gathered,
/// nothing is written.
fn checked(call: &mut Call<'_>, item: &Item, now: i64, gathered: &mut Gathered) -> PluginResult<Value> {
    if item.path == HEARTBEAT {
        let beat: Heartbeat = malformed_or(&item.body)?;
        let doc = gathered.devices.get_mut(&item.sn).ok_or_else(PluginError::not_found)?;
        let (answer, said) = beat_of(call, &doc.data, &beat)?;
        if let Some(said) = said {
            // The batch's later beats of the device start from this one.
            doc.data = said.clone();
            gathered.said.insert(item.sn.clone(), said);
        }
        if !gathered.heard.contains(&item.sn) {
            gathered.heard.push(item.sn.clone());
        }
        return Ok(answer);
    }
    let message: Message = malformed_or(&item.body)?;
    let device = gathered.devices.get(&item.sn).ok_or_else(PluginError::not_found)?.data.clone();
    let product = match gathered.products.get(&device.product_id) {
        Some(product) => product.clone(),
        None => {
            let product = model::product(call, &device.product_id)?;
            gathered.products.insert(device.product_id.clone(), product.clone());
            product
        }
    };
    let at = happened_at(message.time, now);
    let (kind, identifier, event_type) = if item.path == PROPERTY_POST {
        thing_model::check_properties(&product.thing_model, "params", &message.params, Direction::Report)?;
        let properties = match gathered.changed.get_mut(&item.sn) {
            Some(properties) => properties,
            None => {
                let stored = gathered.shadows.get(&item.sn).map(|s| s.data.properties.clone()).unwrap_or_default();
                gathered.changed.entry(item.sn.clone()).or_insert(stored)
            }
        };
        // A reading stamped ahead of now (a device clock up to a day fast) is the newest now, not
        // for the rest of that day.
        newest_readings(properties, &message.params, at.min(now));
        gathered.points.extend(crate::history::points(&item.sn, &message.params, at));
        (PROPERTY, String::new(), String::new())
    } else if let Some(identifier) = item
        .path
        .strip_prefix(EVENT_PREFIX)
        .and_then(|rest| rest.strip_suffix(EVENT_SUFFIX))
        .filter(|i| !i.contains('/'))
    {
        let event = thing_model::check_event(&product.thing_model, "identifier", identifier, &message.params)?;
        (EVENT, identifier.to_string(), event.event_type.clone())
    } else {
        return Err(PluginError::text(404, None, format!("No such route: POST {}", item.path)));
    };
    gathered.reports.push(Report {
        sn: device.sn.clone(),
        product_id: device.product_id.clone(),
        kind: kind.into(),
        identifier,
        event_type,
        params: message.params.clone(),
        at,
        expires_at: expiry(now, product.cleaning_expiry_days),
        firmware_version: device.firmware_version.clone(),
    });
    if !gathered.heard.contains(&item.sn) {
        gathered.heard.push(item.sn.clone());
    }
    Ok(json!({ "id": message.id, "code": 200 }))
}
