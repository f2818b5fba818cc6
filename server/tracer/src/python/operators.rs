//! Python's binary operators and comparisons on values that are not
//! tensors: ints, floats and symbolic ints (symbolic results where a size
//! is symbolic), strings, containers, sets, `Dim` arithmetic, PEP 604
//! unions (built by `prelude/typing.py`), and the special methods (`__add__`, `__radd__`, `__eq__`,
//! `__lt__`...) a class defines in Python, tried first.

use crate::tracked::Tracked;
use std::rc::Rc;

use shapes::SymExpr;
use syntax::ast::{BinOp, CmpOp};

use crate::failure::FailureKind;
use crate::interp::{Interp, R};
use crate::python::methods::set::set_op;
use crate::value::{CmpKind, DimSpec, Value};

/// The special methods of a binary operator: (method, reflected method).
fn binop_dunders(op: BinOp) -> (&'static str, &'static str) {
    match op {
        BinOp::Add => ("__add__", "__radd__"),
        BinOp::Sub => ("__sub__", "__rsub__"),
        BinOp::Mul => ("__mul__", "__rmul__"),
        BinOp::MatMul => ("__matmul__", "__rmatmul__"),
        BinOp::Div => ("__truediv__", "__rtruediv__"),
        BinOp::FloorDiv => ("__floordiv__", "__rfloordiv__"),
        BinOp::Mod => ("__mod__", "__rmod__"),
        BinOp::Pow => ("__pow__", "__rpow__"),
        BinOp::LShift => ("__lshift__", "__rlshift__"),
        BinOp::RShift => ("__rshift__", "__rrshift__"),
        BinOp::BitOr => ("__or__", "__ror__"),
        BinOp::BitXor => ("__xor__", "__rxor__"),
        BinOp::BitAnd => ("__and__", "__rand__"),
    }
}

/// `l OP r` through a special method a class defines in Python: the left
/// operand's, else the right operand's reflected one. `None`: neither
/// operand defines one.
fn object_operator(
    interp: &mut Interp,
    (method, reflected): (&str, &str),
    l: &Value,
    r: &Value,
) -> R<Option<Value>> {
    if let Value::Object(o) = l
        && let Some(f) = crate::interp::attr::python_dunder(o, method)
    {
        return interp
            .call(&f, vec![l.clone(), r.clone()], vec![])
            .map(Some);
    }
    if let Value::Object(o) = r
        && let Some(f) = crate::interp::attr::python_dunder(o, reflected)
    {
        return interp
            .call(&f, vec![r.clone(), l.clone()], vec![])
            .map(Some);
    }
    Ok(None)
}

