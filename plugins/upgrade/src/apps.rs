//! App upgrade packages: the build as a local file or an address, its HarmonyOS variant, region,
//! policy (whitelist or everyone), minimum compatible version, the silent / must-pass /
//! ignore-verification choices, the test report and conclusion, review in the process centre and
//! release at a time later than now; what apps ask for; the release history and the download
//! centre.

use std::collections::BTreeMap;

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, MAX_LIST_ENTRIES, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::app_flow::{self, AppAction, AppStatus, Publication};
use crate::messages;
use crate::packages::{descriptions, version_code};
use crate::rollout::{self, Candidate};

pub const PLATFORMS: [&str; 3] = ["android", "ios", "harmony"];
pub const APP_PACKAGE_TYPES: [&str; 3] = ["release", "beta", "custom"];
pub const REGIONS: [&str; 3] = ["asia", "europe", "america"];
pub const FILE_SOURCES: [&str; 2] = ["local", "address"];
pub const POLICIES: [&str; 2] = ["whitelist", "all"];
/// How long a download link of a local file works (the download centre's QR code, an app's):
/// the longest the host signs, a day.
const DOWNLOAD_URL_SECS: u32 = 24 * 3600;

/// A build's file: uploaded, or at an address with its MD5 and size given.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Build {
    pub file: Option<StoredFile>,
    pub address: String,
    pub md5: String,
    pub size: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppPackage {
    pub app_name: String,
    pub platform: String,
    pub package_type: String,
    /// The type's name when `packageType` is `custom`.
    pub custom_type: String,
    pub version_name: String,
    pub version_code: i64,
    pub packer: String,
    pub internal_description: String,
    /// The release description by language code.
    pub release_descriptions: BTreeMap<String, String>,
    pub version_feature: String,
    pub region: String,
    pub file_source: String,
    pub build: Build,
    /// The HarmonyOS build beside it, with its own MD5, size and link.
    pub harmony: Option<Build>,
    pub policy: String,
    /// App users (account names) that get it under the whitelist policy (at most 20).
    pub whitelist: Vec<String>,
    /// Apps older than this version code must upgrade.
    pub min_compatible_code: i64,
    pub silent: bool,
    pub must_pass: bool,
    pub ignore_verification: bool,
    pub status: AppStatus,
    pub publication: Publication,
    pub deleted: bool,
    pub test_report: Option<StoredFile>,
    pub test_conclusion: String,
    /// Why the reviewer returned it, the last time.
    #[serde(default)]
    pub review_comment: String,
    pub approval_id: String,
    pub release_at: Option<i64>,
    pub released_at: Option<i64>,
    pub operator: String,
}

