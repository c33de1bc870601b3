//! Issue tasks (issue-task): push a package to chosen SNs now, whatever its gray. Each SN is
//! granted the package; the device gets it at its next check (must-pass versions still first).

use std::collections::HashSet;

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::executions;
use crate::flow::Status;
use crate::messages;
use crate::packages::{self, PACKAGES};

/// SNs of one task, one per line.
pub const MAX_TASK_SNS: usize = 1000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueTask {
    pub package_id: String,
    /// The package as the list shows it: product, model and versions.
    pub package: String,
    pub target_version_name: String,
    pub sns: Vec<String>,
    pub by: String,
    pub at: i64,
}

pub const TASKS: Collection<IssueTask> = Collection::new("issue_tasks");

/// A package granted to one SN.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Grant {
    pub package_id: String,
    pub sn: String,
    pub task_id: String,
}

pub const GRANTS: Collection<Grant> = Collection::new("grants");

/// Which of `packages` were issued to `sn`.
pub fn packages_issued_to(call: &mut Call<'_>, sn: &str, packages: &[String]) -> PluginResult<HashSet<String>> {
    if packages.is_empty() {
        return Ok(HashSet::new());
    }
    let query = Query::new()
        .eq("sn", sn)
        .one_of("packageId", packages.iter().map(|p| json!(p)).collect())
        .page(1, packages.len() as u32);
    Ok(GRANTS.query(call.host, &query)?.list.into_iter().map(|g| g.data.package_id).collect())
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TaskInput {
    package_id: String,
    /// SNs, one per line (at most 1,000).
    sns: String,
    /// The user confirmed the risk of more than ten.
    risk_confirmed: bool,
}

/// Issues a package under test, in gray or released to the SNs given.
pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: TaskInput = call.body()?;
    let package_id = validate::required("packageId", &input.package_id, 64)?;
    let package = PACKAGES.get(call.host, &package_id)?.ok_or_else(|| {
        PluginError::format(
            "packageId",
            [
                "灰度中或已发布的升级包",
                "a package in gray release or released",
                "ein Paket in Graufreigabe oder freigegeben",
                "un paquete en publicación gradual o publicado",
                "un paquet en déploiement progressif ou publié",
                "um pacote em publicação gradual ou publicado",
                "пакет в поэтапном выпуске или выпущенный",
            ],
        )
    })?;
    // Not a package under test: that is for its test devices, through its review.
    if !matches!(package.data.status, Status::InGray | Status::Released) {
        return Err(messages::wrong_status(package.data.status));
    }
    let sns = packages::device_list("sns", &input.sns, MAX_TASK_SNS, input.risk_confirmed)?;
    if sns.is_empty() {
        return Err(PluginError::required("sns"));
    }
    let task = IssueTask {
        package_id: package.id.clone(),
        package: packages::describe(&package.data),
        target_version_name: package.data.target_version_name.clone(),
        sns: sns.clone(),
        by: call.context.user_name.clone(),
        at: call.host.now_ms(),
    };
    let saved = TASKS.insert(call.host, &task)?;
    let granted = packages_granted(call, &package.id, &sns)?;
    let grants: Vec<Grant> = sns
        .iter()
        .filter(|sn| !granted.contains(*sn))
        .map(|sn| Grant { package_id: package.id.clone(), sn: sn.clone(), task_id: saved.id.clone() })
        .collect();
    for chunk in grants.chunks(500) {
        GRANTS.insert_many(call.host, chunk)?;
    }
    call.host.audit("Issue a firmware upgrade", &format!("{} → {} SN", task.package, sns.len()));
    Ok(json!(saved))
}

fn packages_granted(call: &mut Call<'_>, package_id: &str, sns: &[String]) -> PluginResult<HashSet<String>> {
    let mut granted = HashSet::new();
    for chunk in sns.chunks(100) {
        let query = Query::new()
            .eq("packageId", package_id)
            .one_of("sn", chunk.iter().map(|s| json!(s)).collect())
            .page(1, 100);
        granted.extend(GRANTS.query(call.host, &query)?.list.into_iter().map(|g| g.data.sn));
    }
    Ok(granted)
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().eq_opt("packageId", call.query("packageId")).sort("at", true).paged_by(call)?;
    Ok(json!(TASKS.query(call.host, &query)?))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskDevice {
    pub sn: String,
    /// The execution's state, or `waiting` until the device checks.
    pub state: String,
    pub progress: u32,
    pub failure_reason: String,
    /// In another upgrade now.
    pub busy: bool,
}

/// A task with each SN's state.
pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let task = TASKS.find(call.host, &id)?;
    let executions = executions::states_of(call, &task.data.package_id, &task.data.sns)?;
    let mut devices = Vec::new();
    for sn in &task.data.sns {
        let device = match executions.get(sn) {
            Some(e) => TaskDevice {
                sn: sn.clone(),
                state: e.state.key().into(),
                progress: e.progress,
                failure_reason: e.failure_reason.clone(),
                busy: false,
            },
            None => {
                let busy = executions::busy(call, sn)?;
                TaskDevice { sn: sn.clone(), state: "waiting".into(), progress: 0, failure_reason: String::new(), busy }
            }
        };
        devices.push(device);
    }
    Ok(json!({ "task": task, "devices": devices }))
}
