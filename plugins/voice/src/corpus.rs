//! Corpus entries of an intent: the utterances (with `{slot}`s) that trigger it.

use console_plugin_sdk::validate::{self, MAX_LIST_ENTRIES};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::intents::INTENTS;
use crate::{matching, messages};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorpusEntry {
    pub intent_id: String,
    /// Normalized.
    pub text: String,
    pub slots: Vec<String>,
}

pub const CORPUS: Collection<CorpusEntry> = Collection::new("corpus");

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    INTENTS.find(call.host, &id)?;
    let query = Query::new().eq("intentId", id.as_str()).sort("text", false).paged_by(call)?;
    Ok(json!(CORPUS.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct BatchInput {
    /// One utterance per line.
    texts: String,
}

/// Adds utterances, one per line (at most 20); those already present are reported.
pub fn add_batch(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let intent = INTENTS.find(call.host, &id)?;
    let lines = validate::lines("texts", &call.body::<BatchInput>()?.texts, MAX_LIST_ENTRIES)?;
    if lines.is_empty() {
        return Err(PluginError::required("texts"));
    }
    let mut entries = Vec::new();
    for line in &lines {
        let parts = matching::parse(line).map_err(|detail| messages::bad_pattern(line, &detail))?;
        let slots: Vec<String> = matching::slots(&parts).map(str::to_string).collect();
        if let Some(unknown) = slots.iter().find(|s| !intent.data.slots.contains(s)) {
            return Err(messages::bad_pattern(line, &messages::undeclared_slot(unknown)));
        }
        let text = matching::normalize(line);
        if !entries.iter().any(|e: &CorpusEntry| e.text == text) {
            entries.push(CorpusEntry { intent_id: id.clone(), text, slots });
        }
    }
    let (mut added, mut present) = (Vec::new(), Vec::new());
    for entry in entries {
        let same = Query::new().eq("intentId", id.as_str()).eq("text", entry.text.as_str());
        if CORPUS.count(call.host, &same)? > 0 {
            present.push(entry.text);
        } else {
            CORPUS.insert(call.host, &entry)?;
            added.push(entry.text);
        }
    }
    Ok(json!(validate::Batch { added, already_listed: present }))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let entry = CORPUS.find(call.host, &id)?;
    call.confirm_name(&entry.data.text)?;
    CORPUS.delete(call.host, &id)?;
    Ok(Value::Null)
}
