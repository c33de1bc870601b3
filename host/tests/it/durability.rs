//! Durability: a write the host answered 200 survives the host being killed, and an
//! online backup is a consistent installation the host starts on.

use crate::common;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Install, ProcessHost, TestHost};
use serde_json::{Value, json};

/// Every breed name the host lists, page by page.
async fn breed_names(client: &reqwest::Client, base: &str, token: &str) -> HashSet<String> {
    let mut names = HashSet::new();
    for page in 1.. {
        let url = format!("{base}/pet-service/breeds?page={page}&pageSize=500");
        let body: Value =
            client.get(url).header("authorization", token).send().await.expect("list").json().await.expect("json");
        assert_eq!(body["code"], 200, "{body}");
        let rows = body["data"]["list"].as_array().expect("rows").clone();
        names.extend(rows.iter().filter_map(|r| r["breedName"].as_str().map(String::from)));
        if rows.len() < 500 {
            return names;
        }
    }
    unreachable!()
}

/// `writers` clients adding breeds named `<prefix>-<writer>-<n>` until `stop`; the names the host
/// answered 200 go into `acknowledged`. A request cut off by a killed host just ends its writer.
fn spawn_writers(
    base: &str,
    token: &str,
    prefix: &str,
    writers: usize,
    stop: Instant,
    acknowledged: &Arc<Mutex<Vec<String>>>,
) -> Vec<tokio::task::JoinHandle<()>> {
    (0..writers)
        .map(|writer| {
            let (base, token, prefix, acknowledged) =
                (base.to_string(), token.to_string(), prefix.to_string(), acknowledged.clone());
            tokio::spawn(async move {
                let client = reqwest::Client::new();
                for n in 0.. {
                    if Instant::now() >= stop {
                        return;
                    }
                    let name = format!("{prefix}-{writer}-{n}");
                    let sent = client
                        .post(format!("{base}/pet-service/breeds"))
                        .header("authorization", &token)
                        .json(&json!({ "breedName": name }))
                        .timeout(Duration::from_secs(10))
                        .send()
                        .await;
                    let Ok(answer) = sent else { return };
                    let Ok(body) = answer.json::<Value>().await else { return };
                    if body["code"] == 200 {
                        acknowledged.lock().expect("names").push(name);
                    }
                }
            })
        })
        .collect()
}

/// Kill -9 during sustained writes from 8 clients, restart on the same files, and find every
/// write that was answered 200; three rounds on one installation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_write_survives_a_killed_host() {
    let plugins = [Install::pet()];
    let mut host = ProcessHost::start(&plugins).await;
    let client = reqwest::Client::new();
    let mut expected = HashSet::new();
    for round in 0..3 {
        let token = host.admin().await;
        let acknowledged = Arc::new(Mutex::new(Vec::new()));
        // The writers run past the kill: the host dies under them.
        let writers = spawn_writers(
            &host.base,
            &token,
            &format!("r{round}"),
            8,
            Instant::now() + Duration::from_secs(30),
            &acknowledged,
        );
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let dir = host.kill();
        for writer in writers {
            writer.await.expect("writer");
        }
        let acknowledged = acknowledged.lock().expect("names").clone();
        assert!(acknowledged.len() >= 8, "round {round}: only {} writes answered before the kill", acknowledged.len());
        expected.extend(acknowledged);

        host = ProcessHost::start_in(dir, &plugins).await;
        let stored = breed_names(&client, &host.base, &host.admin().await).await;
        let lost: Vec<&String> = expected.iter().filter(|name| !stored.contains(*name)).collect();
        assert!(
            lost.is_empty(),
            "round {round}: {} of {} acknowledged writes lost: {lost:?}",
            lost.len(),
            expected.len()
        );
    }
}

/// `console-host backup <into>` of `host`'s installation, as an operator runs it beside the host.
fn backup(host: &TestHost, into: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_console-host"))
        .env("CONSOLE_DATA_DIR", host.dir.path())
        .env("CONSOLE_DATABASE_URL", &host.database_url)
        .arg("backup")
        .arg(into)
        .output()
        .expect("backup runs")
}

