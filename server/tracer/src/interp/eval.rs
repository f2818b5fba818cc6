//! `eval` and `exec` of a string the code holds: parsed with the project's
//! own parser and run by this interpreter as CPython runs it (nothing is
//! executed for real). `eval` takes one expression; `exec` statements. With
//! no namespaces they run in the caller's: at module level its globals; in
//! a function they read its locals but their assignments go to a snapshot
//! (CPython's `locals()` dict), so the function's own variables do not
//! change. A `globals`/`locals` dict is the namespace, and what the code
//! assigns is written back to it.
//!
//! Strict export (Dynamo) folds `eval` of a literal or of arithmetic on
//! number literals (`eval("3")`, its `call_eval`) and breaks the graph on
//! every other `eval` and on `exec` (GB0059, rows of
//! `dynamo_breaks::DYNAMO_BREAKS`). A source the tracer does not know is
//! analysis incomplete.
//!
//! Frames of eval'd code are not user frames: nodes, guards and failures
//! are attributed to the line that called `eval`/`exec`.

use crate::tracked::Tracked;
use std::rc::Rc;
use std::sync::Arc;

use syntax::TextRange;
use syntax::ast::{BinOp, Expr, ExprKind, StmtKind, UnaryOp};

use super::{Flow, Frame, Interp, R};
use crate::SourceFile;
use crate::failure::FailureKind;
use crate::value::{Dict, Scope, Value};

/// The path of code run by `eval`/`exec` (CPython's `<string>`).
pub const EVAL_PATH: &str = "<string>";

/// Whether Dynamo's `call_eval` folds `eval(source)` to a constant: the
/// source parses as one expression with no call that is a literal
/// (`ast.literal_eval`) or arithmetic on number literals.
pub fn dynamo_folds(source: &str) -> bool {
    let parsed = syntax::parse(source.trim());
    if !parsed.errors.is_empty() {
        // A syntax error is an exception Dynamo raises, not a break.
        return true;
    }
    match parsed.module.body.as_slice() {
        [stmt] => match &stmt.kind {
            StmtKind::Expr(e) => is_literal(e) || is_number_arithmetic(e),
            _ => false,
        },
        _ => false,
    }
}

/// What `ast.literal_eval` accepts (a call, `set()`, excepted: Dynamo folds
/// no call).
fn is_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::BigInt(_)
        | ExprKind::Float(_)
        | ExprKind::Imaginary(_)
        | ExprKind::Str(_)
        | ExprKind::Bytes(_)
        | ExprKind::Bool(_)
        | ExprKind::NoneLit
        | ExprKind::Ellipsis => true,
        ExprKind::Tuple(items) | ExprKind::List(items) | ExprKind::Set(items) => {
            items.iter().all(is_literal)
        }
        ExprKind::Dict(items) => items
            .iter()
            .all(|item| item.key.as_ref().is_some_and(is_literal) && is_literal(&item.value)),
        ExprKind::UnaryOp {
            op: UnaryOp::Neg | UnaryOp::Pos,
            operand,
        } => is_number(operand),
        ExprKind::BinOp {
            left,
            op: BinOp::Add | BinOp::Sub,
            right,
        } => is_number(left) && matches!(right.kind, ExprKind::Imaginary(_)),
        _ => false,
    }
}

fn is_number(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Int(_)
            | ExprKind::BigInt(_)
            | ExprKind::Float(_)
            | ExprKind::Imaginary(_)
            | ExprKind::Bool(_)
    )
}

/// Dynamo's `_constant_eval_numeric_expr`: number constants under `+`,
/// `-`, `~` and the arithmetic and bitwise operators but `**` and shifts.
fn is_number_arithmetic(e: &Expr) -> bool {
    match &e.kind {
        _ if is_number(e) => true,
        ExprKind::UnaryOp {
            op: UnaryOp::Neg | UnaryOp::Pos | UnaryOp::Invert,
            operand,
        } => is_number_arithmetic(operand),
        ExprKind::BinOp { left, op, right } => {
            matches!(
                op,
                BinOp::Add
                    | BinOp::Sub
                    | BinOp::Mul
                    | BinOp::Div
                    | BinOp::FloorDiv
                    | BinOp::Mod
                    | BinOp::BitOr
                    | BinOp::BitXor
                    | BinOp::BitAnd
            ) && is_number_arithmetic(left)
                && is_number_arithmetic(right)
        }
        _ => false,
    }
}

/// Where the code runs and which dict, if any, receives what it assigns.
struct Namespace {
    scope: Rc<Scope>,
    write_back: Option<Rc<Tracked<Dict>>>,
}

