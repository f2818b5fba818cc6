//! Expression lowering: operators, calls, subscripts and slices, displays
//! and comprehensions, lambdas, string literals with their f-string parts,
//! and the annotation-only `type` forms tree-sitter produces.

use std::mem;
use std::sync::Arc;

use tree_sitter::Node;

use super::field::Field;
use super::literal::{self, Prefix, StrSink};
use super::{
    Lowerer, children, has_token, is_trivia, named_children, range, span, starts_with_async, to_u32,
};
use crate::ast::{
    Arg, BinOp, BoolOp, CmpOp, Comprehension, DictItem, Expr, ExprKind, FStringPart, TextRange,
    UnaryOp,
};

impl Lowerer<'_> {
    pub(super) fn expr(&mut self, node: Node) -> Expr {
        if node.is_error() || node.is_missing() {
            return Self::error_expr(node);
        }
        if !self.enter(node) {
            return Self::error_expr(node);
        }
        let expr = if is_transparent(node.kind()) {
            self.first_child_expr(node)
        } else {
            hoist_star(Expr {
                kind: self.expr_kind(node),
                range: range(node),
            })
        };
        self.leave();
        if self.stars.is_empty() {
            expr
        } else {
            self.restore_star(node, expr)
        }
    }

    /// In a repaired text (see `repair`): the element of a bare tuple whose
    /// star was blanked, starred again; a tuple that starts with such an
    /// element, widened to its star.
    fn restore_star(&mut self, node: Node, mut expr: Expr) -> Expr {
        if let ExprKind::Tuple(items) = &expr.kind
            && let Some(first) = items.first()
        {
            expr.range.start = expr.range.start.min(first.range.start);
        }
        let Ok(i) = self
            .stars
            .binary_search_by_key(&to_u32(node.start_byte()), |&(element, _)| element)
        else {
            return expr;
        };
        // Asked last: finding a node's parent walks down from the root.
        let in_bare_tuple = node.parent().is_some_and(|parent| {
            matches!(
                parent.kind(),
                "expression_list" | "pattern_list" | "expression_statement"
            )
        });
        if !in_bare_tuple {
            return expr;
        }
        self.restored_stars += 1;
        let star = self.stars[i].1;
        let end = expr.range.end;
        Expr {
            kind: ExprKind::Starred(Box::new(expr)),
            range: TextRange::new(star, end),
        }
    }

    /// The expression in field `field` of `node`, or an `Error` at its end.
    pub(super) fn expr_field(&mut self, node: Node, field: Field) -> Expr {
        match field.of(node) {
            Some(child) => self.expr(child),
            None => Self::missing_expr(node),
        }
    }

    /// [`Self::expr_field`], boxed. Boxing in the callee keeps the `Expr`
    /// temporary out of the (recursive) caller's stack frame.
    fn boxed_field(&mut self, node: Node, field: Field) -> Box<Expr> {
        Box::new(self.expr_field(node, field))
    }

    /// [`Self::first_child_expr`], boxed.
    fn boxed_child(&mut self, node: Node) -> Box<Expr> {
        Box::new(self.first_child_expr(node))
    }

    /// The first named child of a wrapper node such as `(x)` or `*x`.
    pub(super) fn first_child_expr(&mut self, node: Node) -> Expr {
        match named_children(node).next() {
            Some(child) => self.expr(child),
            None => Self::missing_expr(node),
        }
    }

    /// An `Error` expression at the end of `node`, for a missing part.
    pub(super) fn missing_expr(node: Node) -> Expr {
        let end = to_u32(node.end_byte());
        Expr {
            kind: ExprKind::Error,
            range: TextRange::new(end, end),
        }
    }

    /// A tuple of `items`, spanning from the first to the last of them.
    pub(super) fn tuple<'t>(
        &mut self,
        fallback: Node<'t>,
        items: impl Iterator<Item = Node<'t>>,
    ) -> Expr {
        let mut first_last: Option<(Node, Node)> = None;
        let mut elements = Vec::new();
        for item in items {
            first_last = Some((first_last.map_or(item, |(first, _)| first), item));
            elements.push(self.expr(item));
        }
        let mut range = first_last.map_or(range(fallback), |(first, last)| span(first, last));
        if let Some(first) = elements.first() {
            range.start = range.start.min(first.range.start);
        }
        Expr {
            kind: ExprKind::Tuple(elements),
            range,
        }
    }

    fn expr_kind(&mut self, node: Node) -> ExprKind {
        match node.kind() {
            "identifier" => ExprKind::Name(self.text(node).to_owned()),
            "integer" => literal::integer(self.text(node)),
            "float" => literal::float(self.text(node)),
            "string" | "concatenated_string" => self.string(node),
            "true" => ExprKind::Bool(true),
            "false" => ExprKind::Bool(false),
            "none" => ExprKind::NoneLit,
            "ellipsis" => ExprKind::Ellipsis,
            "attribute" => self.attribute(node),
            "subscript" => self.subscript(node),
            "slice" => self.slice(node),
            "call" => self.call(node),
            "binary_operator" => self.binary(node),
            "unary_operator" => self.unary(node),
            "not_operator" => ExprKind::UnaryOp {
                op: UnaryOp::Not,
                operand: self.boxed_field(node, Field::Argument),
            },
            "boolean_operator" => self.bool_op(node),
            "comparison_operator" => self.compare(node),
            "conditional_expression" => self.conditional(node),
            "lambda" => self.lambda(node),
            "named_expression" => ExprKind::Named {
                target: self.boxed_field(node, Field::Name),
                value: self.boxed_field(node, Field::Value),
            },
            "tuple" | "expression_list" | "pattern_list" | "tuple_pattern" => {
                ExprKind::Tuple(self.elements(node))
            }
            "list" | "list_pattern" => ExprKind::List(self.elements(node)),
            "set" => ExprKind::Set(self.elements(node)),
            "dictionary" => ExprKind::Dict(self.dict_items(node)),
            "list_comprehension"
            | "set_comprehension"
            | "generator_expression"
            | "dictionary_comprehension" => self.comprehension(node),
            "list_splat" | "list_splat_pattern" | "splat_type" => {
                ExprKind::Starred(self.boxed_child(node))
            }
            "await" => ExprKind::Await(self.boxed_child(node)),
            "yield" => self.yield_expr(node),
            "generic_type" => self.generic_type(node),
            "union_type" => self.union_type(node),
            "member_type" => self.member_type(node),
            "dictionary_splat" | "dictionary_splat_pattern" => ExprKind::Unsupported {
                what: "`**` unpacking",
            },
            "constrained_type" => ExprKind::Unsupported {
                what: "constrained type parameter",
            },
            _ => ExprKind::Unsupported {
                what: "unrecognized expression",
            },
        }
    }

    fn elements(&mut self, node: Node) -> Vec<Expr> {
        named_children(node).map(|item| self.expr(item)).collect()
    }

    fn attribute(&mut self, node: Node) -> ExprKind {
        ExprKind::Attribute {
            value: self.boxed_field(node, Field::Object),
            attr: self.field_text(node, Field::Attribute),
        }
    }

    fn field_text(&self, node: Node, field: Field) -> String {
        field
            .of(node)
            .map(|child| self.text(child))
            .unwrap_or_default()
            .to_owned()
    }

    fn subscript(&mut self, node: Node) -> ExprKind {
        let indices: Vec<Node> = children(node)
            .filter(|(child, field)| *field == Some(Field::Subscript) && !is_trivia(*child))
            .map(|(child, _)| child)
            .collect();
        let index = match indices.as_slice() {
            [] => Self::missing_expr(node),
            [index] if !has_token(node, ",") => self.expr(*index),
            _ => self.tuple(node, indices.iter().copied()),
        };
        ExprKind::Subscript {
            value: self.boxed_field(node, Field::Value),
            index: Box::new(index),
        }
    }

    fn slice(&mut self, node: Node) -> ExprKind {
        let mut bounds: [Option<Box<Expr>>; 3] = Default::default();
        let mut position = 0;
        for (child, _) in children(node) {
            if !child.is_named() {
                position += usize::from(child.kind() == ":");
            } else if !is_trivia(child) && position < bounds.len() {
                bounds[position] = Some(Box::new(self.expr(child)));
            }
        }
        let [lower, upper, step] = bounds;
        ExprKind::Slice { lower, upper, step }
    }

    fn call(&mut self, node: Node) -> ExprKind {
        let func = self.boxed_field(node, Field::Function);
        let args = match Field::Arguments.of(node) {
            Some(generator) if generator.kind() == "generator_expression" => {
                vec![Arg::Positional(self.expr(generator))]
            }
            Some(list) => self.arguments(list),
            None => Vec::new(),
        };
        ExprKind::Call { func, args }
    }

    pub(super) fn arguments(&mut self, list: Node) -> Vec<Arg> {
        named_children(list).map(|arg| self.argument(arg)).collect()
    }

    fn argument(&mut self, arg: Node) -> Arg {
        match arg.kind() {
            "list_splat" => Arg::Starred(self.first_child_expr(arg)),
            "dictionary_splat" => Arg::DoubleStarred(self.first_child_expr(arg)),
            "keyword_argument" => {
                let (name, value) = self.keyword(arg);
                Arg::Keyword {
                    name,
                    value,
                    range: range(arg),
                }
            }
            _ => Arg::Positional(self.expr(arg)),
        }
    }

    pub(super) fn keyword(&mut self, arg: Node) -> (String, Expr) {
        (
            self.field_text(arg, Field::Name),
            self.expr_field(arg, Field::Value),
        )
    }

    /// A binary operation. A chain of left-associative operators
    /// (`a + b - c * d << e ...`: every operator but `**`) nests to the left
    /// in the tree; it is lowered walking down its left operands without
    /// recursion and counts as one level of nesting whatever its length,
    /// as CPython sets no limit on it (sympy has sums of hundreds of terms).
    fn binary(&mut self, node: Node) -> ExprKind {
        let Some(op) = chain_op(node) else {
            return ExprKind::Error;
        };
        if matches!(op, BinOp::BitAnd | BinOp::BitXor)
            && let Some((operands, ops)) = mixed_and_xor(node)
        {
            return self.reassociate_and_xor(&operands, &ops);
        }
        if op == BinOp::Pow {
            return ExprKind::BinOp {
                left: self.boxed_field(node, Field::Left),
                op,
                right: self.boxed_field(node, Field::Right),
            };
        }
        // `node` and the left operands that continue its chain, top first.
        let mut spine = vec![(node, op)];
        let mut bottom = node;
        while let Some(left) = Field::Left.of(bottom)
            && let Some(op) = chain_op(left).filter(|&op| op != BinOp::Pow)
            && !(starts_and_xor_cluster(left, bottom) && mixed_and_xor(left).is_some())
        {
            spine.push((left, op));
            bottom = left;
        }
        let mut left = self.expr_field(bottom, Field::Left);
        let Some(((top, top_op), links)) = spine.split_first() else {
            return ExprKind::Error;
        };
        for &(link, op) in links.iter().rev() {
            let right = self.expr_field(link, Field::Right);
            left = Expr {
                kind: ExprKind::BinOp {
                    left: Box::new(left),
                    op,
                    right: Box::new(right),
                },
                range: range(link),
            };
        }
        ExprKind::BinOp {
            left: Box::new(left),
            op: *top_op,
            right: self.boxed_field(*top, Field::Right),
        }
    }

    /// Rebuilds `a ^ b & c` with Python's precedence, `&` binding tighter
    /// than `^` (tree-sitter-python has them the other way round). Both
    /// associate to the left.
    fn reassociate_and_xor(&mut self, operands: &[Node], ops: &[BinOp]) -> ExprKind {
        let mut operands = operands.iter().map(|operand| self.expr(*operand));
        let Some(mut term) = operands.next() else {
            return ExprKind::Error;
        };
        let mut xor_terms = Vec::new();
        for (&op, operand) in ops.iter().zip(operands) {
            if op == BinOp::BitAnd {
                term = bin_op_expr(term, op, operand);
            } else {
                xor_terms.push(mem::replace(&mut term, operand));
            }
        }
        xor_terms.push(term);
        let mut xor_terms = xor_terms.into_iter();
        xor_terms.next().map_or(ExprKind::Error, |first| {
            xor_terms
                .fold(first, |left, right| bin_op_expr(left, BinOp::BitXor, right))
                .into_kind()
        })
    }

    fn unary(&mut self, node: Node) -> ExprKind {
        let op = match Field::Operator.of(node).map(|op| op.kind()) {
            Some("-") => UnaryOp::Neg,
            Some("+") => UnaryOp::Pos,
            Some("~") => UnaryOp::Invert,
            _ => return ExprKind::Error,
        };
        ExprKind::UnaryOp {
            op,
            operand: self.boxed_field(node, Field::Argument),
        }
    }

    /// `a and b and c` nests to the left in the tree; it is flattened into
    /// one `BoolOp` by walking down the left operands without recursion.
    fn bool_op(&mut self, node: Node) -> ExprKind {
        let Some(op) = bool_op(node) else {
            return ExprKind::Error;
        };
        let mut operands = Vec::new();
        let mut current = node;
        loop {
            operands.push(Field::Right.of(current));
            match Field::Left.of(current) {
                Some(left) if left.kind() == "boolean_operator" && bool_op(left) == Some(op) => {
                    current = left;
                }
                left => {
                    operands.push(left);
                    break;
                }
            }
        }
        let values = operands
            .into_iter()
            .rev()
            .map(|operand| match operand {
                Some(operand) => self.expr(operand),
                None => Self::missing_expr(current),
            })
            .collect();
        ExprKind::BoolOp { op, values }
    }

    fn compare(&mut self, node: Node) -> ExprKind {
        let mut ops = Vec::new();
        let mut operands = Vec::new();
        for (child, field) in children(node) {
            if field == Some(Field::Operators) {
                ops.extend(cmp_op(child.kind()));
            } else if child.is_named() && !is_trivia(child) {
                operands.push(self.expr(child));
            }
        }
        let mut operands = operands.into_iter();
        let left = operands.next().unwrap_or_else(|| Self::missing_expr(node));
        let mut comparators: Vec<Expr> = operands.collect();
        let len = ops.len().min(comparators.len());
        ops.truncate(len);
        comparators.truncate(len);
        ExprKind::Compare {
            left: Box::new(left),
            ops,
            comparators,
        }
    }

    /// `body if test else orelse`
    fn conditional(&mut self, node: Node) -> ExprKind {
        let mut parts = named_children(node);
        let (body, test, orelse) = (parts.next(), parts.next(), parts.next());
        let mut lower = |part: Option<Node>| match part {
            Some(part) => Box::new(self.expr(part)),
            None => Box::new(Self::missing_expr(node)),
        };
        ExprKind::IfExp {
            body: lower(body),
            test: lower(test),
            orelse: lower(orelse),
        }
    }

    fn lambda(&mut self, node: Node) -> ExprKind {
        let params = Field::Parameters
            .of(node)
            .map(|params| self.parameters(params))
            .unwrap_or_default();
        ExprKind::Lambda {
            params: Arc::new(params),
            body: Arc::new(self.expr_field(node, Field::Body)),
        }
    }

    fn dict_items(&mut self, node: Node) -> Vec<DictItem> {
        named_children(node)
            .map(|item| match item.kind() {
                "dictionary_splat" => DictItem {
                    key: None,
                    value: self.first_child_expr(item),
                },
                "pair" => DictItem {
                    key: Some(self.expr_field(item, Field::Key)),
                    value: self.expr_field(item, Field::Value),
                },
                _ => DictItem {
                    key: Some(self.expr(item)),
                    value: Self::missing_expr(item),
                },
            })
            .collect()
    }

    fn comprehension(&mut self, node: Node) -> ExprKind {
        let mut generators: Vec<Comprehension> = Vec::new();
        for clause in named_children(node) {
            match clause.kind() {
                "for_in_clause" => generators.push(self.for_in_clause(clause)),
                "if_clause" => {
                    let condition = self.first_child_expr(clause);
                    if let Some(generator) = generators.last_mut() {
                        generator.ifs.push(condition);
                    }
                }
                _ => {}
            }
        }
        let body = Field::Body.of(node);
        if node.kind() == "dictionary_comprehension" {
            let (key, value) = match body {
                Some(pair) => (
                    self.expr_field(pair, Field::Key),
                    self.expr_field(pair, Field::Value),
                ),
                None => (Self::missing_expr(node), Self::missing_expr(node)),
            };
            return ExprKind::DictComp {
                key: Box::new(key),
                value: Box::new(value),
                generators,
            };
        }
        let elt = Box::new(match body {
            Some(body) => self.expr(body),
            None => Self::missing_expr(node),
        });
        match node.kind() {
            "list_comprehension" => ExprKind::ListComp { elt, generators },
            "set_comprehension" => ExprKind::SetComp { elt, generators },
            _ => ExprKind::GeneratorExp { elt, generators },
        }
    }

    fn for_in_clause(&mut self, clause: Node) -> Comprehension {
        let iters: Vec<Node> = children(clause)
            .filter(|(child, field)| *field == Some(Field::Right) && child.is_named())
            .map(|(child, _)| child)
            .collect();
        let iter = match iters.as_slice() {
            [] => Self::missing_expr(clause),
            [iter] => self.expr(*iter),
            _ => self.tuple(clause, iters.iter().copied()),
        };
        Comprehension {
            target: self.expr_field(clause, Field::Left),
            iter,
            ifs: Vec::new(),
            is_async: starts_with_async(clause),
        }
    }

    fn yield_expr(&mut self, node: Node) -> ExprKind {
        if let Some(in_function) = self.yields.last_mut() {
            *in_function = true;
        }
        if has_token(node, "from") {
            return ExprKind::YieldFrom(self.boxed_child(node));
        }
        let value = named_children(node).next();
        ExprKind::Yield(value.map(|value| Box::new(self.expr(value))))
    }

    /// `List[int]` in an annotation: a subscript of the generic's name.
    fn generic_type(&mut self, node: Node) -> ExprKind {
        let mut parts = named_children(node);
        let (name, parameters) = (parts.next(), parts.next());
        let value = match name {
            Some(name) => self.expr(name),
            None => Self::missing_expr(node),
        };
        let index = match parameters {
            Some(parameters) => self.type_parameters(parameters),
            None => Self::missing_expr(node),
        };
        ExprKind::Subscript {
            value: Box::new(value),
            index: Box::new(index),
        }
    }

    fn type_parameters(&mut self, node: Node) -> Expr {
        let mut types = named_children(node);
        match (types.next(), types.next()) {
            (Some(only), None) if !has_token(node, ",") => self.expr(only),
            _ => self.tuple(node, named_children(node)),
        }
    }

    /// `A | B` in an annotation.
    fn union_type(&mut self, node: Node) -> ExprKind {
        let mut parts = named_children(node);
        let (left, right) = (parts.next(), parts.next());
        let mut lower = |part: Option<Node>| match part {
            Some(part) => Box::new(self.expr(part)),
            None => Box::new(Self::missing_expr(node)),
        };
        ExprKind::BinOp {
            left: lower(left),
            op: BinOp::BitOr,
            right: lower(right),
        }
    }

    /// `a.B` in an annotation, where `a` is itself a type.
    fn member_type(&mut self, node: Node) -> ExprKind {
        let mut parts = named_children(node);
        let (value, attr) = (parts.next(), parts.next());
        ExprKind::Attribute {
            value: Box::new(match value {
                Some(value) => self.expr(value),
                None => Self::missing_expr(node),
            }),
            attr: attr
                .map(|attr| self.text(attr))
                .unwrap_or_default()
                .to_owned(),
        }
    }

    /// A string literal or adjacent literals concatenated: `Str`, `Bytes` or,
    /// when any part is an f-string, `FString`.
    fn string(&mut self, node: Node) -> ExprKind {
        let mut sink = StrSink::default();
        if node.kind() == "string" {
            self.string_part(node, &mut sink);
        } else {
            for part in named_children(node).filter(|part| part.kind() == "string") {
                self.string_part(part, &mut sink);
            }
        }
        match sink.finish() {
            Ok(kind) => kind,
            Err(message) => {
                self.error(range(node), message.to_owned());
                ExprKind::Error
            }
        }
    }

    fn string_part(&mut self, node: Node, sink: &mut StrSink) {
        let mut prefix = Prefix::default();
        for (child, _) in children(node) {
            match child.kind() {
                "string_start" => {
                    prefix = Prefix::parse(self.text(child));
                    sink.start(prefix);
                }
                "string_content" => sink.push_content(self.text(child), prefix),
                "interpolation" => {
                    let part = self.interpolation(child, prefix);
                    sink.push_part(part);
                }
                _ => {}
            }
        }
    }

    /// `{expr=!r:spec}` in an f-string or in a format spec.
    fn interpolation(&mut self, node: Node, prefix: Prefix) -> FStringPart {
        if !self.enter(node) {
            return FStringPart::Expr {
                expr: Box::new(Self::error_expr(node)),
                conversion: None,
                format_spec: Vec::new(),
                debug: false,
            };
        }
        let part = FStringPart::Expr {
            expr: self.boxed_field(node, Field::Expression),
            conversion: Field::TypeConversion
                .of(node)
                .and_then(|conversion| self.text(conversion).chars().nth(1)),
            format_spec: Field::FormatSpecifier
                .of(node)
                .map(|spec| self.format_spec(spec, prefix))
                .unwrap_or_default(),
            debug: has_token(node, "="),
        };
        self.leave();
        part
    }

    /// The parts after `:`; the literal text between nested replacement
    /// fields is not a node of its own, so it is cut out of the source.
    fn format_spec(&mut self, spec: Node, prefix: Prefix) -> Vec<FStringPart> {
        let mut sink = StrSink::default();
        sink.start(prefix);
        let mut literal_start = spec.start_byte();
        for (child, _) in children(spec) {
            if child.kind() == ":" && child.start_byte() == spec.start_byte() {
                literal_start = child.end_byte();
            } else if child.kind() == "format_expression" {
                sink.push_content(
                    self.source_between(literal_start, child.start_byte()),
                    prefix,
                );
                let part = self.interpolation(child, prefix);
                sink.push_part(part);
                literal_start = child.end_byte();
            }
        }
        sink.push_content(self.source_between(literal_start, spec.end_byte()), prefix);
        sink.into_parts()
    }
}

