//! Finding entry points in a parsed file: the ExportDB layout (module-level
//! `model` + `example_args`) and every `torch.export.export(...)` /
//! `draft_export(...)` call wherever it is written: at module level, in
//! functions and methods (any statement nesting), in class bodies, and
//! nested in expressions (`print(export(...))`,
//! `export(...).run_decompositions()`, comprehensions). Each call is its own
//! entry, with the scope it runs in ([`CallScope`]), which tells the trace
//! driver how to reach it when the module code does not.
//!
//! The spellings recognized: `torch.export.export` (any `<x>.export.export`),
//! `export` / `draft_export` (as `from torch.export import export` binds
//! them), `export.export` (`from torch import export`), plus the aliases the
//! file's imports bind anywhere in it: `from torch.export import export as
//! ex`, `import torch.export as te` (`te.export(...)`), `from torch import
//! export as E` (`E.export(...)`).

use std::sync::Arc;

use syntax::ast::{Arg as AstArg, Expr, ExprKind, FStringPart, FunctionDef, Stmt, StmtKind};

use super::{EntryKind, EntryPoint, name_of};
use crate::SourceFile;

/// Where an export call runs: what must be called for the interpreter to
/// reach it.
#[derive(Clone, Debug)]
pub enum CallScope {
    /// Module code (also a class body at module level).
    Module,
    /// The body of a function defined at module level.
    Function(Arc<FunctionDef>),
    /// The body of a method of a class defined at module level.
    Method {
        class: String,
        def: Arc<FunctionDef>,
    },
    /// The body of a function nested in another function (or in a class
    /// that is not at module level): reached only when its caller runs.
    Nested(Arc<FunctionDef>),
}

/// The statement and expression nesting followed; deeper code is not
/// searched (the parser bounds nesting at 200 levels).
const MAX_DEPTH: u32 = 100;

/// Whether a file's text may hold an entry point, decided without parsing
/// it (so `check` over a repository parses only files that can matter).
/// Every spelling [`find_entries`] recognizes leaves one of these in the
/// text: the ExportDB layout's `example_args`, a call `export(` /
/// `draft_export(` (also `te.export (`), or the `torch.export` an alias is
/// imported from. False only when none occurs.
pub fn may_hold_entry(text: &str) -> bool {
    if text.contains("example_args") || text.contains("torch.export") {
        return true;
    }
    text.match_indices("export").any(|(at, word)| {
        text[at + word.len()..]
            .trim_start_matches([' ', '\t'])
            .starts_with('(')
    })
}

/// Find entry points in a parsed file, in source order (the ExportDB
/// layout first).
pub fn find_entries(file: &SourceFile) -> Vec<EntryPoint> {
    let mut out = Vec::new();
    let mut has_model = None;
    let mut has_args = false;
    for s in &file.module.body {
        let names: Vec<&str> = match &s.kind {
            StmtKind::Assign { targets, .. } => targets.iter().filter_map(name_of).collect(),
            StmtKind::AnnAssign { target, .. } => name_of(target).into_iter().collect(),
            _ => vec![],
        };
        if names.contains(&"model") {
            has_model = Some(s.range);
        }
        if names.contains(&"example_args") {
            has_args = true;
        }
    }
    if let (Some(range), true) = (has_model, has_args) {
        out.push(EntryPoint {
            name: "model".into(),
            line: file.line_of(range.start),
            range,
            kind: EntryKind::ExportDb,
        });
    }
    let mut names = ExportNames::default();
    for s in &file.module.body {
        names.collect(s, 0);
    }
    let mut finder = Finder {
        names: &names,
        calls: Vec::new(),
    };
    finder.block(&file.module.body, &Ctx::Module, 0);
    for (call, scope) in finder.calls {
        let strict = match &call.kind {
            ExprKind::Call { args, .. } => args.iter().find_map(|a| match a {
                AstArg::Keyword { name, value, .. } if name == "strict" => match value.kind {
                    ExprKind::Bool(b) => Some(b),
                    _ => None,
                },
                _ => None,
            }),
            _ => None,
        };
        let text = file.slice(call.range);
        let name: String = text.chars().take(60).collect();
        out.push(EntryPoint {
            name,
            line: file.line_of(call.range.start),
            range: call.range,
            kind: EntryKind::ExportCall {
                call: Box::new(call),
                strict,
                scope,
            },
        });
    }
    out
}

/// The names a file binds to torch's export functions and to the
/// `torch.export` module.
struct ExportNames {
    /// Bound to `torch.export.export` / `draft_export` themselves.
    funcs: Vec<String>,
    /// Bound to the `torch.export` module.
    modules: Vec<String>,
}

