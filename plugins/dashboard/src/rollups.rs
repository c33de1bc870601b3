//! Rollups: counts per (local hour, product, metric), kept as reports arrive. A schedule reads
//! the reports the device plugin kept since its cursor (a record id), a few thousand at a time,
//! and adds them to the host's counters (contract 0.1.14) in one transaction with the cursor, so
//! each report counts exactly once. A page view reads the counters only, never the reports.
//!
//! A report counts in the hour it happened (the device's clock): one that arrives late adds to
//! its own hour. Only reports kept at least [`SETTLE_MS`] ago are read: on PostgreSQL a record
//! id is taken before its transaction commits, so a newer id can be visible before an older one.
//! `POST /rebuild` counts everything again from the reports (after a time-zone change, or to
//! check the figures).

use std::collections::BTreeMap;

use console_plugin_sdk::counters::Read;
use console_plugin_sdk::rollup::{Granularity, Zone, hour_key};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginResult, Query, Value, counters, json, services};
use serde::{Deserialize, Serialize};

/// How long a kept report waits before it is counted (see the module's note).
pub const SETTLE_MS: i64 = 10_000;
/// Reports read per request, and requests per run of the schedule.
const PAGE: u32 = 1000;
const PAGES_PER_RUN: usize = 5;
const DEVICE_SERVICE: &str = "device-service";
/// A device clock ahead of the platform by more than this counts at the time it was kept.
const CLOCK_AHEAD_MS: i64 = 5 * 60_000;

/// Upper bounds of the report-latency histogram (kept minus happened), and its names.
pub const LATENCY: [(i64, &str); 5] =
    [(1_000, "lt1s"), (5_000, "1to5s"), (30_000, "5to30s"), (300_000, "30sto5m"), (i64::MAX, "gt5m")];

/// The rollups' counter names: `reports`, `events`, `event:<type>`, `replies`,
/// `latency:<bucket>` and `errors`, each by local hour (its start, Unix ms) and product (the
/// key); `error:code` and `error:firmware` by product and code or firmware version.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = ["reports", "events", "replies", "errors", "error:code", "error:firmware"]
        .into_iter()
        .map(String::from)
        .collect();
    names.extend(crate::activity::EVENT_TYPES.iter().map(|t| format!("event:{t}")));
    names.extend(LATENCY.iter().map(|(_, name)| format!("latency:{name}")));
    names.extend(crate::logins::names());
    let days: Vec<String> = names.iter().map(|n| format!("{n}{DAY}")).collect();
    names.extend(days);
    names
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Cursor {
    /// The last report id counted.
    pub after: i64,
    /// The last device log id counted (logins, logouts, bindings: `logins`).
    pub logs_after: i64,
    /// Every report kept up to this time is counted: how fresh the figures are.
    pub counted_until: i64,
    /// The newest report counted (when it happened).
    pub newest_at: i64,
}

const CURSOR: Collection<Cursor> = Collection::new("cursor");

/// A report as the device plugin answers it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Kept {
    id: i64,
    product_id: String,
    kind: String,
    event_type: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    firmware_version: String,
    at: i64,
    kept_at: i64,
}

#[derive(Deserialize)]
struct KeptPage {
    list: Vec<Kept>,
}

pub fn cursor(host: &mut dyn Host) -> PluginResult<Option<Doc<Cursor>>> {
    Ok(CURSOR.query(host, &Query::new().page(1, 1))?.list.into_iter().next())
}

/// The event type the error analysis counts (a fault is an error).
pub const ERROR_TYPE: &str = "fault";

/// A device's words as part of a counter key: no control characters, at most 64 characters
/// (the host refuses a longer key, and one refused key would stop the rollup for good).
fn key_part(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(64).collect()
}

/// The counters one report adds one to: (name, key). Most are keyed by product; an error also
/// by product and code, and by product and firmware version (`product/code`).
fn metrics(report: &Kept) -> Vec<(String, String)> {
    let product = || report.product_id.clone();
    let mut names = match report.kind.as_str() {
        "property" => vec![("reports".to_string(), product())],
        "event" => vec![("events".to_string(), product()), (format!("event:{}", report.event_type), product())],
        "reply" => vec![("replies".to_string(), product())],
        _ => Vec::new(),
    };
    if report.kind == "event" && report.event_type == ERROR_TYPE {
        names.push(("errors".into(), product()));
        let product = key_part(&report.product_id);
        names.push(("error:code".into(), format!("{product}/{}", key_part(&report.code))));
        names.push(("error:firmware".into(), format!("{product}/{}", key_part(&report.firmware_version))));
    }
    let waited = (report.kept_at - report.at).max(0);
    if let Some((_, name)) = LATENCY.iter().find(|(bound, _)| waited < *bound) {
        names.push((format!("latency:{name}"), product()));
    }
    names
}

/// The key of a metric's count over every product: the device page's series without a product
/// filter read one row per hour, not one per product.
pub const ALL_PRODUCTS: &str = "*";

/// The metrics also counted under [`ALL_PRODUCTS`].
pub fn summed(metric: &str) -> bool {
    matches!(metric, "reports" | "replies") || metric.starts_with("event:") || metric.starts_with("latency:")
}

