//! The terms full-text search cuts text into (contract 0.1.9 `search`), computed once here so
//! that SQLite's FTS5, PostgreSQL's `tsvector` and the SDK's in-memory host all see the same:
//!
//! - Words of the European languages are lower-cased (full-width forms folded to ASCII) and
//!   stemmed with the Snowball stemmer of the document's language, so "cleaning" finds "cleans"
//!   and "Reinigung" finds "Reinigungen".
//! - Chinese, Japanese and Korean have no spaces between words: a run of those characters is cut
//!   into overlapping pairs (扫地机器人 → 扫地 地机 机器 器人), as Lucene's CJK analyser does, and a
//!   document also keeps each character, so a one-character question still finds it. A question
//!   of two or more characters asks for its pairs, which keeps 机器 from matching 器机.
//!
//! - A word written with joiners (`Wi-Fi`, `e-mail`, `x.y`) also gives its joined form (`wifi`),
//!   so whichever way a user writes it, it is found.
//!
//! Every term is made of letters and digits only, so it can be quoted into either engine's
//! query language as it is.

use rust_stemmers::{Algorithm, Stemmer};

/// Longer words are noise (hashes, base64): they are left out.
pub const MAX_TERM_CHARS: usize = 40;

/// Whether terms are for a stored document or for a question asked of the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Document,
    Query,
}

/// The terms of `text`, in order (a document keeps repeats, which count towards its rank; a
/// question's are unique). `language` is the console's code (zhCn, en, de, es, fr, pt, ru).
pub fn terms(text: &str, language: &str, side: Side) -> Vec<String> {
    let stemmer = Stemmer::create(algorithm(language));
    let mut out = Vec::new();
    let folded: String = text.chars().map(fold).collect();
    for chunk in folded.split_whitespace() {
        chunk_terms(chunk, &stemmer, side, &mut out);
        joined_term(chunk, &stemmer, &mut out);
    }
    if side == Side::Query {
        let mut seen = std::collections::HashSet::new();
        out.retain(|t| seen.insert(t.clone()));
    }
    out
}

/// `Wi-Fi` → `wifi`: a chunk of Latin letters and digits split by joiners, as one word.
fn joined_term(chunk: &str, stemmer: &Stemmer, out: &mut Vec<String>) {
    let core = chunk.trim_matches(|c: char| !c.is_alphanumeric());
    let joiners = core.chars().filter(|c| matches!(c, '-' | '.' | '_' | '/' | '\'' | '’')).count();
    if joiners == 0
        || core.chars().any(is_cjk)
        || !core.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_' | '/' | '\'' | '’'))
    {
        return;
    }
    let mut word: String = core.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    flush_word(&mut word, stemmer, out);
}

fn chunk_terms(chunk: &str, stemmer: &Stemmer, side: Side, out: &mut Vec<String>) {
    let mut word = String::new();
    let mut cjk: Vec<char> = Vec::new();
    for c in chunk.chars() {
        if is_cjk(c) {
            flush_word(&mut word, stemmer, out);
            cjk.push(c);
        } else if c.is_alphanumeric() {
            flush_cjk(&mut cjk, side, out);
            word.extend(c.to_lowercase());
        } else {
            flush_word(&mut word, stemmer, out);
            flush_cjk(&mut cjk, side, out);
        }
    }
    flush_word(&mut word, stemmer, out);
    flush_cjk(&mut cjk, side, out);
}

fn algorithm(language: &str) -> Algorithm {
    match language {
        "de" => Algorithm::German,
        "es" => Algorithm::Spanish,
        "fr" => Algorithm::French,
        "pt" => Algorithm::Portuguese,
        "ru" => Algorithm::Russian,
        // English, and the Latin words (product names, "wifi") of Chinese text.
        _ => Algorithm::English,
    }
}

