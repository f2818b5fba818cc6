//! Higher-order ops with subgraphs: `torch.cond` (both branches traced,
//! operands merged as Dynamo merges them) and functorch's `map`.

use std::rc::Rc;

use shapes::{Bound, SymExpr, ValueRange};

use super::kw;
use crate::dtype::DType;
use crate::failure::FailureKind;
use crate::graph::{Arg, MetaVal, NodeId};
use crate::interp::{Interp, R};
use crate::python::names::known_names;
use crate::value::{CmpKind, Provenance, Tensor, Value};

known_names! {
    /// The higher-order ops [`call`] implements (without the `torch.` prefix).
    pub(super) enum HigherOrder {
        Cond = "cond",
        Map = "ops.higher_order.map",
    }
}

/// `torch.cond(...)` / `map(...)`.
pub(super) fn call(
    interp: &mut Interp,
    f: HigherOrder,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    Ok(Some(match f {
        HigherOrder::Cond => cond(interp, args, kwargs)?,
        HigherOrder::Map => {
            if let Some((k, _)) = kwargs.first() {
                // `map(f, xs, *args)` is a Python function: the call does
                // not bind.
                return Err(interp.raise_by(
                    crate::evidence::Raiser::PlainCallBinding,
                    "TypeError",
                    format!("map() got an unexpected keyword argument '{k}'"),
                ));
            }
            return map_hop(interp, args).map(Some);
        }
    }))
}

/// A traced subgraph: its index, its outputs, and the tensors of the
/// enclosing graph it closes over (extra operands after the given ones).
struct Traced {
    index: usize,
    outs: Vec<Value>,
    captured: Vec<Rc<Tensor>>,
}

/// Trace `f(*operands)` into a subgraph. `seed`: closed-over tensors whose
/// placeholders come first among the captured ones (another branch's).
fn trace_subgraph(
    interp: &mut Interp,
    f: &Value,
    operands: &[Value],
    seed: &[Rc<Tensor>],
) -> R<Traced> {
    let outer = std::mem::take(&mut interp.graph);
    // Captures are tensors older than the subgraph (its operands are
    // re-created below).
    interp.begin_captures();
    let mut inner_args = Vec::new();
    for op in operands {
        inner_args.push(match op {
            Value::Tensor(t) => {
                let nt = interp.new_tensor(t.dtype, t.shape.clone(), Provenance::Graph);
                let node = interp.graph.push(crate::graph::Node::placeholder(
                    crate::graph::InputKind::User(format!("arg{}", inner_args.len())),
                    interp.meta_of(&nt),
                ));
                nt.node.set(Some(node));
                Value::Tensor(nt)
            }
            other => other.clone(),
        });
    }
    interp.in_subgraph += 1;
    let saved_lifted = std::mem::take(&mut interp.lifted);
    for t in seed {
        interp.capture_placeholder(t);
    }
    let r = interp.call(f, inner_args, vec![]);
    let frame = interp.captures.pop().unwrap_or_default();
    let inner_lifted = std::mem::replace(&mut interp.lifted, saved_lifted);
    interp.in_subgraph -= 1;
    let mut inner = std::mem::replace(&mut interp.graph, outer);
    // State the branch read first (a submodule's buffer) is lifted by the
    // program too, at that read.
    let mut fresh: Vec<(u32, NodeId)> = inner_lifted.into_iter().collect();
    fresh.sort_by_key(|(_, n)| *n);
    for (tid, inner_node) in fresh {
        if interp.lifted.contains_key(&tid) {
            continue;
        }
        let n = inner.node(inner_node);
        if let crate::graph::NodeOp::Placeholder(kind) = &n.op {
            let id = interp
                .graph
                .push(crate::graph::Node::placeholder(kind.clone(), n.val.clone()));
            interp.lifted.insert(tid, id);
        }
    }
    let out = r?;
    let outs: Vec<Value> = match &out {
        Value::Tuple(_) | Value::List(_) => interp.iterate(&out)?,
        other => vec![other.clone()],
    };
    inner.outputs = outs
        .iter()
        .filter_map(|o| {
            let arg = match o {
                Value::Tensor(t) => Arg::Node(t.node.get()?),
                Value::Int(i) => Arg::Int(*i),
                _ => return None,
            };
            Some(crate::graph::Output {
                arg,
                kind: crate::graph::OutputKind::User,
            })
        })
        .collect();
    interp.graph.subgraphs.push(inner);
    Ok(Traced {
        index: interp.graph.subgraphs.len() - 1,
        outs,
        captured: frame.lifted.into_iter().map(|(t, _)| t).collect(),
    })
}

