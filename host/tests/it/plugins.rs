//! The plugin runtime, driven over HTTP with real built components: containment (deadline,
//! memory cap, panics, rollback), isolation (tenants, plugins), enablement, operator grants,
//! integrity, contract versions, hot reload, schedules and events.

use crate::common;

use std::time::{Duration, Instant};

use common::{Install, TestHost, USER_PASSWORD, wasm, write_plugins_toml};
use reqwest::Method;
use serde_json::{Value, json};

const PROBE: &str =
    "events = true\ntemplate = true\nfiles = true\ntimeout_ms = 1000\nmemory_mib = 32\nmax_response_kib = 1024";

async fn probe_host(grants: &str) -> (TestHost, String) {
    let host = TestHost::start_with_plugins(&[Install::pet(), Install::probe(grants)], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

/// An enterprise administrator (administrator role) of a new enterprise; returns (tenant, token).
async fn enterprise(host: &TestHost, admin: &str, name: &str, seed: u32) -> (i64, String) {
    let tenant = host.create_tenant(admin, name, seed).await;
    let role = host.create_role(admin, &tenant.to_string(), &format!("{name} admins"), "administrator", &[]).await;
    let user = format!("{}-admin", name.to_lowercase());
    host.create_account(admin, &tenant.to_string(), &user, &[role]).await;
    (tenant, host.login(&user, USER_PASSWORD).await)
}

// Two workers, as the host runs in production (`#[tokio::main]` on a 2-core machine).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_infinite_loop_is_stopped_by_the_deadline_while_other_requests_are_served() {
    let (host, admin) = probe_host(PROBE).await;
    let started = Instant::now();
    let spinning = {
        let (base, admin) = (host.base.clone(), admin.clone());
        tokio::spawn(async move {
            let res = reqwest::Client::new()
                .get(format!("{base}/probe/spin"))
                .header("authorization", admin)
                .header("lang", "en")
                .send()
                .await;
            let body: serde_json::Value = res.expect("answer").json().await.expect("envelope");
            (body, Instant::now())
        })
    };
    tokio::time::sleep(Duration::from_millis(150)).await;
    let mut served_at = Vec::new();
    for _ in 0..5 {
        assert_eq!(host.get("/probe/version", &admin).await.code(), 200);
        assert_eq!(host.post("/authority-service/authority/getUserMenu", &admin, json!({})).await.code(), 200);
        served_at.push(Instant::now());
    }
    let (spin, spin_done) = spinning.await.expect("spin task");
    assert_eq!(spin["code"], 504, "{spin}");
    assert!(spin["msg"].as_str().unwrap_or("").contains("took too long"), "{spin}");
    assert!(served_at.iter().all(|t| *t < spin_done), "other requests were answered while the loop ran");
    let took = spin_done - started;
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(5),
        "stopped at the 1 s deadline: {took:?}"
    );
    assert_eq!(host.metric("console_plugin_calls_total", &["probe", "timeout"]).await, 1.0);
}

#[tokio::test]
async fn a_memory_bomb_traps_at_the_cap() {
    let (host, admin) = probe_host(PROBE).await;
    let bomb = host.get("/probe/bomb", &admin).await;
    assert_eq!((bomb.status, bomb.code()), (500, 500));
    assert_eq!(bomb.msg(), "The feature failed; nothing was changed.");
    assert_eq!(host.metric("console_plugin_calls_total", &["probe", "trap"]).await, 1.0);
    let peak = host.metric("console_plugin_memory_peak_bytes", &["probe"]).await;
    assert!(peak > 8.0 * 1048576.0 && peak <= 32.0 * 1048576.0, "peak {peak} stays within the 32 MiB cap");
    assert_eq!(host.get("/probe/version", &admin).await.code(), 200, "the next call gets a fresh instance");
}

#[tokio::test]
async fn a_panic_gives_an_error_envelope_and_the_host_goes_on() {
    let (host, admin) = probe_host(PROBE).await;
    let zh = host.call(Method::GET, "/probe/panic", Some(&admin), &[("lang", "zhCn")], None).await;
    assert_eq!((zh.status, zh.code(), zh.msg()), (500, 500, "功能插件执行失败，操作未生效"));
    assert_eq!(host.get("/probe/version", &admin).await.ok()["version"], "0.1.0");
    assert_eq!(host.get("/pet-service/breeds", &admin).await.code(), 200);
}

#[tokio::test]
async fn the_writes_of_a_trapped_failed_or_timed_out_call_are_not_in_the_database() {
    let (host, admin) = probe_host(PROBE).await;
    assert_eq!(host.post("/probe/write-then-trap", &admin, json!({})).await.code(), 500);
    let refused = host.post("/probe/write-then-fail", &admin, json!({})).await;
    assert_eq!(
        (refused.code(), refused.data()["field"].as_str(), refused.msg()),
        (400, Some("text"), "refused after a write")
    );
    // Spinning after a write: on SQLite it holds every writer's lock, and is stopped after half a
    // second of it (a failed call); on PostgreSQL it runs into its deadline.
    let spun = if common::on_postgres() { 504 } else { 500 };
    assert_eq!(host.post("/probe/write-then-spin", &admin, json!({})).await.code(), spun);
    // The contract says an `internal` store error rolls the call back: answering 200 after one
    // must not commit what was written before it.
    let swallowed = host.post("/probe/write-then-swallow", &admin, json!({})).await;
    assert_eq!(swallowed.code(), 500, "{:?}", swallowed.body);
    assert_eq!(host.get("/probe/notes", &admin).await.ok()["total"], 0, "every write was rolled back");
    host.post("/probe/notes", &admin, json!({ "text": "kept" })).await.ok();
    assert_eq!(host.get("/probe/notes", &admin).await.ok()["total"], 1, "a successful call commits");
}

