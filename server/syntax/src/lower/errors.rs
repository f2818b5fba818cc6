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
    } else if let Some(missing) = missing_colon(error, src) {
        if scan.invalid_chars.is_empty() {
            out.push(missing);
        }
    } else if scan.invalid_chars.is_empty() {
        out.push(located(error, "invalid syntax".to_owned()));
    }
}

/// The keywords that open a compound statement, whose header ends in `:`.
const COMPOUND_KEYWORDS: &[&str] = &[
    "class", "def", "async", "if", "elif", "else", "for", "while", "with", "try", "except",
    "finally", "match", "case",
];

/// A compound statement's header without its colon (`class A(nn.Module)`
/// then an indented body): tree-sitter gives an `ERROR` from the header to
/// the body's first tokens rather than a missing `:`. When the error
/// starts on a line that opens with a compound keyword, goes on below it,
/// and that line's tokens in the error are bracket-balanced and do not end
/// with `:`, the `:` is expected right after the line's last token.
fn missing_colon(error: Node, src: &str) -> Option<SyntaxError> {
    let row = error.start_position().row;
    if error.end_position().row == row {
        return None;
    }
    let line_start = src[..error.start_byte()].rfind('\n').map_or(0, |i| i + 1);
    let first_word = src[line_start..]
        .trim_start()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()?;
    if !COMPOUND_KEYWORDS.contains(&first_word) {
        return None;
    }
    let mut depth = 0i32;
    let mut last = None;
    for leaf in leaves_on_row(error, row) {
        match leaf.kind() {
            "comment" => continue,
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
        last = Some(leaf);
    }
    let last = last.filter(|l| depth == 0 && l.kind() != ":" && !l.is_missing())?;
    let at = last.end_byte() as u32;
    Some(SyntaxError {
        range: crate::ast::TextRange::new(at, at),
        message: "expected `:`".to_owned(),
    })
}

/// The leaves (tokens) under `node` that start on `row`, in document
/// order. Iterative, and skips subtrees that do not reach the row.
fn leaves_on_row(node: Node, row: usize) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    loop {
        let n = cursor.node();
        let reaches = n.start_position().row <= row && n.end_position().row >= row;
        if reaches && n.child_count() == 0 {
            if n.start_position().row == row {
                out.push(n);
            }
        } else if reaches && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.node() == node {
                return out;
            }
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
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
