//! torch's rules for the Python numbers a traced tensor's data becomes.
//!
//! `.item()` of a floating tensor is an unbacked float (`zuf0`); what
//! Python makes of it stays symbolic where torch keeps it so and is a
//! data-dependent failure where torch must decide on it:
//!
//! - `math.trunc`, `math.floor`, `math.ceil` and `round` of it record the
//!   call (`math.floor`, `builtins.round`) and give an integer known only
//!   as torch's expression for it (`FloorToInt(zuf0)`), in both modes;
//! - `int()` of it is `math.trunc` in strict mode (Dynamo), but non-strict
//!   export runs `SymFloat.__int__`, which must specialize: a failure;
//! - its truth (`if f:`, `bool(f)`) and comparisons are decisions on data;
//! - `int()` / `float()` of a one-element tensor read it with `.item()`
//!   (strict), or ask the tensor for a Python number (non-strict:
//!   `Tensor.__int__` specializes, a failure);
//! - `float()` of an integer read from data (`u0`) records
//!   `torch.sym_float` (strict) or specializes (non-strict).
//!
//! Any later decision on such an integer (`> 0`, `range(n)`) is the
//! data-dependent failure of an unbacked symbol. Outside tracing the
//! values are unknown: analysis incomplete, never a made-up number.

use std::rc::Rc;

use shapes::SymExpr;

use super::{Interp, R};
use crate::Mode;
use crate::graph::{Arg, MetaVal, NodeId, SymFloatExpr};
use crate::value::{Tensor, Value};

/// One way a float becomes an int: torch's sympy function for it (how the
/// integer prints in the graph and in failures), the callable a traced
/// graph records, and CPython's rounding of a known value.
pub struct ToInt {
    pub sympy: &'static str,
    pub target: &'static str,
    /// The call takes `ndigits=None` as a second argument (`round`).
    pub ndigits_arg: bool,
    round: fn(f64) -> f64,
}

/// `int(f)` (strict) and `math.trunc(f)`.
pub const TRUNC: ToInt = ToInt {
    sympy: "TruncToInt",
    target: "math.trunc",
    ndigits_arg: false,
    round: f64::trunc,
};
pub const FLOOR: ToInt = ToInt {
    sympy: "FloorToInt",
    target: "math.floor",
    ndigits_arg: false,
    round: f64::floor,
};
pub const CEIL: ToInt = ToInt {
    sympy: "CeilToInt",
    target: "math.ceil",
    ndigits_arg: false,
    round: f64::ceil,
};
/// `round(f)` (no `ndigits`): CPython rounds half to even.
pub const ROUND: ToInt = ToInt {
    sympy: "RoundToInt",
    target: "builtins.round",
    ndigits_arg: true,
    round: f64::round_ties_even,
};

/// The Python number `int()` or `float()` asks a tensor for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Number {
    Int,
    Float,
}

impl Interp {
    /// `how` applied to the float `v` (`Value::Float` or `SymFloat`);
    /// `python_int` is the builtin `int()`, which non-strict export runs as
    /// `SymFloat.__int__` (a specialization).
    pub(crate) fn float_to_int(&mut self, v: &Value, how: &ToInt, python_int: bool) -> R<Value> {
        let (f, node) = match v {
            Value::Float(f) => (*f, None),
            Value::SymFloat(f, node) => (*f, *node),
            other => return Ok(other.clone()),
        };
        if !f.is_nan() || matches!(v, Value::Float(_)) {
            return self.known_float_to_int(f, how);
        }
        let node = node.filter(|_| self.tracing && self.in_subgraph == 0);
        let float_text = node.map(|n| self.float_text(n));
        if python_int && self.tracing && self.mode == Mode::NonStrict {
            let text = float_text.unwrap_or_else(|| "a float read from tensor data".into());
            let e = self.env.create_of_float(format!("{}({text})", how.sympy));
            return Err(self
                .specialize_int(&e)
                .err()
                .unwrap_or_else(|| self.data_dependent(&format!("{}({text})", how.sympy))));
        }
        let (Some(node), Some(text)) = (node, float_text) else {
            let r = self.current_range();
            return Ok(self.incomplete(
                r,
                format!(
                    "analysis incomplete: `{}` of a float computed from tensor data is not followed",
                    how.target
                ),
            ));
        };
        let e = self.env.create_of_float(format!("{}({text})", how.sympy));
        let mut args = vec![Arg::Node(node)];
        if how.ndigits_arg {
            args.push(Arg::None);
        }
        let n = self.record(how.target, args, vec![], MetaVal::Sym(e.clone()));
        if let Some(s) = e.as_symbol() {
            self.sym_nodes.insert(s, n);
        }
        Ok(Value::SymInt(e))
    }

    /// `round(f, ndigits)` of a float read from tensor data: torch records
    /// `builtins.round` and keeps a float (`RoundDecimal(zuf0, 2)`).
    pub(crate) fn round_float_digits(&mut self, v: &Value, ndigits: &Value) -> R<Value> {
        let nd = self.index_int(ndigits)?;
        match v {
            Value::SymFloat(f, Some(node))
                if f.is_nan() && self.tracing && self.in_subgraph == 0 =>
            {
                let text = format!("RoundDecimal({}, {nd})", self.float_text(*node));
                let e = self.env.create_of_float(text);
                let n = self.record(
                    ROUND.target,
                    vec![Arg::Node(*node), Arg::Int(nd)],
                    vec![],
                    MetaVal::Sym(e),
                );
                Ok(Value::SymFloat(f64::NAN, Some(n)))
            }
            Value::SymFloat(f, _) if !f.is_nan() => {
                let p = 10f64.powi(nd.clamp(-400, 400) as i32);
                Ok(Value::SymFloat((f * p).round_ties_even() / p, None))
            }
            other => Ok(other.clone()),
        }
    }

