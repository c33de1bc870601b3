//! The OAuth 2.0 authorisation server (/third-party-access). It lets a voice assistant (Alexa,
//! Google) or another service act for an app user of an enterprise:
//!
//! - [`admin`]: the enterprise's clients (client-list), the scopes they may ask for with what each
//!   reads and what userinfo answers (configuration-list), and the tokens issued (userinfo-list);
//! - [`protocol`]: the endpoints clients speak: authorisation code with PKCE (RFC 6749 §4.1,
//!   RFC 7636), refresh tokens rotated on every use with replay detection, client credentials,
//!   introspection (RFC 7662), revocation (RFC 7009), userinfo and the metadata (RFC 8414);
//! - [`linked`]: the app user's side: the services linked to the account, unlinked in the app.
//!
//! It is the core's, not a plugin's: it is authentication, whose secrets, codes and tokens the host
//! alone keeps (as SHA-256), and its wire format (form bodies, Basic client authentication,
//! redirects, RFC error objects) is not the plugin contract's. The end user signs in as an app
//! user: the plugin that keeps app users (the app plugin) checks the password through its
//! `caller = "host"` route, in the client's enterprise.

mod admin;
mod linked;
mod protocol;

use crate::api::ApiRouter;

pub use protocol::metadata;

/// Grant types a client may be given (its "authorised operation types").
pub const GRANT_TYPES: [&str; 3] = ["authorization_code", "refresh_token", "client_credentials"];
/// What a client is: the voice assistants, another service, or the platform's own.
pub const CLIENT_TYPES: [&str; 5] = ["alexa", "google", "baidu", "third-party", "internal"];
/// The app user's claims a scope may let userinfo answer.
pub const CLAIMS: [&str; 3] = ["preferred_username", "email", "phone_number"];
/// How long a code lives: the client exchanges it at once.
pub const CODE_SECONDS: i64 = 120;

pub fn routes(api: ApiRouter) -> ApiRouter {
    linked::routes(protocol::routes(admin::routes(api)))
}

/// `items` as the JSON array a column keeps.
fn to_column(items: &[String]) -> String {
    serde_json::to_string(items).unwrap_or_else(|_| "[]".into())
}

/// A JSON array column as a list (empty if it is anything else).
fn from_column(column: &str) -> Vec<String> {
    serde_json::from_str(column).unwrap_or_default()
}
