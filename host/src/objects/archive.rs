//! Zip archives streamed from a plugin's objects (contract 0.1.15 `files.archive-url`): the zip
//! writer runs on a blocking thread and hands its bytes to the response through a small bounded
//! channel, reading each object as a stream. Memory stays a few buffers whatever the archive's
//! size; a client that leaves, stops reading for a minute, or reads slower than [`Pace`] asks,
//! stops the writer at its next chunk; a host streams at most [`AT_ONCE`] archives at a time
//! (each holds a blocking thread), one enterprise at most [`AT_ONCE_PER_ENTERPRISE`]: a reader
//! that takes a chunk a minute holds a slot for no longer than the pace allows, and one
//! enterprise's readers never hold every slot.

use std::io::{self, Write};
use std::sync::Arc;

use bytes::Bytes;
use futures_util::StreamExt as _;
use object_store::ObjectStore;
use tokio::sync::mpsc;

use super::Objects;
use crate::plugins::capabilities::files::ListedEntry;

/// Bytes gathered before they are sent on: chunks of a useful size for the network.
const CHUNK: usize = 256 << 10;
/// Chunks in flight between the writer and the response.
const IN_FLIGHT: usize = 4;
/// How long a client may leave a chunk unread before the download is dropped.
const STALLED: std::time::Duration = std::time::Duration::from_secs(60);
/// Archives streamed at once on this host.
pub const AT_ONCE: usize = 8;
/// Archives one enterprise streams at once on this host: a quarter of them.
pub const AT_ONCE_PER_ENTERPRISE: usize = AT_ONCE / 4;
static STREAMING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(AT_ONCE);
static BY_ENTERPRISE: std::sync::Mutex<std::collections::BTreeMap<i64, usize>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

/// One enterprise's share of the slots, given back when its archive ends.
struct EnterpriseTurn(i64);

impl EnterpriseTurn {
    fn take(tenant: i64) -> Option<EnterpriseTurn> {
        let mut by_enterprise = BY_ENTERPRISE.lock().unwrap_or_else(|e| e.into_inner());
        let held = by_enterprise.entry(tenant).or_default();
        if *held >= AT_ONCE_PER_ENTERPRISE {
            return None;
        }
        *held += 1;
        Some(EnterpriseTurn(tenant))
    }
}

impl Drop for EnterpriseTurn {
    fn drop(&mut self) {
        let mut by_enterprise = BY_ENTERPRISE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(held) = by_enterprise.get_mut(&self.0) {
            *held -= 1;
            if *held == 0 {
                by_enterprise.remove(&self.0);
            }
        }
    }
}

/// How fast a download must be read: after `grace`, at least `min_rate` bytes a second on
/// average, or it is dropped and its slot freed.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    pub grace: std::time::Duration,
    pub min_rate: u64,
}

impl Pace {
    /// What any client on a working link keeps up with: 32 KiB/s after half a minute.
    pub const DOWNLOAD: Pace = Pace { grace: std::time::Duration::from_secs(30), min_rate: 32 << 10 };
}

/// The writer's end: full chunks go to the response; a closed channel means the client left.
struct ToResponse {
    sender: mpsc::Sender<Result<Bytes, io::Error>>,
    pending: Vec<u8>,
    runtime: tokio::runtime::Handle,
    pace: Pace,
    started: std::time::Instant,
    sent: u64,
}

impl ToResponse {
    fn new(sender: mpsc::Sender<Result<Bytes, io::Error>>, runtime: tokio::runtime::Handle, pace: Pace) -> Self {
        ToResponse {
            sender,
            pending: Vec::with_capacity(CHUNK),
            runtime,
            pace,
            started: std::time::Instant::now(),
            sent: 0,
        }
    }

    fn send_pending(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(&mut self.pending, Vec::with_capacity(CHUNK)));
        let length = chunk.len() as u64;
        self.runtime
            .block_on(self.sender.send_timeout(Ok(chunk), STALLED))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the client left or stopped reading"))?;
        self.sent += length;
        let elapsed = self.started.elapsed();
        if elapsed > self.pace.grace && (self.sent as f64) < self.pace.min_rate as f64 * elapsed.as_secs_f64() {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the client reads slower than downloads must"));
        }
        Ok(())
    }
}

impl Write for ToResponse {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(data);
        if self.pending.len() >= CHUNK {
            self.send_pending()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send_pending()
    }
}

/// The zip of `entries` (objects of `plugin` for `tenant`), as a stream of chunks; `None` when
/// the host streams as many archives as it may. An entry whose object is gone is left out; a
/// read that fails ends the stream with its error.
pub fn stream(
    store: Arc<dyn ObjectStore>,
    tenant: i64,
    plugin: String,
    entries: Vec<ListedEntry>,
) -> Option<mpsc::Receiver<Result<Bytes, io::Error>>> {
    stream_paced(store, (tenant, plugin), entries, Pace::DOWNLOAD)
}

