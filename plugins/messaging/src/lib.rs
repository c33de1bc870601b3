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
            .get("/mail/servers", servers::list)
            .post("/mail/servers", servers::create)
            .put("/mail/servers/{id}", servers::update)
            .delete("/mail/servers/{id}", servers::delete)
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
            .get("/sms/signatures", sms::list_signatures)
            .post("/sms/signatures", sms::create_signature)
            .delete("/sms/signatures/{id}", sms::delete_signature)
            .get("/sms/platforms", sms::list_platforms)
            .post("/sms/platforms", sms::create_platform)
            .put("/sms/platforms/{id}", sms::update_platform)
            .put("/sms/templates/{id}", sms::update_template)
            .put("/push/configs/{id}", push::update_config)
            .put("/push/templates/{id}", push::update_template)
            .put("/push/clients/{id}", push::update_client)
            .delete("/sms/platforms/{id}", sms::delete_platform)
            .delete("/sms/templates/{id}", sms::delete_template)
            .delete("/push/configs/{id}", push::delete_config)
            .delete("/push/templates/{id}", push::delete_template)
            .delete("/push/clients/{id}", push::delete_client)
            .get("/sms/templates", sms::list_templates)
            .post("/sms/templates", sms::create_template)
            .post("/sms/send", sms::send)
            .get("/sms/records", sms::list_records)
            .post("/sms/records/{id}/retry", sms::retry)
            .get("/push/configs", push::list_configs)
            .post("/push/configs", push::create_config)
            .get("/push/templates", push::list_templates)
            .post("/push/templates", push::create_template)
            .get("/push/clients", push::list_clients)
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
