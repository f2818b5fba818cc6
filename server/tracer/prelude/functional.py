"""torch.nn.functional functions that torch writes in Python over ATen ops.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is; a
function here replaces a Rust registry entry of the same name. Each calls
the ATen-level ops (`torch.ops.aten.*`) that torch records for it.
"""
import math

import torch


def _per_dim(value, dim, what):
    if isinstance(value, (list, tuple)):
        if len(value) != dim:
            raise ValueError(
                f"Input and {what} must have the same number of spatial dimensions, but got input with spatial dimensions of {dim} and {what} of {len(value)}."
            )
        return list(value)
    return [value] * dim


# The ATen kernel of each interpolating mode, by (mode, spatial dims).
_INTERPOLATING = {
    ("linear", 1): "upsample_linear1d",
    ("bilinear", 2): "upsample_bilinear2d",
    ("bicubic", 2): "upsample_bicubic2d",
    ("trilinear", 3): "upsample_trilinear3d",
}


def interpolate(
    input,
    size=None,
    scale_factor=None,
    mode="nearest",
    align_corners=None,
    recompute_scale_factor=None,
    antialias=False,
):
    dim = input.dim() - 2
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError(
                "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear"
            )
    elif align_corners is None:
        align_corners = False
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        output_size = _per_dim(size, dim, "size")
        scale_factors = None
    elif scale_factor is not None:
        scale_factors = [float(f) for f in _per_dim(scale_factor, dim, "scale_factor")]
        output_size = None
        if recompute_scale_factor:
            output_size = [math.floor(float(input.size(i + 2)) * scale_factors[i]) for i in range(dim)]
            scale_factors = None
    else:
        raise ValueError("either size or scale_factor should be defined")

    if mode in ("nearest", "nearest-exact") and 1 <= dim <= 3:
        kernel = "upsample_nearest" if mode == "nearest" else "_upsample_nearest_exact"
        return getattr(torch.ops.aten, f"{kernel}{dim}d").vec(input, output_size, scale_factors)
    if mode == "area" and 1 <= dim <= 3:
        if output_size is None:
            output_size = [math.floor(float(input.size(i + 2)) * scale_factors[i]) for i in range(dim)]
        return getattr(torch.nn.functional, f"adaptive_avg_pool{dim}d")(input, output_size)
    kernel = _INTERPOLATING.get((mode, dim))
    if kernel is not None:
        if antialias and mode == "bilinear":
            kernel = "_upsample_bilinear2d_aa"
        return getattr(torch.ops.aten, kernel).vec(input, output_size, align_corners, scale_factors)
    raise NotImplementedError(
        f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {mode})"
    )


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


# ----- activations composed of tensor ops ------------------------------------------


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def _implicit_softmax_dim(ndim):
    # torch's legacy choice when no dim is given.
    return 0 if ndim in (0, 1, 3) else 1


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_softmax_dim(input.dim())
    if dtype is None:
        return (-input).softmax(dim)
    return (-input).softmax(dim, dtype=dtype)


# ----- channel-wise dropout ----------------------------------------------------------


def _feature_dropout(input, p, training, name, batched_rank, unbatched):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    rank = input.dim()
    if rank not in (batched_rank - 1, batched_rank):
        raise RuntimeError(
            f"{name}: Expected {batched_rank - 1}D or {batched_rank}D input, but received a {rank}D input."
        )
    if rank == batched_rank - 1 and unbatched:
        return torch.feature_dropout(input.unsqueeze(0), p, training).squeeze(0)
    return torch.feature_dropout(input, p, training)


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout1d", 3, True)


def dropout2d(input, p=0.5, training=True, inplace=False):
    # A 3-D input is read as (N, C, L): channel-wise 1-D dropout, no unsqueeze.
    return _feature_dropout(input, p, training, "dropout2d", 4, False)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout3d", 5, True)


# ----- pooling -----------------------------------------------------------------------


def _tuple(value, n):
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return (value,) * n


def _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, nd):
    kernel = _tuple(kernel_size, nd)
    avg_pool = getattr(torch.nn.functional, f"avg_pool{nd}d")
    powered = input.pow(norm_type)
    if stride is not None:
        out = avg_pool(powered, kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool(powered, kernel_size, padding=0, ceil_mode=ceil_mode)
    window = 1
    for k in kernel:
        window = window * k
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(window).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 1)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 2)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 3)


