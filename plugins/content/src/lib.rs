//! Content (/content; one agreement per enterprise, language and type): FAQ groups, user
//! feedback answered by mail through the messaging plugin, its recipients, agreements and
//! manuals. Apps send feedback and fetch agreements and manuals at /api/device/content-service/
//! app/... with the app plugin's key.

pub mod agreements;
pub mod faq_groups;
pub mod feedback;
pub mod messages;
pub mod portal;
pub mod recipients;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Call, Context, Doc, Host, Plugin, Router, export_plugin};

pub struct ContentPlugin;

const AGREEMENT_QUERY: [QueryParam; 3] = [
    QueryParam::integer("enterpriseId", "The enterprise."),
    QueryParam::text("language", "A language code."),
    QueryParam::text("type", "user, privacy, children or thirdParty."),
];

const MANUAL_QUERY: [QueryParam; 2] =
    [QueryParam::text("productId", "The product."), QueryParam::text("language", "A language code.")];

const PORTAL_QUERY: [QueryParam; 2] = [
    QueryParam::text("language", "A language code."),
    QueryParam::text("kind", "banner, news, announcement or page; all when empty."),
];

const FEEDBACK_QUERY: [QueryParam; 5] = [
    QueryParam::text("account", "Searched in the search mode."),
    QueryParam::text("status", "incomplete or completed."),
    PAGING[0],
    PAGING[1],
    MODE,
];

impl Plugin for ContentPlugin {
    fn router() -> Router {
        Router::new()
            // What apps ask.
            .post("/app/feedback", feedback::submit)
            .with_body::<feedback::FeedbackInput>()
            .get("/app/agreement", agreements::for_app)
            .with_query(&AGREEMENT_QUERY)
            .get("/app/manual", agreements::manual_for_app)
            .with_query(&MANUAL_QUERY)
            .get("/app/portal", portal::for_portal)
            .with_query(&PORTAL_QUERY)
            // The console.
            .resource::<faq_groups::FaqGroups>("/faq-groups", "/faq-groups/{id}")
            .get("/feedback", feedback::list)
            .with_query(&FEEDBACK_QUERY)
            .with_data_page::<Doc<feedback::Feedback>>()
            .post("/feedback/{id}/reply", feedback::reply)
            .with_body::<feedback::ReplyInput>()
            .with_data::<Doc<feedback::Feedback>>()
            .post("/feedback/{id}/complete", feedback::complete)
            .with_data::<Doc<feedback::Feedback>>()
            .get("/feedback/{id}/file", feedback::file_url)
            .resource::<feedback::recipients_resource::Recipients>("/feedback-emails", "/feedback-emails/{id}")
            .resource::<agreements::Agreements>("/agreements", "/agreements/{id}")
            .resource::<agreements::Manuals>("/manuals", "/manuals/{id}")
            .resource::<portal::PortalEntries>("/portal", "/portal/{id}")
            .get("/products", agreements::products)
            .get("/languages", agreements::languages)
            .get("/manual-languages", agreements::languages)
            .get("/portal-languages", agreements::languages)
    }

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        match name {
            "feedback-notices" => {
                let mut call = Call::for_job(host, context);
                feedback::send_notices(&mut call).map_err(|e| format!("{e:?}"))
            }
            _ => Ok(()),
        }
    }
}

export_plugin!(ContentPlugin);
