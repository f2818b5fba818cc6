//! The executor: walks a traced graph in torch's node order, resolves each
//! node's arguments to runtime values, calls its kernel, checks the result
//! against the traced metadata (dtype and shape) and frees values after
//! their last use. Symbolic sizes are bound from the inputs' real sizes and
//! from `.item()` results; `torch.cond` and `map` run their subgraphs.

use std::collections::HashMap;

use shapes::{SymExpr, SymbolId};
use tracer::dtype::DType;
use tracer::graph::{Arg, Graph, MetaVal, Node, NodeId, NodeOp, OutputKind};
use tracer::shape_env::ShapeEnv;
use tracer::value::CmpKind;

use crate::error::{Error, ErrorKind, Res};
use crate::kernels;
use crate::value::{RVal, T};

/// Limits of a run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Bytes the live tensors may take at once.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_memory: 2 << 30,
        }
    }
}

/// Shared state of one run: the shape environment and symbol values.
pub struct Ctx<'e> {
    pub env: &'e ShapeEnv,
    pub bindings: HashMap<SymbolId, i64>,
    pub limits: Limits,
    /// Subgraph nesting, bounded.
    pub depth: u32,
    /// Set by `--init random`: random ops sample from it.
    pub sampler: Option<crate::init::Sampler>,
}

impl<'e> Ctx<'e> {
    pub fn new(env: &'e ShapeEnv, limits: Limits) -> Self {
        Ctx {
            env,
            bindings: HashMap::new(),
            limits,
            depth: 0,
            sampler: None,
        }
    }

