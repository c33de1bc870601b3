//! App logs (app-log): log files apps upload for their signed-in users, listed by user, app
//! version and time, and downloaded through a link signed for five minutes. The app streams the
//! file to the host's large-file upload with its key (`/api/device-files/upload/app-service/app-log`,
//! at most 50 MiB, text or an archive), then names the upload here with the user's session token.
//! A user uploads at most one a minute and keeps the twenty newest.

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json, limits};
use serde::{Deserialize, Serialize};

use crate::app_sessions;

pub const UPLOAD_PURPOSE: &str = "app-log";
pub const UPLOAD_EVERY_SECS: i64 = 60;
pub const MAX_FILES_PER_USER: u64 = 20;
const LINK_SECS: u32 = 300;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppLog {
    pub username: String,
    pub app_version: String,
    pub phone_model: String,
    pub file: StoredFile,
    pub uploaded_at: i64,
}

pub const APP_LOGS: Collection<AppLog> = Collection::new("app_logs");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LogUpload {
    /// The session token of the signed-in user (`/app/users/sign-in`).
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    /// The id the host's upload answered.
    upload_id: String,
    app_version: String,
    phone_model: String,
}

/// `POST /app/logs`: an app files the log it uploaded for its signed-in user.
pub fn upload(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: LogUpload = call.body()?;
    let user = app_sessions::user(call, "userToken", &input.user_token)?;
    let username = user.data.username;
    let app_version = validate::optional("appVersion", &input.app_version, 32)?;
    let phone_model = validate::optional("phoneModel", &input.phone_model, SHORT_TEXT)?;
    let mine = Query::new().eq("username", username.as_str());
    limits::at_most_every(call, &APP_LOGS, mine.clone(), UPLOAD_EVERY_SECS)?;
    let file = upload::claim(call.host, "uploadId", &input.upload_id, UPLOAD_PURPOSE)?;
    let log =
        AppLog { username, app_version, phone_model, file: StoredFile::from(&file), uploaded_at: call.host.now_ms() };
    let saved = APP_LOGS.insert(call.host, &log)?;
    // The user's twenty newest are kept.
    let older = APP_LOGS.query(call.host, &mine.sort("uploadedAt", true).page(2, MAX_FILES_PER_USER as u32))?;
    for old in older.list {
        call.host.file_delete(&old.data.file.object).map_err(PluginError::internal)?;
        APP_LOGS.delete(call.host, &old.id)?;
    }
    Ok(json!({ "id": saved.id }))
}

/// The console's list: by user (search mode), app version and time.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut query = Query::new()
        .search("username", call.query("username"), call.search_mode())
        .eq_opt("appVersion", call.query("appVersion"));
    if let Some(from) = call.query("from").and_then(|v| v.parse::<i64>().ok()) {
        query = query.gte("uploadedAt", from);
    }
    if let Some(to) = call.query("to").and_then(|v| v.parse::<i64>().ok()) {
        query = query.lte("uploadedAt", to);
    }
    let query = query.sort("uploadedAt", true).paged_by(call)?;
    Ok(json!(APP_LOGS.query(call.host, &query)?))
}

/// `GET /app-logs/{id}/file`: a link to the file, signed for five minutes.
pub fn file_url(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let log = APP_LOGS.find(call.host, &id)?;
    let url = call
        .host
        .file_access_url(&log.data.file.object, &log.data.file.file_name, LINK_SECS)
        .map_err(PluginError::internal)?;
    Ok(json!({ "url": url, "fileName": log.data.file.file_name }))
}
