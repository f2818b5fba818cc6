//! The builtin types called as conversions: `int`, `float`, `bool`, `str`,
//! `repr`, `format`, `tuple`, `list`, `set`, `frozenset`, `dict`, `bytes`,
//! `chr`, `ord`, `slice` (and `complex`, not modelled). A tensor converts
//! through its traced value (`tensor_to_number`) inside `forward` and
//! through its known data outside it.

use crate::tracked::Tracked;
use std::rc::Rc;

use super::{KnownBuiltin, is_traced_value};
use crate::interp::scalars::{Number, TRUNC};
use crate::interp::{FORMATTED_STRING, Interp, R};
use crate::python::bind::{Args, Signature};
use crate::value::{Dict, Value};

/// Calls one of the conversions.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    use KnownBuiltin as B;
    match builtin {
        B::Int => {
            const INT: Signature<2> = Signature::new("int", ["x", "base"]).positional_only(1);
            match INT.bind(interp, args)?.args {
                [None, _] => Ok(Value::Int(0)),
                [Some(Value::Str(ref s)), Some(ref base)] => {
                    let base = interp.index_int(base)?;
                    parse_int(s, base).map(Value::Int).ok_or_else(|| {
                        interp.raise(
                            "ValueError",
                            format!("invalid literal for int() with base {base}: '{s}'"),
                        )
                    })
                }
                [Some(x), None] => to_int(interp, x),
                [Some(_), Some(_)] => {
                    Err(interp.type_error("int() can't convert non-string with explicit base"))
                }
            }
        }
        B::Float => {
            const FLOAT: Signature<1> = Signature::new("float", ["x"]).positional_only(1);
            match FLOAT.bind(interp, args)?.args {
                [None] => Ok(Value::Float(0.0)),
                [Some(x)] => to_float(interp, x),
            }
        }
        B::Bool => {
            const BOOL: Signature<1> = Signature::new("bool", ["x"]).positional_only(1);
            match BOOL.bind(interp, args)?.args {
                [None] => Ok(Value::Bool(false)),
                [Some(x)] => Ok(Value::Bool(interp.truthy(&x)?)),
            }
        }
        B::Str | B::Repr => {
            let [object] = if builtin == B::Str {
                const STR: Signature<3> = Signature::new("str", ["object", "encoding", "errors"]);
                let [object, _, _] = STR.bind(interp, args)?.args;
                [object]
            } else {
                const REPR: Signature<1> = Signature::new("repr", ["obj"])
                    .positional_only(1)
                    .required(1);
                REPR.bind(interp, args)?.args
            };
            text(interp, builtin, object)
        }
        B::Format => {
            const FORMAT: Signature<2> = Signature::new("format", ["value", "format_spec"])
                .positional_only(2)
                .required(1);
            let [value, spec] = FORMAT.bind(interp, args)?.values();
            let spec = match spec {
                Value::Str(ref s) => s.to_string(),
                Value::None => String::new(),
                _ => return Err(interp.type_error("format() argument 2 must be str")),
            };
            let s = crate::python::format::format_value(interp, &value, &spec)?;
            Ok(Value::str(&s))
        }
        B::Tuple | B::List | B::Set | B::Frozenset => {
            let [iterable] = Signature::new(builtin.name(), ["iterable"])
                .positional_only(1)
                .bind(interp, args)?
                .args;
            let items = match iterable {
                Some(v) => interp.iterate(&v)?,
                None => vec![],
            };
            Ok(match builtin {
                B::Tuple => Value::tuple(items),
                B::List => Value::list(items),
                _ => Value::Set(Rc::new(Tracked::new(crate::value::distinct(items)))),
            })
        }
        B::Dict => {
            const DICT: Signature<1> = Signature::new("dict", ["iterable"])
                .positional_only(1)
                .star_kwargs();
            let bound = DICT.bind(interp, args)?;
            let [source] = bound.args;
            dict_of(interp, source.as_ref(), bound.keywords)
        }
        B::Bytes => {
            const BYTES: Signature<3> = Signature::new("bytes", ["source", "encoding", "errors"]);
            let [source, _, _] = BYTES.bind(interp, args)?.args;
            bytes_of(interp, source)
        }
        B::Chr => {
            const CHR: Signature<1> = Signature::new("chr", ["i"]).positional_only(1).required(1);
            let [i] = CHR.bind(interp, args)?.values();
            Ok(Value::str(
                &char::from_u32(interp.index_int(&i)? as u32)
                    .unwrap_or('?')
                    .to_string(),
            ))
        }
        B::Ord => {
            const ORD: Signature<1> = Signature::new("ord", ["c"]).positional_only(1).required(1);
            match ORD.bind(interp, args)?.values() {
                [Value::Str(ref s)] => Ok(Value::Int(s.chars().next().map_or(0, |c| c as i64))),
                _ => Err(interp.type_error("ord() expected a character")),
            }
        }
        B::Slice => {
            const SLICE: Signature<3> = Signature::new("slice", ["start", "stop", "step"])
                .positional_only(3)
                .required(1);
            let parts = match SLICE.bind(interp, args)?.args {
                [Some(stop), None, _] => [Value::None, stop, Value::None],
                [start, stop, step] => [start, stop, step].map(|v| v.unwrap_or(Value::None)),
            };
            Ok(Value::Slice(Rc::new(parts)))
        }
        _ => {
            // As complex literals (`1j`): not modelled.
            let r = interp.current_range();
            Ok(interp.incomplete(r, "analysis incomplete: complex numbers are not modelled"))
        }
    }
}

