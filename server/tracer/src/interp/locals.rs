//! Which names a function body binds (its locals, as CPython's compiler
//! decides them): a name read before it is bound is an undefined local in
//! the function that binds it and an uninitialized cell in the functions
//! nested in it, which Dynamo reports with codes of their own.

use syntax::ast::{Expr, ExprKind, Stmt, StmtKind};

/// `body` (not a nested function's or class's) binds `name` and does not
/// declare it `global` or `nonlocal`.
pub fn binds(body: &[Stmt], name: &str) -> bool {
    binds_in(body, name) && !declares_outside(body, name)
}

fn binds_in(body: &[Stmt], name: &str) -> bool {
    body.iter().any(|s| stmt_binds(s, name))
}

/// The statement binds `name` itself, or a block nested in it
/// ([`Stmt::inner_blocks`]) does.
fn stmt_binds(stmt: &Stmt, name: &str) -> bool {
    let here = match &stmt.kind {
        StmtKind::Assign { targets, .. } => targets.iter().any(|t| target_binds(t, name)),
        StmtKind::AugAssign { target, .. }
        | StmtKind::AnnAssign { target, .. }
        | StmtKind::For { target, .. } => target_binds(target, name),
        StmtKind::Delete(targets) => targets.iter().any(|t| target_binds(t, name)),
        StmtKind::With { items, .. } => items
            .iter()
            .any(|i| i.target.as_ref().is_some_and(|t| target_binds(t, name))),
        StmtKind::Try { handlers, .. } => handlers.iter().any(|h| h.name.as_deref() == Some(name)),
        StmtKind::FunctionDef(def) => def.name == name,
        StmtKind::ClassDef(def) => def.name == name,
        StmtKind::Import(aliases) => aliases.iter().any(|a| {
            a.asname
                .as_deref()
                .unwrap_or_else(|| a.name.split('.').next().unwrap_or(""))
                == name
        }),
        StmtKind::ImportFrom { names, .. } => names
            .iter()
            .any(|a| a.asname.as_deref().unwrap_or(&a.name) == name),
        _ => false,
    };
    here || stmt.inner_blocks().into_iter().any(|b| binds_in(b, name))
}

fn target_binds(target: &Expr, name: &str) -> bool {
    match &target.kind {
        ExprKind::Name(n) => n == name,
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            items.iter().any(|t| target_binds(t, name))
        }
        ExprKind::Starred(inner) => target_binds(inner, name),
        _ => false,
    }
}

fn declares_outside(body: &[Stmt], name: &str) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::Global(names) | StmtKind::Nonlocal(names) => names.iter().any(|n| n == name),
        _ => s
            .inner_blocks()
            .into_iter()
            .any(|b| declares_outside(b, name)),
    })
}
