//! Size arithmetic torch traces and then drops as dead code still takes
//! node names (`mul`, `mul_1`, ...), moving the numbering of the ops after
//! it: non-strict `contiguous()` of a strided tensor multiplies its sizes
//! from the last dim on (one `mul` per product with a symbolic operand
//! other than 1), and the `torch.nn.functional` functions Dynamo keeps as
//! calls (`F.group_norm`'s batch-size check) trace their Python arithmetic
//! in strict mode too. Each expectation was read off `torch.export.export`
//! on the same model.

use crate::common;

use tracer::Mode;

fn node_names(src: &str, mode: Mode) -> Vec<String> {
    let p = common::exported(src, mode);
    let named = export::name_program(&p, mode);
    named
        .order
        .iter()
        .map(|id| named.name(*id).to_string())
        .collect()
}

fn model(init: &str, forward: &str, shape: &str, spec: &str) -> String {
    format!(
        "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        {init}

    def forward(self, x):
        {forward}

model = Model().eval()
example_args = (torch.randn({shape}),)
dynamic_shapes = ({spec},)
"
    )
}

const CONTIGUOUS: &str = "return x.transpose(0, -1).contiguous() * 2";

#[test]
fn non_strict_contiguous_of_a_transposed_tensor_takes_mul_names() {
    for (shape, spec, last) in [
        ("4, 3, 8", "{0: Dim.AUTO}", "mul_2"),
        ("4, 3, 8, 5", "{0: Dim.AUTO}", "mul_3"),
        ("4, 3", "{0: Dim.AUTO}", "mul_1"),
        // Products of static sizes and factors of 1 are plain ints.
        ("8, 3, 4", "{2: Dim.AUTO}", "mul_1"),
        ("8, 3, 4, 5", "{1: Dim.AUTO}", "mul_2"),
        ("4, 1, 8", "{0: Dim.AUTO}", "mul_1"),
        ("4, 3, 1", "{0: Dim.AUTO}", "mul_1"),
        ("4, 3, 8", "None", "mul"),
    ] {
        let src = model("pass", CONTIGUOUS, shape, spec);
        assert_eq!(
            node_names(&src, Mode::NonStrict),
            ["transpose", "contiguous", last],
            "{shape} {spec}"
        );
        assert_eq!(
            node_names(&src, Mode::Strict),
            ["transpose", "contiguous", "mul"],
            "{shape} {spec}"
        );
    }
}

#[test]
fn group_norms_size_check_takes_names_in_both_modes() {
    let src = model(
        "self.gn = nn.GroupNorm(1, 3)",
        "return self.gn(x.relu()) * 2",
        "4, 3, 8",
        "{0: Dim.AUTO}",
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            node_names(&src, mode),
            ["relu", "group_norm", "mul_2"],
            "{mode:?}"
        );
    }
    let src = model(
        "self.gn = nn.GroupNorm(1, 3)",
        "h = x.reshape(*x.shape[:-1], 4, 2)\n        return self.gn(h) * 2",
        "4, 3, 8",
        "{0: Dim.AUTO}",
    );
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            node_names(&src, mode),
            ["sym_size_int_1", "reshape", "group_norm", "mul_3"],
            "{mode:?}"
        );
    }
}

#[test]
fn user_size_arithmetic_in_strict_mode_takes_no_names() {
    // Dynamo drops it before the ATen trace.
    let src = model(
        "pass",
        "n = x.shape[0] * 3\n        m = n * 2\n        return x * 2",
        "4, 3, 8",
        "{0: Dim.AUTO}",
    );
    assert_eq!(node_names(&src, Mode::Strict), ["mul"]);
    assert_eq!(node_names(&src, Mode::NonStrict), ["mul_2"]);
}
