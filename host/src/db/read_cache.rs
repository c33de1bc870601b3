//! An exact cache of plugin store reads, on SQLite. A signed-in list through a
//! plugin spent two thirds of its time in four round trips to SQLite's worker thread (begin, the
//! page, the total, commit); a read served from here opens no transaction at all.
//!
//! Exact, not short-lived. Every (tenant, plugin) has a [`Stamp`]: a call that writes the
//! plugin's records raises it and counts itself as a writer under the write lock, before its
//! first statement, and raises it again when its transaction is over (committed or not). An
//! entry is kept, and served, only at the stamp it was read at with no writer at work; so an
//! entry is what the database holds for as long as it is served. A call that mixes entries with
//! reads of its own transaction checks that the stamps it used still hold once its snapshot is
//! taken, and once it holds the write lock; otherwise it runs again without the cache
//! (`runtime::CallState`).
//!
//! SQLite only: one host process owns the file. Several hosts run on PostgreSQL, where another
//! host's writes would not raise this process's stamps.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use quick_cache::Weighter;

use super::plugin_store::RecordRow;

/// The weight the cache holds at most: about its bytes.
const CAPACITY_BYTES: u64 = 32 << 20;
/// A read larger than this is not kept (a page of large documents).
const LARGEST_ENTRY_BYTES: u64 = 1 << 20;

/// Where a (tenant, plugin)'s records stand: changed `version` times, `writers` at work now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stamp {
    /// Raised by writes made outside plugin calls (a bulk load): every entry goes.
    epoch: u64,
    version: u64,
    writers: u32,
}

impl Stamp {
    /// Whether entries may be kept or served at this stamp: nobody is writing.
    pub fn settled(&self) -> bool {
        self.writers == 0
    }

    /// The same records as `other`: nothing was written between the two.
    pub fn same_records(&self, other: &Stamp) -> bool {
        self.epoch == other.epoch && self.version == other.version
    }
}

/// One read: the collection and the statement's canonical text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadKey {
    pub tenant: i64,
    pub plugin: String,
    pub collection: String,
    pub read: String,
}

/// What a read answered.
#[derive(Debug, Clone)]
pub enum Answer {
    Row(Option<RecordRow>),
    Page(Vec<RecordRow>, u64),
    Count(u64),
}

impl Answer {
    fn bytes(&self) -> u64 {
        let row = |r: &RecordRow| 64 + r.data.len() as u64;
        match self {
            Answer::Row(row_of) => 64 + row_of.as_ref().map_or(0, row),
            Answer::Page(rows, _) => 64 + rows.iter().map(row).sum::<u64>(),
            Answer::Count(_) => 64,
        }
    }
}

#[derive(Debug, Clone)]
struct Entry {
    stamp: Stamp,
    answer: Answer,
}

#[derive(Debug, Clone, Copy)]
struct Bytes;

impl Weighter<ReadKey, Entry> for Bytes {
    fn weight(&self, key: &ReadKey, entry: &Entry) -> u64 {
        (key.plugin.len() + key.collection.len() + key.read.len()) as u64 + entry.answer.bytes()
    }
}

/// The stamps of one tenant's plugins at a moment (before a transaction's snapshot).
#[derive(Debug, Clone, Default)]
pub struct TenantStamps {
    epoch: u64,
    epoch_writers: u32,
    plugins: HashMap<String, Stamp>,
}

impl TenantStamps {
    pub fn of(&self, plugin: &str) -> Stamp {
        let mut stamp = self.plugins.get(plugin).copied().unwrap_or_default();
        stamp.epoch = self.epoch;
        stamp.writers += self.epoch_writers;
        stamp
    }
}

#[derive(Debug)]
pub struct ReadCache {
    stamps: Mutex<HashMap<i64, HashMap<String, Stamp>>>,
    /// Writes outside plugin calls under way, and how many there were.
    epoch: AtomicU64,
    epoch_writers: AtomicU64,
    entries: quick_cache::sync::Cache<ReadKey, Entry, Bytes>,
    hits: AtomicU64,
    misses: AtomicU64,
}

