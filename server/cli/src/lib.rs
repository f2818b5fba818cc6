//! The `exportlens` command line as a library: every subcommand's code
//! (`check`, `export`, `run`, `modules`, `rule`, `watch`), the [`report`] a
//! check builds and the [`output`] formats it is printed in. The binary
//! (`main.rs`) parses the arguments and calls into it; the pipeline fuzzer
//! (`server/spec-tests/tests/fuzz.rs`) renders every input's report in the
//! machine formats through it and parses them back.

pub mod analyze;
pub mod check;
pub mod fix;
pub mod modules;
pub mod notebooks;
pub mod output;
pub mod parallel;
pub mod pt2;
pub mod report;
pub mod rule;
pub mod run;
pub mod watch;
