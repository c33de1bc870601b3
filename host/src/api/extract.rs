//! Extractors that carry the facts the guard established, so handlers never re-read headers.

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
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
    /// The request came through one of the operator's trusted proxies (which may then name the
    /// host the browser asked for, `x-forwarded-host`).
    pub via_trusted_proxy: bool,
}

impl ClientInfo {
    /// The client of a request: the peer, or, when the peer is one of the operator's trusted
    /// proxies, the last `x-forwarded-for` hop that is not one of them (each proxy appends the
    /// address it was connected from; what lies left of the last stranger is the stranger's to
    /// forge). Every header line counts: a proxy that adds a line of its own leaves the client's
    /// forged line first.
    pub fn of(req: &Request, trusted: &[ipnet::IpNet]) -> ClientInfo {
        let peer = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip());
        let user_agent = req
            .headers()
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .chars()
            .take(512)
            .collect();
        let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&canonical(*ip)));
        let via_trusted_proxy = peer.as_ref().is_some_and(is_trusted);
        let client = match peer {
            Some(peer) if via_trusted_proxy => match forwarded_client(req.headers(), &is_trusted) {
                Some(client) => client,
                // Garbled by the client: not the proxy's own address, which every client shares.
                None if req.headers().contains_key("x-forwarded-for") => {
                    return ClientInfo { ip: "unknown".into(), user_agent, via_trusted_proxy };
                }
                None => peer,
            },
            Some(peer) => peer,
            None => return ClientInfo { ip: "unknown".into(), user_agent, via_trusted_proxy },
        };
        ClientInfo { ip: canonical(client).to_string(), user_agent, via_trusted_proxy }
    }
}

/// An IPv4 address mapped into IPv6 (a dual-stack listener's peers) as the IPv4 address it is.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The last `x-forwarded-for` hop, over every header line, that is not a trusted proxy; the
/// first hop when all are; none when the header names no address (or garbles one before the
/// client is reached).
fn forwarded_client(headers: &axum::http::HeaderMap, is_trusted: &impl Fn(&IpAddr) -> bool) -> Option<IpAddr> {
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|line| line.split(','))
        .map(str::trim)
        .filter(|hop| !hop.is_empty())
        .collect();
    let mut earliest = None;
    for hop in hops.iter().rev() {
        let ip = hop_address(hop)?;
        if !is_trusted(&ip) {
            return Some(ip);
        }
        earliest = Some(ip);
    }
    earliest
}

/// A hop as proxies write it: an address, or one with its port (`203.0.113.7:4711`,
/// `[2001:db8::1]:4711`).
fn hop_address(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip);
    }
    hop.parse::<SocketAddr>().ok().map(|address| address.ip())
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
        let lang = Lang::from_headers(req.headers());
        // Read as JSON first (content type, size and syntax refused as axum does), then as `T`,
        // so that a field of the wrong kind is refused by its path and rule.
        let value = match axum::Json::<serde_json::Value>::from_request(req, state).await {
            Ok(axum::Json(value)) => value,
            Err(rejection) => return Err(json_rejection(rejection)),
        };
        // Every route's body is an object: anything else has no field to name.
        if !value.is_object() {
            return Err(ApiError::Client { code: 400, msg: Msg::BadJson { detail: "expected a JSON object".into() } });
        }
        wrong_field::read(value).map(ApiJson).map_err(|wrong| wrong_field_refusal(lang, &wrong))
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

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // Read through the path-keeping deserializer, so that `page=abc` is refused as the
        // field `page` and its rule.
        let query = parts.uri.query().unwrap_or_default();
        let pairs = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(pairs)
            .map(ApiQuery)
            .map_err(|error| wrong_field_refusal(Lang::from_headers(&parts.headers), &wrong_field::of(&error)))
    }
}

/// The refusal of a field of the wrong kind: 400 with the field for the form to mark.
fn wrong_field_refusal(lang: Lang, wrong: &wrong_field::WrongField) -> ApiError {
    let field = wrong.field().to_string();
    ApiError::Invalid { field, msg: Msg::Text(crate::i18n::wrong_field(lang, wrong)) }
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
    use super::*;

    fn client_of(peer: &str, lines: &[&str], trusted: &[&str]) -> String {
        let mut request = Request::new(axum::body::Body::empty());
        for line in lines {
            request.headers_mut().append("x-forwarded-for", line.parse().expect("header"));
        }
        let peer: SocketAddr =
            format!("{peer}:4000").parse().unwrap_or_else(|_| format!("[{peer}]:4000").parse().expect("peer"));
        request.extensions_mut().insert(ConnectInfo(peer));
        let trusted: Vec<ipnet::IpNet> = trusted.iter().map(|t| t.parse().expect("network")).collect();
        ClientInfo::of(&request, &trusted).ip
    }

    #[test]
    fn the_client_is_the_last_hop_that_is_no_trusted_proxy() {
        let proxies = ["10.0.0.0/8"];
        // The proxy appended the client it saw; what the client wrote before is its own to forge.
        assert_eq!(client_of("10.0.0.2", &["1.2.3.4, 203.0.113.7"], &proxies), "203.0.113.7");
        // Two proxies: the inner one's hop is a proxy, skipped.
        assert_eq!(client_of("10.0.0.2", &["1.2.3.4, 203.0.113.7, 10.0.0.9"], &proxies), "203.0.113.7");
        // A proxy that adds a line of its own: the client's forged line comes first.
        assert_eq!(client_of("10.0.0.2", &["1.2.3.4", "203.0.113.7"], &proxies), "203.0.113.7");
        // A peer that is no trusted proxy names nobody but itself.
        assert_eq!(client_of("198.51.100.4", &["1.2.3.4"], &proxies), "198.51.100.4");
        assert_eq!(client_of("10.0.0.2", &["1.2.3.4"], &[]), "10.0.0.2", "nothing trusted");
        // A garbled hop before the client is reached: an unknown client, not the proxy.
        assert_eq!(client_of("10.0.0.2", &["203.0.113.7, not-an-address"], &proxies), "unknown");
        assert_eq!(client_of("10.0.0.2", &["10.0.0.3"], &proxies), "10.0.0.3", "all trusted: the first");
        // Proxies that write the port too.
        assert_eq!(client_of("10.0.0.2", &["203.0.113.7:4711"], &proxies), "203.0.113.7");
        assert_eq!(client_of("10.0.0.2", &["[2001:db8::1]:4711"], &proxies), "2001:db8::1");
        assert_eq!(client_of("10.0.0.2", &["2001:db8::1"], &proxies), "2001:db8::1");
        assert_eq!(client_of("::ffff:10.0.0.2", &["203.0.113.9"], &proxies), "203.0.113.9", "a mapped proxy");
    }
}
