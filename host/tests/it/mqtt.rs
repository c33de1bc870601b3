//! Devices over MQTT through the embedded gateway (`docs/mqtt.md`), as the simulator
//! speaks it: a sign-in signed with the SN's key, reports on the device's own topics answered on
//! the reply topics and kept in the shadow, the console's commands heard and answered, another
//! device's topic and an oversized payload closing the connection, and the end of a session
//! taking the device offline.

use std::time::Duration;

use devsim::mqtt::{ClientCertificate, MqttDevice, MqttOta, Options, Refused};
use devsim::ota::Outcome;
use serde_json::{Value, json};

use console_host::mqtt::limits;

use crate::common::Install;
use crate::common::fleet::{Fleet, UPGRADE_GRANTS, fleet_adjusted, fleet_on_mqtt, fleet_on_mqtt_with, fleet_on_mqtts};
use crate::upgrade::{progress, released, reviewer};

const HOST: &str = "127.0.0.1";

/// Activates device `n` over HTTP (it gets its key there) and signs it in over MQTT.
async fn connected(fleet: &Fleet, port: u16, n: usize) -> MqttDevice {
    let device = fleet.device(n).await;
    let (_, sn_key) = &fleet.keys[n];
    MqttDevice::connect((HOST, port), &device.sn, fleet.platform.product_key(), sn_key)
        .await
        .unwrap_or_else(|e| panic!("{} signs in: {e:?}", device.sn))
}

/// Whether the session is gone: a closed connection ends what the device hears.
async fn closed(device: &mut MqttDevice) -> bool {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while tokio::time::Instant::now() < deadline {
        if device.hear(Duration::from_millis(500)).await.is_none() && device.is_gone() {
            return true;
        }
    }
    false
}

#[tokio::test]
async fn a_device_signs_in_with_its_sns_signature_only() {
    let (fleet, port) = fleet_on_mqtt("RV-M1", 3).await;
    let product_key = fleet.platform.product_key().to_string();
    let device = fleet.device(0).await;
    let (_, sn_key) = &fleet.keys[0];
    let (_, other_key) = &fleet.keys[1];

    let forged = MqttDevice::connect((HOST, port), &device.sn, &product_key, other_key).await;
    assert!(
        matches!(&forged, Err(Refused::Connack(code)) if code.contains("BadUserNamePassword")),
        "{:?}",
        forged.err()
    );
    let wrong_product = MqttDevice::connect((HOST, port), &device.sn, "pk-of-nobody", sn_key).await;
    assert!(matches!(wrong_product, Err(Refused::Connack(_))), "another product's key is refused");
    let (never_activated, its_key) = &fleet.keys[2];
    let unknown = MqttDevice::connect((HOST, port), never_activated, &product_key, its_key).await;
    assert!(matches!(unknown, Err(Refused::Connack(_))), "an SN that never activated has no session");

    let now = console_host::db::now_ms();
    let stale = MqttDevice::connect_at((HOST, port), &device.sn, &product_key, sn_key, now - 6 * 60_000).await;
    assert!(matches!(stale, Err(Refused::Connack(_))), "a signature older than 5 minutes is refused");

    let signed_in = MqttDevice::connect_at((HOST, port), &device.sn, &product_key, sn_key, now).await;
    assert!(signed_in.is_ok(), "{:?}", signed_in.err());
    let replayed = MqttDevice::connect_at((HOST, port), &device.sn, &product_key, sn_key, now).await;
    assert!(matches!(replayed, Err(Refused::Connack(_))), "an overheard sign-in cannot be replayed");
}

#[tokio::test]
async fn a_second_session_of_a_device_takes_over_and_the_device_stays_online() {
    let (fleet, port) = fleet_on_mqtt("RV-M6", 1).await;
    let mut first = connected(&fleet, port, 0).await;
    let (sn, sn_key) = &fleet.keys[0];
    let second = MqttDevice::connect((HOST, port), sn, fleet.platform.product_key(), sn_key).await.expect("signed in");
    assert!(closed(&mut first).await, "the older session is closed");
    let path = format!("/device-service/devices/{sn}");
    assert_eq!(
        fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"],
        true,
        "the newer one is the device now"
    );
    drop(second);
}

