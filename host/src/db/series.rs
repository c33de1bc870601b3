//! Time series (contract 0.1.17 `series`, migration 0033): numbers over time per enterprise,
//! plugin, subject and name, kept by UTC day in partitions of their own: on PostgreSQL the
//! partitions of `series`, on SQLite one table a day (`series_20261206`). A day is dropped
//! whole once it is past the retention, never deleted row by row. The host keeps the days of
//! the retention and the next two in place ([`Db::keep_series_days`]), so that a write never
//! makes a table.

use sqlx::QueryBuilder;

use super::{CallTx, Db, Engine};

pub const DAY_MS: i64 = 86_400_000;

/// One point as kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub subject: String,
    pub name: String,
    pub at: i64,
    pub value: f64,
}

/// One bucket of a range read.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Bucket {
    pub bucket: i64,
    pub count: i64,
    pub min: f64,
    pub max: f64,
    pub avg: f64,
}

/// The day (days since the epoch, UTC) of `at`.
pub fn day_of(at: i64) -> i64 {
    at.div_euclid(DAY_MS)
}

/// The name of a day's table or partition: `series_YYYYMMDD`.
pub fn table_of(day: i64) -> String {
    let date = jiff::Timestamp::from_millisecond(day * DAY_MS).map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date());
    match date {
        Ok(date) => format!("series_{:04}{:02}{:02}", date.year(), date.month(), date.day()),
        Err(_) => format!("series_d{day}"),
    }
}

/// The day a `series_YYYYMMDD` name stands for.
fn day_of_table(name: &str) -> Option<i64> {
    let digits = name.strip_prefix("series_")?;
    if digits.len() != 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let date = jiff::civil::Date::strptime("%Y%m%d", digits).ok()?;
    let at = date.to_zoned(jiff::tz::TimeZone::UTC).ok()?.timestamp().as_millisecond();
    Some(day_of(at))
}

