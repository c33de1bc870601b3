//! `device-keys` (contract 0.1.7): a plugin gives a device that proved who it is a key bound to
//! its SN, for its own device routes and the call's enterprise only; written in the call's
//! transaction, so a failed call issues nothing.

use crate::auth::session;
use crate::db::device_keys::{NewDeviceKey, device_key_name, issue_in_call, revoke_in_call};
use crate::plugins::bindings::console::plugin::device_keys;
use crate::plugins::runtime::CallState;

const MAX_SN_CHARS: usize = 64;

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
        let key = format!("dk_{}", session::new_token());
        let (tenant, plugin, by) = (self.call.tenant_id, self.plugin.manifest.id.clone(), self.call.user_id);
        let name = device_key_name(&sn);
        let new = NewDeviceKey {
            tenant,
            plugin: &plugin,
            name: &name,
            key_hash: &session::token_hash(&key),
            key_hint: &key[key.len() - 4..],
            by,
            sn: Some(&sn),
            require_signature: false,
        };
        issue_in_call(self.write_conn().await?, new).await?;
        // A long poll under the key this one replaces wakes, finds it gone and ends.
        self.woken.push((plugin, sn));
        Ok(Ok(key))
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
}
