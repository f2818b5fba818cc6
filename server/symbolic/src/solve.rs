//! Isolating one symbol of a relation on its left-hand side, as torch's
//! `try_solve` does before it narrows a symbol's range from a guard
//! (`_refine_ranges`): constants and terms free of the symbol move to the
//! right, a product is divided by its factors free of the symbol (their sign
//! known, the division exact: torch keeps only integral solutions), and a
//! floor division by a positive divisor becomes an inequality on its
//! numerator (`(s//6) >= 1` is `s >= 6`). Equalities and disequalities of a
//! floor division are not solved.

use shapes::{Atom, AtomKind, Bound, SymExpr, SymbolId, ValueRange};

use crate::cmp::CmpKind;

/// How many rewriting rounds torch tries before giving up.
const TRIALS: usize = 5;

/// `lhs op rhs` rewritten as `thing op' rhs'`, or `None` when `thing` cannot
/// be isolated (it occurs on both sides, under a function other than a floor
/// division, or only a fractional right-hand side would isolate it).
pub fn isolate(
    lhs: &SymExpr,
    op: CmpKind,
    rhs: &SymExpr,
    thing: SymbolId,
) -> Option<(CmpKind, SymExpr)> {
    let (mut lhs, mut op, mut rhs) = match (lhs.free_of(thing), rhs.free_of(thing)) {
        (false, true) => (lhs.clone(), op, rhs.clone()),
        (true, false) => (rhs.clone(), op.mirror(), lhs.clone()),
        _ => return None,
    };
    for _ in 0..TRIALS {
        let before = (lhs.clone(), op, rhs.clone());
        (lhs, op, rhs) = isolate_once(lhs, op, rhs, thing)?;
        if (&lhs, op, &rhs) == (&before.0, before.1, &before.2) {
            break;
        }
    }
    (lhs.as_symbol() == Some(thing)).then_some((op, rhs))
}

/// One round: move what is free of `thing` to the right, divide by the
/// factors free of it, open a floor division. `None`: no integral solution.
fn isolate_once(
    lhs: SymExpr,
    op: CmpKind,
    rhs: SymExpr,
    thing: SymbolId,
) -> Option<(SymExpr, CmpKind, SymExpr)> {
    let (mut lhs, mut op, mut rhs) = (lhs, op, rhs);
    // A sum: the terms (and constant) free of `thing` go to the right.
    if lhs.terms().len() > 1 || (lhs.terms().len() == 1 && lhs.constant() != 0) {
        let mut free = SymExpr::int(lhs.constant());
        for t in lhs.terms() {
            let term = term_expr(t.coeff(), t.factors().iter().map(|f| (f.atom(), f.pow())))?;
            if term.free_of(thing) {
                free = free.checked_add(&term).ok()?;
            }
        }
        lhs = lhs.checked_sub(&free).ok()?;
        rhs = rhs.checked_sub(&free).ok()?;
    }
    // A product: divide both sides by its factors free of `thing`.
    let product = match (lhs.terms(), lhs.constant()) {
        ([t], 0) if t.coeff() != 1 || t.factors().len() > 1 => Some(t.clone()),
        _ => None,
    };
    if let Some(t) = product {
        let free: Vec<_> = t
            .factors()
            .iter()
            .filter(|f| SymExpr::from(f.atom().clone()).free_of(thing))
            .map(|f| (f.atom(), f.pow()))
            .collect();
        let other = term_expr(t.coeff(), free.iter().copied())?;
        let negative = is_negative(&other);
        let inequality = !matches!(op, CmpKind::Eq | CmpKind::Ne);
        // An inequality needs the sign of the divisor, an equality a
        // non-zero right-hand side.
        let divides = if inequality {
            negative.is_some()
        } else {
            !rhs.is_zero()
        };
        if divides {
            let kept: Vec<_> = t
                .factors()
                .iter()
                .filter(|f| !SymExpr::from(f.atom().clone()).free_of(thing))
                .map(|f| (f.atom(), f.pow()))
                .collect();
            let kept = term_expr(1, kept)?;
            rhs = divide_exact(&rhs, t.coeff(), &free)?;
            lhs = kept;
            if inequality && negative == Some(true) {
                op = op.mirror();
            }
        }
    }
    // A floor division by a positive divisor: a bound on its numerator.
    if let Some(atom) = lhs.as_atom()
        && let AtomKind::FloorDiv(numerator, divisor) = atom.kind()
        && assumed_range(divisor).lo > Bound::Finite(0)
    {
        let bound = |q: SymExpr| q.checked_mul(divisor).ok();
        let next = |rhs: &SymExpr| rhs.checked_add(&SymExpr::int(1)).ok();
        let (op, rhs) = match op {
            CmpKind::Eq | CmpKind::Ne => return None,
            CmpKind::Ge => (CmpKind::Ge, bound(rhs)?),
            CmpKind::Gt => (CmpKind::Ge, bound(next(&rhs)?)?),
            CmpKind::Lt => (CmpKind::Lt, bound(rhs)?),
            CmpKind::Le => (CmpKind::Lt, bound(next(&rhs)?)?),
        };
        return Some((numerator.clone(), op, rhs));
    }
    Some((lhs, op, rhs))
}

