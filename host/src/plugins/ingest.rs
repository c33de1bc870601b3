//! Batched ingestion (contract 0.1.17, a device route's `batch` in the manifest): what devices
//! report over MQTT and HTTP waits in one bounded queue per host (`CONSOLE_INGEST_QUEUE`), and
//! goes to the plugin a batch at a time, in **one call**: one transaction, one instance, one
//! commit for a whole batch. Each report still gets its own verdict (the plugin answers one per
//! item: a bad report never fails the others), and its device hears it only after the commit.
//!
//! Batches form by themselves (group commit): while [`CALLS_AT_ONCE`] batch calls are under way,
//! what arrives waits and joins the next batch (of `CONSOLE_INGEST_BATCH` reports at most, 256 by
//! default); when nothing is under way a report goes at once. A full queue pushes back: an MQTT
//! session waits for room (it stops reading its socket: TCP's own back-pressure), an HTTP device
//! is answered 503 with `Retry-After`. Nothing is dropped without its device being told.
//!
//! The batch route is a `host` route of the same plugin, taking
//! `{"items": [{"sn", "path", "body"}]}` (the SN is the signed-in device's, never what it sent)
//! and answering `{"results": [{"status", "body"}]}`, one per item, in order.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{Value, json};
use tokio::sync::{Semaphore, mpsc, oneshot};

use super::bindings::console::plugin::types;
use super::runtime::{CallContext, EventBudget, Failure, Invocation, Returned};
use super::{LoadedPlugin, Plugins};

/// Batch calls under way at once: on SQLite they take the one write lock in turn anyway; two
/// keep one committing while the next one's reports are checked.
const CALLS_AT_ONCE: usize = 2;
/// The most bytes of reports one batch carries, whatever their number: a batch is one call,
/// within the plugin's memory and deadline.
const MAX_BATCH_BYTES: usize = 4 << 20;

/// A device's report on its way: where it goes, and who waits for the verdict.
pub struct Report {
    pub plugin: Arc<LoadedPlugin>,
    /// The plugin's batch route (`host` caller).
    pub batch: String,
    pub tenant: i64,
    /// The signed-in device's SN.
    pub sn: String,
    /// The device route the report was sent to (`/thing/event/property/post`).
    pub path: String,
    /// The report, a JSON value, and its size as sent.
    pub body: Value,
    pub bytes: usize,
    /// The device's language, for its refusals.
    pub lang: String,
    verdict: oneshot::Sender<(u16, Value)>,
}

/// Who sends a report: the device's enterprise, SN and language.
pub struct Sender {
    pub tenant: i64,
    pub sn: String,
    pub lang: String,
}

/// The queue and its batcher.
pub struct Ingest {
    queue: mpsc::Sender<Report>,
}

/// Why a report was not taken now.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue is full: try again in a moment.
    Full,
    /// The host is stopping.
    Stopped,
}

impl Ingest {
    /// The queue of `capacity` reports (`CONSOLE_INGEST_QUEUE`), with its batcher running for
    /// as long as the host does.
    pub fn start(plugins: Arc<Plugins>, capacity: usize, batch: usize) -> Ingest {
        let (queue, reports) = mpsc::channel(capacity.max(1));
        tokio::spawn(batcher(plugins, reports, batch.max(1)));
        Ingest { queue }
    }

    fn report(
        plugin: Arc<LoadedPlugin>,
        batch: String,
        sender: Sender,
        path: String,
        (body, bytes): (Value, usize),
    ) -> (Report, oneshot::Receiver<(u16, Value)>) {
        let (verdict, heard) = oneshot::channel();
        let Sender { tenant, sn, lang } = sender;
        (Report { plugin, batch, tenant, sn, path, body, bytes, lang, verdict }, heard)
    }

    /// Hands the report in, waiting for room (an MQTT session stops reading meanwhile), then
    /// for its verdict, given once the batch committed.
    pub async fn send(
        &self,
        plugin: Arc<LoadedPlugin>,
        batch: String,
        sender: Sender,
        path: String,
        body: (Value, usize),
    ) -> Result<(u16, Value), Refused> {
        let (report, heard) = Self::report(plugin, batch, sender, path, body);
        self.queue.send(report).await.map_err(|_| Refused::Stopped)?;
        heard.await.map_err(|_| Refused::Stopped)
    }

