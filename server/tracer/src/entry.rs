//! Entry points and the trace driver: finds what to export in a file (the
//! ExportDB layout, explicit `torch.export.export(...)` calls wherever they
//! are written, see [`find`]), runs the module code up to the export call
//! (the entry hook: the interpreter stops when it reaches the call and
//! hands over the arguments it evaluated; a function the module code does
//! not call is called directly), builds the example inputs with their
//! symbolic shapes, runs `forward` in the chosen mode and packages the
//! graph, its signature, its guards and range constraints, or the failure.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use shapes::{Bound, SymExpr};
use syntax::TextRange;
use syntax::ast::{Arg as AstArg, Expr, ExprKind, Stmt, StmtKind};

use crate::failure::{Failure, FailureKind, Note};
use crate::graph::{
    Arg, DictKey, Graph, InputKind, MetaVal, Node, NodeId, NodeOp, Output, OutputKind, OutputTree,
};
use crate::interp::{Flow, Frame, Interp, R};
use crate::shape_env::ShapeEnv;
use crate::spec::{DimRequest, SymbolFactory};
use crate::value::{Object, Provenance, Scope, Tensor, Value};
use crate::{Budget, Mode, SourceFile};

pub mod assumed;
mod dynamo_names;
mod find;

pub use assumed::{ModuleEntry, ModuleOverride, module_entries, trace_module};
pub use find::{CallScope, find_entries, may_hold_entry};

/// Something to export.
#[derive(Clone, Debug)]
pub struct EntryPoint {
    /// `model` for the ExportDB layout; the call text otherwise.
    pub name: String,
    /// 1-based line of the definition.
    pub line: u32,
    pub range: TextRange,
    pub kind: EntryKind,
}

#[derive(Clone, Debug)]
pub enum EntryKind {
    /// Module-level `model`, `example_args`, `example_kwargs`, `dynamic_shapes`.
    ExportDb,
    /// `torch.export.export(model, args, kwargs=None, dynamic_shapes=..., strict=...)`.
    ExportCall {
        call: Box<Expr>,
        strict: Option<bool>,
        /// Where the call runs.
        scope: CallScope,
    },
    /// A module no export call reaches, traced on assumed inputs (see
    /// [`assumed`]).
    Module(Arc<ModuleEntry>),
}

impl EntryPoint {
    /// The modes to report: what the call asks for, else both.
    pub fn strict_request(&self) -> Option<bool> {
        match &self.kind {
            EntryKind::ExportCall { strict, .. } => *strict,
            EntryKind::ExportDb | EntryKind::Module(_) => None,
        }
    }
}

fn assigns_name(s: &Stmt, name: &str) -> bool {
    match &s.kind {
        StmtKind::Assign { targets, .. } => targets.iter().any(|t| name_of(t) == Some(name)),
        StmtKind::AnnAssign { target, .. } => name_of(target) == Some(name),
        _ => false,
    }
}

fn name_of(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(n) => Some(n),
        _ => None,
    }
}

/// A guard as reported: over input sources, with the user line.
#[derive(Clone, Debug)]
pub struct ReportedGuard {
    pub expr: String,
    pub line: Option<u32>,
    /// The file of `line`, when it is not the traced file.
    pub path: Option<String>,
}

/// A traced program: the graph plus what the exporter needs to name and
/// print it.
pub struct TracedProgram {
    pub graph: Graph,
    /// Placeholders in graph-signature order.
    pub inputs: Vec<NodeId>,
    pub env: ShapeEnv,
    /// Range constraints: printed key and bounds.
    pub range_constraints: Vec<(String, Bound, Bound)>,
}

pub enum TraceOutcome {
    Exported(Box<TracedProgram>),
    Failed(Box<Failure>),
}

pub struct TraceResult {
    pub mode: Mode,
    pub outcome: TraceOutcome,
    pub guards: Vec<ReportedGuard>,
    pub notes: Vec<Note>,
    /// Draft export: the data-dependent decisions taken on the example
    /// inputs' values (each asserted at run time).
    pub decided_on_examples: Vec<crate::failure::ExampleDecision>,
    /// Draft export: the constraint violation of the first trace, after
    /// which this one ran with every Dim of the spec as `Dim.AUTO`.
    pub retraced_after: Option<Box<Failure>>,
    /// A failed trace's graph as recorded up to the failure (its inputs
    /// are the placeholders made so far; no outputs, no range
    /// constraints): what ran before the failure, for hover and the
    /// program view. `None` for an export, or when nothing was recorded.
    pub partial: Option<Box<TracedProgram>>,
    /// An entry on assumed inputs: the input sizes (`x.size()[1]`) and the
    /// values that would have met an equality the example sizes
    /// contradicted, in the order found (see [`assumed`]).
    pub hint_conflicts: Vec<(String, i64)>,
    /// The trace started from installed libraries' state an earlier trace
    /// on its thread kept (`interp::reuse`) instead of running their code.
    pub reused_libraries: bool,
    /// An entry on assumed inputs whose constructor arguments were
    /// completed while building it (a config object shrunk): the
    /// arguments as built, call text (see [`assumed`]).
    pub built_init: Option<String>,
}

/// The values an entry exports with.
pub struct ExportArgs {
    pub model: Value,
    pub args: Vec<Value>,
    pub kwargs: Vec<(String, Value)>,
    pub dynamic_shapes: Value,
}

/// How to trace: the limits, and where local imports are read from.
#[derive(Clone, Default)]
pub struct TraceOptions {
    pub budget: Budget,
    /// The workspace imports resolve in; `None`: imports of anything but
    /// the modules the tracer models are unknown values.
    pub workspace: Option<Rc<crate::imports::Workspace>>,
    /// Ignore the `dynamic_shapes` spec: every dim static at its example
    /// size, the program eager PyTorch computes on the example inputs.
    pub static_shapes: bool,
    /// Concrete mode: decisions on tensor data ask this evaluator for the
    /// value and follow the branch eager PyTorch takes (off: `None`).
    pub concrete: Option<Rc<dyn crate::concrete::ConcreteEval>>,
    /// `torch.export.draft_export` (non-strict traces; needs `concrete` for
    /// the example inputs' values): a decision on tensor data is taken on
    /// those values and asserted at run time, and a `dynamic_shapes`
    /// constraint violation traces again with every Dim as `Dim.AUTO`.
    pub draft: bool,
    /// Quick runs: an output object export cannot flatten (a plain
    /// dataclass) is kept as an opaque leaf of the output tree, as eager
    /// PyTorch returns it, instead of failing the trace.
    pub opaque_outputs: bool,
    /// Run installed libraries' and the prelude's module code afresh
    /// instead of starting from the state an earlier trace on this thread
    /// left (`interp::reuse`; off by default), and keep nothing for later.
    pub fresh_libraries: bool,
}

/// Trace one entry in one mode. Never panics on user input.
pub fn trace_entry(
    file: Arc<SourceFile>,
    entry: &EntryPoint,
    mode: Mode,
    budget: Budget,
) -> TraceResult {
    let options = TraceOptions {
        budget,
        ..TraceOptions::default()
    };
    trace_entry_with(file, entry, mode, &options)
}

/// Makes the options of one trace; called on the thread that traces (the
/// options hold that thread's workspace).
pub type OptionsFactory = Arc<dyn Fn() -> TraceOptions + Send + Sync>;

