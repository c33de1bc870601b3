//! Whether a zip holds an encrypted entry, read from its central directory: the index at its end
//! that every unzip tool reads, which names every entry with its flags. The first bytes of the
//! file (what `sniff` sees) tell nothing of an entry that follows a large plain one.

use object_store::ObjectStore;
use object_store::path::Path;

/// The end-of-central-directory record, its zip64 locator and record.
const END: [u8; 4] = *b"PK\x05\x06";
const END64_LOCATOR: [u8; 4] = *b"PK\x06\x07";
const END64: [u8; 4] = *b"PK\x06\x06";
/// A central directory entry.
const ENTRY: [u8; 4] = *b"PK\x01\x02";
const ENTRY_FIXED: usize = 46;
/// The end record (22 bytes) and the longest comment after it.
const TAIL: u64 = 22 + 65_535;
/// Read at a time from the central directory.
const CHUNK: u64 = 1 << 20;
/// A directory larger than this is not a zip anyone uploads here: refused as unreadable.
const MAX_DIRECTORY: u64 = 256 << 20;

/// Where the central directory is: (offset, size), from the file's last bytes `tail`, which
/// start at `tail_at` in the file; and where it ends in fact, right before the end record (a
/// self-extracting archive's offsets are off by what precedes the zip, and unzip tools find the
/// directory there).
pub fn central_directory(tail: &[u8], tail_at: u64) -> Option<(u64, u64, u64)> {
    let end = (0..tail.len().saturating_sub(21)).rev().find(|&i| tail[i..i + 4] == END)?;
    let record = &tail[end..];
    let size = u64::from(u32::from_le_bytes(record[12..16].try_into().ok()?));
    let offset = u64::from(u32::from_le_bytes(record[16..20].try_into().ok()?));
    if size != u64::from(u32::MAX) && offset != u64::from(u32::MAX) {
        return Some((offset, size, tail_at + end as u64));
    }
    // Zip64: the locator just before the end record names the zip64 end record.
    let locator = tail.get(end.checked_sub(20)?..end)?;
    if locator[..4] != END64_LOCATOR {
        return None;
    }
    let at = u64::from_le_bytes(locator[8..16].try_into().ok()?);
    let start = usize::try_from(at.checked_sub(tail_at)?).ok()?;
    let record = tail.get(start..start + 56)?;
    if record[..4] != END64 {
        return None;
    }
    let size = u64::from_le_bytes(record[40..48].try_into().ok()?);
    let offset = u64::from_le_bytes(record[48..56].try_into().ok()?);
    Some((offset, size, at))
}

/// Entries of a central directory read piece by piece.
#[derive(Debug, Default)]
pub struct Directory {
    pending: Vec<u8>,
    encrypted: bool,
    malformed: bool,
}

impl Directory {
    /// Reads the next piece of the directory.
    pub fn feed(&mut self, piece: &[u8]) {
        if self.malformed || self.encrypted {
            return;
        }
        self.pending.extend_from_slice(piece);
        let mut at = 0;
        while self.pending.len() - at >= ENTRY_FIXED {
            let entry = &self.pending[at..];
            if entry[..4] != ENTRY {
                self.malformed = true;
                return;
            }
            let field = |i: usize| usize::from(u16::from_le_bytes([entry[i], entry[i + 1]]));
            // General-purpose flags: bit 0 encrypted, bit 6 strong encryption.
            if field(8) & 0x41 != 0 {
                self.encrypted = true;
                return;
            }
            let length = ENTRY_FIXED + field(28) + field(30) + field(32);
            if entry.len() < length {
                break;
            }
            at += length;
        }
        self.pending.drain(..at);
    }

    pub fn encrypted(&self) -> bool {
        self.encrypted
    }

    /// Entries were not where the end record said.
    pub fn malformed(&self) -> bool {
        self.malformed
    }
}

/// What the central directory of the zip object at `path` (of `size` bytes) tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Plain,
    Encrypted,
    /// No directory to read, or one that is not where its end record says.
    Unreadable,
}

