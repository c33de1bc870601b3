//! What one device may send, against the in-memory host: log files one a minute and ten per
//! device (the oldest go), a base station renamed and written only by the device that named it
//! first, three stations per device; and a reset answered after the device was bound again
//! leaves the new binding alone.

use base64::Engine as _;
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Query, Value, json};
use device::DevicePlugin;
use device::bindings::{BINDINGS, Binding};
use device::devices::{DEVICES, Device};
use device::logs::{DEVICE_LOGS, MAX_FILES_PER_DEVICE};
use device::stations::STATIONS;

fn host_with_devices(sns: &[&str]) -> MemoryHost {
    let mut host = MemoryHost::new();
    host.plugins.insert("product-service".into(), |method, path, _| match (method, path) {
        ("GET", "/internal/products/p1") => (200, json!({ "id": "p1", "name": "RV20", "thingModel": {} })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    for sn in sns {
        let device =
            Device { sn: (*sn).into(), product_id: "p1".into(), product_name: "RV20".into(), ..Device::default() };
        DEVICES.insert(&mut host, &device).expect("device");
    }
    host
}

/// Calls a device route as `sn`'s own key.
fn as_device(host: &mut MemoryHost, sn: &str, method: &str, path: &str, body: Value) -> (u16, Value) {
    let (user, id) =
        (std::mem::replace(&mut host.user_name, format!("device-sn:{sn}")), std::mem::replace(&mut host.user_id, 0));
    let answer = host.call::<DevicePlugin>(method, path, body);
    (host.user_name, host.user_id) = (user, id);
    answer
}

fn upload(host: &mut MemoryHost, n: usize) -> u16 {
    let content = base64::engine::general_purpose::STANDARD.encode(format!("log {n}"));
    as_device(host, "RV-1", "POST", "/thing/logs", json!({ "fileName": "device.log", "content": content })).0
}

#[test]
fn a_device_uploads_a_log_file_a_minute_and_keeps_its_ten_newest() {
    let mut host = host_with_devices(&["RV-1"]);
    assert_eq!(upload(&mut host, 0), 200);
    assert_eq!(upload(&mut host, 1), 429, "a second within the minute");
    for n in 1..=MAX_FILES_PER_DEVICE as usize + 2 {
        host.now_ms += 61_000;
        assert_eq!(upload(&mut host, n), 200, "upload {n}");
    }
    let kept = DEVICE_LOGS.query(&mut host, &Query::new().eq("kind", "log-file").sort("at", false)).expect("logs");
    assert_eq!(kept.total, MAX_FILES_PER_DEVICE, "the ten newest");
    assert_eq!(
        host.files.keys().filter(|name| name.starts_with("logs/RV-1/")).count(),
        MAX_FILES_PER_DEVICE as usize,
        "the older files deleted"
    );
    let oldest = kept.list[0].data.log_file.clone().expect("a file");
    assert_eq!(host.files.get(&oldest.object).map(Vec::as_slice), Some(b"log 3".as_slice()), "logs 0 to 2 went");
}

fn heartbeat(host: &mut MemoryHost, sn: &str, station: &str, name: &str) -> (u16, Value) {
    as_device(host, sn, "POST", "/thing/heartbeat", json!({ "baseStationId": station, "baseStationName": name }))
}

#[test]
fn a_base_station_is_renamed_and_written_only_by_the_device_that_named_it_first() {
    let mut host = host_with_devices(&["RV-1", "RV-2"]);
    assert_eq!(heartbeat(&mut host, "RV-1", "BS-1", "Kitchen dock").0, 200);
    assert_eq!(heartbeat(&mut host, "RV-2", "BS-1", "Hijacked").0, 200, "another device may say it docks there");
    let station = STATIONS.query(&mut host, &Query::new()).expect("stations").list.remove(0);
    assert_eq!(
        (station.data.name.as_str(), station.data.owner_sn.as_str()),
        ("Kitchen dock", "RV-1"),
        "but not rename it"
    );

    let record =
        json!({ "kind": "water", "waterMl": 500, "duration": 60, "result": "completed", "startTime": host.now_ms });
    let (status, refused) = as_device(&mut host, "RV-2", "POST", "/thing/base-station/records", record.clone());
    assert_eq!((status, refused["field"].as_str()), (403, Some("baseStationId")), "{refused}");
    assert_eq!(as_device(&mut host, "RV-1", "POST", "/thing/base-station/records", record).0, 200);

    for (n, station) in ["BS-2", "BS-3"].iter().enumerate() {
        host.now_ms += 1000 * (n as i64 + 1);
        assert_eq!(heartbeat(&mut host, "RV-1", station, "Dock").0, 200);
    }
    let (status, refused) = heartbeat(&mut host, "RV-1", "BS-4", "Dock");
    assert_eq!((status, refused["field"].as_str()), (409, Some("baseStationId")), "a fourth station: {refused}");
}

#[test]
fn a_reset_answered_after_the_device_was_bound_again_leaves_the_new_binding() {
    let mut host = host_with_devices(&["RV-1"]);
    let mut device = DEVICES.query(&mut host, &Query::new()).expect("devices").list.remove(0);
    device.data.last_seen_at = Some(host.now_ms);
    DEVICES.update(&mut host, &device.id, &device.data, None).expect("online");
    let (_, command) = host.call::<DevicePlugin>("POST", "/devices/RV-1/reset", json!({ "reason": "Returned" }));
    host.now_ms += 5_000;
    let rebound = Binding {
        sn: "RV-1".into(),
        account: "new-owner".into(),
        family_id: "9".into(),
        bound_at: host.now_ms,
        ..Binding::default()
    };
    BINDINGS.insert(&mut host, &rebound).expect("bound again");
    as_device(&mut host, "RV-1", "GET", "/thing/commands", Value::Null);
    let path = format!("/thing/commands/{}/reply", command["id"].as_str().expect("id"));
    assert_eq!(as_device(&mut host, "RV-1", "POST", &path, json!({ "code": 200 })).0, 200);
    let bindings = BINDINGS.query(&mut host, &Query::new()).expect("bindings");
    assert_eq!((bindings.total, bindings.list[0].data.account.as_str()), (1, "new-owner"));
}
