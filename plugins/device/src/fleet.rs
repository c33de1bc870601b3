//! Fleet keys (page /device-manage/fleet-keys): the keys an enterprise's devices activate with,
//! issued and revoked by that enterprise's own administrators (the platform's only for a platform
//! user acting for all). A key is shown once, when issued; the host keeps its hash. Revoking one
//! stops new activations with it; the devices it activated keep the keys they were given.

use console_plugin_sdk::devices::{self, FleetKey};
use console_plugin_sdk::{Call, PluginError, PluginResult, Value, json};
use serde::{Deserialize, Serialize};

/// The longest name of a fleet key (the host's rule).
pub const MAX_NAME_CHARS: usize = 64;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewFleetKey {
    /// What the key is for, e.g. "Factory line 2".
    pub name: String,
    /// Every request with the key must be signed.
    pub require_signature: bool,
}

/// A fleet key as its list shows it: never the key itself.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FleetKeyRow {
    pub id: i64,
    pub name: String,
    /// The key's last four characters.
    pub hint: String,
    pub require_signature: bool,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

impl From<FleetKey> for FleetKeyRow {
    fn from(key: FleetKey) -> Self {
        FleetKeyRow {
            id: key.id,
            name: key.name,
            hint: key.hint,
            require_signature: key.require_signature,
            created_at: key.created_at,
            last_used_at: key.last_used_at,
        }
    }
}

/// A key just issued: the one answer that holds it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssuedKey {
    pub id: i64,
    pub key: String,
}

fn name_rule() -> [String; 7] {
    [
        format!("1 到 {MAX_NAME_CHARS} 个字符,且不以 sn: 开头"),
        format!("1 to {MAX_NAME_CHARS} characters, not beginning with sn:"),
        format!("1 bis {MAX_NAME_CHARS} Zeichen, nicht mit sn: beginnend"),
        format!("de 1 a {MAX_NAME_CHARS} caracteres, sin empezar por sn:"),
        format!("1 à {MAX_NAME_CHARS} caractères, sans commencer par sn:"),
        format!("de 1 a {MAX_NAME_CHARS} caracteres, sem começar por sn:"),
        format!("от 1 до {MAX_NAME_CHARS} символов, не начиная с sn:"),
    ]
}

fn name_taken(name: &str) -> PluginError {
    PluginError::localized(
        400,
        Some("name"),
        [
            format!("已有名为“{name}”的设备组密钥"),
            format!("A fleet key named \"{name}\" exists already."),
            format!("Es gibt bereits einen Flottenschlüssel namens „{name}“."),
            format!("Ya existe una clave de flota llamada «{name}»."),
            format!("Une clé de flotte nommée « {name} » existe déjà."),
            format!("Já existe uma chave de frota chamada «{name}»."),
            format!("Ключ парка с именем «{name}» уже существует."),
        ],
    )
}

/// `GET /fleet-keys`: the enterprise's fleet keys, newest first.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let keys = devices::fleet_keys(call.host)?;
    Ok(json!(keys.into_iter().map(FleetKeyRow::from).collect::<Vec<_>>()))
}

/// `POST /fleet-keys`: a new fleet key for the enterprise, shown in this answer only.
pub fn issue(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<NewFleetKey>()?;
    let name = input.name.trim();
    if name.is_empty() {
        return Err(PluginError::required("name"));
    }
    if name.chars().count() > MAX_NAME_CHARS || name.starts_with("sn:") || name.chars().any(char::is_control) {
        return Err(PluginError::format("name", name_rule()));
    }
    let Some(issued) = devices::issue_fleet_key(call.host, name, input.require_signature)? else {
        return Err(name_taken(name));
    };
    call.host.audit("Fleet key issued", name);
    Ok(json!(IssuedKey { id: issued.id, key: issued.key }))
}

/// `POST /fleet-keys/{id}/revoke` (`{confirmName}`, the key's name typed again).
pub fn revoke(call: &mut Call<'_>) -> PluginResult<Value> {
    let id: i64 = call.param("id")?.parse().map_err(|_| PluginError::not_found())?;
    let key = devices::fleet_keys(call.host)?.into_iter().find(|k| k.id == id).ok_or_else(PluginError::not_found)?;
    call.confirm_name(&key.name)?;
    if !devices::revoke_fleet_key(call.host, id)? {
        return Err(PluginError::not_found());
    }
    call.host.audit("Fleet key revoked", &key.name);
    Ok(Value::Null)
}
