//! Menus and buttons: the catalogue roles are granted from, each with its required fields and a
//! unique menu ID. Core and plugin entries are built in.

use axum::extract::State;
use axum::http::Method;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Created, DEFAULT_PAGE_SIZE, DeleteByName, Page, paging};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::db::{ButtonFields, ButtonRow, MenuFields, MenuRow};
use crate::i18n::Msg;
use crate::validate::{self, SHORT_TEXT};

const MENU_TYPES: [&str; 3] = ["group", "page", "link"];
const SCOPES: [&str; 2] = ["platform", "tenant"];

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(Method::POST, "/authority-service/menu/list", Perm::Action("menu:view"), "All menus")
            .data_list::<MenuRow>(),
        menus,
    )
    .route(
        RouteSpec::write("/authority-service/menu/add", Perm::Action("menu:add"), "Add a menu")
            .body::<MenuInput>()
            .data::<Created>(),
        add_menu,
    )
    .route(
        RouteSpec::write("/authority-service/menu/update", Perm::Action("menu:edit"), "Modify a menu")
            .body::<MenuInput>(),
        update_menu,
    )
    .route(
        RouteSpec::write("/authority-service/menu/delete", Perm::Action("menu:delete"), "Delete a menu")
            .body::<DeleteByName>(),
        delete_menu,
    )
    .route(
        RouteSpec::read(Method::POST, "/authority-service/button/list", Perm::Action("button:view"), "Search buttons")
            .body::<ButtonSearch>()
            .data_page::<ButtonRow>(),
        buttons,
    )
    .route(
        RouteSpec::write("/authority-service/button/add", Perm::Action("button:add"), "Add a button")
            .body::<ButtonInput>(),
        add_button,
    )
    .route(
        RouteSpec::write("/authority-service/button/update", Perm::Action("button:edit"), "Modify a button")
            .body::<ButtonInput>(),
        update_button,
    )
    .route(
        RouteSpec::write("/authority-service/button/delete", Perm::Action("button:delete"), "Delete a button")
            .body::<DeleteByName>(),
        delete_button,
    )
}