/// `console-host backup` while 4 clients write: the copy starts as an installation with the
/// same accounts, records, objects and master key, and holds every write answered before it began.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_backup_is_an_installation_the_host_starts_on() {
    if common::on_postgres() {
        // `console-host backup` copies the embedded database; PostgreSQL is backed up with its
        // own tools (README, Deployment).
        eprintln!("skipped on PostgreSQL: the backup command is SQLite's");
        return;
    }
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let client = reqwest::Client::new();
    for n in 0..20 {
        host.post("/pet-service/breeds", &admin, json!({ "breedName": format!("before-{n}") })).await.ok();
    }
    // An object in the local store, as a claimed upload leaves one.
    let object = host.dir.path().join("objects/1/pet/photo.png");
    std::fs::create_dir_all(object.parent().expect("folder")).expect("folder");
    std::fs::write(&object, b"\x89PNG object bytes").expect("object");

    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let writers =
        spawn_writers(&host.base, &admin, "during", 4, Instant::now() + Duration::from_secs(3), &acknowledged);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let answered_before = acknowledged.lock().expect("names").clone();
    let into = tempfile::tempdir().expect("dir");
    let folder = into.path().join("backup");
    let made = backup(&host, &folder);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    for writer in writers {
        writer.await.expect("writer");
    }
    let answered_after = acknowledged.lock().expect("names").clone();

    // A second backup into the same folder is refused: nothing is overwritten.
    let again = backup(&host, &folder);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));

    assert_eq!(std::fs::read(folder.join("objects/1/pet/photo.png")).expect("object copied"), b"\x89PNG object bytes");
    assert_eq!(
        std::fs::read(folder.join("master.key")).expect("key copied"),
        std::fs::read(host.dir.path().join("master.key")).expect("key")
    );

    let restored_folder = folder.clone();
    let restored = TestHost::start_with(move |config| {
        config.database_url = format!("sqlite://{}", restored_folder.join("console.db").display());
        config.data_dir = restored_folder;
        // The administrator is the copied one, with the password it had.
        config.admin_password = Some("Unused#2099".into());
    })
    .await;
    let token = restored.admin().await;
    let names = breed_names(&client, &restored.base, &token).await;
    for n in 0..20 {
        assert!(names.contains(&format!("before-{n}")), "before-{n} missing from the backup");
    }
    for name in &answered_before {
        assert!(names.contains(name), "{name}, answered before the backup began, is missing");
    }
    let during: HashSet<&String> = answered_after.iter().collect();
    assert!(
        names.iter().filter(|n| n.starts_with("during-")).all(|n| during.contains(n)),
        "the backup holds a write nobody was answered for"
    );
}

/// A product on the test thing model and `count` of its devices activated on `host`: the
/// product key and each device's (SN, key).
async fn activated_fleet(host: &ProcessHost, count: usize) -> (String, Vec<(String, String)>) {
    let admin = host.admin().await;
    let base = host.base.trim_end_matches("/api").to_string();
    let console = devsim::console::Console::with_token(&base, &admin);
    let (product, model_id) = console.product("RV-K9", common::fleet::thing_model()).await.expect("a product");
    let product_key = product["productKey"].as_str().expect("key").to_string();
    let keys = devsim::read_key_file(&console.sn_keys(&model_id, count as u32).await.expect("SNs"));
    let fleet_key = console.fleet_key(0, "factory line").await.expect("a fleet key");
    let platform = devsim::Platform::new(&base, &fleet_key, &product_key);
    for (sn, key) in &keys {
        platform.activate(sn, key).await.unwrap_or_else(|r| panic!("{sn} activates: {r}"));
    }
    (product_key, keys)
}

