//! torch's runtime-assertion pass (`insert_deferred_runtime_asserts`), run
//! when a trace ends: after the node that binds each unbacked symbol, the
//! assertion of the symbol's range, then of every relation the trace
//! deferred to run time whose last unbacked symbol it is. Each relation is
//! first put in torch's canonical form (`a <= b`/`a < b`, terms moved to
//! the side where they are positive, lowest terms), then lowered from its
//! sympy form to `_operator` calls in sympy's argument order, reusing the
//! node that already computes a subexpression; a traced node computing a
//! subexpression the pass computed first is replaced by the pass's.

use std::collections::{HashMap, HashSet};

use shapes::{AtomKind, Bound, SymExpr, SymbolId};

use crate::graph::{Arg, MetaVal, Node, NodeId, NodeOp, SymBoolMeta};
use crate::interp::Interp;
use crate::shape_env::{DeferredAssert, ShapeEnv};
use crate::value::CmpKind;

/// An expression as sympy holds it: arguments in sympy's order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Tree {
    Int(i64),
    Sym(SymbolId),
    Apply(Func, Vec<Tree>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Func {
    Add,
    Mul,
    Pow,
    FloorDiv,
    Mod,
    Max,
    Min,
    Rel(CmpKind),
}

/// `e` as sympy's tree: a sum's terms and a product's factors sorted by
/// sympy's sort key, a number first.
fn tree_of(e: &SymExpr, env: &ShapeEnv) -> Tree {
    if let Some(c) = e.as_const() {
        return Tree::Int(c);
    }
    let names = |s: SymbolId| env.symbol_name(s);
    let mut terms: Vec<(SymExpr, Tree)> = e
        .terms()
        .iter()
        .map(|t| {
            let mut factors: Vec<(SymExpr, Tree)> = t
                .factors()
                .iter()
                .map(|f| {
                    let atom = SymExpr::from(f.atom().clone());
                    let base = atom_tree(&atom, env);
                    let tree = if f.pow() > 1 {
                        Tree::Apply(Func::Pow, vec![base, Tree::Int(i64::from(f.pow()))])
                    } else {
                        base
                    };
                    (atom.checked_pow(f.pow()).unwrap_or(atom), tree)
                })
                .collect();
            factors.sort_by(|a, b| a.0.cmp_sort_key(&b.0, &names));
            let mut expr = SymExpr::int(t.coeff());
            for (f, _) in &factors {
                expr = expr.checked_mul(f).unwrap_or_default();
            }
            let mut args: Vec<Tree> = Vec::new();
            if t.coeff() != 1 {
                args.push(Tree::Int(t.coeff()));
            }
            args.extend(factors.into_iter().map(|(_, t)| t));
            let tree = if args.len() == 1 {
                args.pop().unwrap_or(Tree::Int(0))
            } else {
                Tree::Apply(Func::Mul, args)
            };
            (expr, tree)
        })
        .collect();
    terms.sort_by(|a, b| a.0.cmp_sort_key(&b.0, &names));
    let mut args: Vec<Tree> = Vec::new();
    if e.constant() != 0 {
        args.push(Tree::Int(e.constant()));
    }
    args.extend(terms.into_iter().map(|(_, t)| t));
    if args.len() == 1 {
        args.pop().unwrap_or(Tree::Int(0))
    } else {
        Tree::Apply(Func::Add, args)
    }
}

/// A single atom's tree (`e` is the atom as an expression).
fn atom_tree(e: &SymExpr, env: &ShapeEnv) -> Tree {
    let Some(atom) = e.as_atom() else {
        return tree_of(e, env);
    };
    match atom.kind() {
        AtomKind::Symbol(s) => Tree::Sym(s),
        AtomKind::FloorDiv(a, b) => {
            Tree::Apply(Func::FloorDiv, vec![tree_of(a, env), tree_of(b, env)])
        }
        AtomKind::Mod(a, b) => Tree::Apply(Func::Mod, vec![tree_of(a, env), tree_of(b, env)]),
        AtomKind::Max(args) => {
            Tree::Apply(Func::Max, args.iter().map(|a| tree_of(a, env)).collect())
        }
        AtomKind::Min(args) => {
            Tree::Apply(Func::Min, args.iter().map(|a| tree_of(a, env)).collect())
        }
    }
}

/// The relation torch asserts for `lhs op rhs`: `>`/`>=` turned into
/// `<`/`<=`, the difference in lowest terms, each term on the side where
/// its coefficient is positive. Returns the relation and its two sides.
fn canonical(lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) -> Option<(CmpKind, SymExpr, SymExpr)> {
    let (op, lhs, rhs) = match op {
        CmpKind::Ge => (CmpKind::Le, rhs, lhs),
        CmpKind::Gt => (CmpKind::Lt, rhs, lhs),
        other => (other, lhs, rhs),
    };
    let diff = lowest_terms(&rhs.checked_sub(lhs).ok()?)?;
    let parts = diff.terms().len() + usize::from(diff.constant() != 0);
    if parts >= 2 {
        let (mut pos, mut neg) = (
            SymExpr::int(diff.constant().max(0)),
            SymExpr::int((-diff.constant()).max(0)),
        );
        for t in diff.terms() {
            let term = term_expr(t, t.coeff())?;
            if t.coeff() < 0 {
                neg = neg.checked_sub(&term).ok()?;
            } else {
                pos = pos.checked_add(&term).ok()?;
            }
        }
        return Some((op, neg, pos));
    }
    let negative = diff
        .as_const()
        .map_or_else(|| diff.terms()[0].coeff() < 0, |c| c < 0);
    if negative {
        Some((op, diff.checked_neg().ok()?, SymExpr::int(0)))
    } else {
        Some((op, SymExpr::int(0), diff))
    }
}

/// Term `t` with coefficient `coeff`.
fn term_expr(t: &shapes::expr::Term, coeff: i64) -> Option<SymExpr> {
    let mut e = SymExpr::int(coeff);
    for f in t.factors() {
        let atom = SymExpr::from(f.atom().clone()).checked_pow(f.pow()).ok()?;
        e = e.checked_mul(&atom).ok()?;
    }
    Some(e)
}

/// torch's `_reduce_to_lowest_terms`: a sum divided by the greatest common
/// divisor of its coefficients, a single term by its coefficient.
fn lowest_terms(e: &SymExpr) -> Option<SymExpr> {
    if e.as_const().is_some() {
        return Some(SymExpr::int(1));
    }
    let mut g = e.constant().unsigned_abs();
    for t in e.terms() {
        g = gcd(g, t.coeff().unsigned_abs());
    }
    if e.terms().len() == 1 && e.constant() == 0 {
        g = e.terms()[0].coeff().unsigned_abs();
    }
    if g <= 1 {
        return Some(e.clone());
    }
    let g = i64::try_from(g).ok()?;
    let mut out = SymExpr::int(e.constant() / g);
    for t in e.terms() {
        out = out.checked_add(&term_expr(t, t.coeff() / g)?).ok()?;
    }
    Some(out)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Whether a canonical relation bounds one symbol by a number (`u0 <= 5`),
/// which the assertion of the symbol's range already makes.
fn bounds_one_symbol(op: CmpKind, lhs: &SymExpr, rhs: &SymExpr) -> bool {
    op == CmpKind::Le
        && ((lhs.as_symbol().is_some() && rhs.as_const().is_some())
            || (rhs.as_symbol().is_some() && lhs.as_const().is_some()))
}

/// The pass's state: which expression each node computes.
struct Lowering<'a> {
    interp: &'a mut Interp,
    memo: HashMap<Tree, NodeId>,
    anchor: NodeId,
}

impl Lowering<'_> {
    fn emit(
        &mut self,
        target: &str,
        base: &str,
        args: Vec<Arg>,
        val: MetaVal,
        side_effect: bool,
    ) -> NodeId {
        let anchor = self.interp.graph.node(self.anchor);
        let (line, code) = (anchor.line, anchor.code.clone());
        let id = self.interp.graph.push(Node {
            op: NodeOp::CallFunction {
                target: target.to_string(),
                args,
                kwargs: vec![],
            },
            val,
            line,
            code,
            base_name: base.to_string(),
            side_effect,
            late_named: true,
            hidden: false,
            probe: false,
        });
        self.interp.graph.anchors.push((id, self.anchor));
        id
    }

    /// The argument computing `t` (with its value as an expression), or
    /// `None` when a symbol in it has no node.
    fn lower(&mut self, t: &Tree) -> Option<(Arg, SymExpr)> {
        match t {
            Tree::Int(i) => return Some((Arg::Int(*i), SymExpr::int(*i))),
            Tree::Sym(s) => {
                let n = match self.memo.get(t) {
                    Some(n) => *n,
                    // An input size: read from its input dim.
                    None if !self.interp.env.info(*s).unbacked
                        && self.interp.graph.input_dim_of(*s).is_some() =>
                    {
                        let n = self.interp.input_size_read(*s);
                        self.memo.insert(t.clone(), n);
                        n
                    }
                    None => return None,
                };
                return Some((Arg::Node(n), SymExpr::symbol(*s)));
            }
            Tree::Apply(Func::Rel(_), _) => return None,
            Tree::Apply(..) => {}
        }
        let Tree::Apply(func, args) = t else {
            return None;
        };
        let mut lowered = Vec::with_capacity(args.len());
        for a in args {
            lowered.push(self.lower(a)?);
        }
        let value = tree_value(t)?;
        if let Some(n) = self.memo.get(t) {
            return Some((Arg::Node(*n), value));
        }
        let (target, base) = match func {
            Func::Add => ("_operator.add", "add"),
            Func::Mul => ("_operator.mul", "mul"),
            Func::Pow => ("_operator.pow", "pow"),
            Func::FloorDiv => ("_operator.floordiv", "floordiv"),
            Func::Mod => ("_operator.mod", "mod"),
            Func::Max => ("torch.sym_max", "sym_max"),
            Func::Min => ("torch.sym_min", "sym_min"),
            Func::Rel(_) => return None,
        };
        let mut iter = lowered.into_iter();
        let (mut acc, mut acc_value) = iter.next()?;
        for (arg, v) in iter {
            acc_value = combine(*func, &acc_value, &v)?;
            let id = self.emit(
                target,
                base,
                vec![acc, arg],
                MetaVal::Sym(acc_value.clone()),
                false,
            );
            acc = Arg::Node(id);
        }
        if let Arg::Node(id) = acc {
            self.memo.insert(t.clone(), id);
        }
        Some((acc, value))
    }

    /// The node computing relation `lhs op rhs` (canonical sides).
    fn lower_relation(&mut self, op: CmpKind, lhs: &SymExpr, rhs: &SymExpr) -> Option<NodeId> {
        let env = &self.interp.env;
        let (lt, rt) = (tree_of(lhs, env), tree_of(rhs, env));
        let key = Tree::Apply(Func::Rel(op), vec![lt.clone(), rt.clone()]);
        if let Some(n) = self.memo.get(&key) {
            return Some(*n);
        }
        let (a, _) = self.lower(&lt)?;
        let (b, _) = self.lower(&rt)?;
        let meta = |op: CmpKind| {
            MetaVal::SymBool(SymBoolMeta {
                lhs: lhs.clone(),
                op: op.symbol(),
                rhs: rhs.clone(),
            })
        };
        // A number on the left is Python's reflected comparison on the
        // right operand (`0 <= x` runs `x >= 0`).
        let (a, b, shown) = if matches!(a, Arg::Int(_)) {
            (b, a, op.mirror())
        } else {
            (a, b, op)
        };
        let id = if shown == CmpKind::Ne {
            let eq = self.emit("_operator.eq", "eq", vec![a, b], meta(CmpKind::Eq), false);
            self.emit(
                "torch.sym_not",
                "sym_not",
                vec![Arg::Node(eq)],
                meta(CmpKind::Ne),
                false,
            )
        } else {
            let name = shown.operator_name();
            self.emit(
                &format!("_operator.{name}"),
                name,
                vec![a, b],
                meta(op),
                false,
            )
        };
        self.memo.insert(key, id);
        Some(id)
    }

    fn assert(&mut self, cond: NodeId, text: String) {
        self.emit(
            "aten._assert_scalar.default",
            "_assert_scalar_default",
            vec![
                Arg::Node(cond),
                Arg::Str(format!("Runtime assertion failed for expression {text}")),
            ],
            MetaVal::None,
            true,
        );
    }
}

