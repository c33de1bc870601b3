//! SN rules of a product model against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use product::Product;

fn host_with_model() -> (MemoryHost, String) {
    let mut host = MemoryHost::new().unique("models", &["code"]).unique("sn_rules", &["modelId", "sort"]);
    let model = json!({ "name": "RV20", "code": "RV-20", "aliasPrefix": "RV", "snSuffixDigits": 6 });
    let (_, created) = host.call::<Product>("POST", "/models", model);
    let id = created["id"].as_str().expect("id").to_string();
    (host, id)
}

fn rule(model: &str, attribute: &str, sort: i64) -> Value {
    json!({ "modelId": model, "formName": "Factory", "attribute": attribute, "inputMethod": "select", "options": "SZ, HZ，CD-2", "sort": sort, "splice": true })
}

#[test]
fn sort_numbers_are_unique_within_a_model() {
    let (mut host, model) = host_with_model();
    let (status, created) = host.call::<Product>("POST", "/sn-rules", rule(&model, "factory", 1));
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["options"], json!(["SZ", "HZ", "CD-2"]), "comma-separated, either comma");
    let (status, answer) = host.call::<Product>("POST", "/sn-rules", rule(&model, "line", 1));
    assert_eq!((status, answer["field"].as_str()), (400, Some("sort")));
    assert_eq!(answer["msg"], "The sort number 1 is already used.");
    // A rule keeps its own sort number when saved again.
    let id = created["id"].as_str().expect("id");
    assert_eq!(host.call::<Product>("PUT", &format!("/sn-rules/{id}"), rule(&model, "factory", 1)).0, 200);
}

#[test]
fn attribute_values_are_numbers_letters_and_hyphens() {
    let (mut host, model) = host_with_model();
    let mut bad = rule(&model, "factory", 1);
    bad["options"] = json!("SZ, H_Z");
    assert_eq!(host.call::<Product>("POST", "/sn-rules", bad).1["field"], "options");
    let mut empty = rule(&model, "factory", 1);
    empty["options"] = json!(" , ");
    assert_eq!(host.call::<Product>("POST", "/sn-rules", empty).1["field"], "options", "a drop-down needs options");
    let mut dated = rule(&model, "year", 2);
    dated["options"] = json!("");
    dated["yearOption"] = json!(true);
    assert_eq!(host.call::<Product>("POST", "/sn-rules", dated).0, 200, "a drop-down of the year needs no options");
    assert_eq!(host.call::<Product>("POST", "/sn-rules", rule("404", "factory", 3)).1["field"], "modelId");
}
