//! One analysis of one document snapshot, on a blocking worker thread.
//!
//! The tracer's values hold `Rc`s and never leave the worker: [`analyze`]
//! parses the snapshot's text, traces every entry point in the modes the
//! settings ask for (and the modules no entry point reaches, on assumed
//! inputs), and converts everything the handlers need into plain `Send`
//! data ([`FileAnalysis`]): the diagnostics the shared model builds
//! (`diagnostics::build`, converted in `publish`), the hover table
//! (`facts`), inlay hints (`inlay`), code actions with their edits,
//! code lenses and the exported programs' text (`lenses`). Positions are
//! converted here, in the negotiated encoding, against the snapshot's rope,
//! so they match the version the result is published for.
//!
//! A panic anywhere inside is caught and becomes one diagnostic
//! ("exportlens internal error ...") instead of taking the server down.

mod facts;
mod inlay;
mod lenses;
mod publish;
pub mod traces;

use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diagnostics::ModeChoice;
use export::modules::ModuleAnalysis;
use ropey::Rope;
use tower_lsp_server::ls_types::{
    CodeAction, CodeLens, Diagnostic, InlayHint, Range, TextEdit, Uri,
};
use tracer::{EntryPoint, Mode, SourceFile, TraceOutcome, TraceResult};

use crate::config::{Config, ModeSetting};
use crate::position::{Encoding, byte_range, line_range};

pub use facts::{Binding, HoverTable, LineFacts};
pub use inlay::{InlaySite, inlay_hints};
pub use lenses::{EXPORT_MODULE_COMMAND, ProgramText};

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
    /// The document's entry traces of its last analysis, if it keeps them.
    pub traces: Option<Arc<Mutex<traces::TraceCache>>>,
    /// This text already parsed (by the first pass on opening it).
    pub parsed: Option<Preparsed>,
    /// Print the entry points' exported programs ([`FileAnalysis::programs`]):
    /// asked for by the program view, not by the analyses that follow edits.
    pub programs: bool,
    /// What the project's configuration file says of this document.
    pub project: ProjectRules,
}

impl Snapshot {
    /// A document's text as a snapshot with nothing kept from earlier
    /// analyses, default settings, UTF-16 positions and local imports
    /// unknown (tests and benchmarks set the rest by struct update).
    pub fn of_document(uri: Uri, path: String, doc: &crate::document::Document) -> Snapshot {
        Snapshot {
            uri,
            path,
            version: doc.version,
            generation: doc.generation,
            rope: doc.rope.clone(),
            encoding: Encoding::Utf16,
            config: Config::default(),
            tree: None,
            imports: None,
            lowered: None,
            modules: None,
            traces: None,
            parsed: None,
            programs: true,
            project: ProjectRules::default(),
        }
    }
}

/// A snapshot's text parsed, with its syntax tree.
#[derive(Clone)]
pub struct Preparsed {
    file: Arc<SourceFile>,
    tree: Option<syntax::Tree>,
}

impl std::fmt::Debug for Preparsed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Preparsed({} bytes)", self.file.text.len())
    }
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
    /// `modules = false`: modules without entry points are not traced.
    pub modules_off: bool,
}

impl ProjectRules {
    /// The modes to report: the editor's setting, else the project's.
    fn modes(&self, editor: ModeSetting) -> ModeChoice {
        match editor {
            ModeSetting::Auto => ModeChoice::from_setting(self.mode),
            ModeSetting::Strict => ModeChoice::Strict,
            ModeSetting::NonStrict => ModeChoice::NonStrict,
            ModeSetting::Both => ModeChoice::Both,
        }
    }
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
    /// The printed programs, when the snapshot asked for them.
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
    let error = diagnostics::build::internal_error(&snap.path, what);
    FileAnalysis {
        diagnostics: vec![publish::unlocated(&error, Range::default())],
        ..empty(snap)
    }
}

