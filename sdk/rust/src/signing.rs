//! The request signature of a device key that requires one (the host checks it in
//! `api::signature`): what a plugin sends when it calls another console as a device would (the
//! sync service delivering to another region).

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The headers that sign `METHOD \n path \n query \n timestamp \n nonce \n hex(SHA-256(body))`
/// under `key`, besides `authorization: Device <key>`. `nonce`: 16 to 64 letters and digits,
/// never used before with the key.
pub fn device_headers(
    key: &str,
    method: &str,
    path: &str,
    query: &str,
    body: &[u8],
    now_ms: i64,
    nonce: &str,
) -> Vec<(String, String)> {
    let timestamp = now_ms.to_string();
    let text = format!("{method}\n{path}\n{query}\n{timestamp}\n{nonce}\n{}", hex::encode(Sha256::digest(body)));
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key");
    mac.update(text.as_bytes());
    vec![
        ("authorization".into(), format!("Device {key}")),
        ("x-console-timestamp".into(), timestamp),
        ("x-console-nonce".into(), nonce.into()),
        ("x-console-signature".into(), hex::encode(mac.finalize().into_bytes())),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector of the README's "Signed requests" section, computed by another implementation
    /// (`openssl dgst -sha256 -hmac`): the host checks exactly this.
    #[test]
    fn the_signature_is_hmac_sha256_of_the_documented_lines() {
        let headers = device_headers(
            "dk_test",
            "POST",
            "/api/device/data-sync-service/inbound",
            "",
            b"{}",
            1_700_000_000_000,
            "nonce-0123456789ab",
        );
        let signature = &headers[3].1;
        let text = format!(
            "POST\n/api/device/data-sync-service/inbound\n\n1700000000000\nnonce-0123456789ab\n{}",
            hex::encode(Sha256::digest(b"{}"))
        );
        let out = std::process::Command::new("openssl")
            .args(["dgst", "-sha256", "-hmac", "dk_test", "-r"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().expect("stdin").write_all(text.as_bytes())?;
                child.wait_with_output()
            })
            .expect("openssl runs");
        let expected = String::from_utf8_lossy(&out.stdout).split_whitespace().next().unwrap_or_default().to_string();
        assert_eq!(signature, &expected);
        assert_eq!(headers[0], ("authorization".into(), "Device dk_test".into()));
    }
}
