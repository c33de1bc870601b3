//! The chat queue (a real queue, as Chatwoot's users ask for). A user who asks for a
//! person gets a ticket; waiting chats are handed over oldest ticket first, each to the seat that
//! takes chats now (online, on duty, not switched to busy, not full) with the fewest chats, then
//! the one given a chat longest ago. The queue moves whenever a place may have opened: a chat
//! ends or is handed on, an agent opens the workspace or switches back from busy, a seat is
//! edited, and every few seconds by the `queue` schedule (a period begins). While a user waits
//! the app shows his place ("the customer service is busy, please wait"): every departure from
//! the queue, and every chat put back at its head, is sent on the `queue` channel with its
//! ticket, and each app behind it counts one fewer or one more.
//!
//! Two calls that hand over at once (several host processes on PostgreSQL) cannot fill a seat
//! past its maximum: a hand-over writes the seat's presence at the version it read, so the
//! second one finds it changed and leaves its chat waiting for the next turn.

use console_plugin_sdk::{Call, Doc, PluginResult, Query, json, live};

use crate::chats::{self, CHATS, Chat, QUEUED, unless_changed};
use crate::seats::{self, PRESENCE, SEATS, Seat, SeatState};

/// The channel every waiting app listens to.
pub const QUEUE_CHANNEL: &str = "queue";
/// Chats handed over in one call at most: each sends seven live messages, and a call sends at
/// most 100 (the `queue` schedule's run sends about 45 more).
const HANDOVERS_PER_CALL: u32 = 6;
/// Seats looked at per hand-over at most.
const MAX_SEATS: u32 = 500;
/// The topic of the queue's length, for the consoles.
pub const QUEUE_TOPIC: &str = "customer-service.queue";
/// How long an agent may be gone before his chats go back to the queue, a waiting user whose
/// app stopped asking before he leaves it, and a chat with the bot alone before it ends.
pub const AGENT_GONE_MS: i64 = 120_000;
pub const USER_GONE_MS: i64 = 120_000;
pub const BOT_IDLE_MS: i64 = 30 * 60_000;
/// Chats the `queue` schedule puts back, or ends, of each kind in one run at most.
const SWEPT_PER_RUN: u32 = 3;

/// (Chats ahead of `ticket`, chats waiting in all).
pub fn place(call: &mut Call<'_>, ticket: i64) -> PluginResult<(u64, u64)> {
    let ahead = CHATS.count(call.host, &Query::new().eq("state", QUEUED).lt("ticket", ticket))?;
    let waiting = CHATS.count(call.host, &Query::new().eq("state", QUEUED))?;
    Ok((ahead, waiting))
}

/// Tells the waiting apps and the consoles that the queue changed: a chat left it (`left`: its
/// ticket) or was put back at its head (`joined`).
fn moved(call: &mut Call<'_>, change: &str, ticket: i64) -> PluginResult<()> {
    let waiting = CHATS.count(call.host, &Query::new().eq("state", QUEUED))?;
    live::send(call.host, QUEUE_CHANNEL, &json!({ "type": "queue", change: ticket, "waiting": waiting }))?;
    call.host
        .publish(QUEUE_TOPIC, &json!({ "waiting": waiting }).to_string())
        .map_err(console_plugin_sdk::PluginError::internal)
}

/// A chat left the queue (handed over, or its user left): the apps behind it move up.
pub fn left(call: &mut Call<'_>, ticket: i64) -> PluginResult<()> {
    moved(call, "left", ticket)
}

/// A seat that may take the next chat, with what it is doing.
struct Candidate {
    seat: Doc<Seat>,
    state: SeatState,
    last_assigned_at: i64,
}

fn candidates(call: &mut Call<'_>) -> PluginResult<Vec<Candidate>> {
    let all = SEATS.query(call.host, &Query::new().page(1, MAX_SEATS))?.list;
    let mut found = Vec::new();
    for seat in all {
        let state = seats::state(call, &seat)?;
        if state.takes_chats() {
            let last_assigned_at = seats::presence(call, &seat.id)?.map_or(0, |p| p.data.last_assigned_at);
            found.push(Candidate { seat, state, last_assigned_at });
        }
    }
    Ok(found)
}

/// The best of the seats that still have room: fewest chats, then given one longest ago.
fn best(candidates: &[Candidate]) -> Option<usize> {
    candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| c.state.active < u64::from(c.seat.data.max_users))
        .min_by_key(|(_, c)| (c.state.active, c.last_assigned_at))
        .map(|(i, _)| i)
}

/// Hands waiting chats to seats with room, oldest ticket first.
pub fn dispatch(call: &mut Call<'_>) -> PluginResult<()> {
    let query = Query::new().eq("state", QUEUED).sort("ticket", false).page(1, HANDOVERS_PER_CALL);
    let waiting = CHATS.query(call.host, &query)?.list;
    if waiting.is_empty() {
        return Ok(());
    }
    let mut candidates = candidates(call)?;
    for chat in waiting {
        let Some(index) = best(&candidates) else { break };
        let seat = candidates[index].seat.clone();
        match connect(call, chat, &seat, chats::CONNECTED)? {
            Some(_) => {
                let now = call.host.now_ms();
                candidates[index].state.active += 1;
                candidates[index].last_assigned_at = now;
            }
            // Another call took the seat's place, or the chat, meanwhile: the seat is left for
            // this turn, and the chat waits for the next.
            None => {
                candidates.remove(index);
            }
        }
    }
    Ok(())
}

