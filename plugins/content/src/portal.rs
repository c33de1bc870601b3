//! Portal content: what the platform's public website (the portal) shows, per language: banners,
//! news, announcements and pages. An entry is a draft until published; the portal reads the
//! published ones with its device key (the host adds an ETag: an unchanged answer is a 304).

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::agreements::language;

/// What an entry is on the portal.
pub const KINDS: [&str; 4] = ["banner", "news", "announcement", "page"];
/// The sort order's highest value.
pub const MAX_SORT: i64 = 9999;
/// What one answer to the portal holds at most.
const MAX_SHOWN: u32 = 100;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalEntry {
    /// One of [`KINDS`].
    pub kind: String,
    pub language: String,
    pub title: String,
    pub summary: String,
    /// The text of news, an announcement or a page (Markdown; the portal renders it).
    pub body: String,
    /// Where a banner leads (an http(s) address).
    pub link: String,
    /// Lower comes first.
    pub sort: i64,
    pub published: bool,
    /// When it was first published.
    pub published_at: Option<i64>,
}

pub const PORTAL: Collection<PortalEntry> = Collection::new("portal");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PortalInput {
    kind: String,
    language: String,
    title: String,
    summary: String,
    body: String,
    link: String,
    sort: Option<f64>,
    published: bool,
}

pub struct PortalEntries;

impl Resource for PortalEntries {
    type Data = PortalEntry;
    type Input = PortalInput;
    const COLLECTION: Collection<PortalEntry> = PORTAL;
    const SEARCH: &'static [&'static str] = &["title"];
    const FILTERS: &'static [&'static str] = &["kind", "language", "published"];
    const SORT: &'static [(&'static str, bool)] = &[("sort", false), ("updatedAt", true)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add portal content");

    fn name(data: &PortalEntry) -> &str {
        &data.title
    }

    fn validate(
        call: &mut Call<'_>,
        input: PortalInput,
        current: Option<&Doc<PortalEntry>>,
    ) -> PluginResult<PortalEntry> {
        let kind = validate::one_of("kind", &input.kind, &KINDS)?;
        let language = language(call, "language", &input.language)?;
        let title = validate::required("title", &input.title, 120)?;
        let body = if kind == "banner" {
            validate::optional("body", &input.body, 100_000)?
        } else {
            validate::required("body", &input.body, 100_000)?
        };
        let link = validate::http_link("link", &input.link, kind == "banner")?;
        let sort = validate::integer("sort", Some(input.sort.unwrap_or(0.0)), 0, MAX_SORT)?;
        let published_at = match (input.published, current.and_then(|c| c.data.published_at)) {
            (true, Some(at)) => Some(at),
            (true, None) => Some(call.host.now_ms()),
            (false, at) => at,
        };
        Ok(PortalEntry {
            kind,
            language,
            title,
            summary: validate::optional("summary", &input.summary, 500)?,
            body,
            link,
            sort,
            published: input.published,
            published_at,
        })
    }
}

/// `GET /app/portal?language=&kind=`: the published entries the portal shows, in sort order.
pub fn for_portal(call: &mut Call<'_>) -> PluginResult<Value> {
    let language = validate::required("language", call.query("language").unwrap_or(""), 16)?;
    let kind = call.query("kind").filter(|k| !k.is_empty()).map(|k| validate::one_of("kind", k, &KINDS)).transpose()?;
    let query = Query::new()
        .eq("language", language.as_str())
        .eq("published", true)
        .eq_opt("kind", kind.as_deref())
        .sort("sort", false)
        .sort("publishedAt", true)
        .page(1, MAX_SHOWN);
    let entries: Vec<Value> = PORTAL
        .query(call.host, &query)?
        .list
        .into_iter()
        .map(|doc| {
            json!({ "id": doc.id, "kind": doc.data.kind, "title": doc.data.title, "summary": doc.data.summary,
                    "body": doc.data.body, "link": doc.data.link, "publishedAt": doc.data.published_at })
        })
        .collect();
    Ok(json!({ "language": language, "entries": entries }))
}
