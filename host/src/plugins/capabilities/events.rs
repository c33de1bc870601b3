//! `events`: publish to subscribed plugins and the shell, after the call commits.

use super::Capability;
use crate::plugins::bindings::console::plugin::events;
use crate::plugins::runtime::CallState;

const MAX_PAYLOAD: usize = 64 * 1024;
const MAX_EVENTS_PER_CALL: usize = 100;

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
        // The topic names its publisher: a subscriber knows who spoke, and nobody speaks for
        // another plugin.
        let own = &self.plugin.manifest.id;
        if !topic.strip_prefix(own.as_str()).is_some_and(|rest| rest.starts_with('.')) {
            return Ok(Err(format!("a plugin publishes under its own id: `{own}.…`, not `{topic}`")));
        }
        if payload.len() > MAX_PAYLOAD || serde_json::from_str::<serde_json::Value>(&payload).is_err() {
            return Ok(Err(format!("the payload must be JSON of at most {} KiB", MAX_PAYLOAD / 1024)));
        }
        if self.published.len() >= MAX_EVENTS_PER_CALL {
            return Ok(Err(format!("at most {MAX_EVENTS_PER_CALL} events per call")));
        }
        self.published.push((topic, payload));
        Ok(Ok(()))
    }
}
