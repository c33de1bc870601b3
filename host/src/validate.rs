//! Server-side validation of the common rules. Each check returns the cleaned value or an
//! `ApiError::Invalid` naming the field, so handlers read as a list of rules.

use crate::api::ApiError;
use crate::i18n::Msg;

/// Text limits: short texts 80, long texts 800.
pub const SHORT_TEXT: usize = 80;
pub const LONG_TEXT: usize = 800;

/// Search texts: longer than any field they search (SQLite refuses LIKE patterns over 50,000
/// bytes, which surfaced as a 500).
pub const SEARCH_TEXT: usize = 200;

/// A search text, trimmed, at most [`SEARCH_TEXT`] characters.
pub fn search(field: &str, value: &str) -> Result<String, ApiError> {
    optional(field, value, SEARCH_TEXT)
}

/// A required text, trimmed, at most `max` characters.
pub fn required(field: &str, value: &str, max: usize) -> Result<String, ApiError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(ApiError::required(field));
    }
    optional(field, value, max)
}

/// An optional text, trimmed, at most `max` characters.
pub fn optional(field: &str, value: &str, max: usize) -> Result<String, ApiError> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(ApiError::invalid(field, Msg::Length { field: field.into(), min: 0, max }));
    }
    Ok(value.to_string())
}

/// A required text of `min..=max` characters.
pub fn length(field: &str, value: &str, min: usize, max: usize) -> Result<String, ApiError> {
    let value = required(field, value, usize::MAX)?;
    let count = value.chars().count();
    if count < min || count > max {
        return Err(ApiError::invalid(field, Msg::Length { field: field.into(), min, max }));
    }
    Ok(value)
}

pub fn some<T>(field: &str, value: Option<T>) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::required(field))
}

fn format_error(field: &str, expected: &'static str) -> ApiError {
    ApiError::invalid(field, Msg::Format { field: field.into(), expected })
}

/// One of a closed set of values (types, modes).
pub fn one_of(field: &str, value: &str, allowed: &[&str]) -> Result<String, ApiError> {
    let value = required(field, value, SHORT_TEXT)?;
    if allowed.contains(&value.as_str()) { Ok(value) } else { Err(format_error(field, "one of the listed values")) }
}

pub fn email(field: &str, value: &str) -> Result<String, ApiError> {
    let value = optional(field, value, 254)?;
    if value.is_empty() {
        return Ok(value);
    }
    let valid = value.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !value.chars().any(char::is_whitespace)
            && value.matches('@').count() == 1
    });
    if valid { Ok(value) } else { Err(format_error(field, "an email address")) }
}

/// A contact phone: digits with an optional leading `+`, country code and hyphen, 5-20 long.
pub fn phone(field: &str, value: &str) -> Result<String, ApiError> {
    let value = optional(field, value, 20)?;
    if value.is_empty() {
        return Ok(value);
    }
    let digits = value.strip_prefix('+').unwrap_or(&value);
    let valid = value.len() >= 5
        && digits.chars().all(|c| c.is_ascii_digit() || c == '-')
        && digits.chars().next().is_some_and(|c| c.is_ascii_digit());
    if valid { Ok(value) } else { Err(format_error(field, "a phone number")) }
}

/// A rule of characters: ASCII letters and digits, and the `others` it names. Its refusal
/// (`says`, the English key of a translated phrase) lists exactly those others, so a rule and
/// what it tells the user cannot part: `every_rule_of_characters_says_what_it_takes` holds every
/// rule to it in every language.
pub struct Characters {
    pub others: &'static str,
    pub says: &'static str,
}

/// Codes and abbreviations: letters, digits and hyphens, with `_` as codes use it.
pub const CODE_CHARACTERS: Characters = Characters { others: "-_", says: "letters, digits, - and _" };
/// Account user names, which may be e-mail-like.
pub const USER_NAME_CHARACTERS: Characters = Characters { others: "_-.@", says: "letters, digits, _, -, . and @" };
/// Button actions (`product:edit`, `sn.import`).
pub const ACTION_CHARACTERS: Characters = Characters { others: ":-_.", says: "letters, digits, :, -, _ and ." };
/// Every rule of characters the host applies.
pub const CHARACTER_RULES: [&Characters; 3] = [&CODE_CHARACTERS, &USER_NAME_CHARACTERS, &ACTION_CHARACTERS];

impl Characters {
    /// `value` when it holds only letters, digits and this rule's others.
    pub fn check(&self, field: &str, value: String) -> Result<String, ApiError> {
        if value.chars().all(|c| c.is_ascii_alphanumeric() || self.others.contains(c)) {
            Ok(value)
        } else {
            Err(ApiError::invalid(field, Msg::Format { field: field.into(), expected: self.says }))
        }
    }
}

