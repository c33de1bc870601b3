//! `GET /api/events/ws`: the events a user may see (their tenant's, or every tenant's for a
//! platform user acting for all), pushed live to the shell as JSON text frames.

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;

use super::{ApiError, Caller};
use crate::AppState;
use crate::i18n::Msg;
use crate::plugins::LiveEvent;

/// The subprotocol the shell offers, followed by its token.
pub const PROTOCOL: &str = "console.v1";

pub async fn events(
    State(app): State<AppState>,
    caller: Caller,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => {
            let detail = rejection.body_text();
            return ApiError::Client { code: 400, msg: Msg::BadJson { detail } }.into_response();
        }
    };
    let events = app.plugins.live.subscribe();
    upgrade.protocols([PROTOCOL]).on_upgrade(move |socket| forward(socket, events, caller))
}

async fn forward(mut socket: WebSocket, mut events: tokio::sync::broadcast::Receiver<LiveEvent>, caller: Caller) {
    loop {
        tokio::select! {
            event = events.recv() => match event {
                Ok(event) if caller.scope.covers(event.tenant_id) => {
                    let text = serde_json::to_string(&event).unwrap_or_default();
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
