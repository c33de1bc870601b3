//! What an operator's load balancer and orchestrator rely on: `/healthz` and `/readyz` (JSON,
//! never the shell's index.html; 503 naming what failed), and a SIGTERM that drains: requests in
//! flight are answered, acknowledged writes are kept, the process exits 0 within its grace.

use crate::common;

use std::time::Duration;

use common::{Install, ProcessHost, TestHost};
use serde_json::{Value, json};

/// The host's address without `/api`.
fn root(base: &str) -> String {
    base.trim_end_matches("/api").to_string()
}

async fn probe(root: &str, path: &str) -> (u16, Value) {
    let answer = reqwest::get(format!("{root}{path}")).await.expect("answered");
    let status = answer.status().as_u16();
    let json = answer.headers().get("content-type").is_some_and(|t| t.to_str().unwrap_or("").contains("json"));
    assert!(json, "{path} answers JSON, not the shell");
    (status, answer.json().await.expect("JSON"))
}

/// `/readyz` until it answers `status`, within 15 s (its answer is kept for a second).
async fn ready_becomes(root: &str, status: u16) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let (now, body) = probe(root, "/readyz").await;
        if now == status {
            return body;
        }
        assert!(tokio::time::Instant::now() < deadline, "readyz stayed {now}: {body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn health_and_readiness_answer_json_and_name_what_failed() {
    let host = TestHost::start().await;
    let root = root(&host.base);
    assert_eq!(probe(&root, "/healthz").await, (200, json!({ "status": "ok" })));
    let (status, ready) = probe(&root, "/readyz").await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(
        ready,
        json!({ "status": "ready", "checks": { "database": "ok", "migrations": "ok", "plugins": "ok", "objects": "ok" } })
    );

    // Stopping: not ready, so that the load balancer sends no one new while it drains.
    host.state.lifecycle.stopping.cancel();
    let (status, stopping) = probe(&root, "/readyz").await;
    assert_eq!((status, stopping["status"].as_str()), (503, Some("stopping")));
    assert_eq!(probe(&root, "/healthz").await.0, 200, "the process still answers");

    // A plugin whose artefact is not the one pinned is refused: the host serves, but is not ready.
    let tampered = Install { sha256: Some("0".repeat(64)), ..Install::pet() };
    let host = TestHost::start_with_plugins(&[tampered], |_| {}).await;
    let root = self::root(&host.base);
    assert_eq!(probe(&root, "/healthz").await.0, 200, "the process answers");
    let (status, unready) = probe(&root, "/readyz").await;
    assert_eq!((status, unready["status"].as_str()), (503, Some("unready")), "{unready}");
    assert_eq!(unready["checks"]["plugins"], "not loaded: pet");
    assert_eq!(unready["checks"]["database"], "ok");
}

/// PostgreSQL stopped taking the host's connections (an outage, a failover): not ready, and
/// ready again once it is back. SQLite is embedded: it cannot go away under the host.
#[tokio::test]
async fn a_database_that_goes_away_makes_the_host_unready_until_it_is_back() {
    if !common::on_postgres() {
        return;
    }
    let host = TestHost::start().await;
    let root = root(&host.base);
    ready_becomes(&root, 200).await;
    let (server, name) = host.database_url.rsplit_once('/').expect("a database name");
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres")).await.expect("the test PostgreSQL");
    for statement in [
        format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"),
        format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"),
    ] {
        sqlx::query(&statement).execute(&mut admin).await.expect("the outage");
    }
    let unready = ready_becomes(&root, 503).await;
    assert_ne!(unready["checks"]["database"], "ok", "{unready}");
    assert_eq!(unready["checks"]["plugins"], "ok", "{unready}");
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).execute(&mut admin).await.expect("back");
    ready_becomes(&root, 200).await;
}

