//! The enterprise's time zone: where its hours, days, weeks, months and years begin.

use console_plugin_sdk::rollup::Zone;
use console_plugin_sdk::{Call, Collection, Host, PluginResult, Value, json, validate};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// An IANA zone (`Asia/Shanghai`).
    pub time_zone: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { time_zone: "UTC".into() }
    }
}

const SETTINGS: Collection<Settings> = Collection::new("settings");

pub fn kept(host: &mut dyn Host) -> PluginResult<Settings> {
    Ok(SETTINGS.single(host)?.map(|d| d.data).unwrap_or_default())
}

pub fn zone(host: &mut dyn Host) -> PluginResult<Zone> {
    Zone::named("timeZone", &kept(host)?.time_zone)
}

/// `GET /settings`.
pub fn get(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(kept(call.host)?))
}

/// `PUT /settings`: another zone keys its hours differently, so the rollups are rebuilt from
/// the reports (the next runs of the schedule).
pub fn save(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: Settings = call.body()?;
    let time_zone = validate::required("timeZone", &input.time_zone, 64)?;
    Zone::named("timeZone", &time_zone)?;
    let settings = Settings { time_zone };
    let changed = kept(call.host)? != settings;
    SETTINGS.save_single(call.host, &settings)?;
    if changed {
        crate::rollups::clear(call.host)?;
    }
    call.host.audit("Set the dashboards' time zone", &settings.time_zone);
    Ok(json!(settings))
}
