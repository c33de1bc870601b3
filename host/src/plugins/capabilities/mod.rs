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
mod series;
mod services;
mod store;
pub mod template;

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

impl CallState {
    /// Counts what the call is about to write against its enterprise's quotas
    /// (`plugins::quota`): the guest reads a refusal, and a quota reached ends the call with the
    /// user's own message whatever the plugin answers.
    pub async fn charge(&mut self, amounts: &[(super::quota::Quota, u64)]) -> wasmtime::Result<Result<(), String>> {
        if self.quota.needs_committed() {
            let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
            // SQLite: read under the write lock the write takes anyway, so calls one after the
            // other see each other's writes and the quota holds exactly. PostgreSQL: the
            // committed totals, so that calls of an enterprise never conflict over them.
            let usage = match self.services.db.engine() {
                crate::db::Engine::Sqlite => {
                    crate::db::plugin_usage::in_call(self.write_conn().await?, tenant, &plugin).await?
                }
                crate::db::Engine::Postgres => self.services.db.plugin_usage(tenant, &plugin).await?,
            };
            self.quota.set_committed(usage);
        }
        let grants = &self.plugin.installed.grants;
        match self.quota.charge(grants, amounts) {
            Ok(()) => Ok(Ok(())),
            Err(refused) => {
                if let super::quota::Refused::OverQuota(quota) = refused {
                    self.over_quota.get_or_insert(quota);
                }
                Ok(Err(refused.explained(grants)))
            }
        }
    }
}
