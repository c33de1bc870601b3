//! Devices as the console sees them: what each reported last, whether it is
//! online, and the list's filters.

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::thing_model::ThingModel;
use console_plugin_sdk::{Call, Collection, Doc, PageOf, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::commands::{COMMANDS, Command};
use crate::presence::is_online;
use crate::reports::{REPORTS, Report};

/// The work states a device reports; `unknown` until a device says.
pub const WORK_STATES: [&str; 12] = [
    "sleep",
    "standby",
    "returning",
    "charging",
    "sweeping",
    "sweep-and-mop",
    "mopping",
    "upgrading",
    "cleaning",
    "air-drying",
    "working",
    "unknown",
];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Device {
    pub sn: String,
    pub nickname: String,
    pub product_id: String,
    pub product_key: String,
    pub product_name: String,
    pub model_code: String,
    /// The service region of the product the device activated in: its location.
    pub region: String,
    /// ISO 3166-1 and 3166-2 codes of where the app that set it up last said it is.
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub subdivision: String,
    /// The network address of its last activation, as the host saw it.
    pub last_login_ip: String,
    pub online: bool,
    /// One of [`WORK_STATES`].
    pub work_state: String,
    pub firmware_version: String,
    pub software_version: String,
    pub package_version: String,
    pub lan_ip: String,
    /// Percent.
    pub packet_loss: Option<f64>,
    /// Milliseconds.
    pub delay: Option<i64>,
    /// dBm.
    pub signal: Option<i64>,
    pub base_station_id: String,
    pub base_station_name: String,
    /// The first activation.
    pub registered_at: Option<i64>,
    pub last_online_at: Option<i64>,
    pub last_offline_at: Option<i64>,
    /// The last heartbeat or report.
    pub last_seen_at: Option<i64>,
    /// Activations, the first included.
    pub activations: u32,
}

pub const DEVICES: Collection<Device> = Collection::new("devices");

pub fn find(call: &mut Call<'_>, sn: &str) -> PluginResult<Doc<Device>> {
    let found = DEVICES.query(call.host, &Query::new().eq("sn", sn).page(1, 1))?;
    found.list.into_iter().next().ok_or_else(PluginError::not_found)
}

/// Gives the device the nickname its family calls it by (empty: none). Written at the version
/// read: a report written meanwhile refuses this (409) rather than one losing the other.
pub fn name(call: &mut Call<'_>, device: &Doc<Device>, nickname: &str) -> PluginResult<()> {
    if device.data.nickname == nickname {
        return Ok(());
    }
    let named = Device { nickname: nickname.to_string(), ..device.data.clone() };
    DEVICES.update(call.host, &device.id, &named, Some(device.version))?;
    Ok(())
}

/// A device as answered: `online` by the rule at this moment (the stored flag may lag the
/// `presence` schedule by its interval).
fn shown(doc: Doc<Device>, now: i64) -> Doc<Device> {
    let mut doc = doc;
    doc.data.online = is_online(doc.data.last_seen_at, now);
    doc
}

pub const LIST_QUERY: [QueryParam; 8] = [
    QueryParam::text("sn", "Searched in the search mode (precise: the SN starts with it)."),
    QueryParam::text("productId", "One product's devices."),
    QueryParam::text("online", "true or false."),
    QueryParam::text("workState", "One of the work states."),
    QueryParam::text("firmwareVersion", "One firmware version."),
    PAGING[0],
    PAGING[1],
    MODE,
];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let now = call.host.now_ms();
    let mut query = Query::new()
        .search("sn", call.query("sn"), call.search_mode())
        .eq_opt("productId", call.query("productId"))
        .eq_opt("workState", call.query("workState"))
        .eq_opt("firmwareVersion", call.query("firmwareVersion"));
    // Online by the rule: heard within the timeout (exact, whatever the schedule has marked).
    let heard_since = now - crate::presence::TIMEOUT_MS;
    query = match call.query("online") {
        Some("true") => query.gte("lastSeenAt", heard_since),
        Some("false") => query.lt("lastSeenAt", heard_since),
        Some(_) => return Err(PluginError::format_values("online", "true / false")),
        None => query,
    };
    // Newest first: the store's own order (its key), which no filter has to sort.
    let query = query.paged_by(call)?;
    let page = DEVICES.query(call.host, &query)?;
    Ok(json!(PageOf {
        list: page.list.into_iter().map(|d| shown(d, now)).collect::<Vec<_>>(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    }))
}

/// The shadow: the latest value of each property, with its time.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Shadow {
    pub sn: String,
    pub properties: serde_json::Map<String, Value>,
}

pub const SHADOWS: Collection<Shadow> = Collection::new("shadows");

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceDetail {
    pub device: Doc<Device>,
    /// `{identifier: {value, time}}`: what the device reported.
    pub shadow: serde_json::Map<String, Value>,
    /// `{identifier: {value, since}}`: what property sets waiting for the device will set.
    pub desired: serde_json::Map<String, Value>,
    pub events: Vec<Doc<Report>>,
    pub commands: Vec<Doc<Command>>,
    /// For the control form.
    pub thing_model: ThingModel,
    /// The family it is bound to, if any.
    pub binding: Option<Doc<crate::bindings::Binding>>,
}

pub fn shadow_of(call: &mut Call<'_>, sn: &str) -> PluginResult<Option<Doc<Shadow>>> {
    Ok(SHADOWS.query(call.host, &Query::new().eq("sn", sn).page(1, 1))?.list.into_iter().next())
}

pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let now = call.host.now_ms();
    let device = shown(find(call, &sn)?, now);
    let shadow = shadow_of(call, &sn)?.map(|s| s.data.properties).unwrap_or_default();
    let recent = Query::new().eq("sn", sn.as_str()).eq("kind", "event").sort("at", true).page(1, 20);
    let events = REPORTS.query(call.host, &recent)?.list;
    let commands = COMMANDS.query(call.host, &Query::new().eq("sn", sn.as_str()).sort("sentAt", true).page(1, 20))?;
    let commands = commands.list.into_iter().map(|c| crate::commands::shown(c, now)).collect();
    let thing_model = crate::model::product(call, &device.data.product_id)?.thing_model;
    let binding = crate::bindings::binding_of(call, &sn)?;
    let desired = crate::commands::desired(call, &sn)?;
    Ok(json!(DeviceDetail { device, shadow, desired, events, commands, thing_model, binding }))
}

/// What another domain may know of one device (customer service's work orders and chats).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceFacts {
    pub sn: String,
    pub product_id: String,
    pub product_name: String,
    pub model_code: String,
    pub online: bool,
    pub firmware_version: String,
}

/// `GET /internal/devices/{sn}` (other plugins): the device's facts, or a 404.
pub fn facts(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let device = find(call, &sn)?;
    let now = call.host.now_ms();
    let d = device.data;
    Ok(json!(DeviceFacts {
        online: is_online(d.last_seen_at, now),
        sn: d.sn,
        product_id: d.product_id,
        product_name: d.product_name,
        model_code: d.model_code,
        firmware_version: d.firmware_version,
    }))
}
