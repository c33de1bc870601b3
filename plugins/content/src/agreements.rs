//! Agreements (content, address, enterprise, language, type; one per enterprise, language and type)
//! and manuals (an address per product and language), and the routes apps fetch them from (the host
//! adds an ETag: an unchanged one is a 304).

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json, platform};
use serde::{Deserialize, Serialize};

use crate::messages;

/// The kinds of agreement an app shows.
pub const TYPES: [&str; 4] = ["user", "privacy", "children", "thirdParty"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Agreement {
    pub enterprise_id: i64,
    pub enterprise_name: String,
    pub language: String,
    /// One of [`TYPES`].
    #[serde(rename = "type")]
    pub kind: String,
    pub content: String,
    /// Where the agreement is published, when it is also a page of its own.
    pub address: String,
}

pub const AGREEMENTS: Collection<Agreement> = Collection::new("agreements");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AgreementInput {
    enterprise_id: Option<i64>,
    language: String,
    #[serde(rename = "type")]
    kind: String,
    content: String,
    address: String,
}

/// `code` if it is one of the platform's languages.
pub fn language(call: &mut Call<'_>, field: &str, code: &str) -> PluginResult<String> {
    let code = validate::required(field, code, 16)?;
    if !platform::languages(call.host)?.contains(&code) {
        return Err(messages::unknown_language(field));
    }
    Ok(code)
}

pub struct Agreements;

impl Resource for Agreements {
    type Data = Agreement;
    type Input = AgreementInput;
    const COLLECTION: Collection<Agreement> = AGREEMENTS;
    const FILTERS: &'static [&'static str] = &["language", "type"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an agreement");

    /// `?enterpriseId=` as the number it is stored as.
    fn scope(call: &mut Call<'_>, query: Query) -> PluginResult<Query> {
        Ok(match call.query("enterpriseId").and_then(|v| v.parse::<i64>().ok()) {
            Some(id) => query.eq("enterpriseId", id),
            None => query,
        })
    }

    fn name(data: &Agreement) -> &str {
        &data.enterprise_name
    }

    fn validate(
        call: &mut Call<'_>,
        input: AgreementInput,
        current: Option<&Doc<Agreement>>,
    ) -> PluginResult<Agreement> {
        let enterprise_id = input.enterprise_id.ok_or_else(|| PluginError::required("enterpriseId"))?;
        let enterprise = platform::existing_enterprises(call.host, "enterpriseId", &[enterprise_id])?;
        let language = language(call, "language", &input.language)?;
        let kind = validate::one_of("type", &input.kind, &TYPES)?;
        let same = Query::new()
            .eq("enterpriseId", enterprise_id)
            .eq("language", language.as_str())
            .eq("type", kind.as_str())
            .page(1, 2);
        if AGREEMENTS.query(call.host, &same)?.list.iter().any(|a| current.is_none_or(|c| c.id != a.id)) {
            return Err(messages::one_agreement());
        }
        Ok(Agreement {
            enterprise_id,
            enterprise_name: enterprise.first().map(|e| e.name.clone()).unwrap_or_default(),
            language,
            kind,
            content: validate::required("content", &input.content, 100_000)?,
            address: validate::http_link("address", &input.address, false)?,
        })
    }
}

/// `GET /app/agreement?enterpriseId=&language=&type=`: the agreement an app shows.
pub fn for_app(call: &mut Call<'_>) -> PluginResult<Value> {
    let enterprise_id: i64 =
        call.query("enterpriseId").and_then(|v| v.parse().ok()).ok_or_else(|| PluginError::required("enterpriseId"))?;
    let language = validate::required("language", call.query("language").unwrap_or(""), 16)?;
    let kind = validate::one_of("type", call.query("type").unwrap_or(""), &TYPES)?;
    let query = Query::new()
        .eq("enterpriseId", enterprise_id)
        .eq("language", language.as_str())
        .eq("type", kind.as_str())
        .page(1, 1);
    let found = AGREEMENTS.query(call.host, &query)?.list.into_iter().next().ok_or_else(PluginError::not_found)?;
    Ok(json!({ "content": found.data.content, "address": found.data.address, "updatedAt": found.updated_at }))
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Manual {
    pub product_id: String,
    pub product_name: String,
    pub language: String,
    pub address: String,
}

pub const MANUALS: Collection<Manual> = Collection::new("manuals");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ManualInput {
    product_id: String,
    language: String,
    address: String,
}

pub struct Manuals;

impl Resource for Manuals {
    type Data = Manual;
    type Input = ManualInput;
    const COLLECTION: Collection<Manual> = MANUALS;
    const FILTERS: &'static [&'static str] = &["productId", "language"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a manual");

    fn name(data: &Manual) -> &str {
        &data.product_name
    }

    fn validate(call: &mut Call<'_>, input: ManualInput, current: Option<&Doc<Manual>>) -> PluginResult<Manual> {
        let product_id = validate::required("productId", &input.product_id, SHORT_TEXT)?;
        let product_name = console_plugin_sdk::products::name(call.host, "productId", &product_id)?;
        let language = language(call, "language", &input.language)?;
        let same = Query::new().eq("productId", product_id.as_str()).eq("language", language.as_str()).page(1, 2);
        if MANUALS.query(call.host, &same)?.list.iter().any(|m| current.is_none_or(|c| c.id != m.id)) {
            return Err(messages::one_manual());
        }
        Ok(Manual {
            product_id,
            product_name,
            language,
            address: validate::http_link("address", &input.address, true)?,
        })
    }
}

/// `GET /app/manual?productId=&language=`: where a product's manual is in a language.
pub fn manual_for_app(call: &mut Call<'_>) -> PluginResult<Value> {
    let product_id = validate::required("productId", call.query("productId").unwrap_or(""), SHORT_TEXT)?;
    let language = validate::required("language", call.query("language").unwrap_or(""), 16)?;
    let query = Query::new().eq("productId", product_id.as_str()).eq("language", language.as_str()).page(1, 1);
    let found = MANUALS.query(call.host, &query)?.list.into_iter().next().ok_or_else(PluginError::not_found)?;
    Ok(json!({ "address": found.data.address, "updatedAt": found.updated_at }))
}

/// `GET /products`: the products a manual can be for.
pub fn products(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(console_plugin_sdk::products::options(call.host)?))
}

/// `GET /languages`: the platform's languages, for the forms.
pub fn languages(call: &mut Call<'_>) -> PluginResult<Value> {
    let codes = platform::languages(call.host)?;
    Ok(json!(codes.into_iter().map(|code| json!({ "code": code, "name": code })).collect::<Vec<_>>()))
}
