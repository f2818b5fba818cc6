//! Ints returned by `torch.cond`'s branches: an int both branches return is
//! that int (its `getitem` stays, dead); differing ints become an unbacked
//! symbol bounded by the two, bound by a `getitem` right after the `cond`
//! node, with range asserts after it. Each expectation was read off
//! `torch.export.export` on the same model.

use crate::common;

use tracer::Mode;

fn model(t: &str, f: &str) -> String {
    format!(
        "import torch

class M(torch.nn.Module):
    def forward(self, x):
        idx = torch.cond(x.sum() > 3, lambda: {t}, lambda: {f}, tuple())
        return x[idx]

model = M()
example_args = (torch.randn(3, 3),)
"
    )
}

/// The nodes before the `cond` node's outputs, then `rest`.
fn pairs(rest: &[(&str, &str)]) -> Vec<(String, String)> {
    let head = [
        ("sum_1", "aten.sum.default"),
        ("gt", "aten.gt.Scalar"),
        ("cond", "torch.ops.higher_order.cond"),
    ];
    head.iter()
        .chain(rest)
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn differing_ints_become_a_bounded_unbacked_symbol() {
    let src = model("0", "1");
    for (mode, ge, le) in [
        (Mode::Strict, "ge", "le"),
        (Mode::NonStrict, "ge_1", "le_1"),
    ] {
        assert_eq!(
            common::named_nodes(&src, mode),
            pairs(&[
                ("getitem_1", "_operator.getitem"),
                (ge, "_operator.ge"),
                ("_assert_scalar_default", "aten._assert_scalar.default"),
                (le, "_operator.le"),
                ("_assert_scalar_default_1", "aten._assert_scalar.default"),
                ("select", "aten.select.int"),
            ]),
            "{mode:?}"
        );
        let p = common::exported(&src, mode);
        let ranges: Vec<_> = p
            .range_constraints
            .iter()
            .map(|(k, lo, hi)| format!("{k}: [{lo:?}, {hi:?}]"))
            .collect();
        assert_eq!(ranges[0], "u0: [Finite(0), Finite(1)]", "{mode:?}");
    }
}

#[test]
fn equal_ints_stay_constant() {
    let src = model("0", "0");
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            common::named_nodes(&src, mode),
            pairs(&[
                ("getitem", "_operator.getitem"),
                ("select", "aten.select.int"),
            ]),
            "{mode:?}"
        );
    }
}