/// [`trace_entry_with`] in each of `modes`: the first on this thread, the
/// others on the process's helper thread at the same time (the traces
/// share nothing but the parses, which are process-wide); results in the
/// order of `modes`.
pub fn trace_entry_modes(
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    modes: &[Mode],
    options: &OptionsFactory,
) -> Vec<TraceResult> {
    let Some((&first, others)) = modes.split_first() else {
        return Vec::new();
    };
    let pending: Vec<_> = others
        .iter()
        .map(|&mode| {
            let (file, entry, options) = (file.clone(), entry.clone(), options.clone());
            let job = move || trace_entry_with(file, &entry, mode, &options());
            (mode, crate::helper::spawn(job))
        })
        .collect();
    let mut results = vec![trace_entry_with(file.clone(), entry, first, &options())];
    for (mode, result) in pending {
        // The helper could not run it (no thread, or the trace panicked
        // there): trace here, where a panic is the caller's as it would be
        // without the helper.
        results.push(
            result
                .and_then(|r| r.recv().ok())
                .unwrap_or_else(|| trace_entry_with(file.clone(), entry, mode, &options())),
        );
    }
    results
}

/// Results cross threads ([`trace_entry_modes`]).
const _: fn() = || {
    fn sendable<T: Send>() {}
    sendable::<TraceResult>();
};

/// [`trace_entry`] with options (a workspace for local imports). Runs
/// inside [`crate::helper::guarded`]: a panic, a bug by the tracer's
/// design, is an "analysis incomplete" failure at the entry, not the end
/// of the process.
pub fn trace_entry_with(
    file: Arc<SourceFile>,
    entry: &EntryPoint,
    mode: Mode,
    options: &TraceOptions,
) -> TraceResult {
    crate::helper::guarded(|| trace_unguarded(file, entry, mode, options)).unwrap_or_else(|panic| {
        tracing::error!(entry = %entry.name, ?mode, %panic, "the trace panicked");
        let mut failure = Failure::new(
            FailureKind::Incomplete,
            format!("analysis incomplete: internal error while tracing: {panic}"),
        );
        failure.range = Some(entry.range);
        failure.line = Some(entry.line);
        TraceResult {
            mode,
            outcome: TraceOutcome::Failed(Box::new(failure)),
            guards: Vec::new(),
            notes: Vec::new(),
            decided_on_examples: Vec::new(),
            retraced_after: None,
            partial: None,
            hint_conflicts: Vec::new(),
            reused_libraries: false,
            built_init: None,
        }
    })
}

fn trace_unguarded(
    file: Arc<SourceFile>,
    entry: &EntryPoint,
    mode: Mode,
    options: &TraceOptions,
) -> TraceResult {
    let draft = options.draft && mode == Mode::NonStrict;
    let first = trace_once(file.clone(), entry, mode, options, draft, false);
    match &first.outcome {
        TraceOutcome::Failed(f) if draft && f.kind == FailureKind::ConstraintViolation => {
            let mut again = trace_once(file, entry, mode, options, true, true);
            again.retraced_after = Some(f.clone());
            again
        }
        _ => first,
    }
}

fn trace_once(
    file: Arc<SourceFile>,
    entry: &EntryPoint,
    mode: Mode,
    options: &TraceOptions,
    draft: bool,
    dims_as_auto: bool,
) -> TraceResult {
    // Declared first, dropped last: frees the trace's values (see `cycles`).
    let mut collector = crate::cycles::Collector::start();
    let reuse_key = crate::interp::reuse::ReuseKey {
        mode,
        workspace: options.workspace.as_ref(),
        special: options.concrete.is_some() || draft || dims_as_auto || options.fresh_libraries,
    };
    let (mut interp, kept) =
        crate::interp::reuse::interpreter(&reuse_key, options.budget, file.clone());
    let reused_libraries = !interp.modules.is_empty();
    interp.workspace = options.workspace.clone();
    interp.concrete = options.concrete.clone();
    interp.draft = draft;
    interp.dims_as_auto = dims_as_auto;
    interp.opaque_outputs = options.opaque_outputs;
    let result = run(&mut interp, &file, entry, options.static_shapes);
    interp.sync_guard_paths();
    let env = match &result {
        Ok(p) => &p.env,
        Err(_) => &interp.env,
    };
    let hint_conflicts = env
        .hint_conflicts
        .iter()
        .filter_map(|(s, v)| Some((env.info(*s).source.clone()?, *v)))
        .collect();
    let guards = env
        .reported_guards()
        .into_iter()
        .map(|(expr, line, i)| ReportedGuard {
            expr,
            line,
            path: i.and_then(|i| interp.guard_paths.get(i).cloned().flatten()),
        })
        .collect();
    let outcome = match result {
        Ok(p) => TraceOutcome::Exported(Box::new(p)),
        Err(f) => TraceOutcome::Failed(f),
    };
    let outcome = judge_completeness(&interp, outcome);
    let partial = match outcome {
        TraceOutcome::Failed(_) => partial_program(&mut interp),
        TraceOutcome::Exported(_) => None,
    };
    let result = TraceResult {
        mode,
        outcome,
        guards,
        notes: std::mem::take(&mut interp.notes),
        decided_on_examples: std::mem::take(&mut interp.decided_on_examples),
        retraced_after: None,
        partial,
        hint_conflicts,
        reused_libraries,
        built_init: interp.built_init.take(),
    };
    crate::interp::reuse::keep(&reuse_key, interp, kept, &mut collector);
    result
}

/// The graph a failed trace recorded, when it stopped in `forward` itself
/// (inside a subgraph the graph at hand is the subgraph's) after recording
/// an op.
fn partial_program(interp: &mut Interp) -> Option<Box<TracedProgram>> {
    let recorded = interp
        .graph
        .nodes
        .iter()
        .any(|n| matches!(n.op, NodeOp::CallFunction { .. }));
    if interp.in_subgraph > 0 || !recorded {
        return None;
    }
    // Lifted state before user inputs, as in an exported program.
    let (user, state): (Vec<NodeId>, Vec<NodeId>) = (0..interp.graph.nodes.len())
        .map(|i| NodeId(i as u32))
        .filter(|id| matches!(interp.graph.node(*id).op, NodeOp::Placeholder(_)))
        .partition(|id| {
            matches!(
                interp.graph.node(*id).op,
                NodeOp::Placeholder(InputKind::User(_))
            )
        });
    let inputs = state.into_iter().chain(user).collect();
    Some(Box::new(TracedProgram {
        graph: std::mem::take(&mut interp.graph),
        inputs,
        env: std::mem::take(&mut interp.env),
        range_constraints: Vec::new(),
    }))
}

/// A program the tracer cannot vouch for becomes "analysis incomplete":
/// its `forward` went through code the tracer did not follow, so its graph
/// lacks what that code records. Failures stand as they are: each was found
/// on code the tracer did follow (what it could not follow yields unknown
/// values, which ops propagate instead of rejecting).
fn judge_completeness(interp: &Interp, outcome: TraceOutcome) -> TraceOutcome {
    if let TraceOutcome::Failed(f) = &outcome {
        // An error (a shape contradiction, an exception) after the tracer
        // assumed something about a value it could not follow may come from
        // the assumption (parts left out, a branch torch would not take);
        // so may the same exception where Dynamo observes it (GB0088).
        let observed_exception = f.kind == FailureKind::GraphBreak
            && f.raised_by.is_some_and(|r| r.observed_by_dynamo());
        if (f.kind == FailureKind::Other || observed_exception)
            && let Some((range, path, what)) = &interp.structure_assumed
        {
            let line = match path {
                None => interp.entry_file.line_of(range.start),
                Some(p) => interp
                    .file_for_path(p)
                    .map_or(1, |file| file.line_of(range.start)),
            };
            let place = path.as_deref().unwrap_or("this file");
            let mut downgraded = Failure::new(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: {} (the tracer assumed {what}, at {place}:{line})",
                    f.message
                ),
            );
            downgraded.range = f.range;
            downgraded.line = f.line;
            downgraded.path = f.path.clone();
            return TraceOutcome::Failed(Box::new(downgraded));
        }
        return outcome;
    }
    let noted = interp.forward_notes_from.and_then(|from| {
        interp
            .notes
            .iter()
            .skip(from)
            .find(|n| n.kind == crate::failure::NoteKind::Incomplete)
    });
    let (range, path, mut message) = match (noted, &interp.unknown_used_in_forward) {
        (Some(n), _) => (n.range, n.path.clone(), n.message.clone()),
        (None, Some((range, path, why))) => (
            *range,
            path.clone(),
            format!("`forward` uses a value the tracer could not follow ({why})"),
        ),
        (None, None) => return outcome,
    };
    if !message.starts_with("analysis incomplete") {
        message = format!("analysis incomplete: {message}");
    }
    let mut f = Failure::new(FailureKind::Incomplete, message);
    f.range = Some(range);
    f.line = Some(match &path {
        None => interp.entry_file.line_of(range.start),
        Some(p) => interp
            .file_for_path(p)
            .map_or(1, |file| file.line_of(range.start)),
    });
    f.path = path;
    TraceOutcome::Failed(Box::new(f))
}

