//! Congruences in torch's export constraint solver (`DimConstraints`):
//! guards with `%` and `//` on one dynamic dim are rewritten with the
//! example value (`rewrite_with_congruences`), each `b % d` or `b // d`
//! adding the congruence `(b - k) % d == 0` where `k` is the remainder at
//! the example; the congruences torch can express with a derived `Dim`
//! (`(s + c) % m == 0`) are combined (`_reduce_congruences`) into one
//! `s == r (mod m)`, which becomes the suggested fixes
//! `_d = Dim('_d', ...)` and `d = m*_d + r` (`_process_derived_dim_roots`).

use shapes::{AtomKind, SymExpr, SymbolId};

/// `s == remainder (mod modulus)`, with `0 <= remainder < modulus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Congruence {
    pub remainder: i64,
    pub modulus: i64,
}

/// `(a*s + c) / den`, den > 0: what `//` becomes after the rewrite.
#[derive(Clone, Copy, Debug)]
struct Lin {
    a: i128,
    c: i128,
    den: i128,
}

impl Lin {
    fn constant(c: i128) -> Lin {
        Lin { a: 0, c, den: 1 }
    }

    fn value(self, hint: i128) -> Option<i128> {
        let n = self.a.checked_mul(hint)?.checked_add(self.c)?;
        (n % self.den == 0).then(|| n / self.den)
    }

    fn normalized(self) -> Lin {
        let g = gcd(gcd(self.a, self.c), self.den).max(1);
        Lin {
            a: self.a / g,
            c: self.c / g,
            den: self.den / g,
        }
    }
}

pub(crate) use symbolic::gcd;

/// Python's `a % m` for m > 0.
fn py_mod(a: i128, m: i128) -> i128 {
    a.rem_euclid(m)
}

/// Collects the congruences of one guard expression (a side of an
/// equality or inequality) univariate in `s`.
struct Rewriter {
    s: SymbolId,
    hint: i128,
    found: Vec<Congruence>,
}

impl Rewriter {
    /// The expression with `//` and `%` rewritten, when it stays linear.
    fn rewrite(&mut self, e: &SymExpr) -> Option<Lin> {
        let mut acc = Lin::constant(i128::from(e.constant()));
        for t in e.terms() {
            let mut term = Lin::constant(i128::from(t.coeff()));
            for f in t.factors() {
                let x = self.atom(&SymExpr::from(f.atom().clone()))?;
                for _ in 0..f.pow() {
                    term = mul(term, x)?;
                }
            }
            acc = add(acc, term)?;
        }
        Some(acc.normalized())
    }

    fn atom(&mut self, e: &SymExpr) -> Option<Lin> {
        match e.as_atom()?.kind() {
            AtomKind::Symbol(x) if x == self.s => Some(Lin { a: 1, c: 0, den: 1 }),
            AtomKind::FloorDiv(b, d) => self.div_mod(b, d, true),
            AtomKind::Mod(b, d) => self.div_mod(b, d, false),
            _ => None,
        }
    }

    /// `b // d` (floor) or `b % d`: evaluate `b % d` at the example value
    /// to `k`, record `(b - k) % d == 0`, return `(b - k) / d` or `k`.
    fn div_mod(&mut self, b: &SymExpr, d: &SymExpr, floor: bool) -> Option<Lin> {
        let (rb, rd) = (self.rewrite(b)?, self.rewrite(d)?);
        let (vb, vd) = (rb.value(self.hint)?, rd.value(self.hint)?);
        if vd <= 0 {
            return None;
        }
        let k = py_mod(vb, vd);
        // b - k
        let num = Lin {
            a: rb.a,
            c: rb.c.checked_sub(k.checked_mul(rb.den)?)?,
            den: rb.den,
        };
        if rd.a == 0 {
            let m = rd.c / rd.den;
            if rd.c % rd.den != 0 || m <= 0 {
                return None;
            }
            if num.den == 1 {
                self.record(num.a, num.c, m);
            }
            return Some(if floor {
                Lin {
                    a: num.a,
                    c: num.c,
                    den: num.den.checked_mul(m)?,
                }
                .normalized()
            } else {
                Lin::constant(k)
            });
        }
        // A symbolic divisor: exact only when the ratio is constant.
        let constant_ratio = num.a.checked_mul(rd.c)? == rd.a.checked_mul(num.c)?;
        if !floor {
            return Some(Lin::constant(k));
        }
        if !constant_ratio {
            return None;
        }
        let (n, q) = (num.a.checked_mul(rd.den)?, num.den.checked_mul(rd.a)?);
        (q != 0 && n % q == 0).then(|| Lin::constant(n / q))
    }

