//! Websockets of apps and devices on a plugin's `socket` routes (contract 0.1.10 `live`): the
//! bounds the host keeps on them, and how many are open, per enterprise and in all, so one
//! enterprise's apps cannot take every connection of the process.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc;

use super::LiveEvent;

/// The subprotocol an app offers, followed by its key (a browser's websocket sets no header).
pub const PROTOCOL: &str = "device.v1";
/// Sockets open at once, over all tenants.
pub const MAX_SOCKETS: usize = 50_000;
/// Sockets of one enterprise open at once.
pub const MAX_SOCKETS_PER_TENANT: usize = 20_000;
/// Sockets of one key at once: an app's key is in every copy of the app, so one key may not take
/// its enterprise's every place.
pub const MAX_SOCKETS_PER_KEY: usize = 10_000;
/// Sockets from one network address at once (a carrier's NAT puts many phones behind one).
pub const MAX_SOCKETS_PER_ADDRESS: usize = 64;
/// How long a frame may take to leave: a client that stops reading is let go.
pub const SEND_WAIT: Duration = Duration::from_secs(10);
/// Channels one socket listens to.
pub const MAX_CHANNELS: usize = 8;
/// How long the host waits for the first frame, and how large any frame from the app may be.
pub const HELLO_WAIT: Duration = Duration::from_secs(10);
pub const MAX_FRAME: usize = 4096;
/// How often the host pings, so that a connection through a NAT stays open.
pub const PING: Duration = Duration::from_secs(30);
/// Frames waiting for one socket at most: a socket this far behind is closed, and its app reads
/// what it missed.
pub const BACKLOG: usize = 256;

/// A channel as sockets listen to it: (tenant, plugin, channel).
type ChannelKey = (i64, String, String);
/// Where a socket's frames go: its id, and its queue.
type Listener = (u64, mpsc::Sender<Arc<str>>);

/// The sockets open in this process, and who listens to which channel: a live message goes to
/// the sockets of its channel only, not past every socket of the process.
#[derive(Default)]
pub struct Sockets {
    places: Mutex<Places>,
    count: AtomicUsize,
    next_id: AtomicU64,
    listening: Mutex<Listening>,
}

/// The places taken, by enterprise, key and address.
#[derive(Default)]
struct Places {
    per_tenant: HashMap<i64, usize>,
    per_key: HashMap<i64, usize>,
    per_address: HashMap<String, usize>,
}

fn take<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
    *counts.entry(key).or_default() += 1;
}

fn give_back<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = counts.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            counts.remove(key);
        }
    }
}

/// Who listens to what, both ways.
#[derive(Default)]
struct Listening {
    channels: HashMap<ChannelKey, Vec<Listener>>,
    sockets: HashMap<u64, Vec<ChannelKey>>,
}

impl Listening {
    fn forget(&mut self, id: u64) {
        for key in self.sockets.remove(&id).unwrap_or_default() {
            if let Some(listeners) = self.channels.get_mut(&key) {
                listeners.retain(|(socket, _)| *socket != id);
                if listeners.is_empty() {
                    self.channels.remove(&key);
                }
            }
        }
    }
}

/// One socket open; dropping it (the socket closed) lets go of its place and its channels.
pub struct OpenSocket {
    sockets: Arc<Sockets>,
    tenant: i64,
    key: i64,
    address: String,
    pub id: u64,
}

impl Sockets {
    /// A place for a socket of `tenant`'s `key` from `address`; `None` when the address's, the
    /// key's, the enterprise's or the process's places are taken.
    pub fn open(self: &Arc<Self>, tenant: i64, key: i64, address: &str) -> Option<OpenSocket> {
        let mut places = self.places.lock().unwrap_or_else(|e| e.into_inner());
        let full = places.per_tenant.get(&tenant).copied().unwrap_or(0) >= MAX_SOCKETS_PER_TENANT
            || places.per_key.get(&key).copied().unwrap_or(0) >= MAX_SOCKETS_PER_KEY
            || places.per_address.get(address).copied().unwrap_or(0) >= MAX_SOCKETS_PER_ADDRESS
            || self.count.load(Ordering::Relaxed) >= MAX_SOCKETS;
        if full {
            return None;
        }
        take(&mut places.per_tenant, tenant);
        take(&mut places.per_key, key);
        take(&mut places.per_address, address.to_string());
        self.count.fetch_add(1, Ordering::Relaxed);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        Some(OpenSocket { sockets: self.clone(), tenant, key, address: address.to_string(), id })
    }

    /// The socket `id` listens to these channels of `plugin` from now on (and no others); what
    /// they carry comes through `frames`.
    pub fn listen(&self, id: u64, tenant: i64, plugin: &str, channels: &[String], frames: &mpsc::Sender<Arc<str>>) {
        let mut listening = self.listening.lock().unwrap_or_else(|e| e.into_inner());
        listening.forget(id);
        let keys: Vec<ChannelKey> = channels.iter().map(|c| (tenant, plugin.to_string(), c.clone())).collect();
        for key in &keys {
            listening.channels.entry(key.clone()).or_default().push((id, frames.clone()));
        }
        listening.sockets.insert(id, keys);
    }

