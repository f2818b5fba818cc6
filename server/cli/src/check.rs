//! `exportlens check`: finds the files to check (`pyenv::files`), runs
//! every entry point in the requested modes, turns the results into a
//! [`Report`] (failures, guards, notes, syntax errors), keeps what the
//! configuration (`select`, `ignore`, `per-file-ignores`, `report-guards`)
//! and suppression comments let through, and prints it in the requested
//! format. The run fails (exit 1) when a shown diagnostic is an error: an
//! entry that fails to export, a syntax error, an unreadable file, an
//! invalid notebook; or when `--fix` could not write a file (`fix`).
//! Notebooks are checked as their code cells' text, and their diagnostics
//! placed in cells (`notebooks`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use pyenv::files::WalkOptions;
use pyenv::settings::{ModeSetting, Settings};
use tracer::{Mode, TraceOutcome};

use crate::analyze::{
    Analysis, analyze, analyze_without_entries, checked_resolution, config_folder, folder_of,
};
use crate::fix;
use crate::notebooks::{self, Source};
use crate::output::{self, ColorChoice, OutputFormat};
use crate::parallel;
use crate::report::{Diagnostic, EntryRun, Report, Severity, Verdict};
use crate::suppress;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeChoice {
    /// What each export call asks for, else torch's default (non-strict).
    Default,
    Strict,
    NonStrict,
    Both,
}

impl ModeChoice {
    /// The choice the flags make, if they make one.
    pub fn from_flags(strict: bool, non_strict: bool, both: bool) -> Option<Self> {
        match (strict, non_strict, both) {
            (_, _, true) | (true, true, _) => Some(ModeChoice::Both),
            (true, false, _) => Some(ModeChoice::Strict),
            (false, true, _) => Some(ModeChoice::NonStrict),
            _ => None,
        }
    }

    fn from_setting(setting: Option<ModeSetting>) -> Self {
        match setting {
            Some(ModeSetting::Strict) => ModeChoice::Strict,
            Some(ModeSetting::NonStrict) => ModeChoice::NonStrict,
            Some(ModeSetting::Both) => ModeChoice::Both,
            None => ModeChoice::Default,
        }
    }
}

/// What `check` was asked for.
pub struct CheckOptions {
    /// From `--strict` / `--non-strict` / `--both`; else the configuration's
    /// `mode`, else what each export call asks for.
    pub modes: Option<ModeChoice>,
    pub format: OutputFormat,
    pub color: ColorChoice,
    /// Apply the suggested `dynamic_shapes` fixes to the files (`fix`).
    pub fix: bool,
    /// Count "analysis incomplete" as an error (exit 1), for CI that wants
    /// every entry point judged.
    pub strict_analysis: bool,
    /// Warn about suppression comments that hid nothing.
    pub report_unused_suppressions: bool,
}

/// Checks `paths`; true when the run fails (exit status 1).
pub fn run(paths: &[PathBuf], opts: &CheckOptions) -> Result<bool> {
    // Each path is walked with the configuration that applies to it.
    let mut discovered = pyenv::files::Discovered::default();
    for path in paths {
        let resolution = checked_resolution(config_folder(path))?;
        let settings = resolution.project.as_ref().map(|p| &p.settings);
        let options = WalkOptions::from_settings(settings, Path::new("."));
        pyenv::files::python_files(path, &options, &mut discovered)?;
    }
    for skipped in &discovered.skipped {
        eprintln!("{}: warning: {skipped}", skipped.path().display());
    }
    // The settings of every file first (a configuration error stops the
    // run before any file is analysed), then the files in parallel.
    let mut filters: HashMap<PathBuf, Arc<Filter>> = HashMap::new();
    let mut jobs = Vec::with_capacity(discovered.files.len());
    for f in &discovered.files {
        let resolution = checked_resolution(folder_of(f))?;
        let settings = resolution
            .project
            .as_ref()
            .map(|p| &p.settings)
            .cloned()
            .unwrap_or_default();
        let filter = filters
            .entry(settings.file.clone())
            .or_insert_with(|| Arc::new(Filter::new(&settings)))
            .clone();
        let choice = opts
            .modes
            .unwrap_or_else(|| ModeChoice::from_setting(settings.mode));
        let absolute = std::path::absolute(f).unwrap_or_else(|_| f.clone());
        let modules =
            (!settings.modules_off).then(|| lsp::analysis::module_overrides(&settings, &absolute));
        jobs.push(FileJob {
            path: f.clone(),
            filter,
            choice,
            modules,
        });
    }
    if jobs.len() > 1 {
        crate::analyze::expect_more_files();
    }
    let mut report = Report::default();
    for part in parallel::map_in_order(&jobs, |job| check_file(job, opts)) {
        report.append(part?);
    }
    widen_to_lines(&mut report);
    output::print(&report, opts.format, opts.color)?;
    Ok(report.failed())
}

