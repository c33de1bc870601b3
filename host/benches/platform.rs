//! `make bench`: the plugin platform's figures, measured side by side in one run.
//!
//! - requests/s and p50/p99 of a plugin route vs. the equivalent native route, both behind the
//!   same guard (session, tenant, permission), same client, alternating rounds;
//! - the request path: a plugin list route, `getUserMenu` and `openapi.json` beside a bare axum
//!   route answering the same bytes; 16 writers through a plugin; a kept-alive static file beside
//!   an API answer;
//! - per-request instantiation time of a plugin;
//! - a paged, indexed query through the pet plugin over 1,000,000 stored records;
//! - host start time with a cold and a warm compile cache, and its RSS after a burst of calls;
//! - 10,000 devices over MQTT on one host, with the embedded gateway and through Mosquitto,
//!   beside the HTTP device path (`platform/mqtt.rs`);
//! - 50,000 idle MQTT sessions, and a device's history among 100,000,000 points with a day
//!   dropped under load (`platform/fleet.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use axum::http::Method;
use console_host::Config;
use console_host::api::{Envelope, Perm, RouteSpec};
use console_host::plugins::bindings::console::plugin::types;
use console_host::plugins::installation::sha256_hex;
use console_host::plugins::runtime::{CallContext, EventBudget, Finished, Invocation, Returned};
use serde_json::{Value, json};

#[path = "platform/fleet.rs"]
mod fleet;
#[path = "../tests/common/mosquitto.rs"]
mod mosquitto;
#[path = "platform/mqtt.rs"]
mod mqtt;
#[path = "../tests/common/ports.rs"]
mod ports;

