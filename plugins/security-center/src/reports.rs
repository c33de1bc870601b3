//! Vulnerability reports and their replies. The reporter is the signed-in user who submits
//! (never a field of the body); anyone without the team's right reads and answers only their own,
//! and another's report is "not found" to them, not "forbidden", so that its existence leaks
//! nothing. Only the team moves the status, along the workflow's edges.

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::messages;

pub const SEVERITIES: [&str; 4] = ["low", "medium", "high", "critical"];
pub const STATUSES: [&str; 4] = ["submitted", "confirmed", "fixed", "rejected"];
/// The right of the security team: every report, and the status.
pub const HANDLE: &str = "security:report:handle";
pub const ATTACHMENT: &str = "report-attachment";
pub const REPLY_ATTACHMENT: &str = "reply-attachment";
const MAX_DESCRIPTION: usize = 20_000;
const MAX_REPLIES: usize = 200;
/// How long a download link of an attachment works.
const LINK_SECS: u32 = 600;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reply {
    pub author_id: i64,
    pub author_name: String,
    /// The team's reply (true) or the reporter's.
    pub from_team: bool,
    pub text: String,
    /// The status this reply moved the report to, if it did.
    pub status: Option<String>,
    pub attachment: Option<StoredFile>,
    pub at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub title: String,
    pub severity: String,
    pub product: String,
    pub description: String,
    pub contact: String,
    pub status: String,
    pub reporter_id: i64,
    pub reporter_name: String,
    pub attachment: Option<StoredFile>,
    pub replies: Vec<Reply>,
    pub updated: i64,
}

pub const REPORTS: Collection<Report> = Collection::new("reports");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReportInput {
    title: String,
    severity: String,
    product: String,
    description: String,
    /// An e-mail address or a phone number the team can reach the reporter at.
    contact: String,
    /// An upload for `report-attachment` (screenshots, a proof of concept, logs), optional.
    upload_id: String,
}

/// Whether `status` may follow `from` (submitted → confirmed or rejected, confirmed → fixed or
/// rejected; a closed report stays closed).
pub fn may_move(from: &str, to: &str) -> bool {
    matches!((from, to), ("submitted", "confirmed" | "rejected") | ("confirmed", "fixed" | "rejected"))
}

fn is_team(call: &Call<'_>) -> bool {
    call.context.may(HANDLE)
}

/// The report `id` as the caller may see it: the team every one, a reporter their own.
fn visible(call: &mut Call<'_>, id: &str) -> PluginResult<Doc<Report>> {
    let report = REPORTS.get(call.host, id)?.ok_or_else(PluginError::not_found)?;
    if is_team(call) || report.data.reporter_id == call.context.user_id {
        Ok(report)
    } else {
        Err(PluginError::not_found())
    }
}

/// An e-mail address or a phone number (digits, spaces, `+`, `-`, at least 6 digits).
fn contact(value: &str) -> PluginResult<String> {
    let value = validate::required("contact", value, SHORT_TEXT)?;
    let email = value.split_once('@').is_some_and(|(user, domain)| !user.is_empty() && domain.contains('.'));
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let phone = digits >= 6 && value.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' '));
    if email || phone { Ok(value) } else { Err(PluginError::format("contact", messages::CONTACT)) }
}

fn attachment(call: &mut Call<'_>, upload_id: &str, purpose: &str) -> PluginResult<Option<StoredFile>> {
    match upload_id.trim() {
        "" => Ok(None),
        id => Ok(Some(StoredFile::from(&upload::claim(call.host, "uploadId", id, purpose)?))),
    }
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = Query::new()
        .search("title", call.query("title"), mode)
        .eq_opt("severity", call.query("severity"))
        .eq_opt("status", call.query("status"));
    if !is_team(call) {
        query = query.eq("reporterId", call.context.user_id);
    }
    let query = query.sort("updated", true).paged_by(call)?;
    let mut page = REPORTS.query(call.host, &query)?;
    // The list shows no conversation: the detail page does.
    for report in &mut page.list {
        report.data.replies.clear();
        report.data.description.clear();
    }
    Ok(json!(page))
}

pub fn submit(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<ReportInput>()?;
    let now = call.host.now_ms();
    let report = Report {
        title: validate::length("title", &input.title, 4, SHORT_TEXT)?,
        severity: validate::one_of("severity", &input.severity, &SEVERITIES)?,
        product: validate::optional("product", &input.product, SHORT_TEXT)?,
        description: validate::length("description", &input.description, 20, MAX_DESCRIPTION)?,
        contact: contact(&input.contact)?,
        status: "submitted".into(),
        reporter_id: call.context.user_id,
        reporter_name: call.context.user_name.clone(),
        attachment: attachment(call, &input.upload_id, ATTACHMENT)?,
        replies: Vec::new(),
        updated: now,
    };
    let created = REPORTS.insert(call.host, &report)?;
    call.host.audit("Submit a vulnerability report", &created.data.title);
    call.host
        .publish(
            "security-center.report-submitted",
            &json!({ "id": created.id, "severity": created.data.severity }).to_string(),
        )
        .ok();
    Ok(json!(created))
}

/// A report with links to its files, for the detail page.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Detail {
    #[serde(flatten)]
    pub report: Doc<Report>,
    /// Download links (10 minutes) of the report's attachment and of each reply's, by object.
    pub links: std::collections::BTreeMap<String, String>,
    /// Whether the caller is the security team (may move the status).
    pub team: bool,
}

fn detail_of(call: &mut Call<'_>, report: Doc<Report>) -> PluginResult<Value> {
    let files = report.data.attachment.iter().chain(report.data.replies.iter().filter_map(|r| r.attachment.as_ref()));
    let files: Vec<StoredFile> = files.cloned().collect();
    let mut links = std::collections::BTreeMap::new();
    for file in files {
        let url = call.host.file_access_url(&file.object, &file.file_name, LINK_SECS).map_err(PluginError::internal)?;
        links.insert(file.object, url);
    }
    let team = is_team(call);
    Ok(json!(Detail { report, links, team }))
}

pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let report = visible(call, &id)?;
    detail_of(call, report)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReplyInput {
    text: String,
    /// The team only: the status the report moves to with this reply.
    status: String,
    upload_id: String,
    version: Option<i64>,
}

pub fn reply(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let input = call.body::<ReplyInput>()?;
    let mut report = visible(call, &id)?;
    let text = validate::length("text", &input.text, 1, MAX_DESCRIPTION)?;
    let status = match input.status.trim() {
        "" => None,
        _ if !is_team(call) => return Err(PluginError::forbidden()),
        to => {
            let to = validate::one_of("status", to, &STATUSES)?;
            if !may_move(&report.data.status, &to) {
                return Err(messages::no_such_move(&report.data.status, &to));
            }
            Some(to)
        }
    };
    if report.data.replies.len() >= MAX_REPLIES {
        return Err(messages::too_many_replies(MAX_REPLIES));
    }
    let now = call.host.now_ms();
    report.data.replies.push(Reply {
        author_id: call.context.user_id,
        author_name: call.context.user_name.clone(),
        from_team: is_team(call),
        text,
        status: status.clone(),
        attachment: attachment(call, &input.upload_id, REPLY_ATTACHMENT)?,
        at: now,
    });
    if let Some(to) = &status {
        report.data.status = to.clone();
        call.host.audit("Change a vulnerability report's status", &format!("{}: {to}", report.data.title));
    }
    report.data.updated = now;
    let saved = REPORTS.update(call.host, &id, &report.data, input.version.or(Some(report.version)))?;
    detail_of(call, saved)
}