#[tokio::test]
async fn a_session_silent_past_its_keep_alive_is_closed_and_the_device_offline() {
    use rumqttc::mqttbytes::v4::{Connect, Login};
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    let (fleet, port) = fleet_on_mqtt("RV-M7", 1).await;
    let device = fleet.device(0).await;
    let (_, sn_key) = &fleet.keys[0];
    let (user, client_id, password) =
        devsim::mqtt::credentials(&device.sn, fleet.platform.product_key(), sn_key, console_host::db::now_ms());
    // A device that signs in with a keep-alive of one second, then never says a word again.
    let mut connect = Connect::new(client_id);
    connect.keep_alive = 1;
    connect.login = Some(Login::new(user, password));
    let mut bytes = bytes::BytesMut::new();
    connect.write(&mut bytes).expect("encoded");
    let mut stream = tokio::net::TcpStream::connect((HOST, port)).await.expect("connected");
    stream.write_all(&bytes).await.expect("sent");
    let mut connack = [0u8; 4];
    stream.read_exact(&mut connack).await.expect("a CONNACK");
    assert_eq!(connack, [0x20, 2, 0, 0], "accepted");
    let path = format!("/device-service/devices/{}", device.sn);
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"], true);

    let mut rest = Vec::new();
    let ended = tokio::time::timeout(Duration::from_secs(8), stream.read_to_end(&mut rest)).await;
    assert!(ended.is_ok(), "closed after one and a half keep-alives of silence");
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"], false, "and offline");
}

#[tokio::test]
async fn a_report_over_mqtt_reaches_the_shadow_and_a_wrong_one_is_answered_with_its_reason() {
    let (fleet, port) = fleet_on_mqtt("RV-M2", 1).await;
    let mut device = connected(&fleet, port, 0).await;
    let path = format!("/device-service/devices/{}", device.sn);

    let answer = device.report(json!({ "battery": 77, "suction": 3 }).as_object().cloned().expect("params")).await;
    let answer = answer.expect("answered on the reply topic");
    assert_eq!(answer["code"], 200, "{answer}");
    let detail = fleet.host.get(&path, &fleet.admin).await;
    assert_eq!(detail.ok()["shadow"]["battery"]["value"], 77, "{}", detail.ok());
    assert_eq!(detail.ok()["device"]["online"], true, "a session is online");

    let refused = device.report(json!({ "battery": 140 }).as_object().cloned().expect("params")).await;
    let refused = refused.expect("answered on the reply topic");
    assert_eq!(refused["code"], 400, "{refused}");
    assert_eq!(refused["field"], "params.battery", "the reason names the field: {refused}");
    assert!(refused["message"].as_str().is_some_and(|m| !m.is_empty()), "and says why: {refused}");
    let detail = fleet.host.get(&path, &fleet.admin).await;
    assert_eq!(detail.ok()["shadow"]["battery"]["value"], 77, "a refused report changes nothing");

    let topic = format!("{}/thing/event/property/post", device.prefix());
    device.publish(&topic, b"battery=5".to_vec()).await.expect("sent");
    let heard = device.hear(Duration::from_secs(10)).await.expect("an answer to what is not JSON");
    assert_eq!((heard.topic, &heard.message["code"]), (format!("{topic}_reply"), &json!(400)), "{}", heard.message);
    assert!(heard.message["message"].as_str().is_some_and(|m| m.starts_with("Malformed request")), "{}", heard.message);
}

#[tokio::test]
async fn a_property_set_from_the_console_reaches_the_device_and_its_reply_the_command() {
    let (fleet, port) = fleet_on_mqtt("RV-M3", 1).await;
    let mut device = connected(&fleet, port, 0).await;
    let path = format!("/device-service/devices/{}", device.sn);

    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 3 } })).await;
    let id = set.ok()["id"].as_str().expect("a command id").to_string();
    let command = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("the command arrives within 10 s");
        if heard.topic.ends_with("/thing/service/property/set") {
            break heard;
        }
    };
    assert_eq!(command.topic, format!("{}/thing/service/property/set", device.prefix()));
    assert_eq!(
        (command.message["id"].as_str(), &command.message["params"]),
        (Some(id.as_str()), &json!({ "suction": 3 }))
    );
    device.reply(&command, 200, json!({})).await.expect("replied");

    let command = fleet.eventually(&format!("/device-service/commands/{id}"), "/state", json!("succeeded")).await;
    assert_eq!(command["state"], "succeeded", "the reply on the reply topic answers the command");
}