const ADMIN_PASSWORD: &str = "Admin#2026";
const CONCURRENCY: usize = 16;
const ROUND: Duration = Duration::from_secs(2);
/// `BENCH_RECORDS` overrides it for a quick run.
fn records() -> usize {
    std::env::var("BENCH_RECORDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000)
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn wasm(name: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| repo().join("target"));
    target.join("wasm32-wasip2/release").join(format!("{name}.wasm"))
}

fn plugins_toml(dir: &Path) -> PathBuf {
    let mut text = String::new();
    // The product plugin as plugins.toml grants it: SN groups of 100,000 take seconds.
    let product = "timeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384\nuses = [\"peer\"]\n";
    let peer = "uses = [\"peer\"]\n";
    let device = "uses = [\"product-service\"]\n";
    for (id, artefact, manifest, grants) in [
        ("pet", wasm("pet"), repo().join("plugins/pet/plugin.toml"), peer),
        ("probe", wasm("probe"), repo().join("host/tests/fixtures/probe/plugin.toml"), peer),
        ("peer", wasm("peer"), repo().join("host/tests/fixtures/peer/plugin.toml"), peer),
        ("product", wasm("product"), repo().join("plugins/product/plugin.toml"), product),
        ("device", wasm("device"), repo().join("plugins/device/plugin.toml"), device),
        ("upgrade", wasm("upgrade"), repo().join("plugins/upgrade/plugin.toml"), device),
        ("app", wasm("app"), repo().join("plugins/app/plugin.toml"), device),
        (
            "customer-service",
            wasm("customer_service"),
            repo().join("plugins/customer-service/plugin.toml"),
            SERVICE_GRANTS,
        ),
        ("dashboard", wasm("dashboard"), repo().join("plugins/dashboard/plugin.toml"), DASHBOARD_GRANTS),
    ] {
        let bytes =
            std::fs::read(&artefact).unwrap_or_else(|e| panic!("{}: {e} (make test-plugins)", artefact.display()));
        text.push_str(&format!(
            "[[plugin]]\nid = \"{id}\"\nmanifest = {manifest:?}\nartefact = {artefact:?}\nsha256 = \"{}\"\nenabled_by_default = true\n[plugin.grants]\nevents = true\ntemplate = true\nfiles = true\nmax_upload_mib = 1024\n{grants}\n",
            sha256_hex(&bytes)
        ));
    }
    let path = dir.join("plugins.toml");
    std::fs::write(&path, text).expect("plugins.toml");
    path
}

const UPLOAD_BYTES: usize = 256 << 20;
const DASHBOARD_GRANTS: &str =
    "uses = [\"device-service\", \"product-service\", \"app-service\", \"customer-service\"]\n";
const SERVICE_GRANTS: &str = "uses = [\"product-service\", \"app-service\", \"device-service\"]\ntimeout_ms = 30000\n";
/// Chats at once in the chat section (`BENCH_CHATS` overrides it), and the seats that take them.
fn chat_count() -> usize {
    std::env::var("BENCH_CHATS").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}
const AGENTS: usize = 10;

/// The best of three: a 256 MiB upload to the probe's `firmware` purpose, and the same bytes
/// written in 1 MiB chunks to a file beside the object store.
async fn upload_against_disk(client: &reqwest::Client, base: &str, token: &str, dir: &Path) -> (Duration, Duration) {
    use tokio::io::AsyncWriteExt as _;
    let chunk: bytes::Bytes = (0..1 << 20).map(|i: usize| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let (mut best_upload, mut best_write) = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        let parts = std::iter::repeat_n(chunk.clone(), UPLOAD_BYTES >> 20).map(Ok::<_, std::io::Error>);
        let started = Instant::now();
        let answer: Value = client
            .post(format!("{base}/files/upload/probe/firmware?fileName=bench.bin"))
            .header("authorization", token)
            .header("content-length", UPLOAD_BYTES.to_string())
            .body(reqwest::Body::wrap_stream(futures_util::stream::iter(parts)))
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("envelope");
        best_upload = best_upload.min(started.elapsed());
        assert_eq!(answer["code"], 200, "{answer}");

        let path = dir.join("plain-write.bin");
        let started = Instant::now();
        let mut file = tokio::fs::File::create(&path).await.expect("file");
        for _ in 0..UPLOAD_BYTES >> 20 {
            file.write_all(&chunk).await.expect("write");
        }
        file.flush().await.expect("flush");
        drop(file);
        best_write = best_write.min(started.elapsed());
        std::fs::remove_file(path).expect("removed");
    }
    (best_upload, best_write)
}

/// The platform administrator's `GET path` to the probe, as the host hands it to the plugin.
fn admin_get(i: usize, path: &str) -> (CallContext, types::Request) {
    let context = CallContext {
        tenant_id: 0,
        user_id: 1,
        platform_user: true,
        user_name: "admin".into(),
        lang: "en".into(),
        actions: vec!["probe:use".into()],
        request_id: i.to_string(),
        cascade: EventBudget::new(),
        decision: None,
        client_address: "127.0.0.1".into(),
        sealed: Default::default(),
        user_actions: None,
    };
    let request = types::Request {
        method: "GET".into(),
        path: path.into(),
        query: Vec::new(),
        body: "null".into(),
        context: context.to_wit(),
    };
    (context, request)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

struct Load {
    requests: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Load {
    fn rps(&self) -> f64 {
        self.requests as f64 / self.elapsed.as_secs_f64()
    }
    fn merge(&mut self, other: Load) {
        self.requests += other.requests;
        self.elapsed += other.elapsed;
        self.latencies.extend(other.latencies);
    }
}

/// A request the load sends again and again.
type Request = std::sync::Arc<dyn Fn(&reqwest::Client) -> reqwest::RequestBuilder + Send + Sync>;

/// `GET url` as `token`.
fn get(url: &str, token: &str) -> Request {
    let (url, token) = (url.to_string(), token.to_string());
    std::sync::Arc::new(move |client: &reqwest::Client| client.get(&url).header("authorization", &token))
}

/// `POST url {}` as `token`.
fn post(url: &str, token: &str) -> Request {
    let (url, token) = (url.to_string(), token.to_string());
    std::sync::Arc::new(move |client: &reqwest::Client| {
        client.post(&url).header("authorization", &token).header("content-type", "application/json").body("{}")
    })
}

/// How long `request` takes, its whole answer read.
async fn timed(client: &reqwest::Client, request: &Request) -> Duration {
    let sent = Instant::now();
    request(client).send().await.expect("answer").bytes().await.expect("body");
    sent.elapsed()
}

/// `CONCURRENCY` clients sending `request` for `ROUND`; a JSON answer must be a success envelope.
async fn load(client: &reqwest::Client, request: &Request) -> Load {
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..CONCURRENCY {
        let (client, request) = (client.clone(), request.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            while started.elapsed() < ROUND {
                let sent = Instant::now();
                let res = request(&client).send().await.expect("answer");
                assert!(res.status().is_success(), "{}", res.status());
                let json =
                    res.headers().get("content-type").is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
                let body = res.bytes().await.expect("body");
                if json {
                    let envelope: Value = serde_json::from_slice(&body).expect("json");
                    assert!(envelope.get("code").is_none_or(|code| code == 200), "{envelope}");
                }
                latencies.push(sent.elapsed());
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.expect("client"));
    }
    latencies.sort();
    Load { requests: latencies.len(), elapsed: started.elapsed(), latencies }
}

/// Alternating rounds of each request after a warm-up, merged per request.
async fn side_by_side(client: &reqwest::Client, requests: &[&Request]) -> Vec<Load> {
    for request in requests {
        load(client, request).await;
    }
    let mut loads: Vec<Load> =
        requests.iter().map(|_| Load { requests: 0, elapsed: Duration::ZERO, latencies: Vec::new() }).collect();
    for _ in 0..3 {
        for (request, total) in requests.iter().zip(loads.iter_mut()) {
            total.merge(load(client, request).await);
        }
    }
    loads.iter_mut().for_each(|l| l.latencies.sort());
    loads
}

type Twins = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, axum::body::Bytes>>>;

/// `/bare/<name>`: the bytes kept under `name`, as JSON, with nothing in front.
async fn bare_twin(
    axum::extract::Path(name): axum::extract::Path<String>,
    axum::Extension(twins): axum::Extension<Twins>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let body = twins.lock().expect("twins").get(&name).cloned().unwrap_or_default();
    ([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Prints loads as rows beside the first (its ratio to it).
fn print_beside_first(title: &str, labels: &[&str], loads: &[Load]) {
    println!("\n{title:<44} {:>12} {:>10} {:>10} {:>10}", "requests/s", "p50", "p99", "vs first");
    for (label, load) in labels.iter().zip(loads) {
        println!(
            "{label:<44} {:>12.0} {:>10} {:>10} {:>9.3}x",
            load.rps(),
            ms(percentile(&load.latencies, 0.5)),
            ms(percentile(&load.latencies, 0.99)),
            load.rps() / loads[0].rps()
        );
    }
}

async fn native_version() -> Envelope<Value> {
    Envelope(json!({ "version": "0.1.0" }))
}

async fn login(client: &reqwest::Client, base: &str) -> String {
    let res = client
        .post(format!("{base}/authority-service/authority/login"))
        .json(&json!({ "userName": "admin", "password": ADMIN_PASSWORD }))
        .send()
        .await
        .expect("login");
    let body: Value = res.json().await.expect("json");
    body["data"]["token"].as_str().expect("token").to_string()
}

/// Every plugin of the project's `plugins.toml`, pinned as `make run` pins them.
fn all_plugins_toml(dir: &Path) -> PathBuf {
    let path = dir.join("all-plugins.toml");
    let pinned = Command::new(env!("CARGO_BIN_EXE_console-host"))
        .arg("--plugins")
        .arg(repo().join("plugins.toml"))
        .arg("--pin-plugins")
        .arg("--pin-into")
        .arg(&path)
        .stdout(Stdio::null())
        .status()
        .expect("pin plugins");
    assert!(pinned.success(), "pinning the project's plugins (make plugins)");
    path
}

/// Starts the release binary and returns (time until it answers, RSS in KiB after a burst of calls).
async fn start_binary(dir: &Path, cache: &Path, plugins: &Path) -> (Duration, u64) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("port").local_addr().expect("addr").port();
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_console-host"))
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .arg("--data-dir")
        .arg(dir)
        .arg("--database-url")
        .arg(format!("sqlite://{}", dir.join("console.db").display()))
        .arg("--cache-dir")
        .arg(cache)
        .arg("--plugins")
        .arg(plugins)
        .env("CONSOLE_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("host binary");
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}/api");
    let up = loop {
        if client.get(format!("{base}/openapi.json")).send().await.is_ok_and(|r| r.status().is_success()) {
            break started.elapsed();
        }
        assert!(started.elapsed() < Duration::from_secs(120), "host did not start");
        tokio::time::sleep(Duration::from_millis(2)).await;
    };
    let token = login(&client, &base).await;
    for _ in 0..20 {
        client.get(format!("{base}/pet-service/breeds")).header("authorization", &token).send().await.ok();
        client.get(format!("{base}/probe/version")).header("authorization", &token).send().await.ok();
    }
    // A burst: 64 clients at once, 20 plugin calls each (every pooled instance slot gets used).
    let burst: Vec<_> = (0..64)
        .map(|_| {
            let (client, base, token) = (client.clone(), base.clone(), token.clone());
            tokio::spawn(async move {
                for _ in 0..20 {
                    client.get(format!("{base}/pet-service/breeds")).header("authorization", &token).send().await.ok();
                }
            })
        })
        .collect();
    for task in burst {
        task.await.ok();
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok());
    child.kill().ok();
    child.wait().ok();
    (up, rss.unwrap_or(0))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = tempfile::tempdir().expect("dir");
    let cache = dir.path().join("cache");
    let mut config = Config::with_data_dir(dir.path().join("inproc"));
    config.admin_password = Some(ADMIN_PASSWORD.into());
    config.render_program = Some(env!("CARGO_BIN_EXE_console-host").into());
    // As behind a load balancer: the chat users report addresses of their own.
    config.trusted_proxies = vec!["127.0.0.0/8".parse().expect("loopback")];
    config.plugins = plugins_toml(dir.path());
    config.cache_dir = Some(cache.clone());
    // A shell with one hashed 100 KB script, as the console's own chunks are.
    let shell = dir.path().join("shell");
    std::fs::create_dir_all(shell.join("assets")).expect("shell");
    std::fs::write(shell.join("index.html"), "<!doctype html><title>Console</title>").expect("index");
    std::fs::write(shell.join("assets/index-abcdef12.js"), format!("export const x='{}';", "x".repeat(100_000)))
        .expect("asset");
    config.shell_dir = shell;
    let state = console_host::prepare(config).await.expect("host");
    // Bare twins: the same bytes as an API answer, from a plain axum route (no guard, no layers).
    let twins: Twins = Default::default();
    let app = console_host::app_with(state.clone(), |api| {
        api.route(
            RouteSpec::read(Method::GET, "/bench/native/version", Perm::SignedIn, "Native twin of /probe/version"),
            native_version,
        )
    })
    .route("/bare/{name}", axum::routing::any(bare_twin))
    .layer(axum::Extension(twins.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(console_host::serve(listener, app, std::future::pending()));
    let base = format!("http://{addr}/api");
    let client = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY).build().expect("client");
    let token = login(&client, &base).await;

    println!(
        "Device Console platform benchmark ({} cores, {CONCURRENCY} concurrent clients, {ROUND:?} rounds)\n",
        num_cpus()
    );

    // 1. Plugin route vs native route, alternating rounds after a warm-up.
    let native_url = format!("{base}/bench/native/version");
    let plugin_url = format!("{base}/probe/version");
    let mut loads = side_by_side(&client, &[&get(&native_url, &token), &get(&plugin_url, &token)]).await.into_iter();
    let (native, plugin) = (loads.next().expect("native"), loads.next().expect("plugin"));
    println!("{:<44} {:>14} {:>14} {:>10}", "route (same guard, same client)", "native", "plugin", "plugin/native");
    println!(
        "{:<44} {:>14.0} {:>14.0} {:>10.2}x",
        "requests/s",
        native.rps(),
        plugin.rps(),
        plugin.rps() / native.rps()
    );
    for (label, p) in [("p50 latency", 0.50), ("p99 latency", 0.99)] {
        let (n, w) = (percentile(&native.latencies, p), percentile(&plugin.latencies, p));
        println!("{label:<44} {:>14} {:>14} {:>10.2}x", ms(n), ms(w), w.as_secs_f64() / n.as_secs_f64());
    }
    // `BENCH_ONLY=assets make bench`: the bytes of a first console load alone.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "assets") {
        first_console_load(&state).await;
        return;
    }
    // `BENCH_ONLY=devices make bench`: the device section alone, beside the same plugin route.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "devices") {
        devices(&state.db, &base, &token, plugin.rps()).await;
        return;
    }
    // `BENCH_ONLY=dashboards make bench`: the dashboards' page views and the rollup's cost.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "dashboards") {
        dashboards(&state.db, &base, &token).await;
        return;
    }
    // `BENCH_ONLY=mqtt make bench`: 10,000 devices over MQTT beside HTTP.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "mqtt") {
        mqtt::mqtt(dir.path(), &cache, &dir.path().join("plugins.toml")).await;
        return;
    }
    // `BENCH_ONLY=idle make bench`: 50,000 MQTT sessions that only keep alive.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "idle") {
        fleet::idle(dir.path(), &cache, &dir.path().join("plugins.toml")).await;
        return;
    }
    // `BENCH_ONLY=history make bench`: a device's history among 100,000,000 points, a day dropped.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "history") {
        fleet::history(&state.db, &base, &token).await;
        if let Ok(server) = std::env::var("CONSOLE_TEST_POSTGRES") {
            let (pg_base, pg_db) = postgres_host(&server, dir.path(), "history").await;
            let pg_token = login(&client, &pg_base).await;
            fleet::history(&pg_db, &pg_base, &pg_token).await;
        }
        return;
    }
    // `BENCH_ONLY=chat make bench`: chat round trips alone.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "chat") {
        chats(&state.db, &base, &token).await;
        return;
    }
    // `BENCH_ONLY=writers make bench`: 16 writers through a plugin, on SQLite and PostgreSQL.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "writers") {
        let add_breed = adding_breeds(&base, &token);
        let loads = side_by_side(&client, &[&get(&plugin_url, &token), &add_breed]).await;
        print_beside_first(
            "writers through a plugin (SQLite)",
            &["a plugin read (probe version, no store)", "add a breed (16 writers, a transaction each)"],
            &loads,
        );
        if let Ok(server) = std::env::var("CONSOLE_TEST_POSTGRES") {
            let (pg_base, _) = postgres_host(&server, dir.path(), "writers").await;
            let pg_token = login(&client, &pg_base).await;
            writers_beside_postgres(&client, &add_breed, &pg_base, &pg_token).await;
        }
        return;
    }
    // `BENCH_ONLY=paged make bench`: the paged queries alone, on both engines (with
    // `BENCH_RECORDS=10000000` for ten million); `paged-postgres` on PostgreSQL only.
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    if only == "paged" || only == "paged-postgres" {
        if only == "paged" {
            let (query_times, sn_times) = paged_queries(&client, &state.db, &base, &token).await;
            print_queries("SQLite", &query_times, &sn_times);
        }
        if let Ok(server) = std::env::var("CONSOLE_TEST_POSTGRES") {
            let (pg_base, pg_db) = postgres_host(&server, dir.path(), "paged").await;
            let pg_token = login(&client, &pg_base).await;
            let (query_times, sn_times) = paged_queries(&client, &pg_db, &pg_base, &pg_token).await;
            print_queries("PostgreSQL", &query_times, &sn_times);
        }
        return;
    }
    // `BENCH_ONLY=search make bench`: full-text search alone, on both engines.
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "search") {
        search_both(&client, &base, &token, dir.path()).await;
        return;
    }

    // 1a. The request path: authenticated routes beside a bare axum route answering
    // the same bytes without auth, and a kept-alive static file beside an API answer.
    for n in 0..10 {
        let breed = json!({ "breedName": format!("Breed {n}") });
        client
            .post(format!("{base}/pet-service/breeds"))
            .header("authorization", &token)
            .json(&breed)
            .send()
            .await
            .expect("breed");
    }
    let origin = base.trim_end_matches("/api").to_string();
    let breeds_url = format!("{base}/pet-service/breeds?page=1&pageSize=10");
    let menu_url = format!("{base}/authority-service/authority/getUserMenu");
    let openapi_url = format!("{base}/openapi.json");
    for (name, request) in
        [("breeds", get(&breeds_url, &token)), ("menu", post(&menu_url, &token)), ("openapi", get(&openapi_url, ""))]
    {
        let bytes = request(&client).send().await.expect("answer").bytes().await.expect("body");
        twins.lock().expect("twins").insert(name.to_string(), bytes);
    }
    let sizes: Vec<usize> =
        ["breeds", "menu", "openapi"].iter().map(|n| twins.lock().expect("twins")[*n].len()).collect();
    let loads = side_by_side(
        &client,
        &[&get(&format!("{origin}/bare/breeds"), ""), &get(&breeds_url, &token), &post(&menu_url, &token)],
    )
    .await;
    print_beside_first(
        &format!("request path, 16 clients ({} / {} B)", sizes[0], sizes[1]),
        &["bare axum route, same JSON as the list", "pet breeds list (plugin, signed in)", "getUserMenu (signed in)"],
        &loads,
    );
    let loads = side_by_side(&client, &[&get(&format!("{origin}/bare/openapi"), ""), &get(&openapi_url, "")]).await;
    print_beside_first(
        &format!("fixed document ({} KB)", sizes[2] / 1024),
        &["bare axum route, same bytes", "/api/openapi.json"],
        &loads,
    );
    // Writers: 16 clients each adding breeds through the plugin (one transaction per call).
    let add_breed = adding_breeds(&base, &token);
    let loads = side_by_side(&client, &[&get(&plugin_url, &token), &add_breed]).await;
    print_beside_first(
        "writers through a plugin (SQLite)",
        &["a plugin read (probe version, no store)", "add a breed (16 writers, a transaction each)"],
        &loads,
    );

    // One client, one kept-alive connection: a 100 KB static file beside a small API answer.
    let single = reqwest::Client::builder().pool_max_idle_per_host(1).build().expect("client");
    let (mut asset, mut answer) = (Vec::new(), Vec::new());
    let (asset_url, answer_url) =
        (format!("{origin}/assets/index-abcdef12.js"), format!("{base}/authority-service/language/list"));
    let (asset_request, answer_request) = (get(&asset_url, ""), get(&answer_url, &token));
    for _ in 0..1000 {
        asset.push(timed(&single, &asset_request).await);
        answer.push(timed(&single, &answer_request).await);
    }
    asset.sort();
    answer.sort();
    println!("\n{:<44} {:>14} {:>14} {:>10}", "one kept-alive connection", "API answer", "100 KB asset", "asset/API");
    for (label, p) in [("p50", 0.5), ("p99", 0.99)] {
        let (a, f) = (percentile(&answer, p), percentile(&asset, p));
        println!("{label:<44} {:>14} {:>14} {:>9.2}x", ms(a), ms(f), f.as_secs_f64() / a.as_secs_f64());
    }

    first_console_load(&state).await;

    // Sequential latency, one client: the cost of the plugin without contention.
    let sequential = |url: String| {
        let (client, request) = (client.clone(), get(&url, &token));
        async move {
            let mut times = Vec::new();
            for _ in 0..2000 {
                times.push(timed(&client, &request).await);
            }
            times.sort();
            percentile(&times, 0.5)
        }
    };
    let (n, p) = (sequential(native_url.clone()).await, sequential(plugin_url.clone()).await);
    println!(
        "{:<44} {:>14} {:>14} {:>10.2}x",
        "p50 latency, one client",
        ms(n),
        ms(p),
        p.as_secs_f64() / n.as_secs_f64()
    );

    // The plugin call alone, without HTTP or the guard.
    let probe = state.plugins.get("probe").expect("probe loaded");
    let mut calls = Vec::new();
    for i in 0..3000 {
        let (context, request) = admin_get(i, "/version");
        let started = Instant::now();
        state.plugins.call(probe.clone(), context, Invocation::Handle(request), 0).await.expect("call");
        calls.push(started.elapsed());
    }
    calls.sort();
    println!(
        "{:<44} p50 {}  p99 {}",
        "plugin call alone (instantiate + handle)",
        ms(percentile(&calls, 0.5)),
        ms(percentile(&calls, 0.99))
    );

    // 1b. Plugin-to-plugin: the probe reads the peer's items through `services` (a second
    // instance inside the first one's transaction), beside reading its own notes directly.
    let mut timed = Vec::new();
    for path in ["/notes", "/peer/items"] {
        let mut times = Vec::new();
        for i in 0..2000 {
            let (context, request) = admin_get(i, path);
            let started = Instant::now();
            let done = state.plugins.call(probe.clone(), context, Invocation::Handle(request), 0).await;
            assert!(matches!(done, Ok(Finished { returned: Returned::Response(ref r), .. }) if r.status == 200));
            times.push(started.elapsed());
        }
        times.sort();
        timed.push((percentile(&times, 0.5), percentile(&times, 0.99)));
    }
    let ((own50, own99), (peer50, peer99)) = (timed[0], timed[1]);
    println!("\n{:<44} {:>14} {:>14} {:>10}", "store read (probe, no HTTP)", "own store", "via a plugin", "ratio");
    println!(
        "{:<44} {:>14} {:>14} {:>10.2}x",
        "p50",
        ms(own50),
        ms(peer50),
        peer50.as_secs_f64() / own50.as_secs_f64()
    );
    println!(
        "{:<44} {:>14} {:>14} {:>10.2}x",
        "p99",
        ms(own99),
        ms(peer99),
        peer99.as_secs_f64() / own99.as_secs_f64()
    );

    // 1c. An upload streamed through the host (HTTP, hashing, object storage) beside a plain
    // write of the same bytes to a file on the same disk.
    let (uploaded, written) = upload_against_disk(&client, &base, &token, dir.path()).await;
    println!("\n{:<44} {:>14} {:>14} {:>10}", "256 MiB file", "disk write", "host upload", "upload/disk");
    println!(
        "{:<44} {:>10.0} MB/s {:>9.0} MB/s {:>10.2}x",
        "throughput",
        UPLOAD_BYTES as f64 / 1e6 / written.as_secs_f64(),
        UPLOAD_BYTES as f64 / 1e6 / uploaded.as_secs_f64(),
        written.as_secs_f64() / uploaded.as_secs_f64()
    );

    // 2. Instantiation alone.
    state.plugins.measure_instantiation("pet", 200).await;
    let mut inst = state.plugins.measure_instantiation("pet", 5000).await;
    inst.sort();
    println!(
        "\n{:<44} p50 {}  p99 {}  (pooling allocator, fresh store each)",
        "instantiation per request (pet, 415 KB)",
        ms(percentile(&inst, 0.5)),
        ms(percentile(&inst, 0.99))
    );

    // 3. A paged, indexed query over a million records.
    let (query_times, sn_times) = paged_queries(&client, &state.db, &base, &token).await;
    print_queries("SQLite", &query_times, &sn_times);

    // 3b. SN groups: 100,000 SNs generated through the product plugin in one call
    // beside the host loading as many records straight into the store; then a precise SN
    // lookup with 1,000,000 SNs stored.
    sn_groups(&client, &state.db, &base, &token).await;

    // 3c. Devices: sustained property reports from simulated devices, each its own,
    // beside the plain plugin route of section 1; then the device list over 100,000 devices.
    devices(&state.db, &base, &token, plugin.rps()).await;

    // 3c'. Dashboards: page views over 100,000,000 reports rolled up, and the
    // rollup's cost per report.
    dashboards(&state.db, &base, &token).await;

    // 3d. Full-text search: questions over 100,000 FAQ-like documents.
    search_both(&client, &base, &token, dir.path()).await;

    // 3e. Chats: 200 users each chatting with an agent at once.
    chats(&state.db, &base, &token).await;

    // 3f. Devices over MQTT: 10,000 sessions on one host beside the HTTP path.
    mqtt::mqtt(dir.path(), &cache, &dir.path().join("plugins.toml")).await;

    // 3a. The same on PostgreSQL, when the run has one (`make bench` starts it): 16 writers
    // beside 16 on SQLite, and the paged query over as many records.
    if let Ok(server) = std::env::var("CONSOLE_TEST_POSTGRES") {
        let (pg_base, pg_db) = postgres_host(&server, dir.path(), "paged").await;
        let pg_token = login(&client, &pg_base).await;
        writers_beside_postgres(&client, &add_breed, &pg_base, &pg_token).await;
        let (query_times, sn_times) = paged_queries(&client, &pg_db, &pg_base, &pg_token).await;
        print_queries("PostgreSQL", &query_times, &sn_times);
    } else {
        println!("\n(no PostgreSQL in this run: `make bench` starts one with scripts/with-postgres.sh)");
    }

    // 4. Start time and memory of the release binary, with every plugin of the project.
    let cold_dir = dir.path().join("cold");
    let warm_cache = dir.path().join("bin-cache");
    std::fs::create_dir_all(&cold_dir).expect("dir");
    let plugins = all_plugins_toml(dir.path());
    let plugin_count = std::fs::read_to_string(&plugins).expect("pinned").matches("[[plugin]]").count();
    let (cold, _) = start_binary(&cold_dir, &warm_cache, &plugins).await;
    let warm_dir = dir.path().join("warm");
    std::fs::create_dir_all(&warm_dir).expect("dir");
    start_binary(&warm_dir, &warm_cache, &plugins).await;
    let (warm, rss) = start_binary(&warm_dir, &warm_cache, &plugins).await;
    println!(
        "\n{:<44} {:>14} {:>14} {:>10.2}x",
        "host start until it answers",
        "cold cache",
        "warm cache",
        cold.as_secs_f64() / warm.as_secs_f64()
    );
    println!("{:<44} {:>14} {:>14}", "", ms(cold), ms(warm));
    println!(
        "{:<44} {:.1} MiB",
        format!("host RSS, {plugin_count} plugins, after a 64-client burst"),
        rss as f64 / 1024.0
    );
}

