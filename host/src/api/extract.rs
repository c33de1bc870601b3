//! Extractors that carry the facts the guard established, so handlers never re-read headers.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::ApiError;
use crate::i18n::{Lang, Msg};
use crate::tenancy::TenantScope;

/// The signed-in user of this request, as resolved once by the guard.
#[derive(Debug, Clone)]
pub struct Caller {
    pub account_id: i64,
    pub username: String,
    pub name: String,
    /// The tenant the account belongs to; 0 for platform users.
    pub home_tenant: i64,
    /// The tenant(s) this request acts for.
    pub scope: TenantScope,
    pub session_id: i64,
    pub actions: Arc<HashSet<String>>,
    /// The plugins enabled for the tenant the request acts for.
    pub plugins: Arc<Vec<String>>,
    pub lang: Lang,
    pub client: ClientInfo,
}

impl Caller {
    pub fn is_platform(&self) -> bool {
        self.home_tenant == 0
    }

    pub fn may(&self, action: &str) -> bool {
        self.actions.contains(action)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Caller>().cloned().ok_or(ApiError::NotSignedIn)
    }
}

/// A device or app calling a device-facing plugin route with its key.
#[derive(Debug, Clone)]
pub struct DeviceCaller {
    pub key: crate::db::device_keys::DeviceKey,
    pub lang: Lang,
    pub client: ClientInfo,
}

impl<S: Send + Sync> FromRequestParts<S> for DeviceCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<DeviceCaller>()
            .cloned()
            .ok_or(ApiError::Client { code: 401, msg: Msg::DeviceKeyRefused })
    }
}

/// Where a request came from: for the login log, throttling and the operation records.
#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    pub ip: String,
    pub user_agent: String,
}

impl ClientInfo {
    /// The peer address, or the first `x-forwarded-for` hop when the operator said a trusted
    /// proxy sits in front (otherwise that header is the client's to forge).
    pub fn of(req: &Request, trust_proxy: bool) -> ClientInfo {
        let forwarded = trust_proxy
            .then(|| req.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok()))
            .flatten()
            .and_then(forwarded_client);
        let peer = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip().to_string());
        let user_agent = req
            .headers()
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .chars()
            .take(512)
            .collect();
        ClientInfo { ip: forwarded.or(peer).unwrap_or_else(|| "unknown".into()), user_agent }
    }
}

/// The client as the trusted proxy saw it: the right-most hop of `x-forwarded-for`. The proxy
/// appends the address it was connected from; everything to its left is the client's to forge.
fn forwarded_client(list: &str) -> Option<String> {
    let hop = list.rsplit(',').next()?.trim();
    hop.parse::<std::net::IpAddr>().ok().map(|ip| ip.to_string())
}

impl<S: Send + Sync> FromRequestParts<S> for ClientInfo {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<ClientInfo>().cloned().unwrap_or_default())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Lang::from_headers(&parts.headers))
    }
}

/// `Json` whose rejections are envelopes in the caller's language, never axum's plain text.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

/// `Path` whose rejections (a segment that is not UTF-8, a number that is not one) are
/// envelopes, never axum's plain text.
pub struct ApiPath<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiPath<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ApiPath(value)),
            Err(rejection) => Err(ApiError::Client { code: 400, msg: Msg::BadJson { detail: rejection.body_text() } }),
        }
    }
}

/// `Query` whose rejections (`page=abc`) are envelopes.
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(ApiError::Client { code: 400, msg: Msg::BadJson { detail: rejection.body_text() } }),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    let detail = match &rejection {
        JsonRejection::MissingJsonContentType(_) => "expected content-type: application/json".to_string(),
        JsonRejection::BytesRejection(_) => {
            return ApiError::BodyTooLarge { limit_kib: crate::MAX_BODY_BYTES / 1024 };
        }
        other => {
            let text = other.body_text();
            text.split_once(": ").map(|(_, serde_msg)| serde_msg.to_string()).unwrap_or(text)
        }
    };
    ApiError::Client { code: 400, msg: Msg::BadJson { detail } }
}

#[cfg(test)]
mod tests {
    use super::forwarded_client;

    #[test]
    fn the_proxys_hop_wins_over_what_the_client_wrote() {
        assert_eq!(forwarded_client("1.2.3.4, 203.0.113.7").as_deref(), Some("203.0.113.7"));
        assert_eq!(forwarded_client("203.0.113.7").as_deref(), Some("203.0.113.7"));
        assert_eq!(forwarded_client("1.2.3.4, not-an-address"), None);
        assert_eq!(forwarded_client("2001:db8::1").as_deref(), Some("2001:db8::1"));
    }
}
