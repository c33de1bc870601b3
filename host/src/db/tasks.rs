//! The task centre's records (migration 0036): long work a user started, such as an export, with
//! where it stands and the file it made. Each belongs to its user (its file to the enterprise it
//! was made for); nobody else lists, cancels or downloads it.

use serde::Serialize;

use super::{Db, now_ms};

/// The advisory lock class under which one user's task starts take turns on PostgreSQL.
const TASKS_LOCK: i32 = 0x7461_736b;

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
    /// A running task of `user`, if fewer than `at_once` of their calls are still under way (a
    /// cancelled task's call counts until it ends): its id. The count and the insert are one
    /// step: requests sent together cannot each see room for themselves.
    pub async fn start_task(
        &self,
        (tenant, user): (i64, i64),
        (plugin, route, title): (&str, &str, &str),
        at_once: i64,
    ) -> Result<Option<i64>, sqlx::Error> {
        const INSERT: &str =
            "INSERT INTO tasks (tenant_id, user_id, plugin_id, route, title, status, created_at, expires_at)
             SELECT $1, $2, $3, $4, $5, 'running', $6, $7
             WHERE (SELECT COUNT(*) FROM tasks WHERE user_id = $2 AND finished_at IS NULL) < $8
             RETURNING id";
        let now = now_ms();
        macro_rules! insert {
            ($executor:expr) => {
                sqlx::query_scalar(INSERT)
                    .bind(tenant)
                    .bind(user)
                    .bind(plugin)
                    .bind(route)
                    .bind(title)
                    .bind(now)
                    .bind(now + KEPT_MS)
                    .bind(at_once)
                    .fetch_optional($executor)
                    .await
            };
        }
        match &self.pool {
            // SQLite's one writer, in the core writers' turn, makes the statement one step.
            super::Pool::Sqlite(pool) => {
                let _turn = self.core_turn().await;
                insert!(pool)
            }
            // Hosts sharing the database: one start of a user's at a time.
            super::Pool::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                let key = i32::try_from(user.rem_euclid(i64::from(i32::MAX))).unwrap_or(0);
                sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
                    .bind(TASKS_LOCK)
                    .bind(key)
                    .execute(&mut *tx)
                    .await?;
                let id = insert!(&mut *tx)?;
                tx.commit().await?;
                Ok(id)
            }
        }
    }

    /// Ends a task's call: a running task takes its ending; one cancelled meanwhile stays
    /// cancelled, and its call no longer counts. Whether the ending was taken.
    pub async fn end_task(&self, id: i64, ending: Ending<'_>) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        let (status, file_name, content_type, size, error) = match ending {
            Ending::Done { file_name, content_type, size } => {
                (Status::Done, Some(file_name), Some(content_type), Some(size), None)
            }
            Ending::Failed(why) => (Status::Failed, None, None, None, Some(why)),
        };
        let kept: Option<String> = with_writer!(self, |pool| sqlx::query_scalar(
            "UPDATE tasks SET status = CASE WHEN status = 'running' THEN $2 ELSE status END,
                    file_name = $3, content_type = $4, size = $5, error = $6, finished_at = $7, expires_at = $8
             WHERE id = $1 AND finished_at IS NULL
             RETURNING status"
        )
        .bind(id)
        .bind(status.as_str())
        .bind(file_name)
        .bind(content_type)
        .bind(size)
        .bind(error)
        .bind(now)
        .bind(now + KEPT_MS)
        .fetch_optional(pool)
        .await)?;
        Ok(kept.as_deref() == Some(status.as_str()))
    }

    /// Cancels `user`'s running task (its call goes on to its end, and counts until then):
    /// whether there was one.
    pub async fn cancel_task(&self, user: i64, id: i64) -> Result<bool, sqlx::Error> {
        let done = with_writer!(self, |pool| sqlx::query(
            "UPDATE tasks SET status = 'cancelled' WHERE id = $1 AND user_id = $2 AND status = 'running'"
        )
        .bind(id)
        .bind(user)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))?;
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

    /// `user`'s tasks whose calls are still under way long after any call could have ended
    /// (their host stopped): ended, a running one failed with `why`.
    pub async fn fail_abandoned_tasks(&self, user: i64, started_before: i64, why: &str) -> Result<u64, sqlx::Error> {
        let done = with_writer!(self, |pool| sqlx::query(
            "UPDATE tasks SET status = CASE WHEN status = 'running' THEN 'failed' ELSE status END,
                    error = CASE WHEN status = 'running' THEN $2 ELSE error END, finished_at = $3
             WHERE user_id = $1 AND finished_at IS NULL AND created_at < $4"
        )
        .bind(user)
        .bind(why)
        .bind(now_ms())
        .bind(started_before)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(done)
    }

    /// Forgets `user`'s ended tasks beyond the newest `keep`: the ones forgotten, for their files
    /// to go (what one user keeps in the object store is bounded by count as well as by time).
    pub async fn prune_tasks(&self, user: i64, keep: i64) -> Result<Vec<Task>, sqlx::Error> {
        let rows: Vec<Row> = with_writer!(self, |pool| sqlx::query_as(&format!(
            "DELETE FROM tasks WHERE user_id = $1 AND finished_at IS NOT NULL
               AND id NOT IN (SELECT id FROM tasks WHERE user_id = $1 ORDER BY id DESC LIMIT $2)
             RETURNING {COLUMNS}"
        ))
        .bind(user)
        .bind(keep)
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(task).collect())
    }

    /// Forgets the enterprise `tenant`'s oldest ended tasks with a file until its files together
    /// take at most `bytes`: the ones forgotten, for their files to go. The newest are kept
    /// (a running total from the newest down).
    pub async fn keep_task_files_within(&self, tenant: i64, bytes: i64) -> Result<Vec<Task>, sqlx::Error> {
        let rows: Vec<Row> = with_writer!(self, |pool| sqlx::query_as(&format!(
            "DELETE FROM tasks WHERE id IN (
               SELECT id FROM (
                 SELECT id, SUM(size) OVER (ORDER BY id DESC) AS newer FROM tasks
                  WHERE tenant_id = $1 AND finished_at IS NOT NULL AND size IS NOT NULL
               ) kept WHERE newer > $2)
             RETURNING {COLUMNS}"
        ))
        .bind(tenant)
        .bind(bytes)
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(task).collect())
    }

    /// Forgets the tasks past their seven days: the ones forgotten, for their files to go.
    pub async fn expire_tasks(&self) -> Result<Vec<Task>, sqlx::Error> {
        let rows: Vec<Row> = with_writer!(self, |pool| sqlx::query_as(&format!(
            "DELETE FROM tasks WHERE expires_at <= $1 AND finished_at IS NOT NULL RETURNING {COLUMNS}"
        ))
        .bind(now_ms())
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(task).collect())
    }
}
