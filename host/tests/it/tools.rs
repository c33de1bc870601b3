//! The tools of system configuration through the real host: the encryption tool checked against
//! OpenSSL's implementation, refusals in the caller's language, the device signature, and who
//! may use them.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::TestHost;
use reqwest::Method;
use serde_json::{Value, json};

const CRYPT: &str = "/authority-service/tools/crypt";
const SIGNATURE: &str = "/authority-service/tools/device-signature";

/// `openssl <args>` with `input` on its standard input; its standard output.
fn openssl(args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new("openssl")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("openssl (the Makefile installs it)");
    child.stdin.take().expect("stdin").write_all(input).expect("written");
    let out = child.wait_with_output().expect("openssl ran");
    assert!(out.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn crypt(operation: &str, algorithm: &str, key: &str, iv: &str, data: &str, encodings: (&str, &str)) -> Value {
    json!({
        "operation": operation, "algorithm": algorithm, "key": key, "keyEncoding": "hex", "iv": iv, "ivEncoding": "hex",
        "data": data, "dataEncoding": encodings.0, "outputEncoding": encodings.1,
    })
}

#[tokio::test]
async fn the_encryption_tool_agrees_with_openssl_and_opens_what_it_sealed() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let (key, iv) =
        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf");
    let plain = "{\"power\":true,\"mode\":\"sweep\",\"note\":\"Grüße, 你好\"}";
    for (algorithm, openssl_name, key) in
        [("AES-256-CBC", "-aes-256-cbc", key), ("AES-128-CBC", "-aes-128-cbc", &key[..32])]
    {
        let sealed = host.post(CRYPT, &admin, crypt("encrypt", algorithm, key, iv, plain, ("text", "hex"))).await;
        let sealed = sealed.ok()["output"].as_str().expect("hex").to_string();
        let theirs = openssl(&["enc", openssl_name, "-K", key, "-iv", iv], plain.as_bytes());
        assert_eq!(sealed, hex::encode(&theirs), "{algorithm}: the same bytes as OpenSSL's");
        let opened = host.post(CRYPT, &admin, crypt("decrypt", algorithm, key, iv, &sealed, ("hex", "text"))).await;
        assert_eq!(opened.ok()["output"], plain, "{algorithm}");
    }
    // GCM (OpenSSL's `enc` has no AEAD): the published test vector, then a round trip in Base64.
    let zero = crypt("encrypt", "AES-128-GCM", &"00".repeat(16), &"00".repeat(12), &"00".repeat(16), ("hex", "hex"));
    assert_eq!(
        host.post(CRYPT, &admin, zero).await.ok()["output"],
        "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf"
    );
    let nonce = &iv[..24];
    let sealed = host.post(CRYPT, &admin, crypt("encrypt", "AES-256-GCM", key, nonce, plain, ("text", "base64"))).await;
    let sealed = sealed.ok()["output"].as_str().expect("base64").to_string();
    let opened =
        host.post(CRYPT, &admin, crypt("decrypt", "AES-256-GCM", key, nonce, &sealed, ("base64", "text"))).await;
    assert_eq!(opened.ok()["output"], plain);

    // A wrong key is refused in the caller's language, on the data, and shows no garbage.
    let wrong_key = format!("ff{}", &key[2..]);
    let refused = host
        .call(
            Method::POST,
            CRYPT,
            Some(&admin),
            &[("lang", "de")],
            Some(crypt("decrypt", "AES-256-GCM", &wrong_key, nonce, &sealed, ("base64", "text"))),
        )
        .await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("data")), "{:?}", refused.body);
    assert!(refused.msg().starts_with("Entschlüsselung fehlgeschlagen"), "{}", refused.msg());
    assert!(refused.data().get("output").is_none());

    // Lengths and encodings are checked before anything runs.
    let short = host.post(CRYPT, &admin, crypt("encrypt", "AES-256-CBC", &key[..32], iv, plain, ("text", "hex"))).await;
    assert_eq!((short.code(), short.data()["field"].as_str()), (400, Some("key")));
    assert!(short.msg().contains("32 bytes") && short.msg().contains("16"), "{}", short.msg());
    let long_iv = host.post(CRYPT, &admin, crypt("encrypt", "AES-256-GCM", key, iv, plain, ("text", "hex"))).await;
    assert_eq!((long_iv.code(), long_iv.data()["field"].as_str()), (400, Some("iv")));
    let not_hex = host.post(CRYPT, &admin, crypt("decrypt", "AES-256-GCM", key, nonce, "zz", ("hex", "text"))).await;
    assert_eq!((not_hex.code(), not_hex.data()["field"].as_str()), (400, Some("data")));
    // Binary asked for as text: told to pick hex or Base64.
    let bytes = crypt("encrypt", "AES-256-GCM", key, nonce, "ff00fe", ("hex", "base64"));
    let sealed_bytes = host.post(CRYPT, &admin, bytes).await.ok()["output"].as_str().expect("sealed").to_string();
    let as_text =
        host.post(CRYPT, &admin, crypt("decrypt", "AES-256-GCM", key, nonce, &sealed_bytes, ("base64", "text"))).await;
    assert_eq!((as_text.code(), as_text.data()["field"].as_str()), (400, Some("outputEncoding")));

    // The tool changes nothing: no operation record keeps the keys it was given.
    let stored = host.database_bytes().await;
    for secret in [key, wrong_key.as_str()] {
        assert!(!stored.windows(secret.len()).any(|w| w == secret.as_bytes()), "a key was written down");
    }
}

