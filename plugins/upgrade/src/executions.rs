//! Devices in a rollout: the check that offers a device its package (gray by SN, test devices,
//! issued SNs, must-pass versions first, at the rollout's rate), the progress it reports, the
//! timeouts and retries, and the auto-abort that pauses a gray rollout when too many fail.

use std::collections::{BTreeMap, HashSet};

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::flow::{self, Action, Status};
use crate::packages::{self, FirmwarePackage, PACKAGES, Pause};
use crate::rollout::{self, Candidate, ExecState};
use crate::{history, issue, messages, products, statements};

/// How long a device's download URL works; a resumed download after that checks again.
const DOWNLOAD_URL_SECS: u32 = 3600;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Execution {
    pub package_id: String,
    pub sn: String,
    pub model_id: String,
    pub from_version_name: String,
    pub from_version_code: i64,
    pub target_version_name: String,
    pub target_version_code: i64,
    pub state: ExecState,
    /// 0-100, as the device last said.
    pub progress: u32,
    pub attempts: u32,
    /// Why it was offered: test, whitelist, gray, issued or released.
    pub source: String,
    /// The SN while the execution is under way (unique: one active upgrade per device).
    pub active_sn: Option<String>,
    pub started_at: i64,
    pub reported_at: i64,
    pub deadline: i64,
    pub finished_at: Option<i64>,
    pub failure_reason: String,
}

pub const EXECUTIONS: Collection<Execution> = Collection::new("executions");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CheckInput {
    sn: String,
    /// The version code it runs now.
    version_code: Option<i64>,
    version_name: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EncryptedFile {
    pub size: u64,
    pub md5: String,
    pub url: String,
}

/// What a device is offered; `null`: nothing now (check again later).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    pub execution_id: String,
    pub package_id: String,
    pub target_version_name: String,
    pub target_version_code: i64,
    pub must_pass: bool,
    pub silent: bool,
    pub ignore_check: bool,
    pub size: u64,
    pub md5: String,
    pub sha256: String,
    /// Signed for an hour; resumes with HTTP Range.
    pub url: String,
    pub encrypted: Option<EncryptedFile>,
    /// The upgrade description (and the published release statement) in the device's language.
    pub description: String,
    pub statement: String,
    pub attempt: u32,
}

const ACTIVE: [ExecState; 5] =
    [ExecState::Queued, ExecState::Downloading, ExecState::Downloaded, ExecState::Verifying, ExecState::Updating];

fn states(states: &[ExecState]) -> Vec<Value> {
    states.iter().map(|s| json!(s)).collect()
}

fn own_device(call: &Call<'_>, sn: &str) -> PluginResult<()> {
    // Only the device's own key: a fleet's key could speak for any SN and spoil its rollout.
    if call.context.is_device(sn) { Ok(()) } else { Err(PluginError::forbidden()) }
}

fn active_of(call: &mut Call<'_>, sn: &str) -> PluginResult<Option<Doc<Execution>>> {
    Ok(EXECUTIONS.query(call.host, &Query::new().eq("activeSn", sn).page(1, 1))?.list.into_iter().next())
}