pub async fn verdict(store: &dyn ObjectStore, path: &Path, size: u64) -> object_store::Result<Verdict> {
    let tail_at = size.saturating_sub(TAIL);
    let tail = store.get_range(path, tail_at..size).await?;
    let Some((offset, length, ends_at)) = central_directory(&tail, tail_at) else { return Ok(Verdict::Unreadable) };
    if length > MAX_DIRECTORY {
        return Ok(Verdict::Unreadable);
    }
    // Where the end record says, else right before the end record, as unzip tools look.
    let mut tried = Vec::new();
    for start in [Some(offset), ends_at.checked_sub(length)].into_iter().flatten() {
        if tried.contains(&start) || start.checked_add(length).is_none_or(|end| end > size) {
            continue;
        }
        tried.push(start);
        let mut directory = Directory::default();
        let mut at = start;
        while at < start + length && !directory.encrypted() && !directory.malformed() {
            let next = (at + CHUNK).min(start + length);
            directory.feed(&store.get_range(path, at..next).await?);
            at = next;
        }
        if directory.encrypted() {
            return Ok(Verdict::Encrypted);
        }
        if !directory.malformed() {
            return Ok(Verdict::Plain);
        }
    }
    Ok(Verdict::Unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    /// A zip of `entries` (name, bytes, encrypted flag set by hand after writing).
    fn zip_of(entries: &[(&str, Vec<u8>)], encrypt: Option<&str>) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        {
            let mut writer = zip::ZipWriter::new(&mut out);
            let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
            for (name, bytes) in entries {
                writer.start_file(*name, stored).expect("entry");
                writer.write_all(bytes).expect("bytes");
            }
            writer.finish().expect("finished");
        }
        let mut bytes = out.into_inner();
        if let Some(name) = encrypt {
            // Set the encryption flag of `name` in the central directory only, as a zip whose
            // first entries are plain shows it.
            let directory = bytes.windows(4).rposition(|w| w == END).expect("end");
            let (offset, _, _) = central_directory(&bytes[directory..], directory as u64).expect("directory");
            let mut at = offset as usize;
            while bytes[at..at + 4] == ENTRY {
                let field = |i: usize| usize::from(u16::from_le_bytes([bytes[at + i], bytes[at + i + 1]]));
                let length = ENTRY_FIXED + field(28) + field(30) + field(32);
                if &bytes[at + ENTRY_FIXED..at + ENTRY_FIXED + field(28)] == name.as_bytes() {
                    bytes[at + 8] |= 1;
                }
                at += length;
            }
        }
        bytes
    }

    async fn verdict_of(bytes: Vec<u8>) -> Verdict {
        let store = object_store::memory::InMemory::new();
        let path = Path::from("a.zip");
        let size = bytes.len() as u64;
        store.put(&path, bytes.into()).await.expect("put");
        verdict(&store, &path, size).await.expect("read")
    }

    #[tokio::test]
    async fn an_encrypted_entry_behind_a_large_plain_one_is_found() {
        let big = vec![7u8; 300 * 1024];
        let plain = zip_of(&[("big.bin", big.clone()), ("secret.txt", b"x".to_vec())], None);
        assert_eq!(verdict_of(plain).await, Verdict::Plain);
        let hidden = zip_of(&[("big.bin", big), ("secret.txt", b"x".to_vec())], Some("secret.txt"));
        assert_eq!(verdict_of(hidden).await, Verdict::Encrypted);
    }

    #[tokio::test]
    async fn a_file_that_only_starts_like_a_zip_is_unreadable() {
        let mut bytes = b"PK\x03\x04".to_vec();
        bytes.extend(vec![0u8; 1000]);
        assert_eq!(verdict_of(bytes).await, Verdict::Unreadable);
        let mut garbled = zip_of(&[("a.txt", b"a".to_vec())], None);
        let end = garbled.windows(4).rposition(|w| w == END).expect("end");
        let (offset, _, _) = central_directory(&garbled[end..], end as u64).expect("directory");
        garbled[offset as usize] = b'X'; // no directory entry where it should be
        assert_eq!(verdict_of(garbled).await, Verdict::Unreadable);
    }

    #[tokio::test]
    async fn a_directory_whose_offsets_are_off_is_found_before_its_end_record() {
        // What precedes the zip (a self-extractor's stub) shifts every offset it records.
        let mut shifted = vec![0u8; 4096];
        shifted.extend(zip_of(&[("a.txt", b"a".to_vec()), ("b.txt", b"b".to_vec())], Some("b.txt")));
        let mut zip_first = b"PK\x03\x04".to_vec();
        zip_first.extend(&shifted[4..]);
        assert_eq!(verdict_of(zip_first).await, Verdict::Encrypted);
    }

    #[test]
    fn a_directory_read_piece_by_piece_finds_what_it_would_whole() {
        let bytes = zip_of(&[("a.txt", b"a".to_vec()), ("b.txt", b"b".to_vec())], Some("b.txt"));
        let end = bytes.windows(4).rposition(|w| w == END).expect("end");
        let (offset, size, _) = central_directory(&bytes[end..], end as u64).expect("directory");
        let directory = &bytes[offset as usize..(offset + size) as usize];
        let mut pieces = Directory::default();
        for piece in directory.chunks(7) {
            pieces.feed(piece);
        }
        assert!(pieces.encrypted());
    }
}
