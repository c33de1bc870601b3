//! Quotas per enterprise and plugin on what calls keep: a hostile plugin writing as much as it can
//! in a call is refused past the operator's grant, the user reads which quota in their language
//! whatever the plugin answers, and nothing of the call stays. Calls at once keep the quota exactly
//! on SQLite and within a stated overshoot on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{self, Install, TestHost};

const GRANTS: &str = "timeout_ms = 5000
max_records = 50
max_records_mib = 1
max_counters = 1500
max_device_keys = 5
max_waiting_requests = 3
max_search_mib = 1";

async fn hoard(host: &TestHost, admin: &str, lang: &str, body: Value) -> common::Answer {
    host.call(Method::POST, "/probe/hoard", Some(admin), &[("lang", lang)], Some(body)).await
}

/// What the records quota counts for the platform's enterprise, and what it keeps.
const USED: &str =
    "SELECT CAST(COALESCE(SUM(records), 0) AS BIGINT) FROM plugin_usage WHERE plugin_id = 'probe' AND tenant_id = 0";
const ALL: &str = "SELECT COUNT(*) FROM plugin_records WHERE plugin_id = 'probe' AND tenant_id = 0";

/// What the quota counts less what is kept, read in one statement: the probe's schedule writes a
/// record every second, which two reads could fall either side of.
async fn totals_apart(host: &TestHost) -> i64 {
    kept(host, &format!("SELECT ({USED}) - ({ALL})")).await
}

async fn kept(host: &TestHost, sql: &str) -> i64 {
    let db = common::database(&host.database_url).await;
    sqlx::query_scalar::<_, i64>(sql).fetch_one(&db).await.expect("count")
}

#[tokio::test]
async fn a_call_past_a_quota_is_refused_in_the_users_language_and_keeps_nothing() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let notes = "SELECT COUNT(*) FROM plugin_records WHERE plugin_id = 'probe' AND collection = 'notes'";

    // Sixty records at once: refused at the 51st, and the fifty written before it are gone too.
    let refused = hoard(&host, &admin, "de", json!({ "what": "records", "times": 60 })).await;
    assert_eq!((refused.status, refused.code()), (403, 403), "{:?}", refused.body);
    assert!(
        refused.msg().starts_with("Gespeicherte Datensätze:") && refused.msg().contains("(50)"),
        "{}",
        refused.msg()
    );
    assert_eq!(kept(&host, notes).await, 0, "the refused call kept nothing");

    // A plugin that swallows the refusal and answers 200 is refused all the same.
    let swallowed = hoard(&host, &admin, "fr", json!({ "what": "records", "times": 60, "swallow": true })).await;
    assert_eq!(swallowed.code(), 403, "{:?}", swallowed.body);
    assert!(swallowed.msg().starts_with("Enregistrements stockés :"), "{}", swallowed.msg());

    // Within the quota, calls one after the other add up to it and no further. (The probe's
    // one-second schedule keeps a record a run too: what is left is read each time.)
    let room = || async { 50 - kept(&host, USED).await };
    assert_eq!(hoard(&host, &admin, "en", json!({ "what": "records", "times": 30 })).await.ok()["written"], 30);
    let left = room().await;
    let past = hoard(&host, &admin, "en", json!({ "what": "records", "times": left + 1 })).await;
    assert_eq!(past.code(), 403, "{:?}", past.body);
    assert_eq!(kept(&host, notes).await, 30, "the refused call kept nothing");
    let fits = room().await - 2;
    assert_eq!(hoard(&host, &admin, "en", json!({ "what": "records", "times": fits })).await.ok()["written"], fits);
    assert!(kept(&host, USED).await <= 50);
    assert_eq!(totals_apart(&host).await, 0, "the totals are what is kept");

    // Deleting makes room again: the totals follow deletes.
    let db = common::database(&host.database_url).await;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM plugin_records WHERE collection = 'notes' LIMIT 5")
        .fetch_all(&db)
        .await
        .expect("ids");
    let before = kept(&host, USED).await;
    for id in ids {
        host.call(Method::DELETE, &format!("/probe/notes/{id}"), Some(&admin), &[], None).await.ok();
    }
    assert!(kept(&host, USED).await <= before - 5 + 1, "five records fewer (a tick may have come)");
    assert_eq!(hoard(&host, &admin, "en", json!({ "what": "records", "times": 3 })).await.ok()["written"], 3);
}

