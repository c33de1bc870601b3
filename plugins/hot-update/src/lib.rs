//! Hot update of app plugins (/hotUpdateMgr): baseline packages, patches of a plugin for a baseline
//! released first to a test whitelist and then to production, the flow each patch went through, the
//! check devices and apps call, and the log of what they applied.

mod baselines;
mod devices;
mod flow;
mod messages;
mod patches;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct HotUpdate;

const PATCH_QUERY: [QueryParam; 5] = [
    QueryParam::text("pluginName", "Searched in the search mode."),
    QueryParam::text("arch", "Equal to."),
    MODE,
    PAGING[0],
    PAGING[1],
];

impl Plugin for HotUpdate {
    fn router() -> Router {
        Router::new()
            .resource::<baselines::Baselines>("/baselines", "/baselines/{id}")
            .get("/baseline-options", baselines::options)
            .with_data_list::<baselines::BaselineOption>()
            .get("/test/patches", patches::list_test)
            .with_query(&PATCH_QUERY)
            .with_data_page::<Doc<patches::Patch>>()
            .post("/test/patches", patches::create)
            .with_body::<patches::PatchInput>()
            .with_data::<Doc<patches::Patch>>()
            .put("/test/patches/{id}", patches::update)
            .with_body::<patches::PatchInput>()
            .with_data::<Doc<patches::Patch>>()
            .delete("/test/patches/{id}", patches::delete)
            .with_no_data()
            .post("/test/patches/{id}/release", patches::release_to_test)
            .with_body::<patches::Release>()
            .with_data::<Doc<patches::Patch>>()
            .post("/test/patches/{id}/promote", patches::promote)
            .with_data::<Doc<patches::Patch>>()
            .post("/test/patches/{id}/revoke", patches::revoke)
            .with_data::<Doc<patches::Patch>>()
            .get("/prod/patches", patches::list_prod)
            .with_query(&PATCH_QUERY)
            .with_data_page::<Doc<patches::Patch>>()
            .post("/prod/patches/{id}/revoke", patches::revoke)
            .with_data::<Doc<patches::Patch>>()
            .get("/flow", flow::list)
            .with_query(&[
                QueryParam::text("patchId", "The patch's steps."),
                QueryParam::text("pluginName", "Part of the plugin's name."),
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<flow::FlowStep>>()
            .get("/logs", devices::logs)
            .with_query(&[
                QueryParam::text("sn", "Searched in the search mode."),
                QueryParam::text("pluginName", "Equal to."),
                QueryParam::text("patchId", "The patch's reports."),
                QueryParam::boolean("success", "Applied or failed."),
                QueryParam::integer("from", "From (Unix milliseconds)."),
                QueryParam::integer("to", "To (Unix milliseconds)."),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<devices::Applied>>()
            // Device-facing (`caller = "device"` in the manifest).
            .post("/device/check", devices::check)
            .with_body::<devices::Check>()
            .with_data::<Option<devices::Available>>()
            .get("/device/patches/{id}/file", devices::download)
            .with_data::<devices::Download>()
            .post("/device/report", devices::report)
            .with_body::<devices::Report>()
            .with_data::<Doc<devices::Applied>>()
    }
}

export_plugin!(HotUpdate);