fn flow_to_failure(interp: &Interp, flow: Flow) -> Failure {
    match flow {
        Flow::Fail(f) => *f,
        Flow::Raise(e) => {
            let mut f = crate::evidence::failure_of_exception(&e, interp.mode);
            if e.range.is_some() {
                f.range = e.range;
                f.path = e.path;
            } else {
                f.range = Some(interp.current_range());
                f.path = interp.current_path();
            }
            f.line = e.line.or_else(|| interp.failure_line());
            f
        }
        Flow::Return(_) | Flow::Break | Flow::Continue => {
            Failure::new(FailureKind::Other, "control flow escaped a function")
        }
    }
}

fn run(
    interp: &mut Interp,
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    static_shapes: bool,
) -> Result<TracedProgram, Box<Failure>> {
    let globals = Scope::new(None);
    // The entry file runs as a script: `if __name__ == "__main__":` blocks
    // run. A model file traced for its modules is imported, not run.
    let name = match &entry.kind {
        EntryKind::Module(_) => std::path::Path::new(&file.path)
            .file_stem()
            .map_or("__model__".into(), |s| s.to_string_lossy().into_owned()),
        _ => "__main__".to_string(),
    };
    globals
        .vars
        .borrow_mut()
        .insert("__name__".into(), Value::str(&name));
    interp.env.record_conflicts = matches!(entry.kind, EntryKind::Module(_));
    interp.frames.push(Frame {
        file: file.clone(),
        range: TextRange::default(),
        function: None,
        scope: Some(globals.clone()),
    });
    let call_scope = match &entry.kind {
        EntryKind::ExportCall { scope, .. } => {
            interp.entry_hook = Some(entry.range);
            Some(scope)
        }
        EntryKind::ExportDb | EntryKind::Module(_) => None,
    };
    // Module code: each statement on its own, so one failure does not hide
    // the rest, until the entry's export call is reached.
    for s in &file.module.body {
        if let StmtKind::Expr(e) = &s.kind
            && e.range != entry.range
            && find::is_export_call(e)
        {
            continue;
        }
        let result = interp.exec(s, &globals);
        if interp.entry_captured.is_some() {
            interp.frames.truncate(1);
            break;
        }
        match result {
            Ok(()) => {}
            Err(Flow::Fail(f)) if f.message.contains("step budget") => return Err(f),
            Err(flow) => {
                let f = flow_to_failure(interp, flow);
                // The export inputs themselves could not be built: nothing
                // below can be trusted.
                let defines_input = ["model", "example_args", "example_kwargs", "dynamic_shapes"]
                    .iter()
                    .any(|n| assigns_name(s, n));
                if defines_input && matches!(entry.kind, EntryKind::ExportDb) {
                    let mut f = Failure::new(
                        FailureKind::Incomplete,
                        format!(
                            "analysis incomplete: this line, which defines an export input, could not be evaluated: {}{}",
                            f.message,
                            match (&f.path, f.line) {
                                (Some(p), Some(l)) => format!(" (at {p}:{l})"),
                                _ => String::new(),
                            }
                        ),
                    );
                    f.range = Some(s.range);
                    f.line = Some(file.line_of(s.range.start));
                    return Err(Box::new(f));
                }
                interp.incomplete(
                    s.range,
                    format!(
                        "analysis incomplete: module code failed here: {}",
                        f.message
                    ),
                );
            }
        }
    }
    // The module code did not reach a call in a function: call the function.
    if let Some(scope) = call_scope
        && interp.entry_captured.is_none()
    {
        reach_in_function(interp, file, entry, scope, &globals)?;
    }
    interp.entry_hook = None;
    // Spec and input errors point at the `dynamic_shapes` definition (or
    // the entry itself).
    let spec_range = spec_definition(call_scope, entry.range)
        .or_else(|| {
            file.module
                .body
                .iter()
                .rev()
                .find(|s| assigns_name(s, "dynamic_shapes"))
                .map(|s| s.range)
        })
        .unwrap_or(entry.range);
    interp.set_range(spec_range);
    let mut ea = match interp.entry_captured.take() {
        Some((pos, kw)) => call_export_args(interp, pos, kw),
        // A module-level call the module code did not reach (a statement
        // before it failed): its arguments in the module's globals.
        None => export_args(interp, entry, &globals),
    }
    .map_err(|f| Box::new(flow_to_failure(interp, f)))?;
    if static_shapes {
        ea.dynamic_shapes = Value::None;
    }
    let program = trace_model(interp, ea).map_err(|f| Box::new(flow_to_failure(interp, f)))?;
    Ok(program)
}

/// The last `dynamic_shapes = ...` before the export call in the function
/// that makes it (searched through nested blocks).
fn spec_definition(scope: Option<&CallScope>, call: TextRange) -> Option<TextRange> {
    fn search(stmts: &[Stmt], call: TextRange, found: &mut Option<TextRange>, depth: u32) {
        if depth > 100 {
            return;
        }
        for s in stmts {
            if s.range.start >= call.start {
                return;
            }
            if assigns_name(s, "dynamic_shapes") {
                *found = Some(s.range);
            }
            for b in s.inner_blocks() {
                search(b, call, found, depth + 1);
            }
        }
    }
    let def = match scope? {
        CallScope::Module => return None,
        CallScope::Function(d) | CallScope::Method { def: d, .. } | CallScope::Nested(d) => d,
    };
    let mut found = None;
    search(def.body(), call, &mut found, 0);
    found
}

