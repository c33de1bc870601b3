//! A plugin's `socket` route (contract 0.1.10 `live`): an app or a device opens a websocket with
//! its key; its first text frame is the body of a call to the route, whose answer (sent back as
//! the first frame) names the channels the socket listens to. From then on every `live.send` to
//! one of those channels, from any host process, reaches it as `{"channel", "message"}`. Every
//! `socket_recheck_secs` (a minute) the key, the plugin and the route are asked again: a refusal closes the socket,
//! and a new answer changes what it listens to. No transaction is open while it listens, and a
//! client that goes away takes nothing with it but its place.

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tokio::sync::mpsc;

use super::plugins::call_route;
use crate::AppState;
use crate::api::{ApiError, ApiResult, DeviceCaller};
use crate::i18n::Msg;
use crate::plugins::capabilities::live::valid_channel;
use crate::plugins::registry::LoadedPlugin;
use crate::plugins::runtime::CallContext;
use crate::plugins::sockets::{BACKLOG, HELLO_WAIT, MAX_CHANNELS, MAX_FRAME, OpenSocket, PING, PROTOCOL, SEND_WAIT};

/// What one socket asks of its route, again at every check.
struct Route {
    app: AppState,
    plugin: Arc<LoadedPlugin>,
    device: DeviceCaller,
    context: CallContext,
    path: String,
    query: Vec<(String, String)>,
}

/// `GET /api/device/<mount><path>` of a `socket` route: the upgrade, if the process has room.
pub(super) async fn serve(
    app: AppState,
    plugin: Arc<LoadedPlugin>,
    device: DeviceCaller,
    context: CallContext,
    (path, query): (String, Vec<(String, String)>),
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let upgrade = upgrade
        .map_err(|rejection| ApiError::Client { code: 400, msg: Msg::BadJson { detail: rejection.body_text() } })?;
    let open = app
        .plugins
        .sockets
        .open(device.key.tenant_id, device.key.id, &device.client.ip)
        .ok_or(ApiError::Client { code: 503, msg: Msg::Busy })?;
    let route = Route { app, plugin, device, context, path, query };
    let upgrade = upgrade.protocols([PROTOCOL]).max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME);
    Ok(upgrade.on_upgrade(move |socket| listen(route, socket, open)).into_response())
}

async fn listen(route: Route, mut socket: WebSocket, open: OpenSocket) {
    let Some(hello) = first_text(&mut socket).await else {
        return close(socket, close_code::POLICY, "the first frame is the route's JSON body").await;
    };
    let sockets = route.app.plugins.sockets.clone();
    let (sender, mut frames) = mpsc::channel::<Arc<str>>(BACKLOG);
    // Only `Sockets` holds the sender: when it lets go (the socket fell behind), the frames end.
    let to_socket = {
        let weak = sender.downgrade();
        let key = &route.device.key;
        match route.ask(&hello).await {
            Ok((answer, channels)) => {
                // Listening before the answer goes out: what is sent after it reaches the socket
                // (the app reads what came before from its route, as after any reconnection).
                sockets.listen(open.id, key.tenant_id, &route.plugin.manifest.id, &channels, &sender);
                drop(sender);
                if !sent(&mut socket, Message::Text(answer.into())).await {
                    return;
                }
            }
            Err(answer) => {
                sent(&mut socket, Message::Text(answer.into())).await;
                return close(socket, close_code::POLICY, "refused").await;
            }
        };
        weak
    };
    let every = std::time::Duration::from_secs(route.app.config.socket_recheck_secs);
    let mut recheck = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING, PING);
    loop {
        tokio::select! {
            // The host is stopping: the app connects again, to this host or another.
            () = route.app.lifecycle.stopping.cancelled() => return close(socket, close_code::RESTART, "restarting").await,
            _ = recheck.tick() => match route.still_listening(&hello).await {
                Ok(now) => match to_socket.upgrade() {
                    Some(sender) => sockets.listen(open.id, route.device.key.tenant_id, &route.plugin.manifest.id, &now, &sender),
                    None => return close(socket, close_code::AGAIN, "fell behind").await,
                },
                Err(answer) => {
                    sent(&mut socket, Message::Text(answer.into())).await;
                    return close(socket, close_code::POLICY, "refused").await;
                }
            },
            _ = ping.tick() => {
                if !sent(&mut socket, Message::Ping(Vec::new().into())).await {
                    return;
                }
            }
            frame = frames.recv() => match frame {
                Some(text) => {
                    if !sent(&mut socket, Message::Text(text.to_string().into())).await {
                        return;
                    }
                }
                // It fell behind and lost its channels: the app reconnects and reads what it missed.
                None => return close(socket, close_code::AGAIN, "fell behind").await,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                // The app says nothing more here: its messages go to the plugin's routes.
                Some(Ok(_)) => {}
            },
        }
    }
}

