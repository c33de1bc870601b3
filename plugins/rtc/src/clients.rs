//! RTC clients: the vendor applications (Agora, Tencent TRTC, Volcengine or self-hosted) whose
//! app id devices and apps join channels with.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::keys::KEYS;
use crate::messages;
use crate::relations::RELATIONS;
use crate::whitelist::WHITELIST;

pub const VENDORS: [&str; 4] = ["agora", "trtc", "volcengine", "self-hosted"];
/// Service regions.
pub const REGIONS: [&str; 3] = ["asia", "europe", "america"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Client {
    pub client_name: String,
    pub vendor: String,
    pub app_id: String,
    pub region: String,
    pub remark: String,
    pub enabled: bool,
}

pub const CLIENTS: Collection<Client> = Collection::new("clients");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClientInput {
    client_name: String,
    vendor: String,
    app_id: String,
    region: String,
    remark: String,
    enabled: Option<bool>,
}

/// An identifier a vendor gives: letters, digits, `-` and `_`.
pub fn identifier(field: &str, value: &str, max: usize) -> PluginResult<String> {
    let value = validate::required(field, value, max)?;
    if value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Ok(value)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::expected::CODE))
    }
}

impl ClientInput {
    fn validate(self) -> PluginResult<Client> {
        Ok(Client {
            client_name: validate::length("clientName", &self.client_name, 2, SHORT_TEXT)?,
            vendor: validate::one_of("vendor", &self.vendor, &VENDORS)?,
            app_id: identifier("appId", &self.app_id, 64)?,
            region: validate::one_of("region", &self.region, &REGIONS)?,
            remark: validate::optional("remark", &self.remark, LONG_TEXT)?,
            enabled: self.enabled.unwrap_or(true),
        })
    }
}

/// Id, name and app id of every client, for the pages that pick one.
/// A client in the pickers of the other pages.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientOption {
    pub id: String,
    pub client_name: String,
    pub app_id: String,
    pub enabled: bool,
}

pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = CLIENTS.query(call.host, &Query::new().sort("clientName", false).page(1, 1000))?;
    let options: Vec<ClientOption> = page
        .list
        .into_iter()
        .map(|c| ClientOption {
            id: c.id,
            client_name: c.data.client_name,
            app_id: c.data.app_id,
            enabled: c.data.enabled,
        })
        .collect();
    Ok(json!(options))
}

/// Clients as a resource: the app id stays while anything uses the client, and a client in use
/// is not deleted.
pub struct Clients;

impl Resource for Clients {
    type Data = Client;
    type Input = ClientInput;
    const COLLECTION: Collection<Client> = CLIENTS;
    const SEARCH: &'static [&'static str] = &["clientName"];
    const FILTERS: &'static [&'static str] = &["vendor", "appId"];

    fn name(client: &Client) -> &str {
        &client.client_name
    }

    fn validate(call: &mut Call<'_>, input: ClientInput, current: Option<&Doc<Client>>) -> PluginResult<Client> {
        let client = input.validate()?;
        if let Some(before) = current
            && before.data.app_id != client.app_id
            && usage(call, &before.id)? > 0
        {
            // Tokens and devices know the app id: changing it would orphan them.
            return Err(PluginError::format(
                "appId",
                [
                    "在有密钥、白名单或关联使用此客户端时不可修改",
                    "unchanged while keys, whitelist entries or relations use the client",
                    "unverändert, solange Schlüssel, Whitelist-Einträge oder Zuordnungen den Client nutzen",
                    "sin cambios mientras claves, entradas de la lista blanca o vínculos usen el cliente",
                    "inchangé tant que des clés, entrées de liste blanche ou liaisons utilisent le client",
                    "inalterado enquanto chaves, entradas da lista branca ou associações usarem o cliente",
                    "без изменений, пока клиент используют ключи, белый список или привязки",
                ],
            ));
        }
        Ok(client)
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<Client>) -> PluginResult<()> {
        call.host.audit("Add an RTC client", &format!("{} ({})", created.data.client_name, created.data.app_id));
        Ok(())
    }

    fn before_delete(call: &mut Call<'_>, client: &Doc<Client>) -> PluginResult<()> {
        let in_use = usage(call, &client.id)?;
        if in_use > 0 {
            return Err(messages::clients_in_use(in_use));
        }
        Ok(())
    }
}

fn usage(call: &mut Call<'_>, id: &str) -> PluginResult<u64> {
    let by_client = Query::new().eq("clientId", id);
    Ok(KEYS.count(call.host, &by_client)?
        + WHITELIST.count(call.host, &by_client)?
        + RELATIONS.count(call.host, &by_client)?)
}

/// The enabled client with this id, or the reason it cannot be used.
pub fn usable(call: &mut Call<'_>, id: &str) -> PluginResult<Doc<Client>> {
    let client =
        CLIENTS.get(call.host, id)?.ok_or_else(|| PluginError::format("clientId", crate::expected::EXISTING_CLIENT))?;
    if !client.data.enabled {
        return Err(messages::client_disabled());
    }
    Ok(client)
}
