//! Counters plugins keep (contract 0.1.14 `counters`, migration 0024): by plugin, enterprise,
//! name, bucket and key, written in the call's transaction by one upsert per thousand counters
//! and read back as sums. The enterprise is the call's, never the plugin's choice; only a call of
//! the platform itself reads every enterprise's.

use sqlx::QueryBuilder;

use super::CallTx;

/// Counters one call writes at most.
pub const MAX_WRITTEN: usize = 10_000;
/// Sums one read answers at most.
pub const MAX_READ: u32 = 100_000;
const MAX_NAME: usize = 64;
const MAX_KEY: usize = 200;
const MAX_NAMES: usize = 100;
const MAX_KEYS: usize = 1_000;
/// Rows per statement: 6 bound values each, well under both engines' bounds.
const BATCH: usize = 1_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub name: String,
    pub bucket: i64,
    pub key: String,
    pub value: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    Add,
    Set,
}

/// Whose counters a statement acts on: the plugin's, of the call's enterprise.
#[derive(Debug, Clone, Copy)]
pub struct Owner<'a> {
    pub plugin: &'a str,
    pub tenant: i64,
}

#[derive(Debug, Clone, Default)]
pub struct CounterQuery {
    pub names: Vec<String>,
    pub from: i64,
    pub to: i64,
    pub keys: Vec<String>,
    pub all_enterprises: bool,
    pub by_enterprise: bool,
    pub by_bucket: bool,
    pub by_key: bool,
    pub limit: u32,
}

/// A sum read: (enterprise, name, bucket, key, value).
pub type Counted = (i64, String, i64, String, i64);

/// What one counter holds, either way: 2^53, the integers a JSON number (and a browser) keeps
/// exactly. A sum past it is refused, never stored rounded or clamped.
pub const MAX_VALUE: i64 = 1 << 53;

