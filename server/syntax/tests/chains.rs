//! Chains of binary operators (`a + b + c ...`, sympy writes sums of
//! hundreds of terms): valid Python of any length, lowered to left-nested
//! `BinOp`s without counting towards the nesting limit, and an AST that
//! clones, prints, walks and drops without recursing once per operand.

use crate::common;

use common::{show, text};
use syntax::ast::{BinOp, Expr, ExprKind, Stmt, StmtKind};
use syntax::{parse, parse_deferring};

/// Runs `f` on a thread with the 2 MiB stack of a default Rust thread.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(f)
        .expect("spawn test thread")
        .join()
        .expect("no panic, no stack overflow")
}

/// The value of the module's only statement, `x = <value>`.
fn assigned(body: &[Stmt]) -> &Expr {
    match body {
        [
            Stmt {
                kind: StmtKind::Assign { value, .. },
                ..
            },
        ] => value,
        other => panic!("not one assignment: {other:?}"),
    }
}

/// `t0 <op> t1 <op> ... t{n-1}`
fn chain(op: &str, n: usize) -> String {
    let terms: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    terms.join(&format!(" {op} "))
}

#[test]
fn a_chain_longer_than_the_nesting_limit_is_one_left_nested_expression() {
    for (symbol, op) in [
        ("+", BinOp::Add),
        ("-", BinOp::Sub),
        ("*", BinOp::Mul),
        ("@", BinOp::MatMul),
        ("/", BinOp::Div),
        ("//", BinOp::FloorDiv),
        ("%", BinOp::Mod),
        ("<<", BinOp::LShift),
        (">>", BinOp::RShift),
        ("|", BinOp::BitOr),
        ("^", BinOp::BitXor),
        ("&", BinOp::BitAnd),
    ] {
        let source = format!("x = {}\n", chain(symbol, 450));
        let parsed = parse(&source);
        assert_eq!(parsed.errors, [], "{symbol}");
        let value = assigned(&parsed.module.body);
        let (bottom, links) = value.binop_spine();
        assert!(matches!(&bottom.kind, ExprKind::Name(n) if n == "t0"));
        assert_eq!(links.len(), 449);
        for (i, (range, link_op, right)) in links.iter().enumerate() {
            assert_eq!(*link_op, op);
            assert!(matches!(&right.kind, ExprKind::Name(n) if *n == format!("t{}", i + 1)));
            // Each level spans its operands, `t0 op ... op t{i+1}`.
            assert_eq!(text(&source, *range), chain(symbol, i + 2), "{symbol}");
        }
        let names = value.names_read();
        assert_eq!(names.len(), 450);
        assert_eq!((names[0], names[449]), ("t0", "t449"));
    }
}

#[test]
fn the_reproducers_chains_parse() {
    // `W = 1 + ... + 1` with 201 terms; `return x + ... + x` with 250;
    // a 300-term `and` chain next to a 300-term string concatenation.
    let sum = format!("W = {}\n", vec!["1"; 201].join(" + "));
    let ret = format!(
        "def forward(self, x):\n    return {}\n",
        vec!["x"; 250].join(" + ")
    );
    let strings: Vec<String> = (0..300).map(|i| format!("'s{i}'")).collect();
    let both = format!("A = {}\nS = {}\n", chain("and", 300), strings.join(" + "));
    for source in [sum, ret, both] {
        assert_eq!(parse(&source).errors, [], "{source}");
    }
}

#[test]
fn operators_of_different_precedence_keep_their_grouping() {
    // `+` binds tighter than `<<`: `(t0 + t1) << (t2 + t3) << ...`.
    let pairs: Vec<String> = (0..150)
        .map(|i| format!("t{} + t{}", 2 * i, 2 * i + 1))
        .collect();
    let source = pairs.join(" << ");
    let mut expected = "(+ t0 t1)".to_owned();
    for i in 1..150 {
        expected = format!("(<< {expected} (+ t{} t{}))", 2 * i, 2 * i + 1);
    }
    assert_eq!(show(&source), expected);

    // A product in every term, unary minus first: sympy's style.
    let terms: Vec<String> = (0..250).map(|i| format!("a{i}*b{i}")).collect();
    let source = format!("-{}", terms.join(" - "));
    let mut expected = "(* (- a0) b0)".to_owned();
    for i in 1..250 {
        expected = format!("(- {expected} (* a{i} b{i}))");
    }
    assert_eq!(show(&source), expected);
}

/// `t0 op1 t1 op2 t2 ...` rendered with Python's precedence for `&` and
/// `^` (`&` binds tighter; both associate to the left).
fn and_xor(ops: &[&str]) -> (String, String) {
    let mut source = "t0".to_owned();
    let mut terms = vec!["t0".to_owned()];
    for (i, op) in ops.iter().enumerate() {
        let operand = format!("t{}", i + 1);
        source += &format!(" {op} {operand}");
        match (*op, terms.pop()) {
            ("&", Some(last)) => terms.push(format!("(& {last} {operand})")),
            (_, last) => terms.extend(last.into_iter().chain([operand])),
        }
    }
    let mut terms = terms.into_iter();
    let first = terms.next().unwrap_or_default();
    let rendered = terms.fold(first, |left, right| format!("(^ {left} {right})"));
    (source, rendered)
}

