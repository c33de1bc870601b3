//! A hostile enterprise cannot take the host down or starve another: while it runs
//! the probe's attacks at once (computing after a write under SQLite's write lock, busy loops,
//! memory bombs, a template that would build gigabytes, writes past its quotas, event floods),
//! a quiet enterprise's writes and sign-ins stay within stated p99 bounds, nothing it was told
//! is kept is lost, and the host's resident memory stays bounded. Alone in its test binary, so
//! that nothing else competes for the two workers and the memory measured is this host's.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::{Install, TestHost, USER_PASSWORD};
use serde_json::{Value, json};

/// What a quiet enterprise's plugin write may take at p99 (of 60: the slowest) beside the
/// attacks: on SQLite it waits at most for the hostile call holding the write lock and the one
/// hostile call queued before it (each stopped after half a second holding it), and two cores
/// run a debug build under twenty attackers. Measured 0.04 to 1.05 s here; a fresh-clone run
/// took longer once. It failed or took 10-20 s before the lock was bounded.
const WRITE_P99: Duration = Duration::from_millis(2500);
/// A sign-in's core writes (its throttle, its log, its session) each wait for the call holding
/// the lock, never for those queued: three half-seconds at worst, and the CPU shared. Measured
/// 0.07 to 1.6 s here (of 10: the slowest).
const SIGN_IN_P99: Duration = Duration::from_millis(3500);
/// What the host may grow by: the plugins' memory budget (256 MiB) and what the calls under way
/// hold besides. Measured about 50 MiB (renders run in workers of their own).
const GROWTH_MIB: u64 = 500;

/// A new enterprise's administrator's token, and the name of a second account that signs in
/// again and again (a sign-in ends the account's earlier session).
async fn enterprise(host: &TestHost, admin: &str, name: &str, seed: u32) -> (String, String) {
    let tenant = host.create_tenant(admin, name, seed).await;
    let role = host.create_role(admin, &tenant.to_string(), &format!("{name} admins"), "administrator", &[]).await;
    let user = format!("{}-admin", name.to_lowercase());
    host.create_account(admin, &tenant.to_string(), &user, &[role]).await;
    let agent = format!("{}-agent", name.to_lowercase());
    host.create_account(admin, &tenant.to_string(), &agent, &[role]).await;
    (agent, host.login(&user, USER_PASSWORD).await)
}

