//! The order of the user inputs: export flattens `(args, kwargs)`, so the
//! positional inputs come first and the keyword inputs follow in the order
//! the caller's dict gives them, not in forward's signature order; a
//! buffer several modules share is lifted under each name (non-strict) or
//! once, targeting its last name (strict); state first read inside a
//! `cond` branch is lifted by the program.

use crate::common;

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

/// The lifted buffers as (placeholder kind, target).
fn buffer_targets(src: &str, mode: Mode) -> Vec<String> {
    let p = exported_program(src, mode);
    p.inputs
        .iter()
        .filter_map(|id| match &p.graph.node(*id).op {
            NodeOp::Placeholder(InputKind::Buffer { target, .. }) => Some(target.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_buffer_shared_by_two_modules_is_lifted_as_torch_lifts_it() {
    let src = "\
import torch


class Foo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('buf', torch.randn(4), persistent=False)

    def forward(self, x):
        return x + self.buf


class Bar(torch.nn.Module):
    def __init__(self, foo):
        super().__init__()
        self.foo = foo

    def forward(self, x):
        return self.foo(x)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        foo = Foo()
        self.b1 = Bar(foo)
        self.b2 = Bar(foo)

    def forward(self, x):
        return self.b1(x) + self.b2(x)


model = M()
example_args = (torch.randn(4),)
";
    // Non-strict: under every name; strict: once, targeting the last name.
    assert_eq!(
        buffer_targets(src, Mode::NonStrict),
        ["b1.foo.buf", "b2.foo.buf"]
    );
    assert_eq!(buffer_targets(src, Mode::Strict), ["b2.foo.buf"]);
}

#[test]
fn buffers_first_read_in_cond_branches_are_lifted_by_the_program() {
    let src = "\
import torch
from torch.export import Dim


class A(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('buffer1', torch.zeros(6, 4))

    def forward(self):
        return self.buffer1.sum()


class B(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('buffer2', torch.ones(6, 4))

    def forward(self):
        return self.buffer2.sum()


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = A()
        self.b = B()

    def forward(self, x):
        def true_fn(x):
            return x.cos() + self.a()

        def false_fn(x):
            return x.sin() + self.b()

        return (torch.cond(x.shape[0] > 4, true_fn, false_fn, [x]),)


model = M()
example_args = (torch.ones(6, 4),)
dynamic_shapes = {'x': {0: Dim('n')}}
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            buffer_targets(src, mode),
            ["a.buffer1", "b.buffer2"],
            "{mode:?}"
        );
    }
}

#[test]
fn the_input_structure_keeps_dict_keys_by_type() {
    use tracer::graph::{DictKey, OutputTree};
    let src = "\
import torch

class M(torch.nn.Module):
    def forward(self, x, d):
        return x + d[1] + d['1']

model = M()
example_args = (torch.randn(2),)
example_kwargs = {'d': {1: torch.randn(2), '1': torch.randn(2)}}
";
    let p = exported_program(src, Mode::NonStrict);
    let dict = OutputTree::Dict(vec![
        (DictKey::Int(1), OutputTree::Leaf),
        (DictKey::Str("1".into()), OutputTree::Leaf),
    ]);
    let expected = OutputTree::Seq(vec![
        OutputTree::Seq(vec![OutputTree::Leaf]),
        OutputTree::Dict(vec![(DictKey::Str("d".into()), dict)]),
    ]);
    assert_eq!(p.graph.input_tree, Some(expected));
    assert_eq!(p.graph.forward_arg_names, ["x", "d"]);
}
