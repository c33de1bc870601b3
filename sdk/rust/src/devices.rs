//! Keys of single devices (contract 0.1.7): once a device proved who it is, the plugin issues it
//! a key bound to its SN; the device's later calls carry it, and [`crate::Context::device_sn`]
//! names the device from the key, never from what the device sent.

use crate::error::{PluginError, PluginResult};
use crate::host::Host;
pub use crate::host::{FleetKey, IssuedFleetKey};

/// A new key for `sn`, replacing the one it had: hand it to the device once.
pub fn issue_key(host: &mut dyn Host, sn: &str) -> PluginResult<String> {
    host.issue_device_key(sn).map_err(PluginError::internal)
}

/// Revokes the key of `sn` (unbound, reset): it must activate again. Whether it had one.
pub fn revoke_key(host: &mut dyn Host, sn: &str) -> PluginResult<bool> {
    host.revoke_device_key(sn).map_err(PluginError::internal)
}

/// Wakes `sn` where it waits on a long poll (a route with `long_poll` in the manifest): something
/// waits for it. Delivered when the call commits (contract 0.1.8).
pub fn wake(host: &mut dyn Host, sn: &str) -> PluginResult<()> {
    host.wake_device(sn).map_err(PluginError::internal)
}

/// The fleet keys of the call's enterprise and this plugin, newest first (contract 0.1.19).
pub fn fleet_keys(host: &mut dyn Host) -> PluginResult<Vec<FleetKey>> {
    host.fleet_keys().map_err(PluginError::internal)
}

/// Issues a fleet key named `name` for the call's enterprise: the key is in the answer only.
/// `None` when the enterprise has a key of that name for this plugin (contract 0.1.19).
pub fn issue_fleet_key(
    host: &mut dyn Host,
    name: &str,
    require_signature: bool,
) -> PluginResult<Option<IssuedFleetKey>> {
    host.issue_fleet_key(name, require_signature).map_err(PluginError::internal)
}

/// Revokes the fleet key `id` of the call's enterprise: its devices can no longer activate with
/// it. Whether there was one (contract 0.1.19).
pub fn revoke_fleet_key(host: &mut dyn Host, id: i64) -> PluginResult<bool> {
    host.revoke_fleet_key(id).map_err(PluginError::internal)
}
