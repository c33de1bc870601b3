//! Delivery: each due record goes to its region's console, signed with the key that console
//! issued; what came of it is written after every request has been sent (the host refuses the
//! network once a call has written).

use std::collections::BTreeMap;

use console_plugin_sdk::host::OutboundRequest;
use console_plugin_sdk::{
    Call, Context, Doc, Host, PluginError, PluginResult, Query, Value, json, random, secrets, signing,
};

use console_plugin_sdk::services;
use console_plugin_sdk::sync::{DeliveredFile, FILE_URLS};

use crate::domains;
use crate::inbound::Delivered;
use crate::nodes::{self, NODES, Node};
use crate::outbox::{FAILURES, Failure, RECORDS, Record};

/// Attempts the schedule makes before it leaves a record to the operator's retry.
pub const MAX_ATTEMPTS: u32 = 10;
/// The wait after the first failure; it doubles with each one, up to an hour.
pub const BACKOFF_MS: i64 = 30_000;
/// Records one run of the schedule sends (each may wait on a slow region).
const BATCH: u32 = 5;
/// Where a console receives (its sync service's device route).
pub const INBOUND: &str = "/api/device/data-sync-service/inbound";

/// The wait before the next attempt after `failures` failed ones.
pub fn backoff_ms(failures: u32) -> i64 {
    (BACKOFF_MS << failures.saturating_sub(1).min(7)).min(3_600_000)
}

