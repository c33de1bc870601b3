//! Hot update of app plugins (spec device-and-product-domain.md §2 /hotUpdateMgr, §3 Hot update):
//! baseline packages, patches of a plugin for a baseline released first to a test whitelist and
//! then to production, the flow each patch went through, the check devices and apps call, and
//! the log of what they applied.

mod baselines;
mod devices;
mod flow;
mod messages;
mod patches;

use console_plugin_sdk::{Plugin, Router, export_plugin};

pub struct HotUpdate;

impl Plugin for HotUpdate {
    fn router() -> Router {
        Router::new()
            .resource::<baselines::Baselines>("/baselines", "/baselines/{id}")
            .get("/baseline-options", baselines::options)
            .get("/test/patches", patches::list_test)
            .post("/test/patches", patches::create)
            .put("/test/patches/{id}", patches::update)
            .delete("/test/patches/{id}", patches::delete)
            .post("/test/patches/{id}/release", patches::release_to_test)
            .post("/test/patches/{id}/promote", patches::promote)
            .post("/test/patches/{id}/revoke", patches::revoke)
            .get("/prod/patches", patches::list_prod)
            .post("/prod/patches/{id}/revoke", patches::revoke)
            .get("/flow", flow::list)
            .get("/logs", devices::logs)
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/check", devices::check)
            .get("/device/patches/{id}/file", devices::download)
            .post("/device/report", devices::report)
    }
}

export_plugin!(HotUpdate);
