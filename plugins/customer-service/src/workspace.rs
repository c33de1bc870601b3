//! The agent's workspace (/customerService/serviceCenter): the seat's presence (the page says it
//! is open every 20 s; an agent is then online and the queue moves to him), his busy switch, his
//! chats and the queue, live over the console's event socket; writing to a user and sharing an
//! image or a video, transferring a chat to another seat, filing a work order from it, and ending
//! it with a summary that becomes a closed work order sent to the user.

use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json};
use serde::Deserialize;

use crate::chats::{self, CHATS, Chat};
use crate::order_flow::Action;
use crate::seats::{self, SEATS, Seat};
use crate::work_orders::{self, ActionInput, OrderInput, WORK_ORDERS};
use crate::{messages, queue};

/// The upload purpose of what an agent shares in a chat.
pub const AGENT_FILE: &str = "chat-file";

/// A chat of the caller's seat, with the seat.
fn my_chat(call: &mut Call<'_>) -> PluginResult<(Doc<Chat>, Doc<Seat>)> {
    let seat = seats::mine(call)?;
    let id = call.param("id")?.to_string();
    let chat = CHATS.get(call.host, &id)?.filter(|c| c.data.seat_id == seat.id).ok_or_else(PluginError::not_found)?;
    Ok((chat, seat))
}

fn with_agent(chat: &Doc<Chat>) -> PluginResult<()> {
    if !chat.data.active {
        return Err(if chat.data.state == chats::DISCONNECTED {
            messages::chat_ended()
        } else {
            messages::not_with_an_agent()
        });
    }
    Ok(())
}

/// `POST /workspace/presence`: the page is open. Answers the seat with its state, its chats
/// (connected, and those ended today) and the queue's length.
pub fn presence(call: &mut Call<'_>) -> PluginResult<Value> {
    let seat = seats::mine(call)?;
    seats::seen(call, &seat.id)?;
    queue::dispatch(call)?;
    let state = seats::state(call, &seat)?;
    let since = call.host.now_ms() - console_plugin_sdk::time::DAY_MS;
    let active = Query::new().eq("seatId", seat.id.as_str()).eq("active", true).page(1, 100);
    let ended = Query::new().eq("seatId", seat.id.as_str()).gte("endedAt", since).sort("endedAt", true).page(1, 20);
    let mut list = CHATS.query(call.host, &active)?.list;
    list.extend(CHATS.query(call.host, &ended)?.list);
    let waiting = CHATS.count(call.host, &Query::new().eq("state", chats::QUEUED))?;
    Ok(json!({ "seat": seat, "state": state, "chats": list, "waiting": waiting }))
}

/// `GET /workspace/seat`: the caller's seat, or none: the desk asks before it says it is there,
/// so that a user without a seat is told how to get one, not answered with an error.
pub fn my_seat(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(MySeat { seat: seats::find_mine(call)? }))
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct MySeat {
    /// None: the user has no seat and takes no chats.
    seat: Option<Doc<Seat>>,
}

