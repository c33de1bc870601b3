//! The embedded MQTT gateway: MQTT 3.1.1 over TCP on `CONSOLE_MQTT_LISTEN` (`docs/mqtt.md`).
//! A connection is one device's session. Its CONNECT is signed with the SN's key; after that
//! each publish is handed to the device plugin's device route its topic names, as a call of that
//! device, and the answer goes back on the reply topic. Commands go down when the plugin wakes
//! the device. Connecting is a heartbeat; the session's end, however it ends, a logout.
//!
//! Not yet: MQTT 5, TLS and client certificates, redelivery of unacknowledged downlinks, OTA
//! topics, the external broker.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rumqttc::mqttbytes::QoS;
use rumqttc::mqttbytes::v4::{
    Codec, ConnAck, Connect, ConnectReturnCode, Packet, PubAck, Publish, SubAck, Subscribe, SubscribeReasonCode,
    UnsubAck,
};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::codec::Framed;

use super::limits::{self, Allowance};
use super::topics::{self, Device, Uplink};
use crate::AppState;
use crate::db::device_keys::DeviceKey;
use crate::i18n::{Lang, Msg};
use crate::plugins::bindings::console::plugin::types;
use crate::plugins::manifest::RouteCaller;
use crate::plugins::registry::LoadedPlugin;
use crate::plugins::runtime::{CallContext, EventBudget, Invocation, Returned};
use crate::plugins::wakes::RECHECK;

/// The host route of the plugin that signs devices in.
const AUTHENTICATE: &str = "/internal/mqtt/authenticate";
/// A connection that has not sent its CONNECT by then is closed.
const CONNECT_WITHIN: Duration = Duration::from_secs(10);
/// Sessions one process holds at once; past this a connection is closed at once.
pub const MAX_SESSIONS: usize = 100_000;
/// The largest packet read or written: a payload and its topic.
const MAX_PACKET: usize = limits::MAX_PAYLOAD + 1024;
/// User names and client ids longer than this are refused unread.
const MAX_NAME: usize = 256;
/// MQTT 3.1.1 carries no language: refusals go to devices in English, as their logs read.
const DEVICE_LANG: Lang = Lang::En;

type Io = Framed<TcpStream, Codec>;

/// Starts the gateway on the configured address, unless it is `off`. An address that cannot be
/// bound leaves the host serving HTTP, with a warning (a second console on one machine).
pub async fn spawn(app: AppState) {
    let listen = app.config.mqtt_listen.trim().to_string();
    if listen.eq_ignore_ascii_case("off") {
        return;
    }
    let addr: SocketAddr = match listen.parse() {
        Ok(addr) => addr,
        Err(err) => return tracing::warn!(%listen, %err, "CONSOLE_MQTT_LISTEN is not an address: no MQTT gateway"),
    };
    match TcpListener::bind(addr).await {
        Ok(listener) => {
            tracing::info!(%addr, "MQTT gateway listening");
            tokio::spawn(serve(app, listener));
        }
        Err(err) => tracing::warn!(%addr, %err, "MQTT gateway not started"),
    }
}

/// Accepts devices on `listener` for as long as the process runs.
pub async fn serve(app: AppState, listener: TcpListener) {
    let sessions = Arc::new(Semaphore::new(MAX_SESSIONS));
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                let Ok(permit) = sessions.clone().try_acquire_owned() else { continue };
                let _ = stream.set_nodelay(true);
                let app = app.clone();
                tokio::spawn(async move {
                    session(app, stream, peer).await;
                    drop(permit);
                });
            }
            Err(err) => {
                tracing::warn!(%err, "MQTT accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// A device signed in: its key (enterprise, SN), the plugin its routes are, its topics' names.
struct SignedIn {
    key: DeviceKey,
    plugin: Arc<LoadedPlugin>,
    product_key: String,
    sn: String,
    peer: SocketAddr,
}

impl SignedIn {
    fn device(&self) -> Device<'_> {
        Device { product_key: &self.product_key, sn: &self.sn }
    }

    fn context(&self) -> CallContext {
        CallContext {
            tenant_id: self.key.tenant_id,
            user_id: 0,
            platform_user: false,
            user_name: format!("device-sn:{}", self.sn),
            lang: DEVICE_LANG.code().to_string(),
            actions: Vec::new(),
            request_id: crate::auth::session::new_token()[..16].to_string(),
            cascade: EventBudget::new(),
            decision: None,
            client_address: self.peer.ip().to_string(),
        }
    }

    /// Calls one of the device's routes as the device: (status, body) as the plugin answered.
    async fn call(&self, app: &AppState, method: &str, path: &str, body: &str) -> (u16, String) {
        call(app, &self.plugin, self.context(), method, path, body).await
    }
}

async fn call(
    app: &AppState,
    plugin: &Arc<LoadedPlugin>,
    context: CallContext,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    let request = types::Request {
        method: method.into(),
        path: path.into(),
        query: Vec::new(),
        body: if body.trim().is_empty() { "null".into() } else { body.into() },
        context: context.to_wit(),
    };
    match app.plugins.call(plugin.clone(), context, Invocation::Handle(request), 0).await {
        Ok(finished) => match finished.returned {
            Returned::Response(answer) => (answer.status, answer.body),
            Returned::Unit(_) => (500, json!({ "msg": "no answer" }).to_string()),
        },
        Err(failure) => (500, json!({ "msg": format!("{failure:?}") }).to_string()),
    }
}

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// DISCONNECT: the device said goodbye.
    Goodbye,
    /// Silent past one and a half keep-alives.
    Silent,
    /// The connection broke, or the device broke the rules (its will applies).
    Broken,
}

