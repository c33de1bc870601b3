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

    /// The kept answer of `key`, unless a write since the call's first entry would make its
    /// view more than one moment (a write to two plugins: the old record of one beside the new
    /// of the other). The call then reads its own snapshot, and its check there reruns it.
    pub fn serve(&mut self, key: &ReadKey) -> Option<Answer> {
        if !self.served_still_hold() {
            return None;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn key(plugin: &str) -> ReadKey {
        ReadKey { tenant: 1, plugin: plugin.into(), collection: "items".into(), read: "get 1".into() }
    }

    /// A writer changes a record of `a` and one of `b` in one transaction. A call served `a`'s
    /// old record must not then be served `b`'s new one: the database never held both.
    #[test]
    fn a_call_is_served_nothing_once_a_write_followed_its_first_entry() {
        let cache = Arc::new(ReadCache::default());
        for plugin in ["a", "b"] {
            let at = cache.stamp(1, plugin);
            cache.put(key(plugin), at, Answer::Count(1));
        }
        let mut call = CachedReads::new(Some(cache.clone()), 1);
        assert!(call.serve(&key("a")).is_some());
        for plugin in ["a", "b"] {
            cache.begin_write(1, plugin);
        }
        for plugin in ["a", "b"] {
            cache.end_write(1, plugin);
        }
        let at = cache.stamp(1, "b");
        cache.put(key("b"), at, Answer::Count(2));
        assert!(call.serve(&key("b")).is_none(), "b's new record beside a's old one");
        assert!(!call.served_still_hold(), "its transaction's check reruns it");
        let mut fresh = CachedReads::new(Some(cache), 1);
        assert!(matches!(fresh.serve(&key("b")), Some(Answer::Count(2))), "a new call is served b");
    }

    #[test]
    fn the_writer_count_goes_back_when_a_call_ends_without_settling() {
        let cache = Arc::new(ReadCache::default());
        {
            let mut call = CachedReads::new(Some(cache.clone()), 1);
            call.writes("a");
            assert!(!cache.stamp(1, "a").settled());
        }
        assert!(cache.stamp(1, "a").settled());
    }
}
