//! `live` (contract 0.1.10): messages to the sockets of a channel (apps and devices listening on
//! a `socket` route) and to one console user, delivered like events once the call commits, and
//! under the same grant, bounds and count.

use super::Capability;
use crate::plugins::bindings::console::plugin::live;
use crate::plugins::runtime::{Audience, CallState, Outgoing};

/// A channel's name: what a socket route's answer may list and `send` may name.
pub fn valid_channel(channel: &str) -> bool {
    !channel.is_empty()
        && channel.len() <= 128
        && channel.chars().all(|c| c.is_ascii_alphanumeric() || ".-_:".contains(c))
}

impl live::Host for CallState {
    async fn send(&mut self, channel: String, message: String) -> wasmtime::Result<Result<(), String>> {
        if let Err(why) = self.check_grant(Capability::Events) {
            return Ok(Err(why));
        }
        if !valid_channel(&channel) {
            return Ok(Err(format!("`{channel}` is not a channel (letters, digits, . - _ :, at most 128)")));
        }
        // Under the plugin's own name: what a socket receives says which plugin sent it.
        let topic = format!("{}.live", self.plugin.manifest.id);
        if let Err(why) = self.check_outgoing(&topic, &message) {
            return Ok(Err(why));
        }
        let (plugin, message) = (self.plugin.manifest.id.clone(), self.call.sealed.mask_json(&message));
        self.published.push(Outgoing::Live { plugin, audience: Audience::Channel(channel), topic, message });
        Ok(Ok(()))
    }

    async fn notify(&mut self, user_id: i64, topic: String, message: String) -> wasmtime::Result<Result<(), String>> {
        if let Err(why) = self.check_grant(Capability::Events) {
            return Ok(Err(why));
        }
        if !super::events::valid_topic(&topic) {
            return Ok(Err(format!("`{topic}` is not a topic (letters, digits, . - _)")));
        }
        if user_id <= 0 {
            return Ok(Err("a console user's id".into()));
        }
        // Only a user of the call's enterprise: account ids are the platform's, and a platform
        // administrator's console hears every enterprise.
        let belongs = self.services.db.account(user_id).await?.is_some_and(|a| a.tenant_id == self.call.tenant_id);
        if !belongs {
            return Ok(Err("not a console user of the call's enterprise".into()));
        }
        if let Err(why) = self.check_outgoing(&topic, &message) {
            return Ok(Err(why));
        }
        let (plugin, message) = (self.plugin.manifest.id.clone(), self.call.sealed.mask_json(&message));
        self.published.push(Outgoing::Live { plugin, audience: Audience::User(user_id), topic, message });
        Ok(Ok(()))
    }
}
