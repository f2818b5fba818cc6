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

/// `parsed` (the AST with its ranges, and the errors) is what a fresh
/// parse of `text` gives.
fn assert_like_a_fresh_parse(parsed: &syntax::Parsed, text: &str) {
    let fresh = parse(text);
    assert_eq!(
        format!("{:?}", parsed.module),
        format!("{:?}", fresh.module),
        "{text}"
    );
    assert_eq!(parsed.errors, fresh.errors, "{text}");
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
        assert_like_a_fresh_parse(&inc, &text);
    }
}

/// Parsing with a [`syntax::StmtCache`] gives what a fresh parse gives,
/// ranges included, through edits before, inside and between statements,
/// broken and repaired statements and duplicated ones.
#[test]
fn reusing_lowered_statements_matches_a_fresh_parse() {
    let mut text = String::from(concat!(
        "import torch\n\n\n",
        "class M(torch.nn.Module):\n",
        "    def __init__(self):\n",
        "        super().__init__()\n",
        "        self.l = torch.nn.Linear(3, 4)\n\n",
        "    def forward(self, x):\n",
        "        y = [v * 2 for v in x.shape if v] + f\"{x!r:>{2}}\"\n",
        "        return self.l(x) + (lambda a, b=1: a + b)(y, 2)\n\n\n",
        "def helper(a, *, b=2):\n",
        "    return a\n\n\n",
        "x = 1\n",
        "x = 1\n",
        "model = M()\n",
        "example_args = (torch.randn(2, 3),)\n",
    ));
    let (_, tree) = parse_incremental(&text, None);
    let mut tree = tree.expect("a tree");
    let mut cache = syntax::StmtCache::default();
    let steps: [(&str, &str); 9] = [
        ("import torch", "import torch  # x"),
        ("import torch  # x", "import torch"),
        ("y = [v * 2", "y = [v * 3"),
        ("def helper", "def helper2"),
        ("x = 1\nx = 1\n", "x = 1\nx = 1\nx = 1\n"),
        ("return a\n", "return (a\n"),
        ("return (a\n", "return a\n"),
        ("model = M()\n", ""),
        ("\nclass M", "\nz = 0\nclass M"),
    ];
    for (i, (from, to)) in steps.into_iter().enumerate() {
        let at = text.find(from).expect("in the text");
        text = edit(&text, &mut tree, at, at + from.len(), to);
        let (inc, new_tree) = syntax::parse_reusing(&text, Some(&tree), &mut cache);
        tree = new_tree.expect("a tree");
        assert_like_a_fresh_parse(&inc, &text);
        // Every top-level statement is cached except the broken one.
        let broken = usize::from(!inc.errors.is_empty());
        assert_eq!(cache.len(), inc.module.body.len() - broken, "step {i}");
    }
}
