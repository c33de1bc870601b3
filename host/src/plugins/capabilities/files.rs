//! `files`: small objects under `<data>/objects/<tenant>/<plugin>/`, size-limited by the grant.

use std::path::PathBuf;

use super::Capability;
use crate::plugins::bindings::console::plugin::files;
use crate::plugins::runtime::CallState;

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
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        tokio::fs::write(&path, content).await?;
        Ok(Ok(()))
    }

    async fn get(&mut self, name: String) -> wasmtime::Result<Result<Option<Vec<u8>>, String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        match tokio::fs::read(&path).await {
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
        match tokio::fs::remove_file(&path).await {
            Ok(()) => Ok(Ok(true)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Ok(false)),
            Err(e) => Err(e.into()),
        }
    }
}
