//! Syntax errors: located messages, and as much AST as possible around them.

use crate::common;

use common::text;
use syntax::ast::{ExprKind, StmtKind};
use syntax::{SyntaxError, parse};

fn messages(errors: &[SyntaxError]) -> Vec<&str> {
    errors.iter().map(|error| error.message.as_str()).collect()
}

#[test]
fn half_typed_function_keeps_the_rest_of_the_file() {
    let source = "def f(x):\n    return x +\n\nclass A: pass\n";
    let parsed = parse(source);
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    assert_eq!(text(source, parsed.errors[0].range), "return x +");
    assert_eq!(parsed.errors[0].message, "invalid syntax");

    let [f, a] = parsed.module.body.as_slice() else {
        panic!("expected two statements: {:?}", parsed.module.body);
    };
    let StmtKind::FunctionDef(f) = &f.kind else {
        panic!("f is not a def");
    };
    assert_eq!(f.name, "f");
    assert!(matches!(f.body(), [stmt] if matches!(stmt.kind, StmtKind::Error)));
    assert!(matches!(&a.kind, StmtKind::ClassDef(class) if class.name == "A"));
}

#[test]
fn unclosed_call_is_reported_at_the_end() {
    let source = "foo(";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors), ["`(` was never closed"]);
    assert_eq!(parsed.errors[0].range.end, source.len() as u32);
    assert_eq!(text(source, parsed.errors[0].range), "(");
    assert!(
        matches!(parsed.module.body.as_slice(), [stmt] if matches!(stmt.kind, StmtKind::Error))
    );
}

#[test]
fn unclosed_bracket_in_an_assignment() {
    let source = "x = [1, 2\ny = 3\ndef h(): pass\n";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors), ["`[` was never closed"]);
    assert_eq!(parsed.errors[0].range.start, 4);
    let [assign, def] = parsed.module.body.as_slice() else {
        panic!("expected two statements: {:?}", parsed.module.body);
    };
    // The value is unknown, not the `3` tree-sitter's recovery kept.
    assert!(
        matches!(&assign.kind, StmtKind::Assign { value, .. } if matches!(value.kind, ExprKind::Error))
    );
    assert!(matches!(&def.kind, StmtKind::FunctionDef(def) if def.name == "h"));
}

#[test]
fn missing_token_names_the_token() {
    let source = "def f(:\n    pass\nclass B: pass\n";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors), ["expected `)`"]);
    assert_eq!(parsed.errors[0].range.start, 6);
    assert_eq!(parsed.module.body.len(), 2);
}

#[test]
fn unmatched_closing_bracket() {
    let source = "x = 1\n)\ndef f(): pass\n";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors), ["unmatched `)`"]);
    assert_eq!(text(source, parsed.errors[0].range), ")");
    let kinds: Vec<bool> = parsed
        .module
        .body
        .iter()
        .map(|stmt| matches!(stmt.kind, StmtKind::Error))
        .collect();
    assert_eq!(kinds, [false, true, false]);
}

#[test]
fn invalid_characters() {
    let parsed = parse("x = 1\0\ny = $\n");
    assert_eq!(
        messages(&parsed.errors),
        ["invalid character \"\\0\"", "invalid character \"$\""]
    );
}

