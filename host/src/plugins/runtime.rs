//! One plugin call: a fresh instance from the plugin's `InstancePre`, a store bound to (tenant,
//! plugin, user, transaction), an epoch deadline that traps, a memory cap. Committed on success,
//! rolled back on error, trap or timeout.

use std::sync::Arc;
use std::time::{Duration, Instant};

use wasmtime::component::ResourceTable;
use wasmtime::{CallHook, ResourceLimiter, Store, Trap, UpdateDeadline};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use super::bindings::console::plugin::types;
use super::manifest::RouteCaller;
use super::registry::LoadedPlugin;
use crate::db::{CallTx, Db};
use crate::sealing::MasterKey;

/// Shared by every call: the database, the outbound HTTP client, object storage.
pub struct Services {
    pub db: Db,
    pub http: reqwest::Client,
    pub objects: Arc<crate::objects::Objects>,
    pub master_key: MasterKey,
    /// Turns of CPU for long-running guests, shared fairly between tenants.
    pub cpu: super::cpu::CpuGate,
    /// The plugins, for plugin-to-plugin calls (set once they exist; weak: they own this).
    pub registry: std::sync::OnceLock<std::sync::Weak<super::Plugins>>,
    /// Devices waiting on long polls, woken by the calls that have something for them.
    pub wakes: super::wakes::DeviceWakes,
    /// Where devices reach this console (`CONSOLE_PUBLIC_URL`), without a trailing `/`.
    pub public_url: String,
    /// Failed proofs per subject and address, shared with the host's own doors (`proofs`).
    pub throttle: Arc<crate::auth::throttle::Throttle>,
    /// The worker processes tenants' templates are rendered in.
    pub renderers: crate::renderers::Renderers,
    /// Instance slots and guest memory, per host and per tenant; plugin-to-plugin calls take the
    /// callee's from the caller's shares.
    pub budget: Arc<super::budget::Budget>,
    /// Days of time series kept (`CONSOLE_SERIES_DAYS`): a point older is refused.
    pub series_days: i64,
}

/// Who a call is for, filled by the host (never by the plugin).
#[derive(Debug, Clone)]
pub struct CallContext {
    pub tenant_id: i64,
    pub user_id: i64,
    /// The user signed in belongs to the platform (home tenant 0), whichever enterprise the call
    /// acts for; false for devices, schedules and the host's own calls.
    pub platform_user: bool,
    pub user_name: String,
    pub lang: String,
    pub actions: Vec<String>,
    pub request_id: String,
    /// Event deliveries left to the request this call belongs to, shared by its whole cascade.
    pub cascade: Arc<EventBudget>,
    /// An approval decision this call applies: recorded in its transaction when it succeeds, and
    /// the call fails if the request was decided meanwhile.
    pub decision: Option<Arc<crate::db::approvals::Decision>>,
    /// The client's network address of the request (contract 0.1.8 `caller`); empty for
    /// schedules and events.
    pub client_address: String,
    /// The request's secrets (its sealed fields' values, and what the calls seal): masked in
    /// every operation record, log line and event the calls write.
    pub sealed: crate::redact::SealedValues,
    /// Every button action of the signed-in user the request came from (none for a device, a
    /// schedule, an event): a plugin route called through another plugin that names an action
    /// answers only a user who holds it.
    pub user_actions: Option<Arc<std::collections::HashSet<String>>>,
}

/// What a decision's call fails with when another user decided the request first.
pub const DECIDED_ALREADY: &str = "the request was decided meanwhile";
/// Why a call failed whose enterprise was deleted while it ran: its writes were refused.
pub const TENANT_GONE: &str = "the enterprise was deleted meanwhile";

/// One request's event deliveries, for its whole cascade (events that lead to events): one
/// call could fan out to a million plugin calls before (100 events x subscribers, 3 levels).
#[derive(Debug)]
pub struct EventBudget {
    left: std::sync::atomic::AtomicU32,
    /// Whether the log already says the cascade ran out: once per request, not once per event
    /// dropped (1.4 MB of log per request before).
    said: std::sync::atomic::AtomicBool,
}

impl EventBudget {
    pub const DELIVERIES: u32 = 64;