async fn session(app: AppState, stream: TcpStream, peer: SocketAddr) {
    let mut io = Framed::new(stream, Codec { max_incoming_size: MAX_PACKET, max_outgoing_size: MAX_PACKET });
    let Ok(Some(Ok(Packet::Connect(connect)))) = tokio::time::timeout(CONNECT_WITHIN, io.next()).await else {
        return;
    };
    let device = match sign_in(&app, &connect, peer).await {
        Ok(device) => device,
        Err(code) => {
            let _ = io.send(Packet::ConnAck(ConnAck::new(code, false))).await;
            return;
        }
    };
    if io.send(Packet::ConnAck(ConnAck::new(ConnectReturnCode::Success, false))).await.is_err() {
        return;
    }
    device.call(&app, "POST", "/thing/heartbeat", "{}").await;
    let ended = converse(&app, &device, &mut io, connect.keep_alive).await;
    tracing::debug!(sn = %device.sn, ?ended, "MQTT session ended");
    device.call(&app, "POST", "/thing/logout", "{}").await;
}

/// The sign-in: user name `{sn}&{productKey}`, the signing time in the client id
/// (`…|timestamp=<ms>|` or `…|securemode=3,timestamp=<ms>|`), the password the SN's signature.
async fn sign_in(app: &AppState, connect: &Connect, peer: SocketAddr) -> Result<SignedIn, ConnectReturnCode> {
    let bad = ConnectReturnCode::BadUserNamePassword;
    let login = connect.login.as_ref().ok_or(ConnectReturnCode::NotAuthorized)?;
    if login.username.len() > MAX_NAME || connect.client_id.len() > MAX_NAME || login.password.len() > MAX_NAME {
        return Err(bad);
    }
    let (sn, product_key) = login.username.split_once('&').ok_or(bad)?;
    let timestamp = signing_time(&connect.client_id).ok_or(bad)?;
    let plugin = app
        .plugins
        .all()
        .into_iter()
        .find(|p| p.route(RouteCaller::Host, "POST", AUTHENTICATE).is_some())
        .ok_or(ConnectReturnCode::ServiceUnavailable)?;
    let keys =
        app.db.device_keys_of_sn(&plugin.manifest.id, sn).await.map_err(|_| ConnectReturnCode::ServiceUnavailable)?;
    let body = json!({ "sn": sn, "productKey": product_key, "clientId": connect.client_id, "timestamp": timestamp,
                       "signature": login.password })
    .to_string();
    for key in keys {
        let usable = app.db.device_key_valid(&key).await.unwrap_or(false)
            && app.plugins.enabled_for(key.tenant_id).await.is_ok_and(|on| on.contains(&plugin.manifest.id));
        if !usable {
            continue;
        }
        let signed_in = SignedIn { key, plugin: plugin.clone(), product_key: product_key.into(), sn: sn.into(), peer };
        let mut context = signed_in.context();
        context.user_name = "mqtt".into();
        let (status, answer) = call(app, &plugin, context, "POST", AUTHENTICATE, &body).await;
        let valid = status == 200 && serde_json::from_str::<Value>(&answer).is_ok_and(|a| a["valid"] == true);
        if valid {
            return Ok(signed_in);
        }
    }
    Err(bad)
}