const SEARCH_DOCUMENTS: usize = 100_000;

/// The made-up documents' words: a vocabulary of 5,000 English-like words (a robot vacuum's
/// help-page words first) and of 3,000 two-character Chinese words, drawn with a heavy head as
/// natural text is (a few words in most documents, most words in few).
struct Vocabulary {
    english: Vec<String>,
    chinese: Vec<String>,
}

impl Vocabulary {
    fn new() -> Self {
        const HEAD: [&str; 24] = [
            "robot", "vacuum", "reset", "battery", "charge", "dock", "map", "room", "clean", "mop", "water", "brush",
            "filter", "suction", "app", "wifi", "connect", "update", "firmware", "error", "sensor", "carpet", "voice",
            "power",
        ];
        const SYLLABLES: [&str; 20] = [
            "ka", "lo", "mi", "ne", "tor", "ban", "sel", "qui", "dra", "ven", "pol", "ru", "sta", "fen", "gi", "ho",
            "zar", "wem", "cle", "tys",
        ];
        const HAN: &str = "扫地机器人重置电池充电回座图房间清拖水箱边刷滤网吸力应用无线络连接升级固件故障传感轮子毯预约语音噪指示灯按键源出厂设离开关面板湿干尘盒主题模式定时区域禁障碍越过楼梯识别宠物毛发";
        let mut english: Vec<String> = HEAD.iter().map(|w| w.to_string()).collect();
        'outer: for a in SYLLABLES {
            for b in SYLLABLES {
                for c in SYLLABLES {
                    if english.len() == 5_000 {
                        break 'outer;
                    }
                    english.push(format!("{a}{b}{c}"));
                }
            }
        }
        let han: Vec<char> = HAN.chars().collect();
        let chinese =
            (0..3_000).map(|i| format!("{}{}", han[i % han.len()], han[(i * 7 + i / han.len()) % han.len()])).collect();
        Vocabulary { english, chinese }
    }

    /// `n` words, from the generator state `seed`.
    fn text(&self, chinese: bool, n: usize, seed: &mut u64) -> String {
        let words = if chinese { &self.chinese } else { &self.english };
        let picked: Vec<&str> = (0..n)
            .map(|_| {
                *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let u = (*seed >> 11) as f64 / (1u64 << 53) as f64;
                words[((words.len() as f64) * u.powi(3)) as usize % words.len()].as_str()
            })
            .collect();
        picked.join(if chinese { "" } else { " " })
    }
}

