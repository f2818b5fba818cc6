//! One analysis of one document snapshot, on a blocking worker thread.
//!
//! The tracer's values hold `Rc`s and never leave the worker: [`analyze`]
//! parses the snapshot's text, traces every entry point in the modes the
//! settings ask for, and converts everything the handlers need into plain
//! `Send` data ([`FileAnalysis`]): LSP diagnostics, the hover table, inlay
//! hints, code actions with their edits, code lenses and the exported
//! programs' text. Positions are converted here, in the negotiated
//! encoding, against the snapshot's rope, so they match the version the
//! result is published for.
//!
//! A panic anywhere inside is caught and becomes one diagnostic
//! ("exportlens internal error ...") instead of taking the server down.

use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ropey::Rope;
use syntax::ast::{ExprKind, Stmt, StmtKind};
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeDescription, CodeLens, Command, Diagnostic,
    DiagnosticRelatedInformation, DiagnosticSeverity, InlayHint, InlayHintKind, InlayHintLabel,
    Location, NumberOrString, Range, TextEdit, Uri, WorkspaceEdit,
};
use tracer::entry::{EntryKind, TracedProgram};
use tracer::graph::{InputKind, MetaVal, NodeOp};
use tracer::{EntryPoint, FailureKind, Mode, SourceFile, TraceOutcome, TraceResult};

use crate::config::{Config, ModeSetting};
use crate::fixes::{self, ByteEdit};
use crate::position::{Encoding, byte_range, byte_to_position, line_range};

/// The command behind the "Show exported program" code lens.
pub const SHOW_PROGRAM_COMMAND: &str = "exportlens.showExportedProgram";

/// What the worker needs: the text at one version, and the settings.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub uri: Uri,
    /// The path shown in printed programs (`# File: ...`).
    pub path: String,
    pub version: i32,
    pub generation: u64,
    pub rope: Rope,
    pub encoding: Encoding,
    pub config: Config,
    /// The syntax tree of the previous text, edited to match this one.
    pub tree: Option<syntax::Tree>,
    /// Where imports are read from; `None`: local imports are unknown.
    pub imports: Option<crate::workspace::Imports>,
    /// The document's lowered statements of earlier analyses, if it keeps them.
    pub lowered: Option<Arc<Mutex<syntax::StmtCache>>>,
    /// The document's module analyses of earlier versions, if it keeps them.
    pub modules: Option<Arc<Mutex<export::modules::ModuleCache>>>,
    /// What the project's configuration file says of this document.
    pub project: ProjectRules,
}

/// What a project's `[tool.exportlens]` (or exportlens.toml) says of one
/// document, as `exportlens check` applies it: which diagnostics are
/// reported, the default modes, and whether the file is excluded.
#[derive(Clone, Debug, Default)]
pub struct ProjectRules {
    pub filter: Option<Arc<pyenv::filter::DiagnosticFilter>>,
    /// Used when the editor's own `mode` setting is `auto`.
    pub mode: Option<pyenv::settings::ModeSetting>,
    /// Matched by `exclude` / `extend-exclude`: `check` skips the file,
    /// so it gets no diagnostics.
    pub excluded: bool,
    /// How modules without entry points are built and fed
    /// (`[tool.exportlens.modules]`), for this document.
    pub modules: Arc<Vec<tracer::entry::ModuleOverride>>,
}

/// The `[tool.exportlens.modules]` settings that apply to the file at
/// `path`, as the tracer takes them.
pub fn module_overrides(
    settings: &pyenv::settings::Settings,
    path: &std::path::Path,
) -> Vec<tracer::entry::ModuleOverride> {
    let origin = settings
        .file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    settings
        .modules_for(path)
        .into_iter()
        .map(|m| tracer::entry::ModuleOverride {
            name: m.name.clone(),
            init: m.init.clone(),
            inputs: m.inputs.clone(),
            origin: origin.clone(),
        })
        .collect()
}

impl ProjectRules {
    /// The modes to report: the editor's setting, else the project's.
    fn mode(&self, editor: ModeSetting) -> ModeSetting {
        match (editor, self.mode) {
            (ModeSetting::Auto, Some(pyenv::settings::ModeSetting::Strict)) => ModeSetting::Strict,
            (ModeSetting::Auto, Some(pyenv::settings::ModeSetting::NonStrict)) => {
                ModeSetting::NonStrict
            }
            (ModeSetting::Auto, Some(pyenv::settings::ModeSetting::Both)) => ModeSetting::Both,
            (editor, _) => editor,
        }
    }

    /// Whether the project lets a diagnostic with `code` in `path` through.
    fn reports(&self, code: Option<&NumberOrString>, path: &str) -> bool {
        let Some(NumberOrString::String(code)) = code else {
            return !self.excluded;
        };
        !self.excluded
            && self
                .filter
                .as_ref()
                .is_none_or(|f| f.reports(code, std::path::Path::new(path)))
    }
}

/// The diagnostics of the analysed text that the project's settings and
/// the text's suppression comments let through.
fn project_filtered(snap: &Snapshot, text: &str, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let comments = syntax::suppression::suppressions(text);
    diagnostics
        .into_iter()
        .filter(|d| {
            let code = match &d.code {
                Some(NumberOrString::String(c)) => c.as_str(),
                _ => "",
            };
            let syntax = code == "syntax";
            syntax
                || (snap.project.reports(d.code.as_ref(), &snap.path)
                    && !comments
                        .iter()
                        .any(|c| c.covers(d.range.start.line + 1, code).is_some()))
        })
        .collect()
}

/// Everything the handlers answer from, for one version of one document.
#[derive(Clone, Debug)]
pub struct FileAnalysis {
    /// The text the positions refer to.
    pub rope: Rope,
    pub version: i32,
    pub generation: u64,
    pub diagnostics: Vec<Diagnostic>,
    pub hover: HoverTable,
    pub inlay_hints: Vec<InlayHint>,
    /// Where hints may go, for hints from other files' entries.
    pub inlay_sites: Vec<InlaySite>,
    pub actions: Vec<CodeAction>,
    /// Refactorings offered on an entry point's lines (not tied to a
    /// diagnostic): "make the batch dimension dynamic".
    pub entry_actions: Vec<(Range, CodeAction)>,
    pub lenses: Vec<CodeLens>,
    pub programs: Vec<ProgramText>,
    /// Diagnostics located in other files (a model imported from
    /// `models.py` fails there), published for those files.
    pub foreign: Vec<(Uri, Diagnostic)>,
    /// What entries of this file record on lines of other files (a model
    /// class in an imported module or an installed package): shown by
    /// hover in those files.
    pub foreign_hover: Vec<(Uri, u32, LineFacts)>,
    /// The files the analysis imported.
    pub deps: Vec<std::path::PathBuf>,
    pub elapsed: Duration,
    /// Time per phase (for logs and benchmarks).
    pub timings: Vec<(&'static str, Duration)>,
}

/// Lap times of the phases of one analysis.
struct Timings {
    last: Instant,
    laps: Vec<(&'static str, Duration)>,
}

impl Timings {
    fn new() -> Self {
        Timings {
            last: Instant::now(),
            laps: Vec::new(),
        }
    }

