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

/// eu's platform operator issues cn a key for eu's sync service, every request signed.
async fn sync_key(eu: &TestHost, eu_admin: &str) -> String {
    let body = json!({ "pluginId": "sync", "tenantId": 0, "name": "region cn", "requireSignature": true });
    let issued = eu.post("/plugin-admin/device-keys/add", eu_admin, body).await;
    issued.ok()["key"].as_str().expect("a key").to_string()
}

/// This region's node key (and its own intranet address).
async fn name_region(host: &TestHost, admin: &str, settings: Value) {
    host.call(Method::PUT, "/data-sync-service/settings", Some(admin), &[("lang", "en")], Some(settings)).await.ok();
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

    let key = sync_key(&eu, &eu_admin).await;

    // cn's operator names the region and pastes a wrong key.
    name_region(&cn, &cn_admin, json!({ "currentNode": "cn" })).await;
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

/// The file under `root` whose path ends with `tail`.
fn find_object(root: &std::path::Path, tail: &str) -> Option<std::path::PathBuf> {
    for entry in std::fs::read_dir(root).ok()?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if let Some(found) = find_object(&path, tail) {
                return Some(found);
            }
        } else if path.to_string_lossy().ends_with(tail) {
            return Some(path);
        }
    }
    None
}

/// A record of `domain` that `ready` accepts.
async fn record_of(host: &TestHost, token: &str, domain: &str, ready: impl Fn(&Value) -> bool) -> Value {
    record_when(host, token, |r| r["domain"] == domain && ready(r)).await
}

