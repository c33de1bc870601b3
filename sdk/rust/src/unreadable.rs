//! A request body whose fields have the wrong type, told as a form's user reads it: the field
//! (its path in the body, which a form marks) and what it must be, in the caller's language;
//! never serde's own words ("invalid type: floating point `0.1`, expected u32").

use crate::error::PluginError;
use wrong_field::WrongField;

/// The refusal of what is wrong with a body: 400, naming the field.
pub fn refusal(wrong: WrongField) -> PluginError {
    match wrong {
        WrongField::Required { field } => PluginError::required(&field),
        WrongField::OneOf { field, choices } => PluginError::format_values(&field, &choices),
        WrongField::Kind { field, kind } => PluginError::format(&field, kind.texts()),
    }
}

/// `body` read as `T`, or the [`refusal`] of what it could not be.
pub fn read<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Result<T, PluginError> {
    wrong_field::read(body).map_err(refusal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Spec {
        accuracy: u32,
        unit: String,
    }

    /// A wrong field is a 400 on that field, said in each language without serde's words (what
    /// each kind of wrong field is read as: `crates/wrong-field`).
    #[test]
    fn a_wrong_field_is_refused_on_its_field_in_every_language() {
        let refused = read::<Spec>(json!({ "accuracy": 0.1, "unit": "cm" })).expect_err("a float");
        assert_eq!((refused.status, refused.field.as_deref()), (400, Some("accuracy")));
        assert_eq!(refused.render("en"), "accuracy: wrong format, expected a whole number of 0 or more.");
        for lang in crate::error::LANGS {
            let text = refused.render(lang);
            for serde_words in ["invalid type", "u32", "floating point", "`"] {
                assert!(!text.contains(serde_words), "{lang}: {text}");
            }
        }
        let missing = read::<Spec>(json!({ "accuracy": 1 })).expect_err("no unit");
        assert_eq!((missing.status, missing.field.as_deref()), (400, Some("unit")));
    }
}
