//! Modules of the Python prelude (`server/tracer/prelude/*.py`) traced end
//! to end: the ATen ops and arguments they record, and what they return.

use tracer::graph::{Arg, Graph};
use tracer::{Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

fn graph(src: &str, mode: Mode) -> Graph {
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    match trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome {
        TraceOutcome::Exported(p) => p.graph,
        TraceOutcome::Failed(f) => panic!("expected an export, got {f:?}"),
    }
}

fn targets(g: &Graph) -> Vec<&str> {
    g.nodes.iter().filter_map(|n| n.target()).collect()
}

const DROPOUTS: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.d2 = nn.Dropout2d(0.3)
        self.d3 = nn.Dropout3d()
        self.rrelu = nn.RReLU()

    def forward(self, seq, img):
        return self.d2(seq), self.d3(img), self.rrelu(img)

model = M().eval()
example_args = (torch.randn(2, 4, 8), torch.randn(4, 3, 6, 6))
";

#[test]
fn channel_dropouts_record_feature_dropout_with_train_false_in_eval() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let g = graph(DROPOUTS, mode);
        let t = targets(&g);
        // dropout2d reads a 3-d input as (N, C, L): no unsqueeze; dropout3d
        // batches a 4-d input with unsqueeze/squeeze.
        assert_eq!(
            t.iter()
                .filter(|x| x.starts_with("aten."))
                .copied()
                .collect::<Vec<_>>(),
            [
                "aten.feature_dropout.default",
                "aten.unsqueeze.default",
                "aten.feature_dropout.default",
                "aten.squeeze.dim",
                "aten.rrelu.default",
            ],
            "{mode:?}"
        );
        for n in g
            .nodes
            .iter()
            .filter(|n| n.target() == Some("aten.feature_dropout.default"))
        {
            let args: Vec<&Arg> = n.args().collect();
            assert!(
                matches!(args.get(2), Some(Arg::Bool(false))),
                "train must be False in eval: {args:?}"
            );
        }
    }
}

const ADAPTIVE_MAX: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.values = nn.AdaptiveMaxPool1d(2)
        self.pair = nn.AdaptiveMaxPool3d(1, return_indices=True)

    def forward(self, seq, vol):
        out, idx = self.pair(vol)
        return self.values(seq) + 1, out, idx

model = M()
example_args = (torch.randn(2, 4, 8), torch.randn(1, 2, 3, 4, 4))
";

#[test]
fn adaptive_max_pools_return_values_unless_indices_are_asked_for() {
    let g = graph(ADAPTIVE_MAX, Mode::NonStrict);
    let t = targets(&g);
    // The pair is recorded either way; values alone feed the add.
    assert!(t.contains(&"aten.adaptive_max_pool1d.default"), "{t:?}");
    assert!(t.contains(&"aten.adaptive_max_pool3d.default"), "{t:?}");
    assert!(t.contains(&"aten.add.Tensor"), "{t:?}");
}
