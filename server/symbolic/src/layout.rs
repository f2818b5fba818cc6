//! Strides and storage of fake tensors, and the guards torch's fake tensors
//! add while computing output metadata from them.
//!
//! A tensor made by a view op (`aten.slice`, `aten.view`, ...) shares its
//! base's storage with its own strides and storage offset ([`Layout`]);
//! any other tensor is contiguous in a storage of its own. torch decides
//! three things about an op's output that can add guards on symbolic sizes
//! whose ranges leave them open (`s0 - 4`, `(s1//4)`):
//!
//! - the fake-tensor cache rebuilds a view output with `set_` under
//!   `suppress_guards` (c10's `_compute_contiguous`, then the storage bounds
//!   check), and a fresh output with `empty_strided` (its storage size asks
//!   whether a size is 0): each open decision is logged as a
//!   `[guard suppressed]` guard that adds no fact ([`view_cache_checks`],
//!   [`fresh_cache_checks`]);
//! - make_fx stores each node's `tensor_meta` (`_extract_tensor_metadata`
//!   calls `_prims_common.is_contiguous` with `false_if_dde`), which guards
//!   `numel >= 2` and each size `!= 1` ([`tensor_meta_checks`]).

use shapes::SymExpr;
use shapes::expr::{Shown, SymResult};

use crate::cmp::CmpKind;
use crate::shape_env::ShapeEnv;

/// Where a view's elements live in its base's storage.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// One stride per dimension, in elements.
    pub strides: Vec<SymExpr>,
    /// The storage offset, in elements.
    pub offset: SymExpr,
    /// The number of elements the storage holds, as torch computes its
    /// byte size from the allocated tensor (see [`storage_span`]).
    pub storage_numel: Shown,
}

impl Layout {
    /// A tensor of `shape` alone in a contiguous storage of its own, sized
    /// by its element count (an op's output).
    pub fn contiguous(shape: &[SymExpr]) -> SymResult<Layout> {
        Ok(Layout {
            strides: contiguous_strides(shape)?,
            offset: SymExpr::int(0),
            storage_numel: product(shape.iter().map(Shown::of))?,
        })
    }

    /// Like [`Self::contiguous`], its storage sized from its strides (see
    /// [`storage_span`]), as torch sizes an input's.
    pub fn spanning(shape: &[SymExpr]) -> SymResult<Layout> {
        let strides = contiguous_strides(shape)?;
        Ok(Layout {
            storage_numel: storage_span(shape, &strides)?,
            strides,
            offset: SymExpr::int(0),
        })
    }

    /// [`Self::allocated`] by `new_empty(shape)` (a convolution's output):
    /// the same strides, its storage sized by its element count.
    pub fn allocated_empty(env: &ShapeEnv, shape: &[SymExpr]) -> SymResult<Layout> {
        Ok(Layout {
            storage_numel: Layout::contiguous(shape)?.storage_numel,
            ..Layout::allocated(env, shape)?
        })
    }
}

impl Layout {
    /// A tensor allocated by torch's `make_contiguous_strides_for`: each
    /// stride the product of `Max(1, size)` of the sizes after it, as the
    /// Python references of reductions allocate their outputs.
    pub fn allocated(env: &ShapeEnv, shape: &[SymExpr]) -> SymResult<Layout> {
        let mut strides = vec![SymExpr::int(1); shape.len()];
        let mut acc = SymExpr::int(1);
        for (i, d) in shape.iter().enumerate().rev() {
            strides[i] = acc.clone();
            acc = acc.checked_mul(&at_least_one(env, d))?;
        }
        Ok(Layout {
            storage_numel: storage_span(shape, &strides)?,
            strides,
            offset: SymExpr::int(0),
        })
    }
}

