//! Customer-service seats (/customerService/seatList): a number, the console account whose agent
//! works it, how many chats it takes at once, a manual busy switch, and its service periods in its
//! own time zone. A seat takes a chat while its agent has the workspace open (online), it is within
//! a period (on duty), not switched to busy and not full: its status is then free, otherwise busy.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Resource, Value, json, platform};
use serde::{Deserialize, Serialize};

use crate::periods::{self, Period};
use crate::{chats, messages};

/// An agent is online while the workspace said so within this (it says so every 20 s).
pub const ONLINE_MS: i64 = 60_000;
/// Chats one seat takes at most.
pub const MAX_USERS: i64 = 50;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Seat {
    pub number: String,
    /// The console account whose agent works the seat.
    pub account_id: i64,
    pub user_name: String,
    pub agent_name: String,
    /// Maximum connected users.
    pub max_users: u32,
    /// Switched to busy by hand: takes no new chat.
    pub manual_busy: bool,
    /// IANA name; the periods are read in it.
    pub time_zone: String,
    pub periods: Vec<Period>,
}

pub const SEATS: Collection<Seat> = Collection::new("seats");

/// When a seat's agent was last seen and last given a chat: written often, so apart from the
/// seat (whose version an administrator's edit checks).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Presence {
    pub seat_id: String,
    pub last_seen_at: i64,
    pub last_assigned_at: i64,
    /// The workspace was closed: offline at once, though its chats stay until the agent has
    /// been gone for `queue::AGENT_GONE_MS` (a reload must not hand them to others).
    #[serde(default)]
    pub away: bool,
}

pub const PRESENCE: Collection<Presence> = Collection::new("seat_presence");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SeatInput {
    number: String,
    /// The agent's console account, by user name.
    user_name: String,
    max_users: Option<f64>,
    manual_busy: bool,
    time_zone: String,
    periods: Vec<Period>,
}

impl SeatInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Seat>>) -> PluginResult<Seat> {
        let number = validate::required("number", &self.number, SHORT_TEXT)?;
        if number.len() > 16 || !number.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(messages::seat_number_format());
        }
        let user_name = validate::required("userName", &self.user_name, 64)?;
        let account = platform::account(call.host, "userName", &user_name)?;
        // The chats it has stay with their agent: another account takes the seat once they end.
        if let Some(current) = current.filter(|c| c.data.account_id != account.id)
            && chats::active_count(call, &current.id)? > 0
        {
            return Err(messages::seat_account_busy());
        }
        let taken = SEATS.query(call.host, &Query::new().eq("accountId", account.id).page(1, 2))?;
        if taken.list.iter().any(|s| Some(s.id.as_str()) != current.map(|c| c.id.as_str())) {
            return Err(messages::account_has_a_seat());
        }
        periods::time_zone(&self.time_zone)?;
        Ok(Seat {
            number,
            account_id: account.id,
            user_name: account.user_name,
            agent_name: account.name,
            max_users: validate::integer("maxUsers", self.max_users, 1, MAX_USERS)? as u32,
            manual_busy: self.manual_busy,
            time_zone: self.time_zone.trim().to_string(),
            periods: periods::checked(&self.periods)?,
        })
    }
}

/// What a seat is doing now.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeatState {
    /// The agent has the workspace open.
    pub online: bool,
    /// Within one of its periods.
    pub on_duty: bool,
    /// Chats connected to it now.
    pub active: u64,
    /// `free` (takes a chat now) or `busy`.
    pub status: &'static str,
}

impl SeatState {
    pub fn takes_chats(&self) -> bool {
        self.status == "free"
    }
}

pub fn presence(call: &mut Call<'_>, seat_id: &str) -> PluginResult<Option<Doc<Presence>>> {
    Ok(PRESENCE.query(call.host, &Query::new().eq("seatId", seat_id).page(1, 1))?.list.into_iter().next())
}