impl Default for ReadCache {
    fn default() -> Self {
        ReadCache {
            stamps: Mutex::new(HashMap::new()),
            epoch: AtomicU64::new(0),
            epoch_writers: AtomicU64::new(0),
            entries: quick_cache::sync::Cache::with_weighter(16_384, CAPACITY_BYTES, Bytes),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }
}

impl ReadCache {
    fn stamps(&self) -> std::sync::MutexGuard<'_, HashMap<i64, HashMap<String, Stamp>>> {
        self.stamps.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn epoch_writers(&self) -> u32 {
        u32::try_from(self.epoch_writers.load(Ordering::Acquire)).unwrap_or(u32::MAX)
    }

    /// Where the tenant's records of `plugin` stand now.
    pub fn stamp(&self, tenant: i64, plugin: &str) -> Stamp {
        let epoch_writers = self.epoch_writers();
        let epoch = self.epoch.load(Ordering::Acquire);
        let mut stamp = self.stamps().get(&tenant).and_then(|plugins| plugins.get(plugin)).copied().unwrap_or_default();
        stamp.epoch = epoch;
        stamp.writers += epoch_writers;
        stamp
    }

    /// Where all the tenant's plugins stand now: taken before a transaction's snapshot, what
    /// its reads may be kept at.
    pub fn stamps_of(&self, tenant: i64) -> TenantStamps {
        let epoch_writers = self.epoch_writers();
        let epoch = self.epoch.load(Ordering::Acquire);
        let plugins = self.stamps().get(&tenant).cloned().unwrap_or_default();
        TenantStamps { epoch, epoch_writers, plugins }
    }

    /// The answer kept for `key`, if it is what the database holds now; with its stamp.
    pub fn get(&self, key: &ReadKey) -> Option<(Answer, Stamp)> {
        let now = self.stamp(key.tenant, &key.plugin);
        let found = self.entries.get(key).filter(|entry| now.settled() && entry.stamp.same_records(&now));
        let counter = if found.is_some() { &self.hits } else { &self.misses };
        counter.fetch_add(1, Ordering::Relaxed);
        found.map(|entry| (entry.answer, entry.stamp))
    }

    /// Whether a read in a snapshot taken at `read_at` or later may be kept now: nothing was
    /// written since, and nobody is writing.
    pub fn may_keep(&self, tenant: i64, plugin: &str, read_at: Stamp) -> bool {
        let now = self.stamp(tenant, plugin);
        read_at.settled() && now.settled() && now.same_records(&read_at)
    }

    /// Keeps `answer`, read in a snapshot taken at `read_at` or later, if nothing was written
    /// since `read_at`.
    pub fn put(&self, key: ReadKey, read_at: Stamp, answer: Answer) {
        if answer.bytes() <= LARGEST_ENTRY_BYTES && self.may_keep(key.tenant, &key.plugin, read_at) {
            self.entries.insert(key, Entry { stamp: read_at, answer });
        }
    }

    /// A call begins writing the tenant's records of `plugin` (it holds the write lock).
    pub fn begin_write(&self, tenant: i64, plugin: &str) {
        let mut stamps = self.stamps();
        let stamp = stamps.entry(tenant).or_default().entry(plugin.to_string()).or_default();
        stamp.version += 1;
        stamp.writers += 1;
    }

    /// Its transaction is over (committed or rolled back).
    pub fn end_write(&self, tenant: i64, plugin: &str) {
        let mut stamps = self.stamps();
        let stamp = stamps.entry(tenant).or_default().entry(plugin.to_string()).or_default();
        stamp.version += 1;
        stamp.writers = stamp.writers.saturating_sub(1);
    }

