//! Symbolic integer expressions in the canonical form torch's `ShapeEnv`
//! (sympy) gives sizes.
//!
//! A [`SymExpr`] is an expanded polynomial: a sum of terms `coeff * monomial`
//! plus an integer constant. A monomial is a product of atoms raised to
//! positive powers, and an atom is a size symbol or one of the integer
//! functions torch uses for shapes: `FloorDiv`, `Mod`, `Max` and `Min`.
//!
//! Every constructor returns the canonical form, so structurally equal
//! expressions compare (and hash) equal: `s0 + s1 == s1 + s0`,
//! `2*(s0 + 1) == 2*s0 + 2`, `s0 - s0 == 0`. The simplifications applied when
//! building `FloorDiv`, `Mod`, `Max` and `Min` follow the `eval` methods of
//! `torch.utils._sympy.functions`, so that printed forms match torch's
//! (see [`SymExpr::display`]).
//!
//! Coefficients are `i64`. The `checked_*` operations report overflow and
//! division by zero as a [`SymError`]; the plain operations (`add`, `mul`,
//! ...) and the `std::ops` impls on references are conveniences that panic on
//! those errors, like integer arithmetic does.

mod arith;
mod factor;
mod print;
mod shown;
mod simplify;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops;
use std::sync::Arc;

pub use print::Printed;
pub use shown::Shown;

/// Identifies a symbol (`s0`, `u3`, ...) of a shape environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymbolId(pub u32);

/// Why a checked symbolic operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SymError {
    /// An integer coefficient, constant or power does not fit its type.
    #[error("integer overflow in symbolic arithmetic")]
    Overflow,
    /// `FloorDiv` or `Mod` by an expression that is (or became) zero.
    #[error("division or modulo by zero")]
    DivisionByZero,
}

/// Result of a checked symbolic operation.
pub type SymResult<T> = Result<T, SymError>;

/// An immutable, canonical symbolic integer expression; cloning is cheap.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SymExpr(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Repr {
    Const(i64),
    /// Invariant: at least one term.
    Sum(Arc<Sum>),
}

#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Sum {
    /// Sorted by monomial, monomials distinct, coefficients non-zero.
    terms: Vec<Term>,
    constant: i64,
}

/// One `coeff * monomial` term of a [`SymExpr`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Term {
    mono: Mono,
    coeff: i64,
}

/// A product of atoms. Invariant: at least one factor, factors sorted by
/// atom with distinct atoms, and a single factor is always stored inline.
#[derive(Clone, Debug)]
enum Mono {
    One(Factor),
    Many(Arc<[Factor]>),
}

/// One `atom**pow` factor of a monomial (`pow >= 1`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Factor {
    atom: Atom,
    pow: u32,
}

/// An indivisible operand of a monomial: a symbol or an applied function.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom(AtomRepr);

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum AtomRepr {
    Symbol(SymbolId),
    Apply(Arc<Apply>),
}

/// A function application; its arguments are already simplified.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Apply {
    op: Op,
    /// Two arguments for `FloorDiv`/`Mod`; for `Max`/`Min` at least two,
    /// sorted canonically and distinct.
    args: Box<[SymExpr]>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Op {
    FloorDiv,
    Mod,
    Max,
    Min,
    /// A sum kept unexpanded as a factor (one argument, the sum): only
    /// inside a [`Shown`], never in a canonical expression.
    Group,
}

