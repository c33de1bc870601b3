//! Email tasks: a template sent to the receiving mailboxes daily or weekly, run by the host's
//! scheduler; the last and next execution times are kept.

use std::collections::BTreeMap;

use console_plugin_sdk::choices;
use console_plugin_sdk::time::DAY_MS;
use console_plugin_sdk::validate::{self, MAX_LIST_ENTRIES, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Host, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::records::{self, EmailRecord};
use crate::servers::SERVERS;
use crate::{alarms, templates};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailTask {
    pub task_name: String,
    pub server_id: String,
    pub template_name: String,
    pub lang: String,
    pub values: BTreeMap<String, String>,
    pub recipients: Vec<String>,
    /// `daily` or `weekly`.
    pub cycle: String,
    pub next_run_at: i64,
    pub last_run_at: Option<i64>,
    pub last_status: String,
}

pub const TASKS: Collection<EmailTask> = Collection::new("tasks");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TaskInput {
    task_name: String,
    server_id: String,
    template_name: String,
    lang: String,
    values: BTreeMap<String, String>,
    recipients: String,
    cycle: String,
    /// When the first run is due (ms); then every day or week from there.
    first_run_at: Option<i64>,
}

fn period(cycle: &str) -> i64 {
    if cycle == "weekly" { 7 * DAY_MS } else { DAY_MS }
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<TaskInput>()?;
    let server_id = validate::required("serverId", &input.server_id, 64)?;
    SERVERS.get(call.host, &server_id)?.ok_or_else(|| PluginError::format("serverId", crate::expected::MAIL_SERVER))?;
    let lang = validate::one_of("lang", &input.lang, &templates::LANGUAGES)?;
    let template_name = validate::required("templateName", &input.template_name, SHORT_TEXT)?;
    let template = templates::find(call.host, &template_name, &lang)?;
    templates::fill(call.host, &template, &input.values)?;
    let recipients = validate::lines("recipients", &input.recipients, MAX_LIST_ENTRIES)?;
    if recipients.is_empty() {
        return Err(PluginError::required("recipients"));
    }
    let now = call.host.now_ms();
    let first = input.first_run_at.ok_or_else(|| PluginError::required("firstRunAt"))?;
    if first < now - 60_000 {
        return Err(PluginError::format(
            "firstRunAt",
            [
                "当前或之后的时间",
                "a time from now on",
                "ein Zeitpunkt ab jetzt",
                "una hora a partir de ahora",
                "une heure à partir de maintenant",
                "uma hora a partir de agora",
                "время не раньше текущего",
            ],
        ));
    }
    let task = EmailTask {
        task_name: validate::required("taskName", &input.task_name, SHORT_TEXT)?,
        server_id,
        template_name,
        lang,
        values: input.values,
        recipients,
        cycle: validate::one_of("cycle", &input.cycle, &["daily", "weekly"])?,
        next_run_at: first,
        last_run_at: None,
        last_status: String::new(),
    };
    Ok(json!(TASKS.insert(call.host, &task)?))
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query =
        Query::new().search("taskName", call.query("taskName"), mode).sort("nextRunAt", false).paged_by(call)?;
    Ok(json!(TASKS.query(call.host, &query)?))
}

/// `GET /mail/task-servers`: the mail servers' ids and names, for the task page, whose users
/// choose and see a task's server without the right to read the servers themselves.
pub fn servers(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(choices::of(call.host, &SERVERS, |server| &server.server_name)?))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let task = TASKS.find(call.host, &id)?;
    call.confirm_name(&task.data.task_name)?;
    TASKS.delete(call.host, &id)?;
    Ok(Value::Null)
}

/// The scheduled job: sends every due task once and moves it to its next day or week. Every mail
/// goes out first, then the records are written (no database lock is held over the network).
pub fn run_due(host: &mut dyn Host) -> PluginResult<u32> {
    let now = host.now_ms();
    let due = TASKS.query(host, &Query::new().lte("nextRunAt", now).page(1, 100))?.list;
    let mut sent = Vec::with_capacity(due.len());
    let mut sent_per_server = BTreeMap::<String, u64>::new();
    for task in due {
        let template = templates::find(host, &task.data.template_name, &task.data.lang)?;
        let (subject, html) = templates::fill(host, &template, &task.data.values)?;
        let mut record = EmailRecord {
            server_id: task.data.server_id.clone(),
            to: task.data.recipients.clone(),
            subject,
            html,
            template_name: task.data.template_name.clone(),
            lang: template.lang,
            delivery: crate::delivery::Delivery::pending(),
        };
        records::deliver(host, &mut record)?;
        *sent_per_server.entry(record.server_id.clone()).or_default() += u64::from(record.delivery.sent());
        sent.push((task, record));
    }
    let mut alarms = Vec::new();
    for (server_id, count) in &sent_per_server {
        alarms.push(alarms::after_sends(host, server_id, *count)?);
    }

    let ran = u32::try_from(sent.len()).unwrap_or(u32::MAX);
    for (mut task, record) in sent {
        task.data.last_run_at = Some(now);
        task.data.last_status = record.delivery.status.clone();
        records::RECORDS.insert(host, &record)?;
        // Missed runs (the host was down) are not sent twice: the next one is in the future.
        while task.data.next_run_at <= now {
            task.data.next_run_at += period(&task.data.cycle);
        }
        TASKS.update(host, &task.id, &task.data, Some(task.version))?;
    }
    for alarm in alarms {
        alarms::save_raised(host, alarm)?;
    }
    Ok(ran)
}
