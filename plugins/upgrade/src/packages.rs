//! Firmware upgrade packages: the file (measured by the host: size, MD5, SHA-256) and its encrypted
//! variant, the product and model, the current and target versions, the lists and the gray, the
//! flags and the description in each language.

use std::collections::BTreeMap;

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, MAX_LIST_ENTRIES};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::flow::{self, Action, Status};
use crate::rollout::AbortRule;
use crate::{messages, products, steps};

pub const PACKAGE_TYPES: [&str; 3] = ["development", "test", "production"];
pub const GRAY_MODES: [&str; 2] = ["ratio", "list"];
/// SNs of a gray list, one per line. Every check reads the rolling packages of a device's model
/// whole, lists and all, so a list stays small; a larger gray is a percentage.
pub const MAX_GRAY_LIST: usize = 1_000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rollout {
    /// `ratio`: a percentage of devices chosen by SN; `list`: the SNs of `grayList`.
    pub gray_mode: String,
    pub gray_percent: u32,
    pub gray_list: Vec<String>,
    /// Always offered while in gray (at most 20).
    pub whitelist: Vec<String>,
    /// Never offered (at most 20).
    pub blacklist: Vec<String>,
    /// Devices that may start per minute; 0: no limit.
    pub rate_per_minute: u32,
    pub abort: AbortRule,
    /// How long a device has from its offer to its result.
    pub timeout_minutes: u32,
    /// Further attempts after a failure or a timeout.
    pub retries: u32,
}

impl Default for Rollout {
    fn default() -> Self {
        Rollout {
            gray_mode: "ratio".into(),
            gray_percent: 10,
            gray_list: Vec::new(),
            whitelist: Vec::new(),
            blacklist: Vec::new(),
            rate_per_minute: 0,
            abort: AbortRule { failure_percent: 20, min_devices: 10 },
            timeout_minutes: 30,
            retries: 1,
        }
    }
}

/// Why a rollout paused: by hand, or by itself when too many devices failed.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pause {
    pub automatic: bool,
    pub by: String,
    pub at: i64,
    pub failed: u64,
    pub finished: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmwarePackage {
    pub package_type: String,
    pub product_id: String,
    pub product_name: String,
    pub model_id: String,
    pub model_code: String,
    pub current_version_name: String,
    pub current_version_code: i64,
    pub target_version_name: String,
    pub target_version_code: i64,
    pub file: StoredFile,
    pub encrypted_file: Option<StoredFile>,
    pub silent: bool,
    pub must_pass: bool,
    pub ignore_check: bool,
    /// The upgrade description by language code.
    pub descriptions: BTreeMap<String, String>,
    pub rollout: Rollout,
    pub status: Status,
    /// Devices that get the package while it is under test (at most 20).
    pub test_sns: Vec<String>,
    pub test_conclusion: String,
    pub approval_id: String,
    pub applicant: String,
    pub pause: Option<Pause>,
    pub gray_started_at: Option<i64>,
    pub released_at: Option<i64>,
    /// When its current test or gray began: a device that failed before gets another try.
    #[serde(default)]
    pub round_started_at: Option<i64>,
    /// Failures count towards the abort rule from here: the gray's start, or its last resume.
    #[serde(default)]
    pub abort_counted_from: Option<i64>,
}

pub const PACKAGES: Collection<FirmwarePackage> = Collection::new("packages");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PackageInput {
    package_type: String,
    product_id: String,
    model_id: String,
    current_version_name: String,
    current_version_code: Option<i64>,
    target_version_name: String,
    target_version_code: Option<i64>,
    /// The upload id of the firmware file (purpose `firmware`); kept when editing without one.
    file: String,
    /// The upload id of its encrypted variant, optional.
    encrypted_file: String,
    silent: bool,
    must_pass: bool,
    ignore_check: bool,
    descriptions: BTreeMap<String, String>,
}

fn version_name(field: &str, value: &str) -> PluginResult<String> {
    let name = validate::required(field, value, 32)?;
    if name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')) {
        Ok(name)
    } else {
        Err(PluginError::format(
            field,
            [
                "版本名，如 1.2.0（字母、数字、点、连字符）",
                "a version name such as 1.2.0 (letters, digits, dots, hyphens)",
                "ein Versionsname wie 1.2.0 (Buchstaben, Ziffern, Punkte, Bindestriche)",
                "un nombre de versión como 1.2.0 (letras, dígitos, puntos, guiones)",
                "un nom de version comme 1.2.0 (lettres, chiffres, points, tirets)",
                "um nome de versão como 1.2.0 (letras, dígitos, pontos, hífenes)",
                "имя версии, например 1.2.0 (буквы, цифры, точки, дефисы)",
            ],
        ))
    }
}

