//! Long polls of devices (contract 0.1.8 `device-keys.wake`): a device route marked `long_poll`
//! that answers an empty list may hold the request (`?wait=<seconds>`) until the plugin wakes
//! the device — a command waits for it — or the time is up. A wake is delivered when the call
//! that made it commits. Another host process does not hear it: a waiting request asks the
//! plugin again every [`RECHECK`] anyway, so a wake made anywhere reaches the device within that.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;

/// How often a waiting request asks the plugin again, whatever it heard.
pub const RECHECK: Duration = Duration::from_secs(2);
/// The longest a device may ask to wait.
pub const MAX_WAIT_SECS: u64 = 30;
/// Requests waiting at once, over all tenants: past this, a long poll answers at once.
pub const MAX_WAITING: usize = 50_000;

/// A device as a wake names it: tenant, plugin, SN.
pub type DeviceId = (i64, String, String);

#[derive(Default)]
pub struct DeviceWakes {
    waiting: Mutex<HashMap<DeviceId, (Arc<Notify>, usize)>>,
    count: AtomicUsize,
}

/// One request waiting; dropping it (answered, timed out, or its client left) lets go.
pub struct Waiter<'w> {
    wakes: &'w DeviceWakes,
    device: DeviceId,
    pub notify: Arc<Notify>,
}

impl DeviceWakes {
    /// Starts waiting for `device`, or `None` when too many requests wait already.
    pub fn wait(&self, device: DeviceId) -> Option<Waiter<'_>> {
        if self.count.fetch_add(1, Ordering::Relaxed) >= MAX_WAITING {
            self.count.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        let entry = waiting.entry(device.clone()).or_insert_with(|| (Arc::new(Notify::new()), 0));
        entry.1 += 1;
        Some(Waiter { wakes: self, device, notify: entry.0.clone() })
    }

    /// Wakes every request of this process waiting for `device`.
    pub fn wake(&self, device: &DeviceId) {
        let waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((notify, _)) = waiting.get(device) {
            notify.notify_waiters();
        }
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
        if let Some(entry) = waiting.get_mut(&self.device) {
            entry.1 -= 1;
            if entry.1 == 0 {
                waiting.remove(&self.device);
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
        drop((waiter_a, waiter_b));
        assert_eq!(wakes.waiting(), 0);
        assert!(wakes.waiting.lock().expect("lock").is_empty(), "nothing left behind");
    }
}
