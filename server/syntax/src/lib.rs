//! Python front end: tree-sitter parse lowered to an owned AST with byte
//! ranges, plus the line index used to turn byte offsets into positions.
//!
//! Parsing never fails: the result always holds a [`ast::Module`]; what
//! tree-sitter could not parse is an `Error` node plus a [`SyntaxError`].

pub mod ast;
mod deferred;
mod fingerprint;
pub mod line_index;
mod lower;
mod outline;
mod reuse;
pub mod shape_notation;
pub mod suppression;
mod tabs;

use std::borrow::Cow;

pub use ast::TextRange;
pub use deferred::DefBody;
pub use fingerprint::code_fingerprint;
pub use line_index::{LineCol, LineIndex};
pub use outline::{
    AllPart, ImportedName, ModuleOutline, ModuleRef, literal_star_exports, module_outline,
    rebinds_submodule, top_level_names,
};
pub use reuse::StmtCache;

/// A located syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub range: TextRange,
    pub message: String,
}

/// The result of parsing one file.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub module: ast::Module,
    pub errors: Vec<SyntaxError>,
}

/// The largest source parsed, in bytes and in lines: beyond either, a
/// parse gives an empty module and one error saying so (parsing 10 MB
/// takes seconds and a syntax tree of about 1 KB per line; the largest
/// Python file of torch's, transformers' and CPython's sources is 1.3 MB
/// and 30,000 lines).
pub const MAX_SOURCE_BYTES: usize = 8 << 20;
pub const MAX_SOURCE_LINES: usize = 250_000;

/// The error for a source too large to parse, if it is.
fn too_large(source: &str) -> Option<Parsed> {
    let bytes = source.len();
    let lines = if bytes > MAX_SOURCE_BYTES {
        0
    } else {
        line_ends(source)
    };
    if bytes <= MAX_SOURCE_BYTES && lines <= MAX_SOURCE_LINES {
        return None;
    }
    let what = if bytes > MAX_SOURCE_BYTES {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{lines} lines")
    };
    Some(Parsed {
        module: ast::Module::default(),
        errors: vec![SyntaxError {
            range: TextRange::new(0, 0),
            message: format!(
                "file too large to analyse ({what}; the limit is {} MiB and {MAX_SOURCE_LINES} lines)",
                MAX_SOURCE_BYTES >> 20
            ),
        }],
    })
}

/// The number of line ends in `source`: `\n`, `\r\n` and a lone `\r`,
/// as CPython counts them.
fn line_ends(source: &str) -> usize {
    let bytes = source.as_bytes();
    let lone_cr = |i: usize| bytes.get(i + 1) != Some(&b'\n');
    bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && lone_cr(i)))
        .count()
}

/// `source` as the parser reads it. CPython ends a line at a lone `\r`
/// (old Mac line endings) as at `\n` and `\r\n`; tree-sitter-python only
/// at `\n`. Each lone `\r` becomes a `\n`, one byte for one, so every
/// offset into the result is the same offset into `source` (and string
/// literals read `\n` there, as in CPython).
pub(crate) fn normalized(source: &str) -> Cow<'_, str> {
    let bytes = source.as_bytes();
    let is_lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !bytes.contains(&b'\r') || !(0..bytes.len()).any(is_lone_cr) {
        return Cow::Borrowed(source);
    }
    let text: String = source
        .char_indices()
        .map(|(i, c)| if is_lone_cr(i) { '\n' } else { c })
        .collect();
    Cow::Owned(text)
}

/// `parsed` with the errors that come from the text's indentation rather
/// than from the syntax tree (CPython's `TabError`).
fn with_indentation_errors(source: &str, mut parsed: Parsed) -> Parsed {
    if let Some(error) = tabs::tab_error(source) {
        let at = parsed.errors.partition_point(|e| e.range <= error.range);
        parsed.errors.insert(at, error);
    }
    // An unexpected indent that follows a mistake on an earlier line (a
    // header without its `:`) is that mistake's consequence: CPython stops
    // at the first.
    let line_start = |offset: u32| source[..(offset as usize).min(source.len())].rfind('\n');
    if let Some(error) = tabs::unexpected_indent(source)
        && !parsed
            .errors
            .iter()
            .any(|e| line_start(e.range.start) < line_start(error.range.start))
    {
        let at = parsed.errors.partition_point(|e| e.range <= error.range);
        parsed.errors.insert(at, error);
    }
    parsed
}

/// Parse Python source. Never panics; deep nesting is bounded and reported,
/// and so is a source larger than [`MAX_SOURCE_BYTES`] or
/// [`MAX_SOURCE_LINES`]. Chains of binary operators (`a + b + ...`) have
/// no limit, and every line ending CPython accepts is a line ending.
pub fn parse(source: &str) -> Parsed {
    too_large(source).unwrap_or_else(|| {
        let source = normalized(source);
        with_indentation_errors(&source, lower::parse(&source))
    })
}

/// [`parse`] for library code: function bodies that start on a line of
/// their own are lowered the first time [`ast::FunctionDef::body`] is
/// read, and tree-sitter skips them until then. Syntax errors inside such
/// a body are not reported (a `TabError`, read from the text, is). See the
/// `deferred` module.
pub fn parse_deferring(source: &str) -> Parsed {
    too_large(source).unwrap_or_else(|| {
        let source = normalized(source);
        with_indentation_errors(&source, lower::parse_deferring(&source))
    })
}

/// The ranges of `source`'s comments, in document order (a `#` inside a
/// string literal is not one). Parses the text again: for callers that
/// read comments rarely (suppression comments), not on every analysis.
pub fn comments(source: &str) -> Vec<TextRange> {
    if too_large(source).is_some() {
        return Vec::new();
    }
    lower::comments(&normalized(source))
}

/// The tree-sitter types an editor needs for incremental parsing.
pub use tree_sitter::{InputEdit, Point, Tree};

/// Parse Python source incrementally: `old` is the tree of the previous
/// text with every edit since applied to it (`Tree::edit`), so tree-sitter
/// re-parses only what changed. Returns the result and the new tree (to
/// keep for the next edit; `None` only if the parser is unavailable).
/// Giving a tree that does not match the edits gives a wrong parse: when
/// in doubt pass `None`.
pub fn parse_incremental(source: &str, old: Option<&Tree>) -> (Parsed, Option<Tree>) {
    parse_edited(source, old, None)
}

/// [`parse_incremental`] that also reuses the lowered top-level statements
/// of earlier parses of the same document: `cache` gives back the
/// statements whose source text has not changed (with their ranges moved
/// to where they now are) and is refilled with this parse's statements.
/// The result is the same as [`parse`]'s.
pub fn parse_reusing(
    source: &str,
    old: Option<&Tree>,
    cache: &mut StmtCache,
) -> (Parsed, Option<Tree>) {
    parse_edited(source, old, Some(cache))
}

fn parse_edited(
    source: &str,
    old: Option<&Tree>,
    cache: Option<&mut StmtCache>,
) -> (Parsed, Option<Tree>) {
    if let Some(parsed) = too_large(source) {
        return (parsed, None);
    }
    let text = normalized(source);
    // Where a lone `\r` is, an edit next to it can turn it into half of a
    // `\r\n`: the text tree-sitter saw changes outside the edit.
    let old = old.filter(|_| matches!(text, Cow::Borrowed(_)));
    let (parsed, tree) = lower::parse_incremental(&text, old, cache);
    (with_indentation_errors(&text, parsed), tree)
}
