//! arbiter: read every revision of the Magic: The Gathering Comprehensive Rules into one
//! rule model, index it, diff revisions, and play written boards under any revision.
//!
//! The dependency direction is one way: `model` ← `read`, `diff`, `scenario` ← `index`,
//! `render` ← `commands` ← `main`. `scenario` and `diff` never import tantivy, clap or
//! colored.

pub mod citations;
pub mod cli;
pub mod commands;
pub mod diff;
pub mod fetch;
pub mod index;
pub mod ingest;
pub mod library;
pub mod limits;
pub mod model;
pub mod output;
pub mod pager;
pub mod read;
pub mod render;
pub mod scenario;
