//! Firmware packages and their rollouts against the in-memory host: the flow from upload through
//! review, test and release; gray selection by SN; white- and blacklists; the rollout rate;
//! must-pass versions; timeouts and retries; and the auto-abort that pauses a failing gray.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Context, Plugin, Query, Value, json};
use upgrade::UpgradePlugin;
use upgrade::executions::EXECUTIONS;
use upgrade::history::HISTORY;
use upgrade::rollout;

const MODEL: &str = "m1";

fn product_service(method: &str, path: &str, _: &Value) -> (u16, Value) {
    match (method, path) {
        ("GET", "/internal/model-options") => (
            200,
            json!([{ "productId": "p1", "productKey": "rv", "productName": "RV20",
                     "models": [{ "id": MODEL, "code": "RV20-A", "name": "RV20 A" }] }]),
        ),
        ("GET", sn) if sn.starts_with("/internal/sns/") => {
            (200, json!({ "sn": sn.trim_start_matches("/internal/sns/"), "modelId": MODEL, "productIds": ["p1"] }))
        }
        _ => (404, json!({ "msg": "Data does not exist." })),
    }
}

fn host() -> MemoryHost {
    let mut host = MemoryHost::new().unique("executions", &["activeSn"]).unique("executions", &["packageId", "sn"]);
    host.plugins.insert("product-service".into(), product_service);
    host
}

