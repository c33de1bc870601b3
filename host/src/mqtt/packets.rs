//! The gateway's packets, whichever MQTT the device speaks: 3.1.1 or 5, told by the protocol
//! level of its CONNECT (MQTT 5 §3.1.2.2). The session reads and writes only the packets here;
//! the codec turns them into either version's bytes (rumqttc's `mqttbytes`), so the session is
//! written once. What only MQTT 5 can say goes on the wire only to a device that speaks it: the
//! reason the server closes a connection, the largest packet it takes, a reply's correlation
//! data.

use bytes::{Bytes, BytesMut};
use rumqttc::mqttbytes::v4;
use rumqttc::v5::mqttbytes::{self as v5bytes, v5};
use tokio_util::codec::{Decoder, Encoder};

pub use rumqttc::mqttbytes::QoS;

/// The MQTT a device speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    V311,
    V5,
}

/// A device's CONNECT.
#[derive(Debug, Clone, Default)]
pub struct Hello {
    pub client_id: String,
    pub keep_alive: u16,
    /// User name and password.
    pub login: Option<(String, String)>,
    pub will: Option<Will>,
    /// MQTT 5: the largest packet the device takes.
    pub max_packet: Option<u32>,
    /// MQTT 5: how many QoS 1 messages it takes unacknowledged at once (its Receive Maximum).
    pub receive_max: Option<u16>,
    /// MQTT 5: what it asks for that the CONNACK says is not offered (a retained or QoS 2 will),
    /// or against the rules (a Receive Maximum of 0).
    pub unoffered: Option<Refusal>,
}

/// A last will: a message on one of the device's topics.
#[derive(Debug, Clone)]
pub struct Will {
    pub topic: String,
    pub message: Bytes,
}

/// A PUBLISH, either way.
#[derive(Debug, Clone)]
pub struct Message {
    pub topic: String,
    pub payload: Bytes,
    pub qos: QoS,
    pub pkid: u16,
    /// MQTT 5: the request's correlation data, carried onto its answer.
    pub correlation: Option<Bytes>,
}

impl Message {
    pub fn new(topic: impl Into<String>, qos: QoS, payload: impl Into<Bytes>) -> Self {
        Message { topic: topic.into(), payload: payload.into(), qos, pkid: 0, correlation: None }
    }
}

/// What a device sends.
#[derive(Debug)]
pub enum Inbound {
    Connect(Hello),
    Publish(Message),
    PubAck(u16),
    Subscribe {
        pkid: u16,
        filters: Vec<(String, QoS)>,
    },
    Unsubscribe {
        pkid: u16,
        filters: Vec<String>,
    },
    PingReq,
    /// DISCONNECT; `will` when an MQTT 5 device gives any reason but "normal" (0x04 asks for
    /// it, an error reason leaves it due).
    Disconnect {
        will: bool,
    },
    /// MQTT 5: what the CONNACK said is not offered (a retained message, a subscription
    /// identifier); the session closes with the reason.
    Unoffered(Closing),
    /// Anything a device may not send here (QoS 2, a second CONNECT, a server's packet).
    Other,
}

/// Why a CONNECT is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    BadUserNamePassword,
    NotAuthorized,
    ServiceUnavailable,
    /// Signing in again and again (MQTT 3.1.1 can only say "server unavailable").
    ConnectionRateExceeded,
    /// MQTT 5: a will to retain, or at QoS 2.
    RetainNotSupported,
    QosNotSupported,
    /// MQTT 5: a CONNECT against the rules (a Receive Maximum of 0, §3.1.2.11.3).
    ProtocolError,
}

