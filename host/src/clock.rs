//! The host's clock, which plugins read too (their `wasi:clocks/wall-clock`). A test may move it
//! forward to cross what is measured in days (a retention of 90 days, a session's expiry); there
//! is no setting for it, so nothing outside the process can.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

static AHEAD_MS: AtomicI64 = AtomicI64::new(0);

/// Now, in unix milliseconds.
pub fn now_ms() -> i64 {
    let system = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0);
    i64::try_from(system).unwrap_or(i64::MAX).saturating_add(AHEAD_MS.load(Ordering::Relaxed))
}

/// Moves the clock `ms` forward for the whole process: for a test binary of its own.
#[doc(hidden)]
pub fn advance_for_tests(ms: i64) {
    AHEAD_MS.fetch_add(ms, Ordering::Relaxed);
}

/// The wall clock a plugin call reads: the host's.
pub struct PluginWallClock;

impl wasmtime_wasi::HostWallClock for PluginWallClock {
    fn resolution(&self) -> Duration {
        Duration::from_millis(1)
    }

    fn now(&self) -> Duration {
        Duration::from_millis(u64::try_from(now_ms()).unwrap_or(0))
    }
}
