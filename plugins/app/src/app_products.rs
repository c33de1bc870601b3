//! App products: the app a product is used with, its code and platform, logo, privacy link, client
//! id and secret, and the products bound to it.

use console_plugin_sdk::upload::{self, ImageFormat, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Resource, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::credentials::{self, Sealed};
use crate::messages;

pub const PRODUCT_SERVICE: &str = "product-service";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppProduct {
    pub app_product_name: String,
    pub app_name: String,
    /// No underscore.
    pub app_code: String,
    pub platform_code: String,
    pub logo: Option<StoredFile>,
    pub privacy_link: String,
    /// Public: the app sends it with each request.
    pub client_id: String,
    pub secret: Sealed,
    /// Given once, never changed: what the platform's records name the app product by.
    pub app_product_id: String,
    pub product_ids: Vec<String>,
}

pub const APP_PRODUCTS: Collection<AppProduct> = Collection::new("app_products");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppProductInput {
    app_product_name: String,
    app_name: String,
    app_code: String,
    platform_code: String,
    /// Upload id (purpose `logo`): 200×200 PNG, JPEG or GIF, at most 500 KB; kept when empty.
    logo: String,
    privacy_link: String,
    /// The client secret (at least 16 characters); kept when an edit leaves it empty.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    secret: String,
    product_ids: Vec<String>,
}

/// A link users open: https, or http for a local test server.
pub fn link(field: &str, value: &str, required: bool) -> PluginResult<String> {
    validate::http_link(field, value, required)
}

/// The products bound to an app: each one the product plugin knows (at most 100).
pub fn products(call: &mut Call<'_>, ids: &[String]) -> PluginResult<Vec<String>> {
    if ids.len() > 100 {
        return Err(PluginError::invalid(
            "productIds",
            console_plugin_sdk::Message::TooMany { field: "productIds".into(), max: 100 },
        ));
    }
    let mut kept = Vec::new();
    for id in ids {
        let id = validate::required("productIds", id, 64)?;
        // An id is a record's: nothing that could name another route of the product plugin.
        let well_formed = id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        let found: PluginResult<Value> = if well_formed {
            services::get(call.host, PRODUCT_SERVICE, &format!("/internal/products/{id}"))
        } else {
            Err(PluginError::not_found())
        };
        if found.is_err() {
            return Err(PluginError::format(
                "productIds",
                [
                    "已存在的产品",
                    "existing products",
                    "vorhandene Produkte",
                    "productos existentes",
                    "des produits existants",
                    "produtos existentes",
                    "существующие продукты",
                ],
            ));
        }
        if !kept.contains(&id) {
            kept.push(id);
        }
    }
    Ok(kept)
}

impl AppProductInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<AppProduct>>) -> PluginResult<AppProduct> {
        // The product plugin is asked first: no outbound call after the call's first write.
        let product_ids = products(call, &self.product_ids)?;
        let app_code = validate::required("appCode", &self.app_code, 64)?;
        if app_code.contains('_') {
            return Err(messages::app_code_underscore());
        }
        let logo = match (self.logo.trim(), current) {
            ("", Some(current)) => current.data.logo.clone(),
            ("", None) => None,
            (upload_id, _) => {
                let file = upload::claim(call.host, "logo", upload_id, "logo")?;
                let formats = [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif];
                upload::require_image_of("logo", &file, 200, 200, &formats, false, 500)?;
                Some(StoredFile::from(&file))
            }
        };
        Ok(AppProduct {
            app_product_name: validate::required("appProductName", &self.app_product_name, SHORT_TEXT)?,
            app_name: validate::required("appName", &self.app_name, SHORT_TEXT)?,
            app_code,
            platform_code: validate::required("platformCode", &self.platform_code, 32)?,
            logo,
            privacy_link: link("privacyLink", &self.privacy_link, true)?,
            client_id: match current {
                Some(current) => current.data.client_id.clone(),
                None => console_plugin_sdk::random::token(20)?,
            },
            secret: credentials::sealed(call, "secret", &self.secret, current.map(|c| &c.data.secret))?,
            app_product_id: match current {
                Some(current) => current.data.app_product_id.clone(),
                None => format!("AP{}", console_plugin_sdk::random::token(10)?),
            },
            product_ids,
        })
    }
}

pub struct AppProducts;

impl Resource for AppProducts {
    type Data = AppProduct;
    type Input = AppProductInput;
    const COLLECTION: Collection<AppProduct> = APP_PRODUCTS;
    const SEARCH: &'static [&'static str] = &["appProductName", "appName"];
    const FILTERS: &'static [&'static str] = &["appCode", "platformCode"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an app product");

    fn name(data: &AppProduct) -> &str {
        &data.app_product_name
    }

    fn validate(
        call: &mut Call<'_>,
        input: AppProductInput,
        current: Option<&Doc<AppProduct>>,
    ) -> PluginResult<AppProduct> {
        input.validate(call, current)
    }

    fn shown(_call: &mut Call<'_>, doc: &Doc<AppProduct>) -> Value {
        credentials::hide(json!(doc), &["secret"])
    }
}
