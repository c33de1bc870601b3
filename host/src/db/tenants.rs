//! Tenants (enterprises).

use serde::Serialize;
use sqlx::{FromRow, QueryBuilder};
use utoipa::ToSchema;

use super::{Db, Paging, like_pattern, now_ms};

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantRow {
    pub id: i64,
    pub tenant_name: String,
    pub full_name: String,
    pub description: String,
    pub abbr_en: String,
    pub credit_code: String,
    /// `ordinary` or `robot` ([`KINDS`]).
    pub kind: String,
    pub disabled: bool,
    pub disabled_until: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

pub struct TenantFields {
    pub tenant_name: String,
    pub full_name: String,
    pub description: String,
    pub abbr_en: String,
    pub credit_code: String,
    pub kind: String,
}

/// An enterprise's kinds: a robot-type one is for internal management only.
pub const KINDS: [&str; 2] = ["ordinary", "robot"];

const COLUMNS: &str = "id, tenant_name, full_name, description, abbr_en, credit_code, kind, disabled, disabled_until, \
                       created_at, updated_at";

impl Db {
    pub async fn tenant_exists(&self, id: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM tenants WHERE id = $1 AND id <> 0)")
                .bind(id)
                .fetch_one(pool)
                .await
        })
    }

    pub async fn tenant(&self, id: i64) -> Result<Option<TenantRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM tenants WHERE id = $1 AND id <> 0"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    /// Tenants other than the platform, optionally only `only`, filtered by name (fuzzy).
    pub async fn tenants(
        &self,
        only: Option<i64>,
        name: &str,
        paging: Paging,
    ) -> Result<(Vec<TenantRow>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let filter = |q: &mut QueryBuilder<'_, _>| {
                q.push(" WHERE id <> 0");
                if let Some(id) = only {
                    q.push(" AND id = ").push_bind(id);
                }
                if !name.is_empty() {
                    q.push(format!(" AND (tenant_name {} ", self.engine().like()))
                        .push_bind(like_pattern(name))
                        .push(" ESCAPE '\\'");
                    q.push(format!(" OR full_name {} ", self.engine().like()))
                        .push_bind(like_pattern(name))
                        .push(" ESCAPE '\\')");
                }
            };
            let mut count = QueryBuilder::new("SELECT COUNT(*) FROM tenants");
            filter(&mut count);
            let total = count.build_query_scalar().fetch_one(pool).await?;
            let mut rows = QueryBuilder::new(format!("SELECT {COLUMNS} FROM tenants"));
            filter(&mut rows);
            rows.push(" ORDER BY id LIMIT ").push_bind(paging.page_size).push(" OFFSET ").push_bind(paging.offset());
            let list = rows.build_query_as().fetch_all(pool).await?;
            Ok((list, total))
        })
    }

    /// The id of another tenant that already has this value in `column` (a unique key).
    pub async fn tenant_taken(&self, column: TenantKey, value: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let column = match column {
                TenantKey::Name => "tenant_name",
                TenantKey::CreditCode => "credit_code",
                // Enterprise accounts sign in as `name@ABBREVIATION`: one enterprise per abbreviation.
                TenantKey::Abbreviation => "abbr_en COLLATE NOCASE",
            };
            sqlx::query_scalar(&format!(
                "SELECT EXISTS (SELECT 1 FROM tenants WHERE {column} = $1 AND id <> $2 AND id <> 0)"
            ))
            .bind(value)
            .bind(except)
            .fetch_one(pool)
            .await
        })
    }

    /// A new enterprise with its administrator role (named `administrator_role`), in one
    /// transaction: an enterprise is never seen without the role its first account is given.
    pub async fn insert_tenant(
        &self,
        fields: &TenantFields,
        by: i64,
        administrator_role: &str,
    ) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO tenants (tenant_name, full_name, description, abbr_en, credit_code, kind,
                                  created_at, created_by, updated_at, updated_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
            )
            .bind(&fields.tenant_name)
            .bind(&fields.full_name)
            .bind(&fields.description)
            .bind(&fields.abbr_en)
            .bind(&fields.credit_code)
            .bind(&fields.kind)
            .bind(now)
            .bind(by)
            .bind(now)
            .bind(by)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO roles (tenant_id, name, role_type, remark, created_at, created_by, updated_at, updated_by)
             VALUES ($1, $2, 'administrator', '', $3, $4, $3, $4)",
            )
            .bind(id)
            .bind(administrator_role)
            .bind(now)
            .bind(by)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(id)
        })
    }

    pub async fn update_tenant(&self, id: i64, fields: &TenantFields, by: i64) -> Result<bool, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done = sqlx::query(
                "UPDATE tenants SET tenant_name = $1, full_name = $2, description = $3, abbr_en = $4, credit_code = $5,
                                kind = $6, updated_at = $7, updated_by = $8
             WHERE id = $9 AND id <> 0",
            )
            .bind(&fields.tenant_name)
            .bind(&fields.full_name)
            .bind(&fields.description)
            .bind(&fields.abbr_en)
            .bind(&fields.credit_code)
            .bind(&fields.kind)
            .bind(now_ms())
            .bind(by)
            .bind(id)
            .execute(pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    pub async fn set_tenant_disabled(
        &self,
        id: i64,
        disabled: bool,
        until: Option<i64>,
        by: i64,
    ) -> Result<bool, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done = sqlx::query(
            "UPDATE tenants SET disabled = $1, disabled_until = $2, updated_at = $3, updated_by = $4 WHERE id = $5 AND id <> 0",
        )
        .bind(disabled)
        .bind(until)
        .bind(now_ms())
        .bind(by)
        .bind(id)
        .execute(pool)
        .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    pub async fn tenant_account_count(&self, id: i64) -> Result<i64, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM accounts WHERE tenant_id = $1").bind(id).fetch_one(pool).await
        })
    }

    /// Deletes an enterprise without accounts and everything keyed by it: plugin records, plugin
    /// choices, schedules, device keys, uploads, approvals and logs go with it by their foreign
    /// keys (migration 0010), so that nothing a call still under way writes for it can outlive
    /// it. Its files are the caller's to remove. Its id is never handed out again.
    pub async fn delete_tenant(&self, id: i64) -> Result<(), sqlx::Error> {
        // Its plugin records go by cascade, outside any plugin call: the read cache keeps nothing
        // meanwhile and serves nothing kept before.
        let _written = self.read_cache().map(|cache| cache.writing_everything());
        super::with_writer!(self, |pool| {
            let mut tx = pool.begin().await?;
            for table in ["login_logs", "roles", "departments"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE tenant_id = $1")).bind(id).execute(&mut *tx).await?;
            }
            sqlx::query("DELETE FROM tenants WHERE id = $1 AND id <> 0").bind(id).execute(&mut *tx).await?;
            tx.commit().await
        })?;
        // Its time series have no key to it (a day's partition is dropped whole): deleted here.
        self.delete_series_of(id).await
    }
}

#[derive(Debug, Clone, Copy)]
pub enum TenantKey {
    Name,
    CreditCode,
    Abbreviation,
}
