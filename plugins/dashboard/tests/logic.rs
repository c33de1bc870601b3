//! The dashboard's rollups against the SDK's in-memory host, with the device plugin's answers
//! played from a fixed set of kept reports: each report counts once however the runs fall, a
//! late report lands in the hour it happened, a rebuild gives the same figures, and the figures
//! follow the enterprise's time zone.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Context, Plugin, Value, json};
use dashboard::Dashboard;
use dashboard::rollups::SETTLE_MS;

const HOUR: i64 = 3_600_000;
/// Monday 1 June 2026, 00:00 UTC.
const MONDAY: i64 = 1_780_272_000_000;

/// The reports the device plugin kept, by record id: 2,599 over Monday (UTC) every 30 seconds,
/// a fault event every tenth, and a last one kept three days late, about Monday 00:30.
fn kept() -> Vec<Value> {
    (1..=2600i64)
        .map(|id| {
            let late = id == 2600;
            let at = if late { MONDAY + 30 * 60_000 } else { MONDAY + (id - 1) * 30_000 };
            let kept_at = if late { MONDAY + 3 * 24 * HOUR } else { at + 400 };
            let (kind, event_type) = if id % 10 == 5 { ("event", "fault") } else { ("property", "") };
            let product = if id % 3 == 0 { "robot" } else { "feeder" };
            json!({ "id": id, "productId": product, "kind": kind, "eventType": event_type, "at": at, "keptAt": kept_at })
        })
        .collect()
}

/// The device logs kept: two logins from Android (one failed), a logout and a binding from iOS,
/// on Monday morning; the device plugin answers them by record id (a reset among them, skipped).
fn logs_since(body: &Value) -> (u16, Value) {
    let after = body["after"].as_i64().unwrap();
    let logs = [
        (1, "login", "success", "Android 14", "DE"),
        (2, "login", "failure", "Android 14", "DE"),
        (3, "reset", "success", "", ""),
        (4, "logout", "success", "iOS 18", "FR"),
        (5, "bind", "success", "iOS 18", "FR"),
    ];
    let read: Vec<_> = logs.iter().filter(|l| l.0 > after).collect();
    let list: Vec<Value> = read
        .iter()
        .filter(|l| l.1 != "reset")
        .map(|(id, kind, result, phone, country)| {
            json!({ "id": id, "kind": kind, "result": result, "appVersion": "3.2.0", "phoneSystem": phone,
                    "country": country, "at": MONDAY + 9 * HOUR, "keptAt": MONDAY + 9 * HOUR + 300 })
        })
        .collect();
    (200, json!({ "list": list, "read": read.len(), "last": read.last().map(|l| l.0) }))
}

fn region() -> MemoryHost {
    let mut host = MemoryHost::new();
    host.plugins.insert("device-service".into(), |_, path, body| {
        if path == "/internal/logs/since" {
            return logs_since(body);
        }
        assert_eq!(path, "/internal/reports/since");
        let (after, until, limit) =
            (body["after"].as_i64().unwrap(), body["until"].as_i64().unwrap(), body["limit"].as_u64().unwrap());
        let list: Vec<Value> = kept()
            .into_iter()
            .filter(|r| r["id"].as_i64().unwrap() > after && r["keptAt"].as_i64().unwrap() <= until)
            .take(limit as usize)
            .collect();
        (200, json!({ "list": list }))
    });
    host.plugins.insert("product-service".into(), |_, _, _| {
        (200, json!([{ "productId": "robot", "productName": "Robot vacuum" }, { "productId": "feeder", "productName": "Pet feeder" }]))
    });
    host
}

fn roll_up(host: &mut MemoryHost) {
    Dashboard::run_job(host, "rollup", &Context::default()).expect("the schedule runs");
}

fn activity(host: &mut MemoryHost, query: &[(&str, &str)]) -> Value {
    let (status, body) = host.call_with::<Dashboard>("GET", "/device-activity", query, Value::Null, "en");
    assert_eq!(status, 200, "{body}");
    body
}

/// The figures without the freshness (which moves with every run).
fn figures(mut answer: Value) -> Value {
    for field in ["countedUntil", "newestAt"] {
        answer.as_object_mut().unwrap().remove(field);
    }
    answer
}

