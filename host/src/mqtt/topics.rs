//! The device topics (Alink's shape, `docs/mqtt.md`) and what a device may do with them: a
//! session is bound to one product key and SN, and may publish and subscribe its own topics
//! only. Anything else closes the connection, so these answers are final.

/// The device a session is bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Device<'a> {
    pub product_key: &'a str,
    pub sn: &'a str,
}

/// What a device's publish carries: the device route it is handed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uplink {
    /// `/sys/{pk}/{sn}/thing/event/property/post`: `POST /thing/event/property/post`.
    PropertyPost,
    /// `/sys/{pk}/{sn}/thing/event/{identifier}/post`: `POST /thing/event/{identifier}/post`.
    EventPost { identifier: String },
    /// `/sys/{pk}/{sn}/thing/service/property/set_reply` (no identifier) or
    /// `/sys/{pk}/{sn}/thing/service/{identifier}_reply`: `POST /thing/commands/{id}/reply`.
    CommandReply { identifier: Option<String> },
    /// `/ota/device/inform/{pk}/{sn}`: the device tells its version and asks for its upgrade
    /// (`POST /device/check` of the upgrade plugin; the offer, or null, on the reply topic).
    OtaInform,
    /// `/ota/device/progress/{pk}/{sn}`: the upgrade's progress (`POST /device/progress`).
    OtaProgress,
}

/// Whose device route an uplink goes to: the device plugin's (the thing model's messages) or
/// the plugin serving its devices' upgrades.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    Device,
    Ota,
}

impl Uplink {
    /// The device route (method POST) a publish of this kind is handed to; `command` is the
    /// command id a reply's payload names.
    pub fn route(&self, command: Option<&str>) -> Option<String> {
        match self {
            Uplink::PropertyPost => Some("/thing/event/property/post".into()),
            Uplink::EventPost { identifier } => Some(format!("/thing/event/{identifier}/post")),
            Uplink::CommandReply { .. } => {
                command.filter(|id| identifier(id)).map(|id| format!("/thing/commands/{id}/reply"))
            }
            Uplink::OtaInform => Some(OTA_CHECK.into()),
            Uplink::OtaProgress => Some(OTA_PROGRESS.into()),
        }
    }

    pub fn service(&self) -> Service {
        match self {
            Uplink::OtaInform | Uplink::OtaProgress => Service::Ota,
            _ => Service::Device,
        }
    }
}

/// The upgrade plugin's device routes the OTA topics carry (`docs/mqtt.md`).
pub const OTA_CHECK: &str = "/device/check";
pub const OTA_PROGRESS: &str = "/device/progress";

/// Why a topic or filter is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Another device's topic, or none of the device topics.
    NotOwn,
    /// Wildcards in a publish, or a filter that is not valid MQTT.
    Malformed,
}

