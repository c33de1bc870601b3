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

impl<'h> Call<'h> {
    /// A scheduled job's work as a call with no request, so that code shared with routes (the
    /// user name in records, the host) serves both.
    pub fn for_job(host: &'h mut dyn Host, context: &Context) -> Self {
        Call {
            method: String::new(),
            path: String::new(),
            params: Vec::new(),
            query: Vec::new(),
            body: Value::Null,
            context: context.clone(),
            host,
        }
    }

    /// A path parameter such as `{id}`.
    pub fn param(&self, name: &str) -> PluginResult<&str> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).ok_or_else(|| PluginError::required(name))
    }

    /// A query-string value, if present and not empty.
    pub fn query(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty())
    }

    /// The JSON body as `T`; a field of the wrong type is a 400 naming the field and what it
    /// must be, in the caller's language (`unreadable`).
    pub fn body<T: DeserializeOwned>(&self) -> PluginResult<T> {
        let body = if self.body.is_null() { Value::Object(Default::default()) } else { self.body.clone() };
        crate::unreadable::read(body)
    }

    /// The optimistic version the client read (`version` in the body), for `Collection::update`.
    pub fn version(&self) -> Option<i64> {
        self.body.get("version").and_then(Value::as_i64)
    }

    /// A delete's safeguard: the body's `confirmName` must be the item's exact name.
    pub fn confirm_name(&self, expected: &str) -> PluginResult<()> {
        let typed = self.body.get("confirmName").and_then(Value::as_str).unwrap_or("");
        crate::validate::confirm_name(expected, typed)
    }

    /// The search mode of a list query: `?mode=precise` (prefix), fuzzy (contains) otherwise.
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
    api: crate::describe::Api,
}

#[derive(Default)]
pub struct Router {
    routes: Vec<Route>,
    /// The route the `with_*` calls describe: the one added or replaced last.
    last: usize,
}

impl Router {
    pub fn new() -> Self {
        Router::default()
    }

    /// Adds a route; one of the same method and pattern is replaced (a resource's `GET` by a
    /// richer detail, say).
    pub fn route(mut self, method: &'static str, pattern: &'static str, handler: Handler) -> Self {
        let segments: Vec<&'static str> = pattern.trim_matches('/').split('/').filter(|s| !s.is_empty()).collect();
        let api = crate::describe::Api::default();
        match self.routes.iter().position(|r| r.method == method && r.segments == segments) {
            Some(existing) => {
                // What replaces a route answers what it answers: described anew.
                self.routes[existing].handler = handler;
                self.routes[existing].api = api;
                self.last = existing;
            }
            None => {
                self.routes.push(Route { method, segments, handler, api });
                self.last = self.routes.len() - 1;
            }
        }
        self
    }

    fn describe_last(mut self, describe: impl FnOnce(&mut crate::describe::Api)) -> Self {
        if let Some(route) = self.routes.get_mut(self.last) {
            describe(&mut route.api);
        }
        self
    }

    /// The last route's JSON body is a `T`.
    pub fn with_body<T: schemars::JsonSchema>(self) -> Self {
        self.describe_last(|api| api.body = Some(crate::describe::schema_of::<T>))
    }
    /// The last route answers a `T` as `data`.
    pub fn with_data<T: schemars::JsonSchema>(self) -> Self {
        self.describe_last(|api| api.data = Some(crate::describe::schema_of::<T>))
    }
    /// The last route answers a list of `T`.
    pub fn with_data_list<T: schemars::JsonSchema>(self) -> Self {
        self.describe_last(|api| api.data = Some(crate::describe::list_of::<T>))
    }
    /// The last route answers a page of `T` (`{list, total, page, pageSize}`).
    pub fn with_data_page<T: schemars::JsonSchema>(self) -> Self {
        self.describe_last(|api| api.data = Some(crate::describe::page_of::<T>))
    }
    /// The last route answers `null`.
    pub fn with_no_data(self) -> Self {
        self.describe_last(|api| api.data = Some(crate::describe::nothing))
    }
    /// The last route reads these query parameters.
    pub fn with_query(self, params: &[crate::describe::QueryParam]) -> Self {
        self.describe_last(|api| api.query.extend_from_slice(params))
    }

