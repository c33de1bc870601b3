//! The task centre's records (migration 0036): long work a user started, such as an export, with
//! where it stands and the file it made. Each belongs to its user (its file to the enterprise it
//! was made for); nobody else lists, cancels or downloads it.

use serde::Serialize;

use super::{Db, now_ms};

/// How long a finished task and its file are kept.
pub const KEPT_MS: i64 = 7 * 24 * 3600 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Running,
    Done,
    Failed,
    Cancelled,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Done => "done",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Status {
        match text {
            "running" => Status::Running,
            "done" => Status::Done,
            "cancelled" => Status::Cancelled,
            _ => Status::Failed,
        }
    }
}

/// A task as its owner sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: i64,
    #[serde(skip)]
    pub user_id: i64,
    pub plugin_id: String,
    /// The route it runs, with its query.
    pub route: String,
    /// What it is, as its route's summary says.
    pub title: String,
    pub status: Status,
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    pub size: Option<i64>,
    /// Why it failed, in the words of its route's refusal.
    pub error: Option<String>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    pub expires_at: i64,
}

type Row = (
    i64,
    i64,
    i64,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<String>,
    i64,
    Option<i64>,
    i64,
);

const COLUMNS: &str = "id, tenant_id, user_id, plugin_id, route, title, status, file_name, content_type, size, error, \
                       created_at, finished_at, expires_at";

fn task(row: Row) -> Task {
    let (id, tenant_id, user_id, plugin_id, route, title, status, file_name, content_type, size, error, created_at) =
        (row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11);
    Task {
        id,
        tenant_id,
        user_id,
        plugin_id,
        route,
        title,
        status: Status::parse(&status),
        file_name,
        content_type,
        size,
        error,
        created_at,
        finished_at: row.12,
        expires_at: row.13,
    }
}

/// How a task ended.
pub enum Ending<'a> {
    Done { file_name: &'a str, content_type: &'a str, size: i64 },
    Failed(&'a str),
}

impl Db {
    /// A running task of `user`; its id.
    pub async fn start_task(
        &self,
        (tenant, user): (i64, i64),
        plugin: &str,
        route: &str,
        title: &str,
    ) -> Result<i64, sqlx::Error> {
        let now = now_ms();
        with_writer!(self, |pool| sqlx::query_scalar(
            "INSERT INTO tasks (tenant_id, user_id, plugin_id, route, title, status, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, 'running', $6, $7) RETURNING id"
        )
        .bind(tenant)
        .bind(user)
        .bind(plugin)
        .bind(route)
        .bind(title)
        .bind(now)
        .bind(now + KEPT_MS)
        .fetch_one(pool)
        .await)
    }

    /// Ends a running task (one cancelled meanwhile stays cancelled): whether it was running.
    pub async fn end_task(&self, id: i64, ending: Ending<'_>) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        let (status, file_name, content_type, size, error) = match ending {
            Ending::Done { file_name, content_type, size } => {
                (Status::Done, Some(file_name), Some(content_type), Some(size), None)
            }
            Ending::Failed(why) => (Status::Failed, None, None, None, Some(why)),
        };
        let done =
            with_writer!(self, |pool| {
                sqlx::query(
            "UPDATE tasks SET status = $2, file_name = $3, content_type = $4, size = $5, error = $6, finished_at = $7,
                    expires_at = $8
             WHERE id = $1 AND status = 'running'"
        )
        .bind(id)
        .bind(status.as_str())
        .bind(file_name)
        .bind(content_type)
        .bind(size)
        .bind(error)
        .bind(now)
        .bind(now + KEPT_MS)
        .execute(pool)
        .await
        .map(|done| done.rows_affected())
            })?;
        Ok(done == 1)
    }

    /// Cancels `user`'s running task: whether there was one.
    pub async fn cancel_task(&self, user: i64, id: i64) -> Result<bool, sqlx::Error> {
        let done = with_writer!(self, |pool| {
            sqlx::query(
            "UPDATE tasks SET status = 'cancelled', finished_at = $3 WHERE id = $1 AND user_id = $2 AND status = 'running'"
        )
        .bind(id)
        .bind(user)
        .bind(now_ms())
        .execute(pool)
        .await
        .map(|done| done.rows_affected())
        })?;
        Ok(done == 1)
    }

    /// `user`'s task `id`, if it is theirs.
    pub async fn task_of(&self, user: i64, id: i64) -> Result<Option<Task>, sqlx::Error> {
        let row: Option<Row> = with_pool!(self, |pool| sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM tasks WHERE id = $1 AND user_id = $2"
        ))
        .bind(id)
        .bind(user)
        .fetch_optional(pool)
        .await)?;
        Ok(row.map(task))
    }

    /// `user`'s tasks still kept, newest first, at most `limit`.
    pub async fn tasks_of(&self, user: i64, limit: i64) -> Result<Vec<Task>, sqlx::Error> {
        let rows: Vec<Row> = with_pool!(self, |pool| sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM tasks WHERE user_id = $1 AND expires_at > $2 ORDER BY id DESC LIMIT $3"
        ))
        .bind(user)
        .bind(now_ms())
        .bind(limit)
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(task).collect())
    }

    /// How many tasks `user` has running.
    pub async fn running_tasks(&self, user: i64) -> Result<i64, sqlx::Error> {
        with_pool!(self, |pool| sqlx::query_scalar(
            "SELECT COUNT(*) FROM tasks WHERE user_id = $1 AND status = 'running'"
        )
        .bind(user)
        .fetch_one(pool)
        .await)
    }

    /// Tasks still running long after any call could have ended (their host stopped): failed.
    pub async fn fail_abandoned_tasks(&self, started_before: i64, why: &str) -> Result<u64, sqlx::Error> {
        let done = with_writer!(self, |pool| {
            sqlx::query(
            "UPDATE tasks SET status = 'failed', error = $1, finished_at = $2 WHERE status = 'running' AND created_at < $3"
        )
        .bind(why)
        .bind(now_ms())
        .bind(started_before)
        .execute(pool)
        .await
        .map(|done| done.rows_affected())
        })?;
        Ok(done)
    }

    /// Forgets the tasks past their seven days: the ones forgotten, for their files to go.
    pub async fn expire_tasks(&self) -> Result<Vec<Task>, sqlx::Error> {
        let rows: Vec<Row> = with_writer!(self, |pool| sqlx::query_as(&format!(
            "DELETE FROM tasks WHERE expires_at <= $1 RETURNING {COLUMNS}"
        ))
        .bind(now_ms())
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(task).collect())
    }
}
