//! All database access of the host. Handlers call methods on [`Db`]; no SQL lives elsewhere,
//! so a PostgreSQL backend can be added here without touching them.
//!
//! SQLite is embedded and the default: WAL journal, foreign keys on, a busy timeout so that
//! concurrent writers wait instead of failing.

pub mod approvals;
pub mod auth;
pub mod device_keys;
mod menus;
mod org;
pub mod plugin_store;
mod plugins;
pub mod records;
mod reference;
mod tenants;
pub mod uploads;

use std::str::FromStr;
use std::time::Duration;

use sqlx::Connection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};

pub use auth::{LoginAccount, SessionRow};
pub use menus::{ButtonFields, ButtonRow, MenuFields, MenuRow, MenuType};
pub use org::{AccountFields, AccountRow, DepartmentFields, DepartmentRow, RoleRow, RoleType};
pub use records::{LogFilter, LoginLogRow, OperationRecordRow};
pub use reference::{LanguageRow, RegionRow, ServiceAreaRow};
pub use tenants::{TenantFields, TenantKey, TenantRow};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

#[derive(Clone, Debug)]
pub struct Db {
    pool: SqlitePool,
}

impl Db {
    /// Opens (creating if missing) and migrates the database.
    pub async fn open(url: &str) -> Result<Db, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .after_release(|conn, _| {
                Box::pin(async move {
                    // A request dropped half-way (its client left) can hand back a connection
                    // whose transaction was begun but never settled: sqlx's `begin` is not
                    // cancel-safe. The ping runs after any queued rollback; a connection still
                    // in a transaction then is closed, never reused.
                    conn.ping().await?;
                    Ok(!conn.is_in_transaction())
                })
            })
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(Db { pool })
    }
}

/// Now, in unix milliseconds: the time unit of every column.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
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
}
