//! Mailbox capacity alarms: per server, the mailbox's daily sending capacity and a threshold in
//! percent; when the mails sent today pass the threshold, an alarm mail goes to the recipients, not
//! more often than every `interval` minutes and at most `alarm count` times a day, and not before
//! the alarm time of day when one is set (so that nobody is woken by a mailbox filling at night).

use console_plugin_sdk::host::OutgoingMail;
use console_plugin_sdk::time::{DAY_MS, day_label};
use console_plugin_sdk::validate::{self, MAX_LIST_ENTRIES};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::records::RECORDS;
use crate::servers::{self, SERVERS};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapacityAlarm {
    pub server_id: String,
    /// Percent of the capacity.
    pub threshold: u32,
    /// Mails the mailbox may send a day.
    pub capacity: u32,
    /// Alarms a day at most.
    pub alarm_count: u32,
    pub interval_minutes: u32,
    pub recipients: Vec<String>,
    /// "HH:MM" (UTC, the day the counts use): no alarm earlier in the day; empty for any time.
    #[serde(default)]
    pub alarm_time: String,
    pub last_alarm_at: Option<i64>,
    pub alarms_today: u32,
    pub alarm_day: String,
}

pub const ALARMS: Collection<CapacityAlarm> = Collection::new("alarms");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AlarmInput {
    server_id: String,
    threshold: Option<u32>,
    capacity: Option<u32>,
    alarm_count: Option<u32>,
    interval_minutes: Option<u32>,
    recipients: String,
    alarm_time: String,
}

/// Minutes since midnight of "HH:MM".
fn minutes_of_day(text: &str) -> Option<i64> {
    let (hours, minutes) = text.split_once(':')?;
    let fits = |part: &str| part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
    if !fits(hours) || !fits(minutes) {
        return None;
    }
    let (hours, minutes) = (hours.parse::<i64>().ok()?, minutes.parse::<i64>().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

/// The time of day from which the alarm may go out (HH:MM): required, as every field of an
/// alarm; 00:00 lets it go out at any time.
fn alarm_time(text: &str) -> PluginResult<String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PluginError::required("alarmTime"));
    }
    if minutes_of_day(text).is_some() {
        Ok(text.to_string())
    } else {
        Err(PluginError::format("alarmTime", crate::expected::TIME_OF_DAY))
    }
}

fn number(field: &str, value: Option<u32>, min: f64, max: f64) -> PluginResult<u32> {
    let value = value.ok_or_else(|| PluginError::required(field))?;
    validate::range(field, f64::from(value), min, max)?;
    Ok(value)
}

/// Creates or replaces the alarm of a server.
pub fn save(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<AlarmInput>()?;
    let server_id = validate::required("serverId", &input.server_id, 64)?;
    SERVERS.get(call.host, &server_id)?.ok_or_else(|| PluginError::format("serverId", crate::expected::MAIL_SERVER))?;
    let recipients = validate::lines("recipients", &input.recipients, MAX_LIST_ENTRIES)?;
    if recipients.is_empty() {
        return Err(PluginError::required("recipients"));
    }
    let alarm = CapacityAlarm {
        threshold: number("threshold", input.threshold, 1.0, 100.0)?,
        capacity: number("capacity", input.capacity, 1.0, 10_000_000.0)?,
        alarm_count: number("alarmCount", input.alarm_count, 1.0, 100.0)?,
        interval_minutes: number("intervalMinutes", input.interval_minutes, 1.0, 1440.0)?,
        recipients,
        alarm_time: alarm_time(&input.alarm_time)?,
        server_id: server_id.clone(),
        last_alarm_at: None,
        alarms_today: 0,
        alarm_day: String::new(),
    };
    let existing =
        ALARMS.query(call.host, &Query::new().eq("serverId", server_id.as_str()).page(1, 1))?.list.into_iter().next();
    Ok(json!(match existing {
        Some(doc) => ALARMS.update(
            call.host,
            &doc.id,
            &CapacityAlarm {
                last_alarm_at: doc.data.last_alarm_at,
                alarms_today: doc.data.alarms_today,
                alarm_day: doc.data.alarm_day,
                ..alarm
            },
            None
        )?,
        None => ALARMS.insert(call.host, &alarm)?,
    }))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().eq_opt("serverId", call.query("serverId")).sort("createdAt", true).paged_by(call)?;
    Ok(json!(ALARMS.query(call.host, &query)?))
}

/// After `sent_now` mails went out through `server_id` in this call, before they are recorded:
/// the alarm mail, when the threshold is passed and the interval and daily count allow. Returns
/// the alarm to save (with [`save_raised`], once the call's sends are done) when one went out.
pub fn after_sends(host: &mut dyn Host, server_id: &str, sent_now: u64) -> PluginResult<Option<Doc<CapacityAlarm>>> {
    if sent_now == 0 {
        return Ok(None);
    }
    let Some(mut alarm) =
        ALARMS.query(host, &Query::new().eq("serverId", server_id).page(1, 1))?.list.into_iter().next()
    else {
        return Ok(None);
    };
    let now = host.now_ms();
    let day_start = now - now.rem_euclid(DAY_MS);
    let recorded = RECORDS
        .count(host, &Query::new().eq("serverId", server_id).eq("status", "sent").gte("lastTriedAt", day_start))?;
    let sent_today = recorded + sent_now;
    let limit = u64::from(alarm.data.capacity) * u64::from(alarm.data.threshold) / 100;
    let today = day_label(now);
    if alarm.data.alarm_day != today {
        alarm.data.alarm_day = today;
        alarm.data.alarms_today = 0;
    }
    let interval_passed =
        alarm.data.last_alarm_at.is_none_or(|at| now - at >= i64::from(alarm.data.interval_minutes) * 60_000);
    let too_early = minutes_of_day(&alarm.data.alarm_time).is_some_and(|at| (now - day_start) / 60_000 < at);
    if sent_today < limit.max(1) || !interval_passed || too_early || alarm.data.alarms_today >= alarm.data.alarm_count {
        return Ok(None);
    }
    let server = SERVERS.find(host, server_id)?;
    let smtp = servers::smtp(host, &server.data)?;
    let subject = format!(
        "Mailbox capacity alarm: {} sent {sent_today} of {} today",
        server.data.server_name, alarm.data.capacity
    );
    let mail = OutgoingMail {
        from_address: server.data.sender_address.clone(),
        from_name: server.data.sender_name.clone(),
        to: alarm.data.recipients.clone(),
        html_body: format!("<p>{subject} (threshold {}%).</p>", alarm.data.threshold),
        subject,
        text_body: String::new(),
    };
    if let Err(error) = host.send_mail(&smtp, &mail) {
        host.log(console_plugin_sdk::host::Level::Warn, &format!("capacity alarm not sent: {error}"));
        return Ok(None);
    }
    alarm.data.last_alarm_at = Some(now);
    alarm.data.alarms_today += 1;
    Ok(Some(alarm))
}

/// Saves an alarm [`after_sends`] raised.
pub fn save_raised(host: &mut dyn Host, alarm: Option<Doc<CapacityAlarm>>) -> PluginResult<()> {
    if let Some(alarm) = alarm {
        ALARMS.update(host, &alarm.id, &alarm.data, Some(alarm.version))?;
    }
    Ok(())
}
