//! What an app's signed-in user does in the customer centre, at
//! `/api/device/customer-service/app/...` with the app plugin's key and the user's session token:
//! start a chat with the bot, ask it questions, ask for a person and wait in the queue, write to
//! the agent and share an image or a video, leave; the chat's socket (`/app/chats/live`) brings
//! what the other side writes. The user's work orders are in `work_orders`.

use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json};
use serde::Deserialize;

use crate::chats::{self, CHATS, Chat, ChatView, DISCONNECTED, unless_changed};
use crate::end_users::{self, EndUser};
use crate::{bot, languages, messages, queue, settings};

/// The upload purpose of what an app user shares in a chat.
pub const APP_FILE: &str = "chat-file-app";

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UserAsk {
    /// The signed-in app user's session token (the app plugin's sign-in).
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    pub user_token: String,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StartInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    /// The app's language; the service's default when empty or not served.
    language: String,
    /// The user's product and device, when the app knows them.
    product_id: String,
    device_sn: String,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    text: String,
    /// An image or a video uploaded to `/api/device-files/upload/customer-service/chat-file-app`.
    upload_id: String,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct HistoryInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    /// Messages sent after this time only.
    after: i64,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct HelloInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    chat_id: String,
}

/// The chat `id` of `user`, or a 404 (another user's chat is not found either).
fn owned(call: &mut Call<'_>, user: &EndUser, id: &str) -> PluginResult<Doc<Chat>> {
    let chat = CHATS.get(call.host, id)?.ok_or_else(PluginError::not_found)?;
    if chat.data.username != user.username {
        return Err(PluginError::not_found());
    }
    Ok(chat)
}

/// The user's app is there: a waiting user keeps his place. Written at the version read; if the
/// chat changed meanwhile (handed over), it is read again and left to the next ask.
fn seen(call: &mut Call<'_>, chat: Doc<Chat>) -> PluginResult<Doc<Chat>> {
    let now = call.host.now_ms();
    if chat.data.state == DISCONNECTED || now - chat.data.user_seen_at <= 10_000 {
        return Ok(chat);
    }
    let mut touched = chat.data.clone();
    touched.user_seen_at = now;
    match unless_changed(CHATS.update(call.host, &chat.id, &touched, Some(chat.version)))? {
        Some(chat) => Ok(chat),
        None => CHATS.find(call.host, &chat.id),
    }
}

/// A device SN the app names, if the device plugin knows it; otherwise none (the agent can name
/// the device when he files a work order).
fn known_device(call: &mut Call<'_>, sn: &str) -> PluginResult<String> {
    let sn = console_plugin_sdk::validate::optional("deviceSn", sn, 64)?;
    if sn.is_empty() || !sn.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c)) {
        return Ok(String::new());
    }
    let found: PluginResult<Value> =
        console_plugin_sdk::services::get(call.host, "device-service", &format!("/internal/devices/{sn}"));
    Ok(if found.is_ok() { sn } else { String::new() })
}

/// The language a chat is served in: the app's, if the service offers it; else the default.
fn service_language(call: &mut Call<'_>, asked: &str) -> PluginResult<String> {
    if !asked.trim().is_empty() && languages::check(call, "language", asked).is_ok() {
        return Ok(asked.trim().to_string());
    }
    languages::default_code(call)
}

/// `POST /app/chats`: the user's open chat, or a new one with the bot's greeting.
pub fn start(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: StartInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    if let Some(chat) = open_chat(call, &user)? {
        let chat = seen(call, chat)?;
        return Ok(json!(chats::chat_view(call, chat)?));
    }
    // Other plugins are asked before anything is written.
    let device_sn = known_device(call, &input.device_sn)?;
    let now = call.host.now_ms();
    let chat = Chat {
        username: user.username.clone(),
        app: call.context.device().unwrap_or_default().to_string(),
        language: service_language(call, &input.language)?,
        product_id: console_plugin_sdk::validate::optional("productId", &input.product_id, 64)?,
        device_sn,
        state: chats::BOT.into(),
        active: false,
        ticket: 0,
        seat_id: String::new(),
        seat_number: String::new(),
        agent_id: 0,
        agent_name: String::new(),
        started_at: now,
        queued_at: 0,
        connected_at: 0,
        ended_at: 0,
        ended_by: String::new(),
        user_seen_at: now,
        work_order_id: String::new(),
        work_order_number: String::new(),
        open_key: Some(user.username.clone()),
    };
    let chat = match CHATS.insert(call.host, &chat) {
        Ok(chat) => chat,
        // The same user's app started one at the same moment: that one is his.
        Err(err) if err.status == 400 && matches!(err.message, console_plugin_sdk::Message::Duplicate { .. }) => {
            let chat = open_chat(call, &user)?.ok_or_else(PluginError::conflict)?;
            return Ok(json!(chats::chat_view(call, chat)?));
        }
        Err(err) => return Err(err),
    };
    bot::greet(call, &chat)?;
    Ok(json!(chats::chat_view(call, chat)?))
}

