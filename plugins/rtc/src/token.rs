//! Test tokens: `<claims>.<signature>`, the claims base64url JSON, the signature
//! HMAC-SHA256 with the app certificate over app id, channel, user and expiry, one per line.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    pub app_id: String,
    pub channel: String,
    pub user_id: String,
    /// Unix seconds.
    pub expires_at: i64,
}

fn mac(certificate: &str, claims: &Claims) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(certificate.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(format!("{}\n{}\n{}\n{}", claims.app_id, claims.channel, claims.user_id, claims.expires_at).as_bytes());
    mac
}

pub fn sign(certificate: &str, claims: &Claims) -> String {
    let claims_text = serde_json::to_vec(claims).expect("claims serialize");
    let signature = hex::encode(mac(certificate, claims).finalize().into_bytes());
    format!("{}.{signature}", URL_SAFE_NO_PAD.encode(claims_text))
}

/// The claims and signature of a token, if it has the token's shape.
pub fn parse(token: &str) -> Option<(Claims, Vec<u8>)> {
    let (claims, signature) = token.trim().split_once('.')?;
    let claims: Claims = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).ok()?).ok()?;
    Some((claims, hex::decode(signature).ok()?))
}

/// Whether `certificate` made `signature` for `claims` (constant-time comparison).
pub fn signed_with(certificate: &str, claims: &Claims, signature: &[u8]) -> bool {
    mac(certificate, claims).verify_slice(signature).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims() -> Claims {
        Claims { app_id: "app1".into(), channel: "robot-42".into(), user_id: "u7".into(), expires_at: 1_900_000_000 }
    }

    #[test]
    fn a_signed_token_verifies_only_with_its_certificate_and_claims() {
        let token = sign("cert-a", &claims());
        let (parsed, signature) = parse(&token).expect("shape");
        assert_eq!(parsed, claims());
        assert!(signed_with("cert-a", &parsed, &signature));
        assert!(!signed_with("cert-b", &parsed, &signature));
        let widened = Claims { channel: "robot-43".into(), ..parsed };
        assert!(!signed_with("cert-a", &widened, &signature), "claims cannot be changed");
        assert!(parse("not-a-token").is_none());
    }

    #[test]
    fn the_signature_is_hmac_sha256_over_the_four_claims() {
        // Computed independently: printf 'app1\nrobot-42\nu7\n1900000000' | openssl dgst -sha256 -hmac cert-a
        let token = sign("cert-a", &claims());
        let signature = token.split_once('.').map(|(_, s)| s).unwrap_or_default();
        assert_eq!(signature.len(), 64);
        assert_eq!(signature, EXPECTED);
    }

    const EXPECTED: &str = "10d6db95bb2a5ef3e705b12d04a3d1eebfade3a92c732fd37c994225bae8dbd4";
}
