//! `BENCH_ONLY=mqtt make bench` (issue 22): 10,000 simulated devices (`BENCH_MQTT_DEVICES`)
//! connected over MQTT to one host with the embedded gateway (the release binary in a process of
//! its own, so its RSS is the host's alone), beside the same devices over HTTP in the same run:
//! sign-ins, the host's RSS per 1,000 sessions, reports per second into the shadow with their
//! latency (publish to the answer on the reply topic, sent once the shadow is written), and the
//! command round trip (the console's set to the device's answer recorded).

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use devsim::mqtt::MqttDevice;
use serde_json::{Map, Value, json};
use tokio::sync::Semaphore;

use super::{ADMIN_PASSWORD, Load, ROUND, login, ms, percentile};

/// Devices connected at once (`BENCH_MQTT_DEVICES` overrides it for a quick run).
fn device_count() -> u32 {
    std::env::var("BENCH_MQTT_DEVICES").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000)
}
/// Of them, the devices reporting as fast as they are answered, over MQTT and then over HTTP.
const REPORTING: usize = 64;
/// Devices taking commands at once, and the commands each takes.
const COMMANDED: usize = 16;
const COMMANDS_EACH: usize = 20;

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
        .unwrap_or(0)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("port").local_addr().expect("addr").port()
}

fn battery(n: usize) -> Map<String, Value> {
    json!({ "battery": n % 101 }).as_object().cloned().expect("params")
}

/// Runs `work` for each item, `at_once` at a time; how long it all took.
async fn bounded<T: Send + 'static, R: Send + 'static, F>(items: Vec<T>, at_once: usize, work: F) -> (Vec<R>, Duration)
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

