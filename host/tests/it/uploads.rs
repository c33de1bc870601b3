//! Large files through object storage, over HTTP with the real probe plugin: streamed uploads
//! measured on the way, claimed by the plugin inside its transaction, refused by kind, encryption
//! and size with the file named, and downloaded through signed URLs with Range.

use crate::common;

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{Install, TestHost, USER_PASSWORD, content, png};
use serde_json::{Value, json};

const GRANTS: &str = "files = true\nmax_upload_mib = 2048";

struct Uploader<'a> {
    host: &'a TestHost,
    client: reqwest::Client,
}

impl<'a> Uploader<'a> {
    fn new(host: &'a TestHost) -> Self {
        Uploader { host, client: reqwest::Client::new() }
    }

    fn origin(&self) -> String {
        self.host.base.trim_end_matches("/api").to_string()
    }

    /// The file as an `application/octet-stream` body.
    async fn raw(&self, token: &str, purpose: &str, file_name: &str, bytes: Vec<u8>, lang: &str) -> (u16, Value) {
        let res = self
            .client
            .post(format!("{}/files/upload/probe/{purpose}?fileName={file_name}", self.host.base))
            .header("authorization", token)
            .header("lang", lang)
            .header("content-type", "application/octet-stream")
            .body(bytes)
            .send()
            .await
            .expect("sent");
        (res.status().as_u16(), res.json().await.expect("an envelope"))
    }

    /// The file as a `multipart/form-data` field, as a browser form sends it.
    async fn form(&self, token: &str, purpose: &str, file_name: &str, bytes: Vec<u8>) -> (u16, Value) {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_string());
        let form = reqwest::multipart::Form::new().text("note", "ignored").part("file", part);
        let res = self
            .client
            .post(format!("{}/files/upload/probe/{purpose}", self.host.base))
            .header("authorization", token)
            .header("lang", "en")
            .multipart(form)
            .send()
            .await
            .expect("sent");
        (res.status().as_u16(), res.json().await.expect("an envelope"))
    }

    async fn download(&self, url: &str, range: Option<&str>) -> reqwest::Response {
        let mut request = self.client.get(format!("{}{url}", self.origin()));
        if let Some(range) = range {
            request = request.header("range", range);
        }
        request.send().await.expect("sent")
    }
}

/// What the system's `sha256sum` and `md5sum` say of `bytes`.
fn system_hashes(bytes: &[u8]) -> (String, String) {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(file.path(), bytes).expect("write");
    let run = |tool: &str| {
        let out = std::process::Command::new(tool).arg(file.path()).output().expect(tool);
        String::from_utf8_lossy(&out.stdout).split_whitespace().next().unwrap_or_default().to_string()
    };
    (run("sha256sum"), run("md5sum"))
}

