//! Family identities and the bindings that depend on them, against the in-memory host: exactly one
//! administrator, handed over and never dropped; who may bind; an unbinding and a successful reset
//! written in the device's logs.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Query, Value, json};
use device::DevicePlugin;
use device::bindings::BINDINGS;
use device::devices::{DEVICES, Device};
use device::families::{ADMINISTRATOR, Family, MEMBER, Member, PENDING, SHARED, TOURIST};
use device::logs::DEVICE_LOGS;

fn member(account: &str, identity: &str) -> Member {
    Member { account: account.into(), nickname: String::new(), identity: identity.into(), joined_at: 1 }
}

fn identities(family: &Family) -> Vec<(String, String)> {
    family.members.iter().map(|m| (m.account.clone(), m.identity.clone())).collect()
}

fn pair(account: &str, identity: &str) -> (String, String) {
    (account.into(), identity.into())
}

#[test]
fn a_family_is_made_with_its_administrator_and_never_has_two() {
    let mut family = Family::new("Home", member("ann@example.com", MEMBER), "SHARE123".into()).expect("family");
    assert_eq!(identities(&family), [pair("ann@example.com", ADMINISTRATOR)], "its maker administers it");
    assert_eq!(family.administrator, "ann@example.com");

    let refused = family.add_member(member("bob", ADMINISTRATOR)).expect_err("a second administrator");
    assert_eq!(refused.status, 409);
    for (account, identity) in [("bob", MEMBER), ("cy", SHARED), ("dee", PENDING), ("eve", TOURIST)] {
        family.add_member(member(account, identity)).expect(identity);
    }
    assert_eq!(family.add_member(member("bob", SHARED)).expect_err("twice").status, 400);
    assert_eq!(
        family.add_member(member("x", "owner")).expect_err("no such identity").field.as_deref(),
        Some("identity")
    );
    assert_eq!(family.add_member(member("a b", MEMBER)).expect_err("not an account").field.as_deref(), Some("account"));
    assert_eq!(family.accounts, ",ann@example.com,bob,cy,dee,eve,");
}

#[test]
fn the_administrator_role_is_handed_over_not_dropped() {
    let mut family = Family::new("Home", member("ann", MEMBER), "S".into()).expect("family");
    family.add_member(member("bob", SHARED)).expect("bob");

    assert_eq!(family.set_identity("ann", MEMBER).expect_err("dropping it").status, 409);
    assert_eq!(family.remove_member("ann").expect_err("leaving with it").status, 409);

    family.set_identity("bob", ADMINISTRATOR).expect("handed over");
    assert_eq!(identities(&family), [pair("ann", MEMBER), pair("bob", ADMINISTRATOR)]);
    assert_eq!(family.administrator, "bob");
    assert_eq!(family.members.iter().filter(|m| m.identity == ADMINISTRATOR).count(), 1);

    family.set_identity("ann", TOURIST).expect("the former one is an ordinary member now");
    family.remove_member("ann").expect("and may leave");
    assert_eq!(identities(&family), [pair("bob", ADMINISTRATOR)]);
    assert_eq!(family.set_identity("nobody", MEMBER).expect_err("unknown").status, 404);
}

#[test]
fn only_the_administrator_and_ordinary_members_may_bind() {
    let mut family = Family::new("Home", member("ann", MEMBER), "S".into()).expect("family");
    for (account, identity) in [("bob", MEMBER), ("cy", SHARED), ("dee", PENDING), ("eve", TOURIST)] {
        family.add_member(member(account, identity)).expect(identity);
    }
    let may: Vec<bool> = ["ann", "bob", "cy", "dee", "eve", "zed"].iter().map(|a| family.may_bind(a)).collect();
    assert_eq!(may, [true, true, false, false, false, false]);
}

#[test]
fn rooms_have_unique_names_known_types_and_ids_never_reused() {
    let mut family = Family::new("Home", member("ann", MEMBER), "S".into()).expect("family");
    let kitchen = family.add_room("Kitchen", "kitchen").expect("kitchen");
    assert_eq!(family.add_room("Kitchen", "other").expect_err("same name").field.as_deref(), Some("name"));
    assert_eq!(family.add_room("Loft", "attic").expect_err("no such type").field.as_deref(), Some("roomType"));
    assert_eq!(family.rooms.len(), 1, "a refused room is not kept");
    family.delete_room(&kitchen.room_id).expect("deleted");
    let study = family.add_room("Study", "study").expect("study");
    assert_ne!(study.room_id, kitchen.room_id, "a deleted room's ID is not given again");
}

