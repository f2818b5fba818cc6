"""torch.nn pooling modules (torch.nn.modules.pooling) as exportlens
interprets them: Python run by the tracer, never by CPython (see nn.py).
Max, average and adaptive pools in 1-3 dimensions (`return_indices`,
`ceil_mode`, `divisor_override` passed to the functional, which records
the ATen op), power-average (LP) pools, max-unpooling and fractional max
pooling.
"""
import torch.nn.functional as F
from torch.nn import Module


# The functional each pooling family calls, by spatial rank.
_MAX_POOL = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVG_POOL = {2: F.avg_pool2d, 3: F.avg_pool3d}
_ADAPTIVE_AVG_POOL = {1: F.adaptive_avg_pool1d, 2: F.adaptive_avg_pool2d, 3: F.adaptive_avg_pool3d}
_ADAPTIVE_MAX_POOL = {1: F.adaptive_max_pool1d, 2: F.adaptive_max_pool2d, 3: F.adaptive_max_pool3d}


class _MaxPoolNd(Module):
    _nd = 2

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return _MAX_POOL[self._nd](
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            ceil_mode=self.ceil_mode,
            return_indices=self.return_indices,
        )


class MaxPool1d(_MaxPoolNd): _nd = 1
class MaxPool2d(_MaxPoolNd): _nd = 2
class MaxPool3d(_MaxPoolNd): _nd = 3


class _AvgPoolNd(Module):
    pass


def _single(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


class AvgPool1d(_AvgPoolNd):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        # Stored as one-tuples.
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad)


class _AvgPoolWithDivisor(_AvgPoolNd):
    def __init__(
        self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None
    ):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return _AVG_POOL[self._nd](
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )


class AvgPool2d(_AvgPoolWithDivisor): _nd = 2
class AvgPool3d(_AvgPoolWithDivisor): _nd = 3


class _AdaptiveAvgPoolNd(Module):
    _nd = 2

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, input):
        return _ADAPTIVE_AVG_POOL[self._nd](input, self.output_size)


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd): _nd = 1
class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd): _nd = 2
class AdaptiveAvgPool3d(_AdaptiveAvgPoolNd): _nd = 3


class _AdaptiveMaxPoolNd(Module):
    _nd = 2

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input):
        return _ADAPTIVE_MAX_POOL[self._nd](input, self.output_size, self.return_indices)


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd): _nd = 1
class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd): _nd = 2
class AdaptiveMaxPool3d(_AdaptiveMaxPoolNd): _nd = 3


class _LPPoolNd(Module):
    _nd = 1

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def forward(self, input):
        pool = getattr(F, f"lp_pool{self._nd}d")
        return pool(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd): _nd = 1
class LPPool2d(_LPPoolNd): _nd = 2
class LPPool3d(_LPPoolNd): _nd = 3


class _MaxUnpoolNd(Module):
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding

    def forward(self, input, indices, output_size=None):
        unpool = getattr(F, f"max_unpool{self._nd}d")
        return unpool(input, indices, self.kernel_size, self.stride, self.padding, output_size)


class MaxUnpool1d(_MaxUnpoolNd): _nd = 1
class MaxUnpool2d(_MaxUnpoolNd): _nd = 2
class MaxUnpool3d(_MaxUnpoolNd): _nd = 3


class _FractionalMaxPoolNd(Module):
    _nd = 2

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = output_size
        self.output_ratio = output_ratio
        self.return_indices = return_indices
        self.register_buffer("_random_samples", _random_samples)
        if output_size is None and output_ratio is None:
            raise ValueError(
                f"FractionalMaxPool{self._nd}d requires specifying either an output size, or a pooling ratio"
            )
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if output_ratio is not None:
            ratios = output_ratio if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * self._nd
            for r in ratios:
                if not (0 < r < 1):
                    raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")

    def forward(self, input):
        pool = getattr(F, f"fractional_max_pool{self._nd}d")
        return pool(
            input,
            self.kernel_size,
            self.output_size,
            self.output_ratio,
            self.return_indices,
            _random_samples=self._random_samples,
        )


class FractionalMaxPool2d(_FractionalMaxPoolNd): _nd = 2
class FractionalMaxPool3d(_FractionalMaxPoolNd): _nd = 3