pub fn python_binop(interp: &mut Interp, op: BinOp, l: Value, r: Value) -> R<Value> {
    use Value::*;
    if let Some(v) = object_operator(interp, binop_dunders(op), &l, &r)? {
        return Ok(v);
    }
    match (&l, &r) {
        (Unknown(_), _) => return Ok(l),
        (_, Unknown(_)) => return Ok(r),
        _ => {}
    }
    // Dict views (`d.keys() | d.values()`) are lists here: their set
    // operators give sets, as the views' do.
    if matches!(
        op,
        BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor
    ) && matches!((&l, &r), (List(_), List(_) | Set(_)) | (Set(_), List(_)))
    {
        let as_set = |v: &Value| match v {
            List(items) => Value::Set(Rc::new(Tracked::new(dedup_keys(&items.borrow())))),
            other => other.clone(),
        };
        return python_binop(interp, op, as_set(&l), as_set(&r));
    }
    // `int | None` (PEP 604): a `types.UnionType` between classes, a
    // `typing.Union` when a typing form takes part (`prelude/typing.py`).
    if op == BinOp::BitOr && is_type_like(&l) && is_type_like(&r) {
        return interp.typing_prelude_call("_type_or", vec![l, r]);
    }
    // `Dim` arithmetic builds derived dims: `2 * d + 1`.
    if let Some(v) = dim_arith(op, &l, &r) {
        return Ok(v);
    }
    if let (Set(a), Set(b)) = (&l, &r) {
        return set_op(interp, op, &a.borrow(), &b.borrow());
    }
    // Enum members with int values behave as ints in arithmetic.
    let as_num = |v: &Value| -> Option<Value> {
        match v {
            Object(o) if o.class.is_enum => o.get_attr("value"),
            _ => Option::None,
        }
    };
    if let Some(x) = as_num(&l) {
        return python_binop(interp, op, x, r);
    }
    if let Some(x) = as_num(&r) {
        return python_binop(interp, op, l, x);
    }
    if let Some((a, b)) = symbolic_pair(&l, &r) {
        return interp.sym_binop(op, a, b);
    }
    match (&l, &r) {
        (Int(_) | Bool(_), Int(_) | Bool(_)) => {
            let (a, b) = (l.as_int().unwrap_or(0), r.as_int().unwrap_or(0));
            int_binop(interp, op, a, b)
        }
        (
            Int(_) | Bool(_) | Float(_) | SymFloat(_, _) | SymInt(_),
            Int(_) | Bool(_) | Float(_) | SymFloat(_, _) | SymInt(_),
        ) => {
            if op == BinOp::Div
                && let Some(v) = interp.sym_float_truediv(&l, &r)
            {
                return Ok(v);
            }
            if op == BinOp::Pow
                && let Some(v) = interp.sym_float_pow(&l, &r)
            {
                return Ok(v);
            }
            let symbolic =
                matches!(l, SymFloat(_, _) | SymInt(_)) || matches!(r, SymFloat(_, _) | SymInt(_));
            let f = |interp: &Interp, v: &Value| -> f64 {
                match v {
                    Int(i) => *i as f64,
                    Bool(b) => f64::from(u8::from(*b)),
                    Float(f) | SymFloat(f, _) => *f,
                    SymInt(e) => interp.env.hint(e).unwrap_or(0) as f64,
                    _ => 0.0,
                }
            };
            let (a, b) = (f(interp, &l), f(interp, &r));
            let v = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => {
                    if b == 0.0 {
                        return Err(interp.raise("ZeroDivisionError", "float division by zero"));
                    }
                    a / b
                }
                BinOp::FloorDiv => (a / b).floor(),
                BinOp::Mod => a - b * (a / b).floor(),
                BinOp::Pow => a.powf(b),
                _ => {
                    return Err(interp
                        .type_error(format!("unsupported operand type(s) for {}", op.symbol())));
                }
            };
            Ok(if symbolic {
                SymFloat(v, Option::None)
            } else {
                Float(v)
            })
        }
        (Str(text), Int(n)) | (Int(n), Str(text)) if op == BinOp::Mul => {
            let times = usize::try_from(*n).unwrap_or(0);
            interp.charge_str(text.len().saturating_mul(times))?;
            Ok(Value::str(&text.repeat(times)))
        }
        (Str(a), Str(b)) if op == BinOp::Add => {
            interp.charge_str(a.len() + b.len())?;
            Ok(Value::str(&format!("{a}{b}")))
        }
        (Str(a), _) if op == BinOp::Mod => {
            let text = crate::python::format::percent(interp, a, &r)?;
            Ok(Value::str(&text))
        }
        (Tuple(a), Tuple(b)) if op == BinOp::Add => {
            let len = a.len() + b.len();
            interp.charge_copies(len, len, "a tuple")?;
            let mut v = a.to_vec();
            v.extend(b.iter().cloned());
            Ok(Value::tuple(v))
        }
        (List(a), List(b)) if op == BinOp::Add => {
            let len = a.borrow().len() + b.borrow().len();
            interp.charge_copies(len, len, "a list")?;
            let mut v = a.borrow().clone();
            v.extend(b.borrow().iter().cloned());
            Ok(Value::list(v))
        }
        (List(_) | Tuple(_), Int(n)) | (Int(n), List(_) | Tuple(_)) if op == BinOp::Mul => {
            let seq = if matches!(l, Int(_)) { &r } else { &l };
            let items = interp.iterate(seq)?;
            let count = items.len() as u128 * (*n).max(0) as u128;
            interp.charge_items(count, "a repeated sequence")?;
            let mut out = Vec::with_capacity(count as usize);
            for _ in 0..(*n).max(0) {
                out.extend(items.iter().cloned());
            }
            Ok(if matches!(seq, Tuple(_)) {
                Value::tuple(out)
            } else {
                Value::list(out)
            })
        }
        (Dict(a), Dict(b)) if op == BinOp::BitOr => {
            let mut d = a.borrow().clone();
            for (k, v) in b.borrow().entries().iter() {
                d.insert(k.clone(), v.clone());
            }
            Ok(Value::Dict(Rc::new(Tracked::new(d))))
        }
        (SymBool(_) | Bool(_), SymBool(_) | Bool(_))
            if matches!(op, BinOp::BitAnd | BinOp::BitOr) =>
        {
            let a = interp.truthy(&l)?;
            let b = interp.truthy(&r)?;
            Ok(Bool(if op == BinOp::BitAnd { a && b } else { a || b }))
        }
        _ => Err(interp.type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            op.symbol(),
            l.type_name(),
            r.type_name()
        ))),
    }
}

