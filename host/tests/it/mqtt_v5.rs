//! MQTT 5 devices on the embedded gateway (issue 22): the same messages as MQTT 3.1.1, with
//! what only MQTT 5 says: the answers carry the request's correlation data, the CONNACK says
//! what the gateway offers, a device asks for its will on goodbye, and a session the gateway
//! closes is told why. Driven by rumqttc's MQTT 5 client, as a device maker's firmware would be.

use std::time::Duration;

use rumqttc::v5::mqttbytes::v5::{
    ConnAck, Connect, ConnectReturnCode, DisconnectReasonCode, LastWill, Login, Packet, Publish,
};
use rumqttc::v5::mqttbytes::{QoS, v5::PublishProperties};
use rumqttc::v5::{AsyncClient, ConnectionError, Event, EventLoop, MqttOptions, StateError};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::common::fleet::{Fleet, fleet_on_mqtt};

/// An MQTT 5 session of device `n`, signed with its SN's key (its client's options `adjust`ed),
/// and the CONNACK it got.
async fn signed_in(
    fleet: &Fleet,
    port: u16,
    n: usize,
    adjust: impl FnOnce(&mut MqttOptions),
) -> (AsyncClient, EventLoop, ConnAck) {
    let device = fleet.device(n).await;
    let (_, sn_key) = &fleet.keys[n];
    let now = console_host::db::now_ms();
    let (user, client_id, password) = devsim::mqtt::credentials(&device.sn, fleet.platform.product_key(), sn_key, now);
    let mut options = MqttOptions::new(client_id, "127.0.0.1", port);
    options.set_credentials(user, password).set_keep_alive(Duration::from_secs(30));
    adjust(&mut options);
    let (client, mut events) = AsyncClient::new(options, 16);
    let connack = loop {
        match tokio::time::timeout(Duration::from_secs(10), events.poll()).await {
            Ok(Ok(Event::Incoming(Packet::ConnAck(connack)))) => break connack,
            Ok(Ok(_)) => continue,
            other => panic!("{}: no CONNACK: {other:?}", device.sn),
        }
    };
    (client, events, connack)
}

/// The next message the device hears on `topic` (ending), within 10 s.
async fn heard(events: &mut EventLoop, topic: &str) -> Publish {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, events.poll()).await {
            Ok(Ok(Event::Incoming(Packet::Publish(publish)))) if publish.topic.ends_with(topic.as_bytes()) => {
                return publish;
            }
            Ok(Ok(_)) => continue,
            other => panic!("nothing heard on {topic}: {other:?}"),
        }
    }
}

/// Until the gateway acknowledged the device's last QoS 1 publish: the client sends only while
/// its event loop is polled.
async fn acknowledged(events: &mut EventLoop) {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), events.poll()).await {
            Ok(Ok(Event::Incoming(Packet::PubAck(_)))) => return,
            Ok(Ok(_)) => continue,
            other => panic!("no PUBACK: {other:?}"),
        }
    }
}

/// Why the gateway closed the session, as its DISCONNECT says, within 10 s.
async fn closed_because(events: &mut EventLoop) -> DisconnectReasonCode {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, events.poll()).await {
            Ok(Err(ConnectionError::MqttState(StateError::ServerDisconnect { reason_code, .. }))) => {
                return reason_code;
            }
            Ok(Ok(_)) => continue,
            other => panic!("no DISCONNECT from the gateway: {other:?}"),
        }
    }
}

fn json_of(publish: &Publish) -> Value {
    serde_json::from_slice(&publish.payload).expect("a JSON payload")
}