impl Default for ExportNames {
    fn default() -> Self {
        ExportNames {
            funcs: vec!["export".into(), "draft_export".into()],
            modules: vec!["export".into()],
        }
    }
}

impl ExportNames {
    /// Add the aliases the imports of `s` (and of the statements nested in
    /// it) bind.
    fn collect(&mut self, s: &Stmt, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        let add = |v: &mut Vec<String>, n: &str| {
            if !v.iter().any(|x| x == n) {
                v.push(n.to_string());
            }
        };
        match &s.kind {
            StmtKind::Import(aliases) => {
                for a in aliases {
                    if a.name == "torch.export"
                        && let Some(asname) = &a.asname
                    {
                        add(&mut self.modules, asname);
                    }
                }
            }
            StmtKind::ImportFrom {
                module: Some(m),
                level: 0,
                names,
            } => {
                for a in names {
                    let bound = a.asname.as_deref().unwrap_or(&a.name);
                    match (m.as_str(), a.name.as_str()) {
                        ("torch.export", "export" | "draft_export") => add(&mut self.funcs, bound),
                        ("torch", "export") => add(&mut self.modules, bound),
                        _ => {}
                    }
                }
            }
            _ => {
                for_each_block(s, |b| {
                    for s in b {
                        self.collect(s, depth + 1);
                    }
                });
            }
        }
    }

    /// Whether `func` (the callee of a call) names an export function.
    fn is_export_func(&self, func: &Expr) -> bool {
        match &func.kind {
            ExprKind::Name(n) => self.funcs.iter().any(|f| f == n),
            ExprKind::Attribute { value, attr } if attr == "export" || attr == "draft_export" => {
                match &value.kind {
                    ExprKind::Attribute { attr: a, .. } => a == "export",
                    ExprKind::Name(n) => self.modules.iter().any(|m| m == n),
                    _ => false,
                }
            }
            _ => false,
        }
    }
}

/// Whether `e` calls `torch.export.export` / `draft_export` under one of
/// the default spellings (no aliases).
pub(super) fn is_export_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call { func, .. } if ExportNames::default().is_export_func(func))
}

/// The blocks of statements a statement holds, function and class bodies
/// included.
fn for_each_block(s: &Stmt, mut f: impl FnMut(&[Stmt])) {
    match &s.kind {
        StmtKind::FunctionDef(def) => f(def.body()),
        StmtKind::ClassDef(def) => f(&def.body),
        _ => s.inner_blocks().into_iter().for_each(f),
    }
}

/// The definition context of the statements being searched.
#[derive(Clone)]
enum Ctx {
    Module,
    /// The body of a class defined at module level.
    Class(String),
    /// Anything else: statements run in `scope`; a `def` here is nested.
    Inner(CallScope),
}

impl Ctx {
    fn stmt_scope(&self) -> CallScope {
        match self {
            Ctx::Module | Ctx::Class(_) => CallScope::Module,
            Ctx::Inner(s) => s.clone(),
        }
    }

    fn def(&self, def: &Arc<FunctionDef>) -> Ctx {
        Ctx::Inner(match self {
            Ctx::Module => CallScope::Function(def.clone()),
            Ctx::Class(c) => CallScope::Method {
                class: c.clone(),
                def: def.clone(),
            },
            Ctx::Inner(_) => CallScope::Nested(def.clone()),
        })
    }

    fn class(&self, name: &str) -> Ctx {
        match self {
            Ctx::Module => Ctx::Class(name.to_string()),
            // A class body runs where the class statement runs; its
            // methods are nested.
            Ctx::Class(_) => Ctx::Inner(CallScope::Module),
            Ctx::Inner(s) => Ctx::Inner(s.clone()),
        }
    }
}

struct Finder<'a> {
    names: &'a ExportNames,
    calls: Vec<(Expr, CallScope)>,
}