/// A command reply the console refuses (here: a second reply to a command already
/// answered) is answered on the reply's reply topic with the reason, not dropped in silence; a
/// report whose Alink id is a number is taken and answered with that number; a late report of an
/// older reading goes to history without replacing the newer one in the shadow.
#[tokio::test]
async fn refused_replies_are_answered_numeric_ids_taken_and_late_readings_kept_out_of_the_shadow() {
    let (fleet, port) = fleet_on_mqtt("RV-M9", 1).await;
    let mut device = connected(&fleet, port, 0).await;
    let path = format!("/device-service/devices/{}", device.sn);
    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 3 } })).await;
    let id = set.ok()["id"].as_str().expect("a command id").to_string();
    let command = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("the command arrives within 10 s");
        if heard.topic.ends_with("/thing/service/property/set") {
            break heard;
        }
    };
    device.reply(&command, 200, json!({})).await.expect("replied");
    fleet.eventually(&format!("/device-service/commands/{id}"), "/state", json!("succeeded")).await;
    device.reply(&command, 200, json!({})).await.expect("replied again");
    let refusal = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("the second reply is answered");
        if heard.topic == format!("{}_reply_reply", command.topic) {
            break heard.message;
        }
    };
    assert_eq!(refusal["id"], command.message["id"], "{refusal}");
    assert!(refusal["code"].as_i64().is_some_and(|c| (400..500).contains(&c)), "{refusal}");
    assert!(refusal["message"].as_str().is_some_and(|m| !m.is_empty()), "with its reason: {refusal}");

    let topic = format!("{}/thing/event/property/post", device.prefix());
    let now = console_host::db::now_ms();
    let report = |id: Value, battery: i64, time: i64| {
        json!({ "id": id, "version": "1.0", "params": { "battery": battery }, "time": time }).to_string().into_bytes()
    };
    device.publish(&topic, report(json!(4711), 80, now)).await.expect("sent");
    let answer = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("answered");
        if heard.topic == format!("{topic}_reply") {
            break heard.message;
        }
    };
    assert_eq!((&answer["id"], &answer["code"]), (&json!(4711), &json!(200)), "a numeric id: {answer}");
    device.publish(&topic, report(json!("late"), 20, now - 3_600_000)).await.expect("sent");
    let answer = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("answered");
        if heard.topic == format!("{topic}_reply") {
            break heard.message;
        }
    };
    assert_eq!(answer["code"], 200, "{answer}");
    let detail = fleet.host.get(&path, &fleet.admin).await;
    assert_eq!(detail.ok()["shadow"]["battery"]["value"], 80, "the newest reading stays: {}", detail.ok());
}

#[tokio::test]
async fn another_devices_topic_or_an_oversized_payload_closes_the_connection() {
    let (fleet, port) = fleet_on_mqtt("RV-M4", 2).await;
    let mut device = connected(&fleet, port, 0).await;
    let other = fleet.keys[1].0.clone();
    let product_key = fleet.platform.product_key().to_string();
    device
        .publish(
            &format!("/sys/{product_key}/{other}/thing/event/property/post"),
            br#"{"id":"1","params":{}}"#.to_vec(),
        )
        .await
        .expect("sent");
    assert!(closed(&mut device).await, "publishing on another device's topic ends the session");
    let detail = fleet.host.get(&format!("/device-service/devices/{}", device.sn), &fleet.admin).await;
    assert_eq!(detail.ok()["device"]["online"], false, "and the device is offline at once");

    let mut device = connected(&fleet, port, 0).await;
    device.subscribe(&format!("/sys/{product_key}/{other}/#")).await.expect("sent");
    assert!(closed(&mut device).await, "subscribing another device's topics ends the session");

    let mut device = connected(&fleet, port, 0).await;
    let topic = format!("{}/thing/event/property/post", device.prefix());
    device.publish(&topic, vec![b' '; 300 * 1024]).await.expect("sent");
    assert!(closed(&mut device).await, "a payload over 256 KiB ends the session");
}

