//! Lowering of the tree-sitter Python syntax tree to the owned [`ast`]:
//! owns the parser set-up, the nesting limit and the traversal helpers that
//! the statement, expression and literal lowering share.
//!
//! [`ast`]: crate::ast

mod errors;
mod expr;
mod field;
mod literal;
mod repair;
mod stmt;

use std::cell::RefCell;
use std::sync::Arc;

use tree_sitter::{Node, Parser, Point, Range, Tree, TreeCursor};

use self::field::Field;
use crate::ast::{Expr, ExprKind, Module, Stmt, TextRange};
use crate::deferred::{self, Region};
use crate::reuse::StmtCache;
use crate::{Parsed, SyntaxError};

/// Deepest nesting of statements and expressions that is lowered; anything
/// deeper becomes an `Error` node. The limit bounds the recursion of this
/// lowering, of dropping the AST and of every later pass that walks it;
/// a chain of binary operators counts as one level whatever its length
/// (see `Lowerer::binary`), so passes walk such chains down their left
/// operands without recursion ([`crate::ast::Expr::binop_spine`]).
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
    if tree.root_node().has_error()
        && let Some(parsed) = lower_repaired(source)
    {
        // The tree kept for the next incremental parse is the one of
        // `source` itself: the repaired tree is of another text.
        if let Some(cache) = cache {
            *cache = StmtCache::default();
        }
        return (parsed, Some(tree));
    }
    let parsed = lower_tree(&tree, source, cache);
    (parsed, Some(tree))
}

/// The tree of `source`'s repaired text (see [`repair`]) when the grammar
/// accepts it, with the stars lowering must restore.
fn repaired_tree(source: &str) -> Option<(Tree, Vec<(u32, u32)>)> {
    let rewrite = repair::rewrite(source)?;
    let tree = parse_tree(&rewrite.text, None)?;
    (!tree.root_node().has_error()).then_some((tree, rewrite.stars))
}

/// `source` lowered from the tree of its repaired text, if the grammar
/// accepts that text and every blanked star is restored.
fn lower_repaired(source: &str) -> Option<Parsed> {
    let (tree, stars) = repaired_tree(source)?;
    let mut lowerer = Lowerer::new(source);
    let expected = stars.len();
    lowerer.stars = stars;
    let body = lowerer.block(tree.root_node());
    (lowerer.restored_stars == expected).then(|| Parsed {
        module: Module { body },
        errors: lowerer.errors,
    })
}

fn lower_tree(tree: &Tree, source: &str, cache: Option<&mut StmtCache>) -> Parsed {
    lower_with(tree, Lowerer::new(source), cache)
}

fn lower_with(tree: &Tree, mut lowerer: Lowerer, cache: Option<&mut StmtCache>) -> Parsed {
    let root = tree.root_node();
    let source = lowerer.src;
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
        // A bracket mistake is reported where the bracket is, when that is
        // lines ahead of where tree-sitter's recovery noticed it.
        let line_of = |offset: u32| {
            source.as_bytes()[..(offset as usize).min(source.len())]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
        };
        if let Some(bracket) = errors::bracket_error(source)
            && errors
                .iter()
                .all(|e| line_of(e.range.start) > line_of(bracket.range.start))
        {
            errors.push(bracket);
        }
    }
    errors.sort_by_key(|error| error.range);
    Parsed {
        module: Module { body },
        errors,
    }
}

/// [`parse`] deferring function bodies (see [`crate::deferred`]): the
/// skeleton is parsed and lowered with every deferred body waiting to be
/// lowered from `source`. Falls back to [`parse`] when the line scanner
/// cannot follow the text or the skeleton has a syntax error.
pub(crate) fn parse_deferring(source: &str) -> Parsed {
    let Some(regions) = deferred::regions(source).filter(|r| !r.is_empty()) else {
        return parse(source);
    };
    let (skeleton, included) = deferred::skeleton(source, &regions);
    let Some(tree) = parse_tree_in(&skeleton, &included) else {
        return parse(source);
    };
    if tree.root_node().has_error() {
        return parse(source);
    }
    let mut lowerer = Lowerer::new(&skeleton);
    lowerer.deferring = Some(Deferring {
        source: Arc::from(source),
        regions: &regions,
    });
    let mut parsed = lower_with(&tree, lowerer, None);
    deferred::restore_ends(&mut parsed.module.body, &regions, source);
    parsed
}

/// The body of the `def` starting at `def_start` (its `def` or `async`
/// keyword) in `source`, its text ending at `end`; and whether it is a
/// generator. Parses only that span; if that does not give the function
/// cleanly, the whole text.
pub(crate) fn lower_def_body(source: &str, def_start: u32, end: u32) -> (Vec<Stmt>, bool) {
    let (start, end) = (def_start as usize, (end as usize).min(source.len()));
    let lower = |tree: &Tree, stars: Vec<(u32, u32)>| {
        let node = function_at(tree.root_node(), start)?;
        let mut lowerer = Lowerer::new(source);
        lowerer.stars = stars;
        let def = lowerer.function_def(node, node, Vec::new());
        Some(def.body.into_parts())
    };
    parse_tree_in(source, &[(start, end)])
        .filter(|tree| !tree.root_node().has_error())
        .and_then(|tree| lower(&tree, Vec::new()))
        .or_else(|| {
            let tree = parse_tree(source, None)?;
            if tree.root_node().has_error()
                && let Some((repaired, stars)) = repaired_tree(source)
            {
                return lower(&repaired, stars);
            }
            lower(&tree, Vec::new())
        })
        .unwrap_or_default()
}

