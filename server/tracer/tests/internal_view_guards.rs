//! Views ATen ops make internally, which torch's fake-tensor cache rebuilds
//! under `suppress_guards` (a `[guard suppressed]` contiguity question on an
//! open size): `avg_pool1d` is `avg_pool2d` between `unsqueeze(-2)` and
//! `squeeze(-2)`, and `matmul` folds a batched left operand times a matrix
//! into rows (`reshape(-1, k)`, then `mm`). Each expectation was read off
//! `torch.export.export` (torch 2.15) with `TORCH_LOGS=+dynamic`, both modes.

use crate::common;

use tracer::{Mode, TraceOutcome};

fn guards(source: &str, mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(source, mode);
    assert!(matches!(result.outcome, TraceOutcome::Exported(_)));
    result.guards.into_iter().map(|g| g.expr).collect()
}

const POOL1D: &str = "import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        return F.avg_pool1d(x, 2)

model = M()
example_args = (torch.randn(2, 8, 10),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO},)
";

const FOLD: &str = "import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 8))

    def forward(self, x):
        return F.max_pool2d(x, 2) @ self.w

model = M()
example_args = (torch.randn(2, 6, 4, 6),)
dynamic_shapes = ({0: Dim.AUTO, 3: Dim.AUTO},)
";

#[test]
fn avg_pool1d_squeezes_its_2d_output_as_a_view() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let got = guards(POOL1D, mode);
        for want in [
            "[guard suppressed] Ne((x.size()[2]//2), 1)",
            "Ne((x.size()[2]//2), 1)",
        ] {
            assert!(
                got.iter().any(|g| g == want),
                "{mode:?}: no {want} in {got:#?}"
            );
        }
    }
}

/// should_fold's contiguity test asks each open size whether it is 1 at
/// the matmul's own line (strict: line 12), before the fold's reshape.
#[test]
fn matmul_asks_its_contiguity_test_at_its_line() {
    let result = common::trace_first_entry(FOLD, Mode::Strict);
    let ne = result
        .guards
        .iter()
        .find(|g| g.expr == "Ne((x.size()[3]//2), 1)")
        .expect("the contiguity guard");
    assert_eq!(ne.line, Some(12));
}

#[test]
fn matmul_folds_a_batched_operand_into_rows() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let got = guards(FOLD, mode);
        for want in [
            "[guard suppressed] Ne((x.size()[3]//2), 1)",
            "Eq((x.size()[3]//2), 3)",
        ] {
            assert!(
                got.iter().any(|g| g == want),
                "{mode:?}: no {want} in {got:#?}"
            );
        }
    }
}
