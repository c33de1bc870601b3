//! The one error type of the API layer and its mapping to the response envelope:
//! `{code, msg, data}`, 200 for success.
//!
//! A handler returns `ApiError`; the response carries it as an extension and the `localize`
//! middleware renders its message in the caller's language, so no handler needs to know it.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde_json::{Value, json};

use crate::i18n::{Lang, Msg};

#[derive(Debug, Clone, thiserror::Error)]
pub enum ApiError {
    /// Code 401: no token, or one the host never issued.
    #[error("not signed in")]
    NotSignedIn,
    /// Code 506.
    #[error("session expired")]
    SessionExpired,
    /// Code 507: signed in elsewhere, logged out, or revoked by an administrator.
    #[error("session ended elsewhere")]
    SignedInElsewhere,
    /// Code 508: the account or its enterprise is disabled.
    #[error("account disabled")]
    AccountDisabled,
    /// Code 403, with the reason.
    #[error("forbidden: {0:?}")]
    Forbidden(Msg),
    /// Code 400: input that breaks a rule; `field` lets a form mark the field.
    #[error("invalid {field}: {msg:?}")]
    Invalid { field: String, msg: Msg },
    /// Code 409: a unique key is taken, or the item is still referenced.
    #[error("conflict: {0:?}")]
    Conflict(Msg),
    /// Code 404.
    #[error("not found")]
    NotFound,
    /// Code 429: login throttled.
    #[error("locked for {minutes} minutes")]
    Locked { minutes: i64 },
    /// Code 413.
    #[error("body too large")]
    BodyTooLarge { limit_kib: usize },
    /// Other client errors with a message (bad credentials, malformed JSON, unknown route).
    #[error("{code}: {msg:?}")]
    Client { code: u16, msg: Msg },
    /// Code 405: the path exists, not with this method; `allow` lists those it has.
    #[error("method not allowed; allowed: {allow}")]
    MethodNotAllowed { allow: String },
    /// Code 500: logged with its cause; the caller only sees "system exception".
    #[error("internal: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn invalid(field: &str, msg: Msg) -> Self {
        ApiError::Invalid { field: field.to_string(), msg }
    }

    pub fn required(field: &str) -> Self {
        ApiError::invalid(field, Msg::Required { field: field.to_string() })
    }

    pub fn duplicate(field: &str, value: &str) -> Self {
        ApiError::Invalid {
            field: field.to_string(),
            msg: Msg::Duplicate { field: field.to_string(), value: value.to_string() },
        }
    }

    pub fn code(&self) -> u16 {
        match self {
            ApiError::NotSignedIn => 401,
            ApiError::SessionExpired => 506,
            ApiError::SignedInElsewhere => 507,
            ApiError::AccountDisabled => 508,
            ApiError::Forbidden(_) => 403,
            ApiError::Invalid { .. } => 400,
            ApiError::Conflict(_) => 409,
            ApiError::NotFound => 404,
            ApiError::Locked { .. } => 429,
            ApiError::BodyTooLarge { .. } => 413,
            ApiError::Client { code, .. } => *code,
            ApiError::MethodNotAllowed { .. } => 405,
            ApiError::Internal(_) => 500,
        }
    }

    pub fn message(&self) -> Msg {
        match self {
            ApiError::NotSignedIn => Msg::NotSignedIn,
            ApiError::SessionExpired => Msg::SessionExpired,
            ApiError::SignedInElsewhere => Msg::SignedInElsewhere,
            ApiError::AccountDisabled => Msg::AccountDisabled,
            ApiError::Forbidden(msg) | ApiError::Conflict(msg) | ApiError::Client { msg, .. } => msg.clone(),
            ApiError::Invalid { msg, .. } => msg.clone(),
            ApiError::NotFound => Msg::NotFound,
            ApiError::Locked { minutes } => Msg::LoginLocked { minutes: *minutes },
            ApiError::BodyTooLarge { limit_kib } => Msg::BodyTooLarge { limit_kib: *limit_kib },
            ApiError::MethodNotAllowed { .. } => Msg::MethodNotAllowed,
            ApiError::Internal(_) => Msg::SystemException,
        }
    }

    /// The HTTP status that travels with the envelope: the code itself where it is an HTTP
    /// client/server error, 401 for the session-ending codes 506-508.
    fn status(&self) -> StatusCode {
        match self.code() {
            506..=508 => StatusCode::UNAUTHORIZED,
            code => StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST),
        }
    }

    pub fn envelope(&self, lang: Lang) -> Value {
        let data = match self {
            ApiError::Invalid { field, .. } => json!({ "field": field }),
            _ => Value::Null,
        };
        json!({ "code": self.code(), "msg": self.message().render(lang), "data": data })
    }
}

/// The column of a unique-key violation: SQLite says "UNIQUE constraint failed: t.col",
/// PostgreSQL details "Key (col)=(value) already exists".
fn duplicate_column(db: &dyn sqlx::error::DatabaseError) -> Option<&str> {
    match db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
        Some(pg) => pg.detail()?.strip_prefix("Key (")?.split(')').next()?.rsplit(", ").next(),
        None => db.message().rsplit('.').next(),
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        if let Some(db) = err.as_database_error() {
            if db.is_unique_violation() {
                // Handlers check unique keys first for a precise message; this is the backstop
                // for a race between two writers.
                let column = duplicate_column(db).unwrap_or("value").to_string();
                return ApiError::Conflict(Msg::Duplicate { field: column, value: String::new() });
            }
            if db.is_foreign_key_violation() {
                return ApiError::Conflict(Msg::InUse { what: "other records" });
            }
        }
        ApiError::Internal(err.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(%cause, "internal error");
        }
        // English body as a fallback; `localize` re-renders it in the caller's language.
        let body = Json(self.envelope(Lang::En));
        let too_large = self.code() == 413;
        let busy = self.code() == 503;
        let allow = match &self {
            ApiError::MethodNotAllowed { allow } => axum::http::HeaderValue::from_str(allow).ok(),
            _ => None,
        };
        let mut response = (self.status(), Extension(self), body).into_response();
        if let Some(allow) = allow {
            response.headers_mut().insert(axum::http::header::ALLOW, allow);
        }
        if busy {
            // Every "busy, come back" says when: clients that honour it (HTTP libraries, device
            // SDKs) back off instead of retrying at once into the same full queue.
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("1"));
        }
        if too_large {
            // The rest of the body was not read: close rather than leave it in the connection.
            response
                .headers_mut()
                .insert(axum::http::header::CONNECTION, axum::http::HeaderValue::from_static("close"));
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
