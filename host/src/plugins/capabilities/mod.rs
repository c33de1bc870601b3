//! The host interfaces a plugin imports, one module each. Every one acts only within the call's
//! (tenant, plugin) scope, and those that need a grant check both keys: the manifest asked for
//! it and the operator granted it in plugins.toml.

mod approvals;
mod audit;
mod caller;
mod certificates;
mod counters;
mod device_keys;
pub mod events;
pub mod files;

pub use files::{CLAIMABLE_MS, StagedFiles};
mod http;
pub mod live;
mod mail;
mod platform;
pub mod proofs;
mod search;
mod secrets;
mod services;
mod store;
mod template;

use wasmtime::component::{HasSelf, Linker};

use super::bindings;
use super::runtime::CallState;

/// Adds the contract's imports, and WASI with nothing granted (no files, sockets or
/// environment; clocks and random only), to the linker.
pub fn add_to_linker(linker: &mut Linker<CallState>) -> wasmtime::Result<()> {
    wasmtime_wasi::p2::add_to_linker_async(linker)?;
    bindings::Plugin::add_to_linker::<CallState, HasSelf<CallState>>(linker, |state| state)
}

impl bindings::console::plugin::types::Host for CallState {}

#[derive(Debug, Clone, Copy)]
pub enum Capability {
    Template,
    Events,
    Files,
    Http,
    Secrets,
    Mail,
    Search,
    Certificates,
}

impl CallState {
    /// Both keys: requested in the manifest, granted by the operator.
    pub fn check_grant(&self, capability: Capability) -> Result<(), String> {
        let requested = &self.plugin.manifest.capabilities;
        let granted = &self.plugin.installed.grants;
        let (asked, given, name) = match capability {
            Capability::Template => (requested.template, granted.template, "template"),
            Capability::Events => (requested.events, granted.events, "events"),
            Capability::Files => (requested.files, granted.files, "files"),
            Capability::Http => (requested.http, !granted.outbound_hosts.is_empty(), "http"),
            // Sealing reaches nothing outside the plugin's own scope: the manifest's word is enough.
            Capability::Secrets => (requested.secrets, true, "secrets"),
            Capability::Mail => (requested.mail, !granted.mail_servers.is_empty(), "mail"),
            // Indexes are the plugin's own, bounded by `max_search_documents`.
            Capability::Search => (requested.search, true, "search"),
            Capability::Certificates => (requested.certificates, granted.certificates, "certificates"),
        };
        match (asked, given) {
            (true, true) => Ok(()),
            (false, _) => Err(format!("capability `{name}` is not requested in the plugin's manifest")),
            (true, false) => Err(format!("capability `{name}` is not granted by the operator in plugins.toml")),
        }
    }
}
