//! The runtime of quick runs: runs a program traced by `tracer` on concrete
//! tensors (candle-core, CPU) to give quick numeric results without Python
//! or torch, number for number with eager PyTorch on the deterministic
//! values of report-schema.md ("Numeric outputs").
//!
//! Modules: [`value`] (runtime values and dtypes), [`exec`] (the graph
//! executor, symbol binding, memory estimate), [`concrete`] (the
//! evaluator of the tracer's concrete mode), [`kernels`] (the kernels, in
//! tables keyed by ATen target), [`inputs`] (initial values of parameters,
//! buffers, constants and inputs), [`init`] (`--init random`), [`weights`]
//! (`--weights`) and [`pickle`] (the bounded reader of torch checkpoints'
//! pickles), [`summary`] (the numeric JSON), [`error`].

pub mod concrete;
pub mod error;
pub mod exec;
pub mod init;
pub mod inputs;
pub mod kernels;
pub mod pickle;
pub mod summary;
pub mod value;
pub mod weights;

use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{Value as Json, json};
use tracer::entry::TraceOptions;
use tracer::entry::{EntryPoint, TracedProgram};
use tracer::graph::{MetaVal, OutputKind};
use tracer::{FailureKind, Mode, SourceFile, TraceOutcome};

pub use error::{Error, ErrorKind, Res};
pub use exec::Limits;
pub use value::{RVal, T};

/// The result of running one entry point.
pub struct EntryRun {
    pub name: String,
    pub line: u32,
    pub result: Res<RunOutput>,
    /// Why the program that ran is not the exported one, if it is not.
    pub note: Option<String>,
}

/// Where parameter values come from.
#[derive(Clone, Debug, Default)]
pub enum Init {
    /// report-schema.md's deterministic values.
    #[default]
    Deterministic,
    /// torch's default initializers' distributions from a seeded generator.
    Random { seed: u64 },
}

/// Everything a run can be asked to do differently from the defaults.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub limits: Limits,
    pub init: Init,
    /// A state dict that replaces the parameters and persistent buffers.
    pub weights: Option<Rc<weights::StateDict>>,
    /// `--input NAME=SHAPE`: run at other sizes.
    pub input_shapes: Vec<(String, Vec<usize>)>,
    /// Execute the graph this many times (at least once) and report the
    /// median execution time.
    pub repeat: u32,
}

/// What a run produced.
pub struct RunOutput {
    /// The user outputs, flattened as the graph returns them.
    pub outputs: Vec<RVal>,
    /// Their structure as `forward` returned them.
    pub tree: Option<tracer::graph::OutputTree>,
    /// Wall time of the whole run (values and execution), in seconds.
    pub seconds: f64,
    /// Wall time of making the values the run starts from, in seconds.
    pub values_seconds: f64,
    /// Wall time of executing the graph (the median over repeats), in seconds.
    pub exec_seconds: f64,
    /// The estimated peak of live tensor bytes.
    pub peak_bytes: u128,
}

