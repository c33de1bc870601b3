//! `search` (contract 0.1.9): full-text indexes of the call's (tenant, plugin), written in the
//! call's transaction. Everything a plugin hands in is bounded here: a few indexes, the
//! operator's `max_search_documents` across them, and titles, bodies and questions cut to a
//! length whose terms stay small.

use search_terms::Side;

use super::Capability;
use crate::db::search::{self as db, Terms, tag_term};
use crate::plugins::bindings::console::plugin::search::{self as wit, Document, Hit, IndexInfo};
use crate::plugins::quota::Quota;
use crate::plugins::runtime::CallState;

pub const MAX_INDEXES: usize = 8;
pub const MAX_DOCUMENTS_PER_PUT: usize = 500;
pub const MAX_HITS: u32 = 100;
/// Characters kept of a title and of a body: what is beyond is not searched.
pub const TITLE_CHARS: usize = 500;
pub const BODY_CHARS: usize = 10_000;
pub const QUESTION_CHARS: usize = 500;
pub const MAX_TAGS: usize = 16;
const MAX_ID_CHARS: usize = 128;
const MAX_TAG_CHARS: usize = 128;

fn index_name(name: &str) -> Result<(), String> {
    let fits = !name.is_empty()
        && name.len() <= 32
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if fits { Ok(()) } else { Err(format!("`{name}` is not an index name (a-z, 0-9, `-`, `_`, at most 32)")) }
}

fn cut(text: &str, chars: usize) -> &str {
    text.char_indices().nth(chars).map_or(text, |(at, _)| &text[..at])
}

fn terms(text: &str, language: &str, chars: usize, side: Side) -> String {
    search_terms::terms(cut(text, chars), language, side).join(" ")
}

fn tags(tags: &[String]) -> Result<Vec<String>, String> {
    if tags.len() > MAX_TAGS {
        return Err(format!("at most {MAX_TAGS} tags"));
    }
    if let Some(long) = tags.iter().find(|t| t.chars().count() > MAX_TAG_CHARS) {
        return Err(format!("a tag has at most {MAX_TAG_CHARS} characters: `{}…`", cut(long, 20)));
    }
    Ok(tags.iter().map(|t| tag_term(t)).collect())
}

