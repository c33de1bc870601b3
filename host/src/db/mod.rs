//! All database access of the host. Handlers call methods on [`Db`]; no SQL lives elsewhere.
//!
//! Two engines, one set of statements: SQLite, embedded and the default (WAL journal, foreign
//! keys on, a busy timeout so that concurrent writers wait instead of failing), and PostgreSQL
//! for deployments of several hosts. Each method is written once inside [`with_pool!`], which
//! compiles its body once per engine against that engine's own driver. Statements use `$N`
//! placeholders, which both drivers read; the few constructs that differ are in [`Engine`].

/// Runs `$body` with `$pool` bound to the concrete pool of the database's engine. The body is
/// compiled once per engine, so each copy is type-checked against its own driver.
macro_rules! with_pool {
    ($db:expr, |$pool:ident| $body:expr) => {
        match &$db.pool {
            $crate::db::Pool::Sqlite($pool) => $body,
            $crate::db::Pool::Postgres($pool) => $body,
        }
    };
}
pub(crate) use with_pool;

/// [`with_pool!`] for a core write: in the core writers' turn at SQLite's write lock
/// ([`Db::core_turn`]), held while `$body` runs. A core write outside it waited in SQLite's busy
/// handler behind report batches (a role added during MQTT load: p99 1.77 s); the test
/// `every_core_write_takes_its_turn` finds any write that does not.
macro_rules! with_writer {
    ($db:expr, |$pool:ident| $body:expr) => {{
        let _turn = $db.core_turn().await;
        $crate::db::with_pool!($db, |$pool| $body)
    }};
}
pub(crate) use with_writer;

/// Runs `$body` with `$conn` bound to the concrete connection of a plugin call's transaction.
macro_rules! with_call {
    ($tx:expr, |$conn:ident| $body:expr) => {
        match $tx {
            $crate::db::CallTx::Sqlite(tx, _) => {
                let $conn: &mut sqlx::SqliteConnection = &mut *tx;
                $body
            }
            $crate::db::CallTx::Postgres(tx) => {
                let $conn: &mut sqlx::PgConnection = &mut *tx;
                $body
            }
        }
    };
}
pub(crate) use with_call;

pub mod approvals;
pub mod auth;
pub mod copy;
pub mod device_keys;
pub mod holdings;
mod menus;
pub mod oauth;
mod org;
pub mod pki;
pub mod platform;
pub mod plugin_counters;
pub mod plugin_files;
pub mod plugin_store;
pub mod plugin_usage;
mod plugins;
pub mod proofs;
pub mod read_cache;
pub mod records;
mod reference;
pub mod search;
pub mod series;
pub mod tasks;
mod tenants;
pub mod uploads;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};

pub use auth::{LoginAccount, SessionRow};
pub use menus::{ButtonFields, ButtonRow, MenuFields, MenuRow, MenuType};
pub use org::{AccountFields, AccountRow, BoundUser, DepartmentFields, DepartmentRow, RoleRow, RoleType};
pub use records::{LogFilter, LoginLogRow, OperationRecordRow};
pub use reference::{LanguageRow, RegionRow, ServiceAreaRow};
pub use tenants::{KINDS as TENANT_KINDS, TenantFields, TenantKey, TenantRow};

static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

#[derive(Clone, Debug)]
pub struct Db {
    pool: Pool,
    /// Plugin store reads kept exactly (SQLite only: see `read_cache`).
    read_cache: Option<Arc<read_cache::ReadCache>>,
    /// The queue for SQLite's write lock (see [`WriterTurn`]).
    writers: Arc<tokio::sync::Mutex<()>>,
    /// The plugin calls' queue to enter the one above: a core write (a sign-in, an operation
    /// record, a schedule's lease) queues on `writers` alone, so at most one plugin call is ever
    /// ahead of it.
    plugin_writers: Arc<tokio::sync::Mutex<()>>,
    /// Each enterprise's queue to enter `plugin_writers`: one call per enterprise waits there,
    /// so an enterprise's call waits behind at most one call of each other enterprise, however
    /// many that one sends.
    enterprise_writers: Arc<std::sync::Mutex<std::collections::HashMap<i64, Arc<tokio::sync::Mutex<()>>>>>,
    /// The series' days known to have their table or partition (see `series`).
    series_days_known: Arc<std::sync::Mutex<std::collections::HashSet<i64>>>,
}

