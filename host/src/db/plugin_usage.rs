//! What a plugin keeps for an enterprise, for its quotas (migration 0032): triggers keep the
//! totals as rows are written, so reading them is one row (SQLite) or a few (PostgreSQL, folded
//! in the background by [`settle`]).

/// Totals of one plugin for one enterprise, as last committed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Usage {
    pub records: i64,
    pub record_bytes: i64,
    pub counters: i64,
    pub device_keys: i64,
    pub approvals: i64,
}

const TOTALS: &str = "SELECT CAST(COALESCE(SUM(records), 0) AS BIGINT) AS records,
        CAST(COALESCE(SUM(record_bytes), 0) AS BIGINT) AS record_bytes,
        CAST(COALESCE(SUM(counters), 0) AS BIGINT) AS counters,
        CAST(COALESCE(SUM(device_keys), 0) AS BIGINT) AS device_keys,
        CAST(COALESCE(SUM(approvals), 0) AS BIGINT) AS approvals
     FROM plugin_usage WHERE tenant_id = $1 AND plugin_id = $2";

/// The totals as the call's transaction sees them: on SQLite, under the call's write lock,
/// exactly what the enterprise keeps.
pub async fn in_call(tx: &mut super::CallTx, tenant: i64, plugin: &str) -> Result<Usage, sqlx::Error> {
    super::with_call!(tx, |conn| sqlx::query_as(TOTALS).bind(tenant).bind(plugin).fetch_one(conn).await)
}

impl super::Db {
    /// The committed totals, read beside any call's transaction: on PostgreSQL, reading them in
    /// a serializable transaction would make every two writing calls of an enterprise conflict.
    pub async fn plugin_usage(&self, tenant: i64, plugin: &str) -> Result<Usage, sqlx::Error> {
        super::with_pool!(self, |pool| sqlx::query_as(TOTALS).bind(tenant).bind(plugin).fetch_one(pool).await)
    }
}

/// Owners folded per statement.
const OWNERS_PER_SETTLE: i64 = 1_000;
/// The advisory lock that lets one host at a time fold totals.
const SETTLE_LOCK: i64 = 0x7573_6167_655f_6678;

/// PostgreSQL: folds the rows written since the last time into one settled row per owner; one
/// host at a time. Whether it folded `OWNERS_PER_SETTLE` owners (there may be more).
pub async fn settle(pool: &sqlx::PgPool) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(SETTLE_LOCK).execute(&mut *tx).await?;
    let chosen: i64 = sqlx::query_scalar(
        "WITH chosen AS (
             SELECT DISTINCT tenant_id, plugin_id FROM plugin_usage WHERE NOT settled LIMIT $1),
         gone AS (
             DELETE FROM plugin_usage u USING chosen c
             WHERE u.tenant_id = c.tenant_id AND u.plugin_id = c.plugin_id
             RETURNING u.tenant_id, u.plugin_id, u.records, u.record_bytes, u.counters, u.device_keys, u.approvals),
         folded AS (
             INSERT INTO plugin_usage (tenant_id, plugin_id, records, record_bytes, counters, device_keys, approvals, settled)
             SELECT tenant_id, plugin_id, SUM(records), SUM(record_bytes), SUM(counters), SUM(device_keys), SUM(approvals), TRUE
             FROM gone GROUP BY tenant_id, plugin_id
             HAVING SUM(records) <> 0 OR SUM(record_bytes) <> 0 OR SUM(counters) <> 0 OR SUM(device_keys) <> 0
                 OR SUM(approvals) <> 0)
         SELECT COUNT(*) FROM chosen",
    )
    .bind(OWNERS_PER_SETTLE)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(chosen >= OWNERS_PER_SETTLE)
}
