//! Kernels: the value of a node from its bound arguments (positional in the
//! op's schema order, as the tracer records them, plus keyword arguments by
//! name). Each sub-module lists its kernels in a `KERNELS` table keyed by
//! the tracer's ATen targets (`tracer::ops::all_targets`): an op packet
//! (`aten.sum`, every overload) or a whole target (`aten.max.other`), which
//! takes precedence. The tables are gathered into one map once; a target
//! with no kernel is a clear "no kernel" error, and [`NOT_RUNNABLE`] lists
//! (with the reason) what the tracer records that quick runs cannot run.
//!
//! Sub-modules: [`pointwise`] (elementwise arithmetic, activations,
//! comparisons), [`reduce`] (sums, means, extrema), [`shape`] (views,
//! indexing, joining, constructors), [`scatter`] (the scatter family,
//! `bucketize`), [`nn`] (linear algebra, convolution,
//! pooling, normalization, attention, recurrent layers).

pub mod conv;
pub mod nn;
pub mod pointwise;
pub mod reduce;
pub mod scatter;
pub mod shape;

use std::collections::HashMap;
use std::sync::OnceLock;

use tracer::dtype::DType;
use tracer::graph::{MetaVal, Node};

use crate::error::{Error, ErrorKind, Res};
use crate::exec::Ctx;
use crate::value::{RVal, T};

/// A node's bound arguments.
#[derive(Debug)]
pub struct Args {
    pub pos: Vec<RVal>,
    pub kw: Vec<(String, RVal)>,
}

impl Args {
    /// Argument `i` of the schema, or the keyword `name`.
    pub fn get(&self, i: usize, name: &str) -> Option<&RVal> {
        self.kw
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
            .or_else(|| self.pos.get(i))
    }

    /// Like [`Args::get`], with `None` values treated as absent.
    pub fn opt(&self, i: usize, name: &str) -> Option<&RVal> {
        self.get(i, name).filter(|v| !v.is_none())
    }

    pub fn tensor(&self, i: usize, name: &str) -> Res<&T> {
        match self.get(i, name) {
            Some(RVal::Tensor(t)) => Ok(t),
            Some(v) => Err(Error::runtime(format!(
                "argument {name} is a {}, expected a tensor",
                v.kind()
            ))),
            None => Err(Error::runtime(format!("missing tensor argument {name}"))),
        }
    }

    pub fn opt_tensor(&self, i: usize, name: &str) -> Option<&T> {
        match self.get(i, name) {
            Some(RVal::Tensor(t)) => Some(t),
            _ => None,
        }
    }

    pub fn int(&self, i: usize) -> Option<i64> {
        self.pos.get(i).and_then(RVal::as_int)
    }

    pub fn int_or(&self, i: usize, name: &str, default: i64) -> Res<i64> {
        match self.opt(i, name) {
            None => Ok(default),
            Some(v) => v
                .as_int()
                .ok_or_else(|| Error::runtime(format!("argument {name} is not an int"))),
        }
    }

    pub fn f64_or(&self, i: usize, name: &str, default: f64) -> Res<f64> {
        match self.opt(i, name) {
            None => Ok(default),
            Some(RVal::Tensor(t)) => t.item(),
            Some(v) => v
                .as_f64()
                .ok_or_else(|| Error::runtime(format!("argument {name} is not a number"))),
        }
    }

    pub fn bool_or(&self, i: usize, name: &str, default: bool) -> bool {
        match self.opt(i, name) {
            Some(RVal::Bool(b)) => *b,
            Some(RVal::Int(i)) => *i != 0,
            _ => default,
        }
    }

    /// An int list argument (a single int counts as a one-item list).
    pub fn ints(&self, i: usize, name: &str) -> Res<Option<Vec<i64>>> {
        match self.opt(i, name) {
            None => Ok(None),
            Some(v) => ints_of(v).map(Some),
        }
    }

    pub fn str_or<'a>(&'a self, i: usize, name: &str, default: &'a str) -> &'a str {
        match self.opt(i, name) {
            Some(RVal::Str(s)) => s,
            _ => default,
        }
    }
}