/// Placeholders, at the end of subgraph `index`, for the tensors `extra`
/// another branch closes over and this one does not.
fn add_captured_operands(interp: &mut Interp, index: usize, extra: &[Rc<Tensor>]) {
    for t in extra {
        let val = interp.meta_of(t);
        if let Some(g) = interp.graph.subgraphs.get_mut(index) {
            g.push(crate::graph::Node::placeholder(
                crate::graph::InputKind::User("captured".into()),
                val,
            ));
        }
    }
}

/// `torch.cond(pred, true_fn, false_fn, operands)`.
fn cond(interp: &mut Interp, args: &[Value], kwargs: &[(String, Value)]) -> R<Value> {
    let get = |i: usize, k: &str| {
        args.get(i)
            .cloned()
            .or_else(|| kw(kwargs, k).cloned())
            .unwrap_or(Value::None)
    };
    let pred = get(0, "pred");
    let (t_fn, f_fn) = (get(1, "true_fn"), get(2, "false_fn"));
    let operands = match get(3, "operands") {
        Value::None => vec![],
        v => interp.iterate(&v)?,
    };
    let pred = match pred {
        Value::SymInt(ref e) => interp.sym_compare(CmpKind::Ne, e.clone(), SymExpr::int(0)),
        p => p,
    };
    match &pred {
        Value::Bool(b) => {
            // A static predicate: torch inlines the taken branch.
            let f = if *b { t_fn } else { f_fn };
            interp.call(&f, operands, vec![])
        }
        Value::SymBool(_) | Value::Tensor(_) => {
            if !interp.tracing {
                let b = interp.truthy(&pred)?;
                let f = if b { t_fn } else { f_fn };
                return interp.call(&f, operands, vec![]);
            }
            let pred_arg = match &pred {
                Value::SymBool(b) => {
                    let (l, r) = (interp.sym_arg(&b.lhs), interp.sym_arg(&b.rhs));
                    let meta = MetaVal::SymBool(crate::graph::SymBoolMeta {
                        lhs: b.lhs.clone(),
                        op: b.op.symbol(),
                        rhs: b.rhs.clone(),
                    });
                    // Non-strict already traced the comparison: it becomes the predicate.
                    let traced = interp
                        .graph
                        .nodes
                        .iter()
                        .rposition(|n| n.hidden && n.val == meta);
                    match traced {
                        Some(i) => {
                            let line = interp.node_line();
                            let node = interp.graph.node_mut(crate::graph::NodeId(i as u32));
                            node.hidden = false;
                            node.line = line;
                            if let crate::graph::NodeOp::CallFunction { args, .. } = &mut node.op {
                                *args = vec![l, r];
                            }
                            Arg::Node(crate::graph::NodeId(i as u32))
                        }
                        None => Arg::Node(interp.record_named(
                            &format!("_operator.{}", b.op.operator_name()),
                            b.op.operator_name(),
                            vec![l, r],
                            vec![],
                            meta,
                        )),
                    }
                }
                other => interp.arg_of(other),
            };
            let t = trace_subgraph(interp, &t_fn, &operands, &[])?;
            let f = trace_subgraph(interp, &f_fn, &operands, &t.captured)?;
            // Tensors either branch closes over are extra operands of both.
            add_captured_operands(interp, t.index, &f.captured[t.captured.len()..]);
            let (tg, t_out, fg, f_out) = (t.index, t.outs, f.index, f.outs);
            if t_out.len() != f_out.len() {
                return Err(interp.fail(
                    FailureKind::Other,
                    "torch.cond: both branches must return the same number of outputs",
                ));
            }
            for (a, b) in t_out.iter().zip(&f_out) {
                if let (Value::Tensor(a), Value::Tensor(b)) = (a, b)
                    && (a.dtype != b.dtype || a.rank() != b.rank())
                {
                    return Err(interp.fail(
                        FailureKind::Other,
                        "torch.cond: branches must return tensors of the same dtype and rank",
                    ));
                }
            }
            let outs: Vec<CondOut> = t_out
                .iter()
                .zip(&f_out)
                .filter_map(|pair| match pair {
                    (Value::Tensor(t), _) => {
                        Some(CondOut::Tensor(interp.op_output(t.dtype, t.shape.clone())))
                    }
                    (Value::Int(a), Value::Int(b)) => Some(CondOut::Int(*a, *b)),
                    _ => None,
                })
                .collect();
            let mut op_args: Vec<Arg> = operands.iter().map(|o| interp.arg_of(o)).collect();
            for c in &f.captured {
                op_args.push(Arg::Node(interp.tensor_node(c)));
            }
            if operands.iter().all(|o| matches!(o, Value::Tensor(_))) {
                op_args = keep_read_operands(interp, tg, fg, op_args);
            }
            let args = vec![
                pred_arg,
                Arg::Subgraph(tg),
                Arg::Subgraph(fg),
                Arg::List(op_args),
            ];
            let items = record_cond(interp, args, outs);
            Ok(if items.len() == 1 {
                items[0].clone()
            } else {
                Value::tuple(items)
            })
        }
        _ => Err(interp.type_error(
            "torch.cond: pred must be a bool, a symbolic bool or a one-element tensor",
        )),
    }
}

