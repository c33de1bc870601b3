//! Plugins seen from the API: the dispatcher of `/api/<mount>/...`, the platform's plugin
//! administration (status, metrics, per-tenant enablement, reload), and the remotes the shell
//! loads for the signed-in user.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::AppState;
use crate::api::{
    ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ApiRouter, Caller, DeviceCaller, Envelope, Perm, RecordAs,
    RecordSealed, RouteSpec, done,
};
use crate::i18n::Msg;
use crate::plugins::bindings::console::plugin::types;
use crate::plugins::ingest::Sender;
use crate::plugins::manifest::{RouteCaller, RouteSpec as ManifestRoute};
use crate::plugins::registry::{LoadedPlugin, PluginStatus};
use crate::plugins::runtime::{CallContext, EventBudget, Failure, Finished, Invocation, Returned};
use crate::plugins::wakes::{DeviceId, MAX_WAIT_SECS, RECHECK};
use crate::redact::SealedValues;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/plugin-admin/plugins/list",
            Perm::Action("plugin:view"),
            "Installed plugins with status and metrics",
        )
        .data_list::<PluginStatus>(),
        list,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/plugin-admin/plugins/tenants",
            Perm::Action("plugin:view"),
            "Which enterprises use a plugin",
        )
        .body::<PluginRef>()
        .data_list::<TenantUse>(),
        tenants,
    )
    .route(
        RouteSpec::write(
            "/plugin-admin/plugins/enable",
            Perm::Action("plugin:enable"),
            "Enable or disable a plugin for enterprises",
        )
        .body::<Enablement>(),
        enable,
    )
    .route(
        RouteSpec::write("/plugin-admin/plugins/reload", Perm::Action("plugin:reload"), "Reload a plugin")
            .body::<PluginRef>(),
        reload,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/plugin-admin/remotes",
            Perm::SignedIn,
            "The remotes of the user's enabled plugins",
        )
        .data_list::<RemoteInfo>(),
        remotes,
    )
    .route(
        RouteSpec::read(Method::GET, "/events/ws", Perm::SignedIn, "Live events (WebSocket)"),
        crate::api::live::events,
    )
    .route(
        RouteSpec::any("/device/{mount}/{*path}", Perm::Device, "A plugin's device-facing route (device key)")
            .max_body(crate::MAX_UPLOAD_BYTES),
        dispatch_device,
    )
    .route(
        RouteSpec::any("/{mount}/{*path}", Perm::SignedIn, "A plugin route (its manifest names the action)")
            .max_body(crate::MAX_UPLOAD_BYTES)
            .before_body(|app, caller, method, path| resolve(app, caller, method, path).map(drop)),
        dispatch,
    )
}

