//! The task centre: an export runs as a task of its user instead of inside the page's request.
//! The page asks for it and goes on; the export's route runs in the background with the rights
//! the user had when asking (checked then, as the route itself would: a refusal is answered at
//! once); its file goes to the object store, kept seven days, and is fetched through a signed
//! link. Only routes their plugin declares tasks run so (`task = true`: a file with no keys in
//! it). A user sees, cancels and downloads only their own tasks, and has at most
//! [`RUNNING_AT_ONCE`] calls under way and [`LISTED`] tasks kept.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::plugins::{call_route, resolve, user_call};
use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiPath, ApiResult, ApiRouter, Caller, Envelope, Perm, RecordAs, RouteSpec};
use crate::db::tasks::{Ending, Task};
use crate::i18n::Msg;
use crate::objects::Objects;
use crate::objects::signed::Grant;

/// Tasks one user may have running at once.
pub const RUNNING_AT_ONCE: i64 = 3;
/// The newest tasks a user's list shows, and keeps: an older one goes with its file when a new
/// one starts.
const LISTED: i64 = 50;
/// The object store's folder of the tasks' files, beside the plugins' own.
const FOLDER: &str = "_tasks";
/// How long a download link of a task's file lives (asked again from the list when needed).
const LINK_FOR_MS: i64 = 60 * 60 * 1000;
/// A task's call still under way after this had its host stop under it: a call waits at most
/// its deadline for a slot and runs at most its deadline (each at most ten minutes).
const ABANDONED_AFTER_MS: i64 = 30 * 60 * 1000;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::write(
            "/tasks/exports",
            Perm::SignedIn,
            "Start an export as a task: the export route runs in the background with the caller's rights",
        )
        .body::<ExportInput>()
        .data::<Task>(),
        start_export,
    )
    .route(
        RouteSpec::read(Method::GET, "/tasks", Perm::SignedIn, "The caller's tasks, newest first").data_list::<Task>(),
        list,
    )
    .route(
        RouteSpec::write("/tasks/{id}/cancel", Perm::SignedIn, "Cancel one of the caller's running tasks")
            .data::<Task>(),
        cancel,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/tasks/{id}/link",
            Perm::SignedIn,
            "A download link (an hour) of the file one of the caller's tasks made",
        )
        .data::<TaskLink>(),
        link,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExportInput {
    /// The export's route as the page would ask it, without `/api` (`/pet-service/breeds/export`).
    path: String,
    /// Its query.
    query: BTreeMap<String, String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TaskLink {
    url: String,
}

/// The file an export route answers, its bytes in base64.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExportedFile {
    file_name: String,
    content_type: String,
    content: String,
}

async fn start_export(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<ExportInput>,
) -> ApiResult<Response> {
    let path = crate::validate::required("path", &input.path, 512)?;
    if input.query.len() > 32 || input.query.iter().any(|(k, v)| k.len() > 64 || v.len() > 1024) {
        return Err(ApiError::invalid(
            "query",
            Msg::Format { field: "query".into(), expected: "at most 32 short fields" },
        ));
    }
    // The route and the right to it, as if the page asked it now; only a route its plugin
    // declares a task (a file with no keys in it, which may be kept).
    let (plugin, route) = resolve(&app, &caller, &Method::GET, &path)?;
    if !route.task {
        return Err(ApiError::invalid("path", Msg::NotATask));
    }
    let owner = (caller.scope.owner(), caller.account_id);
    let interrupted = Msg::TaskInterrupted.render(caller.lang);
    app.db.fail_abandoned_tasks(owner.1, crate::db::now_ms() - ABANDONED_AFTER_MS, &interrupted).await?;
    forget(app.plugins.objects(), app.db.prune_tasks(owner.1, LISTED - 1).await?).await;
    let query: Vec<(String, String)> = input.query.into_iter().collect();
    let asked = match form_urlencoded::Serializer::new(String::new()).extend_pairs(&query).finish() {
        q if q.is_empty() => path.clone(),
        q => format!("{path}?{q}"),
    };
    let title = if route.summary.is_empty() { route.path.clone() } else { route.summary.clone() };
    let Some(id) = app.db.start_task(owner, (&plugin.manifest.id, &asked, &title), RUNNING_AT_ONCE).await? else {
        return Err(ApiError::Client { code: 429, msg: Msg::TooManyTasks { at_once: RUNNING_AT_ONCE } });
    };
    let context = user_call(&caller, &plugin, Default::default());
    let lang = caller.lang;
    let (mount_path, state) = (path.trim_start_matches('/').split_once('/').map(|(_, p)| format!("/{p}")), app.clone());
    tokio::spawn(async move {
        let asked = call_route(&state, &plugin, context, Method::GET, mount_path.unwrap_or_default(), query, b"").await;
        let ending = match asked {
            Ok(response) => keep_file(&state, owner.0, id, response, lang).await,
            Err(refused) => Err(refused.envelope(lang)["msg"].as_str().unwrap_or_default().to_string()),
        };
        let ended = match &ending {
            Ok((file_name, content_type, size)) => {
                // The enterprise's files within its share, this one's room made before it is
                // shown done: the oldest go first.
                match state.db.keep_task_files_within(owner.0, files_share(&state) - size).await {
                    Ok(forgotten) => forget(state.plugins.objects(), forgotten).await,
                    Err(err) => tracing::warn!(%err, task = id, "task: older files were not let go"),
                }
                state.db.end_task(id, Ending::Done { file_name, content_type, size: *size }).await
            }
            Err(why) => state.db.end_task(id, Ending::Failed(why)).await,
        };
        // Cancelled meanwhile (or given up for a stopped host's): its file goes.
        if !matches!(ended, Ok(true)) && ending.is_ok() {
            let _ = state.plugins.objects().delete(&task_file(owner.0, id)).await;
        }
        if let Err(err) = ended {
            tracing::warn!(%err, task = id, "task: its end was not recorded");
        }
    });
    let task = app.db.task_of(owner.1, id).await?.ok_or(ApiError::NotFound)?;
    // The operation record names the export run, as the route itself would have been recorded.
    let mut answer = Envelope(task).into_response();
    answer.extensions_mut().insert(RecordAs { operation: title, action: route.action.clone() });
    Ok(answer)
}

