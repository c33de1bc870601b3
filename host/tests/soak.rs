//! The soak: 16 clients send mixed reads and writes, plugin and core, and hang up at random
//! mid-call. Every answer that arrives must be a success, and the latency must stay flat from the
//! first window to the last.
//!
//! `make soak` runs it for 10 minutes (`CONSOLE_SOAK_SECONDS=600`); `make test` for 20 seconds.
//! Prints errors, dropped calls and p50/p99 per window.

mod common;

use std::time::{Duration, Instant};

use common::TestHost;
use rand::Rng;
use serde_json::{Value, json};

const CLIENTS: usize = 16;

struct Sample {
    at: Duration,
    latency: Duration,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

async fn one_call(client: &reqwest::Client, base: &str, token: &str, n: u64, hang_up: Option<Duration>) -> Option<i64> {
    let (method, path, body) = match n % 5 {
        0 => (reqwest::Method::GET, "/pet-service/breeds?page=1&pageSize=10".to_string(), None),
        1 => (
            reqwest::Method::POST,
            "/pet-service/breeds".to_string(),
            Some(json!({ "breedName": format!("soak {n}") })),
        ),
        2 => (reqwest::Method::POST, "/authority-service/role/list".to_string(), Some(json!({}))),
        3 => (
            reqwest::Method::POST,
            "/authority-service/department/add".to_string(),
            Some(json!({ "code": format!("d{n}"), "name": format!("d{n}"), "parentId": 0 })),
        ),
        _ => (reqwest::Method::GET, "/pet-service/pets?page=1&pageSize=10".to_string(), None),
    };
    let mut req = client.request(method, format!("{base}{path}")).header("authorization", token).header("lang", "en");
    if let Some(body) = body {
        req = req.json(&body);
    }
    if let Some(after) = hang_up {
        req = req.timeout(after);
    }
    let res = req.send().await.ok()?;
    let body: Value = res.json().await.ok()?;
    Some(body["code"].as_i64().unwrap_or(-1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_clients_that_hang_up_at_random_see_no_error_and_flat_latency() {
    let seconds: u64 = std::env::var("CONSOLE_SOAK_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let window = Duration::from_secs(if seconds >= 300 { 60 } else { (seconds / 4).max(1) });
    let host = TestHost::start().await;
    let token = host.admin().await;
    let started = Instant::now();
    let end = started + Duration::from_secs(seconds);

    let mut clients = tokio::task::JoinSet::new();
    for c in 0..CLIENTS {
        let (base, token) = (host.base.clone(), token.clone());
        clients.spawn(async move {
            let client = reqwest::Client::new();
            let (mut samples, mut errors, mut dropped) = (Vec::new(), Vec::new(), 0u64);
            let mut n = c as u64 * 1_000_000;
            while Instant::now() < end {
                n += 1;
                // One call in eight hangs up after 0-20 ms, whatever stage it reached.
                let hang_up =
                    rand::rng().random_ratio(1, 8).then(|| Duration::from_micros(rand::rng().random_range(0..20_000)));
                let sent = Instant::now();
                match one_call(&client, &base, &token, n, hang_up).await {
                    Some(200) => samples.push(Sample { at: sent - started, latency: sent.elapsed() }),
                    Some(code) => errors.push((n, code)),
                    None if hang_up.is_some() => dropped += 1,
                    None => errors.push((n, 0)),
                }
            }
            (samples, errors, dropped)
        });
    }
    let (mut samples, mut errors, mut dropped) = (Vec::new(), Vec::new(), 0);
    while let Some(done) = clients.join_next().await {
        let (s, e, d) = done.expect("client");
        samples.extend(s);
        errors.extend(e);
        dropped += d;
    }

    let windows = (seconds as u128 * 1000).div_ceil(window.as_millis()) as usize;
    let mut rows = Vec::new();
    for w in 0..windows {
        let (from, to) = (window * w as u32, window * (w as u32 + 1));
        let mut latencies: Vec<Duration> =
            samples.iter().filter(|s| s.at >= from && s.at < to).map(|s| s.latency).collect();
        latencies.sort();
        let (p50, p99) = (percentile(&latencies, 0.5), percentile(&latencies, 0.99));
        println!(
            "soak window {w}: {} calls, p50 {:.1} ms, p99 {:.1} ms",
            latencies.len(),
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3
        );
        rows.push((latencies.len(), p50, p99));
    }
    println!("soak: {} calls answered, {dropped} dropped by their client, {} errors", samples.len(), errors.len());
    assert!(errors.is_empty(), "{} errors, first: {:?}", errors.len(), &errors[..errors.len().min(10)]);
    assert!(dropped > 0, "no client hung up: the soak no longer tests dropped calls");
    // Flat: the last full window is no slower than three times the first, give or take 20 ms.
    let full: Vec<_> = rows.iter().filter(|r| r.0 > 0).collect();
    let (first, last) = (full.first().expect("a window"), full.last().expect("a window"));
    assert!(last.1 <= first.1 * 3 + Duration::from_millis(20), "p50 grew from {:?} to {:?}", first.1, last.1);
    assert!(last.2 <= first.2 * 3 + Duration::from_millis(50), "p99 grew from {:?} to {:?}", first.2, last.2);
}
