//! A real host on a loopback port with its own temporary database, and a small HTTP client.
#![allow(dead_code)]

pub mod fleet;
pub mod mosquitto;
pub mod ports;
pub use ports::listen_port;
pub mod s3;
pub mod smtp;

use std::path::{Path, PathBuf};

use console_host::Config;
use reqwest::Method;
use serde_json::{Value, json};

pub const ADMIN_PASSWORD: &str = "Admin#2026";
pub const USER_PASSWORD: &str = "User#2026";
pub const METRICS_TOKEN: &str = "scraper-token-for-tests";

/// The database of a test host in `dir`: SQLite in the folder, or, when the run has a PostgreSQL
/// (`scripts/with-postgres.sh` sets `CONSOLE_TEST_POSTGRES`), a database of its own there, named
/// in the folder so that a host started again on the folder finds it again.
pub async fn database_url(dir: &Path) -> String {
    let Ok(server) = std::env::var("CONSOLE_TEST_POSTGRES") else {
        return format!("sqlite://{}", dir.join("console.db").display());
    };
    let named = dir.join("postgres-url");
    if let Ok(url) = std::fs::read_to_string(&named) {
        return url;
    }
    use sha2::Digest;
    use sqlx::Connection;
    let name = format!("test_{}", &hex::encode(sha2::Sha256::digest(dir.to_string_lossy().as_bytes()))[..24]);
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres")).await.expect("the test PostgreSQL");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut admin).await.expect("a test database");
    let url = format!("{server}/{name}");
    std::fs::write(&named, &url).expect("database name");
    url
}

/// Whether this run's hosts are on PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var_os("CONSOLE_TEST_POSTGRES").is_some()
}

/// A connection pool to a host's database, of either engine, for tests that look behind the API.
pub async fn database(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(url).await.expect("database")
}

/// The text of every row of every table: to assert that a secret is not stored in clear.
pub async fn database_text(url: &str) -> Vec<u8> {
    let db = database(url).await;
    let tables: Vec<String> = if url.starts_with("sqlite:") {
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table'").fetch_all(&db).await
    } else {
        sqlx::query_scalar(
            "SELECT CAST(table_name AS text) FROM information_schema.tables WHERE table_schema = 'public'",
        )
        .fetch_all(&db)
        .await
    }
    .expect("tables");
    let mut text = Vec::new();
    // sqlx's own bookkeeping holds checksums (bytes that are not text) and no secret.
    for table in tables.into_iter().filter(|t| !t.starts_with("_sqlx")) {
        let row_as_text = if url.starts_with("sqlite:") {
            // Every column, whatever its type, as text.
            let columns: Vec<String> = sqlx::query_scalar(&format!("SELECT name FROM pragma_table_info('{table}')"))
                .fetch_all(&db)
                .await
                .expect("columns");
            let joined: Vec<String> = columns.iter().map(|c| format!("COALESCE(CAST(\"{c}\" AS TEXT), '')")).collect();
            format!("SELECT {} FROM \"{table}\"", joined.join(" || ' ' || "))
        } else {
            format!("SELECT CAST(t AS text) FROM \"{table}\" t")
        };
        let rows: Vec<String> =
            sqlx::query_scalar(&row_as_text).fetch_all(&db).await.unwrap_or_else(|e| panic!("rows of {table}: {e}"));
        for row in rows {
            text.extend_from_slice(row.as_bytes());
        }
    }
    text
}

pub struct TestHost {
    pub base: String,
    pub dir: tempfile::TempDir,
    pub database_url: String,
    /// The router the server serves, for tests that drive it in-process (cancellation).
    pub app: axum::Router,
    /// What the router serves: for tests that stop the host or look at its parts.
    pub state: console_host::AppState,
    client: reqwest::Client,
    /// Enterprise accounts this helper made, by name: they sign in as `name@ABBREVIATION`.
    sign_in_names: std::sync::Mutex<std::collections::HashMap<String, String>>,
    /// The abbreviations of the enterprises [`TestHost::create_tenant`] made.
    abbreviations: std::sync::Mutex<std::collections::HashMap<i64, String>>,
}

