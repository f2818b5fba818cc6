//! The values a run starts from, as report-schema.md ("Numeric outputs")
//! defines them: parameters (in `named_parameters()` order) and floating
//! user inputs hold `x[i] = sin(0.01*(i+1) + k)`; buffers, constants and
//! non-float inputs hold what the model's code builds.
//!
//! The traced program carries shapes only, so the module code is run again
//! through the tracer's public interpreter (no user code executes): once as
//! the tracer runs it, to read the model tree and the values the tracer
//! knows (`Tensor::known`: small literals, `arange`), and once with
//! recording on, so that buffers and example inputs built by tensor ops
//! (`torch.ones(32)`, `0.5 - 0.5*cos(...)`, `arange(80).reshape(4, 20) * 13`)
//! can be computed by running the recorded construction graph.

use std::rc::Rc;
use std::sync::Arc;

use syntax::TextRange;
use syntax::ast::{Arg as AstArg, ExprKind, StmtKind};
use tracer::dtype::DType;
use tracer::entry::{EntryKind, EntryPoint, TracedProgram};
use tracer::graph::{InputKind, MetaVal, NodeId, NodeOp};
use tracer::interp::{Frame, Interp};
use tracer::value::{Object, Scope, Tensor, Value};
use tracer::{Budget, Mode, SourceFile};

use crate::error::{Error, ErrorKind, Res};
use crate::exec::{Ctx, Exec, Limits};
use crate::init::Sampler;
use crate::value::{RVal, T};
use crate::weights::{Expected, StateDict};

/// The deterministic fill: `x[i] = sin(0.01 * (i + 1) + k)` in f64, cast.
pub fn fill(shape: &[usize], k: usize, dt: DType) -> Res<T> {
    let n: usize = shape.iter().product();
    if dt == DType::F32 {
        // Straight to f32: no f64 buffer of the whole tensor.
        let v: Vec<f32> = (0..n)
            .map(|i| (0.01 * (i as f64 + 1.0) + k as f64).sin() as f32)
            .collect();
        return T::new(
            candle_core::Tensor::from_vec(v, shape, &crate::value::cpu())?,
            dt,
        );
    }
    let v: Vec<f64> = (0..n)
        .map(|i| (0.01 * (i as f64 + 1.0) + k as f64).sin())
        .collect();
    T::from_f64(v, shape, dt)
}

/// Module code run once through the tracer's interpreter.
struct Run {
    interp: Interp,
    model: Option<Rc<Object>>,
    /// Example input leaves in pytree order, with the placeholder name
    /// torch gives each.
    leaves: Vec<(String, Value)>,
}

fn is_export_call(e: &syntax::ast::Expr) -> bool {
    match &e.kind {
        ExprKind::Call { func, .. } => match &func.kind {
            ExprKind::Name(n) => n == "export" || n == "draft_export",
            ExprKind::Attribute { attr, .. } => attr == "export" || attr == "draft_export",
            _ => false,
        },
        _ => false,
    }
}

fn run_module(file: &Arc<SourceFile>, entry: &EntryPoint, record: bool) -> Run {
    let mut interp = Interp::new(Mode::NonStrict, Budget::default(), file.clone());
    interp.tracing = record;
    interp.keep_state_nodes = record;
    let globals = Scope::new(None);
    interp.frames.push(Frame {
        file: file.clone(),
        range: TextRange::default(),
        function: None,
        scope: Some(globals.clone()),
    });
    // An export call's arguments are taken where the interpreter reaches
    // it (the tracer's entry hook), in the function that makes it.
    let call_scope = match &entry.kind {
        EntryKind::ExportCall { scope, .. } => {
            interp.entry_hook = Some(entry.range);
            Some(scope)
        }
        EntryKind::ExportDb | EntryKind::Module(_) => None,
    };
    for s in &file.module.body {
        if let StmtKind::Expr(e) = &s.kind
            && e.range != entry.range
            && is_export_call(e)
        {
            continue;
        }
        // A statement the tracer cannot run leaves its names unset; what
        // depends on them is reported as unknown later.
        let _ = interp.exec(s, &globals);
        if interp.entry_captured.is_some() {
            interp.frames.truncate(1);
            break;
        }
    }
    if let Some(scope) = call_scope
        && interp.entry_captured.is_none()
    {
        let _ = tracer::entry::reach_in_function(&mut interp, file, entry, scope, &globals);
    }
    interp.entry_hook = None;
    let (model, args, kwargs) = match interp.entry_captured.take() {
        Some((pos, kw)) => match tracer::entry::call_export_args(&mut interp, pos, kw) {
            Ok(ea) => (Some(ea.model), ea.args, ea.kwargs),
            Err(_) => (None, vec![], vec![]),
        },
        None => export_values(&mut interp, entry, &globals),
    };
    let model = match model {
        Some(Value::Object(ref o)) if o.module.is_some() => Some(o.clone()),
        _ => None,
    };
    let leaves = match &model {
        Some(m) => name_leaves(&mut interp, m, &args, &kwargs),
        None => vec![],
    };
    Run {
        interp,
        model,
        leaves,
    }
}

