//! Voice control (spec device-and-product-domain.md §2 /voiceGroup, §3 Voice control;
//! console-shell-and-services.md §3 Intent configuration): the assistants products are reachable
//! from (Alexa skills, Google projects, third-party and Baidu bots) with their control modes and
//! commands, and the intents that turn an utterance into a reply.

mod assistants;
mod commands;
mod condition;
mod corpus;
mod intents;
mod matching;
mod messages;
mod modes;
mod trial;

use console_plugin_sdk::{Plugin, Router, export_plugin};

pub struct Voice;

impl Plugin for Voice {
    fn router() -> Router {
        // `{platform}` is alexa, google, third-party or baidu; the manifest lists each platform's
        // routes literally, so each platform has its own page and actions.
        Router::new()
            .get("/{platform}/assistants", assistants::list)
            .post("/{platform}/assistants", assistants::create)
            .put("/{platform}/assistants/{id}", assistants::update)
            .delete("/{platform}/assistants/{id}", assistants::delete)
            .resource::<modes::Modes>("/{platform}/modes", "/{platform}/modes/{id}")
            .resource::<commands::Commands>("/{platform}/commands", "/{platform}/commands/{id}")
            .resource::<intents::Intents>("/intents", "/intents/{id}")
            .get("/intents/{id}/corpus", corpus::list)
            .post("/intents/{id}/corpus", corpus::add_batch)
            .delete("/corpus/{id}", corpus::delete)
            .post("/intents/try", trial::try_utterance)
    }
}

export_plugin!(Voice);
