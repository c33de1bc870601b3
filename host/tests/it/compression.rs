//! Bytes over the wire: the shell's and the remotes' files go in the brotli or gzip the build
//! wrote beside them (never compressed per request), JSON answers above 1 KiB are compressed as
//! the client takes them, and a client that takes neither gets the plain bytes.

use crate::common;

use std::io::Read as _;

use common::{Install, TestHost};

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("gzip");
    encoder.finish().expect("gzip")
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut plain).expect("gzip");
    plain
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams::default();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).expect("brotli");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut plain).expect("brotli");
    plain
}

/// The body as sent, with its `content-encoding` and `vary`.
async fn fetch(url: &str, accept: &str) -> (Option<String>, Option<String>, Vec<u8>) {
    let answer = reqwest::Client::new().get(url).header("accept-encoding", accept).send().await.expect("sent");
    assert_eq!(answer.status(), 200, "{url}");
    let header = |name: &str| answer.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let (encoding, vary) = (header("content-encoding"), header("vary"));
    (encoding, vary, answer.bytes().await.expect("body").to_vec())
}

/// A built folder: `name` and its `.br` and `.gz`, as `scripts/precompress.mjs` writes them.
fn built(dir: &std::path::Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
    std::fs::write(&path, text).expect("file");
    std::fs::write(format!("{}.br", path.display()), brotli(text.as_bytes())).expect("br");
    std::fs::write(format!("{}.gz", path.display()), gzip(text.as_bytes())).expect("gz");
}

#[tokio::test]
async fn the_shell_and_the_remotes_go_precompressed_as_the_browser_takes_them() {
    let script = format!("export const strings = {:?};\n", "console ".repeat(2000));
    let index = format!("<!doctype html><div id=\"root\"></div>{}", "<!-- shell -->".repeat(200));
    let shell = tempfile::tempdir().expect("shell");
    built(shell.path(), "assets/index-abcdef12.js", &script);
    built(shell.path(), "index.html", &index);
    let remote = tempfile::tempdir().expect("remote");
    built(remote.path(), "remoteEntry.js", &script);
    let mut pet = Install::pet();
    pet.remote = Some((remote.path().to_path_buf(), None));
    let dir = shell.path().to_path_buf();
    let host = TestHost::start_with_plugins(&[pet], move |config| config.shell_dir = dir).await;
    let origin = host.base.trim_end_matches("/api").to_string();

    for url in [format!("{origin}/assets/index-abcdef12.js"), format!("{origin}/remotes/pet/remoteEntry.js")] {
        let (encoding, vary, body) = fetch(&url, "gzip, deflate, br, zstd").await;
        assert_eq!((encoding.as_deref(), vary.as_deref()), (Some("br"), Some("accept-encoding")), "{url}");
        assert!(body.len() * 10 < script.len(), "{url}: {} bytes for {}", body.len(), script.len());
        assert_eq!(unbrotli(&body), script.as_bytes(), "{url}");
        let (encoding, _, body) = fetch(&url, "gzip").await;
        assert_eq!(encoding.as_deref(), Some("gzip"), "{url}");
        assert_eq!(gunzip(&body), script.as_bytes(), "{url}");
        let (encoding, _, body) = fetch(&url, "identity").await;
        assert_eq!((encoding, body), (None, script.as_bytes().to_vec()), "{url}");
    }
    // A console route is answered by index.html, compressed too.
    let (encoding, _, body) = fetch(&format!("{origin}/device-manage/userDevice"), "br").await;
    assert_eq!((encoding.as_deref(), unbrotli(&body)), (Some("br"), index.into_bytes()));
}

#[tokio::test]
async fn json_answers_above_a_kibibyte_are_compressed_as_the_client_takes_them() {
    let host = TestHost::start().await;
    let url = format!("{}/openapi.json", host.base);
    let (encoding, _, plain) = fetch(&url, "identity").await;
    assert_eq!(encoding, None);
    assert!(plain.len() > 100_000, "the document: {} bytes", plain.len());
    let (encoding, _, body) = fetch(&url, "br").await;
    assert_eq!(encoding.as_deref(), Some("br"));
    assert!(body.len() * 5 < plain.len(), "{} of {} bytes", body.len(), plain.len());
    assert_eq!(unbrotli(&body), plain);
    let (encoding, _, body) = fetch(&url, "gzip").await;
    assert_eq!((encoding.as_deref(), gunzip(&body) == plain), (Some("gzip"), true));

    // A small answer goes as it is: its headers would weigh more than what compression saves.
    let small = reqwest::Client::new()
        .get(format!("{}/authority-service/tenantInfo/list", host.base))
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .expect("sent");
    assert!(small.headers().get("content-encoding").is_none());
}
