//! Modules of the Python prelude (`server/tracer/prelude/*.py`) traced end
//! to end: the ATen ops and arguments they record, and what they return.

use tracer::dtype::DType;
use tracer::graph::{Arg, Graph, InputKind, MetaVal, NodeOp};
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

fn failure(src: &str, mode: Mode) -> tracer::failure::Failure {
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    match trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome {
        TraceOutcome::Exported(_) => panic!("expected a failure"),
        TraceOutcome::Failed(f) => *f,
    }
}

/// The lifted state, in signature order, as `p:name` / `b:name`.
fn state(g: &Graph) -> Vec<String> {
    g.nodes
        .iter()
        .filter_map(|n| match &n.op {
            NodeOp::Placeholder(InputKind::Parameter(t)) => Some(format!("p:{t}")),
            NodeOp::Placeholder(InputKind::Buffer { target, .. }) => Some(format!("b:{target}")),
            _ => None,
        })
        .collect()
}

fn node_args<'a>(g: &'a Graph, target: &str) -> Vec<&'a Arg> {
    g.nodes
        .iter()
        .find(|n| n.target() == Some(target))
        .unwrap_or_else(|| panic!("no {target} in {:?}", targets(g)))
        .args()
        .collect()
}

fn batch_norm_model(bn: &str, mode: &str, input: &str) -> String {
    format!(
        "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.bn = {bn}\n\n    def forward(self, x):\n        return self.bn(x)\n\nmodel = M().{mode}()\nexample_args = (torch.randn({input}),)\n"
    )
}

#[test]
fn batchnorm_registers_params_then_buffers_and_counts_batches_in_training() {
    let g = graph(
        &batch_norm_model("nn.BatchNorm2d(3)", "train", "2, 3, 4, 4"),
        Mode::NonStrict,
    );
    assert_eq!(
        state(&g),
        [
            "p:bn.weight",
            "p:bn.bias",
            "b:bn.running_mean",
            "b:bn.running_var",
            "b:bn.num_batches_tracked"
        ]
    );
    let t = targets(&g);
    assert_eq!(t, ["aten.add_.Tensor", "aten.batch_norm.default"]);
    let nbt = g
        .nodes
        .iter()
        .find(|n| n.target() == Some("aten.add_.Tensor"))
        .unwrap();
    assert!(
        matches!(
            nbt.val,
            MetaVal::Tensor {
                dtype: DType::I64,
                ..
            }
        ),
        "num_batches_tracked is int64: {:?}",
        nbt.val
    );
    assert!(matches!(
        node_args(&g, "aten.batch_norm.default")[5],
        Arg::Bool(true)
    ));

    // Eval: the running statistics, no counting.
    let g = graph(
        &batch_norm_model("nn.BatchNorm1d(3, bias=False)", "eval", "2, 3"),
        Mode::NonStrict,
    );
    assert_eq!(targets(&g), ["aten.batch_norm.default"]);
    let args = node_args(&g, "aten.batch_norm.default");
    assert!(matches!(args[2], Arg::None), "no bias: {args:?}");
    assert!(matches!(args[5], Arg::Bool(false)), "{args:?}");
}

#[test]
fn batchnorm_without_running_stats_uses_batch_statistics_in_eval() {
    let g = graph(
        &batch_norm_model(
            "nn.BatchNorm2d(3, track_running_stats=False)",
            "eval",
            "2, 3, 4, 4",
        ),
        Mode::Strict,
    );
    assert_eq!(state(&g), ["p:bn.weight", "p:bn.bias"]);
    let args = node_args(&g, "aten.batch_norm.default");
    assert!(matches!(
        (args[3], args[4], args[5]),
        (Arg::None, Arg::None, Arg::Bool(true))
    ));
}

#[test]
fn batchnorm_rejects_an_input_of_the_wrong_rank_as_torch_does() {
    let f = failure(
        &batch_norm_model("nn.BatchNorm2d(3)", "eval", "3, 4, 4"),
        Mode::NonStrict,
    );
    assert!(
        f.message.contains("expected 4D input (got 3D input)"),
        "{}",
        f.message
    );
    let f = failure(
        &batch_norm_model("nn.BatchNorm1d(3)", "eval", "3"),
        Mode::NonStrict,
    );
    assert!(
        f.message.contains("expected 2D or 3D input (got 1D input)"),
        "{}",
        f.message
    );
}

#[test]
fn lazy_batchnorm_takes_its_features_from_the_input_under_dynamo_only() {
    let src = batch_norm_model("nn.LazyBatchNorm2d()", "eval", "2, 5, 4, 4");
    let g = graph(&src, Mode::Strict);
    assert_eq!(
        state(&g),
        [
            "p:bn.weight",
            "p:bn.bias",
            "b:bn.running_mean",
            "b:bn.running_var"
        ]
    );
    assert_eq!(targets(&g), ["aten.batch_norm.default"]);
    let f = failure(&src, Mode::NonStrict);
    assert!(
        f.message
            .contains("Attempted to use an uninitialized parameter"),
        "{}",
        f.message
    );
}

const ACTIVATIONS: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU(inplace=True)
        self.relu6 = nn.ReLU6()
        self.soft = nn.Softmax()
        self.drop = nn.Dropout(0.2, inplace=True)

    def forward(self, x):
        return self.soft(self.relu6(self.drop(self.relu(x))))

model = M()
example_args = (torch.randn(2, 3, 4),)
";

#[test]
fn activations_record_their_op_in_place_when_asked_and_softmax_infers_its_dim() {
    let g = graph(ACTIVATIONS, Mode::NonStrict);
    assert_eq!(
        targets(&g),
        [
            "aten.relu_.default",
            "aten.dropout_.default",
            "aten.hardtanh.default",
            "aten.softmax.int"
        ]
    );
    // torch's legacy choice for a 3-d input without dim: 0.
    assert!(matches!(node_args(&g, "aten.softmax.int")[1], Arg::Int(0)));
}

const NORMS: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm([4], elementwise_affine=False)
        self.rms = nn.RMSNorm(4)
        self.pool = nn.AvgPool2d(2, divisor_override=3)

    def forward(self, x):
        assert self.ln.normalized_shape == (4,)
        assert self.rms.eps is None
        return self.pool(self.rms(self.ln(x)))

model = M()
example_args = (torch.randn(2, 3, 4, 4),)
";

#[test]
fn norms_store_their_shape_as_a_tuple_and_rms_norm_records_no_eps_by_default() {
    let g = graph(NORMS, Mode::NonStrict);
    assert_eq!(state(&g), ["p:rms.weight"]);
    assert_eq!(node_args(&g, "aten.layer_norm.default").len(), 2);
    let rms = node_args(&g, "aten.rms_norm.default");
    assert_eq!(rms.len(), 3, "input, shape, weight: {rms:?}");
    let pool = node_args(&g, "aten.avg_pool2d.default");
    assert!(matches!(pool.last(), Some(Arg::Int(3))), "{pool:?}");
}
