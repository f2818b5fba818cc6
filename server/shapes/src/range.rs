//! Integer value ranges with infinite bounds, like torch's `ValueRanges`
//! over `int_oo`.
//!
//! A [`ValueRange`] is the closed interval `[lo, hi]`; it is empty when
//! `lo > hi`. Arithmetic is interval arithmetic: every operation returns a
//! range containing all results for operands in the input ranges. Finite
//! arithmetic that overflows `i64` saturates to the matching infinity
//! instead of panicking, as torch turns too-large values into `int_oo`.

use std::fmt;

use crate::expr::{AtomKind, SymExpr, SymbolId, py_floordiv, py_mod};

/// A bound of a [`ValueRange`]; ordered `NegInf < Finite(_) < PosInf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bound {
    /// `-int_oo`.
    NegInf,
    /// An integer.
    Finite(i64),
    /// `int_oo`.
    PosInf,
}

/// Which way to resolve an undefined bound (`oo - oo`): a lower bound
/// rounds down, an upper bound up, so the result stays a sound enclosure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Down,
    Up,
}

impl Bound {
    /// The finite value, if any.
    pub fn finite(self) -> Option<i64> {
        match self {
            Bound::Finite(v) => Some(v),
            Bound::NegInf | Bound::PosInf => None,
        }
    }

    fn signum(self) -> i64 {
        match self {
            Bound::NegInf => -1,
            Bound::Finite(v) => v.signum(),
            Bound::PosInf => 1,
        }
    }

    /// The infinity with the sign of `sign` (which is not 0).
    fn inf(sign: i64) -> Bound {
        if sign < 0 {
            Bound::NegInf
        } else {
            Bound::PosInf
        }
    }

    fn add(self, other: Bound, dir: Dir) -> Bound {
        use Bound::{Finite, NegInf, PosInf};
        match (self, other) {
            (Finite(a), Finite(b)) => a.checked_add(b).map_or(Bound::inf(a.signum()), Finite),
            (PosInf, NegInf) | (NegInf, PosInf) => match dir {
                Dir::Down => NegInf,
                Dir::Up => PosInf,
            },
            (PosInf, _) | (_, PosInf) => PosInf,
            (NegInf, _) | (_, NegInf) => NegInf,
        }
    }

    fn neg(self) -> Bound {
        match self {
            Bound::NegInf => Bound::PosInf,
            Bound::PosInf => Bound::NegInf,
            Bound::Finite(v) => v.checked_neg().map_or(Bound::PosInf, Bound::Finite),
        }
    }

    /// Sign-aware product; `0 * oo == 0`.
    fn mul(self, other: Bound) -> Bound {
        let sign = self.signum() * other.signum();
        match (self, other) {
            (Bound::Finite(a), Bound::Finite(b)) => {
                a.checked_mul(b).map_or(Bound::inf(sign), Bound::Finite)
            }
            _ if sign == 0 => Bound::Finite(0),
            _ => Bound::inf(sign),
        }
    }

    /// Python floor division of bounds; `other` is not 0.
    fn floordiv(self, other: Bound) -> Bound {
        let sign = self.signum() * other.signum();
        match (self, other) {
            (Bound::Finite(a), Bound::Finite(b)) => {
                py_floordiv(a, b).map_or(Bound::inf(sign), Bound::Finite)
            }
            // A finite value over an infinite one is a fraction tending to
            // 0 from the side given by the signs.
            (Bound::Finite(_), _) => Bound::Finite(if sign < 0 { -1 } else { 0 }),
            _ => Bound::inf(sign),
        }
    }

    fn pow(self, exp: u32) -> Bound {
        match self {
            Bound::Finite(v) => v.checked_pow(exp).map_or_else(
                || Bound::inf(if v < 0 && exp & 1 == 1 { -1 } else { 1 }),
                Bound::Finite,
            ),
            _ if exp == 0 => Bound::Finite(1),
            Bound::NegInf if exp & 1 == 0 => Bound::PosInf,
            inf => inf,
        }
    }
}