/// The first pass on opening a document: the diagnostics its text gives
/// before any trace (syntax errors), for the server to publish while the
/// entry points are traced, with the parse for the analysis that follows.
/// `None` if it panicked (the analysis will say why).
pub fn first_pass(snap: &Snapshot) -> Option<(FileAnalysis, Preparsed)> {
    let started = Instant::now();
    let (file, tree) =
        catch_unwind(AssertUnwindSafe(|| parse(snap, snap.rope.to_string()))).ok()?;
    let built = catch_unwind(AssertUnwindSafe(|| {
        let ctx = Ctx { snap, file: &file };
        let files = diagnostics::files::Files::new(file.clone(), None);
        let shown = diagnostics::build::syntax_only(&files, &diagnostics_options(&ctx));
        publish::convert(&ctx, &files, &shown).diagnostics
    }))
    .ok()?;
    let analysis = FileAnalysis {
        diagnostics: built,
        elapsed: started.elapsed(),
        ..empty(snap)
    };
    Some((analysis, Preparsed { file, tree }))
}

/// An analysis of `snap` that found nothing.
fn empty(snap: &Snapshot) -> FileAnalysis {
    FileAnalysis {
        timings: Vec::new(),
        rope: snap.rope.clone(),
        version: snap.version,
        generation: snap.generation,
        diagnostics: Vec::new(),
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

/// What the parts of one analysis share: the snapshot and its parse.
struct Ctx<'a> {
    snap: &'a Snapshot,
    file: &'a Arc<SourceFile>,
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

    fn edit(&self, e: &diagnostics::fixes::ByteEdit) -> TextEdit {
        TextEdit {
            range: self.range(e.start as u32, e.end as u32),
            new_text: e.text.clone(),
        }
    }

    /// The modes the settings report.
    fn modes(&self) -> ModeChoice {
        self.snap.project.modes(self.snap.config.mode)
    }
}

fn analyze_inner(snap: &Snapshot) -> (FileAnalysis, Option<syntax::Tree>) {
    let text = snap.rope.to_string();
    if test_hooks() && text.contains("__exportlens_test_panic__") {
        panic!("test hook: a panic inside the analysis");
    }
    let mut timings = Timings::new();
    let (file, tree) = match &snap.parsed {
        Some(p) if p.file.text == text => (p.file.clone(), p.tree.clone()),
        _ => parse(snap, text),
    };
    timings.lap("parse");
    let workspace = snap
        .imports
        .as_ref()
        .map(|i| i.workspace(std::path::Path::new(&snap.path)));
    let ctx = Ctx { snap, file: &file };
    let options = tracer::TraceOptions {
        budget: snap.config.budget(),
        workspace: workspace.clone(),
        ..tracer::TraceOptions::default()
    };
    let found = tracer::find_entries(&file);
    timings.lap("line index + entries");

    // Traces of the last version, when only comments or blank space changed.
    let key = tree
        .as_ref()
        .filter(|_| !found.is_empty() && snap.traces.is_some())
        .map(|tree| traces::TraceKey {
            code: syntax::code_fingerprint(&file.text, tree),
            under: format!(
                "{:?} {:?} {:?}",
                ctx.modes(),
                options.budget,
                workspace.as_ref().map(|w| w.roots().to_vec())
            ),
        });
    // Another analysis of the document may hold the cache: go without it.
    let mut kept = snap.traces.as_ref().and_then(|c| c.try_lock().ok());
    let reused = match (&key, kept.as_deref_mut()) {
        (Some(key), Some(kept)) => kept.take(
            key,
            &file,
            &found,
            workspace.as_deref(),
            snap.imports.as_ref().map(|i| &i.open),
        ),
        _ => None,
    };
    let reused_traces = reused.is_some();
    let (entries, reads): (Vec<(EntryPoint, Vec<TraceResult>)>, _) = match reused {
        Some((entries, reads)) => (entries, Some(reads)),
        None => (
            found
                .into_iter()
                .map(|entry| {
                    let runs = trace_entry(&ctx, &entry, &options);
                    (entry, runs)
                })
                .collect(),
            None,
        ),
    };
    timings.lap(if reused_traces {
        "traces reused"
    } else {
        "trace"
    });
    let scopes = facts::function_scopes(&file);
    let mut views = Views::default();
    for (index, (entry, runs)) in entries.iter().enumerate() {
        views.entry(&ctx, &scopes, index, entry, runs);
    }
    timings.lap("programs");

    // Another analysis of the document may hold the cache (one in another
    // mode, say): go without it then.
    let mut cache = snap.modules.as_ref().and_then(|c| c.try_lock().ok());
    let modules = if snap.config.modules && !snap.project.modules_off {
        // Classes an entry runs only in non-strict mode (recorded on the
        // top-level `forward`'s lines) are traced too, for their shapes.
        let reached = diagnostics::build::traced_by_entries(&file, &entries, ctx.modes());
        let analyses = export::modules::analyze_modules(
            &file,
            &ctx.modes().for_module_traces(),
            &options,
            &reached,
            &snap.project.modules,
            cache.as_deref_mut(),
        );
        timings.lap("modules: trace");
        for (i, a) in analyses.iter().enumerate() {
            views.module(&ctx, &scopes, entries.len() + i, a);
        }
        timings.lap("modules");
        analyses
    } else {
        Vec::new()
    };
    facts::assignment_bindings(&file, &scopes, &mut views.hover);

    let files = diagnostics::files::Files::new(file.clone(), workspace.clone());
    let published = publish::convert(&ctx, &files, &diagnostics(&ctx, &files, &entries, &modules));
    if let Some(cache) = cache.as_deref_mut() {
        cache.store(&file, modules);
    }
    let inlay_sites = if snap.config.inlay_hints {
        inlay::inlay_sites(&ctx, &scopes)
    } else {
        Vec::new()
    };
    let inlay_hints = inlay_hints(&inlay_sites, &views.hover);
    timings.lap("diagnostics + hints");
    let deps = workspace.as_ref().map(|w| w.files()).unwrap_or_default();
    if let Some(kept) = kept.as_deref_mut() {
        match key {
            Some(key) => {
                let reads = reads.unwrap_or_else(|| traces::Reads::now(workspace.as_deref()));
                kept.store(key, file.clone(), entries, reads);
            }
            None => kept.clear(),
        }
    }
    let analysis = FileAnalysis {
        timings: timings.laps,
        rope: snap.rope.clone(),
        version: snap.version,
        generation: snap.generation,
        diagnostics: published.diagnostics,
        hover: views.hover,
        inlay_hints,
        inlay_sites,
        actions: published.actions,
        entry_actions: views.entry_actions,
        lenses: views.lenses,
        programs: views.programs,
        foreign: published.foreign,
        foreign_hover: views
            .foreign_hover
            .into_iter()
            .filter_map(|((path, line), facts)| Some((Uri::from_file_path(&path)?, line, facts)))
            .collect(),
        deps,
        elapsed: Duration::ZERO,
    };
    (analysis, tree)
}

/// The snapshot's text parsed (incrementally, from the previous tree and
/// the document's lowered statements when it keeps them), with the new
/// syntax tree.
fn parse(snap: &Snapshot, text: String) -> (Arc<SourceFile>, Option<syntax::Tree>) {
    // Another analysis of the document may hold the cache (one in another
    // mode, say): parse without it then.
    let mut cache = snap.lowered.as_ref().and_then(|c| c.try_lock().ok());
    let (parsed, tree) = match cache.as_deref_mut() {
        Some(cache) => syntax::parse_reusing(&text, snap.tree.as_ref(), cache),
        None => syntax::parse_incremental(&text, snap.tree.as_ref()),
    };
    drop(cache);
    let file = Arc::new(SourceFile {
        path: snap.path.clone(),
        index: syntax::LineIndex::new(&text),
        text,
        module: parsed.module,
        syntax_errors: parsed.errors,
    });
    (file, tree)
}

/// An entry point traced in the modes the settings report; when strict
/// mode fails and non-strict is not reported, non-strict too, to know
/// whether only strict mode fails (the "strict=False" quick fix).
fn trace_entry(ctx: &Ctx, entry: &EntryPoint, options: &tracer::TraceOptions) -> Vec<TraceResult> {
    let wanted = ctx.modes().for_entry(entry);
    let draft_options;
    let options = if export::draft::is_draft(entry) {
        draft_options = runtime::draft_trace_options(ctx.file, entry, options.clone());
        &draft_options
    } else {
        options
    };
    let trace = |mode: Mode| tracer::trace_entry_with(ctx.file.clone(), entry, mode, options);
    let mut runs: Vec<TraceResult> = wanted.iter().map(|m| trace(*m)).collect();
    let strict_failed = runs
        .iter()
        .any(|r| r.mode == Mode::Strict && matches!(r.outcome, TraceOutcome::Failed(_)));
    if strict_failed && !wanted.contains(&Mode::NonStrict) {
        runs.push(trace(Mode::NonStrict));
    }
    runs
}

/// The diagnostics of the analysis, as the settings and the project's
/// configuration ask for them.
fn diagnostics(
    ctx: &Ctx,
    files: &diagnostics::files::Files,
    entries: &[(EntryPoint, Vec<TraceResult>)],
    modules: &[ModuleAnalysis],
) -> diagnostics::FileDiagnostics {
    diagnostics::build(&diagnostics::FileInput {
        files,
        entries,
        modules,
        options: &diagnostics_options(ctx),
    })
}

/// The diagnostics options the settings and the project's configuration
/// make.
fn diagnostics_options(ctx: &Ctx) -> diagnostics::Options {
    let snap = ctx.snap;
    diagnostics::Options {
        modes: ctx.modes(),
        guards: snap
            .config
            .guards
            .then(|| publish::model_severity(snap.config.guard_severity)),
        strict_analysis: false,
        filter: snap.project.filter.clone(),
        excluded: snap.project.excluded,
        report_unused_suppressions: false,
    }
}

/// What the handlers show besides diagnostics, gathered entry by entry.
#[derive(Default)]
struct Views {
    hover: HoverTable,
    /// The entry (or module) that recorded each 0-based line first.
    hover_owner: HashMap<u32, usize>,
    foreign_hover: BTreeMap<(String, u32), LineFacts>,
    programs: Vec<ProgramText>,
    lenses: Vec<CodeLens>,
    entry_actions: Vec<(Range, CodeAction)>,
}

impl Views {
    /// An entry point's programs, hover facts and code lenses.
    fn entry(
        &mut self,
        ctx: &Ctx,
        scopes: &[facts::Scope<'_>],
        index: usize,
        entry: &EntryPoint,
        runs: &[TraceResult],
    ) {
        let wanted = ctx.modes().for_entry(entry);
        if let Some(action) = lenses::batch_dynamic_action(ctx, entry, runs) {
            self.entry_actions.push(action);
        }
        for r in runs.iter().filter(|_| ctx.snap.programs) {
            self.programs.push(ProgramText {
                entry_line: entry.line,
                mode: r.mode,
                reported: wanted.contains(&r.mode),
                text: lenses::program_text(entry, r, &ctx.file.path),
            });
        }
        let (hover, owner) = (&mut self.hover, &mut self.hover_owner);
        if let Some(p) = facts::record_runs(ctx.file, scopes, runs, index, None, hover, owner) {
            facts::record_foreign_program(p, &mut self.foreign_hover);
        }
        for r in runs.iter().filter(|r| wanted.contains(&r.mode)) {
            for g in r.guards.iter().filter(|g| g.path.is_none()) {
                if let Some(line) = g.line {
                    let facts = self.hover.lines.entry(line.saturating_sub(1)).or_default();
                    if !facts.guards.contains(&g.expr) {
                        facts.guards.push(g.expr.clone());
                    }
                }
            }
        }
        self.lenses
            .extend(lenses::entry_lenses(ctx, entry, runs, &wanted));
    }

    /// A module's "Export this module" lens and hover facts.
    fn module(&mut self, ctx: &Ctx, scopes: &[facts::Scope<'_>], index: usize, a: &ModuleAnalysis) {
        self.lenses.push(lenses::export_module_lens(ctx, &a.entry));
        if a.runs.is_empty() {
            return;
        }
        let forward = a
            .module()
            .and_then(|m| export::modules::forward_lines(ctx.file, &m.class))
            .map(|(lo, _)| lo);
        let (hover, owner) = (&mut self.hover, &mut self.hover_owner);
        let _ = facts::record_runs(ctx.file, scopes, &a.runs, index, forward, hover, owner);
    }
}