/// Loads 100,000 documents (half English, half Chinese) into the probe's index through its
/// route, 500 a call, then times 400 questions one after another: p50 and p95.
async fn search_questions(client: &reqwest::Client, base: &str, token: &str) -> (Duration, Vec<Duration>) {
    let post_json = |path: &str, body: Value| {
        client.post(format!("{base}{path}")).header("authorization", token).json(&body).send()
    };
    post_json("/probe/search/create", json!({ "index": "bench" })).await.expect("index");
    let loading = Instant::now();
    let (vocabulary, mut seed) = (Vocabulary::new(), 7u64);
    for batch in 0..SEARCH_DOCUMENTS / 500 {
        let documents: Vec<Value> = (0..500)
            .map(|i| {
                let n = batch * 500 + i;
                let (chinese, language) = (n % 2 == 1, if n % 2 == 1 { "zhCn" } else { "en" });
                json!({ "id": format!("d{n}"), "language": language, "title": vocabulary.text(chinese, 6, &mut seed),
                        "body": vocabulary.text(chinese, 60, &mut seed), "tags": [format!("p{}", n % 20)] })
            })
            .collect();
        let answer: Value = post_json("/probe/search/put", json!({ "index": "bench", "documents": documents }))
            .await
            .expect("put")
            .json()
            .await
            .expect("json");
        assert_eq!(answer["code"], 200, "{answer}");
    }
    let loaded = loading.elapsed();
    let mut times = Vec::new();
    for q in 0..400 {
        let (text, language) = if q % 2 == 0 {
            (vocabulary.text(false, 3, &mut seed), "en")
        } else {
            (vocabulary.text(true, 2, &mut seed), "zhCn")
        };
        // Every fourth question (an English one) asks within one product: p4 tags English documents.
        let tags = if q % 4 == 0 { json!(["p4"]) } else { json!([]) };
        let sent = Instant::now();
        let answer: Value = post_json(
            "/probe/search/query",
            json!({ "index": "bench", "text": text, "language": language, "tags": tags, "limit": 10 }),
        )
        .await
        .expect("query")
        .json()
        .await
        .expect("json");
        times.push(sent.elapsed());
        assert_eq!(answer["code"], 200, "{answer}");
        assert!(!answer["data"].as_array().expect("hits").is_empty(), "{text}: nothing found");
    }
    times.sort();
    (loaded, times)
}

