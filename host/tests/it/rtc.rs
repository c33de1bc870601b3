//! The RTC plugin over HTTP with its built `.wasm`: sealed certificates, tokens verified by the
//! console and by a media server holding a device key, the whitelist limit, device-reported
//! sessions in the analytics of the key's tenant only, and operation records.

use crate::common;

use common::{Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};

const CERT: &str = "a1b2c3d4e5f60718293a4b5c6d7e8f90";

async fn rtc_host() -> (TestHost, String) {
    let host = TestHost::start_with_plugins(&[Install::plugin("rtc", "")], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

async fn as_tenant(
    host: &TestHost,
    token: &str,
    tenant: &str,
    method: Method,
    path: &str,
    body: Value,
) -> common::Answer {
    host.call(method, path, Some(token), &[("lang", "en"), ("tenantId", tenant)], Some(body)).await
}

#[tokio::test]
async fn certificates_are_sealed_and_tokens_verify_in_the_console_and_for_devices() {
    let (host, admin) = rtc_host().await;
    let tenant = host.create_tenant(&admin, "Acme", 21).await.to_string();
    let client = host
        .post_as(
            "/rtc-service/clients",
            &admin,
            &tenant,
            json!({ "clientName": "Doorbells", "vendor": "agora", "appId": "app-door", "region": "europe" }),
        )
        .await;
    let client_id = client.ok()["id"].as_str().expect("id").to_string();
    let set = as_tenant(
        &host,
        &admin,
        &tenant,
        Method::PUT,
        &format!("/rtc-service/keys/{client_id}"),
        json!({ "certificate": CERT }),
    )
    .await;
    assert_eq!(set.ok()["hint"], "••••••8f90");

    let needle = CERT.as_bytes();
    assert!(
        !host.database_bytes().await.windows(needle.len()).any(|w| w == needle),
        "the certificate is not stored in clear"
    );
    let keys = host.get_as("/rtc-service/keys", &admin, &tenant).await;
    assert!(!keys.ok().to_string().contains(CERT), "never answered whole");
    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    assert!(!records.ok().to_string().contains(CERT), "masked in the operation records");
    assert!(records.ok().to_string().contains("Set an RTC app certificate"));

    let issued = host
        .post_as(
            &format!("/rtc-service/keys/{client_id}/token"),
            &admin,
            &tenant,
            json!({ "channel": "door-7", "userId": "u42", "ttlSeconds": 600 }),
        )
        .await;
    let token = issued.ok()["token"].as_str().expect("token").to_string();
    let verified = host.post_as("/rtc-service/tokens/verify", &admin, &tenant, json!({ "token": token })).await;
    assert_eq!(
        (verified.ok()["valid"].as_bool(), verified.ok()["claims"]["channel"].as_str()),
        (Some(true), Some("door-7"))
    );
    let elsewhere = host.post_as("/rtc-service/tokens/verify", &admin, "ALL", json!({ "token": token })).await;
    assert_eq!(elsewhere.ok()["valid"], false, "another tenant has no such client");

    let key = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "rtc", "tenantId": tenant.parse::<i64>().unwrap_or(0), "name": "media server" }),
        )
        .await;
    let key = format!("Device {}", key.ok()["key"].as_str().expect("key"));
    let by_device = host
        .call(
            Method::POST,
            "/device/rtc-service/device/tokens/verify",
            Some(&key),
            &[("lang", "en")],
            Some(json!({ "token": token })),
        )
        .await;
    assert_eq!(by_device.ok()["valid"], true);
    let mut forged = token.clone();
    let last = forged.pop().map_or('0', |c| if c == '0' { '1' } else { '0' });
    forged.push(last);
    let refused = host
        .call(
            Method::POST,
            "/device/rtc-service/device/tokens/verify",
            Some(&key),
            &[("lang", "zhCn")],
            Some(json!({ "token": forged })),
        )
        .await;
    assert_eq!(
        (refused.ok()["valid"].as_bool(), refused.ok()["message"].as_str()),
        (Some(false), Some("令牌签名无效"))
    );
}