/// `int(x)`.
fn to_int(interp: &mut Interp, x: Value) -> R<Value> {
    match x {
        Value::Int(i) => Ok(Value::Int(i)),
        Value::Bool(b) => Ok(Value::Int(i64::from(b))),
        v @ (Value::Float(_) | Value::SymFloat(..)) => interp.float_to_int(&v, &TRUNC, true),
        Value::SymInt(ref e) => Ok(Value::SymInt(e.clone())),
        Value::SymBool(ref b) => Ok(Value::Int(i64::from(interp.decide(b)?))),
        Value::Str(ref s) => parse_int(s, 10).map(Value::Int).ok_or_else(|| {
            interp.raise(
                "ValueError",
                format!("invalid literal for int() with base 10: '{s}'"),
            )
        }),
        Value::Tensor(ref t) if interp.tracing => interp.tensor_to_number(t, Number::Int),
        Value::Tensor(ref t) => {
            let v = interp.tensor_item(t)?;
            to_int(interp, v)
        }
        v @ Value::Unknown(_) => Ok(v),
        v => Err(interp.type_error(format!(
            "int() argument must be a number, not '{}'",
            v.type_name()
        ))),
    }
}

/// `int(s, base)` of a string: optional sign, a `0x`/`0o`/`0b` prefix
/// matching the base (base 0 reads it from the prefix), `_` between
/// digits, whitespace around.
fn parse_int(s: &str, base: i64) -> Option<i64> {
    let t = s.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let lower = t.to_ascii_lowercase();
    let prefixed = |p: &str| lower.starts_with(p).then(|| &t[2..]);
    let (base, digits) = match base {
        0 => match (prefixed("0x"), prefixed("0o"), prefixed("0b")) {
            (Some(d), _, _) => (16, d),
            (_, Some(d), _) => (8, d),
            (_, _, Some(d)) => (2, d),
            // Base 0 reads a decimal without leading zeros.
            _ if t.len() > 1 && t.starts_with('0') && !t.trim_start_matches('0').is_empty() => {
                return None;
            }
            _ => (10, t),
        },
        16 => (16, prefixed("0x").unwrap_or(t)),
        8 => (8, prefixed("0o").unwrap_or(t)),
        2 => (2, prefixed("0b").unwrap_or(t)),
        b if (2..=36).contains(&b) => (b as u32, t),
        _ => return None,
    };
    let digits = digits
        .strip_prefix('_')
        .filter(|_| digits.len() != t.len())
        .unwrap_or(digits);
    let malformed = digits.is_empty()
        || digits.starts_with(['_', '+', '-'])
        || digits.ends_with('_')
        || digits.contains("__");
    if malformed {
        return None;
    }
    let value = i64::from_str_radix(&digits.replace('_', ""), base).ok()?;
    Some(if negative { -value } else { value })
}

/// `float(x)`.
fn to_float(interp: &mut Interp, x: Value) -> R<Value> {
    match x {
        Value::Int(i) => Ok(Value::Float(i as f64)),
        Value::Bool(b) => Ok(Value::Float(f64::from(u8::from(b)))),
        Value::Float(f) => Ok(Value::Float(f)),
        Value::SymInt(ref e) => interp.int_to_float(e),
        v @ Value::SymFloat(_, _) => Ok(v),
        // Rust reads `inf`, `-inf` and `nan` as Python does.
        Value::Str(ref s) => Ok(Value::Float(s.trim().parse().unwrap_or(0.0))),
        Value::Tensor(ref t) if interp.tracing => interp.tensor_to_number(t, Number::Float),
        Value::Tensor(ref t) => {
            let v = interp.tensor_item(t)?;
            to_float(interp, v)
        }
        v => Ok(v),
    }
}

