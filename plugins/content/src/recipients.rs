//! Feedback e-mail recipients (/content/feedback-email): who is mailed when feedback arrives.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Collection, PluginError, PluginResult};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recipient {
    pub email: String,
    pub name: String,
}

pub const RECIPIENTS: Collection<Recipient> = Collection::new("recipients");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RecipientInput {
    email: String,
    name: String,
}

impl RecipientInput {
    pub fn validate(self) -> PluginResult<Recipient> {
        let email = validate::required("email", &self.email, SHORT_TEXT)?;
        let fits = email.split_once('@').is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !email.contains(' '));
        if !fits {
            return Err(PluginError::format("email", console_plugin_sdk::expected::EMAIL));
        }
        Ok(Recipient { email, name: validate::required("name", &self.name, SHORT_TEXT)? })
    }
}
