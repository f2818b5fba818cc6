//! The numeric builtins: `abs`, `round` (half to even, as Python rounds),
//! `divmod`, `pow` and `hash`. A tensor argument is a recorded op; a
//! symbolic one stays symbolic where its range decides the result.

use shapes::SymExpr;
use syntax::ast::BinOp;

use super::KnownBuiltin;
use crate::interp::scalars::ROUND;
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::operators::python_binop;
use crate::value::{CmpKind, Value};

/// Calls one of the numeric builtins.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    use KnownBuiltin as B;
    match builtin {
        B::Abs => {
            const ABS: Signature<1> = Signature::new("abs", ["x"]).positional_only(1).required(1);
            let [x] = ABS.bind(interp, args)?.values();
            abs(interp, x)
        }
        B::Round => {
            const ROUND_: Signature<2> = Signature::new("round", ["number", "ndigits"]).required(1);
            let [number, ndigits] = ROUND_.bind(interp, args)?.args;
            round(interp, number.unwrap_or(Value::None), ndigits)
        }
        B::Divmod => {
            const DIVMOD: Signature<2> = Signature::new("divmod", ["x", "y"])
                .positional_only(2)
                .required(2);
            let [x, y] = DIVMOD.bind(interp, args)?.values();
            let q = python_binop(interp, BinOp::FloorDiv, x.clone(), y.clone())?;
            let r = python_binop(interp, BinOp::Mod, x, y)?;
            Ok(Value::tuple(vec![q, r]))
        }
        B::Pow => {
            // The modulus is not modelled.
            const POW: Signature<3> = Signature::new("pow", ["base", "exp", "mod"]).required(2);
            let [base, exp, _] = POW.bind(interp, args)?.values();
            interp.binop(BinOp::Pow, base, exp)
        }
        _ => {
            const HASH: Signature<1> = Signature::new("hash", ["obj"])
                .positional_only(1)
                .required(1);
            HASH.bind(interp, args)?;
            Ok(Value::Int(0))
        }
    }
}

/// `abs(x)`.
fn abs(interp: &mut Interp, x: Value) -> R<Value> {
    match x {
        Value::Int(i) => Ok(Value::Int(i.saturating_abs())),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        v @ Value::Tensor(_) => interp.call_op_function("abs", vec![v], vec![]),
        Value::Object(ref o) if crate::interp::attr::python_dunder(o, "__abs__").is_some() => {
            let f = crate::interp::attr::python_dunder(o, "__abs__").expect("checked");
            interp.call(&f, vec![x.clone()], vec![])
        }
        Value::SymInt(ref e) => {
            let neg = interp.env.static_decide(e, CmpKind::Lt, &SymExpr::int(0));
            Ok(if neg == Some(true) {
                let abs = interp.size_arith(e.checked_neg())?;
                interp.sym_value(abs)
            } else {
                Value::SymInt(e.clone())
            })
        }
        v => Ok(v),
    }
}

/// `round(number, ndigits)`.
fn round(interp: &mut Interp, number: Value, ndigits: Option<Value>) -> R<Value> {
    match (number, ndigits.as_ref()) {
        (Value::Float(f), None) => Ok(Value::Int(round_half_even(f) as i64)),
        (Value::Float(f), Some(nd)) => {
            let nd = interp.index_int(nd)?;
            let p = 10f64.powi(nd as i32);
            Ok(Value::Float(round_half_even(f * p) / p))
        }
        (Value::Int(i), _) => Ok(Value::Int(i)),
        (v @ Value::SymFloat(..), None | Some(Value::None)) => {
            interp.float_to_int(&v, &ROUND, false)
        }
        (v @ Value::SymFloat(..), Some(nd)) => interp.round_float_digits(&v, nd),
        (v @ Value::Tensor(_), _) => interp.call_op_function("round", vec![v], vec![]),
        (v, _) => Ok(v),
    }
}

fn round_half_even(f: f64) -> f64 {
    let r = f.round();
    if (f - f.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - f.signum()
    } else {
        r
    }
}
