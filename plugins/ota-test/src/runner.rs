//! Running a task: each device works through its steps in order; it asks what to do next,
//! reports each step's result, and the host's scheduler marks a step that takes longer than the
//! task's step timeout. A task completes when every device has done every step.

use console_plugin_sdk::validate::{self, LONG_TEXT};
use console_plugin_sdk::{
    Call, Collection, Context, Doc, Host, PluginError, PluginResult, Query, Value, json, secrets,
};
use serde::{Deserialize, Serialize};

use crate::devices::sn;
use crate::lifecycle::Status;
use crate::messages;
use crate::tasks::{TASKS, Task};

/// Where one device is in one task.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Cursor {
    pub task_id: String,
    pub sn: String,
    /// 1-based; `steps + 1` when the device is done.
    pub next_step: u32,
    pub step_started_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    Success,
    Failure,
    Timeout,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepResult {
    pub task_id: String,
    pub sn: String,
    pub step: u32,
    /// `upgrade` on odd steps, `downgrade` on even ones.
    pub kind: String,
    pub target_version: String,
    pub outcome: Outcome,
    pub duration_ms: i64,
    pub reason: String,
    pub reported_at: i64,
}

pub const CURSORS: Collection<Cursor> = Collection::new("cursors");
pub const RESULTS: Collection<StepResult> = Collection::new("results");

fn step_kind(task: &Task, step: u32) -> (&'static str, String) {
    if step % 2 == 1 {
        ("upgrade", task.upgrade_version.clone())
    } else {
        ("downgrade", task.downgrade_version.clone())
    }
}

fn cursor(host: &mut dyn Host, task_id: &str, sn: &str) -> PluginResult<Option<Doc<Cursor>>> {
    Ok(CURSORS.query(host, &Query::new().eq("taskId", task_id).eq("sn", sn).page(1, 1))?.list.into_iter().next())
}

/// Records a step's outcome, moves the device on, and completes the task after the last step.
fn record(
    host: &mut dyn Host,
    task: &mut Doc<Task>,
    mut at: Doc<Cursor>,
    outcome: Outcome,
    duration_ms: i64,
    reason: String,
    now: i64,
) -> PluginResult<StepResult> {
    let step = at.data.next_step;
    let (kind, target_version) = step_kind(&task.data, step);
    let result = StepResult {
        task_id: task.id.clone(),
        sn: at.data.sn.clone(),
        step,
        kind: kind.into(),
        target_version,
        outcome,
        duration_ms,
        reason,
        reported_at: now,
    };
    RESULTS.insert(host, &result)?;
    at.data.next_step += 1;
    at.data.step_started_at = now;
    CURSORS.update(host, &at.id, &at.data, Some(at.version))?;
    task.data.done_steps += 1;
    match outcome {
        Outcome::Success => task.data.succeeded += 1,
        Outcome::Failure | Outcome::Timeout => task.data.failed += 1,
    }
    if task.data.done_steps >= task.data.total_steps {
        task.data.status = Status::Completed;
        task.data.finished_at = Some(now);
    }
    *task = TASKS.update(host, &task.id, &task.data, Some(task.version))?;
    Ok(result)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Report {
    task_id: String,
    sn: String,
    step: u32,
    success: bool,
    duration_ms: i64,
    reason: String,
}

/// A device reports the result of its current step (device-facing).
/// A step's result as recorded, and where its task stands now.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    pub recorded: StepResult,
    pub task_status: Status,
}

/// What a device does next; `null`: nothing.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextStep {
    pub task_id: String,
    pub step: u32,
    pub kind: String,
    pub target_version: String,
    pub wifi: Wifi,
    /// Unix milliseconds.
    pub deadline: i64,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Wifi {
    pub ssid: String,
    /// Only to the device's own key.
    pub password: Option<String>,
}

