//! OTA stress tests (spec device-and-product-domain.md §2 /ota-test, §3 and §4 Stress-test task):
//! test devices, tasks that upgrade and downgrade them repeatedly, results reported by the
//! devices, timeouts marked by the host's scheduler, and reports.

mod devices;
pub mod lifecycle;
mod messages;
mod report;
mod runner;
mod tasks;

use console_plugin_sdk::{Context, Host, Plugin, Router, export_plugin};

pub struct OtaTest;

impl Plugin for OtaTest {
    fn router() -> Router {
        Router::new()
            .resource::<devices::Devices>("/devices", "/devices/{id}")
            .get("/device-options", devices::options)
            .get("/tasks", tasks::list)
            .post("/tasks", tasks::create)
            .post("/tasks/{id}/action", tasks::act)
            .delete("/tasks/{id}", tasks::delete)
            .get("/tasks/{id}/report", report::show)
            .get("/tasks/{id}/export", report::export)
            .get("/history", tasks::history)
            .get("/history/{id}/report", report::show)
            .get("/history/{id}/export", report::export)
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/register", devices::register)
            .get("/device/next", runner::next)
            .post("/device/results", runner::report)
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        match name {
            "step-timeouts" => runner::mark_timeouts(host, context).map(drop).map_err(|e| format!("{e:?}")),
            _ => Ok(()),
        }
    }
}

export_plugin!(OtaTest);
