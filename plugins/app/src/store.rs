//! The app store list: where an app is downloaded.

use console_plugin_sdk::upload::{self, ImageFormat, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Resource};
use serde::{Deserialize, Serialize};

use crate::app_products::link;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppStore {
    pub store_name: String,
    pub icon: Option<StoredFile>,
    pub download_address: String,
    /// The start of the store's addresses (`play.google.com`, `apps.apple.com`).
    pub domain_prefix: String,
}

pub const STORES: Collection<AppStore> = Collection::new("app_stores");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppStoreInput {
    store_name: String,
    /// Upload id (purpose `store-icon`): a PNG, JPEG or GIF of at most 500 KB; kept when empty.
    icon: String,
    download_address: String,
    domain_prefix: String,
}

impl AppStoreInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<AppStore>>) -> PluginResult<AppStore> {
        let domain_prefix = validate::required("domainPrefix", &self.domain_prefix, 253)?;
        if !domain_prefix.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-')) {
            return Err(PluginError::format(
                "domainPrefix",
                [
                    "域名，如 apps.apple.com",
                    "a domain such as apps.apple.com",
                    "eine Domain wie apps.apple.com",
                    "un dominio como apps.apple.com",
                    "un domaine comme apps.apple.com",
                    "um domínio como apps.apple.com",
                    "домен, например apps.apple.com",
                ],
            ));
        }
        let icon = match (self.icon.trim(), current) {
            ("", Some(current)) => current.data.icon.clone(),
            ("", None) => None,
            (upload_id, _) => {
                let file = upload::claim(call.host, "icon", upload_id, "store-icon")?;
                upload::require_image_of(
                    "icon",
                    &file,
                    0,
                    0,
                    &[ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif],
                    false,
                    500,
                )?;
                Some(StoredFile::from(&file))
            }
        };
        Ok(AppStore {
            store_name: validate::required("storeName", &self.store_name, SHORT_TEXT)?,
            icon,
            download_address: link("downloadAddress", &self.download_address, true)?,
            domain_prefix,
        })
    }
}

pub struct AppStores;

impl Resource for AppStores {
    type Data = AppStore;
    type Input = AppStoreInput;
    const COLLECTION: Collection<AppStore> = STORES;
    const SEARCH: &'static [&'static str] = &["storeName"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an app store");

    fn name(data: &AppStore) -> &str {
        &data.store_name
    }

    fn validate(call: &mut Call<'_>, input: AppStoreInput, current: Option<&Doc<AppStore>>) -> PluginResult<AppStore> {
        input.validate(call, current)
    }
}
