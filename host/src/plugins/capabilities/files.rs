//! `files`: objects under `<tenant>/<plugin>/` in object storage, size-limited by the grant and,
//! in total per (tenant, plugin), by the operator's quota; since 0.1.4 also uploads claimed by
//! the plugin and signed download URLs; since 0.1.13 files fetched from another console.
//!
//! What a call writes, deletes or claims follows its transaction: writes go to a staging
//! object, and all of it is applied only when the call commits. A trapped or rolled-back call
//! used to leave its files behind while the answer said nothing was changed.

use std::collections::BTreeMap;
use std::time::Duration;

use bytes::Bytes;
use object_store::path::Path;
use sha2::Digest as _;

use super::Capability;
use crate::objects::Objects;
use crate::objects::signed::{Grant, MAX_TTL_SECS};
use crate::plugins::bindings::console::plugin::files;
use crate::plugins::runtime::CallState;

/// An upload is claimable for this long; the sweeper removes it some minutes later, so that a
/// claim committed at the last moment is moved before the sweeper could see it.
pub const CLAIMABLE_MS: i64 = 3600 * 1000;

/// The objects a call wrote, deleted or claimed, by final path.
#[derive(Debug, Default)]
pub struct StagedFiles {
    changes: BTreeMap<Path, Staged>,
    next: u32,
}

#[derive(Debug)]
enum Staged {
    /// The staging object holding the new content, and its size.
    Written(Path, u64),
    /// An upload to move here (a claim), and its size.
    Moved(Path, u64),
    Deleted,
}

impl StagedFiles {
    /// Applies the changes once the call's transaction committed.
    pub async fn commit(self, objects: &Objects) {
        for (path, change) in self.changes {
            let applied = match change {
                Staged::Written(from, _) | Staged::Moved(from, _) => objects.store.rename(&from, &path).await,
                Staged::Deleted => objects.delete(&path).await,
            };
            if let Err(err) = applied {
                tracing::error!(%err, %path, "a committed file change was not applied");
            }
        }
    }

    /// Throws the staged writes away: the call did not commit (a claimed upload stays where it
    /// is, unclaimed again, and is swept in time).
    pub async fn discard(self, objects: &Objects) {
        for change in self.changes.into_values() {
            if let Staged::Written(staged, _) = change {
                let _ = objects.delete(&staged).await;
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// An empty set for a plugin this call calls, numbering its staging objects after this
    /// one's (they share the request id, so the names must not meet).
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

/// A relative name of `/`-separated segments of letters, digits, `.`, `-` and `_`, none of them
/// `.` or `..`.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
        })
}

impl CallState {
    fn object_path(&self, name: &str) -> Result<Path, String> {
        self.check_grant(Capability::Files)?;
        if !valid_name(name) {
            return Err(format!("`{name}` is not a valid object name"));
        }
        Ok(Objects::plugin_object(self.call.tenant_id, &self.plugin.manifest.id, name))
    }

    /// Where the object's bytes are as this call sees them (its own staged change first), and
    /// their size; None when there is no object. What the database says of an object comes
    /// before what the store holds: a change another call committed reaches the store after.
    async fn current(&mut self, path: &Path) -> wasmtime::Result<Option<(Path, u64)>> {
        if let Some(staged) = self.staged_files.changes.get(path) {
            return Ok(match staged {
                Staged::Written(from, size) | Staged::Moved(from, size) => Some((from.clone(), *size)),
                Staged::Deleted => None,
            });
        }
        let owner = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let known = crate::db::plugin_files::size(self.read_conn().await?, (owner.0, &owner.1), path.as_ref()).await?;
        Ok(match known {
            Some(Some(size)) => Some((path.clone(), u64::try_from(size).unwrap_or(0))),
            Some(None) => None,
            None => self.services.objects.size(path).await?.map(|size| (path.clone(), size)),
        })
    }