/// The user's open chat, if he has one.
fn open_chat(call: &mut Call<'_>, user: &EndUser) -> PluginResult<Option<Doc<Chat>>> {
    let open = Query::new().eq("openKey", user.username.as_str()).page(1, 1);
    Ok(CHATS.query(call.host, &open)?.list.into_iter().next())
}

/// `GET /app/chats/live` (a socket): its first frame `{userToken, chatId}`; it listens to the
/// chat's channel and to the queue's.
pub fn live(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: HelloInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let chat = owned(call, &user, &input.chat_id)?;
    let chat = seen(call, chat)?;
    let view = chats::chat_view(call, chat)?;
    let channels = [chats::channel(&view.chat.id), queue::QUEUE_CHANNEL.to_string()];
    Ok(json!({ "channels": channels, "chat": view }))
}

/// `POST /app/chats/{id}/state`: where the chat is (an app without a socket asks this).
pub fn state(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: UserAsk = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let chat = owned(call, &user, &id)?;
    let chat = seen(call, chat)?;
    Ok(json!(chats::chat_view(call, chat)?))
}

/// `POST /app/chats/{id}/messages`: what was written after `after`, oldest first.
pub fn history(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: HistoryInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let chat = owned(call, &user, &id)?;
    Ok(json!(chats::history(call, &chat.id, input.after)?))
}

/// `POST /app/chats/{id}/send`: the user writes; the bot answers while no agent is there.
pub fn send(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SendInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let chat = owned(call, &user, &id)?;
    if chat.data.state == DISCONNECTED {
        return Err(messages::chat_ended());
    }
    chats::not_too_fast(call, &chat.id, "user")?;
    let written = chats::written(call, &input.text, &input.upload_id, APP_FILE)?;
    let question = written.text.clone();
    let now = call.host.now_ms();
    let chat = seen(call, chat)?;
    let sent = chats::post(call, &chat, chats::message(&chat, "user", &chat.data.username, written, now))?;
    if chat.data.state == chats::BOT {
        bot::answer(call, &chat, &question)?;
    }
    Ok(json!(sent))
}

/// `POST /app/chats/{id}/human`: the user asks for a person. He is connected at once to a seat
/// with room, or waits in the queue with the number ahead of him.
pub fn human(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: UserAsk = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let chat = owned(call, &user, &id)?;
    match chat.data.state.as_str() {
        chats::BOT => {}
        DISCONNECTED => return Err(messages::chat_ended()),
        // Already waiting or with an agent: nothing changes.
        _ => return Ok(json!(chats::chat_view(call, chat)?)),
    }
    let limit = settings::current(call)?.queue_limit;
    if CHATS.count(call.host, &Query::new().eq("state", chats::QUEUED))? >= u64::from(limit) {
        return Err(messages::queue_full());
    }
    let now = call.host.now_ms();
    let mut chat = chat;
    chat.data.state = chats::QUEUED.into();
    chat.data.queued_at = now;
    chat.data.ticket = queue::ticket_at(now, &chat.id);
    chat.data.user_seen_at = now;
    let chat = CHATS.update(call.host, &chat.id, &chat.data, Some(chat.version))?;
    chats::note(call, &chat, "queued", json!({}))?;
    queue::dispatch(call)?;
    let chat = CHATS.find(call.host, &chat.id)?;
    if chat.data.state == chats::QUEUED {
        chats::announce_state(call, &chat)?;
        let waiting = CHATS.count(call.host, &Query::new().eq("state", chats::QUEUED))?;
        call.host
            .publish(queue::QUEUE_TOPIC, &json!({ "waiting": waiting }).to_string())
            .map_err(PluginError::internal)?;
    }
    let view: ChatView = chats::chat_view(call, chat)?;
    Ok(json!(view))
}

/// `POST /app/chats/{id}/leave`: the user ends the chat.
pub fn leave(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: UserAsk = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let chat = owned(call, &user, &id)?;
    let chat = chats::end(call, chat, "user")?;
    // A place is free: the next waiting user gets it.
    queue::dispatch(call)?;
    Ok(json!(chats::chat_view(call, chat)?))
}
