//! Object storage: the plugins' files and the uploads waiting for a plugin to claim them. On the
//! local disk under `<data>/objects` by default, or in an S3 bucket when the operator sets
//! `CONSOLE_OBJECT_STORE=s3://bucket/prefix` (credentials and endpoint from the usual `AWS_*`
//! variables).
//!
//! Layout: `<tenant>/<plugin>/<name>` for a plugin's objects, `uploads/<id>` for an upload not yet
//! claimed, `.staging/<request>-<n>` for a call's writes until its transaction commits.

pub mod archive;
pub mod ingest;
pub mod signed;
pub mod sniff;
pub mod zip_directory;

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt as _;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::signer::Signer as _;
use object_store::{ObjectStore, ObjectStoreScheme};

use crate::sealing::MasterKey;

/// Uploads wait here for their plugin's claim.
const UPLOADS: &str = "uploads";
/// A call's writes wait here for its transaction.
const STAGING: &str = ".staging";

pub struct Objects {
    pub store: Arc<dyn ObjectStore>,
    /// S3 signs download URLs itself; the local disk is served by the host.
    s3: Option<(Arc<AmazonS3>, Path)>,
    /// Signs the host's own download URLs.
    pub url_key: signed::UrlKey,
}

impl std::fmt::Debug for Objects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Objects({})", self.store)
    }
}

impl Objects {
    /// The store `spec` names (`s3://bucket/prefix`), or the local folder when there is none.
    pub fn open(spec: Option<&str>, local_root: &std::path::Path, key: &MasterKey) -> Result<Objects, String> {
        let url_key = signed::UrlKey::derive(key);
        let Some(spec) = spec.filter(|s| !s.is_empty()) else {
            std::fs::create_dir_all(local_root).map_err(|e| format!("{}: {e}", local_root.display()))?;
            // Empty folders go with their last object: a deleted enterprise leaves no trace.
            let local =
                LocalFileSystem::new_with_prefix(local_root).map_err(|e| e.to_string())?.with_automatic_cleanup(true);
            return Ok(Objects { store: Arc::new(local), s3: None, url_key });
        };
        let url = url::Url::parse(spec).map_err(|e| format!("`{spec}`: {e}"))?;
        match ObjectStoreScheme::parse(&url) {
            Ok((ObjectStoreScheme::AmazonS3, prefix)) => {
                let s3 = Arc::new(AmazonS3Builder::from_env().with_url(spec).build().map_err(|e| e.to_string())?);
                let store = PrefixStore::new(s3.clone() as Arc<dyn ObjectStore>, prefix.clone());
                Ok(Objects { store: Arc::new(store), s3: Some((s3, prefix)), url_key })
            }
            _ => Err(format!("`{spec}`: only s3:// object stores are supported (or none: the local disk)")),
        }
    }

    /// A plugin's object of a tenant; `name` is checked by the caller.
    pub fn plugin_object(tenant: i64, plugin: &str, name: &str) -> Path {
        Path::from(format!("{tenant}/{plugin}/{name}"))
    }

    pub fn upload(id: &str) -> Path {
        Path::from(format!("{UPLOADS}/{id}"))
    }

    pub fn staging(request: &str, n: u32) -> Path {
        Path::from(format!("{STAGING}/{request}-{n}"))
    }

    /// The object's size, or None when there is none.
    pub async fn size(&self, path: &Path) -> object_store::Result<Option<u64>> {
        match self.store.head(path).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// Deletes an object; one that is not there is fine.
    pub async fn delete(&self, path: &Path) -> object_store::Result<()> {
        match self.store.delete(path).await {
            Err(object_store::Error::NotFound { .. }) => Ok(()),
            other => other,
        }
    }

    /// Deletes every object under `prefix` (a deleted enterprise's files).
    pub async fn delete_all(&self, prefix: &Path) -> object_store::Result<()> {
        let listed = self.store.list(Some(prefix)).map(|meta| meta.map(|m| m.location)).boxed();
        let mut deleted = self.store.delete_stream(listed);
        while let Some(result) = deleted.next().await {
            match result {
                Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                Err(err) => return Err(err),
            }
        }
        Ok(())
    }

    /// Removes what a crash left in staging (at start, before any call).
    pub async fn clear_staging(&self) {
        if let Err(err) = self.delete_all(&Path::from(STAGING)).await {
            tracing::warn!(%err, "staged files of an earlier run not removed");
        }
    }

    pub fn tenant(tenant: i64) -> Path {
        Path::from(tenant.to_string())
    }

    /// The objects under `uploads/` last changed before `before_ms`, by upload id.
    pub async fn old_uploads(&self, before_ms: i64) -> object_store::Result<Vec<String>> {
        let mut listed = self.store.list(Some(&Path::from(UPLOADS)));
        let mut ids = Vec::new();
        while let Some(meta) = listed.next().await {
            let meta = meta?;
            if meta.last_modified.timestamp_millis() < before_ms
                && let Some(id) = meta.location.filename()
            {
                ids.push(id.to_string());
            }
        }
        Ok(ids)
    }

    /// Where a download of `path` is sent: an S3 presigned URL, or None when the host serves it.
    pub async fn presigned(&self, path: &Path, ttl: Duration) -> object_store::Result<Option<String>> {
        let Some((s3, prefix)) = &self.s3 else { return Ok(None) };
        let full: Path = prefix.parts().chain(path.parts()).collect();
        Ok(Some(s3.signed_url(axum::http::Method::GET, &full, ttl).await?.to_string()))
    }
}
