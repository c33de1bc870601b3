//! Real-time audio and video for cameras and robots (/rtc): the vendor applications (clients),
//! their app certificates with rotation and signed test tokens, the products allowed to use RTC,
//! device ↔ app user ↔ channel relations, and call analytics reported by devices.

mod analytics;
mod clients;
mod expected;
mod keys;
mod messages;
mod relations;
mod token;
mod whitelist;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct Rtc;

const RELATION_QUERY: [QueryParam; 6] = [
    QueryParam::text("deviceSn", "Searched in the search mode."),
    QueryParam::text("appUserId", "Equal to."),
    QueryParam::text("clientId", "Equal to."),
    MODE,
    PAGING[0],
    PAGING[1],
];

impl Plugin for Rtc {
    fn router() -> Router {
        Router::new()
            .resource::<clients::Clients>("/clients", "/clients/{id}")
            // The same options for each page that picks a client, under that page's view right.
            .get("/whitelist/client-options", clients::options)
            .with_data_list::<clients::ClientOption>()
            .get("/relations/client-options", clients::options)
            .with_data_list::<clients::ClientOption>()
            .get("/analytics/client-options", clients::options)
            .with_data_list::<clients::ClientOption>()
            .get("/keys", keys::list)
            .with_query(&[QueryParam::text("clientName", "Part of the client's name."), PAGING[0], PAGING[1]])
            .with_data_page::<keys::KeyRow>()
            .put("/keys/{clientId}", keys::set_certificate)
            .with_body::<keys::CertificateInput>()
            .with_data::<keys::Certificate>()
            .post("/keys/{clientId}/rotate", keys::rotate)
            .with_body::<keys::CertificateInput>()
            .with_data::<keys::Certificate>()
            .post("/keys/{clientId}/token", keys::issue_token)
            .with_body::<keys::TokenRequest>()
            .with_data::<keys::Issued>()
            .post("/tokens/verify", keys::verify_token)
            .with_body::<keys::VerifyRequest>()
            .with_data::<keys::Verification>()
            .get("/whitelist", whitelist::list)
            .with_query(&[
                QueryParam::text("clientId", "The client's list."),
                QueryParam::text("productId", "Searched in the search mode."),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<whitelist::WhitelistEntry>>()
            .post("/whitelist", whitelist::add_batch)
            .with_body::<whitelist::BatchInput>()
            .with_data::<console_plugin_sdk::validate::Batch>()
            .delete("/whitelist/{id}", whitelist::delete)
            .with_no_data()
            .get("/relations", relations::list)
            .with_query(&RELATION_QUERY)
            .with_data_page::<Doc<relations::Relation>>()
            .post("/relations", relations::bind)
            .with_body::<relations::BindInput>()
            .with_data::<Doc<relations::Relation>>()
            .delete("/relations/{id}", relations::unbind)
            .with_no_data()
            .get("/analytics", analytics::summary)
            .with_query(&[
                QueryParam::text("range", "1h, 3h, 1d, 3d, 7d (the default), 30d or 60d."),
                QueryParam::text("clientId", "One client's sessions."),
            ])
            .with_data::<analytics::Summary>()
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/relations", relations::bind)
            .with_body::<relations::BindInput>()
            .with_data::<Doc<relations::Relation>>()
            .post("/device/sessions", analytics::report)
            .with_body::<analytics::SessionReport>()
            .with_data::<Doc<analytics::Session>>()
            .post("/device/tokens/verify", keys::verify_token)
            .with_body::<keys::VerifyRequest>()
            .with_data::<keys::Verification>()
    }
}

export_plugin!(Rtc);