#[derive(Debug, thiserror::Error)]
pub enum CounterFailure {
    /// An addition would take a counter past [`MAX_VALUE`]: none of the write is applied.
    #[error("a counter would pass ±{MAX_VALUE}: nothing of this write is applied")]
    Overflow,
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

fn check_name(name: &str) -> Result<(), CounterFailure> {
    if name.is_empty() || name.len() > MAX_NAME || name.chars().any(char::is_control) {
        return Err(CounterFailure::Invalid(format!(
            "a counter's name has 1 to {MAX_NAME} bytes, no control characters"
        )));
    }
    Ok(())
}

fn check_key(key: &str) -> Result<(), CounterFailure> {
    if key.len() > MAX_KEY || key.chars().any(char::is_control) {
        return Err(CounterFailure::Invalid(format!(
            "a counter's key has at most {MAX_KEY} bytes, no control characters"
        )));
    }
    Ok(())
}

/// Adds to or sets every counter, in the call's transaction.
pub async fn write(tx: &mut CallTx, owner: Owner<'_>, counters: &[Counter], how: Write) -> Result<(), CounterFailure> {
    if counters.len() > MAX_WRITTEN {
        return Err(CounterFailure::Invalid(format!("at most {MAX_WRITTEN} counters a call")));
    }
    for counter in counters {
        check_name(&counter.name)?;
        check_key(&counter.key)?;
        if counter.value.unsigned_abs() > MAX_VALUE.unsigned_abs() {
            return Err(CounterFailure::Invalid(format!("a counter's value is within ±{MAX_VALUE}")));
        }
    }
    // Both sides are within ±2^53, so the sum cannot overflow; one past the bound is not written.
    let update = match how {
        Write::Add => {
            " ON CONFLICT (plugin_id, tenant_id, name, bucket, key) DO UPDATE SET value = plugin_counters.value + excluded.value \
             WHERE abs(plugin_counters.value + excluded.value) <= 9007199254740992"
        }
        Write::Set => " ON CONFLICT (plugin_id, tenant_id, name, bucket, key) DO UPDATE SET value = excluded.value",
    };
    // All or nothing: a batch that would overflow leaves the counters as they were.
    tx.execute("SAVEPOINT counters_write").await?;
    let written = write_batches(tx, owner, counters, update).await;
    let settle = if written.is_ok() { "RELEASE counters_write" } else { "ROLLBACK TO counters_write" };
    tx.execute(settle).await?;
    if written.is_err() {
        tx.execute("RELEASE counters_write").await?;
    }
    written
}

async fn write_batches(
    tx: &mut CallTx,
    owner: Owner<'_>,
    counters: &[Counter],
    update: &str,
) -> Result<(), CounterFailure> {
    for batch in counters.chunks(BATCH) {
        super::with_call!(&mut *tx, |conn| {
            let mut q =
                QueryBuilder::new("INSERT INTO plugin_counters (plugin_id, tenant_id, name, bucket, key, value) ");
            q.push_values(batch, |mut row, c| {
                row.push_bind(owner.plugin.to_string())
                    .push_bind(owner.tenant)
                    .push_bind(c.name.clone())
                    .push_bind(c.bucket)
                    .push_bind(c.key.clone())
                    .push_bind(c.value);
            });
            q.push(update);
            if q.build().execute(conn).await?.rows_affected() < batch.len() as u64 {
                return Err(CounterFailure::Overflow);
            }
        });
    }
    Ok(())
}

/// The sums `query` asks for. Every enterprise's only when `owner` is the platform's own call.
pub async fn read(tx: &mut CallTx, owner: Owner<'_>, query: &CounterQuery) -> Result<Vec<Counted>, CounterFailure> {
    if query.names.is_empty() || query.names.len() > MAX_NAMES {
        return Err(CounterFailure::Invalid(format!("a read names 1 to {MAX_NAMES} counters")));
    }
    if query.keys.len() > MAX_KEYS {
        return Err(CounterFailure::Invalid(format!("a read names at most {MAX_KEYS} keys")));
    }
    if query.all_enterprises && owner.tenant != 0 {
        return Err(CounterFailure::Invalid("only the platform reads every enterprise's counters".into()));
    }
    let limit = i64::from(query.limit.clamp(1, MAX_READ));
    // Each dimension asked for is selected and grouped by; the others are summed over.
    let enterprise = if query.by_enterprise { "tenant_id" } else { "CAST(0 AS BIGINT)" };
    let bucket = if query.by_bucket { "bucket" } else { "CAST(0 AS BIGINT)" };
    let key = if query.by_key { "key" } else { "''" };
    // Only columns: a number in GROUP BY names an output column on both engines.
    let grouped: Vec<&str> =
        [(query.by_enterprise, "tenant_id"), (true, "name"), (query.by_bucket, "bucket"), (query.by_key, "key")]
            .into_iter()
            .filter_map(|(asked, column)| asked.then_some(column))
            .collect();
    let rows = super::with_call!(&mut *tx, |conn| {
        let mut q = QueryBuilder::new(format!(
            "SELECT {enterprise} AS enterprise, name, {bucket} AS b, {key} AS k, CAST(SUM(value) AS TEXT) \
             FROM plugin_counters WHERE plugin_id = "
        ));
        q.push_bind(owner.plugin.to_string());
        if !query.all_enterprises {
            q.push(" AND tenant_id = ").push_bind(owner.tenant);
        }
        q.push(" AND name IN (");
        let mut names = q.separated(", ");
        for name in &query.names {
            names.push_bind(name.clone());
        }
        q.push(") AND bucket >= ").push_bind(query.from).push(" AND bucket <= ").push_bind(query.to);
        if !query.keys.is_empty() {
            q.push(" AND key IN (");
            let mut keys = q.separated(", ");
            for k in &query.keys {
                keys.push_bind(k.clone());
            }
            q.push(")");
        }
        q.push(format!(" GROUP BY {} ORDER BY 1, 2, 3, 4 LIMIT ", grouped.join(", ")));
        q.push_bind(limit);
        match q.build_query_as::<(i64, String, i64, String, String)>().fetch_all(conn).await {
            Ok(rows) => rows,
            // SQLite's SUM refuses to overflow; the statement failed alone, the call goes on.
            Err(sqlx::Error::Database(err)) if err.message().contains("integer overflow") => {
                return Err(sum_too_large());
            }
            Err(err) => return Err(err.into()),
        }
    });
    // A sum is exact or refused: PostgreSQL sums into a number of any size, read here.
    rows.into_iter()
        .map(|(enterprise, name, bucket, key, sum)| {
            let sum = sum.parse::<i128>().ok().and_then(|sum| i64::try_from(sum).ok()).ok_or_else(sum_too_large)?;
            Ok((enterprise, name, bucket, key, sum))
        })
        .collect()
}

fn sum_too_large() -> CounterFailure {
    CounterFailure::Invalid("a sum is larger than a counter holds: read fewer buckets or keys at once".into())
}

/// Forgets the enterprise's counters of `names` (all when empty) with a bucket in `from..=to`.
pub async fn clear(
    tx: &mut CallTx,
    owner: Owner<'_>,
    names: &[String],
    (from, to): (i64, i64),
) -> Result<u64, CounterFailure> {
    if names.len() > MAX_NAMES {
        return Err(CounterFailure::Invalid(format!("at most {MAX_NAMES} names")));
    }
    let done = super::with_call!(&mut *tx, |conn| {
        let mut q = QueryBuilder::new("DELETE FROM plugin_counters WHERE plugin_id = ");
        q.push_bind(owner.plugin.to_string()).push(" AND tenant_id = ").push_bind(owner.tenant);
        if !names.is_empty() {
            q.push(" AND name IN (");
            let mut list = q.separated(", ");
            for name in names {
                list.push_bind(name.clone());
            }
            q.push(")");
        }
        q.push(" AND bucket >= ").push_bind(from).push(" AND bucket <= ").push_bind(to);
        q.build().execute(conn).await?.rows_affected()
    });
    Ok(done)
}

impl super::Db {
    /// Sets counters of a plugin and enterprise outside any call, in one transaction (loaders
    /// and benchmarks: 100,000,000 reports' rollups in seconds, not through the plugin).
    pub async fn bulk_set_counters(
        &self,
        plugin: &str,
        tenant: i64,
        counters: impl Iterator<Item = Counter>,
    ) -> Result<u64, sqlx::Error> {
        let mut counters = counters.peekable();
        let mut count = 0;
        let mut tx = self.begin_call(true).await?;
        while counters.peek().is_some() {
            let batch: Vec<Counter> = counters.by_ref().take(BATCH).collect();
            count += batch.len() as u64;
            match write(&mut tx, Owner { plugin, tenant }, &batch, Write::Set).await {
                Ok(()) => {}
                Err(CounterFailure::Db(error)) => return Err(error),
                Err(CounterFailure::Invalid(why)) => return Err(sqlx::Error::Protocol(why)),
                Err(overflow @ CounterFailure::Overflow) => return Err(sqlx::Error::Protocol(overflow.to_string())),
            }
        }
        tx.commit().await?;
        Ok(count)
    }
}
