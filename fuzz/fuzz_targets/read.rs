//! Fuzz target for the reading pipeline: any bytes through sniffing, decoding, the RTF,
//! JSON, HTML, decoration and PDF-text stages, shape detection, every reader and the whole-document check.
//! Nothing may panic; reading may refuse the input with an error.

#![no_main]

use arbiter::read::{decode, read, read_checked, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let decoded = decode::decode(data);
    let _ = arbiter::read::references::extract(&decoded.text);
    let _ = read("fuzz-input", data, &ReadOptions::default());
    let _ = read_checked("fuzz-input", data, &ReadOptions::default());
    // The same bytes as an HTML page and as a quoted chat paste, to reach those stages.
    let mut html = b"<!DOCTYPE html><html><body><p>".to_vec();
    html.extend_from_slice(data);
    let _ = read_checked("fuzz-input.html", &html, &ReadOptions::default());
    let quoted: Vec<u8> = data
        .split(|&b| b == b'\n')
        .flat_map(|line| [b"> ".as_slice(), line, b"\n"].concat())
        .collect();
    let _ = read_checked("fuzz-input-quoted", &quoted, &ReadOptions::default());
    // As an RTF document, a JSON dump's rule text, and text extracted from a PDF (a form
    // feed after every fifth line), to reach the `rtf`, `json` and `pdf_text` stages.
    let rtf = [b"{\\rtf1\\ansi ".as_slice(), data].concat();
    let _ = read_checked("fuzz-input.rtf", &rtf, &ReadOptions::default());
    let json = [b"[{\"ruleNumber\": \"100.1\", \"ruleText\": \"".as_slice(), data, b"\"}]"].concat();
    let _ = read_checked("fuzz-input.json", &json, &ReadOptions::default());
    let paged: Vec<u8> = data
        .split(|&b| b == b'\n')
        .enumerate()
        .flat_map(|(i, line)| [line, if i % 5 == 4 { b"\n\x0c".as_slice() } else { b"\n" }].concat())
        .collect();
    let _ = read_checked("fuzz-input-pdf.txt", &paged, &ReadOptions::default());
});
