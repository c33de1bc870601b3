//! Operation records (every write through the API) and the login log, with their searches.

use serde::Serialize;
use sqlx::{FromRow, QueryBuilder};
use utoipa::ToSchema;

use super::{Db, Paging, like_pattern, now_ms};

pub struct NewOperationRecord<'a> {
    pub tenant_id: i64,
    pub account_id: i64,
    pub username: &'a str,
    pub operation: &'a str,
    pub action: &'a str,
    pub method: &'a str,
    pub path: &'a str,
    pub ip: &'a str,
    pub request_data: &'a str,
    pub result_code: i64,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperationRecordRow {
    pub id: i64,
    pub tenant_id: i64,
    pub account_id: i64,
    pub username: String,
    pub operation: String,
    pub action: String,
    pub method: String,
    pub path: String,
    pub ip: String,
    pub request_data: String,
    pub result_code: i64,
    pub created_at: i64,
    /// What was done to what: the operation and the item it names, from the
    /// recorded request ([`describe`]).
    #[sqlx(skip)]
    pub description: String,
}

/// Request fields that name the item an operation acted on, in the order they are preferred.
const NAMING_FIELDS: [&str; 12] = [
    "name",
    "tenantName",
    "userName",
    "username",
    "title",
    "scope",
    "configName",
    "templateName",
    "serverName",
    "sn",
    "confirmName",
    "id",
];

/// "Modify a department: R&D": the operation with the item its request named, when it named one
/// the operation does not already say.
pub fn describe(operation: &str, request_data: &str) -> String {
    let request: serde_json::Value = serde_json::from_str(request_data).unwrap_or_default();
    let named = NAMING_FIELDS.iter().find_map(|field| match &request[*field] {
        serde_json::Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_string()),
        serde_json::Value::Number(number) => Some(format!("#{number}")),
        _ => None,
    });
    match named {
        Some(item) if !operation.contains(&item) => format!("{operation}: {item}"),
        _ => operation.to_string(),
    }
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogRow {
    pub id: i64,
    pub tenant_id: Option<i64>,
    pub account_id: Option<i64>,
    pub username: String,
    pub ip: String,
    pub user_agent: String,
    pub result: String,
    pub login_at: i64,
    pub logout_at: Option<i64>,
}

/// The filters both logs share: who, a fuzzy text, a time range.
#[derive(Debug, Default)]
pub struct LogFilter {
    pub tenant: Option<i64>,
    pub username: String,
    pub text: String,
    pub result: String,
    pub from: Option<i64>,
    pub to: Option<i64>,
}

fn push_common<'a, DB: sqlx::Database>(
    q: &mut QueryBuilder<'a, DB>,
    like: &str,
    f: &LogFilter,
    time_column: &str,
    text_column: &str,
) where
    i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    String: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    q.push(" WHERE 1 = 1");
    if let Some(tenant) = f.tenant {
        q.push(" AND tenant_id = ").push_bind(tenant);
    }
    if !f.username.is_empty() {
        q.push(format!(" AND username {like} ")).push_bind(like_pattern(&f.username)).push(" ESCAPE '\\'");
    }
    if !f.text.is_empty() {
        q.push(format!(" AND {text_column} {like} ")).push_bind(like_pattern(&f.text)).push(" ESCAPE '\\'");
    }
    if let Some(from) = f.from {
        q.push(format!(" AND {time_column} >= ")).push_bind(from);
    }
    if let Some(to) = f.to {
        q.push(format!(" AND {time_column} <= ")).push_bind(to);
    }
}

/// Inserts an operation record through any executor: the pool, or a plugin call's transaction
/// (so that a rolled-back call leaves no record).
pub async fn insert_operation_record<'e, E, DB>(executor: E, r: NewOperationRecord<'_>) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'e, Database = DB>,
    DB: sqlx::Database,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> <DB as sqlx::Database>::Arguments<'q>: sqlx::IntoArguments<'q, DB>,
{
    sqlx::query(
        "INSERT INTO operation_records (tenant_id, account_id, username, operation, action, method, path, ip,
                                        request_data, result_code, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(r.tenant_id)
    .bind(r.account_id)
    .bind(r.username)
    .bind(r.operation)
    .bind(r.action)
    .bind(r.method)
    .bind(r.path)
    .bind(r.ip)
    .bind(r.request_data)
    .bind(r.result_code)
    .bind(now_ms())
    .execute(executor)
    .await
    .map(drop)
}

/// An operation record owned, to be written from a task of its own.
#[derive(Debug, Clone)]
pub struct OwnedOperationRecord {
    pub tenant_id: i64,
    pub account_id: i64,
    pub username: String,
    pub operation: String,
    pub action: String,
    pub method: String,
    pub path: String,
    pub ip: String,
    pub request_data: String,
    pub result_code: i64,
}

impl OwnedOperationRecord {
    fn borrowed(&self) -> NewOperationRecord<'_> {
        NewOperationRecord {
            tenant_id: self.tenant_id,
            account_id: self.account_id,
            username: &self.username,
            operation: &self.operation,
            action: &self.action,
            method: &self.method,
            path: &self.path,
            ip: &self.ip,
            request_data: &self.request_data,
            result_code: self.result_code,
        }
    }
}

