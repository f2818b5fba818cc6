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
    } else if let Some(missing) =
        missing_colon(error, src).or_else(|| header_without_colon(error, src))
    {
        if scan.invalid_chars.is_empty() {
            out.push(missing);
        }
    } else if let Some(indent) = unexpected_indent(error, src) {
        if scan.invalid_chars.is_empty() {
            out.push(indent);
        }
    } else if scan.invalid_chars.is_empty() {
        out.push(located(error, "invalid syntax".to_owned()));
    }
}

/// An error region that starts a line indented deeper than the line of
/// code above it, which neither opens a block (`:`) nor continues
/// (an open bracket, a backslash): CPython's "unexpected indent", at the
/// start of the line.
fn unexpected_indent(error: Node, src: &str) -> Option<SyntaxError> {
    let start = error.start_byte().min(src.len());
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    if !src[line_start..start]
        .chars()
        .all(|c| c == ' ' || c == '\t')
        || line_start == 0
    {
        return None;
    }
    let indent = start - line_start;
    let previous = src[..line_start - 1]
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?;
    let code = previous.split('#').next().unwrap_or("").trim_end();
    let previous_indent = previous.len() - previous.trim_start().len();
    let depth: i32 = src[..line_start]
        .chars()
        .map(|c| match c {
            '(' | '[' | '{' => 1,
            ')' | ']' | '}' => -1,
            _ => 0,
        })
        .sum();
    if indent <= previous_indent || code.ends_with(':') || code.ends_with('\\') || depth > 0 {
        return None;
    }
    let at = line_start as u32;
    Some(SyntaxError {
        range: crate::ast::TextRange::new(at, start as u32),
        message: "unexpected indent".to_owned(),
    })
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

/// A compound statement's header without its colon anywhere in the error
/// region (tree-sitter may start the region lines above it): the first
/// line that opens with a compound keyword, has balanced brackets, does not
/// end with `:` and is followed by a more indented line. The `:` is
/// expected at the end of its code.
fn header_without_colon(error: Node, src: &str) -> Option<SyntaxError> {
    // From the last line of code before the region: the header may end
    // just above it (comments between header and body).
    let mut start = src[..error.start_byte()].rfind('\n').map_or(0, |i| i + 1);
    while start > 0 {
        let previous = src[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        let text = src[previous..start].trim();
        start = previous;
        if !text.is_empty() && !text.starts_with('#') {
            break;
        }
    }
    let end = error.end_byte().min(src.len());
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut offset = start;
    let mut lines = src[start..].split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        let line_start = offset;
        offset += line.len();
        if line_start >= end {
            return None;
        }
        let code = line.split('#').next().unwrap_or("").trim_end();
        let first_word = code
            .trim_start()
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        if !COMPOUND_KEYWORDS.contains(&first_word) || code.ends_with(':') {
            continue;
        }
        let depth: i32 = code
            .chars()
            .map(|c| match c {
                '(' | '[' | '{' => 1,
                ')' | ']' | '}' => -1,
                _ => 0,
            })
            .sum();
        if depth != 0 || code.contains(['"', '\'']) {
            continue;
        }
        let next = lines
            .clone()
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        if next.is_some_and(|n| indent(n) > indent(code)) {
            let at = (line_start + code.len()) as u32;
            return Some(SyntaxError {
                range: crate::ast::TextRange::new(at, at),
                message: "expected `:`".to_owned(),
            });
        }
    }
    None
}

/// Brackets as CPython's tokenizer checks them over the whole text: a
/// closing bracket that matches no opener (`unmatched ')'`) or another
/// kind (`closing parenthesis ']' does not match ...`), or, at the end of
/// the file, the innermost bracket still open (`'(' was never closed`).
/// Strings and comments are skipped. tree-sitter's recovery often places
/// these mistakes lines away from the bracket.
pub(super) fn bracket_error(src: &str) -> Option<SyntaxError> {
    let bytes = src.as_bytes();
    let mut open: Vec<(usize, u8)> = Vec::new();
    let mut i = 0;
    let at = |i: usize, message: String| SyntaxError {
        range: crate::ast::TextRange::new(i as u32, i as u32 + 1),
        message,
    };
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            q @ (b'\'' | b'"') => {
                let triple = bytes.get(i..i + 3) == Some(&[q, q, q][..]);
                let quote_len = if triple { 3 } else { 1 };
                i += quote_len;
                loop {
                    match bytes.get(i) {
                        None => return None,
                        Some(b'\\') => i += 2,
                        Some(b'\n') if !triple => return None,
                        Some(&c)
                            if c == q
                                && (!triple || bytes.get(i..i + 3) == Some(&[q, q, q][..])) =>
                        {
                            i += quote_len;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                continue;
            }
            c @ (b'(' | b'[' | b'{') => open.push((i, c)),
            c @ (b')' | b']' | b'}') => match open.pop() {
                None => return Some(at(i, format!("unmatched `{}`", c as char))),
                Some((_, o)) if !closes(&(o as char).to_string(), &(c as char).to_string()) => {
                    return Some(at(
                        i,
                        format!(
                            "closing `{}` does not match opening `{}`",
                            c as char, o as char
                        ),
                    ));
                }
                Some(_) => {}
            },
            _ => {}
        }
        i += 1;
    }
    open.last()
        .map(|&(i, o)| at(i, format!("`{}` was never closed", o as char)))
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
