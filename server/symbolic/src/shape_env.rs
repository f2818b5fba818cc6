//! The shape environment of one trace: symbols with their sources, hints and
//! ranges; the guards every decision on a symbolic value adds, with the user
//! line that caused it; the replacements equalities produce; and the static
//! evaluation that settles a decision without a guard the way torch's
//! `_maybe_evaluate_static` does (ranges with lower bounds shifted to 1,
//! divisibility facts, what earlier guards imply, a cache of open queries).

use std::collections::{BTreeSet, HashMap};

use shapes::expr::{Shown, SymResult};
use shapes::{AtomKind, Bound, SymExpr, SymbolId, ValueRange};

use crate::cmp::CmpKind;

/// What a symbol stands for.
#[derive(Clone, Debug)]
pub struct SymbolInfo {
    /// `s0`, `u0`: the name used in printed shapes.
    pub name: String,
    /// `x.size()[0]` for input sizes; `None` for unbacked symbols.
    pub source: Option<String>,
    /// The example value (backed symbols only).
    pub hint: Option<i64>,
    pub range: ValueRange,
    /// The range the user's spec asked for (before refinement).
    pub spec_range: ValueRange,
    pub unbacked: bool,
    /// The `Dim` that introduced it, for constraint checking.
    pub dim_name: Option<String>,
    /// Made for a derived dim (`2*d`), which torch writes as an expression
    /// of its root rather than a symbol of its own.
    pub derived: bool,
    /// A Dim's own symbol that no input dim is (torch's phantom root, whose
    /// source is the Dim's name): guards print it by its symbol name.
    pub phantom: bool,
    /// A number computed from a float read from tensor data
    /// (`TruncToInt(zuf0)`, what `int(x.sum().item())` is;
    /// `RoundDecimal(zuf0, 2)`): named by its expression, unknown like an
    /// unbacked symbol, and no range constraint of its own.
    pub of_float: bool,
}

/// A guard: a relation that must hold for the exported program to be valid.
#[derive(Clone, Debug)]
pub struct Guard {
    pub lhs: SymExpr,
    pub op: CmpKind,
    pub rhs: SymExpr,
    pub line: Option<u32>,
}

/// A decision taken under `suppress_guards`: no fact, only its log line,
/// whose sides keep the structure sympy gave them (see [`Shown`]).
#[derive(Clone, Debug)]
pub struct SuppressedGuard {
    pub lhs: Shown,
    pub op: CmpKind,
    pub rhs: Shown,
    pub line: Option<u32>,
}

/// A guard on several relations at once, logged as one: a disjunction or
/// negated conjunction of equalities teaches nothing; a conjunction
/// (torch's `_check(sym_and(...))`) narrows ranges as each of its members
/// would, but adds none of them as a fact.
#[derive(Clone, Debug)]
pub struct CompoundGuard {
    pub members: Vec<(SymExpr, CmpKind, SymExpr)>,
    pub junction: Junction,
    pub line: Option<u32>,
}

/// How a [`CompoundGuard`] joins its members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Junction {
    /// One of them holds (`Eq(a, 1) | Eq(b, a)`, torch's
    /// `_check(sym_or(...))`).
    Any,
    /// Not all of them hold (`~(Eq(a, 2) & Eq(b, 3))`, Dynamo comparing two
    /// sequences that differ).
    NotAll,
    /// All of them hold (`((a//6)) >= 1) & (b >= 3)`).
    All,
}

/// A relation on unbacked symbols that tracing assumed and could not
/// decide (`torch._check(u0 == u1)`, an op's requirement on a size read
/// from data): torch asserts it when the program runs, after the node
/// binding `last_unbacked`, its last unbacked symbol.
#[derive(Clone, Debug)]
pub struct DeferredAssert {
    pub lhs: SymExpr,
    pub op: CmpKind,
    pub rhs: SymExpr,
    pub last_unbacked: Option<SymbolId>,
}

/// A decision on a value that depends on tensor data.
#[derive(Clone, Debug)]
pub struct DataDependent {
    pub expr: String,
}

#[derive(Default)]
pub struct ShapeEnv {
    pub symbols: Vec<SymbolInfo>,
    pub replacements: HashMap<SymbolId, SymExpr>,
    pub guards: Vec<Guard>,
    /// Decisions taken under torch's `suppress_guards` (the fake-tensor
    /// cache): logged as `[guard suppressed]`, adding no fact. Each with
    /// the number of `guards` before it, to report both in log order.
    pub suppressed: Vec<(usize, SuppressedGuard)>,
    /// Compound guards, each with the number of `guards` before it.
    pub compounds: Vec<(usize, CompoundGuard)>,
    /// Runs of `guards` (first index, count) that torch logs as one
    /// conjunction (`Eq(a, 2) & Eq(b, 3)`): each teaches as a guard of its
    /// own.
    pub conjunctions: Vec<(usize, usize)>,
    /// Relations on unbacked symbols asserted at run time, in the order
    /// assumed.
    pub deferred_asserts: Vec<DeferredAssert>,
    /// `Mod(a, b)` expressions guarded to be 0 (torch's `divisible`).
    divisible: std::collections::HashSet<SymExpr>,
    /// Queries found open since the replacements, divisibility facts or
    /// ranges last changed: torch caches each query's static answer and
    /// a plain guard does not invalidate it, so asking the same query
    /// again is still open (and logged again) even when a guard settled it.
    open_queries: std::collections::HashSet<(SymExpr, CmpKind)>,
    /// The guards as facts for [`Self::known_relation`]: each difference
    /// simplified and in lowest terms, with its scale and relation. Built
    /// on first use, extended by each guard, dropped when replacements or
    /// divisibility facts change how the guards simplify.
    facts: std::cell::RefCell<Option<FactIndex>>,
    unbacked_count: u32,
    unbacked_float_count: u32,
    /// Draft export (torch's `propagate_real_tensors`): the values unbacked
    /// symbols have on the example inputs, where they could be computed.
    pub real_values: HashMap<SymbolId, i64>,
    /// The ranges the spec declares for derived dims (`2*s0` of
    /// `2*Dim("d", max=4000)`: [0, 8000], the root's own range from 2).
    pub declared_ranges: HashMap<SymExpr, ValueRange>,
    /// Symbol ids taken so far (torch numbers backed symbols by a hash of
    /// their source, probing past collisions).
    unique_ids: std::collections::HashSet<u32>,
    /// Inputs of assumed sizes (a module traced without example inputs):
    /// record in [`Self::hint_conflicts`] each equality the example sizes
    /// contradict that one input size could satisfy.
    pub record_conflicts: bool,
    /// The input sizes (symbol, value) that would have satisfied an
    /// equality the example sizes contradicted, in the order found.
    pub hint_conflicts: Vec<(SymbolId, i64)>,
    /// Symbols replaced by a constant because their range narrowed to one
    /// value (torch's `range_refined_to_singleton`), not by an equality.
    pub pinned_by_range: std::collections::HashSet<SymbolId>,
    /// Guards (by index in `guards`) asked of values torch built op by op
    /// ([`Self::guard_or_as_built`]): logged with the sides as built.
    built_forms: HashMap<usize, (Shown, Shown)>,
}

/// Each guard's difference in lowest terms, with its scale, relation and
/// the symbols the guard was stated over.
type FactIndex = HashMap<SymExpr, Vec<(i64, CmpKind, BTreeSet<SymbolId>)>>;

/// `e` divided by the gcd of its coefficients and constant, signed so
/// that its first term is positive (torch's `_reduce_to_lowest_terms`),
/// with the factor taken out; `None` for a constant.
fn lowest_terms(e: &SymExpr) -> Option<(SymExpr, i64)> {
    let first = e.terms().first()?.coeff();
    let gcd = e.terms().iter().fold(i128::from(e.constant()), |g, t| {
        crate::gcd(g, i128::from(t.coeff()))
    });
    let scale = i64::try_from(gcd).ok()? * first.signum();
    let reduced = if scale == 1 {
        e.clone()
    } else {
        e.checked_floordiv(&SymExpr::int(scale)).ok()?
    };
    Some((reduced, scale))
}