impl From<i64> for Bound {
    fn from(v: i64) -> Self {
        Bound::Finite(v)
    }
}

impl fmt::Display for Bound {
    /// torch's spelling: `-int_oo`, `5`, `int_oo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::NegInf => f.write_str("-int_oo"),
            Bound::Finite(v) => write!(f, "{v}"),
            Bound::PosInf => f.write_str("int_oo"),
        }
    }
}

/// The closed integer interval `[lo, hi]`, empty when `lo > hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValueRange {
    /// Lower bound (inclusive).
    pub lo: Bound,
    /// Upper bound (inclusive).
    pub hi: Bound,
}

impl ValueRange {
    /// `[lo, hi]`, as given (empty if `lo > hi`).
    pub const fn new(lo: Bound, hi: Bound) -> Self {
        ValueRange { lo, hi }
    }

    /// `[v, v]`.
    pub const fn exact(v: i64) -> Self {
        ValueRange::new(Bound::Finite(v), Bound::Finite(v))
    }

    /// `[-int_oo, int_oo]`.
    pub const fn unbounded() -> Self {
        ValueRange::new(Bound::NegInf, Bound::PosInf)
    }

    /// `[lo, int_oo]`.
    pub const fn at_least(lo: i64) -> Self {
        ValueRange::new(Bound::Finite(lo), Bound::PosInf)
    }

    /// `[-int_oo, hi]`.
    pub const fn at_most(hi: i64) -> Self {
        ValueRange::new(Bound::NegInf, Bound::Finite(hi))
    }

    /// The canonical empty range `[int_oo, -int_oo]`.
    pub const fn empty() -> Self {
        ValueRange::new(Bound::PosInf, Bound::NegInf)
    }

    /// Whether no integer lies in the range.
    pub fn is_empty(&self) -> bool {
        self.lo > self.hi
    }

    /// Whether `v` lies in the range.
    pub fn contains(&self, v: i64) -> bool {
        self.lo <= Bound::Finite(v) && Bound::Finite(v) <= self.hi
    }

    /// Whether every value of `other` lies in `self`.
    pub fn contains_range(&self, other: &ValueRange) -> bool {
        other.is_empty() || (self.lo <= other.lo && other.hi <= self.hi)
    }

    /// The single value, if the range is `[v, v]`.
    pub fn as_exact(&self) -> Option<i64> {
        match (self.lo, self.hi) {
            (Bound::Finite(a), Bound::Finite(b)) if a == b => Some(a),
            _ => None,
        }
    }

    /// The values in both ranges.
    pub fn intersect(&self, other: &ValueRange) -> ValueRange {
        ValueRange::new(self.lo.max(other.lo), self.hi.min(other.hi))
    }

    /// The smallest range containing both (the hull).
    pub fn union(&self, other: &ValueRange) -> ValueRange {
        if self.is_empty() {
            return *other;
        }
        if other.is_empty() {
            return *self;
        }
        ValueRange::new(self.lo.min(other.lo), self.hi.max(other.hi))
    }

    /// Applies `f` unless an operand is empty.
    fn lift(&self, other: &ValueRange, f: impl FnOnce() -> ValueRange) -> ValueRange {
        if self.is_empty() || other.is_empty() {
            ValueRange::empty()
        } else {
            f()
        }
    }

    /// `{a + b}`.
    pub fn add(&self, other: &ValueRange) -> ValueRange {
        self.lift(other, || {
            ValueRange::new(
                self.lo.add(other.lo, Dir::Down),
                self.hi.add(other.hi, Dir::Up),
            )
        })
    }

    /// `{-a}`.
    pub fn neg(&self) -> ValueRange {
        if self.is_empty() {
            return ValueRange::empty();
        }
        ValueRange::new(self.hi.neg(), self.lo.neg())
    }

    /// `{a - b}`.
    pub fn sub(&self, other: &ValueRange) -> ValueRange {
        self.add(&other.neg())
    }

