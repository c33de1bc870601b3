//! The message log: messages between devices and the platform, reported by devices through the
//! device-facing route; searchable by topic (fuzzy or precise), type, action and time.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

pub const MESSAGE_TYPES: [&str; 4] = ["eventReport", "serviceCall", "propertySet", "propertyReport"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoggedMessage {
    pub topic: String,
    pub message_type: String,
    pub action_type: String,
    pub device_sn: String,
    pub payload: Value,
    pub report_time: i64,
}

pub const MESSAGES: Collection<LoggedMessage> = Collection::new("messages");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Report {
    topic: String,
    message_type: String,
    action_type: String,
    device_sn: String,
    payload: Value,
    report_time: Option<i64>,
}

pub fn report(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<Report>()?;
    let now = call.host.now_ms();
    let message = LoggedMessage {
        topic: validate::required("topic", &input.topic, 256)?,
        message_type: validate::one_of("messageType", &input.message_type, &MESSAGE_TYPES)?,
        action_type: validate::required("actionType", &input.action_type, SHORT_TEXT)?,
        device_sn: validate::required("deviceSn", &input.device_sn, 64)?,
        payload: input.payload,
        report_time: input.report_time.unwrap_or(now),
    };
    if message.payload.to_string().len() > 16 * 1024 {
        return Err(PluginError::format(
            "payload",
            [
                "不超过 16 KiB 的 JSON",
                "at most 16 KiB of JSON",
                "höchstens 16 KiB JSON",
                "como máximo 16 KiB de JSON",
                "au plus 16 Kio de JSON",
                "no máximo 16 KiB de JSON",
                "не более 16 КиБ JSON",
            ],
        ));
    }
    Ok(json!(MESSAGES.insert(call.host, &message)?))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = Query::new()
        .search("topic", call.query("topic"), mode)
        .eq_opt("messageType", call.query("messageType"))
        .eq_opt("actionType", call.query("actionType"))
        .eq_opt("deviceSn", call.query("deviceSn"));
    if let Some(from) = call.query("from").and_then(|v| v.parse::<i64>().ok()) {
        query = query.gte("reportTime", from);
    }
    if let Some(to) = call.query("to").and_then(|v| v.parse::<i64>().ok()) {
        query = query.lte("reportTime", to);
    }
    let query = query.sort("reportTime", true).paged_by(call)?;
    Ok(json!(MESSAGES.query(call.host, &query)?))
}
