//! Shape rules and guards of the scatter family, `tile`, `linalg.qr`,
//! `cdist`, `diag`-free reductions and `lerp` on symbolic sizes, as torch
//! 2.15's meta functions compute them (the same facts as
//! tests/corpus/cases/{scatter_family,qr_cdist_sorts,cdist_row_guards}.py).

use crate::common;

use common::{exported_program, guard_texts, node_shapes};
use tracer::Mode;

/// A model over `x` [n, 6] (n dynamic, 2..64), `idx` [n, k] and `src`
/// [n, k] (k dynamic, 1..64) returning `body`.
fn model(body: &str) -> String {
    format!(
        "import torch\nfrom torch.export import Dim\n\
class M(torch.nn.Module):\n    def forward(self, x, idx, src):\n        return {body}\n\n\
model = M()\n\
example_args = (torch.randn(4, 6), torch.randint(0, 4, (4, 3)), torch.randn(4, 3))\n\
n, k = Dim('n', min=2, max=64), Dim('k', min=1, max=64)\n\
dynamic_shapes = {{'x': {{0: n}}, 'idx': {{0: n, 1: k}}, 'src': {{0: n, 1: k}}}}\n"
    )
}

#[test]
fn scatter_keeps_the_input_shape_and_checks_the_index() {
    let src = model("x.scatter_add(1, idx, src)");
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(&src, mode);
        assert_eq!(node_shapes(&p, "aten.scatter_add.default").len(), 1);
    }
    // The index may be no larger than the input apart from `dim`, nor than
    // the source anywhere.
    let guards = guard_texts(&src, Mode::NonStrict);
    for expected in [
        "idx.size()[0] <= x.size()[0]",
        "idx.size()[1] <= src.size()[1]",
    ] {
        assert!(guards.iter().any(|g| g == expected), "{guards:?}");
    }
}

#[test]
fn index_copy_and_index_add_keep_the_input_shape() {
    let src = model("x.index_copy(1, idx[0], src), x.clone().index_add_(1, idx[0], src, alpha=2)");
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(&src, mode);
        for target in ["aten.index_copy.default", "aten.index_add_.default"] {
            let shapes = node_shapes(&p, target);
            assert!(
                shapes.len() == 1 && shapes[0].ends_with(", 6"),
                "{target}: {shapes:?}"
            );
        }
    }
}

#[test]
fn cross_broadcasts_and_records_the_dim_it_was_given() {
    let src = "import torch\n\
class M(torch.nn.Module):\n    def forward(self, a, b):\n        \
return torch.cross(a, b, dim=1), a.cross(b)\n\n\
model = M()\nexample_args = (torch.randn(4, 3), torch.randn(1, 3))\n";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(src, mode);
        assert_eq!(node_shapes(&p, "aten.cross.default"), ["4, 3", "4, 3"]);
        let arity: Vec<usize> = p
            .graph
            .nodes
            .iter()
            .filter_map(|n| match &n.op {
                tracer::graph::NodeOp::CallFunction { target, args, .. }
                    if target == "aten.cross.default" =>
                {
                    Some(args.len())
                }
                _ => None,
            })
            .collect();
        assert_eq!(arity, [3, 2]);
    }
}

#[test]
fn scatter_of_an_index_larger_than_the_input_fails() {
    let src = "import torch\n\
class M(torch.nn.Module):\n    def forward(self, x):\n        \
return x.scatter(0, torch.zeros(2, 5, dtype=torch.long), 1.0)\n\n\
model = M()\nexample_args = (torch.randn(4, 3),)\n";
    let result = common::trace_first_entry(src, Mode::NonStrict);
    assert!(
        matches!(result.outcome, tracer::TraceOutcome::Failed(_)),
        "an index wider than the input was accepted"
    );
}

#[test]
fn tile_pads_the_shorter_of_sizes_and_repeats() {
    let p = exported_program(
        &model("x.tile(2, 1, 3), torch.tile(x, (2,))"),
        Mode::NonStrict,
    );
    assert_eq!(
        node_shapes(&p, "aten.tile.default"),
        ["2, s77, 18", "s77, 12"]
    );
}

#[test]
fn qr_gives_min_of_the_matrix_sizes() {
    let p = exported_program(
        &model("torch.linalg.qr(x), torch.linalg.qr(x, 'complete').Q"),
        Mode::NonStrict,
    );
    let values: Vec<String> = p
        .graph
        .nodes
        .iter()
        .filter(|n| n.target() == Some("aten.linalg_qr.default"))
        .map(|n| format!("{:?}", n.val).replace(' ', ""))
        .collect();
    assert_eq!(values.len(), 2);
    assert_eq!(
        node_shapes(&p, "_operator.getitem"),
        ["s77, Min(6, s77)", "Min(6, s77), 6", "s77, s77", "s77, 6"]
    );
}

