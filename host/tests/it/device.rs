//! The device plugin over HTTP with its built `.wasm` and simulated devices (tools/devsim):
//! activation by the SN's signature, reports checked against the product's thing model and kept,
//! the console's commands answered by the device, and an offline device refused.

use crate::common;

use common::fleet::fleet;
use rand::SeedableRng;
use rand::rngs::StdRng;
use reqwest::Method;
use serde_json::{Map, Value, json};

fn params(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("object")
}

#[tokio::test]
async fn a_device_activates_only_with_its_sns_signature_and_then_speaks_with_its_own_key() {
    let fleet = fleet("RV-10", 3).await;
    let (sn, key) = &fleet.keys[0];
    let forged = fleet.platform.activate(sn, &fleet.keys[1].1).await.err().expect("another SN's key is refused");
    assert_eq!(forged.code, 400, "a refusal naming its field (signature)");
    assert!(forged.msg.contains("does not match the SN's key"), "{}", forged.msg);
    let sns = fleet.host.get(&format!("/product-service/sns?sn={sn}&mode=precise"), &fleet.admin).await;
    assert_eq!(sns.ok()["list"][0]["activated"], false, "a refused activation activates nothing");

    let device = fleet.platform.activate(sn, key).await.expect("activated");
    assert!(device.key.starts_with("dk_") && device.model.properties.len() == 4);
    let sns = fleet.host.get(&format!("/product-service/sns?sn={sn}&mode=precise"), &fleet.admin).await;
    assert_eq!(sns.ok()["list"][0]["activated"], true, "the first activation marks the SN");
    let listed = fleet.host.get(&format!("/device-service/devices?sn={sn}"), &fleet.admin).await;
    let row = &listed.ok()["list"][0];
    assert_eq!(
        (row["online"].as_bool(), row["productName"].as_str(), row["region"].as_str()),
        (Some(true), Some("RV10"), Some("europe"))
    );

    // Activating again replaces the device's key: the old one no longer speaks for it.
    let again = fleet.platform.activate(sn, key).await.expect("activated again");
    let old = device.heartbeat("standby").await.expect_err("the replaced key");
    assert_eq!(old.code, 401);
    again.heartbeat("sweeping").await.expect("the new key");
    let detail = fleet.host.get(&format!("/device-service/devices/{sn}"), &fleet.admin).await;
    assert_eq!(
        (detail.ok()["device"]["workState"].as_str(), detail.ok()["device"]["activations"].as_u64()),
        (Some("sweeping"), Some(2))
    );
}

/// An activation signature serves once: the same signed body sent again within its window (by
/// someone who overheard it and holds the fleet key, which every factory line has) would take
/// the device's key from it, also with its signature in other letters' case. Failed signatures
/// are counted by address: whoever knows an SN cannot lock its device out, and one address stops
/// after a hundred failures.
#[tokio::test]
async fn an_activation_signature_activates_once_and_failures_are_counted_by_address() {
    let fleet = fleet("RV-11", 2).await;
    let (sn, key) = &fleet.keys[0];
    let signed = fleet.platform.activation(sn, key);
    let device = fleet.platform.activate_signed(sn, signed.clone()).await.expect("activated");
    let replayed = fleet.platform.activate_signed(sn, signed.clone()).await.err().expect("a replay is refused");
    assert_eq!(replayed.field.as_deref(), Some("signature"), "{replayed:?}");
    assert!(replayed.msg.contains("used already"), "{}", replayed.msg);
    let mut shouted = signed;
    shouted["signature"] = json!(shouted["signature"].as_str().expect("hex").to_uppercase());
    let replayed = fleet.platform.activate_signed(sn, shouted).await.err().expect("in capitals too");
    assert!(replayed.msg.contains("used already"), "{}", replayed.msg);
    device.heartbeat("standby").await.expect("the device keeps its key");

    let (other, other_key) = &fleet.keys[1];
    for _ in 0..10 {
        let refused = fleet.platform.activate(other, key).await.err().expect("another SN's key");
        assert_eq!(refused.code, 400, "{refused:?}");
    }
    fleet.platform.activate(other, other_key).await.expect("ten failures lock no device out");
    let mut failures = 10;
    let locked = loop {
        match fleet.platform.activate(other, key).await {
            Err(refused) if refused.code == 400 => failures += 1,
            other => break other,
        }
        assert!(failures <= 200, "failures without end");
    };
    let locked = locked.err().expect("locked");
    // The two replays were failures too.
    assert_eq!((locked.code, failures + 2), (429, 100), "{locked:?}");
    assert_eq!(fleet.platform.activate(sn, key).await.err().map(|r| r.code), Some(429), "the address is locked");
}

