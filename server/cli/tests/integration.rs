//! The crate's integration tests, one module per file, built as one
//! test binary (one link instead of one per file). The fuzzers and
//! long runs that print their figures are test targets of their own.

mod agreement;
mod common;
mod configuration;
mod entries;
mod environments;
mod exit_codes;
mod model_files;
mod notebooks;
mod output_formats;
mod pathological;
mod repositories;
mod snapshots;
mod suppressions;
mod workspace;
