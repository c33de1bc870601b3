//! `devsim`: simulated devices of one product against a running console, until stopped.
//!
//! ```text
//! devsim --url http://127.0.0.1:8080 --fleet-key dk_... --product-key a1B2c3D4e5F --keys RV-keys.csv --devices 200
//! ```
//!
//! Each device activates, then every `--interval-ms` heartbeats, reports its properties, fetches
//! and answers commands, now and then raises an event; `--offline-percent` of them fall silent
//! for a while (offline after the platform's timeout) and come back.

use std::time::Duration;

use clap::Parser;
use devsim::{Device, Platform, read_key_file, sample_params};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    #[arg(long, env = "DEVSIM_FLEET_KEY")]
    fleet_key: String,
    #[arg(long)]
    product_key: String,
    /// The SN group's factory key file (CSV: sn,key).
    #[arg(long)]
    keys: std::path::PathBuf,
    /// How many of the file's SNs to run (all when 0).
    #[arg(long, default_value_t = 0)]
    devices: usize,
    #[arg(long, default_value_t = 5000)]
    interval_ms: u64,
    #[arg(long, default_value_t = 10)]
    offline_percent: u32,
}

const WORK_STATES: [&str; 6] = ["standby", "sweeping", "charging", "mopping", "returning", "sleep"];

async fn live(mut device: Device, interval: Duration, offline_percent: u32) {
    let mut rng = StdRng::from_os_rng();
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
        if let Some(refusal) = [heartbeat.err(), report.err(), served.err()].into_iter().flatten().next() {
            eprintln!("{}: {refusal}", device.sn);
        }
        tokio::time::sleep(interval).await;
    }
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.keys).expect("the factory key file");
    let mut keys = read_key_file(&text);
    if args.devices > 0 {
        keys.truncate(args.devices);
    }
    let platform = Platform::new(&args.url, &args.fleet_key, &args.product_key);
    let mut running = Vec::new();
    for (sn, key) in keys {
        match platform.activate(&sn, &key).await {
            Ok(device) => {
                running.push(tokio::spawn(live(device, Duration::from_millis(args.interval_ms), args.offline_percent)))
            }
            Err(refusal) => eprintln!("{sn}: not activated: {refusal}"),
        }
    }
    println!("{} devices running; Ctrl-C stops them", running.len());
    for task in running {
        let _ = task.await;
    }
}
