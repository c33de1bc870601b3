//! The app user's side of the tokens, which the user may revoke: the accounts
//! an app user linked (Alexa, Google, ...) listed in the app, and unlinked there. The app calls
//! with its enterprise's device key and the user's session token; the app users' plugin says
//! whose session it is (its `caller = "host"` route), and the host answers only that user's
//! grants in that enterprise.

use axum::extract::State;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::protocol::ask_app_users;
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, DeviceCaller, Envelope, Perm, RouteSpec, done};
use crate::db::oauth::LinkedGrant;

/// Where the app users' plugin says whose session a token is.
const SESSION: &str = "/internal/app-users/session";

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            axum::http::Method::POST,
            "/oauth/linked-accounts/list",
            Perm::Device,
            "The services an app user linked to the account (an app's device key and the user's session)",
        )
        .body::<UserAsk>()
        .data_list::<LinkedGrant>(),
        list,
    )
    .route(
        RouteSpec::write(
            "/oauth/linked-accounts/revoke",
            Perm::Device,
            "Unlink a service: every token of the grant revoked (an app's device key and the user's session)",
        )
        .body::<UnlinkAsk>(),
        unlink,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UserAsk {
    /// The session token the app was given when the user signed in.
    #[schema(write_only)]
    user_token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UnlinkAsk {
    #[schema(write_only)]
    user_token: String,
    grant_id: String,
}

/// The app user whose session `token` is, in the key's enterprise.
async fn app_user(app: &AppState, device: &DeviceCaller, token: &str) -> ApiResult<String> {
    let answer =
        ask_app_users(app, (device.key.tenant_id, &device.client.ip), device.lang, SESSION, json!({ "token": token }))
            .await?;
    answer["username"].as_str().filter(|u| !u.is_empty()).map(str::to_string).ok_or(ApiError::NotFound)
}

async fn list(
    State(app): State<AppState>,
    device: DeviceCaller,
    ApiJson(req): ApiJson<UserAsk>,
) -> ApiResult<Envelope<Vec<LinkedGrant>>> {
    let username = app_user(&app, &device, &req.user_token).await?;
    Ok(Envelope(app.db.oauth_linked_grants(device.key.tenant_id, &username).await?))
}

async fn unlink(
    State(app): State<AppState>,
    device: DeviceCaller,
    ApiJson(req): ApiJson<UnlinkAsk>,
) -> ApiResult<Envelope<()>> {
    let username = app_user(&app, &device, &req.user_token).await?;
    let linked = app.db.oauth_linked_grants(device.key.tenant_id, &username).await?;
    if !linked.iter().any(|g| g.grant_id == req.grant_id) {
        return Err(ApiError::NotFound);
    }
    app.db.revoke_oauth_grant(&req.grant_id).await?;
    Ok(done())
}