#[tokio::test]
async fn every_kind_of_quota_refuses_past_its_grant() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    host.post("/probe/search/create", &admin, json!({ "index": "hoard" })).await.ok();
    // (what, times, size, the refusal's first words in Russian, what must stay at zero, what fits)
    let notes = "SELECT COUNT(*) FROM plugin_records WHERE plugin_id = 'probe' AND collection = 'notes'";
    let cases = [
        ("records", 2, 600_000, "Объём сохранённых данных:", notes, 1),
        ("counters", 2, 0, "Счётчики:", "SELECT COUNT(*) FROM plugin_counters WHERE plugin_id = 'probe'", 1),
        ("device-keys", 6, 0, "Ключи устройств:", "SELECT COUNT(*) FROM device_keys WHERE plugin_id = 'probe'", 5),
        ("requests", 4, 0, "Заявки, ожидающие решения:", "SELECT COUNT(*) FROM approvals WHERE plugin_id = 'probe'", 3),
        ("search", 200, 9_000, "Объём поискового индекса:", "SELECT COUNT(*) FROM search_documents", 5),
    ];
    for (what, times, size, refusal, left, fits) in cases {
        let refused = hoard(&host, &admin, "ru", json!({ "what": what, "times": times, "size": size })).await;
        assert_eq!(refused.code(), 403, "{what}: {:?}", refused.body);
        assert!(refused.msg().starts_with(refusal), "{what}: {}", refused.msg());
        assert_eq!(kept(&host, left).await, 0, "{what}: the refused call kept nothing");
        let written = hoard(&host, &admin, "en", json!({ "what": what, "times": fits, "size": size })).await;
        assert_eq!(written.ok()["written"], fits, "{what}");
    }
    // A request decided no longer waits: it makes room for another (the decision as the
    // process centre writes it; its own tests cover who may decide).
    let db = common::database(&host.database_url).await;
    sqlx::query(
        "UPDATE approvals SET status = 'rejected' WHERE id = (SELECT MIN(id) FROM approvals WHERE plugin_id = 'probe')",
    )
    .execute(&db)
    .await
    .expect("decided");
    let another = hoard(&host, &admin, "en", json!({ "what": "requests", "times": 1 })).await;
    assert_eq!(another.ok()["written"], 1, "a decided request makes room");
    assert_eq!(hoard(&host, &admin, "en", json!({ "what": "requests", "times": 1 })).await.code(), 403);
}

/// Calls at once: on SQLite each reads the totals under the write lock, so the quota holds
/// exactly; on PostgreSQL each reads the committed totals, so the calls running at once may each
/// add what they write (here at most 8 × 10 past 50), never more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_at_once_overshoot_a_quota_by_at_most_what_those_calls_write() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let (base, admin) = (host.base.clone(), admin.clone());
        calls.spawn(async move {
            for _ in 0..3 {
                let answer: Value = reqwest::Client::new()
                    .post(format!("{base}/probe/hoard"))
                    .header("authorization", &admin)
                    .json(&json!({ "what": "records", "times": 10 }))
                    .send()
                    .await
                    .expect("answer")
                    .json()
                    .await
                    .expect("envelope");
                assert!(matches!(answer["code"].as_i64(), Some(200 | 403 | 409)), "{answer}");
            }
        });
    }
    while let Some(done) = calls.join_next().await {
        done.expect("caller");
    }
    let records = kept(&host, ALL).await;
    let bound = if common::on_postgres() { 50 + 8 * 10 } else { 50 };
    assert!(records <= bound, "{records} records kept under a quota of 50 (bound {bound})");
    assert!(records >= 40, "calls within the quota were kept: {records}");
    // And the totals the quota reads are what is kept, on both engines.
    assert_eq!(totals_apart(&host).await, 0);
}

