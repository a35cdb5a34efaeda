//! Bytes → text: detects UTF-8 (with or without BOM), UTF-16 (with or without BOM),
//! cp1252, cp437 and Mac Roman by looking at the bytes, repairs the Mac-Roman-as-Latin-1
//! mojibake of old re-encoded files, and normalises CRLF, bare CR and mixed line endings
//! (`\r\n\r` occurs) to `\n`. Then, whatever the encoding, run by run: UTF-8 that was
//! read as Windows-1252 and saved again ("â€™") is repaired, invisible characters
//! (zero-width spaces and joiners, stray BOMs, soft hyphens) are dropped, and control
//! characters (NUL, escape) are dropped with a warning naming their lines.
//!
//! The single-byte encodings are told apart by how plausible their reading of each high
//! byte is in its context: English rules text uses high bytes mostly for curly quotes,
//! dashes and ™/®, and rarely for an accented letter inside a card name ("Dandân",
//! "Ghazbán", "Æther"). Decoding never fails: a byte that cannot be decoded becomes
//! U+FFFD with a warning naming its line.

use crate::model::Warning;

/// Decoded text with `\n` line endings.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub text: String,
    /// The encoding detected: `ascii`, `utf-8`, `utf-8-bom`, `utf-16le`, `utf-16be`,
    /// `utf-32le`, `utf-32be`,
    /// `cp1252`, `cp437`, `mac-roman`.
    pub encoding: &'static str,
    /// The Mac-Roman-read-as-Latin-1 mojibake was repaired ("itÕs" → "it’s").
    pub repaired_mojibake: bool,
    pub warnings: Vec<Warning>,
}

/// At most this many warnings about undecodable bytes; the rest are summed up in one.
const MAX_BYTE_WARNINGS: usize = 20;

/// Decodes any bytes; never fails (undecodable bytes become U+FFFD with a warning).
pub fn decode(bytes: &[u8]) -> Decoded {
    let mut bad: Vec<usize> = Vec::new(); // byte offsets, in the raw text, of U+FFFD we made
    let (raw, encoding, repaired) = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        (utf8_lossy(rest, &mut bad), "utf-8-bom", false)
    } else if let Some(little) = utf32_endianness(bytes) {
        let name = if little { "utf-32le" } else { "utf-32be" };
        let bom: &[u8] = if little {
            b"\xFF\xFE\0\0"
        } else {
            b"\0\0\xFE\xFF"
        };
        (
            utf32(bytes.strip_prefix(bom).unwrap_or(bytes), little, &mut bad),
            name,
            false,
        )
    } else if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        (utf16(rest, true, &mut bad), "utf-16le", false)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        (utf16(rest, false, &mut bad), "utf-16be", false)
    } else if let Some(little) = looks_like_utf16(bytes) {
        let name = if little { "utf-16le" } else { "utf-16be" };
        (utf16(bytes, little, &mut bad), name, false)
    } else if bytes.is_ascii() {
        (String::from_utf8_lossy(bytes).into_owned(), "ascii", false)
    } else if mostly_utf8(bytes) {
        let text = utf8_lossy(bytes, &mut bad);
        match repair_mojibake(&text) {
            Some(fixed) => (fixed, "utf-8", true),
            None => (text, "utf-8", false),
        }
    } else {
        let cr_only = !bytes.contains(&b'\n') && bytes.contains(&b'\r');
        let table = choose_single_byte(bytes, cr_only);
        (single_byte(bytes, table.1, &mut bad), table.0, false)
    };
    let mut warnings = byte_warnings(&raw, &bad, encoding);
    let text = normalise_line_endings(&raw);
    let (text, repaired_runs) = repair_utf8_read_as_cp1252(text);
    let text = drop_invisibles(text, &mut warnings);
    if let Some(line) = repaired_runs.first() {
        warnings.push(Warning {
            line: *line,
            message: format!(
                "{} runs of UTF-8 read as Windows-1252 (“â€™” for “’”) were repaired",
                repaired_runs.len()
            ),
        });
    }
    Decoded {
        text,
        encoding,
        repaired_mojibake: repaired || !repaired_runs.is_empty(),
        warnings,
    }
}

/// Characters that print as nothing: zero-width spaces and joiners, the word joiner, a
/// byte-order mark inside the text, the soft hyphen. Dropped wherever they are (before
/// `704.5a` one hides the rule number from the reader).
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}'
    )
}

