//! The task centre: an export runs as its user's task, its file kept in the object store behind
//! a signed link; only routes their plugin declares tasks run so; the right to the export is
//! checked when asked, a user sees and touches only their own tasks, has at most three calls
//! under way (requests sent together included), may cancel one (its file is not kept, its call
//! counts until it ends), and keeps fifty tasks at most.

use crate::common;

use std::time::Duration;

use base64::Engine as _;
use common::{Install, TestHost, USER_PASSWORD};
use serde_json::{Value, json};

/// The task `id` once it is no longer running, within 15 s.
async fn ended(host: &TestHost, token: &str, id: i64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let tasks = host.get("/tasks", token).await;
        let task = tasks.ok().as_array().expect("tasks").iter().find(|t| t["id"] == id).cloned().expect("listed");
        if task["status"] != "running" {
            return task;
        }
        assert!(tokio::time::Instant::now() < deadline, "still running: {task}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_runs_as_its_users_task_and_its_file_is_fetched_through_a_link() {
    let plugins = [Install::plugin("globalization", "files = true"), Install::probe("timeout_ms = 1500")];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    let text = json!({ "module": "device", "key": "E4096", "texts": { "zhCn": "滚刷卡住", "en": "Brush stuck" } });
    let added = host.post("/i18n-service/modules", &admin, text).await;
    assert_eq!(added.code(), 200, "{:?}", added.body);

    let started = host.post("/tasks/exports", &admin, json!({ "path": "/i18n-service/modules/export" })).await;
    let id = started.ok()["id"].as_i64().expect("id");
    assert_eq!(started.ok()["title"], "The module texts as an Excel workbook, one column per language");
    let task = ended(&host, &admin, id).await;
    assert_eq!(task["status"], "done", "{task}");
    assert_eq!(task["fileName"], "module-texts.xlsx", "{task}");
    let link = host.get(&format!("/tasks/{id}/link"), &admin).await;
    let url = link.ok()["url"].as_str().expect("url").to_string();
    let origin = host.base.trim_end_matches("/api");
    let bytes = reqwest::get(format!("{origin}{url}")).await.expect("download").bytes().await.expect("bytes");
    assert_eq!(task["size"].as_u64(), Some(bytes.len() as u64));
    let file = json!({ "content": base64::engine::general_purpose::STANDARD.encode(&bytes) });
    let rows = crate::product::read_workbook(&file);
    assert!(rows.iter().any(|row| row.contains(&"Brush stuck".to_string())), "the text is in the file: {rows:?}");

    // Another user: the right to the export is checked when asked, and the admin's task is not
    // theirs to see, cancel or fetch.
    let tenant = host.create_tenant(&admin, "Tasks", 7).await;
    let role = host.create_role(&admin, &tenant.to_string(), "No exports", "administrator", &[]).await;
    host.create_account(&admin, &tenant.to_string(), "tasks-user", &[role]).await;
    let other = host.login("tasks-user", USER_PASSWORD).await;
    let refused = host.post("/tasks/exports", &other, json!({ "path": "/i18n-service/modules/export" })).await;
    assert!([403, 404].contains(&refused.code()), "{:?}", refused.body);
    assert_eq!(host.get("/tasks", &other).await.ok(), &json!([]), "nothing started, nothing listed");
    assert_eq!(host.get(&format!("/tasks/{id}/link"), &other).await.code(), 404);
    assert_eq!(host.post(&format!("/tasks/{id}/cancel"), &other, json!({})).await.code(), 404);
    // Only a route its plugin declares a task runs as one (a file of keys is never kept).
    let undeclared = host.post("/tasks/exports", &admin, json!({ "path": "/probe/busy" })).await;
    assert_eq!(undeclared.code(), 400, "{:?}", undeclared.body);
    assert_eq!(undeclared.body["data"]["field"], "path");
    assert_eq!(undeclared.body["msg"], "This file cannot be kept by the task centre; download it from its page.");
    // A route that answers no file fails as a task, in the user's words.
    let not_a_file = host.post("/tasks/exports", &admin, json!({ "path": "/probe/version" })).await;
    let failed = ended(&host, &admin, not_a_file.ok()["id"].as_i64().expect("id")).await;
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["error"], "This operation does not make a file, so it cannot run as an export.");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_runs_three_tasks_at_once_and_may_cancel_one() {
    let host = TestHost::start_with_plugins(&[Install::probe("timeout_ms = 1500")], |_| {}).await;
    let admin = host.admin().await;
    // Each spins until its call's time is up (1.5 s).
    let mut ids = Vec::new();
    for _ in 0..3 {
        let started = host.post("/tasks/exports", &admin, json!({ "path": "/probe/spin" })).await;
        ids.push(started.ok()["id"].as_i64().expect("id"));
    }
    let fourth = host.post("/tasks/exports", &admin, json!({ "path": "/probe/spin" })).await;
    assert_eq!(fourth.code(), 429, "{:?}", fourth.body);
    assert!(fourth.body["msg"].as_str().unwrap_or("").contains("3 tasks"), "{:?}", fourth.body);
    let cancelled = host.post(&format!("/tasks/{}/cancel", ids[0]), &admin, json!({})).await;
    assert_eq!(cancelled.ok()["status"], "cancelled");
    // A cancelled task's call goes on to its end, and counts until then.
    assert_eq!(host.post("/tasks/exports", &admin, json!({ "path": "/probe/spin" })).await.code(), 429);
    // Its call still ends; the task stays cancelled. The others end as the call did.
    assert_eq!(ended(&host, &admin, ids[0]).await["status"], "cancelled");
    for id in &ids[1..] {
        let task = ended(&host, &admin, *id).await;
        assert_eq!(task["status"], "failed", "{task}");
        assert!(task["error"].as_str().is_some_and(|e| !e.is_empty()), "why it failed: {task}");
    }
    assert_eq!(host.get(&format!("/tasks/{}/link", ids[0]), &admin).await.code(), 404, "no file of a cancelled task");
    // Once they ended, new ones start again; sent together, three are taken and the rest refused.
    let sent = (0..6).map(|_| host.post("/tasks/exports", &admin, json!({ "path": "/probe/spin" })));
    let codes: Vec<i64> = futures_util::future::join_all(sent).await.iter().map(|answer| answer.code()).collect();
    assert_eq!(codes.iter().filter(|code| **code == 200).count(), 3, "{codes:?}");
    assert_eq!(codes.iter().filter(|code| **code == 429).count(), 3, "{codes:?}");
}

/// What one user keeps is bounded by count as well as by time: past fifty, starting a task
/// forgets the oldest ended one and removes its file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_keeps_fifty_tasks_and_an_older_ones_file_goes() {
    let host = TestHost::start_with_plugins(&[Install::plugin("globalization", "files = true")], |_| {}).await;
    let admin = host.admin().await;
    let mut ids = Vec::new();
    for _ in 0..51 {
        let started = host.post("/tasks/exports", &admin, json!({ "path": "/i18n-service/modules/export" })).await;
        let id = started.ok()["id"].as_i64().expect("id");
        assert_eq!(ended(&host, &admin, id).await["status"], "done");
        ids.push(id);
    }
    let listed: Vec<i64> = host
        .get("/tasks", &admin)
        .await
        .ok()
        .as_array()
        .expect("tasks")
        .iter()
        .filter_map(|t| t["id"].as_i64())
        .collect();
    assert_eq!(listed.len(), 50);
    assert!(!listed.contains(&ids[0]) && listed.contains(&ids[50]), "the oldest forgotten: {listed:?}");
    assert_eq!(host.get(&format!("/tasks/{}/link", ids[0]), &admin).await.code(), 404);
    let objects = host.state.plugins.objects();
    let gone = console_host::objects::Objects::plugin_object(0, "_tasks", &format!("{}/file", ids[0]));
    let kept = console_host::objects::Objects::plugin_object(0, "_tasks", &format!("{}/file", ids[1]));
    assert!(objects.store.head(&gone).await.is_err(), "the forgotten task's file is removed");
    assert!(objects.store.head(&kept).await.is_ok(), "a kept task's file stays");
}

