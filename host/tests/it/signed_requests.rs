//! The optional request signature: a device key issued with `requireSignature` is
//! refused without a valid signature, and a signed request is taken once, only unaltered and only
//! fresh; a key without the requirement is unaffected.

use crate::common;

use common::{Install, TestHost};
use console_host::api::signature::{NONCE, SIGNATURE, TIMESTAMP, WINDOW_MS, sign, string_to_sign};
use reqwest::Method;
use serde_json::{Value, json};

const PATH: &str = "/device/rtc-service/device/tokens/verify";

async fn issue(host: &TestHost, admin: &str, name: &str, require_signature: bool) -> String {
    let body = json!({ "pluginId": "rtc", "tenantId": 0, "name": name, "requireSignature": require_signature });
    host.post("/plugin-admin/device-keys/add", admin, body).await.ok()["key"].as_str().expect("key").to_string()
}

/// The headers a client computes, for `body` sent to PATH at `at` with `nonce`.
fn signed(key: &str, body: &Value, at: i64, nonce: &str) -> Vec<(String, String)> {
    let bytes = serde_json::to_vec(body).expect("json");
    let text = string_to_sign("POST", &format!("/api{PATH}"), "", &at.to_string(), nonce, &bytes);
    vec![
        (TIMESTAMP.to_string(), at.to_string()),
        (NONCE.to_string(), nonce.to_string()),
        (SIGNATURE.to_string(), sign(key, &text)),
    ]
}

async fn send(host: &TestHost, key: &str, headers: &[(String, String)], body: Value) -> common::Answer {
    let authorization = format!("Device {key}");
    let mut all: Vec<(&str, &str)> = vec![("lang", "en")];
    all.extend(headers.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    host.call(Method::POST, PATH, Some(&authorization), &all, Some(body)).await
}

#[tokio::test]
async fn a_key_that_requires_signatures_takes_each_signed_request_once() {
    let host = TestHost::start_with_plugins(&[Install::plugin("rtc", "")], |_| {}).await;
    let admin = host.admin().await;
    let key = issue(&host, &admin, "signing media server", true).await;
    let body = json!({ "token": "not-a-token" });
    let now = console_host::clock::now_ms();

    let unsigned = send(&host, &key, &[], body.clone()).await;
    assert_eq!(unsigned.code(), 401, "{:?}", unsigned.body);
    assert!(unsigned.msg().contains("signature"), "{}", unsigned.msg());

    let headers = signed(&key, &body, now, "nonce-000000000001");
    let taken = send(&host, &key, &headers, body.clone()).await;
    assert_eq!(taken.ok()["valid"], false, "through to the plugin, which judges the token");
    let replayed = send(&host, &key, &headers, body.clone()).await;
    assert_eq!(replayed.code(), 401);
    assert!(replayed.msg().contains("replayed"), "{}", replayed.msg());

    let altered = send(&host, &key, &signed(&key, &body, now, "nonce-000000000002"), json!({ "token": "other" })).await;
    assert!(altered.msg().contains("does not match"), "{}", altered.msg());
    let stale =
        send(&host, &key, &signed(&key, &body, now - WINDOW_MS - 60_000, "nonce-000000000003"), body.clone()).await;
    assert!(stale.msg().contains("expired"), "{}", stale.msg());
    let other_key = issue(&host, &admin, "another", false).await;
    let by_other = send(&host, &key, &signed(&other_key, &body, now, "nonce-000000000004"), body.clone()).await;
    assert_eq!(by_other.code(), 401, "signed with another key");

    // In the user's language.
    let authorization = format!("Device {key}");
    let german = host.call(Method::POST, PATH, Some(&authorization), &[("lang", "de")], Some(body.clone())).await;
    assert!(german.msg().contains("Anfragesignatur"), "{}", german.msg());

    // A key without the requirement needs no signature.
    assert_eq!(send(&host, &other_key, &[], body).await.ok()["valid"], false);
    let listed = host.post("/plugin-admin/device-keys/list", &admin, json!({ "pluginId": "rtc", "tenantId": 0 })).await;
    let flags: Vec<bool> =
        listed.ok().as_array().unwrap().iter().map(|k| k["requireSignature"].as_bool().unwrap()).collect();
    assert_eq!(flags, vec![false, true]);
}
