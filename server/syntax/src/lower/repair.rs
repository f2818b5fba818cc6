//! A second chance for valid Python that tree-sitter-python's grammar
//! rejects. When a parse has errors, [`rewrite`] makes a text of the same
//! length that the grammar does accept for the constructs below, and the
//! caller parses that text and lowers its tree against the original source
//! (byte offsets are unchanged, so every range and identifier stays right):
//!
//! - a starred element of a bare tuple whose operand is not a plain name
//!   (`return *[None] * 3, *xs`, `host, *rest = endpoint, *[]`): the
//!   grammar only takes such stars inside brackets. The star becomes a
//!   space and lowering wraps the element that starts after it back into
//!   `Starred` ([`Rewrite::stars`]);
//! - a line inside brackets indented less than the line the brackets
//!   opened on, which the grammar's scanner takes for a dedent: the line
//!   break (and a comment before it) becomes spaces;
//! - `from __future__ import *`, which CPython parses (its compiler
//!   refuses it) and the grammar does not: the module name is disguised
//!   in the rewritten text only.
//!
//! The scan is a small Python tokenizer (strings with their prefixes,
//! nested f-string replacement fields, comments, brackets, line
//! continuations). It only has to be right on text that is otherwise
//! valid: a rewrite whose parse still has errors, or whose stars are not
//! all restored, is dropped by the caller.

/// The rewritten text and where it differs from the source.
pub(super) struct Rewrite {
    pub(super) text: String,
    /// Ascending `(element_start, star)` pairs: the offset of the first
    /// character of each starred element after its blanked star, and the
    /// star's own offset.
    pub(super) stars: Vec<(u32, u32)>,
}

/// The same-length rewrite of `source` described in the module docs, or
/// `None` when no rule applies.
pub(super) fn rewrite(source: &str) -> Option<Rewrite> {
    let mut scan = Scan::new(source);
    scan.run();
    if scan.blank.is_empty() {
        return None;
    }
    let mut bytes = source.as_bytes().to_vec();
    for &(at, byte) in &scan.blank {
        if let Some(slot) = bytes.get_mut(at) {
            *slot = byte;
        }
    }
    // Only ASCII bytes were replaced, at ASCII positions.
    let text = String::from_utf8(bytes).ok()?;
    Some(Rewrite {
        text,
        stars: scan.stars,
    })
}

/// The kind of the last significant token at bracket depth 0, which is all
/// the star rule looks back at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    /// Start of a statement: start of file, line break, `;` or a block `:`.
    StatementStart,
    /// A token after which a bare tuple element can start: `,`, `=`, an
    /// augmented assignment, `return`, `yield`, `in`.
    ElementStart,
    Other,
}

struct Scan<'s> {
    src: &'s [u8],
    pos: usize,
    /// Open brackets, innermost last.
    depth: usize,
    /// Indentation of the line the outermost open bracket opened on.
    bracket_indent: usize,
    prev: Prev,
    /// Inside `lambda` parameters at depth 0 (up to its `:`).
    in_lambda: bool,
    /// The last comment on the current line, when at depth > 0.
    comment: Option<(usize, usize)>,
    /// Bytes to overwrite, with what.
    blank: Vec<(usize, u8)>,
    stars: Vec<(u32, u32)>,
}

impl<'s> Scan<'s> {
    fn new(source: &'s str) -> Self {
        Self {
            src: source.as_bytes(),
            pos: 0,
            depth: 0,
            bracket_indent: 0,
            prev: Prev::StatementStart,
            in_lambda: false,
            comment: None,
            blank: Vec::new(),
            stars: Vec::new(),
        }
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.src.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn run(&mut self) {
        while self.pos < self.src.len() {
            let c = self.peek(0);
            match c {
                b'#' => {
                    let start = self.pos;
                    while self.pos < self.src.len() && self.peek(0) != b'\n' {
                        self.pos += 1;
                    }
                    if self.depth > 0 {
                        self.comment = Some((start, self.pos));
                    }
                }
                b'\n' => self.newline(),
                b'\\' if matches!(self.peek(1), b'\n' | b'\r') => self.pos += 2,
                b' ' | b'\t' | b'\r' | b'\x0c' => self.pos += 1,
                b'(' | b'[' | b'{' => {
                    if self.depth == 0 {
                        self.bracket_indent = self.line_indent(self.pos);
                    }
                    self.depth += 1;
                    self.pos += 1;
                    self.prev = Prev::Other;
                }
                b')' | b']' | b'}' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.pos += 1;
                    self.prev = Prev::Other;
                }
                b'\'' | b'"' => self.string(0),
                b'*' => self.star(),
                c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => self.word(),
                c if c.is_ascii_digit() => {
                    while self.peek(0).is_ascii_alphanumeric()
                        || matches!(self.peek(0), b'.' | b'_')
                    {
                        self.pos += 1;
                    }
                    self.prev = Prev::Other;
                }
                _ => self.operator(),
            }
        }
    }

