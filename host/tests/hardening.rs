//! Smaller hardening items, each tried as an attacker would: bodies read only after the route's
//! action is checked, no records for routes that do not exist, search texts bounded, envelopes
//! for every refusal, a closed connection after an early 413, `/metrics` behind a token.

mod common;

use std::time::Duration;

use common::{TestHost, USER_PASSWORD};
use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends raw bytes and reads what comes back within `wait` (the connection may stay open).
async fn raw(host: &TestHost, request: &[u8], wait: Duration) -> String {
    let addr = host.base.trim_start_matches("http://").trim_end_matches("/api").to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request).await.expect("write");
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + wait;
    while let Ok(Ok(n)) = tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
        if answer.windows(4).any(|w| w == b"\r\n\r\n") && answer.ends_with(b"}") {
            break;
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

async fn operation_record_count(host: &TestHost, admin: &str) -> i64 {
    let page = host.post("/authority-service/authority/operateRecord/list", admin, json!({ "pageSize": 1 })).await;
    page.ok()["total"].as_i64().expect("total")
}

#[tokio::test]
async fn a_plugin_route_refuses_a_caller_without_its_action_before_reading_the_body() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let role = host.create_role(&admin, "ALL", "Viewer", "ordinary", &["pet:breed:view"]).await;
    host.create_account(&admin, "ALL", "viewer", &[role]).await;
    let viewer = host.login("viewer", USER_PASSWORD).await;
    // Announce 8 MB, send 10 bytes: the refusal must come without waiting for the rest.
    let request = format!(
        "POST /api/pet-service/breeds HTTP/1.1\r\nhost: x\r\nauthorization: {viewer}\r\nlang: en\r\n\
         content-type: application/json\r\ncontent-length: 8000000\r\n\r\n{{\"breedNa"
    );
    let answer = raw(&host, request.as_bytes(), Duration::from_secs(3)).await;
    assert!(answer.contains("\"code\":403"), "refused at once, got: {answer:?}");
}

#[tokio::test]
async fn routes_that_do_not_exist_leave_no_operation_record() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let before = operation_record_count(&host, &admin).await;
    for path in ["/pet-service/no-such-route", "/no-such-mount/x"] {
        let answer = host.call(Method::POST, path, Some(&admin), &[("lang", "en")], Some(json!({ "junk": "x" }))).await;
        assert_eq!(answer.code(), 404, "{path}");
    }
    assert_eq!(operation_record_count(&host, &admin).await, before, "no record for a 404");
    host.post("/pet-service/breeds", &admin, json!({ "breedName": "Ragdoll" })).await.ok();
    assert!(operation_record_count(&host, &admin).await > before, "a real write is still recorded");
}

#[tokio::test]
async fn search_texts_over_the_limit_answer_400_not_500() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let long = "x".repeat(60_000);
    let lists = [
        ("/authority-service/role/list", json!({ "name": long })),
        ("/authority-service/account/list", json!({ "keyword": long })),
        ("/authority-service/tenantInfo/page", json!({ "tenantName": long })),
        ("/authority-service/authority/operateRecord/list", json!({ "keyword": long })),
        ("/authority-service/authority/list", json!({ "userName": long })),
        ("/authority-service/button/list", json!({ "keyword": long })),
    ];
    for (path, body) in lists {
        assert_eq!(host.post(path, &admin, body).await.code(), 400, "{path}");
    }
    let fuzzy = host.get(&format!("/pet-service/breeds?breedName={}", "x".repeat(60_000)), &admin).await;
    assert_eq!(fuzzy.code(), 400, "{:?}", fuzzy.msg());
    // At the limit, searches work.
    host.post("/authority-service/role/list", &admin, json!({ "name": "x".repeat(200) })).await.ok();
}

#[tokio::test]
async fn refusals_are_envelopes_and_a_continent_refusal_does_not_sign_out() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    // A continent cannot be changed: 409, not the 403 that ends the session.
    let regions = host.get("/region-service-admin/common/region/listAll?pageSize=500", &admin).await;
    let continent = regions.ok()["list"].as_array().and_then(|l| l.first()).cloned().expect("a continent");
    let mut change = continent.clone();
    change["regionEn"] = json!("Changed");
    let answer = host.post("/region-service-admin/common/region/update", &admin, change).await;
    assert_eq!(answer.code(), 409, "{:?}", answer.body);
    host.get("/pet-service/breeds", &admin).await.ok();

    let client = reqwest::Client::new();
    let origin = host.base.trim_end_matches("/api").to_string();
    for (path, what, code) in [
        ("/api/region-service-admin/common/region/listAll?page=abc", "a page that is not a number", 400),
        ("/api/pet-service/%FF%FE", "a path that is not UTF-8", 404),
        ("/api/device/pet-service/%FF%FE", "a device path that is not UTF-8", 401),
        ("/api/events/ws", "a websocket route without an upgrade", 400),
    ] {
        let res = client.get(format!("{origin}{path}")).header("authorization", &admin).send().await.expect("sent");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap_or_default();
        let body: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{what}: not an envelope: {text}"));
        assert_eq!(body["code"], code, "{what}: {text}");
        assert_eq!(status, code, "{what}");
    }
}

#[tokio::test]
async fn an_early_413_closes_the_connection() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    // 2 MB announced on a 1 MiB route: refused, and the connection is closed (the rest of the
    // body would otherwise be read as the next request).
    let mut request = format!(
        "POST /api/authority-service/role/list HTTP/1.1\r\nhost: x\r\nauthorization: {admin}\r\n\
         content-type: application/json\r\ncontent-length: 2000000\r\n\r\n"
    )
    .into_bytes();
    request.extend(std::iter::repeat_n(b' ', 1_100_000));
    let answer = raw(&host, &request, Duration::from_secs(5)).await;
    assert!(answer.contains("\"code\":413"), "{answer:?}");
    assert!(answer.to_ascii_lowercase().contains("connection: close"), "{answer:?}");
}

