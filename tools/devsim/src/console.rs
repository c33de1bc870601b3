//! What a product's devices need from the console, made over its API as a product engineer makes
//! it: units, a category, a published template with the thing model, a product on it, a released
//! model related to the product, an SN group with its factory key file, and a fleet key for the
//! device plugin. The host's tests and `make demo` set up devices this way.

use base64::Engine as _;
use serde_json::{Value, json};

use crate::Refusal;

/// A signed-in console user.
pub struct Console {
    api: String,
    http: reqwest::Client,
    token: String,
}

/// A `size`×`size` PNG, transparent: what category and guide pictures must be.
pub fn transparent_png(size: u32) -> Vec<u8> {
    use image::ImageEncoder as _;
    let mut out = Vec::new();
    let pixels = vec![90u8; (size * size * 4) as usize];
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&pixels, size, size, image::ExtendedColorType::Rgba8)
        .expect("a PNG in memory");
    out
}

impl Console {
    /// `base_url` is the console's address (`http://127.0.0.1:8080`).
    pub fn with_token(base_url: &str, token: &str) -> Self {
        Console {
            api: format!("{}/api", base_url.trim_end_matches('/')),
            http: reqwest::Client::new(),
            token: token.into(),
        }
    }

    pub async fn sign_in(base_url: &str, user: &str, password: &str) -> Result<Self, Refusal> {
        let mut console = Self::with_token(base_url, "");
        let answer = console
            .post("/authority-service/authority/login", json!({ "userName": user, "password": password }))
            .await?;
        console.token = answer["token"].as_str().unwrap_or_default().to_string();
        Ok(console)
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, Refusal> {
        self.send_for(method, path, None, body).await
    }

    /// A request acting for `tenant` (`ALL` for the platform), as the tenant select does.
    async fn send_for(
        &self,
        method: reqwest::Method,
        path: &str,
        tenant: Option<&str>,
        body: Option<Value>,
    ) -> Result<Value, Refusal> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.api))
            .header("authorization", &self.token)
            .header("lang", "en")
            .header("user-agent", "devsim");
        if let Some(tenant) = tenant {
            request = request.header("tenantId", tenant);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        crate::answered(request).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Result<Value, Refusal> {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    pub async fn get(&self, path: &str) -> Result<Value, Refusal> {
        self.send(reqwest::Method::GET, path, None).await
    }

    async fn upload(&self, purpose: &str, bytes: Vec<u8>) -> Result<String, Refusal> {
        self.upload_to("product-service", purpose, "picture.png", bytes).await
    }

    /// Streams a file to the host for a plugin's upload purpose; its upload id.
    pub async fn upload_to(&self, mount: &str, purpose: &str, name: &str, bytes: Vec<u8>) -> Result<String, Refusal> {
        let url = format!("{}/files/upload/{mount}/{purpose}?fileName={name}", self.api);
        let upload = self.http.post(url).header("authorization", &self.token).header("lang", "en").body(bytes);
        let data = crate::answered(upload).await?;
        Ok(data["uploadId"].as_str().unwrap_or_default().to_string())
    }

    /// A product on a published template of `thing_model`, with a released model of `code`
    /// related to it: the product (its `productKey`) and the model's id.
    pub async fn product(&self, code: &str, thing_model: Value) -> Result<(Value, String), Refusal> {
        for (symbol, name) in [("%", "percent"), ("cm", "centimetre"), ("m²", "square metre"), ("min", "minute")] {
            // Already in the unit list when a second product is made: that refusal is fine.
            let _ = self.post("/product-service/units", json!({ "symbol": symbol, "name": name })).await;
        }
        let compact = code.replace('-', "");
        let picture = self.upload("category-picture", transparent_png(168)).await?;
        let category = json!({ "name": format!("Cat {code}"), "identifier": format!("cat-{}", code.to_lowercase()), "region": "europe",
            "parentId": "", "picture": picture, "descriptionEn": format!("{code} appliances") });
        let category = self.post("/product-service/categories", category).await?;
        let template = json!({ "name": format!("T {code}"), "versionName": "1", "description": format!("The {code} robot vacuum"), "remark": "devsim",
            "developmentMethod": "custom", "transportProtocol": "mqtt", "categoryId": category["id"], "cleaningExpiryDays": 90,
            "content": thing_model });
        let template = self.post("/product-service/templates", template).await?;
        let template_id = template["id"].as_str().unwrap_or_default().to_string();
        self.post(&format!("/product-service/templates/{template_id}/publish"), json!({})).await?;
        let guide = self.upload("product-picture", transparent_png(480)).await?;
        let product = json!({ "name": compact, "templateId": template_id, "connection": "wifi", "hotspotPrefix": "RV-AP",
            "regions": ["europe"], "pairingGuide": { "title": "Pair", "picture": guide, "steps": ["Hold the button for 3 s"] } });
        let product = self.post("/product-service/products", product).await?;
        let model = json!({ "name": compact, "code": code, "aliasPrefix": compact, "snSuffixDigits": 4, "productIds": [product["id"]] });
        let model = self.post("/product-service/models", model).await?;
        let model_id = model["id"].as_str().unwrap_or_default().to_string();
        self.post(&format!("/product-service/models/{model_id}/release"), json!({})).await?;
        Ok((product, model_id))
    }

    /// An SN group of `count` SNs of the model, and its factory key file (CSV text).
    pub async fn sn_keys(&self, model_id: &str, count: u32) -> Result<String, Refusal> {
        let group =
            json!({ "label": format!("Line {model_id}"), "modelId": model_id, "startNumber": 1, "recordCount": count });
        let group = self.post("/product-service/sn-groups", group).await?;
        let file =
            self.get(&format!("/product-service/sn-groups/{}/keys", group["id"].as_str().unwrap_or_default())).await?;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(file["content"].as_str().unwrap_or_default())
            .map_err(Refusal::failed)?;
        String::from_utf8(bytes).map_err(Refusal::failed)
    }

    /// A family with its administrator; its id.
    pub async fn family(&self, name: &str, administrator: &str) -> Result<String, Refusal> {
        let family = self.post("/device-service/families", json!({ "name": name, "account": administrator })).await?;
        Ok(family["id"].as_str().unwrap_or_default().to_string())
    }

    /// Binds a device to a family for one of its members.
    pub async fn bind(&self, sn: &str, account: &str, family_id: &str, reason: &str) -> Result<Value, Refusal> {
        let body = json!({ "sn": sn, "account": account, "familyId": family_id, "reason": reason });
        self.post("/device-service/bindings", body).await
    }

    /// A fleet key of the device plugin for the signed-in user's enterprise's devices.
    pub async fn fleet_key(&self, tenant_id: i64, name: &str) -> Result<String, Refusal> {
        let body = json!({ "pluginId": "device", "tenantId": tenant_id, "name": name });
        Ok(self.post("/plugin-admin/device-keys/add", body).await?["key"].as_str().unwrap_or_default().to_string())
    }
}

/// A robot vacuum's thing model: what `make demo`'s devices report.
pub fn vacuum() -> Value {
    let int =
        |unit: &str, min: i64, max: i64| json!({ "type": "int", "specs": { "unit": unit, "min": min, "max": max } });
    json!({
        "properties": [
            { "identifier": "battery", "name": "Battery", "accessMode": "r", "dataType": int("%", 0, 100) },
            { "identifier": "suction", "name": "Suction", "accessMode": "rw",
              "dataType": { "type": "enum", "specs": { "enumParam": [{ "text": "quiet", "value": 1 }, { "text": "standard", "value": 2 }, { "text": "turbo", "value": 3 }] } } },
            { "identifier": "waterLevel", "name": "Water level", "accessMode": "rw", "dataType": int("%", 0, 100) },
            { "identifier": "cleanedArea", "name": "Cleaned area", "accessMode": "r", "dataType": int("m²", 0, 500) },
            { "identifier": "cleaningTime", "name": "Cleaning time", "accessMode": "r", "dataType": int("min", 0, 600) },
            { "identifier": "position", "name": "Position", "accessMode": "r",
              "dataType": { "type": "struct", "specs": { "struct": [
                  { "identifier": "x", "name": "X", "dataType": int("cm", -2000, 2000) },
                  { "identifier": "y", "name": "Y", "dataType": int("cm", -2000, 2000) } ] } } }
        ],
        "events": [
            { "identifier": "stuck", "name": "Stuck", "eventType": "fault",
              "outputData": [{ "identifier": "code", "name": "Code", "dataType": int("%", 0, 100) }] },
            { "identifier": "binFull", "name": "Dust bin full", "eventType": "alert", "outputData": [] }
        ],
        "services": [{ "identifier": "clean", "name": "Start cleaning", "callType": "async",
                       "inputData": [{ "identifier": "rounds", "name": "Rounds", "dataType": int("%", 1, 3) }],
                       "outputData": [{ "identifier": "accepted", "name": "Accepted", "dataType": { "type": "bool", "specs": {} } }] }]
    })
}

/// A colleague's password: the account policy's letters, digits and a special character.
pub const COLLEAGUE_PASSWORD: &str = "Colleague-2026!";

impl Console {
    /// A platform account holding exactly `actions`, signed in: who decides another's requests
    /// in the process centre (nobody decides their own).
    pub async fn colleague(&self, base_url: &str, user: &str, actions: &[&str]) -> Result<Console, Refusal> {
        let buttons = self.post("/authority-service/button/list", json!({ "pageSize": 500 })).await?;
        let ids: Vec<Value> = buttons["list"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| actions.iter().any(|a| b["action"] == *a))
            .map(|b| b["id"].clone())
            .collect();
        let role = json!({ "name": format!("{user} role"), "roleType": "ordinary" });
        let role = self.send_for(reqwest::Method::POST, "/authority-service/role/add", Some("ALL"), Some(role)).await?;
        let grant = json!({ "id": role["id"], "buttonIds": ids });
        self.send_for(reqwest::Method::POST, "/authority-service/role/grant", Some("ALL"), Some(grant)).await?;
        let account = json!({ "userName": user, "name": user, "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": [role["id"]],
                              "password": COLLEAGUE_PASSWORD, "confirmPassword": COLLEAGUE_PASSWORD });
        self.send_for(reqwest::Method::POST, "/authority-service/account/add", Some("ALL"), Some(account)).await?;
        Console::sign_in(base_url, user, COLLEAGUE_PASSWORD).await
    }

    /// A production firmware package of `bytes` from `current` to `target` (name, code) for the
    /// model, reviewed by `reviewer`, tested, applied and released in gray with `strategy` (the
    /// rollout route's fields; 100% when empty). Its id.
    pub async fn released_firmware(
        &self,
        reviewer: &Console,
        (product_id, model_id): (&str, &str),
        (current, target): ((&str, i64), (&str, i64)),
        bytes: Vec<u8>,
        strategy: Value,
    ) -> Result<String, Refusal> {
        let file = self.upload_to("upgrade-service", "firmware", "firmware.bin", bytes).await?;
        let package = json!({ "packageType": "production", "productId": product_id, "modelId": model_id,
                              "currentVersionName": current.0, "currentVersionCode": current.1,
                              "targetVersionName": target.0, "targetVersionCode": target.1,
                              "file": file, "descriptions": { "en": "Simulated firmware" } });
        let package = self.post("/upgrade-service/packages", package).await?;
        let id = package["id"].as_str().unwrap_or_default().to_string();
        let approval: i64 = package["approvalId"].as_str().and_then(|a| a.parse().ok()).unwrap_or_default();
        reviewer.post("/process-center/task/decide", json!({ "id": approval, "approved": true })).await?;
        let test_devices = format!("/upgrade-service/packages/{id}/test-devices");
        self.send(reqwest::Method::PUT, &test_devices, Some(json!({ "sns": "LAB-1" }))).await?;
        for step in ["test/start", "test/pass"] {
            self.post(&format!("/upgrade-service/packages/{id}/{step}"), json!({ "conclusion": "simulated" })).await?;
        }
        self.send(reqwest::Method::PUT, &test_devices, Some(json!({ "sns": "" }))).await?;
        self.post(&format!("/upgrade-service/packages/{id}/application/apply"), json!({})).await?;
        let mut rollout = json!({ "grayMode": "ratio", "grayPercent": 100, "grayList": "", "whitelist": "", "blacklist": "",
                                  "ratePerMinute": 0, "abortFailurePercent": 0, "abortMinDevices": 1,
                                  "timeoutMinutes": 30, "retries": 0 });
        for (field, value) in strategy.as_object().into_iter().flatten() {
            rollout[field] = value.clone();
        }
        self.send(reqwest::Method::PUT, &format!("/upgrade-service/packages/{id}/rollout"), Some(rollout)).await?;
        self.post(&format!("/upgrade-service/packages/{id}/release/confirm"), json!({})).await?;
        Ok(id)
    }
}