#[tokio::test]
async fn reports_are_checked_against_the_thing_model_and_kept_in_the_shadow_and_the_history() {
    let fleet = fleet("RV-11", 2).await;
    let mut device = fleet.device(0).await;
    let mut rng = StdRng::seed_from_u64(7);
    device.report_all(&mut rng).await.expect("values that fit the thing model");
    device
        .report(params(json!({ "battery": 64, "position": { "x": 3, "y": -4 }, "rooms": ["kitchen"] })))
        .await
        .expect("report");

    for (wrong, field) in [
        (json!({ "battery": 101 }), "params.battery"),
        (json!({ "suction": 2 }), "params.suction"),
        (json!({ "position": { "z": 1 } }), "params.position.z"),
        (json!({ "rooms": ["a very long room name"] }), "params.rooms.0"),
        (json!({ "speed": 1 }), "params.speed"),
    ] {
        let refused = device.report(params(wrong.clone())).await.expect_err("refused");
        assert_eq!(refused.code, 400, "{wrong}: {}", refused.msg);
        assert_eq!(refused.field.as_deref(), Some(field), "{wrong}: {}", refused.msg);
    }
    device.event("stuck", params(json!({ "code": 12 }))).await.expect("event");
    assert_eq!(device.event("fell", Map::new()).await.expect_err("unknown event").code, 400);

    let detail = fleet.host.get(&format!("/device-service/devices/{}", device.sn), &fleet.admin).await;
    let shadow = &detail.ok()["shadow"];
    assert_eq!(shadow["battery"]["value"], 64, "the latest value, not a refused one");
    assert_eq!(shadow["position"]["value"], json!({ "x": 3, "y": -4 }));
    assert!(shadow["battery"]["time"].as_i64().is_some());
    assert_eq!(detail.ok()["events"][0]["identifier"], "stuck");
    assert_eq!(detail.ok()["events"][0]["eventType"], "fault");
    let history =
        fleet.host.get(&format!("/device-service/reports?sn={}&kind=property", device.sn), &fleet.admin).await;
    assert_eq!(history.ok()["total"], 2, "two reports kept, the refused ones not");
    let other = fleet.host.get(&format!("/device-service/reports?sn={}", fleet.keys[1].0), &fleet.admin).await;
    assert_eq!(other.ok()["total"], 0);
}

#[tokio::test]
async fn a_command_from_the_console_is_fetched_and_answered_by_the_device() {
    let fleet = fleet("RV-12", 1).await;
    let mut device = fleet.device(0).await;
    let mut rng = StdRng::seed_from_u64(11);
    let path = format!("/device-service/devices/{}", device.sn);

    let read_only =
        fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "battery": 5 } })).await;
    assert_eq!(read_only.code(), 400);
    assert!(read_only.msg().contains("read-only"), "{}", read_only.msg());
    let out_of_range =
        fleet.host.post(&format!("{path}/services/clean"), &fleet.admin, json!({ "params": { "rounds": 9 } })).await;
    assert_eq!(out_of_range.code(), 400);

    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 3 } })).await;
    let set_id = set.ok()["id"].as_str().expect("id").to_string();
    assert_eq!(set.ok()["state"], "pending");
    let call =
        fleet.host.post(&format!("{path}/services/clean"), &fleet.admin, json!({ "params": { "rounds": 2 } })).await;
    let call_id = call.ok()["id"].as_str().expect("id").to_string();

    assert_eq!(device.serve_commands(&mut rng).await.expect("served"), 2);
    let set = fleet.host.get(&format!("/device-service/commands/{set_id}"), &fleet.admin).await;
    assert_eq!(set.ok()["state"], "succeeded");
    let call = fleet.host.get(&format!("/device-service/commands/{call_id}"), &fleet.admin).await;
    assert_eq!(call.ok()["state"], "succeeded");
    assert!(call.ok()["output"]["accepted"].is_i64(), "the service's output: {}", call.ok());
    let detail = fleet.host.get(&path, &fleet.admin).await;
    assert_eq!(detail.ok()["shadow"]["suction"]["value"], 3, "the device reported the value it was set to");
    assert_eq!(device.serve_commands(&mut rng).await.expect("nothing left"), 0, "each command is delivered once");
}

