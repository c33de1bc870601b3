//! `GET /api/events/ws`: the events a user may see (their tenant's, or every tenant's for a
//! platform user acting for all), pushed live to the shell as JSON text frames.
//!
//! A socket is bounded like every door a signed-in party can open many times: a few per session
//! (the shell opens one per tab), more per account, a quarter of the process's per enterprise,
//! and a number per process. It is not a pass kept from the moment
//! it was opened: its session and rights are read again every [`SESSION_CHECK`], and whenever the
//! platform's rights changed since, before an event is let through.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;

use std::time::Duration;

use super::{ApiError, Caller};
use crate::AppState;
use crate::i18n::Msg;
use crate::plugins::LiveEvent;

/// The subprotocol the shell offers, followed by its token.
pub const PROTOCOL: &str = "console.v1";
/// Sockets one session may hold open: one per tab of the shell, and a few to spare.
pub const PER_SESSION: usize = 8;
/// Sockets one account may hold open, over all its sessions.
pub const PER_ACCOUNT: usize = 32;
/// Sockets one enterprise's users may hold open: a quarter of the process's.
pub const PER_ENTERPRISE: usize = PER_PROCESS / 4;
/// Sockets one host process holds open.
pub const PER_PROCESS: usize = 10_000;

/// Who holds a socket, at each level that is bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Holder {
    Session(i64),
    Account(i64),
    Enterprise(i64),
    Process,
}

impl Holder {
    fn bound(self) -> usize {
        match self {
            Holder::Session(_) => PER_SESSION,
            Holder::Account(_) => PER_ACCOUNT,
            Holder::Enterprise(_) => PER_ENTERPRISE,
            Holder::Process => PER_PROCESS,
        }
    }
}

/// The event sockets open now, per session, account, enterprise and in all.
#[derive(Debug, Default)]
pub struct OpenSockets {
    held: Mutex<HashMap<Holder, usize>>,
}

/// One socket's place, given back when it closes.
struct Place {
    open: Arc<OpenSockets>,
    holders: [Holder; 4],
}

impl OpenSockets {
    fn enter(self: &Arc<Self>, caller: &Caller) -> Option<Place> {
        let holders = [
            Holder::Session(caller.session_id),
            Holder::Account(caller.account_id),
            Holder::Enterprise(caller.home_tenant),
            Holder::Process,
        ];
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if holders.iter().any(|holder| held.get(holder).copied().unwrap_or(0) >= holder.bound()) {
            return None;
        }
        for holder in holders {
            *held.entry(holder).or_default() += 1;
        }
        Some(Place { open: self.clone(), holders })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.open.held.lock().unwrap_or_else(|e| e.into_inner());
        for holder in self.holders {
            if let Some(count) = held.get_mut(&holder) {
                *count -= 1;
                if *count == 0 {
                    held.remove(&holder);
                }
            }
        }
    }
}

/// A user sees a plugin's events when he may see one of its pages: he holds one of its actions.
fn may_see(app: &AppState, caller: &Caller, plugin: &str) -> bool {
    app.plugins.get(plugin).is_some_and(|p| p.actions().any(|action| caller.may(action)))
}

/// An event of the caller's enterprises; a live message only to the console user it names, a
/// user of the enterprise it was sent in, and never one meant for the sockets of a channel
/// (contract 0.1.10).
fn for_console(event: &LiveEvent, caller: &Caller) -> bool {
    caller.scope.covers(event.tenant_id)
        && event.channel.is_none()
        && event.user.is_none_or(|user| user == caller.account_id && caller.home_tenant == event.tenant_id)
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
    let Some(place) = app.event_sockets.enter(&caller) else {
        return ApiError::Client { code: 429, msg: Msg::Busy }.into_response();
    };
    // A console acting for one enterprise hears that enterprise's channel alone: another's
    // flood cannot make it fall behind.
    let events = match caller.scope.filter() {
        Some(tenant) => app.plugins.live.for_enterprise(tenant),
        None => app.plugins.live.for_platform(),
    };
    upgrade.protocols([PROTOCOL]).on_upgrade(move |socket| forward(app, socket, events, caller, place))
}

/// How often an open socket reads its session and rights again.
const SESSION_CHECK: Duration = Duration::from_secs(2);

async fn forward(
    app: AppState,
    mut socket: WebSocket,
    mut events: tokio::sync::broadcast::Receiver<Arc<LiveEvent>>,
    mut caller: Caller,
    _place: Place,
) {
    let mut check = tokio::time::interval(SESSION_CHECK);
    let mut read_at = app.auth_cache.stamp(app.plugins.builds());
    loop {
        tokio::select! {
            // The host is stopping: the page opens the socket again, on this host or another.
            () = app.lifecycle.stopping.cancelled() => {
                let frame = axum::extract::ws::CloseFrame { code: axum::extract::ws::close_code::RESTART, reason: "restarting".into() };
                let _ = socket.send(Message::Close(Some(frame))).await;
                return;
            }
            _ = check.tick() => {
                read_at = app.auth_cache.stamp(app.plugins.builds());
                match super::guard::caller_now(&app, &caller).await {
                    Some(now) => caller = now,
                    None => {
                        let _ = socket.send(Message::Close(None)).await;
                        return;
                    }
                }
            }
            event = events.recv() => match event {
                Ok(event) if for_console(&event, &caller) => {
                    // Rights changed since they were read: read them before this event goes out.
                    let now = app.auth_cache.stamp(app.plugins.builds());
                    if now != read_at {
                        read_at = now;
                        match super::guard::caller_now(&app, &caller).await {
                            Some(now) => caller = now,
                            None => {
                                let _ = socket.send(Message::Close(None)).await;
                                return;
                            }
                        }
                    }
                    if !may_see(&app, &caller, &event.plugin) {
                        continue;
                    }
                    let text = serde_json::to_string(&*event).unwrap_or_default();
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
