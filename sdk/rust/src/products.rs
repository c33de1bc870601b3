//! What other plugins ask of the product plugin (mount `product-service`) most: a product's name
//! to keep beside its id, and the products a form offers. The caller's manifest `uses` the mount.

use serde::Deserialize;

use crate::{Host, PluginError, PluginResult, services};

pub const MOUNT: &str = "product-service";

/// A product as a form offers it.
pub type ProductOption = crate::choices::Choice;

#[derive(Debug, Deserialize)]
struct Found {
    name: String,
}

/// The name of product `id`; a product the product plugin does not know is refused on `field`.
pub fn name(host: &mut dyn Host, field: &str, id: &str) -> PluginResult<String> {
    let found: PluginResult<Found> = services::get(host, MOUNT, &format!("/internal/products/{id}"));
    found.map(|p| p.name).map_err(|_| PluginError::required(field))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WithModels {
    product_id: String,
    product_name: String,
}

/// The products a form offers: those with a released model.
pub fn options(host: &mut dyn Host) -> PluginResult<Vec<ProductOption>> {
    let found: Vec<WithModels> = services::get(host, MOUNT, "/internal/model-options")?;
    Ok(found.into_iter().map(|p| ProductOption { id: p.product_id, name: p.product_name }).collect())
}
