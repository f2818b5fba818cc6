//! Reuse of lowered top-level statements between parses of one document.
//!
//! Lowering the whole tree-sitter tree to the owned AST is most of the cost
//! of re-parsing a large file after a small edit, and an edit changes few
//! top-level statements. A [`StmtCache`] keeps the lowered top-level
//! statements of the previous parse keyed by their exact source text; the
//! next parse takes a statement from it instead of lowering it again when a
//! top-level node has the same text, and moves its byte ranges to where the
//! node now starts.
//!
//! Only statements that lower on their own, independently of the rest of the
//! file, are cached: nodes without syntax errors whose lowering reported no
//! error. A statement's lowering depends only on its own text then (its
//! tree-sitter subtree does, and the lowering reads nothing outside it), so a
//! reused statement is exactly what lowering it again would give.

use std::collections::HashMap;
use std::sync::Arc;

use crate::ast::{
    Arg, Comprehension, DictItem, ExceptHandler, Expr, ExprKind, FStringPart, Param, Parameters,
    Stmt, StmtKind, TextRange,
};

/// The lowered top-level statements of a document's previous parse, by
/// source text. Pass the same cache to every [`crate::parse_reusing`] of a
/// document; it only ever holds the statements of the latest parse.
#[derive(Debug, Default)]
pub struct StmtCache {
    by_text: HashMap<Box<str>, Vec<Stmt>>,
}

impl StmtCache {
    /// Number of cached statements.
    pub fn len(&self) -> usize {
        self.by_text.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.by_text.is_empty()
    }

    /// Take the statement lowered from `text`, moved to start at `start`.
    pub(crate) fn take(&mut self, text: &str, start: u32) -> Option<Stmt> {
        let stmts = self.by_text.get_mut(text)?;
        let mut stmt = stmts.pop()?;
        if stmts.is_empty() {
            self.by_text.remove(text);
        }
        let delta = i64::from(start) - i64::from(stmt.range.start);
        if delta != 0 {
            for_each_range_mut(&mut stmt, &mut |range| {
                range.start = shifted(range.start, delta);
                range.end = shifted(range.end, delta);
            });
        }
        Some(stmt)
    }

    /// Replace the contents by `stmts` (text, statement) of the newest parse.
    pub(crate) fn refill(&mut self, stmts: impl IntoIterator<Item = (Box<str>, Stmt)>) {
        self.by_text.clear();
        for (text, stmt) in stmts {
            self.by_text.entry(text).or_default().push(stmt);
        }
    }
}

fn shifted(offset: u32, delta: i64) -> u32 {
    u32::try_from(i64::from(offset) + delta).unwrap_or(u32::MAX)
}

/// Call `f` on every [`TextRange`] inside `stmt` (copy-on-write through the
/// `Arc`s of definitions and lambdas).
pub(crate) fn for_each_range_mut<F: FnMut(&mut TextRange)>(stmt: &mut Stmt, f: &mut F) {
    f(&mut stmt.range);
    match &mut stmt.kind {
        StmtKind::Expr(e) => expr(e, f),
        StmtKind::Assign { targets, value } => {
            exprs(targets, f);
            expr(value, f);
        }
        StmtKind::AugAssign { target, value, .. } => {
            expr(target, f);
            expr(value, f);
        }
        StmtKind::AnnAssign {
            target,
            annotation,
            value,
        } => {
            expr(target, f);
            expr(annotation, f);
            opt_expr(value.as_mut(), f);
        }
        StmtKind::Return(value) => opt_expr(value.as_mut(), f),
        StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
            expr(test, f);
            stmts(body, f);
            stmts(orelse, f);
        }
        StmtKind::For {
            target,
            iter,
            body,
            orelse,
            ..
        } => {
            expr(target, f);
            expr(iter, f);
            stmts(body, f);
            stmts(orelse, f);
        }
        StmtKind::With { items, body, .. } => {
            for item in items {
                expr(&mut item.context, f);
                opt_expr(item.target.as_mut(), f);
            }
            stmts(body, f);
        }
        StmtKind::FunctionDef(def) => {
            let def = Arc::make_mut(def);
            parameters(Arc::make_mut(&mut def.params), f);
            if let Some(body) = def.body.lowered_stmts_mut() {
                stmts(body, f);
            }
            exprs(&mut def.decorators, f);
            opt_expr(def.returns.as_mut(), f);
            f(&mut def.range);
            f(&mut def.name_range);
        }
        StmtKind::ClassDef(def) => {
            let def = Arc::make_mut(def);
            exprs(&mut def.bases, f);
            for (_, value) in &mut def.keywords {
                expr(value, f);
            }
            stmts(&mut def.body, f);
            exprs(&mut def.decorators, f);
            f(&mut def.range);
            f(&mut def.name_range);
        }
        StmtKind::Import(names) | StmtKind::ImportFrom { names, .. } => {
            for alias in names {
                f(&mut alias.range);
            }
        }
        StmtKind::Raise { exc, cause } => {
            opt_expr(exc.as_mut(), f);
            opt_expr(cause.as_mut(), f);
        }
        StmtKind::Assert { test, msg } => {
            expr(test, f);
            opt_expr(msg.as_mut(), f);
        }
        StmtKind::Delete(targets) => exprs(targets, f),
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
        } => {
            stmts(body, f);
            for handler in handlers {
                except_handler(handler, f);
            }
            stmts(orelse, f);
            stmts(finalbody, f);
        }
        StmtKind::Pass
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Global(_)
        | StmtKind::Nonlocal(_)
        | StmtKind::Unsupported { .. }
        | StmtKind::Error => {}
    }
}

