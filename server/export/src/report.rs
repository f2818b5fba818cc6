//! The JSON report of `exportlens export --json` (report-schema.md): one
//! document per file, one entry per entry point, one run per mode.

use serde_json::{Value as Json, json};
use shapes::{Bound, SymExpr};
use tracer::entry::{EntryPoint, ReportedGuard, TraceOutcome, TraceResult, TracedProgram};
use tracer::graph::{Arg, InputKind, MetaVal, NodeOp, OutputKind};
use tracer::shape_env::ShapeEnv;

use crate::names::{NamedProgram, name_program};

pub fn bound_json(b: Bound) -> Json {
    match b {
        Bound::Finite(i) => json!(i),
        Bound::PosInf => json!("int_oo"),
        Bound::NegInf => json!("-int_oo"),
    }
}

pub fn val_json(env: &ShapeEnv, v: &MetaVal) -> Json {
    match v {
        MetaVal::Tensor { dtype, shape } => json!({
            "kind": "tensor",
            "dtype": dtype.short(),
            "shape": shape_text(env, shape),
        }),
        MetaVal::Sym(_) | MetaVal::SymFloat(_) | MetaVal::SymBool(_) => {
            json!({"kind": "sym", "expr": sym_text(env, v)})
        }
        MetaVal::Tuple(items) => {
            json!({"kind": "tuple", "items": items.iter().map(|i| val_json(env, i)).collect::<Vec<_>>()})
        }
        MetaVal::Const(c) => json!({"kind": "const", "value": c}),
        MetaVal::None => json!({"kind": "none"}),
    }
}

/// A tensor's shape as torch prints it: `[s0, 3]`.
pub fn shape_text(env: &ShapeEnv, shape: &[SymExpr]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| env.render(&env.simplify(d))).collect();
    format!("[{}]", dims.join(", "))
}

/// A symbolic scalar's expression as torch prints it; `None` for any other
/// value.
pub fn sym_text(env: &ShapeEnv, v: &MetaVal) -> Option<String> {
    Some(match v {
        MetaVal::Sym(e) => env.render(&env.simplify(e)),
        MetaVal::SymFloat(f) => f.render(&|e| env.render(&env.simplify(e))),
        MetaVal::SymBool(b) => match tracer::value::CmpKind::from_symbol(b.op) {
            Some(op) => env.render_sym_bool(&b.lhs, op, &b.rhs),
            None => format!(
                "{} {} {}",
                env.render(&env.simplify(&b.lhs)),
                b.op,
                env.render(&env.simplify(&b.rhs))
            ),
        },
        _ => return None,
    })
}

fn guards_json(guards: &[ReportedGuard]) -> Json {
    Json::Array(
        guards
            .iter()
            .map(|g| json!({"expr": g.expr, "line": g.line}))
            .collect(),
    )
}

fn program_json(p: &TracedProgram, named: &NamedProgram) -> serde_json::Map<String, Json> {
    let g = &p.graph;
    let env = &p.env;
    let inputs: Vec<Json> = p
        .inputs
        .iter()
        .map(|id| {
            let n = g.node(*id);
            let (kind, target) = match &n.op {
                NodeOp::Placeholder(InputKind::Parameter(t)) => ("PARAMETER", Some(t.clone())),
                NodeOp::Placeholder(InputKind::Buffer { target, .. }) => ("BUFFER", Some(target.clone())),
                NodeOp::Placeholder(InputKind::ConstantTensor(t)) => ("CONSTANT_TENSOR", Some(t.clone())),
                _ => ("USER_INPUT", None),
            };
            json!({"name": named.name(*id), "kind": kind, "target": target, "val": val_json(env, &n.val)})
        })
        .collect();
    let refs = NodeRefs::new(p, named);
    let nodes: Vec<Json> = named
        .order
        .iter()
        .map(|id| {
            let n = g.node(*id);
            let (args, kwargs) = match &n.op {
                NodeOp::CallFunction { .. } => {
                    let (args, kwargs) = crate::names::recorded_args(named, *id);
                    (
                        args.iter().map(|a| refs.arg(a)).collect(),
                        kwargs
                            .iter()
                            .map(|(k, a)| (k.clone(), refs.arg(a)))
                            .collect(),
                    )
                }
                NodeOp::Placeholder(_) => (Vec::new(), serde_json::Map::new()),
            };
            json!({
                "name": named.name(*id),
                "target": n.target().unwrap_or(""),
                "val": val_json(env, &n.val),
                "line": n.line,
                "args": args,
                "kwargs": kwargs,
            })
        })
        .collect();
    let outputs: Vec<Json> = g
        .outputs
        .iter()
        .map(|o| {
            let name = match &o.arg {
                Arg::Node(id) => Some(named.name(*id).to_string()),
                _ => None,
            };
            let (kind, target) = match &o.kind {
                OutputKind::User => ("USER_OUTPUT", None),
                OutputKind::BufferMutation(t) => ("BUFFER_MUTATION", Some(t.clone())),
                OutputKind::UserInputMutation(t) => ("USER_INPUT_MUTATION", Some(t.clone())),
            };
            json!({"name": name, "kind": kind, "target": target})
        })
        .collect();
    let mut ranges = serde_json::Map::new();
    for (k, lo, hi) in &p.range_constraints {
        ranges.insert(k.clone(), json!([bound_json(*lo), bound_json(*hi)]));
    }
    let mut m = serde_json::Map::new();
    m.insert("ok".into(), json!(true));
    m.insert("inputs".into(), Json::Array(inputs));
    m.insert("nodes".into(), Json::Array(nodes));
    m.insert("outputs".into(), Json::Array(outputs));
    m.insert("range_constraints".into(), Json::Object(ranges));
    m
}