fn kinds(logs: &Value) -> Vec<&str> {
    let mut kinds: Vec<&str> =
        logs["list"].as_array().expect("list").iter().map(|l| l["kind"].as_str().unwrap_or("")).collect();
    kinds.reverse();
    kinds
}

#[tokio::test]
async fn a_bound_device_logs_in_uploads_logs_reports_cleanings_and_leaves_its_family_when_reset() {
    let fleet = fleet("RV-14", 1).await;
    let mut device = fleet.device(0).await;
    let mut rng = StdRng::seed_from_u64(3);
    let (host, admin, sn) = (&fleet.host, fleet.admin.as_str(), device.sn.clone());

    let family =
        host.post("/device-service/families", admin, json!({ "name": "Home", "account": "ann@example.com" })).await;
    let family_id = family.ok()["id"].as_str().expect("id").to_string();
    assert_eq!(family.ok()["members"][0]["identity"], "administrator");
    let bind = json!({ "sn": sn, "account": "ann@example.com", "familyId": family_id, "reason": "Set up in the app", "nickname": "Kitchen robot" });
    let long_name = json!({ "sn": sn, "account": "ann@example.com", "familyId": family_id, "reason": "r", "nickname": "x".repeat(33) });
    let refused = host.post("/device-service/bindings", admin, long_name).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("nickname")));
    host.post("/device-service/bindings", admin, bind.clone()).await.ok();
    // The family's name for the device is the device's nickname, in its list and its detail.
    let named = host.get(&format!("/device-service/devices?sn={sn}"), admin).await;
    assert_eq!(named.ok()["list"][0]["nickname"], "Kitchen robot");
    let twice = host.post("/device-service/bindings", admin, bind).await;
    assert_eq!(twice.msg(), "The device is bound to a family already: unbind it first.", "bound once");
    let bindings = host.get(&format!("/device-service/bindings?familyId={family_id}"), admin).await;
    assert_eq!(bindings.ok()["list"][0]["sn"], sn.as_str());

    // A log file, downloaded through its signed link without a session.
    let log = b"boot ok\nwifi rssi -55\n";
    device.upload_log("device.log", log).await.expect("uploaded");
    let files = host.get(&format!("/device-service/device-logs?sn={sn}&kind=log-file"), admin).await;
    let log_id = files.ok()["list"][0]["id"].as_str().expect("a log").to_string();
    let link = host.get(&format!("/device-service/device-logs/{log_id}/file"), admin).await;
    assert_eq!(host.fetch_url(link.ok()["url"].as_str().expect("url")).await, log);

    // A cleaning record with its map; one of no known mode is refused.
    device.cleaning_record(&mut rng).await.expect("a cleaning record");
    let records = host.get(&format!("/device-service/cleaning-records?sn={sn}"), admin).await;
    assert_eq!(records.ok()["total"], 1);
    let record = &records.ok()["list"][0];
    assert!(devsim::CLEANING_MODES.contains(&record["mode"].as_str().expect("mode")), "{record}");
    let map =
        host.get(&format!("/device-service/cleaning-records/{}/map", record["id"].as_str().expect("id")), admin).await;
    assert!(host.fetch_url(map.ok()["url"].as_str().expect("url")).await.starts_with(b"\x89PNG"));

    // A reset the device carries out unbinds it; each step is in its logs.
    let reset = host.post(&format!("/device-service/devices/{sn}/reset"), admin, json!({ "reason": "Returned" })).await;
    assert_eq!(reset.ok()["kind"], "reset");
    assert_eq!(device.serve_commands(&mut rng).await.expect("served"), 1);
    let bindings = host.get(&format!("/device-service/bindings?sn={sn}"), admin).await;
    assert_eq!(bindings.ok()["total"], 0, "a reset device leaves its family");
    let detail = host.get(&format!("/device-service/devices/{sn}"), admin).await;
    assert_eq!(detail.ok()["device"]["nickname"], "", "and the family's name for it");
    let resets = host.get("/device-service/resets", admin).await;
    assert_eq!(
        (resets.ok()["list"][0]["state"].as_str(), resets.ok()["list"][0]["reason"].as_str()),
        (Some("succeeded"), Some("Returned"))
    );
    let logs = host.get(&format!("/device-service/device-logs?sn={sn}"), admin).await;
    assert_eq!(kinds(logs.ok()), ["login", "bind", "log-file", "reset", "unbind"]);
    let binding_logs = host.get(&format!("/device-service/device-logs?sn={sn}&kind=bind,unbind"), admin).await;
    assert_eq!(kinds(binding_logs.ok()), ["bind", "unbind"]);
    assert_eq!(binding_logs.ok()["list"][0]["cause"], "reset", "the unbinding says the reset brought it");
    let login = logs.ok()["list"].as_array().expect("list").last().cloned().expect("the login");
    assert_eq!(login["cause"], "first-activation");
    assert_eq!(login["ip"], "127.0.0.1", "the address the host saw, not one the device claims");
    let detail = host.get(&format!("/device-service/devices/{sn}"), admin).await;
    assert_eq!(detail.ok()["device"]["lastLoginIp"], "127.0.0.1");
    assert!(login["phoneModel"].as_str().is_some_and(|m| !m.is_empty()), "the app that set it up: {login}");

    // Logging out is offline at once.
    device.logout().await.expect("logged out");
    let offline = host.get("/device-service/devices?online=false", admin).await;
    assert_eq!(offline.ok()["total"], 1);
    let refused = host.post(&format!("/device-service/devices/{sn}/reset"), admin, json!({ "reason": "Again" })).await;
    assert_eq!(refused.msg(), "Device is offline.");
}