    /// What every route takes and answers (see [`crate::describe`]).
    pub fn describe(&self) -> Value {
        crate::describe::describe(self.routes.iter().map(|r| (r.method, format!("/{}", r.segments.join("/")), &r.api)))
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

    /// The handler and path parameters for a request, if a route matches. A fixed segment wins
    /// over a parameter (`/copies/export` over `/copies/{id}`), as in the host's router
    /// (matchit), whatever the order the routes were declared in.
    pub fn find(&self, method: &str, path: &str) -> Option<(Handler, Vec<(String, String)>)> {
        let parts: Vec<&str> = path.trim_matches('/').split('/').filter(|s| !s.is_empty()).collect();
        self.routes
            .iter()
            .filter(|r| r.method.eq_ignore_ascii_case(method) && r.segments.len() == parts.len())
            .filter_map(|route| {
                let mut params = Vec::new();
                for (pattern, part) in route.segments.iter().zip(&parts) {
                    match pattern.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                        Some(name) => params.push((name.to_string(), (*part).to_string())),
                        None if pattern == part => {}
                        None => return None,
                    }
                }
                let fixed: Vec<bool> = route.segments.iter().map(|s| !s.starts_with('{')).collect();
                Some((fixed, route.handler, params))
            })
            .max_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, handler, params)| (handler, params))
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

    #[test]
    fn a_fixed_segment_wins_over_a_parameter_whatever_the_order() {
        let call_of = |router: &Router, path: &str| {
            let (handler, params) = router.find("GET", path).expect("match");
            let mut host = crate::testing::MemoryHost::new();
            let mut call = Call::for_job(&mut host, &Context::default());
            (handler(&mut call).expect("answer"), params.len())
        };
        let router = Router::new().get("/copies/{id}", a).get("/copies/export", b);
        assert_eq!(call_of(&router, "/copies/export"), (Value::from("b"), 0));
        assert_eq!(call_of(&router, "/copies/7"), (Value::from("a"), 1));
        let router = Router::new().get("/users/{id}/{action}", a).get("/users/{id}/password", b);
        assert_eq!(call_of(&router, "/users/7/password"), (Value::from("b"), 1));
        assert_eq!(call_of(&router, "/users/7/block"), (Value::from("a"), 2));
    }
}

#[cfg(test)]
mod describe_tests {
    use super::*;
    use crate::describe::PAGING;

    #[derive(schemars::JsonSchema)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Thing {
        thing_name: String,
        weight: Option<i64>,
    }

    fn a(_: &mut Call<'_>) -> PluginResult<Value> {
        Ok(Value::Null)
    }

    #[test]
    fn routes_describe_their_bodies_answers_and_queries_and_a_replaced_route_starts_over() {
        let router = Router::new()
            .post("/things", a)
            .with_body::<Thing>()
            .with_data::<Thing>()
            .get("/things", a)
            .with_query(&PAGING)
            .with_data_page::<Thing>()
            .get("/things/{id}", a)
            .with_data::<Thing>()
            .get("/things/{id}", a); // replaced: what it answers is not known any more
        let described = router.describe();
        let routes = described["routes"].as_array().expect("routes");
        assert_eq!(routes[0]["method"], "POST");
        assert_eq!(routes[0]["path"], "/things");
        assert_eq!(routes[0]["body"]["$ref"], "#/components/schemas/Thing");
        assert_eq!(routes[1]["data"]["properties"]["list"]["items"]["$ref"], "#/components/schemas/Thing");
        let names: Vec<&str> =
            routes[1]["query"].as_array().expect("query").iter().filter_map(|q| q["name"].as_str()).collect();
        assert_eq!(names, ["page", "pageSize"]);
        assert_eq!(routes[2]["path"], "/things/{id}");
        assert!(routes[2].get("data").is_none(), "{:?}", routes[2]);
        let thing = &described["schemas"]["Thing"];
        assert_eq!(thing["properties"]["thingName"]["type"], "string");
        assert_eq!(thing["required"], serde_json::json!(["thingName"]));
    }
}
