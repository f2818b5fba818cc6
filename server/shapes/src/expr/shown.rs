//! Expressions in the structure sympy gives them when built one operation
//! at a time, to print them exactly as torch logs them.
//!
//! torch computes some values (an element count, a storage's byte size)
//! op by op on sympy expressions, whose automatic evaluation keeps a sum
//! unexpanded when it multiplies anything but a lone number:
//! `s2*(4*s0 - 8*((s0 + 2)//3))`, `16*s2*(s0 - 1) + 16*s2`. A [`Shown`]
//! follows the rules that decide that structure:
//! - an `Add` flattens the sums it adds and collects like terms, a `Mul`
//!   flattens the products it multiplies and collects powers of a base;
//! - a number times a sum (`Mul` of exactly those two) distributes:
//!   `4*(s0 - 1)` is `4*s0 - 4`, `-(a + b)` is `-a - b`;
//! - any other product keeps each sum as a factor: `s2*(s0 - 1)`.
//!
//! A kept sum is an opaque group atom of the polynomial, so adding and
//! multiplying collect terms and powers as sympy does. A value that enters
//! as a canonical [`SymExpr`] takes the product form its printing shows
//! (see [`super::factor`]). Deciding stays on the canonical expansion,
//! [`Shown::expanded`].

use super::factor::factored;
use super::print::Printed;
use super::{Mono, Op, SymExpr, SymResult, SymbolId};

/// An expression with sympy's structure; see the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shown(SymExpr);

impl Shown {
    /// The integer `value`.
    pub fn int(value: i64) -> Shown {
        Shown(SymExpr::int(value))
    }

    /// A value computed elsewhere, in the product form sympy would give
    /// it (a sum with a common factor keeps the rest as a group).
    pub fn of(e: &SymExpr) -> SymResult<Shown> {
        let Some(f) = factored(e) else {
            return Ok(Shown(e.clone()));
        };
        let mut out = SymExpr::int(f.coeff);
        for c in &f.content {
            let atom = SymExpr::from_mono(Mono::atom(c.atom.clone()));
            out = out.checked_mul(&atom.checked_pow(c.pow)?)?;
        }
        out = out.checked_mul(&group(&f.base).checked_pow(f.pow)?)?;
        Ok(Shown(out))
    }

    /// `self + other`.
    pub fn checked_add(&self, other: &Shown) -> SymResult<Shown> {
        Ok(Shown(self.0.checked_add(&other.0)?))
    }

    /// `self - other` (`self + (-1)*other`).
    pub fn checked_sub(&self, other: &Shown) -> SymResult<Shown> {
        self.checked_add(&other.checked_mul(&Shown::int(-1))?)
    }

    /// `self * other`: a number distributes over a sum, any other product
    /// keeps its sums as factors.
    pub fn checked_mul(&self, other: &Shown) -> SymResult<Shown> {
        if self.0.is_const() || other.0.is_const() {
            // Sums stay ungrouped at the top, so scaling distributes.
            return Ok(Shown(self.0.checked_mul(&other.0)?));
        }
        Ok(Shown(kept(&self.0).checked_mul(&kept(&other.0))?))
    }

    /// The canonical (expanded) expression, for deciding.
    pub fn expanded(&self) -> SymResult<SymExpr> {
        expand(&self.0)
    }

    /// Prints as sympy's `str()`, naming symbols with `name` and ordering
    /// by `order_name` (see [`SymExpr::display_with_order`]).
    pub fn display<'a>(
        &'a self,
        name: &'a dyn Fn(SymbolId) -> String,
        order_name: &'a dyn Fn(SymbolId) -> String,
    ) -> Printed<'a> {
        Printed::structured(&self.0, name, order_name)
    }
}

/// `e` with each group replaced by its (expanded) sum.
fn expand(e: &SymExpr) -> SymResult<SymExpr> {
    let failed = std::cell::Cell::new(None);
    let out = e.checked_replace_atoms(&|atom| match atom.as_apply() {
        Some(app) if app.op == Op::Group => expand(&app.args[0])
            .map_err(|err| failed.set(Some(err)))
            .ok(),
        _ => None,
    })?;
    failed.get().map_or(Ok(out), Err)
}

fn group(sum: &SymExpr) -> SymExpr {
    SymExpr::from_apply(Op::Group, vec![sum.clone()])
}

/// `e` as a factor of a product: a sum of two or more arguments becomes a
/// group.
fn kept(e: &SymExpr) -> SymExpr {
    if e.terms().len() + usize::from(e.constant() != 0) >= 2 {
        group(e)
    } else {
        e.clone()
    }
}
