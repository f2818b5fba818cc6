//! What one `check` run found, independent of how it is printed: located
//! diagnostics, the verdict of every entry point in every mode (for JUnit),
//! and how many files were checked. Each file's diagnostics come from the
//! shared model (`diagnostics::build`, configuration and suppression
//! comments applied there), located here in lines and columns
//! ([`Report::add_file`]); `output` prints them.

use std::sync::Arc;

use diagnostics::files::Files;
use tracer::{Mode, SourceFile};

/// How bad a diagnostic is. `Error` fails the run (exit 1).
pub use diagnostics::Severity;

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
    /// A model diagnostic in 1-based lines and byte columns of its file,
    /// with its source line; a related place in another file (the entry
    /// point that reaches a failure) is a note, after the model's notes.
    /// `file_of` gives the text (and line index) of a path.
    pub fn located(
        d: &diagnostics::Diagnostic,
        file_of: &dyn Fn(&str) -> Option<Arc<SourceFile>>,
    ) -> Self {
        let file = file_of(&d.path);
        let position = |offset: u32| {
            let at = file.as_ref().map(|f| f.index.line_col(offset));
            at.map_or((1, 1), |at| (at.line + 1, at.col_utf8 + 1))
        };
        let (line, col, end_line, end_col) = match d.range {
            Some(range) => {
                let (line, col) = position(range.start);
                let (end_line, end_col) = position(range.end);
                (line, col, end_line, end_col)
            }
            None => (0, 0, 0, 0),
        };
        let elsewhere = d
            .related
            .iter()
            .filter(|r| r.path != d.path)
            .filter_map(|r| {
                let f = file_of(&r.path)?;
                let at = f.index.line_col(r.range.start);
                Some(format!(
                    "{}:{}:{}: {}",
                    r.path,
                    at.line + 1,
                    at.col_utf8 + 1,
                    r.message
                ))
            });
        let notes: Vec<String> = d.notes.iter().cloned().chain(elsewhere).collect();
        Diagnostic {
            path: d.path.clone(),
            cell: None,
            line,
            col,
            end_line,
            end_col,
            severity: d.severity,
            code: d.code.clone(),
            message: d.message.clone(),
            help: d.help.clone(),
            source_line: match (&file, line) {
                (Some(f), 1..) => source_line(f, line),
                _ => String::new(),
            },
            note: (!notes.is_empty()).then(|| notes.join("; ")),
            mode: d.mode(),
            entry: d.entry.clone(),
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

    /// Adds one file's diagnostics and entry verdicts, located in lines and
    /// columns of the files they are in.
    pub fn add_file(&mut self, found: diagnostics::FileDiagnostics, files: &Files) {
        let analysed = files.analysed().path.clone();
        let offset = self.diagnostics.len();
        for (d, shown) in found.diagnostics.iter().zip(found.shown) {
            self.diagnostics
                .push(Diagnostic::located(d, &|path| files.get(path)));
            self.shown.push(shown);
        }
        self.entries
            .extend(found.entries.into_iter().map(|v| EntryRun {
                path: analysed.clone(),
                entry: v.entry,
                cell: None,
                line: v.line,
                mode: v.mode,
                verdict: match v.verdict {
                    diagnostics::Verdict::Exports => Verdict::Exports,
                    diagnostics::Verdict::Fails(i) => Verdict::Fails(i + offset),
                    diagnostics::Verdict::Unjudged(why) => Verdict::Unjudged(why),
                },
            }));
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

/// A source line as written (1-based), without its line break and
/// trailing whitespace.
pub fn source_line(file: &SourceFile, line: u32) -> String {
    file.index
        .line_text(&file.text, line.saturating_sub(1))
        .trim_end()
        .to_string()
}
