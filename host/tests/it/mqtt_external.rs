//! Devices on a real broker (`CONSOLE_MQTT=external`): Mosquitto signs them in from
//! its password file and keeps each to its topics by its ACL; the hosts are its MQTT 5 clients
//! through a shared subscription. A report reaches the shadow and is answered on the reply
//! topic, a command from the console reaches the device through the broker, and two hosts on
//! one database split the devices' messages, each handled once.

use std::collections::HashMap;
use std::time::Duration;

use devsim::mqtt::{MqttDevice, Options};
use serde_json::{Value, json};

use crate::common::fleet::{self, Fleet, fleet_adjusted, fleet_on_broker, second_host_on_broker};
use crate::common::mosquitto::{HOST_PASSWORD, HOST_USER, Mosquitto, PRESENCE_PREFIX, device_account, free_port};
use crate::common::{TestHost, on_postgres};

const HOST: &str = "127.0.0.1";

/// The broker for the fleet's first `count` devices (activated over HTTP first).
async fn broker(fleet: &Fleet, port: u16, count: usize) -> Mosquitto {
    let product_key = fleet.platform.product_key();
    let mut accounts = Vec::new();
    for n in 0..count {
        let device = fleet.device(n).await;
        accounts.push(device_account(product_key, &device.sn));
    }
    Mosquitto::start(port, &accounts).await
}

/// Device `n` signed in at the broker with the password of its account there.
async fn on_broker(fleet: &Fleet, port: u16, n: usize) -> MqttDevice {
    let (sn, _) = &fleet.keys[n];
    let (_, password, _) = device_account(fleet.platform.product_key(), sn);
    let options = Options { password: Some(password), ..Options::default() };
    MqttDevice::connect_with((HOST, port), sn, fleet.platform.product_key(), "", options)
        .await
        .unwrap_or_else(|e| panic!("{sn} signs in at the broker: {e:?}"))
}

/// The first report answered: the hosts connect to the broker a moment after it starts.
async fn first_answer(device: &mut MqttDevice, battery: i64) -> Value {
    for _ in 0..5 {
        if let Ok(answer) = device.report(json!({ "battery": battery }).as_object().cloned().expect("params")).await {
            return answer;
        }
    }
    panic!("no host answered through the broker");
}

#[tokio::test]
async fn through_mosquitto_a_report_reaches_the_shadow_and_a_command_the_device() {
    let port = free_port();
    let fleet = fleet_on_broker("RV-EX", 2, port).await;
    let _broker = broker(&fleet, port, 2).await;
    let mut device = on_broker(&fleet, port, 0).await;
    let path = format!("/device-service/devices/{}", device.sn);

    let answer = first_answer(&mut device, 71).await;
    assert_eq!(answer["code"], 200, "{answer}");
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["shadow"]["battery"]["value"], 71);
    let refused = device.report(json!({ "battery": 140 }).as_object().cloned().expect("params")).await;
    let refused = refused.expect("answered through the broker");
    assert_eq!((refused["code"].clone(), refused["field"].clone()), (json!(400), json!("params.battery")));

    // The broker keeps a device to its topics: a report on another's reaches nobody.
    let other = fleet.keys[1].0.clone();
    let product_key = fleet.platform.product_key().to_string();
    let forged = format!("/sys/{product_key}/{other}/thing/event/property/post");
    device.publish(&forged, br#"{"id":"x","params":{"battery":5}}"#.to_vec()).await.expect("sent");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let theirs = fleet.host.get(&format!("/device-service/devices/{other}"), &fleet.admin).await;
    assert!(theirs.ok()["shadow"]["battery"].is_null(), "{}", theirs.ok());

    // The console's command goes down through the broker; the reply answers it.
    let set = fleet.host.post(&format!("{path}/properties"), &fleet.admin, json!({ "params": { "suction": 3 } })).await;
    let id = set.ok()["id"].as_str().expect("a command id").to_string();
    let command = loop {
        let heard = device.hear(Duration::from_secs(10)).await.expect("the command arrives through the broker");
        if heard.topic.ends_with("/thing/service/property/set") {
            break heard;
        }
    };
    assert_eq!(command.message["id"], id.as_str());
    device.reply(&command, 200, json!({})).await.expect("replied");
    let command = fleet.eventually(&format!("/device-service/commands/{id}"), "/state", json!("succeeded")).await;
    assert_eq!(command["state"], "succeeded", "the reply through the broker answers the command");
}

/// Publishes `payload` on `topic` as the broker's client events would come (Mosquitto tells
/// nothing of connections, and keeps `$SYS` its own): with the hosts' account, under the
/// presence prefix the test host is told of.
async fn broker_tells(port: u16, topic: &str, payload: Value) {
    let mut options = rumqttc::MqttOptions::new("broker-events", HOST, port);
    options.set_credentials(HOST_USER, HOST_PASSWORD);
    let (client, mut events) = rumqttc::AsyncClient::new(options, 4);
    client.publish(topic, rumqttc::QoS::AtLeastOnce, false, payload.to_string()).await.expect("queued");
    loop {
        match tokio::time::timeout(Duration::from_secs(10), events.poll()).await {
            Ok(Ok(rumqttc::Event::Incoming(rumqttc::Packet::PubAck(_)))) => return,
            Ok(Ok(_)) => continue,
            other => panic!("the event was not taken: {other:?}"),
        }
    }
}

