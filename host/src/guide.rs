//! The operation guide (/operation-guide): help documents written in Markdown for each of the
//! console's languages (`docs/guide/<lang>/`), built into the host, rendered to HTML (raw HTML in
//! a document is shown as text, never run), and searched with the terms of the search capability
//! (`search-terms`: stemmed words, CJK pairs), so that "Rolle" finds "Rollen" and 固件 finds 固件发布.

use std::sync::OnceLock;

use search_terms::{Side, terms};

/// (language, slug, Markdown): every language has every slug (a test checks it).
macro_rules! documents {
    ($($slug:literal),* $(,)?) => {
        &[$(
            ("zhCn", $slug, include_str!(concat!("../../docs/guide/zhCn/", $slug, ".md"))),
            ("en", $slug, include_str!(concat!("../../docs/guide/en/", $slug, ".md"))),
            ("de", $slug, include_str!(concat!("../../docs/guide/de/", $slug, ".md"))),
            ("es", $slug, include_str!(concat!("../../docs/guide/es/", $slug, ".md"))),
            ("fr", $slug, include_str!(concat!("../../docs/guide/fr/", $slug, ".md"))),
            ("pt", $slug, include_str!(concat!("../../docs/guide/pt/", $slug, ".md"))),
            ("ru", $slug, include_str!(concat!("../../docs/guide/ru/", $slug, ".md"))),
        )*]
    };
}

const DOCUMENTS: &[(&str, &str, &str)] = documents!(
    "01-signing-in",
    "02-roles-and-buttons",
    "03-products-and-thing-models",
    "04-devices",
    "05-ota-rollout",
    "06-writing-a-plugin",
);

/// A document of one language, ready to list, search and show.
pub struct Document {
    pub lang: &'static str,
    pub slug: &'static str,
    pub title: String,
    /// The first paragraph, as plain text.
    pub excerpt: String,
    pub html: String,
    title_terms: Vec<String>,
    body_terms: Vec<String>,
}

fn documents() -> &'static [Document] {
    static PREPARED: OnceLock<Vec<Document>> = OnceLock::new();
    PREPARED.get_or_init(|| DOCUMENTS.iter().map(|(lang, slug, text)| prepare(lang, slug, text)).collect())
}

fn prepare(lang: &'static str, slug: &'static str, markdown: &str) -> Document {
    let mut lines = markdown.lines();
    let title = lines.next().unwrap_or_default().trim_start_matches('#').trim().to_string();
    let body: String = lines.collect::<Vec<_>>().join("\n");
    let excerpt = body
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .find(|p| !p.is_empty() && !p.starts_with('#'))
        .unwrap_or_default()
        .replace(['`', '*'], "");
    Document {
        lang,
        slug,
        title_terms: terms(&title, lang, Side::Document),
        body_terms: terms(&body, lang, Side::Document),
        html: render(&body),
        title,
        excerpt,
    }
}

/// CommonMark to HTML; raw HTML becomes text.
fn render(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser};
    let events = Parser::new(markdown).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// The documents of `lang` (English for a language without its own), in order; with a question,
/// only those holding every one of its terms, best first (a term in the title counts thrice).
pub fn search(lang: &str, question: &str) -> Vec<&'static Document> {
    let lang = if DOCUMENTS.iter().any(|(l, _, _)| *l == lang) { lang } else { "en" };
    let asked = terms(question, lang, Side::Query);
    let mut found: Vec<(usize, &Document)> = documents()
        .iter()
        .filter(|d| d.lang == lang)
        .filter_map(|d| {
            let count = |term: &String, of: &[String]| of.iter().filter(|t| *t == term).count();
            let mut score = 0;
            for term in &asked {
                let hits = 3 * count(term, &d.title_terms) + count(term, &d.body_terms);
                if hits == 0 {
                    return None;
                }
                score += hits;
            }
            Some((score, d))
        })
        .collect();
    if !asked.is_empty() {
        found.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    }
    found.into_iter().map(|(_, d)| d).collect()
}

pub fn document(lang: &str, slug: &str) -> Option<&'static Document> {
    search(lang, "").into_iter().find(|d| d.slug == slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_document_with_a_title_and_an_excerpt() {
        for lang in ["zhCn", "en", "de", "es", "fr", "pt", "ru"] {
            let listed = search(lang, "");
            assert_eq!(listed.len(), 6, "{lang}");
            for doc in listed {
                assert!(
                    !doc.title.is_empty() && !doc.excerpt.is_empty() && doc.html.contains("<p>"),
                    "{lang} {}",
                    doc.slug
                );
            }
        }
    }

    #[test]
    fn search_stems_european_words_and_pairs_chinese_characters() {
        let slugs = |lang, q| search(lang, q).iter().map(|d| d.slug).collect::<Vec<_>>();
        assert_eq!(slugs("de", "Rolle")[0], "02-roles-and-buttons");
        assert_eq!(slugs("en", "rollout firmware")[0], "05-ota-rollout");
        assert_eq!(slugs("zhCn", "固件")[0], "05-ota-rollout");
        assert!(slugs("en", "zeppelin").is_empty());
        assert_eq!(search("xx", "").len(), 6, "English for an unknown language");
        assert!(search("zhCn", "固件")[0].excerpt.starts_with("升级包依次经过上传"), "no Markdown in an excerpt");
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        assert_eq!(render("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
    }
}
