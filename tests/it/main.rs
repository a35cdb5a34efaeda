//! arbiter's integration tests, one binary with one module per area (one link of the
//! whole program instead of one per file). Each module runs the real `arbiter` binary or
//! the library on data files: golden outputs in `tests/golden/`, scenarios in
//! `tests/scenarios/`, rule data in `tests/data/`, and the corpus in `../shared/corpus`
//! when it is present. Run one area with `cargo test --test it cli::`.

mod architecture;
mod bounded;
mod browser;
mod check_report;
mod citations;
mod cite_check;
mod cli;
mod common;
mod compare;
mod corpus;
mod diff;
mod docs;
mod examples;
mod export;
mod fetch;
mod hostile;
mod ingest;
mod integrity;
mod pipeline;
mod relevance;
mod repair;
mod resaved;
mod scenarios;
mod search;
mod seeds;
mod serve;
mod shapes;
mod subtypes;
mod usable_copies;
