//! Calendar arithmetic on the host clock (UTC) and the spec's time ranges (§9).

use crate::error::{PluginError, PluginResult};

pub const HOUR_MS: i64 = 3_600_000;
pub const DAY_MS: i64 = 86_400_000;

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    (year, month, day)
}

/// The UTC date of a millisecond timestamp.
pub fn date_of(ms: i64) -> (i32, u32, u32) {
    civil_from_days(ms.div_euclid(DAY_MS))
}

/// `YYYY-MM-DD` of a millisecond timestamp.
pub fn day_label(ms: i64) -> String {
    let (y, m, d) = date_of(ms);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `YYYY-MM-DD HH:00` of a millisecond timestamp.
pub fn hour_label(ms: i64) -> String {
    format!("{} {:02}:00", day_label(ms), ms.rem_euclid(DAY_MS) / HOUR_MS)
}

/// The spec's time ranges: last 1 hour, 3 hours, 1 day, 3 days, 7, 30, 60 and 90 days.
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
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_819), (2027, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(day_label(1_767_225_600_000), "2026-01-01");
        assert_eq!(hour_label(1_767_225_600_000 + 5 * HOUR_MS + 59_000), "2026-01-01 05:00");
    }

    #[test]
    fn ranges() {
        assert_eq!(range_ms("range", "3h"), Ok(3 * HOUR_MS));
        assert_eq!(range_ms("range", "90d"), Ok(90 * DAY_MS));
        assert!(range_ms("range", "2d").is_err());
    }
}
