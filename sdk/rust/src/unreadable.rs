//! A request body whose fields have the wrong type, told as a form's user reads it: the field
//! (its path in the body, which a form marks) and what it must be, in the caller's language;
//! never serde's own words ("invalid type: floating point `0.1`, expected u32").

use crate::error::PluginError;

/// What serde expected of a field, as a kind the user knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    WholeNumber,
    WholeNumberFromZero,
    Number,
    Text,
    YesNo,
    List,
    Object,
    Value,
}

impl Kind {
    /// The kind of serde's "expected …" phrase (`u32`, `f64`, `a string`, `a boolean`, …).
    fn of(expected: &str) -> Kind {
        let word = expected.trim().trim_start_matches("a ").trim_start_matches("an ");
        if ["u8", "u16", "u32", "u64", "u128", "usize"].iter().any(|t| word.starts_with(t)) {
            Kind::WholeNumberFromZero
        } else if ["i8", "i16", "i32", "i64", "i128", "isize", "integer"].iter().any(|t| word.starts_with(t)) {
            Kind::WholeNumber
        } else if ["f32", "f64", "number"].iter().any(|t| word.starts_with(t)) {
            Kind::Number
        } else if word.starts_with("struct") || word.starts_with("map") || word.starts_with("object") {
            Kind::Object
        } else if ["string", "borrowed string", "char"].iter().any(|t| word.starts_with(t)) || word == "str" {
            Kind::Text
        } else if word.starts_with("boolean") || word.starts_with("bool") {
            Kind::YesNo
        } else if ["sequence", "tuple", "array"].iter().any(|t| word.starts_with(t)) {
            Kind::List
        } else {
            Kind::Value
        }
    }

    fn texts(self) -> [&'static str; 7] {
        match self {
            Kind::WholeNumber => [
                "整数",
                "a whole number",
                "eine ganze Zahl",
                "un número entero",
                "un nombre entier",
                "um número inteiro",
                "целое число",
            ],
            Kind::WholeNumberFromZero => [
                "不小于 0 的整数",
                "a whole number of 0 or more",
                "eine ganze Zahl ab 0",
                "un número entero de 0 o más",
                "un nombre entier d’au moins 0",
                "um número inteiro igual ou superior a 0",
                "целое число не меньше 0",
            ],
            Kind::Number => ["数字", "a number", "eine Zahl", "un número", "un nombre", "um número", "число"],
            Kind::Text => ["文本", "text", "Text", "texto", "du texte", "texto", "текст"],
            Kind::YesNo => ["是或否", "yes or no", "ja oder nein", "sí o no", "oui ou non", "sim ou não", "да или нет"],
            Kind::List => ["列表", "a list", "eine Liste", "una lista", "une liste", "uma lista", "список"],
            Kind::Object => [
                "一组字段",
                "a group of fields",
                "eine Gruppe von Feldern",
                "un grupo de campos",
                "un groupe de champs",
                "um grupo de campos",
                "группа полей",
            ],
            Kind::Value => [
                "有效的值",
                "a valid value",
                "ein gültiger Wert",
                "un valor válido",
                "une valeur valide",
                "um valor válido",
                "допустимое значение",
            ],
        }
    }
}

/// The names between backquotes in serde's message, in order (`unknown variant `x`, expected
/// one of `a`, `b``: x, a, b).
fn quoted(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// The refusal of a body `T` could not be read from: 400, naming the field.
pub fn refusal(error: &serde_path_to_error::Error<serde_json::Error>) -> PluginError {
    let path = error.path().to_string();
    let message = error.inner().to_string();
    // The field the message is about: the path to it, or the body itself.
    let at = |name: Option<&str>| -> String {
        match (path.as_str(), name) {
            (".", Some(name)) => name.to_string(),
            (".", None) => "body".to_string(),
            // The path may end at the field already (an unknown one is read as its key).
            (field, Some(name)) if field == name || field.ends_with(&format!(".{name}")) => field.to_string(),
            (parent, Some(name)) => format!("{parent}.{name}"),
            (field, None) => field.to_string(),
        }
    };
    if message.starts_with("missing field") {
        return PluginError::required(&at(quoted(&message).first().copied()));
    }
    if message.starts_with("unknown variant") {
        let choices = quoted(&message)[1..].join(", ");
        return PluginError::format_values(&at(None), &choices);
    }
    if message.starts_with("unknown field") {
        let field = at(quoted(&message).first().copied());
        return PluginError::format(&field, Kind::Value.texts());
    }
    // "invalid type: …, expected X", "invalid value: …, expected X", "invalid length …".
    let expected = message.rsplit_once(", expected ").map_or("", |(_, x)| x);
    let expected = expected.split(" at line ").next().unwrap_or(expected);
    PluginError::format(&at(None), Kind::of(expected).texts())
}

/// `body` read as `T`, or the [`refusal`] of what it could not be.
pub fn read<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Result<T, PluginError> {
    serde_path_to_error::deserialize(body).map_err(|error| refusal(&error))
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
