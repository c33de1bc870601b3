//! Device keys: the credentials of device-facing plugin routes, stored as SHA-256.

use serde::Serialize;

use super::{Db, now_ms};

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceKey {
    pub id: i64,
    pub tenant_id: i64,
    pub plugin_id: String,
    pub name: String,
    /// The key's last four characters, to tell keys apart.
    pub key_hint: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    /// The one device the key belongs to; `None` for a key shared by a fleet.
    pub sn: Option<String>,
    /// Every request with the key must be signed (`api::signature`).
    pub require_signature: bool,
}

pub struct NewDeviceKey<'a> {
    pub tenant: i64,
    pub plugin: &'a str,
    pub name: &'a str,
    pub key_hash: &'a str,
    pub key_hint: &'a str,
    pub by: i64,
    pub sn: Option<&'a str>,
    pub require_signature: bool,
}

const INSERT: &str =
    "INSERT INTO device_keys (tenant_id, plugin_id, name, key_hash, key_hint, created_at, created_by, sn, require_signature)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// Binds a [`NewDeviceKey`]'s values to [`INSERT`]'s parameters, in their order (for a plain
/// query or a scalar one, on either engine).
macro_rules! bind_new_key {
    ($query:expr, $new:expr) => {
        $query
            .bind($new.tenant)
            .bind($new.plugin)
            .bind($new.name)
            .bind($new.key_hash)
            .bind($new.key_hint)
            .bind(now_ms())
            .bind($new.by)
            .bind($new.sn)
            .bind($new.require_signature)
    };
}

const COLUMNS: &str = "id, tenant_id, plugin_id, name, key_hint, created_at, last_used_at, sn, require_signature";

