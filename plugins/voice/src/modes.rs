//! Control modes of an assistant (power, fan speed, cleaning mode...), with their parameters as
//! a JSON document.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::assistants::{self, of_platform};
use crate::commands::COMMANDS;
use crate::messages;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ControlMode {
    pub assistant_id: String,
    pub mode_name: String,
    pub parameters: Value,
}

pub const MODES: Collection<ControlMode> = Collection::new("modes");

/// A parameters field: JSON text, an object or an array; empty means `{}`.
pub fn parameters(field: &str, text: &str) -> PluginResult<Value> {
    if text.trim().is_empty() {
        return Ok(json!({}));
    }
    let value = validate::json_text(field, text)?;
    if value.is_object() || value.is_array() {
        Ok(value)
    } else {
        Err(PluginError::format(
            field,
            [
                "JSON 对象或数组",
                "a JSON object or array",
                "ein JSON-Objekt oder -Array",
                "un objeto o array JSON",
                "un objet ou tableau JSON",
                "um objeto ou array JSON",
                "объект или массив JSON",
            ],
        ))
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ModeInput {
    assistant_id: String,
    mode_name: String,
    parameters: String,
}

impl ModeInput {
    fn validate(self, call: &mut Call<'_>, platform: &str) -> PluginResult<ControlMode> {
        let assistant_id = validate::required("assistantId", &self.assistant_id, 64)?;
        of_platform(call, platform, &assistant_id).map_err(|_| {
            PluginError::format(
                "assistantId",
                [
                    "此平台下的语音助手",
                    "an assistant of this platform",
                    "ein Assistent dieser Plattform",
                    "un asistente de esta plataforma",
                    "un assistant de cette plateforme",
                    "um assistente desta plataforma",
                    "ассистент этой платформы",
                ],
            )
        })?;
        Ok(ControlMode {
            assistant_id,
            mode_name: validate::required("modeName", &self.mode_name, SHORT_TEXT)?,
            parameters: parameters("parameters", &self.parameters)?,
        })
    }
}

/// The mode with this id, if its assistant is of the platform.
pub fn of_platform_mode(call: &mut Call<'_>, platform: &str, id: &str) -> PluginResult<Doc<ControlMode>> {
    let mode = MODES.find(call.host, id)?;
    of_platform(call, platform, &mode.data.assistant_id)?;
    Ok(mode)
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let assistant_id = validate::required("assistantId", call.query("assistantId").unwrap_or(""), 64)?;
    of_platform(call, &platform, &assistant_id)?;
    let query = Query::new().eq("assistantId", assistant_id.as_str()).sort("modeName", false).paged_by(call)?;
    Ok(json!(MODES.query(call.host, &query)?))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let mode = call.body::<ModeInput>()?.validate(call, &platform)?;
    Ok(json!(MODES.insert(call.host, &mode)?))
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let id = call.param("id")?.to_string();
    let version = call.version();
    of_platform_mode(call, &platform, &id)?;
    let mode = call.body::<ModeInput>()?.validate(call, &platform)?;
    Ok(json!(MODES.update(call.host, &id, &mode, version)?))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let id = call.param("id")?.to_string();
    let mode = of_platform_mode(call, &platform, &id)?;
    call.confirm_name(&mode.data.mode_name)?;
    let commands = COMMANDS.count(call.host, &Query::new().eq("modeId", id.as_str()))?;
    if commands > 0 {
        return Err(messages::has_commands(commands));
    }
    MODES.delete(call.host, &id)?;
    Ok(Value::Null)
}