#[tokio::test]
async fn an_mqtt_5_device_reports_and_obeys_and_its_answers_carry_its_correlation_data() {
    let (fleet, port) = fleet_on_mqtt("RV-V5", 1).await;
    let (client, mut events, connack) = signed_in(&fleet, port, 0, |_| {}).await;
    assert_eq!(connack.code, ConnectReturnCode::Success);
    let offered = connack.properties.expect("MQTT 5 is told what the gateway offers");
    assert_eq!((offered.max_qos, offered.retain_available), (Some(1), Some(0)), "{offered:?}");
    assert!(offered.max_packet_size.is_some_and(|max| max > 256 * 1024), "{offered:?}");

    let sn = fleet.keys[0].0.clone();
    let prefix = format!("/sys/{}/{sn}", fleet.platform.product_key());
    client.subscribe(format!("{prefix}/#"), QoS::AtLeastOnce).await.expect("subscribed");

    // A report, answered on its reply topic with its correlation data, and kept in the shadow.
    let report = json!({ "id": "r-1", "version": "1.0", "params": { "battery": 64 } }).to_string();
    let correlated = PublishProperties { correlation_data: Some("corr-1".into()), ..Default::default() };
    let topic = format!("{prefix}/thing/event/property/post");
    client.publish_with_properties(&topic, QoS::AtLeastOnce, false, report, correlated).await.expect("published");
    let answer = heard(&mut events, "/thing/event/property/post_reply").await;
    assert_eq!((json_of(&answer)["id"].clone(), json_of(&answer)["code"].clone()), (json!("r-1"), json!(200)));
    let correlation = answer.properties.and_then(|p| p.correlation_data);
    assert_eq!(correlation.as_deref(), Some(&b"corr-1"[..]), "the answer carries the request's correlation data");
    let path = format!("/device-service/devices/{sn}");
    let detail = fleet.eventually(&path, "/shadow/battery/value", json!(64)).await;
    assert_eq!(detail["device"]["online"], true);

    // A property set from the console, heard and answered over MQTT 5.
    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 1 } })).await;
    let id = set.ok()["id"].as_str().expect("a command id").to_string();
    let command = heard(&mut events, "/thing/service/property/set").await;
    assert_eq!(json_of(&command)["params"], json!({ "suction": 1 }));
    let reply = json!({ "id": id, "code": 200, "data": {} }).to_string();
    client.publish(format!("{prefix}/thing/service/property/set_reply"), QoS::AtLeastOnce, false, reply).await.unwrap();
    acknowledged(&mut events).await;
    let command = fleet.eventually(&format!("/device-service/commands/{id}"), "/state", json!("succeeded")).await;
    assert_eq!(command["state"], "succeeded");

    // Another device's topic: the session is closed, and an MQTT 5 device is told why.
    let other = format!("/sys/{}/SOMEONE-ELSE/thing/event/property/post", fleet.platform.product_key());
    client.publish(other, QoS::AtLeastOnce, false, r#"{"id":"x","params":{}}"#).await.unwrap();
    assert_eq!(closed_because(&mut events).await, DisconnectReasonCode::NotAuthorized);
    fleet.eventually(&path, "/device/online", json!(false)).await;
}

#[tokio::test]
async fn an_mqtt_5_device_is_told_when_a_newer_session_takes_over_and_may_ask_for_its_will_on_goodbye() {
    let (fleet, port) = fleet_on_mqtt("RV-V6", 1).await;
    let sn = fleet.keys[0].0.clone();
    let prefix = format!("/sys/{}/{sn}", fleet.platform.product_key());
    let (_first, mut first_events, _) = signed_in(&fleet, port, 0, |_| {}).await;
    let will_payload = json!({ "id": "will", "version": "1.0", "params": { "code": 9 } }).to_string();
    let will = LastWill::new(format!("{prefix}/thing/event/stuck/post"), will_payload, QoS::AtLeastOnce, false, None);
    // The second session, as raw bytes: rumqttc's client says no DISCONNECT but the normal one.
    let (user, client_id, password) =
        devsim::mqtt::credentials(&sn, fleet.platform.product_key(), &fleet.keys[0].1, console_host::db::now_ms());
    let connect = Connect { keep_alive: 30, client_id, clean_start: true, properties: None };
    let mut bytes = bytes::BytesMut::new();
    Packet::Connect(connect, Some(will), Some(Login::new(user, password))).write(&mut bytes, None).expect("encoded");
    let mut second = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connected");
    second.write_all(&bytes).await.expect("sent");
    let mut connack = [0u8; 4];
    second.read_exact(&mut connack).await.expect("a CONNACK");
    assert_eq!(connack[3], 0, "accepted: {connack:?}");
    assert_eq!(closed_because(&mut first_events).await, DisconnectReasonCode::SessionTakenOver);

    // DISCONNECT with reason 0x04: a goodbye that hands over the will all the same.
    second.write_all(&[0xE0, 1, 0x04]).await.expect("sent");
    let path = format!("/device-service/devices/{sn}");
    let detail = fleet.eventually(&path, "/device/online", json!(false)).await;
    let events = detail["events"].as_array().expect("events");
    assert!(events.iter().any(|e| e["identifier"] == "stuck" && e["params"]["code"] == 9), "{events:?}");
    let logs = fleet.host.get(&format!("/device-service/device-logs?sn={sn}&kind=logout"), &fleet.admin).await;
    assert_eq!(logs.ok()["list"][0]["cause"], "goodbye", "{}", logs.ok());
}

