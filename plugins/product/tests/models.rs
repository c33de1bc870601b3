//! Product models against the SDK's in-memory host.

use console_plugin_sdk::platform::Enterprise;
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use product::Product;

fn enterprise(id: i64, name: &str, kind: &str) -> Enterprise {
    Enterprise { id, name: name.into(), kind: kind.into(), disabled: false }
}

fn host() -> MemoryHost {
    let mut host = MemoryHost::new().unique("models", &["code"]);
    host.enterprises = vec![
        enterprise(2, "Acme", "ordinary"),
        enterprise(3, "Initech", "ordinary"),
        enterprise(9, "Lab bots", "robot"),
    ];
    host
}

fn model(name: &str) -> Value {
    json!({ "name": name, "code": "RV-20", "aliasPrefix": "RV", "snSuffixDigits": 6, "enterpriseIds": [3, 2, 3], "antiDiversion": true })
}

#[test]
fn a_model_name_is_2_to_16_letters_and_digits() {
    let mut host = host();
    for bad in ["R", "Robot vacuum 20", "RV-20", "ABCDEFGHIJKLMNOPQ"] {
        let (status, body) = host.call::<Product>("POST", "/models", model(bad));
        assert_eq!((status, body["field"].as_str()), (400, Some("name")), "{bad}");
    }
    let (status, created) = host.call::<Product>("POST", "/models", model("RV20"));
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["enterpriseIds"], json!([2, 3]), "sorted, once each");
    assert_eq!(created["status"], "configuring");
}

#[test]
fn a_model_needs_its_code_alias_prefix_and_suffix_digits() {
    let mut host = host();
    for (field, value) in [
        ("code", json!("")),
        ("aliasPrefix", json!("R V")),
        ("snSuffixDigits", json!(0)),
        ("snSuffixDigits", json!(13)),
    ] {
        let mut body = model("RV20");
        body[field] = value;
        let (status, answer) = host.call::<Product>("POST", "/models", body);
        assert_eq!((status, answer["field"].as_str()), (400, Some(field)), "{answer}");
    }
    host.call::<Product>("POST", "/models", model("RV20"));
    let (status, answer) = host.call::<Product>("POST", "/models", model("RV21"));
    assert_eq!((status, answer["field"].as_str()), (400, Some("code")), "codes are unique: {answer}");
}

#[test]
fn a_released_model_keeps_what_its_sns_are_made_of_and_cannot_be_deleted() {
    let mut host = host();
    let (_, created) = host.call::<Product>("POST", "/models", model("RV20"));
    let id = created["id"].as_str().expect("id");
    let (status, released) = host.call::<Product>("POST", &format!("/models/{id}/release"), json!({}));
    assert_eq!((status, released["status"].as_str()), (200, Some("published")));
    assert_eq!(host.call::<Product>("POST", &format!("/models/{id}/release"), json!({})).0, 409);

    let mut renamed = model("RV20Pro");
    renamed["antiDiversion"] = json!(false);
    let (status, saved) = host.call::<Product>("PUT", &format!("/models/{id}"), renamed);
    assert_eq!((status, saved["name"].as_str(), saved["status"].as_str()), (200, Some("RV20Pro"), Some("published")));
    let mut recoded = model("RV20Pro");
    recoded["snSuffixDigits"] = json!(8);
    let (status, answer) = host.call::<Product>("PUT", &format!("/models/{id}"), recoded);
    assert_eq!((status, answer["field"].as_str()), (409, Some("snSuffixDigits")));
    let (status, _) = host.call::<Product>("DELETE", &format!("/models/{id}"), json!({ "confirmName": "RV20Pro" }));
    assert_eq!(status, 409);
}

#[test]
fn related_enterprises_exist_and_a_robot_type_one_needs_a_confirmation() {
    let mut host = host();
    let mut body = model("RV20");
    body["enterpriseIds"] = json!([2, 44]);
    let (status, answer) = host.call::<Product>("POST", "/models", body);
    assert_eq!((status, answer["field"].as_str()), (400, Some("enterpriseIds")), "{answer}");
    assert_eq!(answer["msg"], "The enterprise 44 does not exist.");

    let mut body = model("RV20");
    body["enterpriseIds"] = json!([2, 9]);
    let (status, answer) = host.call::<Product>("POST", "/models", body.clone());
    assert_eq!((status, answer["field"].as_str()), (400, Some("enterpriseIds")), "{answer}");
    assert!(answer["msg"].as_str().unwrap_or("").starts_with("Lab bots is a robot-type enterprise"), "{answer}");
    body["robotConfirmed"] = json!(true);
    let (status, created) = host.call::<Product>("POST", "/models", body);
    assert_eq!((status, created["enterpriseIds"].clone()), (200, json!([2, 9])), "{created}");

    // Confirmed once: later edits keep it without asking again.
    let id = created["id"].as_str().expect("id").to_string();
    let mut edit = model("RV21");
    edit["enterpriseIds"] = json!([3, 9]);
    edit["version"] = created["version"].clone();
    let (status, edited) = host.call::<Product>("PUT", &format!("/models/{id}"), edit);
    assert_eq!((status, edited["enterpriseIds"].clone()), (200, json!([3, 9])), "{edited}");
}