    /// Writes made outside plugin calls (a bulk load, an enterprise deleted): no entry is kept
    /// or served until the guard goes, and none made before it is served after.
    pub fn writing_everything(&self) -> EverythingWritten<'_> {
        self.epoch_writers.fetch_add(1, Ordering::AcqRel);
        self.epoch.fetch_add(1, Ordering::AcqRel);
        EverythingWritten { cache: self }
    }

    /// Reads served and missed since the start, in Prometheus' text format.
    pub fn encode_metrics(&self) -> String {
        let (hits, misses) = (self.hits.load(Ordering::Relaxed), self.misses.load(Ordering::Relaxed));
        format!(
            "# HELP console_store_read_cache_reads Plugin store reads asked of the read cache, by outcome.\n\
             # TYPE console_store_read_cache_reads counter\n\
             console_store_read_cache_reads_total{{outcome=\"hit\"}} {hits}\n\
             console_store_read_cache_reads_total{{outcome=\"miss\"}} {misses}\n"
        )
    }
}

/// See [`ReadCache::writing_everything`].
pub struct EverythingWritten<'a> {
    cache: &'a ReadCache,
}

impl Drop for EverythingWritten<'_> {
    fn drop(&mut self) {
        self.cache.epoch.fetch_add(1, Ordering::AcqRel);
        self.cache.epoch_writers.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(tenant: i64, read: &str) -> ReadKey {
        ReadKey { tenant, plugin: "pet".into(), collection: "breeds".into(), read: read.into() }
    }

    #[test]
    fn an_entry_is_served_until_its_records_are_written() {
        let cache = ReadCache::default();
        let at = cache.stamp(1, "pet");
        cache.put(key(1, "page 1"), at, Answer::Count(3));
        assert!(matches!(cache.get(&key(1, "page 1")), Some((Answer::Count(3), _))));
        cache.begin_write(1, "pet");
        assert!(cache.get(&key(1, "page 1")).is_none(), "not while a writer is at work");
        cache.end_write(1, "pet");
        assert!(cache.get(&key(1, "page 1")).is_none(), "nor after it");
    }

    #[test]
    fn a_read_taken_before_a_write_is_not_kept() {
        let cache = ReadCache::default();
        let at = cache.stamp(1, "pet");
        cache.begin_write(1, "pet");
        cache.end_write(1, "pet");
        cache.put(key(1, "page 1"), at, Answer::Count(3));
        assert!(cache.get(&key(1, "page 1")).is_none());
        let during = {
            cache.begin_write(1, "pet");
            cache.stamp(1, "pet")
        };
        cache.put(key(1, "page 1"), during, Answer::Count(3));
        assert!(cache.get(&key(1, "page 1")).is_none(), "read while a writer was at work");
        cache.end_write(1, "pet");
    }

    #[test]
    fn writers_overlapping_between_commit_and_end_keep_the_cache_off() {
        let cache = ReadCache::default();
        cache.begin_write(1, "pet");
        // The first writer committed; the second holds the lock before the first said so.
        cache.begin_write(1, "pet");
        cache.end_write(1, "pet");
        let at = cache.stamp(1, "pet");
        assert!(!at.settled(), "one writer is still at work");
        cache.put(key(1, "page 1"), at, Answer::Count(3));
        cache.end_write(1, "pet");
        assert!(cache.get(&key(1, "page 1")).is_none());
    }

    #[test]
    fn another_tenant_or_plugin_is_not_touched_and_a_bulk_write_touches_all() {
        let cache = ReadCache::default();
        let at = cache.stamp(2, "pet");
        cache.put(key(2, "page 1"), at, Answer::Count(7));
        cache.begin_write(1, "pet");
        cache.begin_write(2, "device");
        assert!(cache.get(&key(2, "page 1")).is_some());
        cache.end_write(1, "pet");
        cache.end_write(2, "device");
        {
            let _bulk = cache.writing_everything();
            assert!(cache.get(&key(2, "page 1")).is_none());
        }
        assert!(cache.get(&key(2, "page 1")).is_none(), "made before the bulk write");
    }
}
