//! The owned Python AST the tracer walks.
//!
//! Every node carries the byte range of its source text. Constructs the
//! tracer does not model (match statements, `await`, `yield`, ...) still get
//! a node of their own so that the tracer can name them in an "analysis
//! incomplete" note; parse errors become [`ExprKind::Error`] /
//! [`StmtKind::Error`] nodes plus a [`crate::SyntaxError`].

use std::sync::Arc;

/// A half-open byte range `[start, end)` into the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub fn new(start: u32, end: u32) -> Self {
        Self { start, end }
    }

    pub fn len(&self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }
}

/// A parsed module: its statements and the syntax errors found.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub range: TextRange,
}

impl Stmt {
    /// The blocks of statements this compound statement runs in its own
    /// scope, in source order (`if`/`while`/`for` bodies and `else`
    /// blocks, `with`, `try` with its handlers); not function or class
    /// bodies. Empty for simple statements.
    pub fn inner_blocks(&self) -> Vec<&[Stmt]> {
        match &self.kind {
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => vec![body, orelse],
            StmtKind::With { body, .. } => vec![body],
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                let mut out: Vec<&[Stmt]> = vec![body];
                out.extend(handlers.iter().map(|h| h.body.as_slice()));
                out.push(orelse);
                out.push(finalbody);
                out
            }
            _ => Vec::new(),
        }
    }
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Expr(Expr),
    /// `a = b = value`: one or more targets.
    Assign {
        targets: Vec<Expr>,
        value: Expr,
    },
    AugAssign {
        target: Expr,
        op: BinOp,
        value: Expr,
    },
    AnnAssign {
        target: Expr,
        annotation: Expr,
        value: Option<Expr>,
    },
    Return(Option<Expr>),
    /// `elif` chains are lowered to a nested `If` as the only statement of `orelse`.
    If {
        test: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    While {
        test: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    For {
        target: Expr,
        iter: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
        is_async: bool,
    },
    With {
        items: Vec<WithItem>,
        body: Vec<Stmt>,
        is_async: bool,
    },
    FunctionDef(Arc<FunctionDef>),
    ClassDef(Arc<ClassDef>),
    /// `import a.b.c as d, e`
    Import(Vec<Alias>),
    /// `from ..a.b import c as d` (`module` is `None` for `from . import x`;
    /// a `*` import has a single alias named `*`).
    ImportFrom {
        module: Option<String>,
        level: u32,
        names: Vec<Alias>,
    },
    Pass,
    Break,
    Continue,
    Raise {
        exc: Option<Expr>,
        cause: Option<Expr>,
    },
    Assert {
        test: Expr,
        msg: Option<Expr>,
    },
    Global(Vec<String>),
    Nonlocal(Vec<String>),
    Delete(Vec<Expr>),
    Try {
        body: Vec<Stmt>,
        handlers: Vec<ExceptHandler>,
        orelse: Vec<Stmt>,
        finalbody: Vec<Stmt>,
    },
    /// A statement the tracer does not model (`match`, `type X = ...`,
    /// `print >>f`, `exec`): `what` names it for diagnostics.
    Unsupported {
        what: &'static str,
    },
    /// Source the parser could not make sense of.
    Error,
}

#[derive(Clone, Debug)]
pub struct WithItem {
    pub context: Expr,
    pub target: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct ExceptHandler {
    pub type_: Option<Expr>,
    pub name: Option<String>,
    pub body: Vec<Stmt>,
    pub range: TextRange,
}

#[derive(Clone, Debug)]
pub struct Alias {
    /// Dotted name as written: `torch.nn.functional`.
    pub name: String,
    pub asname: Option<String>,
    pub range: TextRange,
}

#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub name: String,
    pub params: Arc<Parameters>,
    /// Read through [`FunctionDef::body`]: library code defers it.
    pub(crate) body: crate::deferred::DefBody,
    pub decorators: Vec<Expr>,
    pub returns: Option<Expr>,
    pub is_async: bool,
    /// The whole `def` including decorators.
    pub range: TextRange,
    /// The name identifier.
    pub name_range: TextRange,
}

impl FunctionDef {
    /// The statements of the body (lowered now if parsing deferred them,
    /// see [`crate::parse_deferring`]).
    pub fn body(&self) -> &[Stmt] {
        self.body.stmts()
    }

    /// Its body (not a nested function's) contains `yield`: calling it
    /// makes a generator.
    pub fn is_generator(&self) -> bool {
        self.body.is_generator()
    }

    /// Whether the body has not been lowered yet.
    pub fn body_is_pending(&self) -> bool {
        self.body.is_pending()
    }
}

#[derive(Clone, Debug)]
pub struct ClassDef {
    pub name: String,
    /// Positional base classes.
    pub bases: Vec<Expr>,
    /// `metaclass=...` and other class keywords.
    pub keywords: Vec<(String, Expr)>,
    pub body: Vec<Stmt>,
    pub decorators: Vec<Expr>,
    pub range: TextRange,
    pub name_range: TextRange,
}

#[derive(Clone, Debug, Default)]
pub struct Parameters {
    /// Parameters before `/`.
    pub posonly: Vec<Param>,
    /// Ordinary positional-or-keyword parameters.
    pub args: Vec<Param>,
    /// `*args`
    pub vararg: Option<Param>,
    /// Parameters after `*` or `*args`.
    pub kwonly: Vec<Param>,
    /// `**kwargs`
    pub kwarg: Option<Param>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub annotation: Option<Expr>,
    pub default: Option<Expr>,
    pub range: TextRange,
}

/// An expression. `a + b + c + ...` nests to the left, one level per
/// operator, and has no length limit (the lowering's nesting limit does
/// not count it); cloning, dropping and printing walk such a chain
/// without recursing once per operand.
pub struct Expr {
    pub kind: ExprKind,
    pub range: TextRange,
}

/// A left-nested chain of binary operations longer than this is printed
/// flat by `Debug`.
const DEBUG_NESTED_SPINE: usize = 32;

impl Expr {
    /// The expression's kind, taken out (`Expr` implements `Drop`, so
    /// its fields cannot be moved out of it).
    pub fn into_kind(mut self) -> ExprKind {
        std::mem::replace(&mut self.kind, ExprKind::Error)
    }

    /// The left operand at the bottom of this expression's chain of binary
    /// operations (itself when it is none), and the chain's links from the
    /// bottom up: each operation's range, operator and right operand.
    pub fn binop_spine(&self) -> (&Expr, Vec<(TextRange, BinOp, &Expr)>) {
        let mut links = Vec::new();
        let mut bottom = self;
        while let ExprKind::BinOp { left, op, right } = &bottom.kind {
            links.push((bottom.range, *op, &**right));
            bottom = left;
        }
        links.reverse();
        (bottom, links)
    }

    /// Every name this expression reads, in source order, nested lambdas'
    /// and comprehensions' own included (a closure's free variables are
    /// among them).
    pub fn names_read(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_names(&mut out);
        out
    }

    fn collect_names<'a>(&'a self, out: &mut Vec<&'a str>) {
        use ExprKind as K;
        let fstring = |parts: &'a [FStringPart], out: &mut Vec<&'a str>| {
            fn walk<'a>(parts: &'a [FStringPart], out: &mut Vec<&'a str>) {
                for p in parts {
                    if let FStringPart::Expr {
                        expr, format_spec, ..
                    } = p
                    {
                        expr.collect_names(out);
                        walk(format_spec, out);
                    }
                }
            }
            walk(parts, out)
        };
        let comprehensions = |gens: &'a [Comprehension], out: &mut Vec<&'a str>| {
            for g in gens {
                g.iter.collect_names(out);
                g.ifs.iter().for_each(|e| e.collect_names(out));
            }
        };
        match &self.kind {
            K::Name(n) => out.push(n),
            K::FString(parts) => fstring(parts, out),
            K::Attribute { value, .. } | K::Starred(value) | K::Await(value) => {
                value.collect_names(out)
            }
            K::YieldFrom(value) | K::UnaryOp { operand: value, .. } => value.collect_names(out),
            K::Yield(value) => {
                if let Some(v) = value {
                    v.collect_names(out);
                }
            }
            K::Subscript { value, index } => {
                value.collect_names(out);
                index.collect_names(out);
            }
            K::Slice { lower, upper, step } => {
                for e in [lower, upper, step].into_iter().flatten() {
                    e.collect_names(out);
                }
            }
            K::Call { func, args } => {
                func.collect_names(out);
                for a in args {
                    match a {
                        Arg::Positional(e)
                        | Arg::Starred(e)
                        | Arg::DoubleStarred(e)
                        | Arg::Keyword { value: e, .. } => e.collect_names(out),
                    }
                }
            }
            K::BinOp { .. } => {
                let (bottom, links) = self.binop_spine();
                bottom.collect_names(out);
                for (_, _, right) in links {
                    right.collect_names(out);
                }
            }
            K::BoolOp { values, .. } | K::Tuple(values) | K::List(values) | K::Set(values) => {
                values.iter().for_each(|e| e.collect_names(out))
            }
            K::Compare {
                left, comparators, ..
            } => {
                left.collect_names(out);
                comparators.iter().for_each(|e| e.collect_names(out));
            }
            K::IfExp { test, body, orelse } => {
                body.collect_names(out);
                test.collect_names(out);
                orelse.collect_names(out);
            }
            K::Lambda { body, .. } => body.collect_names(out),
            K::Dict(items) => {
                for i in items {
                    if let Some(k) = &i.key {
                        k.collect_names(out);
                    }
                    i.value.collect_names(out);
                }
            }
            K::ListComp { elt, generators }
            | K::SetComp { elt, generators }
            | K::GeneratorExp { elt, generators } => {
                elt.collect_names(out);
                comprehensions(generators, out);
            }
            K::DictComp {
                key,
                value,
                generators,
            } => {
                key.collect_names(out);
                value.collect_names(out);
                comprehensions(generators, out);
            }
            K::Named { value, .. } => value.collect_names(out),
            K::Int(_)
            | K::BigInt(_)
            | K::Float(_)
            | K::Imaginary(_)
            | K::Str(_)
            | K::Bytes(_)
            | K::Bool(_)
            | K::NoneLit
            | K::Ellipsis
            | K::Unsupported { .. }
            | K::Error => {}
        }
    }
}

