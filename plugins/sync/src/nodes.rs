//! This region's node key, and the regions (nodes) whose consoles receive its changes.

use console_plugin_sdk::resource::Resource;
use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Query, Value, json, secrets};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// This region's node key: the "current node" of every record it sends.
    pub current_node: String,
    /// This console's own address on the private network: where the other regions fetch the
    /// files a record carries (firmware packages, pictures). Empty: no files are sent.
    pub intranet_domain: String,
}

const SETTINGS: Collection<Settings> = Collection::new("settings");

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Node {
    /// The region's node key, the same in every console.
    pub node_key: String,
    pub name: String,
    /// The service area it serves (service-area-config).
    #[serde(default)]
    pub area_code: String,
    /// The region console's public domain (what its users open).
    #[serde(default)]
    pub sync_domain: String,
    /// Where this console delivers: the region console's address on the private network.
    pub intranet_domain: String,
    /// The device key that console issued for its sync service, sealed; never answered.
    #[serde(default)]
    pub key: String,
    /// Its last four characters, to tell keys apart.
    #[serde(default)]
    pub key_hint: String,
    /// Off: changes are no longer queued for it (what is queued still goes).
    pub enabled: bool,
}

pub const NODES: Collection<Node> = Collection::new("nodes");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeInput {
    pub node_key: String,
    pub name: String,
    pub area_code: String,
    pub sync_domain: String,
    pub intranet_domain: String,
    /// The device key, given when added; empty on a change keeps the one kept.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    pub key: String,
    pub enabled: Option<bool>,
}

const NODE_KEY: [&str; 7] = [
    "小写字母、数字和 -，最多 32 个字符",
    "lower-case letters, digits and -, at most 32 characters",
    "Kleinbuchstaben, Ziffern und -, höchstens 32 Zeichen",
    "minúsculas, dígitos y -, como máximo 32 caracteres",
    "des minuscules, des chiffres et -, 32 caractères au plus",
    "minúsculas, algarismos e -, no máximo 32 caracteres",
    "строчные буквы, цифры и -, не более 32 символов",
];

const HTTPS_URL: [&str; 7] = [
    "https:// 地址（仅本机可用 http://）",
    "an https:// address (http:// only on this machine)",
    "eine https://-Adresse (http:// nur auf diesem Rechner)",
    "una dirección https:// (http:// solo en esta máquina)",
    "une adresse https:// (http:// seulement sur cette machine)",
    "um endereço https:// (http:// só nesta máquina)",
    "адрес https:// (http:// только на этой машине)",
];

const DEVICE_KEY: [&str; 7] = [
    "对方控制台为同步服务签发的设备密钥（dk_ 开头）",
    "the device key that console issued for its sync service (dk_...)",
    "der Geräteschlüssel, den jene Konsole für ihren Sync-Dienst ausgestellt hat (dk_...)",
    "la clave de dispositivo que esa consola emitió para su servicio de sincronización (dk_...)",
    "la clé d’appareil que cette console a émise pour son service de synchronisation (dk_...)",
    "a chave de dispositivo que essa consola emitiu para o seu serviço de sincronização (dk_...)",
    "ключ устройства, выданный той консолью для её службы синхронизации (dk_...)",
];

const CURRENT_FIRST: [&str; 7] = [
    "请先设置本区域的节点标识。",
    "Set this region's node key first.",
    "Legen Sie zuerst den Knotenschlüssel dieser Region fest.",
    "Defina primero la clave de nodo de esta región.",
    "Définissez d’abord la clé de nœud de cette région.",
    "Defina primeiro a chave de nó desta região.",
    "Сначала задайте ключ узла этого региона.",
];

const NOT_SELF: [&str; 7] = [
    "这是本区域自己的节点标识。",
    "That is this region's own node key.",
    "Das ist der Knotenschlüssel dieser Region selbst.",
    "Esa es la clave de nodo de esta misma región.",
    "C’est la clé de nœud de cette région elle-même.",
    "Essa é a chave de nó desta própria região.",
    "Это ключ узла самого этого региона.",
];

fn texts(t: [&str; 7]) -> [String; 7] {
    t.map(str::to_string)
}

fn node_key(field: &str, value: &str) -> PluginResult<String> {
    let key = validate::required(field, value, 32)?;
    if key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        Ok(key)
    } else {
        Err(PluginError::format(field, NODE_KEY))
    }
}