pub fn version_code(field: &str, value: Option<i64>) -> PluginResult<i64> {
    let code = value.ok_or_else(|| PluginError::required(field))?;
    validate::range(field, code as f64, 0.0, 2_147_483_647.0)?;
    Ok(code)
}

/// Descriptions in the console's languages: at least one, each at most 800 characters.
pub fn descriptions(field: &str, texts: &BTreeMap<String, String>) -> PluginResult<BTreeMap<String, String>> {
    let mut kept = BTreeMap::new();
    for (lang, text) in texts {
        validate::one_of(field, lang, &console_plugin_sdk::LANGS)?;
        let text = validate::optional(field, text, LONG_TEXT)?;
        if !text.is_empty() {
            kept.insert(lang.clone(), text);
        }
    }
    if kept.is_empty() {
        return Err(PluginError::required(field));
    }
    Ok(kept)
}

impl PackageInput {
    fn validate(self, call: &mut Call<'_>, editing: Option<&Doc<FirmwarePackage>>) -> PluginResult<FirmwarePackage> {
        let package_type = validate::one_of("packageType", &self.package_type, &PACKAGE_TYPES)?;
        let product_id = validate::required("productId", &self.product_id, 64)?;
        let model_id = validate::required("modelId", &self.model_id, 64)?;
        let current_version_name = version_name("currentVersionName", &self.current_version_name)?;
        let current_version_code = version_code("currentVersionCode", self.current_version_code)?;
        let target_version_name = version_name("targetVersionName", &self.target_version_name)?;
        let target_version_code = version_code("targetVersionCode", self.target_version_code)?;
        if target_version_code <= current_version_code {
            return Err(messages::target_not_greater(current_version_code));
        }
        let descriptions = descriptions("descriptions", &self.descriptions)?;
        let (product_name, model_code) = products::product_and_model(call, &product_id, &model_id)?;
        let taken = PACKAGES
            .query(
                call.host,
                &Query::new().eq("modelId", model_id.as_str()).eq("targetVersionCode", target_version_code).page(1, 2),
            )?
            .list
            .into_iter()
            .any(|p| Some(p.id.as_str()) != editing.map(|e| e.id.as_str()));
        if taken {
            return Err(messages::version_exists(&target_version_name));
        }
        let file = match (self.file.trim(), editing) {
            ("", Some(editing)) => editing.data.file.clone(),
            (upload_id, _) => StoredFile::from(&upload::claim(call.host, "file", upload_id, "firmware")?),
        };
        let encrypted_file = match (self.encrypted_file.trim(), editing) {
            ("", Some(editing)) => editing.data.encrypted_file.clone(),
            ("", None) => None,
            (upload_id, _) => {
                Some(StoredFile::from(&upload::claim(call.host, "encryptedFile", upload_id, "firmware-encrypted")?))
            }
        };
        let kept = editing.map(|e| e.data.clone());
        Ok(FirmwarePackage {
            package_type,
            product_id,
            product_name,
            model_id,
            model_code,
            current_version_name,
            current_version_code,
            target_version_name,
            target_version_code,
            file,
            encrypted_file,
            silent: self.silent,
            must_pass: self.must_pass,
            ignore_check: self.ignore_check,
            descriptions,
            rollout: kept.as_ref().map(|k| k.rollout.clone()).unwrap_or_default(),
            status: Status::PendingReview,
            test_sns: kept.as_ref().map(|k| k.test_sns.clone()).unwrap_or_default(),
            test_conclusion: String::new(),
            approval_id: String::new(),
            applicant: call.context.user_name.clone(),
            pause: None,
            gray_started_at: None,
            released_at: None,
            round_started_at: None,
            abort_counted_from: None,
        })
    }
}

pub const APPROVAL_KIND: &str = "firmware-package";

/// SNs one per line, each at most 64 characters; a white- or blacklist over the limit says so in
/// its own words ("The number of whitelists cannot exceed 20").
pub fn sn_list(field: &str, text: &str, max: usize) -> PluginResult<Vec<String>> {
    let entries = validate::short_lines(field, text, max, 64);
    match entries {
        Err(_) if max == MAX_LIST_ENTRIES && validate::lines(field, text, max).is_err() => {
            Err(messages::too_many_in_list(field, max))
        }
        other => other,
    }
}

