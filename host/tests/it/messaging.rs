//! The messaging plugin's mail part over HTTP with its built `.wasm` and the host's real mail
//! capability (lettre), against an SMTP sink this test starts: templates in two languages, unknown
//! placeholders refused, a test mail arriving, an operator-denied server refused, and a failed
//! send kept and retried.

use crate::common;

use std::sync::{Arc, Mutex};

use common::smtp::smtp_sink;
use common::{Install, TestHost};
use reqwest::Method;
use serde_json::json;
use tokio::net::TcpListener;

async fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").await.expect("bind").local_addr().expect("addr").port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_goes_through_granted_servers_renders_per_language_and_failures_are_retried() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let sink_port = listener.local_addr().expect("addr").port();
    let inbox = smtp_sink(listener).await;
    let later_port = free_port().await;
    let grants = format!(
        "template = true\nmail_servers = [\"127.0.0.1:{sink_port}\", \"127.0.0.1:{later_port}\"]\ntimeout_ms = 10000"
    );
    let host = TestHost::start_with_plugins(&[Install::plugin("messaging", &grants)], |_| {}).await;
    let admin = host.admin().await;

    let template = |lang: &str, subject: &str, content: &str| json!({ "templateName": "welcome", "lang": lang, "subject": subject, "content": content, "headerSignature": "{{ team }}", "placeholders": ["name", "code", "team"] });
    let unknown = host
        .post(
            "/message-service/mail/templates",
            &admin,
            template("en", "Hi {{ name }}", "Code {{ code }} for {{ device }}"),
        )
        .await;
    assert_eq!((unknown.code(), unknown.data()["field"].as_str()), (400, Some("content")));
    assert!(unknown.msg().contains("device"), "names the placeholder: {}", unknown.msg());
    host.post(
        "/message-service/mail/templates",
        &admin,
        template("en", "Welcome {{ name }}", "<p>Your code is <b>{{ code }}</b></p>"),
    )
    .await
    .ok();
    host.post(
        "/message-service/mail/templates",
        &admin,
        template("de", "Willkommen {{ name | upper }}", "<p>Ihr Code lautet {{ code }}</p>"),
    )
    .await
    .ok();

    let server = |name: &str, port: u16| {
        json!({ "serverName": name, "mailType": "other", "domain": "127.0.0.1", "port": port, "ssl": false, "tls12": false,
                "senderAddress": "noreply@console.test", "senderName": "Device Console", "password": "sink-password" })
    };
    let sink = host.post("/message-service/mail/servers", &admin, server("Sink", sink_port)).await;
    let sink_id = sink.ok()["id"].as_str().expect("id").to_string();
    let sent = host
        .post(&format!("/message-service/mail/servers/{sink_id}/test"), &admin, json!({ "to": "ops@console.test\nqa@console.test", "templateName": "welcome", "lang": "de", "values": { "name": "Max", "code": "4821", "team": "Das Team" } }))
        .await;
    assert_eq!(sent.ok()["status"], "sent", "{:?}", sent.body);
    let received = inbox.lock().expect("inbox").clone();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].recipients, vec!["ops@console.test", "qa@console.test"]);
    assert_eq!(
        received[0].credentials, "\0noreply@console.test\0sink-password",
        "the sealed password, opened by the host"
    );
    let data = &received[0].data;
    assert!(data.contains("Subject: Willkommen MAX"), "German template, minijinja filter: {data}");
    assert!(data.contains("Ihr Code lautet 4821") && data.contains("Das Team"), "{data}");
    assert!(
        data.contains("From: \"Device Console\" <noreply@console.test>")
            || data.contains("From: Device Console <noreply@console.test>"),
        "{data}"
    );

    // A server the operator did not grant: refused, and the message kept with the reason.
    let denied = host.post("/message-service/mail/servers", &admin, server("Elsewhere", 2526)).await;
    let denied_id = denied.ok()["id"].as_str().expect("id").to_string();
    let refused = host
        .post(&format!("/message-service/mail/servers/{denied_id}/test"), &admin, json!({ "to": "ops@console.test" }))
        .await;
    assert_eq!(refused.ok()["status"], "failed");
    assert!(refused.ok()["error"].as_str().unwrap_or("").contains("not granted"), "{:?}", refused.body);

    // Granted but down: the failure is recorded, then the retry goes through once it is up.
    let later = host.post("/message-service/mail/servers", &admin, server("Later", later_port)).await;
    let later_id = later.ok()["id"].as_str().expect("id").to_string();
    let failed = host
        .post(&format!("/message-service/mail/servers/{later_id}/test"), &admin, json!({ "to": "ops@console.test" }))
        .await;
    assert_eq!(failed.ok()["status"], "failed", "{:?}", failed.body);
    let failures = host.get("/message-service/mail/records?status=failed", &admin).await;
    assert_eq!(failures.ok()["total"], 2);
    let record = failed.ok()["id"].as_str().expect("id").to_string();
    let late_inbox = smtp_sink(TcpListener::bind(("127.0.0.1", later_port)).await.expect("bind later")).await;
    let retried = host
        .call(
            Method::POST,
            &format!("/message-service/mail/records/{record}/retry"),
            Some(&admin),
            &[("lang", "en")],
            None,
        )
        .await;
    assert_eq!((retried.ok()["status"].as_str(), retried.ok()["attempts"].as_u64()), (Some("sent"), Some(2)));
    assert_eq!(late_inbox.lock().expect("inbox").len(), 1);
    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    assert!(!records.ok().to_string().contains("sink-password"), "masked in the operation records");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_capacity_alarm_fires_once_per_interval_and_a_daily_task_runs_from_the_scheduler() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let inbox = smtp_sink(listener).await;
    let grants = format!("template = true\nmail_servers = [\"127.0.0.1:{port}\"]\ntimeout_ms = 10000");
    let host = TestHost::start_with_plugins(&[Install::plugin("messaging", &grants)], |_| {}).await;
    let admin = host.admin().await;
    let server = host
        .post(
            "/message-service/mail/servers",
            &admin,
            json!({ "serverName": "Sink", "mailType": "other", "domain": "127.0.0.1", "port": port,
            "senderAddress": "noreply@console.test", "senderName": "Console", "password": "pw-123" }),
        )
        .await;
    let id = server.ok()["id"].as_str().expect("id").to_string();
    host.post("/message-service/mail/alarms", &admin, json!({ "serverId": id, "threshold": 50, "capacity": 2, "alarmCount": 5, "intervalMinutes": 60, "alarmTime": "00:00", "recipients": "admin@console.test" }))
        .await
        .ok();
    let alarms = || inbox.lock().expect("inbox").iter().filter(|m| m.data.contains("Mailbox capacity alarm")).count();
    for expected in [1, 1] {
        host.post(&format!("/message-service/mail/servers/{id}/test"), &admin, json!({ "to": "ops@console.test" }))
            .await
            .ok();
        assert_eq!(alarms(), expected);
    }
    let alarm = inbox
        .lock()
        .expect("inbox")
        .iter()
        .find(|m| m.data.contains("Mailbox capacity alarm"))
        .cloned()
        .expect("alarm");
    assert_eq!(alarm.recipients, vec!["admin@console.test"]);

    host.post("/message-service/mail/templates", &admin, json!({ "templateName": "report", "lang": "en", "subject": "Daily report for {{ site }}", "content": "All good", "placeholders": ["site"] }))
        .await
        .ok();
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    host.post(
        "/message-service/mail/tasks",
        &admin,
        json!({ "taskName": "Morning", "serverId": id, "templateName": "report", "lang": "en",
        "values": { "site": "Lab" }, "recipients": "boss@console.test", "cycle": "daily", "firstRunAt": now }),
    )
    .await
    .ok();
    let started = std::time::Instant::now();
    while !inbox.lock().expect("inbox").iter().any(|m| m.data.contains("Daily report for Lab")) {
        assert!(started.elapsed().as_secs() < 30, "the scheduler did not run the task");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
    // The mail leaves before the job's transaction commits: wait for the task's run to be recorded.
    let task = loop {
        let task = host.get("/message-service/mail/tasks", &admin).await.ok()["list"][0].clone();
        if task["lastRunAt"].is_i64() {
            break task;
        }
        assert!(started.elapsed().as_secs() < 30, "the run was not recorded");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let next = task["nextRunAt"].as_i64().unwrap_or(0);
    assert!((next - now - 86_400_000).abs() < 1000, "tomorrow: {next}");
    assert_eq!(task["lastStatus"], "sent");
}

/// A fake SMS provider: keeps each request (authorization, JSON body); answers 503 while `down`.
async fn fake_provider() -> (u16, Arc<Mutex<Vec<(String, serde_json::Value)>>>, Arc<std::sync::atomic::AtomicBool>) {
    use axum::extract::State;
    use axum::http::{HeaderMap, StatusCode};
    type Seen = Arc<Mutex<Vec<(String, serde_json::Value)>>>;
    let seen: Seen = Arc::default();
    let down = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let app = axum::Router::new()
        .route(
            "/send",
            axum::routing::post(
                |State((seen, down)): State<(Seen, Arc<std::sync::atomic::AtomicBool>)>,
                 headers: HeaderMap,
                 axum::Json(body): axum::Json<serde_json::Value>| async move {
                    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
                    seen.lock().expect("seen").push((auth, body));
                    if down.load(std::sync::atomic::Ordering::SeqCst) {
                        StatusCode::SERVICE_UNAVAILABLE
                    } else {
                        StatusCode::OK
                    }
                },
            ),
        )
        .with_state((seen.clone(), down.clone()));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move { axum::serve(listener, app).await.ok() });
    (port, seen, down)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sms_reaches_only_granted_providers_and_a_failed_call_is_recorded_and_retried() {
    let (port, seen, down) = fake_provider().await;
    let grants = format!("template = true\noutbound_hosts = [\"127.0.0.1:{port}\"]");
    let host = TestHost::start_with_plugins(&[Install::plugin("messaging", &grants)], |_| {}).await;
    let admin = host.admin().await;
    let platform = |name: &str, endpoint: String| json!({ "platformName": name, "endpoint": endpoint, "apiKey": "provider-key-0042" });
    let granted = host
        .post("/message-service/sms/platforms", &admin, platform("Fake", format!("http://127.0.0.1:{port}/send")))
        .await;
    assert!(!granted.ok().to_string().contains("provider-key-0042"));
    let denied = host
        .post("/message-service/sms/platforms", &admin, platform("Elsewhere", "http://127.0.0.2:9/send".into()))
        .await;
    let template = |name: &str, platform: &serde_json::Value| json!({ "templateName": name, "sendType": "verification", "content": "Your code is {code}", "platformTemplateId": "SMS_001", "platformId": platform["id"], "signature": "Console" });
    let unsigned = host.post("/message-service/sms/templates", &admin, template("unsigned", granted.ok())).await;
    assert_eq!(unsigned.data()["field"], "signature", "the signature must be registered first");
    host.post("/message-service/sms/signatures", &admin, json!({ "signature": "Console" })).await.ok();
    let ok_template =
        host.post("/message-service/sms/templates", &admin, template("code", granted.ok())).await.ok()["id"].clone();
    let denied_template =
        host.post("/message-service/sms/templates", &admin, template("code elsewhere", denied.ok())).await.ok()["id"]
            .clone();

    let refused = host
        .post(
            "/message-service/sms/send",
            &admin,
            json!({ "templateId": denied_template, "phones": "86-13800000000", "params": { "code": "1234" } }),
        )
        .await;
    assert_eq!(refused.ok()[0]["status"], "failed");
    assert!(refused.ok()[0]["error"].as_str().unwrap_or("").contains("not granted"), "{:?}", refused.body);

    let failed = host
        .post(
            "/message-service/sms/send",
            &admin,
            json!({ "templateId": ok_template, "phones": "86-13800000001", "params": { "code": "4821" } }),
        )
        .await;
    assert_eq!(failed.ok()[0]["status"], "failed");
    assert!(failed.ok()[0]["error"].as_str().unwrap_or("").contains("503"), "{:?}", failed.body);
    down.store(false, std::sync::atomic::Ordering::SeqCst);
    let record = failed.ok()[0]["id"].as_str().expect("id").to_string();
    let retried = host
        .call(
            Method::POST,
            &format!("/message-service/sms/records/{record}/retry"),
            Some(&admin),
            &[("lang", "en")],
            None,
        )
        .await;
    assert_eq!((retried.ok()["status"].as_str(), retried.ok()["attempts"].as_u64()), (Some("sent"), Some(2)));
    let requests = seen.lock().expect("seen").clone();
    assert_eq!(requests.len(), 2, "the failed call and the retry");
    assert_eq!(requests[1].0, "Bearer provider-key-0042", "the sealed key, opened by the plugin");
    assert_eq!(
        requests[1].1,
        json!({ "phone": "86-13800000001", "signName": "Console", "templateCode": "SMS_001", "params": { "code": "4821" } })
    );

    let bad = host
        .post(
            "/message-service/sms/send",
            &admin,
            json!({ "templateId": ok_template, "phones": "13800000001", "params": { "code": "1" } }),
        )
        .await;
    assert_eq!(bad.data()["field"], "phones");
    let missing = host
        .post("/message-service/sms/send", &admin, json!({ "templateId": ok_template, "phones": "86-13800000001" }))
        .await;
    assert_eq!(missing.data()["field"], "params.code");
}

#[tokio::test]
async fn devices_fill_the_message_log_which_is_searchable() {
    let host = TestHost::start_with_plugins(&[Install::plugin("messaging", "template = true")], |_| {}).await;
    let admin = host.admin().await;
    let key = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "messaging", "tenantId": 0, "name": "gateway" }),
        )
        .await;
    let key = format!("Device {}", key.ok()["key"].as_str().expect("key"));
    for (topic, kind) in [("/sys/robot/SN1/event/post", "eventReport"), ("/sys/robot/SN1/property/set", "propertySet")]
    {
        let body = json!({ "topic": topic, "messageType": kind, "actionType": "up", "deviceSn": "SN1", "payload": { "battery": 80 } });
        let answer = host
            .call(Method::POST, "/device/message-service/device/messages", Some(&key), &[("lang", "en")], Some(body))
            .await;
        assert_eq!(answer.code(), 200, "{:?}", answer.body);
    }
    let bad = host
        .call(
            Method::POST,
            "/device/message-service/device/messages",
            Some(&key),
            &[("lang", "en")],
            Some(json!({ "topic": "t", "messageType": "gossip", "actionType": "up", "deviceSn": "SN1" })),
        )
        .await;
    assert_eq!(bad.data()["field"], "messageType");
    let events = host.get("/message-service/messages?topic=event&messageType=eventReport", &admin).await;
    assert_eq!(events.ok()["total"], 1);
    let precise = host.get("/message-service/messages?topic=event&mode=precise", &admin).await;
    assert_eq!(precise.ok()["total"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn push_goes_to_each_client_in_its_language_and_failures_are_retried() {
    let (port, seen, down) = fake_provider().await;
    let grants = format!("template = true\noutbound_hosts = [\"127.0.0.1:{port}\"]");
    let host = TestHost::start_with_plugins(&[Install::plugin("messaging", &grants)], |_| {}).await;
    let admin = host.admin().await;
    let config = host
        .post("/message-service/push/configs", &admin, json!({ "configName": "FCM", "pushType": "fcm", "endpoint": format!("http://127.0.0.1:{port}/send"),
            "appKey": "app-1", "secret": "push-secret-0099", "credentials": "{\"type\":\"service_account\"}", "active": true }))
        .await;
    let shown = config.ok().to_string();
    assert!(
        !shown.contains("push-secret-0099")
            && !shown.contains("service_account")
            && config.ok()["hasCredentials"] == true,
        "{shown}"
    );
    for (lang, title) in [("en", "Cleaning done in {{ room }}"), ("de", "Reinigung in {{ room }} fertig")] {
        host.post(
            "/message-service/push/templates",
            &admin,
            json!({ "templateName": "done", "errorCode": "DONE", "lang": lang, "title": title, "content": "OK" }),
        )
        .await
        .ok();
    }
    let key = host
        .post("/plugin-admin/device-keys/add", &admin, json!({ "pluginId": "messaging", "tenantId": 0, "name": "app" }))
        .await;
    let key = format!("Device {}", key.ok()["key"].as_str().expect("key"));
    let registered = host
        .call(
            Method::POST,
            "/device/message-service/device/push-clients",
            Some(&key),
            &[("lang", "en")],
            Some(json!({ "registerId": "reg-1", "alias": "anna", "lang": "de" })),
        )
        .await;
    assert_eq!(registered.code(), 200, "{:?}", registered.body);

    let failed = host
        .post(
            "/message-service/push/send",
            &admin,
            json!({ "pushType": "fcm", "templateName": "done", "targets": "anna", "values": { "room": "Küche" } }),
        )
        .await;
    assert_eq!(failed.ok()[0]["status"], "failed", "{:?}", failed.body);
    down.store(false, std::sync::atomic::Ordering::SeqCst);
    let record = failed.ok()[0]["id"].as_str().expect("id").to_string();
    let retried = host
        .call(
            Method::POST,
            &format!("/message-service/push/records/{record}/retry"),
            Some(&admin),
            &[("lang", "en")],
            None,
        )
        .await;
    assert_eq!(retried.ok()["status"], "sent");
    let requests = seen.lock().expect("seen").clone();
    assert_eq!(requests.last().map(|(auth, _)| auth.as_str()), Some("key=app-1:push-secret-0099"));
    assert_eq!(
        requests.last().map(|(_, body)| body["notification"]["title"].clone()),
        Some(json!("Reinigung in Küche fertig"))
    );
    assert_eq!(requests.last().map(|(_, body)| body["to"].clone()), Some(json!("reg-1")));
}

/// A mail template of 200 bytes that turns lists nested in lists into text asks for gigabytes in
/// one step; an ordinary enterprise administrator saves it on the messaging page. Rendered in a
/// worker whose memory the kernel bounds, it is refused at once with the reason, and the host and
/// the other templates go on as before (it was OOM-killed before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_template_that_would_build_gigabytes_is_refused_and_takes_nothing_from_the_host() {
    let host =
        TestHost::start_with_plugins(&[Install::plugin("messaging", "template = true\ntimeout_ms = 10000")], |_| {})
            .await;
    let admin = host.admin().await;
    let bomb = "{% set r = range(100000)|list %}{% set a = [r,r,r,r,r,r,r,r,r,r] %}{% set b = [a,a,a,a,a,a,a,a,a,a] %}\
                {% set c = [b,b,b,b,b,b,b,b,b,b] %}{{ c|string|length }}";
    let template = |name: &str, content: &str| {
        json!({ "templateName": name, "lang": "en", "subject": "Hello",
                                                      "content": content, "placeholders": [] })
    };
    let before = common::proc_status_mib("self", "VmRSS:");
    let started = std::time::Instant::now();
    let refused = host.post("/message-service/mail/templates", &admin, template("bomb", bomb)).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("content")), "{:?}", refused.body);
    assert!(refused.msg().contains("memory"), "{}", refused.msg());
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "refused within the call: {:?}", started.elapsed());
    let grown = common::proc_status_mib("self", "VmRSS:").saturating_sub(before);
    assert!(grown < 100, "the host grew by {grown} MiB");
    // The worker that died is replaced: the next template renders.
    host.post("/message-service/mail/templates", &admin, template("fine", "<p>Hello {{ 'there'|upper }}</p>"))
        .await
        .ok();
    let listed = host.get("/message-service/mail/templates", &admin).await;
    assert_eq!(listed.ok()["total"], 1, "only the ordinary template is kept");
}
