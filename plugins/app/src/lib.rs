//! App management (/app-manage): app products and projects with sealed secrets, the public,
//! project and function copy libraries published to apps by project and language, survey
//! questionnaires, the app store list and app QR codes.

pub mod app_logs;
pub mod app_products;
pub mod app_sessions;
pub mod app_users;
pub mod beta_users;
pub mod copies;
pub mod copy_sheets;
pub mod credentials;
pub mod messages;
pub mod projects;
pub mod qr_codes;
pub mod questionnaires;
pub mod storage;
pub mod store;
pub mod synced_copies;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct AppPlugin;

const APP_COPIES_QUERY: [QueryParam; 2] =
    [QueryParam::text("project", "The project's code."), QueryParam::text("lang", "A language code of the project.")];

const EXPORT_QUERY: [QueryParam; 2] = [
    QueryParam::text("library", "public, project or function."),
    QueryParam::text("projectId", "The project of a project library."),
];

const APP_LOG_QUERY: [QueryParam; 7] = [
    QueryParam::text("username", "Searched in the search mode."),
    QueryParam::text("appVersion", "The app's version."),
    QueryParam::integer("from", "Uploaded at or after (Unix ms)."),
    QueryParam::integer("to", "Uploaded at or before (Unix ms)."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const DOMAIN_QUERY: [QueryParam; 4] =
    [QueryParam::text("objectName", "Searched in the search mode."), PAGING[0], PAGING[1], MODE];

const APP_USER_QUERY: [QueryParam; 6] = [
    QueryParam::text("username", "Searched in the search mode."),
    QueryParam::text("mobile", "Searched in the search mode."),
    QueryParam::boolean("blocked", "Blocked or not."),
    PAGING[0],
    PAGING[1],
    MODE,
];

const BETA_QUERY: [QueryParam; 5] = [
    QueryParam::text("username", "Searched in the search mode."),
    QueryParam::text("remarkName", "Searched in the search mode."),
    PAGING[0],
    PAGING[1],
    MODE,
];

impl Plugin for AppPlugin {
    fn router() -> Router {
        Router::new()
            // What apps ask.
            .get("/app/copies", copies::for_app)
            .with_query(&APP_COPIES_QUERY)
            .with_data::<copies::AppCopies>()
            .post("/app/questionnaire", questionnaires::for_app)
            .with_body::<questionnaires::AppAsk>()
            .post("/app/users/report", app_users::report)
            .with_body::<app_users::Report>()
            .post("/app/users/sign-in", app_users::sign_in)
            .with_body::<app_users::SignIn>()
            .post("/app/logs", app_logs::upload)
            .with_body::<app_logs::LogUpload>()
            // What other plugins ask.
            // What the host asks (its OAuth server signs app users in).
            .post("/internal/app-users/authenticate", app_users::authenticate)
            .with_body::<app_users::SignIn>()
            .post("/internal/app-users/profile", app_users::profile)
            .with_body::<app_users::ProfileAsk>()
            .post("/internal/app-users/session", app_sessions::signed_in)
            .with_body::<app_sessions::SignedInAsk>()
            .with_data::<app_sessions::SignedIn>()
            .get("/internal/figures", app_users::figures)
            .with_data::<app_users::UserFigures>()
            .post("/internal/app-users/signed-in", app_sessions::signed_in)
            .with_body::<app_sessions::SignedInAsk>()
            .with_data::<app_sessions::SignedIn>()
            // The console.
            .resource::<app_products::AppProducts>("/app-products", "/app-products/{id}")
            .resource::<projects::Projects>("/projects", "/projects/{id}")
            .resource::<copies::Copies>("/copies", "/copies/{id}")
            .post("/copies/import-public", copies::import_public)
            .with_body::<copies::ImportInput>()
            .with_data::<copies::Imported>()
            .post("/internal/sync/apply", synced_copies::apply)
            .with_body::<console_plugin_sdk::sync::Incoming>()
            .post("/copies/publish", copies::publish)
            .with_body::<copies::PublishInput>()
            .get("/copies/export", copy_sheets::export)
            .with_query(&EXPORT_QUERY)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/copies/import-template", copy_sheets::template)
            .with_query(&EXPORT_QUERY)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .post("/copies/import", copy_sheets::import)
            .with_body::<copy_sheets::SheetInput>()
            .resource::<questionnaires::Questionnaires>("/questionnaires", "/questionnaires/{id}")
            .post("/questionnaires/{id}/refresh", questionnaires::refresh)
            .resource::<store::AppStores>("/app-stores", "/app-stores/{id}")
            .resource::<qr_codes::QrCodes>("/qr-codes", "/qr-codes/{id}")
            .get("/qr-codes/{id}/png", qr_codes::png)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .resource::<storage::Buckets>("/buckets", "/buckets/{id}")
            .post("/buckets/{id}/access-url", storage::access_url)
            .with_body::<storage::AccessInput>()
            .get("/bucket-domains", storage::domains)
            .with_query(&DOMAIN_QUERY)
            .put("/bucket-domains/{id}", storage::set_domains)
            .with_body::<storage::DomainsInput>()
            .get("/app-logs", app_logs::list)
            .with_query(&APP_LOG_QUERY)
            .with_data_page::<Doc<app_logs::AppLog>>()
            .get("/app-logs/{id}/file", app_logs::file_url)
            .get("/app-users", app_users::list)
            .with_query(&APP_USER_QUERY)
            .with_data_page::<Doc<app_users::AppUser>>()
            .post("/app-users/{id}/block", app_users::block)
            .with_data::<Doc<app_users::AppUser>>()
            .post("/app-users/{id}/unblock", app_users::unblock)
            .with_data::<Doc<app_users::AppUser>>()
            .post("/app-users/{id}/password", app_users::reset_password)
            .with_body::<app_users::PasswordInput>()
            .with_data::<Doc<app_users::AppUser>>()
            .get("/beta-users", beta_users::list)
            .with_query(&BETA_QUERY)
            .with_data_page::<Doc<beta_users::BetaUser>>()
            .post("/beta-users", beta_users::add_batch)
            .with_body::<beta_users::BatchInput>()
            .with_data::<beta_users::Added>()
            .delete("/beta-users/{id}", beta_users::delete)
    }
}

export_plugin!(AppPlugin);