#[tokio::test]
async fn a_base_station_a_device_names_is_listed_with_its_devices_and_its_records() {
    let fleet = fleet("RV-15", 2).await;
    let device = fleet.device(0).await;
    let mut rng = StdRng::seed_from_u64(9);
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let refused = device.station_record(&mut rng).await.expect_err("no station named yet");
    assert_eq!(refused.field.as_deref(), Some("baseStationId"));

    device.heartbeat("charging").await.expect("a heartbeat naming its station");
    device.station_record(&mut rng).await.expect("a station record");
    let too_soon = device.station_record(&mut rng).await.expect_err("a second within 10 s");
    assert_eq!(too_soon.code, 429, "{}", too_soon.msg);
    let station = format!("BS-{}", device.sn);
    let stations = host.get(&format!("/device-service/base-stations?stationId={station}&mode=precise"), admin).await;
    let row = &stations.ok()["list"][0];
    assert_eq!((row["name"].as_str(), row["devices"][0].as_str()), (Some("Auto-empty dock"), Some(device.sn.as_str())));
    let records = host.get(&format!("/device-service/base-stations/{station}/records"), admin).await;
    assert_eq!(records.ok()["total"], 1);
    let kind = records.ok()["list"][0]["kind"].as_str().expect("kind");
    assert!(kind == "water" || kind == "work", "{kind}");
}

/// A workbook as a partner sends it: a title row, then SN, partner's device ID, model, name.
fn partner_workbook(rows: &[[&str; 4]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in std::iter::once(&["SN", "Haier ID", "Model", "Name"]).chain(rows).enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *cell).expect("cell");
        }
    }
    book.save_to_buffer().expect("xlsx")
}

