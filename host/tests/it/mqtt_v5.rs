//! MQTT 5 devices on the embedded gateway: the same messages as MQTT 3.1.1, with
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

    // Giving commands back is the gateway's: a device cannot undo its own deliveries over HTTP.
    let undone = fleet.device(0).await.post("/thing/commands/unacknowledged", json!({ "ids": [id] })).await;
    assert!(undone.is_err_and(|refusal| refusal.code == 404), "the route is not a device's");
    let state = fleet.host.get(&format!("/device-service/commands/{id}"), &fleet.admin).await.ok()["state"].clone();
    assert_eq!(state, "delivered");
}

/// Nothing more heard within `quiet`: the next event is no message.
async fn hears_nothing(events: &mut EventLoop, quiet: Duration) {
    let deadline = tokio::time::Instant::now() + quiet;
    while let Ok(event) = tokio::time::timeout_at(deadline, events.poll()).await {
        if let Ok(Event::Incoming(Packet::Publish(publish))) = event {
            panic!("heard past its Receive Maximum: {publish:?}");
        }
    }
}

#[tokio::test]
async fn commands_go_down_no_faster_than_the_device_acknowledges_them_and_unoffered_features_close() {
    let (fleet, port) = fleet_on_mqtt("RV-V8", 1).await;
    let sn = fleet.keys[0].0.clone();
    let prefix = format!("/sys/{}/{sn}", fleet.platform.product_key());
    let path = format!("/device-service/devices/{sn}");

    // Receive Maximum 1: one unacknowledged command at a time, the others wait their turn.
    let (client, mut events, _) = signed_in(&fleet, port, 0, |options| {
        options.set_manual_acks(true).set_receive_maximum(Some(1));
    })
    .await;
    client.subscribe(format!("{prefix}/#"), QoS::AtLeastOnce).await.expect("subscribed");
    heard_subscribed(&mut events).await;
    let mut ids = Vec::new();
    for suction in [1, 3, 1] {
        let params = json!({ "params": { "suction": suction } });
        let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, params).await;
        ids.push(set.ok()["id"].as_str().expect("a command id").to_string());
    }
    for (n, id) in ids.iter().enumerate() {
        let command = heard(&mut events, "/thing/service/property/set").await;
        assert_eq!(json_of(&command)["id"].as_str(), Some(id.as_str()), "command {n} in order");
        hears_nothing(&mut events, Duration::from_millis(600)).await;
        // Those behind it are not taken from the console meanwhile: pending, their 30 s not started.
        for behind in &ids[n + 1..] {
            let state = fleet.host.get(&format!("/device-service/commands/{behind}"), &fleet.admin).await;
            assert_eq!(state.ok()["state"], "pending", "command {behind} waits in the console");
        }
        client.ack(&command).await.expect("acknowledged");
    }

    // A retained message: the CONNACK said none are kept, so the session closes with the reason.
    let report = json!({ "id": "r", "version": "1.0", "params": { "battery": 5 } }).to_string();
    client.publish(format!("{prefix}/thing/event/property/post"), QoS::AtLeastOnce, true, report).await.unwrap();
    assert_eq!(closed_because(&mut events).await, DisconnectReasonCode::RetainNotSupported);
    fleet.eventually(&path, "/device/online", json!(false)).await;

    // A will to retain is refused at CONNECT, with its reason.
    let will = LastWill::new(format!("{prefix}/thing/event/stuck/post"), "{}", QoS::AtLeastOnce, true, None);
    let device = fleet.device(0).await;
    let (user, client_id, password) = devsim::mqtt::credentials(
        &device.sn,
        fleet.platform.product_key(),
        &fleet.keys[0].1,
        console_host::db::now_ms(),
    );
    let mut options = MqttOptions::new(client_id, "127.0.0.1", port);
    options.set_credentials(user, password).set_last_will(will);
    let (_client, mut refused) = AsyncClient::new(options, 4);
    let answer = tokio::time::timeout(Duration::from_secs(10), refused.poll()).await.expect("an answer");
    assert!(
        matches!(answer, Err(ConnectionError::ConnectionRefused(ConnectReturnCode::RetainNotSupported))),
        "{answer:?}"
    );
}

