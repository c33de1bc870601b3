//! Simulated devices of one product. Each activates with its SN and the SN's key (from the
//! product's factory key file), then speaks the device messages of the README over HTTP: it
//! reports properties and events that follow its product's thing model, sends heartbeats,
//! fetches and answers the console's commands, and can fall silent (offline) and come back.
//! The host's tests, the end-to-end test, the bench and `make demo` drive devices through it.

use console_plugin_sdk::thing_model::{DataType, Param, ThingModel};
use hmac::{Hmac, Mac};
use rand::Rng;
use serde_json::{Map, Value, json};
use sha2::Sha256;

pub mod console;

const MOUNT: &str = "/api/device/device-service";

/// A refusal of the platform: the envelope's code and message.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub code: i64,
    pub msg: String,
    /// The field the refusal names (`params.battery`), if one.
    pub field: Option<String>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.msg)
    }
}

pub type Answer = Result<Value, Refusal>;

impl Refusal {
    /// A failure before the platform answered (connection, not JSON).
    pub(crate) fn failed(e: impl std::fmt::Display) -> Self {
        Refusal { code: 0, msg: e.to_string(), field: None }
    }
}

/// Sends the request and reads the console's envelope: `data` on code 200, else the refusal.
pub(crate) async fn answered(request: reqwest::RequestBuilder) -> Answer {
    let envelope: Value = request.send().await.map_err(Refusal::failed)?.json().await.map_err(Refusal::failed)?;
    match envelope["code"].as_i64() {
        Some(200) => Ok(envelope["data"].clone()),
        code => Err(Refusal {
            code: code.unwrap_or(0),
            msg: envelope["msg"].as_str().unwrap_or_default().to_string(),
            field: envelope["data"]["field"].as_str().map(str::to_string),
        }),
    }
}

/// The SN keys of a factory key file (`sn,key` lines under a title line).
pub fn read_key_file(csv: &str) -> Vec<(String, String)> {
    csv.lines()
        .skip(1)
        .filter_map(|line| line.split_once(','))
        .map(|(sn, key)| (sn.trim().to_string(), key.trim().to_string()))
        .collect()
}

/// HMAC-SHA256 of `message` under the SN's key, hex: what the product plugin verifies.
pub fn sign(sn_key: &str, message: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(sn_key.as_bytes()).expect("any key length");
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

fn now_ms() -> i64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_millis() as i64
}

/// A value that fits `data_type`: inside its range, its length, its enum items, its members.
pub fn sample(data_type: &DataType, rng: &mut impl Rng) -> Value {
    let specs = &data_type.specs;
    let (min, max) = (specs.min.unwrap_or(0.0), specs.max.unwrap_or(100.0).max(specs.min.unwrap_or(0.0)));
    match data_type.kind.as_str() {
        "int" => json!(rng.random_range(min.ceil() as i64..=max.floor() as i64)),
        "float" | "double" => {
            let digits = specs.accuracy.unwrap_or(2) as i32;
            let scale = 10f64.powi(digits);
            let value = (rng.random_range(min..=max) * scale).floor() / scale;
            json!(value.clamp(min, max))
        }
        "string" => {
            let length = specs.length.unwrap_or(16).min(16) as usize;
            let text: String = (0..rng.random_range(1..=length.max(1))).map(|_| rng.random_range('a'..='z')).collect();
            json!(text)
        }
        "bool" => json!(rng.random_range(0..=1)),
        "enum" => {
            let values: Vec<i64> = specs.enum_param.iter().flatten().filter_map(|i| i.value).collect();
            json!(values.get(rng.random_range(0..values.len().max(1))).copied().unwrap_or(0))
        }
        "struct" => Value::Object(sample_params(specs.members.as_deref().unwrap_or_default(), rng)),
        "array" => {
            let Some(element) = specs.arr_data_type.as_deref() else { return json!([]) };
            let count = rng.random_range(0..=specs.size.unwrap_or(4).min(4));
            Value::Array((0..count).map(|_| sample(element, rng)).collect())
        }
        _ => Value::Null,
    }
}

/// A value for each parameter.
pub fn sample_params(params: &[Param], rng: &mut impl Rng) -> Map<String, Value> {
    params.iter().map(|p| (p.identifier.clone(), sample(&p.data_type, rng))).collect()
}

/// The platform as devices of one product see it.
#[derive(Clone)]
pub struct Platform {
    base_url: String,
    http: reqwest::Client,
    /// The product's fleet key (a device key of the device plugin, issued in the console).
    fleet_key: String,
    product_key: String,
}