/// A borrowed view of an [`Atom`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind<'a> {
    /// A size symbol.
    Symbol(SymbolId),
    /// Python floor division `base // divisor`.
    FloorDiv(&'a SymExpr, &'a SymExpr),
    /// Python modulo `base % divisor` (sign of the divisor).
    Mod(&'a SymExpr, &'a SymExpr),
    /// Maximum of two or more arguments.
    Max(&'a [SymExpr]),
    /// Minimum of two or more arguments.
    Min(&'a [SymExpr]),
}

impl Mono {
    fn factors(&self) -> &[Factor] {
        match self {
            Mono::One(f) => std::slice::from_ref(f),
            Mono::Many(fs) => fs,
        }
    }

    fn from_factors(mut factors: Vec<Factor>) -> Mono {
        debug_assert!(!factors.is_empty());
        if factors.len() == 1 {
            Mono::One(factors.remove(0))
        } else {
            Mono::Many(factors.into())
        }
    }

    fn atom(atom: Atom) -> Mono {
        Mono::One(Factor { atom, pow: 1 })
    }
}

impl PartialEq for Mono {
    fn eq(&self, other: &Self) -> bool {
        self.factors() == other.factors()
    }
}

impl Eq for Mono {}

impl PartialOrd for Mono {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Mono {
    fn cmp(&self, other: &Self) -> Ordering {
        self.factors().cmp(other.factors())
    }
}

impl Hash for Mono {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.factors().hash(state);
    }
}

impl PartialOrd for Apply {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Apply {
    fn cmp(&self, other: &Self) -> Ordering {
        self.op.cmp(&other.op).then_with(|| {
            self.args
                .iter()
                .map(|e| &e.0)
                .cmp(other.args.iter().map(|e| &e.0))
        })
    }
}

impl Term {
    /// The integer coefficient (never zero).
    pub fn coeff(&self) -> i64 {
        self.coeff
    }

    /// The `atom**pow` factors of the monomial, in canonical order.
    pub fn factors(&self) -> &[Factor] {
        self.mono.factors()
    }
}

impl Factor {
    /// The base of this factor.
    pub fn atom(&self) -> &Atom {
        &self.atom
    }

    /// The exponent, at least 1.
    pub fn pow(&self) -> u32 {
        self.pow
    }
}

impl Atom {
    fn symbol(id: SymbolId) -> Atom {
        Atom(AtomRepr::Symbol(id))
    }

    /// What kind of atom this is, with borrowed arguments.
    pub fn kind(&self) -> AtomKind<'_> {
        match &self.0 {
            AtomRepr::Symbol(id) => AtomKind::Symbol(*id),
            AtomRepr::Apply(app) => match app.op {
                Op::FloorDiv => AtomKind::FloorDiv(&app.args[0], &app.args[1]),
                Op::Mod => AtomKind::Mod(&app.args[0], &app.args[1]),
                Op::Max => AtomKind::Max(&app.args),
                Op::Min => AtomKind::Min(&app.args),
                // Not reached: groups never leave a `Shown`. As a
                // one-argument `Max` it still reads as its value.
                Op::Group => AtomKind::Max(&app.args),
            },
        }
    }

    fn apply(&self) -> Option<&Apply> {
        match &self.0 {
            AtomRepr::Symbol(_) => None,
            AtomRepr::Apply(app) => Some(app),
        }
    }

    fn has_symbol(&self, sym: SymbolId) -> bool {
        match &self.0 {
            AtomRepr::Symbol(id) => *id == sym,
            AtomRepr::Apply(app) => app.args.iter().any(|a| !a.free_of(sym)),
        }
    }
}

impl SymExpr {
    /// The integer constant `value`.
    pub const fn int(value: i64) -> SymExpr {
        SymExpr(Repr::Const(value))
    }

    /// The expression consisting of the single symbol `id`.
    pub fn symbol(id: SymbolId) -> SymExpr {
        SymExpr::from_mono(Mono::atom(Atom::symbol(id)))
    }

    fn from_mono(mono: Mono) -> SymExpr {
        SymExpr(Repr::Sum(Arc::new(Sum {
            terms: vec![Term { mono, coeff: 1 }],
            constant: 0,
        })))
    }

    fn from_apply(op: Op, args: Vec<SymExpr>) -> SymExpr {
        let app = Apply {
            op,
            args: args.into_boxed_slice(),
        };
        SymExpr::from_mono(Mono::atom(Atom(AtomRepr::Apply(Arc::new(app)))))
    }

    /// Builds an expression from terms already sorted by distinct monomials
    /// with non-zero coefficients.
    fn from_sorted(terms: Vec<Term>, constant: i64) -> SymExpr {
        debug_assert!(terms.windows(2).all(|w| w[0].mono < w[1].mono));
        debug_assert!(terms.iter().all(|t| t.coeff != 0));
        if terms.is_empty() {
            SymExpr::int(constant)
        } else {
            SymExpr(Repr::Sum(Arc::new(Sum { terms, constant })))
        }
    }

    /// The terms `coeff * monomial`, in canonical (not printing) order;
    /// empty for a constant.
    pub fn terms(&self) -> &[Term] {
        match &self.0 {
            Repr::Const(_) => &[],
            Repr::Sum(s) => &s.terms,
        }
    }

    /// The constant term.
    pub fn constant(&self) -> i64 {
        match &self.0 {
            Repr::Const(c) => *c,
            Repr::Sum(s) => s.constant,
        }
    }

    /// The value, if this expression is an integer constant.
    pub fn as_const(&self) -> Option<i64> {
        match self.0 {
            Repr::Const(c) => Some(c),
            Repr::Sum(_) => None,
        }
    }

    /// Whether this expression is an integer constant.
    pub fn is_const(&self) -> bool {
        matches!(self.0, Repr::Const(_))
    }

    /// Whether this expression is the constant 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Const(0))
    }

    /// The atom, if this expression is exactly one atom (`s0`, `(s0//2)`,
    /// `Max(1, s0)`, ...).
    pub fn as_atom(&self) -> Option<&Atom> {
        match self.terms() {
            [t] if t.coeff == 1 && self.constant() == 0 => match t.factors() {
                [f] if f.pow == 1 => Some(&f.atom),
                _ => None,
            },
            _ => None,
        }
    }

    /// The symbol, if this expression is exactly one symbol.
    pub fn as_symbol(&self) -> Option<SymbolId> {
        match self.as_atom()?.0 {
            AtomRepr::Symbol(id) => Some(id),
            AtomRepr::Apply(_) => None,
        }
    }

    fn as_apply(&self) -> Option<&Apply> {
        self.as_atom()?.apply()
    }

    /// All symbols occurring in the expression, including inside functions.
    pub fn symbols(&self) -> BTreeSet<SymbolId> {
        let mut out = BTreeSet::new();
        self.collect_symbols(&mut out);
        out
    }

    fn collect_symbols(&self, out: &mut BTreeSet<SymbolId>) {
        for f in self.terms().iter().flat_map(Term::factors) {
            match &f.atom.0 {
                AtomRepr::Symbol(id) => {
                    out.insert(*id);
                }
                AtomRepr::Apply(app) => app.args.iter().for_each(|a| a.collect_symbols(out)),
            }
        }
    }

    /// Whether a floor division or a modulo occurs anywhere in the
    /// expression, inside other functions included.
    pub fn has_division(&self) -> bool {
        self.terms()
            .iter()
            .flat_map(Term::factors)
            .any(|f| match &f.atom.0 {
                AtomRepr::Symbol(_) => false,
                AtomRepr::Apply(app) => {
                    matches!(app.op, Op::FloorDiv | Op::Mod)
                        || app.args.iter().any(SymExpr::has_division)
                }
            })
    }

    /// Whether `sym` does not occur anywhere in the expression.
    pub fn free_of(&self, sym: SymbolId) -> bool {
        !self
            .terms()
            .iter()
            .flat_map(Term::factors)
            .any(|f| f.atom.has_symbol(sym))
    }

    /// Whether the expression is `k*sym + rest` with `rest` free of `sym`
    /// (true, with `k == 0`, when `sym` does not occur at all).
    pub fn is_linear_in(&self, sym: SymbolId) -> bool {
        self.coeff_of(sym).is_some()
    }

    /// The coefficient `k` when the expression is `k*sym + rest` with `rest`
    /// free of `sym`: `Some(0)` if `sym` does not occur, `None` if `sym`
    /// occurs non-linearly (in a product, a power or inside a function).
    pub fn coeff_of(&self, sym: SymbolId) -> Option<i64> {
        let mut coeff = 0;
        for t in self.terms() {
            match t.factors() {
                [f] if f.pow == 1 && f.atom.0 == AtomRepr::Symbol(sym) => coeff = t.coeff,
                fs if fs.iter().any(|f| f.atom.has_symbol(sym)) => return None,
                _ => {}
            }
        }
        Some(coeff)
    }

    /// Solves `self == 0` for `sym` when that has an integral solution of
    /// the form `sym == expr`: `self` must be linear in `sym` with a non-zero
    /// coefficient that divides every other coefficient and the constant.
    ///
    /// `s1 - s0 - 2` solved for `s1` is `s0 + 2`; `2*s0 - 6` for `s0` is `3`;
    /// `2*s0 - s1` for `s0` is `None`.
    pub fn solve_linear(&self, sym: SymbolId) -> Option<SymExpr> {
        let k = self.coeff_of(sym).filter(|&k| k != 0)?;
        let sym_mono = Mono::atom(Atom::symbol(sym));
        // sym == -(rest / k); every division must be exact.
        let solve = |c: i64| -> Option<i64> {
            if c.checked_rem(k)? != 0 {
                return None;
            }
            c.checked_div(k)?.checked_neg()
        };
        let terms = self
            .terms()
            .iter()
            .filter(|t| t.mono != sym_mono)
            .map(|t| {
                Some(Term {
                    mono: t.mono.clone(),
                    coeff: solve(t.coeff)?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(SymExpr::from_sorted(terms, solve(self.constant())?))
    }

    /// Evaluates the expression with Python integer semantics, given a value
    /// for each symbol. `None` if a symbol has no value, on overflow, or on
    /// division/modulo by zero.
    pub fn eval(&self, value: &dyn Fn(SymbolId) -> Option<i64>) -> Option<i64> {
        let mut acc = i128::from(self.constant());
        for t in self.terms() {
            let mut prod = i128::from(t.coeff);
            for f in t.factors() {
                let base = i128::from(f.atom.eval(value)?);
                prod = prod.checked_mul(base.checked_pow(f.pow)?)?;
            }
            acc = acc.checked_add(prod)?;
        }
        i64::try_from(acc).ok()
    }

    /// Replaces symbols by expressions (`f` returns `None` to keep a symbol)
    /// and re-canonicalizes, so substituting `s0 -> 4` in `(s0 + 2)//2`
    /// gives `3`.
    pub fn checked_substitute(
        &self,
        f: &dyn Fn(SymbolId) -> Option<SymExpr>,
    ) -> SymResult<SymExpr> {
        Ok(self.subst(f)?.unwrap_or_else(|| self.clone()))
    }

    /// [`checked_substitute`](Self::checked_substitute) for substitutions
    /// known not to overflow or divide by zero.
    ///
    /// # Panics
    ///
    /// On overflow or division by zero.
    pub fn substitute(&self, f: &dyn Fn(SymbolId) -> Option<SymExpr>) -> SymExpr {
        unwrap_sym(self.checked_substitute(f))
    }

    /// Replaces whole atoms of each term (a symbol, or an application such
    /// as `FloorDiv(a, b)`, seen by `f` as an expression of its own) and
    /// re-canonicalizes; `f` returns `None` to keep an atom. Arguments of
    /// applications are not visited.
    pub fn checked_replace_atoms(
        &self,
        f: &dyn Fn(&SymExpr) -> Option<SymExpr>,
    ) -> SymResult<SymExpr> {
        // Ask first, rebuild only when an atom changes: most calls change none.
        let replaced: Vec<Vec<Option<SymExpr>>> = self
            .terms()
            .iter()
            .map(|t| {
                t.factors()
                    .iter()
                    .map(|fac| f(&SymExpr::from_mono(Mono::atom(fac.atom.clone()))))
                    .collect()
            })
            .collect();
        if replaced.iter().flatten().all(Option::is_none) {
            return Ok(self.clone());
        }
        let mut acc = SymExpr::int(self.constant());
        for (t, news) in self.terms().iter().zip(replaced) {
            let mut term = SymExpr::int(t.coeff);
            for (fac, new) in t.factors().iter().zip(news) {
                let base = new.unwrap_or_else(|| SymExpr::from_mono(Mono::atom(fac.atom.clone())));
                term = term.checked_mul(&base.checked_pow(fac.pow)?)?;
            }
            acc = acc.checked_add(&term)?;
        }
        Ok(acc)
    }

    /// Substitutes, returning `None` when nothing changed.
    fn subst(&self, f: &dyn Fn(SymbolId) -> Option<SymExpr>) -> SymResult<Option<SymExpr>> {
        let mut changed = false;
        let mut acc = SymExpr::int(self.constant());
        for t in self.terms() {
            let mut term = SymExpr::int(t.coeff);
            for fac in t.factors() {
                let base = match fac.atom.subst(f)? {
                    Some(new) => {
                        changed = true;
                        new
                    }
                    None => SymExpr::from_mono(Mono::atom(fac.atom.clone())),
                };
                term = term.checked_mul(&base.checked_pow(fac.pow)?)?;
            }
            acc = acc.checked_add(&term)?;
        }
        Ok(changed.then_some(acc))
    }

    /// Prints the expression exactly as sympy's `str()` prints the
    /// corresponding torch expression, naming symbols with `name` (which
    /// also decides the order of terms and factors, as sympy sorts by name).
    pub fn display<'a>(&'a self, name: &'a dyn Fn(SymbolId) -> String) -> Printed<'a> {
        Printed::new(self, name, name)
    }

    /// Like [`display`](Self::display), but orders terms and factors by
    /// `order_name` while printing symbols with `name`. This is what torch
    /// does when it prints guards with sources: sympy orders by the symbol
    /// names (`s0`, `s1`) and the printer substitutes the sources.
    pub fn display_with_order<'a>(
        &'a self,
        name: &'a dyn Fn(SymbolId) -> String,
        order_name: &'a dyn Fn(SymbolId) -> String,
    ) -> Printed<'a> {
        Printed::new(self, name, order_name)
    }

    /// Compares two expressions by sympy's `default_sort_key`, symbols
    /// named by `order_name` (the order of a `sympy.Or`'s arguments).
    pub fn cmp_sort_key(
        &self,
        other: &SymExpr,
        order_name: &dyn Fn(SymbolId) -> String,
    ) -> std::cmp::Ordering {
        print::cmp_sort_key(self, other, order_name)
    }
}

impl Atom {
    fn eval(&self, value: &dyn Fn(SymbolId) -> Option<i64>) -> Option<i64> {
        let app = match &self.0 {
            AtomRepr::Symbol(id) => return value(*id),
            AtomRepr::Apply(app) => app,
        };
        let mut args = app.args.iter().map(|a| a.eval(value));
        match app.op {
            Op::FloorDiv => py_floordiv(args.next()??, args.next()??),
            Op::Mod => py_mod(args.next()??, args.next()??),
            Op::Max => args.try_fold(i64::MIN, |m, a| Some(m.max(a?))),
            Op::Min => args.try_fold(i64::MAX, |m, a| Some(m.min(a?))),
            Op::Group => args.next()?,
        }
    }

    fn subst(&self, f: &dyn Fn(SymbolId) -> Option<SymExpr>) -> SymResult<Option<SymExpr>> {
        let app = match &self.0 {
            AtomRepr::Symbol(id) => return Ok(f(*id)),
            AtomRepr::Apply(app) => app,
        };
        let mut changed = false;
        let mut args = Vec::with_capacity(app.args.len());
        for a in &app.args {
            match a.subst(f)? {
                Some(new) => {
                    changed = true;
                    args.push(new);
                }
                None => args.push(a.clone()),
            }
        }
        if !changed {
            return Ok(None);
        }
        let new = match app.op {
            Op::FloorDiv => args[0].checked_floordiv(&args[1])?,
            Op::Mod => args[0].checked_modulo(&args[1])?,
            Op::Max | Op::Min => simplify::min_max(app.op, args),
            // A group stands for its sum.
            Op::Group => args.swap_remove(0),
        };
        Ok(Some(new))
    }
}

/// Python `a // b`; `None` on division by zero or overflow.
pub(crate) fn py_floordiv(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        Some(q - 1)
    } else {
        Some(q)
    }
}

/// Python `a % b` (the result has the sign of `b`); `None` when `b == 0`.
pub(crate) fn py_mod(a: i64, b: i64) -> Option<i64> {
    if b == -1 {
        return Some(0);
    }
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        Some(r + b)
    } else {
        Some(r)
    }
}