#[test]
fn every_report_counts_once_in_its_own_hour_and_a_rebuild_agrees() {
    let mut host = region();
    // Tuesday noon: Monday's reports are kept; the late one is not yet.
    host.now_ms = MONDAY + 36 * HOUR;
    roll_up(&mut host);
    roll_up(&mut host);
    let query = [("range", "3d"), ("granularity", "hour")];
    let before = activity(&mut host, &query);
    let total = |a: &Value| a["reports"].as_array().unwrap().iter().map(|n| n.as_i64().unwrap()).sum::<i64>();
    assert_eq!(total(&before), 2340 - 1, "each property report once: 2,600 less 260 events, less the late one");
    assert_eq!(before["events"]["fault"].as_array().unwrap().iter().map(|n| n.as_i64().unwrap()).sum::<i64>(), 260);
    assert_eq!(before["countedUntil"], host.now_ms - SETTLE_MS);
    // The stored days agree with the hours they sum.
    let by_day = activity(&mut host, &[("range", "3d"), ("granularity", "day")]);
    assert_eq!(
        (total(&by_day), &by_day["latency"], &by_day["busiest"]),
        (total(&before), &before["latency"], &before["busiest"])
    );

    // Thursday: the late report arrives and lands in Monday 00:00, not in Thursday.
    host.now_ms = MONDAY + 3 * 24 * HOUR + SETTLE_MS + 1;
    roll_up(&mut host);
    let after = activity(&mut host, &[("range", "7d"), ("granularity", "day")]);
    let days: Vec<(&str, i64)> = after["labels"]
        .as_array()
        .unwrap()
        .iter()
        .zip(after["reports"].as_array().unwrap())
        .map(|(l, n)| (l.as_str().unwrap(), n.as_i64().unwrap()))
        .filter(|(_, n)| *n > 0)
        .collect();
    assert_eq!(days, [("2026-06-01", 2340)], "the late one counts on Monday, not on Thursday");
    assert_eq!(after["busiest"][0]["productName"], "Pet feeder", "{}", after["busiest"]);
    assert_eq!(after["latency"][0], json!(["lt1s", 2599]), "all but the late one within a second");
    assert_eq!(after["latency"][4], json!(["gt5m", 1]));

    // Counted again from the first report: the same figures.
    let (status, body) = host.call::<Dashboard>("POST", "/rebuild", Value::Null);
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        activity(&mut host, &[("range", "7d"), ("granularity", "day")])["reports"],
        json!([0, 0, 0, 0, 0, 0, 0, 0])
    );
    roll_up(&mut host);
    assert_eq!(figures(activity(&mut host, &[("range", "7d"), ("granularity", "day")])), figures(after));
}

#[test]
fn the_figures_follow_the_enterprises_time_zone_and_bad_names_are_refused() {
    let mut host = region();
    host.now_ms = MONDAY + 4 * 24 * HOUR;
    let (status, refused) = host.call::<Dashboard>("PUT", "/settings", json!({ "timeZone": "Mars/Olympus" }));
    assert_eq!((status, refused["field"].as_str()), (400, Some("timeZone")));
    let (status, body) = host.call::<Dashboard>("PUT", "/settings", json!({ "timeZone": "Asia/Shanghai" }));
    assert_eq!(status, 200, "{body}");
    roll_up(&mut host);
    roll_up(&mut host);
    let shanghai = activity(&mut host, &[("range", "7d"), ("granularity", "day")]);
    let nonzero: Vec<(String, i64)> = shanghai["labels"]
        .as_array()
        .unwrap()
        .iter()
        .zip(shanghai["reports"].as_array().unwrap())
        .map(|(l, n)| (l.as_str().unwrap().to_string(), n.as_i64().unwrap()))
        .filter(|(_, n)| *n > 0)
        .collect();
    // Monday 00:00 UTC is 08:00 there: Monday ends at 16:00 UTC (1,920 reports, 192 of them
    // events, and the late one), Tuesday has the rest.
    assert_eq!(nonzero, [("2026-06-01".to_string(), 1729), ("2026-06-02".to_string(), 611)], "{shanghai}");
    assert_eq!(shanghai["timeZone"], "Asia/Shanghai");

    for (field, value) in [("range", "2d"), ("granularity", "minute")] {
        let (status, body) =
            host.call_with::<Dashboard>("GET", "/device-activity", &[(field, value)], Value::Null, "en");
        assert_eq!((status, body["field"].as_str()), (400, Some(field)));
    }
    let hours_of_90_days = host.call_with::<Dashboard>(
        "GET",
        "/device-activity",
        &[("range", "90d"), ("granularity", "hour")],
        Value::Null,
        "en",
    );
    assert_eq!(hours_of_90_days.0, 400, "hours only up to 7 days");
}