pub const APP_PACKAGES: Collection<AppPackage> = Collection::new("app_packages");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BuildInput {
    /// Upload id (purpose `app-package`) when the source is local.
    file: String,
    address: String,
    md5: String,
    size: Option<u64>,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppPackageInput {
    app_name: String,
    platform: String,
    package_type: String,
    custom_type: String,
    version_name: String,
    version_code: Option<i64>,
    packer: String,
    internal_description: String,
    release_descriptions: BTreeMap<String, String>,
    version_feature: String,
    region: String,
    file_source: String,
    build: BuildInput,
    harmony: Option<BuildInput>,
    policy: String,
    /// Account names, one per line.
    whitelist: String,
    min_compatible_code: Option<i64>,
    silent: Option<bool>,
    must_pass: Option<bool>,
    ignore_verification: Option<bool>,
}

fn md5_of(field: &str, text: &str) -> PluginResult<String> {
    let text = text.trim().to_ascii_lowercase();
    if text.len() == 32 && text.chars().all(|c| c.is_ascii_hexdigit()) {
        Ok(text)
    } else {
        Err(PluginError::format(
            field,
            [
                "32 位十六进制数字",
                "32 hexadecimal digits",
                "32 Hexadezimalziffern",
                "32 dígitos hexadecimales",
                "32 chiffres hexadécimaux",
                "32 dígitos hexadecimais",
                "32 шестнадцатеричные цифры",
            ],
        ))
    }
}

impl BuildInput {
    /// A local file is claimed (measured by the host); an address comes with its MD5 and size.
    fn validate(self, call: &mut Call<'_>, field: &str, source: &str, kept: Option<&Build>) -> PluginResult<Build> {
        if source == "local" {
            let file = match (self.file.trim(), kept) {
                ("", Some(kept)) if kept.file.is_some() => return Ok(kept.clone()),
                (upload_id, _) => {
                    StoredFile::from(&upload::claim(call.host, &format!("{field}.file"), upload_id, "app-package")?)
                }
            };
            return Ok(Build { md5: file.md5.clone(), size: file.size, file: Some(file), address: String::new() });
        }
        let address = validate::required(&format!("{field}.address"), &self.address, 1024)?;
        if !address.starts_with("https://") && !address.starts_with("http://") {
            return Err(PluginError::format(&format!("{field}.address"), console_plugin_sdk::expected::HTTP_URL));
        }
        let size = self.size.ok_or_else(|| PluginError::required(&format!("{field}.size")))?;
        Ok(Build { file: None, address, md5: md5_of(&format!("{field}.md5"), &self.md5)?, size })
    }
}

impl AppPackageInput {
    fn validate(self, call: &mut Call<'_>, editing: Option<&Doc<AppPackage>>) -> PluginResult<AppPackage> {
        let app_name = validate::required("appName", &self.app_name, SHORT_TEXT)?;
        let platform = validate::one_of("platform", &self.platform, &PLATFORMS)?;
        let package_type = validate::one_of("packageType", &self.package_type, &APP_PACKAGE_TYPES)?;
        let custom_type = if package_type == "custom" {
            validate::required("customType", &self.custom_type, SHORT_TEXT)?
        } else {
            String::new()
        };
        let version_name = validate::required("versionName", &self.version_name, 32)?;
        let version_code = version_code("versionCode", self.version_code)?;
        let min_compatible_code = version_code_at_most("minCompatibleCode", self.min_compatible_code, version_code)?;
        let policy = validate::one_of("policy", &self.policy, &POLICIES)?;
        let whitelist = crate::packages::sn_list("whitelist", &self.whitelist, MAX_LIST_ENTRIES)?;
        if policy == "whitelist" && whitelist.is_empty() {
            return Err(PluginError::required("whitelist"));
        }
        let taken = APP_PACKAGES
            .query(
                call.host,
                &Query::new()
                    .eq("appName", app_name.as_str())
                    .eq("platform", platform.as_str())
                    .eq("versionCode", version_code)
                    .page(1, 2),
            )?
            .list
            .into_iter()
            .any(|p| Some(p.id.as_str()) != editing.map(|e| e.id.as_str()));
        if taken {
            return Err(messages::app_version_exists(version_code));
        }
        let file_source = validate::one_of("fileSource", &self.file_source, &FILE_SOURCES)?;
        let kept = editing.map(|e| e.data.clone());
        let build = self.build.validate(call, "build", &file_source, kept.as_ref().map(|k| &k.build))?;
        let harmony = match self.harmony {
            Some(harmony) if !(harmony.file.trim().is_empty() && harmony.address.trim().is_empty()) => {
                let kept_harmony = kept.as_ref().and_then(|k| k.harmony.as_ref());
                Some(harmony.validate(call, "harmony", &file_source, kept_harmony)?)
            }
            _ => None,
        };
        let choice = |field: &str, value: Option<bool>| value.ok_or_else(|| PluginError::required(field));
        Ok(AppPackage {
            app_name,
            platform,
            package_type,
            custom_type,
            version_name,
            version_code,
            packer: validate::required("packer", &self.packer, SHORT_TEXT)?,
            internal_description: validate::required("internalDescription", &self.internal_description, LONG_TEXT)?,
            release_descriptions: descriptions("releaseDescriptions", &self.release_descriptions)?,
            version_feature: validate::optional("versionFeature", &self.version_feature, LONG_TEXT)?,
            region: validate::one_of("region", &self.region, &REGIONS)?,
            file_source,
            build,
            harmony,
            policy,
            whitelist,
            min_compatible_code,
            silent: choice("silent", self.silent)?,
            must_pass: choice("mustPass", self.must_pass)?,
            ignore_verification: choice("ignoreVerification", self.ignore_verification)?,
            status: AppStatus::Development,
            publication: Publication::Unpublished,
            deleted: false,
            test_report: None,
            test_conclusion: String::new(),
            review_comment: String::new(),
            approval_id: String::new(),
            release_at: None,
            released_at: None,
            operator: call.context.user_name.clone(),
        })
    }
}

fn version_code_at_most(field: &str, value: Option<i64>, max: i64) -> PluginResult<i64> {
    let code = value.ok_or_else(|| PluginError::required(field))?;
    validate::range(field, code as f64, 0.0, max as f64)?;
    Ok(code)
}

fn describe(p: &AppPackage) -> String {
    format!("{} {} {} ({})", p.app_name, p.platform, p.version_name, p.version_code)
}

fn wrong_state(p: &AppPackage) -> PluginError {
    let [zh, en, de, es, fr, pt, ru] = p.status.labels();
    PluginError::localized(
        409,
        None,
        [
            format!("应用包当前状态（{zh}）不允许此操作"),
            format!("This cannot be done to an app package that is {en}."),
            format!("Das ist bei einem App-Paket im Zustand „{de}“ nicht möglich."),
            format!("No es posible con un paquete de aplicación en estado «{es}»."),
            format!("Impossible pour un paquet d’application à l’état « {fr} »."),
            format!("Não é possível com um pacote de aplicação no estado «{pt}»."),
            format!("Это недоступно для пакета приложения в состоянии «{ru}»."),
        ],
    )
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let package = call.body::<AppPackageInput>()?.validate(call, None)?;
    let saved = APP_PACKAGES.insert(call.host, &package)?;
    call.host.audit("Upload an app package", &describe(&saved.data));
    Ok(json!(saved))
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let existing = APP_PACKAGES.find(call.host, &id)?;
    if !app_flow::may_edit((existing.data.status, existing.data.publication)) || existing.data.deleted {
        return Err(wrong_state(&existing.data));
    }
    let version = call.version().or(Some(existing.version));
    let package = call.body::<AppPackageInput>()?.validate(call, Some(&existing))?;
    let saved = APP_PACKAGES.update(call.host, &existing.id, &package, version)?;
    call.host.audit("Modify an app package", &describe(&saved.data));
    Ok(json!(saved))
}

/// Deletes (`DELETE`) or restores (`POST .../restore`) a package: kept, and hidden from lists.
pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    set_deleted(call, true)
}

