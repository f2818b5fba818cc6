//! The methods of `set` (and `frozenset`), and the set operators `-`,
//! `|`, `&`, `^` they share with `python/operators.rs`. A set is its items
//! in insertion order, distinct by key equality.

use crate::tracked::Tracked;
use std::rc::Rc;

use syntax::ast::BinOp;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::{KeyIndex, Value};

known_names! {
    /// The methods of `set` the tracer implements.
    pub enum SetMethod {
        Add = "add",
        Update = "update",
        Discard = "discard",
        Remove = "remove",
        Clear = "clear",
        Copy = "copy",
        Union = "union",
        Intersection = "intersection",
        Difference = "difference",
        SymmetricDifference = "symmetric_difference",
        Issubset = "issubset",
        Issuperset = "issuperset",
        Isdisjoint = "isdisjoint",
    }
}

/// Calls `set.METHOD` on `s`; `None` when sets have no such method.
pub fn call(
    interp: &mut Interp,
    s: &Tracked<Vec<Value>>,
    method: &str,
    args: Args,
) -> Option<R<Value>> {
    let method = SetMethod::from_name(method)?;
    Some(call_method(interp, s, method, args))
}

fn call_method(
    interp: &mut Interp,
    s: &Tracked<Vec<Value>>,
    method: SetMethod,
    args: Args,
) -> R<Value> {
    use SetMethod as M;
    match method {
        M::Clear | M::Copy => {
            Signature::new(method.name(), []).bind(interp, args)?;
            if method == M::Copy {
                return Ok(Value::Set(Rc::new(Tracked::new(s.borrow().clone()))));
            }
            s.borrow_mut().clear();
            Ok(Value::None)
        }
        M::Update | M::Union | M::Intersection | M::Difference => {
            let others = Signature::new(method.name(), [])
                .star_args()
                .bind(interp, args)?
                .rest;
            combine(interp, s, method, &others)
        }
        _ => {
            let [x] = Signature::new(method.name(), ["other"])
                .positional_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            with_one(interp, s, method, x)
        }
    }
}

/// `update`, `union`, `intersection`, `difference` with any number of
/// iterables.
fn combine(
    interp: &mut Interp,
    s: &Tracked<Vec<Value>>,
    method: SetMethod,
    others: &[Value],
) -> R<Value> {
    if method == SetMethod::Update {
        let mut items = s.borrow().clone();
        let mut index = KeyIndex::new(&items);
        for other in others {
            for v in interp.iterate(other)? {
                index.push_new(&mut items, v);
            }
        }
        *s.borrow_mut() = items;
        return Ok(Value::None);
    }
    let op = match method {
        SetMethod::Union => BinOp::BitOr,
        SetMethod::Intersection => BinOp::BitAnd,
        _ => BinOp::Sub,
    };
    let mut acc = s.borrow().clone();
    for other in others {
        let other = interp.iterate(other)?;
        if let Value::Set(ref out) = set_op(interp, op, &acc, &other)? {
            acc = out.borrow().clone();
        }
    }
    Ok(Value::Set(Rc::new(Tracked::new(acc))))
}

/// `add`, `discard`, `remove`, `symmetric_difference` and the tests
/// against one other iterable.
fn with_one(interp: &mut Interp, s: &Tracked<Vec<Value>>, method: SetMethod, x: Value) -> R<Value> {
    use SetMethod as M;
    // The items are a sequence: a lookup scans them.
    match method {
        M::Add => {
            interp.charge_copies(s.borrow().len(), s.borrow().len(), "a set")?;
            if !s.borrow().iter().any(|y| y.key_eq(&x)) {
                s.borrow_mut().push(x);
            }
            Ok(Value::None)
        }
        M::Discard | M::Remove => {
            interp.charge_copies(s.borrow().len(), s.borrow().len(), "a set")?;
            let found = s.borrow().iter().position(|y| y.key_eq(&x));
            match found {
                Some(i) => {
                    s.borrow_mut().remove(i);
                }
                None if method == M::Remove => {
                    let key = interp.repr(&x)?;
                    return Err(interp.raise("KeyError", key));
                }
                None => {}
            }
            Ok(Value::None)
        }
        M::SymmetricDifference => {
            let other = interp.iterate(&x)?;
            let acc = s.borrow().clone();
            set_op(interp, BinOp::BitXor, &acc, &other)
        }
        _ => {
            let other = interp.iterate(&x)?;
            let acc = s.borrow();
            let has = |xs: &[Value], x: &Value| xs.iter().any(|y| y.key_eq(x));
            Ok(Value::Bool(match method {
                M::Issubset => acc.iter().all(|x| has(&other, x)),
                M::Issuperset => other.iter().all(|x| has(&acc, x)),
                _ => !acc.iter().any(|x| has(&other, x)),
            }))
        }
    }
}

/// `-`, `|`, `&`, `^` between sets, keeping the left operand's order.
pub(crate) fn set_op(interp: &mut Interp, op: BinOp, a: &[Value], b: &[Value]) -> R<Value> {
    let (index_a, index_b) = (KeyIndex::new(a), KeyIndex::new(b));
    let in_a = |x: &Value| index_a.contains(a, x);
    let in_b = |x: &Value| index_b.contains(b, x);
    let items: Vec<Value> = match op {
        BinOp::Sub => a.iter().filter(|x| !in_b(x)).cloned().collect(),
        BinOp::BitAnd => a.iter().filter(|x| in_b(x)).cloned().collect(),
        BinOp::BitOr => a
            .iter()
            .cloned()
            .chain(b.iter().filter(|x| !in_a(x)).cloned())
            .collect(),
        BinOp::BitXor => a
            .iter()
            .filter(|x| !in_b(x))
            .chain(b.iter().filter(|x| !in_a(x)))
            .cloned()
            .collect(),
        _ => {
            return Err(interp.type_error(format!(
                "unsupported operand type(s) for {}: 'set' and 'set'",
                op.symbol()
            )));
        }
    };
    Ok(Value::Set(Rc::new(Tracked::new(items))))
}