#[test]
fn the_figures_export_as_a_workbook_whose_names_stay_text() {
    use base64::Engine as _;
    use calamine::{Data, Reader, Xlsx};

    let mut host = region();
    host.plugins.insert("product-service".into(), |_, _, _| {
        (200, json!([{ "productId": "robot", "productName": "=HYPERLINK(\"http://x\")" }, { "productId": "feeder", "productName": "Pet feeder" }]))
    });
    host.now_ms = MONDAY + 36 * HOUR;
    roll_up(&mut host);
    let (status, file) = host.call_with::<Dashboard>(
        "GET",
        "/device-activity/export",
        &[("range", "3d"), ("granularity", "day")],
        Value::Null,
        "de",
    );
    assert_eq!(status, 200, "{file}");
    assert_eq!(file["fileName"], "device-dashboard-3d-day.xlsx");
    let bytes = base64::engine::general_purpose::STANDARD.decode(file["content"].as_str().unwrap()).expect("base64");
    let mut workbook: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("a workbook");
    assert_eq!(workbook.sheet_names(), ["Zeitverlauf", "Aktivste Produkte", "Latenz"], "named in the user's language");
    let over_time = workbook.worksheet_range("Zeitverlauf").expect("sheet");
    assert_eq!(over_time.get((0, 1)), Some(&Data::String("Eigenschaftsmeldungen".into())));
    let monday = over_time.rows().find(|r| r[0] == Data::String("2026-06-01".into())).expect("Monday's row");
    assert_eq!(monday[1], Data::Float(2339.0));
    let busiest = workbook.worksheet_range("Aktivste Produkte").expect("sheet");
    let names: Vec<String> = busiest.rows().skip(1).map(|r| r[0].to_string()).collect();
    assert!(names.contains(&"=HYPERLINK(\"http://x\")".to_string()), "kept as text: {names:?}");
    let formulas = workbook.worksheet_formula("Aktivste Produkte").expect("formulas");
    assert!(formulas.used_cells().all(|(_, _, f)| f.is_empty()), "no formula in the workbook");
}

#[test]
fn the_platform_sees_every_enterprises_figures_and_an_enterprise_its_own() {
    let mut host = region();
    host.now_ms = MONDAY + 36 * HOUR;
    roll_up(&mut host);
    // Another enterprise's robots reported 5 times on Monday at 10:00.
    host.counters.insert((2, "reports".into(), MONDAY + 10 * HOUR, "robot".into()), 5);
    host.counters.insert((2, "reports/day".into(), MONDAY, "robot".into()), 5);
    host.counters.insert((2, "reports".into(), MONDAY + 10 * HOUR, "*".into()), 5);
    host.counters.insert((2, "reports/day".into(), MONDAY, "*".into()), 5);
    let query = [("range", "3d"), ("granularity", "day")];
    let total = |a: &Value| a["reports"].as_array().unwrap().iter().map(|n| n.as_i64().unwrap()).sum::<i64>();
    let own = activity(&mut host, &query);
    assert_eq!(total(&own), 2339);
    host.tenant_id = 2;
    let theirs = activity(&mut host, &query);
    assert_eq!(total(&theirs), 5);
    assert_eq!(theirs["busiest"][0]["reports"], 5);
    host.tenant_id = 0;
    let platform = activity(&mut host, &query);
    assert_eq!(total(&platform), 2339 + 5);
    let robots = platform["busiest"].as_array().unwrap().iter().find(|b| b["productId"] == "robot").cloned().unwrap();
    assert_eq!(
        robots["reports"],
        own["busiest"].as_array().unwrap().iter().find(|b| b["productId"] == "robot").unwrap()["reports"]
            .as_i64()
            .unwrap()
            + 5
    );
}