/// Why the gateway closes a session. MQTT 5 devices are told (a DISCONNECT with the reason);
/// MQTT 3.1.1 has no such packet, the connection just closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closing {
    /// Another device's topic, or one the device may not use.
    NotAuthorized,
    PacketTooLarge,
    KeepAliveTimeout,
    SessionTakenOver,
    /// Its key or certificate no longer speaks for it, or its plugin is off.
    AdministrativeAction,
    /// Against the rules otherwise.
    ProtocolError,
    /// What the CONNACK said is not offered: QoS 2, retained messages, subscription identifiers.
    QosNotSupported,
    RetainNotSupported,
    SubscriptionIdsNotSupported,
    /// A topic alias, where the CONNACK offered none.
    TopicAliasInvalid,
    /// What it sent could not be taken now (nothing of it was kept): it is to send it again.
    ServerBusy,
    /// The host is stopping (a restart): the device connects again, to this host or another.
    ServerShuttingDown,
}

/// What the gateway sends.
#[derive(Debug)]
pub enum Outbound {
    ConnAck(Result<(), Refusal>),
    Publish(Message),
    PubAck(u16),
    SubAck { pkid: u16, granted: Vec<QoS> },
    UnsubAck { pkid: u16, filters: usize },
    PingResp,
    Disconnect(Closing),
}

/// Reads and writes either version; the version is fixed by the first packet, the CONNECT.
#[derive(Debug, Clone)]
pub struct Codec {
    version: Option<Version>,
    pub max_incoming: usize,
    pub max_outgoing: usize,
}

impl Codec {
    pub fn new(max_incoming: usize, max_outgoing: usize) -> Self {
        Codec { version: None, max_incoming, max_outgoing }
    }

    /// The version the device speaks, once its CONNECT was read.
    pub fn version(&self) -> Option<Version> {
        self.version
    }
}

fn malformed(detail: impl std::fmt::Debug) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{detail:?}"))
}

/// Why what a device sent is no packet the gateway reads.
#[derive(Debug)]
pub enum Unreadable {
    /// Larger than it may send.
    TooLarge,
    /// Not a packet of its version (or no MQTT at all).
    Malformed(std::io::Error),
}

impl From<std::io::Error> for Unreadable {
    fn from(err: std::io::Error) -> Self {
        Unreadable::Malformed(err)
    }
}

/// The length of the packet at the start of `src`, fixed header included, once its remaining
/// length came whole (one to four bytes of seven bits, the high bit saying more follow).
fn frame_length(src: &[u8]) -> Option<usize> {
    let mut remaining = 0usize;
    for (at, byte) in src.iter().skip(1).take(4).enumerate() {
        remaining |= usize::from(byte & 0x7F) << (7 * at);
        if byte & 0x80 == 0 {
            return Some(1 + at + 1 + remaining);
        }
    }
    None
}

/// mqttbytes asks for more bytes, having taken the packet, when a field inside it runs past
/// its end (a property length, say): a packet that came `whole` is malformed, not unfinished.
fn wants_more(src: &mut BytesMut, more: usize, whole: bool) -> Result<Option<Inbound>, Unreadable> {
    if whole {
        return Err(malformed("a field runs past the end of its packet").into());
    }
    src.reserve(more);
    Ok(None)
}

/// The protocol level of the CONNECT at the start of `src`: `Ok(None)` while too few bytes came.
fn protocol_level(src: &[u8]) -> std::io::Result<Option<u8>> {
    let Some(&first) = src.first() else { return Ok(None) };
    if first != 0x10 {
        return Err(malformed("the first packet is not a CONNECT"));
    }
    // The remaining length: one to four bytes of seven bits, the high bit saying more follow.
    let mut at = 1;
    loop {
        let Some(&byte) = src.get(at) else { return Ok(None) };
        at += 1;
        if byte & 0x80 == 0 {
            break;
        }
        if at > 4 {
            return Err(malformed("remaining length"));
        }
    }
    // Protocol name "MQTT" (length 4), then the level.
    match src.get(at..at + 7) {
        None => Ok(None),
        Some([0, 4, b'M', b'Q', b'T', b'T', level]) => Ok(Some(*level)),
        Some(_) => Err(malformed("not MQTT 3.1.1 or 5")),
    }
}

