//! Kernels: one function per ATen target, over the node's bound arguments
//! (positional in the op's schema order, as the tracer records them, plus
//! keyword arguments by name). Dispatch is by target; an unknown target is
//! a clear "no kernel" error.
//!
//! Sub-modules: [`pointwise`] (elementwise arithmetic, activations,
//! comparisons), [`reduce`] (sums, means, extrema), [`shape`] (views,
//! indexing, joining, constructors), [`nn`] (linear algebra, convolution,
//! pooling, normalization, attention, recurrent layers).

pub mod conv;
pub mod nn;
pub mod pointwise;
pub mod reduce;
pub mod shape;

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

fn no_kernel(target: &str, node: &Node) -> Error {
    let _ = node;
    Error::new(ErrorKind::NoKernel, format!("no kernel for {target}"))
}

/// Run the kernel of `target`.
pub fn call(ctx: &mut Ctx, target: &str, node: &Node, a: &Args) -> Res<RVal> {
    if let Some(v) = pointwise::call(ctx, target, node, a)? {
        return Ok(v);
    }
    if let Some(v) = reduce::call(ctx, target, node, a)? {
        return Ok(v);
    }
    if let Some(v) = shape::call(ctx, target, node, a)? {
        return Ok(v);
    }
    if let Some(v) = nn::call(ctx, target, node, a)? {
        return Ok(v);
    }
    Err(no_kernel(target, node))
}
