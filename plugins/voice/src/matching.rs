//! Corpus entries are utterance patterns with slots, e.g. `set the {room} to {temperature} degrees`
//! or `把{room}调到{temperature}度`. Matching is on the whole normalized utterance, character by
//! character, so it works for languages written without spaces.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    Text(String),
    Slot(String),
}

/// Lower case, single spaces, no surrounding spaces or final punctuation.
pub fn normalize(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    joined.trim_end_matches(['.', '!', '?', ',', '。', '！', '？', '，']).trim().to_string()
}

/// A slot name: a letter or `_`, then letters, digits or `_` (also a condition's variable).
pub fn is_slot_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.len() <= 32
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Splits a pattern into text and `{slot}` parts; two slots may not touch.
pub fn parse(pattern: &str) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    let mut rest = normalize(pattern);
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or("a `{` without its `}`")? + open;
        let name = rest[open + 1..close].trim().to_string();
        if !is_slot_name(&name) {
            return Err(format!("`{{{name}}}` is not a slot name"));
        }
        if open > 0 {
            parts.push(Part::Text(rest[..open].to_string()));
        } else if matches!(parts.last(), Some(Part::Slot(_))) {
            return Err("two slots must be separated by text".into());
        }
        parts.push(Part::Slot(name));
        rest = rest[close + 1..].to_string();
    }
    if rest.contains('}') {
        return Err("a `}` without its `{`".into());
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest));
    }
    if parts.is_empty() {
        return Err("empty".into());
    }
    Ok(parts)
}

/// The slots of `pattern`.
pub fn slots(parts: &[Part]) -> impl Iterator<Item = &str> {
    parts.iter().filter_map(|p| match p {
        Part::Slot(name) => Some(name.as_str()),
        Part::Text(_) => None,
    })
}

/// The slot values when the utterance matches the pattern.
pub fn matches(parts: &[Part], utterance: &str) -> Option<BTreeMap<String, String>> {
    let mut captured = BTreeMap::new();
    walk(parts, &normalize(utterance), &mut captured).then_some(captured)
}

fn walk(parts: &[Part], rest: &str, captured: &mut BTreeMap<String, String>) -> bool {
    match parts.split_first() {
        None => rest.is_empty(),
        Some((Part::Text(text), tail)) => rest.strip_prefix(text.as_str()).is_some_and(|r| walk(tail, r, captured)),
        Some((Part::Slot(name), tail)) => {
            // Shortest capture first, so a later text part anchors as early as it can.
            for (end, _) in rest.char_indices().skip(1).chain([(rest.len(), ' ')]) {
                let value = rest[..end].trim();
                if value.is_empty() {
                    continue;
                }
                if walk(tail, &rest[end..], captured) {
                    captured.insert(name.clone(), value.to_string());
                    return true;
                }
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_slots_in_spaced_and_unspaced_languages() {
        let pattern = parse("Set the {room} to {temperature} degrees").expect("pattern");
        let got = matches(&pattern, "set the  living room to 22 degrees!").expect("match");
        assert_eq!(got.get("room").map(String::as_str), Some("living room"));
        assert_eq!(got.get("temperature").map(String::as_str), Some("22"));
        assert!(matches(&pattern, "set the room to").is_none());

        let chinese = parse("把{room}调到{temperature}度").expect("pattern");
        let got = matches(&chinese, "把客厅调到26度。").expect("match");
        assert_eq!((got["room"].as_str(), got["temperature"].as_str()), ("客厅", "26"));
    }

    #[test]
    fn plain_phrases_match_whole_utterances_only() {
        let pattern = parse("start cleaning").expect("pattern");
        assert!(matches(&pattern, "Start cleaning.").is_some());
        assert!(matches(&pattern, "start cleaning now").is_none());
    }

    #[test]
    fn bad_patterns_are_refused() {
        assert!(parse("turn on {").is_err());
        assert!(parse("turn on {1x}").is_err());
        assert!(parse("{a}{b}").is_err());
        assert!(parse("   ").is_err());
    }
}
