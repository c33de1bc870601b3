//! Plugin upgrades (patches): a plugin's patch for one baseline and architecture, given by URL
//! and sha-256 or uploaded. A patch version must be greater than every earlier patch of that
//! plugin and baseline. Draft → released to test (a whitelist of SNs or app users, at most 20)
//! → promoted to production; revoked from test or production.

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::baselines::{BASELINES, version};
use crate::{flow, messages};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum PatchStatus {
    Draft,
    Testing,
    Production,
    Revoked,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Patch {
    pub plugin_name: String,
    pub plugin_version: String,
    pub patch_version: u32,
    pub baseline_id: String,
    pub baseline_name: String,
    pub baseline_version: String,
    pub arch: String,
    pub patch_url: String,
    pub file: Option<StoredFile>,
    pub patch_sha256: String,
    pub description: String,
    pub status: PatchStatus,
    /// Device SNs or app user ids that get the patch while it is in test.
    pub whitelist: Vec<String>,
}

pub const PATCHES: Collection<Patch> = Collection::new("patches");

impl Patch {
    fn key(&self, id: &str) -> (String, String, u32) {
        (id.to_string(), self.plugin_name.clone(), self.patch_version)
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PatchInput {
    plugin_name: String,
    plugin_version: String,
    patch_version: Option<u32>,
    baseline_id: String,
    patch_url: String,
    patch_sha256: String,
    description: String,
    /// The upload id of the patch file, instead of a URL.
    file: String,
}

fn sha256(text: &str) -> PluginResult<String> {
    let text = text.trim().to_ascii_lowercase();
    if text.len() == 64 && text.chars().all(|c| c.is_ascii_hexdigit()) {
        Ok(text)
    } else {
        Err(PluginError::format(
            "patchSha256",
            [
                "64 位十六进制数字",
                "64 hexadecimal digits",
                "64 Hexadezimalziffern",
                "64 dígitos hexadecimales",
                "64 chiffres hexadécimaux",
                "64 dígitos hexadecimais",
                "64 шестнадцатеричные цифры",
            ],
        ))
    }
}

impl PatchInput {
    /// Validates against the store; `editing` is the patch being edited (its own version is not
    /// "earlier").
    fn validate(self, call: &mut Call<'_>, editing: Option<&Doc<Patch>>) -> PluginResult<Patch> {
        let plugin_name = validate::required("pluginName", &self.plugin_name, SHORT_TEXT)?;
        let plugin_version = version("pluginVersion", &self.plugin_version)?;
        let patch_version = self.patch_version.ok_or_else(|| PluginError::required("patchVersion"))?;
        validate::range("patchVersion", f64::from(patch_version), 1.0, 1_000_000.0)?;
        let baseline_id = validate::required("baselineId", &self.baseline_id, 64)?;
        let baseline = BASELINES.get(call.host, &baseline_id)?.ok_or_else(|| {
            PluginError::format(
                "baselineId",
                [
                    "已上传的基线包",
                    "an uploaded baseline package",
                    "ein hochgeladenes Basispaket",
                    "un paquete base subido",
                    "un paquet de base téléversé",
                    "um pacote base carregado",
                    "загруженный базовый пакет",
                ],
            )
        })?;

        let earlier = Query::new()
            .eq("pluginName", plugin_name.as_str())
            .eq("baselineId", baseline_id.as_str())
            .sort("patchVersion", true)
            .page(1, 2);
        let latest = PATCHES
            .query(call.host, &earlier)?
            .list
            .into_iter()
            .find(|p| Some(p.id.as_str()) != editing.map(|e| e.id.as_str()));
        if let Some(latest) = latest
            && patch_version <= latest.data.patch_version
        {
            return Err(messages::patch_version_too_low(&plugin_name, latest.data.patch_version));
        }

        let url = validate::optional("patchUrl", &self.patch_url, 1024)?;
        let upload_id = Some(self.file.trim()).filter(|id| !id.is_empty());
        let (patch_url, file, patch_sha256) = match (url.is_empty(), upload_id) {
            (false, None) => {
                if !(url.starts_with("https://") || url.starts_with("http://")) {
                    return Err(PluginError::format("patchUrl", console_plugin_sdk::expected::HTTP_URL));
                }
                (url, None, sha256(validate::required("patchSha256", &self.patch_sha256, 64)?.as_str())?)
            }
            (true, Some(upload)) => {
                let stored = StoredFile::from(&upload::claim(call.host, "file", upload, "patch")?);
                if !self.patch_sha256.trim().is_empty() && sha256(&self.patch_sha256)? != stored.sha256 {
                    return Err(messages::sha_mismatch(&stored.sha256));
                }
                let sha = stored.sha256.clone();
                (String::new(), Some(stored), sha)
            }
            // An edit that uploads nothing keeps the patch's file (the form does not send it).
            (true, None) if editing.is_some_and(|e| e.data.file.is_some()) => {
                let stored = editing.and_then(|e| e.data.file.clone());
                (String::new(), stored, editing.map(|e| e.data.patch_sha256.clone()).unwrap_or_default())
            }
            _ => return Err(messages::url_or_file()),
        };
        Ok(Patch {
            plugin_name,
            plugin_version,
            patch_version,
            baseline_id,
            baseline_name: baseline.data.baseline_name,
            baseline_version: baseline.data.baseline_version,
            arch: baseline.data.arch,
            patch_url,
            file,
            patch_sha256,
            description: validate::optional("description", &self.description, LONG_TEXT)?,
            status: PatchStatus::Draft,
            whitelist: Vec::new(),
        })
    }
}

fn listed(call: &mut Call<'_>, statuses: &[PatchStatus]) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .search("pluginName", call.query("pluginName"), mode)
        .eq_opt("arch", call.query("arch"))
        .one_of("status", statuses.iter().map(|s| json!(s)).collect())
        .sort("updatedAt", true)
        .paged_by(call)?;
    Ok(json!(PATCHES.query(call.host, &query)?))
}

/// The test page: drafts and patches in test.
pub fn list_test(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, &[PatchStatus::Draft, PatchStatus::Testing])
}

/// The production page: released and revoked patches.
pub fn list_prod(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, &[PatchStatus::Production, PatchStatus::Revoked])
}

fn who(call: &Call<'_>) -> String {
    call.context.user_name.clone()
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let patch = call.body::<PatchInput>()?.validate(call, None)?;
    let created = PATCHES.insert(call.host, &patch)?;
    let by = who(call);
    let (id, plugin, version) = patch.key(&created.id);
    flow::add(
        call.host,
        &by,
        (&id, &plugin, version),
        "created",
        format!(
            "{} {} for {} {} {}",
            patch.plugin_name, patch.plugin_version, patch.baseline_name, patch.baseline_version, patch.arch
        ),
    )?;
    Ok(json!(created))
}

fn in_state(patch: &Doc<Patch>, allowed: &[PatchStatus]) -> PluginResult<()> {
    if allowed.contains(&patch.data.status) {
        Ok(())
    } else {
        Err(messages::wrong_state(json!(patch.data.status).as_str().unwrap_or("")))
    }
}

/// Drafts only: once released, devices may hold the patch.
pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let version = call.version();
    let before = PATCHES.find(call.host, &id)?;
    in_state(&before, &[PatchStatus::Draft])?;
    let patch = call.body::<PatchInput>()?.validate(call, Some(&before))?;
    let saved = PATCHES.update(call.host, &id, &patch, version)?;
    let by = who(call);
    let (id, plugin, patch_version) = patch.key(&id);
    flow::add(call.host, &by, (&id, &plugin, patch_version), "edited", String::new())?;
    Ok(json!(saved))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let patch = PATCHES.find(call.host, &id)?;
    call.confirm_name(&patch.data.plugin_name)?;
    in_state(&patch, &[PatchStatus::Draft, PatchStatus::Revoked])?;
    PATCHES.delete(call.host, &id)?;
    Ok(Value::Null)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Release {
    /// One SN or app user id per line: above 10 the risk is confirmed, above 20 refused.
    whitelist: String,
    risk_confirmed: bool,
}

/// Releases a draft to test, or changes the whitelist of a patch in test.
pub fn release_to_test(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let release = call.body::<Release>()?;
    let whitelist = validate::risky_lines("whitelist", &release.whitelist, release.risk_confirmed)?;
    if whitelist.is_empty() {
        return Err(PluginError::required("whitelist"));
    }
    let mut patch = PATCHES.find(call.host, &id)?;
    in_state(&patch, &[PatchStatus::Draft, PatchStatus::Testing])?;
    let step = if patch.data.status == PatchStatus::Draft { "releasedToTest" } else { "whitelistChanged" };
    patch.data.status = PatchStatus::Testing;
    patch.data.whitelist = whitelist;
    let saved = PATCHES.update(call.host, &id, &patch.data, Some(patch.version))?;
    let by = who(call);
    let (id, plugin, version) = patch.data.key(&id);
    flow::add(call.host, &by, (&id, &plugin, version), step, patch.data.whitelist.join(", "))?;
    Ok(json!(saved))
}

pub fn promote(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut patch = PATCHES.find(call.host, &id)?;
    in_state(&patch, &[PatchStatus::Testing])?;
    patch.data.status = PatchStatus::Production;
    let saved = PATCHES.update(call.host, &id, &patch.data, Some(patch.version))?;
    let by = who(call);
    let (id, plugin, version) = patch.data.key(&id);
    flow::add(call.host, &by, (&id, &plugin, version), "promoted", String::new())?;
    Ok(json!(saved))
}

/// Revokes a patch in test or production; the plugin name typed again confirms it.
pub fn revoke(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut patch = PATCHES.find(call.host, &id)?;
    call.confirm_name(&patch.data.plugin_name)?;
    in_state(&patch, &[PatchStatus::Testing, PatchStatus::Production])?;
    let from = json!(patch.data.status);
    patch.data.status = PatchStatus::Revoked;
    let saved = PATCHES.update(call.host, &id, &patch.data, Some(patch.version))?;
    let by = who(call);
    let (id, plugin, version) = patch.data.key(&id);
    flow::add(call.host, &by, (&id, &plugin, version), "revoked", format!("from {}", from.as_str().unwrap_or("")))?;
    Ok(json!(saved))
}
