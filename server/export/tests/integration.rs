//! The crate's integration tests, one module per file, built as one
//! test binary (one link instead of one per file). The fuzzers and
//! long runs that print their figures are test targets of their own.

mod check_names;
mod common;
mod cond_outputs;
mod dead_arithmetic;
mod draft;
mod modules;
mod nonstrict_python_ops;
mod one_node_per_expression;
mod pt2_subgraphs;
mod runtime_asserts;
mod size_reads;
mod sym_float;
mod tolist_nodes;
