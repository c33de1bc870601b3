//! Contract 0.1.10 over HTTP with the built probe: an app's websocket on a `socket` route hears
//! the live messages of the channels its route named, and nothing of another enterprise, another
//! channel or a call that failed; a refused hello closes it with the refusal; a revoked key ends
//! it at the next check. `live.notify` reaches one console user's pages and nobody else's; `platform.accounts`
//! lists the call's enterprise's accounts only.

use crate::common;

use std::time::Duration;

use common::{Install, TestHost, USER_PASSWORD};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const PROBE: &str = "events = true\ntemplate = true\nfiles = true";

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn device_key(host: &TestHost, admin: &str, tenant: i64, name: &str) -> String {
    let body = json!({ "pluginId": "probe", "tenantId": tenant, "name": name });
    host.post("/plugin-admin/device-keys/add", admin, body).await.ok()["key"].as_str().expect("a key").to_string()
}

/// An app's socket, its key offered as a browser offers it (no header, the subprotocols).
async fn app_socket(host: &TestHost, key: &str) -> Socket {
    let url = host.base.replace("http://", "ws://") + "/device/probe/device/live";
    let mut request = url.into_client_request().expect("request");
    request.headers_mut().insert("sec-websocket-protocol", format!("device.v1, {key}").parse().expect("header"));
    let (socket, response) = tokio_tungstenite::connect_async(request).await.expect("a websocket");
    assert_eq!(response.headers().get("sec-websocket-protocol").map(|v| v.as_bytes()), Some(&b"device.v1"[..]));
    socket
}

/// The next text frame as JSON, if one comes within `wait`.
async fn next_json(socket: &mut Socket, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let frame = tokio::time::timeout_at(deadline, socket.next()).await.ok()??.ok()?;
        match frame {
            Message::Text(text) => return serde_json::from_str(&text).ok(),
            Message::Close(_) => return None,
            _ => continue,
        }
    }
}

/// Opens a socket that joins `rooms`, and returns it with the route's answer.
async fn joined(host: &TestHost, key: &str, rooms: &[&str]) -> (Socket, Value) {
    let mut socket = app_socket(host, key).await;
    socket.send(Message::Text(json!({ "rooms": rooms }).to_string().into())).await.expect("hello");
    let answer = next_json(&mut socket, Duration::from_secs(5)).await.expect("the route's answer");
    (socket, answer)
}

#[tokio::test]
async fn an_apps_socket_hears_its_channels_of_its_enterprise_and_nothing_a_failed_call_sent() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let alpha = host.create_tenant(&admin, "Alpha", 41).await;
    let beta = host.create_tenant(&admin, "Beta", 42).await;
    let alpha_key = device_key(&host, &admin, alpha, "alpha app").await;
    let beta_key = device_key(&host, &admin, beta, "beta app").await;

    let (mut lobby, answer) = joined(&host, &alpha_key, &["lobby", "chat:1"]).await;
    assert_eq!(answer["code"], 200, "{answer}");
    assert_eq!(answer["data"]["device"], "alpha app", "the route ran for the key");
    let (mut other_room, _) = joined(&host, &alpha_key, &["chat:2"]).await;
    let (mut beta_lobby, _) = joined(&host, &beta_key, &["lobby"]).await;

    let send = json!({ "channel": "lobby", "message": { "text": "hello" } });
    host.post_as("/probe/live/send", &admin, &alpha.to_string(), send).await.ok();
    let heard = next_json(&mut lobby, Duration::from_secs(3)).await.expect("heard in time");
    assert_eq!(heard, json!({ "channel": "lobby", "message": { "text": "hello" } }));
    assert!(next_json(&mut other_room, Duration::from_millis(400)).await.is_none(), "another channel hears nothing");
    assert!(next_json(&mut beta_lobby, Duration::from_millis(400)).await.is_none(), "nor another enterprise's lobby");

    // A call that fails after sending sends nothing.
    let failing = json!({ "channel": "chat:1", "message": { "text": "never" }, "fail": true });
    assert_eq!(host.post_as("/probe/live/send", &admin, &alpha.to_string(), failing).await.code(), 400);
    let ok = json!({ "channel": "chat:1", "message": { "text": "after" } });
    host.post_as("/probe/live/send", &admin, &alpha.to_string(), ok).await.ok();
    let heard = next_json(&mut lobby, Duration::from_secs(3)).await.expect("the next message");
    assert_eq!(heard["message"]["text"], "after", "the failed call's message never came: {heard}");

    // A channel that is not one is refused to the plugin.
    let bad = json!({ "channel": "no spaces", "message": {} });
    assert_eq!(host.post_as("/probe/live/send", &admin, &alpha.to_string(), bad).await.code(), 400);
}