/// Both operands as symbolic ints when at least one is symbolic and the
/// other an int (or a bool).
fn symbolic_pair(l: &Value, r: &Value) -> Option<(SymExpr, SymExpr)> {
    if !matches!(l, Value::SymInt(_)) && !matches!(r, Value::SymInt(_)) {
        return None;
    }
    let sym = |v: &Value| match v {
        Value::Int(i) => Some(SymExpr::int(*i)),
        Value::Bool(b) => Some(SymExpr::int(i64::from(*b))),
        Value::SymInt(e) => Some(e.clone()),
        _ => None,
    };
    Some((sym(l)?, sym(r)?))
}

fn dim_arith(op: BinOp, l: &Value, r: &Value) -> Option<Value> {
    let (d, k, dim_left) = match (l, r) {
        (Value::Dim(d), Value::Int(k)) => (d.clone(), *k, true),
        (Value::Int(k), Value::Dim(d)) => (d.clone(), *k, false),
        _ => return None,
    };
    let (root, coeff, offset) = match &*d {
        DimSpec::Derived {
            root,
            coeff,
            offset,
        } => (root.clone(), *coeff, *offset),
        DimSpec::Named { .. } => (d.clone(), 1, 0),
        _ => return None,
    };
    let (coeff, offset) = match op {
        BinOp::Add => (coeff, offset.checked_add(k)?),
        BinOp::Sub if dim_left => (coeff, offset.checked_sub(k)?),
        BinOp::Mul => (coeff.checked_mul(k)?, offset.checked_mul(k)?),
        _ => return None,
    };
    Some(Value::Dim(Rc::new(DimSpec::Derived {
        root,
        coeff,
        offset,
    })))
}

fn int_binop(interp: &mut Interp, op: BinOp, a: i64, b: i64) -> R<Value> {
    let overflow = || {
        interp.fail(
            FailureKind::Incomplete,
            "analysis incomplete: integer overflow",
        )
    };
    Ok(match op {
        BinOp::Add => Value::Int(a.checked_add(b).ok_or_else(overflow)?),
        BinOp::Sub => Value::Int(a.checked_sub(b).ok_or_else(overflow)?),
        BinOp::Mul => Value::Int(a.checked_mul(b).ok_or_else(overflow)?),
        BinOp::Div => {
            if b == 0 {
                return Err(interp.raise("ZeroDivisionError", "division by zero"));
            }
            Value::Float(a as f64 / b as f64)
        }
        BinOp::FloorDiv => {
            if b == 0 {
                return Err(interp.raise("ZeroDivisionError", "integer division or modulo by zero"));
            }
            Value::Int(
                a.div_euclid(b)
                    - if (a.rem_euclid(b) != 0) && b < 0 {
                        1
                    } else {
                        0
                    },
            )
        }
        BinOp::Mod => {
            if b == 0 {
                return Err(interp.raise("ZeroDivisionError", "integer division or modulo by zero"));
            }
            let m = a % b;
            Value::Int(if m != 0 && ((m < 0) != (b < 0)) {
                m + b
            } else {
                m
            })
        }
        BinOp::Pow => {
            if b < 0 {
                Value::Float((a as f64).powf(b as f64))
            } else {
                Value::Int(
                    a.checked_pow(b.min(u32::MAX as i64) as u32)
                        .ok_or_else(overflow)?,
                )
            }
        }
        BinOp::LShift => Value::Int(a.checked_shl(b as u32).ok_or_else(overflow)?),
        BinOp::RShift => Value::Int(a >> b.clamp(0, 63)),
        BinOp::BitAnd => Value::Int(a & b),
        BinOp::BitOr => Value::Int(a | b),
        BinOp::BitXor => Value::Int(a ^ b),
        BinOp::MatMul => {
            return Err(interp.type_error("unsupported operand type(s) for @: 'int' and 'int'"));
        }
    })
}

