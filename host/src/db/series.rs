//! Time series (contract 0.1.17 `series`, migration 0033): numbers over time per enterprise,
//! plugin, subject and name, kept by UTC day in partitions of their own: on PostgreSQL the
//! partitions of `series`, on SQLite one table a day (`series_20261206`). A day is dropped
//! whole once it is past the retention, never deleted row by row. The host keeps the days of
//! the retention and the next two in place ([`Db::keep_series_days`]), so that a write never
//! makes a table.
//!
//! Beside each day's points, its **rollups**: per subject and name, the count, minimum, maximum
//! and sum of each ten minutes ([`ROLLUP_MS`]), fed by the same statement batch that appends the
//! points and kept, made and dropped with them. A read in buckets of ten minutes or more reads
//! the rollups (a month of a reading a second is 4,320 rows, not 2,592,000).

use std::collections::{HashMap, HashSet};

use sqlx::QueryBuilder;

use super::{CallTx, Db, Engine};

pub const DAY_MS: i64 = 86_400_000;
/// The width of a rollup: ten minutes, a whole number of them a day.
pub const ROLLUP_MS: i64 = 600_000;
const _: () = assert!(DAY_MS % ROLLUP_MS == 0);

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

/// The name of a day's rollups (a table on SQLite, a partition of `series_rollups` on
/// PostgreSQL): `rollups_YYYYMMDD`.
pub fn rollups_of(day: i64) -> String {
    table_of(day).replacen("series_", "rollups_", 1)
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
        CallTx::Sqlite(conn, _) => {
            for statement in sqlite_day_tables(day) {
                sqlx::query(&statement).execute(&mut **conn).await?;
            }
            Ok(())
        }
        CallTx::Postgres(_) => db.make_series_day(day).await,
    }
}

/// A day's tables on SQLite, a statement each: its points and its rollups.
fn sqlite_day_tables(day: i64) -> [String; 2] {
    let (table, rollups) = (table_of(day), rollups_of(day));
    [
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
        ),
        format!(
            "CREATE TABLE IF NOT EXISTS {rollups} (
                tenant_id INTEGER NOT NULL,
                plugin_id TEXT    NOT NULL,
                subject   TEXT    NOT NULL,
                name      TEXT    NOT NULL,
                bucket    INTEGER NOT NULL,
                count     INTEGER NOT NULL,
                min       REAL    NOT NULL,
                max       REAL    NOT NULL,
                sum       REAL    NOT NULL,
                PRIMARY KEY (tenant_id, plugin_id, subject, name, bucket)
             ) WITHOUT ROWID"
        ),
    ]
}

/// Points per statement: six values each, well under either engine's bound on parameters.
const ROWS_PER_STATEMENT: usize = 1000;

