//! Derived Dims (`2*dimx + 1`) as torch traces them: each input dim gets a
//! symbol of its own while tracing, an equality holding a floor division
//! (`Eq(s0, (s1//2))`) stays a guard rather than a replacement, and the
//! spec's relations are added at the end, which then write every shape
//! through the root. Expectations read off `torch.export.export` on the
//! same models, in both modes.

use crate::common;

use common::{exported_program, trace_first_entry};
use tracer::Mode;
use tracer::graph::{InputKind, MetaVal, NodeOp};

/// A node's tensor shape as the program prints it (replacements applied).
fn shape_of(p: &tracer::entry::TracedProgram, n: &tracer::graph::Node) -> Option<String> {
    match &n.val {
        MetaVal::Tensor { shape, .. } => Some(
            shape
                .iter()
                .map(|d| p.env.render(&p.env.simplify(d)))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    }
}

/// The user inputs' shapes.
fn input_shapes(p: &tracer::entry::TracedProgram) -> Vec<String> {
    p.inputs
        .iter()
        .map(|id| p.graph.node(*id))
        .filter(|n| matches!(n.op, NodeOp::Placeholder(InputKind::User(_))))
        .filter_map(|n| shape_of(p, n))
        .collect()
}

/// The shapes of the `aten.slice.Tensor` nodes.
fn slice_shapes(p: &tracer::entry::TracedProgram) -> Vec<String> {
    p.graph
        .nodes
        .iter()
        .filter(|n| n.target() == Some("aten.slice.Tensor"))
        .filter_map(|n| shape_of(p, n))
        .collect()
}

fn guards(src: &str, mode: Mode) -> Vec<String> {
    trace_first_entry(src, mode)
        .guards
        .into_iter()
        .map(|g| g.expr)
        .collect()
}

#[test]
fn a_strided_slice_of_a_derived_dim_is_written_through_the_root() {
    let src = "import torch
from torch.export import Dim

class Foo(torch.nn.Module):
    def forward(self, x, y):
        return x + y[1::2]

model = Foo()
example_args = (torch.randn(5), torch.randn(11))
dimx = Dim('dimx', min=3, max=6)
dynamic_shapes = ({0: dimx}, {0: dimx * 2 + 1})
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = exported_program(src, mode);
        let inputs = input_shapes(&p);
        let x = inputs[0].clone();
        assert_eq!(inputs[1], format!("2*{x} + 1"), "{mode:?}");
        assert_eq!(slice_shapes(&p), [x], "{mode:?}");
        let g = guards(src, mode);
        assert!(
            g.iter().any(|g| g == "Eq(x.size()[0], (y.size()[0]//2))"),
            "{mode:?}: {g:?}"
        );
        assert!(
            g.iter().any(|g| g == "Eq(y.size()[0], 2*x.size()[0] + 1)"),
            "{mode:?}: {g:?}"
        );
    }
}

#[test]
fn a_named_dim_tied_to_an_auto_dim_is_no_violation() {
    let src = "import torch
from torch.export import Dim

class Bar(torch.nn.Module):
    def forward(self, x, y, z):
        return x + y[1::3] + z

model = Bar()
example_args = (torch.randn(4), torch.randn(13), torch.randn(4))
dx = Dim('dx', min=2, max=10)
dynamic_shapes = {'x': (dx,), 'y': (3 * dx + 1,), 'z': (Dim.AUTO,)}
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = exported_program(src, mode);
        let inputs = input_shapes(&p);
        assert_eq!(inputs[1], format!("3*{} + 1", inputs[0]), "{mode:?}");
        assert_eq!(inputs[2], inputs[0], "{mode:?}");
    }
}

#[test]
fn a_dim_only_derived_dims_use_is_printed_by_its_symbol_in_guards() {
    // torch's phantom root: a symbol whose source is the Dim's name; the
    // guard tying an input dim to it prints the symbol (`s92` for "dimx").
    let src = "import torch
from torch.export import Dim

class Model(torch.nn.Module):
    def forward(self, u, v):
        return u[::2] + v[::2]

model = Model()
example_args = (torch.randn(10), torch.randn(10))
dimw = Dim('dimx', min=3, max=6) * 2
dynamic_shapes = ({0: dimw}, {0: dimw})
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let g = guards(src, mode);
        for want in ["Eq(u.size()[0], 2*s92)", "Eq(v.size()[0], 2*s92)"] {
            assert!(g.iter().any(|g| g == want), "{mode:?}: {g:?}");
        }
    }
}

#[test]
fn an_example_size_the_derived_dim_contradicts_fails_when_its_equality_is_added() {
    let src = "import torch
from torch.export import Dim

class Foo(torch.nn.Module):
    def forward(self, z, y):
        return z[1:] + y[1::2]

model = Foo()
example_args = (torch.randn(6), torch.randn(11))
dimx = Dim('dimx', min=3, max=6)
dynamic_shapes = ({0: dimx + 1}, {0: dimx * 2 - 1})
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace_first_entry(src, mode);
        let tracer::TraceOutcome::Failed(f) = &r.outcome else {
            panic!("{mode:?}: expected a failure");
        };
        assert_eq!(
            f.kind,
            tracer::FailureKind::Other,
            "{mode:?}: {}",
            f.message
        );
        let g: Vec<&str> = r.guards.iter().map(|g| g.expr.as_str()).collect();
        for want in [
            "Eq(z.size()[0] - 1, (y.size()[0]//2))",
            "Eq(z.size()[0], s92 + 1)",
            "Ne(y.size()[0], 2*s92 - 1)",
        ] {
            assert!(g.contains(&want), "{mode:?}: {g:?}");
        }
    }
}

/// `2*dx` and `dx + 1` added together fix `dx` at 1: both sizes specialize
/// to 2, one guard `Eq(y.size()[0], 2)` after the addition's, and the spec
/// that marked them dynamic is violated (torch 2.15, both modes).
#[test]
fn derived_dims_tracing_makes_equal_fix_their_root() {
    let src = "import torch
from torch.export import Dim

class Add(torch.nn.Module):
    def forward(self, x, y):
        return x + y

model = Add()
example_args = (torch.randn(2, 3), torch.randn(2, 3))
dx = Dim('dx', min=1, max=2)
dynamic_shapes = {'x': (2 * dx, Dim.STATIC), 'y': (dx + 1, Dim.STATIC)}
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = trace_first_entry(src, mode);
        let guards: Vec<String> = result.guards.iter().map(|g| g.expr.clone()).collect();
        assert_eq!(
            guards,
            ["Eq(x.size()[0], y.size()[0])", "Eq(y.size()[0], 2)"],
            "{mode:?}"
        );
        match &result.outcome {
            tracer::TraceOutcome::Failed(f) => {
                assert_eq!(f.kind, tracer::FailureKind::ConstraintViolation, "{mode:?}")
            }
            _ => panic!("{mode:?}: exported"),
        }
    }
}
