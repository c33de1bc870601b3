//! Firmware upgrades end to end, with the built plugins and simulated devices: a package
//! uploaded through the host, reviewed in the process centre by another user, tested and
//! released in a gray rollout that the devices (tools/devsim, with the keys the device plugin
//! gave them) check for, download by the signed URL, verify and install; and a rollout whose
//! devices fail pauses itself at its threshold.

use crate::common;

use common::fleet::{Fleet, UPGRADE_GRANTS, fleet_with};
use common::{Install, USER_PASSWORD};
use devsim::Device;
use devsim::ota::Outcome;
use serde_json::{Value, json};

/// A platform user who decides `action`'s requests in the process centre.
async fn reviewer_of(fleet: &Fleet, role: &str, user: &str, action: &str) -> String {
    let host = &fleet.host;
    let role = host.create_role(&fleet.admin, "ALL", role, "ordinary", &[action]).await;
    host.create_account(&fleet.admin, "ALL", user, &[role]).await;
    host.login(user, USER_PASSWORD).await
}

pub(crate) async fn reviewer(fleet: &Fleet) -> String {
    reviewer_of(fleet, "Firmware reviewer", "reviewer", "ota:package:review").await
}

/// Uploads a package (the file through the host's upload endpoint), has it reviewed, tested,
/// applied and released with `strategy`.
pub(crate) async fn released(
    fleet: &Fleet,
    reviewer: &str,
    versions: ((&str, i64), (&str, i64)),
    strategy: Value,
) -> String {
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let firmware: Vec<u8> = (0..300_000u32).map(|n| (n * 7 % 251) as u8).collect();
    let uploaded = host.upload(admin, "upgrade-service", "firmware", "rv.bin", &firmware).await;
    let upload_id = uploaded["data"]["uploadId"].as_str().expect("an upload").to_string();
    let ((current, current_code), (target, target_code)) = versions;
    let package = host
        .post(
            "/upgrade-service/packages",
            admin,
            json!({ "packageType": "production", "productId": fleet.product_id, "modelId": fleet.model_id,
                    "currentVersionName": current, "currentVersionCode": current_code,
                    "targetVersionName": target, "targetVersionCode": target_code,
                    "file": upload_id, "descriptions": { "en": "Better maps", "de": "Bessere Karten" } }),
        )
        .await;
    let package = package.ok().clone();
    let id = package["id"].as_str().expect("id").to_string();
    assert_eq!(package["file"]["size"], 300_000);
    assert_eq!(package["file"]["md5"].as_str().map(str::len), Some(32), "measured by the host: {package}");

    // The uploader may not review it; the reviewer does, in the process centre.
    let approval: i64 = package["approvalId"].as_str().expect("approval").parse().expect("a number");
    let own = host.post("/process-center/task/decide", admin, json!({ "id": approval, "approved": true })).await;
    assert_eq!(own.code(), 403, "nobody reviews their own package");
    host.post("/process-center/task/decide", reviewer, json!({ "id": approval, "approved": true })).await.ok();

    let test_devices = |sns: &'static str| {
        let path = format!("/upgrade-service/packages/{id}/test-devices");
        async move { host.call(reqwest::Method::PUT, &path, Some(admin), &[], Some(json!({ "sns": sns }))).await }
    };
    test_devices("LAB-1").await.ok();
    for step in ["test/start", "test/pass"] {
        host.post(&format!("/upgrade-service/packages/{id}/{step}"), admin, json!({ "conclusion": "ok" })).await.ok();
    }
    test_devices("").await.ok();
    host.post(&format!("/upgrade-service/packages/{id}/application/apply"), admin, json!({})).await.ok();
    let mut body = json!({ "grayMode": "ratio", "grayPercent": 50, "grayList": "", "whitelist": "", "blacklist": "",
                           "ratePerMinute": 0, "abortFailurePercent": 30, "abortMinDevices": 5,
                           "timeoutMinutes": 30, "retries": 0 });
    for (k, v) in strategy.as_object().expect("object") {
        body[k] = v.clone();
    }
    let path = format!("/upgrade-service/packages/{id}/rollout");
    host.call(reqwest::Method::PUT, &path, Some(admin), &[("lang", "en")], Some(body)).await.ok();
    let gray = host.post(&format!("/upgrade-service/packages/{id}/release/confirm"), admin, json!({})).await;
    assert_eq!(gray.ok()["status"], "inGray");
    id
}