/// `POST /workspace/away`: the page was closed: offline at once.
pub fn away(call: &mut Call<'_>) -> PluginResult<Value> {
    let seat = seats::mine(call)?;
    seats::gone(call, &seat.id)?;
    Ok(Value::Null)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BusyInput {
    busy: bool,
}

/// `POST /workspace/busy`: the agent's manual busy switch (the seat's status).
pub fn busy(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: BusyInput = call.body()?;
    let mut seat = seats::mine(call)?;
    seat.data.manual_busy = input.busy;
    let seat = SEATS.update(call.host, &seat.id, &seat.data, Some(seat.version))?;
    if !input.busy {
        queue::dispatch(call)?;
    }
    let state = seats::state(call, &seat)?;
    Ok(json!({ "seat": seat, "state": state }))
}

/// `GET /workspace/queue`: who waits, first in line first.
pub fn waiting(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().eq("state", chats::QUEUED).sort("ticket", false).page(1, 100);
    let list: Vec<Value> = CHATS
        .query(call.host, &query)?
        .list
        .into_iter()
        .map(|c| json!({ "id": c.id, "username": c.data.username, "language": c.data.language, "queuedAt": c.data.queued_at }))
        .collect();
    Ok(Value::Array(list))
}

/// `GET /workspace/seats`: the seats and what each is doing (where a chat can be transferred).
pub fn seats(call: &mut Call<'_>) -> PluginResult<Value> {
    let all = SEATS.query(call.host, &Query::new().sort("number", false).page(1, 500))?.list;
    let mut list = Vec::new();
    for seat in all {
        let state = seats::state(call, &seat)?;
        list.push(
            json!({ "id": seat.id, "number": seat.data.number, "agentName": seat.data.agent_name, "state": state }),
        );
    }
    Ok(Value::Array(list))
}

/// `GET /workspace/chats/{id}/messages?after=`.
pub fn history(call: &mut Call<'_>) -> PluginResult<Value> {
    let (chat, _) = my_chat(call)?;
    let after = call.query("after").and_then(|a| a.parse::<i64>().ok()).unwrap_or(0);
    Ok(json!(chats::history(call, &chat.id, after)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendInput {
    text: String,
    /// An image or a video uploaded to `/api/files/upload/customer-service/chat-file`.
    upload_id: String,
}

/// `POST /workspace/chats/{id}/send`.
pub fn send(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SendInput = call.body()?;
    let (chat, seat) = my_chat(call)?;
    with_agent(&chat)?;
    chats::not_too_fast(call, &chat.id, "agent")?;
    let written = chats::written(call, &input.text, &input.upload_id, AGENT_FILE)?;
    let now = call.host.now_ms();
    let message = chats::message(&chat, "agent", &seat.data.agent_name, written, now);
    Ok(json!(chats::post(call, &chat, message)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TransferInput {
    seat_id: String,
}

/// `POST /workspace/chats/{id}/transfer`: to another seat that takes chats now.
pub fn transfer(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: TransferInput = call.body()?;
    let (chat, seat) = my_chat(call)?;
    with_agent(&chat)?;
    let to = SEATS.get(call.host, input.seat_id.trim())?.ok_or_else(|| PluginError::required("seatId"))?;
    if to.id == seat.id || !seats::state(call, &to)?.takes_chats() {
        return Err(messages::seat_cannot_take("seatId"));
    }
    // Another call took that seat's last place meanwhile: it cannot take this one.
    let chat =
        queue::connect(call, chat, &to, chats::TRANSFERRED)?.ok_or_else(|| messages::seat_cannot_take("seatId"))?;
    // Its old seat has a place again.
    queue::dispatch(call)?;
    Ok(json!(chat))
}

/// `POST /workspace/chats/{id}/work-order`: files an order for the chat's user, in progress and
/// the agent's own.
pub fn file_order(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: OrderInput = call.body()?;
    let (chat, seat) = my_chat(call)?;
    with_agent(&chat)?;
    if !chat.data.work_order_id.is_empty() {
        return Err(messages::chat_has_an_order(&chat.data.work_order_number));
    }
    let order = work_orders::from_chat(call, &chat, &seat, &input)?;
    link(call, chat, &order)?;
    Ok(json!(order))
}

/// The chat names its order, at the version read.
fn link(call: &mut Call<'_>, mut chat: Doc<Chat>, order: &Doc<work_orders::WorkOrder>) -> PluginResult<Doc<Chat>> {
    chat.data.work_order_id = order.id.clone();
    chat.data.work_order_number = order.data.number.clone();
    CHATS.update(call.host, &chat.id, &chat.data, Some(chat.version))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EndInput {
    /// Close the chat into a work order with this summary (required then, and sent to the
    /// user); without, the chat just ends.
    work_order: bool,
    summary_title: String,
    summary_content: String,
    /// The order's question category, when a new order is filed.
    question_type_id: String,
    description: String,
}

/// `POST /workspace/chats/{id}/end`: the agent ends the chat; with `workOrder`, its order (the
/// one filed from it, or a new one) is closed with the summary, which the user receives in the
/// chat and rates.
pub fn end(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: EndInput = call.body()?;
    let (chat, seat) = my_chat(call)?;
    with_agent(&chat)?;
    if input.work_order && input.summary_content.trim().is_empty() {
        return Err(messages::summary_required());
    }
    let mut chat = chat;
    if input.work_order {
        // The chat's own order while it is still this agent's; a new one if it went elsewhere.
        let own =
            WORK_ORDERS.get(call.host, &chat.data.work_order_id)?.filter(|o| o.data.handler_id == seat.data.account_id);
        let order = match own {
            Some(order) => order,
            None => {
                let description = match input.description.trim() {
                    "" => first_words(call, &chat.id)?,
                    text => text.to_string(),
                };
                let order_input = OrderInput::for_chat(description, input.question_type_id.clone());
                let order = work_orders::from_chat(call, &chat, &seat, &order_input)?;
                chat = link(call, chat, &order)?;
                order
            }
        };
        let close = ActionInput::summary(&input.summary_title, &input.summary_content);
        work_orders::apply(call, order, Action::Close, &close)?;
    }
    let chat = CHATS.find(call.host, &chat.id)?;
    let ended = chats::end(call, chat, "agent")?;
    // A place is free: the next waiting user gets it.
    queue::dispatch(call)?;
    Ok(json!(ended))
}

/// What the user wrote first, as a new order's description.
fn first_words(call: &mut Call<'_>, chat_id: &str) -> PluginResult<String> {
    let query = Query::new().eq("chatId", chat_id).eq("from", "user").sort("sentAt", false).page(1, 1);
    let first = chats::MESSAGES.query(call.host, &query)?.list.into_iter().next();
    Ok(first.map(|m| m.data.text).filter(|t| !t.is_empty()).unwrap_or_else(|| "—".into()))
}
