//! A secret a record holds for an app (an app product's client secret, a project's app
//! secret): typed or generated in the form, sealed by the host, shown masked, never returned
//! whole; kept when an edit leaves it empty, replaced when one is given (rotation).

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, PluginError, PluginResult, Value, secrets};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sealed {
    /// Sealed by the host; removed from every answer.
    #[serde(default)]
    pub sealed: String,
    /// What the pages show: the last four characters at most.
    pub hint: String,
}

/// At least 16 characters: a secret an app signs with.
const MIN_LEN: usize = 16;

/// The secret of a create (`current` None: required) or an update (empty keeps `current`).
pub fn sealed(call: &mut Call<'_>, field: &str, typed: &str, current: Option<&Sealed>) -> PluginResult<Sealed> {
    match (typed.trim(), current) {
        ("", Some(current)) => Ok(current.clone()),
        ("", None) => Err(PluginError::required(field)),
        (plain, _) => {
            let plain = validate::length(field, plain, MIN_LEN, 128)?;
            Ok(Sealed { sealed: secrets::seal(call.host, &plain)?, hint: secrets::mask(&plain) })
        }
    }
}

/// A record as answered: each sealed secret shows only its hint.
pub fn hide(mut record: Value, fields: &[&str]) -> Value {
    for field in fields {
        if let Some(secret) = record.get_mut(*field)
            && let Some(object) = secret.as_object_mut()
        {
            object.remove("sealed");
        }
    }
    record
}
