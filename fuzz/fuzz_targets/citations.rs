//! Fuzzes cite-check's pure core: any text gives its citations, their quotations and the
//! obsolete concepts it names (never a panic); each citation is judged against the newest
//! revision as written at the date the input's first byte chooses, and each quotation is
//! compared with the input's own first line as if it were the rule's text.
//! `cd fuzz && cargo +nightly fuzz run citations`.

#![no_main]

use arbiter::citations::{self, finder};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let revisions = citations::revisions();
    let (Some(&newest), Some(&first)) = (revisions.last(), data.first()) else {
        return;
    };
    let as_of = revisions.get(first as usize % (revisions.len() + 1)).copied();
    let found = finder::find(&text);
    for citation in &found {
        let _ = finder::judge(citation.number, citation.explicit, as_of, newest);
    }
    let rule_text = text.lines().next().unwrap_or_default();
    for quotation in finder::quotations(&text, &found) {
        if !finder::quotes_rule(&quotation.text, rule_text) {
            let _ = finder::closest_sentence(&quotation.text, rule_text);
        }
    }
    let _ = finder::mentions(&text);
});