/// A QoS 1 report is acknowledged (PUBACK) only once it is committed. Eight MQTT
/// devices report as fast as they are acknowledged while the host is killed with SIGKILL, five
/// times on one installation; every report the host acknowledged is kept. (The PUBACK went
/// before the report was handled, so a kill between the two lost what was acknowledged.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_mqtt_report_survives_a_killed_host() {
    use common::fleet::{DEVICE_GRANTS, PRODUCT_GRANTS};
    use rumqttc::{AsyncClient, Event, MqttOptions, Outgoing, Packet, QoS};
    const DEVICES: usize = 8;

    let port = crate::common::listen_port();
    let env = [("CONSOLE_MQTT_LISTEN", format!("127.0.0.1:{port}"))];
    let plugins = [Install::plugin("product", PRODUCT_GRANTS), Install::plugin("device", DEVICE_GRANTS)];
    let mut host = ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &plugins, &env).await;
    let (product_key, keys) = activated_fleet(&host, DEVICES).await;

    // Each report has a time of its own: the one kept is found by it.
    let start = console_host::db::now_ms() - 3_600_000;
    let mut acknowledged: Vec<(String, i64)> = Vec::new();
    for round in 0..5i64 {
        let mut devices = tokio::task::JoinSet::new();
        for (n, (sn, key)) in keys.iter().enumerate() {
            let (sn, key, product_key) = (sn.clone(), key.clone(), product_key.clone());
            devices.spawn(async move {
                let (user, client_id, password) =
                    devsim::mqtt::credentials(&sn, &product_key, &key, console_host::db::now_ms());
                let mut options = MqttOptions::new(client_id, "127.0.0.1", port);
                options.set_credentials(user, password).set_keep_alive(Duration::from_secs(30));
                let (client, mut events) = AsyncClient::new(options, 256);
                let topic = format!("/sys/{product_key}/{sn}/thing/event/property/post");
                let first = start + round * 1_000_000 + n as i64 * 100_000;
                let publisher = tokio::spawn(async move {
                    for i in 0..50_000i64 {
                        let report =
                            json!({ "id": format!("{i}"), "params": { "battery": i % 100 }, "time": first + i });
                        if client.publish(&topic, QoS::AtLeastOnce, false, report.to_string()).await.is_err() {
                            return;
                        }
                    }
                });
                // The times in the order they were published, by packet id, and those acknowledged.
                let (mut sent, mut in_flight, mut acked) = (0i64, std::collections::HashMap::new(), Vec::new());
                loop {
                    match events.poll().await {
                        Ok(Event::Outgoing(Outgoing::Publish(pkid))) => {
                            in_flight.insert(pkid, first + sent);
                            sent += 1;
                        }
                        Ok(Event::Incoming(Packet::PubAck(ack))) => {
                            if let Some(at) = in_flight.remove(&ack.pkid) {
                                acked.push(at);
                            }
                        }
                        Ok(_) => {}
                        Err(_) => break,
                    }
                }
                publisher.abort();
                (sn, acked)
            });
        }
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let dir = host.kill();
        let mut round_acked = 0;
        while let Some(done) = devices.join_next().await {
            let (sn, acked) = done.expect("a device");
            round_acked += acked.len();
            acknowledged.extend(acked.into_iter().map(|at| (sn.clone(), at)));
        }
        assert!(round_acked >= DEVICES, "round {round}: only {round_acked} reports acknowledged before the kill");
        host = ProcessHost::start_with_env(dir, &plugins, &env).await;
    }

    let admin = host.admin().await;
    let client = reqwest::Client::new();
    let mut lost = Vec::new();
    for (sn, _) in &keys {
        let mut kept = HashSet::new();
        for page in 1.. {
            let url = format!(
                "{}/device-service/reports?sn={sn}&kind=property&from={start}&page={page}&pageSize=1000",
                host.base
            );
            let body: Value =
                client.get(url).header("authorization", &admin).send().await.expect("list").json().await.expect("json");
            assert_eq!(body["code"], 200, "{body}");
            let rows = body["data"]["list"].as_array().expect("rows").clone();
            kept.extend(rows.iter().filter_map(|r| r["at"].as_i64()));
            if rows.len() < 1000 {
                break;
            }
        }
        lost.extend(acknowledged.iter().filter(|(of, at)| of == sn && !kept.contains(at)).map(|(_, at)| *at));
    }
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged reports lost: {:?}",
        lost.len(),
        acknowledged.len(),
        &lost[..lost.len().min(10)]
    );
}

