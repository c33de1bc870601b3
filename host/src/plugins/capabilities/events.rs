//! `events`: publish to subscribed plugins and the shell, after the call commits.

use super::Capability;
use crate::plugins::bindings::console::plugin::events;
use crate::plugins::runtime::{CallState, Outgoing};

pub const MAX_PAYLOAD: usize = 64 * 1024;
/// Events and live messages of one call together.
pub const MAX_EVENTS_PER_CALL: usize = 100;

pub fn valid_topic(topic: &str) -> bool {
    !topic.is_empty() && topic.len() <= 128 && topic.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
}

impl events::Host for CallState {
    async fn publish(&mut self, topic: String, payload: String) -> wasmtime::Result<Result<(), String>> {
        if let Err(why) = self.check_grant(Capability::Events) {
            return Ok(Err(why));
        }
        if !valid_topic(&topic) {
            return Ok(Err(format!("`{topic}` is not a topic (letters, digits, . - _)")));
        }
        if let Err(why) = self.check_outgoing(&topic, &payload) {
            return Ok(Err(why));
        }
        let payload = self.call.sealed.mask_json(&payload);
        self.published.push(Outgoing::Event { topic, payload });
        Ok(Ok(()))
    }
}

impl CallState {
    /// What an event and a live message must be: under the plugin's own topic (a subscriber
    /// knows who spoke, and nobody speaks for another plugin), JSON of bounded size, and within
    /// the call's count.
    pub fn check_outgoing(&self, topic: &str, payload: &str) -> Result<(), String> {
        let own = &self.plugin.manifest.id;
        if !topic.strip_prefix(own.as_str()).is_some_and(|rest| rest.starts_with('.')) {
            return Err(format!("a plugin publishes under its own id: `{own}.…`, not `{topic}`"));
        }
        if payload.len() > MAX_PAYLOAD || serde_json::from_str::<serde_json::Value>(payload).is_err() {
            return Err(format!("the payload must be JSON of at most {} KiB", MAX_PAYLOAD / 1024));
        }
        if self.published.len() >= MAX_EVENTS_PER_CALL {
            return Err(format!("at most {MAX_EVENTS_PER_CALL} events and live messages per call"));
        }
        Ok(())
    }
}