/// The module code ran without reaching the export call: it sits in a
/// function nothing at module level calls (a test, a method, a `main`
/// behind a condition the tracer did not take). Call that function
/// directly, each parameter bound to its default or, without one, to an
/// unknown value (`self` of a method too: no instance is made), until the
/// entry hook captures the call's arguments (into `interp.entry_captured`;
/// `interp.frames` holds the module's frame only). A call it does not
/// reach is "analysis incomplete", never an export verdict.
pub fn reach_in_function(
    interp: &mut Interp,
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    scope: &CallScope,
    globals: &Rc<Scope>,
) -> Result<(), Box<Failure>> {
    let incomplete = |message: String, range: TextRange, line: Option<u32>, path| {
        let mut f = Failure::new(FailureKind::Incomplete, message);
        f.range = Some(range);
        f.line = Some(line.unwrap_or_else(|| file.line_of(range.start)));
        f.path = path;
        Box::new(f)
    };
    let (def, what) = match scope {
        // Module code that did not reach the call: its arguments are
        // evaluated in the module's globals (see `run`).
        CallScope::Module => return Ok(()),
        CallScope::Function(def) => (def, format!("`{}`", def.name)),
        CallScope::Method { class, def } => (def, format!("`{class}.{}`", def.name)),
        CallScope::Nested(def) => {
            return Err(incomplete(
                format!(
                    "analysis incomplete: the export call is in the nested function `{}`, which the module code does not reach",
                    def.name
                ),
                entry.range,
                None,
                None,
            ));
        }
    };
    let mut defaults = crate::value::NameMap::default();
    let mut kwargs = Vec::new();
    let p = &def.params;
    for param in p.posonly.iter().chain(&p.args).chain(&p.kwonly) {
        match &param.default {
            Some(d) => {
                interp.set_range(d.range);
                let v = match interp.eval(d, globals) {
                    Ok(v) => v,
                    Err(Flow::Fail(f)) if f.message.contains("step budget") => return Err(f),
                    Err(_) => Value::unknown(&format!(
                        "the default of parameter `{}` of {what} could not be evaluated",
                        param.name
                    )),
                };
                defaults.insert(param.name.clone(), v);
            }
            None => kwargs.push((
                param.name.clone(),
                Value::unknown(&format!(
                    "parameter `{}` of {what}, which the module code does not call, has no default",
                    param.name
                )),
            )),
        }
    }
    let func = Rc::new(crate::value::Function {
        name: Rc::from(def.name.as_str()),
        qualname: Rc::from(def.name.as_str()),
        params: def.params.clone(),
        body: crate::value::FunctionBody::Def(def.clone()),
        defaults,
        closure: globals.clone(),
        globals: globals.clone(),
        file: file.clone(),
        kind: crate::value::FunctionKind::Plain,
        attrs: Default::default(),
    });
    interp.entry_hook = Some(entry.range);
    interp.set_range(def.range);
    let result = interp.call_function(&func, vec![], kwargs);
    interp.frames.truncate(1);
    if interp.entry_captured.is_some() {
        return Ok(());
    }
    match result {
        Err(Flow::Fail(f)) if f.message.contains("step budget") => Err(f),
        Err(flow) => {
            let f = flow_to_failure(interp, flow);
            let message = f
                .message
                .strip_prefix("analysis incomplete: ")
                .unwrap_or(&f.message);
            Err(incomplete(
                format!(
                    "analysis incomplete: {what} fails before it reaches the export call (line {}): {message}",
                    entry.line
                ),
                f.range.unwrap_or(entry.range),
                f.line,
                f.path.clone(),
            ))
        }
        Ok(_) => Err(incomplete(
            format!(
                "analysis incomplete: the export call is not reached when {what} runs (a branch or loop the tracer did not take?)"
            ),
            entry.range,
            None,
            None,
        )),
    }
}

fn export_args(
    interp: &mut Interp,
    entry: &EntryPoint,
    globals: &Rc<Scope>,
) -> Result<ExportArgs, Flow> {
    match &entry.kind {
        EntryKind::ExportDb => {
            let get = |n: &str| globals.vars.borrow().get(n).cloned();
            let model = get("model").unwrap_or(Value::None);
            let args = match get("example_args") {
                Some(Value::Tuple(ref t)) => t.to_vec(),
                Some(Value::List(ref l)) => l.borrow().clone(),
                Some(v) => vec![v],
                None => vec![],
            };
            let kwargs = keyword_args(interp, get("example_kwargs"))?;
            let dynamic_shapes = get("dynamic_shapes").unwrap_or(Value::None);
            Ok(ExportArgs {
                model,
                args,
                kwargs,
                dynamic_shapes,
            })
        }
        EntryKind::Module(m) => assumed::export_args(interp, m, globals),
        EntryKind::ExportCall { call, .. } => {
            let ExprKind::Call { args, .. } = &call.kind else {
                return Err(interp.type_error("export entry is not a call"));
            };
            interp.set_range(call.range);
            let mut pos = Vec::new();
            let mut kw = Vec::new();
            for a in args {
                match a {
                    AstArg::Positional(e) => pos.push(interp.eval(e, globals)?),
                    AstArg::Keyword { name, value, .. } => {
                        kw.push((name.clone(), interp.eval(value, globals)?))
                    }
                    AstArg::Starred(e) => {
                        let v = interp.eval(e, globals)?;
                        pos.extend(interp.iterate(&v)?);
                    }
                    AstArg::DoubleStarred(_) => {}
                }
            }
            call_export_args(interp, pos, kw)
        }
    }
}

/// `torch.export.export(mod, args, kwargs=None, *, dynamic_shapes=None,
/// strict=...)` called with these evaluated arguments: what it exports.
pub fn call_export_args(
    interp: &mut Interp,
    pos: Vec<Value>,
    kw: Vec<(String, Value)>,
) -> Result<ExportArgs, Flow> {
    let take = |i: usize, k: &str| -> Value {
        kw.iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .or_else(|| pos.get(i).cloned())
            .unwrap_or(Value::None)
    };
    let model = take(0, "mod");
    let args = match take(1, "args") {
        Value::Tuple(ref t) => t.to_vec(),
        Value::None => vec![],
        v => vec![v],
    };
    let kwargs = keyword_args(interp, Some(take(2, "kwargs")))?;
    let dynamic_shapes = take(3, "dynamic_shapes");
    Ok(ExportArgs {
        model,
        args,
        kwargs,
        dynamic_shapes,
    })
}

/// The forward's parameters, for binding example inputs.
struct ForwardParams {
    positional: Vec<String>,
    vararg: Option<String>,
    kwonly: Vec<String>,
}

fn forward_params(model: &Rc<Object>) -> ForwardParams {
    if let Some((Value::Function(ref f), _)) = model.class.python_lookup("forward") {
        let mut f = f.clone();
        // inspect.signature follows `__wrapped__` (functools.wraps).
        for _ in 0..16 {
            let next = f.attrs.borrow().get("__wrapped__").cloned();
            match next {
                Some(Value::Function(ref w)) => {
                    f = w.clone();
                }
                _ => break,
            }
        }
        let p = &f.params;
        return ForwardParams {
            positional: p
                .posonly
                .iter()
                .chain(p.args.iter())
                .skip(1)
                .map(|x| x.name.clone())
                .collect(),
            vararg: p.vararg.as_ref().map(|v| v.name.clone()),
            kwonly: p.kwonly.iter().map(|x| x.name.clone()).collect(),
        };
    }
    let names: &[&str] = match model.class.builtin_base().as_deref() {
        Some("torch.nn.MultiheadAttention") => &[
            "query",
            "key",
            "value",
            "key_padding_mask",
            "need_weights",
            "attn_mask",
        ],
        _ => &["input"],
    };
    ForwardParams {
        positional: names.iter().map(|s| s.to_string()).collect(),
        vararg: None,
        kwonly: vec![],
    }
}

/// How a bound input is passed to forward.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Positional,
    VarArgs,
    Keyword,
}

/// An input bound to forward: its parameter name, its value, how it is passed.
type BoundInput = (String, Value, Slot);

/// Bind example inputs to forward's parameters as `inspect.signature.bind`
/// does, in signature order.
fn bind_inputs(fp: &ForwardParams, args: &[Value], kwargs: &[(String, Value)]) -> Vec<BoundInput> {
    let mut out = Vec::new();
    let mut it = args.iter();
    for n in &fp.positional {
        match it.next() {
            Some(v) => out.push((n.clone(), v.clone(), Slot::Positional)),
            None => break,
        }
    }
    let rest: Vec<Value> = it.cloned().collect();
    if let Some(va) = &fp.vararg
        && !rest.is_empty()
    {
        out.push((va.clone(), Value::tuple(rest), Slot::VarArgs));
    }
    for n in fp.positional.iter().chain(fp.kwonly.iter()) {
        if let Some((_, v)) = kwargs.iter().find(|(k, _)| k == n) {
            out.push((n.clone(), v.clone(), Slot::Keyword));
        }
    }
    for (k, v) in kwargs {
        if !fp.positional.contains(k) && !fp.kwonly.contains(k) {
            out.push((k.clone(), v.clone(), Slot::Keyword));
        }
    }
    out
}

