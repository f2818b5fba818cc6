//! A fingerprint of a file's code: every token with its line and column,
//! without the comments and blank space that cannot change what the code
//! does or where its parts are.
//!
//! Two texts with the same fingerprint hold the same tokens at the same
//! lines and columns; they may differ only in comments outside brackets
//! (a comment on a line of its own, or ending a line, outside `()`, `[]`
//! and `{}`) and in blank space that moves no token. Such texts lower to
//! the same statements, each at the same line and column, so an analysis
//! of one holds for the other once its byte offsets are moved line by line
//! (the language server reuses traces across such edits). A comment inside
//! brackets counts: the text of an expression spanning it, which messages
//! quote, includes it.

use std::hash::{Hash, Hasher};

use tree_sitter::Tree;

/// The fingerprint of `source`'s code, read from `tree`, its syntax tree
/// (the one [`crate::parse_incremental`] or [`crate::parse_reusing`]
/// returned for this very text).
pub fn code_fingerprint(source: &str, tree: &Tree) -> u64 {
    let text = crate::normalized(source);
    let bytes = text.as_bytes();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let kinds = Kinds::of(tree);
    let mut cursor = tree.walk();
    // Bracket depth (Python's implicit line joining) and string nesting.
    let (mut depth, mut strings) = (0u32, 0u32);
    // The end of the previous token: what lies between two tokens is
    // blank space, a line continuation, or text of a string the tokens do
    // not cover (around an escape sequence).
    let mut end = 0usize;
    let gap = |h: &mut std::collections::hash_map::DefaultHasher,
               from: usize,
               to: usize,
               in_string: bool| {
        let between = bytes.get(from..to).unwrap_or_default();
        if in_string || between.iter().any(|b| !b.is_ascii_whitespace()) {
            (0xFFu8, between).hash(h);
        }
    };
    loop {
        let node = cursor.node();
        if node.child_count() == 0 {
            let (start, stop) = (node.start_byte(), node.end_byte());
            gap(&mut h, end, start, strings > 0);
            end = end.max(stop);
            let kind = node.kind_id();
            let outside = depth == 0 && strings == 0;
            if !(outside && kind == kinds.comment) {
                let at = node.start_position();
                (kind, node.is_missing(), at.row, at.column).hash(&mut h);
                bytes.get(start..stop).unwrap_or_default().hash(&mut h);
            }
            if kinds.open.contains(&kind) {
                depth += 1;
            } else if kinds.close.contains(&kind) {
                depth = depth.saturating_sub(1);
            } else if kind == kinds.string_start {
                strings += 1;
            } else if kind == kinds.string_end {
                strings = strings.saturating_sub(1);
            }
        } else if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                gap(&mut h, end, bytes.len(), false);
                return h.finish();
            }
        }
    }
}

/// The node kinds the fingerprint tells apart, as the grammar numbers them
/// (the walk compares numbers, not names).
struct Kinds {
    comment: u16,
    open: [u16; 3],
    close: [u16; 3],
    string_start: u16,
    string_end: u16,
}

impl Kinds {
    fn of(tree: &Tree) -> Kinds {
        let language = tree.language();
        let id = |kind: &str, named: bool| language.id_for_node_kind(kind, named);
        Kinds {
            comment: id("comment", true),
            open: [id("(", false), id("[", false), id("{", false)],
            close: [id(")", false), id("]", false), id("}", false)],
            string_start: id("string_start", true),
            string_end: id("string_end", true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::code_fingerprint;

    fn fingerprint(text: &str) -> u64 {
        let (_, tree) = crate::parse_incremental(text, None);
        code_fingerprint(text, &tree.expect("a tree"))
    }

    const CODE: &str = "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x.sin() + 1\n\nmodel = M()\nexample_args = (torch.randn(2, 3),)\n";

    #[test]
    fn every_kind_told_apart_is_in_the_grammar() {
        let (_, tree) = crate::parse_incremental("x = 1\n", None);
        let k = super::Kinds::of(&tree.expect("a tree"));
        let all = [k.comment, k.string_start, k.string_end]
            .into_iter()
            .chain(k.open)
            .chain(k.close);
        let mut seen = std::collections::HashSet::new();
        for id in all {
            assert!(id != 0 && seen.insert(id), "kind id {id}");
        }
    }

    #[test]
    fn comments_and_blank_space_that_move_no_token_do_not_count() {
        let base = fingerprint(CODE);
        for same in [
            CODE.replace("import torch\n", "import torch  # the library\n"),
            CODE.replace("return x.sin() + 1\n", "return x.sin() + 1 # done\n"),
            CODE.replace("\n\nclass", "\n# a model\nclass"),
            CODE.replace("model = M()\n", "model = M()   \n"),
            format!("{CODE}# edit\n\n\n"),
        ] {
            assert_eq!(fingerprint(&same), base, "{same}");
        }
    }

    #[test]
    fn code_moved_tokens_and_comments_in_brackets_count() {
        let base = fingerprint(CODE);
        for other in [
            CODE.replace("(2, 3)", "(2, 4)"),
            CODE.replace("+ 1", "+  1"),
            CODE.replace("\n\nclass", "\n\n\nclass"),
            CODE.replace("torch.randn(2, 3)", "torch.randn(2,  # rows\n 3)"),
            CODE.replace("return x.sin() + 1", "return x.sin() + \\\n 1"),
            CODE.replace("model = M()\n", "model = M()\n'doc'\n"),
        ] {
            assert_ne!(fingerprint(&other), base, "{other}");
        }
        let with_comment = CODE.replace("(2, 3)", "(2,  # rows\n 3)");
        let other_comment = CODE.replace("(2, 3)", "(2,  # cols\n 3)");
        assert_ne!(fingerprint(&with_comment), fingerprint(&other_comment));
    }

    #[test]
    fn string_text_around_escapes_counts() {
        let a = fingerprint("s = 'a\\nb'\n");
        let b = fingerprint("s = 'c\\nb'\n");
        assert_ne!(a, b);
        let a = fingerprint("s = \"\"\"\\t \n\\t\"\"\"\n");
        let b = fingerprint("s = \"\"\"\\t  \n\\t\"\"\"\n");
        assert_ne!(a, b);
        let f1 = fingerprint("s = f'{x}  # not a comment'\n");
        let f2 = fingerprint("s = f'{x}  # not a remark'\n");
        assert_ne!(f1, f2);
    }
}