/// The search section on SQLite, and on PostgreSQL when the run has one.
async fn search_both(client: &reqwest::Client, base: &str, token: &str, dir: &Path) {
    let mut engines = vec![("SQLite", base.to_string(), token.to_string())];
    if let Ok(server) = std::env::var("CONSOLE_TEST_POSTGRES") {
        let (pg_base, _) = postgres_host(&server, dir, "search").await;
        let pg_token = login(client, &pg_base).await;
        engines.push(("PostgreSQL", pg_base, pg_token));
    }
    println!("\n{:<44} {:>14} {:>14} {:>14}", "full-text search, 100,000 documents", "loaded in", "p50", "p95");
    for (engine, base, token) in engines {
        let (loaded, times) = search_questions(client, &base, &token).await;
        println!(
            "{:<44} {:>12.1} s {:>14} {:>14}",
            format!("{engine}: a question, best 10 (HTTP)"),
            loaded.as_secs_f64(),
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.95))
        );
    }
}

/// Adds a breed of a new name each time it is sent.
/// 16 writers adding breeds on SQLite (`add_breed`) beside as many on PostgreSQL, in
/// alternating rounds.
async fn writers_beside_postgres(client: &reqwest::Client, add_breed: &Request, pg_base: &str, pg_token: &str) {
    let loads = side_by_side(client, &[add_breed, &adding_breeds(pg_base, pg_token)]).await;
    print_beside_first(
        "16 writers adding breeds (a transaction each)",
        &["SQLite (WAL, synchronous=NORMAL)", "PostgreSQL (the run's own, fsync off)"],
        &loads,
    );
}

fn adding_breeds(base: &str, token: &str) -> Request {
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (url, token) = (format!("{base}/pet-service/breeds"), token.to_string());
    std::sync::Arc::new(move |client: &reqwest::Client| {
        let n = written.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        client.post(&url).header("authorization", &token).json(&json!({ "breedName": format!("w{n}") }))
    })
}

/// A second host in this process on a new database of the PostgreSQL at `server`.
async fn postgres_host(server: &str, dir: &Path, purpose: &str) -> (String, console_host::db::Db) {
    use sqlx::Connection;
    let name = format!("bench_{purpose}_{}", std::process::id());
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres")).await.expect("PostgreSQL");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut admin).await.expect("database");
    // Its own data folder, the compile cache shared.
    let own = dir.join(&name);
    std::fs::create_dir_all(&own).expect("folder");
    let mut config = Config::with_data_dir(own.join("postgres-host"));
    config.database_url = format!("{server}/{name}");
    config.render_program = Some(env!("CARGO_BIN_EXE_console-host").into());
    config.admin_password = Some(ADMIN_PASSWORD.into());
    config.plugins = plugins_toml(&own);
    config.cache_dir = Some(dir.join("cache"));
    let state = console_host::prepare(config).await.expect("host on PostgreSQL");
    let db = state.db.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(console_host::serve(listener, console_host::app(state), std::future::pending()));
    (format!("http://{addr}/api"), db)
}

/// Loads `records()` pets into `db`, then times a paged equality query with its total and a
/// precise SN lookup through the pet plugin.
async fn paged_queries(
    client: &reqwest::Client,
    db: &console_host::db::Db,
    base: &str,
    token: &str,
) -> (Vec<Duration>, Vec<Duration>) {
    let loading = Instant::now();
    let total_records = records();
    let records = (0..total_records).map(|i| {
        json!({
            "petName": format!("cat{i}"), "nickname": "", "breedId": format!("{}", i % 50), "breedName": "bench",
            "sterilized": i % 2 == 0, "birthday": "2020-01-01", "avatar": "", "deviceSn": format!("LB{i:07}"),
            "catId": "1", "weightKg": 4.2
        })
        .to_string()
    });
    let loaded = db.bulk_insert_records("pet", "pets", 0, records).await.expect("records");
    println!("\n{loaded} pet records loaded in {:.1} s", loading.elapsed().as_secs_f64());
    // 400 different pages: eight of each of 50 breeds, none asked twice (the read cache would
    // answer a repeated page from memory). The first page of a breed counts its total; the
    // others take it from the read cache on SQLite (paging through one filter).
    let (mut query_times, mut first_pages) = (Vec::new(), Vec::new());
    for i in 0..400 {
        let page = 1 + i / 50;
        let url = format!("{base}/pet-service/pets?breedId={}&page={page}&pageSize=20", i % 50);
        let sent = Instant::now();
        let body: Value =
            client.get(&url).header("authorization", token).send().await.expect("q").json().await.expect("json");
        query_times.push(sent.elapsed());
        if page == 1 {
            first_pages.push(sent.elapsed());
        }
        assert_eq!(body["data"]["total"], total_records / 50, "{body}");
    }
    first_pages.sort();
    println!(
        "{:<44} {:>14} {:>14}",
        "first pages of a filter (their total counted)",
        format!("p50 {}", ms(percentile(&first_pages, 0.50))),
        format!("p95 {}", ms(percentile(&first_pages, 0.95)))
    );
    let mut sn_times = Vec::new();
    for i in 0..200 {
        let url = format!("{base}/pet-service/pets?deviceSn=LB{:04}&mode=precise&pageSize=20", i * 37);
        let sent = Instant::now();
        client.get(&url).header("authorization", token).send().await.expect("q");
        sn_times.push(sent.elapsed());
    }
    query_times.sort();
    sn_times.sort();
    (query_times, sn_times)
}

const SN_GROUP: u32 = 100_000;

async fn sn_groups(client: &reqwest::Client, db: &console_host::db::Db, base: &str, token: &str) {
    let send = |path: &str, body: Value| {
        client.post(format!("{base}/product-service{path}")).header("authorization", token).json(&body).send()
    };
    let model = json!({ "name": "BENCH1", "code": "BENCH-1", "aliasPrefix": "BN", "snSuffixDigits": 7 });
    let answer: Value = send("/models", model).await.expect("model").json().await.expect("json");
    let model_id = answer["data"]["id"].as_str().unwrap_or_else(|| panic!("model: {answer}")).to_string();
    send(&format!("/models/{model_id}/release"), json!({})).await.expect("release");
    let (mut generated, mut loaded) = (Vec::new(), Vec::new());
    for round in 0..3u32 {
        let start = u64::from(round * SN_GROUP) + 1;
        let group = json!({ "label": format!("bench {round}"), "modelId": model_id, "startNumber": start, "recordCount": SN_GROUP });
        let sent = Instant::now();
        let answer: Value = send("/sn-groups", group).await.expect("group").json().await.expect("json");
        generated.push(sent.elapsed());
        assert_eq!(answer["data"]["recordCount"], SN_GROUP, "{answer}");
        // The same number of SN records, loaded by the host without the plugin.
        let from = 1_000_000 + round * SN_GROUP;
        let records = (from..from + SN_GROUP).map(|n| {
            json!({ "sn": format!("BL{n:07}"), "groupId": "bulk", "modelId": model_id, "activated": false, "activatedAt": null })
                .to_string()
        });
        let sent = Instant::now();
        db.bulk_insert_records("product", "sns", 0, records).await.expect("bulk SNs");
        loaded.push(sent.elapsed());
    }
    generated.sort();
    loaded.sort();
    println!("\n{:<44} {:>14} {:>14} {:>10}", "100,000 SNs (median of 3)", "host bulk load", "SN group call", "ratio");
    let (group, bulk) = (generated[1], loaded[1]);
    println!("{:<44} {:>14} {:>14} {:>9.2}x", "time", ms(bulk), ms(group), group.as_secs_f64() / bulk.as_secs_f64());

    // Up to 1,000,000 SNs stored, then precise lookups of SNs spread over all of them.
    let stored = 6 * SN_GROUP as usize;
    let rest = (0..1_000_000 - stored).map(|i| {
        json!({ "sn": format!("FX{i:07}"), "groupId": "bulk", "modelId": model_id, "activated": false, "activatedAt": null })
            .to_string()
    });
    db.bulk_insert_records("product", "sns", 0, rest).await.expect("the rest");
    let mut lookups = Vec::new();
    for i in 0..300u32 {
        let sn = match i % 3 {
            0 => format!("BN{:07}", 1 + i * 997),
            1 => format!("BL{:07}", 1_000_000 + i * 991),
            _ => format!("FX{:07}", i * 1_301),
        };
        let sent = Instant::now();
        let body: Value = client
            .get(format!("{base}/product-service/sns?sn={sn}&mode=precise&pageSize=20"))
            .header("authorization", token)
            .send()
            .await
            .expect("lookup")
            .json()
            .await
            .expect("json");
        lookups.push(sent.elapsed());
        assert_eq!(body["data"]["total"], 1, "{sn}: {body}");
    }
    lookups.sort();
    println!(
        "{:<44} p50 {}  p95 {}",
        "precise SN lookup, 1,000,000 SNs (product)",
        ms(percentile(&lookups, 0.5)),
        ms(percentile(&lookups, 0.95))
    );
}