    /// Counts the object at `path` as `new` bytes (`None`: deleted) in the (tenant, plugin)
    /// total, within the operator's quota, in the call's transaction: the difference from what
    /// the database says the object held, so that concurrent changes of one object count once
    /// (two deletes of one object each took its size off before, and the quota drifted).
    async fn account_file(&mut self, path: &Path, new: Option<u64>) -> wasmtime::Result<Result<(), String>> {
        let quota = i64::try_from(self.plugin.installed.grants.max_files_mib << 20).unwrap_or(i64::MAX);
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let owner = (tenant, plugin.as_str());
        let known = crate::db::plugin_files::size(self.write_conn().await?, owner, path.as_ref()).await?;
        let old = match known {
            Some(size) => size.unwrap_or(0),
            // Kept before sizes were: counted by what the store says.
            None => self.services.objects.size(path).await?.map_or(0, |size| i64::try_from(size).unwrap_or(i64::MAX)),
        };
        let new = new.map(|size| i64::try_from(size).unwrap_or(i64::MAX));
        let delta = new.unwrap_or(0) - old;
        let conn = self.write_conn().await?;
        if delta > 0 && crate::db::plugin_files::used(conn, owner).await? + delta > quota {
            return Ok(Err(format!("the files quota of {} MiB is reached", quota >> 20)));
        }
        crate::db::plugin_files::add_used(conn, owner, delta).await?;
        crate::db::plugin_files::set_size(conn, owner, path.as_ref(), new).await?;
        Ok(Ok(()))
    }

    /// Records `change` for `path`, dropping a staging object it replaces.
    async fn stage(&mut self, path: Path, change: Staged) {
        if let Some(Staged::Written(previous, _)) = self.staged_files.changes.insert(path, change) {
            let _ = self.services.objects.delete(&previous).await;
        }
    }
}

/// The largest image a thumbnail is made of, in bytes and in pixels (a decoded 40-megapixel
/// RGBA picture is 160 MB).
const THUMBNAIL_SOURCE_BYTES: u64 = 32 << 20;
const THUMBNAIL_SOURCE_PIXELS: u64 = 40_000_000;
/// Thumbnails decoded at once on this host, whatever the tenants: decoding is memory and CPU
/// outside any plugin's limits.
static THUMBNAILS_AT_ONCE: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);
/// An archive's listing, at most.
pub const LISTING_BYTES: u64 = 16 << 20;
pub const ARCHIVE_ENTRIES: usize = 100_000;

impl CallState {
    /// `files.put`: the content staged as the object `name`, counted in the quota.
    async fn put_bytes(&mut self, name: &str, content: Vec<u8>) -> wasmtime::Result<Result<(), String>> {
        let path = match self.object_path(name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        let limit = self.plugin.installed.grants.max_file_kib << 10;
        if content.len() as u64 > limit {
            return Ok(Err(format!("an object is at most {} KiB", limit >> 10)));
        }
        if let Err(why) = self.account_file(&path, Some(content.len() as u64)).await? {
            return Ok(Err(why));
        }
        self.staged_files.next += 1;
        let staged = Objects::staging(&self.call.request_id, self.staged_files.next);
        let size = content.len() as u64;
        self.services.objects.store.put(&staged, Bytes::from(content).into()).await?;
        self.stage(path, Staged::Written(staged, size)).await;
        Ok(Ok(()))
    }

    /// The bytes of the object `name` as this call sees them, at most `max` of them.
    async fn read_bounded(&mut self, name: &str, max: u64) -> wasmtime::Result<Result<Vec<u8>, String>> {
        let path = match self.object_path(name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        let Some((readable, size)) = self.current(&path).await? else {
            return Ok(Err(format!("there is no object `{name}`")));
        };
        if size > max {
            return Ok(Err(format!("`{name}` is larger than {} MiB", max >> 20)));
        }
        Ok(Ok(Vec::from(self.services.objects.store.get(&readable).await?.bytes().await?)))
    }
}

/// A thumbnail of `image` at most `max_side` pixels on its longer side: JPEG, or PNG when it has
/// transparency; with its facts.
fn make_thumbnail(image: &[u8], max_side: u32) -> Result<(Vec<u8>, files::ImageFacts), String> {
    use image::ImageEncoder as _;
    // A reader bounded in what it may allocate (read twice: the header first, then the pixels).
    let reader = || -> Result<image::ImageReader<std::io::Cursor<&[u8]>>, String> {
        let mut reader = image::ImageReader::new(std::io::Cursor::new(image))
            .with_guessed_format()
            .map_err(|e| format!("not an image: {e}"))?;
        let mut limits = image::Limits::default();
        limits.max_alloc = Some(THUMBNAIL_SOURCE_PIXELS * 4 + (64 << 20));
        reader.limits(limits);
        Ok(reader)
    };
    let (width, height) = reader()?.into_dimensions().map_err(|e| format!("not an image: {e}"))?;
    if u64::from(width) * u64::from(height) > THUMBNAIL_SOURCE_PIXELS {
        return Err(format!("a {width}×{height} image is more than 40 megapixels"));
    }
    let reader = reader()?;
    let decoded = reader.decode().map_err(|e| format!("the image does not decode: {e}"))?;
    let small = decoded.thumbnail(max_side, max_side);
    let alpha = small.color().has_alpha();
    let mut out = Vec::new();
    let (format, w, h) = (if alpha { "png" } else { "jpeg" }, small.width(), small.height());
    if alpha {
        let rgba = small.to_rgba8();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(&rgba, w, h, image::ExtendedColorType::Rgba8)
            .map_err(|e| e.to_string())?;
    } else {
        let rgb = small.to_rgb8();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82)
            .write_image(&rgb, w, h, image::ExtendedColorType::Rgb8)
            .map_err(|e| e.to_string())?;
    }
    Ok((out, files::ImageFacts { format: format.into(), width: w, height: h, alpha }))
}

/// One entry of an archive's listing.
#[derive(Debug, serde::Deserialize)]
pub struct ListedEntry {
    pub path: String,
    pub object: String,
}

/// The entries of an archive's listing, each a valid object name and a path in the zip.
pub fn parse_listing(bytes: &[u8]) -> Result<Vec<ListedEntry>, String> {
    let entries: Vec<ListedEntry> =
        serde_json::from_slice(bytes).map_err(|e| format!("the listing is not a JSON list of entries: {e}"))?;
    if entries.len() > ARCHIVE_ENTRIES {
        return Err(format!("an archive has at most {ARCHIVE_ENTRIES} entries"));
    }
    // A zip reader would overwrite one file with another, or fail on a file that is also a
    // folder: each path once, case aside, and never the folder of another.
    let mut files = std::collections::HashSet::new();
    let mut folders = std::collections::HashSet::new();
    for entry in &entries {
        if !valid_name(&entry.object) {
            return Err(format!("`{}` is not a valid object name", entry.object));
        }
        if !valid_name(&entry.path) {
            return Err(format!("`{}` is not a valid path in an archive", entry.path));
        }
        let path = entry.path.to_lowercase();
        if folders.contains(&path) || !files.insert(path.clone()) {
            return Err(format!("`{}` is in the archive twice", entry.path));
        }
        for (at, _) in path.match_indices('/') {
            let folder = path[..at].to_string();
            if files.contains(&folder) {
                return Err(format!("`{folder}` is both a file and a folder of the archive"));
            }
            folders.insert(folder);
        }
    }
    Ok(entries)
}

impl files::Host for CallState {
    async fn put(&mut self, name: String, content: Vec<u8>) -> wasmtime::Result<Result<(), String>> {
        self.put_bytes(&name, content).await
    }

