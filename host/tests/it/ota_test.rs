//! The OTA stress-test plugin over HTTP with its built `.wasm`: devices register with a device
//! key, a task runs as they report, the refused transitions answer clear messages, the host's
//! scheduler marks a step that times out, and the report downloads.

use crate::common;

use common::{Answer, Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};

async fn device(host: &TestHost, key: &str, method: Method, path: &str, body: Option<Value>) -> Answer {
    host.call(method, &format!("/device/ota-test-service{path}"), Some(key), &[("lang", "en")], body).await
}

async fn setup() -> (TestHost, String, String) {
    let host = TestHost::start_with_plugins(&[Install::plugin("ota-test", "")], |_| {}).await;
    let admin = host.admin().await;
    let key = host
        .post("/plugin-admin/device-keys/add", &admin, json!({ "pluginId": "ota-test", "tenantId": 0, "name": "lab" }))
        .await;
    let key = format!("Device {}", key.ok()["key"].as_str().expect("key"));
    for sn in ["SN-1", "SN-2"] {
        device(
            &host,
            &key,
            Method::POST,
            "/device/register",
            Some(json!({ "sn": sn, "ip": "10.1.0.9", "online": true })),
        )
        .await
        .ok();
    }
    (host, admin, key)
}

fn task(name: &str, steps: u32, timeout: u32) -> Value {
    json!({ "taskName": name, "deviceSns": "SN-1\nSN-2", "steps": steps, "upgradeVersion": "2.1.0", "downgradeVersion": "2.0.0",
            "wifiSsid": "lab", "wifiPassword": "correct-horse", "stepTimeoutSeconds": timeout })
}

async fn act(host: &TestHost, admin: &str, id: &str, action: &str, lang: &str) -> Answer {
    host.call(
        Method::POST,
        &format!("/ota-test-service/tasks/{id}/action"),
        Some(admin),
        &[("lang", lang)],
        Some(json!({ "action": action })),
    )
    .await
}

#[tokio::test]
async fn a_task_runs_as_devices_report_and_refuses_what_the_spec_refuses() {
    let (host, admin, key) = setup().await;
    let devices = host.get("/ota-test-service/devices?online=true", &admin).await;
    assert_eq!(devices.ok()["total"], 2, "registered by the devices themselves");
    let created = host.post("/ota-test-service/tasks", &admin, task("Night run", 2, 600)).await;
    let id = created.ok()["id"].as_str().expect("id").to_string();
    assert!(!created.ok().to_string().contains("correct-horse"), "never answered to the console");

    let paused = act(&host, &admin, &id, "pause", "en").await;
    assert_eq!(paused.ok()["status"], "paused");
    let refused = act(&host, &admin, &id, "terminate", "zhCn").await;
    assert_eq!((refused.code(), refused.msg()), (409, "任务已暂停，无法终止"));
    let late = device(
        &host,
        &key,
        Method::POST,
        "/device/results",
        Some(json!({ "taskId": id, "sn": "SN-1", "step": 1, "success": true, "durationMs": 5 })),
    )
    .await;
    assert_eq!(late.code(), 409, "a paused task takes no results");
    act(&host, &admin, &id, "restart", "en").await.ok();

    // The WiFi password goes to SN-1's own key only: the lab's shared key
    // naming SN-1 gets the SSID alone, and SN-2's key cannot speak for SN-1.
    let fleet = device(&host, &key, Method::GET, "/device/next?sn=SN-1", None).await;
    assert_eq!((fleet.ok()["kind"].as_str(), fleet.ok()["wifi"]["ssid"].as_str()), (Some("upgrade"), Some("lab")));
    assert!(fleet.ok()["wifi"]["password"].is_null(), "{:?}", fleet.body);
    let own_key = |sn: &str| {
        let body = json!({ "pluginId": "ota-test", "tenantId": 0, "name": format!("{sn} key"), "sn": sn });
        let host = &host;
        let admin = admin.clone();
        async move {
            let issued = host.post("/plugin-admin/device-keys/add", &admin, body).await;
            format!("Device {}", issued.ok()["key"].as_str().expect("key"))
        }
    };
    let sn1 = own_key("SN-1").await;
    let sn2 = own_key("SN-2").await;
    let next = device(&host, &sn1, Method::GET, "/device/next?sn=SN-1", None).await;
    assert_eq!(
        (next.ok()["kind"].as_str(), next.ok()["wifi"]["password"].as_str()),
        (Some("upgrade"), Some("correct-horse"))
    );
    let other = device(&host, &sn2, Method::GET, "/device/next?sn=SN-1", None).await;
    assert_eq!(other.code(), 400, "another device's key is refused: {:?}", other.body);
    for step in 1..=2 {
        for sn in ["SN-1", "SN-2"] {
            let success = !(sn == "SN-2" && step == 2);
            let body = json!({ "taskId": id, "sn": sn, "step": step, "success": success, "durationMs": 40_000, "reason": if success { "" } else { "battery low" } });
            device(&host, &key, Method::POST, "/device/results", Some(body)).await.ok();
        }
    }
    let report = host.get(&format!("/ota-test-service/history/{id}/report"), &admin).await;
    assert_eq!(report.ok()["task"]["status"], "completed");
    assert_eq!(report.ok()["devices"][1]["reasons"]["battery low"], 1);
    assert_eq!(act(&host, &admin, &id, "restart", "en").await.code(), 409, "a finished task stays finished");

    let export = host.get(&format!("/ota-test-service/history/{id}/export?format=csv"), &admin).await;
    use base64::Engine as _;
    let csv = base64::engine::general_purpose::STANDARD
        .decode(export.ok()["content"].as_str().unwrap_or(""))
        .expect("base64");
    assert!(
        String::from_utf8_lossy(&csv).contains("SN-2,2,1,1,0,40000,40000,battery low ×1"),
        "{}",
        String::from_utf8_lossy(&csv)
    );
    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    assert!(!records.ok().to_string().contains("correct-horse"), "the password is masked in the records");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_marks_a_step_that_times_out() {
    let (host, admin, key) = setup().await;
    let created = host.post("/ota-test-service/tasks", &admin, task("Quick", 1, 10)).await;
    let id = created.ok()["id"].as_str().expect("id").to_string();
    device(
        &host,
        &key,
        Method::POST,
        "/device/results",
        Some(json!({ "taskId": id, "sn": "SN-1", "step": 1, "success": true, "durationMs": 9 })),
    )
    .await
    .ok();
    // SN-2 never answers: the 5 s schedule records a timeout after 10 s.
    let started = std::time::Instant::now();
    loop {
        let report = host.get(&format!("/ota-test-service/tasks/{id}/report"), &admin).await;
        if report.ok()["devices"][1]["timedOut"] == 1 {
            assert_eq!(report.ok()["task"]["status"], "completed");
            break;
        }
        assert!(started.elapsed().as_secs() < 40, "no timeout recorded: {:?}", report.body);
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
}
