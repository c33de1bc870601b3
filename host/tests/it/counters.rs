//! Counters (contract 0.1.14 `counters`) and `store.tally` over HTTP through the probe plugin:
//! adds and gauges are kept per enterprise, a failed call keeps none of its writes, only the
//! platform reads every enterprise's counters, and the host's bounds hold whatever the plugin
//! sends. A tally reads the counts the host keeps for a counted field.

use crate::common;

use common::{Install, TestHost};
use serde_json::{Value, json};

const PROBE: &str = "template = true\nevents = true\nfiles = true";
const HOUR: i64 = 1_780_272_000_000;

fn counter(name: &str, bucket: i64, key: &str, value: i64) -> Value {
    json!({ "name": name, "bucket": bucket, "key": key, "value": value })
}

/// The sums as (enterprise, name, bucket, key, value).
fn sums(answer: &Value) -> Vec<(i64, String, i64, String, i64)> {
    answer
        .as_array()
        .expect("sums")
        .iter()
        .map(|c| {
            (
                c["enterprise"].as_i64().unwrap_or(-1),
                c["name"].as_str().unwrap_or("").to_string(),
                c["bucket"].as_i64().unwrap_or(-1),
                c["key"].as_str().unwrap_or("").to_string(),
                c["value"].as_i64().unwrap_or(-1),
            )
        })
        .collect()
}

#[tokio::test]
async fn counters_add_up_per_enterprise_and_only_the_platform_reads_them_all() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let acme = host.create_tenant(&admin, "Acme", 41).await;
    let globex = host.create_tenant(&admin, "Globex", 42).await;
    let (acme_id, globex_id) = (acme.to_string(), globex.to_string());
    let write = |tenant: String, body: Value| {
        let (host, admin) = (&host, &admin);
        async move { host.post_as("/probe/counters/write", admin, &tenant, body).await }
    };
    let reports = json!([counter("reports", HOUR, "p1", 3), counter("reports", HOUR + 3_600_000, "p1", 1)]);
    write(acme_id.clone(), json!({ "counters": reports })).await.ok();
    write(
        acme_id.clone(),
        json!({ "counters": [counter("reports", HOUR, "p1", 3), counter("reports", HOUR, "p2", 2)] }),
    )
    .await
    .ok();
    write(globex_id.clone(), json!({ "counters": [counter("reports", HOUR, "p1", 10)] })).await.ok();
    // A gauge is set, not added to.
    for online in [7, 5] {
        write(acme_id.clone(), json!({ "counters": [counter("online", HOUR, "", online)], "set": true })).await.ok();
    }

    let by_bucket_and_key = json!({ "names": ["reports", "online"], "byBucket": true, "byKey": true });
    let acme_sees = host.post_as("/probe/counters/read", &admin, &acme_id, by_bucket_and_key.clone()).await;
    assert_eq!(
        sums(acme_sees.ok()),
        vec![
            (0, "online".into(), HOUR, String::new(), 5),
            (0, "reports".into(), HOUR, "p1".into(), 6),
            (0, "reports".into(), HOUR, "p2".into(), 2),
            (0, "reports".into(), HOUR + 3_600_000, "p1".into(), 1),
        ]
    );
    let one_product = json!({ "names": ["reports"], "keys": ["p1"], "from": HOUR, "to": HOUR });
    let globex_sees = host.post_as("/probe/counters/read", &admin, &globex_id, one_product.clone()).await;
    assert_eq!(sums(globex_sees.ok()), vec![(0, "reports".into(), 0, String::new(), 10)]);

    // An enterprise asking for every enterprise's counters is refused; the platform is answered.
    let all = json!({ "names": ["reports"], "keys": ["p1"], "from": HOUR, "to": HOUR, "allEnterprises": true, "byEnterprise": true });
    let refused = host.post_as("/probe/counters/read", &admin, &acme_id, all.clone()).await;
    assert_eq!(refused.code(), 400, "{:?}", refused.body);
    assert!(refused.body["msg"].as_str().unwrap_or("").contains("only the platform"), "{:?}", refused.body);
    let platform = host.post("/probe/counters/read", &admin, all).await;
    assert_eq!(
        sums(platform.ok()),
        vec![(acme, "reports".into(), 0, String::new(), 6), (globex, "reports".into(), 0, String::new(), 10)]
    );
    let platform_own = host.post("/probe/counters/read", &admin, one_product).await;
    assert_eq!(sums(platform_own.ok()), vec![], "the platform's own counters are its own");

    // A call that fails after its write keeps nothing of it.
    let failed =
        write(acme_id.clone(), json!({ "counters": [counter("reports", HOUR, "p1", 100)], "fail": true })).await;
    assert_eq!(failed.code(), 400);
    let after = host.post_as("/probe/counters/read", &admin, &acme_id, by_bucket_and_key).await;
    assert_eq!(sums(after.ok())[1].4, 6, "the failed call's 100 were rolled back");
}

