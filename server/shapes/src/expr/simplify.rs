//! Construction of `FloorDiv`, `Mod`, `Max` and `Min` with the automatic
//! simplifications of torch's `torch.utils._sympy.functions` (constant
//! folding with Python semantics, pulling divisible terms out of a floor
//! division, cancelling common factors, flattening nested `Max`/`Min`).
//!
//! Every rule here is exact for all integer values of the symbols; where
//! torch relies on sizes being positive (`FloorDiv(FloorDiv(a, b), c)` with a
//! symbolic `c`), the rule is only applied when it is provably valid.

use super::arith::collect;
use super::{Factor, Op, SymError, SymExpr, SymResult, Term, py_floordiv, py_mod};

/// `a % c == 0`, also for `i64::MIN % -1`.
fn divisible(a: i64, c: i64) -> bool {
    a.checked_rem(c).unwrap_or(0) == 0
}

impl SymExpr {
    /// Python `self // divisor`, simplified like torch's `FloorDiv`:
    /// constants fold (`-7 // 2 == -4`), `x // 1 == x`, terms whose
    /// coefficient the constant divisor divides are pulled out
    /// (`(2*s0 + 3) // 2 == s0 + 1`), nested floor divisions by positive
    /// constants merge, and common integer and syntactic factors cancel.
    /// Fails on division by zero or overflow.
    pub fn checked_floordiv(&self, divisor: &SymExpr) -> SymResult<SymExpr> {
        let base = self;
        if divisor.is_zero() {
            return Err(SymError::DivisionByZero);
        }
        if base.is_zero() {
            return Ok(SymExpr::int(0));
        }
        match divisor.as_const() {
            Some(1) => return Ok(base.clone()),
            Some(-1) => return base.checked_neg(),
            _ => {}
        }
        if let (Some(a), Some(b)) = (base.as_const(), divisor.as_const()) {
            return py_floordiv(a, b)
                .map(SymExpr::int)
                .ok_or(SymError::Overflow);
        }
        if let Some(c) = divisor.as_const() {
            // (a // b) // c == a // (b*c) for a positive integer c.
            if let Some(inner) = base
                .as_apply()
                .filter(|app| app.op == Op::FloorDiv && c > 0)
            {
                let merged = inner.args[1].checked_mul(divisor)?;
                return inner.args[0].checked_floordiv(&merged);
            }
            // (c*k*A + B) // c == k*A + B // c.
            if let Some((rest, quotient)) = split_divisible(base, c) {
                return rest.checked_floordiv(divisor)?.checked_add(&quotient);
            }
        }
        if let Some((base, divisor)) = cancel_common_factor(base, divisor)? {
            return base.checked_floordiv(&divisor);
        }
        if let Some(k) = constant_multiple(base, divisor) {
            return Ok(SymExpr::int(k));
        }
        Ok(SymExpr::from_apply(
            Op::FloorDiv,
            vec![base.clone(), divisor.clone()],
        ))
    }

    /// Python `self % divisor` (the result takes the divisor's sign),
    /// simplified like torch's `Mod`: constants fold (`-7 % 2 == 1`),
    /// `x % 1 == 0`, `x % x == 0`, terms divisible by a constant divisor
    /// are dropped (`Mod(2*s0 + 3, 2) == 1`), and a syntactically divisible
    /// dividend, or a constant multiple of the divisor
    /// (`Mod(64*s0*s1 - 64*s0, s0*s1 - s0)`), gives 0. Fails on modulo by zero.
    pub fn checked_modulo(&self, divisor: &SymExpr) -> SymResult<SymExpr> {
        let p = self;
        if divisor.is_zero() {
            return Err(SymError::DivisionByZero);
        }
        if p.is_zero() || p == divisor || matches!(divisor.as_const(), Some(1 | -1)) {
            return Ok(SymExpr::int(0));
        }
        if let (Some(a), Some(b)) = (p.as_const(), divisor.as_const()) {
            return py_mod(a, b).map(SymExpr::int).ok_or(SymError::Overflow);
        }
        if p.checked_neg().is_ok_and(|n| &n == divisor) {
            return Ok(SymExpr::int(0));
        }
        match divisor.as_const() {
            Some(c) => {
                if let Some((rest, _)) = split_divisible(p, c) {
                    return rest.checked_modulo(divisor);
                }
            }
            None if divides_exactly(p, divisor) || constant_multiple(p, divisor).is_some() => {
                return Ok(SymExpr::int(0));
            }
            None => {}
        }
        Ok(SymExpr::from_apply(
            Op::Mod,
            vec![p.clone(), divisor.clone()],
        ))
    }