#[tokio::test]
async fn partner_devices_import_from_a_workbook_and_a_row_that_does_not_match_keeps_nothing() {
    let fleet = fleet("RV-16", 1).await;
    let (host, admin) = (&fleet.host, fleet.admin.as_str());
    let import = |bytes: Vec<u8>| async move {
        let upload = host.upload(admin, "device-service", "partner-excel", "partners.xlsx", &bytes).await;
        let upload_id = upload["data"]["uploadId"].as_str().expect("uploaded").to_string();
        host.post("/device-service/partner-devices/import", admin, json!({ "uploadId": upload_id })).await
    };
    let good = partner_workbook(&[["HR-1", "h-001", "X1", "Kitchen"], ["HR-2", "h-002", "X1", "Hall"]]);
    let imported = import(good.clone()).await;
    assert_eq!((imported.ok()["added"].as_u64(), imported.ok()["updated"].as_u64()), (Some(2), Some(0)));

    let bad = partner_workbook(&[["HR-3", "h-003", "X2", ""], ["HR 4", "h-004", "X2", ""]]);
    let refused = import(bad).await;
    assert_eq!(
        refused.msg(),
        "Data does not match, please re-enter (row 3: the SN in column A is numbers, letters and hyphens, at most 64 characters)."
    );
    let listed = host.get("/device-service/partner-devices", admin).await;
    assert_eq!(listed.ok()["total"], 2, "the good row of a refused workbook is not kept either");
    assert_eq!(listed.ok()["list"][0]["partner"], "Haier");

    let again = import(good).await;
    assert_eq!(
        (again.ok()["added"].as_u64(), again.ok()["updated"].as_u64()),
        (Some(0), Some(2)),
        "imported again: updated"
    );

    // Deleted by a workbook of SNs: those with a record go; a file with none is refused.
    let delete = |bytes: Vec<u8>| async move {
        let upload = host.upload(admin, "device-service", "partner-excel", "delete.xlsx", &bytes).await;
        let upload_id = upload["data"]["uploadId"].as_str().expect("uploaded").to_string();
        host.post("/device-service/partner-devices/delete-import", admin, json!({ "uploadId": upload_id })).await
    };
    let strangers = partner_workbook(&[["HR-8", "", "", ""], ["HR-9", "", "", ""]]);
    let nothing = delete(strangers).await;
    assert_eq!((nothing.code(), nothing.msg()), (400, "The file names no device record that can be deleted."));
    let some = partner_workbook(&[["HR-1", "", "", ""], ["HR-9", "", "", ""], ["HR-1", "", "", ""]]);
    let deleted = delete(some).await;
    assert_eq!((deleted.ok()["deleted"].as_u64(), deleted.ok()["notFound"].as_u64()), (Some(1), Some(1)));
    let left = host.get("/device-service/partner-devices", admin).await;
    assert_eq!((left.ok()["total"].as_u64(), left.ok()["list"][0]["sn"].as_str()), (Some(1), Some("HR-2")));

    // Each workbook has its template: titles in the user's language, column A "SN", no rows.
    let template = host
        .call(Method::GET, "/device-service/partner-devices/import-template", Some(admin), &[("lang", "de")], None)
        .await;
    let file = template.ok();
    assert_eq!(file["fileName"], "partner-devices-import.xlsx");
    assert_eq!(
        crate::product::read_workbook(file),
        vec![vec!["SN".to_string(), "Geräte-ID des Partners".into(), "Modell".into(), "Name".into()]]
    );
    let delete_template = host.get("/device-service/partner-devices/delete-import-template", admin).await;
    assert_eq!(crate::product::read_workbook(delete_template.ok()), vec![vec!["SN".to_string()]]);
}

