//! ATen ops called through `torch.ops.aten`: a named overload, a packet
//! called without naming one (torch picks it by the arguments), the
//! in-place packet (`dropout_`), and one-argument `where`, which is
//! `nonzero(condition, as_tuple=True)`.

use crate::common;

use tracer::entry::TracedProgram;
use tracer::graph::MetaVal;
use tracer::{Budget, Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

fn export(src: &str, mode: Mode) -> TracedProgram {
    *common::exported_program(src, mode)
}

fn targets(p: &TracedProgram) -> Vec<String> {
    p.graph
        .nodes
        .iter()
        .filter_map(|n| n.target().map(str::to_string))
        .collect()
}

#[test]
fn packets_and_overloads_resolve_to_the_registry_op() {
    let src = "import torch

class M(torch.nn.Module):
    def forward(self, x):
        y = torch.ops.aten.add.Tensor(x, x)
        torch.ops.aten.dropout_(y, 0.5, False)
        return torch.ops.aten.mul(y, 2)

model = M()
example_args = (torch.ones(3, 10),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = export(src, mode);
        assert_eq!(
            targets(&p),
            [
                "aten.add.Tensor",
                "aten.dropout_.default",
                "aten.mul.Tensor"
            ],
            "{mode:?}"
        );
    }
}

#[test]
fn one_argument_where_is_nonzero_as_a_tuple() {
    let src = "import torch

class M(torch.nn.Module):
    def forward(self, x):
        return torch.ops.aten.where.default(x > 0)

model = M()
example_args = (torch.ones(2, 3),)
";
    for mode in [Mode::Strict, Mode::NonStrict] {
        let p = export(src, mode);
        let t = targets(&p);
        assert!(t.contains(&"aten.nonzero.default".to_string()), "{t:?}");
        let outputs: Vec<&MetaVal> = p
            .graph
            .nodes
            .iter()
            .filter(|n| n.target() == Some("aten.nonzero.default"))
            .map(|n| &n.val)
            .collect();
        assert_eq!(outputs.len(), 1);
    }
}

#[test]
fn an_unknown_overload_is_not_an_op() {
    let src = "import torch

class M(torch.nn.Module):
    def forward(self, x):
        return torch.ops.aten.add.NoSuchOverload(x, x)

model = M()
example_args = (torch.ones(2, 3),)
";
    let file = SourceFile::parse("m.py", src);
    let entry = find_entries(&file).remove(0);
    let r = trace_entry(file, &entry, Mode::NonStrict, Budget::default());
    assert!(matches!(r.outcome, TraceOutcome::Failed(_)));
}