/// `str(object)` and `repr(obj)`.
fn text(interp: &mut Interp, builtin: KnownBuiltin, object: Option<Value>) -> R<Value> {
    let object = match object {
        Some(v @ Value::Unknown(_)) => return Ok(v),
        Some(Value::SymInt(ref e)) if interp.strict_tracing() && e.as_const().is_none() => {
            // Dynamo cannot print a symbolic number (a dynamic size, an
            // `.item()`).
            return Err(interp.graph_break(
                "GB6053",
                "tp_repr_impl not implemented: Dynamo cannot call str() or repr() on a symbolic int",
                "",
            ));
        }
        Some(v) => v,
        None => return Ok(Value::str("")),
    };
    if builtin == KnownBuiltin::Repr {
        let s = interp.repr(&object)?;
        return Ok(Value::str(&s));
    }
    // A string strict export formatted from a tensor stays one, and so
    // does what a user `__str__` makes of it.
    if let Value::Object(ref o) = object
        && interp.strict_tracing()
    {
        let made = match o.class.lookup("__str__") {
            _ if &*o.class.name == FORMATTED_STRING => Some(object.clone()),
            Some((f, owner)) if owner.builtin.is_none() => {
                Some(interp.call_method_value(&f, object.clone(), vec![])?)
            }
            _ => None,
        };
        if let Some(made) = made {
            return match made {
                Value::Object(ref m) if &*m.class.name == FORMATTED_STRING => {
                    Ok(Value::Object(m.clone()))
                }
                other => Ok(Value::str(&interp.to_str(&other)?)),
            };
        }
    }
    let s = interp.to_str(&object)?;
    Ok(Value::str(&s))
}

/// `list(iterable)`, for the classes modelled as a list (`collections.deque`).
pub fn list_of(interp: &mut Interp, iterable: Option<&Value>) -> R<Value> {
    Ok(Value::list(match iterable {
        Some(v) => interp.iterate(v)?,
        None => vec![],
    }))
}

/// `dict(source, **keywords)`: a mapping's items or an iterable of pairs,
/// then the keywords.
pub fn dict_of(
    interp: &mut Interp,
    source: Option<&Value>,
    keywords: Vec<(String, Value)>,
) -> R<Value> {
    let mut d = Dict::default();
    match source {
        Some(src @ Value::Dict(_)) => {
            for (k, v) in interp.dict_items(src)? {
                d.insert(k, v);
            }
        }
        Some(other) => {
            for pair in interp.iterate(other)? {
                let kv = interp.iterate(&pair)?;
                if kv.len() == 2 {
                    d.insert(kv[0].clone(), kv[1].clone());
                }
            }
        }
        None => {}
    }
    for (k, v) in keywords {
        d.insert(Value::str(&k), v);
    }
    Ok(Value::Dict(Rc::new(Tracked::new(d))))
}

/// `bytes(...)`, as the text of its bytes (one char each). Symbolic or
/// tensor-derived numbers are specialized (data-dependent when unbacked);
/// Dynamo breaks on them.
fn bytes_of(interp: &mut Interp, source: Option<Value>) -> R<Value> {
    let Some(ref source) = source else {
        return Ok(Value::str(""));
    };
    if let Value::Str(s) = source {
        return Ok(Value::Str(s.clone()));
    }
    let items = match source {
        Value::Int(_) | Value::SymInt(_) | Value::Bool(_) => None,
        other => Some(interp.iterate(other)?),
    };
    let traced = match &items {
        None => is_traced_value(source),
        Some(items) => items.iter().any(is_traced_value),
    };
    if traced && interp.strict_tracing() {
        return Err(interp.graph_break(
            "GB9890",
            "bytes() with non-constant arguments",
            "build the bytes from Python ints",
        ));
    }
    let text: String = match items {
        None => {
            let n = interp.index_int(source)?;
            let Ok(n) = usize::try_from(n) else {
                return Err(interp.raise("ValueError", "negative count"));
            };
            // Charged before it is made: `bytes(10**9)` is refused, not
            // allocated.
            interp.charge_bytes(n)?;
            "\0".repeat(n)
        }
        Some(items) => {
            let mut text = String::with_capacity(items.len());
            for v in &items {
                text.push(char::from(interp.index_int(v)?.clamp(0, 255) as u8));
            }
            text
        }
    };
    Ok(Value::str(&text))
}
