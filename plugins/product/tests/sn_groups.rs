//! SN groups against the SDK's in-memory host: SNs made of the model's rules, keys derived from a
//! sealed secret, signatures checked, first activation.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use hmac::{Hmac, Mac};
use product::Product;
use product::sn_groups::{device_key, signature_valid, sn_at};
use sha2::Sha256;

fn host() -> MemoryHost {
    MemoryHost::new().unique("models", &["code"]).unique("sn_rules", &["modelId", "sort"]).unique("sns", &["sn"])
}

/// A released model RV with two rules: a factory drop-down (spliced, sort 2) and the year (spliced, sort 1).
fn released_model(host: &mut MemoryHost) -> String {
    let (_, model) = host.call::<Product>(
        "POST",
        "/models",
        json!({ "name": "RV20", "code": "RV-20", "aliasPrefix": "rv", "snSuffixDigits": 5 }),
    );
    let id = model["id"].as_str().expect("id").to_string();
    for rule in [
        json!({ "modelId": id, "formName": "Factory", "attribute": "factory", "inputMethod": "select", "options": "sz,hz", "sort": 2, "splice": true, "required": true }),
        json!({ "modelId": id, "formName": "Year", "attribute": "year", "inputMethod": "select", "yearOption": true, "sort": 1, "splice": true }),
        json!({ "modelId": id, "formName": "Batch note", "attribute": "note", "inputMethod": "input", "sort": 3, "splice": false }),
    ] {
        let (status, answer) = host.call::<Product>("POST", "/sn-rules", rule);
        assert_eq!(status, 200, "{answer}");
    }
    assert_eq!(host.call::<Product>("POST", &format!("/models/{id}/release"), json!({})).0, 200);
    id
}

fn group(model: &str, start: u64, count: u32) -> Value {
    json!({ "label": "Batch 1", "modelId": model, "startNumber": start, "recordCount": count, "uppercase": true,
            "attributes": { "factory": "sz", "year": "2026", "note": "first-run" } })
}

fn sign(key: &str, message: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).expect("key");
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[test]
fn sns_are_the_alias_prefix_the_spliced_values_in_sort_order_and_the_sequence() {
    let mut host = host();
    let model = released_model(&mut host);
    let (status, created) = host.call::<Product>("POST", "/sn-groups", group(&model, 1, 3));
    assert_eq!(status, 200, "{created}");
    assert_eq!(
        (created["firstSn"].as_str(), created["lastSn"].as_str()),
        (Some("RV2026SZ00001"), Some("RV2026SZ00003"))
    );
    assert!(created.get("secret").is_none(), "the sealed secret is never answered");
    assert_eq!(created["keyFingerprint"].as_str().map(str::len), Some(8));
    let (_, page) =
        host.call_with::<Product>("GET", "/sns", &[("sn", "RV2026SZ00002"), ("mode", "precise")], json!({}), "en");
    assert_eq!(page["total"], 1);
    assert_eq!(sn_at("X", 7, 3), "X007");
}

#[test]
fn a_group_needs_a_released_model_values_its_rules_accept_and_room_in_its_digits() {
    let mut host = host();
    let model = released_model(&mut host);
    let mut wrong = group(&model, 1, 3);
    wrong["attributes"]["factory"] = json!("xx");
    assert_eq!(host.call::<Product>("POST", "/sn-groups", wrong).1["field"], "attributes.factory", "not an option");
    let mut missing = group(&model, 1, 3);
    missing["attributes"] = json!({ "year": "2026" });
    assert_eq!(host.call::<Product>("POST", "/sn-groups", missing).1["field"], "attributes.factory", "required");
    assert_eq!(
        host.call::<Product>("POST", "/sn-groups", group(&model, 99_999, 2)).1["field"],
        "startNumber",
        "6 digits needed"
    );
    assert_eq!(host.call::<Product>("POST", "/sn-groups", group(&model, 1, 100_001)).1["field"], "recordCount");

    let (_, draft) = host.call::<Product>(
        "POST",
        "/models",
        json!({ "name": "RV30", "code": "RV-30", "aliasPrefix": "RW", "snSuffixDigits": 5 }),
    );
    let draft = draft["id"].as_str().expect("id");
    assert_eq!(host.call::<Product>("POST", "/sn-groups", group(draft, 1, 3)).1["field"], "modelId", "not released");
}

#[test]
fn overlapping_groups_are_refused_whole() {
    let mut host = host();
    let model = released_model(&mut host);
    assert_eq!(host.call::<Product>("POST", "/sn-groups", group(&model, 1, 10)).0, 200);
    let (status, answer) = host.call::<Product>("POST", "/sn-groups", group(&model, 8, 5));
    assert_eq!((status, answer["field"].as_str()), (409, Some("startNumber")), "{answer}");
    assert!(answer["msg"].as_str().unwrap_or("").contains("RV2026SZ00008"), "{answer}");
    let (_, page) = host.call::<Product>("GET", "/sns", json!({}));
    assert_eq!(page["total"], 10, "none of the overlapping group kept");
}

#[test]
fn a_device_proves_its_sn_with_the_derived_key_and_its_first_proof_activates_it() {
    let mut host = host();
    let model = released_model(&mut host);
    host.call::<Product>("POST", "/sn-groups", group(&model, 1, 2));
    // What the factory flashes: the key derived from the group's secret (opened as the host would).
    let sealed = host.stored_text("sn_groups");
    let secret_sealed = serde_json::from_str::<Value>(sealed.lines().next().expect("a group")).expect("json")["secret"]
        .as_str()
        .expect("sealed")
        .to_string();
    let secret = console_plugin_sdk::Host::open(&mut host, &secret_sealed).expect("opens");
    let key = device_key(&secret, "RV2026SZ00001");
    let message = "RV2026SZ00001|1767225600000";
    assert!(signature_valid(&key, message, &sign(&key, message)));
    assert!(!signature_valid(&device_key(&secret, "RV2026SZ00002"), message, &sign(&key, message)), "another SN's key");

    let path = "/internal/sns/RV2026SZ00001/verify";
    let activate = [("activate", "true")];
    let signed = json!({ "message": message, "signature": sign(&key, message) });
    let (_, first) = host.call_with::<Product>("POST", path, &activate, signed.clone(), "en");
    assert_eq!((first["valid"].as_bool(), first["firstActivation"].as_bool()), (Some(true), Some(true)), "{first}");
    let (_, again) = host.call_with::<Product>("POST", path, &activate, signed, "en");
    assert_eq!((again["valid"].as_bool(), again["firstActivation"].as_bool()), (Some(true), Some(false)));
    let forged_body = json!({ "message": message, "signature": "00".repeat(32) });
    let (_, forged) = host.call_with::<Product>("POST", path, &activate, forged_body, "en");
    assert_eq!(forged["valid"], false);
    let (_, facts) = host.call::<Product>("GET", "/internal/sns/RV2026SZ00001", json!({}));
    assert_eq!((facts["activated"].as_bool(), facts["modelCode"].as_str()), (Some(true), Some("RV-20")));
    assert_eq!(host.call::<Product>("GET", "/internal/sns/NOPE", json!({})).0, 404);
}