/// [`sn_list`] of devices: above ten only with the risk confirmed, whatever list they are
/// (test devices, white, black and gray lists, issue tasks).
pub fn device_list(field: &str, text: &str, max: usize, risk_confirmed: bool) -> PluginResult<Vec<String>> {
    let sns = sn_list(field, text, max)?;
    validate::risk_confirmed(field, sns.len(), risk_confirmed)?;
    Ok(sns)
}

/// Sends a package to review in the process centre.
fn submit_for_review(call: &mut Call<'_>, id: &str, package: &mut FirmwarePackage) -> PluginResult<()> {
    let title = format!("{} {} → {}", package.model_code, package.current_version_name, package.target_version_name);
    let detail = json!({
        "product": package.product_name, "model": package.model_code, "packageType": package.package_type,
        "currentVersion": package.current_version_name, "targetVersion": package.target_version_name,
        "size": package.file.size, "sha256": package.file.sha256, "md5": package.file.md5,
        "encryptedFile": package.encrypted_file.as_ref().map(|f| json!({ "size": f.size, "sha256": f.sha256, "md5": f.md5 })),
        "mustPass": package.must_pass, "descriptions": package.descriptions,
    });
    package.approval_id = console_plugin_sdk::approvals::submit(call.host, APPROVAL_KIND, &title, id, &detail)?;
    package.status = Status::PendingReview;
    Ok(())
}

/// Uploads a package: it waits for review.
pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let package = call.body::<PackageInput>()?.validate(call, None)?;
    let saved = PACKAGES.insert(call.host, &package)?;
    let mut package = saved.data.clone();
    submit_for_review(call, &saved.id, &mut package)?;
    let saved = PACKAGES.update(call.host, &saved.id, &package, Some(saved.version))?;
    steps::record(call, &saved, None, "uploaded", String::new())?;
    call.host.audit("Upload a firmware package", &describe(&saved.data));
    Ok(json!(saved))
}

/// Edits a package before it is tested or released: it goes back to review.
pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let existing = PACKAGES.find(call.host, &id)?;
    if existing.data.status == Status::PendingReview {
        return Err(messages::wait_for_review());
    }
    if flow::next(existing.data.status, Action::Resubmit).is_none() {
        return Err(messages::wrong_status(existing.data.status));
    }
    let version = call.version().or(Some(existing.version));
    let mut package = call.body::<PackageInput>()?.validate(call, Some(&existing))?;
    submit_for_review(call, &existing.id, &mut package)?;
    let saved = PACKAGES.update(call.host, &existing.id, &package, version)?;
    // A file replaced by the edit goes (the review is of the new one).
    for (old, new) in [
        (Some(&existing.data.file), Some(&saved.data.file)),
        (existing.data.encrypted_file.as_ref(), saved.data.encrypted_file.as_ref()),
    ] {
        if let Some(old) = old
            && new.is_none_or(|new| new.object != old.object)
        {
            call.host.file_delete(&old.object).map_err(PluginError::internal)?;
        }
    }
    steps::record(call, &saved, Some(existing.data.status), "edited", String::new())?;
    call.host.audit("Modify a firmware package", &describe(&saved.data));
    Ok(json!(saved))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let existing = PACKAGES.find(call.host, &id)?;
    if existing.data.status == Status::PendingReview {
        return Err(messages::wait_for_review());
    }
    // Never once devices had it (after release it cannot be deleted; a revoked gray either).
    if !flow::may_delete(existing.data.status) || existing.data.gray_started_at.is_some() {
        return Err(messages::wrong_status(existing.data.status));
    }
    call.confirm_name(&confirm_name(&existing.data))?;
    PACKAGES.delete(call.host, &existing.id)?;
    for file in std::iter::once(&existing.data.file).chain(existing.data.encrypted_file.as_ref()) {
        call.host.file_delete(&file.object).map_err(PluginError::internal)?;
    }
    crate::synced::deleted(call, &existing.data)?;
    call.host.audit("Delete a firmware package", &describe(&existing.data));
    Ok(Value::Null)
}

/// What a user types again to delete a package: its model and target version.
pub fn confirm_name(package: &FirmwarePackage) -> String {
    format!("{} {}", package.model_code, package.target_version_name)
}

pub fn describe(package: &FirmwarePackage) -> String {
    format!(
        "{} {} {} → {}",
        package.product_name, package.model_code, package.current_version_name, package.target_version_name
    )
}