#[test]
fn the_platform_ranks_enterprises_by_their_latest_devices_and_an_enterprise_ranks_its_models() {
    use console_plugin_sdk::host::Enterprise;
    let mut host = region();
    host.now_ms = MONDAY + 36 * HOUR;
    let hour = MONDAY + 35 * HOUR;
    // Three enterprises' device gauges; the second grew past the first in the latest hour.
    for (enterprise, earlier, latest) in [(1, 500, 520), (2, 400, 900), (3, 10, 12)] {
        host.counters.insert((enterprise, "devices".into(), hour - HOUR, String::new()), earlier);
        host.counters.insert((enterprise, "devices".into(), hour, String::new()), latest);
        host.counters.insert((enterprise, "model".into(), hour, "Robot S1 (S1)".into()), latest / 2);
    }
    host.counters.insert((1, "model".into(), hour, "Feeder F2 (F2)".into()), 300);
    host.enterprises = [(1, "Acme"), (2, "Globex"), (3, "Initech")]
        .map(|(id, name)| Enterprise { id, name: name.into(), kind: "ordinary".into(), disabled: false })
        .to_vec();
    let rankings = |host: &mut MemoryHost| {
        let (status, body) = host.call_with::<Dashboard>("GET", "/rankings", &[("range", "1d")], Value::Null, "en");
        assert_eq!(status, 200, "{body}");
        body
    };
    host.tenant_id = 0;
    let platform = rankings(&mut host);
    let names: Vec<(&str, i64)> = platform["enterprises"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap(), e["devices"].as_i64().unwrap()))
        .collect();
    assert_eq!(names, [("Globex", 900), ("Acme", 520), ("Initech", 12)], "by the latest hour, not the sum");
    assert_eq!(platform["models"][0], json!({ "name": "Robot S1 (S1)", "devices": 716 }), "summed over enterprises");

    host.tenant_id = 1;
    let acme = rankings(&mut host);
    assert_eq!(acme["enterprises"], json!([]), "an enterprise ranks no enterprises");
    assert_eq!(
        acme["models"],
        json!([{ "name": "Feeder F2 (F2)", "devices": 300 }, { "name": "Robot S1 (S1)", "devices": 260 }])
    );
}

/// What the app plugin answers: before and after a release of 1.1.0.
static RELEASED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[test]
fn the_app_page_shows_the_versions_in_use_and_how_the_newest_is_taken_up() {
    let mut host = MemoryHost::new();
    host.plugins.insert("app-service".into(), |_, path, _| {
        assert_eq!(path, "/internal/figures");
        if RELEASED.load(std::sync::atomic::Ordering::SeqCst) {
            (200, json!({ "users": 12, "activeToday": 7, "versions": [["1.1.0", 9], ["1.0.0", 3]], "phones": [["Pixel 9", 12]] }))
        } else {
            (200, json!({ "users": 10, "activeToday": 4, "versions": [["1.0.0", 8], ["1.10.0-rc", 0], ["0.9", 2]], "phones": [["Pixel 9", 10]] }))
        }
    });
    // Monday at noon before the release, Tuesday at noon after it.
    host.now_ms = MONDAY + 12 * HOUR;
    Dashboard::run_job(&mut host, "snapshot", &Context::default()).expect("a snapshot");
    RELEASED.store(true, std::sync::atomic::Ordering::SeqCst);
    host.now_ms = MONDAY + 36 * HOUR;
    Dashboard::run_job(&mut host, "snapshot", &Context::default()).expect("a snapshot");
    let (status, apps) =
        host.call_with::<Dashboard>("GET", "/apps", &[("range", "3d"), ("granularity", "day")], Value::Null, "en");
    assert_eq!(status, 200, "{apps}");
    assert_eq!(apps["newestVersion"], "1.1.0");
    assert_eq!(
        apps["versions"],
        json!([["1.1.0", 9], ["1.0.0", 3]]),
        "the latest sample, a version gone from it not lingering"
    );
    let adoption: Vec<Value> = apps["adoption"].as_array().unwrap().clone();
    assert_eq!(adoption[adoption.len() - 2..], [json!(0.0), json!(75.0)], "none on Monday, 9 of 12 on Tuesday");
    assert_eq!(apps["users"].as_array().unwrap().last(), Some(&json!(12)));
    assert_eq!(apps["phones"], json!([["Pixel 9", 12]]));
    // No device plugin here: the device cards have no figure, not a zero.
    let (_, overview) = host.call_with::<Dashboard>("GET", "/overview", &[("range", "1d")], Value::Null, "en");
    let devices = overview["cards"].as_array().unwrap().iter().find(|c| c["name"] == "devices").cloned().unwrap();
    assert_eq!(devices["value"], Value::Null);
}