/// A required code of at most `max` characters by [`CODE_CHARACTERS`], e.g. codes and
/// abbreviations.
pub fn code(field: &str, value: &str, max: usize) -> Result<String, ApiError> {
    CODE_CHARACTERS.check(field, required(field, value, max)?)
}

/// A unified social credit code: 18 characters of GB 32100-2015 with its check character.
pub fn credit_code(field: &str, value: &str) -> Result<String, ApiError> {
    const ALPHABET: &str = "0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [usize; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    let value = required(field, value, 18)?.to_ascii_uppercase();
    let digits: Option<Vec<usize>> = value.chars().map(|c| ALPHABET.find(c)).collect();
    let valid = match digits {
        Some(d) if d.len() == 18 => {
            let sum: usize = d[..17].iter().zip(WEIGHTS).map(|(v, w)| v * w).sum();
            (31 - sum % 31) % 31 == d[17]
        }
        _ => false,
    };
    if valid {
        Ok(value)
    } else {
        Err(format_error(
            field,
            "a unified social credit code: 18 digits and capital letters (no I, O, S, V or Z), the last one the check character the others give",
        ))
    }
}

/// Where apps call the platform: `http(s)://host[:port]`, nothing after the host.
pub const API_SERVER: Server = Server {
    schemes: &["https", "http"],
    port_required: false,
    expected: "an address such as https://api.example.com or https://api.example.com:8443: http or https, a host name, a port if it is not the usual one, nothing after",
};
/// Where devices hold their MQTT sessions: `mqtt(s)://host:port` or over WebSocket.
pub const MQTT_SERVER: Server = Server {
    schemes: &["mqtts", "mqtt", "wss", "ws"],
    port_required: true,
    expected: "an address such as mqtts://mqtt.example.com:8883: mqtt, mqtts, ws or wss, a host name and a port, nothing after",
};

/// A server address of one kind, and what its refusal tells the user.
pub struct Server {
    pub schemes: &'static [&'static str],
    pub port_required: bool,
    pub expected: &'static str,
}

impl Server {
    /// `value` when it is empty (not configured) or `scheme://host[:port]` of this kind: a host
    /// name of DNS labels or an IP address, with no user, path, query or fragment, so that what is
    /// kept is an address an app or a device can be given as it is.
    pub fn check(&self, field: &str, value: &str) -> Result<String, ApiError> {
        let value = optional(field, value, 253)?;
        if value.is_empty() {
            return Ok(value);
        }
        let refused = || ApiError::invalid(field, Msg::Format { field: field.into(), expected: self.expected });
        let url = url::Url::parse(&value).map_err(|_| refused())?;
        let host_ok = match url.host() {
            // Under a scheme the URL standard does not know (mqtt), an address stays text.
            Some(url::Host::Domain(name)) => is_host_name(name) || name.parse::<std::net::Ipv4Addr>().is_ok(),
            // Written as four numbers: the URL standard reads `1.2.3` as 1.2.0.3, an app might not.
            Some(url::Host::Ipv4(ip)) => value.split_once("://").is_some_and(|(_, rest)| {
                let ip = ip.to_string();
                rest.strip_prefix(ip.as_str()).is_some_and(|after| after.is_empty() || after.starts_with(':'))
            }),
            Some(url::Host::Ipv6(_)) => true,
            None => false,
        };
        // Nothing after the host and port: no path (a trailing `/` included), query, fragment
        // or user, read from the text as typed.
        let bare = value.split_once("://").is_some_and(|(_, rest)| !rest.contains(['/', '?', '#', '@']));
        // Written out, even where it is the scheme's usual one (wss://host:443).
        let port_written =
            value.split_once("://").and_then(|(_, rest)| rest.rsplit_once(':')).is_some_and(|(host, port)| {
                !port.is_empty()
                    && port.chars().all(|c| c.is_ascii_digit())
                    && (!host.contains('[') || host.ends_with(']'))
            });
        let port_ok = !self.port_required || port_written;
        if self.schemes.contains(&url.scheme()) && host_ok && bare && port_ok { Ok(value) } else { Err(refused()) }
    }
}

/// Dot-separated labels of letters, digits and inner hyphens, each 1 to 63 long, not all digits.
fn is_host_name(name: &str) -> bool {
    let labels: Vec<&str> = name.split('.').collect();
    labels.iter().all(|label| {
        (1..=63).contains(&label.len())
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    }) && !labels.last().is_some_and(|top| top.chars().all(|c| c.is_ascii_digit()))
}