/// Connects a chat to a seat (`connected` from the queue, `transferred` from another seat); `None`
/// when another call changed the seat's presence or the chat meanwhile (nothing is written then).
pub fn connect(
    call: &mut Call<'_>,
    mut chat: Doc<Chat>,
    seat: &Doc<Seat>,
    state: &str,
) -> PluginResult<Option<Doc<Chat>>> {
    let now = call.host.now_ms();
    // The seat's presence at the version read: the seat's lock against a second hand-over.
    let Some(mut presence) = seats::presence(call, &seat.id)? else { return Ok(None) };
    presence.data.last_assigned_at = now;
    if unless_changed(PRESENCE.update(call.host, &presence.id, &presence.data, Some(presence.version)))?.is_none() {
        return Ok(None);
    }
    let ticket = chat.data.ticket;
    let previous_agent = chat.data.agent_id;
    let from_seat = std::mem::take(&mut chat.data.seat_number);
    chat.data.state = state.into();
    chat.data.active = true;
    chat.data.ticket = 0;
    chat.data.seat_id = seat.id.clone();
    chat.data.seat_number = seat.data.number.clone();
    chat.data.agent_id = seat.data.account_id;
    chat.data.agent_name = seat.data.agent_name.clone();
    if chat.data.connected_at == 0 {
        chat.data.connected_at = now;
    }
    let Some(chat) = unless_changed(CHATS.update(call.host, &chat.id, &chat.data, Some(chat.version)))? else {
        return Ok(None);
    };
    let detail = json!({ "seat": seat.data.number, "agent": seat.data.agent_name, "from": from_seat });
    let event = if state == chats::TRANSFERRED { "transferred" } else { "connected" };
    chats::note(call, &chat, event, detail)?;
    chats::announce_state(call, &chat)?;
    let assigned = json!({ "type": "assigned", "chatId": chat.id, "chat": chats::chat_view(call, chat.clone())? });
    live::notify(call.host, seat.data.account_id, chats::AGENT_TOPIC, &assigned)?;
    if previous_agent > 0 && previous_agent != seat.data.account_id {
        let gone = json!({ "type": "transferred", "chatId": chat.id, "to": seat.data.number });
        live::notify(call.host, previous_agent, chats::AGENT_TOPIC, &gone)?;
    }
    if ticket > 0 {
        left(call, ticket)?;
    }
    Ok(Some(chat))
}

/// The `queue` schedule, a few chats a run: chats of agents gone for two minutes go back to the
/// queue, at its head (they keep their first ticket time); waiting users whose apps went away
/// leave it; chats left with the bot for half an hour end; then the queue moves (a period may
/// have begun).
pub fn run(call: &mut Call<'_>) -> PluginResult<()> {
    let now = call.host.now_ms();
    let mut requeued = 0;
    for seat in SEATS.query(call.host, &Query::new().page(1, MAX_SEATS))?.list {
        if requeued >= SWEPT_PER_RUN {
            break;
        }
        let seen = seats::presence(call, &seat.id)?.map_or(0, |p| p.data.last_seen_at);
        if now - seen < AGENT_GONE_MS {
            continue;
        }
        let connected =
            Query::new().eq("seatId", seat.id.as_str()).eq("active", true).page(1, SWEPT_PER_RUN - requeued);
        for chat in CHATS.query(call.host, &connected)?.list {
            requeued += u32::from(requeue(call, chat)?);
        }
    }
    let stale = Query::new().eq("state", QUEUED).lt("userSeenAt", now - USER_GONE_MS).page(1, SWEPT_PER_RUN);
    for chat in CHATS.query(call.host, &stale)?.list {
        unless_changed(chats::end(call, chat, "system"))?;
    }
    let idle = Query::new().eq("state", chats::BOT).lt("userSeenAt", now - BOT_IDLE_MS).page(1, SWEPT_PER_RUN);
    for chat in CHATS.query(call.host, &idle)?.list {
        unless_changed(chats::end(call, chat, "system"))?;
    }
    dispatch(call)
}

/// Back to the queue, ahead of those who came after it; whether it went.
fn requeue(call: &mut Call<'_>, mut chat: Doc<Chat>) -> PluginResult<bool> {
    let agent = chat.data.agent_id;
    chat.data.state = QUEUED.into();
    chat.data.active = false;
    chat.data.ticket = ticket_at(chat.data.queued_at.max(1), &chat.id);
    chat.data.seat_id.clear();
    chat.data.seat_number.clear();
    chat.data.agent_id = 0;
    chat.data.agent_name.clear();
    let Some(chat) = unless_changed(CHATS.update(call.host, &chat.id, &chat.data, Some(chat.version)))? else {
        return Ok(false);
    };
    chats::note(call, &chat, "requeued", json!({}))?;
    chats::announce_state(call, &chat)?;
    moved(call, "joined", chat.data.ticket)?;
    live::notify(call.host, agent, chats::AGENT_TOPIC, &json!({ "type": "requeued", "chatId": chat.id }))?;
    Ok(true)
}

/// A ticket for a chat queued at `at`: in time order, and apart from another chat queued in the
/// same millisecond.
pub fn ticket_at(at: i64, chat_id: &str) -> i64 {
    let spread = chat_id.bytes().fold(0i64, |h, b| (h * 31 + i64::from(b)) % 1000);
    at * 1000 + spread
}