/// What an attempt came to: delivered, or the kind of failure and what was said.
type Outcome = Result<(), (&'static str, String)>;

fn node(host: &mut dyn Host, node_key: &str) -> PluginResult<Option<Doc<Node>>> {
    Ok(NODES.query(host, &Query::new().eq("nodeKey", node_key).page(1, 1))?.list.into_iter().next())
}

/// Sends one record to its region; writes nothing.
/// `lang`: the language the region answers a refusal in (the operator's for a retry).
fn send(host: &mut dyn Host, node: Option<&Doc<Node>>, record: &Record, lang: &str) -> PluginResult<Outcome> {
    let Some(node) = node else {
        return Ok(Err(("unreachable", format!("the region {} is no longer configured here", record.node_key))));
    };
    let files = match file_urls(host, record) {
        Ok(files) => files,
        Err(why) => return Ok(Err(("rejected", why))),
    };
    let key = secrets::open(host, &node.data.key)?;
    let delivered = Delivered {
        transaction_id: record.transaction_id.clone(),
        from_node: record.current_node.clone(),
        changed_at: record.changed_at,
        domain: record.domain.clone(),
        key: record.key.clone(),
        op: record.op.clone(),
        data: record.data.clone(),
        files,
    };
    let body = serde_json::to_vec(&delivered).map_err(|e| PluginError::internal(e.to_string()))?;
    let nonce = random::token(24)?;
    let now = host.now_ms();
    let mut headers =
        vec![("content-type".to_string(), "application/json".to_string()), ("lang".to_string(), lang.to_string())];
    headers.extend(signing::device_headers(&key, "POST", INBOUND, "", &body, now, &nonce));
    let request = OutboundRequest {
        method: "POST".into(),
        url: format!("{}{INBOUND}", node.data.intranet_domain),
        headers,
        body,
    };
    let answer = match host.fetch(&request) {
        Ok(answer) => answer,
        Err(why) => return Ok(Err(("unreachable", why))),
    };
    let envelope: Value = serde_json::from_slice(&answer.body).unwrap_or(Value::Null);
    let code = envelope.get("code").and_then(Value::as_i64).unwrap_or(i64::from(answer.status));
    let msg = envelope.get("msg").and_then(Value::as_str).unwrap_or("").chars().take(500).collect::<String>();
    Ok(match (answer.status, code) {
        (200, 200 | 0) => Ok(()),
        (401 | 403, _) | (_, 401 | 403) => Err(("refused", format!("{code}: {msg}"))),
        (status, _) if status >= 500 || status == 429 || code >= 500 => {
            Err(("unreachable", format!("{status}: {msg}")))
        }
        _ => Err(("rejected", format!("{code}: {msg}"))),
    })
}

/// Where the other region fetches the record's files: URLs the owning plugin signs for the
/// next hour, on this console's intranet address.
fn file_urls(host: &mut dyn Host, record: &Record) -> Result<Vec<DeliveredFile>, String> {
    if record.files.is_empty() {
        return Ok(Vec::new());
    }
    let Some(domain) = domains::named(&record.domain) else {
        return Err(format!("this console no longer carries `{}`", record.domain));
    };
    let own = nodes::kept(host).map_err(|e| format!("{e:?}"))?.map(|d| d.data.intranet_domain).unwrap_or_default();
    let names: Vec<&str> = record.files.iter().map(|f| f.name.as_str()).collect();
    let answer: Value = services::post(host, domain.mount, FILE_URLS, &json!({ "names": names }))
        .map_err(|e| format!("the files of this record: {}", e.render("en")))?;
    let urls = answer.get("urls").and_then(Value::as_array).cloned().unwrap_or_default();
    if urls.len() != record.files.len() {
        return Err("the owning plugin did not lend a URL for every file".into());
    }
    record
        .files
        .iter()
        .zip(urls)
        .map(|(file, url)| {
            let url = url.as_str().unwrap_or_default();
            let url = if url.starts_with('/') {
                if own.is_empty() {
                    return Err(
                        "this console's intranet domain is not set: the region cannot fetch the record's files".into(),
                    );
                }
                format!("{own}{url}")
            } else {
                url.to_string()
            };
            Ok(DeliveredFile { file: file.clone(), url })
        })
        .collect()
}

/// Writes what an attempt came to, and the failure log's line for a failure.
fn record_outcome(
    host: &mut dyn Host,
    doc: Doc<Record>,
    node: Option<&Doc<Node>>,
    outcome: Outcome,
    now: i64,
) -> PluginResult<Doc<Record>> {
    let id = doc.id.clone();
    let mut record = doc.data;
    record.last_attempt_at = now;
    if let Some(node) = node {
        record.intranet_domain = node.data.intranet_domain.clone();
    }
    match outcome {
        Ok(()) => {
            // The failure log keeps what went wrong before.
            record.status = "success".into();
            record.next_attempt_at = 0;
            record.failure_kind.clear();
            record.failure_reason.clear();
        }
        Err((kind, reason)) => {
            record.retry_count += 1;
            record.status = "failure".into();
            record.failure_kind = kind.into();
            record.failure_reason = reason.clone();
            record.next_attempt_at =
                if record.retry_count < MAX_ATTEMPTS { now + backoff_ms(record.retry_count) } else { 0 };
            let failure = Failure {
                record_id: id.clone(),
                transaction_id: record.transaction_id.clone(),
                node_key: record.node_key.clone(),
                domain: record.domain.clone(),
                key: record.key.clone(),
                attempt: record.retry_count,
                failure_kind: kind.into(),
                failure_reason: reason,
                at: now,
            };
            FAILURES.insert(host, &failure)?;
        }
    }
    RECORDS.update(host, &id, &record, None)
}

/// The schedule: the records due now, oldest first, a batch at a time.
pub fn deliver_due(host: &mut dyn Host, _context: &Context) -> PluginResult<usize> {
    let now = host.now_ms();
    let query = Query::new()
        .one_of("status", vec![json!("pending"), json!("failure")])
        .gt("nextAttemptAt", 0)
        .lte("nextAttemptAt", now)
        .sort("nextAttemptAt", false)
        .page(1, BATCH);
    let due = RECORDS.query(host, &query)?.list;
    let mut nodes: BTreeMap<String, Option<Doc<Node>>> = BTreeMap::new();
    let mut outcomes = Vec::with_capacity(due.len());
    for doc in &due {
        if !nodes.contains_key(&doc.data.node_key) {
            let found = node(host, &doc.data.node_key)?;
            nodes.insert(doc.data.node_key.clone(), found);
        }
        outcomes.push(send(host, nodes[&doc.data.node_key].as_ref(), &doc.data, "en")?);
    }
    let sent = due.len();
    for (doc, outcome) in due.into_iter().zip(outcomes) {
        let node = nodes[&doc.data.node_key].clone();
        record_outcome(host, doc, node.as_ref(), outcome, now)?;
    }
    Ok(sent)
}

const DELIVERED_ALREADY: [&str; 7] = [
    "这条记录已同步成功。",
    "This record has been synchronised already.",
    "Dieser Datensatz wurde bereits synchronisiert.",
    "Este registro ya se ha sincronizado.",
    "Cet enregistrement a déjà été synchronisé.",
    "Este registo já foi sincronizado.",
    "Эта запись уже синхронизирована.",
];

/// `POST /records/{id}/retry`: an attempt now, whatever the schedule had planned.
pub fn retry(call: &mut Call<'_>) -> PluginResult<Value> {
    let doc = crate::outbox::found(call)?;
    if doc.data.status == "success" {
        return Err(PluginError::localized(409, None, DELIVERED_ALREADY.map(str::to_string)));
    }
    let node = node(call.host, &doc.data.node_key)?;
    let lang = call.lang().to_string();
    let outcome = send(call.host, node.as_ref(), &doc.data, &lang)?;
    let now = call.host.now_ms();
    let name = format!("{} {} → {}", doc.data.domain, doc.data.key, doc.data.node_key);
    let updated = record_outcome(call.host, doc, node.as_ref(), outcome, now)?;
    call.host.audit("sync.retry", &name);
    Ok(json!(updated))
}
