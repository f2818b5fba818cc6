//! `chunk` and `split` along a dynamic dim, as torch 2.15 exports them:
//! the piece size stays symbolic (`((s0 + 1)//2)`), the piece count is a
//! Python int (a guard), the last piece is what remains, each piece is a
//! view whose metadata torch's fake tensors check (suppressed guards), and
//! a named Dim pinned by the count guard is a specialization. Each
//! expectation was read off `torch.export.export` on the same model with
//! `TORCH_LOGS=+dynamic`, in both modes.

use crate::common;

use tracer::graph::MetaVal;
use tracer::{Mode, TraceOutcome};

const CHUNK: &str = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        a, b = torch.chunk(x, 2, 0)
        m = torch.maximum(a, b)
        return m, b.exp()

model = M()
example_args = (torch.randn(4, 5, 12),)
dynamic_shapes = ({0: Dim.AUTO},)
";

#[test]
fn a_chunk_of_a_dynamic_dim_keeps_symbolic_pieces_and_guards_their_count() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = common::trace_first_entry(CHUNK, mode);
        let guards: Vec<String> = result.guards.iter().map(|g| g.expr.clone()).collect();
        let TraceOutcome::Exported(p) = result.outcome else {
            panic!("{mode:?}: no export");
        };
        let s = p
            .graph
            .nodes
            .iter()
            .find_map(|n| match &n.val {
                MetaVal::Tensor { shape, .. } if !shape[0].is_const() => {
                    Some(p.env.render(&shape[0]))
                }
                _ => None,
            })
            .expect("a dynamic input");
        let pieces = common::node_shapes(&p, "_operator.getitem");
        assert_eq!(
            pieces,
            [
                format!("(({s} + 1)//2), 5, 12"),
                format!("{s} - ((({s} + 1)//2)), 5, 12"),
            ],
            "{mode:?}"
        );
        let half = "((x.size()[0] + 1)//2)";
        let rest = format!("x.size()[0] - ({half})");
        for want in [
            format!("Eq(((x.size()[0] + ({half}) - 1)//({half})), 2)"),
            format!("{rest} >= 0"),
            format!("[guard suppressed] Ne({half}, 1)"),
            format!("[guard suppressed] Ne(60*x.size()[0] - 60*({half}), 0)"),
            format!("[guard suppressed] Ne({rest}, 1)"),
            // `maximum` equates the pieces, an equation solved for no
            // symbol; then `exp`'s fresh output asks again whether the
            // last piece is non-negative: the query was open before the
            // split's check added its guard, and torch's cache keeps it
            // open through both.
            format!("[guard suppressed] {rest} >= 0"),
        ] {
            assert!(guards.contains(&want), "{mode:?}: no {want} in {guards:#?}");
        }
        assert!(
            !guards.iter().any(|g| g.starts_with("Eq(x.size()[0]")),
            "{mode:?}: specialized: {guards:#?}"
        );
    }
}

const SPLIT_NAMED: &str = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        a, b, c = torch.split(x, 2)
        return c * 2

model = M()
example_args = (torch.randn(5, 3),)
dynamic_shapes = ({0: Dim('batch')},)
";

#[test]
fn a_named_dim_pinned_by_a_split_count_is_a_specialization() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = common::trace_first_entry(SPLIT_NAMED, mode);
        let guards: Vec<String> = result.guards.iter().map(|g| g.expr.clone()).collect();
        assert!(
            guards.contains(&"Eq(((x.size()[0] + 1)//2), 3)".to_string()),
            "{mode:?}: {guards:#?}"
        );
        let TraceOutcome::Failed(f) = result.outcome else {
            panic!("{mode:?}: exported");
        };
        assert_eq!(f.suggested_fixes, ["batch = 5"], "{mode:?}: {}", f.message);
    }
}

const ODD_CHUNK: &str = "import torch
from torch import nn
from torch.export import Dim

class M(nn.Module):
    def forward(self, x):
        a, b = torch.chunk(x, 2, 0)
        return a + b

model = M()
example_args = (torch.randn(3, 4),)
dynamic_shapes = ({0: Dim.AUTO},)
";

#[test]
fn a_last_piece_of_one_row_broadcasts_with_a_guard() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = common::trace_first_entry(ODD_CHUNK, mode);
        let guards: Vec<String> = result.guards.iter().map(|g| g.expr.clone()).collect();
        let TraceOutcome::Exported(p) = result.outcome else {
            panic!("{mode:?}: no export; {guards:#?}");
        };
        let want = "Eq(x.size()[0] - (((x.size()[0] + 1)//2)), 1)".to_string();
        assert!(guards.contains(&want), "{mode:?}: {guards:#?}");
        let adds = common::node_shapes(&p, "aten.add.Tensor");
        assert_eq!(adds.len(), 1, "{mode:?}");
        assert!(adds[0].ends_with(" + 1)//2), 4"), "{mode:?}: {}", adds[0]);
    }
}
