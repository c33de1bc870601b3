//! Stress-test tasks: devices, a number of steps alternating upgrade (odd steps) and downgrade
//! (even steps) between two versions, WiFi test parameters (the password sealed, never
//! answered to the console), a step timeout; status per [`crate::lifecycle`].

use console_plugin_sdk::secrets;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::devices::{DEVICES, sn};
use crate::lifecycle::{self, Action, Status};
use crate::messages;
use crate::runner::{self, CURSORS, Cursor, RESULTS};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub task_name: String,
    pub device_sns: Vec<String>,
    pub steps: u32,
    pub upgrade_version: String,
    pub downgrade_version: String,
    pub wifi_ssid: String,
    /// Sealed; only devices running the task receive it (the console sees `hasWifiPassword`).
    #[schemars(skip)]
    pub wifi_password: Option<String>,
    pub step_timeout_seconds: u32,
    pub status: Status,
    pub started_at: i64,
    /// When it completed or was terminated.
    pub finished_at: Option<i64>,
    pub total_steps: u32,
    pub done_steps: u32,
    pub succeeded: u32,
    pub failed: u32,
}

pub const TASKS: Collection<Task> = Collection::new("tasks");

/// A dotted numeric version (`1.4.12`) as numbers, for ordering.
pub fn version(field: &str, text: &str) -> PluginResult<(String, Vec<u64>)> {
    let text = validate::required(field, text, 32)?;
    let parts: Option<Vec<u64>> = text.split('.').map(|p| p.parse().ok()).collect();
    match parts {
        Some(parts) if !parts.is_empty() => Ok((text, parts)),
        _ => Err(PluginError::format(
            field,
            [
                "形如 1.4.12 的版本号",
                "a version such as 1.4.12",
                "eine Version wie 1.4.12",
                "una versión como 1.4.12",
                "une version comme 1.4.12",
                "uma versão como 1.4.12",
                "версия вида 1.4.12",
            ],
        )),
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TaskInput {
    task_name: String,
    /// One SN per line: above 10 the risk is confirmed (`riskConfirmed`), above 20 refused.
    device_sns: String,
    risk_confirmed: bool,
    steps: Option<u32>,
    upgrade_version: String,
    downgrade_version: String,
    wifi_ssid: String,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    wifi_password: String,
    step_timeout_seconds: Option<u32>,
}

/// What the console sees of a task: never the WiFi password.
pub fn public(doc: Doc<Task>) -> Value {
    let mut value = json!(doc);
    if let Some(map) = value.as_object_mut() {
        let has = map.remove("wifiPassword").is_some_and(|p| !p.is_null());
        map.insert("hasWifiPassword".into(), Value::Bool(has));
    }
    value
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<TaskInput>()?;
    let task_name = validate::length("taskName", &input.task_name, 2, SHORT_TEXT)?;
    let sns = validate::risky_lines("deviceSns", &input.device_sns, input.risk_confirmed)?;
    if sns.is_empty() {
        return Err(PluginError::required("deviceSns"));
    }
    let mut unknown = Vec::new();
    for each in &sns {
        sn("deviceSns", each)?;
        if DEVICES.count(call.host, &Query::new().eq("sn", each.as_str()))? == 0 {
            unknown.push(each.clone());
        }
    }
    if !unknown.is_empty() {
        return Err(messages::unknown_devices(&unknown.join(", ")));
    }
    let steps = input.steps.ok_or_else(|| PluginError::required("steps"))?;
    validate::range("steps", f64::from(steps), 1.0, 200.0)?;
    let (upgrade_version, up) = version("upgradeVersion", &input.upgrade_version)?;
    let (downgrade_version, down) = version("downgradeVersion", &input.downgrade_version)?;
    if down >= up {
        return Err(messages::versions_equal());
    }
    // A firmware upgrade takes minutes; 10 seconds is for bench devices that fail fast.
    let timeout = input.step_timeout_seconds.unwrap_or(1800);
    validate::range("stepTimeoutSeconds", f64::from(timeout), 10.0, 86_400.0)?;
    let wifi_ssid = validate::optional("wifiSsid", &input.wifi_ssid, 32)?;
    let wifi_password = match input.wifi_password.as_str() {
        "" => None,
        _ if wifi_ssid.is_empty() => return Err(PluginError::required("wifiSsid")),
        password => Some(secrets::seal(call.host, &validate::length("wifiPassword", password, 8, 63)?)?),
    };
    let now = call.host.now_ms();
    let task = Task {
        task_name,
        total_steps: steps * sns.len() as u32,
        device_sns: sns,
        steps,
        upgrade_version,
        downgrade_version,
        wifi_ssid,
        wifi_password,
        step_timeout_seconds: timeout,
        status: Status::Running,
        started_at: now,
        finished_at: None,
        done_steps: 0,
        succeeded: 0,
        failed: 0,
    };
    let created = TASKS.insert(call.host, &task)?;
    for device in &task.device_sns {
        CURSORS.insert(
            call.host,
            &Cursor { task_id: created.id.clone(), sn: device.clone(), next_step: 1, step_started_at: now },
        )?;
    }
    call.host.audit("Start a stress-test task", &format!("{} on {} devices", task.task_name, task.device_sns.len()));
    Ok(public(created))
}

fn listed(call: &mut Call<'_>, statuses: &[Status]) -> PluginResult<Value> {
    let mode = call.search_mode();
    let wanted: Vec<Value> = match call.query("status") {
        Some(one) => statuses.iter().filter(|s| json!(s) == json!(one)).map(|s| json!(s)).collect(),
        None => statuses.iter().map(|s| json!(s)).collect(),
    };
    let mut query = Query::new().search("taskName", call.query("taskName"), mode).one_of("status", wanted);
    if let Some(from) = call.query("from").and_then(|f| f.parse::<i64>().ok()) {
        query = query.gte("startedAt", from);
    }
    if let Some(to) = call.query("to").and_then(|t| t.parse::<i64>().ok()) {
        query = query.lte("startedAt", to);
    }
    let query = query.sort("startedAt", true).paged_by(call)?;
    let page = TASKS.query(call.host, &query)?;
    let list: Vec<Value> = page.list.into_iter().map(public).collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// Tasks in progress or paused (and, with `status`, one of them).
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, &[Status::Running, Status::Paused, Status::Completed, Status::Terminated])
}

/// Finished tasks: completed or terminated, with filters.
pub fn history(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, &[Status::Completed, Status::Terminated])
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ActionInput {
    action: Action,
}

/// Restart (resume), pause or terminate, per the transition table.
pub fn act(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let action = call
        .body::<ActionInput>()
        .map_err(|_| {
            PluginError::format(
                "action",
                [
                    "重启、暂停或终止",
                    "restart, pause or terminate",
                    "Neustart, Pause oder Beenden",
                    "reanudar, pausar o terminar",
                    "reprendre, mettre en pause ou terminer",
                    "retomar, pausar ou terminar",
                    "возобновить, приостановить или завершить",
                ],
            )
        })?
        .action;
    let mut task = TASKS.find(call.host, &id)?;
    let next = lifecycle::apply(task.data.status, action).map_err(messages::refused)?;
    let now = call.host.now_ms();
    if next == Status::Running {
        // The step clocks start again: time paused is not time a device took.
        runner::restart_clocks(call.host, &id, now)?;
    }
    if next.finished() {
        task.data.finished_at = Some(now);
    }
    task.data.status = next;
    let saved = TASKS.update(call.host, &id, &task.data, Some(task.version))?;
    call.host.audit("Change a stress-test task", &format!("{}: {action:?} → {next:?}", task.data.task_name));
    Ok(public(saved))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let task = TASKS.find(call.host, &id)?;
    call.confirm_name(&task.data.task_name)?;
    if !task.data.status.finished() {
        return Err(messages::not_finished());
    }
    RESULTS.delete_where(call.host, &Query::new().eq("taskId", id.as_str()))?;
    CURSORS.delete_where(call.host, &Query::new().eq("taskId", id.as_str()))?;
    TASKS.delete(call.host, &id)?;
    Ok(Value::Null)
}
