//! Sync service (under /system-config): configuration data made in this region reaches the consoles
//! of the other service regions.
//!
//! - A domain plugin publishes each change in its own transaction (`sdk::sync::publish`): the
//!   outbox keeps one sync record per region, committed or rolled back with the change.
//! - A schedule delivers the due records over HTTPS to each region's console, signed with the
//!   device key that console issued for its sync service (the host checks the signature, the time
//!   and a one-time nonce); a failure is logged and retried with a growing delay, and an operator
//!   can retry at once.
//! - The receiving sync service applies a change once, never an older one over a newer one, and
//!   hands it to the plugin that owns the domain.

mod delivery;
mod domains;
mod inbound;
mod nodes;
mod outbox;

pub use delivery::{BACKOFF_MS, MAX_ATTEMPTS, backoff_ms};
pub use inbound::Delivered;
pub use nodes::{Node, NodeInput, Settings};
pub use outbox::{Failure, Record};

use console_plugin_sdk::describe::QueryParam;
use console_plugin_sdk::{Context, Host, Plugin, Router, export_plugin};
use nodes::Nodes;

pub struct Sync;

const RECORD_FILTERS: [QueryParam; 4] = [
    QueryParam::text("status", "pending, success or failure."),
    QueryParam::text("nodeKey", "The region's node key."),
    QueryParam::text("domain", "What changed: module-text, return-code, ..."),
    QueryParam::text("transactionId", "One change's transaction."),
];

impl Plugin for Sync {
    fn router() -> Router {
        Router::new()
            .get("/settings", nodes::settings)
            .with_data::<Settings>()
            .put("/settings", nodes::save_settings)
            .with_body::<Settings>()
            .with_data::<Settings>()
            .resource::<Nodes>("/nodes", "/nodes/{id}")
            .get("/records", outbox::records)
            .with_query(&RECORD_FILTERS)
            .with_data_page::<Record>()
            .get("/records/{id}", outbox::record)
            .with_data::<Record>()
            .post("/records/{id}/retry", delivery::retry)
            .with_data::<Record>()
            .get("/failures", outbox::failures)
            .with_query(&RECORD_FILTERS[1..])
            .with_data_page::<Failure>()
            .post("/internal/outbox", outbox::enqueue)
            .with_body::<console_plugin_sdk::sync::Change>()
            .post("/inbound", inbound::receive)
            .with_body::<Delivered>()
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        match name {
            "deliver" => delivery::deliver_due(host, context).map(drop).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(Sync);
