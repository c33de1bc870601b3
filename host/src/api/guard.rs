//! The guard in front of every `/api` route: session → tenant scope → permission → handler →
//! operation record. It is the only place that reads `authorization` and `tenantId`.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{ApiError, Caller, ClientInfo, DeviceCaller, Effect, Perm, RecordAs, RecordBody, RecordSealed, RouteDoc};
use crate::AppState;
use crate::auth::session::{self, SessionState};
use crate::db::records::OwnedOperationRecord;
use crate::i18n::{Lang, Msg};
use crate::redact::{self, SealedFields, SealedValues};
use crate::tenancy::{TenantRequest, TenantScope};

#[derive(Clone)]
pub struct GuardState {
    pub app: AppState,
    pub route: Arc<RouteDoc>,
    /// The fields the route's body declares sealed: never recorded.
    pub sealed: Arc<SealedFields>,
}

pub async fn guard(State(guard): State<GuardState>, mut req: Request, next: Next) -> Response {
    let client = ClientInfo::of(&req, &guard.app.config.trusted_proxies);
    req.extensions_mut().insert(client.clone());
    // A request that may change state outside a plugin drops the guard's cache when it ends, or
    // when it is cancelled after its commit (its client left): sign-in and logout here, the
    // others once they are authorized (a refused request changed nothing).
    let changes_core = guard.route.may_change_callers(req.method());
    if guard.route.perm == Perm::Public {
        let _changing = changes_core.then(|| guard.app.auth_cache.changing());
        return next.run(req).await;
    }
    if guard.route.perm == Perm::Device {
        // Device reports are data for the plugin, not an operator's operations: no record.
        let (device, presented) = match authorize_device(&guard.app, req.headers(), client).await {
            Ok(found) => found,
            Err(err) => return err.into_response(),
        };
        if device.key.require_signature {
            req = match verify_signature(&guard, req, &device, &presented).await {
                Ok(req) => req,
                Err(err) => return err.into_response(),
            };
        }
        req.extensions_mut().insert(device);
        return next.run(req).await;
    }

    let caller = match authorize(&guard, req.headers(), client).await {
        Ok(caller) => caller,
        Err(err) => return err.into_response(),
    };
    let _changing = changes_core.then(|| guard.app.auth_cache.changing());

    if let Some(check) = guard.route.before_body
        && let Err(err) = check(&guard.app, &caller, req.method(), req.uri().path().trim_start_matches("/api"))
    {
        return err.into_response();
    }

    // Writes keep their body for the operation record; it is bounded like any other body.
    let writes = match guard.route.effect {
        Effect::Read | Effect::Stream => false,
        Effect::Write => true,
        Effect::ByMethod => req.method() != axum::http::Method::GET,
    };
    let method = req.method().clone();
    let path = req.uri().path().trim_start_matches("/api").to_string();
    let body = if guard.route.effect == Effect::Stream {
        Some(axum::body::Bytes::new())
    } else if writes {
        let (parts, body) = req.into_parts();
        let Ok(bytes) = axum::body::to_bytes(body, guard.route.max_body).await else {
            return ApiError::BodyTooLarge { limit_kib: guard.route.max_body / 1024 }.into_response();
        };
        req = Request::from_parts(parts, Body::from(bytes.clone()));
        Some(bytes)
    } else {
        None
    };

    // Whatever becomes of the request, a write that went through the guard is recorded: if its
    // client leaves before the answer (a plugin call it started runs to its end regardless), the
    // record says so.
    let mut pending = body.is_some().then(|| PendingRecord {
        db: guard.app.db.clone(),
        record: Some(OwnedOperationRecord {
            tenant_id: caller.scope.owner(),
            account_id: caller.account_id,
            username: caller.username.clone(),
            operation: guard.route.summary.to_string(),
            // The right used: the platform page's own under the platform's tenancy.
            action: guard
                .route
                .action()
                .map_or("", |action| match caller.scope {
                    // Tenant 0 alone is only ever the `platform` tenancy (no header names it).
                    crate::tenancy::TenantScope::One(0) => crate::catalog::platform_action(action),
                    _ => action,
                })
                .to_string(),
            method: method.as_str().to_string(),
            path: path.clone(),
            ip: caller.client.ip.clone(),
            request_data: "(the client left before the answer)".into(),
            result_code: CLIENT_LEFT,
        }),
    });
    req.extensions_mut().insert(caller.clone());
    let response = next.run(req).await;

    let result_code = response.extensions().get::<ApiError>().map_or(200, ApiError::code);
    let Some(mut pending) = pending.take() else { return response };
    // A route that does not exist changed nothing: no record (and no way to fill the table).
    if result_code == 404 {
        pending.record = None;
        return response;
    }
    if let (Some(body), Some(record)) = (body, pending.record.as_mut()) {
        let body = response.extensions().get::<RecordBody>().map_or(body, |said| said.0.clone());
        if let Some(named) = response.extensions().get::<RecordAs>() {
            record.operation.clone_from(&named.operation);
            record.action.clone_from(&named.action);
        }
        record.request_data = match response.extensions().get::<RecordSealed>() {
            Some(sealed) => redact::for_record(&body, &sealed.fields, &sealed.values),
            None => redact::for_record(&body, &guard.sealed, &SealedValues::default()),
        };
        record.result_code = i64::from(result_code);
    }
    // Written before the answer goes (what the answer says is done is on record); should the
    // request be dropped meanwhile, the pending record is written as it stands.
    if let Some(record) = pending.record.clone() {
        pending.db.keep_operation_record(record).await;
        pending.record = None;
    }
    response
}

