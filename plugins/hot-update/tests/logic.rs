//! The hot-update plugin's logic, natively, against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use hot_update::HotUpdate;

fn host() -> MemoryHost {
    MemoryHost::new()
        .unique("baselines", &["baselineName", "version", "arch"])
        .unique("patches", &["pluginName", "baselineId", "patchVersion"])
}

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn field(answer: (u16, Value)) -> (u16, String) {
    (answer.0, answer.1["field"].as_str().unwrap_or_default().to_string())
}

fn baseline(host: &mut MemoryHost, content: &[u8]) -> (u16, Value) {
    let upload = host.add_upload("baseline", "app-3.2.0.apk", content.to_vec());
    host.call::<HotUpdate>(
        "POST",
        "/baselines",
        json!({ "baselineName": "App", "baselineVersion": "3.2.0", "arch": "arm64-v8a", "file": upload }),
    )
}

fn patch(baseline: &str, version: u32, url: &str) -> Value {
    json!({ "pluginName": "cleaning-map", "pluginVersion": "1.4.0", "patchVersion": version, "baselineId": baseline,
            "patchUrl": url, "patchSha256": "a".repeat(64) })
}

#[test]
fn a_baseline_keeps_the_file_the_host_measured_and_an_upload_is_claimed_once() {
    let mut host = host();
    let upload = host.add_upload("baseline", "app-3.2.0.apk", b"PK\x03\x04\x14\x00\x00\x00plain apk".to_vec());
    let body = |id: &str| json!({ "baselineName": "App", "baselineVersion": "3.2.0", "arch": "arm64-v8a", "file": id });
    let created = ok(host.call::<HotUpdate>("POST", "/baselines", body(&upload)));
    assert_eq!(created["file"]["size"], 17);
    assert_eq!(created["file"]["fileName"], "app-3.2.0.apk");
    // Computed independently: printf 'PK\x03\x04\x14\x00\x00\x00plain apk' | sha256sum
    assert_eq!(created["file"]["sha256"], "5e1a28d6ddb3b9aab97eb723aa14f4c795f87f98f09dda88ba7d7d50d2ec42ad");
    assert!(host.files.contains_key(created["file"]["object"].as_str().unwrap_or("")));

    // The same upload again, one for another purpose, and none at all: refused on the field.
    let mut again = body(&upload);
    again["baselineVersion"] = json!("3.3.0");
    let refused = host.call_with::<HotUpdate>("POST", "/baselines", &[], again, "zhCn");
    assert_eq!(field(refused.clone()), (400, "file".into()));
    assert!(refused.1["msg"].as_str().unwrap_or("").contains("重新上传"), "{}", refused.1);
    let patch_file = host.add_upload("patch", "p.zip", b"PK\x03\x04".to_vec());
    let mut wrong_purpose = body(&patch_file);
    wrong_purpose["baselineVersion"] = json!("3.4.0");
    assert_eq!(field(host.call::<HotUpdate>("POST", "/baselines", wrong_purpose)), (400, "file".into()));
    let mut none = body("");
    none["baselineVersion"] = json!("3.5.0");
    assert_eq!(field(host.call::<HotUpdate>("POST", "/baselines", none)), (400, "file".into()));
}

#[test]
fn a_patch_version_must_be_greater_than_every_earlier_patch_of_the_plugin_and_baseline() {
    let mut host = host();
    let base = ok(baseline(&mut host, b"apk"))["id"].as_str().expect("id").to_string();
    ok(host.call::<HotUpdate>("POST", "/test/patches", patch(&base, 3, "https://cdn.example.com/p3.zip")));
    let refused = host.call::<HotUpdate>("POST", "/test/patches", patch(&base, 3, "https://cdn.example.com/p3b.zip"));
    assert_eq!(field(refused.clone()), (400, "patchVersion".into()));
    assert!(refused.1["msg"].as_str().unwrap_or("").contains("greater than 3"), "{}", refused.1);
    assert_eq!(
        field(host.call::<HotUpdate>("POST", "/test/patches", patch(&base, 2, "https://cdn.example.com/p2.zip"))).1,
        "patchVersion"
    );
    ok(host.call::<HotUpdate>("POST", "/test/patches", patch(&base, 4, "https://cdn.example.com/p4.zip")));

    let mut both = patch(&base, 5, "https://cdn.example.com/p5.zip");
    both["file"] = json!(host.add_upload("patch", "p5.zip", b"patch".to_vec()));
    assert_eq!(field(host.call::<HotUpdate>("POST", "/test/patches", both)).1, "patchUrl");
    let mut bad_sha = patch(&base, 5, "https://cdn.example.com/p5.zip");
    bad_sha["patchSha256"] = json!("xyz");
    assert_eq!(field(host.call::<HotUpdate>("POST", "/test/patches", bad_sha)).1, "patchSha256");
    let mut uploaded = patch(&base, 5, "");
    uploaded["patchSha256"] = json!("");
    uploaded["file"] = json!(host.add_upload("patch", "p5.zip", b"patch five".to_vec()));
    let created = ok(host.call::<HotUpdate>("POST", "/test/patches", uploaded));
    assert_eq!(created["patchSha256"], created["file"]["sha256"], "computed by the server");
}