/// Strict mode: Dynamo compares two sequences of sizes of one length as
/// one symbolic conjunction of their elements' equalities, decided at once
/// (one guard, `Eq(a, 2) & Eq(b, 3)`), where Python decides element by
/// element. `None` where Python's semantics apply (non-strict mode, a
/// functional Dynamo keeps as a call) or an element is not an int.
fn dynamo_sizes_equal(interp: &mut Interp, a: &[Value], b: &[Value]) -> R<Option<bool>> {
    if interp.traces_size_arithmetic() || !interp.tracing || a.len() != b.len() {
        return Ok(None);
    }
    let size = |v: &Value| match v {
        Value::Int(i) => Some(SymExpr::int(*i)),
        Value::SymInt(e) => Some(e.clone()),
        _ => None,
    };
    let mut pairs = Vec::with_capacity(a.len());
    for (x, y) in a.iter().zip(b) {
        let (Some(x), Some(y)) = (size(x), size(y)) else {
            return Ok(None);
        };
        // An int compares with a size from the size's side.
        pairs.push(if x.is_const() { (y, x) } else { (x, y) });
    }
    if pairs.iter().all(|(x, y)| x.is_const() && y.is_const()) {
        return Ok(None);
    }
    let line = interp.guard_line();
    match interp.env.evaluate_all_eq(&pairs, line) {
        Ok(eq) => Ok(Some(eq)),
        Err(dd) => Err(interp.data_dependent(&dd.expr)),
    }
}

/// Python comparisons on non-tensor values; symbolic ints give symbolic bools.
pub fn python_compare(interp: &mut Interp, op: CmpOp, l: &Value, r: &Value) -> R<Value> {
    use Value::*;
    let kind = match op {
        CmpOp::Eq => CmpKind::Eq,
        CmpOp::NotEq => CmpKind::Ne,
        CmpOp::Lt => CmpKind::Lt,
        CmpOp::LtE => CmpKind::Le,
        CmpOp::Gt => CmpKind::Gt,
        CmpOp::GtE => CmpKind::Ge,
        _ => return Ok(Bool(false)),
    };
    let dunders = match kind {
        CmpKind::Eq => ("__eq__", "__eq__"),
        CmpKind::Ne => ("__ne__", "__ne__"),
        CmpKind::Lt => ("__lt__", "__gt__"),
        CmpKind::Le => ("__le__", "__ge__"),
        CmpKind::Gt => ("__gt__", "__lt__"),
        CmpKind::Ge => ("__ge__", "__le__"),
    };
    if let Some(v) = object_operator(interp, dunders, l, r)? {
        return Ok(v);
    }
    if kind == CmpKind::Ne
        && let Some(v) = object_operator(interp, ("__eq__", "__eq__"), l, r)?
    {
        let equal = interp.truthy(&v)?;
        return Ok(Bool(!equal));
    }
    if let Some((a, b)) = symbolic_pair(l, r) {
        return Ok(interp.sym_compare(kind, a, b));
    }
    let num = |v: &Value| -> Option<f64> {
        match v {
            Int(i) => Some(*i as f64),
            Bool(b) => Some(f64::from(u8::from(*b))),
            Float(f) | SymFloat(f, _) => Some(*f),
            _ => Option::None,
        }
    };
    if let (SymFloat(_, _), _) | (_, SymFloat(_, _)) = (l, r) {
        // A float computed from data or sizes: torch cannot decide it.
        if interp.tracing {
            return interp.sym_float_compare(kind, l, r);
        }
    }
    if let (Some(a), Some(b)) = (num(l), num(r)) {
        let ord = a.partial_cmp(&b);
        let res = match kind {
            CmpKind::Eq => a == b,
            CmpKind::Ne => a != b,
            CmpKind::Lt => ord == Some(std::cmp::Ordering::Less),
            CmpKind::Le => matches!(
                ord,
                Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
            ),
            CmpKind::Gt => ord == Some(std::cmp::Ordering::Greater),
            CmpKind::Ge => matches!(
                ord,
                Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal)
            ),
        };
        return Ok(Bool(res));
    }
    match (l, r) {
        (Str(a), Str(b)) if [a, b].iter().any(|s| &***s == TORCH_VERSION) => {
            // `torch.__version__` is a TorchVersion: it compares with
            // strings as versions (`"2.15.0" >= "2.2"`).
            let ord = version_parts(a).cmp(&version_parts(b));
            Ok(Bool(match kind {
                CmpKind::Eq => ord.is_eq(),
                CmpKind::Ne => ord.is_ne(),
                CmpKind::Lt => ord.is_lt(),
                CmpKind::Le => ord.is_le(),
                CmpKind::Gt => ord.is_gt(),
                CmpKind::Ge => ord.is_ge(),
            }))
        }
        (Str(a), Str(b)) => Ok(Bool(kind.holds_for(&**a, &**b))),
        (Tuple(_), Tuple(_)) | (List(_), List(_)) if matches!(kind, CmpKind::Eq | CmpKind::Ne) => {
            let a = interp.iterate(l)?;
            let b = interp.iterate(r)?;
            if let Some(eq) = dynamo_sizes_equal(interp, &a, &b)? {
                return Ok(Bool(if kind == CmpKind::Eq { eq } else { !eq }));
            }
            let mut eq = a.len() == b.len();
            if eq {
                for (x, y) in a.iter().zip(b.iter()) {
                    if !items_equal(interp, x, y)? {
                        eq = false;
                        break;
                    }
                }
            }
            Ok(Bool(if kind == CmpKind::Eq { eq } else { !eq }))
        }
        (Dict(a), Dict(b)) if matches!(kind, CmpKind::Eq | CmpKind::Ne) => {
            let pairs: Option<Vec<(Value, Value)>> = {
                let (a, b) = (a.borrow(), b.borrow());
                (a.len() == b.len())
                    .then(|| {
                        a.entries()
                            .iter()
                            .map(|(k, v)| Some((v.clone(), b.get(k)?.clone())))
                            .collect()
                    })
                    .flatten()
            };
            let mut eq = pairs.is_some();
            for (x, y) in pairs.unwrap_or_default() {
                if !items_equal(interp, &x, &y)? {
                    eq = false;
                    break;
                }
            }
            Ok(Bool(if kind == CmpKind::Eq { eq } else { !eq }))
        }
        (Set(a), Set(b)) if matches!(kind, CmpKind::Eq | CmpKind::Ne) => {
            let (a, b) = (a.borrow(), b.borrow());
            let eq = a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| y.key_eq(x)));
            Ok(Bool(if kind == CmpKind::Eq { eq } else { !eq }))
        }
        (Unknown(_), _) | (_, Unknown(_)) => Ok(Bool(kind == CmpKind::Ne)),
        // Sequences order lexicographically: the first unequal items
        // decide, else the shorter sequence is smaller.
        (Tuple(_), Tuple(_)) | (List(_), List(_)) if !matches!(kind, CmpKind::Eq | CmpKind::Ne) => {
            let (a, b) = (interp.iterate(l)?, interp.iterate(r)?);
            for (x, y) in a.iter().zip(&b) {
                if !items_equal(interp, x, y)? {
                    return interp.nested(IN_COMPARISON, |interp| python_compare(interp, op, x, y));
                }
            }
            let (n, m) = (a.len(), b.len());
            Ok(Bool(match kind {
                CmpKind::Lt => n < m,
                CmpKind::Le => n <= m,
                CmpKind::Gt => n > m,
                _ => n >= m,
            }))
        }
        _ => match kind {
            CmpKind::Eq => Ok(Bool(crate::interp::is_same(l, r) || l.key_eq(r))),
            CmpKind::Ne => Ok(Bool(!(crate::interp::is_same(l, r) || l.key_eq(r)))),
            _ => Err(interp.type_error(format!(
                "'{}' not supported between instances of '{}' and '{}'",
                kind.symbol(),
                l.type_name(),
                r.type_name()
            ))),
        },
    }
}