/// Run a traced program on the values `options` ask for.
pub fn run_program(
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    program: &TracedProgram,
    options: &RunOptions,
) -> Res<RunOutput> {
    // The model's values are made by running its code: their reference
    // cycles are broken when the run returns (its outputs are plain data).
    let _cycles = tracer::CycleGuard::start();
    let start = Instant::now();
    let limits = options.limits;
    let mut ctx = exec::Ctx::new(&program.env, limits);
    if let Init::Random { seed } = options.init {
        ctx.sampler = Some(init::Sampler::new(seed));
    }
    let named = export::name_program(program, Mode::NonStrict);
    let overrides = inputs::bind_input_shapes(&mut ctx, program, &options.input_shapes)?;
    let peak = exec::peak_bytes(&ctx, &program.graph, &program.inputs, &named.order);
    if peak > limits.max_memory as u128 {
        return Err(Error::new(
            ErrorKind::Memory,
            format!(
                "running this program needs about {} of live tensors, more than --max-memory ({})",
                exec::human_bytes(peak),
                exec::human_bytes(limits.max_memory as u128)
            ),
        ));
    }
    let mut values = inputs::Values::recover(file, entry);
    values.sampler = ctx.sampler.clone();
    values.overrides = overrides;
    if let Some(sd) = &options.weights {
        values.check_weights(sd, program, &ctx)?;
        values.weights = Some(sd.clone());
    }
    let assigned = values.assign(file, entry, program, &ctx)?;
    let mut placeholders = Vec::with_capacity(assigned.len());
    for (id, v) in assigned {
        if let (MetaVal::Tensor { shape, .. }, RVal::Tensor(t)) = (&program.graph.node(id).val, &v)
        {
            ctx.bind_shape(shape, t.dims(), "input")?;
        }
        placeholders.push((id, v));
    }
    ctx.check_guards()?;
    let values_seconds = start.elapsed().as_secs_f64();
    let mut times = Vec::new();
    let mut outs = Vec::new();
    for _ in 0..options.repeat.max(1) {
        let t0 = Instant::now();
        let mut ex = exec::Exec::new(&program.graph);
        for (id, v) in &placeholders {
            ex.set(*id, v.clone());
        }
        outs = ex.run(&mut ctx, &named.order)?;
        times.push(t0.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let outputs = outs
        .into_iter()
        .filter(|(k, _)| *k == OutputKind::User)
        .map(|(_, v)| v)
        .collect();
    Ok(RunOutput {
        outputs,
        tree: program.graph.output_tree.clone(),
        seconds: start.elapsed().as_secs_f64(),
        values_seconds,
        exec_seconds: times[times.len() / 2],
        peak_bytes: peak,
    })
}

/// The traces of a `torch.export.draft_export(...)` entry: `base`'s
/// options with draft semantics, deciding on tensor data with the example
/// inputs' own values (see [`tracer::entry::TraceOptions::draft`]).
pub fn draft_options(
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    base: tracer::OptionsFactory,
) -> tracer::OptionsFactory {
    let (file, entry) = (file.clone(), entry.clone());
    Arc::new(move || draft_trace_options(&file, &entry, base()))
}

/// [`draft_options`] for one trace.
pub fn draft_trace_options(
    file: &Arc<SourceFile>,
    entry: &EntryPoint,
    mut options: TraceOptions,
) -> TraceOptions {
    options.draft = true;
    options.concrete = Some(Rc::new(concrete::Evaluator::on_example_values(
        file.clone(),
        entry.clone(),
        exec::Limits::default(),
    )));
    options
}

/// Trace an entry for a quick run: the exported program when it computes
/// what eager PyTorch computes, otherwise the program eager runs, with a
/// note saying why: traced at the example sizes when the export fails on
/// its `dynamic_shapes` spec; traced in concrete mode (decisions on tensor
/// data follow the values) when it fails on a data-dependent decision or
/// keeps floats read from tensor data as constants. A concrete-mode trace
/// that would pass `--max-memory` is the run's error.
fn trace_for_run(
    f: &Arc<SourceFile>,
    e: &EntryPoint,
    limits: Limits,
) -> Res<(tracer::TraceResult, Option<String>)> {
    // Eager PyTorch returns what `forward` returns, flattenable or not.
    let mut options = TraceOptions {
        opaque_outputs: true,
        ..TraceOptions::default()
    };
    let mut traced = tracer::trace_entry_with(f.clone(), e, Mode::NonStrict, &options);
    let mut note = None;
    let mut concrete_why = None;
    if let TraceOutcome::Failed(fail) = &traced.outcome {
        // Eager PyTorch does not look at the `dynamic_shapes` spec: when
        // the export fails on it, the program traced at the example sizes
        // computes what eager does.
        options.static_shapes = true;
        let fixed = tracer::trace_entry_with(f.clone(), e, Mode::NonStrict, &options);
        let first_line = fail.message.lines().next().unwrap_or_default();
        let data_dependent = fail.kind == FailureKind::DataDependent
            || matches!(&fixed.outcome, TraceOutcome::Failed(f2) if f2.kind == FailureKind::DataDependent);
        if matches!(fixed.outcome, TraceOutcome::Exported(_)) {
            note = Some(format!(
                "the export fails with its dynamic_shapes spec ({first_line}); this ran the program traced with every dim static at the example sizes, which is what eager PyTorch computes"
            ));
            traced = fixed;
        } else if data_dependent {
            concrete_why = Some(format!(
                "the export fails on a data-dependent decision ({first_line})"
            ));
        } else {
            // Other failures may need tensor data too (formatting a
            // tensor's value): a trace that knows the values tells.
            concrete_why = Some(format!("the export fails ({first_line})"));
        }
    }
    if let TraceOutcome::Exported(p) = &traced.outcome
        && concrete::reads_float_items(&p.graph)
    {
        concrete_why = Some(
            "the program reads floats from tensor data (`.item()`, `.tolist()`), which the exported graph keeps as constants"
                .to_string(),
        );
    }
    let Some(why) = concrete_why else {
        return Ok((traced, note));
    };
    // Eager PyTorch knows the values: trace again, deciding on tensor data
    // with the values this run starts from.
    options.static_shapes = true;
    let eval = Rc::new(concrete::Evaluator::new(f.clone(), e.clone(), limits));
    options.concrete = Some(eval.clone());
    let eager = tracer::trace_entry_with(f.clone(), e, Mode::NonStrict, &options);
    if matches!(eager.outcome, TraceOutcome::Exported(_)) {
        let note = format!(
            "{why}; this ran the program traced in concrete mode: values read from tensor data, and the branches taken on them, are the ones eager PyTorch has on these inputs"
        );
        return Ok((eager, Some(note)));
    }
    if let Some(err) = eval.last_error() {
        if err.kind == ErrorKind::Memory {
            return Err(err);
        }
        note = Some(format!(
            "{why}; a trace in concrete mode (deciding on tensor data as eager PyTorch does) could not compute a value it needed: {err}"
        ));
    }
    Ok((traced, note))
}

/// Trace every entry point of a file (non-strict) and run it. Never panics:
/// a panic inside a kernel library becomes an internal error.
pub fn run_source(path: &str, text: &str, options: &RunOptions) -> Vec<EntryRun> {
    let file = SourceFile::parse(path, text);
    let mut out = Vec::new();
    for entry in tracer::find_entries(&file) {
        let f = file.clone();
        let e = entry.clone();
        let mut note = None;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let (traced, why) = trace_for_run(&f, &e, options.limits)?;
            note = why;
            match &traced.outcome {
                TraceOutcome::Exported(p) => run_program(&f, &e, p, options),
                TraceOutcome::Failed(fail) if !fail.is_verdict() => Err(Error::new(
                    ErrorKind::AnalysisIncomplete,
                    format!("no program to run: {}", fail.message),
                )),
                TraceOutcome::Failed(fail) => Err(Error::new(
                    ErrorKind::ExportFails,
                    format!("export fails, nothing to run: {}", fail.message),
                )),
            }
        }))
        .unwrap_or_else(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(Error::internal(format!("the runtime panicked: {msg}")))
        });
        out.push(EntryRun {
            name: entry.name.clone(),
            line: entry.line,
            result,
            note,
        });
    }
    out
}

