//! The first look at a source, before any reading: what kind of file it is, from its
//! metadata (a named pipe, a device, a folder, a file too big to be rules text) and from
//! its first bytes (a PDF, a Word or OpenDocument file, an archive, an image, binary
//! noise). Whatever cannot be rules text is refused here, in milliseconds, with what the
//! file is and what to do; nothing past [`MAX_BYTES`] is ever read.

use std::io::Read as _;
use std::path::Path;

/// No rules text comes near this: the largest revision (UTF-16) is under 2 MB. A file
/// over it is refused without being read (the same limit as `arbiter fetch`'s bodies).
pub const MAX_BYTES: u64 = 20 * 1024 * 1024;

/// What a source is, when it is not text arbiter can read: a phrase for a message ("a
/// PDF document") and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotText {
    pub what: String,
    pub advice: String,
}

impl NotText {
    fn new(what: impl Into<String>, advice: impl Into<String>) -> NotText {
        NotText {
            what: what.into(),
            advice: advice.into(),
        }
    }
}

const GIVE_TEXT: &str =
    "give the rules as a text file (the publisher's MagicCompRules .txt, or a copy saved as text)";

/// Signatures of the containers that are not text, by their first bytes.
const SIGNATURES: &[(&[u8], &str, &str)] = &[
    (
        b"%PDF-",
        "a PDF document",
        "give the .txt file of the rules, or convert this one with `pdftotext FILE.pdf` and give the .txt it writes",
    ),
    (
        b"PK\x03\x04",
        "a ZIP archive (a Word .docx, an OpenDocument or EPUB file is one)",
        "save it as plain text (in Word: File › Save As › Plain Text) or unpack it, and give the .txt",
    ),
    (
        b"PK\x05\x06",
        "an empty ZIP archive",
        GIVE_TEXT,
    ),
    (
        b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1",
        "an old Microsoft Office document (.doc)",
        "save it as plain text (in Word: File › Save As › Plain Text) and give the .txt",
    ),
    (
        b"\x1F\x8B",
        "a gzip-compressed file",
        "decompress it first (`gunzip FILE`) and give the text",
    ),
    (b"BZh", "a bzip2-compressed file", "decompress it first (`bunzip2 FILE`)"),
    (b"\xFD7zXZ\x00", "an xz-compressed file", "decompress it first (`unxz FILE`)"),
    (b"(\xB5\x2F\xFD", "a zstd-compressed file", "decompress it first (`unzstd FILE`)"),
    (b"7z\xBC\xAF\x27\x1C", "a 7-Zip archive", "unpack it and give the .txt inside"),
    (b"Rar!\x1A\x07", "a RAR archive", "unpack it and give the .txt inside"),
    (b"\x89PNG\r\n\x1A\n", "a PNG image", GIVE_TEXT),
    (b"\xFF\xD8\xFF", "a JPEG image", GIVE_TEXT),
    (b"GIF87a", "a GIF image", GIVE_TEXT),
    (b"GIF89a", "a GIF image", GIVE_TEXT),
    (b"\x7FELF", "a program (ELF executable)", GIVE_TEXT),
    (b"MZ", "a Windows program", GIVE_TEXT),
    (b"SQLite format 3\x00", "an SQLite database", GIVE_TEXT),
];

/// A control byte that no text file carries (NUL, the C0 controls other than tab, line
/// feed, vertical tab, form feed, carriage return and the DOS end-of-file mark, and DEL).
fn is_binary_byte(b: u8) -> bool {
    matches!(b, 0x00..=0x08 | 0x0E..=0x19 | 0x1B..=0x1F | 0x7F)
}