    pub fn new() -> Arc<EventBudget> {
        Arc::new(EventBudget {
            left: std::sync::atomic::AtomicU32::new(Self::DELIVERIES),
            said: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// Takes one delivery; false when the cascade has used them all.
    pub fn take(&self) -> bool {
        use std::sync::atomic::Ordering;
        self.left.fetch_update(Ordering::AcqRel, Ordering::Acquire, |left| left.checked_sub(1)).is_ok()
    }

    /// True the first time only: whether to say that the cascade ran out.
    pub fn first_refusal(&self) -> bool {
        !self.said.swap(true, std::sync::atomic::Ordering::AcqRel)
    }
}

impl CallContext {
    pub fn to_wit(&self) -> types::Context {
        types::Context {
            tenant_id: self.tenant_id,
            user_id: self.user_id,
            user_name: self.user_name.clone(),
            lang: self.lang.clone(),
            actions: self.actions.clone(),
            request_id: self.request_id.clone(),
        }
    }
}

/// Caps memory growth and remembers the peak for the metrics.
pub struct CallLimiter {
    cap: usize,
    pub peak: usize,
}

impl ResourceLimiter for CallLimiter {
    fn memory_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        if desired > self.cap {
            wasmtime::bail!("memory cap of {} MiB reached", self.cap >> 20);
        }
        self.peak = self.peak.max(desired);
        Ok(true)
    }

    fn table_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        Ok(desired <= 100_000)
    }
}

/// The data of one call's `Store`.
pub struct CallState {
    wasi: WasiCtx,
    table: ResourceTable,
    pub limiter: CallLimiter,
    pub plugin: Arc<LoadedPlugin>,
    pub services: Arc<Services>,
    pub call: CallContext,
    pub deadline: Instant,
    tx: Option<CallTx>,
    /// The call's transaction holds the write lock.
    write_locked: bool,
    /// The write lock is taken at the first store access (a rerun).
    lock_eagerly: bool,
    /// The call made an outbound request: it cannot be run again.
    went_outbound: bool,
    /// How often the call's transaction was ended for an outbound request and begun anew: a
    /// nested call's savepoint went with the transaction it was made in.
    tx_replaced: u32,
    /// Its reads went stale before its first write: run it again, locking eagerly.
    pub rerun: bool,
    /// For that rerun its transaction holds the write lock and has written nothing: the rerun
    /// takes it over instead of queueing for the lock again.
    lock_kept_for_rerun: bool,
    /// The rerun is for reads the cache served that went stale before any write: it reads a
    /// snapshot of its own without the cache, and takes the write lock only if it writes.
    rerun_for_reads: bool,
    /// The read cache serves this call nothing (a rerun).
    cache_off: bool,
    /// Events published and live messages sent during the call, delivered after it commits.
    pub published: Vec<Outgoing>,
    /// Devices the call woke (`device-keys.wake`): the waking plugin and the SN, woken after
    /// it commits.
    pub woken: Vec<(String, String)>,
    /// The call saw an `internal` store error: it is rolled back whatever it answers.
    pub doomed: bool,
    /// That error was a write refused because the enterprise no longer exists.
    pub tenant_gone: bool,
    /// What the call may still write to the operation records and the host's log.
    pub records_budget: RecordsBudget,
    /// Files written or deleted, applied when the call commits.
    pub staged_files: super::capabilities::StagedFiles,
    /// Epoch ticks the guest has run into; past `cpu::FREE_TICKS` each slice needs a turn.
    ticks: u32,
    /// The CPU turn of the current slice, if the call is past its free ticks.
    pub cpu_turn: super::cpu::HeldTurn,
    /// The plugins that called this one, outermost first (plugin-to-plugin calls).
    pub chain: Vec<String>,
    /// The method and path of the request the call handles (none for a job or an event): what
    /// it may claim of the uploads follows from its route.
    pub handling: Option<(String, String)>,
    /// Its reads served from the read cache, and whose records it writes (goes with `tx`).
    pub cached: super::cached_reads::CachedReads,
    /// Subjects whose proof held (contract 0.1.16 `proofs`): their failures are forgotten once
    /// the call commits.
    pub proven: Vec<crate::auth::throttle::Keys>,
    /// The proofs the request has counted as attempts, in this run or a run before it: a call
    /// run again after a conflict does not count them again (see `Throttle::attempt_once`).
    pub attempted: Vec<crate::auth::throttle::Keys>,
    /// How long the guest itself ran while its call held the write lock (host work excluded).
    locked_work: GuestClock,
    /// The call was stopped for running past [`LOCKED_WORK`] of its own under the write lock.
    held_lock_too_long: bool,
    /// What the call wrote against its enterprise's quotas (see `plugins::quota`).
    pub quota: super::quota::CallUsage,
    /// A write went past a quota: the call is rolled back and the user told which.
    pub over_quota: Option<super::quota::Quota>,
}

/// The longest a plugin-to-plugin call waits for its callee's memory. Calls from outside leave a
/// quarter of every share to their callees (see `budget`), so a callee waits only behind other
/// callees, which end: long enough for a fleet's calls at once to take their turns, short of the
/// caller's own deadline.
const NESTED_WAIT: Duration = Duration::from_secs(5);

/// How long a guest may run its own code while its call holds the database's write lock: long
/// enough to shape what it wrote into an answer, far too short to starve the other writers
/// (sign-ins, operation records, other enterprises' calls) by computing after a write. A plugin
/// computes first and writes last, as it sends first and writes last. Only the guest's own time
/// counts: the host's work for it (the writes themselves) is not the plugin's to shorten, and a
/// loaded machine makes it slower, not the plugin worse.
pub const LOCKED_WORK: Duration = Duration::from_millis(500);

/// The guest's own running time, kept by the store's call hook: it runs between entering wasm
/// (or coming back from a host function) and leaving it (or calling a host function).
#[derive(Default)]
struct GuestClock {
    /// Guest time counted since the write lock was taken.
    counted: Duration,
    /// When the guest last started running with the lock held, while it runs.
    running_since: Option<Instant>,
    /// Inside a host function: wasm that runs meanwhile (the guest's allocator, asked by the
    /// host for room for an answer) is the host's doing.
    in_host: bool,
}

impl GuestClock {
    fn hook(&mut self, hook: CallHook, locked: bool) {
        match hook {
            CallHook::CallingHost => {
                self.stop();
                self.in_host = true;
            }
            CallHook::ReturningFromHost => {
                self.in_host = false;
                self.start(locked);
            }
            CallHook::CallingWasm if !self.in_host => self.start(locked),
            CallHook::ReturningFromWasm if !self.in_host => self.stop(),
            CallHook::CallingWasm | CallHook::ReturningFromWasm => {}
        }
    }