    /// The hull of `f` applied to the four corners.
    fn corners(&self, other: &ValueRange, f: impl Fn(Bound, Bound) -> Bound) -> ValueRange {
        let products = [
            f(self.lo, other.lo),
            f(self.lo, other.hi),
            f(self.hi, other.lo),
            f(self.hi, other.hi),
        ];
        let lo = products.iter().copied().min().unwrap_or(Bound::NegInf);
        let hi = products.iter().copied().max().unwrap_or(Bound::PosInf);
        ValueRange::new(lo, hi)
    }

    /// `{a * b}`, sign-aware, with `0 * oo == 0`.
    pub fn mul(&self, other: &ValueRange) -> ValueRange {
        self.lift(other, || self.corners(other, Bound::mul))
    }

    /// `{a ** exp}` (tighter than repeated [`mul`](Self::mul): even powers
    /// are non-negative).
    pub fn pow(&self, exp: u32) -> ValueRange {
        if self.is_empty() {
            return ValueRange::empty();
        }
        if exp == 0 {
            return ValueRange::exact(1);
        }
        let (lo, hi) = (self.lo.pow(exp), self.hi.pow(exp));
        // Odd powers are increasing, and so are even ones on `[0, oo]`.
        if exp & 1 == 1 || self.lo >= Bound::Finite(0) {
            ValueRange::new(lo, hi)
        } else if self.hi <= Bound::Finite(0) {
            ValueRange::new(hi, lo)
        } else {
            ValueRange::new(Bound::Finite(0), lo.max(hi))
        }
    }

    /// `{a // b}` with Python floor semantics; unbounded if `other`
    /// contains 0.
    pub fn floordiv(&self, other: &ValueRange) -> ValueRange {
        self.lift(other, || {
            if other.contains(0) {
                ValueRange::unbounded()
            } else {
                self.corners(other, Bound::floordiv)
            }
        })
    }

    /// `{a % b}` with Python semantics (the result takes the sign of `b`);
    /// values of `b` equal to 0 are ignored.
    pub fn modulo(&self, other: &ValueRange) -> ValueRange {
        self.lift(other, || {
            let positive = other.intersect(&ValueRange::at_least(1));
            let negative = other.intersect(&ValueRange::at_most(-1));
            let from_positive = if positive.is_empty() {
                ValueRange::empty()
            } else {
                self.modulo_positive(&positive)
            };
            let from_negative = if negative.is_empty() {
                ValueRange::empty()
            } else {
                // a % b == -((-a) % (-b))
                self.neg().modulo_positive(&negative.neg()).neg()
            };
            from_positive.union(&from_negative)
        })
    }

    /// `{a % b}` for a non-empty `self` and `b >= 1`.
    fn modulo_positive(&self, divisor: &ValueRange) -> ValueRange {
        // a % b == a when 0 <= a < b.
        if self.lo >= Bound::Finite(0) && self.hi < divisor.lo {
            return *self;
        }
        // Within one period of the divisor the result grows with `a`.
        let one_period = match (self.lo, self.hi, divisor.as_exact()) {
            (Bound::Finite(lo), Bound::Finite(hi), Some(d))
                if py_floordiv(lo, d) == py_floordiv(hi, d) =>
            {
                py_mod(lo, d).zip(py_mod(hi, d))
            }
            _ => None,
        };
        if let Some((a, b)) = one_period {
            return ValueRange::new(Bound::Finite(a), Bound::Finite(b));
        }
        let below_divisor = divisor.hi.add(Bound::Finite(-1), Dir::Up);
        // For a >= 0, a % b <= a as well.
        let hi = if self.lo >= Bound::Finite(0) {
            below_divisor.min(self.hi)
        } else {
            below_divisor
        };
        ValueRange::new(Bound::Finite(0), hi)
    }

    /// `{max(a, b)}`.
    pub fn max(&self, other: &ValueRange) -> ValueRange {
        self.lift(other, || {
            ValueRange::new(self.lo.max(other.lo), self.hi.max(other.hi))
        })
    }