    async fn get(&mut self, name: String) -> wasmtime::Result<Result<Option<Vec<u8>>, String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        let Some((readable, size)) = self.current(&path).await? else { return Ok(Ok(None)) };
        // Read whole only what the plugin could hold: the bytes go into its memory, and a
        // 200 MiB object read by 16 calls took gigabytes of the host's before the guest failed.
        let grants = &self.plugin.installed.grants;
        let readable_at_once = (grants.max_file_kib << 10).min((grants.memory_mib << 20) / 2);
        if size > readable_at_once {
            return Ok(Err(format!(
                "`{name}` is larger than a plugin reads at once ({} KiB): hand it out with access-url",
                readable_at_once >> 10
            )));
        }
        match self.services.objects.store.get(&readable).await {
            Ok(found) => Ok(Ok(Some(Vec::from(found.bytes().await?)))),
            Err(object_store::Error::NotFound { .. }) => Ok(Ok(None)),
            Err(err) => Err(err.into()),
        }
    }

    async fn delete(&mut self, name: String) -> wasmtime::Result<Result<bool, String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        if self.current(&path).await?.is_none() {
            return Ok(Ok(false));
        }
        if let Err(why) = self.account_file(&path, None).await? {
            return Ok(Err(why));
        }
        self.stage(path, Staged::Deleted).await;
        Ok(Ok(true))
    }

    async fn claim(
        &mut self,
        upload_id: String,
        purpose: String,
    ) -> wasmtime::Result<Result<files::UploadedFile, String>> {
        if let Err(why) = self.check_grant(Capability::Files) {
            return Ok(Err(why));
        }
        if self.plugin.manifest.upload(&purpose).is_none() {
            return Ok(Err(format!("`{purpose}` is not an upload purpose of the plugin's manifest")));
        }
        let route =
            self.handling.as_ref().and_then(|(method, path)| self.plugin.route(self.handled_caller(), method, path));
        if !self.plugin.manifest.may_claim(route, &purpose) {
            return Ok(Err(format!(
                "this route does not claim `{purpose}` in the manifest (`uploads` of its route), so its users may not upload for it"
            )));
        }
        let name = format!("uploads/{upload_id}");
        if !upload_id.chars().all(|c| c.is_ascii_alphanumeric()) || !valid_name(&name) {
            return Ok(Err(format!("`{upload_id}` is not an upload id")));
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let fresh_after = crate::db::now_ms() - CLAIMABLE_MS;
        let conn = self.write_conn().await?;
        let Some(row) =
            crate::db::uploads::claim_upload(conn, &upload_id, tenant, &plugin, &purpose, fresh_after).await?
        else {
            return Ok(Err(format!(
                "upload `{upload_id}` is not waiting for this plugin's `{purpose}` (unknown, claimed, or over an hour old)"
            )));
        };
        let size = u64::try_from(row.size).unwrap_or(0);
        let path = Objects::plugin_object(tenant, &plugin, &name);
        if let Err(why) = self.account_file(&path, Some(size)).await? {
            return Ok(Err(why));
        }
        self.stage(path, Staged::Moved(Objects::upload(&upload_id), size)).await;
        let facts: serde_json::Value = serde_json::from_str(&row.facts).unwrap_or_default();
        let text = |key: &str| facts.get(key).and_then(|v| v.as_str()).unwrap_or_default().to_string();
        let image = facts.get("image").filter(|i| !i.is_null()).map(|i| files::ImageFacts {
            format: i.get("format").and_then(|v| v.as_str()).unwrap_or_default().to_string(),
            width: i.get("width").and_then(|v| v.as_u64()).unwrap_or(0) as u32,
            height: i.get("height").and_then(|v| v.as_u64()).unwrap_or(0) as u32,
            alpha: i.get("alpha").and_then(|v| v.as_bool()).unwrap_or(false),
        });
        Ok(Ok(files::UploadedFile {
            name,
            file_name: row.file_name,
            size,
            md5: row.md5,
            sha256: row.sha256,
            kind: text("kind"),
            content_type: text("contentType"),
            image,
        }))
    }

    async fn access_url(
        &mut self,
        name: String,
        file_name: String,
        ttl_seconds: u32,
    ) -> wasmtime::Result<Result<String, String>> {
        let path = match self.object_path(&name) {
            Ok(path) => path,
            Err(why) => return Ok(Err(why)),
        };
        if !(1..=MAX_TTL_SECS).contains(&ttl_seconds) {
            return Ok(Err(format!("a URL lives from 1 to {MAX_TTL_SECS} seconds")));
        }
        // An object this call writes or claims counts: the URL is used after the call commits.
        if self.current(&path).await?.is_none() {
            return Ok(Err(format!("there is no object `{name}`")));
        }
        let ttl = Duration::from_secs(u64::from(ttl_seconds));
        if let Some(url) = self.services.objects.presigned(&path, ttl).await? {
            return Ok(Ok(url));
        }
        let file_name =
            if file_name.is_empty() { name.rsplit('/').next().unwrap_or(&name).to_string() } else { file_name };
        let grant = Grant {
            tenant: self.call.tenant_id,
            plugin: self.plugin.manifest.id.clone(),
            name,
            file_name,
            expires_at: crate::db::now_ms() + i64::from(ttl_seconds) * 1000,
            archive: false,
        };
        Ok(Ok(format!("/api/files/download?token={}", self.services.objects.url_key.sign(&grant))))
    }

    async fn thumbnail(
        &mut self,
        source: String,
        target: String,
        max_side: u32,
    ) -> wasmtime::Result<Result<files::ImageFacts, String>> {
        if !(16..=1024).contains(&max_side) {
            return Ok(Err("a thumbnail is 16 to 1024 pixels on its longer side".into()));
        }
        let image = match self.read_bounded(&source, THUMBNAIL_SOURCE_BYTES).await? {
            Ok(image) => image,
            Err(why) => return Ok(Err(why)),
        };
        // Decoding is CPU work: on a blocking thread, not the runtime's, two at a time.
        let _turn = THUMBNAILS_AT_ONCE.acquire().await?;
        let made = tokio::task::spawn_blocking(move || make_thumbnail(&image, max_side)).await?;
        let (bytes, facts) = match made {
            Ok(made) => made,
            Err(why) => return Ok(Err(why)),
        };
        Ok(self.put_bytes(&target, bytes).await?.map(|()| facts))
    }

    async fn archive_url(
        &mut self,
        listing: String,
        file_name: String,
        ttl_seconds: u32,
    ) -> wasmtime::Result<Result<String, String>> {
        if !(1..=MAX_TTL_SECS).contains(&ttl_seconds) {
            return Ok(Err(format!("a URL lives from 1 to {MAX_TTL_SECS} seconds")));
        }
        // Checked now, so that a bad listing is the plugin's error rather than a broken download.
        let bytes = match self.read_bounded(&listing, LISTING_BYTES).await? {
            Ok(bytes) => bytes,
            Err(why) => return Ok(Err(why)),
        };
        if let Err(why) = parse_listing(&bytes) {
            return Ok(Err(why));
        }
        let file_name = if file_name.is_empty() { "archive.zip".to_string() } else { file_name };
        let grant = Grant {
            tenant: self.call.tenant_id,
            plugin: self.plugin.manifest.id.clone(),
            name: listing,
            file_name,
            expires_at: crate::db::now_ms() + i64::from(ttl_seconds) * 1000,
            archive: true,
        };
        Ok(Ok(format!("/api/files/download?token={}", self.services.objects.url_key.sign(&grant))))
    }

    async fn fetch(&mut self, wanted: Vec<files::RemoteFile>) -> wasmtime::Result<Result<(), String>> {
        // Every request first: a call may not go out once it holds the write lock, and counting
        // the bytes writes.
        let mut fetched = Vec::with_capacity(wanted.len());
        for file in &wanted {
            match self.fetch_one(file).await {
                Ok(staged) => fetched.push(staged),
                Err(why) => {
                    for (_, staged, _) in fetched {
                        let _ = self.services.objects.delete(&staged).await;
                    }
                    return Ok(Err(why));
                }
            }
        }
        // All of them or none: what was counted of the others is taken back on a refusal.
        self.write_conn().await?.execute("SAVEPOINT files_fetch").await?;
        for (path, _, size) in &fetched {
            if let Err(why) = self.account_file(path, Some(*size)).await? {
                let tx = self.write_conn().await?;
                tx.execute("ROLLBACK TO files_fetch").await?;
                tx.execute("RELEASE files_fetch").await?;
                for (_, staged, _) in fetched {
                    let _ = self.services.objects.delete(&staged).await;
                }
                return Ok(Err(why));
            }
        }
        self.write_conn().await?.execute("RELEASE files_fetch").await?;
        for (path, staged, size) in fetched {
            self.stage(path, Staged::Written(staged, size)).await;
        }
        Ok(Ok(()))
    }
}