impl CallState {
    /// The index of the call's scope, if it exists.
    async fn search_index(&mut self, name: &str) -> wasmtime::Result<Result<db::IndexRow, String>> {
        if let Err(why) = self.check_grant(Capability::Search).and_then(|()| index_name(name)) {
            return Ok(Err(why));
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let conn = self.read_conn().await?;
        Ok(db::index(conn, tenant, &plugin, name).await?.ok_or_else(|| format!("there is no index `{name}`")))
    }
}

impl wit::Host for CallState {
    async fn create(&mut self, index: String) -> wasmtime::Result<Result<bool, String>> {
        if let Err(why) = self.check_grant(Capability::Search).and_then(|()| index_name(&index)) {
            return Ok(Err(why));
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let conn = self.write_conn().await?;
        let existing = db::indexes(conn, tenant, &plugin).await?;
        if existing.iter().any(|i| i.name == index) {
            return Ok(Ok(false));
        }
        if existing.len() >= MAX_INDEXES {
            return Ok(Err(format!("a plugin has at most {MAX_INDEXES} indexes")));
        }
        Ok(Ok(db::create(conn, tenant, &plugin, &index, crate::db::now_ms()).await?))
    }

    async fn drop(&mut self, index: String) -> wasmtime::Result<Result<bool, String>> {
        let found = match self.search_index(&index).await? {
            Ok(found) => found,
            Err(_) if index_name(&index).is_ok() && self.check_grant(Capability::Search).is_ok() => {
                return Ok(Ok(false));
            }
            Err(why) => return Ok(Err(why)),
        };
        db::drop(self.write_conn().await?, found.id).await?;
        Ok(Ok(true))
    }

    async fn indexes(&mut self) -> wasmtime::Result<Result<Vec<IndexInfo>, String>> {
        if let Err(why) = self.check_grant(Capability::Search) {
            return Ok(Err(why));
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let rows = db::indexes(self.read_conn().await?, tenant, &plugin).await?;
        Ok(Ok(rows
            .into_iter()
            .map(|r| IndexInfo {
                name: r.name,
                documents: u64::try_from(r.documents).unwrap_or(0),
                created_at: r.created_at,
                updated_at: r.updated_at,
            })
            .collect()))
    }

    async fn put(&mut self, index: String, documents: Vec<Document>) -> wasmtime::Result<Result<(), String>> {
        let found = match self.search_index(&index).await? {
            Ok(found) => found,
            Err(why) => return Ok(Err(why)),
        };
        if documents.len() > MAX_DOCUMENTS_PER_PUT {
            return Ok(Err(format!("at most {MAX_DOCUMENTS_PER_PUT} documents at once")));
        }
        let mut seen = std::collections::HashSet::new();
        let mut cut_documents = Vec::with_capacity(documents.len());
        for d in &documents {
            if d.id.is_empty() || d.id.chars().count() > MAX_ID_CHARS || !seen.insert(d.id.as_str()) {
                return Ok(Err(format!(
                    "document ids are unique, 1 to {MAX_ID_CHARS} characters: `{}`",
                    cut(&d.id, 20)
                )));
            }
            let tags = match tags(&d.tags) {
                Ok(tags) => tags,
                Err(why) => return Ok(Err(why)),
            };
            cut_documents.push(Terms {
                doc_id: &d.id,
                title: terms(&d.title, &d.language, TITLE_CHARS, Side::Document),
                body: terms(&d.body, &d.language, BODY_CHARS, Side::Document),
                tags,
            });
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let conn = self.write_conn().await?;
        db::put(conn, found.id, &cut_documents, crate::db::now_ms()).await?;
        // Counted exactly in the call's transaction: the indexes' totals are rows it writes.
        let indexes = db::indexes(conn, tenant, &plugin).await?;
        let held = |measure: fn(&db::IndexRow) -> i64| indexes.iter().map(measure).sum::<i64>();
        let grants = &self.plugin.installed.grants;
        for (quota, held) in [(Quota::SearchDocuments, held(|i| i.documents)), (Quota::SearchBytes, held(|i| i.bytes))]
        {
            if u64::try_from(held).unwrap_or(0) > quota.allowed(grants) {
                // The call is rolled back, and the user told which quota it reached.
                self.over_quota.get_or_insert(quota);
                return Ok(Err(crate::plugins::quota::Refused::OverQuota(quota).explained(grants)));
            }
        }
        Ok(Ok(()))
    }

    async fn remove(&mut self, index: String, ids: Vec<String>) -> wasmtime::Result<Result<u64, String>> {
        let found = match self.search_index(&index).await? {
            Ok(found) => found,
            Err(why) => return Ok(Err(why)),
        };
        if ids.len() > MAX_DOCUMENTS_PER_PUT {
            return Ok(Err(format!("at most {MAX_DOCUMENTS_PER_PUT} documents at once")));
        }
        Ok(Ok(db::remove(self.write_conn().await?, found.id, &ids, crate::db::now_ms()).await?))
    }

    async fn clear(&mut self, index: String) -> wasmtime::Result<Result<u64, String>> {
        let found = match self.search_index(&index).await? {
            Ok(found) => found,
            Err(why) => return Ok(Err(why)),
        };
        Ok(Ok(db::clear(self.write_conn().await?, found.id, crate::db::now_ms()).await?))
    }

    async fn query(
        &mut self,
        index: String,
        text: String,
        language: String,
        tags_wanted: Vec<String>,
        limit: u32,
    ) -> wasmtime::Result<Result<Vec<Hit>, String>> {
        let found = match self.search_index(&index).await? {
            Ok(found) => found,
            Err(why) => return Ok(Err(why)),
        };
        if !(1..=MAX_HITS).contains(&limit) {
            return Ok(Err(format!("a search answers 1 to {MAX_HITS} documents")));
        }
        let tags = match tags(&tags_wanted) {
            Ok(tags) => tags,
            Err(why) => return Ok(Err(why)),
        };
        let terms = search_terms::terms(cut(&text, QUESTION_CHARS), &language, Side::Query);
        // Documents with every term first, then, when they are too few, those with any: the
        // first is narrow and quick in a large index, the second finds what a question worded
        // differently from the answer still shares with it.
        let conn = self.read_conn().await?;
        let mut hits = Vec::new();
        if terms.len() > 1 {
            hits = db::query(conn, found.id, &terms, db::Match::All, &tags, limit).await?;
        }
        if hits.len() < limit as usize {
            let any = db::query(conn, found.id, &terms, db::Match::Any, &tags, limit).await?;
            let seen: std::collections::HashSet<String> = hits.iter().map(|(id, _)| id.clone()).collect();
            hits.extend(any.into_iter().filter(|(id, _)| !seen.contains(id)).take(limit as usize - hits.len()));
        }
        // The engines' scores weigh each term by the documents of every enterprise (bm25 reads
        // the whole FTS table's counts): a plugin gets the order alone, as a falling number.
        let count = hits.len() as f64;
        Ok(Ok(hits.into_iter().enumerate().map(|(i, (id, _))| Hit { id, score: 1.0 - i as f64 / count }).collect()))
    }
}
