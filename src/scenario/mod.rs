//! The scenario checker: a pure rules engine (state, actions, legality, state-based actions) and the reader of scenario files.
