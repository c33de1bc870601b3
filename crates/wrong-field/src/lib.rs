//! A request whose fields have the wrong type, told as a form's user reads it: the field (its
//! path in the body, which a form marks) and what it must be, in the console's seven languages
//! (zhCn, en, de, es, fr, pt, ru); never serde's own words ("invalid type: floating point
//! `0.1`, expected u32"). The host's own routes and the plugin SDK read bodies through this one
//! crate, so a refusal says it the same way whoever serves the route.

/// What serde expected of a field, as a kind the user knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
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

    /// What the field must be, in the seven languages.
    pub fn texts(self) -> [&'static str; 7] {
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

/// What is wrong with one field of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WrongField {
    /// The field is missing.
    Required { field: String },
    /// The field must be one of these literal values (an enumeration's names, comma-separated).
    OneOf { field: String, choices: String },
    /// The field is not of the kind it must be (or the request may not have it at all).
    Kind { field: String, kind: Kind },
}

impl WrongField {
    /// The field's path in the request (`spec.accuracy`, `items[1]`, `body` for the whole).
    pub fn field(&self) -> &str {
        match self {
            WrongField::Required { field } | WrongField::OneOf { field, .. } | WrongField::Kind { field, .. } => field,
        }
    }
}

/// The names between backquotes in serde's message, in order (`unknown variant `x`, expected
/// one of `a`, `b``: x, a, b).
fn quoted(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// What serde's `message` about the value at `path` (serde_path_to_error's form: `.` for the
/// request itself) says is wrong, without serde's words.
pub fn describe(path: &str, message: &str) -> WrongField {
    // The field the message is about: the path to it, or the request itself.
    let at = |name: Option<&str>| -> String {
        match (path, name) {
            (".", Some(name)) => name.to_string(),
            (".", None) => "body".to_string(),
            // The path may end at the field already (an unknown one is read as its key).
            (field, Some(name)) if field == name || field.ends_with(&format!(".{name}")) => field.to_string(),
            (parent, Some(name)) => format!("{parent}.{name}"),
            (field, None) => field.to_string(),
        }
    };
    if message.starts_with("missing field") {
        return WrongField::Required { field: at(quoted(message).first().copied()) };
    }
    if message.starts_with("unknown variant") {
        let choices = quoted(message).get(1..).unwrap_or_default().join(", ");
        return WrongField::OneOf { field: at(None), choices };
    }
    if message.starts_with("unknown field") {
        return WrongField::Kind { field: at(quoted(message).first().copied()), kind: Kind::Value };
    }
    // "invalid type: …, expected X", "invalid value: …, expected X", "invalid length …",
    // and a query string's "invalid digit found in string" (which names no kind).
    let expected = message.rsplit_once(", expected ").map_or("", |(_, x)| x);
    let expected = expected.split(" at line ").next().unwrap_or(expected);
    WrongField::Kind { field: at(None), kind: Kind::of(expected) }
}

/// What serde_path_to_error found wrong.
pub fn of<E: std::fmt::Display>(error: &serde_path_to_error::Error<E>) -> WrongField {
    describe(&error.path().to_string(), &error.inner().to_string())
}

/// `value` read as `T`, or what is wrong with it.
pub fn read<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, WrongField> {
    serde_path_to_error::deserialize(value).map_err(|error| of(&error))
}

/// A JSON text read as `T`: `Err(None)` when it is not JSON at all (the parser's own words are
/// then all there is to say), `Err(Some(..))` when a field is wrong.
pub fn read_json<T: serde::de::DeserializeOwned>(text: &[u8]) -> Result<T, Option<WrongField>> {
    let value: serde_json::Value = serde_json::from_slice(text).map_err(|_| None)?;
    read(value).map_err(Some)
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

    fn kind(field: &str, kind: Kind) -> WrongField {
        WrongField::Kind { field: field.into(), kind }
    }

    /// Each way a body can be wrong names its field and says what kind it must be.
    #[test]
    fn every_kind_of_wrong_field_names_the_field_and_the_rule() {
        let cases: [(&str, serde_json::Value, WrongField); 11] = [
            ("accuracy", json!(0.1), kind("accuracy", Kind::WholeNumberFromZero)),
            ("accuracy", json!(-1), kind("accuracy", Kind::WholeNumberFromZero)),
            ("offset", json!("x"), kind("offset", Kind::WholeNumber)),
            ("scale", json!("x"), kind("scale", Kind::Number)),
            ("unit", json!(5), kind("unit", Kind::Text)),
            ("enabled", json!("yes"), kind("enabled", Kind::YesNo)),
            ("values", json!(3), kind("values", Kind::List)),
            ("values", json!([1, "a"]), kind("values[1]", Kind::WholeNumberFromZero)),
            ("mode", json!("loud"), WrongField::OneOf { field: "mode".into(), choices: "quiet, turbo".into() }),
            ("range", json!(7), kind("range", Kind::Object)),
            ("range", json!({ "min": "low" }), kind("range.min", Kind::WholeNumber)),
        ];
        for (field, value, wrong) in cases {
            let mut body = valid();
            body[field] = value.clone();
            assert_eq!(read::<Spec>(body).expect_err(&format!("{field} = {value}")), wrong, "{field} = {value}");
        }
        // A field left out, one the body may not have, one left out inside another.
        let mut body = valid();
        body.as_object_mut().expect("object").remove("unit");
        assert_eq!(read::<Spec>(body).expect_err("missing"), WrongField::Required { field: "unit".into() });
        let mut body = valid();
        body["colour"] = json!("red");
        assert_eq!(read::<Spec>(body).expect_err("unknown"), kind("colour", Kind::Value));
        let mut body = valid();
        body["range"] = json!({});
        assert_eq!(read::<Spec>(body).expect_err("inside").field(), "range.min");
        assert_eq!(read::<Spec>(json!([1])).expect_err("a list").field(), "body");
        assert!(read::<Spec>(valid()).is_ok());
        // Text that is not JSON at all has no field to name.
        assert_eq!(read_json::<Spec>(b"{not json").expect_err("not json"), None);
        assert!(read_json::<Spec>(br#"{"accuracy": 0.1}"#).expect_err("wrong").is_some());
    }

    /// No kind's text is left untranslated or carries serde's words.
    #[test]
    fn every_kind_reads_in_every_language() {
        let kinds = [
            Kind::WholeNumber,
            Kind::WholeNumberFromZero,
            Kind::Number,
            Kind::Text,
            Kind::YesNo,
            Kind::List,
            Kind::Object,
            Kind::Value,
        ];
        for kind in kinds {
            let texts = kind.texts();
            for (at, text) in texts.iter().enumerate() {
                assert!(!text.is_empty(), "{kind:?} {at}");
                assert!(at == 1 || *text != texts[1], "{kind:?} {at} is the English");
                for serde_words in ["u32", "f64", "i64", "struct", "sequence", "`"] {
                    assert!(!text.contains(serde_words), "{kind:?}: {text}");
                }
            }
        }
    }
}