fn stmts<F: FnMut(&mut TextRange)>(body: &mut [Stmt], f: &mut F) {
    for stmt in body {
        for_each_range_mut(stmt, f);
    }
}

fn except_handler<F: FnMut(&mut TextRange)>(handler: &mut ExceptHandler, f: &mut F) {
    opt_expr(handler.type_.as_mut(), f);
    stmts(&mut handler.body, f);
    f(&mut handler.range);
}

fn parameters<F: FnMut(&mut TextRange)>(params: &mut Parameters, f: &mut F) {
    let Parameters {
        posonly,
        args,
        vararg,
        kwonly,
        kwarg,
    } = params;
    for p in posonly
        .iter_mut()
        .chain(args.iter_mut())
        .chain(vararg.iter_mut())
        .chain(kwonly.iter_mut())
        .chain(kwarg.iter_mut())
    {
        param(p, f);
    }
}

fn param<F: FnMut(&mut TextRange)>(p: &mut Param, f: &mut F) {
    opt_expr(p.annotation.as_mut(), f);
    opt_expr(p.default.as_mut(), f);
    f(&mut p.range);
}

fn exprs<F: FnMut(&mut TextRange)>(es: &mut [Expr], f: &mut F) {
    for e in es {
        expr(e, f);
    }
}

fn opt_expr<F: FnMut(&mut TextRange)>(e: Option<&mut Expr>, f: &mut F) {
    if let Some(e) = e {
        expr(e, f);
    }
}

fn opt_boxed<F: FnMut(&mut TextRange)>(e: Option<&mut Box<Expr>>, f: &mut F) {
    if let Some(e) = e {
        expr(e, f);
    }
}

fn comprehensions<F: FnMut(&mut TextRange)>(generators: &mut [Comprehension], f: &mut F) {
    for g in generators {
        expr(&mut g.target, f);
        expr(&mut g.iter, f);
        exprs(&mut g.ifs, f);
    }
}

fn fstring_parts<F: FnMut(&mut TextRange)>(parts: &mut [FStringPart], f: &mut F) {
    for part in parts {
        if let FStringPart::Expr {
            expr: e,
            format_spec,
            ..
        } = part
        {
            expr(e, f);
            fstring_parts(format_spec, f);
        }
    }
}

fn expr<F: FnMut(&mut TextRange)>(e: &mut Expr, f: &mut F) {
    if !matches!(e.kind, ExprKind::BinOp { .. }) {
        f(&mut e.range);
        return expr_children(&mut e.kind, f);
    }
    // A chain of binary operations is walked with a stack of its
    // operands, not recursion: it has no length limit.
    let mut pending = vec![e];
    while let Some(e) = pending.pop() {
        f(&mut e.range);
        match e {
            Expr {
                kind: ExprKind::BinOp { left, right, .. },
                ..
            } => pending.extend([&mut **right, &mut **left]),
            other => expr_children(&mut other.kind, f),
        }
    }
}