/// Sends a frame, within [`SEND_WAIT`]: a client that stops reading is let go.
async fn sent(socket: &mut WebSocket, message: Message) -> bool {
    matches!(tokio::time::timeout(SEND_WAIT, socket.send(message)).await, Ok(Ok(())))
}

impl Route {
    /// The route's answer to `hello`: the envelope to send and the channels it names, or the
    /// envelope of a refusal.
    async fn ask(&self, hello: &str) -> Result<(String, Vec<String>), String> {
        let context = CallContext {
            request_id: crate::auth::session::new_token()[..16].to_string(),
            cascade: crate::plugins::runtime::EventBudget::new(),
            ..self.context.clone()
        };
        let answer = call_route(
            &self.app,
            &self.plugin,
            context,
            Method::GET,
            self.path.clone(),
            self.query.clone(),
            hello.as_bytes(),
        )
        .await;
        let envelope = self.envelope(answer).await;
        if envelope["code"] != 200 {
            return Err(envelope.to_string());
        }
        let channels: Vec<String> = envelope["data"]["channels"]
            .as_array()
            .map(|list| list.iter().filter_map(Value::as_str).map(str::to_string).collect())
            .unwrap_or_default();
        if channels.is_empty() || channels.len() > MAX_CHANNELS || !channels.iter().all(|c| valid_channel(c)) {
            tracing::warn!(plugin = %self.plugin.manifest.id, "a socket route answered no channels it may listen to");
            return Err(ApiError::Client { code: 500, msg: Msg::PluginFailed }.envelope(self.device.lang).to_string());
        }
        Ok((envelope.to_string(), channels))
    }

    /// The envelope of an answer, in the app's language, as `api::localize` would make it.
    async fn envelope(&self, answer: ApiResult<Response>) -> Value {
        let response = match answer {
            Ok(response) => response,
            Err(err) => return err.envelope(self.device.lang),
        };
        if let Some(err) = response.extensions().get::<ApiError>() {
            return err.envelope(self.device.lang);
        }
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap_or_default();
        serde_json::from_slice(&bytes).unwrap_or(Value::Null)
    }

    /// Asked again: the key is still the app's, its plugin still on, and the route still agrees.
    async fn still_listening(&self, hello: &str) -> Result<Vec<String>, String> {
        let refusal = |err: ApiError| err.envelope(self.device.lang).to_string();
        let key = &self.device.key;
        match self.app.db.device_key_valid(key).await {
            Ok(true) => {}
            _ => return Err(refusal(ApiError::Client { code: 401, msg: Msg::DeviceKeyRefused })),
        }
        let enabled = self.app.plugins.enabled_for(key.tenant_id).await.unwrap_or_default();
        if !enabled.contains(&self.plugin.manifest.id) || !enabled.contains(&key.plugin_id) {
            return Err(refusal(ApiError::Client { code: 404, msg: Msg::PluginDisabled }));
        }
        self.ask(hello).await.map(|(_, channels)| channels)
    }
}

/// The first frame, if it is text and arrives within [`HELLO_WAIT`] (pings or not).
async fn first_text(socket: &mut WebSocket) -> Option<String> {
    let deadline = tokio::time::Instant::now() + HELLO_WAIT;
    loop {
        match tokio::time::timeout_at(deadline, socket.recv()).await {
            Ok(Some(Ok(Message::Text(text)))) => return Some(text.to_string()),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            _ => return None,
        }
    }
}

async fn close(mut socket: WebSocket, code: u16, reason: &'static str) {
    sent(&mut socket, Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
}
