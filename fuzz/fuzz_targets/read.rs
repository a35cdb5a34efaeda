//! Fuzz target for the reading pipeline: any bytes through sniffing, decoding, the HTML
//! and decoration stages, shape detection, every reader and the whole-document check.
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
});
