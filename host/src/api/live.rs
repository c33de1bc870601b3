//! `GET /api/events/ws`: the events a user may see (their tenant's, or every tenant's for a
//! platform user acting for all), pushed live to the shell as JSON text frames.

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;

use std::time::Duration;

use super::{ApiError, Caller};
use crate::AppState;
use crate::auth::session;
use crate::i18n::Msg;
use crate::plugins::LiveEvent;

/// The subprotocol the shell offers, followed by its token.
pub const PROTOCOL: &str = "console.v1";

/// A user sees a plugin's events when he may see one of its pages: he holds one of its actions.
fn may_see(app: &AppState, caller: &Caller, plugin: &str) -> bool {
    app.plugins.get(plugin).is_some_and(|p| p.actions().any(|action| caller.may(action)))
}

/// An event of the caller's enterprises; a live message only to the console user it names, and
/// never one meant for the sockets of a channel (contract 0.1.10).
fn for_console(event: &LiveEvent, caller: &Caller) -> bool {
    caller.scope.covers(event.tenant_id)
        && event.channel.is_none()
        && event.user.is_none_or(|user| user == caller.account_id)
}

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
    upgrade.protocols([PROTOCOL]).on_upgrade(move |socket| forward(app, socket, events, caller))
}

/// How often an open socket checks that its session is still active.
const SESSION_CHECK: Duration = Duration::from_secs(2);

async fn forward(
    app: AppState,
    mut socket: WebSocket,
    mut events: tokio::sync::broadcast::Receiver<LiveEvent>,
    caller: Caller,
) {
    let mut check = tokio::time::interval(SESSION_CHECK);
    loop {
        tokio::select! {
            _ = check.tick() => {
                if !session::still_active(&app.db, caller.session_id).await {
                    let _ = socket.send(Message::Close(None)).await;
                    return;
                }
            }
            event = events.recv() => match event {
                Ok(event) if for_console(&event, &caller) && may_see(&app, &caller, &event.plugin) => {
                    let text = serde_json::to_string(&event).unwrap_or_default();
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                // Events were lost: the page opens the socket again and reads what it shows anew.
                Err(RecvError::Lagged(_)) => {
                    let frame = axum::extract::ws::CloseFrame { code: axum::extract::ws::close_code::AGAIN, reason: "fell behind".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    return;
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
