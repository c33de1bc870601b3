//! User feedback (/content/feedback): what app users send (contact, router model, smart scene,
//! account, an attached file through the host's large-file upload), incomplete until someone
//! replies (by mail, through the messaging plugin, when the contact is an address) or marks it
//! completed. The feedback recipients (/content/feedback-email) are mailed what arrived by a job,
//! at most once a minute: an app's request never sends mail itself (its key is in every copy of the
//! app).

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::messages;

pub const INCOMPLETE: &str = "incomplete";
pub const COMPLETED: &str = "completed";
/// Feedback the whole enterprise takes in a minute, whatever accounts it names (an app's key is
/// in every copy of the app, so the account is the app's word).
pub const PER_MINUTE: u64 = 60;
const MESSAGING: &str = "message-service";
const LINK_SECS: u32 = 300;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Feedback {
    pub contact: String,
    pub router_model: String,
    pub smart_scene: String,
    pub account: String,
    pub file: Option<StoredFile>,
    /// [`INCOMPLETE`] or [`COMPLETED`].
    pub status: String,
    pub reply: String,
    pub replied_at: Option<i64>,
    pub replied_by: String,
    /// How the reply's mail fared: `sent`, `failed`, or empty when none was sent.
    pub mail_status: String,
    pub submitted_at: i64,
}

pub const FEEDBACK: Collection<Feedback> = Collection::new("feedback");

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub feedback_id: String,
}

/// When the recipients were last mailed.
pub const NOTICES: Collection<Notice> = Collection::new("notices");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FeedbackInput {
    contact: String,
    router_model: String,
    smart_scene: String,
    account: String,
    /// The id the host's upload answered (`/api/device-files/upload/content-service/feedback-file`).
    upload_id: String,
}

/// `&`, `<`, `>` and quotes as entities: what users typed goes into an HTML mail.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\n', "<br>")
}

fn is_address(text: &str) -> bool {
    text.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !text.contains(' '))
}

#[derive(Debug, Deserialize)]
struct Mailed {
    status: String,
}

/// Mails through the messaging plugin; `sent`, `failed`, or the refusal as `failed`.
fn mail(call: &mut Call<'_>, to: Vec<String>, subject: &str, html: String) -> String {
    let body = json!({ "to": to, "subject": subject, "html": html });
    let sent: PluginResult<Mailed> = services::post(call.host, MESSAGING, "/internal/mail/send", &body);
    sent.map_or_else(|_| "failed".into(), |m| m.status)
}

/// `POST /app/feedback`: an app user's feedback.
pub fn submit(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: FeedbackInput = call.body()?;
    let account = validate::required("account", &input.account, SHORT_TEXT)?;
    let contact = validate::required("contact", &input.contact, SHORT_TEXT)?;
    let router_model = validate::optional("routerModel", &input.router_model, SHORT_TEXT)?;
    let smart_scene = validate::optional("smartScene", &input.smart_scene, 2000)?;
    let now = call.host.now_ms();
    console_plugin_sdk::limits::at_most_every(call, &FEEDBACK, Query::new().eq("account", account.as_str()), 60)?;
    if FEEDBACK.count(call.host, &Query::new().gte("submittedAt", now - 60_000))? >= PER_MINUTE {
        return Err(messages::feedback_busy());
    }
    let file = match input.upload_id.trim() {
        "" => None,
        id => Some(StoredFile::from(&upload::claim(call.host, "uploadId", id, "feedback-file")?)),
    };
    let saved = FEEDBACK.insert(
        call.host,
        &Feedback {
            contact,
            router_model,
            smart_scene,
            account,
            file,
            status: INCOMPLETE.into(),
            reply: String::new(),
            replied_at: None,
            replied_by: String::new(),
            mail_status: String::new(),
            submitted_at: now,
        },
    )?;
    NOTICES.insert(call.host, &Notice { feedback_id: saved.id.clone() })?;
    Ok(json!({ "id": saved.id }))
}

