//! Two hosts on one PostgreSQL behave as one: sessions, their end, login throttling, schedules,
//! live events and live messages to apps' sockets, enabling and reloading plugins. Runs where the
//! test run has a PostgreSQL (`scripts/with-postgres.sh`, as `make test` does); SQLite runs one
//! host.

use crate::common;

use std::future::Future;
use std::time::{Duration, Instant};

use common::{ADMIN_PASSWORD, Install, TestHost, USER_PASSWORD};
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const PROBE: &str = "events = true\ntimeout_ms = 1000\nmemory_mib = 32";
/// Every host of a deployment is given the same key (`CONSOLE_MASTER_KEY`).
const MASTER_KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
/// What "at once" means across hosts: a notification takes milliseconds; the guard's cache
/// would keep a stale entry for 5 s without it.
const WITHIN: Duration = Duration::from_secs(1);

/// Two hosts on one database, each with its own data folder, cache and plugin runtime.
async fn two_hosts() -> Option<(TestHost, TestHost)> {
    if !common::on_postgres() {
        eprintln!("skipped: several hosts need PostgreSQL (scripts/with-postgres.sh)");
        return None;
    }
    let plugins = [Install::pet(), Install::probe(PROBE)];
    let one = TestHost::start_with_plugins(&plugins, |c| c.master_key = Some(MASTER_KEY.into())).await;
    let url = one.database_url.clone();
    let two = TestHost::start_with_plugins(&plugins, |c| {
        c.master_key = Some(MASTER_KEY.into());
        c.database_url = url;
    })
    .await;
    Some((one, two))
}

