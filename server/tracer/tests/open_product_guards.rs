//! Guards on element counts whose ranges leave them open: a product of
//! sizes with a difference in it (`s0*(((s1//10)) - 1)`), which torch's
//! static evaluation sees expanded (`s0*((s1//10)) - s0`) and cannot
//! bound. Each expectation was read off `torch.export.export` (torch 2.15)
//! on the same model with `TORCH_LOGS=+dynamic`, in both modes: the guards
//! a conv1d asks of its input, a layer_norm of its statistics, a reshape's
//! `infer_size` of each requested size, and linear's `addmm` of its rows.

use crate::common;

use tracer::{Mode, TraceOutcome};

const MODEL: &str = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv1d(1, 32, 10, stride=5, bias=False)
        self.c2 = nn.Conv1d(32, 32, 3, stride=2, bias=False)
        self.ln = nn.LayerNorm(32)
        self.proj = nn.Linear(32, 64)

    def forward(self, x):
        h = self.c1(x[:, None])
        h = self.c2(h)
        h = h.transpose(1, 2)
        n = self.ln(h)
        return self.proj(n)

model = M()
example_args = (torch.randn(2, 1600),)
dynamic_shapes = {'x': {0: Dim('batch'), 1: Dim('time', min=30, max=16000)}}
";

fn guards(mode: Mode) -> Vec<String> {
    let result = common::trace_first_entry(MODEL, mode);
    assert!(matches!(result.outcome, TraceOutcome::Exported(_)));
    result
        .guards
        .into_iter()
        .map(|g| {
            g.expr
                .replace("x.size()[0]", "s0")
                .replace("x.size()[1]", "s1")
        })
        .collect()
}

#[test]
fn open_element_counts_are_guarded_as_torch_guards_them() {
    let n5 = "s0*(((s1//5)) - 1)";
    let n = "s0*(((s1//10)) - 1)";
    let want = [
        format!("32*{n5} >= 2"),
        format!("[guard suppressed] Ne(32*{n5}, 0)"),
        // conv2's backend selection on its input.
        format!("Ne(32*{n5}, 0)"),
        format!("32*{n} >= 2"),
        format!("[guard suppressed] Ne(32*{n}, 0)"),
        // layer_norm's statistics, [s0, (s1//10) - 1, 1].
        format!("[guard suppressed] Ne({n}, 0)"),
        format!("{n} >= 2"),
        // linear's flatten: `infer_size` asks whether the rows are -1.
        format!("Ne({n}, -1)"),
        format!("{n} >= 0"),
        format!("Ne(32*{n}, 0)"),
        format!("Ne({n}, s0)"),
        format!("Ne(Mod(s0, {n}), 0)"),
        format!("[guard suppressed] Ne({n}, 1)"),
        // The fresh `mm` output, then addmm's broadcast of its rows.
        format!("[guard suppressed] {n} >= 0"),
        format!("Ne({n}, 1)"),
        format!("64*{n} >= 2"),
    ];
    for mode in [Mode::NonStrict, Mode::Strict] {
        let got = guards(mode);
        for g in &want {
            assert!(got.contains(g), "{mode:?}: no {g} in {got:#?}");
        }
        for g in &got {
            assert!(want.contains(g), "{mode:?}: unexpected {g}");
        }
    }
}
