//! Commands of a control mode, with their parameters as a JSON document.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value};
use serde::{Deserialize, Serialize};

use crate::assistants;
use crate::modes::{of_platform_mode, parameters};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Command {
    pub mode_id: String,
    pub command_name: String,
    pub parameters: Value,
}

pub const COMMANDS: Collection<Command> = Collection::new("commands");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CommandInput {
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

/// The commands of one control mode (`?modeId=`) of the path's platform.
pub struct Commands;

impl Resource for Commands {
    type Data = Command;
    type Input = CommandInput;
    const COLLECTION: Collection<Command> = COMMANDS;
    const SORT: &'static [(&'static str, bool)] = &[("commandName", false)];

    fn name(command: &Command) -> &str {
        &command.command_name
    }

    fn scope(call: &mut Call<'_>, query: Query) -> PluginResult<Query> {
        let platform = assistants::platform(call)?;
        let mode_id = validate::required("modeId", call.query("modeId").unwrap_or(""), 64)?;
        of_platform_mode(call, &platform, &mode_id)?;
        Ok(query.eq("modeId", mode_id.as_str()))
    }

    fn visible(call: &mut Call<'_>, command: &Doc<Command>) -> PluginResult<()> {
        let platform = assistants::platform(call)?;
        of_platform_mode(call, &platform, &command.data.mode_id).map(drop)
    }

    fn validate(call: &mut Call<'_>, input: CommandInput, _: Option<&Doc<Command>>) -> PluginResult<Command> {
        let platform = assistants::platform(call)?;
        input.validate(call, &platform)
    }
}
