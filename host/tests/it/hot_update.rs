//! The hot-update plugin over HTTP with its built `.wasm` and the real files capability:
//! packages streamed to the host's upload endpoint and claimed by the plugin, encrypted files
//! refused, a patch released to a test whitelist then production as devices see it, its file
//! downloaded intact through a signed URL, the apply log, and uploads kept out of the operation
//! records.

use crate::common;

use common::{Answer, Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

async fn device(host: &TestHost, key: &str, method: Method, path: &str, body: Option<Value>) -> Answer {
    host.call(method, &format!("/device/hot-update-service{path}"), Some(key), &[("lang", "en")], body).await
}

/// Uploads `bytes` for `purpose` as the browser does; the answer's envelope.
async fn upload(host: &TestHost, token: &str, lang: &str, purpose: &str, name: &str, bytes: &[u8]) -> Value {
    let res = reqwest::Client::new()
        .post(format!("{}/files/upload/hot-update-service/{purpose}?fileName={name}", host.base))
        .header("authorization", token)
        .header("lang", lang)
        .body(bytes.to_vec())
        .send()
        .await
        .expect("sent");
    res.json().await.expect("an envelope")
}

/// The upload id of a package the host took.
async fn file(host: &TestHost, token: &str, purpose: &str, name: &str, bytes: &[u8]) -> String {
    let answer = upload(host, token, "en", purpose, name, bytes).await;
    answer["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {answer}")).to_string()
}

/// A zip's bytes, `body` its one entry: what app packages are.
fn zip(body: impl IntoIterator<Item = u8>) -> Vec<u8> {
    use std::io::Write as _;
    let mut out = std::io::Cursor::new(Vec::new());
    let mut writer = zip::ZipWriter::new(&mut out);
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    writer.start_file("classes.dex", stored).expect("entry");
    writer.write_all(&body.into_iter().collect::<Vec<u8>>()).expect("bytes");
    writer.finish().expect("finished");
    out.into_inner()
}