impl Db {
    /// Writes the record, trying again while the database is busy or its pool is full (a
    /// core record is never dropped for a moment's load): for up to a minute, then it says so.
    pub async fn keep_operation_record(&self, record: OwnedOperationRecord) {
        let mut wait = std::time::Duration::from_millis(50);
        let give_up = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            match self.add_operation_record(record.borrowed()).await {
                Ok(()) => return,
                Err(err) if tokio::time::Instant::now() < give_up => {
                    tracing::debug!(%err, "an operation record waits for the database");
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(std::time::Duration::from_secs(5));
                }
                Err(err) => {
                    tracing::error!(%err, path = %record.path, "operation record not written after a minute");
                    return;
                }
            }
        }
    }

    pub async fn add_operation_record(&self, r: NewOperationRecord<'_>) -> Result<(), sqlx::Error> {
        // Before plugin calls queued for the write lock: see `Db::core_turn`.
        let _turn = self.core_turn().await;
        super::with_pool!(self, |pool| { insert_operation_record(pool, r).await })
    }

    pub async fn operation_records(
        &self,
        f: &LogFilter,
        paging: Paging,
    ) -> Result<(Vec<OperationRecordRow>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let mut count = QueryBuilder::new("SELECT COUNT(*) FROM operation_records");
            push_common(&mut count, self.engine().like(), f, "created_at", "operation");
            let total = count.build_query_scalar().fetch_one(pool).await?;
            let mut rows = QueryBuilder::new(
                "SELECT id, tenant_id, account_id, username, operation, action, method, path, ip, request_data,
                    result_code, created_at FROM operation_records",
            );
            push_common(&mut rows, self.engine().like(), f, "created_at", "operation");
            rows.push(" ORDER BY id DESC LIMIT ")
                .push_bind(paging.page_size)
                .push(" OFFSET ")
                .push_bind(paging.offset());
            Ok((rows.build_query_as().fetch_all(pool).await?, total))
        })
    }

    pub async fn login_logs(&self, f: &LogFilter, paging: Paging) -> Result<(Vec<LoginLogRow>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let filter = |q: &mut QueryBuilder<'_, _>| {
                push_common(q, self.engine().like(), f, "login_at", "ip");
                if !f.result.is_empty() {
                    q.push(" AND result = ").push_bind(f.result.clone());
                }
            };
            let mut count = QueryBuilder::new("SELECT COUNT(*) FROM login_logs");
            filter(&mut count);
            let total = count.build_query_scalar().fetch_one(pool).await?;
            let mut rows = QueryBuilder::new(
                "SELECT id, tenant_id, account_id, username, ip, user_agent, result, login_at, logout_at FROM login_logs",
            );
            filter(&mut rows);
            rows.push(" ORDER BY id DESC LIMIT ")
                .push_bind(paging.page_size)
                .push(" OFFSET ")
                .push_bind(paging.offset());
            Ok((rows.build_query_as().fetch_all(pool).await?, total))
        })
    }
}

#[cfg(test)]
mod describe_tests {
    #[test]
    fn the_description_names_the_item_once() {
        assert_eq!(super::describe("Modify a department", r#"{"id":7,"name":"R&D"}"#), "Modify a department: R&D");
        assert_eq!(
            super::describe("Delete an OAuth client", r#"{"id":3,"confirmName":""}"#),
            "Delete an OAuth client: #3"
        );
        assert_eq!(super::describe("Approve: Release — R&D", r#"{"name":"R&D"}"#), "Approve: Release — R&D");
        assert_eq!(super::describe("Sign out", ""), "Sign out");
    }
}