/// The strides of a view of a tensor of `shape` and `strides` as
/// `new_shape`, when its elements can be addressed without a copy (c10's
/// `computeStride`): each run of dims that is contiguous in the input is
/// split or merged on its own. `None` when a copy is needed or when a
/// comparison it needs is not decided.
pub fn view_strides(
    shape: &[SymExpr],
    strides: &[SymExpr],
    new_shape: &[SymExpr],
    decide: Decide,
) -> Option<Vec<SymExpr>> {
    let one = SymExpr::int(1);
    let eq = |a: &SymExpr, b: &SymExpr| decide(a, CmpKind::Eq, b);
    if shape.is_empty() || strides.len() != shape.len() {
        return None;
    }
    if shape.iter().any(|d| eq(d, &SymExpr::int(0)) != Some(false)) {
        return None;
    }
    let mut out = vec![SymExpr::int(0); new_shape.len()];
    let mut view_d = new_shape.len();
    let mut chunk_base = strides.last()?.clone();
    let (mut tensor_numel, mut view_numel) = (one.clone(), one.clone());
    for d in (0..shape.len()).rev() {
        tensor_numel = tensor_numel.checked_mul(&shape[d]).ok()?;
        let chunk_ends = d == 0 || {
            let next_is_one = eq(&shape[d - 1], &one)?;
            let adjacent = eq(
                &strides[d - 1],
                &tensor_numel.checked_mul(&chunk_base).ok()?,
            )?;
            !next_is_one && !adjacent
        };
        if chunk_ends {
            while view_d > 0 {
                let size = &new_shape[view_d - 1];
                let more = decide(&view_numel, CmpKind::Lt, &tensor_numel)?;
                if !more && !eq(size, &one)? {
                    break;
                }
                out[view_d - 1] = view_numel.checked_mul(&chunk_base).ok()?;
                view_numel = view_numel.checked_mul(size).ok()?;
                view_d -= 1;
            }
            if !eq(&view_numel, &tensor_numel)? {
                return None;
            }
            if d > 0 {
                chunk_base = strides[d - 1].clone();
                tensor_numel = one.clone();
                view_numel = one.clone();
            }
        }
    }
    (view_d == 0).then_some(out)
}

/// How a comparison of two sizes or strides comes out, when it is known.
pub type Decide<'a> = &'a dyn Fn(&SymExpr, CmpKind, &SymExpr) -> Option<bool>;

/// The strides of an elementwise op's output (TensorIterator's dimension
/// order): `None` when every operand is contiguous (the output is too);
/// otherwise the output is dense with its dims ordered as the operands'
/// strides order them. Each operand is a shape and its strides, broadcast
/// to `shape` (a missing or stretched dim has stride 0 and says nothing).
pub fn elementwise_strides(
    shape: &[SymExpr],
    operands: &[(&[SymExpr], &[SymExpr])],
    decide: Decide,
) -> Option<Vec<SymExpr>> {
    let rank = shape.len();
    if rank < 2 {
        return None;
    }
    let one = SymExpr::int(1);
    let zero = SymExpr::int(0);
    let mut broadcast = Vec::new();
    let mut all_contiguous = true;
    for (op_shape, op_strides) in operands {
        if op_shape.is_empty() || op_strides.len() != op_shape.len() || op_shape.len() > rank {
            continue;
        }
        let contiguous = contiguous_strides(op_shape).ok()?;
        all_contiguous &=
            op_shape
                .iter()
                .zip(op_strides.iter().zip(&contiguous))
                .all(|(size, (have, want))| {
                    *size == one || decide(have, CmpKind::Eq, want) == Some(true)
                });
        let lead = rank - op_shape.len();
        let strides: Vec<SymExpr> = (0..rank)
            .map(|d| match d.checked_sub(lead) {
                Some(i) if !(op_shape[i] == one && shape[d] != one) => op_strides[i].clone(),
                _ => zero.clone(),
            })
            .collect();
        broadcast.push(strides);
    }
    if all_contiguous || broadcast.is_empty() {
        return None;
    }
    // 1: `a` is outside `b`; -1: inside; 0: no operand tells.
    let order = |a: usize, b: usize| -> i32 {
        for strides in &broadcast {
            let (sa, sb) = (&strides[a], &strides[b]);
            if *sa == zero || *sb == zero {
                continue;
            }
            if decide(sa, CmpKind::Lt, sb) == Some(true) {
                return -1;
            }
            if decide(sa, CmpKind::Gt, sb) == Some(true) {
                return 1;
            }
            if decide(&shape[a], CmpKind::Gt, &shape[b]) == Some(true) {
                return 1;
            }
        }
        0
    };
    // Innermost first; an insertion sort that leaves undecided pairs be.
    let mut perm: Vec<usize> = (0..rank).rev().collect();
    for i in 1..rank {
        let mut inner = i;
        for outer in (0..i).rev() {
            match order(perm[outer], perm[inner]) {
                c if c > 0 => {
                    perm.swap(outer, inner);
                    inner = outer;
                }
                c if c < 0 => break,
                _ => {}
            }
        }
    }
    dense_strides(shape, &perm)
}

/// Dense strides for `shape` with its dims laid out innermost first in
/// `perm`.
pub fn dense_strides(shape: &[SymExpr], perm: &[usize]) -> Option<Vec<SymExpr>> {
    let mut strides = vec![SymExpr::int(1); shape.len()];
    let mut step = SymExpr::int(1);
    for &d in perm {
        strides[d] = step.clone();
        step = step.checked_mul(&shape[d]).ok()?;
    }
    Some(strides)
}