impl Decoder for Codec {
    type Item = Inbound;
    type Error = Unreadable;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Inbound>, Unreadable> {
        let version = match self.version {
            Some(version) => version,
            None => match protocol_level(src)? {
                None => return Ok(None),
                Some(4) => *self.version.insert(Version::V311),
                Some(5) => *self.version.insert(Version::V5),
                Some(level) => return Err(malformed(format!("protocol level {level}")).into()),
            },
        };
        let whole = frame_length(src).is_some_and(|length| src.len() >= length);
        match version {
            Version::V311 => match v4::Packet::read(src, self.max_incoming) {
                Ok(packet) => Ok(Some(from_v4(packet))),
                Err(rumqttc::mqttbytes::Error::InsufficientBytes(more)) => wants_more(src, more, whole),
                Err(rumqttc::mqttbytes::Error::PayloadSizeLimitExceeded(_)) => Err(Unreadable::TooLarge),
                Err(err) => Err(malformed(err).into()),
            },
            Version::V5 => {
                // A DISCONNECT may leave out its reason (0, normal) and its properties (MQTT 5
                // §3.14.2): mqttbytes wants both.
                let short_disconnect = match src.get(..3) {
                    Some([0xE0, 0, ..]) => Some((2, 0)),
                    Some([0xE0, 1, reason]) => Some((3, *reason)),
                    _ if src.starts_with(&[0xE0, 0]) => Some((2, 0)),
                    _ => None,
                };
                if let Some((length, reason)) = short_disconnect {
                    let _ = src.split_to(length);
                    return Ok(Some(Inbound::Disconnect { will: reason != NORMAL }));
                }
                match v5::Packet::read(src, Some(self.max_incoming as u32)) {
                    Ok(packet) => Ok(Some(from_v5(packet))),
                    Err(v5bytes::Error::InsufficientBytes(more)) => wants_more(src, more, whole),
                    Err(v5bytes::Error::PayloadSizeLimitExceeded { .. }) => Err(Unreadable::TooLarge),
                    Err(err) => Err(malformed(err).into()),
                }
            }
        }
    }
}

/// MQTT 5's DISCONNECT reason "normal": the only one that discards the will (§3.1.2.5).
const NORMAL: u8 = 0x00;

fn from_v4(packet: v4::Packet) -> Inbound {
    match packet {
        v4::Packet::Connect(connect) => Inbound::Connect(Hello {
            client_id: connect.client_id,
            keep_alive: connect.keep_alive,
            login: connect.login.map(|l| (l.username, l.password)),
            will: connect.last_will.map(|w| Will { topic: w.topic, message: w.message }),
            max_packet: None,
            receive_max: None,
            unoffered: None,
        }),
        v4::Packet::Publish(publish) => Inbound::Publish(Message {
            topic: publish.topic,
            payload: publish.payload,
            qos: publish.qos,
            pkid: publish.pkid,
            correlation: None,
        }),
        v4::Packet::PubAck(ack) => Inbound::PubAck(ack.pkid),
        v4::Packet::Subscribe(subscribe) => Inbound::Subscribe {
            pkid: subscribe.pkid,
            filters: subscribe.filters.into_iter().map(|f| (f.path, f.qos)).collect(),
        },
        v4::Packet::Unsubscribe(unsubscribe) => {
            Inbound::Unsubscribe { pkid: unsubscribe.pkid, filters: unsubscribe.topics }
        }
        v4::Packet::PingReq => Inbound::PingReq,
        v4::Packet::Disconnect => Inbound::Disconnect { will: false },
        _ => Inbound::Other,
    }
}

fn qos_of_v5(qos: v5bytes::QoS) -> QoS {
    match qos {
        v5bytes::QoS::AtMostOnce => QoS::AtMostOnce,
        v5bytes::QoS::AtLeastOnce => QoS::AtLeastOnce,
        v5bytes::QoS::ExactlyOnce => QoS::ExactlyOnce,
    }
}

fn qos_to_v5(qos: QoS) -> v5bytes::QoS {
    match qos {
        QoS::AtMostOnce => v5bytes::QoS::AtMostOnce,
        QoS::AtLeastOnce => v5bytes::QoS::AtLeastOnce,
        QoS::ExactlyOnce => v5bytes::QoS::ExactlyOnce,
    }
}

