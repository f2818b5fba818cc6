//! Printing in the exact format of sympy's `StrPrinter` (what `str(expr)`
//! returns for torch's shape expressions).
//!
//! The rules reproduced here:
//! - an `Add` orders its terms like `Expr.as_ordered_terms()`: the atoms
//!   (generators) are sorted by `default_sort_key`, each term becomes its
//!   exponent vector over them, and terms are sorted by that vector in
//!   descending lexicographic order, so the constant comes last. The one
//!   exception is sympy's `Add(Number, Mul(Number, expr))` special case, a
//!   positive constant plus a single negative one-factor term, printed
//!   constant first: `5 - s0`;
//! - a `Mul` prints its coefficient first, then its factors sorted by
//!   `default_sort_key` (symbols by name as strings: `s10*s2`);
//! - parentheses follow sympy's precedences (`Add` 40, `Mul` 50, `Pow` 60,
//!   atoms 1000) and torch's `FloorDiv` and `Mod`, which declare 35, hence
//!   `(((s1 - 1)//2)) + 1` and `8*((s0//2))`;
//! - `FloorDiv` prints `(a//b)`, `Mod` prints `Mod(a, b)`, `Max`/`Min` print
//!   their arguments sorted by `default_sort_key` (constants first);
//! - a sum that is a product of sizes prints as the `Mul` sympy keeps
//!   (`32*s0*(((s1//10)) - 1)`, `s0*(((s1//10)) - 1)**2`): see
//!   [`super::factor`].

use std::cmp::Ordering;
use std::fmt::{self, Write};

use super::factor::{Factored, factored};
use super::{Atom, AtomRepr, Factor, Op, Repr, Sum, SymExpr, SymbolId, Term};

type NameFn<'a> = &'a dyn Fn(SymbolId) -> String;

/// A [`SymExpr`] with a naming of its symbols, printable as sympy would;
/// see [`SymExpr::display`].
pub struct Printed<'a> {
    expr: &'a SymExpr,
    name: NameFn<'a>,
    order_name: NameFn<'a>,
    /// A [`super::Shown`]: its sums are printed as they stand, unfactored.
    structured: bool,
}

impl<'a> Printed<'a> {
    pub(super) fn new(expr: &'a SymExpr, name: NameFn<'a>, order_name: NameFn<'a>) -> Self {
        Printed {
            expr,
            name,
            order_name,
            structured: false,
        }
    }

    pub(super) fn structured(expr: &'a SymExpr, name: NameFn<'a>, order_name: NameFn<'a>) -> Self {
        Printed {
            structured: true,
            ..Printed::new(expr, name, order_name)
        }
    }
}

impl fmt::Display for Printed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let printer = Printer {
            name: self.name,
            order_name: self.order_name,
        };
        match &self.expr.0 {
            Repr::Sum(s)
                if self.structured && s.terms.len() + usize::from(s.constant != 0) >= 2 =>
            {
                printer.sum(f, s)
            }
            _ => printer.expr(f, self.expr),
        }
    }
}

impl fmt::Debug for Printed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Printed")
            .field(&format_args!("{self}"))
            .finish()
    }
}

// sympy's `PRECEDENCE` values.
const PREC_ADD: u32 = 40;
const PREC_MUL: u32 = 50;
const PREC_POW: u32 = 60;
const PREC_ATOM: u32 = 1000;
/// torch's `FloorDiv` and `Mod` set `precedence = 35` ("lower than add").
const PREC_TORCH_FN: u32 = 35;

fn atom_prec(atom: &Atom) -> u32 {
    match &atom.0 {
        AtomRepr::Symbol(_) => PREC_ATOM,
        AtomRepr::Apply(app) => match app.op {
            Op::FloorDiv | Op::Mod => PREC_TORCH_FN,
            // `Max`/`Min` are no `Function` subclasses and get no precedence.
            Op::Max | Op::Min => PREC_ATOM,
            Op::Group => PREC_ADD,
        },
    }
}

fn factor_prec(f: &Factor) -> u32 {
    if f.pow > 1 {
        PREC_POW
    } else {
        atom_prec(&f.atom)
    }
}

