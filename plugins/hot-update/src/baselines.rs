//! Baseline packages: the app builds patches apply to. The package file is uploaded to the host
//! (purpose `baseline`), which measures its size and hashes and refuses an encrypted file; the
//! plugin claims it.

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::patches::PATCHES;

pub const ARCHITECTURES: [&str; 4] = ["arm64-v8a", "armeabi-v7a", "x86_64", "x86"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Baseline {
    pub baseline_name: String,
    /// Not `version`: that name is the record's optimistic version.
    pub baseline_version: String,
    pub arch: String,
    pub file: StoredFile,
    pub remark: String,
}

pub const BASELINES: Collection<Baseline> = Collection::new("baselines");

/// A dotted numeric version (`3.2.1`).
pub fn version(field: &str, text: &str) -> PluginResult<String> {
    let text = validate::required(field, text, 32)?;
    if !text.is_empty() && text.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
        Ok(text)
    } else {
        Err(PluginError::format(
            field,
            [
                "形如 3.2.1 的版本号",
                "a version such as 3.2.1",
                "eine Version wie 3.2.1",
                "una versión como 3.2.1",
                "une version comme 3.2.1",
                "uma versão como 3.2.1",
                "версия вида 3.2.1",
            ],
        ))
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BaselineInput {
    baseline_name: String,
    baseline_version: String,
    arch: String,
    remark: String,
    /// The upload id of the package file.
    file: String,
}

/// A baseline in the patch form's picker.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BaselineOption {
    pub id: String,
    pub baseline_name: String,
    pub baseline_version: String,
    pub arch: String,
}

/// Baselines for the patch form.
pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = BASELINES.query(call.host, &Query::new().sort("baselineName", false).page(1, 1000))?;
    let options: Vec<BaselineOption> = page
        .list
        .into_iter()
        .map(|b| BaselineOption {
            id: b.id,
            baseline_name: b.data.baseline_name,
            baseline_version: b.data.baseline_version,
            arch: b.data.arch,
        })
        .collect();
    Ok(json!(options))
}

/// Baseline packages: searched by name, filtered by architecture; their file is claimed from
/// the upload when added and goes with them.
pub struct Baselines;

impl Resource for Baselines {
    type Data = Baseline;
    type Input = BaselineInput;
    const COLLECTION: Collection<Baseline> = BASELINES;
    const SEARCH: &'static [&'static str] = &["baselineName"];
    const FILTERS: &'static [&'static str] = &["arch"];

    fn name(baseline: &Baseline) -> &str {
        &baseline.baseline_name
    }

    /// Modifying changes only the name and remark: patches and devices know the version,
    /// architecture and file.
    fn validate(call: &mut Call<'_>, input: BaselineInput, current: Option<&Doc<Baseline>>) -> PluginResult<Baseline> {
        let baseline_name = validate::length("baselineName", &input.baseline_name, 2, SHORT_TEXT)?;
        let remark = validate::optional("remark", &input.remark, LONG_TEXT)?;
        if let Some(current) = current {
            return Ok(Baseline { baseline_name, remark, ..current.data.clone() });
        }
        let baseline_version = version("baselineVersion", &input.baseline_version)?;
        let arch = validate::one_of("arch", &input.arch, &ARCHITECTURES)?;
        let file = StoredFile::from(&upload::claim(call.host, "file", &input.file, "baseline")?);
        Ok(Baseline { baseline_name, baseline_version, arch, file, remark })
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<Baseline>) -> PluginResult<()> {
        let b = &created.data;
        let detail = format!("{} {} {} sha256 {}", b.baseline_name, b.baseline_version, b.arch, b.file.sha256);
        call.host.audit("Upload a baseline package", &detail);
        Ok(())
    }

    /// Not while a patch is built on it; its file goes with it (when the call commits).
    fn before_delete(call: &mut Call<'_>, doc: &Doc<Baseline>) -> PluginResult<()> {
        let patches = PATCHES.count(call.host, &Query::new().eq("baselineId", doc.id.as_str()))?;
        if patches > 0 {
            return Err(messages::baseline_in_use(patches));
        }
        call.host.file_delete(&doc.data.file.object).map(drop).map_err(PluginError::internal)
    }
}
