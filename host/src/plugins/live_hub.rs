//! Where committed events and live messages go in this process: to each enterprise's console
//! sockets through a channel of its own, to the platform's consoles (acting for every
//! enterprise) through a shared channel each enterprise feeds at a bounded rate, and to the
//! cluster's relay. One enterprise's flood of messages can then only make its own sockets fall
//! behind: before, every console socket shared one ring, and a flood of one tenant closed every
//! other tenant's socket within a second and a half.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::broadcast;

use super::registry::LiveEvent;

/// Events one enterprise's consoles may fall behind by before theirs are closed to catch up.
const PER_ENTERPRISE: usize = 1024;
/// Events the platform's consoles may fall behind by.
const PLATFORM: usize = 4096;
/// Events a second one enterprise passes to the platform's consoles, and at once after a quiet
/// while: what a person can follow, and far less than it takes to push the others out.
const PLATFORM_RATE: f64 = 200.0;
const PLATFORM_BURST: f64 = 1000.0;

/// One enterprise's allowance on the platform's channel.
struct Allowance {
    tokens: f64,
    at: Instant,
}

impl Allowance {
    fn take(&mut self, now: Instant) -> bool {
        self.tokens =
            (self.tokens + now.saturating_duration_since(self.at).as_secs_f64() * PLATFORM_RATE).min(PLATFORM_BURST);
        self.at = now;
        let left = self.tokens >= 1.0;
        if left {
            self.tokens -= 1.0;
        }
        left
    }
}

pub struct LiveHub {
    relay: broadcast::Sender<LiveEvent>,
    enterprises: Mutex<HashMap<i64, broadcast::Sender<Arc<LiveEvent>>>>,
    platform: broadcast::Sender<Arc<LiveEvent>>,
    allowances: Mutex<HashMap<i64, Allowance>>,
}

impl Default for LiveHub {
    fn default() -> Self {
        LiveHub {
            relay: broadcast::channel(PLATFORM).0,
            enterprises: Mutex::default(),
            platform: broadcast::channel(PLATFORM).0,
            allowances: Mutex::default(),
        }
    }
}

impl LiveHub {
    fn enterprise(&self, tenant: i64) -> broadcast::Sender<Arc<LiveEvent>> {
        let mut enterprises = self.enterprises.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        enterprises.entry(tenant).or_insert_with(|| broadcast::channel(PER_ENTERPRISE).0).clone()
    }

    /// Sends an event to whoever listens: its enterprise's consoles, the platform's within the
    /// enterprise's allowance, and the cluster's relay. A message for a channel's sockets (apps,
    /// devices) goes to no console.
    pub fn publish(&self, event: LiveEvent) {
        if event.channel.is_none() {
            let shared = Arc::new(event.clone());
            let _ = self.enterprise(event.tenant_id).send(shared.clone());
            let allowed = {
                let mut allowances = self.allowances.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let now = Instant::now();
                allowances.entry(event.tenant_id).or_insert(Allowance { tokens: PLATFORM_BURST, at: now }).take(now)
            };
            if allowed {
                let _ = self.platform.send(shared);
            }
        }
        let _ = self.relay.send(event);
    }

    /// The events of one enterprise, for a console acting for it.
    pub fn for_enterprise(&self, tenant: i64) -> broadcast::Receiver<Arc<LiveEvent>> {
        self.enterprise(tenant).subscribe()
    }

    /// Every enterprise's events, each within its allowance, for a platform console acting for
    /// all of them.
    pub fn for_platform(&self) -> broadcast::Receiver<Arc<LiveEvent>> {
        self.platform.subscribe()
    }

    /// Every event, for the cluster's relay to the other hosts.
    pub fn for_relay(&self) -> broadcast::Receiver<LiveEvent> {
        self.relay.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(tenant: i64, n: u64) -> LiveEvent {
        LiveEvent {
            tenant_id: tenant,
            plugin: "probe".into(),
            topic: "probe.ping".into(),
            payload: serde_json::json!({ "n": n }),
            channel: None,
            user: None,
            relayed: false,
        }
    }

    /// Before, every console read one ring: 5,000 events of one enterprise pushed the others'
    /// sockets out ("fell behind") within a second and a half.
    #[test]
    fn one_enterprises_flood_leaves_the_others_consoles_where_they_were() {
        let hub = LiveHub::default();
        let mut other = hub.for_enterprise(2);
        let mut flooding = hub.for_enterprise(1);
        let mut platform = hub.for_platform();
        for n in 0..5_000 {
            hub.publish(event(1, n));
        }
        hub.publish(event(2, 0));
        let heard = other.try_recv().expect("not lagged, its own event");
        assert_eq!((heard.tenant_id, heard.payload["n"].as_u64()), (2, Some(0)));
        assert!(matches!(flooding.try_recv(), Err(broadcast::error::TryRecvError::Lagged(_))), "the flood's own");
        // The platform's consoles got the flood's allowance, then the other enterprise's event.
        let mut from_flood = 0;
        let mut from_other = 0;
        while let Ok(event) = platform.try_recv() {
            if event.tenant_id == 1 { from_flood += 1 } else { from_other += 1 }
        }
        assert!(from_flood <= PLATFORM_BURST as usize + 10, "{from_flood}");
        assert_eq!(from_other, 1);
    }

    #[test]
    fn a_channels_message_reaches_no_console() {
        let hub = LiveHub::default();
        let mut console = hub.for_enterprise(1);
        let mut relay = hub.for_relay();
        hub.publish(LiveEvent { channel: Some("room".into()), ..event(1, 0) });
        assert!(console.try_recv().is_err());
        assert!(relay.try_recv().is_ok(), "the other hosts still hear it");
    }
}
