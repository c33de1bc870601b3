//! Uploads waiting for their plugin's claim (see `objects` and `routes::files`).

use super::Db;

/// An upload as stored, and as the plugin's claim gets it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UploadRow {
    pub id: String,
    pub tenant_id: i64,
    pub plugin_id: String,
    pub purpose: String,
    pub account_id: i64,
    pub file_name: String,
    pub size: i64,
    pub md5: String,
    pub sha256: String,
    pub facts: String,
    pub created_at: i64,
    /// The key of the device or app that uploaded it; `None` for a console user's upload.
    pub device_key_id: Option<i64>,
    /// The address a device's upload came from.
    pub client_ip: Option<String>,
}

impl Db {
    pub async fn add_upload(&self, row: &UploadRow) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
            "INSERT INTO uploads (id, tenant_id, plugin_id, purpose, account_id, file_name, size, md5, sha256, facts, created_at, device_key_id, client_ip)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(&row.id)
        .bind(row.tenant_id)
        .bind(&row.plugin_id)
        .bind(&row.purpose)
        .bind(row.account_id)
        .bind(&row.file_name)
        .bind(row.size)
        .bind(&row.md5)
        .bind(&row.sha256)
        .bind(&row.facts)
        .bind(row.created_at)
        .bind(row.device_key_id)
        .bind(&row.client_ip)
        .execute(pool)
        .await
        .map(drop)
        })
    }

    /// Deletes the uploads created before `before_ms`, returning their ids.
    pub async fn sweep_uploads(&self, before_ms: i64) -> Result<Vec<String>, sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query_scalar("DELETE FROM uploads WHERE created_at < $1 RETURNING id")
                .bind(before_ms)
                .fetch_all(pool)
                .await
        })
    }

    /// How many uploads of the device key wait for their claim, and their bytes: all of them, and
    /// those from `client_ip`.
    pub async fn device_uploads_waiting(&self, key_id: i64, client_ip: &str) -> Result<[(i64, i64); 2], sqlx::Error> {
        super::with_pool!(self, |pool| {
            let all: (i64, i64) = sqlx::query_as(
                "SELECT COUNT(*), CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM uploads WHERE device_key_id = $1",
            )
            .bind(key_id)
            .fetch_one(pool)
            .await?;
            let mine: (i64, i64) = sqlx::query_as(
                "SELECT COUNT(*), CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM uploads
                 WHERE device_key_id = $1 AND client_ip = $2",
            )
            .bind(key_id)
            .bind(client_ip)
            .fetch_one(pool)
            .await?;
            Ok([all, mine])
        })
    }

    pub async fn delete_upload(&self, id: &str) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM uploads WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    pub async fn upload_waiting(&self, id: &str) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM uploads WHERE id = $1)").bind(id).fetch_one(pool).await
        })
    }
}

/// Takes the upload for the plugin, in the call's transaction: gone for everyone else once the
/// call commits, back if it rolls back. Only the tenant's, the plugin's, for this purpose, and
/// not older than `created_after`.
pub async fn claim_upload(
    tx: &mut super::CallTx,
    id: &str,
    tenant: i64,
    plugin: &str,
    purpose: &str,
    created_after: i64,
) -> Result<Option<UploadRow>, sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query_as(
            "DELETE FROM uploads
         WHERE id = $1 AND tenant_id = $2 AND plugin_id = $3 AND purpose = $4 AND created_at > $5
         RETURNING *",
        )
        .bind(id)
        .bind(tenant)
        .bind(plugin)
        .bind(purpose)
        .bind(created_after)
        .fetch_optional(conn)
        .await
    })
}
