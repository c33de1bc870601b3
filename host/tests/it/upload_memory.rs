//! A 1 GiB upload streams through the host: its resident memory grows by less than
//! 64 MiB, and the hashes it computed on the way match the client's. The host runs as its own
//! process, so the memory measured is the host's alone.

use crate::common;

use common::{Install, ProcessHost};
use sha2::{Digest, Sha256};

const GIB: usize = 1 << 30;
const CHUNK: usize = 1 << 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gibibyte_upload_keeps_the_host_small() {
    let host = ProcessHost::start(&[Install::probe("files = true\nmax_upload_mib = 2048")]).await;
    let admin = host.admin().await;
    // The peak so far (start, plugin loading) is not the upload's: reset it.
    let pid = host.pid();
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").expect("reset the peak resident size");
    let before = host.status_mib("VmRSS:");

    // 1 GiB that is not one repeated chunk: each MiB carries its index.
    let base: Vec<u8> = (0..CHUNK).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let chunk = move |n: usize| {
        let mut bytes = base.clone();
        bytes[..8].copy_from_slice(&(n as u64).to_le_bytes());
        bytes
    };
    let mut expected = Sha256::new();
    for n in 0..GIB / CHUNK {
        expected.update(chunk(n));
    }
    let expected = hex::encode(expected.finalize());
    let stream = futures_util::stream::iter((0..GIB / CHUNK).map(move |n| Ok::<_, std::io::Error>(chunk(n))));
    let res = reqwest::Client::new()
        .post(format!("{}/files/upload/probe/firmware?fileName=image.bin", host.base))
        .header("authorization", &admin)
        .header("content-length", GIB.to_string())
        .body(reqwest::Body::wrap_stream(stream))
        .send()
        .await
        .expect("sent");
    let answer: serde_json::Value = res.json().await.expect("an envelope");
    let peak = host.status_mib("VmHWM:");
    println!("1 GiB upload: host resident {before} MiB before, peak {peak} MiB");
    assert_eq!(answer["code"], 200, "{answer}");
    assert_eq!(answer["data"]["size"], GIB);
    assert_eq!(answer["data"]["sha256"], expected);
    assert!(peak.saturating_sub(before) < 64, "the host grew by {} MiB", peak - before);
    let stored = host.dir.path().join("objects/uploads").join(answer["data"]["uploadId"].as_str().expect("id"));
    assert_eq!(std::fs::metadata(stored).expect("stored").len(), GIB as u64);
}
