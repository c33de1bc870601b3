//! OTA stress tests (/ota-test): test devices, tasks that upgrade and downgrade them repeatedly,
//! results reported by the devices, timeouts marked by the host's scheduler, and reports.

mod devices;
pub mod lifecycle;
mod messages;
mod report;
mod runner;
mod tasks;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Context, Doc, Host, Plugin, Router, export_plugin};

pub struct OtaTest;

const TASK_QUERY: [QueryParam; 7] = [
    QueryParam::text("taskName", "Searched in the search mode."),
    QueryParam::text("status", "One status, or several separated by commas."),
    QueryParam::integer("from", "Started from (Unix milliseconds)."),
    QueryParam::integer("to", "Started until (Unix milliseconds)."),
    MODE,
    PAGING[0],
    PAGING[1],
];
const EXPORT_FORMAT: QueryParam = QueryParam::text("format", "csv (the default) or xlsx.");

impl Plugin for OtaTest {
    fn router() -> Router {
        Router::new()
            .resource::<devices::Devices>("/devices", "/devices/{id}")
            .get("/device-options", devices::options)
            .with_data_list::<devices::DeviceOption>()
            .get("/tasks", tasks::list)
            .with_query(&TASK_QUERY)
            .with_data_page::<Doc<tasks::Task>>()
            .post("/tasks", tasks::create)
            .with_body::<tasks::TaskInput>()
            .with_data::<Doc<tasks::Task>>()
            .post("/tasks/{id}/action", tasks::act)
            .with_body::<tasks::ActionInput>()
            .with_data::<Doc<tasks::Task>>()
            .delete("/tasks/{id}", tasks::delete)
            .with_no_data()
            .get("/tasks/{id}/report", report::show)
            .with_data::<report::TaskReport>()
            .get("/tasks/{id}/export", report::export)
            .with_query(&[EXPORT_FORMAT])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/history", tasks::history)
            .with_query(&TASK_QUERY)
            .with_data_page::<Doc<tasks::Task>>()
            .get("/history/{id}/report", report::show)
            .with_data::<report::TaskReport>()
            .get("/history/{id}/export", report::export)
            .with_query(&[EXPORT_FORMAT])
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/register", devices::register)
            .with_body::<devices::DeviceInput>()
            .with_data::<Doc<devices::TestDevice>>()
            .get("/device/next", runner::next)
            .with_query(&[QueryParam::text("sn", "The asking device.")])
            .with_data::<Option<runner::NextStep>>()
            .post("/device/results", runner::report)
            .with_body::<runner::Report>()
            .with_data::<runner::Recorded>()
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        match name {
            "step-timeouts" => runner::mark_timeouts(host, context).map(drop).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(OtaTest);