/// Puts the bound inputs (in signature order, as the spec is matched) in
/// the order export flattens `(args, kwargs)`: positional inputs first, then
/// the keyword inputs in the order the caller's dict gives them. The leaf
/// specs move with their inputs.
fn flat_input_order(
    interp: &mut Interp,
    bound: Vec<BoundInput>,
    specs: crate::spec::LeafSpecs,
    kwargs: &[(String, Value)],
) -> Result<(Vec<BoundInput>, crate::spec::LeafSpecs), Flow> {
    let mut chunks = Vec::with_capacity(bound.len());
    let mut specs = specs.into_iter();
    for (name, v, slot) in bound {
        let n = crate::spec::tensor_leaf_count(interp, &v)?;
        let chunk: Vec<_> = specs.by_ref().take(n).collect();
        chunks.push(((name, v, slot), chunk));
    }
    let given = |name: &str| kwargs.iter().position(|(k, _)| k == name);
    // A stable sort: positional inputs keep their places before all keywords.
    chunks.sort_by_key(|((name, _, slot), _)| match slot {
        Slot::Keyword => given(name).map_or(usize::MAX, |i| i + 1),
        Slot::Positional | Slot::VarArgs => 0,
    });
    let mut out_bound = Vec::with_capacity(chunks.len());
    let mut out_specs = Vec::new();
    for (b, chunk) in chunks {
        out_bound.push(b);
        out_specs.extend(chunk);
    }
    Ok((out_bound, out_specs))
}

fn trace_model(interp: &mut Interp, ea: ExportArgs) -> Result<TracedProgram, Flow> {
    let model = model_object(interp, &ea.model)?;
    let fp = forward_params(&model);
    let bound = bind_inputs(&fp, &ea.args, &ea.kwargs);
    let params_for_spec: Vec<(String, Value)> = bound
        .iter()
        .map(|(n, v, _)| (n.clone(), v.clone()))
        .collect();
    let leaf_specs = crate::spec::leaf_specs(interp, &ea.dynamic_shapes, &params_for_spec)?;
    let (bound, leaf_specs) = flat_input_order(interp, bound, leaf_specs, &ea.kwargs)?;

    let state = LiftedState::of(&model);
    let user = fake_user_inputs(interp, &bound, &leaf_specs)?;
    for (_, t) in &state.params {
        interp.lifted.remove(&t.id);
    }
    let tied = match interp.mode {
        Mode::NonStrict => state.lift_tied(interp),
        Mode::Strict => TiedState::default(),
    };
    // The state lifted so far is named now, so that a concrete evaluator
    // (see `concrete`) can tell which values the placeholders hold.
    for (tid, node) in &interp.lifted.clone() {
        if let Some(kind) = state.kind_of(*tid)
            && let NodeOp::Placeholder(k) = &mut interp.graph.node_mut(*node).op
        {
            *k = kind;
        }
    }

    interp.tracing = true;
    interp.forward_notes_from = Some(interp.notes.len());
    let out = interp.call_module(model.clone(), user.args, user.kwargs)?;
    let mut outputs = Vec::new();
    let tree = flatten_output(interp, &out, &mut outputs)?;
    if interp.mode == Mode::Strict {
        check_requires_grad_outputs(interp, &outputs)?;
    }
    interp.tracing = false;
    interp.graph.outputs = outputs;
    interp.graph.output_tree = Some(tree);

    let factory = user.factory;
    factory.link_groups(interp)?;
    if let Some(f) = crate::spec::check_constraints(interp, &factory.dynamic) {
        return Err(Flow::Fail(Box::new(f)));
    }
    if let Some(f) = factory.hint_range_violations(interp) {
        return Err(Flow::Fail(Box::new(f)));
    }
    factory.apply_hint_ranges(interp);
    if interp.mode == Mode::Strict {
        interp.aot_metadata_guards();
    }
    crate::runtime_asserts::insert(interp);
    merge_input_size_reads(interp);

    let mut inputs = state.signature_order(interp, &model, tied);
    inputs.extend(user.nodes);
    let range_constraints = range_constraints(interp, &inputs);
    interp.sync_guard_paths();
    Ok(TracedProgram {
        graph: std::mem::take(&mut interp.graph),
        inputs,
        env: std::mem::take(&mut interp.env),
        range_constraints,
    })
}

/// The exported model as an nn.Module instance, or why it is not one.
fn model_object(interp: &mut Interp, model: &Value) -> Result<Rc<Object>, Flow> {
    if let Value::Unknown(why) = model {
        return Err(interp.fail(
            FailureKind::Incomplete,
            format!("analysis incomplete: the model could not be built ({why})"),
        ));
    }
    let Value::Object(object) = model else {
        return Err(interp.fail(
            FailureKind::Other,
            format!(
                "`model` must be an nn.Module instance, not {}",
                model.type_name()
            ),
        ));
    };
    if object.module.is_none() {
        return Err(interp.fail(
            FailureKind::Other,
            format!("`{}` is not an nn.Module", object.class.name),
        ));
    }
    Ok(object.clone())
}

/// The user inputs as `forward` receives them: fake tensors with symbolic
/// sizes, their placeholders, and the symbols made for them.
struct UserInputs {
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
    nodes: Vec<NodeId>,
    factory: SymbolFactory,
}

fn fake_user_inputs(
    interp: &mut Interp,
    bound: &[(String, Value, Slot)],
    leaf_specs: &crate::spec::LeafSpecs,
) -> Result<UserInputs, Flow> {
    let mut factory = SymbolFactory::default();
    let mut leaf_index = 0usize;
    let mut user_nodes = Vec::new();
    let mut fake_args = Vec::new();
    let mut fake_kwargs = Vec::new();
    let (mut arg_trees, mut kwarg_trees) = (Vec::new(), Vec::new());
    let mut arg_names = Vec::new();
    for (name, v, slot) in bound {
        match slot {
            Slot::Positional => {
                arg_trees.push(input_tree(interp, v)?);
                arg_names.push(name.clone());
            }
            Slot::VarArgs => {
                for (i, it) in interp.iterate(v)?.into_iter().enumerate() {
                    arg_trees.push(input_tree(interp, &it)?);
                    arg_names.push(format!("{name}_{i}"));
                }
            }
            Slot::Keyword => kwarg_trees.push((DictKey::Str(name.clone()), input_tree(interp, v)?)),
        }
        let torch_path = format!("L['{name}']");
        let fv = fake_input(
            interp,
            name,
            &torch_path,
            v,
            leaf_specs,
            &mut leaf_index,
            &mut factory,
            &mut user_nodes,
        )?;
        match slot {
            Slot::Positional => fake_args.push(fv),
            Slot::VarArgs => fake_args.extend(interp.iterate(&fv)?),
            Slot::Keyword => fake_kwargs.push((name.clone(), fv)),
        }
    }
    // Keyword arguments in the order torch flattens them
    // (`flat_input_order`), which its input spec keeps.
    arg_names.extend(kwarg_trees.iter().map(|(k, _)| k.to_string()));
    interp.graph.forward_arg_names = arg_names;
    interp.graph.input_tree = Some(OutputTree::Seq(vec![
        OutputTree::Seq(arg_trees),
        OutputTree::Dict(kwarg_trees),
    ]));
    Ok(UserInputs {
        args: fake_args,
        kwargs: fake_kwargs,
        nodes: user_nodes,
        factory,
    })
}

/// Strict mode: an output that `requires_grad_()` in `forward` reaches is
/// a graph break torch finds on the graph's outputs.
fn check_requires_grad_outputs(interp: &mut Interp, outputs: &[Output]) -> Result<(), Flow> {
    if interp.grad_enabled_in_forward.is_empty() {
        return Ok(());
    }
    let marked = std::mem::take(&mut interp.grad_enabled_in_forward);
    let mut nodes = Vec::new();
    for o in outputs {
        crate::graph::Graph::arg_nodes(&o.arg, &mut nodes);
    }
    if !nodes
        .iter()
        .any(|&n| interp.graph.grad_flows_from(n, &marked))
    {
        return Ok(());
    }
    // Found on the graph's outputs, at no line of the user's.
    let mut f = Failure::new(
        FailureKind::GraphBreak,
        "returning intermediate with requires_grad_(): functionalization would drop its requires_grad",
    )
    .with_code("GB7324");
    f.hint = Some(
        "call .detach() on the returned tensor, or set requires_grad outside `forward`".into(),
    );
    f.range = Some(interp.current_range());
    f.path = interp.current_path();
    Err(Flow::Fail(Box::new(f)))
}

