//! The external broker (`CONSOLE_MQTT=external`, `docs/mqtt.md`): devices connect to a broker
//! cluster (EMQX, or Mosquitto for one broker), which signs them in and keeps each to its own
//! topics; every host is an MQTT 5 client of it, subscribed through a **shared subscription**
//! (`$share/{group}/…`), so the broker hands each device message to one host only. A host hands
//! the message to the route its topic names, as the device's own call (the same as the embedded
//! gateway), and publishes the answer on the reply topic. Commands go down when this host's
//! plugins wake a device (any host can publish to any device through the broker), and when a
//! device speaks while something waits for it.
//!
//! Presence comes from the broker's client events where it publishes them (EMQX's
//! `$SYS/brokers/{node}/clients/{clientid}/connected` and `…/disconnected`, one host each through
//! the shared subscription): connecting is a heartbeat, leaving a logout with its cause. A broker
//! that tells nothing of connections (Mosquitto) leaves a device online while its messages come,
//! as over HTTP.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rumqttc::v5::mqttbytes::QoS;
use rumqttc::v5::mqttbytes::v5::{Filter, Packet, Publish};
use rumqttc::v5::{AsyncClient, Event, MqttOptions};
use serde_json::json;
use tokio::sync::Semaphore;

use super::gateway::{self, SignedIn};
use super::topics;
use crate::AppState;
use crate::config::MqttMode;

/// Messages one host handles at once; the broker holds the rest (QoS 1 in flight).
const HANDLED_AT_ONCE: usize = 64;
/// How long a device found by its topic is trusted before its key is looked at again: a revoked
/// key stops speaking within this.
const DEVICE_KEPT: Duration = Duration::from_secs(30);
/// A device that speaks is asked for waiting commands at most this often.
const COMMANDS_EVERY: Duration = Duration::from_secs(30);
/// The broker answered nothing for this long: the connection is made again.
const RECONNECT_WAIT: Duration = Duration::from_secs(2);

/// What the hosts subscribe (the device topics' uplinks): the thing-model posts, the commands'
/// replies, the OTA messages, and the broker's client events under `presence` (unless `off`).
/// A command this host publishes matches `…/thing/service/+` too and is dropped as no uplink.
fn filters(group: &str, presence: &str) -> Vec<Filter> {
    let mut topics: Vec<String> = [
        "/sys/+/+/thing/event/+/post",
        "/sys/+/+/thing/service/+",
        "/sys/+/+/thing/service/property/set_reply",
        "/ota/device/inform/+/+",
        "/ota/device/progress/+/+",
    ]
    .map(str::to_string)
    .into();
    if !presence.eq_ignore_ascii_case("off") {
        topics.extend([format!("{presence}/connected"), format!("{presence}/disconnected")]);
    }
    topics.into_iter().map(|topic| Filter::new(format!("$share/{group}/{topic}"), QoS::AtLeastOnce)).collect()
}

/// A broker's client event on a topic under the presence prefix: the device (product key, SN;
/// the product key empty when the user name is the SN alone, as a certificate's common name)
/// and the cause of a logout, or `None` for a connection.
#[derive(Debug, PartialEq, Eq)]
struct ClientEvent {
    product_key: String,
    sn: String,
    logout: Option<&'static str>,
}

/// The client event `topic` and `payload` say, if `topic` is one under `presence` (EMQX 5's
/// `{username, clientid, reason}`). A session taken over or discarded by a newer one is no
/// logout: the newer session is the device.
fn client_event(presence: &str, topic: &str, payload: &[u8]) -> Option<Option<ClientEvent>> {
    let levels = presence.split('/').count();
    if !topics::matches(&format!("{presence}/+"), topic) || topic.split('/').count() != levels + 1 {
        return None;
    }
    let event: serde_json::Value = serde_json::from_slice(payload).unwrap_or_default();
    let user = event["username"].as_str().unwrap_or_default();
    let (sn, product_key) = user.split_once('&').unwrap_or((user, ""));
    let named =
        |logout| (!sn.is_empty()).then(|| ClientEvent { product_key: product_key.into(), sn: sn.into(), logout });
    Some(match topic.rsplit('/').next() {
        Some("connected") => named(None),
        Some("disconnected") => match event["reason"].as_str().unwrap_or_default() {
            "takenover" | "takeovered" | "discarded" => None,
            "normal" => named(Some("goodbye")),
            "keepalive_timeout" => named(Some("keep-alive-timeout")),
            _ => named(Some("connection-lost")),
        },
        _ => None,
    })
}