/// Refuses bytes that are not text: a known container by its signature, or binary noise
/// (more than one byte in a hundred a control byte no text has, outside UTF-16 and
/// UTF-32). `None`
/// when the bytes may be text. Looks at every byte once: milliseconds for the largest
/// file [`load`] accepts.
pub fn not_text(bytes: &[u8]) -> Option<NotText> {
    for &(signature, what, advice) in SIGNATURES {
        if bytes.starts_with(signature) {
            // "MZ" and "BZh" also begin words: only a program or archive has a NUL soon.
            let binary_soon = bytes.iter().take(512).any(|&b| is_binary_byte(b));
            if signature.len() >= 4 || binary_soon {
                return Some(NotText::new(what, advice));
            }
        }
    }
    if super::decode::utf16_endianness(bytes).is_some()
        || super::decode::utf32_endianness(bytes).is_some()
    {
        return None;
    }
    let binary = bytes.iter().filter(|&&b| is_binary_byte(b)).count();
    if binary > 0 && binary * 100 > bytes.len() {
        return Some(NotText::new(
            format!(
                "binary data ({binary} of its {} bytes are control bytes no text file has)",
                bytes.len()
            ),
            GIVE_TEXT,
        ));
    }
    None
}

/// Why a source could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{name}: {}; {}", .not_text.what, .not_text.advice)]
    NotAFile { name: String, not_text: NotText },
    #[error("{name}: {size} bytes is more than any rules text (at most {} MB are read; the largest revision is under 2 MB); give the rules text file", MAX_BYTES / 1024 / 1024)]
    TooBig { name: String, size: u64 },
    #[error("{name}: cannot read the file: {source}")]
    Io {
        name: String,
        source: std::io::Error,
    },
}

/// The bytes of a file, read only when it is a regular file of at most [`MAX_BYTES`]:
/// a named pipe, a device (`/dev/zero`), a socket or a folder is refused from its
/// metadata without being opened, a bigger file from its size without being read (and
/// a file that grows while it is read is cut at the limit and refused).
pub fn load(path: &Path) -> Result<Vec<u8>, LoadError> {
    let name = path.display().to_string();
    let io = |source| LoadError::Io {
        name: name.clone(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if let Some(kind) = not_a_regular_file(&meta) {
        return Err(LoadError::NotAFile {
            name,
            not_text: NotText::new(kind, GIVE_TEXT),
        });
    }
    if meta.len() > MAX_BYTES {
        return Err(LoadError::TooBig {
            name,
            size: meta.len(),
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(LoadError::TooBig {
            name,
            size: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

/// What a file that is not a regular file is ("a named pipe (FIFO)"), from its metadata.
fn not_a_regular_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder, not a file");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return Some("a named pipe (FIFO), not a file: arbiter reads files it can measure");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device, not a file");
        }
        if kind.is_socket() {
            return Some("a socket, not a file");
        }
    }
    Some("not a regular file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_are_named_with_what_to_do() {
        let pdf = not_text(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj").unwrap();
        assert_eq!(pdf.what, "a PDF document");
        assert!(pdf.advice.contains("pdftotext"), "{}", pdf.advice);
        let docx = not_text(b"PK\x03\x04\x14\x00\x06\x00word/document.xml").unwrap();
        assert!(docx.what.contains("Word .docx"), "{}", docx.what);
        assert!(not_text(b"\x1F\x8B\x08\x00").is_some());
        // RTF and JSON are read (`rtf`, `json`), not refused here.
        assert_eq!(not_text(b"{\\rtf1\\ansi 100.1. Text\\par}"), None);
        assert_eq!(
            not_text(b"  [{\"number\": \"100.1\", \"text\": \"These\"}]"),
            None
        );
        assert_eq!(not_text(b"[sic] 100.1. Text"), None);
    }

    #[test]
    fn words_that_begin_like_a_signature_are_text() {
        assert_eq!(not_text(b"MZ is not a program here.\n100.1. Text"), None);
        assert_eq!(not_text(b"BZh... and more text"), None);
    }

    #[test]
    fn noise_is_binary_but_utf16_and_form_feeds_are_text() {
        let noise: Vec<u8> = (0u32..4096)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        assert!(not_text(&noise).unwrap().what.starts_with("binary data ("));
        let utf16: Vec<u8> = "100.1. These Magic rules apply\r\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(not_text(&utf16), None);
        assert_eq!(not_text(b"page one\x0cpage two\x1a"), None);
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_folders_are_refused_from_their_metadata() {
        let err = load(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(err.starts_with("/dev/zero: a device, not a file"), "{err}");
        let err = load(Path::new("/")).unwrap_err().to_string();
        assert!(err.contains("a folder"), "{err}");
    }
}