/// `coeff * prod(atom**pow)`.
fn term_expr<'a>(
    coeff: i64,
    factors: impl IntoIterator<Item = (&'a Atom, u32)>,
) -> Option<SymExpr> {
    let mut out = SymExpr::int(coeff);
    for (atom, pow) in factors {
        let f = SymExpr::from(atom.clone()).checked_pow(pow).ok()?;
        out = out.checked_mul(&f).ok()?;
    }
    Some(out)
}

/// `e / (coeff * prod(atom**pow))` when every term divides exactly.
fn divide_exact(e: &SymExpr, coeff: i64, factors: &[(&Atom, u32)]) -> Option<SymExpr> {
    if coeff == 0 {
        return None;
    }
    let constant = e.constant();
    if constant != 0 && (!factors.is_empty() || constant % coeff != 0) {
        return None;
    }
    let mut out = SymExpr::int(constant.checked_div(coeff)?);
    for t in e.terms() {
        if t.coeff() % coeff != 0 {
            return None;
        }
        let mut left: Vec<(&Atom, u32)> = t.factors().iter().map(|f| (f.atom(), f.pow())).collect();
        for (atom, pow) in factors {
            let i = left.iter().position(|(a, p)| a == atom && p >= pow)?;
            left[i].1 -= pow;
        }
        left.retain(|(_, p)| *p > 0);
        let term = term_expr(t.coeff().checked_div(coeff)?, left)?;
        out = out.checked_add(&term).ok()?;
    }
    Some(out)
}

/// Whether `e` is known negative (`Some(true)`), known not negative
/// (`Some(false)`) or neither, as sympy's `is_negative` tells from what it
/// assumes of size symbols (positive integers), not from their ranges.
fn is_negative(e: &SymExpr) -> Option<bool> {
    let r = assumed_range(e);
    if r.lo >= Bound::Finite(0) {
        Some(false)
    } else if r.hi < Bound::Finite(0) {
        Some(true)
    } else {
        None
    }
}

/// The range of `e` when each symbol is any positive integer.
fn assumed_range(e: &SymExpr) -> ValueRange {
    let positive = ValueRange::new(Bound::Finite(1), Bound::PosInf);
    ValueRange::of(e, &|_| positive)
}

#[cfg(test)]
// Small known expressions: the panicking conveniences are fine here.
#[allow(clippy::disallowed_methods)]
mod tests {
    use super::*;

    fn s(i: u32) -> SymExpr {
        SymExpr::symbol(SymbolId(i))
    }

    fn int(v: i64) -> SymExpr {
        SymExpr::int(v)
    }

    #[test]
    fn follows_torch_try_solve() {
        let a = s(0);
        let b = s(1);
        let half = a.checked_floordiv(&int(2)).unwrap();
        // `(a//2) - 1 >= 2`: a >= 6.
        let lhs = half.checked_sub(&int(1)).unwrap();
        assert_eq!(
            isolate(&lhs, CmpKind::Ge, &int(2), SymbolId(0)),
            Some((CmpKind::Ge, int(6)))
        );
        // `3*(a//2) <= 6`: a < 6.
        let lhs = half.checked_mul(&int(3)).unwrap();
        assert_eq!(
            isolate(&lhs, CmpKind::Le, &int(6), SymbolId(0)),
            Some((CmpKind::Lt, int(6)))
        );
        // `2*a >= 5`: only a fraction isolates a.
        let lhs = a.checked_mul(&int(2)).unwrap();
        assert_eq!(isolate(&lhs, CmpKind::Ge, &int(5), SymbolId(0)), None);
        // `a*b >= 3*b`: a >= 3; `b > a`, solved for a: a < b.
        let lhs = a.checked_mul(&b).unwrap();
        let rhs = b.checked_mul(&int(3)).unwrap();
        assert_eq!(
            isolate(&lhs, CmpKind::Ge, &rhs, SymbolId(0)),
            Some((CmpKind::Ge, int(3)))
        );
        assert_eq!(
            isolate(&b, CmpKind::Gt, &a, SymbolId(0)),
            Some((CmpKind::Lt, b.clone()))
        );
        // On both sides, or as an equality of a floor division: unsolved.
        assert_eq!(isolate(&half, CmpKind::Le, &a, SymbolId(0)), None);
        assert_eq!(isolate(&half, CmpKind::Eq, &int(3), SymbolId(0)), None);
    }
}
