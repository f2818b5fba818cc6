//! Built-in types' alternate constructors, read from the type
//! (`dict.fromkeys`, `int.from_bytes`, `float.fromhex`, `bytes.fromhex`,
//! and `type.__call__`, the plain construction a metaclass's `__call__` asks for),
//! following CPython. They are class methods: the call's first argument is
//! not a receiver. Bytes are text of one char per byte to the tracer
//! (`b"\x01"` is `"\u{1}"`).
//!
//! Which type has which is data ([`TYPE_CONSTRUCTORS`]); a `bytearray` is
//! the prelude's class (`prelude/builtins.py`), which defines its own.

use crate::tracked::Tracked;
use std::rc::Rc;

use super::{Interp, R};
use crate::python::bind::keyword;
use crate::value::{Dict, Value};

/// (type, method): the alternate constructors this module implements.
/// `collections.OrderedDict` is a dict to the tracer.
pub const TYPE_CONSTRUCTORS: &[(&str, &str)] = &[
    ("builtins.dict", "fromkeys"),
    ("collections.OrderedDict", "fromkeys"),
    ("builtins.int", "from_bytes"),
    ("builtins.float", "fromhex"),
    ("builtins.bytes", "fromhex"),
    ("builtins.type", "__call__"),
];

/// The callable `type.method` reads as, if it is one of
/// [`TYPE_CONSTRUCTORS`] (`dict.fromkeys` -> `builtins.dict.fromkeys`).
pub fn constructor(type_name: &str, method: &str) -> Option<Value> {
    TYPE_CONSTRUCTORS
        .iter()
        .find(|(t, m)| *t == type_name && *m == method)
        .map(|_| {
            let owner = match type_name {
                "collections.OrderedDict" => "builtins.dict",
                other => other,
            };
            Value::builtin(&format!("{owner}.{method}"))
        })
}

