//! The sync service's rules, natively against the SDK's in-memory host: the outbox per enabled
//! region, only for the domain's own plugin; keys sealed and never answered; delivery signed,
//! failures logged and retried later and later; changes applied once and never over newer ones.

use console_plugin_sdk::host::{OutboundRequest, OutboundResponse};
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Context, Plugin, Value, json};
use sync::{BACKOFF_MS, MAX_ATTEMPTS, Sync, backoff_ms};

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

const TEXT: &str = r#"{"domain":"module-text","key":"app.home","op":"upsert","data":{"module":"app","key":"home","texts":{"en":"Home"}}}"#;

/// A console with this region's node key and one region to sync to.
fn region() -> MemoryHost {
    let mut host = MemoryHost::new();
    host.now_ms = 1_800_000_000_000;
    let no_node = host.call::<Sync>("POST", "/nodes", json!({ "nodeKey": "eu", "name": "Europe", "intranetDomain": "https://eu.internal", "key": "dk_0123456789abcdef" }));
    assert_eq!((no_node.0, no_node.1["field"].as_str()), (400, Some("nodeKey")), "this region's node key first");
    ok(host.call::<Sync>("PUT", "/settings", json!({ "currentNode": "cn" })));
    host
}

fn add_node(host: &mut MemoryHost, node_key: &str, url: &str) -> Value {
    ok(host.call::<Sync>(
        "POST",
        "/nodes",
        json!({ "nodeKey": node_key, "name": node_key, "intranetDomain": url, "key": "dk_0123456789abcdef" }),
    ))
}

fn publish(host: &mut MemoryHost, from: &str) -> (u16, Value) {
    host.calling_plugin = Some(from.into());
    let answer = host.call::<Sync>("POST", "/internal/outbox", serde_json::from_str(TEXT).unwrap());
    host.calling_plugin = None;
    answer
}

fn records(host: &mut MemoryHost) -> Vec<Value> {
    ok(host.call::<Sync>("GET", "/records", Value::Null))["list"].as_array().cloned().unwrap_or_default()
}

#[test]
fn a_change_is_queued_once_per_enabled_region_by_its_own_plugin_only() {
    let mut host = region();
    assert_eq!(ok(publish(&mut host, "globalization"))["transactionIds"], json!([]), "no region yet");
    let plain = host.call::<Sync>("POST", "/nodes", json!({ "nodeKey": "eu", "name": "Europe", "intranetDomain": "http://eu.internal", "key": "dk_0123456789abcdef" }));
    assert_eq!(plain.1["field"], "intranetDomain", "HTTPS, except on this machine");
    let own = host.call::<Sync>("POST", "/nodes", json!({ "nodeKey": "cn", "name": "Self", "intranetDomain": "https://cn.internal", "key": "dk_0123456789abcdef" }));
    assert_eq!(own.1["field"], "nodeKey", "not this region itself");
    let node = add_node(&mut host, "eu", "https://eu.internal");
    assert!(node.get("key").is_none(), "the key is never answered: {node}");
    assert_eq!(node["keyHint"], "••••••cdef");
    assert!(!host.stored_text("nodes").contains("dk_0123456789abcdef"), "sealed at rest");
    add_node(&mut host, "us", "http://127.0.0.1:9");
    let off = add_node(&mut host, "sg", "https://sg.internal");
    let id = off["id"].as_str().unwrap().to_string();
    ok(host.call::<Sync>(
        "PUT",
        &format!("/nodes/{id}"),
        json!({ "nodeKey": "sg", "name": "sg", "intranetDomain": "https://sg.internal", "enabled": false }),
    ));

    let queued = ok(publish(&mut host, "globalization"));
    assert_eq!(queued["transactionIds"].as_array().map(Vec::len), Some(1));
    let list = records(&mut host);
    let mut regions: Vec<&str> = list.iter().filter_map(|r| r["nodeKey"].as_str()).collect();
    regions.sort();
    assert_eq!(regions, ["eu", "us"], "one record per enabled region");
    assert!(list.iter().all(|r| r["status"] == "pending" && r["currentNode"] == "cn" && r["type"] == "data"));
    assert!(list.iter().all(|r| r["transactionId"] == queued["transactionIds"][0]));

    let foreign = publish(&mut host, "pet");
    assert_eq!((foreign.0, foreign.1["field"].as_str()), (400, Some("domain")), "not the pet plugin's to publish");
    assert_eq!(records(&mut host).len(), 2);
}