    fn start(&mut self, locked: bool) {
        if locked {
            self.running_since = Some(Instant::now());
        }
    }

    fn stop(&mut self) {
        if let Some(since) = self.running_since.take() {
            self.counted += since.elapsed();
        }
    }

    /// At an epoch tick, before the guest yields its thread: the time it waits to be polled
    /// again is not its own, so the clock stops here. Since the last tick it ran for what the
    /// clock saw, or, having resumed from a yield and called nothing since, the tick at most.
    fn ticks(&mut self) -> Duration {
        match self.running_since.take() {
            Some(since) => self.counted += since.elapsed(),
            None if !self.in_host => self.counted += super::engine::EPOCH_TICK,
            None => {}
        }
        self.counted
    }
}

/// Why a call that held the write lock too long was stopped.
pub const HELD_LOCK_TOO_LONG: &str = "the call held the database's write lock past half a second of its own work: \
     a plugin computes before its first write, then writes";

/// Operation records and log output one call may write: one call wrote 79,647 records and
/// 428 MiB of log before these limits.
#[derive(Debug)]
pub struct RecordsBudget {
    pub audit_records: u32,
    pub log_bytes: usize,
    /// Said once in the log when the call reached its limit.
    pub exhausted_said: bool,
}

impl RecordsBudget {
    pub const AUDIT_RECORDS: u32 = 100;
    pub const LOG_BYTES: usize = 256 * 1024;

    pub fn new() -> Self {
        RecordsBudget { audit_records: Self::AUDIT_RECORDS, log_bytes: Self::LOG_BYTES, exhausted_said: false }
    }

    /// Takes one audit record from the budget; false when none is left.
    pub fn take_audit_record(&mut self) -> bool {
        let left = self.audit_records > 0;
        self.audit_records = self.audit_records.saturating_sub(1);
        left
    }

    /// Takes `bytes` of log from the budget; false when they do not fit.
    pub fn take_log(&mut self, bytes: usize) -> bool {
        let fits = bytes <= self.log_bytes;
        if fits {
            self.log_bytes -= bytes;
        }
        fits
    }
}

impl Default for RecordsBudget {
    fn default() -> Self {
        Self::new()
    }
}

impl WasiView for CallState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView { ctx: &mut self.wasi, table: &mut self.table }
    }
}

/// The call's transaction. One writer at a time is SQLite's rule, so the write lock is held as
/// briefly as the call allows: reads run in a snapshot that makes no writer wait, the lock is taken
/// at the first write and kept to the end, and no network request may come after it (one tenant's
/// slow provider stalled every writer of every tenant before).
impl CallState {
    /// For reading: the transaction, begun as a snapshot at the first store access.
    pub async fn read_conn(&mut self) -> wasmtime::Result<&mut CallTx> {
        if self.tx.is_none() {
            self.cached.snapshot_begins();
            let mut tx = self.services.db.begin_call_of(self.call.tenant_id, self.lock_eagerly).await?;
            self.write_locked = self.lock_eagerly;
            if self.cached.was_served() && !self.went_outbound {
                // What it was served and what its snapshot reads must be one moment.
                Db::pin_snapshot(&mut tx).await?;
                self.tx = Some(tx);
                self.rerun_for_reads = true;
                self.stale_if_served_changed()?;
                self.rerun_for_reads = false;
            } else {
                self.tx = Some(tx);
            }
        }
        self.tx_conn()
    }

    /// For writing: the transaction with the write lock. A call whose snapshot went stale before
    /// its first write is stopped and run again from the start (it has sent nothing out yet).
    pub async fn write_conn(&mut self) -> wasmtime::Result<&mut CallTx> {
        if !self.write_locked {
            // It may queue for the write lock behind a call that needs this CPU turn.
            super::cpu::CpuGate::release(&self.cpu_turn);
        }
        match self.tx.as_mut() {
            None => {
                self.cached.snapshot_begins();
                self.tx = Some(self.services.db.begin_call_of(self.call.tenant_id, true).await?);
                self.write_locked = true;
                // Nothing is written yet: a rerun keeps the lock this call waited for.
                self.lock_kept_for_rerun = true;
                self.stale_if_served_changed()?;
                self.lock_kept_for_rerun = false;
            }
            Some(_) if !self.write_locked && self.went_outbound => {
                // What it read since its outbound request is not kept consistent with what it
                // writes (it has sent something out; it cannot start over): a fresh transaction.
                if let Some(snapshot) = self.tx.take() {
                    snapshot.rollback().await?;
                    self.tx_replaced += 1;
                }
                self.cached.snapshot_begins();
                self.tx = Some(self.services.db.begin_call_of(self.call.tenant_id, true).await?);
                self.write_locked = true;
            }
            Some(tx) if !self.write_locked => {
                if let Err(err) = self.services.db.take_write_lock(tx, self.call.tenant_id).await {
                    self.rerun = true;
                    wasmtime::bail!("the write lock was not free over the call's snapshot: {err}");
                }
                self.write_locked = true;
            }
            Some(_) => {}
        }
        self.tx_conn()
    }