/// A control character no text carries (the C0 controls other than tab, line feed and
/// form feed, DEL, and the C1 controls).
fn is_stray_control(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\u{0C}')) || c == '\u{7F}'
}

/// Drops invisible characters silently and control characters (NUL, escape…) with a
/// warning naming their lines (the first few, then a count); a form feed (a page break
/// in text taken from a PDF) is kept for the PDF stage, which makes it a space when the
/// text is not a PDF's.
fn drop_invisibles(text: String, warnings: &mut Vec<Warning>) -> String {
    if text.is_ascii()
        && !text
            .bytes()
            .any(|b| b < 0x20 && !matches!(b, b'\t' | b'\n'))
    {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut control_lines: Vec<usize> = Vec::new();
    let mut controls = 0usize;
    let mut line = 1;
    for c in text.chars() {
        match c {
            '\n' => {
                line += 1;
                out.push(c);
            }
            '\u{0C}' => out.push(c),
            c if is_invisible(c) => {}
            c if is_stray_control(c) => {
                controls += 1;
                if control_lines.last() != Some(&line) {
                    control_lines.push(line);
                }
            }
            c => out.push(c),
        }
    }
    for &line in control_lines.iter().take(MAX_BYTE_WARNINGS) {
        warnings.push(Warning {
            line,
            message: "a control character (such as NUL) was dropped from this line".to_string(),
        });
    }
    if control_lines.len() > MAX_BYTE_WARNINGS {
        warnings.push(Warning {
            line: control_lines[MAX_BYTE_WARNINGS],
            message: format!(
                "{controls} control characters in all were dropped, on {} lines",
                control_lines.len()
            ),
        });
    }
    out
}

/// The Windows-1252 byte a character was read from, when it is one such a reading
/// gives (the five bytes cp1252 leaves undefined read as the C1 controls of the same
/// value, as browsers and Windows do).
fn cp1252_byte(c: char) -> Option<u8> {
    let code = c as u32;
    if code < 0x80 {
        return None; // ASCII: never part of a run to repair (and the table has none)
    }
    if (0xA0..=0xFF).contains(&code) || (0x80..=0x9F).contains(&code) {
        if (0x80..=0x9F).contains(&code) && CP1252[(code - 0x80) as usize] != '\u{FFFD}' {
            return None; // a C1 control where cp1252 has a printable character
        }
        return Some(code as u8);
    }
    CP1252.iter().position(|&t| t == c).map(|i| 0x80 + i as u8)
}

/// Repairs, run by run, UTF-8 that was read as Windows-1252 and saved again ("it’s" as
/// "itâ€™s", "é" as "Ã©"): each run of characters that Windows-1252 can write is written
/// back to bytes, and the byte sequences that are valid UTF-8 characters replace their
/// run; the rest of the run (a genuine "â" in "Dandân") stays. Returns the text and the
/// line of each repaired run.
fn repair_utf8_read_as_cp1252(text: String) -> (String, Vec<usize>) {
    if text.is_ascii() {
        return (text, Vec::new());
    }
    let mut out = String::with_capacity(text.len());
    let mut lines = Vec::new();
    let mut line = 1;
    let mut run: Vec<(char, u8)> = Vec::new();
    let mut flush = |run: &mut Vec<(char, u8)>, out: &mut String, line: usize| {
        if run.len() >= 2 {
            let bytes: Vec<u8> = run.iter().map(|&(_, b)| b).collect();
            let mut at = 0;
            let mut repaired = false;
            for chunk in bytes.utf8_chunks() {
                let valid = chunk.valid();
                out.push_str(valid);
                repaired |= !valid.is_empty();
                at += valid.len();
                for &(c, _) in &run[at..at + chunk.invalid().len()] {
                    out.push(c);
                }
                at += chunk.invalid().len();
            }
            if repaired {
                lines.push(line);
            }
        } else if let Some(&(c, _)) = run.first() {
            out.push(c);
        }
        run.clear();
    };
    for c in text.chars() {
        match cp1252_byte(c) {
            Some(b) if !c.is_ascii() => run.push((c, b)),
            _ => {
                flush(&mut run, &mut out, line);
                if c == '\n' {
                    line += 1;
                }
                out.push(c);
            }
        }
    }
    flush(&mut run, &mut out, line);
    (out, lines)
}

/// `\r\n` → `\n`, then every remaining `\r` → `\n`; Unicode's line and paragraph
/// separators (U+2028, U+2029, as a layout program or a script writes them) and the
/// next-line control (U+0085) are line ends too.
pub fn normalise_line_endings(text: &str) -> String {
    if !text.contains(['\r', '\u{2028}', '\u{2029}', '\u{85}']) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push('\n');
            }
            '\u{2028}' | '\u{2029}' | '\u{85}' => out.push('\n'),
            _ => out.push(c),
        }
    }
    out
}