/// The model's parameters, buffers and constant tensors when the trace
/// starts: first names (what strict mode lifts) and every name, tied ones
/// included (what non-strict mode lifts).
struct LiftedState {
    params: Vec<(String, Rc<Tensor>)>,
    buffers: Vec<(String, Rc<Tensor>, bool)>,
    constants: Vec<(String, Rc<Tensor>)>,
    all_params: Vec<(String, Rc<Tensor>)>,
    all_buffers: Vec<(String, Rc<Tensor>, bool)>,
}

/// Non-strict mode's placeholders for tied parameters and buffers beyond
/// their first names.
#[derive(Default)]
struct TiedState {
    placeholders: Vec<NodeId>,
    buffers: Vec<NodeId>,
    /// Each tied parameter's placeholder under its last name.
    last_names: HashMap<u32, NodeId>,
}

impl LiftedState {
    fn of(model: &Rc<Object>) -> LiftedState {
        let tree = crate::module::named_modules(model);
        let every_path = crate::module::named_modules_with_duplicates(model);
        LiftedState {
            params: crate::module::parameters_of(&tree),
            buffers: crate::module::buffers_of(&tree),
            constants: crate::module::constants_of(&tree),
            all_params: crate::module::parameters_with_duplicates_of(&every_path),
            all_buffers: crate::module::buffers_with_duplicates_of(&every_path),
        }
    }

    /// Non-strict lifts every parameter and buffer name, tied ones included.
    fn lift_tied(&self, interp: &mut Interp) -> TiedState {
        let mut tied = TiedState::default();
        for (_, t) in &self.params {
            interp.tensor_node(t);
        }
        for (name, t) in &self.all_params {
            if self.params.iter().any(|(n, _)| n == name) {
                continue;
            }
            let id = interp.graph.push(Node::placeholder(
                InputKind::Parameter(name.clone()),
                interp.meta_of(t),
            ));
            tied.placeholders.push(id);
            tied.last_names.insert(t.id, id);
        }
        for (_, t, _) in &self.buffers {
            interp.tensor_node(t);
        }
        for (name, t, persistent) in &self.all_buffers {
            if self.buffers.iter().any(|(n, _, _)| n == name) {
                continue;
            }
            let id = interp.graph.push(Node::placeholder(
                InputKind::Buffer {
                    target: name.clone(),
                    persistent: *persistent,
                },
                interp.meta_of(t),
            ));
            tied.buffers.push(id);
        }
        tied
    }

    /// What the lifted tensor `id` is to the program, by its first name.
    fn kind_of(&self, id: u32) -> Option<InputKind> {
        if let Some((n, _)) = self.params.iter().find(|(_, t)| t.id == id) {
            return Some(InputKind::Parameter(n.clone()));
        }
        if let Some((n, _, p)) = self.buffers.iter().find(|(_, t, _)| t.id == id) {
            return Some(InputKind::Buffer {
                target: n.clone(),
                persistent: *p,
            });
        }
        if let Some((n, _)) = self.constants.iter().find(|(_, t)| t.id == id) {
            return Some(InputKind::ConstantTensor(n.clone()));
        }
        None
    }

    /// The lifted placeholders in signature order (parameters, buffers,
    /// constants), each named as torch names it.
    fn signature_order(
        &self,
        interp: &mut Interp,
        model: &Rc<Object>,
        tied: TiedState,
    ) -> Vec<NodeId> {
        let defaults = dynamo_names::forward_default_names(model);
        let mut inputs = Vec::new();
        let lifted: Vec<(NodeId, u32)> = {
            let mut v: Vec<(NodeId, u32)> = interp.lifted.iter().map(|(t, n)| (*n, *t)).collect();
            v.sort();
            v
        };
        let mut ps = Vec::new();
        let mut bs = Vec::new();
        let mut cs = Vec::new();
        let mut lifted_count = 0;
        // State made while tracing (a lazy module initialized on the example
        // input) is named by the registries as they are now.
        let modules = crate::module::named_modules(model);
        let late_params = crate::module::parameters_of(&modules);
        let late_buffers = crate::module::buffers_of(&modules);
        let late_kind = |id: u32| -> Option<InputKind> {
            if let Some((n, _)) = late_params.iter().find(|(_, t)| t.id == id) {
                return Some(InputKind::Parameter(n.clone()));
            }
            late_buffers
                .iter()
                .find(|(_, t, _)| t.id == id)
                .map(|(n, _, p)| InputKind::Buffer {
                    target: n.clone(),
                    persistent: *p,
                })
        };
        for (node, tid) in &lifted {
            let kind = self
                .kind_of(*tid)
                .or_else(|| late_kind(*tid))
                .or_else(|| {
                    // Dynamo lifts a default of `forward` by its source.
                    (interp.mode == Mode::Strict)
                        .then(|| defaults.get(tid).cloned())
                        .flatten()
                        .map(InputKind::ConstantTensor)
                })
                .unwrap_or_else(|| {
                    // Named under the module whose `forward` first used it.
                    let owner = interp
                        .lift_owners
                        .get(tid)
                        .and_then(|o| modules.iter().find(|(_, m)| Rc::ptr_eq(m, o)))
                        .map(|(path, _)| path.as_str())
                        .unwrap_or("");
                    let name = format!("lifted_tensor_{lifted_count}");
                    lifted_count += 1;
                    InputKind::ConstantTensor(if owner.is_empty() {
                        name
                    } else {
                        format!("{owner}.{name}")
                    })
                });
            // A tied parameter in strict mode is named by the path `forward`
            // read it by; its target stays the first registered name.
            if let (InputKind::Parameter(_), Some((owner, attr))) =
                (&kind, interp.param_reads.get(tid))
                && interp.mode == Mode::Strict
                && let Some((path, _)) = modules.iter().find(|(_, m)| Rc::ptr_eq(m, owner))
            {
                let read_as = if path.is_empty() {
                    attr.clone()
                } else {
                    format!("{path}.{attr}")
                };
                if self
                    .all_params
                    .iter()
                    .any(|(p, t)| *p == read_as && t.id == *tid)
                {
                    interp.graph.read_names.insert(*node, read_as);
                }
            }
            // A shared buffer in strict mode keeps its first name but targets
            // its last one (torch maps the tensor to each name in turn).
            let kind = match kind {
                InputKind::Buffer { target, persistent } if interp.mode == Mode::Strict => {
                    let last = self
                        .all_buffers
                        .iter()
                        .rev()
                        .find(|(_, t, _)| t.id == *tid)
                        .map(|(n, _, _)| n.clone());
                    match last {
                        Some(last) if last != target => {
                            interp.graph.read_names.insert(*node, target);
                            InputKind::Buffer {
                                target: last,
                                persistent,
                            }
                        }
                        _ => InputKind::Buffer { target, persistent },
                    }
                }
                other => other,
            };
            if let NodeOp::Placeholder(k) = &mut interp.graph.node_mut(*node).op {
                *k = kind.clone();
            }
            match kind {
                InputKind::Parameter(_) => ps.push(*node),
                InputKind::Buffer { .. } => bs.push(*node),
                _ => cs.push(*node),
            }
        }
        if interp.mode == Mode::NonStrict {
            // torch maps a tied parameter to its last name: what `forward`
            // read reads that placeholder.
            for (tid, last) in &tied.last_names {
                if let Some(first) = interp.lifted.get(tid).copied() {
                    interp.graph.replace_uses(first, *last);
                }
            }
            ps.extend(tied.placeholders.iter().copied());
            bs.extend(tied.buffers.iter().copied());
            let param_order: HashMap<&str, usize> = self
                .all_params
                .iter()
                .enumerate()
                .rev()
                .map(|(i, (p, _))| (p.as_str(), i))
                .collect();
            let buffer_order: HashMap<&str, usize> = self
                .all_buffers
                .iter()
                .enumerate()
                .rev()
                .map(|(i, (p, _, _))| (p.as_str(), i))
                .collect();
            let order = |n: &NodeId| -> usize {
                let found = match &interp.graph.node(*n).op {
                    NodeOp::Placeholder(InputKind::Parameter(q)) => param_order.get(q.as_str()),
                    NodeOp::Placeholder(InputKind::Buffer { target, .. }) => {
                        buffer_order.get(target.as_str())
                    }
                    _ => None,
                };
                found.copied().unwrap_or(usize::MAX)
            };
            ps.sort_by_cached_key(order);
            bs.sort_by_cached_key(order);
        }
        inputs.extend(ps);
        inputs.extend(bs);
        inputs.extend(cs);
        inputs
    }
}

