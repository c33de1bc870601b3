//! A shadow keeps each property's newest reading: a late report of an older reading does not
//! replace a newer one (it still goes to history).

use console_plugin_sdk::{Value, json};
use device::thing::newest_readings;
use serde_json::Map;

fn params(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("object")
}

#[test]
fn a_late_older_reading_does_not_replace_a_newer_one() {
    let now = 1_780_000_000_000;
    let mut properties = Map::new();
    newest_readings(&mut properties, &params(json!({ "battery": 80, "mode": "auto" })), now);
    // Battery 20, read an hour before, arrives after: the 80 read now stays.
    newest_readings(&mut properties, &params(json!({ "battery": 20, "fan": 2 })), now - 3_600_000);
    assert_eq!(properties["battery"], json!({ "value": 80, "time": now }));
    assert_eq!(properties["fan"], json!({ "value": 2, "time": now - 3_600_000 }), "a property it had not is taken");
    // A newer reading, and one of the same time, replace it.
    newest_readings(&mut properties, &params(json!({ "battery": 79 })), now + 1);
    newest_readings(&mut properties, &params(json!({ "mode": "quiet" })), now);
    assert_eq!(properties["battery"]["value"], 79);
    assert_eq!(properties["mode"]["value"], "quiet");
}
