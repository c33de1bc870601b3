//! Retention, in a test binary of its own because it moves the host's clock for the whole
//! process: reports and cleaning records past their product template's cleaning-record expiry are
//! deleted by the device plugin's `retention` schedule, with their maps; what is younger stays.

mod common;

use common::fleet::fleet;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Map, Value, json};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

async fn total(fleet: &common::fleet::Fleet, admin: &str, path: &str) -> Value {
    fleet.host.get(path, admin).await.ok()["total"].clone()
}

#[tokio::test]
async fn reports_and_cleaning_records_past_their_expiry_are_deleted_by_the_retention_schedule() {
    let fleet = fleet("RV-20", 1).await;
    let mut device = fleet.device(0).await;
    let mut rng = StdRng::seed_from_u64(5);
    let sn = device.sn.clone();
    device.report_all(&mut rng).await.expect("a report");
    device.event("stuck", json!({ "code": 3 }).as_object().cloned().unwrap_or_default()).await.expect("an event");
    device.cleaning_record(&mut rng).await.expect("a cleaning record");
    let reports = format!("/device-service/reports?sn={sn}");
    let cleanings = format!("/device-service/cleaning-records?sn={sn}");
    assert_eq!(total(&fleet, &fleet.admin, &reports).await, 2);
    let records = fleet.host.get(&cleanings, &fleet.admin).await;
    let record_id = records.ok()["list"][0]["id"].as_str().expect("a record").to_string();

    // A year and a day later: past the longest expiry a template may choose.
    console_host::clock::advance_for_tests(366 * DAY_MS);
    let mut fresh = Map::new();
    fresh.insert("battery".into(), json!(50));
    device.report(fresh).await.expect("a report made now");
    // The session ended with the year.
    let admin = fleet.host.admin().await;
    // The hourly schedule is due at once on the moved clock; the scheduler looks twice a second.
    let mut left = Value::Null;
    for _ in 0..100 {
        left = total(&fleet, &admin, &reports).await;
        if left == json!(1) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(left, 1, "the year-old report and event are deleted; the one made now stays");
    assert_eq!(total(&fleet, &admin, &cleanings).await, 0, "the cleaning record too");
    let map = fleet.host.get(&format!("/device-service/cleaning-records/{record_id}/map"), &admin).await;
    assert_eq!(map.code(), 404, "nothing links to its map any more");
}
