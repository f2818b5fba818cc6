//! Operators defined with `torch.library` (`ops/custom.rs`, the prelude's
//! `library.py`): a call records one node `torch._ops.NS.NAME.default`
//! whose value the fake implementation computes, nothing the fake does is
//! recorded, its arguments are bound by the schema as torch records them,
//! and an operator without a fake implementation fails as torch fails
//! (facts from torch 2.15, as in tests/corpus/cases/custom_op_*.py).

use crate::common;

use common::{exported_program, node_shapes, trace_first_entry};
use tracer::graph::{Arg, MetaVal, NodeOp};
use tracer::{Mode, TraceOutcome};

/// A model over `x` [4, 3] (dim 0 dynamic, 3..64) whose module code is `defs`
/// and whose forward returns `body`.
fn model(defs: &str, body: &str) -> String {
    format!(
        "import torch\nfrom typing import List, Optional\nfrom torch.export import Dim\n{defs}\n\
class M(torch.nn.Module):\n    def forward(self, x):\n        return {body}\n\n\
model = M()\nexample_args = (torch.randn(4, 3),)\n\
dynamic_shapes = {{'x': {{0: Dim('n', min=3, max=64)}}}}\n"
    )
}

/// The call nodes of the program of `src` in `mode`: target, positional
/// arguments (node arguments as `%`), keywords.
fn calls(src: &str, mode: Mode) -> Vec<(String, Vec<String>, Vec<String>)> {
    let p = exported_program(src, mode);
    let show = |a: &Arg| match a {
        Arg::Node(_) => "%".to_string(),
        Arg::Int(i) => i.to_string(),
        Arg::Float(f) => format!("{f:?}"),
        Arg::Bool(b) => b.to_string(),
        Arg::Str(s) => format!("'{s}'"),
        Arg::None => "None".into(),
        Arg::List(items) => format!("{} items", items.len()),
        other => format!("{other:?}"),
    };
    p.graph
        .nodes
        .iter()
        .filter_map(|n| match &n.op {
            NodeOp::CallFunction {
                target,
                args,
                kwargs,
            } => Some((
                target.clone(),
                args.iter().map(show).collect(),
                kwargs
                    .iter()
                    .map(|(k, v)| format!("{k}={}", show(v)))
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

const TWICE: &str = "
@torch.library.custom_op('t::twice', mutates_args=())
def twice(x: torch.Tensor, k: int = 2, *, shift: float = 0.0) -> torch.Tensor:
    return x * k + shift

@twice.register_fake
def _(x, k=2, *, shift=0.0):
    return torch.empty_like(x)
";

#[test]
fn a_call_records_one_node_valued_by_the_fake() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let src = model(TWICE, "twice(x).relu()");
        let found = calls(&src, mode);
        let targets: Vec<&str> = found.iter().map(|c| c.0.as_str()).collect();
        // `x * k + shift` is the real implementation's: never recorded.
        assert_eq!(
            targets,
            ["torch._ops.t.twice.default", "aten.relu.default"],
            "{mode:?}"
        );
        let p = exported_program(&src, mode);
        let n = if mode == Mode::Strict { "s6" } else { "s77" };
        assert_eq!(
            node_shapes(&p, "torch._ops.t.twice.default"),
            [format!("{n}, 3")]
        );
    }
}

#[test]
fn arguments_are_bound_by_the_schema_defaults_dropped() {
    let cases = [
        ("twice(x, 3)", vec!["%", "3"], vec![]),
        ("twice(x, k=2, shift=1.5)", vec!["%"], vec!["shift=1.5"]),
        ("torch.ops.t.twice(x, 5, shift=0.0)", vec!["%", "5"], vec![]),
        ("torch.ops.t.twice.default(x, k=2)", vec!["%"], vec![]),
    ];
    for (body, args, kwargs) in cases {
        let found = calls(&model(TWICE, body), Mode::NonStrict);
        assert_eq!(found[0].1, args, "{body}");
        assert_eq!(found[0].2, kwargs, "{body}");
    }
}

#[test]
fn an_explicit_schema_with_several_results_reads_them_by_getitem() {
    let defs = "
def _halves(x):
    return x[:1].clone(), x[1:].clone()

torch.library.custom_op('t::halves', _halves, mutates_args=(), schema='(Tensor x) -> (Tensor, Tensor)')

@torch.library.register_fake('t::halves')
def _(x):
    return x.new_empty(1, x.shape[1]), x.new_empty(x.shape[0] - 1, x.shape[1])
";
    let src = model(defs, "torch.ops.t.halves(x)[1] + 1");
    let p = exported_program(&src, Mode::Strict);
    let node = p
        .graph
        .nodes
        .iter()
        .find(|n| n.target() == Some("torch._ops.t.halves.default"))
        .expect("the operator's node");
    assert!(matches!(&node.val, MetaVal::Tuple(items) if items.len() == 2));
    assert_eq!(node_shapes(&p, "_operator.getitem"), ["1, 3", "s6 - 1, 3"]);
    assert_eq!(node_shapes(&p, "aten.add.Tensor"), ["s6 - 1, 3"]);
}

#[test]
fn a_list_result_is_a_list_and_a_mutating_operator_stays_in_the_graph() {
    let defs = "
@torch.library.custom_op('t::parts', mutates_args=())
def parts(x: torch.Tensor, w: Optional[torch.Tensor] = None) -> List[torch.Tensor]:
    return [x.sum(0), x.sum(1)]

@parts.register_fake
def _(x, w=None):
    return [x.new_empty(x.shape[1]), x.new_empty(x.shape[0])]

@torch.library.custom_op('t::add_into', mutates_args=('out',))
def add_into(x: torch.Tensor, out: torch.Tensor) -> None:
    out.add_(x)

@add_into.register_fake
def _(x, out):
    return None

def use(x):
    p = parts(x)
    assert isinstance(p, list) and len(p) == 2
    buf = torch.zeros_like(x)
    add_into(x, buf)
    return p[1], buf
";
    let src = model(defs, "use(x)");
    let p = exported_program(&src, Mode::NonStrict);
    let add = p
        .graph
        .nodes
        .iter()
        .find(|n| n.target() == Some("torch._ops.t.add_into.default"))
        .expect("the mutating operator's node");
    assert!(add.side_effect && add.val == MetaVal::None);
    assert_eq!(node_shapes(&p, "torch._ops.t.parts.default").len(), 1);
}

#[test]
fn define_impl_and_a_library_declare_operators_too() {
    let defs = "
torch.library.define('t::scale', '(Tensor x, float s=2.0) -> Tensor')

@torch.library.impl('t::scale', 'cpu')
def _scale(x, s=2.0):
    return x * s

@torch.library.register_fake('t::scale')
def _(x, s=2.0):
    return torch.empty_like(x)

torch.library.define('t::stacked', '(Tensor x) -> Tensor')

@torch.library.impl('t::stacked', 'CompositeImplicitAutograd')
def _stacked(x):
    return torch.cat([x, x.sin()], dim=0)

lib = torch.library.Library('tl', 'DEF')
lib.define('rowsum(Tensor x, *, bool keep=False) -> Tensor')
lib.impl('rowsum', lambda x, *, keep=False: x.new_empty(x.shape[0], 1), 'Meta')
";
    let src = model(
        defs,
        "torch.ops.tl.rowsum(torch.ops.t.stacked(torch.ops.t.scale(x, 3.0)), keep=True)",
    );
    let found = calls(&src, Mode::Strict);
    let targets: Vec<&str> = found.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(
        targets,
        [
            "torch._ops.t.scale.default",
            "torch._ops.t.stacked.default",
            "torch._ops.tl.rowsum.default"
        ]
    );
    assert_eq!(found[2].2, ["keep=true"]);
    let p = exported_program(&src, Mode::Strict);
    assert_eq!(node_shapes(&p, "torch._ops.t.stacked.default"), ["2*s6, 3"]);
}

#[test]
fn outside_forward_the_real_implementation_runs() {
    let defs = format!(
        "{TWICE}\nRAN = twice(torch.ones(2), 3).tolist() == [3.0, 3.0]\nWIDTH = int(twice(torch.ones(1), 4).item()) if RAN else 0\n"
    );
    let src = model(&defs, "x[:, :WIDTH - 2]");
    let p = exported_program(&src, Mode::NonStrict);
    assert_eq!(node_shapes(&p, "aten.slice.Tensor"), ["s77, 2"]);
}

#[test]
fn without_a_fake_implementation_export_fails_as_torch_does() {
    let custom = "
@torch.library.custom_op('t::sine', mutates_args=())
def sine(x: torch.Tensor) -> torch.Tensor:
    return x.sin()
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let TraceOutcome::Failed(f) = trace_first_entry(&model(custom, "sine(x)"), mode).outcome
        else {
            panic!("{mode:?}: exported without a fake implementation");
        };
        assert!(
            f.message
                .contains("There was no fake impl registered for <CustomOpDef(t::sine)>"),
            "{}",
            f.message
        );
    }
    let defined = "
torch.library.define('t::cosine', '(Tensor x) -> Tensor')

@torch.library.impl('t::cosine', 'cpu')
def _cosine(x):
    return x.cos()
";
    let src = model(defined, "torch.ops.t.cosine(x)");
    let TraceOutcome::Failed(f) = trace_first_entry(&src, Mode::Strict).outcome else {
        panic!("strict export of an operator without a fake kernel");
    };
    assert_eq!(f.code(), "GB0090");
    let TraceOutcome::Failed(f) = trace_first_entry(&src, Mode::NonStrict).outcome else {
        panic!("non-strict export of an operator without a fake kernel");
    };
    assert!(
        f.message.contains("UnsupportedOperatorException"),
        "{}",
        f.message
    );
}

#[test]
fn an_operator_never_defined_is_not_an_attribute() {
    let src = model("", "x if hasattr(torch.ops.t, 'nothing') else x + 1");
    let found = calls(&src, Mode::NonStrict);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "aten.add.Tensor");
}

#[test]
fn the_inferred_schema_is_torchs() {
    let defs = "
def f(x: torch.Tensor, w: Optional[torch.Tensor], k: int = 2, *, out: torch.Tensor, s: float = 1.0) -> tuple[torch.Tensor, torch.Tensor]:
    return x, x

assert torch.library.infer_schema(f, mutates_args=('out',)) == '(Tensor x, Tensor? w, SymInt k=2, *, Tensor(a3!) out, float s=1.0) -> (Tensor, Tensor)'
";
    common::exports(defs);
}
