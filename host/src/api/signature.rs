//! The optional request signature. A device key issued with `requireSignature` is
//! refused on any request that does not carry, besides `authorization: Device <key>`:
//!
//! - `x-console-timestamp`: the time of signing, milliseconds since the epoch, within five minutes
//!   of the host's clock;
//! - `x-console-nonce`: 16 to 64 letters, digits, `-` or `_`, never used before with the key;
//! - `x-console-signature`: lower-case hex of HMAC-SHA256 under the key itself, of
//!
//!   ```text
//!   METHOD \n /api/path \n query \n timestamp \n nonce \n hex(SHA-256(body))
//!   ```
//!
//!   where `query` is the raw query string (empty when there is none).
//!
//! The key signs and the host, holding only its hash, verifies with the key the request presents:
//! a stolen hash cannot sign, a captured request cannot be replayed (its nonce is spent) nor
//! altered (body, path, query and time are signed), and an old one is stale.

use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

pub const TIMESTAMP: &str = "x-console-timestamp";
pub const NONCE: &str = "x-console-nonce";
pub const SIGNATURE: &str = "x-console-signature";
/// How far the signing time may be from the host's clock, either way.
pub const WINDOW_MS: i64 = 300_000;

/// Why a signature is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A header is absent or malformed.
    Missing,
    /// The time is outside the window.
    Stale,
    /// The signature does not match the request.
    Wrong,
}

/// What is signed, one field per line.
pub fn string_to_sign(method: &str, path: &str, query: &str, timestamp: &str, nonce: &str, body: &[u8]) -> String {
    format!("{method}\n{path}\n{query}\n{timestamp}\n{nonce}\n{}", hex::encode(Sha256::digest(body)))
}

/// The signature a client sends: what the documentation tells client authors to compute.
pub fn sign(key: &str, text: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key");
    mac.update(text.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim)
}

/// Checks the signature of a request made with `key`; the nonce to remember when it holds.
pub fn check(
    key: &str,
    headers: &HeaderMap,
    method: &str,
    path: &str,
    query: &str,
    body: &[u8],
    now_ms: i64,
) -> Result<String, Refusal> {
    let timestamp = header(headers, TIMESTAMP).ok_or(Refusal::Missing)?;
    let nonce = header(headers, NONCE).ok_or(Refusal::Missing)?;
    let signature = header(headers, SIGNATURE).ok_or(Refusal::Missing)?;
    let nonce_ok =
        (16..=64).contains(&nonce.len()) && nonce.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let signed_at: i64 = timestamp.parse().map_err(|_| Refusal::Missing)?;
    let given = hex::decode(signature).map_err(|_| Refusal::Missing)?;
    if !nonce_ok {
        return Err(Refusal::Missing);
    }
    if (now_ms - signed_at).abs() > WINDOW_MS {
        return Err(Refusal::Stale);
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key");
    mac.update(string_to_sign(method, path, query, timestamp, nonce, body).as_bytes());
    // Compared in constant time.
    mac.verify_slice(&given).map_err(|_| Refusal::Wrong)?;
    Ok(nonce.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "dk_0123456789abcdef";
    const NOW: i64 = 1_795_000_000_000;
    const NONCE_TEXT: &str = "n0nce-0000000001";

    fn signed(method: &str, path: &str, query: &str, body: &[u8], at: i64) -> HeaderMap {
        let mut headers = HeaderMap::new();
        let text = string_to_sign(method, path, query, &at.to_string(), NONCE_TEXT, body);
        headers.insert(TIMESTAMP, at.to_string().parse().unwrap());
        headers.insert(NONCE, NONCE_TEXT.parse().unwrap());
        headers.insert(SIGNATURE, sign(KEY, &text).parse().unwrap());
        headers
    }

    #[test]
    fn a_signature_binds_the_method_path_query_body_and_time() {
        let headers = signed("POST", "/api/device/x/report", "a=1", b"{\"t\":1}", NOW);
        assert_eq!(
            check(KEY, &headers, "POST", "/api/device/x/report", "a=1", b"{\"t\":1}", NOW + 1000),
            Ok(NONCE_TEXT.into())
        );
        for (method, path, query, body) in [
            ("PUT", "/api/device/x/report", "a=1", &b"{\"t\":1}"[..]),
            ("POST", "/api/device/x/other", "a=1", b"{\"t\":1}"),
            ("POST", "/api/device/x/report", "a=2", b"{\"t\":1}"),
            ("POST", "/api/device/x/report", "a=1", b"{\"t\":2}"),
        ] {
            assert_eq!(check(KEY, &headers, method, path, query, body, NOW), Err(Refusal::Wrong));
        }
        assert_eq!(
            check("dk_another", &headers, "POST", "/api/device/x/report", "a=1", b"{\"t\":1}", NOW),
            Err(Refusal::Wrong)
        );
    }

    #[test]
    fn an_old_or_future_signature_is_stale_and_a_missing_header_is_said() {
        let headers = signed("GET", "/api/device/x", "", b"", NOW);
        assert_eq!(check(KEY, &headers, "GET", "/api/device/x", "", b"", NOW + WINDOW_MS + 1), Err(Refusal::Stale));
        assert_eq!(check(KEY, &headers, "GET", "/api/device/x", "", b"", NOW - WINDOW_MS - 1), Err(Refusal::Stale));
        let mut partial = headers.clone();
        partial.remove(NONCE);
        assert_eq!(check(KEY, &partial, "GET", "/api/device/x", "", b"", NOW), Err(Refusal::Missing));
        let mut short = headers;
        short.insert(NONCE, "short".parse().unwrap());
        assert_eq!(check(KEY, &short, "GET", "/api/device/x", "", b"", NOW), Err(Refusal::Missing));
    }
}