    /// CPython's conversion of a known float: NaN and infinities raise.
    fn known_float_to_int(&mut self, f: f64, how: &ToInt) -> R<Value> {
        if f.is_nan() {
            return Err(self.raise("ValueError", "cannot convert float NaN to integer"));
        }
        if f.is_infinite() {
            return Err(self.raise("OverflowError", "cannot convert float infinity to integer"));
        }
        let r = (how.round)(f);
        if r < -(2f64.powi(63)) || r >= 2f64.powi(63) {
            let range = self.current_range();
            return Ok(self.incomplete(
                range,
                "analysis incomplete: an integer past int64 is not modelled",
            ));
        }
        Ok(Value::Int(r as i64))
    }

    /// The truth of a float read from tensor data (`if f:`): torch decides
    /// `Ne(zuf0, 0.0)` in strict mode, `SymFloat.__bool__` on `zuf0` in
    /// non-strict mode; either way a decision on data.
    pub(crate) fn float_data_truth(&mut self, node: Option<NodeId>) -> R<bool> {
        if !self.tracing {
            let r = self.current_range();
            self.assume(r, "a float it could not compute is nonzero");
            self.incomplete(
                r,
                "analysis incomplete: truth of a float read from tensor data (took it as true)",
            );
            return Ok(true);
        }
        let text = node
            .filter(|_| self.in_subgraph == 0)
            .map(|n| self.float_text(n))
            .unwrap_or_else(|| "a float read from tensor data".into());
        let expr = match self.mode {
            Mode::Strict => format!("Ne({text}, 0.0)"),
            Mode::NonStrict => text,
        };
        Err(self.data_dependent(&expr))
    }

    /// `int(t)` / `float(t)` of a tensor while tracing.
    pub(crate) fn tensor_to_number(&mut self, t: &Rc<Tensor>, kind: Number) -> R<Value> {
        let v = self.tensor_item(t)?;
        let data = match &v {
            Value::SymFloat(f, _) => f.is_nan(),
            Value::SymInt(e) => self.env.hint(e).is_none(),
            _ => false,
        };
        if data && self.tracing && self.mode == Mode::NonStrict {
            // `Tensor.__int__` / `__float__` ask the fake tensor for a
            // Python number.
            let text = match &v {
                Value::SymFloat(_, Some(n)) if self.in_subgraph == 0 => self.float_text(*n),
                Value::SymInt(e) => self.env.render(e),
                _ => "a value read from tensor data".into(),
            };
            return Err(self.data_dependent(&text));
        }
        match (kind, v) {
            (Number::Int, v @ (Value::Float(_) | Value::SymFloat(..))) => {
                self.float_to_int(&v, &TRUNC, false)
            }
            (Number::Int, Value::Bool(b)) => Ok(Value::Int(i64::from(b))),
            (Number::Float, Value::SymInt(ref e)) => self.int_to_float(e),
            (Number::Float, Value::Int(i)) => Ok(Value::Float(i as f64)),
            (Number::Float, Value::Bool(b)) => Ok(Value::Float(f64::from(u8::from(b)))),
            (_, v) => Ok(v),
        }
    }

    /// `float(n)` of a symbolic integer.
    pub(crate) fn int_to_float(&mut self, e: &SymExpr) -> R<Value> {
        let e = self.env.simplify(e);
        if let Some(h) = self.env.hint(&e) {
            return Ok(Value::SymFloat(h as f64, None));
        }
        if !self.tracing || self.in_subgraph > 0 {
            return Ok(Value::SymFloat(f64::NAN, None));
        }
        if self.mode == Mode::NonStrict {
            // `SymInt.__float__` specializes.
            self.specialize_int(&e)?;
        }
        let arg = self.sym_arg(&e);
        let node = self.record(
            "torch.sym_float",
            vec![arg],
            vec![],
            MetaVal::SymFloat(SymFloatExpr::ToFloat(e)),
        );
        Ok(Value::SymFloat(f64::NAN, Some(node)))
    }

    /// How torch prints the float node `n` computes (`zuf0`, `ToFloat(u0)`).
    fn float_text(&self, n: NodeId) -> String {
        match &self.graph.node(n).val {
            MetaVal::Sym(e) => self.env.render(e),
            MetaVal::SymFloat(x) => x.render(&|e| self.env.render(e)),
            _ => "a float read from tensor data".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_round_as_cpython_does() {
        assert_eq!((TRUNC.round)(-2.7), -2.0);
        assert_eq!((FLOOR.round)(-2.2), -3.0);
        assert_eq!((CEIL.round)(2.2), 3.0);
        // Half to even.
        assert_eq!((ROUND.round)(2.5), 2.0);
        assert_eq!((ROUND.round)(3.5), 4.0);
    }
}