/// Starts the bridge when the configuration says the broker is external.
pub async fn spawn(app: AppState) {
    if app.config.mqtt != MqttMode::External {
        return;
    }
    let broker = app.config.mqtt_broker.trim().to_string();
    let Some((host, port)) = broker.rsplit_once(':').and_then(|(h, p)| Some((h.to_string(), p.parse::<u16>().ok()?)))
    else {
        return tracing::warn!(%broker, "CONSOLE_MQTT_BROKER is not host:port: no MQTT");
    };
    let id = format!("console-{}", &crate::auth::session::new_token()[..12]);
    let mut options = MqttOptions::new(id, host, port);
    options.set_keep_alive(Duration::from_secs(30)).set_clean_start(true);
    // A device's message is acknowledged to the broker once it is handled (its writes committed
    // or refused), never on arrival: a host that dies meanwhile leaves it to the broker.
    options.set_manual_acks(true);
    options.set_max_packet_size(Some(u32::try_from(super::limits::MAX_PAYLOAD + 1024).unwrap_or(u32::MAX)));
    if !app.config.mqtt_broker_user.is_empty() {
        options.set_credentials(app.config.mqtt_broker_user.clone(), app.config.mqtt_broker_password.clone());
    }
    let (client, events) = AsyncClient::new(options, 1024);
    let bridge = Arc::new(Bridge { app, client, devices: Mutex::default(), peer: SocketAddr::from(([0, 0, 0, 0], 0)) });
    tokio::spawn(bridge.clone().deliver_on_wakes());
    // Tracked: a stopping host waits for it to leave the broker (`Lifecycle::stop`).
    let sessions = bridge.app.lifecycle.sessions.clone();
    sessions.spawn(bridge.listen(events));
}

struct Bridge {
    app: AppState,
    client: AsyncClient,
    /// Devices found lately, by SN: the session, when it was found, when it was last asked for
    /// commands.
    devices: Mutex<HashMap<String, Known>>,
    peer: SocketAddr,
}

#[derive(Clone)]
struct Known {
    device: Arc<SignedIn>,
    found: Instant,
    asked: Option<Instant>,
}

