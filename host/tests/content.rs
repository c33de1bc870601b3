//! The content plugin over HTTP with its built `.wasm`, on SQLite and PostgreSQL: the one-agreement
//! rule (one per enterprise, language and type) and an app fetching its agreement by ETag; feedback
//! sent by devsim's app with a file through the large-file upload, its recipients mailed by the
//! minute's job (the test moves the host's clock a minute on), and an operator's reply mailed to
//! the user through the messaging plugin (an SMTP sink the test starts), the file downloaded
//! intact.

mod common;

use common::smtp::smtp_sink;
use common::{Install, TestHost};
use serde_json::{Value, json};
use tokio::net::TcpListener;

const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
const APP_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true";
const CONTENT_GRANTS: &str = "uses = [\"product-service\", \"message-service\"]\nfiles = true\ntimeout_ms = 10000";

async fn start(messaging_grants: &str) -> (TestHost, String) {
    let plugins = [
        Install::plugin("product", PRODUCT_GRANTS),
        Install::plugin("app", APP_GRANTS),
        Install::plugin("messaging", messaging_grants),
        Install::plugin("content", CONTENT_GRANTS),
    ];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

async fn app(host: &TestHost, admin: &str) -> devsim::app::App {
    let body = json!({ "pluginId": "app", "tenantId": 0, "name": "Robot Home app" });
    let key =
        host.post("/plugin-admin/device-keys/add", admin, body).await.ok()["key"].as_str().expect("a key").to_string();
    devsim::app::App::new(host.base.trim_end_matches("/api"), &key, "Robot Home", "android", 310)
}

#[tokio::test]
async fn one_agreement_per_enterprise_language_and_type_and_apps_fetch_it_by_etag() {
    let (host, admin) = start("template = true").await;
    let acme = host.create_tenant(&admin, "Acme", 51).await;
    let agreement = |language: &str, content: &str| {
        json!({ "enterpriseId": acme, "language": language, "type": "privacy", "content": content,
                "address": "https://acme.example.com/privacy" })
    };
    host.post("/content-service/agreements", &admin, agreement("en", "We keep your data safe.")).await.ok();
    let second = host.post("/content-service/agreements", &admin, agreement("en", "Another one")).await;
    assert_eq!(
        (second.code(), second.body["data"]["field"].as_str(), second.msg()),
        (400, Some("type"), "Only one agreement may exist per enterprise, language and type.")
    );
    host.post("/content-service/agreements", &admin, agreement("de", "Wir schützen Ihre Daten.")).await.ok();
    let listed = host.get(&format!("/content-service/agreements?enterpriseId={acme}"), &admin).await;
    assert_eq!(listed.ok()["total"], 2);

    let key =
        host.post("/plugin-admin/device-keys/add", &admin, json!({ "pluginId": "app", "tenantId": 0, "name": "app" }));
    let key = key.await.ok()["key"].as_str().expect("a key").to_string();
    let url =
        format!("{}/device/content-service/app/agreement?enterpriseId={acme}&language=de&type=privacy", host.base);
    let client = reqwest::Client::new();
    let first = client.get(&url).header("authorization", format!("Device {key}")).send().await.expect("sent");
    let etag = first.headers().get("etag").expect("an ETag").to_str().expect("text").to_string();
    let body: Value = first.json().await.expect("json");
    assert_eq!(body["data"]["content"], "Wir schützen Ihre Daten.");
    let again = client.get(&url).header("authorization", format!("Device {key}")).header("if-none-match", &etag);
    assert_eq!(again.send().await.expect("sent").status(), 304);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn feedback_with_a_file_reaches_its_recipients_and_the_reply_reaches_the_user_by_mail() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let inbox = smtp_sink(listener).await;
    let (host, admin) =
        start(&format!("template = true\nmail_servers = [\"127.0.0.1:{port}\"]\ntimeout_ms = 10000")).await;
    let server = json!({ "serverName": "Sink", "mailType": "other", "domain": "127.0.0.1", "port": port,
                         "senderAddress": "noreply@console.test", "senderName": "Console", "password": "pw-123" });
    host.post("/message-service/mail/servers", &admin, server).await.ok();
    host.post("/content-service/feedback-emails", &admin, json!({ "email": "care@console.test", "name": "Care" }))
        .await
        .ok();

    let app = app(&host, &admin).await;
    let photo: Vec<u8> = [b"\x89PNG\r\n\x1a\n".as_slice(), &[7u8; 4000]].concat();
    let sent = app
        .send_feedback(
            "ann@example.com",
            "ann@example.com",
            "The map <b>vanished</b>",
            Some(("map.png", photo.clone())),
        )
        .await
        .expect("sent");
    let id = sent["id"].as_str().expect("an id").to_string();
    assert!(inbox.lock().expect("inbox").is_empty(), "an app's request sends no mail itself");
    // The minute's job tells the recipients (the scheduler looks twice a second).
    console_host::clock::advance_for_tests(61_000);
    for _ in 0..100 {
        if !inbox.lock().expect("inbox").is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    {
        let received = inbox.lock().expect("inbox");
        assert_eq!(received.len(), 1, "the recipients are told once");
        assert_eq!(received[0].recipients, ["care@console.test"]);
        assert!(received[0].data.contains("&lt;b&gt;vanished"), "what the user typed is escaped");
    }

    let listed = host.get("/content-service/feedback?status=incomplete", &admin).await;
    assert_eq!(listed.ok()["total"], 1);
    let link = host.get(&format!("/content-service/feedback/{id}/file"), &admin).await;
    let url = link.ok()["url"].as_str().expect("a link").to_string();
    assert!(host.fetch_url(&url).await == photo, "the same bytes");

    let replied = host
        .post(&format!("/content-service/feedback/{id}/reply"), &admin, json!({ "reply": "Please restart the app." }))
        .await;
    assert_eq!(
        (replied.ok()["status"].as_str(), replied.ok()["mailStatus"].as_str()),
        (Some("completed"), Some("sent"))
    );
    let received = inbox.lock().expect("inbox");
    assert_eq!(received.len(), 2);
    assert_eq!(received[1].recipients, ["ann@example.com"]);
    assert!(received[1].data.contains("Please restart the app."));
}
