//! The device-access plugin's logic, natively, against the SDK's in-memory host: the rules that
//! decide before anything reaches the CA (tests/it/certificates.rs has the signing, with OpenSSL).

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use device_access::DeviceAccess;

const DAY_MS: i64 = 86_400_000;

fn host() -> MemoryHost {
    MemoryHost::new()
        .unique("domains", &["kind", "name", "country", "serviceName"])
        .unique("certificates", &["serial"])
        .unique("certificates", &["name"])
        .unique("ssl", &["name"])
}

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn refused_on(answer: (u16, Value)) -> (u16, String) {
    (answer.0, answer.1["field"].as_str().unwrap_or("").to_string())
}

fn certificate(name: &str) -> Value {
    json!({ "name": name, "certType": "mqtt", "commonName": "SN-1", "algorithm": "RSA", "keyLength": 4096,
            "validDays": 30, "keyPassword": "eight chars" })
}

#[test]
fn a_certificate_request_names_the_key_the_host_makes() {
    let mut host = host();
    let created = ok(host.call::<DeviceAccess>("POST", "/certificates", certificate("Vacuum")));
    assert_eq!((created["algorithm"].as_str(), created["keyLength"].as_i64()), (Some("RSA"), Some(4096)));
    assert_eq!(created["status"], "normal");
    assert!(created.get("encryptedKeyPem").is_none(), "never answered: {created}");
    let asked = &host.certificates[0];
    assert_eq!(asked.valid_days, 30);
    assert!(matches!(asked.algorithm, console_plugin_sdk::certificates::KeyAlgorithm::Rsa4096));
    assert!(
        matches!(asked.usage, console_plugin_sdk::certificates::Usage::Client),
        "an MQTT certificate is a client's"
    );

    // Each refusal names its field and reaches no CA.
    for (field, change) in [
        ("keyLength", json!({ "algorithm": "RSA", "keyLength": 256 })),
        ("keyPassword", json!({ "keyPassword": "seven!!" })),
        ("dnsNames", json!({ "certType": "service" })),
        ("dnsNames", json!({ "certType": "service", "dnsNames": "ok.example.com\nbad_host" })),
        ("name", json!({ "name": "Vacuum" })),
    ] {
        let mut body = certificate("Other");
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        assert_eq!(refused_on(host.call::<DeviceAccess>("POST", "/certificates", body)).1, field);
    }
    assert_eq!(host.certificates.len(), 1, "nothing refused reached the CA");
}

#[test]
fn revocation_happens_once_and_a_valid_certificate_is_not_deleted() {
    let mut host = host();
    let id = ok(host.call::<DeviceAccess>("POST", "/certificates", certificate("Vacuum")))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let deleted =
        host.call::<DeviceAccess>("DELETE", &format!("/certificates/{id}"), json!({ "confirmName": "Vacuum" }));
    assert_eq!(deleted.0, 409);
    ok(host.call::<DeviceAccess>("POST", &format!("/certificates/{id}/revoke"), json!({ "confirmName": "Vacuum" })));
    assert_eq!(host.revoked.len(), 1);
    let twice =
        host.call::<DeviceAccess>("POST", &format!("/certificates/{id}/revoke"), json!({ "confirmName": "Vacuum" }));
    assert_eq!(twice.0, 409);
    assert_eq!(host.revoked.len(), 1);
    ok(host.call::<DeviceAccess>("DELETE", &format!("/certificates/{id}"), json!({ "confirmName": "Vacuum" })));
}

#[test]
fn an_expired_certificate_may_be_deleted_unrevoked() {
    let mut host = host();
    let id = ok(host.call::<DeviceAccess>("POST", "/certificates", certificate("Short")))["id"]
        .as_str()
        .unwrap()
        .to_string();
    host.now_ms += 31 * DAY_MS;
    ok(host.call::<DeviceAccess>("DELETE", &format!("/certificates/{id}"), json!({ "confirmName": "Short" })));
}

#[test]
fn the_country_s_domain_wins_then_the_priority_and_disabled_ones_never() {
    let mut host = host();
    let mut add = |name: &str, country: &str, priority: i64, extra: Value| {
        let mut body =
            json!({ "kind": "device", "name": name, "country": country, "priority": priority, "serviceName": "api" });
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        ok(host.call::<DeviceAccess>("POST", "/domains", body))["id"].as_str().unwrap().to_string()
    };
    add("api.example.com", "", 9000, json!({}));
    add("api-cn.example.com", "CN", 1, json!({}));
    add("api-cn2.example.com", "cn", 2, json!({ "permanentlyDisabled": true }));
    let now = 1_767_225_600_000i64;
    add("api-cn3.example.com", "CN", 3, json!({ "validFrom": now + DAY_MS }));
    let resolve = |host: &mut MemoryHost, country: &str| {
        let query = [("country", country), ("serviceName", "api")];
        ok(host.call_with::<DeviceAccess>("GET", "/domain-resolve", &query, Value::Null, "en"))["name"].clone()
    };
    assert_eq!(resolve(&mut host, "CN"), "api-cn.example.com");
    assert_eq!(resolve(&mut host, "US"), "api.example.com");
    host.now_ms = now + 2 * DAY_MS;
    assert_eq!(resolve(&mut host, "CN"), "api-cn3.example.com", "its validity began");
    let bad = host.call::<DeviceAccess>(
        "POST",
        "/domains",
        json!({ "kind": "device", "name": "nodot", "priority": 1, "serviceName": "api" }),
    );
    assert_eq!(refused_on(bad), (400, "name".into()));
    let high = host.call::<DeviceAccess>(
        "POST",
        "/domains",
        json!({ "kind": "device", "name": "a.example.com", "priority": 10000, "serviceName": "api" }),
    );
    assert_eq!(refused_on(high), (400, "priority".into()));
}
