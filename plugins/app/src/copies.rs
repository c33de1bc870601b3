//! Copy libraries: the public, project and function libraries of an app's texts by key and
//! language. An entry is complete when every language its library needs is filled (a project's
//! languages; the platform's for the others); its placeholders are counted in every language; a
//! project imports the public library without overwriting what it has; publishing asks to confirm
//! empty copy and makes the bundle apps download per project and language (a new version only when
//! its texts changed; the host's ETag lets apps fetch only changes).

use std::collections::BTreeMap;

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json, platform};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::messages;
use crate::projects::{self, PROJECTS};

pub const LIBRARIES: [&str; 3] = ["public", "project", "function"];
/// A library has at most this many entries; an import or a publish reads them all.
pub const MAX_ENTRIES: u32 = 5_000;

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyEntry {
    pub library: String,
    /// The project of a project library; empty for the public and function libraries.
    pub project_id: String,
    pub key1: String,
    pub key2: String,
    pub key3: String,
    /// `key1.key2.key3` (or `function:<type>:<code>` without keys): unique in its library.
    pub key_path: String,
    pub key_description: String,
    pub placeholder: bool,
    pub placeholder_count: u32,
    pub function_type: String,
    pub function_code: String,
    pub parent_function_type: String,
    /// Given once (`C` and ten characters).
    pub copy_code: String,
    /// The text by language code.
    pub texts: BTreeMap<String, String>,
    /// Every language its library needs is filled.
    pub complete: bool,
    /// Who translates it; empty: to be assigned.
    pub assignee: String,
    pub project_type: String,
}

pub const COPIES: Collection<CopyEntry> = Collection::new("copies");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CopyInput {
    pub library: String,
    pub project_id: String,
    pub key1: String,
    pub key2: String,
    pub key3: String,
    pub key_description: String,
    pub placeholder: bool,
    pub placeholder_count: u32,
    pub function_type: String,
    pub function_code: String,
    pub parent_function_type: String,
    pub texts: BTreeMap<String, String>,
    pub assignee: String,
    pub project_type: String,
}

/// `key1.key2.key3` (the keys given), or `function:<type>:<code>` for an entry without keys.
pub fn key_path(keys: [&str; 3], function_type: &str, function_code: &str) -> String {
    let keys: Vec<&str> = keys.into_iter().filter(|k| !k.is_empty()).collect();
    if keys.is_empty() { format!("function:{function_type}:{function_code}") } else { keys.join(".") }
}

/// The placeholders of a text: `{...}` (`{0}`, `{name}`) and printf's `%s`, `%d`, `%@`, `%1$s`.
pub fn placeholders(text: &str) -> usize {
    let chars: Vec<char> = text.chars().collect();
    let mut count = 0;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '{' => {
                if let Some(end) = chars[i + 1..].iter().position(|c| *c == '}') {
                    let inner: String = chars[i + 1..i + 1 + end].iter().collect();
                    if !inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || c == '_') {
                        count += 1;
                    }
                    i += end + 2;
                    continue;
                }
            }
            '%' => {
                let mut j = i + 1;
                while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '$') {
                    j += 1;
                }
                if j < chars.len() && matches!(chars[j], 's' | 'd' | '@' | 'f') {
                    count += 1;
                    i = j + 1;
                    continue;
                }
                if j < chars.len() && chars[j] == '%' {
                    i = j + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    count
}

/// The languages an entry of `library` (of `project_id`) must have to be complete.
pub fn required_languages(call: &mut Call<'_>, library: &str, project_id: &str) -> PluginResult<Vec<String>> {
    if library == "project" {
        let project = PROJECTS.get(call.host, project_id)?.ok_or_else(|| PluginError::required("projectId"))?;
        return Ok(project.data.languages);
    }
    platform::languages(call.host)
}

