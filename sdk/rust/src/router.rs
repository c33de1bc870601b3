//! Routes of a plugin: method + path pattern (`/pets/{id}`) to a handler. The host has already
//! checked the caller's permission for the route from the manifest before the call arrives.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// Who is calling: filled by the host from the session.
#[derive(Debug, Clone, Default)]
pub struct Context {
    pub tenant_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub lang: String,
    pub actions: Vec<String>,
    pub request_id: String,
}

impl Context {
    pub fn may(&self, action: &str) -> bool {
        self.actions.iter().any(|a| a == action)
    }

    /// The device key's name when a device or app calls a device-facing route (the host
    /// routes only `caller = "device"` routes there, with user id 0).
    pub fn device(&self) -> Option<&str> {
        let name = self.user_name.strip_prefix("device:").or_else(|| self.user_name.strip_prefix("device-sn:"));
        name.filter(|_| self.user_id == 0)
    }

    /// The SN of the one device the calling key is bound to; `None` for a fleet's key (or a
    /// user). What is meant for one device alone goes only to its own key.
    pub fn device_sn(&self) -> Option<&str> {
        self.user_name.strip_prefix("device-sn:").filter(|_| self.user_id == 0)
    }

    /// Whether the calling key is the one bound to device `sn`, not merely a fleet's key: the
    /// test for what that device alone may get (a secret, a test patch).
    pub fn is_device(&self, sn: &str) -> bool {
        self.device_sn() == Some(sn)
    }

    /// A key bound to one device may not speak for another.
    pub fn check_device(&self, sn: &str) -> crate::PluginResult<()> {
        match self.device_sn() {
            Some(bound) if bound != sn => Err(crate::PluginError::forbidden()),
            _ => Ok(()),
        }
    }
}

/// One request being handled.
pub struct Call<'h> {
    pub method: String,
    pub path: String,
    pub params: Vec<(String, String)>,
    pub query: Vec<(String, String)>,
    pub body: Value,
    pub context: Context,
    pub host: &'h mut dyn Host,
}

impl Call<'_> {
    /// A path parameter such as `{id}`.
    pub fn param(&self, name: &str) -> PluginResult<&str> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).ok_or_else(|| PluginError::required(name))
    }

    /// A query-string value, if present and not empty.
    pub fn query(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty())
    }

    /// The JSON body as `T`; wrong types are a 400 naming the problem.
    pub fn body<T: DeserializeOwned>(&self) -> PluginResult<T> {
        let body = if self.body.is_null() { Value::Object(Default::default()) } else { self.body.clone() };
        serde_json::from_value(body).map_err(|err| PluginError::text(400, None, format!("Malformed request: {err}")))
    }

    /// The optimistic version the client read (`version` in the body), for `Collection::update`.
    pub fn version(&self) -> Option<i64> {
        self.body.get("version").and_then(Value::as_i64)
    }

    /// A delete's safeguard (spec §5): the body's `confirmName` must be the item's exact name.
    pub fn confirm_name(&self, expected: &str) -> PluginResult<()> {
        let typed = self.body.get("confirmName").and_then(Value::as_str).unwrap_or("");
        crate::validate::confirm_name(expected, typed)
    }

    /// The spec's search mode of a list query: `?mode=precise` (prefix), fuzzy (contains) otherwise.
    pub fn search_mode(&self) -> crate::SearchMode {
        if self.query("mode") == Some("precise") { crate::SearchMode::Precise } else { crate::SearchMode::Fuzzy }
    }

    pub fn lang(&self) -> &str {
        &self.context.lang
    }
}

pub type Handler = fn(&mut Call<'_>) -> PluginResult<Value>;

struct Route {
    method: &'static str,
    segments: Vec<&'static str>,
    handler: Handler,
}

#[derive(Default)]
pub struct Router {
    routes: Vec<Route>,
}

impl Router {
    pub fn new() -> Self {
        Router::default()
    }

    /// Adds a route; one of the same method and pattern is replaced (a resource's `GET` by a
    /// richer detail, say).
    pub fn route(mut self, method: &'static str, pattern: &'static str, handler: Handler) -> Self {
        let segments: Vec<&'static str> = pattern.trim_matches('/').split('/').filter(|s| !s.is_empty()).collect();
        match self.routes.iter_mut().find(|r| r.method == method && r.segments == segments) {
            Some(existing) => existing.handler = handler,
            None => self.routes.push(Route { method, segments, handler }),
        }
        self
    }

    pub fn get(self, pattern: &'static str, handler: Handler) -> Self {
        self.route("GET", pattern, handler)
    }
    pub fn post(self, pattern: &'static str, handler: Handler) -> Self {
        self.route("POST", pattern, handler)
    }
    pub fn put(self, pattern: &'static str, handler: Handler) -> Self {
        self.route("PUT", pattern, handler)
    }
    pub fn delete(self, pattern: &'static str, handler: Handler) -> Self {
        self.route("DELETE", pattern, handler)
    }

    /// The handler and path parameters for a request, if a route matches.
    pub fn find(&self, method: &str, path: &str) -> Option<(Handler, Vec<(String, String)>)> {
        let parts: Vec<&str> = path.trim_matches('/').split('/').filter(|s| !s.is_empty()).collect();
        self.routes
            .iter()
            .filter(|r| r.method.eq_ignore_ascii_case(method) && r.segments.len() == parts.len())
            .find_map(|route| {
                let mut params = Vec::new();
                for (pattern, part) in route.segments.iter().zip(&parts) {
                    match pattern.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                        Some(name) => params.push((name.to_string(), (*part).to_string())),
                        None if pattern == part => {}
                        None => return None,
                    }
                }
                Some((route.handler, params))
            })
    }

    /// Runs the matching handler; `Err` carries status and message for the envelope.
    pub fn dispatch(&self, call: &mut Call<'_>) -> PluginResult<Value> {
        let (handler, params) = self
            .find(&call.method, &call.path)
            .ok_or_else(|| PluginError::text(404, None, format!("No such route: {} {}", call.method, call.path)))?;
        call.params = params;
        handler(call)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(_: &mut Call<'_>) -> PluginResult<Value> {
        Ok(Value::from("a"))
    }
    fn b(_: &mut Call<'_>) -> PluginResult<Value> {
        Ok(Value::from("b"))
    }

    #[test]
    fn matches_method_literals_and_params() {
        let router = Router::new().get("/pets", a).get("/pets/{id}", b).delete("/pets/{id}", a);
        assert!(router.find("GET", "/pets").is_some());
        let (_, params) = router.find("GET", "/pets/42").expect("match");
        assert_eq!(params, vec![("id".to_string(), "42".to_string())]);
        assert!(router.find("POST", "/pets/42").is_none());
        assert!(router.find("GET", "/pets/42/x").is_none());
        assert!(router.find("GET", "/cats").is_none());
    }
}