fn percentile(took: &mut [Duration], p: usize) -> Duration {
    took.sort();
    took[(took.len() * p / 100).min(took.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_enterprise_leaves_another_within_its_bounds() {
    let grants = "events = true\ntemplate = true\ntimeout_ms = 2000\nmemory_mib = 32\nmax_records = 2000";
    let host = TestHost::start_with_plugins(&[Install::probe(grants)], |c| c.plugin_memory_mib = 256).await;
    let admin = host.admin().await;
    let (_, hostile) = enterprise(&host, &admin, "Hostile", 1).await;
    let (quiet_user, quiet) = enterprise(&host, &admin, "Quiet", 2).await;
    assert_eq!(host.post("/probe/notes", &quiet, json!({ "text": "warm" })).await.code(), 200);
    // The quiet enterprise's console listens throughout: another enterprise's flood of events
    // closed it within 1.4 s before ("fell behind").
    let mut quiet_console = host.console_socket(&quiet).await;
    std::fs::write("/proc/self/clear_refs", "5").expect("clear_refs");
    let before = common::proc_status_mib("self", "VmRSS:");

    let bomb = "{% set r = range(100000)|list %}{% set a = [r,r,r,r,r,r,r,r,r,r] %}{% set b = [a,a,a,a,a,a,a,a,a,a] %}\
                {% set c = [b,b,b,b,b,b,b,b,b,b] %}{{ c|string|length }}";
    let attacks: Vec<(&str, Value, usize)> = vec![
        ("/probe/write-then-spin", json!({}), 6),
        ("/probe/spin", Value::Null, 6),
        ("/probe/bomb", Value::Null, 2),
        ("/probe/render", json!({ "template": bomb }), 2),
        ("/probe/hoard", json!({ "what": "records", "times": 500, "size": 2000 }), 2),
        ("/probe/publish", json!({ "times": 100 }), 2),
    ];
    let stop = Arc::new(AtomicBool::new(false));
    let sent = Arc::new(AtomicU64::new(0));
    let mut attackers = tokio::task::JoinSet::new();
    for (path, body, tasks) in attacks {
        for _ in 0..tasks {
            let (base, token, stop, sent, body) =
                (host.base.clone(), hostile.clone(), stop.clone(), sent.clone(), body.clone());
            attackers.spawn(async move {
                let client = reqwest::Client::new();
                while !stop.load(Ordering::Relaxed) {
                    let request = if body.is_null() {
                        client.get(format!("{base}{path}"))
                    } else {
                        client.post(format!("{base}{path}")).json(&body)
                    };
                    let answered = request.header("authorization", &token).send().await;
                    assert!(answered.is_ok(), "{path}: the host answers");
                    sent.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;

    let (mut writes, mut sign_ins) = (Vec::new(), Vec::new());
    for round in 0..60 {
        let started = Instant::now();
        let written = host.post("/probe/notes", &quiet, json!({ "text": format!("quiet {round}") })).await;
        writes.push(started.elapsed());
        assert_eq!(written.code(), 200, "a quiet write is answered: {:?}", written.body);
        if round % 6 == 0 {
            let started = Instant::now();
            let signed_in = host.try_login(&host.sign_in_name(&quiet_user), USER_PASSWORD).await;
            sign_ins.push(started.elapsed());
            assert_eq!(signed_in.code(), 200, "{:?}", signed_in.body);
        }
    }
    stop.store(true, Ordering::Relaxed);
    while let Some(done) = attackers.join_next().await {
        done.expect("attacker");
    }
    let grown = common::proc_status_mib("self", "VmHWM:").saturating_sub(before);
    let (write_p50, write_p99) = (percentile(&mut writes, 50), percentile(&mut writes, 99));
    let sign_in_p99 = percentile(&mut sign_ins, 99);
    println!(
        "beside {} hostile calls: quiet writes p50 {write_p50:?} p99 {write_p99:?}, sign-ins p99 {sign_in_p99:?}, \
         host grew {grown} MiB",
        sent.load(Ordering::Relaxed)
    );
    assert!(sent.load(Ordering::Relaxed) >= 12, "the attacks ran");
    assert!(write_p99 < WRITE_P99, "quiet writes p99 {write_p99:?}, bound {WRITE_P99:?}");
    assert!(sign_in_p99 < SIGN_IN_P99, "sign-ins p99 {sign_in_p99:?}, bound {SIGN_IN_P99:?}");
    assert!(grown < GROWTH_MIB, "the host grew by {grown} MiB, bound {GROWTH_MIB}");

    host.post("/probe/publish", &quiet, json!({ "topic": "probe.quiet" })).await.ok();
    let mut heard = false;
    while let Some(event) = quiet_console.next(Duration::from_secs(3)).await {
        assert_ne!(event["payload"]["from"], "hostile-admin", "another enterprise's event: {event}");
        if event["topic"] == "probe.quiet" {
            heard = true;
            break;
        }
    }
    assert!(heard, "the quiet console still hears its own enterprise");

    // Every quiet write it answered is kept, and every operation record of them was written.
    assert_eq!(host.get("/probe/notes", &quiet).await.ok()["total"], 61);
    let db = common::database(&host.database_url).await;
    let recorded: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM operation_records WHERE username LIKE '%quiet-admin%' AND path LIKE '%/probe/notes%'",
    )
    .fetch_one(&db)
    .await
    .expect("records");
    assert!(recorded >= 61, "the quiet writes' operation records: {recorded}");
    // The hostile enterprise kept no more than its quota.
    let hoarded: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plugin_records r JOIN tenants t ON t.id = r.tenant_id WHERE t.tenant_name = 'Hostile'",
    )
    .fetch_one(&db)
    .await
    .expect("hoarded");
    assert!(hoarded <= 2000, "{hoarded} records under a quota of 2000");
}

/// A request whose cascade of events runs out of deliveries says so once: a warning line per
/// dropped event wrote 1.44 MB of host log per request before, outside the plugin's log budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_flood_writes_one_warning_per_request_not_one_per_event() {
    let host = common::ProcessHost::start(&[Install::probe("events = true\ntimeout_ms = 5000")]).await;
    let admin = host.admin().await;
    let client = reqwest::Client::new();
    for _ in 0..3 {
        let answer: Value = client
            .post(format!("{}/probe/publish", host.base))
            .header("authorization", &admin)
            .json(&json!({ "topic": "probe.ping", "times": 100 }))
            .send()
            .await
            .expect("answer")
            .json()
            .await
            .expect("envelope");
        assert_eq!(answer["code"], 200, "{answer}");
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let log = host.log();
    let said = log.lines().filter(|l| l.contains("cascade used its budget")).count();
    assert_eq!(said, 3, "one line per request:\n{}", &log[..log.len().min(2000)]);
    assert!(log.len() < 64 * 1024, "the host logged {} bytes for 300 events", log.len());
}
