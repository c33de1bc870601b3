//! FAQ groups (/content/faqGroup): the "ID groups" the customer-service FAQ files its entries in.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Resource};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqGroup {
    pub name: String,
    pub description: String,
    pub sort: i64,
}

pub const FAQ_GROUPS: Collection<FaqGroup> = Collection::new("faq_groups");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FaqGroupInput {
    name: String,
    description: String,
    sort: Option<i64>,
}

pub struct FaqGroups;

impl Resource for FaqGroups {
    type Data = FaqGroup;
    type Input = FaqGroupInput;
    const COLLECTION: Collection<FaqGroup> = FAQ_GROUPS;
    const SEARCH: &'static [&'static str] = &["name"];
    const SORT: &'static [(&'static str, bool)] = &[("sort", false), ("createdAt", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an FAQ group");

    fn name(data: &FaqGroup) -> &str {
        &data.name
    }

    fn validate(_: &mut Call<'_>, input: FaqGroupInput, _: Option<&Doc<FaqGroup>>) -> PluginResult<FaqGroup> {
        Ok(FaqGroup {
            name: validate::required("name", &input.name, SHORT_TEXT)?,
            description: validate::optional("description", &input.description, 500)?,
            sort: validate::range("sort", input.sort.unwrap_or(0) as f64, 0.0, 9999.0)? as i64,
        })
    }
}