/// What a fact `d fact 0` over several symbols says of `d query 0`: torch
/// canonicalizes an integer inequality (`a > b` to `b + 1 <= a`) before it
/// lists implications, so only an equality implies other relations; an
/// inequality answers itself and its negation, and `a > b` leaves
/// `a >= b` and `Ne(a, b)` open (each then a guard of its own).
fn implied_over_several_symbols(fact: CmpKind, query: CmpKind) -> Option<bool> {
    match fact {
        CmpKind::Eq | CmpKind::Ne => implied(fact, query),
        _ if query == fact => Some(true),
        _ if query == fact.negate() => Some(false),
        _ => None,
    }
}

/// What a fact `d fact 0` says of `d query 0`, as torch's
/// `get_implications` lists it (`None`: nothing). A fact on one symbol
/// also narrows its range, which decides the same queries.
fn implied(fact: CmpKind, query: CmpKind) -> Option<bool> {
    use CmpKind::*;
    match (fact, query) {
        (Eq, Eq | Le | Ge) | (Ne, Ne) => Some(true),
        (Eq, Ne | Lt | Gt) | (Ne, Eq) => Some(false),
        (Gt, Gt | Ge | Ne) | (Lt, Lt | Le | Ne) => Some(true),
        (Gt, Lt | Le | Eq) | (Lt, Gt | Ge | Eq) => Some(false),
        (Ge, Ge) | (Le, Le) => Some(true),
        (Ge, Lt) | (Le, Gt) => Some(false),
        _ => None,
    }
}

/// What cancels the divisor of an exact floor division in a product.
enum Cancel {
    /// The divisor is a constant equal to the term's coefficient.
    Coefficient(i64),
    /// The divisor is another factor of the term (its index).
    Factor(usize),
}

/// torch's id for a backed symbol: sha256 of the source name, mod 100.
fn hashed_id(torch_source: &str) -> u32 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(torch_source.as_bytes());
    // (big-endian 256-bit integer) mod 100, folded byte by byte.
    digest
        .iter()
        .fold(0u32, |acc, b| (acc * 256 + u32::from(*b)) % 100)
}

impl ShapeEnv {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn info(&self, id: SymbolId) -> &SymbolInfo {
        &self.symbols[id.0 as usize]
    }

    pub fn create_backed(
        &mut self,
        torch_source: &str,
        source: String,
        hint: i64,
        range: ValueRange,
        dim_name: Option<String>,
    ) -> SymExpr {
        let id = SymbolId(self.symbols.len() as u32);
        let mut n = hashed_id(torch_source);
        while self.unique_ids.contains(&n) {
            n += 1;
        }
        self.unique_ids.insert(n);
        let name = format!("s{n}");
        self.symbols.push(SymbolInfo {
            name,
            source: Some(source),
            hint: Some(hint),
            range,
            spec_range: range,
            unbacked: false,
            dim_name,
            derived: false,
            phantom: false,
            of_float: false,
        });
        SymExpr::symbol(id)
    }

    pub fn create_unbacked(&mut self, range: ValueRange) -> SymExpr {
        let name = format!("u{}", self.unbacked_count);
        self.unbacked_count += 1;
        self.push_unbacked(name, range)
    }

    /// A float read from tensor data (torch's `zuf0`): a symbol only for
    /// naming the node that reads it; its value is not an integer, so no
    /// relation over it is ever decided here.
    pub fn create_unbacked_float(&mut self) -> SymExpr {
        let name = format!("zuf{}", self.unbacked_float_count);
        self.unbacked_float_count += 1;
        self.push_unbacked(name, ValueRange::unbounded())
    }

    /// A function of a float read from tensor data, named by torch's
    /// expression for it (`TruncToInt(zuf0)`, `FloorToInt(zuf0)`): as
    /// unknown as an unbacked symbol, so every decision on it is
    /// data-dependent.
    pub fn create_of_float(&mut self, expr: String) -> SymExpr {
        let e = self.push_unbacked(expr, ValueRange::unbounded());
        if let Some(s) = e.as_symbol() {
            self.symbols[s.0 as usize].of_float = true;
        }
        e
    }

    fn push_unbacked(&mut self, name: String, range: ValueRange) -> SymExpr {
        let id = SymbolId(self.symbols.len() as u32);
        self.symbols.push(SymbolInfo {
            name,
            source: None,
            hint: None,
            range,
            spec_range: range,
            unbacked: true,
            dim_name: None,
            derived: false,
            phantom: false,
            of_float: false,
        });
        SymExpr::symbol(id)
    }

    /// Apply the replacements found so far (an expression whose
    /// substitution would overflow int64 is kept as it is: still equal,
    /// only less simplified).
    pub fn simplify(&self, e: &SymExpr) -> SymExpr {
        if self.replacements.is_empty() {
            return e.clone();
        }
        e.checked_substitute(&|s| self.replacements.get(&s).cloned())
            .unwrap_or_else(|_| e.clone())
    }

    /// The value of an expression on the example inputs: backed symbols by
    /// their hints, unbacked ones by their [`Self::real_values`].
    pub fn real_value(&self, e: &SymExpr) -> Option<i64> {
        self.simplify(e).eval(&|s| {
            let info = self.symbols.get(s.0 as usize)?;
            info.hint.or_else(|| self.real_values.get(&s).copied())
        })
    }

    /// The example value of an expression, if every symbol has one.
    pub fn hint(&self, e: &SymExpr) -> Option<i64> {
        self.simplify(e)
            .eval(&|s| self.symbols.get(s.0 as usize).and_then(|i| i.hint))
    }

    pub fn range_of(&self, e: &SymExpr) -> ValueRange {
        let e = self.simplify(e);
        ValueRange::of(&e, &|s| {
            self.symbols
                .get(s.0 as usize)
                .map(|i| i.range)
                .unwrap_or_else(ValueRange::unbounded)
        })
    }

    /// A relation decided by an earlier guard, as torch's axioms decide
    /// it: each guard `d op 0` (simplified now, as torch re-simplifies its
    /// axioms when divisibility facts arrive) answers the queries it
    /// implies on any positive or negative multiple of `d`, so
    /// `Eq(3*s*b, 12*b*(s//4))` settles `48*b*(s//4) > 12*s*b` (false).
    fn known_relation(&self, diff: &SymExpr, op: CmpKind) -> Option<bool> {
        if self.guards.is_empty() && self.deferred_asserts.is_empty() {
            return None;
        }
        let (query, query_scale) = lowest_terms(diff)?;
        let mut facts = self.facts.borrow_mut();
        let facts = facts.get_or_insert_with(|| {
            let mut index = HashMap::new();
            for g in &self.guards {
                self.index_fact(&mut index, &g.lhs, g.op, &g.rhs);
            }
            // A relation asserted at run time is an axiom too.
            for d in &self.deferred_asserts {
                self.index_fact(&mut index, &d.lhs, d.op, &d.rhs);
            }
            index
        });
        // torch's `_maybe_evaluate_static` only uses a guard whose own
        // symbols all occur in the query: `Eq(5*s0*s1, 125)` does not
        // decide `Eq(s1, 5)` even once `s0` is known to be 5.
        let query_symbols = diff.symbols();
        facts
            .get(&query)?
            .iter()
            .filter(|(_, _, symbols)| symbols.is_subset(&query_symbols))
            .find_map(|(fact_scale, fact_op, symbols)| {
                // `diff op 0` as a statement about the fact's own difference.
                let op = if (query_scale > 0) == (*fact_scale > 0) {
                    op
                } else {
                    op.mirror()
                };
                if symbols.len() > 1 {
                    implied_over_several_symbols(*fact_op, op)
                } else {
                    implied(*fact_op, op)
                }
            })
    }

    fn index_fact(&self, index: &mut FactIndex, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) {
        let Ok(diff) = lhs.checked_sub(rhs) else {
            return;
        };
        let symbols = diff.symbols();
        let fact = self.simplify_divisible(&self.simplify(&diff));
        if let Some((fact, scale)) = lowest_terms(&fact) {
            index.entry(fact).or_default().push((scale, op, symbols));
        }
    }

