//! Every line ending CPython accepts: `\n`, `\r\n` and a lone `\r` (old
//! Mac files). A lone `\r` ends a line for the parser, the line index
//! and the text scanners; offsets stay those of the file's own bytes.

use syntax::{
    InputEdit, LineIndex, Point, module_outline, parse, parse_deferring, parse_incremental,
    top_level_names,
};

const MODEL: &str = "import torch\n\n\n\nclass M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        pass\n\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n\n\nmodel = M()\nexample_args = (torch.randn(4, 3),)\n";

/// `text` with its `\n`s replaced by `ending`.
fn with_endings(text: &str, ending: &str) -> String {
    text.replace('\n', ending)
}

#[test]
fn a_file_with_lone_carriage_returns_parses_as_with_newlines() {
    let lf = parse(MODEL);
    assert_eq!(lf.errors, []);
    let cr_text = with_endings(MODEL, "\r");
    let cr = parse(&cr_text);
    assert_eq!(cr.errors, []);
    // Same bytes but the line ends, so the same AST with the same ranges.
    assert_eq!(format!("{:?}", cr.module), format!("{:?}", lf.module));
    let deferred = parse_deferring(&cr_text);
    assert_eq!(deferred.errors, []);
    assert_eq!(format!("{:?}", deferred.module), format!("{:?}", lf.module));
}

#[test]
fn mixed_line_endings_parse_and_positions_count_every_one() {
    // Line 5 (1-based) is `class M...`, whatever ends the lines before it.
    let text = "import torch\r\r\n\n\rclass M(torch.nn.Module):\r    pass\r";
    let parsed = parse(text);
    assert_eq!(parsed.errors, []);
    assert_eq!(parsed.module.body.len(), 2);
    let class = &parsed.module.body[1];
    let index = LineIndex::new(text);
    assert_eq!(index.line_col(class.range.start).line, 4);
    assert_eq!(index.line_col(class.range.end).line, 5);
}

#[test]
fn a_lone_carriage_return_ends_comments_and_strings_read_it_as_newline() {
    // The comment ends at the `\r`, so `y = 2` is code; a `\r` inside a
    // triple-quoted string reads `\n`, as CPython's tokenizer gives it.
    let text = "x = 1  # one\ry = 2\rs = '''a\rb'''\r";
    let parsed = parse(text);
    assert_eq!(parsed.errors, []);
    let shown = format!("{:?}", parsed.module);
    assert_eq!(parsed.module.body.len(), 3, "{shown}");
    assert!(shown.contains("Str(\"a\\nb\")"), "{shown}");
    assert_eq!(syntax::comments(text).len(), 1);
    // A `\r` inside a one-line string ends it unterminated, as in CPython.
    assert!(!parse("s = 'a\rb'\r").errors.is_empty());
}

#[test]
fn tab_errors_are_found_on_lone_carriage_return_lines() {
    let text = "if x:\r\ta\r        b\r";
    let parsed = parse(text);
    let [error] = parsed.errors.as_slice() else {
        panic!("{:?}", parsed.errors);
    };
    assert_eq!(
        error.message,
        "inconsistent use of tabs and spaces in indentation"
    );
    assert_eq!(LineIndex::new(text).line_col(error.range.start).line, 2);
}

#[test]
fn outlines_read_lone_carriage_return_files() {
    let text = "from .a import b\nfrom .c import d as e\n\ndef f():\n    pass\n\nX = 1\n";
    let cr = with_endings(text, "\r");
    assert_eq!(top_level_names(&cr), top_level_names(text));
    assert_eq!(top_level_names(&cr), Some(vec!["f".into(), "X".into()]));
    assert_eq!(module_outline(&cr), module_outline(text));
    assert!(module_outline(text).is_some());
}

/// tree-sitter's point of `byte` in `text`, rows counting every line end
/// (as the language server's rope counts them).
fn point(text: &str, byte: usize) -> Point {
    let index = LineIndex::new(text);
    let at = index.line_col(byte as u32);
    Point::new(at.line as usize, at.col_utf8 as usize)
}

#[test]
fn edits_that_make_or_break_a_lone_carriage_return_reparse_correctly() {
    let all_cr = with_endings(MODEL, "\r");
    let one_cr = MODEL.replacen("Module):\n", "Module):\r", 1);
    let class_end = MODEL.find("Module):").expect("in the text") + "Module):".len();
    // (text, start, end, inserted): a `\r` becomes half of a `\r\n` and
    // back, more lines are ended with `\r`, the only lone `\r` goes.
    let cases = [
        (&all_cr, class_end + 1, class_end + 1, "\n"),
        (&all_cr, class_end + 1, class_end + 1, "\r\r"),
        (&one_cr, class_end + 1, class_end + 1, "\n"),
        (&one_cr, class_end, class_end + 1, "\n"),
        (&one_cr, class_end + 1, class_end + 1, "\r"),
    ];
    for (text, start, end, new) in cases {
        let (_, tree) = parse_incremental(text, None);
        let mut tree = tree.expect("a tree");
        let edited = format!("{}{new}{}", &text[..start], &text[end..]);
        tree.edit(&InputEdit {
            start_byte: start,
            old_end_byte: end,
            new_end_byte: start + new.len(),
            start_position: point(text, start),
            old_end_position: point(text, end),
            new_end_position: point(&edited, start + new.len()),
        });
        let (inc, _) = parse_incremental(&edited, Some(&tree));
        let fresh = parse(&edited);
        assert_eq!(format!("{:?}", inc.module), format!("{:?}", fresh.module));
        assert_eq!(inc.errors, fresh.errors);
        assert_eq!(fresh.errors, [], "{edited:?}");
        // And back from the edited text.
        let (_, tree) = parse_incremental(&edited, None);
        let mut tree = tree.expect("a tree");
        tree.edit(&InputEdit {
            start_byte: start,
            old_end_byte: start + new.len(),
            new_end_byte: end,
            start_position: point(&edited, start),
            old_end_position: point(&edited, start + new.len()),
            new_end_position: point(text, end),
        });
        let (inc, _) = parse_incremental(text, Some(&tree));
        assert_eq!(
            format!("{:?}", inc.module),
            format!("{:?}", parse(text).module)
        );
    }
}

#[test]
fn lone_carriage_returns_count_towards_the_line_limit() {
    let lines = syntax::MAX_SOURCE_LINES + 1;
    let parsed = parse(&"x = 1\r".repeat(lines));
    assert!(parsed.module.body.is_empty());
    assert_eq!(parsed.errors.len(), 1);
    assert!(
        parsed.errors[0].message.contains(&format!("{lines} lines")),
        "{}",
        parsed.errors[0].message
    );
}