/// A thing-model identifier as a topic level: letters, digits and `_`, at most 64.
fn identifier(level: &str) -> bool {
    !level.is_empty() && level.len() <= 64 && level.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The levels after the device's own `/sys/{pk}/{sn}/` prefix, or `None` for another's topic.
fn own_sys<'t>(topic: &'t str, device: Device<'_>) -> Option<&'t str> {
    topic
        .strip_prefix("/sys/")?
        .strip_prefix(device.product_key)?
        .strip_prefix('/')?
        .strip_prefix(device.sn)?
        .strip_prefix('/')
}

fn ota(kind: &str, device: Device<'_>) -> String {
    format!("/ota/device/{kind}/{}/{}", device.product_key, device.sn)
}

/// The device a device topic names, `(product key, SN)`: `/sys/{pk}/{sn}/…` or
/// `/ota/device/{kind}/{pk}/{sn}`. The external broker's bridge reads it (the broker has
/// checked the device may use the topic).
pub fn device_of(topic: &str) -> Option<(&str, &str)> {
    let levels: Vec<&str> = topic.split('/').collect();
    match levels.as_slice() {
        ["", "sys", pk, sn, _, ..] | ["", "ota", "device", _, pk, sn] if !pk.is_empty() && !sn.is_empty() => {
            Some((pk, sn))
        }
        _ => None,
    }
}

/// What the device's publish on `topic` carries.
pub fn uplink(topic: &str, device: Device<'_>) -> Result<Uplink, Refused> {
    if topic.contains(['+', '#', '\0']) {
        return Err(Refused::Malformed);
    }
    if topic == ota("progress", device) {
        return Ok(Uplink::OtaProgress);
    }
    if topic == ota("inform", device) {
        return Ok(Uplink::OtaInform);
    }
    let rest = own_sys(topic, device).ok_or(Refused::NotOwn)?;
    let levels: Vec<&str> = rest.split('/').collect();
    match levels.as_slice() {
        ["thing", "event", "property", "post"] => Ok(Uplink::PropertyPost),
        ["thing", "event", id, "post"] if identifier(id) => Ok(Uplink::EventPost { identifier: id.to_string() }),
        ["thing", "service", "property", "set_reply"] => Ok(Uplink::CommandReply { identifier: None }),
        ["thing", "service", reply] => match reply.strip_suffix("_reply") {
            Some(id) if identifier(id) && id != "property" => {
                Ok(Uplink::CommandReply { identifier: Some(id.to_string()) })
            }
            _ => Err(Refused::NotOwn),
        },
        _ => Err(Refused::NotOwn),
    }
}

/// The topic the answer to a publish on `topic` goes to (Alink: the same topic plus `_reply`).
pub fn reply_topic(topic: &str) -> String {
    format!("{topic}_reply")
}

/// The topic a command goes down on: a property set, or a service call by identifier.
pub fn command_topic(device: Device<'_>, service: Option<&str>) -> String {
    let what = service.unwrap_or("property/set");
    format!("/sys/{}/{}/thing/service/{what}", device.product_key, device.sn)
}

/// The topic an upgrade offer goes down on.
pub fn upgrade_topic(device: Device<'_>) -> String {
    ota("upgrade", device)
}

/// Whether a device listening on `filter` hears the upgrades offered to it.
pub fn hears_upgrades(filter: &str, device: Device<'_>) -> bool {
    matches(filter, &upgrade_topic(device))
}

/// Whether `filter` matches `topic` (MQTT 3.1.1 §4.7: `+` one level, `#` the rest, itself too).
pub fn matches(filter: &str, topic: &str) -> bool {
    let mut topic_levels = topic.split('/');
    for level in filter.split('/') {
        match (level, topic_levels.next()) {
            ("#", _) => return true,
            ("+", Some(_)) => {}
            (level, Some(name)) if level == name => {}
            _ => return false,
        }
    }
    topic_levels.next().is_none()
}

/// Whether a device listening on `filters` hears its commands: property sets and service calls
/// both (one of them published where it does not listen would be lost, marked delivered).
pub fn hears_commands(filters: &[String], device: Device<'_>) -> bool {
    let hears = |topic: String| filters.iter().any(|f| matches(f, &topic));
    hears(command_topic(device, None)) && hears(command_topic(device, Some(EVERY_SERVICE)))
}

/// A service level no filter names literally (a filter holds `+` only as a whole level, a
/// wildcard): only a filter that hears every service call hears it.
const EVERY_SERVICE: &str = "+";

/// Whether `filter` is a valid MQTT topic filter (MQTT 3.1.1 §4.7: `+` and `#` fill a whole
/// level, `#` only last).
fn valid_filter(filter: &str) -> bool {
    let levels: Vec<&str> = filter.split('/').collect();
    !filter.is_empty()
        && !filter.contains('\0')
        && levels.iter().enumerate().all(|(i, level)| match *level {
            "#" => i == levels.len() - 1,
            "+" => true,
            other => !other.contains(['+', '#']),
        })
}

/// Whether the device may subscribe `filter`: only under its own prefix, wildcards after it
/// (a shared subscription, `$share/...`, is the host's, never a device's).
pub fn may_subscribe(filter: &str, device: Device<'_>) -> Result<(), Refused> {
    if !valid_filter(filter) {
        return Err(Refused::Malformed);
    }
    let ota_topics =
        [upgrade_topic(device), reply_topic(&ota("inform", device)), reply_topic(&ota("progress", device))];
    if ota_topics.iter().any(|t| t == filter) || own_sys(filter, device).is_some_and(|rest| !rest.is_empty()) {
        return Ok(());
    }
    Err(Refused::NotOwn)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: Device<'static> = Device { product_key: "pk1", sn: "SN001" };

    #[test]
    fn a_device_publishes_its_reports_and_replies_on_its_own_topics() {
        assert_eq!(uplink("/sys/pk1/SN001/thing/event/property/post", ME), Ok(Uplink::PropertyPost));
        assert_eq!(
            uplink("/sys/pk1/SN001/thing/event/lowBattery/post", ME),
            Ok(Uplink::EventPost { identifier: "lowBattery".into() })
        );
        assert_eq!(
            uplink("/sys/pk1/SN001/thing/service/property/set_reply", ME),
            Ok(Uplink::CommandReply { identifier: None })
        );
        assert_eq!(
            uplink("/sys/pk1/SN001/thing/service/startClean_reply", ME),
            Ok(Uplink::CommandReply { identifier: Some("startClean".into()) })
        );
        assert_eq!(uplink("/ota/device/progress/pk1/SN001", ME), Ok(Uplink::OtaProgress));
        assert_eq!(uplink("/ota/device/inform/pk1/SN001", ME), Ok(Uplink::OtaInform));
        assert_eq!(
            (Uplink::OtaInform.service(), Uplink::OtaInform.route(None).as_deref()),
            (Service::Ota, Some(OTA_CHECK))
        );
        assert_eq!(Uplink::OtaProgress.route(None).as_deref(), Some(OTA_PROGRESS));
        assert_eq!(Uplink::PropertyPost.service(), Service::Device);
        assert_eq!(Uplink::PropertyPost.route(None).as_deref(), Some("/thing/event/property/post"));
        assert_eq!(
            Uplink::CommandReply { identifier: None }.route(Some("42")).as_deref(),
            Some("/thing/commands/42/reply")
        );
        assert_eq!(Uplink::CommandReply { identifier: None }.route(Some("../x")), None, "an id is one level");
    }

    #[test]
    fn another_devices_topic_or_a_made_up_one_is_refused() {
        for topic in [
            "/sys/pk1/SN002/thing/event/property/post",
            "/sys/pk2/SN001/thing/event/property/post",
            "/sys/pk1/SN0011/thing/event/property/post",
            "/sys/pk1/SN001/thing/event/property/post/x",
            "/sys/pk1/SN001/thing/event/bad-name/post",
            "/sys/pk1/SN001/thing/service/property/set",
            "/sys/pk1/SN001/thing/service/startClean",
            "/sys/pk1/SN001/thing/service/_reply",
            "/ota/device/progress/pk1/SN002",
            "/ota/device/inform/pk2/SN001",
            "/ota/device/upgrade/pk1/SN001",
            "$SYS/broker/clients",
            "sys/pk1/SN001/thing/event/property/post",
        ] {
            assert_eq!(uplink(topic, ME), Err(Refused::NotOwn), "{topic}");
        }
        assert_eq!(uplink("/sys/pk1/SN001/thing/event/+/post", ME), Err(Refused::Malformed));
        assert_eq!(uplink("/sys/pk1/SN001/#", ME), Err(Refused::Malformed));
    }

    #[test]
    fn a_device_subscribes_under_its_own_prefix_only() {
        for filter in [
            "/sys/pk1/SN001/#",
            "/sys/pk1/SN001/thing/service/+",
            "/sys/pk1/SN001/thing/service/property/set",
            "/sys/pk1/SN001/thing/event/+/post_reply",
            "/ota/device/upgrade/pk1/SN001",
            "/ota/device/inform/pk1/SN001_reply",
            "/ota/device/progress/pk1/SN001_reply",
        ] {
            assert_eq!(may_subscribe(filter, ME), Ok(()), "{filter}");
        }
        for filter in [
            "#",
            "/sys/#",
            "/sys/pk1/+/#",
            "/sys/+/SN001/#",
            "/sys/pk1/SN002/#",
            "/ota/device/upgrade/pk1/+",
            "/ota/device/+/pk1/SN001",
            "/ota/device/inform/pk1/SN002_reply",
            "$share/console/sys/#",
            "/sys/pk1/SN001/",
        ] {
            assert_eq!(may_subscribe(filter, ME), Err(Refused::NotOwn), "{filter}");
        }
        for filter in ["/sys/pk1/SN001/thing/#/x", "/sys/pk1/SN001/thing+", "/sys/pk1/SN001/a#", ""] {
            assert_eq!(may_subscribe(filter, ME), Err(Refused::Malformed), "{filter}");
        }
    }

    #[test]
    fn a_topic_names_its_device() {
        assert_eq!(device_of("/sys/pk1/SN001/thing/event/property/post"), Some(("pk1", "SN001")));
        assert_eq!(device_of("/ota/device/progress/pk1/SN001"), Some(("pk1", "SN001")));
        assert_eq!(device_of("/sys/pk1/SN001"), None);
        assert_eq!(device_of("/sys//SN001/thing"), None);
        assert_eq!(device_of("/ota/device/progress/pk1/SN001/x"), None);
        assert_eq!(device_of("$SYS/broker/load"), None);
    }

    #[test]
    fn a_filter_matches_as_mqtt_says() {
        assert!(matches("/sys/pk1/SN001/#", "/sys/pk1/SN001/thing/service/property/set"));
        assert!(matches("/sys/pk1/SN001/thing/#", "/sys/pk1/SN001/thing"), "# is its parent level too");
        assert!(matches("/sys/pk1/SN001/thing/service/+", "/sys/pk1/SN001/thing/service/startClean"));
        assert!(!matches("/sys/pk1/SN001/thing/service/+", "/sys/pk1/SN001/thing/service/property/set"));
        assert!(!matches("/sys/pk1/SN001/thing/event/+/post_reply", "/sys/pk1/SN001/thing/service/x"));
        assert!(!matches("/sys/pk1/SN001", "/sys/pk1/SN001/thing"));
        let filters = |list: &[&str]| list.iter().map(|f| f.to_string()).collect::<Vec<_>>();
        assert!(hears_commands(&filters(&["/sys/pk1/SN001/#"]), ME));
        let both = ["/sys/pk1/SN001/thing/service/property/set", "/sys/pk1/SN001/thing/service/+"];
        assert!(hears_commands(&filters(&both), ME));
        assert!(!hears_commands(&filters(&both[..1]), ME), "sets alone: a service call would be lost");
        assert!(!hears_commands(&filters(&both[1..]), ME), "services alone: a property set would be lost");
        let one_service = ["/sys/pk1/SN001/thing/service/property/set", "/sys/pk1/SN001/thing/service/any"];
        assert!(!hears_commands(&filters(&one_service), ME), "one service named: another's call would be lost");
        assert!(!hears_commands(&filters(&["/sys/pk1/SN001/thing/event/+/post_reply"]), ME));
        assert!(!hears_commands(&filters(&["/ota/device/upgrade/pk1/SN001"]), ME));
        assert!(hears_upgrades("/ota/device/upgrade/pk1/SN001", ME));
        assert!(!hears_upgrades("/sys/pk1/SN001/#", ME));
    }

    #[test]
    fn downlinks_go_on_the_devices_topics() {
        assert_eq!(command_topic(ME, None), "/sys/pk1/SN001/thing/service/property/set");
        assert_eq!(command_topic(ME, Some("startClean")), "/sys/pk1/SN001/thing/service/startClean");
        assert_eq!(upgrade_topic(ME), "/ota/device/upgrade/pk1/SN001");
        assert_eq!(
            reply_topic("/sys/pk1/SN001/thing/event/property/post"),
            "/sys/pk1/SN001/thing/event/property/post_reply"
        );
        for topic in [command_topic(ME, None), command_topic(ME, Some("startClean")), upgrade_topic(ME)] {
            assert_eq!(may_subscribe(&topic, ME), Ok(()), "the device may hear {topic}");
        }
    }
}