fn combine(func: Func, a: &SymExpr, b: &SymExpr) -> Option<SymExpr> {
    match func {
        Func::Add => a.checked_add(b).ok(),
        Func::Mul => a.checked_mul(b).ok(),
        Func::Pow => a.checked_pow(u32::try_from(b.as_const()?).ok()?).ok(),
        Func::FloorDiv => a.checked_floordiv(b).ok(),
        Func::Mod => a.checked_modulo(b).ok(),
        Func::Max => Some(a.max(b)),
        Func::Min => Some(a.min(b)),
        Func::Rel(_) => None,
    }
}

fn tree_value(t: &Tree) -> Option<SymExpr> {
    match t {
        Tree::Int(i) => Some(SymExpr::int(*i)),
        Tree::Sym(s) => Some(SymExpr::symbol(*s)),
        Tree::Apply(Func::Rel(_), _) => None,
        Tree::Apply(func, args) => {
            let mut iter = args.iter();
            let mut acc = tree_value(iter.next()?)?;
            for a in iter {
                acc = combine(*func, &acc, &tree_value(a)?)?;
            }
            Some(acc)
        }
    }
}

/// Insert the runtime assertions of the trace's unbacked symbols and
/// deferred relations (see the module doc).
pub(crate) fn insert(interp: &mut Interp) {
    let mut defs: Vec<(SymbolId, NodeId)> = interp
        .sym_nodes
        .iter()
        .filter(|(s, _)| interp.env.info(**s).unbacked)
        .map(|(s, n)| (*s, *n))
        .collect();
    defs.sort_by_key(|(s, _)| *s);
    let mut pending: HashMap<SymbolId, Vec<DeferredAssert>> = HashMap::new();
    for ra in std::mem::take(&mut interp.env.deferred_asserts) {
        if let Some(last) = ra.last_unbacked {
            pending.entry(last).or_default().push(ra);
        }
    }
    let mut traced = traced_arithmetic(interp);
    let mut pass = Lowering {
        interp,
        memo: HashMap::new(),
        anchor: NodeId(0),
    };
    let mut defined: HashSet<SymbolId> = HashSet::new();
    let mut constrained: HashSet<SymbolId> = HashSet::new();
    let mut added: HashSet<(CmpKind, SymExpr, SymExpr)> = HashSet::new();
    for (s, anchor) in defs {
        let at = position(&pass.interp.graph, anchor);
        pass.reuse_traced(&mut traced, |p| p < at);
        pass.anchor = anchor;
        pass.memo.insert(Tree::Sym(s), anchor);
        defined.insert(s);
        pass.assert_range(s);
        constrained.insert(s);
        let mut queue = pending.remove(&s).unwrap_or_default();
        queue.reverse();
        while let Some(ra) = queue.pop() {
            let Some((op, lhs, rhs)) = canonical(&ra.lhs, ra.op, &ra.rhs) else {
                continue;
            };
            let key = (op, lhs.clone(), rhs.clone());
            let single = lhs
                .symbols()
                .into_iter()
                .chain(rhs.symbols())
                .collect::<HashSet<_>>();
            if added.contains(&key)
                || (single.len() == 1
                    && single.iter().all(|s| constrained.contains(s))
                    && bounds_one_symbol(op, &lhs, &rhs))
            {
                continue;
            }
            let env = &pass.interp.env;
            let missing: Vec<SymbolId> = single
                .iter()
                .filter(|s| env.info(**s).unbacked && !defined.contains(s))
                .copied()
                .collect();
            if let Some(first) = missing.iter().min_by_key(|s| env.symbol_name(**s)) {
                pending.entry(*first).or_default().push(ra);
                continue;
            }
            if let Some(cond) = pass.lower_relation(op, &lhs, &rhs) {
                let text = pass.interp.env.render_relation(&lhs, op, &rhs, false);
                pass.assert(cond, text);
                added.insert(key);
            }
        }
    }
    pass.reuse_traced(&mut traced, |_| true);
}

