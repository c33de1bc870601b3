//! One wasmtime `Engine` for every plugin: component model, async, epoch interruption and the
//! pooling allocator; compiled components cached on disk by content hash.

use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use wasmtime::component::Component;
use wasmtime::{Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig};

use super::installation::MAX_MEMORY_MIB;

/// How often the epoch advances: the granularity of deadlines and of yielding to other tasks.
pub const EPOCH_TICK: Duration = Duration::from_millis(10);
/// Instances that may be alive at once; calls beyond wait for a slot.
pub const INSTANCE_SLOTS: u32 = 128;

pub fn new_engine() -> wasmtime::Result<Engine> {
    let mut config = Config::new();
    config.wasm_component_model(true).epoch_interruption(true);
    // `CONSOLE_WASM_PROFILER=perfmap`: names the guests' functions for `perf` (README, Performance).
    if std::env::var("CONSOLE_WASM_PROFILER").is_ok_and(|p| p == "perfmap") {
        config.profiler(wasmtime::ProfilingStrategy::PerfMap);
    }
    let mut pool = PoolingAllocationConfig::default();
    pool.total_component_instances(INSTANCE_SLOTS)
        .total_core_instances(INSTANCE_SLOTS * 8)
        .total_memories(INSTANCE_SLOTS * 2)
        .total_tables(INSTANCE_SLOTS * 8)
        .max_memory_size(usize::try_from(MAX_MEMORY_MIB << 20).unwrap_or(usize::MAX))
        // Reset the first pages of a slot by memset rather than madvise: no TLB shootdowns
        // between cores on every request (Spin keeps 2 MB resident for the same reason).
        .linear_memory_keep_resident(2 << 20)
        .table_keep_resident(64 << 10)
        // Linux 6.7+: reset only the pages a call wrote (the `PAGEMAP_SCAN` ioctl) instead of
        // memsetting all 2 MB, a tenth of a list call's time; older kernels keep the memset.
        .pagemap_scan(wasmtime::Enabled::Auto);
    config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    match Engine::new(&config) {
        Ok(engine) => Ok(engine),
        Err(err) => {
            // Little virtual address space (some containers): fall back to allocating on demand.
            tracing::warn!(%err, "pooling allocator unavailable, allocating instances on demand");
            config.allocation_strategy(InstanceAllocationStrategy::OnDemand);
            Engine::new(&config)
        }
    }
}

/// Advances the engine's epoch every tick until dropped.
pub struct EpochTicker {
    stop: Arc<AtomicBool>,
}

impl EpochTicker {
    pub fn start(engine: Engine) -> EpochTicker {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("plugin-epoch".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(EPOCH_TICK);
                    engine.increment_epoch();
                }
            })
            .ok();
        EpochTicker { stop }
    }
}

impl Drop for EpochTicker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Compiles a component, or loads it from `cache_dir` when this engine compiled the same bytes
/// before. The key is the artefact's sha-256 and the engine's compatibility hash.
pub fn compile(engine: &Engine, bytes: &[u8], sha256: &str, cache_dir: &Path) -> wasmtime::Result<(Component, bool)> {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let path = cache_dir.join(format!("{sha256}-{:016x}.cwasm", hasher.finish()));
    if path.exists() {
        // SAFETY: the file was written by `Component::serialize` of an engine with the same
        // compatibility hash, into the host's own data folder.
        match unsafe { Component::deserialize_file(engine, &path) } {
            Ok(component) => return Ok((component, true)),
            Err(err) => tracing::warn!(%err, path = %path.display(), "discarding unreadable compile cache entry"),
        }
    }
    let component = Component::new(engine, bytes)?;
    if std::fs::create_dir_all(cache_dir).is_ok() {
        let temp = path.with_extension(format!("tmp{}", std::process::id()));
        if component.serialize().and_then(|data| Ok(std::fs::write(&temp, data)?)).is_ok() {
            let _ = std::fs::rename(&temp, &path);
        }
    }
    Ok((component, false))
}