fn refused(_: &OutboundRequest) -> OutboundResponse {
    let body = json!({ "code": 401, "msg": "The device key was refused." }).to_string().into_bytes();
    OutboundResponse { status: 200, headers: Vec::new(), body }
}

fn accepted(_: &OutboundRequest) -> OutboundResponse {
    let body = json!({ "code": 200, "msg": "ok", "data": { "applied": true } }).to_string().into_bytes();
    OutboundResponse { status: 200, headers: Vec::new(), body }
}

fn deliver(host: &mut MemoryHost) {
    Sync::run_job(host, "deliver", &Context::default()).expect("the schedule runs");
}

#[test]
fn delivery_is_signed_a_failure_is_logged_and_retried_later_and_an_operator_retries_at_once() {
    let mut host = region();
    add_node(&mut host, "eu", "https://eu.internal");
    ok(publish(&mut host, "globalization"));
    host.responder = Some(refused);
    deliver(&mut host);
    let sent = host.fetched.last().expect("sent").clone();
    assert_eq!(sent.url, "https://eu.internal/api/device/data-sync-service/inbound");
    let header = |name: &str| sent.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    assert_eq!(header("authorization").as_deref(), Some("Device dk_0123456789abcdef"));
    assert_eq!(header("x-console-signature").map(|s| s.len()), Some(64));
    let body: Value = serde_json::from_slice(&sent.body).unwrap();
    assert_eq!((body["fromNode"].as_str(), body["key"].as_str()), (Some("cn"), Some("app.home")));

    let record = records(&mut host).remove(0);
    assert_eq!((record["status"].as_str(), record["retryCount"].as_u64()), (Some("failure"), Some(1)));
    assert_eq!(record["failureKind"], "refused");
    assert_eq!(record["nextAttemptAt"].as_i64(), Some(host.now_ms + BACKOFF_MS));
    let log = ok(host.call::<Sync>("GET", "/failures", Value::Null));
    assert_eq!((log["total"].as_u64(), log["list"][0]["attempt"].as_u64()), (Some(1), Some(1)));

    // Not due yet: the schedule leaves it alone.
    let before = host.fetched.len();
    deliver(&mut host);
    assert_eq!(host.fetched.len(), before, "waits its backoff");
    host.now_ms += BACKOFF_MS;
    deliver(&mut host);
    assert_eq!(records(&mut host)[0]["retryCount"], 2, "tried again once due");

    host.responder = Some(accepted);
    let id = record["id"].as_str().unwrap().to_string();
    let retried = ok(host.call::<Sync>("POST", &format!("/records/{id}/retry"), Value::Null));
    assert_eq!((retried["status"].as_str(), retried["nextAttemptAt"].as_i64()), (Some("success"), Some(0)));
    let again = host.call::<Sync>("POST", &format!("/records/{id}/retry"), Value::Null);
    assert_eq!(again.0, 409, "delivered already");
    assert_eq!(ok(host.call::<Sync>("GET", "/failures", Value::Null))["total"], 2, "the log keeps both failures");
}

#[test]
fn the_wait_doubles_up_to_an_hour_and_the_schedule_gives_up_after_its_attempts() {
    assert_eq!([backoff_ms(1), backoff_ms(2), backoff_ms(3)], [30_000, 60_000, 120_000]);
    assert_eq!(backoff_ms(9), 3_600_000);
    let mut host = region();
    add_node(&mut host, "eu", "https://eu.internal");
    ok(publish(&mut host, "globalization"));
    host.responder = Some(refused);
    for _ in 0..MAX_ATTEMPTS + 2 {
        deliver(&mut host);
        host.now_ms += 3_600_000;
    }
    let record = records(&mut host).remove(0);
    assert_eq!(
        (record["retryCount"].as_u64(), record["nextAttemptAt"].as_i64()),
        (Some(u64::from(MAX_ATTEMPTS)), Some(0))
    );
}

