//! The OTA stress-test plugin's logic, natively, against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Context, Plugin, Value, json};
use ota_test::OtaTest;
use ota_test::lifecycle::{Action, Status, TRANSITIONS};

fn host() -> MemoryHost {
    let mut host = MemoryHost::new()
        .unique("devices", &["sn"])
        .unique("tasks", &["taskName"])
        .unique("cursors", &["taskId", "sn"])
        .unique("results", &["taskId", "sn", "step"]);
    for sn in ["SN-1", "SN-2"] {
        ok(host.call::<OtaTest>(
            "POST",
            "/devices",
            json!({ "sn": sn, "ip": "10.0.0.7", "online": true, "appUser": "tester" }),
        ));
    }
    host
}

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn task_body(name: &str, steps: u32) -> Value {
    json!({ "taskName": name, "deviceSns": "SN-1\nSN-2", "steps": steps, "upgradeVersion": "2.1.0", "downgradeVersion": "2.0.9",
            "wifiSsid": "lab", "wifiPassword": "correct-horse", "stepTimeoutSeconds": 600 })
}

fn start(host: &mut MemoryHost, name: &str, steps: u32) -> String {
    ok(host.call::<OtaTest>("POST", "/tasks", task_body(name, steps)))["id"].as_str().expect("id").to_string()
}

fn act(host: &mut MemoryHost, id: &str, action: &str) -> (u16, Value) {
    host.call::<OtaTest>("POST", &format!("/tasks/{id}/action"), json!({ "action": action }))
}

fn report(host: &mut MemoryHost, id: &str, sn: &str, step: u32, success: bool) -> (u16, Value) {
    host.as_device("lab");
    let answer = host.call::<OtaTest>("POST", "/device/results", json!({ "taskId": id, "sn": sn, "step": step, "success": success, "durationMs": 1000 * step, "reason": if success { "" } else { "checksum mismatch" } }));
    host.as_user();
    answer
}

#[test]
fn tasks_are_validated_and_the_wifi_password_is_sealed_and_never_answered() {
    let mut host = host();
    for (field, change) in [
        ("deviceSns", json!({ "deviceSns": "SN-1\nSN-404" })),
        ("deviceSns", json!({ "deviceSns": (0..21).map(|i| format!("S{i}\n")).collect::<String>() })),
        ("downgradeVersion", json!({ "downgradeVersion": "2.1.0" })),
        ("upgradeVersion", json!({ "upgradeVersion": "two" })),
        ("steps", json!({ "steps": 0 })),
        ("wifiPassword", json!({ "wifiPassword": "short" })),
    ] {
        let mut body = task_body("Bad", 2);
        for (k, v) in change.as_object().expect("object") {
            body[k] = v.clone();
        }
        let (status, answer) = host.call::<OtaTest>("POST", "/tasks", body);
        assert_eq!((status, answer["field"].as_str()), (400, Some(field)), "{answer}");
    }
    let created = ok(host.call::<OtaTest>("POST", "/tasks", task_body("Night run", 4)));
    assert_eq!(
        (created["status"].as_str(), created["totalSteps"].as_u64(), created["hasWifiPassword"].as_bool()),
        (Some("running"), Some(8), Some(true))
    );
    assert!(!created.to_string().contains("correct-horse") && !host.stored_text("tasks").contains("correct-horse"));

    // The device running the task gets its step and, with its own key, the password it needs
    // to join the WiFi; the lab's shared key naming it gets the SSID alone.
    host.as_device("lab");
    let shared = ok(host.call_with::<OtaTest>("GET", "/device/next", &[("sn", "SN-1")], Value::Null, "en"));
    assert!(shared["wifi"]["password"].is_null(), "{shared}");
    host.as_device_sn("SN-1");
    let next = ok(host.call_with::<OtaTest>("GET", "/device/next", &[("sn", "SN-1")], Value::Null, "en"));
    assert_eq!(
        (next["step"].as_u64(), next["kind"].as_str(), next["targetVersion"].as_str()),
        (Some(1), Some("upgrade"), Some("2.1.0"))
    );
    assert_eq!(next["wifi"]["password"], "correct-horse");
    host.as_device_sn("SN-2");
    let other = host.call_with::<OtaTest>("GET", "/device/next", &[("sn", "SN-1")], Value::Null, "en");
    assert_eq!(other.0, 403, "SN-2's key does not speak for SN-1");
}

#[test]
fn every_action_in_every_state_follows_the_table() {
    let mut host = host();
    for (index, (from, action, outcome)) in TRANSITIONS.iter().enumerate() {
        let id = start(&mut host, &format!("Pair {index}"), 1);
        // Bring the task to `from`.
        match from {
            Status::Running => {}
            Status::Paused => assert_eq!(act(&mut host, &id, "pause").0, 200),
            Status::Terminated => assert_eq!(act(&mut host, &id, "terminate").0, 200),
            Status::Completed => {
                assert_eq!(report(&mut host, &id, "SN-1", 1, true).0, 200);
                assert_eq!(report(&mut host, &id, "SN-2", 1, true).0, 200);
            }
        }
        let name = match action {
            Action::Restart => "restart",
            Action::Pause => "pause",
            Action::Terminate => "terminate",
        };
        let (status, answer) = act(&mut host, &id, name);
        match outcome {
            Ok(to) => assert_eq!((status, answer["status"].clone()), (200, json!(to)), "{from:?} {action:?}: {answer}"),
            Err(_) => assert_eq!(status, 409, "{from:?} {action:?}: {answer}"),
        }
    }
    let id = start(&mut host, "Paused one", 1);
    act(&mut host, &id, "pause");
    let (_, answer) = act(&mut host, &id, "terminate");
    assert_eq!(answer["msg"], "Mission paused, cannot be terminated.");
    let (_, zh) = host.call_with::<OtaTest>(
        "POST",
        &format!("/tasks/{id}/action"),
        &[],
        json!({ "action": "terminate" }),
        "zhCn",
    );
    assert_eq!(zh["msg"], "任务已暂停，无法终止");
    assert_eq!(act(&mut host, &id, "explode").1["field"], "action");
}

