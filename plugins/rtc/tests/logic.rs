//! The RTC plugin's logic, natively, against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::time::{DAY_MS, HOUR_MS};
use console_plugin_sdk::{Value, json};
use rtc::Rtc;

fn host() -> MemoryHost {
    MemoryHost::new()
        .unique("clients", &["appId"])
        .unique("clients", &["clientName"])
        .unique("keys", &["clientId"])
        .unique("whitelist", &["clientId", "productId"])
        .unique("relations", &["deviceSn", "appUserId"])
}

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn client(host: &mut MemoryHost, name: &str, app_id: &str) -> String {
    let body = json!({ "clientName": name, "vendor": "agora", "appId": app_id, "region": "asia" });
    ok(host.call::<Rtc>("POST", "/clients", body))["id"].as_str().expect("id").to_string()
}

const CERT_A: &str = "0123456789abcdef0123456789abcdef";
const CERT_B: &str = "fedcba9876543210fedcba9876543210";

#[test]
fn clients_are_validated_and_unique_by_app_id() {
    let mut host = host();
    client(&mut host, "Doorbells", "app-1");
    let again = host.call::<Rtc>(
        "POST",
        "/clients",
        json!({ "clientName": "Other", "vendor": "agora", "appId": "app-1", "region": "asia" }),
    );
    assert_eq!((again.0, again.1["field"].as_str()), (400, Some("appId")), "{}", again.1);
    for (field, body) in [
        ("vendor", json!({ "clientName": "X1", "vendor": "skype", "appId": "a2", "region": "asia" })),
        ("region", json!({ "clientName": "X2", "vendor": "trtc", "appId": "a3", "region": "mars" })),
        ("appId", json!({ "clientName": "X3", "vendor": "trtc", "appId": "a b", "region": "asia" })),
        ("clientName", json!({ "vendor": "trtc", "appId": "a4", "region": "asia" })),
    ] {
        let (status, answer) = host.call::<Rtc>("POST", "/clients", body);
        assert_eq!((status, answer["field"].as_str()), (400, Some(field)), "{answer}");
    }
}

#[test]
fn certificates_are_sealed_masked_and_rotation_keeps_the_old_one_for_the_grace_period() {
    let mut host = host();
    let id = client(&mut host, "Cameras", "app-cam");
    let no_cert = host.call::<Rtc>("POST", &format!("/keys/{id}/token"), json!({ "channel": "c1", "userId": "u1" }));
    assert_eq!(no_cert.0, 409, "{}", no_cert.1);

    let set = ok(host.call::<Rtc>("PUT", &format!("/keys/{id}"), json!({ "certificate": CERT_A })));
    assert_eq!(set["hint"], "••••••cdef");
    let stored = host.stored_text("keys");
    assert!(!stored.contains(CERT_A) && stored.contains("sealed:"), "sealed at rest: {stored}");
    let listed = ok(host.call_with::<Rtc>("GET", "/keys", &[], Value::Null, "en"));
    assert!(!listed.to_string().contains(CERT_A) && listed["list"][0]["hasCertificate"] == true, "{listed}");

    let old_token = ok(host.call::<Rtc>(
        "POST",
        &format!("/keys/{id}/token"),
        json!({ "channel": "c1", "userId": "u1", "ttlSeconds": 7200 }),
    ))["token"]
        .as_str()
        .expect("token")
        .to_string();
    let verify =
        |host: &mut MemoryHost, token: &str| ok(host.call::<Rtc>("POST", "/tokens/verify", json!({ "token": token })));
    assert_eq!(verify(&mut host, &old_token)["signedWith"], "current");

    ok(host.call::<Rtc>("POST", &format!("/keys/{id}/rotate"), json!({ "certificate": CERT_B, "graceHours": 1 })));
    assert_eq!(verify(&mut host, &old_token)["signedWith"], "previous", "still valid in the grace period");
    host.now_ms += HOUR_MS + 1;
    let after = verify(&mut host, &old_token);
    assert_eq!((after["valid"].as_bool(), after["reason"].as_str()), (Some(false), Some("signature")), "{after}");

    let new_token = ok(host.call::<Rtc>(
        "POST",
        &format!("/keys/{id}/token"),
        json!({ "channel": "c1", "userId": "u1", "ttlSeconds": 60 }),
    ))["token"]
        .as_str()
        .expect("token")
        .to_string();
    assert_eq!(verify(&mut host, &new_token)["valid"], true);
    host.now_ms += 61_000;
    assert_eq!(verify(&mut host, &new_token)["reason"], "expired");

    assert_eq!(verify(&mut host, "garbage")["reason"], "malformed");
    let bad_grace =
        host.call::<Rtc>("POST", &format!("/keys/{id}/rotate"), json!({ "certificate": CERT_A, "graceHours": 500 }));
    assert_eq!(bad_grace.1["field"], "graceHours");
    let short = host.call::<Rtc>("PUT", &format!("/keys/{id}"), json!({ "certificate": "short" }));
    assert_eq!(short.1["field"], "certificate");
}

