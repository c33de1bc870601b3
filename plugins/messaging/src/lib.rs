//! Messaging (spec device-and-product-domain.md §2 /message, §3 Mail server, Mail template,
//! Message log): mail servers, templates in several languages with declared placeholders,
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

use console_plugin_sdk::{Context, Host, Plugin, Router, export_plugin};

pub struct Messaging;

impl Plugin for Messaging {
    fn router() -> Router {
        Router::new()
            .resource::<servers::Servers>("/mail/servers", "/mail/servers/{id}")
            .post("/mail/servers/{id}/test", records::send_test)
            .resource::<templates::Templates>("/mail/templates", "/mail/templates/{id}")
            .post("/mail/templates/preview", templates::preview)
            .get("/mail/records", records::list)
            .post("/mail/records/{id}/retry", records::retry)
            .get("/mail/alarms", alarms::list)
            .post("/mail/alarms", alarms::save)
            .get("/mail/tasks", tasks::list)
            .post("/mail/tasks", tasks::create)
            .delete("/mail/tasks/{id}", tasks::delete)
            .resource::<sms::Signatures>("/sms/signatures", "/sms/signatures/{id}")
            .resource::<sms::Platforms>("/sms/platforms", "/sms/platforms/{id}")
            .resource::<sms::Templates>("/sms/templates", "/sms/templates/{id}")
            .post("/sms/send", sms::send)
            .get("/sms/records", sms::list_records)
            .post("/sms/records/{id}/retry", sms::retry)
            .resource::<push::Configs>("/push/configs", "/push/configs/{id}")
            .resource::<push::Templates>("/push/templates", "/push/templates/{id}")
            .resource::<push::Clients>("/push/clients", "/push/clients/{id}")
            // Adding a client is registering it: the same register id again updates it.
            .post("/push/clients", push::register_client)
            .post("/push/send", push::send)
            .get("/push/records", push::list_records)
            .post("/push/records/{id}/retry", push::retry)
            .get("/messages", log::list)
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/messages", log::report)
            .post("/device/push-clients", push::register_client)
    }

    fn run_job(host: &mut dyn Host, name: &str, _context: &Context) -> Result<(), String> {
        match name {
            "email-tasks" => tasks::run_due(host).map(drop).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(Messaging);