/// What one enterprise keeps in task files, in bytes.
fn files_share(app: &AppState) -> i64 {
    i64::try_from(app.config.task_files_mib.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX)
}

/// Where a task's file is kept: under the task, whatever the plugin named it (the name is the
/// download's, kept in the task's record).
fn task_file(tenant: i64, id: i64) -> object_store::path::Path {
    Objects::plugin_object(tenant, FOLDER, &format!("{id}/file"))
}

/// What an export route answers, read straight into the file it carries.
#[derive(Deserialize)]
struct Answer {
    data: ExportedFile,
}

/// The export's answer kept as the task's file: its name, type and size; or why there is none,
/// in the user's words.
async fn keep_file(
    app: &AppState,
    tenant: i64,
    id: i64,
    mut response: Response,
    lang: crate::i18n::Lang,
) -> Result<(String, String, i64), String> {
    if let Some(refused) = response.extensions_mut().remove::<ApiError>() {
        return Err(refused.envelope(lang)["msg"].as_str().unwrap_or_default().to_string());
    }
    let not_kept = |err: &dyn std::fmt::Display| {
        tracing::warn!(%err, task = id, "task: the export's file was not kept");
        Msg::ExportNotKept.render(lang)
    };
    // The plugin's answer is bounded by its grant (`max_response_kib`); the body, then the
    // decoded file, and no copy between.
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.map_err(|e| not_kept(&e))?;
    let file = serde_json::from_slice::<Answer>(&body).map_err(|_| Msg::NotAFile.render(lang))?.data;
    drop(body);
    let bytes = base64::engine::general_purpose::STANDARD.decode(file.content).map_err(|e| not_kept(&e))?;
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    if size > files_share(app) {
        return Err(Msg::TaskFileTooLarge { mib: app.config.task_files_mib }.render(lang));
    }
    app.plugins.objects().store.put(&task_file(tenant, id), bytes.into()).await.map_err(|e| not_kept(&e))?;
    Ok((stored_name(&file.file_name), file.content_type, size))
}

async fn list(State(app): State<AppState>, caller: Caller) -> ApiResult<Envelope<Vec<Task>>> {
    let interrupted = Msg::TaskInterrupted.render(caller.lang);
    app.db.fail_abandoned_tasks(caller.account_id, crate::db::now_ms() - ABANDONED_AFTER_MS, &interrupted).await?;
    Ok(Envelope(app.db.tasks_of(caller.account_id, LISTED).await?))
}

async fn cancel(State(app): State<AppState>, caller: Caller, ApiPath(id): ApiPath<i64>) -> ApiResult<Envelope<Task>> {
    app.db.cancel_task(caller.account_id, id).await?;
    let task = app.db.task_of(caller.account_id, id).await?.ok_or(ApiError::NotFound)?;
    Ok(Envelope(task))
}

async fn link(State(app): State<AppState>, caller: Caller, ApiPath(id): ApiPath<i64>) -> ApiResult<Envelope<TaskLink>> {
    let task = app.db.task_of(caller.account_id, id).await?.ok_or(ApiError::NotFound)?;
    let Some(file_name) = task.file_name.filter(|_| task.status == crate::db::tasks::Status::Done) else {
        return Err(ApiError::NotFound);
    };
    let grant = Grant {
        tenant: task.tenant_id,
        plugin: FOLDER.into(),
        name: format!("{id}/file"),
        file_name,
        expires_at: crate::db::now_ms() + LINK_FOR_MS,
        archive: false,
    };
    let token = app.plugins.objects().url_key.sign(&grant);
    Ok(Envelope(TaskLink { url: format!("/api/files/download?token={token}") }))
}

/// A file name as the download gives it: letters, digits, `.`, `-` and `_`, at most 128
/// characters (the name came from a plugin).
fn stored_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .take(128)
        .collect();
    if kept.trim_matches(['.', '_']).is_empty() { "export".into() } else { kept }
}

/// Forgets the tasks past their seven days, and their files (the uploads' sweeper runs it).
pub async fn expire(db: &crate::db::Db, objects: &Objects) {
    match db.expire_tasks().await {
        Ok(expired) => forget(objects, expired).await,
        Err(err) => tracing::warn!(%err, "expiring tasks"),
    }
}

/// Removes the files of tasks no longer kept.
async fn forget(objects: &Objects, tasks: Vec<Task>) {
    for task in tasks.into_iter().filter(|task| task.status == crate::db::tasks::Status::Done) {
        if let Err(err) = objects.delete(&task_file(task.tenant_id, task.id)).await {
            tracing::warn!(%err, task = task.id, "task: its file was not removed");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_plugins_file_name_cannot_leave_the_tasks_folder() {
        assert_eq!(super::stored_name("SN keys 2026.csv"), "SN_keys_2026.csv");
        assert_eq!(super::stored_name("../../1/pet/x"), ".._.._1_pet_x");
        assert_eq!(super::stored_name(".."), "export");
        assert_eq!(super::stored_name("工单.xlsx"), "工单.xlsx");
    }
}
