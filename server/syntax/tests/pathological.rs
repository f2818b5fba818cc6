//! Pathological inputs: lowering stays bounded and reports deep nesting.
//!
//! Each case runs on a fresh thread with a 2 MiB stack, the size of a
//! default Rust thread, so a debug build proves there is enough headroom.

use syntax::{Parsed, parse};

const STACK: usize = 2 * 1024 * 1024;

fn parse_on_small_stack(source: String) -> (usize, Vec<String>) {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let Parsed { module, errors } = parse(&source);
            let messages = errors.into_iter().map(|error| error.message).collect();
            // Dropping the AST happens here too, on the small stack.
            (module.body.len(), messages)
        })
        .expect("spawn test thread")
        .join()
        .expect("parsing must not panic or overflow the stack")
}

fn assert_too_deep(source: String) {
    let (_, messages) = parse_on_small_stack(source);
    let too_deep = messages
        .iter()
        .filter(|message| message.starts_with("nesting too deep"))
        .count();
    assert_eq!(too_deep, 1, "{messages:?}");
    assert!(messages.contains(&"nesting too deep (limit 200)".to_owned()));
}

fn nested(open: &str, inner: &str, close: &str, depth: usize) -> String {
    format!("x = {}{inner}{}\n", open.repeat(depth), close.repeat(depth))
}

#[test]
fn ten_thousand_nested_parentheses() {
    assert_too_deep(nested("(", "1", ")", 10_000));
}

#[test]
fn ten_thousand_nested_brackets() {
    assert_too_deep(nested("[", "", "]", 10_000));
}

#[test]
fn ten_thousand_nested_braces_and_calls() {
    assert_too_deep(nested("{1: ", "1", "}", 10_000));
    assert_too_deep(nested("f(", "", ")", 10_000));
    assert_too_deep(nested("a[", "0", "]", 10_000));
    assert_too_deep(nested("lambda: ", "0", "", 10_000));
    assert_too_deep(nested("[", "x for x in y", "]", 10_000));
    assert_too_deep(format!(
        "x = f'{}x{}'\n",
        "{x:".repeat(10_000),
        "}".repeat(10_000)
    ));
    assert_too_deep(
        nested("f'{(", "x", ")}'", 1).replace("(x)", &nested("(", "x", ")", 300)[4..604]),
    );
}

#[test]
fn long_left_and_right_deep_chains() {
    assert_too_deep(format!("x = 2{}\n", " ** 2".repeat(100_000)));
    assert_too_deep(format!("x = {}1\n", "-".repeat(100_000)));
    assert_too_deep(format!("x = {}1\n", "not ".repeat(100_000)));
    assert_too_deep(format!("x = a{}\n", ".b".repeat(100_000)));
    assert_too_deep(format!("x = f{}\n", "()".repeat(100_000)));
    assert_too_deep(format!("x = a{}\n", "[0]".repeat(100_000)));
    assert_too_deep(format!("x = {}1\n", "1 if c else ".repeat(100_000)));
}

#[test]
fn flat_chains_need_no_nesting() {
    for source in [
        format!("x = a{}\n", " and a".repeat(100_000)),
        format!("x = a{}\n", " < a".repeat(100_000)),
        format!("{}1\n", "a = ".repeat(100_000)),
        format!("x = [{}]\n", "1, ".repeat(100_000)),
        format!("x = 'a' {}\n", "'a' ".repeat(100_000)),
        format!("x = {}1\n", "1 + ".repeat(100_000)),
        format!("x = a{}\n", " & a".repeat(100_000)),
        format!("x = a{}\n", " & a ^ a".repeat(50_000)),
        format!("x = a{}\n", " ^ a & a".repeat(50_000)),
        format!("x = a{}\n", " - b * c << d".repeat(30_000)),
    ] {
        let (statements, messages) = parse_on_small_stack(source);
        assert_eq!((statements, messages), (1, Vec::new()));
    }
}