pub fn restore(call: &mut Call<'_>) -> PluginResult<Value> {
    set_deleted(call, false)
}

fn set_deleted(call: &mut Call<'_>, deleted: bool) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut package = APP_PACKAGES.find(call.host, &id)?;
    if !app_flow::may_delete((package.data.status, package.data.publication)) {
        return Err(wrong_state(&package.data));
    }
    package.data.deleted = deleted;
    let saved = APP_PACKAGES.update(call.host, &package.id, &package.data, Some(package.version))?;
    let what = if deleted { "Delete an app package" } else { "Restore an app package" };
    call.host.audit(what, &describe(&saved.data));
    Ok(json!(saved))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppActionInput {
    /// The test report's upload id (purpose `test-report`): required to pass or fail a test.
    report: String,
    conclusion: String,
    /// The release time (Unix ms), later than now.
    release_at: Option<i64>,
}

/// `/app-packages/{id}/test/{action}`: submit, pass, fail.
pub fn test_action(call: &mut Call<'_>) -> PluginResult<Value> {
    let action = match call.param("action")? {
        "submit" => AppAction::SubmitTest,
        "pass" => AppAction::PassTest,
        "fail" => AppAction::FailTest,
        _ => return Err(PluginError::not_found()),
    };
    act(call, action)
}

/// `/app-packages/{id}/review`: submit it for review in the process centre.
pub fn submit_review(call: &mut Call<'_>) -> PluginResult<Value> {
    act(call, AppAction::SubmitReview)
}

/// `/app-packages/{id}/release/{action}`: schedule (at `releaseAt`), cancel, revoke.
pub fn release_action(call: &mut Call<'_>) -> PluginResult<Value> {
    let action = match call.param("action")? {
        "schedule" => AppAction::Release,
        "cancel" => AppAction::CancelRelease,
        "revoke" => AppAction::Revoke,
        _ => return Err(PluginError::not_found()),
    };
    act(call, action)
}

pub fn discard(call: &mut Call<'_>) -> PluginResult<Value> {
    act(call, AppAction::Discard)
}

pub const APP_APPROVAL_KIND: &str = "app-package";

fn act(call: &mut Call<'_>, action: AppAction) -> PluginResult<Value> {
    let input: AppActionInput = call.body()?;
    let id = call.param("id")?.to_string();
    let mut package = APP_PACKAGES.find(call.host, &id)?;
    if package.data.deleted {
        return Err(PluginError::not_found());
    }
    let now = call.host.now_ms();
    let p = &mut package.data;
    let (status, publication) = app_flow::next((p.status, p.publication), action).ok_or_else(|| wrong_state(p))?;
    match action {
        AppAction::PassTest | AppAction::FailTest => {
            let report = upload::claim(call.host, "report", &input.report, "test-report")?;
            p.test_report = Some(StoredFile::from(&report));
            p.test_conclusion = validate::required("conclusion", &input.conclusion, LONG_TEXT)?;
        }
        AppAction::SubmitReview => {
            let detail = json!({ "app": p.app_name, "platform": p.platform, "version": p.version_name,
                                 "versionCode": p.version_code, "testConclusion": p.test_conclusion });
            p.approval_id =
                console_plugin_sdk::approvals::submit(call.host, APP_APPROVAL_KIND, &describe(p), &id, &detail)?;
        }
        AppAction::Release => {
            let at = input.release_at.ok_or_else(|| PluginError::required("releaseAt"))?;
            if at <= now {
                return Err(messages::release_time_past());
            }
            p.release_at = Some(at);
        }
        AppAction::CancelRelease => p.release_at = None,
        _ => {}
    }
    (p.status, p.publication) = (status, publication);
    p.operator = call.context.user_name.clone();
    let saved = APP_PACKAGES.update(call.host, &package.id, &package.data, Some(package.version))?;
    call.host.audit(audit_of(action), &describe(&saved.data));
    Ok(json!(saved))
}

fn audit_of(action: AppAction) -> &'static str {
    match action {
        AppAction::SubmitTest => "Submit an app package to test",
        AppAction::PassTest => "Pass an app package's test",
        AppAction::FailTest => "Fail an app package's test",
        AppAction::SubmitReview => "Submit an app package for review",
        AppAction::Approve | AppAction::Return => "Review an app package",
        AppAction::Release => "Schedule an app package's release",
        AppAction::CancelRelease => "Cancel an app package's release",
        AppAction::Revoke => "Revoke an app package",
        AppAction::Discard => "Discard an app package",
    }
}