/// Nodes that stand for their only named child: parentheses, annotations,
/// `as` targets and the patterns of `with`/`except` when seen elsewhere.
fn is_transparent(kind: &str) -> bool {
    matches!(
        kind,
        "parenthesized_expression"
            | "parenthesized_list_splat"
            | "type"
            | "as_pattern"
            | "as_pattern_target"
    )
}

fn bin_op_expr(left: Expr, op: BinOp, right: Expr) -> Expr {
    let range = TextRange::new(left.range.start, right.range.end);
    Expr {
        kind: ExprKind::BinOp {
            left: Box::new(left),
            op,
            right: Box::new(right),
        },
        range,
    }
}

/// The operands and operators, in source order, of the cluster of `&` and
/// `^` operations rooted at `node`, when it mixes both (and so needs
/// re-association). Iterative; [`Lowerer::binary`] scans each cluster once,
/// from its root, so lowering stays linear in the chain's length.
fn mixed_and_xor(node: Node) -> Option<(Vec<Node>, Vec<BinOp>)> {
    enum Item<'t> {
        Visit(Node<'t>),
        Op(BinOp),
    }
    let and_or_xor = |node: Node| match Field::Operator.of(node)?.kind() {
        "&" if node.kind() == "binary_operator" => Some(BinOp::BitAnd),
        "^" if node.kind() == "binary_operator" => Some(BinOp::BitXor),
        _ => None,
    };
    let mut operands = Vec::new();
    let mut ops = Vec::new();
    let mut pending = vec![Item::Visit(node)];
    while let Some(item) = pending.pop() {
        match item {
            Item::Op(op) => ops.push(op),
            Item::Visit(node) => match and_or_xor(node) {
                Some(op) => {
                    let (left, right) = (Field::Left.of(node)?, Field::Right.of(node)?);
                    pending.extend([Item::Visit(right), Item::Op(op), Item::Visit(left)]);
                }
                None => operands.push(node),
            },
        }
    }
    let mixed = ops.contains(&BinOp::BitAnd) && ops.contains(&BinOp::BitXor);
    mixed.then_some((operands, ops))
}