/// Adds `reports` up by (local hour, key, metric).
fn tally(reports: &[Kept], zone: &Zone) -> BTreeMap<(i64, String, String), i64> {
    let mut sums = BTreeMap::new();
    for report in reports {
        let at = if report.at > report.kept_at + CLOCK_AHEAD_MS { report.kept_at } else { report.at };
        let hour = hour_key(at, zone);
        for (metric, key) in metrics(report) {
            if summed(&metric) {
                *sums.entry((hour, ALL_PRODUCTS.to_string(), metric.clone())).or_insert(0) += 1;
            }
            *sums.entry((hour, key, metric)).or_insert(0) += 1;
        }
    }
    sums
}

/// The `rollup` schedule: counts what was kept since the cursor; how many reports.
pub fn run(host: &mut dyn Host) -> PluginResult<usize> {
    let zone = crate::settings::zone(host)?;
    let current = cursor(host)?;
    let mut state = current.as_ref().map(|d| d.data.clone()).unwrap_or_default();
    let until = host.now_ms() - SETTLE_MS;
    let mut reports: Vec<Kept> = Vec::new();
    for _ in 0..PAGES_PER_RUN {
        let after = reports.last().map_or(state.after, |r| r.id);
        let body = json!({ "after": after, "until": until, "limit": PAGE });
        let page: KeptPage = services::post(host, DEVICE_SERVICE, "/internal/reports/since", &body)?;
        let full = page.list.len() == PAGE as usize;
        reports.extend(page.list);
        if !full {
            break;
        }
    }
    let (logs, logs_after, logs_caught_up) = crate::logins::pull(host, state.logs_after, until)?;
    let mut sums: Vec<_> = tally(&reports, &zone)
        .into_iter()
        .map(|((hour, product_id, metric), count)| counters::counter(&metric, hour, &product_id, count))
        .collect();
    sums.extend(crate::logins::tally(&logs, &zone));
    let days = by_day(&sums, &zone);
    sums.extend(days);
    counters::add(host, &sums)?;
    state.logs_after = logs_after;
    if let Some(last) = reports.last() {
        state.after = last.id;
        state.newest_at =
            reports.iter().map(|r| r.at.min(r.kept_at + CLOCK_AHEAD_MS)).max().unwrap_or(0).max(state.newest_at);
    }
    // Caught up when a run read less than it could: everything kept up to `until` is counted.
    if reports.len() < PAGE as usize * PAGES_PER_RUN && logs_caught_up {
        state.counted_until = until;
    }
    match current {
        Some(doc) => CURSOR.update(host, &doc.id, &state, None)?,
        None => CURSOR.insert(host, &state)?,
    };
    if !reports.is_empty() || !logs.is_empty() {
        host.publish("dashboard.rolled-up", &json!({ "countedUntil": state.counted_until }).to_string())
            .map_err(console_plugin_sdk::PluginError::internal)?;
    }
    Ok(reports.len())
}

/// The suffix of a rollup counter's stored days: a page by the day, week, month or year reads
/// 24 times fewer rows than by the hour.
pub const DAY: &str = "/day";

/// The same counts by local day (`<name>/day`, bucket the day's start).
fn by_day(hourly: &[counters::Counter], zone: &Zone) -> Vec<counters::Counter> {
    let mut days = BTreeMap::<(String, i64, String), i64>::new();
    for c in hourly {
        let day =
            console_plugin_sdk::rollup::bucket_start(c.bucket, console_plugin_sdk::rollup::Granularity::Day, zone);
        *days.entry((format!("{}{DAY}", c.name), day, c.key.clone())).or_default() += c.value;
    }
    days.into_iter().map(|((name, day, key), n)| counters::counter(&name, day, &key, n)).collect()
}

/// A read of rollup counters for a page shown by `granularity`: the hours for an hourly page,
/// else the stored days. The names answered are the rollup's own (without the suffix).
pub struct Rolled {
    read: Read,
    daily: bool,
}

impl Rolled {
    pub fn new(names: &[&str], from: i64, to: i64, granularity: Granularity) -> Self {
        let daily = granularity != Granularity::Hour;
        let stored: Vec<String> =
            names.iter().map(|n| if daily { format!("{n}{DAY}") } else { n.to_string() }).collect();
        let refs: Vec<&str> = stored.iter().map(String::as_str).collect();
        Rolled { read: Read::new(&refs, from, to), daily }
    }
    pub fn keys(self, keys: &[&str]) -> Self {
        Rolled { read: self.read.keys(keys), ..self }
    }
    pub fn all_enterprises(self, all: bool) -> Self {
        Rolled { read: self.read.all_enterprises(all), ..self }
    }
    pub fn by_bucket(self) -> Self {
        Rolled { read: self.read.by_bucket(), ..self }
    }
    pub fn by_key(self) -> Self {
        Rolled { read: self.read.by_key(), ..self }
    }
    pub fn run(&self, host: &mut dyn Host) -> PluginResult<Vec<console_plugin_sdk::counters::Counted>> {
        let mut rows = self.read.run(host)?;
        if self.daily {
            for row in &mut rows {
                if let Some(name) = row.name.strip_suffix(DAY) {
                    row.name = name.to_string();
                }
            }
        }
        Ok(rows)
    }
}

