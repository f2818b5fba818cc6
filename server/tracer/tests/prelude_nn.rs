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

/// The parameters lifted as graph inputs: (qualified name, shape).
fn parameters(g: &Graph) -> Vec<(String, String)> {
    g.nodes
        .iter()
        .filter_map(|n| match (&n.op, &n.val) {
            (
                tracer::graph::NodeOp::Placeholder(tracer::graph::InputKind::Parameter(name)),
                tracer::graph::MetaVal::Tensor { shape, .. },
            ) => Some((
                name.clone(),
                format!(
                    "{:?}",
                    shape.iter().map(|d| d.to_string()).collect::<Vec<_>>()
                ),
            )),
            _ => None,
        })
        .collect()
}

fn failure(src: &str, mode: Mode) -> tracer::failure::Failure {
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    match trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome {
        TraceOutcome::Failed(f) => *f,
        TraceOutcome::Exported(_) => panic!("expected a failure"),
    }
}

const LAYERS: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 3)
        self.nobias = nn.Linear(3, 2, bias=False)
        self.conv = nn.Conv2d(4, 6, 3, groups=2, padding='same', dilation=2)
        self.up = nn.ConvTranspose1d(2, 4, 3, stride=2)

    def forward(self, x, img, seq):
        k = self.conv.kernel_size[0] + self.conv.stride[1] + self.up.output_padding[0]
        return self.nobias(self.fc(x)), self.conv(img) * k, self.up(seq, output_size=[12])

model = M().eval()
example_args = (torch.randn(2, 5), torch.randn(1, 4, 8, 8), torch.randn(1, 2, 5))
";

#[test]
fn linear_and_conv_register_weight_then_bias_and_store_tuples() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let g = graph(LAYERS, mode);
        let mut p = parameters(&g);
        p.sort();
        let want: Vec<(String, String)> = [
            ("conv.bias", "[\"6\"]"),
            ("conv.weight", "[\"6\", \"2\", \"3\", \"3\"]"),
            ("fc.bias", "[\"3\"]"),
            ("fc.weight", "[\"3\", \"5\"]"),
            ("nobias.weight", "[\"2\", \"3\"]"),
            ("up.bias", "[\"4\"]"),
            ("up.weight", "[\"2\", \"4\", \"3\"]"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        assert_eq!(p, want, "{mode:?}");
        let t = targets(&g);
        // A string padding is the `.padding` overload; output_size=[12]
        // gives an output padding of 1 over the smallest size 11.
        assert!(t.contains(&"aten.conv2d.padding"), "{t:?}");
        let up = g
            .nodes
            .iter()
            .find(|n| n.target() == Some("aten.conv_transpose1d.default"))
            .expect("conv_transpose1d");
        assert!(
            matches!(&up.val, tracer::graph::MetaVal::Tensor { shape, .. } if shape.last().map(|d| d.to_string()).as_deref() == Some("12")),
            "{:?}",
            up.val
        );
    }
}

const BAD_CONV: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 6, 3, stride=2, padding='same')

    def forward(self, x):
        return self.conv(x)

model = M()
example_args = (torch.randn(1, 4, 8, 8),)
";

#[test]
fn conv_constructor_errors_are_torchs() {
    let f = failure(BAD_CONV, Mode::NonStrict);
    assert!(
        f.message
            .contains("padding='same' is not supported for strided convolutions"),
        "{}",
        f.message
    );
    let groups = BAD_CONV.replace("stride=2, padding='same'", "groups=4");
    let f = failure(&groups, Mode::NonStrict);
    assert!(
        f.message
            .contains("out_channels must be divisible by groups"),
        "{}",
        f.message
    );
}

const LAZY: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.LazyLinear(4)

    def forward(self, x):
        return self.fc(x)

model = M()
example_args = (torch.randn(2, 7),)
";

#[test]
fn an_uninitialized_lazy_module_fails_non_strict_export_and_materializes_eagerly() {
    let f = failure(LAZY, Mode::NonStrict);
    assert!(
        f.message.contains("uninitialized parameter"),
        "{}",
        f.message
    );
    // Called once before export, it is a Linear of 7 input features.
    let called = LAZY.replace("model = M()\n", "model = M()\nmodel(torch.randn(3, 7))\n");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let g = graph(&called, mode);
        assert_eq!(
            parameters(&g),
            [
                ("fc.weight".to_string(), "[\"4\", \"7\"]".to_string()),
                ("fc.bias".to_string(), "[\"4\"]".to_string())
            ],
            "{mode:?}"
        );
    }
}

const EMBEDDING: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.e = nn.Embedding.from_pretrained(torch.zeros(6, 3), padding_idx=-1, max_norm=2.0)

    def forward(self, ids):
        return self.e(ids), self.e.padding_idx

model = M()
example_args = (torch.tensor([1, 2]),)
";

#[test]
fn embedding_with_max_norm_renormalizes_a_detached_weight_first() {
    let g = graph(EMBEDDING, Mode::NonStrict);
    assert_eq!(
        targets(&g),
        [
            "aten.detach.default",
            "aten.embedding_renorm_.default",
            "aten.embedding.default"
        ]
    );
    assert_eq!(parameters(&g)[0].0, "e.weight");
}
