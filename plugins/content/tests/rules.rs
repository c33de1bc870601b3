//! The content domain's rules against the in-memory host: one agreement per enterprise, language
//! and type (with its message); one manual per product and language; feedback limited per
//! account and per minute, replied to by mail through the messaging plugin when the contact is an
//! address; recipients are addresses.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use content::ContentPlugin;

fn host() -> MemoryHost {
    let mut host = MemoryHost::new();
    host.enterprises = vec![console_plugin_sdk::host::Enterprise {
        id: 7,
        name: "Acme".into(),
        kind: "ordinary".into(),
        disabled: false,
    }];
    host.plugins.insert("product-service".into(), |_, path, _| match path {
        "/internal/products/p1" => (200, json!({ "id": "p1", "name": "RV20" })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    host.plugins.insert("message-service".into(), |_, _, body| {
        // The sink accepts mail for example.com only.
        let to = body["to"][0].as_str().unwrap_or("");
        (200, json!({ "status": if to.ends_with("@example.com") { "sent" } else { "failed" }, "error": "" }))
    });
    host
}

fn call(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> (u16, Value) {
    host.as_user();
    host.call::<ContentPlugin>(method, path, body)
}

#[test]
fn only_one_agreement_may_exist_per_enterprise_language_and_type() {
    let mut host = host();
    let agreement = |language: &str, kind: &str| json!({ "enterpriseId": 7, "language": language, "type": kind, "content": "Terms" });
    assert_eq!(call(&mut host, "POST", "/agreements", agreement("en", "user")).0, 200);
    let (status, refused) = call(&mut host, "POST", "/agreements", agreement("en", "user"));
    assert_eq!(
        (status, refused["field"].as_str(), refused["msg"].as_str()),
        (400, Some("type"), Some("Only one agreement may exist per enterprise, language and type."))
    );
    assert_eq!(call(&mut host, "POST", "/agreements", agreement("en", "privacy")).0, 200);
    assert_eq!(call(&mut host, "POST", "/agreements", agreement("de", "user")).0, 200);
    assert_eq!(call(&mut host, "POST", "/agreements", agreement("xx", "user")).1["field"], "language");
    let mut bad_address = agreement("fr", "user");
    bad_address["address"] = json!("javascript:alert(1)");
    assert_eq!(call(&mut host, "POST", "/agreements", bad_address).1["field"], "address");
}

#[test]
fn one_manual_per_product_and_language_at_an_http_address() {
    let mut host = host();
    let manual = json!({ "productId": "p1", "language": "en", "address": "https://example.com/rv20-en.pdf" });
    let (status, saved) = call(&mut host, "POST", "/manuals", manual.clone());
    assert_eq!((status, saved["productName"].as_str()), (200, Some("RV20")));
    assert_eq!(
        call(&mut host, "POST", "/manuals", manual).1["msg"],
        "This product already has a manual in this language."
    );
    let unknown = json!({ "productId": "p9", "language": "en", "address": "https://example.com/x.pdf" });
    assert_eq!(call(&mut host, "POST", "/manuals", unknown).1["field"], "productId");
}

fn send(host: &mut MemoryHost, account: &str, contact: &str) -> (u16, Value) {
    host.as_device("robot home app");
    let body =
        json!({ "account": account, "contact": contact, "routerModel": "AX3000", "smartScene": "The map vanished" });
    host.call::<ContentPlugin>("POST", "/app/feedback", body)
}

#[test]
fn feedback_is_limited_per_account_and_a_reply_is_mailed_to_an_address_and_completes_it() {
    let mut host = host();
    let (status, sent) = send(&mut host, "ann@example.com", "ann@example.com");
    assert_eq!(status, 200, "{sent}");
    assert_eq!(send(&mut host, "ann@example.com", "ann@example.com").0, 429, "one a minute per account");
    let id = sent["id"].as_str().expect("an id").to_string();
    let (status, replied) =
        call(&mut host, "POST", &format!("/feedback/{id}/reply"), json!({ "reply": "Restart the app." }));
    assert_eq!(status, 200, "{replied}");
    assert_eq!((replied["status"].as_str(), replied["mailStatus"].as_str()), (Some("completed"), Some("sent")));
    assert_eq!(
        call(&mut host, "POST", &format!("/feedback/{id}/complete"), json!({})).1["msg"],
        "This feedback is completed already."
    );

    // A phone number is no address: the reply is kept, nothing is mailed.
    let (_, by_phone) = send(&mut host, "bob", "86-13800138000");
    let id = by_phone["id"].as_str().expect("an id").to_string();
    let (_, replied) = call(&mut host, "POST", &format!("/feedback/{id}/reply"), json!({ "reply": "Call us." }));
    assert_eq!(replied["mailStatus"], "");
}

#[test]
fn the_enterprise_takes_at_most_sixty_feedbacks_a_minute_whatever_the_accounts() {
    let mut host = host();
    for n in 0..content::feedback::PER_MINUTE {
        assert_eq!(send(&mut host, &format!("user{n}"), "x").0, 200);
    }
    let (status, refused) = send(&mut host, "one-more", "x");
    assert_eq!(
        (status, refused["msg"].as_str()),
        (429, Some("Too much feedback is arriving right now; please try again in a minute."))
    );
    host.now_ms += 61_000;
    assert_eq!(send(&mut host, "one-more", "x").0, 200);
}

#[test]
fn a_recipient_is_an_address() {
    let mut host = host();
    assert_eq!(
        call(&mut host, "POST", "/feedback-emails", json!({ "email": "not an address", "name": "Care" })).1["field"],
        "email"
    );
    assert_eq!(
        call(&mut host, "POST", "/feedback-emails", json!({ "email": "care@example.com", "name": "Care" })).0,
        200
    );
}

#[test]
fn an_apps_feedback_sends_no_mail_itself_the_minutes_job_tells_the_recipients_once() {
    use console_plugin_sdk::{Context, Plugin};
    let mut host = host();
    call(&mut host, "POST", "/feedback-emails", json!({ "email": "care@example.com", "name": "Care" }));
    for n in 0..3 {
        assert_eq!(send(&mut host, &format!("user{n}"), "x").0, 200);
    }
    assert_eq!(host.stored_text("notices").lines().count(), 3, "waiting for the job");
    ContentPlugin::run_job(&mut host, "feedback-notices", &Context::default()).expect("the job runs");
    assert!(host.stored_text("notices").is_empty(), "told once, then gone");
}

fn portal(host: &mut MemoryHost, query: &[(&str, &str)]) -> Value {
    host.as_device("portal");
    let (status, answer) = host.call_with::<ContentPlugin>("GET", "/app/portal", query, Value::Null, "en");
    host.as_user();
    assert_eq!(status, 200, "{answer}");
    answer
}

#[test]
fn portal_content_is_checked_by_kind_and_the_portal_sees_only_what_is_published_in_order() {
    let mut host = host();
    let banner = json!({ "kind": "banner", "language": "en", "title": "Spring sale", "sort": 2, "published": true });
    let (status, answer) = call(&mut host, "POST", "/portal", banner.clone());
    assert_eq!((status, answer["field"].as_str()), (400, Some("link")), "a banner leads somewhere");
    let news = json!({ "kind": "news", "language": "en", "title": "New vacuum", "sort": 1, "published": true });
    assert_eq!(call(&mut host, "POST", "/portal", news.clone()).1["field"], "body", "news has a text");
    let wrong = json!({ "kind": "news", "language": "xx", "title": "t", "body": "b" });
    assert_eq!(call(&mut host, "POST", "/portal", wrong).1["field"], "language");
    let too_far = json!({ "kind": "page", "language": "en", "title": "About", "body": "b", "sort": 10000 });
    assert_eq!(call(&mut host, "POST", "/portal", too_far).1["field"], "sort");

    let mut banner = banner;
    banner["link"] = json!("https://shop.example.com/spring");
    let banner = call(&mut host, "POST", "/portal", banner).1;
    let mut news = news;
    news["body"] = json!("The **RV30** is here.");
    let news = call(&mut host, "POST", "/portal", news).1;
    let draft =
        json!({ "kind": "page", "language": "en", "title": "About us", "body": "Who we are", "published": false });
    call(&mut host, "POST", "/portal", draft);
    let shown = portal(&mut host, &[("language", "en")]);
    let titles: Vec<&str> = shown["entries"].as_array().unwrap().iter().filter_map(|e| e["title"].as_str()).collect();
    assert_eq!(titles, ["New vacuum", "Spring sale"], "published only, lower sort first");
    assert_eq!(
        portal(&mut host, &[("language", "en"), ("kind", "banner")])["entries"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(portal(&mut host, &[("language", "de")])["entries"], json!([]));

    // Withdrawn, it is gone from the portal; published again, it keeps its first publication time.
    let first_published = news["publishedAt"].as_i64().expect("published at");
    let id = news["id"].as_str().unwrap().to_string();
    let mut change = json!({ "kind": "news", "language": "en", "title": "New vacuum", "body": "The **RV30** is here.", "sort": 1, "published": false });
    call(&mut host, "PUT", &format!("/portal/{id}"), change.clone());
    assert_eq!(portal(&mut host, &[("language", "en")])["entries"].as_array().map(Vec::len), Some(1));
    host.now_ms += 60_000;
    change["published"] = json!(true);
    let again = call(&mut host, "PUT", &format!("/portal/{id}"), change).1;
    assert_eq!(again["publishedAt"].as_i64(), Some(first_published));
    assert!(banner["id"].is_string());
}
