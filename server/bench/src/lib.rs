//! Benchmark support for exportlens: locating the shared corpus, the
//! in-process pipeline exactly as `exportlens export --json` runs it, its
//! layers taken apart (parse, trace, report), the static-shape variant of a
//! case, and a generator for large synthetic models with many dynamic dims.
//!
//! The criterion benches in `benches/` and the timing runner in
//! `examples/timing.rs` (driven by `scripts/bench.py`) both build on this
//! crate, so that what is measured is the same code in both.

/// The allocator of the `exportlens` binary, so that in-process figures
/// measure what the CLI and the language server run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod corpus;
pub mod generate;
pub mod pipeline;
pub mod stats;
