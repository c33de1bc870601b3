//! Voice control (/voiceGroup): the assistants products are reachable from (Alexa skills, Google
//! projects, third-party and Baidu bots) with their control modes and commands, and the intents
//! that turn an utterance into a reply.

mod assistants;
mod commands;
mod condition;
mod corpus;
mod intents;
mod matching;
mod messages;
mod modes;
mod trial;

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct Voice;

impl Plugin for Voice {
    fn router() -> Router {
        // `{platform}` is alexa, google, third-party or baidu; the manifest lists each platform's
        // routes literally, so each platform has its own page and actions.
        Router::new()
            .get("/{platform}/assistants", assistants::list)
            .with_query(&[
                QueryParam::text("name", "Searched in the search mode."),
                QueryParam::text("productId", "Equal to."),
                MODE,
                PAGING[0],
                PAGING[1],
            ])
            .with_data_page::<Doc<assistants::Assistant>>()
            // Create and update also answer `replacedDefault`: the Alexa skill that stopped being
            // the product's default controller.
            .post("/{platform}/assistants", assistants::create)
            .with_body::<assistants::AssistantInput>()
            .with_data::<Doc<assistants::Assistant>>()
            .put("/{platform}/assistants/{id}", assistants::update)
            .with_body::<assistants::AssistantInput>()
            .with_data::<Doc<assistants::Assistant>>()
            .delete("/{platform}/assistants/{id}", assistants::delete)
            .with_no_data()
            .resource::<modes::Modes>("/{platform}/modes", "/{platform}/modes/{id}")
            .resource::<commands::Commands>("/{platform}/commands", "/{platform}/commands/{id}")
            .resource::<intents::Intents>("/intents", "/intents/{id}")
            .get("/intents/{id}/corpus", corpus::list)
            .with_query(&PAGING)
            .with_data_page::<Doc<corpus::CorpusEntry>>()
            .post("/intents/{id}/corpus", corpus::add_batch)
            .with_body::<corpus::BatchInput>()
            .with_data::<console_plugin_sdk::validate::Batch>()
            .delete("/corpus/{id}", corpus::delete)
            .with_no_data()
            .post("/intents/try", trial::try_utterance)
            .with_body::<trial::Trial>()
            .with_data::<trial::Outcome>()
    }
}

export_plugin!(Voice);