pub fn ints_of(v: &RVal) -> Res<Vec<i64>> {
    match v {
        RVal::List(items) => items
            .iter()
            .map(|x| {
                x.as_int()
                    .ok_or_else(|| Error::runtime("expected a list of ints"))
            })
            .collect(),
        v => v
            .as_int()
            .map(|i| vec![i])
            .ok_or_else(|| Error::runtime("expected an int or a list of ints")),
    }
}

/// Wrap a possibly negative dim into `0..rank`.
pub fn wrap_dim(d: i64, rank: usize) -> Res<usize> {
    let r = rank.max(1) as i64;
    let w = if d < 0 { d + r } else { d };
    if w < 0 || w >= r {
        return Err(Error::runtime(format!(
            "dimension {d} out of range for a tensor of rank {rank}"
        )));
    }
    Ok(w as usize)
}

/// The size of `x` along `d` (a dim from [`wrap_dim`]): a 0-d tensor
/// counts as one element along dim 0, as torch's ops that accept a dim on
/// it (reductions, `flip`, `gather`, ...) treat it.
pub fn dim_len(x: &T, d: usize) -> usize {
    x.dims().get(d).copied().unwrap_or(1)
}

/// The traced output dtype of a node, if it is a tensor.
pub fn out_dtype(node: &Node) -> Option<DType> {
    match &node.val {
        MetaVal::Tensor { dtype, .. } => Some(*dtype),
        _ => None,
    }
}

/// The traced output shape of a node, at the run's sizes.
pub fn out_shape(ctx: &Ctx, node: &Node) -> Option<Vec<usize>> {
    match &node.val {
        MetaVal::Tensor { shape, .. } => ctx.shape_of(shape),
        _ => None,
    }
}

/// A Python scalar or tensor argument as a tensor of dtype `dt`.
pub fn as_tensor(v: &RVal, dt: DType) -> Res<T> {
    match v {
        RVal::Tensor(t) => t.cast(dt),
        v => match v.as_f64() {
            Some(x) => T::scalar(x, dt),
            None => Err(Error::runtime(format!(
                "expected a tensor or a number, got {}",
                v.kind()
            ))),
        },
    }
}

/// What a kernel is given: the node (its traced output), its bound
/// arguments, and its target's op and overload (`aten.sum.dim_IntList`:
/// `sum`, `dim_IntList`).
pub struct Call<'a> {
    pub node: &'a Node,
    pub args: &'a Args,
    pub op: &'a str,
    pub overload: &'a str,
}

/// A kernel: the value of one node.
pub type KernelFn = fn(&mut Ctx, &Call) -> Res<RVal>;

/// Every kernel table entry, in no particular order (each key once: a
/// test checks it).
pub fn entries() -> impl Iterator<Item = (&'static str, KernelFn)> {
    let random = shape::RANDOM_OPS
        .iter()
        .map(|(key, _)| (*key, shape::random as KernelFn));
    pointwise::KERNELS
        .iter()
        .chain(reduce::KERNELS)
        .chain(shape::KERNELS)
        .chain(scatter::KERNELS)
        .chain(nn::KERNELS)
        .copied()
        .chain(random)
}

fn table() -> &'static HashMap<&'static str, KernelFn> {
    static TABLE: OnceLock<HashMap<&'static str, KernelFn>> = OnceLock::new();
    TABLE.get_or_init(|| entries().collect())
}

/// `aten.sum.dim_IntList` -> (`aten.sum`, `sum`, `dim_IntList`); `None`
/// outside the `aten` namespace.
pub fn split_target(target: &str) -> Option<(&str, &str, &str)> {
    let rest = target.strip_prefix("aten.")?;
    let (op, overload) = rest.split_once('.').unwrap_or((rest, ""));
    Some((
        &target[..target.len() - rest.len() + op.len()],
        op,
        overload,
    ))
}

/// The kernel of `target`: its own entry, else its op packet's.
pub fn kernel_of(target: &str) -> Option<KernelFn> {
    let (packet, _, _) = split_target(target)?;
    let table = table();
    table.get(target).or_else(|| table.get(packet)).copied()
}