    /// Stops the call to run it again without the cache when an entry it was served is no
    /// longer what the database holds (nothing went out, nothing is written yet).
    fn stale_if_served_changed(&mut self) -> wasmtime::Result<()> {
        if self.cached.was_served() && !self.went_outbound && !self.cached.served_still_hold() {
            self.rerun = true;
            wasmtime::bail!("what the read cache served the call was written meanwhile: it runs again");
        }
        Ok(())
    }

    /// The kept answer of a read, if the call may be served from the cache: while it has no
    /// transaction, on its first run, before any outbound request.
    pub fn cached_answer(&mut self, key: &crate::db::read_cache::ReadKey) -> Option<crate::db::read_cache::Answer> {
        if self.tx.is_some() || self.lock_eagerly || self.cache_off || self.went_outbound {
            return None;
        }
        self.cached.serve(key)
    }

    fn tx_conn(&mut self) -> wasmtime::Result<&mut CallTx> {
        match self.tx.as_mut() {
            Some(tx) => Ok(tx),
            None => wasmtime::bail!("no transaction"),
        }
    }

    /// Before a request leaves the host: refused once the call has written (the write lock would
    /// be held over the network); a read snapshot is ended, so that nothing is held meanwhile.
    pub async fn before_outbound(&mut self) -> Result<(), String> {
        if self.write_locked {
            return Err("outbound requests must come before the call's first write (the call holds the \
                        database's write lock from then on): send first, then record what came of it"
                .into());
        }
        self.end_read_snapshot().await?;
        self.went_outbound = true;
        Ok(())
    }

    /// Ends the call's read snapshot, if it holds one, before work that takes long (a request
    /// out, making a key): nothing is held meanwhile, and another writer committing meanwhile
    /// does not make the call's first write stale. What it reads afterwards is read anew.
    pub async fn end_read_snapshot(&mut self) -> Result<(), String> {
        if !self.write_locked
            && let Some(snapshot) = self.tx.take()
        {
            snapshot.rollback().await.map_err(|e| format!("ending the read snapshot: {e}"))?;
            self.tx_replaced += 1;
        }
        Ok(())
    }

    /// Whether the call has written (on SQLite: holds the write lock).
    pub fn write_locked(&self) -> bool {
        self.write_locked
    }

    pub fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }
}

/// What to call in the plugin.
pub enum Invocation {
    Handle(types::Request),
    Job(types::Job),
    Event(types::Event),
}

impl Invocation {
    /// What the call is, as metrics and traces name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Invocation::Handle(_) => "request",
            Invocation::Job(_) => "job",
            Invocation::Event(_) => "event",
        }
    }
}

/// What the plugin returned.
pub enum Returned {
    Response(types::Response),
    Unit(Result<(), String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The plugin trapped (panic, memory cap, host error); its writes were rolled back.
    Trap(String),
    /// The deadline passed; its writes were rolled back.
    Timeout,
    /// The response was larger than the operator allows.
    TooLarge,
    /// Instantiation failed.
    Instantiate(String),
    /// What it read was changed by another call before it could commit, and it could not run
    /// again (it had sent something out, or ran out of tries or time).
    Conflict,
    /// It wrote past one of its enterprise's quotas; its writes were rolled back. With what
    /// the user reads.
    OverQuota(super::quota::Quota, crate::i18n::Msg),
}

/// Who hears a live message (contract 0.1.10).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// The sockets listening to a channel of the sending plugin.
    Channel(String),
    /// The console pages of one user of the call's enterprise.
    User(i64),
}

/// What a call sends out once it commits.
#[derive(Debug, Clone)]
pub enum Outgoing {
    /// An event: to the shell and to the plugins subscribed to its topic.
    Event { topic: String, payload: String },
    /// A live message of `plugin` to its audience only; no plugin hears it.
    Live { plugin: String, audience: Audience, topic: String, message: String },
}

pub struct Finished {
    pub returned: Returned,
    pub published: Vec<Outgoing>,
    pub memory_peak: usize,
}

/// How long creating a store and instantiating the plugin takes (nothing is called).
pub async fn time_instantiation(
    engine: &wasmtime::Engine,
    plugin: Arc<LoadedPlugin>,
    services: Arc<Services>,
    call: CallContext,
) -> Option<Duration> {
    let started = Instant::now();
    let deadline = started + Duration::from_millis(plugin.installed.grants.timeout_ms);
    let mut store = new_store(engine, plugin.clone(), services, call, deadline);
    plugin.pre.instantiate_async(&mut store).await.ok()?;
    Some(started.elapsed())
}

