//! The sessions standing on this host, looked after together. A standing session is its
//! device's presence, kept in memory: the device plugin hears of it when the session starts and
//! ends, and in between from one keeper, which tells it every `CONSOLE_MQTT_HEARTBEAT_SECS` that
//! each device with a session here is still there. The keeper's beats of all the host's
//! sessions go out together, so they fill the ingestion's batches (one plugin call and one
//! statement for hundreds of devices) where a timer in each session would hand the plugin one
//! device at a time; the plugin writes a device's "last seen" at most once a minute however
//! often it hears of it. Likewise every `CONSOLE_SOCKET_RECHECK_SECS` the keys of all the
//! sessions are read again together (a page of keys a statement, each enterprise once), and a
//! session whose key no longer speaks for its device, or whose plugin is off for its
//! enterprise, is told to end. An idle session wakes for its own packets and little else.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::gateway::{self, DeviceId};
use crate::AppState;
use crate::db::device_keys::DeviceKey;

/// How often the keeper looks for the sessions due a beat: a beat is at most this late.
const TICK: Duration = Duration::from_secs(2);
/// The path of a device's heartbeat on the device plugin.
pub(super) const HEARTBEAT: &str = "/thing/heartbeat";

/// One standing session: which one, when its device is due its next beat, the key it signed in
/// with, and how it is told that key no longer stands.
struct Standing {
    generation: u64,
    beat_due: Instant,
    key: DeviceKey,
    refused: CancellationToken,
}

/// The sessions this host holds.
pub(super) struct Presence {
    every: Duration,
    standing: Mutex<HashMap<DeviceId, Standing>>,
}

impl Presence {
    pub(super) fn new(every: Duration) -> Presence {
        Presence { every, standing: Mutex::default() }
    }

    /// Session `generation` holds the device from now, signed in with `key` (its start was a
    /// heartbeat already): what it is told by when the key no longer stands. Its first beat comes
    /// at a moment of its own in the second half of the period, so a fleet signing in together
    /// does not beat together.
    pub(super) fn held(&self, device: &DeviceId, generation: u64, key: DeviceKey) -> CancellationToken {
        let first = self.every.mul_f64(0.5 + rand::random::<f64>() / 2.0);
        let refused = CancellationToken::new();
        let standing = Standing { generation, beat_due: Instant::now() + first, key, refused: refused.clone() };
        self.lock().insert(device.clone(), standing);
        refused
    }

    /// Session `generation` no longer holds the device (a newer one keeps its place).
    pub(super) fn let_go(&self, device: &DeviceId, generation: u64) {
        let mut standing = self.lock();
        if standing.get(device).is_some_and(|held| held.generation == generation) {
            standing.remove(device);
        }
    }

    /// The devices due a beat at `now` or within `early` of it (the keeper looks again only a
    /// tick later), each next due a period after `now`.
    fn due_at(&self, now: Instant, early: Duration) -> Vec<DeviceId> {
        let mut standing = self.lock();
        let mut beating = Vec::new();
        for (device, held) in standing.iter_mut() {
            if held.beat_due <= now + early {
                held.beat_due = now + self.every;
                beating.push(device.clone());
            }
        }
        beating
    }

