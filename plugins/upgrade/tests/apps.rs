//! App upgrade packages against the in-memory host: the flow from upload through test (with a
//! report), review in the process centre and release at a later time; what an app is offered
//! (must-pass first, whitelists, the minimum compatible version); deletion and restoring.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Context, Plugin, Value, json};
use upgrade::UpgradePlugin;

fn call(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> (u16, Value) {
    host.as_user();
    host.call::<UpgradePlugin>(method, path, body)
}

fn ok(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> Value {
    let (status, answer) = call(host, method, path, body);
    assert_eq!(status, 200, "{method} {path}: {answer}");
    answer
}

fn package(host: &mut MemoryHost, code: i64, changes: Value) -> Value {
    let file = host.add_upload("app-package", "app.apk", vec![3u8; 2048]);
    let mut body = json!({
        "appName": "Robot Home", "platform": "android", "packageType": "release",
        "versionName": format!("{}.0", code / 100), "versionCode": code, "packer": "ci",
        "internalDescription": "build", "releaseDescriptions": { "en": "Faster maps", "de": "Schnellere Karten" },
        "region": "europe", "fileSource": "local", "build": { "file": file },
        "policy": "all", "whitelist": "", "minCompatibleCode": 0,
        "silent": false, "mustPass": false, "ignoreVerification": false,
    });
    for (k, v) in changes.as_object().expect("object") {
        body[k] = v.clone();
    }
    body
}

/// Upload → test (passed with a report) → review approved → released an hour from now, and
/// the hour passes.
fn released(host: &mut MemoryHost, code: i64, changes: Value) -> String {
    let body = package(host, code, changes);
    let id = ok(host, "POST", "/app-packages", body)["id"].as_str().expect("id").to_string();
    ok(host, "POST", &format!("/app-packages/{id}/test/submit"), json!({}));
    let report = host.add_upload("test-report", "report.pdf", b"%PDF-1.4 all green".to_vec());
    ok(host, "POST", &format!("/app-packages/{id}/test/pass"), json!({ "report": report, "conclusion": "all green" }));
    ok(host, "POST", &format!("/app-packages/{id}/review"), json!({}));
    let approval = host.approvals.len().to_string();
    let decision = json!({ "approvalId": approval, "kind": "app-package", "subjectId": id, "approved": true,
                           "comment": "", "decidedBy": "reviewer", "detail": {} });
    ok(host, "POST", "/approvals/app-package", decision);
    let at = host.now_ms + 3_600_000;
    ok(host, "POST", &format!("/app-packages/{id}/release/schedule"), json!({ "releaseAt": at }));
    id
}

fn check(host: &mut MemoryHost, version: i64, user_token: &str) -> Value {
    let (status, answer) = asked(host, version, user_token);
    assert_eq!(status, 200, "{answer}");
    answer
}

fn asked(host: &mut MemoryHost, version: i64, user_token: &str) -> (u16, Value) {
    host.as_device("android app");
    let body =
        json!({ "appName": "Robot Home", "platform": "android", "versionCode": version, "userToken": user_token });
    host.call::<UpgradePlugin>("POST", "/app/check", body)
}

/// The app plugin as the upgrade plugin asks it: one live session, `beta-session`.
fn with_app_sessions(host: &mut MemoryHost) {
    host.plugins.insert("app-service".into(), |_, path, body| match (path, body["token"].as_str()) {
        ("/internal/app-users/signed-in", Some("beta-session")) => (200, json!({ "username": "beta@example.com" })),
        ("/internal/app-users/signed-in", _) => {
            (400, json!({ "field": "userToken", "msg": "The sign-in has expired; please sign in again." }))
        }
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
}

fn hour_passes(host: &mut MemoryHost) {
    host.now_ms += 3_600_001;
    UpgradePlugin::run_job(host, "app-releases", &Context::default()).expect("job");
}

#[test]
fn an_app_package_is_tested_reviewed_and_released_at_its_time() {
    let mut host = MemoryHost::new();
    let body = package(&mut host, 200, json!({}));
    let id = ok(&mut host, "POST", "/app-packages", body)["id"].as_str().expect("id").to_string();
    // Not reviewed before its test, not passed without a report.
    let (code, _) = call(&mut host, "POST", &format!("/app-packages/{id}/review"), json!({}));
    assert_eq!(code, 409);
    ok(&mut host, "POST", &format!("/app-packages/{id}/test/submit"), json!({}));
    let (code, answer) =
        call(&mut host, "POST", &format!("/app-packages/{id}/test/pass"), json!({ "conclusion": "ok" }));
    assert_eq!((code, answer["field"].as_str()), (400, Some("report")));
    let report = host.add_upload("test-report", "report.pdf", b"%PDF".to_vec());
    ok(&mut host, "POST", &format!("/app-packages/{id}/test/fail"), json!({ "report": report, "conclusion": "crash" }));
    let again = ok(&mut host, "GET", "/app-packages", Value::Null)["list"][0].clone();
    assert_eq!((again["status"].as_str(), again["testConclusion"].as_str()), (Some("development"), Some("crash")));

    // Returned by the reviewer, it goes back to development.
    ok(&mut host, "POST", &format!("/app-packages/{id}/test/submit"), json!({}));
    let report = host.add_upload("test-report", "report.pdf", b"%PDF".to_vec());
    ok(&mut host, "POST", &format!("/app-packages/{id}/test/pass"), json!({ "report": report, "conclusion": "fixed" }));
    ok(&mut host, "POST", &format!("/app-packages/{id}/review"), json!({}));
    let returned = json!({ "approvalId": host.approvals.len().to_string(), "kind": "app-package", "subjectId": id,
                           "approved": false, "comment": "wrong icon", "decidedBy": "reviewer", "detail": {} });
    ok(&mut host, "POST", "/approvals/app-package", returned);
    let back = ok(&mut host, "GET", "/app-packages", Value::Null)["list"][0].clone();
    assert_eq!(back["status"], "development");

    let id = released(&mut host, 300, json!({}));
    // A release time must be later than now.
    let (code, answer) = call(&mut host, "POST", &format!("/app-packages/{id}/release/cancel"), json!({}));
    assert_eq!(code, 200, "{answer}");
    let now = host.now_ms;
    let (code, answer) =
        call(&mut host, "POST", &format!("/app-packages/{id}/release/schedule"), json!({ "releaseAt": now }));
    assert_eq!((code, answer["field"].as_str()), (400, Some("releaseAt")));
    let at = host.now_ms + 3_600_000;
    ok(&mut host, "POST", &format!("/app-packages/{id}/release/schedule"), json!({ "releaseAt": at }));
    assert_eq!(check(&mut host, 100, ""), Value::Null, "not before its time");
    hour_passes(&mut host);
    let offer = check(&mut host, 100, "");
    assert_eq!(offer["versionCode"], 300);
    assert_eq!(offer["description"], "Faster maps");
    let history = ok(&mut host, "GET", "/app-history", Value::Null);
    assert_eq!(history["list"][0]["publication"], "published");
    let downloads = ok(&mut host, "GET", "/app-downloads", Value::Null);
    assert_eq!(downloads[0]["versionCode"], 300);
    assert!(downloads[0]["url"].as_str().is_some_and(|u| u.contains("ttl=86400")), "{downloads}");

    // Out with users: neither deleted nor discarded; revoked, it is.
    assert_eq!(call(&mut host, "DELETE", &format!("/app-packages/{id}"), Value::Null).0, 409);
    ok(&mut host, "POST", &format!("/app-packages/{id}/release/revoke"), json!({}));
    assert_eq!(check(&mut host, 100, ""), Value::Null, "revoked");
    ok(&mut host, "DELETE", &format!("/app-packages/{id}"), Value::Null);
    assert_eq!(ok(&mut host, "GET", "/app-packages", Value::Null)["total"], 1, "the deleted one is hidden");
    ok(&mut host, "POST", &format!("/app-packages/{id}/restore"), json!({}));
    ok(&mut host, "POST", &format!("/app-packages/{id}/discard"), json!({}));
    assert_eq!(
        call(&mut host, "POST", &format!("/app-packages/{id}/release/schedule"), json!({ "releaseAt": at + 1 })).0,
        409
    );
}

#[test]
fn an_app_gets_must_pass_versions_first_whitelisted_builds_for_their_signed_in_users_and_is_forced_below_the_minimum() {
    let mut host = MemoryHost::new();
    with_app_sessions(&mut host);
    released(&mut host, 200, json!({ "mustPass": true }));
    released(&mut host, 300, json!({ "minCompatibleCode": 150 }));
    released(&mut host, 400, json!({ "policy": "whitelist", "whitelist": "beta@example.com" }));
    hour_passes(&mut host);
    let offer = check(&mut host, 100, "");
    assert_eq!((offer["versionCode"].clone(), offer["force"].clone()), (json!(200), json!(true)));
    let offer = check(&mut host, 200, "");
    assert_eq!((offer["versionCode"].clone(), offer["force"].clone()), (json!(300), json!(false)));
    assert_eq!(check(&mut host, 300, ""), Value::Null, "4.0 is for its whitelist");
    // Only the app plugin's session names the user: the whitelisted build goes to its user alone.
    assert_eq!(check(&mut host, 300, "beta-session")["versionCode"], 400);
    assert_eq!(asked(&mut host, 300, "beta@example.com"), (200, Value::Null), "a name is no session");
    // An ended session still hears what everyone gets.
    assert_eq!(check(&mut host, 100, "ended-session")["versionCode"], 200);
}

#[test]
fn an_app_package_names_its_file_or_address_and_one_version_per_app_and_platform() {
    let mut host = MemoryHost::new();
    let body = package(&mut host, 200, json!({ "fileSource": "address", "build": { "address": "ftp://x" } }));
    let (code, answer) = call(&mut host, "POST", "/app-packages", body);
    assert_eq!((code, answer["field"].as_str()), (400, Some("build.address")));
    let body = package(
        &mut host,
        200,
        json!({ "fileSource": "address", "build": { "address": "https://cdn.example.com/app-2.0.apk", "md5": "0123456789abcdef0123456789abcdef", "size": 1000 },
                "harmony": { "address": "https://cdn.example.com/app-2.0.hap", "md5": "fedcba9876543210fedcba9876543210", "size": 900 } }),
    );
    let saved = ok(&mut host, "POST", "/app-packages", body);
    assert_eq!(saved["harmony"]["size"], 900);
    let again = package(&mut host, 200, json!({}));
    assert_eq!(call(&mut host, "POST", "/app-packages", again).0, 409);
    let body = package(&mut host, 201, json!({ "minCompatibleCode": 300 }));
    let (code, answer) = call(&mut host, "POST", "/app-packages", body);
    assert_eq!((code, answer["field"].as_str()), (400, Some("minCompatibleCode")));
    let body = package(&mut host, 202, json!({ "silent": null }));
    let (code, answer) = call(&mut host, "POST", "/app-packages", body);
    assert_eq!((code, answer["field"].as_str()), (400, Some("silent")), "the silent choice is required");
}

fn with_products(host: &mut MemoryHost) {
    host.plugins.insert("product-service".into(), |_, path, _| match path {
        "/internal/products/p1" => (200, json!({ "id": "p1", "name": "RV20" })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
}

#[test]
fn a_flash_event_order_goes_open_flashing_done_or_failed_and_only_an_unstarted_one_is_deleted() {
    let mut host = MemoryHost::new();
    with_products(&mut host);
    let order = json!({ "sn": "RV20-0001", "productId": "p1", "fromVersion": "1.2.0", "toVersion": "1.2.3",
                        "reason": "upgrade-failure", "site": "Shenzhen service centre" });
    let mut stranger = order.clone();
    stranger["productId"] = json!("p9");
    let unknown = call(&mut host, "POST", "/flash-orders", stranger);
    assert_eq!(unknown.1["field"], "productId");
    let opened = ok(&mut host, "POST", "/flash-orders", order.clone());
    assert_eq!((opened["state"].as_str(), opened["productName"].as_str()), (Some("open"), Some("RV20")));
    let number = opened["orderNo"].as_str().expect("a number").to_string();
    assert!(number.starts_with('F') && number.len() == 11);
    let id = opened["id"].as_str().unwrap().to_string();
    let to = |state: &str, result: &str| {
        let mut body = order.clone();
        body["state"] = json!(state);
        body["result"] = json!(result);
        body
    };
    let skipped = call(&mut host, "PUT", &format!("/flash-orders/{id}"), to("done", ""));
    assert_eq!((skipped.0, skipped.1["field"].as_str()), (409, Some("state")), "flashed before it is done");
    ok(&mut host, "PUT", &format!("/flash-orders/{id}"), to("flashing", ""));
    let silent = call(&mut host, "PUT", &format!("/flash-orders/{id}"), to("failed", ""));
    assert_eq!(silent.1["field"], "result", "a failure says what happened");
    let failed = ok(&mut host, "PUT", &format!("/flash-orders/{id}"), to("failed", "Bootloader locked"));
    assert!(failed["finishedAt"].is_i64());
    ok(&mut host, "PUT", &format!("/flash-orders/{id}"), to("flashing", ""));
    let done = ok(&mut host, "PUT", &format!("/flash-orders/{id}"), to("done", "Flashed over UART"));
    assert_eq!((done["state"].as_str(), done["orderNo"].as_str()), (Some("done"), Some(number.as_str())));
    let kept = call(&mut host, "DELETE", &format!("/flash-orders/{id}"), json!({ "confirmName": number }));
    assert_eq!(kept.0, 409, "a flashed device's order is its history");

    let spare = ok(&mut host, "POST", "/flash-orders", order);
    let spare_id = spare["id"].as_str().unwrap().to_string();
    let confirm = json!({ "confirmName": spare["orderNo"] });
    assert_eq!(call(&mut host, "DELETE", &format!("/flash-orders/{spare_id}"), confirm).0, 200);
}
