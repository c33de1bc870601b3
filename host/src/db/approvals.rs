//! The process centre's requests (see `routes::approvals`).

use serde::Serialize;
use sqlx::QueryBuilder;

use super::{Db, Paging};

/// Where a request stands; named for the OpenAPI document (stored as text).
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ApprovalStatus {
    Waiting,
    Approved,
    Rejected,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalRow {
    pub id: i64,
    pub tenant_id: i64,
    pub plugin_id: String,
    pub kind: String,
    pub title: String,
    pub subject_id: String,
    #[serde(skip)]
    pub detail: String,
    pub applicant_id: i64,
    pub applicant_name: String,
    #[schema(value_type = ApprovalStatus)]
    pub status: String,
    pub decided_by: Option<i64>,
    pub decided_by_name: Option<String>,
    pub comment: String,
    pub created_at: i64,
    pub decided_at: Option<i64>,
}

/// A request as the process centre lists it: with the name of the enterprise it was made in
/// ("" for the platform's own), read in the same statement (the platform lists every
/// enterprise's at once).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListedApproval {
    #[sqlx(flatten)]
    pub row: ApprovalRow,
    pub tenant_name: String,
}

/// The columns of a [`ListedApproval`].
const LISTED: &str = "approvals.*, COALESCE((SELECT tenant_name FROM tenants WHERE tenants.id = approvals.tenant_id), '') AS tenant_name";

pub struct NewApproval<'a> {
    pub tenant_id: i64,
    pub plugin_id: &'a str,
    pub kind: &'a str,
    pub title: &'a str,
    pub subject_id: &'a str,
    pub detail: &'a str,
    pub applicant_id: i64,
    pub applicant_name: &'a str,
}

/// In the submitting call's transaction.
pub async fn submit(tx: &mut super::CallTx, new: NewApproval<'_>) -> Result<i64, sqlx::Error> {
    super::with_call!(tx, |conn| {
        sqlx::query_scalar(
        "INSERT INTO approvals (tenant_id, plugin_id, kind, title, subject_id, detail, applicant_id, applicant_name, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(new.tenant_id)
    .bind(new.plugin_id)
    .bind(new.kind)
    .bind(new.title)
    .bind(new.subject_id)
    .bind(new.detail)
    .bind(new.applicant_id)
    .bind(new.applicant_name)
    .bind(super::now_ms())
    .fetch_one(conn)
    .await
    })
}

/// What a decision writes, in the transaction of the plugin call that applies it.
#[derive(Debug, Clone)]
pub struct Decision {
    pub id: i64,
    pub approved: bool,
    pub by: i64,
    pub by_name: String,
    pub comment: String,
}

/// Records the decision; false when the request was no longer waiting (decided meanwhile).
pub async fn decide(tx: &mut super::CallTx, decision: &Decision) -> Result<bool, sqlx::Error> {
    let done = super::with_call!(tx, |conn| sqlx::query(
        "UPDATE approvals SET status = $1, decided_by = $2, decided_by_name = $3, comment = $4, decided_at = $5
         WHERE id = $6 AND status = 'waiting'",
    )
    .bind(if decision.approved { "approved" } else { "rejected" })
    .bind(decision.by)
    .bind(&decision.by_name)
    .bind(&decision.comment)
    .bind(super::now_ms())
    .bind(decision.id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// Filters of both lists.
#[derive(Debug, Default)]
pub struct ApprovalFilter {
    pub kind: Option<String>,
    /// Part of the applicant's name.
    pub applicant: Option<String>,
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
}

impl ApprovalFilter {
    fn push<'a, DB: sqlx::Database>(&self, query: &mut QueryBuilder<'a, DB>, like: &str, time_column: &str)
    where
        i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
        String: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    {
        if let Some(kind) = &self.kind {
            query.push(" AND kind = ").push_bind(kind.clone());
        }
        if let Some(name) = &self.applicant {
            query
                .push(format!(" AND applicant_name {like} "))
                .push_bind(super::like_pattern(name))
                .push(" ESCAPE '\\'");
        }
        if let Some(from) = self.from_ms {
            query.push(format!(" AND {time_column} >= ")).push_bind(from);
        }
        if let Some(to) = self.to_ms {
            query.push(format!(" AND {time_column} <= ")).push_bind(to);
        }
    }
}

impl Db {
    pub async fn approval(&self, id: i64) -> Result<Option<ApprovalRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT * FROM approvals WHERE id = $1").bind(id).fetch_optional(pool).await
        })
    }

    /// Waiting requests of `tenant` of the (plugin, kind) pairs given, not `applicant`'s own.
    pub async fn approvals_waiting(
        &self,
        tenant: Option<i64>,
        decidable: &[(String, String)],
        not_of: i64,
        filter: &ApprovalFilter,
        paging: Paging,
    ) -> Result<(Vec<ListedApproval>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            if decidable.is_empty() {
                return Ok((Vec::new(), 0));
            }
            let build = |select: &str| {
                let mut query = QueryBuilder::new(format!("SELECT {select} FROM approvals WHERE "));
                if let Some(tenant) = tenant {
                    query.push("tenant_id = ").push_bind(tenant).push(" AND ");
                }
                query.push("status = 'waiting' AND applicant_id != ").push_bind(not_of);
                query.push(" AND (");
                for (i, (plugin, kind)) in decidable.iter().enumerate() {
                    if i > 0 {
                        query.push(" OR ");
                    }
                    query
                        .push("(plugin_id = ")
                        .push_bind(plugin.clone())
                        .push(" AND kind = ")
                        .push_bind(kind.clone())
                        .push(")");
                }
                query.push(")");
                filter.push(&mut query, self.engine().like(), "created_at");
                query
            };
            let total: i64 = build("COUNT(*)").build_query_scalar().fetch_one(pool).await?;
            let mut page = build(LISTED);
            page.push(" ORDER BY created_at DESC, id DESC LIMIT ")
                .push_bind(paging.page_size)
                .push(" OFFSET ")
                .push_bind(paging.offset());
            Ok((page.build_query_as().fetch_all(pool).await?, total))
        })
    }

    /// What `account` decided in `tenant`, newest first.
    pub async fn approvals_decided_by(
        &self,
        tenant: Option<i64>,
        account: i64,
        filter: &ApprovalFilter,
        paging: Paging,
    ) -> Result<(Vec<ListedApproval>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let build = |select: &str| {
                let mut query = QueryBuilder::new(format!("SELECT {select} FROM approvals WHERE "));
                if let Some(tenant) = tenant {
                    query.push("tenant_id = ").push_bind(tenant).push(" AND ");
                }
                query.push("decided_by = ").push_bind(account);
                filter.push(&mut query, self.engine().like(), "decided_at");
                query
            };
            let total: i64 = build("COUNT(*)").build_query_scalar().fetch_one(pool).await?;
            let mut page = build(LISTED);
            page.push(" ORDER BY decided_at DESC, id DESC LIMIT ")
                .push_bind(paging.page_size)
                .push(" OFFSET ")
                .push_bind(paging.offset());
            Ok((page.build_query_as().fetch_all(pool).await?, total))
        })
    }
}