/// One warning per undecodable byte (up to a limit), with its line (1-based, counting
/// CRLF, CR and LF each as one line end).
fn byte_warnings(raw: &str, bad: &[usize], encoding: &str) -> Vec<Warning> {
    if bad.is_empty() {
        return Vec::new();
    }
    let mut warnings = Vec::new();
    let mut line = 1;
    let mut pos = 0;
    let bytes = raw.as_bytes();
    for &offset in bad.iter().take(MAX_BYTE_WARNINGS) {
        while pos < offset && pos < bytes.len() {
            match bytes[pos] {
                b'\n' => line += 1,
                b'\r' if bytes.get(pos + 1) != Some(&b'\n') => line += 1,
                _ => {}
            }
            pos += 1;
        }
        warnings.push(Warning {
            line,
            message: format!("a byte sequence that is not valid {encoding} was replaced by U+FFFD"),
        });
    }
    if bad.len() > MAX_BYTE_WARNINGS {
        warnings.push(Warning {
            line,
            message: format!(
                "{} more undecodable byte sequences were replaced by U+FFFD",
                bad.len() - MAX_BYTE_WARNINGS
            ),
        });
    }
    warnings
}

/// UTF-8, each invalid sequence replaced by U+FFFD and its output offset noted.
fn utf8_lossy(bytes: &[u8], bad: &mut Vec<usize>) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            bad.push(out.len());
            out.push('\u{FFFD}');
        }
    }
    out
}

/// True when the bytes are UTF-8 apart from a few stray bytes: at least one valid
/// multi-byte sequence and invalid sequences no more than a tenth of them.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut valid_multi, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        valid_multi += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        if !chunk.invalid().is_empty() {
            invalid += 1;
        }
    }
    invalid == 0 || (valid_multi > 0 && invalid * 10 <= valid_multi)
}

/// Whether the bytes are UTF-16, by a byte-order mark or by their shape (see
/// [`looks_like_utf16`]): `Some(true)` for little-endian.
pub(crate) fn utf16_endianness(bytes: &[u8]) -> Option<bool> {
    if bytes.starts_with(b"\xFF\xFE") {
        Some(true)
    } else if bytes.starts_with(b"\xFE\xFF") {
        Some(false)
    } else {
        looks_like_utf16(bytes)
    }
}

/// UTF-16 without a BOM: most code units of the first few kilobytes have a zero high
/// byte and a non-zero low byte (ASCII text). `Some(true)` for little-endian.
fn looks_like_utf16(bytes: &[u8]) -> Option<bool> {
    let sample = &bytes[..bytes.len().min(4096) & !1];
    let pairs = sample.len() / 2;
    if pairs < 8 {
        return None;
    }
    let (mut le, mut be) = (0usize, 0usize);
    for pair in sample.chunks_exact(2) {
        match (pair[0], pair[1]) {
            (a, 0) if a != 0 => le += 1,
            (0, b) if b != 0 => be += 1,
            _ => {}
        }
    }
    if le * 10 >= pairs * 7 {
        Some(true)
    } else if be * 10 >= pairs * 7 {
        Some(false)
    } else {
        None
    }
}

/// Whether the bytes are UTF-32 (an editor's "Unicode (UTF-32)"), by a byte-order mark
/// or by their shape: nine in ten of the first few kilobytes' four-byte units have two
/// zero high bytes. `Some(true)` for little-endian.
pub(crate) fn utf32_endianness(bytes: &[u8]) -> Option<bool> {
    if bytes.starts_with(b"\xFF\xFE\0\0") {
        return Some(true);
    }
    if bytes.starts_with(b"\0\0\xFE\xFF") {
        return Some(false);
    }
    let sample = &bytes[..bytes.len().min(4096) & !3];
    let units = sample.len() / 4;
    if units < 8 {
        return None;
    }
    let (mut le, mut be) = (0usize, 0usize);
    for unit in sample.chunks_exact(4) {
        match unit {
            [0, 0, 0, 0] => {}
            [_, _, 0, 0] => le += 1,
            [0, 0, _, _] => be += 1,
            _ => {}
        }
    }
    if le * 10 >= units * 9 {
        Some(true)
    } else if be * 10 >= units * 9 {
        Some(false)
    } else {
        None
    }
}