/// The package list (publish, test and release pages): by product, model, type, status (one or
/// several, comma-separated) and target version.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let statuses: Vec<Value> = call
        .query("status")
        .map(|s| s.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| json!(s)).collect())
        .unwrap_or_default();
    let mut query = Query::new()
        .eq_opt("productId", call.query("productId"))
        .eq_opt("modelId", call.query("modelId"))
        .eq_opt("packageType", call.query("packageType"))
        .search("targetVersionName", call.query("targetVersionName"), call.search_mode());
    if !statuses.is_empty() {
        query = query.one_of("status", statuses);
    }
    let query = query.sort("createdAt", true).paged_by(call)?;
    Ok(json!(PACKAGES.query(call.host, &query)?))
}

/// The test page's packages: approved, waiting for a test, under test or tested.
pub fn test_list(call: &mut Call<'_>) -> PluginResult<Value> {
    let statuses = [Status::Approved, Status::PendingTest, Status::UnderTest, Status::TestComplete];
    let query = Query::new()
        .one_of("status", statuses.iter().map(|s| json!(s)).collect())
        .eq_opt("productId", call.query("productId"))
        .eq_opt("modelId", call.query("modelId"))
        .sort("updatedAt", true)
        .paged_by(call)?;
    Ok(json!(PACKAGES.query(call.host, &query)?))
}

/// A package in a select box: its id and what it is.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackageOption {
    pub id: String,
    pub label: String,
    pub status: Status,
}

fn options_of(call: &mut Call<'_>, statuses: &[Status]) -> PluginResult<Value> {
    let mut query = Query::new().sort("createdAt", true).page(1, 200);
    if !statuses.is_empty() {
        query = query.one_of("status", statuses.iter().map(|s| json!(s)).collect());
    }
    let options: Vec<PackageOption> = PACKAGES
        .query(call.host, &query)?
        .list
        .into_iter()
        .map(|p| PackageOption { label: describe(&p.data), status: p.data.status, id: p.id })
        .collect();
    Ok(json!(options))
}

/// Packages an issue task may push: under test, in gray or released (the newest 200).
pub fn issue_options(call: &mut Call<'_>) -> PluginResult<Value> {
    options_of(call, &[Status::UnderTest, Status::InGray, Status::Released])
}

/// Packages a release statement may describe (the newest 200).
pub fn statement_options(call: &mut Call<'_>) -> PluginResult<Value> {
    options_of(call, &[])
}

pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let package = PACKAGES.find(call.host, &id)?;
    Ok(json!(package))
}

/// Moves a package by the flow's table; anything else is refused with its status.
pub fn apply_action(
    call: &mut Call<'_>,
    package: &mut Doc<FirmwarePackage>,
    action: Action,
    detail: String,
) -> PluginResult<()> {
    let by = call.context.user_name.clone();
    apply_action_by(call, package, action, detail, &by)
}

/// [`apply_action`], recorded as done by `by` (the rollout itself, when it pauses).
pub fn apply_action_by(
    call: &mut Call<'_>,
    package: &mut Doc<FirmwarePackage>,
    action: Action,
    detail: String,
    by: &str,
) -> PluginResult<()> {
    let from = package.data.status;
    let to = allowed(from, action)?;
    package.data.status = to;
    let now = call.host.now_ms();
    match (from, to) {
        (Status::PendingRelease, Status::InGray) => {
            package.data.gray_started_at = Some(now);
            package.data.round_started_at = Some(now);
            package.data.abort_counted_from = Some(now);
        }
        (Status::GrayPaused, Status::InGray) => package.data.abort_counted_from = Some(now),
        (_, Status::UnderTest) => package.data.round_started_at = Some(now),
        (_, Status::Released) => package.data.released_at = Some(now),
        _ => {}
    }
    if to != Status::GrayPaused {
        package.data.pause = None;
    }
    let saved = PACKAGES.update(call.host, &package.id, &package.data, Some(package.version))?;
    *package = saved;
    steps::record_by(call, package, Some(from), action_key(action), detail, by)?;
    Ok(())
}

/// Where `action` takes a package in `status`, or why it may not ("Please wait for the audit."
/// while it waits for review).
fn allowed(status: Status, action: Action) -> PluginResult<Status> {
    match flow::next(status, action) {
        Some(to) => Ok(to),
        None if status == Status::PendingReview => Err(messages::wait_for_review()),
        None => Err(messages::wrong_status(status)),
    }
}

