//! Accounts of a tenant (system accounts): their required phone and e-mail, and their password.

use axum::extract::State;
use axum::http::Method;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{ById, Created, DEFAULT_PAGE_SIZE, DeleteByName, Page, paging};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::auth::{password, rights};
use crate::db::{AccountFields, AccountRow};
use crate::i18n::Msg;
use crate::validate::{self, SHORT_TEXT};

pub const ACCOUNT_TYPES: [&str; 3] = ["development", "operation", "test"];

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/account/list",
            Perm::Action("account:view"),
            "Search accounts",
        )
        .body::<AccountSearch>()
        .data_page::<AccountRow>(),
        list,
    )
    .route(
        RouteSpec::write("/authority-service/account/add", Perm::Action("account:add"), "Add an account")
            .body::<AccountInput>()
            .data::<Created>(),
        add,
    )
    .route(
        RouteSpec::write("/authority-service/account/update", Perm::Action("account:edit"), "Modify an account")
            .body::<AccountInput>(),
        update,
    )
    .route(
        RouteSpec::write("/authority-service/account/disable", Perm::Action("account:disable"), "Disable an account")
            .body::<ById>(),
        disable,
    )
    .route(
        RouteSpec::write("/authority-service/account/enable", Perm::Action("account:disable"), "Enable an account")
            .body::<ById>(),
        enable,
    )
    .route(
        RouteSpec::write(
            "/authority-service/account/resetPassword",
            Perm::Action("account:reset-password"),
            "Reset a password",
        )
        .body::<ResetPassword>(),
        reset_password,
    )
    .route(
        RouteSpec::write("/authority-service/account/delete", Perm::Action("account:delete"), "Delete an account")
            .body::<DeleteByName>(),
        delete,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AccountSearch {
    page: Option<i64>,
    page_size: Option<i64>,
    /// Fuzzy match on user name or name.
    keyword: String,
    department_id: Option<i64>,
}

async fn list(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(q): ApiJson<AccountSearch>,
) -> ApiResult<Envelope<Page<AccountRow>>> {
    let paging = paging(q.page, q.page_size, DEFAULT_PAGE_SIZE)?;
    let rows = app
        .db
        .accounts(caller.scope.filter(), &validate::search("keyword", &q.keyword)?, q.department_id, paging)
        .await?;
    Ok(Envelope(Page::new(rows, paging)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AccountInput {
    id: Option<i64>,
    /// The login name, unique across tenants.
    user_name: String,
    name: String,
    department_id: Option<i64>,
    avatar: String,
    phone: String,
    email: String,
    /// `development`, `operation` or `test`.
    account_type: String,
    /// The account's number in another system (an HR or SSO id), optional.
    corresponding_id: String,
    role_ids: Vec<i64>,
    /// Required when adding; ignored when modifying (use resetPassword).
    #[schema(write_only)]
    password: String,
    #[schema(write_only)]
    confirm_password: String,
}

fn username(value: &str) -> ApiResult<String> {
    validate::USER_NAME_CHARACTERS.check("userName", validate::length("userName", value, 2, 64)?)
}

/// No one hands out more than they hold: every action the new roles grant must be the caller's,
/// an administrator role needs an administrator, and nobody changes their own roles.
async fn check_assignable(app: &AppState, caller: &Caller, account: i64, role_ids: &[i64]) -> ApiResult<()> {
    if account == caller.account_id {
        let current = app.db.account(account).await?.map(|a| a.role_ids).unwrap_or_default();
        if current.iter().collect::<std::collections::BTreeSet<_>>() != role_ids.iter().collect() {
            return Err(ApiError::invalid("roleIds", Msg::OwnRoles));
        }
        return Ok(());
    }
    let (actions, admin) = app.db.roles_grant(role_ids).await?;
    // Refusals of the input, not of the route: 400 on the field (a 403 would sign the user out).
    let beyond =
        (admin && !app.db.account_is_admin(caller.account_id).await?) || !actions.iter().all(|a| caller.may(a));
    if beyond {
        return Err(ApiError::invalid("roleIds", Msg::BeyondOwnRights));
    }
    Ok(())
}

/// Validates the fields, that the department and roles belong to `tenant`, and that the caller
/// may give those roles.
async fn fields(
    app: &AppState,
    caller: &Caller,
    tenant: i64,
    input: &AccountInput,
    id: i64,
) -> ApiResult<AccountFields> {
    let mut role_ids = input.role_ids.clone();
    role_ids.sort_unstable();
    role_ids.dedup();
    let fields = AccountFields {
        username: username(&input.user_name)?,
        name: validate::required("name", &input.name, SHORT_TEXT)?,
        department_id: input.department_id.filter(|d| *d != 0),
        avatar: super::avatars::checked_address(app, tenant, &input.avatar).await?,
        // Both required.
        phone: validate::phone("phone", &validate::required("phone", &input.phone, 20)?)?,
        email: validate::email("email", &validate::required("email", &input.email, 254)?)?,
        account_type: validate::one_of("accountType", &input.account_type, &ACCOUNT_TYPES)?,
        corresponding_id: validate::optional("correspondingId", &input.corresponding_id, 64)?,
        role_ids,
    };
    if let Some(department) = fields.department_id
        && app.db.department(department).await?.is_none_or(|d| d.tenant_id != tenant)
    {
        return Err(ApiError::invalid("departmentId", Msg::NotFound));
    }
    if app.db.roles_of_tenant(tenant, &fields.role_ids).await? != fields.role_ids.len() {
        return Err(ApiError::invalid("roleIds", Msg::NotFound));
    }
    check_assignable(app, caller, id, &fields.role_ids).await?;
    if app.db.username_taken(tenant, &fields.username, id).await? {
        return Err(ApiError::duplicate("userName", &fields.username));
    }
    Ok(fields)
}

/// An account in the caller's scope whose rights lie within the caller's.
async fn existing(app: &AppState, caller: &Caller, id: i64) -> ApiResult<AccountRow> {
    match app.db.account(id).await? {
        Some(account) if caller.scope.covers(account.tenant_id) => {
            rights::may_act_on_account(app, caller, &account).await?;
            Ok(account)
        }
        _ => Err(ApiError::NotFound),
    }
}

async fn add(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<AccountInput>,
) -> ApiResult<Envelope<Created>> {
    let tenant = caller.scope.owner();
    let fields = fields(&app, &caller, tenant, &input, 0).await?;
    password::check_policy(&input.password, &input.confirm_password)?;
    let hash = password::hash(&input.password).await?;
    let id = app.db.insert_account(tenant, &fields, &hash, caller.account_id).await?;
    Ok(Envelope(Created { id }))
}

async fn update(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<AccountInput>,
) -> ApiResult<Envelope<()>> {
    let account = existing(&app, &caller, validate::some("id", input.id)?).await?;
    let fields = fields(&app, &caller, account.tenant_id, &input, account.id).await?;
    app.db.update_account(account.id, &fields, caller.account_id).await?;
    Ok(done())
}

async fn disable(State(app): State<AppState>, caller: Caller, ApiJson(req): ApiJson<ById>) -> ApiResult<Envelope<()>> {
    let account = existing(&app, &caller, req.id).await?;
    if account.id == caller.account_id {
        return Err(ApiError::Conflict(Msg::CannotDeleteSelf));
    }
    app.db.set_account_disabled(account.id, true, caller.account_id).await?;
    Ok(done())
}

async fn enable(State(app): State<AppState>, caller: Caller, ApiJson(req): ApiJson<ById>) -> ApiResult<Envelope<()>> {
    let account = existing(&app, &caller, req.id).await?;
    app.db.set_account_disabled(account.id, false, caller.account_id).await?;
    Ok(done())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ResetPassword {
    id: i64,
    #[schema(write_only)]
    password: String,
    #[schema(write_only)]
    confirm_password: String,
}

/// A reset ends the account's sessions (code 507 on their next request).
async fn reset_password(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ResetPassword>,
) -> ApiResult<Envelope<()>> {
    let account = existing(&app, &caller, req.id).await?;
    if account.id == caller.account_id {
        return Err(ApiError::invalid("id", Msg::OwnPasswordByChange));
    }
    password::check_policy(&req.password, &req.confirm_password)?;
    let hash = password::hash(&req.password).await?;
    app.db.set_account_password(account.id, &hash, caller.account_id).await?;
    app.db.revoke_sessions(account.id).await?;
    Ok(done())
}

async fn delete(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let account = existing(&app, &caller, req.id).await?;
    validate::confirm_name(&account.username, &req.confirm_name)?;
    if account.id == caller.account_id {
        return Err(ApiError::Conflict(Msg::CannotDeleteSelf));
    }
    app.db.delete_account(account.id).await?;
    Ok(done())
}