    /// Hands the report in if there is room now (an HTTP device is told to come back
    /// otherwise), then waits for its verdict.
    pub async fn offer(
        &self,
        plugin: Arc<LoadedPlugin>,
        batch: String,
        sender: Sender,
        path: String,
        body: (Value, usize),
    ) -> Result<(u16, Value), Refused> {
        let (report, heard) = Self::report(plugin, batch, sender, path, body);
        self.queue.try_send(report).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => Refused::Full,
            mpsc::error::TrySendError::Closed(_) => Refused::Stopped,
        })?;
        heard.await.map_err(|_| Refused::Stopped)
    }
}

/// Takes reports off the queue into batches, each while the previous ones are under way.
async fn batcher(plugins: Arc<Plugins>, mut reports: mpsc::Receiver<Report>, most: usize) {
    let calls = Arc::new(Semaphore::new(CALLS_AT_ONCE));
    let mut next: Option<Report> = None;
    loop {
        let first = match next.take() {
            Some(report) => report,
            None => match reports.recv().await {
                Some(report) => report,
                None => return,
            },
        };
        let mut bytes = first.bytes;
        let mut batch = vec![first];
        // What does not fit this batch starts the next one.
        let mut take = |report: Report, batch: &mut Vec<Report>, next: &mut Option<Report>| {
            if bytes + report.bytes > MAX_BATCH_BYTES {
                *next = Some(report);
            } else {
                bytes += report.bytes;
                batch.push(report);
            }
        };
        let slot = loop {
            while batch.len() < most && next.is_none() {
                match reports.try_recv() {
                    Ok(report) => take(report, &mut batch, &mut next),
                    Err(_) => break,
                }
            }
            if batch.len() >= most || next.is_some() {
                break calls.clone().acquire_owned().await;
            }
            tokio::select! {
                slot = calls.clone().acquire_owned() => break slot,
                more = reports.recv() => match more {
                    Some(report) => take(report, &mut batch, &mut next),
                    None => break calls.clone().acquire_owned().await,
                },
            }
        };
        let Ok(slot) = slot else { return };
        let plugins = plugins.clone();
        tokio::spawn(async move {
            for group in grouped(batch) {
                deliver(&plugins, group).await;
            }
            drop(slot);
        });
    }
}

/// The batch's reports by enterprise, plugin, batch route and language, in their order of
/// arrival.
fn grouped(batch: Vec<Report>) -> Vec<Vec<Report>> {
    type Key = (i64, String, String, String);
    let mut order: Vec<Key> = Vec::new();
    let mut groups: HashMap<Key, Vec<Report>> = HashMap::new();
    for report in batch {
        let key = (report.tenant, report.plugin.manifest.id.clone(), report.batch.clone(), report.lang.clone());
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().push(report);
    }
    order.into_iter().filter_map(|key| groups.remove(&key)).collect()
}

/// The call context of a batch, or of one report of it handed alone.
fn context_of(tenant: i64, user_name: String, lang: &str) -> CallContext {
    CallContext {
        tenant_id: tenant,
        user_id: 0,
        platform_user: false,
        user_name,
        lang: lang.to_string(),
        actions: Vec::new(),
        request_id: crate::auth::session::new_token()[..16].to_string(),
        cascade: EventBudget::new(),
        decision: None,
        client_address: String::new(),
        sealed: Default::default(),
        user_actions: None,
    }
}

