//! Chats between an end user and first the bot, then an agent (chat states queued, connected,
//! transferred, disconnected; a chat with the bot, before any of those, is in state `bot`).
//! Messages are kept per chat and sent live: to the user's app on the chat's channel (`chat:<id>`,
//! contract 0.1.10 `live.send`) and to the agent's console (`live.notify`).

use console_plugin_sdk::upload::{self, UploadedFile};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json, live};
use serde::{Deserialize, Serialize};

use crate::{messages, queue};

pub const BOT: &str = "bot";
pub const QUEUED: &str = "queued";
pub const CONNECTED: &str = "connected";
pub const TRANSFERRED: &str = "transferred";
pub const DISCONNECTED: &str = "disconnected";

/// The longest message.
pub const MAX_TEXT: usize = 2000;
/// A sender's messages in [`BURST_MS`] at most.
const BURST: u64 = 10;
const BURST_MS: i64 = 5_000;
/// How long a shared file's link lasts.
const FILE_LINK_SECS: u32 = 86_400;
/// The topic of what an agent's console hears about a chat.
pub const AGENT_TOPIC: &str = "customer-service.chat";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Chat {
    /// The app user.
    pub username: String,
    /// The app whose key started it.
    pub app: String,
    /// The language the user is served in (the bot's answers, the FAQs it searches).
    pub language: String,
    pub product_id: String,
    pub device_sn: String,
    /// `bot`, `queued`, `connected`, `transferred` or `disconnected`.
    pub state: String,
    /// Connected or transferred: it counts against its seat.
    pub active: bool,
    /// Its place in the queue while queued (lower first); 0 otherwise.
    pub ticket: i64,
    pub seat_id: String,
    pub seat_number: String,
    pub agent_id: i64,
    pub agent_name: String,
    pub started_at: i64,
    pub queued_at: i64,
    pub connected_at: i64,
    pub ended_at: i64,
    /// `user`, `agent` or `system`.
    pub ended_by: String,
    /// When the user's app last asked about it: a queued user whose app went away leaves.
    pub user_seen_at: i64,
    pub work_order_id: String,
    pub work_order_number: String,
    /// The user's name while the chat is open, none once it ended: a unique key, so that a
    /// user has one open chat however fast his app asks.
    #[serde(default)]
    pub open_key: Option<String>,
}

pub const CHATS: Collection<Chat> = Collection::new("chats");

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub object: String,
    pub file_name: String,
    pub size: u64,
    pub content_type: String,
    /// `image` or `video`.
    pub kind: String,
}

/// An FAQ the bot answered with.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotAnswer {
    pub faq_id: String,
    pub question: String,
    pub answer: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    pub chat_id: String,
    /// `user`, `bot`, `agent` or `system`.
    pub from: String,
    pub author: String,
    pub text: String,
    #[serde(default)]
    pub attachment: Option<Attachment>,
    #[serde(default)]
    pub answers: Vec<BotAnswer>,
    /// The bot offers a person.
    #[serde(default)]
    pub offer_human: bool,
    /// What a system message tells: `queued`, `connected`, `transferred`, `requeued`, `ended`,
    /// `workOrder`; the pages word it in their reader's language from `detail`.
    #[serde(default)]
    pub event: String,
    #[serde(default)]
    pub detail: Value,
    pub sent_at: i64,
}

pub const MESSAGES: Collection<ChatMessage> = Collection::new("chat_messages");

/// A message as the pages get it: a shared file with a link that opens it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    #[serde(flatten)]
    pub message: Doc<ChatMessage>,
    pub url: Option<String>,
}

pub fn view(call: &mut Call<'_>, message: Doc<ChatMessage>) -> PluginResult<MessageView> {
    let url = match &message.data.attachment {
        Some(file) => Some(
            call.host.file_access_url(&file.object, &file.file_name, FILE_LINK_SECS).map_err(PluginError::internal)?,
        ),
        None => None,
    };
    Ok(MessageView { message, url })
}

/// A chat as its user sees it: where it is, and while queued how many wait ahead.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatView {
    #[serde(flatten)]
    pub chat: Doc<Chat>,
    /// Chats ahead of this one, while queued.
    pub ahead: u64,
    /// Chats waiting in all.
    pub waiting: u64,
}