fn host_with_device(sn: &str) -> MemoryHost {
    let mut host = MemoryHost::new();
    host.plugins.insert("product-service".into(), |method, path, _| match (method, path) {
        ("GET", "/internal/products/p1") => (200, json!({ "id": "p1", "name": "RV20", "thingModel": {} })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    let device = Device {
        sn: sn.into(),
        product_id: "p1".into(),
        product_name: "RV20".into(),
        firmware_version: "1.2.0".into(),
        ..Device::default()
    };
    DEVICES.insert(&mut host, &device).expect("device");
    host
}

fn family(host: &mut MemoryHost) -> String {
    let (status, family) = host.call::<DevicePlugin>("POST", "/families", json!({ "name": "Home", "account": "ann" }));
    assert_eq!(status, 200, "{family}");
    for (account, identity) in [("bob", SHARED), ("cy", MEMBER)] {
        let path = format!("/families/{}/members", family["id"].as_str().expect("id"));
        let (status, answer) =
            host.call::<DevicePlugin>("POST", &path, json!({ "account": account, "identity": identity }));
        assert_eq!(status, 200, "{answer}");
    }
    family["id"].as_str().expect("id").to_string()
}

fn logs(host: &mut MemoryHost) -> Vec<(String, String, String)> {
    let logs = DEVICE_LOGS.query(host, &Query::new()).expect("logs").list;
    logs.into_iter().map(|l| (l.data.kind, l.data.account, l.data.detail)).collect()
}

#[test]
fn a_binding_needs_a_member_who_may_bind_and_a_reason_and_is_logged() {
    let mut host = host_with_device("RV-1");
    let family_id = family(&mut host);
    let bind = |account: &str, reason: &str| json!({ "sn": "RV-1", "account": account, "familyId": family_id, "reason": reason });

    let (status, answer) = host.call::<DevicePlugin>("POST", "/bindings", bind("bob", "Set up at home"));
    assert_eq!((status, answer["field"].as_str()), (403, Some("account")), "a shared member may not: {answer}");
    let (status, _) = host.call::<DevicePlugin>("POST", "/bindings", bind("cy", ""));
    assert_eq!(status, 400, "a reason is required");
    let (status, binding) = host.call::<DevicePlugin>("POST", "/bindings", bind("cy", "Set up at home"));
    assert_eq!((status, binding["familyName"].as_str()), (200, Some("Home")), "{binding}");
    let (status, _) = host.call::<DevicePlugin>("POST", "/bindings", bind("ann", "Again"));
    assert_eq!(status, 409, "bound already");

    let (status, _) =
        host.call::<DevicePlugin>("DELETE", &format!("/families/{family_id}"), json!({ "confirmName": "Home" }));
    assert_eq!(status, 409, "a family with a device bound stays");

    let (status, _) = host.call::<DevicePlugin>("POST", "/bindings/RV-1/unbind", json!({ "reason": "Sold" }));
    assert_eq!(status, 200);
    assert_eq!(BINDINGS.query(&mut host, &Query::new()).expect("bindings").total, 0);
    assert_eq!(
        logs(&mut host),
        [("bind".into(), "cy".into(), "Set up at home".into()), ("unbind".into(), "cy".into(), "Sold".into())]
    );
}

#[test]
fn a_reset_the_device_confirms_unbinds_it() {
    let mut host = host_with_device("RV-1");
    let family_id = family(&mut host);
    host.call::<DevicePlugin>(
        "POST",
        "/bindings",
        json!({ "sn": "RV-1", "account": "ann", "familyId": family_id, "reason": "Mine" }),
    );
    let (status, answer) =
        host.call::<DevicePlugin>("POST", "/devices/RV-1/reset", json!({ "reason": "Customer asked" }));
    assert_eq!(status, 409, "an offline device is not reset: {answer}");

    let mut device = DEVICES.query(&mut host, &Query::new()).expect("devices").list.remove(0);
    device.data.last_seen_at = Some(host.now_ms);
    DEVICES.update(&mut host, &device.id, &device.data, None).expect("online");
    let (status, command) =
        host.call::<DevicePlugin>("POST", "/devices/RV-1/reset", json!({ "reason": "Customer asked" }));
    assert_eq!((status, command["kind"].as_str()), (200, Some("reset")), "{command}");
    assert_eq!(host.woken, ["RV-1"], "a device waiting on its long poll hears of it");

    let console_user = std::mem::replace(&mut host.user_name, "device-sn:RV-1".into());
    let user_id = std::mem::replace(&mut host.user_id, 0);
    let (_, fetched) = host.call::<DevicePlugin>("GET", "/thing/commands", Value::Null);
    assert_eq!(fetched[0]["kind"], "reset");
    let path = format!("/thing/commands/{}/reply", command["id"].as_str().expect("id"));
    let (status, answer) = host.call::<DevicePlugin>("POST", &path, json!({ "code": 200 }));
    assert_eq!(status, 200, "{answer}");
    (host.user_name, host.user_id) = (console_user, user_id);
    assert_eq!(
        BINDINGS.query(&mut host, &Query::new()).expect("bindings").total,
        0,
        "a reset device leaves its family"
    );
    let kinds: Vec<String> = logs(&mut host).into_iter().map(|(kind, _, _)| kind).collect();
    assert_eq!(kinds, ["bind", "reset", "unbind"]);
}
