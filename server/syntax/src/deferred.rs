//! Function bodies parsed on first use, for library code.
//!
//! An installed library is mostly function bodies that a given model never
//! calls (torchvision's `transforms/functional.py` is imported for one
//! enum), and tree-sitter's cost is per byte. [`parse_deferring`] finds,
//! from the text alone, every `def` whose body starts on a line of its
//! own, and lets tree-sitter skip those bodies: it parses a copy of the
//! source in which each body's first line reads `0` and the rest of the
//! body is left out of the parser's included ranges, so every byte offset
//! stays that of the original text. The [`FunctionDef`]s it yields hold a
//! [`DefBody`] that lowers the real body (a parse of just that `def`) the
//! first time it is asked for.
//!
//! The result is the eager parse's: same statements, ranges, names and
//! generator flags once the bodies are lowered (the tests check this over
//! real library files). What differs: syntax errors inside a deferred body
//! are not reported, and a text the line scanner cannot follow, or whose
//! skeleton does not parse cleanly, is parsed eagerly instead.
//!
//! [`FunctionDef`]: crate::ast::FunctionDef

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::ast::Stmt;
use crate::outline::{is_string_prefix, operator, string};

/// A function's body, lowered at parse time or on first use.
#[derive(Clone)]
pub struct DefBody(Body);

#[derive(Clone)]
enum Body {
    Lowered(Arc<Lowered>),
    Deferred(Arc<Deferred>),
}

/// A lowered body: its statements and whether it contains `yield` (not
/// counting nested functions).
#[derive(Clone)]
pub(crate) struct Lowered {
    pub stmts: Vec<Stmt>,
    pub is_generator: bool,
}

/// What lowering a deferred body needs: the whole original text and the
/// span of its `def` (from the `def` or `async` keyword to the end of the
/// body's last line).
struct Deferred {
    source: Arc<str>,
    def_start: u32,
    end: u32,
    lowered: OnceLock<Lowered>,
}

impl DefBody {
    pub(crate) fn lowered(stmts: Vec<Stmt>, is_generator: bool) -> Self {
        Self(Body::Lowered(Arc::new(Lowered {
            stmts,
            is_generator,
        })))
    }

    fn deferred(source: Arc<str>, def_start: u32, end: u32) -> Self {
        Self(Body::Deferred(Arc::new(Deferred {
            source,
            def_start,
            end,
            lowered: OnceLock::new(),
        })))
    }

    fn get(&self) -> &Lowered {
        match &self.0 {
            Body::Lowered(l) => l,
            Body::Deferred(d) => d.lowered.get_or_init(|| {
                let (stmts, is_generator) =
                    crate::lower::lower_def_body(&d.source, d.def_start, d.end);
                Lowered {
                    stmts,
                    is_generator,
                }
            }),
        }
    }

    /// The statements of the body.
    pub fn stmts(&self) -> &[Stmt] {
        &self.get().stmts
    }

    /// Whether the body (not a nested function's) contains `yield`.
    pub fn is_generator(&self) -> bool {
        self.get().is_generator
    }

    /// The statements and the generator flag, taken out (cloned only if
    /// another `FunctionDef` shares this body).
    pub(crate) fn into_parts(self) -> (Vec<Stmt>, bool) {
        match self.0 {
            Body::Lowered(l) => {
                let l = Arc::try_unwrap(l).unwrap_or_else(|shared| (*shared).clone());
                (l.stmts, l.is_generator)
            }
            Body::Deferred(_) => {
                let is_generator = self.is_generator();
                (self.stmts().to_vec(), is_generator)
            }
        }
    }

    /// The statements to edit in place, when lowered at parse time (a
    /// deferred body's ranges are the original text's already).
    pub(crate) fn lowered_stmts_mut(&mut self) -> Option<&mut Vec<Stmt>> {
        match &mut self.0 {
            Body::Lowered(l) => Some(&mut Arc::make_mut(l).stmts),
            Body::Deferred(_) => None,
        }
    }