fn key(field: &str, value: &str) -> PluginResult<String> {
    let key = validate::optional(field, value, 64)?;
    if key.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')) {
        Ok(key)
    } else {
        Err(PluginError::format(
            field,
            [
                "字母、数字、下划线或连字符",
                "letters, digits, underscores or hyphens",
                "Buchstaben, Ziffern, Unterstriche oder Bindestriche",
                "letras, dígitos, guiones bajos o guiones",
                "lettres, chiffres, tirets bas ou tirets",
                "letras, dígitos, sublinhados ou hífenes",
                "буквы, цифры, подчёркивания или дефисы",
            ],
        ))
    }
}

impl CopyInput {
    pub fn validate(self, call: &mut Call<'_>, current: Option<&Doc<CopyEntry>>) -> PluginResult<CopyEntry> {
        let library = validate::one_of("library", &self.library, &LIBRARIES)?;
        let project_id = if library == "project" {
            let id = validate::required("projectId", &self.project_id, 64)?;
            PROJECTS.get(call.host, &id)?.ok_or_else(|| PluginError::required("projectId"))?;
            id
        } else {
            String::new()
        };
        let (key1, key2, key3) = (key("key1", &self.key1)?, key("key2", &self.key2)?, key("key3", &self.key3)?);
        let function_type = validate::optional("functionType", &self.function_type, SHORT_TEXT)?;
        let function_code = validate::optional("functionCode", &self.function_code, SHORT_TEXT)?;
        if [&key1, &key2, &key3].iter().all(|k| k.is_empty()) && function_type.is_empty() {
            return Err(messages::function_type_or_key());
        }
        let key_path = key_path([&key1, &key2, &key3], &function_type, &function_code);
        let taken = COPIES
            .query(
                call.host,
                &Query::new()
                    .eq("library", library.as_str())
                    .eq("projectId", project_id.as_str())
                    .eq("keyPath", key_path.as_str())
                    .page(1, 2),
            )?
            .list
            .into_iter()
            .any(|c| Some(c.id.as_str()) != current.map(|c| c.id.as_str()));
        if taken {
            return Err(PluginError::invalid(
                "key1",
                console_plugin_sdk::Message::Duplicate { fields: vec![key_path] },
            ));
        }
        let expected = if self.placeholder { self.placeholder_count as usize } else { 0 };
        if self.placeholder && !(1..=20).contains(&self.placeholder_count) {
            return Err(PluginError::format("placeholderCount", console_plugin_sdk::error::integer_range(1, 20)));
        }
        let known = platform::languages(call.host)?;
        let mut texts = BTreeMap::new();
        for (lang, text) in &self.texts {
            let known: Vec<&str> = known.iter().map(String::as_str).collect();
            validate::one_of("texts", lang, &known)?;
            let text = validate::optional("texts", text, LONG_TEXT)?;
            if text.is_empty() {
                continue;
            }
            let found = placeholders(&text);
            if found != expected {
                return Err(messages::placeholders(lang, found, expected));
            }
            texts.insert(lang.clone(), text);
        }
        let needed = required_languages(call, &library, &project_id)?;
        Ok(CopyEntry {
            complete: needed.iter().all(|lang| texts.contains_key(lang)),
            library,
            project_id,
            key1,
            key2,
            key3,
            key_path,
            key_description: validate::optional("keyDescription", &self.key_description, LONG_TEXT)?,
            placeholder: self.placeholder,
            placeholder_count: expected as u32,
            function_type,
            function_code,
            parent_function_type: validate::optional("parentFunctionType", &self.parent_function_type, SHORT_TEXT)?,
            copy_code: match current {
                Some(current) => current.data.copy_code.clone(),
                None => format!("C{}", console_plugin_sdk::random::token(10)?),
            },
            texts,
            assignee: validate::optional("assignee", &self.assignee, SHORT_TEXT)?,
            project_type: validate::optional("projectType", &self.project_type, 32)?,
        })
    }
}

pub struct Copies;

