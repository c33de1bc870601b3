//! The SN whitelist (/AI-data-manage/SN-whitelist-annotation): the SNs whose uploads are
//! collected, at most 20 per entry with the risk confirmed above 10, the kinds of data
//! each entry collects, and the privacy-list statement the collection rests on. An entry is also
//! a batch: its items' annotation and review progress is counted per entry.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{
    Call, Collection, Doc, Host, PageOf, PluginError, PluginResult, Query, Value, json, services,
};
use serde::{Deserialize, Serialize};

use crate::items::{ITEMS, STATUSES};
use crate::messages;

/// What devices upload for training.
pub const KINDS: [&str; 2] = ["obstacle", "map"];

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Whitelist {
    pub name: String,
    pub sns: Vec<String>,
    /// Of [`KINDS`].
    pub kinds: Vec<String>,
    /// The privacy-list entry (its project) that states this collection.
    pub privacy_project: String,
    pub enabled: bool,
    pub remark: String,
}

/// One SN of one entry: how a device's upload finds its entry.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Listed {
    pub sn: String,
    pub whitelist_id: String,
}

pub const WHITELISTS: Collection<Whitelist> = Collection::new("whitelists");
pub const LISTED: Collection<Listed> = Collection::new("listed_sns");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct WhitelistInput {
    name: String,
    /// One SN per line, at most 20; above 10 only with `riskConfirmed`.
    sns: String,
    kinds: Vec<String>,
    privacy_project: String,
    enabled: bool,
    remark: String,
    risk_confirmed: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PrivacyEntry {
    project: String,
}

/// The projects of the privacy list (the device plugin's), for the form's choice.
pub fn privacy_projects(call: &mut Call<'_>) -> PluginResult<Vec<String>> {
    let entries: Vec<PrivacyEntry> = services::get(call.host, "device-service", "/internal/privacy")?;
    Ok(entries.into_iter().map(|e| e.project).collect())
}

impl WhitelistInput {
    fn checked(self, call: &mut Call<'_>) -> PluginResult<Whitelist> {
        let name = validate::required("name", &self.name, SHORT_TEXT)?;
        let sns = validate::risky_lines("sns", &self.sns, self.risk_confirmed)?;
        if sns.is_empty() {
            return Err(PluginError::required("sns"));
        }
        for sn in &sns {
            validate::length("sns", sn, 1, 64)?;
        }
        let mut kinds = Vec::new();
        for kind in &self.kinds {
            let kind = validate::one_of("kinds", kind, &KINDS)?;
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        if kinds.is_empty() {
            return Err(PluginError::required("kinds"));
        }
        let privacy_project = validate::required("privacyProject", &self.privacy_project, SHORT_TEXT)?;
        if !privacy_projects(call)?.contains(&privacy_project) {
            return Err(messages::privacy_missing());
        }
        Ok(Whitelist {
            name,
            sns,
            kinds,
            privacy_project,
            enabled: self.enabled,
            remark: validate::optional("remark", &self.remark, LONG_TEXT)?,
        })
    }
}

/// An entry with its batch's progress: items by status.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithProgress {
    #[serde(flatten)]
    pub entry: Doc<Whitelist>,
    /// Items of the entry by status ([`STATUSES`]).
    pub progress: Vec<(String, u64)>,
}

fn with_progress(call: &mut Call<'_>, entry: Doc<Whitelist>) -> PluginResult<WithProgress> {
    let mut progress = Vec::new();
    for status in STATUSES {
        let n = ITEMS.count(call.host, &Query::new().eq("whitelistId", entry.id.as_str()).eq("status", status))?;
        progress.push((status.to_string(), n));
    }
    Ok(WithProgress { entry, progress })
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().search("name", call.query("name"), call.search_mode()).paged_by(call)?;
    let page = WHITELISTS.query(call.host, &query)?;
    let mut list = Vec::with_capacity(page.list.len());
    for entry in page.list {
        list.push(with_progress(call, entry)?);
    }
    Ok(json!(PageOf { list, total: page.total, page: page.page, page_size: page.page_size }))
}

/// Keeps `listed_sns` in step with the entry's SNs.
fn list_sns(call: &mut Call<'_>, id: &str, sns: &[String]) -> PluginResult<()> {
    LISTED.delete_where(call.host, &Query::new().eq("whitelistId", id))?;
    let rows: Vec<Listed> = sns.iter().map(|sn| Listed { sn: sn.clone(), whitelist_id: id.to_string() }).collect();
    LISTED.insert_many(call.host, &rows)?;
    Ok(())
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let entry = call.body::<WhitelistInput>()?.checked(call)?;
    let saved = WHITELISTS.insert(call.host, &entry)?;
    list_sns(call, &saved.id, &saved.data.sns)?;
    call.host.audit("Add an AI data whitelist", &saved.data.name);
    Ok(json!(with_progress(call, saved)?))
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let entry = call.body::<WhitelistInput>()?.checked(call)?;
    let found = WHITELISTS.find(call.host, &id)?;
    let saved = WHITELISTS.update(call.host, &id, &entry, Some(found.version))?;
    list_sns(call, &id, &saved.data.sns)?;
    call.host.audit("Edit an AI data whitelist", &saved.data.name);
    Ok(json!(with_progress(call, saved)?))
}

/// Deleting an entry stops its collection; what it collected stays (deleted by its own route).
pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let found = WHITELISTS.find(call.host, &id)?;
    call.confirm_name(&found.data.name)?;
    WHITELISTS.delete(call.host, &id)?;
    LISTED.delete_where(call.host, &Query::new().eq("whitelistId", id.as_str()))?;
    call.host.audit("Delete an AI data whitelist", &found.data.name);
    Ok(json!({ "deleted": true }))
}