/// A newer session of the same device (a firmware that reconnected before its old connection
/// was seen to drop) gets first the command the old one never acknowledged, then the rest in
/// the order they were sent.
#[tokio::test]
async fn a_session_that_takes_over_gets_the_unacknowledged_command_before_newer_ones() {
    let (fleet, port) = fleet_on_mqtt("RV-V11", 1).await;
    let sn = fleet.keys[0].0.clone();
    let prefix = format!("/sys/{}/{sn}", fleet.platform.product_key());
    let path = format!("/device-service/devices/{sn}");
    let one_at_a_time = |options: &mut MqttOptions| {
        options.set_manual_acks(true).set_receive_maximum(Some(1));
    };
    let (old, mut old_events, _) = signed_in(&fleet, port, 0, one_at_a_time).await;
    old.subscribe(format!("{prefix}/#"), QoS::AtLeastOnce).await.expect("subscribed");
    heard_subscribed(&mut old_events).await;
    let mut ids = Vec::new();
    for suction in [1, 3, 1] {
        let params = json!({ "params": { "suction": suction } });
        let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, params).await;
        ids.push(set.ok()["id"].as_str().expect("a command id").to_string());
    }
    let first = heard(&mut old_events, "/thing/service/property/set").await;
    assert_eq!(json_of(&first)["id"].as_str(), Some(ids[0].as_str()));

    // The newer session, subscribed at once: the first command comes back to it first.
    let (new, mut new_events, _) = signed_in(&fleet, port, 0, one_at_a_time).await;
    new.subscribe(format!("{prefix}/#"), QoS::AtLeastOnce).await.expect("subscribed");
    for (n, id) in ids.iter().enumerate() {
        let command = heard(&mut new_events, "/thing/service/property/set").await;
        assert_eq!(json_of(&command)["id"].as_str(), Some(id.as_str()), "command {n} in order after the takeover");
        new.ack(&command).await.expect("acknowledged");
    }
    drop(old_events);
}