/// CPython's message for a comparison nested past the recursion limit.
const IN_COMPARISON: &str = " in comparison";

/// Whether two items of containers being compared are equal, as CPython's
/// `PyObject_RichCompareBool` decides it: the same object is equal to
/// itself without a comparison (so `a == a` holds for a list that contains
/// itself), anything else is compared one level deeper.
fn items_equal(interp: &mut Interp, x: &Value, y: &Value) -> R<bool> {
    if crate::interp::is_same(x, y) {
        return Ok(true);
    }
    interp.nested(IN_COMPARISON, |interp| {
        let c = python_compare(interp, CmpOp::Eq, x, y)?;
        interp.truthy(&c)
    })
}

/// The torch release whose behaviour the tracer models.
pub const TORCH_VERSION: &str = "2.15.0";

/// The numeric release segments of a version string (`"2.15.0+cpu"` ->
/// `[2, 15, 0]`), trailing zeros dropped so that `"2.2"` equals `"2.2.0"`.
fn version_parts(v: &str) -> Vec<u64> {
    let release = v.split(['+', '-']).next().unwrap_or("");
    let mut parts: Vec<u64> = release
        .split('.')
        .map_while(|p| {
            let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect();
    while parts.last() == Some(&0) {
        parts.pop();
    }
    parts
}

/// A type in a PEP 604 union: a class, a built-in type, `None`, a typing
/// form (an alias, a union already built, answer `|` themselves).
fn is_type_like(v: &Value) -> bool {
    match v {
        Value::Class(_) | Value::None => true,
        Value::Builtin(b) => {
            b.receiver.is_none() && !crate::interp::torch_natives::is_special_function(&b.name)
        }
        _ => false,
    }
}

/// The distinct items of `items` (by key equality), in order.
fn dedup_keys(items: &[Value]) -> Vec<Value> {
    crate::value::distinct(items.iter().cloned())
}