/// Takes `sn` off every whitelist entry: nothing more is collected from it.
pub fn unlist(host: &mut dyn Host, sn: &str) -> PluginResult<()> {
    for row in LISTED.query(host, &Query::new().eq("sn", sn).page(1, 100))?.list {
        if let Some(entry) = WHITELISTS.get(host, &row.data.whitelist_id)? {
            WHITELISTS.modify(host, entry, |w| w.sns.retain(|s| s != sn))?;
        }
        LISTED.delete(host, &row.id)?;
    }
    Ok(())
}

pub fn privacy_options(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(privacy_projects(call)?))
}

/// The enabled entry that collects `kind` from `sn`, if any, with its privacy statement still
/// on the privacy list.
pub fn collecting(call: &mut Call<'_>, sn: &str, kind: &str) -> PluginResult<Option<Doc<Whitelist>>> {
    let listed = LISTED.query(call.host, &Query::new().eq("sn", sn).page(1, 100))?.list;
    for row in listed {
        let Some(entry) = WHITELISTS.get(call.host, &row.data.whitelist_id)? else { continue };
        if entry.data.enabled && entry.data.kinds.iter().any(|k| k == kind) {
            if !privacy_projects(call)?.contains(&entry.data.privacy_project) {
                return Err(messages::privacy_missing());
            }
            return Ok(Some(entry));
        }
    }
    Ok(None)
}

/// `GET /device/collecting?sn=`: what the device should upload (nothing when not listed).
pub fn device_collecting(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = validate::required("sn", call.query("sn").unwrap_or_default(), 64)?;
    // Which SNs are listed is the devices' own business: only a device's own key asks.
    if !call.context.is_device(&sn) {
        return Err(PluginError::forbidden());
    }
    let mut kinds = Vec::new();
    for kind in KINDS {
        if collecting(call, &sn, kind).ok().flatten().is_some() {
            kinds.push(kind);
        }
    }
    Ok(json!({ "kinds": kinds }))
}

/// `GET /collection-batches`: the whitelist entries collected items come under, for the data
/// collection page's filter, whose users may not read the whitelist itself.
pub fn choices(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(console_plugin_sdk::choices::of(call.host, &WHITELISTS, |entry| &entry.name)?))
}
