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

/// The parameters of a program in signature order, by qualified name.
fn parameters(src: &str, mode: Mode) -> Vec<String> {
    let file = SourceFile::parse("m.py", src);
    let entries = find_entries(&file);
    let p = match trace_entry(file, &entries[0], mode, tracer::Budget::default()).outcome {
        TraceOutcome::Exported(p) => p,
        TraceOutcome::Failed(f) => panic!("expected an export, got {f:?}"),
    };
    p.inputs
        .iter()
        .filter_map(|id| match &p.graph.node(*id).op {
            tracer::graph::NodeOp::Placeholder(tracer::graph::InputKind::Parameter(n)) => {
                Some(n.clone())
            }
            _ => None,
        })
        .collect()
}

const RECURRENT: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(32, 48, num_layers=2, proj_size=8, bidirectional=True)
        self.rnn = nn.RNN(4, 6, nonlinearity='relu', bias=False, batch_first=True)

    def forward(self, x, y):
        out, (h, c) = self.lstm(x)
        seq, hn = self.rnn(y)
        assert isinstance(self.lstm, nn.LSTM) and isinstance(self.lstm, nn.RNNBase)
        assert self.lstm.hidden_size == 48 and self.lstm.proj_size == 8
        assert len(self.lstm.all_weights) == 4
        return out, h, c, seq, hn

model = M()
example_args = (torch.randn(5, 2, 32), torch.randn(3, 7, 4))
";

#[test]
fn recurrent_modules_register_flat_parameters_in_torch_order() {
    let names = parameters(RECURRENT, Mode::NonStrict);
    let mut want = Vec::new();
    for layer in 0..2 {
        for suffix in ["", "_reverse"] {
            for p in ["weight_ih", "weight_hh", "bias_ih", "bias_hh", "weight_hr"] {
                want.push(format!("lstm.{p}_l{layer}{suffix}"));
            }
        }
    }
    want.extend([
        "rnn.weight_ih_l0".to_string(),
        "rnn.weight_hh_l0".to_string(),
    ]);
    assert_eq!(names, want);
}

#[test]
fn recurrent_modules_record_one_sequence_op_with_torch_arguments() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let g = graph(RECURRENT, mode);
        let lstm = g
            .nodes
            .iter()
            .find(|n| n.target() == Some("aten.lstm.input"))
            .expect("an lstm node");
        let args: Vec<&Arg> = lstm.args().collect();
        // input, [h0, c0], 20 flat weights, has_biases, num_layers,
        // dropout, train, bidirectional, batch_first.
        assert!(matches!(args[1], Arg::List(s) if s.len() == 2), "{args:?}");
        assert!(matches!(args[2], Arg::List(p) if p.len() == 20), "{args:?}");
        assert!(matches!(args[4], Arg::Int(2)), "{args:?}");
        assert!(matches!(args[7], Arg::Bool(true)), "{args:?}");
        assert!(matches!(args[8], Arg::Bool(false)), "{args:?}");
        // The projected state is [4, 2, 8]; the cell state [4, 2, 48].
        let zeros: Vec<String> = g
            .nodes
            .iter()
            .filter(|n| n.target() == Some("aten.zeros.default"))
            .map(|n| format!("{:?}", n.val))
            .collect();
        assert_eq!(zeros.len(), 3, "{zeros:?}");
        assert!(targets(&g).contains(&"aten.rnn_relu.input"), "{mode:?}");
    }
}

const UNBATCHED_GRU: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 6)

    def forward(self, x, h):
        return self.gru(x, h)

model = M()
example_args = (torch.randn(5, 4), torch.randn(1, 6))
";

#[test]
fn an_unbatched_sequence_runs_as_a_batch_of_one() {
    let g = graph(UNBATCHED_GRU, Mode::NonStrict);
    let t: Vec<&str> = targets(&g)
        .into_iter()
        .filter(|x| x.starts_with("aten."))
        .collect();
    assert_eq!(
        t,
        [
            "aten.unsqueeze.default",
            "aten.unsqueeze.default",
            "aten.gru.input",
            "aten.squeeze.dim",
            "aten.squeeze.dim",
        ]
    );
}

