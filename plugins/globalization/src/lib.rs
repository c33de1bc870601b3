//! Globalization ("module languages, return-code messages", under /system-config):
//! the texts of the platform's modules by key, and what every return code means, in each of the
//! platform's languages (the language list of /system-config/globalization-lang). Edited on two
//! pages, exchanged with translators as Excel, served to apps and devices in one language with an
//! ETag, and to other plugins (the error-analysis dashboard names each code's message).

mod sheets;
mod synced;
mod texts;

pub use texts::{Text, TextInput};

use console_plugin_sdk::describe::QueryParam;
use console_plugin_sdk::export::ExportedFile;
use console_plugin_sdk::{Plugin, Router, export_plugin};
use texts::{Codes, Modules};

pub struct Globalization;

const APP_QUERY: [QueryParam; 3] = [
    QueryParam::text("kind", "module (module texts) or code (return-code messages)."),
    QueryParam::text("lang", "A language code of the platform (zhCn, en, ...)."),
    QueryParam::text("module", "One module only; keys are then without the module's prefix."),
];

impl Plugin for Globalization {
    fn router() -> Router {
        Router::new()
            .resource::<Modules>("/modules", "/modules/{id}")
            .get("/modules/export", sheets::export::<Modules>)
            .with_data::<ExportedFile>()
            .get("/modules/import-template", sheets::template::<Modules>)
            .with_data::<ExportedFile>()
            .post("/modules/import", sheets::import::<Modules>)
            .with_body::<sheets::SheetInput>()
            .with_data::<sheets::Imported>()
            .resource::<Codes>("/codes", "/codes/{id}")
            .get("/codes/export", sheets::export::<Codes>)
            .with_data::<ExportedFile>()
            .get("/codes/import-template", sheets::template::<Codes>)
            .with_data::<ExportedFile>()
            .post("/codes/import", sheets::import::<Codes>)
            .with_body::<sheets::SheetInput>()
            .with_data::<sheets::Imported>()
            .get("/app/texts", texts::for_app)
            .with_query(&APP_QUERY)
            .with_data::<texts::AppTexts>()
            .post("/internal/return-codes", texts::return_codes)
            .with_body::<texts::CodesAsk>()
            .post("/internal/sync/apply", synced::apply)
            .with_body::<console_plugin_sdk::sync::Incoming>()
    }
}

export_plugin!(Globalization);
