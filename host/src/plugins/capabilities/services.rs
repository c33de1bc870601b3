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
        let Some(route) = callee.route(RouteCaller::Plugin, &method, &path) else {
            return Ok(Err(format!("`{mount}` has no plugin route {method} {path}")));
        };
        let lang = Lang::parse(&self.call.lang).unwrap_or_default();
        let refusal = |status: u16, msg: Msg| {
            Ok(Ok(Response { status, body: serde_json::json!({ "msg": msg.render(lang) }).to_string() }))
        };
        // A signed-in user reaches through a plugin only what he may read himself: trust does not
        // pass from one plugin's actions to another's.
        if let Some(held) = &self.call.user_actions
            && !route.action.is_empty()
            && !held.contains(&route.action)
        {
            return refusal(403, Msg::NotPermitted);
        }
        if !plugins.enabled_for(self.call.tenant_id).await?.contains(id) {
            return refusal(409, Msg::PluginDisabled);
        }
        // The callee sees which of its own actions the user holds, not the caller's.
        let mut context = self.call.to_wit();
        context.actions = match &self.call.user_actions {
            Some(held) => callee.actions().filter(|a| held.contains(*a)).map(str::to_string).collect(),
            None => Vec::new(),
        };
        let request =
            Request { method, path, query, body: if body.is_empty() { "null".into() } else { body }, context };
        Ok(match invoke_nested(plugins.engine(), callee.clone(), self, request).await? {
            Nested::Answered(response) => Ok(response),
            // What broke inside the callee (its trap, its backtrace) is its own: the caller hears
            // that it failed, the host's log says why.
            Nested::Failed(why) => {
                tracing::warn!(callee = %id, caller = %self.plugin.manifest.id, request = %self.call.request_id, %why, "a plugin call failed");
                Err(format!("`{mount}` failed"))
            }
            Nested::Rerun => wasmtime::bail!("the callee's snapshot went stale: the call runs again"),
        })
    }

    async fn caller(&mut self) -> wasmtime::Result<Option<String>> {
        Ok(self.chain.last().cloned())
    }
}