#[tokio::test]
async fn devices_report_sessions_of_whitelisted_products_to_their_own_tenants_analytics() {
    let (host, admin) = rtc_host().await;
    let acme = host.create_tenant(&admin, "Acme", 22).await;
    let other = host.create_tenant(&admin, "Other", 23).await;
    for tenant in [acme, other] {
        let tenant = tenant.to_string();
        let client = host
            .post_as(
                "/rtc-service/clients",
                &admin,
                &tenant,
                json!({ "clientName": "Robots", "vendor": "trtc", "appId": "app-bot", "region": "asia" }),
            )
            .await;
        let id = client.ok()["id"].clone();
        let many: String = (0..21).map(|i| format!("P{i}\n")).collect();
        let refused = host
            .call(
                Method::POST,
                "/rtc-service/whitelist",
                Some(&admin),
                &[("lang", "zhCn"), ("tenantId", &tenant)],
                Some(json!({ "clientId": id, "productIds": many })),
            )
            .await;
        assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("productIds")));
        assert!(refused.msg().contains("20"), "{}", refused.msg());
        host.post_as("/rtc-service/whitelist", &admin, &tenant, json!({ "clientId": id, "productIds": "BOT1\nBOT2" }))
            .await
            .ok();
    }
    let key = host
        .post("/plugin-admin/device-keys/add", &admin, json!({ "pluginId": "rtc", "tenantId": acme, "name": "robots" }))
        .await;
    let key = format!("Device {}", key.ok()["key"].as_str().expect("key"));
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    let report = |product: &str| json!({ "appId": "app-bot", "productId": product, "deviceSn": "R-1", "channel": "r1", "startedAt": now - 600_000, "endedAt": now - 60_000, "quality": "good" });
    let ok = host
        .call(Method::POST, "/device/rtc-service/device/sessions", Some(&key), &[("lang", "en")], Some(report("BOT1")))
        .await;
    assert_eq!(ok.ok()["minutes"], 9);
    let refused = host
        .call(Method::POST, "/device/rtc-service/device/sessions", Some(&key), &[("lang", "en")], Some(report("TV1")))
        .await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("productId")));

    let acme_stats = host.get_as("/rtc-service/analytics?range=1d", &admin, &acme.to_string()).await;
    assert_eq!(
        (acme_stats.ok()["totalSessions"].as_u64(), acme_stats.ok()["totalMinutes"].as_i64()),
        (Some(1), Some(9))
    );
    assert_eq!(acme_stats.ok()["products"][0]["productId"], "BOT1");
    let other_stats = host.get_as("/rtc-service/analytics?range=1d", &admin, &other.to_string()).await;
    assert_eq!(other_stats.ok()["totalSessions"], 0, "the key's tenant only");
}

#[tokio::test]
async fn relations_are_unbound_only_with_the_sn_typed_again() {
    let (host, admin) = rtc_host().await;
    let client = host
        .post(
            "/rtc-service/clients",
            &admin,
            json!({ "clientName": "Cams", "vendor": "self-hosted", "appId": "cams", "region": "america" }),
        )
        .await;
    let client_id = client.ok()["id"].clone();
    let bound = host
        .post(
            "/rtc-service/relations",
            &admin,
            json!({ "deviceSn": "CAM-0001", "appUserId": "u1", "channel": "c1", "clientId": client_id }),
        )
        .await;
    let id = bound.ok()["id"].as_str().expect("id").to_string();
    let found = host.get("/rtc-service/relations?deviceSn=0001&mode=fuzzy", &admin).await;
    assert_eq!(found.ok()["total"], 1);
    let wrong = host
        .call(
            Method::DELETE,
            &format!("/rtc-service/relations/{id}"),
            Some(&admin),
            &[("lang", "en")],
            Some(json!({ "confirmName": "CAM" })),
        )
        .await;
    assert_eq!((wrong.code(), wrong.data()["field"].as_str()), (400, Some("confirmName")));
    let unbound = host
        .call(
            Method::DELETE,
            &format!("/rtc-service/relations/{id}"),
            Some(&admin),
            &[("lang", "en")],
            Some(json!({ "confirmName": "CAM-0001" })),
        )
        .await;
    assert_eq!(unbound.code(), 200);
    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    let operations: Vec<&str> =
        records.ok()["list"].as_array().expect("list").iter().filter_map(|r| r["operation"].as_str()).collect();
    assert!(
        operations.contains(&"Unbind an RTC relation") && operations.contains(&"Bind an RTC relation"),
        "{operations:?}"
    );
}