impl Finder<'_> {
    fn block(&mut self, stmts: &[Stmt], ctx: &Ctx, depth: u32) {
        for s in stmts {
            self.stmt(s, ctx, depth);
        }
    }

    fn stmt(&mut self, s: &Stmt, ctx: &Ctx, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        let d = depth + 1;
        let scope = ctx.stmt_scope();
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::AugAssign { value: e, .. } => self.expr(e, &scope, d),
            StmtKind::Assign { value, .. } => self.expr(value, &scope, d),
            StmtKind::AnnAssign { value: Some(v), .. }
            | StmtKind::Return(Some(v))
            | StmtKind::Raise { exc: Some(v), .. } => self.expr(v, &scope, d),
            StmtKind::Assert { test, msg } => {
                self.expr(test, &scope, d);
                if let Some(m) = msg {
                    self.expr(m, &scope, d);
                }
            }
            StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
                self.expr(test, &scope, d);
                self.block(body, ctx, d);
                self.block(orelse, ctx, d);
            }
            StmtKind::For {
                iter, body, orelse, ..
            } => {
                self.expr(iter, &scope, d);
                self.block(body, ctx, d);
                self.block(orelse, ctx, d);
            }
            StmtKind::With { items, body, .. } => {
                for i in items {
                    self.expr(&i.context, &scope, d);
                }
                self.block(body, ctx, d);
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                self.block(body, ctx, d);
                for h in handlers {
                    self.block(&h.body, ctx, d);
                }
                self.block(orelse, ctx, d);
                self.block(finalbody, ctx, d);
            }
            StmtKind::FunctionDef(def) => self.block(def.body(), &ctx.def(def), d),
            StmtKind::ClassDef(def) => self.block(&def.body, &ctx.class(&def.name), d),
            _ => {}
        }
    }

    fn expr(&mut self, e: &Expr, scope: &CallScope, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        let d = depth + 1;
        match &e.kind {
            ExprKind::Call { func, args } => {
                if self.names.is_export_func(func) {
                    self.calls.push((e.clone(), scope.clone()));
                    return;
                }
                self.expr(func, scope, d);
                for a in args {
                    match a {
                        AstArg::Positional(v)
                        | AstArg::Starred(v)
                        | AstArg::Keyword { value: v, .. }
                        | AstArg::DoubleStarred(v) => self.expr(v, scope, d),
                    }
                }
            }
            ExprKind::Attribute { value, .. }
            | ExprKind::UnaryOp { operand: value, .. }
            | ExprKind::Starred(value)
            | ExprKind::Await(value)
            | ExprKind::YieldFrom(value)
            | ExprKind::Named { value, .. } => self.expr(value, scope, d),
            ExprKind::Yield(Some(value)) => self.expr(value, scope, d),
            ExprKind::Subscript { value, index } => {
                self.expr(value, scope, d);
                self.expr(index, scope, d);
            }
            ExprKind::BinOp { left, right, .. } => {
                self.expr(left, scope, d);
                self.expr(right, scope, d);
            }
            ExprKind::BoolOp { values, .. }
            | ExprKind::Tuple(values)
            | ExprKind::List(values)
            | ExprKind::Set(values) => {
                for v in values {
                    self.expr(v, scope, d);
                }
            }
            ExprKind::Compare {
                left, comparators, ..
            } => {
                self.expr(left, scope, d);
                for v in comparators {
                    self.expr(v, scope, d);
                }
            }
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(test, scope, d);
                self.expr(body, scope, d);
                self.expr(orelse, scope, d);
            }
            ExprKind::Dict(items) => {
                for i in items {
                    if let Some(k) = &i.key {
                        self.expr(k, scope, d);
                    }
                    self.expr(&i.value, scope, d);
                }
            }
            ExprKind::ListComp { elt, generators }
            | ExprKind::SetComp { elt, generators }
            | ExprKind::GeneratorExp { elt, generators } => {
                for g in generators {
                    self.expr(&g.iter, scope, d);
                    for c in &g.ifs {
                        self.expr(c, scope, d);
                    }
                }
                self.expr(elt, scope, d);
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => {
                for g in generators {
                    self.expr(&g.iter, scope, d);
                    for c in &g.ifs {
                        self.expr(c, scope, d);
                    }
                }
                self.expr(key, scope, d);
                self.expr(value, scope, d);
            }
            ExprKind::FString(parts) => self.fstring(parts, scope, d),
            // A lambda's body runs when something calls it: not searched.
            _ => {}
        }
    }

    fn fstring(&mut self, parts: &[FStringPart], scope: &CallScope, depth: u32) {
        if depth > MAX_DEPTH {
            return;
        }
        for p in parts {
            if let FStringPart::Expr {
                expr, format_spec, ..
            } = p
            {
                self.expr(expr, scope, depth + 1);
                self.fstring(format_spec, scope, depth + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::may_hold_entry;

    #[test]
    fn every_entry_spelling_passes_the_text_filter() {
        for text in [
            "model = M()\nexample_args = (x,)\n",
            "ep = torch.export.export(m, (x,))",
            "from torch.export import export as ex\nex(m, (x,))",
            "from torch import export as E\nE.export(m, (x,))",
            "ep = export (m, (x,))",
            "ep = draft_export(m, (x,))",
        ] {
            assert!(may_hold_entry(text), "{text}");
        }
    }

    #[test]
    fn files_without_an_export_call_are_filtered_out() {
        for text in [
            "",
            "class M(nn.Module):\n    def forward(self, x):\n        return x\n",
            "# exported names\n__all__ = ['export_utils']\nexport_dir = 'out'\n",
        ] {
            assert!(!may_hold_entry(text), "{text}");
        }
    }
}
