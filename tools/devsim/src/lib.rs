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

pub mod app;
pub mod chat;
pub mod console;
pub mod mqtt;
pub mod ota;

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

pub fn now_ms() -> i64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_millis() as i64
}

/// The app and phone that set a device up, and where: the same for an SN every time.
pub fn app_context(sn: &str) -> Value {
    const PHONES: [(&str, &str, &str, &str, &str, &str); 4] = [
        ("Pixel 8", "Android 15", "Munich", "Germany", "DE", "DE-BY"),
        ("iPhone 15", "iOS 18.1", "Lyon", "France", "FR", "FR-ARA"),
        ("Galaxy S24", "Android 14", "Shenzhen", "China", "CN", "CN-GD"),
        ("Xiaomi 14", "Android 14", "Madrid", "Spain", "ES", "ES-MD"),
    ];
    let (model, system, city, country, code, region) =
        PHONES[sn.bytes().map(usize::from).sum::<usize>() % PHONES.len()];
    json!({ "appVersion": "3.2.1", "phoneSystem": system, "phoneModel": model, "city": city, "country": country,
            "countryCode": code, "subdivisionCode": region })
}

/// The cleaning modes a robot vacuum reports, as cleaning records name them.
pub const CLEANING_MODES: [&str; 9] = [
    "global",
    "mopping",
    "along-edge",
    "fixed-point",
    "explore",
    "room-custom",
    "material-custom",
    "sweep",
    "sweep-and-drag",
];

/// A map of the rooms a robot cleaned: a grey floor with walls, as a PNG.
pub fn cleaning_map(rng: &mut impl Rng) -> Vec<u8> {
    use image::ImageEncoder as _;
    let (width, height) = (96u32, 64u32);
    let split = rng.random_range(30..66);
    let mut pixels = Vec::with_capacity((width * height) as usize);
    for y in 0..height {
        for x in 0..width {
            let wall = x < 2 || y < 2 || x >= width - 2 || y >= height - 2 || (x == split && !(20..30).contains(&y));
            pixels.push(if wall { 40u8 } else { 200 });
        }
    }
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&pixels, width, height, image::ExtendedColorType::L8)
        .expect("a PNG in memory");
    out
}

/// An obstacle as a robot's camera sees it: a floor with a dark object of a random size and
/// place, as a PNG of 320×240.
pub fn obstacle_picture(rng: &mut impl Rng) -> Vec<u8> {
    use image::ImageEncoder as _;
    let (width, height) = (320u32, 240u32);
    let (cx, cy, r) = (rng.random_range(80..240), rng.random_range(80..180), rng.random_range(20..60));
    let mut pixels = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            let (dx, dy) = (x as i64 - cx, y as i64 - cy);
            let inside = dx * dx + dy * dy < r * r;
            pixels.extend_from_slice(if inside { &[60, 40, 30] } else { &[205, 190, 160] });
        }
    }
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&pixels, width, height, image::ExtendedColorType::Rgb8)
        .expect("a PNG in memory");
    out
}

