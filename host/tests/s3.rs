//! Object storage on S3 (issue 14): the host against a real S3-protocol server, `s3s-fs`, that
//! the test starts on loopback (`make setup-s3` installs it). The host runs as its own process,
//! so the `AWS_*` settings stay its own.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{Install, ProcessHost, content};
use serde_json::{Value, json};

const ACCESS_KEY: &str = "console-test";
const SECRET_KEY: &str = "console-test-secret-key";
const BUCKET: &str = "console";

/// `s3s-fs` serving a temporary folder (one sub-folder per bucket) on a loopback port.
struct S3Server {
    child: Child,
    endpoint: String,
    root: tempfile::TempDir,
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl S3Server {
    async fn start() -> S3Server {
        let root = tempfile::tempdir().expect("dir");
        std::fs::create_dir_all(root.path().join(BUCKET)).expect("bucket");
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("port").local_addr().expect("addr").port();
        let child = Command::new("s3s-fs")
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .args(["--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY])
            .arg(root.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("s3s-fs is missing: `make setup-s3` installs it");
        // Owned at once: killed and reaped on drop, also when it never answers.
        let server = S3Server { child, endpoint: format!("http://127.0.0.1:{port}"), root };
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("s3s-fs did not start");
    }

    /// Every object file the server holds, with its size.
    fn objects(&self) -> Vec<(String, u64)> {
        fn walk(dir: &Path, out: &mut Vec<(String, u64)>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else {
                    let size = entry.metadata().map_or(0, |m| m.len());
                    out.push((path.display().to_string(), size));
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.root.path().join(BUCKET), &mut out);
        out
    }
}

/// The envelope a request is answered with.
async fn envelope(request: reqwest::RequestBuilder) -> Value {
    request.send().await.expect("sent").json().await.expect("an envelope")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_are_claimed_and_downloaded_with_range_through_s3() {
    let s3 = S3Server::start().await;
    let env = [
        ("CONSOLE_OBJECT_STORE", format!("s3://{BUCKET}/objects")),
        ("AWS_ENDPOINT", s3.endpoint.clone()),
        ("AWS_ALLOW_HTTP", "true".to_string()),
        ("AWS_ACCESS_KEY_ID", ACCESS_KEY.to_string()),
        ("AWS_SECRET_ACCESS_KEY", SECRET_KEY.to_string()),
        ("AWS_REGION", "us-east-1".to_string()),
    ];
    let grants = "files = true\nmax_upload_mib = 64";
    let host = ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &[Install::probe(grants)], &env).await;
    let admin = host.admin().await;
    let client = reqwest::Client::new();
    let post = |path: &str, body: Value| {
        client.post(format!("{}{path}", host.base)).header("authorization", &admin).header("lang", "en").json(&body)
    };

    // Streamed to S3 while measured.
    let bytes = content(3 * 1024 * 1024 + 17, 1);
    let uploaded = envelope(
        client
            .post(format!("{}/files/upload/probe/firmware?fileName=fw.bin", host.base))
            .header("authorization", &admin)
            .header("content-type", "application/octet-stream")
            .body(bytes.clone()),
    )
    .await;
    assert_eq!(uploaded["code"], 200, "{uploaded}");
    assert_eq!(uploaded["data"]["size"], bytes.len());
    let id = uploaded["data"]["uploadId"].as_str().expect("upload id").to_string();

    // Claimed inside the plugin's call: the object is in the bucket, nothing on the host's disk.
    let claimed = envelope(post("/probe/uploads/claim", json!({ "uploadId": id, "purpose": "firmware" }))).await;
    assert_eq!(claimed["code"], 200, "{claimed}");
    let stored = s3.objects();
    assert!(stored.iter().any(|(_, size)| *size == bytes.len() as u64), "the object is in the bucket: {stored:?}");
    assert!(
        !host.dir.path().join("objects").exists()
            || std::fs::read_dir(host.dir.path().join("objects")).expect("dir").next().is_none(),
        "nothing on the host's own disk"
    );

    // The download URL is S3's own, presigned: whole, and resumed from an offset.
    let url = claimed["data"]["url"].as_str().expect("url").to_string();
    assert!(url.starts_with(&s3.endpoint) && url.contains("X-Amz-Signature"), "{url}");
    let whole = client.get(&url).send().await.expect("sent");
    assert_eq!(whole.status(), 200);
    assert!(whole.bytes().await.expect("body").as_ref() == bytes.as_slice(), "the same bytes back");
    let resumed = client.get(&url).header("range", "bytes=1048576-").send().await.expect("sent");
    assert_eq!(resumed.status(), 206);
    assert!(resumed.bytes().await.expect("body").as_ref() == &bytes[1_048_576..]);

    // Without the signature, or with a wrong one, the server refuses (s3s answers an anonymous
    // request 400, a bad signature 403).
    let unsigned = url.split('?').next().expect("path").to_string();
    let refused = client.get(&unsigned).send().await.expect("sent").status();
    assert!(refused.is_client_error(), "{refused}");
    // Forged: the signature's first hex digit changed, its length kept.
    let (head, signature) = url.split_once("X-Amz-Signature=").expect("signature");
    let flipped = if signature.starts_with('0') { "1" } else { "0" };
    let forged = format!("{head}X-Amz-Signature={flipped}{}", &signature[1..]);
    assert_eq!(client.get(&forged).send().await.expect("sent").status(), 403);

    // A URL outlives its time to live by nothing. The signature's date is cut to the second, so a
    // one-second URL signed late in a second may be stale on arrival: two seconds, then a wait of
    // more than three, whatever the fraction.
    let name = claimed["data"]["name"].as_str().expect("name");
    let short: Value = post("/probe/uploads/url", json!({ "name": name, "ttl": 2 }))
        .send()
        .await
        .expect("sent")
        .json()
        .await
        .expect("envelope");
    let short = short["data"]["url"].as_str().expect("url").to_string();
    assert_eq!(client.get(&short).send().await.expect("sent").status(), 200);
    tokio::time::sleep(Duration::from_millis(3100)).await;
    let expired = client.get(&short).send().await.expect("sent").status();
    assert!(expired.is_client_error(), "an expired URL answered {expired}");
}