    /// Every standing session's key and plugin, with how it is told to end.
    fn keys(&self) -> Vec<(DeviceKey, String, CancellationToken)> {
        let standing = self.lock();
        standing.iter().map(|((_, plugin, _), held)| (held.key.clone(), plugin.clone(), held.refused.clone())).collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<DeviceId, Standing>> {
        self.standing.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Beats the devices of this host's sessions as they fall due, and checks their keys, for as
/// long as the host runs. As many beats are under way at once as two of the ingestion's batches
/// hold, so they form full batches and leave room in its queue for what devices report meanwhile.
pub(super) async fn keep(app: AppState, presence: Arc<Presence>) {
    let (batch, queue) = (app.config.ingest_batch as usize, app.config.ingest_queue as usize);
    let at_once = (batch * 2).min(queue / 2).max(1);
    let recheck = Duration::from_secs(app.config.socket_recheck_secs);
    let mut checked = Instant::now();
    let every = TICK.min(recheck);
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = app.lifecycle.stopping.cancelled() => return,
        }
        if checked.elapsed() >= recheck {
            checked = Instant::now();
            refuse_lapsed_keys(&app, &presence).await;
        }
        let due = presence.due_at(Instant::now(), every / 2);
        futures_util::stream::iter(due)
            .for_each_concurrent(at_once, |(tenant, plugin, sn)| {
                let app = app.clone();
                async move {
                    let Some(plugin) = app.plugins.get(&plugin) else { return };
                    let (status, answer) =
                        gateway::post_as(&app, &plugin, tenant, &sn, String::new(), HEARTBEAT, "{}").await;
                    if status != 200 {
                        tracing::debug!(%sn, status, %answer, "a standing session's heartbeat not taken");
                    }
                }
            })
            .await;
    }
}

/// Tells the sessions whose key was revoked or replaced, whose enterprise was disabled or whose
/// plugin was turned off for it, to end. A check that cannot be read ends nobody: the next one
/// comes a period later.
async fn refuse_lapsed_keys(app: &AppState, presence: &Presence) {
    let standing = presence.keys();
    if standing.is_empty() {
        return;
    }
    let keys: Vec<DeviceKey> = standing.iter().map(|(key, _, _)| key.clone()).collect();
    let in_force = match app.db.device_keys_in_force(&keys).await {
        Ok(in_force) => in_force,
        Err(err) => return tracing::warn!(%err, "the MQTT sessions' keys not read again"),
    };
    let mut plugins_on: HashMap<i64, HashSet<String>> = HashMap::new();
    for (key, plugin, refused) in standing {
        let on = match plugins_on.get(&key.tenant_id) {
            Some(on) => on.contains(&plugin),
            None => match app.plugins.enabled_for(key.tenant_id).await {
                Ok(enabled) => {
                    let enabled: HashSet<String> = enabled.into_iter().collect();
                    let on = enabled.contains(&plugin);
                    plugins_on.insert(key.tenant_id, enabled);
                    on
                }
                Err(err) => {
                    tracing::warn!(%err, tenant = key.tenant_id, "an enterprise's plugins not read again");
                    continue;
                }
            },
        };
        if !on || !in_force.contains(&key.id) {
            refused.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> DeviceKey {
        DeviceKey {
            id: 1,
            tenant_id: 7,
            plugin_id: "device".into(),
            name: "sn:SN1".into(),
            key_hint: "abcd".into(),
            created_at: 0,
            last_used_at: None,
            sn: Some("SN1".into()),
            require_signature: false,
        }
    }

    #[test]
    fn a_session_is_beaten_once_a_period_until_it_lets_go_and_a_newer_one_keeps_its_place() {
        let presence = Presence::new(Duration::from_secs(40));
        let device: DeviceId = (7, "device".into(), "SN1".into());
        presence.held(&device, 1, key());
        let start = Instant::now();
        assert!(presence.due_at(start, Duration::ZERO).is_empty(), "its start was its first beat");
        assert!(
            presence.due_at(start + Duration::from_secs(19), Duration::ZERO).is_empty(),
            "the first beat is in the second half"
        );
        assert_eq!(presence.due_at(start + Duration::from_secs(40), Duration::ZERO), vec![device.clone()]);
        assert!(presence.due_at(start + Duration::from_secs(41), Duration::ZERO).is_empty(), "once a period");
        assert_eq!(presence.due_at(start + Duration::from_secs(80), Duration::ZERO), vec![device.clone()]);
        assert_eq!(
            presence.due_at(start + Duration::from_secs(119), Duration::from_secs(1)),
            vec![device.clone()],
            "a tick early"
        );
        // A newer session took the place: the older one's end leaves it beating.
        presence.held(&device, 2, key());
        presence.let_go(&device, 1);
        assert_eq!(presence.due_at(start + Duration::from_secs(200), Duration::ZERO), vec![device.clone()]);
        assert_eq!(presence.keys().len(), 1);
        presence.let_go(&device, 2);
        assert!(presence.due_at(start + Duration::from_secs(400), Duration::ZERO).is_empty(), "its session ended");
        assert!(presence.keys().is_empty());
    }
}
