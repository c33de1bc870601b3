//! Typed calls to other plugins (contract 0.1.3): a product plugin asks the device plugin, a
//! work order names a device. The callee's route is marked `caller = "plugin"` in its manifest;
//! the caller's manifest `uses` the callee's mount, and the operator grants it.
//!
//! ```ignore
//! let product: Product = services::get(call.host, "product-service", &format!("/products/{id}"))?;
//! ```
//!
//! A refusal of the callee (404, 409 "not enabled for your enterprise", ...) comes back as a
//! [`PluginError`] with its status and message, ready to answer the user with.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{Host, PluginError, PluginResult};

/// `GET path` of the plugin at `mount`.
pub fn get<T: DeserializeOwned>(host: &mut dyn Host, mount: &str, path: &str) -> PluginResult<T> {
    call(host, mount, "GET", path, &[], &Value::Null)
}

/// `POST path` of the plugin at `mount` with a JSON body.
pub fn post<B: Serialize, T: DeserializeOwned>(
    host: &mut dyn Host,
    mount: &str,
    path: &str,
    body: &B,
) -> PluginResult<T> {
    call(host, mount, "POST", path, &[], body)
}

/// Any method, with query parameters.
pub fn call<B: Serialize, T: DeserializeOwned>(
    host: &mut dyn Host,
    mount: &str,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    body: &B,
) -> PluginResult<T> {
    let query: Vec<(String, String)> = query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let body = serde_json::to_string(body).map_err(|e| PluginError::internal(e.to_string()))?;
    let answer = host
        .call_plugin(mount, method, path, &query, &body)
        .map_err(|why| PluginError::internal(format!("calling {mount}: {why}")))?;
    if answer.status == 200 {
        return serde_json::from_str(&answer.body)
            .map_err(|e| PluginError::internal(format!("{mount} {path} answered an unexpected shape: {e}")));
    }
    let refusal: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    let msg = refusal.get("msg").and_then(Value::as_str).unwrap_or("").to_string();
    let field = refusal.get("field").and_then(Value::as_str);
    Err(PluginError::text(answer.status, field, msg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MemoryHost;
    use serde_json::json;

    #[test]
    fn an_answer_is_typed_and_a_refusal_keeps_its_status_and_field() {
        let mut host = MemoryHost::new();
        host.plugins.insert("product-service".into(), |method, path, _| match (method, path) {
            ("GET", "/products/7") => (200, json!({ "name": "Vacuum" })),
            _ => (409, json!({ "msg": "This feature is not enabled for your enterprise.", "field": "productId" })),
        });
        let found: Value = get(&mut host, "product-service", "/products/7").expect("found");
        assert_eq!(found["name"], "Vacuum");
        let refused = get::<Value>(&mut host, "product-service", "/products/8").expect_err("refused");
        assert_eq!((refused.status, refused.field.as_deref()), (409, Some("productId")));
        let undeclared = get::<Value>(&mut host, "device-service", "/devices/1").expect_err("undeclared");
        assert_eq!(undeclared.status, 500, "a refusal of the host is the caller's failure");
    }
}