/// A plugin call's turn at SQLite's write lock, held with its transaction until it ends. Calls
/// queue for it in order of arrival, first among their enterprise's calls, then among one call
/// of each enterprise; without it they retried in SQLite's busy handler, whose sleeps grow to
/// 100 ms while the lock may be free, and a writer among 16 could lose every retry until its
/// call's deadline passed (a 504 in the bench; p99 136 ms).
#[derive(Debug)]
pub struct WriterTurn {
    _enterprise: tokio::sync::OwnedMutexGuard<()>,
    _entered: tokio::sync::OwnedMutexGuard<()>,
    _lock: tokio::sync::OwnedMutexGuard<()>,
}

/// A core write's turn at SQLite's write lock (none on PostgreSQL), held while it writes.
pub type CoreTurn = Option<tokio::sync::OwnedMutexGuard<()>>;

#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// The database engine, and the SQL that differs between the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    /// Case-insensitive `LIKE` (SQLite's own is, for ASCII).
    pub fn like(self) -> &'static str {
        match self {
            Engine::Sqlite => "LIKE",
            Engine::Postgres => "ILIKE",
        }
    }

    /// The values of a JSON array of integers bound as text at `$n`, as a sub-select.
    pub fn json_integers(self, n: u8) -> String {
        match self {
            Engine::Sqlite => format!("SELECT value FROM json_each(${n})"),
            Engine::Postgres => format!("SELECT value::bigint FROM json_array_elements_text(${n}::json)"),
        }
    }

    /// The values of a JSON array of strings bound as text at `$n`, as a sub-select.
    pub fn json_texts(self, n: u8) -> String {
        match self {
            Engine::Sqlite => format!("SELECT value FROM json_each(${n})"),
            Engine::Postgres => format!("SELECT value FROM json_array_elements_text(${n}::json)"),
        }
    }
}

/// How much of an SQLite file is read through a memory mapping (256 MiB).
const SQLITE_MAPPED: u64 = 256 << 20;