fn call(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> Value {
    host.as_user();
    let (status, answer) = host.call::<UpgradePlugin>(method, path, body);
    assert_eq!(status, 200, "{method} {path}: {answer}");
    answer
}

fn refused(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> (u16, String) {
    host.as_user();
    let (status, answer) = host.call::<UpgradePlugin>(method, path, body);
    (status, answer["msg"].as_str().unwrap_or_default().to_string())
}

/// Decides the newest approval request in the process centre.
fn decide(host: &mut MemoryHost, approved: bool) {
    let (kind, _, subject, detail) = host.approvals.last().cloned().expect("a request");
    let id = host.approvals.len().to_string();
    let decision = json!({ "approvalId": id, "kind": kind, "subjectId": subject, "approved": approved,
                           "comment": if approved { "" } else { "wrong file" }, "decidedBy": "reviewer", "detail": detail });
    call(host, "POST", "/approvals/firmware-package", decision);
}

struct Package {
    current: (&'static str, i64),
    target: (&'static str, i64),
    kind: &'static str,
    must_pass: bool,
}

impl Package {
    fn to(target: (&'static str, i64)) -> Self {
        Package { current: ("1.0.0", 100), target, kind: "production", must_pass: false }
    }
}

fn upload(host: &mut MemoryHost, p: &Package) -> String {
    let file = host.add_upload("firmware", "rv20.bin", vec![7u8; 4096]);
    let body = json!({
        "packageType": p.kind, "productId": "p1", "modelId": MODEL,
        "currentVersionName": p.current.0, "currentVersionCode": p.current.1,
        "targetVersionName": p.target.0, "targetVersionCode": p.target.1,
        "file": file, "mustPass": p.must_pass, "descriptions": { "en": "Quieter suction", "zhCn": "更安静" },
    });
    call(host, "POST", "/packages", body)["id"].as_str().expect("id").to_string()
}

fn status(host: &mut MemoryHost, id: &str) -> String {
    call(host, "GET", &format!("/packages/{id}"), Value::Null)["status"].as_str().expect("status").to_string()
}

fn strategy(host: &mut MemoryHost, id: &str, changes: Value) {
    let mut body = json!({ "grayMode": "ratio", "grayPercent": 100, "grayList": "", "whitelist": "", "blacklist": "",
                           "ratePerMinute": 0, "abortFailurePercent": 20, "abortMinDevices": 5,
                           "timeoutMinutes": 30, "retries": 0 });
    for (k, v) in changes.as_object().expect("object") {
        body[k] = v.clone();
    }
    call(host, "PUT", &format!("/packages/{id}/rollout"), body);
}

/// Upload → review → test → apply → release (in gray), with a strategy.
fn in_gray(host: &mut MemoryHost, p: &Package, changes: Value) -> String {
    let id = upload(host, p);
    decide(host, true);
    call(host, "PUT", &format!("/packages/{id}/test-devices"), json!({ "sns": "LAB-1" }));
    call(host, "POST", &format!("/packages/{id}/test/start"), json!({}));
    call(host, "POST", &format!("/packages/{id}/test/pass"), json!({ "conclusion": "ok" }));
    call(host, "PUT", &format!("/packages/{id}/test-devices"), json!({ "sns": "" }));
    call(host, "POST", &format!("/packages/{id}/application/apply"), json!({ "confirm": true }));
    strategy(host, &id, changes);
    call(host, "POST", &format!("/packages/{id}/release/confirm"), json!({}));
    assert_eq!(status(host, &id), "inGray");
    id
}

fn check(host: &mut MemoryHost, sn: &str, version: i64) -> Value {
    host.as_device_sn(sn);
    let (status, offer) =
        host.call::<UpgradePlugin>("POST", "/device/check", json!({ "sn": sn, "versionCode": version }));
    assert_eq!(status, 200, "{sn} checks: {offer}");
    offer
}

fn report(host: &mut MemoryHost, sn: &str, execution: &str, state: &str, reason: &str) -> (u16, Value) {
    host.as_device_sn(sn);
    host.call::<UpgradePlugin>(
        "POST",
        "/device/progress",
        json!({ "executionId": execution, "state": state, "progress": 50, "reason": reason }),
    )
}

/// A device upgrades through every step, or fails at flashing.
fn upgrade(host: &mut MemoryHost, sn: &str, version: i64, succeed: bool) -> Value {
    let offer = check(host, sn, version);
    let execution = offer["executionId"].as_str().expect("an offer").to_string();
    for state in ["downloading", "downloaded", "verifying", "updating"] {
        assert_eq!(report(host, sn, &execution, state, "").0, 200, "{state}");
    }
    let (state, reason) = if succeed { ("succeeded", "") } else { ("failed", "flash") };
    let (status, answer) = report(host, sn, &execution, state, reason);
    assert_eq!(status, 200, "{answer}");
    offer
}

#[test]
fn a_package_goes_through_review_test_and_release_as_the_spec_lists() {
    let mut host = host();
    let id = upload(&mut host, &Package { kind: "test", ..Package::to(("2.0.0", 200)) });
    assert_eq!(status(&mut host, &id), "pendingReview");
    assert_eq!(host.approvals.last().map(|a| a.0.as_str()), Some("firmware-package"));
    // Nothing happens to it until the review: "Please wait for the audit."
    let (code, msg) = refused(&mut host, "POST", &format!("/packages/{id}/test/start"), json!({}));
    assert_eq!((code, msg.as_str()), (409, "Please wait for the audit."));
    decide(&mut host, false);
    assert_eq!(status(&mut host, &id), "rejected");
    // Edited, it goes back to review; approved, it is tested.
    let file = host.add_upload("firmware", "rv20-fixed.bin", vec![8u8; 100]);
    let edit = json!({ "packageType": "test", "productId": "p1", "modelId": MODEL, "currentVersionName": "1.0.0",
                       "currentVersionCode": 100, "targetVersionName": "2.0.0", "targetVersionCode": 200,
                       "file": file, "descriptions": { "en": "Fixed" } });
    call(&mut host, "PUT", &format!("/packages/{id}"), edit);
    assert_eq!(status(&mut host, &id), "pendingReview");
    decide(&mut host, true);
    assert_eq!(status(&mut host, &id), "approved");

    call(&mut host, "PUT", &format!("/packages/{id}/test-devices"), json!({ "sns": "RV-T1\nRV-T2" }));
    call(&mut host, "POST", &format!("/packages/{id}/test/start"), json!({}));
    // Test devices are offered it; others are not.
    assert!(check(&mut host, "RV-T1", 100)["executionId"].is_string());
    assert_eq!(check(&mut host, "RV-9", 100), Value::Null);
    let (code, _) = refused(&mut host, "POST", &format!("/packages/{id}/test/fail"), json!({}));
    assert_eq!(code, 400, "a failed test needs its conclusion");
    call(&mut host, "POST", &format!("/packages/{id}/test/fail"), json!({ "conclusion": "reboots" }));
    assert_eq!(status(&mut host, &id), "pendingTest");
    call(&mut host, "POST", &format!("/packages/{id}/test/start"), json!({}));
    call(&mut host, "POST", &format!("/packages/{id}/test/pass"), json!({ "conclusion": "fine" }));
    assert_eq!(status(&mut host, &id), "testComplete");

    // Applying needs the test SNs deleted, and a test package a second confirmation.
    let (code, msg) = refused(&mut host, "POST", &format!("/packages/{id}/application/apply"), json!({}));
    assert_eq!(code, 409);
    assert!(msg.contains("Delete the 2 test SNs"), "{msg}");
    call(&mut host, "PUT", &format!("/packages/{id}/test-devices"), json!({ "sns": "" }));
    let (code, msg) = refused(&mut host, "POST", &format!("/packages/{id}/application/apply"), json!({}));
    assert_eq!(code, 400);
    assert!(msg.contains("not a formal"), "{msg}");
    call(&mut host, "POST", &format!("/packages/{id}/application/apply"), json!({ "confirm": true }));
    assert_eq!(status(&mut host, &id), "pendingRelease");
    call(&mut host, "POST", &format!("/packages/{id}/application/cancel"), json!({}));
    assert_eq!(status(&mut host, &id), "testComplete");
    call(&mut host, "POST", &format!("/packages/{id}/application/apply"), json!({ "confirm": true }));
    call(&mut host, "POST", &format!("/packages/{id}/release/confirm"), json!({}));
    assert_eq!(status(&mut host, &id), "inGray");
    call(&mut host, "POST", &format!("/packages/{id}/release/pause"), json!({}));
    assert_eq!(status(&mut host, &id), "grayPaused");
    call(&mut host, "POST", &format!("/packages/{id}/release/resume"), json!({}));
    call(&mut host, "POST", &format!("/packages/{id}/release/confirm"), json!({}));
    assert_eq!(status(&mut host, &id), "released");

    // Released is final: not revoked, not deleted, not edited.
    for (method, path) in [
        ("POST", format!("/packages/{id}/release/revoke")),
        ("DELETE", format!("/packages/{id}")),
        ("PUT", format!("/packages/{id}/rollout")),
    ] {
        let (code, _) = refused(&mut host, method, &path, json!({ "grayMode": "ratio", "grayPercent": 5 }));
        assert_eq!(code, 409, "{method} {path}");
    }
    let steps = call(&mut host, "GET", &format!("/packages/{id}/steps"), Value::Null);
    let names: Vec<&str> = steps.as_array().expect("steps").iter().filter_map(|s| s["step"].as_str()).collect();
    assert_eq!(names.first(), Some(&"uploaded"));
    assert_eq!(names.last(), Some(&"released"));
    assert!(names.contains(&"rejected") && names.contains(&"applicationCancelled"), "{names:?}");
}

#[test]
fn the_target_must_be_greater_and_one_package_per_model_and_version() {
    let mut host = host();
    let file = host.add_upload("firmware", "rv20.bin", vec![1u8; 10]);
    let body = json!({ "packageType": "production", "productId": "p1", "modelId": MODEL, "currentVersionName": "2.0.0",
                       "currentVersionCode": 200, "targetVersionName": "1.9.0", "targetVersionCode": 190,
                       "file": file, "descriptions": { "en": "x" } });
    let (code, msg) = refused(&mut host, "POST", "/packages", body);
    assert_eq!(code, 400);
    assert!(msg.contains("greater than the current version code 200"), "{msg}");
    assert!(host.files.is_empty() && host.approvals.is_empty(), "nothing kept");
    upload(&mut host, &Package::to(("2.0.0", 200)));
    let file = host.add_upload("firmware", "again.bin", vec![1u8; 10]);
    let again = json!({ "packageType": "production", "productId": "p1", "modelId": MODEL, "currentVersionName": "1.0.0",
                        "currentVersionCode": 100, "targetVersionName": "2.0.0", "targetVersionCode": 200,
                        "file": file, "descriptions": { "en": "x" } });
    assert_eq!(refused(&mut host, "POST", "/packages", again).0, 409);
}

#[test]
fn a_gray_release_reaches_its_share_of_devices_by_sn_with_white_and_blacklists() {
    let mut host = host();
    let id = in_gray(
        &mut host,
        &Package::to(("2.0.0", 200)),
        json!({ "grayPercent": 30, "whitelist": "OUT-W", "blacklist": "RV-0003" }),
    );
    let sns: Vec<String> = (0..200).map(|n| format!("RV-{n:04}")).collect();
    let mut offered = 0;
    for sn in &sns {
        let offer = check(&mut host, sn, 100);
        let expected = rollout::in_gray(&id, sn, 30) && sn != "RV-0003";
        assert_eq!(offer.is_object(), expected, "{sn}");
        offered += usize::from(offer.is_object());
    }
    assert!((40..=80).contains(&offered), "{offered} of 200 in a 30% gray");
    // A whitelisted SN gets it whatever its bucket; a device already on the target does not.
    assert!(check(&mut host, "OUT-W", 100).is_object());
    assert_eq!(check(&mut host, "RV-NEW", 200), Value::Null);
    // The offer carries the file's hashes and a signed URL, and the description in the
    // device's language.
    let sn = sns.iter().find(|sn| rollout::in_gray(&id, sn, 30) && *sn != "RV-0003").expect("one in");
    let offer = check(&mut host, sn, 100);
    assert_eq!(offer["sha256"].as_str().map(str::len), Some(64));
    assert!(offer["url"].as_str().is_some_and(|u| u.contains("ttl=3600")), "{offer}");
    assert_eq!(offer["description"], "Quieter suction");
    // Asking again gives the same execution: one upgrade per device.
    let again = check(&mut host, sn, 100);
    assert_eq!(again["executionId"], offer["executionId"]);
}

#[test]
fn a_must_pass_version_is_installed_before_the_newest() {
    let mut host = host();
    let must = in_gray(&mut host, &Package { must_pass: true, ..Package::to(("2.0.0", 200)) }, json!({}));
    let newest = in_gray(&mut host, &Package::to(("3.0.0", 300)), json!({}));
    let first = upgrade(&mut host, "RV-1", 100, true);
    assert_eq!(first["packageId"], json!(must), "1.0 → 2.0 first");
    let second = upgrade(&mut host, "RV-1", 200, true);
    assert_eq!(second["packageId"], json!(newest), "then 2.0 → 3.0");
    assert_eq!(check(&mut host, "RV-1", 300), Value::Null, "up to date");
    let history = HISTORY.query(&mut host, &Query::new().eq("sn", "RV-1").sort("at", false)).expect("history");
    let steps: Vec<(i64, i64)> =
        history.list.iter().map(|h| (h.data.from_version_code, h.data.to_version_code)).collect();
    assert_eq!(steps, [(100, 200), (200, 300)]);
}

#[test]
fn the_rollout_rate_admits_so_many_devices_a_minute() {
    let mut host = host();
    in_gray(&mut host, &Package::to(("2.0.0", 200)), json!({ "ratePerMinute": 3 }));
    let offered = (0..5).filter(|n| check(&mut host, &format!("RV-{n}"), 100).is_object()).count();
    assert_eq!(offered, 3, "three in the first minute");
    host.now_ms += 61_000;
    assert!(check(&mut host, "RV-3", 100).is_object(), "the next minute lets more in");
}

#[test]
fn a_gray_whose_devices_fail_pauses_itself_at_the_threshold_and_says_why() {
    let mut host = host();
    let id =
        in_gray(&mut host, &Package::to(("2.0.0", 200)), json!({ "abortFailurePercent": 40, "abortMinDevices": 5 }));
    // Two succeed, then failures: 2 of 4 finished is 50%, but under the minimum of 5.
    upgrade(&mut host, "RV-1", 100, true);
    upgrade(&mut host, "RV-2", 100, true);
    upgrade(&mut host, "RV-3", 100, false);
    upgrade(&mut host, "RV-4", 100, false);
    assert_eq!(status(&mut host, &id), "inGray");
    // A fifth, failing: 3 of 5 is 60% > 40%.
    upgrade(&mut host, "RV-5", 100, false);
    assert_eq!(status(&mut host, &id), "grayPaused");
    let package = call(&mut host, "GET", &format!("/packages/{id}"), Value::Null);
    assert_eq!(package["pause"]["automatic"], true);
    assert_eq!((package["pause"]["failed"].as_u64(), package["pause"]["finished"].as_u64()), (Some(3), Some(5)));
    // A paused rollout offers nothing new.
    assert_eq!(check(&mut host, "RV-6", 100), Value::Null);
    let progress = call(&mut host, "GET", &format!("/rollouts/{id}/progress"), Value::Null);
    assert_eq!(progress["counts"]["failed"], 3);
    assert_eq!(progress["counts"]["succeeded"], 2);
    assert_eq!(progress["failures"][0], json!({ "reason": "flash", "count": 3 }));
    let last = progress["series"].as_array().and_then(|s| s.last()).cloned().expect("a series");
    assert_eq!((last["succeeded"].as_u64(), last["failed"].as_u64()), (Some(2), Some(3)));
    // Resumed by hand, it goes on.
    call(&mut host, "POST", &format!("/packages/{id}/release/resume"), json!({}));
    assert!(check(&mut host, "RV-6", 100).is_object());
}

#[test]
fn a_silent_device_times_out_and_is_retried_then_fails() {
    let mut host = host();
    in_gray(&mut host, &Package::to(("2.0.0", 200)), json!({ "timeoutMinutes": 1, "retries": 1 }));
    let offer = check(&mut host, "RV-1", 100);
    assert_eq!(offer["attempt"], 1);
    host.now_ms += 61_000;
    host.as_user();
    UpgradePlugin::run_job(&mut host, "timeouts", &Context::default()).expect("job");
    let retried = check(&mut host, "RV-1", 100);
    assert_eq!((retried["executionId"].clone(), retried["attempt"].clone()), (offer["executionId"].clone(), json!(2)));
    host.now_ms += 61_000;
    UpgradePlugin::run_job(&mut host, "timeouts", &Context::default()).expect("job");
    let execution = EXECUTIONS.query(&mut host, &Query::new().eq("sn", "RV-1")).expect("executions").list.remove(0);
    assert_eq!(execution.data.state.key(), "timedOut");
    assert_eq!(check(&mut host, "RV-1", 100), Value::Null, "not offered again once it failed");
    // Out-of-order reports are refused; another device's key may not report for it.
    let (code, _) = report(&mut host, "RV-1", &execution.id, "downloading", "");
    assert_eq!(code, 409);
}

#[test]
fn an_issue_task_pushes_a_package_to_chosen_sns_and_only_their_own_keys_act() {
    let mut host = host();
    let id = in_gray(&mut host, &Package::to(("2.0.0", 200)), json!({ "grayMode": "list", "grayList": "RV-A" }));
    assert_eq!(check(&mut host, "RV-B", 100), Value::Null, "not in the gray list");
    let task = call(&mut host, "POST", "/issue-tasks", json!({ "packageId": id, "sns": "RV-B\nRV-C" }));
    let offer = check(&mut host, "RV-B", 100);
    assert!(offer.is_object());
    let detail = call(&mut host, "GET", &format!("/issue-tasks/{}", task["id"].as_str().expect("id")), Value::Null);
    let states: Vec<(&str, &str)> = detail["devices"]
        .as_array()
        .expect("devices")
        .iter()
        .map(|d| (d["sn"].as_str().unwrap_or_default(), d["state"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(states, [("RV-B", "queued"), ("RV-C", "waiting")]);
    // RV-C's key cannot check or report as RV-B; a fleet key cannot either.
    host.as_device_sn("RV-C");
    let (code, _) = host.call::<UpgradePlugin>("POST", "/device/check", json!({ "sn": "RV-B", "versionCode": 100 }));
    assert_eq!(code, 403);
    let execution = offer["executionId"].as_str().expect("id");
    let (code, _) = report(&mut host, "RV-C", execution, "downloading", "");
    assert_eq!(code, 403);
    host.as_device("factory line");
    let (code, _) = host.call::<UpgradePlugin>("POST", "/device/check", json!({ "sn": "RV-B", "versionCode": 100 }));
    assert_eq!(code, 403);
}

#[test]
fn a_paused_rollout_keeps_its_devices_and_a_false_success_or_a_platform_reason_is_not_taken() {
    let mut host = host();
    let id = in_gray(&mut host, &Package::to(("2.0.0", 200)), json!({ "timeoutMinutes": 1, "retries": 0 }));
    let waiting = check(&mut host, "RV-1", 100)["executionId"].as_str().expect("an offer").to_string();
    call(&mut host, "POST", &format!("/packages/{id}/release/pause"), json!({}));
    // Paused for longer than its timeout: the device keeps its place, and goes on after.
    host.now_ms += 5 * 61_000;
    UpgradePlugin::run_job(&mut host, "timeouts", &Context::default()).expect("job");
    assert_eq!(check(&mut host, "RV-1", 100), Value::Null, "it waits while paused");
    call(&mut host, "POST", &format!("/packages/{id}/release/resume"), json!({}));
    assert_eq!(check(&mut host, "RV-1", 100)["executionId"], json!(waiting), "the same place");

    // A device may not give the platform's own reasons.
    let (code, answer) = report(&mut host, "RV-1", &waiting, "failed", "revoked");
    assert_eq!((code, answer["field"].as_str()), (400, Some("reason")));
    // It says it installed it, yet asks again from the old version: a failure, not a new start.
    assert_eq!(report(&mut host, "RV-1", &waiting, "succeeded", "").0, 200);
    assert_eq!(check(&mut host, "RV-1", 100), Value::Null);
    let execution = EXECUTIONS.query(&mut host, &Query::new().eq("sn", "RV-1")).expect("executions").list.remove(0);
    assert_eq!((execution.data.state.key(), execution.data.failure_reason.as_str()), ("failed", "notInstalled"));
    assert_eq!(check(&mut host, "RV-1", 100), Value::Null, "not offered again in this gray");

    // Revoked, its devices' reports are refused and their executions end.
    let other = check(&mut host, "RV-2", 100)["executionId"].as_str().expect("an offer").to_string();
    call(&mut host, "POST", &format!("/packages/{id}/release/revoke"), json!({}));
    assert_eq!(report(&mut host, "RV-2", &other, "downloading", "").0, 409);
    let ended = EXECUTIONS.get(&mut host, &other).expect("get").expect("there");
    assert_eq!((ended.data.state.key(), ended.data.active_sn.clone()), ("failed", None));
}

/// More than ten SNs only with the risk confirmed, in every list of SNs a package takes:
/// its test devices, its gray, white and black lists, and an issue task.
#[test]
fn every_list_of_more_than_ten_sns_asks_for_the_risk_to_be_confirmed() {
    let mut host = host();
    let eleven = (1..=11).map(|n| format!("RV-{n}")).collect::<Vec<_>>().join("\n");
    let id = upload(&mut host, &Package::to(("2.0.0", 200)));
    decide(&mut host, true);
    let path = format!("/packages/{id}/test-devices");
    let (code, msg) = refused(&mut host, "PUT", &path, json!({ "sns": eleven }));
    assert_eq!((code, msg.as_str()), (400, "The number has exceeded 10; confirm the risk to go on."));
    call(&mut host, "PUT", &path, json!({ "sns": eleven, "riskConfirmed": true }));

    // A package applied to go online, whose strategy is set before its release.
    let applied = upload(&mut host, &Package::to(("3.0.0", 300)));
    decide(&mut host, true);
    call(&mut host, "PUT", &format!("/packages/{applied}/test-devices"), json!({ "sns": "LAB-1" }));
    call(&mut host, "POST", &format!("/packages/{applied}/test/start"), json!({}));
    call(&mut host, "POST", &format!("/packages/{applied}/test/pass"), json!({ "conclusion": "ok" }));
    call(&mut host, "PUT", &format!("/packages/{applied}/test-devices"), json!({ "sns": "" }));
    call(&mut host, "POST", &format!("/packages/{applied}/application/apply"), json!({ "confirm": true }));
    for list in ["grayList", "whitelist", "blacklist"] {
        let mut body = json!({ "grayMode": "list", "grayList": "RV-A", "whitelist": "", "blacklist": "", "ratePerMinute": 0,
                               "abortFailurePercent": 30, "abortMinDevices": 5, "timeoutMinutes": 30, "retries": 0 });
        body[list] = json!(eleven);
        let (code, msg) = refused(&mut host, "PUT", &format!("/packages/{applied}/rollout"), body.clone());
        assert_eq!(code, 400, "{list}: {msg}");
        assert!(msg.contains("exceeded 10"), "{list}: {msg}");
        body["riskConfirmed"] = json!(true);
        call(&mut host, "PUT", &format!("/packages/{applied}/rollout"), body);
    }
    let gray = in_gray(&mut host, &Package::to(("4.0.0", 400)), json!({ "grayMode": "list", "grayList": "RV-A" }));
    let task = json!({ "packageId": gray, "sns": eleven });
    let (code, msg) = refused(&mut host, "POST", "/issue-tasks", task.clone());
    assert_eq!((code, msg.contains("exceeded 10")), (400, true), "{msg}");
    let mut confirmed = task;
    confirmed["riskConfirmed"] = json!(true);
    assert_eq!(call(&mut host, "POST", "/issue-tasks", confirmed)["sns"].as_array().map(Vec::len), Some(11));
}