#[tokio::test]
async fn a_device_waiting_on_its_long_poll_gets_a_command_as_soon_as_it_is_sent() {
    let fleet = fleet("RV-17", 1).await;
    let device = fleet.device(0).await;
    let refused = device.fetch_commands(31).await.expect_err("at most 30 s");
    assert_eq!(refused.field.as_deref(), Some("wait"));

    let sn = device.sn.clone();
    let started = std::time::Instant::now();
    let waiting = tokio::spawn(async move { device.fetch_commands(20).await });
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert!(!waiting.is_finished(), "nothing to fetch: the poll waits");
    let set = json!({ "params": { "suction": 3 } });
    let sending = std::time::Instant::now();
    let sent = fleet.host.post(&format!("/device-service/devices/{sn}/properties"), &fleet.admin, set).await;
    let commands = waiting.await.expect("joined").expect("the poll answers");
    assert_eq!(commands[0]["id"], sent.ok()["id"], "the command just sent");
    // Woken by the command, not found by the poll's own check every 5 s (the next one was due
    // 4.5 s after the send).
    assert!(sending.elapsed() < std::time::Duration::from_millis(3000), "woken: {:?}", sending.elapsed());
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "not timed out");
}

#[tokio::test]
async fn a_long_poll_under_a_replaced_key_ends_instead_of_taking_commands() {
    let fleet = fleet("RV-18", 1).await;
    let old = fleet.device(0).await;
    let waiting = tokio::spawn(async move { old.fetch_commands(20).await });
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let activating = std::time::Instant::now();
    let new = fleet.device(0).await;
    let ended = waiting.await.expect("joined").expect_err("the old key's wait ends");
    assert_eq!(ended.code, 401, "{}", ended.msg);
    assert!(
        activating.elapsed() < std::time::Duration::from_secs(3),
        "woken by the new key: {:?}",
        activating.elapsed()
    );
    let set = json!({ "params": { "suction": 1 } });
    fleet.host.post(&format!("/device-service/devices/{}/properties", new.sn), &fleet.admin, set).await.ok();
    assert_eq!(
        new.fetch_commands(0).await.expect("the new key")[0]["kind"],
        "set",
        "the command waits for the new key"
    );
}