impl Db {
    /// Opens and migrates the database a URL names: `postgres://` (or `postgresql://`) for
    /// PostgreSQL, else SQLite (created if missing).
    pub async fn open(url: &str) -> Result<Db, sqlx::Error> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Self::open_postgres(url).await;
        }
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            // Pages read through a mapping of the file: shared by the eight connections, with no
            // copy into each one's page cache (of 2 MiB), which a fleet's records outgrow.
            .pragma("mmap_size", SQLITE_MAPPED.to_string());
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            // A file has no peer to go away: the ping before every acquire was one more round
            // trip to the connection's worker thread on every plugin call. Every
            // connection is still pinged when it is handed back.
            .test_before_acquire(false)
            // A request dropped half-way (its client left) can hand back a connection whose
            // transaction was begun but never settled: sqlx's `begin` is not cancel-safe. sqlx
            // pings every connection handed back, which runs any queued BEGIN or ROLLBACK; a
            // connection still in a transaction after that is closed, never reused. Checked as it
            // leaves the idle queue, not as it comes back: no round trip of its own.
            .before_acquire(|conn, _| Box::pin(async move { Ok(!conn.is_in_transaction()) }))
            .connect_with(options)
            .await?;
        SQLITE_MIGRATOR.run(&pool).await?;
        let read_cache = Some(Arc::new(read_cache::ReadCache::default()));
        Ok(Db {
            pool: Pool::Sqlite(pool),
            read_cache,
            writers: Default::default(),
            plugin_writers: Default::default(),
            enterprise_writers: Default::default(),
            series_days_known: Default::default(),
        })
    }

    async fn open_postgres(url: &str) -> Result<Db, sqlx::Error> {
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(16)
            // As for SQLite: a connection handed back inside a transaction is closed.
            .before_acquire(|conn, _| Box::pin(async move { Ok(!conn.is_in_transaction()) }))
            .connect_with(options)
            .await?;
        POSTGRES_MIGRATOR.run(&pool).await?;
        Ok(Db {
            pool: Pool::Postgres(pool),
            read_cache: None,
            writers: Default::default(),
            plugin_writers: Default::default(),
            enterprise_writers: Default::default(),
            series_days_known: Default::default(),
        })
    }

    pub fn engine(&self) -> Engine {
        match self.pool {
            Pool::Sqlite(_) => Engine::Sqlite,
            Pool::Postgres(_) => Engine::Postgres,
        }
    }

    /// The exact cache of plugin store reads; none on PostgreSQL, where other hosts write.
    pub fn read_cache(&self) -> Option<&Arc<read_cache::ReadCache>> {
        self.read_cache.as_ref()
    }

    /// A core write's turn at SQLite's write lock: behind at most the one plugin call holding
    /// it, never behind the plugin calls queued after (they queue to enter first). Sign-ins,
    /// operation records and schedules' leases were starved by plugin calls before (10 to 20 s,
    /// or "database is locked" and a record lost).
    pub async fn core_turn(&self) -> CoreTurn {
        match self.pool {
            Pool::Sqlite(_) => Some(self.writers.clone().lock_owned().await),
            Pool::Postgres(_) => None,
        }
    }

    /// The queue of `tenant`'s plugin calls.
    fn enterprise_queue(&self, tenant: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut queues = self.enterprise_writers.lock().unwrap_or_else(|p| p.into_inner());
        queues.entry(tenant).or_default().clone()
    }

    /// A plugin call's turn: it waits behind its enterprise's calls, then enters the queue of
    /// one call per enterprise, then waits for the lock's turn.
    async fn plugin_turn(&self, tenant: i64) -> WriterTurn {
        let enterprise = self.enterprise_queue(tenant).lock_owned().await;
        let entered = self.plugin_writers.clone().lock_owned().await;
        WriterTurn { _enterprise: enterprise, _entered: entered, _lock: self.writers.clone().lock_owned().await }
    }

    /// A plugin call's turn now, or none (another holds it, or is queued for it).
    fn plugin_turn_now(&self, tenant: i64) -> Option<WriterTurn> {
        let enterprise = self.enterprise_queue(tenant).try_lock_owned().ok()?;
        let entered = self.plugin_writers.clone().try_lock_owned().ok()?;
        Some(WriterTurn {
            _enterprise: enterprise,
            _entered: entered,
            _lock: self.writers.clone().try_lock_owned().ok()?,
        })
    }

    /// Closes the pool once its connections are back: SQLite checkpoints its log into the
    /// database file as the last connection closes.
    pub async fn close(&self) {
        with_pool!(self, |pool| pool.close().await)
    }

    /// The migrations applied to the database and those this build carries: a database a newer
    /// host migrated, or one whose migration stopped half-way, is not this host's to serve.
    pub async fn migrations(&self) -> Result<(usize, usize), sqlx::Error> {
        let expected = match self.pool {
            Pool::Sqlite(_) => SQLITE_MIGRATOR.iter().count(),
            Pool::Postgres(_) => POSTGRES_MIGRATOR.iter().count(),
        };
        let applied: i64 = with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success").fetch_one(pool).await
        })?;
        Ok((usize::try_from(applied).unwrap_or(0), expected))
    }

    /// The SQLite pool, for a bench that loads what it measures in bulk.
    pub fn sqlite(&self) -> Option<&sqlx::SqlitePool> {
        match &self.pool {
            Pool::Sqlite(pool) => Some(pool),
            Pool::Postgres(_) => None,
        }
    }

    /// The PostgreSQL pool, for what only PostgreSQL offers (`LISTEN/NOTIFY`, see `cluster`).
    pub fn postgres(&self) -> Option<&sqlx::PgPool> {
        match &self.pool {
            Pool::Postgres(pool) => Some(pool),
            Pool::Sqlite(_) => None,
        }
    }
}

/// The transaction of one plugin call, on either engine.
pub enum CallTx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>, Option<WriterTurn>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

