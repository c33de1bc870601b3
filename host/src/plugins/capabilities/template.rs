//! `template`: minijinja rendering of tenant-written templates, bounded on the host's side in
//! steps, memory, output and time.
//!
//! Fuel bounds steps, not what one step allocates: `{{ "a"|indent(6500000000) }}` took 6 GB and
//! the host with it, and rendering on the async workers froze every request while it ran. So:
//! - the operators that build strings of any size (`~`, `+`, `*`, `**`) are refused when the
//!   template is saved or rendered: a message template substitutes, tests and loops;
//! - the filters that can grow a string (`indent`, `replace`, `join`, `tojson`, `format`) are
//!   replaced by versions that check the size of their result before building it;
//! - the output goes to a writer that stops at [`MAX_OUTPUT`];
//! - plugin calls render in a worker process (`crate::renderers`) whose memory the kernel
//!   bounds and which is killed at the call's deadline: what no check of the text can foresee
//!   (lists nested in lists turned into text) takes neither the host's memory nor its threads.

use minijinja::value::{Kwargs, Value};
use minijinja::{Environment, Error, ErrorKind, UndefinedBehavior};

use super::Capability;
use crate::plugins::bindings::console::plugin::template;
use crate::plugins::runtime::CallState;

const MAX_TEMPLATE: usize = 64 * 1024;
const MAX_OUTPUT: usize = 1024 * 1024;
/// Roughly the work of rendering a long mail with loops; a runaway template stops here.
const FUEL: u64 = 200_000;
const MAX_INDENT: usize = 64;
const MAX_JSON_INDENT: usize = 8;

/// Renders `source` with a JSON object `context`; also used by the host's own notices.
pub fn render(source: &str, context: &str) -> Result<String, String> {
    if source.len() > MAX_TEMPLATE {
        return Err(format!("template larger than {} KiB", MAX_TEMPLATE / 1024));
    }
    refuse_string_building(source)?;
    let context: serde_json::Value = serde_json::from_str(context).map_err(|e| format!("context is not JSON: {e}"))?;
    let env = environment();
    let template = env.template_from_str(source).map_err(|e| e.to_string())?;
    let mut output = BoundedOutput(Vec::new());
    template.render_captured_to(&context, &mut output).map_err(|e| match e.kind() {
        // Name what is missing: "undefined value" alone does not tell the author which one.
        ErrorKind::UndefinedError => {
            let mut missing: Vec<String> = template
                .undeclared_variables(false)
                .into_iter()
                .filter(|name| context.get(name).is_none_or(serde_json::Value::is_null))
                .collect();
            missing.sort();
            if missing.is_empty() { e.to_string() } else { format!("unknown placeholder {}", missing.join(", ")) }
        }
        ErrorKind::WriteFailure => format!("output larger than {} KiB", MAX_OUTPUT / 1024),
        _ => e.to_string(),
    })?;
    String::from_utf8(output.0).map_err(|_| "output is not UTF-8".to_string())
}

fn environment() -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_fuel(Some(FUEL));
    env.set_recursion_limit(32);
    env.add_filter("indent", indent);
    env.add_filter("replace", replace);
    env.add_filter("join", join);
    env.add_filter("tojson", tojson);
    env.add_filter("format", format);
    env
}

fn too_large() -> Error {
    Error::new(ErrorKind::InvalidOperation, format!("the result would be larger than {} KiB", MAX_OUTPUT / 1024))
}

/// `indent(width, first, blank)` with a width of at most [`MAX_INDENT`].
fn indent(value: String, width: Option<usize>, first: Option<bool>, blank: Option<bool>) -> Result<String, Error> {
    let width = width.unwrap_or(4);
    if width > MAX_INDENT {
        return Err(Error::new(ErrorKind::InvalidOperation, format!("indent width at most {MAX_INDENT}")));
    }
    let lines = value.lines().count() + 1;
    if value.len() + lines * width > MAX_OUTPUT {
        return Err(too_large());
    }
    let pad = " ".repeat(width);
    let indented: Vec<String> = value
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let skip = (i == 0 && !first.unwrap_or(false)) || (line.trim().is_empty() && !blank.unwrap_or(false));
            if skip { line.to_string() } else { format!("{pad}{line}") }
        })
        .collect();
    Ok(indented.join("\n"))
}

fn replace(value: String, from: String, to: String) -> Result<String, Error> {
    let grows_by = to.len().saturating_sub(from.len());
    let occurrences = if from.is_empty() { value.chars().count() + 1 } else { value.matches(from.as_str()).count() };
    if value.len() + occurrences * grows_by > MAX_OUTPUT {
        return Err(too_large());
    }
    Ok(value.replace(&from, &to))
}

fn join(value: Value, joiner: Option<String>) -> Result<String, Error> {
    let joiner = joiner.unwrap_or_default();
    let items: Vec<String> =
        value.try_iter()?.map(|item| item.as_str().map_or_else(|| item.to_string(), str::to_string)).collect();
    let size = items.iter().map(String::len).sum::<usize>() + joiner.len() * items.len().saturating_sub(1);
    if size > MAX_OUTPUT {
        return Err(too_large());
    }
    Ok(items.join(&joiner))
}

