//! The process centre (/process-center): the requests the user may decide, across plugins, and what
//! they decided. Deciding runs the plugin's `caller = "host"` route for the kind, and the decision
//! is recorded in that call's transaction: a plugin that refuses or fails leaves the request
//! waiting.

use std::sync::Arc;

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::{DEFAULT_PAGE_SIZE, Page, paging};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RecordAs, RouteSpec};
use crate::db::approvals::{ApprovalFilter, ApprovalRow, Decision, ListedApproval};
use crate::i18n::Msg;
use crate::plugins::runtime::{CallContext, EventBudget};

const MAX_COMMENT_CHARS: usize = 500;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/process-center/task-waiting/list",
            Perm::SignedIn,
            "Requests waiting for the user's decision (the kinds whose action the user holds)",
        )
        .body::<ListRequest>()
        .data_page::<Task>(),
        waiting,
    )
    .route(
        RouteSpec::read(Method::POST, "/process-center/task-finish/list", Perm::SignedIn, "Requests the user decided")
            .body::<ListRequest>()
            .data_page::<Task>(),
        finished,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/process-center/kinds",
            Perm::SignedIn,
            "The kinds of request the user may decide, named in the user's language",
        )
        .data_list::<Kind>(),
        kinds,
    )
    .route(
        RouteSpec::write(
            "/process-center/task/decide",
            Perm::SignedIn,
            "Approve or reject a request (the kind's action; never one's own)",
        )
        .body::<DecideRequest>()
        .data_any(),
        decide,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ListRequest {
    page: Option<i64>,
    page_size: Option<i64>,
    /// `<plugin>/<kind>`, as `/process-center/kinds` lists them.
    kind: Option<String>,
    /// Part of the applicant's name.
    applicant: Option<String>,
    /// Unix milliseconds: submitted (waiting) or decided (finished) from, to.
    start_time: Option<i64>,
    end_time: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Task {
    #[serde(flatten)]
    row: ApprovalRow,
    /// `<plugin>/<kind>`.
    kind_key: String,
    kind_name: String,
    plugin_name: String,
    /// The enterprise the request was made in ("" for the platform's own).
    tenant_name: String,
    detail: Value,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Kind {
    key: String,
    name: String,
    plugin_name: String,
}

/// The (plugin, kind) pairs `caller` may decide: the plugin enabled for the tenant, the kind's
/// action held.
fn decidable(app: &AppState, caller: &Caller) -> Vec<(String, String)> {
    app.plugins
        .all()
        .into_iter()
        .filter(|p| caller.plugins.contains(&p.manifest.id))
        .flat_map(|p| {
            p.manifest
                .approvals
                .iter()
                .filter(|a| caller.may(&a.action))
                .map(|a| (p.manifest.id.clone(), a.kind.clone()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A kind's name and its plugin's, in the caller's language.
fn names(app: &AppState, caller: &Caller, plugin: &str, kind: &str) -> (String, String) {
    let Some(plugin) = app.plugins.get(plugin) else { return (kind.to_string(), plugin.to_string()) };
    let texts = plugin.manifest.translations.get(caller.lang.code()).or_else(|| plugin.manifest.translations.get("en"));
    let name = plugin.manifest.approval(kind).map(|a| a.name.as_str()).unwrap_or(kind);
    let kind_name = texts.and_then(|t| t.get(name)).cloned().unwrap_or_else(|| kind.to_string());
    (kind_name, plugin.manifest.name.clone())
}

/// The requests of a page as the process centre lists them, each named with its enterprise.
fn tasks(app: &AppState, caller: &Caller, rows: Vec<ListedApproval>) -> Vec<Task> {
    rows.into_iter().map(|listed| task(app, caller, listed.row, listed.tenant_name)).collect()
}

fn task(app: &AppState, caller: &Caller, row: ApprovalRow, tenant_name: String) -> Task {
    let (kind_name, plugin_name) = names(app, caller, &row.plugin_id, &row.kind);
    Task {
        kind_key: format!("{}/{}", row.plugin_id, row.kind),
        kind_name,
        plugin_name,
        tenant_name,
        detail: serde_json::from_str(&row.detail).unwrap_or(Value::Null),
        row,
    }
}

fn filter(req: &ListRequest) -> ApprovalFilter {
    ApprovalFilter {
        kind: req.kind.as_ref().and_then(|k| k.split_once('/')).map(|(_, kind)| kind.to_string()),
        applicant: req.applicant.clone().filter(|a| !a.trim().is_empty()),
        from_ms: req.start_time,
        to_ms: req.end_time,
    }
}

async fn waiting(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ListRequest>,
) -> ApiResult<Envelope<Page<Task>>> {
    let paging = paging(req.page, req.page_size, DEFAULT_PAGE_SIZE)?;
    let mut decidable = decidable(&app, &caller);
    if let Some((plugin, kind)) = req.kind.as_ref().and_then(|k| k.split_once('/')) {
        decidable.retain(|(p, k)| p == plugin && k == kind);
    }
    let (rows, total) =
        app.db.approvals_waiting(caller.scope.filter(), &decidable, caller.account_id, &filter(&req), paging).await?;
    let list = tasks(&app, &caller, rows);
    Ok(Envelope(Page::new((list, total), paging)))
}

async fn finished(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ListRequest>,
) -> ApiResult<Envelope<Page<Task>>> {
    let paging = paging(req.page, req.page_size, DEFAULT_PAGE_SIZE)?;
    let (rows, total) =
        app.db.approvals_decided_by(caller.scope.filter(), caller.account_id, &filter(&req), paging).await?;
    let list = tasks(&app, &caller, rows);
    Ok(Envelope(Page::new((list, total), paging)))
}

async fn kinds(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<Kind>>> {
    let list = decidable(&app, &caller)
        .into_iter()
        .map(|(plugin, kind)| {
            let (name, plugin_name) = names(&app, &caller, &plugin, &kind);
            Kind { key: format!("{plugin}/{kind}"), name, plugin_name }
        })
        .collect();
    Ok(Envelope(list))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DecideRequest {
    id: i64,
    approved: bool,
    /// Required to reject.
    comment: String,
}

async fn decide(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DecideRequest>,
) -> ApiResult<Response> {
    // The platform, with every enterprise in the header, decides any enterprise's request: a
    // reviewer is reached wherever the request was made, not only after switching to it.
    let row = app.db.approval(req.id).await?.filter(|r| caller.scope.covers(r.tenant_id)).ok_or(ApiError::NotFound)?;
    let plugin = app.plugins.get(&row.plugin_id).ok_or(ApiError::NotFound)?;
    let spec = plugin.manifest.approval(&row.kind).ok_or(ApiError::NotFound)?.clone();
    if !app.plugins.enabled_for(row.tenant_id).await?.contains(&plugin.manifest.id) {
        return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
    }
    if !caller.may(&spec.action) {
        return Err(ApiError::Forbidden(Msg::NotPermitted));
    }
    if row.applicant_id == caller.account_id {
        return Err(ApiError::Forbidden(Msg::OwnRequest));
    }
    if row.status != "waiting" {
        return Err(ApiError::Conflict(Msg::DecidedAlready));
    }
    let comment = req.comment.trim().to_string();
    if !req.approved && comment.is_empty() {
        return Err(ApiError::required("comment"));
    }
    if comment.chars().count() > MAX_COMMENT_CHARS {
        return Err(ApiError::invalid(
            "comment",
            Msg::Length { field: "comment".into(), min: 0, max: MAX_COMMENT_CHARS },
        ));
    }
    let decision = Decision {
        id: row.id,
        approved: req.approved,
        by: caller.account_id,
        by_name: caller.username.clone(),
        comment: comment.clone(),
    };
    let context = CallContext {
        tenant_id: row.tenant_id,
        user_id: caller.account_id,
        platform_user: caller.is_platform(),
        user_name: caller.username.clone(),
        lang: caller.lang.code().to_string(),
        actions: plugin.actions().filter(|a| caller.may(a)).map(str::to_string).collect(),
        request_id: crate::auth::session::new_token()[..16].to_string(),
        cascade: EventBudget::new(),
        decision: Some(Arc::new(decision)),
        client_address: caller.client.ip.clone(),
        sealed: Default::default(),
        user_actions: Some(caller.actions.clone()),
    };
    let body = json!({
        "approvalId": row.id.to_string(), "kind": row.kind, "subjectId": row.subject_id, "approved": req.approved,
        "comment": comment, "decidedBy": caller.username, "detail": serde_json::from_str::<Value>(&row.detail).unwrap_or(Value::Null),
    });
    let mut response = super::plugins::call_route(
        &app,
        &plugin,
        context,
        Method::POST,
        spec.route.clone(),
        Vec::new(),
        body.to_string().as_bytes(),
    )
    .await?;
    let (kind_name, _) = names(&app, &caller, &row.plugin_id, &row.kind);
    let verb = if req.approved { "Approve" } else { "Reject" };
    response
        .extensions_mut()
        .insert(RecordAs { operation: format!("{verb}: {kind_name} — {}", row.title), action: spec.action });
    Ok(response.into_response())
}
