//! Mail templates: subject, content, header signature and language, with their placeholders
//! declared. Rendered by the host's minijinja; a template using a placeholder it does not declare
//! is refused with the placeholder's name.

use std::collections::BTreeMap;

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, Host, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

pub const LANGUAGES: [&str; 7] = ["zhCn", "en", "de", "es", "fr", "pt", "ru"];
const MAX_CONTENT: usize = 64 * 1024;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailTemplate {
    pub template_name: String,
    pub lang: String,
    pub subject: String,
    /// HTML with `{{ placeholder }}`s.
    pub content: String,
    pub header_signature: String,
    pub placeholders: Vec<String>,
}

pub const TEMPLATES: Collection<MailTemplate> = Collection::new("templates");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TemplateInput {
    template_name: String,
    lang: String,
    subject: String,
    content: String,
    header_signature: String,
    placeholders: Vec<String>,
}

fn is_placeholder(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.len() <= 64
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Renders the three parts; minijinja's error (which names an unknown placeholder) lands on the
/// part's field.
fn render_parts(host: &mut dyn Host, template: &MailTemplate, values: &Value) -> PluginResult<(String, String)> {
    let mut render = |field: &str, text: &str| {
        host.render(text, &values.to_string()).map_err(|detail| PluginError::text(400, Some(field), detail))
    };
    let subject = render("subject", &template.subject)?;
    let content = render("content", &template.content)?;
    let signature = render("headerSignature", &template.header_signature)?;
    let html = if signature.is_empty() { content } else { format!("{content}<br><br>{signature}") };
    Ok((subject, html))
}

impl TemplateInput {
    fn validate(self, host: &mut dyn Host) -> PluginResult<MailTemplate> {
        let mut placeholders: Vec<String> = Vec::new();
        for name in self.placeholders.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
            if !is_placeholder(name) {
                return Err(PluginError::format(
                    "placeholders",
                    [
                        "由字母、数字和 _ 组成的名称",
                        "names of letters, digits and _",
                        "Namen aus Buchstaben, Ziffern und _",
                        "nombres de letras, dígitos y _",
                        "des noms de lettres, chiffres et _",
                        "nomes de letras, algarismos e _",
                        "имена из букв, цифр и _",
                    ],
                ));
            }
            if !placeholders.iter().any(|p| p == name) {
                placeholders.push(name.to_string());
            }
        }
        let template = MailTemplate {
            template_name: validate::required("templateName", &self.template_name, SHORT_TEXT)?,
            lang: validate::one_of("lang", &self.lang, &LANGUAGES)?,
            subject: validate::required("subject", &self.subject, SHORT_TEXT * 2)?,
            content: validate::required("content", &self.content, MAX_CONTENT)?,
            header_signature: validate::optional("headerSignature", &self.header_signature, LONG_TEXT)?,
            placeholders,
        };
        // Only the declared placeholders exist while checking.
        let sample = Value::Object(template.placeholders.iter().map(|p| (p.clone(), Value::from(p.clone()))).collect());
        render_parts(host, &template, &sample)?;
        Ok(template)
    }
}

/// The template `name` in `lang`, else in English, else in Chinese.
pub fn find(host: &mut dyn Host, name: &str, lang: &str) -> PluginResult<MailTemplate> {
    for candidate in [lang, "en", "zhCn"] {
        let query = Query::new().eq("templateName", name).eq("lang", candidate).page(1, 1);
        if let Some(found) = TEMPLATES.query(host, &query)?.list.into_iter().next() {
            return Ok(found.data);
        }
    }
    Err(PluginError::format(
        "templateName",
        [
            "某个邮件模板的名称",
            "the name of a mail template",
            "der Name einer Mailvorlage",
            "el nombre de una plantilla de correo",
            "le nom d’un modèle de courriel",
            "o nome de um modelo de correio",
            "название шаблона письма",
        ],
    ))
}

/// Subject and HTML of a template filled with `values`; every declared placeholder needs one.
pub fn fill(
    host: &mut dyn Host,
    template: &MailTemplate,
    values: &BTreeMap<String, String>,
) -> PluginResult<(String, String)> {
    if let Some(missing) = template.placeholders.iter().find(|p| values.get(*p).is_none_or(|v| v.trim().is_empty())) {
        return Err(PluginError::required(&format!("values.{missing}")));
    }
    let context =
        Value::Object(template.placeholders.iter().map(|p| (p.clone(), Value::from(values[p].clone()))).collect());
    render_parts(host, template, &context)
}

/// Mail templates as a resource: one per name and language, its placeholders checked by rendering.
pub struct Templates;

impl Resource for Templates {
    type Data = MailTemplate;
    type Input = TemplateInput;
    const COLLECTION: Collection<MailTemplate> = TEMPLATES;
    const SEARCH: &'static [&'static str] = &["templateName"];
    const FILTERS: &'static [&'static str] = &["lang"];
    const SORT: &'static [(&'static str, bool)] = &[("templateName", false)];

    fn name(template: &MailTemplate) -> &str {
        &template.template_name
    }

    fn validate(
        call: &mut Call<'_>,
        input: TemplateInput,
        _current: Option<&Doc<MailTemplate>>,
    ) -> PluginResult<MailTemplate> {
        input.validate(call.host)
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PreviewInput {
    template_name: String,
    lang: String,
    values: BTreeMap<String, String>,
}

/// A template filled in, as the preview shows it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Preview {
    pub lang: String,
    pub subject: String,
    pub html: String,
}

pub fn preview(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<PreviewInput>()?;
    let template = find(call.host, &input.template_name, &input.lang)?;
    let (subject, html) = fill(call.host, &template, &input.values)?;
    Ok(json!(Preview { lang: template.lang, subject, html }))
}
