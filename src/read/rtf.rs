//! The RTF container to text: a Word, WordPad or TextEdit save of the rules becomes the
//! text it shows, one paragraph a line, for the one grammar to read.
//!
//! Groups (`{…}`) nest; the destinations that hold no text of the document (`\fonttbl`,
//! `\colortbl`, `\stylesheet`, `\info`, pictures, and any group marked `\*`) are
//! skipped whole. `\par` and `\line` end a line, `\tab` is a tab, `\'92` is a byte of the
//! document's code page (`\ansicpg`, Windows-1252 unless it says otherwise), `\u8217?` a
//! Unicode character followed by `\ucN` fallback characters that are skipped, `\\`,
//! `\{` and `\}` the characters themselves; the typographic control words (`\rquote`,
//! `\emdash`…) their characters. A file that ends inside a group was cut short: the text
//! read so far is kept, with a warning. Not a full RTF reader (no tables' layout, no
//! fields' results beyond their text): enough for documents, never a panic.

use crate::model::Warning;

/// Whether the bytes are an RTF document (`{\rtf`, after a byte-order mark or white
/// space).
pub(crate) fn is_rtf(bytes: &[u8]) -> bool {
    let start = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = &start[start.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
    start.starts_with(b"{\\rtf")
}

/// Destinations whose groups hold no text of the document.
const SKIPPED: &[&str] = &[
    "fonttbl",
    "colortbl",
    "stylesheet",
    "info",
    "pict",
    "object",
    "header",
    "headerl",
    "headerr",
    "headerf",
    "footer",
    "footerl",
    "footerr",
    "footerf",
    "footnote",
    "listtable",
    "listoverridetable",
    "revtbl",
    "rsidtbl",
    "xmlnstbl",
    "themedata",
    "colorschememapping",
    "latentstyles",
    "datastore",
    "filetbl",
    "generator",
    "fldinst",
    "pgdsctbl",
    "bkmkstart",
    "bkmkend",
];

/// What a group carries over from its parent.
#[derive(Debug, Clone, Copy)]
struct Group {
    skip: bool,
    /// How many fallback characters follow a `\u` (`\ucN`).
    fallback: usize,
}

/// The text of an RTF document, for each of its lines (from 0) the line of the document
/// (from 1) where it starts, and a warning when it was cut short.
pub(crate) fn to_text(bytes: &[u8]) -> (String, Vec<usize>, Vec<Warning>) {
    let mut out = String::with_capacity(bytes.len() / 2);
    // For each line break written to `out`, the document's line where the text after
    // it starts (the next byte that is not a line end: `\par` usually ends its line).
    let mut breaks: Vec<usize> = Vec::new();
    let mut pending_breaks = 0usize;
    // Bytes of the document's code page waiting to be decoded (`\'e9`, plain high bytes).
    let mut pending: Vec<u8> = Vec::new();
    let mut encoding = encoding_rs::WINDOWS_1252;
    let mut stack: Vec<Group> = Vec::new();
    let mut group = Group {
        skip: false,
        fallback: 1,
    };
    // Fallback characters still to skip after a `\u`.
    let mut to_skip = 0usize;
    let mut line = 1;
    let mut i = 0;
    let flush =
        |pending: &mut Vec<u8>, out: &mut String, encoding: &'static encoding_rs::Encoding| {
            if !pending.is_empty() {
                out.push_str(&encoding.decode_without_bom_handling(pending).0);
                pending.clear();
            }
        };
    while i < bytes.len() {
        let b = bytes[i];
        if pending_breaks > 0 && b != b'\r' && b != b'\n' {
            breaks.extend(std::iter::repeat_n(line, pending_breaks));
            pending_breaks = 0;
        }
        match b {
            b'{' => {
                stack.push(group);
                to_skip = 0;
                i += 1;
            }
            b'}' => {
                group = stack.pop().unwrap_or(group);
                to_skip = 0;
                i += 1;
            }
            b'\r' | b'\n' => {
                if b == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            b'\\' => {
                let (word, param, next) = control(bytes, i + 1);
                i = next;
                if word == "'" {
                    // A byte in hexadecimal: `\'92`.
                    let hex = bytes
                        .get(i..i + 2)
                        .and_then(|h| std::str::from_utf8(h).ok());
                    let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
                    i += if byte.is_some() { 2 } else { 0 };
                    if to_skip > 0 {
                        to_skip -= 1;
                    } else if let (Some(byte), false) = (byte, group.skip) {
                        pending.push(byte);
                    }
                    continue;
                }
                flush(&mut pending, &mut out, encoding);
                if word == "*" {
                    group.skip = true;
                    continue;
                }
                if SKIPPED.contains(&word.as_str()) {
                    group.skip = true;
                    continue;
                }
                match word.as_str() {
                    "ansicpg" => {
                        encoding = param
                            .and_then(code_page)
                            .unwrap_or(encoding_rs::WINDOWS_1252);
                    }
                    "mac" => encoding = encoding_rs::MACINTOSH,
                    "uc" => group.fallback = param.unwrap_or(1).clamp(0, 16) as usize,
                    "bin" => {
                        // Binary data: skip its bytes.
                        i = i.saturating_add(param.unwrap_or(0).max(0) as usize);
                    }
                    _ if group.skip => {}
                    "u" => {
                        let code = param.unwrap_or(0);
                        let code = if code < 0 { code + 65536 } else { code };
                        out.push(char::from_u32(code as u32).unwrap_or('\u{FFFD}'));
                        to_skip = group.fallback;
                    }
                    _ => {
                        if let Some(text) = symbol(&word) {
                            out.push_str(text);
                            pending_breaks += text.matches('\n').count();
                            to_skip = 0;
                        }
                    }
                }
            }
            _ => {
                i += 1;
                if to_skip > 0 {
                    to_skip -= 1;
                } else if !group.skip {
                    if b < 0x80 {
                        flush(&mut pending, &mut out, encoding);
                        out.push(b as char);
                    } else {
                        pending.push(b);
                    }
                }
            }
        }
    }
    flush(&mut pending, &mut out, encoding);
    breaks.extend(std::iter::repeat_n(line, pending_breaks));
    let mut warnings = Vec::new();
    if !stack.is_empty() {
        warnings.push(Warning {
            line,
            message: format!(
                "the RTF document ends inside {} open group(s): the file was cut short",
                stack.len()
            ),
        });
    }
    let (text, lines) = tidy(&out, &breaks);
    (text, lines, warnings)
}

/// A control word at `at` (just after the backslash): its name (a single character for
/// a control symbol such as `\'`, `\*`, `\~`), its numeric parameter, and where the
/// text after it starts (a space that delimits the word belongs to it).
fn control(bytes: &[u8], at: usize) -> (String, Option<i64>, usize) {
    let Some(&first) = bytes.get(at) else {
        return (String::new(), None, at);
    };
    if !first.is_ascii_alphabetic() {
        return ((first as char).to_string(), None, at + 1);
    }
    let mut i = at;
    while i < bytes.len() && bytes[i].is_ascii_alphabetic() && i - at < 32 {
        i += 1;
    }
    let word = String::from_utf8_lossy(&bytes[at..i]).into_owned();
    let digits_start = i;
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    while i < bytes.len() && bytes[i].is_ascii_digit() && i - digits_start < 10 {
        i += 1;
    }
    let param = std::str::from_utf8(&bytes[digits_start..i])
        .ok()
        .and_then(|p| p.parse().ok());
    if bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    (word, param, i)
}

/// What a control word or symbol writes in the text, if anything.
fn symbol(word: &str) -> Option<&'static str> {
    Some(match word {
        "par" | "line" | "sect" | "page" | "row" => "\n",
        "tab" | "cell" => "\t",
        "\\" => "\\",
        "{" => "{",
        "}" => "}",
        "~" => "\u{a0}",
        "_" => "-",
        "emdash" => "—",
        "endash" => "–",
        "lquote" => "‘",
        "rquote" => "’",
        "ldblquote" => "“",
        "rdblquote" => "”",
        "bullet" => "•",
        "emspace" | "enspace" | "qmspace" => " ",
        _ => return None,
    })
}