/// How long `check` took to hold, or `None` if it did not within [`WITHIN`].
async fn within<F: Future<Output = bool>>(mut check: impl FnMut() -> F) -> Option<Duration> {
    let started = Instant::now();
    while started.elapsed() < WITHIN {
        if check().await {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

#[tokio::test]
async fn a_session_is_valid_on_every_host_and_its_end_reaches_every_host() {
    let Some((one, two)) = two_hosts().await else { return };
    let token = one.admin().await;
    assert_eq!(two.get("/pet-service/breeds", &token).await.code(), 200, "made on one, valid on two");

    // Logout on one: two, which has the session in its cache, refuses it at once.
    one.post("/authority-service/authority/loginOut", &token, json!({})).await.ok();
    let took = within(|| async { two.get("/pet-service/breeds", &token).await.code() != 200 }).await;
    assert!(took.is_some(), "host two still accepts a session ended on host one");
    eprintln!("host two refused the signed-out session after {took:?}");
    assert_eq!(two.get("/pet-service/breeds", &token).await.code(), 401, "signed out");

    // A new sign-in on one ends the session in use on two (one session per account): 507.
    let older = two.admin().await;
    assert_eq!(two.get("/pet-service/breeds", &older).await.code(), 200);
    let _newer = one.admin().await;
    let took = within(|| async { two.get("/pet-service/breeds", &older).await.code() == 507 }).await;
    assert!(took.is_some(), "the session replaced on host one is still served by host two");
}

#[tokio::test]
async fn failed_sign_ins_are_counted_across_hosts() {
    let Some((one, two)) = two_hosts().await else { return };
    // Five failures lock the account (CONSOLE_LOGIN_MAX_FAILURES), wherever they were made.
    for attempt in 0..5 {
        let host = if attempt % 2 == 0 { &one } else { &two };
        assert_eq!(host.try_login("admin", "wrong password").await.code(), 400, "attempt {attempt}");
    }
    for host in [&one, &two] {
        assert_eq!(host.try_login("admin", ADMIN_PASSWORD).await.code(), 429, "locked on both");
    }
}

#[tokio::test]
async fn a_missed_schedule_runs_once_whichever_host_sees_it_first() {
    let Some((one, two)) = two_hosts().await else { return };
    let admin = one.admin().await;
    let db = common::database(&one.database_url).await;
    let planned = within(|| async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM plugin_schedule_runs WHERE schedule = 'nightly'")
            .fetch_one(&db)
            .await
            .is_ok_and(|n| n > 0)
    })
    .await;
    assert!(planned.is_some(), "the nightly run was planned");
    // Both hosts find the nightly run overdue at the same time: one of them takes the lease.
    sqlx::query("UPDATE plugin_schedule_runs SET next_run_at = $1 WHERE schedule = 'nightly'")
        .bind(console_host::db::now_ms() - 86_400_000)
        .execute(&db)
        .await
        .expect("overdue");
    let ran = within(|| async { one.get("/probe/ticks?job=nightly", &admin).await.ok()["total"] == 1 }).await;
    assert!(ran.is_some(), "the overdue run ran");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for host in [&one, &two] {
        assert_eq!(host.get("/probe/ticks?job=nightly", &admin).await.ok()["total"], 1, "once, not once per host");
    }
}

#[tokio::test]
async fn an_event_published_on_one_host_reaches_the_shells_on_the_other() {
    let Some((one, two)) = two_hosts().await else { return };
    let admin = one.admin().await;
    let url = two.base.replace("http://", "ws://") + "/events/ws";
    let mut request = url.into_client_request().expect("request");
    request.headers_mut().insert("sec-websocket-protocol", format!("console.v1, {admin}").parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket on host two");

    // A small event travels in the notification; one above 8,000 bytes through the table.
    for pad in [0u64, 20_000] {
        one.post("/probe/publish", &admin, json!({ "topic": "probe.ping", "pad": pad })).await.ok();
        let frame = tokio::time::timeout(WITHIN, socket.next()).await.expect("the event reached host two in time");
        let event: Value =
            serde_json::from_str(frame.expect("frame").expect("ok").to_text().expect("text")).expect("json");
        assert_eq!((event["topic"].as_str(), event["plugin"].as_str()), (Some("probe.ping"), Some("probe")));
        assert_eq!(event["payload"]["pad"].as_str().map(str::len), Some(pad as usize));
    }
    // Subscribers hear it once, on the publishing host: their effects are in the shared database.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(two.get("/probe/heard", &admin).await.ok()["total"], 2);
}

/// Contract 0.1.10: a live message sent through host one reaches an app listening on host two.
#[tokio::test]
async fn a_live_message_sent_on_one_host_reaches_an_apps_socket_on_the_other() {
    use futures_util::SinkExt as _;
    use tokio_tungstenite::tungstenite::Message;
    let Some((one, two)) = two_hosts().await else { return };
    let admin = one.admin().await;
    let body = json!({ "pluginId": "probe", "tenantId": 0, "name": "app" });
    let key =
        one.post("/plugin-admin/device-keys/add", &admin, body).await.ok()["key"].as_str().expect("key").to_string();
    let url = two.base.replace("http://", "ws://") + "/device/probe/device/live";
    let mut request = url.into_client_request().expect("request");
    request.headers_mut().insert("sec-websocket-protocol", format!("device.v1, {key}").parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("a socket on host two");
    socket.send(Message::Text(json!({ "rooms": ["chat:9"] }).to_string().into())).await.expect("hello");
    let answer = tokio::time::timeout(WITHIN, socket.next()).await.expect("answered").expect("frame").expect("ok");
    assert!(answer.to_text().expect("text").contains("\"code\":200"), "{answer}");
    one.post("/probe/live/send", &admin, json!({ "channel": "chat:9", "message": { "text": "hi" } })).await.ok();
    let frame = tokio::time::timeout(WITHIN, socket.next()).await.expect("in time").expect("frame").expect("ok");
    let heard: Value = serde_json::from_str(frame.to_text().expect("text")).expect("json");
    assert_eq!(heard, json!({ "channel": "chat:9", "message": { "text": "hi" } }));
}

#[tokio::test]
async fn enabling_or_reloading_a_plugin_on_one_host_is_seen_by_the_other_within_a_second() {
    let Some((one, two)) = two_hosts().await else { return };
    let admin = one.admin().await;
    let tenant = one.create_tenant(&admin, "Alpha", 1).await;
    let role = one.create_role(&admin, &tenant.to_string(), "Alpha admins", "administrator", &[]).await;
    one.create_account(&admin, &tenant.to_string(), "alpha-admin", &[role]).await;
    let alpha = one.login("alpha-admin", USER_PASSWORD).await;
    assert_eq!(two.get("/probe/version", &alpha).await.code(), 200, "enabled, and cached so on host two");

    let enable = |enabled: bool| {
        one.post(
            "/plugin-admin/plugins/enable",
            &admin,
            json!({ "pluginId": "probe", "tenantIds": [tenant], "enabled": enabled }),
        )
    };
    enable(false).await.ok();
    let took = within(|| async { two.get("/probe/version", &alpha).await.code() != 200 }).await;
    assert!(took.is_some(), "host two still serves a plugin its enterprise no longer has");
    eprintln!("host two refused the disabled plugin after {took:?}");
    enable(true).await.ok();
    let took = within(|| async { two.get("/probe/version", &alpha).await.code() == 200 }).await;
    assert!(took.is_some(), "host two does not serve a plugin enabled again");

    let before = loaded_at(&two, &admin).await.expect("loaded");
    tokio::time::sleep(Duration::from_millis(5)).await;
    one.post("/plugin-admin/plugins/reload", &admin, json!({ "pluginId": "probe" })).await.ok();
    let took = within(|| async { loaded_at(&two, &admin).await.is_some_and(|at| at > before) }).await;
    assert!(took.is_some(), "host two did not reload the plugin reloaded on host one");
    eprintln!("host two had reloaded the plugin after {took:?}");
}

/// When `host` loaded the probe's current build.
async fn loaded_at(host: &TestHost, admin: &str) -> Option<i64> {
    let list = host.post("/plugin-admin/plugins/list", admin, json!({})).await;
    let plugins = list.ok().as_array().cloned().or_else(|| list.ok()["list"].as_array().cloned());
    plugins.expect("plugins").iter().find(|p| p["id"] == "probe").expect("probe")["loadedAt"].as_i64()
}
