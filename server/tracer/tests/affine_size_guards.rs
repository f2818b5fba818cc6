//! Checks ops make on their auxiliary tensors (a convolution's bias, a
//! norm's weight and bias) guard those tensors' dynamic sizes: a batched
//! convolution's bias has one entry per output channel, a group norm's
//! affine tensors one per channel, a layer or RMS norm's are shaped as
//! `normalized_shape`. Each expectation was read off `torch.export.export`
//! (torch 2.15) on the same model, in both modes.

use crate::common;

use tracer::{Mode, TraceOutcome};

fn guards(forward: &str, args: &str, spec: &str) -> Vec<Vec<String>> {
    let src = format!(
        "import torch
from torch import nn
from torch.export import Dim
F = nn.functional

class Model(nn.Module):
    def forward(self, x, w, b):
        return {forward}

model = Model()
example_args = {args}
dynamic_shapes = {spec}
"
    );
    [Mode::NonStrict, Mode::Strict]
        .into_iter()
        .map(|mode| {
            let result = common::trace_first_entry(&src, mode);
            if let TraceOutcome::Failed(f) = &result.outcome {
                panic!("{mode:?}: {}", f.message);
            }
            result.guards.into_iter().map(|g| g.expr).collect()
        })
        .collect()
}

#[test]
fn a_conv_bias_matches_the_output_channels() {
    for g in guards(
        "F.conv1d(x, w, b, padding=1)",
        "(torch.randn(2, 3, 8), torch.randn(4, 3, 3), torch.randn(4))",
        "({0: Dim.AUTO}, {0: Dim.AUTO}, {0: Dim.AUTO})",
    ) {
        assert_eq!(g, ["Eq(b.size()[0], w.size()[0])"]);
    }
}

#[test]
fn a_transposed_conv_bias_matches_weight_columns_times_groups() {
    for g in guards(
        "F.conv_transpose1d(x, w, b, groups=2)",
        "(torch.randn(2, 4, 8), torch.randn(4, 3, 3), torch.randn(6))",
        "({0: Dim.AUTO}, {0: Dim.AUTO}, {0: Dim.AUTO})",
    ) {
        assert!(g.iter().any(|x| x == "Eq(b.size()[0], 6)"), "{g:#?}");
    }
}

#[test]
fn group_norm_weight_and_bias_have_one_entry_per_channel() {
    for g in guards(
        "F.group_norm(x, 2, w, b)",
        "(torch.randn(2, 4, 8), torch.randn(4), torch.randn(4))",
        "({0: Dim.AUTO}, {0: Dim.AUTO}, {0: Dim.AUTO})",
    ) {
        assert_eq!(g, ["Eq(w.size()[0], 4)", "Eq(b.size()[0], 4)"]);
    }
}

#[test]
fn layer_norm_weight_and_bias_are_shaped_as_normalized_shape() {
    for g in guards(
        "F.layer_norm(x, (2, 3), w, b)",
        "(torch.randn(5, 2, 3), torch.randn(2, 3), torch.randn(2, 3))",
        "({0: Dim.AUTO}, {1: Dim.AUTO}, {1: Dim.AUTO})",
    ) {
        assert_eq!(g, ["Eq(w.size()[1], 3)", "Eq(b.size()[1], 3)"]);
    }
}

#[test]
fn rms_norm_weight_is_shaped_as_normalized_shape() {
    for g in guards(
        "F.rms_norm(x, (2, 3), w)",
        "(torch.randn(5, 2, 3), torch.randn(2, 3), None)",
        "({0: Dim.AUTO}, {1: Dim.AUTO}, None)",
    ) {
        assert_eq!(g, ["Eq(w.size()[1], 3)"]);
    }
}