impl Db {
    pub async fn device_keys(&self, tenant: i64, plugin: &str) -> Result<Vec<DeviceKey>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {COLUMNS} FROM device_keys WHERE tenant_id = $1 AND plugin_id = $2 ORDER BY id DESC"
            ))
            .bind(tenant)
            .bind(plugin)
            .fetch_all(pool)
            .await
        })
    }

    /// `None` when the tenant already has a key of that name for the plugin.
    pub async fn insert_device_key(&self, new: NewDeviceKey<'_>) -> Result<Option<i64>, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let insert = format!("{INSERT} ON CONFLICT (tenant_id, plugin_id, name) DO NOTHING RETURNING id");
            bind_new_key!(sqlx::query_scalar(&insert), new).fetch_optional(pool).await
        })
    }

    pub async fn device_key(&self, tenant: i64, id: i64) -> Result<Option<DeviceKey>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM device_keys WHERE tenant_id = $1 AND id = $2"))
                .bind(tenant)
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn delete_device_key(&self, tenant: i64, id: i64) -> Result<bool, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done = sqlx::query("DELETE FROM device_keys WHERE tenant_id = $1 AND id = $2")
                .bind(tenant)
                .bind(id)
                .execute(pool)
                .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    /// Whether the key's enterprise is disabled now: its devices are refused (code 508).
    pub async fn device_key_tenant_disabled(&self, key: &DeviceKey) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let row: Option<(bool, Option<i64>)> =
                sqlx::query_as("SELECT disabled, disabled_until FROM tenants WHERE id = $1")
                    .bind(key.tenant_id)
                    .fetch_optional(pool)
                    .await?;
            Ok(row.is_none_or(|(flag, until)| super::auth::tenant_disabled(flag, until, now_ms())))
        })
    }

    /// Of `keys`, the ids of those that still speak for their devices, as
    /// [`Db::device_key_valid`] tells of one: read a page of keys a statement and each enterprise
    /// once (the MQTT gateway checks every standing session's key together).
    pub async fn device_keys_in_force(
        &self,
        keys: &[DeviceKey],
    ) -> Result<std::collections::HashSet<i64>, sqlx::Error> {
        let mut in_force = std::collections::HashSet::new();
        let mut tenants_on = std::collections::HashMap::new();
        for page in keys.chunks(500) {
            let stored: Vec<(i64, i64, String)> = super::with_pool!(self, |pool| {
                let mut q = sqlx::QueryBuilder::new("SELECT id, created_at, key_hint FROM device_keys WHERE id IN (");
                let mut ids = q.separated(", ");
                for key in page {
                    ids.push_bind(key.id);
                }
                q.push(")");
                q.build_query_as::<(i64, i64, String)>().fetch_all(pool).await
            })?;
            let stored: std::collections::HashMap<i64, (i64, String)> =
                stored.into_iter().map(|(id, created_at, hint)| (id, (created_at, hint))).collect();
            for key in page {
                if stored
                    .get(&key.id)
                    .is_none_or(|(created_at, hint)| *created_at != key.created_at || *hint != key.key_hint)
                {
                    continue;
                }
                let on = match tenants_on.get(&key.tenant_id) {
                    Some(on) => *on,
                    None => {
                        let on = !self.device_key_tenant_disabled(key).await?;
                        tenants_on.insert(key.tenant_id, on);
                        on
                    }
                };
                if on {
                    in_force.insert(key.id);
                }
            }
        }
        Ok(in_force)
    }

    /// Whether the key still speaks for its device (not revoked or replaced), and its
    /// enterprise is not disabled: a long poll asks before each look.
    pub async fn device_key_valid(&self, key: &DeviceKey) -> Result<bool, sqlx::Error> {
        // Not the id alone: SQLite gives a key issued right after the one it replaced the same id.
        let exists: Option<i64> = super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT id FROM device_keys WHERE id = $1 AND created_at = $2 AND key_hint = $3")
                .bind(key.id)
                .bind(key.created_at)
                .bind(&key.key_hint)
                .fetch_optional(pool)
                .await
        })?;
        Ok(exists.is_some() && !self.device_key_tenant_disabled(key).await?)
    }

    /// The keys bound to one SN for a plugin, in every enterprise (an MQTT sign-in names the SN
    /// and product key, not the enterprise; the product key tells them apart).
    pub async fn device_keys_of_sn(&self, plugin: &str, sn: &str) -> Result<Vec<DeviceKey>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM device_keys WHERE sn = $1 AND plugin_id = $2 ORDER BY id"))
                .bind(sn)
                .bind(plugin)
                .fetch_all(pool)
                .await
        })
    }

    /// The key with this hash, marking it used. The mark is written at most once a minute: a
    /// device reporting every second would otherwise add a write of its own to every report.
    pub async fn use_device_key(&self, key_hash: &str) -> Result<Option<DeviceKey>, sqlx::Error> {
        let now = now_ms();
        let found: Option<DeviceKey> = super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM device_keys WHERE key_hash = $1"))
                .bind(key_hash)
                .fetch_optional(pool)
                .await
        })?;
        let Some(key) = found else { return Ok(None) };
        if key.last_used_at.is_some_and(|used| now - used < USED_MARK_MS) {
            return Ok(Some(key));
        }
        // In the core writers' turn (it waited behind every plugin call in SQLite's busy handler,
        // 2.1 s under 64 activations at once), and once: the devices that found the mark stale
        // together write it once, the others change nothing.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            sqlx::query(
                "UPDATE device_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)",
            )
            .bind(now)
            .bind(key.id)
            .bind(now - USED_MARK_MS)
            .execute(pool)
            .await
            .map(drop)
        })?;
        Ok(Some(DeviceKey { last_used_at: Some(now), ..key }))
    }
}

/// How stale a device key's `last_used_at` may be.
const USED_MARK_MS: i64 = 60_000;

/// How the name of the key a plugin issued to one device begins.
const DEVICE_KEY_PREFIX: &str = "sn:";

/// The name of the key a plugin issued to one device (contract 0.1.7 `device-keys`).
pub fn device_key_name(sn: &str) -> String {
    format!("{DEVICE_KEY_PREFIX}{sn}")
}