    /// `{min(a, b)}`.
    pub fn min(&self, other: &ValueRange) -> ValueRange {
        self.lift(other, || {
            ValueRange::new(self.lo.min(other.lo), self.hi.min(other.hi))
        })
    }

    /// Bounds `expr` by interval arithmetic, given the range of each symbol.
    pub fn of(expr: &SymExpr, range_of: &dyn Fn(SymbolId) -> ValueRange) -> ValueRange {
        let mut acc = ValueRange::exact(expr.constant());
        for term in expr.terms() {
            let mut product = ValueRange::exact(term.coeff());
            for factor in term.factors() {
                let base = match factor.atom().kind() {
                    AtomKind::Symbol(id) => range_of(id),
                    AtomKind::FloorDiv(a, b) => {
                        ValueRange::of(a, range_of).floordiv(&ValueRange::of(b, range_of))
                    }
                    AtomKind::Mod(a, b) => {
                        let dividend = ValueRange::of(a, range_of);
                        // `a % b` is `a` when 0 <= a < b, seen on `b - a` as a
                        // whole (torch's `Mod` evaluates `a < b` symbolically):
                        // `Mod(s, s*t)` with t >= 2.
                        let below = b
                            .checked_sub(a)
                            .is_ok_and(|gap| ValueRange::of(&gap, range_of).lo > Bound::Finite(0));
                        if dividend.lo >= Bound::Finite(0) && below {
                            dividend
                        } else {
                            dividend.modulo(&ValueRange::of(b, range_of))
                        }
                    }
                    AtomKind::Max(args) => fold(args, range_of, ValueRange::max),
                    AtomKind::Min(args) => fold(args, range_of, ValueRange::min),
                };
                product = product.mul(&base.pow(factor.pow()));
            }
            acc = acc.add(&product);
        }
        acc
    }
}

fn fold(
    args: &[SymExpr],
    range_of: &dyn Fn(SymbolId) -> ValueRange,
    op: fn(&ValueRange, &ValueRange) -> ValueRange,
) -> ValueRange {
    args.iter()
        .map(|a| ValueRange::of(a, range_of))
        .reduce(|a, b| op(&a, &b))
        .unwrap_or_else(ValueRange::unbounded)
}

impl fmt::Display for ValueRange {
    /// torch's spelling: `VR[2, int_oo]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VR[{}, {}]", self.lo, self.hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Bound::{Finite, NegInf, PosInf};

    fn vr(lo: Bound, hi: Bound) -> ValueRange {
        ValueRange::new(lo, hi)
    }

    fn fin(lo: i64, hi: i64) -> ValueRange {
        vr(Finite(lo), Finite(hi))
    }

    #[test]
    fn bounds_are_ordered() {
        assert!(NegInf < Finite(i64::MIN));
        assert!(Finite(i64::MAX) < PosInf);
        assert!(Finite(-1) < Finite(0));
    }

    #[test]
    fn constructors_and_queries() {
        assert_eq!(ValueRange::exact(3), fin(3, 3));
        assert_eq!(ValueRange::at_least(2), vr(Finite(2), PosInf));
        assert_eq!(ValueRange::unbounded(), vr(NegInf, PosInf));
        assert!(ValueRange::empty().is_empty());
        assert!(fin(3, 2).is_empty());
        assert!(!fin(2, 2).is_empty());
        assert!(ValueRange::at_least(2).contains(i64::MAX));
        assert!(!ValueRange::at_least(2).contains(1));
        assert!(fin(-5, 5).contains(0));
        assert_eq!(fin(4, 4).as_exact(), Some(4));
        assert_eq!(fin(4, 5).as_exact(), None);
        assert!(ValueRange::at_least(0).contains_range(&fin(1, 9)));
        assert!(!fin(0, 5).contains_range(&fin(1, 9)));
    }

