//! The shell's session cookie: remotes run in the console's origin, so a token in local storage was
//! readable by any script there. The shell asks for the session as an `HttpOnly; SameSite=Strict`
//! cookie instead and never sees the token; API clients go on sending `authorization`.
//!
//! A request authenticated by the cookie must carry [`MARKER`] (a header no other site can make a
//! browser send without a CORS preflight the host never grants), or be a WebSocket upgrade from
//! this host's own origin: a second defence against cross-site requests after `SameSite`.

use axum::http::{HeaderMap, HeaderValue, header};

pub const COOKIE: &str = "console_session";
/// `x-console-session: cookie` on sign-in asks for the cookie; on every other request it allows
/// the cookie to authenticate it.
pub const MARKER: &str = "x-console-session";

/// The request asks for (or may be authenticated by) the cookie.
pub fn marked(headers: &HeaderMap) -> bool {
    headers.get(MARKER).is_some_and(|v| v.as_bytes() == b"cookie")
}

/// The session token of the cookie, when the request may be authenticated by it.
pub fn token(headers: &HeaderMap) -> Option<&str> {
    if !(marked(headers) || same_origin_upgrade(headers)) {
        return None;
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
        .filter(|value| !value.is_empty())
}

/// A WebSocket handshake whose `Origin` is this host (browsers cannot add headers to one).
fn same_origin_upgrade(headers: &HeaderMap) -> bool {
    let upgrade = headers.get(header::UPGRADE).is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"));
    let origin_host = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .and_then(|origin| origin.split_once("://"))
        .map(|(_, host)| host);
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    upgrade && origin_host.is_some() && origin_host == host
}

/// Served over https (directly or behind a proxy that says so), the cookie is `Secure`.
fn secure(headers: &HeaderMap) -> bool {
    let origin_https = headers.get(header::ORIGIN).is_some_and(|v| v.as_bytes().starts_with(b"https://"));
    let proxied_https = headers.get("x-forwarded-proto").is_some_and(|v| v.as_bytes() == b"https");
    origin_https || proxied_https
}

/// `Set-Cookie` for a new session of `max_age_secs`.
pub fn set(token: &str, max_age_secs: i64, request: &HeaderMap) -> HeaderValue {
    let secure = if secure(request) { "; Secure" } else { "" };
    let value = format!("{COOKIE}={token}; Path=/api; Max-Age={max_age_secs}; HttpOnly; SameSite=Strict{secure}");
    HeaderValue::from_str(&value).unwrap_or_else(|_| clear())
}

/// `Set-Cookie` that removes the cookie (sign-out).
pub fn clear() -> HeaderValue {
    HeaderValue::from_static("console_session=; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_cookie_counts_only_with_the_marker_or_on_a_same_origin_websocket() {
        let cookie = ("cookie", "theme=dark; console_session=abc");
        assert_eq!(token(&headers(&[cookie, (MARKER, "cookie")])), Some("abc"));
        assert_eq!(token(&headers(&[cookie])), None, "a cross-site form cannot add the marker");
        let ws = [cookie, ("upgrade", "websocket"), ("host", "console.example"), ("origin", "https://console.example")];
        assert_eq!(token(&headers(&ws)), Some("abc"));
        let foreign =
            [cookie, ("upgrade", "websocket"), ("host", "console.example"), ("origin", "https://evil.example")];
        assert_eq!(token(&headers(&foreign)), None, "cross-site WebSocket hijacking");
    }

    #[test]
    fn the_cookie_is_http_only_strict_and_secure_over_https() {
        let plain = set("t", 60, &headers(&[]));
        assert_eq!(plain, "console_session=t; Path=/api; Max-Age=60; HttpOnly; SameSite=Strict");
        let https = set("t", 60, &headers(&[("origin", "https://console.example")]));
        assert!(https.to_str().unwrap().ends_with("; Secure"));
    }
}
