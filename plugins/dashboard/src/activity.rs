//! The device dashboard (/echartGroup/device): what devices said over a time range, by the
//! granularity asked, in the enterprise's time zone; the busiest products; how long reports took to
//! arrive. Read from the rollups alone, with how fresh they are.

use std::collections::BTreeMap;

use console_plugin_sdk::describe::QueryParam;
use console_plugin_sdk::rollup::series;
use console_plugin_sdk::{Call, PluginResult, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::rollups::{LATENCY, Rolled, cursor};

pub const QUERY: [QueryParam; 3] = [
    QueryParam::text("range", "1h, 3h, 1d, 3d, 7d, 30d, 60d or 90d (7d when not given)."),
    QueryParam::text("granularity", "hour, day, week, month or year (by the range when not given)."),
    QueryParam::text("productId", "One product's figures."),
];

/// Event types of the thing model.
pub const EVENT_TYPES: [&str; 3] = ["info", "alert", "fault"];
/// The busiest products shown: the top 10.
pub const TOP: usize = 10;

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Busiest {
    pub product_id: String,
    pub product_name: String,
    pub reports: i64,
    pub events: i64,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceActivity {
    pub range: String,
    pub granularity: String,
    pub time_zone: String,
    /// Bucket labels along the x axis.
    pub labels: Vec<String>,
    pub reports: Vec<i64>,
    /// Events by type (info, alert, fault), a series each.
    pub events: BTreeMap<String, Vec<i64>>,
    pub replies: Vec<i64>,
    pub busiest: Vec<Busiest>,
    /// Reports by how long they took to arrive, in [`LATENCY`] order.
    pub latency: Vec<(String, i64)>,
    /// Every report kept up to this time (Unix ms) is counted.
    pub counted_until: i64,
    /// The newest report counted (when it happened), 0 for none.
    pub newest_at: i64,
    /// Property reports per minute in each bucket (the last one's minutes so far).
    pub reports_per_minute: Vec<f64>,
    /// The fleet (every product, from the minute's snapshots): the share of devices online per
    /// bucket in percent, its work states now, and its ten commonest firmware versions per
    /// bucket (a stacked column).
    pub online_rate: Vec<Option<f64>>,
    pub work_states: Vec<(String, i64)>,
    pub firmware_trend: Vec<(String, Vec<Option<i64>>)>,
}

/// The granularity a range is shown in unless one is asked for.
pub fn default_granularity(range: &str) -> &'static str {
    match range {
        "1h" | "3h" | "1d" | "3d" => "hour",
        "60d" | "90d" => "week",
        _ => "day",
    }
}

/// A product to filter the figures by.
#[derive(Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductOption {
    pub product_id: String,
    pub product_name: String,
}

/// `GET /product-options`: the products the figures can be narrowed to.
pub fn product_options(call: &mut Call<'_>) -> PluginResult<Value> {
    let options: Vec<ProductOption> = services::get(call.host, "product-service", "/internal/model-options")?;
    Ok(json!(options))
}

/// `GET /device-activity`.
pub fn device(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(figures(call)?))
}