#[tokio::test]
async fn a_refused_hello_or_a_revoked_key_closes_the_socket_and_no_key_opens_none() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |c| c.socket_recheck_secs = 1).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Alpha", 43).await;
    let key = device_key(&host, &admin, tenant, "alpha app").await;

    let (mut closed, answer) = joined(&host, &key, &["closed"]).await;
    assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(400), Some("this room is closed")));
    assert!(next_json(&mut closed, Duration::from_secs(2)).await.is_none(), "then closed");

    // Nothing but JSON text first: closed without asking the plugin.
    let mut silent = app_socket(&host, &key).await;
    silent.send(Message::Binary(vec![1, 2, 3].into())).await.expect("sent");
    assert!(next_json(&mut silent, Duration::from_secs(2)).await.is_none());

    let url = host.base.replace("http://", "ws://") + "/device/probe/device/live";
    let mut request = url.clone().into_client_request().expect("request");
    request.headers_mut().insert("sec-websocket-protocol", "device.v1, dk_guess".parse().expect("header"));
    assert!(tokio_tungstenite::connect_async(request).await.is_err(), "no key, no socket");

    // The key revoked while a socket listens: the next check closes it with the refusal.
    let (mut open, answer) = joined(&host, &key, &["lobby"]).await;
    assert_eq!(answer["code"], 200);
    let keys = host.post("/plugin-admin/device-keys/list", &admin, json!({ "pluginId": "probe", "tenantId": tenant }));
    let id = keys.await.ok()[0]["id"].as_i64().expect("key id");
    let revoke = json!({ "tenantId": tenant, "id": id, "confirmName": "alpha app" });
    host.post("/plugin-admin/device-keys/delete", &admin, revoke).await.ok();
    let refusal = next_json(&mut open, Duration::from_secs(4)).await.expect("the refusal, within a check");
    assert_eq!(refusal["code"], 401, "{refusal}");
    assert!(next_json(&mut open, Duration::from_secs(2)).await.is_none(), "then closed");
    let mut request = url.into_client_request().expect("request");
    request.headers_mut().insert("sec-websocket-protocol", format!("device.v1, {key}").parse().expect("header"));
    assert!(tokio_tungstenite::connect_async(request).await.is_err(), "a revoked key opens no socket");
}

#[tokio::test]
async fn a_notice_reaches_one_console_user_and_accounts_are_the_enterprises_own() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Alpha", 44).await;
    let other = host.create_tenant(&admin, "Beta", 45).await;
    let role = host.create_role(&admin, &tenant.to_string(), "Alpha admins", "administrator", &[]).await;
    let ann_id = host.create_account(&admin, &tenant.to_string(), "ann-agent", &[role]).await;
    host.create_account(&admin, &tenant.to_string(), "bob-agent", &[role]).await;
    let other_role = host.create_role(&admin, &other.to_string(), "Beta admins", "administrator", &[]).await;
    host.create_account(&admin, &other.to_string(), "cid-agent", &[other_role]).await;
    let ann = host.login("ann-agent", USER_PASSWORD).await;
    let bob = host.login("bob-agent", USER_PASSWORD).await;

    let console = |token: String| {
        let url = host.base.replace("http://", "ws://") + "/events/ws";
        async move {
            let mut request = url.into_client_request().expect("request");
            request.headers_mut().insert("sec-websocket-protocol", format!("console.v1, {token}").parse().expect("h"));
            tokio_tungstenite::connect_async(request).await.expect("websocket").0
        }
    };
    let mut ann_socket = console(ann.clone()).await;
    let mut bob_socket = console(bob.clone()).await;
    let notice = json!({ "userId": ann_id, "topic": "probe.notice", "message": { "chat": 7 } });
    host.post("/probe/live/notify", &bob, notice).await.ok();
    let heard = next_json(&mut ann_socket, Duration::from_secs(3)).await.expect("Ann hears it");
    assert_eq!((heard["topic"].as_str(), &heard["payload"]), (Some("probe.notice"), &json!({ "chat": 7 })));
    assert!(next_json(&mut bob_socket, Duration::from_millis(500)).await.is_none(), "Bob, who sent it, does not");
    let foreign = json!({ "userId": ann_id, "topic": "pet.created", "message": {} });
    assert_eq!(host.post("/probe/live/notify", &bob, foreign).await.code(), 400, "only under its own topic");
    // Only a user of the call's enterprise: the platform administrator's
    // console, which hears every enterprise, heard Alpha's notice to them before.
    let mut admin_socket = console(admin.clone()).await;
    let db = crate::common::database(&host.database_url).await;
    let admin_id: i64 =
        sqlx::query_scalar("SELECT id FROM accounts WHERE username = 'admin'").fetch_one(&db).await.expect("admin");
    let upward = json!({ "userId": admin_id, "topic": "probe.notice", "message": { "chat": 8 } });
    let refused = host.post("/probe/live/notify", &bob, upward).await;
    assert_eq!(refused.code(), 400, "refused to the plugin: {:?}", refused.body);
    assert!(next_json(&mut admin_socket, Duration::from_millis(500)).await.is_none(), "the platform heard nothing");

    let found = host.get("/probe/accounts?text=agent", &ann).await;
    let names: Vec<&str> = found.ok().as_array().expect("list").iter().filter_map(|a| a["userName"].as_str()).collect();
    assert_eq!(names, ["ann-agent", "bob-agent"], "Beta's agent is not Alpha's to name");
    // The account named exactly comes first, before those whose names merely contain it.
    host.create_account(&admin, &tenant.to_string(), "agent", &[role]).await;
    let found = host.get("/probe/accounts?text=AGENT", &ann).await;
    assert_eq!(found.ok()[0]["userName"], "agent");
}
