//! Random text for what must not be guessed or collide (sharing IDs, object names).

use console_plugin_sdk::{PluginError, PluginResult};

/// `len` characters from an alphabet without look-alikes (0/O, 1/I/L).
pub fn token(len: usize) -> PluginResult<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).map_err(|e| PluginError::internal(e.to_string()))?;
    Ok(bytes.iter().map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()])).collect())
}