/// The same at `pace`.
pub fn stream_paced(
    store: Arc<dyn ObjectStore>,
    (tenant, plugin): (i64, String),
    entries: Vec<ListedEntry>,
    pace: Pace,
) -> Option<mpsc::Receiver<Result<Bytes, io::Error>>> {
    let enterprise_turn = EnterpriseTurn::take(tenant)?;
    let turn = STREAMING.try_acquire().ok()?;
    let (sender, receiver) = mpsc::channel(IN_FLIGHT);
    let runtime = tokio::runtime::Handle::current();
    let failed = sender.clone();
    tokio::task::spawn_blocking(move || {
        let (_turn, _enterprise_turn) = (turn, enterprise_turn);
        let out = ToResponse::new(sender, runtime.clone(), pace);
        if let Err(err) = write_zip(&runtime, store.as_ref(), tenant, &plugin, &entries, out)
            && err.kind() != io::ErrorKind::BrokenPipe
        {
            tracing::warn!(%err, plugin, "an archive download stopped");
            let _ = runtime.block_on(failed.send_timeout(Err(err), STALLED));
        }
    });
    Some(receiver)
}

fn write_zip(
    runtime: &tokio::runtime::Handle,
    store: &dyn ObjectStore,
    tenant: i64,
    plugin: &str,
    entries: &[ListedEntry],
    out: ToResponse,
) -> io::Result<()> {
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored).large_file(true);
    let mut zip = zip::ZipWriter::new_stream(out);
    for entry in entries {
        let path = Objects::plugin_object(tenant, plugin, &entry.object);
        let mut body = match runtime.block_on(store.get(&path)) {
            Ok(found) => found.into_stream(),
            Err(object_store::Error::NotFound { .. }) => continue,
            Err(err) => return Err(io::Error::other(err)),
        };
        zip.start_file(entry.path.as_str(), options).map_err(io::Error::other)?;
        while let Some(chunk) = runtime.block_on(body.next()) {
            zip.write_all(&chunk.map_err(io::Error::other)?)?;
        }
    }
    let mut out = zip.finish().map_err(io::Error::other)?.into_inner();
    out.flush()
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use object_store::memory::InMemory;

    use super::*;

    async fn store_with(objects: &[(&str, usize)]) -> Arc<dyn ObjectStore> {
        let store = InMemory::new();
        for (name, size) in objects {
            let bytes = Bytes::from(vec![b'x'; *size]);
            store.put(&Objects::plugin_object(7, "ai-data", name), bytes.into()).await.expect("put");
        }
        Arc::new(store)
    }

    fn entry(path: &str, object: &str) -> ListedEntry {
        ListedEntry { path: path.into(), object: object.into() }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_zip_holds_every_object_still_there_under_its_path() {
        let store = store_with(&[("a", 3 << 20), ("b", 10)]).await;
        let entries = vec![entry("images/a.bin", "a"), entry("gone.bin", "missing"), entry("b.txt", "b")];
        let mut chunks = stream(store, 7, "ai-data".into(), entries).expect("a turn");
        let mut zip_bytes = Vec::new();
        while let Some(chunk) = chunks.recv().await {
            zip_bytes.extend_from_slice(&chunk.expect("a chunk"));
        }
        let mut archive = zip::ZipArchive::new(io::Cursor::new(zip_bytes)).expect("a zip");
        assert_eq!(archive.file_names().count(), 2, "the deleted object is left out");
        let mut a = Vec::new();
        archive.by_name("images/a.bin").expect("a").read_to_end(&mut a).expect("read");
        assert_eq!(a.len(), 3 << 20);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_that_leaves_stops_the_writer() {
        let store = store_with(&[("a", 8 << 20)]).await;
        let (sender, receiver) = mpsc::channel(1);
        drop(receiver);
        let runtime = tokio::runtime::Handle::current();
        let out = ToResponse::new(sender, runtime.clone(), Pace::DOWNLOAD);
        let entries = vec![entry("a.bin", "a")];
        let written =
            tokio::task::spawn_blocking(move || write_zip(&runtime, store.as_ref(), 7, "ai-data", &entries, out))
                .await
                .expect("joined");
        assert_eq!(written.map_err(|e| e.kind()), Err(io::ErrorKind::BrokenPipe));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_enterprise_streams_a_quarter_of_the_archives_at_once() {
        let store = store_with(&[("a", 4 << 20)]).await;
        let entries = || vec![entry("a.bin", "a")];
        // Enterprise 41's readers read nothing: they hold their turns.
        let held: Vec<_> = (0..AT_ONCE_PER_ENTERPRISE)
            .map(|_| stream_paced(store.clone(), (41, "ai-data".into()), entries(), Pace::DOWNLOAD).expect("a turn"))
            .collect();
        assert!(stream_paced(store.clone(), (41, "ai-data".into()), entries(), Pace::DOWNLOAD).is_none());
        let other = stream_paced(store.clone(), (42, "ai-data".into()), entries(), Pace::DOWNLOAD);
        assert!(other.is_some(), "another enterprise still streams");
        drop(held);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_reader_slower_than_the_pace_is_dropped_and_its_turn_freed() {
        let store = store_with(&[("a", 8 << 20)]).await;
        let pace = Pace { grace: std::time::Duration::from_millis(200), min_rate: 4 << 20 };
        let mut slow =
            stream_paced(store.clone(), (43, "ai-data".into()), vec![entry("a.bin", "a")], pace).expect("a turn");
        let mut read = 0;
        // A chunk every 300 ms: under a megabyte a second.
        while let Some(chunk) = slow.recv().await {
            read += chunk.map(|c| c.len()).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
        assert!(read < 8 << 20, "dropped before the end: {read} bytes");
        // Its turns are free again: the enterprise streams its quarter.
        for _ in 0..AT_ONCE_PER_ENTERPRISE {
            let again = stream_paced(store.clone(), (43, "ai-data".into()), vec![entry("a.bin", "a")], pace);
            assert!(again.is_some(), "the slow reader's turn came back");
        }
    }
}