/// Every file under `<data>/objects/<sub>`, staging and partial files included.
fn files_under(host: &TestHost, sub: &str) -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                walk(&entry.path(), out);
            } else {
                out.push(entry.path().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(&host.dir.path().join("objects").join(sub), &mut out);
    out
}

#[tokio::test]
async fn an_upload_is_measured_claimed_and_downloaded_with_range() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let up = Uploader::new(&host);
    let bytes = content(3 * 1024 * 1024 + 17, 1);
    let (sha256, md5) = system_hashes(&bytes);

    let (status, answer) = up.raw(&admin, "firmware", "fw-2.1.0.bin", bytes.clone(), "en").await;
    assert_eq!(status, 200, "{answer}");
    let uploaded = &answer["data"];
    assert_eq!(uploaded["size"], bytes.len());
    assert_eq!(uploaded["sha256"], sha256, "as sha256sum says");
    assert_eq!(uploaded["md5"], md5, "as md5sum says");
    assert_eq!(uploaded["fileName"], "fw-2.1.0.bin");
    let id = uploaded["uploadId"].as_str().expect("an upload id");

    let claimed = host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "firmware" })).await;
    let claimed = claimed.ok().clone();
    assert_eq!((claimed["size"].as_u64(), claimed["sha256"].as_str()), (Some(bytes.len() as u64), Some(&*sha256)));
    assert_eq!(claimed["name"], format!("uploads/{id}"));
    let again = host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "firmware" })).await;
    assert_eq!(again.code(), 400, "claimed once: {:?}", again.body);

    // Downloaded without a session, whole and from an offset (a device resuming).
    let url = claimed["url"].as_str().expect("a signed URL");
    let whole = up.download(url, None).await;
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert!(whole.headers()["content-disposition"].to_str().unwrap_or("").contains(id));
    assert!(whole.bytes().await.expect("body").as_ref() == bytes.as_slice(), "the same bytes back");
    let resumed = up.download(url, Some("bytes=1048576-")).await;
    assert_eq!(resumed.status(), 206);
    assert_eq!(
        resumed.headers()["content-range"],
        format!("bytes 1048576-{}/{}", bytes.len() - 1, bytes.len()).as_str()
    );
    assert!(resumed.bytes().await.expect("body").as_ref() == &bytes[1_048_576..]);
    let tail = up.download(url, Some("bytes=-10")).await;
    assert_eq!(tail.status(), 206);
    assert!(tail.bytes().await.expect("body").as_ref() == &bytes[bytes.len() - 10..]);
    let beyond = up.download(url, Some(&format!("bytes={}-", bytes.len() + 5))).await;
    assert_eq!(beyond.status(), 416);
    assert_eq!(beyond.headers()["content-range"], format!("bytes */{}", bytes.len()).as_str());
}

#[tokio::test]
async fn images_are_measured_from_a_browser_form_and_wrong_or_encrypted_files_are_refused_by_name() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let up = Uploader::new(&host);

    let (status, answer) = up.form(&admin, "media", "icon.png", png(480, 320, true)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["kind"], "image");
    assert_eq!(answer["data"]["image"], json!({ "format": "png", "width": 480, "height": 320, "alpha": true }));
    let id = answer["data"]["uploadId"].as_str().expect("id");
    let claimed = host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "media" })).await;
    assert_eq!(claimed.ok()["image"]["width"], 480, "the plugin gets the facts");

    // Text where images or videos go: refused on the file field, naming the file and the kinds.
    let (status, refused) = up.raw(&admin, "media", "notes.txt", b"just some words\n".to_vec(), "en").await;
    assert_eq!((status, refused["code"].as_i64()), (400, Some(400)));
    assert_eq!(refused["data"]["field"], "file");
    let msg = refused["msg"].as_str().unwrap_or("");
    assert!(msg.contains("notes.txt") && msg.contains("image, video"), "{msg}");
    let (_, in_german) = up.raw(&admin, "media", "notes.txt", b"just some words\n".to_vec(), "de").await;
    assert!(in_german["msg"].as_str().unwrap_or("").contains("Bild, Video"), "{in_german}");

    // Encrypted: a password-protected zip and an OpenSSL file.
    let mut zip = b"PK\x03\x04\x14\x00\x01\x00\x08\x00secret entry".to_vec();
    zip.extend(content(1000, 2));
    let (status, refused) = up.raw(&admin, "firmware", "fw.zip", zip, "en").await;
    assert_eq!(status, 400);
    let msg = refused["msg"].as_str().unwrap_or("");
    assert!(msg.contains("fw.zip") && msg.contains("encrypted"), "{msg}");
    let (status, _) =
        up.raw(&admin, "firmware", "fw.enc", [b"Salted__".as_slice(), &content(64, 3)].concat(), "en").await;
    assert_eq!(status, 400);
    // An image is not an Excel workbook; an empty body is no file.
    let (status, refused) = up.raw(&admin, "excel", "devices.xlsx", png(8, 8, false), "en").await;
    assert!(status == 400 && refused["msg"].as_str().unwrap_or("").contains("Excel workbook"), "{refused}");
    assert_eq!(up.raw(&admin, "firmware", "empty.bin", Vec::new(), "en").await.0, 400);

    // Nothing refused was kept.
    assert_eq!(files_under(&host, "uploads").len(), 0, "{:?}", files_under(&host, "uploads"));
    // An unknown purpose or plugin is no route.
    assert_eq!(up.raw(&admin, "nothing", "a.bin", vec![1], "en").await.0, 404);
}

