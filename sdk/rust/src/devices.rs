//! Keys of single devices (contract 0.1.7): once a device proved who it is, the plugin issues it
//! a key bound to its SN; the device's later calls carry it, and [`crate::Context::device_sn`]
//! names the device from the key, never from what the device sent.

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

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
