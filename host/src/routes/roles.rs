//! Roles of a tenant and their menu and button grants. An enterprise role can never hold a
//! platform-scope menu or button, and a user can only grant actions they hold themselves.

use axum::extract::State;
use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ById, Created, DEFAULT_PAGE_SIZE, DeleteByName, Page, paging};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::auth::rights;
use crate::db::RoleRow;
use crate::i18n::Msg;
use crate::validate::{self, LONG_TEXT, SHORT_TEXT};

pub const ADMINISTRATOR: &str = "administrator";
pub const ROLE_TYPES: [&str; 2] = ["ordinary", ADMINISTRATOR];

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(Method::POST, "/authority-service/role/list", Perm::Action("role:view"), "Search roles")
            .body::<RoleSearch>()
            .data_page::<RoleRow>(),
        list,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/account/role-options",
            Perm::Action("account:view"),
            "The roles an account may be bound to, for the account page (whose users may not manage roles)",
        )
        .data_list::<RoleOption>(),
        role_options,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/role/detail",
            Perm::Action("role:view"),
            "A role with its grants",
        )
        .body::<ById>()
        .data::<RoleDetail>(),
        detail,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/role/users",
            Perm::Action("role:view"),
            "The accounts bound to a role",
        )
        .body::<ById>()
        .data_list::<crate::db::BoundUser>(),
        users,
    )
    .route(
        RouteSpec::write("/authority-service/role/add", Perm::Action("role:add"), "Add a role")
            .body::<RoleInput>()
            .data::<Created>(),
        add,
    )
    .route(
        RouteSpec::write("/authority-service/role/update", Perm::Action("role:edit"), "Modify a role")
            .body::<RoleInput>(),
        update,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/role/grantable",
            Perm::Action("role:grant"),
            "What the caller may grant",
        )
        .data::<Grantable>(),
        grantable,
    )
    .route(
        RouteSpec::write(
            "/authority-service/role/grant",
            Perm::Action("role:grant"),
            "Grant menus and buttons to a role",
        )
        .body::<RoleGrant>(),
        grant,
    )
    .route(
        RouteSpec::write("/authority-service/role/delete", Perm::Action("role:delete"), "Delete a role")
            .body::<DeleteByName>(),
        delete,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RoleSearch {
    page: Option<i64>,
    page_size: Option<i64>,
    name: String,
}

async fn list(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(q): ApiJson<RoleSearch>,
) -> ApiResult<Envelope<Page<RoleRow>>> {
    let paging = paging(q.page, q.page_size, DEFAULT_PAGE_SIZE)?;
    let rows = app.db.roles(caller.scope.filter(), &validate::search("name", &q.name)?, paging).await?;
    Ok(Envelope(Page::new(rows, paging)))
}

/// A role as the account form offers it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleOption {
    id: i64,
    name: String,
}