    /// Whether the body is still waiting to be lowered.
    pub fn is_pending(&self) -> bool {
        matches!(&self.0, Body::Deferred(d) if d.lowered.get().is_none())
    }
}

impl fmt::Debug for DefBody {
    /// The body's statements (lowering a deferred body), so that the
    /// Debug form of a parse does not depend on what was deferred.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DefBody")
            .field("stmts", &self.stmts())
            .field("is_generator", &self.is_generator())
            .finish()
    }
}

/// One deferred body, located in the original text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    /// The `def` (or `async`) keyword of its function.
    pub def_start: usize,
    /// The first token of the body's first statement: where the skeleton
    /// puts its `0`, and where tree-sitter's `block` node starts.
    pub stub: usize,
    /// The end of the body's first physical line (its `\n`, or the end of
    /// the text).
    pub stub_line_end: usize,
    /// The end of the body's last line (its tokens and its comment).
    pub body_end: usize,
    /// The comment-only lines between the body and the next statement:
    /// (indentation, end).
    pub trailing_comments: Vec<(usize, usize)>,
    /// The indentation of every block that encloses the body, outermost
    /// first, the body's own last.
    pub block_indents: Vec<usize>,
    /// Where the next statement's line starts (or the end of the text):
    /// the skeleton's included ranges resume here.
    pub resume: usize,
}

impl Region {
    /// Where tree-sitter ends the block of indentation `indent` that
    /// closes with this body: after the body and the comment lines that
    /// follow it, up to the first one indented less than the block.
    fn end_of_block(&self, indent: usize) -> usize {
        self.trailing_comments
            .iter()
            .take_while(|(i, _)| *i >= indent)
            .last()
            .map_or(self.body_end, |(_, end)| *end)
    }
}

/// Moves the ends of the skeleton's statements that end at a deferred
/// body's stub (the `0`) to where the eager parse ends them: the function
/// itself and every statement it closes, each after the trailing comments
/// indented as deep as its last block.
pub(crate) fn restore_ends(body: &mut [Stmt], regions: &[Region], source: &str) {
    let fix = &mut |range: &mut crate::ast::TextRange| {
        let end = range.end as usize;
        let Ok(i) = regions.binary_search_by_key(&end, |r| r.stub + 1) else {
            return;
        };
        let region = &regions[i];
        let start = range.start as usize;
        let column = start - source[..start].rfind('\n').map_or(0, |n| n + 1);
        // The node's last block is the first enclosing block indented
        // deeper than the node's first line.
        let indent = region
            .block_indents
            .iter()
            .copied()
            .find(|&i| i > column)
            .unwrap_or(usize::MAX);
        range.end = to_u32(region.end_of_block(indent));
    };
    for stmt in body {
        crate::reuse::for_each_range_mut(stmt, fix);
    }
}

impl Region {
    /// The deferred body for this region of `source`.
    pub(crate) fn body(&self, source: &Arc<str>) -> DefBody {
        DefBody::deferred(source.clone(), to_u32(self.def_start), to_u32(self.resume))
    }
}

fn to_u32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

/// One logical line: where its physical line starts, its indentation, its
/// first token, the end of its last token, and what the lowering needs to
/// know of its tokens.
#[derive(Debug)]
pub(crate) struct LogicalLine {
    pub line_start: usize,
    pub indent: usize,
    pub first: usize,
    last_token_end: usize,
    starts_def: bool,
    pub ends_with_colon: bool,
}

