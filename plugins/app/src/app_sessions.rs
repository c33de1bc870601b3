//! Signed-in app users. The app's key is in every copy of the app, so it proves the app, not
//! the user: a sign-in hands the app a session token (shown once, kept as its SHA-256) that
//! proves the user on the routes that act for one (log uploads) and, through
//! `/internal/app-users/signed-in`, to other plugins (the upgrade plugin's whitelisted builds).
//! A session lasts 30 days; a user keeps the five newest; blocking the user or resetting the
//! password ends them all.

use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::app_users::{self, AppUser};
use crate::messages;

pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;
pub const SESSIONS_PER_USER: u32 = 5;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppSession {
    pub username: String,
    /// SHA-256 of the token, hex: the token itself is never kept.
    pub token_hash: String,
    pub started_at: i64,
    pub expires_at: i64,
}

pub const APP_SESSIONS: Collection<AppSession> = Collection::new("app_sessions");

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.trim().as_bytes()))
}

/// A new session of `username`: its token and when it expires. The oldest beyond the five
/// newest end.
pub fn start(call: &mut Call<'_>, username: &str) -> PluginResult<(String, i64)> {
    let token = console_plugin_sdk::random::token(43)?;
    let now = call.host.now_ms();
    let session = AppSession {
        username: username.into(),
        token_hash: token_hash(&token),
        started_at: now,
        expires_at: now + SESSION_MS,
    };
    APP_SESSIONS.insert(call.host, &session)?;
    let older = Query::new().eq("username", username).sort("startedAt", true).page(2, SESSIONS_PER_USER);
    for old in APP_SESSIONS.query(call.host, &older)?.list {
        APP_SESSIONS.delete(call.host, &old.id)?;
    }
    Ok((token, session.expires_at))
}

/// Ends every session of `username` (blocked, password reset).
pub fn end_all(call: &mut Call<'_>, username: &str) -> PluginResult<()> {
    let query = Query::new().eq("username", username).page(1, 100);
    for session in APP_SESSIONS.query(call.host, &query)?.list {
        APP_SESSIONS.delete(call.host, &session.id)?;
    }
    Ok(())
}

/// The user whose live session `token` is (the request's `field`), not blocked; otherwise the
/// app must sign the user in again.
pub fn user(call: &mut Call<'_>, field: &str, token: &str) -> PluginResult<Doc<AppUser>> {
    if token.trim().is_empty() {
        return Err(messages::sign_in_again(field));
    }
    let query = Query::new().eq("tokenHash", token_hash(token).as_str()).page(1, 1);
    let now = call.host.now_ms();
    let session = APP_SESSIONS
        .query(call.host, &query)?
        .list
        .into_iter()
        .find(|s| s.data.expires_at > now)
        .ok_or_else(|| messages::sign_in_again(field))?;
    let user = app_users::by_username(call, &session.data.username)?.ok_or_else(|| messages::sign_in_again(field))?;
    if user.data.blocked {
        return Err(messages::account_blocked());
    }
    Ok(user)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SignedInAsk {
    /// The session token an app was given at sign-in.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    token: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub username: String,
}

/// `POST /internal/app-users/signed-in` (other plugins): whose session a token is.
pub fn signed_in(call: &mut Call<'_>) -> PluginResult<Value> {
    let ask: SignedInAsk = call.body()?;
    let user = user(call, "userToken", &ask.token)?;
    Ok(json!(SignedIn { username: user.data.username }))
}