/// [`expr`] for the children of an expression other than a binary
/// operation.
fn expr_children<F: FnMut(&mut TextRange)>(kind: &mut ExprKind, f: &mut F) {
    match kind {
        ExprKind::FString(parts) => fstring_parts(parts, f),
        ExprKind::Attribute { value, .. }
        | ExprKind::Starred(value)
        | ExprKind::Await(value)
        | ExprKind::YieldFrom(value)
        | ExprKind::UnaryOp { operand: value, .. } => expr(value, f),
        ExprKind::Subscript { value, index } => {
            expr(value, f);
            expr(index, f);
        }
        ExprKind::Slice { lower, upper, step } => {
            opt_boxed(lower.as_mut(), f);
            opt_boxed(upper.as_mut(), f);
            opt_boxed(step.as_mut(), f);
        }
        ExprKind::Call { func, args } => {
            expr(func, f);
            for arg in args {
                match arg {
                    Arg::Positional(value) | Arg::Starred(value) | Arg::DoubleStarred(value) => {
                        expr(value, f);
                    }
                    Arg::Keyword { value, range, .. } => {
                        expr(value, f);
                        f(range);
                    }
                }
            }
        }
        ExprKind::Named {
            target: left,
            value: right,
        } => {
            expr(left, f);
            expr(right, f);
        }
        ExprKind::BoolOp { values, .. }
        | ExprKind::Tuple(values)
        | ExprKind::List(values)
        | ExprKind::Set(values) => exprs(values, f),
        ExprKind::Compare {
            left, comparators, ..
        } => {
            expr(left, f);
            exprs(comparators, f);
        }
        ExprKind::IfExp { test, body, orelse } => {
            expr(test, f);
            expr(body, f);
            expr(orelse, f);
        }
        ExprKind::Lambda { params, body } => {
            parameters(Arc::make_mut(params), f);
            expr(Arc::make_mut(body), f);
        }
        ExprKind::Dict(items) => {
            for DictItem { key, value } in items {
                opt_expr(key.as_mut(), f);
                expr(value, f);
            }
        }
        ExprKind::ListComp { elt, generators }
        | ExprKind::SetComp { elt, generators }
        | ExprKind::GeneratorExp { elt, generators } => {
            expr(elt, f);
            comprehensions(generators, f);
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => {
            expr(key, f);
            expr(value, f);
            comprehensions(generators, f);
        }
        ExprKind::Yield(value) => opt_boxed(value.as_mut(), f),
        ExprKind::BinOp { .. }
        | ExprKind::Name(_)
        | ExprKind::Int(_)
        | ExprKind::BigInt(_)
        | ExprKind::Float(_)
        | ExprKind::Imaginary(_)
        | ExprKind::Str(_)
        | ExprKind::Bytes(_)
        | ExprKind::Bool(_)
        | ExprKind::NoneLit
        | ExprKind::Ellipsis
        | ExprKind::Unsupported { .. }
        | ExprKind::Error => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every range of the AST is visited: as many as its `Debug` prints.
    #[test]
    fn every_range_is_visited() {
        let source = r#"
import a.b as c, d
from ..e import (f as g, h)
from i import *
@dec(1, *xs, k=2, **kw)
class A(B, metaclass=M):
    x: int = 3
    def f(self, a, /, b: int = 1, *args, c, d=2, **kw) -> "T":
        global g
        nonlocal n
        y = z = [i * 2 for i in range(3) if i] + {k: v for k, v in d.items()}
        y += {1, 2} | {*s}
        w = (lambda q, *r: q + r)(1, 2) if not a else -b
        s = f"{a!r:>{w}} {b=}" "x" 'y'
        t = x[1:2, ::3], x[...], {**m, 1: 2}, (yield), (yield from g)
        u = (v := 3) and a < b <= c or await t
        del a[0], b.c
        assert a, "msg"
        with open(p) as fh, lock:
            pass
        for i, j in zip(a, b):
            continue
        else:
            break
        while x:
            raise E("e") from err
        else:
            return None
        try:
            pass
        except (A, B) as e:
            pass
        except C:
            pass
        else:
            pass
        finally:
            pass
        if a:
            pass
        elif b:
            pass
        else:
            pass
        return (i for i in j)
"#;
        let mut module = crate::parse(source).module;
        let expected = format!("{module:?}").matches("TextRange {").count();
        let mut seen = 0;
        for stmt in &mut module.body {
            for_each_range_mut(stmt, &mut |_| seen += 1);
        }
        assert_eq!(seen, expected);
    }
}
