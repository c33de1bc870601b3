//! `services` (contract 0.1.3): one plugin calls another's `caller = "plugin"` routes. Both keys
//! as for every capability: the caller's manifest `uses` the callee's mount, and the operator
//! grants it (`uses` in plugins.toml). The call itself runs in `runtime::invoke_nested`.

use super::super::bindings::console::plugin::services;
use super::super::bindings::console::plugin::types::{Request, Response};
use super::super::manifest::RouteCaller;
use super::super::runtime::{CallState, MAX_CALL_DEPTH, Nested, invoke_nested};
use crate::i18n::{Lang, Msg};

impl CallState {
    /// Refusals before anything runs: undeclared or ungranted, a cycle, too deep.
    fn check_call(&self, mount: &str) -> Result<(), String> {
        let (manifest, grants) = (&self.plugin.manifest, &self.plugin.installed.grants);
        if !manifest.uses.iter().any(|m| m == mount) {
            return Err(format!("`{mount}` is not in the plugin manifest's `uses`"));
        }
        if !grants.uses.iter().any(|m| m == mount) {
            return Err(format!("`{mount}` is not granted to this plugin by the operator (`uses` in plugins.toml)"));
        }
        if self.chain.len() + 1 >= MAX_CALL_DEPTH {
            return Err(format!("plugins may call plugins at most {MAX_CALL_DEPTH} deep"));
        }
        Ok(())
    }
}

impl services::Host for CallState {
    async fn call(
        &mut self,
        mount: String,
        method: String,
        path: String,
        query: Vec<(String, String)>,
        body: String,
    ) -> wasmtime::Result<Result<Response, String>> {
        if let Err(refused) = self.check_call(&mount) {
            return Ok(Err(refused));
        }
        let Some(plugins) = self.services.registry.get().and_then(std::sync::Weak::upgrade) else {
            return Ok(Err("the host is stopping".into()));
        };
        let Some(callee) = plugins.by_mount(&mount) else {
            return Ok(Err(format!("no plugin is mounted at `{mount}`")));
        };
        let id = &callee.manifest.id;
        if *id == self.plugin.manifest.id || self.chain.contains(id) {
            return Ok(Err(format!("`{mount}` is already in this chain of calls: cycles are refused")));
        }
        if callee.route(RouteCaller::Plugin, &method, &path).is_none() {
            return Ok(Err(format!("`{mount}` has no plugin route {method} {path}")));
        }
        if !plugins.enabled_for(self.call.tenant_id).await?.contains(id) {
            let lang = Lang::parse(&self.call.lang).unwrap_or_default();
            let msg = serde_json::json!({ "msg": Msg::PluginDisabled.render(lang) }).to_string();
            return Ok(Ok(Response { status: 409, body: msg }));
        }
        let request = Request {
            method,
            path,
            query,
            body: if body.is_empty() { "null".into() } else { body },
            context: self.call.to_wit(),
        };
        Ok(match invoke_nested(plugins.engine(), callee.clone(), self, request).await? {
            Nested::Answered(response) => Ok(response),
            Nested::Failed(why) => Err(format!("`{mount}` failed: {why}")),
            Nested::Rerun => wasmtime::bail!("the callee's snapshot went stale: the call runs again"),
        })
    }

    async fn caller(&mut self) -> wasmtime::Result<Option<String>> {
        Ok(self.chain.last().cloned())
    }
}
