//! The console's common rules, for plugin input. Each returns the cleaned value or a 400 naming the
//! field.

use crate::error::{Message, PluginError, PluginResult};

/// What adding a batch of lines did (`validate::lines` input): the lines added, and those that
/// were there already (reported, not duplicated).
#[derive(Debug, Default, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    pub added: Vec<String>,
    pub already_listed: Vec<String>,
}

/// Text limits: short texts 80, long texts 800.
pub const SHORT_TEXT: usize = 80;
pub const LONG_TEXT: usize = 800;
/// Whitelists and SN lists: at most 20 entries.
pub const MAX_LIST_ENTRIES: usize = 20;

pub fn required(field: &str, value: &str, max: usize) -> PluginResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(PluginError::required(field));
    }
    optional(field, value, max)
}

pub fn optional(field: &str, value: &str, max: usize) -> PluginResult<String> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(PluginError::invalid(field, Message::Length { field: field.into(), min: 0, max }));
    }
    Ok(value.to_string())
}

pub fn length(field: &str, value: &str, min: usize, max: usize) -> PluginResult<String> {
    let value = required(field, value, usize::MAX)?;
    let count = value.chars().count();
    if count < min || count > max {
        return Err(PluginError::invalid(field, Message::Length { field: field.into(), min, max }));
    }
    Ok(value)
}

pub fn some<T>(field: &str, value: Option<T>) -> PluginResult<T> {
    value.ok_or_else(|| PluginError::required(field))
}

pub fn one_of(field: &str, value: &str, allowed: &[&str]) -> PluginResult<String> {
    let value = required(field, value, SHORT_TEXT)?;
    if allowed.contains(&value.as_str()) {
        Ok(value)
    } else {
        Err(PluginError::format_values(field, &allowed.join(" / ")))
    }
}

pub fn range(field: &str, value: f64, min: f64, max: f64) -> PluginResult<f64> {
    if value.is_finite() && value >= min && value <= max {
        Ok(value)
    } else {
        Err(PluginError::format(
            field,
            [
                &format!("{min} 到 {max} 之间的数字"),
                &format!("a number from {min} to {max}"),
                &format!("eine Zahl von {min} bis {max}"),
                &format!("un número de {min} a {max}"),
                &format!("un nombre de {min} à {max}"),
                &format!("um número de {min} a {max}"),
                &format!("число от {min} до {max}"),
            ],
        ))
    }
}

/// A whole number from `min` to `max` given as a JSON number (`7.5` and `1e400` are refused
/// naming the field, not as a malformed request).
pub fn integer(field: &str, value: Option<f64>, min: i64, max: i64) -> PluginResult<i64> {
    let value = value.ok_or_else(|| PluginError::required(field))?;
    if value.is_finite() && value.fract() == 0.0 && value >= min as f64 && value <= max as f64 {
        Ok(value as i64)
    } else {
        Err(PluginError::format(field, crate::error::integer_range(min, max)))
    }
}

/// A text that must be a JSON document (commands, credentials).
pub fn json_text(field: &str, value: &str) -> PluginResult<serde_json::Value> {
    let value = required(field, value, 64 * 1024)?;
    serde_json::from_str(&value).map_err(|_| {
        PluginError::format(
            field,
            [
                "JSON 文档",
                "a JSON document",
                "ein JSON-Dokument",
                "un documento JSON",
                "un document JSON",
                "um documento JSON",
                "документ JSON",
            ],
        )
    })
}

/// Entries one per line (SNs, user names, recipients): trimmed, blank lines dropped, duplicates
/// removed, at most `max`.
pub fn lines(field: &str, value: &str, max: usize) -> PluginResult<Vec<String>> {
    let mut entries: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for line in value.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if seen.insert(line) {
            // Refused as soon as there are too many: a huge list costs nothing more.
            if entries.len() == max {
                return Err(PluginError::invalid(field, Message::TooMany { field: field.into(), max }));
            }
            entries.push(line.to_string());
        }
    }
    Ok(entries)
}

/// [`lines`] whose every entry is at most `max_len` characters (SNs, account names).
pub fn short_lines(field: &str, value: &str, max: usize, max_len: usize) -> PluginResult<Vec<String>> {
    let entries = lines(field, value, max)?;
    for entry in &entries {
        length(field, entry, 1, max_len)?;
    }
    Ok(entries)
}

/// Above this many entries one per line (SNs), the user confirms the risk first.
pub const LIST_WARNING: usize = 10;

/// Entries one per line that need a risk confirmation above [`LIST_WARNING`] (`confirmed`) and
/// are refused above [`MAX_LIST_ENTRIES`] ("The number has exceeded 10", "cannot be greater than
/// 20").
pub fn risky_lines(field: &str, value: &str, confirmed: bool) -> PluginResult<Vec<String>> {
    let entries = lines(field, value, MAX_LIST_ENTRIES)?;
    risk_confirmed(field, entries.len(), confirmed)?;
    Ok(entries)
}

/// Refuses `count` entries (SNs) above [`LIST_WARNING`] unless the user confirmed the risk.
pub fn risk_confirmed(field: &str, count: usize, confirmed: bool) -> PluginResult<()> {
    if count > LIST_WARNING && !confirmed {
        let n = LIST_WARNING;
        return Err(PluginError::localized(
            400,
            Some(field),
            [
                format!("数量已超过 {n}，请确认风险后继续"),
                format!("The number has exceeded {n}; confirm the risk to go on."),
                format!("Die Anzahl hat {n} überschritten; bestätigen Sie das Risiko, um fortzufahren."),
                format!("La cantidad ha superado {n}; confirme el riesgo para continuar."),
                format!("Le nombre a dépassé {n} ; confirmez le risque pour continuer."),
                format!("O número ultrapassou {n}; confirme o risco para continuar."),
                format!("Количество превысило {n}; подтвердите риск, чтобы продолжить."),
            ],
        ));
    }
    Ok(())
}