    fn lap(&mut self, what: &'static str) {
        let now = Instant::now();
        self.laps.push((what, now - self.last));
        self.last = now;
    }
}

/// The printed program (or failure) of one entry point in one mode.
#[derive(Clone, Debug)]
pub struct ProgramText {
    /// 1-based line of the entry point.
    pub entry_line: u32,
    pub mode: Mode,
    /// Whether this mode is one the settings report for this entry.
    pub reported: bool,
    pub text: String,
}

/// What hover shows, by 0-based line.
#[derive(Clone, Debug, Default)]
pub struct HoverTable {
    pub lines: HashMap<u32, LineFacts>,
    pub bindings: Vec<Binding>,
    /// `s0` -> (`[2, int_oo]`, `x.size()[0]`).
    pub symbols: BTreeMap<String, (String, Option<String>)>,
}

/// What one source line records and guards.
#[derive(Clone, Debug, Default)]
pub struct LineFacts {
    /// (ATen target, value type) of each node the line records.
    pub ops: Vec<(String, String)>,
    pub guards: Vec<String>,
    /// The ops come from a trace that failed at this 1-based line: what
    /// ran before the failure.
    pub partial: Option<u32>,
}

/// A name bound to a tensor type at a line, within a scope.
#[derive(Clone, Debug)]
pub struct Binding {
    pub name: String,
    /// 0-based line of the binding.
    pub line: u32,
    pub ty: String,
    /// 0-based lines of the enclosing function.
    pub scope: (u32, u32),
}

/// Analyse a snapshot; never panics. Also returns the new syntax tree (to
/// keep for the next incremental parse).
pub fn analyze(snap: &Snapshot) -> (FileAnalysis, Option<syntax::Tree>) {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| analyze_inner(snap)));
    let (mut analysis, tree) = match result {
        Ok(a) => a,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            tracing::error!(
                uri = snap.uri.as_str(),
                version = snap.version,
                "analysis panicked: {what}"
            );
            (failed(snap, &what), None)
        }
    };
    analysis.elapsed = started.elapsed();
    (analysis, tree)
}

/// The result of an analysis that could not finish: one internal-error
/// diagnostic at the top of the file.
pub fn failed(snap: &Snapshot, what: &str) -> FileAnalysis {
    let range = Range::default();
    FileAnalysis {
        timings: Vec::new(),
        rope: snap.rope.clone(),
        version: snap.version,
        generation: snap.generation,
        diagnostics: vec![Diagnostic {
            range,
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("internal-error".into())),
            source: Some("exportlens".into()),
            message: format!(
                "exportlens internal error while analysing this file: {what} (please report it; other files are unaffected)"
            ),
            ..Diagnostic::default()
        }],
        hover: HoverTable::default(),
        inlay_hints: Vec::new(),
        inlay_sites: Vec::new(),
        actions: Vec::new(),
        entry_actions: Vec::new(),
        lenses: Vec::new(),
        programs: Vec::new(),
        foreign: Vec::new(),
        foreign_hover: Vec::new(),
        deps: Vec::new(),
        elapsed: Duration::ZERO,
    }
}

/// Whether the test hooks are on (`EXPORTLENS_LSP_TEST_HOOKS=1`): a file
/// containing `__exportlens_test_panic__` then panics inside the analysis,
/// so the end-to-end tests can check that panics are contained.
fn test_hooks() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("EXPORTLENS_LSP_TEST_HOOKS").is_some_and(|v| v == "1"))
}

/// The modes reported for an entry.
fn wanted_modes(mode: ModeSetting, entry: &EntryPoint) -> Vec<Mode> {
    match mode {
        ModeSetting::Strict => vec![Mode::Strict],
        ModeSetting::NonStrict => vec![Mode::NonStrict],
        ModeSetting::Both => vec![Mode::Strict, Mode::NonStrict],
        ModeSetting::Auto => match entry.strict_request() {
            Some(true) => vec![Mode::Strict],
            _ => vec![Mode::NonStrict],
        },
    }
}

fn mode_label(modes: &[Mode]) -> String {
    modes.iter().map(|m| m.key()).collect::<Vec<_>>().join(", ")
}

/// A quick fix: title, edits, preferred.
type Fix = (String, Vec<ByteEdit>, bool);

/// A diagnostic before modes are merged, with the fixes it offers.
struct Pending {
    diagnostic: Diagnostic,
    mode: Mode,
    fixes: Vec<Fix>,
}

struct Ctx<'a> {
    snap: &'a Snapshot,
    file: &'a Arc<SourceFile>,
    /// The files imports were read from.
    workspace: Option<Rc<tracer::Workspace>>,
    /// Diagnostics located in other files, and those files' text.
    foreign: std::cell::RefCell<Vec<(Uri, Diagnostic)>>,
    ropes: std::cell::RefCell<HashMap<String, Rope>>,
}

impl Ctx<'_> {
    fn range(&self, start: u32, end: u32) -> Range {
        byte_range(
            &self.snap.rope,
            start as usize,
            end as usize,
            self.snap.encoding,
        )
    }

    fn line(&self, line1: u32) -> Range {
        line_range(
            &self.snap.rope,
            line1.saturating_sub(1) as usize,
            self.snap.encoding,
        )
    }

    /// The URI and text of another file of the workspace, if it was read.
    fn other_file(&self, path: &str) -> Option<(Uri, Rope)> {
        let uri = Uri::from_file_path(path)?;
        if let Some(r) = self.ropes.borrow().get(path) {
            return Some((uri, r.clone()));
        }
        let file = self.workspace.as_ref()?.load(std::path::Path::new(path))?;
        let rope = Rope::from_str(&file.text);
        self.ropes
            .borrow_mut()
            .insert(path.to_string(), rope.clone());
        Some((uri, rope))
    }

    /// Report `d` in another file, at a byte range or a 1-based line of it.
    fn push_foreign(&self, path: &str, at: Result<(u32, u32), u32>, mut d: Diagnostic) {
        let Some((uri, rope)) = self.other_file(path) else {
            return;
        };
        let enc = self.snap.encoding;
        d.range = match at {
            Ok((start, end)) => byte_range(&rope, start as usize, end as usize, enc),
            Err(line) => line_range(&rope, line.saturating_sub(1) as usize, enc),
        };
        self.foreign.borrow_mut().push((uri, d));
    }

    fn edit(&self, e: &ByteEdit) -> TextEdit {
        TextEdit {
            range: self.range(e.start as u32, e.end as u32),
            new_text: e.text.clone(),
        }
    }
}

