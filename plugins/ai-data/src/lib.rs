//! AI data (/AI-data-manage: data-collection, SN-whitelist-annotation): what devices
//! on the SN whitelist upload for model training (a robot vacuum's obstacle pictures with its
//! label and confidence, map snapshots), shown as a gallery of thumbnails the host makes,
//! exported as a streamed zip with a JSON manifest, annotated and reviewed by a second user.
//!
//! Privacy: only SNs of an enabled whitelist entry are collected, and only while the privacy
//! list (device plugin) states the collection; a device's data is deleted on request, and when
//! the device is returned to its factory state (`device.initialised`).

mod annotation;
mod export;
mod items;
mod messages;
mod whitelists;

pub use items::{BUG_TYPES, Item, STATUSES};
pub use whitelists::{KINDS, Whitelist};

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Context, Host, Plugin, Router, Value, export_plugin};

pub struct AiData;

impl Plugin for AiData {
    fn router() -> Router {
        Router::new()
            .get("/device/collecting", whitelists::device_collecting)
            .with_query(&[QueryParam::text("sn", "The device's SN.")])
            .post("/device/items", items::collect)
            .with_body::<items::Collected>()
            .get("/items", items::list)
            .with_query(&items::LIST_QUERY)
            .with_data_page::<items::Shown>()
            .post("/items/export", export::export)
            .with_query(&items::LIST_QUERY[..8])
            .get("/items/{id}", items::detail)
            .with_data::<items::Shown>()
            .delete("/items/{id}", items::delete)
            .post("/items/{id}/annotation", annotation::annotate)
            .with_body::<annotation::AnnotationInput>()
            .with_data::<items::Shown>()
            .post("/items/{id}/review", annotation::review)
            .with_body::<annotation::ReviewInput>()
            .with_data::<items::Shown>()
            .post("/devices/{sn}/erase", items::erase)
            .get("/collection-batches", whitelists::choices)
            .with_data_list::<console_plugin_sdk::choices::Choice>()
            .get("/whitelists", whitelists::list)
            .with_query(&[QueryParam::text("name", "Searched in the search mode."), MODE, PAGING[0], PAGING[1]])
            .with_data_page::<whitelists::WithProgress>()
            .post("/whitelists", whitelists::create)
            .with_body::<whitelists::WhitelistInput>()
            .with_data::<whitelists::WithProgress>()
            .put("/whitelists/{id}", whitelists::update)
            .with_body::<whitelists::WhitelistInput>()
            .with_data::<whitelists::WithProgress>()
            .delete("/whitelists/{id}", whitelists::delete)
            .get("/privacy-options", whitelists::privacy_options)
    }

    fn on_event(host: &mut dyn Host, topic: &str, payload: &Value, _context: &Context) -> Result<(), String> {
        if topic == "device.initialised"
            && let Some(sn) = payload.get("sn").and_then(Value::as_str)
        {
            items::erase_device(host, sn).map_err(|e| format!("{e:?}"))?;
        }
        Ok(())
    }

    fn run_job(host: &mut dyn Host, name: &str, _context: &Context) -> Result<(), String> {
        match name {
            "sweep-exports" => export::sweep(host).map(drop).map_err(|e| format!("{e:?}")),
            "erasures" => items::continue_erasures(host).map(drop).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(AiData);
