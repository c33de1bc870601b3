//! Products against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::upload::ImageFacts;
use console_plugin_sdk::{Value, json};
use product::Product;

fn host() -> MemoryHost {
    MemoryHost::new()
        .unique("products", &["productKey"])
        .unique("products", &["name"])
        .unique("categories", &["identifier"])
        .unique("templates", &["templateKey", "versionNo"])
}

/// A published template version's id.
fn published_template(host: &mut MemoryHost) -> String {
    host.add_upload("category-picture", "c.png", vec![0; 10]);
    host.uploads.get_mut("up1").expect("upload").1.image =
        Some(ImageFacts { format: "png".into(), width: 168, height: 168, alpha: true });
    let (_, category) = host.call::<Product>(
        "POST",
        "/categories",
        json!({ "name": "Robots", "identifier": "robots", "region": "asia", "picture": "up1" }),
    );
    let power = json!({ "identifier": "power", "name": "Power", "accessMode": "rw", "dataType": { "type": "bool" } });
    let body = json!({ "name": "Robot", "versionName": "1", "description": "d", "remark": "r", "developmentMethod": "custom",
        "transportProtocol": "mqtt", "categoryId": category["id"], "cleaningExpiryDays": 90, "content": { "properties": [power] } });
    let (status, template) = host.call::<Product>("POST", "/templates", body);
    assert_eq!(status, 200, "{template}");
    let id = template["id"].as_str().expect("id").to_string();
    assert_eq!(host.call::<Product>("POST", &format!("/templates/{id}/publish"), json!({})).0, 200);
    id
}

fn product(template: &str, name: &str) -> Value {
    json!({ "name": name, "templateId": template, "connection": "wifi-bluetooth", "bluetoothPrefix": "RV-BLE", "hotspotPrefix": "RV-AP",
            "regions": ["europe", "asia", "europe"], "servicePhone": "+86 400-800-1234", "serviceEmail": "care@example.com",
            "content": { "ar": { "name": "مكنسة روبوت", "description": "" }, "hi": { "name": "रोबोट वैक्यूम" }, "en": { "name": "", "description": "" } } })
}

fn image(host: &mut MemoryHost, format: &str, side: u32, alpha: bool, bytes: usize) -> String {
    let id = host.add_upload("product-picture", "p.img", vec![0; bytes]);
    host.uploads.get_mut(&id).expect("upload").1.image =
        Some(ImageFacts { format: format.into(), width: side, height: side, alpha });
    id
}

#[test]
fn a_product_is_built_on_a_published_template_and_keeps_its_key() {
    let mut host = host();
    let template = published_template(&mut host);
    let (status, created) = host.call::<Product>("POST", "/products", product(&template, "RV20"));
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["transportProtocol"], "mqtt");
    assert_eq!(created["regions"], json!(["europe", "asia"]));
    assert_eq!(created["status"], "unpublished");
    assert_eq!(
        created["content"].as_object().map(|c| c.len()),
        Some(2),
        "Arabic and Hindi kept, the empty English dropped"
    );
    let key = created["productKey"].as_str().expect("key").to_string();
    assert_eq!(key.len(), 11);
    let id = created["id"].as_str().expect("id");
    let (_, saved) = host.call::<Product>("PUT", &format!("/products/{id}"), product(&template, "RV20S"));
    assert_eq!(saved["productKey"], key.as_str(), "the key never changes");

    let (status, answer) = host.call::<Product>("POST", "/products", product("nope", "RV30"));
    assert_eq!((status, answer["field"].as_str()), (400, Some("templateId")));
}

#[test]
fn a_product_name_is_2_to_16_letters_digits_and_symbols() {
    let mut host = host();
    let template = published_template(&mut host);
    for bad in ["R", "Robot vacuum", "ABCDEFGHIJKLMNOPQ"] {
        let (status, answer) = host.call::<Product>("POST", "/products", product(&template, bad));
        assert_eq!((status, answer["field"].as_str()), (400, Some("name")), "{bad}");
    }
    assert_eq!(host.call::<Product>("POST", "/products", product(&template, "RV-20+")).0, 200);
}

#[test]
fn connection_prefixes_contacts_and_languages_are_checked() {
    let mut host = host();
    let template = published_template(&mut host);
    for (field, value, refused) in [
        ("bluetoothPrefix", json!(""), "bluetoothPrefix"),
        ("hotspotPrefix", json!(""), "hotspotPrefix"),
        ("servicePhone", json!("call us"), "servicePhone"),
        ("servicePhone", json!("123"), "servicePhone"),
        ("serviceEmail", json!("care@localhost"), "serviceEmail"),
        ("videoLink", json!("ftp://x"), "videoLink"),
        ("regions", json!([]), "regions"),
        ("content", json!({ "xx": { "name": "?" } }), "content"),
    ] {
        let mut body = product(&template, "RV20");
        body[field] = value;
        let (status, answer) = host.call::<Product>("POST", "/products", body);
        assert_eq!((status, answer["field"].as_str()), (400, Some(refused)), "{field}: {answer}");
    }
    let mut bluetooth_only = product(&template, "RV20");
    bluetooth_only["connection"] = json!("bluetooth");
    bluetooth_only["hotspotPrefix"] = json!("");
    assert_eq!(host.call::<Product>("POST", "/products", bluetooth_only).0, 200, "no hotspot without WiFi");
}

