//! The external broker (`CONSOLE_MQTT=external`, `docs/mqtt.md`): devices connect to a broker
//! cluster (EMQX, or Mosquitto for one broker), which signs them in and keeps each to its own
//! topics; every host is an MQTT 5 client of it, subscribed through a **shared subscription**
//! (`$share/{group}/…`), so the broker hands each device message to one host only. A host hands
//! the message to the route its topic names, as the device's own call (the same as the embedded
//! gateway), and publishes the answer on the reply topic. Commands go down when this host's
//! plugins wake a device (any host can publish to any device through the broker), and when a
//! device speaks while something waits for it.
//!
//! The broker tells no host when a device connects or leaves (EMQX's webhooks could): a device
//! is online while its messages come, as over HTTP.

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
/// replies, the OTA messages. A command this host publishes matches `…/thing/service/+` too and
/// is dropped as no uplink.
fn filters(group: &str) -> Vec<Filter> {
    [
        "/sys/+/+/thing/event/+/post",
        "/sys/+/+/thing/service/+",
        "/sys/+/+/thing/service/property/set_reply",
        "/ota/device/inform/+/+",
        "/ota/device/progress/+/+",
    ]
    .into_iter()
    .map(|topic| Filter::new(format!("$share/{group}/{topic}"), QoS::AtLeastOnce))
    .collect()
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
    options.set_max_packet_size(Some(u32::try_from(super::limits::MAX_PAYLOAD + 1024).unwrap_or(u32::MAX)));
    if !app.config.mqtt_broker_user.is_empty() {
        options.set_credentials(app.config.mqtt_broker_user.clone(), app.config.mqtt_broker_password.clone());
    }
    let (client, events) = AsyncClient::new(options, 1024);
    let bridge = Arc::new(Bridge { app, client, devices: Mutex::default(), peer: SocketAddr::from(([0, 0, 0, 0], 0)) });
    tokio::spawn(bridge.clone().deliver_on_wakes());
    tokio::spawn(bridge.listen(events));
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
    async fn listen(self: Arc<Self>, mut events: rumqttc::v5::EventLoop) {
        let handling = Arc::new(Semaphore::new(HANDLED_AT_ONCE));
        let group = self.app.config.mqtt_share_group.clone();
        loop {
            match events.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    tracing::info!("MQTT: connected to the external broker");
                    // A clean start has no subscriptions: made again on every connection.
                    if let Err(err) = self.client.subscribe_many(filters(&group)).await {
                        tracing::warn!(%err, "MQTT: subscribing at the broker failed");
                    }
                }
                Ok(Event::Incoming(Packet::Publish(publish))) => {
                    let Ok(permit) = handling.clone().acquire_owned().await else { return };
                    let bridge = self.clone();
                    tokio::spawn(async move {
                        bridge.handle(publish).await;
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
    /// topic; then what waits for the device, if it was not asked lately.
    async fn handle(&self, publish: Publish) {
        let Ok(topic) = std::str::from_utf8(&publish.topic) else { return };
        let Some((product_key, sn)) = topics::device_of(topic) else { return };
        // A command this host published comes back through `…/thing/service/+`: no uplink.
        let Ok(kind) = topics::uplink(topic, topics::Device { product_key, sn }) else { return };
        if publish.payload.len() > super::limits::MAX_PAYLOAD {
            return;
        }
        let Some(device) = self.device(product_key, sn).await else { return };
        if let Some((id, status, answered)) = gateway::handed(&self.app, &device, &kind, &publish.payload).await {
            let reply = gateway::reply_payload(&id, status, &answered).to_string();
            let _ = self.client.publish(topics::reply_topic(topic), QoS::AtMostOnce, false, reply).await;
        }
        if self.commands_due(sn) {
            self.deliver(&device).await;
        }
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
