//! Time buckets of dashboard rollups (granularity hour, day, week, month and year
//! over the ranges of [`crate::time::RANGES`]) in an enterprise's time zone.
//!
//! Counts are kept per *local hour* of the enterprise's zone, keyed by the instant that hour
//! began (Unix ms). In a whole-hour zone that is the UTC hour; in Asia/Kolkata (+05:30) it is
//! half past; on the night the clocks go back, the repeated local hour is two keys (two
//! instants), so nothing is counted twice or lost, and the day has 25 hours. Days, ISO weeks
//! (from Monday), months and years are sums of the local hours that begin in them, derived when
//! read, never stored: a report that arrives late adds to its own hour and every coarser bucket
//! follows.
//!
//! Needs the `time-zones` feature (the time-zone database, bundled into the plugin).

use std::collections::BTreeMap;

use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan, Zoned};

use crate::error::{PluginError, PluginResult};

const HOUR_MS: i64 = crate::time::HOUR_MS;
/// A series has at most this many buckets (90 days by the hour is 2,160).
pub const MAX_BUCKETS: usize = 5_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Granularity {
    Hour,
    Day,
    Week,
    Month,
    Year,
}

impl Granularity {
    pub const NAMES: [&'static str; 5] = ["hour", "day", "week", "month", "year"];

    /// One of [`Granularity::NAMES`]; anything else is a 400 on `field`.
    pub fn parse(field: &str, text: &str) -> PluginResult<Granularity> {
        Ok(match text {
            "hour" => Granularity::Hour,
            "day" => Granularity::Day,
            "week" => Granularity::Week,
            "month" => Granularity::Month,
            "year" => Granularity::Year,
            _ => return Err(PluginError::format_values(field, &Self::NAMES.join(", "))),
        })
    }
}

/// An enterprise's time zone.
#[derive(Debug, Clone)]
pub struct Zone(TimeZone);

impl Zone {
    pub fn utc() -> Zone {
        Zone(TimeZone::UTC)
    }

    /// An IANA zone (`Europe/Berlin`); anything else is a 400 on `field`.
    pub fn named(field: &str, name: &str) -> PluginResult<Zone> {
        TimeZone::get(name).map(Zone).map_err(|_| {
            PluginError::format(
                field,
                [
                    "IANA 时区名，如 Asia/Shanghai",
                    "an IANA time zone such as Europe/Berlin",
                    "eine IANA-Zeitzone wie Europe/Berlin",
                    "una zona horaria IANA como Europe/Madrid",
                    "un fuseau horaire IANA comme Europe/Paris",
                    "um fuso horário IANA como Europe/Lisbon",
                    "часовой пояс IANA, например Europe/Moscow",
                ],
            )
        })
    }

    fn at(&self, ms: i64) -> Zoned {
        Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(self.0.clone())
    }