fn new_store(
    engine: &wasmtime::Engine,
    plugin: Arc<LoadedPlugin>,
    services: Arc<Services>,
    call: CallContext,
    deadline: Instant,
) -> Store<CallState> {
    let grants = &plugin.installed.grants;
    let memory_cap = usize::try_from(grants.memory_mib << 20).unwrap_or(usize::MAX);
    let decides = call.decision.is_some();
    let cached = super::cached_reads::CachedReads::new(services.db.read_cache().cloned(), call.tenant_id);
    let state = CallState {
        wasi: WasiCtx::builder()
            .allow_tcp(false)
            .allow_udp(false)
            .allow_ip_name_lookup(false)
            .wall_clock(crate::clock::PluginWallClock)
            .build(),
        table: ResourceTable::new(),
        limiter: CallLimiter { cap: memory_cap, peak: 0 },
        plugin,
        services,
        call,
        deadline,
        tx: None,
        write_locked: false,
        // A decision is written at the end: holding the lock from the start, it cannot go stale.
        lock_eagerly: decides,
        went_outbound: false,
        tx_replaced: 0,
        rerun: false,
        lock_kept_for_rerun: false,
        rerun_for_reads: false,
        cache_off: false,
        cached,
        published: Vec::new(),
        woken: Vec::new(),
        doomed: false,
        tenant_gone: false,
        records_budget: RecordsBudget::new(),
        staged_files: Default::default(),
        ticks: 0,
        cpu_turn: Default::default(),
        chain: Vec::new(),
        handling: None,
        proven: Vec::new(),
        attempted: Vec::new(),
        locked_work: GuestClock::default(),
        held_lock_too_long: false,
        quota: Default::default(),
        over_quota: None,
    };
    let mut store = Store::new(engine, state);
    store.limiter(|state| &mut state.limiter);
    store.call_hook(|mut store, hook| {
        let state = store.data_mut();
        // The write lock is taken inside a host function, so the guest's time under it starts
        // counting when the guest runs again.
        let locked = state.write_locked && state.services.db.engine() == crate::db::Engine::Sqlite;
        state.locked_work.hook(hook, locked);
        Ok(())
    });
    store.set_epoch_deadline(1);
    store.epoch_deadline_callback(move |mut store| {
        if Instant::now() >= deadline {
            return Ok(UpdateDeadline::Interrupt);
        }
        let state = store.data_mut();
        state.ticks += 1;
        if state.write_locked && state.services.db.engine() == crate::db::Engine::Sqlite {
            // Every other writer of the host waits while a call holds SQLite's write lock: its own
            // work there is bounded, and it runs without queueing for a CPU turn behind others.
            if state.locked_work.ticks() > LOCKED_WORK {
                state.held_lock_too_long = true;
                return Ok(UpdateDeadline::Interrupt);
            }
            return Ok(UpdateDeadline::Yield(1));
        }
        if state.ticks <= super::cpu::FREE_TICKS {
            return Ok(UpdateDeadline::Yield(1));
        }
        let next = state.services.cpu.next_turn(state.call.tenant_id, state.cpu_turn.clone(), deadline);
        Ok(UpdateDeadline::YieldCustom(1, next))
    });
    store
}

impl CallState {
    /// Who the request the call handles came from, as the manifest's routes name their callers:
    /// another plugin (a nested call), the host (an approval's decision), a signed-in user, or
    /// else a device.
    pub fn handled_caller(&self) -> RouteCaller {
        if !self.chain.is_empty() {
            RouteCaller::Plugin
        } else if self.call.decision.is_some() {
            RouteCaller::Host
        } else if self.call.user_actions.is_some() {
            RouteCaller::User
        } else {
            RouteCaller::Device
        }
    }
}

