//! Live messages (contract 0.1.10; the manifest asks for `events`): to the apps and devices
//! listening on a channel through one of the plugin's `socket` routes, and to one console user's
//! pages. Sent once the call commits; nothing is sent by a call that fails.

use serde::Serialize;

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// Sends `message` to every socket listening to `channel` (letters, digits, `.`, `-`, `_`, `:`).
pub fn send(host: &mut dyn Host, channel: &str, message: &impl Serialize) -> PluginResult<()> {
    let text = serde_json::to_string(message)?;
    host.live_send(channel, &text).map_err(PluginError::internal)
}

/// Sends `message` to the console pages of the user `user_id`, as an event of `topic` (the
/// plugin's own: `<plugin id>.…`) nobody else receives.
pub fn notify(host: &mut dyn Host, user_id: i64, topic: &str, message: &impl Serialize) -> PluginResult<()> {
    let text = serde_json::to_string(message)?;
    host.live_notify(user_id, topic, &text).map_err(PluginError::internal)
}