/// The encoding of a Windows code page number (`\ansicpg1252`).
fn code_page(number: i64) -> Option<&'static encoding_rs::Encoding> {
    Some(match number {
        1250 => encoding_rs::WINDOWS_1250,
        1251 => encoding_rs::WINDOWS_1251,
        1252 => encoding_rs::WINDOWS_1252,
        1253 => encoding_rs::WINDOWS_1253,
        1254 => encoding_rs::WINDOWS_1254,
        10000 => encoding_rs::MACINTOSH,
        65001 => encoding_rs::UTF_8,
        _ => return None,
    })
}

/// Lines without trailing spaces, no blank lines at the start, at most one at the end;
/// and each kept line's line in the document (the first piece's is 1, the next pieces'
/// those of the `breaks` before them).
fn tidy(text: &str, breaks: &[usize]) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut lines = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        if out.is_empty() && line.trim().is_empty() {
            continue;
        }
        out.push_str(line.trim_end_matches([' ', '\t']));
        out.push('\n');
        lines.push(
            i.checked_sub(1)
                .and_then(|b| breaks.get(b))
                .copied()
                .unwrap_or(1),
        );
    }
    while out.ends_with("\n\n") {
        out.pop();
        lines.pop();
    }
    (out, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_and_skipped_destinations() {
        let rtf = br"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\froman Times New Roman;}}{\colortbl;\red0\green0\blue0;}
{\*\generator Msftedit 5.41;}\viewkind4\uc1\pard\f0\fs20 303.4c If an Aura\'92s \b enchant\b0  ability\tab applies\u8212?\par
Example: It\rquote s here \{ok\}.\par
}";
        assert!(is_rtf(rtf));
        let (text, _, warnings) = to_text(rtf);
        assert_eq!(
            text,
            "303.4c If an Aura’s enchant ability\tapplies—\nExample: It’s here {ok}.\n"
        );
        assert!(warnings.is_empty());
    }

    #[test]
    fn a_cut_file_keeps_its_text_and_says_so() {
        let (text, _, warnings) = to_text(
            b"{\\rtf1\\ansi {\\fonttbl{\\f0 Arial;}}100.1. These Magic rules\\par 100.1a A two-",
        );
        assert_eq!(text, "100.1. These Magic rules\n100.1a A two-\n");
        assert!(warnings[0].message.contains("cut short"), "{warnings:?}");
    }

    #[test]
    fn hostile_bytes_do_not_panic() {
        for bytes in [
            &b"{\\rtf1 \\'"[..],
            b"{\\rtf1 \\u-99999999999?",
            b"{\\rtf1 \\bin999999999999 x",
            b"{\\rtf1 }}}}}\\",
            b"{\\rtf1 \\ansicpg99999 \xff\xfe",
        ] {
            let _ = to_text(bytes);
        }
    }
}
