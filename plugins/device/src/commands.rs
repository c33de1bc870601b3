//! Commands from the console to a device: a property set or a service call, checked
//! against the thing model. To an offline device one is refused ("Device is offline"), unless the
//! sender asks to keep it (`keepFor`, as ThingsBoard's persistent RPC does): then it waits until
//! the device is back, or expires. The device fetches what waits for it (over MQTT, on
//! connecting) and replies; the console reads the command until it is answered, or until
//! [`ANSWER_TIMEOUT_MS`] after its delivery passed without an answer: "Can't get device status".

use console_plugin_sdk::thing_model::{self, Direction};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::devices::{self, Device};
use crate::presence::is_online;
use crate::reports::{REPLY, REPORTS, Report, expiry};

pub const SET: &str = "set";
pub const SERVICE: &str = "service";
/// A reset to factory settings (deviceReset): the device forgets its network and its family.
pub const RESET: &str = "reset";

pub const PENDING: &str = "pending";
pub const DELIVERED: &str = "delivered";
pub const SUCCEEDED: &str = "succeeded";
pub const FAILED: &str = "failed";
/// Not stored: a command unanswered past the timeout reads so.
pub const TIMEOUT: &str = "timeout";
/// Not stored: a command kept for an offline device that did not come back in time.
pub const EXPIRED: &str = "expired";

pub const ANSWER_TIMEOUT_MS: i64 = 30_000;
/// The longest a command waits for an offline device: a week.
pub const MAX_KEEP_SECS: i64 = 7 * 24 * 3600;
/// The most commands a device fetches at once.
const FETCH_LIMIT: u32 = 20;

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Command {
    pub sn: String,
    /// [`SET`], [`SERVICE`] or [`RESET`].
    pub kind: String,
    /// The service's identifier; empty for a property set.
    pub identifier: String,
    pub params: serde_json::Map<String, Value>,
    /// [`PENDING`], [`DELIVERED`], [`SUCCEEDED`], [`FAILED`] (or [`TIMEOUT`] as answered).
    pub state: String,
    pub sent_at: i64,
    /// Not fetched by then, it is not delivered any more: [`ANSWER_TIMEOUT_MS`] after sending,
    /// or the `keepFor` of a command kept for an offline device.
    pub expires_at: i64,
    pub delivered_at: Option<i64>,
    pub answered_at: Option<i64>,
    /// A service's output parameters.
    pub output: serde_json::Map<String, Value>,
    /// The device's words when it failed.
    pub message: String,
    pub by: String,
    /// Why the user sent it (a reset's reason).
    pub reason: String,
}

pub const COMMANDS: Collection<Command> = Collection::new("commands");

fn unanswered(command: &Command) -> bool {
    command.state == PENDING || command.state == DELIVERED
}

/// A command as answered: [`EXPIRED`] once a kept one was not fetched in time, [`TIMEOUT`] once
/// the device took too long to answer.
pub fn shown(doc: Doc<Command>, now: i64) -> Doc<Command> {
    let mut doc = doc;
    let command = &doc.data;
    let kept = command.expires_at > command.sent_at + ANSWER_TIMEOUT_MS;
    let late = match command.delivered_at {
        Some(delivered) => now - delivered > ANSWER_TIMEOUT_MS,
        None => now > command.expires_at.max(command.sent_at + ANSWER_TIMEOUT_MS),
    };
    if unanswered(command) && late {
        doc.data.state = if kept && command.delivered_at.is_none() { EXPIRED } else { TIMEOUT }.into();
    }
    doc
}

/// "Device is offline".
pub fn offline() -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            "设备离线",
            "Device is offline.",
            "Das Gerät ist offline.",
            "El dispositivo está desconectado.",
            "L’appareil est hors ligne.",
            "O dispositivo está offline.",
            "Устройство не в сети.",
        ]
        .map(str::to_string),
    )
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ParamsInput {
    /// `{identifier: value}`, checked against the thing model.
    pub params: serde_json::Map<String, Value>,
    /// Seconds the command waits for the device if it is offline (at most a week); 0 or absent:
    /// refused when offline.
    pub keep_for: Option<f64>,
}

pub fn online_device(call: &mut Call<'_>, sn: &str) -> PluginResult<Doc<Device>> {
    let device = devices::find(call, sn)?;
    if !is_online(device.data.last_seen_at, call.host.now_ms()) {
        return Err(offline());
    }
    Ok(device)
}

/// The device, and how long a command to it may wait to be delivered (ms): an online device the
/// answer timeout; an offline one only when the sender keeps the command for it (`keep_for` s).
fn addressee(call: &mut Call<'_>, sn: &str, keep_for: Option<f64>) -> PluginResult<(Doc<Device>, i64)> {
    let keep_secs = match keep_for {
        None => 0,
        some => console_plugin_sdk::validate::integer("keepFor", some, 0, MAX_KEEP_SECS)?,
    };
    let device = devices::find(call, sn)?;
    let now = call.host.now_ms();
    if is_online(device.data.last_seen_at, now) {
        return Ok((device, ANSWER_TIMEOUT_MS));
    }
    if keep_secs == 0 {
        return Err(offline());
    }
    Ok((device, (keep_secs * 1000).max(ANSWER_TIMEOUT_MS)))
}

