//! Statement lowering: module and block bodies, simple and compound
//! statements, definitions and their parameters, and the recovery of
//! complete statements from inside tree-sitter `ERROR` regions.

use std::sync::Arc;

use tree_sitter::Node;

use super::field::Field;
use super::{
    Lowerer, children, is_trivia, named_children, range, starts_with_async, unfielded_children,
};
use crate::ast::{
    Alias, ClassDef, ExceptHandler, Expr, ExprKind, FunctionDef, Param, Parameters, Stmt, StmtKind,
    TextRange, WithItem,
};
use crate::deferred::DefBody;
use crate::reuse::StmtCache;

impl Lowerer<'_> {
    /// The statements of a module or block.
    pub(super) fn block(&mut self, container: Node) -> Vec<Stmt> {
        let mut body = Vec::new();
        for (child, _) in children(container) {
            self.push_stmt(child, &mut body);
        }
        body
    }

    /// The statements of a module, taking from `cache` the top-level
    /// statements lowered before from the same text, and refilling it with
    /// this module's.
    pub(super) fn module_reusing(&mut self, root: Node, cache: &mut StmtCache) -> Vec<Stmt> {
        let mut body = Vec::new();
        let mut fresh = Vec::new();
        for (child, _) in children(root) {
            if !is_self_contained(child) {
                self.push_stmt(child, &mut body);
                continue;
            }
            let text = self.text(child);
            let stmt = match cache.take(text, range(child).start) {
                Some(stmt) => stmt,
                None => {
                    let errors = self.errors.len();
                    let stmt = self.stmt(child);
                    // Only what lowered without any error (and before any
                    // nesting-limit report, which is made once per file)
                    // is the same wherever it appears.
                    if self.errors.len() != errors || self.reported_too_deep {
                        body.push(stmt);
                        continue;
                    }
                    stmt
                }
            };
            fresh.push((Box::from(text), stmt.clone()));
            body.push(stmt);
        }
        cache.refill(fresh);
        body
    }

    fn push_stmt(&mut self, node: Node, out: &mut Vec<Stmt>) {
        if node.is_error() {
            self.salvage(node, out);
        } else if node.kind() == "block" {
            // Only inside `ERROR` regions: a block whose header was lost.
            out.extend(self.block(node));
        } else if node.is_named() && !is_trivia(node) {
            out.push(self.stmt(node));
        }
    }

    /// Keeps the complete statements inside an `ERROR` region; each run of
    /// other tokens between them becomes one `Error` statement.
    pub(super) fn salvage(&mut self, error: Node, out: &mut Vec<Stmt>) {
        if self.enter(error) {
            self.salvage_children(error, out);
            self.leave();
        } else {
            out.push(error_stmt(range(error)));
        }
    }

    fn salvage_children(&mut self, error: Node, out: &mut Vec<Stmt>) {
        if error.child_count() == 0 {
            out.push(error_stmt(range(error)));
            return;
        }
        let mut run: Option<TextRange> = None;
        for (child, _) in children(error) {
            if child.is_error() || child.kind() == "block" || is_statement(child.kind()) {
                out.extend(run.take().map(error_stmt));
                self.push_stmt(child, out);
            } else if child.kind() != "comment" {
                let start = run.map_or(range(child).start, |run| run.start);
                run = Some(TextRange::new(start, range(child).end));
            }
        }
        out.extend(run.map(error_stmt));
    }

    pub(super) fn stmt(&mut self, node: Node) -> Stmt {
        let kind = if self.enter(node) {
            let kind = self.stmt_kind(node);
            self.leave();
            kind
        } else {
            StmtKind::Error
        };
        Stmt {
            kind,
            range: range(node),
        }
    }

    fn stmt_kind(&mut self, node: Node) -> StmtKind {
        match node.kind() {
            "expression_statement" => self.expression_statement(node),
            "return_statement" => self.return_statement(node),
            "pass_statement" => StmtKind::Pass,
            "break_statement" => StmtKind::Break,
            "continue_statement" => StmtKind::Continue,
            "if_statement" => self.if_statement(node),
            "while_statement" => self.while_statement(node),
            "for_statement" => self.for_statement(node),
            "with_statement" => self.with_statement(node),
            "function_definition" => self.function_stmt(node, node, Vec::new()),
            "class_definition" => self.class_stmt(node, node, Vec::new()),
            "decorated_definition" => self.decorated_definition(node),
            "import_statement" => StmtKind::Import(self.import_names(node)),
            "import_from_statement" => self.import_from(node),
            "future_import_statement" => self.future_import(node),
            "raise_statement" => self.raise_statement(node),
            "assert_statement" => self.assert_statement(node),
            "global_statement" => StmtKind::Global(self.identifiers(node)),
            "nonlocal_statement" => StmtKind::Nonlocal(self.identifiers(node)),
            "delete_statement" => self.delete_statement(node),
            "try_statement" => self.try_statement(node),
            "match_statement" => StmtKind::Unsupported {
                what: "match statement",
            },
            "type_alias_statement" => StmtKind::Unsupported { what: "type alias" },
            "print_statement" => StmtKind::Unsupported {
                what: "print statement",
            },
            "exec_statement" => StmtKind::Unsupported {
                what: "exec statement",
            },
            _ => StmtKind::Error,
        }
    }

    /// The body of a compound statement or clause: its block plus any
    /// `ERROR` region tree-sitter attached to the statement itself, as it
    /// does for a half-typed first line of the body.
    fn suite(&mut self, owner: Node, block: Option<Node>) -> Vec<Stmt> {
        let mut body = block.map(|block| self.block(block)).unwrap_or_default();
        if owner.has_error() {
            let before = body.len();
            for (child, _) in children(owner) {
                if child.is_error() {
                    self.salvage(child, &mut body);
                }
            }
            if body.len() != before {
                body.sort_by_key(|stmt| stmt.range.start);
            }
        }
        body
    }

    fn field_suite(&mut self, owner: Node, field: Field) -> Vec<Stmt> {
        self.suite(owner, field.of(owner))
    }

    fn expression_statement(&mut self, node: Node) -> StmtKind {
        let mut items = named_children(node);
        let (Some(first), None) = (items.next(), items.next()) else {
            return StmtKind::Expr(self.tuple(node, named_children(node)));
        };
        match first.kind() {
            "assignment" => self.assignment(first),
            "augmented_assignment" => self.augmented_assignment(first),
            _ => StmtKind::Expr(self.expr(first)),
        }
    }

    fn assignment(&mut self, node: Node) -> StmtKind {
        let target = self.expr_field(node, Field::Left);
        let mut value = Field::Right.of(node);
        let broken = broken_value(node);
        if let Some(annotation) = Field::Type.of(node) {
            return StmtKind::AnnAssign {
                target,
                annotation: self.expr(annotation),
                value: broken.or_else(|| value.map(|value| self.expr(value))),
            };
        }
        if let Some(value) = broken {
            return StmtKind::Assign {
                targets: vec![target],
                value,
            };
        }
        // `a = b = c` nests to the right; walk the chain without recursion.
        let mut targets = vec![target];
        while let Some(inner) = value.filter(|value| is_chained_assignment(*value)) {
            targets.push(self.expr_field(inner, Field::Left));
            value = Field::Right.of(inner);
        }
        let value = match value {
            Some(value) => self.expr(value),
            None => Self::missing_expr(node),
        };
        StmtKind::Assign { targets, value }
    }

    fn augmented_assignment(&mut self, node: Node) -> StmtKind {
        let op = Field::Operator
            .of(node)
            .and_then(|op| op.kind().strip_suffix('='))
            .and_then(super::expr::bin_op);
        let Some(op) = op else {
            return StmtKind::Error;
        };
        StmtKind::AugAssign {
            target: self.expr_field(node, Field::Left),
            op,
            value: self.expr_field(node, Field::Right),
        }
    }

    fn if_statement(&mut self, node: Node) -> StmtKind {
        let test = self.expr_field(node, Field::Condition);
        let body = self.field_suite(node, Field::Consequence);
        let clauses: Vec<Node> = children(node)
            .filter(|(child, field)| *field == Some(Field::Alternative) && !child.is_error())
            .map(|(child, _)| child)
            .collect();
        let orelse = self.else_chain(&clauses, range(node).end);
        StmtKind::If { test, body, orelse }
    }

    /// The `orelse` of an `if`: each `elif` becomes an `If` that is the only
    /// statement of the previous `orelse`, ending where the whole `if` ends.
    fn else_chain(&mut self, clauses: &[Node], end: u32) -> Vec<Stmt> {
        let Some((&clause, rest)) = clauses.split_first() else {
            return Vec::new();
        };
        if clause.kind() == "else_clause" {
            return self.field_suite(clause, Field::Body);
        }
        let range = TextRange::new(range(clause).start, end);
        if !self.enter(clause) {
            return vec![error_stmt(range)];
        }
        let kind = StmtKind::If {
            test: self.expr_field(clause, Field::Condition),
            body: self.field_suite(clause, Field::Consequence),
            orelse: self.else_chain(rest, end),
        };
        self.leave();
        vec![Stmt { kind, range }]
    }

    fn else_clause(&mut self, node: Node) -> Vec<Stmt> {
        match Field::Alternative.of(node) {
            Some(clause) => self.field_suite(clause, Field::Body),
            None => Vec::new(),
        }
    }

    fn while_statement(&mut self, node: Node) -> StmtKind {
        StmtKind::While {
            test: self.expr_field(node, Field::Condition),
            body: self.field_suite(node, Field::Body),
            orelse: self.else_clause(node),
        }
    }

    fn for_statement(&mut self, node: Node) -> StmtKind {
        StmtKind::For {
            target: self.expr_field(node, Field::Left),
            iter: self.expr_field(node, Field::Right),
            body: self.field_suite(node, Field::Body),
            orelse: self.else_clause(node),
            is_async: starts_with_async(node),
        }
    }

    fn with_statement(&mut self, node: Node) -> StmtKind {
        let mut items = Vec::new();
        for clause in unfielded_children(node).filter(|child| child.kind() == "with_clause") {
            for item in named_children(clause) {
                items.push(self.with_item(item));
            }
        }
        StmtKind::With {
            items,
            body: self.field_suite(node, Field::Body),
            is_async: starts_with_async(node),
        }
    }

    fn with_item(&mut self, item: Node) -> WithItem {
        let value = match item.kind() {
            "with_item" => Field::Value.of(item),
            _ => Some(item),
        };
        match value {
            Some(value) if value.kind() == "as_pattern" => {
                let (context, target) = self.as_pattern(value);
                WithItem {
                    context,
                    target: Some(target),
                }
            }
            Some(value) => WithItem {
                context: self.expr(value),
                target: None,
            },
            None => WithItem {
                context: Self::missing_expr(item),
                target: None,
            },
        }
    }

    /// `value as target` in `with` and `except`.
    fn as_pattern(&mut self, node: Node) -> (Expr, Expr) {
        let value = match unfielded_children(node).next() {
            Some(value) => self.expr(value),
            None => Self::missing_expr(node),
        };
        let target = self.expr_field(node, Field::Alias);
        (value, target)
    }

    /// A `def`; `outer` is the node whose range it covers (with decorators).
    fn function_stmt(&mut self, node: Node, outer: Node, decorators: Vec<Expr>) -> StmtKind {
        StmtKind::FunctionDef(Arc::new(self.function_def(node, outer, decorators)))
    }

    fn class_stmt(&mut self, node: Node, outer: Node, decorators: Vec<Expr>) -> StmtKind {
        StmtKind::ClassDef(Arc::new(self.class_def(node, outer, decorators)))
    }

    pub(super) fn function_def(
        &mut self,
        node: Node,
        outer: Node,
        decorators: Vec<Expr>,
    ) -> FunctionDef {
        let name = Field::Name.of(node);
        let body = match self.deferred_region(Field::Body.of(node)) {
            Some((region, source)) => region.body(source),
            None => {
                self.yields.push(false);
                let body = self.field_suite(node, Field::Body);
                let is_generator = self.yields.pop().unwrap_or(false);
                DefBody::lowered(body, is_generator)
            }
        };
        FunctionDef {
            name: name
                .map(|name| self.text(name))
                .unwrap_or_default()
                .to_owned(),
            params: Arc::new(
                Field::Parameters
                    .of(node)
                    .map(|params| self.parameters(params))
                    .unwrap_or_default(),
            ),
            body,
            decorators,
            returns: Field::ReturnType.of(node).map(|returns| self.expr(returns)),
            is_async: starts_with_async(node),
            range: range(outer),
            name_range: name_range(node, name),
        }
    }

    fn class_def(&mut self, node: Node, outer: Node, decorators: Vec<Expr>) -> ClassDef {
        let name = Field::Name.of(node);
        let mut bases = Vec::new();
        let mut keywords = Vec::new();
        let superclasses = Field::Superclasses.of(node);
        for arg in superclasses.into_iter().flat_map(named_children) {
            match arg.kind() {
                "keyword_argument" => keywords.push(self.keyword(arg)),
                // `class A(**kwargs)`: kept as a keyword named `**`.
                "dictionary_splat" => keywords.push(("**".to_owned(), self.first_child_expr(arg))),
                _ => bases.push(self.expr(arg)),
            }
        }
        ClassDef {
            name: name
                .map(|name| self.text(name))
                .unwrap_or_default()
                .to_owned(),
            bases,
            keywords,
            body: self.field_suite(node, Field::Body),
            decorators,
            range: range(outer),
            name_range: name_range(node, name),
        }
    }

    fn decorated_definition(&mut self, node: Node) -> StmtKind {
        let decorators = named_children(node)
            .filter(|child| child.kind() == "decorator")
            .map(|decorator| self.first_child_expr(decorator))
            .collect();
        match Field::Definition.of(node) {
            Some(def) if def.kind() == "function_definition" => {
                self.function_stmt(def, node, decorators)
            }
            Some(def) if def.kind() == "class_definition" => self.class_stmt(def, node, decorators),
            _ => StmtKind::Error,
        }
    }

    /// The parameters of a `def` or `lambda`.
    pub(super) fn parameters(&mut self, node: Node) -> Parameters {
        let mut params = Parameters::default();
        let mut keyword_only = false;
        for child in named_children(node) {
            match child.kind() {
                "positional_separator" => params.posonly.append(&mut params.args),
                "keyword_separator" => keyword_only = true,
                _ => match self.param(child) {
                    (ParamSlot::Named, param) if keyword_only => params.kwonly.push(param),
                    (ParamSlot::Named, param) => params.args.push(param),
                    (ParamSlot::VarPositional, param) => {
                        params.vararg = Some(param);
                        keyword_only = true;
                    }
                    (ParamSlot::VarKeyword, param) => params.kwarg = Some(param),
                },
            }
        }
        params
    }

    fn param(&mut self, node: Node) -> (ParamSlot, Param) {
        let (name, annotation, default) = match node.kind() {
            "typed_parameter" => (unfielded_children(node).next(), Field::Type.of(node), None),
            "default_parameter" | "typed_default_parameter" => (
                Field::Name.of(node),
                Field::Type.of(node),
                Field::Value.of(node),
            ),
            _ => (Some(node), None, None),
        };
        let (slot, name) = match name {
            Some(name) if name.kind() == "list_splat_pattern" => {
                (ParamSlot::VarPositional, named_children(name).next())
            }
            Some(name) if name.kind() == "dictionary_splat_pattern" => {
                (ParamSlot::VarKeyword, named_children(name).next())
            }
            name => (ParamSlot::Named, name),
        };
        let param = Param {
            name: name
                .map(|name| self.text(name))
                .unwrap_or_default()
                .to_owned(),
            annotation: annotation.map(|annotation| self.expr(annotation)),
            default: default.map(|default| self.expr(default)),
            range: range(node),
        };
        (slot, param)
    }

    fn import_names(&mut self, node: Node) -> Vec<Alias> {
        children(node)
            .filter(|(child, field)| *field == Some(Field::Name) && !child.is_error())
            .map(|(child, _)| self.alias(child))
            .collect()
    }

    fn alias(&self, node: Node) -> Alias {
        let (name, asname) = match node.kind() {
            "aliased_import" => (Field::Name.of(node), Field::Alias.of(node)),
            _ => (Some(node), None),
        };
        Alias {
            name: name.map(|name| self.dotted_name(name)).unwrap_or_default(),
            asname: asname.map(|asname| self.text(asname).to_owned()),
            range: range(node),
        }
    }

    /// `a.b.c`, dropping any whitespace or comments written between parts.
    fn dotted_name(&self, node: Node) -> String {
        let text = self.text(node);
        if !text.contains(|c: char| c.is_whitespace() || c == '\\' || c == '#') {
            return text.to_owned();
        }
        let parts: Vec<&str> = named_children(node).map(|part| self.text(part)).collect();
        parts.join(".")
    }

    fn import_from(&mut self, node: Node) -> StmtKind {
        let (module, level) = match Field::ModuleName.of(node) {
            Some(module) if module.kind() == "relative_import" => {
                let mut level = 0;
                let mut name = None;
                for part in named_children(module) {
                    match part.kind() {
                        "import_prefix" => level = dots(self.text(part)),
                        _ => name = Some(self.dotted_name(part)),
                    }
                }
                (name, level)
            }
            Some(module) => (Some(self.dotted_name(module)), 0),
            None => (None, 0),
        };
        let mut names = self.import_names(node);
        if let Some(star) = named_children(node).find(|child| child.kind() == "wildcard_import") {
            names.push(Alias {
                name: "*".to_owned(),
                asname: None,
                range: range(star),
            });
        }
        StmtKind::ImportFrom {
            module,
            level,
            names,
        }
    }

    fn future_import(&mut self, node: Node) -> StmtKind {
        StmtKind::ImportFrom {
            module: Some("__future__".to_owned()),
            level: 0,
            names: self.import_names(node),
        }
    }

    fn return_statement(&mut self, node: Node) -> StmtKind {
        StmtKind::Return(
            unfielded_children(node)
                .next()
                .map(|value| self.expr(value)),
        )
    }

    fn raise_statement(&mut self, node: Node) -> StmtKind {
        StmtKind::Raise {
            exc: unfielded_children(node).next().map(|exc| self.expr(exc)),
            cause: Field::Cause.of(node).map(|cause| self.expr(cause)),
        }
    }

    fn assert_statement(&mut self, node: Node) -> StmtKind {
        let mut parts = named_children(node);
        let test = parts.next();
        let msg = parts.next();
        StmtKind::Assert {
            test: match test {
                Some(test) => self.expr(test),
                None => Self::missing_expr(node),
            },
            msg: msg.map(|msg| self.expr(msg)),
        }
    }

    fn identifiers(&self, node: Node) -> Vec<String> {
        named_children(node)
            .filter(|child| child.kind() == "identifier")
            .map(|name| self.text(name).to_owned())
            .collect()
    }

    fn delete_statement(&mut self, node: Node) -> StmtKind {
        let targets = match named_children(node).next() {
            Some(list) if list.kind() == "expression_list" => named_children(list)
                .map(|target| self.expr(target))
                .collect(),
            Some(target) => vec![self.expr(target)],
            None => Vec::new(),
        };
        StmtKind::Delete(targets)
    }

    fn try_statement(&mut self, node: Node) -> StmtKind {
        let body = self.field_suite(node, Field::Body);
        let mut handlers = Vec::new();
        let mut orelse = Vec::new();
        let mut finalbody = Vec::new();
        for clause in unfielded_children(node) {
            match clause.kind() {
                "except_clause" | "except_group_clause" => {
                    handlers.push(self.except_handler(clause))
                }
                "else_clause" => orelse = self.field_suite(clause, Field::Body),
                "finally_clause" => finalbody = self.unfielded_suite(clause),
                _ => {}
            }
        }
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
        }
    }

    fn unfielded_suite(&mut self, clause: Node) -> Vec<Stmt> {
        let block = unfielded_children(clause).find(|child| child.kind() == "block");
        self.suite(clause, block)
    }

    fn except_handler(&mut self, clause: Node) -> ExceptHandler {
        let values: Vec<Node> = children(clause)
            .filter(|(child, field)| *field == Some(Field::Value) && !is_trivia(*child))
            .map(|(child, _)| child)
            .collect();
        let (type_, mut name) = match values.as_slice() {
            [] => (None, None),
            [value] if value.kind() == "as_pattern" => {
                let type_ = unfielded_children(*value)
                    .next()
                    .map(|type_| self.expr(type_));
                let name = Field::Alias
                    .of(*value)
                    .map(|alias| self.text(alias).to_owned());
                (type_, name)
            }
            [value] => (Some(self.expr(*value)), None),
            // `except A, B:` (Python 3.14) is a tuple of types.
            _ => (Some(self.tuple(clause, values.iter().copied())), None),
        };
        if let Some(alias) = Field::Alias.of(clause) {
            name = Some(self.text(alias).to_owned());
        }
        ExceptHandler {
            type_,
            name,
            body: self.unfielded_suite(clause),
            range: range(clause),
        }
    }
}

