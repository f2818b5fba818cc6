//! The `math` module's functions on Python numbers. A symbolic argument
//! gives a symbolic float from its hint; in strict mode a number read from
//! tensor data is specialized first, as Dynamo runs the function on the
//! fake values (but `floor` and `ceil`, which it handles symbolically).
//! Non-strict export traces `forward` with `math.pow` as `**`.

use syntax::ast::BinOp;

use crate::interp::scalars::{CEIL, FLOOR, TRUNC};
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::Value;

/// `math.NAME`, a constant.
pub fn constant(name: &str) -> Option<Value> {
    CONSTANTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| Value::Float(*v))
}

/// `math`'s constants, by name.
const CONSTANTS: &[(&str, f64)] = &[
    ("pi", std::f64::consts::PI),
    ("e", std::f64::consts::E),
    ("inf", f64::INFINITY),
    ("nan", f64::NAN),
    ("tau", std::f64::consts::TAU),
];

known_names! {
    /// The functions of `math` the tracer implements.
    pub enum MathFunction {
        Sqrt = "sqrt",
        Exp = "exp",
        Log = "log",
        Log2 = "log2",
        Log10 = "log10",
        Sin = "sin",
        Cos = "cos",
        Tan = "tan",
        Tanh = "tanh",
        Fabs = "fabs",
        Floor = "floor",
        Ceil = "ceil",
        Trunc = "trunc",
        Prod = "prod",
        Gcd = "gcd",
        Isclose = "isclose",
        Isnan = "isnan",
        Isinf = "isinf",
        Pow = "pow",
        Asin = "asin",
        Acos = "acos",
        Atan = "atan",
        Sinh = "sinh",
        Cosh = "cosh",
        Log1p = "log1p",
        Expm1 = "expm1",
        Radians = "radians",
        Degrees = "degrees",
        Isfinite = "isfinite",
        Copysign = "copysign",
        Atan2 = "atan2",
        Hypot = "hypot",
        Fmod = "fmod",
    }
}

/// Call `math.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: MathFunction, args: Args) -> R<Value> {
    // Dynamo runs a math function (but `floor` and `ceil`, which it
    // handles symbolically) on the fake values: a size read from tensor
    // data must become a Python number, a data-dependent failure.
    if interp.strict_tracing() && !matches!(function, MathFunction::Floor | MathFunction::Ceil) {
        for a in &args.positional {
            if let Value::SymInt(e) = a
                && interp.env.hint(e).is_none()
            {
                interp.specialize_int(e)?;
            }
        }
    }
    let symbolic = args
        .positional
        .iter()
        .any(|a| matches!(a, Value::SymInt(_) | Value::SymFloat(_, _)));
    use MathFunction as M;
    let out = match function {
        M::Floor | M::Ceil | M::Trunc => {
            let [x] = unary(function).bind(interp, args)?.args;
            return to_int(interp, function, &x.unwrap_or(Value::None));
        }
        M::Prod => return prod(interp, args),
        M::Gcd => return gcd(interp, args),
        M::Isclose => return isclose(interp, args),
        M::Pow => {
            const POW: Signature<2> = Signature::new("pow", ["x", "y"])
                .positional_only(2)
                .required(2);
            let [x, y] = POW.bind(interp, args)?.values();
            // Non-strict export traces `forward` with `math.pow` replaced by `**`.
            if interp.tracing && interp.mode == crate::Mode::NonStrict {
                return interp.binop(BinOp::Pow, x, y);
            }
            real(interp, &x)?.powf(real(interp, &y)?)
        }
        M::Copysign | M::Atan2 | M::Fmod => {
            let [x, y] = Signature::new(function.name(), ["x", "y"])
                .positional_only(2)
                .required(2)
                .bind(interp, args)?
                .values();
            let (x, y) = (real(interp, &x)?, real(interp, &y)?);
            match function {
                M::Copysign => x.copysign(y),
                M::Atan2 => x.atan2(y),
                _ if y == 0.0 => return Err(interp.raise("ValueError", "math domain error")),
                _ => x % y,
            }
        }
        M::Hypot => {
            let bound = Signature::new("hypot", []).star_args().bind(interp, args)?;
            let mut sum = 0.0;
            for v in &bound.rest {
                let x = real(interp, v)?;
                sum += x * x;
            }
            sum.sqrt()
        }
        M::Log => {
            const LOG: Signature<2> = Signature::new("log", ["x", "base"])
                .positional_only(2)
                .required(1);
            let [x, base] = LOG.bind(interp, args)?.args;
            let x = real(interp, &x.unwrap_or(Value::None))?;
            match base {
                Some(b) => x.ln() / real(interp, &b)?.ln(),
                None => x.ln(),
            }
        }
        _ => {
            let [x] = unary(function).bind(interp, args)?.args;
            let x = real(interp, &x.unwrap_or(Value::None))?;
            match function {
                M::Isnan => return Ok(Value::Bool(x.is_nan())),
                M::Isinf => return Ok(Value::Bool(x.is_infinite())),
                M::Isfinite => return Ok(Value::Bool(x.is_finite())),
                _ => real_function(function, x),
            }
        }
    };
    Ok(if symbolic {
        Value::SymFloat(out, None)
    } else {
        Value::Float(out)
    })
}

