//! Internal beta users (/system/betaAppUser): app accounts that get beta builds, for every product
//! or the ones named; added one per line (email accounts as the address, phone accounts as country
//! code, hyphen, number).

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::app_products;
use crate::app_users::{self, APP_USERS};

/// Accounts in one batch.
pub const MAX_BATCH: usize = 500;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetaUser {
    pub remark_name: String,
    pub username: String,
    /// The app user's id, once the account has used the app.
    pub user_id: String,
    /// Every product, or only `productIds`.
    pub all_products: bool,
    pub product_ids: Vec<String>,
}

pub const BETA_USERS: Collection<BetaUser> = Collection::new("beta_users");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BatchInput {
    /// Accounts, one per line.
    usernames: String,
    remark_name: String,
    all_products: bool,
    product_ids: Vec<String>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Added {
    pub added: Vec<String>,
    pub already_listed: Vec<String>,
}

/// Adds accounts one per line; one that is not an account names its line and adds nothing.
pub fn add_batch(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: BatchInput = call.body()?;
    let lines = validate::lines("usernames", &input.usernames, MAX_BATCH)?;
    if lines.is_empty() {
        return Err(PluginError::required("usernames"));
    }
    let accounts: Vec<String> =
        lines.iter().map(|l| app_users::account("usernames", l)).collect::<PluginResult<_>>()?;
    if !input.all_products && input.product_ids.is_empty() {
        return Err(PluginError::required("productIds"));
    }
    // Products of this enterprise only (the product plugin is asked before the first write): an
    // id of another enterprise's would be kept as a link to nothing.
    let product_ids = if input.all_products { Vec::new() } else { app_products::products(call, &input.product_ids)? };
    let remark_name = validate::optional("remarkName", &input.remark_name, SHORT_TEXT)?;
    let (mut added, mut already_listed) = (Vec::new(), Vec::new());
    for username in accounts {
        if BETA_USERS.count(call.host, &Query::new().eq("username", username.as_str()))? > 0 {
            already_listed.push(username);
            continue;
        }
        let user_id = APP_USERS
            .query(call.host, &Query::new().eq("username", username.as_str()).page(1, 1))?
            .list
            .first()
            .map(|u| u.id.clone())
            .unwrap_or_default();
        let beta = BetaUser {
            remark_name: remark_name.clone(),
            username: username.clone(),
            user_id,
            all_products: input.all_products,
            product_ids: product_ids.clone(),
        };
        BETA_USERS.insert(call.host, &beta)?;
        added.push(username);
    }
    call.host
        .audit("Add internal beta users", &format!("{} added, {} listed already", added.len(), already_listed.len()));
    Ok(json!(Added { added, already_listed }))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("username", call.query("username"), call.search_mode())
        .search("remarkName", call.query("remarkName"), call.search_mode())
        .sort("createdAt", true)
        .paged_by(call)?;
    Ok(json!(BETA_USERS.query(call.host, &query)?))
}

/// Removes a beta user, its account typed again.
pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let beta = BETA_USERS.find(call.host, &id)?;
    call.confirm_name(&beta.data.username)?;
    BETA_USERS.delete(call.host, &beta.id)?;
    call.host.audit("Remove an internal beta user", &beta.data.username);
    Ok(Value::Null)
}