    /// Check the bound input sizes against the program's range constraints
    /// and guards, as the exported program's input checks do: a violation
    /// names the constraint or guard and the size that breaks it.
    pub fn check_guards(&self) -> Res<()> {
        let mut bound: Vec<_> = self.bindings.iter().collect();
        bound.sort();
        for (s, v) in bound {
            let info = self.env.info(*s);
            if info.hint.is_some() && !info.range.contains(*v) {
                let who = info.source.clone().unwrap_or_else(|| info.name.clone());
                return Err(Error::new(
                    ErrorKind::Input,
                    format!(
                        "{who} is {v}, outside the program's range constraint {}: [{}, {}]",
                        info.name, info.range.lo, info.range.hi
                    ),
                ));
            }
        }
        for g in &self.env.guards {
            let (Some(a), Some(b)) = (self.sym(&g.lhs), self.sym(&g.rhs)) else {
                continue;
            };
            if !g.op.holds(a, b) {
                let line = g.line.map_or(String::new(), |l| format!(" (line {l})"));
                return Err(Error::new(
                    ErrorKind::Input,
                    format!(
                        "these input sizes violate the program's guard {}{line}",
                        self.env.guard_text(g)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The value of a symbolic expression: bound symbols first, then hints.
    pub fn sym(&self, e: &SymExpr) -> Option<i64> {
        let e = self.env.simplify(e);
        e.eval(&|s| {
            self.bindings
                .get(&s)
                .copied()
                .or_else(|| self.env.info(s).hint)
        })
    }

    /// The concrete shape of a traced tensor value, where every size is known.
    pub fn shape_of(&self, shape: &[SymExpr]) -> Option<Vec<usize>> {
        shape
            .iter()
            .map(|d| self.sym(d).and_then(|v| usize::try_from(v).ok()))
            .collect()
    }

    /// Bind the symbols of a traced shape to real sizes (inputs, subgraph
    /// operands). A compound size that disagrees is a violated guard.
    pub fn bind_shape(&mut self, shape: &[SymExpr], real: &[usize], what: &str) -> Res<()> {
        if shape.len() != real.len() {
            return Err(Error::runtime(format!(
                "{what} has {} dims, the program expects {}",
                real.len(),
                shape.len()
            )));
        }
        for (d, r) in shape.iter().zip(real) {
            let d = self.env.simplify(d);
            if let Some(s) = d.as_symbol()
                && !self.bindings.contains_key(&s)
            {
                self.bindings.insert(s, *r as i64);
            }
        }
        for (i, (d, r)) in shape.iter().zip(real).enumerate() {
            if let Some(v) = self.sym(d)
                && v != *r as i64
            {
                return Err(Error::runtime(format!(
                    "{what}.size()[{i}] is {r}, the program requires {}",
                    self.env.render(&self.env.simplify(d))
                )));
            }
        }
        Ok(())
    }

    /// Refuse an allocation of `numel` elements of `bytes` each over the limit.
    pub fn check_alloc(&self, numel: u128, bytes: u128) -> Res<()> {
        let need = numel.saturating_mul(bytes);
        if need > self.limits.max_memory as u128 {
            return Err(Error::new(
                ErrorKind::Memory,
                format!(
                    "a tensor of {numel} elements needs {} but --max-memory is {}",
                    human_bytes(need),
                    human_bytes(self.limits.max_memory as u128)
                ),
            ));
        }
        Ok(())
    }
}

pub fn human_bytes(b: u128) -> String {
    const UNITS: &[&str] = &["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// Bytes of the tensors a traced value holds, at the sizes `ctx` knows
/// (unknown sizes count as 1).
pub fn meta_bytes(ctx: &Ctx, v: &MetaVal) -> u128 {
    match v {
        MetaVal::Tensor { dtype, shape } => {
            let mut n: u128 = dtype.size_of() as u128;
            for d in shape {
                let s = ctx.sym(d).unwrap_or(1).max(0) as u128;
                n = n.saturating_mul(s);
            }
            n
        }
        MetaVal::Tuple(items) => items
            .iter()
            .map(|i| meta_bytes(ctx, i))
            .fold(0u128, |a, b| a.saturating_add(b)),
        _ => 0,
    }
}

/// The peak of live tensor bytes when `order` runs, with every value freed
/// after its last use (inputs and outputs live throughout).
pub fn peak_bytes(ctx: &Ctx, g: &Graph, inputs: &[NodeId], order: &[NodeId]) -> u128 {
    let last = last_uses(g, order);
    let mut live: u128 = inputs
        .iter()
        .map(|n| meta_bytes(ctx, &g.node(*n).val))
        .fold(0, |a, b| a.saturating_add(b));
    let mut peak = live;
    let outputs = output_nodes(g);
    for (pos, id) in order.iter().enumerate() {
        live = live.saturating_add(meta_bytes(ctx, &g.node(*id).val));
        peak = peak.max(live);
        for (freed, at) in &last {
            if *at == pos && !outputs.contains(freed) && !inputs.contains(freed) {
                live = live.saturating_sub(meta_bytes(ctx, &g.node(*freed).val));
            }
        }
    }
    peak
}

fn output_nodes(g: &Graph) -> Vec<NodeId> {
    let mut out = Vec::new();
    for o in &g.outputs {
        Graph::arg_nodes(&o.arg, &mut out);
    }
    out
}

/// For each node used by `order`, the position of its last consumer.
fn last_uses(g: &Graph, order: &[NodeId]) -> HashMap<NodeId, usize> {
    let mut last = HashMap::new();
    for (pos, id) in order.iter().enumerate() {
        let mut deps = Vec::new();
        for a in g.node(*id).args() {
            Graph::arg_nodes(a, &mut deps);
        }
        for d in deps {
            last.insert(d, pos);
        }
    }
    last
}

/// The higher-order ops: they run subgraphs of the graph.
#[derive(Clone, Copy)]
enum HigherOrder {
    Cond,
    Map,
}

const HIGHER_ORDER: &[(&str, HigherOrder)] = &[
    ("torch.ops.higher_order.cond", HigherOrder::Cond),
    ("torch.ops.higher_order.map_impl", HigherOrder::Map),
    ("torch.ops.higher_order.map", HigherOrder::Map),
];

/// Runs one graph.
pub struct Exec<'g> {
    pub g: &'g Graph,
    vals: Vec<Option<RVal>>,
    /// For values that depend on random ops: the first such op.
    random: Vec<Option<String>>,
    /// Nodes being evaluated (cycle detection).
    busy: Vec<bool>,
}

const MAX_RECURSION: u32 = 512;

impl<'g> Exec<'g> {
    pub fn new(g: &'g Graph) -> Self {
        Exec {
            g,
            vals: vec![None; g.nodes.len()],
            random: vec![None; g.nodes.len()],
            busy: vec![false; g.nodes.len()],
        }
    }

    /// An executor that starts from the values `cache` computed on an
    /// earlier prefix of `g` (nodes are only ever appended).
    pub fn resume(g: &'g Graph, mut cache: Vec<Option<RVal>>) -> Self {
        let mut ex = Exec::new(g);
        cache.resize(g.nodes.len(), None);
        ex.vals = cache;
        ex
    }

    /// The node values computed so far, for [`Exec::resume`].
    pub fn into_cache(self) -> Vec<Option<RVal>> {
        self.vals
    }

    pub fn set(&mut self, id: NodeId, v: RVal) {
        if let Some(slot) = self.vals.get_mut(id.0 as usize) {
            *slot = Some(v);
        }
    }

    /// Run `order` (then whatever the outputs still need) and return the
    /// outputs with their kinds.
    pub fn run(&mut self, ctx: &mut Ctx, order: &[NodeId]) -> Res<Vec<(OutputKind, RVal)>> {
        let last = last_uses(self.g, order);
        let keep = output_nodes(self.g);
        let mut free_at: HashMap<usize, Vec<NodeId>> = HashMap::new();
        for (n, pos) in last {
            if !keep.contains(&n) && !matches!(self.g.node(n).op, NodeOp::Placeholder(_)) {
                free_at.entry(pos).or_default().push(n);
            }
        }
        for (pos, id) in order.iter().enumerate() {
            self.eval(ctx, *id, 0)?;
            if let Some(ids) = free_at.get(&pos) {
                for n in ids {
                    // A node evaluated early (out of order) may still be
                    // needed by a later one only through `order`, which
                    // `last_uses` covers.
                    self.vals[n.0 as usize] = None;
                }
            }
        }
        let mut out = Vec::new();
        for o in &self.g.outputs {
            let v = self.resolve(ctx, &o.arg, 0)?;
            if o.kind == OutputKind::User
                && ctx.sampler.is_none()
                && let Arg::Node(n) = &o.arg
                && let Some(src) = self.random_source(*n)
            {
                return Err(Error::random(format!(
                    "the output depends on random values ({src}); torch's generator cannot be reproduced"
                )));
            }
            out.push((o.kind.clone(), v));
        }
        Ok(out)
    }

    /// The random op a node's value depends on, if any.
    pub fn random_source(&self, id: NodeId) -> Option<String> {
        self.random.get(id.0 as usize).cloned().flatten()
    }

    /// Run a subgraph on operands: placeholders take them in order.
    pub fn run_subgraph(ctx: &mut Ctx, g: &Graph, operands: &[RVal]) -> Res<Vec<RVal>> {
        if ctx.depth > 16 {
            return Err(Error::unsupported("subgraphs nested more than 16 deep"));
        }
        let mut ex = Exec::new(g);
        let mut k = 0;
        for (i, n) in g.nodes.iter().enumerate() {
            if let NodeOp::Placeholder(_) = n.op {
                let v = operands.get(k).cloned().ok_or_else(|| {
                    Error::runtime(format!(
                        "subgraph expects more than {} operands",
                        operands.len()
                    ))
                })?;
                if let (MetaVal::Tensor { shape, .. }, RVal::Tensor(t)) = (&n.val, &v) {
                    ctx.bind_shape(shape, t.dims(), &format!("operand {k}"))?;
                }
                ex.set(NodeId(i as u32), v);
                k += 1;
            }
        }
        ctx.depth += 1;
        let order: Vec<NodeId> = g
            .nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.side_effect)
            .map(|(i, _)| NodeId(i as u32))
            .collect();
        let r = ex.run(ctx, &order);
        ctx.depth -= 1;
        Ok(r?.into_iter().map(|(_, v)| v).collect())
    }

    fn resolve(&mut self, ctx: &mut Ctx, a: &Arg, depth: u32) -> Res<RVal> {
        Ok(match a {
            Arg::Node(n) => self.eval(ctx, *n, depth + 1)?,
            Arg::Int(i) => RVal::Int(*i),
            Arg::Float(f) => RVal::Float(*f),
            Arg::Bool(b) => RVal::Bool(*b),
            Arg::Str(s) => RVal::Str(s.clone()),
            Arg::DType(d) => RVal::DType(*d),
            Arg::Device(_) | Arg::Layout(_) | Arg::None => RVal::None,
            Arg::List(items) => {
                let mut v = Vec::with_capacity(items.len());
                for i in items {
                    v.push(self.resolve(ctx, i, depth)?);
                }
                RVal::List(v)
            }
            Arg::Subgraph(i) => RVal::Int(*i as i64),
        })
    }

    #[allow(clippy::type_complexity)]
    fn resolve_all(
        &mut self,
        ctx: &mut Ctx,
        args: &[Arg],
        kwargs: &[(String, Arg)],
        depth: u32,
    ) -> Res<(Vec<RVal>, Vec<(String, RVal)>)> {
        let mut a = Vec::with_capacity(args.len());
        for x in args {
            a.push(self.resolve(ctx, x, depth)?);
        }
        let mut kw = Vec::with_capacity(kwargs.len());
        for (k, x) in kwargs {
            kw.push((k.clone(), self.resolve(ctx, x, depth)?));
        }
        Ok((a, kw))
    }

    /// The value of a node, computing it (and what it needs) on first use.
    pub fn eval(&mut self, ctx: &mut Ctx, id: NodeId, depth: u32) -> Res<RVal> {
        let idx = id.0 as usize;
        let Some(node) = self.g.nodes.get(idx) else {
            return Err(Error::internal(format!("node {idx} does not exist")));
        };
        if let Some(v) = &self.vals[idx] {
            return Ok(v.clone());
        }
        if self.busy[idx] {
            return Err(Error::runtime(format!(
                "node {idx} depends on itself: the traced graph is malformed (a subgraph refers to a node of its parent?)"
            )));
        }
        if depth > MAX_RECURSION {
            return Err(Error::unsupported(
                "graph dependencies nested too deep out of order",
            ));
        }
        let (target, args, kwargs) = match &node.op {
            NodeOp::Placeholder(k) => {
                let v = self.constant_value(ctx, id)?;
                let Some(v) = v else {
                    return Err(Error::internal(format!("no value for input {k:?}")));
                };
                self.vals[idx] = Some(v.clone());
                return Ok(v);
            }
            NodeOp::CallFunction {
                target,
                args,
                kwargs,
            } => (target, args, kwargs),
        };
        self.busy[idx] = true;
        let resolved = self.resolve_all(ctx, args, kwargs, depth);
        self.busy[idx] = false;
        let (a, kw) = resolved?;
        let random = random_op(target, &a);
        let started = std::time::Instant::now();
        let v = self
            .call(ctx, node, target, args, a, kw)
            .map_err(|e| e.at(target, idx, node.line))?;
        tracing::debug!(
            node = idx,
            target,
            us = started.elapsed().as_micros() as u64,
            "kernel"
        );
        self.vals[idx] = Some(v.clone());
        self.random[idx] = if random {
            Some(format!(
                "{target} at line {}",
                node.line.map_or("?".to_string(), |l| l.to_string())
            ))
        } else {
            let mut deps = Vec::new();
            for x in args.iter().chain(kwargs.iter().map(|(_, a)| a)) {
                Graph::arg_nodes(x, &mut deps);
            }
            deps.iter().find_map(|d| self.random_source(*d))
        };
        Ok(v)
    }

    fn call(
        &mut self,
        ctx: &mut Ctx,
        node: &Node,
        target: &str,
        raw: &[Arg],
        args: Vec<RVal>,
        kwargs: Vec<(String, RVal)>,
    ) -> Res<RVal> {
        let args = kernels::Args {
            pos: args,
            kw: kwargs,
        };
        match HIGHER_ORDER.iter().find(|(t, _)| *t == target) {
            Some((_, HigherOrder::Cond)) => return self.cond(ctx, raw, &args),
            Some((_, HigherOrder::Map)) => return self.map(ctx, raw, &args),
            None => {}
        }
        if let Some(v) = sym_node(ctx, node, target, &args)? {
            return Ok(v);
        }
        let (base, inplace) = inplace_base(target);
        let mut v = kernels::call(ctx, &base, node, &args)?;
        v = conform(ctx, &node.val, v, &base)?;
        if target == "aten.item.default"
            && let (MetaVal::Sym(e), Some(x)) = (&node.val, v.as_f64())
            && let Some(s) = ctx.env.simplify(e).as_symbol()
        {
            ctx.bindings.insert(s, x as i64);
        }
        if inplace && let Some(Arg::Node(recv)) = raw.first() {
            self.vals[recv.0 as usize] = Some(v.clone());
            self.write_back(ctx, *recv, 0)?;
        }
        if base == "aten.batch_norm.default" {
            self.batch_norm_update(ctx, raw, &args)?;
        }
        Ok(v)
    }

    /// The value of a lifted constant the code spells out, if the graph
    /// carries it.
    pub fn constant_value(&self, ctx: &Ctx, id: NodeId) -> Res<Option<RVal>> {
        let Some(k) = self.g.constant_values.get(&id) else {
            return Ok(None);
        };
        let MetaVal::Tensor { dtype, shape } = &self.g.node(id).val else {
            return Ok(None);
        };
        let Some(dims) = ctx.shape_of(shape) else {
            return Ok(None);
        };
        if dims.iter().product::<usize>() != k.len() {
            return Ok(None);
        }
        Ok(Some(RVal::Tensor(T::from_f64(k.to_vec(), &dims, *dtype)?)))
    }

    /// After an in-place write into `id`: when `id` is a view of another
    /// node (`x[1, 8:] = 0` writes into `slice(select(x))`), the base
    /// takes the new values at the positions the view covers, up the
    /// chain of views. The positions come from running the same view op
    /// on the flat indices of the base.
    fn write_back(&mut self, ctx: &mut Ctx, id: NodeId, depth: u32) -> Res<()> {
        if depth > MAX_RECURSION {
            return Ok(());
        }
        let node = self.g.node(id);
        let NodeOp::CallFunction {
            target,
            args,
            kwargs,
        } = &node.op
        else {
            return Ok(());
        };
        if !VIEW_TARGETS.contains(&target.as_str()) {
            return Ok(());
        }
        let Some(Arg::Node(base)) = args.first() else {
            return Ok(());
        };
        // A base already freed is computed again: the write reaches it
        // before anything else does.
        let base_val = self.eval(ctx, *base, depth + 1)?;
        let (RVal::Tensor(b), Some(RVal::Tensor(view))) =
            (base_val, self.vals[id.0 as usize].clone())
        else {
            return Ok(());
        };
        let (mut pos, kw) = self.resolve_all(ctx, args, kwargs, depth)?;
        let flat: Vec<f64> = (0..b.numel()).map(|i| i as f64).collect();
        pos[0] = RVal::Tensor(T::from_f64(flat, b.dims(), DType::I64)?);
        let idx = kernels::call(ctx, target, node, &kernels::Args { pos, kw })?;
        let Some(idx) = idx.as_tensor() else {
            return Ok(());
        };
        let (idx, new) = (idx.to_f64()?, view.to_f64()?);
        if idx.len() != new.len() {
            return Err(Error::internal(format!(
                "an in-place write into a view of node {} covers {} values, the view has {}",
                base.0,
                new.len(),
                idx.len()
            )));
        }
        let mut vals = b.to_f64()?;
        for (i, x) in idx.iter().zip(new) {
            if let Some(slot) = vals.get_mut(*i as usize) {
                *slot = x;
            }
        }
        self.vals[base.0 as usize] = Some(RVal::Tensor(T::from_f64(vals, b.dims(), b.dt)?));
        self.write_back(ctx, *base, depth + 1)
    }

    /// Training-mode batch norm updates the running statistics in place.
    fn batch_norm_update(&mut self, ctx: &mut Ctx, raw: &[Arg], args: &kernels::Args) -> Res<()> {
        let training = matches!(args.get(5, "training"), Some(RVal::Bool(true)));
        if !training {
            return Ok(());
        }
        if let Some((m, v)) = kernels::nn::batch_norm_running(ctx, args)? {
            if let Some(Arg::Node(n)) = raw.get(kernels::nn::BN_MEAN) {
                self.vals[n.0 as usize] = Some(RVal::Tensor(m));
            }
            if let Some(Arg::Node(n)) = raw.get(kernels::nn::BN_VAR) {
                self.vals[n.0 as usize] = Some(RVal::Tensor(v));
            }
        }
        Ok(())
    }

    fn subgraph<'a>(&self, raw: &[Arg], i: usize) -> Res<&'a Graph>
    where
        'g: 'a,
    {
        match raw.get(i) {
            Some(Arg::Subgraph(k)) => self
                .g
                .subgraphs
                .get(*k)
                .ok_or_else(|| Error::internal(format!("missing subgraph {k}"))),
            _ => Err(Error::internal("expected a subgraph argument")),
        }
    }

    fn cond(&mut self, ctx: &mut Ctx, raw: &[Arg], args: &kernels::Args) -> Res<RVal> {
        let pred = match args.pos.first() {
            Some(RVal::Tensor(t)) => t.item()? != 0.0,
            Some(v) => {
                v.as_f64()
                    .ok_or_else(|| Error::runtime("cond predicate is not a boolean"))?
                    != 0.0
            }
            None => return Err(Error::runtime("cond without a predicate")),
        };
        let g = self.subgraph(raw, if pred { 1 } else { 2 })?;
        let operands = match args.pos.get(3) {
            Some(RVal::List(v)) => v.clone(),
            _ => vec![],
        };
        Ok(RVal::List(Exec::run_subgraph(ctx, g, &operands)?))
    }

    fn map(&mut self, ctx: &mut Ctx, raw: &[Arg], args: &kernels::Args) -> Res<RVal> {
        let g = self.subgraph(raw, 0)?;
        let xs = match args.pos.get(1) {
            Some(RVal::List(v)) => v.clone(),
            _ => vec![],
        };
        let extra = match args.pos.get(2) {
            Some(RVal::List(v)) => v.clone(),
            _ => vec![],
        };
        let Some(RVal::Tensor(first)) = xs.first() else {
            return Err(Error::runtime("map over no tensors"));
        };
        let n = first.dims().first().copied().unwrap_or(0);
        let mut per_output: Vec<Vec<T>> = Vec::new();
        for i in 0..n {
            let mut ops = Vec::new();
            for x in &xs {
                let t = x
                    .as_tensor()
                    .ok_or_else(|| Error::runtime("map over a non-tensor"))?;
                ops.push(RVal::Tensor(T {
                    t: t.t.get(i)?,
                    dt: t.dt,
                }));
            }
            ops.extend(extra.iter().cloned());
            let outs = Exec::run_subgraph(ctx, g, &ops)?;
            if per_output.is_empty() {
                per_output = vec![Vec::new(); outs.len()];
            }
            for (k, o) in outs.into_iter().enumerate() {
                if let (RVal::Tensor(t), Some(slot)) = (o, per_output.get_mut(k)) {
                    slot.push(t);
                }
            }
        }
        let mut out = Vec::new();
        for ts in per_output {
            let dt = ts.first().map_or(tracer::dtype::DType::F32, |t| t.dt);
            let refs: Vec<&candle_core::Tensor> = ts.iter().map(|t| &t.t).collect();
            out.push(RVal::Tensor(T {
                t: candle_core::Tensor::stack(&refs, 0)?,
                dt,
            }));
        }
        Ok(RVal::List(out))
    }
}

/// Dropouts, by op packet: random in training with `p > 0`.
const DROPOUTS: &[&str] = &[
    "aten.dropout",
    "aten.feature_dropout",
    "aten.alpha_dropout",
    "aten.feature_alpha_dropout",
    "aten.native_dropout",
];

/// Ops whose values torch draws from its random generator.
fn random_op(target: &str, a: &[RVal]) -> bool {
    let Some((packet, _, _)) = kernels::split_target(target) else {
        return false;
    };
    if kernels::shape::RANDOM_OPS
        .iter()
        .any(|(key, _)| *key == packet)
    {
        return true;
    }
    if DROPOUTS.contains(&packet) {
        let p = a.get(1).and_then(RVal::as_f64).unwrap_or(0.0);
        let train = matches!(a.get(2), Some(RVal::Bool(true)));
        return train && p > 0.0;
    }
    false
}

/// ATen ops whose output is a view of their first argument: an in-place
/// write into the output writes into the argument.
const VIEW_TARGETS: &[&str] = &[
    "aten.slice.Tensor",
    "aten.select.int",
    "aten.view.default",
    "aten.reshape.default",
    "aten.unsqueeze.default",
    "aten.squeeze.dim",
    "aten.squeeze.dims",
    "aten.squeeze.default",
    "aten.transpose.int",
    "aten.swapaxes.default",
    "aten.swapdims.default",
    "aten.permute.default",
    "aten.t.default",
    "aten.narrow.default",
    "aten.diagonal.default",
    "aten.alias.default",
    "aten.flatten.using_ints",
    "aten.unflatten.int",
];

/// `aten.add_.Tensor` -> (`aten.add.Tensor`, true).
pub fn inplace_base(target: &str) -> (String, bool) {
    let mut parts: Vec<&str> = target.split('.').collect();
    if parts.len() == 3 && parts[0] == "aten" {
        let op = parts[1];
        if op.ends_with('_') && !op.starts_with('_') && op != "_" {
            let base = op.trim_end_matches('_').to_string();
            parts[1] = &base;
            return (parts.join("."), true);
        }
    }
    (target.to_string(), false)
}

/// What an `_operator` function yields from two numbers.
#[derive(Clone, Copy)]
enum Yields {
    /// An int, or a float when an operand is one.
    Number,
    Float,
    Bool,
}

type ScalarFn = fn(f64, f64) -> Res<f64>;

fn flag(b: bool) -> f64 {
    b as u8 as f64
}

/// `_operator` arithmetic, comparisons and logic on Python numbers, by
/// target (unary ones ignore their second operand).
const OPERATORS: &[(&str, Yields, ScalarFn)] = &[
    ("_operator.add", Yields::Number, |a, b| Ok(a + b)),
    ("_operator.sub", Yields::Number, |a, b| Ok(a - b)),
    ("_operator.mul", Yields::Number, |a, b| Ok(a * b)),
    ("_operator.neg", Yields::Number, |a, _| Ok(-a)),
    ("_operator.floordiv", Yields::Number, |a, b| {
        if b == 0.0 {
            return Err(Error::runtime("integer division by zero"));
        }
        Ok((a / b).floor())
    }),
    ("_operator.mod", Yields::Number, |a, b| {
        if b == 0.0 {
            return Err(Error::runtime("integer modulo by zero"));
        }
        Ok(a - (a / b).floor() * b)
    }),
    ("_operator.truediv", Yields::Float, |a, b| Ok(a / b)),
    ("_operator.pow", Yields::Number, |a, b| Ok(a.powf(b))),
    ("_operator.eq", Yields::Bool, |a, b| Ok(flag(a == b))),
    ("_operator.ne", Yields::Bool, |a, b| Ok(flag(a != b))),
    ("_operator.lt", Yields::Bool, |a, b| Ok(flag(a < b))),
    ("_operator.le", Yields::Bool, |a, b| Ok(flag(a <= b))),
    ("_operator.gt", Yields::Bool, |a, b| Ok(flag(a > b))),
    ("_operator.ge", Yields::Bool, |a, b| Ok(flag(a >= b))),
    ("_operator.and_", Yields::Bool, |a, b| {
        Ok(flag(a != 0.0 && b != 0.0))
    }),
    ("_operator.or_", Yields::Bool, |a, b| {
        Ok(flag(a != 0.0 || b != 0.0))
    }),
    ("_operator.not_", Yields::Bool, |a, _| Ok(flag(a == 0.0))),
];

/// Symbolic-scalar nodes: `_operator` arithmetic and comparisons and
/// `torch.sym_float`, computed from their arguments or, when torch recorded
/// none, from the traced expression.
fn sym_node(ctx: &mut Ctx, node: &Node, target: &str, args: &kernels::Args) -> Res<Option<RVal>> {
    let Some(op) = target.strip_prefix("_operator.") else {
        if target == "torch.sym_float" {
            return match args.pos.first().and_then(|v| v.as_f64()) {
                Some(x) => Ok(Some(RVal::Float(x))),
                None => meta_float(ctx, node).map(Some),
            };
        }
        return Ok(None);
    };
    if op == "getitem" {
        let Some(i) = args.int(1) else {
            return Err(Error::unsupported("getitem with a non-integer index"));
        };
        return match args.pos.first() {
            Some(RVal::List(items)) => {
                let n = items.len() as i64;
                let j = if i < 0 { i + n } else { i };
                items
                    .get(j as usize)
                    .cloned()
                    .map(Some)
                    .ok_or_else(|| Error::runtime(format!("index {i} out of range")))
            }
            _ => Err(Error::unsupported("getitem on a non-sequence")),
        };
    }
    let nums: Vec<f64> = args.pos.iter().filter_map(|v| v.as_f64()).collect();
    let floaty = args.pos.iter().any(|v| matches!(v, RVal::Float(_)));
    if nums.len() != args.pos.len() || nums.is_empty() {
        return match &node.val {
            MetaVal::Sym(_) => meta_int(ctx, node).map(Some),
            MetaVal::SymFloat(_) => meta_float(ctx, node).map(Some),
            MetaVal::SymBool(b) => {
                let (l, r) = (ctx.sym(&b.lhs), ctx.sym(&b.rhs));
                match (l, r) {
                    (Some(l), Some(r)) => {
                        // Torch writes no comparison but these six.
                        let kind = CmpKind::from_symbol(b.op).unwrap_or(CmpKind::Ge);
                        Ok(Some(RVal::Bool(kind.holds(l, r))))
                    }
                    _ => Err(Error::runtime("symbolic comparison over unknown sizes")),
                }
            }
            _ => Err(Error::unsupported(format!(
                "_operator.{op} on these operands"
            ))),
        };
    }
    let Some((_, yields, f)) = OPERATORS.iter().find(|(t, _, _)| *t == target) else {
        return Err(Error::new(
            ErrorKind::NoKernel,
            format!("no kernel for _operator.{op}"),
        ));
    };
    let v = f(nums[0], nums.get(1).copied().unwrap_or(0.0))?;
    Ok(Some(match yields {
        Yields::Number if floaty => RVal::Float(v),
        Yields::Number => RVal::Int(v as i64),
        Yields::Float => RVal::Float(v),
        Yields::Bool => RVal::Bool(v != 0.0),
    }))
}

/// The value of a symbolic int node from its traced expression.
pub(crate) fn meta_int(ctx: &Ctx, node: &Node) -> Res<RVal> {
    match &node.val {
        MetaVal::Sym(e) => ctx
            .sym(e)
            .map(RVal::Int)
            .ok_or_else(|| Error::runtime("a symbolic size whose value is unknown")),
        _ => Err(Error::internal("expected a symbolic int")),
    }
}

fn meta_float(ctx: &Ctx, node: &Node) -> Res<RVal> {
    match &node.val {
        MetaVal::SymFloat(f) => f
            .eval(&|e| ctx.sym(e))
            .map(RVal::Float)
            .ok_or_else(|| Error::runtime("a symbolic float whose value is unknown")),
        _ => Err(Error::internal("expected a symbolic float")),
    }
}

/// Make a kernel's result agree with the traced value: cast to the traced
/// dtype; a different shape is an interpreter bug, reported as such.
fn conform(ctx: &mut Ctx, meta: &MetaVal, v: RVal, target: &str) -> Res<RVal> {
    match (meta, v) {
        (MetaVal::Tensor { dtype, shape }, RVal::Tensor(t)) => {
            // Data-dependent sizes (`u0`) take the size the kernel produced.
            if shape.len() == t.rank() {
                for (d, r) in shape.iter().zip(t.dims()) {
                    let d = ctx.env.simplify(d);
                    if let Some(s) = d.as_symbol()
                        && !ctx.bindings.contains_key(&s)
                        && ctx.env.info(s).hint.is_none()
                    {
                        ctx.bindings.insert(s, *r as i64);
                    }
                }
            }
            // A size the trace left symbolic may legitimately differ (Python
            // slice clamping of a data-dependent bound); a static one may not.
            let static_mismatch = shape.len() != t.rank()
                || shape.iter().zip(t.dims()).any(|(d, r)| {
                    ctx.env
                        .simplify(d)
                        .as_const()
                        .is_some_and(|c| c != *r as i64)
                });
            if let Some(want) = ctx.shape_of(shape)
                && want != t.dims()
                && static_mismatch
            {
                return Err(Error::internal(format!(
                    "the {target} kernel produced shape {:?}, the program says {want:?}",
                    t.dims()
                )));
            }
            Ok(RVal::Tensor(t.cast(*dtype)?))
        }
        (MetaVal::Tuple(ms), RVal::List(vs)) if ms.len() == vs.len() => {
            let mut out = Vec::with_capacity(vs.len());
            for (m, v) in ms.iter().zip(vs) {
                out.push(conform(ctx, m, v, target)?);
            }
            Ok(RVal::List(out))
        }
        (_, v) => Ok(v),
    }
}
