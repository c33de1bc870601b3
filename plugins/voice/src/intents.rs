//! Intents: field, intent, description, slots, priority (higher wins), conditional expression,
//! reply and TTS reply words. Replies are minijinja templates over the slots, rendered by the host.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Query, Resource, Value};
use serde::{Deserialize, Serialize};

use crate::corpus::CORPUS;
use crate::matching::is_slot_name;
use crate::{condition, messages};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Intent {
    pub field: String,
    pub intent: String,
    pub description: String,
    pub slots: Vec<String>,
    pub priority: i64,
    pub condition: String,
    pub reply: String,
    pub tts_reply: String,
}

pub const INTENTS: Collection<Intent> = Collection::new("intents");

pub const MAX_PRIORITY: i64 = 1000;
const MAX_SLOTS: usize = 20;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct IntentInput {
    field: String,
    intent: String,
    description: String,
    slots: Vec<String>,
    priority: Option<i64>,
    condition: String,
    reply: String,
    tts_reply: String,
}

/// Renders a reply with `values` for the slots; the host's error (unknown placeholder, syntax)
/// becomes a 400 on `field`.
pub fn render(host: &mut dyn Host, field: &str, template: &str, values: &Value) -> PluginResult<String> {
    host.render(template, &values.to_string()).map_err(|detail| messages::bad_template(field, &detail))
}

impl IntentInput {
    fn validate(self, host: &mut dyn Host) -> PluginResult<Intent> {
        let intent = validate::required("intent", &self.intent, 64)?;
        if !intent.chars().all(|c| c.is_alphanumeric() || "_.-".contains(c)) {
            return Err(PluginError::format(
                "intent",
                [
                    "字母、数字、_、. 和 -",
                    "letters, digits, _, . and -",
                    "Buchstaben, Ziffern, _, . und -",
                    "letras, dígitos, _, . y -",
                    "lettres, chiffres, _, . et -",
                    "letras, algarismos, _, . e -",
                    "буквы, цифры, _, . и -",
                ],
            ));
        }
        let mut slots: Vec<String> = Vec::new();
        for slot in self.slots.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
            if !is_slot_name(slot) {
                return Err(PluginError::format(
                    "slots",
                    [
                        "由字母、数字和 _ 组成且以字母开头的名称",
                        "names of letters, digits and _, starting with a letter",
                        "Namen aus Buchstaben, Ziffern und _, beginnend mit einem Buchstaben",
                        "nombres de letras, dígitos y _ que empiecen por una letra",
                        "des noms de lettres, chiffres et _ commençant par une lettre",
                        "nomes de letras, algarismos e _ começados por uma letra",
                        "имена из букв, цифр и _, начинающиеся с буквы",
                    ],
                ));
            }
            if !slots.iter().any(|s| s == slot) {
                slots.push(slot.to_string());
            }
        }
        if slots.len() > MAX_SLOTS {
            return Err(PluginError::invalid(
                "slots",
                console_plugin_sdk::Message::TooMany { field: "slots".into(), max: MAX_SLOTS },
            ));
        }
        let priority = self.priority.unwrap_or(0);
        validate::range("priority", priority as f64, 0.0, MAX_PRIORITY as f64)?;
        let condition = validate::optional("condition", &self.condition, condition::MAX_LENGTH)?;
        if !condition.is_empty() {
            condition::check(&condition, &slots).map_err(|e| messages::bad_condition(&intent, &e.0))?;
        }
        let reply = validate::required("reply", &self.reply, LONG_TEXT)?;
        let tts_reply = validate::optional("ttsReply", &self.tts_reply, LONG_TEXT)?;
        // Every placeholder must be a slot: render once with each slot set, to "1" so that
        // number filters (`int`) work as well as text ones.
        let sample = Value::Object(slots.iter().map(|s| (s.clone(), Value::from("1"))).collect());
        render(host, "reply", &reply, &sample)?;
        render(host, "ttsReply", &tts_reply, &sample)?;
        Ok(Intent {
            field: validate::required("field", &self.field, SHORT_TEXT)?,
            intent,
            description: validate::optional("description", &self.description, LONG_TEXT)?,
            slots,
            priority,
            condition,
            reply,
            tts_reply,
        })
    }
}

/// Intents as a resource: ordered by priority; an update keeps the corpus's slots declared, and
/// a deletion takes the corpus with it.
pub struct Intents;

impl Resource for Intents {
    type Data = Intent;
    type Input = IntentInput;
    const COLLECTION: Collection<Intent> = INTENTS;
    const SEARCH: &'static [&'static str] = &["intent"];
    const FILTERS: &'static [&'static str] = &["field"];
    const SORT: &'static [(&'static str, bool)] = &[("priority", true), ("intent", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an intent");

    fn name(intent: &Intent) -> &str {
        &intent.intent
    }

    fn validate(call: &mut Call<'_>, input: IntentInput, current: Option<&Doc<Intent>>) -> PluginResult<Intent> {
        let intent = input.validate(call.host)?;
        // The corpus may only use slots the intent still has.
        if let Some(current) = current {
            let corpus = CORPUS.query(call.host, &Query::new().eq("intentId", current.id.as_str()).page(1, 1000))?;
            for entry in corpus.list {
                if let Some(gone) = entry.data.slots.iter().find(|s| !intent.slots.contains(s)) {
                    return Err(messages::bad_pattern(&entry.data.text, &messages::undeclared_slot(gone)));
                }
            }
        }
        Ok(intent)
    }

    fn before_delete(call: &mut Call<'_>, intent: &Doc<Intent>) -> PluginResult<()> {
        CORPUS.delete_where(call.host, &Query::new().eq("intentId", intent.id.as_str())).map(drop)
    }
}