/// Until the gateway granted the device's subscription.
async fn heard_subscribed(events: &mut EventLoop) {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), events.poll()).await {
            Ok(Ok(Event::Incoming(Packet::SubAck(_)))) => return,
            Ok(Ok(_)) => continue,
            other => panic!("no SUBACK: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_silent_device_and_a_malformed_packet_are_told_why_their_sessions_end() {
    let (fleet, port) = fleet_on_mqtt("RV-V9", 1).await;
    let sn = fleet.device(0).await.sn;
    // Signed anew for each session: a signing time is taken once.
    let connect_bytes = |keep_alive: u16| {
        let (user, client_id, password) =
            devsim::mqtt::credentials(&sn, fleet.platform.product_key(), &fleet.keys[0].1, console_host::db::now_ms());
        let connect = Connect { keep_alive, client_id, clean_start: true, properties: None };
        let mut bytes = bytes::BytesMut::new();
        Packet::Connect(connect, None, Some(Login::new(user, password))).write(&mut bytes, None).expect("encoded");
        bytes
    };
    let session = |keep_alive: u16| async move {
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connected");
        stream.write_all(&connect_bytes(keep_alive)).await.expect("sent");
        // CONNACK: type, remaining length, flags, reason, properties.
        let mut head = [0u8; 2];
        stream.read_exact(&mut head).await.expect("a CONNACK");
        let mut rest = vec![0u8; usize::from(head[1])];
        stream.read_exact(&mut rest).await.expect("a CONNACK");
        assert_eq!((head[0], rest[1]), (0x20, 0), "accepted");
        stream
    };
    let closing_reason = |mut stream: tokio::net::TcpStream| async move {
        let mut disconnect = [0u8; 3];
        tokio::time::timeout(Duration::from_secs(10), stream.read_exact(&mut disconnect))
            .await
            .expect("a DISCONNECT in time")
            .expect("a DISCONNECT");
        assert_eq!(disconnect[0], 0xE0, "{disconnect:?}");
        disconnect[2]
    };

    // Keep-alive 1 s and nothing after the CONNECT: closed after 1.5 s of silence (0x8D).
    let silent = session(1).await;
    assert_eq!(closing_reason(silent).await, 0x8D, "keep-alive timeout");
    let logs = fleet
        .eventually(
            &format!("/device-service/device-logs?sn={sn}&kind=logout"),
            "/list/0/cause",
            json!("keep-alive-timeout"),
        )
        .await;
    assert_eq!(logs["list"][0]["cause"], "keep-alive-timeout");

    // A PUBLISH whose property length runs past its end: a protocol error (0x82), at once.
    let mut malformed = session(30).await;
    malformed.write_all(&[0x30, 4, 0, 1, b'a', 0x80]).await.expect("sent");
    assert_eq!(closing_reason(malformed).await, 0x82, "protocol error");
}

#[tokio::test]
async fn a_device_pinging_less_often_than_the_silence_timeout_stays_online_while_its_session_stands() {
    // The fleet's gateway says a session's device is heard every second (70 s by default, under
    // the device plugin's two-minute silence timeout; the plugin writes `lastSeenAt` once a
    // minute at most, so what shows the beats here is the plugin's calls).
    let (fleet, port) = fleet_on_mqtt("RV-V10", 1).await;
    let (_client, mut events, _) = signed_in(&fleet, port, 0, |options| {
        options.set_keep_alive(Duration::from_secs(300));
    })
    .await;
    let path = format!("/device-service/devices/{}", fleet.keys[0].0);
    fleet.eventually(&path, "/device/online", json!(true)).await;
    let calls = || fleet.host.metric("console_plugin_calls_total", &["plugin=\"device\"", "kind=\"request\""]);
    let before = calls().await;
    // No packet from the device meanwhile: its keep-alive is five minutes.
    let polling = tokio::spawn(async move { while events.poll().await.is_ok() {} });
    tokio::time::sleep(Duration::from_millis(3_500)).await;
    let after = calls().await;
    assert!(after - before >= 2.0, "the session's device is heard while the session stands: {before} -> {after}");
    let detail = fleet.host.get(&path, &fleet.admin).await.ok().clone();
    assert_eq!(detail["device"]["online"], true, "{detail}");
    polling.abort();
}

/// A host stopping for a restart tells each MQTT 5 session so (DISCONNECT 0x8B) after what it
/// was handling is answered, takes no new session, and does not log its devices out: they
/// connect again, to this host or another, within seconds.
#[tokio::test]
async fn a_stopping_host_tells_its_devices_it_is_shutting_down() {
    let (fleet, port) = fleet_on_mqtt("RV-V7", 1).await;
    let sn = fleet.keys[0].0.clone();
    let prefix = format!("/sys/{}/{sn}", fleet.platform.product_key());
    let (client, mut events, _) = signed_in(&fleet, port, 0, |_| {}).await;
    let report = json!({ "id": "r-9", "version": "1.0", "params": { "battery": 41 } }).to_string();
    client.publish(format!("{prefix}/thing/event/property/post"), QoS::AtLeastOnce, false, report).await.unwrap();
    acknowledged(&mut events).await;

    let lifecycle = fleet.host.state.lifecycle.clone();
    let stopped = tokio::spawn(async move { lifecycle.stop(Duration::from_secs(10)).await });
    assert_eq!(closed_because(&mut events).await, DisconnectReasonCode::ServerShuttingDown);
    tokio::time::timeout(Duration::from_secs(10), stopped).await.expect("stopped within the grace").unwrap();
    assert!(
        tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err(),
        "the gateway takes no new session once stopping"
    );
    // The acknowledged report is kept; no logout was written for the restart.
    let path = format!("/device-service/devices/{sn}");
    fleet.eventually(&path, "/shadow/battery/value", json!(41)).await;
    let logs = fleet.host.get(&format!("/device-service/device-logs?sn={sn}&kind=logout"), &fleet.admin).await;
    assert_eq!(logs.ok()["list"].as_array().map(Vec::len), Some(0), "{}", logs.ok());
}
