//! The one builder of diagnostics, for `check` and the language server:
//! [`build`] turns a file's analysis into its [`FileDiagnostics`].
//!
//! In order: the file's syntax errors; "no entry point" when it has none;
//! per entry point and reported mode, its failure (or draft export's
//! tolerated issues), guards and notes (`entries`); per module traced on
//! assumed inputs, what fails whatever was assumed and what its code
//! requires of any input (`modules`). Diagnostics found in several modes
//! (or by several entries) are then merged into one, which says its modes
//! when not every reported mode has it; the configuration's filter and the
//! suppression comments decide what is shown.

mod entries;
mod modules;
mod quick_fixes;

pub use modules::{reached_by_entries, traced_by_entries};

use std::collections::HashMap;
use std::sync::Arc;

use export::modules::ModuleAnalysis;
use tracer::{EntryPoint, Mode, TraceResult};

use crate::files::Files;
use crate::model::{Diagnostic, EntryVerdict, FileDiagnostics, Severity, Verdict};
use crate::modes::{ModeChoice, label};

/// What the front end (and the project's configuration) asks of the
/// diagnostics.
#[derive(Clone, Debug)]
pub struct Options {
    pub modes: ModeChoice,
    /// The severity guards are reported with; `None`: not reported.
    pub guards: Option<Severity>,
    /// "Analysis incomplete" is an error (`check --strict-analysis`).
    pub strict_analysis: bool,
    /// What the configuration lets through (`select`, `ignore`, ...).
    pub filter: Option<Arc<pyenv::filter::DiagnosticFilter>>,
    /// The configuration excludes the file: only its syntax errors show.
    pub excluded: bool,
    /// Warn about suppression comments that hid nothing.
    pub report_unused_suppressions: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            modes: ModeChoice::Default,
            guards: Some(Severity::Info),
            strict_analysis: false,
            filter: None,
            excluded: false,
            report_unused_suppressions: false,
        }
    }
}

/// One file's analysis.
pub struct FileInput<'a> {
    /// The analysed file and the files its analysis imported.
    pub files: &'a Files,
    /// Every entry point with its traces (modes not reported are skipped).
    pub entries: &'a [(EntryPoint, Vec<TraceResult>)],
    /// The modules traced on assumed inputs.
    pub modules: &'a [ModuleAnalysis],
    pub options: &'a Options,
}

/// What "no entry point" says of a file: about the whole file, said once
/// so that a checked folder shows what was not checked; not a failure.
pub fn no_entry(path: &str) -> Diagnostic {
    Diagnostic::new(
        path,
        None,
        Severity::Info,
        "no-entry",
        "no export entry point: nothing to check",
    )
}

/// A notebook that is not valid nbformat 4 JSON, at the problem (`range`
/// in the JSON text): an error, as a syntax error is.
pub fn invalid_notebook(path: &str, range: syntax::TextRange, message: String) -> Diagnostic {
    Diagnostic::new(
        path,
        Some(range),
        Severity::Error,
        "invalid-notebook",
        message,
    )
}

/// A notebook of another kernel language: not checked, said once.
pub fn not_python(path: &str, language: Option<&str>) -> Diagnostic {
    Diagnostic::new(
        path,
        None,
        Severity::Info,
        "no-entry",
        format!(
            "a notebook in {}, not Python: nothing to check",
            language.unwrap_or("another language")
        ),
    )
}

/// What an analysis that could not finish (a panic) says, at the top of
/// the file.
pub fn internal_error(path: &str, what: &str) -> Diagnostic {
    Diagnostic::new(
        path,
        Some(syntax::TextRange::new(0, 0)),
        Severity::Error,
        "internal-error",
        format!(
            "exportlens internal error while analysing this file: {what} (please report it; other files are unaffected)"
        ),
    )
}

/// The diagnostics of one file's analysis, merged across modes and
/// entries, with what the configuration and the suppression comments
/// show.
pub fn build(input: &FileInput) -> FileDiagnostics {
    let mut found = Found::default();
    let file = input.files.analysed();
    syntax_errors(file, &mut found);
    if input.entries.is_empty() {
        found.add(no_entry(&file.path));
    }
    for (entry, runs) in input.entries {
        entries::entry(input, entry, runs, &mut found);
    }
    for analysis in reported_modules(input) {
        modules::module(input, analysis, &mut found);
    }
    let mut built = found.merge(&reported_modes(input));
    show(&mut built, input.options);
    crate::suppress::apply(
        &mut built,
        input.files,
        input.options.report_unused_suppressions,
    );
    built
}

