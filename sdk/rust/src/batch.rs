//! Device calls in batches (contract 0.1.17): a device route whose manifest entry names a
//! `batch` route is handed to the plugin many calls at a time, in one call and one transaction.
//! The batch route reads [`Batch`] and answers [`answer`]: one verdict per item, in order, each
//! as the device route itself would have answered, so that one bad report never fails the
//! others. The SN of each item is the signed-in device's (the host's word, not the device's).

use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::PluginResult;

/// One device's call: its SN, the device route it was sent to, and its body.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct Item {
    pub sn: String,
    pub path: String,
    pub body: Value,
}

/// What a batch route receives.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct Batch {
    pub items: Vec<Item>,
}

/// The batch route's answer: each item's verdict, as its route would have answered it
/// (`lang`: the language of the refusals).
pub fn answer(verdicts: Vec<PluginResult<Value>>, lang: &str) -> Value {
    let results: Vec<Value> = verdicts
        .into_iter()
        .map(|verdict| match verdict {
            Ok(body) => json!({ "status": 200, "body": body }),
            Err(refused) => {
                let body: Value = serde_json::from_str(&refused.body(lang)).unwrap_or(Value::Null);
                json!({ "status": refused.status, "body": body })
            }
        })
        .collect();
    json!({ "results": results })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PluginError;

    #[test]
    fn each_item_gets_its_own_verdict_in_order() {
        let verdicts = vec![Ok(json!({ "id": "1" })), Err(PluginError::required("params")), Ok(json!({ "id": 3 }))];
        let answered = answer(verdicts, "en");
        let results = answered["results"].as_array().expect("results");
        assert_eq!(results.len(), 3);
        assert_eq!((results[0]["status"].as_u64(), &results[0]["body"]), (Some(200), &json!({ "id": "1" })));
        assert_eq!(results[1]["status"], 400);
        assert_eq!(results[1]["body"]["field"], "params");
        assert_eq!(results[2]["body"]["id"], 3);
    }
}