impl Db {
    /// The days known to have their table or partition in this database: made outside a call
    /// and committed.
    fn known_days(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<i64>> {
        self.series_days_known.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Makes the day's table if it is not known to be there (the keeper makes the days ahead; a
/// clock that moved, or a keeper that failed, must not fail the writes). SQLite: in the call's
/// transaction, which holds the write lock; not remembered, since the call may yet roll it back.
/// PostgreSQL: the partition is made beside it and committed (a partition made inside a
/// serializable call would lock the whole table until the call ends).
pub async fn ensure_day(db: &Db, tx: &mut CallTx, day: i64) -> Result<(), sqlx::Error> {
    if db.known_days().contains(&day) {
        return Ok(());
    }
    match tx {
        CallTx::Sqlite(conn, _) => sqlx::query(&sqlite_day_table(&table_of(day))).execute(&mut **conn).await.map(drop),
        CallTx::Postgres(_) => db.make_series_day(day).await,
    }
}

fn sqlite_day_table(table: &str) -> String {
    format!(
        "CREATE TABLE IF NOT EXISTS {table} (
            tenant_id INTEGER NOT NULL,
            plugin_id TEXT    NOT NULL,
            subject   TEXT    NOT NULL,
            name      TEXT    NOT NULL,
            at        INTEGER NOT NULL,
            value     REAL    NOT NULL,
            PRIMARY KEY (tenant_id, plugin_id, subject, name, at)
         ) WITHOUT ROWID"
    )
}

/// Points per statement: six values each, well under either engine's bound on parameters.
const ROWS_PER_STATEMENT: usize = 1000;

/// Appends points in the call's transaction, day by day; a point of the same key replaces the
/// one kept. The caller has checked each point's day is kept.
pub async fn append(tx: &mut CallTx, (tenant, plugin): (i64, &str), points: &[Point]) -> Result<(), sqlx::Error> {
    let engine = tx.engine();
    let mut days: Vec<i64> = points.iter().map(|p| day_of(p.at)).collect();
    days.sort_unstable();
    days.dedup();
    for day in days {
        let of_day: Vec<&Point> = points.iter().filter(|p| day_of(p.at) == day).collect();
        let table = match engine {
            Engine::Sqlite => table_of(day),
            // Rows find their partition by themselves.
            Engine::Postgres => "series".to_string(),
        };
        for rows in of_day.chunks(ROWS_PER_STATEMENT) {
            with_call!(&mut *tx, |conn| {
                let mut q =
                    QueryBuilder::new(format!("INSERT INTO {table} (tenant_id, plugin_id, subject, name, at, value) "));
                q.push_values(rows, |mut row, p| {
                    row.push_bind(tenant)
                        .push_bind(plugin)
                        .push_bind(p.subject.as_str())
                        .push_bind(p.name.as_str())
                        .push_bind(p.at)
                        .push_bind(p.value);
                });
                q.push(" ON CONFLICT (tenant_id, plugin_id, subject, name, at) DO UPDATE SET value = excluded.value");
                q.build().execute(&mut *conn).await.map(drop)
            })?;
        }
    }
    Ok(())
}

/// The days' tables a range reads on SQLite (those that exist), oldest first.
async fn sqlite_tables(tx: &mut CallTx, from: i64, to: i64) -> Result<Vec<String>, sqlx::Error> {
    let names: Vec<String> = with_call!(tx, |conn| sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'series\\_%' ESCAPE '\\'"
    )
    .fetch_all(conn)
    .await)?;
    let (first, last) = (day_of(from), day_of(to - 1));
    let mut days: Vec<(i64, String)> = names
        .into_iter()
        .filter_map(|name| day_of_table(&name).map(|day| (day, name)))
        .filter(|(day, _)| (first..=last).contains(day))
        .collect();
    days.sort();
    Ok(days.into_iter().map(|(_, name)| name).collect())
}

/// The source of a range read: the partitioned table, or the days' tables joined.
async fn source(tx: &mut CallTx, from: i64, to: i64) -> Result<Option<String>, sqlx::Error> {
    match tx.engine() {
        Engine::Postgres => Ok(Some("series".to_string())),
        Engine::Sqlite => {
            let tables = sqlite_tables(tx, from, to).await?;
            if tables.is_empty() {
                return Ok(None);
            }
            let columns = "tenant_id, plugin_id, subject, name, at, value";
            let union: Vec<String> = tables.iter().map(|t| format!("SELECT {columns} FROM {t}")).collect();
            Ok(Some(format!("({})", union.join(" UNION ALL "))))
        }
    }
}

/// One subject's measure over `[from, to)` in buckets of `width` ms, oldest first.
pub async fn read(
    tx: &mut CallTx,
    (tenant, plugin): (i64, &str),
    (subject, name): (&str, &str),
    (from, to): (i64, i64),
    width: i64,
) -> Result<Vec<Bucket>, sqlx::Error> {
    let Some(source) = source(tx, from, to).await? else { return Ok(Vec::new()) };
    let sql = format!(
        "SELECT $6 + ((at - $6) / $7) * $7 AS bucket, COUNT(*) AS count, MIN(value) AS min, MAX(value) AS max,
                AVG(value) AS avg
         FROM {source} AS s
         WHERE tenant_id = $1 AND plugin_id = $2 AND subject = $3 AND name = $4 AND at >= $5 AND at < $8
         GROUP BY 1 ORDER BY 1"
    );
    with_call!(tx, |conn| sqlx::query_as(&sql)
        .bind(tenant)
        .bind(plugin)
        .bind(subject)
        .bind(name)
        .bind(from)
        .bind(from)
        .bind(width)
        .bind(to)
        .fetch_all(conn)
        .await)
}

/// The points of one subject over `[from, to)`, every name, newest first, at most `limit`.
pub async fn points(
    tx: &mut CallTx,
    (tenant, plugin): (i64, &str),
    subject: &str,
    (from, to): (i64, i64),
    limit: i64,
) -> Result<Vec<Point>, sqlx::Error> {
    let Some(source) = source(tx, from, to).await? else { return Ok(Vec::new()) };
    let sql = format!(
        "SELECT subject, name, at, value FROM {source} AS s
         WHERE tenant_id = $1 AND plugin_id = $2 AND subject = $3 AND at >= $4 AND at < $5
         ORDER BY at DESC, name LIMIT $6"
    );
    let rows: Vec<(String, String, i64, f64)> = with_call!(tx, |conn| sqlx::query_as(&sql)
        .bind(tenant)
        .bind(plugin)
        .bind(subject)
        .bind(from)
        .bind(to)
        .bind(limit)
        .fetch_all(conn)
        .await)?;
    Ok(rows.into_iter().map(|(subject, name, at, value)| Point { subject, name, at, value }).collect())
}

impl Db {
    /// The days kept now: from `days` before today to two days ahead, made where missing; the
    /// days before dropped whole. How many were dropped.
    pub async fn keep_series_days(&self, today: i64, days: i64) -> Result<u64, sqlx::Error> {
        let (first, last) = (today - days + 1, today + 2);
        let existing = self.series_days().await?;
        self.known_days().extend(existing.iter().copied());
        for day in first..=last {
            if !existing.contains(&day) {
                self.make_series_day(day).await?;
            }
        }
        let mut dropped = 0;
        for day in existing.into_iter().filter(|day| *day < first) {
            let _turn = self.core_turn().await;
            with_pool!(self, |pool| sqlx::query(&format!("DROP TABLE IF EXISTS {}", table_of(day)))
                .execute(pool)
                .await
                .map(drop))?;
            self.known_days().remove(&day);
            dropped += 1;
        }
        Ok(dropped)
    }