#[tokio::test]
async fn a_file_past_the_bound_is_refused_and_the_host_goes_on() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    use base64::Engine as _;
    let file = base64::engine::general_purpose::STANDARD.encode(vec![7u8; 4 * 1024 * 1024 + 1]);
    let body = json!({
        "operation": "encrypt", "algorithm": "AES-128-CBC", "key": "k".repeat(16), "keyEncoding": "text",
        "iv": "i".repeat(16), "ivEncoding": "text", "data": file, "dataEncoding": "base64", "outputEncoding": "base64",
    });
    let refused = host.post(CRYPT, &admin, body).await;
    assert_eq!(refused.code(), 400, "{}", refused.msg());
    assert!(refused.msg().contains("4 MiB"), "{}", refused.msg());
    let ok = crypt("encrypt", "AES-128-CBC", &"00".repeat(16), &"00".repeat(16), "hello", ("text", "hex"));
    assert_eq!(host.post(CRYPT, &admin, ok).await.code(), 200);
}

#[tokio::test]
async fn the_device_signature_is_hmac_sha256_of_the_joined_identity_as_openssl_computes_it() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    // Signed an hour ago: the skew is an hour, however slowly a loaded machine runs the test.
    let now = console_host::clock::now_ms() - 3_600_000;
    let content = format!("dev-1LB0000042pk-litter{now}");
    let expected = String::from_utf8(openssl(&["dgst", "-sha256", "-hmac", "sn-secret", "-r"], content.as_bytes()))
        .expect("text")
        .split_whitespace()
        .next()
        .expect("digest")
        .to_string();
    let body = |signature: &str| {
        json!({ "clientId": "dev-1", "sn": "LB0000042", "productKey": "pk-litter", "timestamp": now.to_string(),
                "secret": "sn-secret", "secretEncoding": "text", "signature": signature })
    };
    let computed = host.post(SIGNATURE, &admin, body("")).await;
    let computed = computed.ok();
    assert_eq!(
        (computed["content"].as_str(), computed["signature"].as_str()),
        (Some(&content[..]), Some(&expected[..]))
    );
    assert!(computed["matches"].is_null(), "nothing given, nothing compared");
    assert!(computed["skewSeconds"].as_i64().is_some_and(|s| (3600..3900).contains(&s)), "{computed}");
    assert_eq!(host.post(SIGNATURE, &admin, body(&expected.to_uppercase())).await.ok()["matches"], true);
    // One digit changed (replacing a letter the digest may not have left it whole, 1.6 % of runs).
    let first = if expected.starts_with('0') { "1" } else { "0" };
    let wrong = format!("{first}{}", &expected[1..]);
    assert_eq!(host.post(SIGNATURE, &admin, body(&wrong)).await.ok()["matches"], false);
    let mut bad = body("");
    bad["timestamp"] = json!("yesterday");
    let refused = host.post(SIGNATURE, &admin, bad).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("timestamp")));
}

#[tokio::test]
async fn each_tool_takes_its_own_button() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let role = host.create_role(&admin, "ALL", "signature checkers", "ordinary", &["tools:use"]).await;
    host.create_account(&admin, "ALL", "checker", &[role]).await;
    let checker = host.login("checker", common::USER_PASSWORD).await;
    let signature = json!({ "clientId": "c", "sn": "s", "productKey": "p", "timestamp": "1", "secret": "x", "secretEncoding": "text" });
    assert_eq!(host.post(SIGNATURE, &checker, signature).await.code(), 200);
    let encrypt = crypt("encrypt", "AES-128-CBC", &"00".repeat(16), &"00".repeat(16), "hello", ("text", "hex"));
    assert_eq!(host.post(CRYPT, &checker, encrypt).await.code(), 403, "the encryption tool is another button");
}
