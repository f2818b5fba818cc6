//! Higher-order ops in the serialized program (`models/model.json` of a
//! `.pt2`): each subgraph argument is `as_graph` with torch's attribute
//! name and a graph of its own (inputs named after the operands, nodes,
//! outputs, value tables). Each expectation was read off the JSON
//! `torch.export.save` wrote for the same model (torch 2.15).

use serde_json::{Value, json};
use tracer::Mode;

use crate::common;

fn program_json(src: &str) -> Value {
    let p = common::exported(src, Mode::NonStrict);
    let named = export::name_program(&p, Mode::NonStrict);
    let text = export::pt2::exported_program_json(&named).expect("serializes");
    serde_json::from_str(&text).expect("JSON")
}

fn node<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["graph_module"]["graph"]["nodes"]
        .as_array()
        .and_then(|ns| ns.iter().find(|n| n["name"] == name))
        .unwrap_or_else(|| panic!("no node {name}"))
}

#[test]
fn cond_branches_are_graphs_over_the_operands_it_passes() {
    let doc = program_json(
        "import torch

class M(torch.nn.Module):
    def forward(self, pred, x):
        def true_fn(val):
            return x * 2

        def false_fn(val):
            return x - 2

        return torch.cond(pred, true_fn, false_fn, [x + 1])

model = M()
example_args = (torch.tensor(True), torch.randn(3, 2))
",
    );
    let cond = node(&doc, "cond");
    assert_eq!(cond["target"], "torch.ops.higher_order.cond");
    let args: Vec<&Value> = cond["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            assert_eq!(i["name"], "");
            assert_eq!(i["kind"], 1);
            &i["arg"]
        })
        .collect();
    assert_eq!(args.len(), 4);
    assert_eq!(*args[0], json!({"as_tensor": {"name": "pred"}}));
    assert_eq!(*args[3], json!({"as_tensors": [{"name": "x"}]}));
    assert_eq!(cond["outputs"], json!([{"as_tensor": {"name": "getitem"}}]));
    assert_eq!(cond["is_hop_single_tensor_return"], false);
    for (arg, name, op, result) in [
        (args[1], "true_graph_0", "torch.ops.aten.mul.Tensor", "mul"),
        (args[2], "false_graph_0", "torch.ops.aten.sub.Tensor", "sub"),
    ] {
        let g = &arg["as_graph"];
        assert_eq!(g["name"], name);
        let g = &g["graph"];
        assert_eq!(g["inputs"], json!([{"as_tensor": {"name": "x"}}]));
        assert_eq!(g["outputs"], json!([{"as_tensor": {"name": result}}]));
        assert_eq!(g["nodes"][0]["target"], op);
        assert_eq!(
            g["nodes"][0]["inputs"][0]["arg"],
            json!({"as_tensor": {"name": "x"}})
        );
        let mut values: Vec<&str> = g["tensor_values"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        values.sort();
        let mut expected = vec!["x", result];
        expected.sort();
        assert_eq!(values, expected);
        assert_eq!(g["is_single_tensor_return"], false);
    }
}

#[test]
fn map_body_is_a_graph_over_a_slice_and_the_extra_arguments() {
    let doc = program_json(
        "import torch
from functorch.experimental.control_flow import map

class M(torch.nn.Module):
    def forward(self, xs, y):
        def body(x, y):
            return x + y

        return map(body, xs, y)

model = M()
example_args = (torch.randn(3, 2), torch.randn(2))
",
    );
    let m = node(&doc, "map_impl");
    let args: Vec<&Value> = m["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| &i["arg"])
        .collect();
    assert_eq!(args[0]["as_graph"]["name"], "body_graph_0");
    assert_eq!(*args[1], json!({"as_tensors": [{"name": "xs"}]}));
    assert_eq!(*args[2], json!({"as_tensors": [{"name": "y"}]}));
    let body = &args[0]["as_graph"]["graph"];
    assert_eq!(
        body["inputs"],
        json!([{"as_tensor": {"name": "xs"}}, {"as_tensor": {"name": "y"}}])
    );
    assert_eq!(body["outputs"], json!([{"as_tensor": {"name": "add"}}]));
    // The body sees one row of `xs`.
    let sizes = &body["tensor_values"]["xs"]["sizes"];
    assert_eq!(*sizes, json!([{"as_int": 2}]));
    assert_eq!(m["outputs"], json!([{"as_tensor": {"name": "getitem"}}]));
}
