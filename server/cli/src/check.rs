//! `exportlens check`: finds the files to check (`pyenv::files`), runs
//! every entry point in the requested modes and traces the module classes
//! no entry point reaches ([`analyze_modules`]), has `diagnostics::build`
//! turn each file's analysis into diagnostics (as the language server
//! does), with what the configuration (`select`, `ignore`,
//! `per-file-ignores`, `report-guards`) and suppression comments let
//! through, gathers them in a [`Report`] and prints it in the requested
//! format. The run fails (exit 1) when a shown diagnostic is an error: an
//! entry that fails to export, a syntax error, an unreadable file, an
//! invalid notebook; or when `--fix` could not write a file (`fix`).
//! Notebooks are checked as their code cells' text, and their diagnostics
//! placed in cells (`notebooks`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use diagnostics::files::Files;
use pyenv::files::WalkOptions;
use pyenv::filter::DiagnosticFilter;
use pyenv::settings::Settings;
use tracer::{Mode, TraceOutcome};

pub use diagnostics::ModeChoice;

use crate::analyze::{
    Analysis, analyze, analyze_without_entries, checked_resolution, config_folder, folder_of,
};
use crate::fix;
use crate::notebooks::{self, Source};
use crate::output::{self, ColorChoice, OutputFormat};
use crate::parallel;
use crate::report::Report;

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
    let mut filters: HashMap<PathBuf, Arc<DiagnosticFilter>> = HashMap::new();
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
            .or_insert_with(|| Arc::new(DiagnosticFilter::new(&settings)))
            .clone();
        let choice = opts
            .modes
            .unwrap_or_else(|| ModeChoice::from_setting(settings.mode));
        let absolute = std::path::absolute(f).unwrap_or_else(|_| f.clone());
        let modules = (!settings.modules_off)
            .then(|| diagnostics::settings::module_overrides(&settings, &absolute));
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
    Ok(report_with(analysis, choice, &settings, false))
}

/// The report of one file already analysed (its modules too, when
/// [`analyze_modules`] traced them), with `settings`' filters and the
/// suppression comments of the files it is in applied (unused ones
/// reported when `report_unused`); reads no configuration.
pub fn report_with(
    analysis: &Analysis,
    choice: ModeChoice,
    settings: &Settings,
    report_unused: bool,
) -> Report {
    let options = diagnostics::Options {
        modes: choice,
        filter: Some(Arc::new(DiagnosticFilter::new(settings))),
        report_unused_suppressions: report_unused,
        ..diagnostics::Options::default()
    };
    let mut report = Report {
        files_checked: 1,
        ..Report::default()
    };
    add_diagnostics(analysis, &options, &mut report);
    report
}

/// Adds the diagnostics of one file's analysis to `report`.
fn add_diagnostics(analysis: &Analysis, options: &diagnostics::Options, report: &mut Report) {
    let files = analysis.files();
    let input = diagnostics::FileInput {
        files: &files,
        entries: &analysis.entries,
        modules: &analysis.modules,
        options,
    };
    report.add_file(diagnostics::build(&input), &files);
}

/// Traces the module classes of an analysed file that none of its entry
/// points reaches, on assumed inputs and constructor arguments (as the
/// editor does), in the modes `choice` gives modules; `overrides`: how the
/// configuration builds and feeds them.
pub fn analyze_modules(
    analysis: &mut Analysis,
    choice: ModeChoice,
    overrides: &[tracer::entry::assumed::ModuleOverride],
) {
    let file = analysis.file.clone();
    let options = tracer::TraceOptions {
        workspace: Some(tracer::Workspace::new(
            Box::new(crate::analyze::DiskProvider),
            crate::analyze::import_roots(Path::new(&file.path)),
        )),
        ..tracer::TraceOptions::default()
    };
    let reached = diagnostics::build::reached_by_entries(&file, &analysis.entries, choice);
    analysis.modules = export::modules::analyze_modules(
        &file,
        &choice.for_module_traces(),
        &options,
        &reached,
        overrides,
        None,
    );
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
    filter: Arc<DiagnosticFilter>,
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
    let mut analysis = if tracer::may_hold_entry(&text) {
        let (analysis, written) = analyze_fixing(f, &path, &text, original.as_ref());
        report.unwritable += usize::from(!written);
        analysis
    } else if may_define_module(&text) {
        // Parsed for its syntax errors and modules only: no entry point.
        analyze_without_entries(&path, &text)
    } else {
        let no_entry = diagnostics::build::no_entry(&path);
        let shown = job.filter.reports(&no_entry.code, f);
        let found = diagnostics::FileDiagnostics {
            diagnostics: vec![no_entry],
            shown: vec![shown],
            entries: Vec::new(),
        };
        // Not parsed: the diagnostic is about the whole file.
        let unparsed = Files::new(tracer::SourceFile::parse(&path, ""), None);
        report.add_file(found, &unparsed);
        return Ok(report);
    };
    if let Some(overrides) = &job.modules {
        analyze_modules(&mut analysis, job.choice, overrides);
    }
    let options = diagnostics::Options {
        modes: job.choice,
        strict_analysis: opts.strict_analysis,
        filter: Some(job.filter.clone()),
        report_unused_suppressions: opts.report_unused_suppressions,
        ..diagnostics::Options::default()
    };
    add_diagnostics(&analysis, &options, &mut report);
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
