//! Thing models in and out as JSON: this console's export round-trips, and Alibaba Cloud's TSL
//! imports into the same shape.

use console_plugin_sdk::json;
use product::thing_model::{self, ThingModel};
use product::tsl;

const ALIBABA_TSL: &str = r#"{
  "schema": "https://iotx-tsl.oss-ap-southeast-1.aliyuncs.com/schema.json",
  "profile": { "version": "1.0", "productKey": "a1B2c3D4e5F" },
  "properties": [
    { "identifier": "PowerSwitch", "name": "Power", "accessMode": "rw", "required": false,
      "dataType": { "type": "bool", "specs": { "0": "off", "1": "on" } } },
    { "identifier": "Temperature", "name": "Temperature", "accessMode": "r", "required": false,
      "dataType": { "type": "float", "specs": { "min": "-40", "max": "120", "unit": "°C", "unitName": "Celsius", "step": "0.1" } } },
    { "identifier": "WorkMode", "name": "Work mode", "accessMode": "rw", "required": false,
      "dataType": { "type": "enum", "specs": { "0": "auto", "1": "sleep", "2": "turbo" } } },
    { "identifier": "Position", "name": "Position", "accessMode": "r", "required": false,
      "dataType": { "type": "struct", "specs": [
        { "identifier": "x", "name": "X", "dataType": { "type": "int", "specs": { "min": "0", "max": "10000", "unit": "cm", "unitName": "Centimetre", "step": "1" } } },
        { "identifier": "label", "name": "Label", "dataType": { "type": "text", "specs": { "length": "64" } } } ] } },
    { "identifier": "History", "name": "History", "accessMode": "r", "required": false,
      "dataType": { "type": "array", "specs": { "size": "10", "item": { "type": "int", "specs": {} } } } },
    { "identifier": "Started", "name": "Started at", "accessMode": "r", "required": false,
      "dataType": { "type": "date", "specs": {} } }
  ],
  "events": [
    { "identifier": "post", "name": "post", "type": "info", "required": true, "method": "thing.event.property.post", "outputData": [] },
    { "identifier": "Jammed", "name": "Brush jammed", "type": "error", "required": false, "method": "thing.event.Jammed.post",
      "outputData": [{ "identifier": "brush", "name": "Brush", "dataType": { "type": "text", "specs": { "length": "16" } } }] }
  ],
  "services": [
    { "identifier": "set", "name": "set", "required": true, "callType": "async", "method": "thing.service.property.set", "inputData": [], "outputData": [] },
    { "identifier": "get", "name": "get", "required": true, "callType": "async", "method": "thing.service.property.get", "inputData": [], "outputData": [] },
    { "identifier": "StartCleaning", "name": "Start cleaning", "required": false, "callType": "sync", "method": "thing.service.StartCleaning",
      "inputData": [{ "identifier": "room", "name": "Room", "dataType": { "type": "text", "specs": { "length": "32" } } }], "outputData": [] }
  ]
}"#;

#[test]
fn alibaba_tsl_imports_into_the_console_s_shape() {
    let (model, units) = tsl::import(ALIBABA_TSL, &seven()).expect("read");
    assert_eq!(units.get("°C").map(String::as_str), Some("Celsius"));
    assert_eq!(units.get("cm").map(String::as_str), Some("Centimetre"));
    let model = thing_model::clean(&model, &units).expect("valid by the editor's rules");
    let value = json!(model);
    let properties = &value["properties"];
    assert_eq!(properties[0]["dataType"]["specs"], json!({ "falseValue": 1, "trueValue": 0 }));
    assert_eq!(
        properties[1]["dataType"]["specs"],
        json!({ "accuracy": 1, "unit": "°C", "unitName": "Celsius", "min": -40.0, "max": 120.0, "step": 0.1 })
    );
    assert_eq!(properties[2]["dataType"]["specs"]["enumParam"][2], json!({ "text": "turbo", "value": 2 }));
    assert_eq!(
        properties[3]["dataType"]["specs"]["struct"][1]["dataType"],
        json!({ "type": "string", "specs": { "length": 64 } })
    );
    assert_eq!(
        properties[4]["dataType"]["specs"],
        json!({ "arrDataType": { "type": "int", "specs": {} }, "size": 10 })
    );
    assert_eq!(properties[5]["dataType"], json!({ "type": "string", "specs": { "length": 13 } }));
    // The built-in post event and set/get services are the platform's topics, not features.
    assert_eq!(model.events.iter().map(|e| e.identifier.as_str()).collect::<Vec<_>>(), ["Jammed"]);
    assert_eq!(model.events[0].event_type, "fault");
    assert_eq!(model.services.iter().map(|s| s.identifier.as_str()).collect::<Vec<_>>(), ["StartCleaning"]);
}