/// `POST /device/check`: the package this device should install now, if any.
pub fn check(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: CheckInput = call.body()?;
    let sn = validate::required("sn", &input.sn, 64)?;
    own_device(call, &sn)?;
    let version = packages::version_code("versionCode", input.version_code)?;
    let version_name = validate::optional("versionName", &input.version_name, 32)?;
    // Asked of the product plugin (the first time) before anything is written: the host allows
    // no outbound call after a call's first write.
    let model_id = products::model_of(call, &sn)?;

    if let Some(active) = active_of(call, &sn)? {
        let package = PACKAGES.get(call.host, &active.data.package_id)?;
        let issued = match &package {
            Some(p) => issue::packages_issued_to(call, &sn, std::slice::from_ref(&p.id))?.contains(&p.id),
            None => false,
        };
        match package {
            // It rebooted into the new version before saying so: that is success.
            _ if version >= active.data.target_version_code => {
                finish(call, active, ExecState::Succeeded, String::new())?;
            }
            // Still offered to it (not blacklisted meanwhile, still in the gray or the test).
            Some(package) if flow::offered(package.data.status) && source_for(&package, &sn, issued).is_some() => {
                return offer(call, &package, &active).map(|o| json!(o));
            }
            // Paused: the device waits with its place kept.
            Some(package) if package.data.status == Status::GrayPaused => return Ok(Value::Null),
            // Revoked, deleted, or no longer for this device: the execution ends without
            // counting against a rollout.
            _ => {
                finish(call, active, ExecState::Failed, REVOKED.into())?;
            }
        }
    }

    // Lowest targets first: a must-pass version is never left out of the page.
    let rolling = [Status::UnderTest, Status::InGray, Status::GrayPaused, Status::Released];
    let found = PACKAGES.query(
        call.host,
        &Query::new()
            .eq("modelId", model_id.as_str())
            .one_of("status", rolling.iter().map(|s| json!(s)).collect())
            .gt("targetVersionCode", version)
            .sort("targetVersionCode", false)
            .page(1, 100),
    )?;
    let ids: Vec<String> = found.list.iter().map(|p| p.id.clone()).collect();
    let issued = issue::packages_issued_to(call, &sn, &ids)?;
    // A device that failed a package in its current test or gray is not offered it again.
    let failed: HashSet<String> = failed_in_round(call, &sn, &found.list)?;
    let sources: BTreeMap<String, &'static str> = found
        .list
        .iter()
        .filter_map(|p| source_for(p, &sn, issued.contains(&p.id)).map(|s| (p.id.clone(), s)))
        .filter(|(id, _)| !failed.contains(id))
        .collect();
    let candidates: Vec<Candidate> = found
        .list
        .iter()
        .map(|p| Candidate {
            package_id: p.id.clone(),
            current_code: p.data.current_version_code,
            target_code: p.data.target_version_code,
            // A version under test binds nobody yet.
            must_pass: p.data.must_pass && p.data.status != Status::UnderTest,
            eligible: sources.contains_key(&p.id),
        })
        .collect();
    let Some(chosen) = rollout::choose(version, &candidates) else { return Ok(Value::Null) };
    let package = found.list.iter().find(|p| p.id == chosen.package_id).cloned().ok_or_else(PluginError::not_found)?;
    let source = sources.get(&package.id).copied().unwrap_or("gray");

    let now = call.host.now_ms();
    let rate = package.data.rollout.rate_per_minute;
    if rate > 0 && matches!(source, "gray" | "released") {
        let started = EXECUTIONS
            .count(call.host, &Query::new().eq("packageId", package.id.as_str()).gte("startedAt", now - 60_000))?;
        if started >= u64::from(rate) {
            return Ok(Value::Null);
        }
    }
    let execution = Execution {
        package_id: package.id.clone(),
        sn: sn.clone(),
        model_id,
        from_version_name: version_name,
        from_version_code: version,
        target_version_name: package.data.target_version_name.clone(),
        target_version_code: package.data.target_version_code,
        state: ExecState::Queued,
        progress: 0,
        attempts: 1,
        source: source.into(),
        active_sn: Some(sn.clone()),
        started_at: now,
        reported_at: now,
        deadline: now + i64::from(package.data.rollout.timeout_minutes) * 60_000,
        finished_at: None,
        failure_reason: String::new(),
    };
    // An earlier execution of this package is reused: an earlier round's, or one it said it
    // installed though it still runs an older version, which is a failure, not a fresh start.
    let earlier = EXECUTIONS
        .query(call.host, &Query::new().eq("packageId", package.id.as_str()).eq("sn", sn.as_str()).page(1, 1))?
        .list
        .into_iter()
        .next();
    let saved = match earlier {
        Some(earlier) if earlier.data.state == ExecState::Succeeded => {
            let mut claimed = earlier.clone();
            claimed.data.state = ExecState::Failed;
            claimed.data.failure_reason = NOT_INSTALLED.into();
            EXECUTIONS.update(call.host, &earlier.id, &claimed.data, Some(earlier.version))?;
            return Ok(Value::Null);
        }
        Some(earlier) => EXECUTIONS.update(call.host, &earlier.id, &execution, Some(earlier.version))?,
        None => match EXECUTIONS.insert(call.host, &execution) {
            Ok(saved) => saved,
            // The same device asking twice at once: the other check made its offer.
            Err(PluginError { status: 400 | 409, .. }) => return Ok(Value::Null),
            Err(other) => return Err(other),
        },
    };
    Ok(json!(offer(call, &package, &saved)?))
}

