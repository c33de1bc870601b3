//! Sync records: one per change and region, written in the publishing plugin's
//! transaction, and the failure log of their attempts.

use console_plugin_sdk::sync::{Change, MAX_DATA, SyncedFile};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json, random, validate};
use serde::{Deserialize, Serialize};

use crate::domains;
use crate::nodes::{self, NODES};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// One change's id, the same in the record of every region it goes to.
    pub transaction_id: String,
    /// What changed (`module-text`, ...) and its natural key.
    pub domain: String,
    pub key: String,
    /// `upsert` or `delete`.
    pub op: String,
    /// `data` (a record) or `file` (a record with its file).
    #[serde(rename = "type")]
    pub kind: String,
    pub data: Value,
    /// The files a `file` record carries, fetched by the receiving console.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<SyncedFile>,
    /// When the change was made here: a region never applies an older change over a newer one.
    pub changed_at: i64,
    /// The region it goes to, and the one it comes from.
    pub node_key: String,
    pub current_node: String,
    pub sync_domain: String,
    pub intranet_domain: String,
    /// `pending`, `success` or `failure` (the result).
    pub status: String,
    /// Attempts that failed so far.
    pub retry_count: u32,
    /// Why the last attempt failed: `unreachable`, `refused` (the signature or key) or
    /// `rejected` (the region could not apply it), with what was said.
    #[serde(default)]
    pub failure_kind: String,
    #[serde(default)]
    pub failure_reason: String,
    /// When the schedule tries it next; 0 when it no longer does.
    pub next_attempt_at: i64,
    #[serde(default)]
    pub last_attempt_at: i64,
}

pub const RECORDS: Collection<Record> = Collection::new("records");

/// One failed attempt: the failure log.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    pub record_id: String,
    pub transaction_id: String,
    pub node_key: String,
    pub domain: String,
    pub key: String,
    /// Which attempt this was (1 for the first).
    pub attempt: u32,
    pub failure_kind: String,
    pub failure_reason: String,
    pub at: i64,
}

pub const FAILURES: Collection<Failure> = Collection::new("failures");

const UNKNOWN_DOMAIN: [&str; 7] = [
    "同步服务不认识这类数据，或它不属于调用的插件。",
    "The sync service does not carry this kind of data, or it is not the calling plugin's.",
    "Der Sync-Dienst überträgt diese Art von Daten nicht, oder sie gehört nicht dem aufrufenden Plugin.",
    "El servicio de sincronización no transporta este tipo de datos, o no pertenece al plugin que llama.",
    "Le service de synchronisation ne transporte pas ce type de données, ou elles n’appartiennent pas au plugin appelant.",
    "O serviço de sincronização não transporta este tipo de dados, ou não pertencem ao plugin que chama.",
    "Служба синхронизации не передаёт такие данные, или они не принадлежат вызывающему плагину.",
];

/// `POST /internal/outbox` (plugins): a record per enabled region, in the caller's transaction.
pub fn enqueue(call: &mut Call<'_>) -> PluginResult<Value> {
    let change: Change = call.body()?;
    let caller = call.host.calling_plugin().unwrap_or_default();
    let domain = domains::named(&change.domain).filter(|d| d.owner == caller);
    if domain.is_none() {
        return Err(PluginError::localized(400, Some("domain"), UNKNOWN_DOMAIN.map(str::to_string)));
    }
    validate::one_of("op", &change.op, &["upsert", "delete"])?;
    let key = validate::required("key", &change.key, 255)?;
    if change.data.to_string().len() > MAX_DATA {
        return Err(PluginError::format_values("data", &format!("≤ {} KiB", MAX_DATA / 1024)));
    }
    let targets = NODES.query(call.host, &Query::new().eq("enabled", true).page(1, 100))?.list;
    let Some(current) = nodes::current(call)?.map(|d| d.data.current_node).filter(|_| !targets.is_empty()) else {
        return Ok(json!({ "transactionIds": [] }));
    };
    let now = call.host.now_ms();
    let transaction_id = format!("{now:x}-{}", random::token(10)?.to_lowercase());
    let records: Vec<Record> = targets
        .into_iter()
        .map(|node| Record {
            transaction_id: transaction_id.clone(),
            domain: change.domain.clone(),
            key: key.clone(),
            op: change.op.clone(),
            kind: if change.files.is_empty() { "data" } else { "file" }.into(),
            data: change.data.clone(),
            files: change.files.clone(),
            changed_at: now,
            node_key: node.data.node_key,
            current_node: current.clone(),
            sync_domain: node.data.sync_domain,
            intranet_domain: node.data.intranet_domain,
            status: "pending".into(),
            retry_count: 0,
            failure_kind: String::new(),
            failure_reason: String::new(),
            next_attempt_at: now,
            last_attempt_at: 0,
        })
        .collect();
    RECORDS.insert_many(call.host, &records)?;
    Ok(json!({ "transactionIds": [transaction_id] }))
}

fn filtered(call: &Call<'_>, mut query: Query, fields: &[&str]) -> Query {
    for field in fields {
        query = query.eq_opt(field, call.query(field).filter(|v| !v.is_empty()));
    }
    query
}

/// `GET /records`: newest first.
pub fn records(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = filtered(call, Query::new(), &["status", "nodeKey", "domain", "transactionId"]);
    let query = query.sort("createdAt", true).paged_by(call)?;
    let page = RECORDS.query(call.host, &query)?;
    Ok(json!(page))
}

pub fn found(call: &mut Call<'_>) -> PluginResult<Doc<Record>> {
    let id = call.param("id")?.to_string();
    RECORDS.find(call.host, &id)
}

/// `GET /records/{id}`.
pub fn record(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(found(call)?))
}

/// `GET /failures`: the failure log, newest first.
pub fn failures(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = filtered(call, Query::new(), &["nodeKey", "domain", "transactionId"]);
    let query = query.sort("at", true).paged_by(call)?;
    let page = FAILURES.query(call.host, &query)?;
    Ok(json!(page))
}