/// Node arguments as the report schema writes them: another node by its
/// position (`%in3`: the fourth placeholder in signature order, `%n12`: the
/// thirteenth `call_function` node), a subgraph by the name torch gives its
/// `get_attr` node, scalars as JSON, dtypes and layouts as torch prints them.
struct NodeRefs {
    refs: std::collections::HashMap<tracer::graph::NodeId, String>,
    subgraphs: Vec<String>,
}

impl NodeRefs {
    fn new(p: &TracedProgram, named: &NamedProgram) -> Self {
        let placeholders = p
            .inputs
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, format!("%in{i}")));
        let calls = named
            .order
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, format!("%n{i}")));
        NodeRefs {
            refs: placeholders.chain(calls).collect(),
            subgraphs: crate::names::subgraph_names(named),
        }
    }

    fn arg(&self, a: &Arg) -> Json {
        match a {
            Arg::Node(id) => json!(self.refs.get(id).map_or("%unknown", String::as_str)),
            Arg::Int(i) => json!(i),
            Arg::Float(f) if f.is_finite() => json!(f),
            Arg::Float(f) => {
                let text = if f.is_nan() {
                    "nan"
                } else if *f > 0.0 {
                    "inf"
                } else {
                    "-inf"
                };
                json!({ "float": text })
            }
            Arg::Bool(b) => json!(b),
            Arg::Str(s) => json!(s),
            Arg::DType(d) => json!(d.torch_name()),
            Arg::Device(d) => json!(d),
            Arg::Layout(l) => json!(format!("torch.{l}")),
            Arg::None => Json::Null,
            Arg::List(items) => Json::Array(items.iter().map(|i| self.arg(i)).collect()),
            Arg::Subgraph(i) => json!(format!(
                "%get_attr:{}",
                self.subgraphs.get(*i).map_or("subgraph", String::as_str)
            )),
        }
    }
}

/// One RUN of the report, for a trace of the file at `path`.
pub fn run_report(r: &TraceResult, path: &str) -> Json {
    let mut m = match &r.outcome {
        TraceOutcome::Exported(p) => {
            let named = name_program(p, r.mode);
            let mut m = program_json(p, &named);
            m.insert(
                "program".into(),
                json!(crate::print::print_program(&named, path)),
            );
            m
        }
        TraceOutcome::Failed(f) => {
            let mut m = serde_json::Map::new();
            // No verdict when the tracer could not follow the code: `ok`
            // is null, never a claimed failure.
            if f.is_verdict() {
                m.insert("ok".into(), json!(false));
            } else {
                m.insert("ok".into(), Json::Null);
                m.insert(
                    "incomplete".into(),
                    json!({"line": f.line, "path": f.path, "message": f.message}),
                );
            }
            m.insert("error_category".into(), json!(f.kind.category()));
            m.insert("gb_code".into(), json!(f.gb_code));
            m.insert("line".into(), json!(f.line));
            let mut message = f.message.clone();
            if let Some(h) = &f.hint {
                message.push_str("\nhelp: ");
                message.push_str(h);
            }
            m.insert("message".into(), json!(message));
            m.insert("suggested_fixes".into(), json!(f.suggested_fixes));
            m
        }
    };
    m.insert("guards".into(), guards_json(&r.guards));
    Json::Object(m)
}

pub fn entry_report(path: &str, entry: &EntryPoint, runs: &[TraceResult]) -> Json {
    let mut rm = serde_json::Map::new();
    let draft = crate::draft::is_draft(entry);
    for r in runs {
        let run = if draft {
            crate::draft::run_report(r, path)
        } else {
            run_report(r, path)
        };
        rm.insert(r.mode.key().into(), run);
    }
    json!({"name": entry.name, "line": entry.line, "runs": Json::Object(rm)})
}

pub fn file_report(path: &str, entries: Vec<Json>) -> Json {
    json!({"file": path, "entries": entries})
}
