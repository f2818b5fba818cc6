//! The product form sympy would show for an expanded sum.
//!
//! torch's sizes are sympy expressions built by multiplying sizes, and
//! sympy keeps a product of a sum factored (`32*s0*(((s1//10)) - 1)`,
//! `s0*(((s1//10)) - 1)**2`) while a [`SymExpr`] is an expanded
//! polynomial. [`factored`] recovers that product when a sum has one: its
//! integer content (with the sign of its leading term) and common monomial
//! taken out, the rest written as a
//! power of a sum when it is one. A common monomial that shares a symbol
//! with what is left (`s0**2 - 3*s0`) is what sympy gets from sums and
//! differences, not from a product of sizes: no factoring then. Nor when
//! only an integer is taken out of a sum (`32*s - 32`): sympy distributes
//! a number over a sum it multiplies alone.

use std::cmp::Ordering;

use super::arith::collect;
use super::{Factor, Mono, SymExpr, Term};

/// `coeff * content * base**pow`, the product sympy would print for a sum.
pub(super) struct Factored {
    /// The integer content (negative when the leading term is).
    pub coeff: i64,
    /// The monomial common to every term, in canonical factor order.
    pub content: Vec<Factor>,
    /// A sum of at least two terms, without integer or monomial content.
    pub base: SymExpr,
    /// At least 1; at least 2 when `content` is empty.
    pub pow: u32,
}

