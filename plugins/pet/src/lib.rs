//! Pet management: breeds, pets bound to litter boxes, and their usage, clearing and taste
//! records (spec device-and-product-domain.md §3 "Pet/cat").

mod breeds;
mod pets;
mod records;

use console_plugin_sdk::{Plugin, Router, export_plugin};

pub struct Pet;

impl Plugin for Pet {
    fn router() -> Router {
        Router::new()
            .get("/breeds", breeds::list)
            .post("/breeds", breeds::create)
            .put("/breeds/{id}", breeds::update)
            .delete("/breeds/{id}", breeds::delete)
            .get("/breed-options", breeds::options)
            .get("/pets", pets::list)
            .get("/pets/{id}", pets::detail)
            .post("/pets", pets::create)
            .put("/pets/{id}", pets::update)
            .delete("/pets/{id}", pets::delete)
            .get("/records", records::list)
            .post("/records", records::create)
    }
}

export_plugin!(Pet);

/// Today's date as (year, month, day), from the host clock.
pub(crate) fn today() -> (i32, u32, u32) {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| (d.as_secs() / 86_400) as i64)
        .unwrap_or(0);
    civil_from_days(days)
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i32, u32, u32) {
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

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_819), (2027, 1, 1));
        assert_eq!(super::civil_from_days(11_016), (2000, 2, 29));
    }
}