impl Interp {
    /// `eval(source, globals=None, locals=None)` (`exec` when `exec`).
    pub(crate) fn python_eval(
        &mut self,
        exec: bool,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        let name = if exec { "exec" } else { "eval" };
        let mut positional = args.into_iter();
        let mut take = |key: &str| {
            positional.next().or_else(|| {
                kwargs
                    .iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, v)| v.clone())
            })
        };
        let (source, globals, locals) = (take("source"), take("globals"), take("locals"));
        let text = match source {
            Some(Value::Str(ref s)) => s,
            Some(u @ Value::Unknown(_)) => return Ok(u),
            Some(other) => {
                let r = self.current_range();
                return Ok(self.incomplete(
                    r,
                    format!(
                        "analysis incomplete: `{name}` of a {} is not followed",
                        other.type_name()
                    ),
                ));
            }
            None => {
                return Err(self.type_error(format!("{name} expected at least 1 argument, got 0")));
            }
        };
        // CPython strips an `eval` string's leading blanks.
        let text = if exec {
            text
        } else {
            text.trim_start_matches([' ', '\t'])
        };
        // Parsing costs a step per 16 bytes, as the steps it saves would.
        self.charge_items((text.len() / 16) as u128, &format!("`{name}` of a source"))?;
        let file = SourceFile::parse(EVAL_PATH, text);
        if let Some(err) = file.syntax_errors.first() {
            let message = err.message.clone();
            return Err(self.raise("SyntaxError", message));
        }
        let expr = match (exec, file.module.body.as_slice()) {
            (true, _) => None,
            (false, [stmt]) => match &stmt.kind {
                StmtKind::Expr(e) => Some(e.clone()),
                _ => return Err(self.raise("SyntaxError", "invalid syntax")),
            },
            (false, _) => return Err(self.raise("SyntaxError", "invalid syntax")),
        };
        let Some(namespace) = self.eval_namespace(name, globals, locals)? else {
            let r = self.current_range();
            return Ok(self.incomplete(
                r,
                format!("analysis incomplete: `{name}` with namespaces that are not dicts"),
            ));
        };
        if self.frames.len() as u32 >= self.budget.call_depth {
            return Err(self.fail(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: call depth limit ({}) reached in `{name}`",
                    self.budget.call_depth
                ),
            ));
        }
        self.sync_guard_paths();
        self.frames.push(Frame {
            file: Arc::clone(&file),
            range: TextRange::default(),
            function: None,
            scope: Some(namespace.scope.clone()),
        });
        let result = match &expr {
            Some(e) => self.eval(e, &namespace.scope),
            None => self
                .exec_block(&file.module.body, &namespace.scope)
                .map(|()| Value::None),
        };
        self.sync_guard_paths();
        self.frames.pop();
        if let Some(dict) = &namespace.write_back {
            let vars = namespace.scope.vars.borrow();
            let mut names: Vec<&String> = vars.keys().collect();
            names.sort();
            for k in names {
                dict.borrow_mut().insert(Value::str(k), vars[k].clone());
            }
        }
        match result {
            Err(Flow::Return(_)) => Err(self.raise("SyntaxError", "'return' outside function")),
            Err(Flow::Break | Flow::Continue) => {
                Err(self.raise("SyntaxError", "'break' or 'continue' outside loop"))
            }
            other => other,
        }
    }

    /// The namespace `eval`/`exec` runs in; `None` for namespaces that are
    /// not dicts.
    fn eval_namespace(
        &mut self,
        name: &str,
        globals: Option<Value>,
        locals: Option<Value>,
    ) -> R<Option<Namespace>> {
        let dict_scope = |d: &Rc<Tracked<Dict>>, parent: Option<Rc<Scope>>| {
            let scope = Scope::new(parent);
            for (k, v) in d.borrow().entries() {
                if let Value::Str(k) = k {
                    scope.vars.borrow_mut().insert(k.to_string(), v.clone());
                }
            }
            scope
        };
        Ok(match (globals, locals) {
            (None | Some(Value::None), None | Some(Value::None)) => {
                let frame = self.frames.last();
                let caller = frame.and_then(|f| f.scope.clone());
                let in_function = frame.is_some_and(|f| f.function.is_some());
                let scope = match caller {
                    Some(s) if !in_function => s,
                    caller => Scope::new(caller),
                };
                Some(Namespace {
                    scope,
                    write_back: None,
                })
            }
            (Some(Value::Dict(ref g)), None | Some(Value::None)) => Some(Namespace {
                scope: dict_scope(g, None),
                write_back: Some(g.clone()),
            }),
            (Some(Value::Dict(ref g)), Some(Value::Dict(ref l))) => {
                let outer = dict_scope(g, None);
                Some(Namespace {
                    scope: dict_scope(l, Some(outer)),
                    write_back: Some(l.clone()),
                })
            }
            (Some(Value::Unknown(_)), _) | (_, Some(Value::Unknown(_))) => None,
            (Some(g), _) if !matches!(g, Value::Dict(_) | Value::None) => {
                return Err(self.type_error(format!(
                    "{name}() globals must be a dict, not {}",
                    g.type_name()
                )));
            }
            (_, Some(l)) if !matches!(l, Value::Dict(_) | Value::Object(_)) => {
                return Err(self.type_error("locals must be a mapping"));
            }
            // Caller globals with other locals, or a mapping object.
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::dynamo_folds;

    #[test]
    fn dynamo_folds_literals_and_number_arithmetic_only() {
        for folded in [
            "3",
            " 2 * 3",
            "(1, 'a', [2.5])",
            "{'k': -1}",
            "~4 // 2 % 3",
            "1+2j",
        ] {
            assert!(dynamo_folds(folded), "{folded}");
        }
        for breaks in [
            "x * 2", "len([])", "2 ** 3", "not 1", "a.b", "1 < 2", "f'{1}'",
        ] {
            assert!(!dynamo_folds(breaks), "{breaks}");
        }
    }
}
