//! What an uploaded file is, told from its first bytes, never from its name: the kind (by
//! magic numbers, the `infer` crate), an image's format, size and alpha channel (the `image`
//! crate reads only the header), and whether it is encrypted (encrypted files are refused unless
//! the upload allows them).

use serde::Serialize;

/// The kinds a manifest's upload purpose may accept (`kinds = ["image", "video"]`; `any` or
/// nothing: every kind).
pub const KINDS: [&str; 10] =
    ["image", "video", "audio", "excel", "archive", "application", "document", "text", "font", "unknown"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageFacts {
    /// `png`, `jpeg`, `gif`, `webp`, `bmp`.
    pub format: String,
    pub width: u32,
    pub height: u32,
    pub alpha: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileFacts {
    /// One of [`KINDS`].
    pub kind: &'static str,
    /// The detected media type; `application/octet-stream` when unknown.
    pub content_type: String,
    pub image: Option<ImageFacts>,
    /// How the file is encrypted, if it is.
    #[serde(skip)]
    pub encrypted: Option<&'static str>,
}

/// Tells what the file starting with `head` is.
pub fn sniff(head: &[u8]) -> FileFacts {
    let detected = infer::get(head);
    let content_type = detected.map_or("application/octet-stream", |t| t.mime_type()).to_string();
    let kind = match detected.map(|t| (t.matcher_type(), t.mime_type())) {
        Some((_, mime)) if is_excel(mime) => "excel",
        Some((infer::MatcherType::Image, _)) => "image",
        Some((infer::MatcherType::Video, _)) => "video",
        Some((infer::MatcherType::Audio, _)) => "audio",
        Some((infer::MatcherType::Archive, _)) => "archive",
        Some((infer::MatcherType::App, _)) => "application",
        Some((infer::MatcherType::Doc | infer::MatcherType::Book, _)) => "document",
        Some((infer::MatcherType::Font, _)) => "font",
        Some((infer::MatcherType::Text, _)) => "text",
        _ if looks_like_text(head) => "text",
        _ => "unknown",
    };
    let image = if kind == "image" { image_facts(head) } else { None };
    FileFacts { kind, content_type, image, encrypted: encryption(head) }
}

fn is_excel(mime: &str) -> bool {
    mime == "application/vnd.ms-excel" || mime == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
}

/// UTF-8 without NUL; the head may cut the last character.
fn looks_like_text(head: &[u8]) -> bool {
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(cut) if cut.error_len().is_none() => std::str::from_utf8(&head[..cut.valid_up_to()]).unwrap_or(""),
        Err(_) => return false,
    };
    !text.is_empty() && !text.contains('\0')
}

/// Binary OpenPGP: a message starts with a public-key (tag 1, version 3) or symmetric-key
/// (tag 3, version 4 to 6) encrypted session key packet, in the old or the new packet format.
fn is_pgp_message(head: &[u8]) -> bool {
    let Some(&first) = head.first().filter(|b| *b & 0x80 != 0) else { return false };
    let (tag, length_bytes) = if first & 0x40 != 0 {
        let length_bytes = match head.get(1) {
            Some(0..192) => 1,
            Some(192..224) => 2,
            Some(255) => 5,
            _ => return false,
        };
        (first & 0x3f, length_bytes)
    } else {
        (
            (first >> 2) & 0x0f,
            match first & 3 {
                0 => 1,
                1 => 2,
                2 => 4,
                _ => return false,
            },
        )
    };
    let body = &head[(1 + length_bytes).min(head.len())..];
    match (tag, body) {
        // Version 3, an 8-byte key id, then the public-key algorithm.
        (1, [3, _, _, _, _, _, _, _, _, algorithm, ..]) => matches!(algorithm, 1..=3 | 16 | 18 | 22 | 25),
        // Version 4 to 6, then the symmetric algorithm (or, for 5 and 6, a length).
        (3, [4, algorithm, ..]) => (1..=13).contains(algorithm),
        (3, [5 | 6, ..]) => true,
        _ => false,
    }
}

/// Format, size and alpha from the header alone.
fn image_facts(head: &[u8]) -> Option<ImageFacts> {
    use image::ImageDecoder as _;
    let reader = image::ImageReader::new(std::io::Cursor::new(head)).with_guessed_format().ok()?;
    let format = reader.format()?;
    let decoder = reader.into_decoder().ok()?;
    let (width, height) = decoder.dimensions();
    Some(ImageFacts {
        format: format.extensions_str().first().copied().unwrap_or("image").to_string(),
        width,
        height,
        alpha: decoder.color_type().has_alpha(),
    })
}

/// How the file is encrypted, if it is: a zip entry with the encryption flag, an OpenSSL `enc`
/// file, a PGP message (armoured or binary), a password-protected Office file.
pub fn encryption(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"Salted__") {
        return Some("OpenSSL");
    }
    if head.starts_with(b"-----BEGIN PGP MESSAGE-----") {
        return Some("PGP");
    }
    if is_pgp_message(head) {
        return Some("PGP");
    }
    // Zip: local file headers (PK\x03\x04) and central directory entries (PK\x01\x02) carry the
    // general-purpose flags; bit 0 means the entry is encrypted.
    let flagged = |signature: &[u8; 4], flags_at: usize| {
        head.windows(4)
            .enumerate()
            .any(|(i, w)| w == signature && head.get(i + flags_at).is_some_and(|flags| flags & 1 == 1))
    };
    if head.starts_with(b"PK\x03\x04") && (flagged(b"PK\x03\x04", 6) || flagged(b"PK\x01\x02", 8)) {
        return Some("zip");
    }
    // Office with a password: an OLE compound file holding an `EncryptedPackage` stream.
    if head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        let name: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
        if head.windows(name.len()).any(|w| w == name.as_slice()) {
            return Some("Office");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, color: image::ExtendedColorType) -> Vec<u8> {
        use image::ImageEncoder as _;
        let channels = color.channel_count() as usize;
        let pixels = vec![128u8; width as usize * height as usize * channels];
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out).write_image(&pixels, width, height, color).expect("png");
        out
    }

    #[test]
    fn images_are_measured_from_their_header() {
        let facts = sniff(&png(480, 320, image::ExtendedColorType::Rgba8));
        assert_eq!(facts.kind, "image");
        assert_eq!(facts.content_type, "image/png");
        assert_eq!(facts.image, Some(ImageFacts { format: "png".into(), width: 480, height: 320, alpha: true }));
        let opaque = sniff(&png(16, 16, image::ExtendedColorType::Rgb8));
        assert!(!opaque.image.expect("an image").alpha);
        // Only the header: the first 64 bytes of a large image still tell its size.
        let big = png(2000, 1000, image::ExtendedColorType::Rgb8);
        assert_eq!(sniff(&big[..64]).image.map(|i| (i.width, i.height)), Some((2000, 1000)));
    }

    #[test]
    fn kinds_come_from_the_content() {
        let elf = [b"\x7fELF\x02\x01\x01\x00".as_slice(), &[0u8; 64]].concat();
        assert_eq!(sniff(&elf).kind, "application");
        assert_eq!(sniff(b"PK\x03\x04\x14\x00\x00\x00\x08\x00rest").kind, "archive");
        assert_eq!(sniff(b"plain words\n").kind, "text");
        assert_eq!(sniff(&[0x00, 0x9f, 0x92, 0x96, 0xff]).kind, "unknown");
        let mp4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom";
        assert_eq!(sniff(mp4).kind, "video");
    }

    #[test]
    fn encrypted_files_are_recognized() {
        let mut zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00".to_vec();
        assert_eq!(encryption(&zip), None, "a plain zip");
        zip[6] = 0x01;
        assert_eq!(encryption(&zip), Some("zip"));
        assert_eq!(encryption(b"Salted__\x01\x02"), Some("OpenSSL"));
        assert_eq!(encryption(b"-----BEGIN PGP MESSAGE-----\n"), Some("PGP"));
        // gpg --symmetric: a new-format SKESK packet, version 4, AES-256.
        assert_eq!(encryption(&[0xc3, 0x0d, 0x04, 0x09, 0x03, 0x08]), Some("PGP"));
        // gpg --encrypt: an old-format PKESK packet (two-byte length), version 3, RSA.
        let pkesk = [0x85, 0x01, 0x0c, 0x03, 1, 2, 3, 4, 5, 6, 7, 8, 0x01, 0x07];
        assert_eq!(encryption(&pkesk), Some("PGP"));
        // A firmware image whose first byte happens to look like a packet tag.
        assert_eq!(encryption(&[0x85, 0x1c, 0x00, 0x20, 0x41, 0x01, 0x00, 0x08]), None);
        let mut office = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
        office.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(encryption(&office), Some("Office"));
        assert_eq!(encryption(b"\x7fELF plain binary"), None);
    }
}
