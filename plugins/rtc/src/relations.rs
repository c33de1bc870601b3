//! Which app user watches which device on which channel. Devices bind themselves through the
//! device-facing route; operators can bind for support, search by SN and unbind.

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::clients::{self, identifier};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Relation {
    pub device_sn: String,
    pub app_user_id: String,
    pub channel: String,
    pub client_id: String,
    /// `console` or `device:<key name>`.
    pub bound_by: String,
}

pub const RELATIONS: Collection<Relation> = Collection::new("relations");

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .search("deviceSn", call.query("deviceSn"), mode)
        .eq_opt("appUserId", call.query("appUserId"))
        .eq_opt("clientId", call.query("clientId"))
        .sort("createdAt", true)
        .paged_by(call)?;
    Ok(json!(RELATIONS.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BindInput {
    device_sn: String,
    app_user_id: String,
    channel: String,
    client_id: String,
    /// Devices name the client by its app id.
    app_id: String,
}

/// Binds a device and an app user on a channel; binding the same pair again moves it to the
/// new channel.
pub fn bind(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<BindInput>()?;
    let device_sn = identifier("deviceSn", &input.device_sn, 64)?;
    let app_user_id = identifier("appUserId", &input.app_user_id, 64)?;
    let channel = identifier("channel", &input.channel, 64)?;
    let client_id = if call.context.device().is_some() {
        let app_id = validate::required("appId", &input.app_id, 64)?;
        let found = clients::CLIENTS.query(call.host, &Query::new().eq("appId", app_id.as_str()).page(1, 1))?;
        found
            .list
            .into_iter()
            .next()
            .map(|c| c.id)
            .ok_or_else(|| console_plugin_sdk::PluginError::format("appId", crate::expected::CLIENT_APP_ID))?
    } else {
        validate::required("clientId", &input.client_id, 64)?
    };
    clients::usable(call, &client_id)?;
    let bound_by = call.context.device().map_or("console".to_string(), |key| format!("device:{key}"));
    let relation = Relation { device_sn, app_user_id, channel, client_id, bound_by };
    let same_pair = Query::new()
        .eq("deviceSn", relation.device_sn.as_str())
        .eq("appUserId", relation.app_user_id.as_str())
        .page(1, 1);
    let saved = match RELATIONS.query(call.host, &same_pair)?.list.into_iter().next() {
        Some(existing) => RELATIONS.update(call.host, &existing.id, &relation, None)?,
        None => RELATIONS.insert(call.host, &relation)?,
    };
    if call.context.device().is_none() {
        call.host.audit("Bind an RTC relation", &format!("{} ↔ {}", relation.device_sn, relation.app_user_id));
    }
    Ok(json!(saved))
}

/// Unbinds; the device SN typed again confirms it.
pub fn unbind(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let relation = RELATIONS.find(call.host, &id)?;
    call.confirm_name(&relation.data.device_sn)?;
    RELATIONS.delete(call.host, &id)?;
    call.host.audit("Unbind an RTC relation", &format!("{} ↔ {}", relation.data.device_sn, relation.data.app_user_id));
    Ok(Value::Null)
}
