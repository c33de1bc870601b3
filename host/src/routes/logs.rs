//! Operation records and the login log, each scoped to the tenant(s) the caller acts for.

use axum::extract::State;
use axum::http::Method;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{DEFAULT_PAGE_SIZE, Page, paging};
use crate::AppState;
use crate::api::{ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec};
use crate::db::{LogFilter, LoginLogRow, OperationRecordRow};
use crate::validate;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/authority/operateRecord/list",
            Perm::Action("operate-record:view"),
            "Search operation records",
        )
        .body::<LogSearch>()
        .data_page::<OperationRecordRow>(),
        operation_records,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/authority-service/authority/list",
            Perm::Action("login-log:view"),
            "Search the login log",
        )
        .body::<LogSearch>()
        .data_page::<LoginLogRow>(),
        login_logs,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LogSearch {
    page: Option<i64>,
    page_size: Option<i64>,
    /// Fuzzy match on the user name.
    user_name: String,
    /// Operation records: fuzzy match on the operation. Login log: on the IP address.
    keyword: String,
    /// Login log only: success, bad_credentials, locked, disabled.
    result: String,
    /// Unix milliseconds, inclusive.
    start_time: Option<i64>,
    end_time: Option<i64>,
}

impl LogSearch {
    fn filter(self, caller: &Caller) -> ApiResult<LogFilter> {
        Ok(LogFilter {
            tenant: caller.scope.filter(),
            username: validate::search("userName", &self.user_name)?,
            text: validate::search("keyword", &self.keyword)?,
            result: validate::search("result", &self.result)?,
            from: self.start_time,
            to: self.end_time,
        })
    }
}

async fn operation_records(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(q): ApiJson<LogSearch>,
) -> ApiResult<Envelope<Page<OperationRecordRow>>> {
    let paging = paging(q.page, q.page_size, DEFAULT_PAGE_SIZE)?;
    let (mut rows, total) = app.db.operation_records(&q.filter(&caller)?, paging).await?;
    for row in &mut rows {
        row.description = crate::db::records::describe(&row.operation, &row.request_data);
    }
    Ok(Envelope(Page::new((rows, total), paging)))
}

async fn login_logs(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(q): ApiJson<LogSearch>,
) -> ApiResult<Envelope<Page<LoginLogRow>>> {
    let paging = paging(q.page, q.page_size, DEFAULT_PAGE_SIZE)?;
    let rows = app.db.login_logs(&q.filter(&caller)?, paging).await?;
    Ok(Envelope(Page::new(rows, paging)))
}