impl Clone for Expr {
    fn clone(&self) -> Self {
        let ExprKind::BinOp { .. } = self.kind else {
            return Expr {
                kind: self.kind.clone(),
                range: self.range,
            };
        };
        let (bottom, links) = self.binop_spine();
        let mut out = Expr {
            kind: bottom.kind.clone(),
            range: bottom.range,
        };
        for (range, op, right) in links {
            out = Expr {
                kind: ExprKind::BinOp {
                    left: Box::new(out),
                    op,
                    right: Box::new(right.clone()),
                },
                range,
            };
        }
        out
    }
}

impl Drop for Expr {
    /// Unlinks a chain of binary operations one level at a time: the
    /// default drop would recurse once per operand.
    fn drop(&mut self) {
        let ExprKind::BinOp { left, .. } = &mut self.kind else {
            return;
        };
        let mut below = std::mem::replace(&mut left.kind, ExprKind::Error);
        while let ExprKind::BinOp { left, .. } = &mut below {
            let next = std::mem::replace(&mut left.kind, ExprKind::Error);
            // Drops the level above, whose left operand is now an `Error`.
            below = next;
        }
    }
}

impl std::fmt::Debug for Expr {
    /// As derived, except that a long chain of binary operations is shown
    /// flat, as `BinOpChain { first, links: [(range, op, right), ...] }`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (bottom, links) = self.binop_spine();
        if links.len() <= DEBUG_NESTED_SPINE {
            return f
                .debug_struct("Expr")
                .field("kind", &self.kind)
                .field("range", &self.range)
                .finish();
        }
        f.debug_struct("BinOpChain")
            .field("first", bottom)
            .field("links", &links)
            .finish()
    }
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Name(String),
    /// Integer literal; literals that do not fit in `i64` are `BigInt`.
    Int(i64),
    BigInt(String),
    Float(f64),
    /// Imaginary literal `3j` (the imaginary part).
    Imaginary(f64),
    /// String literal, adjacent literals concatenated, escapes resolved.
    Str(String),
    Bytes(Vec<u8>),
    Bool(bool),
    NoneLit,
    Ellipsis,
    FString(Vec<FStringPart>),
    Attribute {
        value: Box<Expr>,
        attr: String,
    },
    /// `value[index]`; `a[i, j]` has a `Tuple` index, `a[1:2]` a `Slice`.
    Subscript {
        value: Box<Expr>,
        index: Box<Expr>,
    },
    Slice {
        lower: Option<Box<Expr>>,
        upper: Option<Box<Expr>>,
        step: Option<Box<Expr>>,
    },
    Call {
        func: Box<Expr>,
        args: Vec<Arg>,
    },
    BinOp {
        left: Box<Expr>,
        op: BinOp,
        right: Box<Expr>,
    },
    UnaryOp {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    /// `a and b and c`
    BoolOp {
        op: BoolOp,
        values: Vec<Expr>,
    },
    /// `a < b <= c`: `ops.len() == comparators.len()`.
    Compare {
        left: Box<Expr>,
        ops: Vec<CmpOp>,
        comparators: Vec<Expr>,
    },
    IfExp {
        test: Box<Expr>,
        body: Box<Expr>,
        orelse: Box<Expr>,
    },
    Lambda {
        params: Arc<Parameters>,
        body: Arc<Expr>,
    },
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
    Set(Vec<Expr>),
    Dict(Vec<DictItem>),
    ListComp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    SetComp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    GeneratorExp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    DictComp {
        key: Box<Expr>,
        value: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    /// `*x` in a call, tuple, list or assignment target.
    Starred(Box<Expr>),
    /// `(target := value)`
    Named {
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Await(Box<Expr>),
    Yield(Option<Box<Expr>>),
    YieldFrom(Box<Expr>),
    /// An expression the tracer does not model; `what` names it.
    Unsupported {
        what: &'static str,
    },
    /// Source the parser could not make sense of.
    Error,
}

#[derive(Clone, Debug)]
pub enum FStringPart {
    Literal(String),
    Expr {
        expr: Box<Expr>,
        /// `!r`, `!s`, `!a`
        conversion: Option<char>,
        /// The format spec after `:`, parts of its own.
        format_spec: Vec<FStringPart>,
        /// `f"{x=}"`
        debug: bool,
    },
}

#[derive(Clone, Debug)]
pub enum Arg {
    Positional(Expr),
    /// `*args`
    Starred(Expr),
    Keyword {
        name: String,
        value: Expr,
        range: TextRange,
    },
    /// `**kwargs`
    DoubleStarred(Expr),
}

#[derive(Clone, Debug)]
pub struct DictItem {
    /// `None` for `**mapping`.
    pub key: Option<Expr>,
    pub value: Expr,
}

#[derive(Clone, Debug)]
pub struct Comprehension {
    pub target: Expr,
    pub iter: Expr,
    pub ifs: Vec<Expr>,
    pub is_async: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    MatMul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd,
}

impl BinOp {
    /// The operator as written in Python source.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::MatMul => "@",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::BitAnd => "&",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Not,
    Neg,
    Pos,
    Invert,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoolOp {
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    NotEq,
    Lt,
    LtE,
    Gt,
    GtE,
    Is,
    IsNot,
    In,
    NotIn,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::NotEq => "!=",
            CmpOp::Lt => "<",
            CmpOp::LtE => "<=",
            CmpOp::Gt => ">",
            CmpOp::GtE => ">=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}
