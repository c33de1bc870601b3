//! `BENCH_ONLY=mqtt make bench`: 10,000 simulated devices (`BENCH_MQTT_DEVICES`)
//! connected over MQTT to one host with the embedded gateway (the release binary in a process of
//! its own, so its RSS is the host's alone), then through a real Mosquitto with the host as its
//! client, beside the same devices over HTTP in the same run: sign-ins, RSS per 1,000 sessions,
//! reports per second into the shadow with their latency (publish to the answer on the reply
//! topic, sent once the shadow is written), and the command round trip (the console's set to the
//! device's answer recorded). Beside them, paho-mqtt (`scripts/mqtt-load.py`, a client nobody here
//! wrote) reports in a closed loop to the embedded gateway, and to the broker alone with one client
//! answering each report: the anchor, what an MQTT round trip costs on this machine.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use devsim::mqtt::{MqttDevice, Options};
use serde_json::{Map, Value, json};
use tokio::sync::Semaphore;

use super::mosquitto::{HOST_PASSWORD, HOST_USER, Mosquitto, device_account, free_port};
use super::{ADMIN_PASSWORD, Load, ROUND, login, ms, percentile};

/// Devices connected at once (`BENCH_MQTT_DEVICES` overrides it for a quick run).
fn device_count() -> u32 {
    std::env::var("BENCH_MQTT_DEVICES").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000)
}
/// Of them, the devices reporting as fast as they are answered, over MQTT and then over HTTP
/// (`BENCH_MQTT_REPORTING`, 256: enough in flight that a batch fills while the one before is
/// written, as a fleet's reports would).
fn reporting() -> usize {
    std::env::var("BENCH_MQTT_REPORTING").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}
/// Devices taking commands at once, and the commands each takes.
const COMMANDED: usize = 16;
const COMMANDS_EACH: usize = 20;

/// A line of `/proc/<pid>/status` in KiB: `VmRSS`, `RssAnon`.
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
        .unwrap_or(0)
}

fn rss_kib(pid: u32) -> u64 {
    status_kib(pid, "VmRSS")
}

fn battery(n: usize) -> Map<String, Value> {
    json!({ "battery": n % 101 }).as_object().cloned().expect("params")
}

/// Runs `work` for each item, `at_once` at a time; how long it all took.
pub(super) async fn bounded<T: Send + 'static, R: Send + 'static, F>(
    items: Vec<T>,
    at_once: usize,
    work: F,
) -> (Vec<R>, Duration)
where
    F: Fn(T) -> std::pin::Pin<Box<dyn std::future::Future<Output = R> + Send>> + Send + Sync + 'static,
{
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(at_once));
    let work = Arc::new(work);
    let tasks: Vec<_> = items
        .into_iter()
        .map(|item| {
            let (gate, work) = (gate.clone(), work.clone());
            tokio::spawn(async move {
                let _turn = gate.acquire_owned().await.expect("gate");
                work(item).await
            })
        })
        .collect();
    let mut done = Vec::new();
    for task in tasks {
        done.push(task.await.expect("task"));
    }
    (done, started.elapsed())
}

/// The release host in a process of its own on `data`, with `env`; stopped when dropped.
pub(super) struct Host {
    child: Child,
    pub(super) origin: String,
}

/// The hosts' log of the last MQTT bench: `target/tmp/mqtt-host.log`.
fn host_log() -> Stdio {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mqtt-host.log");
    std::fs::OpenOptions::new().create(true).append(true).open(path).map_or_else(|_| Stdio::null(), Stdio::from)
}

