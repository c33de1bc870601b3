//! Every answer names its request (`x-request-id`): the one a trusted proxy sent, or one made
//! here. The user can quote it from an error (the error envelope carries it as `requestId`), and
//! every log line written while the request is served carries it (the `request` span), so an
//! operator finds the request by what the user quoted.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

use super::extract::ClientInfo;
use crate::AppState;

pub const HEADER: &str = "x-request-id";
/// The longest id taken from a proxy.
const MAX_LEN: usize = 128;

/// The request's id, in its extensions.
#[derive(Clone, Debug)]
pub struct RequestId(pub Arc<str>);

/// An id a proxy may pass on: printable, short, nothing a log reader could be fooled by.
fn acceptable(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_LEN
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

fn new_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

pub async fn assign(State(app): State<AppState>, mut req: Request, next: Next) -> Response {
    let via_proxy = ClientInfo::of(&req, &app.config.trusted_proxies).via_trusted_proxy;
    let offered = via_proxy
        .then(|| req.headers().get(HEADER).and_then(|v| v.to_str().ok()).filter(|id| acceptable(id)))
        .flatten()
        .map(str::to_string);
    let id: Arc<str> = offered.unwrap_or_else(new_id).into();
    req.extensions_mut().insert(RequestId(id.clone()));
    // At the error level so that it is on whatever the log's level: a warning of the request
    // carries its id even in a log that keeps warnings only.
    let span = tracing::error_span!("request", id = %id);
    // A trace a trusted proxy began goes on through this host (as its request id does).
    if via_proxy {
        crate::telemetry::continue_trace(&span, req.headers());
    }
    crate::telemetry::describe_request(&span, req.method().as_str(), req.uri().path());
    let mut response = next.run(req).instrument(span.clone()).await;
    crate::telemetry::describe_answer(&span, response.status().as_u16());
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    response
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_plain_ids_are_taken_from_a_proxy() {
        assert!(super::acceptable("3f2a-9c:lb.01_x"));
        for bad in ["", "with space", "line\nbreak", "quote\"", &"x".repeat(129)] {
            assert!(!super::acceptable(bad), "{bad:?}");
        }
        let made = super::new_id();
        assert!(made.len() == 32 && super::acceptable(&made));
    }
}