/// Why the host or the rollout ended an execution; a device may not give these as its reason.
pub const REVOKED: &str = "revoked";
pub const TIMEOUT: &str = "timeout";
pub const NOT_INSTALLED: &str = "notInstalled";

/// The packages of `packages` this device failed (finally) since their current test or gray.
fn failed_in_round(call: &mut Call<'_>, sn: &str, packages: &[Doc<FirmwarePackage>]) -> PluginResult<HashSet<String>> {
    if packages.is_empty() {
        return Ok(HashSet::new());
    }
    let ids: Vec<Value> = packages.iter().map(|p| json!(p.id)).collect();
    let query = Query::new()
        .eq("sn", sn)
        .one_of("packageId", ids)
        .one_of("state", states(&[ExecState::Failed, ExecState::TimedOut]))
        .page(1, packages.len() as u32);
    let failures = EXECUTIONS.query(call.host, &query)?.list;
    Ok(failures
        .into_iter()
        .filter(|e| e.data.failure_reason != REVOKED)
        .filter(|e| {
            let round = packages.iter().find(|p| p.id == e.data.package_id).and_then(|p| p.data.round_started_at);
            e.data.finished_at.unwrap_or(0) >= round.unwrap_or(0)
        })
        .map(|e| e.data.package_id)
        .collect())
}

/// Why `sn` may be offered `package` now; None: it may not.
fn source_for(package: &Doc<FirmwarePackage>, sn: &str, issued: bool) -> Option<&'static str> {
    let p = &package.data;
    let rollout = &p.rollout;
    if rollout.blacklist.iter().any(|b| b == sn) {
        return None;
    }
    match p.status {
        Status::UnderTest if p.test_sns.iter().any(|t| t == sn) => Some("test"),
        Status::UnderTest | Status::InGray | Status::Released if issued => Some("issued"),
        Status::InGray if rollout.whitelist.iter().any(|w| w == sn) => Some("whitelist"),
        Status::InGray => {
            let in_gray = match rollout.gray_mode.as_str() {
                "list" => rollout.gray_list.iter().any(|g| g == sn),
                _ => rollout::in_gray(&package.id, sn, rollout.gray_percent),
            };
            in_gray.then_some("gray")
        }
        Status::Released => Some("released"),
        _ => None,
    }
}

fn in_language(texts: &BTreeMap<String, String>, lang: &str) -> String {
    texts.get(lang).or_else(|| texts.get("en")).or_else(|| texts.values().next()).cloned().unwrap_or_default()
}