#[test]
fn guide_pictures_are_held_to_their_sizes_and_formats() {
    let mut host = host();
    let template = published_template(&mut host);
    let mut body = product(&template, "RV20");
    body["pairingGuide"] = json!({ "picture": image(&mut host, "png", 480, false, 1000) });
    let (status, answer) = host.call::<Product>("POST", "/products", body);
    assert_eq!((status, answer["field"].as_str()), (400, Some("pairingGuide.picture")), "not transparent");
    let mut body = product(&template, "RV20");
    body["pairingGuide"] = json!({ "picture": image(&mut host, "png", 480, true, 100_001) });
    assert_eq!(host.call::<Product>("POST", "/products", body).1["field"], "pairingGuide.picture", "above 100 KB");

    let startup: Vec<String> = (0..4).map(|_| image(&mut host, "jpeg", 480, false, 1000)).collect();
    let mut body = product(&template, "RV20");
    body["startupGuide"] = json!({ "images": startup });
    assert_eq!(host.call::<Product>("POST", "/products", body).1["field"], "startupGuide.images", "at most 3");
    let mut body = product(&template, "RV20");
    body["startupGuide"] = json!({ "images": [image(&mut host, "webp", 480, false, 1000)] });
    let (_, answer) = host.call::<Product>("POST", "/products", body);
    assert!(answer["msg"].as_str().unwrap_or("").contains("PNG/JPEG/GIF"), "{answer}");

    let pairing = image(&mut host, "png", 480, true, 90_000);
    let gif = image(&mut host, "gif", 480, false, 400_000);
    let mut body = product(&template, "RV20");
    body["pairingGuide"] = json!({ "title": "Pair", "picture": pairing, "steps": ["Hold the button", "Scan"] });
    body["startupGuide"] = json!({ "images": [gif], "screens": 1 });
    let (status, created) = host.call::<Product>("POST", "/products", body);
    assert_eq!(status, 200, "{created}");
    // Saving again with the stored pictures' names keeps them without a new upload.
    let id = created["id"].as_str().expect("id");
    let mut again = product(&template, "RV20");
    again["pairingGuide"] = json!({ "picture": created["pairingGuide"]["picture"]["object"] });
    again["startupGuide"] = json!({ "images": [created["startupGuide"]["images"][0]["object"]] });
    let (status, saved) = host.call::<Product>("PUT", &format!("/products/{id}"), again);
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["pairingGuide"]["picture"], created["pairingGuide"]["picture"]);
}

#[test]
fn sorting_needs_every_product_once() {
    let mut host = host();
    let template = published_template(&mut host);
    let ids: Vec<String> = ["RV20", "RV30", "RV40"]
        .iter()
        .map(|name| {
            host.call::<Product>("POST", "/products", product(&template, name)).1["id"]
                .as_str()
                .expect("id")
                .to_string()
        })
        .collect();
    let (status, answer) = host.call::<Product>("PUT", "/product-order", json!({ "ids": [ids[2], ids[0]] }));
    assert_eq!(status, 400);
    assert_eq!(answer["msg"], "Please sort only after showing all products on page one.");
    assert_eq!(host.call::<Product>("PUT", "/product-order", json!({ "ids": [ids[2], ids[0], ids[0]] })).0, 400);
    assert_eq!(host.call::<Product>("PUT", "/product-order", json!({ "ids": [ids[2], ids[0], ids[1]] })).0, 200);
    let (_, page) = host.call::<Product>("GET", "/products", json!({}));
    let names: Vec<&str> =
        page["list"].as_array().expect("list").iter().map(|p| p["name"].as_str().unwrap_or("")).collect();
    assert_eq!(names, ["RV40", "RV20", "RV30"]);
}

#[test]
fn other_plugins_get_a_product_with_its_thing_model_by_id_or_key() {
    let mut host = host();
    let template = published_template(&mut host);
    let (_, created) = host.call::<Product>("POST", "/products", product(&template, "RV20"));
    let key = created["productKey"].as_str().expect("key");
    let id = created["id"].as_str().expect("id");
    for path in [format!("/internal/products/{id}"), format!("/internal/products/by-key/{key}")] {
        let (status, facts) = host.call::<Product>("GET", &path, json!({}));
        assert_eq!(status, 200, "{facts}");
        assert_eq!(facts["productKey"], key);
        assert_eq!(facts["thingModel"]["properties"][0]["identifier"], "power");
        assert_eq!(facts["cleaningExpiryDays"], 90);
    }
    assert_eq!(host.call::<Product>("GET", "/internal/products/by-key/nope", json!({})).0, 404);
}
