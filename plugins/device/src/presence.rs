//! Online and offline: a device is online while its heartbeats or reports keep coming; silent for
//! longer than [`TIMEOUT_MS`], it is offline. The list reads the rule from the last time a device
//! was heard, so it is exact; the `presence` schedule writes the change down (offline flag and
//! time) for the filters and the history.

use console_plugin_sdk::{Context, Host, PluginResult, Query};

use crate::devices::DEVICES;

/// Two minutes: "last seen" is written at most once a minute a device, then three heartbeats
/// of the devices' 20-second interval may be lost before it counts as offline.
pub const TIMEOUT_MS: i64 = 120_000;
/// How often devices send a heartbeat when they have nothing else to say.
pub const HEARTBEAT_MS: i64 = 20_000;
const _: () = assert!(TIMEOUT_MS >= crate::thing::SEEN_RESOLUTION_MS + 3 * HEARTBEAT_MS);

/// The topic of devices coming online and going offline, for other domains (dashboards,
/// rules): `{sns: [SN…], online, cause}`, one event for a sweep's page (a call publishes at
/// most 100 events).
pub const PRESENCE_TOPIC: &str = "device.presence";
/// Pages of silent devices one sweep marks at most (one event each); the next sweep goes on.
const PAGES_PER_SWEEP: u32 = 50;

/// Tells other domains these devices came online or went offline, and why (a logout's cause).
pub fn announce(host: &mut dyn Host, sns: &[String], online: bool, cause: &str) -> PluginResult<()> {
    let change = serde_json::json!({ "sns": sns, "online": online, "cause": cause });
    host.publish(PRESENCE_TOPIC, &change.to_string()).map_err(console_plugin_sdk::PluginError::internal)
}

/// Whether a device last heard at `last_seen` is online at `now`.
pub fn is_online(last_seen: Option<i64>, now: i64) -> bool {
    last_seen.is_some_and(|seen| now - seen <= TIMEOUT_MS)
}

/// Marks offline the devices silent past the timeout; how many.
pub fn sweep(host: &mut dyn Host, _context: &Context) -> PluginResult<u32> {
    let now = host.now_ms();
    let mut marked = 0;
    for _ in 0..PAGES_PER_SWEEP {
        let silent = Query::new().eq("online", true).lt("lastSeenAt", now - TIMEOUT_MS).page(1, 200);
        let page = DEVICES.query(host, &silent)?;
        let mut offline = Vec::new();
        for doc in &page.list {
            let mut device = doc.data.clone();
            device.online = false;
            device.last_offline_at = device.last_seen_at.map(|seen| seen + TIMEOUT_MS);
            // A device heard meanwhile changed its version: left for the next sweep.
            if DEVICES.update(host, &doc.id, &device, Some(doc.version)).is_ok() {
                offline.push(device.sn);
            }
        }
        marked += offline.len() as u32;
        if !offline.is_empty() {
            announce(host, &offline, false, crate::logs::BY_SILENCE)?;
        }
        if page.list.len() < 200 || offline.is_empty() {
            break;
        }
    }
    Ok(marked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_online_until_the_timeout_passes_without_a_word() {
        let now = 1_000_000;
        assert!(!is_online(None, now), "never heard");
        assert!(is_online(Some(now), now));
        assert!(is_online(Some(now - TIMEOUT_MS), now), "exactly at the timeout");
        assert!(!is_online(Some(now - TIMEOUT_MS - 1), now));
    }
}