fn print_queries(engine: &str, query_times: &[Duration], sn_times: &[Duration]) {
    let thousands = records() / 1000;
    println!(
        "{:<44} p50 {}  p95 {}  (20 per page of {} matches, with total)",
        format!("indexed equality query, {thousands}k records, {engine}"),
        ms(percentile(query_times, 0.5)),
        ms(percentile(query_times, 0.95)),
        records() / 50
    );
    println!(
        "{:<44} p50 {}  p95 {}",
        format!("precise SN lookup, {thousands}k records, {engine}"),
        ms(percentile(sn_times, 0.5)),
        ms(percentile(sn_times, 0.95))
    );
}

fn num_cpus() -> usize {
    std::thread::available_parallelism().map(usize::from).unwrap_or(1)
}

const REPORTING_DEVICES: u32 = 16;
const LISTED_DEVICES: u32 = 100_000;

/// The upgrade check under load: a package released to every device, and each
/// device asking as fast as it is answered: first while already on the target (nothing to do,
/// what most checks are), then on the version before it (offered the package, its hashes and a
/// signed URL, the same execution each time). Hands the devices back.
async fn upgrade_checks(
    console: &devsim::console::Console,
    origin: &str,
    product: (&str, &str),
    fleet: Vec<devsim::Device>,
    plugin_route_rps: f64,
) -> Vec<devsim::Device> {
    let reviewer = console.colleague(origin, "bench-reviewer", &["ota:package:review"]).await.expect("a reviewer");
    let versions = (("1.0.0", 100), ("2.0.0", 200));
    console.released_firmware(&reviewer, product, versions, vec![7u8; 65_536], json!({})).await.expect("released");
    println!(
        "\n{:<44} {:>12} {:>10} {:>10} {:>10}",
        "16 devices checking for upgrades", "checks/s", "p50", "p99", "vs route"
    );
    let mut fleet = fleet;
    for (label, version) in [("upgrade check, up to date", 200), ("upgrade check, offered the package", 100)] {
        let started = Instant::now();
        let tasks: Vec<_> = fleet
            .into_iter()
            .map(|device| {
                tokio::spawn(async move {
                    let mut latencies = Vec::new();
                    while started.elapsed() < ROUND * 2 {
                        let sent = Instant::now();
                        device.check_upgrade(version).await.expect("a check");
                        latencies.push(sent.elapsed());
                    }
                    (device, latencies)
                })
            })
            .collect();
        let mut latencies = Vec::new();
        fleet = Vec::new();
        for task in tasks {
            let (device, times) = task.await.expect("device");
            fleet.push(device);
            latencies.extend(times);
        }
        latencies.sort();
        let checks = Load { requests: latencies.len(), elapsed: started.elapsed(), latencies };
        println!(
            "{label:<44} {:>12.0} {:>10} {:>10} {:>9.3}x",
            checks.rps(),
            ms(percentile(&checks.latencies, 0.5)),
            ms(percentile(&checks.latencies, 0.99)),
            checks.rps() / plugin_route_rps
        );
    }
    fleet
}