#[tokio::test]
async fn a_command_the_device_never_acknowledged_goes_down_again_on_its_next_session() {
    let (fleet, port) = fleet_on_mqtt("RV-V7", 1).await;
    let sn = fleet.keys[0].0.clone();
    let prefix = format!("/sys/{}/{sn}", fleet.platform.product_key());
    let path = format!("/device-service/devices/{sn}");

    // The command is published at QoS 1; the device hears it but its session breaks before
    // it acknowledges it.
    let (client, mut events, _) = signed_in(&fleet, port, 0, |options| {
        options.set_manual_acks(true);
    })
    .await;
    client.subscribe(format!("{prefix}/#"), QoS::AtLeastOnce).await.expect("subscribed");
    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 3 } })).await;
    let id = set.ok()["id"].as_str().expect("a command id").to_string();
    let command = heard(&mut events, "/thing/service/property/set").await;
    assert_eq!((json_of(&command)["id"].as_str(), command.qos), (Some(id.as_str()), QoS::AtLeastOnce));
    drop((client, events));
    let waiting = fleet.eventually(&format!("/device-service/commands/{id}"), "/state", json!("pending")).await;
    assert_eq!(waiting["state"], "pending", "unacknowledged, it waits again: {waiting}");

    // The next session gets it again, acknowledges and answers it.
    let (client, mut events, _) = signed_in(&fleet, port, 0, |_| {}).await;
    client.subscribe(format!("{prefix}/#"), QoS::AtLeastOnce).await.expect("subscribed");
    let again = heard(&mut events, "/thing/service/property/set").await;
    assert_eq!(json_of(&again)["id"].as_str(), Some(id.as_str()), "the same command goes down again");
    let reply = json!({ "id": id, "code": 200, "data": {} }).to_string();
    client.publish(format!("{prefix}/thing/service/property/set_reply"), QoS::AtLeastOnce, false, reply).await.unwrap();
    acknowledged(&mut events).await;
    fleet.eventually(&format!("/device-service/commands/{id}"), "/state", json!("succeeded")).await;
    drop((client, events));

    // A device that subscribed at QoS 0 owes no acknowledgement: its command is delivered once
    // published, and not sent again.
    let (client, mut events, _) = signed_in(&fleet, port, 0, |_| {}).await;
    client.subscribe(format!("{prefix}/#"), QoS::AtMostOnce).await.expect("subscribed");
    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 1 } })).await;
    let id = set.ok()["id"].as_str().expect("a command id").to_string();
    let command = heard(&mut events, "/thing/service/property/set").await;
    assert_eq!(command.qos, QoS::AtMostOnce, "down at the QoS the device asked for");
    drop((client, events));
    fleet.eventually(&path, "/device/online", json!(false)).await;
    let state = fleet.host.get(&format!("/device-service/commands/{id}"), &fleet.admin).await.ok()["state"].clone();
    assert_eq!(state, "delivered");
}
