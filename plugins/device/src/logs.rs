//! Device logs (devicesLog): logins (activations), logouts, bindings, unbindings
//! and resets, with the app and phone that made them where the device says, and the log files
//! devices upload (downloaded through a signed URL, never through the session).

use console_plugin_sdk::describe::{PAGING, QueryParam};
use console_plugin_sdk::time::DAY_MS;
use console_plugin_sdk::upload::StoredFile;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Context, Doc, Host, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

pub const LOGIN: &str = "login";
pub const LOGOUT: &str = "logout";
pub const BIND: &str = "bind";
pub const UNBIND: &str = "unbind";
pub const RESET: &str = "reset";
pub const LOG_FILE: &str = "log-file";
pub const KINDS: [&str; 6] = [LOGIN, LOGOUT, BIND, UNBIND, RESET, LOG_FILE];

/// Causes the platform writes down: a device's first activation, and the unbinding a reset or a
/// factory initialisation brings.
pub const FIRST_ACTIVATION: &str = "first-activation";
pub const BY_RESET: &str = "reset";
pub const BY_INITIALISATION: &str = "factory-initialisation";
/// How an MQTT session ended, written on its logout: the device said goodbye, it was
/// silent past its keep-alive, its connection broke (its last will applies), or the host that
/// held the session died and another logged the device out for it.
pub const BY_GOODBYE: &str = "goodbye";
pub const BY_SILENCE: &str = "keep-alive-timeout";
pub const BY_LOST_CONNECTION: &str = "connection-lost";
pub const BY_HOST_LOST: &str = "host-lost";
pub const LOGOUT_CAUSES: [&str; 4] = [BY_GOODBYE, BY_SILENCE, BY_LOST_CONNECTION, BY_HOST_LOST];
pub const CAUSES: [&str; 7] =
    [FIRST_ACTIVATION, BY_RESET, BY_INITIALISATION, BY_GOODBYE, BY_SILENCE, BY_LOST_CONNECTION, BY_HOST_LOST];

pub const SUCCESS: &str = "success";
pub const FAILURE: &str = "failure";

/// How long a download link of a log file works.
const FILE_URL_SECS: u32 = 300;
/// How long a log is kept, its file with it.
pub const KEPT_DAYS: i64 = 180;
/// The log files kept per device: a new one past this replaces the oldest.
pub const MAX_FILES_PER_DEVICE: u64 = 10;
/// A device uploads at most one log file in this many seconds.
pub const UPLOAD_EVERY_SECS: i64 = 60;
/// Expired logs deleted per run, in steps (each file is a delete of its own).
const EXPIRED_STEP: u32 = 500;
const EXPIRED_STEPS: u32 = 20;
/// The largest log file a device uploads in one message (its base64 rides in the JSON body).
pub const MAX_LOG_FILE_BYTES: usize = 4 << 20;

/// What the app that set the device up says about itself and where it is.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppContext {
    pub app_version: String,
    /// e.g. Android 14, iOS 18.1.
    pub phone_system: String,
    pub phone_model: String,
    pub city: String,
    pub country: String,
    /// ISO 3166-1 (DE): where the device is, for the world dashboard.
    pub country_code: String,
    /// ISO 3166-2 (CN-GD): the region within that country, for the China view.
    pub subdivision_code: String,
}

