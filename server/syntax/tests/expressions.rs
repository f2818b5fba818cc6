//! Lowering of expressions, checked through a compact S-expression rendering.

use crate::common;

use common::{expr, show, text};
use syntax::ast::ExprKind;

#[test]
fn names_and_constants() {
    assert_eq!(
        show("(x, True, False, None, ...)"),
        "(tuple x True False None ...)"
    );
}

#[test]
fn attributes_and_calls() {
    assert_eq!(
        show("torch.nn.functional.relu(x)"),
        "(call (. (. (. torch nn) functional) relu) x)"
    );
    assert_eq!(
        show("f(a, *args, key=1, **kwargs)"),
        "(call f a (* args) (= key 1) (** kwargs))"
    );
    assert_eq!(show("f()"), "(call f)");
    assert_eq!(show("f(a,)"), "(call f a)");
}

#[test]
fn generator_as_sole_argument() {
    assert_eq!(
        show("sum(x * 2 for x in xs)"),
        "(call sum (genexp (* x 2) (for x xs)))"
    );
}

#[test]
fn subscripts_and_slices() {
    assert_eq!(show("x[1:2, ::3]"), "([] x (tuple (: 1 2 _) (: _ _ 3)))");
    assert_eq!(show("x[i]"), "([] x i)");
    assert_eq!(show("x[i,]"), "([] x (tuple i))");
    assert_eq!(show("x[:]"), "([] x (: _ _ _))");
    assert_eq!(show("x[::]"), "([] x (: _ _ _))");
    assert_eq!(show("x[a:b:c]"), "([] x (: a b c))");
    assert_eq!(show("x[..., None]"), "([] x (tuple ... None))");
    assert_eq!(show("x[:, -1]"), "([] x (tuple (: _ _ _) (- 1)))");
}

#[test]
fn tuple_index_range_covers_the_elements() {
    let source = "x[1:2, ::3]";
    let ExprKind::Subscript { index, .. } = expr(source).into_kind() else {
        panic!("not a subscript");
    };
    assert_eq!(text(source, index.range), "1:2, ::3");
}

#[test]
fn binary_operators() {
    assert_eq!(show("a + b * c ** d"), "(+ a (* b (** c d)))");
    assert_eq!(show("a - b - c"), "(- (- a b) c)");
    assert_eq!(
        show("a @ b / c // d % e << f >> g | h ^ i & j"),
        "(| (>> (<< (% (// (/ (@ a b) c) d) e) f) g) (^ h (& i j)))"
    );
}

#[test]
fn unary_and_boolean_operators() {
    assert_eq!(show("not -a + ~b"), "(not (+ (- a) (~ b)))");
    assert_eq!(show("a and b and c"), "(and a b c)");
    assert_eq!(show("a or b and c or d"), "(or a (and b c) d)");
    assert_eq!(show("(a and b) and c"), "(and (and a b) c)");
}

#[test]
fn chained_comparisons() {
    assert_eq!(show("a < b <= c"), "(cmp a < b <= c)");
    assert_eq!(show("a not in b is not c"), "(cmp a not in b is not c)");
    assert_eq!(
        show("a == b != c > d >= e is f in g"),
        "(cmp a == b != c > d >= e is f in g)"
    );
}

#[test]
fn conditional_lambda_and_walrus() {
    assert_eq!(show("a if b else c"), "(if b a c)");
    assert_eq!(show("lambda: 0"), "(lambda () 0)");
    assert_eq!(
        show("lambda a, b=1, *c, d, **e: a"),
        "(lambda (a b=1 *c d **e) a)"
    );
    assert_eq!(show("lambda *, k: k"), "(lambda (* k) k)");
    assert_eq!(show("(y := f(x))"), "(:= y (call f x))");
}

#[test]
fn displays() {
    assert_eq!(show("[1, *a]"), "(list 1 (* a))");
    assert_eq!(show("(1,)"), "(tuple 1)");
    assert_eq!(show("()"), "(tuple)");
    assert_eq!(show("{1, 2}"), "(set 1 2)");
    assert_eq!(show("{'a': 1, **m}"), "(dict (\"a\" 1) (** m))");
    assert_eq!(show("{}"), "(dict)");
    assert_eq!(show("1, 2"), "(tuple 1 2)");
}

#[test]
fn comprehensions() {
    assert_eq!(
        show("[x for x in a if x if y for z in x]"),
        "(listcomp x (for x a (if x) (if y)) (for z x))"
    );
    assert_eq!(show("{x for x in a}"), "(setcomp x (for x a))");
    assert_eq!(
        show("{k: v for k, v in d}"),
        "(dictcomp k v (for (tuple k v) d))"
    );
    assert_eq!(show("(x for x in a)"), "(genexp x (for x a))");
    assert_eq!(show("[x async for x in a]"), "(listcomp x (async-for x a))");
}

#[test]
fn starred_await_and_yield() {
    assert_eq!(show("await f()"), "(await (call f))");
    assert_eq!(show("(yield)"), "(yield)");
    assert_eq!(show("(yield x)"), "(yield x)");
    assert_eq!(show("(yield a, b)"), "(yield (tuple a b))");
    assert_eq!(show("(yield from g)"), "(yield-from g)");
}

#[test]
fn parentheses_unwrap_to_the_inner_range() {
    let source = "((a + b))";
    let lowered = expr(source);
    assert_eq!(common::render(&lowered), "(+ a b)");
    assert_eq!(text(source, lowered.range), "a + b");
}

#[test]
fn soft_keywords_as_names() {
    assert_eq!(
        show("print(match, type, exec)"),
        "(call print match type exec)"
    );
}

#[test]
fn ranges_are_byte_ranges() {
    let source = "é + f(x)";
    let ExprKind::BinOp { left, right, .. } = expr(source).into_kind() else {
        panic!("not a binary operation");
    };
    assert_eq!((left.range.start, left.range.end), (0, 2));
    assert_eq!(text(source, right.range), "f(x)");
}

/// tree-sitter-python binds `^` tighter than `&`; Python does the opposite.
#[test]
fn and_binds_tighter_than_xor() {
    assert_eq!(show("h ^ i & j"), "(^ h (& i j))");
    assert_eq!(show("a & b ^ c"), "(^ (& a b) c)");
    assert_eq!(show("a ^ b & c ^ d"), "(^ (^ a (& b c)) d)");
    assert_eq!(
        show("a & b ^ c & d & e ^ f"),
        "(^ (^ (& a b) (& (& c d) e)) f)"
    );
    assert_eq!(show("a | b ^ c & d << e"), "(| a (^ b (& c (<< d e))))");
    assert_eq!(show("(a ^ b) & c"), "(& (^ a b) c)");
    assert_eq!(show("a & b & c"), "(& (& a b) c)");
}

#[test]
fn reassociated_ranges_span_their_operands() {
    let source = "a ^ b & c";
    let ExprKind::BinOp { right, .. } = expr(source).into_kind() else {
        panic!("not a binary operation");
    };
    assert_eq!(text(source, right.range), "b & c");
}

#[test]
fn names_an_expression_reads() {
    let e = expr(
        "lambda: f\"{x.sum():.{w}f} of {n}\" if [a for b in c if d] else g(*h, k=m, **o)[p:q]",
    );
    assert_eq!(
        e.names_read(),
        ["x", "w", "n", "a", "c", "d", "g", "h", "m", "o", "p", "q"]
    );
}