    /// `Max(1, s//2)` is `s//2` when the ranges order the arguments (s >= 2
    /// here): torch's `Max`/`Min` drop an argument its bounds show never
    /// wins, so a stride `Max(1, d)` equals `d` for any size known >= 1.
    /// A two-argument `Max` of 0 or 1 and `d` also drops the constant when
    /// the static evaluation (earlier guards too, with `use_guards`) shows
    /// `d` is at least that constant: after a guard `Eq(d, 1)`, the stride
    /// `Max(1, d)` is `d`.
    fn settle_min_max(&self, e: &SymExpr, use_guards: bool) -> SymExpr {
        let winner = |args: &[SymExpr], max: bool| -> Option<SymExpr> {
            let by_ranges = args.iter().find(|a| {
                args.iter().all(|b| {
                    let gap = if max {
                        a.checked_sub(b)
                    } else {
                        b.checked_sub(a)
                    };
                    gap.is_ok_and(|g| self.range_of(&g).lo >= Bound::Finite(0))
                })
            });
            if by_ranges.is_some() || !max {
                return by_ranges.cloned();
            }
            let [a, b] = args else { return None };
            let (low, other) = match (a.as_const(), b.as_const()) {
                (Some(c @ (0 | 1)), None) => (c, b),
                (None, Some(c @ (0 | 1))) => (c, a),
                _ => return None,
            };
            let at_least =
                self.decide_statically(other, CmpKind::Ge, &SymExpr::int(low), use_guards);
            (at_least == Some(true)).then(|| other.clone())
        };
        let rewrite = |atom: &SymExpr| match atom.as_atom()?.kind() {
            AtomKind::Max(args) => winner(args, true),
            AtomKind::Min(args) => winner(args, false),
            _ => None,
        };
        e.checked_replace_atoms(&rewrite)
            .unwrap_or_else(|_| e.clone())
    }

    /// torch's `simplify` for nested floor divisions: `b // (b // d)` is `d`
    /// when both `Mod(b, b // d)` and `Mod(b, d)` are known to be 0.
    fn simplify_divisible(&self, e: &SymExpr) -> SymExpr {
        if self.divisible.is_empty() {
            return e.clone();
        }
        let rewrite = |atom: &SymExpr| -> Option<SymExpr> {
            let AtomKind::FloorDiv(base, divisor) = atom.as_atom()?.kind() else {
                return None;
            };
            let AtomKind::FloorDiv(base1, divisor1) = divisor.as_atom()?.kind() else {
                return None;
            };
            let divisible = |a: &SymExpr, b: &SymExpr| {
                a.checked_modulo(b)
                    .is_ok_and(|m| self.divisible.contains(&m))
            };
            (base == base1 && divisible(base, divisor) && divisible(base1, divisor1))
                .then(|| divisor1.clone())
        };
        let e = e
            .checked_replace_atoms(&rewrite)
            .unwrap_or_else(|_| e.clone());
        self.cancel_exact_divisions(&e)
    }

    /// `b * (a // b)` is `a` when `Mod(a, b)` is known to be 0, as torch's
    /// `simplify` cancels a `CleanDiv` against its divisor: only when the
    /// divisor is itself a factor of the product (an atom to the first
    /// power, or a constant equal to the coefficient), so `d * (6*s // d)`
    /// is `6*s` but `16 * ((n - 1) // 4)` stays. This is why the layout
    /// of a `split_dim` view asks nothing about its numel or strides.
    fn cancel_exact_divisions(&self, e: &SymExpr) -> SymExpr {
        let has_floordiv = e.terms().iter().any(|t| {
            t.factors()
                .iter()
                .any(|f| matches!(f.atom().kind(), AtomKind::FloorDiv(..)))
        });
        if !has_floordiv {
            return e.clone();
        }
        let divisible = |a: &SymExpr, b: &SymExpr| {
            a.checked_modulo(b)
                .is_ok_and(|m| self.divisible.contains(&m))
        };
        let mut changed = false;
        let mut acc = SymExpr::int(e.constant());
        for t in e.terms() {
            let mut coeff = t.coeff();
            let mut factors: Vec<(SymExpr, u32)> = t
                .factors()
                .iter()
                .map(|f| (SymExpr::from(f.atom().clone()), f.pow()))
                .collect();
            let mut extra = SymExpr::int(1);
            // Each cancellation removes a factor, so this ends.
            while let Some((i, cancel, base)) =
                factors.iter().enumerate().find_map(|(i, (atom, _))| {
                    let AtomKind::FloorDiv(base, divisor) = atom.as_atom()?.kind() else {
                        return None;
                    };
                    if factors[i].1 != 1 || !divisible(base, divisor) {
                        return None;
                    }
                    let cancel = match divisor.as_const() {
                        // `a - d*(a//d)` cancels as `d*(a//d) - a` does.
                        Some(c) if c == coeff || c.checked_neg() == Some(coeff) => {
                            Cancel::Coefficient(c)
                        }
                        Some(_) => return None,
                        None => Cancel::Factor(
                            factors
                                .iter()
                                .position(|(other, pow)| other == divisor && *pow == 1)?,
                        ),
                    };
                    Some((i, cancel, base.clone()))
                })
            {
                match cancel {
                    Cancel::Coefficient(c) => coeff /= c,
                    Cancel::Factor(j) => factors[j].1 -= 1,
                }
                factors[i].1 -= 1;
                factors.retain(|(_, pow)| *pow > 0);
                extra = match extra.checked_mul(&base) {
                    Ok(x) => x,
                    Err(_) => return e.clone(),
                };
                changed = true;
            }
            let mut term = SymExpr::int(coeff).checked_mul(&extra);
            for (atom, pow) in &factors {
                term = term.and_then(|t| t.checked_mul(&atom.checked_pow(*pow)?));
            }
            acc = match term.and_then(|term| acc.checked_add(&term)) {
                Ok(x) => x,
                Err(_) => return e.clone(),
            };
        }
        if changed { acc } else { e.clone() }
    }

    /// The range of `e` with each symbol of lower bound `L` rewritten as
    /// `s' + (L - 1)`, `s'` in `[1, U - L + 1]`, and the product expanded:
    /// torch's static evaluation does this so that `b*s - b` (b, s >= 2)
    /// becomes `b'*s' + s'`, positive, where plain interval arithmetic
    /// on `b*s - b` cannot tell. `None` when nothing shifts.
    /// The lower bound minus 1 of a symbol whose range starts past 1: the
    /// shift that makes it a positive integer again.
    fn shift_to_positive(&self, s: SymbolId) -> Option<i64> {
        match self.symbols.get(s.0 as usize)?.range.lo {
            Bound::Finite(lo) if lo != 1 => lo.checked_sub(1),
            _ => None,
        }
    }

    /// `e` with each symbol `s` of range [lo, ..] written `s + lo - 1`, so
    /// that every symbol in it ranges from 1 (torch's static evaluation
    /// makes that substitution); `None` when nothing shifts.
    pub fn shifted_to_positive(&self, e: &SymExpr) -> Option<SymExpr> {
        let shifted = e
            .checked_substitute(&|s| {
                self.shift_to_positive(s)
                    .and_then(|k| SymExpr::symbol(s).checked_add(&SymExpr::int(k)).ok())
            })
            .ok()?;
        (shifted != *e).then_some(shifted)
    }

    fn shifted_range(&self, e: &SymExpr) -> Option<ValueRange> {
        let offset = |s: SymbolId| self.shift_to_positive(s);
        let shifted = self.shifted_to_positive(e)?;
        Some(ValueRange::of(&shifted, &|s| {
            let Some(info) = self.symbols.get(s.0 as usize) else {
                return ValueRange::unbounded();
            };
            match offset(s) {
                Some(k) => ValueRange {
                    lo: Bound::Finite(1),
                    hi: match info.range.hi {
                        Bound::Finite(hi) => Bound::Finite(hi.saturating_sub(k)),
                        other => other,
                    },
                },
                None => info.range,
            }
        }))
    }

    /// Settle `lhs op rhs` statically if the ranges allow it.
    /// Whether two sizes or strides are known equal without a guard: equal
    /// once simplified, or settled by the ranges (a stride `Max(1, s - 1)`
    /// is `s - 1` when `s >= 2`), as torch's static evaluation finds them.
    pub fn known_equal(&self, a: &SymExpr, b: &SymExpr) -> bool {
        self.simplify(a) == self.simplify(b) || self.static_decide(a, CmpKind::Eq, b) == Some(true)
    }