#[tokio::test]
async fn a_goodbye_takes_the_device_offline_and_a_replaced_key_ends_its_session() {
    let (fleet, port) = fleet_on_mqtt("RV-M5", 2).await;
    let device = connected(&fleet, port, 0).await;
    let path = format!("/device-service/devices/{}", device.sn);
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"], true);
    device.disconnect().await;
    let mut online = Value::Bool(true);
    for _ in 0..50 {
        online = fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"].clone();
        if online == false {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(online, false, "a DISCONNECT is a logout");

    // Activated again, the device has a new key: the session of the old one ends. The keys of
    // every session are checked together: the other device's session stands.
    let mut old = connected(&fleet, port, 0).await;
    let mut other = connected(&fleet, port, 1).await;
    fleet.device(0).await;
    assert!(closed(&mut old).await, "a replaced key's session is closed");
    let battery = json!({ "battery": 50 }).as_object().cloned().expect("params");
    let answer = other.report(battery).await.expect("the other session still answers");
    assert_eq!(answer["code"], 200, "{answer}");
}

#[tokio::test]
async fn a_command_kept_for_an_offline_device_reaches_it_when_it_connects() {
    let (fleet, port) = fleet_on_mqtt("RV-M8", 1).await;
    let device = connected(&fleet, port, 0).await;
    let path = format!("/device-service/devices/{}", device.sn);
    device.disconnect().await;
    assert_eq!(fleet.eventually(&path, "/device/online", json!(false)).await["device"]["online"], false);

    let properties = format!("{path}/properties");
    let set = |body: Value| fleet.host.post(&properties, &fleet.admin, body);
    let refused = set(json!({ "params": { "suction": 3 } })).await;
    assert_eq!((refused.code(), refused.msg()), (409, "Device is offline."), "not kept unless asked");
    let too_long = set(json!({ "params": { "suction": 3 }, "keepFor": 8 * 24 * 3600 })).await;
    assert_eq!((too_long.code(), too_long.data()["field"].as_str()), (400, Some("keepFor")), "kept a week at most");
    let kept = set(json!({ "params": { "suction": 3 }, "keepFor": 3600 })).await;
    let id = kept.ok()["id"].as_str().expect("a command id").to_string();
    let sent_at = kept.ok()["sentAt"].as_i64().expect("sent at");
    assert_eq!(kept.ok()["expiresAt"].as_i64(), Some(sent_at + 3_600_000), "kept for the hour asked");
    let command_path = format!("/device-service/commands/{id}");
    assert_eq!(fleet.host.get(&command_path, &fleet.admin).await.ok()["state"], "pending");
    // The shadow's desired state: what the kept sets will make of the properties, the newest
    // set of each winning.
    set(json!({ "params": { "suction": 1 }, "keepFor": 3600 })).await.ok();
    let desired = fleet.host.get(&path, &fleet.admin).await.ok()["desired"].clone();
    assert_eq!(desired["suction"]["value"], 1, "{desired}");
    assert!(desired["suction"]["since"].as_i64().is_some_and(|since| since >= sent_at), "{desired}");

    // Back online, the device hears them as soon as it listens, and its reply answers each.
    let mut device = connected(&fleet, port, 0).await;
    let command = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("the kept command arrives on connecting");
        if heard.topic.ends_with("/thing/service/property/set") {
            break heard;
        }
    };
    assert_eq!(
        (command.message["id"].as_str(), &command.message["params"]),
        (Some(id.as_str()), &json!({ "suction": 3 }))
    );
    device.reply(&command, 200, json!({})).await.expect("replied");
    let answered = fleet.eventually(&command_path, "/state", json!("succeeded")).await;
    assert_eq!(answered["state"], "succeeded", "{answered}");
    let detail = fleet.eventually(&path, "/desired", json!({})).await;
    assert_eq!(detail["desired"], json!({}), "delivered, nothing is desired any more");
}

#[tokio::test]
async fn a_broken_connection_hands_over_the_last_will_and_takes_the_device_offline() {
    let (fleet, port) = fleet_on_mqtt("RV-M9", 2).await;
    let product_key = fleet.platform.product_key().to_string();
    let device = fleet.device(0).await;
    let (sn, sn_key) = &fleet.keys[0];
    let prefix = format!("/sys/{product_key}/{sn}");
    let will = |topic: String| Options {
        will: Some((topic, json!({ "id": "will", "version": "1.0", "params": { "code": 7 } }))),
        ..Options::default()
    };

    // A will on another device's topic is refused at the door.
    let other = &fleet.keys[1].0;
    let foreign = will(format!("/sys/{product_key}/{other}/thing/event/stuck/post"));
    let refused = MqttDevice::connect_with((HOST, port), sn, &product_key, sn_key, foreign).await;
    assert!(matches!(&refused, Err(Refused::Connack(code)) if code.contains("NotAuthorized")), "{:?}", refused.err());

    let own = will(format!("{prefix}/thing/event/stuck/post"));
    let mut session = MqttDevice::connect_with((HOST, port), sn, &product_key, sn_key, own).await.expect("signed in");
    let path = format!("/device-service/devices/{}", device.sn);
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"], true);
    session.break_connection();

    let detail = fleet.eventually(&path, "/device/online", json!(false)).await;
    assert_eq!(detail["device"]["online"], false, "a broken connection is offline at once");
    let events = detail["events"].as_array().expect("events");
    assert!(
        events.iter().any(|e| e["identifier"] == "stuck" && e["params"]["code"] == 7),
        "the will reached the event's route: {events:?}"
    );
    let logs = fleet.host.get(&format!("/device-service/device-logs?sn={sn}&kind=logout"), &fleet.admin).await;
    assert_eq!(logs.ok()["list"][0]["cause"], "connection-lost", "{}", logs.ok());

    // A goodbye is no broken connection: no will, and the logout says so.
    let session = MqttDevice::connect_with(
        (HOST, port),
        sn,
        &product_key,
        sn_key,
        will(format!("{prefix}/thing/event/stuck/post")),
    )
    .await
    .expect("signed in");
    fleet.eventually(&path, "/device/online", json!(true)).await;
    session.disconnect().await;
    let logouts = format!("/device-service/device-logs?sn={sn}&kind=logout");
    let logs = fleet.eventually(&logouts, "/total", json!(2)).await;
    assert_eq!(logs["list"][0]["cause"], "goodbye", "{logs}");
    let detail = fleet.host.get(&path, &fleet.admin).await.ok().clone();
    let stuck = detail["events"].as_array().expect("events").iter().filter(|e| e["identifier"] == "stuck").count();
    assert_eq!(stuck, 1, "the will is not handed over after a goodbye");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ota_rollout_reaches_mqtt_devices_on_their_topics_and_completes() {
    let (fleet, port) = fleet_on_mqtt_with("RV-MO", 3, vec![Install::plugin("upgrade", UPGRADE_GRANTS)]).await;
    let reviewer = reviewer(&fleet).await;

    // Connected and told its version before the release: nothing waits for it yet.
    let mut early = connected(&fleet, port, 0).await;
    let mut version = 100;
    let told = MqttOta { device: &mut early, platform: &fleet.platform }.upgrade(&mut version, Outcome::Install).await;
    assert_eq!(told.expect("answered on the inform reply topic"), Value::Null, "no package yet");

    let id = released(&fleet, &reviewer, (("1.0.0", 100), ("2.0.0", 200)), json!({ "grayPercent": 100 })).await;
    // Released while it is connected: the offer comes down on its upgrade topic by itself.
    let offered = loop {
        let heard = early.hear(Duration::from_secs(10)).await.expect("the offer arrives within 10 s");
        if heard.topic == early.ota_topic("upgrade") {
            break heard.message;
        }
    };
    assert_eq!((offered["code"].clone(), offered["data"]["targetVersionCode"].clone()), (json!(200), json!(200)));
    assert!(offered["data"]["url"].is_string(), "with its signed URL: {offered}");

    // Every device downloads it over HTTP and reports each step on its progress topic.
    MqttOta { device: &mut early, platform: &fleet.platform }
        .upgrade(&mut version, Outcome::Install)
        .await
        .expect("upgraded");
    assert_eq!(version, 200);
    for n in 1..3 {
        let mut device = connected(&fleet, port, n).await;
        let mut version = 100;
        let mut ota = MqttOta { device: &mut device, platform: &fleet.platform };
        assert!(ota.upgrade(&mut version, Outcome::Install).await.expect("upgraded").is_object());
        assert_eq!(version, 200);
    }
    let done = progress(&fleet, &id).await;
    assert_eq!(done["counts"]["succeeded"], 3, "{done}");

    // A report the upgrade plugin refuses is answered on the progress reply topic with its reason.
    let topic = early.ota_topic("progress");
    let refused = early.ask(&topic, json!({ "executionId": "nope", "state": "flying" }), "ota.device.progress").await;
    let refused = refused.expect("answered");
    assert_eq!((refused["code"].clone(), refused["message"].as_str()), (json!(404), Some("Data does not exist.")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ota_rollout_whose_mqtt_devices_fail_pauses_itself_at_the_threshold() {
    let (fleet, port) = fleet_on_mqtt_with("RV-MF", 7, vec![Install::plugin("upgrade", UPGRADE_GRANTS)]).await;
    let reviewer = reviewer(&fleet).await;
    let strategy = json!({ "grayPercent": 100, "abortFailurePercent": 30, "abortMinDevices": 5 });
    let id = released(&fleet, &reviewer, (("1.0.0", 100), ("2.0.0", 200)), strategy).await;

    // Two install it, then the devices fail at flashing: at the fifth finished device 3 of 5
    // failed (60% > 30%) and the rollout pauses; the sixth is offered nothing.
    let mut offered = Vec::new();
    for n in 0..7 {
        let mut device = connected(&fleet, port, n).await;
        let mut version = 100;
        let outcome = if n < 2 { Outcome::Install } else { Outcome::Fail("flash") };
        let offer = MqttOta { device: &mut device, platform: &fleet.platform }.upgrade(&mut version, outcome).await;
        offered.push(offer.unwrap_or_else(|r| panic!("device {n}: {r}")).is_object());
    }
    assert_eq!(offered, [true, true, true, true, true, false, false]);
    let paused = progress(&fleet, &id).await;
    assert_eq!(paused["package"]["status"], "grayPaused", "{paused}");
    assert_eq!(paused["package"]["pause"]["automatic"], true);
    assert_eq!(paused["failures"], json!([{ "reason": "flash", "count": 3 }]));
}

/// The MQTT certificate the device-access pages issue for `sn` (its common name), as the
/// device holds it: (the certificate's id, the client certificate with the gateway's CA).
async fn issued_certificate(fleet: &Fleet, sn: &str) -> (String, ClientCertificate) {
    issued_certificate_of(fleet, sn, "mqtt").await
}

/// The same for a certificate of the device-access type `cert_type` (`mqtt`, or `client`: a
/// service's client certificate, which might name anything).
async fn issued_certificate_of(fleet: &Fleet, sn: &str, cert_type: &str) -> (String, ClientCertificate) {
    use base64::Engine as _;
    const KEY_PASSWORD: &str = "litter box secret";
    let body = json!({ "name": format!("{cert_type} {sn}"), "certType": cert_type, "commonName": sn, "organization": "Acme",
                       "country": "DE", "algorithm": "ECDSA", "keyLength": 256, "validDays": 365,
                       "keyPassword": KEY_PASSWORD });
    let issued = fleet.host.post("/device-access-service/certificates", &fleet.admin, body).await;
    let id = issued.ok()["id"].as_str().expect("id").to_string();
    let download = format!("/device-access-service/certificates/{id}/download");
    let file = fleet.host.post(&download, &fleet.admin, json!({ "format": "pem", "password": "" })).await;
    let content = file.ok()["content"].as_str().expect("content");
    let pem =
        String::from_utf8(base64::engine::general_purpose::STANDARD.decode(content).expect("base64")).expect("text");
    let encrypted_key = &crate::common::pem_blocks(&pem, "ENCRYPTED PRIVATE KEY")[0];
    let key_der = console_host::pki::decrypt_key(encrypted_key, KEY_PASSWORD).expect("the key opens").to_vec();
    let server_ca_pem = String::from_utf8(fleet.host.fetch_url("/api/pki/mqtt-ca.pem").await).expect("text");
    assert!(server_ca_pem.starts_with("-----BEGIN CERTIFICATE-----"), "the gateway's CA is public: {server_ca_pem}");
    let certificate = ClientCertificate {
        server_ca_pem,
        certificate_pem: crate::common::pem_blocks(&pem, "CERTIFICATE")[0].clone(),
        key_der,
    };
    (id, certificate)
}

/// The fleet's device-access plugin, which issues certificates.
fn device_access() -> Vec<Install> {
    vec![Install::plugin("device-access", "certificates = true\ntimeout_ms = 30000")]
}

#[tokio::test]
async fn a_device_signs_in_over_tls_with_its_certificate_until_it_is_revoked() {
    let (fleet, _, tls_port) = fleet_on_mqtts("RV-MT", 2, device_access()).await;
    let product_key = fleet.platform.product_key().to_string();
    let sn = fleet.device(0).await.sn.clone();
    // The device-access pages issue its MQTT certificate: its common name is the SN.
    let (id, certificate) = issued_certificate(&fleet, &sn).await;
    let with_certificate = || Options { certificate: Some(certificate.clone()), ..Options::default() };
    // No password: the certificate is the proof; the SN's key is not needed.
    let connect = |sn: String, options: Options| {
        let product_key = product_key.clone();
        async move { MqttDevice::connect_with((HOST, tls_port), &sn, &product_key, "not the key", options).await }
    };

    // The enterprise's new CA reaches the verifier within a second.
    let mut session = None;
    for _ in 0..30 {
        if let Ok(signed_in) = connect(sn.clone(), with_certificate()).await {
            session = Some(signed_in);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut session = session.expect("signed in by its certificate");
    let answer = session.report(json!({ "battery": 64 }).as_object().cloned().expect("params")).await;
    assert_eq!(answer.expect("answered")["code"], 200);
    let path = format!("/device-service/devices/{sn}");
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["shadow"]["battery"]["value"], 64, "in the shadow");
    session.disconnect().await;

    // The certificate names one SN: another device's name with it is refused.
    let other = fleet.device(1).await;
    let posing = connect(other.sn.clone(), with_certificate()).await;
    assert!(matches!(&posing, Err(Refused::Connack(code)) if code.contains("NotAuthorized")), "{:?}", posing.err());

    // Revoked on the device-access pages: the session open with it ends, and the certificate no
    // longer completes a handshake (the CRL reaches the verifier within a second).
    let mut live = connect(sn.clone(), with_certificate()).await.expect("signed in again");
    let revoke = format!("/device-access-service/certificates/{id}/revoke");
    fleet.host.post(&revoke, &fleet.admin, json!({ "confirmName": format!("mqtt {sn}") })).await.ok();
    assert!(closed(&mut live).await, "the session of a revoked certificate ends");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let revoked = connect(sn.clone(), with_certificate()).await;
    assert!(matches!(&revoked, Err(Refused::Closed(_))), "a revoked certificate is refused: {:?}", revoked.err());
}

#[tokio::test]
async fn a_certificate_signing_in_again_and_again_is_held_back_for_the_minute() {
    let (fleet, _, tls_port) = fleet_on_mqtts("RV-MR", 2, device_access()).await;
    let product_key = fleet.platform.product_key().to_string();
    let (sn, other) = (fleet.device(0).await.sn.clone(), fleet.device(1).await.sn.clone());
    let (_, certificate) = issued_certificate(&fleet, &sn).await;
    let (_, other_certificate) = issued_certificate(&fleet, &other).await;
    let connect = |sn: &str, certificate: &ClientCertificate| {
        let options = Options { certificate: Some(certificate.clone()), ..Options::default() };
        let (sn, product_key) = (sn.to_string(), product_key.clone());
        async move { MqttDevice::connect_with((HOST, tls_port), &sn, &product_key, "", options).await }
    };
    // Until the enterprise's CA reaches the verifier, the handshake fails (not a sign-in).
    let mut first = None;
    for _ in 0..30 {
        if let Ok(session) = connect(&sn, &certificate).await {
            first = Some(session);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    first.expect("signed in by its certificate").disconnect().await;
    for n in 2..=limits::SIGN_INS_PER_MINUTE {
        let session = connect(&sn, &certificate).await.unwrap_or_else(|e| panic!("sign-in {n}: {e:?}"));
        session.disconnect().await;
    }
    let looping = connect(&sn, &certificate).await;
    assert!(
        matches!(&looping, Err(Refused::Connack(code)) if code.contains("ServiceUnavailable")),
        "the eleventh sign-in in a minute is refused: {:?}",
        looping.err()
    );
    assert!(connect(&other, &other_certificate).await.is_ok(), "another device's certificate is not held back");
}

#[tokio::test]
async fn an_external_broker_asks_the_console_to_sign_devices_in_as_emqx_does() {
    let fleet =
        fleet_adjusted("RV-MH", 2, Vec::new(), |config| config.mqtt_hook_token = Some("hook-secret".into())).await;
    let device = fleet.device(0).await;
    let (_, sn_key) = &fleet.keys[0];
    let product_key = fleet.platform.product_key().to_string();
    let (username, clientid, password) =
        devsim::mqtt::credentials(&device.sn, &product_key, sn_key, console_host::db::now_ms());
    let origin = fleet.host.base.trim_end_matches("/api").to_string();
    let ask_at = |hook: &'static str, bearer: &'static str, body: Value| {
        let url = format!("{origin}/api/mqtt/{hook}");
        async move {
            let answer = reqwest::Client::new().post(url).bearer_auth(bearer).json(&body).send().await.expect("sent");
            (answer.status().as_u16(), answer.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let ask = |bearer: &'static str, body: Value| ask_at("authenticate", bearer, body);
    let connect = json!({ "clientid": clientid, "username": username, "password": password });

    let (status, _) = ask("not the token", connect.clone()).await;
    assert_eq!(status, 401, "only the broker asks");
    let (status, allowed) = ask("hook-secret", connect.clone()).await;
    assert_eq!((status, allowed["result"].as_str()), (200, Some("allow")), "{allowed}");
    assert_eq!(allowed["is_superuser"], false);
    let acl = allowed["acl"].as_array().expect("the device's rights");
    let own = format!("/sys/{product_key}/{}/#", device.sn);
    assert!(acl.iter().any(|r| r["topic"] == own.as_str() && r["action"] == "all"), "{acl:?}");
    assert!(acl.iter().all(|r| r["topic"].as_str().is_some_and(|t| t.contains(&device.sn))), "its own only: {acl:?}");

    let (_, replayed) = ask("hook-secret", connect).await;
    assert_eq!(replayed["result"], "deny", "a signature signs in once");
    let (_, other_key) = &fleet.keys[1];
    let (username, clientid, password) =
        devsim::mqtt::credentials(&device.sn, &product_key, other_key, console_host::db::now_ms());
    let (_, forged) =
        ask("hook-secret", json!({ "clientid": clientid, "username": username, "password": password })).await;
    assert_eq!(forged["result"], "deny", "another SN's key signs nothing");

    // EMQX's authorisation, asked for each publish and subscribe: the device's own topics only.
    let user = format!("{}&{product_key}", device.sn);
    let access = |topic: String, action: &str| json!({ "username": user, "topic": topic, "action": action });
    let own = format!("/sys/{product_key}/{}", device.sn);
    let other = format!("/sys/{product_key}/{}", fleet.keys[1].0);
    let (status, _) = ask_at("authorize", "not the token", access(format!("{own}/#"), "subscribe")).await;
    assert_eq!(status, 401, "only the broker asks");
    for (topic, action, expected) in [
        (format!("{own}/thing/event/property/post"), "publish", "allow"),
        (format!("{own}/#"), "subscribe", "allow"),
        (format!("{other}/thing/event/property/post"), "publish", "deny"),
        (format!("{other}/#"), "subscribe", "deny"),
        (format!("{own}/thing/service/property/set"), "publish", "deny"),
        ("#".to_string(), "subscribe", "deny"),
    ] {
        let (status, answer) = ask_at("authorize", "hook-secret", access(topic.clone(), action)).await;
        assert_eq!((status, answer["result"].as_str()), (200, Some(expected)), "{action} {topic}");
    }
}

/// Only a device's MQTT certificate signs it in over TLS: a client certificate of the same
/// enterprise issued for another use, whose common name happens to be an SN, does not.
#[tokio::test]
async fn only_a_devices_mqtt_certificate_signs_it_in_over_tls() {
    let (fleet, _, tls_port) = fleet_on_mqtts("RV-MC", 1, device_access()).await;
    let product_key = fleet.platform.product_key().to_string();
    let sn = fleet.device(0).await.sn.clone();
    let (_, service_client) = issued_certificate_of(&fleet, &sn, "client").await;
    let (_, mqtt) = issued_certificate_of(&fleet, &sn, "mqtt").await;
    let connect = |certificate: &ClientCertificate| {
        let options = Options { certificate: Some(certificate.clone()), ..Options::default() };
        let (sn, product_key) = (sn.clone(), product_key.clone());
        async move { MqttDevice::connect_with((HOST, tls_port), &sn, &product_key, "", options).await }
    };
    // The enterprise's CA reaches the verifier within a second.
    let mut signed_in = None;
    for _ in 0..30 {
        if let Ok(session) = connect(&mqtt).await {
            signed_in = Some(session);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    signed_in.expect("the MQTT certificate signs in").disconnect().await;
    let refused = connect(&service_client).await;
    assert!(matches!(&refused, Err(Refused::Connack(code)) if code.contains("NotAuthorized")), "{:?}", refused.err());
}

/// Strangers who open connections and never sign in hold a few places of their own address and
/// lose them within two seconds of silence: the devices of every enterprise still sign in.
/// Before, 256 idle sockets from anywhere held every place of both listeners.
#[tokio::test]
async fn idle_strangers_cannot_keep_devices_from_signing_in() {
    let (fleet, port) = fleet_on_mqtt("RV-M9", 1).await;
    let mut idle = Vec::new();
    for _ in 0..300 {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.bind("127.0.0.2:0".parse().expect("address")).expect("bound");
        if let Ok(stream) = socket.connect(([127, 0, 0, 1], port).into()).await {
            idle.push(stream);
        }
    }
    let started = std::time::Instant::now();
    let device = tokio::time::timeout(Duration::from_secs(10), connected(&fleet, port, 0)).await;
    assert!(device.is_ok(), "a device signs in beside 300 idle strangers");
    assert!(started.elapsed() < Duration::from_secs(5), "at once: {:?}", started.elapsed());
    // Every idle socket is closed: past the address's few at once, the rest within the
    // first-byte deadline.
    let mut closed = 0;
    for stream in &mut idle {
        use tokio::io::AsyncReadExt as _;
        let mut byte = [0u8; 1];
        if let Ok(Ok(0) | Err(_)) = tokio::time::timeout(Duration::from_secs(4), stream.read(&mut byte)).await {
            closed += 1;
        }
    }
    assert_eq!(closed, idle.len(), "idle strangers are let go");
}

/// Failed password sign-ins are counted by address: a locked address is refused before any key
/// is looked up, even with the right signature; whoever knows an SN cannot lock its device out.
#[tokio::test]
async fn failed_mqtt_sign_ins_lock_their_address_not_the_device() {
    let (fleet, port) = fleet_on_mqtt("RV-MF", 2).await;
    let product_key = fleet.platform.product_key().to_string();
    let device = fleet.device(0).await;
    let (_, sn_key) = &fleet.keys[0];
    let (_, other_key) = &fleet.keys[1];
    let forge = || MqttDevice::connect((HOST, port), &device.sn, &product_key, other_key);
    for _ in 0..10 {
        let forged = forge().await;
        assert!(
            matches!(&forged, Err(Refused::Connack(code)) if code.contains("BadUserNamePassword")),
            "{:?}",
            forged.err()
        );
    }
    MqttDevice::connect((HOST, port), &device.sn, &product_key, sn_key).await.expect("ten failures lock no device out");
    let mut failures = 10;
    let locked = loop {
        match forge().await {
            Err(Refused::Connack(code)) if code.contains("BadUserNamePassword") => failures += 1,
            other => break other,
        }
        assert!(failures <= 200, "failures without end");
    };
    assert!(
        matches!(&locked, Err(Refused::Connack(code)) if code.contains("ServiceUnavailable")),
        "{:?}",
        locked.err()
    );
    assert_eq!(failures, 100);
    let refused = MqttDevice::connect((HOST, port), &device.sn, &product_key, sn_key).await;
    assert!(
        matches!(&refused, Err(Refused::Connack(code)) if code.contains("ServiceUnavailable")),
        "the address is locked"
    );
}
