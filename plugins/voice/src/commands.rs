//! Commands of a control mode, with their parameters as a JSON document.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::assistants;
use crate::modes::{of_platform_mode, parameters};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Command {
    pub mode_id: String,
    pub command_name: String,
    pub parameters: Value,
}

pub const COMMANDS: Collection<Command> = Collection::new("commands");

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct CommandInput {
    mode_id: String,
    command_name: String,
    parameters: String,
}

impl CommandInput {
    fn validate(self, call: &mut Call<'_>, platform: &str) -> PluginResult<Command> {
        let mode_id = validate::required("modeId", &self.mode_id, 64)?;
        of_platform_mode(call, platform, &mode_id).map_err(|_| {
            PluginError::format(
                "modeId",
                [
                    "此平台下的控制模式",
                    "a control mode of this platform",
                    "ein Steuermodus dieser Plattform",
                    "un modo de control de esta plataforma",
                    "un mode de commande de cette plateforme",
                    "um modo de controlo desta plataforma",
                    "режим управления этой платформы",
                ],
            )
        })?;
        Ok(Command {
            mode_id,
            command_name: validate::required("commandName", &self.command_name, SHORT_TEXT)?,
            parameters: parameters("parameters", &self.parameters)?,
        })
    }
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let mode_id = validate::required("modeId", call.query("modeId").unwrap_or(""), 64)?;
    of_platform_mode(call, &platform, &mode_id)?;
    let query = Query::new().eq("modeId", mode_id.as_str()).sort("commandName", false).paged_by(call)?;
    Ok(json!(COMMANDS.query(call.host, &query)?))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let command = call.body::<CommandInput>()?.validate(call, &platform)?;
    Ok(json!(COMMANDS.insert(call.host, &command)?))
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let id = call.param("id")?.to_string();
    let version = call.version();
    let before = COMMANDS.find(call.host, &id)?;
    of_platform_mode(call, &platform, &before.data.mode_id)?;
    let command = call.body::<CommandInput>()?.validate(call, &platform)?;
    Ok(json!(COMMANDS.update(call.host, &id, &command, version)?))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let platform = assistants::platform(call)?;
    let id = call.param("id")?.to_string();
    let command = COMMANDS.find(call.host, &id)?;
    of_platform_mode(call, &platform, &command.data.mode_id)?;
    call.confirm_name(&command.data.command_name)?;
    COMMANDS.delete(call.host, &id)?;
    Ok(Value::Null)
}