#[test]
fn test_release_then_production_with_the_device_check_following_and_a_flow_of_every_step() {
    let mut host = host();
    let base = ok(baseline(&mut host, b"apk"))["id"].as_str().expect("id").to_string();
    let id =
        ok(host.call::<HotUpdate>("POST", "/test/patches", patch(&base, 1, "https://cdn.example.com/p1.zip")))["id"]
            .as_str()
            .expect("id")
            .to_string();
    // Each device asks with its own key (bound to its SN).
    let check = |host: &mut MemoryHost, sn: &str| {
        host.as_device_sn(sn);
        let answer = ok(host.call::<HotUpdate>(
            "POST",
            "/device/check",
            json!({ "plugin": "cleaning-map", "baselineVersion": "3.2.0", "arch": "arm64-v8a", "sn": sn }),
        ));
        host.as_user();
        answer
    };
    assert_eq!(check(&mut host, "SN-1"), Value::Null, "a draft reaches nobody");

    let many: String = (0..21).map(|i| format!("SN-{i}\n")).collect();
    assert_eq!(
        field(host.call::<HotUpdate>("POST", &format!("/test/patches/{id}/release"), json!({ "whitelist": many }))),
        (400, "whitelist".into())
    );
    assert_eq!(
        host.call::<HotUpdate>("POST", &format!("/test/patches/{id}/promote"), Value::Null).0,
        409,
        "not before test"
    );
    // Above ten the risk is confirmed first, as in every SN list.
    let eleven: String = (0..11).map(|i| format!("SN-{i}\n")).collect();
    let release = format!("/test/patches/{id}/release");
    let (status, warned) = host.call_with::<HotUpdate>("POST", &release, &[], json!({ "whitelist": eleven }), "en");
    assert_eq!((status, warned["field"].as_str()), (400, Some("whitelist")), "{warned}");
    assert!(warned["msg"].as_str().is_some_and(|m| m.contains("exceeded 10")), "{warned}");
    assert_eq!(check(&mut host, "SN-1"), Value::Null, "still a draft");
    ok(host.call::<HotUpdate>("POST", &release, json!({ "whitelist": eleven, "riskConfirmed": true })));
    ok(host.call::<HotUpdate>("POST", &format!("/test/patches/{id}/release"), json!({ "whitelist": "SN-1\nuser-7" })));
    assert_eq!(check(&mut host, "SN-1")["patchVersion"], 1);
    assert_eq!(check(&mut host, "SN-1")["test"], true);
    assert_eq!(check(&mut host, "SN-2"), Value::Null, "not whitelisted");
    host.as_device("app");
    let shared = host.call::<HotUpdate>(
        "POST",
        "/device/check",
        json!({ "plugin": "cleaning-map", "baselineVersion": "3.2.0", "arch": "arm64-v8a", "sn": "SN-1" }),
    );
    assert_eq!(ok(shared), Value::Null, "a fleet's key naming a whitelisted SN gets no test patch");
    host.as_user();

    ok(host.call::<HotUpdate>("POST", &format!("/test/patches/{id}/promote"), Value::Null));
    assert_eq!(check(&mut host, "SN-2")["url"], "https://cdn.example.com/p1.zip");
    assert_eq!(
        host.call::<HotUpdate>("PUT", &format!("/test/patches/{id}"), patch(&base, 1, "https://x.example/p")).0,
        409,
        "released patches are not edited"
    );

    assert_eq!(
        host.call::<HotUpdate>("POST", &format!("/prod/patches/{id}/revoke"), json!({ "confirmName": "cleaning" })).0,
        400
    );
    ok(host.call::<HotUpdate>("POST", &format!("/prod/patches/{id}/revoke"), json!({ "confirmName": "cleaning-map" })));
    assert_eq!(check(&mut host, "SN-2"), Value::Null, "revoked");

    let flow = ok(host.call_with::<HotUpdate>("GET", "/flow", &[("patchId", &id)], Value::Null, "en"));
    let steps: Vec<&str> = flow["list"].as_array().expect("list").iter().filter_map(|s| s["step"].as_str()).collect();
    assert_eq!(steps, vec!["revoked", "promoted", "whitelistChanged", "releasedToTest", "created"], "newest first");
    assert_eq!(flow["list"][0]["by"], "tester");

    host.as_device("app");
    ok(host.call::<HotUpdate>(
        "POST",
        "/device/report",
        json!({ "patchId": id, "sn": "SN-2", "success": false, "message": "sha256 mismatch" }),
    ));
    assert_eq!(
        field(host.call::<HotUpdate>(
            "POST",
            "/device/report",
            json!({ "patchId": id, "sn": "SN-2", "success": false })
        ))
        .1,
        "message"
    );
    host.as_user();
    let failures =
        ok(host.call_with::<HotUpdate>("GET", "/logs", &[("success", "false"), ("sn", "SN")], Value::Null, "en"));
    assert_eq!(
        (failures["total"].as_u64(), failures["list"][0]["message"].as_str()),
        (Some(1), Some("sha256 mismatch"))
    );
}
