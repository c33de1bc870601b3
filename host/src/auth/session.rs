//! Opaque session tokens: 32 random bytes handed to the client once; only their SHA-256 is kept.

use rand::RngCore;
use sha2::{Digest, Sha256};

use super::cache::{AuthCache, Stamp};
use crate::api::ApiError;
use crate::db::{Db, now_ms};

pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A new device key: the key (handed over once), its SHA-256 (all that is kept) and its last
/// four characters (to tell keys apart in a list).
pub struct NewKey {
    pub key: String,
    pub hash: String,
    pub hint: String,
}

pub fn new_device_key() -> NewKey {
    let key = format!("dk_{}", new_token());
    NewKey { hash: token_hash(&key), hint: key[key.len() - 4..].to_string(), key }
}

impl NewKey {
    /// The row that keeps this key: `tenant`'s, for `plugin`, named `name`, bound to `sn` or to
    /// no device (a fleet's).
    pub fn row<'a>(
        &'a self,
        (tenant, plugin): (i64, &'a str),
        name: &'a str,
        by: i64,
        sn: Option<&'a str>,
        require_signature: bool,
    ) -> crate::db::device_keys::NewDeviceKey<'a> {
        crate::db::device_keys::NewDeviceKey {
            tenant,
            plugin,
            name,
            key_hash: &self.hash,
            key_hint: &self.hint,
            by,
            sn,
            require_signature,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ActiveSession {
    pub session_id: i64,
    pub account_id: i64,
    pub tenant_id: i64,
    pub username: String,
    pub name: String,
}

/// What a presented token amounts to; each maps to one of the session codes.
#[derive(Debug)]
pub enum SessionState {
    Active(ActiveSession),
    /// Never issued, or logged out: 401.
    Unknown,
    /// 506.
    Expired,
    /// Replaced by a newer sign-in, or revoked: 507.
    Ended,
    /// The account or its enterprise is disabled: 508.
    Disabled,
}

/// What `token` amounts to now; its row may come from `cache` (read no earlier than `stamp`).
pub async fn resolve(db: &Db, cache: &AuthCache, stamp: Stamp, token: &str) -> Result<SessionState, ApiError> {
    let hash = token_hash(token);
    if let Some(row) = cache.session(&hash, stamp) {
        return Ok(state_of(Some(row)));
    }
    let row = db.session_by_token_hash(&hash).await?;
    if let Some(row) = &row {
        cache.keep_session(&hash, stamp, row.clone());
    }
    Ok(state_of(row))
}

/// Whether a session resolved earlier is still active: long-lived connections (the event
/// websocket) ask again, so that logout, expiry, revocation and disabling end them too.
pub async fn still_active(db: &Db, session_id: i64) -> bool {
    matches!(db.session_by_id(session_id).await.map(state_of), Ok(SessionState::Active(_)))
}

fn state_of(row: Option<crate::db::SessionRow>) -> SessionState {
    let Some(row) = row else { return SessionState::Unknown };
    let now = now_ms();
    match row.end_reason.as_deref() {
        Some("logout") => SessionState::Unknown,
        Some(_) => SessionState::Ended,
        None if now >= row.expires_at => SessionState::Expired,
        None if row.account_disabled || row.tenant_disabled_at(now) => SessionState::Disabled,
        None => SessionState::Active(ActiveSession {
            session_id: row.id,
            account_id: row.account_id,
            tenant_id: row.tenant_id,
            username: row.username,
            name: row.name,
        }),
    }
}
