//! The customer-service plugin over HTTP with its built `.wasm`, on SQLite and PostgreSQL: the
//! §7 FAQ index actions (create, import from the database, empty, delete), ranked Chinese and
//! English search in the console, and an app (devsim) asking the FAQ in its user's language and
//! its signed-in user voting once.

mod common;

use common::{Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};

const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
const APP_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true";
const SERVICE_GRANTS: &str = "uses = [\"product-service\", \"app-service\"]\nfiles = true\ntimeout_ms = 30000";

async fn start() -> (TestHost, String) {
    let plugins = [
        Install::plugin("product", PRODUCT_GRANTS),
        Install::plugin("app", APP_GRANTS),
        Install::plugin("customer-service", SERVICE_GRANTS),
    ];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

async fn faq(
    host: &TestHost,
    admin: &str,
    type_id: &str,
    question: &str,
    answer: &str,
    language: &str,
    role: &str,
) -> String {
    let body = json!({ "question": question, "answer": answer, "questionTypeId": type_id, "role": role,
                       "sortWeight": 1, "language": language });
    host.post("/customer-service/faqs", admin, body).await.ok()["id"].as_str().expect("an id").to_string()
}

/// The questions a console search finds, best first.
async fn search(host: &TestHost, admin: &str, q: &str, language: &str) -> Found {
    let path = format!("/customer-service/faqs/search?q={}&language={language}", urlencode(q));
    let answer = host.call(Method::GET, &path, Some(admin), &[("lang", "en")], None).await;
    Found { code: answer.code(), msg: answer.msg().to_string(), data: answer.body["data"].clone() }
}

struct Found {
    code: i64,
    msg: String,
    data: Value,
}

impl Found {
    fn questions(&self) -> Vec<String> {
        assert_eq!(self.code, 200, "{}", self.msg);
        self.data.as_array().expect("hits").iter().map(|h| h["question"].as_str().expect("q").to_string()).collect()
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[tokio::test]
async fn the_faq_index_is_created_filled_emptied_and_deleted_and_searched_in_chinese_and_english() {
    let (host, admin) = start().await;
    let reset = host.post("/customer-service/question-types", &admin, json!({ "name": "Reset" })).await;
    let reset = reset.ok()["id"].as_str().expect("a type").to_string();
    faq(&host, &admin, &reset, "扫地机器人如何重置", "长按电源键十秒即可恢复出厂设置。", "zhCn", "").await;
    faq(&host, &admin, &reset, "如何连接无线网络", "打开应用，选择添加设备，按提示连接 Wi-Fi。", "zhCn", "").await;
    faq(&host, &admin, &reset, "How do I reset the robot?", "Hold the power button for ten seconds.", "en", "").await;
    faq(
        &host,
        &admin,
        &reset,
        "Connecting to Wi-Fi",
        "Open the app, add the robot and follow the steps to reset the network.",
        "en",
        "",
    )
    .await;

    let before = search(&host, &admin, "reset", "en").await;
    assert_eq!(
        (before.code, before.msg.as_str()),
        (409, "The search index has not been created yet; please create it first.")
    );
    assert_eq!(host.post("/customer-service/faq-index/create", &admin, json!({})).await.ok()["created"], true);
    assert_eq!(host.post("/customer-service/faq-index/import", &admin, json!({})).await.ok()["imported"], 4);
    let state = host.get("/customer-service/faq-index", &admin).await;
    assert_eq!((state.ok()["documents"].clone(), state.ok()["faqs"].clone()), (json!(4), json!(4)));

    assert_eq!(search(&host, &admin, "机器人怎么重置", "zhCn").await.questions(), ["扫地机器人如何重置"]);
    // The question's words in the title rank above the same word in an answer.
    assert_eq!(
        search(&host, &admin, "resetting", "en").await.questions(),
        ["How do I reset the robot?", "Connecting to Wi-Fi"]
    );
    assert_eq!(search(&host, &admin, "wifi", "en").await.questions(), ["Connecting to Wi-Fi"]);

    assert_eq!(host.post("/customer-service/faq-index/clear", &admin, json!({})).await.ok()["removed"], 4);
    assert!(search(&host, &admin, "reset", "en").await.questions().is_empty());
    assert_eq!(host.post("/customer-service/faq-index/delete", &admin, json!({})).await.ok()["deleted"], true);
    assert_eq!(host.get("/customer-service/faq-index", &admin).await.ok()["exists"], false);
}

#[tokio::test]
async fn an_app_asks_the_faq_in_its_language_and_its_signed_in_user_votes_once() {
    let (host, admin) = start().await;
    let reset = host.post("/customer-service/question-types", &admin, json!({ "name": "Reset" })).await;
    let reset = reset.ok()["id"].as_str().expect("a type").to_string();
    host.post("/customer-service/faq-index/create", &admin, json!({})).await.ok();
    let public =
        faq(&host, &admin, &reset, "How do I reset the robot?", "Hold the power button.", "en", "endUser").await;
    faq(&host, &admin, &reset, "Reset a robot remotely", "Use the console's device drawer.", "en", "agent").await;

    let key = host.post(
        "/plugin-admin/device-keys/add",
        &admin,
        json!({ "pluginId": "app", "tenantId": 0, "name": "Robot Home app" }),
    );
    let key = key.await.ok()["key"].as_str().expect("a key").to_string();
    let app = devsim::app::App::new(host.base.trim_end_matches("/api"), &key, "Robot Home", "android", 310);
    let answers = app.ask_faq("reset robot", "en").await.expect("answered");
    let questions: Vec<&str> =
        answers.as_array().expect("answers").iter().filter_map(|a| a["question"].as_str()).collect();
    assert_eq!(questions, ["How do I reset the robot?"], "the agents' FAQ is not an end user's");

    app.report_user("ann@example.com").await.expect("reported");
    let users = host.get("/app-service/app-users", &admin).await.ok().clone();
    let id = users["list"][0]["id"].as_str().expect("a user");
    let password = json!({ "password": "robot#2026", "confirmPassword": "robot#2026" });
    host.post(&format!("/app-service/app-users/{id}/password"), &admin, password).await.ok();
    let token = app.sign_in("ann@example.com", "robot#2026").await.expect("signed in");
    assert_eq!(app.vote_faq(&token, &public, true).await.expect("voted"), json!({ "solved": 1, "unsolved": 0 }));
    let again = app.vote_faq(&token, &public, false).await.expect_err("once");
    assert_eq!(again.msg, "You have already rated this answer.");
    let listed = host.get(&format!("/customer-service/faqs/{public}"), &admin).await;
    assert_eq!((listed.ok()["solved"].clone(), listed.ok()["unsolved"].clone()), (json!(1), json!(0)));
}