pub fn report(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<Report>()?;
    let task_id = validate::required("taskId", &input.task_id, 64)?;
    let device = sn("sn", &input.sn)?;
    let mut task = TASKS.find(call.host, &task_id)?;
    if task.data.status != Status::Running {
        return Err(messages::not_running());
    }
    let at = cursor(call.host, &task_id, &device)?.ok_or_else(|| {
        PluginError::format(
            "sn",
            [
                "该任务中的设备",
                "a device of the task",
                "ein Gerät der Aufgabe",
                "un dispositivo de la tarea",
                "un appareil de la tâche",
                "um dispositivo da tarefa",
                "устройство этой задачи",
            ],
        )
    })?;
    if input.step != at.data.next_step {
        return Err(messages::unexpected_step(at.data.next_step));
    }
    if input.duration_ms < 0 {
        return Err(PluginError::format(
            "durationMs",
            [
                "以毫秒计的时长",
                "a duration in milliseconds",
                "eine Dauer in Millisekunden",
                "una duración en milisegundos",
                "une durée en millisecondes",
                "uma duração em milissegundos",
                "длительность в миллисекундах",
            ],
        ));
    }
    let reason = validate::optional("reason", &input.reason, LONG_TEXT)?;
    if !input.success && reason.is_empty() {
        return Err(PluginError::required("reason"));
    }
    let outcome = if input.success { Outcome::Success } else { Outcome::Failure };
    let now = call.host.now_ms();
    let result = record(call.host, &mut task, at, outcome, input.duration_ms, reason, now)?;
    Ok(json!(Recorded { recorded: result, task_status: task.data.status }))
}

/// What a device should do now in its running tasks (device-facing): the step, the version to
/// go to, and the WiFi test parameters. The password only to the device's own key: a fleet's
/// key naming an SN gets the SSID alone.
pub fn next(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = sn("sn", call.query("sn").unwrap_or(""))?;
    call.context.check_device(&device)?;
    let own_key = call.context.is_device(&device);
    let cursors = CURSORS.query(call.host, &Query::new().eq("sn", device.as_str()).page(1, 1000))?;
    for at in cursors.list {
        let Some(task) = TASKS.get(call.host, &at.data.task_id)? else { continue };
        if task.data.status != Status::Running || at.data.next_step > task.data.steps {
            continue;
        }
        let (kind, version) = step_kind(&task.data, at.data.next_step);
        let password = match &task.data.wifi_password {
            Some(sealed) if own_key => Some(secrets::open(call.host, sealed)?),
            _ => None,
        };
        return Ok(json!(NextStep {
            task_id: task.id,
            step: at.data.next_step,
            kind: kind.to_string(),
            target_version: version.to_string(),
            wifi: Wifi { ssid: task.data.wifi_ssid, password },
            deadline: at.data.step_started_at + i64::from(task.data.step_timeout_seconds) * 1000,
        }));
    }
    Ok(Value::Null)
}

/// After a pause, each unfinished device's current step starts again now.
pub fn restart_clocks(host: &mut dyn Host, task_id: &str, now: i64) -> PluginResult<()> {
    for mut at in CURSORS.query(host, &Query::new().eq("taskId", task_id).page(1, 1000))?.list {
        at.data.step_started_at = now;
        CURSORS.update(host, &at.id, &at.data, Some(at.version))?;
    }
    Ok(())
}

/// The scheduled job: every running task's steps past their timeout are recorded as timeouts.
pub fn mark_timeouts(host: &mut dyn Host, _context: &Context) -> PluginResult<u32> {
    let now = host.now_ms();
    let mut marked = 0;
    let running = TASKS.query(host, &Query::new().eq("status", json!(Status::Running)).page(1, 1000))?;
    for mut task in running.list {
        let limit = i64::from(task.data.step_timeout_seconds) * 1000;
        let late = Query::new().eq("taskId", task.id.as_str()).lte("stepStartedAt", now - limit).page(1, 1000);
        for at in CURSORS.query(host, &late)?.list {
            if at.data.next_step > task.data.steps || task.data.status != Status::Running {
                continue;
            }
            let waited = now - at.data.step_started_at;
            let reason = format!("no result within {} s", task.data.step_timeout_seconds);
            record(host, &mut task, at, Outcome::Timeout, waited, reason, now)?;
            marked += 1;
        }
    }
    Ok(marked)
}
