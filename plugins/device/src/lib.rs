//! The device domain (/device-manage): devices that activate with their SN's key, report properties
//! and events checked against their product's thing model, go online and offline by their
//! heartbeats, and answer the console's commands.

pub mod bindings;
pub mod cleaning;
pub mod commands;
pub mod devices;
pub mod families;
pub mod figures;
pub mod fleet;
pub mod history;
pub mod ingest;
pub mod initialisation;
pub mod logs;
pub mod model;
pub mod mqtt;
pub mod partners;
pub mod presence;
pub mod privacy;
pub mod reports;
pub mod stations;
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

/// Read by the host, which holds a long poll (the manifest's `long_poll`).
const COMMANDS_QUERY: [QueryParam; 1] =
    [QueryParam::integer("wait", "Seconds to wait for a command when none waits (0 to 30).")];

const RESET_QUERY: [QueryParam; 4] =
    [QueryParam::text("sn", "Searched in the search mode."), PAGING[0], PAGING[1], MODE];

impl Plugin for DevicePlugin {
    fn router() -> Router {
        Router::new()
            // What other plugins ask.
            .get("/internal/devices/{sn}", devices::facts)
            .with_data::<devices::DeviceFacts>()
            .post("/internal/reports/since", reports::since)
            .with_body::<reports::SinceInput>()
            .post("/internal/logs/since", logs::since)
            .with_body::<reports::SinceInput>()
            .get("/internal/privacy", privacy::all)
            .get("/internal/figures", figures::fleet)
            .with_data::<figures::FleetFigures>()
            // What the host's MQTT gateway asks.
            .post("/internal/mqtt/authenticate", mqtt::authenticate)
            .with_body::<mqtt::MqttLogin>()
            .with_data::<mqtt::MqttSignedIn>()
            // Devices' reports, in batches (contract 0.1.17).
            .post("/internal/thing/batch", ingest::batch)
            .with_body::<console_plugin_sdk::batch::Batch>()
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
            .with_query(&COMMANDS_QUERY)
            .post("/thing/commands/unacknowledged", thing::requeue_commands)
            .with_body::<commands::Unacknowledged>()
            .post("/thing/commands/{id}/reply", thing::reply)
            .with_body::<commands::Reply>()
            .with_data::<Doc<commands::Command>>()
            .post("/thing/logout", thing::logout)
            .post("/thing/logs", thing::upload_log)
            .with_body::<thing::LogUpload>()
            .post("/thing/cleaning-records", thing::post_cleaning_record)
            .with_body::<cleaning::CleaningReport>()
            .post("/thing/base-station/records", thing::post_station_record)
            .with_body::<stations::RecordInput>()
            // The console.
            .get("/devices", devices::list)
            .with_query(&devices::LIST_QUERY)
            .with_data_page::<Doc<devices::Device>>()
            .get("/devices/{sn}", devices::detail)
            .with_data::<devices::DeviceDetail>()
            .get("/devices/{sn}/history", history::read)
            .with_query(&history::QUERY)
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
            .get("/cleaning-records", cleaning::list)
            .with_query(&cleaning::LIST_QUERY)
            .with_data_page::<Doc<cleaning::CleaningRecord>>()
            .get("/cleaning-records/{id}/map", cleaning::map_url)
            // Reset, bindings and families.
            .post("/devices/{sn}/reset", bindings::reset)
            .with_body::<bindings::ReasonInput>()
            .with_data::<Doc<commands::Command>>()
            .get("/resets", bindings::resets)
            .with_query(&RESET_QUERY)
            .with_data_page::<Doc<commands::Command>>()
            .get("/bindings", bindings::list)
            .with_query(&bindings::LIST_QUERY)
            .with_data_page::<Doc<bindings::Binding>>()
            .post("/bindings", bindings::bind)
            .with_body::<bindings::BindInput>()
            .with_data::<Doc<bindings::Binding>>()
            .post("/bindings/{sn}/unbind", bindings::unbind)
            .with_body::<bindings::ReasonInput>()
            .get("/families", families::list)
            .with_query(&families::LIST_QUERY)
            .with_data_page::<Doc<families::Family>>()
            .post("/families", families::create)
            .with_body::<families::FamilyInput>()
            .with_data::<Doc<families::Family>>()
            .get("/families/{id}", families::detail)
            .with_data::<Doc<families::Family>>()
            .put("/families/{id}", families::rename)
            .with_body::<families::FamilyInput>()
            .with_data::<Doc<families::Family>>()
            .delete("/families/{id}", families::delete)
            .post("/families/{id}/members", families::add_member)
            .with_body::<families::MemberInput>()
            .with_data::<Doc<families::Family>>()
            .put("/families/{id}/members/{account}", families::set_identity)
            .with_body::<families::MemberInput>()
            .with_data::<Doc<families::Family>>()
            .delete("/families/{id}/members/{account}", families::remove_member)
            .with_data::<Doc<families::Family>>()
            .post("/families/{id}/rooms", families::add_room)
            .with_body::<families::RoomInput>()
            .with_data::<Doc<families::Family>>()
            .put("/families/{id}/rooms/{roomId}", families::edit_room)
            .with_body::<families::RoomInput>()
            .with_data::<Doc<families::Family>>()
            .delete("/families/{id}/rooms/{roomId}", families::delete_room)
            .with_data::<Doc<families::Family>>()
            // Base stations.
            .get("/base-stations", stations::list)
            .with_query(&stations::LIST_QUERY)
            .with_data_page::<stations::StationRow>()
            .get("/base-stations/{stationId}/records", stations::records)
            .with_query(&stations::RECORD_QUERY)
            .with_data_page::<Doc<stations::StationRecord>>()
            // Partner devices.
            .get("/partner-devices", partners::list)
            .with_query(&partners::LIST_QUERY)
            .with_data_page::<Doc<partners::PartnerDevice>>()
            .get("/partner-devices/import-template", partners::import_template)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/partner-devices/delete-import-template", partners::delete_import_template)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .post("/partner-devices/delete-import", partners::delete_import)
            .with_body::<partners::ImportInput>()
            .post("/partner-devices/import", partners::import)
            .with_body::<partners::ImportInput>()
            .delete("/partner-devices/{id}", partners::delete)
            // Logs and the privacy list.
            .get("/device-logs", logs::list)
            .with_query(&logs::LIST_QUERY)
            .with_data_page::<Doc<logs::DeviceLog>>()
            .get("/device-logs/{id}/file", logs::file_url)
            // The enterprise's fleet keys.
            .get("/fleet-keys", fleet::list)
            .with_data_list::<fleet::FleetKeyRow>()
            .post("/fleet-keys", fleet::issue)
            .with_body::<fleet::NewFleetKey>()
            .with_data::<fleet::IssuedKey>()
            .post("/fleet-keys/{id}/revoke", fleet::revoke)
            .get("/privacy", privacy::list)
            .with_query(&privacy::LIST_QUERY)
            .with_data_page::<Doc<privacy::PrivacyEntry>>()
            .post("/privacy", privacy::create)
            .with_body::<privacy::PrivacyEntry>()
            .with_data::<Doc<privacy::PrivacyEntry>>()
            .put("/privacy/{id}", privacy::update)
            .with_body::<privacy::PrivacyEntry>()
            .with_data::<Doc<privacy::PrivacyEntry>>()
            .delete("/privacy/{id}", privacy::delete)
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        let done = match name {
            "presence" => presence::sweep(host, context).map(drop),
            "retention" => reports::delete_expired(host, context)
                .and_then(|_| cleaning::delete_expired(host, context))
                .and_then(|_| stations::delete_expired(host, context))
                .and_then(|_| logs::delete_expired(host, context))
                .map(drop),
            _ => Ok(()),
        };
        done.map_err(|e| format!("{e:?}"))
    }
}

export_plugin!(DevicePlugin);
