//! Valid Python that tree-sitter-python's grammar rejects, found by
//! `scripts/parser-fidelity.py` in installed packages and CPython's
//! standard library: each construct parses without a syntax error and
//! lowers to what its accepted spelling lowers to.

use crate::common;

use common::{parse_clean, render, text};
use syntax::ast::{Expr, ExprKind, Stmt, StmtKind};

/// The expressions of a statement, rendered (targets, then the value).
fn show_stmt(stmt: &Stmt) -> String {
    match &stmt.kind {
        StmtKind::Return(value) => format!("return {}", value.as_ref().map_or("_".into(), render)),
        StmtKind::Assign { targets, value } => {
            let targets: Vec<String> = targets.iter().map(render).collect();
            format!("{} = {}", targets.join(" = "), render(value))
        }
        StmtKind::AugAssign { target, value, .. } => {
            format!("{} op= {}", render(target), render(value))
        }
        StmtKind::Expr(value) => render(value),
        StmtKind::For { target, iter, .. } => format!("for {} in {}", render(target), render(iter)),
        StmtKind::FunctionDef(def) => def
            .body()
            .iter()
            .map(show_stmt)
            .collect::<Vec<_>>()
            .join("; "),
        StmtKind::ImportFrom { module, names, .. } => {
            let names: Vec<&str> = names.iter().map(|alias| alias.name.as_str()).collect();
            format!("from {module:?} import {}", names.join(", "))
        }
        other => format!("{other:?}"),
    }
}

fn show_all(source: &str) -> String {
    parse_clean(source)
        .iter()
        .map(show_stmt)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each pair: a construct the grammar rejects and the spelling of the same
/// AST that it accepts (parenthesized tuples take any starred element).
const STARRED_PAIRS: &[(&str, &str)] = &[
    // torch/_higher_order_ops/associative_scan.py
    (
        "def f():\n    return *[None] * 3, *g_xs, *[None] * n\n",
        "def f():\n    return (*[None] * 3, *g_xs, *[None] * n)\n",
    ),
    // torch/_vendor/quack/rmsnorm.py
    (
        "def f():\n    return dx, dw, *([None] * 5)\n",
        "def f():\n    return (dx, dw, *([None] * 5))\n",
    ),
    // torch/_higher_order_ops/flex_gemm.py: the starred element spans lines
    (
        "def f():\n    return None, *(\n        a,\n        b,\n    )\n",
        "def f():\n    return (None, *(\n        a,\n        b,\n    ))\n",
    ),
    // torch/distributed/elastic/rendezvous/utils.py
    (
        "host, *rest = endpoint, *[]\n",
        "host, *rest = (endpoint, *[])\n",
    ),
    ("x = *a.b(1), * c[0]\n", "x = (*a.b(1), *c[0])\n"),
    ("x = y = 1, *(a)\n", "x = y = (1, *(a))\n"),
    ("x += 1, *[2]\n", "x += (1, *[2])\n"),
    ("for i in *[1], *b: pass\n", "for i in (*[1], *b): pass\n"),
    ("*[a], b\n", "(*[a], b)\n"),
];

#[test]
fn starred_elements_of_bare_tuples_lower_like_parenthesized_ones() {
    for (bare, parenthesized) in STARRED_PAIRS {
        assert_eq!(show_all(bare), show_all(parenthesized), "{bare:?}");
    }
}

#[test]
fn a_starred_element_spans_its_star_and_the_tuple_starts_there() {
    let source = "def f():\n    return *[None] * 3, *g_xs\n";
    let body = parse_clean(source);
    let StmtKind::FunctionDef(def) = &body[0].kind else {
        panic!("not a def: {body:?}");
    };
    let StmtKind::Return(Some(tuple)) = &def.body()[0].kind else {
        panic!("not a return: {:?}", def.body());
    };
    assert_eq!(text(source, tuple.range), "*[None] * 3, *g_xs");
    let ExprKind::Tuple(items) = &tuple.kind else {
        panic!("not a tuple: {tuple:?}");
    };
    let texts: Vec<&str> = items.iter().map(|item| text(source, item.range)).collect();
    assert_eq!(texts, ["*[None] * 3", "*g_xs"]);
    let inner = |item: &Expr| match &item.kind {
        ExprKind::Starred(value) => text(source, value.range).to_owned(),
        other => panic!("not starred: {other:?}"),
    };
    assert_eq!(inner(&items[0]), "[None] * 3");
}

#[test]
fn stars_elsewhere_in_a_repaired_file_keep_their_meaning() {
    // The repair is made for the first line; the other stars are not
    // tuple elements and must stay what they are.
    let source = "x = a, *[1]\n\
                  g = lambda a, *b, **c: b\n\
                  y = p * q, r ** 2\n\
                  from m import *\n\
                  h(*args, **kwargs)\n\
                  def f(a, *, b): return a\n\
                  z = [*a]\n";
    let fresh = show_all(source);
    assert_eq!(
        fresh.lines().next(),
        Some("x = (tuple a (* (list 1)))"),
        "{fresh}"
    );
    let rest: String = source.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        fresh.lines().skip(1).collect::<Vec<_>>().join("\n"),
        show_all(&rest)
    );
}

#[test]
fn a_line_inside_brackets_indented_less_than_its_statement_is_no_dedent() {
    // CPython's test_compile.py (test_weird_attribute_position_regressions).
    let source =
        "def f():\n    (bar.\nbaz)  # trailing\n    (bar.\n# comment\nbaz(\n))\n    x = 1\n";
    let body = parse_clean(source);
    let StmtKind::FunctionDef(def) = &body[0].kind else {
        panic!("not a def: {body:?}");
    };
    let shown: Vec<String> = def.body().iter().map(show_stmt).collect();
    assert_eq!(shown, ["(. bar baz)", "(call (. bar baz))", "x = 1"]);
}

#[test]
fn a_star_future_import_parses_as_cpython_parses_it() {
    let body = parse_clean("from __future__ import *\nx = 1\n");
    match &body[0].kind {
        StmtKind::ImportFrom { module, names, .. } => {
            assert_eq!(module.as_deref(), Some("__future__"));
            assert_eq!(names.len(), 1);
            assert_eq!(names[0].name, "*");
        }
        other => panic!("not an import: {other:?}"),
    }
}

#[test]
fn genuine_syntax_errors_beside_a_repaired_construct_are_still_reported() {
    let parsed = syntax::parse("x = a, *[1]\ny = = 2\n");
    assert!(!parsed.errors.is_empty());
    let parsed = syntax::parse("x = (a,\n*[1]\n");
    assert!(!parsed.errors.is_empty());
}

#[test]
fn deferred_and_incremental_parses_repair_like_the_eager_one() {
    let source =
        "import m\n\ndef f(xs):\n    host, *rest = xs, *[]\n    return *[None] * 3, *rest\n";
    let eager = show_all(source);
    let deferred = syntax::parse_deferring(source);
    assert!(deferred.errors.is_empty(), "{:?}", deferred.errors);
    let shown: Vec<String> = deferred.module.body.iter().map(show_stmt).collect();
    assert_eq!(shown.join("\n"), eager);
    let mut cache = syntax::StmtCache::default();
    let (first, tree) = syntax::parse_reusing(source, None, &mut cache);
    assert!(first.errors.is_empty());
    let (again, _) = syntax::parse_reusing(source, tree.as_ref(), &mut cache);
    let shown: Vec<String> = again.module.body.iter().map(show_stmt).collect();
    assert_eq!(shown.join("\n"), eager);
}
