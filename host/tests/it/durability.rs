//! Durability (issue 14): a write the host answered 200 survives the host being killed, and an
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