fn analyze_inner(snap: &Snapshot) -> (FileAnalysis, Option<syntax::Tree>) {
    let text = snap.rope.to_string();
    if test_hooks() && text.contains("__exportlens_test_panic__") {
        panic!("test hook: a panic inside the analysis");
    }
    let mut timings = Timings::new();
    // Another analysis of the document may hold the cache (one in another
    // mode, say): parse without it then.
    let mut cache = snap.lowered.as_ref().and_then(|c| c.try_lock().ok());
    let (parsed, tree) = match cache.as_deref_mut() {
        Some(cache) => syntax::parse_reusing(&text, snap.tree.as_ref(), cache),
        None => syntax::parse_incremental(&text, snap.tree.as_ref()),
    };
    drop(cache);
    timings.lap("parse");
    let file = Arc::new(SourceFile {
        path: snap.path.clone(),
        index: syntax::LineIndex::new(&text),
        text,
        module: parsed.module,
        syntax_errors: parsed.errors,
    });
    let workspace = snap
        .imports
        .as_ref()
        .map(|i| i.workspace(std::path::Path::new(&snap.path)));
    let ctx = Ctx {
        snap,
        file: &file,
        workspace: workspace.clone(),
        foreign: Default::default(),
        ropes: Default::default(),
    };
    let entries = tracer::find_entries(&file);
    let options = tracer::TraceOptions {
        budget: snap.config.budget(),
        workspace,
        ..tracer::TraceOptions::default()
    };
    timings.lap("line index + entries");

    let mut pending: Vec<Pending> = Vec::new();
    for e in &file.syntax_errors {
        pending.push(Pending {
            diagnostic: Diagnostic {
                range: ctx.range(e.range.start, e.range.end.max(e.range.start + 1)),
                severity: Some(DiagnosticSeverity::ERROR),
                code: Some(NumberOrString::String("syntax".into())),
                source: Some("exportlens".into()),
                message: e.message.clone(),
                ..Diagnostic::default()
            },
            mode: Mode::NonStrict,
            fixes: Vec::new(),
        });
    }

    let mut hover = HoverTable::default();
    let mut hover_owner: HashMap<u32, usize> = HashMap::new();
    let mut foreign_hover: BTreeMap<(String, u32), LineFacts> = BTreeMap::new();
    let mut programs = Vec::new();
    let mut lenses = Vec::new();
    let mut entry_actions = Vec::new();
    let scopes = function_scopes(&file);

    for (ei, entry) in entries.iter().enumerate() {
        let wanted = wanted_modes(snap.project.mode(snap.config.mode), entry);
        let draft_options;
        let options = if export::draft::is_draft(entry) {
            draft_options = interp::draft_trace_options(&file, entry, options.clone());
            &draft_options
        } else {
            &options
        };
        let mut runs: Vec<TraceResult> = wanted
            .iter()
            .map(|m| tracer::trace_entry_with(file.clone(), entry, *m, options))
            .collect();
        // "Only strict mode breaks": trace non-strict too, to know.
        let strict_failed = runs
            .iter()
            .any(|r| r.mode == Mode::Strict && matches!(r.outcome, TraceOutcome::Failed(_)));
        if strict_failed && !wanted.contains(&Mode::NonStrict) {
            runs.push(tracer::trace_entry_with(
                file.clone(),
                entry,
                Mode::NonStrict,
                options,
            ));
        }
        let nonstrict_ok = runs
            .iter()
            .any(|r| r.mode == Mode::NonStrict && matches!(r.outcome, TraceOutcome::Exported(_)));
        if let Some(action) = batch_dynamic_action(&ctx, entry, &runs) {
            entry_actions.push(action);
        }

        for r in &runs {
            programs.push(ProgramText {
                entry_line: entry.line,
                mode: r.mode,
                reported: wanted.contains(&r.mode),
                text: program_text(entry, r, &file.path),
            });
            if !wanted.contains(&r.mode) {
                continue;
            }
            entry_diagnostics(&ctx, entry, r, nonstrict_ok, &mut pending);
        }

        if let Some(p) = record_runs(
            &file,
            &scopes,
            &runs,
            ei,
            None,
            &mut hover,
            &mut hover_owner,
        ) {
            record_foreign_program(p, &mut foreign_hover);
        }
        for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
            for g in r.guards.iter().filter(|g| g.path.is_none()) {
                if let Some(line) = g.line {
                    let facts = hover.lines.entry(line.saturating_sub(1)).or_default();
                    if !facts.guards.contains(&g.expr) {
                        facts.guards.push(g.expr.clone());
                    }
                }
            }
        }

        let status = runs
            .iter()
            .filter(|r| wanted.contains(&r.mode))
            .map(|r| match &r.outcome {
                TraceOutcome::Exported(_) => format!("{}: exports", r.mode.key()),
                TraceOutcome::Failed(f) => {
                    format!("{}: fails ({})", r.mode.key(), f.kind.category())
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        let range = ctx.line(entry.line);
        lenses.push(CodeLens {
            range: Range::new(range.start, range.start),
            command: Some(Command {
                title: format!("Show exported program ({status})"),
                command: SHOW_PROGRAM_COMMAND.into(),
                arguments: Some(vec![
                    serde_json::json!(snap.uri.as_str()),
                    serde_json::json!(entry.line),
                ]),
            }),
            data: None,
        });
        lenses.push(CodeLens {
            range: Range::new(range.start, range.start),
            command: Some(Command {
                title: "Quick run".into(),
                command: crate::quick_run::QUICK_RUN_COMMAND.into(),
                arguments: Some(vec![
                    serde_json::json!(snap.uri.as_str()),
                    serde_json::json!(entry.line),
                ]),
            }),
            data: None,
        });
    }

    timings.lap("trace + programs");
    if snap.config.modules {
        let modes = match snap.project.mode(snap.config.mode) {
            ModeSetting::Strict => vec![Mode::Strict],
            ModeSetting::NonStrict => vec![Mode::NonStrict],
            ModeSetting::Auto | ModeSetting::Both => vec![Mode::Strict, Mode::NonStrict],
        };
        // A class an entry point already runs shows that entry's shapes.
        let reached = |e: &EntryPoint| {
            export::modules::forward_lines(&file, &e.name)
                .is_some_and(|(lo, hi)| (lo..=hi).any(|l| hover.lines.contains_key(&(l - 1))))
        };
        // Another analysis of the document may hold the cache: go without.
        let mut cache = snap.modules.as_ref().and_then(|c| c.try_lock().ok());
        let analyses = export::modules::analyze_modules(
            &file,
            &modes,
            &options,
            &reached,
            &snap.project.modules,
            cache.as_deref_mut(),
        );
        timings.lap("modules: trace");
        for (i, a) in analyses.iter().enumerate() {
            lenses.push(export_module_lens(&ctx, &a.entry));
            if a.runs.is_empty() {
                continue;
            }
            module_diagnostics(&ctx, a, &mut pending);
            let forward = a
                .module()
                .and_then(|m| export::modules::forward_lines(&file, &m.class))
                .map(|(lo, _)| lo);
            let _ = record_runs(
                &file,
                &scopes,
                &a.runs,
                entries.len() + i,
                forward,
                &mut hover,
                &mut hover_owner,
            );
        }
        if let Some(cache) = cache.as_deref_mut() {
            cache.store(&file, analyses);
        }
        timings.lap("modules");
    }
    assignment_bindings(&file, &scopes, &mut hover);
    let (diagnostics, actions) = merge(&ctx, pending, &entries);
    let diagnostics = project_filtered(snap, &file.text, diagnostics);
    let foreign: Vec<(Uri, Diagnostic)> = ctx
        .foreign
        .take()
        .into_iter()
        .filter(|(uri, d)| {
            let path = uri
                .to_file_path()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            snap.project.reports(d.code.as_ref(), &path)
        })
        .collect();
    let inlay_sites = if snap.config.inlay_hints {
        inlay_sites(&ctx, &scopes)
    } else {
        Vec::new()
    };
    let inlay_hints = inlay_hints(&inlay_sites, &hover);
    timings.lap("diagnostics + hints");
    let analysis = FileAnalysis {
        timings: timings.laps,
        rope: snap.rope.clone(),
        version: snap.version,
        generation: snap.generation,
        diagnostics,
        hover,
        inlay_hints,
        inlay_sites,
        actions,
        entry_actions,
        lenses,
        programs,
        foreign,
        foreign_hover: foreign_hover
            .into_iter()
            .filter_map(|((path, line), facts)| Some((Uri::from_file_path(&path)?, line, facts)))
            .collect(),
        deps: ctx
            .workspace
            .as_ref()
            .map(|w| w.files())
            .unwrap_or_default(),
        elapsed: Duration::ZERO,
    };
    (analysis, tree)
}

/// The command behind the "Export this module" code lens.
pub const EXPORT_MODULE_COMMAND: &str = "exportlens.exportModule";

fn export_module_lens(ctx: &Ctx, entry: &EntryPoint) -> CodeLens {
    let range = ctx.line(entry.line);
    CodeLens {
        range: Range::new(range.start, range.start),
        command: Some(Command {
            title: "Export this module".into(),
            command: EXPORT_MODULE_COMMAND.into(),
            arguments: Some(vec![
                serde_json::json!(ctx.snap.uri.as_str()),
                serde_json::json!(entry.line),
            ]),
        }),
        data: None,
    }
}

/// Hover and inlay facts of one entry's runs: the strict program when it
/// exported (its lines are the ops' own lines), else the non-strict one,
/// else the partial graph of the failing run that got furthest. Returns
/// the exported program it recorded. `forward_line`: the line of the one
/// `forward` whose parameters are the program's inputs (else any
/// `forward` with parameters of those names).
fn record_runs<'r>(
    file: &SourceFile,
    scopes: &[Scope<'_>],
    runs: &'r [TraceResult],
    entry_index: usize,
    forward_line: Option<u32>,
    hover: &mut HoverTable,
    owner: &mut HashMap<u32, usize>,
) -> Option<&'r TracedProgram> {
    let at = RecordAt {
        entry_index,
        forward_line,
        partial_at: None,
    };
    let chosen = runs
        .iter()
        .filter_map(|r| match &r.outcome {
            TraceOutcome::Exported(p) => Some((r.mode, p.as_ref())),
            TraceOutcome::Failed(_) => None,
        })
        .min_by_key(|(m, _)| *m != Mode::Strict);
    if let Some((mode, p)) = chosen {
        record_program(file, scopes, mode, p, &at, hover, owner);
        return Some(p);
    }
    if let Some((r, p, failed_at)) = longest_partial(runs) {
        let at = RecordAt {
            partial_at: failed_at,
            ..at
        };
        record_program(file, scopes, r.mode, p, &at, hover, owner);
    }
    None
}

/// Whose facts [`record_program`] records: the entry's index (the first
/// entry to record a line owns it), the line of the `forward` its inputs
/// bind to, and for a failed trace's partial graph the line it failed at.
struct RecordAt {
    entry_index: usize,
    forward_line: Option<u32>,
    partial_at: Option<u32>,
}

/// Diagnostics of a module traced on assumed inputs: what fails for any
/// input (graph breaks and data-dependent decisions; shape errors only when
/// every input's shape was written down) as warnings, and the equalities
/// the code requires of its inputs as hints; each says what was assumed.
fn module_diagnostics(ctx: &Ctx, a: &export::modules::ModuleAnalysis, out: &mut Vec<Pending>) {
    let Some(m) = a.module() else { return };
    let assumed = format!(
        "assuming {} (no export entry point reaches this module)",
        m.assumption()
    );
    let related = |message: String| {
        Some(vec![DiagnosticRelatedInformation {
            location: Location {
                uri: ctx.snap.uri.clone(),
                range: ctx.line(a.entry.line),
            },
            message,
        }])
    };
    for r in &a.runs {
        if let TraceOutcome::Failed(fl) = &r.outcome
            && fl.path.is_none()
        {
            let reported = export::modules::shown_failure(m, fl);
            if reported {
                let line = fl.line.unwrap_or(a.entry.line);
                let range = match fl.range.filter(|rg| rg.end > 0) {
                    Some(rg) if ctx.file.line_of(rg.start) == line => {
                        ctx.range(rg.start, rg.end.max(rg.start + 1))
                    }
                    _ => ctx.line(line),
                };
                let mut fixes = Vec::new();
                fixes.extend(cond_fix(ctx.file, fl));
                out.push(Pending {
                    diagnostic: Diagnostic {
                        range,
                        severity: Some(DiagnosticSeverity::WARNING),
                        code_description: fl.gb_code.and_then(gb_link),
                        code: Some(NumberOrString::String(fl.code())),
                        source: Some("exportlens".into()),
                        message: format!("{}\n{assumed}", failure_message(fl)),
                        related_information: related(format!(
                            "module `{}`, analysed on assumed inputs",
                            a.entry.name
                        )),
                        ..Diagnostic::default()
                    },
                    mode: r.mode,
                    fixes,
                });
            }
        }
        for (line, requirement) in export::modules::requirements(a, r) {
            out.push(Pending {
                diagnostic: Diagnostic {
                    range: ctx.line(line),
                    severity: Some(DiagnosticSeverity::HINT),
                    code: Some(NumberOrString::String("shape-requirement".into())),
                    source: Some("exportlens".into()),
                    message: format!("this line requires `{requirement}` for any input; {assumed}"),
                    ..Diagnostic::default()
                },
                mode: r.mode,
                fixes: Vec::new(),
            });
        }
    }
}

fn program_text(entry: &EntryPoint, r: &TraceResult, path: &str) -> String {
    let mut out = format!("# {} ({}), line {}\n", entry.name, r.mode.key(), entry.line);
    match &r.outcome {
        TraceOutcome::Exported(p) => {
            let named = export::name_program(p, r.mode);
            out.push_str(&export::print_program(&named, path));
        }
        TraceOutcome::Failed(f) => {
            out.push_str(&format!(
                "export fails ({}{}): {}\n",
                f.kind.category(),
                f.gb_code.map(|c| format!(" {c}")).unwrap_or_default(),
                f.message
            ));
            if !f.suggested_fixes.is_empty() {
                out.push_str("Suggested fixes:\n");
                for s in &f.suggested_fixes {
                    out.push_str(&format!("  {s}\n"));
                }
            }
            if let Some(p) = &r.partial {
                let named = export::name_program(p, r.mode);
                out.push('\n');
                out.push_str(&export::print_partial(&named, path, f.line));
            }
        }
    }
    out
}

fn gb_link(code: &str) -> Option<CodeDescription> {
    Some(CodeDescription {
        href: rules::url(code)?.parse().ok()?,
    })
}

fn entry_diagnostics(
    ctx: &Ctx,
    entry: &EntryPoint,
    r: &TraceResult,
    nonstrict_ok: bool,
    out: &mut Vec<Pending>,
) {
    let file = ctx.file;
    let snap = ctx.snap;
    // draft_export completes where export fails on these: its issues are
    // warnings (see `export::draft`).
    if export::draft::is_draft(entry)
        && let Some(issues) = export::draft::tolerated(r)
    {
        for issue in issues.iter().filter(|i| i.path.is_none()) {
            out.push(Pending {
                diagnostic: Diagnostic {
                    range: ctx.line(issue.line.unwrap_or(entry.line)),
                    severity: Some(DiagnosticSeverity::WARNING),
                    code: Some(NumberOrString::String("draft-export".into())),
                    source: Some("exportlens".into()),
                    message: format!("{}: {}", issue.kind, issue.message),
                    ..Diagnostic::default()
                },
                mode: r.mode,
                fixes: Vec::new(),
            });
        }
        return;
    }
    if let TraceOutcome::Failed(fl) = &r.outcome
        && let Some(path) = &fl.path
    {
        foreign_failure(ctx, entry, fl, path);
    } else if let TraceOutcome::Failed(fl) = &r.outcome {
        let range_line = fl
            .range
            .filter(|rg| rg.end > 0)
            .map(|rg| (rg, file.line_of(rg.start)));
        let range = match (range_line, fl.line) {
            (Some((_, l)), Some(fl_line)) if l != fl_line => ctx.line(fl_line),
            (Some((rg, _)), _) => ctx.range(rg.start, rg.end.max(rg.start + 1)),
            (None, Some(l)) => ctx.line(l),
            (None, None) => ctx.line(entry.line),
        };
        let fail_line = fl.line.or(range_line.map(|(_, l)| l)).unwrap_or(entry.line);
        let code = fl.code();
        let message = failure_message(fl);
        let entry_range = ctx.line(entry.line);
        let diagnostic = Diagnostic {
            range,
            severity: Some(failure_severity(fl)),
            code_description: fl.gb_code.and_then(gb_link),
            code: Some(NumberOrString::String(code)),
            source: Some("exportlens".into()),
            message,
            related_information: Some(vec![DiagnosticRelatedInformation {
                location: Location {
                    uri: snap.uri.clone(),
                    range: entry_range,
                },
                message: format!(
                    "export entry point `{}` (line {}) reaches this",
                    entry.name, entry.line
                ),
            }]),
            ..Diagnostic::default()
        };

        let mut offered = Vec::new();
        let call = match &entry.kind {
            EntryKind::ExportCall { call, .. } => Some(call.as_ref()),
            EntryKind::ExportDb | EntryKind::Module(_) => None,
        };
        if fl.kind == FailureKind::ConstraintViolation {
            for fix in &fl.suggested_fixes {
                let edits = suggested_edits(file, std::slice::from_ref(fix));
                if !edits.is_empty() {
                    offered.push((format!("Apply suggested fix `{fix}`"), edits, false));
                }
            }
            if fl.suggested_fixes.is_empty() {
                // torch suggests nothing; exportlens's own fix of the same form.
                for fix in &fl.further_fixes {
                    let edits = suggested_edits(file, std::slice::from_ref(fix));
                    if !edits.is_empty() {
                        offered.push((format!("Apply exportlens's fix `{fix}`"), edits, false));
                    }
                }
            }
            if offered.len() > 1 && !fl.suggested_fixes.is_empty() {
                let all = suggested_edits(file, &fl.suggested_fixes);
                offered.insert(
                    0,
                    (
                        format!(
                            "Apply all suggested fixes ({})",
                            fl.suggested_fixes.join("; ")
                        ),
                        all,
                        true,
                    ),
                );
            } else if let Some(first) = offered.first_mut() {
                first.2 = true;
            }
            if let Some((input, dim)) = fixes::marked_dynamic_dim(&fl.message) {
                for (repl, preferred) in [("STATIC", true), ("AUTO", false)] {
                    if let Some(e) = fixes::replace_dynamic(file, call, &input, dim, repl) {
                        offered.push((
                            format!(
                                "Replace Dim.DYNAMIC with Dim.{repl} for `{input}` dimension {dim}"
                            ),
                            vec![e],
                            preferred && offered.is_empty(),
                        ));
                    }
                }
            }
        }
        if r.mode == Mode::Strict
            && nonstrict_ok
            && let Some(e) = call.and_then(fixes::strict_false)
        {
            offered.push((
                "Export with strict=False (only strict mode fails)".into(),
                vec![e],
                offered.is_empty(),
            ));
        }
        offered.extend(cond_fix(file, fl));
        if fl.kind == FailureKind::DataDependent
            && let Some(e) = fixes::insert_check(file, fail_line)
        {
            offered.push((
                "Insert torch._check(...) before this line".into(),
                vec![e],
                false,
            ));
        }
        out.push(Pending {
            diagnostic,
            mode: r.mode,
            fixes: offered,
        });
    }
    if snap.config.guards {
        for g in &r.guards {
            let Some(line) = g.line else { continue };
            let diagnostic = Diagnostic {
                range: ctx.line(line),
                severity: Some(snap.config.guard_severity),
                code: Some(NumberOrString::String("guard".into())),
                source: Some("exportlens".into()),
                message: format!("guard `{}`", g.expr),
                ..Diagnostic::default()
            };
            if let Some(path) = &g.path {
                ctx.push_foreign(path, Err(line), diagnostic);
                continue;
            }
            out.push(Pending {
                diagnostic,
                mode: r.mode,
                fixes: Vec::new(),
            });
        }
    }
    for n in &r.notes {
        let severity = match n.kind {
            tracer::failure::NoteKind::Incomplete => DiagnosticSeverity::HINT,
            tracer::failure::NoteKind::Warning => DiagnosticSeverity::INFORMATION,
        };
        let code = match n.kind {
            tracer::failure::NoteKind::Incomplete => "incomplete",
            tracer::failure::NoteKind::Warning => "note",
        };
        let diagnostic = Diagnostic {
            range: ctx.range(n.range.start, n.range.end.max(n.range.start + 1)),
            severity: Some(severity),
            code: Some(NumberOrString::String(code.into())),
            source: Some("exportlens".into()),
            message: n.message.clone(),
            ..Diagnostic::default()
        };
        if let Some(path) = &n.path {
            let end = n.range.end.max(n.range.start + 1);
            ctx.push_foreign(path, Ok((n.range.start, end)), diagnostic);
            continue;
        }
        out.push(Pending {
            diagnostic,
            mode: r.mode,
            fixes: Vec::new(),
        });
    }
}

/// The `torch.cond` rewrite of the `if` a data-dependent failure is on.
fn cond_fix(file: &SourceFile, fl: &tracer::Failure) -> Option<Fix> {
    let data_dependent_if = fl.kind == FailureKind::DataDependent || fl.gb_code == Some("GB0170");
    let e = fixes::cond_skeleton(file, fl.range.filter(|_| data_dependent_if)?.start)?;
    Some((
        "Rewrite the data-dependent `if` with torch.cond".into(),
        vec![e],
        false,
    ))
}

/// A failure's diagnostic message: torch's message, then its suggested
/// fixes or a hint.
fn failure_message(fl: &tracer::Failure) -> String {
    let mut message = fl.message.clone();
    if !fl.suggested_fixes.is_empty() {
        message.push_str(&format!(
            "\nsuggested fixes: {}",
            fl.suggested_fixes.join("; ")
        ));
    } else if let Some(h) = &fl.hint {
        message.push_str(&format!("\nhelp: {h}"));
    }
    message
}

/// An export failure is an error; "analysis incomplete" is a warning: the
/// tool, not the model, fell short.
fn failure_severity(fl: &tracer::Failure) -> DiagnosticSeverity {
    if fl.is_verdict() {
        DiagnosticSeverity::ERROR
    } else {
        DiagnosticSeverity::WARNING
    }
}

/// A failure inside a file the entry imports: an error in that file, with
/// related information pointing at the entry point.
fn foreign_failure(ctx: &Ctx, entry: &EntryPoint, fl: &tracer::Failure, path: &str) {
    let message = failure_message(fl);
    let diagnostic = Diagnostic {
        severity: Some(failure_severity(fl)),
        code_description: fl.gb_code.and_then(gb_link),
        code: Some(NumberOrString::String(fl.code())),
        source: Some("exportlens".into()),
        message,
        related_information: Some(vec![DiagnosticRelatedInformation {
            location: Location {
                uri: ctx.snap.uri.clone(),
                range: ctx.range(entry.range.start, entry.range.end),
            },
            message: format!(
                "export entry point `{}` ({}, line {}) reaches this",
                entry.name, ctx.snap.path, entry.line
            ),
        }]),
        ..Diagnostic::default()
    };
    let at = match (fl.range.filter(|r| r.end > 0), fl.line) {
        (Some(r), _) => Ok((r.start, r.end.max(r.start + 1))),
        (None, Some(l)) => Err(l),
        (None, None) => return,
    };
    ctx.push_foreign(path, at, diagnostic);
}

/// Merge the diagnostics of all modes: identical ones become one, labelled
/// with their modes when not every reported mode has them; attach the code
/// actions to the merged diagnostics.
fn merge(
    ctx: &Ctx,
    pending: Vec<Pending>,
    entries: &[EntryPoint],
) -> (Vec<Diagnostic>, Vec<CodeAction>) {
    let all_modes: Vec<Mode> = {
        let mut m = Vec::new();
        for e in entries {
            for w in wanted_modes(ctx.snap.project.mode(ctx.snap.config.mode), e) {
                if !m.contains(&w) {
                    m.push(w);
                }
            }
        }
        m
    };
    type Key = (u32, u32, u32, u32, Option<String>, String);
    let key = |d: &Diagnostic| -> Key {
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            match &d.code {
                Some(NumberOrString::String(s)) => Some(s.clone()),
                Some(NumberOrString::Number(n)) => Some(n.to_string()),
                None => None,
            },
            d.message.clone(),
        )
    };
    let mut order: Vec<Key> = Vec::new();
    let mut groups: HashMap<Key, (Diagnostic, Vec<Mode>, Vec<Fix>)> = HashMap::new();
    for p in pending {
        let k = key(&p.diagnostic);
        match groups.get_mut(&k) {
            Some((_, modes, fixes)) => {
                if !modes.contains(&p.mode) {
                    modes.push(p.mode);
                }
                if fixes.is_empty() {
                    *fixes = p.fixes;
                }
            }
            None => {
                order.push(k.clone());
                groups.insert(k, (p.diagnostic, vec![p.mode], p.fixes));
            }
        }
    }
    let mut diagnostics = Vec::new();
    let mut actions = Vec::new();
    for k in order {
        let Some((mut d, modes, offered)) = groups.remove(&k) else {
            continue;
        };
        let is_syntax = matches!(&d.code, Some(NumberOrString::String(s)) if s == "syntax");
        if all_modes.len() > 1 && modes.len() < all_modes.len() && !is_syntax {
            let label = format!(" ({})", mode_label(&modes));
            match d.message.find('\n') {
                Some(i) => d.message.insert_str(i, &label),
                None => d.message.push_str(&label),
            }
        }
        for (title, edits, preferred) in offered {
            let edits: Vec<TextEdit> = edits.iter().map(|e| ctx.edit(e)).collect();
            let mut changes = HashMap::new();
            changes.insert(ctx.snap.uri.clone(), edits);
            actions.push(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(changes),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(preferred),
                ..CodeAction::default()
            });
        }
        diagnostics.push(d);
    }
    (diagnostics, actions)
}

