//! `torch._check` and its relatives (`_check_with`, `_assert`, `_assert_async`,
//! `_check_is_size`, `_constrain_as_size`/`_value`), `torch.export.dims`,
//! and the `sym_*` helpers: what they assume, guard or assert.

use std::rc::Rc;

use shapes::SymExpr;

use super::kw;
use crate::graph::MetaVal;
use crate::interp::{Interp, R};
use crate::python::names::known_names;
use crate::value::{CmpKind, DimSpec, Value};

known_names! {
    /// The check functions [`call`] implements (without the `torch.` prefix).
    pub(super) enum Check {
        Check = "_check",
        CheckWith = "_check_with",
        Assert = "_assert",
        AssertAsync = "_assert_async",
        CheckIsSize = "_check_is_size",
        ConstrainAsSize = "_constrain_as_size",
        ConstrainAsValue = "_constrain_as_value",
        ExportDims = "export.dims",
        SymMin = "sym_min",
        SymMax = "sym_max",
        SymInt = "sym_int",
        SymFloat = "sym_float",
        SymNot = "sym_not",
    }
}

/// `torch.<f>(*args, **kwargs)`.
pub(super) fn call(
    interp: &mut Interp,
    f: Check,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let short = f.name();
    Ok(Some(match f {
        Check::Check | Check::CheckWith => {
            let (cond, message) = if short == "_check_with" {
                (args.get(1), args.get(2))
            } else {
                (args.first(), args.get(1))
            };
            // torch's own checks (MultiheadAttention's key-padding check,
            // which the prelude mirrors) export under strict in torch 2.15:
            // the rule is for user code.
            if interp.strict_tracing()
                && !interp.in_prelude_frame()
                && let Some(Value::Function(f)) = message.or_else(|| kw(kwargs, "message"))
                && closes_over_non_constant(f)
            {
                return Err(interp.graph_break(
                    "GB9158",
                    "Can't convert torch._check*() message closure: its closure variables must be Python constants",
                    "remove references to tensors and other non-constant values from the message function",
                ));
            }
            check(interp, cond.cloned().unwrap_or(Value::Bool(true)))?;
            Value::None
        }
        Check::Assert => {
            // Traceable `assert`: a Python or symbolic condition is decided
            // (guarding), a failed one raises as `assert` does.
            let cond = args.first().cloned().unwrap_or(Value::Bool(true));
            let constant_message = match args.get(1).or_else(|| kw(kwargs, "message")) {
                Some(Value::Str(m)) => Some(m.to_string()),
                _ => None,
            };
            if !interp.assert_truthy(&cond, constant_message.as_deref())? {
                let message = match args.get(1).or_else(|| kw(kwargs, "message")) {
                    Some(m) => interp.to_str(m)?,
                    None => String::new(),
                };
                return Err(interp.torch_error("AssertionError", message));
            }
            Value::None
        }
        Check::AssertAsync => {
            // A check on tensor data left to the device: recorded in the
            // graph while tracing; outside it, known contents decide it.
            let Some(Value::Tensor(t)) = args.first() else {
                return Err(interp.type_error("_assert_async(): argument 'self' must be Tensor"));
            };
            let message = args.get(1).or_else(|| kw(kwargs, "assert_msg")).cloned();
            if interp.tracing {
                let mut a = vec![interp.arg_of(&args[0])];
                let target = match &message {
                    Some(Value::Str(m)) => {
                        a.push(crate::graph::Arg::Str(m.to_string()));
                        "aten._assert_async.msg"
                    }
                    _ => "aten._assert_async.default",
                };
                let n = interp.record_named(target, "_assert_async", a, vec![], MetaVal::None);
                interp.graph.node_mut(n).side_effect = true;
            } else if let Some(known) = crate::ops::values::known(t)
                && known.len() == 1
                && known[0] == 0.0
            {
                let text = match &message {
                    Some(Value::Str(m)) => m.to_string(),
                    _ => "Expected Tensor with single nonzero value, but got zero".into(),
                };
                return Err(interp.torch_error("RuntimeError", text));
            }
            Value::None
        }
        Check::CheckIsSize | Check::ConstrainAsSize => {
            if let Some(Value::SymInt(e)) = args.first() {
                // torch traced `n >= 0` here; its name stays taken.
                traced_check(interp, e, CmpKind::Ge, 0);
                let line = interp.guard_line();
                interp.env.assume(e, CmpKind::Ge, &SymExpr::int(0), line);
                if let Some(max) = kw(kwargs, "max").or(args.get(2)).and_then(Value::as_int) {
                    traced_check(interp, e, CmpKind::Le, max);
                    interp.env.assume(e, CmpKind::Le, &SymExpr::int(max), line);
                }
            }
            Value::None
        }
        Check::ConstrainAsValue => {
            if let Some(Value::SymInt(e)) = args.first() {
                let line = interp.guard_line();
                if let Some(min) = args.get(1).and_then(Value::as_int) {
                    interp.env.assume(e, CmpKind::Ge, &SymExpr::int(min), line);
                }
                if let Some(max) = args.get(2).and_then(Value::as_int) {
                    interp.env.assume(e, CmpKind::Le, &SymExpr::int(max), line);
                }
            }
            Value::None
        }
        Check::ExportDims => {
            let min = kw(kwargs, "min").and_then(Value::as_int);
            let max = kw(kwargs, "max").and_then(Value::as_int);
            let mut out = Vec::new();
            for a in args {
                if let Value::Str(n) = a {
                    out.push(Value::Dim(Rc::new(DimSpec::Named {
                        name: n.clone(),
                        min,
                        max,
                    })));
                }
            }
            Value::tuple(out)
        }
        Check::SymMin | Check::SymMax => {
            let name = if short == "sym_min" { "min" } else { "max" };
            return crate::python::call_builtin(
                interp,
                Rc::new(crate::value::Builtin {
                    name: Rc::from(format!("builtins.{name}").as_str()),
                    receiver: None,
                }),
                args.to_vec(),
                vec![],
            )
            .map(Some);
        }
        Check::SymInt | Check::SymFloat | Check::SymNot => {
            args.first().cloned().unwrap_or(Value::None)
        }
    }))
}