/// A rule that reads, then writes ("at most one"), holds for calls at once on both engines:
/// SQLite serialises writing calls and reruns one whose reads went stale; PostgreSQL runs each
/// call serializable and reruns the one that cannot commit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_of_a_kind_rule_holds_for_calls_at_once_on_both_engines() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..16 {
        let (base, admin) = (host.base.clone(), admin.clone());
        calls.spawn(async move {
            let answer: Value = reqwest::Client::new()
                .post(format!("{base}/probe/count-then-add"))
                .header("authorization", &admin)
                .json(&json!({ "limit": 1 }))
                .send()
                .await
                .expect("answer")
                .json()
                .await
                .expect("envelope");
            answer["code"].as_i64().unwrap_or(0)
        });
    }
    let mut codes = Vec::new();
    while let Some(code) = calls.join_next().await {
        codes.push(code.expect("caller"));
    }
    codes.sort();
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "exactly one call passed the rule: {codes:?}");
    assert!(codes.iter().all(|c| matches!(c, 200 | 409)), "{codes:?}");
    let notes = "SELECT COUNT(*) FROM plugin_records WHERE plugin_id = 'probe' AND collection = 'notes'";
    assert_eq!(kept(&host, notes).await, 1);
}

/// The files quota is kept exactly under calls at once: eight deletes of one file take its size off
/// once (each took it off before, and 1,865 MiB ended on disk under a 1 GiB quota), and puts at
/// once never pass the quota together.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_files_quota_holds_exactly_under_calls_at_once() {
    let host =
        TestHost::start_with_plugins(&[Install::probe("files = true\ntimeout_ms = 5000\nmax_files_mib = 1")], |_| {})
            .await;
    let admin = host.admin().await;
    let content = "x".repeat(300 * 1024);
    let used = || {
        kept(
            &host,
            "SELECT CAST(COALESCE(SUM(file_bytes), 0) AS BIGINT) FROM plugin_file_usage WHERE plugin_id = 'probe'",
        )
    };
    host.post("/probe/files/a.txt", &admin, json!({ "content": content })).await.ok();

    let mut deletes = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let (base, admin) = (host.base.clone(), admin.clone());
        deletes.spawn(async move {
            reqwest::Client::new()
                .delete(format!("{base}/probe/files/a.txt"))
                .header("authorization", admin)
                .send()
                .await
                .expect("answer")
                .json::<Value>()
                .await
                .expect("envelope")
        });
    }
    let mut deleted = 0;
    while let Some(answer) = deletes.join_next().await {
        let answer = answer.expect("delete");
        if answer["data"]["deleted"] == true {
            deleted += 1;
        }
    }
    assert_eq!(deleted, 1, "one delete found the file");
    assert_eq!(used().await, 0, "its size came off once");

    // Eight puts of 300 KiB at once under 1 MiB: at most three fit, whatever their order (the
    // total is a row each put reads and writes in its transaction, on both engines).
    let mut puts = tokio::task::JoinSet::new();
    for n in 0..8 {
        let (base, admin, content) = (host.base.clone(), admin.clone(), content.clone());
        puts.spawn(async move {
            let answer: Value = reqwest::Client::new()
                .post(format!("{base}/probe/files/f{n}.txt"))
                .header("authorization", admin)
                .json(&json!({ "content": content }))
                .send()
                .await
                .expect("answer")
                .json()
                .await
                .expect("envelope");
            answer["code"].as_i64() == Some(200)
        });
    }
    let mut stored = 0;
    while let Some(done) = puts.join_next().await {
        stored += i64::from(done.expect("put"));
    }
    assert!((1..=3).contains(&stored), "{stored} files of 300 KiB kept under 1 MiB");
    assert_eq!(used().await, stored * 300 * 1024, "the total is what is kept");
}

/// A file is read whole only when the plugin could hold it: past half its memory the read is
/// refused with the way out, instead of loading it into the host and the plugin at once.
#[tokio::test]
async fn a_file_larger_than_the_plugin_could_hold_is_refused_not_loaded() {
    let host =
        TestHost::start_with_plugins(&[Install::probe("files = true\ntimeout_ms = 5000\nmemory_mib = 16")], |_| {})
            .await;
    let admin = host.admin().await;
    host.post("/probe/files-sized/small.bin", &admin, json!({ "mib": 3 })).await.ok();
    host.post("/probe/files-sized/large.bin", &admin, json!({ "mib": 9 })).await.ok();
    let small = host.get("/probe/files/small.bin", &admin).await;
    assert_eq!(small.ok()["content"].as_str().map(str::len), Some(3 << 20));
    let large = host.get("/probe/files/large.bin", &admin).await;
    assert_eq!(large.code(), 400, "{:?}", large.msg());
    assert!(large.msg().contains("larger than a plugin reads at once"), "{}", large.msg());
}