/// "Make the batch dimension dynamic" on an entry exported without a
/// spec, from the example inputs' sizes in the first exported program.
fn batch_dynamic_action(
    ctx: &Ctx,
    entry: &EntryPoint,
    runs: &[TraceResult],
) -> Option<(Range, CodeAction)> {
    let program = runs.iter().find_map(|r| match &r.outcome {
        TraceOutcome::Exported(p) => Some(p),
        TraceOutcome::Failed(_) => None,
    })?;
    let dim0: Vec<Option<i64>> = program
        .inputs
        .iter()
        .map(|id| program.graph.node(*id))
        .filter(|n| matches!(n.op, NodeOp::Placeholder(InputKind::User(_))))
        .map(|n| match &n.val {
            MetaVal::Tensor { shape, .. } => shape.first().and_then(shapes::SymExpr::as_const),
            _ => None,
        })
        .collect();
    let call = match &entry.kind {
        EntryKind::ExportCall { call, .. } => Some(call.as_ref()),
        EntryKind::ExportDb | EntryKind::Module(_) => None,
    };
    let edits = fixes::batch_dynamic(ctx.file, call, &dim0)?;
    let mut changes = HashMap::new();
    changes.insert(
        ctx.snap.uri.clone(),
        edits.iter().map(|e| ctx.edit(e)).collect(),
    );
    let action = CodeAction {
        title:
            "Make the batch dimension dynamic (dynamic_shapes with Dim(\"batch\") on dimension 0)"
                .into(),
        kind: Some(CodeActionKind::REFACTOR_REWRITE),
        edit: Some(WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    };
    Some((ctx.line(entry.line), action))
}

/// A function and its 1-based first and last lines.
type Scope<'a> = (u32, u32, &'a syntax::ast::FunctionDef);