impl Host {
    pub(super) async fn start(data: &Path, cache: &Path, plugins: &Path, env: &[(&str, String)]) -> Host {
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_console-host"));
        command
            .args(["--listen", &format!("127.0.0.1:{port}")])
            .arg("--data-dir")
            .arg(data)
            .arg("--database-url")
            .arg(format!("sqlite://{}", data.join("console.db").display()))
            .arg("--cache-dir")
            .arg(cache)
            .arg("--plugins")
            .arg(plugins)
            .env("CONSOLE_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("CONSOLE_MQTT_LISTEN", "off")
            .env("CONSOLE_MQTTS_LISTEN", "off")
            .env("RUST_LOG", "warn")
            // What it logs, kept past the bench's temporary folder for a failed run.
            .stdout(host_log())
            .stderr(Stdio::inherit());
        for (name, value) in env {
            command.env(name, value);
        }
        let child = command.spawn().expect("host binary");
        let origin = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        let started = Instant::now();
        while !client.get(format!("{origin}/api/openapi.json")).send().await.is_ok_and(|r| r.status().is_success()) {
            assert!(started.elapsed() < Duration::from_secs(120), "host did not start");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Host { child, origin }
    }

    pub(super) fn rss_kib(&self) -> u64 {
        rss_kib(self.child.id())
    }

    /// The host's own memory: its resident pages but those of files it maps (SQLite reads its
    /// database through a mapping, and those pages are the system's file cache).
    pub(super) fn anonymous_kib(&self) -> u64 {
        status_kib(self.child.id(), "RssAnon")
    }

    /// The CPU time the host has used, user and system (`/proc/<pid>/stat`, in clock ticks of
    /// 10 ms).
    pub(super) fn cpu_secs(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        let fields: Vec<&str> =
            stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
        let ticks = |n: usize| fields.get(n).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        (ticks(11) + ticks(12)) / 100.0
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// The console's side of the round trips: its HTTP client, API base and token.
#[derive(Clone)]
struct Operator {
    client: reqwest::Client,
    base: String,
    token: String,
}

/// One transport's figures: sign-ins, memory, reports and command round trips.
struct Figures {
    sign_ins_per_s: f64,
    /// MiB per 1,000 sessions, of the host (and of the broker, when there is one).
    rss_per_1000: f64,
    broker_rss_per_1000: Option<f64>,
    reports: Load,
    commands: Vec<Duration>,
}

pub async fn mqtt(dir: &Path, cache: &Path, plugins: &Path) {
    let count = device_count();
    let data = dir.join("mqtt-host");
    let mqtt_port = free_port();
    let host = Host::start(&data, cache, plugins, &[("CONSOLE_MQTT_LISTEN", format!("127.0.0.1:{mqtt_port}"))]).await;
    let client = reqwest::Client::new();
    let token = login(&client, &format!("{}/api", host.origin)).await;
    let (fleet, activating) = activated_fleet(&host.origin, &token, count).await;
    let accounts: Vec<(String, String, String)> =
        fleet.iter().map(|(d, product_key, key)| (d.sn.clone(), product_key.clone(), key.clone())).collect();

    // 1. The embedded gateway: every device signs in with its SN's signature.
    let idle_rss = host.rss_kib();
    let (mut sessions, signing_in) = sign_in_all(&accounts, move |(sn, product_key, key)| async move {
        MqttDevice::connect(("127.0.0.1", mqtt_port), &sn, &product_key, &key).await
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let connected_rss = host.rss_kib();
    let cpu_before = host.cpu_secs();
    let reports = mqtt_reports(sessions.drain(..reporting()).collect()).await;
    let embedded_cpu = (host.cpu_secs() - cpu_before) / reports.requests as f64;
    tokio::time::sleep(Duration::from_secs(1)).await;
    // The same reports from paho-mqtt, a client nobody here wrote, signing in anew.
    let paho_devices: Vec<Value> = accounts[..reporting()]
        .iter()
        .map(|(sn, product_key, key)| {
            let (user, client_id, password) = devsim::mqtt::credentials(sn, product_key, key, devsim::now_ms());
            json!({ "sn": sn, "productKey": product_key, "user": user, "clientId": client_id, "password": password })
        })
        .collect();
    // Meanwhile an operator adds roles: a core write's wait behind the reports' batches.
    let operator = Operator { client, base: format!("{}/api", host.origin), token };
    let (dir_owned, paho_devices_owned) = (dir.to_path_buf(), paho_devices.clone());
    let paho = tokio::task::spawn_blocking(move || paho_load(&dir_owned, mqtt_port, &paho_devices_owned, None));
    let core_writes = core_writes_until(&operator, paho).await;
    let paho_embedded = core_writes.1;
    let core_writes = core_writes.0;
    tokio::time::sleep(Duration::from_secs(1)).await;

    // 2. The same host's HTTP device path, while the other MQTT sessions stay connected.
    let mut http_devices: Vec<devsim::Device> =
        fleet.into_iter().map(|(device, _, _)| device).take(reporting().max(COMMANDED)).collect();
    let cpu_before = host.cpu_secs();
    let over_http = http_reports(&mut http_devices).await;
    let http_cpu = (host.cpu_secs() - cpu_before) / over_http.requests as f64;
    let commands = mqtt_commands(sessions.drain(..COMMANDED).collect(), &operator).await;
    let command_http = http_commands(http_devices.drain(..COMMANDED).collect(), &operator).await;
    let embedded = Figures {
        sign_ins_per_s: f64::from(count) / signing_in.as_secs_f64(),
        rss_per_1000: per_1000(connected_rss.saturating_sub(idle_rss), count),
        broker_rss_per_1000: None,
        reports,
        commands,
    };
    drop(sessions);
    drop(host);

    // 3. Through Mosquitto: the same host, restarted on the same data as a client of the broker
    // (MQTT 5, a shared subscription); the devices sign in with their broker passwords.
    let broker_accounts: Vec<_> = accounts.iter().map(|(sn, product_key, _)| device_account(product_key, sn)).collect();
    let broker = Mosquitto::start(free_port(), &broker_accounts).await;
    let broker_port = broker.port;
    // The anchor, before the host is there: the same paho client against the broker alone, one
    // client answering every report on its reply topic (what one MQTT round trip costs here).
    let paho_broker_devices: Vec<Value> = broker_accounts
        .iter()
        .zip(&accounts)
        .take(reporting())
        .map(|((user, password, _), (sn, product_key, _))| {
            json!({ "sn": sn, "productKey": product_key, "user": user, "clientId": format!("paho-{sn}"), "password": password })
        })
        .collect();
    let paho_anchor = paho_load(dir, broker_port, &paho_broker_devices, Some(&format!("{HOST_USER}:{HOST_PASSWORD}")));
    let external = [
        ("CONSOLE_MQTT", "external".to_string()),
        ("CONSOLE_MQTT_BROKER", format!("127.0.0.1:{broker_port}")),
        ("CONSOLE_MQTT_BROKER_USER", HOST_USER.to_string()),
        ("CONSOLE_MQTT_BROKER_PASSWORD", HOST_PASSWORD.to_string()),
    ];
    let host = Host::start(&data, cache, plugins, &external).await;
    let operator = Operator { base: format!("{}/api", host.origin), ..operator };
    let (idle_host, idle_broker) = (host.rss_kib(), rss_kib(broker.pid()));
    let (mut sessions, signing_in) = sign_in_all(&accounts, move |(sn, product_key, _)| async move {
        let (_, password, _) = device_account(&product_key, &sn);
        let options = Options { password: Some(password), ..Options::default() };
        MqttDevice::connect_with(("127.0.0.1", broker_port), &sn, &product_key, "", options).await
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (host_rss, broker_rss) = (host.rss_kib(), rss_kib(broker.pid()));
    // The host's subscription may come a moment after the broker starts: a first report each
    // (through a broker a device is online while its messages come).
    for device in sessions.iter_mut().take(reporting() + COMMANDED) {
        answered_once(device).await;
    }
    let reports = mqtt_reports(sessions.drain(..reporting()).collect()).await;
    let commands = mqtt_commands(sessions.drain(..COMMANDED).collect(), &operator).await;
    let brokered = Figures {
        sign_ins_per_s: f64::from(count) / signing_in.as_secs_f64(),
        rss_per_1000: per_1000(host_rss.saturating_sub(idle_host), count),
        broker_rss_per_1000: Some(per_1000(broker_rss.saturating_sub(idle_broker), count)),
        reports,
        commands,
    };
    drop(sessions);
    drop(host);
    drop(broker);

    print_figures(count, activating, &embedded, &brokered, &over_http, &command_http);
    // The simulator's devices share the two cores with the host: what the host alone spends.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    println!(
        "host CPU per report (the simulator's own CPU left out): embedded {:.0} µs, HTTP {:.0} µs: \
         {:.0} and {:.0} reports/s if the host had the {cores} cores to itself",
        embedded_cpu * 1e6,
        http_cpu * 1e6,
        cores / embedded_cpu,
        cores / http_cpu
    );
    println!(
        "\na core write (role/add, one every 50 ms) while paho-mqtt reports: {} writes, p50 {}, p99 {}",
        core_writes.len(),
        ms(percentile(&core_writes, 0.50)),
        ms(percentile(&core_writes, 0.99))
    );
    println!(
        "\npaho-mqtt ({} devices, closed loop, QoS 1, four properties a report; scripts/mqtt-load.py)",
        reporting()
    );
    println!("{:<44} {:>12} {:>10} {:>10} {:>8}", "", "reports/s", "p50 ms", "p99 ms", "vs. anchor");
    for (label, run) in
        [("the console (embedded gateway)", &paho_embedded), ("anchor: Mosquitto + paho responders", &paho_anchor)]
    {
        let per_s = run["per_s"].as_f64().unwrap_or(0.0);
        println!(
            "{label:<44} {per_s:>12.0} {:>10} {:>10} {:>7.3}x   (not answered 200: {})",
            run["p50_ms"],
            run["p99_ms"],
            per_s / paho_anchor["per_s"].as_f64().unwrap_or(f64::NAN),
            run["refused"]
        );
    }
}

/// `count` devices, a product for each 5,000 (a model's SNs end in four digits) and at least
/// two, each activated over HTTP once, 64 at a time: each with its product key and its SN's
/// key (what it signs in with); and how long activating took.
pub(super) async fn activated_fleet(
    origin: &str,
    token: &str,
    count: u32,
) -> (Vec<(devsim::Device, String, String)>, Duration) {
    let console = devsim::console::Console::with_token(origin, token);
    let fleet_key = console.fleet_key(0, "bench").await.expect("fleet key");
    let products = count.div_ceil(5000).max(2);
    let mut keys = Vec::new();
    for n in 0..products {
        let share = count / products + u32::from(n < count % products);
        let code = format!("BENCH-M{n}");
        let (product, model_id) = console.product(&code, devsim::console::vacuum()).await.expect("a product");
        let product_key = product["productKey"].as_str().expect("product key").to_string();
        let platform = devsim::Platform::new(origin, &fleet_key, &product_key);
        let sns = devsim::read_key_file(&console.sn_keys(&model_id, share).await.expect("SNs"));
        keys.extend(sns.into_iter().map(|(sn, key)| (platform.clone(), sn, key)));
    }
    let activate = |(platform, sn, key): (devsim::Platform, String, String)| {
        Box::pin(async move {
            // A device told to come back (409, 503, 504: nothing changed) comes back a moment later.
            let mut tries = 0;
            let device = loop {
                tries += 1;
                match platform.activate(&sn, &key).await {
                    Err(busy) if [409, 503, 504].contains(&busy.code) && tries < 30 => {
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                    activated => break activated.expect("activated"),
                }
            };
            (device, platform.product_key().to_string(), key)
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = _> + Send>>
    };
    bounded(keys, 64, activate).await
}

/// Adds a role every 50 ms until `load` ends: each write's time (sorted), and what `load` gave.
async fn core_writes_until<T>(operator: &Operator, mut load: tokio::task::JoinHandle<T>) -> (Vec<Duration>, T) {
    let mut took = Vec::new();
    let mut every = tokio::time::interval(Duration::from_millis(50));
    loop {
        tokio::select! {
            done = &mut load => {
                took.sort();
                return (took, done.expect("load"));
            }
            _ = every.tick() => {
                let sent = Instant::now();
                let name = format!("bench-{}", devsim::now_ms() % 1_000_000_000);
                let answer: Value = operator
                    .client
                    .post(format!("{}/authority-service/role/add", operator.base))
                    .header("authorization", &operator.token)
                    .json(&json!({ "name": name, "roleType": "ordinary" }))
                    .send()
                    .await
                    .expect("role/add")
                    .json()
                    .await
                    .expect("json");
                if answer["code"] == 200 {
                    took.push(sent.elapsed());
                }
            }
        }
    }
}

/// Runs `scripts/mqtt-load.py` (paho-mqtt, in the bench's virtual environment) for 6 s: its
/// figures, as it printed them.
fn paho_load(dir: &Path, port: u16, devices: &[Value], responder: Option<&str>) -> Value {
    let accounts = dir.join(format!("paho-{port}.json"));
    std::fs::write(&accounts, serde_json::to_vec(devices).expect("json")).expect("accounts");
    let python = std::env::var("BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/mqtt-load.py");
    let mut command = std::process::Command::new(python);
    command.arg(script).arg("--accounts").arg(&accounts).arg("--port").arg(port.to_string());
    if let Some(responder) = responder {
        command.arg("--responder").arg(responder);
    }
    match command.output() {
        Ok(out) if out.status.success() => {
            serde_json::from_slice(out.stdout.trim_ascii()).unwrap_or_else(|_| json!({ "error": "unreadable" }))
        }
        Ok(out) => json!({ "error": String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("").to_string() }),
        Err(err) => json!({ "error": err.to_string() }),
    }
}

fn per_1000(kib: u64, count: u32) -> f64 {
    kib as f64 / 1024.0 / (f64::from(count) / 1000.0)
}

/// Every account signed in by `connect`, as many at a time as the embedded gateway lets one
/// address sign in (the simulator's client cannot choose its own address), each tried again
/// after a refusal; how long it took.
async fn sign_in_all<F, Fut>(accounts: &[(String, String, String)], connect: F) -> (Vec<MqttDevice>, Duration)
where
    F: Fn((String, String, String)) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = Result<MqttDevice, devsim::mqtt::Refused>> + Send + 'static,
{
    let connect = Arc::new(connect);
    let sign_in = move |account: (String, String, String)| {
        let connect = connect.clone();
        Box::pin(async move {
            let mut tries = 0;
            loop {
                tries += 1;
                match connect(account.clone()).await {
                    Ok(device) => return device,
                    Err(refused) if tries < 20 => {
                        tracing::debug!(sn = %account.0, ?refused, "signing in again");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    Err(refused) => panic!("{} signs in: {refused:?}", account.0),
                }
            }
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = MqttDevice> + Send>>
    };
    bounded(accounts.to_vec(), console_host::mqtt::limits::CONNECTING_PER_ADDRESS, sign_in).await
}

/// A first report answered, tried a few times.
async fn answered_once(device: &mut MqttDevice) {
    for _ in 0..10 {
        if device.report(battery(0)).await.is_ok() {
            return;
        }
    }
    panic!("{}: no host answered through the broker", device.sn);
}

/// Each device reports as soon as its last report was answered (`report`: one report, the
/// device handed back), for three rounds: the load, and the devices.
async fn reports<D, F, Fut>(devices: Vec<D>, report: F) -> (Load, Vec<D>)
where
    D: Send + 'static,
    F: Fn(D, usize) -> Fut + Send + Sync + Copy + 'static,
    Fut: std::future::Future<Output = D> + Send + 'static,
{
    let started = Instant::now();
    let tasks: Vec<_> = devices
        .into_iter()
        .map(|mut device| {
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut n = 0;
                while started.elapsed() < ROUND * 3 {
                    let sent = Instant::now();
                    device = report(device, n).await;
                    latencies.push(sent.elapsed());
                    n += 1;
                }
                (device, latencies)
            })
        })
        .collect();
    let (mut latencies, mut devices) = (Vec::new(), Vec::new());
    for task in tasks {
        let (device, times) = task.await.expect("device");
        latencies.extend(times);
        devices.push(device);
    }
    latencies.sort();
    (Load { requests: latencies.len(), elapsed: started.elapsed(), latencies }, devices)
}

/// Reports over MQTT, each answered on its reply topic; then the devices say goodbye (they
/// speak HTTP next).
async fn mqtt_reports(reporting: Vec<MqttDevice>) -> Load {
    let (load, devices) = reports(reporting, |mut device: MqttDevice, n| async move {
        let answer = device.report(battery(n)).await.expect("answered");
        assert_eq!(answer["code"], 200, "{answer}");
        device
    })
    .await;
    for device in devices {
        device.disconnect().await;
    }
    load
}

/// The same over HTTP, with the devices handed back.
async fn http_reports(devices: &mut Vec<devsim::Device>) -> Load {
    let reporting = devices.drain(..reporting()).collect();
    let (load, back) = reports(reporting, |mut device: devsim::Device, n| async move {
        device.report(battery(n)).await.expect("answered");
        device
    })
    .await;
    devices.extend(back);
    load
}

/// Each device (by its SN) is set [`COMMANDS_EACH`] times from the console; a round trip ends
/// when the console reads the device's answer. `listen` is how the device hears and answers one
/// command.
async fn round_trips<D, F, Fut>(devices: Vec<(String, D)>, operator: &Operator, listen: F) -> Vec<Duration>
where
    D: Send + 'static,
    F: Fn(D, String) -> Fut + Send + Sync + Copy + 'static,
    Fut: std::future::Future<Output = D> + Send + 'static,
{
    let tasks: Vec<_> = devices
        .into_iter()
        .map(|(sn, mut device)| {
            let operator = operator.clone();
            tokio::spawn(async move {
                let mut times = Vec::new();
                for n in 0..COMMANDS_EACH {
                    let (sent, id) = (Instant::now(), set_suction(&operator, &sn, n).await);
                    device = listen(device, id.clone()).await;
                    answered(&operator, &id).await;
                    times.push(sent.elapsed());
                }
                times
            })
        })
        .collect();
    let mut times = Vec::new();
    for task in tasks {
        times.extend(task.await.expect("device"));
    }
    times.sort();
    times
}

async fn mqtt_commands(devices: Vec<MqttDevice>, operator: &Operator) -> Vec<Duration> {
    let devices = devices.into_iter().map(|d| (d.sn.clone(), d)).collect();
    round_trips(devices, operator, |mut device: MqttDevice, id: String| async move {
        loop {
            let heard = device.hear(Duration::from_secs(10)).await.expect("the command arrives");
            if heard.message["id"] == id.as_str() {
                device.reply(&heard, 200, json!({})).await.expect("replied");
                return device;
            }
        }
    })
    .await
}

/// Over HTTP the device waits on its long poll, as HTTP devices do.
async fn http_commands(devices: Vec<devsim::Device>, operator: &Operator) -> Vec<Duration> {
    let devices = devices.into_iter().map(|d| (d.sn.clone(), Arc::new(d))).collect();
    round_trips(devices, operator, |device: Arc<devsim::Device>, id: String| async move {
        loop {
            let commands = device.fetch_commands(30).await.expect("a long poll");
            if let Some(command) = commands.as_array().and_then(|c| c.iter().find(|c| c["id"] == id.as_str())) {
                let id = command["id"].as_str().unwrap_or_default();
                device.reply_command(id, 200, Map::new()).await.expect("replied");
                return device;
            }
        }
    })
    .await
}

/// Latencies embedded, through Mosquitto, over HTTP.
type Series<'a> = (&'a [Duration], &'a [Duration], &'a [Duration]);

fn print_figures(
    count: u32,
    activating: Duration,
    embedded: &Figures,
    brokered: &Figures,
    over_http: &Load,
    command_http: &[Duration],
) {
    println!("\n{count} devices on one host (release binary in a process of its own, SQLite)");
    println!(
        "{:<44} {:>12.0} /s ({:.1} s)",
        "activations over HTTP (64 at once)",
        f64::from(count) / activating.as_secs_f64(),
        activating.as_secs_f64()
    );
    println!("{:<44} {:>12} {:>12} {:>12} {:>10} {:>10}", "", "embedded", "Mosquitto", "HTTP", "emb/HTTP", "Mosq/HTTP");
    println!(
        "{:<44} {:>10.0}/s {:>10.0}/s {:>12}",
        "MQTT sign-ins (8 at once, one address)", embedded.sign_ins_per_s, brokered.sign_ins_per_s, "-"
    );
    println!(
        "{:<44} {:>8.1} MiB {:>8.1} MiB {:>12}",
        "host RSS per 1,000 sessions", embedded.rss_per_1000, brokered.rss_per_1000, "-"
    );
    if let Some(broker) = brokered.broker_rss_per_1000 {
        println!("{:<44} {:>12} {:>8.1} MiB {:>12}", "broker RSS per 1,000 sessions", "-", broker, "-");
    }
    let ratio = |a: f64, b: f64| a / b;
    println!(
        "{:<44} {:>12.0} {:>12.0} {:>12.0} {:>9.2}x {:>9.2}x",
        format!("reports/s into the shadow ({} devices)", reporting()),
        embedded.reports.rps(),
        brokered.reports.rps(),
        over_http.rps(),
        ratio(embedded.reports.rps(), over_http.rps()),
        ratio(brokered.reports.rps(), over_http.rps()),
    );
    let reports: Series = (&embedded.reports.latencies, &brokered.reports.latencies, &over_http.latencies);
    let commands: Series = (&embedded.commands, &brokered.commands, command_http);
    let rows = [
        ("p50 report to answer (shadow written)", reports, 0.5),
        ("p99 report to answer", reports, 0.99),
        ("p50 command round trip (16 devices)", commands, 0.5),
        ("p99 command round trip", commands, 0.99),
    ];
    for (label, (e, b, h), p) in rows {
        let (e, b, h) = (percentile(e, p), percentile(b, p), percentile(h, p));
        println!(
            "{label:<44} {:>12} {:>12} {:>12} {:>9.2}x {:>9.2}x",
            ms(e),
            ms(b),
            ms(h),
            e.as_secs_f64() / h.as_secs_f64(),
            b.as_secs_f64() / h.as_secs_f64()
        );
    }
}

/// The console sets a device's suction: the command's id.
async fn set_suction(operator: &Operator, sn: &str, n: usize) -> String {
    let body = json!({ "params": { "suction": 1 + 2 * (n % 2) } });
    let answer: Value = operator
        .client
        .post(format!("{}/device-service/devices/{sn}/properties", operator.base))
        .header("authorization", &operator.token)
        .json(&body)
        .send()
        .await
        .expect("sent")
        .json()
        .await
        .expect("envelope");
    answer["data"]["id"].as_str().unwrap_or_else(|| panic!("a command: {answer}")).to_string()
}

/// Reads the command until the device's answer is recorded.
async fn answered(operator: &Operator, id: &str) {
    for _ in 0..5000 {
        let answer: Value = operator
            .client
            .get(format!("{}/device-service/commands/{id}", operator.base))
            .header("authorization", &operator.token)
            .send()
            .await
            .expect("sent")
            .json()
            .await
            .expect("envelope");
        if answer["data"]["state"] == "succeeded" {
            return;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    panic!("command {id} was not answered");
}
