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

/// What the end of a zip says of its central directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct End {
    /// Where the directory ends in the file: at the end record, or at the zip64 end record.
    pub directory_ends_at: u64,
    pub size: u64,
    pub entries: u64,
}

/// The zip's end record, from the file's last bytes `tail`, which start at `tail_at` in the
/// file: the one whose comment ends exactly at the end of the file (a signature inside a comment
/// is not it), and the zip64 end record when a locator precedes it. The directory is read right
/// before it, as unzip tools find it, whatever offset it records (a self-extractor's stub shifts
/// every offset). `None`: no end record, not a zip; `Some(None)`: one that cannot be followed.
pub fn end_record(tail: &[u8], tail_at: u64) -> Option<Option<End>> {
    let mut ends = (0..tail.len().saturating_sub(21)).rev().filter(|&i| {
        tail[i..i + 4] == END && i + 22 + usize::from(u16::from_le_bytes([tail[i + 20], tail[i + 21]])) == tail.len()
    });
    let end = ends.next()?;
    if ends.next().is_some() {
        // Two records that both end the file (one inside the other's comment): readers differ
        // on which is meant.
        return Some(None);
    }
    let record = &tail[end..];
    let field16 = |at: usize| u64::from(u16::from_le_bytes([record[at], record[at + 1]]));
    let field32 =
        |at: usize| u64::from(u32::from_le_bytes([record[at], record[at + 1], record[at + 2], record[at + 3]]));
    let Some(locator) = end.checked_sub(20).map(|at| &tail[at..end]).filter(|l| l[..4] == END64_LOCATOR) else {
        return Some(Some(End { directory_ends_at: tail_at + end as u64, size: field32(12), entries: field16(10) }));
    };
    // Zip64: the locator names the zip64 end record, which must lie in what was read.
    let at = u64::from_le_bytes(locator[8..16].try_into().ok()?);
    let zip64 = at
        .checked_sub(tail_at)
        .and_then(|start| usize::try_from(start).ok())
        .and_then(|start| tail.get(start..start + 56))
        .filter(|record| record[..4] == END64);
    Some(zip64.map(|record| End {
        directory_ends_at: at,
        size: u64::from_le_bytes(record[40..48].try_into().unwrap_or_default()),
        entries: u64::from_le_bytes(record[32..40].try_into().unwrap_or_default()),
    }))
}

/// Entries of a central directory read piece by piece.
#[derive(Debug, Default)]
pub struct Directory {
    pending: Vec<u8>,
    entries: u64,
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
            self.entries += 1;
        }
        self.pending.drain(..at);
    }

    pub fn encrypted(&self) -> bool {
        self.encrypted
    }

    /// Whether the directory read whole holds exactly `entries` entries and nothing else.
    pub fn complete(&self, entries: u64) -> bool {
        !self.malformed && self.pending.is_empty() && self.entries == entries
    }

    fn malformed(&self) -> bool {
        self.malformed
    }
}

/// What the central directory of an object tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// No zip end record: not a zip.
    NotZip,
    Plain,
    Encrypted,
    /// An end record whose directory cannot be read as it says: what an unzip tool would find
    /// there is not known.
    Unreadable,
}

pub async fn verdict(store: &dyn ObjectStore, path: &Path, size: u64) -> object_store::Result<Verdict> {
    let tail_at = size.saturating_sub(TAIL);
    let tail = store.get_range(path, tail_at..size).await?;
    let end = match end_record(&tail, tail_at) {
        None => return Ok(Verdict::NotZip),
        Some(None) => return Ok(Verdict::Unreadable),
        Some(Some(end)) => end,
    };
    let Some(start) = end.directory_ends_at.checked_sub(end.size).filter(|_| end.size <= MAX_DIRECTORY) else {
        return Ok(Verdict::Unreadable);
    };
    let mut directory = Directory::default();
    let mut at = start;
    while at < end.directory_ends_at && !directory.encrypted() && !directory.malformed() {
        let next = (at + CHUNK).min(end.directory_ends_at);
        directory.feed(&store.get_range(path, at..next).await?);
        at = next;
    }
    Ok(if directory.encrypted() {
        Verdict::Encrypted
    } else if directory.complete(end.entries) {
        Verdict::Plain
    } else {
        Verdict::Unreadable
    })
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
            let end = end_record(&bytes[directory..], directory as u64).flatten().expect("an end record");
            let mut at = (end.directory_ends_at - end.size) as usize;
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
    async fn a_zip_whose_directory_is_not_as_its_end_record_says_is_unreadable() {
        let mut bytes = b"PK\x03\x04".to_vec();
        bytes.extend(vec![0u8; 1000]);
        assert_eq!(verdict_of(bytes).await, Verdict::NotZip, "no end record");
        let two = zip_of(&[("a.txt", b"a".to_vec()), ("b.txt", b"b".to_vec())], None);
        let end = two.windows(4).rposition(|w| w == END).expect("end");
        let record = end_record(&two[end..], end as u64).flatten().expect("end record");
        let mut garbled = two.clone();
        garbled[(record.directory_ends_at - record.size) as usize] = b'X';
        assert_eq!(verdict_of(garbled).await, Verdict::Unreadable, "no entry where it should be");
        // Fewer entries counted than the directory lists (a reader going by the count would
        // see others), or more.
        let mut miscounted = two.clone();
        miscounted[end + 10] = 1;
        assert_eq!(verdict_of(miscounted).await, Verdict::Unreadable);
        // An end record hidden in a comment is not the end record.
        let mut commented = two;
        let fake = commented[end..end + 20].to_vec();
        commented[end + 20] = 22;
        commented.extend(&fake);
        commented.extend([0, 0]);
        assert_eq!(verdict_of(commented).await, Verdict::Unreadable, "a second end record in the comment");
    }

    #[tokio::test]
    async fn a_directory_whose_offsets_are_off_is_found_before_its_end_record() {
        // What precedes the zip (a self-extractor's stub) shifts every offset it records.
        let mut shifted = b"MZ".to_vec();
        shifted.extend(vec![0u8; 4094]);
        shifted.extend(zip_of(&[("a.txt", b"a".to_vec()), ("b.txt", b"b".to_vec())], Some("b.txt")));
        assert_eq!(verdict_of(shifted).await, Verdict::Encrypted);
    }

    #[test]
    fn a_directory_read_piece_by_piece_finds_what_it_would_whole() {
        let bytes = zip_of(&[("a.txt", b"a".to_vec()), ("b.txt", b"b".to_vec())], Some("b.txt"));
        let end = bytes.windows(4).rposition(|w| w == END).expect("end");
        let record = end_record(&bytes[end..], end as u64).flatten().expect("end record");
        let directory = &bytes[(record.directory_ends_at - record.size) as usize..record.directory_ends_at as usize];
        let mut pieces = Directory::default();
        for piece in directory.chunks(7) {
            pieces.feed(piece);
        }
        assert!(pieces.encrypted());
    }
}
