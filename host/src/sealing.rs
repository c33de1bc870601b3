//! Secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the installation's master
//! key for one (tenant, plugin). A sealed value read by another tenant or plugin, or altered in
//! the database, fails to open.

use std::path::Path;

use aes_gcm::aead::{Aead, KeyInit, OsRng, rand_core::RngCore};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hkdf::Hkdf;
use sha2::Sha256;

const PREFIX: &str = "sealed:v1:";
const NONCE_LEN: usize = 12;

#[derive(Clone)]
pub struct MasterKey([u8; 32]);

impl std::fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MasterKey(..)")
    }
}

impl MasterKey {
    /// From `CONSOLE_MASTER_KEY` when given, else `<data>/master.key`, created on first start.
    pub fn load(given: Option<&str>, data_dir: &Path) -> Result<MasterKey, String> {
        if let Some(hex_key) = given {
            return MasterKey::from_hex(hex_key).ok_or_else(|| "CONSOLE_MASTER_KEY must be 64 hex digits".into());
        }
        let file = data_dir.join("master.key");
        match std::fs::read_to_string(&file) {
            Ok(text) => {
                MasterKey::from_hex(text.trim()).ok_or_else(|| format!("{} is not 64 hex digits", file.display()))
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                let mut key = [0u8; 32];
                OsRng.fill_bytes(&mut key);
                crate::bootstrap::write_secret(&file, &hex::encode(key))
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                Ok(MasterKey(key))
            }
            Err(err) => Err(format!("{}: {err}", file.display())),
        }
    }

    fn from_hex(text: &str) -> Option<MasterKey> {
        hex::decode(text.trim()).ok()?.try_into().ok().map(MasterKey)
    }

    /// A key for one purpose of the host's (`info` names it), independent of every other.
    pub fn derive(&self, info: &str) -> [u8; 32] {
        let mut key = [0u8; 32];
        Hkdf::<Sha256>::new(Some(b"console-keys-v1"), &self.0)
            .expand(info.as_bytes(), &mut key)
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        key
    }

    fn cipher(&self, tenant_id: i64, plugin: &str) -> Aes256Gcm {
        let mut key = [0u8; 32];
        Hkdf::<Sha256>::new(Some(b"console-secrets-v1"), &self.0)
            .expand(format!("tenant:{tenant_id}/plugin:{plugin}").as_bytes(), &mut key)
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        Aes256Gcm::new(&key.into())
    }

    pub fn seal(&self, tenant_id: i64, plugin: &str, plain: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        OsRng.fill_bytes(&mut nonce);
        let sealed = self
            .cipher(tenant_id, plugin)
            .encrypt(Nonce::from_slice(&nonce), plain.as_bytes())
            .expect("AES-GCM encryption of an in-memory buffer does not fail");
        let mut bytes = nonce.to_vec();
        bytes.extend(sealed);
        format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes))
    }

    pub fn open(&self, tenant_id: i64, plugin: &str, sealed: &str) -> Result<String, String> {
        let bytes = sealed
            .strip_prefix(PREFIX)
            .and_then(|b64| URL_SAFE_NO_PAD.decode(b64).ok())
            .filter(|bytes| bytes.len() > NONCE_LEN)
            .ok_or("not a sealed value")?;
        let (nonce, body) = bytes.split_at(NONCE_LEN);
        let plain = self
            .cipher(tenant_id, plugin)
            .decrypt(Nonce::from_slice(nonce), body)
            .map_err(|_| "sealed for another tenant or plugin, or altered")?;
        String::from_utf8(plain).map_err(|_| "not text".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_only_in_its_own_scope() {
        let key = MasterKey([7; 32]);
        let sealed = key.seal(3, "rtc", "app-certificate-1");
        assert!(sealed.starts_with(PREFIX) && !sealed.contains("certificate"));
        assert_eq!(key.open(3, "rtc", &sealed).as_deref(), Ok("app-certificate-1"));
        assert!(key.open(4, "rtc", &sealed).is_err(), "another tenant");
        assert!(key.open(3, "voice", &sealed).is_err(), "another plugin");
        assert!(MasterKey([8; 32]).open(3, "rtc", &sealed).is_err(), "another installation");
        let mut altered = sealed.clone();
        altered.pop();
        assert!(key.open(3, "rtc", &altered).is_err());
        assert_ne!(key.seal(3, "rtc", "x"), key.seal(3, "rtc", "x"), "fresh nonce each time");
    }

    #[test]
    fn generated_key_is_kept() {
        let dir = tempfile::tempdir().expect("dir");
        let first = MasterKey::load(None, dir.path()).expect("created");
        let again = MasterKey::load(None, dir.path()).expect("read");
        assert_eq!(first.0, again.0);
        assert!(MasterKey::load(Some("abc"), dir.path()).is_err());
    }
}