fn offer(call: &mut Call<'_>, package: &Doc<FirmwarePackage>, execution: &Doc<Execution>) -> PluginResult<Offer> {
    let p = &package.data;
    let url = call
        .host
        .file_access_url(&p.file.object, &p.file.file_name, DOWNLOAD_URL_SECS)
        .map_err(PluginError::internal)?;
    let encrypted = match &p.encrypted_file {
        Some(file) => Some(EncryptedFile {
            size: file.size,
            md5: file.md5.clone(),
            url: call
                .host
                .file_access_url(&file.object, &file.file_name, DOWNLOAD_URL_SECS)
                .map_err(PluginError::internal)?,
        }),
        None => None,
    };
    let lang = call.lang().to_string();
    let statement = statements::published_for(call, &package.id)?.map(|s| in_language(&s, &lang)).unwrap_or_default();
    Ok(Offer {
        execution_id: execution.id.clone(),
        package_id: package.id.clone(),
        target_version_name: p.target_version_name.clone(),
        target_version_code: p.target_version_code,
        must_pass: p.must_pass,
        silent: p.silent,
        ignore_check: p.ignore_check,
        size: p.file.size,
        md5: p.file.md5.clone(),
        sha256: p.file.sha256.clone(),
        url,
        encrypted,
        description: in_language(&p.descriptions, &lang),
        statement,
        attempt: execution.data.attempts,
    })
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProgressInput {
    execution_id: String,
    /// downloading, downloaded, verifying, updating, succeeded or failed.
    state: String,
    /// 0-100.
    progress: Option<u32>,
    /// Why it failed (required then), e.g. `download`, `verify`, `flash`, `battery`.
    reason: String,
}

/// `POST /device/progress`: a device says how its upgrade goes.
pub fn progress(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ProgressInput = call.body()?;
    let id = validate::required("executionId", &input.execution_id, 64)?;
    let mut execution = EXECUTIONS.get(call.host, &id)?.ok_or_else(PluginError::not_found)?;
    own_device(call, &execution.data.sn)?;
    // A package revoked (or its test ended) meanwhile takes no more reports.
    let package = PACKAGES.get(call.host, &execution.data.package_id)?;
    let status = package.map(|p| p.data.status);
    if !execution.data.state.is_final() && !status.is_some_and(|s| flow::offered(s) || s == Status::GrayPaused) {
        finish(call, execution, ExecState::Failed, REVOKED.into())?;
        return Err(match status {
            Some(status) => messages::wrong_status(status),
            None => PluginError::not_found(),
        });
    }
    let keys = ["downloading", "downloaded", "verifying", "updating", "succeeded", "failed"];
    let key = validate::one_of("state", &input.state, &keys)?;
    let to: ExecState = serde_json::from_value(json!(key)).map_err(|_| PluginError::required("state"))?;
    let from = execution.data.state;
    if !from.may_report(to) {
        return Err(messages::report_out_of_order(from.key(), to.key()));
    }
    let progress = input.progress.unwrap_or(if to == ExecState::Succeeded { 100 } else { execution.data.progress });
    validate::range("progress", f64::from(progress), 0.0, 100.0)?;
    match to {
        ExecState::Succeeded | ExecState::Failed => {
            let reason = validate::optional("reason", &input.reason, 200)?;
            if to == ExecState::Failed && reason.is_empty() {
                return Err(PluginError::required("reason"));
            }
            if [REVOKED, TIMEOUT, NOT_INSTALLED].contains(&reason.as_str()) {
                return Err(PluginError::format(
                    "reason",
                    [
                        "设备自己的失败原因（revoked、timeout、notInstalled 由平台使用）",
                        "the device's own reason (revoked, timeout and notInstalled are the platform's)",
                        "der eigene Grund des Geräts (revoked, timeout und notInstalled vergibt die Plattform)",
                        "el motivo propio del dispositivo (revoked, timeout y notInstalled son de la plataforma)",
                        "le motif propre de l’appareil (revoked, timeout et notInstalled sont réservés à la plateforme)",
                        "o motivo próprio do dispositivo (revoked, timeout e notInstalled são da plataforma)",
                        "собственная причина устройства (revoked, timeout и notInstalled задаёт платформа)",
                    ],
                ));
            }
            execution.data.progress = progress;
            let done = finish(call, execution, to, reason)?;
            Ok(json!(done))
        }
        _ => {
            execution.data.state = to;
            execution.data.progress = progress;
            execution.data.reported_at = call.host.now_ms();
            Ok(json!(EXECUTIONS.update(call.host, &execution.id, &execution.data, Some(execution.version))?))
        }
    }
}

/// Ends an attempt: success, or a failure or timeout that is retried while retries remain.
/// A final result goes to the device's version history and may trip the rollout's abort rule.
fn finish(
    call: &mut Call<'_>,
    mut execution: Doc<Execution>,
    result: ExecState,
    reason: String,
) -> PluginResult<Doc<Execution>> {
    let now = call.host.now_ms();
    let package = PACKAGES.get(call.host, &execution.data.package_id)?;
    let e = &mut execution.data;
    e.reported_at = now;
    e.failure_reason = reason;
    let retries = package.as_ref().map_or(0, |p| p.data.rollout.retries);
    let revoked = e.failure_reason == REVOKED;
    let next = if result == ExecState::Succeeded || revoked {
        result
    } else {
        rollout::after_failure(e.attempts, retries, result)
    };
    if next == ExecState::Queued {
        e.state = ExecState::Queued;
        e.attempts += 1;
        e.progress = 0;
        let minutes = package.as_ref().map_or(30, |p| i64::from(p.data.rollout.timeout_minutes));
        e.deadline = now + minutes * 60_000;
        return EXECUTIONS.update(call.host, &execution.id, &execution.data, Some(execution.version));
    }
    e.state = next;
    e.active_sn = None;
    e.finished_at = Some(now);
    let saved = EXECUTIONS.update(call.host, &execution.id, &execution.data, Some(execution.version))?;
    if !revoked {
        history::record(call, &saved.data)?;
        if next != ExecState::Succeeded
            && let Some(package) = package
        {
            abort_if_failing(call, package)?;
        }
    }
    Ok(saved)
}

/// The counts of a rollout's finished devices since its gray started: (succeeded, failed).
fn finished_since(call: &mut Call<'_>, package_id: &str, since: i64) -> PluginResult<(u64, u64)> {
    let base = || Query::new().eq("packageId", package_id).gte("finishedAt", since);
    let succeeded = EXECUTIONS.count(call.host, &base().eq("state", json!(ExecState::Succeeded)))?;
    let failed = EXECUTIONS.count(call.host, &base().eq("state", json!(ExecState::Failed)))?
        + EXECUTIONS.count(call.host, &base().eq("state", json!(ExecState::TimedOut)))?;
    Ok((succeeded, failed))
}

/// Pauses a gray rollout whose failures pass its threshold, and says why.
fn abort_if_failing(call: &mut Call<'_>, package: Doc<FirmwarePackage>) -> PluginResult<()> {
    // As it is now: another device's failure may have paused it a moment ago.
    let Some(mut package) = PACKAGES.get(call.host, &package.id)? else { return Ok(()) };
    if package.data.status != Status::InGray {
        return Ok(());
    }
    let since = package.data.abort_counted_from.or(package.data.gray_started_at).unwrap_or(0);
    let (succeeded, failed) = finished_since(call, &package.id, since)?;
    let rule = package.data.rollout.abort;
    if !rule.trips(succeeded, failed) {
        return Ok(());
    }
    let now = call.host.now_ms();
    let finished = succeeded + failed;
    package.data.pause = Some(Pause { automatic: true, by: "auto-abort".into(), at: now, failed, finished });
    let detail = format!("{failed}/{finished} > {}%", rule.failure_percent);
    packages::apply_action_by(call, &mut package, Action::Pause, detail, "auto-abort")?;
    call.host.audit("A firmware rollout paused itself", &packages::describe(&package.data));
    Ok(())
}

/// The schedule: attempts past their deadline time out (and are retried while they may).
/// A paused rollout's devices keep their place (their deadlines move on); a package that is no
/// longer offered ends its devices' executions as revoked. A hundred a run, oldest first.
pub fn time_out(call: &mut Call<'_>) -> PluginResult<u64> {
    let now = call.host.now_ms();
    let overdue = EXECUTIONS.query(
        call.host,
        &Query::new().one_of("state", states(&ACTIVE)).lt("deadline", now).sort("deadline", false).page(1, 100),
    )?;
    let mut count = 0;
    for mut execution in overdue.list {
        let package = PACKAGES.get(call.host, &execution.data.package_id)?;
        match package.map(|p| (p.data.status, p.data.rollout.timeout_minutes)) {
            Some((Status::GrayPaused, minutes)) => {
                execution.data.deadline = now + i64::from(minutes) * 60_000;
                EXECUTIONS.update(call.host, &execution.id, &execution.data, Some(execution.version))?;
            }
            Some((status, _)) if flow::offered(status) => {
                finish(call, execution, ExecState::TimedOut, TIMEOUT.into())?;
            }
            _ => {
                finish(call, execution, ExecState::Failed, REVOKED.into())?;
            }
        }
        count += 1;
    }
    Ok(count)
}

/// A rollout's executions (history page): by state and SN.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let query = Query::new()
        .eq("packageId", id.as_str())
        .eq_opt("state", call.query("state"))
        .search("sn", call.query("sn"), call.search_mode())
        .sort("reportedAt", true)
        .paged_by(call)?;
    Ok(json!(EXECUTIONS.query(call.host, &query)?))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub package: Doc<FirmwarePackage>,
    /// Devices in each execution state.
    pub counts: BTreeMap<String, u64>,
    /// Cumulative finished devices over the rollout's time, from its first offer to now: 2 to 31 points.
    pub series: Vec<Point>,
    /// Failures by reason, most first (the last 1,000 failures).
    pub failures: Vec<Reason>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Point {
    pub at: i64,
    pub succeeded: u64,
    pub failed: u64,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reason {
    pub reason: String,
    pub count: u64,
}

/// A rollout's progress (history page, polled while it runs): counts, the cumulative series and
/// the failures by reason; each count is read from an index, whatever the rollout's size.
pub fn rollout_progress(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let package = PACKAGES.find(call.host, &id)?;
    let mut counts = BTreeMap::new();
    for state in rollout::EXEC_STATES {
        let n = EXECUTIONS
            .count(call.host, &Query::new().eq("packageId", package.id.as_str()).eq("state", json!(state)))?;
        counts.insert(state.key().to_string(), n);
    }
    let now = call.host.now_ms();
    let start = EXECUTIONS
        .query(call.host, &Query::new().eq("packageId", package.id.as_str()).sort("startedAt", false).page(1, 1))?
        .list
        .first()
        .map_or(now, |e| e.data.started_at);
    let span = (now - start).max(1);
    // From the first offer to now, at least two points (a line), at most 31.
    let points = 30.min(span / 1000 + 1).max(1);
    let mut series = Vec::new();
    for i in 0..=points {
        let at = start + span * i / points;
        let upto = || Query::new().eq("packageId", package.id.as_str()).lte("finishedAt", at);
        let succeeded = EXECUTIONS.count(call.host, &upto().eq("state", json!(ExecState::Succeeded)))?;
        let failed = EXECUTIONS.count(call.host, &upto().eq("state", json!(ExecState::Failed)))?
            + EXECUTIONS.count(call.host, &upto().eq("state", json!(ExecState::TimedOut)))?;
        series.push(Point { at, succeeded, failed });
    }
    let failed = EXECUTIONS.query(
        call.host,
        &Query::new()
            .eq("packageId", package.id.as_str())
            .one_of("state", states(&[ExecState::Failed, ExecState::TimedOut]))
            .sort("finishedAt", true)
            .page(1, 1000),
    )?;
    let mut tally: BTreeMap<String, u64> = BTreeMap::new();
    for e in failed.list.iter().filter(|e| e.data.failure_reason != REVOKED) {
        *tally.entry(e.data.failure_reason.clone()).or_default() += 1;
    }
    let mut failures: Vec<Reason> = tally.into_iter().map(|(reason, count)| Reason { reason, count }).collect();
    failures.sort_by(|a, b| b.count.cmp(&a.count).then(a.reason.cmp(&b.reason)));
    Ok(json!(Progress { package, counts, series, failures }))
}

/// The rollouts (history page): packages that have been tested or released, newest first.
pub fn rollouts(call: &mut Call<'_>) -> PluginResult<Value> {
    let statuses = [Status::UnderTest, Status::InGray, Status::GrayPaused, Status::Released, Status::Unpublished];
    let query = Query::new()
        .one_of("status", statuses.iter().map(|s| json!(s)).collect())
        .eq_opt("productId", call.query("productId"))
        .eq_opt("modelId", call.query("modelId"))
        .sort("updatedAt", true)
        .paged_by(call)?;
    Ok(json!(PACKAGES.query(call.host, &query)?))
}

/// The state of `sns`' executions of a package (issue tasks).
pub fn states_of(call: &mut Call<'_>, package_id: &str, sns: &[String]) -> PluginResult<BTreeMap<String, Execution>> {
    let mut found = BTreeMap::new();
    for chunk in sns.chunks(100) {
        let query = Query::new()
            .eq("packageId", package_id)
            .one_of("sn", chunk.iter().map(|s| json!(s)).collect())
            .page(1, 100);
        for e in EXECUTIONS.query(call.host, &query)?.list {
            found.insert(e.data.sn.clone(), e.data);
        }
    }
    Ok(found)
}

/// Whether a device is in an upgrade now (issue tasks report it).
pub fn busy(call: &mut Call<'_>, sn: &str) -> PluginResult<bool> {
    Ok(active_of(call, sn)?.is_some())
}

pub fn device_busy() -> PluginError {
    messages::device_busy()
}
