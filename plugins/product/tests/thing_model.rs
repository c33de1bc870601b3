//! The thing-model parameter editor's rules, each as the server applies it when a template is
//! saved.

use console_plugin_sdk::{Value, json};
use product::thing_model::{self, Param, ThingModel, Units};

fn units() -> Units {
    [("°C".to_string(), "Celsius".to_string()), ("%".to_string(), "Percent".to_string())].into_iter().collect()
}

fn param(value: Value) -> Param {
    serde_json::from_value(value).expect("a parameter")
}

fn cleaned(value: Value) -> Result<Value, (Option<String>, String)> {
    thing_model::clean_param("p", &param(value), &units())
        .map(|p| serde_json::to_value(p).expect("json"))
        .map_err(|e| (e.field.clone(), e.render("en")))
}

fn refused_field(value: Value) -> String {
    cleaned(value).expect_err("refused").0.unwrap_or_default()
}

#[test]
fn bool_is_false_one_true_zero_and_clears_the_enum_items() {
    let saved = cleaned(json!({
        "identifier": "power", "name": "Power",
        "dataType": { "type": "bool", "specs": { "enumParam": [{ "text": "on", "value": 1 }], "unit": "%" } }
    }))
    .expect("saved");
    assert_eq!(saved["dataType"]["specs"], json!({ "falseValue": 1, "trueValue": 0 }));
}

#[test]
fn bool_values_are_read_only() {
    for specs in [json!({ "falseValue": 0 }), json!({ "trueValue": 1 })] {
        let field = refused_field(
            json!({ "identifier": "power", "name": "Power", "dataType": { "type": "bool", "specs": specs } }),
        );
        assert!(field.ends_with("Value"), "{field}");
    }
}

#[test]
fn another_type_drops_the_bool_values_and_keeps_its_enum_items() {
    let saved = cleaned(json!({
        "identifier": "mode", "name": "Mode",
        "dataType": { "type": "enum", "specs": { "falseValue": 1, "trueValue": 0,
            "enumParam": [{ "text": "quiet", "value": 0 }, { "text": "turbo", "value": 1 }] } }
    }))
    .expect("saved");
    assert_eq!(
        saved["dataType"]["specs"],
        json!({ "enumParam": [{ "text": "quiet", "value": 0 }, { "text": "turbo", "value": 1 }] })
    );
}

#[test]
fn the_last_empty_enum_row_is_dropped_but_an_enum_needs_one_item() {
    let saved = cleaned(json!({
        "identifier": "mode", "name": "Mode",
        "dataType": { "type": "enum", "specs": { "enumParam": [{ "text": "quiet", "value": 0 }, { "text": "", "value": null }] } }
    }))
    .expect("saved");
    assert_eq!(saved["dataType"]["specs"]["enumParam"].as_array().map(Vec::len), Some(1));
    let field = refused_field(json!({ "identifier": "mode", "name": "Mode",
        "dataType": { "type": "enum", "specs": { "enumParam": [{ "text": "", "value": null }] } } }));
    assert_eq!(field, "p.dataType.specs.enumParam");
}

#[test]
fn enum_items_need_text_and_value_and_neither_repeats() {
    let item = |text: &str, value: Value| json!({ "text": text, "value": value });
    let enum_of = |items: Vec<Value>| json!({ "identifier": "mode", "name": "Mode", "dataType": { "type": "enum", "specs": { "enumParam": items } } });
    assert_eq!(refused_field(enum_of(vec![item("quiet", json!(null))])), "p.dataType.specs.enumParam.0.value");
    assert_eq!(refused_field(enum_of(vec![item("", json!(1))])), "p.dataType.specs.enumParam.0.text");
    assert_eq!(
        refused_field(enum_of(vec![item("a", json!(1)), item("b", json!(1))])),
        "p.dataType.specs.enumParam.1.value"
    );
    assert_eq!(
        refused_field(enum_of(vec![item("a", json!(1)), item("a", json!(2))])),
        "p.dataType.specs.enumParam.1.text"
    );
}

#[test]
fn choosing_a_unit_copies_its_name_from_the_unit_list() {
    let saved = cleaned(json!({
        "identifier": "temp", "name": "Temperature",
        "dataType": { "type": "float", "specs": { "accuracy": 1, "unit": "°C", "unitName": "whatever was sent" } }
    }))
    .expect("saved");
    assert_eq!(saved["dataType"]["specs"]["unitName"], "Celsius");
    let field = refused_field(json!({ "identifier": "temp", "name": "Temperature",
        "dataType": { "type": "int", "specs": { "unit": "furlong" } } }));
    assert_eq!(field, "p.dataType.specs.unit");
}

