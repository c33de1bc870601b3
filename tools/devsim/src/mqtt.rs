//! A device over MQTT 3.1.1 (`docs/mqtt.md`): it signs in with its SN's key, reports on its
//! own topics and reads the answers on the reply topics, and hears the commands the console
//! sends. The event loop runs in a task of its own; what the device hears comes through a
//! channel.

use std::time::Duration;

use rumqttc::{AsyncClient, ConnectionError, Event, EventLoop, LastWill, MqttOptions, Packet, QoS};
use serde_json::{Map, Value, json};
use tokio::sync::mpsc;

use crate::ota::{self, Outcome, UpgradeLink};
use crate::{Answer, Platform, Refusal, now_ms, sign};

/// What a device heard: a publish on one of its topics.
#[derive(Debug, Clone)]
pub struct Heard {
    pub topic: String,
    pub message: Value,
}

/// How a sign-in ended when it did not succeed.
#[derive(Debug)]
pub enum Refused {
    /// The gateway's CONNACK code (bad user name or password, not authorised).
    Connack(String),
    /// The connection closed or failed.
    Closed(String),
}

/// One device's MQTT session.
pub struct MqttDevice {
    pub sn: String,
    pub product_key: String,
    client: AsyncClient,
    heard: mpsc::UnboundedReceiver<Heard>,
    /// What arrived while it waited for an answer (a command, say): heard next.
    kept: std::collections::VecDeque<Heard>,
    /// The connection is gone: the gateway closed it, or it broke.
    gone: bool,
    next_id: u64,
    /// The task that reads the connection: aborted, the connection breaks without a goodbye.
    reader: tokio::task::JoinHandle<()>,
}

/// How a device signs in beyond its SN and key.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The signing time (Unix ms); now when absent. A test replays a sign-in or sends a stale one.
    pub at: Option<i64>,
    /// A last will: a topic and its message, published for the device if its connection breaks.
    pub will: Option<(String, Value)>,
    /// A password of its own instead of the SN's signature: a broker that keeps devices'
    /// passwords in a file (Mosquitto's `password_file`) signs it in.
    pub password: Option<String>,
    /// Over TLS with this client certificate (the port then is the gateway's TLS port); the
    /// password is not sent.
    pub certificate: Option<ClientCertificate>,
}

/// A device's TLS identity: the MQTT certificate its enterprise's CA issued it and its key, and
/// the CA of the gateway's server certificate.
#[derive(Debug, Clone)]
pub struct ClientCertificate {
    pub server_ca_pem: String,
    pub certificate_pem: String,
    /// PKCS#8 DER.
    pub key_der: Vec<u8>,
}

impl ClientCertificate {
    fn tls(&self) -> Result<rustls::ClientConfig, String> {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
        let mut roots = rustls::RootCertStore::empty();
        for ca in CertificateDer::pem_slice_iter(self.server_ca_pem.as_bytes()) {
            roots.add(ca.map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        }
        let chain = CertificateDer::pem_slice_iter(self.certificate_pem.as_bytes())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(self.key_der.clone()));
        rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_client_auth_cert(chain, key)
            .map_err(|e| e.to_string())
    }
}

/// The user name, client id and password an SN signs in with (Alink's "one device, one
/// secret"), at `at` (Unix ms).
pub fn credentials(sn: &str, product_key: &str, sn_key: &str, at: i64) -> (String, String, String) {
    let client_id = format!("{sn}|securemode=3,signmethod=hmacsha256,timestamp={at}|");
    let password = sign(sn_key, &format!("{client_id}{sn}{product_key}{at}"));
    (format!("{sn}&{product_key}"), client_id, password)
}

impl MqttDevice {
    /// Signs in at `host:port`, signing with `signature_key` (the SN's key, or a wrong one in a
    /// test), and subscribes its topics.
    pub async fn connect(
        address: (&str, u16),
        sn: &str,
        product_key: &str,
        signature_key: &str,
    ) -> Result<MqttDevice, Refused> {
        Self::connect_at(address, sn, product_key, signature_key, now_ms()).await
    }

    /// The same, signed as at `at` (Unix ms): a test replays a sign-in or sends a stale one.
    pub async fn connect_at(
        address: (&str, u16),
        sn: &str,
        product_key: &str,
        signature_key: &str,
        at: i64,
    ) -> Result<MqttDevice, Refused> {
        Self::connect_with(address, sn, product_key, signature_key, Options { at: Some(at), ..Options::default() })
            .await
    }

