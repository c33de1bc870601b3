//! CPU is shared fairly between tenants: a tenant running the worst plugin there is (busy loops up
//! to the deadline, as many at once as it may) cannot push another tenant's p99 past a stated
//! bound. Before, four busy loops raised another tenant's p50 from 2 to 499 ms. And a tenant has at
//! most a quarter of the instance slots under way. Alone in its test binary, so that nothing else
//! competes for the two workers.

mod common;

use std::time::{Duration, Instant};

use common::{Install, TestHost, USER_PASSWORD};

/// What a light call of a quiet tenant may take at p99 while another tenant spins.
const P99_BOUND: Duration = Duration::from_millis(150);

async fn enterprise(host: &TestHost, admin: &str, name: &str, seed: u32) -> String {
    let tenant = host.create_tenant(admin, name, seed).await;
    let role = host.create_role(admin, &tenant.to_string(), &format!("{name} admins"), "administrator", &[]).await;
    let user = format!("{}-admin", name.to_lowercase());
    host.create_account(admin, &tenant.to_string(), &user, &[role]).await;
    host.login(&user, USER_PASSWORD).await
}

/// p50 and p99 of `rounds` sequential light calls of `token`'s tenant.
async fn light_calls(host: &TestHost, token: &str, rounds: usize) -> (Duration, Duration) {
    let mut took = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let started = Instant::now();
        assert_eq!(host.get("/probe/version", token).await.code(), 200);
        took.push(started.elapsed());
    }
    took.sort();
    (took[rounds / 2], took[rounds * 99 / 100])
}

// Two workers, as the host runs in production on a 2-core machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenant_spinning_every_slot_leaves_another_tenants_p99_within_the_bound() {
    let grants = "timeout_ms = 4000\nmemory_mib = 16";
    let host = TestHost::start_with_plugins(&[Install::probe(grants)], |_| {}).await;
    let admin = host.admin().await;
    let spinner = enterprise(&host, &admin, "Spinner", 1).await;
    let quiet = enterprise(&host, &admin, "Quiet", 2).await;
    light_calls(&host, &quiet, 20).await; // warm up
    let (alone_p50, alone_p99) = light_calls(&host, &quiet, 200).await;

    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut spinners = tokio::task::JoinSet::new();
    for _ in 0..16 {
        let (base, token, stop) = (host.base.clone(), spinner.clone(), stop.clone());
        spinners.spawn(async move {
            let client = reqwest::Client::new();
            let mut loops = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let res = client.get(format!("{base}/probe/spin")).header("authorization", &token).send().await;
                assert!(res.is_ok(), "the spinner is answered");
                loops += 1;
            }
            loops
        });
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (loaded_p50, loaded_p99) = light_calls(&host, &quiet, 200).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut loops = 0;
    while let Some(done) = spinners.join_next().await {
        loops += done.expect("spinner");
    }
    println!(
        "quiet tenant alone p50 {alone_p50:?} p99 {alone_p99:?}; beside 16 busy loops of another \
         tenant ({loops} loops ran) p50 {loaded_p50:?} p99 {loaded_p99:?}"
    );
    assert!(loops >= 16, "the spinning tenant's loops ran: {loops}");
    assert!(loaded_p99 < P99_BOUND, "p99 {loaded_p99:?} beside a spinning tenant, bound {P99_BOUND:?}");

    // A tenant has at most 32 calls under way (a quarter of the 128 instance slots), of which
    // calls from outside take 24 (the rest waits for their calls to other plugins). 40 calls
    // that each work 2.5 s are sent at once; each says when it started and ended, and the most
    // that overlapped is exactly 24. (Told by the calls' own times, not by when the answers
    // arrived: on a loaded machine starting 32 instances takes a while, CI saw 1.6 s.)
    let mut at_once = tokio::task::JoinSet::new();
    for _ in 0..40 {
        let (base, token) = (host.base.clone(), spinner.clone());
        at_once.spawn(async move {
            let res = reqwest::Client::new()
                .get(format!("{base}/probe/busy?ms=2500"))
                .header("authorization", token)
                .send()
                .await
                .expect("answered");
            let body: serde_json::Value = res.json().await.expect("JSON");
            let span = |key: &str| body["data"][key].as_u64().unwrap_or_else(|| panic!("{key} in {body}"));
            (span("startedMs"), span("endedMs"))
        });
    }
    let mut events = Vec::new(); // (time, +1 start / -1 end); ends sort before starts at a tie
    while let Some(done) = at_once.join_next().await {
        let (started, ended) = done.expect("call");
        events.extend([(started, 1i32), (ended, -1)]);
    }
    events.sort_by_key(|&(at, change)| (at, change));
    let most = events.iter().scan(0, |now, (_, change)| Some(std::mem::replace(now, *now + change) + change)).max();
    println!("40 calls of 2.5 s sent at once: at most {most:?} ran together");
    assert_eq!(events.len(), 80, "every call answered with its times");
    assert_eq!(most, Some(24), "a tenant runs 24 calls from outside at once, and no more");
}
