//! Fuzzes the scenario reader and, for what it reads, the engine: nothing may panic on
//! any input. `cd fuzz && cargo +nightly fuzz run scenario`.

#![no_main]

use arbiter::scenario::{self, Rules, SameNumbers};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(s) = scenario::parse("fuzz.md", &text) {
        let rules = s
            .setup
            .rules
            .as_ref()
            .and_then(|(r, _)| r.get(..10)?.parse().ok())
            .and_then(|d| Rules::for_date(d).ok())
            .unwrap_or_else(Rules::canonical);
        let report = scenario::play(&s, rules, "fuzz", &SameNumbers);
        let _ = serde_json::to_string(&report);
    }
});
