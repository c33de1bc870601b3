//! The enterprises' certificate authorities and the serials each issued (migration 0020). Issuing
//! and revoking happen in a plugin call's transaction (contract 0.1.12 `certificates`): a call that
//! fails leaves no trace. The CRL is read outside any call.

use super::{Db, now_ms};

/// A CA as stored: its certificate and its key sealed with the master key.
pub struct StoredAuthority {
    pub certificate_pem: String,
    pub sealed_key: String,
}

/// An issued certificate the host keeps the serial of.
pub struct IssuedSerial<'a> {
    pub tenant: i64,
    pub serial: &'a str,
    pub plugin: &'a str,
    pub common_name: &'a str,
    pub not_after: i64,
    pub purpose: Purpose,
}

/// What a certificate was issued for, beyond its key usage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Whatever its plugin uses it for.
    Any,
    /// A device's MQTT client certificate: the only kind that signs a device in over TLS.
    Mqtt,
}

impl Purpose {
    fn column(self) -> &'static str {
        match self {
            Purpose::Any => "",
            Purpose::Mqtt => "mqtt",
        }
    }
}

/// The enterprise's CA, made by `make` when it has none yet. Two calls that make one at the same
/// time keep the first's.
pub async fn authority_in_call(
    tx: &mut super::CallTx,
    tenant: i64,
    make: impl FnOnce() -> Result<StoredAuthority, String>,
) -> Result<Result<StoredAuthority, String>, sqlx::Error> {
    let found = super::with_call!(tx, |conn| {
        sqlx::query_as::<_, (String, String)>(
            "SELECT certificate_pem, sealed_key FROM certificate_authorities WHERE tenant_id = $1",
        )
        .bind(tenant)
        .fetch_optional(conn)
        .await
    })?;
    if let Some((certificate_pem, sealed_key)) = found {
        return Ok(Ok(StoredAuthority { certificate_pem, sealed_key }));
    }
    let made = match make() {
        Ok(made) => made,
        Err(why) => return Ok(Err(why)),
    };
    super::with_call!(tx, |conn| {
        sqlx::query(
            "INSERT INTO certificate_authorities (tenant_id, certificate_pem, sealed_key, created_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (tenant_id) DO NOTHING",
        )
        .bind(tenant)
        .bind(&made.certificate_pem)
        .bind(&made.sealed_key)
        .bind(now_ms())
        .execute(&mut *conn)
        .await?;
        let (certificate_pem, sealed_key) = sqlx::query_as::<_, (String, String)>(
            "SELECT certificate_pem, sealed_key FROM certificate_authorities WHERE tenant_id = $1",
        )
        .bind(tenant)
        .fetch_one(conn)
        .await?;
        Ok(Ok(StoredAuthority { certificate_pem, sealed_key }))
    })
}

pub async fn record_issued_in_call(tx: &mut super::CallTx, issued: IssuedSerial<'_>) -> Result<(), sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query(
            "INSERT INTO issued_certificates (tenant_id, serial, plugin_id, common_name, not_after, issued_at, purpose)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(issued.tenant)
        .bind(issued.serial)
        .bind(issued.plugin)
        .bind(issued.common_name)
        .bind(issued.not_after)
        .bind(now_ms())
        .bind(issued.purpose.column())
        .execute(conn)
        .await?;
        Ok(())
    })
}

/// Revokes a certificate the plugin issued for the enterprise; whether it was valid until now
/// (false for one already revoked, another plugin's, or an unknown serial).
pub async fn revoke_in_call(
    tx: &mut super::CallTx,
    tenant: i64,
    plugin: &str,
    serial: &str,
) -> Result<bool, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let done = sqlx::query(
            "UPDATE issued_certificates SET revoked_at = $1
             WHERE tenant_id = $2 AND serial = $3 AND plugin_id = $4 AND revoked_at IS NULL",
        )
        .bind(now_ms())
        .bind(tenant)
        .bind(serial)
        .bind(plugin)
        .execute(conn)
        .await?;
        Ok(done.rows_affected() > 0)
    })
}

impl Db {
    /// Keeps `made` as the enterprise's CA unless another was kept first; the one kept.
    pub async fn keep_authority(&self, tenant: i64, made: StoredAuthority) -> Result<StoredAuthority, sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
                "INSERT INTO certificate_authorities (tenant_id, certificate_pem, sealed_key, created_at)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (tenant_id) DO NOTHING",
            )
            .bind(tenant)
            .bind(&made.certificate_pem)
            .bind(&made.sealed_key)
            .bind(now_ms())
            .execute(pool)
            .await?;
            let (certificate_pem, sealed_key) = sqlx::query_as::<_, (String, String)>(
                "SELECT certificate_pem, sealed_key FROM certificate_authorities WHERE tenant_id = $1",
            )
            .bind(tenant)
            .fetch_one(pool)
            .await?;
            Ok(StoredAuthority { certificate_pem, sealed_key })
        })
    }

    /// The enterprise's CA, when it has one.
    pub async fn certificate_authority(&self, tenant: i64) -> Result<Option<StoredAuthority>, sqlx::Error> {
        let found: Option<(String, String)> = super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT certificate_pem, sealed_key FROM certificate_authorities WHERE tenant_id = $1")
                .bind(tenant)
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.map(|(certificate_pem, sealed_key)| StoredAuthority { certificate_pem, sealed_key }))
    }

    /// Whether the certificate `serial` the enterprise's CA issued as a device's MQTT certificate
    /// for `common_name` is in force: issued through the platform for MQTT, not revoked, not
    /// expired. Another client certificate naming an SN signs nobody in.
    pub async fn mqtt_certificate_in_force(
        &self,
        tenant: i64,
        serial: &str,
        common_name: &str,
    ) -> Result<bool, sqlx::Error> {
        let (found,): (i64,) = super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT COUNT(*) FROM issued_certificates WHERE tenant_id = $1 AND serial = $2 AND common_name = $3
                   AND purpose = 'mqtt' AND revoked_at IS NULL AND not_after > $4",
            )
            .bind(tenant)
            .bind(serial)
            .bind(common_name)
            .bind(now_ms())
            .fetch_one(pool)
            .await
        })?;
        Ok(found > 0)
    }

    /// Every enterprise's CA certificate: (enterprise, PEM).
    pub async fn certificate_authorities(&self) -> Result<Vec<(i64, String)>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT tenant_id, certificate_pem FROM certificate_authorities ORDER BY tenant_id")
                .fetch_all(pool)
                .await
        })
    }

    /// What changes whenever a CA is made or a certificate revoked: (CAs, the newest CA's time,
    /// revocations, the newest revocation's time). The MQTT TLS trust is rebuilt on a change.
    pub async fn trust_stamp(&self) -> Result<(i64, i64, i64, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM certificate_authorities),
                        (SELECT COALESCE(MAX(created_at), 0) FROM certificate_authorities),
                        (SELECT COUNT(*) FROM issued_certificates WHERE revoked_at IS NOT NULL),
                        (SELECT COALESCE(MAX(revoked_at), 0) FROM issued_certificates)",
            )
            .fetch_one(pool)
            .await
        })
    }

    /// The serials the enterprise's CA revoked and when, those expired included (a CRL may drop
    /// them, but keeping them costs little and answers a stale clock).
    pub async fn revoked_certificates(&self, tenant: i64) -> Result<Vec<(String, i64)>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT serial, revoked_at FROM issued_certificates
                 WHERE tenant_id = $1 AND revoked_at IS NOT NULL ORDER BY revoked_at, serial",
            )
            .bind(tenant)
            .fetch_all(pool)
            .await
        })
    }
}
