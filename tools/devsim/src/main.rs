//! `devsim`: simulated devices of one product against a running console, until stopped.
//!
//! ```text
//! devsim --url http://127.0.0.1:8080 --fleet-key dk_... --product-key a1B2c3D4e5F --keys RV-keys.csv --devices 200
//! devsim --url http://127.0.0.1:8080 --password '...' --devices 300   # sets up a demo product first
//! devsim --url http://127.0.0.1:8080 --password '...' --mqtt 127.0.0.1:1883 --chaos-percent 5
//! ```
//!
//! Each device activates, then every `--interval-ms` heartbeats, reports its properties, fetches
//! and answers commands, checks for a firmware upgrade and installs it, now and then raises an
//! event; `--offline-percent` of them fall silent for a while (offline after the platform's
//! timeout) and come back; `--upgrade-failure-percent` of their upgrades fail at flashing.
//! With `--mqtt`, what has a topic goes over MQTT (reports, events, commands, upgrades; the
//! heartbeat's work state and the records stay on HTTP), the session made again with back-off
//! when it breaks; `--chaos-percent` of the rounds break the connection, send a report twice,
//! or answer a command late.

use std::time::Duration;

use clap::Parser;
use devsim::console::{Console, vacuum};
use devsim::mqtt::{MqttDevice, MqttOta};
use devsim::ota::Outcome;
use devsim::{Device, Platform, Refusal, read_key_file, sample, sample_params};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// The device plugin's fleet key; with --product-key and --keys, the devices of an existing
    /// product.
    #[arg(long, env = "DEVSIM_FLEET_KEY")]
    fleet_key: Option<String>,
    #[arg(long)]
    product_key: Option<String>,
    /// The SN group's factory key file (CSV: sn,key).
    #[arg(long)]
    keys: Option<std::path::PathBuf>,
    /// Or sign in with this password (user --user) and set up a demo product with its SNs first.
    #[arg(long, env = "CONSOLE_ADMIN_PASSWORD", hide_env_values = true)]
    password: Option<String>,
    #[arg(long, default_value = "admin")]
    user: String,
    /// The demo product model's code.
    #[arg(long, default_value = "RV-D1")]
    code: String,
    /// How many devices to run (all of the key file when 0).
    #[arg(long, default_value_t = 0)]
    devices: usize,
    #[arg(long, default_value_t = 5000)]
    interval_ms: u64,
    #[arg(long, default_value_t = 10)]
    offline_percent: u32,
    /// Of the firmware upgrades the devices are offered, the share that fails at flashing.
    #[arg(long, default_value_t = 0)]
    upgrade_failure_percent: u32,
    /// Of the rounds, the share in which a device whitelisted by the AI data plugin uploads an
    /// obstacle picture.
    #[arg(long, default_value_t = 5)]
    obstacle_percent: u32,
    /// The console's MQTT gateway (`host:port`): the devices speak MQTT where a topic exists.
    #[arg(long)]
    mqtt: Option<String>,
    /// Over MQTT, the share of rounds in which the network misbehaves: the connection drops, a
    /// report goes twice, a command is answered late.
    #[arg(long, default_value_t = 0)]
    chaos_percent: u32,
}

/// How the devices behave.
#[derive(Clone, Copy)]
struct Behaviour {
    interval: Duration,
    offline_percent: u32,
    upgrade_failure_percent: u32,
    obstacle_percent: u32,
    chaos_percent: u32,
}

/// The product and SN keys to run: given, or a demo product set up through the console (then
/// the console too, to give the demo devices families once they are activated).
async fn fleet(args: &Args) -> Result<(Platform, Vec<(String, String)>, Option<Console>), String> {
    if let (Some(fleet_key), Some(product_key), Some(keys)) = (&args.fleet_key, &args.product_key, &args.keys) {
        let text = std::fs::read_to_string(keys).map_err(|e| format!("{}: {e}", keys.display()))?;
        return Ok((Platform::new(&args.url, fleet_key, product_key), read_key_file(&text), None));
    }
    let password =
        args.password.as_deref().ok_or("give --fleet-key, --product-key and --keys, or --password to set up a demo")?;
    let console = Console::sign_in(&args.url, &args.user, password).await.map_err(|r| format!("sign-in: {r}"))?;
    let (product, model_id) = console.product(&args.code, vacuum()).await.map_err(|r| format!("demo product: {r}"))?;
    let count = if args.devices == 0 { 200 } else { args.devices as u32 };
    let keys = console.sn_keys(&model_id, count).await.map_err(|r| format!("SN group: {r}"))?;
    let fleet_key =
        console.fleet_key(0, &format!("devsim {}", args.code)).await.map_err(|r| format!("fleet key: {r}"))?;
    let product_key = product["productKey"].as_str().unwrap_or_default();
    Ok((Platform::new(&args.url, &fleet_key, product_key), read_key_file(&keys), Some(console)))
}

