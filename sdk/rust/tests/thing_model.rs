//! A value against its thing model: every type and spec, as a device report or a console set
//! is judged.

use console_plugin_sdk::thing_model::{
    DataType, Direction, EnumItem, Event, Param, Property, Service, Specs, ThingModel, check_event, check_properties,
    check_service, check_value,
};
use serde_json::{Map, Value, json};

fn kind(kind: &str, specs: Specs) -> DataType {
    DataType { kind: kind.into(), specs }
}

fn param(identifier: &str, data_type: DataType) -> Param {
    Param { identifier: identifier.into(), name: identifier.into(), data_type }
}

fn ok(data_type: &DataType, value: Value) -> bool {
    check_value("v", data_type, &value).is_ok()
}

fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("an object")
}

#[test]
fn int_is_a_whole_number_in_range() {
    let int = kind("int", Specs { min: Some(0.0), max: Some(100.0), ..Specs::default() });
    assert!(ok(&int, json!(0)) && ok(&int, json!(100)));
    assert!(!ok(&int, json!(101)) && !ok(&int, json!(-1)));
    assert!(!ok(&int, json!(1.5)), "a fraction is not an int");
    assert!(!ok(&int, json!("5")), "a text is not an int");
    let open = kind("int", Specs::default());
    assert!(ok(&open, json!(i64::MAX)));
    let err = check_value("params.level", &int, &json!(101)).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("params.level"));
    assert!(err.render("en").contains("an integer from 0 to 100"), "{}", err.render("en"));
    assert!(err.render("de").contains("ganze Zahl von 0 bis 100"), "{}", err.render("de"));
}

#[test]
fn float_and_double_are_finite_numbers_in_range() {
    for name in ["float", "double"] {
        let number = kind(name, Specs { min: Some(-10.5), max: Some(10.5), ..Specs::default() });
        assert!(ok(&number, json!(10.5)) && ok(&number, json!(-3)));
        assert!(!ok(&number, json!(10.51)));
        assert!(!ok(&number, json!(null)) && !ok(&number, json!(true)));
        assert!(check_value("t", &number, &json!(11)).unwrap_err().render("en").contains("from -10.5 to 10.5"));
    }
}

#[test]
fn string_has_at_most_its_length_in_characters() {
    let text = kind("string", Specs { length: Some(3), ..Specs::default() });
    assert!(ok(&text, json!("深圳市")), "three characters, nine bytes");
    assert!(!ok(&text, json!("abcd")));
    assert!(!ok(&text, json!(12)));
}

#[test]
fn bool_is_zero_for_true_and_one_for_false() {
    let flag = kind("bool", Specs::default());
    assert!(ok(&flag, json!(0)) && ok(&flag, json!(1)));
    assert!(!ok(&flag, json!(2)) && !ok(&flag, json!(true)));
}

#[test]
fn enum_is_one_of_its_values() {
    let items = vec![EnumItem { text: "low".into(), value: Some(1) }, EnumItem { text: "high".into(), value: Some(3) }];
    let mode = kind("enum", Specs { enum_param: Some(items), ..Specs::default() });
    assert!(ok(&mode, json!(3)));
    assert!(!ok(&mode, json!(2)) && !ok(&mode, json!("high")));
    assert!(check_value("m", &mode, &json!(2)).unwrap_err().render("en").contains("1 (low), 3 (high)"));
}

#[test]
fn struct_members_are_checked_and_unknown_ones_refused() {
    let members = vec![
        param("x", kind("int", Specs { min: Some(0.0), max: Some(9.0), ..Specs::default() })),
        param("label", kind("string", Specs { length: Some(5), ..Specs::default() })),
    ];
    let point = kind("struct", Specs { members: Some(members), ..Specs::default() });
    assert!(ok(&point, json!({"x": 3, "label": "dock"})));
    assert!(ok(&point, json!({"x": 3})), "a report may leave members out");
    assert!(!ok(&point, json!({"x": 10})));
    let err = check_value("params.point", &point, &json!({"y": 1})).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("params.point.y"));
    assert!(!ok(&point, json!([1, 2])));
}

