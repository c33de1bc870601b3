//! Enterprises (tenants): their details and kind, disabling and enabling, and deletion.

use axum::extract::State;
use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ById, Created, DeleteByName, Page, REFERENCE_PAGE_SIZE, paging};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiQuery, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::db::{TENANT_KINDS, TenantFields, TenantKey, TenantRow, now_ms};
use crate::i18n::{Lang, Msg};
use crate::validate::{self, LONG_TEXT, SHORT_TEXT};

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::GET,
            "/authority-service/tenantInfo/list",
            Perm::SignedIn,
            "Tenants for the tenant selector",
        )
        .query::<SelectorQuery>()
        .data_page::<TenantOption>(),
        selector_list,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/tenantInfo/page",
            Perm::Action("tenant:view"),
            "Search enterprises",
        )
        .body::<TenantSearch>()
        .data_page::<TenantRow>(),
        page,
    )
    .route(
        RouteSpec::write("/authority-service/tenantInfo/add", Perm::Action("tenant:add"), "Add an enterprise")
            .body::<TenantInput>()
            .data::<Created>(),
        add,
    )
    .route(
        RouteSpec::write("/authority-service/tenantInfo/update", Perm::Action("tenant:edit"), "Modify an enterprise")
            .body::<TenantInput>(),
        update,
    )
    .route(
        RouteSpec::write(
            "/authority-service/tenantInfo/disable",
            Perm::Action("tenant:disable"),
            "Disable an enterprise",
        )
        .body::<DisableTenant>(),
        disable,
    )
    .route(
        RouteSpec::write(
            "/authority-service/tenantInfo/enable",
            Perm::Action("tenant:disable"),
            "Enable an enterprise",
        )
        .body::<ById>(),
        enable,
    )
    .route(
        RouteSpec::write("/authority-service/tenantInfo/delete", Perm::Action("tenant:delete"), "Delete an enterprise")
            .body::<DeleteByName>(),
        delete,
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct SelectorQuery {
    page: Option<i64>,
    page_size: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantOption {
    id: i64,
    tenant_name: String,
    /// `ordinary` or `robot` (pickers warn before relating a robot-type enterprise).
    kind: String,
}

/// Every enterprise for a platform user; one's own for anybody else.
async fn selector_list(
    State(app): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<SelectorQuery>,
) -> ApiResult<Envelope<Page<TenantOption>>> {
    let paging = paging(q.page, q.page_size, REFERENCE_PAGE_SIZE)?;
    let only = (!caller.is_platform()).then_some(caller.home_tenant);
    let (rows, total) = app.db.tenants(only, "", paging).await?;
    let list = rows.into_iter().map(|t| TenantOption { id: t.id, tenant_name: t.tenant_name, kind: t.kind }).collect();
    Ok(Envelope(Page::new((list, total), paging)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TenantSearch {
    page: Option<i64>,
    page_size: Option<i64>,
    /// Fuzzy match on short or full name.
    tenant_name: String,
}

async fn page(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(q): ApiJson<TenantSearch>,
) -> ApiResult<Envelope<Page<TenantRow>>> {
    let paging = paging(q.page, q.page_size, REFERENCE_PAGE_SIZE)?;
    let rows = app.db.tenants(caller.scope.filter(), &validate::search("tenantName", &q.tenant_name)?, paging).await?;
    Ok(Envelope(Page::new(rows, paging)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TenantInput {
    /// Required when modifying.
    id: Option<i64>,
    tenant_name: String,
    full_name: String,
    description: String,
    abbr_en: String,
    credit_code: String,
    /// `ordinary` (when absent) or `robot`: an enterprise for internal management only.
    kind: Option<String>,
}

impl TenantInput {
    /// The fields to store; a kind not given keeps `kind` (an edit) or is ordinary (an addition).
    fn validate(&self, kind: &str) -> ApiResult<TenantFields> {
        Ok(TenantFields {
            tenant_name: validate::required("tenantName", &self.tenant_name, SHORT_TEXT)?,
            full_name: validate::required("fullName", &self.full_name, SHORT_TEXT)?,
            description: validate::optional("description", &self.description, LONG_TEXT)?,
            abbr_en: validate::code("abbrEn", &self.abbr_en, SHORT_TEXT)?,
            credit_code: validate::credit_code("creditCode", &self.credit_code)?,
            kind: validate::one_of("kind", self.kind.as_deref().unwrap_or(kind), &TENANT_KINDS)?,
        })
    }
}

async fn check_unique(app: &AppState, fields: &TenantFields, except: i64) -> ApiResult<()> {
    if app.db.tenant_taken(TenantKey::Name, &fields.tenant_name, except).await? {
        return Err(ApiError::duplicate("tenantName", &fields.tenant_name));
    }
    if app.db.tenant_taken(TenantKey::CreditCode, &fields.credit_code, except).await? {
        return Err(ApiError::duplicate("creditCode", &fields.credit_code));
    }
    if app.db.tenant_taken(TenantKey::Abbreviation, &fields.abbr_en, except).await? {
        return Err(ApiError::duplicate("abbrEn", &fields.abbr_en));
    }
    Ok(())
}

/// The name of a new enterprise's first role, in its creator's language.
fn administrator_role_name(lang: Lang) -> &'static str {
    match lang {
        Lang::ZhCn => "企业管理员",
        Lang::En => "Enterprise administrator",
        Lang::De => "Unternehmensadministrator",
        Lang::Es => "Administrador de la empresa",
        Lang::Fr => "Administrateur de l’entreprise",
        Lang::Pt => "Administrador da empresa",
        Lang::Ru => "Администратор предприятия",
    }
}

async fn add(
    State(app): State<AppState>,
    caller: Caller,
    lang: Lang,
    ApiJson(input): ApiJson<TenantInput>,
) -> ApiResult<Envelope<Created>> {
    let fields = input.validate(TENANT_KINDS[0])?;
    check_unique(&app, &fields, 0).await?;
    // Its first account can be given a role at once: an administrator role reaches every
    // enterprise menu and button there is (within the enterprise's plugins), so it needs no grants.
    let id = app.db.insert_tenant(&fields, caller.account_id, administrator_role_name(lang)).await?;
    Ok(Envelope(Created { id }))
}

async fn update(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<TenantInput>,
) -> ApiResult<Envelope<()>> {
    let id = validate::some("id", input.id)?;
    let current = existing(&app, &caller, id).await?;
    let fields = input.validate(&current.kind)?;
    check_unique(&app, &fields, id).await?;
    app.db.update_tenant(id, &fields, caller.account_id).await?;
    Ok(done())
}

/// A tenant the caller's scope covers, or 404.
async fn existing(app: &AppState, caller: &Caller, id: i64) -> ApiResult<TenantRow> {
    match app.db.tenant(id).await? {
        Some(tenant) if caller.scope.covers(tenant.id) => Ok(tenant),
        _ => Err(ApiError::NotFound),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisableTenant {
    id: i64,
    /// Unix milliseconds; omitted: disabled until enabled again. Not earlier than now.
    disabled_until: Option<i64>,
}

async fn disable(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DisableTenant>,
) -> ApiResult<Envelope<()>> {
    if req.disabled_until.is_some_and(|until| until < now_ms()) {
        return Err(ApiError::invalid("disabledUntil", Msg::DisableTimeInPast));
    }
    existing(&app, &caller, req.id).await?;
    app.db.set_tenant_disabled(req.id, true, req.disabled_until, caller.account_id).await?;
    Ok(done())
}

async fn enable(State(app): State<AppState>, caller: Caller, ApiJson(req): ApiJson<ById>) -> ApiResult<Envelope<()>> {
    existing(&app, &caller, req.id).await?;
    app.db.set_tenant_disabled(req.id, false, None, caller.account_id).await?;
    Ok(done())
}

async fn delete(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let tenant = existing(&app, &caller, req.id).await?;
    validate::confirm_name(&tenant.tenant_name, &req.confirm_name)?;
    if app.db.tenant_account_count(tenant.id).await? > 0 {
        return Err(ApiError::Conflict(Msg::InUse { what: "accounts" }));
    }
    app.db.delete_tenant(tenant.id).await?;
    // Its plugins' files go with it; a leftover folder is logged, never served to anyone else
    // (ids are not reused).
    let objects = app.plugins.objects();
    if let Err(err) = objects.delete_all(&crate::objects::Objects::tenant(tenant.id)).await {
        tracing::warn!(%err, tenant = tenant.id, "files of a deleted enterprise not removed");
    }
    Ok(done())
}
