//! The OAuth 2.0 authorisation server's rows (migration 0023; `crate::oauth`): clients, scopes,
//! codes and tokens. Secrets, codes and tokens are stored as SHA-256 only; a code or a refresh
//! token is spent by one UPDATE that only one request can win.

use serde::Serialize;

use super::{Db, now_ms};

/// A client as stored: list fields are JSON arrays of text.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientRow {
    pub id: i64,
    pub tenant_id: i64,
    pub client_id: String,
    pub name: String,
    pub client_type: String,
    pub secret_hash: String,
    pub secret_hint: String,
    pub direct_authorization: bool,
    pub redirect_uris: String,
    pub product_category: String,
    pub grant_types: String,
    pub roles: String,
    pub scopes: String,
    pub password_needed: bool,
    pub access_token_seconds: i64,
    pub refresh_token_seconds: i64,
    pub resources: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What an OAuth client is, as an administrator sets it.
pub struct ClientFields<'a> {
    pub name: &'a str,
    pub client_type: &'a str,
    pub direct_authorization: bool,
    pub redirect_uris: &'a str,
    pub product_category: &'a str,
    pub grant_types: &'a str,
    pub roles: &'a str,
    pub scopes: &'a str,
    pub password_needed: bool,
    pub access_token_seconds: i64,
    pub refresh_token_seconds: i64,
    pub resources: &'a str,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScopeRow {
    pub tenant_id: i64,
    pub scope: String,
    pub description: String,
    pub resources: String,
    pub claims: String,
    pub updated_at: i64,
}

/// A code as issued at the consent.
pub struct NewCode<'a> {
    pub code_hash: &'a str,
    pub tenant: i64,
    pub client_id: &'a str,
    pub subject: &'a str,
    pub scope: &'a str,
    pub redirect_uri: &'a str,
    pub code_challenge: &'a str,
    pub grant_id: &'a str,
    pub expires_at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CodeRow {
    pub tenant_id: i64,
    pub client_id: String,
    pub subject: String,
    pub scope: String,
    pub redirect_uri: String,
    pub code_challenge: String,
    pub grant_id: String,
    pub expires_at: i64,
}

/// An access or refresh token as stored (its hash).
pub struct NewToken<'a> {
    pub token_hash: &'a str,
    pub kind: &'a str,
    pub tenant: i64,
    pub client_id: &'a str,
    pub subject: &'a str,
    pub scope: &'a str,
    pub grant_id: &'a str,
    pub expires_at: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenRow {
    pub id: i64,
    #[serde(skip)]
    pub token_hash: String,
    /// `access` or `refresh`.
    pub kind: String,
    pub tenant_id: i64,
    pub client_id: String,
    /// The app user the token acts for; empty for a client's own (client credentials).
    pub subject: String,
    pub scope: String,
    /// Every token of one consent shares it: a refresh token spent twice revokes them all.
    pub grant_id: String,
    pub issued_at: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
}

/// A service an app user linked (one consent), as the app lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedGrant {
    pub grant_id: String,
    pub client_id: String,
    pub client_name: String,
    pub scope: String,
    /// When the user allowed it.
    pub linked_at: i64,
    /// When its last live token ends (a refresh token keeps it linked).
    pub expires_at: i64,
}

const CLIENT_COLUMNS: &str =
    "id, tenant_id, client_id, name, client_type, secret_hash, secret_hint, direct_authorization,
    redirect_uris, product_category, grant_types, roles, scopes, password_needed, access_token_seconds,
    refresh_token_seconds, resources, created_at, updated_at";
const TOKEN_COLUMNS: &str =
    "id, token_hash, kind, tenant_id, client_id, subject, scope, grant_id, issued_at, expires_at, revoked_at";
const CODE_COLUMNS: &str = "tenant_id, client_id, subject, scope, redirect_uri, code_challenge, grant_id, expires_at";