#[test]
fn cdist_asks_whether_the_rows_pass_25_for_the_euclidean_distance() {
    let src = |call: &str| {
        format!(
            "import torch\nfrom torch.export import Dim\n\
class M(torch.nn.Module):\n    def forward(self, a, b):\n        return {call}\n\n\
model = M()\nexample_args = (torch.randn(4, 3), torch.randn(30, 3))\n\
dynamic_shapes = {{'a': {{0: Dim.AUTO}}, 'b': {{0: Dim.AUTO}}}}\n"
        )
    };
    // Neither passes: both asked; the first passes: the second is not.
    let guards = guard_texts(&src("torch.cdist(a, a + 1)"), Mode::NonStrict);
    assert_eq!(guards, ["a.size()[0] <= 25"]);
    let guards = guard_texts(&src("torch.cdist(b, a)"), Mode::NonStrict);
    assert_eq!(guards, ["b.size()[0] > 25"]);
    let guards = guard_texts(&src("torch.cdist(a, b, p=1)"), Mode::NonStrict);
    assert!(guards.is_empty(), "{guards:?}");
}

#[test]
fn lerp_broadcasts_its_three_operands() {
    let p = exported_program(
        &model("torch.lerp(src, src * 2, src[:1].sigmoid())"),
        Mode::NonStrict,
    );
    let lerp = node_shapes(&p, "aten.lerp.Tensor");
    assert_eq!(lerp, node_shapes(&p, "aten.mul.Tensor"));
    assert!(!lerp[0].contains('1'), "{lerp:?}");
}

/// A model over `a` [3, 4] and `v` [4] returning `body`.
fn linalg_model(body: &str) -> String {
    format!(
        "import torch\n\
class M(torch.nn.Module):\n    def forward(self, a, v):\n        return {body}\n\n\
model = M()\nexample_args = (torch.randn(3, 4), torch.randn(4))\n"
    )
}

#[test]
fn dot_inverse_diag_and_isclose_follow_torchs_shape_rules() {
    let src = linalg_model(
        "torch.dot(v, v), v.dot(v), torch.inverse(a[:, :3]), torch.diag(v), torch.diag(v, 1), \
         a.diag(), torch.diag(a, -1), torch.isclose(a, v), a.isclose(a, rtol=0.1)",
    );
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(&src, mode);
        assert_eq!(node_shapes(&p, "aten.dot.default"), ["", ""]);
        assert_eq!(node_shapes(&p, "aten.inverse.default"), ["3, 3"]);
        assert_eq!(
            node_shapes(&p, "aten.diag.default"),
            ["4, 4", "5, 5", "3", "2"]
        );
        assert_eq!(node_shapes(&p, "aten.isclose.default"), ["3, 4", "3, 4"]);
    }
}

#[test]
fn dot_and_inverse_reject_what_eager_torch_rejects() {
    for body in ["torch.dot(a, v)", "torch.inverse(a)", "torch.dot(v, v[:3])"] {
        let src = linalg_model(body);
        let result = common::trace_first_entry(&src, Mode::NonStrict);
        assert!(
            matches!(result.outcome, tracer::TraceOutcome::Failed(_)),
            "{body}: the trace did not fail"
        );
    }
}

#[test]
fn in_place_function_forms_record_the_in_place_op() {
    let src = linalg_model("torch.sigmoid_(a.clone()), torch.relu_(v.clone())");
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(&src, mode);
        assert_eq!(node_shapes(&p, "aten.sigmoid_.default"), ["3, 4"]);
        assert_eq!(node_shapes(&p, "aten.relu_.default"), ["4"]);
    }
}

#[test]
fn numpy_style_keywords_bind_as_torchs_argument_parser_binds_them() {
    let src = linalg_model(
        "torch.mean(a, axis=1, keepdims=True), a.sum(axis=0), torch.add(x=a, other=v)",
    );
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(&src, mode);
        assert_eq!(node_shapes(&p, "aten.mean.dim"), ["3, 1"]);
        assert_eq!(node_shapes(&p, "aten.sum.dim_IntList"), ["4"]);
        assert_eq!(node_shapes(&p, "aten.add.Tensor"), ["3, 4"]);
    }
}

#[test]
fn mv_and_dist_follow_torchs_shape_rules() {
    let src = linalg_model("torch.mv(a, v), a.mv(v), torch.dist(a, v), a.dist(a, 3)");
    for mode in [Mode::NonStrict, Mode::Strict] {
        let p = exported_program(&src, mode);
        assert_eq!(node_shapes(&p, "aten.mv.default"), ["3", "3"]);
        assert_eq!(node_shapes(&p, "aten.dist.default"), ["", ""]);
    }
}