/// The signing time a client id carries between `|`s, as Alink writes it.
fn signing_time(client_id: &str) -> Option<i64> {
    let params = client_id.split('|').nth(1)?;
    params.split(',').find_map(|p| p.trim().strip_prefix("timestamp=")).and_then(|t| t.parse().ok())
}

/// The session after CONNACK: the device's packets, the plugin's wakes, and its silence.
async fn converse(app: &AppState, device: &SignedIn, io: &mut Io, keep_alive: u16) -> Ended {
    let silent_limit = limits::silent_limit(keep_alive);
    let mut allowance = Allowance::new(std::time::Instant::now());
    let mut next_id: u16 = 0;
    let waits_for = (device.key.tenant_id, device.plugin.manifest.id.clone(), device.sn.clone());
    // Another request of the device may be waiting already (an HTTP long poll): then the
    // recheck alone brings the commands, within RECHECK.
    let waiter = app.plugins.wakes().wait(waits_for);
    let notify = waiter.as_ref().map(|w| w.notify.clone());
    let key_recheck = Duration::from_secs(app.config.socket_recheck_secs);
    let mut key_checked = std::time::Instant::now();
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first tick is at once: whatever waits for the device goes down on connecting.
    loop {
        let woken = async {
            match &notify {
                Some(notify) => notify.notified().await,
                None => std::future::pending().await,
            }
        };
        let packet = tokio::select! {
            packet = tokio::time::timeout(silent_limit, io.next()) => packet,
            () = woken => {
                if deliver_commands(app, device, io, &mut next_id).await.is_err() {
                    return Ended::Broken;
                }
                continue;
            }
            _ = recheck.tick() => {
                // A revoked or replaced key, or a disabled enterprise, ends the session within
                // the sockets' recheck interval.
                if key_checked.elapsed() >= key_recheck {
                    if !app.db.device_key_valid(&device.key).await.unwrap_or(false) {
                        return Ended::Broken;
                    }
                    key_checked = std::time::Instant::now();
                }
                if deliver_commands(app, device, io, &mut next_id).await.is_err() {
                    return Ended::Broken;
                }
                continue;
            }
        };
        let packet = match packet {
            Err(_) => return Ended::Silent,
            Ok(None | Some(Err(_))) => return Ended::Broken,
            Ok(Some(Ok(packet))) => packet,
        };
        let outcome = match packet {
            Packet::PingReq => {
                device.call(app, "POST", "/thing/heartbeat", "{}").await;
                io.send(Packet::PingResp).await.map_err(drop)
            }
            Packet::Publish(publish) => {
                if !allowance.take(std::time::Instant::now()) {
                    // MQTT 3.1.1 has no way to say "too fast": the message is dropped.
                    tracing::debug!(sn = %device.sn, "MQTT message over the rate dropped");
                    if publish.qos == QoS::AtLeastOnce {
                        io.send(Packet::PubAck(PubAck::new(publish.pkid))).await.map_err(drop)
                    } else {
                        Ok(())
                    }
                } else {
                    uplink(app, device, io, publish).await
                }
            }
            Packet::Subscribe(subscribe) => subscribed(device, io, subscribe).await,
            Packet::Unsubscribe(unsubscribe) => {
                io.send(Packet::UnsubAck(UnsubAck::new(unsubscribe.pkid))).await.map_err(drop)
            }
            // Downlinks are at least once; the device's acknowledgements need nothing more yet.
            Packet::PubAck(_) => Ok(()),
            Packet::Disconnect => return Ended::Goodbye,
            // QoS 2, a second CONNECT, packets only a server sends: against the rules.
            _ => Err(()),
        };
        if outcome.is_err() {
            return Ended::Broken;
        }
    }
}