    #[test]
    fn intersect_and_union() {
        let a = ValueRange::at_least(2);
        let b = fin(0, 10);
        assert_eq!(a.intersect(&b), fin(2, 10));
        assert_eq!(a.union(&b), ValueRange::at_least(0));
        assert!(fin(0, 1).intersect(&fin(5, 6)).is_empty());
        assert_eq!(ValueRange::empty().union(&b), b);
    }

    #[test]
    fn addition_with_infinities() {
        assert_eq!(
            ValueRange::at_least(2).add(&ValueRange::exact(1)),
            ValueRange::at_least(3)
        );
        assert_eq!(
            ValueRange::at_least(2).add(&ValueRange::at_most(0)),
            ValueRange::unbounded()
        );
        assert_eq!(
            ValueRange::at_least(2).sub(&fin(1, 4)),
            ValueRange::at_least(-2)
        );
        assert_eq!(fin(1, 2).neg(), fin(-2, -1));
        assert_eq!(ValueRange::at_least(5).neg(), ValueRange::at_most(-5));
    }

    #[test]
    fn overflow_saturates() {
        let max = ValueRange::exact(i64::MAX);
        assert_eq!(max.add(&ValueRange::exact(1)), vr(PosInf, PosInf));
        let min = ValueRange::exact(i64::MIN);
        assert_eq!(min.sub(&ValueRange::exact(1)), vr(NegInf, NegInf));
        assert_eq!(min.neg(), vr(PosInf, PosInf));
        assert_eq!(max.mul(&ValueRange::exact(-2)), vr(NegInf, NegInf));
        assert_eq!(fin(i64::MIN, 0).floordiv(&ValueRange::exact(-1)).hi, PosInf);
        assert_eq!(fin(2, 3).pow(64), vr(PosInf, PosInf));
    }

    #[test]
    fn multiplication_is_sign_aware() {
        assert_eq!(
            ValueRange::at_least(2).mul(&ValueRange::exact(-1)),
            ValueRange::at_most(-2)
        );
        assert_eq!(fin(-2, 3).mul(&fin(-5, 4)), fin(-15, 12));
        assert_eq!(
            ValueRange::at_least(0).mul(&ValueRange::exact(0)),
            fin(0, 0)
        );
        assert_eq!(
            ValueRange::at_least(0).mul(&ValueRange::at_least(0)),
            ValueRange::at_least(0)
        );
        assert_eq!(
            ValueRange::at_least(-1).mul(&ValueRange::at_least(1)),
            ValueRange::unbounded()
        );
    }

    #[test]
    fn powers() {
        assert_eq!(fin(-2, 3).pow(2), fin(0, 9));
        assert_eq!(fin(-3, -2).pow(2), fin(4, 9));
        assert_eq!(fin(-2, 3).pow(3), fin(-8, 27));
        assert_eq!(ValueRange::at_most(-1).pow(2), ValueRange::at_least(1));
        assert_eq!(ValueRange::unbounded().pow(0), fin(1, 1));
    }

    #[test]
    fn floor_division() {
        assert_eq!(fin(0, 10).floordiv(&ValueRange::exact(3)), fin(0, 3));
        assert_eq!(fin(-7, 7).floordiv(&ValueRange::exact(2)), fin(-4, 3));
        assert_eq!(
            ValueRange::at_least(4).floordiv(&ValueRange::exact(2)),
            ValueRange::at_least(2)
        );
        assert_eq!(fin(5, 5).floordiv(&ValueRange::at_least(2)), fin(0, 2));
        assert_eq!(fin(-5, -5).floordiv(&ValueRange::at_least(1)), fin(-5, -1));
        assert_eq!(fin(1, 10).floordiv(&fin(-2, -1)), fin(-10, -1));
        assert_eq!(fin(1, 10).floordiv(&fin(-1, 1)), ValueRange::unbounded());
    }

