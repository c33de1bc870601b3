//! Dashboards from live device data (/echartGroup). What devices report is rolled up as it arrives
//! (`rollups`: counts per local hour, product and metric, in the enterprise's time zone), and a
//! page reads the rollups of its range in the granularity asked (`activity`), never the reports
//! themselves. Gauges of the fleet, the app's users and the work orders are sampled once a minute
//! (`overview`). Each answer says how fresh its figures are.

pub mod activity;
pub mod errors;
pub mod export;
pub mod logins;
pub mod overview;
pub mod rollups;
pub mod settings;
pub mod workbooks;
pub mod world;

use console_plugin_sdk::{Context, Host, Plugin, Router, export_plugin};

pub struct Dashboard;

impl Plugin for Dashboard {
    fn router() -> Router {
        Router::new()
            .get("/settings", settings::get)
            .with_data::<settings::Settings>()
            .put("/settings", settings::save)
            .with_body::<settings::Settings>()
            .with_data::<settings::Settings>()
            .get("/device-activity", activity::device)
            .with_query(&activity::QUERY)
            .with_data::<activity::DeviceActivity>()
            .get("/device-activity/export", export::export)
            .with_query(&activity::QUERY)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/product-options", activity::product_options)
            .with_data_list::<activity::ProductOption>()
            // The same choices for the error analysis page, under its own right.
            .get("/error-product-options", activity::product_options)
            .with_data_list::<activity::ProductOption>()
            .get("/overview", overview::overview)
            .with_query(&activity::QUERY[..2])
            .with_data::<overview::Overview>()
            .get("/errors", errors::analysis)
            .with_query(&activity::QUERY)
            .with_data::<errors::ErrorAnalysis>()
            .get("/apps", overview::apps)
            .with_query(&activity::QUERY[..2])
            .with_data::<overview::AppFigures>()
            .get("/device-logs", logins::figures)
            .with_query(&activity::QUERY[..2])
            .with_data::<logins::LogFigures>()
            .get("/overview/export", workbooks::overview)
            .with_query(&activity::QUERY[..2])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/errors/export", workbooks::errors)
            .with_query(&activity::QUERY)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/device-logs/export", workbooks::device_logs)
            .with_query(&activity::QUERY[..2])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/apps/export", workbooks::apps)
            .with_query(&activity::QUERY[..2])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/rankings/export", workbooks::rankings)
            .with_query(&activity::QUERY[..2])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/world/export", workbooks::world)
            .with_query(&activity::QUERY[..2])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/world", world::figures)
            .with_query(&activity::QUERY[..2])
            .with_data::<world::WorldFigures>()
            .get("/rankings", overview::rankings)
            .with_query(&activity::QUERY[..2])
            .with_data::<overview::Rankings>()
            .post("/snapshot", overview::take_now)
            .with_data::<overview::Taken>()
            .post("/rollup", rollups::run_now)
            .with_data::<rollups::RolledUp>()
            .post("/rebuild", rollups::rebuild)
            .with_data::<rollups::Rebuilding>()
    }

    fn run_job(host: &mut dyn Host, name: &str, _context: &Context) -> Result<(), String> {
        match name {
            "rollup" => rollups::run(host).map(drop).map_err(|e| format!("{e:?}")),
            "snapshot" => overview::snapshot(host).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(Dashboard);