/// What a file's text says before anything is traced: its syntax errors,
/// shown as [`build`] shows them (the configuration's filter, suppression
/// comments). The language server publishes them first on opening a
/// file, while its entry points are traced.
pub fn syntax_only(files: &Files, options: &Options) -> FileDiagnostics {
    let mut found = Found::default();
    syntax_errors(files.analysed(), &mut found);
    let mut built = found.merge(&[]);
    show(&mut built, options);
    crate::suppress::apply(&mut built, files, false);
    built
}

fn syntax_errors(file: &tracer::SourceFile, found: &mut Found) {
    for e in &file.syntax_errors {
        let range = crate::files::nonempty(file, e.range);
        found.add(Diagnostic::new(
            &file.path,
            Some(range),
            Severity::Error,
            "syntax",
            e.message.clone(),
        ));
    }
}

/// The modules analysed on assumed inputs that no entry point reaches
/// (the editor also traces those an entry runs only in non-strict mode,
/// for their shapes: they are not reported).
fn reported_modules<'a>(input: &'a FileInput) -> impl Iterator<Item = &'a ModuleAnalysis> {
    let file = input.files.analysed();
    let reached = reached_by_entries(file, input.entries, input.options.modes);
    input.modules.iter().filter(move |m| !reached(&m.entry))
}

/// Every mode some diagnostic of the file can be about.
fn reported_modes(input: &FileInput) -> Vec<Mode> {
    let mut all = Vec::new();
    let modules = reported_modules(input)
        .any(|m| !m.runs.is_empty())
        .then(|| input.options.modes.for_modules());
    let entries = input
        .entries
        .iter()
        .map(|(e, _)| input.options.modes.for_entry(e));
    for m in entries.chain(modules).flatten() {
        if !all.contains(&m) {
            all.push(m);
        }
    }
    all
}

/// What the configuration shows: everything but what its filter drops;
/// only syntax errors in a file it excludes.
fn show(built: &mut FileDiagnostics, options: &Options) {
    for (d, shown) in built.diagnostics.iter().zip(built.shown.iter_mut()) {
        let reported = if options.excluded {
            d.code == "syntax"
        } else {
            options
                .filter
                .as_ref()
                .is_none_or(|f| f.reports(&d.code, std::path::Path::new(&d.path)))
        };
        *shown &= reported;
    }
}

/// Diagnostics and verdicts as found, before merging.
#[derive(Default)]
struct Found {
    diagnostics: Vec<Diagnostic>,
    verdicts: Vec<(EntryVerdict, Option<usize>)>,
}

impl Found {
    /// Adds a diagnostic; returns its index among those found.
    fn add(&mut self, d: Diagnostic) -> usize {
        self.diagnostics.push(d);
        self.diagnostics.len() - 1
    }

    /// One entry's verdict in one mode; `Fails` names the index [`add`]
    /// returned, renumbered when merged.
    fn verdict(&mut self, entry: String, line: u32, mode: Mode, verdict: Verdict) {
        let failure = match verdict {
            Verdict::Fails(i) => Some(i),
            Verdict::Exports | Verdict::Unjudged(_) => None,
        };
        let verdict = EntryVerdict {
            entry,
            line,
            mode,
            verdict,
        };
        self.verdicts.push((verdict, failure));
    }

    /// Merges identical diagnostics (same file, range, code and message)
    /// into the first, with the modes of all; says the modes of those
    /// that do not hold in every mode of `all`.
    fn merge(self, all: &[Mode]) -> FileDiagnostics {
        type Key = (String, Option<syntax::TextRange>, String, String);
        let mut merged: Vec<Diagnostic> = Vec::new();
        let mut at: HashMap<Key, usize> = HashMap::new();
        let mut moved = Vec::with_capacity(self.diagnostics.len());
        for d in self.diagnostics {
            let key = (d.path.clone(), d.range, d.code.clone(), d.message.clone());
            match at.get(&key) {
                Some(&i) => {
                    let into = &mut merged[i];
                    for m in d.modes {
                        if !into.modes.contains(&m) {
                            into.modes.push(m);
                        }
                    }
                    if into.fixes.is_empty() {
                        into.fixes = d.fixes;
                    }
                    moved.push(i);
                }
                None => {
                    at.insert(key, merged.len());
                    moved.push(merged.len());
                    merged.push(d);
                }
            }
        }
        for d in &mut merged {
            if !d.modes.is_empty() && d.modes.len() < all.len() {
                let label = label(&d.modes);
                match d.message.find('\n') {
                    Some(i) => d.message.insert_str(i, &label),
                    None => d.message.push_str(&label),
                }
            }
        }
        let entries = self
            .verdicts
            .into_iter()
            .map(|(mut v, failure)| {
                if let Some(i) = failure {
                    v.verdict = Verdict::Fails(moved[i]);
                }
                v
            })
            .collect();
        FileDiagnostics {
            shown: vec![true; merged.len()],
            diagnostics: merged,
            entries,
        }
    }
}