impl Bridge {
    /// Reads the broker's packets for as long as the process runs, connecting again after a
    /// failure; each device message is handled in a task of its own, a bounded number at once.
    ///
    /// When the host stops, it leaves the shared subscriptions (the broker hands the devices'
    /// messages to the other hosts), finishes and acknowledges what it is handling, then
    /// disconnects.
    async fn listen(self: Arc<Self>, mut events: rumqttc::v5::EventLoop) {
        let handling = Arc::new(Semaphore::new(HANDLED_AT_ONCE));
        let group = self.app.config.mqtt_share_group.clone();
        let presence = self.app.config.mqtt_presence_topic.clone();
        let stopping = self.app.lifecycle.stopping.clone();
        let mut left = false;
        loop {
            let polled = tokio::select! {
                polled = events.poll() => polled,
                () = stopping.cancelled(), if !left => {
                    left = true;
                    for filter in filters(&group, &presence) {
                        if let Err(err) = self.client.unsubscribe(filter.path).await {
                            tracing::warn!(%err, "MQTT: leaving the shared subscriptions failed");
                        }
                    }
                    continue;
                }
                // Stopping, and every message handled (its acknowledgement queued): goodbye.
                all = handling.clone().acquire_many_owned(HANDLED_AT_ONCE as u32), if left => {
                    drop(all);
                    let _ = self.client.disconnect().await;
                    let flushed = async { while events.poll().await.is_ok() {} };
                    let _ = tokio::time::timeout(Duration::from_secs(2), flushed).await;
                    return;
                }
            };
            match polled {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    tracing::info!("MQTT: connected to the external broker");
                    // A clean start has no subscriptions: made again on every connection.
                    if let Err(err) = self.client.subscribe_many(filters(&group, &presence)).await {
                        tracing::warn!(%err, "MQTT: subscribing at the broker failed");
                    }
                }
                Ok(Event::Incoming(Packet::Publish(publish))) => {
                    let Ok(permit) = handling.clone().acquire_owned().await else { return };
                    let bridge = self.clone();
                    tokio::spawn(async move {
                        // Acknowledged once committed or refused for good; a failure on this
                        // host's side is left to the broker, which sends it again.
                        if bridge.handle(&publish).await
                            && let Err(err) = bridge.client.ack(&publish).await
                        {
                            tracing::warn!(%err, "MQTT: acknowledging a message to the broker failed");
                        }
                        drop(permit);
                    });
                }
                Ok(_) => {}
                Err(err) => {
                    tracing::warn!(%err, "MQTT: the external broker's connection failed");
                    tokio::time::sleep(RECONNECT_WAIT).await;
                }
            }
        }
    }

    /// A device's message: handed to its route as the device's call, answered on its reply
    /// topic; then what waits for the device, if it was not asked lately. Whether it is settled:
    /// committed, or refused for good (not a failure on this host's side).
    async fn handle(&self, publish: &Publish) -> bool {
        let Ok(topic) = std::str::from_utf8(&publish.topic) else { return true };
        if let Some(event) = client_event(&self.app.config.mqtt_presence_topic, topic, &publish.payload) {
            self.presence(event).await;
            return true;
        }
        let Some((product_key, sn)) = topics::device_of(topic) else { return true };
        // A command this host published comes back through `…/thing/service/+`: no uplink.
        let Ok(kind) = topics::uplink(topic, topics::Device { product_key, sn }) else { return true };
        if publish.payload.len() > super::limits::MAX_PAYLOAD {
            return true;
        }
        let Some(device) = self.device(product_key, sn).await else { return true };
        let mut settled = true;
        if let Some((id, status, answered)) = gateway::handed(&self.app, &device, &kind, &publish.payload).await {
            settled = status < 500;
            let reply = gateway::reply_payload(&id, status, &answered).to_string();
            let _ = self.client.publish(topics::reply_topic(topic), QoS::AtMostOnce, false, reply).await;
        }
        if self.commands_due(sn) {
            self.deliver(&device).await;
        }
        settled
    }

    /// A device connected (a heartbeat) or left (a logout with its cause), as the broker told.
    async fn presence(&self, event: Option<ClientEvent>) {
        let Some(event) = event else { return };
        let device = match self.device(&event.product_key, &event.sn).await {
            Some(device) => device,
            None => return,
        };
        match event.logout {
            None => device.post(&self.app, super::presence::HEARTBEAT, "{}").await,
            Some(cause) => {
                device.call(&self.app, "POST", "/thing/logout", &json!({ "cause": cause }).to_string()).await
            }
        };
    }

    /// The device `(product key, SN)` as its newest key that still speaks for it, checked with
    /// the plugin that signs devices in; kept [`DEVICE_KEPT`].
    async fn device(&self, product_key: &str, sn: &str) -> Option<Arc<SignedIn>> {
        let known = self.known(sn).filter(|k| k.device.product_key == product_key);
        if let Some(known) = known.filter(|k| k.found.elapsed() < DEVICE_KEPT) {
            return Some(known.device);
        }
        // The broker signed the device in; the platform still checks the SN is this product's.
        let body = json!({ "sn": sn, "productKey": product_key, "certificate": true });
        let found = gateway::authenticated(&self.app, (product_key, sn), self.peer, &body, |_| true).await;
        Some(self.remember(found.ok()??))
    }

    fn remember(&self, device: SignedIn) -> Arc<SignedIn> {
        let device = Arc::new(device);
        let mut devices = self.devices.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded by the devices that speak to this host lately; the stale are forgotten.
        devices.retain(|_, k| k.found.elapsed() < DEVICE_KEPT * 4);
        let asked = devices.get(&device.sn).and_then(|k| k.asked);
        devices.insert(device.sn.clone(), Known { device: device.clone(), found: Instant::now(), asked });
        device
    }

    fn known(&self, sn: &str) -> Option<Known> {
        self.devices.lock().unwrap_or_else(|e| e.into_inner()).get(sn).cloned()
    }

    /// Whether the device speaking now should be asked for commands (not asked lately).
    fn commands_due(&self, sn: &str) -> bool {
        let mut devices = self.devices.lock().unwrap_or_else(|e| e.into_inner());
        let Some(known) = devices.get_mut(sn) else { return false };
        if known.asked.is_some_and(|at| at.elapsed() < COMMANDS_EVERY) {
            return false;
        }
        known.asked = Some(Instant::now());
        true
    }

    /// Publishes the commands waiting for the device on its command topics (QoS 1).
    async fn deliver(&self, device: &SignedIn) {
        let (status, body) = device.call(&self.app, "GET", "/thing/commands", "").await;
        if status != 200 {
            return;
        }
        for (topic, payload) in gateway::command_publications(device, &body) {
            let _ = self.client.publish(topic, QoS::AtLeastOnce, false, payload.to_string()).await;
        }
    }

    /// A wake of a device made on this host: its commands go down through the broker, whichever
    /// host its messages reach.
    async fn deliver_on_wakes(self: Arc<Self>) {
        let mut wakes = self.app.plugins.wakes().every_wake();
        loop {
            let (tenant, plugin, sn) = match wakes.recv().await {
                Ok(woken) => woken,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            };
            let of_the_device = |k: &Known| k.device.key.tenant_id == tenant && k.device.plugin.manifest.id == plugin;
            let device = match self.known(&sn).filter(of_the_device) {
                Some(known) => known.device,
                None => {
                    // Never seen here: the device plugin names its product.
                    let body = json!({ "sn": sn, "productKey": "", "certificate": true });
                    let usable = |key: &crate::db::device_keys::DeviceKey| key.tenant_id == tenant;
                    match gateway::authenticated(&self.app, ("", &sn), self.peer, &body, usable).await {
                        Ok(Some(device)) if device.plugin.manifest.id == plugin => self.remember(device),
                        _ => continue,
                    }
                }
            };
            self.deliver(&device).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMQX: &str = "$SYS/brokers/+/clients/+";

    #[test]
    fn emqx_client_events_are_a_heartbeat_or_a_logout_with_its_cause() {
        let topic = |what: &str| format!("$SYS/brokers/emqx@10.0.0.1/clients/RV-1|timestamp=1|/{what}");
        let event = |topic: &str, body: serde_json::Value| client_event(EMQX, topic, body.to_string().as_bytes());
        let device = |logout| Some(Some(ClientEvent { product_key: "pk".into(), sn: "RV-1".into(), logout }));
        assert_eq!(event(&topic("connected"), json!({ "username": "RV-1&pk" })), device(None));
        let left = |reason: &str| event(&topic("disconnected"), json!({ "username": "RV-1&pk", "reason": reason }));
        assert_eq!(left("normal"), device(Some("goodbye")));
        assert_eq!(left("keepalive_timeout"), device(Some("keep-alive-timeout")));
        assert_eq!(left("sock_closed"), device(Some("connection-lost")));
        assert_eq!(left("takenover"), Some(None), "a newer session is the device");
        // A certificate's common name as the user name: the SN alone, the plugin names the product.
        let by_certificate = event(&topic("connected"), json!({ "username": "RV-1" }));
        assert_eq!(
            by_certificate,
            Some(Some(ClientEvent { product_key: String::new(), sn: "RV-1".into(), logout: None }))
        );
        assert_eq!(event(&topic("connected"), json!({})), Some(None), "no user, no device");
        assert_eq!(event("/sys/pk/RV-1/thing/event/property/post", json!({})), None, "a device topic is no event");
        assert_eq!(event("$SYS/brokers/n/clients/c/x/connected", json!({})), None, "one level per client");
    }
}