/// The `function_definition` node starting at byte `start`.
fn function_at(node: Node, start: usize) -> Option<Node> {
    if node.kind() == "function_definition" && node.start_byte() == start {
        return Some(node);
    }
    let mut cursor = node.walk();
    let child = node
        .children(&mut cursor)
        .find(|c| c.start_byte() <= start && start < c.end_byte())?;
    function_at(child, start)
}

fn with_parser<T>(f: impl FnOnce(&mut Parser) -> Option<T>) -> Option<T> {
    PARSER.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        if slot.is_none() {
            let mut parser = Parser::new();
            parser
                .set_language(&tree_sitter_python::LANGUAGE.into())
                .ok()?;
            *slot = Some(parser);
        }
        f(slot.as_mut()?)
    })
}

fn parse_tree(source: &str, old: Option<&Tree>) -> Option<Tree> {
    with_parser(|parser| parser.parse(source, old))
}

/// Parse only the byte ranges `included` of `source` (ordered, disjoint);
/// node offsets stay those of `source`.
/// The ranges of the comments (`# ...`) of `source`, in document order, as
/// the parser tokenizes them (a `#` inside a string is not a comment).
pub(crate) fn comments(source: &str) -> Vec<TextRange> {
    let Some(tree) = parse_tree(source, None) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        if node.kind() == "comment" {
            out.push(range(node));
        } else if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

fn parse_tree_in(source: &str, included: &[(usize, usize)]) -> Option<Tree> {
    let mut points = PointIndex::new(source);
    let ranges: Vec<Range> = included
        .iter()
        .map(|&(start, end)| Range {
            start_byte: start,
            end_byte: end,
            start_point: points.point(start),
            end_point: points.point(end),
        })
        .collect();
    with_parser(|parser| {
        parser.set_included_ranges(&ranges).ok()?;
        let tree = parser.parse(source, None);
        // Back to the whole text for every other parse.
        let _ = parser.set_included_ranges(&[]);
        tree
    })
}

/// Rows and columns (in bytes) of ascending offsets, as tree-sitter counts
/// them: one scan of the text up to the last offset asked for.
struct PointIndex<'s> {
    bytes: &'s [u8],
    offset: usize,
    point: Point,
}

impl<'s> PointIndex<'s> {
    fn new(source: &'s str) -> Self {
        Self {
            bytes: source.as_bytes(),
            offset: 0,
            point: Point::new(0, 0),
        }
    }

    /// The point of `offset`, which is not before the last one asked for.
    fn point(&mut self, offset: usize) -> Point {
        let offset = offset.min(self.bytes.len()).max(self.offset);
        let skipped = &self.bytes[self.offset..offset];
        match skipped.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.point.row += skipped.iter().filter(|&&b| b == b'\n').count();
                self.point.column = skipped.len() - last - 1;
            }
            None => self.point.column += skipped.len(),
        }
        self.offset = offset;
        self.point
    }
}

/// What lowering a skeleton needs: the original text (deferred bodies
/// are lowered from it) and where the deferred bodies are.
struct Deferring<'r> {
    source: Arc<str>,
    regions: &'r [Region],
}

/// Walks the syntax tree once, building the AST and collecting the errors
/// that only lowering can see (nesting limit, mixed string literals).
struct Lowerer<'s> {
    /// Set when lowering a skeleton: the bodies it defers.
    deferring: Option<Deferring<'s>>,
    src: &'s str,
    depth: u32,
    reported_too_deep: bool,
    errors: Vec<SyntaxError>,
    /// One flag per function being lowered: whether its own body (not a
    /// nested function's) contains `yield`.
    yields: Vec<bool>,
    /// When lowering a repaired text: the stars it blanked, as
    /// `(element_start, star)` in ascending order (see [`repair`]).
    stars: Vec<(u32, u32)>,
    /// How many of `stars` lowering has put back.
    restored_stars: usize,
}

impl<'s> Lowerer<'s> {
    fn new(src: &'s str) -> Self {
        Self {
            deferring: None,
            src,
            depth: 0,
            reported_too_deep: false,
            errors: Vec::new(),
            yields: Vec::new(),
            stars: Vec::new(),
            restored_stars: 0,
        }
    }

    /// The deferred body whose skeleton block is `block`, if any.
    fn deferred_region(&self, block: Option<Node>) -> Option<(&Region, &Arc<str>)> {
        let deferring = self.deferring.as_ref()?;
        let start = block?.start_byte();
        let i = deferring
            .regions
            .binary_search_by_key(&start, |r| r.stub)
            .ok()?;
        Some((&deferring.regions[i], &deferring.source))
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
