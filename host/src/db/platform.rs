//! What plugins read of the platform (contract 0.1.6 `platform`), in the call's transaction.

use sqlx::FromRow;

use super::CallTx;

#[derive(Debug, Clone, FromRow)]
pub struct EnterpriseFacts {
    pub id: i64,
    pub tenant_name: String,
    pub kind: String,
    pub disabled: bool,
}

/// The enterprises among `ids` (never the platform, tenant 0); `only` narrows them to one.
pub async fn enterprises(tx: &mut CallTx, ids: &[i64], only: Option<i64>) -> Result<Vec<EnterpriseFacts>, sqlx::Error> {
    let ids: Vec<i64> = ids.iter().copied().filter(|id| *id != 0 && only.is_none_or(|o| o == *id)).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids as a JSON array, expanded by each engine: one statement whatever their number.
    let list = serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into());
    let sql = match tx.engine() {
        super::Engine::Sqlite => {
            "SELECT id, tenant_name, kind, disabled FROM tenants WHERE id IN (SELECT value FROM json_each($1))"
        }
        super::Engine::Postgres => {
            "SELECT id, tenant_name, kind, disabled FROM tenants
             WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::bigint)"
        }
    };
    super::with_call!(tx, |conn| sqlx::query_as(sql).bind(&list).fetch_all(conn).await)
}

/// The codes of the platform's languages, in their order.
pub async fn language_codes(tx: &mut CallTx) -> Result<Vec<String>, sqlx::Error> {
    super::with_call!(tx, |conn| sqlx::query_scalar("SELECT code FROM languages ORDER BY id").fetch_all(conn).await)
}

#[derive(Debug, Clone, FromRow)]
pub struct AccountFacts {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub disabled: bool,
}

/// Accounts of `tenant_id` whose user name or name contains `text` (any case; all when empty),
/// the one named exactly `text` first, then by user name, at most `limit`.
pub async fn accounts(
    tx: &mut CallTx,
    tenant_id: i64,
    text: &str,
    limit: u32,
) -> Result<Vec<AccountFacts>, sqlx::Error> {
    let escaped: String =
        text.to_lowercase().chars().flat_map(|c| if "\\%_".contains(c) { vec!['\\', c] } else { vec![c] }).collect();
    let pattern = format!("%{escaped}%");
    // The account of exactly that name first: a short name among many that contain it is found.
    let sql = "SELECT id, username, name, disabled FROM accounts
               WHERE tenant_id = $1 AND (lower(username) LIKE $2 ESCAPE '\\' OR lower(name) LIKE $2 ESCAPE '\\')
               ORDER BY lower(username) = $4 DESC, username LIMIT $3";
    let exact = text.to_lowercase();
    super::with_call!(tx, |conn| sqlx::query_as(sql)
        .bind(tenant_id)
        .bind(&pattern)
        .bind(i64::from(limit))
        .bind(&exact)
        .fetch_all(conn)
        .await)
}
