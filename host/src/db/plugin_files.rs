//! What a plugin's objects take of its files quota, per enterprise, kept in the call's
//! transaction: each object's size as last written (`plugin_files`, migration 0031) and their
//! total (`plugin_file_usage`).

use super::CallTx;

/// What the database says of an object: `None` when it has no row (an object kept before the
/// table, or none), `Some(None)` when it was deleted, `Some(Some(size))` when it holds `size`.
pub async fn size(
    tx: &mut CallTx,
    (tenant, plugin): (i64, &str),
    name: &str,
) -> Result<Option<Option<i64>>, sqlx::Error> {
    with_call!(tx, |conn| {
        sqlx::query_scalar::<_, Option<i64>>(
            "SELECT size FROM plugin_files WHERE tenant_id = $1 AND plugin_id = $2 AND name = $3",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(name)
        .fetch_optional(conn)
        .await
    })
}

/// Records the object's size, `None` once deleted.
pub async fn set_size(
    tx: &mut CallTx,
    (tenant, plugin): (i64, &str),
    name: &str,
    size: Option<i64>,
) -> Result<(), sqlx::Error> {
    with_call!(tx, |conn| {
        sqlx::query(
            "INSERT INTO plugin_files (tenant_id, plugin_id, name, size) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tenant_id, plugin_id, name) DO UPDATE SET size = excluded.size",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(name)
        .bind(size)
        .execute(conn)
        .await
        .map(drop)
    })
}

/// The bytes the plugin's objects take for the enterprise.
pub async fn used(tx: &mut CallTx, (tenant, plugin): (i64, &str)) -> Result<i64, sqlx::Error> {
    let used: Option<i64> = with_call!(tx, |conn| sqlx::query_scalar(
        "SELECT file_bytes FROM plugin_file_usage WHERE tenant_id = $1 AND plugin_id = $2"
    )
    .bind(tenant)
    .bind(plugin)
    .fetch_optional(conn)
    .await)?;
    Ok(used.unwrap_or(0))
}

/// Adds `delta` to the total (never below zero: objects kept before the total was).
pub async fn add_used(tx: &mut CallTx, (tenant, plugin): (i64, &str), delta: i64) -> Result<(), sqlx::Error> {
    with_call!(tx, |conn| {
        sqlx::query(
            "INSERT INTO plugin_file_usage (tenant_id, plugin_id, file_bytes) VALUES ($1, $2, CASE WHEN $3 > 0 THEN $3 ELSE 0 END)
             ON CONFLICT (tenant_id, plugin_id) DO UPDATE SET file_bytes =
               CASE WHEN plugin_file_usage.file_bytes + $3 > 0 THEN plugin_file_usage.file_bytes + $3 ELSE 0 END",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(delta)
        .execute(conn)
        .await
        .map(drop)
    })
}