async fn retried(host: &TestHost, token: &str, record: &Value) -> Value {
    let id = record["id"].as_str().expect("a record id");
    host.post(&format!("/data-sync-service/records/{id}/retry"), token, Value::Null).await.ok().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_product_its_thing_model_model_and_an_approved_firmware_reach_the_other_region_with_their_files() {
    // Each region fetches the other's files, so each grants the other's address: both bound first.
    let (eu_listener, cn_listener) = (
        tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind"),
        tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind"),
    );
    let (eu_port, cn_port) =
        (eu_listener.local_addr().expect("addr").port(), cn_listener.local_addr().expect("addr").port());
    let region = |other: u16| {
        let outbound = format!("outbound_hosts = [\"127.0.0.1:{other}\"]");
        vec![
            Install::plugin(
                "product",
                &format!("files = true\ntimeout_ms = 30000\nuses = [\"data-sync-service\"]\n{outbound}"),
            ),
            Install::plugin("app", APP_GRANTS),
            Install::plugin(
                "upgrade",
                &format!(
                    "uses = [\"product-service\", \"app-service\", \"data-sync-service\"]\nfiles = true\nmax_upload_mib = 1024\n{outbound}"
                ),
            ),
            Install::plugin(
                "sync",
                &format!("uses = [\"product-service\", \"upgrade-service\"]\ntimeout_ms = 15000\n{outbound}"),
            ),
        ]
    };
    let eu = TestHost::start_on(eu_listener, &region(cn_port), |_| {}).await;
    let cn = TestHost::start_on(cn_listener, &region(eu_port), |_| {}).await;
    let (eu_admin, cn_admin) = (eu.admin().await, cn.admin().await);
    let (eu_origin, cn_origin) = (format!("http://127.0.0.1:{eu_port}"), format!("http://127.0.0.1:{cn_port}"));

    let key = sync_key(&eu, &eu_admin).await;
    name_region(&cn, &cn_admin, json!({ "currentNode": "cn", "intranetDomain": cn_origin })).await;
    cn.post(
        "/data-sync-service/nodes",
        &cn_admin,
        json!({ "nodeKey": "eu", "name": "Europe", "intranetDomain": eu_origin, "key": key }),
    )
    .await
    .ok();

    // cn makes a product as an engineer does: category, thing model published, product with its
    // pairing picture, model released. eu lacks the category the thing model is filed under.
    let console = devsim::console::Console::with_token(&cn_origin, &cn_admin);
    let (product, _) = console.product("RV-S1", crate::common::fleet::thing_model()).await.expect("a product");
    let product_key = product["productKey"].as_str().expect("a key").to_string();
    let thing_model = record_of(&cn, &cn_admin, "thing-model", |r| r["status"] == "failure").await;
    assert_eq!(thing_model["failureKind"], "rejected", "{thing_model}");
    assert!(
        thing_model["failureReason"].as_str().is_some_and(|r| r.contains("cat-rv-s1")),
        "the missing category is named: {thing_model}"
    );
    let waiting = record_of(&cn, &cn_admin, "product", |r| r["status"] == "failure").await;
    assert_eq!((waiting["type"].as_str(), waiting["failureKind"].as_str()), (Some("file"), Some("rejected")));

    // eu files a category under the same identifier; the retries go in order.
    let eu_console = devsim::console::Console::with_token(&eu_origin, &eu_admin);
    let picture = eu_console
        .upload_to("product-service", "category-picture", "c.png", devsim::console::transparent_png(168))
        .await
        .expect("an upload");
    eu.post(
        "/product-service/categories",
        &eu_admin,
        json!({ "name": "Robot vacuums", "identifier": "cat-rv-s1", "region": "europe", "parentId": "", "picture": picture }),
    )
    .await
    .ok();
    assert_eq!(retried(&cn, &cn_admin, &thing_model).await["status"], "success");
    let templates = eu.get("/product-service/templates", &eu_admin).await.ok().clone();
    assert_eq!(
        (
            templates["total"].as_u64(),
            templates["list"][0]["status"].as_str(),
            templates["list"][0]["latest"].as_bool()
        ),
        (Some(1), Some("published"), Some(true)),
        "{templates}"
    );
    assert_eq!(retried(&cn, &cn_admin, &waiting).await["status"], "success");
    let model = record_of(&cn, &cn_admin, "product-model", |_| true).await;
    if model["status"] != "success" {
        assert_eq!(retried(&cn, &cn_admin, &model).await["status"], "success");
    }

    // eu has the product under the same key, on its own copy of the thing model, with the
    // pairing picture fetched and checked; the model relates to it.
    let products = eu.get(&format!("/product-service/products?productKey={product_key}"), &eu_admin).await.ok().clone();
    let copy = products["list"].as_array().and_then(|l| l.iter().find(|p| p["productKey"] == product_key.as_str()));
    let copy = copy.unwrap_or_else(|| panic!("the product in eu: {products}")).clone();
    assert_eq!(copy["templateId"], templates["list"][0]["id"], "its template is eu's copy: {copy}");
    let sent = &product["pairingGuide"]["picture"];
    assert_eq!(copy["pairingGuide"]["picture"]["sha256"], sent["sha256"]);
    let models = eu.get("/product-service/models?code=RV-S1", &eu_admin).await.ok().clone();
    let eu_model =
        models["list"].as_array().and_then(|l| l.iter().find(|m| m["code"] == "RV-S1")).expect("the model").clone();
    assert_eq!(
        (eu_model["status"].as_str(), &eu_model["productIds"][0]),
        (Some("published"), &copy["id"]),
        "{eu_model}"
    );
    assert_eq!(eu_model["enterpriseIds"], json!([]), "enterprises are regional");

    // A firmware package approved in cn reaches eu with its file (a record of type `file`).
    let role = cn.create_role(&cn_admin, "ALL", "Firmware reviewer", "ordinary", &["ota:package:review"]).await;
    cn.create_account(&cn_admin, "ALL", "reviewer", &[role]).await;
    let reviewer = cn.login("reviewer", common::USER_PASSWORD).await;
    let firmware: Vec<u8> = (0..200_000u32).map(|n| (n * 13 % 251) as u8).collect();
    let uploaded = cn.upload(&cn_admin, "upgrade-service", "firmware", "rv.bin", &firmware).await;
    let cn_model = cn.get("/product-service/models?code=RV-S1", &cn_admin).await.ok()["list"][0].clone();
    let package = cn
        .post(
            "/upgrade-service/packages",
            &cn_admin,
            json!({ "packageType": "production", "productId": product["id"], "modelId": cn_model["id"],
                    "currentVersionName": "1.0.0", "currentVersionCode": 100, "targetVersionName": "1.1.0", "targetVersionCode": 110,
                    "file": uploaded["data"]["uploadId"], "descriptions": { "en": "Better maps" } }),
        )
        .await
        .ok()
        .clone();
    let approval: i64 = package["approvalId"].as_str().expect("an approval").parse().expect("a number");
    cn.post("/process-center/task/decide", &reviewer, json!({ "id": approval, "approved": true })).await.ok();
    let delivered = record_of(&cn, &cn_admin, "firmware", |r| r["status"] != "pending").await;
    assert_eq!(
        (delivered["status"].as_str(), delivered["type"].as_str()),
        (Some("success"), Some("file")),
        "{delivered}"
    );

    let packages = eu.get("/upgrade-service/packages", &eu_admin).await.ok().clone();
    let arrived = packages["list"][0].clone();
    assert_eq!(
        (arrived["status"].as_str(), arrived["modelId"].as_str(), arrived["targetVersionName"].as_str()),
        (Some("approved"), eu_model["id"].as_str(), Some("1.1.0")),
        "approved, waiting for eu's own test and release: {packages}"
    );
    assert_eq!(arrived["file"]["sha256"], package["file"]["sha256"]);
    // The file itself is eu's now, in eu's object store, the bytes cn's user uploaded.
    let object = arrived["file"]["object"].as_str().expect("an object name");
    let kept =
        find_object(&eu.dir.path().join("objects"), &format!("upgrade/{object}")).expect("the file in eu's store");
    assert_eq!(std::fs::read(kept).expect("read"), firmware, "the same bytes in eu");

    // Deleted in cn before anyone tested it: eu's copy goes too.
    let id = package["id"].as_str().expect("an id");
    let name = "RV-S1 1.1.0";
    let deleted = cn
        .call(
            Method::DELETE,
            &format!("/upgrade-service/packages/{id}"),
            Some(&cn_admin),
            &[("lang", "en")],
            Some(json!({ "confirmName": name })),
        )
        .await;
    assert_eq!(deleted.code(), 200, "{:?}", deleted.body);
    record_of(&cn, &cn_admin, "firmware", |r| r["op"] == "delete" && r["status"] == "success").await;
    assert_eq!(eu.get("/upgrade-service/packages", &eu_admin).await.ok()["total"], 0);
}