    /// `(a*s + c) % m == 0` as sympy simplifies `Mod`: a common factor of
    /// all three makes it a product torch cannot express; coefficients
    /// reduce modulo `m`; only `Mod(s + c, m)` becomes a congruence.
    fn record(&mut self, a: i128, c: i128, m: i128) {
        let g = gcd(gcd(a, c), m);
        if g != 1 {
            return;
        }
        let (a, c) = (py_mod(a, m), py_mod(c, m));
        if m == 1 || a != 1 {
            return;
        }
        let (Ok(remainder), Ok(modulus)) = (i64::try_from(py_mod(-c, m)), i64::try_from(m)) else {
            return;
        };
        self.found.push(Congruence { remainder, modulus });
    }
}

fn add(x: Lin, y: Lin) -> Option<Lin> {
    let den = x.den.checked_mul(y.den)?;
    Some(
        Lin {
            a: x.a
                .checked_mul(y.den)?
                .checked_add(y.a.checked_mul(x.den)?)?,
            c: x.c
                .checked_mul(y.den)?
                .checked_add(y.c.checked_mul(x.den)?)?,
            den,
        }
        .normalized(),
    )
}

fn mul(x: Lin, y: Lin) -> Option<Lin> {
    if x.a != 0 && y.a != 0 {
        return None;
    }
    let den = x.den.checked_mul(y.den)?;
    Some(
        Lin {
            a: x.a.checked_mul(y.c)?.checked_add(y.a.checked_mul(x.c)?)?,
            c: x.c.checked_mul(y.c)?,
            den,
        }
        .normalized(),
    )
}

/// The congruences torch derives from the sides of the guards on `s`
/// (guards mentioning only `s`, other than `Ne`), combined into one, or
/// `None` when there is none (or they contradict each other).
pub fn reduce(sides: &[&SymExpr], s: SymbolId, hint: i64) -> Option<Congruence> {
    let mut rw = Rewriter {
        s,
        hint: i128::from(hint),
        found: Vec::new(),
    };
    for e in sides {
        if e.symbols().iter().all(|x| *x == s) {
            rw.rewrite(e);
        }
    }
    let mut acc: Option<(i128, i128)> = None;
    for c in rw.found {
        let (r, m) = (i128::from(c.remainder), i128::from(c.modulus));
        acc = Some(match acc {
            None => (r, m),
            Some((r0, m0)) => combine(r0, m0, r, m)?,
        });
    }
    let (r, m) = acc?;
    Some(Congruence {
        remainder: i64::try_from(r).ok()?,
        modulus: i64::try_from(m).ok()?,
    })
}

/// The solution of `x == r0 (mod m0)` and `x == r1 (mod m1)` for moduli
/// that need not be coprime (sympy's `solve_congruence`).
fn combine(r0: i128, m0: i128, r1: i128, m1: i128) -> Option<(i128, i128)> {
    let g = gcd(m0, m1);
    if (r1 - r0) % g != 0 {
        return None;
    }
    let l = (m0 / g).checked_mul(m1)?;
    // x = r0 + m0*t with m0*t == r1 - r0 (mod m1).
    let (m0g, m1g) = (m0 / g, m1 / g);
    let inv = mod_inverse(py_mod(m0g, m1g), m1g)?;
    let t = py_mod(((r1 - r0) / g).checked_mul(inv)?, m1g);
    Some((py_mod(r0.checked_add(m0.checked_mul(t)?)?, l), l))
}

