//! Files uploaded through a plugin route: the browser sends the file as base64 in the JSON body;
//! the plugin decodes it, refuses encrypted files (spec §5), computes size and sha-256 itself,
//! and keeps it with the host's files capability.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// What the browser sends for a file field.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UploadInput {
    pub file_name: String,
    /// The file's bytes in base64.
    pub content: String,
}

/// A stored file as records keep it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredFile {
    pub file_name: String,
    /// The name under the plugin's object prefix.
    pub object: String,
    pub size: u64,
    pub sha256: String,
}

/// Why a file looks encrypted, if it does: a zip entry with the encryption flag, an OpenSSL
/// `enc` file, a PGP message.
pub fn encryption(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"Salted__") {
        return Some("OpenSSL-encrypted");
    }
    if bytes.starts_with(b"-----BEGIN PGP MESSAGE-----") {
        return Some("PGP-encrypted");
    }
    // Zip: local file headers (PK\x03\x04) and central directory entries (PK\x01\x02) carry the
    // general-purpose flags; bit 0 means the entry is encrypted.
    let flagged = |signature: &[u8; 4], flags_at: usize| {
        bytes
            .windows(4)
            .enumerate()
            .any(|(i, w)| w == signature && bytes.get(i + flags_at).is_some_and(|flags| flags & 1 == 1))
    };
    if bytes.starts_with(b"PK\x03\x04") && (flagged(b"PK\x03\x04", 6) || flagged(b"PK\x01\x02", 8)) {
        return Some("a password-protected zip");
    }
    None
}

/// Decodes, checks and stores an uploaded file under `prefix/<sha256>`; `max` bytes at most.
pub fn store(
    host: &mut dyn Host,
    field: &str,
    input: &UploadInput,
    prefix: &str,
    max: usize,
) -> PluginResult<StoredFile> {
    let file_name = crate::validate::required(&format!("{field}.fileName"), &input.file_name, 255)?;
    if input.content.is_empty() {
        return Err(PluginError::required(field));
    }
    let bytes = STANDARD.decode(input.content.trim()).map_err(|_| {
        PluginError::format(
            field,
            ["一个文件", "a file", "eine Datei", "un archivo", "un fichier", "um ficheiro", "файл"],
        )
    })?;
    if bytes.is_empty() {
        return Err(PluginError::required(field));
    }
    if bytes.len() > max {
        let kib = max / 1024;
        return Err(PluginError::format(
            field,
            [
                &format!("不超过 {kib} KiB 的文件"),
                &format!("a file of at most {kib} KiB"),
                &format!("eine Datei von höchstens {kib} KiB"),
                &format!("un archivo de {kib} KiB como máximo"),
                &format!("un fichier de {kib} Kio au plus"),
                &format!("um ficheiro de no máximo {kib} KiB"),
                &format!("файл не больше {kib} КиБ"),
            ],
        ));
    }
    if let Some(kind) = encryption(&bytes) {
        return Err(PluginError::encrypted_file(field, kind));
    }
    let sha256 = hex::encode(Sha256::digest(&bytes));
    let object = format!("{prefix}/{sha256}");
    host.file_put(&object, &bytes).map_err(PluginError::internal)?;
    Ok(StoredFile { file_name, object, size: bytes.len() as u64, sha256 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encrypted_files_are_recognized() {
        let mut zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00".to_vec();
        assert_eq!(encryption(&zip), None, "a plain zip");
        zip[6] = 0x01;
        assert_eq!(encryption(&zip), Some("a password-protected zip"));
        assert_eq!(encryption(b"Salted__\x01\x02"), Some("OpenSSL-encrypted"));
        assert_eq!(encryption(b"-----BEGIN PGP MESSAGE-----\n"), Some("PGP-encrypted"));
        assert_eq!(encryption(b"\x7fELF plain binary"), None);
    }
}