/// A device's publish: checked, handed to its route, answered on the reply topic. Another
/// device's topic closes the connection (`Err`).
async fn uplink(app: &AppState, device: &SignedIn, io: &mut Io, publish: Publish) -> Result<(), ()> {
    if publish.payload.len() > limits::MAX_PAYLOAD {
        return Err(());
    }
    let kind = topics::uplink(&publish.topic, device.device()).map_err(drop)?;
    if publish.qos == QoS::AtLeastOnce {
        io.send(Packet::PubAck(PubAck::new(publish.pkid))).await.map_err(drop)?;
    }
    let parsed = serde_json::from_slice::<Value>(&publish.payload);
    let message = parsed.as_ref().cloned().unwrap_or(Value::Null);
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    let command = match &id {
        Value::String(id) => Some(id.clone()),
        Value::Number(id) => Some(id.to_string()),
        _ => None,
    };
    let Some(route) = kind.route(command.as_deref()) else { return Ok(()) };
    let body = match &kind {
        // Alink's reply `{id, code, data, message}` as the command reply route takes it.
        Uplink::CommandReply { .. } => json!({
            "code": message.get("code").cloned().unwrap_or(json!(200)),
            "params": message.get("data").cloned().unwrap_or(json!({})),
            "message": message.get("message").cloned().unwrap_or(json!("")),
        })
        .to_string(),
        _ if !message.is_object() => {
            let detail = parsed.err().map_or_else(|| "not an object".to_string(), |e| e.to_string());
            let msg = Msg::BadJson { detail }.render(DEVICE_LANG);
            return answer(io, &publish.topic, &id, 400, &json!({ "msg": msg })).await;
        }
        _ => String::from_utf8_lossy(&publish.payload).into_owned(),
    };
    let (status, answered) = device.call(app, "POST", &route, &body).await;
    if matches!(kind, Uplink::CommandReply { .. }) {
        return Ok(());
    }
    let answered: Value = serde_json::from_str(&answered).unwrap_or(Value::Null);
    answer(io, &publish.topic, &id, status, &answered).await
}

/// The answer on `{topic}_reply`: `{id, code: 200, data}`, or `{id, code, message}` refused.
async fn answer(io: &mut Io, topic: &str, id: &Value, status: u16, answered: &Value) -> Result<(), ()> {
    let payload = if status == 200 {
        json!({ "id": id, "code": 200, "data": answered })
    } else {
        json!({ "id": id, "code": status, "message": answered.get("msg").cloned().unwrap_or(Value::Null),
                "field": answered.get("field").cloned().unwrap_or(Value::Null) })
    };
    let reply = Publish::new(topics::reply_topic(topic), QoS::AtMostOnce, payload.to_string());
    io.send(Packet::Publish(reply)).await.map_err(drop)
}

/// A SUBSCRIBE of the device's own topics is granted (at most QoS 1); any other closes.
async fn subscribed(device: &SignedIn, io: &mut Io, subscribe: Subscribe) -> Result<(), ()> {
    let mut granted = Vec::with_capacity(subscribe.filters.len());
    for filter in &subscribe.filters {
        topics::may_subscribe(&filter.path, device.device()).map_err(drop)?;
        let qos = if filter.qos == QoS::AtMostOnce { QoS::AtMostOnce } else { QoS::AtLeastOnce };
        granted.push(SubscribeReasonCode::Success(qos));
    }
    io.send(Packet::SubAck(SubAck::new(subscribe.pkid, granted))).await.map_err(drop)
}

/// The commands waiting for the device, taken from the plugin (marked delivered there) and
/// published on their topics at QoS 1.
async fn deliver_commands(app: &AppState, device: &SignedIn, io: &mut Io, next_id: &mut u16) -> Result<(), ()> {
    let (status, body) = device.call(app, "GET", "/thing/commands", "").await;
    if status != 200 {
        return Ok(());
    }
    let commands: Vec<Value> = serde_json::from_str(&body).unwrap_or_default();
    for command in commands {
        let kind = command["kind"].as_str().unwrap_or_default();
        let identifier = command["identifier"].as_str().filter(|i| !i.is_empty());
        let (service, method) = match (kind, identifier) {
            ("set", _) => (None, "thing.service.property.set".to_string()),
            (_, Some(identifier)) => (Some(identifier), format!("thing.service.{identifier}")),
            (kind, None) => (Some(kind), format!("thing.service.{kind}")),
        };
        let payload = json!({ "id": command["id"], "version": "1.0", "params": command["params"], "method": method });
        let mut publish =
            Publish::new(topics::command_topic(device.device(), service), QoS::AtLeastOnce, payload.to_string());
        *next_id = next_id.wrapping_add(1).max(1);
        publish.pkid = *next_id;
        io.send(Packet::Publish(publish)).await.map_err(drop)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_signing_time_is_read_from_the_client_id_as_alink_writes_it() {
        assert_eq!(super::signing_time("RV-1|timestamp=1767225600000|"), Some(1_767_225_600_000));
        assert_eq!(super::signing_time("RV-1|securemode=3,signmethod=hmacsha256,timestamp=42|"), Some(42));
        assert_eq!(super::signing_time("RV-1"), None);
        assert_eq!(super::signing_time("RV-1|timestamp=soon|"), None);
    }
}