/// The demo's households: a family per ten devices with a second member and two rooms, seven
/// of its devices bound by its administrator (in a real fleet some still wait in boxes).
async fn families(console: &Console, sns: &[String]) -> Result<usize, Refusal> {
    let mut bound = 0;
    for (n, chunk) in sns.chunks(10).enumerate() {
        let account = format!("user{:03}@example.com", n + 1);
        let family = console.family(&format!("Home {}", n + 1), &account).await?;
        let members = format!("/device-service/families/{family}/members");
        console
            .post(&members, json!({ "account": format!("guest{:03}@example.com", n + 1), "identity": "shared" }))
            .await?;
        let rooms = format!("/device-service/families/{family}/rooms");
        console.post(&rooms, json!({ "name": "Living room", "roomType": "living-room" })).await?;
        console.post(&rooms, json!({ "name": "Bedroom", "roomType": "bedroom" })).await?;
        for sn in chunk.iter().take(7) {
            console.bind(sn, &account, &family, "Set up in the app").await?;
            bound += 1;
        }
    }
    Ok(bound)
}

const WORK_STATES: [&str; 6] = ["standby", "sweeping", "charging", "mopping", "returning", "sleep"];

async fn live(mut device: Device, behaviour: Behaviour) {
    let Behaviour { interval, offline_percent, upgrade_failure_percent, obstacle_percent, .. } = behaviour;
    let mut rng = StdRng::from_os_rng();
    // Activated on 1.0.0; it installs what it is offered (or fails at flashing, as told). Without
    // the upgrade plugin the check is refused, and the device carries on.
    let mut firmware = 100;
    // Yesterday's cleaning, so a new device already has a record to show.
    let _ = device.cleaning_record(&mut rng).await;
    let _ = device.heartbeat("charging").await;
    let _ = device.station_record(&mut rng).await;
    loop {
        if rng.random_range(0..100) < offline_percent {
            // Silent past the platform's timeout: offline, then back.
            tokio::time::sleep(Duration::from_secs(75)).await;
        }
        let state = WORK_STATES[rng.random_range(0..WORK_STATES.len())];
        let heartbeat = device.heartbeat(state).await;
        let report = device.report_all(&mut rng).await;
        let served = device.serve_commands(&mut rng).await;
        if rng.random_range(0..10) == 0
            && let Some(event) = device.model.events.first().cloned()
        {
            let _ = device.event(&event.identifier, sample_params(&event.output_data, &mut rng)).await;
        }
        // Only what a whitelist asks for leaves the device (privacy: the AI data plugin decides).
        if rng.random_range(0..100) < obstacle_percent
            && device
                .collecting()
                .await
                .is_ok_and(|c| c["kinds"].as_array().is_some_and(|k| k.contains(&json!("obstacle"))))
        {
            let _ = device.collect_obstacle(&mut rng).await;
        }
        if rng.random_range(0..30) == 0 {
            let _ = device.cleaning_record(&mut rng).await;
            let _ = device.station_record(&mut rng).await;
        }
        let outcome =
            if rng.random_range(0..100) < upgrade_failure_percent { Outcome::Fail("flash") } else { Outcome::Install };
        let _ = device.upgrade(&mut firmware, outcome).await;
        if rng.random_range(0..200) == 0 {
            let log = format!("{} boot ok\nwifi rssi -55\nmotor current nominal\n", device.sn);
            let _ = device.upload_log("device.log", log.as_bytes()).await;
        }
        if let Some(refusal) = [heartbeat.err(), report.err(), served.err()].into_iter().flatten().next() {
            eprintln!("{}: {refusal}", device.sn);
        }
        tokio::time::sleep(interval).await;
    }
}

/// Where a device reaches the MQTT gateway, and what it signs in with.
struct OverMqtt {
    host: String,
    port: u16,
    platform: Platform,
    sn_key: String,
}

