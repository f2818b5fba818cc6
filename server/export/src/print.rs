//! The ExportedProgram printed as torch prints it: a `GraphModule` class
//! with a typed `forward`, `# File: ... code: ...` comments, the graph
//! signature and the range constraints.

use std::fmt::Write;

use tracer::dtype::DType;
use tracer::entry::TracedProgram;
use tracer::graph::{Arg, InputKind, MetaVal, NodeOp, OutputKind};
use tracer::shape_env::ShapeEnv;

use crate::names::NamedProgram;
use crate::report::bound_json;

fn annotation(env: &ShapeEnv, v: &MetaVal) -> String {
    match v {
        MetaVal::Tensor { dtype, shape } => format!(
            "\"{}[{}]\"",
            dtype.short(),
            shape
                .iter()
                .map(|d| env.render(&env.simplify(d)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        MetaVal::Sym(_) | MetaVal::SymBool(_) | MetaVal::SymFloat(_) => "\"Sym(...)\"".into(),
        MetaVal::Tuple(items) => format!(
            "\"({})\"",
            items
                .iter()
                .map(|i| annotation(env, i).trim_matches('"').to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        MetaVal::Const(_) | MetaVal::None => String::new(),
    }
    .replace(
        "\"Sym(...)\"",
        &match v {
            MetaVal::Sym(e) => format!("\"Sym({})\"", env.render(e)),
            MetaVal::SymFloat(f) => format!("\"Sym({})\"", f.render(&|e| env.render(e))),
            MetaVal::SymBool(b) => format!(
                "\"Sym({} {} {})\"",
                env.render(&b.lhs),
                b.op,
                env.render(&b.rhs)
            ),
            _ => String::new(),
        },
    )
}

fn arg_text(named: &NamedProgram, a: &Arg) -> String {
    match a {
        Arg::Node(id) => named.name(*id).to_string(),
        Arg::Int(i) => i.to_string(),
        Arg::Float(f) => {
            if f.fract() == 0.0 && f.abs() < 1e16 {
                format!("{f:.1}")
            } else {
                format!("{f}")
            }
        }
        Arg::Bool(b) => if *b { "True" } else { "False" }.into(),
        Arg::Str(s) => format!("'{s}'"),
        Arg::DType(d) => dtype_text(*d),
        Arg::Device(d) => format!("device(type='{d}')"),
        Arg::Layout(l) => format!("torch.{l}"),
        Arg::None => "None".into(),
        Arg::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|i| arg_text(named, i))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Arg::Subgraph(i) => format!("subgraph_{i}"),
    }
}

fn dtype_text(d: DType) -> String {
    d.torch_name().to_string()
}

fn call_text(target: &str) -> String {
    if let Some(rest) = target.strip_prefix("aten.") {
        format!("torch.ops.aten.{rest}")
    } else if let Some(rest) = target.strip_prefix("_operator.") {
        format!("operator.{rest}")
    } else if let Some(rest) = target.strip_prefix("math.") {
        // FX's global name for `math.floor`.
        format!("math_{rest}")
    } else if let Some(rest) = target.strip_prefix("builtins.") {
        rest.to_string()
    } else {
        target.to_string()
    }
}

/// Print a named program in torch's `ExportedProgram` format.
pub fn print_program(named: &NamedProgram, path: &str) -> String {
    let p: &TracedProgram = named.program;
    let g = &p.graph;
    let mut out = String::new();
    let _ = writeln!(out, "ExportedProgram:");
    print_forward(named, path, &mut out);
    let outs: Vec<String> = g.outputs.iter().map(|o| arg_text(named, &o.arg)).collect();
    let _ = writeln!(
        out,
        "            return ({}{})",
        outs.join(", "),
        if outs.len() == 1 { "," } else { "" }
    );
    let _ = writeln!(out, "            ");
    let _ = writeln!(out, "Graph signature: ");
    let _ = writeln!(out, "    # inputs");
    for id in &p.inputs {
        let name = named.name(*id);
        let line = match &g.node(*id).op {
            NodeOp::Placeholder(InputKind::Parameter(t)) => {
                format!("{name}: PARAMETER target='{t}'")
            }
            NodeOp::Placeholder(InputKind::Buffer { target, persistent }) => {
                format!(
                    "{name}: BUFFER target='{target}' persistent={}",
                    if *persistent { "True" } else { "False" }
                )
            }
            NodeOp::Placeholder(InputKind::ConstantTensor(t)) => {
                format!("{name}: CONSTANT_TENSOR target='{t}'")
            }
            _ => format!("{name}: USER_INPUT"),
        };
        let _ = writeln!(out, "    {line}");
    }
    let _ = writeln!(out, "    ");
    let _ = writeln!(out, "    # outputs");
    for o in &g.outputs {
        let kind = match &o.kind {
            OutputKind::User => "USER_OUTPUT".to_string(),
            OutputKind::BufferMutation(t) => format!("BUFFER_MUTATION target='{t}'"),
            OutputKind::UserInputMutation(t) => format!("USER_INPUT_MUTATION target='{t}'"),
        };
        let _ = writeln!(out, "    {}: {kind}", arg_text(named, &o.arg));
    }
    let _ = writeln!(out, "    ");
    let ranges: Vec<String> = p
        .range_constraints
        .iter()
        .map(|(k, lo, hi)| {
            format!(
                "{k}: VR[{}, {}]",
                bound_json(*lo).to_string().trim_matches('"'),
                bound_json(*hi).to_string().trim_matches('"')
            )
        })
        .collect();
    let _ = writeln!(out, "Range constraints: {{{}}}", ranges.join(", "));
    out
}

/// A failed trace's partial graph ([`tracer::TraceResult::partial`]): the
/// ops recorded before the failure at `failed_at`, marked as partial (no
/// outputs, no signature: it is not an exported program).
pub fn print_partial(named: &NamedProgram, path: &str, failed_at: Option<u32>) -> String {
    let mut out = String::new();
    let place = failed_at.map_or(String::new(), |l| format!(" at line {l}"));
    let _ = writeln!(
        out,
        "Partial program (the export fails{place}; the ops traced before the failure):"
    );
    print_forward(named, path, &mut out);
    let _ = writeln!(out, "            # ... the trace stops here{place}");
    out
}

/// The `GraphModule` header, `forward`'s signature and its nodes.
fn print_forward(named: &NamedProgram, path: &str, out: &mut String) {
    let p: &TracedProgram = named.program;
    let g = &p.graph;
    let env = &p.env;
    let _ = writeln!(out, "    class GraphModule(torch.nn.Module):");
    let params: Vec<String> = p
        .inputs
        .iter()
        .map(|id| {
            let ann = annotation(env, &g.node(*id).val);
            if ann.is_empty() {
                named.name(*id).to_string()
            } else {
                format!("{}: {ann}", named.name(*id))
            }
        })
        .collect();
    let _ = writeln!(out, "        def forward(self, {}):", params.join(", "));
    let mut last_code: Option<(u32, String)> = None;
    for id in &named.order {
        let n = g.node(*id);
        let NodeOp::CallFunction { target, .. } = &n.op else {
            continue;
        };
        if let (Some(line), Some(code)) = (n.line, &n.code)
            && last_code.as_ref() != Some(&(line, code.clone()))
        {
            let file = g.node_paths.get(id).map_or(path, String::as_str);
            let _ = writeln!(
                out,
                "             # File: {file}:{line} in forward, code: {code}"
            );
            last_code = Some((line, code.clone()));
        }
        let (args, kwargs) = crate::names::recorded_args(named, *id);
        let mut parts: Vec<String> = args.iter().map(|a| arg_text(named, a)).collect();
        parts.extend(
            kwargs
                .iter()
                .map(|(k, a)| format!("{k} = {}", arg_text(named, a))),
        );
        let ann = annotation(env, &n.val);
        let lhs = if ann.is_empty() {
            named.name(*id).to_string()
        } else {
            format!("{}: {ann}", named.name(*id))
        };
        let _ = writeln!(
            out,
            "            {lhs} = {}({});  ",
            call_text(target),
            parts.join(", ")
        );
    }
}
