//! The AI data plugin with the built `ai_data.wasm`, the device plugin and simulated devices
//! (tools/devsim): only a whitelisted SN's pictures are collected, under a privacy statement;
//! the host makes their thumbnails and streams their zip; a second user reviews an annotation;
//! a device's data is erased with its files.

use std::io::Read as _;

use rand::SeedableRng as _;
use serde_json::json;

use crate::common::fleet::fleet_with;
use crate::common::{Install, USER_PASSWORD};

const GRANTS: &str =
    "files = true\nmax_upload_mib = 20\nuses = [\"device-service\"]\nsubscribe = [\"device.initialised\"]";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whitelisted_pictures_are_collected_thumbnailed_annotated_reviewed_exported_and_erased() {
    let fleet = fleet_with("RV-AI", 2, vec![Install::plugin("ai-data", GRANTS)]).await;
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let listed = fleet.device(0).await;
    let other = fleet.device(1).await;

    // Nothing is collected before a whitelist names the SN.
    assert_eq!(listed.collecting().await.expect("asked")["kinds"], json!([]));
    let refused = listed.collect_obstacle(&mut rng).await.expect_err("not listed");
    assert!(refused.msg.starts_with("This device is not on a collection whitelist"), "{refused}");

    // A whitelist rests on a statement of the privacy list, and takes at most 10 SNs unconfirmed.
    let entry = |sns: &str, confirmed: bool| {
        json!({ "name": "Obstacles Q4", "sns": sns, "kinds": ["obstacle"], "privacyProject": "Obstacle pictures",
                "enabled": true, "riskConfirmed": confirmed })
    };
    let refused = host.post("/ai-data-service/whitelists", admin, entry(&listed.sn, false)).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("privacyProject")), "{:?}", refused.body);
    let privacy =
        json!({ "project": "Obstacle pictures", "purpose": "Training obstacle recognition", "scene": "Cleaning" });
    host.post("/device-service/privacy", admin, privacy).await.ok();
    let eleven: String = (0..11).map(|i| format!("RV-X{i}\n")).collect();
    let warned = host.post("/ai-data-service/whitelists", admin, entry(&eleven, false)).await;
    assert_eq!(warned.msg(), "The number has exceeded 10; confirm the risk to go on.");
    let whitelist = host.post("/ai-data-service/whitelists", admin, entry(&listed.sn, false)).await.ok().clone();
    let whitelist_id = whitelist["id"].as_str().expect("id").to_string();

    assert_eq!(listed.collecting().await.expect("asked")["kinds"], json!(["obstacle"]));
    let collected = listed.collect_obstacle(&mut rng).await.expect("collected");
    let item_id = collected["id"].as_str().expect("item id").to_string();
    let refused = other.collect_obstacle(&mut rng).await.expect_err("another SN");
    assert!(refused.msg.starts_with("This device is not on a collection whitelist"), "{refused}");

    // The gallery: the item with a thumbnail the host made (at most 320 px), and the original.
    let page = host.get(&format!("/ai-data-service/items?whitelistId={whitelist_id}"), admin).await.ok().clone();
    assert_eq!(page["total"], 1, "{page}");
    let item = &page["list"][0];
    assert_eq!((item["sn"].as_str(), item["status"].as_str()), (Some(listed.sn.as_str()), Some("collected")));
    assert_eq!((item["width"].as_u64(), item["height"].as_u64()), (Some(320), Some(240)));
    let thumb =
        image::load_from_memory(&host.fetch_url(item["thumbUrl"].as_str().expect("thumb")).await).expect("an image");
    assert!(thumb.width() <= 320 && thumb.height() <= 320 && thumb.width() > 0, "{}×{}", thumb.width(), thumb.height());
    let original = host.fetch_url(item["imageUrl"].as_str().expect("image")).await;
    assert_eq!(image::load_from_memory(&original).expect("the original").width(), 320);

    // Annotated by one user, reviewed by another: never by the annotator.
    let annotation = json!({ "bugType": "wrong-label", "label": "cable", "remark": "A charger cable, not a sock" });
    let annotated = host.post(&format!("/ai-data-service/items/{item_id}/annotation"), admin, annotation).await;
    assert_eq!(annotated.ok()["status"], "annotated");
    let own = host.post(&format!("/ai-data-service/items/{item_id}/review"), admin, json!({ "approved": true })).await;
    assert!(own.msg().starts_with("You cannot review your own annotation"), "{:?}", own.body);
    let role =
        host.create_role(admin, "ALL", "Reviewer", "ordinary", &["ai:collection:view", "ai:annotation:review"]).await;
    host.create_account(admin, "ALL", "reviewer", &[role]).await;
    let reviewer = host.login("reviewer", USER_PASSWORD).await;
    let rejected =
        host.post(&format!("/ai-data-service/items/{item_id}/review"), &reviewer, json!({ "approved": false })).await;
    assert_eq!(rejected.data()["field"], "comment", "a rejection says why: {:?}", rejected.body);
    let reviewed =
        host.post(&format!("/ai-data-service/items/{item_id}/review"), &reviewer, json!({ "approved": true })).await;
    assert_eq!(
        (reviewed.ok()["status"].as_str(), reviewed.ok()["review"]["reviewer"].as_str()),
        (Some("approved"), Some("reviewer"))
    );
    let progress = host.get("/ai-data-service/whitelists", admin).await.ok()["list"][0]["progress"].clone();
    assert!(progress.as_array().expect("progress").contains(&json!(["approved", 1])), "{progress}");

    // The export: a zip the host streams, its manifest describing each image in it.
    let export =
        host.post(&format!("/ai-data-service/items/export?sn={}", listed.sn), admin, json!({})).await.ok().clone();
    let zip_bytes = host.fetch_url(export["url"].as_str().expect("url")).await;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip_bytes)).expect("a zip");
    let mut manifest = String::new();
    archive.by_name("manifest.json").expect("a manifest").read_to_string(&mut manifest).expect("text");
    let manifest: serde_json::Value = serde_json::from_str(&manifest).expect("JSON");
    let file = manifest["items"][0]["file"].as_str().expect("the image's path").to_string();
    assert_eq!(manifest["items"][0]["annotation"]["label"], "cable");
    let mut image_bytes = Vec::new();
    archive.by_name(&file).expect("the image").read_to_end(&mut image_bytes).expect("bytes");
    assert_eq!(image_bytes, original, "the original, byte for byte");

    // Erased on request: the item and its files.
    let erased = host.post(&format!("/ai-data-service/devices/{}/erase", listed.sn), admin, json!({})).await;
    assert_eq!((erased.ok()["erased"].as_u64(), erased.ok()["done"].as_bool()), (Some(1), Some(true)));
    assert_eq!(host.get("/ai-data-service/items", admin).await.ok()["total"], 0);
    let entries = host.get("/ai-data-service/whitelists", admin).await.ok().clone();
    assert_eq!(entries["list"][0]["sns"], json!([]), "nothing more is collected from it: {entries}");
    assert_eq!(listed.collecting().await.expect("asked")["kinds"], json!([]));
    let gone = reqwest::get(format!(
        "{}{}",
        host.base.trim_end_matches("/api"),
        item["imageUrl"].as_str().unwrap_or_default()
    ))
    .await
    .expect("sent");
    assert_eq!(gone.status().as_u16(), 404, "the original is deleted");
}
