//! Fuzz target for the readers: any bytes through decoding, shape detection and every
//! reader. Nothing may panic; reading may refuse the input with an error.

#![no_main]

use arbiter::read::{decode, read, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let decoded = decode::decode(data);
    let _ = arbiter::read::references::extract(&decoded.text);
    let _ = read("fuzz-input", data, &ReadOptions::default());
});
