//! How the exported graph reads input sizes, as torch 2.15 names and wires
//! them: every size torch's tracer read takes a `sym_size_int` name first
//! (used or not), then its runtime-assertion pass reads each input dim
//! with a symbol of its own, in signature order; the reads that remain are
//! that pass's, so their number is the traced reads plus the dim's place.
//! Each expectation was read off `torch.export.export` on the same model.

use crate::common;

use tracer::Mode;
use tracer::graph::{Arg, NodeOp};

/// The program's `sym_size.int` reads in final order: (name, input, dim).
fn size_reads(src: &str, mode: Mode) -> Vec<(String, String, i64)> {
    let p = common::exported(src, mode);
    let named = export::name_program(&p, mode);
    named
        .order
        .iter()
        .filter_map(|id| match &p.graph.node(*id).op {
            NodeOp::CallFunction { target, args, .. } if target == "aten.sym_size.int" => {
                let (Some(Arg::Node(input)), Some(Arg::Int(dim))) = (args.first(), args.get(1))
                else {
                    panic!("a size read without its input dim: {args:?}");
                };
                Some((
                    named.name(*id).to_string(),
                    named.name(*input).to_string(),
                    *dim,
                ))
            }
            _ => None,
        })
        .collect()
}

fn model(forward: &str, example_args: &str, dynamic_shapes: &str) -> String {
    format!(
        "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def forward(self, x, y):
        {forward}

b = Dim('b')
h = Dim('h')
d = Dim('d')
A = Dim.AUTO
model = Model()
example_args = {example_args}
dynamic_shapes = {dynamic_shapes}
"
    )
}

fn read(name: &str, input: &str, dim: i64) -> (String, String, i64) {
    (name.to_string(), input.to_string(), dim)
}