/// Runs one invocation in a fresh instance and settles its transaction.
///
/// It runs again from the start, in a fresh instance and transaction, when what it read went
/// stale before it could commit: on SQLite, reads the cache served or a snapshot another writer
/// moved past before the call's first write (then it takes the write lock from the start); on
/// PostgreSQL, a serialization failure of its SERIALIZABLE transaction, at any statement or at
/// the commit. A call that has sent something out (it cannot be taken back) does not run again:
/// it fails as changed meanwhile.
pub async fn invoke(
    engine: &wasmtime::Engine,
    plugin: Arc<LoadedPlugin>,
    services: Arc<Services>,
    call: CallContext,
    invocation: Invocation,
) -> (Result<Finished, Failure>, usize) {
    let deadline = Instant::now() + Duration::from_millis(plugin.installed.grants.timeout_ms);
    // SQLite's rerun takes the write lock from its start (or reads without the cache): it cannot
    // go stale twice more. On PostgreSQL each round of calls that conflict commits one of them:
    // a call runs again while its deadline allows, after a pause that grows and is drawn at
    // random so that the calls that conflicted do not meet again at once.
    let postgres = services.db.engine() == crate::db::Engine::Postgres;
    let reruns = if postgres { POSTGRES_RERUNS } else { 2 };
    let mut store = new_store(engine, plugin.clone(), services.clone(), call.clone(), deadline);
    let mut result = run(&mut store, &plugin, &invocation, deadline).await;
    let mut ran_again = 0;
    loop {
        let again = store.data().rerun && !store.data().went_outbound && Instant::now() < deadline;
        if again && ran_again < reruns {
            ran_again += 1;
            if postgres {
                pause_before_rerun(ran_again, deadline).await;
            }
            // Nothing was sent out, and its writes were never kept: once more from the start.
            tracing::debug!(plugin = %plugin.manifest.id, "what the call read went stale: run again");
            let for_reads = store.data().rerun_for_reads;
            let held = if store.data().lock_kept_for_rerun { store.data_mut().tx.take() } else { None };
            let attempted = std::mem::take(&mut store.data_mut().attempted);
            settle(&mut store, false).await.ok();
            store = new_store(engine, plugin.clone(), services.clone(), call.clone(), deadline);
            let state = store.data_mut();
            state.attempted = attempted;
            state.cache_off = true;
            state.lock_eagerly = !for_reads;
            if let Some(tx) = held {
                state.tx = Some(tx);
                state.write_locked = true;
            }
            result = run(&mut store, &plugin, &invocation, deadline).await;
            continue;
        }
        if store.data().rerun {
            settle(&mut store, false).await.ok();
            // Contention undid it and it cannot run again (it sent something out, a proof's
            // attempt among them): its proofs are settled as contention leaves them.
            undo_contended_proofs(store.data_mut()).await;
            let peak = store.data().limiter.peak;
            return (Err(Failure::Conflict), peak);
        }
        let sent_out = store.data().went_outbound;
        // Kept for a run after a refused commit; `finish` settles the call's proofs from its own
        // list (a call that made an attempt went outbound, so it never runs again).
        let attempted = store.data().attempted.clone();
        let (finished, peak) = finish(store, &plugin, result).await;
        // PostgreSQL may refuse the commit itself.
        if matches!(finished, Err(Failure::Conflict)) && !sent_out && ran_again < reruns && Instant::now() < deadline {
            ran_again += 1;
            pause_before_rerun(ran_again, deadline).await;
            store = new_store(engine, plugin.clone(), services.clone(), call.clone(), deadline);
            store.data_mut().cache_off = true;
            store.data_mut().attempted = attempted;
            result = run(&mut store, &plugin, &invocation, deadline).await;
            continue;
        }
        return (finished, peak);
    }
}

/// How often a call on PostgreSQL runs again after serialization failures, deadline allowing.
const POSTGRES_RERUNS: u32 = 32;

/// A random pause before the `nth` rerun: up to 1, 2, 4 … 32 ms, never past the deadline.
async fn pause_before_rerun(nth: u32, deadline: Instant) {
    let most = 1u64 << nth.min(5);
    let pause = Duration::from_micros(rand::random_range(0..most * 1000));
    tokio::time::sleep_until(deadline.min(Instant::now() + pause).into()).await;
}

/// How deep plugins may call plugins.
pub const MAX_CALL_DEPTH: usize = 4;

/// A callee's answer the host gives in its place: a status and the message, in the caller's
/// language.
fn refusal(status: u16, msg: crate::i18n::Msg, lang: &str) -> types::Response {
    let lang = crate::i18n::Lang::parse(lang).unwrap_or_default();
    types::Response { status, body: serde_json::json!({ "msg": msg.render(lang) }).to_string() }
}

/// What a plugin-to-plugin call came to.
pub enum Nested {
    Answered(types::Response),
    /// The callee trapped or ran out of time; its writes were undone.
    Failed(String),
    /// The callee's snapshot went stale: the whole outer call must run again.
    Rerun,
}

