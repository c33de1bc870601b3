//! Short-lived download URLs the host serves (renewed at `storage/oss/getAccessUrl`): the token
//! names the tenant, the plugin, the object, the download's file name and the expiry, and is
//! signed with a key derived from the master key. Nobody can point one at another object, or at
//! another tenant's, without the key; a device needs no session to use one.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::sealing::MasterKey;

/// The longest a URL may live: a day.
pub const MAX_TTL_SECS: u32 = 24 * 3600;

pub struct UrlKey([u8; 32]);

/// What a download URL grants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    #[serde(rename = "t")]
    pub tenant: i64,
    #[serde(rename = "p")]
    pub plugin: String,
    #[serde(rename = "n")]
    pub name: String,
    /// The file name the browser saves it as.
    #[serde(rename = "f")]
    pub file_name: String,
    /// Unix milliseconds.
    #[serde(rename = "e")]
    pub expires_at: i64,
    /// `name` is an archive's listing: the download is the zip of its entries (contract 0.1.15).
    #[serde(rename = "z", default, skip_serializing_if = "std::ops::Not::not")]
    pub archive: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a token the host made, or altered.
    Invalid,
    Expired,
}

impl UrlKey {
    pub fn derive(master: &MasterKey) -> UrlKey {
        UrlKey(master.derive("console-download-urls-v1"))
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length")
    }

    pub fn sign(&self, grant: &Grant) -> String {
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(grant).expect("a grant serializes"));
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        format!("{payload}.{}", URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
    }

    /// The grant of a token this host signed, if it has not expired at `now_ms`.
    pub fn verify(&self, token: &str, now_ms: i64) -> Result<Grant, Refused> {
        let grant = self.signed(token)?;
        if grant.expires_at <= now_ms {
            return Err(Refused::Expired);
        }
        Ok(grant)
    }

    /// The grant of a token this host signed, expired or not (to renew a link).
    pub fn signed(&self, token: &str) -> Result<Grant, Refused> {
        let (payload, signature) = token.split_once('.').ok_or(Refused::Invalid)?;
        let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| Refused::Invalid)?;
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        // Constant time: `verify_slice` does not stop at the first differing byte.
        mac.verify_slice(&signature).map_err(|_| Refused::Invalid)?;
        let bytes = URL_SAFE_NO_PAD.decode(payload).map_err(|_| Refused::Invalid)?;
        serde_json::from_slice(&bytes).map_err(|_| Refused::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(tenant: i64) -> Grant {
        Grant {
            tenant,
            plugin: "ota".into(),
            name: "fw/1.bin".into(),
            file_name: "1.bin".into(),
            expires_at: 2_000,
            archive: false,
        }
    }

    #[test]
    fn only_unaltered_unexpired_tokens_pass() {
        let key = UrlKey([3; 32]);
        let token = key.sign(&grant(7));
        assert_eq!(key.verify(&token, 1_000), Ok(grant(7)));
        assert_eq!(key.verify(&token, 2_000), Err(Refused::Expired));
        assert_eq!(UrlKey([4; 32]).verify(&token, 1_000), Err(Refused::Invalid), "another installation");
        // Another tenant's payload with this token's signature.
        let (_, signature) = token.split_once('.').expect("two parts");
        let (forged, _) =
            key.sign(&grant(8)).split_once('.').map(|(p, s)| (p.to_string(), s.to_string())).expect("two parts");
        assert_eq!(key.verify(&format!("{forged}.{signature}"), 1_000), Err(Refused::Invalid));
        assert_eq!(key.verify("garbage", 1_000), Err(Refused::Invalid));
    }
}