/// Whether lambda `f` reads a variable of an enclosing function whose
/// value is not a Python constant (a tensor, a symbolic size, an object):
/// what Dynamo cannot turn into a `torch._check` message.
fn closes_over_non_constant(f: &crate::value::Function) -> bool {
    fn constant(v: &Value) -> bool {
        match v {
            Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Str(_) | Value::None => true,
            Value::Tuple(items) => items.iter().all(constant),
            _ => false,
        }
    }
    let crate::value::FunctionBody::Lambda(body) = &f.body else {
        return false;
    };
    let p = &f.params;
    let own = |n: &str| {
        p.posonly
            .iter()
            .chain(&p.args)
            .chain(&p.kwonly)
            .chain(p.vararg.iter())
            .chain(p.kwarg.iter())
            .any(|q| q.name == n)
    };
    body.names_read().into_iter().filter(|n| !own(n)).any(|n| {
        let mut scope = Some(f.closure.clone());
        while let Some(s) = scope {
            if Rc::ptr_eq(&s, &f.globals) {
                return false;
            }
            if let Some(v) = s.vars.borrow().get(n) {
                return !constant(v);
            }
            scope = s.parent.clone();
        }
        false
    })
}

/// The comparison `e <kind> k` a torch check function traces itself: a
/// dead node named where it ran when Python comparisons are traced, else
/// a name the graph keeps taken.
fn traced_check(interp: &mut Interp, e: &SymExpr, kind: CmpKind, k: i64) {
    if interp.traces_size_arithmetic() {
        interp.phantom(
            kind.operator_name(),
            MetaVal::SymBool(crate::graph::SymBoolMeta {
                lhs: e.clone(),
                op: kind.symbol(),
                rhs: SymExpr::int(k),
            }),
        );
    } else {
        interp
            .graph
            .reserved_names
            .push(kind.operator_name().to_string());
    }
}

/// `torch._check(cond)`: assume it; a symbolic condition refines ranges and
/// becomes a guard (backed) or a runtime assert (unbacked).
fn check(interp: &mut Interp, cond: Value) -> R<()> {
    match cond {
        Value::SymBool(ref b) => {
            let line = interp.guard_line();
            // torch traced this comparison, and its name stays taken (a
            // mode that traces Python comparisons already named it).
            let meta = MetaVal::SymBool(crate::graph::SymBoolMeta {
                lhs: b.lhs.clone(),
                op: b.op.symbol(),
                rhs: b.rhs.clone(),
            });
            if !interp.graph.nodes.iter().any(|n| n.hidden && n.val == meta) {
                interp
                    .graph
                    .reserved_names
                    .push(b.op.operator_name().to_string());
            }
            if !interp.env.assume(&b.lhs, b.op, &b.rhs, line) {
                return Err(
                    interp.torch_error("RuntimeError", "torch._check failed on the example inputs")
                );
            }
            Ok(())
        }
        Value::Bool(false) => Err(interp.torch_error("RuntimeError", "torch._check failed")),
        Value::Tensor(_) => Ok(()),
        _ => Ok(()),
    }
}