/// The operator of a `binary_operator` node.
fn chain_op(node: Node) -> Option<BinOp> {
    if node.kind() != "binary_operator" {
        return None;
    }
    bin_op(Field::Operator.of(node)?.kind())
}

/// Whether `node`, the left operand of `parent`, is the root of a cluster
/// of `&` and `^` operations (its parent is neither).
fn starts_and_xor_cluster(node: Node, parent: Node) -> bool {
    let and_or_xor = |node| matches!(chain_op(node), Some(BinOp::BitAnd | BinOp::BitXor));
    and_or_xor(node) && !and_or_xor(parent)
}

pub(super) fn bin_op(symbol: &str) -> Option<BinOp> {
    Some(match symbol {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "@" => BinOp::MatMul,
        "/" => BinOp::Div,
        "//" => BinOp::FloorDiv,
        "%" => BinOp::Mod,
        "**" => BinOp::Pow,
        "<<" => BinOp::LShift,
        ">>" => BinOp::RShift,
        "|" => BinOp::BitOr,
        "^" => BinOp::BitXor,
        "&" => BinOp::BitAnd,
        _ => return None,
    })
}

fn bool_op(node: Node) -> Option<BoolOp> {
    match Field::Operator.of(node)?.kind() {
        "and" => Some(BoolOp::And),
        "or" => Some(BoolOp::Or),
        _ => None,
    }
}

