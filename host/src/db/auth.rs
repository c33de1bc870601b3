//! Sessions, login throttling counters and the login log.

use sqlx::FromRow;

use super::{Db, now_ms};

/// An account as the login needs it.
#[derive(Debug, Clone, FromRow)]
pub struct LoginAccount {
    pub id: i64,
    pub tenant_id: i64,
    pub username: String,
    pub name: String,
    pub avatar: String,
    pub password_hash: String,
    pub disabled: bool,
    pub tenant_disabled: bool,
    pub tenant_disabled_until: Option<i64>,
}

impl LoginAccount {
    pub fn is_disabled_at(&self, now: i64) -> bool {
        self.disabled || tenant_disabled(self.tenant_disabled, self.tenant_disabled_until, now)
    }
}

/// A tenant is disabled while its flag is set and its disabled-until time, if any, is ahead.
pub fn tenant_disabled(flag: bool, until: Option<i64>, now: i64) -> bool {
    flag && until.is_none_or(|until| until > now)
}

const SESSION_ROW: &str = "SELECT s.id, s.account_id, s.expires_at, s.end_reason, a.tenant_id, a.username, a.name,
        a.disabled AS account_disabled, t.disabled AS tenant_disabled, t.disabled_until AS tenant_disabled_until
     FROM sessions s
     JOIN accounts a ON a.id = s.account_id
     JOIN tenants t ON t.id = a.tenant_id";

#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub id: i64,
    pub account_id: i64,
    pub expires_at: i64,
    pub end_reason: Option<String>,
    pub tenant_id: i64,
    pub username: String,
    pub name: String,
    pub account_disabled: bool,
    pub tenant_disabled: bool,
    pub tenant_disabled_until: Option<i64>,
}

impl SessionRow {
    pub fn tenant_disabled_at(&self, now: i64) -> bool {
        tenant_disabled(self.tenant_disabled, self.tenant_disabled_until, now)
    }
}

pub struct NewSession<'a> {
    pub token_hash: &'a str,
    pub account_id: i64,
    pub expires_at: i64,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub login_log_id: i64,
}

/// Counts one failure of `$1` at `$2`: a count older than the window (`$4`) starts anew, and
/// reaching `$3` failures locks the key for `$5`.
const FAIL: &str = "INSERT INTO login_failures AS f (throttle_key, failures, first_failed_at, locked_until)
     VALUES ($1, 1, $2, CASE WHEN 1 >= $3 THEN $2 + $5 END)
     ON CONFLICT (throttle_key) DO UPDATE SET
       failures = CASE WHEN f.first_failed_at < $2 - $4 THEN 1 ELSE f.failures + 1 END,
       first_failed_at = CASE WHEN f.first_failed_at < $2 - $4 THEN $2 ELSE f.first_failed_at END,
       locked_until = CASE
         WHEN (CASE WHEN f.first_failed_at < $2 - $4 THEN 1 ELSE f.failures + 1 END) >= $3 THEN $2 + $5
         ELSE f.locked_until END
     RETURNING failures";

/// Takes one counted failure of `$1` back.
const FORGIVE: &str =
    "UPDATE login_failures SET failures = CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END WHERE throttle_key = $1";

