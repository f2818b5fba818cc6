//! The abstract interpreter: runs a model's `__init__` to build the module
//! tree and its `forward` on fake tensors with symbolic shapes, recording the
//! graph torch.export would record, in strict (TorchDynamo) or non-strict
//! mode. Torch knowledge lives in data: [`ops`] (the op registry, ATen
//! level) and [`prelude`] (torch's Python surface, `nn.Module` and the nn
//! library, as Python run by the same interpreter; [`module`] holds the
//! native registries every module instance carries).
//!
//! Tracing never fails: every entry yields either a graph or a located
//! failure, plus notes for whatever was not understood.

pub mod concrete;
use std::sync::Arc;
mod cycles;
pub mod dtype;
pub mod entry;
pub mod evidence;
pub mod failure;
pub mod graph;
mod helper;
pub mod imports;
pub mod interp;
pub mod module;
pub mod ops;
pub mod prelude;
pub mod pyrepr;
pub mod python;
mod rebase;
mod runtime_asserts;
pub mod spec;
pub mod tracked;
pub mod value;

// The symbolic layer, a crate of its own; re-exported so that the tracer
// and its users name it as before.
pub use symbolic::{layout, shape_env, solve};

use syntax::{LineIndex, TextRange};

pub use cycles::CycleGuard;
pub use entry::{
    EntryPoint, OptionsFactory, TraceOptions, TraceOutcome, TraceResult, find_entries,
    may_hold_entry, trace_entry, trace_entry_modes, trace_entry_with,
};
pub use failure::{Failure, FailureKind, Note};
pub use imports::{SourceProvider, Workspace};

/// torch.export's two tracing modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// TorchDynamo: unsupported Python is a graph break.
    Strict,
    /// torch's default since 2.x: Python runs, tensor ops are recorded.
    NonStrict,
}

impl Mode {
    pub fn key(self) -> &'static str {
        match self {
            Mode::Strict => "strict",
            Mode::NonStrict => "nonstrict",
        }
    }
}

/// One parsed source file, shared by every value defined in it.
pub struct SourceFile {
    pub path: String,
    pub text: String,
    pub index: LineIndex,
    pub module: syntax::ast::Module,
    pub syntax_errors: Vec<syntax::SyntaxError>,
}

impl SourceFile {
    pub fn parse(path: &str, text: &str) -> Arc<SourceFile> {
        Self::from_parsed(path, text, syntax::parse(text))
    }

    /// [`SourceFile::parse`] for code the tracer runs but the user is not
    /// editing (imported modules, the prelude): function bodies are parsed
    /// when first run ([`syntax::parse_deferring`]), and syntax errors
    /// inside them are not reported.
    pub fn parse_imported(path: &str, text: &str) -> Arc<SourceFile> {
        Self::from_parsed(path, text, syntax::parse_deferring(text))
    }

    fn from_parsed(path: &str, text: &str, parsed: syntax::Parsed) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            path: path.to_string(),
            text: text.to_string(),
            index: LineIndex::new(text),
            module: parsed.module,
            syntax_errors: parsed.errors,
        })
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: u32) -> u32 {
        self.index.line_col(offset).line + 1
    }

    /// The source text of a 1-based line, trimmed.
    pub fn line_text(&self, line: u32) -> &str {
        self.index
            .line_text(&self.text, line.saturating_sub(1))
            .trim()
    }

    pub fn slice(&self, range: TextRange) -> &str {
        self.text
            .get(range.start as usize..range.end as usize)
            .unwrap_or("")
    }
}

/// Limits that keep analysis bounded on any input.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Interpreter steps (statements and expressions) per entry.
    pub steps: u64,
    /// Nested calls.
    pub call_depth: u32,
    /// Iterations of one loop.
    pub loop_iterations: u64,
    /// Nodes in one graph.
    pub nodes: usize,
    /// A wall-clock limit, checked every 256 steps (a step on very large
    /// symbolic sizes can be slow where the step count is not).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            steps: 2_000_000,
            call_depth: 64,
            loop_iterations: 100_000,
            nodes: 200_000,
            deadline: None,
        }
    }
}
