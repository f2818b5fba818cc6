//! Values for assumed constructor arguments that satisfy what `__init__`
//! checks of them: its top-level `assert`s (`assert dim % heads == 0`),
//! `torch._assert(...)` / `torch._check(...)` calls and `if ...: raise`
//! statements (`if dim % 8: raise ValueError(...)`), read
//! with the local assignments before them (`head_dim = dim // heads`). A
//! small search over each assumed parameter's candidate values
//! ([`satisfy`]) picks the first combination every decidable check
//! accepts, nearest the first candidates; a check that reads anything the
//! evaluator cannot compute is left to the trace.

use std::collections::HashMap;

use syntax::ast::{Expr, ExprKind, FunctionDef, Stmt, StmtKind};

use super::literal::{Lit, Lookup, MAX_DEPTH, eval};

/// Combinations of candidate values tried, at most.
const MAX_COMBINATIONS: usize = 4096;

/// One check `__init__` makes: `test` must hold (`negated`: must not),
/// with the assignments made before it.
struct Check<'a> {
    test: &'a Expr,
    negated: bool,
    /// How many of the assignments ([`Checks::assignments`]) come before it.
    before: usize,
}

/// The checks and assignments of an `__init__`, in order.
pub struct Checks<'a> {
    /// Names looked up so far, by every evaluation: the search stops
    /// deciding (checks read as passing) at [`MAX_LOOKUPS`].
    lookups: std::cell::Cell<u32>,
    checks: Vec<Check<'a>>,
    /// Top-level assignments, in order: target (`head_dim`,
    /// `self.head_dim`) and value.
    assignments: Vec<(String, &'a Expr)>,
}

impl<'a> Checks<'a> {
    /// Read the top-level statements of `init`.
    pub fn of(init: &'a FunctionDef) -> Checks<'a> {
        let mut checks = Vec::new();
        let mut assignments = Vec::new();
        for s in init.body() {
            match &s.kind {
                StmtKind::Assert { test, .. } => checks.push(Check {
                    test,
                    negated: false,
                    before: assignments.len(),
                }),
                StmtKind::If { test, body, .. } if raises(body) => checks.push(Check {
                    test,
                    negated: true,
                    before: assignments.len(),
                }),
                StmtKind::Expr(e) => {
                    if let Some(test) = torch_check(e) {
                        checks.push(Check {
                            test,
                            negated: false,
                            before: assignments.len(),
                        });
                    }
                }
                StmtKind::Assign { targets, value } => {
                    for t in targets {
                        if let Some(name) = target_name(t) {
                            assignments.push((name, value));
                        }
                    }
                }
                StmtKind::AnnAssign {
                    target,
                    value: Some(value),
                    ..
                } => {
                    if let Some(name) = target_name(target) {
                        assignments.push((name, value));
                    }
                }
                _ => {}
            }
        }
        Checks {
            lookups: std::cell::Cell::new(0),
            checks,
            assignments,
        }
    }

    /// Whether there is nothing to satisfy.
    pub fn is_empty(&self) -> bool {
        self.checks.is_empty()
    }

    /// Whether every check that can be decided holds with `values`.
    pub fn hold(&self, values: &HashMap<String, Lit>) -> bool {
        self.checks.iter().all(|c| {
            let scope = Env {
                values,
                assignments: &self.assignments[..c.before],
                lookups: &self.lookups,
            };
            match eval(c.test, &scope, 0) {
                Some(v) => v.truthy() != c.negated,
                None => true,
            }
        })
    }

    /// The parameters the checks read (directly or through assignments).
    fn reads(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut add = |e: &Expr| {
            for n in e.names_read() {
                if !out.iter().any(|o| o == n) {
                    out.push(n.to_string());
                }
            }
        };
        for c in &self.checks {
            add(c.test);
        }
        for (_, v) in &self.assignments {
            add(v);
        }
        out
    }
}

/// The condition of `torch._assert(cond, ...)` or `torch._check(cond,
/// ...)`.
fn torch_check(e: &Expr) -> Option<&Expr> {
    let ExprKind::Call { func, args } = &e.kind else {
        return None;
    };
    let ExprKind::Attribute { attr, .. } = &func.kind else {
        return None;
    };
    if attr != "_assert" && attr != "_check" {
        return None;
    }
    match args.first()? {
        syntax::ast::Arg::Positional(cond) => Some(cond),
        _ => None,
    }
}

/// A block that raises: its last statement is a `raise`.
fn raises(body: &[Stmt]) -> bool {
    matches!(body.last().map(|s| &s.kind), Some(StmtKind::Raise { .. }))
}

/// `name` or `self.name` as an assignment target.
fn target_name(t: &Expr) -> Option<String> {
    match &t.kind {
        ExprKind::Name(n) => Some(n.clone()),
        ExprKind::Attribute { value, attr } => match &value.kind {
            ExprKind::Name(s) if s == "self" => Some(format!("self.{attr}")),
            _ => None,
        },
        _ => None,
    }
}

/// Names while evaluating a check: the assignments before it (the last
/// one of a name), then the parameters' values.
struct Env<'e, 'a> {
    values: &'e HashMap<String, Lit>,
    assignments: &'e [(String, &'a Expr)],
    lookups: &'e std::cell::Cell<u32>,
}

/// Names the checks of one `__init__` may look up, over the whole search.
const MAX_LOOKUPS: u32 = 200_000;