def _unpool_size(input, kernel_size, stride, padding, output_size, nd):
    kernel = _tuple(kernel_size, nd)
    stride = _tuple(stride if stride is not None else kernel_size, nd)
    padding = _tuple(padding, nd)
    lead = input.dim() - nd
    default = [(input.size(lead + i) - 1) * stride[i] + kernel[i] - 2 * padding[i] for i in range(nd)]
    if output_size is None:
        return default, stride, padding
    size = list(output_size)
    if len(size) == nd + 2 or (len(size) == nd + 1 and input.dim() == nd + 1):
        size = size[len(size) - nd:]
    if len(size) != nd:
        raise ValueError(
            f"output_size should be a sequence containing {nd} or {nd + 2} elements, but it has a length of '{len(size)}'"
        )
    for i in range(nd):
        low = default[i] - stride[i]
        high = default[i] + stride[i]
        if not (low < size[i] < high):
            raise ValueError(
                f'invalid output_size "{size}" (dim {i} must be between {low} and {high})'
            )
    return size, stride, padding


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    size, _, _ = _unpool_size(input, kernel_size, stride, padding, output_size, 1)
    out = torch.ops.aten.max_unpool2d.default(input.unsqueeze(-1), indices.unsqueeze(-1), size + [1])
    return out.squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    size, _, _ = _unpool_size(input, kernel_size, stride, padding, output_size, 2)
    return torch.ops.aten.max_unpool2d.default(input, indices, size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    size, stride, padding = _unpool_size(input, kernel_size, stride, padding, output_size, 3)
    return torch.ops.aten.max_unpool3d.default(input, indices, size, list(stride), list(padding))


def _fractional_max_pool(input, kernel_size, output_size, output_ratio, return_indices, samples, nd):
    if output_size is None and output_ratio is None:
        raise ValueError(
            f"fractional_max_pool{nd}d requires specifying either an output_size or an output_ratio"
        )
    if output_size is None:
        ratio = _tuple(output_ratio, nd)
        output_size = [int(input.size(input.dim() - nd + i) * ratio[i]) for i in range(nd)]
    if samples is None:
        batch = 1 if input.dim() == nd + 1 else input.size(0)
        samples = torch.rand(batch, input.size(-nd - 1), nd, dtype=input.dtype, device=input.device)
    op = getattr(torch.ops.aten, f"fractional_max_pool{nd}d").default
    pair = op(input, list(_tuple(kernel_size, nd)), list(_tuple(output_size, nd)), samples)
    return pair if return_indices else pair[0]


def fractional_max_pool2d(
    input, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None
):
    return _fractional_max_pool(input, kernel_size, output_size, output_ratio, return_indices, _random_samples, 2)


def fractional_max_pool3d(
    input, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None
):
    return _fractional_max_pool(input, kernel_size, output_size, output_ratio, return_indices, _random_samples, 3)


# ----- normalization -----------------------------------------------------------------


def local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0):
    # Each element is divided by (k + alpha * mean of squares over `size`
    # neighbouring channels) ** beta; the mean is an average pool over the
    # channel axis after zero-padding it.
    rank = input.dim()
    if rank < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {rank} dimensions)")
    sq = input.mul(input)
    before, after = size // 2, (size - 1) // 2
    if rank == 3:
        sq = torch.nn.functional.pad(sq.unsqueeze(1), (0, 0, before, after))
        mean = torch.nn.functional.avg_pool2d(sq, (size, 1), stride=1).squeeze(1)
    else:
        shape = input.size()
        sq = sq.view(shape[0], 1, shape[1], shape[2], -1)
        sq = torch.nn.functional.pad(sq, (0, 0, 0, 0, before, after))
        mean = torch.nn.functional.avg_pool3d(sq, (size, 1, 1), stride=1).squeeze(1)
        mean = mean.view(shape)
    return input / mean.mul(alpha).add(k).pow(beta)


# ----- sparse ------------------------------------------------------------------------

_BAG_MODES = {"sum": 0, "mean": 1, "max": 2}


def embedding_bag(
    input,
    weight,
    offsets=None,
    max_norm=None,
    norm_type=2,
    scale_grad_by_freq=False,
    mode="mean",
    sparse=False,
    per_sample_weights=None,
    include_last_offset=False,
    padding_idx=None,
):
    if mode not in _BAG_MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(
            f"embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='{mode}'). Please open a feature request on GitHub."
        )
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError(
                "if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences."
            )
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    out = torch.ops.aten.embedding_bag.padding_idx(
        weight,
        input,
        offsets,
        scale_grad_by_freq,
        _BAG_MODES[mode],
        sparse,
        per_sample_weights,
        include_last_offset,
        padding_idx,
    )
    return out[0]