/// The factored form of a sum of at least two terms, when sympy would
/// print one (see the module docs).
pub(super) fn factored(e: &SymExpr) -> Option<Factored> {
    let terms = e.terms();
    let constant = e.constant();
    if terms.len() + usize::from(constant != 0) < 2 {
        return None;
    }
    let g = terms.iter().fold(constant.unsigned_abs(), |g, t| {
        gcd(g, t.coeff.unsigned_abs())
    });
    if g == 0 {
        return None;
    }
    // The sign of the leading term (by degree) goes with the content:
    // `-4*s0*(s1 - 1)`, not `4*s0*(1 - s1)`.
    let negative = leading(e).is_some_and(|(c, _)| c < 0);
    let g = i64::try_from(g).ok()?;
    let coeff = if negative { -g } else { g };
    let content = if constant != 0 {
        Vec::new()
    } else {
        common_monomial(terms)
    };
    let mut rest: Vec<(Mono, i128)> = Vec::with_capacity(terms.len());
    let mut rest_constant = i128::from(constant) / i128::from(coeff);
    for t in terms {
        let factors = divide(t.factors(), &content)?;
        let c = i128::from(t.coeff) / i128::from(coeff);
        if factors.is_empty() {
            rest_constant += c;
        } else {
            rest.push((Mono::from_factors(factors), c));
        }
    }
    let q = collect(rest, rest_constant).ok()?;
    if q.terms().len() + usize::from(q.constant() != 0) < 2 {
        return None;
    }
    if !content.is_empty() {
        let shared = q.symbols();
        let disjoint = content
            .iter()
            .all(|f| SymExpr::from(f.atom.clone()).symbols().is_disjoint(&shared));
        if !disjoint {
            return None;
        }
    }
    let (base, pow) = perfect_root(&q).unwrap_or((q, 1));
    if content.is_empty() && pow == 1 {
        return None;
    }
    Some(Factored {
        coeff,
        content,
        base,
        pow,
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The atoms every term has, each with its least power.
fn common_monomial(terms: &[Term]) -> Vec<Factor> {
    let Some((first, others)) = terms.split_first() else {
        return Vec::new();
    };
    first
        .factors()
        .iter()
        .filter_map(|f| {
            let mut pow = f.pow;
            for t in others {
                let p = t.factors().iter().find(|g| g.atom == f.atom)?.pow;
                pow = pow.min(p);
            }
            Some(Factor {
                atom: f.atom.clone(),
                pow,
            })
        })
        .collect()
}

/// `factors / by` as a monomial's factors (empty for 1), when `by` divides.
fn divide(factors: &[Factor], by: &[Factor]) -> Option<Vec<Factor>> {
    let mut out = Vec::with_capacity(factors.len());
    for f in factors {
        let pow = match by.iter().find(|d| d.atom == f.atom) {
            Some(d) => f.pow.checked_sub(d.pow)?,
            None => f.pow,
        };
        if pow > 0 {
            out.push(Factor {
                atom: f.atom.clone(),
                pow,
            });
        }
    }
    by.iter()
        .all(|d| factors.iter().any(|f| f.atom == d.atom))
        .then_some(out)
}

/// A term as `(coefficient, factors)`; no factors for a constant.
type Monomial = (i64, Vec<Factor>);

fn degree(factors: &[Factor]) -> u64 {
    factors.iter().map(|f| u64::from(f.pow)).sum()
}

/// Graded lexicographic order on monomials (an order that products keep:
/// the leading term of a product is the product of the leading terms).
fn grlex(a: &[Factor], b: &[Factor]) -> Ordering {
    degree(a).cmp(&degree(b)).then_with(|| {
        let (mut i, mut j) = (0, 0);
        loop {
            match (a.get(i), b.get(j)) {
                (None, None) => return Ordering::Equal,
                (Some(_), None) => return Ordering::Greater,
                (None, Some(_)) => return Ordering::Less,
                (Some(x), Some(y)) => match x.atom.cmp(&y.atom) {
                    Ordering::Less => return Ordering::Greater,
                    Ordering::Greater => return Ordering::Less,
                    Ordering::Equal if x.pow != y.pow => return x.pow.cmp(&y.pow),
                    Ordering::Equal => {
                        i += 1;
                        j += 1;
                    }
                },
            }
        }
    })
}

fn leading(e: &SymExpr) -> Option<Monomial> {
    match e
        .terms()
        .iter()
        .max_by(|a, b| grlex(a.factors(), b.factors()))
    {
        Some(t) => Some((t.coeff, t.factors().to_vec())),
        None => (e.constant() != 0).then(|| (e.constant(), Vec::new())),
    }
}

fn monomial_expr((coeff, factors): &Monomial) -> Option<SymExpr> {
    if factors.is_empty() {
        return Some(SymExpr::int(*coeff));
    }
    collect(
        vec![(Mono::from_factors(factors.clone()), i128::from(*coeff))],
        0,
    )
    .ok()
}

/// The integer `r` with `r**k == c`, if any.
fn int_root(c: i64, k: u32) -> Option<i64> {
    if c < 0 && k.is_multiple_of(2) {
        return None;
    }
    let guess = (c.unsigned_abs() as f64).powf(1.0 / f64::from(k)).round() as i64;
    let sign = if c < 0 { -1 } else { 1 };
    (guess.saturating_sub(1)..=guess.saturating_add(1))
        .map(|r| sign * r)
        .find(|r| r.checked_pow(k) == Some(c))
}

/// `(r, k)` with `r**k == q` and `k >= 2` as large as possible, for a sum
/// `q`: the polynomial root by its leading terms, one term at a time.
fn perfect_root(q: &SymExpr) -> Option<(SymExpr, u32)> {
    let top = q.terms().iter().map(|t| degree(t.factors())).max()?;
    let top = u32::try_from(top).ok()?;
    (2..=top).rev().find_map(|k| Some((root(q, k)?, k)))
}

fn root(q: &SymExpr, k: u32) -> Option<SymExpr> {
    let (c, factors) = leading(q)?;
    if factors.iter().any(|f| f.pow % k != 0) {
        return None;
    }
    let lead: Monomial = (
        int_root(c, k)?,
        factors
            .iter()
            .map(|f| Factor {
                atom: f.atom.clone(),
                pow: f.pow / k,
            })
            .collect(),
    );
    // Each next term of the root is the leading term of what is left over
    // `k * lead**(k-1)`.
    let step_coeff = i64::from(k).checked_mul(lead.0.checked_pow(k - 1)?)?;
    let step_factors: Vec<Factor> = lead
        .1
        .iter()
        .map(|f| {
            Some(Factor {
                atom: f.atom.clone(),
                pow: f.pow.checked_mul(k - 1)?,
            })
        })
        .collect::<Option<_>>()?;
    let mut r = monomial_expr(&lead)?;
    for _ in 0..=q.terms().len() + 1 {
        let left = q.checked_sub(&r.checked_pow(k).ok()?).ok()?;
        let Some((c, factors)) = leading(&left) else {
            return Some(r);
        };
        if c.checked_rem(step_coeff)? != 0 {
            return None;
        }
        let next = (c.checked_div(step_coeff)?, divide(&factors, &step_factors)?);
        r = r.checked_add(&monomial_expr(&next)?).ok()?;
    }
    None
}
