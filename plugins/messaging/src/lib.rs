//! Messaging (/message): mail servers, templates in several languages with declared placeholders,
//! test mails through the host's mail capability, and email records that keep every message,
//! sent or failed, so a failed one can be retried.
//!
//! Also SMS and push through granted HTTP providers, and the device message log.

mod alarms;
mod delivery;
mod expected;
mod log;
mod push;
mod records;
mod servers;
mod sms;
mod tasks;
mod templates;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Context, Doc, Host, Plugin, Router, export_plugin};

const STATUS: &str = "pending, sent or failed.";

const fn text(name: &'static str, description: &'static str) -> QueryParam {
    QueryParam::text(name, description)
}

pub struct Messaging;

impl Plugin for Messaging {
    fn router() -> Router {
        Router::new()
            .resource::<servers::Servers>("/mail/servers", "/mail/servers/{id}")
            .post("/mail/servers/{id}/test", records::send_test)
            .with_body::<records::TestMail>()
            .with_data::<Doc<records::EmailRecord>>()
            .resource::<templates::Templates>("/mail/templates", "/mail/templates/{id}")
            .post("/mail/templates/preview", templates::preview)
            .with_body::<templates::PreviewInput>()
            .with_data::<templates::Preview>()
            .get("/mail/records", records::list)
            .with_query(&[
                text("subject", "Searched in the search mode."),
                text("status", STATUS),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<records::EmailRecord>>()
            .post("/mail/records/{id}/retry", records::retry)
            .with_data::<Doc<records::EmailRecord>>()
            .get("/mail/alarms", alarms::list)
            .with_query(&[text("serverId", "The server's alarm."), PAGING[0], PAGING[1]])
            .with_data_page::<Doc<alarms::CapacityAlarm>>()
            .post("/mail/alarms", alarms::save)
            .with_body::<alarms::AlarmInput>()
            .with_data::<Doc<alarms::CapacityAlarm>>()
            .get("/mail/tasks", tasks::list)
            .with_query(&[text("taskName", "Searched in the search mode."), MODE, PAGING[0], PAGING[1]])
            .with_data_page::<Doc<tasks::EmailTask>>()
            .post("/mail/tasks", tasks::create)
            .with_body::<tasks::TaskInput>()
            .with_data::<Doc<tasks::EmailTask>>()
            .get("/mail/task-servers", tasks::servers)
            .with_data_list::<console_plugin_sdk::choices::Choice>()
            .delete("/mail/tasks/{id}", tasks::delete)
            .with_no_data()
            .resource::<sms::Signatures>("/sms/signatures", "/sms/signatures/{id}")
            .resource::<sms::Platforms>("/sms/platforms", "/sms/platforms/{id}")
            .resource::<sms::Templates>("/sms/templates", "/sms/templates/{id}")
            .post("/internal/mail/send", records::send_for_plugin)
            .with_body::<records::PluginMail>()
            .post("/sms/send", sms::send)
            .with_body::<sms::SendInput>()
            .with_data_list::<Doc<sms::SmsRecord>>()
            .get("/sms/records", sms::list_records)
            .with_query(&[text("status", STATUS), text("phone", "The phone's messages."), PAGING[0], PAGING[1]])
            .with_data_page::<Doc<sms::SmsRecord>>()
            .post("/sms/records/{id}/retry", sms::retry)
            .with_data::<Doc<sms::SmsRecord>>()
            .resource::<push::Configs>("/push/configs", "/push/configs/{id}")
            .resource::<push::Templates>("/push/templates", "/push/templates/{id}")
            .resource::<push::Clients>("/push/clients", "/push/clients/{id}")
            // Adding a client is registering it: the same register id again updates it.
            .post("/push/clients", push::register_client)
            .with_body::<push::ClientInput>()
            .with_data::<Doc<push::PushClient>>()
            .post("/push/send", push::send)
            .with_body::<push::SendInput>()
            .with_data_list::<Doc<push::PushRecord>>()
            .get("/push/records", push::list_records)
            .with_query(&[text("status", STATUS), PAGING[0], PAGING[1]])
            .with_data_page::<Doc<push::PushRecord>>()
            .post("/push/records/{id}/retry", push::retry)
            .with_data::<Doc<push::PushRecord>>()
            .get("/messages", log::list)
            .with_query(&[
                text("topic", "Searched in the search mode."),
                text("messageType", "Equal to."),
                text("actionType", "Equal to."),
                text("deviceSn", "The device's messages."),
                QueryParam::integer("from", "From (Unix milliseconds)."),
                QueryParam::integer("to", "To (Unix milliseconds)."),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<log::LoggedMessage>>()
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/messages", log::report)
            .with_body::<log::Report>()
            .with_data::<Doc<log::LoggedMessage>>()
            .post("/device/push-clients", push::register_client)
            .with_body::<push::ClientInput>()
            .with_data::<Doc<push::PushClient>>()
    }

    fn run_job(host: &mut dyn Host, name: &str, _context: &Context) -> Result<(), String> {
        match name {
            "email-tasks" => tasks::run_due(host).map(drop).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(Messaging);