/// `f(x, /)`.
const fn unary(function: MathFunction) -> Signature<1> {
    Signature::new(function.name(), ["x"])
        .positional_only(1)
        .required(1)
}

/// The functions from a real to a real.
fn real_function(function: MathFunction, x: f64) -> f64 {
    use MathFunction as M;
    match function {
        M::Sqrt => x.sqrt(),
        M::Exp => x.exp(),
        M::Log2 => x.log2(),
        M::Log10 => x.log10(),
        M::Sin => x.sin(),
        M::Cos => x.cos(),
        M::Tan => x.tan(),
        M::Tanh => x.tanh(),
        M::Asin => x.asin(),
        M::Acos => x.acos(),
        M::Atan => x.atan(),
        M::Sinh => x.sinh(),
        M::Cosh => x.cosh(),
        M::Log1p => x.ln_1p(),
        M::Expm1 => x.exp_m1(),
        M::Radians => x.to_radians(),
        M::Degrees => x.to_degrees(),
        _ => x.abs(),
    }
}

/// A Python real number as a float: a symbolic int by its hint.
fn real(interp: &mut Interp, v: &Value) -> R<f64> {
    match v {
        Value::Int(i) => Ok(*i as f64),
        Value::Float(f) | Value::SymFloat(f, _) => Ok(*f),
        Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        Value::SymInt(e) => Ok(interp.env.hint(e).unwrap_or(0) as f64),
        _ => Err(interp.type_error("must be real number")),
    }
}

/// `floor`, `ceil`, `trunc`: an int stays itself, a float is rounded.
fn to_int(interp: &mut Interp, function: MathFunction, x: &Value) -> R<Value> {
    match x {
        Value::Int(i) => Ok(Value::Int(*i)),
        Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
        Value::SymInt(e) => Ok(Value::SymInt(e.clone())),
        v @ (Value::Float(_) | Value::SymFloat(..)) => {
            let how = match function {
                MathFunction::Floor => &FLOOR,
                MathFunction::Ceil => &CEIL,
                _ => &TRUNC,
            };
            interp.float_to_int(v, how, false)
        }
        _ => Err(interp.type_error("must be real number")),
    }
}

/// `prod(iterable, /, *, start=1)`.
fn prod(interp: &mut Interp, args: Args) -> R<Value> {
    const PROD: Signature<2> = Signature::new("prod", ["iterable", "start"])
        .positional_only(1)
        .keyword_only(1)
        .required(1);
    let [iterable, start] = PROD.bind(interp, args)?.args;
    let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
    let mut acc = start.unwrap_or(Value::Int(1));
    for v in items {
        acc = interp.binop(BinOp::Mul, acc, v)?;
    }
    Ok(acc)
}

/// `gcd(*integers)`.
fn gcd(interp: &mut Interp, args: Args) -> R<Value> {
    const GCD: Signature<0> = Signature::new("gcd", []).star_args();
    let integers = GCD.bind(interp, args)?.rest;
    let mut acc: i64 = 0;
    for v in &integers {
        let (mut a, mut b) = (acc.abs(), interp.index_int(v)?.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        acc = a;
    }
    Ok(Value::Int(acc))
}

/// `isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)`.
fn isclose(interp: &mut Interp, args: Args) -> R<Value> {
    const ISCLOSE: Signature<4> = Signature::new("isclose", ["a", "b", "rel_tol", "abs_tol"])
        .keyword_only(2)
        .required(2);
    let [a, b, rel_tol, abs_tol] = ISCLOSE.bind(interp, args)?.args;
    let a = real(interp, &a.unwrap_or(Value::None))?;
    let b = real(interp, &b.unwrap_or(Value::None))?;
    let rel_tol = match rel_tol {
        Some(t) => real(interp, &t)?,
        None => 1e-9,
    };
    let abs_tol = match abs_tol {
        Some(t) => real(interp, &t)?,
        None => 0.0,
    };
    let close = a == b || (a - b).abs() <= (rel_tol * a.abs().max(b.abs())).max(abs_tol);
    Ok(Value::Bool(close))
}
