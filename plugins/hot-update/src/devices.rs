//! What devices and apps call: the newest applicable patch, its file, and the result of
//! applying it; and the hot-update log of those results.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::patches::{PATCHES, PatchStatus};

/// How long a device's download URL works (a resumed download needs a new one after that).
const DOWNLOAD_URL_SECS: u32 = 3600;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applied {
    pub patch_id: String,
    pub plugin_name: String,
    pub patch_version: u32,
    pub baseline_version: String,
    pub arch: String,
    pub sn: String,
    pub success: bool,
    pub message: String,
    pub reported_at: i64,
}

pub const APPLIED: Collection<Applied> = Collection::new("applied");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Check {
    plugin: String,
    baseline_version: String,
    arch: String,
    sn: String,
}

/// The newest patch for (plugin, baseline version, architecture): production for everyone,
/// test only for whitelisted SNs or app users. `null` when there is none.
/// The patch a device should apply; `null`: none.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Available {
    pub patch_id: String,
    pub plugin_name: String,
    pub plugin_version: String,
    pub patch_version: u32,
    pub url: String,
    pub sha256: String,
    pub size: Option<u64>,
    /// Released to the test whitelist, not yet to production.
    pub test: bool,
}

/// Where a device downloads an uploaded patch.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Download {
    pub file_name: String,
    pub sha256: String,
    pub size: u64,
    pub url: String,
}

pub fn check(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<Check>()?;
    let plugin = validate::required("plugin", &input.plugin, SHORT_TEXT)?;
    let baseline = crate::baselines::version("baselineVersion", &input.baseline_version)?;
    let arch = validate::one_of("arch", &input.arch, &crate::baselines::ARCHITECTURES)?;
    let sn = validate::required("sn", &input.sn, 64)?;
    call.context.check_device(&sn)?;
    // A test patch only to the whitelisted device's own key: a fleet's key could name any SN.
    let tester = call.context.is_device(&sn);
    let query = Query::new()
        .eq("pluginName", plugin.as_str())
        .eq("baselineVersion", baseline.as_str())
        .eq("arch", arch.as_str())
        .one_of("status", vec![json!(PatchStatus::Production), json!(PatchStatus::Testing)])
        .sort("patchVersion", true)
        .page(1, 100);
    let newest = PATCHES
        .query(call.host, &query)?
        .list
        .into_iter()
        .find(|p| p.data.status == PatchStatus::Production || (tester && p.data.whitelist.contains(&sn)));
    let Some(patch) = newest else { return Ok(json!(None::<Available>)) };
    let url = if patch.data.patch_url.is_empty() {
        format!("/api/device/hot-update-service/device/patches/{}/file", patch.id)
    } else {
        patch.data.patch_url.clone()
    };
    Ok(json!(Some(Available {
        patch_id: patch.id,
        plugin_name: patch.data.plugin_name,
        plugin_version: patch.data.plugin_version,
        patch_version: patch.data.patch_version,
        url,
        sha256: patch.data.patch_sha256,
        size: patch.data.file.as_ref().map(|f| f.size),
        test: patch.data.status == PatchStatus::Testing,
    })))
}

/// Where a device downloads an uploaded patch: a signed URL for an hour, which resumes with
/// HTTP Range; with its sha-256 to check it.
pub fn download(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let patch = PATCHES.find(call.host, &id)?;
    // Production for every device; a test patch only for a whitelisted device's own key.
    let may_download = match patch.data.status {
        PatchStatus::Production => true,
        PatchStatus::Testing => call.context.device_sn().is_some_and(|sn| patch.data.whitelist.iter().any(|w| w == sn)),
        _ => false,
    };
    let file = patch.data.file.filter(|_| may_download).ok_or_else(PluginError::not_found)?;
    let url =
        call.host.file_access_url(&file.object, &file.file_name, DOWNLOAD_URL_SECS).map_err(PluginError::internal)?;
    Ok(json!(Download { file_name: file.file_name, sha256: file.sha256, size: file.size, url }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Report {
    patch_id: String,
    sn: String,
    success: bool,
    message: String,
}

/// A device reports applying a patch.
pub fn report(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<Report>()?;
    let patch_id = validate::required("patchId", &input.patch_id, 64)?;
    let patch = PATCHES.get(call.host, &patch_id)?.ok_or_else(|| {
        PluginError::format(
            "patchId",
            [
                "已发布的补丁",
                "a released patch",
                "ein freigegebener Patch",
                "un parche publicado",
                "un correctif publié",
                "um patch publicado",
                "выпущенный патч",
            ],
        )
    })?;
    let message = validate::optional("message", &input.message, LONG_TEXT)?;
    if !input.success && message.is_empty() {
        return Err(PluginError::required("message"));
    }
    let applied = Applied {
        patch_id,
        plugin_name: patch.data.plugin_name,
        patch_version: patch.data.patch_version,
        baseline_version: patch.data.baseline_version,
        arch: patch.data.arch,
        sn: validate::required("sn", &input.sn, 64)?,
        success: input.success,
        message,
        reported_at: call.host.now_ms(),
    };
    Ok(json!(APPLIED.insert(call.host, &applied)?))
}

/// The hot-update log: filters by plugin, SN (fuzzy or precise), result and time.
pub fn logs(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = Query::new()
        .search("sn", call.query("sn"), mode)
        .eq_opt("pluginName", call.query("pluginName"))
        .eq_opt("patchId", call.query("patchId"));
    if let Some(success) = call.query("success") {
        query = query.eq("success", success == "true");
    }
    if let Some(from) = call.query("from").and_then(|v| v.parse::<i64>().ok()) {
        query = query.gte("reportedAt", from);
    }
    if let Some(to) = call.query("to").and_then(|v| v.parse::<i64>().ok()) {
        query = query.lte("reportedAt", to);
    }
    let query = query.sort("reportedAt", true).paged_by(call)?;
    Ok(json!(APPLIED.query(call.host, &query)?))
}