    pub fn static_decide(&self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) -> Option<bool> {
        self.decide_statically(lhs, op, rhs, true)
    }

    /// [`static_decide`](Self::static_decide) on ranges, replacements and
    /// divisibility alone, without the earlier guards (torch's
    /// `_maybe_evaluate_static(expr, axioms=())`, as `produce_guards` asks
    /// it of each guard).
    pub fn static_decide_without_guards(
        &self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
    ) -> Option<bool> {
        self.decide_statically(lhs, op, rhs, false)
    }

    /// [`static_decide`](Self::static_decide) as torch's cached static
    /// evaluation answers it: a query already found open stays open until
    /// the next replacement, divisibility fact or range change, whatever
    /// guards were added since (see `open_queries`).
    fn decide_uncached(&mut self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) -> Option<bool> {
        // A difference past int64 is decided by the example values.
        let key = (lhs.checked_sub(rhs).ok()?, op);
        let stale = self.open_queries.contains(&key);
        let decided = self.decide_statically(lhs, op, rhs, !stale);
        if decided.is_none() {
            self.open_queries.insert(key);
        }
        decided
    }

    /// [`static_decide`](Self::static_decide), optionally without the
    /// earlier guards.
    fn decide_statically(
        &self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
        use_guards: bool,
    ) -> Option<bool> {
        let diff = self.simplify_divisible(&self.simplify(&lhs.checked_sub(rhs).ok()?));
        let diff = self.settle_min_max(&diff, use_guards);
        if use_guards && let Some(b) = self.known_relation(&diff, op) {
            return Some(b);
        }
        if let Some(c) = diff.as_const() {
            return Some(op.holds(c, 0));
        }
        let r = self.range_of(&diff);
        let r = if r.lo > Bound::Finite(0) || r.hi < Bound::Finite(0) || r.as_exact().is_some() {
            r
        } else {
            self.shifted_range(&diff).unwrap_or(r)
        };
        let (lo, hi) = (r.lo, r.hi);
        let gt0 = lo > Bound::Finite(0);
        let ge0 = lo >= Bound::Finite(0);
        let lt0 = hi < Bound::Finite(0);
        let le0 = hi <= Bound::Finite(0);
        match op {
            CmpKind::Eq if gt0 || lt0 => Some(false),
            CmpKind::Ne if gt0 || lt0 => Some(true),
            CmpKind::Eq if ge0 && le0 => Some(true),
            CmpKind::Ne if ge0 && le0 => Some(false),
            CmpKind::Gt if gt0 => Some(true),
            CmpKind::Gt if le0 => Some(false),
            CmpKind::Ge if ge0 => Some(true),
            CmpKind::Ge if lt0 => Some(false),
            CmpKind::Lt if lt0 => Some(true),
            CmpKind::Lt if ge0 => Some(false),
            CmpKind::Le if le0 => Some(true),
            CmpKind::Le if gt0 => Some(false),
            _ => None,
        }
    }

    /// Decide `lhs op rhs` for a Python branch: statically when possible,
    /// else by the example values, adding a guard on `line`.
    pub fn evaluate(
        &mut self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
        line: Option<u32>,
    ) -> Result<bool, DataDependent> {
        let (lhs, rhs) = (self.simplify(lhs), self.simplify(rhs));
        if let Some(b) = self.decide_uncached(&lhs, op, &rhs) {
            return Ok(b);
        }
        let (Some(a), Some(b)) = (self.hint(&lhs), self.hint(&rhs)) else {
            return Err(DataDependent {
                expr: self.render_relation(&lhs, op, &rhs, false),
            });
        };
        let holds = op.holds(a, b);
        if (op == CmpKind::Eq && !holds) || (op == CmpKind::Ne && holds) {
            self.note_conflict(&lhs, &rhs);
        }
        let op = if holds { op } else { op.negate() };
        self.add_guard(lhs, op, rhs, line);
        Ok(holds)
    }

    /// With [`Self::record_conflicts`]: when `lhs == rhs` is linear in one
    /// backed input size, the value of that size that satisfies it.
    fn note_conflict(&mut self, lhs: &SymExpr, rhs: &SymExpr) {
        if !self.record_conflicts {
            return;
        }
        let Ok(diff) = lhs.checked_sub(rhs) else {
            return;
        };
        let symbols = diff.symbols();
        let [s] = symbols.iter().copied().collect::<Vec<_>>()[..] else {
            return;
        };
        let info = self.info(s);
        if info.unbacked || info.source.is_none() {
            return;
        }
        let at = |v: i64| diff.eval(&|_| Some(v));
        let (Some(f0), Some(f1), Some(f2)) = (at(0), at(1), at(2)) else {
            return;
        };
        let (Some(c), Some(c2)) = (f1.checked_sub(f0), f2.checked_sub(f1)) else {
            return;
        };
        if c == 0 || c2 != c || f0 % c != 0 {
            return;
        }
        let Some(value) = f0.checked_div(c).and_then(i64::checked_neg) else {
            return;
        };
        if value >= 2 && info.range.contains(value) {
            self.hint_conflicts.push((s, value));
        }
    }

    /// torch's `guard_or_false` / `guard_or_true`: statically when
    /// possible, else by the example values with a guard (under
    /// `suppress_guards`: a suppressed one, no fact); `default` when a
    /// value has no example (unbacked).
    pub fn guard_or(
        &mut self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
        line: Option<u32>,
        default: bool,
        suppress: bool,
    ) -> bool {
        let (lhs, rhs) = (self.simplify(lhs), self.simplify(rhs));
        let (holds, open) = self.answer_or(&lhs, op, &rhs, default);
        match open {
            Some(op) if suppress => {
                let shown = |e: &SymExpr| Shown::of(e).ok();
                if let (Some(l), Some(r)) = (shown(&lhs), shown(&rhs)) {
                    self.push_suppressed(l, op, r, line);
                }
            }
            Some(op) => self.add_guard(lhs, op, rhs, line),
            None => {}
        }
        holds
    }

    /// [`Self::guard_or`] under `suppress_guards` on values torch built op
    /// by op: decided on their expansion, logged as built.
    pub fn guard_or_shown(
        &mut self,
        lhs: &Shown,
        op: CmpKind,
        rhs: &Shown,
        line: Option<u32>,
        default: bool,
    ) -> bool {
        self.guard_or_as_built(lhs, op, rhs, line, default, true)
    }

    /// [`Self::guard_or`] on values torch built op by op (a stride as the
    /// product of sizes, `(a + 1)*(b + 1)`): decided on their expansion,
    /// logged with the sides as built, a guard or (`suppressed`) a
    /// suppressed one.
    pub fn guard_or_as_built(
        &mut self,
        lhs: &Shown,
        op: CmpKind,
        rhs: &Shown,
        line: Option<u32>,
        default: bool,
        suppressed: bool,
    ) -> bool {
        let (Ok(l), Ok(r)) = (lhs.expanded(), rhs.expanded()) else {
            return default;
        };
        let (l, r) = (self.simplify(&l), self.simplify(&r));
        let (holds, open) = self.answer_or(&l, op, &r, default);
        match open {
            Some(op) if suppressed => self.push_suppressed(lhs.clone(), op, rhs.clone(), line),
            Some(op) => {
                let before = self.guards.len();
                self.add_guard(l, op, r, line);
                if self.guards.len() > before {
                    self.built_forms.insert(before, (lhs.clone(), rhs.clone()));
                }
            }
            None => {}
        }
        holds
    }

    /// `e` with the replacements known so far, in sympy's product form: a
    /// size as torch reads it before computing with it.
    pub fn shown(&self, e: &SymExpr) -> SymResult<Shown> {
        Shown::of(&self.simplify(e))
    }