/// What one enterprise keeps in task files is bounded: past its share the oldest ended exports'
/// files go first, whichever of its users made them; an export larger than the whole share fails
/// in the user's words and takes nothing; another enterprise's files are not touched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_enterprise_keeps_its_task_files_within_its_share() {
    let host =
        TestHost::start_with_plugins(&[Install::probe("timeout_ms = 5000\nmax_response_kib = 8192")], |config| {
            config.task_files_mib = 1;
        })
        .await;
    let admin = host.admin().await;
    let export = |token: String, kib: u32| {
        let host = &host;
        async move {
            let started = host
                .post("/tasks/exports", &token, json!({ "path": "/probe/export", "query": { "kib": kib.to_string() } }))
                .await;
            ended(host, &token, started.ok()["id"].as_i64().expect("id")).await
        }
    };
    // The platform's own export: another enterprise's share.
    let platform = export(admin.clone(), 700).await;
    assert_eq!(platform["status"], "done", "{platform}");

    let tenant = host.create_tenant(&admin, "Exporters", 11).await.to_string();
    let role = host.create_role(&admin, &tenant, "Exporters", "ordinary", &["probe:use"]).await;
    host.create_account(&admin, &tenant, "exporter-a", &[role]).await;
    host.create_account(&admin, &tenant, "exporter-b", &[role]).await;
    let (a, b) = (host.login("exporter-a", USER_PASSWORD).await, host.login("exporter-b", USER_PASSWORD).await);
    let first = export(a.clone(), 400).await;
    let second = export(a.clone(), 400).await;
    assert_eq!((first["status"].as_str(), second["status"].as_str()), (Some("done"), Some("done")));
    // 1,200 KiB past a share of 1 MiB: the oldest goes, another user's though it is.
    let third = export(b.clone(), 400).await;
    assert_eq!(third["status"], "done", "{third}");
    let ids = |token: String| {
        let host = &host;
        async move {
            let listed = host.get("/tasks", &token).await;
            listed.ok().as_array().expect("tasks").iter().filter_map(|t| t["id"].as_i64()).collect::<Vec<i64>>()
        }
    };
    assert_eq!(ids(a.clone()).await, vec![second["id"].as_i64().expect("id")], "the oldest was let go");
    assert_eq!(host.get(&format!("/tasks/{}/link", first["id"]), &a).await.code(), 404);
    assert_eq!(host.get(&format!("/tasks/{}/link", second["id"]), &a).await.code(), 200);
    assert_eq!(host.get(&format!("/tasks/{}/link", third["id"]), &b).await.code(), 200);

    // Larger than the whole share: refused as it ends, nothing else let go.
    let whole = export(b.clone(), 1100).await;
    assert_eq!(whole["status"], "failed", "{whole}");
    assert_eq!(
        whole["error"],
        "The export is larger than all your enterprise may keep in exported files (1 MiB); narrow the list and export again."
    );
    assert_eq!(ids(a.clone()).await.len(), 1, "nothing else let go");
    assert_eq!(
        host.get(&format!("/tasks/{}/link", platform["id"]), &admin).await.code(),
        200,
        "the platform's file stays"
    );
}
