//! Expanding a tensor (torch's `expand` decomposition, which `addmm`,
//! `linear`'s bias and `broadcast_to` run) checks that each dynamic size is
//! 1 or the size asked for: one compound guard `Eq(x, 1) | Eq(r, x)`, its
//! equalities in sympy's `Or` order (by the symbols' names, so the two
//! modes can differ), before the plain equalities the expansion then
//! guards. Each expectation was read off `torch.export.export` (torch 2.15)
//! on the same model.

use crate::common;

use tracer::{Mode, TraceOutcome};

fn guards(src: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(src, mode);
    assert!(
        matches!(result.outcome, TraceOutcome::Exported(_)),
        "{mode:?}"
    );
    result.guards.into_iter().map(|g| g.expr).collect()
}

const ADDMM: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0, x1, x2):
        return torch.addmm(x0, x1, x2, alpha=0.6, beta=0.2)

model = Op()
example_args = (torch.randn(2, 3), torch.randn(2, 2), torch.randn(2, 3))
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO, 1: Dim.AUTO})
";

#[test]
fn addmm_guards_each_bias_size_one_or_the_products() {
    // The plain equalities that follow (bias size == product size) are
    // checked for their count only: their orientation is not this test's.
    for (mode, first) in [
        (
            Mode::NonStrict,
            "Eq(x0.size()[0], 1) | Eq(x1.size()[0], x0.size()[0])",
        ),
        (
            Mode::Strict,
            "Eq(x1.size()[0], x0.size()[0]) | Eq(x0.size()[0], 1)",
        ),
    ] {
        let got = guards(ADDMM, mode);
        assert_eq!(
            got[..3],
            [
                "Eq(x1.size()[1], x2.size()[0])",
                first,
                "Eq(x2.size()[1], x0.size()[1]) | Eq(x0.size()[1], 1)",
            ],
            "{mode:?}"
        );
        assert_eq!(got.len(), 5, "{mode:?}: {got:#?}");
        assert!(got[3..].iter().all(|g| !g.contains('|')), "{got:#?}");
    }
}

#[test]
fn broadcasting_to_a_constant_compares_from_the_size() {
    let src = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x):
        return x.broadcast_to((5, 3))

model = Op()
example_args = (torch.randn(5, 3),)
dynamic_shapes = ({0: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            guards(src, mode),
            vec![
                "Eq(x.size()[0], 1) | Eq(x.size()[0], 5)".to_string(),
                "Eq(x.size()[0], 5)".to_string(),
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn expanding_to_a_size_already_equal_guards_nothing() {
    let src = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x):
        return x.expand(x.size(0), 3)

model = Op()
example_args = (torch.randn(4, 3),)
dynamic_shapes = ({0: Dim.AUTO},)
";
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(guards(src, mode), Vec::<String>::new(), "{mode:?}");
    }
}