fn from_v5(packet: v5::Packet) -> Inbound {
    match packet {
        v5::Packet::Connect(connect, will, login) => {
            let properties = connect.properties.unwrap_or_default();
            let unoffered = match &will {
                // MQTT 5 §3.1.2.11.3-4: neither may be 0.
                _ if properties.receive_maximum == Some(0) || properties.max_packet_size == Some(0) => {
                    Some(Refusal::ProtocolError)
                }
                Some(will) if will.retain => Some(Refusal::RetainNotSupported),
                Some(will) if will.qos == v5bytes::QoS::ExactlyOnce => Some(Refusal::QosNotSupported),
                _ => None,
            };
            Inbound::Connect(Hello {
                client_id: connect.client_id,
                keep_alive: connect.keep_alive,
                login: login.map(|l| (l.username, l.password)),
                will: will.map(|w| Will { topic: String::from_utf8_lossy(&w.topic).into_owned(), message: w.message }),
                max_packet: properties.max_packet_size,
                receive_max: properties.receive_maximum,
                unoffered,
            })
        }
        v5::Packet::Publish(publish) => {
            let properties = publish.properties.unwrap_or_default();
            // Topic aliases are not offered (CONNACK says 0): a publish naming one breaks the rules.
            if properties.topic_alias.is_some() {
                return Inbound::Unoffered(Closing::TopicAliasInvalid);
            }
            if publish.retain {
                return Inbound::Unoffered(Closing::RetainNotSupported);
            }
            if publish.qos == v5bytes::QoS::ExactlyOnce {
                return Inbound::Unoffered(Closing::QosNotSupported);
            }
            let Ok(topic) = String::from_utf8(publish.topic.to_vec()) else { return Inbound::Other };
            Inbound::Publish(Message {
                topic,
                payload: publish.payload,
                qos: qos_of_v5(publish.qos),
                pkid: publish.pkid,
                correlation: properties.correlation_data,
            })
        }
        v5::Packet::PubAck(ack) => Inbound::PubAck(ack.pkid),
        v5::Packet::Subscribe(subscribe) if subscribe.properties.as_ref().is_some_and(|p| p.id.is_some()) => {
            Inbound::Unoffered(Closing::SubscriptionIdsNotSupported)
        }
        v5::Packet::Subscribe(subscribe) => Inbound::Subscribe {
            pkid: subscribe.pkid,
            filters: subscribe.filters.into_iter().map(|f| (f.path, qos_of_v5(f.qos))).collect(),
        },
        v5::Packet::Unsubscribe(unsubscribe) => {
            Inbound::Unsubscribe { pkid: unsubscribe.pkid, filters: unsubscribe.filters }
        }
        v5::Packet::PingReq(_) => Inbound::PingReq,
        v5::Packet::Disconnect(disconnect) => {
            Inbound::Disconnect { will: disconnect.reason_code != v5::DisconnectReasonCode::NormalDisconnection }
        }
        _ => Inbound::Other,
    }
}

impl Encoder<Outbound> for Codec {
    type Error = std::io::Error;

    fn encode(&mut self, item: Outbound, dst: &mut BytesMut) -> Result<(), std::io::Error> {
        let publish = matches!(item, Outbound::Publish(_));
        let written = match self.version.unwrap_or(Version::V311) {
            Version::V311 => match to_v4(item) {
                Some(packet) => packet.write(dst, self.max_outgoing).map(drop).map_err(malformed),
                None => Ok(()),
            },
            // Written here, with an empty property list: mqttbytes 0.25 counts a DISCONNECT
            // without properties one byte short, and reads one only with its property length.
            Version::V5 if let Outbound::Disconnect(closing) = item => {
                dst.extend_from_slice(&[0xE0, 2, disconnect_reason(closing) as u8, 0]);
                Ok(())
            }
            Version::V5 => {
                to_v5(item, self.max_incoming).write(dst, Some(self.max_outgoing as u32)).map(drop).map_err(malformed)
            }
        };
        // A message larger than the device takes is not sent (MQTT 5 §3.1.2.11.4); the session
        // goes on. Nothing was written: the size is checked first.
        match written {
            Err(err) if publish => {
                tracing::debug!(%err, "a message larger than the device takes was not sent");
                Ok(())
            }
            written => written,
        }
    }
}

