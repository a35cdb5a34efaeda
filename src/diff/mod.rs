//! Pairing, renumbering, word diffs and lineage across revisions: pure functions over the model.