/// What a record says when its request's client left before the answer (nginx's code).
const CLIENT_LEFT: i64 = 499;

/// An operation record written when dropped: with the request's answer, or, when the request
/// was dropped half-way (its client left), as left. The write is a task of its own, which
/// outlives the request and waits through a busy database.
struct PendingRecord {
    db: crate::db::Db,
    record: Option<OwnedOperationRecord>,
}

impl Drop for PendingRecord {
    fn drop(&mut self) {
        if let Some(record) = self.record.take()
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            let db = self.db.clone();
            runtime.spawn(async move { db.keep_operation_record(record).await });
        }
    }
}

/// The request of a key that requires signatures, once its signature holds and its nonce is new
/// (`api::signature`). A streamed body (an upload) is signed as empty: the upload's SHA-256,
/// which the answer names, vouches for its bytes.
async fn verify_signature(
    guard: &GuardState,
    req: Request,
    device: &DeviceCaller,
    presented: &str,
) -> Result<Request, ApiError> {
    use super::signature;
    let (parts, body) = req.into_parts();
    let (bytes, body) = if guard.route.effect == Effect::Stream {
        (axum::body::Bytes::new(), body)
    } else {
        let bytes = axum::body::to_bytes(body, guard.route.max_body)
            .await
            .map_err(|_| ApiError::BodyTooLarge { limit_kib: guard.route.max_body / 1024 })?;
        (bytes.clone(), Body::from(bytes))
    };
    let refused = |msg| ApiError::Client { code: 401, msg };
    // The path as the client sent it (`/api/...`), before any router took its prefix off.
    let uri = parts.extensions.get::<axum::extract::OriginalUri>().map_or(&parts.uri, |original| &original.0);
    let (method, path, query) = (parts.method.as_str(), uri.path(), uri.query().unwrap_or(""));
    let nonce = signature::check(presented, &parts.headers, method, path, query, &bytes, crate::clock::now_ms())
        .map_err(|why| refused(Msg::SignatureRefused(why)))?;
    if !guard.app.db.remember_nonce(device.key.id, &nonce).await? {
        return Err(refused(Msg::SignatureReplayed));
    }
    Ok(Request::from_parts(parts, body))
}

/// `authorization: Device <key>`, or for a browser's websocket (which sets no header) the
/// subprotocols `device.v1, <key>`: the key names its tenant and plugin. Also the key as
/// presented, which signs the request when the key requires it.
async fn authorize_device(
    app: &AppState,
    headers: &HeaderMap,
    client: ClientInfo,
) -> Result<(DeviceCaller, String), ApiError> {
    let refused = ApiError::Client { code: 401, msg: Msg::DeviceKeyRefused };
    let key = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Device "))
        .or_else(|| offered_token(headers, crate::plugins::sockets::PROTOCOL))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(refused.clone())?;
    let presented = key.to_string();
    let key = app.db.use_device_key(&session::token_hash(key)).await?.ok_or(refused)?;
    if app.db.device_key_tenant_disabled(&key).await? {
        return Err(ApiError::AccountDisabled);
    }
    Ok((DeviceCaller { key, lang: Lang::from_headers(headers), client }, presented))
}