/// Whether `name` is one a device's own key has: a key of another kind named so would be taken
/// for that device's (replaced when it activates, revoked when it is reset).
pub fn names_a_device(name: &str) -> bool {
    name.starts_with(DEVICE_KEY_PREFIX)
}

/// Issues the key of one device for a plugin, in the plugin call's transaction, replacing the
/// one it had.
pub async fn issue_in_call(tx: &mut super::CallTx, new: NewDeviceKey<'_>) -> Result<(), sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query("DELETE FROM device_keys WHERE tenant_id = $1 AND plugin_id = $2 AND name = $3")
            .bind(new.tenant)
            .bind(new.plugin)
            .bind(new.name)
            .execute(&mut *conn)
            .await?;
        bind_new_key!(sqlx::query(INSERT), new).execute(conn).await?;
        Ok(())
    })
}

/// Revokes the key a plugin issued to one device; whether there was one.
pub async fn revoke_in_call(
    tx: &mut super::CallTx,
    tenant: i64,
    plugin: &str,
    name: &str,
) -> Result<bool, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let done = sqlx::query("DELETE FROM device_keys WHERE tenant_id = $1 AND plugin_id = $2 AND name = $3")
            .bind(tenant)
            .bind(plugin)
            .bind(name)
            .execute(conn)
            .await?;
        Ok(done.rows_affected() > 0)
    })
}

/// How long a signed request's nonce is remembered: twice the clock skew a signature may have.
const NONCE_KEPT_MS: i64 = 2 * crate::api::signature::WINDOW_MS;

impl Db {
    /// Remembers the nonce of a signed request of key `key_id`; false when it was seen already
    /// (a replay). Nonces older than the signature's window go on the way.
    pub async fn remember_nonce(&self, key_id: i64, nonce: &str) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        super::with_writer!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query("DELETE FROM request_nonces WHERE key_id = $1 AND seen_at < $2")
                .bind(key_id)
                .bind(now - NONCE_KEPT_MS)
                .execute(&mut *tx)
                .await?;
            let fresh = sqlx::query(
                "INSERT INTO request_nonces (key_id, nonce, seen_at) VALUES ($1, $2, $3) ON CONFLICT (key_id, nonce) DO NOTHING",
            )
            .bind(key_id)
            .bind(nonce)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            tx.commit().await?;
            Ok(fresh)
        })
    }
}

/// The fleet keys (bound to no SN) of a plugin and an enterprise, newest first, read in the
/// plugin call's transaction.
pub async fn fleet_keys_in_call(
    tx: &mut super::CallTx,
    tenant: i64,
    plugin: &str,
) -> Result<Vec<DeviceKey>, sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM device_keys WHERE tenant_id = $1 AND plugin_id = $2 AND sn IS NULL ORDER BY id DESC"
        ))
        .bind(tenant)
        .bind(plugin)
        .fetch_all(conn)
        .await
    })
}

/// Issues a fleet key in the plugin call's transaction: its id, or `None` when the enterprise
/// has a key of that name for the plugin.
pub async fn issue_fleet_key_in_call(
    tx: &mut super::CallTx,
    new: NewDeviceKey<'_>,
) -> Result<Option<i64>, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let insert = format!("{INSERT} ON CONFLICT (tenant_id, plugin_id, name) DO NOTHING RETURNING id");
        bind_new_key!(sqlx::query_scalar(&insert), new).fetch_optional(conn).await
    })
}

/// Revokes a fleet key of a plugin and an enterprise in the plugin call's transaction (never a
/// device's own key: those go with the device); whether there was one.
pub async fn revoke_fleet_key_in_call(
    tx: &mut super::CallTx,
    tenant: i64,
    plugin: &str,
    id: i64,
) -> Result<bool, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let done =
            sqlx::query("DELETE FROM device_keys WHERE tenant_id = $1 AND plugin_id = $2 AND id = $3 AND sn IS NULL")
                .bind(tenant)
                .bind(plugin)
                .bind(id)
                .execute(conn)
                .await?;
        Ok(done.rows_affected() > 0)
    })
}