fn mod_inverse(a: i128, m: i128) -> Option<i128> {
    if m == 1 {
        return Some(0);
    }
    let (mut old_r, mut r) = (a, m);
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    (old_r == 1).then(|| py_mod(old_s, m))
}

#[cfg(test)]
// Small known sizes: the panicking conveniences are fine here.
#[allow(clippy::disallowed_methods)]
mod tests {
    use super::*;

    fn s() -> SymExpr {
        SymExpr::symbol(SymbolId(0))
    }

    #[test]
    fn floor_division_by_a_constant_gives_a_congruence() {
        // Eq(12*s, 8*((3*s)//2)) at s = 10: Mod(3*s, 2) == Mod(s, 2).
        let fd = s().mul(&SymExpr::int(3)).floordiv(&SymExpr::int(2));
        let rhs = fd.mul(&SymExpr::int(8));
        let c = reduce(&[&s().mul(&SymExpr::int(12)), &rhs], SymbolId(0), 10);
        assert_eq!(
            c,
            Some(Congruence {
                remainder: 0,
                modulus: 2
            })
        );
    }

    #[test]
    fn an_equality_that_keeps_the_symbol_specializes_it() {
        // Eq((s + 1)//2, 1) at s = 2: (s + 1 - 1)/2 == 1, so s == 2.
        let half = s().add(&SymExpr::int(1)).floordiv(&SymExpr::int(2));
        assert!(equality_pins(&half, &SymExpr::int(1), SymbolId(0), 2));
        // Eq(s//2, 6) at s = 13: (s - 1)/2 == 6.
        let fd = s().floordiv(&SymExpr::int(2));
        assert!(equality_pins(&fd, &SymExpr::int(6), SymbolId(0), 13));
        // Eq(Mod(s, 2), 0) at s = 10 is the congruence, no specialization.
        let m = s().modulo(&SymExpr::int(2));
        assert!(!equality_pins(&m, &SymExpr::int(0), SymbolId(0), 10));
    }

    #[test]
    fn common_factor_is_not_expressible() {
        // Mod(12*s, 8) is 4*Mod(s, 2) in sympy: not a supported congruence.
        let m = s().mul(&SymExpr::int(12)).modulo(&SymExpr::int(8));
        assert_eq!(reduce(&[&m], SymbolId(0), 10), None);
    }

    #[test]
    fn offsets_and_several_congruences_combine() {
        // Mod(s + 1, 4) and Mod(s + 1, 6) at s = 11: s == 11 (mod 12).
        let a = s().add(&SymExpr::int(1)).modulo(&SymExpr::int(4));
        let b = s().add(&SymExpr::int(1)).modulo(&SymExpr::int(6));
        assert_eq!(
            reduce(&[&a, &b], SymbolId(0), 11),
            Some(Congruence {
                remainder: 11,
                modulus: 12
            })
        );
    }

    #[test]
    fn symbolic_divisor_with_constant_ratio_adds_nothing() {
        // Mod(6*s, (3*s)//2) at s = 10: 6*s / (3*s/2) == 4 exactly; only
        // the inner floor division contributes.
        let inner = s().mul(&SymExpr::int(3)).floordiv(&SymExpr::int(2));
        let m = s().mul(&SymExpr::int(6)).modulo(&inner);
        assert_eq!(
            reduce(&[&m], SymbolId(0), 10),
            Some(Congruence {
                remainder: 0,
                modulus: 2
            })
        );
    }

    #[test]
    fn non_unit_coefficient_is_not_expressible() {
        // Mod(3*s + 1, 4): sympy cannot solve it for an integer modulus.
        let m = s()
            .mul(&SymExpr::int(3))
            .add(&SymExpr::int(1))
            .modulo(&SymExpr::int(4));
        assert_eq!(reduce(&[&m], SymbolId(0), 5), None);
    }
}