    #[test]
    fn modulo() {
        assert_eq!(
            ValueRange::at_least(0).modulo(&ValueRange::exact(4)),
            fin(0, 3)
        );
        assert_eq!(fin(0, 2).modulo(&ValueRange::exact(4)), fin(0, 2));
        assert_eq!(fin(5, 6).modulo(&ValueRange::exact(4)), fin(1, 2));
        assert_eq!(fin(-7, -6).modulo(&ValueRange::exact(4)), fin(1, 2));
        assert_eq!(fin(3, 9).modulo(&ValueRange::exact(4)), fin(0, 3));
        assert_eq!(fin(0, 2).modulo(&ValueRange::at_least(5)), fin(0, 2));
        assert_eq!(
            ValueRange::unbounded().modulo(&ValueRange::at_least(1)),
            ValueRange::at_least(0)
        );
        assert_eq!(fin(0, 10).modulo(&ValueRange::exact(-4)), fin(-3, 0));
        assert_eq!(fin(0, 10).modulo(&fin(-4, 4)), fin(-3, 3));
    }

    #[test]
    fn max_and_min() {
        assert_eq!(fin(0, 5).max(&fin(2, 3)), fin(2, 5));
        assert_eq!(fin(0, 5).min(&ValueRange::at_least(2)), fin(0, 5));
        assert_eq!(ValueRange::at_most(1).max(&fin(3, 4)), fin(3, 4));
    }

    #[test]
    fn empty_propagates() {
        let e = ValueRange::empty();
        assert!(e.add(&fin(0, 1)).is_empty());
        assert!(fin(0, 1).mul(&e).is_empty());
        assert!(e.floordiv(&fin(1, 1)).is_empty());
        assert!(e.neg().is_empty());
    }

    #[test]
    fn display_like_torch() {
        assert_eq!(ValueRange::at_least(2).to_string(), "VR[2, int_oo]");
        assert_eq!(ValueRange::at_most(5).to_string(), "VR[-int_oo, 5]");
        assert_eq!(ValueRange::exact(3).to_string(), "VR[3, 3]");
        assert_eq!(fin(-4, -1).to_string(), "VR[-4, -1]");
    }

    #[test]
    fn range_of_expressions() {
        let s = |i| SymExpr::symbol(SymbolId(i));
        let range_of = |id: SymbolId| match id.0 {
            0 => ValueRange::at_least(2),
            1 => fin(0, 10),
            _ => ValueRange::unbounded(),
        };
        let of = |e: &SymExpr| ValueRange::of(e, &range_of);
        assert_eq!(of(&SymExpr::int(7)), fin(7, 7));
        assert_eq!(of(&s(0).add(&SymExpr::int(1))), ValueRange::at_least(3));
        assert_eq!(of(&s(0).neg()), ValueRange::at_most(-2));
        assert_eq!(of(&s(1).mul(&s(1))), fin(0, 100));
        assert_eq!(of(&s(2).pow(2)), ValueRange::at_least(0));
        assert_eq!(of(&s(1).sub(&s(1).pow(2))), fin(-100, 10));
        assert_eq!(of(&s(1).floordiv(&SymExpr::int(3))), fin(0, 3));
        assert_eq!(of(&s(2).modulo(&SymExpr::int(4))), fin(0, 3));
        assert_eq!(of(&s(1).max(&s(0))), ValueRange::at_least(2));
        assert_eq!(of(&s(1).min(&SymExpr::int(4))), fin(0, 4));
        assert_eq!(
            of(&s(0).mul(&s(1)).add(&SymExpr::int(4))),
            ValueRange::at_least(4)
        );
    }

    #[test]
    fn a_modulo_below_its_divisor_is_the_dividend() {
        let s = |i| SymExpr::symbol(SymbolId(i));
        let range_of = |id: SymbolId| match id.0 {
            0 => fin(2, 50),
            _ => fin(3, 9),
        };
        let of = |e: &SymExpr| ValueRange::of(e, &range_of);
        // s0 % (s0 + s1): the divisor exceeds the dividend by s1 >= 3.
        assert_eq!(of(&s(0).modulo(&s(0).add(&s(1)))), fin(2, 50));
        // s0 % s1 may wrap: only the divisor bounds it.
        assert_eq!(of(&s(0).modulo(&s(1))), fin(0, 8));
    }
}