/// `precedence(term)`: a product with a negative coefficient counts as `Add`.
fn term_prec(t: &Term) -> u32 {
    match t.factors() {
        [f] if t.coeff == 1 => factor_prec(f),
        _ if t.coeff < 0 => PREC_ADD,
        _ => PREC_MUL,
    }
}

fn expr_prec(e: &SymExpr) -> u32 {
    match &e.0 {
        Repr::Const(c) if *c < 0 => PREC_ADD,
        Repr::Const(_) => PREC_ATOM,
        Repr::Sum(s) => match s.terms.as_slice() {
            [t] if s.constant == 0 => term_prec(t),
            _ => match factored(e) {
                Some(f) if f.coeff < 0 => PREC_ADD,
                Some(f) if f.coeff == 1 && f.content.is_empty() => PREC_POW,
                Some(_) => PREC_MUL,
                None => PREC_ADD,
            },
        },
    }
}

/// An argument of a sympy `Add`.
#[derive(Clone, Copy)]
enum AddArg<'e> {
    Term(&'e Term),
    Const(i64),
}

pub(super) fn cmp_sort_key(a: &SymExpr, b: &SymExpr, order_name: NameFn<'_>) -> Ordering {
    let printer = Printer {
        name: order_name,
        order_name,
    };
    printer.expr_key(a).cmp(&printer.expr_key(b))
}

struct Printer<'a> {
    name: NameFn<'a>,
    order_name: NameFn<'a>,
}

