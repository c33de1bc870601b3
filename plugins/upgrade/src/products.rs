//! Products and models as the product plugin tells them: the options of the package form, and
//! the model of a device's SN (never changes, so kept once asked).

use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json, services};
use serde::{Deserialize, Serialize};

pub const PRODUCT_SERVICE: &str = "product-service";

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ModelOption {
    pub id: String,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductOption {
    pub product_id: String,
    pub product_key: String,
    pub product_name: String,
    pub models: Vec<ModelOption>,
}

pub fn options(call: &mut Call<'_>) -> PluginResult<Vec<ProductOption>> {
    services::get(call.host, PRODUCT_SERVICE, "/internal/model-options")
}

/// The product options of the package forms.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(options(call)?))
}

/// The product and model a package is for, checked against the product plugin: (product name,
/// model code).
pub fn product_and_model(call: &mut Call<'_>, product_id: &str, model_id: &str) -> PluginResult<(String, String)> {
    let products = options(call)?;
    let product = products.into_iter().find(|p| p.product_id == product_id).ok_or_else(|| {
        PluginError::format(
            "productId",
            [
                "有已发布型号的产品",
                "a product with a released model",
                "ein Produkt mit freigegebenem Modell",
                "un producto con un modelo publicado",
                "un produit avec un modèle publié",
                "um produto com um modelo publicado",
                "продукт с выпущенной моделью",
            ],
        )
    })?;
    let model = product.models.into_iter().find(|m| m.id == model_id).ok_or_else(crate::messages::model_of_product)?;
    Ok((product.product_name, model.code))
}

/// What the product plugin says of an SN (its `/internal/sns/{sn}`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct SnFacts {
    sn: String,
    model_id: String,
    product_ids: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnModel {
    pub sn: String,
    pub model_id: String,
}

pub const SN_MODELS: Collection<SnModel> = Collection::new("sn_models");

/// The model of a device's SN: kept from the first time it is asked (an SN's model is fixed).
pub fn model_of(call: &mut Call<'_>, sn: &str) -> PluginResult<String> {
    if let Some(kept) = SN_MODELS.query(call.host, &Query::new().eq("sn", sn).page(1, 1))?.list.into_iter().next() {
        return Ok(kept.data.model_id);
    }
    let facts: SnFacts = services::get(call.host, PRODUCT_SERVICE, &format!("/internal/sns/{sn}"))?;
    SN_MODELS.insert(call.host, &SnModel { sn: sn.to_string(), model_id: facts.model_id.clone() })?;
    Ok(facts.model_id)
}