fn cmp_op(symbol: &str) -> Option<CmpOp> {
    Some(match symbol {
        "==" => CmpOp::Eq,
        "!=" | "<>" => CmpOp::NotEq,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::LtE,
        ">" => CmpOp::Gt,
        ">=" => CmpOp::GtE,
        "is" => CmpOp::Is,
        "is not" => CmpOp::IsNot,
        "in" => CmpOp::In,
        "not in" => CmpOp::NotIn,
        _ => return None,
    })
}

/// The grammar reads `*x.shape` in an unparenthesized tuple as
/// `(*x).shape`; Python means `*(x.shape)`. Move the star from the object
/// of an attribute, subscript or call to the whole expression.
fn hoist_star(mut expr: Expr) -> Expr {
    let range = expr.range;
    let object = match &mut expr.kind {
        ExprKind::Attribute { value, .. } | ExprKind::Subscript { value, .. } => value,
        ExprKind::Call { func, .. } => func,
        _ => return expr,
    };
    let star_start = object.range.start;
    let ExprKind::Starred(inner) = &mut object.kind else {
        return expr;
    };
    // Replace `*x` by `x` in place, then star the whole expression.
    let placeholder = Expr {
        kind: ExprKind::Error,
        range: inner.range,
    };
    let inner = mem::replace(&mut **inner, placeholder);
    let inner_start = inner.range.start;
    **object = inner;
    expr.range = TextRange::new(inner_start, range.end);
    Expr {
        kind: ExprKind::Starred(Box::new(expr)),
        range: TextRange::new(star_start, range.end),
    }
}
