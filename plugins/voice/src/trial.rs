//! "Try it": an utterance (and slot values) in, the intent that answers it and its rendered
//! replies out, with the candidates tried on the way.

use std::collections::BTreeMap;

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Doc, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::corpus::CORPUS;
use crate::intents::{INTENTS, Intent, render};
use crate::{condition, matching, messages};

/// Corpus entries read for one trial at most.
const MAX_CORPUS: u32 = 10_000;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Trial {
    utterance: String,
    /// Values that override or complete what the utterance gave.
    slots: BTreeMap<String, Value>,
}

/// An intent the trial considered: `matched`, `conditionFalse` or `conditionError` (with why).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Tried {
    intent: String,
    priority: i64,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

impl Tried {
    fn new(intent: &Intent, outcome: &str, message: Option<String>) -> Self {
        Tried { intent: intent.intent.clone(), priority: intent.priority, outcome: outcome.into(), message }
    }
}

/// The intent that answers, its slots filled in, and its replies.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    intent_id: String,
    field: String,
    intent: String,
    priority: i64,
    slots: BTreeMap<String, String>,
    reply: String,
    tts_reply: String,
}

/// What an utterance tried: whether an intent matched (then its answer), and every intent
/// considered, in order.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Outcome {
    matched: bool,
    #[serde(flatten)]
    answer: Option<Answer>,
    tried: Vec<Tried>,
}

struct Candidate {
    intent: Doc<Intent>,
    captured: BTreeMap<String, String>,
}

pub fn try_utterance(call: &mut Call<'_>) -> PluginResult<Value> {
    let trial = call.body::<Trial>()?;
    let utterance = validate::required("utterance", &trial.utterance, 500)?;

    // Every intent with a matching corpus entry, once, with the slots the first match captured.
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut page = 1;
    while (page - 1) * 1000 < MAX_CORPUS {
        let batch = CORPUS.query(call.host, &Query::new().sort("createdAt", false).page(page, 1000))?;
        for entry in &batch.list {
            if candidates.iter().any(|c| c.intent.id == entry.data.intent_id) {
                continue;
            }
            let Ok(parts) = matching::parse(&entry.data.text) else { continue };
            if let Some(captured) = matching::matches(&parts, &utterance)
                && let Some(intent) = INTENTS.get(call.host, &entry.data.intent_id)?
            {
                candidates.push(Candidate { intent, captured });
            }
        }
        if batch.list.len() < 1000 {
            break;
        }
        page += 1;
    }
    candidates.sort_by(|a, b| {
        b.intent.data.priority.cmp(&a.intent.data.priority).then(a.intent.data.intent.cmp(&b.intent.data.intent))
    });

    let mut tried = Vec::new();
    for candidate in candidates {
        let intent = &candidate.intent.data;
        let mut values = candidate.captured.clone();
        for (name, value) in &trial.slots {
            let text = value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string());
            if !text.trim().is_empty() {
                values.insert(name.clone(), text.trim().to_string());
            }
        }
        values.retain(|name, _| intent.slots.contains(name));
        if !intent.condition.is_empty() {
            // Saved conditions are well-formed; what fails now depends on the values (text
            // compared with a number, a missing slot): that candidate does not apply, and the
            // trial says why.
            match condition::evaluate(&intent.condition, &intent.slots, &values) {
                Ok(true) => {}
                Ok(false) => {
                    tried.push(Tried::new(intent, "conditionFalse", None));
                    continue;
                }
                Err(error) => {
                    let message = messages::bad_condition(&intent.intent, &error.0).render(call.lang());
                    tried.push(Tried::new(intent, "conditionError", Some(message)));
                    continue;
                }
            }
        }
        let context = Value::Object(values.iter().map(|(k, v)| (k.clone(), Value::from(v.clone()))).collect());
        let reply = render(call.host, "reply", &intent.reply, &context)?;
        let tts_reply = if intent.tts_reply.is_empty() {
            reply.clone()
        } else {
            render(call.host, "ttsReply", &intent.tts_reply, &context)?
        };
        tried.push(Tried::new(intent, "matched", None));
        return Ok(json!(Outcome {
            matched: true,
            answer: Some(Answer {
                intent_id: candidate.intent.id.clone(),
                field: intent.field.clone(),
                intent: intent.intent.clone(),
                priority: intent.priority,
                slots: values,
                reply,
                tts_reply,
            }),
            tried,
        }));
    }
    Ok(json!(Outcome { matched: false, answer: None, tried }))
}