async fn devices(db: &console_host::db::Db, base: &str, token: &str, plugin_route_rps: f64) {
    let origin = base.trim_end_matches("/api");
    let console = devsim::console::Console::with_token(origin, token);
    let (product, model_id) = console.product("BENCH-D", devsim::console::vacuum()).await.expect("a product");
    let keys = devsim::read_key_file(&console.sn_keys(&model_id, REPORTING_DEVICES).await.expect("SNs"));
    let fleet_key = console.fleet_key(0, "bench").await.expect("fleet key");
    let platform = devsim::Platform::new(origin, &fleet_key, product["productKey"].as_str().expect("product key"));
    let mut fleet = Vec::new();
    for (sn, key) in &keys {
        fleet.push(platform.activate(sn, key).await.expect("activated"));
    }
    let fleet =
        upgrade_checks(&console, origin, (product["id"].as_str().expect("id"), &model_id), fleet, plugin_route_rps)
            .await;
    // Each device reports all its properties (a shadow update and a history record each) as
    // fast as it is answered, one report at a time, as a device does.
    let started = Instant::now();
    let mut tasks = Vec::new();
    for mut device in fleet {
        tasks.push(tokio::spawn(async move {
            use rand::SeedableRng as _;
            let mut rng = rand::rngs::StdRng::seed_from_u64(device.sn.len() as u64);
            let mut latencies = Vec::new();
            while started.elapsed() < ROUND * 3 {
                let sent = Instant::now();
                device.report_all(&mut rng).await.expect("report kept");
                latencies.push(sent.elapsed());
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.expect("device"));
    }
    latencies.sort();
    let reports = Load { requests: latencies.len(), elapsed: started.elapsed(), latencies };
    println!(
        "\n{:<44} {:>12} {:>10} {:>10} {:>10}",
        "16 devices reporting (each its own)", "reports/s", "p50", "p99", "vs route"
    );
    println!(
        "{:<44} {:>12.0} {:>10} {:>10} {:>9.3}x",
        "property report (checked, shadow, history)",
        reports.rps(),
        ms(percentile(&reports.latencies, 0.5)),
        ms(percentile(&reports.latencies, 0.99)),
        reports.rps() / plugin_route_rps
    );

    // The device list with 100,000 devices: first pages, a page deep in, filters.
    let product_id = product["id"].as_str().expect("product id").to_string();
    let now = console_host::db::now_ms();
    let states = ["standby", "sweeping", "charging"];
    let records = (0..LISTED_DEVICES).map(|n| {
        json!({ "sn": format!("LD{n:07}"), "productId": product_id, "productName": "BENCHD", "online": n % 3 == 0,
                "workState": states[n as usize % 3], "firmwareVersion": format!("1.{}.0", n % 5),
                "lastSeenAt": now - i64::from(n % 3) * 120_000, "registeredAt": now - 86_400_000, "activations": 1 })
        .to_string()
    });
    db.bulk_insert_records("device", "devices", 0, records).await.expect("100,000 devices");
    let client = reqwest::Client::new();
    let kinds = ["first page", "a page deep in", "online, one work state", "SN, precise"];
    let mut by_kind: Vec<Vec<Duration>> = vec![Vec::new(); kinds.len()];
    for n in 0..80u32 {
        let query = match n % 4 {
            0 => "page=1&pageSize=20".to_string(),
            1 => format!("page={}&pageSize=20", 1 + n * 37),
            2 => "online=true&workState=standby&page=1&pageSize=20".to_string(),
            _ => format!("sn=LD{:05}&mode=precise&page=1&pageSize=20", n * 1000),
        };
        let url = format!("{base}/device-service/devices?{query}");
        by_kind[(n % 4) as usize].push(timed(&client, &get(&url, token)).await);
    }
    let mut times: Vec<Duration> = by_kind.iter().flatten().copied().collect();
    times.sort();
    println!(
        "{:<44} {:>10} {:>10}",
        "device list, 100,000 devices (80 pages)",
        format!("p50 {}", ms(percentile(&times, 0.5))),
        format!("p95 {}", ms(percentile(&times, 0.95)))
    );
    for (kind, mut times) in kinds.iter().zip(by_kind) {
        times.sort();
        println!(
            "{:<44} {:>10} {:>10}",
            format!("  {kind}"),
            format!("p50 {}", ms(percentile(&times, 0.5))),
            format!("p95 {}", ms(percentile(&times, 0.95)))
        );
    }
}

/// A console user's call that must succeed: its `data`.
async fn console_call(client: &reqwest::Client, base: &str, token: &str, path: &str, body: Value) -> Value {
    let answer: Value = client
        .post(format!("{base}{path}"))
        .header("authorization", token)
        .json(&body)
        .send()
        .await
        .expect("sent")
        .json()
        .await
        .expect("an envelope");
    assert_eq!(answer["code"], 200, "{path}: {answer}");
    answer["data"].clone()
}

/// 200 app users in chats with 10 agents at once: each user writes a message a second, his
/// agent's console hears it over the event socket and answers at once, and the user's chat
/// socket brings the answer.
/// The round trip is from the user's send to his socket's frame of the agent's answer: two
/// plugin calls that write, two live deliveries (a notice to the agent, a channel message to
/// the user) and the agent's reaction.
async fn chats(db: &console_host::db::Db, base: &str, token: &str) {
    let chats = chat_count();
    use futures_util::StreamExt as _;
    use sha2::Digest as _;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;

    let client = reqwest::Client::new();
    let origin = base.trim_end_matches("/api").to_string();
    // Agents: a role with the workspace's action, ten accounts, a seat of 20 each.
    let buttons = console_call(
        &client,
        base,
        token,
        "/authority-service/button/list",
        json!({ "pageSize": 500, "keyword": "cs:chat" }),
    )
    .await;
    let button = buttons["list"]
        .as_array()
        .and_then(|l| l.iter().find(|b| b["action"] == "cs:chat:serve"))
        .expect("the workspace's button")["id"]
        .clone();
    let role = console_call(
        &client,
        base,
        token,
        "/authority-service/role/add",
        json!({ "name": "Bench agents", "roleType": "ordinary" }),
    )
    .await;
    console_call(
        &client,
        base,
        token,
        "/authority-service/role/grant",
        json!({ "id": role["id"], "buttonIds": [button] }),
    )
    .await;
    let mut agents = Vec::new();
    for n in 0..AGENTS {
        let name = format!("agent{n}");
        let account = json!({ "userName": name, "name": name, "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": [role["id"]],
                              "password": "Work#2026", "confirmPassword": "Work#2026" });
        console_call(&client, base, token, "/authority-service/account/add", account).await;
        let seat = json!({ "number": format!("S{n:02}"), "userName": name, "maxUsers": chats.div_ceil(AGENTS), "timeZone": "UTC",
                           "periods": [{ "days": "everyday", "start": "00:00", "end": "24:00" }] });
        console_call(&client, base, token, "/customer-service/seats", seat).await;
        let login = json!({ "userName": name, "password": "Work#2026" });
        let agent = console_call(&client, base, "", "/authority-service/authority/login", login).await["token"]
            .as_str()
            .expect("token")
            .to_string();
        agents.push(agent);
    }
    // The app and its signed-in users, loaded straight into its store (argon2 sign-ins of 200
    // users are not what this measures).
    let key = console_call(
        &client,
        base,
        token,
        "/plugin-admin/device-keys/add",
        json!({ "pluginId": "app", "tenantId": 0, "name": "bench app" }),
    )
    .await;
    let key = key["key"].as_str().expect("a key").to_string();
    let now = console_host::db::now_ms();
    let users = (0..chats).map(|n| {
        json!({ "username": format!("u{n}@bench.example"), "mobile": "", "reportedAt": now, "networkType": "wifi",
        "phoneModel": "Pixel", "appVersion": "3.1.0", "blocked": false, "passwordHash": "" })
        .to_string()
    });
    db.bulk_insert_records("app", "app_users", 0, users).await.expect("users");
    let sessions = (0..chats).map(|n| {
        json!({ "username": format!("u{n}@bench.example"),
        "tokenHash": hex::encode(sha2::Sha256::digest(format!("bench-session-{n}").as_bytes())),
        "startedAt": now, "expiresAt": now + 86_400_000 })
        .to_string()
    });
    db.bulk_insert_records("app", "app_sessions", 0, sessions).await.expect("sessions");

    // Each agent opens the workspace and answers every user message at once.
    let mut agent_tasks = Vec::new();
    for agent in &agents {
        console_call(&client, base, agent, "/customer-service/workspace/presence", json!({})).await;
        let mut request = (base.replace("http://", "ws://") + "/events/ws").into_client_request().expect("request");
        request.headers_mut().insert("sec-websocket-protocol", format!("console.v1, {agent}").parse().expect("header"));
        let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("the agent's socket");
        let (client, base, agent) = (client.clone(), base.to_string(), agent.clone());
        agent_tasks.push(tokio::spawn(async move {
            while let Some(Ok(frame)) = socket.next().await {
                let Message::Text(text) = frame else { continue };
                let event: Value = serde_json::from_str(&text).unwrap_or_default();
                let payload = &event["payload"];
                if payload["type"] != "message" || payload["message"]["from"] != "user" {
                    continue;
                }
                let path = format!(
                    "/customer-service/workspace/chats/{}/send",
                    payload["chatId"].as_str().unwrap_or_default()
                );
                let (client, base, agent, text) =
                    (client.clone(), base.clone(), agent.clone(), payload["message"]["text"].clone());
                tokio::spawn(async move { console_call(&client, &base, &agent, &path, json!({ "text": text })).await });
            }
        }));
    }
    // Each user: a chat with the bot, a person asked for (connected at once: 200 places), the
    // chat's socket, then messages one after another, each timed until the agent's answer.
    let started = Instant::now();
    let mut user_tasks = Vec::new();
    for n in 0..chats {
        let (origin, key) = (origin.clone(), key.clone());
        user_tasks.push(tokio::spawn(async move {
            // Each phone its own address behind the (trusted) proxy: the host lets one address
            // hold 64 sockets at most.
            let app = devsim::app::App::new(&origin, &key, "bench app", "android", 310)
                .behind_proxy_as(&format!("198.51.100.{}", n % 250 + 1));
            let mut user = devsim::chat::ChatUser::new(app, &format!("bench-session-{n}"));
            user.start("en").await.expect("a chat");
            let asked = user.ask_for_a_person().await.expect("a person");
            assert_eq!(asked["state"], "connected", "{asked}");
            let mut socket = user.listen().await.expect("the chat's socket");
            let mut times = Vec::new();
            let mut seq = 0;
            // A message a second each, as people chat (a sender may send ten per 5 s), the users
            // spread over the second.
            tokio::time::sleep(Duration::from_millis((n as u64 * 997) % 1000)).await;
            let mut pace = tokio::time::interval(Duration::from_secs(1));
            while started.elapsed() < ROUND * 5 {
                pace.tick().await;
                seq += 1;
                let text = format!("u{n} message {seq}");
                let sent = Instant::now();
                user.send(&text, "").await.expect("sent");
                loop {
                    let Some(message) = socket.next_of("message", Duration::from_secs(30)).await else { return times };
                    if message["message"]["from"] == "agent" && message["message"]["text"] == text.as_str() {
                        times.push(sent.elapsed());
                        break;
                    }
                }
            }
            times
        }));
    }
    let mut times = Vec::new();
    for task in user_tasks {
        times.extend(task.await.expect("a user"));
    }
    for task in agent_tasks {
        task.abort();
    }
    times.sort();
    let elapsed = started.elapsed();
    println!(
        "\n{:<44} {:>12} {:>10} {:>10}",
        format!("{chats} chats with {AGENTS} agents at once"),
        "trips/s",
        "p50",
        "p99"
    );
    println!(
        "{:<44} {:>12.0} {:>10} {:>10}",
        "message round trip (user → agent → user)",
        times.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99))
    );
}

/// Devices for the dashboards' section, and the report rows their rollups stand for.
const DASHBOARD_DEVICES: u32 = 1_000_000;
const DASHBOARD_REPORTS: i64 = 100_000_000;
const DASHBOARD_PRODUCTS: i64 = 25;
const HOUR_MS: i64 = 3_600_000;

/// The dashboards: their page views with 1,000,000 devices and 100,000,000 reports
/// rolled up (90 days by the hour, 25 products, the rollups' 11 counters each, and the gauges
/// sampled every hour), then what the rollup costs per report beside the report path itself.
async fn dashboards(db: &console_host::db::Db, base: &str, token: &str) {
    use console_host::db::plugin_counters::Counter;
    let now = console_host::db::now_ms();
    let states = ["standby", "sweeping", "charging", "fault", "unknown"];
    let started = Instant::now();
    let records = (0..DASHBOARD_DEVICES).map(|n| {
        json!({ "sn": format!("DB{n:08}"), "productId": format!("p{}", n % DASHBOARD_PRODUCTS as u32), "modelCode": format!("M{}", n % 10),
                "online": n % 3 == 0, "workState": states[n as usize % 5], "firmwareVersion": format!("1.{}.0", n % 20),
                "lastSeenAt": now - i64::from(n % 100) * HOUR_MS, "registeredAt": now - 86_400_000, "activations": 1 })
        .to_string()
    });
    db.bulk_insert_records("device", "devices", 0, records).await.expect("1,000,000 devices");
    let hours = 90 * 24;
    let first_hour = now - now.rem_euclid(HOUR_MS) - (hours - 1) * HOUR_MS;
    let per_hour_and_product = DASHBOARD_REPORTS / (hours * DASHBOARD_PRODUCTS);
    let metrics: [(&str, i64); 11] = [
        ("reports", per_hour_and_product),
        ("events", per_hour_and_product / 20),
        ("event:info", per_hour_and_product / 40),
        ("event:alert", per_hour_and_product / 80),
        ("event:fault", per_hour_and_product / 80),
        ("replies", per_hour_and_product / 50),
        ("latency:lt1s", per_hour_and_product * 9 / 10),
        ("latency:1to5s", per_hour_and_product / 20),
        ("latency:5to30s", per_hour_and_product / 40),
        ("latency:30sto5m", per_hour_and_product / 80),
        ("latency:gt5m", per_hour_and_product / 80),
    ];
    let counter = |name: &str, bucket: i64, key: String, value: i64| Counter { name: name.into(), bucket, key, value };
    // Each product's, and the sum over products (`*`) the rollup keeps for the series and latency.
    let keyed = move |name: &'static str, value: i64| {
        let summed = name != "events";
        (0..DASHBOARD_PRODUCTS)
            .map(move |p| (format!("p{p}"), value))
            .chain(summed.then(|| ("*".to_string(), value * DASHBOARD_PRODUCTS)))
            .map(move |(key, value)| (name, key, value))
    };
    let rollups = (0..hours).flat_map(move |h| {
        metrics.into_iter().flat_map(move |(name, value)| {
            keyed(name, value).map(move |(name, key, value)| counter(name, first_hour + h * HOUR_MS, key, value))
        })
    });
    // The stored days the rollup keeps beside the hours (`<name>/day`), for the pages by day and up.
    let days = (0..hours / 24).flat_map(move |d| {
        metrics.into_iter().flat_map(move |(name, value)| {
            keyed(name, value).map(move |(name, key, value)| {
                counter(&format!("{name}/day"), first_hour + d * 24 * HOUR_MS, key, value * 24)
            })
        })
    });
    let rows = db.bulk_set_counters("dashboard", 0, rollups.chain(days)).await.expect("rollups");
    // A snapshot's gauges at hour `h` of the 90 days.
    let sample = move |h: i64| {
        let hour = first_hour + h * HOUR_MS;
        let grown = i64::from(DASHBOARD_DEVICES) * (h + 1) / hours;
        let mut set = vec![
            counter("devices", hour, String::new(), grown),
            counter("online", hour, String::new(), grown / 3),
            counter("active:1d", hour, String::new(), grown / 2),
            counter("active:7d", hour, String::new(), grown * 4 / 5),
            counter("app:users", hour, String::new(), grown / 2),
            counter("app:active", hour, String::new(), grown / 10),
            counter("orders:open", hour, String::new(), 300 + h % 50),
            counter("orders:breached", hour, String::new(), h % 7),
        ];
        set.extend((0..20).map(|v| counter("firmware", hour, format!("1.{v}.0"), grown / 20)));
        set.extend(states.iter().map(|s| counter("work-state", hour, s.to_string(), grown / 5)));
        set.extend((0..10).map(|m| counter("model", hour, format!("Model {m} (M{m})"), grown / 10)));
        set.extend((0..5).map(|c| counter("category", hour, format!("Category {c}"), grown / 5)));
        set
    };
    // Every hour's, and each day's latest as the snapshot keeps it (`<name>/day`).
    let hourly = (0..hours).flat_map(sample);
    let daily = (0..hours / 24).flat_map(move |d| {
        sample(d * 24 + 23).into_iter().map(move |mut c| {
            c.name = format!("{}/day", c.name);
            c.bucket = first_hour + d * 24 * HOUR_MS;
            c
        })
    });
    let gauge_rows = db.bulk_set_counters("dashboard", 0, hourly.chain(daily)).await.expect("gauges");
    println!(
        "\n{:<44} {} devices, {rows} rollup and {gauge_rows} gauge counters for {DASHBOARD_REPORTS} reports, loaded in {:.1} s",
        "dashboards",
        DASHBOARD_DEVICES,
        started.elapsed().as_secs_f64()
    );

    let client = reqwest::Client::new();
    let views = [
        ("device dashboard, 90 days by week", "device-activity?range=90d&granularity=week"),
        ("device dashboard, 7 days by hour", "device-activity?range=7d&granularity=hour"),
        ("device dashboard, 1 day, one product", "device-activity?range=1d&productId=p3"),
        ("overview, 90 days by week", "overview?range=90d&granularity=week"),
        ("overview, 7 days by day", "overview?range=7d&granularity=day"),
        ("rankings", "rankings?range=1d"),
    ];
    println!("{:<44} {:>10} {:>10}", "page view (platform, every enterprise)", "p50", "p95");
    let mut all = Vec::new();
    for (label, path) in views {
        let url = format!("{base}/dashboard-service/{path}");
        timed(&client, &get(&url, token)).await;
        let mut times: Vec<Duration> = Vec::new();
        for _ in 0..40 {
            times.push(timed(&client, &get(&url, token)).await);
        }
        times.sort();
        println!(
            "{:<44} {:>10} {:>10}",
            format!("  {label}"),
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.95))
        );
        all.extend(times);
    }
    all.sort();
    println!("{:<44} {:>10} {:>10}", "  every view", ms(percentile(&all, 0.5)), ms(percentile(&all, 0.95)));
    let mut snapshots = Vec::new();
    for _ in 0..5 {
        let sent = Instant::now();
        console_call(&client, base, token, "/dashboard-service/snapshot", json!({})).await;
        snapshots.push(sent.elapsed());
    }
    snapshots.sort();
    println!(
        "{:<44} {:>10} {:>10}",
        "a snapshot of 1,000,000 devices (5 runs)",
        ms(percentile(&snapshots, 0.5)),
        ms(snapshots[4])
    );

    // The rollup's cost per report beside the report path: 16 devices report, one report at a
    // time each, then the rollup counts what they kept once it has settled.
    let origin = base.trim_end_matches("/api");
    let console = devsim::console::Console::with_token(origin, token);
    let (product, model_id) = console.product("BENCH-R", devsim::console::vacuum()).await.expect("a product");
    let keys = devsim::read_key_file(&console.sn_keys(&model_id, REPORTING_DEVICES).await.expect("SNs"));
    let fleet_key = console.fleet_key(0, "bench rollup").await.expect("fleet key");
    let platform = devsim::Platform::new(origin, &fleet_key, product["productKey"].as_str().expect("product key"));
    let mut fleet = Vec::new();
    for (sn, key) in &keys {
        fleet.push(platform.activate(sn, key).await.expect("activated"));
    }
    // What was kept before is counted first, out of the measure.
    tokio::time::sleep(Duration::from_millis(10_500)).await;
    while console_call(&client, base, token, "/dashboard-service/rollup", json!({})).await["counted"].as_u64() > Some(0)
    {
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for mut device in fleet {
        tasks.push(tokio::spawn(async move {
            use rand::SeedableRng as _;
            let mut rng = rand::rngs::StdRng::seed_from_u64(device.sn.len() as u64);
            let mut sent = 0u64;
            while started.elapsed() < ROUND * 2 {
                device.report_all(&mut rng).await.expect("report kept");
                sent += 1;
            }
            sent
        }));
    }
    let mut reports = 0;
    for task in tasks {
        reports += task.await.expect("device");
    }
    let reporting = started.elapsed();
    tokio::time::sleep(Duration::from_millis(10_500)).await;
    // The schedule (every 10 s) may have counted them while they settled: the counts start again
    // from the first report, and `POST /rollup` counts them all, timed.
    console_call(&client, base, token, "/dashboard-service/rebuild", json!({})).await;
    let (mut counted, rolling) = (0, Instant::now());
    loop {
        let run = console_call(&client, base, token, "/dashboard-service/rollup", json!({})).await;
        match run["counted"].as_u64() {
            Some(0) | None => break,
            Some(n) => counted += n,
        }
    }
    let rolling = rolling.elapsed();
    let per_report = reporting.as_secs_f64() / reports as f64;
    let per_rolled = rolling.as_secs_f64() / counted.max(1) as f64;
    println!("{:<44} {:>12} {:>12} {:>10}", "the rollup's cost per report", "report path", "rollup", "rollup/report");
    println!(
        "{:<44} {:>9.0} µs {:>9.1} µs {:>9.3}x",
        format!("  {reports} reports by 16 devices; {counted} counted again"),
        per_report * 1e6,
        per_rolled * 1e6,
        per_rolled / per_report
    );
}

