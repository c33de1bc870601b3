//! The device domain (spec device-and-product-domain.md §2 /device-manage): devices that
//! activate with their SN's key, report properties and events checked against their product's
//! thing model, go online and offline by their heartbeats, and answer the console's commands.

pub mod commands;
pub mod devices;
pub mod initialisation;
pub mod model;
pub mod presence;
pub mod reports;
pub mod thing;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Context, Doc, Host, Plugin, Router, export_plugin};

pub struct DevicePlugin;

const INIT_REVIEW_QUERY: [QueryParam; 5] = [
    QueryParam::text("sn", "Searched in the search mode."),
    QueryParam::text("state", "waiting or rejected."),
    PAGING[0],
    PAGING[1],
    MODE,
];

impl Plugin for DevicePlugin {
    fn router() -> Router {
        Router::new()
            // What devices say.
            .post("/thing/activate", thing::activate)
            .with_body::<thing::Activation>()
            .with_data::<thing::Activated>()
            .get("/thing/model", thing::thing_model)
            .with_data::<console_plugin_sdk::thing_model::ThingModel>()
            .post("/thing/heartbeat", thing::heartbeat)
            .with_body::<thing::Heartbeat>()
            .post("/thing/event/property/post", thing::post_properties)
            .with_body::<thing::Message>()
            .post("/thing/event/{identifier}/post", thing::post_event)
            .with_body::<thing::Message>()
            .get("/thing/commands", thing::fetch_commands)
            .post("/thing/commands/{id}/reply", thing::reply)
            .with_body::<commands::Reply>()
            .with_data::<Doc<commands::Command>>()
            // The console.
            .get("/devices", devices::list)
            .with_query(&devices::LIST_QUERY)
            .with_data_page::<Doc<devices::Device>>()
            .get("/devices/{sn}", devices::detail)
            .with_data::<devices::DeviceDetail>()
            .post("/devices/{sn}/properties", commands::set_properties)
            .with_body::<commands::ParamsInput>()
            .with_data::<Doc<commands::Command>>()
            .post("/devices/{sn}/services/{identifier}", commands::call_service)
            .with_body::<commands::ParamsInput>()
            .with_data::<Doc<commands::Command>>()
            .get("/commands/{id}", commands::get)
            .with_data::<Doc<commands::Command>>()
            .post("/devices/{sn}/initialisation", initialisation::apply)
            .with_body::<initialisation::ApplyInput>()
            .with_data::<Doc<initialisation::InitReview>>()
            .get("/init-reviews", initialisation::list)
            .with_query(&INIT_REVIEW_QUERY)
            .with_data_page::<Doc<initialisation::InitReview>>()
            .post("/approvals/factory-init", initialisation::decided)
            .get("/reports", reports::list)
            .with_query(&reports::LIST_QUERY)
            .with_data_page::<Doc<reports::Report>>()
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        let done = match name {
            "presence" => presence::sweep(host, context).map(drop),
            "retention" => reports::delete_expired(host, context).map(drop),
            _ => Ok(()),
        };
        done.map_err(|e| format!("{e:?}"))
    }
}

export_plugin!(DevicePlugin);
