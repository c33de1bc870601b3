//! The privacy list: what personal data the devices and apps
//! use, for what, and where — the statement a privacy policy is written from.

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PrivacyEntry {
    /// The personal data collected, e.g. "Wi-Fi name" or "Location".
    pub project: String,
    pub purpose: String,
    pub scene: String,
}

pub const PRIVACY: Collection<PrivacyEntry> = Collection::new("privacy");

impl PrivacyEntry {
    fn checked(self) -> PluginResult<PrivacyEntry> {
        Ok(PrivacyEntry {
            project: validate::required("project", &self.project, SHORT_TEXT)?,
            purpose: validate::required("purpose", &self.purpose, LONG_TEXT)?,
            scene: validate::required("scene", &self.scene, LONG_TEXT)?,
        })
    }
}

pub const LIST_QUERY: [QueryParam; 4] =
    [QueryParam::text("project", "Searched in the search mode."), PAGING[0], PAGING[1], MODE];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().search("project", call.query("project"), call.search_mode()).paged_by(call)?;
    Ok(json!(PRIVACY.query(call.host, &query)?))
}

/// `GET /internal/privacy` (other plugins): every entry, at most a thousand.
pub fn all(call: &mut Call<'_>) -> PluginResult<Value> {
    let entries = PRIVACY.query(call.host, &Query::new().sort("project", false).page(1, 1000))?.list;
    Ok(json!(entries.into_iter().map(|e| e.data).collect::<Vec<_>>()))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let entry = call.body::<PrivacyEntry>()?.checked()?;
    let saved = PRIVACY.insert(call.host, &entry)?;
    call.host.audit("Privacy list entry added", &saved.data.project);
    Ok(json!(saved))
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let entry = call.body::<PrivacyEntry>()?.checked()?;
    let found = PRIVACY.find(call.host, &id)?;
    let version = call.version().unwrap_or(found.version);
    let saved = PRIVACY.update(call.host, &id, &entry, Some(version))?;
    call.host.audit("Privacy list entry changed", &saved.data.project);
    Ok(json!(saved))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let found = PRIVACY.find(call.host, &id)?;
    call.confirm_name(&found.data.project)?;
    PRIVACY.delete(call.host, &id)?;
    call.host.audit("Privacy list entry deleted", &found.data.project);
    Ok(Value::Null)
}
