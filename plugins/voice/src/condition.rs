//! An intent's conditional expression, e.g. `temperature >= 16 && temperature <= 30` or
//! `room == "kitchen"`: parsed and evaluated by evalexpr with a read-only context of the slot
//! values. No code runs: no assignment (the context is immutable), only a short list of pure
//! functions, and only the intent's declared slots as variables.

use std::collections::BTreeMap;

use evalexpr::{
    ContextWithMutableVariables, DefaultNumericTypes, EvalexprError, HashMapContext, Node, Operator, Value,
    build_operator_tree,
};

pub const MAX_LENGTH: usize = 500;

/// Pure functions a condition may call; anything else (`random`, ...) is refused.
const FUNCTIONS: [&str; 14] = [
    "min",
    "max",
    "if",
    "len",
    "contains",
    "contains_any",
    "floor",
    "round",
    "ceil",
    "math::abs",
    "str::to_lowercase",
    "str::to_uppercase",
    "str::trim",
    "str::substring",
];

/// Why a condition cannot be used, in English detail (the caller wraps it in the user's language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionError(pub String);

fn parse(expression: &str, slots: &[String]) -> Result<Node<DefaultNumericTypes>, ConditionError> {
    if expression.chars().count() > MAX_LENGTH {
        return Err(ConditionError(format!("longer than {MAX_LENGTH} characters")));
    }
    let tree = build_operator_tree::<DefaultNumericTypes>(expression).map_err(|e| ConditionError(e.to_string()))?;
    let assigns = tree.iter().any(|node| {
        matches!(
            node.operator(),
            Operator::Assign
                | Operator::AddAssign
                | Operator::SubAssign
                | Operator::MulAssign
                | Operator::DivAssign
                | Operator::ModAssign
                | Operator::ExpAssign
                | Operator::AndAssign
                | Operator::OrAssign
        )
    });
    if assigns {
        return Err(ConditionError("assignments are not allowed".into()));
    }
    if let Some(unknown) = tree.iter_variable_identifiers().find(|name| !slots.iter().any(|s| s == name)) {
        return Err(ConditionError(format!("`{unknown}` is not a slot of the intent")));
    }
    if let Some(function) = tree.iter_function_identifiers().find(|f| !FUNCTIONS.contains(f)) {
        return Err(ConditionError(format!("the function `{function}` is not allowed")));
    }
    Ok(tree)
}

/// Checks a condition when an intent is saved. Parsing accepts an operator missing an operand
/// (`a >`); a trial run with every slot at 0 finds those, while type mismatches that depend on
/// the real values are left to the trial.
pub fn check(expression: &str, slots: &[String]) -> Result<(), ConditionError> {
    let tree = parse(expression, slots)?;
    let mut context = HashMapContext::<DefaultNumericTypes>::new();
    for name in slots {
        context.set_value(name.clone(), Value::from_int(0)).map_err(|e| ConditionError(e.to_string()))?;
    }
    match tree.eval_with_context(&context) {
        Err(
            error @ (EvalexprError::WrongOperatorArgumentAmount { .. }
            | EvalexprError::WrongFunctionArgumentAmount { .. }),
        ) => Err(ConditionError(format!("incomplete: {error}"))),
        _ => Ok(()),
    }
}

/// A slot value as the expression sees it: integer, number, boolean, or text.
fn typed(text: &str) -> Value<DefaultNumericTypes> {
    if let Ok(int) = text.parse::<i64>() {
        Value::from_int(int)
    } else if let Ok(float) = text.parse::<f64>() {
        Value::from_float(float)
    } else if let Ok(flag) = text.parse::<bool>() {
        Value::from(flag)
    } else {
        Value::from(text)
    }
}

/// Whether the condition holds for these slot values.
pub fn evaluate(expression: &str, slots: &[String], values: &BTreeMap<String, String>) -> Result<bool, ConditionError> {
    let tree = parse(expression, slots)?;
    let mut context = HashMapContext::<DefaultNumericTypes>::new();
    for name in tree.iter_variable_identifiers() {
        let value = values.get(name).ok_or_else(|| ConditionError(format!("the slot `{name}` has no value")))?;
        context.set_value(name.to_string(), typed(value)).map_err(|e| ConditionError(e.to_string()))?;
    }
    tree.eval_boolean_with_context(&context).map_err(|e| ConditionError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots() -> Vec<String> {
        vec!["temperature".into(), "room".into()]
    }

    fn values(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn evaluates_numbers_and_text_from_slots() {
        let range = "temperature >= 16 && temperature <= 30";
        assert_eq!(evaluate(range, &slots(), &values(&[("temperature", "22")])), Ok(true));
        assert_eq!(evaluate(range, &slots(), &values(&[("temperature", "35")])), Ok(false));
        let room = r#"str::to_lowercase(room) == "kitchen""#;
        assert_eq!(evaluate(room, &slots(), &values(&[("room", "Kitchen")])), Ok(true));
    }

    #[test]
    fn refuses_what_could_do_harm_or_is_wrong() {
        for (expression, needle) in [
            ("temperature = 5", "assignment"),
            ("random() > 0.5", "random"),
            ("humidity > 3", "humidity"),
            ("temperature >", ""),
            (&"1 + ".repeat(200), "500"),
        ] {
            let err = check(expression, &slots()).expect_err(expression);
            assert!(err.0.contains(needle), "{expression}: {}", err.0);
        }
        let not_boolean = evaluate("temperature + 1", &slots(), &values(&[("temperature", "3")]));
        assert!(not_boolean.is_err());
        let missing = evaluate("temperature > 1", &slots(), &BTreeMap::new()).expect_err("missing");
        assert!(missing.0.contains("temperature"));
    }
}
