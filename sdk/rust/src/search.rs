//! Full-text search (contract 0.1.9; the manifest asks for `search`): ranked search over the
//! documents a plugin puts in its indexes, one set per enterprise. The host cuts text into terms
//! (European words stemmed in the document's language; Chinese, Japanese and Korean as characters
//! and pairs) and writes in the call's transaction, so an index changes with the records it
//! describes or not at all.
//!
//! ```ignore
//! const FAQ: Index = Index::new("faq");
//! FAQ.put(call.host, &[Document { id, language: "en".into(), title, body, tags: vec![] }])?;
//! let hits = FAQ.search(call.host, "how do I reset it", "en", &[], 10)?;
//! ```

use std::borrow::Cow;

pub use crate::bindings::console::plugin::search::{Document, Hit, IndexInfo};
use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// What the host takes in one `put` or `remove`; [`Index::put`] sends more in turns.
pub const BATCH: usize = 500;

/// One of the plugin's indexes, by name (lower-case letters, digits, `-`, `_`).
#[derive(Debug, Clone)]
pub struct Index(Cow<'static, str>);

impl Index {
    pub const fn new(name: &'static str) -> Self {
        Index(Cow::Borrowed(name))
    }

    /// An index whose name is chosen at run time.
    pub fn named(name: impl Into<String>) -> Self {
        Index(Cow::Owned(name.into()))
    }

    pub fn name(&self) -> &str {
        &self.0
    }

    /// Makes the index; whether it is new.
    pub fn create(&self, host: &mut dyn Host) -> PluginResult<bool> {
        host.search_create(&self.0).map_err(refusal)
    }

    /// Drops the index and its documents; whether it existed.
    pub fn drop(&self, host: &mut dyn Host) -> PluginResult<bool> {
        host.search_drop(&self.0).map_err(refusal)
    }

    /// Its documents and times, if it exists.
    pub fn info(&self, host: &mut dyn Host) -> PluginResult<Option<IndexInfo>> {
        Ok(indexes(host)?.into_iter().find(|i| i.name == self.0.as_ref()))
    }

    /// Adds the documents, replacing those with the same ids.
    pub fn put(&self, host: &mut dyn Host, documents: &[Document]) -> PluginResult<()> {
        for batch in documents.chunks(BATCH) {
            host.search_put(&self.0, batch).map_err(refusal)?;
        }
        Ok(())
    }

    /// Removes the documents of these ids; how many were there.
    pub fn remove(&self, host: &mut dyn Host, ids: &[String]) -> PluginResult<u64> {
        let mut removed = 0;
        for batch in ids.chunks(BATCH) {
            removed += host.search_remove(&self.0, batch).map_err(refusal)?;
        }
        Ok(removed)
    }

    /// Empties the index; how many documents it held.
    pub fn clear(&self, host: &mut dyn Host) -> PluginResult<u64> {
        host.search_clear(&self.0).map_err(refusal)
    }

    /// The best `limit` (1 to 100) documents for `text` asked in `language` that carry every
    /// tag of `tags`, best first.
    pub fn search(
        &self,
        host: &mut dyn Host,
        text: &str,
        language: &str,
        tags: &[String],
        limit: u32,
    ) -> PluginResult<Vec<Hit>> {
        host.search_query(&self.0, text, language, tags, limit).map_err(refusal)
    }
}

/// The plugin's indexes for the caller's enterprise.
pub fn indexes(host: &mut dyn Host) -> PluginResult<Vec<IndexInfo>> {
    host.search_indexes().map_err(refusal)
}

/// An index that does not exist is the user's to create (as the FAQ index actions do); anything
/// else is the plugin's fault.
fn refusal(why: String) -> PluginError {
    if why.starts_with("there is no index") {
        return PluginError::localized(
            409,
            None,
            [
                "搜索索引尚未创建，请先创建索引".into(),
                "The search index has not been created yet; please create it first.".into(),
                "Der Suchindex wurde noch nicht angelegt; bitte legen Sie ihn zuerst an.".into(),
                "El índice de búsqueda aún no se ha creado; créelo primero.".into(),
                "L’index de recherche n’a pas encore été créé ; veuillez d’abord le créer.".into(),
                "O índice de pesquisa ainda não foi criado; crie-o primeiro.".into(),
                "Поисковый индекс ещё не создан; сначала создайте его.".into(),
            ],
        );
    }
    PluginError::internal(why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MemoryHost;

    fn document(id: &str, language: &str, title: &str, body: &str, tags: &[&str]) -> Document {
        Document {
            id: id.into(),
            language: language.into(),
            title: title.into(),
            body: body.into(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
        }
    }

    #[test]
    fn the_in_memory_host_finds_with_the_hosts_terms_title_first_and_by_tag() {
        let mut host = MemoryHost::new();
        const FAQ: Index = Index::new("faq");
        let refused = FAQ.put(&mut host, &[document("0", "en", "Too early", "", &[])]).expect_err("no index yet");
        assert_eq!(
            (refused.status, refused.render("en")),
            (409, "The search index has not been created yet; please create it first.".into())
        );
        assert!(FAQ.create(&mut host).expect("made"));
        FAQ.put(
            &mut host,
            &[
                document("1", "zhCn", "扫地机器人如何重置", "长按电源键十秒", &["p1"]),
                document("2", "en", "Resetting", "Hold the power button of the robot", &["p2"]),
                document("3", "en", "Robots and maps", "How the robot draws a map", &["p1"]),
            ],
        )
        .expect("put");
        let ids = |hits: Vec<Hit>| hits.into_iter().map(|h| h.id).collect::<Vec<_>>();
        assert_eq!(ids(FAQ.search(&mut host, "机器人重置", "zhCn", &[], 10).expect("found")), ["1"]);
        assert_eq!(ids(FAQ.search(&mut host, "robot", "en", &[], 10).expect("found")), ["3", "2"], "title first");
        assert_eq!(ids(FAQ.search(&mut host, "robot", "en", &["p2".into()], 10).expect("found")), ["2"]);
        assert_eq!(FAQ.remove(&mut host, &["2".into(), "9".into()]).expect("removed"), 1);
        assert_eq!(FAQ.info(&mut host).expect("listed").map(|i| i.documents), Some(2));
        assert_eq!(FAQ.clear(&mut host).expect("cleared"), 2);
        assert!(FAQ.drop(&mut host).expect("dropped"));
        assert!(indexes(&mut host).expect("listed").is_empty());
    }
}