/// Dynamo passes a branch only the operands some branch reads: those both
/// read first, then those only the true branch reads, then those only the
/// false branch reads. `op_args` holds one operand per placeholder of each
/// branch; the branches' placeholders are reordered to match.
fn keep_read_operands(interp: &mut Interp, tg: usize, fg: usize, op_args: Vec<Arg>) -> Vec<Arg> {
    let placeholders = |g: usize| -> Vec<NodeId> {
        interp
            .graph
            .subgraphs
            .get(g)
            .map(|g| g.placeholders())
            .unwrap_or_default()
    };
    let (tp, fp) = (placeholders(tg), placeholders(fg));
    if tp.len() != op_args.len() || fp.len() != op_args.len() {
        return op_args;
    }
    let read = |g: usize, ids: &[NodeId]| -> Vec<bool> {
        let graph = &interp.graph.subgraphs[g];
        let read = graph.read_nodes();
        ids.iter().map(|id| read.contains(id)).collect()
    };
    let (tr, fr) = (read(tg, &tp), read(fg, &fp));
    let mut slots: Vec<usize> = (0..op_args.len()).filter(|&k| tr[k] && fr[k]).collect();
    slots.extend((0..op_args.len()).filter(|&k| tr[k] && !fr[k]));
    slots.extend((0..op_args.len()).filter(|&k| !tr[k] && fr[k]));
    if slots.len() == op_args.len() && slots.iter().enumerate().all(|(i, k)| i == *k) {
        return op_args;
    }
    for (g, ids) in [(tg, &tp), (fg, &fp)] {
        let order: Vec<NodeId> = slots.iter().map(|&k| ids[k]).collect();
        interp.graph.subgraphs[g].set_placeholders(&order);
    }
    slots.iter().map(|&k| op_args[k].clone()).collect()
}

/// One output of `torch.cond`: a tensor of the branches' metadata, or the
/// ints the two branches return.
enum CondOut {
    Tensor(Rc<Tensor>),
    Int(i64, i64),
}