    /// The same, with `extra` options (the signing time, a last will).
    pub async fn connect_with(
        (host, port): (&str, u16),
        sn: &str,
        product_key: &str,
        signature_key: &str,
        extra: Options,
    ) -> Result<MqttDevice, Refused> {
        let (user, client_id, password) = credentials(sn, product_key, signature_key, extra.at.unwrap_or_else(now_ms));
        let mut options = MqttOptions::new(client_id, host, port);
        let password = match (&extra.certificate, extra.password) {
            (Some(_), _) => String::new(),
            (None, Some(own)) => own,
            (None, None) => password,
        };
        options.set_credentials(user, password).set_keep_alive(Duration::from_secs(30)).set_clean_session(true);
        if let Some(certificate) = &extra.certificate {
            let tls = certificate.tls().map_err(Refused::Closed)?;
            let tls = rumqttc::TlsConfiguration::Rustls(std::sync::Arc::new(tls));
            options.set_transport(rumqttc::Transport::tls_with_config(tls));
        }
        options.set_max_packet_size(1 << 20, 1 << 20);
        if let Some((topic, message)) = extra.will {
            options.set_last_will(LastWill::new(topic, message.to_string(), QoS::AtLeastOnce, false));
        }
        let (client, mut events) = AsyncClient::new(options, 64);
        // The CONNACK first: a refusal is the caller's to see.
        loop {
            match events.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(ack))) => {
                    if ack.code != rumqttc::ConnectReturnCode::Success {
                        return Err(Refused::Connack(format!("{:?}", ack.code)));
                    }
                    break;
                }
                Ok(_) => {}
                Err(ConnectionError::ConnectionRefused(code)) => return Err(Refused::Connack(format!("{code:?}"))),
                Err(error) => return Err(Refused::Closed(error.to_string())),
            }
        }
        let (tx, heard) = mpsc::unbounded_channel();
        let reader = tokio::spawn(listen(events, tx));
        let device = MqttDevice {
            sn: sn.into(),
            product_key: product_key.into(),
            client,
            heard,
            kept: Default::default(),
            gone: false,
            next_id: 0,
            reader,
        };
        // Its own topics, its upgrade offers and the answers to its OTA messages.
        let ota = |kind: &str| format!("/ota/device/{kind}/{product_key}/{sn}");
        let filters = [
            format!("/sys/{product_key}/{sn}/#"),
            ota("upgrade"),
            format!("{}_reply", ota("inform")),
            format!("{}_reply", ota("progress")),
        ];
        let filters = filters.into_iter().map(|path| rumqttc::SubscribeFilter::new(path, QoS::AtLeastOnce));
        device.client.subscribe_many(filters).await.map_err(|e| Refused::Closed(e.to_string()))?;
        Ok(device)
    }

    /// The topic prefix of the device's own `/sys` topics.
    pub fn prefix(&self) -> String {
        format!("/sys/{}/{}", self.product_key, self.sn)
    }

    /// Publishes on any topic (a test tries another device's).
    pub async fn publish(&self, topic: &str, payload: Vec<u8>) -> Result<(), String> {
        self.client.publish(topic, QoS::AtLeastOnce, false, payload).await.map_err(|e| e.to_string())
    }

    /// Subscribes any filter (a test tries another device's).
    pub async fn subscribe(&self, filter: &str) -> Result<(), String> {
        self.client.subscribe(filter, QoS::AtLeastOnce).await.map_err(|e| e.to_string())
    }

    /// Reports these values and waits for the answer on the reply topic.
    pub async fn report(&mut self, params: Map<String, Value>) -> Result<Value, String> {
        let topic = format!("{}/thing/event/property/post", self.prefix());
        self.ask(&topic, Value::Object(params), "thing.event.property.post").await
    }

    /// Publishes `{id, version, params, method}` on `topic` and waits for the answer on its
    /// reply topic.
    pub async fn ask(&mut self, topic: &str, params: Value, method: &str) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id.to_string();
        let message = json!({ "id": id, "version": "1.0", "params": params, "method": method });
        self.publish(topic, message.to_string().into_bytes()).await?;
        self.answer_to(&format!("{topic}_reply"), &id).await
    }

    /// One of its OTA topics (`inform`, `progress`, `upgrade`).
    pub fn ota_topic(&self, kind: &str) -> String {
        format!("/ota/device/{kind}/{}/{}", self.product_key, self.sn)
    }

    /// Waits for the reply on `topic` to the message `id`; what else arrives meanwhile is kept
    /// for [`Self::hear`].
    async fn answer_to(&mut self, topic: &str, id: &str) -> Result<Value, String> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let heard = match tokio::time::timeout(left, self.heard.recv()).await {
                Ok(Some(heard)) => heard,
                Ok(None) => {
                    self.gone = true;
                    return Err("the connection is gone".into());
                }
                Err(_) => return Err("no answer within 10 s".into()),
            };
            if heard.topic == topic && heard.message["id"] == id {
                return Ok(heard.message);
            }
            self.kept.push_back(heard);
        }
    }

    /// The next thing the device hears, within `within`; `None` when the time is up or the
    /// connection is gone.
    pub async fn hear(&mut self, within: Duration) -> Option<Heard> {
        if let Some(kept) = self.kept.pop_front() {
            return Some(kept);
        }
        match tokio::time::timeout(within, self.heard.recv()).await {
            Ok(Some(heard)) => Some(heard),
            Ok(None) => {
                self.gone = true;
                None
            }
            Err(_) => None,
        }
    }

    /// Whether the connection is gone (known once `hear` found nothing more will come).
    pub fn is_gone(&self) -> bool {
        self.gone
    }

    /// Answers a command it heard: done (`code` 200) with the service's output, or failed.
    pub async fn reply(&self, command: &Heard, code: u16, data: Value) -> Result<(), String> {
        let message = json!({ "id": command.message["id"], "code": code, "data": data });
        self.publish(&format!("{}_reply", command.topic), message.to_string().into_bytes()).await
    }

    /// Says goodbye (DISCONNECT).
    pub async fn disconnect(&self) {
        let _ = self.client.disconnect().await;
    }

    /// The connection breaks without a goodbye (power cut, network gone): its socket closes.
    pub fn break_connection(&mut self) {
        self.reader.abort();
        self.gone = true;
    }
}

