//! Boolean-mask indexing as torch computes it (`aten.index.Tensor`): a mask
//! indexes as many dimensions as it has, with one index of a
//! data-dependent length (an unbacked size, as `nonzero` gives); `...`
//! leaves those dimensions to it; too many indices are torch's
//! `IndexError`. Reproducers of `reliability/bool-mask-index-panic`, which
//! panicked.

use tracer::graph::{Arg, NodeOp};
use tracer::{Mode, TraceOutcome};

use crate::common::{exported_program, node_shapes, trace_first_entry};

fn model(forward: &str, inputs: &str) -> String {
    format!(
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x, m):\n        \
return {forward}\n\n\nmodel = M()\nexample_args = {inputs}\n"
    )
}

/// The index list of the program's only `aten.index.Tensor`, `None` as
/// `-` and a tensor as `t`.
fn index_list(p: &tracer::entry::TracedProgram) -> String {
    let lists: Vec<String> = p
        .graph
        .nodes
        .iter()
        .filter_map(|n| match &n.op {
            NodeOp::CallFunction { target, args, .. } if target == "aten.index.Tensor" => {
                match args.get(1) {
                    Some(Arg::List(items)) => Some(
                        items
                            .iter()
                            .map(|a| if matches!(a, Arg::None) { "-" } else { "t" })
                            .collect(),
                    ),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect();
    assert_eq!(lists.len(), 1, "{lists:?}");
    lists[0].clone()
}

#[test]
fn a_mask_after_an_ellipsis_masks_every_dimension() {
    let src = model("x[..., x > 0]", "(torch.randn(6, 5), 0)");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = exported_program(&src, mode);
        assert_eq!(node_shapes(&p, "aten.index.Tensor"), vec!["u0"], "{mode:?}");
        assert_eq!(index_list(&p), "t");
    }
}

#[test]
fn a_mask_after_a_slice_indexes_the_dimensions_after_it() {
    let src = model("x[:, m]", "(torch.randn(3, 4, 5), torch.randn(4) > 0)");
    let p = exported_program(&src, Mode::NonStrict);
    assert_eq!(node_shapes(&p, "aten.index.Tensor"), vec!["3, u0, 5"]);
    assert_eq!(index_list(&p), "-t");
    let src = model("x[m]", "(torch.randn(3, 4, 5), torch.randn(3, 4) > 0)");
    let p = exported_program(&src, Mode::NonStrict);
    assert_eq!(node_shapes(&p, "aten.index.Tensor"), vec!["u0, 5"]);
}

#[test]
fn a_masks_length_is_read_back_and_asserted_in_its_range() {
    // As `nonzero` of the mask: an unbacked length in [0, 4] (the mask's
    // element count), read with `sym_size.int(index, 1)` right after the op
    // and asserted (torch 2.15, both modes: strict's second trace makes a
    // second symbol of the same range).
    let src = model("x[:, m]", "(torch.randn(3, 4, 5), torch.randn(4) > 0)");
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = exported_program(&src, mode);
        let targets: Vec<&str> = p.graph.nodes.iter().filter_map(|n| n.target()).collect();
        assert_eq!(
            targets,
            [
                "aten.index.Tensor",
                "aten.sym_size.int",
                "_operator.ge",
                "aten._assert_scalar.default",
                "_operator.le",
                "aten._assert_scalar.default"
            ],
            "{mode:?}"
        );
        let read = p
            .graph
            .nodes
            .iter()
            .find(|n| n.target() == Some("aten.sym_size.int"))
            .and_then(|n| match &n.op {
                NodeOp::CallFunction { args, .. } => args.get(1).cloned(),
                _ => None,
            });
        assert!(matches!(read, Some(Arg::Int(1))), "{mode:?}: {read:?}");
        let u0 = p.range_constraints.iter().find(|(s, ..)| s == "u0");
        assert!(
            u0.is_some_and(|(_, lo, hi)| format!("{lo:?} {hi:?}") == "Finite(0) Finite(4)"),
            "{mode:?}: {:?}",
            p.range_constraints
        );
    }
}

#[test]
fn integer_indices_apart_put_their_shape_first() {
    // Indexed dims 0 and 2 are not adjacent: the broadcast index shape
    // goes in front (numpy's rule), the list keeps a `None` for dim 1.
    let src = model("x[m, :, m]", "(torch.randn(3, 4, 5), torch.tensor([0, 2]))");
    let p = exported_program(&src, Mode::NonStrict);
    assert_eq!(node_shapes(&p, "aten.index.Tensor"), vec!["2, 4"]);
    assert_eq!(index_list(&p), "t-t");
}

fn failure(src: &str) -> tracer::Failure {
    match trace_first_entry(src, Mode::NonStrict).outcome {
        TraceOutcome::Failed(f) => *f,
        TraceOutcome::Exported(_) => panic!("exported: {src}"),
    }
}

#[test]
fn a_mask_with_more_indices_than_dimensions_is_torchs_index_error() {
    for forward in ["x[x > 0, 0]", "x[0, x > 0]", "x[x > 0, 0, ...]"] {
        let f = failure(&model(forward, "(torch.randn(6, 5), 0)"));
        assert_eq!(
            f.message, "IndexError: too many indices for tensor of dimension 2",
            "{forward}"
        );
        assert_eq!(f.line, Some(6), "{forward}");
    }
}

#[test]
fn a_mask_of_another_shape_is_torchs_index_error() {
    let f = failure(&model("x[m]", "(torch.randn(6, 5), torch.randn(6, 4) > 0)"));
    assert!(
        f.message.contains(
            "The shape of the mask [6, 4] at index 1 does not match the shape of the indexed tensor [6, 5] at index 1"
        ),
        "{}",
        f.message
    );
}

#[test]
fn a_zero_dimensional_mask_is_incomplete_not_a_guess() {
    let f = failure(&model("x[m]", "(torch.randn(6, 5), torch.tensor(True))"));
    assert_eq!(f.kind, tracer::FailureKind::Incomplete, "{}", f.message);
    assert!(f.message.contains("0-d boolean tensor"), "{}", f.message);
}