/// The bytes of a first console load over the wire: every script, style and page of the
/// shell's production build (`shell/dist`, what a first visit may load, shared libraries
/// included), fetched from the host as a browser that takes no encoding, and as one that takes
/// brotli (the build writes it beside each file).
async fn first_console_load(state: &console_host::AppState) {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shell/dist");
    if !dist.join("index.html").exists() {
        println!("\nfirst console load: no shell build (make web)");
        return;
    }
    let app = console_host::web::shell(dist.clone()).with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let origin = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    let mut files = Vec::new();
    let mut pending = vec![dist.clone()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("shell build").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "js" || e == "css" || e == "html") {
                files.push(path.strip_prefix(&dist).expect("inside").to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let client = reqwest::Client::new();
    let (mut plain, mut brotli) = (0usize, 0usize);
    for file in &files {
        for (accept, sum) in [("identity", &mut plain), ("br, gzip", &mut brotli)] {
            let answer = client.get(format!("{origin}/{file}")).header("accept-encoding", accept).send().await;
            *sum += answer.expect("served").bytes().await.expect("body").len();
        }
    }
    println!(
        "\n{:<44} {:>14} {:>14} {:>10}",
        "first console load (shell build)", "uncompressed", "brotli", "brotli/raw"
    );
    println!(
        "{:<44} {:>11} KB {:>11} KB {:>9.2}x",
        format!("{} files", files.len()),
        plain / 1024,
        brotli / 1024,
        brotli as f64 / plain as f64
    );
}