/// The longest wait between two attempts to connect again.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// A device speaking MQTT where a topic exists: reports, events, commands and upgrades.
async fn live_over_mqtt(device: Device, mqtt: OverMqtt, behaviour: Behaviour) {
    let Behaviour { interval, offline_percent, upgrade_failure_percent, chaos_percent, .. } = behaviour;
    let mut rng = StdRng::from_os_rng();
    let mut firmware = 100;
    let _ = device.cleaning_record(&mut rng).await;
    let mut session: Option<MqttDevice> = None;
    let mut backoff = Duration::from_secs(1);
    loop {
        if session.as_ref().is_none_or(MqttDevice::is_gone) {
            let product_key = mqtt.platform.product_key().to_string();
            match MqttDevice::connect((&mqtt.host, mqtt.port), &device.sn, &product_key, &mqtt.sn_key).await {
                Ok(connected) => (session, backoff) = (Some(connected), Duration::from_secs(1)),
                Err(refused) => {
                    eprintln!("{}: MQTT: {refused:?}; again in {backoff:?}", device.sn);
                    // With jitter: a fleet that lost its broker does not come back all at once.
                    tokio::time::sleep(backoff.mul_f64(rng.random_range(0.5..1.5))).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            }
        }
        let Some(connected) = session.as_mut() else { continue };
        if rng.random_range(0..100) < offline_percent {
            // Powered off past the platform's timeout, then back.
            connected.disconnect().await;
            session = None;
            tokio::time::sleep(Duration::from_secs(75)).await;
            continue;
        }
        let chaos = rng.random_range(0..100) < chaos_percent;
        let _ = device.heartbeat(WORK_STATES[rng.random_range(0..WORK_STATES.len())]).await;
        let params: serde_json::Map<String, serde_json::Value> =
            device.model.properties.iter().map(|p| (p.identifier.clone(), sample(&p.data_type, &mut rng))).collect();
        if chaos && rng.random_range(0..3) == 0 {
            // The same report twice, as a retried publish arrives.
            let topic = format!("{}/thing/event/property/post", connected.prefix());
            let message = json!({ "id": "dup", "version": "1.0", "params": params }).to_string();
            let _ = connected.publish(&topic, message.clone().into_bytes()).await;
            let _ = connected.publish(&topic, message.into_bytes()).await;
        } else if let Err(why) = connected.report(params).await {
            eprintln!("{}: report: {why}", device.sn);
        }
        // Commands that came meanwhile, answered (late, now and then).
        while let Some(heard) = connected.hear(Duration::from_millis(20)).await {
            if heard.topic.contains("/thing/service/") && !heard.topic.ends_with("_reply") {
                if chaos && rng.random_range(0..3) == 1 {
                    tokio::time::sleep(Duration::from_millis(rng.random_range(500..5000))).await;
                }
                let _ = connected.reply(&heard, 200, json!({})).await;
            }
        }
        if rng.random_range(0..10) == 0
            && let Some(event) = device.model.events.first().cloned()
        {
            let topic = format!("{}/thing/event/{}/post", connected.prefix(), event.identifier);
            let params = serde_json::Value::Object(sample_params(&event.output_data, &mut rng));
            let _ = connected.ask(&topic, params, &format!("thing.event.{}.post", event.identifier)).await;
        }
        let outcome =
            if rng.random_range(0..100) < upgrade_failure_percent { Outcome::Fail("flash") } else { Outcome::Install };
        let _ = MqttOta { device: connected, platform: &mqtt.platform }.upgrade(&mut firmware, outcome).await;
        if chaos && rng.random_range(0..3) == 2 {
            // The network goes: no goodbye; the gateway hands over its will and logs it out.
            connected.break_connection();
        }
        tokio::time::sleep(interval).await;
    }
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let (platform, mut keys, console) = match fleet(&args).await {
        Ok(fleet) => fleet,
        Err(why) => {
            eprintln!("devsim: {why}");
            std::process::exit(2);
        }
    };
    if args.devices > 0 {
        keys.truncate(args.devices);
    }
    let behaviour = Behaviour {
        interval: Duration::from_millis(args.interval_ms),
        offline_percent: args.offline_percent,
        upgrade_failure_percent: args.upgrade_failure_percent,
        obstacle_percent: args.obstacle_percent,
        chaos_percent: args.chaos_percent,
    };
    let mqtt =
        match args.mqtt.as_deref().map(|a| a.rsplit_once(':').and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?)))) {
            None => None,
            Some(Some((host, port))) => Some((host.to_string(), port)),
            Some(None) => {
                eprintln!("devsim: --mqtt is host:port");
                std::process::exit(2);
            }
        };
    let (mut running, mut activated) = (Vec::new(), Vec::new());
    for (sn, key) in keys {
        match platform.activate(&sn, &key).await {
            Ok(device) => {
                activated.push(sn);
                running.push(match &mqtt {
                    Some((host, port)) => {
                        let over =
                            OverMqtt { host: host.clone(), port: *port, platform: platform.clone(), sn_key: key };
                        tokio::spawn(live_over_mqtt(device, over, behaviour))
                    }
                    None => tokio::spawn(live(device, behaviour)),
                })
            }
            Err(refusal) => eprintln!("{sn}: not activated: {refusal}"),
        }
    }
    if let Some(console) = console {
        match families(&console, &activated).await {
            Ok(bound) => println!("devsim: {bound} devices bound to families"),
            Err(refusal) => eprintln!("devsim: families: {refusal}"),
        }
    }
    // One line the end-to-end test waits for.
    println!("devsim: {} devices running", running.len());
    for task in running {
        let _ = task.await;
    }
}