    /// The answer to `lhs op rhs` (simplified) statically, else by the
    /// example values, else `default`; with the relation that holds when
    /// the answer came from the example values (a guard to log).
    fn answer_or(
        &mut self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
        default: bool,
    ) -> (bool, Option<CmpKind>) {
        if let Some(b) = self.decide_uncached(lhs, op, rhs) {
            return (b, None);
        }
        let (Some(a), Some(b)) = (self.hint(lhs), self.hint(rhs)) else {
            return (default, None);
        };
        let holds = op.holds(a, b);
        (holds, Some(if holds { op } else { op.negate() }))
    }

    fn push_suppressed(&mut self, lhs: Shown, op: CmpKind, rhs: Shown, line: Option<u32>) {
        let at = self.guards.len();
        let guard = SuppressedGuard { lhs, op, rhs, line };
        self.suppressed.push((at, guard));
    }

    /// Every logged guard in log order: its text (suppressed ones with
    /// torch's `[guard suppressed] ` prefix), its line, and for a real
    /// guard its index in `guards`.
    pub fn reported_guards(&self) -> Vec<(String, Option<u32>, Option<usize>)> {
        let mut out =
            Vec::with_capacity(self.guards.len() + self.suppressed.len() + self.compounds.len());
        let mut sup = self.suppressed.iter().peekable();
        let mut any = self.compounds.iter().peekable();
        for i in 0..=self.guards.len() {
            while let Some((_, s)) = sup.next_if(|(at, _)| *at <= i) {
                out.push((
                    format!("[guard suppressed] {}", self.suppressed_text(s)),
                    s.line,
                    None,
                ));
            }
            while let Some((_, d)) = any.next_if(|(at, _)| *at <= i) {
                out.push((self.compound_text(d), d.line, None));
            }
            let Some(g) = self.guards.get(i) else {
                continue;
            };
            match self
                .conjunctions
                .iter()
                .find(|(first, count)| (*first..first + count).contains(&i))
            {
                Some(&(first, count)) if first == i => {
                    let members: Vec<(SymExpr, CmpKind, SymExpr)> = self.guards
                        [first..first + count]
                        .iter()
                        .map(|m| (m.lhs.clone(), m.op, m.rhs.clone()))
                        .collect();
                    out.push((self.relations_text(&members, " & "), g.line, Some(i)));
                }
                Some(_) => {}
                None => {
                    let text = match self.built_forms.get(&i) {
                        Some((l, r)) => self.built_text(l, g.op, r),
                        None => self.guard_text(g),
                    };
                    out.push((text, g.line, Some(i)));
                }
            }
        }
        out
    }

    /// How many guards [`Self::reported_guards`] lists.
    pub fn reported_count(&self) -> usize {
        let merged: usize = self.conjunctions.iter().map(|(_, n)| n - 1).sum();
        self.guards.len() + self.suppressed.len() + self.compounds.len() - merged
    }

    /// Decide whether every pair is equal as Dynamo compares two sequences
    /// of sizes (`hx.size() != (2, 3, 20)` in strict mode): the equalities
    /// not settled statically become one guard, a conjunction torch logs as
    /// `Eq(a, 2) & Eq(b, 3)` and learns from as from each equality, or,
    /// when the example values differ, `~(Eq(a, 2) & Eq(b, 3))`.
    pub fn evaluate_all_eq(
        &mut self,
        pairs: &[(SymExpr, SymExpr)],
        line: Option<u32>,
    ) -> Result<bool, DataDependent> {
        let relations: Vec<_> = pairs
            .iter()
            .map(|(a, b)| (a.clone(), CmpKind::Eq, b.clone()))
            .collect();
        self.evaluate_all(&relations, line, false)
    }

    /// [`Self::evaluate_all_eq`] for any relations. With `whole` (torch's
    /// `_check(sym_and(..))`, one expression decided as a whole), a
    /// relation settled statically stays in the conjunction while another
    /// is open: `(s0 > 1) & (s0 > 2)` for `s0 >= 2`.
    pub fn evaluate_all(
        &mut self,
        relations: &[(SymExpr, CmpKind, SymExpr)],
        line: Option<u32>,
        whole: bool,
    ) -> Result<bool, DataDependent> {
        let mut open = Vec::new();
        let mut settled = Vec::new();
        for (a, op, b) in relations {
            let (a, b) = (self.simplify(a), self.simplify(b));
            match self.decide_uncached(&a, *op, &b) {
                Some(false) => return Ok(false),
                Some(true) => settled.push((open.len(), (a, *op, b))),
                None => open.push((a, *op, b)),
            }
        }
        if whole && !open.is_empty() {
            for (at, relation) in settled.into_iter().rev() {
                open.insert(at, relation);
            }
        }
        if let [(a, op, b)] = &open[..] {
            return self.evaluate(a, *op, b, line);
        }
        let mut holds = true;
        for (a, op, b) in &open {
            let (Some(x), Some(y)) = (self.hint(a), self.hint(b)) else {
                return Err(DataDependent {
                    expr: self.relations_text(&open, " & "),
                });
            };
            holds &= op.holds(x, y);
        }
        if !holds {
            self.push_junction(open, Junction::NotAll, line);
            return Ok(false);
        }
        let first = self.guards.len();
        for (a, op, b) in open {
            self.add_guard(a, op, b, line);
        }
        let count = self.guards.len() - first;
        if count > 1 {
            self.conjunctions.push((first, count));
        }
        Ok(true)
    }

    /// Guard that one of `alternatives` (pairs of equal sizes) holds, as
    /// torch's `_check(sym_or(Eq(..), ..))` does: nothing when one holds
    /// statically, else one compound guard when one holds on the example
    /// values. Returns false when none can hold (torch's check fails).
    pub fn assume_any_eq(
        &mut self,
        alternatives: &[(SymExpr, SymExpr)],
        line: Option<u32>,
    ) -> bool {
        let alts: Vec<(SymExpr, CmpKind, SymExpr)> = alternatives
            .iter()
            .map(|(a, b)| (self.simplify(a), CmpKind::Eq, self.simplify(b)))
            .collect();
        let decided: Vec<Option<bool>> = alts
            .iter()
            .map(|(a, _, b)| self.static_decide(a, CmpKind::Eq, b))
            .collect();
        if decided.contains(&Some(true)) {
            return true;
        }
        if decided.iter().all(|d| *d == Some(false)) {
            return false;
        }
        let mut unknown = false;
        let mut holds = false;
        for (a, _, b) in &alts {
            match (self.hint(a), self.hint(b)) {
                (Some(x), Some(y)) => holds |= x == y,
                _ => unknown = true,
            }
        }
        if unknown {
            // Unbacked sizes: assumed, checked at runtime.
            return true;
        }
        if holds && !self.compounds.iter().any(|(_, d)| d.members == alts) {
            self.push_junction(alts, Junction::Any, line);
        }
        holds
    }

    /// Guard that every relation of `checks` holds, as torch's
    /// `_check(sym_and(...))` does: members that are constants are plain
    /// Python booleans (one that is false fails the check); the rest is one
    /// conjunction, kept whole even when some member holds statically,
    /// guarded unless all hold statically. Each member narrows ranges as its
    /// own guard would; none becomes a fact. Returns false when the check
    /// fails on the example values.
    pub fn assume_all(
        &mut self,
        checks: &[(SymExpr, CmpKind, SymExpr)],
        line: Option<u32>,
    ) -> bool {
        let mut members = Vec::new();
        for (a, op, b) in checks {
            let (a, b) = (self.simplify(a), self.simplify(b));
            match (a.as_const(), b.as_const()) {
                (Some(x), Some(y)) if !op.holds(x, y) => return false,
                (Some(_), Some(_)) => {}
                _ => members.push((a, *op, b)),
            }
        }
        if let [(a, op, b)] = &members[..] {
            return self.assume(a, *op, b, line);
        }
        let decided: Vec<Option<bool>> = members
            .iter()
            .map(|(a, op, b)| self.static_decide(a, *op, b))
            .collect();
        if decided.iter().all(|d| *d == Some(true)) {
            return true;
        }
        if decided.contains(&Some(false)) {
            return false;
        }
        for (a, op, b) in &members {
            // Unbacked sizes are assumed (checked at runtime).
            if let (Some(x), Some(y)) = (self.hint(a), self.hint(b))
                && !op.holds(x, y)
            {
                return false;
            }
        }
        for (a, op, b) in &members {
            self.learn(a, *op, b);
        }
        self.push_junction(members, Junction::All, line);
        true
    }