/// One call for one group, and each report's verdict. When the batch fails whole (a write the
/// database refused, the deadline, an answer that does not say one verdict per report), each of
/// its reports is handed alone to its own route, so that what failed fails alone.
async fn deliver(plugins: &Arc<Plugins>, group: Vec<Report>) {
    let Some(first) = group.first() else { return };
    let (plugin, tenant, batch, lang) = (first.plugin.clone(), first.tenant, first.batch.clone(), first.lang.clone());
    let items: Vec<Value> = group.iter().map(|r| json!({ "sn": r.sn, "path": r.path, "body": r.body })).collect();
    let context = context_of(tenant, "host:ingest".into(), &lang);
    let request = types::Request {
        method: "POST".into(),
        path: batch,
        query: Vec::new(),
        body: json!({ "items": items }).to_string(),
        context: context.to_wit(),
    };
    let verdicts = match plugins.call(plugin.clone(), context, Invocation::Handle(request), 0).await {
        Ok(finished) => match finished.returned {
            Returned::Response(answer) if answer.status == 200 => results(&answer.body, group.len()),
            _ => None,
        },
        Err(Failure::Instantiate(why)) if why.contains("semaphore") => {
            // No instance was free: handing each alone would only wait longer.
            let busy =
                json!({ "msg": crate::i18n::Msg::Busy.render(crate::i18n::Lang::parse(&lang).unwrap_or_default()) });
            for report in group {
                let _ = report.verdict.send((503, busy.clone()));
            }
            return;
        }
        Err(_) => None,
    };
    match verdicts {
        Some(verdicts) => {
            for (report, verdict) in group.into_iter().zip(verdicts) {
                let _ = report.verdict.send(verdict);
            }
        }
        None => {
            tracing::warn!(plugin = %plugin.manifest.id, reports = group.len(), "a batch of device reports failed whole: each goes alone");
            for report in group {
                let verdict = alone(plugins, &plugin, &report).await;
                let _ = report.verdict.send(verdict);
            }
        }
    }
}

/// A report handed to its device route alone, as its device's own call.
async fn alone(plugins: &Arc<Plugins>, plugin: &Arc<LoadedPlugin>, report: &Report) -> (u16, Value) {
    let context = context_of(report.tenant, format!("device-sn:{}", report.sn), &report.lang);
    let request = types::Request {
        method: "POST".into(),
        path: report.path.clone(),
        query: Vec::new(),
        body: report.body.to_string(),
        context: context.to_wit(),
    };
    let lang = crate::i18n::Lang::parse(&report.lang).unwrap_or_default();
    match plugins.call(plugin.clone(), context, Invocation::Handle(request), 0).await {
        Ok(finished) => match finished.returned {
            Returned::Response(answer) => (answer.status, serde_json::from_str(&answer.body).unwrap_or(Value::Null)),
            Returned::Unit(_) => (500, json!({ "msg": crate::i18n::Msg::PluginFailed.render(lang) })),
        },
        Err(failure) => {
            tracing::warn!(plugin = %plugin.manifest.id, ?failure, "a device report failed");
            let (status, msg) = match failure {
                Failure::Instantiate(why) if why.contains("semaphore") => (503, crate::i18n::Msg::Busy),
                Failure::Timeout => (504, crate::i18n::Msg::PluginTimeout),
                _ => (500, crate::i18n::Msg::PluginFailed),
            };
            (status, json!({ "msg": msg.render(lang) }))
        }
    }
}

/// The plugin's verdicts, one per item, or `None` when its answer does not say one per item.
fn results(body: &str, items: usize) -> Option<Vec<(u16, Value)>> {
    let answer: Value = serde_json::from_str(body).ok()?;
    let results = answer.get("results")?.as_array()?;
    if results.len() != items {
        return None;
    }
    results
        .iter()
        .map(|r| Some((u16::try_from(r.get("status")?.as_u64()?).ok()?, r.get("body").cloned().unwrap_or(Value::Null))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_are_one_per_item_or_none() {
        let body = r#"{"results":[{"status":200,"body":{"id":"1"}},{"status":400,"body":{"msg":"no"}}]}"#;
        assert_eq!(results(body, 2), Some(vec![(200, json!({ "id": "1" })), (400, json!({ "msg": "no" }))]));
        assert_eq!(results(body, 3), None, "a verdict missing");
        assert_eq!(results(r#"{"results":[{"body":1}]}"#, 1), None, "a verdict without its status");
        assert_eq!(results("not json", 1), None);
    }
}