#[test]
fn identifier_and_name_are_required_once_a_type_is_chosen() {
    let (field, message) =
        cleaned(json!({ "identifier": "", "name": "Power", "dataType": { "type": "bool" } })).expect_err("refused");
    assert_eq!(field.as_deref(), Some("p.identifier"));
    assert!(message.contains("required"), "{message}");
    assert_eq!(refused_field(json!({ "identifier": "power", "name": " ", "dataType": { "type": "bool" } })), "p.name");
    // The type comes first: without one, that is what is asked for.
    assert_eq!(refused_field(json!({ "identifier": "", "name": "", "dataType": { "type": "" } })), "p.dataType.type");
}

#[test]
fn identifiers_are_letters_digits_and_underscores_and_not_topic_words() {
    for bad in ["1st", "has space", "dash-ed", "property", "SET"] {
        assert_eq!(
            refused_field(json!({ "identifier": bad, "name": "X", "dataType": { "type": "bool" } })),
            "p.identifier",
            "{bad}"
        );
    }
    assert!(cleaned(json!({ "identifier": "battery_level2", "name": "X", "dataType": { "type": "bool" } })).is_ok());
}

#[test]
fn string_needs_a_length() {
    let string = |specs: Value| json!({ "identifier": "label", "name": "Label", "dataType": { "type": "string", "specs": specs } });
    assert_eq!(refused_field(string(json!({}))), "p.dataType.specs.length");
    assert_eq!(refused_field(string(json!({ "length": 0 }))), "p.dataType.specs.length");
    assert_eq!(
        cleaned(string(json!({ "length": 64, "unit": "%" }))).expect("saved")["dataType"]["specs"],
        json!({ "length": 64 })
    );
}

#[test]
fn float_and_double_need_an_accuracy() {
    for kind in ["float", "double"] {
        let field = refused_field(
            json!({ "identifier": "temp", "name": "T", "dataType": { "type": kind, "specs": { "unit": "°C" } } }),
        );
        assert_eq!(field, "p.dataType.specs.accuracy", "{kind}");
    }
}

#[test]
fn int_float_and_double_need_a_unit() {
    for (kind, specs) in [("int", json!({})), ("float", json!({ "accuracy": 2 })), ("double", json!({ "accuracy": 2 }))]
    {
        let field =
            refused_field(json!({ "identifier": "temp", "name": "T", "dataType": { "type": kind, "specs": specs } }));
        assert_eq!(field, "p.dataType.specs.unit", "{kind}");
    }
}

#[test]
fn a_range_has_its_minimum_below_its_maximum_and_int_bounds_are_whole() {
    let int =
        |specs: Value| json!({ "identifier": "speed", "name": "S", "dataType": { "type": "int", "specs": specs } });
    assert_eq!(refused_field(int(json!({ "unit": "%", "min": 10, "max": 1 }))), "p.dataType.specs.max");
    assert_eq!(refused_field(int(json!({ "unit": "%", "min": 0.5 }))), "p.dataType.specs.min");
    assert_eq!(refused_field(int(json!({ "unit": "%", "step": 0 }))), "p.dataType.specs.step");
    let saved = cleaned(int(json!({ "unit": "%", "min": 0, "max": 100, "step": 1 }))).expect("saved");
    assert_eq!(saved["dataType"]["specs"]["max"], 100.0);
}

#[test]
fn an_array_whose_element_type_was_never_saved_is_refused_with_the_editor_s_message() {
    let (field, message) =
        cleaned(json!({ "identifier": "points", "name": "Points", "dataType": { "type": "array", "specs": {} } }))
            .expect_err("refused");
    assert_eq!(field.as_deref(), Some("p.dataType.specs.arrDataType"));
    assert_eq!(message, "Please save the array information.");
    let err = thing_model::clean_param(
        "p",
        &param(json!({ "identifier": "points", "name": "Points", "dataType": { "type": "array" } })),
        &units(),
    )
    .expect_err("refused");
    assert_eq!(err.render("zhCn"), "请保存数组信息");
}

