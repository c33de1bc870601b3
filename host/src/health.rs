//! What a load balancer or an orchestrator asks before it sends users here: `/healthz`, the
//! process answers; `/readyz`, it can serve them: its database answers and carries every
//! migration of this build, every installed plugin loaded, and its object store answers. Each
//! check is bounded in time, and the answer is kept for a second, so a flood of probes (the
//! door is open to anyone) costs one round of checks a second. Never the shell's index.html.

use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use crate::AppState;

/// How long one check may take before it counts as failed.
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an answer is given again without checking.
const KEPT_FOR: Duration = Duration::from_secs(1);

/// The last answer of `/readyz` and when it was made.
#[derive(Default)]
pub struct Readiness(tokio::sync::Mutex<Option<(Instant, bool, Value)>>);

pub async fn healthz() -> Response {
    Json(json!({ "status": "ok" })).into_response()
}

pub async fn readyz(State(app): State<AppState>) -> Response {
    // Stopping: the load balancer sends no one new here while the host drains.
    if app.lifecycle.stopping.is_cancelled() {
        let body = json!({ "status": "stopping", "checks": {} });
        return (StatusCode::SERVICE_UNAVAILABLE, [(axum::http::header::CACHE_CONTROL, "no-store")], Json(body))
            .into_response();
    }
    let (ready, body) = {
        let mut kept = app.readiness.0.lock().await;
        match kept.as_ref() {
            Some((at, ready, body)) if at.elapsed() < KEPT_FOR => (*ready, body.clone()),
            _ => {
                let (ready, body) = check(&app).await;
                *kept = Some((Instant::now(), ready, body.clone()));
                (ready, body)
            }
        }
    };
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, [(axum::http::header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

/// Runs every check; what failed is said in a few words (the details go to the log, not to an
/// unauthenticated caller).
async fn check(app: &AppState) -> (bool, Value) {
    let mut checks = Map::new();
    let mut ready = true;
    let mut record = |name: &str, outcome: Result<(), String>| {
        let said = match outcome {
            Ok(()) => "ok".to_string(),
            Err(problem) => {
                ready = false;
                problem
            }
        };
        checks.insert(name.into(), Value::String(said));
    };

    let migrations = bounded(app.db.migrations()).await;
    record(
        "database",
        match &migrations {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(err)) => {
                tracing::warn!(%err, "readiness: the database");
                Err("unreachable".into())
            }
            Err(()) => Err("not answering".into()),
        },
    );
    record(
        "migrations",
        match migrations {
            Ok(Ok((applied, expected))) if applied == expected => Ok(()),
            Ok(Ok((applied, expected))) => Err(format!("{applied} of {expected} applied")),
            _ => Err("unknown".into()),
        },
    );
    let failed: Vec<String> =
        app.plugins.statuses().into_iter().filter(|p| p.status != "loaded").map(|p| p.id).collect();
    record("plugins", if failed.is_empty() { Ok(()) } else { Err(format!("not loaded: {}", failed.join(", "))) });
    // A name no object has: the store answers "not found" when it is reachable.
    let probe = object_store::path::Path::from(".readiness-probe");
    record(
        "objects",
        match bounded(app.plugins.objects().size(&probe)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(err)) => {
                tracing::warn!(%err, "readiness: the object store");
                Err("unreachable".into())
            }
            Err(()) => Err("not answering".into()),
        },
    );
    (ready, json!({ "status": if ready { "ready" } else { "unready" }, "checks": checks }))
}

async fn bounded<T>(check: impl std::future::Future<Output = T>) -> Result<T, ()> {
    tokio::time::timeout(CHECK_TIMEOUT, check).await.map_err(drop)
}

/// `console-host probe URL`: 0 when the host at `url` answers 200 within 5 s, 1 otherwise, with
/// its answer (the failed check) on standard error.
pub async fn probe(url: &str) -> std::process::ExitCode {
    let asked = reqwest::Client::builder().timeout(Duration::from_secs(5)).build().map(|c| c.get(url).send());
    let answer = match asked {
        Ok(sent) => sent.await,
        Err(err) => Err(err),
    };
    match answer {
        Ok(answer) if answer.status() == StatusCode::OK => std::process::ExitCode::SUCCESS,
        Ok(answer) => {
            let status = answer.status();
            eprintln!("{url}: {status} {}", answer.text().await.unwrap_or_default());
            std::process::ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("{url}: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