/// The bodies to defer in `source`, in text order, outermost only (a def
/// inside a deferred body is lowered with it). `None` when the text does
/// not tokenize as the scanner understands it.
pub(crate) fn regions(source: &str) -> Option<Vec<Region>> {
    let (lines, comments) = logical_lines(source)?;
    let mut regions = Vec::new();
    // The indentation of the open blocks, as Python's tokenizer keeps it.
    let mut open: Vec<usize> = vec![0];
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        while open.len() > 1 && open.last().is_some_and(|&top| line.indent < top) {
            open.pop();
        }
        if open.last().is_some_and(|&top| line.indent > top) {
            open.push(line.indent);
        }
        if !(line.starts_def && line.ends_with_colon) {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < lines.len() && lines[j].indent > line.indent {
            j += 1;
        }
        if j == i + 1 {
            // No body on lines of its own: leave it to the parser.
            i += 1;
            continue;
        }
        let first = &lines[i + 1];
        let stub_line_end = source[first.first..]
            .find('\n')
            .map_or(source.len(), |n| first.first + n);
        let resume = lines.get(j).map_or(source.len(), |l| l.line_start);
        let body_end = lines[j - 1].last_token_end;
        let from = comments.partition_point(|c| c.start < body_end);
        let trailing_comments = comments[from..]
            .iter()
            .take_while(|c| c.start < resume)
            .map(|c| (c.indent, c.end))
            .collect();
        let mut block_indents = open.clone();
        block_indents.push(first.indent);
        regions.push(Region {
            def_start: line.first,
            stub: first.first,
            stub_line_end,
            body_end,
            trailing_comments,
            block_indents,
            resume,
        });
        i = j;
    }
    Some(regions)
}

/// A comment-only line: its indentation and the span of the comment.
#[derive(Debug)]
pub(crate) struct CommentLine {
    indent: usize,
    start: usize,
    end: usize,
}

/// The logical lines of `source`, and apart from them its comment-only
/// lines (blank lines skipped).
pub(crate) fn logical_lines(src: &str) -> Option<(Vec<LogicalLine>, Vec<CommentLine>)> {
    let b = src.as_bytes();
    let mut lines = Vec::new();
    let mut comments = Vec::new();
    let mut depth = 0usize;
    let mut at_line_start = true;
    let mut current: Option<LogicalLine> = None;
    // The first two tokens of the current line, enough to see `def` and
    // `async def`; the last one, to see a closing `:`.
    let mut tokens = 0usize;
    let mut first_word: &str = "";
    let mut last_was_colon = false;
    let mut i = 0;
    while i < b.len() {
        if at_line_start && depth == 0 {
            let line_start = i;
            let mut indent = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b' ' => indent += 1,
                    b'\t' => indent = (indent / 8 + 1) * 8,
                    b'\x0c' => indent = 0,
                    _ => break,
                }
                j += 1;
            }
            if j >= b.len() {
                break;
            }
            if matches!(b[j], b'\n' | b'\r' | b'#') {
                let start = j;
                while j < b.len() && b[j] != b'\n' {
                    j += 1;
                }
                if b[start] == b'#' {
                    comments.push(CommentLine {
                        indent,
                        start,
                        end: j,
                    });
                }
                i = j + 1;
                continue;
            }
            current = Some(LogicalLine {
                line_start,
                indent,
                first: j,
                last_token_end: j,
                starts_def: false,
                ends_with_colon: false,
            });
            tokens = 0;
            first_word = "";
            last_was_colon = false;
            at_line_start = false;
            i = j;
            continue;
        }
        let c = b[i];
        let mut word = None;
        match c {
            b' ' | b'\t' | b'\x0c' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                // tree-sitter ends a block after its last line's comment.
                if let Some(line) = current.as_mut() {
                    line.last_token_end = i;
                }
                continue;
            }
            b'\\' => {
                match b.get(i + 1) {
                    Some(b'\n') => i += 2,
                    Some(b'\r') if b.get(i + 2) == Some(&b'\n') => i += 3,
                    _ => return None,
                }
                continue;
            }
            b'\n' => {
                i += 1;
                if depth == 0 {
                    if let Some(mut line) = current.take() {
                        line.ends_with_colon = last_was_colon;
                        lines.push(line);
                    }
                    at_line_start = true;
                }
                continue;
            }
            b'\'' | b'"' => i = string(src, i, "")?.0,
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let mut j = i;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] >= 0x80)
                {
                    j += 1;
                }
                let text = src.get(i..j)?;
                if j < b.len() && (b[j] == b'\'' || b[j] == b'"') && is_string_prefix(text) {
                    i = string(src, j, text)?.0;
                } else {
                    word = Some(text);
                    i = j;
                }
            }
            c if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_')
                {
                    i += 1;
                }
            }
            _ => {
                let op = operator(src.get(i..)?);
                match op {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.checked_sub(1)?,
                    _ => {}
                }
                i += op.len();
                last_was_colon = op == ":" && depth == 0;
                if let Some(line) = current.as_mut() {
                    line.last_token_end = i;
                }
                tokens += 1;
                continue;
            }
        }
        last_was_colon = false;
        if let Some(line) = current.as_mut() {
            line.last_token_end = i;
            match (tokens, word) {
                (0, Some(w)) => {
                    first_word = w;
                    line.starts_def = w == "def";
                }
                (1, Some("def")) if first_word == "async" => line.starts_def = true,
                _ => {}
            }
        }
        tokens += 1;
    }
    if depth != 0 {
        return None;
    }
    if let Some(mut line) = current.take() {
        line.ends_with_colon = last_was_colon;
        lines.push(line);
    }
    Some((lines, comments))
}

