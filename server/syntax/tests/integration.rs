//! The crate's integration tests, one module per file, built as one
//! test binary (one link instead of one per file). The fuzzers and
//! long runs that print their figures are test targets of their own.

mod chains;
mod common;
mod corpus;
mod deferred;
mod errors;
mod expressions;
mod fidelity;
mod incremental;
mod line_endings;
mod line_index;
mod literals;
mod pathological;
mod statements;
