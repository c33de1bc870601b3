//! Randomness for what must not be guessed or collide: secrets, sharing IDs, client ids, object
//! names (WASI's random source in a plugin, the OS's in native tests).

use crate::{PluginError, PluginResult};

/// `n` random bytes.
pub fn bytes<const N: usize>() -> PluginResult<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| PluginError::internal(format!("no randomness: {e}")))?;
    Ok(bytes)
}

/// `len` characters from an alphabet without look-alikes (0/O, 1/I/L): what people read out.
pub fn token(len: usize) -> PluginResult<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).map_err(|e| PluginError::internal(format!("no randomness: {e}")))?;
    Ok(bytes.iter().map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()])).collect())
}

/// 32 random bytes as 64 hexadecimal digits: a secret a machine keeps.
pub fn secret() -> PluginResult<String> {
    Ok(bytes::<32>()?.iter().map(|b| format!("{b:02x}")).collect())
}
