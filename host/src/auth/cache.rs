//! What the guard learns about a request's caller, kept in memory for a few seconds: the session
//! a token hash names, the plugins an enterprise has enabled, the actions an account holds, and
//! its menu tree.
//! Without it every authenticated request asked the database three times (the guard
//! alone took a native route from 93,000 to 3,800 requests/s).
//!
//! Kept correct by one rule: every request that may change state outside a plugin (every core
//! write, sign-in, logout and password change included) drops the whole cache when it ends,
//! however it ends (see [`AuthCache::changing`]); a plugin build swapped in drops it too. Expiry
//! and an enterprise's disabled-until time are judged on every request from the cached row.
//! Other hosts on the same PostgreSQL hear of every such change through `cluster` and drop
//! theirs too ([`AuthCache::changed`] wakes the announcer). An entry lives at most [`TTL`],
//! which bounds what a change nobody announced (an operator's SQL, a lost notification) can
//! leave behind.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::db::SessionRow;

pub const TTL: Duration = Duration::from_secs(5);
/// Entries per map before it is emptied: bounds memory under a flood of distinct tokens.
const MAX_ENTRIES: usize = 20_000;

/// The state a lookup read: entries stamped with an older one are not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    core: u64,
    plugin_builds: u64,
}

struct Entry<V> {
    stamp: Stamp,
    at: Instant,
    value: V,
}

struct Map<K, V>(Mutex<HashMap<K, Entry<V>>>);

impl<K: Eq + Hash, V: Clone> Map<K, V> {
    fn new() -> Self {
        Map(Mutex::new(HashMap::new()))
    }

    fn get(&self, key: &K, now: Stamp) -> Option<V> {
        let map = self.0.lock().ok()?;
        map.get(key).filter(|e| e.stamp == now && e.at.elapsed() < TTL).map(|e| e.value.clone())
    }

    fn put(&self, key: K, stamp: Stamp, value: V) {
        if let Ok(mut map) = self.0.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(key, Entry { stamp, at: Instant::now(), value });
        }
    }
}

pub struct AuthCache {
    core: AtomicU64,
    sessions: Map<String, SessionRow>,
    enabled: Map<i64, Arc<Vec<String>>>,
    /// By (account, whether it is a platform account, the enterprise whose plugins count).
    actions: Map<(i64, bool, i64), Arc<HashSet<String>>>,
    /// An account's menu tree as `getUserMenu` answers it (the shell asks on every start), by
    /// (account, the enterprise whose plugins count): the answer's body, written once.
    menus: Map<(i64, i64), bytes::Bytes>,
    /// Woken by every change made here, for `cluster` to announce to the other hosts.
    pub changed: tokio::sync::Notify,
}

impl Default for AuthCache {
    fn default() -> Self {
        AuthCache {
            core: AtomicU64::new(0),
            sessions: Map::new(),
            enabled: Map::new(),
            actions: Map::new(),
            menus: Map::new(),
            changed: tokio::sync::Notify::new(),
        }
    }
}

/// Drops the cache when it goes out of scope: at the end of a request that may change state,
/// and also when that request is cancelled half-way (its client left after the commit).
pub struct Changing<'a>(&'a AuthCache);

impl Drop for Changing<'_> {
    fn drop(&mut self) {
        self.0.forget_all();
        self.0.changed.notify_one();
    }
}

impl AuthCache {
    /// Read before the database is asked, so that a change committed during the lookup makes
    /// what it read stale rather than cached.
    pub fn stamp(&self, plugin_builds: u64) -> Stamp {
        Stamp { core: self.core.load(Ordering::SeqCst), plugin_builds }
    }

    pub fn changing(&self) -> Changing<'_> {
        Changing(self)
    }

    /// Makes every entry stale: another host announced a change, or the channel that would
    /// have announced one was lost for a while.
    pub fn forget_all(&self) {
        self.core.fetch_add(1, Ordering::SeqCst);
    }

    pub fn session(&self, token_hash: &str, now: Stamp) -> Option<SessionRow> {
        self.sessions.get(&token_hash.to_string(), now)
    }

    pub fn keep_session(&self, token_hash: &str, stamp: Stamp, row: SessionRow) {
        self.sessions.put(token_hash.to_string(), stamp, row);
    }

    pub fn enabled(&self, tenant: i64, now: Stamp) -> Option<Arc<Vec<String>>> {
        self.enabled.get(&tenant, now)
    }

    pub fn keep_enabled(&self, tenant: i64, stamp: Stamp, plugins: Arc<Vec<String>>) {
        self.enabled.put(tenant, stamp, plugins);
    }

    pub fn actions(&self, key: (i64, bool, i64), now: Stamp) -> Option<Arc<HashSet<String>>> {
        self.actions.get(&key, now)
    }

    pub fn keep_actions(&self, key: (i64, bool, i64), stamp: Stamp, actions: Arc<HashSet<String>>) {
        self.actions.put(key, stamp, actions);
    }

    pub fn menus(&self, key: (i64, i64), now: Stamp) -> Option<bytes::Bytes> {
        self.menus.get(&key, now)
    }

    pub fn keep_menus(&self, key: (i64, i64), stamp: Stamp, body: bytes::Bytes) {
        self.menus.put(key, stamp, body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64) -> SessionRow {
        SessionRow {
            id,
            account_id: 1,
            expires_at: i64::MAX,
            end_reason: None,
            tenant_id: 0,
            username: "ann".into(),
            name: "Ann".into(),
            account_disabled: false,
            tenant_disabled: false,
            tenant_disabled_until: None,
        }
    }

    #[test]
    fn a_change_or_a_new_plugin_build_makes_every_entry_stale() {
        let cache = AuthCache::default();
        let stamp = cache.stamp(7);
        cache.keep_session("h", stamp, row(1));
        assert_eq!(cache.session("h", cache.stamp(7)).map(|r| r.id), Some(1));
        assert!(cache.session("h", cache.stamp(8)).is_none(), "a plugin build was swapped in");
        drop(cache.changing());
        assert!(cache.session("h", cache.stamp(7)).is_none(), "a core write ended");
    }

    #[test]
    fn what_was_read_before_a_change_is_never_served_after_it() {
        let cache = AuthCache::default();
        // A lookup starts, a write ends while it asks the database, then the lookup keeps its row.
        let read_before = cache.stamp(0);
        drop(cache.changing());
        cache.keep_session("h", read_before, row(1));
        assert!(cache.session("h", cache.stamp(0)).is_none());
    }

    #[test]
    fn a_flood_of_tokens_does_not_grow_the_map_without_bound() {
        let cache = AuthCache::default();
        let stamp = cache.stamp(0);
        for i in 0..(MAX_ENTRIES as i64 + 10) {
            cache.keep_session(&i.to_string(), stamp, row(i));
        }
        assert!(cache.sessions.0.lock().expect("map").len() <= MAX_ENTRIES);
    }
}