/// `{"name": ..., "numeric": {"outputs": OUT}}`, or `{"error": ...}` in
/// place of `outputs` when the run failed.
pub fn entry_json(r: &EntryRun) -> Json {
    let numeric = match &r.result {
        Ok(o) => match summary::outputs(&o.outputs, o.tree.as_ref()) {
            Ok(out) => json!({"outputs": out}),
            Err(e) => json!({"error": {"kind": e.label(), "message": e.message}}),
        },
        Err(e) => json!({"error": {"kind": e.label(), "message": e.message}}),
    };
    let mut doc = json!({"name": r.name, "line": r.line, "numeric": numeric});
    if let Ok(o) = &r.result {
        doc["timing"] = json!({
            "total_ms": o.seconds * 1e3,
            "values_ms": o.values_seconds * 1e3,
            "graph_ms": o.exec_seconds * 1e3,
        });
        doc["live_peak_bytes"] = json!(o.peak_bytes as u64);
    }
    if let Some(note) = &r.note {
        doc["note"] = json!(note);
    }
    doc
}

/// The whole document of `exportlens run --json`.
pub fn file_json(path: &str, runs: &[EntryRun]) -> Json {
    json!({"file": path, "entries": runs.iter().map(entry_json).collect::<Vec<_>>()})
}