#[test]
fn a_read_is_numbered_after_the_traced_reads_by_its_dims_place() {
    // torch: sym_size_int (traced), then the pass reads x.0 (_1) and x.2 (_2).
    let src = model(
        "return x.view(x.shape[0], -1) * 2, y",
        "(torch.randn(3, 4, 5), torch.randn(2))",
        "({0: b, 2: h}, None)",
    );
    let reads = vec![read("sym_size_int_1", "x", 0)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
    let src = model(
        "return x.view(-1, x.shape[2]) * 2, y",
        "(torch.randn(3, 4, 5), torch.randn(2))",
        "({0: b, 2: h}, None)",
    );
    let reads = vec![read("sym_size_int_2", "x", 2)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}

#[test]
fn every_input_dim_of_a_shared_dim_is_read_by_the_pass() {
    // Dims sharing a named Dim are symbols of their own until guards tie
    // them: the pass reads all four, the remaining read is the dim whose
    // symbol the equality kept.
    let src = model(
        "return (x + y).view(x.shape[0], -1)",
        "(torch.randn(3, 4, 5), torch.randn(3, 4, 5))",
        "({0: b, 2: h}, {0: b, 2: h})",
    );
    let reads = vec![read("sym_size_int_3", "y", 0)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}

#[test]
fn reads_of_sizes_a_guard_made_equal_become_one() {
    // Two traced reads (x.0, y.0), the pass's four; one read remains.
    let src = model(
        "return x.view(x.shape[0], -1), y.view(y.shape[0], -1)",
        "(torch.randn(3, 4, 5), torch.randn(3, 4, 5))",
        "({0: b, 2: h}, {0: b, 2: h})",
    );
    let reads = vec![read("sym_size_int_4", "y", 0)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
    // A derived dim is a symbol of its own to the pass too.
    let src = model(
        "return x.view(x.shape[0], -1), y.view(-1, y.shape[2])",
        "(torch.randn(3, 4, 6), torch.randn(3, 4, 3))",
        "({0: d, 2: 2 * d}, {0: d, 2: d})",
    );
    let reads = vec![read("sym_size_int_4", "y", 0)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}

#[test]
fn auto_dims_of_equal_size_are_read_apart() {
    let src = model(
        "return x.view(x.shape[0], -1), y.view(-1, y.shape[2])",
        "(torch.randn(3, 4, 3), torch.randn(3, 4, 5))",
        "({0: A, 2: A}, {0: A, 2: A})",
    );
    let reads = vec![
        read("sym_size_int_2", "x", 0),
        read("sym_size_int_5", "y", 2),
    ];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}

#[test]
fn strict_makes_no_read_for_the_check_of_a_subscript_dynamo_dropped() {
    // `y[0]` is unused: Dynamo drops it, and its bounds check never reads
    // y.0 (non-strict runs it: one more traced read).
    let src = model(
        "unused = y[0]\n        return x.view(x.shape[0], -1) * 2, y + 1",
        "(torch.randn(3, 4, 5), torch.randn(6, 2))",
        "({0: b}, {0: h})",
    );
    assert_eq!(
        size_reads(&src, Mode::Strict),
        vec![read("sym_size_int_1", "x", 0)]
    );
    assert_eq!(
        size_reads(&src, Mode::NonStrict),
        vec![read("sym_size_int_2", "x", 0)]
    );
    // Also when y.0 and x.0 share a Dim, before or after the read of x.0:
    // the check's read of y.0 stays the check's own, and is not made.
    for forward in [
        "unused = y[0]\n        return x.view(x.shape[0], -1) * 2, y + 1",
        "out = x.view(x.shape[0], -1) * 2\n        unused = y[0]\n        return out, y + 1",
    ] {
        let src = model(
            forward,
            "(torch.randn(3, 4, 5), torch.randn(3, 2))",
            "({0: b}, {0: b})",
        );
        assert_eq!(
            size_reads(&src, Mode::Strict),
            vec![read("sym_size_int_2", "y", 0)]
        );
    }
}

#[test]
fn non_strict_reads_the_sizes_its_traced_checks_use() {
    // `contiguous` of a strided tensor checks its layout with traced
    // arithmetic, reading x.3 and x.0 before `view` needs x.0.
    let src = model(
        "return x.transpose(1, 2).contiguous().view(x.shape[0], -1), y",
        "(torch.randn(4, 6, 6, 9), torch.randn(2))",
        "({0: A, 3: A}, None)",
    );
    assert_eq!(
        size_reads(&src, Mode::NonStrict),
        vec![read("sym_size_int_2", "x", 0)]
    );
    assert_eq!(
        size_reads(&src, Mode::Strict),
        vec![read("sym_size_int_1", "x", 0)]
    );
    // F.group_norm checks the group sizes in Python: `x.size(0)` is read
    // there, so the view's read of it is the pass's first.
    let src = "import torch
from torch import nn
import torch.nn.functional as F

class Model(nn.Module):
    def forward(self, x):
        return F.group_norm(x, 2).view(x.shape[0], -1) * x.shape[0]

model = Model()
example_args = (torch.randn(3, 4, 5),)
dynamic_shapes = ({0: torch.export.Dim.AUTO},)
";
    assert_eq!(
        size_reads(src, Mode::NonStrict),
        vec![read("sym_size_int_1", "x", 0)]
    );
    // Its arithmetic (`mul`, `floordiv`, `mul_1`, `eq`) died but kept the
    // names: the model's own product is `mul_2`.
    assert_eq!(
        names_of(src, Mode::NonStrict, "aten.mul.Tensor"),
        vec!["mul_2"]
    );
}

/// The final names of the nodes of `target`.
fn names_of(src: &str, mode: Mode, target: &str) -> Vec<String> {
    let p = common::exported(src, mode);
    let named = export::name_program(&p, mode);
    named
        .order
        .iter()
        .filter(|id| p.graph.node(**id).target() == Some(target))
        .map(|id| named.name(*id).to_string())
        .collect()
}

#[test]
fn a_data_dependent_length_is_read_after_every_input_dim_the_pass_reads() {
    // torch: the pass reads x.0 and x.1 (`sym_size_int`, `_1`, both dead),
    // then nonzero's row count (`sym_size_int_2`).
    let src = model(
        "return torch.nonzero(x), y",
        "(torch.randn(3, 4, 5), torch.randn(2))",
        "({0: b, 1: h}, None)",
    );
    let reads = vec![read("sym_size_int_2", "nonzero", 0)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
    // No dynamic dim: the first name.
    let src = model(
        "return torch.nonzero(x), y",
        "(torch.randn(3, 4, 5), torch.randn(2))",
        "None",
    );
    let reads = vec![read("sym_size_int", "nonzero", 0)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}

#[test]
fn slice_assignment_reads_the_sizes_its_checks_compare() {
    // Assignment's no-op test reads x.1 and y.1 (`x.1 <= y.1`); its
    // same-sizes test reads the slice's length, a size of its own though
    // equal to y.1: three traced reads, then the pass's x.1 (_3), y.1 (_4).
    let src = model(
        "x = x.clone()\n        x[:, :y.shape[-1]] = y\n        return x",
        "(torch.randn(2, 4), torch.randn(2, 3))",
        "({1: h}, {1: d})",
    );
    let reads = vec![read("sym_size_int_4", "y", 1)];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}

#[test]
fn a_constructed_size_is_read_through_the_int_it_was_given() {
    // `max` reads x.0 and y.0; assignment's no-op test compares z.0 (the
    // traced `sym_max` itself, no read) with x.0; its same-sizes test
    // reads the slice's length: three traced reads, then the pass's.
    let src = model(
        "z = torch.zeros((max(x.shape[0], y.shape[0]), 4))\n        z[:x.shape[0]] = x\n        return z",
        "(torch.randn(2, 4), torch.randn(3, 4))",
        "({0: b}, {0: d})",
    );
    let reads = vec![
        read("sym_size_int_3", "x", 0),
        read("sym_size_int_4", "y", 0),
    ];
    assert_eq!(size_reads(&src, Mode::NonStrict), reads);
    assert_eq!(size_reads(&src, Mode::Strict), reads);
}
