//! The products devices belong to, as the product plugin answers them, and the thing model each
//! report is checked against. Kept a minute per product: a published template version never
//! changes, but a product may move to a newer one, which its devices then follow within a minute.

use console_plugin_sdk::thing_model::ThingModel;
use console_plugin_sdk::{Call, Collection, PluginResult, Query, services};
use serde::{Deserialize, Serialize};

pub const PRODUCT_SERVICE: &str = "product-service";
const KEPT_MS: i64 = 60_000;

/// A product as the product plugin tells other plugins (its `/internal/products/...`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductFacts {
    pub id: String,
    pub product_key: String,
    pub name: String,
    pub status: String,
    pub regions: Vec<String>,
    pub cleaning_expiry_days: i64,
    pub thing_model: ThingModel,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct KeptModel {
    product_id: String,
    fetched_at: i64,
    product: ProductFacts,
}

const KEPT: Collection<KeptModel> = Collection::new("thing_models");

pub fn product_by_key(call: &mut Call<'_>, product_key: &str) -> PluginResult<ProductFacts> {
    services::get(call.host, PRODUCT_SERVICE, &format!("/internal/products/by-key/{product_key}"))
}

/// The product of a device, with its thing model: from the minute's copy, or asked again.
pub fn product(call: &mut Call<'_>, product_id: &str) -> PluginResult<ProductFacts> {
    let now = call.host.now_ms();
    let kept = KEPT.query(call.host, &Query::new().eq("productId", product_id).page(1, 1))?.list.into_iter().next();
    if let Some(kept) = &kept
        && now - kept.data.fetched_at < KEPT_MS
    {
        return Ok(kept.data.product.clone());
    }
    let product: ProductFacts = services::get(call.host, PRODUCT_SERVICE, &format!("/internal/products/{product_id}"))?;
    let fresh = KeptModel { product_id: product_id.to_string(), fetched_at: now, product: product.clone() };
    match kept {
        Some(kept) => KEPT.update(call.host, &kept.id, &fresh, None)?,
        None => KEPT.insert(call.host, &fresh)?,
    };
    Ok(product)
}
