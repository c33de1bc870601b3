//! The read cache of plugin store reads (`db/read_cache.rs`): on SQLite a list read
//! twice is served from memory, and nothing a call was served is ever older than what was
//! written and answered before it asked. The same assertions hold on PostgreSQL, which has no
//! cache (several hosts write there).

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use common::{TestHost, on_postgres};
use serde_json::{Value, json};

const HITS: &str = "console_store_read_cache_reads_total";

/// The breed of this id, read through the list (the pet plugin has no route for one breed).
async fn breed(host: &TestHost, admin: &str, id: &str) -> Value {
    let page = host.get("/pet-service/breeds?page=1&pageSize=10", admin).await;
    let found = page.ok()["list"].as_array().and_then(|list| list.iter().find(|b| b["id"] == id).cloned());
    found.unwrap_or(Value::Null)
}

#[tokio::test]
async fn a_list_read_twice_is_served_from_memory_and_never_after_a_write() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let made = host.post("/pet-service/breeds", &admin, json!({ "breedName": "Ragdoll" })).await;
    let id = made.ok()["id"].as_str().expect("id").to_string();
    let list = "/pet-service/breeds?page=1&pageSize=10";

    let first = host.get(list, &admin).await.ok().clone();
    let hits = host.metric(HITS, &["hit"]).await;
    let second = host.get(list, &admin).await.ok().clone();
    assert_eq!(first, second);
    if !on_postgres() {
        assert!(host.metric(HITS, &["hit"]).await > hits, "the second list was served from the cache");
    }

    let version = breed(&host, &admin, &id).await["version"].as_i64().expect("version");
    let renamed = host
        .call(
            reqwest::Method::PUT,
            &format!("/pet-service/breeds/{id}"),
            Some(&admin),
            &[("lang", "en")],
            Some(json!({ "breedName": "Ragdoll II", "version": version })),
        )
        .await;
    assert_eq!(renamed.code(), 200, "{renamed:?}");
    let listed = host.get(list, &admin).await;
    assert_eq!(listed.ok()["list"][0]["breedName"], "Ragdoll II", "the list after the change shows it");
    let read = breed(&host, &admin, &id).await;
    assert_eq!((read["breedName"].as_str(), read["version"].as_i64()), (Some("Ragdoll II"), Some(version + 1)));

    let deleted = host
        .call(
            reqwest::Method::DELETE,
            &format!("/pet-service/breeds/{id}"),
            Some(&admin),
            &[("lang", "en")],
            Some(json!({ "confirmName": "Ragdoll II" })),
        )
        .await;
    assert_eq!(deleted.code(), 200, "{deleted:?}");
    assert_eq!(host.get(list, &admin).await.ok()["total"], 0, "gone from the list");
    let again = host
        .call(
            reqwest::Method::PUT,
            &format!("/pet-service/breeds/{id}"),
            Some(&admin),
            &[("lang", "en")],
            Some(json!({ "breedName": "Ragdoll III" })),
        )
        .await;
    assert_eq!(again.code(), 404, "the record read by id is gone too: {again:?}");
}

