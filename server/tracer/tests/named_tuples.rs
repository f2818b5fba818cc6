//! torch's named-tuple results (`ops/return_types.rs`): every op whose
//! schema names its returns gives a tuple whose fields read as attributes
//! (`x.max(1).values`), which still indexes, unpacks, flattens and is a
//! `tuple`. Expectations read off `torch.export.export` (both modes).

use crate::common;

use tracer::{Mode, TraceOutcome};

fn model(body: &str) -> String {
    format!(
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n{body}\n\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n"
    )
}

fn targets(body: &str, mode: Mode) -> Vec<String> {
    let p = common::exported_program(&model(body), mode);
    p.graph
        .nodes
        .iter()
        .filter_map(|n| n.target().map(str::to_string))
        .collect()
}

#[test]
fn fields_read_the_items_of_every_spelling() {
    for (body, op, shape) in [
        ("        return x.max(dim=1).values", "aten.max.dim", "4"),
        (
            "        return torch.max(x, 1).indices",
            "aten.max.dim",
            "4",
        ),
        ("        return x.min(0).indices", "aten.min.dim", "3"),
        (
            "        return x.sort(-1).values",
            "aten.sort.default",
            "4, 3",
        ),
        (
            "        return torch.topk(x, 2).values",
            "aten.topk.default",
            "4, 2",
        ),
        (
            "        return x.kthvalue(2, 1).indices",
            "aten.kthvalue.default",
            "4",
        ),
        (
            "        return torch.median(x, 1).values",
            "aten.median.dim",
            "4",
        ),
        ("        return x.mode(0).indices", "aten.mode.default", "3"),
        (
            "        return x.cummax(1).values",
            "aten.cummax.default",
            "4, 3",
        ),
        (
            "        return torch.aminmax(x, dim=0).max",
            "aten.aminmax.default",
            "3",
        ),
    ] {
        for mode in [Mode::Strict, Mode::NonStrict] {
            let p = common::exported_program(&model(body), mode);
            assert!(
                common::node_shapes(&p, op).len() == 1,
                "{mode:?}: {body} records {op}"
            );
            assert_eq!(p.graph.outputs.len(), 1, "{body}");
            let out = common::node_shapes(&p, "_operator.getitem");
            assert!(out.iter().all(|s| s == shape), "{mode:?} {body}: {out:?}");
        }
    }
}

#[test]
fn a_named_tuple_is_still_its_tuple() {
    let body = "        r = x.max(1)\n        v, i = r\n        assert isinstance(r, tuple) and len(r) == 2 and r.n_fields == 2\n        assert type(r).__name__ == 'max'\n        return v + r[1] + r[-1], list(r)[0], r";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = common::exported_program(&model(body), mode);
        // The returned named tuple flattens to its two tensors.
        assert_eq!(p.graph.outputs.len(), 4, "{mode:?}");
    }
}

#[test]
fn a_missing_field_is_an_attribute_error() {
    let src = model("        return x.max(1)._fields");
    match common::trace_first_entry(&src, Mode::NonStrict).outcome {
        TraceOutcome::Failed(f) => assert!(
            f.message
                .contains("'torch.return_types.max' object has no attribute '_fields'"),
            "{}",
            f.message
        ),
        TraceOutcome::Exported(_) => panic!("torch raises AttributeError"),
    }
}

#[test]
fn plain_tuples_have_no_fields() {
    // `var_mean` returns a plain tuple; `torch.ops.aten` calls do too.
    for body in [
        "        return torch.var_mean(x, 1).values",
        "        return torch.ops.aten.max.dim(x, 1).values",
    ] {
        assert!(
            !matches!(
                common::trace_first_entry(&model(body), Mode::NonStrict).outcome,
                TraceOutcome::Exported(_)
            ),
            "{body}"
        );
    }
}

#[test]
fn sort_stable_records_its_overload_with_keywords() {
    let body = "        r = torch.sort(x, dim=0, stable=True, descending=True)\n        return r.values, r.indices";
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert!(
            targets(body, mode).contains(&"aten.sort.stable".to_string()),
            "{mode:?}"
        );
    }
}
