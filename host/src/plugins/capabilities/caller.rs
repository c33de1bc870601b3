//! `caller` (contract 0.1.8): the client's network address of the request a call handles, as
//! the host read it (the trusted proxy's hop, or the peer): a device's last login IP.

use crate::plugins::bindings::console::plugin::caller;
use crate::plugins::runtime::CallState;

impl caller::Host for CallState {
    async fn address(&mut self) -> wasmtime::Result<String> {
        Ok(self.call.client_address.clone())
    }
}
