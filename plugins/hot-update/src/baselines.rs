//! Baseline packages: the app builds patches apply to. The package file is uploaded to the host
//! (purpose `baseline`), which measures its size and hashes and refuses an encrypted file
//! (spec §5); the plugin claims it.

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::patches::PATCHES;

pub const ARCHITECTURES: [&str; 4] = ["arm64-v8a", "armeabi-v7a", "x86_64", "x86"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
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

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct BaselineInput {
    baseline_name: String,
    baseline_version: String,
    arch: String,
    remark: String,
    /// The upload id of the package file.
    file: String,
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .search("baselineName", call.query("baselineName"), mode)
        .eq_opt("arch", call.query("arch"))
        .sort("createdAt", true)
        .paged_by(call)?;
    Ok(json!(BASELINES.query(call.host, &query)?))
}

/// Baselines for the patch form.
pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = BASELINES.query(call.host, &Query::new().sort("baselineName", false).page(1, 1000))?;
    let options = page.list.into_iter().map(
        |b| json!({ "id": b.id, "baselineName": b.data.baseline_name, "baselineVersion": b.data.baseline_version, "arch": b.data.arch }),
    );
    Ok(Value::Array(options.collect()))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<BaselineInput>()?;
    let baseline_name = validate::length("baselineName", &input.baseline_name, 2, SHORT_TEXT)?;
    let baseline_version = version("baselineVersion", &input.baseline_version)?;
    let arch = validate::one_of("arch", &input.arch, &ARCHITECTURES)?;
    let remark = validate::optional("remark", &input.remark, LONG_TEXT)?;
    let file = StoredFile::from(&upload::claim(call.host, "file", &input.file, "baseline")?);
    let baseline = Baseline { baseline_name, baseline_version, arch, file, remark };
    let created = BASELINES.insert(call.host, &baseline)?;
    call.host.audit(
        "Upload a baseline package",
        &format!(
            "{} {} {} sha256 {}",
            baseline.baseline_name, baseline.baseline_version, baseline.arch, baseline.file.sha256
        ),
    );
    Ok(json!(created))
}

/// Only the name and remark change: patches and devices know the version, architecture and file.
pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let version = call.version();
    let input = call.body::<BaselineInput>()?;
    let mut baseline = BASELINES.find(call.host, &id)?;
    baseline.data.baseline_name = validate::length("baselineName", &input.baseline_name, 2, SHORT_TEXT)?;
    baseline.data.remark = validate::optional("remark", &input.remark, LONG_TEXT)?;
    Ok(json!(BASELINES.update(call.host, &id, &baseline.data, version)?))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let baseline = BASELINES.find(call.host, &id)?;
    call.confirm_name(&baseline.data.baseline_name)?;
    let patches = PATCHES.count(call.host, &Query::new().eq("baselineId", id.as_str()))?;
    if patches > 0 {
        return Err(messages::baseline_in_use(patches));
    }
    BASELINES.delete(call.host, &id)?;
    call.host.file_delete(&baseline.data.file.object).map_err(PluginError::internal)?;
    Ok(Value::Null)
}