#[tokio::test]
async fn the_brokers_client_events_take_a_device_offline_with_the_cause_and_back_online() {
    let port = free_port();
    let fleet = fleet_adjusted("RV-EX3", 1, Vec::new(), |config| {
        fleet::on_broker(config, port);
        config.mqtt_presence_topic = format!("{PRESENCE_PREFIX}/+/clients/+");
    })
    .await;
    let _broker = broker(&fleet, port, 1).await;
    let mut device = on_broker(&fleet, port, 0).await;
    first_answer(&mut device, 50).await;
    let path = format!("/device-service/devices/{}", device.sn);
    assert_eq!(fleet.host.get(&path, &fleet.admin).await.ok()["device"]["online"], true);

    // As EMQX tells it: `…/clients/{clientid}/disconnected` with the user name and the reason.
    let user = format!("{}&{}", device.sn, fleet.platform.product_key());
    let client = format!("{PRESENCE_PREFIX}/emqx@node1/clients/{}", device.sn);
    let left = json!({ "username": user, "clientid": device.sn, "reason": "keepalive_timeout" });
    broker_tells(port, &format!("{client}/disconnected"), left).await;
    let detail = fleet.eventually(&path, "/device/online", json!(false)).await;
    assert_eq!(detail["device"]["online"], false, "offline as the broker said");
    let logs = fleet.host.get(&format!("/device-service/device-logs?sn={}&kind=logout", device.sn), &fleet.admin).await;
    assert_eq!(logs.ok()["list"][0]["cause"], "keep-alive-timeout", "{}", logs.ok());

    broker_tells(port, &format!("{client}/connected"), json!({ "username": user, "clientid": device.sn })).await;
    let detail = fleet.eventually(&path, "/device/online", json!(true)).await;
    assert_eq!(detail["device"]["online"], true, "online again on connecting");
}

/// The device plugin's requests a host served, from its metrics.
async fn device_requests(host: &TestHost) -> u64 {
    let origin = host.base.trim_end_matches("/api");
    let text = reqwest::Client::new()
        .get(format!("{origin}/metrics"))
        .bearer_auth("metrics")
        .send()
        .await
        .expect("sent")
        .text()
        .await
        .expect("text");
    text.lines()
        .filter(|l| {
            l.starts_with("console_plugin_calls_total{")
                && l.contains("plugin=\"device\"")
                && l.contains("kind=\"request\"")
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum::<f64>() as u64
}

#[tokio::test]
async fn two_hosts_share_the_devices_messages_and_handle_each_once() {
    if !on_postgres() {
        eprintln!("skipped: two hosts need PostgreSQL (scripts/with-postgres.sh)");
        return;
    }
    const DEVICES: usize = 3;
    const REPORTS: i64 = 12;
    let port = free_port();
    let fleet = fleet_on_broker("RV-EX2", DEVICES as u32, port).await;
    let second = second_host_on_broker(&fleet, port).await;
    let _broker = broker(&fleet, port, DEVICES).await;
    let mut devices = Vec::new();
    for n in 0..DEVICES {
        let mut device = on_broker(&fleet, port, n).await;
        first_answer(&mut device, 1).await;
        devices.push(device);
    }
    let before = (device_requests(&fleet.host).await, device_requests(&second).await);

    // Each device reports at once, without waiting for the answers; then it counts them.
    for device in &devices {
        let topic = format!("{}/thing/event/property/post", device.prefix());
        for n in 0..REPORTS {
            let message = json!({ "id": format!("r{n}"), "version": "1.0", "params": { "battery": n } });
            device.publish(&topic, message.to_string().into_bytes()).await.expect("sent");
        }
    }
    for device in &mut devices {
        let mut answers: HashMap<String, u32> = HashMap::new();
        while let Some(heard) = device.hear(Duration::from_secs(3)).await {
            if heard.topic.ends_with("/post_reply") && heard.message["code"] == 200 {
                *answers.entry(heard.message["id"].as_str().unwrap_or_default().to_string()).or_default() += 1;
            }
        }
        assert_eq!(answers.len(), REPORTS as usize, "{}: every report answered: {answers:?}", device.sn);
        assert!(answers.values().all(|n| *n == 1), "{}: each handled once: {answers:?}", device.sn);
    }
    let after = (device_requests(&fleet.host).await, device_requests(&second).await);
    let (one, two) = (after.0 - before.0, after.1 - before.1);
    // Reports go to the plugin in batches: fewer calls than reports, on both hosts.
    assert!(one > 0 && two > 0, "both hosts handled some: {one} and {two}");
}