#[tokio::test]
async fn limits_rights_tenants_and_transactions_hold() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let up = Uploader::new(&host);

    // 21 MiB announced for the 20 MiB Excel purpose: refused before a byte is stored.
    let answer = host.announce(&admin, "/files/upload/probe/excel?fileName=big.xlsx", 21 << 20).await;
    assert!(answer.contains("\"code\":413") && answer.contains("20 MiB"), "{answer}");

    // A user without the purpose's action cannot upload.
    let tenant = host.create_tenant(&admin, "Acme", 31).await;
    let tenant_text = tenant.to_string();
    let viewer = host.create_role(&admin, &tenant_text, "Viewer", "ordinary", &["probe:use"]).await;
    host.create_account(&admin, &tenant_text, "viewer", &[viewer]).await;
    let viewer = host.login("viewer", USER_PASSWORD).await;
    let (status, refused) = up.raw(&viewer, "firmware", "fw.bin", content(100, 4), "en").await;
    assert_eq!((status, refused["code"].as_i64()), (403, Some(403)), "{refused}");

    // An upload of the platform tenant cannot be claimed from another enterprise.
    let (_, answer) = up.raw(&admin, "firmware", "fw.bin", content(5000, 5), "en").await;
    let id = answer["data"]["uploadId"].as_str().expect("id").to_string();
    let other = host
        .post_as("/probe/uploads/claim", &admin, &tenant_text, json!({ "uploadId": id, "purpose": "firmware" }))
        .await;
    assert_eq!(other.code(), 400, "{:?}", other.body);
    let wrong_purpose = host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "media" })).await;
    assert_eq!(wrong_purpose.code(), 400);

    // A claim in a call that fails is undone: the upload waits, and no object was made.
    let failed =
        host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "firmware", "fail": true })).await;
    assert_eq!(failed.code(), 400);
    assert!(files_under(&host, "0").is_empty(), "{:?}", files_under(&host, "0"));
    let claimed = host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "firmware" })).await;
    let name = claimed.ok()["name"].as_str().expect("name").to_string();

    // Another enterprise asking for a URL of that name finds nothing of its own.
    let elsewhere = host.post_as("/probe/uploads/url", &admin, &tenant_text, json!({ "name": name })).await;
    assert_eq!(elsewhere.code(), 400, "{:?}", elsewhere.body);

    // A URL expires; one pointed at another tenant by editing the token is refused.
    let short = host.post("/probe/uploads/url", &admin, json!({ "name": name, "ttl": 1 })).await;
    let url = short.ok()["url"].as_str().expect("url").to_string();
    let token = url.split("token=").nth(1).expect("token").to_string();
    let (payload, signature) = token.split_once('.').expect("signed");
    let mut grant: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).expect("b64")).expect("json");
    grant["t"] = json!(tenant);
    let forged = format!("{}.{signature}", URL_SAFE_NO_PAD.encode(grant.to_string()));
    let res = up.download(&format!("/api/files/download?token={forged}"), None).await;
    assert_eq!(res.status(), 403);
    assert_eq!(up.download(&url, None).await.status(), 200);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let expired = up.download(&url, None).await;
    assert_eq!(expired.status(), 410);
    let body: Value = expired.json().await.expect("envelope");
    assert_eq!(body["code"], 410);

    // The expired link renewed at the console's renewal path: the same object for an hour. Not for
    // a user of another enterprise, and not a link the host did not sign.
    const RENEW: &str = "/region-service-admin/storage/oss/getAccessUrl";
    let renewed = host.post(RENEW, &admin, json!({ "url": format!("https://console.example.com{url}") })).await;
    let renewed = renewed.ok()["url"].as_str().expect("a link").to_string();
    assert_ne!(renewed, url);
    assert_eq!(up.download(&renewed, None).await.status(), 200);
    let viewer_renews = host.post(RENEW, &viewer, json!({ "url": url })).await;
    assert_eq!(viewer_renews.code(), 404, "{:?}", viewer_renews.body);
    let forged_renewal =
        host.post(RENEW, &admin, json!({ "url": format!("/api/files/download?token={forged}") })).await;
    assert_eq!((forged_renewal.code(), forged_renewal.data()["field"].as_str()), (400, Some("url")));
}