    /// The days that have a table or partition.
    pub async fn series_days(&self) -> Result<Vec<i64>, sqlx::Error> {
        let names: Vec<String> = with_pool!(self, |pool| match self.engine() {
            Engine::Sqlite =>
                sqlx::query_scalar(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'series\\_%' ESCAPE '\\'"
                )
                .fetch_all(pool)
                .await,
            Engine::Postgres =>
                sqlx::query_scalar(
                    "SELECT CAST(c.relname AS TEXT) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                 JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'series'"
                )
                .fetch_all(pool)
                .await,
        })?;
        let mut days: Vec<i64> = names.iter().filter_map(|n| day_of_table(n)).collect();
        days.sort_unstable();
        Ok(days)
    }

    pub(crate) async fn make_series_day(&self, day: i64) -> Result<(), sqlx::Error> {
        let table = table_of(day);
        let made = match &self.pool {
            super::Pool::Sqlite(pool) => {
                let _turn = self.core_turn().await;
                sqlx::query(&sqlite_day_table(&table)).execute(pool).await.map(drop)
            }
            // Hosts sharing the database may make the same day at once: one at a time.
            super::Pool::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(SERIES_LOCK).execute(&mut *tx).await?;
                sqlx::query(&format!(
                    "CREATE TABLE IF NOT EXISTS {table} PARTITION OF series FOR VALUES FROM ({}) TO ({})",
                    day * DAY_MS,
                    (day + 1) * DAY_MS
                ))
                .execute(&mut *tx)
                .await?;
                tx.commit().await
            }
        };
        if made.is_ok() {
            self.known_days().insert(day);
        }
        made
    }

    /// Deletes an enterprise's points, every day (the enterprise is deleted).
    pub async fn delete_series_of(&self, tenant: i64) -> Result<(), sqlx::Error> {
        match &self.pool {
            super::Pool::Postgres(pool) => {
                sqlx::query("DELETE FROM series WHERE tenant_id = $1").bind(tenant).execute(pool).await.map(drop)
            }
            super::Pool::Sqlite(pool) => {
                for day in self.series_days().await? {
                    let _turn = self.core_turn().await;
                    sqlx::query(&format!("DELETE FROM {} WHERE tenant_id = $1", table_of(day)))
                        .bind(tenant)
                        .execute(pool)
                        .await?;
                }
                Ok(())
            }
        }
    }
}

/// The advisory lock that lets one host at a time make a day's partition.
const SERIES_LOCK: i64 = 0x7365_7269_6573_6461;

/// Keeps the series' days for as long as the host runs: the retention's days and the next two
/// in place, the older ones dropped, when the day changes (looked at every few seconds, so that
/// a day is dropped as it ends; it was kept whole until then).
pub fn spawn_keeper(db: Db, days: i64) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(5));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut kept = None;
        loop {
            tick.tick().await;
            let today = day_of(super::now_ms());
            if kept == Some(today) {
                continue;
            }
            match db.keep_series_days(today, days).await {
                Ok(dropped) => {
                    kept = Some(today);
                    if dropped > 0 {
                        tracing::info!(dropped, "series: days past the retention dropped");
                    }
                }
                Err(err) => tracing::warn!(%err, "series: keeping the days"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_days_table_is_named_by_its_utc_date_and_read_back() {
        let at = 1_796_515_200_000; // 2026-12-06T00:00:00Z
        let day = day_of(at);
        assert_eq!(table_of(day), "series_20261206");
        assert_eq!(day_of_table("series_20261206"), Some(day));
        assert_eq!(day_of(at - 1), day - 1, "a millisecond before midnight is the day before");
        assert_eq!(day_of_table("series_2026120x"), None);
        assert_eq!(day_of_table("series"), None);
    }
}
