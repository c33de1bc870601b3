//! Sign-in under attack: lengths are capped before anything else, failures are counted before
//! verifying, and the address is the one the trusted proxy saw.

mod common;

use common::{ADMIN_PASSWORD, TestHost};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn oversized_names_and_passwords_are_refused_before_anything_else() {
    let host = TestHost::start().await;
    let huge = "a".repeat(100_000);
    let answer = host.try_login(&huge, "x").await;
    assert_eq!(answer.code(), 400);
    assert_eq!(answer.data()["field"], "userName");
    let answer = host.try_login("admin", &"p".repeat(4096)).await;
    assert_eq!(answer.code(), 400);
    assert_eq!(answer.data()["field"], "password");
    // Neither was logged nor counted: the administrator signs in, and the log holds no giant name.
    let admin = host.login("admin", ADMIN_PASSWORD).await;
    let logs = host
        .call(Method::POST, "/authority-service/authority/list", Some(&admin), &[("lang", "en")], Some(json!({})))
        .await;
    assert!(!logs.body.to_string().contains(&huge[..1000]), "the name was not logged");
}

#[tokio::test]
async fn concurrent_guesses_cannot_pass_the_throttle_together() {
    let host = TestHost::start_with(|c| c.login_max_failures = 3).await;
    let mut calls = tokio::task::JoinSet::new();
    for n in 0..24 {
        let host_base = host.base.clone();
        calls.spawn(async move {
            let body = json!({ "userName": "admin", "password": format!("Guess#{n}") });
            let res = reqwest::Client::new()
                .post(format!("{host_base}/authority-service/authority/login"))
                .json(&body)
                .send()
                .await
                .expect("answer");
            res.json::<serde_json::Value>().await.expect("json")["code"].as_i64().unwrap_or(-1)
        });
    }
    let mut verified = 0;
    while let Some(code) = calls.join_next().await {
        match code.expect("task") {
            400 => verified += 1,
            429 => {}
            other => panic!("unexpected code {other}"),
        }
    }
    assert_eq!(verified, 3, "exactly the allowance of guesses was verified");
    assert_eq!(host.try_login("admin", ADMIN_PASSWORD).await.code(), 429, "the account is locked");
}

/// Behind a trusted proxy the client's address is the hop the proxy appended (the right-most):
/// an attacker who writes his own left-most hops still counts against his one address.
#[tokio::test]
async fn forged_forwarded_hops_do_not_escape_the_address_throttle() {
    let host = TestHost::start_with(|c| {
        c.trusted_proxies = vec!["127.0.0.0/8".parse().expect("loopback")];
        c.login_max_failures_per_ip = 3;
    })
    .await;
    let mut codes = Vec::new();
    for n in 0..5 {
        let answer = host
            .call(
                Method::POST,
                "/authority-service/authority/login",
                None,
                &[("lang", "en"), ("x-forwarded-for", &format!("10.9.8.{n}, 203.0.113.7"))],
                Some(json!({ "userName": format!("user{n}"), "password": "Wrong#2026" })),
            )
            .await;
        codes.push(answer.code());
    }
    assert_eq!(codes, vec![400, 400, 400, 429, 429], "the fourth guess from 203.0.113.7 is refused");
}

/// A proxy that adds a line of its own to `x-forwarded-for` leaves the client's forged line
/// first: every line counts, and the client is the last hop that is no trusted proxy. An IPv6
/// subscriber holds a whole /64, which counts as one address.
#[tokio::test]
async fn every_forwarded_line_counts_and_an_ipv6_slash_64_is_one_address() {
    let host = TestHost::start_with(|c| {
        c.trusted_proxies = vec!["127.0.0.0/8".parse().expect("loopback")];
        c.login_max_failures_per_ip = 3;
    })
    .await;
    let mut codes = Vec::new();
    for n in 0..5 {
        let (forged, proxy_line) = (format!("10.9.8.{n}"), format!("2001:db8:1:2::{}", n + 1));
        let answer = host
            .call(
                Method::POST,
                "/authority-service/authority/login",
                None,
                &[("lang", "en"), ("x-forwarded-for", &forged), ("x-forwarded-for", &proxy_line)],
                Some(json!({ "userName": format!("user{n}"), "password": "Wrong#2026" })),
            )
            .await;
        codes.push(answer.code());
    }
    assert_eq!(codes, vec![400, 400, 400, 429, 429], "one /64, whatever the forged first line says");
}
