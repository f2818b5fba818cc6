//! ATen overload selection (and the symbolic functions a recorded size
//! needs): which overload a call records depends on its
//! arguments as torch's argument parser binds them (a tensor bound, a
//! positional flag, a keyword), checked against what torch 2.15 records
//! (the OpInfo cases of tests/difftest hold the same facts at scale).

use tracer::{Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

/// The ATen targets `forward` records for `body` (returned from a forward
/// over `x` [3, 4] and `y` [3, 4]), in graph order.
fn targets(body: &str) -> Vec<String> {
    let src = format!(
        "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x, y):\n        return {body}\n\n\
model = M()\nexample_args = (torch.randn(3, 4), torch.randn(3, 4))\n"
    );
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    let result = trace_entry(
        file,
        &entries[0],
        Mode::NonStrict,
        tracer::Budget::default(),
    );
    match result.outcome {
        TraceOutcome::Exported(p) => p
            .graph
            .nodes
            .iter()
            .filter_map(|n| match &n.op {
                tracer::graph::NodeOp::CallFunction { target, .. } => Some(target.clone()),
                _ => None,
            })
            .collect(),
        TraceOutcome::Failed(f) => panic!("{body}: {}", f.message),
    }
}

#[test]
fn variance_overloads_follow_the_bound_arguments() {
    assert_eq!(targets("torch.var(x)"), ["aten.var.correction"]);
    assert_eq!(targets("torch.var(x, True)"), ["aten.var.default"]);
    assert_eq!(targets("x.var(dim=1, unbiased=False)"), ["aten.var.dim"]);
    assert_eq!(
        targets("torch.var(x, dim=(1,), correction=1.3)"),
        ["aten.var.correction"]
    );
    assert_eq!(targets("torch.std(x, False)"), ["aten.std.default"]);
}

#[test]
fn an_empty_dim_list_reduces_every_dim_through_the_dim_overload() {
    assert_eq!(targets("torch.mean(x, dim=())"), ["aten.mean.dim"]);
    assert_eq!(targets("torch.mean(x)"), ["aten.mean.default"]);
}

#[test]
fn division_spellings_and_rounding_modes() {
    assert_eq!(targets("x / y"), ["aten.div.Tensor"]);
    assert_eq!(targets("x / 2"), ["aten.div.Tensor"]);
    assert_eq!(
        targets("torch.div(x, y, rounding_mode='floor')"),
        ["aten.div.Tensor_mode"]
    );
    assert_eq!(
        targets("x.div(2, rounding_mode='trunc')"),
        ["aten.div.Tensor_mode"]
    );
    assert_eq!(targets("torch.divide(x, y)"), ["aten.divide.Tensor"]);
    assert_eq!(
        targets("torch.true_divide(x, y)"),
        ["aten.true_divide.Tensor"]
    );
}

#[test]
fn tensor_bounds_pick_the_tensor_overloads() {
    assert_eq!(targets("torch.clamp(x, -1, 1)"), ["aten.clamp.default"]);
    assert_eq!(
        targets("torch.clamp(x, y, y + 1)"),
        ["aten.add.Tensor", "aten.clamp.Tensor"]
    );
    assert_eq!(targets("torch.clamp_min(x, y)"), ["aten.clamp_min.Tensor"]);
    assert_eq!(
        targets("torch.clamp_max(x, 0.5)"),
        ["aten.clamp_max.default"]
    );
    assert_eq!(targets("torch.fill(x, 2.0)"), ["aten.fill.Scalar"]);
    assert_eq!(
        targets("torch.fill(x, y.sum())"),
        ["aten.sum.default", "aten.fill.Tensor"]
    );
}

#[test]
fn linspace_overloads_are_named_after_the_operand_kinds() {
    assert_eq!(
        targets("torch.linspace(0, 1, 5)"),
        ["aten.linspace.default"]
    );
    assert_eq!(
        targets("torch.linspace(x.sum(), y.sum(), 5)"),
        [
            "aten.sum.default",
            "aten.sum.default",
            "aten.linspace.Tensor_Tensor"
        ]
    );
    assert_eq!(
        targets("torch.linspace(x.sum(), 1.0, 5)"),
        ["aten.sum.default", "aten.linspace.Tensor_Scalar"]
    );
}

#[test]
fn split_with_sizes_is_a_function_and_a_method() {
    assert_eq!(
        targets("torch.split_with_sizes(x, [1, 2])"),
        [
            "aten.split_with_sizes.default",
            "_operator.getitem",
            "_operator.getitem"
        ]
    );
    assert_eq!(
        targets("x.split_with_sizes([2, 2], dim=1)"),
        [
            "aten.split_with_sizes.default",
            "_operator.getitem",
            "_operator.getitem"
        ]
    );
}

#[test]
fn max_and_min_of_symbolic_sizes_record_sym_max_and_sym_min() {
    // A size that is `Max(u0, 1024)` used to recurse without end when recorded.
    let ops = targets("torch.ones(max(x.long().sum().item(), 1024))");
    assert!(ops.iter().any(|t| t == "torch.sym_max"), "{ops:?}");
    assert_eq!(ops.last().map(String::as_str), Some("aten.ones.default"));
    let ops = targets("torch.ones(min(x.long().sum().item(), 2) + 1)");
    assert!(ops.iter().any(|t| t == "torch.sym_min"), "{ops:?}");
}

#[test]
fn aliases_and_transposing_attributes_record_ops_of_their_own() {
    assert_eq!(targets("torch.cat([x, y])"), ["aten.cat.default"]);
    assert_eq!(targets("torch.concat([x, y])"), ["aten.concat.default"]);
    assert_eq!(
        targets("torch.concatenate([x, y], dim=1)"),
        ["aten.concatenate.default"]
    );
    assert_eq!(targets("x.mT"), ["aten.mT.default"]);
    assert_eq!(targets("x.mH"), ["aten.mH.default"]);
    assert_eq!(targets("x.T"), ["aten.numpy_T.default"]);
    assert_eq!(targets("x.H"), ["aten.matrix_H.default"]);
    // `mT` swaps the last two dims of a batch of matrices.
    assert_eq!(
        targets("x.unsqueeze(0).mT"),
        ["aten.unsqueeze.default", "aten.mT.default"]
    );
}

#[test]
fn scatter_overloads_follow_the_source_and_reduce() {
    let idx = "torch.zeros(3, 2, dtype=torch.long)";
    assert_eq!(
        targets(&format!("x.scatter(1, {idx}, 1.0)"))[1],
        "aten.scatter.value"
    );
    assert_eq!(
        targets(&format!("x.scatter(1, {idx}, y[:, :2])"))[2],
        "aten.scatter.src"
    );
    assert_eq!(
        targets(&format!(
            "x.clone().scatter_(1, {idx}, y[:, :2], reduce='add')"
        ))[3],
        "aten.scatter_.reduce"
    );
    assert_eq!(
        targets(&format!(
            "x.clone().scatter_(1, {idx}, value=2.0, reduce='multiply')"
        ))[2],
        "aten.scatter_.value_reduce"
    );
    assert_eq!(
        targets(&format!("torch.scatter_add(x, 1, {idx}, y)"))[1],
        "aten.scatter_add.default"
    );
    assert_eq!(
        targets(&format!("x.scatter_reduce(1, {idx}, y, 'amax')"))[1],
        "aten.scatter_reduce.two"
    );
}

#[test]
fn lerp_argsort_bucketize_and_norm_overloads() {
    assert_eq!(targets("x.lerp(y, 0.5)"), ["aten.lerp.Scalar"]);
    assert_eq!(targets("torch.lerp(x, y, y)"), ["aten.lerp.Tensor"]);
    assert_eq!(targets("x.clone().lerp_(y, 0.5)")[1], "aten.lerp_.Scalar");
    assert_eq!(targets("x.argsort()"), ["aten.argsort.default"]);
    assert_eq!(
        targets("torch.argsort(x, stable=True)"),
        ["aten.argsort.stable"]
    );
    assert_eq!(
        targets("torch.bucketize(x, torch.arange(3.0))")[1],
        "aten.bucketize.Tensor"
    );
    assert_eq!(
        targets("torch.bucketize(2, y[0])")[1],
        "aten.bucketize.Scalar"
    );
    assert_eq!(
        targets("torch.linalg.norm(x)"),
        ["aten.linalg_norm.default"]
    );
    assert_eq!(
        targets("torch.linalg.norm(x, 'fro')"),
        ["aten.linalg_norm.ord_str"]
    );
}

#[test]
fn window_overloads_are_named_after_the_last_argument_given() {
    assert_eq!(
        targets("x[0] * torch.kaiser_window(4)")[1],
        "aten.kaiser_window.default"
    );
    assert_eq!(
        targets("x[0] * torch.kaiser_window(4, False)")[1],
        "aten.kaiser_window.periodic"
    );
    assert_eq!(
        targets("x[0] * torch.kaiser_window(4, beta=8.0, periodic=False)")[1],
        "aten.kaiser_window.beta"
    );
    assert_eq!(
        targets("x[0] * torch.hann_window(4, periodic=False)")[1],
        "aten.hann_window.periodic"
    );
    assert_eq!(
        targets("x[0] * torch.hamming_window(4, True, 0.5)")[1],
        "aten.hamming_window.periodic_alpha"
    );
    assert_eq!(
        targets("x[0] * torch.logspace(0, 2, 4)")[1],
        "aten.logspace.default"
    );
}

#[test]
fn arange_takes_its_bounds_by_position_or_by_name() {
    // torch 2.15 records start_step for start=, end=, step=; default for
    // end= alone; start for a positional start and end=.
    assert_eq!(
        targets("torch.arange(start=-5.0, end=6.0, step=1)"),
        ["aten.arange.start_step"]
    );
    assert_eq!(targets("torch.arange(end=4)"), ["aten.arange.default"]);
    assert_eq!(targets("torch.arange(1, end=4)"), ["aten.arange.start"]);
    assert_eq!(targets("torch.arange(1, 4)"), ["aten.arange.start"]);
}
