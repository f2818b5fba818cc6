//! The diagnostics model: a [`Diagnostic`] located by a byte range in the
//! text of its file (the analysed file, or a file it imports), with the
//! modes it holds in, its help and notes, the places related to it and the
//! fixes it offers; and what each entry point does in each mode
//! ([`EntryVerdict`], for JUnit). Front ends render it; nothing here knows
//! a protocol or an output format.

use syntax::TextRange;
use tracer::Mode;

pub use crate::fixes::ByteEdit;

/// How bad a diagnostic is. `Error` fails `check` (exit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file it is in: the analysed file's path, or the path of a file
    /// the analysis imported.
    pub path: String,
    /// Byte range in the text of `path`; `None` for a diagnostic about the
    /// whole file (no entry point to check).
    pub range: Option<TextRange>,
    pub severity: Severity,
    pub code: String,
    /// Its first line is the headline (with the modes it holds in, when
    /// not every reported mode has it); further lines are torch's.
    pub message: String,
    /// What to do about it (torch's suggested fixes, a hint).
    pub help: Option<String>,
    /// What the reader must know to judge it (what a module was assumed
    /// to be called with).
    pub notes: Vec<String>,
    /// Other places that explain it: the entry point whose trace reached
    /// it, the module analysed on assumed inputs.
    pub related: Vec<Related>,
    /// Quick fixes: edits of the analysed file.
    pub fixes: Vec<Fix>,
    /// The modes it holds in (none for syntax errors and file notes).
    pub modes: Vec<Mode>,
    /// The entry point (or `Name (module)`) whose trace found it.
    pub entry: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with nothing but its place, severity, code and message.
    pub fn new(
        path: impl Into<String>,
        range: Option<TextRange>,
        severity: Severity,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            path: path.into(),
            range,
            severity,
            code: code.into(),
            message: message.into(),
            help: None,
            notes: Vec::new(),
            related: Vec::new(),
            fixes: Vec::new(),
            modes: Vec::new(),
            entry: None,
        }
    }

    /// The one mode it is about, if it holds in exactly one.
    pub fn mode(&self) -> Option<Mode> {
        match self.modes[..] {
            [mode] => Some(mode),
            _ => None,
        }
    }

    /// The documentation page of its code (graph-break codes have one).
    pub fn url(&self) -> Option<String> {
        rules::url(&self.code)
    }

    /// The message with its help and notes, one per line, as one text (for
    /// front ends that show a single text: the editor's hover on a
    /// diagnostic).
    pub fn full_message(&self) -> String {
        let mut text = self.message.clone();
        if let Some(help) = &self.help {
            text.push_str("\nhelp: ");
            text.push_str(help);
        }
        for note in &self.notes {
            text.push('\n');
            text.push_str(note);
        }
        text
    }
}

/// A place related to a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub path: String,
    /// Byte range in the text of `path`.
    pub range: TextRange,
    pub message: String,
}

/// A quick fix: edits of the analysed file, under a title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<ByteEdit>,
    /// The fix an editor applies on "fix this" without asking.
    pub preferred: bool,
}

/// What torch.export does with one entry point in one mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Exports,
    /// Fails: the index of its diagnostic in [`FileDiagnostics::diagnostics`].
    Fails(usize),
    /// The tracer could not tell (analysis incomplete), with why.
    Unjudged(String),
}

/// One entry point (or module traced on assumed inputs) in one mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryVerdict {
    /// Its name (`Name (module)` for a module).
    pub entry: String,
    /// 1-based line of the entry point in the analysed file.
    pub line: u32,
    pub mode: Mode,
    pub verdict: Verdict,
}

/// Everything one file's analysis says.
#[derive(Clone, Debug, Default)]
pub struct FileDiagnostics {
    pub diagnostics: Vec<Diagnostic>,
    /// Parallel to `diagnostics`: false when the configuration or a
    /// suppression comment hides it (hidden ones stay, so that an entry's
    /// verdict can still point at its failure).
    pub shown: Vec<bool>,
    pub entries: Vec<EntryVerdict>,
}

impl FileDiagnostics {
    /// The diagnostics shown, in order.
    pub fn visible(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .zip(&self.shown)
            .filter_map(|(d, shown)| shown.then_some(d))
    }

    /// Adds a diagnostic, shown; returns its index.
    pub fn push(&mut self, diagnostic: Diagnostic) -> usize {
        self.diagnostics.push(diagnostic);
        self.shown.push(true);
        self.diagnostics.len() - 1
    }
}
