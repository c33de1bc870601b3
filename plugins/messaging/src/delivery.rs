//! How a message fared. Every record of a send (mail, SMS, push) carries one, so a failure is kept
//! with its error and can be retried.

use console_plugin_sdk::host::OutboundRequest;
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginResult, Value, json};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    /// `pending`, `sent` or `failed`.
    pub status: String,
    pub error: String,
    pub attempts: u32,
    pub last_tried_at: i64,
}

impl Delivery {
    pub fn pending() -> Self {
        Delivery { status: "pending".into(), ..Default::default() }
    }

    pub fn sent(&self) -> bool {
        self.status == "sent"
    }

    /// Counts an attempt and keeps its outcome.
    pub fn record(&mut self, outcome: Result<(), String>, now: i64) {
        self.attempts += 1;
        self.last_tried_at = now;
        (self.status, self.error) = match outcome {
            Ok(()) => ("sent".into(), String::new()),
            Err(error) => ("failed".into(), error),
        };
    }
}

/// Calls an SMS or push provider: a 2xx answer is delivered, anything else is the error.
pub fn provider_call(host: &mut dyn Host, request: &OutboundRequest) -> Result<(), String> {
    match host.fetch(request) {
        Ok(response) if (200..300).contains(&response.status) => Ok(()),
        Ok(response) => {
            let body: String = String::from_utf8_lossy(&response.body).chars().take(200).collect();
            Err(format!("provider answered {}: {body}", response.status))
        }
        Err(error) => Err(error),
    }
}

/// A record of a send: it carries a [`Delivery`].
pub trait Delivered: Serialize + DeserializeOwned {
    fn delivery(&self) -> &Delivery;
}

/// Sends a failed record again with its kind's `attempt`; a sent one is answered as it is.
pub fn retry<T: Delivered>(
    call: &mut Call<'_>,
    records: &Collection<T>,
    attempt: fn(&mut dyn Host, Doc<T>) -> PluginResult<Doc<T>>,
) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let record = records.find(call.host, &id)?;
    if record.data.delivery().sent() {
        return Ok(json!(record));
    }
    Ok(json!(attempt(call.host, record)?))
}
