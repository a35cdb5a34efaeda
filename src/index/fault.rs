//! Fault injection for the crash-safety tests: `ARBITER_FAULT=after:STEP` aborts the
//! process (as a kill would: no destructor runs, nothing is flushed) right after the
//! writer's step `STEP`, `ARBITER_FAULT=enospc:STEP` makes the write at `STEP` fail as a
//! full disk does, and `ARBITER_FAULT=hold:STEP` says so on stderr and waits three seconds
//! there (the lock tests start a second writer meanwhile). Unset (always, outside the tests), each check is one comparison
//! with a value read once.
//!
//! The steps of an ingest, in order: `locked`, `cleaned`, `model-write` (enospc),
//! `rules-write` (enospc: a revision's rule table, also when one is written again),
//! `search-write` (enospc), `revision-written`, `lineage-write` (enospc),
//! `lineage-written`, `catalogue-write` (enospc), `catalogue-written`,
//! `catalogue-commit`, `cleaned-after`; and `search-rebuilt` when a search index is
//! built again from its stored model. [`STEPS`] lists the ones a kill can land after.

use std::sync::LazyLock;

/// The steps after which `after:STEP` aborts, in the order an ingest passes them.
pub const STEPS: &[&str] = &[
    "locked",
    "cleaned",
    "revision-written",
    "lineage-written",
    "catalogue-written",
    "catalogue-commit",
    "cleaned-after",
];

/// The writes that `enospc:STEP` makes fail.
pub const WRITES: &[&str] = &[
    "model-write",
    "rules-write",
    "search-write",
    "lineage-write",
    "catalogue-write",
];

static FAULT: LazyLock<Option<(String, String)>> = LazyLock::new(|| {
    let value = std::env::var("ARBITER_FAULT").ok()?;
    let (kind, step) = value.split_once(':')?;
    Some((kind.to_string(), step.to_string()))
});

fn is(kind: &str, step: &str) -> bool {
    FAULT.as_ref().is_some_and(|(k, s)| k == kind && s == step)
}

/// The writer has just completed `step`: abort here if asked to.
pub fn point(step: &str) {
    if is("after", step) {
        eprintln!("arbiter: ARBITER_FAULT: aborting after {step}");
        std::process::abort();
    }
    if is("hold", step) {
        eprintln!("arbiter: ARBITER_FAULT: holding after {step}");
        std::thread::sleep(std::time::Duration::from_secs(3));
    }
}

/// The writer is about to write at `step`: fail as a full disk would if asked to.
pub fn write(step: &str) -> std::io::Result<()> {
    if is("enospc", step) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "No space left on device (os error 28, injected by ARBITER_FAULT)",
        ));
    }
    Ok(())
}
