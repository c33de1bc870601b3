//! Batched ingestion: reports of many devices reach the device plugin a batch at a
//! time, each with its own verdict (a bad report among good ones fails alone), their numbers kept
//! as time series the drawer reads in buckets; a full queue answers 503 with `Retry-After`, and
//! every report answered 200 is kept.

use crate::common;

use common::fleet::{fleet, fleet_adjusted};
use serde_json::{Map, Value, json};

fn params(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("object")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_at_once_go_in_batches_each_with_its_own_verdict() {
    const DEVICES: usize = 24;
    let fleet = fleet("RV-B1", DEVICES as u32).await;
    let mut devices = Vec::new();
    for n in 0..DEVICES {
        devices.push(fleet.device(n).await);
    }
    let calls_before =
        fleet.host.metric("console_plugin_calls_total", &["plugin=\"device\"", "kind=\"request\""]).await;
    let mut reporting = tokio::task::JoinSet::new();
    for (n, mut device) in devices.into_iter().enumerate() {
        reporting.spawn(async move {
            // Device 5 reports a battery the thing model refuses.
            let battery = if n == 5 { 140 } else { 50 + n as i64 };
            let answer = device.report(params(json!({ "battery": battery, "suction": 3 }))).await;
            (n, device.sn.clone(), answer)
        });
    }
    let mut answered = Vec::new();
    while let Some(done) = reporting.join_next().await {
        answered.push(done.expect("a device"));
    }
    let calls = fleet.host.metric("console_plugin_calls_total", &["plugin=\"device\"", "kind=\"request\""]).await
        - calls_before;
    assert!(calls < DEVICES as f64, "{DEVICES} reports at once took {calls} calls of the plugin");
    for (n, sn, answer) in answered {
        let detail = fleet.host.get(&format!("/device-service/devices/{sn}"), &fleet.admin).await;
        if n == 5 {
            let refused = answer.expect_err("the bad report is refused");
            assert_eq!((refused.code, refused.field.as_deref()), (400, Some("params.battery")), "{}", refused.msg);
            assert!(detail.ok()["shadow"].get("battery").is_none(), "and changed nothing: {}", detail.ok());
        } else {
            answer.unwrap_or_else(|r| panic!("device {n} is answered alone: {}", r.msg));
            assert_eq!(detail.ok()["shadow"]["battery"]["value"], 50 + n as i64, "device {n}");
        }
    }
}

#[tokio::test]
async fn a_devices_numbers_are_kept_as_series_and_read_in_buckets() {
    use console_host::db::series::ROLLUP_MS;
    let fleet = fleet("RV-B2", 1).await;
    let device = fleet.device(0).await;
    let now = console_host::db::now_ms();
    // An hour that ends at the last whole ten minutes: buckets of twenty minutes are read from
    // the ten-minute rollups, fed by the same batches.
    let from = now / ROLLUP_MS * ROLLUP_MS - 6 * ROLLUP_MS;
    for (minutes, battery) in [(10, 90), (20, 80), (30, 70), (40, 60), (50, 50)] {
        let body = json!({ "id": "1", "params": { "battery": battery }, "time": from + minutes * 60_000 });
        device.post("/thing/event/property/post", body).await.expect("reported");
    }
    let read = |buckets: u32| {
        let path = format!(
            "/device-service/devices/{}/history?identifier=battery&from={from}&to={}&buckets={buckets}",
            device.sn,
            from + 6 * ROLLUP_MS
        );
        let host = &fleet.host;
        let admin = &fleet.admin;
        async move { host.get(&path, admin).await.ok()["buckets"].as_array().expect("buckets").clone() }
    };
    let buckets = read(3).await;
    let counts: Vec<i64> = buckets.iter().map(|b| b["count"].as_i64().unwrap_or(0)).collect();
    assert_eq!(counts, vec![1, 2, 2], "{buckets:?}");
    assert_eq!(buckets[0]["max"], 90.0, "the first 20 minutes hold 90: {buckets:?}");
    let last = buckets.last().expect("a bucket");
    assert_eq!((&last["min"], &last["max"]), (&json!(50.0), &json!(60.0)), "{buckets:?}");
    // The last reading sent again with another value: the point is replaced, and its ten
    // minutes rolled up again from the points (not counted twice).
    let again = json!({ "id": "2", "params": { "battery": 55 }, "time": from + 50 * 60_000 });
    device.post("/thing/event/property/post", again).await.expect("reported again");
    let buckets = read(3).await;
    let last = buckets.last().expect("a bucket");
    assert_eq!((&last["count"], &last["min"], &last["avg"]), (&json!(2), &json!(55.0), &json!(57.5)), "{buckets:?}");
    // Five-minute buckets read the points themselves: the same readings.
    let fine = read(12).await;
    let counted: Vec<(i64, f64)> =
        fine.iter().map(|b| (b["count"].as_i64().unwrap_or(0), b["avg"].as_f64().unwrap_or(0.0))).collect();
    assert_eq!(counted, vec![(1, 90.0), (1, 80.0), (1, 70.0), (1, 60.0), (1, 55.0)], "{fine:?}");
    // A range past 90 days is refused.
    let wide = format!("/device-service/devices/{}/history?identifier=battery&from=0&to={now}", device.sn);
    assert_eq!(fleet.host.get(&wide, &fleet.admin).await.code(), 400);
}

/// Retention drops a day's partition whole (a table of its own on SQLite, a partition on
/// PostgreSQL): the day's points go with it and the days still kept are read as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_day_past_the_retention_is_dropped_whole() {
    use console_host::db::series::{DAY_MS, day_of, table_of};
    let fleet = fleet("RV-B3", 1).await;
    let device = fleet.device(0).await;
    let db = &fleet.host.state.db;
    let now = console_host::db::now_ms();
    let today = day_of(now);
    db.keep_series_days(today, 3).await.expect("three days kept");
    // Today's reading by the device; the two days before written as their tables hold them
    // (a device's clock is trusted a day back at most).
    let body = json!({ "id": "1", "params": { "battery": 40 } });
    device.post("/thing/event/property/post", body).await.expect("reported");
    let sql = |table: &str| format!("SELECT tenant_id FROM {table} WHERE subject = $1");
    let tenant: i64 = match (db.sqlite(), db.postgres()) {
        (Some(pool), _) => sqlx::query_scalar(&sql(&table_of(today))).bind(&device.sn).fetch_one(pool).await,
        (_, Some(pool)) => sqlx::query_scalar(&sql("series")).bind(&device.sn).fetch_one(pool).await,
        _ => unreachable!("one engine"),
    }
    .expect("the report's point");
    for (at, battery) in [(today - 2, 20.0), (today - 2, 21.0), (today - 1, 30.0)]
        .map(|(day, battery)| (day * DAY_MS + DAY_MS / 2 + battery as i64, battery))
    {
        // Known numbers and an SN of letters and digits, written into the statement.
        let insert = |table: &str| {
            format!(
                "INSERT INTO {table} (tenant_id, plugin_id, subject, name, at, value)
                 VALUES ({tenant}, 'device', '{}', 'battery', {at}, {battery})",
                device.sn
            )
        };
        match (db.sqlite(), db.postgres()) {
            (Some(pool), _) => sqlx::raw_sql(&insert(&table_of(day_of(at)))).execute(pool).await.map(drop),
            (_, Some(pool)) => sqlx::raw_sql(&insert("series")).execute(pool).await.map(drop),
            _ => unreachable!("one engine"),
        }
        .expect("a point of an earlier day");
    }
    // Written beside the batches: their days' rollups summed from their points.
    for day in [today - 2, today - 1] {
        db.roll_up_day(day).await.expect("rolled up");
    }
    let counted = || async {
        let path = format!(
            "/device-service/devices/{}/history?identifier=battery&from={}&to={}&buckets=3",
            device.sn,
            (today - 2) * DAY_MS,
            (today + 1) * DAY_MS
        );
        let history = fleet.host.get(&path, &fleet.admin).await;
        history.ok()["buckets"]
            .as_array()
            .expect("buckets")
            .iter()
            .map(|b| b["count"].as_i64().unwrap_or(0))
            .collect::<Vec<_>>()
    };
    // A bucket a day; empty ones are left out.
    assert_eq!(counted().await, vec![2, 1, 1]);

    // The retention passes the oldest day: it is dropped, not emptied row by row.
    assert_eq!(db.keep_series_days(today, 2).await.expect("kept"), 1, "one day dropped");
    let days = db.series_days().await.expect("days");
    assert!(!days.contains(&(today - 2)), "no table or partition left for the day: {days:?}");
    assert!(days.contains(&(today - 1)) && days.contains(&(today + 2)), "the kept days and the next two: {days:?}");
    assert_eq!(counted().await, vec![1, 1], "the kept days' points remain");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_answers_503_with_retry_after_and_every_report_answered_200_is_kept() {
    const DEVICES: usize = 16;
    let fleet = fleet_adjusted("RV-B3", DEVICES as u32, Vec::new(), |config| {
        config.ingest_queue = 1;
        config.ingest_batch = 1;
    })
    .await;
    let mut devices = Vec::new();
    for n in 0..DEVICES {
        devices.push(fleet.device(n).await);
    }
    let base = fleet.host.base.clone();
    let mut reporting = tokio::task::JoinSet::new();
    for device in devices {
        let base = base.clone();
        reporting.spawn(async move {
            let client = reqwest::Client::new();
            let mut statuses = Vec::new();
            for round in 0..5 {
                let body = json!({ "id": format!("{round}"), "params": { "battery": 10 + round } });
                let answer = client
                    .post(format!("{base}/device/device-service/thing/event/property/post"))
                    .header("authorization", format!("Device {}", device.key))
                    .json(&body)
                    .send()
                    .await
                    .expect("answered");
                let retry = answer.headers().get("retry-after").map(|v| v.to_str().unwrap_or("").to_string());
                statuses.push((answer.status().as_u16(), retry));
            }
            (device.sn.clone(), statuses)
        });
    }
    let (mut taken, mut pushed_back) = (0, 0);
    let db = common::database(&fleet.host.database_url).await;
    while let Some(done) = reporting.join_next().await {
        let (sn, statuses) = done.expect("a device");
        for (status, retry) in &statuses {
            match status {
                200 => taken += 1,
                503 => {
                    assert_eq!(retry.as_deref(), Some("1"), "{sn}: told when to come back");
                    pushed_back += 1;
                }
                other => panic!("{sn}: {other}"),
            }
        }
        let kept: i64 = sqlx::query_scalar(&format!(
            "SELECT COUNT(*) FROM plugin_records WHERE collection = 'reports' AND {} = '{sn}'",
            if common::on_postgres() { "data->>'sn'" } else { "json_extract(data, '$.sn')" }
        ))
        .fetch_one(&db)
        .await
        .expect("kept");
        let answered_200 = statuses.iter().filter(|(s, _)| *s == 200).count() as i64;
        assert_eq!(kept, answered_200, "{sn}: every report answered 200 is kept, no other");
    }
    assert!(pushed_back > 0, "a queue of one pushed back ({taken} taken)");
    assert!(taken > 0, "and took what it could");
}

#[tokio::test]
async fn presence_is_written_when_it_changes_not_at_every_heartbeat() {
    let fleet = fleet("RV-B4", 1).await;
    let mut device = fleet.device(0).await;
    let db = common::database(&fleet.host.database_url).await;
    let sn_of = if common::on_postgres() { "data->>'sn'" } else { "json_extract(data, '$.sn')" };
    let version_sql = format!(
        "SELECT version FROM plugin_records WHERE plugin_id = 'device' AND collection = 'devices' AND {sn_of} = '{}'",
        device.sn
    );
    let version = || {
        let (db, sql) = (db.clone(), version_sql.clone());
        async move { sqlx::query_scalar::<_, i64>(&sql).fetch_one(&db).await.expect("the device's record") }
    };
    device.heartbeat("standby").await.expect("heard");
    let online = version().await;
    // Heard again and again within the minute, with reports between: the device's record (its
    // presence and "last seen") is not written again; only the shadow takes the readings.
    for n in 0..5 {
        device.heartbeat("standby").await.expect("heard");
        device.report(params(json!({ "battery": 40 + n }))).await.expect("a report");
    }
    assert_eq!(version().await, online, "presence unchanged, nothing written");
    let detail = fleet.host.get(&format!("/device-service/devices/{}", device.sn), &fleet.admin).await;
    assert_eq!(detail.ok()["device"]["online"], true);
    assert_eq!(detail.ok()["shadow"]["battery"]["value"], 44);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_fleet_of_one_enterprise_activating_at_once_is_answered() {
    // Each activation is a device call that asks the product plugin: the calls of one enterprise
    // fill their share, and their callees still find room (they failed with 500 before). What
    // does not find its turn within its deadline, or met another's write, is told to come back
    // (503, 504, 409: nothing was changed), and comes back, as a device does.
    const DEVICES: usize = 64;
    let fleet = fleet("RV-B5", DEVICES as u32).await;
    let platform = fleet.platform.clone();
    let mut activating = tokio::task::JoinSet::new();
    for (sn, key) in fleet.keys.clone() {
        let platform = platform.clone();
        activating.spawn(async move {
            let mut tries = 0;
            loop {
                tries += 1;
                match platform.activate(&sn, &key).await {
                    Err(busy) if [409, 503, 504].contains(&busy.code) && tries < 30 => {
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                    activated => return (sn.clone(), activated.map(drop)),
                }
            }
        });
    }
    while let Some(done) = activating.join_next().await {
        let (sn, activated) = done.expect("a device");
        activated.unwrap_or_else(|refused| panic!("{sn}: {refused}"));
    }
}
