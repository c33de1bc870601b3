//! Real-time audio and video for cameras and robots (spec device-and-product-domain.md §2
//! /rtc): the vendor applications (clients), their app certificates with rotation and signed
//! test tokens, the products allowed to use RTC, device ↔ app user ↔ channel relations, and
//! call analytics reported by devices.

mod analytics;
mod clients;
mod expected;
mod keys;
mod messages;
mod relations;
mod token;
mod whitelist;

use console_plugin_sdk::{Plugin, Router, export_plugin};

pub struct Rtc;

impl Plugin for Rtc {
    fn router() -> Router {
        Router::new()
            .resource::<clients::Clients>("/clients", "/clients/{id}")
            // The same options for each page that picks a client, under that page's view right.
            .get("/whitelist/client-options", clients::options)
            .get("/relations/client-options", clients::options)
            .get("/analytics/client-options", clients::options)
            .get("/keys", keys::list)
            .put("/keys/{clientId}", keys::set_certificate)
            .post("/keys/{clientId}/rotate", keys::rotate)
            .post("/keys/{clientId}/token", keys::issue_token)
            .post("/tokens/verify", keys::verify_token)
            .get("/whitelist", whitelist::list)
            .post("/whitelist", whitelist::add_batch)
            .delete("/whitelist/{id}", whitelist::delete)
            .get("/relations", relations::list)
            .post("/relations", relations::bind)
            .delete("/relations/{id}", relations::unbind)
            .get("/analytics", analytics::summary)
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/relations", relations::bind)
            .post("/device/sessions", analytics::report)
            .post("/device/tokens/verify", keys::verify_token)
    }
}

export_plugin!(Rtc);