    /// A line break: a statement boundary at depth 0; inside brackets, one
    /// the grammar would take for a dedent is blanked.
    fn newline(&mut self) {
        let at = self.pos;
        self.pos += 1;
        if self.depth == 0 {
            self.prev = Prev::StatementStart;
            self.in_lambda = false;
            return;
        }
        let comment = self.comment.take();
        let next = self.next_code_line_indent();
        if next.is_some_and(|indent| indent < self.bracket_indent) {
            if let Some((start, end)) = comment {
                self.blank.extend((start..end).map(|i| (i, b' ')));
            }
            self.blank.push((at, b' '));
            if at > 0 && self.src[at - 1] == b'\r' {
                self.blank.push((at - 1, b' '));
            }
        }
    }

    /// Indentation of the line starting at `self.pos` if it has code (not
    /// only blanks or a comment).
    fn next_code_line_indent(&self) -> Option<usize> {
        let rest = &self.src[self.pos..];
        let indent = rest
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        match rest.get(indent) {
            None | Some(b'\n' | b'\r' | b'#') => None,
            Some(_) => Some(indent),
        }
    }

    fn line_indent(&self, at: usize) -> usize {
        let start = self.src[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        self.src[start..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    }

    fn star(&mut self) {
        let at = self.pos;
        if matches!(self.peek(1), b'*' | b'=') {
            self.pos += 2;
            if self.peek(0) == b'=' {
                self.pos += 1;
            }
            self.prev = if self.src[self.pos - 1] == b'=' {
                Prev::ElementStart
            } else {
                Prev::Other
            };
            return;
        }
        self.pos += 1;
        let unary = self.depth == 0 && !self.in_lambda && self.prev != Prev::Other;
        self.prev = Prev::Other;
        if !unary {
            return;
        }
        let mut element = self.pos;
        while matches!(self.src.get(element), Some(b' ' | b'\t')) {
            element += 1;
        }
        if element < self.src.len() && !matches!(self.src[element], b'\n' | b'\r' | b'#' | b',') {
            self.blank.push((at, b' '));
            self.stars.push((
                u32::try_from(element).unwrap_or(u32::MAX),
                u32::try_from(at).unwrap_or(u32::MAX),
            ));
        }
    }

    fn word(&mut self) {
        let start = self.pos;
        while self
            .src
            .get(self.pos)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
        {
            self.pos += 1;
        }
        let word = &self.src[start..self.pos];
        if matches!(self.peek(0), b'\'' | b'"') && is_string_prefix(word) {
            let fstring = word.iter().any(|b| matches!(b, b'f' | b'F' | b't' | b'T'));
            let raw = word.iter().any(|b| matches!(b, b'r' | b'R'));
            self.string_body(fstring, raw, 0);
            self.prev = Prev::Other;
            return;
        }
        if self.depth == 0 {
            match word {
                b"lambda" => self.in_lambda = true,
                b"from" if self.prev == Prev::StatementStart => self.future_star_import(start),
                _ => {}
            }
        }
        self.prev = match word {
            b"return" | b"yield" | b"in" => Prev::ElementStart,
            _ => Prev::Other,
        };
    }

    /// `from __future__ import *`: disguise the module name.
    fn future_star_import(&mut self, from: usize) {
        let line_end = self.src[from..]
            .iter()
            .position(|&b| b == b'\n' || b == b';' || b == b'#')
            .map_or(self.src.len(), |i| from + i);
        let line = &self.src[from..line_end];
        let words: Vec<&[u8]> = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words == [&b"from"[..], b"__future__", b"import", b"*"]
            && let Some(i) = line.windows(10).position(|w| w == b"__future__")
        {
            self.blank.push((from + i + 2, b'F'));
        }
    }

    fn operator(&mut self) {
        let c = self.peek(0);
        self.pos += 1;
        // Multi-byte operators ending in `=` are assignments only when the
        // first byte is not a comparison.
        let next = self.peek(0);
        self.prev = match c {
            b',' => Prev::ElementStart,
            b';' if self.depth == 0 => Prev::StatementStart,
            b':' if self.depth == 0 && next != b'=' => {
                let was_lambda = self.in_lambda;
                self.in_lambda = false;
                if was_lambda {
                    Prev::Other
                } else {
                    Prev::StatementStart
                }
            }
            b'=' if next == b'=' => {
                self.pos += 1;
                Prev::Other
            }
            b'=' => Prev::ElementStart,
            b'<' | b'>' | b'!' if next == b'=' => {
                self.pos += 1;
                Prev::Other
            }
            b'+' | b'-' | b'/' | b'%' | b'@' | b'&' | b'|' | b'^' if next == b'=' => {
                self.pos += 1;
                Prev::ElementStart
            }
            _ => Prev::Other,
        };
    }

    /// A string whose quote is at `self.pos`, with no prefix.
    fn string(&mut self, level: usize) {
        self.string_body(false, false, level);
        self.prev = Prev::Other;
    }

    /// A string literal from its opening quote at `self.pos`. In an
    /// f-string, replacement fields are scanned as code (their own strings
    /// included), up to a nesting `level` that bounds the recursion.
    fn string_body(&mut self, fstring: bool, raw: bool, level: usize) {
        let quote = self.peek(0);
        let triple = self.peek(1) == quote && self.peek(2) == quote;
        self.pos += if triple { 3 } else { 1 };
        while self.pos < self.src.len() {
            let c = self.peek(0);
            if c == b'\\' && (!raw || matches!(self.peek(1), b'\'' | b'"' | b'\\')) {
                self.pos += 2;
                continue;
            }
            if c == b'\\' {
                self.pos += 1;
                continue;
            }
            if c == quote && (!triple || (self.peek(1) == quote && self.peek(2) == quote)) {
                self.pos += if triple { 3 } else { 1 };
                return;
            }
            if c == b'\n' && !triple {
                return;
            }
            if fstring && c == b'{' {
                if self.peek(1) == b'{' {
                    self.pos += 2;
                } else if level < 8 {
                    self.pos += 1;
                    self.replacement_field(level + 1);
                } else {
                    self.pos += 1;
                }
                continue;
            }
            self.pos += 1;
        }
    }

    /// The code of an f-string replacement field, up to its closing `}`.
    fn replacement_field(&mut self, level: usize) {
        let mut braces = 0usize;
        while self.pos < self.src.len() {
            match self.peek(0) {
                b'{' | b'(' | b'[' => {
                    braces += 1;
                    self.pos += 1;
                }
                b'}' if braces == 0 => {
                    self.pos += 1;
                    return;
                }
                b'}' | b')' | b']' => {
                    braces = braces.saturating_sub(1);
                    self.pos += 1;
                }
                b'\'' | b'"' => self.string_body(false, false, level),
                c if c.is_ascii_alphabetic() => {
                    let start = self.pos;
                    while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'_' {
                        self.pos += 1;
                    }
                    let word = &self.src[start..self.pos];
                    if matches!(self.peek(0), b'\'' | b'"') && is_string_prefix(word) {
                        let fstring = word.iter().any(|b| matches!(b, b'f' | b'F'));
                        let raw = word.iter().any(|b| matches!(b, b'r' | b'R'));
                        self.string_body(fstring, raw, level);
                    }
                }
                _ => self.pos += 1,
            }
        }
    }
}

fn is_string_prefix(word: &[u8]) -> bool {
    word.len() <= 3
        && word
            .iter()
            .all(|b| matches!(b.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f' | b't'))
}