#[tokio::test]
async fn a_plugin_cannot_reach_another_tenants_records_nor_another_plugins() {
    let (host, admin) = probe_host(PROBE).await;
    let (a, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    let (_, beta) = enterprise(&host, &admin, "Beta", 2).await;
    let note = host.post("/probe/notes", &alpha, json!({ "text": "alpha secret" })).await.ok()["id"]
        .as_str()
        .expect("id")
        .to_string();

    assert_eq!(host.get(&format!("/probe/notes/{note}"), &beta).await.code(), 404);
    assert_eq!(host.get("/probe/notes", &beta).await.ok()["total"], 0);
    for guess in 1..=30 {
        assert_eq!(host.get(&format!("/probe/notes/{guess}"), &beta).await.code(), 404, "guessed id {guess}");
    }
    assert_ne!(
        host.call(Method::PUT, &format!("/probe/notes/{note}"), Some(&beta), &[], Some(json!({}))).await.code(),
        200
    );
    let deleted = host.call(Method::DELETE, &format!("/probe/notes/{note}"), Some(&beta), &[], None).await;
    assert_eq!(deleted.ok()["deleted"], false);
    let still = host.get(&format!("/probe/notes/{note}"), &alpha).await;
    assert_eq!(still.ok()["text"], "alpha secret", "untouched by Beta");

    let as_alpha = host.get_as(&format!("/probe/notes/{note}"), &admin, &a.to_string()).await;
    assert_eq!(as_alpha.ok()["text"], "alpha secret", "a platform user acting for Alpha sees it");

    host.post("/pet-service/breeds", &alpha, json!({ "breedName": "Ragdoll" })).await.ok();
    let foreign = host.get("/probe/foreign", &alpha).await;
    assert_eq!(foreign.code(), 400);
    assert!(
        foreign.msg().contains("UnknownCollection"),
        "another plugin's collection is out of reach: {}",
        foreign.msg()
    );

    host.post("/probe/files/report.txt", &alpha, json!({ "content": "alpha file" })).await.ok();
    assert_eq!(host.get("/probe/files/report.txt", &alpha).await.ok()["content"], "alpha file");
    assert_eq!(host.get("/probe/files/report.txt", &beta).await.ok()["content"], serde_json::Value::Null);
    assert_ne!(host.post("/probe/files/..%2Fescape", &alpha, json!({ "content": "x" })).await.code(), 200);
    let bad_name = host.post("/probe/files/a%20b", &alpha, json!({ "content": "x" })).await;
    assert_eq!(bad_name.code(), 400, "{:?}", bad_name.body);
}

#[tokio::test]
async fn a_disabled_plugins_routes_and_menus_are_unavailable_to_that_tenant() {
    let (host, admin) = probe_host(PROBE).await;
    let (a, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    let (_, beta) = enterprise(&host, &admin, "Beta", 2).await;
    let menus = |token: String| {
        let host = &host;
        async move {
            host.post("/authority-service/authority/getUserMenu", &token, json!({})).await.ok()["userMenuVoList"]
                .to_string()
        }
    };
    assert!(menus(alpha.clone()).await.contains("/probe"));

    host.post(
        "/plugin-admin/plugins/enable",
        &admin,
        json!({ "pluginId": "probe", "tenantIds": [a], "enabled": false }),
    )
    .await
    .ok();
    let refused = host.get("/probe/version", &alpha).await;
    assert_eq!((refused.code(), refused.msg()), (404, "This feature is not enabled for your enterprise."));
    assert!(!menus(alpha.clone()).await.contains("/probe"), "its menus are gone for Alpha");
    assert_eq!(host.get("/probe/version", &beta).await.code(), 200, "Beta still has it");
    assert!(menus(beta).await.contains("/probe"));
    let remotes = host.get("/plugin-admin/remotes", &alpha).await;
    assert!(!remotes.ok().to_string().contains("\"probe\""));

    let uses = host.post("/plugin-admin/plugins/tenants", &admin, json!({ "pluginId": "probe" })).await;
    let alpha_use = uses.ok().as_array().expect("list").iter().find(|t| t["tenantId"] == a).cloned().expect("alpha");
    assert_eq!((alpha_use["enabled"].as_bool(), alpha_use["explicit"].as_bool()), (Some(false), Some(true)));

    host.post(
        "/plugin-admin/plugins/enable",
        &admin,
        json!({ "pluginId": "probe", "allTenants": true, "enabled": true }),
    )
    .await
    .ok();
    assert_eq!(host.get("/probe/version", &alpha).await.code(), 200);
}

#[tokio::test]
async fn a_plugin_not_enabled_by_default_waits_for_the_platform() {
    let mut probe = Install::probe(PROBE);
    probe.enabled_by_default = false;
    let host = TestHost::start_with_plugins(&[probe], |_| {}).await;
    let admin = host.admin().await;
    let (a, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    assert_eq!(host.get("/probe/version", &alpha).await.code(), 404);
    host.post(
        "/plugin-admin/plugins/enable",
        &admin,
        json!({ "pluginId": "probe", "tenantIds": [a], "enabled": true }),
    )
    .await
    .ok();
    assert_eq!(host.get("/probe/version", &alpha).await.code(), 200);
}

/// A small HTTP server on loopback standing in for a provider; `/endless` streams a body that
/// never ends and announces no length, `/slow` answers after 1.5 s.
async fn provider() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let endless = || async {
        let chunk = axum::body::Bytes::from(vec![b'x'; 64 * 1024]);
        let stream = futures_util::stream::repeat_with(move || Ok::<_, std::io::Error>(chunk.clone()));
        axum::body::Body::from_stream(stream)
    };
    let app = axum::Router::new()
        .route("/hello", axum::routing::get(|| async { "hello from the provider" }))
        .route("/endless", axum::routing::get(endless))
        .route(
            "/slow",
            axum::routing::get(|| async {
                tokio::time::sleep(Duration::from_millis(1500)).await;
                "slow answer"
            }),
        );
    tokio::spawn(async move { axum::serve(listener, app).await.ok() });
    port
}

#[tokio::test]
async fn outbound_calls_reach_only_operator_granted_hosts() {
    let granted = provider().await;
    let other = provider().await;
    let grants = format!("{PROBE}\noutbound_hosts = [\"127.0.0.1:{granted}\"]");
    let (host, admin) = probe_host(&grants).await;
    let ok = host.post("/probe/fetch", &admin, json!({ "url": format!("http://127.0.0.1:{granted}/hello") })).await;
    assert_eq!(ok.ok()["body"], "hello from the provider");
    // A granted host answering without end: refused at the limit, long before the deadline.
    let started = Instant::now();
    let endless =
        host.post("/probe/fetch", &admin, json!({ "url": format!("http://127.0.0.1:{granted}/endless") })).await;
    assert_eq!(endless.code(), 400, "{:?}", endless.body);
    assert!(endless.msg().contains("larger than 4 MiB"), "{}", endless.msg());
    assert!(started.elapsed() < Duration::from_millis(900), "stopped at the limit, not at the deadline");
    let denied = host.post("/probe/fetch", &admin, json!({ "url": format!("http://127.0.0.1:{other}/hello") })).await;
    assert_eq!(denied.code(), 400);
    assert!(denied.msg().contains("not granted"), "{}", denied.msg());

    let (no_grant, admin) = probe_host(PROBE).await;
    let refused =
        no_grant.post("/probe/fetch", &admin, json!({ "url": format!("http://127.0.0.1:{granted}/hello") })).await;
    assert!(refused.msg().contains("not granted by the operator"), "default: no outbound host: {}", refused.msg());
}

/// A granted host *name* that resolves to the loopback (or a private network, or a cloud's
/// metadata address) reaches nothing there: the host connects only to the public addresses it
/// resolved the name to. The operator who means a local service grants its address.
#[tokio::test]
async fn a_granted_name_that_resolves_to_a_local_address_reaches_nothing() {
    let port = provider().await;
    let grants = format!("{PROBE}\noutbound_hosts = [\"localhost:{port}\", \"127.0.0.1:{port}\"]");
    let (host, admin) = probe_host(&grants).await;
    let by_name = host.post("/probe/fetch", &admin, json!({ "url": format!("http://localhost:{port}/hello") })).await;
    assert_eq!(by_name.code(), 400, "{:?}", by_name.body);
    assert!(by_name.msg().contains("no public address"), "{}", by_name.msg());
    let by_address =
        host.post("/probe/fetch", &admin, json!({ "url": format!("http://127.0.0.1:{port}/hello") })).await;
    assert_eq!(by_address.ok()["body"], "hello from the provider", "the address granted itself");
}

/// A call waiting on a slow provider holds no database lock, so every other writer (here another
/// enterprise's) goes on; once a call has written, it sends nothing out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_provider_stalls_no_other_writer_and_nothing_is_sent_after_a_write() {
    let port = provider().await;
    let grants = format!("{PROBE}\ntimeout_ms = 5000\noutbound_hosts = [\"127.0.0.1:{port}\"]")
        .replace("timeout_ms = 1000\n", "");
    let (host, admin) = probe_host(&grants).await;
    let (_, other) = enterprise(&host, &admin, "Other", 3).await;
    let slow = format!("http://127.0.0.1:{port}/slow");

    let waiting = {
        let (base, admin, slow) = (host.base.clone(), admin.clone(), slow.clone());
        tokio::spawn(async move {
            let body = json!({ "url": slow, "readFirst": true, "noteAfter": true });
            let res = reqwest::Client::new()
                .post(format!("{base}/probe/fetch"))
                .header("authorization", admin)
                .json(&body)
                .send()
                .await;
            res.expect("answer").json::<Value>().await.expect("envelope")
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let written = host.post("/probe/notes", &other, json!({ "text": "not kept waiting" })).await;
    let took = started.elapsed();
    assert_eq!(written.code(), 200, "{:?}", written.body);
    assert!(!waiting.is_finished(), "the slow call is still waiting on its provider");
    assert!(took < Duration::from_millis(700), "another enterprise's write took {took:?} beside a slow provider");
    let fetched = waiting.await.expect("slow call");
    assert_eq!(fetched["data"]["body"], "slow answer", "{fetched}");
    let notes = host.get("/probe/notes", &admin).await;
    assert_eq!(notes.ok()["total"], 1, "what came of the fetch is recorded after it");

    // Written first, then an outbound request: refused, and the call's write rolled back.
    let hello = format!("http://127.0.0.1:{port}/hello");
    let refused = host.post("/probe/fetch", &admin, json!({ "url": hello, "writeFirst": true })).await;
    assert_eq!(refused.code(), 400);
    assert!(refused.msg().contains("must come before the call's first write"), "{}", refused.msg());
    assert_eq!(host.get("/probe/notes", &admin).await.ok()["total"], 1, "the refused call changed nothing");
}

/// A call whose read snapshot went stale before its first write (another writer committed in
/// between) is run again from the start and its write lands: nobody sees an error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_gone_stale_before_the_first_write_run_the_call_again() {
    let (host, admin) = probe_host(PROBE).await;
    let mut writers = tokio::task::JoinSet::new();
    for i in 0..24 {
        let (base, admin) = (host.base.clone(), admin.clone());
        writers.spawn(async move {
            let client = reqwest::Client::new();
            let url = if i % 2 == 0 { format!("{base}/probe/notes") } else { format!("{base}/probe/count-then-add") };
            let res =
                client.post(url).header("authorization", admin).json(&json!({ "text": i.to_string() })).send().await;
            res.expect("answer").json::<Value>().await.expect("envelope")
        });
    }
    while let Some(answer) = writers.join_next().await {
        let answer = answer.expect("writer");
        assert_eq!(answer["code"], 200, "{answer}");
    }
    assert_eq!(host.get("/probe/notes", &admin).await.ok()["total"], 24, "every write landed once");
}

/// A cron schedule runs at its wall-clock time in its zone; a run missed while the
/// host was down runs once at start, and the next is at the schedule's next time.
#[tokio::test]
async fn a_cron_schedule_runs_at_its_time_and_a_missed_run_runs_once() {
    let (host, admin) = probe_host(PROBE).await;
    let db = common::database(&host.database_url).await;
    let next_run = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT next_run_at FROM plugin_schedule_runs WHERE plugin_id = 'probe' AND schedule = 'nightly' AND tenant_id = 0",
        )
        .fetch_optional(&db)
        .await
        .expect("row")
    };
    let at_three_in_berlin = |ms: i64| {
        let berlin = jiff::Timestamp::from_millisecond(ms).expect("time").in_tz("Europe/Berlin").expect("zone");
        (berlin.hour(), berlin.minute(), berlin.second()) == (3, 0, 0) && ms > console_host::db::now_ms()
    };
    let mut first = None;
    for _ in 0..40 {
        first = next_run().await;
        if first.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let first = first.expect("the schedule was planned");
    assert!(at_three_in_berlin(first), "planned for the next 03:00 in Berlin, not run at start");
    let nightly = || host.get("/probe/ticks?job=nightly", &admin);
    assert_eq!(nightly().await.ok()["total"], 0);

    // The host was down for two nights: the run is due, and runs once.
    let two_days_ago = console_host::db::now_ms() - 2 * 86_400_000;
    sqlx::query("UPDATE plugin_schedule_runs SET next_run_at = $1 WHERE plugin_id = 'probe' AND schedule = 'nightly'")
        .bind(two_days_ago)
        .execute(&db)
        .await
        .expect("update");
    let mut ran = 0;
    for _ in 0..40 {
        ran = nightly().await.ok()["total"].as_i64().unwrap_or(0);
        if ran > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(nightly().await.ok()["total"], 1, "missed runs run once, not once per missed night (ran {ran})");
    assert!(at_three_in_berlin(next_run().await.expect("row")), "then the next 03:00 in Berlin");
}

#[tokio::test]
async fn a_tampered_artefact_is_refused_at_load_and_the_host_still_starts() {
    let dir = tempfile::tempdir().expect("dir");
    let tampered = dir.path().join("probe.wasm");
    let mut bytes = std::fs::read(wasm("probe")).expect("probe");
    let original = console_host::plugins::installation::sha256_hex(&bytes);
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&tampered, bytes).expect("write");
    let mut probe = Install::probe(PROBE);
    probe.wasm = tampered;
    probe.sha256 = Some(original);
    let host = TestHost::start_with_plugins(&[Install::pet(), probe], |_| {}).await;
    let admin = host.admin().await;
    let list = host.post("/plugin-admin/plugins/list", &admin, json!({})).await;
    let statuses = list.ok().as_array().expect("list").clone();
    let probe = statuses.iter().find(|p| p["id"] == "probe").expect("probe listed");
    assert_eq!(probe["status"], "failed");
    assert!(probe["error"].as_str().unwrap_or("").contains("modified artefact is refused"), "{probe}");
    assert_eq!(host.get("/probe/version", &admin).await.code(), 404);
    assert_eq!(host.get("/pet-service/breeds", &admin).await.code(), 200, "the other plugins run");
}

/// A remote is pinned like an artefact: a remote modified before the start
/// refuses its plugin, and a file modified after it is not served.
#[tokio::test]
async fn a_modified_remote_is_refused_and_a_file_changed_later_is_not_served() {
    let remote = tempfile::tempdir().expect("dir");
    std::fs::write(remote.path().join("remoteEntry.js"), "export const get = () => {};\n").expect("write");
    std::fs::create_dir_all(remote.path().join("assets")).expect("dir");
    std::fs::write(remote.path().join("assets/page-abcdef12.js"), "export default 1;\n").expect("write");
    let mut pet = Install::pet();
    pet.remote = Some((remote.path().to_path_buf(), None));
    let host = TestHost::start_with_plugins(&[pet.clone()], |_| {}).await;
    let origin = host.base.trim_end_matches("/api").to_string();
    let get = |path: &str| reqwest::get(format!("{origin}/remotes/pet/{path}"));
    let served = get("assets/page-abcdef12.js").await.expect("sent");
    assert_eq!(served.status(), 200);
    assert!(served.headers()["content-type"].to_str().unwrap_or("").starts_with("text/javascript"));
    assert_eq!(get("remoteEntry.js").await.expect("sent").status(), 200);

    // Changed on disk after the start: no longer served. An unpinned file is not served either.
    std::fs::write(remote.path().join("remoteEntry.js"), "steal(localStorage.authorization);\n").expect("write");
    std::fs::write(remote.path().join("assets/extra.js"), "steal();\n").expect("write");
    assert_eq!(get("remoteEntry.js").await.expect("sent").status(), 404);
    assert_eq!(get("assets/extra.js").await.expect("sent").status(), 404);

    // Started with the modified remote under the old pin: the plugin is refused.
    let mut pinned_before = pet;
    pinned_before.remote = Some((remote.path().to_path_buf(), Some("0".repeat(64))));
    let refused = TestHost::start_with_plugins(&[pinned_before], |_| {}).await;
    let admin = refused.admin().await;
    let list = refused.post("/plugin-admin/plugins/list", &admin, json!({})).await;
    let pet = list.ok().as_array().and_then(|l| l.iter().find(|p| p["id"] == "pet")).cloned().expect("pet listed");
    assert_eq!(pet["status"], "failed");
    assert!(pet["error"].as_str().unwrap_or("").contains("modified remote is refused"), "{pet}");
}

#[tokio::test]
async fn a_plugin_built_for_an_incompatible_contract_is_refused_with_a_message() {
    let dir = tempfile::tempdir().expect("dir");
    let manifest = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/probe/plugin.toml"),
    )
    .expect("manifest")
    .replace("id = \"probe\"", "id = \"future\"")
    .replace("mount = \"probe\"", "mount = \"future\"")
    .replace("menu_id = 9000", "menu_id = 9100")
    .replace("menu_id = 9001\nparent = 9000", "menu_id = 9101\nparent = 9100")
    .replace("probe:", "future:");
    let manifest_path = dir.path().join("future.toml");
    std::fs::write(&manifest_path, manifest).expect("manifest");
    let future = Install {
        id: "future".into(),
        wasm: wasm("contract_future"),
        manifest: manifest_path,
        enabled_by_default: true,
        grants: String::new(),
        sha256: None,
        remote: None,
    };
    let host = TestHost::start_with_plugins(&[Install::pet(), future], |_| {}).await;
    let admin = host.admin().await;
    let list = host.post("/plugin-admin/plugins/list", &admin, json!({})).await;
    let statuses = list.ok().as_array().expect("list").clone();
    let future = statuses.iter().find(|p| p["id"] == "future").expect("listed");
    assert_eq!(future["status"], "failed");
    let error = future["error"].as_str().unwrap_or("");
    assert!(
        error.contains("console:plugin@9.0.0")
            && error.contains(&console_host::plugins::manifest::CONTRACT.to_string()),
        "{error}"
    );
    assert_eq!(host.get("/pet-service/breeds", &admin).await.code(), 200, "the host started");
}

#[tokio::test]
async fn hot_reload_serves_the_new_version_without_dropping_requests() {
    let (host, admin) = probe_host(PROBE).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut workers = Vec::new();
    for _ in 0..4 {
        let (base, admin, stop) = (host.base.clone(), admin.clone(), stop.clone());
        workers.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mut seen = Vec::new();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let res = client
                    .get(format!("{base}/probe/version"))
                    .header("authorization", &admin)
                    .send()
                    .await
                    .expect("answer");
                let body: serde_json::Value = res.json().await.expect("envelope");
                seen.push((body["code"].as_i64(), body["data"]["version"].as_str().map(str::to_string)));
            }
            seen
        }));
    }
    // The document is built once per set of builds: read (and kept) before the reload.
    let openapi = || async {
        reqwest::get(format!("{}/openapi.json", host.base)).await.expect("sent").text().await.expect("text")
    };
    assert!(openapi().await.contains("/api/probe/count-then-add"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut next = Install::probe(PROBE);
    next.wasm = wasm("probe_next");
    next.manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/probe-next/plugin.toml");
    write_plugins_toml(host.dir.path(), &[Install::pet(), next]);
    host.post("/plugin-admin/plugins/reload", &admin, json!({ "pluginId": "probe" })).await.ok();
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut all = Vec::new();
    for worker in workers {
        all.extend(worker.await.expect("worker"));
    }
    assert!(all.len() > 20, "{} requests", all.len());
    assert!(all.iter().all(|(code, _)| *code == Some(200)), "no request failed: {all:?}");
    assert!(all.iter().any(|(_, v)| v.as_deref() == Some("0.1.0")));
    assert!(all.iter().any(|(_, v)| v.as_deref() == Some("0.2.0")));
    assert_eq!(host.get("/probe/version", &admin).await.ok()["version"], "0.2.0");
    let list = host.post("/plugin-admin/plugins/list", &admin, json!({})).await;
    assert!(list.ok().to_string().contains("\"version\":\"0.2.0\""));
    assert!(!openapi().await.contains("/api/probe/count-then-add"), "the document shows the new build's routes");
}

#[tokio::test]
async fn schedules_run_for_each_tenant_that_enabled_the_plugin() {
    let (host, admin) = probe_host(PROBE).await;
    let (_, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    let (b, beta) = enterprise(&host, &admin, "Beta", 2).await;
    host.post(
        "/plugin-admin/plugins/enable",
        &admin,
        json!({ "pluginId": "probe", "tenantIds": [b], "enabled": false }),
    )
    .await
    .ok();
    let mut ticks = 0;
    for _ in 0..40 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        ticks = host.get("/probe/ticks", &alpha).await.ok()["total"].as_u64().unwrap_or(0);
        if ticks >= 2 {
            break;
        }
    }
    assert!(ticks >= 2, "the 1 s schedule ran repeatedly for Alpha: {ticks}");
    host.post(
        "/plugin-admin/plugins/enable",
        &admin,
        json!({ "pluginId": "probe", "tenantIds": [b], "enabled": true }),
    )
    .await
    .ok();
    let beta_ticks = host.get("/probe/ticks", &beta).await.ok()["total"].as_u64().unwrap_or(99);
    assert!(beta_ticks <= 1, "Beta had it disabled: {beta_ticks}");
}

#[tokio::test]
async fn published_events_reach_subscribers_after_commit_only() {
    let (host, admin) = probe_host(PROBE).await;
    host.post("/probe/publish", &admin, json!({ "topic": "probe.ping" })).await.ok();
    let mut heard = serde_json::Value::Null;
    for _ in 0..30 {
        heard = host.get("/probe/heard", &admin).await.ok().clone();
        if heard["total"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(heard["total"], 1, "{heard}");
    assert_eq!(heard["list"][0]["topic"], "probe.ping");
    assert_eq!(heard["list"][0]["payload"]["from"], "admin");
    let bad = host.post("/probe/publish", &admin, json!({ "topic": "no spaces allowed" })).await;
    assert_eq!(bad.code(), 400);
}

async fn heard_total(host: &TestHost, admin: &str, settle_ms: u64) -> u64 {
    tokio::time::sleep(Duration::from_millis(settle_ms)).await;
    host.get("/probe/heard", admin).await.ok()["total"].as_u64().unwrap_or(0)
}

/// Events are bounded and named: one request's cascade has one budget of deliveries, a plugin
/// publishes only under its own id, and it hears another plugin's topics only where the operator
/// granted them.
#[tokio::test]
async fn events_have_a_budget_a_publisher_and_granted_subscribers() {
    let (host, admin) = probe_host(PROBE).await;
    host.post("/probe/publish", &admin, json!({ "topic": "probe.ping", "times": 100 })).await.ok();
    assert_eq!(heard_total(&host, &admin, 1500).await, 64, "64 deliveries for the request's whole cascade");

    let forged = host.post("/probe/publish", &admin, json!({ "topic": "pet.created" })).await;
    assert_eq!(forged.code(), 400);
    assert!(forged.msg().contains("own id"), "{}", forged.msg());

    // The pet plugin's event: not heard without the grant, heard with it.
    for (grant, heard) in [("", 0), ("subscribe = [\"pet.*\"]", 1)] {
        let (host, admin) = probe_host(&format!("{PROBE}\n{grant}")).await;
        let breed = host.post("/pet-service/breeds", &admin, json!({ "breedName": "Ragdoll" })).await.ok()["id"]
            .as_str()
            .expect("breed")
            .to_string();
        let pet = json!({ "petName": "Mimi", "breedId": breed, "birthday": "2020-01-01", "sterilized": false, "weightKg": 4.2 });
        host.post("/pet-service/pets", &admin, pet).await.ok();
        assert_eq!(heard_total(&host, &admin, 800).await, heard, "grant `{grant}`");
    }
}

#[tokio::test]
async fn templates_render_strictly_and_large_responses_are_capped() {
    let (host, admin) = probe_host(PROBE).await;
    let ok = host
        .post("/probe/render", &admin, json!({ "template": "Hello {{ name }}!", "context": { "name": "Ann" } }))
        .await;
    assert_eq!(ok.ok(), "Hello Ann!");
    let undefined =
        host.post("/probe/render", &admin, json!({ "template": "Hello {{ nobody }}", "context": {} })).await;
    assert_eq!(undefined.code(), 400);
    let big = host.get("/probe/big", &admin).await;
    assert_eq!(big.code(), 500, "5 MiB is over the 1 MiB grant");

    let (no_template, admin) = probe_host("timeout_ms = 1000").await;
    let refused = no_template.post("/probe/render", &admin, json!({ "template": "x", "context": {} })).await;
    assert!(refused.msg().contains("not granted"), "{}", refused.msg());
}

#[tokio::test]
async fn plugin_writes_are_in_the_operation_records_with_the_manifest_route() {
    let (host, admin) = probe_host(PROBE).await;
    host.post("/pet-service/breeds", &admin, json!({ "breedName": "Ragdoll" })).await.ok();
    let records =
        host.post("/authority-service/authority/operateRecord/list", &admin, json!({ "keyword": "breed" })).await;
    let data = records.ok();
    let plugin_audit = data["list"].as_array().expect("rows").iter().find(|r| r["path"] == "plugin:pet").cloned();
    let route = data["list"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["path"] == "/pet-service/breeds")
        .cloned()
        .expect("route record");
    assert_eq!((route["operation"].as_str(), route["action"].as_str()), (Some("Add a breed"), Some("pet:breed:add")));
    assert!(plugin_audit.is_some(), "the plugin's own audit entry: {data}");
}

#[tokio::test]
async fn the_shell_receives_its_tenants_events_live_over_a_websocket() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;

    let (host, admin) = probe_host(PROBE).await;
    let (_, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    let (_, beta) = enterprise(&host, &admin, "Beta", 2).await;
    let connect = |token: String| {
        let url = host.base.replace("http://", "ws://") + "/events/ws";
        async move {
            let mut request = url.into_client_request().expect("request");
            request
                .headers_mut()
                .insert("sec-websocket-protocol", format!("console.v1, {token}").parse().expect("header"));
            let (socket, response) = tokio_tungstenite::connect_async(request).await.expect("websocket");
            assert_eq!(
                response.headers().get("sec-websocket-protocol").map(|v| v.as_bytes()),
                Some(&b"console.v1"[..])
            );
            socket
        }
    };
    let mut alpha_socket = connect(alpha.clone()).await;
    let mut beta_socket = connect(beta.clone()).await;
    host.post("/probe/publish", &alpha, json!({ "topic": "probe.ping" })).await.ok();
    let frame = tokio::time::timeout(Duration::from_secs(3), alpha_socket.next()).await.expect("an event in time");
    let event: serde_json::Value =
        serde_json::from_str(frame.expect("frame").expect("ok").to_text().expect("text")).expect("json");
    assert_eq!((event["topic"].as_str(), event["plugin"].as_str()), (Some("probe.ping"), Some("probe")));
    let other = tokio::time::timeout(Duration::from_millis(500), beta_socket.next()).await;
    assert!(other.is_err(), "Beta does not see Alpha's events");

    let url = host.base.replace("http://", "ws://") + "/events/ws";
    assert!(tokio_tungstenite::connect_async(url).await.is_err(), "no session, no socket");

    // A user of Alpha who may see none of the probe's pages gets none of its events.
    let alpha_id = host.post("/authority-service/tenantInfo/page", &admin, json!({ "tenantName": "Alpha" })).await.ok()
        ["list"][0]["id"]
        .as_i64()
        .expect("alpha")
        .to_string();
    let role = host.create_role(&admin, &alpha_id, "Pets only", "ordinary", &["pet:breed:view"]).await;
    host.create_account(&admin, &alpha_id, "pets-only", &[role]).await;
    let pets_only = host.login("pets-only", USER_PASSWORD).await;
    let mut pets_socket = connect(pets_only.clone()).await;
    host.post("/probe/publish", &alpha, json!({ "topic": "probe.ping" })).await.ok();
    tokio::time::timeout(Duration::from_secs(3), alpha_socket.next()).await.expect("Alpha's admin sees it");
    let unseen = tokio::time::timeout(Duration::from_millis(500), pets_socket.next()).await;
    assert!(unseen.is_err(), "no probe page, no probe event: {unseen:?}");

    // Signing out ends the socket too.
    host.post("/authority-service/authority/loginOut", &alpha, json!({})).await.ok();
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(frame)) = alpha_socket.next().await {
            if frame.is_close() {
                break;
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the socket of a signed-out session is closed");
}

/// An event socket is no pass kept from the moment it opened: once the user's role loses the
/// plugin's actions (his calls are refused), its events stop at once. And one session holds a
/// few sockets (the shell opens one per tab), not thousands.
#[tokio::test]
async fn an_event_socket_follows_its_users_rights_and_a_session_holds_a_few() {
    let (host, admin) = probe_host(PROBE).await;
    let (tenant, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    let role = host.create_role(&admin, &tenant.to_string(), "Probers", "ordinary", &["probe:write"]).await;
    host.create_account(&admin, &tenant.to_string(), "prober", &[role]).await;
    let prober = host.login("prober", USER_PASSWORD).await;
    let mut socket = host.console_socket(&prober).await;
    host.post("/probe/publish", &alpha, json!({ "topic": "probe.ping" })).await.ok();
    assert!(socket.next(Duration::from_secs(3)).await.is_some(), "seen while he may");

    let grant = json!({ "id": role, "buttonIds": [] });
    host.post_as("/authority-service/role/grant", &admin, &tenant.to_string(), grant).await.ok();
    assert_eq!(host.post("/probe/publish", &prober, json!({ "topic": "probe.ping" })).await.code(), 403);
    host.post("/probe/publish", &alpha, json!({ "topic": "probe.ping" })).await.ok();
    let after = socket.next(Duration::from_secs(1)).await;
    assert!(after.is_none(), "no probe action, no probe event: {after:?}");

    let mut held = Vec::new();
    for _ in 0..console_host::api::live::PER_SESSION - 1 {
        held.push(host.console_socket(&alpha).await);
    }
    let url = host.base.replace("http://", "ws://") + "/events/ws";
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url).expect("request");
    request.headers_mut().insert("sec-websocket-protocol", format!("console.v1, {alpha}").parse().expect("header"));
    let refused = tokio_tungstenite::connect_async(request.clone()).await;
    assert!(refused.is_ok(), "the eighth socket of the session opens");
    let refused = tokio_tungstenite::connect_async(request.clone()).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => assert_eq!(response.status().as_u16(), 429),
        other => panic!("the ninth socket of one session is refused: {:?}", other.map(|_| ())),
    }
    drop(held);
}

#[tokio::test]
async fn the_scaffolded_plugin_builds_and_serves_its_page() {
    let scaffold = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/scaffold/scaffold-demo");
    let demo = Install {
        id: "scaffold-demo".into(),
        wasm: wasm("scaffold_demo"),
        manifest: scaffold.join("plugin.toml"),
        enabled_by_default: true,
        grants: String::new(),
        sha256: None,
        remote: None,
    };
    let host = TestHost::start_with_plugins(&[demo], |_| {}).await;
    let admin = host.admin().await;
    assert_eq!(host.post("/scaffold-demo/items", &admin, json!({})).await.data()["field"], "name");
    host.post("/scaffold-demo/items", &admin, json!({ "name": "first" })).await.ok();
    assert_eq!(host.get("/scaffold-demo/items", &admin).await.ok()["total"], 1);
    let menus = host.post("/authority-service/authority/getUserMenu", &admin, json!({})).await;
    assert!(menus.ok().to_string().contains("/scaffold-demo/items"));
}

/// One call cannot fill the operation records, nor keep a secret in them.
#[tokio::test]
async fn a_call_writes_a_bounded_number_of_audit_records_with_secrets_masked() {
    let (host, admin) = probe_host(PROBE).await;
    host.post("/probe/flood", &admin, json!({ "times": 1000 })).await.ok();
    let records = host
        .post("/authority-service/authority/operateRecord/list", &admin, json!({ "keyword": "flood", "pageSize": 500 }))
        .await;
    let list = records.ok()["list"].as_array().expect("records").clone();
    let from_plugin: Vec<&Value> = list.iter().filter(|r| r["method"] == "PLUGIN").collect();
    assert_eq!(from_plugin.len(), 100, "at most 100 records a call");
    assert!(!records.body.to_string().contains("hunter2-secret"), "the password in a detail is masked");
}

/// A tenant's template cannot take the host's memory: the attack that
/// allocated 6 GB is refused by the bound it broke, and the host goes on.
#[tokio::test]
async fn a_template_that_would_allocate_gigabytes_is_refused() {
    let (host, admin) = probe_host(PROBE).await;
    for (template, bound) in [
        (r#"{{ "a"|indent(6500000000) }}"#, "indent width at most 64"),
        (r#"{{ "x" * 100000000 }}"#, "`*` is not available"),
    ] {
        let answer = host.post("/probe/render", &admin, json!({ "template": template, "context": {} })).await;
        assert_eq!(answer.code(), 400, "{template}: {:?}", answer.body);
        assert!(answer.msg().contains(bound), "{template}: {}", answer.msg());
    }
    assert_eq!(host.get("/probe/version", &admin).await.code(), 200);
}

/// Files follow the call's transaction, and a plugin's files for a tenant stay within the
/// operator's quota.
#[tokio::test]
async fn files_of_a_refused_call_are_not_kept_and_quotas_hold() {
    let (host, admin) = probe_host(&format!("{PROBE}\nmax_files_mib = 1")).await;
    let refused = host.post("/probe/files-then-fail/kept.txt", &admin, json!({ "content": "should vanish" })).await;
    assert_eq!(refused.code(), 400);
    assert!(host.get("/probe/files/kept.txt", &admin).await.ok()["content"].is_null(), "the file went with the call");

    let big = "x".repeat(700 * 1024);
    host.post("/probe/files/a.txt", &admin, json!({ "content": big })).await.ok();
    assert_eq!(host.get("/probe/files/a.txt", &admin).await.ok()["content"].as_str().map(str::len), Some(big.len()));
    let over = host.post("/probe/files/b.txt", &admin, json!({ "content": big })).await;
    assert_eq!(over.code(), 400, "{:?}", over.msg());
    assert!(over.msg().contains("quota"), "{}", over.msg());
    host.post("/probe/files/a.txt", &admin, json!({ "content": big })).await.ok();
}

#[tokio::test]
async fn every_page_tells_the_whole_total_full_or_not_first_or_past_the_end() {
    let (host, admin) = probe_host(PROBE).await;
    for n in 0..5 {
        host.post("/probe/notes", &admin, json!({ "text": format!("note {n}") })).await.ok();
    }
    // A page that is not full knows the total without counting; a full one and one past the
    // end count (the count is skipped when it can be).
    for (page, size, rows) in [(1, 10, 5), (1, 5, 5), (1, 2, 2), (2, 2, 2), (3, 2, 1), (4, 2, 0), (1, 4, 4), (2, 4, 1)]
    {
        let answer = host.get(&format!("/probe/notes?page={page}&pageSize={size}"), &admin).await;
        let list = answer.ok();
        assert_eq!(
            (list["total"].as_u64(), list["list"].as_array().map(Vec::len)),
            (Some(5), Some(rows)),
            "page {page} of {size}"
        );
    }
}

#[tokio::test]
async fn records_loaded_in_bulk_are_the_plugins_records_batch_after_batch() {
    // The bench's loader (one statement per 10,000 records), on the host's database before
    // anything was read through the host.
    let (host, admin) = probe_host(PROBE).await;
    let db = console_host::db::Db::open(&host.database_url).await.expect("database");
    let notes = (0..10_050)
        .map(|n| json!({ "text": if n % 10 == 0 { "milk".to_string() } else { format!("bulk {n}") } }).to_string());
    assert_eq!(db.bulk_insert_records("probe", "notes", 0, notes).await.expect("loaded"), 10_050);
    let answer = host.get("/probe/notes?page=2&pageSize=20", &admin).await;
    let page = answer.ok();
    assert_eq!(page["total"], 10_050);
    assert_eq!(page["list"].as_array().map(Vec::len), Some(20));
    assert_eq!(count_notes(&host, &admin, "milk").await, 1_005, "every tenth, across both batches");
    assert_eq!(count_notes(&host, &admin, "bulk 10049").await, 1, "the last record of the second batch");
}

#[tokio::test]
async fn a_count_by_an_indexed_field_follows_inserts_updates_deletes_and_enterprises() {
    let (host, admin) = probe_host(PROBE).await;
    let (_, alpha) = enterprise(&host, &admin, "Alpha", 1).await;
    let mut ids = Vec::new();
    for text in ["milk", "milk", "bread"] {
        ids.push(host.post("/probe/notes", &admin, json!({ "text": text })).await.ok()["id"].clone());
    }
    host.post("/probe/notes", &alpha, json!({ "text": "milk" })).await.ok();
    assert_eq!(count_notes(&host, &admin, "milk").await, 2);
    assert_eq!(count_notes(&host, &alpha, "milk").await, 1, "each enterprise counts its own");
    overwrite_note(&host, &admin, &ids[0]).await;
    assert_eq!(count_notes(&host, &admin, "milk").await, 1, "an update moves the record's value");
    assert_eq!(count_notes(&host, &admin, "overwritten").await, 1);
    host.call(Method::DELETE, &format!("/probe/notes/{}", ids[0].as_str().expect("id")), Some(&admin), &[], None)
        .await
        .ok();
    assert_eq!(count_notes(&host, &admin, "overwritten").await, 0, "a deleted record is not counted");

    // PostgreSQL reads totals from rows of +n and -n per value (migration 0017) that the host
    // folds into one a value within a second; the totals are the same before and after.
    if common::on_postgres() {
        let db = common::database(&host.database_url).await;
        let unsettled = || async {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM plugin_key_counts WHERE field = 'text' AND NOT settled")
                .fetch_one(&db)
                .await
                .expect("counts")
        };
        let started = std::time::Instant::now();
        while unsettled().await > 0 {
            assert!(started.elapsed() < std::time::Duration::from_secs(10), "the host folds the counts");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let folded: Vec<(String, i64)> = sqlx::query_as(
            "SELECT CAST(value AS TEXT), records FROM plugin_key_counts WHERE field = 'text' ORDER BY tenant_id, value",
        )
        .fetch_all(&db)
        .await
        .expect("counts");
        let folded: Vec<(&str, i64)> = folded.iter().map(|(v, n)| (v.as_str(), *n)).collect();
        assert_eq!(folded, [("\"bread\"", 1), ("\"milk\"", 1), ("\"milk\"", 1)], "no row for a value none holds");
        assert_eq!(count_notes(&host, &admin, "milk").await, 1);
        assert_eq!(count_notes(&host, &alpha, "milk").await, 1);
        // A record written again with the same value adds no rows at all.
        overwrite_note(&host, &admin, &ids[1]).await;
        overwrite_note(&host, &admin, &ids[1]).await;
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM plugin_key_counts WHERE field = 'text'")
            .fetch_one(&db)
            .await
            .expect("counts");
        assert!(rows <= 5, "milk -1 and overwritten +1 once, nothing for the second write ({rows} rows)");
        assert_eq!(count_notes(&host, &admin, "milk").await, 0);
        assert_eq!(count_notes(&host, &admin, "overwritten").await, 1);
    }

    // PostgreSQL counts from a table of indexed values (migration 0012): a host that finds it
    // empty (records stored before the field was indexed) fills it in at load.
    if common::on_postgres() {
        let db = common::database(&host.database_url).await;
        for table in ["plugin_key_fields", "plugin_record_keys"] {
            sqlx::query(&format!("DELETE FROM {table}")).execute(&db).await.expect("emptied");
        }
        let url = host.database_url.clone();
        let second =
            TestHost::start_with_plugins(&[Install::pet(), Install::probe(PROBE)], |c| c.database_url = url).await;
        assert_eq!(second.get("/probe/notes/count?text=overwritten", &admin).await.ok()["total"], 1);
        assert_eq!(second.get("/probe/notes/count?text=bread", &admin).await.ok()["total"], 1);
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM plugin_record_keys WHERE field = 'text'")
            .fetch_one(&db)
            .await
            .expect("keys");
        assert_eq!(kept, 3, "the values of the three notes left");
    }
}

/// The probe's PUT: the note's text becomes "overwritten".
async fn overwrite_note(host: &TestHost, token: &str, id: &serde_json::Value) {
    let path = format!("/probe/notes/{}", id.as_str().expect("id"));
    host.call(Method::PUT, &path, Some(token), &[], Some(json!({}))).await.ok();
}

async fn count_notes(host: &TestHost, token: &str, text: &str) -> serde_json::Value {
    host.get(&format!("/probe/notes/count?text={text}"), token).await.ok()["total"].clone()
}
