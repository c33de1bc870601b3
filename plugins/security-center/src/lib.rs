//! Security centre (/security-center: loophole-submit, detail): vulnerability reports
//! with their severity, product, description, attachments and the reporter's contact; a status
//! the security team moves (submitted → confirmed → fixed, or rejected) with replies both ways.
//! A reporter sees only their own reports; the team (`security:report:handle`) sees every one.

mod messages;
mod reports;

pub use reports::{Reply, Report, ReportInput};

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct SecurityCenter;

impl Plugin for SecurityCenter {
    fn router() -> Router {
        Router::new()
            .get("/reports", reports::list)
            .with_query(&[
                QueryParam::text("title", "Searched in the search mode."),
                QueryParam::text("severity", "low, medium, high or critical."),
                QueryParam::text("status", "submitted, confirmed, fixed or rejected."),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<Report>>()
            .post("/reports", reports::submit)
            .with_body::<ReportInput>()
            .with_data::<Doc<Report>>()
            .get("/reports/{id}", reports::detail)
            .with_data::<reports::Detail>()
            .post("/reports/{id}/replies", reports::reply)
            .with_body::<reports::ReplyInput>()
            .with_data::<reports::Detail>()
    }
}

export_plugin!(SecurityCenter);