fn to_v4(item: Outbound) -> Option<v4::Packet> {
    Some(match item {
        Outbound::ConnAck(answer) => {
            let code = match answer {
                Ok(()) => v4::ConnectReturnCode::Success,
                Err(Refusal::BadUserNamePassword) => v4::ConnectReturnCode::BadUserNamePassword,
                Err(Refusal::NotAuthorized) => v4::ConnectReturnCode::NotAuthorized,
                Err(Refusal::ServiceUnavailable | Refusal::ConnectionRateExceeded) => {
                    v4::ConnectReturnCode::ServiceUnavailable
                }
                // Only MQTT 5 devices are refused for these.
                Err(Refusal::RetainNotSupported | Refusal::QosNotSupported | Refusal::ProtocolError) => {
                    v4::ConnectReturnCode::NotAuthorized
                }
            };
            v4::Packet::ConnAck(v4::ConnAck::new(code, false))
        }
        Outbound::Publish(message) => {
            let mut publish = v4::Publish::from_bytes(message.topic, message.qos, message.payload);
            publish.pkid = message.pkid;
            v4::Packet::Publish(publish)
        }
        Outbound::PubAck(pkid) => v4::Packet::PubAck(v4::PubAck::new(pkid)),
        Outbound::SubAck { pkid, granted } => v4::Packet::SubAck(v4::SubAck::new(
            pkid,
            granted.into_iter().map(v4::SubscribeReasonCode::Success).collect(),
        )),
        Outbound::UnsubAck { pkid, .. } => v4::Packet::UnsubAck(v4::UnsubAck::new(pkid)),
        Outbound::PingResp => v4::Packet::PingResp,
        // MQTT 3.1.1 has no DISCONNECT from the server: the connection closes.
        Outbound::Disconnect(_) => return None,
    })
}

/// In MQTT 5, `max_incoming` is also told to the device: the largest packet it may send.
fn to_v5(item: Outbound, max_incoming: usize) -> v5::Packet {
    match item {
        Outbound::ConnAck(answer) => {
            let code = match answer {
                Ok(()) => v5::ConnectReturnCode::Success,
                Err(Refusal::BadUserNamePassword) => v5::ConnectReturnCode::BadUserNamePassword,
                Err(Refusal::NotAuthorized) => v5::ConnectReturnCode::NotAuthorized,
                Err(Refusal::ServiceUnavailable) => v5::ConnectReturnCode::ServerUnavailable,
                Err(Refusal::ConnectionRateExceeded) => v5::ConnectReturnCode::ConnectionRateExceeded,
                Err(Refusal::RetainNotSupported) => v5::ConnectReturnCode::RetainNotSupported,
                Err(Refusal::QosNotSupported) => v5::ConnectReturnCode::QoSNotSupported,
                Err(Refusal::ProtocolError) => v5::ConnectReturnCode::ProtocolError,
            };
            // What this gateway offers: no retained messages, no wildcard or shared
            // subscriptions (a device names its own topics), QoS up to 1, no topic aliases.
            let properties = v5::ConnAckProperties {
                session_expiry_interval: None,
                receive_max: None,
                max_qos: Some(1),
                retain_available: Some(0),
                max_packet_size: Some(max_incoming as u32),
                assigned_client_identifier: None,
                topic_alias_max: None,
                reason_string: None,
                user_properties: Vec::new(),
                // Wildcards are available: a device hears its service calls on `…/thing/service/+`.
                wildcard_subscription_available: None,
                subscription_identifiers_available: Some(0),
                shared_subscription_available: Some(0),
                server_keep_alive: None,
                response_information: None,
                server_reference: None,
                authentication_method: None,
                authentication_data: None,
            };
            v5::Packet::ConnAck(v5::ConnAck { session_present: false, code, properties: Some(properties) })
        }
        Outbound::Publish(message) => {
            let properties = message
                .correlation
                .map(|correlation| v5::PublishProperties { correlation_data: Some(correlation), ..Default::default() });
            let mut publish = v5::Publish::new(message.topic, qos_to_v5(message.qos), message.payload, properties);
            publish.pkid = message.pkid;
            v5::Packet::Publish(publish)
        }
        Outbound::PubAck(pkid) => v5::Packet::PubAck(v5::PubAck::new(pkid, None)),
        Outbound::SubAck { pkid, granted } => v5::Packet::SubAck(v5::SubAck {
            pkid,
            return_codes: granted.into_iter().map(|q| v5::SubscribeReasonCode::Success(qos_to_v5(q))).collect(),
            properties: None,
        }),
        Outbound::UnsubAck { pkid, filters } => v5::Packet::UnsubAck(v5::UnsubAck {
            pkid,
            reasons: vec![v5::UnsubAckReason::Success; filters],
            properties: None,
        }),
        Outbound::PingResp => v5::Packet::PingResp(v5::PingResp),
        Outbound::Disconnect(closing) => v5::Packet::Disconnect(v5::Disconnect::new(disconnect_reason(closing))),
    }
}

