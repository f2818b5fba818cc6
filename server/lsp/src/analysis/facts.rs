//! What hover shows, gathered from the traces: per line, the ops a program
//! records there with their types and the guards added there; the tensor
//! types names are bound to; the symbols' ranges and sources. An entry's
//! exported program is recorded (the strict one first), else the partial
//! graph of its failing trace that got furthest; ops recorded on lines of
//! other files are kept for hover there.

use std::collections::{BTreeMap, HashMap};

use syntax::ast::{ExprKind, Stmt, StmtKind};
use tracer::entry::TracedProgram;
use tracer::graph::{InputKind, MetaVal, NodeOp};
use tracer::{Mode, SourceFile, TraceOutcome, TraceResult};

/// What hover shows, by 0-based line.
#[derive(Clone, Debug, Default)]
pub struct HoverTable {
    pub lines: HashMap<u32, LineFacts>,
    pub bindings: Vec<Binding>,
    /// `s0` -> (`[2, int_oo]`, `x.size()[0]`).
    pub symbols: BTreeMap<String, (String, Option<String>)>,
}

/// What one source line records and guards.
#[derive(Clone, Debug, Default)]
pub struct LineFacts {
    /// (ATen target, value type) of each node the line records.
    pub ops: Vec<(String, String)>,
    pub guards: Vec<String>,
    /// The ops come from a trace that failed at this 1-based line: what
    /// ran before the failure.
    pub partial: Option<u32>,
}

/// A name bound to a tensor type at a line, within a scope.
#[derive(Clone, Debug)]
pub struct Binding {
    pub name: String,
    /// 0-based line of the binding.
    pub line: u32,
    pub ty: String,
    /// 0-based lines of the enclosing function.
    pub scope: (u32, u32),
}

/// Hover and inlay facts of one entry's runs: the strict program when it
/// exported (its lines are the ops' own lines), else the non-strict one,
/// else the partial graph of the failing run that got furthest. Returns
/// the exported program it recorded. `forward_line`: the line of the one
/// `forward` whose parameters are the program's inputs (else any
/// `forward` with parameters of those names).
pub(super) fn record_runs<'r>(
    file: &SourceFile,
    scopes: &[Scope<'_>],
    runs: &'r [TraceResult],
    entry_index: usize,
    forward_line: Option<u32>,
    hover: &mut HoverTable,
    owner: &mut HashMap<u32, usize>,
) -> Option<&'r TracedProgram> {
    let at = RecordAt {
        entry_index,
        forward_line,
        partial_at: None,
    };
    let chosen = runs
        .iter()
        .filter_map(|r| match &r.outcome {
            TraceOutcome::Exported(p) => Some((r.mode, p.as_ref())),
            TraceOutcome::Failed(_) => None,
        })
        .min_by_key(|(m, _)| *m != Mode::Strict);
    if let Some((mode, p)) = chosen {
        record_program(file, scopes, mode, p, &at, hover, owner);
        return Some(p);
    }
    if let Some((r, p, failed_at)) = longest_partial(runs) {
        let at = RecordAt {
            partial_at: failed_at,
            ..at
        };
        record_program(file, scopes, r.mode, p, &at, hover, owner);
    }
    None
}

/// Whose facts [`record_program`] records: the entry's index (the first
/// entry to record a line owns it), the line of the `forward` its inputs
/// bind to, and for a failed trace's partial graph the line it failed at.
struct RecordAt {
    entry_index: usize,
    forward_line: Option<u32>,
    partial_at: Option<u32>,
}

/// A function and its 1-based first and last lines.
pub(super) type Scope<'a> = (u32, u32, &'a syntax::ast::FunctionDef);