#[allow(clippy::too_many_arguments)]
fn fake_input(
    interp: &mut Interp,
    name: &str,
    torch_path: &str,
    v: &Value,
    specs: &crate::spec::LeafSpecs,
    leaf: &mut usize,
    factory: &mut SymbolFactory,
    nodes: &mut Vec<NodeId>,
) -> Result<Value, Flow> {
    match v {
        Value::Tensor(t) => {
            let req = specs.get(*leaf).cloned().flatten();
            *leaf += 1;
            let mut shape = Vec::with_capacity(t.rank());
            for (i, d) in t.shape.iter().enumerate() {
                let hint = d.as_const().unwrap_or(1);
                let r = req
                    .as_ref()
                    .and_then(|r| r.get(i).cloned())
                    .unwrap_or(DimRequest::Static);
                let torch_source = match interp.mode {
                    Mode::Strict => format!("L['flat_args'][{}].size()[{i}]", *leaf - 1),
                    Mode::NonStrict => format!("{torch_path}.size()[{i}]"),
                };
                shape.push(factory.dim(
                    interp,
                    &r,
                    &torch_source,
                    format!("{name}.size()[{i}]"),
                    hint,
                )?);
            }
            let mut nt = interp.new_tensor(t.dtype, shape, Provenance::Graph);
            if let Some(t) = Rc::get_mut(&mut nt) {
                t.input_storage = true;
            }
            let node = interp.graph.push(Node {
                op: NodeOp::Placeholder(InputKind::User(name.to_string())),
                val: interp.meta_of(&nt),
                line: None,
                code: None,
                base_name: name.to_string(),
                side_effect: false,
                late_named: false,
                hidden: false,
                probe: false,
            });
            nt.node.set(Some(node));
            nodes.push(node);
            Ok(Value::Tensor(nt))
        }
        Value::Tuple(_) | Value::List(_) => {
            let items = interp.iterate(v)?;
            let mut out = Vec::new();
            for (i, it) in items.iter().enumerate() {
                out.push(interp.nested("", |interp| {
                    fake_input(
                        interp,
                        &format!("{name}_{i}"),
                        &format!("{torch_path}[{i}]"),
                        it,
                        specs,
                        leaf,
                        factory,
                        nodes,
                    )
                })?);
            }
            Ok(if matches!(v, Value::Tuple(_)) {
                Value::tuple(out)
            } else {
                Value::list(out)
            })
        }
        Value::Dict(d) => {
            let items = d.borrow().entries().to_vec();
            let mut nd = crate::value::Dict::default();
            for (k, it) in items {
                let key = dict_key(interp, &k)?;
                let path_key = match &k {
                    Value::Str(s) => format!("{torch_path}['{s}']"),
                    other => format!("{torch_path}[{}]", interp.repr(other)?),
                };
                let fv = interp.nested("", |interp| {
                    fake_input(
                        interp,
                        &format!("{name}_{key}"),
                        &path_key,
                        &it,
                        specs,
                        leaf,
                        factory,
                        nodes,
                    )
                })?;
                nd.insert(k, fv);
            }
            Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(nd))))
        }
        Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Str(_) | Value::None => {
            let text = interp.repr(v)?;
            let node = interp.graph.push(Node {
                op: NodeOp::Placeholder(InputKind::User(name.to_string())),
                val: if v.is_none() {
                    MetaVal::None
                } else {
                    MetaVal::Const(text)
                },
                line: None,
                code: None,
                base_name: name.to_string(),
                side_effect: false,
                late_named: false,
                hidden: false,
                probe: false,
            });
            nodes.push(node);
            Ok(v.clone())
        }
        other => Ok(other.clone()),
    }
}

/// The pytree of an example input as [`fake_input`] flattens it: every
/// value it makes a placeholder for is a leaf; any other value is opaque.
fn input_tree(interp: &mut Interp, v: &Value) -> Result<OutputTree, Flow> {
    Ok(match v {
        Value::Tensor(_)
        | Value::Int(_)
        | Value::Float(_)
        | Value::Bool(_)
        | Value::Str(_)
        | Value::None => OutputTree::Leaf,
        Value::Tuple(_) | Value::List(_) => {
            let mut items = Vec::new();
            for it in interp.iterate(v)? {
                items.push(input_tree(interp, &it)?);
            }
            if matches!(v, Value::List(_)) {
                OutputTree::List(items)
            } else {
                OutputTree::Seq(items)
            }
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries().to_vec();
            let mut items = Vec::new();
            for (k, it) in entries {
                let key = dict_key(interp, &k)?;
                items.push((key, input_tree(interp, &it)?));
            }
            OutputTree::Dict(items)
        }
        other => OutputTree::Opaque(other.type_name().to_string()),
    })
}

/// A dict key of the inputs or outputs, its type kept.
fn dict_key(interp: &mut Interp, k: &Value) -> Result<DictKey, Flow> {
    Ok(match k {
        Value::Str(s) => DictKey::Str(s.to_string()),
        Value::Int(i) => DictKey::Int(*i),
        Value::Bool(b) => DictKey::Bool(*b),
        Value::None => DictKey::None,
        other => DictKey::Other(interp.to_str(other)?),
    })
}

