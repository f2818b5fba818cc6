//! The interpreter's side of the tracer's concrete mode
//! ([`tracer::concrete`]): when the trace must decide something on tensor
//! data, the graph recorded so far runs on the deterministic values and the
//! node's value is returned, so the trace follows the branch eager PyTorch
//! takes. Node values are cached between questions: each one only runs
//! the nodes recorded since the last. Before anything is allocated, the
//! bytes the cache would hold afterwards are checked against the run's
//! `--max-memory`; past it, the question goes unanswered with a memory
//! error ([`Evaluator::last_error`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use shapes::SymbolId;
use tracer::SourceFile;
use tracer::concrete::{ConcreteEval, Scalar};
use tracer::entry::EntryPoint;
use tracer::graph::{Graph, MetaVal, NodeId, NodeOp};
use tracer::shape_env::ShapeEnv;

use crate::error::{Error, ErrorKind};
use crate::exec::{Ctx, Exec, Limits, human_bytes, meta_bytes};
use crate::inputs::Values;
use crate::value::RVal;

/// Runs the graph recorded so far on the deterministic values.
pub struct Evaluator {
    file: Arc<SourceFile>,
    entry: EntryPoint,
    limits: Limits,
    /// Run on the example inputs' own values (see `Values::example_values`).
    example_values: bool,
    state: RefCell<State>,
}

#[derive(Default)]
struct State {
    values: Option<Values>,
    cache: Vec<Option<RVal>>,
    bindings: HashMap<SymbolId, i64>,
    /// Why the last question could not be answered.
    last_error: Option<Error>,
}

impl Evaluator {
    pub fn new(file: Arc<SourceFile>, entry: EntryPoint, limits: Limits) -> Evaluator {
        Evaluator {
            file,
            entry,
            limits,
            example_values: false,
            state: RefCell::new(State::default()),
        }
    }

    /// An evaluator on the example inputs' own values, as draft export
    /// propagates them: what it cannot know exactly (random values) it
    /// does not answer.
    pub fn on_example_values(
        file: Arc<SourceFile>,
        entry: EntryPoint,
        limits: Limits,
    ) -> Evaluator {
        Evaluator {
            example_values: true,
            ..Evaluator::new(file, entry, limits)
        }
    }

    /// Why the last question went unanswered, if it did.
    pub fn last_error(&self) -> Option<Error> {
        self.state.borrow().last_error.clone()
    }

    /// Refuse a question whose answer would take the cached values past
    /// `--max-memory`: the values cached so far, the placeholders still to
    /// make and every node `node` needs that is not cached yet.
    fn check_memory(
        &self,
        st: &State,
        graph: &Graph,
        ctx: &Ctx,
        node: NodeId,
        pending: &[NodeId],
    ) -> crate::Res<()> {
        let cached = |id: NodeId| matches!(st.cache.get(id.0 as usize), Some(Some(_)));
        let mut counted = vec![false; graph.nodes.len()];
        let mut need: u128 = 0;
        for (i, _) in st.cache.iter().enumerate().filter(|(_, v)| v.is_some()) {
            if let Some(c) = counted.get_mut(i) {
                *c = true;
                need = need.saturating_add(meta_bytes(ctx, &graph.nodes[i].val));
            }
        }
        let mut todo: Vec<NodeId> = pending.to_vec();
        todo.push(node);
        while let Some(id) = todo.pop() {
            let i = id.0 as usize;
            if i >= counted.len() || counted[i] || cached(id) {
                continue;
            }
            counted[i] = true;
            let n = graph.node(id);
            need = need.saturating_add(meta_bytes(ctx, &n.val));
            for a in n.args() {
                tracer::graph::Graph::arg_nodes(a, &mut todo);
            }
        }
        if need > u128::from(self.limits.max_memory) {
            return Err(Error::new(
                ErrorKind::Memory,
                format!(
                    "deciding on tensor data as eager PyTorch does (concrete mode) needs about {} of live tensors, more than --max-memory ({}); a larger --max-memory allows it",
                    human_bytes(need),
                    human_bytes(u128::from(self.limits.max_memory))
                ),
            ));
        }
        Ok(())
    }

    fn value(
        &self,
        st: &mut State,
        graph: &Graph,
        env: &ShapeEnv,
        node: NodeId,
    ) -> crate::Res<RVal> {
        let mut ctx = Ctx::new(env, self.limits);
        ctx.bindings = std::mem::take(&mut st.bindings);
        let pending: Vec<NodeId> = graph
            .nodes
            .iter()
            .enumerate()
            .filter(|(i, n)| {
                matches!(n.op, NodeOp::Placeholder(_))
                    && st.cache.get(*i).is_none_or(Option::is_none)
            })
            .map(|(i, _)| NodeId(i as u32))
            .collect();
        if let Err(e) = self.check_memory(st, graph, &ctx, node, &pending) {
            st.bindings = ctx.bindings;
            return Err(e);
        }
        let values = st.values.get_or_insert_with(|| {
            let mut v = Values::recover(&self.file, &self.entry);
            v.example_values = self.example_values;
            v
        });
        let assigned = values.assign_nodes(&self.file, &self.entry, graph, &pending, &ctx);
        let mut ex = Exec::resume(graph, std::mem::take(&mut st.cache));
        let result = assigned.and_then(|assigned| {
            for (id, v) in assigned {
                if let (MetaVal::Tensor { shape, .. }, RVal::Tensor(t)) = (&graph.node(id).val, &v)
                {
                    ctx.bind_shape(shape, t.dims(), "input")?;
                }
                ex.set(id, v);
            }
            ex.eval(&mut ctx, node, 0)
        });
        st.cache = ex.into_cache();
        st.bindings = ctx.bindings;
        result
    }
}

/// A one-element value as the Python scalar `.item()` gives.
fn scalar_of(v: &RVal) -> Option<Scalar> {
    match v {
        RVal::Tensor(t) if t.numel() == 1 => match t.item_value().ok()? {
            RVal::Tensor(_) => None,
            scalar => scalar_of(&scalar),
        },
        RVal::Int(i) => Some(Scalar::Int(*i)),
        RVal::Float(f) => Some(Scalar::Float(*f)),
        RVal::Bool(b) => Some(Scalar::Bool(*b)),
        _ => None,
    }
}

impl ConcreteEval for Evaluator {
    fn scalar(&self, graph: &Graph, env: &ShapeEnv, node: NodeId) -> Option<Scalar> {
        let mut st = self.state.try_borrow_mut().ok()?;
        match self.value(&mut st, graph, env, node) {
            Ok(v) => {
                let s = scalar_of(&v);
                st.last_error = s.is_none().then(|| {
                    Error::internal(format!("node {} is not a one-element value", node.0))
                });
                s
            }
            Err(e) => {
                st.last_error = Some(e);
                None
            }
        }
    }
}

/// Whether a program reads a float from tensor data (`.item()` of a
/// floating tensor): the tracer keeps such values as constants it cannot
/// know, so only a trace in concrete mode computes eager's numbers.
pub fn reads_float_items(g: &Graph) -> bool {
    g.nodes.iter().any(|n| match &n.op {
        NodeOp::CallFunction { target, args, .. } if target == "aten.item.default" => {
            matches!(args.first(), Some(tracer::graph::Arg::Node(a))
                if matches!(&g.node(*a).val, MetaVal::Tensor { dtype, .. } if dtype.is_floating()))
        }
        _ => false,
    }) || g.subgraphs.iter().any(reads_float_items)
}