/// The `cond` node and its outputs. Ints both branches return alike stay
/// that int; differing ints become a fresh unbacked symbol bounded by the
/// two, which torch's runtime-assertion pass binds with a `getitem` of its
/// own right after the node (the traced `getitem` dies but keeps its name).
fn record_cond(interp: &mut Interp, args: Vec<Arg>, outs: Vec<CondOut>) -> Vec<Value> {
    let values: Vec<Value> = outs
        .iter()
        .map(|o| match o {
            CondOut::Tensor(t) => Value::Tensor(t.clone()),
            CondOut::Int(a, b) if a == b => Value::Int(*a),
            CondOut::Int(a, b) => {
                let range = ValueRange::new(Bound::Finite(*a.min(b)), Bound::Finite(*a.max(b)));
                Value::SymInt(interp.env.create_unbacked(range))
            }
        })
        .collect();
    if !interp.tracing {
        return values;
    }
    let metas: Vec<MetaVal> = values
        .iter()
        .map(|v| match v {
            Value::Tensor(t) => interp.meta_of(t),
            Value::SymInt(e) => MetaVal::Sym(e.clone()),
            Value::Int(i) => MetaVal::Const(i.to_string()),
            _ => MetaVal::None,
        })
        .collect();
    let node = interp.record(
        "torch.ops.higher_order.cond",
        args,
        vec![],
        MetaVal::Tuple(metas),
    );
    let mut bindings = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let item = vec![Arg::Node(node), Arg::Int(i as i64)];
        match v {
            Value::Tensor(t) => {
                let meta = interp.meta_of(t);
                let g = interp.record("_operator.getitem", item, vec![], meta);
                t.node.set(Some(g));
            }
            Value::SymInt(e) => {
                let meta = MetaVal::Sym(e.clone());
                let g = interp.record("_operator.getitem", item.clone(), vec![], meta.clone());
                let dead = interp.graph.node_mut(g);
                dead.hidden = true;
                dead.probe = true;
                bindings.push((e.clone(), item, meta));
            }
            _ => {
                interp.record("_operator.getitem", item, vec![], MetaVal::None);
            }
        }
    }
    for (e, item, meta) in bindings {
        // Non-strict export runs the branches' int through a graph Dynamo
        // compiled, whose own range checks of the symbol die but keep their
        // names.
        if interp.mode == crate::Mode::NonStrict {
            let r = e.as_symbol().map(|s| interp.env.info(s).range);
            if let Some(ValueRange {
                lo: Bound::Finite(lo),
                hi: Bound::Finite(hi),
            }) = r
            {
                for (kind, bound) in [(CmpKind::Ge, lo), (CmpKind::Le, hi)] {
                    interp.phantom(
                        kind.operator_name(),
                        MetaVal::SymBool(crate::graph::SymBoolMeta {
                            lhs: e.clone(),
                            op: kind.symbol(),
                            rhs: SymExpr::int(bound),
                        }),
                    );
                }
            }
        }
        let g = interp.record("_operator.getitem", item, vec![], meta);
        interp.graph.node_mut(g).late_named = true;
        interp.graph.anchors.push((g, node));
        if let Some(s) = e.as_symbol() {
            interp.sym_nodes.insert(s, g);
        }
    }
    values
}

/// functorch `map(body, xs, *args)`: `map_impl` over the first dimension.
fn map_hop(interp: &mut Interp, args: &[Value]) -> R<Value> {
    let Some(f) = args.first().cloned() else {
        return Err(interp.type_error("map() needs a function"));
    };
    let Some(xs) = args.get(1).and_then(Value::as_tensor).cloned() else {
        return Err(interp.type_error("map() needs a tensor to map over"));
    };
    let rest: Vec<Value> = args[2..].to_vec();
    let Some(n) = xs.shape.first().cloned() else {
        return Err(interp.type_error("map() over a 0-d tensor"));
    };
    let slice = interp.new_tensor(xs.dtype, xs.shape[1..].to_vec(), Provenance::Graph);
    let mut ops = vec![Value::Tensor(slice)];
    ops.extend(rest.iter().cloned());
    let Traced {
        index: g,
        outs,
        captured,
    } = trace_subgraph(interp, &f, &ops, &[])?;
    let out_meta: Vec<(DType, Vec<SymExpr>)> = outs
        .iter()
        .filter_map(|o| match o {
            Value::Tensor(t) => {
                let mut s = vec![n.clone()];
                s.extend(t.shape.iter().cloned());
                Some((t.dtype, s))
            }
            _ => None,
        })
        .collect();
    let mut extra: Vec<Arg> = rest.iter().map(|v| interp.arg_of(v)).collect();
    for c in &captured {
        extra.push(Arg::Node(interp.tensor_node(c)));
    }
    let a = vec![
        Arg::Subgraph(g),
        Arg::List(vec![interp.arg_of(&Value::Tensor(xs.clone()))]),
        Arg::List(extra),
    ];
    let r = crate::ops::meta::tuple_op(interp, "torch.ops.higher_order.map_impl", a, out_meta)?;
    let items = interp.iterate(&r)?;
    Ok(if items.len() == 1 {
        items[0].clone()
    } else {
        Value::tuple(items)
    })
}

/// A default range for a fresh unbacked size.
pub fn size_like_range() -> ValueRange {
    ValueRange::new(Bound::Finite(0), Bound::PosInf)
}
