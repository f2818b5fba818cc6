//! Syntax errors from tree-sitter's `ERROR` and `MISSING` nodes, each with
//! the most specific message the tree supports: a missing token, an
//! unclosed or unmatched bracket, an invalid character, or invalid syntax.
//!
//! Every outermost `ERROR` node and every `MISSING` node outside them gives
//! an error; `ERROR`s nested in another are part of the same mistake, except
//! for rejected characters, which are each reported.

use tree_sitter::Node;

use super::range;
use crate::SyntaxError;

/// Appends the errors of the tree under `root`, in document order. The walk
/// is iterative and only enters subtrees that contain an error.
pub(super) fn collect(root: Node, src: &str, out: &mut Vec<SyntaxError>) {
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        let descend = if node.is_error() {
            describe_error(node, src, out);
            false
        } else if node.is_missing() {
            out.push(describe_missing(node));
            false
        } else {
            node.has_error()
        };
        if descend && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

fn describe_missing(node: Node) -> SyntaxError {
    let kind = node.kind();
    let message = if node.is_named() || kind.starts_with('_') {
        format!(
            "expected {}",
            kind.trim_start_matches('_').replace('_', " ")
        )
    } else {
        format!("expected `{kind}`")
    };
    located(node, message)
}

/// Every character the lexer rejected is an error of its own; otherwise a
/// bracket problem explains the region best; failing both, the whole region
/// is invalid syntax.
fn describe_error(error: Node, src: &str, out: &mut Vec<SyntaxError>) {
    let scan = Scan::of(error);
    for invalid in &scan.invalid_chars {
        let text = src.get(invalid.byte_range()).unwrap_or_default();
        out.push(located(*invalid, format!("invalid character {text:?}")));
    }
    if let Some(closer) = scan.unmatched {
        out.push(located(closer, format!("unmatched `{}`", closer.kind())));
    } else if let Some(&opener) = scan.open.last() {
        out.push(located(
            opener,
            format!("`{}` was never closed", opener.kind()),
        ));
    } else if scan.invalid_chars.is_empty() {
        out.push(located(error, "invalid syntax".to_owned()));
    }
}

fn located(node: Node, message: String) -> SyntaxError {
    SyntaxError {
        range: range(node),
        message,
    }
}

/// What the loose tokens of an `ERROR` region say about the mistake.
#[derive(Default)]
struct Scan<'t> {
    /// Opening brackets not yet closed, innermost last.
    open: Vec<Node<'t>>,
    /// The first closing bracket without an opening one.
    unmatched: Option<Node<'t>>,
    /// The characters the lexer did not recognise.
    invalid_chars: Vec<Node<'t>>,
}

impl<'t> Scan<'t> {
    /// Walks the tokens under `error` that are not part of a complete node
    /// (complete nodes have balanced brackets by construction).
    fn of(error: Node<'t>) -> Self {
        let mut scan = Self::default();
        let mut cursor = error.walk();
        loop {
            let node = cursor.node();
            let complete = node.is_named() && !node.has_error();
            if !complete && cursor.goto_first_child() {
                continue;
            }
            scan.visit(node);
            loop {
                if cursor.goto_next_sibling() {
                    break;
                }
                if !cursor.goto_parent() {
                    return scan;
                }
            }
        }
    }

    fn visit(&mut self, node: Node<'t>) {
        if node.is_missing() {
            return;
        }
        if node.is_error() && node.child_count() == 0 {
            self.invalid_chars.push(node);
            return;
        }
        if node.is_named() || self.unmatched.is_some() {
            return;
        }
        match node.kind() {
            "(" | "[" | "{" => self.open.push(node),
            ")" | "]" | "}" => match self.open.last() {
                Some(opener) if closes(opener.kind(), node.kind()) => {
                    self.open.pop();
                }
                _ => self.unmatched = Some(node),
            },
            _ => {}
        }
    }
}

fn closes(opener: &str, closer: &str) -> bool {
    matches!((opener, closer), ("(", ")") | ("[", "]") | ("{", "}"))
}
