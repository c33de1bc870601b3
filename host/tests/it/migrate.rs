//! `console-host migrate-to-postgres`: an installation started on the embedded SQLite moves to
//! PostgreSQL with its accounts, enterprises, plugin records and search indexes, and goes on from
//! there. Runs where the test run has a PostgreSQL (`scripts/with-postgres.sh`, as `make test`
//! does).

use crate::common;

use common::{ADMIN_PASSWORD, Install, ProcessHost};
use serde_json::{Value, json};

async fn post(client: &reqwest::Client, host: &ProcessHost, path: &str, token: &str, body: Value) -> Value {
    let answer: Value = client
        .post(format!("{}{path}", host.base))
        .header("authorization", token)
        .header("lang", "en")
        .json(&body)
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    assert_eq!(answer["code"], 200, "{path}: {answer}");
    answer["data"].clone()
}

async fn breeds(client: &reqwest::Client, host: &ProcessHost, token: &str) -> Vec<String> {
    let answer: Value = client
        .get(format!("{}/pet-service/breeds?page=1&pageSize=500", host.base))
        .header("authorization", token)
        .send()
        .await
        .expect("list")
        .json()
        .await
        .expect("json");
    let mut names: Vec<String> = answer["data"]["list"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["breedName"].as_str().map(String::from))
        .collect();
    names.sort();
    names
}

fn migrate(from: &str, to: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_console-host"))
        .args(["migrate-to-postgres", "--from", from, "--to", to])
        .output()
        .expect("migrate-to-postgres runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_installation_on_sqlite_moves_to_postgres_whole() {
    if !common::on_postgres() {
        eprintln!("skipped: this run has no PostgreSQL (scripts/with-postgres.sh gives it one)");
        return;
    }
    let plugins = [Install::pet(), Install::probe("")];
    let dir = tempfile::tempdir().expect("dir");
    let sqlite = format!("sqlite://{}", dir.path().join("console.db").display());
    let client = reqwest::Client::new();

    // On SQLite: an enterprise, an account of it, and records.
    let host = ProcessHost::start_with_env(dir, &plugins, &[("CONSOLE_DATABASE_URL", sqlite.clone())]).await;
    let postgres = host.database_url.clone();
    let admin = host.admin().await;
    let body = json!({ "tenantName": "Acme", "fullName": "Acme Ltd", "abbrEn": "ACME", "creditCode": common::credit_code(41) });
    let acme =
        post(&client, &host, "/authority-service/tenantInfo/add", &admin, body).await["id"].as_i64().expect("id");
    let removed = json!({ "tenantName": "Gone", "fullName": "Gone Ltd", "abbrEn": "GONE", "creditCode": common::credit_code(42) });
    let gone =
        post(&client, &host, "/authority-service/tenantInfo/add", &admin, removed).await["id"].as_i64().expect("id");
    post(&client, &host, "/authority-service/tenantInfo/delete", &admin, json!({ "id": gone, "confirmName": "Gone" }))
        .await;
    for name in ["Beagle", "Collie", "Dachshund"] {
        post(&client, &host, "/pet-service/breeds", &admin, json!({ "breedName": name })).await;
    }
    let before = breeds(&client, &host, &admin).await;
    assert_eq!(before.len(), 3);
    post(&client, &host, "/probe/search/create", &admin, json!({ "index": "faq" })).await;
    let documents = json!([
        { "id": "zh", "language": "zhCn", "title": "扫地机器人如何重置", "body": "长按电源键十秒。", "tags": ["p1"] },
        { "id": "en", "language": "en", "title": "Connecting to Wi-Fi", "body": "Open the app.", "tags": ["p2"] },
    ]);
    post(&client, &host, "/probe/search/put", &admin, json!({ "index": "faq", "documents": documents })).await;
    let dir = host.kill();

    // A target that already holds an installation is refused, and left as it was.
    let moved = migrate(&sqlite, &postgres);
    assert!(moved.status.success(), "{}", String::from_utf8_lossy(&moved.stderr));
    let again = migrate(&sqlite, &postgres);
    assert!(!again.status.success(), "a second copy into the same database is refused");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("empty database"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    // On PostgreSQL (the folder names the database): the same sign-in, records and enterprise.
    let host = ProcessHost::start_in(dir, &plugins).await;
    assert_eq!(host.database_url, postgres);
    let admin = host.sign_in("admin", ADMIN_PASSWORD, "127.0.0.1").await.expect("sign-in")["data"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    assert_eq!(breeds(&client, &host, &admin).await, before, "every record moved");
    // The search index moved with its terms and tags.
    for (text, tags, found) in [("机器人重置", json!([]), json!("zh")), ("connect", json!(["p2"]), json!("en"))] {
        let question = json!({ "index": "faq", "text": text, "language": "en", "tags": tags, "limit": 5 });
        let hits = post(&client, &host, "/probe/search/query", &admin, question).await;
        assert_eq!(hits.as_array().map(|h| h.iter().map(|h| h["id"].clone()).collect::<Vec<_>>()), Some(vec![found]));
    }
    let tenants = post(&client, &host, "/authority-service/tenantInfo/page", &admin, json!({ "pageSize": 50 })).await;
    assert!(tenants["list"].as_array().expect("list").iter().any(|t| t["id"] == acme && t["tenantName"] == "Acme"));
    // Ids go on after the highest ever given, the deleted enterprise's included.
    let body = json!({ "tenantName": "Next", "fullName": "Next Ltd", "abbrEn": "NEXT", "creditCode": common::credit_code(43) });
    let next =
        post(&client, &host, "/authority-service/tenantInfo/add", &admin, body).await["id"].as_i64().expect("id");
    assert!(next > gone, "a new enterprise got id {next}, at or below {gone} given before");
    post(&client, &host, "/pet-service/breeds", &admin, json!({ "breedName": "Eurasier" })).await;
    assert_eq!(breeds(&client, &host, &admin).await.len(), 4);
}
