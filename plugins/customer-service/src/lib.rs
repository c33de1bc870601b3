//! Customer service (spec console-shell-and-services.md §2 /customerService, §3 FAQ, FAQ type,
//! Language, §7 the FAQ index actions): the FAQ searched through the host's full-text index,
//! question types of two levels and the service languages. Apps search the FAQ and vote on its
//! answers at /api/device/customer-service/app/... with the app plugin's key.

pub mod faq;
pub mod languages;
pub mod messages;
pub mod question_types;

use console_plugin_sdk::describe::QueryParam;
use console_plugin_sdk::{Plugin, Router, export_plugin};

pub struct CustomerService;

const SEARCH_QUERY: [QueryParam; 2] = [
    QueryParam::text("q", "The question, in any of the service languages."),
    QueryParam::text("language", "Only FAQs in this language; all when empty."),
];

impl Plugin for CustomerService {
    fn router() -> Router {
        Router::new()
            // What apps ask.
            .post("/app/faq/search", faq::app_search)
            .with_body::<faq::AppQuestion>()
            .with_data_list::<faq::Answer>()
            .post("/app/faq/{id}/vote", faq::vote)
            .with_body::<faq::VoteInput>()
            // The console.
            .get("/faqs/search", faq::search)
            .with_query(&SEARCH_QUERY)
            .with_data_list::<faq::Answer>()
            .resource::<faq::Faqs>("/faqs", "/faqs/{id}")
            .get("/faq-index", faq::index_state)
            .with_data::<faq::IndexState>()
            .post("/faq-index/create", faq::create_index)
            .post("/faq-index/import", faq::import_index)
            .post("/faq-index/clear", faq::clear_index)
            .post("/faq-index/delete", faq::delete_index)
            .get("/products", faq::products)
            .get("/faq-options", faq::options)
            .with_data::<faq::FaqOptions>()
            .get("/question-types/tree", question_types::tree)
            .with_data_list::<question_types::TypeNode>()
            .resource::<question_types::QuestionTypes>("/question-types", "/question-types/{id}")
            .resource::<languages::Languages>("/languages", "/languages/{id}")
    }
}

export_plugin!(CustomerService);
