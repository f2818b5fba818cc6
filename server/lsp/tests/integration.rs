//! The crate's integration tests, one module per file, built as one
//! test binary (one link instead of one per file). The fuzzers and
//! long runs that print their figures are test targets of their own.

mod entries;
mod notebooks;
mod reuse;
mod survival;