/// Targets (or op packets) the tracer records that have no kernel, each
/// with the reason: a run that reaches one stops with "no kernel".
pub const NOT_RUNNABLE: &[(&str, &str)] = &[
    // ----- arithmetic and math ---------------------------------------------------------
    (
        "aten.divide",
        "`torch.divide`'s own target: no kernel yet (`div`'s would do)",
    ),
    (
        "aten.true_divide",
        "`torch.true_divide`'s own target: no kernel yet (`div`'s would do)",
    ),
    ("aten.diff", "finite differences: no kernel yet"),
    (
        "aten.dot",
        "the inner product of two vectors: no kernel yet",
    ),
    ("aten.inverse", "matrix inversion: no kernel yet"),
    ("aten.mv", "a matrix times a vector: no kernel yet"),
    ("aten.dist", "the p-norm of a difference: no kernel yet"),
    (
        "aten.diag",
        "a vector's diagonal matrix or a matrix's diagonal: no kernel yet",
    ),
    ("aten.isclose", "elementwise closeness: no kernel yet"),
    (
        "aten.bincount",
        "output length depends on the values: no kernel yet",
    ),
    ("aten.bilinear", "bilinear form: no kernel yet"),
    ("aten.cross", "vector product: no kernel yet"),
    (
        "aten.grid_sampler",
        "sampling at grid coordinates (`F.grid_sample`): no kernel yet",
    ),
    (
        "aten.polar",
        "complex result: quick runs hold real tensors only",
    ),
    ("aten.linalg_qr", "QR decomposition: no kernel yet"),
    // ----- reductions --------------------------------------------------------------------
    ("aten.aminmax", "a pair of reductions: no kernel yet"),
    ("aten.std_mean", "a pair of reductions: no kernel yet"),
    ("aten.var_mean", "a pair of reductions: no kernel yet"),
    (
        "aten.cummax",
        "cumulative extremum with indices: no kernel yet",
    ),
    (
        "aten.cummin",
        "cumulative extremum with indices: no kernel yet",
    ),
    (
        "aten.kthvalue",
        "order statistic with indices: no kernel yet",
    ),
    ("aten.median", "order statistic: no kernel yet"),
    ("aten.nanmedian", "order statistic: no kernel yet"),
    (
        "aten.mode",
        "most frequent value with indices: no kernel yet",
    ),
    ("aten.norm_except_dim", "weight-norm helper: no kernel yet"),
    ("aten._weight_norm", "weight normalization: no kernel yet"),
    // ----- shapes and indexing -------------------------------------------------------------
    ("aten.mT", "matrix transpose property: no kernel yet"),
    ("aten.mH", "conjugate transpose property: no kernel yet"),
    ("aten.matrix_H", "conjugate transpose: no kernel yet"),
    ("aten.numpy_T", "reversed-dims transpose: no kernel yet"),
    (
        "aten.movedim",
        "dim permutation by source and destination: no kernel yet",
    ),
    (
        "aten.moveaxis",
        "dim permutation by source and destination: no kernel yet",
    ),
    (
        "aten.broadcast_tensors",
        "a list of broadcast views: no kernel yet",
    ),
    ("aten.meshgrid", "a list of broadcast grids: no kernel yet"),
    (
        "aten.atleast_1d.Sequence",
        "a list of reshaped tensors: no kernel yet",
    ),
    (
        "aten.atleast_2d.Sequence",
        "a list of reshaped tensors: no kernel yet",
    ),
    (
        "aten.atleast_3d.Sequence",
        "a list of reshaped tensors: no kernel yet",
    ),
    ("aten.randperm", "a random permutation: no kernel yet"),
    (
        "aten.masked_select",
        "output size depends on the mask: no kernel yet",
    ),
    ("aten.nonzero_static", "padded nonzero: no kernel yet"),
    (
        "aten.repeat_interleave.self_Tensor",
        "repeats given per element by a tensor: no kernel yet",
    ),
    ("aten.channel_shuffle", "channel permutation: no kernel yet"),
    ("aten.pixel_shuffle", "depth to space: no kernel yet"),
    ("aten.pixel_unshuffle", "space to depth: no kernel yet"),
    (
        "aten.im2col",
        "`F.unfold`: no kernel yet (conv.rs has an internal im2col)",
    ),
    ("aten.col2im", "`F.fold`: no kernel yet"),
    (
        "aten.embedding_renorm",
        "in-place max-norm renormalization: no kernel yet",
    ),
    // ----- convolution and pooling beyond 2-d ------------------------------------------------
    ("aten.conv3d", "3-d convolution: conv.rs covers 1-d and 2-d"),
    (
        "aten.conv_transpose3d",
        "3-d transposed convolution: conv.rs covers 1-d and 2-d",
    ),
    (
        "aten.avg_pool3d",
        "3-d pooling: the pooling kernels cover 1-d and 2-d",
    ),
    (
        "aten.max_pool3d",
        "3-d pooling: the pooling kernels cover 1-d and 2-d",
    ),
    (
        "aten.adaptive_avg_pool3d",
        "3-d pooling: the pooling kernels cover 1-d and 2-d",
    ),
    (
        "aten.adaptive_max_pool3d",
        "3-d pooling: the pooling kernels cover 1-d and 2-d",
    ),
    (
        "aten.max_pool1d_with_indices",
        "pooling with indices: no kernel yet",
    ),
    (
        "aten.max_pool2d_with_indices",
        "pooling with indices: no kernel yet",
    ),
    (
        "aten.max_pool3d_with_indices",
        "pooling with indices: no kernel yet",
    ),
    (
        "aten.fractional_max_pool2d",
        "random pooling regions: no kernel yet",
    ),
    (
        "aten.fractional_max_pool3d",
        "random pooling regions: no kernel yet",
    ),
    ("aten.max_unpool2d", "unpooling: no kernel yet"),
    ("aten.max_unpool3d", "unpooling: no kernel yet"),
    // ----- upsampling ------------------------------------------------------------------------
    ("aten.upsample_nearest1d", "interpolation: no kernel yet"),
    ("aten.upsample_nearest2d", "interpolation: no kernel yet"),
    ("aten.upsample_nearest3d", "interpolation: no kernel yet"),
    (
        "aten._upsample_nearest_exact1d",
        "interpolation: no kernel yet",
    ),
    (
        "aten._upsample_nearest_exact2d",
        "interpolation: no kernel yet",
    ),
    (
        "aten._upsample_nearest_exact3d",
        "interpolation: no kernel yet",
    ),
    ("aten.upsample_linear1d", "interpolation: no kernel yet"),
    ("aten.upsample_bilinear2d", "interpolation: no kernel yet"),
    (
        "aten._upsample_bilinear2d_aa",
        "interpolation: no kernel yet",
    ),
    ("aten.upsample_bicubic2d", "interpolation: no kernel yet"),
    ("aten.upsample_trilinear3d", "interpolation: no kernel yet"),
    // ----- recurrent layers and losses -------------------------------------------------------
    (
        "aten.rnn_tanh",
        "multi-step Elman RNN: only its cell has a kernel",
    ),
    (
        "aten.rnn_relu",
        "multi-step Elman RNN: only its cell has a kernel",
    ),
    ("aten._ctc_loss", "loss without a kernel yet"),
    ("aten.binary_cross_entropy", "loss without a kernel yet"),
    (
        "aten.binary_cross_entropy_with_logits",
        "loss without a kernel yet",
    ),
    ("aten.cosine_embedding_loss", "loss without a kernel yet"),
    ("aten.hinge_embedding_loss", "loss without a kernel yet"),
    ("aten.huber_loss", "loss without a kernel yet"),
    ("aten.kl_div", "loss without a kernel yet"),
    ("aten.margin_ranking_loss", "loss without a kernel yet"),
    ("aten.multi_margin_loss", "loss without a kernel yet"),
    ("aten.multilabel_margin_loss", "loss without a kernel yet"),
    ("aten.nll_loss_nd", "loss without a kernel yet"),
    ("aten.poisson_nll_loss", "loss without a kernel yet"),
    ("aten.smooth_l1_loss", "loss without a kernel yet"),
    ("aten.soft_margin_loss", "loss without a kernel yet"),
    ("aten.triplet_margin_loss", "loss without a kernel yet"),
];

