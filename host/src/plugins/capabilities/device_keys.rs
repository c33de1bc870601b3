//! `device-keys` (contract 0.1.7): a plugin gives a device that proved who it is a key bound to
//! its SN, for its own device routes and the call's enterprise only; written in the call's
//! transaction, so a failed call issues nothing. From 0.1.19 the plugin also lists, issues and
//! revokes the fleet keys its enterprise's devices activate with (bound to no SN): an
//! enterprise's administrators manage their own on the plugin's pages, under its actions.

use crate::auth::session;
use crate::db::device_keys::{
    device_key_name, fleet_keys_in_call, issue_fleet_key_in_call, issue_in_call, names_a_device,
    revoke_fleet_key_in_call, revoke_in_call,
};
use crate::plugins::bindings::console::plugin::device_keys;
use crate::plugins::runtime::CallState;

const MAX_SN_CHARS: usize = 64;
/// The longest name of a fleet key, in characters.
const MAX_FLEET_KEY_NAME_CHARS: usize = 64;

/// A fleet key's name: 1 to 64 characters, and never one of the names the host gives the keys
/// of single devices (`sn:<SN>`), which the fleet keys would otherwise replace or hide.
fn fleet_key_name(name: &str) -> Result<&str, String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_FLEET_KEY_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(format!("a fleet key's name is 1 to {MAX_FLEET_KEY_NAME_CHARS} characters"));
    }
    if names_a_device(name) {
        return Err(format!("a fleet key's name does not begin with `{}`", device_key_name("")));
    }
    Ok(name)
}

fn sn_well_formed(sn: &str) -> Result<(), String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    if sn.is_empty() || sn.len() > MAX_SN_CHARS || !sn.chars().all(allowed) {
        return Err(format!("an SN is 1 to {MAX_SN_CHARS} letters, digits, `.`, `-` or `_`"));
    }
    Ok(())
}

impl device_keys::Host for CallState {
    async fn issue(&mut self, sn: String) -> wasmtime::Result<Result<String, String>> {
        if let Err(refused) = sn_well_formed(&sn) {
            return Ok(Err(refused));
        }
        if let Err(refused) = self.charge(&[(crate::plugins::quota::Quota::DeviceKeys, 1)]).await? {
            return Ok(Err(refused));
        }
        let fresh = session::new_device_key();
        let (tenant, plugin, by) = (self.call.tenant_id, self.plugin.manifest.id.clone(), self.call.user_id);
        let name = device_key_name(&sn);
        let new = fresh.row((tenant, &plugin), &name, by, Some(&sn), false);
        issue_in_call(self.write_conn().await?, new).await?;
        // A long poll under the key this one replaces wakes, finds it gone and ends.
        self.woken.push((plugin, sn));
        Ok(Ok(fresh.key))
    }

    async fn revoke(&mut self, sn: String) -> wasmtime::Result<Result<bool, String>> {
        if let Err(refused) = sn_well_formed(&sn) {
            return Ok(Err(refused));
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let revoked = revoke_in_call(self.write_conn().await?, tenant, &plugin, &device_key_name(&sn)).await?;
        // A long poll under the revoked key wakes, finds its key gone and ends.
        self.woken.push((plugin, sn));
        Ok(Ok(revoked))
    }

    async fn wake(&mut self, sn: String) -> wasmtime::Result<Result<(), String>> {
        if let Err(refused) = sn_well_formed(&sn) {
            return Ok(Err(refused));
        }
        let woken = (self.plugin.manifest.id.clone(), sn);
        if !self.woken.contains(&woken) {
            self.woken.push(woken);
        }
        Ok(Ok(()))
    }

    async fn fleet_keys(&mut self) -> wasmtime::Result<Result<Vec<device_keys::FleetKey>, String>> {
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let keys = fleet_keys_in_call(self.read_conn().await?, tenant, &plugin).await?;
        Ok(Ok(keys
            .into_iter()
            .map(|key| device_keys::FleetKey {
                id: key.id,
                name: key.name,
                hint: key.key_hint,
                require_signature: key.require_signature,
                created_at: key.created_at,
                last_used_at: key.last_used_at,
            })
            .collect()))
    }

    async fn issue_fleet_key(
        &mut self,
        name: String,
        require_signature: bool,
    ) -> wasmtime::Result<Result<Option<device_keys::IssuedFleetKey>, String>> {
        let name = match fleet_key_name(&name) {
            Ok(name) => name.to_string(),
            Err(refused) => return Ok(Err(refused)),
        };
        if let Err(refused) = self.charge(&[(crate::plugins::quota::Quota::DeviceKeys, 1)]).await? {
            return Ok(Err(refused));
        }
        let fresh = session::new_device_key();
        let (tenant, plugin, by) = (self.call.tenant_id, self.plugin.manifest.id.clone(), self.call.user_id);
        let new = fresh.row((tenant, &plugin), &name, by, None, require_signature);
        let id = issue_fleet_key_in_call(self.write_conn().await?, new).await?;
        Ok(Ok(id.map(|id| device_keys::IssuedFleetKey { id, key: fresh.key })))
    }

    async fn revoke_fleet_key(&mut self, id: i64) -> wasmtime::Result<Result<bool, String>> {
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        Ok(Ok(revoke_fleet_key_in_call(self.write_conn().await?, tenant, &plugin, id).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::fleet_key_name;

    #[test]
    fn a_fleet_key_is_never_named_as_a_device_s_key() {
        assert_eq!(fleet_key_name("  Factory line 2 "), Ok("Factory line 2"));
        for refused in ["", "   ", "sn:RV0001", "sn:", &"x".repeat(65), "line\n2"] {
            assert!(fleet_key_name(refused).is_err(), "{refused:?}");
        }
        assert!(fleet_key_name(&"键".repeat(64)).is_ok(), "64 characters, whatever their bytes");
    }
}
