//! Streaming a request body into object storage: never the whole file in memory (parts of
//! [`PART_BYTES`], at most two in flight), size, MD5 and SHA-256 computed on the way, and the
//! first [`HEAD_BYTES`] kept to tell what the file is.
//!
//! A body that ends badly (the client left, the size limit passed, the store failed) leaves no
//! object behind: the multipart upload is aborted, also when the request's future is dropped.

use bytes::Bytes;
use futures_util::{Stream, StreamExt as _};
use md5::Md5;
use object_store::path::Path;
use object_store::{ObjectStore, WriteMultipart};
use sha2::{Digest, Sha256};

/// S3's smallest part; the local store writes each part at its offset.
const PART_BYTES: usize = 5 * 1024 * 1024;
/// Parts written at once.
const PARTS_IN_FLIGHT: usize = 2;
/// What is kept of the file's start for [`super::sniff`] (headers of images, Excel, zip).
pub const HEAD_BYTES: usize = 256 * 1024;

#[derive(Debug)]
pub struct Ingested {
    pub size: u64,
    pub md5: String,
    pub sha256: String,
    /// The first [`HEAD_BYTES`] of the file.
    pub head: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
pub enum IngestError {
    #[error("the file is larger than {0} bytes")]
    TooLarge(u64),
    #[error("the upload was interrupted: {0}")]
    Body(String),
    #[error("object storage: {0}")]
    Store(#[from] object_store::Error),
}

/// Aborts the upload unless it was finished, even when dropped mid-way.
struct Unfinished(Option<WriteMultipart>);

impl Drop for Unfinished {
    fn drop(&mut self) {
        if let Some(upload) = self.0.take()
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            runtime.spawn(async move {
                if let Err(err) = upload.abort().await {
                    tracing::warn!(%err, "an interrupted upload was not aborted");
                }
            });
        }
    }
}

/// Writes `body` to `path`, refusing it past `limit` bytes.
pub async fn ingest<E: std::fmt::Display>(
    store: &dyn ObjectStore,
    path: &Path,
    body: impl Stream<Item = Result<Bytes, E>>,
    limit: u64,
) -> Result<Ingested, IngestError> {
    let mut body = std::pin::pin!(body);
    let upload = store.put_multipart(path).await?;
    let mut writer = Unfinished(Some(WriteMultipart::new_with_chunk_size(upload, PART_BYTES)));
    let (mut md5, mut sha256) = (Md5::new(), Sha256::new());
    let mut head = Vec::new();
    let mut size = 0u64;
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(|e| IngestError::Body(e.to_string()))?;
        size += chunk.len() as u64;
        if size > limit {
            return Err(IngestError::TooLarge(limit));
        }
        md5.update(&chunk);
        sha256.update(&chunk);
        if head.len() < HEAD_BYTES {
            head.extend_from_slice(&chunk[..chunk.len().min(HEAD_BYTES - head.len())]);
        }
        let upload = writer.0.as_mut().expect("taken only at the end");
        upload.wait_for_capacity(PARTS_IN_FLIGHT).await?;
        upload.put(chunk);
    }
    writer.0.take().expect("taken only here").finish().await?;
    Ok(Ingested { size, md5: hex::encode(md5.finalize()), sha256: hex::encode(sha256.finalize()), head })
}

#[cfg(test)]
mod tests {
    use super::*;
    use object_store::memory::InMemory;

    fn chunks(parts: Vec<Result<&'static [u8], &'static str>>) -> impl Stream<Item = Result<Bytes, &'static str>> {
        futures_util::stream::iter(parts.into_iter().map(|p| p.map(Bytes::from_static)))
    }

    #[tokio::test]
    async fn hashes_and_keeps_the_head() {
        let store = InMemory::new();
        let path = Path::from("uploads/a");
        let got = ingest(&store, &path, chunks(vec![Ok(b"hello "), Ok(b"world")]), 100).await.expect("ingested");
        assert_eq!(got.size, 11);
        assert_eq!(got.md5, "5eb63bbbe01eeed093cb22bb8f5acdc3");
        assert_eq!(got.sha256, "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
        assert_eq!(got.head, b"hello world");
        assert_eq!(store.get(&path).await.expect("stored").bytes().await.expect("read").as_ref(), b"hello world");
    }

    #[tokio::test]
    async fn a_body_that_fails_or_is_too_large_leaves_nothing() {
        let store = InMemory::new();
        let path = Path::from("uploads/b");
        let err = ingest(&store, &path, chunks(vec![Ok(b"part"), Err("client left")]), 100).await.unwrap_err();
        assert!(matches!(err, IngestError::Body(_)), "{err}");
        let err = ingest(&store, &path, chunks(vec![Ok(b"0123456789"), Ok(b"0")]), 10).await.unwrap_err();
        assert!(matches!(err, IngestError::TooLarge(10)), "{err}");
        tokio::task::yield_now().await;
        assert!(store.head(&path).await.is_err(), "no object is left");
    }
}