    /// The maximum of `self` and `other`. Nested `Max` flatten, constants
    /// fold, duplicates vanish: `Max(a, a) == a`, `Max(3, 5) == 5`.
    pub fn max(&self, other: &SymExpr) -> SymExpr {
        min_max(Op::Max, vec![self.clone(), other.clone()])
    }

    /// The minimum of `self` and `other`, simplified like [`max`](Self::max).
    pub fn min(&self, other: &SymExpr) -> SymExpr {
        min_max(Op::Min, vec![self.clone(), other.clone()])
    }
}

/// Splits `base` into the terms (and constant) not divisible by `c` and the
/// quotient of the divisible ones, if anything is divisible. `c` is not 0.
fn split_divisible(base: &SymExpr, c: i64) -> Option<(SymExpr, SymExpr)> {
    let (mut rest, mut quotient) = (Vec::new(), Vec::new());
    for t in base.terms() {
        if divisible(t.coeff, c) {
            quotient.push(Term {
                mono: t.mono.clone(),
                coeff: t.coeff.checked_div(c)?,
            });
        } else {
            rest.push(t.clone());
        }
    }
    let constant = base.constant();
    let (rest_const, quotient_const) = if constant != 0 && divisible(constant, c) {
        (0, constant.checked_div(c)?)
    } else {
        (constant, 0)
    };
    if quotient.is_empty() && quotient_const == 0 {
        return None;
    }
    Some((
        SymExpr::from_sorted(rest, rest_const),
        SymExpr::from_sorted(quotient, quotient_const),
    ))
}

/// A multiplicative argument of a term, as `sympy.Mul.make_args` sees it.
#[derive(Clone, Copy, PartialEq)]
enum MulArg<'a> {
    Num(i64),
    Factor(&'a Factor),
}

/// The terms of an expression as `sympy.Add.make_args` sees them: each
/// `coeff * monomial` term, then the constant if it is non-zero.
fn add_args(e: &SymExpr) -> impl Iterator<Item = (i64, &[Factor])> {
    let constant = (e.constant() != 0).then(|| (e.constant(), &[][..]));
    e.terms()
        .iter()
        .map(|t| (t.coeff, t.factors()))
        .chain(constant)
}

