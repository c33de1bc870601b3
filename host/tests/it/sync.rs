//! The sync service between two consoles acting as two service regions, each with the built
//! `sync.wasm` and `globalization.wasm`: region "cn" delivers a module text to region "eu" over
//! HTTP, signed with the device key eu issued (require-signature); a wrong key is refused and
//! logged, the operator fixes it and retries, later changes go by the schedule, and the
//! receiving region applies each change once.

use std::time::Duration;

use crate::common;

use common::{Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};

/// The first record of the list that `ready` accepts, waiting for the schedule (every 5 s).
async fn record_when(host: &TestHost, token: &str, ready: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..100 {
        let list = host.get("/data-sync-service/records", token).await.ok()["list"].clone();
        if let Some(found) = list.as_array().and_then(|l| l.iter().find(|r| ready(r))) {
            return found.clone();
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("no such sync record in 20 s: {}", host.get("/data-sync-service/records", token).await.ok());
}

async fn text_of(host: &TestHost, token: &str, key: &str) -> Option<String> {
    let list = host.get(&format!("/i18n-service/modules?key={key}"), token).await.ok()["list"].clone();
    list.as_array()?.first().and_then(|t| t["texts"]["en"].as_str()).map(str::to_string)
}

const APP_GRANTS: &str = "files = true\nuses = [\"product-service\", \"data-sync-service\"]";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_reaches_the_other_region_signed_and_a_refused_delivery_is_retried() {
    let eu = TestHost::start_with_plugins(
        &[
            Install::plugin("globalization", "files = true\nuses = [\"data-sync-service\"]"),
            Install::plugin("app", APP_GRANTS),
            Install::plugin("sync", "uses = [\"i18n-service\", \"app-service\"]"),
        ],
        |_| {},
    )
    .await;
    let eu_origin = eu.base.trim_end_matches("/api").to_string();
    let eu_port = eu_origin.rsplit(':').next().expect("a port").to_string();
    let cn = TestHost::start_with_plugins(
        &[
            Install::plugin("globalization", "files = true\nuses = [\"data-sync-service\"]"),
            Install::plugin("app", APP_GRANTS),
            Install::plugin(
                "sync",
                &format!(
                    "uses = [\"i18n-service\", \"app-service\"]\ntimeout_ms = 15000\noutbound_hosts = [\"127.0.0.1:{eu_port}\"]"
                ),
            ),
        ],
        |_| {},
    )
    .await;
    let (eu_admin, cn_admin) = (eu.admin().await, cn.admin().await);

    // eu's platform operator issues cn a key for eu's sync service, every request signed.
    let issued = eu
        .post(
            "/plugin-admin/device-keys/add",
            &eu_admin,
            json!({ "pluginId": "sync", "tenantId": 0, "name": "region cn", "requireSignature": true }),
        )
        .await;
    let key = issued.ok()["key"].as_str().expect("a key").to_string();

    // cn's operator names the region and pastes a wrong key.
    cn.call(
        Method::PUT,
        "/data-sync-service/settings",
        Some(&cn_admin),
        &[("lang", "en")],
        Some(json!({ "currentNode": "cn" })),
    )
    .await
    .ok();
    let node = cn
        .post(
            "/data-sync-service/nodes",
            &cn_admin,
            json!({ "nodeKey": "eu", "name": "Europe", "areaCode": "EU", "syncDomain": "eu.console.example",
                    "intranetDomain": eu_origin, "key": "dk_not-the-key-eu-issued" }),
        )
        .await;
    let node_id = node.ok()["id"].as_str().expect("an id").to_string();
    assert!(!node.ok().to_string().contains("dk_not-the-key"), "the key is never answered");

    let text = json!({ "module": "app", "key": "home.title", "texts": { "en": "Home", "zhCn": "首页" } });
    cn.post("/i18n-service/modules", &cn_admin, text).await.ok();
    let failed = record_when(&cn, &cn_admin, |r| r["status"] == "failure").await;
    assert_eq!((failed["failureKind"].as_str(), failed["retryCount"].as_u64()), (Some("refused"), Some(1)), "{failed}");
    assert_eq!((failed["nodeKey"].as_str(), failed["currentNode"].as_str()), (Some("eu"), Some("cn")));
    assert_eq!((failed["domain"].as_str(), failed["key"].as_str()), (Some("module-text"), Some("app.home.title")));
    assert!(failed["nextAttemptAt"].as_i64() > failed["lastAttemptAt"].as_i64(), "retried later: {failed}");
    let log = cn.get("/data-sync-service/failures", &cn_admin).await.ok().clone();
    assert_eq!(log["list"][0]["transactionId"], failed["transactionId"], "{log}");
    assert_eq!(text_of(&eu, &eu_admin, "home.title").await, None, "nothing reached eu");

    // The right key, then a retry at once.
    cn.call(
        Method::PUT,
        &format!("/data-sync-service/nodes/{node_id}"),
        Some(&cn_admin),
        &[("lang", "en")],
        Some(json!({ "nodeKey": "eu", "name": "Europe", "areaCode": "EU", "syncDomain": "eu.console.example", "intranetDomain": eu_origin, "key": key })),
    )
    .await
    .ok();
    let id = failed["id"].as_str().expect("an id");
    let retried = cn.post(&format!("/data-sync-service/records/{id}/retry"), &cn_admin, Value::Null).await;
    assert_eq!(retried.ok()["status"], "success", "{:?}", retried.body);
    assert_eq!(text_of(&eu, &eu_admin, "home.title").await.as_deref(), Some("Home"));

    // A change goes by the schedule; eu applies it once.
    let modules = cn.get("/i18n-service/modules?key=home.title", &cn_admin).await.ok()["list"][0].clone();
    let changed = json!({ "module": "app", "key": "home.title", "texts": { "en": "Start", "zhCn": "开始" } });
    cn.call(
        Method::PUT,
        &format!("/i18n-service/modules/{}", modules["id"].as_str().unwrap()),
        Some(&cn_admin),
        &[("lang", "en")],
        Some(changed),
    )
    .await
    .ok();
    record_when(&cn, &cn_admin, |r| r["status"] == "success" && r["transactionId"] != failed["transactionId"]).await;
    assert_eq!(text_of(&eu, &eu_admin, "home.title").await.as_deref(), Some("Start"));

    // A public copy entry goes too (with its copy code); a project's library stays here.
    let entry = json!({ "library": "public", "key1": "home", "key2": "title", "texts": { "en": "Home" } });
    let code = cn.post("/app-service/copies", &cn_admin, entry).await.ok()["copyCode"].clone();
    record_when(&cn, &cn_admin, |r| r["status"] == "success" && r["domain"] == "copy-entry").await;
    let copies = eu.get("/app-service/copies?library=public", &eu_admin).await.ok().clone();
    assert_eq!((copies["total"].as_u64(), &copies["list"][0]["copyCode"]), (Some(1), &code), "{copies}");

    // The same delivery again (a sender that timed out after eu committed) changes nothing.
    let replay = cn.post(&format!("/data-sync-service/records/{id}/retry"), &cn_admin, Value::Null).await;
    assert_eq!(replay.code(), 409, "delivered already");

    // A request without the signature is refused by eu's host before the plugin sees it.
    let unsigned = reqwest::Client::new()
        .post(format!("{eu_origin}/api/device/data-sync-service/inbound"))
        .header("authorization", format!("Device {key}"))
        .json(&json!({ "transactionId": "x", "fromNode": "cn", "changedAt": 9_999_999_999_999i64, "domain": "module-text", "key": "app.home.title", "op": "delete", "data": { "module": "app", "key": "home.title" } }))
        .send()
        .await
        .expect("sent");
    let envelope: Value = unsigned.json().await.expect("an envelope");
    assert_ne!(envelope["code"], 200, "{envelope}");
    assert_eq!(text_of(&eu, &eu_admin, "home.title").await.as_deref(), Some("Start"));
}