/// Where node `id` sits in the final order: its own index, or its
/// anchor's for a node placed after another.
fn position(graph: &crate::graph::Graph, id: NodeId) -> u32 {
    let mut at = id;
    for _ in 0..16 {
        match graph.anchors.iter().find(|(n, _)| *n == at) {
            Some((_, anchor)) => at = *anchor,
            None => break,
        }
    }
    at.0
}

/// The traced nodes computing arithmetic on unbacked symbols, with their
/// positions.
fn traced_arithmetic(interp: &Interp) -> Vec<(u32, NodeId, SymExpr)> {
    let g = &interp.graph;
    let mut out: Vec<(u32, NodeId, SymExpr)> = g
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            let target = n.target()?;
            let arithmetic = (target.starts_with("_operator.") && target != "_operator.getitem")
                || target == "torch.sym_max"
                || target == "torch.sym_min";
            let MetaVal::Sym(e) = &n.val else {
                return None;
            };
            let e = interp.env.simplify(e);
            // Arithmetic on input sizes alone is merged where size reads
            // are (`merge_input_size_reads` and the exporter's naming).
            let unbacked = e.symbols().iter().any(|s| interp.env.info(*s).unbacked);
            (arithmetic && unbacked && !n.late_named && e.as_symbol().is_none())
                .then(|| (position(g, NodeId(i as u32)), NodeId(i as u32), e))
        })
        .collect();
    out.sort_by_key(|(p, id, _)| (*p, id.0));
    out
}