/// SIGTERM under load: uploads streaming when it comes are received to their end and answered,
/// every write answered before it is kept, no new connection is taken, and the process exits 0
/// well within its grace.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_answers_what_is_in_flight_keeps_what_was_acknowledged_and_exits_zero() {
    let plugins = [Install::probe("files = true\nmax_upload_mib = 64")];
    let env = [("CONSOLE_SHUTDOWN_GRACE_SECS", "20".to_string())];
    let mut host = ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &plugins, &env).await;
    let admin = host.admin().await;
    let base = host.base.clone();

    // Writers: role after role, each on a connection of its own, until told to stop.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut writers = Vec::new();
    for w in 0..8 {
        let (base, admin, stop) = (base.clone(), admin.clone(), stop.clone());
        writers.push(tokio::spawn(async move {
            let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().expect("client");
            let (mut kept, mut failed) = (Vec::new(), Vec::new());
            for n in 0.. {
                if stop.load(std::sync::atomic::Ordering::SeqCst) {
                    break;
                }
                let name = format!("role {w}-{n}");
                let answer = client
                    .post(format!("{base}/authority-service/role/add"))
                    .header("authorization", &admin)
                    .json(&json!({ "name": name, "roleType": "ordinary" }))
                    .send()
                    .await;
                match answer {
                    Ok(answer) if answer.status() == 200 => kept.push(name),
                    other => failed.push(format!("{name}: {other:?}")),
                }
            }
            (kept, failed)
        }));
    }
    // Uploads of 2 MiB streamed over about three seconds.
    let mut uploads = Vec::new();
    for u in 0..4u64 {
        let (base, admin) = (base.clone(), admin.clone());
        uploads.push(tokio::spawn(async move {
            let bytes = common::content(2 * 1024 * 1024, u + 1);
            let chunks: Vec<Vec<u8>> = bytes.chunks(64 * 1024).map(<[u8]>::to_vec).collect();
            let body = futures_util::stream::iter(chunks).then(|chunk| async move {
                tokio::time::sleep(Duration::from_millis(90)).await;
                Ok::<_, std::io::Error>(chunk)
            });
            let answer = reqwest::Client::new()
                .post(format!("{base}/files/upload/probe/firmware?fileName=fw-{u}.bin"))
                .header("authorization", &admin)
                .header("content-type", "application/octet-stream")
                .body(reqwest::Body::wrap_stream(body))
                .send()
                .await
                .expect("the upload is answered");
            let envelope: Value = answer.json().await.expect("an envelope");
            (envelope, bytes.len())
        }));
    }
    use futures_util::StreamExt as _;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    // Writers stop starting requests; the ones they sent are in flight as the signal comes.
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let signalled = std::time::Instant::now();
    let killed = std::process::Command::new("kill").args(["-TERM", &host.pid().to_string()]).status().expect("kill");
    assert!(killed.success());

    for upload in uploads {
        let (envelope, size) = upload.await.expect("upload task");
        assert_eq!(envelope["code"], 200, "an upload streaming when SIGTERM came: {envelope}");
        assert_eq!(envelope["data"]["size"], size);
    }
    let mut kept = Vec::new();
    for writer in writers {
        let (written, failed) = writer.await.expect("writer task");
        assert!(failed.is_empty(), "requests in flight failed: {failed:?}");
        kept.extend(written);
    }
    assert!(kept.len() >= 8, "the writers wrote: {}", kept.len());
    let exited = host.exit_within(Duration::from_secs(20)).await.expect("exited within the grace");
    assert!(exited.success(), "exit status {exited:?}\n{}", host.log());
    assert!(signalled.elapsed() < Duration::from_secs(15), "{:?}", signalled.elapsed());
    assert!(reqwest::get(format!("{base}/openapi.json")).await.is_err(), "no new connection once stopped");

    // Started again on the same data: every acknowledged write is there.
    let dir = host.kill();
    let again = ProcessHost::start_in(dir, &plugins).await;
    let admin = again.admin().await;
    let mut names = Vec::new();
    for page in 1.. {
        let listed: Value = reqwest::Client::new()
            .post(format!("{}/authority-service/role/list", again.base))
            .header("authorization", &admin)
            .json(&json!({ "page": page, "pageSize": 500 }))
            .send()
            .await
            .expect("listed")
            .json()
            .await
            .expect("an envelope");
        let list = listed["data"]["list"].as_array().expect("roles").clone();
        names.extend(list.iter().filter_map(|r| r["name"].as_str().map(str::to_string)));
        if list.len() < 500 {
            break;
        }
    }
    let lost: Vec<&String> = kept.iter().filter(|name| !names.contains(name)).collect();
    assert!(lost.is_empty(), "acknowledged and lost: {lost:?}");
}

