//! The order of the user inputs: export flattens `(args, kwargs)`, so the
//! positional inputs come first and the keyword inputs follow in the order
//! the caller's dict gives them, not in forward's signature order.

mod common;

use common::exported_program;
use tracer::Mode;
use tracer::graph::{InputKind, MetaVal, NodeOp};

/// The user inputs' names and shapes, in signature order.
fn user_inputs(src: &str, mode: Mode) -> Vec<String> {
    let p = exported_program(src, mode);
    p.inputs
        .iter()
        .map(|id| p.graph.node(*id))
        .filter_map(|n| match (&n.op, &n.val) {
            (NodeOp::Placeholder(InputKind::User(name)), MetaVal::Tensor { shape, .. }) => {
                Some(format!(
                    "{name}: [{}]",
                    shape
                        .iter()
                        .map(|d| p.env.render(d))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn keyword_inputs_follow_the_order_the_caller_gives() {
    let src = "\
import torch


class M(torch.nn.Module):
    def forward(self, a, *, x, y, z):
        return a, x + y + z


model = M()
example_args = (torch.ones(3),)
example_kwargs = {\"z\": torch.ones(3), \"y\": torch.ones(3), \"x\": torch.ones(3)}
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            user_inputs(src, mode),
            ["a: [3]", "z: [3]", "y: [3]", "x: [3]"],
            "{mode:?}"
        );
    }
}

#[test]
fn nested_keyword_inputs_keep_their_specs_when_reordered() {
    let src = "\
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x, y, z):
        return x + y[0] + z[\"k\"].sum(1)


model = M()
example_args = (torch.randn(4),)
example_kwargs = {\"z\": {\"k\": torch.randn(4, 2)}, \"y\": [torch.randn(4)]}
dim = Dim(\"dim\", max=10)
dynamic_shapes = {\"x\": (dim,), \"y\": [(dim,)], \"z\": {\"k\": (dim, None)}}
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let inputs = user_inputs(src, mode);
        let names: Vec<&str> = inputs
            .iter()
            .map(|s| s.split(':').next().unwrap())
            .collect();
        assert_eq!(names, ["x", "z_k", "y_0"], "{mode:?}");
        assert!(inputs[1].ends_with(", 2]"), "{mode:?}: {inputs:?}");
        assert!(!inputs[2].contains(", "), "{mode:?}: {inputs:?}");
    }
}