/// HTTPS, or plain HTTP to this machine only (two consoles on one machine, as the tests run).
fn intranet(value: &str) -> PluginResult<String> {
    let url = validate::required("intranetDomain", value, 255)?.trim_end_matches('/').to_string();
    let loopback = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"].iter().any(|p| url.starts_with(p));
    let host = url.strip_prefix("https://").unwrap_or("");
    if loopback || (!host.is_empty() && !host.contains(['?', '#', '@', ' '])) {
        Ok(url)
    } else {
        Err(PluginError::format("intranetDomain", HTTPS_URL))
    }
}

pub fn current(call: &mut Call<'_>) -> PluginResult<Option<Doc<Settings>>> {
    kept(call.host)
}

pub fn kept(host: &mut dyn Host) -> PluginResult<Option<Doc<Settings>>> {
    SETTINGS.single(host)
}

/// `GET /settings`.
pub fn settings(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(current(call)?.map(|d| d.data).unwrap_or_default()))
}

/// `PUT /settings`: this region's node key.
pub fn save_settings(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: Settings = call.body()?;
    let intranet_domain =
        if input.intranet_domain.trim().is_empty() { String::new() } else { intranet(&input.intranet_domain)? };
    let settings = Settings { current_node: node_key("currentNode", &input.current_node)?, intranet_domain };
    let taken = NODES.query(call.host, &Query::new().eq("nodeKey", settings.current_node.as_str()).page(1, 1))?;
    if taken.total > 0 {
        return Err(PluginError::localized(400, Some("currentNode"), texts(NOT_SELF)));
    }
    SETTINGS.save_single(call.host, &settings)?;
    call.host.audit("sync.settings", &settings.current_node);
    Ok(json!(settings))
}

pub struct Nodes;

impl Resource for Nodes {
    type Data = Node;
    type Input = NodeInput;
    const COLLECTION: Collection<Node> = NODES;
    const SEARCH: &'static [&'static str] = &["name"];
    const FILTERS: &'static [&'static str] = &["enabled"];
    const SORT: &'static [(&'static str, bool)] = &[("nodeKey", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("sync.node.add");

    fn name(data: &Node) -> &str {
        &data.node_key
    }

    fn validate(call: &mut Call<'_>, input: NodeInput, current_doc: Option<&Doc<Node>>) -> PluginResult<Node> {
        let own = current(call)?.map(|d| d.data.current_node).unwrap_or_default();
        if own.is_empty() {
            return Err(PluginError::localized(400, Some("nodeKey"), texts(CURRENT_FIRST)));
        }
        let node_key = node_key("nodeKey", &input.node_key)?;
        if node_key == own {
            return Err(PluginError::localized(400, Some("nodeKey"), texts(NOT_SELF)));
        }
        let taken = NODES.query(call.host, &Query::new().eq("nodeKey", node_key.as_str()).page(1, 1))?.list;
        if taken.first().is_some_and(|t| current_doc.is_none_or(|c| c.id != t.id)) {
            return Err(PluginError::invalid(
                "nodeKey",
                console_plugin_sdk::Message::Duplicate { fields: vec![node_key] },
            ));
        }
        let given = input.key.trim();
        let (key, key_hint) = match (given.is_empty(), current_doc) {
            (true, Some(doc)) => (doc.data.key.clone(), doc.data.key_hint.clone()),
            (true, None) => return Err(PluginError::required("key")),
            (false, _) if !given.starts_with("dk_") || given.len() > 128 || given.contains(char::is_whitespace) => {
                return Err(PluginError::format("key", DEVICE_KEY));
            }
            (false, _) => (secrets::seal(call.host, given)?, secrets::mask(given)),
        };
        Ok(Node {
            node_key,
            name: validate::required("name", &input.name, 64)?,
            area_code: validate::optional("areaCode", &input.area_code, 32)?,
            sync_domain: validate::optional("syncDomain", &input.sync_domain, 255)?,
            intranet_domain: intranet(&input.intranet_domain)?,
            key,
            key_hint,
            enabled: input.enabled.unwrap_or(true),
        })
    }

    /// Never the sealed key.
    fn shown(_call: &mut Call<'_>, doc: &Doc<Node>) -> Value {
        let mut shown = json!(doc);
        if let Some(object) = shown.as_object_mut() {
            object.remove("key");
        }
        shown
    }
}
