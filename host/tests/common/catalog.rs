//! What devices need from the product plugin, made over HTTP as a console user makes it: a
//! category, a published template with a thing model, a product on it, a released model related
//! to the product, and an SN group with its factory key file.

use base64::Engine as _;
use serde_json::{Value, json};

use super::{TestHost, png};

/// The product plugin's grants of plugins.toml.
pub const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";

pub async fn category(host: &TestHost, admin: &str, name: &str, parent: &str) -> Value {
    let upload = host.upload(admin, "product-service", "category-picture", "picture.png", &png(168, 168, true)).await;
    let upload = upload["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {upload}")).to_string();
    let body = json!({ "name": name, "identifier": name.to_lowercase().replace(' ', "-"), "region": "europe",
        "parentId": parent, "picture": upload, "descriptionEn": format!("{name} appliances") });
    host.post("/product-service/categories", admin, body).await.ok().clone()
}

/// A product on a published template of `thing_model`, with a released model of `code` related
/// to it: (product, model id).
pub async fn product(host: &TestHost, admin: &str, code: &str, thing_model: Value) -> (Value, String) {
    for (symbol, name) in [("%", "percent"), ("cm", "centimetre")] {
        // Added once; again it is a duplicate, which is fine here.
        host.post("/product-service/units", admin, json!({ "symbol": symbol, "name": name })).await;
    }
    let category_id = category(host, admin, &format!("Cat {code}"), "").await["id"].as_str().expect("id").to_string();
    let template = json!({ "name": format!("T {code}"), "versionName": "1", "description": "d", "remark": "r",
        "developmentMethod": "custom", "transportProtocol": "mqtt", "categoryId": category_id, "cleaningExpiryDays": 90,
        "content": thing_model });
    let template = host.post("/product-service/templates", admin, template).await;
    let template_id = template.ok()["id"].as_str().expect("id").to_string();
    host.post(&format!("/product-service/templates/{template_id}/publish"), admin, json!({})).await.ok();
    let guide = host.upload(admin, "product-service", "product-picture", "guide.png", &png(480, 480, true)).await;
    let guide = guide["data"]["uploadId"].as_str().expect("upload").to_string();
    let body = json!({ "name": code.replace('-', ""), "templateId": template_id, "connection": "wifi", "hotspotPrefix": "RV-AP",
        "regions": ["europe"], "pairingGuide": { "title": "Pair", "picture": guide, "steps": ["Hold the button for 3 s"] } });
    let product = host.post("/product-service/products", admin, body).await.ok().clone();
    let model = json!({ "name": code.replace('-', ""), "code": code, "aliasPrefix": code.replace('-', ""), "snSuffixDigits": 4,
        "productIds": [product["id"]] });
    let model_id =
        host.post("/product-service/models", admin, model).await.ok()["id"].as_str().expect("id").to_string();
    host.post(&format!("/product-service/models/{model_id}/release"), admin, json!({})).await.ok();
    (product, model_id)
}

/// An SN group of `count` SNs of the model, and its factory key file's text.
pub async fn sn_keys(host: &TestHost, admin: &str, model_id: &str, count: u32) -> String {
    let group =
        json!({ "label": format!("Line {model_id}"), "modelId": model_id, "startNumber": 1, "recordCount": count });
    let group = host.post("/product-service/sn-groups", admin, group).await;
    let id = group.ok()["id"].as_str().expect("id").to_string();
    let file = host.get(&format!("/product-service/sn-groups/{id}/keys"), admin).await;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(file.ok()["content"].as_str().expect("content"))
        .expect("base64");
    String::from_utf8(bytes).expect("csv")
}

/// A fleet key of the device plugin for the platform's own devices.
pub async fn fleet_key(host: &TestHost, admin: &str) -> String {
    let issued = host
        .post(
            "/plugin-admin/device-keys/add",
            admin,
            json!({ "pluginId": "device", "tenantId": 0, "name": "factory line" }),
        )
        .await;
    issued.ok()["key"].as_str().expect("shown once").to_string()
}
