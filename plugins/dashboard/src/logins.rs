//! The device-log dashboard (/echartGroup/device-log): devices' logins and logouts
//! and app users' bindings and unbindings, counted as they are kept (with the reports, by the
//! `rollup` schedule, from the device plugin's `/internal/logs/since`) by result, app version,
//! phone system and country, and shown over a range.

use std::collections::BTreeMap;

use console_plugin_sdk::counters;
use console_plugin_sdk::rollup::{Zone, hour_key, series};
use console_plugin_sdk::{Call, Host, PluginResult, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::overview::window;
use crate::rollups::Rolled;

/// The kinds counted (the device plugin's).
pub const KINDS: [&str; 4] = ["login", "logout", "bind", "unbind"];
/// What each kind is counted by: its counter names are `log:<kind>:<by>`.
pub const BY: [&str; 4] = ["result", "app", "phone", "country"];
/// Logs read per request, and requests per run.
const PAGE: u32 = 1000;
const PAGES_PER_RUN: usize = 5;
const TOP: usize = 10;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Log {
    pub kind: String,
    pub result: String,
    pub app_version: String,
    pub phone_system: String,
    pub country: String,
    pub at: i64,
    pub kept_at: i64,
}

#[derive(Deserialize)]
struct LogPage {
    list: Vec<Log>,
    read: usize,
    last: Option<i64>,
}

/// Every counter name of the logs.
pub fn names() -> Vec<String> {
    KINDS.iter().flat_map(|kind| BY.iter().map(move |by| format!("log:{kind}:{by}"))).collect()
}

/// The logs kept after `after` up to `until`: the logs, the id to go on after, whether every
/// log up to `until` was read.
pub fn pull(host: &mut dyn Host, after: i64, until: i64) -> PluginResult<(Vec<Log>, i64, bool)> {
    let (mut logs, mut last) = (Vec::new(), after);
    for _ in 0..PAGES_PER_RUN {
        let body = json!({ "after": last, "until": until, "limit": PAGE });
        let page: LogPage = services::post(host, "device-service", "/internal/logs/since", &body)?;
        last = page.last.unwrap_or(last);
        logs.extend(page.list);
        if page.read < PAGE as usize {
            return Ok((logs, last, true));
        }
    }
    Ok((logs, last, false))
}

/// A device's or app's words as a counter key: no control characters, at most 64 characters.
fn key(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(64).collect()
}

/// The counters the logs add to, by local hour.
pub fn tally(logs: &[Log], zone: &Zone) -> Vec<counters::Counter> {
    let mut sums = BTreeMap::<(String, i64, String), i64>::new();
    for log in logs.iter().filter(|l| KINDS.contains(&l.kind.as_str())) {
        let hour = hour_key(log.at.min(log.kept_at), zone);
        for (by, value) in BY.iter().zip([&log.result, &log.app_version, &log.phone_system, &log.country]) {
            *sums.entry((format!("log:{}:{by}", log.kind), hour, key(value))).or_default() += 1;
        }
    }
    sums.into_iter().map(|((name, hour, key), n)| counters::counter(&name, hour, &key, n)).collect()
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindFigures {
    /// `login`, `logout`, `bind` or `unbind`.
    pub kind: String,
    pub succeeded: Vec<i64>,
    pub failed: Vec<i64>,
    pub total: i64,
    pub failures: i64,
    /// The ten app versions, phone systems and countries with most, most first.
    pub by_app: Vec<(String, i64)>,
    pub by_phone: Vec<(String, i64)>,
    pub by_country: Vec<(String, i64)>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogFigures {
    pub range: String,
    pub granularity: String,
    pub time_zone: String,
    pub labels: Vec<String>,
    pub kinds: Vec<KindFigures>,
    pub counted_until: i64,
}

/// `GET /device-logs`.
pub fn figures(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(log_figures(call)?))
}

/// The figures `figures` answers.
pub fn log_figures(call: &mut Call<'_>) -> PluginResult<LogFigures> {
    let (w, zone, time_zone) = window(call)?;
    let result_names: Vec<String> = KINDS.iter().map(|k| format!("log:{k}:result")).collect();
    let names: Vec<&str> = result_names.iter().map(String::as_str).collect();
    let by_result = Rolled::new(&names, w.first, w.now, w.granularity)
        .all_enterprises(w.all)
        .by_bucket()
        .by_key()
        .run(call.host)?;
    let other: Vec<String> =
        KINDS.iter().flat_map(|k| ["app", "phone", "country"].map(|by| format!("log:{k}:{by}"))).collect();
    let other_names: Vec<&str> = other.iter().map(String::as_str).collect();
    let by_other =
        Rolled::new(&other_names, w.first, w.now, w.granularity).all_enterprises(w.all).by_key().run(call.host)?;
    let labels = series(&[], w.from, w.now, w.granularity, &zone).into_iter().map(|(b, _)| b.label).collect();
    let kinds = KINDS
        .iter()
        .map(|kind| {
            let name = format!("log:{kind}:result");
            let of = |ok: bool| -> Vec<i64> {
                let points: Vec<(i64, i64)> = by_result
                    .iter()
                    .filter(|c| c.name == name && (c.key == "success") == ok)
                    .map(|c| (c.bucket, c.value))
                    .collect();
                series(&points, w.from, w.now, w.granularity, &zone).into_iter().map(|(_, n)| n).collect()
            };
            let top = |by: &str| -> Vec<(String, i64)> {
                let name = format!("log:{kind}:{by}");
                let mut list: Vec<(String, i64)> =
                    by_other.iter().filter(|c| c.name == name).map(|c| (c.key.clone(), c.value)).collect();
                list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                list.truncate(TOP);
                list
            };
            let (succeeded, failed) = (of(true), of(false));
            let failures: i64 = failed.iter().sum();
            KindFigures {
                kind: kind.to_string(),
                total: succeeded.iter().sum::<i64>() + failures,
                failures,
                succeeded,
                failed,
                by_app: top("app"),
                by_phone: top("phone"),
                by_country: top("country"),
            }
        })
        .collect();
    let cursor = crate::rollups::cursor(call.host)?.map(|d| d.data).unwrap_or_default();
    Ok(LogFigures {
        range: w.range.clone(),
        granularity: w.granularity_name.clone(),
        time_zone,
        labels,
        kinds,
        counted_until: cursor.counted_until,
    })
}