/// The figures of the range, granularity and product the query asks for.
pub fn figures(call: &mut Call<'_>) -> PluginResult<DeviceActivity> {
    let (w, zone, time_zone) = crate::overview::window(call)?;
    let crate::overview::Window { ref range, ref granularity_name, granularity, from, first, now, all } = w;
    let product = call.query("productId").filter(|p| !p.is_empty()).map(str::to_string);
    let keys: Vec<&str> = product.as_deref().into_iter().collect();
    // Without a product, the series and the latency read the counts over every product.
    let summed: Vec<&str> = vec![product.as_deref().unwrap_or(crate::rollups::ALL_PRODUCTS)];
    let mut names = vec!["reports", "replies"];
    let event_names: Vec<String> = EVENT_TYPES.iter().map(|t| format!("event:{t}")).collect();
    names.extend(event_names.iter().map(String::as_str));
    let hourly =
        Rolled::new(&names, first, now, granularity).keys(&summed).all_enterprises(all).by_bucket().run(call.host)?;
    let counts = |metric: &str| -> Vec<i64> {
        let points: Vec<(i64, i64)> = hourly.iter().filter(|c| c.name == metric).map(|c| (c.bucket, c.value)).collect();
        series(&points, from, now, granularity, &zone).into_iter().map(|(_, n)| n).collect()
    };
    let labels = series(&[], from, now, granularity, &zone).into_iter().map(|(b, _)| b.label).collect();
    let events = EVENT_TYPES.iter().map(|t| (t.to_string(), counts(&format!("event:{t}")))).collect();

    let per_product =
        crate::rollups::totals(call.host, &["reports", "events"], &keys, all, (first, now), granularity, &zone, true)?;
    let mut totals: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for counted in per_product.iter().filter(|c| c.key != crate::rollups::ALL_PRODUCTS) {
        let entry = totals.entry(counted.key.as_str()).or_default();
        match counted.name.as_str() {
            "reports" => entry.0 += counted.value,
            _ => entry.1 += counted.value,
        }
    }
    let mut ranked: Vec<(&str, (i64, i64))> = totals.into_iter().collect();
    ranked.sort_by(|a, b| (b.1.0 + b.1.1).cmp(&(a.1.0 + a.1.1)).then(a.0.cmp(b.0)));
    ranked.truncate(TOP);
    let names: Vec<ProductOption> = if ranked.is_empty() {
        Vec::new()
    } else {
        services::get(call.host, "product-service", "/internal/model-options").unwrap_or_default()
    };
    let busiest = ranked
        .into_iter()
        .map(|(id, (reports, events))| Busiest {
            product_id: id.to_string(),
            product_name: names
                .iter()
                .find(|p| p.product_id == id)
                .map_or_else(|| id.to_string(), |p| p.product_name.clone()),
            reports,
            events,
        })
        .collect();
    let latency_names: Vec<String> = LATENCY.iter().map(|(_, name)| format!("latency:{name}")).collect();
    let latency_read: Vec<&str> = latency_names.iter().map(String::as_str).collect();
    let waited =
        crate::rollups::totals(call.host, &latency_read, &summed, all, (first, now), granularity, &zone, false)?;
    let latency = LATENCY
        .iter()
        .map(|(_, name)| {
            let metric = format!("latency:{name}");
            (name.to_string(), waited.iter().filter(|c| c.name == metric).map(|c| c.value).sum())
        })
        .collect();
    let cursor = cursor(call.host)?.map(|d| d.data).unwrap_or_default();
    let reports = counts("reports");
    let starts: Vec<i64> = series(&[], from, now, granularity, &zone).into_iter().map(|(b, _)| b.start).collect();
    let reports_per_minute = starts
        .iter()
        .enumerate()
        .map(|(i, start)| {
            let end = starts.get(i + 1).copied().unwrap_or(now);
            let minutes = ((end - start.max(&from)) as f64 / 60_000.0).max(1.0);
            (reports.get(i).copied().unwrap_or(0) as f64 / minutes * 100.0).round() / 100.0
        })
        .collect();
    let fleet = Rolled::new(&["devices", "online"], w.first, w.now, granularity)
        .all_enterprises(all)
        .by_bucket()
        .run(call.host)?;
    let gauge = |name: &str| -> Vec<Option<i64>> {
        let points: Vec<(i64, i64)> = fleet.iter().filter(|c| c.name == name).map(|c| (c.bucket, c.value)).collect();
        console_plugin_sdk::rollup::gauge_series(&points, from, now, granularity, &zone)
            .into_iter()
            .map(|(_, v)| v)
            .collect()
    };
    let online_rate = gauge("online")
        .into_iter()
        .zip(gauge("devices"))
        .map(|(online, devices)| match (online, devices) {
            (Some(online), Some(devices)) if devices > 0 => {
                Some((online as f64 * 1000.0 / devices as f64).round() / 10.0)
            }
            _ => None,
        })
        .collect();
    let firmware = crate::overview::latest_keyed(call, &w, "firmware")?;
    let firmware_trend = crate::overview::keyed_trend(call, &w, &zone, "firmware", &firmware)?;
    let work_states = crate::overview::latest_keyed(call, &w, "work-state")?;
    Ok(DeviceActivity {
        range: range.clone(),
        granularity: granularity_name.clone(),
        time_zone,
        labels,
        reports,
        reports_per_minute,
        online_rate,
        work_states,
        firmware_trend,
        events,
        replies: counts("replies"),
        busiest,
        latency,
        counted_until: cursor.counted_until,
        newest_at: cursor.newest_at,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_range_has_a_granularity_of_its_own() {
        assert_eq!(super::default_granularity("3h"), "hour");
        assert_eq!(super::default_granularity("30d"), "day");
        assert_eq!(super::default_granularity("90d"), "week");
        for range in console_plugin_sdk::time::RANGES {
            assert!(!super::default_granularity(range).is_empty());
        }
    }
}