fn tojson(value: Value, indent: Option<usize>, kwargs: Kwargs) -> Result<Value, Error> {
    let indent = indent.or(kwargs.get::<Option<usize>>("indent")?);
    kwargs.assert_all_used()?;
    if indent.is_some_and(|i| i > MAX_JSON_INDENT) {
        return Err(Error::new(ErrorKind::InvalidOperation, format!("tojson indent at most {MAX_JSON_INDENT}")));
    }
    let text = match indent {
        Some(width) => {
            let pad = " ".repeat(width);
            let mut out = Vec::new();
            let formatter = serde_json::ser::PrettyFormatter::with_indent(pad.as_bytes());
            let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
            serde::Serialize::serialize(&value, &mut serializer)
                .map_err(|e| Error::new(ErrorKind::BadSerialization, e.to_string()))?;
            String::from_utf8(out).unwrap_or_default()
        }
        None => serde_json::to_string(&value).map_err(|e| Error::new(ErrorKind::BadSerialization, e.to_string()))?,
    };
    if text.len() > MAX_OUTPUT {
        return Err(too_large());
    }
    Ok(Value::from_safe_string(text))
}

/// `format` with `%s` and `%d` only, no widths: a width is an allocation the author chooses.
fn format(value: String, args: &[Value]) -> Result<String, Error> {
    let mut out = String::new();
    let mut args = args.iter();
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('%') => out.push('%'),
            Some('s' | 'd') => {
                let arg =
                    args.next().ok_or_else(|| Error::new(ErrorKind::MissingArgument, "format: too few arguments"))?;
                out.push_str(&arg.to_string());
            }
            _ => return Err(Error::new(ErrorKind::InvalidOperation, "format takes %s and %d only")),
        }
        if out.len() > MAX_OUTPUT {
            return Err(too_large());
        }
    }
    Ok(out)
}

/// Refuses `~`, `+`, `*` (and `**`) inside `{{ }}` and `{% %}`, outside string literals.
fn refuse_string_building(source: &str) -> Result<(), String> {
    let bytes = source.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        let opens_code = bytes[i] == b'{' && matches!(bytes[i + 1], b'{' | b'%');
        if !opens_code {
            i += 1;
            continue;
        }
        let close = if bytes[i + 1] == b'{' { b'}' } else { b'%' };
        i += 2;
        let mut quote: Option<u8> = None;
        while i < bytes.len() {
            let c = bytes[i];
            match quote {
                Some(_) if c == b'\\' => i += 1,
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == b'\'' || c == b'"' => quote = Some(c),
                None if matches!(c, b'~' | b'+' | b'*') => {
                    return Err(format!(
                        "`{}` is not available in templates: write the parts one after the other",
                        c as char
                    ));
                }
                None if c == close && bytes.get(i + 1) == Some(&b'}') => {
                    i += 1;
                    break;
                }
                None => {}
            }
            i += 1;
        }
    }
    Ok(())
}

/// Collects the output and fails the render once it passes [`MAX_OUTPUT`].
struct BoundedOutput(Vec<u8>);

impl std::io::Write for BoundedOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.0.len() + bytes.len() > MAX_OUTPUT {
            return Err(std::io::Error::other("output limit"));
        }
        self.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl template::Host for CallState {
    async fn render(&mut self, source: String, context: String) -> wasmtime::Result<Result<String, String>> {
        if let Err(why) = self.check_grant(Capability::Template) {
            return Ok(Err(why));
        }
        Ok(self.services.renderers.render(&source, &context, self.remaining()).await)
    }
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn renders_and_refuses_undefined_and_runaway_templates() {
        assert_eq!(render("Hi {{ name }}", r#"{"name":"Ann"}"#).as_deref(), Ok("Hi Ann"));
        assert_eq!(
            render("Hi {{ nobody }} and {{ name }} and {{ other.x }}", r#"{"name":"Ann"}"#),
            Err("unknown placeholder nobody, other".into())
        );
        assert!(
            render("{% for i in range(100000) %}{% for j in range(1000) %}x{% endfor %}{% endfor %}", "{}").is_err()
        );
    }

    /// Each of these allocated gigabytes or ran for seconds in one step before.
    #[test]
    fn templates_that_would_take_the_hosts_memory_are_refused() {
        let context = r#"{"sep":"--------------------","pad":"  a  a  a  a  a  a  a  a  a  a"}"#;
        let attacks = [
            (r#"{{ "a"|indent(6500000000) }}"#, "indent width at most 64"),
            (r#"{{ "x" * 100000000 }}"#, "`*` is not available"),
            (r#"{% set a = "x" %}{{ a ~ a ~ a }}"#, "`~` is not available"),
            (r#"{{ "a" + "b" }}"#, "`+` is not available"),
            (r#"{{ range(100000)|join(sep) }}"#, "larger than 1024 KiB"),
            (r#"{{ range(100000)|join(",")|replace(",", sep) }}"#, "larger than 1024 KiB"),
            (r#"{{ "%999999999s"|format("x") }}"#, "format takes %s and %d only"),
            (r#"{{ {"a": 1}|tojson(indent=100000000) }}"#, "tojson indent at most 8"),
            (r#"{% for i in range(30000) %}{{ pad }}{{ pad }}{% endfor %}"#, "output larger than 1024 KiB"),
        ];
        for (template, expected) in attacks {
            match render(template, context) {
                Ok(output) => panic!("{template}: rendered {} bytes", output.len()),
                Err(refused) => assert!(refused.contains(expected), "{template}: {refused}"),
            }
        }
    }

    #[test]
    fn what_message_templates_need_still_works() {
        let context = r#"{"name":"Ann","items":["a","b"],"n":3,"note":"line one\nline two"}"#;
        let rendered = render(
            "{{ name|upper }}: {{ items|join(', ') }} ({{ n }}) {% if n > 2 %}many{% endif %} \"a+b\" {{ '%s/%d'|format(name, n) }}\n{{ note|indent(2) }} {{ {'k': n}|tojson }} {{ 'x~y'|replace('~', '-') }}",
            context,
        )
        .expect("renders");
        assert_eq!(rendered, "ANN: a, b (3) many \"a+b\" Ann/3\nline one\n  line two {\"k\":3} x-y");
    }
}