#[test]
fn array_elements_have_no_required_specs_but_what_is_given_is_checked() {
    let array = |element: Value| json!({ "identifier": "points", "name": "Points", "dataType": { "type": "array", "specs": { "arrDataType": element, "size": 10 } } });
    let saved = cleaned(array(json!({ "type": "int" }))).expect("an int element needs no unit");
    assert_eq!(saved["dataType"]["specs"], json!({ "arrDataType": { "type": "int", "specs": {} }, "size": 10 }));
    assert_eq!(
        refused_field(array(json!({ "type": "int", "specs": { "unit": "furlong" } }))),
        "p.dataType.specs.arrDataType.dataType.specs.unit"
    );
    assert_eq!(refused_field(array(json!({ "type": "bool" }))), "p.dataType.specs.arrDataType.dataType.type");
    assert_eq!(
        refused_field(array(json!({ "type": "struct", "specs": {} }))),
        "p.dataType.specs.arrDataType.dataType.specs.struct"
    );
}

#[test]
fn struct_members_are_required_checked_one_by_one_and_unique() {
    let structure = |members: Value| json!({ "identifier": "position", "name": "Position", "dataType": { "type": "struct", "specs": { "struct": members } } });
    assert_eq!(refused_field(structure(json!([]))), "p.dataType.specs.struct");
    let x = json!({ "identifier": "x", "name": "X", "dataType": { "type": "int", "specs": { "unit": "%" } } });
    let y = json!({ "identifier": "y", "name": "Y", "dataType": { "type": "string", "specs": {} } });
    assert_eq!(refused_field(structure(json!([x, y]))), "p.dataType.specs.struct.1.dataType.specs.length");
    assert_eq!(refused_field(structure(json!([x, x]))), "p.dataType.specs.struct");
    let nested =
        json!({ "identifier": "inner", "name": "I", "dataType": { "type": "struct", "specs": { "struct": [x] } } });
    assert_eq!(refused_field(structure(json!([nested]))), "p.dataType.specs.struct.0.dataType.type");
    let saved = cleaned(structure(json!([x]))).expect("saved");
    assert_eq!(saved["dataType"]["specs"]["struct"][0]["dataType"]["specs"]["unitName"], "Percent");
}

fn model(value: Value) -> ThingModel {
    serde_json::from_value(value).expect("a thing model")
}

#[test]
fn identifiers_are_unique_across_properties_events_and_services() {
    let power = json!({ "identifier": "power", "name": "Power", "accessMode": "rw", "dataType": { "type": "bool" } });
    let err = thing_model::clean(
        &model(
            json!({ "properties": [power], "events": [{ "identifier": "power", "name": "P", "eventType": "info" }] }),
        ),
        &units(),
    )
    .expect_err("refused");
    assert_eq!(err.field.as_deref(), Some("content"));
    assert!(err.render("en").contains("power"), "{}", err.render("en"));
}

#[test]
fn features_have_their_own_choices() {
    let bad_access = json!({ "properties": [{ "identifier": "power", "name": "P", "accessMode": "w", "dataType": { "type": "bool" } }] });
    assert_eq!(
        thing_model::clean(&model(bad_access), &units()).expect_err("refused").field.as_deref(),
        Some("properties.0.accessMode")
    );
    let bad_call = json!({ "services": [{ "identifier": "start", "name": "Start", "callType": "later" }] });
    assert_eq!(
        thing_model::clean(&model(bad_call), &units()).expect_err("refused").field.as_deref(),
        Some("services.0.callType")
    );
    let bad_input = json!({ "services": [{ "identifier": "start", "name": "Start", "callType": "async",
        "inputData": [{ "identifier": "mode", "name": "M", "dataType": { "type": "string", "specs": {} } }] }] });
    assert_eq!(
        thing_model::clean(&model(bad_input), &units()).expect_err("refused").field.as_deref(),
        Some("services.0.inputData.0.dataType.specs.length")
    );
}

#[test]
fn two_versions_compare_by_feature() {
    let power = json!({ "identifier": "power", "name": "Power", "accessMode": "rw", "dataType": { "type": "bool" } });
    let speed = json!({ "identifier": "speed", "name": "Speed", "accessMode": "r", "dataType": { "type": "int", "specs": { "unit": "%" } } });
    let mut faster = speed.clone();
    faster["dataType"]["specs"]["max"] = json!(5);
    let from = model(json!({ "properties": [power, speed] }));
    let to = model(
        json!({ "properties": [faster], "events": [{ "identifier": "jam", "name": "Jam", "eventType": "fault" }] }),
    );
    let comparison = thing_model::compare(&from, &to);
    assert_eq!(comparison.added, vec!["event:jam"]);
    assert_eq!(comparison.removed, vec!["property:power"]);
    assert_eq!(comparison.changed, vec!["property:speed"]);
}