pub(crate) async fn progress(fleet: &Fleet, id: &str) -> Value {
    fleet.host.get(&format!("/upgrade-service/rollouts/{id}/progress"), &fleet.admin).await.ok().clone()
}

async fn devices(fleet: &Fleet, count: usize) -> Vec<Device> {
    let mut devices = Vec::new();
    for n in 0..count {
        devices.push(fleet.device(n).await);
    }
    devices
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gray_rollout_reaches_its_half_of_the_devices_then_everyone() {
    let fleet = fleet_with("RVUP", 30, vec![Install::plugin("upgrade", UPGRADE_GRANTS)]).await;
    let reviewer = reviewer(&fleet).await;
    let id = released(&fleet, &reviewer, (("1.0.0", 100), ("2.0.0", 200)), json!({ "grayPercent": 50 })).await;
    let mut devices = devices(&fleet, 30).await;
    let mut versions = vec![100i64; devices.len()];

    // Each device checks with the key the device plugin gave it; those in the gray download the
    // package by its signed URL, check its SHA-256 and install it.
    for (device, version) in devices.iter_mut().zip(versions.iter_mut()) {
        device.upgrade(version, Outcome::Install).await.unwrap_or_else(|r| panic!("{}: {r}", device.sn));
    }
    let upgraded = versions.iter().filter(|v| **v == 200).count();
    assert!((5..=25).contains(&upgraded), "{upgraded} of 30 in a 50% gray");
    let halfway = progress(&fleet, &id).await;
    assert_eq!(halfway["counts"]["succeeded"], upgraded);
    assert_eq!(halfway["package"]["status"], "inGray");
    // Asked again, the same devices are in and out.
    for (device, version) in devices.iter().zip(&versions) {
        let offer = device.check_upgrade(*version).await.expect("a check");
        assert_eq!(offer, Value::Null, "{} has nothing more to do now", device.sn);
    }

    // Released to everyone, the rest follow.
    let all =
        fleet.host.post(&format!("/upgrade-service/packages/{id}/release/confirm"), &fleet.admin, json!({})).await;
    assert_eq!(all.ok()["status"], "released");
    for (device, version) in devices.iter_mut().zip(versions.iter_mut()) {
        device.upgrade(version, Outcome::Install).await.unwrap_or_else(|r| panic!("{}: {r}", device.sn));
    }
    assert!(versions.iter().all(|v| *v == 200), "{versions:?}");
    let done = progress(&fleet, &id).await;
    assert_eq!(done["counts"]["succeeded"], 30);
    assert_eq!(done["series"].as_array().and_then(|s| s.last()).map(|p| p["succeeded"].clone()), Some(json!(30)));
    let history = fleet.host.get("/upgrade-service/device-history?pageSize=100", &fleet.admin).await;
    assert_eq!(history.ok()["total"], 30, "every device's version history");
    assert!(history.ok()["list"].as_array().expect("list").iter().all(|h| h["toVersionName"] == "2.0.0"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rollout_whose_devices_fail_pauses_itself_at_the_threshold() {
    let fleet = fleet_with("RVAB", 12, vec![Install::plugin("upgrade", UPGRADE_GRANTS)]).await;
    let reviewer = reviewer(&fleet).await;
    let strategy = json!({ "grayPercent": 100, "abortFailurePercent": 30, "abortMinDevices": 5 });
    let id = released(&fleet, &reviewer, (("1.0.0", 100), ("2.0.0", 200)), strategy).await;
    let mut devices = devices(&fleet, 12).await;

    // Two install it, then every device fails at flashing: at the fifth finished device 3 of 5
    // have failed (60% > 30%) and the rollout pauses itself.
    let mut outcomes = Vec::new();
    for (n, device) in devices.iter_mut().enumerate() {
        let mut version = 100;
        let outcome = if n < 2 { Outcome::Install } else { Outcome::Fail("flash") };
        let offer = device.upgrade(&mut version, outcome).await.unwrap_or_else(|r| panic!("{}: {r}", device.sn));
        outcomes.push(offer.is_object());
    }
    assert_eq!(outcomes, [true, true, true, true, true, false, false, false, false, false, false, false]);
    let paused = progress(&fleet, &id).await;
    assert_eq!(paused["package"]["status"], "grayPaused");
    assert_eq!(paused["package"]["pause"]["automatic"], true);
    assert_eq!((paused["counts"]["succeeded"].clone(), paused["counts"]["failed"].clone()), (json!(2), json!(3)));
    assert_eq!(paused["failures"], json!([{ "reason": "flash", "count": 3 }]));
    let steps = fleet.host.get(&format!("/upgrade-service/packages/{id}/steps"), &fleet.admin).await;
    let last = steps.ok().as_array().and_then(|s| s.last()).cloned().expect("a step");
    assert_eq!((last["step"].as_str(), last["detail"].as_str()), (Some("paused"), Some("3/5 > 30%")));

    // Resumed by hand, the next device is offered it again.
    fleet.host.post(&format!("/upgrade-service/packages/{id}/release/resume"), &fleet.admin, json!({})).await.ok();
    let offer = devices[5].check_upgrade(100).await.expect("a check");
    assert!(offer["executionId"].is_string(), "{offer}");
}

/// An app package of `apk` uploaded, tested with a report and approved by `reviewer`: its id.
async fn reviewed_app_package(fleet: &Fleet, reviewer: &str, apk: &[u8], version_code: i64, whitelist: &str) -> String {
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let build = host.upload(admin, "upgrade-service", "app-package", "robot-home.apk", apk).await;
    let build = build["data"]["uploadId"].as_str().expect("an upload").to_string();
    let policy = if whitelist.is_empty() { "all" } else { "whitelist" };
    let package = host
        .post(
            "/upgrade-service/app-packages",
            admin,
            json!({ "appName": "Robot Home", "platform": "android", "packageType": "release",
                    "versionName": format!("{}.{}.0", version_code / 100, version_code / 10 % 10),
                    "versionCode": version_code, "packer": "ci", "internalDescription": "release build",
                    "releaseDescriptions": { "en": "Faster maps" }, "region": "europe", "fileSource": "local",
                    "build": { "file": build }, "policy": policy, "whitelist": whitelist, "minCompatibleCode": 300,
                    "silent": false, "mustPass": false, "ignoreVerification": false }),
        )
        .await;
    let id = package.ok()["id"].as_str().expect("id").to_string();
    assert_eq!(package.ok()["build"]["md5"].as_str().map(str::len), Some(32), "measured by the host");
    host.post(&format!("/upgrade-service/app-packages/{id}/test/submit"), admin, json!({})).await.ok();
    let report = host.upload(admin, "upgrade-service", "test-report", "report.txt", b"all 212 cases passed").await;
    let report = report["data"]["uploadId"].as_str().expect("a report").to_string();
    let passed = json!({ "report": report, "conclusion": "all green" });
    host.post(&format!("/upgrade-service/app-packages/{id}/test/pass"), admin, passed).await.ok();
    let review = host.post(&format!("/upgrade-service/app-packages/{id}/review"), admin, json!({})).await;
    let approval: i64 = review.ok()["approvalId"].as_str().expect("approval").parse().expect("a number");
    host.post("/process-center/task/decide", reviewer, json!({ "id": approval, "approved": true })).await.ok();
    id
}

/// The app plugin as plugins.toml grants it, beside the upgrade plugin: apps call both with its key.
const APP_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true";

async fn app_key(fleet: &Fleet) -> String {
    let body = json!({ "pluginId": "app", "tenantId": 0, "name": "Robot Home for Android" });
    let key = fleet.host.post("/plugin-admin/device-keys/add", &fleet.admin, body).await;
    key.ok()["key"].as_str().expect("a key").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_package_released_at_its_time_is_offered_to_apps_and_downloads_intact() {
    let more = vec![Install::plugin("upgrade", UPGRADE_GRANTS), Install::plugin("app", APP_GRANTS)];
    let fleet = fleet_with("RVAP", 1, more).await;
    let reviewer = reviewer_of(&fleet, "app reviewer", "appreviewer", "app:upgrade:review").await;
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let apk: Vec<u8> = (0..200_000u32).map(|n| (n % 253) as u8).collect();
    let id = reviewed_app_package(&fleet, &reviewer, &apk, 310, "").await;

    // Released two seconds from now: a time already past is refused.
    let now = console_host::db::now_ms();
    let past = host
        .post(&format!("/upgrade-service/app-packages/{id}/release/schedule"), admin, json!({ "releaseAt": now }))
        .await;
    assert_eq!(past.code(), 400, "{:?}", past.body);
    let at = json!({ "releaseAt": now + 2000 });
    host.post(&format!("/upgrade-service/app-packages/{id}/release/schedule"), admin, at).await.ok();

    // An app asks with the key the console issued for the app plugin.
    let base = host.base.trim_end_matches("/api");
    let mut app = devsim::app::App::new(base, &app_key(&fleet).await, "Robot Home", "android", 290);
    assert_eq!(app.check_upgrade("").await.expect("asked"), Value::Null, "not before its time");
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let offer = app.check_upgrade("").await.expect("asked");
    assert_eq!((offer["versionCode"].clone(), offer["force"].clone()), (json!(310), json!(true)), "{offer}");
    let url = offer["url"].as_str().expect("a url");
    assert_eq!(host.fetch_url(url).await, apk, "the same bytes");
    app.version_code = 310;
    assert_eq!(app.check_upgrade("").await.expect("asked"), Value::Null, "up to date");
    let centre = host.get("/upgrade-service/app-downloads", admin).await;
    assert_eq!(centre.ok()[0]["versionName"], "3.1.0");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whitelisted_app_build_goes_only_to_its_signed_in_users() {
    let more = vec![Install::plugin("upgrade", UPGRADE_GRANTS), Install::plugin("app", APP_GRANTS)];
    let fleet = fleet_with("RVWL", 1, more).await;
    let reviewer = reviewer_of(&fleet, "app reviewer", "appreviewer", "app:upgrade:review").await;
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let id = reviewed_app_package(&fleet, &reviewer, &[7u8; 4096], 320, "beta@example.com").await;
    let at = json!({ "releaseAt": console_host::db::now_ms() + 1000 });
    host.post(&format!("/upgrade-service/app-packages/{id}/release/schedule"), admin, at).await.ok();

    let base = host.base.trim_end_matches("/api");
    let app = devsim::app::App::new(base, &app_key(&fleet).await, "Robot Home", "android", 310);
    for user in ["beta@example.com", "ann@example.com"] {
        app.report_user(user).await.expect("reported");
    }
    let users = host.get("/app-service/app-users", admin).await.ok().clone();
    for user in users["list"].as_array().expect("users") {
        let password = json!({ "password": "robot#2026", "confirmPassword": "robot#2026" });
        let id = user["id"].as_str().expect("id");
        host.post(&format!("/app-service/app-users/{id}/password"), admin, password).await.ok();
    }
    let beta = app.sign_in("beta@example.com", "robot#2026").await.expect("signed in");
    let ann = app.sign_in("ann@example.com", "robot#2026").await.expect("signed in");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;

    assert_eq!(app.check_upgrade(&beta).await.expect("asked")["versionCode"], 320, "its whitelisted user");
    assert_eq!(app.check_upgrade(&ann).await.expect("asked"), Value::Null, "another user");
    assert_eq!(app.check_upgrade("").await.expect("asked"), Value::Null, "nobody signed in");
    // The user's name in the app's own words is no session: what everyone gets (nothing here).
    assert_eq!(app.check_upgrade("beta@example.com").await.expect("asked"), Value::Null);
}