impl Printer<'_> {
    fn expr(&self, w: &mut dyn Write, e: &SymExpr) -> fmt::Result {
        match &e.0 {
            Repr::Const(c) => write!(w, "{c}"),
            Repr::Sum(s) => match s.terms.as_slice() {
                [t] if s.constant == 0 => {
                    if t.coeff < 0 {
                        w.write_char('-')?;
                    }
                    self.term_abs(w, t)
                }
                _ => match factored(e) {
                    Some(f) => self.product(w, &f),
                    None => self.sum(w, s),
                },
            },
        }
    }

    /// A [`Factored`] sum as `_print_Mul` prints it (a lone power of a sum
    /// as `_print_Pow`).
    fn product(&self, w: &mut dyn Write, f: &Factored) -> fmt::Result {
        if f.coeff < 0 {
            w.write_char('-')?;
        }
        let level = if f.coeff < 0 { PREC_ADD } else { PREC_MUL };
        let abs = f.coeff.unsigned_abs();
        let mut sep = "";
        if abs != 1 {
            write!(w, "{abs}")?;
            sep = "*";
        }
        for item in self.sorted_items(f) {
            w.write_str(sep)?;
            sep = "*";
            match item {
                Some(factor) => {
                    self.parenthesized(w, factor_prec(factor) <= level, |w| self.factor(w, factor))?
                }
                None => {
                    w.write_char('(')?;
                    self.sum_of(w, &f.base)?;
                    w.write_char(')')?;
                    if f.pow > 1 {
                        write!(w, "**{}", f.pow)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The base of a [`Factored`], a sum printed as an `Add`.
    fn sum_of(&self, w: &mut dyn Write, e: &SymExpr) -> fmt::Result {
        match &e.0 {
            Repr::Sum(s) => self.sum(w, s),
            Repr::Const(c) => write!(w, "{c}"),
        }
    }

    /// The factors of a [`Factored`] in `Mul.as_ordered_factors()` order:
    /// each content factor, and `None` for the (powered) sum.
    fn sorted_items<'f>(&self, f: &'f Factored) -> Vec<Option<&'f Factor>> {
        let mut keyed: Vec<(Key, Option<&Factor>)> = f
            .content
            .iter()
            .map(|c| (self.atom_key(&c.atom, c.pow, 1), Some(c)))
            .collect();
        keyed.push((self.base_key(f), None));
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        keyed.into_iter().map(|(_, item)| item).collect()
    }

    /// `default_sort_key` of `base**pow`.
    fn base_key(&self, f: &Factored) -> Key {
        match self.sum_key(&f.base) {
            Key::Expr {
                class, args, coeff, ..
            } => Key::Expr {
                class,
                args,
                exp: f.pow,
                coeff,
            },
            number => number,
        }
    }

    /// `_print_Add`: each term's sign becomes the operator before it.
    fn sum(&self, w: &mut dyn Write, s: &Sum) -> fmt::Result {
        for (i, arg) in self.ordered_terms(s).into_iter().enumerate() {
            let negative = match arg {
                AddArg::Term(t) => t.coeff < 0,
                AddArg::Const(c) => c < 0,
            };
            match (i, negative) {
                (0, false) => {}
                (0, true) => w.write_char('-')?,
                (_, false) => w.write_str(" + ")?,
                (_, true) => w.write_str(" - ")?,
            }
            match arg {
                AddArg::Const(c) => write!(w, "{}", c.unsigned_abs())?,
                AddArg::Term(t) if term_prec(t) < PREC_ADD => {
                    w.write_char('(')?;
                    self.term_abs(w, t)?;
                    w.write_char(')')?;
                }
                AddArg::Term(t) => self.term_abs(w, t)?,
            }
        }
        Ok(())
    }

    /// A term without its sign, as `_print_Mul` prints it after extracting
    /// a negative coefficient.
    fn term_abs(&self, w: &mut dyn Write, t: &Term) -> fmt::Result {
        if let ([f], 1) = (t.factors(), t.coeff) {
            return self.factor(w, f);
        }
        let level = if t.coeff < 0 { PREC_ADD } else { PREC_MUL };
        let abs = t.coeff.unsigned_abs();
        let mut sep = "";
        if abs != 1 {
            write!(w, "{abs}")?;
            sep = "*";
        }
        for f in self.sorted_factors(t.factors()) {
            w.write_str(sep)?;
            sep = "*";
            self.parenthesized(w, factor_prec(f) <= level, |w| self.factor(w, f))?;
        }
        Ok(())
    }

    fn factor(&self, w: &mut dyn Write, f: &Factor) -> fmt::Result {
        if f.pow == 1 {
            return self.atom(w, &f.atom);
        }
        let paren = atom_prec(&f.atom) <= PREC_POW;
        self.parenthesized(w, paren, |w| self.atom(w, &f.atom))?;
        write!(w, "**{}", f.pow)
    }

    fn atom(&self, w: &mut dyn Write, atom: &Atom) -> fmt::Result {
        let app = match &atom.0 {
            AtomRepr::Symbol(id) => return w.write_str(&(self.name)(*id)),
            AtomRepr::Apply(app) => app,
        };
        match app.op {
            Op::FloorDiv => {
                // `printer.parenthesize(arg, PRECEDENCE["Atom"] - 0.5)`.
                let arg = |w: &mut dyn Write, e: &SymExpr| {
                    self.parenthesized(w, expr_prec(e) < PREC_ATOM, |w| self.expr(w, e))
                };
                w.write_char('(')?;
                arg(w, &app.args[0])?;
                w.write_str("//")?;
                arg(w, &app.args[1])?;
                w.write_char(')')
            }
            Op::Mod => {
                w.write_str("Mod(")?;
                self.expr(w, &app.args[0])?;
                w.write_str(", ")?;
                self.expr(w, &app.args[1])?;
                w.write_char(')')
            }
            // Parenthesized by its callers, by precedence.
            Op::Group => self.sum_of(w, &app.args[0]),
            Op::Max | Op::Min => {
                w.write_str(if app.op == Op::Max { "Max(" } else { "Min(" })?;
                let mut args: Vec<(Key, &SymExpr)> =
                    app.args.iter().map(|e| (self.expr_key(e), e)).collect();
                args.sort_by(|a, b| a.0.cmp(&b.0));
                for (i, (_, e)) in args.into_iter().enumerate() {
                    if i > 0 {
                        w.write_str(", ")?;
                    }
                    self.expr(w, e)?;
                }
                w.write_char(')')
            }
        }
    }

    fn parenthesized(
        &self,
        w: &mut dyn Write,
        paren: bool,
        body: impl FnOnce(&mut dyn Write) -> fmt::Result,
    ) -> fmt::Result {
        if paren {
            w.write_char('(')?;
            body(w)?;
            w.write_char(')')
        } else {
            body(w)
        }
    }

    /// `Mul.as_ordered_factors()`: factors sorted by `default_sort_key`.
    fn sorted_factors<'f>(&self, factors: &'f [Factor]) -> Vec<&'f Factor> {
        if let [f] = factors {
            return vec![f];
        }
        let mut keyed: Vec<(Key, &Factor)> = factors
            .iter()
            .map(|f| (self.atom_key(&f.atom, f.pow, 1), f))
            .collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
        keyed.into_iter().map(|(_, f)| f).collect()
    }

    /// `Add.as_ordered_terms()` for the default order.
    fn ordered_terms<'e>(&self, s: &'e Sum) -> Vec<AddArg<'e>> {
        // Spot the special case of Add(Number, Mul(Number, expr)) with the
        // first number positive and the second number negative.
        match s.terms.as_slice() {
            [t] if s.constant > 0 && t.coeff < 0 && t.factors().len() == 1 => {
                return vec![AddArg::Const(s.constant), AddArg::Term(t)];
            }
            _ => {}
        }
        let mut gens: Vec<(Key, &Atom)> = Vec::new();
        for f in s.terms.iter().flat_map(Term::factors) {
            if !gens.iter().any(|(_, g)| *g == &f.atom) {
                gens.push((self.atom_key(&f.atom, 1, 1), &f.atom));
            }
        }
        gens.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
        let monomial = |t: &Term| -> Vec<u32> {
            gens.iter()
                .map(|(_, g)| {
                    t.factors()
                        .iter()
                        .find(|f| &f.atom == *g)
                        .map_or(0, |f| f.pow)
                })
                .collect()
        };
        let mut keyed: Vec<(Vec<u32>, &Term)> = s.terms.iter().map(|t| (monomial(t), t)).collect();
        // Lexicographic monomial order, largest first.
        keyed.sort_by(|a, b| b.0.cmp(&a.0));
        let mut out: Vec<AddArg<'e>> = keyed.into_iter().map(|(_, t)| AddArg::Term(t)).collect();
        if s.constant != 0 {
            out.push(AddArg::Const(s.constant));
        }
        out
    }

    /// `default_sort_key` of `coeff * atom**exp`.
    fn atom_key(&self, atom: &Atom, exp: u32, coeff: i64) -> Key {
        let (class, args) = match &atom.0 {
            AtomRepr::Symbol(id) => (CLASS_SYMBOL, KeyArgs::Name((self.order_name)(*id))),
            AtomRepr::Apply(app) if app.op == Op::Group => match self.sum_key(&app.args[0]) {
                Key::Expr { class, args, .. } => (class, args),
                number => return number,
            },
            AtomRepr::Apply(app) => {
                let mut keys: Vec<Key> = app.args.iter().map(|e| self.expr_key(e)).collect();
                let class = match app.op {
                    Op::FloorDiv => CLASS_FLOORDIV,
                    Op::Mod => CLASS_MOD,
                    Op::Max => CLASS_MAX,
                    Op::Min => CLASS_MIN,
                    Op::Group => CLASS_ADD,
                };
                if matches!(app.op, Op::Max | Op::Min) {
                    // `LatticeOp.args` are `ordered(argset)`.
                    keys.sort();
                }
                (class, KeyArgs::Seq(keys))
            }
        };
        Key::Expr {
            class,
            args,
            exp,
            coeff,
        }
    }

    fn term_key(&self, t: &Term) -> Key {
        match t.factors() {
            [f] => self.atom_key(&f.atom, f.pow, t.coeff),
            factors => {
                let mut keys: Vec<Key> = factors
                    .iter()
                    .map(|f| self.atom_key(&f.atom, f.pow, 1))
                    .collect();
                keys.sort();
                Key::Expr {
                    class: CLASS_MUL,
                    args: KeyArgs::Seq(keys),
                    exp: 1,
                    coeff: t.coeff,
                }
            }
        }
    }

    fn expr_key(&self, e: &SymExpr) -> Key {
        let s = match &e.0 {
            Repr::Const(c) => return Key::Number(*c),
            Repr::Sum(s) => s,
        };
        if let ([t], 0) = (s.terms.as_slice(), s.constant) {
            return self.term_key(t);
        }
        if let Some(f) = factored(e) {
            if f.content.is_empty() {
                let Key::Expr {
                    class, args, exp, ..
                } = self.base_key(&f)
                else {
                    return self.sum_key(e);
                };
                return Key::Expr {
                    class,
                    args,
                    exp,
                    coeff: f.coeff,
                };
            }
            let mut keys: Vec<Key> = f
                .content
                .iter()
                .map(|c| self.atom_key(&c.atom, c.pow, 1))
                .collect();
            keys.push(self.base_key(&f));
            keys.sort();
            return Key::Expr {
                class: CLASS_MUL,
                args: KeyArgs::Seq(keys),
                exp: 1,
                coeff: f.coeff,
            };
        }
        self.sum_key(e)
    }

    /// `default_sort_key` of a sum as an `Add` (no factoring).
    fn sum_key(&self, e: &SymExpr) -> Key {
        let s = match &e.0 {
            Repr::Const(c) => return Key::Number(*c),
            Repr::Sum(s) => s,
        };
        if let ([t], 0) = (s.terms.as_slice(), s.constant) {
            return self.term_key(t);
        }
        let keys = self
            .ordered_terms(s)
            .into_iter()
            .map(|arg| match arg {
                AddArg::Term(t) => self.term_key(t),
                AddArg::Const(c) => Key::Number(c),
            })
            .collect();
        Key::Expr {
            class: CLASS_ADD,
            args: KeyArgs::Seq(keys),
            exp: 1,
            coeff: 1,
        }
    }
}

