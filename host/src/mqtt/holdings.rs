//! Which host holds each device's MQTT session, so that the sessions of a host that died end
//! for it. A session writes its hold once it is accepted and lets go when it ends; every host
//! renews a lease on its name (a third of `CONSOLE_HOST_LEASE_SECS` at a time). A host whose
//! lease lapsed (killed, or cut off from the database) is taken over by the first live host to
//! see it: its holds go, and each device it still held is logged out, cause `host-lost`. A
//! device that connected again elsewhere meanwhile is held by its new session and stays
//! online; and the session a device left for one on another host does not log it out when it
//! ends. On SQLite, the one host takes over what its previous run left.
//!
//! Nothing else rests on this: the device plugin's silence rule (a device not heard for two
//! minutes is offline) still holds, so a taker that dies halfway leaves its devices to it, and so
//! does a host taken over while it still ran (cut off from the database longer than its lease):
//! its sessions' next heartbeats bring their devices back online, their ends log out no one.

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::json;

use super::gateway;
use crate::AppState;
use crate::db::holdings::Held;

/// The cause the device's log gives for a logout by a host that took over.
const HOST_LOST: &str = "host-lost";
/// Logouts of a taken-over host's devices under way at once.
const LOGOUTS_AT_ONCE: usize = 8;

/// The hold of one session on its device.
pub(super) struct Hold {
    device: Held,
}

impl Hold {
    /// Writes that this session (`generation` on this host) holds the device; `None` when it
    /// could not be written (the silence rule is then the device's presence).
    pub(super) async fn take(app: &AppState, device: Held, generation: u64) -> Option<Hold> {
        let host = app.cluster.host();
        let holder = format!("{host}:{generation}");
        match app.db.hold_device(&device, host, &holder).await {
            Ok(()) => Some(Hold { device }),
            Err(err) => {
                tracing::warn!(sn = %device.2, %err, "an MQTT session's hold not written");
                None
            }
        }
    }

    /// Lets go of the device, for the newest session of it on this host (the gateway's own
    /// place says which); whether this host still held it (when not, a session on another host
    /// does, and the device is not logged out).
    pub(super) async fn let_go(self, app: &AppState) -> bool {
        app.db.let_go_of_device(&self.device, app.cluster.host()).await.unwrap_or_else(|err| {
            tracing::warn!(sn = %self.device.2, %err, "an MQTT session's hold not let go");
            true
        })
    }
}

/// Renews this host's lease, then keeps renewing it and taking over the hosts whose lease
/// lapsed. The first renewal is done before any session can hold a device.
pub async fn spawn(app: AppState) {
    let lease = Duration::from_secs(app.config.host_lease_secs);
    renew(&app, lease).await;
    tokio::spawn(async move {
        let mut every = tokio::time::interval(lease / 3);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            renew(&app, lease).await;
            take_over_lapsed(&app).await;
        }
    });
}

async fn renew(app: &AppState, lease: Duration) {
    let until = crate::db::now_ms() + lease.as_millis() as i64;
    if let Err(err) = app.db.renew_host_lease(app.cluster.host(), until).await {
        tracing::warn!(%err, "this host's lease on its MQTT sessions not renewed");
    }
}

/// Logs out the devices of every host whose lease lapsed.
async fn take_over_lapsed(app: &AppState) {
    let now = crate::db::now_ms();
    let lapsed = match app.db.lapsed_hosts(now).await {
        Ok(lapsed) => lapsed,
        Err(err) => return tracing::warn!(%err, "lapsed hosts not read"),
    };
    for host in lapsed.into_iter().filter(|host| host != app.cluster.host()) {
        let held = match app.db.take_over_host(&host, now).await {
            Ok(Some(held)) => held,
            Ok(None) => continue,
            Err(err) => {
                tracing::warn!(%host, %err, "a lapsed host not taken over");
                continue;
            }
        };
        tracing::warn!(%host, devices = held.len(), "took over a host whose lease lapsed: its devices are logged out");
        // Apart from the keeper: a fleet's logouts may take longer than this host's own lease,
        // which must be renewed meanwhile.
        let app = app.clone();
        tokio::spawn(async move {
            futures_util::stream::iter(held).for_each_concurrent(LOGOUTS_AT_ONCE, |device| log_out(&app, device)).await;
        });
    }
}

/// Logs the device out as itself, as its session's end would have.
async fn log_out(app: &AppState, (tenant, plugin, sn): Held) {
    let Some(plugin) = app.plugins.get(&plugin) else { return };
    let context = gateway::device_context(tenant, &sn, String::new());
    let body = json!({ "cause": HOST_LOST }).to_string();
    let (status, answer) = gateway::call(app, &plugin, context, "POST", "/thing/logout", &body).await;
    if status != 200 {
        tracing::warn!(%sn, status, %answer, "a taken-over device not logged out (its silence will be)");
    }
}