#[derive(Clone, Copy)]
enum ParamSlot {
    Named,
    VarPositional,
    VarKeyword,
}

fn error_stmt(range: TextRange) -> Stmt {
    Stmt {
        kind: StmtKind::Error,
        range,
    }
}

fn name_range(node: Node, name: Option<Node>) -> TextRange {
    match name {
        Some(name) => range(name),
        None => TextRange::new(range(node).start, range(node).start),
    }
}

/// An `Error` value for an assignment whose tokens tree-sitter's recovery
/// skipped (say, after an unclosed bracket): the right-hand side it kept
/// is not the real value.
fn broken_value(assignment: Node) -> Option<Expr> {
    if !assignment.has_error() {
        return None;
    }
    let (skipped, _) = children(assignment).find(|(child, _)| child.is_error())?;
    Some(Expr {
        kind: ExprKind::Error,
        range: TextRange::new(range(skipped).start, range(assignment).end),
    })
}

fn is_chained_assignment(node: Node) -> bool {
    node.kind() == "assignment" && Field::Type.of(node).is_none()
}

fn dots(prefix: &str) -> u32 {
    u32::try_from(prefix.bytes().filter(|&byte| byte == b'.').count()).unwrap_or(u32::MAX)
}

/// A top-level statement whose lowering depends on its text alone: a
/// statement node without syntax errors.
fn is_self_contained(node: Node) -> bool {
    node.is_named()
        && !is_trivia(node)
        && !node.is_error()
        && !node.has_error()
        && is_statement(node.kind())
}

fn is_statement(kind: &str) -> bool {
    matches!(
        kind,
        "expression_statement"
            | "return_statement"
            | "pass_statement"
            | "break_statement"
            | "continue_statement"
            | "if_statement"
            | "while_statement"
            | "for_statement"
            | "with_statement"
            | "function_definition"
            | "class_definition"
            | "decorated_definition"
            | "import_statement"
            | "import_from_statement"
            | "future_import_statement"
            | "raise_statement"
            | "assert_statement"
            | "global_statement"
            | "nonlocal_statement"
            | "delete_statement"
            | "try_statement"
            | "match_statement"
            | "type_alias_statement"
            | "print_statement"
            | "exec_statement"
    )
}
