//! `files`: small objects under `<data>/objects/<tenant>/<plugin>/`, size-limited by the grant
//! and, in total per (tenant, plugin), by the operator's quota.
//!
//! What a call writes or deletes follows its transaction: writes go to a staging file, and
//! both are applied only when the call commits. A trapped or rolled-back call used to leave
//! its files behind while the answer said nothing was changed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::Capability;
use crate::plugins::bindings::console::plugin::files;
use crate::plugins::runtime::CallState;

/// Where staged writes wait for their call to commit (same file system: renames are atomic).
pub const STAGING: &str = ".staging";

/// The files a call wrote or deleted, by final path.
#[derive(Debug, Default)]
pub struct StagedFiles {
    changes: BTreeMap<PathBuf, Staged>,
    next: u32,
}

#[derive(Debug)]
enum Staged {
    /// The staging file holding the new content, and its size.
    Written(PathBuf, u64),
    Deleted,
}

impl StagedFiles {
    /// Applies the changes once the call's transaction committed.
    pub async fn commit(self) {
        for (path, change) in self.changes {
            let applied = match change {
                Staged::Written(staged, _) => match path.parent() {
                    Some(parent) => match tokio::fs::create_dir_all(parent).await {
                        Ok(()) => tokio::fs::rename(&staged, &path).await,
                        Err(e) => Err(e),
                    },
                    None => Ok(()),
                },
                Staged::Deleted => match tokio::fs::remove_file(&path).await {
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                    other => other,
                },
            };
            if let Err(err) = applied {
                tracing::error!(%err, path = %path.display(), "a committed file change was not applied");
            }
        }
    }

    /// Throws the staged writes away: the call did not commit.
    pub async fn discard(self) {
        for change in self.changes.into_values() {
            if let Staged::Written(staged, _) = change {
                let _ = tokio::fs::remove_file(staged).await;
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// An empty set for a plugin this call calls, numbering its staging files after this one's
    /// (they share the request id, so the names must not meet).
    pub fn for_callee(&self) -> StagedFiles {
        StagedFiles { changes: BTreeMap::new(), next: self.next }
    }

    /// Takes over the changes of a callee that succeeded: applied when this call commits.
    pub fn absorb(&mut self, callee: StagedFiles) {
        self.next = self.next.max(callee.next);
        self.changes.extend(callee.changes);
    }

    /// After a callee that failed: only its numbering is kept.
    pub fn skip_past(&mut self, callee: &StagedFiles) {
        self.next = self.next.max(callee.next);
    }
}

/// Removes staging files a crash left behind (at start, before any call).
pub fn clear_staging(objects_dir: &Path) {
    let _ = std::fs::remove_dir_all(objects_dir.join(STAGING));
}

async fn on_disk(path: PathBuf) -> (u64, bool) {
    match tokio::fs::metadata(&path).await {
        Ok(meta) => (meta.len(), true),
        Err(_) => (0, false),
    }
}

impl CallState {
    /// The object's path; names are relative, with `/`-separated segments of letters, digits,
    /// `.`, `-` and `_`, none of them `..`.
    fn object_path(&self, name: &str) -> Result<PathBuf, String> {
        self.check_grant(Capability::Files)?;
        let valid = !name.is_empty()
            && name.len() <= 255
            && name.split('/').all(|segment| {
                !segment.is_empty()
                    && segment != "."
                    && segment != ".."
                    && segment.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
            });
        if !valid {
            return Err(format!("`{name}` is not a valid object name"));
        }
        Ok(self.services.objects_dir.join(self.call.tenant_id.to_string()).join(&self.plugin.manifest.id).join(name))
    }

    /// The object's size and existence as this call sees them (its own staged change first).
    fn staged(&self, path: &Path) -> Option<(u64, bool)> {
        match self.staged_files.changes.get(path)? {
            Staged::Written(_, size) => Some((*size, true)),
            Staged::Deleted => Some((0, false)),
        }
    }

    /// Counts `delta` bytes on the (tenant, plugin) total, in the call's transaction, within the
    /// operator's quota.
    async fn count_file_bytes(&mut self, delta: i64) -> wasmtime::Result<Result<(), String>> {
        let quota = i64::try_from(self.plugin.installed.grants.max_files_mib << 20).unwrap_or(i64::MAX);
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let conn = self.write_conn().await?;
        let used = crate::db::plugin_store::file_bytes(conn, tenant, &plugin).await?;
        if delta > 0 && used + delta > quota {
            return Ok(Err(format!("the files quota of {} MiB is reached", quota >> 20)));
        }
        crate::db::plugin_store::add_file_bytes(conn, tenant, &plugin, delta).await?;
        Ok(Ok(()))
    }
}

impl files::Host for CallState {
    async fn put(&mut self, name: String, content: Vec<u8>) -> wasmtime::Result<Result<(), String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        let limit = self.plugin.installed.grants.max_file_kib << 10;
        if content.len() as u64 > limit {
            return Ok(Err(format!("an object is at most {} KiB", limit >> 10)));
        }
        let (size, _) = match self.staged(&path) {
            Some(known) => known,
            None => on_disk(path.clone()).await,
        };
        let delta = content.len() as i64 - size as i64;
        if let Err(why) = self.count_file_bytes(delta).await? {
            return Ok(Err(why));
        }
        let staging = self.services.objects_dir.join(STAGING);
        tokio::fs::create_dir_all(&staging).await?;
        self.staged_files.next += 1;
        let staged = staging.join(format!("{}-{}", self.call.request_id, self.staged_files.next));
        tokio::fs::write(&staged, &content).await?;
        let size = content.len() as u64;
        if let Some(Staged::Written(previous, _)) =
            self.staged_files.changes.insert(path, Staged::Written(staged, size))
        {
            let _ = tokio::fs::remove_file(previous).await;
        }
        Ok(Ok(()))
    }

    async fn get(&mut self, name: String) -> wasmtime::Result<Result<Option<Vec<u8>>, String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        let readable = match self.staged_files.changes.get(&path) {
            Some(Staged::Deleted) => return Ok(Ok(None)),
            Some(Staged::Written(staged, _)) => staged.clone(),
            None => path,
        };
        match tokio::fs::read(&readable).await {
            Ok(content) => Ok(Ok(Some(content))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Ok(None)),
            Err(e) => Err(e.into()),
        }
    }

    async fn delete(&mut self, name: String) -> wasmtime::Result<Result<bool, String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        let (size, existed) = match self.staged(&path) {
            Some(known) => known,
            None => on_disk(path.clone()).await,
        };
        if existed {
            if let Err(why) = self.count_file_bytes(-(size as i64)).await? {
                return Ok(Err(why));
            }
            if let Some(Staged::Written(staged, _)) = self.staged_files.changes.insert(path, Staged::Deleted) {
                let _ = tokio::fs::remove_file(staged).await;
            }
        }
        Ok(Ok(existed))
    }
}
