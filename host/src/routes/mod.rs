//! The core's API routes. Each module adds its routes with their permissions to the
//! [`ApiRouter`]; the list below is the whole core API.

mod access_urls;
mod accounts;
mod approvals;
mod auth;
pub mod avatars;
mod departments;
mod device_keys;
pub mod files;
mod guide;
mod logs;
mod menus;
pub(crate) mod pki;
mod plugins;
mod reference;
pub(crate) mod roles;
mod sockets;
mod tasks;
mod tenants;
mod tools;

use axum::Router;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::api::{ApiError, ApiRouter, Perm, RouteDoc, RouteSpec};
use crate::db::Paging;
use crate::i18n::Msg;
use axum::http::Method;

pub fn api(state: AppState, extra: impl FnOnce(ApiRouter) -> ApiRouter) -> (Router<AppState>, Vec<RouteDoc>) {
    let api = extra(ApiRouter::new(state));
    let api = auth::routes(api);
    let api = tenants::routes(api);
    let api = departments::routes(api);
    let api = roles::routes(api);
    let api = accounts::routes(api);
    let api = avatars::routes(api);
    let api = menus::routes(api);
    let api = reference::routes(api);
    let api = logs::routes(api);
    let api = device_keys::routes(api);
    let api = files::routes(api);
    let api = access_urls::routes(api);
    let api = tasks::routes(api);
    let api = approvals::routes(api);
    let api = tools::routes(api);
    let api = guide::routes(api);
    let api = pki::routes(api);
    let api = crate::mqtt::hooks::routes(api);
    let api = crate::oauth::routes(api);
    let api = api.route(
        RouteSpec::read(Method::GET, "/openapi.json", Perm::Public, "This OpenAPI document")
            .answers(crate::api::Answer::Document),
        crate::openapi::serve,
    );
    // Last: its `/{mount}/{*path}` only sees what no core route matched.
    plugins::routes(api).finish()
}

/// Calls a plugin's `caller = "host"` POST route with a JSON body, for the core's own features
/// (the OAuth consent asks the app users' plugin).
pub(crate) async fn call_plugin_route(
    app: &AppState,
    plugin: &std::sync::Arc<crate::plugins::registry::LoadedPlugin>,
    context: crate::plugins::runtime::CallContext,
    path: &str,
    body: serde_json::Value,
) -> Result<axum::response::Response, ApiError> {
    plugins::call_route(app, plugin, context, Method::POST, path.to_string(), Vec::new(), body.to_string().as_bytes())
        .await
}

/// A page of rows: `{list, total, page, pageSize}`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

impl<T> Page<T> {
    pub fn new((list, total): (Vec<T>, i64), paging: Paging) -> Self {
        Page { list, total, page: paging.page, page_size: paging.page_size }
    }
}

pub const DEFAULT_PAGE_SIZE: i64 = 20;
/// Tenant and region lists page by 100.
pub const REFERENCE_PAGE_SIZE: i64 = 100;
pub const MAX_PAGE_SIZE: i64 = 500;

/// Checks `page` (from 1) and `pageSize` (1 to 500).
pub fn paging(page: Option<i64>, page_size: Option<i64>, default_size: i64) -> Result<Paging, ApiError> {
    let page = page.unwrap_or(1);
    let page_size = page_size.unwrap_or(default_size);
    if page < 1 {
        return Err(ApiError::invalid("page", Msg::Format { field: "page".into(), expected: "an integer from 1" }));
    }
    if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
        return Err(ApiError::invalid(
            "pageSize",
            Msg::Format { field: "pageSize".into(), expected: "an integer from 1 to 500" },
        ));
    }
    Ok(Paging { page, page_size })
}

/// Body of the routes that act on one item by id (enable, disable, detail).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ById {
    pub id: i64,
}

/// Body of every delete: the id and the item's name typed again.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteByName {
    pub id: i64,
    #[serde(default)]
    pub confirm_name: String,
}

/// A created item's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub id: i64,
}
