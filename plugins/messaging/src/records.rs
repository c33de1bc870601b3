//! Email records: every mail sent is kept with its outcome. A failed send is answered, recorded
//! with its error, and can be retried: the message is never lost. (An error answer would roll the
//! record back, so a failed send is still a 200.)

use std::collections::BTreeMap;

use console_plugin_sdk::host::OutgoingMail;
use console_plugin_sdk::validate::{self, MAX_LIST_ENTRIES};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::delivery::{self, Delivery};
use crate::servers::{self, SERVERS};
use crate::{alarms, templates};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailRecord {
    pub server_id: String,
    pub to: Vec<String>,
    pub subject: String,
    pub html: String,
    pub template_name: String,
    pub lang: String,
    #[serde(flatten)]
    pub delivery: Delivery,
}

pub const RECORDS: Collection<EmailRecord> = Collection::new("records");

/// Sends the record's mail and keeps the outcome in it. Nothing is written: a call sends before
/// its first write (the host holds no database lock over the network).
pub fn deliver(host: &mut dyn Host, record: &mut EmailRecord) -> PluginResult<()> {
    let server = SERVERS.find(host, &record.server_id)?;
    let smtp = servers::smtp(host, &server.data)?;
    let mail = OutgoingMail {
        from_address: server.data.sender_address.clone(),
        from_name: server.data.sender_name.clone(),
        to: record.to.clone(),
        subject: record.subject.clone(),
        html_body: record.html.clone(),
        text_body: String::new(),
    };
    let outcome = host.send_mail(&smtp, &mail);
    let now = host.now_ms();
    record.delivery.record(outcome, now);
    Ok(())
}

/// Sends a stored record's mail again and stores the outcome; a send may raise the server's
/// capacity alarm.
pub fn attempt(host: &mut dyn Host, mut record: Doc<EmailRecord>) -> PluginResult<Doc<EmailRecord>> {
    deliver(host, &mut record.data)?;
    let alarm = alarms::after_sends(host, &record.data.server_id, u64::from(record.data.delivery.sent()))?;
    let saved = RECORDS.update(host, &record.id, &record.data, Some(record.version))?;
    alarms::save_raised(host, alarm)?;
    Ok(saved)
}

/// Sends a mail and records it with its outcome.
pub fn send(host: &mut dyn Host, mut record: EmailRecord) -> PluginResult<Doc<EmailRecord>> {
    deliver(host, &mut record)?;
    let alarm = alarms::after_sends(host, &record.server_id, u64::from(record.delivery.sent()))?;
    let created = RECORDS.insert(host, &record)?;
    alarms::save_raised(host, alarm)?;
    Ok(created)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TestMail {
    /// Recipients, one per line.
    to: String,
    template_name: String,
    lang: String,
    values: BTreeMap<String, String>,
}

/// Sends a test mail through the server: a template filled with values, or a short notice.
pub fn send_test(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let server = SERVERS.find(call.host, &id)?;
    let input = call.body::<TestMail>()?;
    let to = validate::lines("to", &input.to.replace([',', ';'], "\n"), MAX_LIST_ENTRIES)?;
    if to.is_empty() {
        return Err(console_plugin_sdk::PluginError::required("to"));
    }
    let lang = if input.lang.is_empty() { call.lang().to_string() } else { input.lang.clone() };
    let (subject, html, lang) = if input.template_name.trim().is_empty() {
        let subject = if lang == "zhCn" { "设备控制台测试邮件" } else { "Device Console test mail" };
        (subject.to_string(), format!("<p>{subject}: {}</p>", server.data.server_name), lang)
    } else {
        let template = templates::find(call.host, input.template_name.trim(), &lang)?;
        let (subject, html) = templates::fill(call.host, &template, &input.values)?;
        (subject, html, template.lang)
    };
    let record = EmailRecord {
        server_id: id,
        to,
        subject,
        html,
        template_name: input.template_name.trim().to_string(),
        lang,
        delivery: Delivery::pending(),
    };
    Ok(json!(send(call.host, record)?))
}

impl delivery::Delivered for EmailRecord {
    fn delivery(&self) -> &Delivery {
        &self.delivery
    }
}

pub fn retry(call: &mut Call<'_>) -> PluginResult<Value> {
    delivery::retry(call, &RECORDS, attempt)
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .search("subject", call.query("subject"), mode)
        .eq_opt("status", call.query("status"))
        .sort("lastTriedAt", true)
        .paged_by(call)?;
    Ok(json!(RECORDS.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PluginMail {
    to: Vec<String>,
    subject: String,
    /// The mail's HTML; the calling plugin escapes what its users typed.
    html: String,
}

/// `POST /internal/mail/send` (other plugins: a feedback reply, a work-order summary): sends
/// through the enterprise's first mail server and keeps the record, a failure included (it can
/// be retried from the records page). Answers `{status, error}`.
pub fn send_for_plugin(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: PluginMail = call.body()?;
    let to = input.to.iter().map(|a| a.trim().to_string()).filter(|a| !a.is_empty()).collect::<Vec<_>>();
    if to.is_empty() || to.len() > MAX_LIST_ENTRIES {
        return Err(console_plugin_sdk::PluginError::required("to"));
    }
    let subject = validate::required("subject", &input.subject, 200)?;
    let html = validate::required("html", &input.html, 100_000)?;
    let server = SERVERS.query(call.host, &Query::new().sort("createdAt", false).page(1, 1))?.list.into_iter().next();
    let Some(server) = server else {
        return Err(no_mail_server());
    };
    let template_name = format!("({})", call.host.calling_plugin().unwrap_or_default());
    let mut record = EmailRecord {
        server_id: server.id,
        to,
        subject,
        html,
        template_name,
        lang: call.lang().to_string(),
        delivery: Delivery::pending(),
    };
    deliver(call.host, &mut record)?;
    let alarm = alarms::after_sends(call.host, &record.server_id, u64::from(record.delivery.sent()))?;
    RECORDS.insert(call.host, &record)?;
    alarms::save_raised(call.host, alarm)?;
    Ok(json!({ "status": record.delivery.status, "error": record.delivery.error }))
}

fn no_mail_server() -> console_plugin_sdk::PluginError {
    console_plugin_sdk::PluginError::localized(
        409,
        None,
        [
            "尚未配置邮件服务器，无法发送邮件".into(),
            "No mail server is configured, so the mail cannot be sent.".into(),
            "Es ist kein Mailserver eingerichtet; die E-Mail kann nicht gesendet werden.".into(),
            "No hay ningún servidor de correo configurado; no se puede enviar el correo.".into(),
            "Aucun serveur de messagerie n’est configuré ; l’e-mail ne peut pas être envoyé.".into(),
            "Não há nenhum servidor de correio configurado; o e-mail não pode ser enviado.".into(),
            "Почтовый сервер не настроен, письмо отправить нельзя.".into(),
        ],
    )
}
