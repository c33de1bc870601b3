//! `template`: minijinja rendering with strict undefined values, a fuel budget and size caps.

use minijinja::{Environment, UndefinedBehavior};

use super::Capability;
use crate::plugins::bindings::console::plugin::template;
use crate::plugins::runtime::CallState;

const MAX_TEMPLATE: usize = 64 * 1024;
const MAX_OUTPUT: usize = 1024 * 1024;
/// Roughly the work of rendering a long mail with loops; a runaway template stops here.
const FUEL: u64 = 200_000;

/// Renders `source` with a JSON object `context`; also used by the host's own notices.
pub fn render(source: &str, context: &str) -> Result<String, String> {
    if source.len() > MAX_TEMPLATE {
        return Err(format!("template larger than {} KiB", MAX_TEMPLATE / 1024));
    }
    let context: serde_json::Value = serde_json::from_str(context).map_err(|e| format!("context is not JSON: {e}"))?;
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_fuel(Some(FUEL));
    let template = env.template_from_str(source).map_err(|e| e.to_string())?;
    let output = template.render(&context).map_err(|e| match e.kind() {
        // Name what is missing: "undefined value" alone does not tell the author which one.
        minijinja::ErrorKind::UndefinedError => {
            let mut missing: Vec<String> = template
                .undeclared_variables(false)
                .into_iter()
                .filter(|name| context.get(name).is_none_or(serde_json::Value::is_null))
                .collect();
            missing.sort();
            if missing.is_empty() { e.to_string() } else { format!("unknown placeholder {}", missing.join(", ")) }
        }
        _ => e.to_string(),
    })?;
    if output.len() > MAX_OUTPUT {
        return Err(format!("output larger than {} KiB", MAX_OUTPUT / 1024));
    }
    Ok(output)
}

impl template::Host for CallState {
    async fn render(&mut self, source: String, context: String) -> wasmtime::Result<Result<String, String>> {
        Ok(self.check_grant(Capability::Template).and_then(|()| render(&source, &context)))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn renders_and_refuses_undefined_and_runaway_templates() {
        assert_eq!(super::render("Hi {{ name }}", r#"{"name":"Ann"}"#).as_deref(), Ok("Hi Ann"));
        assert_eq!(
            super::render("Hi {{ nobody }} and {{ name }} and {{ other.x }}", r#"{"name":"Ann"}"#),
            Err("unknown placeholder nobody, other".into())
        );
        assert!(
            super::render("{% for i in range(100000) %}{% for j in range(1000) %}x{% endfor %}{% endfor %}", "{}")
                .is_err()
        );
    }
}