impl CallTx {
    pub fn engine(&self) -> Engine {
        match self {
            CallTx::Sqlite(..) => Engine::Sqlite,
            CallTx::Postgres(_) => Engine::Postgres,
        }
    }

    /// A statement without arguments or rows (savepoints).
    pub async fn execute(&mut self, sql: &str) -> Result<(), sqlx::Error> {
        with_call!(self, |conn| sqlx::query(sql).persistent(false).execute(conn).await.map(drop))
    }

    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            CallTx::Sqlite(tx, _turn) => tx.commit().await,
            CallTx::Postgres(tx) => tx.commit().await,
        }
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        match self {
            CallTx::Sqlite(tx, _turn) => tx.rollback().await,
            CallTx::Postgres(tx) => tx.rollback().await,
        }
    }
}

/// Whether PostgreSQL refused a statement or a commit of a SERIALIZABLE transaction because a
/// concurrent one changed what it read (40001), chose it to end a deadlock (40P01), or it did
/// not get a row another transaction holds within its `lock_timeout` (55P03): the transaction is
/// to run again from the start.
pub fn serialization_failure(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if matches!(db.code().as_deref(), Some("40001" | "40P01" | "55P03")))
}

/// Now, in unix milliseconds: the time unit of every column (the host's [`crate::clock`]).
pub fn now_ms() -> i64 {
    crate::clock::now_ms()
}

/// A page of a list: offset and limit derived from the request's page and pageSize.
#[derive(Debug, Clone, Copy)]
pub struct Paging {
    pub page: i64,
    pub page_size: i64,
}

impl Paging {
    /// Saturating: a page past the end (even `page = i64::MAX`, as a fuzzer sends) is empty, never
    /// an overflow.
    pub fn offset(self) -> i64 {
        (self.page - 1).saturating_mul(self.page_size)
    }
}

/// Escapes `%`, `_` and `\` for a `LIKE ... ESCAPE '\'` fuzzy search.
pub fn like_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_far_past_the_end_does_not_overflow() {
        let paging = super::Paging { page: i64::MAX, page_size: 500 };
        assert_eq!(paging.offset(), i64::MAX);
        assert_eq!(super::Paging { page: 3, page_size: 20 }.offset(), 40);
    }

    /// Every statement that writes through the pool (not a plugin call's transaction) runs in
    /// the core writers' turn: `with_writer!`, or a function that took `core_turn` itself. Read
    /// from the sources, so a write added later without its turn fails here.
    #[test]
    fn every_core_write_takes_its_turn() {
        let writes = |block: &str| {
            ["INSERT ", "UPDATE ", "DELETE ", "REPLACE ", "CREATE ", "DROP ", "ALTER ", ".begin()"]
                .iter()
                .any(|w| block.contains(w))
        };
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/src/db");
        let mut without_turn = Vec::new();
        let mut blocks = 0;
        for entry in std::fs::read_dir(folder).expect("src/db") {
            let path = entry.expect("entry").path();
            let source = std::fs::read_to_string(&path).expect("source");
            for (at, _) in source.match_indices("with_pool!(") {
                // The macro's own invocation, up to its closing parenthesis.
                let (mut depth, mut end) = (0, at);
                for (i, c) in source[at..].char_indices() {
                    match c {
                        '(' => depth += 1,
                        ')' if depth == 1 => {
                            end = at + i;
                            break;
                        }
                        ')' => depth -= 1,
                        _ => {}
                    }
                }
                let block = &source[at..end];
                let function = source[..at].rfind("fn ").unwrap_or(0);
                let in_macro = source[..at].rfind("macro_rules!").is_some_and(|m| m > function);
                if writes(block) && !in_macro {
                    blocks += 1;
                    if !source[function..at].contains("core_turn") {
                        let line = source[..at].lines().count();
                        without_turn.push(format!("{}:{line}", path.display()));
                    }
                }
            }
        }
        assert!(blocks == 0 || without_turn.is_empty(), "writes outside the core writers' turn: {without_turn:#?}");
        // The scan finds what it is meant to: writes through `with_pool!` that take the turn.
        assert!(blocks >= 5, "only {blocks} writing blocks found: the scan is broken");
    }
}