const ENCODER_LAYER: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(16, 4, 32, batch_first=True)

    def forward(self, x):
        assert self.layer.self_attn.embed_dim == 16 and self.layer.self_attn.num_heads == 4
        assert self.layer.activation_relu_or_gelu == 1
        return self.layer(x)

model = M().eval()
example_args = (torch.randn(2, 5, 16),)
";

#[test]
fn encoder_layer_parameters_are_lifted_in_the_order_its_fast_path_check_reads_them() {
    let strict = parameters(ENCODER_LAYER, Mode::Strict);
    let order =
        |names: &[&str]| -> Vec<String> { names.iter().map(|n| format!("layer.{n}")).collect() };
    assert_eq!(
        strict,
        order(&[
            "self_attn.in_proj_bias",
            "self_attn.in_proj_weight",
            "self_attn.out_proj.weight",
            "self_attn.out_proj.bias",
            "norm1.weight",
            "norm1.bias",
            "norm2.weight",
            "norm2.bias",
            "linear1.weight",
            "linear1.bias",
            "linear2.weight",
            "linear2.bias",
        ])
    );
    // Non-strict lists them in registration order.
    assert_eq!(
        parameters(ENCODER_LAYER, Mode::NonStrict),
        order(&[
            "self_attn.in_proj_weight",
            "self_attn.in_proj_bias",
            "self_attn.out_proj.weight",
            "self_attn.out_proj.bias",
            "linear1.weight",
            "linear1.bias",
            "linear2.weight",
            "linear2.bias",
            "norm1.weight",
            "norm1.bias",
            "norm2.weight",
            "norm2.bias",
        ])
    );
    let g = graph(ENCODER_LAYER, Mode::NonStrict);
    assert!(targets(&g).contains(&"aten.scaled_dot_product_attention.default"));
}

const MHA_WEIGHTS: &str = "\
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, kdim=6, vdim=4)

    def forward(self, q, k, v):
        out, w = self.attn(q, k, v)
        direct, _ = F.multi_head_attention_forward(
            q, q, q, 8, 2, torch.ones(24, 8), None, None, None, False, 0.0,
            self.attn.out_proj.weight, None, training=False, need_weights=False)
        return out, w, direct

model = M().eval()
example_args = (torch.randn(3, 2, 8), torch.randn(5, 2, 6), torch.randn(5, 2, 4))
";

#[test]
fn attention_weights_are_spelled_out_and_separate_projections_registered() {
    let names = parameters(MHA_WEIGHTS, Mode::NonStrict);
    assert_eq!(
        names,
        [
            "attn.q_proj_weight",
            "attn.k_proj_weight",
            "attn.v_proj_weight",
            "attn.in_proj_bias",
            "attn.out_proj.weight",
            "attn.out_proj.bias",
        ]
    );
    let g = graph(MHA_WEIGHTS, Mode::NonStrict);
    let t = targets(&g);
    // need_weights: q k^T with bmm, softmax, weights averaged over heads;
    // the direct functional call without weights runs the fused attention.
    for op in [
        "aten.bmm.default",
        "aten.softmax.int",
        "aten.mean.dim",
        "aten.scaled_dot_product_attention.default",
    ] {
        assert!(t.contains(&op), "{op} missing: {t:?}");
    }
}