pub fn chat_view(call: &mut Call<'_>, chat: Doc<Chat>) -> PluginResult<ChatView> {
    let (ahead, waiting) = if chat.data.state == QUEUED { queue::place(call, chat.data.ticket)? } else { (0, 0) };
    Ok(ChatView { chat, ahead, waiting })
}

/// Chats connected to a seat now.
pub fn active_count(call: &mut Call<'_>, seat_id: &str) -> PluginResult<u64> {
    CHATS.count(call.host, &Query::new().eq("seatId", seat_id).eq("active", true))
}

pub fn channel(chat_id: &str) -> String {
    format!("chat:{chat_id}")
}

/// Tells the user's app and the chat's agent what changed.
pub fn announce_state(call: &mut Call<'_>, chat: &Doc<Chat>) -> PluginResult<()> {
    let view = chat_view(call, chat.clone())?;
    live::send(call.host, &channel(&chat.id), &json!({ "type": "state", "chat": view }))?;
    if chat.data.agent_id > 0 {
        let notice = json!({ "type": "state", "chatId": chat.id, "chat": view });
        live::notify(call.host, chat.data.agent_id, AGENT_TOPIC, &notice)?;
    }
    Ok(())
}

/// Keeps a message and sends it to both sides. Its time follows the chat's last message's, so
/// that the messages of one call (a question and the bot's answer) keep their order.
pub fn post(call: &mut Call<'_>, chat: &Doc<Chat>, mut message: ChatMessage) -> PluginResult<MessageView> {
    let last = Query::new().eq("chatId", chat.id.as_str()).sort("sentAt", true).page(1, 1);
    if let Some(last) = MESSAGES.query(call.host, &last)?.list.first() {
        message.sent_at = message.sent_at.max(last.data.sent_at + 1);
    }
    let stored = MESSAGES.insert(call.host, &message)?;
    let view = view(call, stored)?;
    live::send(call.host, &channel(&chat.id), &json!({ "type": "message", "message": view }))?;
    if chat.data.agent_id > 0 && chat.data.active {
        let notice = json!({ "type": "message", "chatId": chat.id, "message": view });
        live::notify(call.host, chat.data.agent_id, AGENT_TOPIC, &notice)?;
    }
    Ok(view)
}

/// A system message: what happened, worded by each page.
pub fn note(call: &mut Call<'_>, chat: &Doc<Chat>, event: &str, detail: Value) -> PluginResult<()> {
    let now = call.host.now_ms();
    let message = ChatMessage {
        chat_id: chat.id.clone(),
        from: "system".into(),
        author: String::new(),
        text: String::new(),
        attachment: None,
        answers: Vec::new(),
        offer_human: false,
        event: event.into(),
        detail,
        sent_at: now,
    };
    post(call, chat, message).map(drop)
}

/// What a user or an agent writes: text, a shared image or video, or both; never nothing.
pub struct Written {
    pub text: String,
    pub attachment: Option<Attachment>,
}

/// Checks what was written; claims the shared file (an image or a video) under `purpose`.
pub fn written(call: &mut Call<'_>, text: &str, upload_id: &str, purpose: &str) -> PluginResult<Written> {
    let text = text.trim().to_string();
    if text.chars().count() > MAX_TEXT {
        return Err(PluginError::invalid(
            "text",
            console_plugin_sdk::Message::Length { field: "text".into(), min: 1, max: MAX_TEXT },
        ));
    }
    let attachment = match upload_id.trim() {
        "" => None,
        id => Some(attachment(&upload::claim(call.host, "uploadId", id, purpose)?)?),
    };
    if text.is_empty() && attachment.is_none() {
        return Err(messages::empty_message());
    }
    Ok(Written { text, attachment })
}

fn attachment(file: &UploadedFile) -> PluginResult<Attachment> {
    // The host took only images and videos for the purpose; checked again here all the same.
    if file.kind != "image" && file.kind != "video" {
        return Err(PluginError::format(
            "uploadId",
            [
                "图片或视频",
                "an image or a video",
                "ein Bild oder ein Video",
                "una imagen o un vídeo",
                "une image ou une vidéo",
                "uma imagem ou um vídeo",
                "изображение или видео",
            ],
        ));
    }
    Ok(Attachment {
        object: file.name.clone(),
        file_name: file.file_name.clone(),
        size: file.size,
        content_type: file.content_type.clone(),
        kind: file.kind.clone(),
    })
}