fn unwrap_sym(r: SymResult<SymExpr>) -> SymExpr {
    match r {
        Ok(e) => e,
        Err(err) => panic!("symbolic arithmetic failed: {err}"),
    }
}

/// Infallible versions of the checked operations.
macro_rules! infallible {
    ($($(#[$doc:meta])* $name:ident => $checked:ident($($arg:ident: $ty:ty),*);)*) => {
        impl SymExpr {
            $(
                $(#[$doc])*
                ///
                /// # Panics
                ///
                /// On overflow or division by zero; use the `checked_`
                /// variant when that can happen.
                pub fn $name(&self $(, $arg: $ty)*) -> SymExpr {
                    unwrap_sym(self.$checked($($arg),*))
                }
            )*
        }
    };
}

infallible! {
    /// `self + other`.
    add => checked_add(other: &SymExpr);
    /// `self - other`.
    sub => checked_sub(other: &SymExpr);
    /// `self * other`.
    mul => checked_mul(other: &SymExpr);
    /// `-self`.
    neg => checked_neg();
    /// `self ** exp`.
    pow => checked_pow(exp: u32);
    /// Python `self // other`, simplified like torch's `FloorDiv`.
    floordiv => checked_floordiv(other: &SymExpr);
    /// Python `self % other`, simplified like torch's `Mod`.
    modulo => checked_modulo(other: &SymExpr);
}

macro_rules! binop {
    ($($trait:ident $method:ident => $inherent:ident;)*) => {
        $(
            impl ops::$trait<&SymExpr> for &SymExpr {
                type Output = SymExpr;

                /// Panics on overflow, like integer arithmetic.
                fn $method(self, rhs: &SymExpr) -> SymExpr {
                    SymExpr::$inherent(self, rhs)
                }
            }
        )*
    };
}

binop! {
    Add add => add;
    Sub sub => sub;
    Mul mul => mul;
}

impl ops::Neg for &SymExpr {
    type Output = SymExpr;

    /// Panics on overflow, like integer arithmetic.
    fn neg(self) -> SymExpr {
        SymExpr::neg(self)
    }
}

impl Default for SymExpr {
    fn default() -> Self {
        SymExpr::int(0)
    }
}

impl From<Atom> for SymExpr {
    fn from(atom: Atom) -> SymExpr {
        SymExpr::from_mono(Mono::atom(atom))
    }
}

impl From<i64> for SymExpr {
    fn from(value: i64) -> Self {
        SymExpr::int(value)
    }
}

impl From<SymbolId> for SymExpr {
    fn from(id: SymbolId) -> Self {
        SymExpr::symbol(id)
    }
}

fn default_name(id: SymbolId) -> String {
    format!("s{}", id.0)
}

impl fmt::Display for SymExpr {
    /// Prints with symbols named `s{id}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.display(&default_name), f)
    }
}

impl fmt::Debug for SymExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SymExpr({self})")
    }
}
