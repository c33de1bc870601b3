//! A product with SNs and a fleet key made through the console's API, and its devices as the
//! simulator (tools/devsim) runs them: what the device tests start from.

use devsim::console::Console;
use devsim::{Device, Platform, read_key_file};
use serde_json::{Value, json};

use super::{Install, TestHost};

pub fn thing_model() -> Value {
    json!({
        "properties": [
            { "identifier": "battery", "name": "Battery", "accessMode": "r",
              "dataType": { "type": "int", "specs": { "unit": "%", "min": 0, "max": 100 } } },
            { "identifier": "suction", "name": "Suction", "accessMode": "rw",
              "dataType": { "type": "enum", "specs": { "enumParam": [{ "text": "quiet", "value": 1 }, { "text": "turbo", "value": 3 }] } } },
            { "identifier": "position", "name": "Position", "accessMode": "r",
              "dataType": { "type": "struct", "specs": { "struct": [
                  { "identifier": "x", "name": "X", "dataType": { "type": "int", "specs": { "unit": "cm" } } },
                  { "identifier": "y", "name": "Y", "dataType": { "type": "int", "specs": { "unit": "cm" } } } ] } } },
            { "identifier": "rooms", "name": "Rooms", "accessMode": "r",
              "dataType": { "type": "array", "specs": { "size": 8, "arrDataType": { "type": "string", "specs": { "length": 16 } } } } }
        ],
        "events": [{ "identifier": "stuck", "name": "Stuck", "eventType": "fault",
                     "outputData": [{ "identifier": "code", "name": "Code", "dataType": { "type": "int", "specs": { "unit": "%" } } }] }],
        "services": [{ "identifier": "clean", "name": "Clean", "callType": "async",
                       "inputData": [{ "identifier": "rounds", "name": "Rounds", "dataType": { "type": "int", "specs": { "unit": "%", "min": 1, "max": 3 } } }],
                       "outputData": [{ "identifier": "accepted", "name": "Accepted", "dataType": { "type": "bool" } }] }]
    })
}

pub struct Fleet {
    pub host: TestHost,
    pub admin: String,
    pub platform: Platform,
    pub keys: Vec<(String, String)>,
    pub product_id: String,
    pub model_id: String,
}

/// The grants of plugins.toml.
pub const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
pub const DEVICE_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true\nevents = true";

/// A host with the product and device plugins, a product of the thing model above with `count`
/// SNs made through the console's API, and the platform as its devices see it.
pub async fn fleet(code: &str, count: u32) -> Fleet {
    fleet_with(code, count, Vec::new()).await
}

/// The grants of plugins.toml for the upgrade plugin.
pub const UPGRADE_GRANTS: &str = "uses = [\"product-service\", \"app-service\"]\nfiles = true\nmax_upload_mib = 1024";

/// The same fleet with more plugins installed (the upgrade plugin, for one).
pub async fn fleet_with(code: &str, count: u32, more: Vec<Install>) -> Fleet {
    fleet_adjusted(code, count, more, |_| {}).await
}

/// The same fleet with the MQTT gateway listening on a port of its own: the fleet and the port.
pub async fn fleet_on_mqtt(code: &str, count: u32) -> (Fleet, u16) {
    fleet_on_mqtt_with(code, count, Vec::new()).await
}

/// The same with `more` plugins (the upgrade plugin for the OTA topics).
pub async fn fleet_on_mqtt_with(code: &str, count: u32, more: Vec<Install>) -> (Fleet, u16) {
    let port = super::listen_port();
    let fleet = fleet_adjusted(code, count, more, |config| {
        config.mqtt_listen = format!("127.0.0.1:{port}");
        // A replaced key ends its session within a second; a rollout reaches a connected device
        // within a second.
        config.socket_recheck_secs = 1;
        config.mqtt_ota_recheck_secs = 1;
        config.mqtt_heartbeat_secs = 1;
    })
    .await;
    (fleet, port)
}