fn applied(_: &str, path: &str, body: &Value) -> (u16, Value) {
    assert_eq!(path, "/internal/sync/apply");
    if body["data"]["texts"]["en"] == "" {
        return (400, json!({ "msg": "texts: required", "field": "texts" }));
    }
    (200, Value::Null)
}

#[test]
fn a_delivered_change_is_applied_once_and_never_over_a_newer_one() {
    let mut host = MemoryHost::new();
    host.plugins.insert("i18n-service".into(), applied);
    host.as_device("region cn");
    let change = |at: i64, id: &str, text: &str| {
        json!({ "transactionId": id, "fromNode": "cn", "changedAt": at, "domain": "module-text", "key": "app.home", "op": "upsert",
                "data": { "module": "app", "key": "home", "texts": { "en": text } } })
    };
    assert_eq!(ok(host.call::<Sync>("POST", "/inbound", change(2000, "t2", "Home")))["applied"], true);
    assert_eq!(ok(host.call::<Sync>("POST", "/inbound", change(2000, "t2", "Home")))["applied"], false, "once");
    assert_eq!(ok(host.call::<Sync>("POST", "/inbound", change(1000, "t1", "Old")))["applied"], false, "older");
    assert_eq!(ok(host.call::<Sync>("POST", "/inbound", change(3000, "t3", "Start")))["applied"], true);
    let rejected = host.call::<Sync>("POST", "/inbound", change(4000, "t4", ""));
    assert_eq!((rejected.0, rejected.1["field"].as_str()), (400, Some("texts")), "the owner's refusal goes back");
    let unknown = host.call::<Sync>("POST", "/inbound", json!({ "transactionId": "t5", "fromNode": "cn", "changedAt": 5, "domain": "pets", "key": "k", "op": "upsert" }));
    assert_eq!(unknown.1["field"], "domain");
}

const FIRMWARE: &str = r#"{"domain":"firmware","key":"pk/RV-1/110","op":"upsert","data":{"modelCode":"RV-1"},
  "files":[{"name":"uploads/abc","size":3,"sha256":"00"}]}"#;

#[test]
fn a_record_with_files_is_a_file_record_whose_urls_the_owner_lends_on_this_consoles_address() {
    let mut host = region();
    add_node(&mut host, "eu", "https://eu.internal");
    host.calling_plugin = Some("upgrade".into());
    ok(host.call::<Sync>("POST", "/internal/outbox", serde_json::from_str(FIRMWARE).unwrap()));
    host.calling_plugin = None;
    let record = records(&mut host).remove(0);
    assert_eq!((record["type"].as_str(), &record["files"][0]["name"]), (Some("file"), &json!("uploads/abc")));

    // The owner lends a host-relative URL: without this console's own address, it cannot go.
    host.plugins.insert("upgrade-service".into(), |_, path, body| {
        assert_eq!(path, "/internal/sync/file-urls");
        assert_eq!(body["names"], json!(["uploads/abc"]));
        (200, json!({ "urls": ["/api/files/download?token=t1"] }))
    });
    host.responder = Some(accepted);
    deliver(&mut host);
    let stuck = records(&mut host).remove(0);
    assert_eq!(stuck["failureKind"], "rejected", "{stuck}");
    assert!(stuck["failureReason"].as_str().unwrap().contains("intranet domain"), "{stuck}");
    assert!(host.fetched.is_empty(), "nothing sent without a way to fetch its files");

    ok(host.call::<Sync>("PUT", "/settings", json!({ "currentNode": "cn", "intranetDomain": "https://cn.internal/" })));
    let id = stuck["id"].as_str().unwrap().to_string();
    ok(host.call::<Sync>("POST", &format!("/records/{id}/retry"), Value::Null));
    let body: Value = serde_json::from_slice(&host.fetched.last().expect("sent").body).unwrap();
    assert_eq!(body["files"][0]["url"], "https://cn.internal/api/files/download?token=t1", "{body}");
    assert_eq!((body["files"][0]["size"].as_u64(), body["files"][0]["sha256"].as_str()), (Some(3), Some("00")));

    let plain =
        host.call::<Sync>("PUT", "/settings", json!({ "currentNode": "cn", "intranetDomain": "http://cn.internal" }));
    assert_eq!(plain.1["field"], "intranetDomain", "HTTPS, except on this machine");
}
