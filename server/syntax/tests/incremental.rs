//! Incremental parsing gives the same AST and errors as a fresh parse.

use syntax::{InputEdit, Point, parse, parse_incremental};

fn point(text: &str, byte: usize) -> Point {
    let before = &text[..byte];
    let row = before.matches('\n').count();
    let col = byte - before.rfind('\n').map_or(0, |i| i + 1);
    Point::new(row, col)
}

/// Replace `start..end` of `text` by `new`, editing `tree` to match.
fn edit(text: &str, tree: &mut syntax::Tree, start: usize, end: usize, new: &str) -> String {
    let out = format!("{}{new}{}", &text[..start], &text[end..]);
    tree.edit(&InputEdit {
        start_byte: start,
        old_end_byte: end,
        new_end_byte: start + new.len(),
        start_position: point(text, start),
        old_end_position: point(text, end),
        new_end_position: point(&out, start + new.len()),
    });
    out
}

#[test]
fn incremental_parse_matches_a_fresh_parse() {
    let mut text = String::from(
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        y = x + 1\n        return y\n",
    );
    let (_, tree) = parse_incremental(&text, None);
    let mut tree = tree.expect("a tree");
    let steps: [(&str, &str); 4] = [
        ("y = x + 1", "y = x * 2 + torch.ones(3)"),
        ("return y", "return (y"),
        ("return (y", "return y"),
        ("class M", "class Model"),
    ];
    for (from, to) in steps {
        let at = text.find(from).expect("in the text");
        text = edit(&text, &mut tree, at, at + from.len(), to);
        let (inc, new_tree) = parse_incremental(&text, Some(&tree));
        tree = new_tree.expect("a tree");
        let fresh = parse(&text);
        assert_eq!(
            format!("{:?}", inc.module),
            format!("{:?}", fresh.module),
            "{text}"
        );
        assert_eq!(inc.errors, fresh.errors, "{text}");
    }
}