#[tokio::test]
async fn the_hosts_bounds_on_counters_hold_whatever_the_plugin_sends() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let too_many: Vec<Value> = (0..10_001).map(|i| counter("reports", HOUR + i, "", 1)).collect();
    let long_name = "n".repeat(65);
    let long_key = "k".repeat(201);
    for (body, says) in [
        (json!({ "counters": too_many }), "at most 10000"),
        (json!({ "counters": [counter(&long_name, HOUR, "", 1)] }), "1 to 64 bytes"),
        (json!({ "counters": [counter("", HOUR, "", 1)] }), "1 to 64 bytes"),
        (json!({ "counters": [counter("reports", HOUR, &long_key, 1)] }), "at most 200 bytes"),
        (json!({ "counters": [counter("reports", HOUR, "a\u{0}b", 1)] }), "no control characters"),
    ] {
        let refused = host.post("/probe/counters/write", &admin, body).await;
        assert_eq!(refused.code(), 400, "{:?}", refused.body);
        assert!(refused.body["msg"].as_str().unwrap_or("").contains(says), "{says}: {:?}", refused.body);
    }
    let names: Vec<String> = (0..101).map(|i| format!("n{i}")).collect();
    let refused = host.post("/probe/counters/read", &admin, json!({ "names": names })).await;
    assert_eq!(refused.code(), 400, "{:?}", refused.body);
    let everything = host.post("/probe/counters/read", &admin, json!({ "names": ["reports"], "byBucket": true })).await;
    assert_eq!(everything.ok(), &json!([]), "nothing of the refused writes was kept");
}

#[tokio::test]
async fn a_tally_counts_the_records_of_each_value_of_a_counted_field() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    for text in ["v1.2", "v1.2", "v1.3", "v1.2"] {
        host.post("/probe/notes", &admin, json!({ "text": text })).await.ok();
    }
    let tally = host.get("/probe/notes/tally", &admin).await;
    assert_eq!(tally.ok(), &json!([["v1.2", 3], ["v1.3", 1]]));
    let refused = host.get("/probe/notes/tally?field=secret", &admin).await;
    assert_eq!(refused.code(), 400, "{:?}", refused.body);
}

/// Counters stay within ±2^53: an addition past it is refused with nothing of the write applied,
/// where it used to stop silently at the largest integer; and sums of counters near the bound are
/// read exactly, not failed.
#[tokio::test]
async fn a_counter_refuses_to_overflow_and_its_write_changes_nothing() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let most = 1i64 << 53;
    let write = |counters: Value| host.post("/probe/counters/write", &admin, json!({ "counters": counters }));
    write(json!([counter("big", HOUR, "a", most), counter("big", HOUR, "b", most)])).await.ok();
    let past = write(json!([counter("small", HOUR, "a", 1), counter("big", HOUR, "a", 1)])).await;
    assert_eq!(past.code(), 400, "{:?}", past.body);
    assert!(past.msg().contains("would pass"), "{}", past.msg());
    let beyond = write(json!([counter("big", HOUR, "c", most + 1)])).await;
    assert_eq!(beyond.code(), 400, "a value past the bound is refused: {:?}", beyond.body);
    let read = host.post("/probe/counters/read", &admin, json!({ "names": ["big", "small"], "byKey": true })).await;
    let read = sums(read.ok());
    assert_eq!(
        read.iter().map(|(_, name, _, key, value)| (name.as_str(), key.as_str(), *value)).collect::<Vec<_>>(),
        [("big", "a", most), ("big", "b", most)],
        "nothing of the refused write was applied"
    );
    // Two counters at the bound sum past it: the sum is read exactly (it failed the read before).
    let summed = host.post("/probe/counters/read", &admin, json!({ "names": ["big"] })).await;
    assert_eq!(sums(summed.ok())[0].4, 2 * most, "{:?}", summed.body);
}
