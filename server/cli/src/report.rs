//! What one `check` run found, independent of how it is printed: located
//! diagnostics, the verdict of every entry point in every mode (for JUnit),
//! and how many files were checked. Built by `check`, filtered by the
//! configuration and suppression comments, printed by `output`.

use tracer::Mode;

/// How bad a diagnostic is. `Error` fails the run (exit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
            Severity::Hint => "hint",
        }
    }
}

/// One diagnostic, located in a file. Positions are 1-based, columns in
/// bytes of the line; `line == 0` is about the whole file. In a notebook,
/// `cell` is set and the lines are the cell's.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub path: String,
    /// The notebook cell (1-based, every cell counted, markdown included)
    /// the lines are in; `None` outside notebooks.
    pub cell: Option<u32>,
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
    pub severity: Severity,
    pub code: String,
    pub message: String,
    pub help: Option<String>,
    pub source_line: String,
    /// For a failure in another file: where the entry point that reaches
    /// it is (`export_model.py:12:6: ...`).
    pub note: Option<String>,
    /// The mode the diagnostic is about (none for syntax errors and notes
    /// about the file).
    pub mode: Option<Mode>,
    /// The entry point whose trace found it.
    pub entry: Option<String>,
}

impl Diagnostic {
    /// A diagnostic on a single line of `path`, columns `col..end_col`.
    pub fn on_line(
        path: impl Into<String>,
        line: u32,
        (col, end_col): (u32, u32),
        severity: Severity,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            path: path.into(),
            cell: None,
            line,
            col,
            end_line: line,
            end_col,
            severity,
            code: code.into(),
            message: message.into(),
            help: None,
            source_line: String::new(),
            note: None,
            mode: None,
            entry: None,
        }
    }

    /// `path:line:col` (`path:cell N:line:col` in a notebook, as ruff
    /// writes it), or `path` for a diagnostic about the whole file.
    pub fn location(&self) -> String {
        match (self.line, self.cell) {
            (0, _) => self.path.clone(),
            (line, None) => format!("{}:{line}:{}", self.path, self.col),
            (line, Some(cell)) => format!("{}:cell {cell}:{line}:{}", self.path, self.col),
        }
    }
}

/// What torch.export does with one entry point in one mode.
#[derive(Clone, Debug)]
pub enum Verdict {
    Exports,
    /// Fails: the index of its diagnostic in [`Report::diagnostics`].
    Fails(usize),
    /// The tracer could not tell (analysis incomplete), with why.
    Unjudged(String),
}

/// One entry point traced in one mode.
#[derive(Clone, Debug)]
pub struct EntryRun {
    pub path: String,
    pub entry: String,
    /// The notebook cell of `line` (as [`Diagnostic::cell`]).
    pub cell: Option<u32>,
    pub line: u32,
    pub mode: Mode,
    pub verdict: Verdict,
}

/// Everything a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
    /// Parallel to `diagnostics`: false once the configuration or a
    /// suppression comment removed it.
    pub shown: Vec<bool>,
    pub entries: Vec<EntryRun>,
    pub files_checked: usize,
    /// Files that could not be read (already reported on stderr).
    pub unreadable: usize,
    /// Files `--fix` could not write (already reported on stderr).
    pub unwritable: usize,
}

impl Report {
    pub fn push(&mut self, diagnostic: Diagnostic) -> usize {
        self.diagnostics.push(diagnostic);
        self.shown.push(true);
        self.diagnostics.len() - 1
    }

    /// Adds the report of another file after this one's.
    pub fn append(&mut self, other: Report) {
        let offset = self.diagnostics.len();
        self.diagnostics.extend(other.diagnostics);
        self.shown.extend(other.shown);
        self.entries.extend(other.entries.into_iter().map(|mut e| {
            if let Verdict::Fails(i) = &mut e.verdict {
                *i += offset;
            }
            e
        }));
        self.files_checked += other.files_checked;
        self.unreadable += other.unreadable;
        self.unwritable += other.unwritable;
    }

    /// The diagnostics still shown, in order.
    pub fn visible(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .zip(&self.shown)
            .filter_map(|(d, shown)| shown.then_some(d))
    }

    /// Whether the run fails: a shown error, or a file that could not be
    /// read, or fixed but not written.
    pub fn failed(&self) -> bool {
        self.unreadable > 0
            || self.unwritable > 0
            || self.visible().any(|d| d.severity == Severity::Error)
    }
}
