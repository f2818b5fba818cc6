//! The guards of a reshape on dynamic sizes, in torch's words and order:
//! Python compares an int with a size from the size's side
//! (`Ne(x.size()[0], 25)`, not `Ne(25, x.size()[0])`), and an earlier guard
//! decides a later query only when all its symbols occur in the query, as
//! torch's static evaluation uses its axioms: `Eq(5*s0*s2, 125)` does not
//! decide `Eq(s2, 5)` once `s0` is 5, so that decision is a guard of its
//! own and specializes `s2`. `view_as` / `reshape_as` are a view to the
//! other tensor's sizes and ask the same. A view splitting a dim runs
//! `prims.split_dim`, whose output the fake-tensor cache rebuilds (its
//! suppressed guards), and merging dims asks each merged size whether 0.
//! Expectations read off
//! `torch.export.export` (torch 2.15) on the same model, in both modes.

use crate::common;

use tracer::Mode;

const RESHAPE: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0):
        return torch.reshape(x0, (25, 5))

model = Op()
example_args = (torch.randn(5, 5, 5),)
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO},)
";

#[test]
fn reshape_guards_follow_python_and_torchs_axioms() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = common::trace_first_entry(RESHAPE, mode);
        let guards: Vec<String> = result.guards.into_iter().map(|g| g.expr).collect();
        assert_eq!(
            guards,
            [
                "Eq(5*x0.size()[0]*x0.size()[2], 125)",
                "Ne(x0.size()[0], 25)",
                "Ne(Mod(x0.size()[0], 25), 0)",
                "Eq(Mod(5*x0.size()[0], 25), 0)",
                "Eq(5*x0.size()[0], 25)",
                "Eq(x0.size()[2], 5)",
            ],
            "{mode:?}"
        );
    }
}

const VIEW_AS: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0, x1):
        return x0.view_as(x1)

model = Op()
example_args = (torch.randn(5, 5, 5), torch.randn(25, 5))
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO}, {0: Dim.AUTO, 1: Dim.AUTO})
";

#[test]
fn view_as_splits_and_merges_dims_as_a_view_does() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        for src in [
            VIEW_AS.to_string(),
            VIEW_AS.replace("view_as", "reshape_as"),
        ] {
            assert_eq!(
                common::guard_texts(&src, mode),
                [
                    "Eq(5*x0.size()[0]*x0.size()[2], x1.size()[0]*x1.size()[1])",
                    "Ne(x1.size()[0], x0.size()[0])",
                    "Ne(Mod(x0.size()[0], x1.size()[0]), 0)",
                    "Eq(Mod(5*x0.size()[0], x1.size()[0]), 0)",
                    "Eq(5*x0.size()[0], x1.size()[0])",
                    "Eq(x1.size()[1], x0.size()[2])",
                ],
                "{mode:?}"
            );
        }
    }
}

const SPLIT_THEN_MERGE: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0):
        return x0.view((5, -1))

model = Op()
example_args = (torch.randn(50, 5),)
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO},)
";

#[test]
fn a_split_is_rebuilt_as_a_view_and_a_merge_asks_its_sizes() {
    let q = "(x0.size()[0]//5)";
    let n = "((x0.size()[0]*x0.size()[1])//5)";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = common::guard_texts(SPLIT_THEN_MERGE, mode);
        // torch's first ten; after them it logs one rebuild less.
        assert_eq!(
            guards[..10],
            [
                "Eq(Mod(x0.size()[0]*x0.size()[1], 5), 0)".to_string(),
                "Ne(x0.size()[0], 5)".to_string(),
                "Eq(Mod(x0.size()[0], 5), 0)".to_string(),
                format!("[guard suppressed] Ne({q}, 1)"),
                format!(
                    "[guard suppressed] 20*x0.size()[1]*({q}) <= 4*x0.size()[1]*(x0.size()[0] - 1) + 4*x0.size()[1]"
                ),
                format!("Ne({n}, {q})"),
                format!("Ne(Mod({q}, {n}), 0)"),
                format!("Eq(Mod(x0.size()[1]*({q}), {n}), 0)"),
                format!("Ne({q}, 1)"),
                format!("Ne({q}, 0)"),
            ],
            "{mode:?}"
        );
    }
}
