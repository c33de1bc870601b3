//! Dates on the host clock (UTC, through jiff) and the console's time ranges.

use crate::error::{PluginError, PluginResult};

pub const HOUR_MS: i64 = 3_600_000;
pub const DAY_MS: i64 = 86_400_000;

fn utc(ms: i64) -> jiff::Zoned {
    jiff::Timestamp::from_millisecond(ms).unwrap_or(jiff::Timestamp::UNIX_EPOCH).to_zoned(jiff::tz::TimeZone::UTC)
}

/// The UTC date of a millisecond timestamp: (year, month, day).
pub fn date_of(ms: i64) -> (i32, u32, u32) {
    let date = utc(ms).date();
    (i32::from(date.year()), date.month() as u32, date.day() as u32)
}

/// `YYYY-MM-DD` of a millisecond timestamp.
pub fn day_label(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d").to_string()
}

/// `YYYY-MM-DD HH:00` of a millisecond timestamp.
pub fn hour_label(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d %H:00").to_string()
}

/// `YYYY-MM-DD HH:MM:SS` (UTC) of a millisecond timestamp.
pub fn second_label(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d %H:%M:%S").to_string()
}

/// A calendar date (jiff's), for fields such as birthdays.
pub use jiff::civil::Date;

/// A `YYYY-MM-DD` date that exists in the calendar (no 2023-02-29), or None.
pub fn parse_date(text: &str) -> Option<Date> {
    if text.len() != 10 {
        return None;
    }
    text.parse::<Date>().ok()
}

/// The UTC date of a millisecond timestamp, as a [`Date`].
pub fn date_at(ms: i64) -> Date {
    utc(ms).date()
}

/// Whole years from `from` to `to` (an age on a day).
pub fn whole_years(from: Date, to: Date) -> i32 {
    from.until((jiff::Unit::Year, to)).map_or(0, |span| i32::from(span.get_years()))
}

/// The console's time ranges: last 1 hour, 3 hours, 1 day, 3 days, 7, 30, 60 and 90 days.
pub const RANGES: [&str; 8] = ["1h", "3h", "1d", "3d", "7d", "30d", "60d", "90d"];

/// A range of [`RANGES`] as milliseconds; anything else is a 400 on `field`.
pub fn range_ms(field: &str, range: &str) -> PluginResult<i64> {
    let ms = match range {
        "1h" => HOUR_MS,
        "3h" => 3 * HOUR_MS,
        "1d" => DAY_MS,
        "3d" => 3 * DAY_MS,
        "7d" => 7 * DAY_MS,
        "30d" => 30 * DAY_MS,
        "60d" => 60 * DAY_MS,
        "90d" => 90 * DAY_MS,
        _ => return Err(PluginError::format_values(field, &RANGES.join(", "))),
    };
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_and_labels() {
        assert_eq!(date_of(0), (1970, 1, 1));
        assert_eq!(date_of(20_819 * DAY_MS), (2027, 1, 1));
        assert_eq!(date_of(11_016 * DAY_MS + DAY_MS - 1), (2000, 2, 29));
        assert_eq!(day_label(1_767_225_600_000), "2026-01-01");
        assert_eq!(hour_label(1_767_225_600_000 + 5 * HOUR_MS + 59_000), "2026-01-01 05:00");
    }

    #[test]
    fn dates_are_checked_against_the_calendar_and_ages_count_whole_years() {
        assert_eq!(parse_date("2024-02-29"), Some(jiff::civil::date(2024, 2, 29)));
        for wrong in ["2023-02-29", "2023-13-01", "2023-1-01", "2023-01-01T00:00"] {
            assert_eq!(parse_date(wrong), None, "{wrong}");
        }
        let birthday = jiff::civil::date(2020, 6, 15);
        assert_eq!(whole_years(birthday, jiff::civil::date(2026, 6, 14)), 5);
        assert_eq!(whole_years(birthday, jiff::civil::date(2026, 6, 15)), 6);
        assert_eq!(date_at(1_767_225_600_000), jiff::civil::date(2026, 1, 1));
    }

    #[test]
    fn ranges() {
        assert_eq!(range_ms("range", "3h"), Ok(3 * HOUR_MS));
        assert_eq!(range_ms("range", "90d"), Ok(90 * DAY_MS));
        assert!(range_ms("range", "2d").is_err());
    }
}
