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
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    #[allow(dead_code)]
    struct Spec {
        accuracy: u32,
        offset: i32,
        scale: f64,
        unit: String,
        enabled: bool,
        values: Vec<u8>,
        mode: Mode,
        range: Range,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Quiet,
        Turbo,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Range {
        min: i64,
    }

    fn valid() -> serde_json::Value {
        json!({ "accuracy": 1, "offset": -1, "scale": 0.5, "unit": "cm", "enabled": true, "values": [1],
                "mode": "quiet", "range": { "min": 0 } })
    }

    /// Each way a body can be wrong names its field and says what it must be, in each language,
    /// without serde's words.
    #[test]
    fn every_kind_of_wrong_field_names_the_field_and_the_rule() {
        let cases: [(&str, serde_json::Value, &str, &str); 11] = [
            ("accuracy", json!(0.1), "accuracy", "a whole number of 0 or more"),
            ("accuracy", json!(-1), "accuracy", "a whole number of 0 or more"),
            ("offset", json!("x"), "offset", "a whole number"),
            ("scale", json!("x"), "scale", "a number"),
            ("unit", json!(5), "unit", "text"),
            ("enabled", json!("yes"), "enabled", "yes or no"),
            ("values", json!(3), "values", "a list"),
            ("values", json!([1, "a"]), "values[1]", "a whole number of 0 or more"),
            ("mode", json!("loud"), "mode", "quiet, turbo"),
            ("range", json!(7), "range", "a group of fields"),
            ("range", json!({ "min": "low" }), "range.min", "a whole number"),
        ];
        for (field, value, path, rule) in cases {
            let mut body = valid();
            body[field] = value.clone();
            let refused = read::<Spec>(body).expect_err(&format!("{field} = {value}"));
            assert_eq!((refused.status, refused.field.as_deref()), (400, Some(path)), "{field} = {value}");
            let english = refused.render("en");
            assert!(english.contains(rule), "{field} = {value}: {english}");
            for lang in crate::error::LANGS {
                let text = refused.render(lang);
                for serde_words in ["invalid type", "u32", "f64", "variant", "`"] {
                    assert!(!text.contains(serde_words), "{lang}: {text}");
                }
            }
        }
        // A field left out, and one the body may not have.
        let mut body = valid();
        body.as_object_mut().expect("object").remove("unit");
        assert_eq!(read::<Spec>(body).expect_err("missing").field.as_deref(), Some("unit"));
        let mut body = valid();
        body["colour"] = json!("red");
        assert_eq!(read::<Spec>(body).expect_err("unknown").field.as_deref(), Some("colour"));
        let mut body = valid();
        body["range"] = json!({});
        assert_eq!(read::<Spec>(body).expect_err("missing inside").field.as_deref(), Some("range.min"));
        assert!(read::<Spec>(valid()).is_ok());
    }
}