fn has_mul_arg((coeff, factors): (i64, &[Factor]), arg: MulArg<'_>) -> bool {
    match arg {
        // A coefficient of 1 is not a separate argument of the product.
        MulArg::Num(k) => coeff != 1 && coeff == k,
        MulArg::Factor(f) => factors.contains(f),
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// torch's `simple_floordiv_gcd`: the greatest common integer factor `n` of
/// all terms of `p` and `q`, times the factors of `q / n` that occur in every
/// term of `p / n`. Returns `(p / gcd, q / gcd)` unless the gcd is 1.
fn cancel_common_factor(p: &SymExpr, q: &SymExpr) -> SymResult<Option<(SymExpr, SymExpr)>> {
    let n = add_args(p)
        .chain(add_args(q))
        .fold(0, |g, (c, _)| gcd(g, c.unsigned_abs()));
    let (p, q) = if n > 1 {
        (divide_out(p, n.into(), &[])?, divide_out(q, n.into(), &[])?)
    } else {
        (p.clone(), q.clone())
    };
    let divisor_args: Vec<MulArg<'_>> = match (q.as_const(), q.terms()) {
        (Some(c), _) => vec![MulArg::Num(c)],
        (None, [t]) if q.constant() == 0 => (t.coeff != 1)
            .then_some(MulArg::Num(t.coeff))
            .into_iter()
            .chain(t.factors().iter().map(MulArg::Factor))
            .collect(),
        // A sum is a single argument, never found in an expanded product.
        _ => Vec::new(),
    };
    let common: Vec<MulArg<'_>> = divisor_args
        .into_iter()
        .filter(|&arg| arg != MulArg::Num(1) && add_args(&p).all(|term| has_mul_arg(term, arg)))
        .collect();
    if n <= 1 && common.is_empty() {
        return Ok(None);
    }
    let num = common.iter().fold(1i128, |acc, arg| match arg {
        MulArg::Num(k) => acc * i128::from(*k),
        MulArg::Factor(_) => acc,
    });
    let factors: Vec<&Factor> = common
        .iter()
        .filter_map(|arg| match arg {
            MulArg::Factor(f) => Some(*f),
            MulArg::Num(_) => None,
        })
        .collect();
    let (p, q) = (
        divide_out(&p, num, &factors)?,
        divide_out(&q, num, &factors)?,
    );
    Ok(Some((p, q)))
}

/// `k` when `p == k * q` for a constant `k` and a non-constant `q`: the
/// quotient of a sum by a sum it is a multiple of (torch's sympy keeps
/// `64*s0*(L - 1)` a product and cancels `s0*(L - 1)` syntactically; the
/// expanded form cancels the same way here).
fn constant_multiple(p: &SymExpr, q: &SymExpr) -> Option<i64> {
    let first = q.terms().first()?;
    let same = p.terms().iter().find(|t| t.factors() == first.factors())?;
    if first.coeff == 0 || !divisible(same.coeff, first.coeff) {
        return None;
    }
    let k = same.coeff.checked_div(first.coeff)?;
    (q.checked_mul(&SymExpr::int(k)).ok()? == *p).then_some(k)
}

/// Divides every term of `e` by `num` and removes `factors` from it; the
/// caller guarantees the division is exact and every term has the factors.
fn divide_out(e: &SymExpr, num: i128, factors: &[&Factor]) -> SymResult<SymExpr> {
    let mut terms = Vec::with_capacity(e.terms().len());
    let mut constant = i128::from(e.constant()) / num;
    for t in e.terms() {
        let coeff = i128::from(t.coeff) / num;
        let rest: Vec<Factor> = t
            .factors()
            .iter()
            .filter(|f| !factors.contains(f))
            .cloned()
            .collect();
        if rest.is_empty() {
            constant += coeff;
        } else {
            terms.push((super::Mono::from_factors(rest), coeff));
        }
    }
    collect(terms, constant)
}

/// Whether `p / q` is syntactically a polynomial: `q` is a single term
/// whose coefficient and factors divide every term of `p`, and `p` has no
/// constant.
fn divides_exactly(p: &SymExpr, q: &SymExpr) -> bool {
    let [qt] = q.terms() else {
        return false;
    };
    if q.constant() != 0 || p.constant() != 0 {
        return false;
    }
    p.terms().iter().all(|t| {
        divisible(t.coeff, qt.coeff)
            && qt.factors().iter().all(|qf| {
                t.factors()
                    .iter()
                    .any(|f| f.atom == qf.atom && f.pow >= qf.pow)
            })
    })
}

/// Builds `Max`/`Min` of `args` like torch's `MinMaxBase`: flattens nested
/// applications of the same function, folds the constants into one, drops
/// duplicates and arguments made redundant by absorption
/// (`Max(a, Min(a, b)) == a`, `Max(5, Min(3, x)) == 5`).
pub(super) fn min_max(op: Op, args: Vec<SymExpr>) -> SymExpr {
    let is_max = op == Op::Max;
    let other = if is_max { Op::Min } else { Op::Max };
    let pick = |a: i64, b: i64| if is_max { a.max(b) } else { a.min(b) };

    let mut flat = Vec::with_capacity(args.len());
    let mut constant: Option<i64> = None;
    let mut push = |e: SymExpr| match e.as_const() {
        Some(c) => constant = Some(constant.map_or(c, |k| pick(k, c))),
        None => flat.push(e),
    };
    for arg in args {
        match arg.as_apply().filter(|app| app.op == op) {
            Some(app) => app.args.iter().cloned().for_each(&mut push),
            None => push(arg),
        }
    }
    if let Some(c) = constant {
        flat.push(SymExpr::int(c));
    }
    flat.sort_by(|a, b| a.0.cmp(&b.0));
    flat.dedup();

    // An argument of the opposite function is redundant when one of its own
    // arguments is an argument here, or is a constant beyond ours.
    let redundant: Vec<bool> = flat
        .iter()
        .map(|e| {
            e.as_apply()
                .filter(|app| app.op == other)
                .is_some_and(|app| {
                    app.args.iter().any(|x| {
                        flat.contains(x)
                            || matches!((x.as_const(), constant), (Some(d), Some(c))
                            if (is_max && d <= c) || (!is_max && d >= c))
                    })
                })
        })
        .collect();
    let mut flat: Vec<SymExpr> = flat
        .into_iter()
        .zip(redundant)
        .filter_map(|(e, redundant)| (!redundant).then_some(e))
        .collect();

    if flat.len() == 1 {
        flat.remove(0)
    } else {
        SymExpr::from_apply(op, flat)
    }
}
