//! The memory of all plugin calls together is bounded: each call is capped by its grant, and the
//! calls under way wait for their grants to fit `CONSOLE_PLUGIN_MEMORY_MIB`. Alone in its test
//! binary, so that the peak resident size measured is this one host's.

mod common;

use common::{Install, TestHost};

fn status_mib(field: &str) -> u64 {
    common::proc_status_mib("self", field)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_memory_bombs_at_once_stay_within_the_budget() {
    let grants = "timeout_ms = 5000\nmemory_mib = 32";
    let host = TestHost::start_with_plugins(&[Install::probe(grants)], |c| c.plugin_memory_mib = 128).await;
    let admin = host.admin().await;
    assert_eq!(host.get("/probe/version", &admin).await.code(), 200);
    std::fs::write("/proc/self/clear_refs", "5").expect("clear_refs");
    let before = status_mib("VmRSS:");

    let mut bombs = tokio::task::JoinSet::new();
    for _ in 0..60 {
        let (base, admin) = (host.base.clone(), admin.clone());
        bombs.spawn(async move {
            let res =
                reqwest::Client::new().get(format!("{base}/probe/bomb")).header("authorization", admin).send().await;
            res.map(|r| r.status().as_u16()).unwrap_or(0)
        });
    }
    while let Some(status) = bombs.join_next().await {
        assert_eq!(status.expect("task"), 500, "each bomb traps at its own cap");
    }
    let grown = status_mib("VmHWM:").saturating_sub(before);
    println!("60 memory bombs of 32 MiB under a 128 MiB budget: the host grew by {grown} MiB at most");
    assert!(grown < 400, "the calls together took {grown} MiB (60 x 32 MiB unbounded would be 1.9 GiB)");
    assert_eq!(host.get("/probe/version", &admin).await.ok()["version"], "0.1.0", "the host goes on");
}
