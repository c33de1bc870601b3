//! An app user in the customer centre (the customer-service plugin's app routes, contract 0.1.10
//! sockets): starts a chat with the bot, asks it, asks for a person, waits in the queue, writes
//! and shares files, listens on the chat's socket, leaves; and the user's work orders, rated.

use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::app::App;
use crate::{Answer, Refusal};

/// The signed-in user of one app, in one chat.
pub struct ChatUser {
    pub app: App,
    pub token: String,
    /// The chat, once started.
    pub chat_id: String,
}

/// The chat's socket: what the agent writes and where the chat is, as it happens.
pub struct ChatSocket {
    socket: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    /// The route's first answer: `{channels, chat}`.
    pub hello: Value,
}

impl ChatUser {
    pub fn new(app: App, token: &str) -> Self {
        ChatUser { app, token: token.into(), chat_id: String::new() }
    }

    async fn ask(&self, path: &str, mut body: Value) -> Answer {
        body["userToken"] = json!(self.token);
        self.app.send(&format!("/device/customer-service/app{path}"), &body).await
    }

    /// Opens the customer centre: the open chat or a new one, greeted by the bot.
    pub async fn start(&mut self, language: &str) -> Answer {
        let chat = self.ask("/chats", json!({ "language": language })).await?;
        self.chat_id = chat["id"].as_str().unwrap_or_default().to_string();
        Ok(chat)
    }

    /// Writes to the bot or the agent; `upload_id` shares an uploaded image or video.
    pub async fn send(&self, text: &str, upload_id: &str) -> Answer {
        self.ask(&format!("/chats/{}/send", self.chat_id), json!({ "text": text, "uploadId": upload_id })).await
    }

    /// Uploads an image or a video for the chat: its upload id.
    pub async fn upload(&self, file_name: &str, bytes: Vec<u8>) -> Result<String, Refusal> {
        self.app.upload_for("customer-service", "chat-file-app", file_name, bytes).await
    }

    /// Asks for a person: connected, or queued with how many are ahead.
    pub async fn ask_for_a_person(&self) -> Answer {
        self.ask(&format!("/chats/{}/human", self.chat_id), json!({})).await
    }

    pub async fn state(&self) -> Answer {
        self.ask(&format!("/chats/{}/state", self.chat_id), json!({})).await
    }

    pub async fn messages(&self, after: i64) -> Answer {
        self.ask(&format!("/chats/{}/messages", self.chat_id), json!({ "after": after })).await
    }

    pub async fn leave(&self) -> Answer {
        self.ask(&format!("/chats/{}/leave", self.chat_id), json!({})).await
    }

    pub async fn work_orders(&self) -> Answer {
        self.ask("/work-orders/list", json!({})).await
    }

    pub async fn rate(&self, work_order_id: &str, score: &str, solved: bool) -> Answer {
        self.ask("/work-orders/rate", json!({ "workOrderId": work_order_id, "score": score, "solved": solved })).await
    }

    /// Opens the chat's socket as an app's web view does (its key as the subprotocol).
    pub async fn listen(&self) -> Result<ChatSocket, Refusal> {
        let url = self.app.api.replace("http://", "ws://") + "/device/customer-service/app/chats/live";
        let mut request = url.into_client_request().map_err(Refusal::failed)?;
        let protocols = format!("device.v1, {}", self.app.key);
        request.headers_mut().insert("sec-websocket-protocol", protocols.parse().map_err(Refusal::failed)?);
        if let Some(address) = &self.app.forwarded_for {
            request.headers_mut().insert("x-forwarded-for", address.parse().map_err(Refusal::failed)?);
        }
        let (mut socket, _) = tokio_tungstenite::connect_async(request).await.map_err(Refusal::failed)?;
        let hello = json!({ "userToken": self.token, "chatId": self.chat_id }).to_string();
        socket.send(Message::Text(hello.into())).await.map_err(Refusal::failed)?;
        let mut listening = ChatSocket { socket, hello: Value::Null };
        let answer = listening.next(Duration::from_secs(10)).await.ok_or_else(|| Refusal::failed("no answer"))?;
        if answer["code"] != 200 {
            let msg = answer["msg"].as_str().unwrap_or_default().to_string();
            return Err(Refusal { code: answer["code"].as_i64().unwrap_or(0), msg, field: None });
        }
        listening.hello = answer["data"].clone();
        Ok(listening)
    }
}

impl ChatSocket {
    /// The next frame as JSON (`{channel, message}` after the hello), if one comes within `wait`.
    pub async fn next(&mut self, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.socket.next()).await.ok()??.ok()?;
            match frame {
                Message::Text(text) => return serde_json::from_str(&text).ok(),
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// The next live message of `kind` (`message`, `state`, `queue`) within `wait`.
    pub async fn next_of(&mut self, kind: &str, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let frame = self.next(left).await?;
            if frame["message"]["type"] == kind {
                return Some(frame["message"].clone());
            }
        }
    }
}