impl AppContext {
    pub fn checked(self) -> PluginResult<AppContext> {
        Ok(AppContext {
            app_version: validate::optional("appVersion", &self.app_version, SHORT_TEXT)?,
            phone_system: validate::optional("phoneSystem", &self.phone_system, SHORT_TEXT)?,
            phone_model: validate::optional("phoneModel", &self.phone_model, SHORT_TEXT)?,
            city: validate::optional("city", &self.city, SHORT_TEXT)?,
            country: validate::optional("country", &self.country, SHORT_TEXT)?,
            subdivision_code: validate::subdivision_code(
                "subdivisionCode",
                &self.subdivision_code,
                &validate::country_code("countryCode", &self.country_code)?,
            )?,
            country_code: validate::country_code("countryCode", &self.country_code)?,
        })
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceLog {
    pub sn: String,
    /// One of [`KINDS`].
    pub kind: String,
    pub at: i64,
    /// The app user it concerns (a binding's), if any.
    pub account: String,
    /// The network address the device called from (logins, logouts, log files).
    pub ip: String,
    #[serde(flatten)]
    pub app: AppContext,
    pub firmware_version: String,
    pub software_version: String,
    /// [`SUCCESS`] or [`FAILURE`].
    pub result: String,
    /// The user's reason, or the device's words when it failed.
    pub detail: String,
    /// What brought it about when the platform did: one of [`CAUSES`] (the page names it in the
    /// reader's language), or empty.
    pub cause: String,
    /// The console user, or empty when the device did it.
    pub by: String,
    pub log_file: Option<StoredFile>,
    /// [`KEPT_DAYS`] after it was written.
    pub expires_at: i64,
}

pub const DEVICE_LOGS: Collection<DeviceLog> = Collection::new("device_logs");

pub fn write(call: &mut Call<'_>, log: DeviceLog) -> PluginResult<()> {
    let now = call.host.now_ms();
    let log = DeviceLog { at: now, expires_at: now + KEPT_DAYS * DAY_MS, ..log };
    DEVICE_LOGS.insert(call.host, &log)?;
    Ok(())
}

/// Deletes a log with its file.
fn delete_log(host: &mut dyn Host, log: &Doc<DeviceLog>) -> PluginResult<()> {
    if let Some(file) = &log.data.log_file {
        host.file_delete(&file.object).map_err(PluginError::internal)?;
    }
    DEVICE_LOGS.delete(host, &log.id).map(drop)
}

/// Room for one more log file of `sn`: past [`MAX_FILES_PER_DEVICE`], the oldest go.
pub fn make_room_for_file(call: &mut Call<'_>, sn: &str) -> PluginResult<()> {
    let files = Query::new().eq("sn", sn).eq("kind", LOG_FILE);
    let kept = DEVICE_LOGS.count(call.host, &files)?;
    if kept < MAX_FILES_PER_DEVICE {
        return Ok(());
    }
    let excess = (kept + 1 - MAX_FILES_PER_DEVICE) as u32;
    for oldest in DEVICE_LOGS.query(call.host, &files.sort("at", false).page(1, excess))?.list {
        delete_log(call.host, &oldest)?;
    }
    Ok(())
}

/// The `retention` schedule's share: logs past [`KEPT_DAYS`], with their files.
pub fn delete_expired(host: &mut dyn Host, _context: &Context) -> PluginResult<u64> {
    let now = host.now_ms();
    let mut deleted = 0;
    for _ in 0..EXPIRED_STEPS {
        let expired = DEVICE_LOGS.query(host, &Query::new().lt("expiresAt", now).page(1, EXPIRED_STEP))?.list;
        for log in &expired {
            delete_log(host, log)?;
        }
        deleted += expired.len() as u64;
        if (expired.len() as u32) < EXPIRED_STEP {
            break;
        }
    }
    Ok(deleted)
}

pub const LIST_QUERY: [QueryParam; 8] = [
    QueryParam::text("sn", "One device."),
    QueryParam::text("kind", "login, logout, bind, unbind, reset or log-file; several separated by commas."),
    QueryParam::text("account", "One app user."),
    QueryParam::text("result", "success or failure."),
    QueryParam::integer("from", "From (Unix milliseconds)."),
    QueryParam::integer("to", "To (Unix milliseconds)."),
    PAGING[0],
    PAGING[1],
];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut query = Query::new().eq_opt("sn", call.query("sn")).eq_opt("account", call.query("account"));
    if let Some(kinds) = call.query("kind") {
        let kinds: PluginResult<Vec<Value>> =
            kinds.split(',').map(|kind| validate::one_of("kind", kind.trim(), &KINDS).map(Value::from)).collect();
        query = query.one_of("kind", kinds?);
    }
    if let Some(result) = call.query("result") {
        query = query.eq("result", validate::one_of("result", result, &[SUCCESS, FAILURE])?);
    }
    if let Some(from) = crate::reports::time_bound(call, "from")? {
        query = query.gte("at", from);
    }
    if let Some(to) = crate::reports::time_bound(call, "to")? {
        query = query.lte("at", to);
    }
    let query = query.sort("at", true).paged_by(call)?;
    Ok(json!(DEVICE_LOGS.query(call.host, &query)?))
}

/// A signed link to a log's file, good for [`FILE_URL_SECS`].
pub fn file_url(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let log = DEVICE_LOGS.find(call.host, &id)?;
    let file = log.data.log_file.ok_or_else(PluginError::not_found)?;
    let url = call.host.file_access_url(&file.object, &file.file_name, FILE_URL_SECS).map_err(PluginError::internal)?;
    call.host.audit("Download a device log file", &log.data.sn);
    Ok(json!({ "url": url, "fileName": file.file_name, "expiresInSeconds": FILE_URL_SECS }))
}

/// The kinds the dashboards count: logins, logouts and bindings.
pub const COUNTED_KINDS: [&str; 4] = [LOGIN, LOGOUT, BIND, UNBIND];

/// A log as the dashboards read it (`POST /internal/logs/since`): what it counts by.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeptLog {
    /// The record id: the caller's cursor.
    pub id: i64,
    pub kind: String,
    pub result: String,
    pub app_version: String,
    pub phone_system: String,
    /// ISO 3166-1 when the app gave it, else the app's own words.
    pub country: String,
    pub at: i64,
    pub kept_at: i64,
}

/// `POST /internal/logs/since` (other plugins: the dashboard): the logins, logouts and bindings
/// kept after a record, oldest first (the other kinds are skipped, their ids still passed).
pub fn since(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: crate::reports::SinceInput = call.body()?;
    let query = Query::new()
        .gt("id", input.after)
        .lte("createdAt", input.until)
        .sort("id", false)
        .page(1, input.limit.clamp(1, 1000));
    let found = DEVICE_LOGS.query(call.host, &query)?.list;
    let (read, last) = (found.len(), found.last().map(|doc| doc.id.parse::<i64>().unwrap_or(0)));
    let list: Vec<KeptLog> = found
        .into_iter()
        .filter(|doc| COUNTED_KINDS.contains(&doc.data.kind.as_str()))
        .map(|doc| KeptLog {
            id: doc.id.parse().unwrap_or(0),
            kind: doc.data.kind,
            result: doc.data.result,
            app_version: doc.data.app.app_version,
            phone_system: doc.data.app.phone_system,
            // The ISO code when the app gave one: the world dashboard maps it.
            country: if doc.data.app.country_code.is_empty() {
                doc.data.app.country
            } else {
                doc.data.app.country_code
            },
            at: doc.data.at,
            kept_at: doc.created_at,
        })
        .collect();
    // `read`: how many records were read, so that the caller knows whether it has caught up;
    // `last`: the id to go on after, whichever kinds they were.
    Ok(json!({ "list": list, "read": read, "last": last }))
}
