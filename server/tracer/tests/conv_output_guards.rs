//! A convolution's meta asks of a spatial output size that it is positive
//! and then, allocating the output, at least 0 (over several symbols torch
//! does not infer the one from the other, so both are guards); the output
//! is allocated with `Max(1, size)` strides, whose contiguity check guards
//! `Eq(Max(1, o), o)` when the ranges cannot settle the `Max`. An output
//! size the ranges keep at 1 or more (`s - 1` for `s >= 2`) needs no `Max`.
//! The backend selection checks the weight's first size against `groups`;
//! the fake kernel asks a 4-d output whether its strides are channels-last
//! (each size whether 0); an unbatched input's output is a squeezed view
//! of a batch-1 output, rebuilt as a view by the fake-tensor cache; a
//! transposed convolution's output size follows a dynamic kernel size.
//! Expectations read off `torch.export.export` (torch 2.15), both modes.

use crate::common;

use tracer::Mode;

const CONV1D: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0, x1, x2):
        return torch.nn.functional.conv1d(x0, x1, x2, stride=(2,), padding=2, groups=1)

model = Op()
example_args = (torch.randn(1, 3, 4), torch.randn(3, 3, 3), torch.randn(3))
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO}, {0: Dim.AUTO, 2: Dim.AUTO}, {0: Dim.AUTO})
";

#[test]
fn a_convolution_guards_its_output_size_as_torch_does() {
    let out = "(((x0.size()[2] - x1.size()[2])//2)) + 3";
    for (mode, channels) in [
        (Mode::NonStrict, "x2.size()[0]"),
        (Mode::Strict, "x1.size()[0]"),
    ] {
        let guards = common::guard_texts(CONV1D, mode);
        let expected = [
            "Eq(x2.size()[0], x1.size()[0])".to_string(),
            "x0.size()[2] + 4 >= x1.size()[2]".to_string(),
            format!("{out} > 0"),
            format!("{out} >= 0"),
            format!("[guard suppressed] {out} >= 0"),
            format!("[guard suppressed] Ne({out}, 0)"),
            format!("{channels}*({out}) >= 2"),
            format!("Ne({out}, 1)"),
            format!("Eq(Max(1, {out}), {out})"),
        ];
        assert_eq!(guards, expected, "{mode:?}");
    }
}

const CONV2D_THEN_LINEAR: &str = "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 8, kernel_size=2)
        self.fc = nn.Linear(8, 8)

    def forward(self, z):
        return self.fc(self.conv(z))

model = Model()
example_args = (torch.randn(3, 2, 5, 9),)
dynamic_shapes = ({3: Dim.AUTO},)
";

#[test]
fn an_output_size_the_ranges_keep_positive_has_plain_strides() {
    let result = common::trace_first_entry(CONV2D_THEN_LINEAR, Mode::NonStrict);
    let guards: Vec<String> = result.guards.into_iter().map(|g| g.expr).collect();
    assert_eq!(
        guards,
        [
            "Ne(z.size()[3] - 1, 1)",
            "[guard suppressed] Ne(z.size()[3] - 1, 1)",
            "Eq(z.size()[3] - 1, 8)"
        ]
    );
}

const CONV1D_STRIDED_SLICE: &str = "import torch
from torch import nn
from torch.export import Dim

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 4, 3, stride=2)

    def forward(self, x):
        h1 = x.unsqueeze(-3)
        h2 = h1 @ x.transpose(-1, -2)
        h1 = self.conv(h1)
        h3 = h1[..., ::2]
        h4 = x.clamp(min=0.0)
        return (h4, h3, h2)

model = Model().eval()
example_args = (torch.randn(4, 10),)
dynamic_shapes = {'x': {0: Dim.AUTO, 1: Dim.AUTO}}
";

/// The output's storage is sized by its element count (`new_empty`), while
/// its strides keep their `Max`: a strided view of it is checked against
/// `4*numel` bytes.
#[test]
fn a_convolution_output_storage_holds_its_element_count() {
    let bound = "[guard suppressed] 8*(((x.size()[1] - 3)//4)) + 12*Max(1, (((x.size()[1] - 3)//2)) + 1) + 4 <= 16*(((x.size()[1] - 3)//2)) + 16";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let result = common::trace_first_entry(CONV1D_STRIDED_SLICE, mode);
        let guards: Vec<String> = result.guards.into_iter().map(|g| g.expr).collect();
        assert!(guards.iter().any(|g| g == bound), "{mode:?}: {guards:#?}");
    }
}

const UNBATCHED_CONV1D: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x0, x1, x2):
        return torch.nn.functional.conv1d(x0, x1, x2, stride=(2,), padding=2, groups=1)

model = Op()
example_args = (torch.randn(3, 4), torch.randn(3, 3, 3), torch.randn(3))
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO}, {0: Dim.AUTO, 2: Dim.AUTO}, {0: Dim.AUTO})
";

