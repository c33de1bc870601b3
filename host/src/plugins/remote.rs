//! A plugin's remote (its built pages, loaded by the shell into the console's origin): pinned
//! in plugins.toml by a digest of its files, as the artefact is by its sha-256, and every file
//! checked against it when served. A remote runs with the user's session in reach, so a
//! modified one is refused like a modified artefact.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::installation::sha256_hex;

/// The files of a remote folder and their sha-256, as pinned.
#[derive(Debug, Clone)]
pub struct RemoteFiles {
    pub dir: PathBuf,
    /// The digest plugins.toml pins (`remote_sha256`).
    pub digest: String,
    files: BTreeMap<String, String>,
}

impl RemoteFiles {
    /// Reads every file under `dir`. The digest is the sha-256 of the lines
    /// `<relative path> <sha-256>\n`, sorted by path (what `e2e/harness.mjs` computes too).
    pub fn read(dir: &Path) -> std::io::Result<RemoteFiles> {
        let mut files = BTreeMap::new();
        let mut pending = vec![dir.to_path_buf()];
        while let Some(folder) = pending.pop() {
            for entry in std::fs::read_dir(&folder)? {
                let entry = entry?;
                let kind = entry.file_type()?;
                if kind.is_dir() {
                    pending.push(entry.path());
                } else if kind.is_file() {
                    let relative = entry.path().strip_prefix(dir).map(|p| p.to_string_lossy().replace('\\', "/"));
                    if let Ok(relative) = relative {
                        files.insert(relative, sha256_hex(&std::fs::read(entry.path())?));
                    }
                }
            }
        }
        let listing: String = files.iter().map(|(path, sha)| format!("{path} {sha}\n")).collect();
        Ok(RemoteFiles { dir: dir.to_path_buf(), digest: sha256_hex(listing.as_bytes()), files })
    }

    /// The bytes of `relative` as they are now, pinned or not (development only); never outside
    /// the remote's folder.
    pub async fn current(&self, relative: &str) -> Option<Vec<u8>> {
        let inside = relative.split('/').all(|segment| !segment.is_empty() && segment != "." && segment != "..");
        if !inside {
            return None;
        }
        tokio::fs::read(self.dir.join(relative)).await.ok()
    }

    /// The bytes of `relative` if it is one of the pinned files and still has their content.
    pub async fn verified(&self, relative: &str) -> Option<Vec<u8>> {
        let expected = self.files.get(relative)?;
        let bytes = tokio::fs::read(self.dir.join(relative)).await.ok()?;
        if sha256_hex(&bytes) == *expected {
            Some(bytes)
        } else {
            tracing::error!(file = %self.dir.join(relative).display(), "a remote file changed after it was pinned: refused");
            None
        }
    }
}