#[test]
fn statements_inside_an_error_region_are_kept() {
    let source = "else:\n    x = 1\ndef g(): pass\n";
    let parsed = parse(source);
    assert_eq!(parsed.errors.len(), 1);
    let kinds: Vec<&str> = parsed
        .module
        .body
        .iter()
        .map(|stmt| match stmt.kind {
            StmtKind::Error => "error",
            StmtKind::Assign { .. } => "assign",
            StmtKind::FunctionDef(_) => "def",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["error", "assign", "def"]);
}

#[test]
fn error_inside_a_class_keeps_sibling_methods() {
    let source = "class A:\n    def f(self):\n        x = \n    def g(self):\n        return 1\n";
    let parsed = parse(source);
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    let [class] = parsed.module.body.as_slice() else {
        panic!("expected one class");
    };
    let StmtKind::ClassDef(class) = &class.kind else {
        panic!("not a class");
    };
    let names: Vec<&str> = class
        .body
        .iter()
        .filter_map(|stmt| match &stmt.kind {
            StmtKind::FunctionDef(def) => Some(def.name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["f", "g"]);
}

#[test]
fn broken_argument_keeps_the_call() {
    let parsed = parse("f(a b)\n");
    assert_eq!(parsed.errors.len(), 1);
    assert!(matches!(
        &parsed.module.body[0].kind,
        StmtKind::Expr(call) if matches!(&call.kind, ExprKind::Call { args, .. } if args.len() == 1)
    ));
}

#[test]
fn mixing_bytes_and_str_is_an_error() {
    let source = "x = b'a' 'b'\n";
    let parsed = parse(source);
    assert_eq!(
        messages(&parsed.errors),
        ["cannot mix bytes and nonbytes literals"]
    );
    assert_eq!(text(source, parsed.errors[0].range), "b'a' 'b'");
}

#[test]
fn errors_are_in_document_order() {
    let parsed = parse("a = (\n\ndef f(:\n  pass\n)))\n");
    let starts: Vec<u32> = parsed
        .errors
        .iter()
        .map(|error| error.range.start)
        .collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted);
    assert!(!starts.is_empty());
}

#[test]
fn every_prefix_of_a_file_parses_without_panicking() {
    let source = "import torch\n\n@dec(1)\nclass M(nn.Module):\n    def forward(self, x: int = 3, *a, **k) -> T:\n        y = f'{x!r:>{w}}' + b'\\x00'[0]\n        return [i async for i in x if i] or {**k}\n";
    for end in (0..=source.len()).filter(|&end| source.is_char_boundary(end)) {
        let parsed = parse(&source[..end]);
        for error in &parsed.errors {
            assert!(error.range.start <= error.range.end && error.range.end as usize <= end);
        }
    }
}

#[test]
fn a_header_without_its_colon_expects_one_after_its_last_token() {
    for (source, at) in [
        (
            "import torch.nn as nn\nclass A(nn.Module)\n    def f(self): ...\n",
            "class A(nn.Module)",
        ),
        ("def f(x)  # no colon\n    return x\n", "def f(x)"),
        ("if x\n    pass\n", "if x"),
        ("for i in range(3)\n    pass\n", "for i in range(3)"),
    ] {
        let parsed = parse(source);
        assert_eq!(messages(&parsed.errors), ["expected `:`"], "{source:?}");
        let range = parsed.errors[0].range;
        assert_eq!(range.start, range.end, "{source:?}");
        let line_start = source.find(at).expect("header") as u32;
        assert_eq!(range.start, line_start + at.len() as u32, "{source:?}");
    }
    // A header whose bracket goes on below it is not a missing colon.
    let parsed = parse("def f(x,\n      y\n    return x\n");
    assert!(
        !messages(&parsed.errors).contains(&"expected `:`"),
        "{:?}",
        parsed.errors
    );
}

/// The 1-based line of `error` in `source`.
fn line_of(source: &str, error: &SyntaxError) -> u32 {
    syntax::LineIndex::new(source)
        .line_col(error.range.start)
        .line
        + 1
}

#[test]
fn inconsistent_tabs_and_spaces_are_cpythons_tab_error() {
    // The reliability reproducer: a tab on one line of `forward`'s body
    // and 8 spaces on another. CPython 3.11: TabError, line 5, column 1.
    let source = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n\tif x.sum() > 0:\n\t    return x\n        return -x\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n";
    let parsed = parse(source);
    assert_eq!(
        messages(&parsed.errors),
        ["inconsistent use of tabs and spaces in indentation"]
    );
    let error = &parsed.errors[0];
    assert_eq!(line_of(source, error), 5);
    assert_eq!(text(source, error.range), "\t");
    // The tree is still lowered (the class and its method are there).
    assert_eq!(parsed.module.body.len(), 4);
    // Library parses report it too.
    assert_eq!(syntax::parse_deferring(source).errors, parsed.errors);
}

#[test]
fn tab_error_lines_agree_with_cpython() {
    // (source, the line CPython 3.11's TabError names)
    for (source, line) in [
        ("if x:\n\tif y:\n\t    a\n        b\n", 4),
        ("if x:\n        a\n\tb\n", 3),
        ("if x:\n    \ta\n\tb\n", 3),
        ("def f():\n    pass\n\tx = 1\n", 3),
        ("if x:\n\ta\n\tif y:\n\t\tb\n        \tc\n", 5),
    ] {
        let parsed = parse(source);
        let tab_errors: Vec<&SyntaxError> = parsed
            .errors
            .iter()
            .filter(|e| e.message == "inconsistent use of tabs and spaces in indentation")
            .collect();
        assert_eq!(tab_errors.len(), 1, "{source:?}: {:?}", parsed.errors);
        assert_eq!(line_of(source, tab_errors[0]), line, "{source:?}");
    }
    // Accepted by CPython: tabs and spaces that agree both ways, inside
    // brackets, on comment-only and continuation lines, in strings.
    for source in [
        "if x:\n  \ta\n",
        "if x:\n\ta\n\tb\n",
        "x = (1,\n\t  2)\n",
        "if x:\n\ta\n        # c\n\tb\n",
        "s = '''\n\tx\n        y'''\nif x:\n\ta\n",
        "x = 1 + \\\n\t2\nif y:\n    z\n",
    ] {
        assert_eq!(parse(source).errors, [], "{source:?}");
    }
}

#[test]
fn a_header_without_its_colon_is_found_below_where_recovery_starts() {
    // CPython: line 4, "expected ':'" after `x)`; tree-sitter's error
    // region starts at the class line.
    let source =
        "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x)\n        return x\n";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors)[0], "expected `:`");
    assert_eq!(
        parsed.errors[0].range.start as usize,
        source.find("x)\n").unwrap() + 2
    );
    // Comments between the header and its body.
    let source = "class C(object)\n    # a comment\n    def f(self):\n        pass\n";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors)[0], "expected `:`");
    assert_eq!(
        parsed.errors[0].range.start as usize,
        source.find('\n').unwrap()
    );
}

#[test]
fn an_unclosed_bracket_is_reported_at_the_bracket() {
    // CPython: "'(' was never closed" at the `(` of line 2.
    let source =
        "class M:\n    def __init__(self:\n        super().__init__()\n        self.t = 1\n";
    let parsed = parse(source);
    assert_eq!(messages(&parsed.errors)[0], "`(` was never closed");
    assert_eq!(text(source, parsed.errors[0].range), "(");
}
