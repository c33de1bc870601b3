//! What other plugins ask of products (`caller = "plugin"` routes, never reachable over HTTP):
//! devices validate reports against a product's published thing model, upgrades and apps refer
//! to products and models, customer service names them.

use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json};
use serde::Serialize;

use crate::models::{MODELS, ProductModel};
use crate::products::{PRODUCTS, Product};
use crate::templates::TEMPLATES;
use crate::thing_model::ThingModel;

/// A product as other plugins see it: with the thing model of its template version.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductFacts {
    pub id: String,
    pub product_key: String,
    pub name: String,
    pub status: String,
    pub connection: String,
    pub regions: Vec<String>,
    pub template_id: String,
    pub cleaning_expiry_days: i64,
    pub thing_model: ThingModel,
}

fn facts(call: &mut Call<'_>, product: Doc<Product>) -> PluginResult<Value> {
    let template = TEMPLATES.find(call.host, &product.data.template_id)?;
    Ok(json!(ProductFacts {
        id: product.id,
        product_key: product.data.product_key,
        name: product.data.name,
        status: product.data.status,
        connection: product.data.connection,
        regions: product.data.regions,
        template_id: product.data.template_id,
        cleaning_expiry_days: template.data.cleaning_expiry_days,
        thing_model: template.data.content,
    }))
}

pub fn product_by_id(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let product = PRODUCTS.find(call.host, &id)?;
    facts(call, product)
}

pub fn product_by_key(call: &mut Call<'_>) -> PluginResult<Value> {
    let key = call.param("productKey")?.to_string();
    let found = PRODUCTS.query(call.host, &Query::new().eq("productKey", key.as_str()).page(1, 1))?;
    let product = found.list.into_iter().next().ok_or_else(PluginError::not_found)?;
    facts(call, product)
}

pub fn model_by_code(call: &mut Call<'_>) -> PluginResult<Value> {
    let code = call.param("code")?.to_string();
    let found = MODELS.query(call.host, &Query::new().eq("code", code.as_str()).page(1, 1))?;
    let model: Doc<ProductModel> = found.list.into_iter().next().ok_or_else(PluginError::not_found)?;
    Ok(json!(model))
}

/// A product with the released models related to it: what upgrade packages are made for.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductWithModels {
    pub product_id: String,
    pub product_key: String,
    pub product_name: String,
    pub models: Vec<ModelOption>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelOption {
    pub id: String,
    pub code: String,
    pub name: String,
}

/// Every product with its released models (at most 500 of each; a product without one is left out).
pub fn model_options(call: &mut Call<'_>) -> PluginResult<Value> {
    let models = MODELS
        .query(call.host, &Query::new().eq("status", crate::models::RELEASED).sort("code", false).page(1, 500))?
        .list;
    let products = PRODUCTS.query(call.host, &Query::new().page(1, 500))?.list;
    let options: Vec<ProductWithModels> = products
        .into_iter()
        .map(|p| ProductWithModels {
            models: models
                .iter()
                .filter(|m| m.data.product_ids.contains(&p.id))
                .map(|m| ModelOption { id: m.id.clone(), code: m.data.code.clone(), name: m.data.name.clone() })
                .collect(),
            product_id: p.id,
            product_key: p.data.product_key,
            product_name: p.data.name,
        })
        .filter(|p| !p.models.is_empty())
        .collect();
    Ok(json!(options))
}

/// A product with the category its thing-model template files it under (the dashboards rank
/// categories by their devices).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCategory {
    pub product_id: String,
    pub product_name: String,
    /// Empty when the template or its category is gone.
    pub category_name: String,
}

/// `GET /internal/product-categories`: every product (at most 500) with its category.
pub fn product_categories(call: &mut Call<'_>) -> PluginResult<Value> {
    let products = PRODUCTS.query(call.host, &Query::new().sort("sort", false).page(1, 500))?.list;
    let mut named = std::collections::BTreeMap::<String, String>::new();
    let mut answer = Vec::with_capacity(products.len());
    for product in products {
        let template_id = product.data.template_id.clone();
        if !named.contains_key(&template_id) {
            let category = match TEMPLATES.get(call.host, &template_id)? {
                Some(template) => crate::categories::CATEGORIES
                    .get(call.host, &template.data.category_id)?
                    .map(|c| c.data.name)
                    .unwrap_or_default(),
                None => String::new(),
            };
            named.insert(template_id.clone(), category);
        }
        answer.push(ProductCategory {
            product_id: product.id,
            product_name: product.data.name,
            category_name: named[&template_id].clone(),
        });
    }
    Ok(json!(answer))
}