    /// Hands a live message to the sockets listening to its channel; a socket too far behind
    /// loses its channels (its frames end, and it closes).
    pub fn deliver(&self, event: &LiveEvent) {
        let Some(channel) = &event.channel else { return };
        let key = (event.tenant_id, event.plugin.clone(), channel.clone());
        let mut listening = self.listening.lock().unwrap_or_else(|e| e.into_inner());
        let Some(sockets) = listening.channels.get_mut(&key) else { return };
        let frame: Arc<str> = serde_json::json!({ "channel": channel, "message": event.payload }).to_string().into();
        let mut behind = Vec::new();
        sockets.retain(|(id, frames)| match frames.try_send(frame.clone()) {
            Ok(()) => true,
            Err(_) => {
                behind.push(*id);
                false
            }
        });
        for id in behind {
            listening.forget(id);
        }
    }

    /// Sockets open now.
    pub fn open_now(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}

impl Drop for OpenSocket {
    fn drop(&mut self) {
        self.sockets.listening.lock().unwrap_or_else(|e| e.into_inner()).forget(self.id);
        self.sockets.count.fetch_sub(1, Ordering::Relaxed);
        let mut places = self.sockets.places.lock().unwrap_or_else(|e| e.into_inner());
        give_back(&mut places.per_tenant, &self.tenant);
        give_back(&mut places.per_key, &self.key);
        give_back(&mut places.per_address, &self.address);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_enterprise_takes_at_most_its_share_and_a_closed_socket_gives_its_place_back() {
        let sockets = Arc::new(Sockets::default());
        // Keys and addresses spread, so that the enterprise's share is what runs out.
        let place = |n: usize| sockets.open(1, (n % 4) as i64, &format!("10.0.{}.{}", n / 250, n % 250));
        let mut open: Vec<OpenSocket> = (0..MAX_SOCKETS_PER_TENANT).map(|n| place(n).expect("a place")).collect();
        assert!(place(MAX_SOCKETS_PER_TENANT).is_none(), "the enterprise's share is taken");
        let other = sockets.open(2, 9, "10.9.9.9").expect("another enterprise still gets one");
        open.pop();
        assert!(place(7).is_some(), "a closed socket's place is free again");
        drop(other);
        drop(open);
        assert_eq!(sockets.open_now(), 0);
    }

    #[test]
    fn one_address_and_one_key_take_their_share_only() {
        let sockets = Arc::new(Sockets::default());
        let from_one: Vec<OpenSocket> =
            (0..MAX_SOCKETS_PER_ADDRESS).map(|_| sockets.open(1, 1, "10.0.0.1").expect("a place")).collect();
        assert!(sockets.open(1, 1, "10.0.0.1").is_none(), "the address's share is taken");
        assert!(sockets.open(1, 1, "10.0.0.2").is_some(), "another address of the same key still gets one");
        drop(from_one);
        let by_key: Vec<OpenSocket> = (0..MAX_SOCKETS_PER_KEY)
            .map(|n| sockets.open(1, 5, &format!("10.1.{}.{}", n / 60, n % 60)).expect("a place"))
            .collect();
        assert!(sockets.open(1, 5, "10.2.0.1").is_none(), "the key's share is taken");
        assert!(sockets.open(1, 6, "10.2.0.1").is_some(), "another key of the enterprise still gets one");
        drop(by_key);
        assert_eq!(sockets.open_now(), 0);
    }

    fn message(channel: &str, text: &str) -> LiveEvent {
        LiveEvent {
            tenant_id: 1,
            plugin: "chat".into(),
            topic: "chat.live".into(),
            payload: serde_json::json!({ "text": text }),
            channel: Some(channel.into()),
            user: None,
            relayed: false,
        }
    }

    #[test]
    fn a_message_reaches_the_sockets_of_its_channel_only_and_one_far_behind_is_let_go() {
        let sockets = Arc::new(Sockets::default());
        let (a, b) = (sockets.open(1, 1, "10.0.0.1").expect("a"), sockets.open(1, 1, "10.0.0.2").expect("b"));
        let (to_a, mut at_a) = mpsc::channel(BACKLOG);
        let (to_b, mut at_b) = mpsc::channel(1);
        sockets.listen(a.id, 1, "chat", &["chat:1".into(), "queue".into()], &to_a);
        sockets.listen(b.id, 1, "chat", &["chat:2".into(), "queue".into()], &to_b);
        // As a socket does: only `Sockets` holds its sender.
        let b_sender = to_b.downgrade();
        drop(to_b);
        sockets.deliver(&message("chat:1", "for a"));
        assert_eq!(at_a.try_recv().ok().as_deref(), Some(r#"{"channel":"chat:1","message":{"text":"for a"}}"#));
        assert!(at_b.try_recv().is_err(), "b listens to another chat");
        // b holds one frame at most: the second finds it full, and b loses its channels.
        sockets.deliver(&message("queue", "one"));
        sockets.deliver(&message("queue", "two"));
        assert!(at_b.try_recv().is_ok());
        assert!(b_sender.upgrade().is_none(), "let go: b cannot listen again without reconnecting");
        assert_eq!(at_b.try_recv(), Err(mpsc::error::TryRecvError::Disconnected), "its frames end: it closes");
        assert_eq!(at_a.try_recv().ok().as_deref().map(|f| f.contains("one")), Some(true));
        assert_eq!(at_a.try_recv().ok().as_deref().map(|f| f.contains("two")), Some(true));
        // A closed socket's channels go with it.
        drop(a);
        sockets.deliver(&message("queue", "three"));
        assert!(at_a.try_recv().is_err());
    }
}
