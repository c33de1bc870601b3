//! Which host's MQTT session holds each device, and the hosts' leases (`mqtt::holdings`).

use super::Db;

/// A device a session held: enterprise, plugin, SN.
pub type Held = (i64, String, String);

impl Db {
    /// Writes that `holder`, a session on `host`, holds the device now (a newer session takes
    /// the row of the one before, on this host or another); `holder` tells which session.
    pub async fn hold_device(&self, (tenant, plugin, sn): &Held, host: &str, holder: &str) -> Result<(), sqlx::Error> {
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO device_sessions (tenant_id, plugin_id, sn, host, holder, since) VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (tenant_id, plugin_id, sn) DO UPDATE SET host = $4, holder = $5, since = $6",
            )
            .bind(tenant)
            .bind(plugin)
            .bind(sn)
            .bind(host)
            .bind(holder)
            .bind(super::now_ms())
            .execute(pool)
            .await
            .map(drop)
        })
    }

    /// Lets go of the device for the newest of `host`'s sessions of it; whether this host held
    /// it (when not, a session on another host does). A row of an older session of this host
    /// counts as the newest one's: it may have written its hold after the newer one wrote its own.
    pub async fn let_go_of_device(&self, (tenant, plugin, sn): &Held, host: &str) -> Result<bool, sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM device_sessions WHERE tenant_id = $1 AND plugin_id = $2 AND sn = $3 AND host = $4")
                .bind(tenant)
                .bind(plugin)
                .bind(sn)
                .bind(host)
                .execute(pool)
                .await
                .map(|done| done.rows_affected() == 1)
        })
    }

    /// Renews `host`'s lease until `until` (ms).
    pub async fn renew_host_lease(&self, host: &str, until: i64) -> Result<(), sqlx::Error> {
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO host_leases (host, lease_until) VALUES ($1, $2)
                 ON CONFLICT (host) DO UPDATE SET lease_until = $2",
            )
            .bind(host)
            .bind(until)
            .execute(pool)
            .await
            .map(drop)
        })
    }

    /// The hosts whose lease ran out before `now`.
    pub async fn lapsed_hosts(&self, now: i64) -> Result<Vec<String>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT host FROM host_leases WHERE lease_until < $1").bind(now).fetch_all(pool).await
        })
    }

    /// Takes over the lapsed `host`: its lease and its holds go, in one transaction, and the
    /// devices it held are answered. `None` when another host took it over first (or it came
    /// back): the lease row is deleted by one taker only.
    pub async fn take_over_host(&self, host: &str, now: i64) -> Result<Option<Vec<Held>>, sqlx::Error> {
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            let taken = sqlx::query("DELETE FROM host_leases WHERE host = $1 AND lease_until < $2")
                .bind(host)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            if taken.rows_affected() != 1 {
                return Ok(None);
            }
            let held: Vec<Held> =
                sqlx::query_as("DELETE FROM device_sessions WHERE host = $1 RETURNING tenant_id, plugin_id, sn")
                    .bind(host)
                    .fetch_all(&mut *tx)
                    .await?;
            tx.commit().await?;
            Ok(Some(held))
        })
    }
}