/// The parameters lifted as graph inputs: (qualified name, shape).
fn parameter_shapes(g: &Graph) -> Vec<(String, String)> {
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
        let mut p = parameter_shapes(&g);
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
            parameter_shapes(&g),
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
    assert_eq!(parameter_shapes(&g)[0].0, "e.weight");
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
fn lazy_norms_take_their_features_from_the_input_under_dynamo_only() {
    for (norm, op) in [
        ("nn.LazyBatchNorm2d()", "aten.batch_norm.default"),
        ("nn.LazyInstanceNorm2d()", "aten.instance_norm.default"),
    ] {
        let src = batch_norm_model(norm, "eval", "2, 5, 4, 4");
        let g = graph(&src, Mode::Strict);
        assert_eq!(
            state(&g),
            [
                "p:bn.weight",
                "p:bn.bias",
                "b:bn.running_mean",
                "b:bn.running_var"
            ],
            "{norm}"
        );
        assert_eq!(targets(&g), [op]);
        let f = failure(&src, Mode::NonStrict);
        assert!(
            f.message
                .contains("Attempted to use an uninitialized parameter"),
            "{norm}: {}",
            f.message
        );
    }
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
    // F.layer_norm passes all six, `cudnn_enable` False (torch records
    // them, weight and bias None included).
    let ln = node_args(&g, "aten.layer_norm.default");
    assert_eq!(ln.len(), 6, "{ln:?}");
    assert!(
        matches!(
            ln[2..],
            [Arg::None, Arg::None, Arg::Float(_), Arg::Bool(false)]
        ),
        "{ln:?}"
    );
    let rms = node_args(&g, "aten.rms_norm.default");
    assert_eq!(rms.len(), 3, "input, shape, weight: {rms:?}");
    let pool = node_args(&g, "aten.avg_pool2d.default");
    assert!(matches!(pool.last(), Some(Arg::Int(3))), "{pool:?}");
}

/// The output shapes of a graph's call nodes, in order.
fn node_shapes(g: &Graph) -> Vec<String> {
    g.nodes
        .iter()
        .filter(|n| n.target().is_some())
        .map(|n| match &n.val {
            MetaVal::Tensor { shape, .. } => {
                format!(
                    "{:?}",
                    shape.iter().map(|d| d.to_string()).collect::<Vec<_>>()
                )
            }
            _ => "-".to_string(),
        })
        .collect()
}

const LOSSES: &str = "\
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.mse = nn.MSELoss(reduction='none')
        self.ce = nn.CrossEntropyLoss(weight=torch.ones(5))
        self.nll = nn.NLLLoss(reduction='none')
        self.margin = nn.MultiMarginLoss(reduction='none')
        self.kl = nn.KLDivLoss(reduction='batchmean')

    def forward(self, x, y, labels):
        return (self.mse(x, y), self.ce(x, labels), self.nll(x, labels),
                self.margin(x, labels), self.kl(x, y))

model = M().eval()
example_args = (torch.randn(3, 5), torch.randn(3, 5), torch.tensor([0, 4, 2]))
";

#[test]
fn loss_modules_record_the_aten_loss_with_their_reduction_shape() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let g = graph(LOSSES, mode);
        assert_eq!(
            targets(&g),
            [
                "aten.broadcast_tensors.default",
                "_operator.getitem",
                "_operator.getitem",
                "aten.mse_loss.default",
                "aten.cross_entropy_loss.default",
                "aten.nll_loss_nd.default",
                "aten.multi_margin_loss.default",
                "aten.kl_div.default",
                "aten.div.Tensor",
            ],
            "{mode:?}"
        );
        let shapes = node_shapes(&g);
        // Unreduced: elementwise, per target, per sample; reduced: scalars.
        assert_eq!(shapes[3], "[\"3\", \"5\"]");
        assert_eq!(shapes[4], "[]");
        assert_eq!(shapes[5], "[\"3\"]");
        assert_eq!(shapes[6], "[\"3\"]");
        assert_eq!(shapes[8], "[]");
        // The class weights are the loss module's buffer.
        assert!(g.nodes.iter().any(|n| matches!(
            &n.op,
            NodeOp::Placeholder(InputKind::Buffer { target, .. }) if target == "ce.weight"
        )));
    }
}
