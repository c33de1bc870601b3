//! A storm of unauthenticated sign-ins from many addresses cannot take the host's memory:
//! argon2 runs on two workers behind a bounded queue. The host runs as its own process (the
//! built `console-host`), so the peak resident size measured is the host's alone, not the test
//! client's.

use crate::common;

use common::{ADMIN_PASSWORD, ProcessHost};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_concurrent_sign_ins_keep_the_host_small() {
    let host = ProcessHost::start(&[]).await;
    let before = host.status_mib("VmRSS:");

    let mut calls = tokio::task::JoinSet::new();
    for n in 0..500u32 {
        let base = host.base.clone();
        calls.spawn(async move {
            let body = json!({ "userName": format!("nobody{n}"), "password": "Wrong#2026" });
            let res = reqwest::Client::new()
                .post(format!("{base}/authority-service/authority/login"))
                .header("x-forwarded-for", format!("198.51.{}.{}", n / 250, n % 250 + 1))
                .json(&body)
                .send()
                .await;
            match res {
                Ok(res) => res.json::<serde_json::Value>().await.ok().and_then(|v| v["code"].as_i64()).unwrap_or(-1),
                Err(_) => 0,
            }
        });
    }
    let mut answers = std::collections::BTreeMap::new();
    while let Some(code) = calls.join_next().await {
        *answers.entry(code.expect("task")).or_insert(0) += 1;
    }
    let peak = host.status_mib("VmHWM:");
    let after = host.status_mib("VmRSS:");
    println!("sign-in storm: {answers:?}; host resident {before} MiB before, peak {peak} MiB, {after} MiB after");
    assert!(answers.keys().all(|code| [400, 429].contains(code)), "bad credentials or busy, nothing else: {answers:?}");
    assert!(peak < 200, "the host peaked at {peak} MiB");
    assert!(after < 200, "the host kept {after} MiB");
    let again = host.sign_in("admin", ADMIN_PASSWORD, "127.0.0.1").await.expect("answered");
    assert_eq!(again["code"], 200, "the host still works");
}