pub fn state(call: &mut Call<'_>, seat: &Doc<Seat>) -> PluginResult<SeatState> {
    let now = call.host.now_ms();
    let here = presence(call, &seat.id)?.filter(|p| !p.data.away);
    let online = here.is_some_and(|p| now - p.data.last_seen_at < ONLINE_MS);
    let on_duty = periods::on_duty(&seat.data.periods, &seat.data.time_zone, now);
    let active = chats::active_count(call, &seat.id)?;
    let free = online && on_duty && !seat.data.manual_busy && active < u64::from(seat.data.max_users);
    Ok(SeatState { online, on_duty, active, status: if free { "free" } else { "busy" } })
}

/// The caller's own seat, if he has one.
pub fn find_mine(call: &mut Call<'_>) -> PluginResult<Option<Doc<Seat>>> {
    let me = call.context.user_id;
    Ok(SEATS.query(call.host, &Query::new().eq("accountId", me).page(1, 1))?.list.into_iter().next())
}

/// The caller's own seat.
pub fn mine(call: &mut Call<'_>) -> PluginResult<Doc<Seat>> {
    find_mine(call)?.ok_or_else(messages::no_seat)
}

/// The workspace says its agent is there: the seat is online.
pub fn seen(call: &mut Call<'_>, seat_id: &str) -> PluginResult<()> {
    let now = call.host.now_ms();
    match presence(call, seat_id)? {
        Some(mut doc) => {
            doc.data.last_seen_at = now;
            doc.data.away = false;
            PRESENCE.update(call.host, &doc.id, &doc.data, None)?;
        }
        None => {
            PRESENCE.insert(
                call.host,
                &Presence { seat_id: seat_id.into(), last_seen_at: now, last_assigned_at: 0, away: false },
            )?;
        }
    }
    Ok(())
}

/// The seat's agent left the workspace: offline at once, not a minute later (his chats stay).
pub fn gone(call: &mut Call<'_>, seat_id: &str) -> PluginResult<()> {
    if let Some(mut doc) = presence(call, seat_id)? {
        doc.data.away = true;
        PRESENCE.update(call.host, &doc.id, &doc.data, None)?;
    }
    Ok(())
}

pub struct Seats;

impl Resource for Seats {
    type Data = Seat;
    type Input = SeatInput;
    const COLLECTION: Collection<Seat> = SEATS;
    const SEARCH: &'static [&'static str] = &["number", "userName"];
    const SORT: &'static [(&'static str, bool)] = &[("number", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a customer-service seat");

    fn name(data: &Seat) -> &str {
        &data.number
    }

    fn validate(call: &mut Call<'_>, input: SeatInput, current: Option<&Doc<Seat>>) -> PluginResult<Seat> {
        input.validate(call, current)
    }

    fn after_update(call: &mut Call<'_>, _updated: &Doc<Seat>) -> PluginResult<()> {
        // More room, or back from busy: the queue moves.
        crate::queue::dispatch(call)
    }

    fn before_delete(call: &mut Call<'_>, doc: &Doc<Seat>) -> PluginResult<()> {
        if chats::active_count(call, &doc.id)? > 0 {
            return Err(messages::seat_in_use());
        }
        PRESENCE.delete_where(call.host, &Query::new().eq("seatId", doc.id.as_str()))?;
        Ok(())
    }

    fn shown(call: &mut Call<'_>, doc: &Doc<Seat>) -> Value {
        let state = state(call, doc).ok();
        let mut shown = json!(doc);
        shown["state"] = json!(state);
        shown
    }
}

/// `GET /seat-accounts?text=`: the enterprise's accounts a seat can be given.
pub fn accounts(call: &mut Call<'_>) -> PluginResult<Value> {
    let text = validate::optional("text", call.query("text").unwrap_or(""), 64)?;
    let found = platform::accounts(call.host, &text, 20)?;
    let list: Vec<Value> = found
        .iter()
        .filter(|a| !a.disabled)
        .map(|a| json!({ "id": a.id, "userName": a.user_name, "name": a.name }))
        .collect();
    Ok(Value::Array(list))
}
