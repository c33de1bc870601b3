//! A seat's service periods (every day, Monday to Friday, weekend or single weekdays, with a start
//! and an end time) read in the seat's own time zone. A period whose end is before its start runs
//! past midnight into the next day; `24:00` ends a day.

use console_plugin_sdk::PluginResult;
use jiff::civil::Weekday;
use serde::{Deserialize, Serialize};

use crate::messages;

/// The days a period can be on.
pub const DAYS: [&str; 10] = ["everyday", "weekdays", "weekend", "mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/// Periods one seat has at most.
pub const MAX_PERIODS: usize = 14;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Period {
    /// One of [`DAYS`].
    pub days: String,
    /// `HH:MM`.
    pub start: String,
    /// `HH:MM`, up to `24:00`.
    pub end: String,
}

/// Minutes after midnight of `HH:MM` (00:00 to 24:00).
fn minutes(text: &str) -> Option<u32> {
    let (hours, mins) = text.split_once(':')?;
    if hours.len() != 2 || mins.len() != 2 {
        return None;
    }
    let (hours, mins): (u32, u32) = (hours.parse().ok()?, mins.parse().ok()?);
    let total = hours * 60 + mins;
    (mins < 60 && total <= 24 * 60).then_some(total)
}

fn covers(days: &str, day: Weekday) -> bool {
    use Weekday::*;
    match days {
        "everyday" => true,
        "weekdays" => !matches!(day, Saturday | Sunday),
        "weekend" => matches!(day, Saturday | Sunday),
        single => {
            let index = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].iter().position(|d| *d == single);
            index.is_some_and(|i| i as i8 + 1 == day.to_monday_one_offset())
        }
    }
}

/// The time zone a seat works in, if the name is one.
pub fn time_zone(name: &str) -> PluginResult<jiff::tz::TimeZone> {
    jiff::tz::TimeZone::get(name.trim()).map_err(|_| messages::unknown_time_zone())
}

/// The periods as given, checked.
pub fn checked(periods: &[Period]) -> PluginResult<Vec<Period>> {
    if periods.is_empty() || periods.len() > MAX_PERIODS {
        return Err(messages::periods_required());
    }
    periods
        .iter()
        .map(|p| {
            let days = console_plugin_sdk::validate::one_of("periods", &p.days, &DAYS)?;
            match (minutes(&p.start), minutes(&p.end)) {
                (Some(start), Some(end)) if start != end && start < 24 * 60 => {
                    Ok(Period { days, start: p.start.clone(), end: p.end.clone() })
                }
                _ => Err(messages::period_times()),
            }
        })
        .collect()
}

/// Whether a seat with these periods, in `zone`, is on duty at `now_ms`.
pub fn on_duty(periods: &[Period], zone: &str, now_ms: i64) -> bool {
    let Ok(zone) = jiff::tz::TimeZone::get(zone) else { return false };
    let Ok(now) = jiff::Timestamp::from_millisecond(now_ms) else { return false };
    let local = now.to_zoned(zone);
    let today = local.weekday();
    let minute = u32::from(local.hour().unsigned_abs()) * 60 + u32::from(local.minute().unsigned_abs());
    periods.iter().any(|p| {
        let (Some(start), Some(end)) = (minutes(&p.start), minutes(&p.end)) else { return false };
        if start < end {
            covers(&p.days, today) && (start..end).contains(&minute)
        } else {
            // Past midnight: the evening of its day, and the morning after.
            (covers(&p.days, today) && minute >= start) || (covers(&p.days, today.wrapping_sub(1)) && minute < end)
        }
    })
}