#[tokio::test]
async fn an_interrupted_upload_leaves_nothing_and_unclaimed_uploads_are_swept() {
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let up = Uploader::new(&host);

    // 12 MiB, then the client fails mid-body.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = (0..12)
        .map(|i| Ok(content(1 << 20, 10 + i)))
        .chain([Err(std::io::Error::other("the client went away"))])
        .collect();
    let body = reqwest::Body::wrap_stream(futures_util::stream::iter(chunks));
    let sent = up
        .client
        .post(format!("{}/files/upload/probe/firmware?fileName=cut.bin", host.base))
        .header("authorization", &admin)
        .body(body)
        .send()
        .await;
    assert!(sent.is_err() || sent.is_ok_and(|r| r.status() != 200));
    let mut left = files_under(&host, "uploads");
    for _ in 0..50 {
        if left.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = files_under(&host, "uploads");
    }
    assert!(left.is_empty(), "an interrupted upload left {left:?}");

    // One upload left unclaimed, and one object without its row (a crash between the two).
    let (_, answer) = up.raw(&admin, "firmware", "kept.bin", content(1000, 20), "en").await;
    let id = answer["data"]["uploadId"].as_str().expect("id").to_string();
    let orphan = host.dir.path().join("objects/uploads/orphan0000");
    std::fs::write(&orphan, b"left by a crash").expect("orphan");
    let db = console_host::db::Db::open(&host.database_url).await.expect("db");
    let key = console_host::sealing::MasterKey::load(None, host.dir.path()).expect("key");
    let objects = console_host::objects::Objects::open(None, &host.dir.path().join("objects"), &key).expect("objects");
    let now = console_host::db::now_ms();
    assert_eq!(console_host::routes::files::sweep(&db, &objects, now).await, Ok(0), "nothing is old yet");
    let later = now + 2 * 3600 * 1000;
    assert_eq!(console_host::routes::files::sweep(&db, &objects, later).await, Ok(2));
    assert!(files_under(&host, "uploads").is_empty());
    let gone = host.post("/probe/uploads/claim", &admin, json!({ "uploadId": id, "purpose": "firmware" })).await;
    assert_eq!(gone.code(), 400, "swept");
}

/// The staging objects left in `host`'s object store (none once every call has ended).
fn staged_left(host: &TestHost) -> usize {
    std::fs::read_dir(host.dir.path().join("objects/.staging")).map_or(0, |dir| dir.count())
}