/// What `check` reports of one file already analysed, with the file's
/// configuration (its `mode` unless `modes` says, its filters) and
/// suppression comments applied: `export` and `run` exit as `check` on
/// the file would (1 when [`Report::failed`]) and say its syntax errors.
pub fn report_of(analysis: &Analysis, path: &str, modes: Option<ModeChoice>) -> Result<Report> {
    let resolution = checked_resolution(folder_of(Path::new(path)))?;
    let settings = resolution
        .project
        .as_ref()
        .map(|p| &p.settings)
        .cloned()
        .unwrap_or_default();
    let choice = modes.unwrap_or_else(|| ModeChoice::from_setting(settings.mode));
    Ok(report_with(analysis, path, choice, &settings, false))
}

/// The report of one file already analysed, with `settings`' filters and
/// the file's suppression comments applied (unused ones reported when
/// `report_unused`); reads no configuration. [`widen_to_lines`] then
/// locates it as `check` prints it (the pipeline fuzzer renders it so in
/// every output format).
pub fn report_with(
    analysis: &Analysis,
    path: &str,
    choice: ModeChoice,
    settings: &Settings,
    report_unused: bool,
) -> Report {
    let mut report = Report {
        files_checked: 1,
        ..Report::default()
    };
    report_file(analysis, path, choice, false, &mut report);
    dedupe_notes(&mut report, 0);
    Filter::new(settings).apply(&mut report, 0);
    apply_suppressions(analysis, path, 0, report_unused, &mut report);
    report
}

/// Diagnostics that only know their line underline the line's code, as
/// `check` prints them.
pub fn widen_to_lines(report: &mut Report) {
    report.diagnostics.iter_mut().for_each(widen_to_line);
}

/// Says on stderr the syntax errors `report` shows (`export` and `run`
/// print programs and runs, not diagnostics, on stdout).
pub fn say_syntax_errors(report: &Report) {
    for d in report.visible().filter(|d| d.code == "syntax") {
        eprintln!("{}: error[syntax] {}", d.location(), d.message);
    }
}

/// One file to check, with what its configuration says.
struct FileJob {
    path: PathBuf,
    filter: Arc<Filter>,
    choice: ModeChoice,
    /// How the configuration builds and feeds module classes
    /// (`[tool.exportlens.modules.NAME]`); `None`: `modules = false`.
    modules: Option<Vec<tracer::entry::assumed::ModuleOverride>>,
}