/// Appends points in the call's transaction, day by day, and adds them to their rollups; a
/// point of the same key replaces the one kept (its ten minutes are then rolled up again from
/// the points). The caller has checked each point's day is kept.
pub async fn append(tx: &mut CallTx, (tenant, plugin): (i64, &str), points: &[Point]) -> Result<(), sqlx::Error> {
    let engine = tx.engine();
    let mut days: Vec<i64> = points.iter().map(|p| day_of(p.at)).collect();
    days.sort_unstable();
    days.dedup();
    for day in days {
        let of_day: Vec<&Point> = points.iter().filter(|p| day_of(p.at) == day).collect();
        let (table, rollups) = match engine {
            Engine::Sqlite => (table_of(day), rollups_of(day)),
            // Rows find their partition by themselves.
            Engine::Postgres => ("series".to_string(), "series_rollups".to_string()),
        };
        let mut new: HashSet<(&str, &str, i64)> = HashSet::with_capacity(of_day.len());
        for rows in of_day.chunks(ROWS_PER_STATEMENT) {
            let inserted: Vec<(String, String, i64)> = with_call!(&mut *tx, |conn| {
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
                q.push(" ON CONFLICT (tenant_id, plugin_id, subject, name, at) DO NOTHING RETURNING subject, name, at");
                q.build_query_as::<(String, String, i64)>().fetch_all(conn).await
            })?;
            let inserted: HashSet<(String, String, i64)> = inserted.into_iter().collect();
            for p in rows {
                if inserted.contains(&(p.subject.clone(), p.name.clone(), p.at)) {
                    new.insert((p.subject.as_str(), p.name.as_str(), p.at));
                }
            }
        }
        // Points new to the day: their sums added to their ten minutes.
        let mut sums: HashMap<(&str, &str, i64), Rollup> = HashMap::new();
        let mut again: Vec<&Point> = Vec::new();
        for p in &of_day {
            if new.remove(&(p.subject.as_str(), p.name.as_str(), p.at)) {
                sums.entry((p.subject.as_str(), p.name.as_str(), bucket_of(p.at))).or_default().add(p.value);
            } else {
                again.push(p);
            }
        }
        let sums: Vec<_> = sums.into_iter().collect();
        let (least, greatest) = match engine {
            Engine::Sqlite => ("min", "max"),
            Engine::Postgres => ("LEAST", "GREATEST"),
        };
        for rows in sums.chunks(ROWS_PER_STATEMENT / 2) {
            with_call!(&mut *tx, |conn| {
                let mut q = QueryBuilder::new(format!(
                    "INSERT INTO {rollups} (tenant_id, plugin_id, subject, name, bucket, count, min, max, sum) "
                ));
                q.push_values(rows, |mut row, ((subject, name, bucket), r)| {
                    row.push_bind(tenant)
                        .push_bind(plugin)
                        .push_bind(*subject)
                        .push_bind(*name)
                        .push_bind(*bucket)
                        .push_bind(r.count)
                        .push_bind(r.min)
                        .push_bind(r.max)
                        .push_bind(r.sum);
                });
                q.push(format!(
                    " ON CONFLICT (tenant_id, plugin_id, subject, name, bucket) DO UPDATE SET
                      count = {rollups}.count + excluded.count, min = {least}({rollups}.min, excluded.min),
                      max = {greatest}({rollups}.max, excluded.max), sum = {rollups}.sum + excluded.sum"
                ));
                q.build().execute(&mut *conn).await.map(drop)
            })?;
        }
        // Points sent again (or twice in one batch): the newest value kept, and their ten
        // minutes summed again from the points.
        for p in again {
            with_call!(&mut *tx, |conn| sqlx::query(&format!(
                "UPDATE {table} SET value = $6
                 WHERE tenant_id = $1 AND plugin_id = $2 AND subject = $3 AND name = $4 AND at = $5"
            ))
            .bind(tenant)
            .bind(plugin)
            .bind(p.subject.as_str())
            .bind(p.name.as_str())
            .bind(p.at)
            .bind(p.value)
            .execute(conn)
            .await
            .map(drop))?;
            let bucket = bucket_of(p.at);
            with_call!(&mut *tx, |conn| sqlx::query(&format!(
                "INSERT INTO {rollups} (tenant_id, plugin_id, subject, name, bucket, count, min, max, sum)
                 SELECT tenant_id, plugin_id, subject, name, $5, COUNT(*), MIN(value), MAX(value), SUM(value)
                 FROM {table}
                 WHERE tenant_id = $1 AND plugin_id = $2 AND subject = $3 AND name = $4 AND at >= $5 AND at < $6
                 GROUP BY tenant_id, plugin_id, subject, name
                 ON CONFLICT (tenant_id, plugin_id, subject, name, bucket) DO UPDATE SET
                 count = excluded.count, min = excluded.min, max = excluded.max, sum = excluded.sum"
            ))
            .bind(tenant)
            .bind(plugin)
            .bind(p.subject.as_str())
            .bind(p.name.as_str())
            .bind(bucket)
            .bind(bucket + ROLLUP_MS)
            .execute(conn)
            .await
            .map(drop))?;
        }
    }
    Ok(())
}

/// The start of the ten minutes `at` falls in.
fn bucket_of(at: i64) -> i64 {
    at.div_euclid(ROLLUP_MS) * ROLLUP_MS
}

/// Count, minimum, maximum and sum of some points.
#[derive(Debug, Clone, Copy)]
struct Rollup {
    count: i64,
    min: f64,
    max: f64,
    sum: f64,
}

impl Default for Rollup {
    fn default() -> Self {
        Rollup { count: 0, min: f64::INFINITY, max: f64::NEG_INFINITY, sum: 0.0 }
    }
}

impl Rollup {
    fn add(&mut self, value: f64) {
        self.count += 1;
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        self.sum += value;
    }
}

/// The days' tables a range reads on SQLite (those that exist), oldest first: `named` gives a
/// day's table (its points or its rollups).
async fn sqlite_tables(
    tx: &mut CallTx,
    (from, to): (i64, i64),
    named: fn(i64) -> String,
) -> Result<Vec<String>, sqlx::Error> {
    let names: Vec<String> = with_call!(tx, |conn| sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'series\\_%' ESCAPE '\\'"
    )
    .fetch_all(conn)
    .await)?;
    let (first, last) = (day_of(from), day_of(to - 1));
    let mut days: Vec<i64> =
        names.iter().filter_map(|name| day_of_table(name)).filter(|day| (first..=last).contains(day)).collect();
    days.sort_unstable();
    Ok(days.into_iter().map(named).collect())
}