/// Binds a [`ClientFields`] in its column order, from `$n` on.
macro_rules! bind_client_fields {
    ($query:expr, $f:expr) => {
        $query
            .bind($f.name)
            .bind($f.client_type)
            .bind($f.direct_authorization)
            .bind($f.redirect_uris)
            .bind($f.product_category)
            .bind($f.grant_types)
            .bind($f.roles)
            .bind($f.scopes)
            .bind($f.password_needed)
            .bind($f.access_token_seconds)
            .bind($f.refresh_token_seconds)
            .bind($f.resources)
    };
}

impl Db {
    pub async fn oauth_clients(&self, tenant: Option<i64>) -> Result<Vec<ClientRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {CLIENT_COLUMNS} FROM oauth_clients WHERE ($1 IS NULL OR tenant_id = $1) ORDER BY id DESC"
            ))
            .bind(tenant)
            .fetch_all(pool)
            .await
        })
    }

    pub async fn oauth_client(&self, client_id: &str) -> Result<Option<ClientRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {CLIENT_COLUMNS} FROM oauth_clients WHERE client_id = $1"))
                .bind(client_id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn oauth_client_by_id(&self, id: i64) -> Result<Option<ClientRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {CLIENT_COLUMNS} FROM oauth_clients WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    /// `None` when the enterprise has a client of that name already.
    pub async fn insert_oauth_client(
        &self,
        tenant: i64,
        client_id: &str,
        secret: (&str, &str),
        fields: &ClientFields<'_>,
    ) -> Result<Option<i64>, sqlx::Error> {
        let now = now_ms();
        super::with_writer!(self, |pool| {
            let query = sqlx::query_scalar(
                "INSERT INTO oauth_clients (tenant_id, client_id, secret_hash, secret_hint, name, client_type,
                    direct_authorization, redirect_uris, product_category, grant_types, roles, scopes, password_needed,
                    access_token_seconds, refresh_token_seconds, resources, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
                 ON CONFLICT (tenant_id, name) DO NOTHING RETURNING id",
            )
            .bind(tenant)
            .bind(client_id)
            .bind(secret.0)
            .bind(secret.1);
            bind_client_fields!(query, fields).bind(now).fetch_optional(pool).await
        })
    }

    /// False when another client of the enterprise has the name.
    pub async fn update_oauth_client(&self, id: i64, fields: &ClientFields<'_>) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        super::with_writer!(self, |pool| {
            let query = sqlx::query(
                "UPDATE oauth_clients SET name = $1, client_type = $2, direct_authorization = $3, redirect_uris = $4,
                    product_category = $5, grant_types = $6, roles = $7, scopes = $8, password_needed = $9,
                    access_token_seconds = $10, refresh_token_seconds = $11, resources = $12, updated_at = $13
                 WHERE id = $14 AND NOT EXISTS (SELECT 1 FROM oauth_clients o WHERE o.tenant_id = oauth_clients.tenant_id
                    AND o.name = $1 AND o.id <> $14)",
            );
            let done = bind_client_fields!(query, fields).bind(now).bind(id).execute(pool).await?;
            Ok(done.rows_affected() == 1)
        })
    }

    pub async fn set_oauth_client_secret(&self, id: i64, hash: &str, hint: &str) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE oauth_clients SET secret_hash = $1, secret_hint = $2, updated_at = $3 WHERE id = $4")
                .bind(hash)
                .bind(hint)
                .bind(now_ms())
                .bind(id)
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    /// Deletes the client with its codes and tokens (foreign keys cascade).
    pub async fn delete_oauth_client(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM oauth_clients WHERE id = $1").bind(id).execute(pool).await?;
            Ok(())
        })
    }

    pub async fn oauth_scopes(&self, tenant: Option<i64>) -> Result<Vec<ScopeRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT tenant_id, scope, description, resources, claims, updated_at FROM oauth_scopes
                 WHERE ($1 IS NULL OR tenant_id = $1) ORDER BY tenant_id, scope",
            )
            .bind(tenant)
            .fetch_all(pool)
            .await
        })
    }

    pub async fn save_oauth_scope(&self, row: &ScopeRow) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
                "INSERT INTO oauth_scopes (tenant_id, scope, description, resources, claims, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (tenant_id, scope) DO UPDATE SET description = excluded.description,
                    resources = excluded.resources, claims = excluded.claims, updated_at = excluded.updated_at",
            )
            .bind(row.tenant_id)
            .bind(&row.scope)
            .bind(&row.description)
            .bind(&row.resources)
            .bind(&row.claims)
            .bind(now_ms())
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    pub async fn delete_oauth_scope(&self, tenant: i64, scope: &str) -> Result<bool, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done = sqlx::query("DELETE FROM oauth_scopes WHERE tenant_id = $1 AND scope = $2")
                .bind(tenant)
                .bind(scope)
                .execute(pool)
                .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    pub async fn insert_oauth_code(&self, code: &NewCode<'_>) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
                "INSERT INTO oauth_codes (code_hash, tenant_id, client_id, subject, scope, redirect_uri, code_challenge,
                    grant_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(code.code_hash)
            .bind(code.tenant)
            .bind(code.client_id)
            .bind(code.subject)
            .bind(code.scope)
            .bind(code.redirect_uri)
            .bind(code.code_challenge)
            .bind(code.grant_id)
            .bind(code.expires_at)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    /// Spends a code: `Ok(Some)` for the one request that wins it; `Err(grant)` when it was spent
    /// before (its grant's tokens are then to be revoked, RFC 6749 §4.1.2); `Ok(None)` unknown.
    pub async fn spend_oauth_code(&self, code_hash: &str) -> Result<Result<Option<CodeRow>, String>, sqlx::Error> {
        let now = now_ms();
        super::with_writer!(self, |pool| {
            let won: Option<CodeRow> = sqlx::query_as(&format!(
                "UPDATE oauth_codes SET used_at = $1 WHERE code_hash = $2 AND used_at IS NULL RETURNING {CODE_COLUMNS}"
            ))
            .bind(now)
            .bind(code_hash)
            .fetch_optional(pool)
            .await?;
            if won.is_some() {
                return Ok(Ok(won));
            }
            let spent: Option<String> =
                sqlx::query_scalar("SELECT grant_id FROM oauth_codes WHERE code_hash = $1 AND used_at IS NOT NULL")
                    .bind(code_hash)
                    .fetch_optional(pool)
                    .await?;
            Ok(spent.map_or(Ok(None), Err))
        })
    }

    /// Forgets codes that expired an hour ago or more: a replay is recognised for that long.
    pub async fn purge_oauth_codes(&self) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM oauth_codes WHERE expires_at < $1")
                .bind(now_ms() - 3_600_000)
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    pub async fn insert_oauth_token(&self, token: &NewToken<'_>) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
                "INSERT INTO oauth_tokens (token_hash, kind, tenant_id, client_id, subject, scope, grant_id, issued_at,
                    expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(token.token_hash)
            .bind(token.kind)
            .bind(token.tenant)
            .bind(token.client_id)
            .bind(token.subject)
            .bind(token.scope)
            .bind(token.grant_id)
            .bind(now_ms())
            .bind(token.expires_at)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    pub async fn oauth_token(&self, token_hash: &str) -> Result<Option<TokenRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {TOKEN_COLUMNS} FROM oauth_tokens WHERE token_hash = $1"))
                .bind(token_hash)
                .fetch_optional(pool)
                .await
        })
    }

    /// Spends a live refresh token: only one request wins it (the rotation's new pair is theirs).
    pub async fn spend_oauth_refresh(&self, token_hash: &str) -> Result<Option<TokenRow>, sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query_as(&format!(
                "UPDATE oauth_tokens SET revoked_at = $1 WHERE token_hash = $2 AND kind = 'refresh'
                    AND revoked_at IS NULL AND expires_at > $1 RETURNING {TOKEN_COLUMNS}"
            ))
            .bind(now_ms())
            .bind(token_hash)
            .fetch_optional(pool)
            .await
        })
    }

    /// Revokes every token of a grant (a consent): what a revocation or a replay ends.
    pub async fn revoke_oauth_grant(&self, grant_id: &str) -> Result<u64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done =
                sqlx::query("UPDATE oauth_tokens SET revoked_at = $1 WHERE grant_id = $2 AND revoked_at IS NULL")
                    .bind(now_ms())
                    .bind(grant_id)
                    .execute(pool)
                    .await?;
            Ok(done.rows_affected())
        })
    }

    pub async fn revoke_oauth_token(&self, token_hash: &str) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE oauth_tokens SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL")
                .bind(now_ms())
                .bind(token_hash)
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    /// Tokens issued, newest first, for the administrator's list (userinfo-list).
    pub async fn oauth_tokens(
        &self,
        tenant: Option<i64>,
        subject: &str,
        client_id: &str,
        paging: super::Paging,
    ) -> Result<(Vec<TokenRow>, i64), sqlx::Error> {
        let filter = "($1 IS NULL OR tenant_id = $1) AND ($2 = '' OR subject = $2) AND ($3 = '' OR client_id = $3)";
        super::with_pool!(self, |pool| {
            let rows = sqlx::query_as(&format!(
                "SELECT {TOKEN_COLUMNS} FROM oauth_tokens WHERE {filter} ORDER BY id DESC LIMIT $4 OFFSET $5"
            ))
            .bind(tenant)
            .bind(subject)
            .bind(client_id)
            .bind(paging.page_size)
            .bind(paging.offset())
            .fetch_all(pool)
            .await?;
            let total = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM oauth_tokens WHERE {filter}"))
                .bind(tenant)
                .bind(subject)
                .bind(client_id)
                .fetch_one(pool)
                .await?;
            Ok((rows, total))
        })
    }

    pub async fn oauth_token_by_id(&self, id: i64) -> Result<Option<TokenRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {TOKEN_COLUMNS} FROM oauth_tokens WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    /// The grants with a live token that act for `subject` in the enterprise, newest first.
    pub async fn oauth_linked_grants(&self, tenant: i64, subject: &str) -> Result<Vec<LinkedGrant>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT t.grant_id, t.client_id, COALESCE(MAX(c.name), t.client_id) AS client_name,
                        MAX(t.scope) AS scope, MIN(t.issued_at) AS linked_at, MAX(t.expires_at) AS expires_at
                 FROM oauth_tokens t LEFT JOIN oauth_clients c ON c.client_id = t.client_id
                 WHERE t.tenant_id = $1 AND t.subject = $2 AND t.revoked_at IS NULL AND t.expires_at > $3
                 GROUP BY t.grant_id, t.client_id ORDER BY linked_at DESC LIMIT 100",
            )
            .bind(tenant)
            .bind(subject)
            .bind(now_ms())
            .fetch_all(pool)
            .await
        })
    }
}

