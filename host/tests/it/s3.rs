//! Object storage on S3: the host against a real S3-protocol server, `s3s-fs`, that
//! the test starts on loopback (`make setup-s3` installs it). The host runs as its own process,
//! so the `AWS_*` settings stay its own.

use crate::common;

use std::time::Duration;

use common::s3::{ACCESS_KEY, BUCKET, S3Server, SECRET_KEY};
use common::{Install, ProcessHost, content};
use serde_json::{Value, json};

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

/// The object store going away makes the host unready (a load balancer sends users elsewhere),
/// and `/readyz` says it is the object store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_whose_object_store_went_away_is_not_ready() {
    let s3 = S3Server::start().await;
    let env = [
        ("CONSOLE_OBJECT_STORE", format!("s3://{BUCKET}/objects")),
        ("AWS_ENDPOINT", s3.endpoint.clone()),
        ("AWS_ALLOW_HTTP", "true".to_string()),
        ("AWS_ACCESS_KEY_ID", ACCESS_KEY.to_string()),
        ("AWS_SECRET_ACCESS_KEY", SECRET_KEY.to_string()),
        ("AWS_REGION", "us-east-1".to_string()),
    ];
    let host =
        ProcessHost::start_with_env(tempfile::tempdir().expect("dir"), &[Install::probe("files = true")], &env).await;
    let readyz = format!("{}/readyz", host.base.trim_end_matches("/api"));
    let ready = |url: String| async move {
        let answer = reqwest::get(url).await.expect("answered");
        (answer.status().as_u16(), answer.json::<Value>().await.expect("JSON"))
    };
    assert_eq!(ready(readyz.clone()).await.0, 200);
    drop(s3);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let unready = loop {
        let (status, body) = ready(readyz.clone()).await;
        if status == 503 {
            break body;
        }
        assert!(tokio::time::Instant::now() < deadline, "still ready without its object store: {body}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    assert_ne!(unready["checks"]["objects"], "ok", "{unready}");
    assert_eq!(unready["checks"]["database"], "ok", "{unready}");
}
