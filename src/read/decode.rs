//! Bytes → text: detects UTF-8 (with or without BOM), UTF-16LE, cp1252, cp437 and Mac
//! Roman, and normalises CRLF, bare CR and mixed line endings to `\n`.

use crate::model::Warning;

/// Decoded text with `\n` line endings.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub text: String,
    /// The encoding detected: `utf-8`, `utf-8-bom`, `utf-16le`, `cp1252`, `cp437`, `mac-roman`.
    pub encoding: &'static str,
    pub warnings: Vec<Warning>,
}

/// Decodes any bytes; never fails (undecodable bytes become U+FFFD with a warning).
pub fn decode(bytes: &[u8]) -> Decoded {
    // TODO(readers): encodings other than UTF-8.
    let text = String::from_utf8_lossy(bytes)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    Decoded {
        text,
        encoding: "utf-8",
        warnings: Vec::new(),
    }
}
