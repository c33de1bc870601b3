//! The enterprise's customer-service settings (/customerService/systemService): the SLA targets
//! (as Chatwoot's and Zammad's users expect: a first response and a resolution
//! within so long of submission), how many may wait in the chat queue, and the bot's greeting.

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Value, json};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// An order's first response is due this long after it was submitted.
    pub first_response_minutes: u32,
    /// Its resolution (handled or closed) is due this long after.
    pub resolution_hours: u32,
    /// Chats waiting for an agent at most; beyond, a user is asked to come back later.
    pub queue_limit: u32,
    /// What the bot says first; its own words in the user's language when empty.
    pub greeting: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { first_response_minutes: 30, resolution_hours: 48, queue_limit: 500, greeting: String::new() }
    }
}

pub const SETTINGS: Collection<Settings> = Collection::new("settings");

/// The settings, or the defaults while none were saved.
pub fn current(call: &mut Call<'_>) -> PluginResult<Settings> {
    Ok(stored(call)?.map(|doc| doc.data).unwrap_or_default())
}

fn stored(call: &mut Call<'_>) -> PluginResult<Option<Doc<Settings>>> {
    SETTINGS.single(call.host)
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    #[serde(flatten)]
    pub settings: Settings,
    /// The stored version to send back with a change; 0 while none were saved.
    pub version: i64,
}

/// `GET /settings`.
pub fn get(call: &mut Call<'_>) -> PluginResult<Value> {
    let doc = stored(call)?;
    let version = doc.as_ref().map_or(0, |d| d.version);
    Ok(json!(SettingsView { settings: doc.map(|d| d.data).unwrap_or_default(), version }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SettingsInput {
    first_response_minutes: Option<f64>,
    resolution_hours: Option<f64>,
    queue_limit: Option<f64>,
    greeting: String,
    version: Option<i64>,
}

/// `PUT /settings`: with the version read, so that two administrators do not overwrite each other.
pub fn put(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SettingsInput = call.body()?;
    let settings = Settings {
        first_response_minutes: validate::integer("firstResponseMinutes", input.first_response_minutes, 1, 10_080)?
            as u32,
        resolution_hours: validate::integer("resolutionHours", input.resolution_hours, 1, 2_160)? as u32,
        queue_limit: validate::integer("queueLimit", input.queue_limit, 1, 2_000)? as u32,
        greeting: validate::optional("greeting", &input.greeting, 500)?,
    };
    let saved = match stored(call)? {
        Some(doc) => SETTINGS.update(call.host, &doc.id, &settings, input.version)?,
        None => SETTINGS.insert(call.host, &settings)?,
    };
    call.host.audit("Change the customer-service settings", "");
    Ok(json!(SettingsView { settings: saved.data, version: saved.version }))
}