/// Every answer names its request; a refusal's envelope carries the same id for the user to
/// quote. An id offered by a client that is not a trusted proxy is not taken (anyone could make
/// another's request look like theirs in the logs).
#[tokio::test]
async fn every_answer_names_its_request_and_a_refusal_carries_the_same_id() {
    let host = TestHost::start().await;
    let client = reqwest::Client::new();
    let answer = client.get(format!("{}/no/such/route", host.base)).header("x-request-id", "chosen-by-me").send().await;
    let answer = answer.expect("answered");
    let id = answer.headers().get("x-request-id").and_then(|v| v.to_str().ok()).expect("an id").to_string();
    assert!(id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()), "made here, not taken: {id}");
    let envelope: Value = answer.json().await.expect("an envelope");
    assert_ne!(envelope["code"], 200);
    assert_eq!(envelope["requestId"].as_str(), Some(id.as_str()), "{envelope}");
    let shell = client.get(format!("{}/healthz", root(&host.base))).send().await.expect("answered");
    let other = shell.headers().get("x-request-id").and_then(|v| v.to_str().ok()).expect("an id");
    assert_ne!(other, id, "each request its own");
}

/// Behind a trusted proxy its id is kept, and every log line of the request carries it, in the
/// JSON log a collector reads.
#[tokio::test]
async fn a_trusted_proxys_request_id_is_kept_and_found_in_the_json_log() {
    let env = [("CONSOLE_LOG_FORMAT", "json".to_string()), ("RUST_LOG", "warn,tower_http=debug".to_string())];
    let host = ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &[], &env).await;
    let answer = reqwest::Client::new()
        .post(format!("{}/authority-service/authority/login", host.base))
        .header("x-request-id", "lb-7f3a:42")
        .json(&json!({ "userName": "admin", "password": "wrong" }))
        .send()
        .await
        .expect("answered");
    assert_eq!(answer.headers().get("x-request-id").and_then(|v| v.to_str().ok()), Some("lb-7f3a:42"));
    let envelope: Value = answer.json().await.expect("an envelope");
    assert_eq!(envelope["requestId"], "lb-7f3a:42", "{envelope}");
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    let lines = loop {
        let log = host.log();
        let lines: Vec<Value> = log
            .lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not a JSON line: {line}")))
            .filter(|line: &Value| {
                line["spans"].as_array().is_some_and(|spans| spans.iter().any(|span| span["id"] == "lb-7f3a:42"))
            })
            .collect();
        if lines.len() >= 2 || std::time::Instant::now() > deadline {
            break lines;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(lines.len() >= 2, "the request's lines (started, finished) carry its id: {}", host.log());
}

/// `console-host probe`: a container's health check with nothing else in the image.
#[tokio::test]
async fn the_probe_command_exits_zero_only_for_a_ready_host() {
    let probe = |url: String| async move {
        let status = tokio::process::Command::new(env!("CARGO_BIN_EXE_console-host"))
            .args(["probe", &url])
            .env("RUST_LOG", "error")
            .stderr(std::process::Stdio::null())
            .status()
            .await
            .expect("console-host runs");
        status.success()
    };
    let ready = TestHost::start().await;
    assert!(probe(format!("{}/readyz", root(&ready.base))).await, "a ready host");
    let tampered = Install { sha256: Some("0".repeat(64)), ..Install::pet() };
    let unready = TestHost::start_with_plugins(&[tampered], |_| {}).await;
    assert!(!probe(format!("{}/readyz", root(&unready.base))).await, "a host missing a plugin");
    let closed = common::listen_port();
    assert!(!probe(format!("http://127.0.0.1:{closed}/readyz")).await, "no host at all");
}