/// The process centre's decision: reviewed, or returned to development.
pub fn decided(call: &mut Call<'_>) -> PluginResult<Value> {
    let decision: console_plugin_sdk::approvals::Decision = call.body()?;
    let Some(mut package) = APP_PACKAGES.get(call.host, &decision.subject_id)? else { return Ok(Value::Null) };
    if package.data.approval_id != decision.approval_id {
        return Ok(Value::Null);
    }
    let action = if decision.approved { AppAction::Approve } else { AppAction::Return };
    let Some((status, publication)) = app_flow::next((package.data.status, package.data.publication), action) else {
        return Ok(Value::Null);
    };
    (package.data.status, package.data.publication) = (status, publication);
    package.data.review_comment = decision.comment;
    APP_PACKAGES.update(call.host, &package.id, &package.data, Some(package.version))?;
    Ok(Value::Null)
}

/// The schedule: packages whose release time came are published.
pub fn publish_due(call: &mut Call<'_>) -> PluginResult<u64> {
    let now = call.host.now_ms();
    let due = APP_PACKAGES.query(
        call.host,
        &Query::new().eq("publication", json!(Publication::Scheduled)).lte("releaseAt", now).page(1, 200),
    )?;
    let mut published = 0;
    for mut package in due.list {
        package.data.publication = Publication::Published;
        package.data.released_at = package.data.release_at;
        APP_PACKAGES.update(call.host, &package.id, &package.data, Some(package.version))?;
        call.host.audit("An app package's release time came", &describe(&package.data));
        published += 1;
    }
    Ok(published)
}