#[tokio::test]
async fn metrics_need_the_scrapers_token_and_are_off_without_one() {
    let host = TestHost::start().await;
    let url = host.base.trim_end_matches("/api").to_string() + "/metrics";
    let client = reqwest::Client::new();
    assert_eq!(client.get(&url).send().await.expect("sent").status(), 401);
    assert_eq!(client.get(&url).bearer_auth("guess").send().await.expect("sent").status(), 401);
    assert!(host.metrics().await.contains("console_plugin"), "the scraper reads them");

    let off = TestHost::start_with(|c| c.metrics_token = None).await;
    let url = off.base.trim_end_matches("/api").to_string() + "/metrics";
    assert_eq!(client.get(&url).send().await.expect("sent").status(), 404);
}

/// Everything the host serves carries the policy that keeps scripts to this origin and the
/// console out of frames; the browser test checks the shell runs under it.
#[tokio::test]
async fn every_response_carries_the_content_security_policy() {
    let host = TestHost::start_with(|c| c.portal_origins = vec!["https://portal.example.com".into()]).await;
    let origin = host.base.trim_end_matches("/api").to_string();
    let client = reqwest::Client::new();
    for path in
        ["/", "/login", "/api/authority-service/authority/getUserMenu", "/remotes/pet/remoteEntry.js", "/metrics"]
    {
        let res = client.get(format!("{origin}{path}")).send().await.expect("sent");
        let headers = res.headers();
        let csp = headers.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or("");
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp:?}");
        assert_eq!(headers.get("x-content-type-options").and_then(|v| v.to_str().ok()), Some("nosniff"), "{path}");
    }
    // The shell learns, before sign-in, which portals `from` may name.
    let portals = host.call(Method::GET, "/authority-service/portal/origins", None, &[], None).await;
    assert_eq!(portals.ok()["origins"], json!(["https://portal.example.com"]));
}

#[tokio::test]
async fn a_portal_origin_that_is_not_https_stops_the_start() {
    let dir = tempfile::tempdir().expect("dir");
    let mut config = console_host::Config::with_data_dir(dir.path().to_path_buf());
    config.portal_origins = vec!["javascript:alert(1)".into()];
    let refused = console_host::start(config).await.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(refused.contains("CONSOLE_PORTAL_ORIGINS"), "{refused}");
}

/// A method a known path does not have answers 405 with `Allow` (plugin routes
/// answered 404 before), as an envelope in the caller's language; an unknown path stays 404.
#[tokio::test]
async fn an_undeclared_method_on_a_known_path_is_405_with_allow() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let client = reqwest::Client::new();
    let send = |method: Method, path: &str| {
        client
            .request(method, format!("{}{path}", host.base))
            .header("authorization", &admin)
            .header("lang", "en")
            .send()
    };
    for (method, path, allow) in [
        (Method::DELETE, "/pet-service/breeds", "GET, POST"),
        (Method::GET, "/authority-service/authority/changePassword", "POST"),
    ] {
        let answer = send(method.clone(), path).await.expect("answer");
        assert_eq!(answer.status(), 405, "{method} {path}");
        let allowed = answer.headers().get("allow").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        assert_eq!(allowed.replace(',', ", ").replace("  ", " "), allow, "{method} {path}");
        let body: Value = answer.json().await.expect("envelope");
        assert_eq!(body["code"], 405);
        assert!(!body["msg"].as_str().unwrap_or("").is_empty());
    }
    let unknown = send(Method::GET, "/pet-service/no-such-page").await.expect("answer");
    assert_eq!(unknown.status(), 404);
}

/// A static file on a kept-alive connection answered no faster than the client's
/// delayed ACK (12-40 ms) while an API answer took about 1 ms, because the body waited behind
/// the headers under Nagle's algorithm. Measured side by side on one connection.
#[tokio::test]
async fn a_kept_alive_static_file_is_as_quick_as_an_api_answer() {
    let shell = tempfile::tempdir().expect("dir");
    std::fs::create_dir_all(shell.path().join("assets")).expect("dir");
    std::fs::write(shell.path().join("index.html"), "<!doctype html><title>Console</title>").expect("write");
    let script = format!("export const text = '{}';\n", "x".repeat(24 * 1024));
    std::fs::write(shell.path().join("assets/index-abcdef12.js"), script).expect("write");
    let shell_dir = shell.path().to_path_buf();
    let host = TestHost::start_with(move |config| config.shell_dir = shell_dir).await;
    let admin = host.admin().await;
    let origin = host.base.trim_end_matches("/api").to_string();
    // One client with one connection, kept alive across every request.
    let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().expect("client");
    let median = |mut times: Vec<Duration>| {
        times.sort();
        times[times.len() / 2]
    };
    let (mut asset, mut api) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        let sent = std::time::Instant::now();
        let file = client.get(format!("{origin}/assets/index-abcdef12.js")).send().await.expect("asset");
        assert_eq!(file.status(), 200);
        assert!(file.bytes().await.expect("body").len() > 24 * 1024);
        asset.push(sent.elapsed());
        let sent = std::time::Instant::now();
        let answer = client
            .get(format!("{}/authority-service/language/list", host.base))
            .header("authorization", &admin)
            .send()
            .await
            .expect("api");
        let body: Value = answer.json().await.expect("json");
        assert_eq!(body["code"], 200, "{body}");
        api.push(sent.elapsed());
    }
    let (asset, api) = (median(asset), median(api));
    assert!(
        asset <= api * 2 + Duration::from_millis(5),
        "a static file took {asset:?} at the median against {api:?} for an API answer"
    );
}