pub fn send(
    call: &mut Call<'_>,
    sn: &str,
    kind: &str,
    identifier: &str,
    params: serde_json::Map<String, Value>,
    reason: String,
    wait_ms: i64,
) -> PluginResult<Value> {
    let now = call.host.now_ms();
    let command = Command {
        sn: sn.to_string(),
        kind: kind.into(),
        identifier: identifier.into(),
        params,
        state: PENDING.into(),
        sent_at: now,
        expires_at: now + wait_ms,
        by: call.context.user_name.clone(),
        reason,
        ..Command::default()
    };
    let doc = COMMANDS.insert(call.host, &command)?;
    // A device waiting on its long poll hears of it at once.
    console_plugin_sdk::devices::wake(call.host, sn)?;
    let what = match kind {
        SET => "Set device properties",
        RESET => "Reset a device",
        _ => "Call a device service",
    };
    call.host.audit(what, &format!("{sn} {identifier} {}", Value::Object(command.params)));
    Ok(json!(doc))
}

pub fn set_properties(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let input: ParamsInput = call.body()?;
    let (device, wait_ms) = addressee(call, &sn, input.keep_for)?;
    let model = crate::model::product(call, &device.data.product_id)?.thing_model;
    thing_model::check_properties(&model, "params", &input.params, Direction::Set)?;
    send(call, &sn, SET, "", input.params, String::new(), wait_ms)
}

pub fn call_service(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let identifier = call.param("identifier")?.to_string();
    let input: ParamsInput = call.body()?;
    let (device, wait_ms) = addressee(call, &sn, input.keep_for)?;
    let model = crate::model::product(call, &device.data.product_id)?.thing_model;
    thing_model::check_service(&model, "identifier", &identifier, &input.params, false)?;
    send(call, &sn, SERVICE, &identifier, input.params, String::new(), wait_ms)
}

pub fn get(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let now = call.host.now_ms();
    Ok(json!(shown(COMMANDS.find(call.host, &id)?, now)))
}

/// The shadow's desired state: what the property sets still waiting for the device (kept for
/// it while offline, or not fetched yet) will make of its properties, `{identifier: {value,
/// since}}`, the newest set of each property winning. It goes down when the device listens
/// again (MQTT: on reconnecting; HTTP: on its next fetch), and leaves the desired state then.
pub fn desired(call: &mut Call<'_>, sn: &str) -> PluginResult<serde_json::Map<String, Value>> {
    let now = call.host.now_ms();
    // Newest first: the newest set of each property is the one kept.
    let waiting =
        Query::new().eq("sn", sn).eq("state", PENDING).gte("expiresAt", now).sort("sentAt", true).page(1, FETCH_LIMIT);
    let mut desired = serde_json::Map::new();
    for doc in COMMANDS.query(call.host, &waiting)?.list.into_iter().filter(|c| c.data.kind == SET) {
        for (identifier, value) in doc.data.params {
            desired.entry(identifier).or_insert_with(|| json!({ "value": value, "since": doc.data.sent_at }));
        }
    }
    Ok(desired)
}