/// The same with the gateway's TLS listener too, for devices with client certificates: the
/// fleet, the MQTT port and the MQTT-over-TLS port.
pub async fn fleet_on_mqtts(code: &str, count: u32, more: Vec<Install>) -> (Fleet, u16, u16) {
    let (port, tls_port) = (super::listen_port(), super::listen_port());
    let fleet = fleet_adjusted(code, count, more, |config| {
        config.mqtt_listen = format!("127.0.0.1:{port}");
        config.mqtts_listen = format!("127.0.0.1:{tls_port}");
        config.socket_recheck_secs = 1;
    })
    .await;
    (fleet, port, tls_port)
}

/// Every host of a deployment shares the master key (`CONSOLE_MASTER_KEY`).
pub const MASTER_KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

/// Points a host at the external broker on `port` (`CONSOLE_MQTT=external`).
pub fn on_broker(config: &mut console_host::Config, port: u16) {
    config.mqtt = console_host::config::MqttMode::External;
    config.mqtt_broker = format!("127.0.0.1:{port}");
    config.mqtt_broker_user = super::mosquitto::HOST_USER.into();
    config.mqtt_broker_password = super::mosquitto::HOST_PASSWORD.into();
    config.master_key = Some(MASTER_KEY.into());
    config.metrics_token = Some("metrics".into());
}

/// A fleet whose host is a client of the external broker on `port`.
pub async fn fleet_on_broker(code: &str, count: u32, port: u16) -> Fleet {
    fleet_adjusted(code, count, Vec::new(), |config| on_broker(config, port)).await
}

/// Another host of the fleet's deployment: the same database and plugins, a client of the
/// same broker.
pub async fn second_host_on_broker(fleet: &Fleet, port: u16) -> TestHost {
    let plugins = [Install::plugin("product", PRODUCT_GRANTS), Install::plugin("device", DEVICE_GRANTS)];
    let url = fleet.host.database_url.clone();
    TestHost::start_with_plugins(&plugins, |config| {
        on_broker(config, port);
        config.database_url = url;
    })
    .await
}

pub async fn fleet_adjusted(
    code: &str,
    count: u32,
    more: Vec<Install>,
    adjust: impl FnOnce(&mut console_host::Config),
) -> Fleet {
    let mut plugins = vec![Install::plugin("product", PRODUCT_GRANTS), Install::plugin("device", DEVICE_GRANTS)];
    plugins.extend(more);
    let host = TestHost::start_with_plugins(&plugins, adjust).await;
    let admin = host.admin().await;
    let base = host.base.trim_end_matches("/api").to_string();
    let console = Console::with_token(&base, &admin);
    let (product, model_id) = console.product(code, thing_model()).await.expect("a product");
    let keys = read_key_file(&console.sn_keys(&model_id, count).await.expect("an SN group"));
    let fleet_key = console.fleet_key(0, "factory line").await.expect("a fleet key");
    let platform = Platform::new(&base, &fleet_key, product["productKey"].as_str().expect("key"));
    let product_id = product["id"].as_str().expect("product id").to_string();
    Fleet { host, admin, platform, keys, product_id, model_id }
}

impl Fleet {
    /// Reads `path` as the fleet's administrator until `field` of its answer (a JSON pointer)
    /// is `expected`, for up to 5 s; what it read last.
    pub async fn eventually(&self, path: &str, field: &str, expected: Value) -> Value {
        let mut read = Value::Null;
        for _ in 0..50 {
            read = self.host.get(path, &self.admin).await.ok().clone();
            if read.pointer(field) == Some(&expected) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        read
    }

    /// Device `n`, activated. Told to come back (409: another call wrote the same records at
    /// the same moment, on PostgreSQL a serialization conflict; 503, 504), it comes back, as a
    /// device does.
    pub async fn device(&self, n: usize) -> Device {
        let (sn, key) = &self.keys[n];
        for _ in 0..20 {
            match self.platform.activate(sn, key).await {
                Err(busy) if [409, 503, 504].contains(&busy.code) => {
                    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                }
                activated => return activated.unwrap_or_else(|r| panic!("{sn} activates: {r}")),
            }
        }
        panic!("{sn} was told to come back 20 times")
    }
}