/// The app upgrade list: by app, platform, status and publication; deleted ones on request.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let deleted = call.query("deleted") == Some("true");
    let query = Query::new()
        .search("appName", call.query("appName"), call.search_mode())
        .eq_opt("platform", call.query("platform"))
        .eq_opt("status", call.query("status"))
        .eq_opt("publication", call.query("publication"))
        .eq("deleted", deleted)
        .sort("versionCode", true)
        .paged_by(call)?;
    Ok(json!(APP_PACKAGES.query(call.host, &query)?))
}

/// The release history (app-upgrade-history): packages released, scheduled or revoked, newest
/// release first.
pub fn history(call: &mut Call<'_>) -> PluginResult<Value> {
    let out = [Publication::Scheduled, Publication::Published, Publication::Revoked];
    let query = Query::new()
        .one_of("publication", out.iter().map(|p| json!(p)).collect())
        .search("appName", call.query("appName"), call.search_mode())
        .eq_opt("platform", call.query("platform"))
        .sort("releaseAt", true)
        .paged_by(call)?;
    Ok(json!(APP_PACKAGES.query(call.host, &query)?))
}

fn download_url(call: &mut Call<'_>, build: &Build) -> PluginResult<String> {
    match &build.file {
        Some(file) => {
            call.host.file_access_url(&file.object, &file.file_name, DOWNLOAD_URL_SECS).map_err(PluginError::internal)
        }
        None => Ok(build.address.clone()),
    }
}