/// `Basic.class_key()`: `(rank, index, class name)`.
type Class = (u8, u16, &'static str);

const CLASS_SYMBOL: Class = (2, 0, "Symbol");
const CLASS_MUL: Class = (3, 0, "Mul");
const CLASS_ADD: Class = (3, 1, "Add");
const CLASS_FLOORDIV: Class = (4, 10000, "FloorDiv");
const CLASS_MOD: Class = (4, 10000, "Mod");
const CLASS_MAX: Class = (5, 0, "Max");
const CLASS_MIN: Class = (5, 0, "Min");

/// sympy's `default_sort_key` for the expressions that occur here, compared
/// like the Python tuples it stands for:
/// `(class_key, (len(args), args), exp.sort_key(), coeff)`, where a number is
/// `((1, 0, 'Number'), (0, ()), (), value)` and a symbol's args are
/// `(1, (name,))`.
#[derive(Debug)]
enum Key {
    Number(i64),
    Expr {
        class: Class,
        args: KeyArgs,
        exp: u32,
        coeff: i64,
    },
}

#[derive(Debug)]
enum KeyArgs {
    Name(String),
    Seq(Vec<Key>),
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Key::Number(a), Key::Number(b)) => a.cmp(b),
            // Numbers have the smallest class key.
            (Key::Number(_), Key::Expr { .. }) => Ordering::Less,
            (Key::Expr { .. }, Key::Number(_)) => Ordering::Greater,
            (
                Key::Expr {
                    class,
                    args,
                    exp,
                    coeff,
                },
                Key::Expr {
                    class: class2,
                    args: args2,
                    exp: exp2,
                    coeff: coeff2,
                },
            ) => class
                .cmp(class2)
                .then_with(|| args.cmp(args2))
                .then_with(|| exp.cmp(exp2))
                .then_with(|| coeff.cmp(coeff2)),
        }
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Key {}

impl Ord for KeyArgs {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (KeyArgs::Name(a), KeyArgs::Name(b)) => a.cmp(b),
            // `(len(args), tuple(args))`: the length decides first.
            (KeyArgs::Seq(a), KeyArgs::Seq(b)) => a.len().cmp(&b.len()).then_with(|| a.cmp(b)),
            // Only arguments of the same class are ever compared.
            (KeyArgs::Name(_), KeyArgs::Seq(_)) => Ordering::Less,
            (KeyArgs::Seq(_), KeyArgs::Name(_)) => Ordering::Greater,
        }
    }
}

impl PartialOrd for KeyArgs {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for KeyArgs {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for KeyArgs {}
