//! What takes time, in a test binary of its own because it moves the host's clock for the whole
//! process (one test at a time): reports and cleaning records past their product template's
//! cleaning-record expiry are deleted by the device plugin's `retention` schedule, with their
//! maps, and what is younger stays; a device silent past the presence timeout is offline.

mod common;

use common::fleet::fleet;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Map, Value, json};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Held by each test while it moves the clock: they run one after the other.
static CLOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The clock moved forward for a test, and back when it ends, however it ends: the next test
/// starts at the real time (the devices sign their activations by it).
struct Moved(i64);

impl Moved {
    fn forward(ms: i64) -> Moved {
        console_host::clock::advance_for_tests(ms);
        Moved(ms)
    }
}

impl Drop for Moved {
    fn drop(&mut self) {
        console_host::clock::advance_for_tests(-self.0);
    }
}

async fn total(fleet: &common::fleet::Fleet, admin: &str, path: &str) -> Value {
    fleet.host.get(path, admin).await.ok()["total"].clone()
}

#[tokio::test]
async fn reports_and_cleaning_records_past_their_expiry_are_deleted_by_the_retention_schedule() {
    let _moving = CLOCK.lock().await;
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

    // The report's numbers are kept in the series' table of its day.
    let db = common::database(&fleet.host.database_url).await;
    let day_table = console_host::db::series::table_of(console_host::db::series::day_of(console_host::clock::now_ms()));
    let points: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {day_table}")).fetch_one(&db).await.expect("points");
    assert!(points > 0, "the report's numbers are in {day_table}");

    // A year and a day later: past the longest expiry a template may choose.
    let _year = Moved::forward(366 * DAY_MS);
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

    // The series keeps 90 days by default: the year-old day goes whole, its table dropped (the
    // keeper looks every 5 s), and the day of the report made now is there.
    let catalog = if common::on_postgres() {
        "SELECT COUNT(*) FROM pg_class WHERE relname = '{}'"
    } else {
        "SELECT COUNT(*) FROM sqlite_master WHERE name = '{}'"
    };
    let exists = |table: String| {
        let db = db.clone();
        let sql = catalog.replace("{}", &table);
        async move { sqlx::query_scalar::<_, i64>(&sql).fetch_one(&db).await.expect("catalog") == 1 }
    };
    let mut gone = false;
    for _ in 0..150 {
        if !exists(day_table.clone()).await {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(gone, "{day_table} is dropped with its day");
    let today = console_host::db::series::table_of(console_host::db::series::day_of(console_host::clock::now_ms()));
    assert!(exists(today).await, "today's table is there");
}

#[tokio::test]
async fn a_device_silent_past_the_timeout_is_offline_and_refuses_commands() {
    let _moving = CLOCK.lock().await;
    let fleet = fleet("RV-13", 1).await;
    let device = fleet.device(0).await;
    let path = format!("/device-service/devices/{}", device.sn);
    // The platform's timeout is two minutes: "last seen" written once a minute at most, then
    // three missed 20-second heartbeats. Two minutes and a second later:
    let _minutes = Moved::forward(121_000);
    let offline = fleet.host.get("/device-service/devices?online=false", &fleet.admin).await;
    assert_eq!(offline.ok()["total"], 1);
    let refused =
        fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 1 } })).await;
    assert_eq!((refused.code(), refused.msg()), (409, "Device is offline."));
    device.heartbeat("standby").await.expect("back");
    let online = fleet.host.get("/device-service/devices?online=true", &fleet.admin).await;
    assert_eq!(online.ok()["total"], 1);
    assert!(online.ok()["list"][0]["lastOnlineAt"].as_i64() > online.ok()["list"][0]["registeredAt"].as_i64());
}