async fn authorize(guard: &GuardState, headers: &HeaderMap, client: ClientInfo) -> Result<Caller, ApiError> {
    let app = &guard.app;
    let lang = Lang::from_headers(headers);
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.strip_prefix("Bearer ").unwrap_or(v).trim())
        .or_else(|| websocket_token(headers))
        .filter(|v| !v.is_empty())
        .or_else(|| crate::auth::cookie::token(headers))
        .ok_or(ApiError::NotSignedIn)?;

    // Read before the database is asked: see `auth::cache`.
    let stamp = app.auth_cache.stamp(app.plugins.builds());
    let session = match session::resolve(&app.db, &app.auth_cache, stamp, token).await? {
        SessionState::Active(session) => session,
        SessionState::Unknown => return Err(ApiError::NotSignedIn),
        SessionState::Expired => return Err(ApiError::SessionExpired),
        SessionState::Ended => return Err(ApiError::SignedInElsewhere),
        SessionState::Disabled => return Err(ApiError::AccountDisabled),
    };

    let requested = TenantRequest::parse(headers.get("tenantId").and_then(|v| v.to_str().ok()))?;
    let named_tenant_exists = match requested {
        TenantRequest::One(id) if session.tenant_id == 0 => app.db.tenant_exists(id).await?,
        _ => false,
    };
    let scope = TenantScope::resolve(session.tenant_id, requested, named_tenant_exists)?;

    let (plugins, actions) = rights(app, (session.account_id, session.tenant_id == 0, scope.owner()), stamp).await?;
    if let Perm::Action(action) = guard.route.perm
        && !actions.contains(match requested {
            TenantRequest::Platform => crate::catalog::platform_action(action),
            _ => action,
        })
    {
        return Err(ApiError::Forbidden(Msg::NotPermitted));
    }

    Ok(Caller {
        account_id: session.account_id,
        username: session.username,
        name: session.name,
        home_tenant: session.tenant_id,
        scope,
        session_id: session.session_id,
        actions,
        plugins,
        lang,
        client,
    })
}

/// What an account may do for the enterprise `held_by.2` (the plugins enabled for it and the
/// actions of the account's roles among them), as of `stamp`.
async fn rights(
    app: &AppState,
    held_by: (i64, bool, i64),
    stamp: crate::auth::cache::Stamp,
) -> Result<(Arc<Vec<String>>, Arc<std::collections::HashSet<String>>), ApiError> {
    let owner = held_by.2;
    let plugins = match app.auth_cache.enabled(owner, stamp) {
        Some(plugins) => plugins,
        None => {
            let plugins = Arc::new(app.plugins.enabled_for(owner).await?);
            app.auth_cache.keep_enabled(owner, stamp, plugins.clone());
            plugins
        }
    };
    let actions = match app.auth_cache.actions(held_by, stamp) {
        Some(actions) => actions,
        None => {
            let actions = Arc::new(app.db.account_actions(held_by.0, held_by.1, &plugins).await?);
            app.auth_cache.keep_actions(held_by, stamp, actions.clone());
            actions
        }
    };
    Ok((plugins, actions))
}

/// The caller of a request that goes on (an event socket) as the platform holds it now: its
/// session still active, its rights read again; `None` once the session ended or the account or
/// enterprise was disabled.
pub async fn caller_now(app: &AppState, caller: &Caller) -> Option<Caller> {
    if !session::still_active(&app.db, caller.session_id).await {
        return None;
    }
    let stamp = app.auth_cache.stamp(app.plugins.builds());
    let held_by = (caller.account_id, caller.is_platform(), caller.scope.owner());
    let (plugins, actions) = rights(app, held_by, stamp).await.ok()?;
    Some(Caller { plugins, actions, ..caller.clone() })
}

/// Browsers cannot set headers on a WebSocket; the shell offers `["console.v1", token]` as
/// subprotocols instead, which keeps the token out of URLs and logs.
fn websocket_token(headers: &HeaderMap) -> Option<&str> {
    offered_token(headers, super::live::PROTOCOL)
}

/// The token a websocket offers as the subprotocol after `protocol`.
fn offered_token<'h>(headers: &'h HeaderMap, protocol: &str) -> Option<&'h str> {
    let offered = headers.get("sec-websocket-protocol")?.to_str().ok()?;
    let mut protocols = offered.split(',').map(str::trim);
    (protocols.next()? == protocol).then(|| protocols.next()).flatten()
}
