//! What a form offers to choose from another page's records (a task's mail server, a model's
//! products): a route of the form's own page answers their ids and names, so that its users need
//! no right to the other page, whose refusal would sign them out.

use serde::{Deserialize, Serialize};

use crate::{Collection, Host, PluginResult, Query};

/// The most choices a form is offered.
pub const MAX_CHOICES: u32 = 1000;

/// One record as a form offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Choice {
    pub id: String,
    pub name: String,
}

/// The first [`MAX_CHOICES`] records of `collection`, named by `name`.
pub fn of<T: Serialize + serde::de::DeserializeOwned>(
    host: &mut dyn Host,
    collection: &Collection<T>,
    name: impl Fn(&T) -> &str,
) -> PluginResult<Vec<Choice>> {
    let records = collection.query(host, &Query::new().page(1, MAX_CHOICES))?.list;
    Ok(records.iter().map(|doc| Choice { id: doc.id.clone(), name: name(&doc.data).to_string() }).collect())
}