/// The report of one file. A file that cannot be read does not stop the
/// others; one whose text cannot hold an entry point or a module is not
/// parsed.
fn check_file(job: &FileJob, opts: &CheckOptions) -> Result<Report> {
    let mut report = Report::default();
    let f = &job.path;
    let fix = opts.fix && !notebooks::is_notebook(f);
    let (text, original, cells) = match notebooks::read(f) {
        Ok(Source::Python(original)) if fix => (original.text.clone(), Some(original), None),
        Ok(Source::Python(original)) => (original.text, None, None),
        Ok(Source::Notebook(cells)) => (cells.text.clone(), None, Some(cells)),
        Ok(Source::Unchecked(d)) => {
            report.push(d);
            report.files_checked = 1;
            return Ok(report);
        }
        Err(e) => {
            eprintln!("{}: error: {e:#}", f.display());
            report.unreadable += 1;
            return Ok(report);
        }
    };
    let path = f.display().to_string();
    report.files_checked = 1;
    if opts.fix && cells.is_some() {
        eprintln!("{path}: warning: `--fix` does not edit notebooks; fixes are shown only");
    }
    let analysis = if tracer::may_hold_entry(&text) {
        let (analysis, written) = analyze_fixing(f, &path, &text, original.as_ref());
        report.unwritable += usize::from(!written);
        analysis
    } else if may_define_module(&text) {
        // Parsed for its syntax errors only: no entry point to trace.
        analyze_without_entries(&path, &text)
    } else {
        report.push(no_entry(&path));
        job.filter.apply(&mut report, 0);
        return Ok(report);
    };
    report_file(
        &analysis,
        &path,
        job.choice,
        opts.strict_analysis,
        &mut report,
    );
    if analysis.entries.is_empty()
        && let Some(overrides) = &job.modules
    {
        module_findings(&analysis, f, &path, job.choice, overrides, &mut report);
    }
    dedupe_notes(&mut report, 0);
    job.filter.apply(&mut report, 0);
    apply_suppressions(
        &analysis,
        &path,
        0,
        opts.report_unused_suppressions,
        &mut report,
    );
    if let Some(cells) = &cells {
        notebooks::map_to_cells(&mut report, 0, &path, cells);
    }
    Ok(report)
}

/// Whether a file's text may define an `nn.Module` (any class deriving
/// from one names `Module` or imports a base that does; the base's own
/// file is then checked for it).
fn may_define_module(text: &str) -> bool {
    text.contains("Module")
}

/// The analysis of `f`, after applying its suggested fixes when given
/// the file's `original` contents to fix: a fix can uncover the next
/// violation (torch's `min=5` leaves a guard that excludes 5), so fixes are
/// applied again while some apply, then the file is written once. False
/// when it could not be written (said on stderr): the file is unchanged,
/// and so is the analysis returned.
fn analyze_fixing(
    f: &Path,
    path: &str,
    text: &str,
    original: Option<&fix::Original>,
) -> (Analysis, bool) {
    let all = [Mode::Strict, Mode::NonStrict];
    let first = analyze(path, text, &all);
    let Some(original) = original else {
        return (first, true);
    };
    let mut fixed: Option<(fix::Original, Analysis)> = None;
    let mut applied = Vec::new();
    for _ in 0..FIX_ROUNDS {
        let (base, analysis) = match &fixed {
            Some((contents, analysis)) => (contents, analysis),
            None => (original, &first),
        };
        let fixes = fixes_of(analysis);
        let edits = export::fixes::fix_edits(&analysis.file, &fixes);
        if edits.is_empty() {
            break;
        }
        match base.apply(&edits) {
            Ok(bytes) => {
                let contents = fix::Original::new(bytes);
                let analysis = analyze(path, &contents.text, &all);
                fixed = Some((contents, analysis));
                applied.push(fixes.join("; "));
            }
            Err(e) => {
                eprintln!("{path}: warning: fix not applied: {e:#}");
                break;
            }
        }
    }
    let Some((contents, analysis)) = fixed else {
        return (first, true);
    };
    if let Err(e) = fix::replace(f, &contents.bytes) {
        eprintln!("{path}: error: {e:#}; the file is unchanged");
        return (first, false);
    }
    for fixes in applied {
        eprintln!("fixed {}: {fixes}", f.display());
    }
    (analysis, true)
}

/// What the configuration lets through, for the files of one
/// configuration file.
struct Filter(pyenv::filter::DiagnosticFilter);

impl Filter {
    fn new(settings: &Settings) -> Self {
        Filter(pyenv::filter::DiagnosticFilter::new(settings))
    }

    /// Hides the diagnostics from `first` on that the configuration drops.
    fn apply(&self, report: &mut Report, first: usize) {
        for i in first..report.diagnostics.len() {
            let d = &report.diagnostics[i];
            report.shown[i] &= self.0.reports(&d.code, Path::new(&d.path));
        }
    }
}