/// Three thousand levels of indentation already make a 4.5 MB file; ten
/// thousand (50 MB) are refused by size, see `sources_too_large_...`.
#[test]
fn three_thousand_nested_ifs() {
    let depth = 3_000;
    let mut source = String::with_capacity(depth * depth / 2 + depth * 8);
    for level in 0..depth {
        source.extend(std::iter::repeat_n(' ', level));
        source.push_str("if x:\n");
    }
    source.extend(std::iter::repeat_n(' ', depth));
    source.push_str("pass\n");
    let (statements, messages) = parse_on_small_stack(source);
    assert!(statements >= 1);
    assert!(
        messages
            .iter()
            .any(|message| message == "nesting too deep (limit 200)"),
        "{messages:?}"
    );
}

#[test]
fn ten_thousand_elifs() {
    let source = format!(
        "if a: pass\n{}else: pass\n",
        "elif a: pass\n".repeat(10_000)
    );
    assert_too_deep(source);
}

#[test]
fn unclosed_brackets_and_garbage() {
    for source in [
        "(".repeat(100_000),
        ")".repeat(100_000),
        "[{(".repeat(30_000),
        "\0".repeat(10_000),
        "\"\\".repeat(10_000),
        "def ".repeat(10_000),
        "@".repeat(10_000),
        "    x\n".repeat(1000) + &"\tdef f(:\n".repeat(1000),
    ] {
        let (_, messages) = parse_on_small_stack(source);
        assert!(!messages.is_empty());
    }
}

#[test]
fn degenerate_inputs_parse_cleanly() {
    for source in [
        "",
        "\n",
        "# only a comment",
        "# one\n# two\n",
        "\u{feff}x = 1\n",
        "\r\n\r\n",
    ] {
        let (_, messages) = parse_on_small_stack(source.to_owned());
        assert_eq!(messages, Vec::<String>::new(), "{source:?}");
    }
}

/// A deterministic soup of Python tokens: whatever tree-sitter makes of
/// it, lowering must neither panic nor report errors outside the source.
#[test]
fn random_token_soup_never_panics() {
    const TOKENS: &[&str] = &[
        "def ",
        "class ",
        "if ",
        "elif ",
        "else",
        "for ",
        " in ",
        "while ",
        "with ",
        " as ",
        "try",
        "except",
        "finally",
        "lambda ",
        "return ",
        "yield ",
        "await ",
        "async ",
        "import ",
        "from ",
        "match ",
        "case ",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ":",
        ",",
        ".",
        "=",
        "==",
        "+",
        "-",
        "*",
        "**",
        "@",
        "&",
        "^",
        "|",
        "~",
        "not ",
        "and ",
        "or ",
        "x",
        "y",
        "1",
        "0x1F",
        "1.5",
        "3j",
        "'s'",
        "f'{x!r:>{w}}'",
        "b'\\x00'",
        "\"\"\"doc\"\"\"",
        "\n",
        "\n    ",
        "\n        ",
        "\t",
        "#c\n",
        "\\\n",
        ";",
        "...",
        "\0",
        "é",
        "😀",
        "$",
        "?",
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..2_000 {
        let len = next() % 40;
        let source: String = (0..len)
            .map(|_| TOKENS[(next() % TOKENS.len() as u64) as usize])
            .collect();
        let parsed = parse(&source);
        for error in &parsed.errors {
            assert!(error.range.start <= error.range.end, "{source:?}");
            assert!(error.range.end as usize <= source.len(), "{source:?}");
        }
    }
}

/// A 50 MB source and one of a million lines are refused whole, with one
/// error at the start of the file, without being parsed.
#[test]
fn sources_too_large_are_refused_with_one_error() {
    let fifty_mb = format!("x = [{}]\n", "1, ".repeat(50 << 20 >> 2));
    let million_lines = "x = 1\n".repeat(1_000_000);
    for (source, says) in [(fifty_mb, "MB"), (million_lines, "1000000 lines")] {
        let started = std::time::Instant::now();
        let parsed = syntax::parse(&source);
        assert!(parsed.module.body.is_empty());
        assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
        let error = &parsed.errors[0];
        assert_eq!(error.range, syntax::TextRange::new(0, 0));
        assert!(
            error.message.starts_with("file too large to analyse"),
            "{}",
            error.message
        );
        assert!(error.message.contains(says), "{}", error.message);
        // A hang guard, not a benchmark: refusing reads the text once.
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        let deferred = syntax::parse_deferring(&source);
        assert_eq!(deferred.errors, parsed.errors);
    }
}