    /// Log a compound guard after the guards so far.
    fn push_junction(
        &mut self,
        members: Vec<(SymExpr, CmpKind, SymExpr)>,
        junction: Junction,
        line: Option<u32>,
    ) {
        let at = self.guards.len();
        let guard = CompoundGuard {
            members,
            junction,
            line,
        };
        self.compounds.push((at, guard));
    }

    /// `Eq(a, b) | Eq(c, d)`, `~(Eq(a, b) & Eq(c, d))` or `(a >= 1) & (b >= 1)`.
    pub fn compound_text(&self, g: &CompoundGuard) -> String {
        match g.junction {
            Junction::Any => self.relations_text(&g.members, " | "),
            Junction::NotAll => format!("~({})", self.relations_text(&g.members, " & ")),
            Junction::All => self.relations_text(&g.members, " & "),
        }
    }

    /// Relations joined by `separator`, in the order sympy prints the
    /// arguments of `Or` and `And` (`default_sort_key` over the symbols'
    /// names, then printed over sources); an inequality in parentheses.
    fn relations_text(&self, relations: &[(SymExpr, CmpKind, SymExpr)], separator: &str) -> String {
        let names = |s: SymbolId| self.symbol_name(s);
        let mut sorted: Vec<&(SymExpr, CmpKind, SymExpr)> = relations.iter().collect();
        sorted.sort_by(|(a, _, b), (c, _, d)| {
            a.cmp_sort_key(c, &names)
                .then_with(|| b.cmp_sort_key(d, &names))
        });
        sorted
            .iter()
            .map(|(a, op, b)| match op {
                CmpKind::Eq | CmpKind::Ne => self.render_relation(a, *op, b, true),
                _ => format!("({})", self.render_relation(a, *op, b, true)),
            })
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// Assume `lhs op rhs` holds from now on (a `torch._check`, an op's
    /// requirement) and record it as a guard when not already implied.
    /// Returns false when it contradicts the example values.
    pub fn assume(&mut self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr, line: Option<u32>) -> bool {
        let (lhs, rhs) = (self.simplify(lhs), self.simplify(rhs));
        // torch's `_check` asks the cached static evaluation first: an open
        // query stays open after the guard is added.
        match self.decide_uncached(&lhs, op, &rhs) {
            Some(b) => b,
            None => {
                let holds = match (self.hint(&lhs), self.hint(&rhs)) {
                    (Some(a), Some(b)) => op.holds(a, b),
                    _ => true,
                };
                if holds {
                    self.add_guard(lhs, op, rhs, line);
                } else if op == CmpKind::Eq {
                    self.note_conflict(&lhs, &rhs);
                }
                holds
            }
        }
    }

    fn add_guard(&mut self, lhs: SymExpr, op: CmpKind, rhs: SymExpr, line: Option<u32>) {
        self.learn(&lhs, op, &rhs);
        let unbacked = lhs
            .symbols()
            .iter()
            .chain(rhs.symbols().iter())
            .any(|s| self.info(*s).unbacked);
        // torch logs a query again when its cached answer is stale (see
        // `open_queries`); the guard list keeps one copy.
        let repeated = self
            .guards
            .iter()
            .any(|g| g.op == op && g.lhs == lhs && g.rhs == rhs);
        if unbacked {
            let last_unbacked = lhs
                .symbols()
                .into_iter()
                .chain(rhs.symbols())
                .filter(|s| self.info(*s).unbacked)
                .max();
            if let Some(mut index) = self.facts.take() {
                self.index_fact(&mut index, &lhs, op, &rhs);
                self.facts.replace(Some(index));
            }
            self.deferred_asserts.push(DeferredAssert {
                lhs,
                op,
                rhs,
                last_unbacked,
            });
        } else if !repeated {
            let guard = Guard { lhs, op, rhs, line };
            if let Some(mut index) = self.facts.take() {
                self.index_fact(&mut index, &guard.lhs, guard.op, &guard.rhs);
                self.facts.replace(Some(index));
            }
            self.guards.push(guard);
        }
    }

    /// What guarding `lhs op rhs` teaches (torch's `_maybe_guard_rel`):
    /// divisibility and replacements from an equality, ranges from an
    /// inequality, nothing from a disequality.
    fn learn(&mut self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) {
        // A difference past int64 teaches nothing (the guard is still kept).
        let diff = lhs.checked_sub(rhs).unwrap_or_default();
        if op == CmpKind::Eq {
            let m = if diff.terms().first().is_some_and(|t| t.coeff() < 0) {
                diff.checked_neg().ok()
            } else {
                Some(diff.clone())
            };
            if let Some(m) = m
                && matches!(m.as_atom().map(|a| a.kind()), Some(AtomKind::Mod(..)))
            {
                self.divisible.insert(m);
                self.open_queries.clear();
                self.facts.replace(None);
            }
        }
        match op {
            CmpKind::Eq => self.add_replacement(&diff),
            CmpKind::Ge | CmpKind::Gt | CmpKind::Le | CmpKind::Lt => {
                self.refine_ranges(lhs, op, rhs)
            }
            // torch's `_maybe_guard_rel` learns nothing from `Ne`; asking
            // again is settled by `known_relation`.
            CmpKind::Ne => {}
        }
    }

    /// `diff == 0`: replace one symbol by the rest, preferring to replace
    /// the symbol with the larger example value (then the later one), as
    /// torch does.
    fn add_replacement(&mut self, diff: &SymExpr) {
        self.facts.replace(None);
        // torch solves no equation that holds a floor division or a modulo
        // (`Eq(s0, (s1//2))` stays a guard; a modulo only teaches
        // divisibility).
        if diff.has_division() {
            return;
        }
        let mut candidates: Vec<SymbolId> = diff.symbols().into_iter().collect();
        // torch: sorted by (hint, name), the largest replaced first.
        candidates.sort_by(|a, b| {
            let (ia, ib) = (self.info(*a), self.info(*b));
            (ia.hint.unwrap_or(i64::MAX), &ia.name).cmp(&(ib.hint.unwrap_or(i64::MAX), &ib.name))
        });
        for s in candidates.into_iter().rev() {
            // torch keeps no replacement by a value read from data.
            if let Some(sol) = SymExpr::solve_linear(diff, s)
                && sol.symbols().iter().all(|x| !self.info(*x).unbacked)
            {
                let range = self.range_of(&sol);
                let info = &mut self.symbols[s.0 as usize];
                info.range = info.range.intersect(&range);
                if let Some(c) = sol.as_const() {
                    info.range = ValueRange::exact(c);
                    info.spec_range = ValueRange::exact(c);
                } else {
                    // The remaining symbols inherit the bound of the replaced one.
                    self.propagate_range(&sol, s);
                }
                let only_s = |x: SymbolId| (x == s).then(|| sol.clone());
                let updated: shapes::SymResult<Vec<(SymbolId, SymExpr)>> = self
                    .replacements
                    .iter()
                    .map(|(k, v)| Ok((*k, v.checked_substitute(&only_s)?)))
                    .collect();
                // A replacement that would overflow int64 is not learnt.
                if let Ok(updated) = updated {
                    self.replacements.extend(updated);
                    self.replacements.insert(s, sol);
                }
                // Only a learnt replacement reopens the cached queries (an
                // equation solved for no symbol changes nothing torch's
                // cache is keyed on).
                self.open_queries.clear();
                return;
            }
        }
    }

    /// After `s := sol`, narrow the range of sol's single symbol by s's range.
    fn propagate_range(&mut self, sol: &SymExpr, replaced: SymbolId) {
        let syms: Vec<SymbolId> = sol.symbols().into_iter().collect();
        if syms.len() != 1 {
            return;
        }
        let t = syms[0];
        let Some(a) = sol.coeff_of(t) else { return };
        if a <= 0 {
            return;
        }
        let Some(b) = constant_beside(sol, t, a) else {
            return;
        };
        // Bounds past int64 stay open.
        let map = |r: ValueRange| {
            let lo = match r.lo {
                Bound::Finite(l) => l
                    .checked_sub(b)
                    .map_or(Bound::NegInf, |n| Bound::Finite(ceil_div(n, a))),
                other => other,
            };
            let hi = match r.hi {
                Bound::Finite(h) => h
                    .checked_sub(b)
                    .map_or(Bound::PosInf, |n| Bound::Finite(n.div_euclid(a))),
                other => other,
            };
            ValueRange { lo, hi }
        };
        let (r, sr) = (
            map(self.info(replaced).range),
            map(self.info(replaced).spec_range),
        );
        let info = &mut self.symbols[t.0 as usize];
        info.range = info.range.intersect(&r);
        info.spec_range = info.spec_range.intersect(&sr);
        self.pin_if_single_value(t, false);
    }

    /// A symbol whose range narrowed to one value is that value (torch
    /// replaces it by the constant): its declared range, or, when a guard
    /// just narrowed it (`narrowed`), the range it is decided by, which
    /// starts at 2 for a backed size (`x.size()[0] < 3` on a `Dim` of any
    /// declared minimum pins it to 2).
    fn pin_if_single_value(&mut self, s: SymbolId, narrowed: bool) {
        let single = |r: ValueRange| match (r.lo, r.hi) {
            (Bound::Finite(lo), Bound::Finite(hi)) if lo == hi => Some(lo),
            _ => None,
        };
        let info = self.info(s);
        let decided = if narrowed { single(info.range) } else { None };
        let Some(lo) = single(info.spec_range).or(decided) else {
            return;
        };
        if info.unbacked || self.replacements.contains_key(&s) {
            return;
        }
        if let Ok(diff) = SymExpr::symbol(s).checked_sub(&SymExpr::int(lo)) {
            self.add_replacement(&diff);
            self.pinned_by_range.insert(s);
        }
    }

    /// `lhs op rhs` (an inequality) narrows the range of each symbol it
    /// can be solved for (torch's `_refine_ranges` over `try_solve`): a
    /// lower bound from `s >= rhs` is the least value of `rhs`, an upper
    /// bound from `s <= rhs` its greatest, so `(s//6) >= 1` gives `s >= 6`,
    /// `s > t` gives `s >= 3` for `t >= 2`, and `2*s >= 5` gives nothing.
    fn refine_ranges(&mut self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) {
        let (lhs, rhs) = (self.simplify(lhs), self.simplify(rhs));
        let symbols: BTreeSet<SymbolId> = lhs.symbols().union(&rhs.symbols()).copied().collect();
        for s in symbols {
            let Some((op, bound)) = crate::solve::isolate(&lhs, op, &rhs, s) else {
                continue;
            };
            let b = self.range_of(&bound);
            let r = self.info(s).range;
            let (mut lo, mut hi) = (r.lo, r.hi);
            let strict = i64::from(matches!(op, CmpKind::Gt | CmpKind::Lt));
            if matches!(op, CmpKind::Ge | CmpKind::Gt) && lo <= b.lo {
                lo = shifted(b.lo, strict);
            }
            if matches!(op, CmpKind::Le | CmpKind::Lt) && hi >= b.hi {
                hi = shifted(b.hi, -strict);
            }
            let new = ValueRange::new(lo, hi);
            if new == r {
                // torch's `_refine_ranges` keeps its caches when a guard
                // refines nothing.
                continue;
            }
            let info = &mut self.symbols[s.0 as usize];
            info.range = r.intersect(&new);
            info.spec_range = info.spec_range.intersect(&new);
            self.open_queries.clear();
            self.pin_if_single_value(s, true);
        }
    }

    /// Print an expression over symbol names (`s0 + 1`).
    /// A symbol's name (`s0`), as sympy orders and prints it.
    pub fn symbol_name(&self, s: SymbolId) -> String {
        self.symbols
            .get(s.0 as usize)
            .map(|i| i.name.clone())
            .unwrap_or_else(|| format!("s{}", s.0))
    }

    pub fn render(&self, e: &SymExpr) -> String {
        let names = |s: SymbolId| self.symbol_name(s);
        e.display(&names).to_string()
    }

    /// Print an expression over input sources (`x.size()[0] + 1`).
    pub fn render_source(&self, e: &SymExpr) -> String {
        let names = |s: SymbolId| self.source_name(s);
        e.display(&names).to_string()
    }

    fn source_name(&self, s: SymbolId) -> String {
        self.symbols
            .get(s.0 as usize)
            .map(|i| match &i.source {
                Some(src) if !i.phantom => src.clone(),
                _ => i.name.clone(),
            })
            .unwrap_or_else(|| format!("s{}", s.0))
    }

    /// A relation in SymPy syntax: `Eq(a, b)`, `Ne(a, b)`, `a <= b`.
    pub fn render_relation(
        &self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
        sources: bool,
    ) -> String {
        let r = |e: &SymExpr| {
            if sources {
                self.render_source(e)
            } else {
                self.render(e)
            }
        };
        relation_text(r(lhs), op, r(rhs))
    }

    /// A symbolic boolean as torch prints a node's value: its sides after
    /// the replacements, `True`/`False` where sympy decides the relation
    /// itself (the sides differ by a number).
    pub fn render_sym_bool(&self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) -> String {
        let (lhs, rhs) = (self.simplify(lhs), self.simplify(rhs));
        if let Some(d) = lhs.checked_sub(&rhs).ok().and_then(|d| d.as_const()) {
            return if op.holds(d, 0) { "True" } else { "False" }.to_string();
        }
        self.render_relation(&lhs, op, &rhs, false)
    }

    pub fn guard_text(&self, g: &Guard) -> String {
        self.render_relation(&g.lhs, g.op, &g.rhs, true)
    }

    /// A suppressed guard over sources, its terms and factors ordered by
    /// the symbols' names as sympy orders them.
    pub fn suppressed_text(&self, g: &SuppressedGuard) -> String {
        self.built_text(&g.lhs, g.op, &g.rhs)
    }

    /// A relation between built values over sources, as sympy prints it.
    fn built_text(&self, lhs: &Shown, op: CmpKind, rhs: &Shown) -> String {
        let names = |s: SymbolId| self.source_name(s);
        let order = |s: SymbolId| self.symbol_name(s);
        let (l, r) = (lhs.display(&names, &order), rhs.display(&names, &order));
        relation_text(l, op, r)
    }
}

/// `Eq(a, b)`, `Ne(a, b)` or `a <= b` as sympy prints a relation.
fn relation_text(lhs: impl std::fmt::Display, op: CmpKind, rhs: impl std::fmt::Display) -> String {
    match op {
        CmpKind::Eq => format!("Eq({lhs}, {rhs})"),
        CmpKind::Ne => format!("Ne({lhs}, {rhs})"),
        _ => format!("{lhs} {} {rhs}", op.symbol()),
    }
}

/// A finite bound moved by `k` (saturating); infinities stay.
fn shifted(b: Bound, k: i64) -> Bound {
    match b {
        Bound::Finite(v) => Bound::Finite(v.saturating_add(k)),
        inf => inf,
    }
}

/// `a / b` rounded towards positive infinity, for `b > 0`.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    // Without negating `a`, so `i64::MIN` divides too.
    let q = a.div_euclid(b);
    if b > 0 && a.rem_euclid(b) != 0 {
        q + 1
    } else {
        q
    }
}