/// Notes about the analysis itself repeat once per mode: show each once.
fn dedupe_notes(report: &mut Report, first: usize) {
    let mut seen = std::collections::HashSet::new();
    for i in first..report.diagnostics.len() {
        let d = &report.diagnostics[i];
        if d.severity == Severity::Hint
            && !seen.insert((d.path.clone(), d.line, d.col, d.message.clone()))
        {
            report.shown[i] = false;
        }
    }
}

/// Applies the suppression comments of every file the diagnostics from
/// `first` on are in (the checked file, and files it imports); unused ones
/// are reported for the checked file only.
fn apply_suppressions(
    analysis: &Analysis,
    path: &str,
    first: usize,
    report_unused: bool,
    report: &mut Report,
) {
    let mut paths: Vec<String> = report.diagnostics[first..]
        .iter()
        .map(|d| d.path.clone())
        .filter(|p| p != path)
        .collect();
    paths.sort();
    paths.dedup();
    for other in paths {
        let (_, file) = located(analysis, path, Some(&other));
        let comments = suppress::suppressions(&file.text);
        suppress::apply(report, &other, comments, |l| raw_line(&file, l), false);
    }
    let file = &analysis.file;
    let comments = suppress::suppressions(&file.text);
    suppress::apply(report, path, comments, |l| raw_line(file, l), report_unused);
}

/// A source line as written (1-based), without its newline.
fn raw_line(file: &tracer::SourceFile, line: u32) -> String {
    file.index
        .line_text(&file.text, line.saturating_sub(1))
        .trim_end()
        .to_string()
}

/// What `check` says of a file without an entry point: said once per
/// file, so that a checked folder shows what was not checked; not a
/// failure.
fn no_entry(path: &str) -> Diagnostic {
    Diagnostic::on_line(
        path,
        0,
        (0, 0),
        Severity::Info,
        "no-entry",
        "no export entry point: nothing to check",
    )
}

/// What a model file without an export entry point says, module by
/// module (as the editor shows it): each `nn.Module` class traced on
/// assumed inputs and constructor arguments, and the failures that hold
/// whatever was assumed (data-dependent decisions, graph breaks) as
/// warnings naming the assumption. `modules = false` in the configuration
/// turns this off.
fn module_findings(
    analysis: &Analysis,
    file_path: &Path,
    path: &str,
    choice: ModeChoice,
    overrides: &[tracer::entry::assumed::ModuleOverride],
    report: &mut Report,
) {
    let modes: Vec<Mode> = match choice {
        ModeChoice::Strict => vec![Mode::Strict],
        ModeChoice::Both => vec![Mode::Strict, Mode::NonStrict],
        ModeChoice::NonStrict | ModeChoice::Default => vec![Mode::NonStrict],
    };
    let options = tracer::TraceOptions {
        workspace: Some(tracer::Workspace::new(
            Box::new(crate::analyze::DiskProvider),
            crate::analyze::import_roots(file_path),
        )),
        ..tracer::TraceOptions::default()
    };
    let analyses = export::modules::analyze_modules(
        &analysis.file,
        &modes,
        &options,
        &|_| false,
        overrides,
        None,
    );
    for a in &analyses {
        let Some(m) = a.module() else { continue };
        for r in &a.runs {
            let mut run = EntryRun {
                path: path.to_string(),
                entry: format!("{} (module)", a.entry.name),
                cell: None,
                line: a.entry.line,
                mode: r.mode,
                verdict: Verdict::Exports,
            };
            let TraceOutcome::Failed(fl) = &r.outcome else {
                report.entries.push(run);
                continue;
            };
            if fl.path.is_some() || !export::modules::shown_failure(m, fl) {
                run.verdict =
                    Verdict::Unjudged(format!("analysed on assumed inputs: {}", m.assumption()));
                report.entries.push(run);
                continue;
            }
            let line = fl.line.unwrap_or(a.entry.line);
            let mode = if modes.len() > 1 {
                format!(" ({})", r.mode.key())
            } else {
                String::new()
            };
            let mut d = Diagnostic::on_line(
                path,
                line,
                (1, 2),
                Severity::Warning,
                fl.code(),
                format!("{}{mode}", fl.message.lines().next().unwrap_or_default()),
            );
            d.help = Some(format!(
                "module `{}` analysed on assumed inputs: {} (no export entry point reaches it)",
                a.entry.name,
                m.assumption()
            ));
            d.source_line = raw_line(&analysis.file, line);
            d.mode = Some(r.mode);
            d.entry = Some(a.entry.name.clone());
            run.verdict = Verdict::Fails(report.push(d));
            report.entries.push(run);
        }
    }
}

