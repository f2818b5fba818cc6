//! Why an export fails, and the notes the tracer leaves where its analysis
//! is incomplete.

use syntax::TextRange;

/// The category of a failed export, as the report schema names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// Strict mode cannot trace a construct (TorchDynamo graph break).
    GraphBreak,
    /// A Python decision depends on tensor data.
    DataDependent,
    /// The `dynamic_shapes` spec contradicts what tracing found.
    ConstraintViolation,
    /// Anything else torch rejects (bad outputs, type errors, eager shape
    /// errors, exceptions raised by the model).
    Other,
    /// Not a verdict: the tracer could not follow the code (an unknown
    /// library, an unmodelled construct, a budget) before it could tell
    /// whether torch exports it. Never reported as an export failure.
    Incomplete,
}

impl FailureKind {
    pub fn category(self) -> &'static str {
        match self {
            FailureKind::GraphBreak => "graph_break",
            FailureKind::DataDependent => "data_dependent",
            FailureKind::ConstraintViolation => "constraint_violation",
            FailureKind::Other => "other",
            FailureKind::Incomplete => "incomplete",
        }
    }
}

/// A failed export: what, where, why, and how to fix it.
#[derive(Clone, Debug)]
pub struct Failure {
    pub kind: FailureKind,
    /// Graph-break registry code (`GB0170`) for strict-mode breaks.
    pub gb_code: Option<&'static str>,
    /// The user-code range that failed (the innermost user frame).
    pub range: Option<TextRange>,
    /// The file `range` and `line` are in, when it is not the traced file
    /// (a model imported from another file of the workspace).
    pub path: Option<String>,
    /// The 1-based line torch reports, if any.
    pub line: Option<u32>,
    pub message: String,
    /// torch's "Suggested fixes" lines (`dy = dx`).
    pub suggested_fixes: Vec<String>,
    /// Fixes in the same form that exportlens adds where torch suggests
    /// none (a range end a `Ne` guard excludes, moved past it); applied by
    /// `check --fix`, never reported as torch's.
    pub further_fixes: Vec<String>,
    /// An ExportDB-style rewrite to offer the user, in prose.
    pub hint: Option<String>,
    /// Who raised it, when this is a Python exception that escaped the
    /// traced code ([`crate::evidence`] decided its kind).
    pub raised_by: Option<crate::evidence::Raiser>,
}

impl Failure {
    pub fn new(kind: FailureKind, message: impl Into<String>) -> Self {
        Failure {
            kind,
            gb_code: None,
            range: None,
            path: None,
            line: None,
            message: message.into(),
            suggested_fixes: Vec::new(),
            further_fixes: Vec::new(),
            hint: None,
            raised_by: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_code(mut self, code: &'static str) -> Self {
        self.gb_code = Some(code);
        self
    }

    /// The diagnostic code editors and `check` show: torch's graph-break
    /// code when there is one, else the kind.
    pub fn code(&self) -> String {
        match (self.gb_code, self.kind) {
            (Some(c), _) => c.to_string(),
            (None, FailureKind::DataDependent) => "data-dependent".into(),
            (None, FailureKind::ConstraintViolation) => "constraint-violation".into(),
            (None, FailureKind::GraphBreak) => "graph-break".into(),
            (None, FailureKind::Other) => "export-error".into(),
            (None, FailureKind::Incomplete) => "analysis-incomplete".into(),
        }
    }

    /// A verdict on the export (it fails), as opposed to the tracer
    /// saying it could not follow the code.
    pub fn is_verdict(&self) -> bool {
        self.kind != FailureKind::Incomplete
    }
}

/// A data-dependent decision draft export took on the example inputs'
/// values (and asserts at run time) instead of failing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExampleDecision {
    /// The relation as torch's data-dependent error names it.
    pub expr: String,
    pub line: Option<u32>,
    /// The file of `line` when it is not the traced file.
    pub path: Option<String>,
    /// How many guards the trace had logged before it (its place among
    /// the run's reported guards).
    pub guards_before: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// The tracer did not understand something and continued with an
    /// unknown value.
    Incomplete,
    /// Something a user should know (0/1 specialization, ...).
    Warning,
}

/// A located note about the analysis itself.
#[derive(Clone, Debug)]
pub struct Note {
    pub kind: NoteKind,
    pub range: TextRange,
    /// The file `range` is in, when it is not the traced file.
    pub path: Option<String>,
    pub message: String,
}
