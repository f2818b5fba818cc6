//! The table of ops: one entry per op, with its Python spellings, signature,
//! ATen targets and meta function. Facts only; behaviour lives in [`meta`]
//! and [`views`].

use super::OpDef;
use super::index;
use super::meta;
use super::views;

macro_rules! op {
    ([$($name:expr),+ $(,)?], $sig:expr, [$($t:expr),+ $(,)?], $meta:path) => {
        OpDef { names: &[$($name),+], sig: $sig, targets: &[$($t),+], meta: $meta }
    };
}

/// Unary elementwise ops that keep the dtype: (function spellings, method, target).
macro_rules! unary_ops {
    ($($fname:literal),* ; $method:literal => $target:literal, $meta:path) => {
        op!([$($fname,)* $method], "input", [$target], $meta)
    };
}

pub static OPS: &[OpDef] = &[
    // ----- arithmetic ---------------------------------------------------------------
    op!(
        [
            "torch.add",
            "Tensor.add",
            "Tensor.__add__",
            "Tensor.__radd__"
        ],
        "input, other, *, alpha=1",
        ["aten.add.Tensor"],
        meta::binary
    ),
    op!(
        [
            "torch.sub",
            "torch.subtract",
            "Tensor.sub",
            "Tensor.subtract",
            "Tensor.__sub__"
        ],
        "input, other, *, alpha=1",
        ["aten.sub.Tensor"],
        meta::binary
    ),
    op!(
        ["torch.rsub", "Tensor.rsub"],
        "input, other, *, alpha=1",
        ["aten.rsub.Tensor", "aten.rsub.Scalar"],
        meta::binary
    ),
    op!(
        [
            "torch.mul",
            "torch.multiply",
            "Tensor.mul",
            "Tensor.multiply",
            "Tensor.__mul__",
            "Tensor.__rmul__"
        ],
        "input, other",
        ["aten.mul.Tensor"],
        meta::binary
    ),
    op!(
        ["torch.div", "Tensor.div", "Tensor.__truediv__"],
        "input, other, *, rounding_mode=None",
        ["aten.div.Tensor", "aten.div.Tensor_mode"],
        meta::true_divide
    ),
    op!(
        ["torch.divide", "Tensor.divide"],
        "input, other, *, rounding_mode=None",
        ["aten.divide.Tensor", "aten.divide.Tensor_mode"],
        meta::true_divide
    ),
    op!(
        ["torch.true_divide", "Tensor.true_divide"],
        "input, other",
        ["aten.true_divide.Tensor"],
        meta::true_divide
    ),
    op!(
        [
            "torch.floor_divide",
            "Tensor.floor_divide",
            "Tensor.__floordiv__"
        ],
        "input, other",
        ["aten.floor_divide.default"],
        meta::binary
    ),
    op!(
        ["torch.remainder", "Tensor.remainder", "Tensor.__mod__"],
        "input, other",
        ["aten.remainder.Tensor", "aten.remainder.Scalar"],
        meta::binary
    ),
    op!(
        ["torch.fmod", "Tensor.fmod"],
        "input, other",
        ["aten.fmod.Tensor", "aten.fmod.Scalar"],
        meta::binary
    ),
    op!(
        ["torch.pow", "Tensor.pow", "Tensor.__pow__"],
        "input, exponent",
        [
            "aten.pow.Tensor_Tensor",
            "aten.pow.Tensor_Scalar",
            "aten.pow.Scalar"
        ],
        meta::binary
    ),
    op!(
        ["torch.maximum", "Tensor.maximum"],
        "input, other",
        ["aten.maximum.default"],
        meta::binary
    ),
    op!(
        ["torch.minimum", "Tensor.minimum"],
        "input, other",
        ["aten.minimum.default"],
        meta::binary
    ),
    op!(
        ["torch.isclose", "Tensor.isclose"],
        "input, other, rtol=1e-05, atol=1e-08, equal_nan=False",
        ["aten.isclose.default"],
        meta::isclose
    ),
    op!(
        ["torch.cross", "Tensor.cross"],
        "input, other, dim=None",
        ["aten.cross.default"],
        meta::cross
    ),
    op!(
        ["torch.atan2", "Tensor.atan2"],
        "input, other",
        ["aten.atan2.default"],
        meta::binary
    ),
    op!(
        ["torch.bitwise_and", "Tensor.bitwise_and"],
        "input, other",
        ["aten.bitwise_and.Tensor", "aten.bitwise_and.Scalar"],
        meta::binary
    ),
    op!(
        ["Tensor.__and__"],
        "input, other",
        ["aten.__and__.Tensor", "aten.__and__.Scalar"],
        meta::binary
    ),
    op!(
        ["torch.bitwise_or", "Tensor.bitwise_or"],
        "input, other",
        ["aten.bitwise_or.Tensor", "aten.bitwise_or.Scalar"],
        meta::binary
    ),
    op!(
        ["Tensor.__or__"],
        "input, other",
        ["aten.__or__.Tensor", "aten.__or__.Scalar"],
        meta::binary
    ),
    op!(
        ["torch.bitwise_xor", "Tensor.bitwise_xor"],
        "input, other",
        ["aten.bitwise_xor.Tensor", "aten.bitwise_xor.Scalar"],
        meta::binary
    ),
    op!(
        ["Tensor.__xor__"],
        "input, other",
        ["aten.__xor__.Tensor", "aten.__xor__.Scalar"],
        meta::binary
    ),
    op!(
        ["torch.logical_and", "Tensor.logical_and"],
        "input, other",
        ["aten.logical_and.default"],
        meta::compare
    ),
    op!(
        ["torch.logical_or", "Tensor.logical_or"],
        "input, other",
        ["aten.logical_or.default"],
        meta::compare
    ),
    op!(
        ["torch.logical_xor", "Tensor.logical_xor"],
        "input, other",
        ["aten.logical_xor.default"],
        meta::compare
    ),
    // ----- comparisons -----------------------------------------------------------------
    op!(
        ["torch.eq", "Tensor.eq", "Tensor.__eq__"],
        "input, other",
        ["aten.eq.Tensor", "aten.eq.Scalar"],
        meta::compare
    ),
    op!(
        ["torch.ne", "torch.not_equal", "Tensor.ne", "Tensor.__ne__"],
        "input, other",
        ["aten.ne.Tensor", "aten.ne.Scalar"],
        meta::compare
    ),
    op!(
        ["torch.lt", "torch.less", "Tensor.lt", "Tensor.__lt__"],
        "input, other",
        ["aten.lt.Tensor", "aten.lt.Scalar"],
        meta::compare
    ),
    op!(
        ["torch.le", "torch.less_equal", "Tensor.le", "Tensor.__le__"],
        "input, other",
        ["aten.le.Tensor", "aten.le.Scalar"],
        meta::compare
    ),
    op!(
        ["torch.gt", "torch.greater", "Tensor.gt", "Tensor.__gt__"],
        "input, other",
        ["aten.gt.Tensor", "aten.gt.Scalar"],
        meta::compare
    ),
    op!(
        [
            "torch.ge",
            "torch.greater_equal",
            "Tensor.ge",
            "Tensor.__ge__"
        ],
        "input, other",
        ["aten.ge.Tensor", "aten.ge.Scalar"],
        meta::compare
    ),
    op!(
        ["torch.addcmul", "Tensor.addcmul"],
        "input, tensor1, tensor2, *, value=1",
        ["aten.addcmul.default"],
        meta::pointwise3
    ),
    op!(
        ["torch.addcdiv", "Tensor.addcdiv"],
        "input, tensor1, tensor2, *, value=1",
        ["aten.addcdiv.default"],
        meta::pointwise3
    ),
    op!(
        ["torch.where", "Tensor.where"],
        "condition, input=None, other=None",
        [
            "aten.where.self",
            "aten.where.ScalarSelf",
            "aten.where.ScalarOther",
            "aten.where.Scalar",
            "aten.where.default"
        ],
        meta::where_
    ),
    op!(
        ["torch.lerp", "Tensor.lerp"],
        "input, end, weight",
        ["aten.lerp.Scalar", "aten.lerp.Tensor"],
        meta::lerp
    ),
    op!(
        ["torch.polar"],
        "abs, angle",
        ["aten.polar.default"],
        meta::polar
    ),
    op!(
        ["torch.bucketize"],
        "input, boundaries, *, out_int32=False, right=False",
        ["aten.bucketize.Tensor", "aten.bucketize.Scalar"],
        meta::bucketize
    ),
    op!(
        ["torch.masked_fill", "Tensor.masked_fill"],
        "input, mask, value",
        ["aten.masked_fill.Scalar", "aten.masked_fill.Tensor"],
        meta::masked_fill
    ),
    op!(
        ["torch.clamp", "Tensor.clamp"],
        "input, min=None, max=None",
        ["aten.clamp.default", "aten.clamp.Tensor"],
        meta::clamp
    ),
    op!(
        ["torch.clip", "Tensor.clip"],
        "input, min=None, max=None",
        ["aten.clip.default", "aten.clip.Tensor"],
        meta::clamp
    ),
    op!(
        ["torch.clamp_min", "Tensor.clamp_min"],
        "input, min",
        ["aten.clamp_min.default", "aten.clamp_min.Tensor"],
        meta::clamp
    ),
    op!(
        ["torch.clamp_max", "Tensor.clamp_max"],
        "input, max",
        ["aten.clamp_max.default", "aten.clamp_max.Tensor"],
        meta::clamp
    ),
    // ----- unary math ----------------------------------------------------------------
    unary_ops!("torch.neg", "torch.negative"; "Tensor.neg" => "aten.neg.default", meta::unary),
    unary_ops!("torch.abs"; "Tensor.abs" => "aten.abs.default", meta::unary),
    unary_ops!("torch.sign"; "Tensor.sign" => "aten.sign.default", meta::unary),
    unary_ops!("torch.floor"; "Tensor.floor" => "aten.floor.default", meta::unary),
    unary_ops!("torch.ceil"; "Tensor.ceil" => "aten.ceil.default", meta::unary),
    unary_ops!("torch.trunc"; "Tensor.trunc" => "aten.trunc.default", meta::unary),
    unary_ops!("torch.round"; "Tensor.round" => "aten.round.default", meta::unary),
    unary_ops!("torch.square"; "Tensor.square" => "aten.square.default", meta::unary),
    unary_ops!("torch.bitwise_not"; "Tensor.bitwise_not" => "aten.bitwise_not.default", meta::unary),
    unary_ops!("torch.logical_not"; "Tensor.logical_not" => "aten.logical_not.default", meta::unary_bool),
    unary_ops!("torch.isnan"; "Tensor.isnan" => "aten.isnan.default", meta::unary_bool),
    unary_ops!("torch.isinf"; "Tensor.isinf" => "aten.isinf.default", meta::unary_bool),
    unary_ops!("torch.isfinite"; "Tensor.isfinite" => "aten.isfinite.default", meta::unary_bool),
    unary_ops!("torch.sin"; "Tensor.sin" => "aten.sin.default", meta::unary_float),
    unary_ops!("torch.sinc"; "Tensor.sinc" => "aten.sinc.default", meta::unary_float),
    unary_ops!("torch.cos"; "Tensor.cos" => "aten.cos.default", meta::unary_float),
    unary_ops!("torch.tan"; "Tensor.tan" => "aten.tan.default", meta::unary_float),
    unary_ops!("torch.asin"; "Tensor.asin" => "aten.asin.default", meta::unary_float),
    unary_ops!("torch.acos"; "Tensor.acos" => "aten.acos.default", meta::unary_float),
    unary_ops!("torch.atan"; "Tensor.atan" => "aten.atan.default", meta::unary_float),
    unary_ops!("torch.sinh"; "Tensor.sinh" => "aten.sinh.default", meta::unary_float),
    unary_ops!("torch.cosh"; "Tensor.cosh" => "aten.cosh.default", meta::unary_float),
    unary_ops!("torch.exp"; "Tensor.exp" => "aten.exp.default", meta::unary_float),
    unary_ops!("torch.exp2"; "Tensor.exp2" => "aten.exp2.default", meta::unary_float),
    unary_ops!("torch.expm1"; "Tensor.expm1" => "aten.expm1.default", meta::unary_float),
    unary_ops!("torch.log"; "Tensor.log" => "aten.log.default", meta::unary_float),
    unary_ops!("torch.log2"; "Tensor.log2" => "aten.log2.default", meta::unary_float),
    unary_ops!("torch.log10"; "Tensor.log10" => "aten.log10.default", meta::unary_float),
    unary_ops!("torch.log1p"; "Tensor.log1p" => "aten.log1p.default", meta::unary_float),
    unary_ops!("torch.sqrt"; "Tensor.sqrt" => "aten.sqrt.default", meta::unary_float),
    unary_ops!("torch.rsqrt"; "Tensor.rsqrt" => "aten.rsqrt.default", meta::unary_float),
    unary_ops!("torch.reciprocal"; "Tensor.reciprocal" => "aten.reciprocal.default", meta::unary_float),
    unary_ops!("torch.erf", "torch.special.erf"; "Tensor.erf" => "aten.erf.default", meta::unary_float),
    unary_ops!("torch.sigmoid", "torch.nn.functional.sigmoid", "torch.special.expit"; "Tensor.sigmoid" => "aten.sigmoid.default", meta::unary_float),
    unary_ops!("torch.tanh", "torch.nn.functional.tanh"; "Tensor.tanh" => "aten.tanh.default", meta::unary_float),
    // ----- activations ----------------------------------------------------------------
    unary_ops!("torch.relu", "torch.nn.functional.relu"; "Tensor.relu" => "aten.relu.default", meta::unary),
    op!(
        ["torch.nn.functional.gelu", "Tensor.gelu"],
        "input, approximate='none'",
        ["aten.gelu.default"],
        meta::unary
    ),
    unary_ops!("torch.nn.functional.silu"; "Tensor.silu" => "aten.silu.default", meta::unary),
    unary_ops!("torch.nn.functional.mish"; "Tensor.mish" => "aten.mish.default", meta::unary),
    unary_ops!("torch.nn.functional.hardswish"; "Tensor.hardswish" => "aten.hardswish.default", meta::unary),
    unary_ops!("torch.nn.functional.hardsigmoid"; "Tensor.hardsigmoid" => "aten.hardsigmoid.default", meta::unary),
    op!(
        ["torch.nn.functional.relu6"],
        "input",
        ["aten.hardtanh.default"],
        meta::hardtanh
    ),
    op!(
        ["torch.nn.functional.hardtanh", "Tensor.hardtanh"],
        "input, min_val=-1.0, max_val=1.0",
        ["aten.hardtanh.default"],
        meta::hardtanh
    ),
    op!(
        ["torch.nn.functional.leaky_relu", "Tensor.leaky_relu"],
        "input, negative_slope=0.01",
        ["aten.leaky_relu.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.elu", "Tensor.elu"],
        "input, alpha=1.0",
        ["aten.elu.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.selu", "torch.selu", "Tensor.selu"],
        "input",
        ["aten.selu.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.softplus", "Tensor.softplus"],
        "input, beta=1.0, threshold=20.0",
        ["aten.softplus.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.celu", "torch.celu", "Tensor.celu"],
        "input, alpha=1.0",
        ["aten.celu.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.glu"],
        "input, dim=-1",
        ["aten.glu.default"],
        meta::glu
    ),
    op!(
        ["torch.nn.functional.hardshrink", "Tensor.hardshrink"],
        "input, lambd=0.5",
        ["aten.hardshrink.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.softshrink"],
        "input, lambd=0.5",
        ["aten.softshrink.default"],
        meta::unary
    ),
    op!(
        ["torch.prelu", "torch.nn.functional.prelu", "Tensor.prelu"],
        "input, weight",
        ["aten.prelu.default"],
        meta::unary
    ),
    op!(
        ["torch.rrelu", "torch.nn.functional.rrelu"],
        "input, lower=0.125, upper=0.3333333333333333, training=False",
        ["aten.rrelu.default"],
        meta::unary
    ),
    op!(
        ["torch.threshold", "torch.nn.functional.threshold"],
        "input, threshold, value",
        ["aten.threshold.default"],
        meta::unary
    ),
    op!(
        ["torch.nn.functional.logsigmoid"],
        "input",
        ["aten.log_sigmoid.default"],
        meta::unary
    ),
    op!(
        [
            "torch.softmax",
            "torch.nn.functional.softmax",
            "Tensor.softmax",
            "torch.special.softmax"
        ],
        "input, dim=None, _stacklevel=3, dtype=None",
        ["aten.softmax.int"],
        meta::softmax
    ),
    op!(
        [
            "torch.log_softmax",
            "torch.nn.functional.log_softmax",
            "Tensor.log_softmax"
        ],
        "input, dim=None, _stacklevel=3, dtype=None",
        ["aten.log_softmax.int"],
        meta::softmax
    ),
    op!(
        [
            "torch.dropout",
            "torch.nn.functional.dropout",
            "Tensor.dropout"
        ],
        "input, p=0.5, training=True, inplace=False",
        ["aten.dropout.default"],
        meta::dropout
    ),
    // Channel-wise dropouts (`F.dropout1d/2d/3d` are prelude functions
    // over `torch.feature_dropout`).
    op!(
        [
            "torch.feature_dropout",
            "torch.ops.aten.feature_dropout.default"
        ],
        "input, p, train",
        ["aten.feature_dropout.default"],
        meta::dropout
    ),
    op!(
        [
            "torch.alpha_dropout",
            "torch.nn.functional.alpha_dropout",
            "torch.ops.aten.alpha_dropout.default"
        ],
        "input, p=0.5, training=False, inplace=False",
        ["aten.alpha_dropout.default"],
        meta::dropout
    ),
    op!(
        [
            "torch.feature_alpha_dropout",
            "torch.nn.functional.feature_alpha_dropout",
            "torch.ops.aten.feature_alpha_dropout.default"
        ],
        "input, p=0.5, training=False, inplace=False",
        ["aten.feature_alpha_dropout.default"],
        meta::dropout
    ),
    op!(
        ["torch.clone", "Tensor.clone"],
        "input, *, memory_format=None",
        ["aten.clone.default"],
        meta::unary
    ),
    op!(
        ["Tensor.contiguous"],
        "input, memory_format=None",
        ["aten.contiguous.default"],
        views::contiguous
    ),
    op!(
        ["torch.detach", "Tensor.detach"],
        "input",
        ["aten.detach.default"],
        meta::unary
    ),
    op!(
        ["torch.fill", "Tensor.fill"],
        "input, value",
        ["aten.fill.Scalar", "aten.fill.Tensor"],
        meta::fill
    ),
    op!(["Tensor.zero"], "input", ["aten.zero.default"], meta::unary),
    // Reached as `Tensor.uniform_` (its in-place spelling, the only one).
    op!(
        ["Tensor.uniform"],
        "input, from=0.0, to=1.0, *, generator=None",
        ["aten.uniform.default"],
        meta::unary
    ),
    // Reached as `Tensor.normal_`, as `uniform` is.
    op!(
        ["Tensor.normal"],
        "input, mean=0.0, std=1.0, *, generator=None",
        ["aten.normal.default"],
        meta::unary
    ),
    op!(
        ["torch.cumsum", "Tensor.cumsum"],
        "input, dim, *, dtype=None",
        ["aten.cumsum.default"],
        views::cumulative
    ),
    op!(
        ["torch.cumprod", "Tensor.cumprod"],
        "input, dim, *, dtype=None",
        ["aten.cumprod.default"],
        views::cumulative
    ),
    op!(
        ["torch.tril", "Tensor.tril"],
        "input, diagonal=0",
        ["aten.tril.default"],
        views::keep_shape
    ),
    op!(
        ["torch.triu", "Tensor.triu"],
        "input, diagonal=0",
        ["aten.triu.default"],
        views::keep_shape
    ),
    op!(
        ["torch.flip", "Tensor.flip"],
        "input, *dims",
        ["aten.flip.default"],
        views::keep_shape
    ),
    op!(
        ["torch.diff", "Tensor.diff"],
        "input, n=1, dim=-1, prepend=None, append=None",
        ["aten.diff.default"],
        meta::diff
    ),
    // The weight-norm parametrization (`nn.utils.parametrizations`): the
    // weight rebuilt from direction `v` and magnitude `g`, and the
    // magnitude taken from a weight.
    op!(
        ["torch._weight_norm"],
        "v, g, dim=0",
        ["aten._weight_norm.default"],
        views::keep_shape
    ),
    op!(
        ["torch.norm_except_dim"],
        "v, pow=2, dim=0",
        ["aten.norm_except_dim.default"],
        meta::norm_except_dim
    ),
    op!(
        ["torch.roll", "Tensor.roll"],
        "input, shifts, dims=None",
        ["aten.roll.default"],
        views::keep_shape
    ),
    // ----- reductions ------------------------------------------------------------------
    op!(
        ["torch.sum", "Tensor.sum"],
        "input, dim=None, keepdim=False, *, dtype=None",
        ["aten.sum.default", "aten.sum.dim_IntList"],
        meta::reduce
    ),
    op!(
        ["torch.mean", "Tensor.mean"],
        "input, dim=None, keepdim=False, *, dtype=None",
        ["aten.mean.default", "aten.mean.dim"],
        meta::reduce
    ),
    op!(
        ["torch.prod", "Tensor.prod"],
        "input, dim=None, keepdim=False, *, dtype=None",
        ["aten.prod.default", "aten.prod.dim_int"],
        meta::reduce
    ),
    op!(
        ["torch.std", "Tensor.std"],
        "input, dim=None, unbiased=None, keepdim=None, *, correction=None",
        ["aten.std.default", "aten.std.dim", "aten.std.correction"],
        meta::variance
    ),
    op!(
        ["torch.var", "Tensor.var"],
        "input, dim=None, unbiased=None, keepdim=None, *, correction=None",
        ["aten.var.default", "aten.var.dim", "aten.var.correction"],
        meta::variance
    ),
    // The statistic and the mean in one op, as a pair.
    op!(
        ["torch.std_mean"],
        "input, dim=None, unbiased=None, keepdim=None, *, correction=None",
        [
            "aten.std_mean.default",
            "aten.std_mean.dim",
            "aten.std_mean.correction"
        ],
        meta::variance
    ),
    op!(
        ["torch.var_mean"],
        "input, dim=None, unbiased=None, keepdim=None, *, correction=None",
        [
            "aten.var_mean.default",
            "aten.var_mean.dim",
            "aten.var_mean.correction"
        ],
        meta::variance
    ),
    op!(
        ["torch.amax", "Tensor.amax"],
        "input, dim=(), keepdim=False",
        ["aten.amax.default", "aten.amax.default"],
        meta::reduce
    ),
    op!(
        ["torch.amin", "Tensor.amin"],
        "input, dim=(), keepdim=False",
        ["aten.amin.default", "aten.amin.default"],
        meta::reduce
    ),
    op!(
        ["torch.logsumexp", "Tensor.logsumexp"],
        "input, dim, keepdim=False",
        ["aten.logsumexp.default", "aten.logsumexp.default"],
        meta::reduce
    ),
    op!(
        ["torch.norm", "Tensor.norm"],
        "input, p='fro', dim=None, keepdim=False, dtype=None",
        ["aten.linalg_vector_norm.default"],
        meta::vector_norm
    ),
    op!(
        ["torch.linalg.vector_norm"],
        "input, ord=2, dim=None, keepdim=False, *, dtype=None",
        ["aten.linalg_vector_norm.default"],
        meta::vector_norm
    ),
    op!(
        ["torch.all", "Tensor.all"],
        "input, dim=None, keepdim=False",
        ["aten.all.default", "aten.all.dim"],
        meta::reduce
    ),
    op!(
        ["torch.any", "Tensor.any"],
        "input, dim=None, keepdim=False",
        ["aten.any.default", "aten.any.dim"],
        meta::reduce
    ),
    op!(
        ["torch.max", "Tensor.max"],
        "input, dim=None, keepdim=False",
        ["aten.max.default", "aten.max.dim", "aten.max.other"],
        meta::max_min
    ),
    op!(
        ["torch.min", "Tensor.min"],
        "input, dim=None, keepdim=False",
        ["aten.min.default", "aten.min.dim", "aten.min.other"],
        meta::max_min
    ),
    op!(
        ["torch.kthvalue", "Tensor.kthvalue"],
        "input, k, dim=-1, keepdim=False",
        ["aten.kthvalue.default"],
        meta::values_indices_over_dim
    ),
    op!(
        ["torch.mode", "Tensor.mode"],
        "input, dim=-1, keepdim=False",
        ["aten.mode.default"],
        meta::values_indices_over_dim
    ),
    op!(
        ["torch.median", "Tensor.median"],
        "input, dim=None, keepdim=False",
        ["aten.median.default", "aten.median.dim"],
        meta::values_indices_over_dim
    ),
    op!(
        ["torch.nanmedian", "Tensor.nanmedian"],
        "input, dim=None, keepdim=False",
        ["aten.nanmedian.default", "aten.nanmedian.dim"],
        meta::values_indices_over_dim
    ),
    op!(
        ["torch.cummax", "Tensor.cummax"],
        "input, dim",
        ["aten.cummax.default"],
        meta::cumulative_values_indices
    ),
    op!(
        ["torch.cummin", "Tensor.cummin"],
        "input, dim",
        ["aten.cummin.default"],
        meta::cumulative_values_indices
    ),
    op!(
        ["torch.aminmax", "Tensor.aminmax"],
        "input, *, dim=None, keepdim=False",
        ["aten.aminmax.default"],
        meta::aminmax
    ),
    op!(
        ["torch.argmax", "Tensor.argmax"],
        "input, dim=None, keepdim=False",
        ["aten.argmax.default"],
        meta::arg_reduce
    ),
    op!(
        ["torch.argmin", "Tensor.argmin"],
        "input, dim=None, keepdim=False",
        ["aten.argmin.default"],
        meta::arg_reduce
    ),
    op!(
        ["torch.topk", "Tensor.topk"],
        "input, k, dim=-1, largest=True, sorted=True",
        ["aten.topk.default"],
        views::topk
    ),
    op!(
        ["torch.sort", "Tensor.sort"],
        "input, dim=-1, descending=False, *, stable=None",
        ["aten.sort.default", "aten.sort.stable"],
        views::topk
    ),
    op!(
        ["torch.argsort", "Tensor.argsort"],
        "input, dim=-1, descending=False, *, stable=None",
        ["aten.argsort.default", "aten.argsort.stable"],
        meta::argsort
    ),
    // ----- linear algebra --------------------------------------------------------------
    op!(
        ["torch.linalg.qr"],
        "A, mode='reduced'",
        ["aten.linalg_qr.default"],
        meta::linalg_qr
    ),
    op!(
        ["torch.linalg.norm"],
        "input, ord=None, dim=None, keepdim=False, *, dtype=None",
        ["aten.linalg_norm.default", "aten.linalg_norm.ord_str"],
        meta::linalg_norm
    ),
    op!(
        ["torch.cdist"],
        "x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'",
        ["aten.cdist.default"],
        meta::cdist
    ),
    // ----- linear algebra --------------------------------------------------------------
    op!(
        ["torch.matmul", "Tensor.matmul", "Tensor.__matmul__"],
        "input, other",
        ["aten.matmul.default"],
        meta::matmul
    ),
    op!(
        ["torch.mm", "Tensor.mm"],
        "input, mat2",
        ["aten.mm.default"],
        meta::mm
    ),
    op!(
        ["torch.bmm", "Tensor.bmm"],
        "input, mat2",
        ["aten.bmm.default"],
        meta::mm
    ),
    op!(
        ["torch.nn.functional.linear"],
        "input, weight, bias=None",
        ["aten.linear.default"],
        meta::linear
    ),
    op!(
        ["torch.baddbmm", "Tensor.baddbmm"],
        "input, batch1, batch2, *, beta=1, alpha=1",
        ["aten.baddbmm.default"],
        meta::addmm
    ),
    op!(
        ["torch.addmm", "Tensor.addmm"],
        "input, mat1, mat2, *, beta=1, alpha=1",
        ["aten.addmm.default"],
        meta::addmm
    ),
    op!(
        ["torch.dot", "Tensor.dot"],
        "input, tensor",
        ["aten.dot.default"],
        meta::dot
    ),
    op!(
        ["torch.mv", "Tensor.mv"],
        "input, vec",
        ["aten.mv.default"],
        meta::mv
    ),
    op!(
        ["torch.dist", "Tensor.dist"],
        "input, other, p=2",
        ["aten.dist.default"],
        meta::dist
    ),
    op!(
        ["torch.inverse", "Tensor.inverse"],
        "input",
        ["aten.inverse.default"],
        meta::inverse
    ),
    op!(
        ["torch.diag", "Tensor.diag"],
        "input, diagonal=0",
        ["aten.diag.default"],
        meta::diag
    ),
    op!(
        ["torch.outer", "torch.ger", "Tensor.outer"],
        "input, vec2",
        ["aten.outer.default"],
        meta::outer
    ),
    op!(
        ["torch.einsum"],
        "equation, *operands",
        ["aten.einsum.default"],
        meta::einsum
    ),
    // ----- nn.functional ---------------------------------------------------------------
    op!(
        ["torch.conv1d", "torch.nn.functional.conv1d"],
        "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1",
        ["aten.conv1d.default", "aten.conv1d.padding"],
        meta::conv
    ),
    op!(
        ["torch.conv2d", "torch.nn.functional.conv2d"],
        "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1",
        ["aten.conv2d.default", "aten.conv2d.padding"],
        meta::conv
    ),
    op!(
        ["torch.conv3d", "torch.nn.functional.conv3d"],
        "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1",
        ["aten.conv3d.default", "aten.conv3d.padding"],
        meta::conv
    ),
    op!(
        [
            "torch.conv_transpose1d",
            "torch.nn.functional.conv_transpose1d"
        ],
        "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1",
        ["aten.conv_transpose1d.default"],
        meta::conv_transpose
    ),
    op!(
        [
            "torch.conv_transpose2d",
            "torch.nn.functional.conv_transpose2d"
        ],
        "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1",
        ["aten.conv_transpose2d.input"],
        meta::conv_transpose
    ),
    op!(
        [
            "torch.conv_transpose3d",
            "torch.nn.functional.conv_transpose3d"
        ],
        "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1",
        ["aten.conv_transpose3d.input"],
        meta::conv_transpose
    ),
    op!(
        ["torch.max_pool1d", "torch.nn.functional.max_pool1d"],
        "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",
        [
            "aten.max_pool1d.default",
            "aten.max_pool1d_with_indices.default"
        ],
        meta::pool
    ),
    op!(
        ["torch.max_pool2d", "torch.nn.functional.max_pool2d"],
        "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",
        [
            "aten.max_pool2d.default",
            "aten.max_pool2d_with_indices.default"
        ],
        meta::pool
    ),
    op!(
        ["torch.max_pool3d", "torch.nn.functional.max_pool3d"],
        "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",
        [
            "aten.max_pool3d.default",
            "aten.max_pool3d_with_indices.default"
        ],
        meta::pool
    ),
    op!(
        ["torch.avg_pool1d", "torch.nn.functional.avg_pool1d"],
        "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True",
        ["aten.avg_pool1d.default"],
        meta::pool
    ),
    op!(
        ["torch.nn.functional.avg_pool2d"],
        "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",
        ["aten.avg_pool2d.default"],
        meta::pool
    ),
    op!(
        ["torch.nn.functional.avg_pool3d"],
        "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",
        ["aten.avg_pool3d.default"],
        meta::pool
    ),
    op!(
        [
            "torch.nn.functional.adaptive_avg_pool1d",
            "torch.adaptive_avg_pool1d"
        ],
        "input, output_size",
        ["aten.adaptive_avg_pool1d.default"],
        meta::adaptive_pool
    ),
    op!(
        ["torch.nn.functional.adaptive_avg_pool2d"],
        "input, output_size",
        ["aten.adaptive_avg_pool2d.default"],
        meta::adaptive_pool
    ),
    op!(
        ["torch.nn.functional.adaptive_avg_pool3d"],
        "input, output_size",
        ["aten.adaptive_avg_pool3d.default"],
        meta::adaptive_pool
    ),
    op!(
        ["torch.nn.functional.adaptive_max_pool1d"],
        "input, output_size, return_indices=False",
        ["aten.adaptive_max_pool1d.default"],
        meta::adaptive_pool
    ),
    op!(
        ["torch.nn.functional.adaptive_max_pool2d"],
        "input, output_size, return_indices=False",
        ["aten.adaptive_max_pool2d.default"],
        meta::adaptive_pool
    ),
    op!(
        ["torch.nn.functional.adaptive_max_pool3d"],
        "input, output_size, return_indices=False",
        ["aten.adaptive_max_pool3d.default"],
        meta::adaptive_pool
    ),
    op!(
        ["torch.ops.aten.max_unpool2d.default"],
        "input, indices, output_size",
        ["aten.max_unpool2d.default"],
        meta::max_unpool
    ),
    op!(
        ["torch.ops.aten.max_unpool3d.default"],
        "input, indices, output_size, stride, padding",
        ["aten.max_unpool3d.default"],
        meta::max_unpool
    ),
    op!(
        ["torch.ops.aten.fractional_max_pool2d.default"],
        "input, kernel_size, output_size, random_samples",
        ["aten.fractional_max_pool2d.default"],
        meta::fractional_max_pool
    ),
    op!(
        ["torch.ops.aten.fractional_max_pool3d.default"],
        "input, kernel_size, output_size, random_samples",
        ["aten.fractional_max_pool3d.default"],
        meta::fractional_max_pool
    ),
    op!(
        ["torch.nn.functional.unfold"],
        "input, kernel_size, dilation=1, padding=0, stride=1",
        ["aten.im2col.default"],
        meta::im2col
    ),
    op!(
        ["torch.nn.functional.fold"],
        "input, output_size, kernel_size, dilation=1, padding=0, stride=1",
        ["aten.col2im.default"],
        meta::col2im
    ),
    op!(
        ["torch.batch_norm", "torch.nn.functional.batch_norm"],
        "input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05",
        ["aten.batch_norm.default"],
        meta::batch_norm
    ),
    op!(
        ["torch.nn.functional.instance_norm"],
        "input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1, eps=1e-05",
        ["aten.instance_norm.default"],
        meta::batch_norm
    ),
    op!(
        ["torch.layer_norm", "torch.nn.functional.layer_norm"],
        "input, normalized_shape, weight=None, bias=None, eps=1e-05",
        ["aten.layer_norm.default"],
        meta::layer_norm
    ),
    op!(
        ["torch.rms_norm", "torch.nn.functional.rms_norm"],
        "input, normalized_shape, weight=None, eps=None",
        ["aten.rms_norm.default"],
        meta::rms_norm
    ),
    op!(
        ["torch.group_norm"],
        "input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True",
        ["aten.group_norm.default"],
        meta::group_norm
    ),
    op!(
        ["torch.nn.functional.embedding", "torch.embedding"],
        "input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False",
        ["aten.embedding.default"],
        meta::embedding
    ),
    op!(
        ["torch.embedding_renorm_"],
        "input, indices, max_norm, norm_type",
        ["aten.embedding_renorm_.default"],
        meta::embedding_renorm
    ),
    op!(
        ["torch.ops.aten.embedding_bag.padding_idx"],
        "weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights, include_last_offset, padding_idx",
        ["aten.embedding_bag.padding_idx"],
        meta::embedding_bag
    ),
    // The recurrent cells (`nn.RNNCell`, `nn.LSTMCell`, `nn.GRUCell`).
    op!(
        [
            "torch.rnn_tanh_cell",
            "torch.ops.aten.rnn_tanh_cell.default"
        ],
        "input, hx, w_ih, w_hh, b_ih=None, b_hh=None",
        ["aten.rnn_tanh_cell.default"],
        meta::rnn_cell
    ),
    op!(
        [
            "torch.rnn_relu_cell",
            "torch.ops.aten.rnn_relu_cell.default"
        ],
        "input, hx, w_ih, w_hh, b_ih=None, b_hh=None",
        ["aten.rnn_relu_cell.default"],
        meta::rnn_cell
    ),
    op!(
        ["torch.gru_cell", "torch.ops.aten.gru_cell.default"],
        "input, hx, w_ih, w_hh, b_ih=None, b_hh=None",
        ["aten.gru_cell.default"],
        meta::rnn_cell
    ),
    op!(
        ["torch.lstm_cell", "torch.ops.aten.lstm_cell.default"],
        "input, hx, w_ih, w_hh, b_ih=None, b_hh=None",
        ["aten.lstm_cell.default"],
        meta::rnn_cell
    ),
    // The recurrent sequence ops (`nn.RNN`, `nn.LSTM`, `nn.GRU`).
    op!(
        ["torch.lstm", "torch.ops.aten.lstm.input"],
        "input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first",
        ["aten.lstm.input"],
        meta::rnn
    ),
    op!(
        ["torch.gru", "torch.ops.aten.gru.input"],
        "input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first",
        ["aten.gru.input"],
        meta::rnn
    ),
    op!(
        ["torch.rnn_tanh", "torch.ops.aten.rnn_tanh.input"],
        "input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first",
        ["aten.rnn_tanh.input"],
        meta::rnn
    ),
    op!(
        ["torch.rnn_relu", "torch.ops.aten.rnn_relu.input"],
        "input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first",
        ["aten.rnn_relu.input"],
        meta::rnn
    ),
    op!(
        ["torch.nn.functional.scaled_dot_product_attention"],
        "query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False",
        ["aten.scaled_dot_product_attention.default"],
        meta::sdpa
    ),
    op!(
        [
            "torch.pairwise_distance",
            "torch.nn.functional.pairwise_distance"
        ],
        "x1, x2, p=2.0, eps=1e-06, keepdim=False",
        ["aten.pairwise_distance.default"],
        meta::pairwise_distance
    ),
    op!(
        [
            "torch.cosine_similarity",
            "torch.nn.functional.cosine_similarity"
        ],
        "x1, x2, dim=1, eps=1e-08",
        ["aten.cosine_similarity.default"],
        meta::cosine_similarity
    ),
    op!(
        [
            "torch.pixel_shuffle",
            "torch.nn.functional.pixel_shuffle",
            "torch.ops.aten.pixel_shuffle.default"
        ],
        "input, upscale_factor",
        ["aten.pixel_shuffle.default"],
        meta::pixel_shuffle
    ),
    // `F.grid_sample` (prelude functional.py) maps its mode and padding
    // names to these enums: bilinear/nearest/bicubic, zeros/border/reflection.
    op!(
        ["torch.grid_sampler", "torch.ops.aten.grid_sampler.default"],
        "input, grid, interpolation_mode, padding_mode, align_corners",
        ["aten.grid_sampler.default"],
        meta::grid_sampler
    ),
    op!(
        [
            "torch.pixel_unshuffle",
            "torch.nn.functional.pixel_unshuffle",
            "torch.ops.aten.pixel_unshuffle.default"
        ],
        "input, downscale_factor",
        ["aten.pixel_unshuffle.default"],
        meta::pixel_shuffle
    ),
    op!(
        [
            "torch.channel_shuffle",
            "torch.nn.functional.channel_shuffle",
            "torch.ops.aten.channel_shuffle.default"
        ],
        "input, groups",
        ["aten.channel_shuffle.default"],
        meta::channel_shuffle
    ),
    // The upsampling kernels `F.interpolate` (a prelude function) calls.
    op!(
        ["torch.ops.aten.upsample_nearest1d.vec"],
        "input, output_size, scale_factors",
        ["aten.upsample_nearest1d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten.upsample_nearest2d.vec"],
        "input, output_size, scale_factors",
        ["aten.upsample_nearest2d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten.upsample_nearest3d.vec"],
        "input, output_size, scale_factors",
        ["aten.upsample_nearest3d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten._upsample_nearest_exact1d.vec"],
        "input, output_size, scale_factors",
        ["aten._upsample_nearest_exact1d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten._upsample_nearest_exact2d.vec"],
        "input, output_size, scale_factors",
        ["aten._upsample_nearest_exact2d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten._upsample_nearest_exact3d.vec"],
        "input, output_size, scale_factors",
        ["aten._upsample_nearest_exact3d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten.upsample_linear1d.vec"],
        "input, output_size, align_corners, scale_factors",
        ["aten.upsample_linear1d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten.upsample_bilinear2d.vec"],
        "input, output_size, align_corners, scale_factors",
        ["aten.upsample_bilinear2d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten._upsample_bilinear2d_aa.vec"],
        "input, output_size, align_corners, scale_factors",
        ["aten._upsample_bilinear2d_aa.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten.upsample_bicubic2d.vec"],
        "input, output_size, align_corners, scale_factors",
        ["aten.upsample_bicubic2d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.ops.aten.upsample_trilinear3d.vec"],
        "input, output_size, align_corners, scale_factors",
        ["aten.upsample_trilinear3d.vec"],
        meta::upsample
    ),
    op!(
        ["torch.nn.functional.pad"],
        "input, pad, mode='constant', value=None",
        ["aten.pad.default"],
        meta::pad
    ),
    op!(
        ["torch.nn.functional.one_hot"],
        "input, num_classes=-1",
        ["aten.one_hot.default"],
        views::one_hot
    ),
    // The ATen losses behind the prelude's functional losses (prelude/functional.py).
    op!(
        ["torch.ops.aten.mse_loss.default"],
        "self, target, reduction=1",
        ["aten.mse_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.l1_loss.default"],
        "self, target, reduction=1",
        ["aten.l1_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.smooth_l1_loss.default"],
        "self, target, reduction=1, beta=1.0",
        ["aten.smooth_l1_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.huber_loss.default"],
        "self, target, reduction=1, delta=1.0",
        ["aten.huber_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.soft_margin_loss.default"],
        "self, target, reduction=1",
        ["aten.soft_margin_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.binary_cross_entropy.default"],
        "self, target, weight=None, reduction=1",
        ["aten.binary_cross_entropy.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.binary_cross_entropy_with_logits.default"],
        "self, target, weight=None, pos_weight=None, reduction=1",
        ["aten.binary_cross_entropy_with_logits.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.hinge_embedding_loss.default"],
        "self, target, margin=1.0, reduction=1",
        ["aten.hinge_embedding_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.kl_div.default"],
        "self, target, reduction=1, *, log_target=False",
        ["aten.kl_div.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.margin_ranking_loss.default"],
        "input1, input2, target, margin=0.0, reduction=1",
        ["aten.margin_ranking_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.poisson_nll_loss.default"],
        "input, target, log_input, full, eps, reduction",
        ["aten.poisson_nll_loss.default"],
        meta::pointwise_loss
    ),
    op!(
        ["torch.ops.aten.triplet_margin_loss.default"],
        "anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=1",
        ["aten.triplet_margin_loss.default"],
        meta::per_sample_loss
    ),
    op!(
        ["torch.ops.aten.cosine_embedding_loss.default"],
        "input1, input2, target, margin=0.0, reduction=1",
        ["aten.cosine_embedding_loss.default"],
        meta::per_sample_loss
    ),
    op!(
        ["torch.ops.aten.multilabel_margin_loss.default"],
        "self, target, reduction=1",
        ["aten.multilabel_margin_loss.default"],
        meta::per_sample_loss
    ),
    op!(
        ["torch.ops.aten.multi_margin_loss.default"],
        "self, target, p=1, margin=1, weight=None, reduction=1",
        ["aten.multi_margin_loss.default"],
        meta::per_sample_loss
    ),
    op!(
        ["torch.ops.aten.nll_loss_nd.default"],
        "self, target, weight=None, reduction=1, ignore_index=-100",
        ["aten.nll_loss_nd.default"],
        meta::class_loss
    ),
    op!(
        ["torch.ops.aten.cross_entropy_loss.default"],
        "self, target, weight=None, reduction=1, ignore_index=-100, label_smoothing=0.0",
        ["aten.cross_entropy_loss.default"],
        meta::class_loss
    ),
    op!(
        ["torch.nn.functional.bilinear", "torch.bilinear"],
        "input1, input2, weight, bias=None",
        ["aten.bilinear.default"],
        meta::bilinear
    ),
    op!(
        ["torch.ctc_loss"],
        "log_probs, targets, input_lengths, target_lengths, blank=0, reduction=1, zero_infinity=False",
        ["aten._ctc_loss.default", "aten._ctc_loss.Tensor"],
        meta::no_dynamic_meta_kernel
    ),
    op!(
        ["torch.broadcast_tensors"],
        "*tensors",
        ["aten.broadcast_tensors.default"],
        views::broadcast_tensors
    ),
    // ----- views and shape ops ---------------------------------------------------------
    op!(
        ["torch.atleast_1d"],
        "*tensors",
        ["aten.atleast_1d.default", "aten.atleast_1d.Sequence"],
        views::atleast_1d
    ),
    op!(
        ["torch.atleast_2d"],
        "*tensors",
        ["aten.atleast_2d.default", "aten.atleast_2d.Sequence"],
        views::atleast_2d
    ),
    op!(
        ["torch.atleast_3d"],
        "*tensors",
        ["aten.atleast_3d.default", "aten.atleast_3d.Sequence"],
        views::atleast_3d
    ),
    op!(
        ["Tensor.view"],
        "input, *shape",
        ["aten.view.default"],
        views::view
    ),
    op!(
        ["torch.reshape", "Tensor.reshape"],
        "input, *shape",
        ["aten.reshape.default"],
        views::view
    ),
    op!(
        ["Tensor.view_as"],
        "input, other",
        ["aten.view_as.default"],
        views::like_other
    ),
    op!(
        ["Tensor.reshape_as"],
        "input, other",
        ["aten.reshape_as.default"],
        views::like_other
    ),
    op!(
        ["Tensor.expand_as"],
        "input, other",
        ["aten.expand_as.default"],
        views::like_other
    ),
    op!(
        ["torch.flatten", "Tensor.flatten"],
        "input, start_dim=0, end_dim=-1",
        ["aten.flatten.using_ints"],
        views::flatten
    ),
    op!(
        ["torch.unflatten", "Tensor.unflatten"],
        "input, dim, sizes",
        ["aten.unflatten.int"],
        views::unflatten
    ),
    op!(
        ["torch.permute", "Tensor.permute"],
        "input, *dims",
        ["aten.permute.default"],
        views::permute
    ),
    op!(
        ["torch.transpose", "Tensor.transpose"],
        "input, dim0, dim1",
        ["aten.transpose.int"],
        views::transpose
    ),
    // The aliases record ops of their own (kept by export, not decomposed).
    op!(
        ["torch.swapaxes", "Tensor.swapaxes"],
        "input, axis0, axis1",
        ["aten.swapaxes.default"],
        views::transpose
    ),
    op!(
        ["torch.swapdims", "Tensor.swapdims"],
        "input, dim0, dim1",
        ["aten.swapdims.default"],
        views::transpose
    ),
    // The transposing attributes (`x.mT`, `x.T`, ...) record ops of their own.
    op!(
        ["torch.ops.aten.mT.default"],
        "input",
        ["aten.mT.default"],
        views::matrix_transpose
    ),
    op!(
        ["torch.ops.aten.mH.default"],
        "input",
        ["aten.mH.default"],
        views::matrix_transpose
    ),
    op!(
        ["torch.ops.aten.numpy_T.default"],
        "input",
        ["aten.numpy_T.default"],
        views::reversed_dims
    ),
    op!(
        ["torch.ops.aten.matrix_H.default"],
        "input",
        ["aten.matrix_H.default"],
        views::reversed_dims
    ),
    op!(
        ["torch.t", "Tensor.t"],
        "input",
        ["aten.t.default"],
        views::t
    ),
    op!(
        ["torch.unsqueeze", "Tensor.unsqueeze"],
        "input, dim",
        ["aten.unsqueeze.default"],
        views::unsqueeze
    ),
    op!(
        ["torch.squeeze", "Tensor.squeeze"],
        "input, dim=None",
        [
            "aten.squeeze.default",
            "aten.squeeze.dim",
            "aten.squeeze.dims"
        ],
        views::squeeze
    ),
    op!(
        ["Tensor.expand"],
        "input, *size",
        ["aten.expand.default"],
        views::expand
    ),
    op!(
        ["torch.broadcast_to", "Tensor.broadcast_to"],
        "input, size",
        ["aten.broadcast_to.default"],
        views::broadcast_to
    ),
    op!(
        ["Tensor.repeat"],
        "input, *repeats",
        ["aten.repeat.default"],
        views::repeat
    ),
    op!(
        ["torch.movedim", "Tensor.movedim"],
        "input, source, destination",
        ["aten.movedim.int"],
        views::movedim
    ),
    op!(
        ["torch.moveaxis", "Tensor.moveaxis"],
        "input, source, destination",
        ["aten.moveaxis.int"],
        views::movedim
    ),
    op!(
        ["torch.tile", "Tensor.tile"],
        "input, *dims",
        ["aten.tile.default"],
        views::tile
    ),
    op!(
        ["torch.repeat_interleave", "Tensor.repeat_interleave"],
        "input, repeats, dim=None, *, output_size=None",
        [
            "aten.repeat_interleave.self_int",
            "aten.repeat_interleave.self_Tensor"
        ],
        views::repeat_interleave
    ),
    op!(
        ["torch.cat"],
        "tensors, dim=0",
        ["aten.cat.default"],
        views::cat
    ),
    // The aliases are recorded under their own names.
    op!(
        ["torch.concat"],
        "tensors, dim=0",
        ["aten.concat.default"],
        views::cat
    ),
    op!(
        ["torch.concatenate"],
        "tensors, dim=0",
        ["aten.concatenate.default"],
        views::cat
    ),
    op!(
        ["torch.stack"],
        "tensors, dim=0",
        ["aten.stack.default"],
        views::cat
    ),
    op!(
        ["torch.split_with_sizes", "Tensor.split_with_sizes"],
        "input, split_sizes, dim=0",
        ["aten.split.Tensor", "aten.split_with_sizes.default"],
        views::split
    ),
    op!(
        ["torch.split", "Tensor.split"],
        "input, split_size_or_sections, dim=0",
        ["aten.split.Tensor", "aten.split_with_sizes.default"],
        views::split
    ),
    op!(
        ["torch.chunk", "Tensor.chunk"],
        "input, chunks, dim=0",
        ["aten.chunk.default"],
        views::chunk
    ),
    op!(
        ["torch.unbind", "Tensor.unbind"],
        "input, dim=0",
        ["aten.unbind.int"],
        views::unbind
    ),
    op!(
        ["torch.select", "Tensor.select"],
        "input, dim, index",
        ["aten.select.int"],
        views::select
    ),
    op!(
        ["torch.ops.aten.slice.Tensor"],
        "input, dim=0, start=None, end=None, step=1",
        ["aten.slice.Tensor"],
        index::slice_op
    ),
    op!(
        ["torch.narrow", "Tensor.narrow"],
        "input, dim, start, length",
        ["aten.narrow.default"],
        views::narrow
    ),
    op!(
        ["Tensor.unfold"],
        "input, dimension, size, step",
        ["aten.unfold.default"],
        views::unfold
    ),
    op!(
        ["torch.index_select", "Tensor.index_select"],
        "input, dim, index",
        ["aten.index_select.default"],
        views::index_select
    ),
    op!(
        ["torch.gather", "Tensor.gather"],
        "input, dim, index",
        ["aten.gather.default"],
        views::gather
    ),
    op!(
        ["torch.scatter", "Tensor.scatter"],
        "input, dim, index, src, *, reduce=None",
        [
            "aten.scatter.src",
            "aten.scatter.value",
            "aten.scatter.reduce",
            "aten.scatter.value_reduce"
        ],
        meta::scatter
    ),
    op!(
        ["torch.scatter_add", "Tensor.scatter_add"],
        "input, dim, index, src",
        ["aten.scatter_add.default"],
        meta::scatter_add
    ),
    op!(
        ["torch.index_copy", "Tensor.index_copy"],
        "input, dim, index, source",
        ["aten.index_copy.default"],
        meta::index_update
    ),
    op!(
        ["torch.index_add", "Tensor.index_add"],
        "input, dim, index, source, *, alpha=1",
        ["aten.index_add.default"],
        meta::index_update
    ),
    op!(
        ["torch.scatter_reduce", "Tensor.scatter_reduce"],
        "input, dim, index, src, reduce, *, include_self=True",
        ["aten.scatter_reduce.two"],
        meta::scatter_reduce
    ),
    op!(
        ["torch.masked_scatter", "Tensor.masked_scatter"],
        "input, mask, source",
        ["aten.masked_scatter.default"],
        meta::masked_scatter
    ),
    op!(
        ["Tensor.type_as"],
        "input, other",
        ["aten.type_as.default"],
        views::type_as
    ),
    op!(
        ["torch.nonzero_static", "Tensor.nonzero_static"],
        "input, *, size, fill_value=-1",
        ["aten.nonzero_static.default"],
        views::nonzero_static
    ),
    op!(
        ["torch.nonzero", "Tensor.nonzero"],
        "input, *, as_tuple=False",
        ["aten.nonzero.default"],
        views::nonzero
    ),
    op!(
        ["torch.masked_select", "Tensor.masked_select"],
        "input, mask",
        ["aten.masked_select.default"],
        views::masked_select
    ),
    op!(
        ["torch.histc", "Tensor.histc"],
        "input, bins=100, min=0, max=0",
        ["aten.histc.default"],
        views::histc
    ),
    op!(
        ["torch.bincount", "Tensor.bincount"],
        "input, weights=None, minlength=0",
        ["aten.bincount.default"],
        views::bincount
    ),
];