impl Resource for Copies {
    type Data = CopyEntry;
    type Input = CopyInput;
    const COLLECTION: Collection<CopyEntry> = COPIES;
    const SEARCH: &'static [&'static str] = &["keyPath", "functionType"];
    const FILTERS: &'static [&'static str] = &["library", "projectId", "complete", "projectType"];
    const SORT: &'static [(&'static str, bool)] = &[("keyPath", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a copy entry");

    fn name(data: &CopyEntry) -> &str {
        &data.key_path
    }

    fn validate(call: &mut Call<'_>, input: CopyInput, current: Option<&Doc<CopyEntry>>) -> PluginResult<CopyEntry> {
        input.validate(call, current)
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<CopyEntry>) -> PluginResult<()> {
        crate::synced_copies::saved(call, &created.data)
    }

    fn after_update(call: &mut Call<'_>, updated: &Doc<CopyEntry>) -> PluginResult<()> {
        crate::synced_copies::saved(call, &updated.data)
    }

    fn before_delete(call: &mut Call<'_>, doc: &Doc<CopyEntry>) -> PluginResult<()> {
        crate::synced_copies::deleted(call, &doc.data)
    }

    /// A library is listed one at a time: `?library=` is required.
    fn scope(call: &mut Call<'_>, query: Query) -> PluginResult<Query> {
        validate::one_of("library", call.query("library").unwrap_or_default(), &LIBRARIES)?;
        Ok(query)
    }
}

fn entries_of(call: &mut Call<'_>, library: &str, project_id: &str) -> PluginResult<Vec<Doc<CopyEntry>>> {
    let query =
        Query::new().eq("library", library).eq("projectId", project_id).sort("keyPath", false).page(1, MAX_ENTRIES);
    Ok(COPIES.query(call.host, &query)?.list)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ImportInput {
    project_id: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Imported {
    pub imported: usize,
    /// Keys the project has already: left as they are.
    pub skipped: Vec<String>,
}

/// Imports the public library into a project's: what the project has already is never
/// overwritten, and the answer says what was skipped.
pub fn import_public(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: ImportInput = call.body()?;
    let project_id = validate::required("projectId", &input.project_id, 64)?;
    let project = PROJECTS.get(call.host, &project_id)?.ok_or_else(|| PluginError::required("projectId"))?;
    let public = entries_of(call, "public", "")?;
    let existing: std::collections::HashSet<String> =
        entries_of(call, "project", &project_id)?.into_iter().map(|e| e.data.key_path).collect();
    let mut skipped = Vec::new();
    let mut added = Vec::new();
    for entry in public {
        if existing.contains(&entry.data.key_path) {
            skipped.push(entry.data.key_path);
            continue;
        }
        let mut copy = entry.data;
        copy.library = "project".into();
        copy.project_id = project_id.clone();
        copy.complete = project.data.languages.iter().all(|lang| copy.texts.contains_key(lang));
        copy.copy_code = format!("C{}", console_plugin_sdk::random::token(10)?);
        added.push(copy);
    }
    for chunk in added.chunks(500) {
        COPIES.insert_many(call.host, chunk)?;
    }
    call.host.audit(
        "Import the public copy library",
        &format!("{}: {} added, {} kept", project.data.name, added.len(), skipped.len()),
    );
    Ok(json!(Imported { imported: added.len(), skipped }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PublishInput {
    library: String,
    project_id: String,
    /// Publish although some entries have empty copy.
    confirm: bool,
}

/// What apps download: one library's texts in one language.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bundle {
    pub library: String,
    pub project_id: String,
    pub lang: String,
    /// Counts publications that changed its texts.
    pub revision: u32,
    /// The SHA-256 of the texts: unchanged texts, no new revision.
    pub digest: String,
    pub texts: BTreeMap<String, String>,
    pub published_at: i64,
}

pub const BUNDLES: Collection<Bundle> = Collection::new("bundles");

/// Publishes a library: a bundle per language, a new version where its texts changed.
pub fn publish(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: PublishInput = call.body()?;
    let library = validate::one_of("library", &input.library, &LIBRARIES)?;
    let project_id =
        if library == "project" { validate::required("projectId", &input.project_id, 64)? } else { String::new() };
    let languages = required_languages(call, &library, &project_id)?;
    let entries = entries_of(call, &library, &project_id)?;
    let incomplete = entries.iter().filter(|e| !languages.iter().all(|l| e.data.texts.contains_key(l))).count() as u64;
    if incomplete > 0 && !input.confirm {
        return Err(messages::empty_copy(incomplete));
    }
    let now = call.host.now_ms();
    let mut published = Vec::new();
    for lang in &languages {
        let texts: BTreeMap<String, String> = entries
            .iter()
            .filter_map(|e| e.data.texts.get(lang).map(|t| (e.data.key_path.clone(), t.clone())))
            .collect();
        let digest = hex::encode(Sha256::digest(serde_json::to_vec(&texts)?));
        let query = Query::new()
            .eq("library", library.as_str())
            .eq("projectId", project_id.as_str())
            .eq("lang", lang.as_str())
            .page(1, 1);
        let current = BUNDLES.query(call.host, &query)?.list.into_iter().next();
        match current {
            Some(current) if current.data.digest == digest => published.push(current.data),
            Some(current) => {
                let bundle = Bundle {
                    revision: current.data.revision + 1,
                    digest,
                    texts,
                    published_at: now,
                    ..current.data.clone()
                };
                published.push(BUNDLES.update(call.host, &current.id, &bundle, Some(current.version))?.data);
            }
            None => {
                let bundle = Bundle {
                    library: library.clone(),
                    project_id: project_id.clone(),
                    lang: lang.clone(),
                    revision: 1,
                    digest,
                    texts,
                    published_at: now,
                };
                published.push(BUNDLES.insert(call.host, &bundle)?.data);
            }
        }
    }
    call.host.audit("Publish a copy library", &format!("{library} {project_id}: {} entries", entries.len()));
    let summary: Vec<Value> =
        published.iter().map(|b| json!({ "lang": b.lang, "version": b.revision, "keys": b.texts.len() })).collect();
    Ok(json!({ "incomplete": incomplete, "bundles": summary }))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppCopies {
    pub version: u32,
    pub published_at: i64,
    pub texts: BTreeMap<String, String>,
}

/// `GET /app/copies?project=<code>&lang=<code>`: a project's published copy in one language. The
/// host answers it with an ETag: an app that asks again with `If-None-Match` gets a 304 until
/// the copy is published with changes.
pub fn for_app(call: &mut Call<'_>) -> PluginResult<Value> {
    let code = validate::required("project", call.query("project").unwrap_or_default(), 32)?;
    let lang = validate::required("lang", call.query("lang").unwrap_or_default(), 16)?;
    let project = projects::by_code(call, &code)?.ok_or_else(PluginError::not_found)?;
    let query =
        Query::new().eq("library", "project").eq("projectId", project.id.as_str()).eq("lang", lang.as_str()).page(1, 1);
    let bundle = BUNDLES.query(call.host, &query)?.list.into_iter().next().ok_or_else(PluginError::not_found)?;
    Ok(json!(AppCopies {
        version: bundle.data.revision,
        published_at: bundle.data.published_at,
        texts: bundle.data.texts
    }))
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_are_counted_in_both_notations() {
        assert_eq!(placeholders("Hello {name}, you have {0} new maps"), 2);
        assert_eq!(placeholders("%s cleaned %d m² (%1$s)"), 3);
        assert_eq!(placeholders("100% done, {} and { } are text"), 0);
        assert_eq!(placeholders("%% stays, %@ counts"), 1);
        assert_eq!(placeholders("清扫了 {area} 平方米"), 1);
    }
}