impl Platform {
    pub fn new(base_url: &str, fleet_key: &str, product_key: &str) -> Self {
        Platform {
            base_url: base_url.trim_end_matches('/').to_string(),
            http: reqwest::Client::new(),
            fleet_key: fleet_key.to_string(),
            product_key: product_key.to_string(),
        }
    }

    async fn send(&self, key: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Answer {
        let mut request = self
            .http
            .request(method, format!("{}{MOUNT}{path}", self.base_url))
            .header("authorization", format!("Device {key}"))
            .header("lang", "en");
        if let Some(body) = body {
            request = request.json(&body);
        }
        answered(request).await
    }

    /// Activates `sn`, signing with `signature_key` (its SN key, or a wrong one in a test).
    pub async fn activate(&self, sn: &str, signature_key: &str) -> Result<Device, Refusal> {
        let message = format!("activate:{sn}:{}", now_ms());
        let body = json!({ "sn": sn, "productKey": self.product_key, "message": message,
                           "signature": sign(signature_key, &message), "firmwareVersion": "1.0.0", "softwareVersion": "1.0.0" });
        let activated = self.send(&self.fleet_key, reqwest::Method::POST, "/thing/activate", Some(body)).await?;
        let key = activated["deviceKey"].as_str().unwrap_or_default().to_string();
        let model = self.send(&key, reqwest::Method::GET, "/thing/model", None).await?;
        let model: ThingModel = serde_json::from_value(model).map_err(Refusal::failed)?;
        Ok(Device { platform: self.clone(), sn: sn.to_string(), key, model, state: Map::new() })
    }
}

/// One activated device.
pub struct Device {
    platform: Platform,
    pub sn: String,
    /// Its own key, given at activation.
    pub key: String,
    pub model: ThingModel,
    /// What it holds now: the values it last reported or was set to.
    pub state: Map<String, Value>,
}

impl Device {
    async fn post(&self, path: &str, body: Value) -> Answer {
        self.platform.send(&self.key, reqwest::Method::POST, path, Some(body)).await
    }

    pub async fn heartbeat(&self, work_state: &str) -> Answer {
        let body =
            json!({ "workState": work_state, "signal": -55, "delay": 40, "packetLoss": 0.5, "lanIp": "192.168.1.20" });
        self.post("/thing/heartbeat", body).await
    }

    /// Reports these values as they are (a test sends wrong ones on purpose).
    pub async fn report(&mut self, params: Map<String, Value>) -> Answer {
        let answer = self.post("/thing/event/property/post", json!({ "id": "1", "params": params.clone() })).await;
        if answer.is_ok() {
            self.state.extend(params);
        }
        answer
    }

    /// Reports every property of the thing model: what it measures (read-only) changes, what it
    /// was set to (read-write) it keeps.
    pub async fn report_all(&mut self, rng: &mut impl Rng) -> Answer {
        let params: Map<String, Value> = self
            .model
            .properties
            .iter()
            .map(|p| {
                let kept = self.state.get(&p.identifier).filter(|_| p.access_mode == "rw");
                (p.identifier.clone(), kept.cloned().unwrap_or_else(|| sample(&p.data_type, rng)))
            })
            .collect();
        self.report(params).await
    }

    pub async fn event(&self, identifier: &str, params: Map<String, Value>) -> Answer {
        self.post(&format!("/thing/event/{identifier}/post"), json!({ "id": "1", "params": params })).await
    }

    /// Fetches the commands waiting and answers each as a device would: a set is applied and
    /// reported back; a service call answers fitting output values. How many it answered.
    pub async fn serve_commands(&mut self, rng: &mut impl Rng) -> Result<usize, Refusal> {
        let waiting = self.platform.send(&self.key, reqwest::Method::GET, "/thing/commands", None).await?;
        let commands = waiting.as_array().cloned().unwrap_or_default();
        for command in &commands {
            let id = command["id"].as_str().unwrap_or_default();
            let params = command["params"].as_object().cloned().unwrap_or_default();
            let output = match command["kind"].as_str() {
                Some("set") => {
                    self.report(params).await?;
                    Map::new()
                }
                _ => {
                    let service = self
                        .model
                        .services
                        .iter()
                        .find(|s| Some(s.identifier.as_str()) == command["identifier"].as_str());
                    service.map(|s| sample_params(&s.output_data, rng)).unwrap_or_default()
                }
            };
            self.post(&format!("/thing/commands/{id}/reply"), json!({ "code": 200, "params": output })).await?;
        }
        Ok(commands.len())
    }
}
