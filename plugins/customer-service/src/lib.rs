//! Customer service (/customerService and the customer centre): FAQs, question types, service
//! languages, work orders, seats and chats.
//!
//! - Work orders by one table of states and actions (`order_flow`), in four lists, with SLA
//!   targets (`work_orders`, `settings`).
//! - Seats with service periods in their own time zones (`seats`, `periods`).
//! - Chats that begin with a bot answering from the FAQ (`bot`), then an agent through a real
//!   queue (`queue`), live over websockets (contract 0.1.10): the app side in `app_chat`, the
//!   agent's in `workspace`.
//! - The FAQ searched through the host's full-text index, question types of two levels and the
//!   service languages.
//!
//! Apps call `/api/device/customer-service/app/...` with the app plugin's key and their user's
//! session token.

pub mod app_chat;
pub mod bot;
pub mod chats;
pub mod end_users;
pub mod faq;
pub mod languages;
pub mod messages;
pub mod order_flow;
pub mod periods;
pub mod question_types;
pub mod queue;
pub mod seats;
pub mod settings;
pub mod work_orders;
pub mod workspace;

use console_plugin_sdk::describe::QueryParam;
use console_plugin_sdk::{Call, Context, Host, Plugin, PluginResult, Query, Router, Value, export_plugin, json};

pub struct CustomerService;

const SEARCH_QUERY: [QueryParam; 2] = [
    QueryParam::text("q", "The question, in any of the service languages."),
    QueryParam::text("language", "Only FAQs in this language; all when empty."),
];

const ORDER_QUERY: [QueryParam; 13] = [
    QueryParam::text("number", "Searched in the search mode."),
    QueryParam::text("status", "unassigned, assigned, inProgress, urgent, handled or closed."),
    QueryParam::text("type", "online or offline."),
    QueryParam::text("channel", "chat, app or console."),
    QueryParam::text("questionTypeId", "The question category."),
    QueryParam::text("productId", "The product."),
    QueryParam::text("username", "The end user."),
    QueryParam::text("breached", "true: only orders that missed an SLA target."),
    QueryParam::text("urged", "true: only urged orders."),
    QueryParam::text("from", "Submitted at or after (ms)."),
    QueryParam::text("to", "Submitted at or before (ms)."),
    console_plugin_sdk::describe::MODE,
    QueryParam::text("page", "From 1."),
];

/// `GET /work-order-options`: what an order is filed under (question types) and the seats it can
/// be transferred to.
fn order_options(call: &mut Call<'_>) -> PluginResult<Value> {
    let types = question_types::nodes(call)?;
    let seats = seats::SEATS.query(call.host, &Query::new().sort("number", false).page(1, 500))?.list;
    let seats: Vec<Value> =
        seats.iter().map(|s| json!({ "id": s.id, "number": s.data.number, "agentName": s.data.agent_name })).collect();
    Ok(json!({ "questionTypes": types, "seats": seats }))
}