/// A host that dies holding MQTT sessions does not leave its devices online. Once its
/// lease lapses (2 s here), another host on the database logs out each device it held, cause
/// `host-lost`; a device that moved to another host first stays online there. On SQLite, the
/// host that comes back on the killed one's data takes over its previous run. (Before, the
/// devices read online for two more minutes, until their silence.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_devices_of_a_killed_host_are_taken_over_by_another() {
    use common::fleet::{DEVICE_GRANTS, MASTER_KEY, PRODUCT_GRANTS};
    use devsim::mqtt::MqttDevice;
    const DEVICES: usize = 4;

    let free_port = crate::common::listen_port;
    let env_of = |port: u16| {
        [
            ("CONSOLE_MQTT_LISTEN", format!("127.0.0.1:{port}")),
            ("CONSOLE_HOST_LEASE_SECS", "2".into()),
            ("CONSOLE_MASTER_KEY", MASTER_KEY.into()),
        ]
    };
    let plugins = [Install::plugin("product", PRODUCT_GRANTS), Install::plugin("device", DEVICE_GRANTS)];
    let (port_one, port_two) = (free_port(), free_port());
    let one = ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &plugins, &env_of(port_one)).await;
    let (product_key, keys) = activated_fleet(&one, DEVICES).await;
    let online = |host: &ProcessHost, token: &str, sn: &str| {
        let url = format!("{}/device-service/devices/{sn}", host.base);
        let token = token.to_string();
        async move {
            let body: Value = reqwest::Client::new()
                .get(url)
                .header("authorization", token)
                .send()
                .await
                .expect("detail")
                .json()
                .await
                .expect("json");
            body["data"]["device"]["online"].as_bool().unwrap_or_else(|| panic!("{body}"))
        }
    };

    // On PostgreSQL the second host runs beside the first from the start.
    let two = if common::on_postgres() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(dir.path().join("postgres-url"), &one.database_url).expect("same database");
        Some(ProcessHost::start_with_env(dir, &plugins, &env_of(port_two)).await)
    } else {
        None
    };
    // One session per account: the second host's start signed the administrator in again.
    let admin = one.admin().await;
    let mut sessions = Vec::new();
    for (sn, key) in &keys {
        sessions.push(MqttDevice::connect(("127.0.0.1", port_one), sn, &product_key, key).await.expect("signed in"));
    }
    for (sn, _) in &keys {
        let connected_at = std::time::Instant::now();
        while !online(&one, &admin, sn).await {
            assert!(connected_at.elapsed() < Duration::from_secs(10), "{sn} not online on host one");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    // The first device moves to host two while host one still stands (its old session too).
    let mut moved = None;
    if let Some(two) = &two {
        let (sn, key) = &keys[0];
        let session = MqttDevice::connect(("127.0.0.1", port_two), sn, &product_key, key).await.expect("signed in");
        moved = Some((sn.clone(), session));
        // Its session on host one ends: that is no logout, host two holds the device.
        drop(sessions.remove(0));
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(online(two, &admin, sn).await, "{sn}'s old session on host one logged it out");
    }

    let killed_at = std::time::Instant::now();
    let dir = one.kill();
    drop(sessions);
    let two = match two {
        Some(two) => two,
        None => ProcessHost::start_with_env(dir, &plugins, &env_of(port_two)).await,
    };
    let admin = two.admin().await;
    let held: Vec<&String> =
        keys.iter().map(|(sn, _)| sn).filter(|sn| moved.as_ref().is_none_or(|(m, _)| m != *sn)).collect();
    for sn in &held {
        while online(&two, &admin, sn).await {
            assert!(killed_at.elapsed() < Duration::from_secs(30), "{sn} still online 30 s after its host died");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    eprintln!("the killed host's {} devices offline {:?} after the kill", held.len(), killed_at.elapsed());
    let logs: Value = reqwest::Client::new()
        .get(format!("{}/device-service/device-logs?sn={}&kind=logout", two.base, held[0]))
        .header("authorization", &admin)
        .send()
        .await
        .expect("logs")
        .json()
        .await
        .expect("json");
    let causes: Vec<&str> =
        logs["data"]["list"].as_array().expect("logs").iter().filter_map(|l| l["cause"].as_str()).collect();
    assert_eq!(causes, ["host-lost"], "{logs}");
    if let Some((sn, _)) = &moved {
        assert!(online(&two, &admin, sn).await, "{sn}, held by host two, was logged out with host one");
    }

    // A device logged out so connects again to the host that stands, and is online.
    let (sn, key) = keys.iter().find(|(sn, _)| held.contains(&sn)).expect("a held device");
    let _back = MqttDevice::connect(("127.0.0.1", port_two), sn, &product_key, key).await.expect("signed in");
    // Its session's first heartbeat follows the CONNACK.
    let back_at = std::time::Instant::now();
    while !online(&two, &admin, sn).await {
        assert!(back_at.elapsed() < Duration::from_secs(10), "{sn} not online again on host two");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
