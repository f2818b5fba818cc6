//! `Tensor.tolist()` of an integer tensor: dynamo indexes one row at a time
//! (`select`, then that row's `item`), while non-strict tracing unbinds the
//! tensor once and reads each element. Read off `torch.export.export` on
//! the same model in both modes.

use crate::common;

use tracer::Mode;

const SRC: &str = "import torch

class M(torch.nn.Module):
    def forward(self, x):
        return x.tolist()

model = M()
example_args = (torch.ones(2, 2, dtype=torch.int),)
";

#[test]
fn strict_tolist_selects_each_row_then_each_element() {
    assert_eq!(
        common::node_names(SRC, Mode::Strict),
        [
            "select", "select_1", "item", "select_2", "item_1", "select_3", "select_4", "item_2",
            "select_5", "item_3"
        ]
    );
}

#[test]
fn nonstrict_tolist_unbinds_each_row() {
    assert_eq!(
        common::node_names(SRC, Mode::NonStrict),
        [
            "unbind",
            "getitem",
            "getitem_1",
            "unbind_1",
            "getitem_2",
            "getitem_3",
            "item",
            "item_1",
            "unbind_2",
            "getitem_4",
            "getitem_5",
            "item_2",
            "item_3"
        ]
    );
}