/// 1-based line spans of every function in the file, innermost last.
pub(super) fn function_scopes(file: &SourceFile) -> Vec<Scope<'_>> {
    fn walk<'a>(file: &SourceFile, body: &'a [Stmt], out: &mut Vec<Scope<'a>>, depth: u32) {
        if depth > 32 {
            return;
        }
        for s in body {
            match &s.kind {
                StmtKind::FunctionDef(f) => {
                    out.push((
                        file.line_of(f.range.start),
                        file.line_of(f.range.end.saturating_sub(1).max(f.range.start)),
                        &**f,
                    ));
                    walk(file, f.body(), out, depth + 1);
                }
                StmtKind::ClassDef(c) => walk(file, &c.body, out, depth + 1),
                StmtKind::If { body, orelse, .. } => {
                    walk(file, body, out, depth + 1);
                    walk(file, orelse, out, depth + 1);
                }
                StmtKind::With { body, .. } | StmtKind::Try { body, .. } => {
                    walk(file, body, out, depth + 1)
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(file, &file.module.body, &mut out, 0);
    out
}

/// The innermost function (1-based lines) holding a 1-based line.
pub(super) fn scope_of(scopes: &[Scope<'_>], line: u32) -> Option<(u32, u32)> {
    scopes
        .iter()
        .filter(|(s, e, _)| *s <= line && line <= *e)
        .min_by_key(|(s, e, _)| e - s)
        .map(|(s, e, _)| (*s, *e))
}

/// A value type as the exported program annotates it: `f32[s0, 4]`.
fn type_text(p: &TracedProgram, v: &MetaVal) -> Option<String> {
    let env = &p.env;
    Some(match v {
        MetaVal::Tensor { dtype, shape } => format!(
            "{}[{}]",
            dtype.short(),
            shape
                .iter()
                .map(|d| env.render(&env.simplify(d)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        MetaVal::Sym(e) => format!("Sym({})", env.render(&env.simplify(e))),
        MetaVal::SymFloat(f) => format!("Sym({})", f.render(&|e| env.render(&env.simplify(e)))),
        MetaVal::SymBool(b) => format!(
            "Sym({} {} {})",
            env.render(&b.lhs),
            b.op,
            env.render(&b.rhs)
        ),
        MetaVal::Tuple(items) => format!(
            "({})",
            items
                .iter()
                .map(|i| type_text(p, i).unwrap_or_else(|| "?".into()))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        MetaVal::Const(_) | MetaVal::None => return None,
    })
}

/// The ops a program records on lines of other files, by (path, 0-based
/// line), for hover there.
pub(super) fn record_foreign_program(
    p: &TracedProgram,
    out: &mut BTreeMap<(String, u32), LineFacts>,
) {
    let mut recorded: Vec<_> = p.graph.node_sites.iter().collect();
    recorded.sort_by_key(|(id, _)| id.0);
    for (id, (path, line)) in recorded {
        let n = p.graph.node(*id);
        let (line, Some(target)) = (*line, n.target()) else {
            continue;
        };
        if line == 0 || n.hidden {
            continue;
        }
        let ty = type_text(p, &n.val).unwrap_or_default();
        let facts = out.entry((path.clone(), line - 1)).or_default();
        let op = (target.to_string(), ty);
        if !facts.ops.contains(&op) {
            facts.ops.push(op);
        }
    }
}

/// The partial graph of the failed run that recorded the most ops, with
/// the line it failed at.
fn longest_partial(runs: &[TraceResult]) -> Option<(&TraceResult, &TracedProgram, Option<u32>)> {
    runs.iter()
        .filter_map(|r| match (&r.outcome, &r.partial) {
            (TraceOutcome::Failed(f), Some(p)) if f.path.is_none() => Some((r, p.as_ref(), f.line)),
            _ => None,
        })
        .max_by_key(|(_, p, _)| p.graph.nodes.len())
}

/// Hover and inlay facts of one traced program (see [`RecordAt`]).
fn record_program(
    file: &SourceFile,
    scopes: &[Scope<'_>],
    mode: Mode,
    p: &TracedProgram,
    at: &RecordAt,
    hover: &mut HoverTable,
    owner: &mut HashMap<u32, usize>,
) {
    let (entry_index, partial_at) = (at.entry_index, at.partial_at);
    let named = export::name_program(p, mode);
    let g = &p.graph;
    let line_count = file.index.line_count();
    for id in &named.order {
        let n = g.node(*id);
        let (Some(line), Some(target)) = (n.line, n.target()) else {
            continue;
        };
        // Nodes recorded in an imported file are not this file's lines.
        if g.node_paths.contains_key(id) {
            continue;
        }
        // Only lines inside functions: a module-level line is where the
        // export was called, not where the op is.
        if line == 0 || line > line_count || scope_of(scopes, line).is_none() {
            continue;
        }
        let l0 = line - 1;
        if *owner.entry(l0).or_insert(entry_index) != entry_index {
            continue;
        }
        let ty = type_text(p, &n.val).unwrap_or_default();
        let facts = hover.lines.entry(l0).or_default();
        facts.ops.push((target.to_string(), ty));
        facts.partial = partial_at;
    }
    // `forward`'s parameters: the user inputs.
    for id in &p.inputs {
        let n = g.node(*id);
        let NodeOp::Placeholder(InputKind::User(name)) = &n.op else {
            continue;
        };
        let Some(ty) = type_text(p, &n.val) else {
            continue;
        };
        let bound = |s: u32, f: &syntax::ast::FunctionDef| {
            f.name == "forward" && at.forward_line.is_none_or(|l| l == s)
        };
        for (s, e, f) in scopes.iter().filter(|(s, _, f)| bound(*s, f)) {
            let has = f
                .params
                .posonly
                .iter()
                .chain(&f.params.args)
                .chain(&f.params.kwonly)
                .any(|prm| &prm.name == name);
            let already = hover
                .bindings
                .iter()
                .any(|b| b.line == s - 1 && &b.name == name);
            if has && !already {
                hover.bindings.push(Binding {
                    name: name.clone(),
                    line: s - 1,
                    ty: ty.clone(),
                    scope: (s - 1, e - 1),
                });
            }
        }
    }
    for (key, lo, hi) in &p.range_constraints {
        let source = p
            .env
            .symbols
            .iter()
            .find(|s| &s.name == key)
            .and_then(|s| s.source.clone());
        hover
            .symbols
            .entry(key.clone())
            .or_insert_with(|| (format!("[{lo}, {hi}]"), source));
    }
}

/// Statements of a function body with their 1-based start lines, nested
/// blocks included.
pub(super) fn body_statements<'a>(body: &'a [Stmt], out: &mut Vec<&'a Stmt>, depth: u32) {
    if depth > 32 {
        return;
    }
    for s in body {
        out.push(s);
        match &s.kind {
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                body_statements(body, out, depth + 1);
                body_statements(orelse, out, depth + 1);
            }
            StmtKind::With { body, .. } => body_statements(body, out, depth + 1),
            StmtKind::Try {
                body,
                orelse,
                finalbody,
                handlers,
            } => {
                body_statements(body, out, depth + 1);
                body_statements(orelse, out, depth + 1);
                body_statements(finalbody, out, depth + 1);
                for h in handlers {
                    body_statements(&h.body, out, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// The last tensor-typed op recorded on lines `first..=last` (1-based).
pub(super) fn last_type(hover: &HoverTable, first: u32, last: u32) -> Option<String> {
    (first..=last)
        .rev()
        .filter_map(|l| hover.lines.get(&(l - 1)))
        .find_map(|f| {
            f.ops
                .iter()
                .rev()
                .find(|(_, t)| !t.is_empty())
                .map(|(_, t)| t.clone())
        })
}

/// Bindings from assignments on lines that record ops (for hover on names).
pub(super) fn assignment_bindings(file: &SourceFile, scopes: &[Scope<'_>], hover: &mut HoverTable) {
    for (fs, fe, f) in scopes {
        let mut stmts = Vec::new();
        body_statements(f.body(), &mut stmts, 0);
        for s in stmts {
            let first = file.line_of(s.range.start);
            let last = file.line_of(s.range.end.saturating_sub(1).max(s.range.start));
            let name = match &s.kind {
                StmtKind::Assign { targets, .. } if targets.len() == 1 => match &targets[0].kind {
                    ExprKind::Name(n) => n.clone(),
                    _ => continue,
                },
                StmtKind::AugAssign { target, .. } | StmtKind::AnnAssign { target, .. } => {
                    match &target.kind {
                        ExprKind::Name(n) => n.clone(),
                        _ => continue,
                    }
                }
                _ => continue,
            };
            if let Some(ty) = last_type(hover, first, last) {
                hover.bindings.push(Binding {
                    name,
                    line: first - 1,
                    ty,
                    scope: (fs - 1, fe - 1),
                });
            }
        }
    }
}