#[test]
fn the_console_s_export_imports_unchanged() {
    let (imported, units) = tsl::import(ALIBABA_TSL, &seven()).expect("read");
    let model: ThingModel = thing_model::clean(&imported, &units).expect("clean");
    let document = tsl::export("Robot", "1.0.0", &model, &seven()).to_string();
    let (again, _) = tsl::import(&document, &seven()).expect("read back");
    assert_eq!(thing_model::clean(&again, &units).expect("clean"), model);
}

#[test]
fn what_is_not_a_thing_model_is_refused_in_the_user_s_language() {
    for text in ["not json", "[1, 2]", r#"{"properties": [{"identifier": 3}]}"#] {
        let err = tsl::import(text, &seven()).expect_err(text);
        assert_eq!(err.field.as_deref(), Some("document"), "{text}");
        assert!(err.render("fr").contains("modèle d’objet"), "{}", err.render("fr"));
    }
    assert!(tsl::import(&"x".repeat(tsl::MAX_DOCUMENT_BYTES + 1), &seven()).is_err());
}

/// A platform of the seven languages and three guide screens.
fn seven() -> tsl::Platform {
    tsl::Platform {
        languages: console_plugin_sdk::error::LANGS.iter().map(|l| l.to_string()).collect(),
        guide_screens: 3,
    }
}

#[test]
fn a_document_imports_only_where_the_platform_has_its_languages() {
    let (model, _) = tsl::import(ALIBABA_TSL, &seven()).expect("Alibaba TSL names no languages");
    let document = tsl::export("Robot", "1.0.0", &model, &seven()).to_string();
    assert!(tsl::import(&document, &seven()).is_ok(), "the same languages");
    let fewer = tsl::Platform { languages: vec!["zhCn".into(), "en".into()], ..seven() };
    let refused = tsl::import(&document, &fewer).map(|_| ()).map_err(|e| (e.field.clone(), e.render("en")));
    assert_eq!(
        refused,
        Err((
            Some("document".to_string()),
            "The thing model's languages (de, en, es, fr, pt, ru, zhCn) do not match the platform's (en, zhCn); add or remove languages first.".to_string()
        ))
    );
}

/// A document made for another number of guide screens is refused, naming both numbers in the
/// user's language; one that names none (Alibaba's TSL) is taken.
#[test]
fn a_document_imports_only_where_the_platform_has_its_guide_screens() {
    let (model, _) = tsl::import(ALIBABA_TSL, &tsl::Platform { guide_screens: 5, ..seven() }).expect("names none");
    let document = tsl::export("Robot", "1.0.0", &model, &seven());
    assert_eq!(document["guideScreens"], 3);
    let text = document.to_string();
    assert!(tsl::import(&text, &seven()).is_ok(), "the same number");
    let refused =
        tsl::import(&text, &tsl::Platform { guide_screens: 4, ..seven() }).map(|_| ()).expect_err("4 screens");
    assert_eq!(refused.field.as_deref(), Some("document"));
    assert_eq!(
        refused.render("en"),
        "The thing model was made for 3 guide screens and this platform has 4; change the number of guide screens first."
    );
    assert!(refused.render("de").contains("Einführungsbildschirme"), "{}", refused.render("de"));
}
