//! Device logs (devicesLog; spec DP §3 Logs): logins (activations), logouts, bindings, unbindings
//! and resets, with the app and phone that made them where the device says, and the log files
//! devices upload (downloaded through a signed URL, never through the session).

use console_plugin_sdk::describe::{PAGING, QueryParam};
use console_plugin_sdk::upload::StoredFile;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
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
pub const CAUSES: [&str; 3] = [FIRST_ACTIVATION, BY_RESET, BY_INITIALISATION];

pub const SUCCESS: &str = "success";
pub const FAILURE: &str = "failure";

/// How long a download link of a log file works.
const FILE_URL_SECS: u32 = 300;
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
}

impl AppContext {
    pub fn checked(self) -> PluginResult<AppContext> {
        Ok(AppContext {
            app_version: validate::optional("appVersion", &self.app_version, SHORT_TEXT)?,
            phone_system: validate::optional("phoneSystem", &self.phone_system, SHORT_TEXT)?,
            phone_model: validate::optional("phoneModel", &self.phone_model, SHORT_TEXT)?,
            city: validate::optional("city", &self.city, SHORT_TEXT)?,
            country: validate::optional("country", &self.country, SHORT_TEXT)?,
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
}

pub const DEVICE_LOGS: Collection<DeviceLog> = Collection::new("device_logs");

pub fn write(call: &mut Call<'_>, log: DeviceLog) -> PluginResult<()> {
    let log = DeviceLog { at: call.host.now_ms(), ..log };
    DEVICE_LOGS.insert(call.host, &log)?;
    Ok(())
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