impl Interp {
    /// Calls `builtins.<type>.<method>`; `None` when `name` is not one.
    pub(crate) fn call_type_constructor(
        &mut self,
        name: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Option<R<Value>> {
        let arg = |i: usize, key: &str| args.get(i).or_else(|| keyword(kwargs, key)).cloned();
        Some(match name {
            "dict.fromkeys" => self.dict_fromkeys(arg(0, "iterable"), arg(1, "value")),
            "int.from_bytes" => self.int_from_bytes(
                arg(0, "bytes"),
                arg(1, "byteorder"),
                keyword(kwargs, "signed").cloned(),
            ),
            "float.fromhex" => match arg(0, "string") {
                Some(Value::Str(ref s)) => match float_fromhex(s) {
                    Ok(f) => Ok(Value::Float(f)),
                    Err(FromHexError::Invalid) => {
                        Err(self.raise("ValueError", "invalid hexadecimal floating-point string"))
                    }
                    Err(FromHexError::TooLarge) => Err(self.raise(
                        "OverflowError",
                        "hexadecimal value too large to represent as a float",
                    )),
                },
                other => self.not_modelled("float.fromhex", other),
            },
            "bytes.fromhex" => match arg(0, "string") {
                Some(Value::Str(ref s)) => match bytes_fromhex(s) {
                    Ok(bytes) => Ok(Value::str(
                        &bytes.iter().map(|b| char::from(*b)).collect::<String>(),
                    )),
                    Err(position) => Err(self.raise(
                        "ValueError",
                        format!(
                            "non-hexadecimal number found in fromhex() arg at position {position}"
                        ),
                    )),
                },
                other => self.not_modelled("bytes.fromhex", other),
            },
            "type.__call__" => match args.split_first() {
                Some((Value::Class(class), rest)) => {
                    self.construct(class.clone(), rest.to_vec(), kwargs.to_vec())
                }
                _ => Err(self.type_error("descriptor '__call__' of 'type' object needs a class")),
            },
            _ => return None,
        })
    }

    /// An argument of a kind CPython would reject or the tracer does not
    /// know: unknown stays unknown, anything else is a `TypeError`.
    fn not_modelled(&mut self, what: &str, arg: Option<Value>) -> R<Value> {
        match arg {
            Some(u @ Value::Unknown(_)) => Ok(u),
            Some(v) => Err(self.type_error(format!(
                "{what}() argument must be str, not {}",
                v.type_name()
            ))),
            None => Err(self.type_error(format!("{what}() takes exactly one argument (0 given)"))),
        }
    }

    /// `dict.fromkeys(iterable, value=None)`: one key per item, in order,
    /// each bound to the same value.
    fn dict_fromkeys(&mut self, iterable: Option<Value>, value: Option<Value>) -> R<Value> {
        let Some(iterable) = iterable else {
            return Err(self.type_error("fromkeys expected at least 1 argument, got 0"));
        };
        let keys = self.iterate(&iterable)?;
        self.charge_items(keys.len() as u128, "`dict.fromkeys`")?;
        let value = value.unwrap_or(Value::None);
        let mut d = Dict::default();
        for k in keys {
            d.insert(k, value.clone());
        }
        Ok(Value::Dict(Rc::new(Tracked::new(d))))
    }

    /// `int.from_bytes(bytes, byteorder='big', *, signed=False)`.
    fn int_from_bytes(
        &mut self,
        bytes: Option<Value>,
        byteorder: Option<Value>,
        signed: Option<Value>,
    ) -> R<Value> {
        let Some(bytes) = bytes else {
            return Err(self.type_error("from_bytes() missing required argument 'bytes' (pos 1)"));
        };
        let mut data: Vec<u8> = match &bytes {
            Value::Unknown(_) => return Ok(bytes),
            Value::Str(s) => match s.chars().map(|c| u8::try_from(u32::from(c))).collect() {
                Ok(data) => data,
                Err(_) => {
                    return Err(self.type_error("cannot convert 'str' object to bytes"));
                }
            },
            other => {
                let items = self.iterate(other)?;
                let mut data = Vec::with_capacity(items.len());
                for v in &items {
                    match self.index_int(v)? {
                        b @ 0..=255 => data.push(b as u8),
                        _ => return Err(self.raise("ValueError", "bytes must be in range(0, 256)")),
                    }
                }
                data
            }
        };
        match byteorder {
            None => {}
            Some(Value::Str(ref s)) if &**s == "big" => {}
            Some(Value::Str(ref s)) if &**s == "little" => data.reverse(),
            Some(Value::Str(_)) => {
                return Err(self.raise("ValueError", "byteorder must be either 'little' or 'big'"));
            }
            Some(other) => {
                return Err(self.type_error(format!(
                    "from_bytes() argument 'byteorder' must be str, not {}",
                    other.type_name()
                )));
            }
        }
        let signed = match signed {
            Some(v) => self.truthy(&v)?,
            None => false,
        };
        match int_of_big_endian(&data, signed) {
            Some(i) => Ok(Value::Int(i)),
            None => {
                let r = self.current_range();
                Ok(self.incomplete(
                    r,
                    "analysis incomplete: an integer past int64 is not modelled",
                ))
            }
        }
    }
}

/// The integer big-endian `data` encodes (two's complement when
/// `signed`), if it fits in an `i64`.
fn int_of_big_endian(data: &[u8], signed: bool) -> Option<i64> {
    // Leading bytes that only extend the sign carry no value.
    let fill = if signed && data.first().is_some_and(|b| b & 0x80 != 0) {
        0xff
    } else {
        0
    };
    let start = data.iter().position(|b| *b != fill).unwrap_or(data.len());
    let rest = &data[start..];
    if rest.len() > 8 {
        return None;
    }
    let mut v: i128 = if fill == 0xff { -1 } else { 0 };
    for b in rest {
        v = (v << 8) | i128::from(*b);
    }
    i64::try_from(v).ok()
}

#[derive(Debug, PartialEq)]
enum FromHexError {
    Invalid,
    TooLarge,
}

/// CPython's `float.fromhex`: `[sign] ['0x'] digits ['.' digits]
/// ['p' [sign] decimal]`, or `inf`/`infinity`/`nan`, blanks around.
fn float_fromhex(text: &str) -> Result<f64, FromHexError> {
    let s = text.trim();
    let (negative, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let sign = if negative { -1.0 } else { 1.0 };
    match s.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => return Ok(sign * f64::INFINITY),
        "nan" => return Ok(f64::NAN),
        _ => {}
    }
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    let (mantissa, exponent) = match s.find(['p', 'P']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, f),
        None => (mantissa, ""),
    };
    if whole.is_empty() && fraction.is_empty() {
        return Err(FromHexError::Invalid);
    }
    let exponent: i64 = match exponent {
        Some(e) => {
            let magnitude = e.strip_prefix(['+', '-']).unwrap_or(e);
            if magnitude.is_empty() || !magnitude.bytes().all(|b| b.is_ascii_digit()) {
                return Err(FromHexError::Invalid);
            }
            // A huge exponent saturates: the value is 0 or too large.
            let huge = if e.starts_with('-') {
                -(1 << 40)
            } else {
                1 << 40
            };
            e.parse().unwrap_or(huge)
        }
        None => 0,
    };
    let mut digits = whole.bytes().chain(fraction.bytes()).peekable();
    // Leading zeros carry nothing; past 28 significant digits the rest
    // only rounds (kept as a sticky bit).
    while digits.peek() == Some(&b'0') {
        digits.next();
    }
    let mut value: u128 = 0;
    let mut kept = 0i64;
    let mut dropped = 0i64;
    let mut sticky = false;
    for d in digits {
        let d = char::from(d).to_digit(16).ok_or(FromHexError::Invalid)?;
        if kept < 28 {
            value = (value << 4) | u128::from(d);
            kept += 1;
        } else {
            dropped += 1;
            sticky |= d != 0;
        }
    }
    if value == 0 {
        return Ok(sign * 0.0);
    }
    if sticky {
        value |= 1;
    }
    let shift = exponent
        .saturating_add(4 * dropped)
        .saturating_sub(4 * fraction.len() as i64);
    // `value` as a float is exact to 53 bits (rounded to nearest), then
    // scaled by a power of two.
    let top = 127 - i64::from(value.leading_zeros());
    if top + shift > 1024 {
        return Err(FromHexError::TooLarge);
    }
    if top + shift < -1100 {
        return Ok(sign * 0.0);
    }
    let mut f = value as f64;
    let mut k = shift;
    while k > 0 {
        let step = k.min(1000);
        f *= 2f64.powi(step as i32);
        k -= step;
    }
    while k < 0 {
        let step = (-k).min(1000);
        f /= 2f64.powi(step as i32);
        k += step;
    }
    if f.is_infinite() {
        return Err(FromHexError::TooLarge);
    }
    Ok(sign * f)
}

