//! Ring operations on canonical polynomials: addition, subtraction,
//! multiplication, negation and natural powers, all overflow-checked.
//!
//! Coefficients are combined in `i128` and narrowed to `i64` once a
//! coefficient is final, so intermediate values never overflow spuriously.

use std::cmp::Ordering;

use super::{Factor, Mono, Repr, SymError, SymExpr, SymResult, Term};

fn narrow(value: i128) -> SymResult<i64> {
    i64::try_from(value).map_err(|_| SymError::Overflow)
}

impl SymExpr {
    /// `self + other`, or [`SymError::Overflow`].
    pub fn checked_add(&self, other: &SymExpr) -> SymResult<SymExpr> {
        self.add_scaled(other, 1)
    }

    /// `self - other`, or [`SymError::Overflow`].
    pub fn checked_sub(&self, other: &SymExpr) -> SymResult<SymExpr> {
        self.add_scaled(other, -1)
    }

    /// `-self`, or [`SymError::Overflow`].
    pub fn checked_neg(&self) -> SymResult<SymExpr> {
        self.scale(-1)
    }

    /// `self + k * other` by merging the sorted term lists.
    fn add_scaled(&self, other: &SymExpr, k: i64) -> SymResult<SymExpr> {
        let combine = |a: i64, b: i64| narrow(i128::from(a) + i128::from(k) * i128::from(b));
        let constant = combine(self.constant(), other.constant())?;
        if let Repr::Const(_) = other.0 {
            return Ok(self.with_constant(constant));
        }
        if let (Repr::Const(_), 1) = (&self.0, k) {
            return Ok(other.with_constant(constant));
        }
        let (a, b) = (self.terms(), other.terms());
        let mut terms = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].mono.cmp(&b[j].mono) {
                Ordering::Less => {
                    terms.push(a[i].clone());
                    i += 1;
                }
                Ordering::Greater => {
                    terms.push(b[j].with_coeff(combine(0, b[j].coeff)?));
                    j += 1;
                }
                Ordering::Equal => {
                    let coeff = combine(a[i].coeff, b[j].coeff)?;
                    if coeff != 0 {
                        terms.push(a[i].with_coeff(coeff));
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        terms.extend_from_slice(&a[i..]);
        for t in &b[j..] {
            terms.push(t.with_coeff(combine(0, t.coeff)?));
        }
        Ok(SymExpr::from_sorted(terms, constant))
    }

    /// The same terms with another constant.
    fn with_constant(&self, constant: i64) -> SymExpr {
        if self.constant() == constant {
            return self.clone();
        }
        SymExpr::from_sorted(self.terms().to_vec(), constant)
    }

    /// `k * self`.
    pub(super) fn scale(&self, k: i64) -> SymResult<SymExpr> {
        match k {
            0 => return Ok(SymExpr::int(0)),
            1 => return Ok(self.clone()),
            _ => {}
        }
        let mul = |c: i64| c.checked_mul(k).ok_or(SymError::Overflow);
        let terms = self
            .terms()
            .iter()
            .map(|t| Ok(t.with_coeff(mul(t.coeff)?)))
            .collect::<SymResult<Vec<_>>>()?;
        Ok(SymExpr::from_sorted(terms, mul(self.constant())?))
    }

    /// `self * other`, expanded, or [`SymError::Overflow`].
    pub fn checked_mul(&self, other: &SymExpr) -> SymResult<SymExpr> {
        if let Some(k) = other.as_const() {
            return self.scale(k);
        }
        if let Some(k) = self.as_const() {
            return other.scale(k);
        }
        // Both are sums with at least one term: multiply out every pair,
        // treating a non-zero constant as a term with an empty monomial.
        let (a, b) = (operands(self), operands(other));
        let mut products = Vec::with_capacity(a.len() * b.len());
        let mut constant = 0i128;
        for &(ma, ca) in &a {
            for &(mb, cb) in &b {
                let coeff = i128::from(ca) * i128::from(cb);
                match (ma, mb) {
                    (None, None) => {
                        constant = constant.checked_add(coeff).ok_or(SymError::Overflow)?;
                    }
                    (Some(m), None) | (None, Some(m)) => products.push((m.clone(), coeff)),
                    (Some(ma), Some(mb)) => products.push((mono_mul(ma, mb)?, coeff)),
                }
            }
        }
        collect(products, constant)
    }

    /// `self ** exp` (`x ** 0 == 1`), or [`SymError::Overflow`].
    pub fn checked_pow(&self, exp: u32) -> SymResult<SymExpr> {
        if let Some(c) = self.as_const() {
            return c
                .checked_pow(exp)
                .map(SymExpr::int)
                .ok_or(SymError::Overflow);
        }
        if exp == 0 {
            return Ok(SymExpr::int(1));
        }
        // A single term: raise coefficient and factors directly.
        if let ([t], 0) = (self.terms(), self.constant()) {
            let coeff = t.coeff.checked_pow(exp).ok_or(SymError::Overflow)?;
            let factors = t
                .factors()
                .iter()
                .map(|f| {
                    let pow = f.pow.checked_mul(exp).ok_or(SymError::Overflow)?;
                    Ok(Factor {
                        atom: f.atom.clone(),
                        pow,
                    })
                })
                .collect::<SymResult<Vec<_>>>()?;
            let term = Term {
                mono: Mono::from_factors(factors),
                coeff,
            };
            return Ok(SymExpr::from_sorted(vec![term], 0));
        }
        let mut result = SymExpr::int(1);
        let mut base = self.clone();
        let mut exp = exp;
        loop {
            if exp & 1 == 1 {
                result = result.checked_mul(&base)?;
            }
            exp >>= 1;
            if exp == 0 {
                return Ok(result);
            }
            base = base.checked_mul(&base)?;
        }
    }
}

impl Term {
    fn with_coeff(&self, coeff: i64) -> Term {
        Term {
            mono: self.mono.clone(),
            coeff,
        }
    }
}

/// The terms of `e` as `(monomial, coefficient)`, with a non-zero constant
/// as a term without monomial.
fn operands(e: &SymExpr) -> Vec<(Option<&Mono>, i64)> {
    let constant = (e.constant() != 0).then(|| (None, e.constant()));
    e.terms()
        .iter()
        .map(|t| (Some(&t.mono), t.coeff))
        .chain(constant)
        .collect()
}

/// The product of two monomials: merge the sorted factor lists, adding the
/// powers of common atoms.
fn mono_mul(a: &Mono, b: &Mono) -> SymResult<Mono> {
    let (a, b) = (a.factors(), b.factors());
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].atom.cmp(&b[j].atom) {
            Ordering::Less => {
                out.push(a[i].clone());
                i += 1;
            }
            Ordering::Greater => {
                out.push(b[j].clone());
                j += 1;
            }
            Ordering::Equal => {
                let pow = a[i].pow.checked_add(b[j].pow).ok_or(SymError::Overflow)?;
                out.push(Factor {
                    atom: a[i].atom.clone(),
                    pow,
                });
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    Ok(Mono::from_factors(out))
}

/// Canonicalizes unsorted `(monomial, coefficient)` pairs that may repeat
/// monomials: sorts, merges, drops zero coefficients and narrows to `i64`.
pub(super) fn collect(mut terms: Vec<(Mono, i128)>, constant: i128) -> SymResult<SymExpr> {
    terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut out: Vec<Term> = Vec::with_capacity(terms.len());
    let mut iter = terms.into_iter().peekable();
    while let Some((mono, mut coeff)) = iter.next() {
        while let Some((_, c)) = iter.next_if(|(m, _)| *m == mono) {
            coeff = coeff.checked_add(c).ok_or(SymError::Overflow)?;
        }
        if coeff != 0 {
            out.push(Term {
                mono,
                coeff: narrow(coeff)?,
            });
        }
    }
    Ok(SymExpr::from_sorted(out, narrow(constant)?))
}