/// Refuses a sender who sent [`BURST`] messages in the last [`BURST_MS`].
pub fn not_too_fast(call: &mut Call<'_>, chat_id: &str, from: &str) -> PluginResult<()> {
    let since = call.host.now_ms() - BURST_MS;
    let recent = Query::new().eq("chatId", chat_id).eq("from", from).gte("sentAt", since);
    if MESSAGES.count(call.host, &recent)? >= BURST {
        return Err(messages::too_fast());
    }
    Ok(())
}

/// A message from one side of the chat.
pub fn message(chat: &Doc<Chat>, from: &str, author: &str, written: Written, now: i64) -> ChatMessage {
    ChatMessage {
        chat_id: chat.id.clone(),
        from: from.into(),
        author: author.into(),
        text: written.text,
        attachment: written.attachment,
        answers: Vec::new(),
        offer_human: false,
        event: String::new(),
        detail: Value::Null,
        sent_at: now,
    }
}

/// The chat's newest 200 messages after `after` (a time), oldest first.
pub fn history(call: &mut Call<'_>, chat_id: &str, after: i64) -> PluginResult<Vec<MessageView>> {
    let query = Query::new().eq("chatId", chat_id).gt("sentAt", after).sort("sentAt", true).page(1, 200);
    let mut found = MESSAGES.query(call.host, &query)?.list;
    found.reverse();
    found.into_iter().map(|m| view(call, m)).collect()
}

/// A write refused because someone changed the record meanwhile, as `None`: the caller skips
/// what another call already did (handed the chat over, took the seat's last place).
pub fn unless_changed<T>(result: PluginResult<T>) -> PluginResult<Option<T>> {
    match result {
        Ok(done) => Ok(Some(done)),
        Err(err) if err.message == console_plugin_sdk::Message::Conflict => Ok(None),
        Err(err) => Err(err),
    }
}

/// Ends a chat: no longer counted against its seat, out of the queue, and both sides told. The
/// caller moves the queue afterwards (`queue::dispatch`): a place may have opened.
pub fn end(call: &mut Call<'_>, mut chat: Doc<Chat>, by: &str) -> PluginResult<Doc<Chat>> {
    if chat.data.state == DISCONNECTED {
        return Ok(chat);
    }
    let was_queued = chat.data.state == QUEUED;
    let ticket = chat.data.ticket;
    chat.data.state = DISCONNECTED.into();
    chat.data.active = false;
    chat.data.ticket = 0;
    chat.data.ended_at = call.host.now_ms();
    chat.data.ended_by = by.into();
    chat.data.open_key = None;
    let chat = CHATS.update(call.host, &chat.id, &chat.data, Some(chat.version))?;
    note(call, &chat, "ended", json!({ "by": by }))?;
    announce_state(call, &chat)?;
    if was_queued {
        queue::left(call, ticket)?;
    }
    Ok(chat)
}

/// How long an ended chat and its messages are kept.
pub const KEEP_MS: i64 = 180 * console_plugin_sdk::time::DAY_MS;

/// Messages the `retention` schedule deletes in one run at most (the next run goes on).
const DELETED_PER_RUN: u32 = 500;

/// The `retention` schedule: chats ended more than [`KEEP_MS`] ago go, with their messages and
/// shared files, at most [`DELETED_PER_RUN`] messages a run.
pub fn delete_expired(call: &mut Call<'_>) -> PluginResult<()> {
    let before = call.host.now_ms() - KEEP_MS;
    let expired = Query::new().eq("state", DISCONNECTED).lt("endedAt", before).page(1, 50);
    let mut budget = DELETED_PER_RUN;
    for chat in CHATS.query(call.host, &expired)?.list {
        let page = MESSAGES.query(call.host, &Query::new().eq("chatId", chat.id.as_str()).page(1, budget))?;
        let more = page.total > u64::from(budget);
        for message in page.list {
            if let Some(file) = &message.data.attachment {
                call.host.file_delete(&file.object).map_err(PluginError::internal)?;
            }
            MESSAGES.delete(call.host, &message.id)?;
            budget -= 1;
        }
        if more || budget == 0 {
            return Ok(());
        }
        CHATS.delete(call.host, &chat.id)?;
    }
    Ok(())
}
