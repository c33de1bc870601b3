//! Full-text search (contract 0.1.9 `search`) over HTTP through the probe plugin, on SQLite and
//! PostgreSQL: Chinese, English and German questions find their documents best first; tags
//! narrow a search; an index is created, emptied and dropped; its writes go with the call's
//! transaction; one enterprise never finds another's documents; the operator's document bound
//! holds.

use crate::common;

use common::{Install, TestHost};
use serde_json::{Value, json};

const PROBE: &str = "template = true\nevents = true\nfiles = true";

async fn start(grants: &str) -> (TestHost, String) {
    let host = TestHost::start_with_plugins(&[Install::probe(grants)], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

fn faq() -> Value {
    json!([
        { "id": "zh-reset", "language": "zhCn", "title": "扫地机器人如何重置", "body": "长按电源键十秒，即可恢复出厂设置。", "tags": ["product:p1"] },
        { "id": "zh-wifi", "language": "zhCn", "title": "如何连接无线网络", "body": "打开应用，选择添加设备，按提示连接 Wi-Fi。", "tags": ["product:p1"] },
        { "id": "en-reset", "language": "en", "title": "How to reset the robot vacuum", "body": "Press and hold the power button for ten seconds to restore the factory settings.", "tags": ["product:p1"] },
        { "id": "en-wifi", "language": "en", "title": "Connecting to Wi-Fi", "body": "Open the app, add a device and follow the steps to connect the robot to your wireless network.", "tags": ["product:p2"] },
        { "id": "de-brushes", "language": "de", "title": "Reinigung der Bürsten", "body": "Die Bürsten sollten wöchentlich gereinigt werden.", "tags": [] },
    ])
}

/// The ids a question finds, best first.
async fn ask(host: &TestHost, token: &str, text: &str, language: &str, tags: Value) -> Vec<String> {
    let body = json!({ "index": "faq", "text": text, "language": language, "tags": tags, "limit": 10 });
    let hits = host.post("/probe/search/query", token, body).await;
    hits.ok().as_array().expect("hits").iter().map(|h| h["id"].as_str().expect("id").to_string()).collect()
}

#[tokio::test]
async fn chinese_english_and_german_questions_find_their_documents_best_first() {
    let (host, admin) = start(PROBE).await;
    assert_eq!(host.post("/probe/search/create", &admin, json!({ "index": "faq" })).await.ok(), &json!(true));
    host.post("/probe/search/put", &admin, json!({ "index": "faq", "documents": faq() })).await.ok();

    assert_eq!(ask(&host, &admin, "机器人怎么重置", "zhCn", json!([])).await, ["zh-reset"]);
    assert_eq!(ask(&host, &admin, "网络", "zhCn", json!([])).await, ["zh-wifi"]);
    // A stemmed question: "resetting" finds "reset"; the title weighs more than a body.
    assert_eq!(ask(&host, &admin, "resetting the robot", "en", json!([])).await[..2], ["en-reset", "en-wifi"]);
    assert_eq!(ask(&host, &admin, "Bürste reinigen", "de", json!([])).await, ["de-brushes"]);
    // Mixed Latin and Chinese text: "Wi-Fi" is two terms in either language. (Which of the two
    // comes first is the engines' to weigh: bm25 counts how rare a term is, `ts_rank` does not.)
    let mut found = ask(&host, &admin, "Wi-Fi 连接", "zhCn", json!([])).await;
    found.sort();
    assert_eq!(found, ["en-wifi", "zh-wifi"]);
    // Tags narrow a search to what carries every one of them.
    assert_eq!(ask(&host, &admin, "robot", "en", json!(["product:p2"])).await, ["en-wifi"]);
    assert!(ask(&host, &admin, "robot", "en", json!(["product:p2", "product:p1"])).await.is_empty());
    // Query syntax of either engine is only text here.
    assert!(ask(&host, &admin, "\" OR * NEAR( -- ' ;", "en", json!([])).await.is_empty());
}

#[tokio::test]
async fn an_index_is_created_emptied_and_dropped_and_changes_only_with_its_call() {
    let (host, admin) = start(PROBE).await;
    let missing = host.post("/probe/search/put", &admin, json!({ "index": "faq", "documents": faq() })).await;
    assert_eq!(
        (missing.code(), missing.msg()),
        (409, "The search index has not been created yet; please create it first.")
    );
    host.post("/probe/search/create", &admin, json!({ "index": "faq" })).await.ok();
    assert_eq!(host.post("/probe/search/create", &admin, json!({ "index": "faq" })).await.ok(), &json!(false));

    // A call that fails after putting leaves the index as it was.
    let failed = host.post("/probe/search/put", &admin, json!({ "index": "faq", "documents": faq(), "fail": true }));
    assert_eq!(failed.await.code(), 409);
    assert!(ask(&host, &admin, "robot", "en", json!([])).await.is_empty());
    let indexes = host.get("/probe/search/indexes", &admin).await;
    assert_eq!(indexes.ok(), &json!([{ "name": "faq", "documents": 0 }]));

    host.post("/probe/search/put", &admin, json!({ "index": "faq", "documents": faq() })).await.ok();
    // Putting a document again replaces it.
    let changed = json!([{ "id": "en-reset", "language": "en", "title": "Factory settings", "body": "Hold the button.", "tags": [] }]);
    host.post("/probe/search/put", &admin, json!({ "index": "faq", "documents": changed })).await.ok();
    assert_eq!(ask(&host, &admin, "reset", "en", json!([])).await, Vec::<String>::new());
    assert_eq!(ask(&host, &admin, "factory", "en", json!([])).await, ["en-reset"]);
    assert_eq!(host.get("/probe/search/indexes", &admin).await.ok()[0]["documents"], 5);

    let removed = host.post("/probe/search/remove", &admin, json!({ "index": "faq", "ids": ["en-reset", "nope"] }));
    assert_eq!(removed.await.ok(), &json!(1));
    assert_eq!(host.post("/probe/search/clear", &admin, json!({ "index": "faq" })).await.ok(), &json!(4));
    assert!(ask(&host, &admin, "网络", "zhCn", json!([])).await.is_empty());
    assert_eq!(host.post("/probe/search/drop", &admin, json!({ "index": "faq" })).await.ok(), &json!(true));
    assert_eq!(host.get("/probe/search/indexes", &admin).await.ok(), &json!([]));
    assert_eq!(host.post("/probe/search/drop", &admin, json!({ "index": "faq" })).await.ok(), &json!(false));
}

#[tokio::test]
async fn one_enterprise_never_finds_anothers_documents_and_the_operators_bound_holds() {
    let (host, admin) = start(&format!("{PROBE}\nmax_search_documents = 5")).await;
    let acme = host.create_tenant(&admin, "Acme", 31).await.to_string();
    let globex = host.create_tenant(&admin, "Globex", 32).await.to_string();
    host.post_as("/probe/search/create", &admin, &acme, json!({ "index": "faq" })).await.ok();
    host.post_as("/probe/search/put", &admin, &acme, json!({ "index": "faq", "documents": faq() })).await.ok();
    host.post_as("/probe/search/create", &admin, &globex, json!({ "index": "faq" })).await.ok();
    let question = json!({ "index": "faq", "text": "robot 机器人", "language": "en", "tags": [], "limit": 10 });
    let theirs = host.post_as("/probe/search/query", &admin, &globex, question.clone()).await;
    assert_eq!(theirs.ok(), &json!([]), "Globex finds nothing of Acme's");
    assert_eq!(
        host.post_as("/probe/search/query", &admin, &acme, question).await.ok().as_array().map(Vec::len),
        Some(3)
    );

    // Five documents are allowed: a sixth is refused, the user told which quota, and nothing of
    // its call is kept.
    let sixth = json!([{ "id": "sixth", "language": "en", "title": "One too many", "body": "", "tags": [] }]);
    let refused = host.post_as("/probe/search/put", &admin, &acme, json!({ "index": "faq", "documents": sixth })).await;
    assert_eq!(refused.code(), 403, "{:?}", refused.body);
    assert!(refused.msg().starts_with("Indexed documents:"), "{}", refused.msg());
    let headers = [("tenantId", acme.as_str())];
    let indexes = host.call(reqwest::Method::GET, "/probe/search/indexes", Some(&admin), &headers, None).await;
    assert_eq!(indexes.ok()[0]["documents"], 5);
}