#[test]
fn array_items_follow_the_element_type_and_the_size() {
    let element = kind("int", Specs { min: Some(0.0), max: Some(5.0), ..Specs::default() });
    let list = kind("array", Specs { arr_data_type: Some(Box::new(element)), size: Some(3), ..Specs::default() });
    assert!(ok(&list, json!([0, 5, 2])) && ok(&list, json!([])));
    assert!(!ok(&list, json!([0, 1, 2, 3])), "more than its size");
    let err = check_value("params.zones", &list, &json!([1, 9])).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("params.zones.1"));
    assert!(!ok(&list, json!({"0": 1})));
}

fn vacuum() -> ThingModel {
    let battery = kind("int", Specs { min: Some(0.0), max: Some(100.0), ..Specs::default() });
    let suction = kind("int", Specs { min: Some(1.0), max: Some(4.0), ..Specs::default() });
    ThingModel {
        properties: vec![
            Property {
                identifier: "battery".into(),
                data_type: battery,
                access_mode: "r".into(),
                ..Property::default()
            },
            Property {
                identifier: "suction".into(),
                data_type: suction.clone(),
                access_mode: "rw".into(),
                ..Property::default()
            },
        ],
        events: vec![Event {
            identifier: "stuck".into(),
            event_type: "fault".into(),
            output_data: vec![param("code", kind("int", Specs::default()))],
            ..Event::default()
        }],
        services: vec![Service {
            identifier: "clean".into(),
            input_data: vec![param("suction", suction)],
            output_data: vec![param("accepted", kind("bool", Specs::default()))],
            ..Service::default()
        }],
    }
}

#[test]
fn reports_name_known_properties_and_sets_only_writable_ones() {
    let model = vacuum();
    assert!(
        check_properties(&model, "params", &object(json!({"battery": 80, "suction": 2})), Direction::Report).is_ok()
    );
    let unknown = check_properties(&model, "params", &object(json!({"speed": 1})), Direction::Report).unwrap_err();
    assert!(unknown.render("en").contains("no property speed"), "{}", unknown.render("en"));
    assert!(unknown.render("ru").contains("нет свойства speed"));
    let read_only = check_properties(&model, "params", &object(json!({"battery": 50})), Direction::Set).unwrap_err();
    assert!(read_only.render("en").contains("read-only"));
    assert!(check_properties(&model, "params", &object(json!({"suction": 4})), Direction::Set).is_ok());
    assert!(check_properties(&model, "params", &object(json!({"suction": 5})), Direction::Set).is_err());
    assert!(check_properties(&model, "params", &Map::new(), Direction::Report).is_err(), "an empty report");
}

#[test]
fn events_and_services_are_checked_by_their_parameters() {
    let model = vacuum();
    assert_eq!(check_event(&model, "identifier", "stuck", &object(json!({"code": 7}))).unwrap().event_type, "fault");
    assert!(check_event(&model, "identifier", "fell", &Map::new()).unwrap_err().render("en").contains("no event fell"));
    assert!(check_event(&model, "identifier", "stuck", &object(json!({"reason": 1}))).is_err());
    assert!(check_service(&model, "identifier", "clean", &object(json!({"suction": 3})), false).is_ok());
    assert!(check_service(&model, "identifier", "clean", &object(json!({"suction": 9})), false).is_err());
    assert!(check_service(&model, "identifier", "clean", &object(json!({"accepted": 0})), true).is_ok());
    assert!(check_service(&model, "identifier", "clean", &object(json!({"accepted": 0})), false).is_err());
    assert!(check_service(&model, "identifier", "dock", &Map::new(), false).is_err());
}

/// Alink ids come as text or as a number, and go back as they came.
#[test]
fn a_message_id_is_text_or_a_number_and_echoed_as_it_came() {
    use console_plugin_sdk::thing_model::MessageId;
    for sent in [json!("123"), json!(123), json!("a-1")] {
        let id: MessageId = serde_json::from_value(sent.clone()).expect("an id");
        assert_eq!(serde_json::to_value(&id).expect("echoed"), sent);
    }
    assert_eq!(serde_json::from_value::<MessageId>(json!(7)).expect("id").to_string(), "7");
    assert!(serde_json::from_value::<MessageId>(json!({ "id": 1 })).is_err(), "an object is no id");
}