async fn list(State(app): State<AppState>) -> ApiResult<Envelope<Vec<PluginStatus>>> {
    Ok(Envelope(app.plugins.statuses()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PluginRef {
    plugin_id: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct TenantUse {
    tenant_id: i64,
    tenant_name: String,
    enabled: bool,
    /// Whether an administrator chose, or the plugin's default applies.
    explicit: bool,
}

async fn tenants(State(app): State<AppState>, ApiJson(req): ApiJson<PluginRef>) -> ApiResult<Envelope<Vec<TenantUse>>> {
    let plugin = app.plugins.get(&req.plugin_id).ok_or(ApiError::NotFound)?;
    let choices = app.db.plugin_choices(&req.plugin_id).await?;
    let paging = crate::db::Paging { page: 1, page_size: i64::MAX };
    let (tenants, _) = app.db.tenants(None, "", paging).await?;
    let list = tenants
        .into_iter()
        .map(|t| {
            let choice = choices.iter().find(|(id, _)| *id == t.id).map(|(_, enabled)| *enabled);
            TenantUse {
                tenant_id: t.id,
                tenant_name: t.tenant_name,
                enabled: choice.unwrap_or(plugin.installed.enabled_by_default),
                explicit: choice.is_some(),
            }
        })
        .collect();
    Ok(Envelope(list))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Enablement {
    plugin_id: String,
    /// The enterprises to change; ignored with `allTenants`.
    tenant_ids: Vec<i64>,
    all_tenants: bool,
    enabled: bool,
}

async fn enable(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<Enablement>,
) -> ApiResult<Envelope<()>> {
    if app.plugins.get(&req.plugin_id).is_none() {
        return Err(ApiError::invalid("pluginId", Msg::NotFound));
    }
    let known = app.db.tenant_ids().await?;
    let tenants = if req.all_tenants { known } else { req.tenant_ids };
    if tenants.is_empty() {
        return Err(ApiError::required("tenantIds"));
    }
    if let Some(unknown) = tenants.iter().find(|t| **t == 0) {
        return Err(ApiError::invalid(
            "tenantIds",
            Msg::Format { field: format!("tenantIds ({unknown})"), expected: "enterprise ids" },
        ));
    }
    app.db.set_plugin_enabled(&req.plugin_id, &tenants, req.enabled, caller.account_id).await?;
    Ok(done())
}

async fn reload(State(app): State<AppState>, ApiJson(req): ApiJson<PluginRef>) -> ApiResult<Envelope<()>> {
    app.plugins.reload(&req.plugin_id).await.map_err(|why| ApiError::Client { code: 400, msg: Msg::Text(why) })?;
    app.cluster.announce_reload(&req.plugin_id).await;
    Ok(done())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct RemoteInfo {
    /// The module-federation name: the plugin id.
    name: String,
    entry: String,
    exposes: Vec<String>,
    /// Route paths of the plugin's pages.
    routes: Vec<String>,
    #[schema(value_type = std::collections::HashMap<String, std::collections::HashMap<String, String>>)]
    translations: Value,
}

async fn remotes(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<RemoteInfo>>> {
    let enabled = &caller.plugins;
    let list = app
        .plugins
        .all()
        .into_iter()
        .filter(|p| enabled.contains(&p.manifest.id))
        .filter_map(|p| {
            let remote = p.manifest.remote.as_ref()?;
            Some(RemoteInfo {
                name: p.manifest.id.clone(),
                entry: format!("/remotes/{}/{}", p.manifest.id, remote.entry),
                exposes: remote.exposes.clone(),
                routes: p.manifest.menus.iter().filter(|m| m.kind == "page").map(|m| m.path.clone()).collect(),
                translations: json!(p.manifest.translations),
            })
        })
        .collect();
    Ok(Envelope(list))
}

/// A plugin's answer as the envelope; its session-ending codes are not the plugin's to use.
fn plugin_answer(response: types::Response) -> Response {
    if response.status == 200 {
        return answered(response.body);
    }
    let body: Value = serde_json::from_str(&response.body).unwrap_or(Value::Null);
    let code = match response.status {
        401 | 403 | 506..=508 => 400,
        code => code,
    };
    let msg = body.get("msg").and_then(Value::as_str).unwrap_or("").to_string();
    let field = body.get("field").and_then(Value::as_str).map(str::to_string);
    let err = match field {
        Some(field) => ApiError::Invalid { field, msg: Msg::Text(msg) },
        None => ApiError::Client { code, msg: Msg::Text(msg) },
    };
    let mut response = err.into_response();
    if let Some(status) = StatusCode::from_u16(code).ok().filter(|s| s.is_client_error() || s.is_server_error()) {
        *response.status_mut() = status;
    }
    response
}

/// A plugin's 200 in the envelope `Envelope` writes, its JSON spliced in unparsed: checking it
/// is JSON costs a tenth of building it into a `Value` and writing that out again.
fn answered(body: String) -> Response {
    let data = if serde_json::from_str::<serde::de::IgnoredAny>(&body).is_ok() { body.trim() } else { "null" };
    let mut out = String::with_capacity(data.len() + 40);
    out.push_str(r#"{"code":200,"data":"#);
    out.push_str(data);
    out.push_str(r#","msg":"success"}"#);
    ([(axum::http::header::CONTENT_TYPE, "application/json")], out).into_response()
}

/// 405 with `Allow` when the path has other methods, 404 when it has none.
fn wrong_method(plugin: &LoadedPlugin, caller: RouteCaller, path: &str) -> ApiError {
    match plugin.methods_at(caller, path).join(", ") {
        allow if allow.is_empty() => ApiError::Client { code: 404, msg: Msg::NoSuchRoute },
        allow => ApiError::MethodNotAllowed { allow },
    }
}

/// The plugin and manifest route that `/api/<mount>/<path>` names, if the tenant enabled the
/// plugin and the caller holds the route's action.
pub(super) fn resolve(
    app: &AppState,
    caller: &Caller,
    method: &Method,
    api_path: &str,
) -> ApiResult<(Arc<LoadedPlugin>, ManifestRoute)> {
    let no_route = || ApiError::Client { code: 404, msg: Msg::NoSuchRoute };
    let (mount, path) = api_path.trim_start_matches('/').split_once('/').ok_or_else(no_route)?;
    let plugin = app.plugins.by_mount(mount).ok_or_else(no_route)?;
    if !caller.plugins.contains(&plugin.manifest.id) {
        return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
    }
    let path = format!("/{path}");
    let route = plugin
        .route(RouteCaller::User, method.as_str(), &path)
        .ok_or_else(|| wrong_method(&plugin, RouteCaller::User, &path))?
        .clone();
    if !caller.may(&route.action) {
        return Err(ApiError::Forbidden(Msg::NotPermitted));
    }
    Ok((plugin, route))
}

/// A call of `plugin` on behalf of a signed-in user.
pub(super) fn user_call(caller: &Caller, plugin: &LoadedPlugin, sealed: SealedValues) -> CallContext {
    // Only the plugin's own actions: it has no business knowing the user's other rights, and
    // each string is copied into the guest on every call.
    let mut actions: Vec<String> = plugin.actions().filter(|a| caller.may(a)).map(str::to_string).collect();
    actions.sort();
    CallContext {
        tenant_id: caller.scope.owner(),
        user_id: caller.account_id,
        platform_user: caller.is_platform(),
        user_name: caller.username.clone(),
        lang: caller.lang.code().to_string(),
        actions,
        request_id: crate::auth::session::new_token()[..16].to_string(),
        cascade: EventBudget::new(),
        decision: None,
        client_address: caller.client.ip.clone(),
        sealed,
        user_actions: Some(caller.actions.clone()),
    }
}

async fn dispatch(
    State(app): State<AppState>,
    caller: Caller,
    method: Method,
    ApiPath((mount, rest)): ApiPath<(String, String)>,
    ApiQuery(query): ApiQuery<Vec<(String, String)>>,
    body: Bytes,
) -> ApiResult<Response> {
    let path = format!("/{rest}");
    let (plugin, route) = resolve(&app, &caller, &method, &format!("/{mount}{path}"))?;
    let record_as = RecordAs {
        operation: if route.summary.is_empty() {
            format!("{} {}", route.method, route.path)
        } else {
            route.summary.clone()
        },
        action: route.action.clone(),
    };
    // What the body's sealed fields carry is masked wherever the calls write it down.
    let sealed_fields =
        if method == Method::GET { Arc::default() } else { app.plugins.sealed_fields(&plugin, &route).await };
    let sealed = SealedValues::new(match serde_json::from_slice::<Value>(&body) {
        Ok(json) if !sealed_fields.is_empty() => sealed_fields.values_in(&json),
        _ => Vec::new(),
    });
    let context = user_call(&caller, &plugin, sealed.clone());
    let mut response = call_route(&app, &plugin, context, method, path, query, &body).await?;
    response.extensions_mut().insert(record_as);
    response.extensions_mut().insert(RecordSealed { fields: sealed_fields, values: sealed });
    Ok(response)
}

/// `/api/device/<mount>/...`: a device-facing route, for the tenant and plugin of the device key.
/// The plugin sees user id 0 and the user name `device:<key name>`, or `device-sn:<SN>` for a key
/// bound to one device (the SDK's `Context::device_sn`).
#[allow(clippy::too_many_arguments)]
async fn dispatch_device(
    State(app): State<AppState>,
    device: DeviceCaller,
    method: Method,
    headers: axum::http::HeaderMap,
    ApiPath((mount, rest)): ApiPath<(String, String)>,
    ApiQuery(query): ApiQuery<Vec<(String, String)>>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    body: Bytes,
) -> ApiResult<Response> {
    let no_route = || ApiError::Client { code: 404, msg: Msg::NoSuchRoute };
    // The key's own plugin, or one that serves the devices of the key's plugin.
    let serves = |p: &Arc<LoadedPlugin>| {
        p.manifest.id == device.key.plugin_id || p.manifest.device_keys_from.contains(&device.key.plugin_id)
    };
    let plugin = app.plugins.by_mount(&mount).filter(serves).ok_or_else(no_route)?;
    // Both the plugin called and the one whose key it is must be on for the key's enterprise.
    let enabled = app.plugins.enabled_for(device.key.tenant_id).await?;
    if !enabled.contains(&plugin.manifest.id) || !enabled.contains(&device.key.plugin_id) {
        return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
    }
    let path = format!("/{rest}");
    let route = plugin
        .route(RouteCaller::Device, method.as_str(), &path)
        .ok_or_else(|| wrong_method(&plugin, RouteCaller::Device, &path))?;
    // A long poll waits for one device: a key bound to its SN, asking with `?wait=`.
    let long_poll = match (&device.key.sn, route.long_poll) {
        (Some(sn), true) => waited(&query)?.map(|wait| (sn.clone(), wait)),
        _ => None,
    };
    let context = CallContext {
        tenant_id: device.key.tenant_id,
        user_id: 0,
        platform_user: false,
        // `device-sn:<SN>` for a key bound to one device, `device:<name>` for a fleet's key.
        user_name: match &device.key.sn {
            Some(sn) => format!("device-sn:{sn}"),
            None => format!("device:{}", device.key.name),
        },
        lang: device.lang.code().to_string(),
        actions: Vec::new(),
        request_id: crate::auth::session::new_token()[..16].to_string(),
        cascade: EventBudget::new(),
        decision: None,
        client_address: device.client.ip.clone(),
        sealed: Default::default(),
        user_actions: None,
    };
    if route.socket {
        return super::sockets::serve(app, plugin, device, context, (path, query), upgrade).await;
    }
    if let (Some(batch), Some(sn)) = (route.batch.clone(), device.key.sn.clone()) {
        let sender = Sender { tenant: device.key.tenant_id, sn, lang: device.lang.code().to_string() };
        return batched(&app, plugin, batch, sender, path, &body).await;
    }
    match long_poll {
        None if method == Method::GET => {
            let answer = call_route(&app, &plugin, context, method, path, query, &body).await?;
            Ok(with_etag(answer, headers.get(axum::http::header::IF_NONE_MATCH)).await)
        }
        None => call_route(&app, &plugin, context, method, path, query, &body).await,
        Some((sn, wait)) => {
            let waits_for = (device.key.tenant_id, plugin.manifest.id.clone(), sn);
            poll_route(&app, &plugin, context, (method, path, query), (waits_for, &device.key), wait).await
        }
    }
}

/// A device's report taken in a batch (`plugins::ingest`): answered once its batch committed,
/// as its route would have answered it; a full queue is a 503 with `Retry-After`, never a
/// report lost without a word.
async fn batched(
    app: &AppState,
    plugin: Arc<LoadedPlugin>,
    batch: String,
    sender: Sender,
    path: String,
    body: &[u8],
) -> ApiResult<Response> {
    // An empty body is an empty object, as the route alone reads it.
    let sent: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        serde_json::from_slice(body)
            .map_err(|e| ApiError::Client { code: 400, msg: Msg::BadJson { detail: e.to_string() } })?
    };
    match app.ingest.offer(plugin, batch, sender, path, (sent, body.len())).await {
        Ok((status, answered)) => Ok(plugin_answer(types::Response { status, body: answered.to_string() })),
        // A full queue pushes back, with a Retry-After as every 503.
        Err(_) => Err(ApiError::Client { code: 503, msg: Msg::Busy }),
    }
}

/// A device's or app's GET answered with an `ETag` (the SHA-256 of the answer): asked again
/// with `If-None-Match` and unchanged, it is a 304 with no body, so an app downloads only what
/// changed (a copy library, a thing model). Plugin answers are bounded by `max_response_kib`.
async fn with_etag(answer: Response, if_none_match: Option<&axum::http::HeaderValue>) -> Response {
    use sha2::Digest as _;
    if answer.status() != StatusCode::OK {
        return answer;
    }
    let (mut parts, body) = answer.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return ApiError::Internal("an answer could not be read".into()).into_response();
    };
    let digest = sha2::Sha256::digest(&bytes);
    let etag = format!("\"{}\"", hex::encode(&digest[..16]));
    let matches = if_none_match
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim().trim_start_matches("W/") == etag || tag.trim() == "*"));
    if let Ok(value) = axum::http::HeaderValue::from_str(&etag) {
        parts.headers.insert(axum::http::header::ETAG, value);
    }
    if matches {
        parts.status = StatusCode::NOT_MODIFIED;
        parts.headers.remove(axum::http::header::CONTENT_LENGTH);
        return Response::from_parts(parts, axum::body::Body::empty());
    }
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

/// `?wait=<seconds>` of a long poll, 1 to [`MAX_WAIT_SECS`]; none when absent or 0.
fn waited(query: &[(String, String)]) -> ApiResult<Option<Duration>> {
    let Some((_, text)) = query.iter().find(|(name, _)| name == "wait") else { return Ok(None) };
    match text.parse::<u64>() {
        Ok(0) => Ok(None),
        Ok(secs) if secs <= MAX_WAIT_SECS => Ok(Some(Duration::from_secs(secs))),
        _ => Err(ApiError::Invalid {
            field: "wait".into(),
            msg: Msg::Format { field: "wait".into(), expected: "whole seconds from 0 to 30" },
        }),
    }
}

/// A long poll: the plugin answers; an empty list waits until the device is woken (or for
/// [`RECHECK`], a wake made by another process) and asks again, until `wait` is up. No
/// transaction is open while it waits, and a client that leaves drops the wait with it. Before
/// each look again the key must still be the device's (a revoked or replaced key ends the
/// wait: commands are not handed to the old one) and its plugin enabled.
async fn poll_route(
    app: &AppState,
    plugin: &Arc<LoadedPlugin>,
    context: CallContext,
    (method, path, query): (Method, String, Vec<(String, String)>),
    (device, key): (DeviceId, &crate::db::device_keys::DeviceKey),
    wait: Duration,
) -> ApiResult<Response> {
    let deadline = tokio::time::Instant::now() + wait;
    let Some(waiter) = app.plugins.wakes().wait(device) else {
        return call_route(app, plugin, context, method, path, query, b"").await;
    };
    let mut looked = false;
    loop {
        if looked {
            if !app.db.device_key_valid(key).await? {
                return Err(ApiError::Client { code: 401, msg: Msg::DeviceKeyRefused });
            }
            if !app.plugins.enabled_for(key.tenant_id).await?.contains(&plugin.manifest.id) {
                return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
            }
        }
        looked = true;
        // Listening before the plugin reads: a wake while it reads is not missed.
        let woken = waiter.notify.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let request = types::Request {
            method: method.to_string(),
            path: path.clone(),
            query: query.clone(),
            body: "null".into(),
            context: context.to_wit(),
        };
        let answer = app.plugins.call(plugin.clone(), context.clone(), Invocation::Handle(request), 0).await;
        let nothing_yet = matches!(&answer, Ok(Finished { returned: Returned::Response(r), .. })
            if r.status == 200 && r.body.trim() == "[]");
        let now = tokio::time::Instant::now();
        // A stopping host answers what there is now: the device asks again, elsewhere.
        if !nothing_yet || now >= deadline || app.lifecycle.stopping.is_cancelled() {
            return Ok(rendered(answer));
        }
        tokio::select! {
            _ = tokio::time::timeout((deadline - now).min(RECHECK), woken) => {}
            () = app.lifecycle.stopping.cancelled() => {}
        }
    }
}

/// Runs the plugin's handler for one request and turns its answer into the envelope.
pub(super) async fn call_route(
    app: &AppState,
    plugin: &Arc<LoadedPlugin>,
    context: CallContext,
    method: Method,
    path: String,
    query: Vec<(String, String)>,
    body: &[u8],
) -> ApiResult<Response> {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        "null".to_string()
    } else {
        let value: Value = serde_json::from_slice(body)
            .map_err(|e| ApiError::Client { code: 400, msg: Msg::BadJson { detail: e.to_string() } })?;
        value.to_string()
    };
    let request = types::Request { method: method.to_string(), path, query, body, context: context.to_wit() };
    Ok(rendered(app.plugins.call(plugin.clone(), context, Invocation::Handle(request), 0).await))
}

/// A plugin call's outcome as the client gets it.
fn rendered(outcome: Result<Finished, Failure>) -> Response {
    match outcome {
        Ok(finished) => match finished.returned {
            Returned::Response(answer) => plugin_answer(answer),
            Returned::Unit(_) => ApiError::Internal("handler returned no response".into()).into_response(),
        },
        Err(Failure::Timeout) => ApiError::Client { code: 504, msg: Msg::PluginTimeout }.into_response(),
        // An approval decided by someone else while this decision ran (see `routes::approvals`).
        Err(Failure::Trap(why)) if why == crate::plugins::runtime::DECIDED_ALREADY => {
            ApiError::Conflict(Msg::DecidedAlready).into_response()
        }
        Err(Failure::Trap(why)) if why == crate::plugins::runtime::TENANT_GONE => {
            ApiError::Client { code: 404, msg: Msg::UnknownTenant }.into_response()
        }
        Err(Failure::Instantiate(why)) if why.contains("semaphore") => {
            ApiError::Client { code: 503, msg: Msg::Busy }.into_response()
        }
        Err(Failure::Conflict) => ApiError::Conflict(Msg::ChangedMeanwhile).into_response(),
        // A quota is the enterprise's and the operator's business, not a fault: 403, as storage
        // APIs answer a quota reached.
        Err(Failure::OverQuota(_, refusal)) => ApiError::Client { code: 403, msg: refusal }.into_response(),
        Err(failure) => {
            tracing::warn!(?failure, "a plugin call failed");
            ApiError::Client { code: 500, msg: Msg::PluginFailed }.into_response()
        }
    }
}
