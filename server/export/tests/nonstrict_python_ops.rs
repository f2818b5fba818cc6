//! What non-strict export changes in the Python `forward` runs: an index
//! holding a symbolic int is rewritten into its ops (a bare `:` records
//! nothing, a slice records `aten.slice` as written, no indexing checks),
//! and `math.pow` is `**`. Read off `torch.export.export` on the same
//! models.

use crate::common;

use tracer::Mode;

#[test]
fn a_slice_to_python_arithmetic_on_a_size() {
    let src = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, x, y):
        end = y.shape[0] ** 2 - 3 * y.shape[0]
        return x[:, :end]

model = M()
example_args = (torch.randn(4, 4), torch.randn(4, 4))
dynamic_shapes = ((Dim.DYNAMIC, Dim.DYNAMIC), (Dim.DYNAMIC, Dim.DYNAMIC))
";
    // One slice (of dim 1, by a node) and no check of dim 0.
    let p = common::exported(src, Mode::NonStrict);
    let ops: Vec<(&str, Vec<&tracer::graph::Arg>)> = p
        .graph
        .nodes
        .iter()
        .filter_map(|n| {
            let t = n.target()?;
            (!t.starts_with("_operator.") || t == "_operator.le").then(|| (t, n.args().collect()))
        })
        .filter(|(t, _)| *t != "aten.sym_size.int")
        .collect();
    assert_eq!(ops.len(), 1, "{ops:?}");
    assert_eq!(ops[0].0, "aten.slice.Tensor");
    assert_eq!(ops[0].1[1], &tracer::graph::Arg::Int(1));
    assert!(matches!(ops[0].1[3], tracer::graph::Arg::Node(_)));
    let names: Vec<String> = common::named_nodes(src, Mode::NonStrict)
        .into_iter()
        .map(|n| n.0)
        .collect();
    assert_eq!(names.last().map(String::as_str), Some("slice_1"));
}

#[test]
fn math_pow_is_python_power() {
    let src = "import math
import torch

class M(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()
        p = min(b, 10)
        p = math.pow(p, 10)
        return y * p

model = M()
example_args = (torch.tensor(5), torch.randn(5))
";
    // The power stays a symbolic int, multiplied in as a node (a float
    // would be a constant).
    let p = common::exported(src, Mode::NonStrict);
    let mul = p
        .graph
        .nodes
        .iter()
        .find(|n| n.target() == Some("aten.mul.Tensor"))
        .expect("a tensor multiplication");
    let args: Vec<_> = mul.args().collect();
    assert!(matches!(args[1], tracer::graph::Arg::Node(_)), "{args:?}");
    assert!(
        common::named_nodes(src, Mode::NonStrict)
            .iter()
            .any(|(_, t)| t == "torch.sym_min")
    );
}