/// Deleting a named item needs its exact name typed again.
pub fn confirm_name(expected: &str, typed: &str) -> PluginResult<()> {
    if expected == typed { Ok(()) } else { Err(PluginError::invalid("confirmName", Message::NameMismatch)) }
}

/// An http or https address of at most 1,024 characters; empty when not `required` and not given.
pub fn http_link(field: &str, value: &str, required: bool) -> PluginResult<String> {
    let link = if required { self::required(field, value, 1024)? } else { optional(field, value, 1024)? };
    if link.is_empty() || link.starts_with("https://") || link.starts_with("http://") {
        Ok(link)
    } else {
        Err(PluginError::format(field, crate::expected::HTTP_URL))
    }
}

/// An ISO 3166-1 alpha-2 country code, upper-cased (`de` → `DE`); empty when not given.
pub fn country_code(field: &str, value: &str) -> PluginResult<String> {
    let code = value.trim().to_ascii_uppercase();
    if code.is_empty() || (code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase())) {
        Ok(code)
    } else {
        Err(PluginError::format(field, crate::expected::COUNTRY_CODE))
    }
}

/// An ISO 3166-2 code of a region of `country` (`CN-GD` for Guangdong), upper-cased; empty when
/// not given. A region of another country than the one given is refused.
pub fn subdivision_code(field: &str, value: &str, country: &str) -> PluginResult<String> {
    let code = value.trim().to_ascii_uppercase();
    if code.is_empty() {
        return Ok(code);
    }
    let valid = code.split_once('-').is_some_and(|(of, part)| {
        !of.is_empty()
            && of == country
            && (1..=3).contains(&part.len())
            && part.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    if valid { Ok(code) } else { Err(PluginError::format(field, crate::expected::SUBDIVISION_CODE)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn country_and_region_codes_are_iso_3166() {
        assert_eq!(country_code("country", " de "), Ok("DE".to_string()));
        assert_eq!(country_code("country", ""), Ok(String::new()));
        for bad in ["Germany", "D", "D1", "ÄÖ"] {
            assert_eq!(country_code("country", bad).map_err(|e| e.status), Err(400), "{bad}");
        }
        assert_eq!(subdivision_code("province", "cn-gd", "CN"), Ok("CN-GD".to_string()));
        assert_eq!(subdivision_code("province", "", "CN"), Ok(String::new()));
        for bad in ["DE-BY", "CN-", "CN-GDXX", "GD", "CN-G D"] {
            assert_eq!(subdivision_code("province", bad, "CN").map_err(|e| e.status), Err(400), "{bad}");
        }
        assert_eq!(
            subdivision_code("province", "-AB", "").map_err(|e| e.status),
            Err(400),
            "a region needs its country"
        );
    }

    #[test]
    fn lines_are_trimmed_deduplicated_and_capped() {
        assert_eq!(lines("sn", " a \n\nb\na\n", 20).unwrap_or_default(), vec!["a", "b"]);
        let many: String = (0..21).map(|i| format!("SN{i}\n")).collect();
        assert_eq!(lines("sn", &many, 20).map_err(|e| e.status), Err(400));
    }

    #[test]
    fn more_than_ten_lines_need_the_risk_confirmed_and_more_than_twenty_are_refused() {
        let list = |n: usize| (0..n).map(|i| format!("SN{i}\n")).collect::<String>();
        assert_eq!(risky_lines("sns", &list(10), false).map(|l| l.len()), Ok(10));
        let warned = risky_lines("sns", &list(11), false).map_err(|e| e.render("en"));
        assert_eq!(warned, Err("The number has exceeded 10; confirm the risk to go on.".to_string()));
        assert_eq!(risky_lines("sns", &list(20), true).map(|l| l.len()), Ok(20));
        let refused = risky_lines("sns", &list(21), true).map_err(|e| e.render("en"));
        assert_eq!(refused, Err("The number cannot be greater than 20.".to_string()));
    }

    #[test]
    fn an_integer_is_whole_and_in_range() {
        assert_eq!(integer("days", Some(364.0), 0, 364), Ok(364));
        for bad in [Some(7.5), Some(365.0), Some(-1.0), Some(f64::INFINITY)] {
            let refused = integer("days", bad, 0, 364).map_err(|e| e.render("en"));
            assert_eq!(refused, Err("days: wrong format, expected an integer from 0 to 364.".to_string()), "{bad:?}");
        }
        assert_eq!(integer("days", None, 0, 364).map_err(|e| e.field), Err(Some("days".to_string())));
    }

    #[test]
    fn json_text_is_checked() {
        assert!(json_text("cmd", r#"{"on": true}"#).is_ok());
        assert_eq!(json_text("cmd", "{on").map_err(|e| e.field), Err(Some("cmd".to_string())));
    }

    #[test]
    fn name_must_match() {
        assert!(confirm_name("Tom", "Tom").is_ok());
        assert_eq!(confirm_name("Tom", "tom").map_err(|e| e.message), Err(Message::NameMismatch));
    }
}