type ExportValues = (Option<Value>, Vec<Value>, Vec<(String, Value)>);

fn export_values(interp: &mut Interp, entry: &EntryPoint, globals: &Rc<Scope>) -> ExportValues {
    let dict_items = |interp: &mut Interp, v: &Value| -> Vec<(String, Value)> {
        match v {
            Value::Dict(_) => interp
                .dict_items(v)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|(k, v)| match k {
                    Value::Str(ref s) => Some((s.to_string(), v)),
                    _ => None,
                })
                .collect(),
            _ => vec![],
        }
    };
    let as_args = |v: Option<Value>| match v {
        Some(Value::Tuple(ref t)) => t.to_vec(),
        Some(Value::List(ref l)) => l.borrow().clone(),
        Some(Value::None) | None => vec![],
        Some(v) => vec![v],
    };
    match &entry.kind {
        EntryKind::ExportDb => {
            let get = |n: &str| globals.vars.borrow().get(n).cloned();
            let kwargs = get("example_kwargs").map_or(vec![], |v| dict_items(interp, &v));
            (get("model"), as_args(get("example_args")), kwargs)
        }
        EntryKind::Module(m) => match tracer::entry::assumed::export_args(interp, m, globals) {
            Ok(ea) => (Some(ea.model), ea.args, ea.kwargs),
            Err(_) => (None, vec![], vec![]),
        },
        EntryKind::ExportCall { call, .. } => {
            let ExprKind::Call { args, .. } = &call.kind else {
                return (None, vec![], vec![]);
            };
            let mut pos = Vec::new();
            let mut kw = Vec::new();
            for a in args {
                match a {
                    AstArg::Positional(e) => pos.push(interp.eval(e, globals).ok()),
                    AstArg::Keyword { name, value, .. } => {
                        kw.push((name.clone(), interp.eval(value, globals).ok()))
                    }
                    _ => {}
                }
            }
            let take = |i: usize, k: &str| -> Option<Value> {
                kw.iter()
                    .find(|(n, _)| n == k)
                    .and_then(|(_, v)| v.clone())
                    .or_else(|| pos.get(i).cloned().flatten())
            };
            let model = take(0, "mod");
            let a = as_args(take(1, "args"));
            let kwargs = take(2, "kwargs").map_or(vec![], |v| dict_items(interp, &v));
            (model, a, kwargs)
        }
    }
}

