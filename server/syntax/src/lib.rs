//! Python front end: tree-sitter parse lowered to an owned AST with byte
//! ranges, plus the line index used to turn byte offsets into positions.
//!
//! Parsing never fails: the result always holds a [`ast::Module`]; what
//! tree-sitter could not parse is an `Error` node plus a [`SyntaxError`].

pub mod ast;
mod deferred;
pub mod line_index;
mod lower;
mod outline;
mod reuse;

pub use ast::TextRange;
pub use deferred::DefBody;
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

/// Parse Python source. Never panics; deep nesting is bounded and reported.
pub fn parse(source: &str) -> Parsed {
    lower::parse(source)
}

/// [`parse`] for library code: function bodies that start on a line of
/// their own are lowered the first time [`ast::FunctionDef::body`] is
/// read, and tree-sitter skips them until then. Syntax errors inside such
/// a body are not reported. See the `deferred` module.
pub fn parse_deferring(source: &str) -> Parsed {
    lower::parse_deferring(source)
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
    lower::parse_incremental(source, old, None)
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
    lower::parse_incremental(source, old, Some(cache))
}