    fn start_of(&self, date: jiff::civil::Date) -> i64 {
        // The first instant of the day there (a day the clocks skip midnight begins later).
        date.to_zoned(self.0.clone()).map_or(0, |z| z.timestamp().as_millisecond())
    }
}

/// The key of the local hour `ms` falls in: the instant that hour began.
pub fn hour_key(ms: i64, zone: &Zone) -> i64 {
    let offset_ms = i64::from(zone.0.to_offset(Timestamp::from_millisecond(ms).unwrap_or_default()).seconds()) * 1000;
    (ms + offset_ms).div_euclid(HOUR_MS) * HOUR_MS - offset_ms
}

/// The instant the bucket of `granularity` that `ms` falls in began, in `zone`.
pub fn bucket_start(ms: i64, granularity: Granularity, zone: &Zone) -> i64 {
    let date = zone.at(ms).date();
    match granularity {
        Granularity::Hour => hour_key(ms, zone),
        Granularity::Day => zone.start_of(date),
        Granularity::Week => {
            let monday = date.checked_sub(i64::from(date.weekday().to_monday_zero_offset()).days()).unwrap_or(date);
            zone.start_of(monday)
        }
        Granularity::Month => zone.start_of(date.first_of_month()),
        Granularity::Year => zone.start_of(date.first_of_year()),
    }
}

/// The start of the bucket after the one beginning at `start`.
fn next_start(start: i64, granularity: Granularity, zone: &Zone) -> i64 {
    let date = zone.at(start).date();
    let after = match granularity {
        Granularity::Hour => return hour_key(start + HOUR_MS, zone).max(start + 1),
        Granularity::Day => date.checked_add(1.day()),
        Granularity::Week => date.checked_add(1.week()),
        Granularity::Month => date.first_of_month().checked_add(1.month()),
        Granularity::Year => date.first_of_year().checked_add(1.year()),
    };
    after.map_or(i64::MAX, |d| zone.start_of(d))
}

/// How a bucket is named on a chart: `2026-03-29 02:00`, `2026-03-29`, `2026-W13` (the ISO
/// week), `2026-03`, `2026`.
pub fn label(start: i64, granularity: Granularity, zone: &Zone) -> String {
    let at = zone.at(start);
    match granularity {
        Granularity::Hour => at.strftime("%Y-%m-%d %H:%M").to_string(),
        Granularity::Day => at.strftime("%Y-%m-%d").to_string(),
        Granularity::Week => {
            let week = at.date().iso_week_date();
            format!("{}-W{:02}", week.year(), week.week())
        }
        Granularity::Month => at.strftime("%Y-%m").to_string(),
        Granularity::Year => at.strftime("%Y").to_string(),
    }
}

/// One bucket of a series.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bucket {
    pub start: i64,
    pub label: String,
}

/// The buckets from the one `from` falls in to the one `to` falls in, at most [`MAX_BUCKETS`].
/// The local hour the clocks repeat is named twice: the second time with its UTC offset.
pub fn buckets(from: i64, to: i64, granularity: Granularity, zone: &Zone) -> Vec<Bucket> {
    let mut list: Vec<Bucket> = Vec::new();
    let mut start = bucket_start(from, granularity, zone);
    while start <= to && list.len() < MAX_BUCKETS {
        let mut name = label(start, granularity, zone);
        if list.last().is_some_and(|b| b.label == name) {
            name = format!("{name} {}", zone.at(start).strftime("%:z"));
        }
        list.push(Bucket { start, label: name });
        start = next_start(start, granularity, zone);
    }
    list
}

/// Sums the counts of local hours (`(hour key, count)`, in any order, a key more than once if
/// late reports added to it) into the buckets from `from` to `to`; hours outside are left out.
pub fn series(hourly: &[(i64, i64)], from: i64, to: i64, granularity: Granularity, zone: &Zone) -> Vec<(Bucket, i64)> {
    let list = buckets(from, to, granularity, zone);
    let (Some(first), Some(last)) = (list.first(), list.last()) else { return Vec::new() };
    let end = next_start(last.start, granularity, zone);
    let mut sums: BTreeMap<i64, i64> = BTreeMap::new();
    for &(hour, count) in hourly {
        if hour >= first.start && hour < end {
            *sums.entry(bucket_start(hour, granularity, zone)).or_default() += count;
        }
    }
    list.into_iter()
        .map(|b| {
            let sum = sums.get(&b.start).copied().unwrap_or(0);
            (b, sum)
        })
        .collect()
}