/// A rational number `num / den`, `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Rat {
    num: i128,
    den: i128,
}

impl Rat {
    fn int(n: i128) -> Rat {
        Rat { num: n, den: 1 }
    }

    fn new(num: i128, den: i128) -> Option<Rat> {
        if den == 0 {
            return None;
        }
        let (num, den) = if den < 0 {
            (num.checked_neg()?, den.checked_neg()?)
        } else {
            (num, den)
        };
        let g = gcd(num, den).max(1);
        Some(Rat {
            num: num / g,
            den: den / g,
        })
    }

    fn add(self, o: Rat) -> Option<Rat> {
        Rat::new(
            self.num
                .checked_mul(o.den)?
                .checked_add(o.num.checked_mul(self.den)?)?,
            self.den.checked_mul(o.den)?,
        )
    }

    fn mul(self, o: Rat) -> Option<Rat> {
        Rat::new(self.num.checked_mul(o.num)?, self.den.checked_mul(o.den)?)
    }

    fn div(self, o: Rat) -> Option<Rat> {
        Rat::new(self.num.checked_mul(o.den)?, self.den.checked_mul(o.num)?)
    }

    fn as_int(self) -> Option<i128> {
        (self.den == 1).then_some(self.num)
    }
}

/// `e` at `s = x` as torch's solver rewrites it: each `b // d` becomes
/// `(b - k) / d` and each `b % d` becomes `k`, `k` being `b % d` at the
/// example value (a rational function of `s`, which needs not stay linear).
fn rewritten_at(e: &SymExpr, s: SymbolId, hint: i128, x: Rat) -> Option<Rat> {
    let mut acc = Rat::int(i128::from(e.constant()));
    for t in e.terms() {
        let mut term = Rat::int(i128::from(t.coeff()));
        for f in t.factors() {
            let v = match f.atom().kind() {
                AtomKind::Symbol(y) if y == s => x,
                AtomKind::FloorDiv(b, d) | AtomKind::Mod(b, d) => {
                    let bh = rewritten_at(b, s, hint, Rat::int(hint))?.as_int()?;
                    let dh = rewritten_at(d, s, hint, Rat::int(hint))?.as_int()?;
                    if dh <= 0 {
                        return None;
                    }
                    let k = Rat::int(py_mod(bh, dh));
                    if matches!(f.atom().kind(), AtomKind::Mod(..)) {
                        k
                    } else {
                        let num = rewritten_at(b, s, hint, x)?.add(k.mul(Rat::int(-1))?)?;
                        num.div(rewritten_at(d, s, hint, x)?)?
                    }
                }
                _ => return None,
            };
            for _ in 0..f.pow() {
                term = term.mul(v)?;
            }
        }
        acc = acc.add(term)?;
    }
    Some(acc)
}

/// Whether torch's solver, given the equality `lhs == rhs` on `s` alone,
/// solves it to a single value: rewritten with the example's remainders
/// (see [`rewritten_at`]) it must still be an equation in `s`, not an
/// identity (`Eq(Mod(s, 2), 0)` rewrites to `0 == 0`, a congruence only).
/// Its solution is then the example value, where it holds.
pub fn equality_pins(lhs: &SymExpr, rhs: &SymExpr, s: SymbolId, hint: i64) -> bool {
    let hint = i128::from(hint);
    let diff_at = |x: i128| -> Option<i128> {
        let x = Rat::int(x);
        let d = rewritten_at(lhs, s, hint, x)?
            .add(rewritten_at(rhs, s, hint, x)?.mul(Rat::int(-1))?)?;
        Some(d.num)
    };
    if diff_at(hint) != Some(0) {
        return false;
    }
    [1, 2, 3, 5, 8, 13]
        .iter()
        .any(|k| diff_at(hint + k).is_some_and(|d| d != 0))
}