/// The roles in the header's scope, as the role page lists them (with every enterprise in view,
/// an account of any enterprise may be edited; binding it to another's role is refused on save).
async fn role_options(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<RoleOption>>> {
    let paging = paging(None, Some(super::MAX_PAGE_SIZE), super::MAX_PAGE_SIZE)?;
    let rows = app.db.roles(caller.scope.filter(), &validate::search("name", "")?, paging).await?;
    Ok(Envelope(rows.0.into_iter().map(|role| RoleOption { id: role.id, name: role.name }).collect()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleDetail {
    #[serde(flatten)]
    role: RoleRow,
    menu_ids: Vec<i64>,
    button_ids: Vec<i64>,
}

async fn detail(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ById>,
) -> ApiResult<Envelope<RoleDetail>> {
    let role = existing(&app, &caller, req.id).await?;
    let (menu_ids, button_ids) = app.db.role_grants(role.id).await?;
    Ok(Envelope(RoleDetail { role, menu_ids, button_ids }))
}

async fn users(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<ById>,
) -> ApiResult<Envelope<Vec<crate::db::BoundUser>>> {
    let role = existing(&app, &caller, req.id).await?;
    Ok(Envelope(app.db.role_users(role.id).await?))
}

async fn existing(app: &AppState, caller: &Caller, id: i64) -> ApiResult<RoleRow> {
    match app.db.role(id).await? {
        Some(role) if caller.scope.covers(role.tenant_id) => Ok(role),
        _ => Err(ApiError::NotFound),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RoleInput {
    id: Option<i64>,
    name: String,
    /// `ordinary` or `administrator`.
    role_type: String,
    remark: String,
}

struct RoleFields {
    name: String,
    role_type: String,
    remark: String,
}

fn validated(input: &RoleInput) -> ApiResult<RoleFields> {
    Ok(RoleFields {
        name: validate::required("name", &input.name, SHORT_TEXT)?,
        role_type: validate::one_of("roleType", &input.role_type, &ROLE_TYPES)?,
        remark: validate::optional("remark", &input.remark, LONG_TEXT)?,
    })
}

async fn add(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<RoleInput>,
) -> ApiResult<Envelope<Created>> {
    let f = validated(&input)?;
    rights::may_create_role(&app, &caller, &f.role_type).await?;
    let tenant = caller.scope.owner();
    if app.db.role_name_taken(tenant, &f.name, 0).await? {
        return Err(ApiError::duplicate("name", &f.name));
    }
    let id = app.db.insert_role(tenant, &f.name, &f.role_type, &f.remark, caller.account_id).await?;
    Ok(Envelope(Created { id }))
}

async fn update(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<RoleInput>,
) -> ApiResult<Envelope<()>> {
    let role = existing(&app, &caller, validate::some("id", input.id)?).await?;
    let f = validated(&input)?;
    rights::may_change_role(&app, &caller, &role, &f.role_type).await?;
    if app.db.role_name_taken(role.tenant_id, &f.name, role.id).await? {
        return Err(ApiError::duplicate("name", &f.name));
    }
    app.db.update_role(role.id, &f.name, &f.role_type, &f.remark, caller.account_id).await?;
    Ok(done())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RoleGrant {
    id: i64,
    /// Menu IDs (the menus' `menuId`).
    menu_ids: Vec<i64>,
    /// Button ids.
    button_ids: Vec<i64>,
}

async fn grant(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(mut req): ApiJson<RoleGrant>,
) -> ApiResult<Envelope<()>> {
    let role = existing(&app, &caller, req.id).await?;
    rights::may_change_role(&app, &caller, &role, &role.role_type).await?;
    req.menu_ids.sort_unstable();
    req.menu_ids.dedup();
    req.button_ids.sort_unstable();
    req.button_ids.dedup();
    let (known_menus, known_buttons) = app.db.known_grants(&req.menu_ids, &req.button_ids).await?;
    if known_menus != req.menu_ids.len() {
        return Err(ApiError::invalid("menuIds", Msg::NotFound));
    }
    if known_buttons != req.button_ids.len() {
        return Err(ApiError::invalid("buttonIds", Msg::NotFound));
    }
    if role.tenant_id != 0 {
        let platform_only = app.db.platform_only_among(&req.menu_ids, &req.button_ids).await?;
        if !platform_only.is_empty() {
            return Err(ApiError::invalid("menuIds", Msg::NotGrantable { what: platform_only.join(", ") }));
        }
    }
    let (_, current_ids) = app.db.role_grants(role.id).await?;
    let buttons = app.db.all_buttons().await?;
    let actions_of = |ids: &[i64]| buttons.iter().filter(|b| ids.contains(&b.id)).map(|b| b.action.clone()).collect();
    rights::may_regrant(&caller, &actions_of(&current_ids), &actions_of(&req.button_ids))?;
    app.db.set_role_grants(role.id, &req.menu_ids, &req.button_ids).await?;
    Ok(done())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Grantable {
    menus: Vec<crate::db::MenuRow>,
    buttons: Vec<crate::db::ButtonRow>,
}

/// The menus and buttons the caller may grant: within their reach (an enterprise user never
/// sees platform menus; plugins the tenant did not enable are left out) and, for buttons, only
/// the actions the caller holds.
async fn grantable(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Grantable>> {
    let visible = app.db.account_menu_ids(caller.account_id, caller.is_platform(), &caller.plugins).await?;
    let buttons: Vec<_> = app.db.all_buttons().await?.into_iter().filter(|b| caller.may(&b.action)).collect();
    let menus = app
        .db
        .menus()
        .await?
        .into_iter()
        .filter(|m| {
            visible.contains(&m.menu_id)
                || buttons.iter().any(|b| b.menu_id == m.menu_id)
                || (m.menu_type == "group" && (caller.is_platform() || m.scope == "tenant"))
        })
        .collect();
    Ok(Envelope(Grantable { menus, buttons }))
}

async fn delete(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let role = existing(&app, &caller, req.id).await?;
    validate::confirm_name(&role.name, &req.confirm_name)?;
    rights::may_change_role(&app, &caller, &role, &role.role_type).await?;
    if app.db.role_account_count(role.id).await? > 0 {
        return Err(ApiError::Conflict(Msg::InUse { what: "accounts" }));
    }
    app.db.delete_role(role.id).await?;
    Ok(done())
}