impl Lowering<'_> {
    /// Walk the traced arithmetic nodes placed before the current point
    /// (`before`): each computes its expression for later assertions, or
    /// is replaced by the node the pass already made for it.
    fn reuse_traced(
        &mut self,
        traced: &mut Vec<(u32, NodeId, SymExpr)>,
        before: impl Fn(u32) -> bool,
    ) {
        let count = traced.iter().take_while(|(p, _, _)| before(*p)).count();
        for (_, id, e) in traced.drain(..count) {
            let tree = tree_of(&e, &self.interp.env);
            match self.memo.get(&tree) {
                Some(&made) if made != id => self.interp.graph.replace_uses(id, made),
                Some(_) => {}
                None => {
                    self.memo.insert(tree, id);
                }
            }
        }
    }

    /// The assertion of unbacked symbol `s`'s range, where it has bounds.
    fn assert_range(&mut self, s: SymbolId) {
        let r = self.interp.env.info(s).range;
        let sym = SymExpr::symbol(s);
        let mut checks = Vec::new();
        if let Bound::Finite(lo) = r.lo {
            checks.push((CmpKind::Ge, lo));
        }
        // torch asserts no upper end at `sys.maxsize - 1` or above (the
        // bound of a length nothing else limits).
        if let Bound::Finite(hi) = r.hi
            && hi < i64::MAX - 1
        {
            checks.push((CmpKind::Le, hi));
        }
        for (op, bound) in checks {
            let key = Tree::Apply(Func::Rel(op), vec![Tree::Sym(s), Tree::Int(bound)]);
            let name = op.operator_name();
            let meta = MetaVal::SymBool(SymBoolMeta {
                lhs: sym.clone(),
                op: op.symbol(),
                rhs: SymExpr::int(bound),
            });
            let cmp = self.emit(
                &format!("_operator.{name}"),
                name,
                vec![Arg::Node(self.anchor), Arg::Int(bound)],
                meta,
                false,
            );
            self.memo.insert(key, cmp);
            let text = format!("{} {} {bound}", self.interp.env.render(&sym), op.symbol());
            self.assert(cmp, text);
        }
    }
}
