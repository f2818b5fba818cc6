"""torch.nn convolution-section modules that exportlens defines in Python
(torch.nn.modules.conv / .fold): ConvTranspose3d, Fold and Unfold. Run by
the tracer, never by CPython (see nn.py); Conv1d/2d/3d and
ConvTranspose1d/2d are still Rust modules (server/tracer/src/nn.rs).
"""
import torch
import torch.nn.functional as F
from torch.nn import Module, Parameter


def _triple(value):
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return (value, value, value)


class ConvTranspose3d(Module):
    def __init__(
        self,
        in_channels,
        out_channels,
        kernel_size,
        stride=1,
        padding=0,
        output_padding=0,
        groups=1,
        bias=True,
        dilation=1,
        padding_mode="zeros",
        device=None,
        dtype=None,
    ):
        super().__init__()
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = _triple(kernel_size)
        self.stride = _triple(stride)
        self.padding = _triple(padding)
        self.output_padding = _triple(output_padding)
        self.dilation = _triple(dilation)
        self.transposed = True
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = Parameter(
            torch.empty(in_channels, out_channels // groups, *self.kernel_size, device=device, dtype=dtype)
        )
        if bias:
            self.bias = Parameter(torch.empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)

    def _output_padding(self, input, output_size):
        # The extra size that makes the output `output_size`: it must lie in
        # [0, max(stride, dilation)).
        if output_size is None:
            return self.output_padding
        size = list(output_size)[-3:]
        if len(size) != 3:
            raise ValueError(f"ConvTranspose3d: output_size must have 3 or 5 elements (got {len(output_size)})")
        extra = []
        for d in range(3):
            smallest = (
                (input.size(input.dim() - 3 + d) - 1) * self.stride[d]
                - 2 * self.padding[d]
                + self.dilation[d] * (self.kernel_size[d] - 1)
                + 1
            )
            pad = size[d] - smallest
            if pad < 0 or pad >= max(self.stride[d], self.dilation[d]):
                raise ValueError(
                    f"requested an output size of {size}, but valid sizes range from {smallest} to {smallest + max(self.stride[d], self.dilation[d]) - 1} (for an input of {list(input.size())[2:]})"
                )
            extra.append(pad)
        return tuple(extra)

    def forward(self, input, output_size=None):
        return F.conv_transpose3d(
            input,
            self.weight,
            self.bias,
            self.stride,
            self.padding,
            self._output_padding(input, output_size),
            self.groups,
            self.dilation,
        )


class Fold(Module):
    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)


class Unfold(Module):
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)
