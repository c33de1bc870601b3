//! The factory-initialisation review against the in-memory host: one waiting request
//! per SN; a rejection leaves the SN and the device as they were; an approval initialises the SN
//! (through the product plugin), revokes the device's key, deletes its record and the review.

use console_plugin_sdk::approvals::Decision;
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Query, Value, json};
use device::DevicePlugin;
use device::bindings::{BINDINGS, Binding};
use device::devices::{DEVICES, Device};
use device::initialisation::{REVIEWS, WAITING};
use device::logs::DEVICE_LOGS;

fn host_with_device(sn: &str) -> MemoryHost {
    let mut host = MemoryHost::new();
    host.plugins.insert("product-service".into(), |method, path, _| match (method, path) {
        ("POST", "/internal/sns/RV-1/initialise") => (200, json!({ "sn": "RV-1", "activated": false })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    let device = Device { sn: sn.into(), product_name: "RV20".into(), ..Device::default() };
    DEVICES.insert(&mut host, &device).expect("device");
    host.device_keys.insert(sn.into(), "dk_old".into());
    let binding = Binding { sn: sn.into(), account: "ann".into(), family_id: "1".into(), ..Binding::default() };
    BINDINGS.insert(&mut host, &binding).expect("bound");
    host
}

fn decide(host: &mut MemoryHost, approved: bool) -> (u16, Value) {
    let (_, _, subject, detail) = host.approvals.last().cloned().expect("a request");
    let approval_id = host.approvals.len().to_string();
    let decision = Decision {
        approval_id,
        kind: "factory-init".into(),
        subject_id: subject,
        approved,
        comment: if approved { String::new() } else { "Still under warranty".into() },
        decided_by: "auditor".into(),
        detail,
    };
    host.call::<DevicePlugin>("POST", "/approvals/factory-init", serde_json::to_value(decision).expect("json"))
}

#[test]
fn an_application_waits_alone_and_a_rejection_leaves_the_sn_as_it_was() {
    let mut host = host_with_device("RV-1");
    let (status, _) = host.call::<DevicePlugin>("POST", "/devices/RV-1/initialisation", json!({ "reason": "" }));
    assert_eq!(status, 400, "a reason is required");
    let (status, review) =
        host.call::<DevicePlugin>("POST", "/devices/RV-1/initialisation", json!({ "reason": "Sold again" }));
    assert_eq!((status, review["state"].as_str()), (200, Some(WAITING)), "{review}");
    assert_eq!(host.approvals.len(), 1, "the process centre has the request");
    let (status, again) =
        host.call::<DevicePlugin>("POST", "/devices/RV-1/initialisation", json!({ "reason": "Twice" }));
    assert_eq!(status, 409, "{again}");

    let (status, _) = decide(&mut host, false);
    assert_eq!(status, 200);
    let reviews = REVIEWS.query(&mut host, &Query::new()).expect("reviews");
    assert_eq!((reviews.total, reviews.list[0].data.state.as_str()), (1, "rejected"));
    assert_eq!(reviews.list[0].data.comment, "Still under warranty");
    assert_eq!(DEVICES.query(&mut host, &Query::new()).expect("devices").total, 1, "the device stays");
    assert_eq!(host.device_keys.get("RV-1").map(String::as_str), Some("dk_old"), "its key too");
    let (status, _) = host.call::<DevicePlugin>("POST", "/devices/RV-1/initialisation", json!({ "reason": "Again" }));
    assert_eq!(status, 200, "after a rejection the applicant may ask again");
}

#[test]
fn an_approval_initialises_the_sn_and_deletes_the_review() {
    let mut host = host_with_device("RV-1");
    host.call::<DevicePlugin>("POST", "/devices/RV-1/initialisation", json!({ "reason": "Returned to the factory" }));
    let (status, answer) = decide(&mut host, true);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(REVIEWS.query(&mut host, &Query::new()).expect("reviews").total, 0, "the review entry is deleted");
    assert_eq!(DEVICES.query(&mut host, &Query::new()).expect("devices").total, 0, "the device starts anew");
    assert!(!host.device_keys.contains_key("RV-1"), "its key no longer speaks for it");
    assert_eq!(BINDINGS.query(&mut host, &Query::new()).expect("bindings").total, 0, "it left its family");
    let logs = DEVICE_LOGS.query(&mut host, &Query::new()).expect("logs").list;
    assert_eq!((logs[0].data.kind.as_str(), logs[0].data.by.as_str()), ("unbind", "auditor"));
    let told: Vec<_> = host.events.iter().filter(|(topic, _)| topic == "device.initialised").collect();
    assert_eq!(told.len(), 1, "other domains are told, once: {:?}", host.events);
    assert_eq!(told[0].1["sn"], "RV-1");
}

#[test]
fn an_approval_the_product_plugin_refuses_changes_nothing() {
    let mut host = host_with_device("RV-2");
    host.call::<DevicePlugin>("POST", "/devices/RV-2/initialisation", json!({ "reason": "Returned" }));
    let (status, _) = decide(&mut host, true);
    assert_eq!(status, 404, "the SN is unknown to the product plugin: the decision fails and stays undecided");
}