#[tokio::test]
async fn a_patch_goes_from_test_to_production_as_devices_see_it() {
    let host = TestHost::start_with_plugins(&[Install::plugin("hot-update", "files = true")], |_| {}).await;
    let admin = host.admin().await;
    let apk = zip((0..300_000u32).map(|i| (i * 7 % 251) as u8));
    let apk_upload = file(&host, &admin, "baseline", "app.apk", &apk).await;
    let baseline = host
        .post(
            "/hot-update-service/baselines",
            &admin,
            json!({ "baselineName": "Robot app", "baselineVersion": "3.2.0", "arch": "arm64-v8a", "file": apk_upload }),
        )
        .await;
    assert_eq!(baseline.ok()["file"]["size"], apk.len());
    assert_eq!(baseline.ok()["file"]["sha256"], hex::encode(Sha256::digest(&apk)));
    let baseline_id = baseline.ok()["id"].clone();

    let mut locked = b"PK\x03\x04\x14\x00\x09\x00\x08\x00".to_vec();
    locked.extend_from_slice(b"encrypted entry");
    let refused = upload(&host, &admin, "de", "baseline", "locked.zip", &locked).await;
    assert_eq!((refused["code"].as_i64(), refused["data"]["field"].as_str()), (Some(400), Some("file")));
    let msg = refused["msg"].as_str().unwrap_or("");
    assert!(msg.contains("locked.zip") && msg.contains("verschlüsselt"), "{msg}");

    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    let upload = records.ok()["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|r| r["operation"] == "Upload a baseline package")
        .cloned()
        .expect("recorded");
    assert!(upload["requestData"].as_str().unwrap_or("").len() < 10_000, "the file is not copied into the records");

    let patch_bytes = zip(*b"patch 1 for the map plugin");
    let patch_upload = file(&host, &admin, "patch", "p1.zip", &patch_bytes).await;
    let created = host
        .post("/hot-update-service/test/patches", &admin, json!({ "pluginName": "cleaning-map", "pluginVersion": "1.4.0", "patchVersion": 1, "baselineId": baseline_id, "file": patch_upload }))
        .await;
    let id = created.ok()["id"].as_str().expect("id").to_string();
    // Edited from the page, which uploads nothing unless the file is replaced: the file stays.
    let description = json!({ "pluginName": "cleaning-map", "pluginVersion": "1.4.0", "patchVersion": 1, "baselineId": baseline_id, "file": "", "description": "fixes the map's colours" });
    let edited = host
        .call(
            Method::PUT,
            &format!("/hot-update-service/test/patches/{id}"),
            Some(&admin),
            &[("lang", "en")],
            Some(description),
        )
        .await;
    assert_eq!(
        (edited.ok()["description"].as_str(), edited.ok()["file"]["sha256"].as_str()),
        (Some("fixes the map's colours"), created.ok()["file"]["sha256"].as_str()),
        "{:?}",
        edited.body
    );
    let again = host
        .post("/hot-update-service/test/patches", &admin, json!({ "pluginName": "cleaning-map", "pluginVersion": "1.4.1", "patchVersion": 1, "baselineId": baseline_id, "patchUrl": "https://cdn.example.com/p.zip", "patchSha256": "b".repeat(64) }))
        .await;
    assert_eq!(again.data()["field"], "patchVersion");

    let key = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "hot-update", "tenantId": 0, "name": "robot app" }),
        )
        .await;
    let key = format!("Device {}", key.ok()["key"].as_str().expect("key"));
    let check = |sn: &'static str| json!({ "plugin": "cleaning-map", "baselineVersion": "3.2.0", "arch": "arm64-v8a", "sn": sn });
    host.post(
        &format!("/hot-update-service/test/patches/{id}/release"),
        &admin,
        json!({ "whitelist": "SN-TEST\nSN-QA" }),
    )
    .await
    .ok();
    // A test patch goes to the whitelisted device's own key only: the app's shared key naming
    // SN-TEST sees nothing, nor can it download the patch by its id.
    assert_eq!(device(&host, &key, Method::POST, "/device/check", Some(check("SN-TEST"))).await.ok(), &Value::Null);
    let tester_key = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "hot-update", "tenantId": 0, "name": "SN-TEST", "sn": "SN-TEST" }),
        )
        .await;
    let tester_key = format!("Device {}", tester_key.ok()["key"].as_str().expect("key"));
    let tester = device(&host, &tester_key, Method::POST, "/device/check", Some(check("SN-TEST"))).await;
    assert_eq!(tester.ok()["patchVersion"], 1);
    assert_eq!(device(&host, &key, Method::POST, "/device/check", Some(check("SN-CUSTOMER"))).await.ok(), &Value::Null);
    let not_mine = device(&host, &tester_key, Method::POST, "/device/check", Some(check("SN-QA"))).await;
    assert_eq!(not_mine.code(), 400, "a device's key speaks for that device only");

    let url =
        tester.ok()["url"].as_str().expect("url").trim_start_matches("/api/device/hot-update-service").to_string();
    assert_eq!(device(&host, &key, Method::GET, &url, None).await.code(), 404, "the shared key cannot download it");
    let downloaded = device(&host, &tester_key, Method::GET, &url, None).await;
    assert_eq!(downloaded.ok()["size"], patch_bytes.len());
    let signed = downloaded.ok()["url"].as_str().expect("a signed URL");
    let origin = host.base.trim_end_matches("/api");
    let bytes = reqwest::get(format!("{origin}{signed}")).await.expect("sent").bytes().await.expect("body").to_vec();
    assert_eq!(bytes, patch_bytes, "downloaded without a session, intact");
    assert_eq!(tester.ok()["sha256"], hex::encode(Sha256::digest(&bytes)));

    host.post(&format!("/hot-update-service/test/patches/{id}/promote"), &admin, json!({})).await.ok();
    let customer = device(&host, &key, Method::POST, "/device/check", Some(check("SN-CUSTOMER"))).await;
    assert_eq!(customer.ok()["test"], false);
    device(
        &host,
        &key,
        Method::POST,
        "/device/report",
        Some(json!({ "patchId": id, "sn": "SN-CUSTOMER", "success": true })),
    )
    .await
    .ok();
    let log = host.get("/hot-update-service/logs?sn=CUSTOMER&success=true", &admin).await;
    assert_eq!(log.ok()["total"], 1);

    let flow = host.get(&format!("/hot-update-service/flow?patchId={id}"), &admin).await;
    let steps: Vec<&str> =
        flow.ok()["list"].as_array().expect("list").iter().filter_map(|s| s["step"].as_str()).collect();
    assert_eq!(
        steps,
        vec!["promoted", "releasedToTest", "edited", "created"],
        "the edit that kept the file is in the flow"
    );
    assert!(flow.ok()["list"].as_array().expect("list").iter().all(|s| s["by"] == "admin"));
}