/// Name every example-input leaf as torch names its placeholder, listing
/// them in pytree order of `(args, kwargs)`.
fn name_leaves(
    interp: &mut Interp,
    model: &Rc<Object>,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Vec<(String, Value)> {
    let (positional, vararg) = forward_params(model);
    let mut out = Vec::new();
    for (i, v) in args.iter().enumerate() {
        let name = match positional.get(i) {
            Some(n) => n.clone(),
            None => match &vararg {
                Some(va) => format!("{va}_{}", i - positional.len()),
                None => format!("args_{i}"),
            },
        };
        walk(interp, &name, v, &mut out, 0);
    }
    for (k, v) in kwargs {
        walk(interp, k, v, &mut out, 0);
    }
    out
}

fn walk(interp: &mut Interp, name: &str, v: &Value, out: &mut Vec<(String, Value)>, depth: u32) {
    if depth > 32 {
        return;
    }
    match v {
        Value::Tuple(_) | Value::List(_) => {
            let items = interp.iterate(v).unwrap_or_default();
            for (i, it) in items.iter().enumerate() {
                walk(interp, &format!("{name}_{i}"), it, out, depth + 1);
            }
        }
        Value::Dict(d) => {
            let items = d.borrow().entries().to_vec();
            for (k, it) in items {
                let key = match &k {
                    Value::Str(s) => s.to_string(),
                    other => interp.repr(other).unwrap_or_default(),
                };
                walk(interp, &format!("{name}_{key}"), &it, out, depth + 1);
            }
        }
        Value::Tensor(_)
        | Value::Int(_)
        | Value::Float(_)
        | Value::Bool(_)
        | Value::Str(_)
        | Value::None => out.push((name.to_string(), v.clone())),
        _ => {}
    }
}

/// Forward's positional parameter names (without `self`) and `*args` name.
fn forward_params(model: &Rc<Object>) -> (Vec<String>, Option<String>) {
    if let Some((Value::Function(ref f), _)) = model.class.python_lookup("forward") {
        let mut f = f.clone();
        for _ in 0..16 {
            let next = f.attrs.borrow().get("__wrapped__").cloned();
            match next {
                Some(Value::Function(ref w)) => f = w.clone(),
                _ => break,
            }
        }
        let p = &f.params;
        return (
            p.posonly
                .iter()
                .chain(p.args.iter())
                .skip(1)
                .map(|x| x.name.clone())
                .collect(),
            p.vararg.as_ref().map(|v| v.name.clone()),
        );
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
    (names.iter().map(|s| s.to_string()).collect(), None)
}

/// Normalization layers' running statistics, by buffer name, and the value
/// each starts at.
const RUNNING_STATS: &[(&str, f64)] = &[
    ("running_mean", 0.0),
    ("num_batches_tracked", 0.0),
    ("running_var", 1.0),
];

/// Everything needed to give each placeholder of a program its value.
pub struct Values {
    plain: Run,
    recorded: Option<Run>,
    /// `--init random`: parameters drawn as torch initializes them, random
    /// ops in the model's code sampled.
    pub sampler: Option<Sampler>,
    /// `--weights`: parameters and buffers from a state dict.
    pub weights: Option<Rc<StateDict>>,
    /// `--input NAME=SHAPE` sizes, already bound.
    pub overrides: Vec<(String, Vec<usize>)>,
    /// The example inputs' own values (draft export decides on them):
    /// floating inputs as the code builds them, not the deterministic
    /// fill; values torch draws at random (inputs from `torch.randn`,
    /// initialized parameters) are unknown.
    pub example_values: bool,
}

/// Bind `--input NAME=SHAPE` sizes to the program's symbols. An unknown
/// name, a wrong rank or a static size that differs is an input error.
pub fn bind_input_shapes(
    ctx: &mut Ctx,
    program: &TracedProgram,
    shapes: &[(String, Vec<usize>)],
) -> Res<Vec<(String, Vec<usize>)>> {
    let users: Vec<(&str, &MetaVal)> = program
        .inputs
        .iter()
        .filter_map(|id| {
            let n = program.graph.node(*id);
            match &n.op {
                NodeOp::Placeholder(InputKind::User(name)) => Some((name.as_str(), &n.val)),
                _ => None,
            }
        })
        .collect();
    for (name, dims) in shapes {
        let Some((_, meta)) = users.iter().find(|(n, _)| n == name) else {
            let names: Vec<&str> = users.iter().map(|(n, _)| *n).collect();
            return Err(Error::new(
                ErrorKind::Input,
                format!(
                    "--input {name}: the program has no input `{name}` (its inputs: {})",
                    names.join(", ")
                ),
            ));
        };
        let MetaVal::Tensor { shape, .. } = meta else {
            return Err(Error::new(
                ErrorKind::Input,
                format!("--input {name}: `{name}` is not a tensor"),
            ));
        };
        ctx.bind_shape(shape, dims, name)
            .map_err(|e| Error::new(ErrorKind::Input, format!("--input {name}: {}", e.message)))?;
    }
    Ok(shapes.to_vec())
}

/// `values` repeated (or cut) to `n` elements: a non-float input run at
/// another size keeps the example's values, so indices stay in range.
fn tile(values: &[f64], n: usize) -> Vec<f64> {
    if values.is_empty() {
        return vec![0.0; n];
    }
    values.iter().copied().cycle().take(n).collect()
}

fn dims_of(ctx: &Ctx, meta: &MetaVal) -> Res<(DType, Vec<usize>)> {
    match meta {
        MetaVal::Tensor { dtype, shape } => {
            let s = ctx
                .shape_of(shape)
                .ok_or_else(|| Error::runtime("an input size is unknown"))?;
            // Every value a run starts from is made at these sizes: refuse
            // before allocating one past the limit.
            let numel = s.iter().fold(1u128, |n, d| n.saturating_mul(*d as u128));
            ctx.check_alloc(numel, dtype.size_of() as u128)?;
            Ok((*dtype, s))
        }
        _ => Err(Error::internal("expected a tensor input")),
    }
}

fn known_values(t: &Tensor, dt: DType, shape: &[usize]) -> Option<Res<T>> {
    let k = tracer::ops::values::known(t)?;
    let n: usize = shape.iter().product();
    if k.len() != n {
        return None;
    }
    Some(T::from_f64(k.to_vec(), shape, dt))
}

impl Values {
    pub fn recover(file: &Arc<SourceFile>, entry: &EntryPoint) -> Values {
        Values {
            plain: run_module(file, entry, false),
            recorded: None,
            sampler: None,
            weights: None,
            overrides: Vec::new(),
            example_values: false,
        }
    }

    /// The `--weights` tensor of `key`, if the run has one.
    fn weight(&self, key: &str) -> Res<Option<T>> {
        match &self.weights {
            Some(sd) => sd.tensor(key),
            None => Ok(None),
        }
    }

    /// Check a state dict against the model (its `state_dict()` keys and
    /// the program's shapes) before anything runs.
    pub fn check_weights(&self, sd: &StateDict, program: &TracedProgram, ctx: &Ctx) -> Res<()> {
        let mut shapes: Vec<(String, Vec<usize>)> = Vec::new();
        for id in &program.inputs {
            let node = program.graph.node(*id);
            let key = match &node.op {
                NodeOp::Placeholder(InputKind::Parameter(n)) => n.clone(),
                NodeOp::Placeholder(InputKind::Buffer { target, .. }) => target.clone(),
                _ => continue,
            };
            if let Ok((_, s)) = dims_of(ctx, &node.val) {
                shapes.push((key, s));
            }
        }
        let shape_of = |k: &str| shapes.iter().find(|(n, _)| n == k).map(|(_, s)| s.clone());
        let (model, keys) = match &self.plain.model {
            Some(m) => {
                let mut keys: Vec<String> = tracer::module::named_parameters_with_duplicates(m)
                    .into_iter()
                    .map(|(n, _)| n)
                    .collect();
                keys.extend(
                    tracer::module::named_buffers(m)
                        .into_iter()
                        .filter(|(_, _, persistent)| *persistent)
                        .map(|(n, _, _)| n),
                );
                (m.class.name.to_string(), keys)
            }
            None => (
                "the model".to_string(),
                shapes.iter().map(|(k, _)| k.clone()).collect(),
            ),
        };
        let expected = Expected {
            model,
            keys: keys
                .into_iter()
                .map(|k| {
                    let s = shape_of(&k);
                    (k, s)
                })
                .collect(),
        };
        crate::weights::check(sd, &expected)
    }

    /// A parameter under `--init random`: the rule of the built-in module
    /// that owns it (the outermost owner whose class has one, as a parent's
    /// `reset_parameters` runs after its children's), else rebuilt from the
    /// model's code with random ops sampled.
    fn random_parameter(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        ctx: &Ctx,
        name: &str,
        dt: DType,
        shape: &[usize],
    ) -> Res<T> {
        let Some(sampler) = self.sampler.clone() else {
            return Err(Error::internal("a random parameter without --init random"));
        };
        if let Some(model) = self.plain.model.clone() {
            let modules = tracer::module::named_modules(&model);
            let params = tracer::module::named_parameters_with_duplicates(&model);
            let param_shape = |key: &str| {
                params
                    .iter()
                    .find(|(n, _)| n == key)
                    .and_then(|(_, t)| ctx.shape_of(&t.shape))
            };
            let parts: Vec<&str> = name.split('.').collect();
            for k in 0..parts.len() {
                let prefix = parts[..k].join(".");
                let rel = parts[k..].join(".");
                let Some((_, m)) = modules.iter().find(|(p, _)| *p == prefix) else {
                    continue;
                };
                let Some(class) = m.class.torch_class() else {
                    continue;
                };
                let Some(rule) = crate::init::rule_for(&class, &rel) else {
                    continue;
                };
                let qual = |leaf: &str| {
                    if prefix.is_empty() {
                        leaf.to_string()
                    } else {
                        format!("{prefix}.{leaf}")
                    }
                };
                let hidden = param_shape(&qual("weight_hh_l0"))
                    .or_else(|| param_shape(&qual("weight_hh")))
                    .and_then(|s| s.get(1).copied());
                let facts = crate::init::ModuleFacts {
                    weight: param_shape(&qual("weight")),
                    hidden,
                };
                if let Some(v) = crate::init::draw(&sampler, rule.dist, shape, &facts) {
                    return T::from_f64(v, shape, dt);
                }
            }
        }
        let what = format!("parameter `{name}`");
        let key = name.to_string();
        let t = self.built(file, entry, ctx.limits, &what, move |run| {
            let m = run.model.as_ref()?;
            tracer::module::named_parameters_with_duplicates(m)
                .into_iter()
                .find(|(n, _)| *n == key)
                .map(|(_, t)| t)
        })?;
        check_built(t, dt, shape, &what)
    }

    /// Compute a tensor the module code built, from the recorded
    /// construction graph. `find` picks the tensor in the recorded run.
    fn built(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        limits: Limits,
        what: &str,
        find: impl Fn(&Run) -> Option<Rc<Tensor>>,
    ) -> Res<T> {
        if self.recorded.is_none() {
            self.recorded = Some(run_module(file, entry, true));
        }
        let run = self.recorded.as_ref().expect("just set");
        let t = find(run).ok_or_else(|| Error::unknown(format!("unknown values for {what}")))?;
        let Some(node) = t.node.get() else {
            return Err(Error::unknown(format!(
                "unknown values for {what} (the tracer does not record how it is built)"
            )));
        };
        let g = &run.interp.graph;
        let mut ctx = Ctx::new(&run.interp.env, limits);
        ctx.sampler = self.sampler.clone();
        let mut ex = Exec::new(g);
        // In-place updates (`x[...] = ...`) are replayed in program order
        // around the node; a write into a view reaches its base.
        let mut steps = mutations(g, node);
        steps.push(node);
        steps.sort();
        let v = steps
            .iter()
            .try_for_each(|w| ex.eval(&mut ctx, *w, 0).map(|_| ()))
            .and_then(|()| ex.eval(&mut ctx, node, 0))
            .map_err(|e| {
                if e.kind == crate::error::ErrorKind::Internal
                    || e.kind == crate::error::ErrorKind::NoKernel
                    || e.message.contains("no value for input")
                {
                    Error::unknown(format!("unknown values for {what}: {e}"))
                } else {
                    e
                }
            })?;
        if let Some(src) = ex.random_source(node)
            && ctx.sampler.is_none()
        {
            return Err(Error::random(format!(
                "{what} is built from random values ({src})"
            )));
        }
        match v {
            RVal::Tensor(t) => Ok(t),
            _ => Err(Error::unknown(format!("unknown values for {what}"))),
        }
    }

    /// The values of every placeholder of `program`.
    pub fn assign(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        program: &TracedProgram,
        ctx: &Ctx,
    ) -> Res<Vec<(NodeId, RVal)>> {
        self.assign_nodes(file, entry, &program.graph, &program.inputs, ctx)
    }

    /// The values of the placeholders `inputs` of `g` (a program, or the
    /// graph recorded so far while tracing).
    pub fn assign_nodes(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        g: &tracer::graph::Graph,
        inputs: &[NodeId],
        ctx: &Ctx,
    ) -> Res<Vec<(NodeId, RVal)>> {
        let model = self.plain.model.clone();
        let params = model
            .as_ref()
            .map(tracer::module::named_parameters)
            .unwrap_or_default();
        let with_dups = model
            .as_ref()
            .map(tracer::module::named_parameters_with_duplicates)
            .unwrap_or_default();
        let n_params = if model.is_some() {
            params.len()
        } else {
            inputs
                .iter()
                .filter(|n| matches!(g.node(**n).op, NodeOp::Placeholder(InputKind::Parameter(_))))
                .count()
        };
        let mut out = Vec::new();
        let mut param_seen = 0usize;
        for id in inputs {
            let node = g.node(*id);
            let NodeOp::Placeholder(kind) = &node.op else {
                continue;
            };
            let v = match kind {
                InputKind::Parameter(name) => {
                    let (dt, shape) = dims_of(ctx, &node.val)?;
                    if let Some(w) = self.weight(name)? {
                        out.push((*id, RVal::Tensor(w.cast(dt)?)));
                        param_seen += 1;
                        continue;
                    }
                    if self.example_values {
                        return Err(Error::unknown(format!(
                            "parameter `{name}` holds torch's random initialization"
                        )));
                    }
                    if self.sampler.is_some() {
                        let v = self.random_parameter(file, entry, ctx, name, dt, &shape)?;
                        out.push((*id, RVal::Tensor(v)));
                        param_seen += 1;
                        continue;
                    }
                    let k = with_dups
                        .iter()
                        .find(|(n, _)| n == name)
                        .and_then(|(_, t)| params.iter().position(|(_, p)| Rc::ptr_eq(p, t)))
                        .unwrap_or(param_seen);
                    param_seen += 1;
                    if !dt.is_floating() {
                        return Err(Error::unknown(format!("non-float parameter {name}")));
                    }
                    RVal::Tensor(fill(&shape, k, dt)?)
                }
                InputKind::Buffer { target, .. } => {
                    let (dt, shape) = dims_of(ctx, &node.val)?;
                    match self.weight(target)? {
                        Some(w) => RVal::Tensor(w.cast(dt)?),
                        None => RVal::Tensor(self.buffer(file, entry, ctx, target, dt, &shape)?),
                    }
                }
                InputKind::ConstantTensor(name) => {
                    let (dt, shape) = dims_of(ctx, &node.val)?;
                    let spelled = g
                        .constant_values
                        .get(id)
                        .filter(|k| k.len() == shape.iter().product::<usize>());
                    match spelled {
                        Some(k) => RVal::Tensor(T::from_f64(k.to_vec(), &shape, dt)?),
                        None => RVal::Tensor(self.constant(file, entry, ctx, name, dt, &shape)?),
                    }
                }
                InputKind::User(name) => self.user(file, entry, ctx, name, &node.val, n_params)?,
            };
            out.push((*id, v));
        }
        Ok(out)
    }

    fn buffer(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        ctx: &Ctx,
        target: &str,
        dt: DType,
        shape: &[usize],
    ) -> Res<T> {
        let Some(model) = self.plain.model.clone() else {
            return Err(Error::unknown(format!(
                "unknown buffer values for `{target}`"
            )));
        };
        let bufs = tracer::module::named_buffers(&model);
        if let Some((_, t, _)) = bufs.iter().find(|(n, _, _)| n == target)
            && let Some(v) = known_values(t, dt, shape)
        {
            return v;
        }
        // Normalization layers' running statistics start at 0 / 1.
        let (owner, leaf) = target.rsplit_once('.').unwrap_or(("", target));
        let norm_owner = tracer::module::named_modules(&model)
            .into_iter()
            .any(|(p, m)| {
                p == owner
                    && m.class
                        .torch_class()
                        .is_some_and(|b| b.contains("BatchNorm") || b.contains("InstanceNorm"))
            });
        if norm_owner && let Some((_, start)) = RUNNING_STATS.iter().find(|(name, _)| *name == leaf)
        {
            return T::from_f64(vec![*start; shape.iter().product()], shape, dt);
        }
        let what = format!("buffer `{target}`");
        let t = self.built(file, entry, ctx.limits, &what, |run| {
            let m = run.model.as_ref()?;
            tracer::module::named_buffers(m)
                .into_iter()
                .find(|(n, _, _)| n == target)
                .map(|(_, t, _)| t)
        })?;
        check_built(t, dt, shape, &what)
    }

    fn constant(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        ctx: &Ctx,
        name: &str,
        dt: DType,
        shape: &[usize],
    ) -> Res<T> {
        if let Some(model) = self.plain.model.clone()
            && let Some((_, t)) = tracer::module::named_constants(&model)
                .into_iter()
                .find(|(n, _)| n == name)
            && let Some(v) = known_values(&t, dt, shape)
        {
            return v;
        }
        if name.starts_with("lifted_tensor_") {
            return Err(Error::unknown(format!(
                "unknown values for the constant `{name}` created in forward (the code does not spell its values out)"
            )));
        }
        let what = format!("constant `{name}`");
        let t = self.built(file, entry, ctx.limits, &what, |run| {
            let m = run.model.as_ref()?;
            tracer::module::named_constants(m)
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t)
        })?;
        check_built(t, dt, shape, &what)
    }

    fn user(
        &mut self,
        file: &Arc<SourceFile>,
        entry: &EntryPoint,
        ctx: &Ctx,
        name: &str,
        meta: &MetaVal,
        n_params: usize,
    ) -> Res<RVal> {
        let leaves = &self.plain.leaves;
        let Some(pos) = leaves.iter().position(|(n, _)| n == name) else {
            // Without the example values, floats can still be filled in
            // placeholder order.
            return Err(Error::unknown(format!("unknown values for input `{name}`")));
        };
        let k = n_params
            + leaves[..pos]
                .iter()
                .filter(|(_, v)| matches!(v, Value::Tensor(_)))
                .count();
        let v = leaves[pos].1.clone();
        Ok(match v {
            Value::Tensor(ref t) => {
                let (dt, shape) = dims_of(ctx, meta)?;
                let numel: usize = shape.iter().product();
                let nm = name.to_string();
                let example = move |run: &Run| {
                    run.leaves
                        .iter()
                        .find(|(n, _)| *n == nm)
                        .and_then(|(_, v)| match v {
                            Value::Tensor(t) => Some(t.clone()),
                            _ => None,
                        })
                };
                let what = format!("input `{name}`");
                if dt.is_floating() && self.example_values {
                    let b = self.built(file, entry, ctx.limits, &what, example)?;
                    RVal::Tensor(check_built(b, dt, &shape, &what)?)
                } else if dt.is_floating() && self.sampler.is_some() {
                    // What the code builds (`torch.randn(...)` sampled);
                    // at another size, or when it cannot be rebuilt, N(0, 1).
                    match self.built(file, entry, ctx.limits, &what, example) {
                        Ok(b) if b.dims() == shape.as_slice() => RVal::Tensor(b.cast(dt)?),
                        _ => {
                            let s = self.sampler.as_ref().expect("checked");
                            RVal::Tensor(T::from_f64(s.normal(numel, 0.0, 1.0), &shape, dt)?)
                        }
                    }
                } else if dt.is_floating() {
                    RVal::Tensor(fill(&shape, k, dt)?)
                } else if let Some(v) = known_values(t, dt, &shape) {
                    RVal::Tensor(v?)
                } else if let Some(k) =
                    tracer::ops::values::known(t).filter(|_| self.is_overridden(name))
                {
                    RVal::Tensor(T::from_f64(tile(&k, numel), &shape, dt)?)
                } else {
                    let b = self.built(file, entry, ctx.limits, &what, example)?;
                    if self.is_overridden(name) && b.dims() != shape.as_slice() {
                        RVal::Tensor(T::from_f64(tile(&b.to_f64()?, numel), &shape, dt)?)
                    } else {
                        RVal::Tensor(check_built(b, dt, &shape, &what)?)
                    }
                }
            }
            Value::Int(i) => RVal::Int(i),
            Value::Float(f) => RVal::Float(f),
            Value::Bool(b) => RVal::Bool(b),
            Value::Str(ref s) => RVal::Str(s.to_string()),
            _ => RVal::None,
        })
    }
}

impl Values {
    fn is_overridden(&self, name: &str) -> bool {
        self.overrides.iter().any(|(n, _)| n == name)
    }
}

/// Every node `id` depends on, itself included.
fn ancestors(g: &tracer::graph::Graph, id: NodeId) -> std::collections::HashSet<NodeId> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        if (n.0 as usize) >= g.nodes.len() || !seen.insert(n) {
            continue;
        }
        for a in g.node(n).args() {
            tracer::graph::Graph::arg_nodes(a, &mut stack);
        }
    }
    seen
}

/// The in-place ops of the construction graph, in order, that write into
/// `id` or into a view of what it is built from.
fn mutations(g: &tracer::graph::Graph, id: NodeId) -> Vec<NodeId> {
    let mine = ancestors(g, id);
    g.nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| {
            let Some(t) = n.target() else { return false };
            if !crate::exec::inplace_base(t).1 {
                return false;
            }
            let recv = match &n.op {
                NodeOp::CallFunction { args, .. } => args.first(),
                _ => None,
            };
            let Some(tracer::graph::Arg::Node(r)) = recv else {
                return false;
            };
            ancestors(g, *r).iter().any(|a| mine.contains(a))
        })
        .map(|(i, _)| NodeId(i as u32))
        .collect()
}

fn check_built(t: T, dt: DType, shape: &[usize], what: &str) -> Res<T> {
    if t.dims() != shape {
        return Err(Error::unknown(format!(
            "unknown values for {what}: rebuilt with shape {:?}, the program says {shape:?}",
            t.dims()
        )));
    }
    t.cast(dt)
}