/// Run the kernel of `target`.
pub fn call(ctx: &mut Ctx, target: &str, node: &Node, args: &Args) -> Res<RVal> {
    if let Some(op) = target.strip_prefix("torch._ops.") {
        return Err(Error::new(ErrorKind::NoKernel, custom_op_reason(op)));
    }
    let (Some(kernel), Some((_, op, overload))) = (kernel_of(target), split_target(target)) else {
        return Err(Error::new(
            ErrorKind::NoKernel,
            format!("no kernel for {target}"),
        ));
    };
    kernel(
        ctx,
        &Call {
            node,
            args,
            op,
            overload,
        },
    )
}

/// Why a custom operator's node (`torch._ops.NS.NAME.default`, defined
/// with `torch.library`) does not run: its implementation is Python code
/// of the model's, which quick runs do not execute.
fn custom_op_reason(op: &str) -> String {
    format!(
        "no kernel for the custom operator {op}: quick runs do not run the Python implementation a torch.library operator has"
    )
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The target whose kernel runs a recorded one: in-place calls run the
    /// functional kernel and write back.
    fn functional(target: &str) -> String {
        crate::exec::inplace_base(target).0
    }

    fn recorded() -> Vec<String> {
        tracer::ops::all_targets().map(functional).collect()
    }

    /// The `NOT_RUNNABLE` entry covering `target`: its own or its packet's.
    fn listed(target: &str) -> Option<&'static (&'static str, &'static str)> {
        let (packet, _, _) = split_target(target)?;
        NOT_RUNNABLE
            .iter()
            .find(|(key, _)| *key == target || *key == packet)
    }

    /// Fails naming every item of `found`, sorted, if there is any.
    fn assert_none(what: &str, mut found: Vec<String>) {
        found.sort();
        found.dedup();
        assert!(found.is_empty(), "{what}: {found:?}");
    }

    #[test]
    fn every_recorded_target_has_a_kernel_or_is_listed_as_not_runnable() {
        let missing = recorded()
            .into_iter()
            .filter(|t| kernel_of(t).is_none() && listed(t).is_none())
            .collect();
        assert_none("no kernel, and not in NOT_RUNNABLE", missing);
    }

    #[test]
    fn every_kernel_key_is_a_recorded_target_or_its_op_packet() {
        let mut known = HashSet::new();
        for t in recorded() {
            if let Some((packet, _, _)) = split_target(&t) {
                known.insert(packet.to_string());
            }
            known.insert(t);
        }
        let unknown = entries()
            .map(|(key, _)| key.to_string())
            .filter(|key| !known.contains(key))
            .collect();
        assert_none("kernels for targets the tracer never records", unknown);
    }

    #[test]
    fn each_kernel_key_is_listed_once() {
        let mut seen = HashSet::new();
        for (key, _) in entries() {
            assert!(seen.insert(key), "{key} has two kernels");
        }
        assert!(seen.len() > 200, "only {} kernels", seen.len());
    }

    #[test]
    fn what_is_not_runnable_is_recorded_has_no_kernel_and_says_why() {
        let recorded = recorded();
        for (key, why) in NOT_RUNNABLE {
            assert!(!why.is_empty(), "{key}: no reason given");
            let covered: Vec<&String> = recorded
                .iter()
                .filter(|t| listed(t).is_some_and(|(k, _)| k == key))
                .collect();
            assert!(
                !covered.is_empty(),
                "{key} is not a target the tracer records"
            );
            for t in covered {
                assert!(
                    kernel_of(t).is_none(),
                    "{t} has a kernel but {key} is listed as not runnable"
                );
            }
        }
    }

    #[test]
    fn a_target_takes_its_own_kernel_before_its_packets() {
        // `max.other` is the elementwise maximum, `max.dim` a reduction.
        let other = kernel_of("aten.max.other").map(|f| f as usize);
        let dim = kernel_of("aten.max.dim").map(|f| f as usize);
        assert!(other.is_some() && dim.is_some() && other != dim);
        assert!(kernel_of("aten.frobnicate.default").is_none());
        assert!(kernel_of("torch.ops.higher_order.cond").is_none());
    }
}