impl Drop for MqttDevice {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

/// Drives the connection; what arrives goes to the device, until the connection is gone.
async fn listen(mut events: EventLoop, heard: mpsc::UnboundedSender<Heard>) {
    loop {
        match events.poll().await {
            Ok(Event::Incoming(Packet::Publish(publish))) => {
                let message = serde_json::from_slice(&publish.payload).unwrap_or(Value::Null);
                if heard.send(Heard { topic: publish.topic, message }).is_err() {
                    return;
                }
            }
            Ok(_) => {}
            // Gone: the device's channel closes, so a waiting `hear` sees the end.
            Err(_) => return,
        }
    }
}

/// A device upgrading over its OTA topics: it tells its version on the inform topic (the answer
/// is the offer), downloads the package from `platform` by its signed URL, and reports each
/// step on the progress topic.
pub struct MqttOta<'a> {
    pub device: &'a mut MqttDevice,
    pub platform: &'a Platform,
}

impl MqttOta<'_> {
    /// What an OTA topic answered: its data, or the refusal it said.
    async fn asked(&mut self, kind: &str, params: Value) -> Answer {
        let topic = self.device.ota_topic(kind);
        let answer = self.device.ask(&topic, params, &format!("ota.device.{kind}")).await.map_err(Refusal::failed)?;
        if answer["code"] == 200 {
            return Ok(answer["data"].clone());
        }
        Err(Refusal {
            code: answer["code"].as_i64().unwrap_or(0),
            msg: answer["message"].as_str().unwrap_or_default().to_string(),
            field: answer["field"].as_str().map(str::to_string),
        })
    }

    /// [`ota::upgrade`] over MQTT.
    pub async fn upgrade(&mut self, version_code: &mut i64, outcome: Outcome) -> Answer {
        ota::upgrade(self, version_code, outcome).await
    }
}

impl UpgradeLink for MqttOta<'_> {
    async fn check(&mut self, version_code: i64) -> Answer {
        let body = ota::check_body(&self.device.sn, version_code);
        self.asked("inform", body).await
    }

    async fn report(&mut self, execution_id: &str, state: &str, progress: u32, reason: &str) -> Answer {
        self.asked("progress", ota::progress_body(execution_id, state, progress, reason)).await
    }

    fn platform(&self) -> &Platform {
        self.platform
    }
}