fn is_out(p: &AppPackage, now: i64) -> bool {
    p.status == AppStatus::Reviewed
        && !p.deleted
        && (p.publication == Publication::Published
            || (p.publication == Publication::Scheduled && p.release_at.is_some_and(|at| at <= now)))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Download {
    pub id: String,
    pub app_name: String,
    pub platform: String,
    pub version_name: String,
    pub version_code: i64,
    pub region: String,
    pub size: u64,
    pub md5: String,
    /// What the QR code carries: the address, or a day's signed link to the local file.
    pub url: String,
    pub harmony_url: Option<String>,
    pub released_at: Option<i64>,
    pub description: String,
}

/// The download centre: the newest package out with everyone, per app and platform.
pub fn download_centre(call: &mut Call<'_>) -> PluginResult<Value> {
    let now = call.host.now_ms();
    let out = APP_PACKAGES.query(
        call.host,
        &Query::new()
            .eq("status", json!(AppStatus::Reviewed))
            .eq("policy", "all")
            .one_of("publication", vec![json!(Publication::Published), json!(Publication::Scheduled)])
            .eq("deleted", false)
            .sort("versionCode", true)
            .page(1, 500),
    )?;
    let mut newest: BTreeMap<(String, String), Doc<AppPackage>> = BTreeMap::new();
    for package in out.list.into_iter().filter(|p| is_out(&p.data, now)) {
        newest.entry((package.data.app_name.clone(), package.data.platform.clone())).or_insert(package);
    }
    let lang = call.lang().to_string();
    let mut downloads = Vec::new();
    for package in newest.into_values() {
        let p = package.data;
        let url = download_url(call, &p.build)?;
        let harmony_url = match &p.harmony {
            Some(h) => Some(download_url(call, h)?),
            None => None,
        };
        let description = p.release_descriptions.get(&lang).or_else(|| p.release_descriptions.get("en")).cloned();
        downloads.push(Download {
            id: package.id,
            app_name: p.app_name,
            platform: p.platform,
            version_name: p.version_name,
            version_code: p.version_code,
            region: p.region,
            size: p.build.size,
            md5: p.build.md5,
            url,
            harmony_url,
            released_at: p.released_at.or(p.release_at),
            description: description.unwrap_or_default(),
        });
    }
    Ok(json!(downloads))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppCheckInput {
    app_name: String,
    platform: String,
    version_code: Option<i64>,
    /// The signed-in app user's session token (the app plugin's `/app/users/sign-in`), for
    /// whitelisted builds.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    /// The app's service region, when it knows it.
    region: String,
}

#[derive(Debug, Deserialize)]
struct SignedIn {
    username: String,
}

/// What an app is offered; `null`: it is up to date.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppOffer {
    pub id: String,
    pub version_name: String,
    pub version_code: i64,
    pub url: String,
    pub md5: String,
    pub size: u64,
    pub silent: bool,
    pub must_pass: bool,
    pub ignore_verification: bool,
    /// The app is older than the minimum compatible version: it must upgrade now.
    pub force: bool,
    pub description: String,
}

/// `POST /app/check`: the package an app on (platform, version code) should install; must-pass
/// versions first, whitelists only for their users, the newest package's minimum compatible
/// version forcing the upgrade.
pub fn check(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: AppCheckInput = call.body()?;
    let app_name = validate::required("appName", &input.app_name, SHORT_TEXT)?;
    let platform = validate::one_of("platform", &input.platform, &PLATFORMS)?;
    let version = version_code("versionCode", input.version_code)?;
    // The app's key is in every copy of the app: only the app plugin's session says who the user
    // is, and a whitelisted build goes only to its users. A session that ended (expired, pushed
    // out, blocked) leaves the app with what everyone gets: it still hears of forced updates.
    let user = match input.user_token.trim() {
        "" => None,
        token => {
            let signed_in: PluginResult<SignedIn> =
                services::post(call.host, "app-service", "/internal/app-users/signed-in", &json!({ "token": token }));
            signed_in.ok().map(|s| s.username)
        }
    };
    let region =
        if input.region.is_empty() { String::new() } else { validate::one_of("region", &input.region, &REGIONS)? };
    let now = call.host.now_ms();
    let found = APP_PACKAGES.query(
        call.host,
        &Query::new()
            .eq("appName", app_name.as_str())
            .eq("platform", platform.as_str())
            .eq("status", json!(AppStatus::Reviewed))
            .gt("versionCode", version)
            .page(1, 100),
    )?;
    // The must-pass chain and the minimum version are those of the packages this user may get.
    let for_user = |p: &AppPackage| p.policy == "all" || user.as_ref().is_some_and(|u| p.whitelist.contains(u));
    let packages: Vec<Doc<AppPackage>> = found
        .list
        .into_iter()
        .filter(|p| is_out(&p.data, now) && for_user(&p.data))
        .filter(|p| region.is_empty() || p.data.region == region)
        .collect();
    let candidates: Vec<Candidate> = packages
        .iter()
        .map(|p| Candidate {
            package_id: p.id.clone(),
            current_code: 0,
            target_code: p.data.version_code,
            must_pass: p.data.must_pass,
            eligible: true,
        })
        .collect();
    let Some(chosen) = rollout::choose(version, &candidates) else { return Ok(Value::Null) };
    let package = packages.iter().find(|p| p.id == chosen.package_id).cloned().ok_or_else(PluginError::not_found)?;
    let newest_min = packages.iter().map(|p| p.data.min_compatible_code).max().unwrap_or(0);
    let lang = call.lang().to_string();
    let p = &package.data;
    let description = p.release_descriptions.get(&lang).or_else(|| p.release_descriptions.get("en")).cloned();
    Ok(json!(AppOffer {
        id: package.id.clone(),
        version_name: p.version_name.clone(),
        version_code: p.version_code,
        url: download_url(call, &p.build)?,
        md5: p.build.md5.clone(),
        size: p.build.size,
        silent: p.silent,
        must_pass: p.must_pass,
        ignore_verification: p.ignore_verification,
        force: version < newest_min,
        description: description.unwrap_or_default(),
    }))
}
