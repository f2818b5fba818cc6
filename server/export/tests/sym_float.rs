//! A float computed from a symbolic size (`x * (1.0 / n)`), as torch 2.15
//! records it: the size made a float once (`torch.sym_float`), each division
//! (`_operator.truediv`, valued `FloatTrueDiv(1.0, ToFloat(s0))`), and the
//! tensor op taking that node; read off `torch.export.export` on the same
//! model (`server/runtime/tests/sym_float.rs` runs it).

use crate::common;
use export::report::val_json;
use tracer::graph::{Arg, NodeOp};

use tracer::Mode;

const MODEL: &str = "import torch
from torch.export import Dim

class Model(torch.nn.Module):
    def forward(self, x):
        n = x.shape[0]
        return x * (1.0 / n) + x / (n / 2.0)

model = Model()
example_args = (torch.randn(4, 3),)
dynamic_shapes = {'x': {0: Dim.AUTO}}
";

#[test]
fn a_float_of_a_symbolic_size_is_recorded_as_torch_records_it() {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = common::exported(MODEL, mode);
        let named = export::name_program(&p, mode);
        let nodes: Vec<(String, String, String)> = named
            .order
            .iter()
            .filter_map(|id| {
                let n = p.graph.node(*id);
                let NodeOp::CallFunction { target, args, .. } = &n.op else {
                    return None;
                };
                let args = args
                    .iter()
                    .map(|a| match a {
                        Arg::Node(i) => named.name(*i).to_string(),
                        Arg::Float(f) => format!("{f:?}"),
                        other => format!("{other:?}"),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let expr = val_json(&p.env, &n.val)["expr"]
                    .as_str()
                    .map(str::to_string);
                Some((
                    named.name(*id).to_string(),
                    format!("{target}({args})"),
                    expr.unwrap_or_default(),
                ))
            })
            .filter(|(_, call, _)| {
                call.contains("sym_float")
                    || call.contains("truediv")
                    || call.contains("aten.mul")
                    || call.contains("aten.div")
            })
            .collect();
        let calls: Vec<&str> = nodes.iter().map(|(_, c, _)| c.as_str()).collect();
        assert_eq!(
            calls,
            [
                "torch.sym_float(sym_size_int_1)",
                "_operator.truediv(1.0, sym_float)",
                "aten.mul.Tensor(x, truediv)",
                "_operator.truediv(sym_float, 2.0)",
                "aten.div.Tensor(x, truediv_1)",
            ],
            "{mode:?}: {nodes:?}"
        );
        let size = &nodes[0].2["ToFloat(".len()..nodes[0].2.len() - 1];
        assert_eq!(nodes[1].2, format!("FloatTrueDiv(1.0, ToFloat({size}))"));
        assert_eq!(nodes[3].2, format!("FloatTrueDiv(ToFloat({size}), 2.0)"));
    }
}
