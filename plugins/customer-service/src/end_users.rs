//! End users: the app users who chat, rate and urge. An app's key is in every copy of the app,
//! so it proves the app, not the user; the app plugin's session token (its sign-in) names the
//! user, asked of that plugin before anything is written.

use console_plugin_sdk::{Call, PluginResult, json, services, validate};
use serde::Deserialize;

const APP_SERVICE: &str = "app-service";

#[derive(Debug, Clone, Deserialize)]
pub struct EndUser {
    pub username: String,
}

/// The signed-in app user whose session `token` (the request's `userToken`) is.
pub fn signed_in(call: &mut Call<'_>, token: &str) -> PluginResult<EndUser> {
    let token = validate::required("userToken", token, 200)?;
    services::post(call.host, APP_SERVICE, "/internal/app-users/signed-in", &json!({ "token": token }))
}