/// `Max(1, d)`, written `d` where sympy sees `d >= 1` once each symbol is
/// shifted to start at 1 (torch's static evaluation rewrites a size of
/// range [lo, ..] as `s' + lo - 1`, `s'` a positive integer): a constant
/// of at least 1, or a sum of positive multiples of products of sizes
/// (`s`, `2*s*t + 1`, `s - 1` when `s >= 2`). Any other size (`s - 2`
/// when `s >= 2`, `s//4`) keeps its `Max`.
fn at_least_one(env: &ShapeEnv, d: &SymExpr) -> SymExpr {
    let shifted = env.shifted_to_positive(d).unwrap_or_else(|| d.clone());
    let linear_positive = shifted.constant() >= 0
        && shifted.terms().iter().all(|t| {
            t.factors()
                .iter()
                .all(|f| matches!(f.atom().kind(), shapes::AtomKind::Symbol(_)))
        })
        && structural_lower_bound(&shifted).is_some_and(|lo| lo >= 1);
    // A floor division is judged on its own structure: sympy's assumptions
    // know nothing of the ranges the shift reads.
    if linear_positive || structural_lower_bound(d).is_some_and(|lo| lo >= 1) {
        d.clone()
    } else {
        SymExpr::int(1).max(d)
    }
}

/// The least value sympy's assumptions give `e` from its structure alone,
/// as `Max(1, e)` simplifies: each size symbol a positive integer (at
/// least 1), a floor division of a nonnegative value by a positive
/// constant nonnegative (and no more: `Max(1, s0//2)` stays), sums and
/// products with positive coefficients adding and multiplying their
/// factors' bounds. `None` when the structure says nothing.
fn structural_lower_bound(e: &SymExpr) -> Option<i64> {
    let mut total = e.constant();
    for term in e.terms() {
        if term.coeff() <= 0 {
            return None;
        }
        let mut product = term.coeff();
        for factor in term.factors() {
            let lo: i64 = match factor.atom().kind() {
                shapes::AtomKind::Symbol(_) => 1,
                shapes::AtomKind::FloorDiv(base, divisor) => {
                    let nonnegative = structural_lower_bound(base).is_some_and(|lo| lo >= 0);
                    if !(nonnegative && divisor.as_const().is_some_and(|q| q > 0)) {
                        return None;
                    }
                    0
                }
                _ => return None,
            };
            product = product.checked_mul(lo.checked_pow(factor.pow())?)?;
        }
        total = total.checked_add(product)?;
    }
    Some(total)
}

/// Row-major strides: each the product of the sizes after it.
pub fn contiguous_strides(shape: &[SymExpr]) -> SymResult<Vec<SymExpr>> {
    let mut strides = vec![SymExpr::int(1); shape.len()];
    let mut acc = SymExpr::int(1);
    for (i, d) in shape.iter().enumerate().rev() {
        strides[i] = acc.clone();
        acc = acc.checked_mul(d)?;
    }
    Ok(strides)
}

/// The product of the sizes.
pub fn numel(shape: &[SymExpr]) -> SymResult<SymExpr> {
    shape
        .iter()
        .try_fold(SymExpr::int(1), |acc, d| acc.checked_mul(d))
}

/// The elements a storage allocated for `shape` with `strides` spans, as
/// c10's storage byte size counts them before the item size: 1 plus each
/// `stride * (size - 1)` in turn, 0 when a size is 0.
pub fn storage_span(shape: &[SymExpr], strides: &[SymExpr]) -> SymResult<Shown> {
    let one = Shown::int(1);
    let mut span = one.clone();
    for (size, stride) in shape.iter().zip(strides) {
        if size.is_zero() {
            return Ok(Shown::int(0));
        }
        let less = Shown::of(size)?.checked_sub(&one)?;
        span = span.checked_add(&Shown::of(stride)?.checked_mul(&less)?)?;
    }
    Ok(span)
}

/// c10's element count: the product of the sizes from the left.
fn product(mut sizes: impl Iterator<Item = SymResult<Shown>>) -> SymResult<Shown> {
    sizes.try_fold(Shown::int(1), |acc, d| acc.checked_mul(&d?))
}

/// The layout of `x[start:]` on `dim` (any stop and step: the new size is
/// `shape[dim]`; the step multiplies the stride).
pub fn slice(base: &Layout, dim: usize, start: &SymExpr, step: i64) -> SymResult<Layout> {
    let mut out = base.clone();
    if let Some(s) = base.strides.get(dim) {
        out.offset = base.offset.checked_add(&start.checked_mul(s)?)?;
        out.strides[dim] = s.checked_mul(&SymExpr::int(step))?;
    }
    Ok(out)
}

