//! The index and enterprise dashboards (/echartGroup/index and /tenant): gauges
//! of the fleet, the app's users and the work orders, sampled once a minute into counters by
//! local hour (`snapshot`), and read back by range and granularity. A page view reads the
//! counters only; each answer says when its figures were taken.
//!
//! The snapshot asks the device, product, app and customer-service plugins for counts the host
//! keeps per value (contract 0.1.14 `store.tally`), never for their records. A plugin the
//! enterprise has not enabled is skipped: its cards say "no figures".

use std::collections::BTreeMap;

use console_plugin_sdk::counters::{self, Read};
use console_plugin_sdk::rollup::{Granularity, gauge_series, hour_key};
use console_plugin_sdk::time::range_ms;
use console_plugin_sdk::{Call, Host, PluginError, PluginResult, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::rollups::{DAY, Rolled};

/// The cards of the index page, by counter name.
pub const CARDS: [&str; 8] =
    ["devices", "online", "active:1d", "active:7d", "app:users", "app:active", "orders:open", "orders:breached"];
/// Gauges kept by key: each sample replaces the hour's whole set (a value gone from the fleet
/// must not linger).
const KEYED: [&str; 10] = [
    "firmware",
    "work-state",
    "product",
    "category",
    "model",
    "app-version",
    "phone",
    "country",
    "subdivision",
    "app-country",
];
/// When the enterprise's last snapshot was taken (bucket 0).
const TAKEN: &str = "taken";
/// Rankings are this long: the top 10.
const TOP: usize = 10;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Fleet {
    devices: i64,
    online: i64,
    active: Vec<(String, i64)>,
    work_states: Vec<(String, i64)>,
    firmware: Vec<(String, i64)>,
    products: Vec<(String, i64)>,
    models: Vec<(String, i64)>,
    countries: Vec<(String, i64)>,
    subdivisions: Vec<(String, i64)>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Users {
    users: i64,
    active_today: i64,
    versions: Vec<(String, i64)>,
    phones: Vec<(String, i64)>,
    countries: Vec<(String, i64)>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Orders {
    open: i64,
    breached: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ProductCategory {
    product_id: String,
    category_name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ModelOptions {
    models: Vec<ModelName>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ModelName {
    code: String,
    name: String,
}

/// The gauges one snapshot sets, by the hour `hour`.
fn gauges(hour: i64, fleet: Option<&Fleet>, users: Option<&Users>, orders: Option<&Orders>) -> Vec<counters::Counter> {
    let mut set = Vec::new();
    let mut one = |name: &str, key: &str, value: i64| set.push(counters::counter(name, hour, key, value));
    if let Some(fleet) = fleet {
        one("devices", "", fleet.devices);
        one("online", "", fleet.online);
        for (window, n) in &fleet.active {
            one(&format!("active:{window}"), "", *n);
        }
        for (state, n) in &fleet.work_states {
            one("work-state", state, *n);
        }
        for (version, n) in &fleet.firmware {
            one("firmware", version, *n);
        }
        for (product, n) in &fleet.products {
            one("product", product, *n);
        }
        for (country, n) in &fleet.countries {
            one("country", country, *n);
        }
        for (subdivision, n) in &fleet.subdivisions {
            one("subdivision", subdivision, *n);
        }
    }
    if let Some(users) = users {
        one("app:users", "", users.users);
        one("app:active", "", users.active_today);
        for (version, n) in &users.versions {
            one("app-version", version, *n);
        }
        for (phone, n) in &users.phones {
            one("phone", phone, *n);
        }
        for (country, n) in &users.countries {
            one("app-country", country, *n);
        }
    }
    if let Some(orders) = orders {
        one("orders:open", "", orders.open);
        one("orders:breached", "", orders.breached);
    }
    set
}

/// Devices by category and by model, named: what the rankings show, across enterprises too.
fn named_gauges(host: &mut dyn Host, hour: i64, fleet: &Fleet) -> Vec<counters::Counter> {
    let mut set = Vec::new();
    let categories: Vec<ProductCategory> =
        services::get(host, "product-service", "/internal/product-categories").unwrap_or_default();
    let mut by_category = BTreeMap::<&str, i64>::new();
    for (product, n) in &fleet.products {
        let name = categories.iter().find(|c| &c.product_id == product).map_or("", |c| c.category_name.as_str());
        *by_category.entry(name).or_default() += n;
    }
    for (name, n) in by_category {
        set.push(counters::counter("category", hour, name, n));
    }
    let options: Vec<ModelOptions> =
        services::get(host, "product-service", "/internal/model-options").unwrap_or_default();
    for (code, n) in &fleet.models {
        let name = options.iter().flat_map(|p| &p.models).find(|m| &m.code == code).map(|m| m.name.as_str());
        let key = match name {
            Some(name) if !code.is_empty() => format!("{name} ({code})"),
            _ => code.clone(),
        };
        set.push(counters::counter("model", hour, &key, *n));
    }
    set
}

/// The `snapshot` schedule: the enterprise's gauges for this local hour.
pub fn snapshot(host: &mut dyn Host) -> PluginResult<()> {
    let zone = crate::settings::zone(host)?;
    let now = host.now_ms();
    let hour = hour_key(now, &zone);
    // Every question first, then the writes.
    let fleet: Option<Fleet> = services::get(host, "device-service", "/internal/figures").ok();
    let users: Option<Users> = services::get(host, "app-service", "/internal/figures").ok();
    let orders: Option<Orders> = services::get(host, "customer-service", "/internal/figures").ok();
    let mut set = gauges(hour, fleet.as_ref(), users.as_ref(), orders.as_ref());
    if let Some(fleet) = &fleet {
        set.extend(named_gauges(host, hour, fleet));
    }
    // Each gauge also as the day's latest sample (`<name>/day`): pages by day and up read days.
    let day = console_plugin_sdk::rollup::bucket_start(now, Granularity::Day, &zone);
    let days: Vec<counters::Counter> =
        set.iter().map(|c| counters::counter(&format!("{}{DAY}", c.name), day, &c.key, c.value)).collect();
    set.extend(days);
    let keyed: Vec<String> = KEYED.iter().map(|k| k.to_string()).collect();
    counters::clear(host, &keyed, hour, hour)?;
    let keyed_days: Vec<String> = KEYED.iter().map(|k| format!("{k}{DAY}")).collect();
    counters::clear(host, &keyed_days, day, day)?;
    set.push(counters::counter(TAKEN, 0, "", now));
    counters::set(host, &set)?;
    host.publish("dashboard.sampled", &json!({ "takenAt": now }).to_string()).map_err(PluginError::internal)
}

/// What `POST /snapshot` answers: when the figures were taken.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Taken {
    pub taken_at: i64,
}

/// `POST /snapshot`: the figures taken now, not at the next minute.
pub fn take_now(call: &mut Call<'_>) -> PluginResult<Value> {
    snapshot(call.host)?;
    Ok(json!(Taken { taken_at: call.host.now_ms() }))
}

/// Every gauge name the snapshot keeps (a time-zone change forgets them all).
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = CARDS.iter().chain(KEYED.iter()).map(|n| n.to_string()).collect();
    names.extend(["active:1h", "active:30d", TAKEN].map(String::from));
    names
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// One of [`CARDS`].
    pub name: String,
    /// The latest sample; none when the plugin counting it is not enabled.
    pub value: Option<i64>,
    /// The latest sample of each bucket.
    pub trend: Vec<Option<i64>>,
    /// The latest sample less the first of the range.
    pub change: i64,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Overview {
    pub range: String,
    pub granularity: String,
    pub time_zone: String,
    pub labels: Vec<String>,
    pub cards: Vec<Card>,
    /// Devices by firmware version now, most first (a stacked column by bucket would need a
    /// gauge per version and bucket: `firmwareTrend`).
    pub firmware: Vec<(String, i64)>,
    /// The ten versions with most devices now, each with its latest sample per bucket.
    pub firmware_trend: Vec<(String, Vec<Option<i64>>)>,
    pub work_states: Vec<(String, i64)>,
    /// When the figures were taken (Unix ms; the stalest enterprise's for all of them), 0 for never.
    pub taken_at: i64,
}

/// What a page's query asks for: the range, its granularity and start in the enterprise's
/// zone, and whether the platform reads every enterprise's figures.
pub struct Window {
    pub range: String,
    pub granularity_name: String,
    pub granularity: Granularity,
    pub from: i64,
    /// The start of the first bucket.
    pub first: i64,
    pub now: i64,
    pub all: bool,
}

pub fn window(call: &mut Call<'_>) -> PluginResult<(Window, console_plugin_sdk::rollup::Zone, String)> {
    let range = call.query("range").unwrap_or("7d").to_string();
    let span = range_ms("range", &range)?;
    let granularity_name =
        call.query("granularity").unwrap_or(crate::activity::default_granularity(&range)).to_string();
    let granularity = Granularity::parse("granularity", &granularity_name)?;
    if granularity == Granularity::Hour && span > 7 * console_plugin_sdk::time::DAY_MS {
        return Err(PluginError::format_values("granularity", "day, week, month, year (hours only up to 7 days)"));
    }
    let settings = crate::settings::kept(call.host)?;
    let zone = crate::settings::zone(call.host)?;
    let now = call.host.now_ms();
    let from = now - span;
    let first = console_plugin_sdk::rollup::bucket_start(from, granularity, &zone);
    let all = call.context.tenant_id == 0;
    Ok((Window { range, granularity_name, granularity, from, first, now, all }, zone, settings.time_zone))
}

/// When the figures were taken: the stalest enterprise's, for all of them.
pub fn taken_at(call: &mut Call<'_>, all: bool) -> PluginResult<i64> {
    let taken = Read::new(&[TAKEN], 0, 0).all_enterprises(all).by_enterprise().run(call.host)?;
    Ok(taken.iter().map(|c| c.value).min().unwrap_or(0))
}

/// The latest hour sampled within the window (summed over enterprises).
pub fn latest_keyed(call: &mut Call<'_>, w: &Window, name: &str) -> PluginResult<Vec<(String, i64)>> {
    // Which hour was sampled last (a row per hour), then that hour's keys: two small reads at
    // any number of keys and hours.
    let hours =
        Rolled::new(&[name], w.first, w.now, w.granularity).all_enterprises(w.all).by_bucket().run(call.host)?;
    let Some(latest) = hours.iter().map(|c| c.bucket).max() else { return Ok(Vec::new()) };
    let rows = Rolled::new(&[name], latest, latest, w.granularity).all_enterprises(w.all).by_key().run(call.host)?;
    let mut keyed: Vec<(String, i64)> = rows.into_iter().filter(|c| c.value > 0).map(|c| (c.key, c.value)).collect();
    keyed.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(keyed)
}

/// The latest sample per bucket of the ten keys of `name` with most now (`latest`).
pub fn keyed_trend(
    call: &mut Call<'_>,
    w: &Window,
    zone: &console_plugin_sdk::rollup::Zone,
    name: &str,
    latest: &[(String, i64)],
) -> PluginResult<Vec<(String, Vec<Option<i64>>)>> {
    let top: Vec<&str> = latest.iter().take(TOP).map(|(v, _)| v.as_str()).collect();
    if top.is_empty() {
        return Ok(Vec::new());
    }
    let rows = Rolled::new(&[name], w.first, w.now, w.granularity)
        .keys(&top)
        .all_enterprises(w.all)
        .by_bucket()
        .by_key()
        .run(call.host)?;
    Ok(top
        .iter()
        .map(|key| {
            let points: Vec<(i64, i64)> = rows.iter().filter(|c| c.key == *key).map(|c| (c.bucket, c.value)).collect();
            let trend = gauge_series(&points, w.from, w.now, w.granularity, zone).into_iter().map(|(_, v)| v).collect();
            (key.to_string(), trend)
        })
        .collect())
}

/// `GET /overview`: the index page.
pub fn overview(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(overview_figures(call)?))
}

/// The figures `overview` answers.
pub fn overview_figures(call: &mut Call<'_>) -> PluginResult<Overview> {
    let (w, zone, time_zone) = window(call)?;
    let rows = Rolled::new(&CARDS, w.first, w.now, w.granularity).all_enterprises(w.all).by_bucket().run(call.host)?;
    let labels = gauge_series(&[], w.from, w.now, w.granularity, &zone).into_iter().map(|(b, _)| b.label).collect();
    let cards = CARDS
        .iter()
        .map(|name| {
            let points: Vec<(i64, i64)> =
                rows.iter().filter(|c| c.name == *name).map(|c| (c.bucket, c.value)).collect();
            let trend: Vec<Option<i64>> =
                gauge_series(&points, w.from, w.now, w.granularity, &zone).into_iter().map(|(_, v)| v).collect();
            let value = points.iter().max_by_key(|(hour, _)| *hour).map(|(_, v)| *v);
            let first = trend.iter().flatten().next().copied().unwrap_or(0);
            Card { name: name.to_string(), value, change: value.map_or(0, |v| v - first), trend }
        })
        .collect();
    let firmware = latest_keyed(call, &w, "firmware")?;
    let firmware_trend = keyed_trend(call, &w, &zone, "firmware", &firmware)?;
    let work_states = latest_keyed(call, &w, "work-state")?;
    Ok(Overview {
        range: w.range.clone(),
        granularity: w.granularity_name.clone(),
        time_zone,
        labels,
        cards,
        firmware,
        firmware_trend,
        work_states,
        taken_at: taken_at(call, w.all)?,
    })
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ranked {
    /// The enterprise's id in the enterprise ranking (0: the platform's own devices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enterprise_id: Option<i64>,
    pub name: String,
    pub devices: i64,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rankings {
    /// The ten enterprises with most devices (those sampled in the last two hours): for the
    /// platform acting for all of them only.
    pub enterprises: Vec<Ranked>,
    /// The ten product categories and models with most devices.
    pub categories: Vec<Ranked>,
    pub models: Vec<Ranked>,
    pub time_zone: String,
    pub taken_at: i64,
}

fn ranked(list: Vec<(String, i64)>) -> Vec<Ranked> {
    list.into_iter().take(TOP).map(|(name, devices)| Ranked { enterprise_id: None, name, devices }).collect()
}

/// `GET /rankings`: the enterprise page's top tens, from the latest snapshot in the range.
pub fn rankings(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(ranking_figures(call)?))
}

/// The figures `rankings` answers.
pub fn ranking_figures(call: &mut Call<'_>) -> PluginResult<Rankings> {
    let (w, _, time_zone) = window(call)?;
    let mut enterprises = Vec::new();
    if w.all {
        // The last two hours: every enterprise sampled each minute has a row there, and the
        // read stays a few rows per enterprise whatever the range.
        let recent = w.now - 2 * 3_600_000;
        let rows =
            Read::new(&["devices"], recent, w.now).all_enterprises(true).by_enterprise().by_bucket().run(call.host)?;
        let mut latest = BTreeMap::<i64, (i64, i64)>::new();
        for c in rows {
            let entry = latest.entry(c.enterprise).or_insert((c.bucket, c.value));
            if c.bucket >= entry.0 {
                *entry = (c.bucket, c.value);
            }
        }
        let mut by_devices: Vec<(i64, i64)> = latest.into_iter().map(|(id, (_, n))| (id, n)).collect();
        by_devices.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        by_devices.truncate(TOP);
        let ids: Vec<i64> = by_devices.iter().map(|(id, _)| *id).collect();
        let names = console_plugin_sdk::platform::enterprises(call.host, &ids).unwrap_or_default();
        enterprises = by_devices
            .into_iter()
            .map(|(id, devices)| Ranked {
                enterprise_id: Some(id),
                name: names.iter().find(|e| e.id == id).map(|e| e.name.clone()).unwrap_or_default(),
                devices,
            })
            .collect();
    }
    let categories = ranked(latest_keyed(call, &w, "category")?);
    let models = ranked(latest_keyed(call, &w, "model")?);
    Ok(Rankings { enterprises, categories, models, time_zone, taken_at: taken_at(call, w.all)? })
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppFigures {
    pub range: String,
    pub granularity: String,
    pub time_zone: String,
    pub labels: Vec<String>,
    /// App users and those active that day, the latest sample per bucket.
    pub users: Vec<Option<i64>>,
    pub active: Vec<Option<i64>>,
    /// Users by app version now, most first.
    pub versions: Vec<(String, i64)>,
    /// The ten versions with most users now, each per bucket.
    pub version_trend: Vec<(String, Vec<Option<i64>>)>,
    /// The newest version in use, and the share of users on it per bucket (percent): how a
    /// release is taken up.
    pub newest_version: String,
    pub adoption: Vec<Option<f64>>,
    pub phones: Vec<(String, i64)>,
    pub taken_at: i64,
}

/// Orders versions by their numbers (`1.10.0` after `1.9.2`), text after.
fn version_order(a: &str, b: &str) -> std::cmp::Ordering {
    let parts =
        |v: &str| -> Vec<u64> { v.split(|c: char| !c.is_ascii_digit()).filter_map(|p| p.parse().ok()).collect() };
    parts(a).cmp(&parts(b)).then_with(|| a.cmp(b))
}

/// `GET /apps`: the app's users, the versions they run and how the newest is taken up.
pub fn apps(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(app_figures(call)?))
}

/// The figures `apps` answers.
pub fn app_figures(call: &mut Call<'_>) -> PluginResult<AppFigures> {
    let (w, zone, time_zone) = window(call)?;
    let rows = Rolled::new(&["app:users", "app:active"], w.first, w.now, w.granularity)
        .all_enterprises(w.all)
        .by_bucket()
        .run(call.host)?;
    let trend = |name: &str| -> Vec<Option<i64>> {
        let points: Vec<(i64, i64)> = rows.iter().filter(|c| c.name == name).map(|c| (c.bucket, c.value)).collect();
        gauge_series(&points, w.from, w.now, w.granularity, &zone).into_iter().map(|(_, v)| v).collect()
    };
    let labels = gauge_series(&[], w.from, w.now, w.granularity, &zone).into_iter().map(|(b, _)| b.label).collect();
    let versions = latest_keyed(call, &w, "app-version")?;
    let version_trend = keyed_trend(call, &w, &zone, "app-version", &versions)?;
    let newest_version =
        versions.iter().map(|(v, _)| v.as_str()).max_by(|a, b| version_order(a, b)).unwrap_or("").to_string();
    let users = trend("app:users");
    let newest_rows = if newest_version.is_empty() {
        Vec::new()
    } else {
        Rolled::new(&["app-version"], w.first, w.now, w.granularity)
            .keys(&[&newest_version])
            .all_enterprises(w.all)
            .by_bucket()
            .run(call.host)?
    };
    let points: Vec<(i64, i64)> = newest_rows.iter().map(|c| (c.bucket, c.value)).collect();
    let on_newest = gauge_series(&points, w.from, w.now, w.granularity, &zone);
    let adoption = on_newest
        .iter()
        .zip(&users)
        .map(|((_, on), all)| match (on, all) {
            (Some(on), Some(all)) if *all > 0 => Some((*on as f64) * 100.0 / (*all as f64)),
            (None, Some(_)) => Some(0.0),
            _ => None,
        })
        .collect();
    Ok(AppFigures {
        range: w.range.clone(),
        granularity: w.granularity_name.clone(),
        time_zone,
        labels,
        active: trend("app:active"),
        users,
        versions,
        version_trend,
        newest_version,
        adoption,
        phones: latest_keyed(call, &w, "phone")?,
        taken_at: taken_at(call, w.all)?,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn versions_are_ordered_by_their_numbers() {
        let mut versions = vec!["1.10.0", "1.9.2", "2.0", "1.9.10", "beta"];
        versions.sort_by(|a, b| super::version_order(a, b));
        assert_eq!(versions, ["beta", "1.9.2", "1.9.10", "1.10.0", "2.0"]);
    }
}
