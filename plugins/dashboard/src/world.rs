//! The world page (/echartGroup/world, the statistics dashboard's global and China
//! views): devices and app users by country as sampled last, device logins by country over the
//! range, and devices by region of a country (ISO 3166-2) for the China view. Counters only.

use console_plugin_sdk::{Call, PluginResult, Value, json};
use serde::Serialize;

use crate::overview::{latest_keyed, taken_at, window};
use crate::rollups::Rolled;

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorldFigures {
    pub range: String,
    pub time_zone: String,
    /// Devices by ISO 3166-1 country, most first, as sampled last in the range.
    pub devices: Vec<(String, i64)>,
    /// App users by country, as sampled last in the range.
    pub users: Vec<(String, i64)>,
    /// Device logins by country over the range (the app's words where it gave no code).
    pub logins: Vec<(String, i64)>,
    /// Devices by ISO 3166-2 region (CN-GD), as sampled last in the range.
    pub subdivisions: Vec<(String, i64)>,
    pub taken_at: i64,
}

/// `GET /world`.
pub fn figures(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(world_figures(call)?))
}

/// The figures `figures` answers.
pub fn world_figures(call: &mut Call<'_>) -> PluginResult<WorldFigures> {
    let (w, _, time_zone) = window(call)?;
    let devices = latest_keyed(call, &w, "country")?;
    let users = latest_keyed(call, &w, "app-country")?;
    let subdivisions = latest_keyed(call, &w, "subdivision")?;
    let mut logins: Vec<(String, i64)> = Rolled::new(&["log:login:country"], w.first, w.now, w.granularity)
        .all_enterprises(w.all)
        .by_key()
        .run(call.host)?
        .into_iter()
        .filter(|c| !c.key.is_empty() && c.value > 0)
        .map(|c| (c.key, c.value))
        .collect();
    logins.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(WorldFigures {
        range: w.range.clone(),
        time_zone,
        devices,
        users,
        logins,
        subdivisions,
        taken_at: taken_at(call, w.all)?,
    })
}