/// How many times `check --fix` re-analyses a file it fixed.
const FIX_ROUNDS: usize = 3;

/// The fixes to apply: torch's suggested ones, or where torch suggests
/// none, exportlens's further ones.
fn fixes_of(analysis: &Analysis) -> Vec<String> {
    let mut fixes: Vec<String> = Vec::new();
    for (_, runs) in &analysis.entries {
        for r in runs {
            if let TraceOutcome::Failed(fl) = &r.outcome {
                let own = if fl.suggested_fixes.is_empty() {
                    &fl.further_fixes
                } else {
                    &fl.suggested_fixes
                };
                for x in own {
                    if !fixes.contains(x) {
                        fixes.push(x.clone());
                    }
                }
            }
        }
    }
    fixes
}

/// The file a failure, guard or note is located in: the analysed file, or
/// one it imports (`path` set by the tracer).
fn located(
    analysis: &Analysis,
    path: &str,
    other: Option<&str>,
) -> (String, Arc<tracer::SourceFile>) {
    other
        .and_then(|p| {
            analysis
                .workspace
                .load(Path::new(p))
                .map(|f| (p.to_string(), f))
        })
        .unwrap_or_else(|| (path.to_string(), analysis.file.clone()))
}

/// The syntax errors of the analysed file, where the parser saw them.
fn syntax_diagnostics(file: &tracer::SourceFile, path: &str, report: &mut Report) {
    for e in &file.syntax_errors {
        let start = file.index.line_col(e.range.start);
        let (end_line, end_col) = if e.range.end > e.range.start {
            let end = file.index.line_col(e.range.end);
            (end.line + 1, end.col_utf8 + 1)
        } else {
            (start.line + 1, start.col_utf8 + 2)
        };
        let mut d = Diagnostic::on_line(
            path,
            start.line + 1,
            (start.col_utf8 + 1, end_col),
            Severity::Error,
            "syntax",
            e.message.clone(),
        );
        d.end_line = end_line;
        d.source_line = raw_line(file, start.line + 1);
        report.push(d);
    }
}