/// The layout of `x.unsqueeze(dim)` (`0 <= dim <= rank`): the new size-1
/// dim's stride is `size[dim] * stride[dim]`, or 1 past the last dim, as
/// ATen's `inferUnsqueezeGeometry` makes it.
pub fn unsqueezed(shape: &[SymExpr], base: &Layout, dim: usize) -> SymResult<Layout> {
    let stride = match (shape.get(dim), base.strides.get(dim)) {
        (Some(size), Some(stride)) => size.checked_mul(stride)?,
        _ => SymExpr::int(1),
    };
    let mut out = base.clone();
    out.strides.insert(dim.min(out.strides.len()), stride);
    Ok(out)
}

/// The layout of `x.squeeze(dim)` for a size-1 `dim`: its stride dropped.
pub fn squeezed(base: &Layout, dim: usize) -> Layout {
    let mut out = base.clone();
    if dim < out.strides.len() {
        out.strides.remove(dim);
    }
    out
}

/// The contiguity loop: from the last dimension, skip sizes that are 1
/// (`guard_or_false(size == 1)`) and compare each stride with the expected
/// one (`guard_or_true(stride != expected)`); a stride that differs is
/// compared again with the expected stride of `make_contiguous_strides_for`
/// (the product of `Max(1, size)`), and only a stride unlike both makes the
/// tensor non-contiguous. Returns whether contiguous.
fn contiguity_loop(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    strides: &[SymExpr],
    line: Option<u32>,
    suppressed: bool,
) -> SymResult<bool> {
    let one = SymExpr::int(1);
    let mut expected = SymExpr::int(1);
    let mut expected_max = SymExpr::int(1);
    for (size, stride) in shape.iter().zip(strides).rev() {
        // The common case, settled without a query: a size of at least 2
        // whose stride is the expected one as written.
        let large = env.range_of(size).lo >= shapes::Bound::Finite(2);
        if !large && env.guard_or(size, CmpKind::Eq, &one, line, false, suppressed) {
            continue;
        }
        let unlike = |env: &mut ShapeEnv, want: &SymExpr| {
            env.simplify(stride) != env.simplify(want)
                && env.guard_or(stride, CmpKind::Ne, want, line, true, suppressed)
        };
        if unlike(env, &expected) && unlike(env, &expected_max) {
            return Ok(false);
        }
        expected_max = expected_max.checked_mul(&at_least_one(env, size))?;
        expected = expected.checked_mul(size)?;
    }
    Ok(true)
}

/// The fake-tensor cache rebuilding a view output (`empty.set_(storage,
/// offset, shape, stride)` under `suppress_guards`): the element count is
/// asked whether not 0 and then whether 0, the contiguity loop runs, then the storage bounds check
/// `itemsize * (offset + numel) <= storage bytes` for a contiguous view,
/// `itemsize * (offset + 1 + sum((size - 1) * stride))` for any other
/// (after asking of each size whether it is 0).
pub fn view_cache_checks(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    layout: &Layout,
    itemsize: i64,
    line: Option<u32>,
) -> SymResult<()> {
    let n = product(shape.iter().map(|d| env.shown(d)))?;
    // Asked twice: whether not 0, then whether 0 (each logged).
    env.guard_or_shown(&n, CmpKind::Ne, &Shown::int(0), line, true);
    if env.guard_or_shown(&n, CmpKind::Eq, &Shown::int(0), line, false) {
        return Ok(());
    }
    let contiguous = contiguity_loop(env, shape, &layout.strides, line, true)?;
    // A contiguous view needs `offset + numel` elements; any other one
    // up to its last element.
    let offset = env.shown(&layout.offset)?;
    let end = if contiguous {
        offset.checked_add(&n)?
    } else {
        // The span asks of each size whether it is 0 (then no storage is
        // needed).
        for size in shape {
            let zero = Shown::int(0);
            if env.guard_or_shown(&env.shown(size)?, CmpKind::Eq, &zero, line, false) {
                return Ok(());
            }
        }
        offset.checked_add(&storage_span(shape, &layout.strides)?)?
    };
    let bytes = Shown::int(itemsize);
    let needed = bytes.checked_mul(&end)?;
    let have = bytes.checked_mul(&layout.storage_numel)?;
    env.guard_or_shown(&needed, CmpKind::Le, &have, line, true);
    Ok(())
}

/// The fake-tensor cache rebuilding a fresh output (`empty_strided` under
/// `suppress_guards`): `check_size_nonnegative` asks of each size whether it
/// is at least 0 (open for an expanded product such as `s0*s1 - s0`), then
/// its storage size asks of each size whether it is 0.
pub fn fresh_cache_checks(env: &mut ShapeEnv, shape: &[SymExpr], line: Option<u32>) {
    let zero = SymExpr::int(0);
    for size in shape {
        env.guard_or(size, CmpKind::Ge, &zero, line, true, true);
    }
    for size in shape {
        if env.guard_or(size, CmpKind::Eq, &zero, line, false, true) {
            return;
        }
    }
}

