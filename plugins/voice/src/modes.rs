//! Control modes of an assistant (power, fan speed, cleaning mode...), with their parameters as
//! a JSON document.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::assistants::{self, of_platform};
use crate::commands::COMMANDS;
use crate::messages;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
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

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ModeInput {
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

/// Modes as a resource: listed per assistant of the path's platform; a mode with commands is
/// not deleted.
pub struct Modes;

impl Resource for Modes {
    type Data = ControlMode;
    type Input = ModeInput;
    const COLLECTION: Collection<ControlMode> = MODES;
    const SORT: &'static [(&'static str, bool)] = &[("modeName", false)];

    fn name(mode: &ControlMode) -> &str {
        &mode.mode_name
    }

    fn scope(call: &mut Call<'_>, query: Query) -> PluginResult<Query> {
        let platform = assistants::platform(call)?;
        let assistant_id = validate::required("assistantId", call.query("assistantId").unwrap_or(""), 64)?;
        of_platform(call, &platform, &assistant_id)?;
        Ok(query.eq("assistantId", assistant_id.as_str()))
    }

    fn visible(call: &mut Call<'_>, mode: &Doc<ControlMode>) -> PluginResult<()> {
        let platform = assistants::platform(call)?;
        of_platform(call, &platform, &mode.data.assistant_id).map(drop)
    }

    fn validate(
        call: &mut Call<'_>,
        input: ModeInput,
        _current: Option<&Doc<ControlMode>>,
    ) -> PluginResult<ControlMode> {
        let platform = assistants::platform(call)?;
        input.validate(call, &platform)
    }

    fn before_delete(call: &mut Call<'_>, mode: &Doc<ControlMode>) -> PluginResult<()> {
        let commands = COMMANDS.count(call.host, &Query::new().eq("modeId", mode.id.as_str()))?;
        if commands > 0 {
            return Err(messages::has_commands(commands));
        }
        Ok(())
    }
}