/// Totals over `first..=now` (summed over buckets, by key when asked) for a page in
/// `granularity`. By the hour, the whole local days between are read as stored days and only
/// the first and last day's hours as hours: exact, and a week by the hour reads two days of
/// hours rather than seven.
#[allow(clippy::too_many_arguments)]
pub fn totals(
    host: &mut dyn Host,
    names: &[&str],
    keys: &[&str],
    all: bool,
    (first, now): (i64, i64),
    granularity: Granularity,
    zone: &Zone,
    by_key: bool,
) -> PluginResult<Vec<console_plugin_sdk::counters::Counted>> {
    let read = |from: i64, to: i64, granularity: Granularity, host: &mut dyn Host| {
        let read = Rolled::new(names, from, to, granularity).keys(keys).all_enterprises(all);
        if by_key { read.by_key() } else { read }.run(host)
    };
    let day_of = |ms: i64| console_plugin_sdk::rollup::bucket_start(ms, Granularity::Day, zone);
    // A local day lasts 23 to 25 hours: 26 hours after a day's start is in the next day.
    let next_day = if day_of(first) == first { first } else { day_of(day_of(first) + 26 * 3_600_000) };
    let today = day_of(now);
    if granularity != Granularity::Hour || next_day >= today {
        return read(first, now, granularity, host);
    }
    let mut rows = read(first, next_day - 1, Granularity::Hour, host)?;
    rows.extend(read(next_day, today - 1, Granularity::Day, host)?);
    rows.extend(read(today, now, Granularity::Hour, host)?);
    let mut sums = BTreeMap::<(String, String), i64>::new();
    for row in rows {
        *sums.entry((row.name, row.key)).or_default() += row.value;
    }
    Ok(sums
        .into_iter()
        .map(|((name, key), value)| console_plugin_sdk::counters::Counted {
            enterprise: 0,
            name,
            bucket: 0,
            key,
            value,
        })
        .collect())
}

/// What `POST /rollup` answers: how many reports one run counted.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct RolledUp {
    pub counted: usize,
}

/// `POST /rollup`: one run of the schedule now (what has settled), rather than within 10 s.
pub fn run_now(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(RolledUp { counted: run(call.host)? }))
}

/// Forgets every count: the schedule counts all the reports again from the first.
pub fn clear(host: &mut dyn Host) -> PluginResult<()> {
    counters::clear(host, &names(), i64::MIN, i64::MAX)?;
    if let Some(doc) = cursor(host)? {
        CURSOR.update(host, &doc.id, &Cursor::default(), None)?;
    }
    Ok(())
}

/// What `POST /rebuild` answers: the counts are gone, the schedule counts again from the first.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Rebuilding {
    pub rebuilding: bool,
}

/// `POST /rebuild`.
pub fn rebuild(call: &mut Call<'_>) -> PluginResult<Value> {
    clear(call.host)?;
    call.host.audit("Rebuild the dashboards' rollups", "");
    Ok(json!(Rebuilding { rebuilding: true }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(id: i64, kind: &str, event_type: &str, at: i64, kept_at: i64) -> Kept {
        let (code, firmware_version) = ("E7".into(), "1.2.0".into());
        Kept {
            id,
            product_id: "p1".into(),
            kind: kind.into(),
            event_type: event_type.into(),
            code,
            firmware_version,
            at,
            kept_at,
        }
    }

    #[test]
    fn a_report_counts_in_its_kind_and_its_latency_and_a_clock_ahead_counts_when_kept() {
        let hour = 1_767_225_600_000;
        let sums = tally(
            &[
                kept(1, "property", "", hour + 10, hour + 510),
                kept(2, "event", "fault", hour + 20, hour + 40_020),
                kept(3, "property", "", hour + 7_200_000, hour + 60),
            ],
            &Zone::utc(),
        );
        let at = |metric: &str| sums.get(&(hour, "p1".to_string(), metric.to_string())).copied();
        assert_eq!(at("reports"), Some(2), "the one from a clock two hours ahead counts when kept");
        assert_eq!((at("events"), at("event:fault")), (Some(1), Some(1)));
        assert_eq!((at("latency:lt1s"), at("latency:30sto5m")), (Some(2), Some(1)));
        assert_eq!(at("errors"), Some(1), "a fault is an error");
        assert_eq!(sums.get(&(hour, "p1/E7".to_string(), "error:code".to_string())), Some(&1));
        assert_eq!(sums.get(&(hour, "p1/1.2.0".to_string(), "error:firmware".to_string())), Some(&1));
    }

    #[test]
    fn a_devices_code_is_kept_to_a_key_the_host_takes() {
        let mut report = kept(1, "event", ERROR_TYPE, 0, 0);
        report.code = format!("E\u{0}\n{}", "x".repeat(500));
        let (_, key) = metrics(&report).into_iter().find(|(name, _)| name == "error:code").expect("a code");
        assert!(key.len() <= 200 && !key.chars().any(char::is_control), "{key}");
    }
}
