//! A storm of unauthenticated sign-ins from many addresses cannot take the host's memory
//! (issue 12, item 9): argon2 runs on two workers behind a bounded queue. The host runs as its
//! own process (the built `console-host`), so the peak resident size measured is the host's
//! alone, not the test client's.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::ADMIN_PASSWORD;
use serde_json::json;

struct Host {
    child: Child,
    base: String,
    _dir: tempfile::TempDir,
}

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Host {
    async fn start() -> Host {
        let dir = tempfile::tempdir().expect("dir");
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("port").local_addr().expect("addr").port();
        let child = Command::new(env!("CARGO_BIN_EXE_console-host"))
            .env("CONSOLE_LISTEN", format!("127.0.0.1:{port}"))
            .env("CONSOLE_DATA_DIR", dir.path())
            .env("CONSOLE_DATABASE_URL", format!("sqlite://{}", dir.path().join("console.db").display()))
            .env("CONSOLE_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("CONSOLE_PLUGINS", dir.path().join("no-plugins.toml"))
            .env("CONSOLE_TRUST_PROXY", "true")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("console-host starts");
        let base = format!("http://127.0.0.1:{port}/api");
        let host = Host { child, base, _dir: dir };
        for _ in 0..200 {
            if host.sign_in("admin", ADMIN_PASSWORD, "127.0.0.1").await == Some(200) {
                return host;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the host did not start");
    }

    async fn sign_in(&self, user: &str, password: &str, from: &str) -> Option<i64> {
        let res = reqwest::Client::new()
            .post(format!("{}/authority-service/authority/login", self.base))
            .header("x-forwarded-for", from)
            .json(&json!({ "userName": user, "password": password }))
            .send()
            .await
            .ok()?;
        res.json::<serde_json::Value>().await.ok()?["code"].as_i64()
    }

    fn status_mib(&self, field: &str) -> u64 {
        common::proc_status_mib(&self.child.id().to_string(), field)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_concurrent_sign_ins_keep_the_host_small() {
    let host = Host::start().await;
    let before = host.status_mib("VmRSS:");

    let mut calls = tokio::task::JoinSet::new();
    for n in 0..500u32 {
        let base = host.base.clone();
        calls.spawn(async move {
            let body = json!({ "userName": format!("nobody{n}"), "password": "Wrong#2026" });
            let res = reqwest::Client::new()
                .post(format!("{base}/authority-service/authority/login"))
                .header("x-forwarded-for", format!("198.51.{}.{}", n / 250, n % 250 + 1))
                .json(&body)
                .send()
                .await;
            match res {
                Ok(res) => res.json::<serde_json::Value>().await.ok().and_then(|v| v["code"].as_i64()).unwrap_or(-1),
                Err(_) => 0,
            }
        });
    }
    let mut answers = std::collections::BTreeMap::new();
    while let Some(code) = calls.join_next().await {
        *answers.entry(code.expect("task")).or_insert(0) += 1;
    }
    let peak = host.status_mib("VmHWM:");
    let after = host.status_mib("VmRSS:");
    println!("sign-in storm: {answers:?}; host resident {before} MiB before, peak {peak} MiB, {after} MiB after");
    assert!(answers.keys().all(|code| [400, 429].contains(code)), "bad credentials or busy, nothing else: {answers:?}");
    assert!(peak < 200, "the host peaked at {peak} MiB");
    assert!(after < 200, "the host kept {after} MiB");
    assert_eq!(host.sign_in("admin", ADMIN_PASSWORD, "127.0.0.1").await, Some(200), "the host still works");
}