/// The job `feedback-notices` (every minute): one mail to the recipients about the feedback that
/// arrived since, then the notices go. The mail is sent before anything is written.
pub fn send_notices(call: &mut Call<'_>) -> PluginResult<()> {
    let waiting = NOTICES.query(call.host, &Query::new().sort("createdAt", false).page(1, 100))?.list;
    if waiting.is_empty() {
        return Ok(());
    }
    let recipients: Vec<String> = crate::recipients::RECIPIENTS
        .query(call.host, &Query::new().page(1, 100))?
        .list
        .into_iter()
        .map(|r| r.data.email)
        .collect();
    if !recipients.is_empty() {
        let mut items = String::new();
        for notice in waiting.iter().take(20) {
            if let Some(f) = FEEDBACK.get(call.host, &notice.data.feedback_id)? {
                items.push_str(&format!(
                    "<li>{} ({}): {}</li>",
                    escape(&f.data.account),
                    escape(&f.data.contact),
                    escape(&f.data.smart_scene)
                ));
            }
        }
        let html = format!("<p>{} new user feedback.</p><ul>{items}</ul>", waiting.len());
        mail(call, recipients, "New user feedback", html);
    }
    for notice in waiting {
        NOTICES.delete(call.host, &notice.id)?;
    }
    Ok(())
}

/// The console's list: by account (search mode) and status, newest first.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("account", call.query("account"), call.search_mode())
        .eq_opt("status", call.query("status"))
        .sort("submittedAt", true)
        .paged_by(call)?;
    Ok(json!(FEEDBACK.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReplyInput {
    reply: String,
}

/// `POST /feedback/{id}/reply`: the reply is kept, the feedback completed, and, when the contact
/// is an address, the reply mailed to it through the messaging plugin (first: nothing is
/// written before another plugin is asked).
pub fn reply(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ReplyInput = call.body()?;
    let reply = validate::required("reply", &input.reply, 2000)?;
    let id = call.param("id")?.to_string();
    let mut feedback = FEEDBACK.find(call.host, &id)?;
    let mail_status = if is_address(&feedback.data.contact) {
        let html = format!("<p>{}</p><hr><p>{}</p>", escape(&reply), escape(&feedback.data.smart_scene));
        mail(call, vec![feedback.data.contact.clone()], "Re: your feedback", html)
    } else {
        String::new()
    };
    let now = call.host.now_ms();
    feedback.data.reply = reply;
    feedback.data.replied_at = Some(now);
    feedback.data.replied_by = call.context.user_name.clone();
    feedback.data.status = COMPLETED.into();
    feedback.data.mail_status = mail_status;
    let saved = FEEDBACK.update(call.host, &id, &feedback.data, Some(feedback.version))?;
    call.host.audit("Reply to user feedback", &saved.data.account);
    Ok(json!(saved))
}

/// `POST /feedback/{id}/complete`: completed without a reply.
pub fn complete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut feedback = FEEDBACK.find(call.host, &id)?;
    if feedback.data.status == COMPLETED {
        return Err(messages::completed_already());
    }
    feedback.data.status = COMPLETED.into();
    let saved = FEEDBACK.update(call.host, &id, &feedback.data, Some(feedback.version))?;
    Ok(json!(saved))
}

/// `GET /feedback/{id}/file`: the attached file by a link signed for five minutes.
pub fn file_url(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let feedback: Doc<Feedback> = FEEDBACK.find(call.host, &id)?;
    let file = feedback.data.file.ok_or_else(PluginError::not_found)?;
    let url = call.host.file_access_url(&file.object, &file.file_name, LINK_SECS).map_err(PluginError::internal)?;
    Ok(json!({ "url": url, "fileName": file.file_name }))
}

/// Feedback recipients (/content/feedback-email).
pub mod recipients_resource {
    use super::*;
    use crate::recipients::{RECIPIENTS, Recipient, RecipientInput};

    pub struct Recipients;

    impl Resource for Recipients {
        type Data = Recipient;
        type Input = RecipientInput;
        const COLLECTION: Collection<Recipient> = RECIPIENTS;
        const SEARCH: &'static [&'static str] = &["email"];
        const AUDIT_CREATE: Option<&'static str> = Some("Add a feedback recipient");

        fn name(data: &Recipient) -> &str {
            &data.email
        }

        fn validate(_: &mut Call<'_>, input: RecipientInput, _: Option<&Doc<Recipient>>) -> PluginResult<Recipient> {
            input.validate()
        }
    }
}