/// Every menu, flat, ordered by parent and sort weight; the page builds the tree.
async fn menus(State(app): State<AppState>) -> ApiResult<Envelope<Vec<MenuRow>>> {
    Ok(Envelope(app.db.menus().await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MenuInput {
    id: Option<i64>,
    menu_id: Option<i64>,
    name: String,
    /// `group`, `page` or `link`.
    menu_type: String,
    sort_weight: Option<i64>,
    route_path: String,
    icon: String,
    /// 0 for the root.
    parent_menu_id: i64,
    /// `platform` (only platform roles) or `tenant`.
    scope: String,
    hidden: bool,
}

async fn menu_fields(app: &AppState, input: &MenuInput, id: i64) -> ApiResult<MenuFields> {
    let menu_id = validate::some("menuId", input.menu_id.filter(|m| *m > 0))?;
    let fields = MenuFields {
        menu_id,
        name: validate::required("name", &input.name, SHORT_TEXT)?,
        menu_type: validate::one_of("menuType", &input.menu_type, &MENU_TYPES)?,
        sort_weight: validate::some("sortWeight", input.sort_weight)?,
        route_path: validate::required("routePath", &input.route_path, 255)?,
        icon: validate::required("icon", &input.icon, SHORT_TEXT)?,
        parent_menu_id: input.parent_menu_id,
        scope: validate::one_of("scope", &input.scope, &SCOPES)?,
        everyone: false,
        hidden: input.hidden,
    };
    if app.db.menu_by_menu_id(menu_id).await?.is_some_and(|m| m.id != id) {
        return Err(ApiError::duplicate("menuId", &menu_id.to_string()));
    }
    if fields.parent_menu_id != 0 {
        let parent_is_group =
            app.db.menu_by_menu_id(fields.parent_menu_id).await?.is_some_and(|p| p.menu_type == "group");
        if !parent_is_group || fields.parent_menu_id == menu_id {
            return Err(ApiError::invalid(
                "parentMenuId",
                Msg::Format { field: "parentMenuId".into(), expected: "0 or the menu ID of a group" },
            ));
        }
    }
    Ok(fields)
}

/// A menu an operator may change: built-in ones (core, plugins) are refused.
async fn custom_menu(app: &AppState, id: i64) -> ApiResult<MenuRow> {
    let menu = app.db.menu(id).await?.ok_or(ApiError::NotFound)?;
    if menu.source != "custom" {
        return Err(ApiError::Conflict(Msg::BuiltIn));
    }
    Ok(menu)
}

async fn add_menu(State(app): State<AppState>, ApiJson(input): ApiJson<MenuInput>) -> ApiResult<Envelope<Created>> {
    let fields = menu_fields(&app, &input, 0).await?;
    app.db.upsert_menu(&fields, "custom").await?;
    let menu = app.db.menu_by_menu_id(fields.menu_id).await?.ok_or(ApiError::NotFound)?;
    Ok(Envelope(Created { id: menu.id }))
}

async fn update_menu(State(app): State<AppState>, ApiJson(input): ApiJson<MenuInput>) -> ApiResult<Envelope<()>> {
    let menu = custom_menu(&app, validate::some("id", input.id)?).await?;
    let fields = menu_fields(&app, &input, menu.id).await?;
    if fields.menu_id != menu.menu_id && app.db.menu_children(menu.menu_id).await? > 0 {
        return Err(ApiError::Conflict(Msg::HasChildren { what: "menu" }));
    }
    app.db.update_menu(menu.id, &fields).await?;
    Ok(done())
}

async fn delete_menu(State(app): State<AppState>, ApiJson(req): ApiJson<DeleteByName>) -> ApiResult<Envelope<()>> {
    let menu = custom_menu(&app, req.id).await?;
    validate::confirm_name(&menu.name, &req.confirm_name)?;
    if app.db.menu_children(menu.menu_id).await? > 0 {
        return Err(ApiError::Conflict(Msg::HasChildren { what: "menu" }));
    }
    app.db.delete_menu(menu.id).await?;
    Ok(done())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ButtonSearch {
    page: Option<i64>,
    page_size: Option<i64>,
    menu_id: Option<i64>,
    /// Fuzzy match on name or action.
    keyword: String,
}

async fn buttons(
    State(app): State<AppState>,
    ApiJson(q): ApiJson<ButtonSearch>,
) -> ApiResult<Envelope<Page<ButtonRow>>> {
    let paging = paging(q.page, q.page_size, DEFAULT_PAGE_SIZE)?;
    let rows = app.db.buttons(q.menu_id, &validate::search("keyword", &q.keyword)?, paging).await?;
    Ok(Envelope(Page::new(rows, paging)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ButtonInput {
    id: Option<i64>,
    /// The page the button belongs to.
    menu_id: i64,
    button_type: String,
    name: String,
    description: String,
    request_url: String,
    /// The identifier routes require, e.g. `device:reset`.
    action: String,
}

async fn button_fields(app: &AppState, input: &ButtonInput, id: i64) -> ApiResult<ButtonFields> {
    let fields = ButtonFields {
        menu_id: input.menu_id,
        button_type: validate::code("buttonType", &input.button_type, SHORT_TEXT)?,
        name: validate::required("name", &input.name, SHORT_TEXT)?,
        description: validate::optional("description", &input.description, validate::LONG_TEXT)?,
        request_url: validate::required("requestUrl", &input.request_url, 255)?,
        action: validate::ACTION_CHARACTERS
            .check("action", validate::required("action", &input.action, SHORT_TEXT)?)?,
    };
    if app.db.menu_by_menu_id(fields.menu_id).await?.is_none_or(|m| m.menu_type == "group") {
        return Err(ApiError::invalid(
            "menuId",
            Msg::Format { field: "menuId".into(), expected: "the menu ID of a page" },
        ));
    }
    if app.db.action_taken(&fields.action, id).await? {
        return Err(ApiError::duplicate("action", &fields.action));
    }
    Ok(fields)
}

async fn custom_button(app: &AppState, id: i64) -> ApiResult<ButtonRow> {
    let button = app.db.button(id).await?.ok_or(ApiError::NotFound)?;
    if button.source != "custom" {
        return Err(ApiError::Conflict(Msg::BuiltIn));
    }
    Ok(button)
}

async fn add_button(State(app): State<AppState>, ApiJson(input): ApiJson<ButtonInput>) -> ApiResult<Envelope<()>> {
    let fields = button_fields(&app, &input, 0).await?;
    app.db.upsert_button(&fields, "custom").await?;
    Ok(done())
}

async fn update_button(State(app): State<AppState>, ApiJson(input): ApiJson<ButtonInput>) -> ApiResult<Envelope<()>> {
    let button = custom_button(&app, validate::some("id", input.id)?).await?;
    let fields = button_fields(&app, &input, button.id).await?;
    app.db.update_button(button.id, &fields).await?;
    Ok(done())
}

async fn delete_button(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let button = custom_button(&app, req.id).await?;
    validate::confirm_name(&button.name, &req.confirm_name)?;
    app.db.delete_button(button.id).await?;
    Ok(done())
}
