//! Credentials in records: sealed by the host at rest, masked in every answer.

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// What a list or form shows in place of a secret: its last four characters at most, and only
/// when the secret is long enough that they give little away.
pub fn mask(plain: &str) -> String {
    let chars: Vec<char> = plain.chars().collect();
    if chars.len() >= 12 {
        format!("••••••{}", chars[chars.len() - 4..].iter().collect::<String>())
    } else {
        "••••••".into()
    }
}

/// Seals `plain`; a host failure is a 500 that rolls the call back.
pub fn seal(host: &mut dyn Host, plain: &str) -> PluginResult<String> {
    host.seal(plain).map_err(|why| PluginError::internal(format!("sealing failed: {why}")))
}

/// Opens a value this plugin sealed for this tenant.
pub fn open(host: &mut dyn Host, sealed: &str) -> PluginResult<String> {
    host.open(sealed).map_err(|why| PluginError::internal(format!("a stored secret cannot be opened: {why}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_keep_at_most_four_characters() {
        assert_eq!(mask("0123456789abcdef"), "••••••cdef");
        assert_eq!(mask("short-secret"), "••••••cret");
        assert_eq!(mask("tiny"), "••••••");
    }
}