/// `e - a*s` when that is a constant (`e` linear in `s` alone).
fn constant_beside(e: &SymExpr, s: SymbolId, a: i64) -> Option<i64> {
    let term = SymExpr::symbol(s).checked_mul(&SymExpr::int(a)).ok()?;
    e.checked_sub(&term).ok()?.as_const()
}

#[cfg(test)]
// Small known sizes: the panicking conveniences are fine here.
#[allow(clippy::disallowed_methods)]
mod tests {
    use super::*;
    use shapes::Bound;

    /// An env with one size `s` (hint 10, range [2, 512]).
    fn env_with_size() -> (ShapeEnv, SymExpr) {
        let mut env = ShapeEnv::new();
        let s = env.create_backed(
            "L['x'].size()[1]",
            "x.size()[1]".into(),
            10,
            ValueRange::new(Bound::Finite(2), Bound::Finite(512)),
            None,
        );
        (env, s)
    }

    fn guard_count(env: &ShapeEnv) -> usize {
        env.guards.len() + env.suppressed.len()
    }

    #[test]
    fn exact_division_cancels_against_its_divisor_factor() {
        let (mut env, s) = env_with_size();
        let six_s = s.mul(&SymExpr::int(6));
        let d = s.mul(&SymExpr::int(3)).floordiv(&SymExpr::int(2));
        let quotient = six_s.floordiv(&d);
        let product = d.mul(&quotient);
        // Undecided before divisibility is known ...
        assert_eq!(env.static_decide(&six_s, CmpKind::Eq, &product), None);
        let divisible = env.evaluate(&six_s.modulo(&d), CmpKind::Eq, &SymExpr::int(0), Some(1));
        assert!(matches!(divisible, Ok(true)));
        // ... then `d * (6*s // d)` is `6*s`, with and without a coefficient.
        assert_eq!(env.static_decide(&six_s, CmpKind::Eq, &product), Some(true));
        let numel = product.mul(&SymExpr::int(2));
        assert_eq!(
            env.static_decide(&numel, CmpKind::Ne, &SymExpr::int(0)),
            Some(true)
        );
        let before = guard_count(&env);
        assert!(!env.guard_or(&numel, CmpKind::Eq, &SymExpr::int(0), Some(2), false, true));
        assert_eq!(guard_count(&env), before, "a decided query adds no guard");
    }