#[test]
fn long_mixed_and_xor_chains_take_pythons_precedence() {
    // `&` binds tighter than `^` (tree-sitter has it the other way round).
    let alternating: Vec<&str> = (0..300).map(|i| ["&", "^"][i % 2]).collect();
    let xor_first: Vec<&str> = (0..300).map(|i| ["^", "&"][i % 2]).collect();
    let mut state = 7u32;
    let scattered: Vec<&str> = (0..400)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            ["&", "^"][(state >> 16) as usize % 2]
        })
        .collect();
    for ops in [alternating, xor_first, scattered] {
        let (source, expected) = and_xor(&ops);
        assert_eq!(show(&source), expected);
    }
}

#[test]
fn a_chain_counts_as_one_level_of_nesting() {
    let sum = chain("+", 300);
    let wrapped = |depth: usize| format!("x = {}{sum}{}\n", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(parse(&wrapped(150)).errors, []);
    let too_deep = parse(&wrapped(250));
    assert_eq!(too_deep.errors.len(), 1);
    assert_eq!(too_deep.errors[0].message, "nesting too deep (limit 200)");
    // `**` associates to the right: that is nesting.
    let power = format!("x = {}\n", chain("**", 300));
    assert_eq!(
        parse(&power).errors[0].message,
        "nesting too deep (limit 200)"
    );
}

#[test]
fn a_hundred_thousand_operands_on_a_small_stack() {
    for op in ["+", "*", "-", "<<", "|", "&", "^", "@"] {
        let source = format!("x = {}\n", chain(op, 100_000));
        let (errors, shown) = on_small_stack(move || {
            let parsed = parse(&source);
            let value = assigned(&parsed.module.body);
            assert_eq!(value.binop_spine().1.len(), 99_999);
            assert_eq!(value.names_read().len(), 100_000);
            let copy = parsed.module.clone();
            let shown = format!("{:?}", assigned(&copy.body));
            drop(copy);
            let deferred = parse_deferring(&source);
            assert_eq!(deferred.errors, parsed.errors);
            // `parsed` and `deferred` are dropped here, on the small stack.
            (parsed.errors, shown.len())
        });
        assert_eq!(errors, [], "{op}");
        assert!(shown > 100_000, "{op}");
    }
}

#[test]
fn a_long_chain_prints_flat_and_a_short_one_as_derived() {
    let short = common::expr("a + b");
    let shown = format!("{short:?}");
    assert!(
        shown.starts_with("Expr { kind: BinOp { left: Expr { kind: Name(\"a\")"),
        "{shown}"
    );
    let long = common::expr(&chain("+", 40));
    let shown = format!("{long:?}");
    assert!(
        shown.starts_with("BinOpChain { first: Expr { kind: Name(\"t0\")"),
        "{shown}"
    );
    assert!(shown.contains("Add, Expr { kind: Name(\"t39\")"), "{shown}");
}

#[test]
fn clone_keeps_every_operand_and_range() {
    let source = chain("-", 1_000);
    let original = common::expr(&source);
    let copy = original.clone();
    // (Printed flat: a chain this long overflows `render`'s recursion.)
    assert_eq!(format!("{copy:?}"), format!("{original:?}"));
    let ranges = |e: &Expr| -> Vec<_> {
        let (bottom, links) = e.binop_spine();
        std::iter::once(bottom.range)
            .chain(
                links
                    .iter()
                    .flat_map(|(range, _, right)| [*range, right.range]),
            )
            .collect()
    };
    assert_eq!(ranges(&copy), ranges(&original));
}

#[test]
fn a_reused_long_chain_moves_with_its_statement() {
    // An edit above the chain: the language server's parse takes the
    // chain's statement from the cache and shifts every range in it.
    let (errors, same) = on_small_stack(|| {
        let text = format!("x = {}\n", chain("+", 100_000));
        let mut cache = syntax::StmtCache::default();
        let (_, tree) = syntax::parse_reusing(&text, None, &mut cache);
        let mut tree = tree.expect("a tree");
        let edited = format!("y = 0\n{text}");
        tree.edit(&syntax::InputEdit {
            start_byte: 0,
            old_end_byte: 0,
            new_end_byte: 6,
            start_position: syntax::Point::new(0, 0),
            old_end_position: syntax::Point::new(0, 0),
            new_end_position: syntax::Point::new(1, 0),
        });
        let (reused, _) = syntax::parse_reusing(&edited, Some(&tree), &mut cache);
        let fresh = parse(&edited);
        let same = format!("{:?}", reused.module) == format!("{:?}", fresh.module);
        (reused.errors, same)
    });
    assert_eq!(errors, []);
    assert!(same);
}
