//! Receiving: a change another region delivered, applied once and never over a newer one.

use console_plugin_sdk::sync::{APPLY, Change, DeliveredFile, Incoming, MAX_DATA};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json, services, validate};
use serde::{Deserialize, Serialize};

use crate::domains;

/// What a sending console posts to `/api/device/data-sync-service/inbound`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Delivered {
    pub transaction_id: String,
    pub from_node: String,
    pub changed_at: i64,
    pub domain: String,
    pub key: String,
    pub op: String,
    pub data: Value,
    /// Where this console fetches the files the record carries.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<DeliveredFile>,
}

/// The newest change applied here to each record, whichever region it came from.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applied {
    pub domain: String,
    pub key: String,
    pub from_node: String,
    pub changed_at: i64,
    pub transaction_id: String,
}

pub const APPLIED: Collection<Applied> = Collection::new("applied");

/// `POST /inbound` (a region's console, with the device key issued to it): `applied` is false
/// for a change already applied or older than the one applied.
pub fn receive(call: &mut Call<'_>) -> PluginResult<Value> {
    let delivered: Delivered = call.body()?;
    let transaction_id = validate::required("transactionId", &delivered.transaction_id, 64)?;
    let from_node = validate::required("fromNode", &delivered.from_node, 32)?;
    let key = validate::required("key", &delivered.key, 255)?;
    validate::one_of("op", &delivered.op, &["upsert", "delete"])?;
    let domain = domains::named(&delivered.domain)
        .ok_or_else(|| PluginError::format_values("domain", &domains::DOMAINS.map(|d| d.name).join(", ")))?;
    if delivered.data.to_string().len() > MAX_DATA {
        return Err(PluginError::format_values("data", &format!("≤ {} KiB", MAX_DATA / 1024)));
    }
    let query = Query::new().eq("domain", domain.name).eq("key", key.as_str()).page(1, 1);
    let last = APPLIED.query(call.host, &query)?.list.into_iter().next();
    let this = (delivered.changed_at, transaction_id.as_str());
    if let Some(last) = &last
        && (last.data.changed_at, last.data.transaction_id.as_str()) >= this
    {
        return Ok(json!({ "applied": false }));
    }
    let incoming = Incoming {
        change: Change {
            domain: domain.name.into(),
            key: key.clone(),
            op: delivered.op.clone(),
            data: delivered.data,
            files: delivered.files.iter().map(|f| f.file.clone()).collect(),
        },
        from_node: from_node.clone(),
        file_urls: delivered.files,
    };
    let _: Value = services::post(call.host, domain.mount, APPLY, &incoming)?;
    let applied =
        Applied { domain: domain.name.into(), key, from_node, changed_at: delivered.changed_at, transaction_id };
    match last {
        Some(doc) => APPLIED.update(call.host, &doc.id, &applied, None)?,
        None => APPLIED.insert(call.host, &applied)?,
    };
    call.host.audit("sync.applied", &format!("{} {} ← {}", applied.domain, applied.key, applied.from_node));
    Ok(json!({ "applied": true }))
}