/// Full-width ASCII (ＡＢＣ１２３, common in Chinese text) as ASCII.
fn fold(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// Han ideographs, kana and Hangul: scripts written without spaces between words.
pub fn is_cjk(c: char) -> bool {
    // Letters only: the kana blocks hold a few marks (・ ゠ ゛) that are not.
    c.is_alphanumeric()
        && matches!(c,
        '\u{3040}'..='\u{30FF}'      // hiragana, katakana
        | '\u{3400}'..='\u{4DBF}'    // CJK extension A
        | '\u{4E00}'..='\u{9FFF}'    // CJK unified ideographs
        | '\u{AC00}'..='\u{D7AF}'    // Hangul syllables
        | '\u{F900}'..='\u{FAFF}'    // compatibility ideographs
        | '\u{20000}'..='\u{2FA1F}') // extensions B to F, compatibility supplement
}

fn flush_word(word: &mut String, stemmer: &Stemmer, out: &mut Vec<String>) {
    if word.is_empty() {
        return;
    }
    if word.chars().count() <= MAX_TERM_CHARS {
        let stem = stemmer.stem(word);
        // A stemmer never empties a word, but a term must be letters and digits.
        let stem: String = stem.chars().filter(|c| c.is_alphanumeric()).collect();
        if !stem.is_empty() {
            out.push(stem);
        }
    }
    word.clear();
}

fn flush_cjk(run: &mut Vec<char>, side: Side, out: &mut Vec<String>) {
    match (run.len(), side) {
        (0, _) => {}
        (1, _) => out.push(run[0].to_string()),
        (_, Side::Document) => {
            out.extend(run.iter().map(char::to_string));
            out.extend(run.windows(2).map(|pair| pair.iter().collect::<String>()));
        }
        (_, Side::Query) => out.extend(run.windows(2).map(|pair| pair.iter().collect::<String>())),
    }
    run.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn european_words_are_lower_cased_and_stemmed_in_their_language() {
        assert_eq!(terms("Cleaning the Robot's brushes", "en", Side::Query), ["clean", "the", "robot", "s", "brush"]);
        assert_eq!(terms("Die Reinigungen", "de", Side::Query), terms("die Reinigung", "de", Side::Query));
        assert_eq!(terms("Уборка пылесосом", "ru", Side::Query), terms("уборки пылесос", "ru", Side::Query));
        assert_eq!(
            terms("ＲＶ２０ Wi-Fi", "en", Side::Query),
            ["rv20", "wi", "fi", "wifi"],
            "full-width folded, joined"
        );
        assert_eq!(terms("wifi", "en", Side::Query), ["wifi"]);
        assert_eq!(terms("(e-mail)", "en", Side::Query), ["e", "mail", "email"]);
    }

    #[test]
    fn chinese_is_cut_into_pairs_and_documents_keep_each_character() {
        assert_eq!(terms("扫地机器人", "zhCn", Side::Query), ["扫地", "地机", "机器", "器人"]);
        assert_eq!(terms("扫地机", "zhCn", Side::Document), ["扫", "地", "机", "扫地", "地机"]);
        assert_eq!(terms("机", "zhCn", Side::Query), ["机"], "one character asks for itself");
        assert_eq!(
            terms("RV20扫地机怎么重置？", "zhCn", Side::Query),
            ["rv20", "扫地", "地机", "机怎", "怎么", "么重", "重置"]
        );
    }

    #[test]
    fn terms_are_letters_and_digits_only_and_long_noise_is_left_out() {
        let noise = "a".repeat(MAX_TERM_CHARS + 1);
        let text = format!("\"quoted\" OR (NEAR) * {noise} 'x'");
        let found = terms(&text, "en", Side::Document);
        assert!(found.iter().all(|t| t.chars().all(char::is_alphanumeric)), "{found:?}");
        assert!(!found.iter().any(|t| t.len() > MAX_TERM_CHARS), "{found:?}");
        assert_eq!(terms("a a b", "en", Side::Query), ["a", "b"], "a question's terms are unique");
        assert_eq!(terms("a a b", "en", Side::Document), ["a", "a", "b"]);
    }
}
