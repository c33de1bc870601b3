//! Long polls of devices (contract 0.1.8 `device-keys.wake`): a device route marked `long_poll`
//! that answers an empty list may hold the request (`?wait=<seconds>`) until the plugin wakes
//! the device — a command waits for it — or the time is up. A wake is delivered when the call
//! that made it commits. Another host process does not hear it: a waiting request asks the
//! plugin again every [`RECHECK`] anyway, so a wake made anywhere reaches the device within that.
//! One request waits per device (a second answers at once), and an enterprise's devices take
//! at most [`MAX_WAITING_PER_TENANT`] of the process's [`MAX_WAITING`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;

/// How often a waiting request asks the plugin again, whatever it heard.
pub const RECHECK: Duration = Duration::from_secs(5);
/// The longest a device may ask to wait.
pub const MAX_WAIT_SECS: u64 = 30;
/// Requests waiting at once, over all tenants: past this, a long poll answers at once.
pub const MAX_WAITING: usize = 50_000;
/// Requests of one enterprise waiting at once.
pub const MAX_WAITING_PER_TENANT: usize = 20_000;

/// A device as a wake names it: tenant, plugin, SN.
pub type DeviceId = (i64, String, String);

#[derive(Default)]
pub struct DeviceWakes {
    waiting: Mutex<Waiting>,
    count: AtomicUsize,
    /// Every wake of the process, for whoever delivers to devices that wait nowhere here (the
    /// external MQTT broker's bridge); made when first listened to.
    every: std::sync::OnceLock<tokio::sync::broadcast::Sender<DeviceId>>,
}

/// Wakes a listener to [`DeviceWakes::every_wake`] may fall behind by before it misses some.
const EVERY_WAKE_BACKLOG: usize = 4096;

#[derive(Default)]
struct Waiting {
    devices: HashMap<DeviceId, Arc<Notify>>,
    per_tenant: HashMap<i64, usize>,
}

/// One request waiting; dropping it (answered, timed out, or its client left) lets go.
pub struct Waiter<'w> {
    wakes: &'w DeviceWakes,
    device: DeviceId,
    pub notify: Arc<Notify>,
}

impl DeviceWakes {
    /// Starts waiting for `device`; `None` when a request of the device waits already, or too
    /// many of its enterprise's or of all.
    pub fn wait(&self, device: DeviceId) -> Option<Waiter<'_>> {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        let tenant = waiting.per_tenant.get(&device.0).copied().unwrap_or(0);
        let full = self.count.load(Ordering::Relaxed) >= MAX_WAITING || tenant >= MAX_WAITING_PER_TENANT;
        if full || waiting.devices.contains_key(&device) {
            return None;
        }
        let notify = Arc::new(Notify::new());
        waiting.devices.insert(device.clone(), notify.clone());
        *waiting.per_tenant.entry(device.0).or_default() += 1;
        self.count.fetch_add(1, Ordering::Relaxed);
        Some(Waiter { wakes: self, device, notify })
    }

    /// Wakes the request of this process waiting for `device`, and tells the listeners to every
    /// wake.
    pub fn wake(&self, device: &DeviceId) {
        {
            let waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(notify) = waiting.devices.get(device) {
                notify.notify_waiters();
            }
        }
        if let Some(every) = self.every.get() {
            // Nobody listening is no failure.
            let _ = every.send(device.clone());
        }
    }

    /// Every wake of this process from now on.
    pub fn every_wake(&self) -> tokio::sync::broadcast::Receiver<DeviceId> {
        self.every.get_or_init(|| tokio::sync::broadcast::channel(EVERY_WAKE_BACKLOG).0).subscribe()
    }

    /// Requests waiting now.
    pub fn waiting(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}

impl Drop for Waiter<'_> {
    fn drop(&mut self) {
        self.wakes.count.fetch_sub(1, Ordering::Relaxed);
        let mut waiting = self.wakes.waiting.lock().unwrap_or_else(|e| e.into_inner());
        waiting.devices.remove(&self.device);
        if let Some(count) = waiting.per_tenant.get_mut(&self.device.0) {
            *count -= 1;
            if *count == 0 {
                waiting.per_tenant.remove(&self.device.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_wake_reaches_the_requests_waiting_for_its_device_only() {
        let wakes = DeviceWakes::default();
        let (a, b) = ((1, "device".to_string(), "RV-1".to_string()), (1, "device".to_string(), "RV-2".to_string()));
        let waiter_a = wakes.wait(a.clone()).expect("room");
        let waiter_b = wakes.wait(b.clone()).expect("room");
        {
            let (notify_a, notify_b) = (waiter_a.notify.clone(), waiter_b.notify.clone());
            let (woken_a, woken_b) = (notify_a.notified(), notify_b.notified());
            tokio::pin!(woken_a, woken_b);
            woken_a.as_mut().enable();
            woken_b.as_mut().enable();
            wakes.wake(&a);
            assert!(tokio::time::timeout(Duration::from_millis(100), woken_a).await.is_ok(), "RV-1 woken");
            assert!(tokio::time::timeout(Duration::from_millis(100), woken_b).await.is_err(), "RV-2 not");
        }
        assert_eq!(wakes.waiting(), 2);
        let mut every = wakes.every_wake();
        wakes.wake(&b);
        assert_eq!(every.try_recv().ok(), Some(b.clone()), "a listener to every wake hears it");
        assert!(wakes.wait(a.clone()).is_none(), "one request waits per device");
        drop((waiter_a, waiter_b));
        assert_eq!(wakes.waiting(), 0);
        let waiting = wakes.waiting.lock().expect("lock");
        assert!(waiting.devices.is_empty() && waiting.per_tenant.is_empty(), "nothing left behind");
    }
}