#[test]
fn refusals_speak_the_callers_language() {
    let mut host = host();
    let id = client(&mut host, "Cameras", "app-cam");
    let (_, zh) = host.call_with::<Rtc>(
        "POST",
        &format!("/keys/{id}/token"),
        &[],
        json!({ "channel": "c", "userId": "u" }),
        "zhCn",
    );
    assert_eq!(zh["msg"], "该客户端尚未设置 App 证书");
    let (_, de) = host.call_with::<Rtc>(
        "POST",
        &format!("/keys/{id}/token"),
        &[],
        json!({ "channel": "c", "userId": "u" }),
        "de",
    );
    assert!(de["msg"].as_str().unwrap_or("").contains("Zertifikat"), "{de}");
}

#[test]
fn the_whitelist_takes_at_most_twenty_products_per_request_and_skips_listed_ones() {
    let mut host = host();
    let id = client(&mut host, "Cameras", "app-cam");
    let added = ok(host.call::<Rtc>("POST", "/whitelist", json!({ "clientId": id, "productIds": "P1\nP2\n\nP1\n" })));
    assert_eq!(added["added"], json!(["P1", "P2"]));
    let again = ok(host.call::<Rtc>("POST", "/whitelist", json!({ "clientId": id, "productIds": "P2\nP3" })));
    assert_eq!((again["added"].clone(), again["alreadyListed"].clone()), (json!(["P3"]), json!(["P2"])));
    let many: String = (0..21).map(|i| format!("Q{i}\n")).collect();
    let refused = host.call::<Rtc>("POST", "/whitelist", json!({ "clientId": id, "productIds": many }));
    assert_eq!((refused.0, refused.1["field"].as_str()), (400, Some("productIds")));
    assert!(refused.1["msg"].as_str().unwrap_or("").contains("20"), "{}", refused.1);
    let listed =
        ok(host.call_with::<Rtc>("GET", "/whitelist", &[("productId", "P"), ("mode", "fuzzy")], Value::Null, "en"));
    assert_eq!(listed["total"], 3, "nothing of the refused batch was added");
    // The client's whole list holds 20 at most, however it is added.
    let seventeen: String = (0..17).map(|i| format!("R{i}\n")).collect();
    ok(host.call::<Rtc>("POST", "/whitelist", json!({ "clientId": id, "productIds": seventeen })));
    let full = host.call_with::<Rtc>("POST", "/whitelist", &[], json!({ "clientId": id, "productIds": "S1" }), "en");
    assert_eq!((full.0, full.1["field"].as_str()), (400, Some("productIds")), "{}", full.1);
    assert!(full.1["msg"].as_str().unwrap_or("").contains("cannot exceed 20 (20 listed"), "{}", full.1);
    let listed_again = ok(host.call_with::<Rtc>("GET", "/whitelist", &[("pageSize", "50")], Value::Null, "en"));
    assert_eq!(listed_again["total"], 20);
    let precise =
        ok(host.call_with::<Rtc>("GET", "/whitelist", &[("productId", "P"), ("mode", "precise")], Value::Null, "en"));
    assert_eq!(precise["total"], 0);

    let entry = listed["list"][0]["id"].as_str().expect("id").to_string();
    let product = listed["list"][0]["productId"].as_str().expect("product").to_string();
    assert_eq!(host.call::<Rtc>("DELETE", &format!("/whitelist/{entry}"), json!({ "confirmName": "nope" })).0, 400);
    ok(host.call::<Rtc>("DELETE", &format!("/whitelist/{entry}"), json!({ "confirmName": product })));
}

#[test]
fn relations_bind_from_devices_and_the_console_and_search_by_sn() {
    let mut host = host();
    let id = client(&mut host, "Cameras", "app-cam");
    ok(host.call::<Rtc>(
        "POST",
        "/relations",
        json!({ "deviceSn": "SN-1001", "appUserId": "u1", "channel": "ch1", "clientId": id }),
    ));
    host.as_device("factory");
    let moved = ok(host.call::<Rtc>(
        "POST",
        "/device/relations",
        json!({ "deviceSn": "SN-1001", "appUserId": "u1", "channel": "ch2", "appId": "app-cam" }),
    ));
    assert_eq!((moved["channel"].as_str(), moved["boundBy"].as_str()), (Some("ch2"), Some("device:factory")));
    ok(host.call::<Rtc>(
        "POST",
        "/device/relations",
        json!({ "deviceSn": "SN-2002", "appUserId": "u2", "channel": "ch3", "appId": "app-cam" }),
    ));
    host.as_user();

    let fuzzy =
        ok(host.call_with::<Rtc>("GET", "/relations", &[("deviceSn", "100"), ("mode", "fuzzy")], Value::Null, "en"));
    assert_eq!(fuzzy["total"], 1);
    let precise =
        ok(host.call_with::<Rtc>("GET", "/relations", &[("deviceSn", "100"), ("mode", "precise")], Value::Null, "en"));
    assert_eq!(precise["total"], 0);
    let relation = fuzzy["list"][0]["id"].as_str().expect("id").to_string();
    assert_eq!(
        host.call::<Rtc>("DELETE", &format!("/relations/{relation}"), json!({ "confirmName": "SN-2002" })).0,
        400
    );
    ok(host.call::<Rtc>("DELETE", &format!("/relations/{relation}"), json!({ "confirmName": "SN-1001" })));
    assert_eq!(ok(host.call_with::<Rtc>("GET", "/relations", &[], Value::Null, "en"))["total"], 1);
}