#[test]
fn a_task_advances_with_device_results_and_completes_with_a_report() {
    let mut host = host();
    let id = start(&mut host, "Two steps", 2);
    assert_eq!(report(&mut host, &id, "SN-1", 2, true).1["field"], "step", "steps come in order");
    ok(report(&mut host, &id, "SN-1", 1, true));
    ok(report(&mut host, &id, "SN-2", 1, false));
    assert_eq!(report(&mut host, &id, "SN-2", 2, true).0, 200);
    act(&mut host, &id, "pause");
    assert_eq!(report(&mut host, &id, "SN-1", 2, true).0, 409, "a paused task takes no results");
    act(&mut host, &id, "restart");
    let last = ok(report(&mut host, &id, "SN-1", 2, true));
    assert_eq!(last["taskStatus"], "completed");

    let shown = ok(host.call_with::<OtaTest>("GET", &format!("/tasks/{id}/report"), &[], Value::Null, "en"));
    assert_eq!(
        shown["devices"][1],
        json!({ "sn": "SN-2", "stepsDone": 2, "succeeded": 1, "failed": 1, "timedOut": 0, "averageMs": 1500, "longestMs": 2000, "reasons": { "checksum mismatch": 1 } })
    );
    let csv =
        ok(host.call_with::<OtaTest>("GET", &format!("/tasks/{id}/export"), &[("format", "csv")], Value::Null, "en"));
    let text = decode(&csv["content"]);
    assert!(
        String::from_utf8_lossy(&text).contains("SN-2,2,1,1,0,1500,2000,checksum mismatch ×1"),
        "{}",
        String::from_utf8_lossy(&text)
    );
    let xlsx =
        ok(host.call_with::<OtaTest>("GET", &format!("/tasks/{id}/export"), &[("format", "xlsx")], Value::Null, "en"));
    assert!(decode(&xlsx["content"]).starts_with(b"PK\x03\x04"), "an Excel workbook (zip)");
    assert_eq!(xlsx["fileName"], "Two_steps-report.xlsx");

    let history = ok(host.call_with::<OtaTest>("GET", "/history", &[("taskName", "Two")], Value::Null, "en"));
    assert_eq!(history["total"], 1);
    assert_eq!(host.call::<OtaTest>("DELETE", &format!("/tasks/{id}"), json!({ "confirmName": "two steps" })).0, 400);
    ok(host.call::<OtaTest>("DELETE", &format!("/tasks/{id}"), json!({ "confirmName": "Two steps" })));
    assert_eq!(host.stored_text("results"), "", "its results went with it");
}

#[test]
fn the_scheduler_marks_steps_that_time_out() {
    let mut host = host();
    let id = start(&mut host, "Slow", 1);
    ok(report(&mut host, &id, "SN-1", 1, true));
    let context = Context::default();
    OtaTest::run_job(&mut host, "step-timeouts", &context).expect("job");
    assert_eq!(
        ok(host.call_with::<OtaTest>("GET", &format!("/tasks/{id}/report"), &[], Value::Null, "en"))["devices"][1]["timedOut"],
        0,
        "not yet"
    );
    host.now_ms += 10 * 60_000 + 1;
    OtaTest::run_job(&mut host, "step-timeouts", &context).expect("job");
    let shown = ok(host.call_with::<OtaTest>("GET", &format!("/tasks/{id}/report"), &[], Value::Null, "en"));
    assert_eq!(shown["devices"][1]["timedOut"], 1);
    assert_eq!(shown["task"]["status"], "completed", "the timeout was the last step");
}

fn decode(value: &Value) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.decode(value.as_str().unwrap_or("")).expect("base64")
}

/// As on every SN list: above 10 SNs the user confirms the risk, above 20 none is taken.
#[test]
fn more_than_ten_task_devices_need_the_risk_confirmed() {
    let mut host = host();
    let sns: Vec<String> = (3..=13).map(|i| format!("SN-{i}")).collect();
    for sn in &sns {
        ok(host.call::<OtaTest>(
            "POST",
            "/devices",
            json!({ "sn": sn, "ip": "10.0.0.8", "online": true, "appUser": "tester" }),
        ));
    }
    let mut body = task_body("Eleven", 1);
    body["deviceSns"] = json!(sns.join("\n"));
    let (status, answer) = host.call_with::<OtaTest>("POST", "/tasks", &[], body.clone(), "en");
    assert_eq!((status, answer["field"].as_str()), (400, Some("deviceSns")), "{answer}");
    assert!(answer["msg"].as_str().is_some_and(|m| m.contains("exceeded 10")), "{answer}");
    body["riskConfirmed"] = json!(true);
    assert_eq!(ok(host.call::<OtaTest>("POST", "/tasks", body))["totalSteps"].as_u64(), Some(11), "a step per device");
}