/// What the device fetches: its waiting commands not expired, oldest first, marked delivered;
/// `?limit=` fewer than [`FETCH_LIMIT`] (the MQTT gateway takes no more than the device's
/// Receive Maximum leaves room for: one taken and not sent would time out unseen).
pub fn fetch(call: &mut Call<'_>, sn: &str) -> PluginResult<Value> {
    let now = call.host.now_ms();
    let limit =
        call.query("limit").and_then(|l| l.parse::<u32>().ok()).map_or(FETCH_LIMIT, |l| l.clamp(1, FETCH_LIMIT));
    let waiting =
        Query::new().eq("sn", sn).eq("state", PENDING).gte("expiresAt", now).sort("sentAt", false).page(1, limit);
    let mut delivered = Vec::new();
    for doc in COMMANDS.query(call.host, &waiting)?.list {
        let mut command = doc.data;
        command.state = DELIVERED.into();
        command.delivered_at = Some(now);
        delivered.push(
            json!({ "id": doc.id, "kind": command.kind, "identifier": command.identifier, "params": command.params }),
        );
        COMMANDS.update(call.host, &doc.id, &command, Some(doc.version))?;
    }
    Ok(Value::Array(delivered))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Unacknowledged {
    /// Commands published to the device on a session that ended before the device acknowledged
    /// them (MQTT PUBACK); at most as many as one fetch hands out.
    pub ids: Vec<String>,
}

/// The MQTT gateway gives back the commands a session published but the device never
/// acknowledged: each waits again, as if never fetched, while it may still be delivered (a
/// kept command for its keep, another within its 30 s), and the device is woken for them.
/// Only the device's own, delivered, unanswered commands: anything else is left as it is.
pub fn requeue(call: &mut Call<'_>, sn: &str) -> PluginResult<Value> {
    let ids = call.body::<Unacknowledged>()?.ids;
    if ids.len() > FETCH_LIMIT as usize {
        let too_many = console_plugin_sdk::Message::TooMany { field: "ids".into(), max: FETCH_LIMIT as usize };
        return Err(PluginError::invalid("ids", too_many));
    }
    let now = call.host.now_ms();
    let mut requeued = 0;
    for id in ids {
        let Some(doc) = COMMANDS.get(call.host, &id)? else { continue };
        // Not one the console already shows as timed out: that answer stands.
        let still_delivered = shown(doc.clone(), now).data.state == DELIVERED;
        if doc.data.sn != sn || !still_delivered || doc.data.expires_at < now {
            continue;
        }
        let waiting = Command { state: PENDING.into(), delivered_at: None, ..doc.data.clone() };
        // A version conflict: the device answered it meanwhile, which stands.
        if COMMANDS.update(call.host, &doc.id, &waiting, Some(doc.version)).is_ok() {
            requeued += 1;
        }
    }
    if requeued > 0 {
        console_plugin_sdk::devices::wake(call.host, sn)?;
    }
    Ok(json!({ "requeued": requeued }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Reply {
    /// 200: done; anything else: failed.
    pub code: u16,
    /// A service's output parameters.
    pub params: serde_json::Map<String, Value>,
    pub message: String,
}

/// The device's answer to one of its commands: kept on the command and in the history.
pub fn reply(
    call: &mut Call<'_>,
    device: &Doc<Device>,
    cleaning_expiry_days: i64,
    model: &thing_model::ThingModel,
) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let reply: Reply = call.body()?;
    let doc = COMMANDS.find(call.host, &id)?;
    if doc.data.sn != device.data.sn {
        return Err(PluginError::not_found());
    }
    let now = call.host.now_ms();
    let shown = shown(doc.clone(), now);
    if !unanswered(&shown.data) {
        // Answered already, or too late: the console has told the user it got no answer.
        return Err(PluginError::conflict());
    }
    let succeeded = reply.code == 200;
    if succeeded && doc.data.kind == SERVICE {
        thing_model::check_service(model, "identifier", &doc.data.identifier, &reply.params, true)?;
    }
    let message =
        console_plugin_sdk::validate::optional("message", &reply.message, console_plugin_sdk::validate::LONG_TEXT)?;
    let mut command = doc.data;
    command.state = if succeeded { SUCCEEDED } else { FAILED }.into();
    command.answered_at = Some(now);
    command.output = if succeeded { reply.params } else { Default::default() };
    command.message = message;
    let report = Report {
        sn: command.sn.clone(),
        product_id: device.data.product_id.clone(),
        kind: REPLY.into(),
        identifier: if command.kind == SET { "set".into() } else { command.identifier.clone() },
        event_type: command.state.clone(),
        params: command.output.clone(),
        at: now,
        expires_at: expiry(now, cleaning_expiry_days),
        firmware_version: device.data.firmware_version.clone(),
    };
    let updated = COMMANDS.update(call.host, &doc.id, &command, Some(doc.version))?;
    REPORTS.insert(call.host, &report)?;
    if updated.data.kind == RESET {
        crate::bindings::reset_answered(call, &updated.data)?;
    }
    Ok(json!(updated))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(sent_at: i64, expires_at: i64, delivered_at: Option<i64>) -> Doc<Command> {
        let data = Command { state: PENDING.into(), sent_at, expires_at, delivered_at, ..Command::default() };
        Doc { id: "1".into(), version: 1, created_at: 0, created_by: 0, updated_at: 0, updated_by: 0, data }
    }

    fn state(doc: Doc<Command>, now: i64) -> String {
        shown(doc, now).data.state
    }

    #[test]
    fn a_command_to_an_online_device_times_out_30_seconds_after_it_was_sent() {
        let sent = 1_000_000;
        assert_eq!(state(command(sent, sent + ANSWER_TIMEOUT_MS, None), sent + ANSWER_TIMEOUT_MS), PENDING);
        assert_eq!(state(command(sent, sent + ANSWER_TIMEOUT_MS, None), sent + ANSWER_TIMEOUT_MS + 1), TIMEOUT);
        // Written before commands had an expiry: the timeout from sending still holds.
        assert_eq!(state(command(sent, 0, None), sent + ANSWER_TIMEOUT_MS + 1), TIMEOUT);
    }

    #[test]
    fn a_kept_command_waits_until_it_expires_and_then_has_30_seconds_from_its_delivery() {
        let sent = 1_000_000;
        let hour = 3_600_000;
        let kept = || command(sent, sent + hour, None);
        assert_eq!(state(kept(), sent + hour - 1), PENDING, "still waiting for the device");
        assert_eq!(state(kept(), sent + hour + 1), EXPIRED, "the device did not come back in time");
        let delivered = sent + hour / 2;
        let fetched = || command(sent, sent + hour, Some(delivered));
        assert_eq!(state(fetched(), delivered + ANSWER_TIMEOUT_MS), PENDING);
        assert_eq!(state(fetched(), delivered + ANSWER_TIMEOUT_MS + 1), TIMEOUT, "delivered, then silent");
    }
}