#[test]
fn logins_logouts_and_bindings_count_once_by_result_phone_and_country() {
    let mut host = region();
    host.now_ms = MONDAY + 36 * HOUR;
    roll_up(&mut host);
    roll_up(&mut host);
    let (status, logs) = host.call_with::<Dashboard>(
        "GET",
        "/device-logs",
        &[("range", "3d"), ("granularity", "day")],
        Value::Null,
        "en",
    );
    assert_eq!(status, 200, "{logs}");
    let kind = |name: &str| logs["kinds"].as_array().unwrap().iter().find(|k| k["kind"] == name).cloned().unwrap();
    let login = kind("login");
    assert_eq!((login["total"].as_i64(), login["failures"].as_i64()), (Some(2), Some(1)), "{login}");
    assert_eq!(login["byPhone"], json!([["Android 14", 2]]));
    assert_eq!(kind("bind")["byCountry"], json!([["FR", 1]]));
    assert_eq!(kind("logout")["byApp"], json!([["3.2.0", 1]]));
    assert_eq!(kind("unbind")["total"], 0);
}

/// A workbook an export answered, opened.
fn opened(file: &Value) -> calamine::Xlsx<std::io::Cursor<Vec<u8>>> {
    use base64::Engine as _;
    let bytes = base64::engine::general_purpose::STANDARD.decode(file["content"].as_str().unwrap()).expect("base64");
    calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("a workbook")
}

#[test]
fn every_page_exports_its_figures_in_the_users_language_with_names_as_text() {
    use calamine::{Data, Reader};
    let mut host = region();
    host.now_ms = MONDAY + 36 * HOUR;
    roll_up(&mut host);
    let (status, file) = host.call_with::<Dashboard>(
        "GET",
        "/device-logs/export",
        &[("range", "3d"), ("granularity", "day")],
        Value::Null,
        "fr",
    );
    assert_eq!(status, 200, "{file}");
    assert_eq!(file["fileName"], "device-logs-3d-day.xlsx");
    let mut book = opened(&file);
    assert_eq!(book.sheet_names(), ["Évolution", "Version de l’app", "Système du téléphone", "Pays"]);
    let phones = book.worksheet_range("Système du téléphone").expect("sheet");
    assert!(phones.rows().any(|r| r[0] == Data::String("login".into())
        && r[1] == Data::String("Android 14".into())
        && r[2] == Data::Float(2.0)));

    // A model a tenant named like a formula stays a name.
    host.tenant_id = 0;
    host.counters.insert((1, "model".into(), MONDAY + 35 * HOUR, "=1+1 (M1)".into()), 4);
    let (status, file) = host.call_with::<Dashboard>("GET", "/rankings/export", &[("range", "1d")], Value::Null, "en");
    assert_eq!(status, 200, "{file}");
    let mut book = opened(&file);
    let models = book.worksheet_range("Model").expect("sheet");
    assert_eq!(models.get((1, 0)), Some(&Data::String("=1+1 (M1)".into())));
    assert!(book.worksheet_formula("Model").expect("formulas").used_cells().all(|(_, _, f)| f.is_empty()));

    let (status, file) = host.call_with::<Dashboard>(
        "GET",
        "/errors/export",
        &[("range", "3d"), ("granularity", "day")],
        Value::Null,
        "de",
    );
    assert_eq!(status, 200, "{file}");
    let mut book = opened(&file);
    assert_eq!(book.sheet_names(), ["Zeitverlauf", "Code", "Firmware-Version", "Produkt"]);
    let codes = book.worksheet_range("Code").expect("sheet");
    assert_eq!(codes.get((0, 3)), Some(&Data::String("Zeitraum davor".into())));
}