/// A gauge (devices online, users) sampled by the hour, per bucket: the latest sample within
/// each, `None` for a bucket without one. `hourly` holds (hour start, value).
pub fn gauge_series(
    hourly: &[(i64, i64)],
    from: i64,
    to: i64,
    granularity: Granularity,
    zone: &Zone,
) -> Vec<(Bucket, Option<i64>)> {
    let list = buckets(from, to, granularity, zone);
    let (Some(first), Some(last)) = (list.first(), list.last()) else { return Vec::new() };
    let end = next_start(last.start, granularity, zone);
    let mut latest: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for &(hour, value) in hourly {
        if hour >= first.start && hour < end {
            let entry = latest.entry(bucket_start(hour, granularity, zone)).or_insert((hour, value));
            if hour >= entry.0 {
                *entry = (hour, value);
            }
        }
    }
    list.into_iter()
        .map(|b| {
            let value = latest.get(&b.start).map(|(_, v)| *v);
            (b, value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> i64 {
        text.parse::<Timestamp>().expect("an instant").as_millisecond()
    }

    fn zone(name: &str) -> Zone {
        Zone::named("timeZone", name).expect("a zone")
    }

    #[test]
    fn the_spring_day_has_23_hours_and_the_autumn_day_25_each_counted_once() {
        let berlin = zone("Europe/Berlin");
        let spring = buckets(ms("2026-03-28T23:00:00Z"), ms("2026-03-29T21:59:59Z"), Granularity::Hour, &berlin);
        assert_eq!(spring.len(), 23);
        assert!(!spring.iter().any(|b| b.label == "2026-03-29 02:00"), "02:00 does not exist that night");
        let day = buckets(ms("2026-03-29T12:00:00Z"), ms("2026-03-29T12:00:00Z"), Granularity::Day, &berlin);
        assert_eq!(day[0].start, ms("2026-03-28T23:00:00Z"));
        assert_eq!(next_start(day[0].start, Granularity::Day, &berlin) - day[0].start, 23 * HOUR_MS);

        let autumn = buckets(ms("2026-10-24T22:00:00Z"), ms("2026-10-25T22:59:59Z"), Granularity::Hour, &berlin);
        assert_eq!(autumn.len(), 25);
        let twice: Vec<&str> =
            autumn.iter().filter(|b| b.label.starts_with("2026-10-25 02:00")).map(|b| b.label.as_str()).collect();
        assert_eq!(twice, ["2026-10-25 02:00", "2026-10-25 02:00 +01:00"], "the repeated hour told apart");
        // One report in each of the repeated hours: two keys, both in the day's sum.
        let hourly =
            [(hour_key(ms("2026-10-25T00:30:00Z"), &berlin), 1), (hour_key(ms("2026-10-25T01:30:00Z"), &berlin), 1)];
        assert_ne!(hourly[0].0, hourly[1].0);
        let days = series(&hourly, ms("2026-10-25T10:00:00Z"), ms("2026-10-25T10:00:00Z"), Granularity::Day, &berlin);
        assert_eq!((days[0].0.label.as_str(), days[0].1), ("2026-10-25", 2));
    }

    #[test]
    fn a_gauge_shows_its_latest_sample_in_each_bucket_and_none_where_it_was_not_sampled() {
        let berlin = zone("Europe/Berlin");
        let hour = |text: &str| hour_key(ms(text), &berlin);
        // Sampled on Monday at 09:00 and 17:00 (local), not on Tuesday, on Wednesday at 08:00.
        let samples = [
            (hour("2026-06-01T15:10:00Z"), 40),
            (hour("2026-06-01T07:10:00Z"), 10),
            (hour("2026-06-03T06:10:00Z"), 55),
        ];
        let days =
            gauge_series(&samples, ms("2026-06-01T12:00:00Z"), ms("2026-06-03T12:00:00Z"), Granularity::Day, &berlin);
        let shown: Vec<(&str, Option<i64>)> = days.iter().map(|(b, v)| (b.label.as_str(), *v)).collect();
        assert_eq!(shown, [("2026-06-01", Some(40)), ("2026-06-02", None), ("2026-06-03", Some(55))]);
        // The same samples summed would be 50 on Monday: a gauge is not a count.
        assert_eq!(
            series(&samples, ms("2026-06-01T12:00:00Z"), ms("2026-06-01T12:00:00Z"), Granularity::Day, &berlin)[0].1,
            50
        );
    }

    #[test]
    fn a_half_hour_zone_keys_its_hours_at_half_past_and_its_days_at_its_own_midnight() {
        let kolkata = zone("Asia/Kolkata");
        assert_eq!(hour_key(ms("2026-05-01T10:10:00Z"), &kolkata), ms("2026-05-01T09:30:00Z"));
        let before = hour_key(ms("2026-05-01T18:29:00Z"), &kolkata);
        let after = hour_key(ms("2026-05-01T18:30:00Z"), &kolkata);
        let days = series(
            &[(before, 3), (after, 4)],
            ms("2026-05-01T00:00:00Z"),
            ms("2026-05-02T12:00:00Z"),
            Granularity::Day,
            &kolkata,
        );
        let named: Vec<(&str, i64)> = days.iter().map(|(b, n)| (b.label.as_str(), *n)).collect();
        assert_eq!(named, [("2026-05-01", 3), ("2026-05-02", 4)], "23:59 and 00:00 there");
    }

    #[test]
    fn weeks_are_iso_weeks_from_monday_and_months_follow_the_local_calendar() {
        let shanghai = zone("Asia/Shanghai");
        // Thursday 1 January 2026 is in ISO week 1, which began on Monday 29 December 2025.
        let week = buckets(ms("2026-01-01T04:00:00Z"), ms("2026-01-01T04:00:00Z"), Granularity::Week, &shanghai);
        assert_eq!((week[0].start, week[0].label.as_str()), (ms("2025-12-28T16:00:00Z"), "2026-W01"));
        let weeks = buckets(ms("2026-01-01T04:00:00Z"), ms("2026-01-20T04:00:00Z"), Granularity::Week, &shanghai);
        assert_eq!(
            weeks.iter().map(|b| b.label.as_str()).collect::<Vec<_>>(),
            ["2026-W01", "2026-W02", "2026-W03", "2026-W04"]
        );
        // 31 January 23:30 UTC is 1 February there.
        let late_january = ms("2026-01-31T23:30:00Z");
        assert_eq!(
            label(bucket_start(late_january, Granularity::Month, &shanghai), Granularity::Month, &shanghai),
            "2026-02"
        );
        assert_eq!(
            label(bucket_start(late_january, Granularity::Month, &Zone::utc()), Granularity::Month, &Zone::utc()),
            "2026-01"
        );
        let years = buckets(ms("2025-06-01T00:00:00Z"), ms("2026-06-01T00:00:00Z"), Granularity::Year, &shanghai);
        assert_eq!(years.iter().map(|b| b.label.as_str()).collect::<Vec<_>>(), ["2025", "2026"]);
    }

    #[test]
    fn a_late_report_adds_to_its_own_hour_and_every_coarser_bucket_follows() {
        let berlin = zone("Europe/Berlin");
        let monday = ms("2026-06-01T08:15:00Z");
        let on_time = [(hour_key(monday, &berlin), 5), (hour_key(monday + 26 * HOUR_MS, &berlin), 2)];
        // Reported two days later, about Monday morning.
        let mut with_late = on_time.to_vec();
        with_late.push((hour_key(monday + 20 * 60_000, &berlin), 1));
        let (from, to) = (ms("2026-06-01T00:00:00Z"), ms("2026-06-03T21:00:00Z"));
        let day = |hourly: &[(i64, i64)]| {
            series(hourly, from, to, Granularity::Day, &berlin).into_iter().map(|(_, n)| n).collect::<Vec<_>>()
        };
        assert_eq!(day(&on_time), [5, 2, 0]);
        assert_eq!(day(&with_late), [6, 2, 0]);
        let week = series(&with_late, from, to, Granularity::Week, &berlin);
        assert_eq!((week.len(), week[0].1), (1, 8));
        let hour = series(&with_late, from, to, Granularity::Hour, &berlin);
        assert_eq!(hour.iter().map(|(_, n)| n).sum::<i64>(), 8, "every report in exactly one hour");
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(Granularity::parse("granularity", "week"), Ok(Granularity::Week));
        assert_eq!(Granularity::parse("granularity", "minute").map_err(|e| e.field), Err(Some("granularity".into())));
        assert!(Zone::named("timeZone", "Mars/Olympus").is_err());
        let ninety_days = buckets(0, 90 * crate::time::DAY_MS, Granularity::Hour, &Zone::utc());
        assert_eq!(ninety_days.len(), 2161);
    }
}