/// The skeleton of `source` for `regions`: the same bytes except that each
/// body's first line reads `0` (then spaces), and the byte ranges the
/// parser reads (each body after its first line left out).
pub(crate) fn skeleton(source: &str, regions: &[Region]) -> (String, Vec<(usize, usize)>) {
    let mut text = source.as_bytes().to_vec();
    let mut ranges = Vec::with_capacity(regions.len() + 1);
    let mut resume = 0;
    for r in regions {
        text[r.stub] = b'0';
        for byte in &mut text[r.stub + 1..r.stub_line_end] {
            *byte = b' ';
        }
        let included_end = (r.stub_line_end + 1).min(source.len());
        ranges.push((resume, included_end));
        resume = r.resume;
    }
    if resume < source.len() {
        ranges.push((resume, source.len()));
    }
    // Every byte from the stub to the line's end was overwritten with
    // ASCII, so no character is left cut: the text is still UTF-8.
    let text = String::from_utf8(text)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (text, ranges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_outermost_bodies_on_their_own_lines() {
        let src = "import x\n\n@dec\ndef f(a,\n      b=1):\n    # c\n    '''doc\nstring'''\n    def g():\n        return 1\n    return g\n\nclass A:\n    def m(self): return 1\n    async def n(self) -> int:\n        yield 1\n\n    x = 2\ny = f\n";
        let regions = regions(src).unwrap();
        assert_eq!(regions.len(), 2);
        let f = &regions[0];
        assert_eq!(&src[f.def_start..f.def_start + 5], "def f");
        assert_eq!(&src[f.stub..f.stub + 6], "'''doc");
        assert_eq!(f.stub_line_end, src[f.stub..].find('\n').unwrap() + f.stub);
        assert_eq!(&src[f.body_end - 8..f.body_end], "return g");
        assert_eq!(&src[f.resume..f.resume + 5], "class");
        let n = &regions[1];
        assert_eq!(&src[n.def_start..n.def_start + 9], "async def");
        assert_eq!(&src[n.stub..n.stub + 7], "yield 1");
        assert_eq!(&src[n.resume..n.resume + 9], "    x = 2");
    }

    #[test]
    fn a_text_the_scanner_cannot_follow_defers_nothing() {
        assert_eq!(regions("def f():\n    x = (1,\n"), None);
        assert_eq!(regions("def f():\n    s = 'open\n"), None);
    }

    #[test]
    fn the_skeleton_keeps_offsets_and_replaces_first_lines() {
        let src = "def f():\n    x = 1\n    return x\nz = 2\n";
        let regions = regions(src).unwrap();
        let (text, ranges) = skeleton(src, &regions);
        assert_eq!(text.len(), src.len());
        assert_eq!(&text[..18], "def f():\n    0    ");
        assert_eq!(ranges, vec![(0, 19), (32, src.len())]);
    }
}