/// Appends the leaves of `v` to `out` as export flattens them and returns
/// the tree they came from.
fn flatten_output(
    interp: &mut Interp,
    v: &Value,
    out: &mut Vec<Output>,
) -> Result<OutputTree, Flow> {
    let mut leaf = |arg: Arg| {
        out.push(Output {
            arg,
            kind: OutputKind::User,
        });
        Ok(OutputTree::Leaf)
    };
    match v {
        Value::Tensor(t) => {
            let n = interp.tensor_node(t);
            leaf(Arg::Node(n))
        }
        Value::SymInt(e) => {
            let a = interp.sym_arg(e);
            leaf(a)
        }
        // A float read from data (`.item()`) is the node that reads it.
        Value::SymFloat(_, Some(n)) => leaf(Arg::Node(*n)),
        Value::Int(i) => leaf(Arg::Int(*i)),
        Value::Float(f) => leaf(Arg::Float(*f)),
        Value::Bool(b) => leaf(Arg::Bool(*b)),
        Value::None => leaf(Arg::None),
        Value::Str(s) => leaf(Arg::Str(s.to_string())),
        Value::Tuple(_) | Value::List(_) => {
            let mut items = Vec::new();
            for it in interp.iterate(v)? {
                items.push(interp.nested("", |interp| flatten_output(interp, &it, out))?);
            }
            Ok(if matches!(v, Value::List(_)) {
                OutputTree::List(items)
            } else {
                OutputTree::Seq(items)
            })
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries().to_vec();
            let mut items = Vec::new();
            for (key, it) in entries {
                let key = dict_key(interp, &key)?;
                let tree = interp.nested("", |interp| flatten_output(interp, &it, out))?;
                items.push((key, tree));
            }
            Ok(OutputTree::Dict(items))
        }
        Value::Object(o)
            if let Some(flatten) = interp
                .pytree_nodes
                .iter()
                .find(|(class, _)| Rc::ptr_eq(class, &o.class))
                .map(|(_, f)| f.clone()) =>
        {
            // A registered pytree node: its flatten function's children.
            let flat = interp.call(&flatten, vec![v.clone()], vec![])?;
            let children = match interp.iterate(&flat)?.into_iter().next() {
                Some(children) => children,
                None => Value::tuple(vec![]),
            };
            interp.nested("", |interp| flatten_output(interp, &children, out))
        }
        Value::Object(o) if interp.opaque_outputs => {
            Ok(OutputTree::Opaque(o.class.name.to_string()))
        }
        Value::Object(o) => {
            // Found after tracing, at no line of the user's: an object
            // torch makes (a hook's handle) has no reconstruction in
            // Dynamo; any other is not a pytree node.
            let mut f = match o.class.prelude_namespace {
                Some(_) if interp.mode == Mode::Strict => Failure::new(
                    FailureKind::GraphBreak,
                    format!(
                        "Reconstruction failure: forward returns a `{}` object, which Dynamo cannot reconstruct",
                        o.class.name
                    ),
                )
                .with_code("GB0092"),
                _ => Failure::new(
                    FailureKind::Other,
                    format!(
                        "forward returns a `{}` object, which export cannot flatten; return a tuple or dict of tensors, or register the class as a pytree node",
                        o.class.name
                    ),
                ),
            };
            f.range = Some(interp.current_range());
            f.path = interp.current_path();
            Err(Flow::Fail(Box::new(f)))
        }
        Value::Unknown(_) => {
            interp.note_unknown_use(v);
            Ok(OutputTree::Seq(Vec::new()))
        }
        other => Err(interp.fail(
            FailureKind::Other,
            format!(
                "forward returns a {}, which export cannot flatten",
                other.type_name()
            ),
        )),
    }
}

/// torch's runtime-assertion pass reads each input size once, from the
/// input dim its final symbol was created for, and every size read made
/// while tracing is replaced by that read: two reads of sizes that guards
/// later made equal (`x.size(0)` and `y.size(0)` of one named `Dim`) become
/// one node, reading the dim whose symbol the equality kept.
fn merge_input_size_reads(interp: &mut Interp) {
    let anchored: Vec<NodeId> = interp.graph.anchors.iter().map(|(n, _)| *n).collect();
    let mut kept: Vec<(shapes::SymbolId, NodeId)> = Vec::new();
    for i in 0..interp.graph.nodes.len() {
        let id = NodeId(i as u32);
        let node = interp.graph.node(id);
        if !node.late_named || node.target() != Some("aten.sym_size.int") || anchored.contains(&id)
        {
            continue;
        }
        let MetaVal::Sym(e) = &node.val else {
            continue;
        };
        let Some(s) = interp.env.simplify(e).as_symbol() else {
            continue;
        };
        if let Some((_, first)) = kept.iter().find(|(k, _)| *k == s) {
            let first = *first;
            interp.graph.replace_uses(id, first);
            continue;
        }
        // A read only the dropped checks of torch's C++ code use is theirs
        // alone: later reads of the symbol are not folded into it.
        if only_probes_use(&interp.graph, id) {
            continue;
        }
        kept.push((s, id));
        if let Some(args) = interp.graph.input_dim_of(s) {
            let node = interp.graph.node_mut(id);
            node.val = MetaVal::Sym(SymExpr::symbol(s));
            if let NodeOp::CallFunction { args: a, .. } = &mut node.op {
                *a = args;
            }
        }
    }
}

/// Whether node `id` has users and every one of them is a probe.
fn only_probes_use(graph: &crate::graph::Graph, id: NodeId) -> bool {
    let mut used = false;
    for n in &graph.nodes {
        let mut deps = Vec::new();
        for a in n.args() {
            crate::graph::Graph::arg_nodes(a, &mut deps);
        }
        if deps.contains(&id) {
            if !n.probe {
                return false;
            }
            used = true;
        }
    }
    used && !graph.outputs.iter().any(|o| {
        let mut deps = Vec::new();
        crate::graph::Graph::arg_nodes(&o.arg, &mut deps);
        deps.contains(&id)
    })
}

/// Range constraints: every free symbol of the inputs, and every compound
/// size expression the inputs carry.
fn range_constraints(interp: &Interp, inputs: &[NodeId]) -> Vec<(String, Bound, Bound)> {
    let mut out: Vec<(String, Bound, Bound)> = Vec::new();
    let push = |key: String, lo: Bound, hi: Bound, out: &mut Vec<(String, Bound, Bound)>| {
        if !out.iter().any(|(k, _, _)| *k == key) {
            out.push((key, lo, hi));
        }
    };
    let spec_range = |e: &SymExpr| shapes::ValueRange::of(e, &|s| interp.env.info(s).spec_range);
    let mut exprs: Vec<SymExpr> = Vec::new();
    for n in inputs {
        if let MetaVal::Tensor { shape, .. } = &interp.graph.node(*n).val {
            for d in shape {
                let d = interp.env.simplify(d);
                if d.as_const().is_none() {
                    exprs.push(d);
                }
            }
        }
    }
    for e in &exprs {
        if e.as_symbol().is_none() {
            let r = interp
                .env
                .declared_ranges
                .get(e)
                .copied()
                .unwrap_or_else(|| spec_range(e));
            push(interp.env.render(e), r.lo, r.hi, &mut out);
        }
        for s in e.symbols() {
            let r = interp.env.info(s).spec_range;
            push(interp.env.render(&SymExpr::symbol(s)), r.lo, r.hi, &mut out);
        }
    }
    let mut unbacked = Vec::new();
    for (i, info) in interp.env.symbols.iter().enumerate() {
        if info.unbacked && !info.of_float {
            let s = shapes::SymbolId(i as u32);
            if interp.sym_nodes.contains_key(&s)
                || interp.graph.nodes.iter().any(|n| meta_mentions(&n.val, s))
            {
                unbacked.push((info.name.clone(), info.spec_range));
            }
        }
    }
    for (name, r) in &unbacked {
        push(name.clone(), r.lo, r.hi, &mut out);
    }
    // Strict mode traces twice (Dynamo, then the ATen re-trace): every
    // unbacked symbol shows up again under the next free name.
    // Integer (`u`) and float (`zuf`) symbols are numbered apart.
    if interp.mode == crate::Mode::Strict {
        for prefix in ["u", "zuf"] {
            let kind = |name: &str| {
                name.strip_prefix(prefix)
                    .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
            };
            let n = interp
                .env
                .symbols
                .iter()
                .filter(|i| i.unbacked && kind(&i.name))
                .count();
            let again = unbacked.iter().filter(|(name, _)| kind(name));
            for (k, (_, r)) in again.enumerate() {
                push(format!("{prefix}{}", n + k), r.lo, r.hi, &mut out);
            }
        }
    }
    out
}

fn meta_mentions(v: &MetaVal, s: shapes::SymbolId) -> bool {
    match v {
        MetaVal::Tensor { shape, .. } => shape.iter().any(|d| d.symbols().contains(&s)),
        MetaVal::Sym(e) => e.symbols().contains(&s),
        MetaVal::Tuple(items) => items.iter().any(|i| meta_mentions(i, s)),
        _ => false,
    }
}

/// The keyword arguments an export call passes to the model: the
/// string-keyed items of a dict (`example_kwargs`, `kwargs=`); none for
/// anything else.
fn keyword_args(interp: &mut Interp, v: Option<Value>) -> R<Vec<(String, Value)>> {
    match v {
        Some(v @ Value::Dict(_)) => Ok(interp
            .dict_items(&v)?
            .into_iter()
            .filter_map(|(k, v)| match k {
                Value::Str(ref s) => Some((s.to_string(), v)),
                _ => None,
            })
            .collect()),
        _ => Ok(vec![]),
    }
}