pub fn action_key(action: Action) -> &'static str {
    match action {
        Action::Approve => "approved",
        Action::Reject => "rejected",
        Action::Resubmit => "resubmitted",
        Action::StartTest => "testStarted",
        Action::CancelTest => "testCancelled",
        Action::PassTest => "testPassed",
        Action::FailTest => "testFailed",
        Action::Apply => "applied",
        Action::CancelApplication => "applicationCancelled",
        Action::Release => "released",
        Action::Pause => "paused",
        Action::Resume => "resumed",
        Action::Revoke => "revoked",
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ActionInput {
    /// A non-production package's go-online application, reconfirmed.
    confirm: bool,
    /// The test conclusion (pass, fail) or a note.
    conclusion: String,
}

/// The test buttons: `/packages/{id}/test/{action}` (start, cancel, pass, fail).
pub fn test_action(call: &mut Call<'_>) -> PluginResult<Value> {
    let action = match call.param("action")? {
        "start" => Action::StartTest,
        "cancel" => Action::CancelTest,
        "pass" => Action::PassTest,
        "fail" => Action::FailTest,
        _ => return Err(PluginError::not_found()),
    };
    act(call, action)
}

/// Applying to go online: `/packages/{id}/application/{action}` (apply, cancel).
pub fn application_action(call: &mut Call<'_>) -> PluginResult<Value> {
    let action = match call.param("action")? {
        "apply" => Action::Apply,
        "cancel" => Action::CancelApplication,
        _ => return Err(PluginError::not_found()),
    };
    act(call, action)
}

/// The release buttons: `/packages/{id}/release/{action}` (confirm, pause, resume, revoke).
pub fn release_action(call: &mut Call<'_>) -> PluginResult<Value> {
    let action = match call.param("action")? {
        "confirm" => Action::Release,
        "pause" => Action::Pause,
        "resume" => Action::Resume,
        "revoke" => Action::Revoke,
        _ => return Err(PluginError::not_found()),
    };
    act(call, action)
}

fn act(call: &mut Call<'_>, action: Action) -> PluginResult<Value> {
    let input: ActionInput = call.body()?;
    let id = call.param("id")?.to_string();
    let mut package = PACKAGES.find(call.host, &id)?;
    let conclusion = validate::optional("conclusion", &input.conclusion, LONG_TEXT)?;
    // Its status first: what it lacks for the step comes after.
    allowed(package.data.status, action)?;
    match action {
        Action::StartTest if package.data.test_sns.is_empty() => return Err(PluginError::required("testSns")),
        Action::FailTest if conclusion.is_empty() => return Err(PluginError::required("conclusion")),
        Action::PassTest | Action::FailTest => package.data.test_conclusion = conclusion.clone(),
        Action::Apply if !package.data.test_sns.is_empty() => {
            return Err(messages::delete_test_devices_first(package.data.test_sns.len()));
        }
        Action::Apply if package.data.package_type != "production" && !input.confirm => {
            return Err(messages::not_a_formal_package());
        }
        _ => {}
    }
    if action == Action::Pause {
        let now = call.host.now_ms();
        let by = call.context.user_name.clone();
        package.data.pause = Some(Pause { automatic: false, by, at: now, failed: 0, finished: 0 });
    }
    apply_action(call, &mut package, action, conclusion)?;
    call.host.audit(audit_of(action), &describe(&package.data));
    Ok(json!(package))
}

fn audit_of(action: Action) -> &'static str {
    match action {
        Action::StartTest => "Start testing a firmware package",
        Action::CancelTest => "Cancel a firmware package's test",
        Action::PassTest => "Pass a firmware package's test",
        Action::FailTest => "Fail a firmware package's test",
        Action::Apply => "Apply for a firmware package to go online",
        Action::CancelApplication => "Cancel a firmware package's application",
        Action::Release => "Release a firmware package",
        Action::Pause => "Pause a firmware rollout",
        Action::Resume => "Resume a firmware rollout",
        Action::Revoke => "Revoke a firmware package's release",
        Action::Approve | Action::Reject | Action::Resubmit => "Review a firmware package",
    }
}

