//! Thing models and products between two service regions, natively: what one region publishes
//! to the sync service is applied in the other by natural key, a missing reference is refused by
//! name, and a product's pictures are fetched and checked, never taken from elsewhere.

use console_plugin_sdk::sync::{DeliveredFile, Incoming};
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::upload::ImageFacts;
use console_plugin_sdk::{Value, json};
use product::Product;

fn region() -> MemoryHost {
    let mut host = MemoryHost::new()
        .unique("products", &["productKey"])
        .unique("products", &["name"])
        .unique("categories", &["identifier"])
        .unique("templates", &["templateKey", "versionNo"]);
    // The sync service takes every change.
    host.plugins.insert("data-sync-service".into(), |_, _, _| (200, json!({ "transactionIds": ["t"] })));
    host
}

fn picture(host: &mut MemoryHost, purpose: &str, side: u32) -> String {
    let id = host.add_upload(purpose, "p.png", vec![7; 64]);
    host.uploads.get_mut(&id).expect("upload").1.image =
        Some(ImageFacts { format: "png".into(), width: side, height: side, alpha: true });
    id
}

fn category(host: &mut MemoryHost, identifier: &str) -> Value {
    let upload = picture(host, "category-picture", 168);
    let (status, category) = host.call::<Product>(
        "POST",
        "/categories",
        json!({ "name": "Robots", "identifier": identifier, "region": "asia", "picture": upload }),
    );
    assert_eq!(status, 200, "{category}");
    category
}

/// What the region handed the sync service, as the other region's sync service passes it on.
fn published(host: &MemoryHost, domain: &str) -> Incoming {
    let (_, _, _, body) = host
        .plugin_calls
        .iter()
        .rev()
        .find(|(mount, _, path, body)| {
            mount == "data-sync-service" && path == "/internal/outbox" && body["domain"] == domain
        })
        .unwrap_or_else(|| panic!("no {domain} change published"));
    let change = serde_json::from_value(body.clone()).expect("a change");
    Incoming { change, from_node: "cn".into(), file_urls: Vec::new() }
}

fn apply(host: &mut MemoryHost, incoming: &Incoming) -> (u16, Value) {
    host.calling_plugin = Some("sync".into());
    let answer = host.call::<Product>("POST", "/internal/sync/apply", serde_json::to_value(incoming).expect("json"));
    host.calling_plugin = None;
    answer
}

#[test]
fn a_thing_model_and_a_product_arrive_by_natural_key_with_their_picture() {
    let mut cn = region();
    let robots = category(&mut cn, "robots");
    let power = json!({ "identifier": "power", "name": "Power", "accessMode": "rw", "dataType": { "type": "bool" } });
    let body = json!({ "name": "Robot", "versionName": "1", "description": "d", "remark": "r", "developmentMethod": "custom",
        "transportProtocol": "mqtt", "categoryId": robots["id"], "cleaningExpiryDays": 90, "content": { "properties": [power] } });
    let (_, template) = cn.call::<Product>("POST", "/templates", body);
    let template_id = template["id"].as_str().expect("id").to_string();
    cn.call::<Product>("POST", &format!("/templates/{template_id}/publish"), json!({}));
    let thing_model = published(&cn, "thing-model");
    assert_eq!(thing_model.change.data["categoryIdentifier"], "robots", "the category by its identifier");
    assert!(thing_model.change.data.get("categoryId").is_none(), "never a store id");

    let guide = picture(&mut cn, "product-picture", 480);
    let (status, made) = cn.call::<Product>(
        "POST",
        "/products",
        json!({ "name": "RV20", "templateId": template_id, "connection": "wifi", "hotspotPrefix": "RV-AP", "regions": ["asia"],
                "pairingGuide": { "title": "Pair", "picture": guide } }),
    );
    assert_eq!(status, 200, "{made}");
    let mut product = published(&cn, "product");
    assert_eq!(product.change.key, made["productKey"].as_str().unwrap());
    assert_eq!(product.change.data["template"], format!("{}@1", template["templateKey"].as_str().unwrap()));
    let sent = &made["pairingGuide"]["picture"];
    assert_eq!(product.change.files[0].name, sent["object"].as_str().unwrap(), "the picture travels with it");

    // Only the sync service applies.
    let mut eu = region();
    let stranger = eu.call::<Product>("POST", "/internal/sync/apply", serde_json::to_value(&thing_model).unwrap());
    assert_eq!(stranger.0, 403);
    // eu has no category `robots`: refused by name, nothing written; then filed and applied.
    let (status, refused) = apply(&mut eu, &thing_model);
    assert_eq!(status, 409);
    assert!(refused["msg"].as_str().is_some_and(|m| m.contains("robots")), "{refused}");
    let (status, _) = apply(&mut eu, &product);
    assert_eq!(status, 409, "its thing model has not arrived");
    let eu_robots = category(&mut eu, "robots");
    assert_eq!(apply(&mut eu, &thing_model).0, 200);
    let (_, templates) = eu.call::<Product>("GET", "/templates", Value::Null);
    let copy = templates["list"][0].clone();
    assert_eq!((copy["status"].as_str(), copy["latest"].as_bool()), (Some("published"), Some(true)), "{copy}");
    assert_eq!(copy["categoryId"], eu_robots["id"], "eu's own category");

    // A record naming an object that did not come with it is refused.
    let mut stray = product.clone();
    stray.change.data["pairingGuide"]["picture"]["object"] = json!("uploads/someone-elses");
    assert_eq!(apply(&mut eu, &stray).1["field"], "files");
    // The picture is fetched and checked against what cn measured.
    let url = "https://cn.internal/api/files/download?token=t";
    product.file_urls =
        product.change.files.iter().map(|f| DeliveredFile { file: f.clone(), url: url.into() }).collect();
    let (status, answer) = apply(&mut eu, &product);
    assert_eq!(status, 502, "not served yet: {answer}");
    eu.remote_files.insert(url.into(), vec![7; 63]);
    assert!(apply(&mut eu, &product).1.to_string().contains("arrived changed"), "a byte short");
    eu.remote_files.insert(url.into(), vec![7; 64]);
    assert_eq!(apply(&mut eu, &product).0, 200);
    let kept = format!("synced/cn/{}", sent["object"].as_str().unwrap());
    assert_eq!(eu.files.get(&kept).map(Vec::len), Some(64), "the picture kept in eu, under cn's prefix");
    let (_, products) = eu.call::<Product>("GET", "/products", Value::Null);
    assert_eq!((products["total"].as_u64(), &products["list"][0]["templateId"]), (Some(1), &copy["id"]));
    assert_eq!(products["list"][0]["pairingGuide"]["picture"]["object"], kept.as_str());
}
