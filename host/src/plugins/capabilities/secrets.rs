//! `secrets` (contract 0.1.1): seal and open credentials with the call's (tenant, plugin) key.

use super::Capability;
use crate::plugins::bindings::console::plugin::secrets;
use crate::plugins::runtime::CallState;

impl secrets::Host for CallState {
    async fn seal(&mut self, plain: String) -> wasmtime::Result<Result<String, String>> {
        if let Err(why) = self.check_grant(Capability::Secrets) {
            return Ok(Err(why));
        }
        // What a call seals is a secret wherever it turns up again: the request's record, the
        // call's log lines and events mask it.
        self.call.sealed.add(&plain);
        Ok(Ok(self.services.master_key.seal(self.call.tenant_id, &self.plugin.manifest.id, &plain)))
    }

    async fn open(&mut self, sealed: String) -> wasmtime::Result<Result<String, String>> {
        if let Err(why) = self.check_grant(Capability::Secrets) {
            return Ok(Err(why));
        }
        let opened = self.services.master_key.open(self.call.tenant_id, &self.plugin.manifest.id, &sealed);
        if let Ok(plain) = &opened {
            self.call.sealed.add(plain);
        }
        Ok(opened)
    }
}