/// The source of a range read: the partitioned table, or the days' tables joined (`columns`
/// of the tables `named` gives, `partitioned` on PostgreSQL).
async fn source(
    tx: &mut CallTx,
    range: (i64, i64),
    (partitioned, named, columns): (&str, fn(i64) -> String, &str),
) -> Result<Option<String>, sqlx::Error> {
    match tx.engine() {
        Engine::Postgres => Ok(Some(partitioned.to_string())),
        Engine::Sqlite => {
            let tables = sqlite_tables(tx, range, named).await?;
            if tables.is_empty() {
                return Ok(None);
            }
            let union: Vec<String> = tables.iter().map(|t| format!("SELECT {columns} FROM {t}")).collect();
            Ok(Some(format!("({})", union.join(" UNION ALL "))))
        }
    }
}

const POINTS: (&str, fn(i64) -> String, &str) = ("series", table_of, "tenant_id, plugin_id, subject, name, at, value");
const ROLLUPS: (&str, fn(i64) -> String, &str) =
    ("series_rollups", rollups_of, "tenant_id, plugin_id, subject, name, bucket, count, min, max, sum");

/// One subject's measure over `[from, to)` in buckets of `width` ms, oldest first. Buckets of ten
/// minutes or more are read from the rollups: their width is then a whole number of ten minutes
/// (rounded up), and they start at the ten minutes `from` falls in.
pub async fn read(
    tx: &mut CallTx,
    (tenant, plugin): (i64, &str),
    (subject, name): (&str, &str),
    (from, to): (i64, i64),
    width: i64,
) -> Result<Vec<Bucket>, sqlx::Error> {
    let rolled_up = width >= ROLLUP_MS;
    let (from, width, sql) = if rolled_up {
        let Some(source) = source(tx, (from, to), ROLLUPS).await? else { return Ok(Vec::new()) };
        let sql = format!(
            "SELECT $6 + ((bucket - $6) / $7) * $7 AS bucket, CAST(SUM(count) AS BIGINT) AS count, MIN(min) AS min,
                    MAX(max) AS max, SUM(sum) / CAST(SUM(count) AS DOUBLE PRECISION) AS avg
             FROM {source} AS s
             WHERE tenant_id = $1 AND plugin_id = $2 AND subject = $3 AND name = $4 AND bucket >= $5 AND bucket < $8
             GROUP BY 1 ORDER BY 1"
        );
        (bucket_of(from), (width + ROLLUP_MS - 1) / ROLLUP_MS * ROLLUP_MS, sql)
    } else {
        let Some(source) = source(tx, (from, to), POINTS).await? else { return Ok(Vec::new()) };
        let sql = format!(
            "SELECT $6 + ((at - $6) / $7) * $7 AS bucket, COUNT(*) AS count, MIN(value) AS min, MAX(value) AS max,
                    AVG(value) AS avg
             FROM {source} AS s
             WHERE tenant_id = $1 AND plugin_id = $2 AND subject = $3 AND name = $4 AND at >= $5 AND at < $8
             GROUP BY 1 ORDER BY 1"
        );
        (from, width, sql)
    };
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
    let Some(source) = source(tx, (from, to), POINTS).await? else { return Ok(Vec::new()) };
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
        let rolled_up = self.rollup_days().await?;
        self.known_days().extend(existing.iter().filter(|day| rolled_up.contains(day)).copied());
        for day in first..=last {
            if !existing.contains(&day) || !rolled_up.contains(&day) {
                self.make_series_day(day).await?;
            }
            // A day kept from before there were rollups: rolled up from its points, once.
            if existing.contains(&day) && !rolled_up.contains(&day) {
                self.roll_up_day(day).await?;
            }
        }
        let mut dropped = 0;
        let mut past: Vec<i64> = existing.iter().chain(&rolled_up).copied().filter(|day| *day < first).collect();
        past.sort_unstable();
        past.dedup();
        for day in past {
            let _turn = self.core_turn().await;
            for table in [table_of(day), rollups_of(day)] {
                with_pool!(self, |pool| sqlx::query(&format!("DROP TABLE IF EXISTS {table}"))
                    .execute(pool)
                    .await
                    .map(drop))?;
            }
            self.known_days().remove(&day);
            dropped += 1;
        }
        Ok(dropped)
    }

    /// Sums a day's points into its rollups again, replacing what they held (a day from before
    /// there were rollups, a day copied from another database).
    pub async fn roll_up_day(&self, day: i64) -> Result<(), sqlx::Error> {
        let (table, rollups) = match self.engine() {
            Engine::Sqlite => (table_of(day), rollups_of(day)),
            Engine::Postgres => ("series".to_string(), "series_rollups".to_string()),
        };
        let (from, to) = (day * DAY_MS, (day + 1) * DAY_MS);
        let _turn = self.core_turn().await;
        with_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(&format!("DELETE FROM {rollups} WHERE bucket >= $1 AND bucket < $2"))
                .bind(from)
                .bind(to)
                .execute(&mut *tx)
                .await?;
            sqlx::query(&format!(
                "INSERT INTO {rollups} (tenant_id, plugin_id, subject, name, bucket, count, min, max, sum)
                 SELECT tenant_id, plugin_id, subject, name, (at / {ROLLUP_MS}) * {ROLLUP_MS}, COUNT(*), MIN(value),
                        MAX(value), SUM(value)
                 FROM {table} WHERE at >= $1 AND at < $2
                 GROUP BY tenant_id, plugin_id, subject, name, (at / {ROLLUP_MS}) * {ROLLUP_MS}"
            ))
            .bind(from)
            .bind(to)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })
    }

    /// The days that have a table or partition of points.
    pub async fn series_days(&self) -> Result<Vec<i64>, sqlx::Error> {
        self.days_of("series_", "series").await
    }

    /// The days that have a table or partition of rollups.
    async fn rollup_days(&self) -> Result<Vec<i64>, sqlx::Error> {
        self.days_of("rollups_", "series_rollups").await
    }

    /// The days of the SQLite tables named `prefix` and a date, or of the partitions of
    /// `partitioned` on PostgreSQL.
    async fn days_of(&self, prefix: &str, partitioned: &str) -> Result<Vec<i64>, sqlx::Error> {
        let names: Vec<String> = with_pool!(self, |pool| match self.engine() {
            Engine::Sqlite =>
                sqlx::query_scalar(&format!(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '{}%' ESCAPE '\\'",
                    prefix.replace('_', "\\_")
                ))
                .fetch_all(pool)
                .await,
            Engine::Postgres =>
                sqlx::query_scalar(
                    "SELECT CAST(c.relname AS TEXT) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                 JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1"
                )
                .bind(partitioned)
                .fetch_all(pool)
                .await,
        })?;
        let mut days: Vec<i64> = names
            .iter()
            .filter_map(|n| n.strip_prefix(prefix))
            .filter_map(|d| day_of_table(&format!("series_{d}")))
            .collect();
        days.sort_unstable();
        Ok(days)
    }

    pub(crate) async fn make_series_day(&self, day: i64) -> Result<(), sqlx::Error> {
        let made = match &self.pool {
            super::Pool::Sqlite(pool) => {
                let _turn = self.core_turn().await;
                let mut made = Ok(());
                for statement in sqlite_day_tables(day) {
                    made = sqlx::query(&statement).execute(pool).await.map(drop);
                    if made.is_err() {
                        break;
                    }
                }
                made
            }
            // Hosts sharing the database may make the same day at once: one at a time.
            super::Pool::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(SERIES_LOCK).execute(&mut *tx).await?;
                for (table, parent) in [(table_of(day), "series"), (rollups_of(day), "series_rollups")] {
                    sqlx::query(&format!(
                        "CREATE TABLE IF NOT EXISTS {table} PARTITION OF {parent} FOR VALUES FROM ({}) TO ({})",
                        day * DAY_MS,
                        (day + 1) * DAY_MS
                    ))
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await
            }
        };
        if made.is_ok() {
            self.known_days().insert(day);
        }
        made
    }

    /// Deletes an enterprise's points and rollups, every day (the enterprise is deleted).
    pub async fn delete_series_of(&self, tenant: i64) -> Result<(), sqlx::Error> {
        match &self.pool {
            super::Pool::Postgres(pool) => {
                for table in ["series", "series_rollups"] {
                    sqlx::query(&format!("DELETE FROM {table} WHERE tenant_id = $1"))
                        .bind(tenant)
                        .execute(pool)
                        .await?;
                }
                Ok(())
            }
            super::Pool::Sqlite(pool) => {
                for day in self.series_days().await? {
                    let _turn = self.core_turn().await;
                    for table in [table_of(day), rollups_of(day)] {
                        sqlx::query(&format!("DELETE FROM {table} WHERE tenant_id = $1"))
                            .bind(tenant)
                            .execute(pool)
                            .await?;
                    }
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
