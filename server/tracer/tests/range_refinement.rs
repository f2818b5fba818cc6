//! A guarded inequality narrows the range of each symbol it can be solved
//! for, as torch's `_refine_ranges` solves it (`try_solve`): a floor
//! division opens into a bound on its numerator (`(s//6) >= 1` is `s >= 6`),
//! a bound by another size uses that size's range, and a bound that only a
//! fraction would state (`2*s >= 5`) narrows nothing. Pools check their
//! output sizes as one conjunction. Expectations read off
//! `torch.export.export` (torch 2.15) on the same models, both modes.

use crate::common;

use shapes::Bound;
use tracer::Mode;

fn guards_of(src: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(src, mode);
    result.guards.into_iter().map(|g| g.expr).collect()
}

/// Each input size's range, in the order of `range_constraints`.
fn ranges(src: &str, mode: Mode) -> Vec<(Bound, Bound)> {
    let program = common::exported_program(src, mode);
    program
        .range_constraints
        .iter()
        .map(|(_, lo, hi)| (*lo, *hi))
        .collect()
}

const CHECKS: &str = "import torch
from torch.export import Dim

class M(torch.nn.Module):
    def forward(self, x, y, z):
        torch._check(x.size(0) * 2 >= 5)
        torch._check(y.size(0) > z.size(0))
        torch._check(z.size(0) // 4 <= 2)
        return x.sum() + y.sum() + z.sum()

model = M()
example_args = (torch.randn(4), torch.randn(6), torch.randn(5))
dynamic_shapes = ({0: Dim.AUTO}, {0: Dim.AUTO}, {0: Dim.AUTO})
";

#[test]
fn checked_inequalities_narrow_the_ranges_torch_solves_them_for() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            guards_of(CHECKS, mode),
            [
                "2*x.size()[0] >= 5",
                "y.size()[0] > z.size()[0]",
                "(z.size()[0]//4) <= 2"
            ]
        );
        // x: `2*s >= 5` has no integral solution, nothing narrows; y: above
        // z's least value 2; z: below 12.
        let inf = Bound::PosInf;
        let mut got = ranges(CHECKS, mode);
        got.sort();
        assert_eq!(
            got,
            [
                (Bound::Finite(2), Bound::Finite(11)),
                (Bound::Finite(2), inf),
                (Bound::Finite(3), inf)
            ],
            "{mode:?}"
        );
    }
}

const POOLS: &str = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = nn.MaxPool2d(2)
        self.q = nn.MaxPool2d(3)

    def forward(self, x):
        return self.q(self.p(x))

model = M()
example_args = (torch.randn(2, 3, 9, 13),)
dynamic_shapes = ({2: Dim.AUTO, 3: Dim.AUTO},)
";

#[test]
fn a_pool_checks_its_output_sizes_as_one_conjunction() {
    assert_eq!(
        guards_of(POOLS, Mode::Strict),
        [
            "((x.size()[2]//6) >= 1) & ((x.size()[3]//6) >= 1)",
            "Ne((x.size()[3]//6), 1)",
            "Eq((x.size()[2]//6), 1)",
            "Eq(((x.size()[2]//6))*((x.size()[3]//6)), (x.size()[3]//6))"
        ]
    );
    // Each member narrows its size to at least 6, so the first pool's
    // output (`s//2`, at least 3) is never asked whether it is 1, nor the
    // second's whether it is 0.
    for mode in [Mode::NonStrict, Mode::Strict] {
        let six = (Bound::Finite(6), Bound::PosInf);
        assert_eq!(ranges(POOLS, mode), [six, six], "{mode:?}");
    }
}

#[test]
fn one_dynamic_output_size_is_a_plain_guard() {
    let src = POOLS.replace("{2: Dim.AUTO, 3: Dim.AUTO}", "{3: Dim.AUTO}");
    assert_eq!(
        guards_of(&src, Mode::NonStrict),
        [
            "Ne((x.size()[3]//2), 1)",
            "(x.size()[3]//6) >= 1",
            "Ne((x.size()[3]//6), 1)"
        ]
    );
}
