//! Plugin enablement per tenant, plugin menus in the catalogue, and schedule leases.

use sqlx::QueryBuilder;

use super::{Db, now_ms};

impl Db {
    /// Explicit choices for one tenant: (plugin, enabled).
    pub async fn plugin_choices_of_tenant(&self, tenant: i64) -> Result<Vec<(String, bool)>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT plugin_id, enabled FROM plugin_tenants WHERE tenant_id = $1")
                .bind(tenant)
                .fetch_all(pool)
                .await
        })
    }

    /// Explicit choices for one plugin: (tenant, enabled).
    pub async fn plugin_choices(&self, plugin: &str) -> Result<Vec<(i64, bool)>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT tenant_id, enabled FROM plugin_tenants WHERE plugin_id = $1 ORDER BY tenant_id")
                .bind(plugin)
                .fetch_all(pool)
                .await
        })
    }

    pub async fn set_plugin_enabled(
        &self,
        plugin: &str,
        tenants: &[i64],
        enabled: bool,
        by: i64,
    ) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            for tenant in tenants {
                sqlx::query(
                "INSERT INTO plugin_tenants (plugin_id, tenant_id, enabled, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (plugin_id, tenant_id) DO UPDATE SET enabled = excluded.enabled,
                   updated_at = excluded.updated_at, updated_by = excluded.updated_by",
            )
            .bind(plugin)
            .bind(tenant)
            .bind(enabled)
            .bind(now)
            .bind(by)
            .execute(&mut *tx)
            .await?;
            }
            tx.commit().await
        })
    }

    /// Ids of every enterprise (not the platform).
    pub async fn tenant_ids(&self) -> Result<Vec<i64>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT id FROM tenants WHERE id <> 0 ORDER BY id").fetch_all(pool).await
        })
    }

    /// The enterprises not disabled now: a disabled one's schedules do not run.
    pub async fn active_tenant_ids(&self) -> Result<Vec<i64>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT id FROM tenants WHERE id <> 0
               AND NOT (disabled AND (disabled_until IS NULL OR disabled_until > $1)) ORDER BY id",
            )
            .bind(super::now_ms())
            .fetch_all(pool)
            .await
        })
    }

    /// Removes a plugin's menus and buttons that its manifest no longer has.
    pub async fn prune_plugin_menus(
        &self,
        plugin: &str,
        menu_ids: &[i64],
        actions: &[String],
    ) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let mut buttons = QueryBuilder::new("DELETE FROM buttons WHERE source = ");
            buttons.push_bind(plugin).push(" AND action NOT IN (''");
            for action in actions {
                buttons.push(", ").push_bind(action.clone());
            }
            buttons.push(")");
            buttons.build().execute(pool).await?;
            let mut menus = QueryBuilder::new("DELETE FROM menus WHERE source = ");
            menus.push_bind(plugin).push(" AND menu_id NOT IN (0");
            for id in menu_ids {
                menus.push(", ").push_bind(*id);
            }
            menus.push(")");
            menus.build().execute(pool).await.map(drop)
        })
    }

    /// Takes the lease of a due schedule run; false when not due or another process has it.
    pub async fn claim_schedule(
        &self,
        plugin: &str,
        schedule: &str,
        tenant: i64,
        first_run_at: i64,
        lease_ms: i64,
    ) -> Result<bool, sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let now = now_ms();
            sqlx::query(
                "INSERT INTO plugin_schedule_runs (plugin_id, schedule, tenant_id, next_run_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
            )
            .bind(plugin)
            .bind(schedule)
            .bind(tenant)
            .bind(first_run_at)
            .execute(pool)
            .await?;
            let claimed = sqlx::query(
                "UPDATE plugin_schedule_runs SET locked_until = $1
             WHERE plugin_id = $2 AND schedule = $3 AND tenant_id = $4 AND next_run_at <= $5
               AND (locked_until IS NULL OR locked_until < $6)",
            )
            .bind(now + lease_ms)
            .bind(plugin)
            .bind(schedule)
            .bind(tenant)
            .bind(now)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(claimed.rows_affected() == 1)
        })
    }

    pub async fn finish_schedule(
        &self,
        plugin: &str,
        schedule: &str,
        tenant: i64,
        next_run_at: i64,
        error: Option<&str>,
    ) -> Result<(), sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let now = now_ms();
            sqlx::query(
            "UPDATE plugin_schedule_runs SET last_run_at = $1, next_run_at = $2, last_error = $3, locked_until = NULL
             WHERE plugin_id = $4 AND schedule = $5 AND tenant_id = $6",
        )
        .bind(now)
        .bind(next_run_at)
        .bind(error)
        .bind(plugin)
        .bind(schedule)
        .bind(tenant)
        .execute(pool)
        .await
        .map(drop)
        })
    }
}
