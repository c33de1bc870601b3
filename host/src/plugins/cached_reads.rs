//! One call's share of the read cache (`db::read_cache`): which entries it was served, where
//! the stamps stood before its transaction's snapshot, and whose records it writes.
//!
//! A call is served entries only while it has no transaction of its own (no snapshot to be
//! consistent with, nothing written). Once it opens one, what it was served must still be what
//! the database holds: checked when the snapshot is taken and when the write lock is, and if not
//! the call runs again from the start without the cache, as a stale snapshot does.

use std::sync::Arc;

use crate::db::read_cache::{Answer, ReadCache, ReadKey, Stamp, TenantStamps};

pub struct CachedReads {
    cache: Option<Arc<ReadCache>>,
    tenant: i64,
    /// The plugins whose entries the call was served, at the stamp it was served them.
    served: Vec<(String, Stamp)>,
    /// The stamps before its transaction's snapshot: what its own reads may be kept at.
    before_snapshot: Option<TenantStamps>,
    /// The plugins whose records the call writes.
    writing: Vec<String>,
}

impl CachedReads {
    pub fn new(cache: Option<Arc<ReadCache>>, tenant: i64) -> Self {
        CachedReads { cache, tenant, served: Vec::new(), before_snapshot: None, writing: Vec::new() }
    }

    /// The kept answer of `key`, unless the call already holds entries of the plugin taken at
    /// another stamp (its view would not be one moment).
    pub fn serve(&mut self, key: &ReadKey) -> Option<Answer> {
        let (answer, stamp) = self.cache.as_ref()?.get(key)?;
        match self.served.iter().find(|(plugin, _)| plugin == &key.plugin) {
            Some((_, held)) if !held.same_records(&stamp) => return None,
            Some(_) => {}
            None => self.served.push((key.plugin.clone(), stamp)),
        }
        Some(answer)
    }

    /// Keeps what the call read in its transaction, if its snapshot saw no write since (the
    /// answer is made only then: under writers it is never copied).
    pub fn keep(&self, key: ReadKey, answer: impl FnOnce() -> Answer) {
        if let (Some(cache), Some(before)) = (&self.cache, &self.before_snapshot)
            && !self.writing.contains(&key.plugin)
        {
            let read_at = before.of(&key.plugin);
            if cache.may_keep(key.tenant, &key.plugin, read_at) {
                cache.put(key, read_at, answer());
            }
        }
    }

    /// Right before the call's transaction begins.
    pub fn snapshot_begins(&mut self) {
        self.before_snapshot = self.cache.as_ref().map(|cache| cache.stamps_of(self.tenant));
    }

    /// Whether it was served entries: its snapshot or write lock is then to be checked.
    pub fn was_served(&self) -> bool {
        !self.served.is_empty()
    }

    /// Whether every entry it was served is still what the database holds (checked once its
    /// snapshot is taken, or it holds the write lock).
    pub fn served_still_hold(&self) -> bool {
        let Some(cache) = &self.cache else { return true };
        self.served.iter().all(|(plugin, stamp)| cache.stamp(self.tenant, plugin).same_records(stamp))
    }

    /// The call writes `plugin`'s records (it holds the write lock).
    pub fn writes(&mut self, plugin: &str) {
        if let Some(cache) = &self.cache
            && !self.writing.iter().any(|p| p == plugin)
        {
            cache.begin_write(self.tenant, plugin);
            self.writing.push(plugin.to_string());
        }
    }

    /// Its transaction is over: committed or rolled back.
    pub fn transaction_ended(&mut self) {
        if let Some(cache) = &self.cache {
            for plugin in self.writing.drain(..) {
                cache.end_write(self.tenant, &plugin);
            }
        }
        self.before_snapshot = None;
    }
}

impl Drop for CachedReads {
    /// A call that ends without settling (its task failed) writes nothing: its transaction is
    /// rolled back as it goes, and the cache must not stay off for its plugins.
    fn drop(&mut self) {
        self.transaction_ended();
    }
}
