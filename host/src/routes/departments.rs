//! Departments: a tree per tenant.

use axum::extract::State;
use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Created, DeleteByName};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::db::{DepartmentFields, DepartmentRow};
use crate::i18n::Msg;
use crate::validate::{self, SHORT_TEXT};

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/department/tree",
            Perm::Action("department:view"),
            "Department tree",
        )
        .data_list::<DepartmentNode>(),
        tree,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/account/department-options",
            Perm::Action("account:view"),
            "The department tree, for the account page's department field and filter (whose users may not manage departments)",
        )
        .data_list::<DepartmentNode>(),
        tree,
    )
    .route(
        RouteSpec::write("/authority-service/department/add", Perm::Action("department:add"), "Add a department")
            .body::<DepartmentInput>()
            .data::<Created>(),
        add,
    )
    .route(
        RouteSpec::write(
            "/authority-service/department/update",
            Perm::Action("department:edit"),
            "Modify a department",
        )
        .body::<DepartmentInput>(),
        update,
    )
    .route(
        RouteSpec::write(
            "/authority-service/department/delete",
            Perm::Action("department:delete"),
            "Delete a department",
        )
        .body::<DeleteByName>(),
        delete,
    )
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentNode {
    #[serde(flatten)]
    department: DepartmentRow,
    #[schema(no_recursion)]
    children: Vec<DepartmentNode>,
}

fn build_tree(rows: &[DepartmentRow], parent: i64) -> Vec<DepartmentNode> {
    rows.iter()
        .filter(|d| d.parent_id == parent)
        .map(|d| DepartmentNode { department: d.clone(), children: build_tree(rows, d.id) })
        .collect()
}

async fn tree(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<DepartmentNode>>> {
    let rows = app.db.departments(caller.scope.filter()).await?;
    Ok(Envelope(build_tree(&rows, 0)))
}

/// The roles a department may have.
pub const DEPARTMENT_ROLES: [&str; 3] = ["development", "test", "operation"];

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DepartmentInput {
    id: Option<i64>,
    code: String,
    name: String,
    /// 0 for a top-level department.
    parent_id: i64,
    /// `development`, `test` or `operation`; empty for none.
    department_role: String,
}

/// Validates and places the department in its tenant's tree; the level follows from the parent.
async fn fields(
    app: &AppState,
    caller: &Caller,
    tenant: i64,
    input: &DepartmentInput,
    id: i64,
) -> ApiResult<DepartmentFields> {
    let code = validate::code("code", &input.code, SHORT_TEXT)?;
    let name = validate::required("name", &input.name, SHORT_TEXT)?;
    let level = if input.parent_id == 0 {
        1
    } else {
        let parent = existing(app, caller, input.parent_id).await.map_err(|_| {
            ApiError::invalid("parentId", Msg::Format { field: "parentId".into(), expected: "an existing department" })
        })?;
        if parent.tenant_id != tenant || is_in_subtree(app, tenant, id, parent.id).await? {
            return Err(ApiError::invalid(
                "parentId",
                Msg::Format { field: "parentId".into(), expected: "a department outside this one's subtree" },
            ));
        }
        parent.level + 1
    };
    if app.db.department_code_taken(tenant, &code, id).await? {
        return Err(ApiError::duplicate("code", &code));
    }
    let department_role = match input.department_role.trim() {
        "" => String::new(),
        role => validate::one_of("departmentRole", role, &DEPARTMENT_ROLES)?,
    };
    Ok(DepartmentFields { code, name, parent_id: input.parent_id, level, department_role })
}

/// Whether `candidate` is `root` or below it: a department cannot move under itself.
async fn is_in_subtree(app: &AppState, tenant: i64, root: i64, candidate: i64) -> ApiResult<bool> {
    if root == 0 {
        return Ok(false);
    }
    let rows = app.db.departments(Some(tenant)).await?;
    let mut current = Some(candidate);
    while let Some(id) = current {
        if id == root {
            return Ok(true);
        }
        current = rows.iter().find(|d| d.id == id).map(|d| d.parent_id).filter(|p| *p != 0);
    }
    Ok(false)
}

async fn existing(app: &AppState, caller: &Caller, id: i64) -> ApiResult<DepartmentRow> {
    match app.db.department(id).await? {
        Some(d) if caller.scope.covers(d.tenant_id) => Ok(d),
        _ => Err(ApiError::NotFound),
    }
}

async fn add(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<DepartmentInput>,
) -> ApiResult<Envelope<Created>> {
    let tenant = caller.scope.owner();
    let fields = fields(&app, &caller, tenant, &input, 0).await?;
    let id = app.db.insert_department(tenant, &fields, caller.account_id).await?;
    Ok(Envelope(Created { id }))
}

async fn update(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<DepartmentInput>,
) -> ApiResult<Envelope<()>> {
    let current = existing(&app, &caller, validate::some("id", input.id)?).await?;
    let fields = fields(&app, &caller, current.tenant_id, &input, current.id).await?;
    app.db.update_department(current.id, &fields, caller.account_id).await?;
    Ok(done())
}

async fn delete(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<DeleteByName>,
) -> ApiResult<Envelope<()>> {
    let department = existing(&app, &caller, req.id).await?;
    validate::confirm_name(&department.name, &req.confirm_name)?;
    let (children, accounts) = app.db.department_dependents(department.id).await?;
    if children > 0 {
        return Err(ApiError::Conflict(Msg::HasChildren { what: "department" }));
    }
    if accounts > 0 {
        return Err(ApiError::Conflict(Msg::InUse { what: "accounts" }));
    }
    app.db.delete_department(department.id).await?;
    Ok(done())
}