/// make_fx's `tensor_meta` of a node's output: whether it is contiguous
/// (guards, no line).
pub fn tensor_meta_checks(env: &mut ShapeEnv, shape: &[SymExpr], layout: &Layout) -> SymResult<()> {
    is_contiguous_or_false(env, shape, &layout.strides, None)?;
    Ok(())
}

/// torch's `is_contiguous_or_false`: asks `numel < 2`, then runs the
/// contiguity loop, each open question a guard on `line`.
pub fn is_contiguous_or_false(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    strides: &[SymExpr],
    line: Option<u32>,
) -> SymResult<bool> {
    if fewer_than_two_elements(env, shape, line)? {
        return Ok(true);
    }
    contiguity_loop(env, shape, strides, line, false)
}

/// `guard_or_false(numel < 2)`, unasked when the ranges put it at 2 or more.
fn fewer_than_two_elements(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    line: Option<u32>,
) -> SymResult<bool> {
    let n = numel(shape)?;
    let large = env.range_of(&n).lo >= shapes::Bound::Finite(2);
    Ok(!large && env.guard_or(&n, CmpKind::Lt, &SymExpr::int(2), line, false, false))
}

/// torch's `is_non_overlapping_and_dense_or_false`: asks `numel < 2`,
/// then sorts the (size, stride) pairs by stride as CPython's `sorted`
/// does (the run it counts from the front, then binary insertion of the
/// rest), each comparison `guard_or_false(stride_a < stride_b)` on `line`,
/// and runs the contiguity loop on the sorted pairs, outermost first. (A
/// comparison that is false asks torch more, whether the larger stride is
/// a multiple of the smaller; it is taken only when decided without a
/// guard.)
pub fn is_non_overlapping_and_dense_or_false(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    strides: &[SymExpr],
    line: Option<u32>,
) -> SymResult<bool> {
    if fewer_than_two_elements(env, shape, line)? {
        return Ok(true);
    }
    if let ([_], [stride]) = (shape, strides) {
        return Ok(env.guard_or(stride, CmpKind::Eq, &SymExpr::int(1), line, false, false));
    }
    let built = built_strides(env, shape, strides)?;
    let mut pairs: Vec<(SymExpr, SymExpr, Shown)> = shape
        .iter()
        .cloned()
        .zip(strides.iter().cloned())
        .zip(built)
        .map(|((size, stride), shown)| (size, stride, shown))
        .collect();
    let zero = SymExpr::int(0);
    python_sort(env, &mut pairs, |env, a, b| {
        // `1 < s` with a plain int on the left is Python's reflected `s > 1`.
        let less = if a.1.is_const() && !b.1.is_const() {
            env.guard_or_as_built(&b.2, CmpKind::Gt, &a.2, line, false, false)
        } else {
            env.guard_or_as_built(&a.2, CmpKind::Lt, &b.2, line, false, false)
        };
        less || (env.static_decide(&a.1, CmpKind::Eq, &zero) == Some(true)
            && env.static_decide(&a.1, CmpKind::Ne, &b.1) == Some(true))
    });
    let (sizes, strides): (Vec<SymExpr>, Vec<SymExpr>) = pairs
        .into_iter()
        .rev()
        .map(|(size, stride, _)| (size, stride))
        .unzip();
    contiguity_loop(env, &sizes, &strides, line, false)
}