#[test]
fn sessions_need_a_whitelisted_product_and_sum_up_per_day_product_and_quality() {
    let mut host = host();
    let id = client(&mut host, "Cameras", "app-cam");
    ok(host.call::<Rtc>("POST", "/whitelist", json!({ "clientId": id, "productIds": "CAM1\nBOT2" })));
    let now = host.now_ms;
    let session = |product: &str, ago: i64, minutes: i64, quality: &str| {
        json!({ "appId": "app-cam", "productId": product, "deviceSn": "SN1", "channel": "ch", "startedAt": now - ago,
                "endedAt": now - ago + minutes * 60_000 - 30_000, "quality": quality })
    };
    host.as_device("cams");
    let refused = host.call::<Rtc>("POST", "/device/sessions", session("TV9", HOUR_MS, 3, "good"));
    assert_eq!((refused.0, refused.1["field"].as_str()), (400, Some("productId")), "{}", refused.1);
    let backwards = host.call::<Rtc>("POST", "/device/sessions", json!({ "appId": "app-cam", "productId": "CAM1", "deviceSn": "S", "channel": "c", "startedAt": now, "endedAt": now - 1, "quality": "good" }));
    assert_eq!(backwards.1["field"], "endedAt");
    assert_eq!(
        ok(host.call::<Rtc>("POST", "/device/sessions", session("CAM1", 2 * HOUR_MS, 10, "good")))["minutes"],
        10,
        "rounded up"
    );
    ok(host.call::<Rtc>("POST", "/device/sessions", session("CAM1", 2 * DAY_MS, 5, "poor")));
    ok(host.call::<Rtc>("POST", "/device/sessions", session("BOT2", 40 * DAY_MS, 7, "good")));
    host.as_user();

    let day = ok(host.call_with::<Rtc>("GET", "/analytics", &[("range", "1d")], Value::Null, "en"));
    assert_eq!(
        (day["granularity"].as_str(), day["totalSessions"].as_u64(), day["totalMinutes"].as_i64()),
        (Some("hour"), Some(1), Some(10))
    );
    assert_eq!(day["buckets"].as_array().map(Vec::len), Some(25), "every hour, empty ones too");
    let week = ok(host.call_with::<Rtc>("GET", "/analytics", &[("range", "7d")], Value::Null, "en"));
    assert_eq!(
        (week["granularity"].as_str(), week["totalSessions"].as_u64(), week["totalMinutes"].as_i64()),
        (Some("day"), Some(2), Some(15))
    );
    assert_eq!(week["qualities"]["poor"], 1);
    let quarter = ok(host.call_with::<Rtc>("GET", "/analytics", &[("range", "90d")], Value::Null, "en"));
    assert_eq!(quarter["products"][0], json!({ "productId": "CAM1", "sessions": 2, "minutes": 15 }));
    assert_eq!(quarter["products"][1]["productId"], "BOT2");
    let bad = host.call_with::<Rtc>("GET", "/analytics", &[("range", "2d")], Value::Null, "en");
    assert_eq!(bad.1["field"], "range");
}

#[test]
fn a_client_in_use_cannot_be_deleted_nor_its_app_id_changed() {
    let mut host = host();
    let id = client(&mut host, "Cameras", "app-cam");
    ok(host.call::<Rtc>("POST", "/whitelist", json!({ "clientId": id, "productIds": "CAM1" })));
    let renamed = host.call::<Rtc>(
        "PUT",
        &format!("/clients/{id}"),
        json!({ "clientName": "Cameras", "vendor": "agora", "appId": "app-new", "region": "asia" }),
    );
    assert_eq!(renamed.1["field"], "appId");
    let refused = host.call::<Rtc>("DELETE", &format!("/clients/{id}"), json!({ "confirmName": "Cameras" }));
    assert_eq!(refused.0, 409, "{}", refused.1);
    let disabled = ok(host.call::<Rtc>(
        "PUT",
        &format!("/clients/{id}"),
        json!({ "clientName": "Cameras", "vendor": "agora", "appId": "app-cam", "region": "asia", "enabled": false }),
    ));
    assert_eq!(disabled["enabled"], false);
    host.as_device("cams");
    let (status, body) = host.call::<Rtc>("POST", "/device/sessions", json!({ "appId": "app-cam", "productId": "CAM1", "deviceSn": "S", "channel": "c", "startedAt": 1, "endedAt": 2, "quality": "good" }));
    assert_eq!((status, body["field"].as_str()), (409, Some("clientId")), "a disabled client takes no reports");
}