impl Lookup for Env<'_, '_> {
    fn lookup(&self, e: &Expr, depth: u32) -> Option<Lit> {
        let done = self.lookups.get();
        if depth > MAX_DEPTH || done >= MAX_LOOKUPS {
            return None;
        }
        self.lookups.set(done + 1);
        let name = target_name(e)?;
        if let Some(at) = self.assignments.iter().rposition(|(n, _)| *n == name) {
            let earlier = Env {
                values: self.values,
                assignments: &self.assignments[..at],
                lookups: self.lookups,
            };
            return eval(self.assignments[at].1, &earlier, depth + 1);
        }
        self.values.get(&name).cloned()
    }
}

/// Pick a value for each parameter of `free` (name, candidates: the
/// preferred first) so that every check `checks` can decide holds, with
/// `fixed` (the values known) for the others. Combinations are tried by
/// the sum of their candidates' ranks, so the preferred values change
/// least; only parameters the checks read vary. Returns the chosen value
/// of each free parameter (the first candidates when no combination
/// satisfies them all, or there is nothing to satisfy).
pub fn satisfy(
    checks: &Checks,
    fixed: &[(String, Lit)],
    free: &[(String, Vec<Lit>)],
) -> Vec<(String, Lit)> {
    let first: Vec<(String, Lit)> = free
        .iter()
        .filter_map(|(n, c)| Some((n.clone(), c.first()?.clone())))
        .collect();
    if checks.is_empty() {
        return first;
    }
    let values_of = |choice: &[(String, Lit)]| -> HashMap<String, Lit> {
        fixed.iter().chain(choice).cloned().collect()
    };
    if checks.hold(&values_of(&first)) {
        return first;
    }
    let read = checks.reads();
    // The varied parameters and their candidates, cut so that the
    // combinations stay within bounds.
    let mut varied: Vec<(usize, usize)> = free
        .iter()
        .enumerate()
        .filter(|(_, (n, c))| read.contains(n) && !c.is_empty())
        .map(|(i, (_, c))| (i, c.len()))
        .collect();
    while varied.iter().map(|(_, n)| *n).product::<usize>() > MAX_COMBINATIONS {
        let Some(longest) = varied.iter_mut().max_by_key(|(_, n)| *n) else {
            break;
        };
        longest.1 = (longest.1 / 2).max(1);
    }
    let mut combos: Vec<Vec<usize>> = vec![Vec::new()];
    for (_, n) in &varied {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                (0..*n).map(move |k| {
                    let mut c = c.clone();
                    c.push(k);
                    c
                })
            })
            .collect();
    }
    combos.sort_by_key(|c| c.iter().sum::<usize>());
    for combo in combos {
        let mut choice = first.clone();
        for ((index, _), k) in varied.iter().zip(&combo) {
            let (name, candidates) = &free[*index];
            if let Some(slot) = choice.iter_mut().find(|(n, _)| n == name) {
                slot.1 = candidates[*k].clone();
            }
        }
        if checks.hold(&values_of(&choice)) {
            return choice;
        }
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    fn init_of(text: &str) -> std::sync::Arc<FunctionDef> {
        let parsed = syntax::parse(text);
        match &parsed.module.body[0].kind {
            StmtKind::FunctionDef(f) => f.clone(),
            _ => panic!("not a def"),
        }
    }

    fn ints(v: &[i64]) -> Vec<Lit> {
        v.iter().map(|i| Lit::Int(*i)).collect()
    }

    #[test]
    fn asserts_and_raises_pick_values_that_pass() {
        let init = init_of(
            "def __init__(self, dim, heads, groups):\n    super().__init__()\n    head_dim = dim // heads\n    assert head_dim * heads == dim, 'dim must divide'\n    if dim % 8:\n        raise ValueError('dim')\n    torch._assert(dim % 24 == 0, 'dim')\n    if not groups in (1, 3):\n        raise ValueError('groups')\n",
        );
        let checks = Checks::of(&init);
        let chosen = satisfy(
            &checks,
            &[],
            &[
                ("dim".into(), ints(&[64, 32, 128, 96, 48])),
                ("heads".into(), ints(&[4, 8, 2])),
                ("groups".into(), ints(&[1, 2])),
            ],
        );
        assert_eq!(
            chosen,
            [
                ("dim".to_string(), Lit::Int(96)),
                ("heads".to_string(), Lit::Int(4)),
                ("groups".to_string(), Lit::Int(1)),
            ]
        );
    }

    #[test]
    fn known_values_are_kept_and_undecidable_checks_ignored() {
        let init = init_of(
            "def __init__(self, dim, heads=6):\n    assert dim % heads == 0\n    assert self.norm is None\n    assert torch.cuda.is_available()\n",
        );
        let checks = Checks::of(&init);
        let chosen = satisfy(
            &checks,
            &[("heads".into(), Lit::Int(6))],
            &[("dim".into(), ints(&[64, 32, 128, 96]))],
        );
        assert_eq!(chosen, [("dim".to_string(), Lit::Int(96))]);
        // Nothing satisfies it: the first candidates stay.
        let chosen = satisfy(
            &checks,
            &[("heads".into(), Lit::Int(7))],
            &[("dim".into(), ints(&[64, 32]))],
        );
        assert_eq!(chosen, [("dim".to_string(), Lit::Int(64))]);
    }
}