/// Runs `request` in `callee`, a fresh instance, inside the caller's transaction and deadline.
/// The callee's writes sit behind a savepoint: kept if it answers 200 (and go with the caller's
/// fate), undone otherwise. Its files and events join the caller's.
pub async fn invoke_nested(
    engine: &wasmtime::Engine,
    callee: Arc<LoadedPlugin>,
    caller: &mut CallState,
    request: types::Request,
) -> wasmtime::Result<Nested> {
    let deadline = caller.deadline;
    // The callee's instance and memory count against the caller's tenant like any call's.
    let wait = deadline.saturating_duration_since(Instant::now()).min(NESTED_WAIT);
    let memory_mib = callee.installed.grants.memory_mib;
    let Some(_held) = caller.services.budget.enter_nested(caller.call.tenant_id, memory_mib, wait).await else {
        // The host is busy, not the callee broken: the caller hears a 503 it may pass on, and
        // its client comes back (a 500 told a fleet's devices something had failed).
        tracing::warn!(callee = %callee.manifest.id, "a plugin call found no instance slot or memory free");
        return Ok(Nested::Answered(refusal(503, crate::i18n::Msg::Busy, &caller.call.lang)));
    };
    // The callee is the same tenant's: a turn the caller kept would make it wait for itself.
    super::cpu::CpuGate::release(&caller.cpu_turn);
    if caller.went_outbound
        && !caller.write_locked
        && let Some(snapshot) = caller.tx.take()
    {
        // A snapshot taken after an outbound request is not kept for writes (see `write_conn`).
        snapshot.rollback().await?;
    }
    let mut store = new_store(engine, callee.clone(), caller.services.clone(), caller.call.clone(), deadline);
    let savepoint = format!("plugin_call_{}", caller.chain.len() + 1);
    {
        let state = store.data_mut();
        state.chain = caller.chain.iter().cloned().chain([caller.plugin.manifest.id.clone()]).collect();
        state.write_locked = caller.write_locked;
        state.lock_eagerly = caller.lock_eagerly;
        state.cache_off = caller.cache_off;
        state.went_outbound = caller.went_outbound;
        state.staged_files = caller.staged_files.for_callee();
        state.attempted = std::mem::take(&mut caller.attempted);
        state.tx = caller.tx.take();
        std::mem::swap(&mut state.cached, &mut caller.cached);
        if let Some(tx) = state.tx.as_mut() {
            tx.execute(&format!("SAVEPOINT {savepoint}")).await?;
        }
    }
    let had_tx = store.data().tx.is_some();
    let result = Box::pin(run(&mut store, &callee, &Invocation::Handle(request), deadline)).await;

    let state = store.data_mut();
    // A callee that went outbound ended the caller's read snapshot, savepoint and all (the
    // caller had written nothing: outbound requests come before writes); what it wrote since is
    // in a transaction of its own.
    let had_tx = had_tx && state.tx_replaced == 0;
    let answered_ok =
        matches!(&result, Ok(Returned::Response(r)) if r.status == 200) && !state.doomed && state.over_quota.is_none();
    let files = std::mem::take(&mut state.staged_files);
    caller.attempted = std::mem::take(&mut state.attempted);
    caller.write_locked = state.write_locked;
    caller.went_outbound = state.went_outbound;
    caller.tx_replaced += state.tx_replaced;
    caller.tx = state.tx.take();
    std::mem::swap(&mut state.cached, &mut caller.cached);
    if let Some(quota) = state.over_quota {
        caller.over_quota.get_or_insert(quota);
    }
    if state.rerun {
        caller.rerun = true;
        caller.lock_kept_for_rerun = state.lock_kept_for_rerun;
        caller.rerun_for_reads = state.rerun_for_reads;
        caller.staged_files.skip_past(&files);
        files.discard(&caller.services.objects).await;
        return Ok(Nested::Rerun);
    }
    if answered_ok {
        if let (true, Some(tx)) = (had_tx, caller.tx.as_mut()) {
            tx.execute(&format!("RELEASE {savepoint}")).await?;
        }
        caller.staged_files.absorb(files);
        caller.published.append(&mut state.published);
        caller.woken.append(&mut state.woken);
        caller.proven.append(&mut state.proven);
    } else {
        match (had_tx, caller.tx.as_mut()) {
            (true, Some(tx)) => {
                tx.execute(&format!("ROLLBACK TO {savepoint}")).await?;
                tx.execute(&format!("RELEASE {savepoint}")).await?;
            }
            // The callee began the transaction: nothing of the caller's is in it.
            (false, Some(_)) => {
                if let Some(tx) = caller.tx.take() {
                    tx.rollback().await?;
                }
                caller.cached.transaction_ended();
                caller.write_locked = false;
            }
            _ => {}
        }
        caller.staged_files.skip_past(&files);
        files.discard(&caller.services.objects).await;
    }
    Ok(match result {
        Ok(_) if state.over_quota.is_some() => Nested::Failed("it reached a quota".into()),
        Ok(Returned::Response(response)) if state.doomed => {
            let _ = response;
            Nested::Failed("it went on after an internal store error".into())
        }
        Ok(Returned::Response(response)) => Nested::Answered(response),
        Ok(Returned::Unit(_)) => Nested::Failed("no answer".into()),
        // It ran out of the caller's time: the caller's own deadline has passed, as its answer
        // says (504: nothing was changed), unless it answers first.
        Err(Failure::Timeout) => Nested::Answered(refusal(504, crate::i18n::Msg::PluginTimeout, &caller.call.lang)),
        Err(Failure::Trap(why) | Failure::Instantiate(why)) => Nested::Failed(why),
        Err(Failure::TooLarge) => Nested::Failed("its answer was too large".into()),
        Err(Failure::Conflict) => Nested::Rerun,
        Err(Failure::OverQuota(quota, _)) => Nested::Failed(format!("it reached the quota `{}`", quota.setting())),
    })
}

/// Calls the invocation in a fresh instance of `store`, within the deadline.
async fn run(
    store: &mut Store<CallState>,
    plugin: &LoadedPlugin,
    invocation: &Invocation,
    deadline: Instant,
) -> Result<Returned, Failure> {
    // The epoch traps a running guest; this bounds a host call that hangs (a slow database).
    let backstop = deadline + Duration::from_secs(1);
    tokio::time::timeout_at(backstop.into(), async {
        let instance =
            plugin.pre.instantiate_async(&mut *store).await.map_err(|e| Failure::Instantiate(format!("{e:#}")))?;
        let handler = instance.console_plugin_handler();
        store.data_mut().handling = match invocation {
            Invocation::Handle(request) => Some((request.method.clone(), request.path.clone())),
            Invocation::Job(_) | Invocation::Event(_) => None,
        };
        let returned = match invocation {
            Invocation::Handle(request) => handler.call_handle(&mut *store, request).await.map(Returned::Response),
            Invocation::Job(job) => handler.call_run_job(&mut *store, job).await.map(Returned::Unit),
            Invocation::Event(event) => handler.call_on_event(&mut *store, event).await.map(Returned::Unit),
        };
        returned.map_err(|err| {
            // A statement PostgreSQL refused for a concurrent change: the call runs again.
            if err.downcast_ref::<sqlx::Error>().is_some_and(crate::db::serialization_failure) {
                store.data_mut().rerun = true;
            }
            match err.downcast_ref::<Trap>() {
                Some(Trap::Interrupt) if store.data().held_lock_too_long => Failure::Trap(HELD_LOCK_TOO_LONG.into()),
                Some(Trap::Interrupt) => Failure::Timeout,
                _ => Failure::Trap(format!("{err:#}")),
            }
        })
    })
    .await
    .unwrap_or(Err(Failure::Timeout))
}

