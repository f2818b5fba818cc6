"""torch.nn.functional functions that torch writes in Python over ATen ops
(interpolate, grid_sample, the compositions, channel dropouts, pooling helpers,
local_response_norm, group_norm, embedding_bag, multi_head_attention_forward).

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


def _feature_dropout(input, p, training, name, batched_rank, unbatched, inplace):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    rank = input.dim()
    if rank not in (batched_rank - 1, batched_rank):
        raise RuntimeError(
            f"{name}: Expected {batched_rank - 1}D or {batched_rank}D input, but received a {rank}D input."
        )
    if rank == batched_rank - 1 and unbatched:
        if inplace:
            # The same tensor, reshaped in place: here the value each
            # in-place op returns.
            batched = input.unsqueeze_(0)
            torch.ops.aten.feature_dropout_(batched, p, training)
            return batched.squeeze_(0)
        return torch.feature_dropout(input.unsqueeze(0), p, training).squeeze(0)
    if inplace:
        return torch.ops.aten.feature_dropout_(input, p, training)
    return torch.feature_dropout(input, p, training)


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout1d", 3, True, inplace)


def dropout2d(input, p=0.5, training=True, inplace=False):
    # A 3-D input is read as (N, C, L): channel-wise 1-D dropout, no unsqueeze.
    return _feature_dropout(input, p, training, "dropout2d", 4, False, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout3d", 5, True, inplace)


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


def _verify_batch_size(size):
    size_prods = size[0]
    for i in range(len(size) - 2):
        size_prods *= size[i + 2]
    if size_prods == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    # torch checks the group sizes with Python arithmetic on the input's
    # sizes, which export traces (`mul`, `floordiv`, `eq` nodes that die).
    if input.dim() < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received {input.dim()}")
    _verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] + list(input.size()[2:]))
    return torch.group_norm(input, num_groups, weight, bias, eps)


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


# ----- attention ---------------------------------------------------------------------


def _none_or_dtype(input):
    if input is None:
        return None
    if isinstance(input, torch.Tensor):
        return input.dtype
    raise RuntimeError("input to _none_or_dtype() must be None or torch.Tensor")


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    # A boolean mask becomes an additive float mask (-inf where True);
    # a float mask is used as it is.
    if mask is None:
        return None
    is_float = torch.is_floating_point(mask)
    if mask.dtype != torch.bool and not is_float:
        raise AssertionError(f"only bool and floating types of {mask_name} are supported")
    if is_float:
        return mask
    return torch.zeros_like(mask, dtype=target_type).masked_fill_(mask, float("-inf"))


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    # Whether the call is batched: a 3-D query (L, N, E), or 2-D unbatched.
    rank = query.dim()
    if rank == 3:
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError(
                f"For batched (3-D) `query`, expected `key` and `value` to be 3-D but found {key.dim()}-D and {value.dim()}-D tensors respectively"
            )
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError(
                f"For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but found {key_padding_mask.dim()}-D tensor instead"
            )
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError(
                f"For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {attn_mask.dim()}-D tensor instead"
            )
        return True
    if rank == 2:
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError(
                f"For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found {key.dim()}-D and {value.dim()}-D tensors respectively"
            )
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError(
                f"For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D but found {key_padding_mask.dim()}-D tensor instead"
            )
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError(
                    f"For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {attn_mask.dim()}-D tensor instead"
                )
            if attn_mask.dim() == 3:
                expected = (num_heads, query.shape[0], key.shape[0])
                if attn_mask.shape != expected:
                    raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got {attn_mask.shape}")
        return False
    raise AssertionError(
        f"query should be unbatched 2D or batched 3D tensor but received {rank}-D query tensor"
    )


def _in_projection_packed(q, k, v, w, b=None):
    # One packed (3E, E) projection. Self-attention projects once and splits
    # the result; attention over one memory projects key and value together.
    E = q.size(-1)
    linear = torch.nn.functional.linear
    if k is v:
        if q is k:
            proj = linear(q, w, b)
            proj = proj.unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([E, E * 2])
        if b is None:
            b_q = b_kv = None
        else:
            b_q, b_kv = b.split([E, E * 2])
        q_proj = linear(q, w_q, b_q)
        kv = linear(k, w_kv, b_kv)
        kv = kv.unflatten(-1, (2, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return q_proj, kv[0], kv[1]
    w_q, w_k, w_v = w.chunk(3)
    if b is None:
        b_q = b_k = b_v = None
    else:
        b_q, b_k, b_v = b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    # Separate query/key/value projections (kdim or vdim differ from E).
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    for what, w, shape in (("query", w_q, (Eq, Eq)), ("key", w_k, (Eq, Ek)), ("value", w_v, (Eq, Ev))):
        if w.shape != shape:
            raise AssertionError(f"expecting {what} weights shape of {shape}, but got {w.shape}")
    for what, b in (("query", b_q), ("key", b_k), ("value", b_v)):
        if b is not None and b.shape != (Eq,):
            raise AssertionError(f"expecting {what} bias shape of {(Eq,)}, but got {b.shape}")
    linear = torch.nn.functional.linear
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def multi_head_attention_forward(
    query,
    key,
    value,
    embed_dim_to_check,
    num_heads,
    in_proj_weight,
    in_proj_bias,
    bias_k,
    bias_v,
    add_zero_attn,
    dropout_p,
    out_proj_weight,
    out_proj_bias,
    training=True,
    key_padding_mask=None,
    need_weights=True,
    attn_mask=None,
    use_separate_proj_weight=False,
    q_proj_weight=None,
    k_proj_weight=None,
    v_proj_weight=None,
    static_k=None,
    static_v=None,
    average_attn_weights=True,
    is_causal=False,
):
    nnf = torch.nn.functional
    batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not batched:
        # One sequence: a batch of one in the middle dim.
        query = query.unsqueeze(1)
        key = key.unsqueeze(1)
        value = value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)

    tgt_len, bsz, embed_dim = query.shape
    src_len, _, _ = key.shape

    key_padding_mask = _canonical_mask(
        key_padding_mask, "key_padding_mask", _none_or_dtype(attn_mask), "attn_mask", query.dtype
    )
    if is_causal and attn_mask is None:
        raise RuntimeError(
            "Need attn_mask if specifying the is_causal hint. You may use the Transformer module method `generate_square_subsequent_mask` to create this mask."
        )
    if is_causal and key_padding_mask is None and not need_weights:
        # The causal hint alone drives scaled_dot_product_attention.
        attn_mask = None
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
        if key_padding_mask is not None:
            is_causal = False

    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if key.shape[:2] != value.shape[:2]:
            raise AssertionError(
                f"key's sequence and batch dims {key.shape[:2]} do not match value's {value.shape[:2]}"
            )
    elif key.shape != value.shape:
        raise AssertionError(f"key shape {key.shape} does not match value shape {value.shape}")

    if not use_separate_proj_weight:
        if in_proj_weight is None:
            raise AssertionError("use_separate_proj_weight is False but in_proj_weight is None")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    else:
        for name, w in (("q_proj_weight", q_proj_weight), ("k_proj_weight", k_proj_weight), ("v_proj_weight", v_proj_weight)):
            if w is None:
                raise AssertionError(f"use_separate_proj_weight is True but {name} is None")
        if in_proj_bias is None:
            b_q = b_k = b_v = None
        else:
            b_q, b_k, b_v = in_proj_bias.chunk(3)
        q, k, v = _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight, b_q, b_k, b_v)

    if attn_mask is not None:
        if attn_mask.dim() == 2:
            expected = (tgt_len, src_len)
            if attn_mask.shape != expected:
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be {expected}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            expected = (bsz * num_heads, tgt_len, src_len)
            if attn_mask.shape != expected:
                raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should be {expected}.")
        else:
            raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")

    if bias_k is not None and bias_v is not None:
        if static_k is not None:
            raise AssertionError("bias cannot be added to static key.")
        if static_v is not None:
            raise AssertionError("bias cannot be added to static value.")
        # One learned key/value appended to every sequence.
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = nnf.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = nnf.pad(key_padding_mask, (0, 1))
    elif bias_k is not None:
        raise AssertionError("bias_k is set but bias_v is None")
    elif bias_v is not None:
        raise AssertionError("bias_v is set but bias_k is None")

    # Heads: (L, N, E) -> (N * heads, L, head_dim).
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    if static_k is None:
        k = k.view(k.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    else:
        if static_k.size(0) != bsz * num_heads:
            raise AssertionError(f"expecting static_k.size(0) of {bsz * num_heads}, but got {static_k.size(0)}")
        if static_k.size(2) != head_dim:
            raise AssertionError(f"expecting static_k.size(2) of {head_dim}, but got {static_k.size(2)}")
        k = static_k
    if static_v is None:
        v = v.view(v.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    else:
        if static_v.size(0) != bsz * num_heads:
            raise AssertionError(f"expecting static_v.size(0) of {bsz * num_heads}, but got {static_v.size(0)}")
        if static_v.size(2) != head_dim:
            raise AssertionError(f"expecting static_v.size(2) of {head_dim}, but got {static_v.size(2)}")
        v = static_v

    if add_zero_attn:
        # One all-zero key/value appended to every sequence.
        zeros = (bsz * num_heads, 1, head_dim)
        k = torch.cat([k, torch.zeros(zeros, dtype=k.dtype, device=k.device)], dim=1)
        v = torch.cat([v, torch.zeros(zeros, dtype=v.dtype, device=v.device)], dim=1)
        if attn_mask is not None:
            attn_mask = nnf.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = nnf.pad(key_padding_mask, (0, 1))

    src_len = k.size(1)
    if key_padding_mask is not None:
        torch._check_with(
            AssertionError,
            key_padding_mask.shape[0] == bsz,
            lambda: f"Expected key_padded_mask.shape[0] to be {bsz}, but got {key_padding_mask.shape[0]}",
        )
        torch._check_with(
            AssertionError,
            key_padding_mask.shape[1] == src_len,
            lambda: f"Expected key_padded_mask.shape[1] to be {src_len}, but got {key_padding_mask.shape[1]}",
        )
        key_padding_mask = (
            key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        )
        if attn_mask is None:
            attn_mask = key_padding_mask
        else:
            attn_mask = attn_mask + key_padding_mask

    if not training:
        dropout_p = 0.0

    if need_weights:
        # The weights are returned: softmax(q k^T / sqrt(E) + mask) spelled out.
        _, _, E = q.shape
        q_scaled = q * math.sqrt(1.0 / float(E))
        if is_causal and attn_mask is None:
            raise AssertionError("FIXME: is_causal not implemented for need_weights")
        if attn_mask is not None:
            weights = torch.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
        else:
            weights = torch.bmm(q_scaled, k.transpose(-2, -1))
        weights = nnf.softmax(weights, dim=-1)
        if dropout_p > 0.0:
            weights = nnf.dropout(weights, p=dropout_p)
        out = torch.bmm(weights, v)
        out = out.transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        out = nnf.linear(out, out_proj_weight, out_proj_bias)
        out = out.view(tgt_len, bsz, out.size(1))
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not batched:
            out = out.squeeze(1)
            weights = weights.squeeze(0)
        return out, weights

    # No weights: one fused scaled_dot_product_attention over (N, heads, L, d).
    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = nnf.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    out = out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    out = nnf.linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.size(1))
    if not batched:
        out = out.squeeze(1)
    return out, None


# ----- losses: the reduction as ATen's enum, then the ATen loss op -----

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def _reduction_enum(reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        reduction = "none" if not reduce else ("mean" if size_average else "sum")
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS[reduction]


def _pointwise_loss(op, input, target, reduction, size_average, reduce, *extra):
    # The elementwise losses broadcast their operands first, as torch does.
    enum = _reduction_enum(reduction, size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    return op(expanded_input, expanded_target, enum, *extra)


def _weighted_pointwise_loss(errors, weight, input, reduction):
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    weighted = errors * weight
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return torch.sum(weighted)
    if reduction == "mean":
        return torch.sum(weighted) / torch.sum(weight)
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    if weight is not None:
        expanded_input, expanded_target = torch.broadcast_tensors(input, target)
        return _weighted_pointwise_loss(torch.abs(expanded_input - expanded_target), weight, input, reduction)
    return _pointwise_loss(torch.ops.aten.l1_loss.default, input, target, reduction, size_average, reduce)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    if weight is not None:
        expanded_input, expanded_target = torch.broadcast_tensors(input, target)
        errors = torch.pow(expanded_input - expanded_target, 2)
        return _weighted_pointwise_loss(errors, weight, input, reduction)
    return _pointwise_loss(torch.ops.aten.mse_loss.default, input, target, reduction, size_average, reduce)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    if beta == 0.0:
        return _pointwise_loss(torch.ops.aten.l1_loss.default, input, target, reduction, size_average, reduce)
    return _pointwise_loss(
        torch.ops.aten.smooth_l1_loss.default, input, target, reduction, size_average, reduce, beta
    )


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    if weight is None:
        return _pointwise_loss(torch.ops.aten.huber_loss.default, input, target, reduction, None, None, delta)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    loss = torch.ops.aten.huber_loss.default(expanded_input, expanded_target, 0, delta) * weight
    if reduction == "none":
        return loss
    if reduction == "sum":
        return torch.sum(loss)
    return loss.mean()


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction_enum(reduction, size_average, reduce)
    if target.size() != input.size():
        raise ValueError(
            f"Using a target size ({target.size()}) that is different to the input size ({input.size()}) "
            "is deprecated. Please ensure they have the same size."
        )
    if weight is not None:
        # The weight broadcasts to the target (torch.broadcast_shapes gives its size).
        weight = weight.expand(target.size())
    return torch.ops.aten.binary_cross_entropy.default(input, target, weight, enum)


def binary_cross_entropy_with_logits(
    input, target, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None
):
    enum = _reduction_enum(reduction, size_average, reduce)
    if target.size() != input.size():
        raise ValueError(f"Target size ({target.size()}) must be the same as input size ({input.size()})")
    return torch.ops.aten.binary_cross_entropy_with_logits.default(input, target, weight, pos_weight, enum)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.cosine_embedding_loss.default(input1, input2, target, margin, enum)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.hinge_embedding_loss.default(input, target, margin, enum)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    # 'batchmean' sums, then divides by the batch size.
    enum = _reduction_enum("sum" if reduction == "batchmean" else reduction, size_average, reduce)
    reduced = torch.ops.aten.kl_div.default(input, target, enum, log_target=log_target)
    if reduction == "batchmean" and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction_enum(reduction, size_average, reduce)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            f"input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} "
        )
    return torch.ops.aten.margin_ranking_loss.default(input1, input2, target, margin, enum)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.multilabel_margin_loss.default(input, target, enum)


def multi_margin_loss(
    input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"
):
    enum = _reduction_enum(reduction, size_average, reduce)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    return torch.ops.aten.multi_margin_loss.default(input, target, p, margin, weight, enum)


def nll_loss(
    input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"
):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.nll_loss_nd.default(input, target, weight, enum, ignore_index)


def cross_entropy(
    input,
    target,
    weight=None,
    size_average=None,
    ignore_index=-100,
    reduce=None,
    reduction="mean",
    label_smoothing=0.0,
):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.cross_entropy_loss.default(input, target, weight, enum, ignore_index, label_smoothing)


def linear_cross_entropy(
    input,
    linear_weight,
    target,
    linear_bias=None,
    weight=None,
    reduction="mean",
    ignore_index=None,
    label_smoothing=0.0,
    options=None,
):
    # The reference path: logits from one linear layer, then cross entropy.
    # (torch's chunked path, taken only with `options`, computes the same
    # loss in pieces.)
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f"linear_cross_entropy: input must be 1-D or 2-D, not {input.dim()}-D")
    if linear_weight.dim() < 2:
        raise RuntimeError("linear_cross_entropy: linear_weight must be at least 2-D")
    batch = tuple(input.shape[:-1])
    in_features = input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise RuntimeError(
            f"linear_cross_entropy: input has {input.shape[-1]} features, linear_weight {linear_weight.shape[-1]}"
        )
    classes = linear_weight.shape[0]
    extra = tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != (classes, *extra):
        raise RuntimeError("linear_cross_entropy: linear_bias must have linear_weight's shape without its last dim")
    if len(extra) > 0 and len(batch) == 0:
        raise RuntimeError("linear_cross_entropy: a K-dimensional loss needs a batched input")
    logits_shape = (*batch, classes, *extra)
    if tuple(target.shape) == logits_shape and ignore_index is not None:
        raise RuntimeError("linear_cross_entropy: ignore_index with class probabilities as target")
    if ignore_index is None:
        ignore_index = -100
    if extra:
        width = classes
        for n in extra:
            width = width * n
        linear_weight = linear_weight.reshape((width, in_features))
        if linear_bias is not None:
            linear_bias = linear_bias.reshape(width)
    logits = torch.nn.functional.linear(input, linear_weight, linear_bias).reshape(logits_shape)
    return cross_entropy(
        logits, target, weight=weight, reduction=reduction, ignore_index=ignore_index, label_smoothing=label_smoothing
    )


def poisson_nll_loss(
    input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None, reduction="mean"
):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.poisson_nll_loss.default(input, target, log_input, full, eps, enum)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction_enum(reduction, size_average, reduce)
    return torch.ops.aten.soft_margin_loss.default(input, target, enum)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = ["none", "mean", "sum"][_reduction_enum(reduction, size_average, reduce)]
    logsigmoid = torch.nn.functional.logsigmoid
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * torch.ones_like(input)
    elif torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.ndim == var.ndim and sum(
            y for x, y in zip(input.size(), var.size()) if x != y
        ) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction not in _REDUCTIONS:
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def triplet_margin_loss(
    anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None, reduce=None,
    reduction="mean",
):
    enum = _reduction_enum(reduction, size_average, reduce)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    return torch.ops.aten.triplet_margin_loss.default(anchor, positive, negative, margin, p, eps, swap, enum)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    enum = _reduction_enum(reduction)
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, enum, zero_infinity)


_GRID_MODES = {"bilinear": 0, "nearest": 1, "bicubic": 2}
_GRID_PADDINGS = {"zeros": 0, "border": 1, "reflection": 2}


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode not in _GRID_MODES:
        raise ValueError(
            f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: '{mode}'"
        )
    if padding_mode not in _GRID_PADDINGS:
        raise ValueError(
            "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', "
            f"or 'reflection', but got: '{padding_mode}'"
        )
    if mode == "bicubic" and input.dim() != 4:
        raise ValueError("nn.functional.grid_sample(): bicubic interpolation only supports 4D input")
    if align_corners is None:
        align_corners = False
    return torch.grid_sampler(input, grid, _GRID_MODES[mode], _GRID_PADDINGS[padding_mode], align_corners)