#[test]
fn an_unbatched_output_is_rebuilt_as_a_squeezed_view() {
    let out = "(((x0.size()[1] - x1.size()[2])//2)) + 3";
    for (mode, channels) in [
        (Mode::NonStrict, "x2.size()[0]"),
        (Mode::Strict, "x1.size()[0]"),
    ] {
        let guards = common::guard_texts(UNBATCHED_CONV1D, mode);
        let expected = [
            "Eq(x0.size()[0], 3)".to_string(),
            "Eq(x2.size()[0], x1.size()[0])".to_string(),
            "x0.size()[1] + 4 >= x1.size()[2]".to_string(),
            format!("{out} > 0"),
            format!("{out} >= 0"),
            format!("[guard suppressed] {out} >= 0"),
            format!("[guard suppressed] Ne({out}, 0)"),
            format!("[guard suppressed] Ne({channels}*({out}), 0)"),
            format!("[guard suppressed] Ne({channels}*({out}), 0)"),
            format!("[guard suppressed] Ne({out}, 1)"),
            format!("[guard suppressed] Eq(Max(1, {out}), {out})"),
            format!("{channels}*({out}) >= 2"),
            format!("Ne({out}, 1)"),
            format!("Eq(Max(1, {out}), {out})"),
        ];
        assert_eq!(guards, expected, "{mode:?}");
    }
}

const GROUPED_CONV2D: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x, w):
        return torch.nn.functional.conv2d(x, w, stride=(3, 2), padding=(2, 1), groups=2, dilation=(4, 4))

model = Op()
example_args = (torch.randn(2, 4, 8, 8), torch.randn(2, 2, 3, 3))
dynamic_shapes = ({0: Dim.AUTO, 3: Dim.AUTO}, {0: Dim.AUTO, 3: Dim.AUTO})
";

/// The output width is 1 on the example: `tensor_meta` guards it, after
/// which the stride `Max(1, w)` is `w` for torch's `simplify` (no guard on
/// it), until a product with another size keeps the `Max` open.
#[test]
fn groups_divide_the_weight_and_the_output_strides_are_asked_for_channels_last() {
    let w = "-2*w.size()[3] + (((x.size()[3] + 5)//2)) + 1";
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = common::guard_texts(GROUPED_CONV2D, mode);
        let expected = [
            "Eq(Mod(w.size()[0], 2), 0)".to_string(),
            "x.size()[3] + 2 >= 4*w.size()[3] - 3".to_string(),
            format!("{w} >= 0"),
            format!("Ne({w}, 0)"),
            format!("[guard suppressed] {w} >= 0"),
            format!("[guard suppressed] Ne({w}, 0)"),
            "-2*w.size()[0]*x.size()[0]*(2*w.size()[3] - (((x.size()[3] + 5)//2)) - 1) >= 2"
                .to_string(),
            format!("Eq({w}, 1)"),
            format!("Eq(2*w.size()[0]*Max(1, {w}), 2*w.size()[0])"),
        ];
        assert_eq!(guards, expected, "{mode:?}");
    }
}

#[test]
fn groups_that_do_not_divide_the_weight_are_torch_s_error() {
    let src = "import torch

class Op(torch.nn.Module):
    def forward(self, x, w):
        return torch.nn.functional.conv2d(x, w, groups=2)

model = Op()
example_args = (torch.randn(1, 4, 8, 8), torch.randn(3, 2, 3, 3))
";
    match common::trace_first_entry(src, Mode::NonStrict).outcome {
        tracer::TraceOutcome::Failed(f) => {
            assert!(f.message.contains("divisible by 2"), "{}", f.message)
        }
        tracer::TraceOutcome::Exported(_) => panic!("exported"),
    }
}

const TRANSPOSED_CONV1D: &str = "import torch
from torch.export import Dim

class Op(torch.nn.Module):
    def forward(self, x, w):
        return torch.nn.functional.conv_transpose1d(x, w, stride=2, padding=2, output_padding=1)

model = Op()
example_args = (torch.randn(1, 3, 4), torch.randn(3, 3, 3))
dynamic_shapes = ({0: Dim.AUTO, 2: Dim.AUTO}, {2: Dim.AUTO})
";

#[test]
fn a_transposed_output_size_follows_a_dynamic_kernel() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        let guards = common::guard_texts(TRANSPOSED_CONV1D, mode);
        assert_eq!(
            guards,
            ["Ne(w.size()[2] + 2*x.size()[2] - 5, 1)"],
            "{mode:?}"
        );
        let p = common::exported_program(TRANSPOSED_CONV1D, mode);
        let shapes = common::node_shapes(&p, "aten.conv_transpose1d.default");
        assert_eq!(shapes.len(), 1);
        assert!(shapes[0].starts_with("1, 3, "), "{shapes:?}");
        assert!(shapes[0].contains("- 5"), "{shapes:?}");
    }
}
