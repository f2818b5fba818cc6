//! The methods of `list` (and of `collections.deque`, which the tracer
//! models as a list: `appendleft`, `popleft`).

use crate::tracked::Tracked;

use super::tuple::{count, index};
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::builtins::ordering::sort;
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The methods of `list` (and `deque`) the tracer implements.
    pub enum ListMethod {
        Append = "append",
        Appendleft = "appendleft",
        Popleft = "popleft",
        Extend = "extend",
        Insert = "insert",
        Pop = "pop",
        Reverse = "reverse",
        Clear = "clear",
        Copy = "copy",
        Sort = "sort",
        Remove = "remove",
        Index = "index",
        Count = "count",
    }
}

/// Calls `list.METHOD` on `l` (`recv` is the list value itself); `None`
/// when lists have no such method.
pub fn call(
    interp: &mut Interp,
    l: &Tracked<Vec<Value>>,
    recv: &Value,
    method: &str,
    args: Args,
) -> Option<R<Value>> {
    let method = ListMethod::from_name(method)?;
    Some(call_method(interp, l, recv, method, args))
}

fn call_method(
    interp: &mut Interp,
    l: &Tracked<Vec<Value>>,
    recv: &Value,
    method: ListMethod,
    args: Args,
) -> R<Value> {
    use ListMethod as M;
    match method {
        M::Append | M::Appendleft | M::Extend | M::Remove => {
            let [x] = Signature::new(method.name(), ["x"])
                .positional_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            one_argument(interp, l, method, x)
        }
        M::Insert => {
            const INSERT: Signature<2> = Signature::new("insert", ["index", "object"])
                .positional_only(2)
                .required(2);
            let [i, object] = INSERT.bind(interp, args)?.values();
            let i = interp.index_int(&i)?;
            let mut v = l.borrow_mut();
            let n = v.len() as i64;
            let i = if i < 0 { (i + n).max(0) } else { i.min(n) };
            v.insert(i as usize, object);
            Ok(Value::None)
        }
        M::Pop => {
            const POP: Signature<1> = Signature::new("pop", ["index"]).positional_only(1);
            let [i] = POP.bind(interp, args)?.args;
            let i = match i {
                Some(v) => interp.index_int(&v)?,
                None => -1,
            };
            let mut v = l.borrow_mut();
            let n = v.len() as i64;
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                drop(v);
                return Err(interp.raise("IndexError", "pop index out of range"));
            }
            Ok(v.remove(j as usize))
        }
        M::Sort => {
            const SORT: Signature<2> = Signature::new("sort", ["key", "reverse"]).keyword_only(2);
            let [key, reverse] = SORT.bind(interp, args)?.args;
            let items = l.borrow().clone();
            let items = sort(interp, items, key, reverse)?;
            *l.borrow_mut() = items;
            Ok(Value::None)
        }
        M::Index => index(interp, recv, args),
        M::Count => count(interp, recv, args),
        M::Popleft | M::Reverse | M::Clear | M::Copy => {
            Signature::new(method.name(), []).bind(interp, args)?;
            no_argument(interp, l, method)
        }
    }
}

/// `append`, `appendleft`, `extend`, `remove`.
fn one_argument(
    interp: &mut Interp,
    l: &Tracked<Vec<Value>>,
    method: ListMethod,
    x: Value,
) -> R<Value> {
    match method {
        ListMethod::Append => l.borrow_mut().push(x),
        ListMethod::Appendleft => l.borrow_mut().insert(0, x),
        ListMethod::Extend => {
            let items = interp.iterate(&x)?;
            let len = l.borrow().len() + items.len();
            interp.charge_copies(len, items.len(), "a list")?;
            l.borrow_mut().extend(items);
        }
        _ => {
            let pos = l.borrow().iter().position(|v| v.key_eq(&x));
            match pos {
                Some(p) => {
                    l.borrow_mut().remove(p);
                }
                None => return Err(interp.raise("ValueError", "list.remove(x): x not in list")),
            }
        }
    }
    Ok(Value::None)
}

/// `popleft`, `reverse`, `clear`, `copy`.
fn no_argument(interp: &mut Interp, l: &Tracked<Vec<Value>>, method: ListMethod) -> R<Value> {
    match method {
        ListMethod::Popleft => {
            let mut v = l.borrow_mut();
            if v.is_empty() {
                drop(v);
                return Err(interp.raise("IndexError", "pop from an empty deque"));
            }
            Ok(v.remove(0))
        }
        ListMethod::Reverse => {
            l.borrow_mut().reverse();
            Ok(Value::None)
        }
        ListMethod::Clear => {
            l.borrow_mut().clear();
            Ok(Value::None)
        }
        _ => Ok(Value::list(l.borrow().clone())),
    }
}