impl CallState {
    /// Streams one remote file into a staging object and checks it; its final path, the staging
    /// object and its size.
    async fn fetch_one(&mut self, file: &files::RemoteFile) -> Result<(Path, Path, u64), String> {
        let path = self.object_path(&file.name)?;
        self.check_grant(Capability::Http)?;
        let url = reqwest::Url::parse(&file.url).map_err(|e| format!("bad url: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err("only http and https".into());
        }
        if !super::http::host_granted(&url, &self.plugin.installed.grants.outbound_hosts) {
            return Err(format!("outbound host `{}` is not granted by the operator", url.host_str().unwrap_or("")));
        }
        // A fetched file is what an upload would have been: the larger of the two limits.
        let grants = &self.plugin.installed.grants;
        let limit = (grants.max_file_kib << 10).max(grants.max_upload_mib << 20);
        if file.size > limit {
            return Err(format!("an object is at most {} KiB", limit >> 10));
        }
        self.before_outbound().await?;
        crate::plugins::cpu::CpuGate::release(&self.cpu_turn);
        let mut response = self
            .services
            .http
            .get(url)
            .timeout(self.remaining())
            .send()
            .await
            .map_err(|e| format!("fetching `{}`: {}", file.name, crate::plugins::outbound::explained(&e)))?;
        if response.status() != reqwest::StatusCode::OK {
            return Err(format!("fetching `{}`: the other console answered {}", file.name, response.status()));
        }
        self.staged_files.next += 1;
        let staged = Objects::staging(&self.call.request_id, self.staged_files.next);
        let upload = self.services.objects.store.put_multipart(&staged).await.map_err(|e| e.to_string())?;
        let mut writer = object_store::WriteMultipart::new(upload);
        let mut hasher = sha2::Sha256::new();
        let mut size = 0u64;
        let streamed: Result<(), String> = async {
            while let Some(chunk) = response.chunk().await.map_err(|e| format!("fetching `{}`: {e}", file.name))? {
                size += chunk.len() as u64;
                if size > file.size {
                    return Err(format!("`{}` is larger than the {} bytes announced", file.name, file.size));
                }
                sha2::Digest::update(&mut hasher, &chunk);
                writer.write(&chunk);
            }
            Ok(())
        }
        .await;
        if let Err(why) = streamed {
            let _ = writer.abort().await;
            return Err(why);
        }
        writer.finish().await.map_err(|e| e.to_string())?;
        let sha256 = hex::encode(sha2::Digest::finalize(hasher));
        if size != file.size || !sha256.eq_ignore_ascii_case(&file.sha256) {
            let _ = self.services.objects.delete(&staged).await;
            return Err(format!("`{}` arrived changed: {size} bytes, SHA-256 {sha256}", file.name));
        }
        Ok((path, staged, size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, color: image::ExtendedColorType) -> Vec<u8> {
        use image::ImageEncoder as _;
        let channels = if color == image::ExtendedColorType::Rgba8 { 4 } else { 3 };
        let pixels = vec![90u8; (width * height * channels) as usize];
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out).write_image(&pixels, width, height, color).expect("png");
        out
    }

    /// A PNG whose header claims `width` × `height` and carries no pixels: a decompression bomb's
    /// first bytes.
    fn claimed(width: u32, height: u32) -> Vec<u8> {
        fn crc32(bytes: &[u8]) -> u32 {
            let mut crc = 0xFFFF_FFFFu32;
            for byte in bytes {
                crc ^= u32::from(*byte);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
                }
            }
            !crc
        }
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend_from_slice(&width.to_be_bytes());
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend_from_slice(&13u32.to_be_bytes());
        out.extend_from_slice(&ihdr);
        out.extend_from_slice(&crc32(&ihdr).to_be_bytes());
        // A first IDAT (where the header ends for a reader) with a few compressed bytes.
        let mut idat = b"IDAT".to_vec();
        idat.extend_from_slice(&[0x78, 0x9c, 0x01, 0x00, 0x00]);
        out.extend_from_slice(&5u32.to_be_bytes());
        out.extend_from_slice(&idat);
        out.extend_from_slice(&crc32(&idat).to_be_bytes());
        out
    }

    #[test]
    fn a_thumbnail_keeps_the_aspect_within_its_side_as_jpeg_or_as_png_with_transparency() {
        let (jpeg, facts) = make_thumbnail(&png(2000, 1000, image::ExtendedColorType::Rgb8), 320).expect("made");
        assert_eq!((facts.format.as_str(), facts.width, facts.height, facts.alpha), ("jpeg", 320, 160, false));
        assert_eq!(image::guess_format(&jpeg).ok(), Some(image::ImageFormat::Jpeg));
        let (png_bytes, facts) = make_thumbnail(&png(100, 400, image::ExtendedColorType::Rgba8), 64).expect("made");
        assert_eq!((facts.format.as_str(), facts.width, facts.height, facts.alpha), ("png", 16, 64, true));
        assert_eq!(image::guess_format(&png_bytes).ok(), Some(image::ImageFormat::Png));
    }

    #[test]
    fn a_picture_claiming_more_than_40_megapixels_is_refused_before_it_is_decoded() {
        let refused = make_thumbnail(&claimed(20_000, 20_000), 320).expect_err("a bomb");
        assert!(refused.contains("40 megapixels"), "{refused}");
        assert!(make_thumbnail(b"not an image at all", 320).is_err());
    }

    #[test]
    fn a_listing_names_only_objects_and_paths_of_plain_segments() {
        let good = br#"[{"path": "images/a.png", "object": "uploads/abc"}]"#;
        assert_eq!(parse_listing(good).map(|e| e.len()), Ok(1));
        for bad in [
            br#"[{"path": "../escape.png", "object": "uploads/abc"}]"#.as_slice(),
            br#"[{"path": "a.png", "object": "/etc/passwd"}]"#,
            br#"[{"path": "a.png", "object": "1/other-plugin/../x"}]"#,
            br#"{"path": "a.png"}"#,
            br#"[{"path": "a.png", "object": "x"}, {"path": "A.PNG", "object": "y"}]"#,
            br#"[{"path": "a", "object": "x"}, {"path": "a/b.png", "object": "y"}]"#,
            br#"[{"path": "a/b.png", "object": "x"}, {"path": "a", "object": "y"}]"#,
        ] {
            assert!(parse_listing(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
