//! Portal content over HTTP with the built `content.wasm`: what an operator publishes reaches
//! the portal (the public website, with its device key) in sort order and by ETag; a draft and
//! another language do not.

use crate::common;

use common::{Install, TestHost};
use serde_json::{Value, json};

#[tokio::test]
async fn the_portal_shows_what_is_published_in_its_language_and_asks_again_by_etag() {
    let content = Install::plugin("content", "uses = [\"product-service\", \"message-service\"]\nfiles = true");
    let host = TestHost::start_with_plugins(&[content], |_| {}).await;
    let admin = host.admin().await;
    let body = json!({ "pluginId": "content", "tenantId": 0, "name": "portal website" });
    let key =
        host.post("/plugin-admin/device-keys/add", &admin, body).await.ok()["key"].as_str().expect("a key").to_string();

    let entry = |kind: &str, title: &str, sort: i64, published: bool| {
        json!({ "kind": kind, "language": "en", "title": title, "body": format!("About {title}"), "sort": sort,
                "published": published, "link": "https://shop.example.com/" })
    };
    host.post("/content-service/portal", &admin, entry("news", "RV30 launch", 2, true)).await.ok();
    host.post("/content-service/portal", &admin, entry("banner", "Spring sale", 1, true)).await.ok();
    host.post("/content-service/portal", &admin, entry("page", "About us", 0, false)).await.ok();
    let refused = host
        .post("/content-service/portal", &admin, json!({ "kind": "banner", "language": "en", "title": "No link" }))
        .await;
    assert_eq!(refused.data()["field"], "link", "{:?}", refused.body);

    let url = format!("{}/device/content-service/app/portal?language=en", host.base);
    let http = reqwest::Client::new();
    let first = http.get(&url).header("authorization", format!("Device {key}")).send().await.expect("sent");
    let etag = first.headers().get("etag").and_then(|v| v.to_str().ok()).map(str::to_string);
    let shown: Value = first.json().await.expect("an envelope");
    let titles: Vec<&str> =
        shown["data"]["entries"].as_array().expect("entries").iter().filter_map(|e| e["title"].as_str()).collect();
    assert_eq!(titles, ["Spring sale", "RV30 launch"], "published only, lower sort first: {shown}");
    let etag = etag.expect("an ETag");
    let again = http
        .get(&url)
        .header("authorization", format!("Device {key}"))
        .header("if-none-match", &etag)
        .send()
        .await
        .expect("sent");
    assert_eq!(again.status().as_u16(), 304, "unchanged");

    let german = format!("{}/device/content-service/app/portal?language=de", host.base);
    let none: Value =
        http.get(&german).header("authorization", format!("Device {key}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(none["data"]["entries"], json!([]));
    let anonymous = http.get(&url).send().await.expect("sent");
    let refused: Value = anonymous.json().await.unwrap_or(Value::Null);
    assert_eq!(refused["code"], 401, "the portal's key only: {refused}");
}