/// `bytes.fromhex`: pairs of hex digits, whitespace between pairs; the
/// error is the position CPython reports.
fn bytes_fromhex(text: &str) -> Result<Vec<u8>, usize> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len() / 2);
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let hi = char::from(b[i]).to_digit(16).ok_or(i)?;
        let lo = b
            .get(i + 1)
            .and_then(|c| char::from(*c).to_digit(16))
            .ok_or(i + 1)?;
        out.push((hi * 16 + lo) as u8);
        i += 2;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fromhex_reads_cpythons_examples() {
        assert_eq!(float_fromhex("0x1p-2"), Ok(0.25));
        assert_eq!(float_fromhex("0x1.8p1"), Ok(3.0));
        assert_eq!(float_fromhex("  -0X.8 "), Ok(-0.5));
        assert_eq!(float_fromhex("1.fffffffffffffp1023"), Ok(f64::MAX));
        assert_eq!(float_fromhex("0x1p-1074"), Ok(5e-324));
        assert_eq!(float_fromhex("inf"), Ok(f64::INFINITY));
        assert_eq!(float_fromhex("0x1p1024"), Err(FromHexError::TooLarge));
        assert_eq!(float_fromhex("0x"), Err(FromHexError::Invalid));
        assert_eq!(float_fromhex("0x1q"), Err(FromHexError::Invalid));
        assert_eq!(float_fromhex("0x1p"), Err(FromHexError::Invalid));
    }

    #[test]
    fn from_bytes_reads_both_signs() {
        assert_eq!(int_of_big_endian(&[1, 0], false), Some(256));
        assert_eq!(int_of_big_endian(&[0xff], true), Some(-1));
        assert_eq!(int_of_big_endian(&[0xff], false), Some(255));
        assert_eq!(int_of_big_endian(&[0xff, 0x7f], true), Some(-129));
        assert_eq!(int_of_big_endian(&[], false), Some(0));
        assert_eq!(int_of_big_endian(&[0; 20], false), Some(0));
        assert_eq!(int_of_big_endian(&[1; 9], false), None);
    }

    #[test]
    fn bytes_fromhex_skips_blanks_between_pairs() {
        assert_eq!(bytes_fromhex("00ff"), Ok(vec![0, 255]));
        assert_eq!(bytes_fromhex(" 0a 0B "), Ok(vec![10, 11]));
        assert_eq!(bytes_fromhex("0g"), Err(1));
        assert_eq!(bytes_fromhex("0 a"), Err(1));
    }

    #[test]
    fn every_constructor_reads_as_a_builtin() {
        for (t, m) in TYPE_CONSTRUCTORS {
            assert!(constructor(t, m).is_some());
        }
        assert!(constructor("builtins.dict", "keys").is_none());
    }
}