    #[test]
    fn exact_division_by_a_constant_cancels_only_an_equal_coefficient() {
        let (mut env, s) = env_with_size();
        let n1 = s.sub(&SymExpr::int(2));
        let q = n1.floordiv(&SymExpr::int(4));
        let divisible = env.evaluate(
            &n1.modulo(&SymExpr::int(4)),
            CmpKind::Eq,
            &SymExpr::int(0),
            Some(1),
        );
        assert!(
            matches!(divisible, Ok(true)),
            "the hint 10 - 2 is a multiple of 4"
        );
        // 4 * ((s - 2) // 4) is s - 2 ...
        assert_eq!(
            env.static_decide(&q.mul(&SymExpr::int(4)), CmpKind::Eq, &n1),
            Some(true)
        );
        // ... but 16 * ((s - 2) // 4) is left alone, as torch leaves it.
        let bound = q.mul(&SymExpr::int(16)).add(&SymExpr::int(4));
        assert_eq!(
            env.static_decide(&bound, CmpKind::Le, &s.mul(&SymExpr::int(4))),
            None
        );
    }

    #[test]
    fn exact_division_cancels_when_subtracted_too() {
        // reshape(-1, 10) of [b, s]: infer_size guards `Mod(b*s, 10)` to be
        // 0, then the numel check `b*s == 10*((b*s)//10)` is decided (its
        // difference holds `-10*((b*s)//10)`), with no guard of its own.
        let (mut env, b, s) = env_with_two_sizes();
        let numel = b.mul(&s);
        let ten = SymExpr::int(10);
        let divisible = env.evaluate(&numel.modulo(&ten), CmpKind::Eq, &SymExpr::int(0), Some(1));
        assert!(
            matches!(divisible, Ok(true)),
            "the hint 4*10 is a multiple of 10"
        );
        let rows = numel.floordiv(&ten).mul(&ten);
        assert_eq!(env.static_decide(&numel, CmpKind::Eq, &rows), Some(true));
        assert_eq!(env.static_decide(&rows, CmpKind::Eq, &numel), Some(true));
    }

    #[test]
    fn exact_division_needs_the_divisibility_fact() {
        let (env, s) = env_with_size();
        let d = s.floordiv(&SymExpr::int(2));
        let product = d.mul(&s.floordiv(&d));
        assert_eq!(env.static_decide(&product, CmpKind::Eq, &s), None);
    }

    /// Two sizes `b` (hint 4) and `s` (hint 10), each in [2, 512].
    fn env_with_two_sizes() -> (ShapeEnv, SymExpr, SymExpr) {
        let (mut env, s) = env_with_size();
        let b = env.create_backed(
            "L['x'].size()[0]",
            "x.size()[0]".into(),
            4,
            ValueRange::new(Bound::Finite(2), Bound::Finite(512)),
            None,
        );
        (env, b, s)
    }

    #[test]
    fn a_declared_range_narrowed_to_one_value_pins_the_symbol() {
        let (mut env, b, s) = env_with_two_sizes();
        // s's declared range [2, 512] narrowed to [2, 11], then to [10, 10].
        assert!(matches!(
            env.evaluate(&s, CmpKind::Le, &SymExpr::int(11), None),
            Ok(true)
        ));
        assert_eq!(
            env.simplify(&s).as_const(),
            None,
            "hint 10 is still in [2, 11]"
        );
        assert!(matches!(
            env.evaluate(&s, CmpKind::Ge, &SymExpr::int(10), None),
            Ok(true)
        ));
        assert!(matches!(
            env.evaluate(&s, CmpKind::Le, &SymExpr::int(10), None),
            Ok(true)
        ));
        assert_eq!(env.simplify(&s).as_const(), Some(10));
        assert_eq!(env.simplify(&b).as_const(), None, "b is untouched");
    }

    #[test]
    fn shifting_lower_bounds_decides_products_intervals_cannot() {
        let (env, b, s) = env_with_two_sizes();
        let bs = b.mul(&s);
        // b*s - b is b'*s' + s' with b', s' >= 1: never 0.
        assert_eq!(env.static_decide(&bs, CmpKind::Eq, &b), Some(false));
        assert_eq!(env.static_decide(&bs, CmpKind::Gt, &b), Some(true));
        // b % (b*s) is b, so it is not 0.
        assert_eq!(
            env.static_decide(&b.modulo(&bs), CmpKind::Ne, &SymExpr::int(0)),
            Some(true)
        );
        // Min(12, 12*s) is 12; Min(s, b*s) is s but only as a whole, which
        // torch leaves open too.
        let twelve = SymExpr::int(12);
        assert_eq!(
            env.static_decide(&twelve.min(&s.mul(&twelve)), CmpKind::Eq, &twelve),
            Some(true)
        );
        assert_eq!(env.static_decide(&s.min(&bs), CmpKind::Eq, &s), None);
    }

    #[test]
    fn a_guard_settles_the_relations_it_implies_on_multiples() {
        let (mut env, b, s) = env_with_two_sizes();
        let q = s.floordiv(&SymExpr::int(4));
        // Eq(3*b*s, 12*b*(s//4)) is open; by the hints (s = 10) it is false,
        // so ask the true one: Ne.
        let lhs = b.mul(&s).mul(&SymExpr::int(3));
        let rhs = b.mul(&q).mul(&SymExpr::int(12));
        assert!(matches!(
            env.evaluate(&lhs, CmpKind::Ne, &rhs, Some(1)),
            Ok(true)
        ));
        // Multiples of the same difference, either sign, are now known.
        let (l2, r2) = (
            b.mul(&s).mul(&SymExpr::int(6)),
            b.mul(&q).mul(&SymExpr::int(24)),
        );
        assert_eq!(env.static_decide(&l2, CmpKind::Eq, &r2), Some(false));
        assert_eq!(env.static_decide(&r2, CmpKind::Ne, &l2), Some(true));
        // A Ne fact says nothing of an ordering.
        assert_eq!(env.static_decide(&l2, CmpKind::Gt, &r2), None);
        let before = env.guards.len();
        assert!(matches!(
            env.evaluate(&r2, CmpKind::Eq, &l2, Some(2)),
            Ok(false)
        ));
        assert_eq!(env.guards.len(), before, "asking again adds no guard");
    }

    #[test]
    fn implications_follow_torch() {
        use CmpKind::*;
        assert_eq!(implied(Eq, Ge), Some(true));
        assert_eq!(implied(Eq, Gt), Some(false));
        assert_eq!(implied(Gt, Ne), Some(true));
        assert_eq!(implied(Gt, Le), Some(false));
        assert_eq!(implied(Ge, Gt), None);
        assert_eq!(implied(Ne, Lt), None);
    }
}