fn disconnect_reason(closing: Closing) -> v5::DisconnectReasonCode {
    match closing {
        Closing::NotAuthorized => v5::DisconnectReasonCode::NotAuthorized,
        Closing::PacketTooLarge => v5::DisconnectReasonCode::PacketTooLarge,
        Closing::KeepAliveTimeout => v5::DisconnectReasonCode::KeepAliveTimeout,
        Closing::SessionTakenOver => v5::DisconnectReasonCode::SessionTakenOver,
        Closing::AdministrativeAction => v5::DisconnectReasonCode::AdministrativeAction,
        Closing::ProtocolError => v5::DisconnectReasonCode::ProtocolError,
        Closing::QosNotSupported => v5::DisconnectReasonCode::QoSNotSupported,
        Closing::RetainNotSupported => v5::DisconnectReasonCode::RetainNotSupported,
        Closing::SubscriptionIdsNotSupported => v5::DisconnectReasonCode::SubscriptionIdentifiersNotSupported,
        Closing::TopicAliasInvalid => v5::DisconnectReasonCode::TopicAliasInvalid,
        Closing::ServerBusy => v5::DisconnectReasonCode::ServerBusy,
        Closing::ServerShuttingDown => v5::DisconnectReasonCode::ServerShuttingDown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn connect_bytes(version: Version) -> BytesMut {
        let mut bytes = BytesMut::new();
        match version {
            Version::V311 => {
                let mut connect = v4::Connect::new("RV-1|timestamp=1|");
                connect.login = Some(v4::Login::new("RV-1&pk", "secret"));
                connect.write(&mut bytes).unwrap();
            }
            Version::V5 => {
                let connect = v5::Connect {
                    keep_alive: 30,
                    client_id: "RV-1|timestamp=1|".into(),
                    clean_start: true,
                    properties: Some(v5::ConnectProperties {
                        max_packet_size: Some(4096),
                        ..v5::ConnectProperties::new()
                    }),
                };
                let login = v5::Login::new("RV-1&pk", "secret");
                v5::Packet::Connect(connect, None, Some(login)).write(&mut bytes, None).unwrap();
            }
        }
        bytes
    }

    #[test]
    fn the_connect_tells_the_version_and_both_read_the_same() {
        for version in [Version::V311, Version::V5] {
            let mut codec = Codec::new(2048, 2048);
            let mut bytes = connect_bytes(version);
            // A byte at a time: nothing is decided before the protocol level came.
            let mut fed = BytesMut::new();
            let mut read = None;
            while !bytes.is_empty() {
                fed.extend_from_slice(&bytes.split_to(1));
                if let Some(packet) = codec.decode(&mut fed).unwrap() {
                    read = Some(packet);
                }
            }
            assert_eq!(codec.version(), Some(version));
            let Some(Inbound::Connect(hello)) = read else { panic!("{version:?}: a CONNECT") };
            assert_eq!(hello.login, Some(("RV-1&pk".into(), "secret".into())));
            assert_eq!(hello.max_packet.is_some(), version == Version::V5, "only MQTT 5 tells its largest packet");
        }
    }

    #[test]
    fn only_mqtt_5_is_told_why_the_server_closes() {
        for (version, written) in [(Version::V311, 0), (Version::V5, 4)] {
            let mut codec = Codec::new(2048, 2048);
            codec.decode(&mut connect_bytes(version)).unwrap();
            let mut out = BytesMut::new();
            codec.encode(Outbound::Disconnect(Closing::NotAuthorized), &mut out).unwrap();
            assert_eq!(out.len(), written, "{version:?}");
            if version == Version::V5 {
                assert_eq!(&out[..], [0xE0, 2, 0x87, 0], "DISCONNECT, reason Not authorized, no properties");
            }
        }
    }

    #[test]
    fn bytes_a_device_makes_up_are_refused_or_read_never_a_panic() {
        use rand::{Rng as _, SeedableRng as _};
        let mut rng = rand::rngs::StdRng::seed_from_u64(22);
        for version in [Version::V311, Version::V5] {
            for _ in 0..20_000 {
                let mut codec = Codec::new(2048, 2048);
                codec.decode(&mut connect_bytes(version)).unwrap();
                // A packet type and flags, a short remaining length, then noise.
                let length = rng.random_range(0..64u8);
                let mut bytes = vec![rng.random::<u8>(), length];
                bytes.extend((0..rng.random_range(0..70)).map(|_| rng.random::<u8>()));
                let mut src = BytesMut::from(&bytes[..]);
                for _ in 0..4 {
                    match codec.decode(&mut src) {
                        Ok(Some(_)) => continue,
                        Ok(None) | Err(_) => break,
                    }
                }
            }
        }
    }

    #[test]
    fn a_bare_mqtt_5_disconnect_is_a_goodbye_and_other_protocols_are_refused() {
        let mut codec = Codec::new(2048, 2048);
        codec.decode(&mut connect_bytes(Version::V5)).unwrap();
        let goodbye = codec.decode(&mut BytesMut::from(&[0xE0u8, 0][..])).unwrap();
        assert!(matches!(goodbye, Some(Inbound::Disconnect { will: false })));
        let with_will = codec.decode(&mut BytesMut::from(&[0xE0u8, 1, 0x04][..])).unwrap();
        assert!(matches!(with_will, Some(Inbound::Disconnect { will: true })));
        let failing = codec.decode(&mut BytesMut::from(&[0xE0u8, 1, 0x80][..])).unwrap();
        assert!(matches!(failing, Some(Inbound::Disconnect { will: true })), "only a normal goodbye discards the will");

        // A property length running past the end of a PUBLISH that came whole: malformed, not
        // a packet still arriving (the session would wait on it until its keep-alive).
        let truncated = [0x30u8, 4, 0, 1, b'a', 0x80];
        assert!(matches!(codec.decode(&mut BytesMut::from(&truncated[..])), Err(Unreadable::Malformed(_))));

        // MQTT 3.1 ("MQIsdp", level 3) and anything not a CONNECT first.
        let mqtt_31 = [0x10u8, 12, 0, 6, b'M', b'Q', b'I', b's', b'd', b'p', 3, 0, 0, 0];
        assert!(Codec::new(2048, 2048).decode(&mut BytesMut::from(&mqtt_31[..])).is_err());
        assert!(Codec::new(2048, 2048).decode(&mut BytesMut::from(&[0x30u8, 0][..])).is_err());
    }

    #[test]
    fn what_the_connack_says_is_not_offered_is_refused_to_an_mqtt_5_device() {
        let mut codec = Codec::new(2048, 2048);
        codec.decode(&mut connect_bytes(Version::V5)).unwrap();
        let read = |codec: &mut Codec, packet: v5::Packet| {
            let mut bytes = BytesMut::new();
            packet.write(&mut bytes, None).unwrap();
            codec.decode(&mut bytes).unwrap()
        };
        let mut retained =
            v5::Publish::new("/sys/pk/RV-1/thing/event/property/post", v5bytes::QoS::AtLeastOnce, "{}", None);
        retained.pkid = 1;
        retained.retain = true;
        let refused = read(&mut codec, v5::Packet::Publish(retained));
        assert!(matches!(refused, Some(Inbound::Unoffered(Closing::RetainNotSupported))), "{refused:?}");
        let mut exactly_once =
            v5::Publish::new("/sys/pk/RV-1/thing/event/property/post", v5bytes::QoS::ExactlyOnce, "{}", None);
        exactly_once.pkid = 2;
        let refused = read(&mut codec, v5::Packet::Publish(exactly_once));
        assert!(matches!(refused, Some(Inbound::Unoffered(Closing::QosNotSupported))), "{refused:?}");
        let filter = v5::Filter::new("/sys/pk/RV-1/thing/service/+", v5bytes::QoS::AtLeastOnce);
        let properties = v5::SubscribeProperties { id: Some(7), user_properties: Vec::new() };
        let identified = v5::Subscribe { pkid: 3, filters: vec![filter], properties: Some(properties) };
        let refused = read(&mut codec, v5::Packet::Subscribe(identified));
        assert!(matches!(refused, Some(Inbound::Unoffered(Closing::SubscriptionIdsNotSupported))), "{refused:?}");

        // A will to retain is refused at CONNECT, with its reason; its Receive Maximum is read.
        let connect = v5::Connect {
            keep_alive: 30,
            client_id: "RV-1|timestamp=1|".into(),
            clean_start: true,
            properties: Some(v5::ConnectProperties { receive_maximum: Some(2), ..v5::ConnectProperties::new() }),
        };
        let will =
            v5::LastWill::new("/sys/pk/RV-1/thing/event/stuck/post", "{}", v5bytes::QoS::AtLeastOnce, true, None);
        let mut codec = Codec::new(2048, 2048);
        let hello = read(&mut codec, v5::Packet::Connect(connect, Some(will), None));
        let Some(Inbound::Connect(hello)) = hello else { panic!("a CONNECT: {hello:?}") };
        assert_eq!((hello.unoffered, hello.receive_max), (Some(Refusal::RetainNotSupported), Some(2)));
        let mut refusal = BytesMut::new();
        codec.encode(Outbound::ConnAck(Err(Refusal::RetainNotSupported)), &mut refusal).unwrap();
        assert_eq!(refusal[3], 0x9A, "CONNACK reason Retain not supported: {refusal:?}");

        // A Receive Maximum of 0 is against the rules.
        let connect = v5::Connect {
            keep_alive: 30,
            client_id: "RV-1|timestamp=1|".into(),
            clean_start: true,
            properties: Some(v5::ConnectProperties { receive_maximum: Some(0), ..v5::ConnectProperties::new() }),
        };
        let hello = read(&mut Codec::new(2048, 2048), v5::Packet::Connect(connect.clone(), None, None));
        let Some(Inbound::Connect(hello)) = hello else { panic!("a CONNECT: {hello:?}") };
        assert_eq!(hello.unoffered, Some(Refusal::ProtocolError));

        // Nor is a Maximum Packet Size of 0.
        let properties = v5::ConnectProperties { max_packet_size: Some(0), ..v5::ConnectProperties::new() };
        let connect = v5::Connect { properties: Some(properties), ..connect };
        let hello = read(&mut Codec::new(2048, 2048), v5::Packet::Connect(connect, None, None));
        let Some(Inbound::Connect(hello)) = hello else { panic!("a CONNECT: {hello:?}") };
        assert_eq!(hello.unoffered, Some(Refusal::ProtocolError));
    }
}
