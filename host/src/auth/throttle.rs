//! Failed-login throttling per account and per address. Counters live in the database so that
//! several host processes share them.
//!
//! An attempt is counted *before* the password is verified, in one atomic statement per key:
//! concurrent guesses cannot all pass a check made before any of them failed. A success takes
//! its count back.

use crate::api::ApiError;
use crate::config::Config;
use crate::db::{Db, now_ms};

pub struct Throttle<'a> {
    db: &'a Db,
    config: &'a Config,
}

impl<'a> Throttle<'a> {
    pub fn new(db: &'a Db, config: &'a Config) -> Self {
        Throttle { db, config }
    }

    fn account_key(username: &str) -> String {
        format!("account:{}", username.to_lowercase())
    }

    fn ip_key(ip: &str) -> String {
        format!("ip:{ip}")
    }

    fn window_ms(&self) -> i64 {
        self.config.login_lock_minutes * 60_000
    }

    /// Refuses while either the account or the address is locked.
    pub async fn check(&self, username: &str, ip: &str) -> Result<(), ApiError> {
        let now = now_ms();
        for key in [Self::account_key(username), Self::ip_key(ip)] {
            if let Some(until) = self.db.throttle_locked_until(&key).await?
                && until > now
            {
                return Err(locked(until, now));
            }
        }
        Ok(())
    }

    /// Counts this attempt as a failure on both keys before it is verified, and refuses it when
    /// it is beyond either allowance. The threshold-th failure locks the key.
    pub async fn attempt(&self, username: &str, ip: &str) -> Result<(), ApiError> {
        self.check(username, ip).await?;
        let window = self.window_ms();
        let keys = [
            (Self::account_key(username), self.config.login_max_failures),
            (Self::ip_key(ip), self.config.login_max_failures_per_ip),
        ];
        for (key, allowed) in keys {
            let failures = self.db.throttle_fail(&key, allowed, window, window).await?;
            if failures > allowed {
                let now = now_ms();
                return Err(locked(now + window, now));
            }
        }
        Ok(())
    }

    /// The attempt was right: the account starts afresh, the address gets its count back.
    pub async fn succeeded(&self, username: &str, ip: &str) -> Result<(), ApiError> {
        self.db.throttle_clear(&Self::account_key(username)).await?;
        self.db.throttle_forgive(&Self::ip_key(ip)).await?;
        Ok(())
    }
}

fn locked(until: i64, now: i64) -> ApiError {
    ApiError::Locked { minutes: ((until - now) + 59_999) / 60_000 }
}