impl Plugin for CustomerService {
    fn router() -> Router {
        Router::new()
            // What apps ask.
            .post("/app/faq/search", faq::app_search)
            .with_body::<faq::AppQuestion>()
            .with_data_list::<faq::Answer>()
            .post("/app/faq/{id}/vote", faq::vote)
            .with_body::<faq::VoteInput>()
            .post("/app/chats", app_chat::start)
            .with_body::<app_chat::StartInput>()
            .with_data::<chats::ChatView>()
            .get("/app/chats/live", app_chat::live)
            .with_body::<app_chat::HelloInput>()
            .post("/app/chats/{id}/state", app_chat::state)
            .with_body::<app_chat::UserAsk>()
            .with_data::<chats::ChatView>()
            .post("/app/chats/{id}/messages", app_chat::history)
            .with_body::<app_chat::HistoryInput>()
            .with_data_list::<chats::MessageView>()
            .post("/app/chats/{id}/send", app_chat::send)
            .with_body::<app_chat::SendInput>()
            .with_data::<chats::MessageView>()
            .post("/app/chats/{id}/human", app_chat::human)
            .with_body::<app_chat::UserAsk>()
            .with_data::<chats::ChatView>()
            .post("/app/chats/{id}/leave", app_chat::leave)
            .with_body::<app_chat::UserAsk>()
            .with_data::<chats::ChatView>()
            .post("/app/work-orders", work_orders::app_submit)
            .with_body::<work_orders::AppOrderInput>()
            .post("/app/work-orders/list", work_orders::app_list)
            .with_body::<app_chat::UserAsk>()
            .post("/app/work-orders/{id}/urge", work_orders::app_urge)
            .with_body::<work_orders::UrgeInput>()
            .post("/app/work-orders/rate", work_orders::app_rate)
            .with_body::<work_orders::RateInput>()
            // Work orders.
            .get("/internal/figures", work_orders::figures)
            .with_data::<work_orders::OrderFigures>()
            .get("/work-orders", work_orders::records)
            .with_query(&ORDER_QUERY)
            .get("/work-orders/export", work_orders::export)
            .with_query(&ORDER_QUERY)
            .with_data::<console_plugin_sdk::export::ExportedFile>()
            .get("/work-orders/mine", work_orders::mine)
            .with_query(&ORDER_QUERY)
            .get("/work-orders/user", work_orders::of_users)
            .with_query(&ORDER_QUERY)
            .get("/work-orders/enterprise", work_orders::of_enterprise)
            .with_query(&ORDER_QUERY)
            .post("/work-orders", work_orders::create)
            .with_body::<work_orders::OrderInput>()
            .post("/work-orders/{id}/urge", work_orders::urge)
            .post("/work-orders/{id}/{action}", work_orders::act)
            .with_body::<work_orders::ActionInput>()
            .get("/work-order-options", order_options)
            .get("/work-order-types", question_types::tree)
            .with_data_list::<question_types::TypeNode>()
            .get("/workspace/seat", workspace::my_seat)
            .with_data::<workspace::MySeat>()
            .get("/workspace/question-types", question_types::tree)
            .with_data_list::<question_types::TypeNode>()
            // Seats.
            .resource::<seats::Seats>("/seats", "/seats/{id}")
            .get("/seat-accounts", seats::accounts)
            .with_query(&[QueryParam::text("text", "Part of the user name or name.")])
            // The agent's workspace.
            .post("/workspace/presence", workspace::presence)
            .post("/workspace/away", workspace::away)
            .post("/workspace/busy", workspace::busy)
            .with_body::<workspace::BusyInput>()
            .get("/workspace/queue", workspace::waiting)
            .get("/workspace/seats", workspace::seats)
            .get("/workspace/chats/{id}/messages", workspace::history)
            .with_query(&[QueryParam::text("after", "Messages sent after this time (ms).")])
            .with_data_list::<chats::MessageView>()
            .post("/workspace/chats/{id}/send", workspace::send)
            .with_body::<workspace::SendInput>()
            .with_data::<chats::MessageView>()
            .post("/workspace/chats/{id}/transfer", workspace::transfer)
            .with_body::<workspace::TransferInput>()
            .post("/workspace/chats/{id}/work-order", workspace::file_order)
            .with_body::<work_orders::OrderInput>()
            .post("/workspace/chats/{id}/end", workspace::end)
            .with_body::<workspace::EndInput>()
            // Settings.
            .get("/settings", settings::get)
            .with_data::<settings::SettingsView>()
            .put("/settings", settings::put)
            .with_body::<settings::SettingsInput>()
            .with_data::<settings::SettingsView>()
            // The FAQ.
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

    fn run_job(host: &mut dyn Host, name: &str, context: &Context) -> Result<(), String> {
        let mut call = Call::for_job(host, context);
        let done = match name {
            "queue" => queue::run(&mut call),
            "sla" => work_orders::mark_breaches(&mut call),
            "retention" => chats::delete_expired(&mut call),
            _ => Ok(()),
        };
        done.map_err(|e| format!("{e:?}"))
    }
}

export_plugin!(CustomerService);
