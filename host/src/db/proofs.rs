//! Proofs a plugin accepts once (contract 0.1.16 `proofs.spend`), kept as SHA-256 until they
//! expire, per enterprise and plugin.

use sha2::{Digest, Sha256};

use super::now_ms;

/// Spends `proof` in the call's transaction: whether it was not spent before (an expired one is
/// forgotten first). Two calls spending the same proof at once: the second waits for the first
/// and finds it spent.
pub async fn spend_in_call(
    tx: &mut super::CallTx,
    (tenant, plugin): (i64, &str),
    proof: &str,
    keep_ms: i64,
) -> Result<bool, sqlx::Error> {
    let hash = hex::encode(Sha256::digest(proof.as_bytes()));
    let now = now_ms();
    super::with_call!(tx, |conn| {
        sqlx::query(
            "DELETE FROM spent_proofs WHERE tenant_id = $1 AND plugin_id = $2 AND proof_hash = $3 AND expires_at <= $4",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(&hash)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        let fresh = sqlx::query(
            "INSERT INTO spent_proofs (tenant_id, plugin_id, proof_hash, expires_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tenant_id, plugin_id, proof_hash) DO NOTHING",
        )
        .bind(tenant)
        .bind(plugin)
        .bind(&hash)
        .bind(now + keep_ms)
        .execute(&mut *conn)
        .await?
        .rows_affected()
            == 1;
        Ok(fresh)
    })
}

impl super::Db {
    /// Forgets the proofs whose time is over (the scheduler's sweep).
    pub async fn purge_spent_proofs(&self) -> Result<u64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done =
                sqlx::query("DELETE FROM spent_proofs WHERE expires_at <= $1").bind(now_ms()).execute(pool).await?;
            Ok(done.rows_affected())
        })
    }
}
