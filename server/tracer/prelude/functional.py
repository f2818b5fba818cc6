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