pub async fn mqtt(dir: &Path, cache: &Path, plugins: &Path) {
    let count = device_count();
    let (port, mqtt_port) = (free_port(), free_port());
    let data = dir.join("mqtt-host");
    let mut child = Command::new(env!("CARGO_BIN_EXE_console-host"))
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .arg("--data-dir")
        .arg(&data)
        .arg("--database-url")
        .arg(format!("sqlite://{}", data.join("console.db").display()))
        .arg("--cache-dir")
        .arg(cache)
        .arg("--plugins")
        .arg(plugins)
        .env("CONSOLE_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("CONSOLE_MQTT_LISTEN", format!("127.0.0.1:{mqtt_port}"))
        .env("CONSOLE_MQTTS_LISTEN", "off")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("host binary");
    let client = reqwest::Client::new();
    let origin = format!("http://127.0.0.1:{port}");
    let base = format!("{origin}/api");
    let started = Instant::now();
    while !client.get(format!("{base}/openapi.json")).send().await.is_ok_and(|r| r.status().is_success()) {
        assert!(started.elapsed() < Duration::from_secs(120), "host did not start");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let token = login(&client, &base).await;
    let console = devsim::console::Console::with_token(&origin, &token);
    let fleet_key = console.fleet_key(0, "bench").await.expect("fleet key");
    // A model's SNs end in four digits: the devices are two products' of half each.
    let mut keys = Vec::new();
    for (n, share) in [count / 2, count - count / 2].into_iter().enumerate() {
        let code = format!("BENCH-M{n}");
        let (product, model_id) = console.product(&code, devsim::console::vacuum()).await.expect("a product");
        let product_key = product["productKey"].as_str().expect("product key").to_string();
        let platform = devsim::Platform::new(&origin, &fleet_key, &product_key);
        let sns = devsim::read_key_file(&console.sn_keys(&model_id, share).await.expect("SNs"));
        keys.extend(sns.into_iter().map(|(sn, key)| (platform.clone(), sn, key)));
    }

    // Every device activates over HTTP once (it gets its key), 64 at a time.
    let activate = |(platform, sn, key): (devsim::Platform, String, String)| {
        Box::pin(async move {
            let device = platform.activate(&sn, &key).await.expect("activated");
            (device, platform.product_key().to_string(), key)
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = _> + Send>>
    };
    let (fleet, activating): (Vec<(devsim::Device, String, String)>, _) = bounded(keys, 64, activate).await;
    let idle_rss = rss_kib(child.id());

    // Every device signs in over MQTT with its SN's signature, 128 at a time (the gateway lets
    // 256 strangers sign in at once).
    let sign_in = move |(sn, product_key, key): (String, String, String)| {
        Box::pin(async move {
            MqttDevice::connect(("127.0.0.1", mqtt_port), &sn, &product_key, &key)
                .await
                .unwrap_or_else(|e| panic!("{sn} signs in: {e:?}"))
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = MqttDevice> + Send>>
    };
    let sns: Vec<_> =
        fleet.iter().map(|(d, product_key, key)| (d.sn.clone(), product_key.clone(), key.clone())).collect();
    let (mut sessions, signing_in) = bounded(sns, 128, sign_in).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let connected_rss = rss_kib(child.id());

    // Reports: the first 64 devices, each reporting as soon as the last was answered; over MQTT
    // (the others stay connected), then over HTTP.
    let over_mqtt = {
        let reporting: Vec<MqttDevice> = sessions.drain(..REPORTING).collect();
        let started = Instant::now();
        let tasks: Vec<_> = reporting
            .into_iter()
            .map(|mut device| {
                tokio::spawn(async move {
                    let mut latencies = Vec::new();
                    let mut n = 0;
                    while started.elapsed() < ROUND * 3 {
                        let sent = Instant::now();
                        let answer = device.report(battery(n)).await.expect("answered");
                        assert_eq!(answer["code"], 200, "{answer}");
                        latencies.push(sent.elapsed());
                        n += 1;
                    }
                    (device, latencies)
                })
            })
            .collect();
        let mut latencies = Vec::new();
        for task in tasks {
            let (device, times) = task.await.expect("device");
            latencies.extend(times);
            // It speaks HTTP next: its MQTT session ends (the logout settles before).
            device.disconnect().await;
        }
        latencies.sort();
        Load { requests: latencies.len(), elapsed: started.elapsed(), latencies }
    };
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut http_devices: Vec<devsim::Device> =
        fleet.into_iter().map(|(device, _, _)| device).take(REPORTING.max(COMMANDED)).collect();
    let over_http = {
        let started = Instant::now();
        let tasks: Vec<_> = http_devices
            .drain(..REPORTING)
            .map(|mut device| {
                tokio::spawn(async move {
                    let mut latencies = Vec::new();
                    let mut n = 0;
                    while started.elapsed() < ROUND * 3 {
                        let sent = Instant::now();
                        device.report(battery(n)).await.expect("answered");
                        latencies.push(sent.elapsed());
                        n += 1;
                    }
                    (device, latencies)
                })
            })
            .collect();
        let mut latencies = Vec::new();
        for task in tasks {
            let (device, times) = task.await.expect("device");
            latencies.extend(times);
            http_devices.push(device);
        }
        latencies.sort();
        Load { requests: latencies.len(), elapsed: started.elapsed(), latencies }
    };

    // Commands: 16 devices, each set 20 times from the console; the round trip ends when the
    // console reads the device's answer.
    let command_mqtt = {
        let commanded: Vec<MqttDevice> = sessions.drain(..COMMANDED).collect();
        let tasks: Vec<_> = commanded
            .into_iter()
            .map(|mut device| {
                let (client, base, token) = (client.clone(), base.clone(), token.clone());
                tokio::spawn(async move {
                    let mut times = Vec::new();
                    for n in 0..COMMANDS_EACH {
                        let sent = Instant::now();
                        let id = set_suction(&client, &base, &token, &device.sn, n).await;
                        loop {
                            let heard = device.hear(Duration::from_secs(10)).await.expect("the command arrives");
                            if heard.message["id"] == id.as_str() {
                                device.reply(&heard, 200, json!({})).await.expect("replied");
                                break;
                            }
                        }
                        answered(&client, &base, &token, &id).await;
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
    };
    let command_http = {
        let tasks: Vec<_> = http_devices
            .drain(..COMMANDED)
            .map(|device| {
                let (client, base, token) = (client.clone(), base.clone(), token.clone());
                tokio::spawn(async move {
                    let device = Arc::new(device);
                    let mut times = Vec::new();
                    for n in 0..COMMANDS_EACH {
                        // The device waits on its long poll, as HTTP devices do.
                        let listening = {
                            let device = device.clone();
                            tokio::spawn(async move {
                                loop {
                                    let commands = device.fetch_commands(30).await.expect("a long poll");
                                    if let Some(command) = commands.as_array().and_then(|c| c.first()) {
                                        let id = command["id"].as_str().unwrap_or_default().to_string();
                                        device.reply_command(&id, 200, Map::new()).await.expect("replied");
                                        return;
                                    }
                                }
                            })
                        };
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        let sent = Instant::now();
                        let id = set_suction(&client, &base, &token, &device.sn, n).await;
                        listening.await.expect("listened");
                        answered(&client, &base, &token, &id).await;
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
    };
    drop(sessions);
    child.kill().ok();
    child.wait().ok();

    let count_f = f64::from(count);
    println!("\n{count} devices on one host (embedded MQTT gateway, SQLite; the host in a process of its own)");
    println!(
        "{:<44} {:>12.0} /s ({:.1} s)",
        "activations over HTTP (64 at once)",
        count_f / activating.as_secs_f64(),
        activating.as_secs_f64()
    );
    println!(
        "{:<44} {:>12.0} /s ({:.1} s)",
        "MQTT sign-ins, signed password (128 at once)",
        count_f / signing_in.as_secs_f64(),
        signing_in.as_secs_f64()
    );
    println!(
        "{:<44} {:>9} MiB idle, {} MiB with {count} sessions: {:.1} MiB per 1,000",
        "host RSS",
        idle_rss / 1024,
        connected_rss / 1024,
        (connected_rss.saturating_sub(idle_rss)) as f64 / 1024.0 / (count_f / 1000.0)
    );
    println!(
        "{:<44} {:>12} {:>12} {:>10}",
        format!("{REPORTING} devices reporting, as fast as answered"),
        "MQTT",
        "HTTP",
        "MQTT/HTTP"
    );
    println!(
        "{:<44} {:>12.0} {:>12.0} {:>9.2}x",
        "reports/s into the shadow",
        over_mqtt.rps(),
        over_http.rps(),
        over_mqtt.rps() / over_http.rps()
    );
    for (label, p) in [("p50 report to answer (shadow written)", 0.5), ("p99 report to answer", 0.99)] {
        let (m, h) = (percentile(&over_mqtt.latencies, p), percentile(&over_http.latencies, p));
        println!("{label:<44} {:>12} {:>12} {:>9.2}x", ms(m), ms(h), m.as_secs_f64() / h.as_secs_f64());
    }
    for (label, p) in [("p50 command round trip (16 devices)", 0.5), ("p99 command round trip", 0.99)] {
        let (m, h) = (percentile(&command_mqtt, p), percentile(&command_http, p));
        println!("{label:<44} {:>12} {:>12} {:>9.2}x", ms(m), ms(h), m.as_secs_f64() / h.as_secs_f64());
    }
}

/// The console sets a device's suction: the command's id.
async fn set_suction(client: &reqwest::Client, base: &str, token: &str, sn: &str, n: usize) -> String {
    let body = json!({ "params": { "suction": 1 + 2 * (n % 2) } });
    let answer: Value = client
        .post(format!("{base}/device-service/devices/{sn}/properties"))
        .header("authorization", token)
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
async fn answered(client: &reqwest::Client, base: &str, token: &str, id: &str) {
    for _ in 0..5000 {
        let answer: Value = client
            .get(format!("{base}/device-service/commands/{id}"))
            .header("authorization", token)
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