/// The PEM blocks labelled `label` in `text` (`CERTIFICATE`, `ENCRYPTED PRIVATE KEY`).
pub fn pem_blocks(text: &str, label: &str) -> Vec<String> {
    let (begin, end) = (format!("-----BEGIN {label}-----"), format!("-----END {label}-----"));
    text.match_indices(&begin)
        .map(|(at, _)| {
            let stop = text[at..].find(&end).expect("closed") + at + end.len();
            format!("{}\n", &text[at..stop])
        })
        .collect()
}

#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(-1)
    }
    pub fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or("")
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.code(), 200, "expected success, got {:?}", self.body);
        &self.body["data"]
    }
}

/// A plugin to install in a test host: a built `.wasm` of this workspace and its manifest.
#[derive(Clone)]
pub struct Install {
    pub id: String,
    pub wasm: PathBuf,
    pub manifest: PathBuf,
    pub enabled_by_default: bool,
    /// TOML lines of `[plugin.grants]`.
    pub grants: String,
    /// Pin another hash than the artefact's (tamper tests).
    pub sha256: Option<String>,
    /// A remote folder and the digest to pin for it (`None`: the folder's own).
    pub remote: Option<(PathBuf, Option<String>)>,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A component built by `make test-plugins` (cargo build --release --target wasm32-wasip2).
pub fn wasm(name: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| repo().join("target"));
    let path = target.join("wasm32-wasip2/release").join(format!("{name}.wasm"));
    assert!(path.exists(), "{} is missing: build the plugins with `make test-plugins`", path.display());
    path
}

impl Install {
    pub fn pet() -> Install {
        Install {
            id: "pet".into(),
            wasm: wasm("pet"),
            manifest: repo().join("plugins/pet/plugin.toml"),
            enabled_by_default: true,
            grants: "events = true\nfiles = true".into(),
            sha256: None,
            remote: None,
        }
    }

    /// A product plugin of `plugins/<id>`, enabled for every tenant.
    pub fn plugin(id: &str, grants: &str) -> Install {
        Install {
            id: id.into(),
            wasm: wasm(&id.replace('-', "_")),
            manifest: repo().join(format!("plugins/{id}/plugin.toml")),
            enabled_by_default: true,
            grants: grants.into(),
            sha256: None,
            remote: None,
        }
    }

    pub fn probe(grants: &str) -> Install {
        Install::fixture("probe", grants)
    }

    /// A test plugin of `host/tests/fixtures/<id>`, enabled for every tenant.
    pub fn fixture(id: &str, grants: &str) -> Install {
        Install {
            id: id.into(),
            wasm: wasm(&id.replace('-', "_")),
            manifest: repo().join(format!("host/tests/fixtures/{id}/plugin.toml")),
            enabled_by_default: true,
            grants: grants.into(),
            sha256: None,
            remote: None,
        }
    }
}

/// Writes a plugins.toml for `plugins` into `dir`.
pub fn write_plugins_toml(dir: &Path, plugins: &[Install]) -> PathBuf {
    let mut text = String::new();
    for p in plugins {
        let bytes = std::fs::read(&p.wasm).expect("artefact");
        let sha = p.sha256.clone().unwrap_or_else(|| console_host::plugins::installation::sha256_hex(&bytes));
        let remote = p.remote.as_ref().map_or(String::new(), |(dir, pinned)| {
            let digest = pinned.clone().unwrap_or_else(|| {
                console_host::plugins::remote::RemoteFiles::read(dir).expect("remote folder").digest
            });
            format!("remote_dir = {dir:?}\nremote_sha256 = \"{digest}\"\n")
        });
        text.push_str(&format!(
            "[[plugin]]\nid = \"{}\"\nmanifest = {:?}\nartefact = {:?}\nsha256 = \"{sha}\"\nenabled_by_default = {}\n{remote}[plugin.grants]\n{}\n\n",
            p.id, p.manifest, p.wasm, p.enabled_by_default, p.grants
        ));
    }
    let path = dir.join("plugins.toml");
    std::fs::write(&path, text).expect("plugins.toml");
    path
}

impl TestHost {
    pub async fn start() -> TestHost {
        Self::start_with(|_| {}).await
    }

    pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> TestHost {
        Self::start_with_plugins(&[Install::pet()], adjust).await
    }

    /// A host with exactly these plugins installed.
    pub async fn start_with_plugins(plugins: &[Install], adjust: impl FnOnce(&mut Config)) -> TestHost {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        Self::start_on(listener, plugins, adjust).await
    }

    /// The same on a listener bound before: two hosts that must know each other's address in
    /// their grants (two service regions).
    pub async fn start_on(
        listener: tokio::net::TcpListener,
        plugins: &[Install],
        adjust: impl FnOnce(&mut Config),
    ) -> TestHost {
        // The host's warnings go to the test's own output, shown when it fails.
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("warn,sqlx::postgres::notice=error"))
            .with_test_writer()
            .try_init();
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::with_data_dir(dir.path().to_path_buf());
        config.database_url = database_url(dir.path()).await;
        config.admin_password = Some(ADMIN_PASSWORD.into());
        config.plugins = write_plugins_toml(dir.path(), plugins);
        // Shared by the tests: a plugin is compiled once per build, not once per test.
        config.cache_dir = Some(repo().join("target/test-plugin-cache"));
        config.metrics_token = Some(METRICS_TOKEN.into());
        // The test binary is not the console host: the render workers run the built host.
        config.render_program = Some(PathBuf::from(env!("CARGO_BIN_EXE_console-host")));
        adjust(&mut config);
        let config_url = config.database_url.clone();
        let state = console_host::prepare(config).await.expect("host starts");
        let app = console_host::app(state.clone());
        let addr = listener.local_addr().expect("addr");
        let served = app.clone();
        tokio::spawn(console_host::serve(listener, served, std::future::pending()));
        TestHost {
            base: format!("http://{addr}/api"),
            database_url: config_url,
            dir,
            app,
            state,
            client: reqwest::Client::new(),
            sign_in_names: Default::default(),
            abbreviations: Default::default(),
        }
    }

    /// One request; `headers` may carry tenantId, lang, ...
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> Answer {
        let mut req = self.client.request(method, format!("{}{}", self.base, path));
        if let Some(token) = token {
            req = req.header("authorization", token);
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.expect("request sent");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
        Answer { status, body }
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Answer {
        self.call(Method::POST, path, Some(token), &[("lang", "en")], Some(body)).await
    }

    pub async fn put(&self, path: &str, token: &str, body: Value) -> Answer {
        self.call(Method::PUT, path, Some(token), &[("lang", "en")], Some(body)).await
    }

    pub async fn post_as(&self, path: &str, token: &str, tenant: &str, body: Value) -> Answer {
        self.call(Method::POST, path, Some(token), &[("lang", "en"), ("tenantId", tenant)], Some(body)).await
    }

    /// Uploads `bytes` for `mount`'s `purpose` as the browser does; the answer's envelope.
    pub async fn upload(&self, token: &str, mount: &str, purpose: &str, name: &str, bytes: &[u8]) -> Value {
        let res = self
            .client
            .post(format!("{}/files/upload/{mount}/{purpose}?fileName={name}", self.base))
            .header("authorization", token)
            .header("lang", "en")
            .body(bytes.to_vec())
            .send()
            .await
            .expect("sent");
        res.json().await.expect("an envelope")
    }

    /// The console's event socket (`/api/events/ws`) of a signed-in user, as the shell opens it.
    pub async fn console_socket(&self, token: &str) -> ConsoleSocket {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let url = self.base.replace("http://", "ws://") + "/events/ws";
        let mut request = url.into_client_request().expect("request");
        let protocols = format!("console.v1, {token}").parse().expect("header");
        request.headers_mut().insert("sec-websocket-protocol", protocols);
        ConsoleSocket(tokio_tungstenite::connect_async(request).await.expect("the console's socket").0)
    }

    /// A request written by hand whose `content-length` announces `length` bytes, of which only
    /// the first 64 KiB follow: what the host answers before it would have read more.
    pub async fn announce(&self, token: &str, path: &str, length: u64) -> String {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let addr = self.base.trim_start_matches("http://").trim_end_matches("/api").to_string();
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let head = format!(
            "POST /api{path} HTTP/1.1\r\nhost: x\r\nauthorization: {token}\r\nlang: en\r\n\
             content-type: application/octet-stream\r\ncontent-length: {length}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).await.expect("write");
        let _ = stream.write_all(&[0u8; 65536]).await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
        String::from_utf8_lossy(&answer).into_owned()
    }

    /// The bytes behind a URL the host handed out (`/api/files/...`), fetched without a session.
    pub async fn fetch_url(&self, url: &str) -> Vec<u8> {
        let origin = self.base.trim_end_matches("/api");
        reqwest::get(format!("{origin}{url}")).await.expect("sent").bytes().await.expect("body").to_vec()
    }

    pub async fn get(&self, path: &str, token: &str) -> Answer {
        self.call(Method::GET, path, Some(token), &[("lang", "en")], None).await
    }

    pub async fn get_as(&self, path: &str, token: &str, tenant: &str) -> Answer {
        self.call(Method::GET, path, Some(token), &[("lang", "en"), ("tenantId", tenant)], None).await
    }

    /// What the database holds, to assert a secret is not stored in clear: on SQLite the bytes
    /// of its files (main and WAL, deleted rows included), on PostgreSQL every row as text.
    pub async fn database_bytes(&self) -> Vec<u8> {
        if on_postgres() {
            return database_text(&self.database_url).await;
        }
        ["console.db", "console.db-wal"]
            .iter()
            .filter_map(|f| std::fs::read(self.dir.path().join(f)).ok())
            .flatten()
            .collect()
    }

    /// The Prometheus text of `/metrics`.
    pub async fn metrics(&self) -> String {
        let url = self.base.trim_end_matches("/api").to_string() + "/metrics";
        let scrape = self.client.get(url).bearer_auth(METRICS_TOKEN).send().await.expect("metrics");
        assert_eq!(scrape.status(), 200, "the scraper's token is accepted");
        scrape.text().await.unwrap_or_default()
    }

    /// A counter or gauge of `/metrics` whose line contains every `needle`.
    pub async fn metric(&self, name: &str, needles: &[&str]) -> f64 {
        self.metrics()
            .await
            .lines()
            .filter(|l| l.starts_with(name) && needles.iter().all(|n| l.contains(n)))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    }

    pub async fn try_login(&self, user: &str, password: &str) -> Answer {
        self.call(
            Method::POST,
            "/authority-service/authority/login",
            None,
            &[("lang", "en"), ("user-agent", "integration-test")],
            Some(json!({ "userName": user, "password": password })),
        )
        .await
    }

    /// Signs in an account; enterprise accounts [`TestHost::create_account`] made by their name.
    pub async fn login(&self, user: &str, password: &str) -> String {
        let answer = self.try_login(&self.sign_in_name(user), password).await;
        answer.ok()["token"].as_str().expect("token").to_string()
    }

    pub async fn admin(&self) -> String {
        self.login("admin", ADMIN_PASSWORD).await
    }

    /// Creates an enterprise and returns its id.
    pub async fn create_tenant(&self, admin: &str, name: &str, seed: u32) -> i64 {
        let body = json!({
            "tenantName": name, "fullName": format!("{name} Ltd"), "abbrEn": name.to_uppercase(),
            "creditCode": credit_code(seed),
        });
        let id = self.post("/authority-service/tenantInfo/add", admin, body).await.ok()["id"].as_i64().expect("id");
        self.abbreviations.lock().expect("abbreviations").insert(id, name.to_uppercase());
        id
    }

    /// Button ids of the given actions.
    pub async fn button_ids(&self, admin: &str, actions: &[&str]) -> Vec<i64> {
        let answer = self.post("/authority-service/button/list", admin, json!({ "pageSize": 500 })).await;
        let list = answer.ok()["list"].as_array().expect("buttons").clone();
        actions
            .iter()
            .map(|action| {
                list.iter()
                    .find(|b| b["action"] == *action)
                    .and_then(|b| b["id"].as_i64())
                    .unwrap_or_else(|| panic!("no button {action}"))
            })
            .collect()
    }

    /// A role in `tenant` ("ALL" for the platform) holding exactly `actions`.
    pub async fn create_role(&self, admin: &str, tenant: &str, name: &str, role_type: &str, actions: &[&str]) -> i64 {
        let id = self
            .post_as("/authority-service/role/add", admin, tenant, json!({ "name": name, "roleType": role_type }))
            .await
            .ok()["id"]
            .as_i64()
            .expect("role id");
        if !actions.is_empty() {
            let buttons = self.button_ids(admin, actions).await;
            self.post_as("/authority-service/role/grant", admin, tenant, json!({ "id": id, "buttonIds": buttons }))
                .await
                .ok();
        }
        id
    }

    /// An account in `tenant` ("ALL" for the platform) with the given roles and USER_PASSWORD.
    pub async fn create_account(&self, admin: &str, tenant: &str, username: &str, role_ids: &[i64]) -> i64 {
        let body = json!({
            "userName": username, "name": username, "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": role_ids,
            "password": USER_PASSWORD, "confirmPassword": USER_PASSWORD,
        });
        let id = self.post_as("/authority-service/account/add", admin, tenant, body).await.ok()["id"]
            .as_i64()
            .expect("account id");
        if let Ok(tenant_id) = tenant.parse::<i64>()
            && tenant_id != 0
        {
            let abbreviation = self.abbreviations.lock().expect("abbreviations").get(&tenant_id).cloned();
            if let Some(abbreviation) = abbreviation {
                let mut names = self.sign_in_names.lock().expect("names");
                names.insert(username.to_string(), format!("{username}@{abbreviation}"));
            }
        }
        id
    }

    /// How `username` signs in: `name@ABBREVIATION` for an enterprise account made by
    /// [`TestHost::create_account`], the name itself otherwise.
    pub fn sign_in_name(&self, username: &str) -> String {
        let names = self.sign_in_names.lock().expect("names");
        names.get(username).cloned().unwrap_or_else(|| username.to_string())
    }
}

/// `len` bytes that are not a repeated pattern (a xorshift stream from `seed`): no compression
/// or deduplication on the way can make them look smaller.
pub fn content(len: usize, seed: u64) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

/// A valid unified social credit code (GB 32100-2015) made from `seed`.
pub fn credit_code(seed: u32) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [usize; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    let body = format!("9135010057{seed:07}");
    let sum: usize =
        body.bytes().zip(WEIGHTS).map(|(c, w)| ALPHABET.iter().position(|a| *a == c).expect("alphabet") * w).sum();
    let check = ALPHABET[(31 - sum % 31) % 31] as char;
    format!("{body}{check}")
}

/// A size line of `/proc/<process>/status` (`VmRSS:`, `VmHWM:`) in MiB; `process` is a pid or
/// `self`.
pub fn proc_status_mib(process: &str, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).expect("/proc status");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    kib / 1024
}

/// The built `console-host` as its own process, so that the memory measured is the host's alone,
/// not the test client's.
pub struct ProcessHost {
    child: std::process::Child,
    pub base: String,
    pub dir: tempfile::TempDir,
    pub database_url: String,
}

impl Drop for ProcessHost {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ProcessHost {
    /// Starts with `plugins` installed and waits until the administrator can sign in.
    pub async fn start(plugins: &[Install]) -> ProcessHost {
        Self::start_in(tempfile::tempdir().expect("dir"), plugins).await
    }

    /// Starts on the data folder `dir` (a new one, or one a killed host left).
    pub async fn start_in(dir: tempfile::TempDir, plugins: &[Install]) -> ProcessHost {
        Self::start_with_env(dir, plugins, &[]).await
    }

    /// Starts with extra environment variables (object storage settings, say), which stay this
    /// process's own.
    pub async fn start_with_env(dir: tempfile::TempDir, plugins: &[Install], env: &[(&str, String)]) -> ProcessHost {
        use std::process::Command;
        let port = listen_port();
        let database_url = database_url(dir.path()).await;
        let log = std::fs::File::create(dir.path().join("host.log")).expect("log file");
        let child = Command::new(env!("CARGO_BIN_EXE_console-host"))
            .env("CONSOLE_LISTEN", format!("127.0.0.1:{port}"))
            .env("CONSOLE_DATA_DIR", dir.path())
            .env("CONSOLE_DATABASE_URL", &database_url)
            .env("CONSOLE_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("CONSOLE_PLUGINS", write_plugins_toml(dir.path(), plugins))
            .env("CONSOLE_CACHE_DIR", repo().join("target/test-plugin-cache"))
            .env("CONSOLE_TRUSTED_PROXIES", "127.0.0.0/8")
            // The MQTT ports stay free for a console the developer runs.
            .env("CONSOLE_MQTT_LISTEN", "off")
            .env("CONSOLE_MQTTS_LISTEN", "off")
            .env("RUST_LOG", "warn")
            .envs(env.iter().map(|(name, value)| (*name, value.as_str())))
            // What it logs (tracing writes to standard output), for a test to read
            // ([`ProcessHost::log`]).
            .stdout(log.try_clone().expect("log file"))
            .stderr(log)
            .spawn()
            .expect("console-host starts");
        let host = ProcessHost { child, base: format!("http://127.0.0.1:{port}/api"), dir, database_url };
        for _ in 0..400 {
            if host.sign_in("admin", ADMIN_PASSWORD, "127.0.0.1").await.is_some_and(|a| a["code"] == 200) {
                return host;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the host did not start");
    }

    /// The sign-in's envelope, from the address `from` (the host trusts `x-forwarded-for`).
    pub async fn sign_in(&self, user: &str, password: &str, from: &str) -> Option<Value> {
        let res = reqwest::Client::new()
            .post(format!("{}/authority-service/authority/login", self.base))
            .header("x-forwarded-for", from)
            .json(&json!({ "userName": user, "password": password }))
            .send()
            .await
            .ok()?;
        res.json::<Value>().await.ok()
    }

    pub async fn admin(&self) -> String {
        let answer = self.sign_in("admin", ADMIN_PASSWORD, "127.0.0.1").await.expect("signed in");
        answer["data"]["token"].as_str().expect("token").to_string()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The host's exit status once it has exited by itself, waiting at most `wait`.
    pub async fn exit_within(&mut self, wait: std::time::Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + wait;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        None
    }

    /// Kills the host with SIGKILL (no shutdown of any kind) and hands back its data folder.
    pub fn kill(mut self) -> tempfile::TempDir {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
        let dir = tempfile::tempdir().expect("dir");
        std::mem::replace(&mut self.dir, dir)
    }

    /// What the host has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("host.log")).unwrap_or_default()
    }

    /// A field of `/proc/<host>/status` (`VmRSS:`, `VmHWM:`) in MiB.
    pub fn status_mib(&self, field: &str) -> u64 {
        proc_status_mib(&self.child.id().to_string(), field)
    }
}

/// A `width`×`height` PNG, with an alpha channel when `alpha`.
pub fn png(width: u32, height: u32, alpha: bool) -> Vec<u8> {
    use image::ImageEncoder as _;
    let color = if alpha { image::ExtendedColorType::Rgba8 } else { image::ExtendedColorType::Rgb8 };
    let pixels = vec![90u8; (width * height) as usize * if alpha { 4 } else { 3 }];
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out).write_image(&pixels, width, height, color).expect("png");
    out
}

/// The console's event socket.
pub struct ConsoleSocket(
    pub tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl ConsoleSocket {
    /// The next event as JSON, if one comes within `wait`.
    pub async fn next(&mut self, wait: std::time::Duration) -> Option<Value> {
        use futures_util::StreamExt as _;
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.0.next()).await.ok()??.ok()?;
            match frame {
                tokio_tungstenite::tungstenite::Message::Text(text) => return serde_json::from_str(&text).ok(),
                tokio_tungstenite::tungstenite::Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// The next event of `topic` whose payload's `type` is `kind`, within `wait`.
    pub async fn next_of(&mut self, topic: &str, kind: &str, wait: std::time::Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let event = self.next(left).await?;
            if event["topic"] == topic && event["payload"]["type"] == kind {
                return Some(event["payload"].clone());
            }
        }
    }
}