/// Fleet keys from the device pages (contract 0.1.19): the platform's and each enterprise's
/// administrators issue their own (shown once, listed by name and last four characters only),
/// a name is taken once, a device activates with a new key, and a revoked key activates nothing
/// more while the device it activated keeps its own key. An enterprise sees and revokes only its
/// own keys.
#[tokio::test]
async fn an_enterprise_issues_and_revokes_its_own_fleet_keys_from_the_device_pages() {
    let fleet = fleet("RV-FK", 3).await;
    let host = &fleet.host;
    let issued = host.post("/device-service/fleet-keys", &fleet.admin, json!({ "name": " Line 2 " })).await;
    let (id, key) = (issued.ok()["id"].as_i64().expect("id"), issued.ok()["key"].as_str().expect("key").to_string());
    assert!(key.starts_with("dk_"), "{key}");

    let listed = host.get("/device-service/fleet-keys", &fleet.admin).await;
    let rows = listed.ok().as_array().expect("a list").clone();
    let row = rows.iter().find(|r| r["id"] == id).expect("the new key listed");
    assert_eq!((row["name"].as_str(), row["hint"].as_str()), (Some("Line 2"), Some(&key[key.len() - 4..])));
    assert!(!listed.body.to_string().contains(&key), "the key itself is never listed");
    assert!(rows.iter().any(|r| r["name"] == "factory line"), "the fleet's first key is the platform's too");
    assert!(
        rows.iter().all(|r| !r["name"].as_str().unwrap_or("").starts_with("sn:")),
        "devices' own keys are not fleet keys"
    );

    let again = host.post("/device-service/fleet-keys", &fleet.admin, json!({ "name": "Line 2" })).await;
    assert_eq!((again.code(), again.data()["field"].as_str()), (400, Some("name")), "{:?}", again.body);
    assert!(again.msg().contains("exists already"), "{}", again.msg());
    // A device's own key is named `sn:<SN>`: no other key may be, on the platform's page either.
    let platform_named = json!({ "pluginId": "device", "tenantId": 0, "name": "sn:RVFK0002" });
    let refused = host.post("/plugin-admin/device-keys/add", &fleet.admin, platform_named).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("name")), "{:?}", refused.body);
    assert!(refused.msg().contains("not beginning with sn:"), "{}", refused.msg());
    for name in ["", "sn:RVFK0001", &"x".repeat(65)] {
        let refused = host.post("/device-service/fleet-keys", &fleet.admin, json!({ "name": name })).await;
        assert_eq!(
            (refused.code(), refused.data()["field"].as_str()),
            (400, Some("name")),
            "{name:?}: {:?}",
            refused.body
        );
    }

    // The new key activates a device; revoked, it activates nothing more, and the device keeps its key.
    let line2 = devsim::Platform::new(host.base.trim_end_matches("/api"), &key, fleet.platform.product_key());
    let (sn, sn_key) = &fleet.keys[0];
    let device = line2.activate(sn, sn_key).await.expect("activated with the new key");
    let used = host.get("/device-service/fleet-keys", &fleet.admin).await;
    let used = used.ok().as_array().expect("list").iter().find(|r| r["id"] == id).cloned().expect("listed");
    assert!(used["lastUsedAt"].as_i64().is_some(), "{used}");
    let wrong_name = host
        .post(&format!("/device-service/fleet-keys/{id}/revoke"), &fleet.admin, json!({ "confirmName": "Line" }))
        .await;
    assert_eq!(wrong_name.code(), 400, "revoked only by its name typed again");
    host.post(&format!("/device-service/fleet-keys/{id}/revoke"), &fleet.admin, json!({ "confirmName": "Line 2" }))
        .await
        .ok();
    let refused = line2.activate(&fleet.keys[1].0, &fleet.keys[1].1).await.err().expect("a revoked key");
    assert_eq!(refused.code, 401);
    device.heartbeat("standby").await.expect("the device it activated keeps its own key");

    // An enterprise's administrator: its own keys only.
    let acme = host.create_tenant(&fleet.admin, "Acme", 71).await.to_string();
    let role = host
        .create_role(
            &fleet.admin,
            &acme,
            "Fleet",
            "ordinary",
            &["device:fleet-key:view", "device:fleet-key:issue", "device:fleet-key:revoke"],
        )
        .await;
    host.create_account(&fleet.admin, &acme, "acme-ops", &[role]).await;
    let ops = host.login("acme-ops", common::USER_PASSWORD).await;
    assert_eq!(host.get("/device-service/fleet-keys", &ops).await.ok(), &json!([]), "none of the platform's");
    let own =
        host.post("/device-service/fleet-keys", &ops, json!({ "name": "Line 2", "requireSignature": true })).await;
    let own_id = own.ok()["id"].as_i64().expect("id");
    let theirs = host.get("/device-service/fleet-keys", &ops).await;
    assert_eq!(theirs.ok().as_array().map(|l| (l.len(), l[0]["requireSignature"].as_bool())), Some((1, Some(true))));
    let platform_keys = host.get("/device-service/fleet-keys", &fleet.admin).await;
    assert!(
        !platform_keys.ok().as_array().expect("list").iter().any(|r| r["id"] == own_id),
        "nor the platform the enterprise's"
    );
    let platform_key = rows.iter().find(|r| r["name"] == "factory line").expect("listed")["id"].clone();
    let not_theirs = host
        .post(
            &format!("/device-service/fleet-keys/{platform_key}/revoke"),
            &ops,
            json!({ "confirmName": "factory line" }),
        )
        .await;
    assert_eq!(not_theirs.code(), 404, "another's key is not found");
    fleet.device(2).await;
}

/// Where devices reach the console, for the page that says how a device connects: the embedded
/// gateway's port, or the address the operator gave.
#[tokio::test]
async fn the_device_endpoints_name_the_mqtt_gateway() {
    let (fleet, port) = common::fleet::fleet_on_mqtt("RV-EP", 1).await;
    let endpoints = fleet.host.get("/plugin-admin/device-endpoints", &fleet.admin).await;
    assert_eq!(endpoints.ok()["mqttPort"].as_u64(), Some(u64::from(port)));
    assert_eq!(endpoints.ok()["mqttUrl"], Value::Null);
}
