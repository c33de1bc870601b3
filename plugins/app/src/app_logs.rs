//! App logs (app-log): log files apps upload for their users, listed by user, app version and
//! time, and downloaded through a link signed for five minutes. An app user uploads at most one
//! a minute and keeps its twenty newest; a file rides in the JSON body, 4 MiB at most.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use console_plugin_sdk::upload::StoredFile;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json, limits};
use serde::{Deserialize, Serialize};

use crate::app_users;

pub const MAX_FILE_BYTES: usize = 4 << 20;
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
    username: String,
    app_version: String,
    phone_model: String,
    file_name: String,
    /// The file, base64 (at most 4 MiB).
    content: String,
}

fn file_name(value: &str) -> PluginResult<String> {
    let name = validate::required("fileName", value, 120)?;
    if name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')) && !name.starts_with('.') {
        return Ok(name);
    }
    Err(PluginError::format(
        "fileName",
        [
            "字母、数字、点、连字符或下划线组成的文件名",
            "a file name of letters, digits, dots, hyphens or underscores",
            "ein Dateiname aus Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen",
            "un nombre de archivo de letras, dígitos, puntos, guiones o guiones bajos",
            "un nom de fichier fait de lettres, chiffres, points, tirets ou tirets bas",
            "um nome de ficheiro de letras, dígitos, pontos, hífenes ou sublinhados",
            "имя файла из букв, цифр, точек, дефисов или подчёркиваний",
        ],
    ))
}

/// `POST /app/logs`: an app uploads a log file of its user.
pub fn upload(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: LogUpload = call.body()?;
    let username = app_users::account("username", &input.username)?;
    let file_name = file_name(&input.file_name)?;
    if input.content.len() > MAX_FILE_BYTES / 3 * 4 + 4 {
        return Err(PluginError::invalid(
            "content",
            console_plugin_sdk::Message::TooMany { field: "content".into(), max: MAX_FILE_BYTES },
        ));
    }
    let bytes = STANDARD.decode(input.content.trim()).map_err(|_| PluginError::format_values("content", "base64"))?;
    let mine = Query::new().eq("username", username.as_str());
    limits::at_most_every(call, &APP_LOGS, mine.clone(), UPLOAD_EVERY_SECS)?;
    let now = call.host.now_ms();
    let object =
        format!("app-logs/{}/{now}-{}-{file_name}", sanitize(&username), console_plugin_sdk::random::token(6)?);
    call.host.file_put(&object, &bytes).map_err(PluginError::internal)?;
    let log = AppLog {
        username,
        app_version: validate::optional("appVersion", &input.app_version, 32)?,
        phone_model: validate::optional("phoneModel", &input.phone_model, SHORT_TEXT)?,
        file: StoredFile { file_name, object, size: bytes.len() as u64, sha256: String::new(), md5: String::new() },
        uploaded_at: now,
    };
    let saved = APP_LOGS.insert(call.host, &log)?;
    // The user's twenty newest are kept.
    let older = APP_LOGS.query(call.host, &mine.sort("uploadedAt", true).page(2, MAX_FILES_PER_USER as u32))?;
    for old in older.list {
        call.host.file_delete(&old.data.file.object).map_err(PluginError::internal)?;
        APP_LOGS.delete(call.host, &old.id)?;
    }
    Ok(json!({ "id": saved.id }))
}

/// An account as a folder name: what is not a letter or digit becomes `_`.
fn sanitize(username: &str) -> String {
    username.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect()
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