/// The decision of the process centre (`caller = "host"`). A package no longer waiting for this
/// request (edited and resubmitted meanwhile) is left as it is.
pub fn decided(call: &mut Call<'_>) -> PluginResult<Value> {
    let decision: console_plugin_sdk::approvals::Decision = call.body()?;
    let Some(mut package) = PACKAGES.get(call.host, &decision.subject_id)? else { return Ok(Value::Null) };
    if package.data.approval_id != decision.approval_id || package.data.status != Status::PendingReview {
        return Ok(Value::Null);
    }
    let action = if decision.approved { Action::Approve } else { Action::Reject };
    apply_action(call, &mut package, action, decision.comment)?;
    if decision.approved {
        crate::synced::approved(call, &package.data)?;
    }
    Ok(Value::Null)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TestDevicesInput {
    /// SNs, one per line (at most 20); empty deletes them.
    sns: String,
    /// The user confirmed the risk of more than ten.
    risk_confirmed: bool,
}

/// The test devices (test SNs) of a package: set before or during its test, deleted before it
/// applies to go online.
pub fn set_test_devices(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut package = PACKAGES.find(call.host, &id)?;
    if !flow::may_change_test_devices(package.data.status) {
        return Err(messages::wrong_status(package.data.status));
    }
    let input: TestDevicesInput = call.body()?;
    package.data.test_sns = device_list("sns", &input.sns, MAX_LIST_ENTRIES, input.risk_confirmed)?;
    let saved = PACKAGES.update(call.host, &package.id, &package.data, Some(package.version))?;
    let detail = format!("{} SN", saved.data.test_sns.len());
    steps::record(call, &saved, Some(saved.data.status), "testDevicesChanged", detail)?;
    call.host.audit("Change a firmware package's test devices", &describe(&saved.data));
    Ok(json!(saved))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RolloutInput {
    gray_mode: String,
    gray_percent: Option<u32>,
    /// SNs, one per line.
    gray_list: String,
    whitelist: String,
    blacklist: String,
    rate_per_minute: Option<u32>,
    abort_failure_percent: Option<u32>,
    abort_min_devices: Option<u32>,
    timeout_minutes: Option<u32>,
    retries: Option<u32>,
    /// The user confirmed the risk of a list of more than ten SNs.
    risk_confirmed: bool,
}

impl RolloutInput {
    fn validate(self) -> PluginResult<Rollout> {
        let gray_mode = validate::one_of("grayMode", &self.gray_mode, &GRAY_MODES)?;
        let number = |field: &str, value: Option<u32>, min: u32, max: u32| -> PluginResult<u32> {
            let value = value.ok_or_else(|| PluginError::required(field))?;
            validate::range(field, f64::from(value), f64::from(min), f64::from(max))?;
            Ok(value)
        };
        let gray_percent = if gray_mode == "ratio" { number("grayPercent", self.gray_percent, 1, 100)? } else { 0 };
        let gray_list = if gray_mode == "list" {
            let list = device_list("grayList", &self.gray_list, MAX_GRAY_LIST, self.risk_confirmed)?;
            if list.is_empty() {
                return Err(PluginError::required("grayList"));
            }
            list
        } else {
            Vec::new()
        };
        Ok(Rollout {
            gray_mode,
            gray_percent,
            gray_list,
            whitelist: device_list("whitelist", &self.whitelist, MAX_LIST_ENTRIES, self.risk_confirmed)?,
            blacklist: device_list("blacklist", &self.blacklist, MAX_LIST_ENTRIES, self.risk_confirmed)?,
            rate_per_minute: number("ratePerMinute", self.rate_per_minute, 0, 1_000_000)?,
            abort: AbortRule {
                failure_percent: number("abortFailurePercent", self.abort_failure_percent, 0, 100)?,
                min_devices: number("abortMinDevices", self.abort_min_devices, 1, 1_000_000)?,
            },
            timeout_minutes: number("timeoutMinutes", self.timeout_minutes, 1, 10_080)?,
            retries: number("retries", self.retries, 0, 10)?,
        })
    }
}

/// The release strategy: gray ratio or list, white- and blacklist, rate, abort rule, timeout and
/// retries; changed until the package is released to everyone (widening a gray, for one).
pub fn set_rollout(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut package = PACKAGES.find(call.host, &id)?;
    if !flow::may_change_rollout(package.data.status) {
        return Err(messages::wrong_status(package.data.status));
    }
    package.data.rollout = call.body::<RolloutInput>()?.validate()?;
    let version = call.version().or(Some(package.version));
    let saved = PACKAGES.update(call.host, &package.id, &package.data, version)?;
    let rollout = &saved.data.rollout;
    let detail = if rollout.gray_mode == "ratio" {
        format!("{}%", rollout.gray_percent)
    } else {
        format!("{} SN", rollout.gray_list.len())
    };
    steps::record(call, &saved, Some(saved.data.status), "strategyChanged", detail)?;
    call.host.audit("Change a firmware package's release strategy", &describe(&saved.data));
    Ok(json!(saved))
}
