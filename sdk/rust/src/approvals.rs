//! Requests for another user's decision (contract 0.1.4, the process centre). A route submits
//! one with [`submit`]; the decision arrives later at the `caller = "host"` route the manifest
//! names for the kind, as a [`Decision`], in the transaction that records it: answer an error
//! and the request stays undecided.

use serde::{Deserialize, Serialize};

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// What the host delivers to a kind's decision route.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Decision {
    pub approval_id: String,
    pub kind: String,
    pub subject_id: String,
    pub approved: bool,
    /// The decider's words (required to reject).
    pub comment: String,
    pub decided_by: String,
    /// What was submitted with the request.
    pub detail: serde_json::Value,
}

/// Submits a request of the manifest's `kind` about `subject_id`; written with the call (gone if
/// it fails). Returns the request's id.
pub fn submit(
    host: &mut dyn Host,
    kind: &str,
    title: &str,
    subject_id: &str,
    detail: &serde_json::Value,
) -> PluginResult<String> {
    host.approval_submit(kind, title, subject_id, &detail.to_string()).map_err(PluginError::internal)
}
