//! Which products may use RTC, per client. Batch add takes one product id per line, at most
//! the whitelist limit of 20 per request.

use console_plugin_sdk::validate::{self, MAX_LIST_ENTRIES};
use console_plugin_sdk::{Call, Collection, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::clients::{CLIENTS, identifier};
use crate::messages;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhitelistEntry {
    pub client_id: String,
    pub product_id: String,
}

pub const WHITELIST: Collection<WhitelistEntry> = Collection::new("whitelist");

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .eq_opt("clientId", call.query("clientId"))
        .search("productId", call.query("productId"), mode)
        .sort("createdAt", true)
        .paged_by(call)?;
    Ok(json!(WHITELIST.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BatchInput {
    client_id: String,
    /// One product id per line.
    product_ids: String,
}

/// Adds the listed products; those already on the list are reported, not duplicated.
pub fn add_batch(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<BatchInput>()?;
    let client_id = validate::required("clientId", &input.client_id, 64)?;
    let client = CLIENTS
        .get(call.host, &client_id)?
        .ok_or_else(|| console_plugin_sdk::PluginError::format("clientId", crate::expected::EXISTING_CLIENT))?;
    let products = validate::lines("productIds", &input.product_ids, MAX_LIST_ENTRIES)?;
    if products.is_empty() {
        return Err(console_plugin_sdk::PluginError::required("productIds"));
    }
    for product in &products {
        identifier("productIds", product, 64)?;
    }
    let (mut added, mut present) = (Vec::new(), Vec::new());
    for product in products {
        let exists = Query::new().eq("clientId", client_id.as_str()).eq("productId", product.as_str());
        if WHITELIST.count(call.host, &exists)? > 0 {
            present.push(product);
        } else {
            added.push(product);
        }
    }
    // "The number of whitelists cannot exceed 20", the client's whole list.
    let listed = WHITELIST.count(call.host, &Query::new().eq("clientId", client_id.as_str()))?;
    if listed + added.len() as u64 > MAX_LIST_ENTRIES as u64 {
        return Err(messages::whitelist_full(MAX_LIST_ENTRIES, listed));
    }
    for product in &added {
        WHITELIST.insert(call.host, &WhitelistEntry { client_id: client_id.clone(), product_id: product.clone() })?;
    }
    call.host.audit("Add products to the RTC whitelist", &format!("{}: {}", client.data.client_name, added.join(", ")));
    Ok(json!(validate::Batch { added, already_listed: present }))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let entry = WHITELIST.find(call.host, &id)?;
    call.confirm_name(&entry.data.product_id)?;
    WHITELIST.delete(call.host, &id)?;
    Ok(Value::Null)
}

/// Whether the product may use RTC through the client.
pub fn allows(call: &mut Call<'_>, client_id: &str, product_id: &str) -> PluginResult<bool> {
    let query = Query::new().eq("clientId", client_id).eq("productId", product_id);
    Ok(WHITELIST.count(call.host, &query)? > 0)
}
