"""torch.nn.modules.conv (and .fold) as exportlens interprets them: the
convolutions Conv1d/2d/3d and ConvTranspose1d/2d/3d on one `_ConvNd` base,
their Lazy variants, Fold and Unfold. Run by the tracer, never by CPython
(see nn.py).

Arguments are stored as torch stores them (`kernel_size`, `stride`,
`padding`, `dilation`, `output_padding` as tuples of the spatial rank, a
string padding kept as given); a padding_mode other than 'zeros' pads with
F.pad before a convolution without padding, as torch records it.
"""
import torch
import torch.nn.functional as F
from torch.nn import Module, Parameter
from torch.nn.modules.linear import _LazyParameters, _register_bias


def _tuple(value, n):
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return (value,) * n


_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")
_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_TRANSPOSE = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}


class _ConvNd(Module):

    # Each convolution family defines its own (torch declares it here, bodiless).
    def _conv_forward(self, input, weight, bias):
        return None

    def __init__(
        self,
        in_channels,
        out_channels,
        kernel_size,
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
        bias,
        padding_mode,
        device=None,
        dtype=None,
    ):
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string {padding!r}, should be one of {{'same', 'valid'}}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(
                f"padding_mode must be one of {{'zeros', 'reflect', 'replicate', 'circular'}}, but got padding_mode='{padding_mode}'"
            )
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        self._reversed_padding_repeated_twice = self._explicit_padding()
        if transposed:
            shape = (in_channels, out_channels // groups, *kernel_size)
        else:
            shape = (out_channels, in_channels // groups, *kernel_size)
        self.weight = Parameter(torch.empty(shape, device=device, dtype=dtype))
        _register_bias(self, bias, out_channels, device, dtype)

    def _explicit_padding(self):
        # F.pad's form of the padding (last dimension first, each side
        # given): 'same' splits d * (k - 1) with the smaller half first.
        n = len(self.kernel_size)
        if self.padding == "valid":
            return [0, 0] * n
        if self.padding == "same":
            out = []
            for i in range(n - 1, -1, -1):
                total = self.dilation[i] * (self.kernel_size[i] - 1)
                out.append(total // 2)
                out.append(total - total // 2)
            return out
        return [p for p in reversed(self.padding) for _ in range(2)]

    def reset_parameters(self):
        pass


class _Conv(_ConvNd):
    _nd = 2

    def __init__(
        self,
        in_channels,
        out_channels,
        kernel_size,
        stride=1,
        padding=0,
        dilation=1,
        groups=1,
        bias=True,
        padding_mode="zeros",
        device=None,
        dtype=None,
    ):
        n = self._nd
        super().__init__(
            in_channels,
            out_channels,
            _tuple(kernel_size, n),
            _tuple(stride, n),
            padding if isinstance(padding, str) else _tuple(padding, n),
            _tuple(dilation, n),
            False,
            (0,) * n,
            groups,
            bias,
            padding_mode,
            device,
            dtype,
        )

    def _conv_forward(self, input, weight, bias):
        conv = _CONV[self._nd]
        if self.padding_mode != "zeros":
            padded = F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            return conv(padded, weight, bias, self.stride, (0,) * self._nd, self.dilation, self.groups)
        return conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class Conv1d(_Conv): _nd = 1
class Conv2d(_Conv): _nd = 2
class Conv3d(_Conv): _nd = 3


class _ConvTransposeNd(_ConvNd):
    _nd = 2

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
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        n = self._nd
        super().__init__(
            in_channels,
            out_channels,
            _tuple(kernel_size, n),
            _tuple(stride, n),
            _tuple(padding, n),
            _tuple(dilation, n),
            True,
            _tuple(output_padding, n),
            groups,
            bias,
            padding_mode,
            device,
            dtype,
        )

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims, dilation=None):
        # The extra size that makes the output `output_size`: each must lie
        # in [0, stride).
        if output_size is None:
            return self.output_padding
        lead = 2 if input.dim() == num_spatial_dims + 2 else 1
        size = list(output_size)
        if len(size) == lead + num_spatial_dims:
            size = size[lead:]
        if len(size) != num_spatial_dims:
            raise ValueError(
                f"ConvTranspose{num_spatial_dims}D: for {input.dim()}D input, output_size must have {num_spatial_dims} or {lead + num_spatial_dims} elements (got {len(output_size)})"
            )
        smallest = []
        largest = []
        for d in range(num_spatial_dims):
            low = (
                (input.size(d + lead) - 1) * stride[d]
                - 2 * padding[d]
                + (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1)
                + 1
            )
            smallest.append(low)
            largest.append(low + stride[d] - 1)
        for d in range(num_spatial_dims):
            if size[d] < smallest[d] or size[d] > largest[d]:
                raise ValueError(
                    f"requested an output size of {size}, but valid sizes range from {smallest} to {largest} (for an input of {list(input.size())[2:]})"
                )
        return [size[d] - smallest[d] for d in range(num_spatial_dims)]

    def forward(self, input, output_size=None):
        if self.padding_mode != "zeros":
            raise ValueError(f"Only `zeros` padding mode is supported for {type(self).__name__}")
        output_padding = self._output_padding(
            input, output_size, self.stride, self.padding, self.kernel_size, self._nd, self.dilation
        )
        return _CONV_TRANSPOSE[self._nd](
            input, self.weight, self.bias, self.stride, self.padding, output_padding, self.groups, self.dilation
        )


class ConvTranspose1d(_ConvTransposeNd): _nd = 1
class ConvTranspose2d(_ConvTransposeNd): _nd = 2
class ConvTranspose3d(_ConvTransposeNd): _nd = 3


class _LazyConv(_LazyParameters):
    """The Lazy convolutions: in_channels read from the first input."""

    def _get_num_spatial_dims(self):
        return self._nd

    def _get_in_channels(self, input):
        n = self._nd
        if input.dim() not in (n + 1, n + 2):
            raise RuntimeError(
                f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to {type(self).__name__}, but got input of size: {input.shape}"
            )
        return input.shape[1] if input.dim() == n + 2 else input.shape[0]


    def _lazy_init(self, out_channels, bias):
        self.out_channels = out_channels
        self._register_lazy(bias)

    def _materialize(self, input):
        self.in_channels = self._get_in_channels(input)
        if self.in_channels % self.groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if self.transposed:
            self.weight = self._new_parameter(self.in_channels, self.out_channels // self.groups, *self.kernel_size)
        else:
            self.weight = self._new_parameter(self.out_channels, self.in_channels // self.groups, *self.kernel_size)
        if self._lazy_bias:
            self.bias = self._new_parameter(self.out_channels)


class _LazyConvNd(_LazyConv, _Conv):
    def __init__(
        self,
        out_channels,
        kernel_size,
        stride=1,
        padding=0,
        dilation=1,
        groups=1,
        bias=True,
        padding_mode="zeros",
        device=None,
        dtype=None,
    ):
        _Conv.__init__(
            self, 0, 0, kernel_size, stride, padding, dilation, groups, False, padding_mode, device, dtype
        )
        self._lazy_init(out_channels, bias)


class LazyConv1d(_LazyConvNd, Conv1d): _nd = 1
class LazyConv2d(_LazyConvNd, Conv2d): _nd = 2
class LazyConv3d(_LazyConvNd, Conv3d): _nd = 3


class _LazyConvTransposeNd(_LazyConv, _ConvTransposeNd):
    def __init__(
        self,
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
        _ConvTransposeNd.__init__(
            self, 0, 0, kernel_size, stride, padding, output_padding, groups, False, dilation, padding_mode, device, dtype
        )
        self._lazy_init(out_channels, bias)


class LazyConvTranspose1d(_LazyConvTransposeNd, ConvTranspose1d): _nd = 1
class LazyConvTranspose2d(_LazyConvTransposeNd, ConvTranspose2d): _nd = 2
class LazyConvTranspose3d(_LazyConvTransposeNd, ConvTranspose3d): _nd = 3


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