/// Deleting a named item needs its exact name typed again.
pub fn confirm_name(expected: &str, typed: &str) -> Result<(), ApiError> {
    if expected == typed { Ok(()) } else { Err(ApiError::invalid("confirmName", Msg::NameMismatch)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// Every rule of characters takes each character its refusal lists and no other, and the
    /// refusal lists each of them in every language.
    #[test]
    fn every_rule_of_characters_says_what_it_takes() {
        for rule in CHARACTER_RULES {
            for other in rule.others.chars() {
                assert!(rule.check("f", format!("ab{other}9")).is_ok(), "{other} in {}", rule.others);
            }
            for stranger in [' ', '/', '!', '#', '+', 'é', '中'].into_iter().filter(|c| !rule.others.contains(*c)) {
                let refused = rule.check("f", format!("ab{stranger}")).expect_err("refused");
                let ApiError::Invalid { msg, .. } = refused else { panic!("{refused:?}") };
                for lang in Lang::ALL {
                    let text = msg.render(lang);
                    for other in rule.others.chars() {
                        assert!(text.contains(other), "{lang:?} {text} lacks {other}");
                    }
                    assert!(lang == Lang::En || !text.contains("letters"), "{lang:?} {text} is not translated");
                }
            }
        }
    }

    #[test]
    fn credit_code_checksum() {
        assert!(credit_code("c", "91350100M000100Y43").is_ok());
        assert!(credit_code("c", "91350100m000100y43").is_ok(), "lower case is normalised");
        assert!(credit_code("c", "91350100M000100Y44").is_err(), "wrong check character");
        assert!(credit_code("c", "91350100M000100Y4").is_err(), "17 characters");
        assert!(credit_code("c", "91350100M000100I43").is_err(), "I is not in the alphabet");
    }

    #[test]
    fn text_rules() {
        assert_eq!(required("name", "  ann ", 80).unwrap(), "ann");
        assert!(required("name", "   ", 80).is_err());
        assert!(optional("d", &"x".repeat(801), LONG_TEXT).is_err());
        assert!(length("n", "a", 2, 16).is_err());
        assert!(one_of("t", "admin", &["ordinary", "administrator"]).is_err());
    }

    #[test]
    fn contact_formats() {
        assert!(email("e", "ann@example.com").is_ok());
        assert!(email("e", "").is_ok());
        assert!(email("e", "ann@example").is_err());
        assert!(email("e", "a b@example.com").is_err());
        assert!(phone("p", "+86-13800138000").is_ok());
        assert!(phone("p", "13800138000").is_ok());
        assert!(phone("p", "call me").is_err());
    }

    /// Each kind of server takes its schemes with a host (and a port where it needs one) and
    /// nothing else.
    #[test]
    fn server_addresses() {
        for ok in
            ["https://api.example.com", "http://10.0.0.5:8080", "https://[::1]:8443", "https://eu-1.api.example.com"]
        {
            assert_eq!(API_SERVER.check("apiServer", ok).unwrap(), ok);
        }
        assert_eq!(API_SERVER.check("apiServer", "  ").unwrap(), "", "empty: not configured");
        for bad in [
            "api.example.com",
            "ftp://api.example.com",
            "https://api.example.com/",
            "https://api.example.com/v1",
            "https://user@api.example.com",
            "https://api.example.com?x=1",
            "https://-bad-.example.com",
            "https://api_example.com",
            "https://api.example.com:99999",
            "https://1.2.3",
            "mqtts://mqtt.example.com:8883",
        ] {
            assert!(API_SERVER.check("apiServer", bad).is_err(), "{bad}");
        }
        for ok in ["mqtts://mqtt.example.com:8883", "mqtt://192.168.1.2:1883", "wss://mqtt.example.com:443"] {
            assert_eq!(MQTT_SERVER.check("mqttServer", ok).unwrap(), ok);
        }
        for bad in [
            "mqtts://mqtt.example.com",
            "mqtt.example.com:1883",
            "https://mqtt.example.com:443",
            "mqtts://mqtt.example.com:8883/mqtt",
        ] {
            assert!(MQTT_SERVER.check("mqttServer", bad).is_err(), "{bad}");
        }
        for lang in Lang::ALL {
            let refusal = MQTT_SERVER.check("mqttServer", "x").unwrap_err().message().render(lang);
            assert!(refusal.contains("mqtts://mqtt.example.com:8883"), "{refusal}");
            assert!(lang == Lang::En || !refusal.contains("host name"), "{lang:?} {refusal} is not translated");
        }
    }

    #[test]
    fn name_must_match_exactly() {
        assert!(confirm_name("Acme", "Acme").is_ok());
        assert_eq!(confirm_name("Acme", "acme").unwrap_err().code(), 400);
    }
}