#[tokio::test]
async fn a_file_another_console_serves_is_fetched_streamed_and_checked_and_a_changed_one_is_refused() {
    // The console the file comes from: an upload, claimed, and its signed URL.
    let source = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let source_admin = source.admin().await;
    let bytes = content(3 * 1024 * 1024 + 5, 7);
    let (sha256, _) = system_hashes(&bytes);
    let (_, answer) = Uploader::new(&source).raw(&source_admin, "firmware", "fw.bin", bytes.clone(), "en").await;
    let id = answer["data"]["uploadId"].as_str().expect("an upload id");
    let claimed =
        source.post("/probe/uploads/claim", &source_admin, json!({ "uploadId": id, "purpose": "firmware" })).await;
    let origin = source.base.trim_end_matches("/api").to_string();
    let url = format!("{origin}{}", claimed.ok()["url"].as_str().expect("a URL"));
    let port = origin.rsplit(':').next().expect("a port");

    // The receiving console grants the source's address only.
    let grants = format!("{GRANTS}\noutbound_hosts = [\"127.0.0.1:{port}\"]");
    let host = TestHost::start_with_plugins(&[Install::probe(&grants)], |_| {}).await;
    let admin = host.admin().await;
    let fetch = |name: &str, url: &str, size: usize, sha256: &str, fail: bool| json!({ "files": [{ "name": name, "url": url, "size": size, "sha256": sha256 }], "fail": fail });
    let kept = |name: &'static str| {
        let (host, admin) = (&host, admin.clone());
        async move { host.post("/probe/uploads/url", &admin, json!({ "name": name })).await.code() == 200 }
    };

    // Changed on the way (another SHA-256, or more bytes than announced): refused, nothing kept.
    let changed =
        host.post("/probe/files-fetch", &admin, fetch("a.bin", &url, bytes.len(), &"0".repeat(64), false)).await;
    assert_eq!(changed.code(), 400);
    assert!(changed.body.to_string().contains("arrived changed"), "{:?}", changed.body);
    let longer = host.post("/probe/files-fetch", &admin, fetch("b.bin", &url, 1024, &sha256, false)).await;
    assert!(longer.body.to_string().contains("larger than"), "{:?}", longer.body);
    // Another host, or a call that fails after fetching: nothing kept either.
    let elsewhere =
        host.post("/probe/files-fetch", &admin, fetch("c.bin", "http://127.0.0.1:9/x", 3, &sha256, false)).await;
    assert!(elsewhere.body.to_string().contains("not granted"), "{:?}", elsewhere.body);
    let failed = host.post("/probe/files-fetch", &admin, fetch("d.bin", &url, bytes.len(), &sha256, true)).await;
    assert_eq!(failed.code(), 400);
    for name in ["a.bin", "b.bin", "c.bin", "d.bin"] {
        assert!(!kept(name).await, "{name} is not kept");
    }
    assert_eq!(staged_left(&host), 0, "no staging object left behind");

    // The file as it was: kept, and served from here with the same bytes.
    host.post("/probe/files-fetch", &admin, fetch("fw/copy.bin", &url, bytes.len(), &sha256, false)).await.ok();
    let served = host.post("/probe/uploads/url", &admin, json!({ "name": "fw/copy.bin" })).await;
    let own = served.ok()["url"].as_str().expect("a URL").to_string();
    let copy = Uploader::new(&host).download(&own, None).await.bytes().await.expect("body");
    assert!(copy.as_ref() == bytes.as_slice(), "the same bytes here");
}

/// A zip whose encrypted entry follows a plain one larger than what the head sniff reads: its
/// central directory tells, and it is refused like one encrypted from its first entry.
#[tokio::test]
async fn an_encrypted_entry_behind_a_large_plain_one_is_found_in_the_zips_directory() {
    use std::io::Write as _;
    let host = TestHost::start_with_plugins(&[Install::probe(GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let up = Uploader::new(&host);
    let zip = |encrypt_second: bool| {
        let mut out = std::io::Cursor::new(Vec::new());
        {
            let mut writer = zip::ZipWriter::new(&mut out);
            let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
            writer.start_file("firmware.bin", stored).expect("entry");
            writer.write_all(&content(300 * 1024, 9)).expect("bytes");
            writer.start_file("keys.txt", stored).expect("entry");
            writer.write_all(b"the second entry").expect("bytes");
            writer.finish().expect("finished");
        }
        let mut bytes = out.into_inner();
        if encrypt_second {
            // Its flags in the central directory, as a tool that encrypts one entry writes them.
            let name = bytes.windows(8).rposition(|w| w == b"keys.txt").expect("the entry's name");
            bytes[name - 46 + 8] |= 1;
        }
        bytes
    };
    let (status, answer) = up.raw(&admin, "firmware", "plain.zip", zip(false), "en").await;
    assert_eq!(status, 200, "{answer}");
    let (status, refused) = up.raw(&admin, "firmware", "hidden.zip", zip(true), "en").await;
    assert_eq!(status, 400, "{refused}");
    let msg = refused["msg"].as_str().unwrap_or("");
    assert!(msg.contains("hidden.zip") && msg.contains("encrypted"), "{msg}");
    assert_eq!(files_under(&host, "uploads").len(), 1, "only the plain one is kept");
}
