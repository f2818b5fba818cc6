//! The `operator` module: Python's operators as functions
//! (`operator.add(a, b)` is `a + b`, `operator.getitem(a, i)` is `a[i]`),
//! run by the interpreter's own operators, so tensors record ops and
//! classes' special methods are called.

use syntax::ast::{BinOp, CmpOp, UnaryOp};

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The functions of `operator` the tracer implements.
    pub enum OperatorFunction {
        Index = "index",
        Neg = "neg",
        Pos = "pos",
        Not = "not_",
        Invert = "invert",
        Truth = "truth",
        Getitem = "getitem",
        Contains = "contains",
        Eq = "eq",
        Ne = "ne",
        Lt = "lt",
        Le = "le",
        Gt = "gt",
        Ge = "ge",
        Add = "add",
        Concat = "concat",
        Sub = "sub",
        Mul = "mul",
        Matmul = "matmul",
        Truediv = "truediv",
        Floordiv = "floordiv",
        Mod = "mod",
        Pow = "pow",
        Lshift = "lshift",
        Rshift = "rshift",
        And = "and_",
        Or = "or_",
        Xor = "xor",
    }
}

/// Call `operator.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: OperatorFunction, args: Args) -> R<Value> {
    use OperatorFunction as O;
    let unary = match function {
        O::Neg => Some(UnaryOp::Neg),
        O::Pos => Some(UnaryOp::Pos),
        O::Not => Some(UnaryOp::Not),
        O::Invert => Some(UnaryOp::Invert),
        O::Index | O::Truth => None,
        _ => return binary(interp, function, args),
    };
    let [a] = Signature::new(function.name(), ["a"])
        .positional_only(1)
        .required(1)
        .bind(interp, args)?
        .values();
    match (function, unary) {
        (_, Some(op)) => interp.unary(op, a),
        (O::Truth, _) => Ok(Value::Bool(interp.truthy(&a)?)),
        _ => match a {
            Value::Int(_) | Value::SymInt(_) | Value::Unknown(_) => Ok(a),
            Value::Bool(x) => Ok(Value::Int(i64::from(x))),
            other => Err(interp.type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                other.type_name()
            ))),
        },
    }
}

/// The operators of two operands.
fn binary(interp: &mut Interp, function: OperatorFunction, args: Args) -> R<Value> {
    let [a, b] = Signature::new(function.name(), ["a", "b"])
        .positional_only(2)
        .required(2)
        .bind(interp, args)?
        .values();
    use OperatorFunction as O;
    let comparison = match function {
        O::Getitem => return interp.get_item(&a, b),
        O::Contains => return interp.contains(&a, &b),
        O::Eq => Some(CmpOp::Eq),
        O::Ne => Some(CmpOp::NotEq),
        O::Lt => Some(CmpOp::Lt),
        O::Le => Some(CmpOp::LtE),
        O::Gt => Some(CmpOp::Gt),
        O::Ge => Some(CmpOp::GtE),
        _ => None,
    };
    if let Some(op) = comparison {
        return interp.compare(op, &a, &b);
    }
    let op = match function {
        O::Sub => BinOp::Sub,
        O::Mul => BinOp::Mul,
        O::Matmul => BinOp::MatMul,
        O::Truediv => BinOp::Div,
        O::Floordiv => BinOp::FloorDiv,
        O::Mod => BinOp::Mod,
        O::Pow => BinOp::Pow,
        O::Lshift => BinOp::LShift,
        O::Rshift => BinOp::RShift,
        O::And => BinOp::BitAnd,
        O::Or => BinOp::BitOr,
        O::Xor => BinOp::BitXor,
        _ => BinOp::Add,
    };
    interp.binop(op, a, b)
}
