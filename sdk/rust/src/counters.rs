//! Counters by name, bucket and key (contract 0.1.14): rollups a plugin adds to in its call's
//! transaction and reads back as sums, instead of a record per figure read and rewritten. The
//! enterprise is the call's; a call of the platform itself reads every enterprise's.

use crate::error::{PluginError, PluginResult};
pub use crate::host::{Counted, Counter};
use crate::host::{CounterQuery, Host};

/// Counters one call writes at most (the host's bound).
pub const MAX_WRITTEN: usize = 10_000;

/// A counter to add to or set.
pub fn counter(name: &str, bucket: i64, key: &str, value: i64) -> Counter {
    Counter { name: name.to_string(), bucket, key: key.to_string(), value }
}

/// Adds each value to its counter, in chunks the host takes.
pub fn add(host: &mut dyn Host, counters: &[Counter]) -> PluginResult<()> {
    for chunk in counters.chunks(MAX_WRITTEN) {
        host.counters_add(chunk).map_err(PluginError::internal)?;
    }
    Ok(())
}

/// Sets each counter to its value (gauges).
pub fn set(host: &mut dyn Host, counters: &[Counter]) -> PluginResult<()> {
    for chunk in counters.chunks(MAX_WRITTEN) {
        host.counters_set(chunk).map_err(PluginError::internal)?;
    }
    Ok(())
}

/// Forgets the enterprise's counters of `names` (every one when empty) with a bucket in
/// `from..=to`.
pub fn clear(host: &mut dyn Host, names: &[String], from: i64, to: i64) -> PluginResult<u64> {
    host.counters_clear(names, from, to).map_err(PluginError::internal)
}

/// A read of counters, built up: `Read::new(&["reports"], from, to).by_bucket().by_key()`.
#[derive(Debug, Clone)]
pub struct Read(CounterQuery);

impl Read {
    pub fn new(names: &[&str], from: i64, to: i64) -> Self {
        Read(CounterQuery {
            names: names.iter().map(|n| n.to_string()).collect(),
            from,
            to,
            keys: Vec::new(),
            all_enterprises: false,
            by_enterprise: false,
            by_bucket: false,
            by_key: false,
            limit: 100_000,
        })
    }
    /// Only these keys (every key when not called).
    pub fn keys(mut self, keys: &[&str]) -> Self {
        self.0.keys = keys.iter().map(|k| k.to_string()).collect();
        self
    }
    /// Every enterprise's counters: only the platform's own calls may.
    pub fn all_enterprises(mut self, all: bool) -> Self {
        self.0.all_enterprises = all;
        self
    }
    pub fn by_enterprise(mut self) -> Self {
        self.0.by_enterprise = true;
        self
    }
    pub fn by_bucket(mut self) -> Self {
        self.0.by_bucket = true;
        self
    }
    pub fn by_key(mut self) -> Self {
        self.0.by_key = true;
        self
    }
    pub fn limit(mut self, limit: u32) -> Self {
        self.0.limit = limit;
        self
    }
    pub fn run(&self, host: &mut dyn Host) -> PluginResult<Vec<Counted>> {
        host.counters_read(&self.0).map_err(PluginError::internal)
    }
}