/// Six clients add one to a breed's sort weight, each reading it and writing it back at the
/// version read (retrying on 409), while four others keep reading it and its list. A read served
/// from a stale entry would show a weight lower than one already answered, or lose an addition.
#[tokio::test]
async fn read_modify_writes_through_the_cache_lose_nothing_and_reads_never_go_back() {
    const WRITERS: i64 = 6;
    const ADDS: i64 = 20;
    let host = Arc::new(TestHost::start().await);
    let admin = host.admin().await;
    let made = host.post("/pet-service/breeds", &admin, json!({ "breedName": "Counter", "sortWeight": 0 })).await;
    let id = made.ok()["id"].as_str().expect("id").to_string();
    let hits = host.metric(HITS, &["hit"]).await;
    // The highest weight a write was answered with.
    let answered = Arc::new(AtomicI64::new(0));

    let mut writers = Vec::new();
    for _ in 0..WRITERS {
        let (host, admin, id, answered) = (host.clone(), admin.clone(), id.clone(), answered.clone());
        writers.push(tokio::spawn(async move {
            for _ in 0..ADDS {
                loop {
                    let before = answered.load(Ordering::SeqCst);
                    let read = breed(&host, &admin, &id).await;
                    let weight = read["sortWeight"].as_i64().expect("weight");
                    assert!(weight >= before, "read {weight} after {before} was answered");
                    let body = json!({ "breedName": "Counter", "sortWeight": weight + 1, "version": read["version"] });
                    let path = format!("/pet-service/breeds/{id}");
                    let written =
                        host.call(reqwest::Method::PUT, &path, Some(&admin), &[("lang", "en")], Some(body)).await;
                    match written.code() {
                        200 => {
                            answered.fetch_max(weight + 1, Ordering::SeqCst);
                            let again = breed(&host, &admin, &id).await["sortWeight"].as_i64().expect("weight");
                            assert!(again > weight, "its own write is read back: {again} after writing {}", weight + 1);
                            break;
                        }
                        409 => continue,
                        other => panic!("write answered {other}: {written:?}"),
                    }
                }
            }
        }));
    }
    let mut readers = Vec::new();
    for reader in 0..4 {
        let (host, admin, id, answered) = (host.clone(), admin.clone(), id.clone(), answered.clone());
        readers.push(tokio::spawn(async move {
            let mut seen = 0;
            while answered.load(Ordering::SeqCst) < WRITERS * ADDS {
                let before = answered.load(Ordering::SeqCst);
                let weight = if reader % 2 == 0 {
                    breed(&host, &admin, &id).await["sortWeight"].as_i64().expect("weight")
                } else {
                    let page = host.get("/pet-service/breeds?breedName=Counter&mode=precise", &admin).await;
                    page.ok()["list"][0]["sortWeight"].as_i64().expect("weight")
                };
                assert!(weight >= before, "a reader saw {weight} after {before} was answered");
                assert!(weight >= seen, "a reader went back from {seen} to {weight}");
                seen = weight;
            }
        }));
    }
    for task in writers.into_iter().chain(readers) {
        task.await.expect("a client failed");
    }
    let last = breed(&host, &admin, &id).await;
    assert_eq!(last["sortWeight"], WRITERS * ADDS, "no addition was lost");
    assert_eq!(last["version"], WRITERS * ADDS + 1);
    if !on_postgres() {
        assert!(host.metric(HITS, &["hit"]).await > hits, "reads between the writes were served from the cache");
    }
}

/// Calls that count the notes and add one after the count (`/probe/count-then-add`) are served
/// the count from the cache; each then takes the write lock, finds whether a note was added since
/// it was served, and if so runs again. Each call counts a different number: none added after a
/// count that was already stale.
#[tokio::test]
async fn a_call_served_a_count_that_went_stale_before_its_write_counts_again() {
    const CALLS: usize = 12;
    let probe = "timeout_ms = 2000\nmemory_mib = 32\nmax_response_kib = 1024";
    let host = Arc::new(TestHost::start_with_plugins(&[common::Install::probe(probe)], |_| {}).await);
    let admin = host.admin().await;
    let mut counted = Vec::new();
    for round in 0..3_usize {
        // The count is kept in the cache: the calls below are served it.
        assert_eq!(host.get("/probe/notes/count", &admin).await.ok()["total"], round * CALLS);
        let hits = host.metric(HITS, &["hit"]).await;
        let mut calls = tokio::task::JoinSet::new();
        for _ in 0..CALLS {
            let (host, admin) = (host.clone(), admin.clone());
            calls.spawn(async move { host.post("/probe/count-then-add", &admin, json!({})).await });
        }
        while let Some(answer) = calls.join_next().await {
            let answer = answer.expect("a call");
            counted.push(answer.ok()["counted"].as_u64().expect("counted"));
        }
        if !on_postgres() {
            assert!(host.metric(HITS, &["hit"]).await > hits, "round {round}: calls were served the kept count");
        }
    }
    assert_eq!(host.get("/probe/notes/count", &admin).await.ok()["total"], 3 * CALLS, "every note landed once");
    // Both engines: SQLite serialises writing calls and reruns one whose reads went stale;
    // PostgreSQL runs them serializable and reruns the one that fails to commit.
    counted.sort();
    let expected: Vec<u64> = (0..(3 * CALLS) as u64).collect();
    assert_eq!(counted, expected, "every call counted the notes added before it, and no two the same");
}