impl Db {
    /// The account a sign-in name names: a platform account by its name, an enterprise's as
    /// `name@ABBREVIATION` (split at the last `@`: names may be mail addresses). Which account
    /// it is depends only on that enterprise's own accounts, never on another enterprise's.
    pub async fn login_account(&self, sign_in_name: &str) -> Result<Option<LoginAccount>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            const SELECT: &str = "SELECT a.id, a.tenant_id, a.username, a.name, a.avatar, a.password_hash, a.disabled,
                    t.disabled AS tenant_disabled, t.disabled_until AS tenant_disabled_until
             FROM accounts a JOIN tenants t ON t.id = a.tenant_id";
            let platform =
                sqlx::query_as(&format!("{SELECT} WHERE a.tenant_id = 0 AND a.username = $1 COLLATE NOCASE"))
                    .bind(sign_in_name)
                    .fetch_optional(pool)
                    .await?;
            let Some((name, abbreviation)) = sign_in_name.rsplit_once('@') else { return Ok(platform) };
            if platform.is_some() || name.is_empty() || abbreviation.is_empty() {
                return Ok(platform);
            }
            // Enterprises that share an abbreviation (made before it had to be unique) name nobody.
            let mut found: Vec<LoginAccount> = sqlx::query_as(&format!(
            "{SELECT} WHERE a.tenant_id <> 0 AND a.username = $1 COLLATE NOCASE AND t.abbr_en = $2 COLLATE NOCASE LIMIT 2"
        ))
        .bind(name)
        .bind(abbreviation)
        .fetch_all(pool)
        .await?;
            Ok(if found.len() == 1 { found.pop() } else { None })
        })
    }

    pub async fn session_by_token_hash(&self, token_hash: &str) -> Result<Option<SessionRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("{SESSION_ROW} WHERE s.token_hash = $1"))
                .bind(token_hash)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn session_by_id(&self, id: i64) -> Result<Option<SessionRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("{SESSION_ROW} WHERE s.id = $1")).bind(id).fetch_optional(pool).await
        })
    }

    /// Starts a session; with `single_session` the account's other live sessions end as
    /// "signed in elsewhere".
    pub async fn start_session(&self, new: NewSession<'_>, single_session: bool) -> Result<i64, sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            if single_session {
                sqlx::query(
                    "UPDATE sessions SET ended_at = $1, end_reason = 'elsewhere'
                 WHERE account_id = $2 AND ended_at IS NULL",
                )
                .bind(now)
                .bind(new.account_id)
                .execute(&mut *tx)
                .await?;
            }
            let id = sqlx::query_scalar(
                "INSERT INTO sessions (token_hash, account_id, created_at, expires_at, ip, user_agent, login_log_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            )
            .bind(new.token_hash)
            .bind(new.account_id)
            .bind(now)
            .bind(new.expires_at)
            .bind(new.ip)
            .bind(new.user_agent)
            .bind(new.login_log_id)
            .fetch_one(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(id)
        })
    }

    /// Ends one session by logout and stamps the logout time on its login-log entry.
    pub async fn end_session_by_logout(&self, session_id: i64) -> Result<(), sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE sessions SET ended_at = $1, end_reason = 'logout' WHERE id = $2 AND ended_at IS NULL")
                .bind(now)
                .bind(session_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE login_logs SET logout_at = $1
             WHERE id = (SELECT login_log_id FROM sessions WHERE id = $2) AND logout_at IS NULL",
            )
            .bind(now)
            .bind(session_id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })
    }

    /// Revokes every live session of an account (password reset, role change): code 507.
    pub async fn revoke_sessions(&self, account_id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
                "UPDATE sessions SET ended_at = $1, end_reason = 'revoked' WHERE account_id = $2 AND ended_at IS NULL",
            )
            .bind(now_ms())
            .bind(account_id)
            .execute(pool)
            .await
            .map(drop)
        })
    }

    pub async fn throttle_locked_until(&self, key: &str) -> Result<Option<i64>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar::<_, Option<i64>>("SELECT locked_until FROM login_failures WHERE throttle_key = $1")
                .bind(key)
                .fetch_optional(pool)
                .await
                .map(Option::flatten)
        })
    }

    /// Counts one failure and answers the count; failures older than `window_ms` start the
    /// count anew. Reaching `max_failures` locks the key for `lock_ms`.
    pub async fn throttle_fail(
        &self,
        key: &str,
        max_failures: i64,
        window_ms: i64,
        lock_ms: i64,
    ) -> Result<i64, sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let now = now_ms();
            sqlx::query_scalar(FAIL)
                .bind(key)
                .bind(now)
                .bind(max_failures)
                .bind(window_ms)
                .bind(lock_ms)
                .fetch_one(pool)
                .await
        })
    }

    /// [`Self::throttle_fail`] for several keys (a subject and its addresses) in one turn at
    /// the write lock and one transaction: a sign-in waits for the lock once, not once a key.
    pub async fn throttle_fail_all(
        &self,
        keys: &[(&str, i64)],
        window_ms: i64,
        lock_ms: i64,
    ) -> Result<Vec<i64>, sqlx::Error> {
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            let mut counted = Vec::with_capacity(keys.len());
            for (key, max_failures) in keys {
                counted.push(
                    sqlx::query_scalar(FAIL)
                        .bind(*key)
                        .bind(now)
                        .bind(*max_failures)
                        .bind(window_ms)
                        .bind(lock_ms)
                        .fetch_one(&mut *tx)
                        .await?,
                );
            }
            tx.commit().await?;
            Ok(counted)
        })
    }

    /// A proof that held: the subject's count cleared and each address's attempt taken back, in
    /// one turn at the write lock and one transaction. Nothing is written for keys with no count.
    pub async fn throttle_succeeded(&self, subject: Option<&str>, addresses: &[&str]) -> Result<(), sqlx::Error> {
        let keys: Vec<&str> = subject.into_iter().chain(addresses.iter().copied()).collect();
        let counted: i64 = super::with_pool!(self, |pool| {
            let mut q = sqlx::QueryBuilder::new("SELECT COUNT(*) FROM login_failures WHERE throttle_key IN (");
            let mut list = q.separated(", ");
            for key in &keys {
                list.push_bind(*key);
            }
            q.push(")");
            q.build_query_scalar().fetch_one(pool).await?
        });
        if counted == 0 {
            return Ok(());
        }
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            if let Some(subject) = subject {
                sqlx::query("DELETE FROM login_failures WHERE throttle_key = $1")
                    .bind(subject)
                    .execute(&mut *tx)
                    .await?;
            }
            for address in addresses {
                sqlx::query(FORGIVE).bind(*address).execute(&mut *tx).await?;
            }
            tx.commit().await
        })
    }

    /// Attempts that came to no verdict (contention ended their call first): each key's count
    /// taken back by one, in one transaction.
    pub async fn throttle_withdraw(&self, keys: &[&str]) -> Result<(), sqlx::Error> {
        if keys.is_empty() {
            return Ok(());
        }
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            for key in keys {
                sqlx::query(FORGIVE).bind(*key).execute(&mut *tx).await?;
            }
            tx.commit().await
        })
    }

    /// Forgets the counters whose failures began before `before` and that are not locked now.
    pub async fn purge_throttle(&self, before: i64) -> Result<u64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let done = sqlx::query(
                "DELETE FROM login_failures WHERE first_failed_at < $1 AND (locked_until IS NULL OR locked_until < $2)",
            )
            .bind(before)
            .bind(now_ms())
            .execute(pool)
            .await?;
            Ok(done.rows_affected())
        })
    }

    pub async fn add_login_log(
        &self,
        account: Option<&LoginAccount>,
        username: &str,
        ip: &str,
        user_agent: &str,
        result: &str,
    ) -> Result<i64, sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| {
            sqlx::query_scalar(
                "INSERT INTO login_logs (tenant_id, account_id, username, ip, user_agent, result, login_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            )
            .bind(account.map(|a| a.tenant_id))
            .bind(account.map(|a| a.id))
            // The account's own name (its enterprise is the record's tenant), else what was typed.
            .bind(account.map_or(username, |a| a.username.as_str()))
            .bind(ip)
            .bind(user_agent)
            .bind(result)
            .bind(now_ms())
            .fetch_one(pool)
            .await
        })
    }
}
