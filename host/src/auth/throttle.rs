//! Failed-login throttling per account and per address. Counters live in the database so that
//! several host processes share them.

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

    fn keys(username: &str, ip: &str) -> [String; 2] {
        [format!("account:{}", username.to_lowercase()), format!("ip:{ip}")]
    }

    /// Refuses while either the account or the address is locked.
    pub async fn check(&self, username: &str, ip: &str) -> Result<(), ApiError> {
        let now = now_ms();
        for key in Self::keys(username, ip) {
            if let Some(until) = self.db.throttle_locked_until(&key).await?
                && until > now
            {
                let minutes = ((until - now) + 59_999) / 60_000;
                return Err(ApiError::Locked { minutes });
            }
        }
        Ok(())
    }

    /// Counts a failure on both keys; the threshold-th failure within the window locks the key.
    pub async fn failed(&self, username: &str, ip: &str) -> Result<(), ApiError> {
        let [account_key, ip_key] = Self::keys(username, ip);
        let window = self.config.login_lock_minutes * 60_000;
        self.db.throttle_fail(&account_key, self.config.login_max_failures, window, window).await?;
        self.db.throttle_fail(&ip_key, self.config.login_max_failures_per_ip, window, window).await?;
        Ok(())
    }

    pub async fn succeeded(&self, username: &str) -> Result<(), ApiError> {
        let [account_key, _] = Self::keys(username, "");
        self.db.throttle_clear(&account_key).await?;
        Ok(())
    }
}
