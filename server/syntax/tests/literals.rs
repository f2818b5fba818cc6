//! Numbers, strings, bytes and f-strings.

use crate::common;

use common::{expr, show};
use syntax::ast::{ExprKind, FStringPart};

#[test]
fn integers_in_every_base() {
    assert_eq!(
        show("(0, 42, 1_000_000, 0xFF, 0o17, 0b1010, 0x_dead_beef)"),
        "(tuple 0 42 1000000 255 15 10 3735928559)"
    );
}

#[test]
fn integers_beyond_i64_are_big() {
    assert_eq!(show("9223372036854775807"), "9223372036854775807");
    assert_eq!(show("9223372036854775808"), "big:9223372036854775808");
    assert_eq!(
        show("0xFFFF_FFFF_FFFF_FFFF_FF"),
        "big:4722366482869645213695"
    );
    assert_eq!(show("-9223372036854775808"), "(- big:9223372036854775808)");
    let digits = "7".repeat(5000);
    assert_eq!(show(&digits), format!("big:{digits}"));
}

#[test]
fn floats_and_imaginary() {
    assert_eq!(
        show("(1.5, 1., .5, 1e3, 1_0.5e-1_0, 1e400)"),
        "(tuple 1.5 1.0 0.5 1000.0 1.05e-9 inf)"
    );
    assert_eq!(show("(3j, 1.5J, 1e2j)"), "(tuple 3.0j 1.5j 100.0j)");
}

#[test]
fn string_prefixes() {
    assert_eq!(
        show(r#"('a', "b", '''c''', """d""", u'e', r'\n', R'\t', b'\x00', rb'\x00', Br"\n")"#),
        r#"(tuple "a" "b" "c" "d" "e" "\\n" "\\t" b"\\x00" b"\\\\x00" b"\\\\n")"#
    );
}

#[test]
fn escapes_are_resolved_unless_raw() {
    assert!(
        matches!(&expr(r#""a\tb\n\x41\u00e9\U0001F600\101\\\"""#).kind, ExprKind::Str(s) if s == "a\tb\nAé😀A\\\"")
    );
    assert!(matches!(&expr(r"'\d\q'").kind, ExprKind::Str(s) if s == r"\d\q"));
    assert!(matches!(&expr(r"b'\xff\n\u1234'").kind, ExprKind::Bytes(b) if b == b"\xff\n\\u1234"));
    assert!(matches!(&expr("'a\\\nb'").kind, ExprKind::Str(s) if s == "ab"));
}

#[test]
fn lone_surrogate_escapes_become_replacement_characters() {
    assert!(
        matches!(&expr(r#""\ud800x\uDFFF""#).kind, ExprKind::Str(s) if s == "\u{FFFD}x\u{FFFD}")
    );
}

#[test]
fn adjacent_strings_concatenate() {
    assert_eq!(show("'a' \"b\" '''c'''"), "\"abc\"");
    assert_eq!(show("(\n    'one '\n    r'\\two'\n)"), "\"one \\\\two\"");
    assert_eq!(show("b'a' b'b'"), "b\"ab\"");
    assert_eq!(show("'a' f'{x}' 'b'"), "(f \"a\" {x} \"b\")");
}

#[test]
fn non_ascii_text_is_kept() {
    assert!(matches!(&expr("'日本語 ✓'").kind, ExprKind::Str(s) if s == "日本語 ✓"));
}

#[test]
fn fstring_parts() {
    assert_eq!(show("f'a{x}b'"), "(f \"a\" {x} \"b\")");
    assert_eq!(show("f'{x!r}'"), "(f {x !r})");
    assert_eq!(show("f'{x:>10}'"), "(f {x : \">10\"})");
    assert_eq!(show("f'{x:{w}.{p}f}'"), "(f {x : {w} \".\" {p} \"f\"})");
    assert_eq!(show("f'{x=}'"), "(f {x =})");
    assert_eq!(show("f'{x = !s:^5}'"), "(f {x = !s : \"^5\"})");
    assert_eq!(show("f'{{literal}} {x}'"), "(f \"{literal} \" {x})");
    assert_eq!(
        show("f'{a + b} {f(c)[0]}'"),
        "(f {(+ a b)} \" \" {([] (call f c) 0)})"
    );
    assert_eq!(show("f'{x:%H:%M}'"), "(f {x : \"%H:%M\"})");
    assert_eq!(show("f'{a, b}'"), "(f {(tuple a b)})");
}

#[test]
fn nested_fstrings() {
    assert_eq!(show("f'{f\"{x}\"}'"), "(f {(f {x})})");
}

#[test]
fn fstring_escapes_and_raw_fstrings() {
    assert_eq!(show(r"f'\t{x}\n'"), "(f \"\\t\" {x} \"\\n\")");
    assert_eq!(show(r"rf'\d{x}'"), "(f \"\\\\d\" {x})");
}

#[test]
fn fstring_expression_ranges() {
    let source = "f'{value:>{width}}'";
    let ExprKind::FString(parts) = expr(source).into_kind() else {
        panic!("not an f-string");
    };
    let FStringPart::Expr {
        expr, format_spec, ..
    } = &parts[0]
    else {
        panic!("not an interpolation");
    };
    assert_eq!(common::text(source, expr.range), "value");
    let FStringPart::Expr { expr: width, .. } = &format_spec[1] else {
        panic!("no nested field");
    };
    assert_eq!(common::text(source, width.range), "width");
}

#[test]
fn empty_strings() {
    assert_eq!(show("''"), "\"\"");
    assert_eq!(show("f''"), "(f)");
    assert_eq!(show("b''"), "b\"\"");
}