/// Commits a successful call or rolls it back; its files follow its transaction.
async fn settle(store: &mut Store<CallState>, success: bool) -> Result<(), sqlx::Error> {
    let state = store.data_mut();
    let files = std::mem::take(&mut state.staged_files);
    let objects = state.services.objects.clone();
    if let Some(tx) = state.tx.take() {
        let settled = if success { tx.commit().await } else { tx.rollback().await };
        state.cached.transaction_ended();
        if let Err(err) = settled {
            files.discard(&objects).await;
            return Err(err);
        }
    }
    // Files follow the transaction: applied after it committed, thrown away otherwise.
    if success {
        files.commit(&objects).await
    } else {
        files.discard(&objects).await
    }
    Ok(())
}

/// Forgets the failures of the proofs the call found right (`proofs.succeeded`).
async fn forgive_proofs(state: &mut CallState) {
    for keys in std::mem::take(&mut state.proven) {
        if let Err(err) = state.services.throttle.succeeded(&keys).await {
            tracing::warn!(%err, "a proof's failures were not forgotten");
        }
    }
}

/// Contention undid the call: its right proofs are forgiven, and the attempts it made that came
/// to no verdict (the call ended before the plugin judged them, and its answer, 409, 503 or 504,
/// tells the client nothing about the proof) are taken back. Whoever guesses learns a verdict
/// only from a refusal, and every refusal stays counted.
async fn undo_contended_proofs(state: &mut CallState) {
    let attempted = std::mem::take(&mut state.attempted);
    for keys in attempted.iter().filter(|keys| !state.proven.contains(keys)) {
        if let Err(err) = state.services.throttle.withdrawn(keys).await {
            tracing::warn!(%err, "an attempt without a verdict was not taken back");
        }
    }
    forgive_proofs(state).await;
}

/// Judges what the call returned, settles it, and hands back what it published.
async fn finish(
    mut store: Store<CallState>,
    plugin: &LoadedPlugin,
    result: Result<Returned, Failure>,
) -> (Result<Finished, Failure>, usize) {
    let max_response = usize::try_from(plugin.installed.grants.max_response_kib << 10).unwrap_or(usize::MAX);
    let peak = store.data().limiter.peak;
    let state = store.data_mut();
    let outcome = match result {
        Ok(Returned::Response(response)) if response.body.len() > max_response => Err(Failure::TooLarge),
        Ok(_) if state.tenant_gone => Err(Failure::Trap(TENANT_GONE.into())),
        // Whatever the plugin made of the refusal, the user learns which quota was reached.
        _ if let Some(quota) = state.over_quota => {
            Err(Failure::OverQuota(quota, quota.refusal(&plugin.installed.grants)))
        }
        Ok(_) if state.doomed => Err(Failure::Trap("the call went on after an internal store error".into())),
        other => other,
    };
    let mut success = matches!(&outcome, Ok(Returned::Response(r)) if r.status == 200)
        || matches!(&outcome, Ok(Returned::Unit(Ok(()))));
    // A right proof is forgiven when its call commits, and also when contention undid the call
    // (a conflict, the deadline, no room: the client comes back): a fleet whose activations come
    // back after 409, 503 and 504 must not lock its address out. A call the plugin refused (a
    // replayed signature) keeps the proof's failure.
    let contended = matches!(&outcome, Err(Failure::Conflict | Failure::Timeout))
        || matches!(&outcome, Ok(Returned::Response(r)) if [409, 503, 504].contains(&r.status));
    let mut outcome = outcome;
    if success && let Some(decision) = state.call.decision.clone() {
        let recorded = match state.write_conn().await {
            Ok(conn) => crate::db::approvals::decide(conn, &decision).await.map_err(|e| e.to_string()),
            Err(err) => Err(err.to_string()),
        };
        if recorded != Ok(true) {
            success = false;
            outcome = Err(Failure::Trap(recorded.err().unwrap_or_else(|| DECIDED_ALREADY.into())));
        }
    }
    if let Err(err) = settle(&mut store, success).await {
        if crate::db::serialization_failure(&err) {
            undo_contended_proofs(store.data_mut()).await;
            return (Err(Failure::Conflict), peak);
        }
        return (Err(Failure::Trap(format!("transaction: {err}"))), peak);
    }
    let published = if success { std::mem::take(&mut store.data_mut().published) } else { Vec::new() };
    let state = store.data_mut();
    if success {
        for (plugin, sn) in std::mem::take(&mut state.woken) {
            state.services.wakes.wake(&(state.call.tenant_id, plugin, sn));
        }
    }
    if success {
        forgive_proofs(state).await;
    } else if contended {
        undo_contended_proofs(state).await;
    }
    (outcome.map(|returned| Finished { returned, published, memory_peak: peak }), peak)
}