/// Ends every grant of the app user `subject` in `tenant`, in a plugin call's transaction (the
/// user was blocked, removed or given a new password): its tokens are revoked and the codes not
/// yet exchanged are spent. How many grants ended.
pub async fn revoke_subject_in_call(tx: &mut super::CallTx, tenant: i64, subject: &str) -> Result<u32, sqlx::Error> {
    super::with_call!(tx, |conn| {
        let now = now_ms();
        let grants: Vec<String> = sqlx::query_scalar(
            "UPDATE oauth_tokens SET revoked_at = $1 WHERE tenant_id = $2 AND subject = $3 AND revoked_at IS NULL
             RETURNING grant_id",
        )
        .bind(now)
        .bind(tenant)
        .bind(subject)
        .fetch_all(&mut *conn)
        .await?;
        let codes: Vec<String> = sqlx::query_scalar(
            "UPDATE oauth_codes SET used_at = $1 WHERE tenant_id = $2 AND subject = $3 AND used_at IS NULL
             RETURNING grant_id",
        )
        .bind(now)
        .bind(tenant)
        .bind(subject)
        .fetch_all(&mut *conn)
        .await?;
        let ended: std::collections::HashSet<String> = grants.into_iter().chain(codes).collect();
        Ok(u32::try_from(ended.len()).unwrap_or(u32::MAX))
    })
}