/// torch's suggested fixes as source edits (shared with `check --fix`).
fn suggested_edits(file: &SourceFile, fixes: &[String]) -> Vec<ByteEdit> {
    export::fixes::fix_edits(file, fixes)
        .into_iter()
        .map(|e| ByteEdit {
            start: e.range.start as usize,
            end: e.range.end as usize,
            text: e.new_text,
        })
        .collect()
}

/// 1-based line spans of every function in the file, innermost last.
fn function_scopes(file: &SourceFile) -> Vec<Scope<'_>> {
    fn walk<'a>(file: &SourceFile, body: &'a [Stmt], out: &mut Vec<Scope<'a>>, depth: u32) {
        if depth > 32 {
            return;
        }
        for s in body {
            match &s.kind {
                StmtKind::FunctionDef(f) => {
                    out.push((
                        file.line_of(f.range.start),
                        file.line_of(f.range.end.saturating_sub(1).max(f.range.start)),
                        &**f,
                    ));
                    walk(file, f.body(), out, depth + 1);
                }
                StmtKind::ClassDef(c) => walk(file, &c.body, out, depth + 1),
                StmtKind::If { body, orelse, .. } => {
                    walk(file, body, out, depth + 1);
                    walk(file, orelse, out, depth + 1);
                }
                StmtKind::With { body, .. } | StmtKind::Try { body, .. } => {
                    walk(file, body, out, depth + 1)
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(file, &file.module.body, &mut out, 0);
    out
}

/// The innermost function (1-based lines) holding a 1-based line.
fn scope_of(scopes: &[Scope<'_>], line: u32) -> Option<(u32, u32)> {
    scopes
        .iter()
        .filter(|(s, e, _)| *s <= line && line <= *e)
        .min_by_key(|(s, e, _)| e - s)
        .map(|(s, e, _)| (*s, *e))
}

/// A value type as the exported program annotates it: `f32[s0, 4]`.
fn type_text(p: &TracedProgram, v: &MetaVal) -> Option<String> {
    let env = &p.env;
    Some(match v {
        MetaVal::Tensor { dtype, shape } => format!(
            "{}[{}]",
            dtype.short(),
            shape
                .iter()
                .map(|d| env.render(&env.simplify(d)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        MetaVal::Sym(e) => format!("Sym({})", env.render(&env.simplify(e))),
        MetaVal::SymFloat(f) => format!("Sym({})", f.render(&|e| env.render(&env.simplify(e)))),
        MetaVal::SymBool(b) => format!(
            "Sym({} {} {})",
            env.render(&b.lhs),
            b.op,
            env.render(&b.rhs)
        ),
        MetaVal::Tuple(items) => format!(
            "({})",
            items
                .iter()
                .map(|i| type_text(p, i).unwrap_or_else(|| "?".into()))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        MetaVal::Const(_) | MetaVal::None => return None,
    })
}

/// The ops a program records on lines of other files, by (path, 0-based
/// line), for hover there.
fn record_foreign_program(p: &TracedProgram, out: &mut BTreeMap<(String, u32), LineFacts>) {
    let mut recorded: Vec<_> = p.graph.node_sites.iter().collect();
    recorded.sort_by_key(|(id, _)| id.0);
    for (id, (path, line)) in recorded {
        let n = p.graph.node(*id);
        let (line, Some(target)) = (*line, n.target()) else {
            continue;
        };
        if line == 0 || n.hidden {
            continue;
        }
        let ty = type_text(p, &n.val).unwrap_or_default();
        let facts = out.entry((path.clone(), line - 1)).or_default();
        let op = (target.to_string(), ty);
        if !facts.ops.contains(&op) {
            facts.ops.push(op);
        }
    }
}

/// The partial graph of the failed run that recorded the most ops, with
/// the line it failed at.
fn longest_partial(runs: &[TraceResult]) -> Option<(&TraceResult, &TracedProgram, Option<u32>)> {
    runs.iter()
        .filter_map(|r| match (&r.outcome, &r.partial) {
            (TraceOutcome::Failed(f), Some(p)) if f.path.is_none() => Some((r, p.as_ref(), f.line)),
            _ => None,
        })
        .max_by_key(|(_, p, _)| p.graph.nodes.len())
}

/// Hover and inlay facts of one traced program (see [`RecordAt`]).
fn record_program(
    file: &SourceFile,
    scopes: &[Scope<'_>],
    mode: Mode,
    p: &TracedProgram,
    at: &RecordAt,
    hover: &mut HoverTable,
    owner: &mut HashMap<u32, usize>,
) {
    let (entry_index, partial_at) = (at.entry_index, at.partial_at);
    let named = export::name_program(p, mode);
    let g = &p.graph;
    let line_count = file.index.line_count();
    for id in &named.order {
        let n = g.node(*id);
        let (Some(line), Some(target)) = (n.line, n.target()) else {
            continue;
        };
        // Nodes recorded in an imported file are not this file's lines.
        if g.node_paths.contains_key(id) {
            continue;
        }
        // Only lines inside functions: a module-level line is where the
        // export was called, not where the op is.
        if line == 0 || line > line_count || scope_of(scopes, line).is_none() {
            continue;
        }
        let l0 = line - 1;
        if *owner.entry(l0).or_insert(entry_index) != entry_index {
            continue;
        }
        let ty = type_text(p, &n.val).unwrap_or_default();
        let facts = hover.lines.entry(l0).or_default();
        facts.ops.push((target.to_string(), ty));
        facts.partial = partial_at;
    }
    // `forward`'s parameters: the user inputs.
    for id in &p.inputs {
        let n = g.node(*id);
        let NodeOp::Placeholder(InputKind::User(name)) = &n.op else {
            continue;
        };
        let Some(ty) = type_text(p, &n.val) else {
            continue;
        };
        let bound = |s: u32, f: &syntax::ast::FunctionDef| {
            f.name == "forward" && at.forward_line.is_none_or(|l| l == s)
        };
        for (s, e, f) in scopes.iter().filter(|(s, _, f)| bound(*s, f)) {
            let has = f
                .params
                .posonly
                .iter()
                .chain(&f.params.args)
                .chain(&f.params.kwonly)
                .any(|prm| &prm.name == name);
            let already = hover
                .bindings
                .iter()
                .any(|b| b.line == s - 1 && &b.name == name);
            if has && !already {
                hover.bindings.push(Binding {
                    name: name.clone(),
                    line: s - 1,
                    ty: ty.clone(),
                    scope: (s - 1, e - 1),
                });
            }
        }
    }
    for (key, lo, hi) in &p.range_constraints {
        let source = p
            .env
            .symbols
            .iter()
            .find(|s| &s.name == key)
            .and_then(|s| s.source.clone());
        hover
            .symbols
            .entry(key.clone())
            .or_insert_with(|| (format!("[{lo}, {hi}]"), source));
    }
}

/// Statements of a function body with their 1-based start lines, nested
/// blocks included.
fn body_statements<'a>(body: &'a [Stmt], out: &mut Vec<&'a Stmt>, depth: u32) {
    if depth > 32 {
        return;
    }
    for s in body {
        out.push(s);
        match &s.kind {
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                body_statements(body, out, depth + 1);
                body_statements(orelse, out, depth + 1);
            }
            StmtKind::With { body, .. } => body_statements(body, out, depth + 1),
            StmtKind::Try {
                body,
                orelse,
                finalbody,
                handlers,
            } => {
                body_statements(body, out, depth + 1);
                body_statements(orelse, out, depth + 1);
                body_statements(finalbody, out, depth + 1);
                for h in handlers {
                    body_statements(&h.body, out, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// The last tensor-typed op recorded on lines `first..=last` (1-based).
fn last_type(hover: &HoverTable, first: u32, last: u32) -> Option<String> {
    (first..=last)
        .rev()
        .filter_map(|l| hover.lines.get(&(l - 1)))
        .find_map(|f| {
            f.ops
                .iter()
                .rev()
                .find(|(_, t)| !t.is_empty())
                .map(|(_, t)| t.clone())
        })
}

/// Where a shape hint may go: after a simple assignment's target (`: `)
/// or a returned value (`-> `), for the statement on lines `first..=last`
/// (1-based).
#[derive(Clone, Debug)]
pub struct InlaySite {
    first: u32,
    last: u32,
    position: tower_lsp_server::ls_types::Position,
    label: &'static str,
}

/// The inlay sites of every function of the file.
fn inlay_sites(ctx: &Ctx, scopes: &[Scope<'_>]) -> Vec<InlaySite> {
    let file = ctx.file;
    let mut sites = Vec::new();
    for (_, _, f) in scopes {
        let mut stmts = Vec::new();
        body_statements(f.body(), &mut stmts, 0);
        for s in stmts {
            let (target_end, label) = match &s.kind {
                StmtKind::Assign { targets, .. } if targets.len() == 1 => match &targets[0].kind {
                    ExprKind::Name(_) => (targets[0].range.end, ": "),
                    _ => continue,
                },
                StmtKind::AugAssign { target, .. } => match &target.kind {
                    ExprKind::Name(_) => (target.range.end, ": "),
                    _ => continue,
                },
                StmtKind::Return(Some(v)) => (v.range.end, "-> "),
                _ => continue,
            };
            sites.push(InlaySite {
                first: file.line_of(s.range.start),
                last: file.line_of(s.range.end.saturating_sub(1).max(s.range.start)),
                position: byte_to_position(&ctx.snap.rope, target_end as usize, ctx.snap.encoding),
                label,
            });
        }
    }
    sites
}

/// Shapes after assignment targets and returned values: at each site, the
/// last tensor type `hover` has on the statement's lines (this file's
/// traces, or with what other files' entries recorded here added).
pub fn inlay_hints(sites: &[InlaySite], hover: &HoverTable) -> Vec<InlayHint> {
    let mut hints: Vec<InlayHint> = sites
        .iter()
        .filter_map(|site| {
            let ty = last_type(hover, site.first, site.last)?;
            Some(InlayHint {
                position: site.position,
                label: InlayHintLabel::String(format!("{}{ty}", site.label)),
                kind: Some(InlayHintKind::TYPE),
                text_edits: None,
                tooltip: None,
                padding_left: Some(site.label.starts_with('-')),
                padding_right: None,
                data: None,
            })
        })
        .collect();
    hints.sort_by_key(|h| (h.position.line, h.position.character));
    hints
}

/// Bindings from assignments on lines that record ops (for hover on names).
fn assignment_bindings(file: &SourceFile, scopes: &[Scope<'_>], hover: &mut HoverTable) {
    for (fs, fe, f) in scopes {
        let mut stmts = Vec::new();
        body_statements(f.body(), &mut stmts, 0);
        for s in stmts {
            let first = file.line_of(s.range.start);
            let last = file.line_of(s.range.end.saturating_sub(1).max(s.range.start));
            let name = match &s.kind {
                StmtKind::Assign { targets, .. } if targets.len() == 1 => match &targets[0].kind {
                    ExprKind::Name(n) => n.clone(),
                    _ => continue,
                },
                StmtKind::AugAssign { target, .. } | StmtKind::AnnAssign { target, .. } => {
                    match &target.kind {
                        ExprKind::Name(n) => n.clone(),
                        _ => continue,
                    }
                }
                _ => continue,
            };
            if let Some(ty) = last_type(hover, first, last) {
                hover.bindings.push(Binding {
                    name,
                    line: first - 1,
                    ty,
                    scope: (fs - 1, fe - 1),
                });
            }
        }
    }
}
