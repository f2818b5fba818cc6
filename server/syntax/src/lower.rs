//! Lowering of the tree-sitter Python syntax tree to the owned [`ast`]:
//! owns the parser set-up, the nesting limit and the traversal helpers that
//! the statement, expression and literal lowering share.
//!
//! [`ast`]: crate::ast

mod errors;
mod expr;
mod field;
mod literal;
mod stmt;

use std::cell::RefCell;

use tree_sitter::{Node, Parser, Tree, TreeCursor};

use self::field::Field;
use crate::ast::{Expr, ExprKind, Module, TextRange};
use crate::reuse::StmtCache;
use crate::{Parsed, SyntaxError};

/// Deepest nesting of statements and expressions that is lowered; anything
/// deeper becomes an `Error` node. The limit bounds the recursion of this
/// lowering, of dropping the AST and of every later pass that walks it.
pub(crate) const MAX_DEPTH: u32 = 200;

thread_local! {
    /// Reused so that repeated parses keep tree-sitter's allocations.
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

pub(crate) fn parse(source: &str) -> Parsed {
    parse_incremental(source, None, None).0
}

/// Parse `source`, reusing `old` (the tree of the previous text with the
/// edits since applied by `Tree::edit`), and return the new tree too.
pub(crate) fn parse_incremental(
    source: &str,
    old: Option<&Tree>,
    cache: Option<&mut StmtCache>,
) -> (Parsed, Option<Tree>) {
    let Some(tree) = parse_tree(source, old) else {
        let parsed = Parsed {
            module: Module::default(),
            errors: vec![SyntaxError {
                range: TextRange::new(0, to_u32(source.len())),
                message: "the Python parser is unavailable".to_owned(),
            }],
        };
        return (parsed, None);
    };
    let parsed = lower_tree(&tree, source, cache);
    (parsed, Some(tree))
}

fn lower_tree(tree: &Tree, source: &str, cache: Option<&mut StmtCache>) -> Parsed {
    let root = tree.root_node();
    let mut lowerer = Lowerer::new(source);
    let body = if root.is_error() {
        let mut body = Vec::new();
        lowerer.salvage(root, &mut body);
        body
    } else if let Some(cache) = cache {
        lowerer.module_reusing(root, cache)
    } else {
        lowerer.block(root)
    };
    let mut errors = lowerer.errors;
    if root.has_error() {
        errors::collect(root, source, &mut errors);
    }
    errors.sort_by_key(|error| error.range);
    Parsed {
        module: Module { body },
        errors,
    }
}

fn parse_tree(source: &str, old: Option<&Tree>) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        if slot.is_none() {
            let mut parser = Parser::new();
            parser
                .set_language(&tree_sitter_python::LANGUAGE.into())
                .ok()?;
            *slot = Some(parser);
        }
        slot.as_mut()?.parse(source, old)
    })
}

/// Walks the syntax tree once, building the AST and collecting the errors
/// that only lowering can see (nesting limit, mixed string literals).
struct Lowerer<'s> {
    src: &'s str,
    depth: u32,
    reported_too_deep: bool,
    errors: Vec<SyntaxError>,
    /// One flag per function being lowered: whether its own body (not a
    /// nested function's) contains `yield`.
    yields: Vec<bool>,
}

impl<'s> Lowerer<'s> {
    fn new(src: &'s str) -> Self {
        Self {
            src,
            depth: 0,
            reported_too_deep: false,
            errors: Vec::new(),
            yields: Vec::new(),
        }
    }

    fn text(&self, node: Node) -> &'s str {
        self.src.get(node.byte_range()).unwrap_or_default()
    }

    fn source_between(&self, start: usize, end: usize) -> &'s str {
        self.src.get(start..end).unwrap_or_default()
    }

    /// Enters one more nesting level, or reports the limit (once per file)
    /// and returns `false`. Every `true` must be paired with [`Self::leave`].
    ///
    /// Plain calls rather than a closure-taking helper keep the recursion's
    /// stack frames small, which matters most in unoptimised builds.
    fn enter(&mut self, node: Node) -> bool {
        if self.depth >= MAX_DEPTH {
            self.report_too_deep(node);
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn report_too_deep(&mut self, node: Node) {
        if !self.reported_too_deep {
            self.reported_too_deep = true;
            self.error(range(node), format!("nesting too deep (limit {MAX_DEPTH})"));
        }
    }

    fn error(&mut self, range: TextRange, message: String) {
        self.errors.push(SyntaxError { range, message });
    }

    /// An `Error` expression standing for a missing or broken part of `node`.
    fn error_expr(node: Node) -> Expr {
        Expr {
            kind: ExprKind::Error,
            range: range(node),
        }
    }
}

fn to_u32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

fn range(node: Node) -> TextRange {
    TextRange::new(to_u32(node.start_byte()), to_u32(node.end_byte()))
}

/// The range from the start of `first` to the end of `last`.
fn span(first: Node, last: Node) -> TextRange {
    TextRange::new(to_u32(first.start_byte()), to_u32(last.end_byte()))
}

/// Comments, line continuations and the `ERROR` nodes tree-sitter inserts
/// between a node's regular children.
fn is_trivia(node: Node) -> bool {
    node.is_extra()
}

/// All children of a node, each with its field name.
fn children<'t>(node: Node<'t>) -> Children<'t> {
    Children {
        cursor: node.walk(),
        started: false,
        done: node.child_count() == 0,
    }
}

/// The named children of a node that are not trivia.
fn named_children<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    children(node)
        .map(|(child, _)| child)
        .filter(|child| child.is_named() && !is_trivia(*child))
}

/// The named, non-trivia children of a node that have no field name.
fn unfielded_children<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    children(node)
        .filter(|(child, field)| field.is_none() && child.is_named() && !is_trivia(*child))
        .map(|(child, _)| child)
}

/// Whether `node` has an anonymous child token spelled `token`.
fn has_token(node: Node, token: &str) -> bool {
    children(node).any(|(child, _)| !child.is_named() && child.kind() == token)
}

/// Whether `node` (a `def`, `for`, `with` or comprehension `for`) is async.
fn starts_with_async(node: Node) -> bool {
    node.child(0).is_some_and(|first| first.kind() == "async")
}

struct Children<'t> {
    cursor: TreeCursor<'t>,
    started: bool,
    done: bool,
}

impl<'t> Iterator for Children<'t> {
    type Item = (Node<'t>, Option<Field>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let moved = if self.started {
            self.cursor.goto_next_sibling()
        } else {
            self.started = true;
            self.cursor.goto_first_child()
        };
        if !moved {
            self.done = true;
            return None;
        }
        let field = self
            .cursor
            .field_id()
            .and_then(|id| Field::from_id(id.get()));
        Some((self.cursor.node(), field))
    }
}