/// The labels a robot's obstacle recognition gives.
pub const OBSTACLE_LABELS: [&str; 5] = ["sock", "cable", "pet-waste", "shoe", "chair-leg"];

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

    /// The product's key, as its devices name it.
    pub fn product_key(&self) -> &str {
        &self.product_key
    }

    async fn send(&self, key: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Answer {
        self.send_to(key, method, &format!("{MOUNT}{path}"), body).await
    }

    /// A request to any path of the platform (another plugin's device routes, a download).
    async fn send_to(&self, key: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Answer {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base_url))
            .header("authorization", format!("Device {key}"))
            .header("lang", "en");
        if let Some(body) = body {
            request = request.json(&body);
        }
        answered(request).await
    }

    /// Activates `sn`, signing with `signature_key` (its SN key, or a wrong one in a test).
    pub async fn activate(&self, sn: &str, signature_key: &str) -> Result<Device, Refusal> {
        self.activate_signed(sn, self.activation(sn, signature_key)).await
    }

    /// The body of an activation of `sn` signed now with `signature_key`.
    pub fn activation(&self, sn: &str, signature_key: &str) -> Value {
        let message = format!("activate:{sn}:{}", now_ms());
        json!({ "sn": sn, "productKey": self.product_key, "message": message,
                "signature": sign(signature_key, &message), "firmwareVersion": "1.0.0", "softwareVersion": "1.0.0",
                "app": app_context(sn) })
    }

    /// Sends an activation body of `sn` as it is (a test sends one twice).
    pub async fn activate_signed(&self, sn: &str, body: Value) -> Result<Device, Refusal> {
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
    /// Any of its routes, signed with its key (a test calls one a device may not).
    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.platform.send(&self.key, reqwest::Method::POST, path, Some(body)).await
    }

    pub async fn heartbeat(&self, work_state: &str) -> Answer {
        let body = json!({ "workState": work_state, "signal": -55, "delay": 40, "packetLoss": 0.5, "lanIp": "192.168.1.20",
                           "baseStationId": format!("BS-{}", self.sn), "baseStationName": "Auto-empty dock" });
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

    /// The commands waiting for it, marked delivered; with `wait_secs`, a long poll that answers
    /// as soon as one is sent (or empty when the time is up).
    pub async fn fetch_commands(&self, wait_secs: u64) -> Answer {
        let path = if wait_secs > 0 { format!("/thing/commands?wait={wait_secs}") } else { "/thing/commands".into() };
        self.platform.send(&self.key, reqwest::Method::GET, &path, None).await
    }

    /// The device leaves (powers off): offline at once.
    pub async fn logout(&self) -> Answer {
        self.post("/thing/logout", json!({})).await
    }

    /// Uploads a log file.
    pub async fn upload_log(&self, file_name: &str, content: &[u8]) -> Answer {
        use base64::Engine as _;
        let content = base64::engine::general_purpose::STANDARD.encode(content);
        self.post("/thing/logs", json!({ "fileName": file_name, "content": content, "app": app_context(&self.sn) }))
            .await
    }

    /// What the AI data plugin wants this device to upload for training (`{"kinds": [...]}`).
    pub async fn collecting(&self) -> Answer {
        let path = format!("/api/device/ai-data-service/device/collecting?sn={}", self.sn);
        self.platform.send_to(&self.key, reqwest::Method::GET, &path, None).await
    }

    /// Uploads an obstacle picture through the device-facing large-file upload and hands it to
    /// the AI data plugin with its label and confidence: the item's id.
    pub async fn collect_obstacle(&self, rng: &mut impl Rng) -> Answer {
        let url = format!(
            "{}/api/device-files/upload/ai-data-service/collected-image?fileName=obstacle-{}.png",
            self.platform.base_url,
            now_ms()
        );
        let upload = self
            .platform
            .http
            .post(url)
            .header("authorization", format!("Device {}", self.key))
            .header("lang", "en")
            .header("content-type", "application/octet-stream")
            .body(obstacle_picture(rng));
        let upload_id = answered(upload).await?["uploadId"].as_str().unwrap_or_default().to_string();
        let body = json!({ "sn": self.sn, "uploadId": upload_id, "kind": "obstacle",
                           "productKey": self.platform.product_key, "firmwareVersion": "1.0.0",
                           "label": OBSTACLE_LABELS[rng.random_range(0..OBSTACLE_LABELS.len())],
                           "confidence": f64::from(rng.random_range(40..99)) / 100.0, "takenAt": now_ms() });
        self.platform
            .send_to(&self.key, reqwest::Method::POST, "/api/device/ai-data-service/device/items", Some(body))
            .await
    }

    /// Reports a cleaning that just ended, with its map.
    pub async fn cleaning_record(&self, rng: &mut impl Rng) -> Answer {
        use base64::Engine as _;
        let duration = rng.random_range(600..5400);
        let method = ["app", "button", "schedule", "voice"][rng.random_range(0..4)];
        let preference = ["quiet", "standard", "turbo"][rng.random_range(0..3)];
        let record = json!({
            "mode": CLEANING_MODES[rng.random_range(0..CLEANING_MODES.len())],
            "area": f64::from(rng.random_range(150..1200)) / 10.0,
            "duration": duration,
            "method": method,
            "preference": preference,
            "result": if rng.random_range(0..10) == 0 { "interrupted" } else { "completed" },
            "startTime": now_ms() - duration * 1000,
            "map": base64::engine::general_purpose::STANDARD.encode(cleaning_map(rng)),
        });
        self.post("/thing/cleaning-records", record).await
    }

    /// A record of its base station: the water it produced, or a piece of its work.
    pub async fn station_record(&self, rng: &mut impl Rng) -> Answer {
        let duration = rng.random_range(30..900);
        let record = if rng.random_range(0..2) == 0 {
            json!({ "kind": "water", "waterMl": rng.random_range(200..1500), "duration": duration, "result": "completed" })
        } else {
            let action = ["self-clean", "dust-collect", "dry", "refill", "drain"][rng.random_range(0..5)];
            json!({ "kind": "work", "action": action, "waterMl": rng.random_range(0..300), "duration": duration, "result": "completed" })
        };
        let mut record = record;
        record["startTime"] = json!(now_ms() - duration * 1000);
        self.post("/thing/base-station/records", record).await
    }

    /// Fetches the commands waiting and answers each as a device would: a set is applied and
    /// reported back; a service call answers fitting output values. How many it answered.
    /// Answers one of its commands: done (`code` 200) with the service's output, or failed.
    pub async fn reply_command(&self, id: &str, code: u16, params: Map<String, Value>) -> Answer {
        self.post(&format!("/thing/commands/{id}/reply"), json!({ "code": code, "params": params })).await
    }

    pub async fn serve_commands(&mut self, rng: &mut impl Rng) -> Result<usize, Refusal> {
        let waiting = self.fetch_commands(0).await?;
        let commands = waiting.as_array().cloned().unwrap_or_default();
        for command in &commands {
            let id = command["id"].as_str().unwrap_or_default();
            let params = command["params"].as_object().cloned().unwrap_or_default();
            let output = match command["kind"].as_str() {
                Some("set") => {
                    self.report(params).await?;
                    Map::new()
                }
                Some("reset") => {
                    // Back to factory settings: it forgets what it was set to.
                    self.state.clear();
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
