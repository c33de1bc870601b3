//! Websockets of apps and devices on a plugin's `socket` routes (contract 0.1.10 `live`): the
//! bounds the host keeps on them, and how many are open, per enterprise and in all, so one
//! enterprise's apps cannot take every connection of the process.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The subprotocol an app offers, followed by its key (a browser's websocket sets no header).
pub const PROTOCOL: &str = "device.v1";
/// Sockets open at once, over all tenants.
pub const MAX_SOCKETS: usize = 50_000;
/// Sockets of one enterprise open at once.
pub const MAX_SOCKETS_PER_TENANT: usize = 20_000;
/// Channels one socket listens to.
pub const MAX_CHANNELS: usize = 8;
/// How long the host waits for the first frame, and how large any frame from the app may be.
pub const HELLO_WAIT: Duration = Duration::from_secs(10);
pub const MAX_FRAME: usize = 4096;
/// How often the host pings, so that a connection through a NAT stays open.
pub const PING: Duration = Duration::from_secs(30);

#[derive(Default)]
pub struct Sockets {
    per_tenant: Mutex<HashMap<i64, usize>>,
    count: AtomicUsize,
}

/// One socket open; dropping it (the socket closed) lets go.
pub struct OpenSocket {
    sockets: Arc<Sockets>,
    tenant: i64,
}

impl Sockets {
    /// A place for a socket of `tenant`; `None` when its enterprise's or the process's are taken.
    pub fn open(self: &Arc<Self>, tenant: i64) -> Option<OpenSocket> {
        let mut per_tenant = self.per_tenant.lock().unwrap_or_else(|e| e.into_inner());
        let open = per_tenant.entry(tenant).or_default();
        if *open >= MAX_SOCKETS_PER_TENANT || self.count.load(Ordering::Relaxed) >= MAX_SOCKETS {
            return None;
        }
        *open += 1;
        self.count.fetch_add(1, Ordering::Relaxed);
        Some(OpenSocket { sockets: self.clone(), tenant })
    }

    /// Sockets open now.
    pub fn open_now(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}

impl Drop for OpenSocket {
    fn drop(&mut self) {
        self.sockets.count.fetch_sub(1, Ordering::Relaxed);
        let mut per_tenant = self.sockets.per_tenant.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = per_tenant.get_mut(&self.tenant) {
            *open -= 1;
            if *open == 0 {
                per_tenant.remove(&self.tenant);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_enterprise_takes_at_most_its_share_and_a_closed_socket_gives_its_place_back() {
        let sockets = Arc::new(Sockets::default());
        let mut open: Vec<OpenSocket> =
            (0..MAX_SOCKETS_PER_TENANT).map(|_| sockets.open(1).expect("a place")).collect();
        assert!(sockets.open(1).is_none(), "the enterprise's share is taken");
        let other = sockets.open(2).expect("another enterprise still gets one");
        open.pop();
        assert!(sockets.open(1).is_some(), "a closed socket's place is free again");
        drop(other);
        drop(open);
        assert_eq!(sockets.open_now(), 0);
    }
}
