//! The device dashboard with the built `dashboard.wasm`, `device.wasm` and `product.wasm` and
//! simulated devices (tools/devsim): their reports and events move the figures once counted by
//! the schedule, a rebuild counts them again to the same figures, and another enterprise sees
//! none of them.

use std::time::Duration;

use crate::common;

use common::Install;
use common::fleet::fleet_with;
use serde_json::{Map, Value, json};

fn params(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("object")
}

fn total(series: &Value) -> i64 {
    series.as_array().map_or(0, |s| s.iter().filter_map(Value::as_i64).sum())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_move_the_device_dashboard_a_rebuild_agrees_and_enterprises_stay_apart() {
    let dashboard = Install::plugin(
        "dashboard",
        "uses = [\"device-service\", \"product-service\", \"app-service\", \"customer-service\", \"i18n-service\"]\nevents = true",
    );
    let fleet = fleet_with("RV-DB", 2, vec![dashboard, Install::plugin("globalization", "files = true")]).await;
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let mut first = fleet.device(0).await;
    let second = fleet.device(1).await;
    for battery in [90, 80, 70] {
        first.report(params(json!({ "battery": battery }))).await.expect("a report");
    }
    second.event("stuck", params(json!({ "code": 7 }))).await.expect("an event");

    // Counted by the schedule once they have settled (10 s): then the figures say so.
    let figures = |path: &'static str| async move { host.get(path, admin).await.ok().clone() };
    let mut counted = Value::Null;
    for _ in 0..150 {
        counted = figures("/dashboard-service/device-activity?range=1d&granularity=hour").await;
        if total(&counted["reports"]) == 3 && total(&counted["events"]["fault"]) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!((total(&counted["reports"]), total(&counted["events"]["fault"])), (3, 1), "{counted}");
    assert_eq!(counted["busiest"][0]["productName"], "RVDB", "{}", counted["busiest"]);
    assert_eq!(counted["busiest"][0]["reports"], 3);
    assert!(counted["countedUntil"].as_i64() > Some(0), "says how fresh it is");
    let latency: i64 = counted["latency"].as_array().expect("latency").iter().map(|b| b[1].as_i64().unwrap_or(0)).sum();
    assert_eq!(latency, 4, "every report in the latency histogram once");

    // Each activation is a login, counted with the reports.
    let logs = figures("/dashboard-service/device-logs?range=1d").await;
    let login =
        logs["kinds"].as_array().expect("kinds").iter().find(|k| k["kind"] == "login").cloned().expect("logins");
    assert_eq!((login["total"].as_i64(), login["failures"].as_i64()), (Some(2), Some(0)), "{logs}");

    // The fault is an error: by its code (the event's `code` parameter), firmware and product,
    // with the code's return-code message in the user's language.
    let code =
        json!({ "module": "device", "key": "7", "texts": { "en": "The wheel is stuck.", "de": "Das Rad klemmt." } });
    host.post("/i18n-service/codes", admin, code).await.ok();
    let errors = host
        .call(reqwest::Method::GET, "/dashboard-service/errors?range=1d", Some(admin), &[("lang", "de")], None)
        .await
        .ok()
        .clone();
    assert_eq!((errors["total"].as_i64(), errors["previousTotal"].as_i64()), (Some(1), Some(0)), "{errors}");
    assert_eq!(
        errors["codes"],
        json!([{ "code": "7", "message": "Das Rad klemmt.", "count": 1, "previous": 0, "spike": false }])
    );
    assert_eq!((&errors["byFirmware"], &errors["byProduct"]), (&json!([["1.0.0", 1]]), &json!([["RVDB", 1]])));
    assert_eq!(total(&errors["codesOverTime"][0][1]), 1);

    // Another enterprise sees none of it.
    let other = host.create_tenant(admin, "Kitchens", 61).await.to_string();
    let theirs = host.get_as("/dashboard-service/device-activity?range=1d", admin, &other).await.ok().clone();
    assert_eq!((total(&theirs["reports"]), theirs["busiest"].as_array().map(Vec::len)), (0, Some(0)), "{theirs}");

    // Counted again from the first report: the same figures. Compared as totals: the last day's
    // hourly buckets move on by one when the clock passes the hour between the two readings.
    let figures_of = |read: &Value| {
        let events: Vec<i64> = ["alert", "fault", "info"].iter().map(|kind| total(&read["events"][kind])).collect();
        (total(&read["reports"]), events, read["latency"].clone())
    };
    host.post("/dashboard-service/rebuild", admin, json!({})).await.ok();
    let mut rebuilt = Value::Null;
    for _ in 0..150 {
        rebuilt = figures("/dashboard-service/device-activity?range=1d&granularity=hour").await;
        if figures_of(&rebuilt) == figures_of(&counted) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(figures_of(&rebuilt), figures_of(&counted), "{rebuilt}");

    // A time zone the console does not know is refused by name.
    let refused = host
        .call(
            reqwest::Method::PUT,
            "/dashboard-service/settings",
            Some(admin),
            &[("lang", "de")],
            Some(json!({ "timeZone": "Mars/Olympus" })),
        )
        .await;
    assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (400, Some("timeZone")), "{:?}", refused.body);
    assert!(
        refused.body["msg"].as_str().is_some_and(|m| m.contains("IANA-Zeitzone")),
        "in the user's language: {:?}",
        refused.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_overview_and_rankings_count_the_fleet_from_snapshots_and_say_when() {
    let grants =
        "uses = [\"device-service\", \"product-service\", \"app-service\", \"customer-service\"]\nevents = true";
    let fleet = fleet_with("RV-OV", 3, vec![Install::plugin("dashboard", grants)]).await;
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let first = fleet.device(0).await;
    let _second = fleet.device(1).await;
    first.heartbeat("cleaning").await.expect("a heartbeat");
    let overview = || async { host.get("/dashboard-service/overview?range=1d", admin).await.ok().clone() };
    let card = |overview: &Value, name: &str| {
        overview["cards"].as_array().expect("cards").iter().find(|c| c["name"] == name).cloned().expect("a card")
    };

    host.post("/dashboard-service/snapshot", admin, json!({})).await.ok();
    let seen = overview().await;
    assert_eq!(card(&seen, "devices")["value"], 2, "{seen}");
    assert_eq!(card(&seen, "online")["value"], 2, "both came online when they activated");
    assert_eq!(seen["firmware"], json!([["1.0.0", 2]]));
    assert!(seen["workStates"].as_array().expect("states").contains(&json!(["cleaning", 1])), "{}", seen["workStates"]);
    assert_eq!(card(&seen, "app:users")["value"], Value::Null, "no app plugin here: no figure, not a zero");
    let device_page = host.get("/dashboard-service/device-activity?range=1d", admin).await.ok().clone();
    let rate = device_page["onlineRate"].as_array().and_then(|r| r.iter().rev().find(|v| !v.is_null()).cloned());
    assert_eq!(rate, Some(json!(100.0)), "both online: {}", device_page["onlineRate"]);
    assert_eq!(device_page["firmwareTrend"][0][0], "1.0.0");
    let taken = seen["takenAt"].as_i64().unwrap_or(0);
    assert!(taken > 0, "says when its figures were taken");

    // A third device counts from the next snapshot on, not on a page view.
    let _third = fleet.device(2).await;
    assert_eq!(card(&overview().await, "devices")["value"], 2);
    host.post("/dashboard-service/snapshot", admin, json!({})).await.ok();
    let moved = overview().await;
    assert_eq!(card(&moved, "devices")["value"], 3);
    assert!(moved["takenAt"].as_i64().unwrap_or(0) >= taken);
    let trend = card(&moved, "devices")["trend"].as_array().cloned().expect("trend");
    assert_eq!(trend.last(), Some(&json!(3)), "the hour's latest sample: {trend:?}");

    let rankings = host.get("/dashboard-service/rankings?range=1d", admin).await.ok().clone();
    assert_eq!(rankings["models"][0]["devices"], 3, "{rankings}");
    assert!(rankings["models"][0]["name"].as_str().is_some_and(|n| !n.is_empty()));
    assert_eq!(rankings["categories"][0]["devices"], 3, "{rankings}");
    assert_eq!(
        rankings["enterprises"],
        json!([{ "enterpriseId": 0, "name": rankings["enterprises"][0]["name"], "devices": 3 }])
    );

    // The world page places each device where its app said (devsim's phone for the SN), by
    // country and, for the China view, by ISO 3166-2 region.
    let world = host.get("/dashboard-service/world?range=1d", admin).await.ok().clone();
    let mut expected = std::collections::BTreeMap::<String, i64>::new();
    let mut regions = std::collections::BTreeMap::<String, i64>::new();
    for (sn, _) in &fleet.keys {
        let app = devsim::app_context(sn);
        *expected.entry(app["countryCode"].as_str().unwrap_or_default().to_string()).or_default() += 1;
        *regions.entry(app["subdivisionCode"].as_str().unwrap_or_default().to_string()).or_default() += 1;
    }
    let counted = |list: &Value| -> std::collections::BTreeMap<String, i64> {
        let pairs = list.as_array().cloned().unwrap_or_default();
        pairs.iter().map(|p| (p[0].as_str().unwrap_or_default().to_string(), p[1].as_i64().unwrap_or(0))).collect()
    };
    assert_eq!(counted(&world["devices"]), expected, "{world}");
    assert_eq!(counted(&world["subdivisions"]), regions, "{world}");

    // An enterprise sees its own figures only, and no ranking of enterprises.
    let other = host.create_tenant(admin, "Kitchens", 62).await.to_string();
    host.post_as("/dashboard-service/snapshot", admin, &other, json!({})).await.ok();
    let theirs = host.get_as("/dashboard-service/overview?range=1d", admin, &other).await.ok().clone();
    assert_eq!(card(&theirs, "devices")["value"], 0, "{theirs}");
    let their_rankings = host.get_as("/dashboard-service/rankings?range=1d", admin, &other).await.ok().clone();
    assert_eq!(
        (their_rankings["enterprises"].as_array().map(Vec::len), their_rankings["models"].as_array().map(Vec::len)),
        (Some(0), Some(0))
    );
    let their_world = host.get_as("/dashboard-service/world?range=1d", admin, &other).await.ok().clone();
    assert_eq!(their_world["devices"], json!([]), "{their_world}");
}