/// CPython 3.11's `list.sort` on a short list (under 64 items, one run):
/// the run at the front (strictly descending runs are reversed), then
/// binary insertion of each later item; `less` is asked exactly the
/// comparisons CPython asks, in its order.
fn python_sort<T>(
    env: &mut ShapeEnv,
    items: &mut [T],
    mut less: impl FnMut(&mut ShapeEnv, &T, &T) -> bool,
) {
    let n = items.len();
    if n < 2 {
        return;
    }
    let mut run = 2;
    if less(env, &items[1], &items[0]) {
        while run < n && less(env, &items[run], &items[run - 1]) {
            run += 1;
        }
        items[..run].reverse();
    } else {
        while run < n && !less(env, &items[run], &items[run - 1]) {
            run += 1;
        }
    }
    for start in run..n {
        let (mut lo, mut hi) = (0, start);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if less(env, &items[start], &items[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        items[lo..=start].rotate_right(1);
    }
}

/// torch's `is_channels_last_contiguous_or_false` for a 4-d tensor: from
/// the channels, then width, height and batch, skip sizes that are 1 and
/// compare each stride with the running product of the sizes before it
/// (guards on `line`). Any other rank is not channels-last.
pub fn is_channels_last_or_false(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    strides: &[SymExpr],
    line: Option<u32>,
) -> SymResult<bool> {
    if shape.len() != 4 || strides.len() != 4 {
        return Ok(false);
    }
    let one = SymExpr::int(1);
    let built = built_strides(env, shape, strides)?;
    let mut expected = Shown::int(1);
    for i in [1, 3, 2, 0] {
        let (size, stride) = (&shape[i], &strides[i]);
        let large = env.range_of(size).lo >= shapes::Bound::Finite(2);
        if !large && env.guard_or(size, CmpKind::Eq, &one, line, false, false) {
            continue;
        }
        if env.simplify(stride) != env.simplify(&expected.expanded()?)
            && env.guard_or_as_built(&built[i], CmpKind::Ne, &expected, line, true, false)
        {
            return Ok(false);
        }
        expected = expected.checked_mul(&env.shown(size)?)?;
    }
    Ok(true)
}

/// Strides as torch built them: a contiguous tensor's as products of its
/// sizes (`(a + 1)*(b + 1)`, each size a factor), any other's as read.
fn built_strides(env: &ShapeEnv, shape: &[SymExpr], strides: &[SymExpr]) -> SymResult<Vec<Shown>> {
    let contiguous = contiguous_strides(shape)?;
    let same = strides.len() == shape.len()
        && strides
            .iter()
            .zip(&contiguous)
            .all(|(a, b)| env.simplify(a) == env.simplify(b));
    if !same {
        return strides.iter().map(|s| env.shown(s)).collect();
    }
    let mut out = vec![Shown::int(1); shape.len()];
    let mut running = Shown::int(1);
    for (slot, size) in out.iter_mut().zip(shape).rev() {
        *slot = running.clone();
        running = running.checked_mul(&env.shown(size)?)?;
    }
    Ok(out)
}

/// c10's `is_channels_last_strides_2d` / `_3d` on a 4-d / 5-d tensor (what
/// `suggest_memory_format` asks, so `to(memory_format=...)` of a
/// convolution's output): unless the channels' stride is 0, from the
/// channels then the spatial dims from the last and the batch, each size
/// is asked whether 0 and each stride whether below the running minimum
/// (a size above 1 multiplies it). The questions are plain comparisons of
/// symbolic values: real guards on `line`. Any other rank is not
/// channels-last.
pub fn strides_like_channels_last(
    env: &mut ShapeEnv,
    shape: &[SymExpr],
    strides: &[SymExpr],
    line: Option<u32>,
) -> SymResult<bool> {
    let order: &[usize] = match (shape.len(), strides.len()) {
        (4, 4) => &[1, 3, 2, 0],
        (5, 5) => &[1, 4, 3, 2, 0],
        _ => return Ok(false),
    };
    let ask = |env: &mut ShapeEnv, a: &SymExpr, op: CmpKind, b: &SymExpr| {
        env.evaluate(a, op, b, line).unwrap_or(false)
    };
    let (zero, one) = (SymExpr::int(0), SymExpr::int(1));
    if ask(env, &strides[1], CmpKind::Eq, &zero) {
        return Ok(false);
    }
    let mut min = zero.clone();
    for &d in order {
        if ask(env, &shape[d], CmpKind::Eq, &zero) || ask(env, &strides[d], CmpKind::Lt, &min) {
            return Ok(false);
        }
        if d == 0 && ask(env, &min, CmpKind::Eq, &strides[1]) {
            return Ok(false);
        }
        min = strides[d].clone();
        if ask(env, &shape[d], CmpKind::Gt, &one) {
            min = min.checked_mul(&shape[d])?;
        }
    }
    Ok(true)
}

#[cfg(test)]
// Small known sizes: the panicking conveniences are fine here.
#[allow(clippy::disallowed_methods)]
mod tests {
    use super::*;
    use shapes::ValueRange;

    fn ints(v: &[i64]) -> Vec<SymExpr> {
        v.iter().map(|&i| SymExpr::int(i)).collect()
    }

    fn constant_decide(a: &SymExpr, op: CmpKind, b: &SymExpr) -> Option<bool> {
        let (a, b) = (a.as_const()?, b.as_const()?);
        Some(match op {
            CmpKind::Eq => a == b,
            CmpKind::Lt => a < b,
            CmpKind::Gt => a > b,
            _ => return None,
        })
    }

    #[test]
    fn a_view_keeps_runs_of_contiguous_dims_and_refuses_to_merge_others() {
        // [2, 4, 5, 8] laid out as [2, 5, 4, 8] transposed: (160, 8, 32, 1).
        let (shape, strides) = (ints(&[2, 4, 5, 8]), ints(&[160, 8, 32, 1]));
        assert_eq!(
            view_strides(&shape, &strides, &ints(&[2, 4, 5, 8]), &constant_decide),
            Some(strides.clone())
        );
        // Dims 0 and 1 are not adjacent in memory: no view merges them.
        assert_eq!(
            view_strides(&shape, &strides, &ints(&[8, 5, 8]), &constant_decide),
            None
        );
        assert_eq!(
            view_strides(&shape, &strides, &ints(&[2, 4, 5, 2, 4]), &constant_decide),
            Some(ints(&[160, 8, 32, 4, 1]))
        );
        // Merging the transposed dims 1 and 2 needs a copy.
        assert_eq!(
            view_strides(&shape, &strides, &ints(&[2, 20, 8]), &constant_decide),
            None
        );
    }

    #[test]
    fn elementwise_outputs_follow_their_operands_stride_order() {
        let shape = ints(&[2, 4, 5, 8]);
        let transposed = ints(&[160, 8, 32, 1]);
        let broadcast_shape = ints(&[1, 1, 5, 8]);
        let broadcast_strides = ints(&[40, 40, 8, 1]);
        // A transposed operand times a broadcast contiguous one.
        let out = elementwise_strides(
            &shape,
            &[
                (&shape, &transposed),
                (&broadcast_shape, &broadcast_strides),
            ],
            &constant_decide,
        );
        assert_eq!(out, Some(transposed.clone()));
        // Contiguous operands give a contiguous (fresh) output.
        let contiguous = contiguous_strides(&shape).unwrap();
        assert_eq!(
            elementwise_strides(&shape, &[(&shape, &contiguous)], &constant_decide),
            None
        );
        // Dense strides in a given order, innermost first.
        assert_eq!(dense_strides(&shape, &[3, 1, 2, 0]), Some(transposed));
    }

    fn env_with(hint: i64, lo: i64) -> (ShapeEnv, SymExpr) {
        let mut env = ShapeEnv::new();
        let s = env.create_backed(
            "L['x'].size()[0]",
            "x.size()[0]".into(),
            hint,
            ValueRange::new(shapes::Bound::Finite(lo), shapes::Bound::Finite(1024)),
            None,
        );
        (env, s)
    }

    fn texts(env: &ShapeEnv) -> Vec<String> {
        env.reported_guards()
            .into_iter()
            .map(|(g, _, _)| g)
            .collect()
    }

    #[test]
    fn max_one_drops_where_sympy_knows_the_size_is_positive() {
        let (env, s) = env_with(9, 2);
        let conv_out = s
            .checked_sub(&SymExpr::int(1))
            .and_then(|e| e.checked_floordiv(&SymExpr::int(2)))
            .and_then(|e| e.checked_add(&SymExpr::int(1)))
            .unwrap();
        assert_eq!(at_least_one(&env, &conv_out), conv_out);
        let half = s.checked_floordiv(&SymExpr::int(2)).unwrap();
        assert_eq!(at_least_one(&env, &half), SymExpr::int(1).max(&half));
    }

    #[test]
    fn python_sort_asks_the_comparisons_cpython_asks() {
        let (mut env, _) = env_with(4, 2);
        let mut asked = Vec::new();
        let mut items = vec![3, 1, 2, 5, 4];
        python_sort(&mut env, &mut items, |_, a, b| {
            asked.push((*a, *b));
            a < b
        });
        assert_eq!(items, [1, 2, 3, 4, 5]);
        // The run [3, 1] descends, 2 is not below 1; then 2, 5 and 4 are
        // inserted by bisection.
        assert_eq!(
            asked,
            [
                (1, 3),
                (2, 1),
                (2, 3),
                (2, 1),
                (5, 2),
                (5, 3),
                (4, 3),
                (4, 5)
            ]
        );
    }

    #[test]
    fn a_contiguous_layout_sorted_by_stride_asks_each_neighbour_once() {
        let (mut env, w) = env_with(4, 1);
        let h = w.clone();
        let shape = vec![SymExpr::int(1), SymExpr::int(8), h.clone(), w.clone()];
        let strides = contiguous_strides(&shape).unwrap();
        assert!(is_non_overlapping_and_dense_or_false(&mut env, &shape, &strides, None).unwrap());
        assert!(
            texts(&env)
                .iter()
                .any(|t| t.contains(">") || t.contains("<")),
            "{:?}",
            texts(&env)
        );
    }

    #[test]
    fn contiguous_strides_are_products_of_later_sizes() {
        let (_, s) = env_with(10, 2);
        let st = contiguous_strides(&[SymExpr::int(2), s.clone(), SymExpr::int(3)]).unwrap();
        assert_eq!(
            st,
            vec![s.mul(&SymExpr::int(3)), SymExpr::int(3), SymExpr::int(1)]
        );
    }

    #[test]
    fn slice_moves_offset_and_keeps_storage() {
        let (_, s) = env_with(10, 2);
        let base = Layout::contiguous(&[s.clone(), SymExpr::int(3)]).unwrap();
        let l = slice(&base, 0, &SymExpr::int(2), 1).unwrap();
        assert_eq!(l.offset, SymExpr::int(6));
        assert_eq!(l.strides, base.strides);
        assert_eq!(l.storage_numel, base.storage_numel);
    }

    #[test]
    fn open_size_one_is_a_suppressed_then_a_real_guard() {
        // x[2:-2] of a (s, 3) tensor with s >= 5: `s - 4 == 1` is open.
        let (mut env, s) = env_with(10, 5);
        let shape = [s.sub(&SymExpr::int(4)), SymExpr::int(3)];
        let base = Layout::contiguous(&[s.clone(), SymExpr::int(3)]).unwrap();
        let l = slice(&base, 0, &SymExpr::int(2), 1).unwrap();
        view_cache_checks(&mut env, &shape, &l, 4, Some(3)).unwrap();
        assert_eq!(
            texts(&env),
            vec!["[guard suppressed] Ne(x.size()[0] - 4, 1)"]
        );
        assert!(env.guards.is_empty());
        tensor_meta_checks(&mut env, &shape, &l).unwrap();
        assert_eq!(env.guards.len(), 1);
        assert_eq!(env.guard_text(&env.guards[0]), "Ne(x.size()[0] - 4, 1)");
        // Asked again, the decision is known: no new guard.
        tensor_meta_checks(&mut env, &shape, &l).unwrap();
        assert_eq!(env.guards.len(), 1);
    }

    #[test]
    fn decided_sizes_add_nothing() {
        let (mut env, s) = env_with(10, 2);
        let shape = [s.clone(), SymExpr::int(3)];
        let l = Layout::contiguous(&shape).unwrap();
        view_cache_checks(&mut env, &shape, &l, 4, None).unwrap();
        tensor_meta_checks(&mut env, &shape, &l).unwrap();
        fresh_cache_checks(&mut env, &shape, None);
        assert!(texts(&env).is_empty());
    }

    #[test]
    fn storage_bounds_of_a_view_past_an_offset() {
        // tokens[1:].view(-1, 4): ((s - 1)//4, 4) at offset 1 in s elements.
        let (mut env, s) = env_with(13, 5);
        let q = s.sub(&SymExpr::int(1)).floordiv(&SymExpr::int(4));
        let shape = [q, SymExpr::int(4)];
        let l = Layout {
            strides: vec![SymExpr::int(4), SymExpr::int(1)],
            offset: SymExpr::int(1),
            storage_numel: Shown::of(&s).unwrap(),
        };
        view_cache_checks(&mut env, &shape, &l, 4, None).unwrap();
        assert_eq!(
            texts(&env),
            vec![
                "[guard suppressed] Ne(((x.size()[0] - 1)//4), 1)",
                "[guard suppressed] 16*(((x.size()[0] - 1)//4)) + 4 <= 4*x.size()[0]",
            ]
        );
    }

    #[test]
    fn a_stride_unlike_the_expected_one_is_compared_with_its_max_form_too() {
        // x[:, :s//2] of a (3, s) tensor: the row stride s is neither
        // s//2 nor Max(1, s//2), and both are asked (torch 2.15,
        // `check_contiguous_sizes_strides`), by the view cache (open,
        // suppressed), then by `tensor_meta` (still open: cached).
        let (mut env, s) = env_with(7, 2);
        let q = s.floordiv(&SymExpr::int(2));
        let shape = [SymExpr::int(3), q];
        let l = Layout::contiguous(&[SymExpr::int(3), s.clone()]).unwrap();
        view_cache_checks(&mut env, &shape, &l, 4, None).unwrap();
        assert!(
            texts(&env).contains(
                &"[guard suppressed] Ne(x.size()[0], Max(1, (x.size()[0]//2)))".to_string()
            ),
            "{:?}",
            texts(&env)
        );
        tensor_meta_checks(&mut env, &shape, &l).unwrap();
        let got: Vec<String> = env.guards.iter().map(|g| env.guard_text(g)).collect();
        assert_eq!(
            got,
            vec![
                "Ne((x.size()[0]//2), 1)",
                "Ne(x.size()[0], (x.size()[0]//2))",
                "Ne(x.size()[0], Max(1, (x.size()[0]//2)))",
            ]
        );
    }

    #[test]
    fn fresh_output_asks_whether_a_size_is_zero() {
        let (mut env, s) = env_with(12, 2);
        let q = s.floordiv(&SymExpr::int(4));
        fresh_cache_checks(&mut env, &[SymExpr::int(2), q, SymExpr::int(3)], None);
        assert_eq!(
            texts(&env),
            vec!["[guard suppressed] Ne((x.size()[0]//4), 0)"]
        );
    }
}
