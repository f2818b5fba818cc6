//! Strict mode: Dynamo compares two sequences of sizes as one conjunction
//! of their elements' equalities, so `hx.size() != (2, 3)` is one guard,
//! `Eq(h.size()[0], 2) & Eq(h.size()[1], 3)`, which still teaches each
//! equality; non-strict mode, and a `torch.nn.functional` function Dynamo
//! keeps as a call, decide element by element. Losses broadcast their
//! `weight` against the loss. Expectations read off `torch.export.export`
//! (torch 2.15) on the same models.

use crate::common;

use tracer::{Mode, TraceOutcome};

fn guards_of(src: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(src, mode);
    result.guards.into_iter().map(|g| g.expr).collect()
}

const SIZE_AGAINST_TUPLE: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, x, h):
        if h.size() != (2, 3):
            raise ValueError('bad hidden size')
        return x + h.sum()

model = M()
example_args = (torch.randn(4), torch.randn(2, 3))
dynamic_shapes = (None, {0: Dim.AUTO, 1: Dim.AUTO})
";

#[test]
fn strict_mode_guards_a_sequence_comparison_as_one_conjunction() {
    let result = common::trace_first_entry(SIZE_AGAINST_TUPLE, Mode::Strict);
    let guards: Vec<String> = result.guards.iter().map(|g| g.expr.clone()).collect();
    assert_eq!(guards, ["Eq(h.size()[0], 2) & Eq(h.size()[1], 3)"]);
    // Each equality is learned: both sizes are specialized.
    let TraceOutcome::Exported(program) = &result.outcome else {
        panic!("not exported");
    };
    assert!(
        program.range_constraints.is_empty(),
        "{:?}",
        program.range_constraints
    );
}

#[test]
fn non_strict_mode_decides_a_sequence_comparison_element_by_element() {
    assert_eq!(
        guards_of(SIZE_AGAINST_TUPLE, Mode::NonStrict),
        ["Eq(h.size()[0], 2)", "Eq(h.size()[1], 3)"]
    );
}

const BCE: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.loss = torch.nn.BCEWithLogitsLoss(weight=torch.ones(10))

    def forward(self, x, y):
        return self.loss(x, y)

model = M()
example_args = (torch.randn(15, 10), torch.randn(15, 10))
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO, 1: Dim.AUTO})
";

#[test]
fn an_in_graph_functional_compares_sizes_as_python_and_a_weight_broadcasts() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            guards_of(BCE, mode),
            [
                "Eq(y.size()[0], x.size()[0])",
                "Eq(y.size()[1], x.size()[1])",
                "Eq(x.size()[1], 10)"
            ],
            "{mode:?}"
        );
    }
}