/// Turns one file's analysis into diagnostics and entry verdicts.
fn report_file(
    analysis: &Analysis,
    path: &str,
    choice: ModeChoice,
    strict_analysis: bool,
    report: &mut Report,
) {
    syntax_diagnostics(&analysis.file, path, report);
    if analysis.entries.is_empty() {
        report.push(no_entry(path));
    }
    for (entry, runs) in &analysis.entries {
        let wanted: Vec<Mode> = match choice {
            ModeChoice::Strict => vec![Mode::Strict],
            ModeChoice::NonStrict => vec![Mode::NonStrict],
            ModeChoice::Both => vec![Mode::Strict, Mode::NonStrict],
            ModeChoice::Default => match entry.strict_request() {
                Some(true) => vec![Mode::Strict],
                _ => vec![Mode::NonStrict],
            },
        };
        let label = |m: Mode| {
            if wanted.len() > 1 {
                format!(" ({})", m.key())
            } else {
                String::new()
            }
        };
        let draft = export::draft::is_draft(entry);
        for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
            let mut verdict = Verdict::Exports;
            // draft_export completes despite these: its issues are warnings.
            let issues = if draft {
                export::draft::tolerated(r)
            } else {
                None
            };
            if let Some(issues) = &issues {
                for issue in issues {
                    let (ipath, file) = located(analysis, path, issue.path.as_deref());
                    let line = issue.line.unwrap_or(entry.line);
                    let mut d = Diagnostic::on_line(
                        ipath,
                        line,
                        (1, 2),
                        Severity::Warning,
                        "draft-export",
                        format!("{}: {}{}", issue.kind, issue.message, label(r.mode)),
                    );
                    d.source_line = raw_line(&file, line);
                    d.mode = Some(r.mode);
                    d.entry = Some(entry.name.clone());
                    report.push(d);
                }
            } else if let TraceOutcome::Failed(fl) = &r.outcome {
                let error = fl.is_verdict() || strict_analysis;
                let (fpath, file) = located(analysis, path, fl.path.as_deref());
                let (line, col, end_line, end_col) = match fl.range {
                    Some(range) if range.end > 0 => {
                        let lc = file.index.line_col(range.start);
                        let end = file.index.line_col(range.end);
                        let line = fl.line.unwrap_or(lc.line + 1);
                        if end.line == lc.line {
                            (line, lc.col_utf8 + 1, line, end.col_utf8 + 1)
                        } else if line == lc.line + 1 {
                            (line, lc.col_utf8 + 1, end.line + 1, end.col_utf8 + 1)
                        } else {
                            (line, lc.col_utf8 + 1, line, lc.col_utf8 + 2)
                        }
                    }
                    _ => {
                        let line = fl.line.unwrap_or(entry.line);
                        (line, 1, line, 2)
                    }
                };
                let mut help = fl.hint.clone();
                if !fl.suggested_fixes.is_empty() {
                    help = Some(format!(
                        "suggested fixes: {}",
                        fl.suggested_fixes.join("; ")
                    ));
                }
                let note = (fpath != path).then(|| {
                    let col = analysis.file.index.line_col(entry.range.start).col_utf8 + 1;
                    format!(
                        "{path}:{}:{col}: export entry point `{}` reaches this",
                        entry.line, entry.name
                    )
                });
                let severity = if error {
                    Severity::Error
                } else {
                    Severity::Warning
                };
                let mut d = Diagnostic::on_line(
                    fpath,
                    line,
                    (col, end_col),
                    severity,
                    fl.code(),
                    format!("{}{}", fl.message, label(r.mode)),
                );
                d.end_line = end_line;
                d.help = help;
                d.source_line = raw_line(&file, line);
                d.note = note;
                d.mode = Some(r.mode);
                d.entry = Some(entry.name.clone());
                let index = report.push(d);
                verdict = if error {
                    Verdict::Fails(index)
                } else {
                    Verdict::Unjudged(fl.message.clone())
                };
            }
            report.entries.push(EntryRun {
                path: path.to_string(),
                entry: entry.name.clone(),
                cell: None,
                line: entry.line,
                mode: r.mode,
                verdict,
            });
            for g in &r.guards {
                let Some(line) = g.line else { continue };
                let (gpath, file) = located(analysis, path, g.path.as_deref());
                let mut d = Diagnostic::on_line(
                    gpath,
                    line,
                    (1, 2),
                    Severity::Info,
                    "guard",
                    format!("guard `{}`{}", g.expr, label(r.mode)),
                );
                d.source_line = raw_line(&file, line);
                d.mode = Some(r.mode);
                d.entry = Some(entry.name.clone());
                report.push(d);
            }
            for n in &r.notes {
                let (npath, file) = located(analysis, path, n.path.as_deref());
                let lc = file.index.line_col(n.range.start);
                let mut d = Diagnostic::on_line(
                    npath,
                    lc.line + 1,
                    (lc.col_utf8 + 1, lc.col_utf8 + 2),
                    Severity::Hint,
                    "incomplete",
                    n.message.clone(),
                );
                d.source_line = raw_line(&file, lc.line + 1);
                d.entry = Some(entry.name.clone());
                report.push(d);
            }
        }
    }
}

/// Diagnostics that only know their line underline the line's code.
fn widen_to_line(d: &mut Diagnostic) {
    if d.col == 1 && d.end_col <= 2 && d.end_line == d.line && !d.source_line.trim().is_empty() {
        let indent = d.source_line.len() - d.source_line.trim_start().len();
        d.col = indent as u32 + 1;
        d.end_col = d.source_line.trim_end().len() as u32 + 1;
    }
}
