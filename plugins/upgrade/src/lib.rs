//! Upgrades (/ota-upgrade): firmware packages reviewed in the process centre, tested on test
//! devices and released in a gray rollout with a rate, an abort rule and must-pass versions; what
//! devices ask and report; and app upgrade packages with their download centre.

pub mod app_flow;
pub mod apps;
pub mod executions;
pub mod flash_orders;
pub mod flow;
pub mod history;
pub mod issue;
pub mod messages;
pub mod packages;
pub mod products;
pub mod rollout;
pub mod statements;
pub mod steps;
pub mod synced;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Call, Context, Doc, Host, Plugin, Router, export_plugin};

pub struct UpgradePlugin;

const PACKAGE_QUERY: [QueryParam; 8] = [
    QueryParam::text("productId", "The product's id."),
    QueryParam::text("modelId", "The model's id."),
    QueryParam::text("packageType", "development, test or production."),
    QueryParam::text("status", "One status or several, comma-separated."),
    QueryParam::text("targetVersionName", "Searched in the search mode."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const ROLLOUT_QUERY: [QueryParam; 4] = [
    QueryParam::text("productId", "The product's id."),
    QueryParam::text("modelId", "The model's id."),
    PAGING[0],
    PAGING[1],
];

const EXECUTION_QUERY: [QueryParam; 5] = [
    QueryParam::text("state", "queued, downloading, downloaded, verifying, updating, succeeded, failed or timedOut."),
    QueryParam::text("sn", "Searched in the search mode."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const HISTORY_QUERY: [QueryParam; 6] = [
    QueryParam::text("sn", "Searched in the search mode."),
    QueryParam::text("result", "succeeded, failed or timedOut."),
    QueryParam::text("packageId", "The package's id."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const APP_QUERY: [QueryParam; 8] = [
    QueryParam::text("appName", "Searched in the search mode."),
    QueryParam::text("platform", "android, ios or harmony."),
    QueryParam::text("status", "development, testing, tested, underReview, reviewed or discarded."),
    QueryParam::text("publication", "unpublished, scheduled, published or revoked."),
    QueryParam::boolean("deleted", "The deleted packages instead."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const APP_HISTORY_QUERY: [QueryParam; 5] = [
    QueryParam::text("appName", "Searched in the search mode."),
    QueryParam::text("platform", "android, ios or harmony."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const TASK_QUERY: [QueryParam; 3] = [QueryParam::text("packageId", "The package's id."), PAGING[0], PAGING[1]];

const STATEMENT_QUERY: [QueryParam; 6] = [
    QueryParam::text("packageId", "The package's id."),
    QueryParam::text("title", "Searched in the search mode."),
    QueryParam::boolean("published", "Published or not."),
    PAGING[0],
    PAGING[1],
    MODE,
];

type PackageDoc = Doc<packages::FirmwarePackage>;
type AppDoc = Doc<apps::AppPackage>;

impl Plugin for UpgradePlugin {
    fn router() -> Router {
        Router::new()
            .resource::<flash_orders::FlashOrders>("/flash-orders", "/flash-orders/{id}")
            // What devices ask and say.
            .post("/device/check", executions::check)
            .with_body::<executions::CheckInput>()
            .with_data::<Option<executions::Offer>>()
            .post("/device/progress", executions::progress)
            .with_body::<executions::ProgressInput>()
            .with_data::<Doc<executions::Execution>>()
            .post("/app/check", apps::check)
            .with_body::<apps::AppCheckInput>()
            .with_data::<Option<apps::AppOffer>>()
            // Firmware packages.
            .get("/product-options", products::list)
            .get("/flash-order-products", products::list)
            .with_data_list::<products::ProductOption>()
            .get("/packages", packages::list)
            .with_query(&PACKAGE_QUERY)
            .with_data_page::<PackageDoc>()
            .post("/packages", packages::create)
            .with_body::<packages::PackageInput>()
            .with_data::<PackageDoc>()
            .get("/test/packages", packages::test_list)
            .with_query(&ROLLOUT_QUERY)
            .with_data_page::<PackageDoc>()
            .get("/issue-tasks/packages", packages::issue_options)
            .with_data_list::<packages::PackageOption>()
            .get("/statements/packages", packages::statement_options)
            .with_data_list::<packages::PackageOption>()
            .get("/packages/{id}", packages::detail)
            .with_data::<PackageDoc>()
            .put("/packages/{id}", packages::update)
            .with_body::<packages::PackageInput>()
            .with_data::<PackageDoc>()
            .delete("/packages/{id}", packages::delete)
            .get("/packages/{id}/steps", steps::list)
            .with_data_list::<Doc<steps::Step>>()
            .put("/packages/{id}/test-devices", packages::set_test_devices)
            .with_body::<packages::TestDevicesInput>()
            .with_data::<PackageDoc>()
            .put("/packages/{id}/rollout", packages::set_rollout)
            .with_body::<packages::RolloutInput>()
            .with_data::<PackageDoc>()
            .post("/packages/{id}/test/{action}", packages::test_action)
            .with_body::<packages::ActionInput>()
            .with_data::<PackageDoc>()
            .post("/packages/{id}/application/{action}", packages::application_action)
            .with_body::<packages::ActionInput>()
            .with_data::<PackageDoc>()
            .post("/packages/{id}/release/{action}", packages::release_action)
            .with_body::<packages::ActionInput>()
            .with_data::<PackageDoc>()
            // The sync service: a package approved in another region, and URLs of its files.
            .post("/internal/sync/apply", synced::apply)
            .with_body::<console_plugin_sdk::sync::Incoming>()
            .post(console_plugin_sdk::sync::FILE_URLS, console_plugin_sdk::sync::file_urls)
            .with_body::<console_plugin_sdk::sync::FileUrlsInput>()
            .post("/approvals/firmware-package", packages::decided)
            // Rollouts and their devices.
            .get("/rollouts", executions::rollouts)
            .with_query(&ROLLOUT_QUERY)
            .with_data_page::<PackageDoc>()
            .get("/rollouts/{id}/progress", executions::rollout_progress)
            .with_data::<executions::Progress>()
            .get("/rollouts/{id}/executions", executions::list)
            .with_query(&EXECUTION_QUERY)
            .with_data_page::<Doc<executions::Execution>>()
            .get("/device-history", history::list)
            .with_query(&HISTORY_QUERY)
            .with_data_page::<Doc<history::VersionChange>>()
            .get("/issue-tasks", issue::list)
            .with_query(&TASK_QUERY)
            .with_data_page::<Doc<issue::IssueTask>>()
            .post("/issue-tasks", issue::create)
            .with_body::<issue::TaskInput>()
            .with_data::<Doc<issue::IssueTask>>()
            .get("/issue-tasks/{id}", issue::detail)
            // Release statements.
            .get("/statements", statements::list)
            .with_query(&STATEMENT_QUERY)
            .with_data_page::<Doc<statements::Statement>>()
            .post("/statements", statements::create)
            .with_body::<statements::StatementInput>()
            .with_data::<Doc<statements::Statement>>()
            .put("/statements/{id}", statements::update)
            .with_body::<statements::StatementInput>()
            .with_data::<Doc<statements::Statement>>()
            .delete("/statements/{id}", statements::delete)
            .post("/statements/{id}/{action}", statements::publish)
            .with_data::<Doc<statements::Statement>>()
            // App upgrade packages.
            .get("/app-packages", apps::list)
            .with_query(&APP_QUERY)
            .with_data_page::<AppDoc>()
            .post("/app-packages", apps::create)
            .with_body::<apps::AppPackageInput>()
            .with_data::<AppDoc>()
            .put("/app-packages/{id}", apps::update)
            .with_body::<apps::AppPackageInput>()
            .with_data::<AppDoc>()
            .delete("/app-packages/{id}", apps::delete)
            .with_data::<AppDoc>()
            .post("/app-packages/{id}/restore", apps::restore)
            .with_data::<AppDoc>()
            .post("/app-packages/{id}/test/{action}", apps::test_action)
            .with_body::<apps::AppActionInput>()
            .with_data::<AppDoc>()
            .post("/app-packages/{id}/review", apps::submit_review)
            .with_data::<AppDoc>()
            .post("/app-packages/{id}/release/{action}", apps::release_action)
            .with_body::<apps::AppActionInput>()
            .with_data::<AppDoc>()
            .post("/app-packages/{id}/discard", apps::discard)
            .with_data::<AppDoc>()
            .post("/approvals/app-package", apps::decided)
            .get("/app-history", apps::history)
            .with_query(&APP_HISTORY_QUERY)
            .with_data_page::<AppDoc>()
            .get("/app-downloads", apps::download_centre)
            .with_data_list::<apps::Download>()
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        let mut call = Call::for_job(host, context);
        let done = match name {
            "timeouts" => executions::time_out(&mut call).map(drop),
            "app-releases" => apps::publish_due(&mut call).map(drop),
            _ => Ok(()),
        };
        done.map_err(|e| format!("{e:?}"))
    }
}

export_plugin!(UpgradePlugin);