/// UTF-32 code units → text; a unit that is no character and an incomplete final unit
/// become U+FFFD.
fn utf32(bytes: &[u8], little: bool, bad: &mut Vec<usize>) -> String {
    let mut out = String::with_capacity(bytes.len() / 4);
    for unit in bytes.chunks(4) {
        let code = match <[u8; 4]>::try_from(unit) {
            Ok(q) if little => char::from_u32(u32::from_le_bytes(q)),
            Ok(q) => char::from_u32(u32::from_be_bytes(q)),
            Err(_) => None,
        };
        match code {
            Some(c) => out.push(c),
            None => {
                bad.push(out.len());
                out.push('\u{FFFD}');
            }
        }
    }
    out
}

/// UTF-16 code units → text; unpaired surrogates and an odd final byte become U+FFFD.
fn utf16(bytes: &[u8], little: bool, bad: &mut Vec<usize>) -> String {
    let units = bytes.chunks_exact(2).map(|p| {
        if little {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    let mut out = String::with_capacity(bytes.len() / 2);
    for c in char::decode_utf16(units) {
        match c {
            Ok(c) => out.push(c),
            Err(_) => {
                bad.push(out.len());
                out.push('\u{FFFD}');
            }
        }
    }
    if bytes.len() % 2 == 1 {
        bad.push(out.len());
        out.push('\u{FFFD}');
    }
    out
}

/// A single-byte code page: the characters of bytes 0x80–0xFF (U+FFFD where undefined).
type CodePage = &'static [char; 128];

fn single_byte(bytes: &[u8], table: CodePage, bad: &mut Vec<usize>) -> String {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    for &b in bytes {
        if b < 0x80 {
            out.push(b as char);
        } else {
            let c = table[(b - 0x80) as usize];
            if c == '\u{FFFD}' {
                bad.push(out.len());
            }
            out.push(c);
        }
    }
    out
}

/// Picks the code page whose reading of the high bytes is most plausible. Ties go to
/// cp1252, except that a file with classic-Mac CR-only line endings prefers Mac Roman.
fn choose_single_byte(bytes: &[u8], cr_only: bool) -> (&'static str, CodePage) {
    let candidates: [(&'static str, CodePage); 3] = if cr_only {
        [
            ("mac-roman", &MAC_ROMAN),
            ("cp1252", &CP1252),
            ("cp437", &CP437),
        ]
    } else {
        [
            ("cp1252", &CP1252),
            ("mac-roman", &MAC_ROMAN),
            ("cp437", &CP437),
        ]
    };
    let mut best = candidates[0];
    let mut best_score = i64::MIN;
    for cand in candidates {
        let score = score_high_bytes(bytes, |b| cand.1[(b - 0x80) as usize]);
        if score > best_score {
            best_score = score;
            best = cand;
        }
    }
    best
}

/// Sums [`plausibility`] over every byte ≥ 0x80, read through `read`.
fn score_high_bytes(bytes: &[u8], read: impl Fn(u8) -> char) -> i64 {
    let mut score = 0i64;
    for (i, &b) in bytes.iter().enumerate() {
        if b < 0x80 {
            continue;
        }
        let prev = i
            .checked_sub(1)
            .and_then(|j| bytes.get(j))
            .map(|&p| p as char);
        let next = bytes.get(i + 1).map(|&n| n as char);
        score += plausibility(read(b), prev, next);
    }
    score
}

/// How plausible a non-ASCII character is in English rules text, given the characters
/// on either side (only ASCII neighbours count as letters).
fn plausibility(c: char, prev: Option<char>, next: Option<char>) -> i64 {
    let letter = |x: Option<char>| x.is_some_and(|x| x.is_ascii_alphabetic());
    let alnum = |x: Option<char>| x.is_some_and(|x| x.is_ascii_alphanumeric());
    match c {
        '’' => {
            if letter(prev) {
                3
            } else if letter(next) {
                -1
            } else {
                1
            }
        }
        '‘' | '“' => {
            if alnum(next) || prev.is_none_or(|p| p.is_ascii_whitespace()) {
                2
            } else {
                0
            }
        }
        '”' => {
            if alnum(prev) || prev.is_some_and(|p| ".,!?".contains(p)) {
                2
            } else {
                0
            }
        }
        '–' | '—' => 2,
        '™' | '®' => {
            if letter(prev) {
                2
            } else {
                1
            }
        }
        '©' | '…' | '•' => 1,
        'À'..='ÿ' | 'Œ' | 'œ' if c.is_alphabetic() => {
            if c.is_lowercase() {
                if letter(prev) || letter(next) {
                    1
                } else {
                    0
                }
            } else if prev.is_some_and(|p| p.is_ascii_lowercase()) {
                -1
            } else if next.is_some_and(|n| n.is_ascii_lowercase()) {
                1
            } else {
                0
            }
        }
        _ => -3,
    }
}

/// Repairs text that was Mac Roman, read as Latin-1 and stored as UTF-8 ("itÕs" for
/// "it’s", "Òcard,Ó" for "“card,”"): when every non-ASCII character is in U+0080–U+00FF
/// and reading them back as Mac Roman bytes is clearly more plausible, returns the repair.
fn repair_mojibake(text: &str) -> Option<String> {
    if text.chars().any(|c| c as u32 > 0xFF) {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let (mut as_is, mut as_mac) = (0i64, 0i64);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() {
            continue;
        }
        let prev = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let next = chars.get(i + 1).copied();
        as_is += plausibility(c, prev, next);
        let mac = if (c as u32) >= 0x80 {
            MAC_ROMAN[(c as u32 - 0x80) as usize]
        } else {
            c
        };
        as_mac += plausibility(mac, prev, next);
    }
    if as_mac <= as_is + 2 {
        return None;
    }
    Some(
        chars
            .iter()
            .map(|&c| {
                if (0x80..=0xFF).contains(&(c as u32)) {
                    MAC_ROMAN[(c as u32 - 0x80) as usize]
                } else {
                    c
                }
            })
            .collect(),
    )
}

const CP437: [char; 128] = [
    '\u{00C7}', '\u{00FC}', '\u{00E9}', '\u{00E2}', '\u{00E4}', '\u{00E0}', '\u{00E5}', '\u{00E7}',
    '\u{00EA}', '\u{00EB}', '\u{00E8}', '\u{00EF}', '\u{00EE}', '\u{00EC}', '\u{00C4}', '\u{00C5}',
    '\u{00C9}', '\u{00E6}', '\u{00C6}', '\u{00F4}', '\u{00F6}', '\u{00F2}', '\u{00FB}', '\u{00F9}',
    '\u{00FF}', '\u{00D6}', '\u{00DC}', '\u{00A2}', '\u{00A3}', '\u{00A5}', '\u{20A7}', '\u{0192}',
    '\u{00E1}', '\u{00ED}', '\u{00F3}', '\u{00FA}', '\u{00F1}', '\u{00D1}', '\u{00AA}', '\u{00BA}',
    '\u{00BF}', '\u{2310}', '\u{00AC}', '\u{00BD}', '\u{00BC}', '\u{00A1}', '\u{00AB}', '\u{00BB}',
    '\u{2591}', '\u{2592}', '\u{2593}', '\u{2502}', '\u{2524}', '\u{2561}', '\u{2562}', '\u{2556}',
    '\u{2555}', '\u{2563}', '\u{2551}', '\u{2557}', '\u{255D}', '\u{255C}', '\u{255B}', '\u{2510}',
    '\u{2514}', '\u{2534}', '\u{252C}', '\u{251C}', '\u{2500}', '\u{253C}', '\u{255E}', '\u{255F}',
    '\u{255A}', '\u{2554}', '\u{2569}', '\u{2566}', '\u{2560}', '\u{2550}', '\u{256C}', '\u{2567}',
    '\u{2568}', '\u{2564}', '\u{2565}', '\u{2559}', '\u{2558}', '\u{2552}', '\u{2553}', '\u{256B}',
    '\u{256A}', '\u{2518}', '\u{250C}', '\u{2588}', '\u{2584}', '\u{258C}', '\u{2590}', '\u{2580}',
    '\u{03B1}', '\u{00DF}', '\u{0393}', '\u{03C0}', '\u{03A3}', '\u{03C3}', '\u{00B5}', '\u{03C4}',
    '\u{03A6}', '\u{0398}', '\u{03A9}', '\u{03B4}', '\u{221E}', '\u{03C6}', '\u{03B5}', '\u{2229}',
    '\u{2261}', '\u{00B1}', '\u{2265}', '\u{2264}', '\u{2320}', '\u{2321}', '\u{00F7}', '\u{2248}',
    '\u{00B0}', '\u{2219}', '\u{00B7}', '\u{221A}', '\u{207F}', '\u{00B2}', '\u{25A0}', '\u{00A0}',
];
const MAC_ROMAN: [char; 128] = [
    '\u{00C4}', '\u{00C5}', '\u{00C7}', '\u{00C9}', '\u{00D1}', '\u{00D6}', '\u{00DC}', '\u{00E1}',
    '\u{00E0}', '\u{00E2}', '\u{00E4}', '\u{00E3}', '\u{00E5}', '\u{00E7}', '\u{00E9}', '\u{00E8}',
    '\u{00EA}', '\u{00EB}', '\u{00ED}', '\u{00EC}', '\u{00EE}', '\u{00EF}', '\u{00F1}', '\u{00F3}',
    '\u{00F2}', '\u{00F4}', '\u{00F6}', '\u{00F5}', '\u{00FA}', '\u{00F9}', '\u{00FB}', '\u{00FC}',
    '\u{2020}', '\u{00B0}', '\u{00A2}', '\u{00A3}', '\u{00A7}', '\u{2022}', '\u{00B6}', '\u{00DF}',
    '\u{00AE}', '\u{00A9}', '\u{2122}', '\u{00B4}', '\u{00A8}', '\u{2260}', '\u{00C6}', '\u{00D8}',
    '\u{221E}', '\u{00B1}', '\u{2264}', '\u{2265}', '\u{00A5}', '\u{00B5}', '\u{2202}', '\u{2211}',
    '\u{220F}', '\u{03C0}', '\u{222B}', '\u{00AA}', '\u{00BA}', '\u{03A9}', '\u{00E6}', '\u{00F8}',
    '\u{00BF}', '\u{00A1}', '\u{00AC}', '\u{221A}', '\u{0192}', '\u{2248}', '\u{2206}', '\u{00AB}',
    '\u{00BB}', '\u{2026}', '\u{00A0}', '\u{00C0}', '\u{00C3}', '\u{00D5}', '\u{0152}', '\u{0153}',
    '\u{2013}', '\u{2014}', '\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}', '\u{00F7}', '\u{25CA}',
    '\u{00FF}', '\u{0178}', '\u{2044}', '\u{20AC}', '\u{2039}', '\u{203A}', '\u{FB01}', '\u{FB02}',
    '\u{2021}', '\u{00B7}', '\u{201A}', '\u{201E}', '\u{2030}', '\u{00C2}', '\u{00CA}', '\u{00C1}',
    '\u{00CB}', '\u{00C8}', '\u{00CD}', '\u{00CE}', '\u{00CF}', '\u{00CC}', '\u{00D3}', '\u{00D4}',
    '\u{F8FF}', '\u{00D2}', '\u{00DA}', '\u{00DB}', '\u{00D9}', '\u{0131}', '\u{02C6}', '\u{02DC}',
    '\u{00AF}', '\u{02D8}', '\u{02D9}', '\u{02DA}', '\u{00B8}', '\u{02DD}', '\u{02DB}', '\u{02C7}',
];
const CP1252: [char; 128] = [
    '\u{20AC}', '\u{FFFD}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{FFFD}', '\u{017D}', '\u{FFFD}',
    '\u{FFFD}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{FFFD}', '\u{017E}', '\u{0178}',
    '\u{00A0}', '\u{00A1}', '\u{00A2}', '\u{00A3}', '\u{00A4}', '\u{00A5}', '\u{00A6}', '\u{00A7}',
    '\u{00A8}', '\u{00A9}', '\u{00AA}', '\u{00AB}', '\u{00AC}', '\u{00AD}', '\u{00AE}', '\u{00AF}',
    '\u{00B0}', '\u{00B1}', '\u{00B2}', '\u{00B3}', '\u{00B4}', '\u{00B5}', '\u{00B6}', '\u{00B7}',
    '\u{00B8}', '\u{00B9}', '\u{00BA}', '\u{00BB}', '\u{00BC}', '\u{00BD}', '\u{00BE}', '\u{00BF}',
    '\u{00C0}', '\u{00C1}', '\u{00C2}', '\u{00C3}', '\u{00C4}', '\u{00C5}', '\u{00C6}', '\u{00C7}',
    '\u{00C8}', '\u{00C9}', '\u{00CA}', '\u{00CB}', '\u{00CC}', '\u{00CD}', '\u{00CE}', '\u{00CF}',
    '\u{00D0}', '\u{00D1}', '\u{00D2}', '\u{00D3}', '\u{00D4}', '\u{00D5}', '\u{00D6}', '\u{00D7}',
    '\u{00D8}', '\u{00D9}', '\u{00DA}', '\u{00DB}', '\u{00DC}', '\u{00DD}', '\u{00DE}', '\u{00DF}',
    '\u{00E0}', '\u{00E1}', '\u{00E2}', '\u{00E3}', '\u{00E4}', '\u{00E5}', '\u{00E6}', '\u{00E7}',
    '\u{00E8}', '\u{00E9}', '\u{00EA}', '\u{00EB}', '\u{00EC}', '\u{00ED}', '\u{00EE}', '\u{00EF}',
    '\u{00F0}', '\u{00F1}', '\u{00F2}', '\u{00F3}', '\u{00F4}', '\u{00F5}', '\u{00F6}', '\u{00F7}',
    '\u{00F8}', '\u{00F9}', '\u{00FA}', '\u{00FB}', '\u{00FC}', '\u{00FD}', '\u{00FE}', '\u{00FF}',
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        let d = decode("caf\u{e9} it\u{2019}s\r\n".as_bytes());
        assert_eq!(
            (d.text.as_str(), d.encoding),
            ("caf\u{e9} it\u{2019}s\n", "utf-8")
        );
        let d = decode(b"\xEF\xBB\xBF100.1. Text\r\n");
        assert_eq!(
            (d.text.as_str(), d.encoding),
            ("100.1. Text\n", "utf-8-bom")
        );
        assert_eq!(decode(b"plain\n").encoding, "ascii");
    }

    #[test]
    fn unicode_line_separators_end_lines() {
        for end in ["\u{2028}", "\u{2029}", "\u{85}"] {
            let text = format!("100.1. It’s “text”.{end}{end}100.2. More.{end}");
            let d = decode(text.as_bytes());
            assert_eq!(d.text, "100.1. It’s “text”.\n\n100.2. More.\n", "{end:?}");
            assert!(d.warnings.is_empty(), "{:?}", d.warnings);
        }
    }

    #[test]
    fn utf32_with_and_without_bom_reads_without_warnings() {
        let text = "100.1. It’s a “rule” — {∞}.\n100.2. More text here.\n";
        for little in [true, false] {
            let units: Vec<u8> = text
                .chars()
                .flat_map(|c| {
                    let c = c as u32;
                    if little {
                        c.to_le_bytes()
                    } else {
                        c.to_be_bytes()
                    }
                })
                .collect();
            let bom: &[u8] = if little {
                b"\xFF\xFE\0\0"
            } else {
                b"\0\0\xFE\xFF"
            };
            for bytes in [[bom, &units].concat(), units.clone()] {
                assert!(crate::read::sniff::not_text(&bytes).is_none());
                let d = decode(&bytes);
                assert_eq!(d.text, text);
                assert_eq!(d.encoding, if little { "utf-32le" } else { "utf-32be" });
                assert!(d.warnings.is_empty(), "{:?}", d.warnings);
            }
        }
    }

    #[test]
    fn utf16_with_and_without_bom() {
        let units: Vec<u8> = "100.1. It\u{2019}s\r\n\r"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut with_bom = vec![0xFF, 0xFE];
        with_bom.extend(&units);
        let d = decode(&with_bom);
        assert_eq!(
            (d.text.as_str(), d.encoding),
            ("100.1. It\u{2019}s\n\n", "utf-16le")
        );
        let d = decode(&units);
        assert_eq!(
            (d.text.as_str(), d.encoding),
            ("100.1. It\u{2019}s\n\n", "utf-16le")
        );
    }

    #[test]
    fn line_endings_crlf_cr_lf_and_mixed() {
        assert_eq!(decode(b"a\r\nb\rc\nd\r\n\re").text, "a\nb\nc\nd\n\ne");
    }

    #[test]
    fn cp1252_quotes_and_dashes() {
        let d = decode(b"it\x92s a \x93card\x94 \x97 really\r\n");
        assert_eq!(d.encoding, "cp1252");
        assert_eq!(
            d.text,
            "it\u{2019}s a \u{201C}card\u{201D} \u{2014} really\n"
        );
    }

    #[test]
    fn mac_roman_dashes_and_trademark() {
        let d = decode(b"Basic Land \xd0 Mountain, DCI\xaa Floor Rules, it\xd5s\r\n");
        assert_eq!(d.encoding, "mac-roman");
        assert_eq!(
            d.text,
            "Basic Land \u{2013} Mountain, DCI\u{2122} Floor Rules, it\u{2019}s\n"
        );
    }

    #[test]
    fn mac_roman_single_letter_in_a_classic_mac_file() {
        let d = decode(b"Elf, El-Hajj\x89j, Enchantress\r");
        assert_eq!(d.encoding, "mac-roman");
        assert_eq!(d.text, "Elf, El-Hajj\u{e2}j, Enchantress\n");
    }

    #[test]
    fn cp437_accented_card_names() {
        let d = decode(b"Dand\x83n, El-Hajj\x83j, Ghazb\xa0n Ogre, Jun\xa3n, \x92ther\r\n");
        assert_eq!(d.encoding, "cp437");
        assert_eq!(
            d.text,
            "Dand\u{e2}n, El-Hajj\u{e2}j, Ghazb\u{e1}n Ogre, Jun\u{fa}n, \u{c6}ther\n"
        );
    }

    #[test]
    fn mojibake_from_mac_roman_read_as_latin1_is_repaired() {
        let d = decode(
            "it\u{d5}s a \u{d2}card,\u{d3} type\u{d1}the Coast\u{a8} Unglued\u{aa} card".as_bytes(),
        );
        assert!(d.repaired_mojibake);
        assert_eq!(
            d.text,
            "it\u{2019}s a \u{201C}card,\u{201D} type\u{2014}the Coast\u{ae} Unglued\u{2122} card"
        );
        // Genuine Latin-1 letters in UTF-8 are left alone.
        assert!(!decode("Dand\u{e2}n and Ghazb\u{e1}n".as_bytes()).repaired_mojibake);
    }

    #[test]
    fn undecodable_bytes_become_replacement_characters_with_line_numbers() {
        let mut bytes = b"one".to_vec();
        for _ in 0..10 {
            bytes.extend("\u{2019}".as_bytes());
        }
        bytes.extend(b"\r\ntwo \xff three\r\n");
        let d = decode(&bytes);
        assert!(d.text.contains('\u{FFFD}'));
        assert_eq!(d.warnings.len(), 1);
        assert_eq!(d.warnings[0].line, 2);
        let d = decode(b"\xFF\xFEa\x00\n\x00\x00\xD8b\x00");
        assert_eq!(d.text, "a\n\u{FFFD}b");
        assert_eq!(d.warnings[0].line, 2);
    }

    #[test]
    fn utf8_read_as_cp1252_is_repaired_run_by_run() {
        let d = decode("it\u{e2}\u{20ac}\u{2122}s a caf\u{c3}\u{a9}, Dand\u{e2}n\n".as_bytes());
        assert_eq!(d.text, "it\u{2019}s a caf\u{e9}, Dand\u{e2}n\n");
        assert!(d.repaired_mojibake);
        assert_eq!(d.warnings.len(), 1, "{:?}", d.warnings);
        // Genuine accented letters, alone or side by side, stay.
        let d = decode("\u{c6}ther, Ghazb\u{e1}n, \u{ab}\u{e9}\u{bb}\n".as_bytes());
        assert_eq!(d.text, "\u{c6}ther, Ghazb\u{e1}n, \u{ab}\u{e9}\u{bb}\n");
        assert!(d.warnings.is_empty());
    }

    #[test]
    fn invisible_characters_are_dropped_and_controls_warned_with_their_line() {
        let d = decode("\u{feff}100.1. a\n\u{200b}704.5a b\u{200d}c\n\u{0}x\u{1b}\n".as_bytes());
        assert_eq!(d.text, "100.1. a\n704.5a bc\nx\n");
        assert_eq!(d.warnings.len(), 1, "{:?}", d.warnings);
        assert_eq!(d.warnings[0].line, 3);
    }

    #[test]
    fn empty_and_odd_inputs_do_not_panic() {
        for input in [&b""[..], b"\xFF", b"\xFF\xFE\x00", b"\r", b"\x80\x81\x8d"] {
            let _ = decode(input);
        }
    }
}
