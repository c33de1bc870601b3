//! The `presence` sweep against the in-memory host: devices silent past the timeout go offline,
//! many at once included, each page of them told to other domains in one event (a call may
//! publish at most 100).

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Context, Query};
use device::devices::{DEVICES, Device};
use device::presence::{PRESENCE_TOPIC, TIMEOUT_MS, sweep};

#[test]
fn a_sweep_takes_hundreds_of_silent_devices_offline_in_one_event_per_page() {
    let mut host = MemoryHost::new();
    let now = host.now_ms;
    for n in 0..450 {
        let device = Device {
            sn: format!("RV{n:04}"),
            online: true,
            last_seen_at: Some(now - TIMEOUT_MS - 1 - i64::from(n % 2)),
            ..Device::default()
        };
        DEVICES.insert(&mut host, &device).expect("device");
    }
    let heard = Device { sn: "RV-HEARD".into(), online: true, last_seen_at: Some(now), ..Device::default() };
    DEVICES.insert(&mut host, &heard).expect("device");

    assert_eq!(sweep(&mut host, &Context::default()).expect("swept"), 450);
    let still_online = DEVICES.query(&mut host, &Query::new().eq("online", true).page(1, 10)).expect("query");
    assert_eq!(still_online.list.iter().map(|d| d.data.sn.as_str()).collect::<Vec<_>>(), ["RV-HEARD"]);
    let events: Vec<_> = host.events.iter().filter(|(topic, _)| topic == PRESENCE_TOPIC).collect();
    assert_eq!(events.len(), 3, "200, 200 and 50 devices");
    let told: usize = events.iter().map(|(_, e)| e["sns"].as_array().map_or(0, Vec::len)).sum();
    assert_eq!(told, 450);
    assert!(events.iter().all(|(_, e)| e["online"] == false && e["cause"] == "keep-alive-timeout"));
}
