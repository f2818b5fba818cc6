//! Python's string formatting of known values: the format-spec
//! mini-language (`format(v, spec)`, an f-string's `{v:spec}`,
//! `str.format`'s `{0:spec}`) and printf-style `%` formatting
//! (`"%s_%03d" % (name, i)`), as CPython formats ints, bools, floats and
//! strings. Other values format as their `str()` when the spec only pads
//! them, a class's own `__format__` is called, and values the tracer does
//! not know concretely (symbolic sizes, tensors) print as they are.

use crate::interp::{Interp, R};
use crate::value::Value;

/// A parsed format spec: `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
#[derive(Clone, Debug, Default)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    alternate: bool,
    zero: bool,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    kind: Option<char>,
}

fn parse_spec(spec: &str) -> Option<Spec> {
    let chars: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let mut out = Spec::default();
    let is_align = |c: char| matches!(c, '<' | '>' | '^' | '=');
    if chars.len() >= 2 && is_align(chars[1]) {
        out.fill = Some(chars[0]);
        out.align = Some(chars[1]);
        i = 2;
    } else if chars.first().is_some_and(|c| is_align(*c)) {
        out.align = Some(chars[0]);
        i = 1;
    }
    if let Some(&c @ ('+' | '-' | ' ')) = chars.get(i) {
        out.sign = Some(c);
        i += 1;
    }
    if chars.get(i) == Some(&'z') {
        i += 1;
    }
    if chars.get(i) == Some(&'#') {
        out.alternate = true;
        i += 1;
    }
    if chars.get(i) == Some(&'0') {
        out.zero = true;
        i += 1;
    }
    let start = i;
    while chars.get(i).is_some_and(char::is_ascii_digit) {
        i += 1;
    }
    out.width = chars[start..i]
        .iter()
        .collect::<String>()
        .parse()
        .unwrap_or(0);
    if let Some(&c @ (',' | '_')) = chars.get(i) {
        out.grouping = Some(c);
        i += 1;
    }
    if chars.get(i) == Some(&'.') {
        i += 1;
        let start = i;
        while chars.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        if start == i {
            return None;
        }
        out.precision = chars[start..i].iter().collect::<String>().parse().ok();
    }
    if let Some(&c) = chars.get(i) {
        out.kind = Some(c);
        i += 1;
    }
    (i == chars.len()).then_some(out)
}

/// `format(v, spec)`.
pub fn format_value(interp: &mut Interp, v: &Value, spec: &str) -> R<String> {
    if let Value::Object(o) = v
        && let Some((f, owner)) = o.class.lookup("__format__")
        && owner.builtin.is_none()
    {
        let r = interp.call_method_value(&f, v.clone(), vec![Value::str(spec)])?;
        return interp.to_str(&r);
    }
    if spec.is_empty() {
        return interp.to_str(v);
    }
    let Some(parsed) = parse_spec(spec) else {
        return Err(interp.raise("ValueError", "Invalid format specifier"));
    };
    match v {
        Value::Bool(b) => format_int(interp, i128::from(*b), &parsed),
        Value::Int(i) => format_int(interp, i128::from(*i), &parsed),
        Value::Float(f) => format_float(interp, *f, &parsed),
        Value::Str(s) => format_str(interp, s, &parsed),
        // A value the tracer does not know concretely prints as it is.
        Value::SymInt(_)
        | Value::SymFloat(..)
        | Value::SymBool(_)
        | Value::Tensor(_)
        | Value::Unknown(_) => interp.to_str(v),
        _ if matches!(parsed.kind, None | Some('s')) && parsed.sign.is_none() => {
            let text = interp.to_str(v)?;
            format_str(interp, &text, &parsed)
        }
        _ => Err(interp.raise(
            "TypeError",
            format!(
                "unsupported format string passed to {}.__format__",
                v.type_name()
            ),
        )),
    }
}

fn unknown_code(interp: &mut Interp, code: char, type_name: &str) -> crate::interp::Flow {
    interp.raise(
        "ValueError",
        format!("Unknown format code '{code}' for object of type '{type_name}'"),
    )
}

fn format_str(interp: &mut Interp, s: &str, spec: &Spec) -> R<String> {
    if !matches!(spec.kind, None | Some('s')) {
        return Err(unknown_code(interp, spec.kind.unwrap_or('s'), "str"));
    }
    if spec.sign.is_some() || spec.align == Some('=') {
        return Err(interp.raise("ValueError", "Sign not allowed in string format specifier"));
    }
    let body: String = match spec.precision {
        Some(p) => s.chars().take(p).collect(),
        None => s.to_string(),
    };
    Ok(pad("", &body, spec, '<'))
}

fn format_int(interp: &mut Interp, n: i128, spec: &Spec) -> R<String> {
    let (radix, prefix) = match spec.kind {
        None | Some('d' | 'n') => (10, ""),
        Some('b') => (2, "0b"),
        Some('o') => (8, "0o"),
        Some('x') => (16, "0x"),
        Some('X') => (16, "0X"),
        Some('c') => {
            let c = u32::try_from(n)
                .ok()
                .and_then(char::from_u32)
                .unwrap_or('\u{fffd}');
            return Ok(pad("", &c.to_string(), spec, '<'));
        }
        Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') => {
            return format_float(interp, n as f64, spec);
        }
        Some(code) => return Err(unknown_code(interp, code, "int")),
    };
    if spec.precision.is_some() {
        return Err(interp.raise(
            "ValueError",
            "Precision not allowed in integer format specifier",
        ));
    }
    let magnitude = n.unsigned_abs();
    let mut digits = match radix {
        2 => format!("{magnitude:b}"),
        8 => format!("{magnitude:o}"),
        16 if spec.kind == Some('X') => format!("{magnitude:X}"),
        16 => format!("{magnitude:x}"),
        _ => magnitude.to_string(),
    };
    if let Some(sep) = spec.grouping {
        digits = group(&digits, sep, if radix == 10 { 3 } else { 4 });
    }
    let sign = sign_of(n < 0, spec);
    let prefix = if spec.alternate { prefix } else { "" };
    Ok(pad(&format!("{sign}{prefix}"), &digits, spec, '>'))
}

fn format_float(interp: &mut Interp, f: f64, spec: &Spec) -> R<String> {
    let kind = spec.kind;
    if !matches!(
        kind,
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' | 'n')
    ) {
        return Err(unknown_code(interp, kind.unwrap_or('?'), "float"));
    }
    let negative = f.is_sign_negative() && !f.is_nan();
    let magnitude = f.abs();
    let mut body = if !magnitude.is_finite() {
        let word = if f.is_nan() { "nan" } else { "inf" };
        let upper = matches!(kind, Some('E' | 'F' | 'G'));
        let word = if upper {
            word.to_uppercase()
        } else {
            word.to_string()
        };
        if kind == Some('%') {
            format!("{word}%")
        } else {
            word
        }
    } else {
        match kind {
            Some('f' | 'F') => format!("{magnitude:.*}", spec.precision.unwrap_or(6)),
            Some('e' | 'E') => {
                let s = exponent(magnitude, spec.precision.unwrap_or(6));
                if kind == Some('E') {
                    s.to_uppercase()
                } else {
                    s
                }
            }
            Some('%') => format!("{:.*}%", spec.precision.unwrap_or(6), magnitude * 100.0),
            Some('g' | 'G' | 'n') => {
                let s = general(magnitude, spec.precision.unwrap_or(6), spec.alternate);
                if kind == Some('G') {
                    s.to_uppercase()
                } else {
                    s
                }
            }
            _ => match spec.precision {
                None => crate::pyrepr::float_repr(magnitude),
                Some(p) => {
                    let s = general(magnitude, p, spec.alternate);
                    if s.contains(['.', 'e']) {
                        s
                    } else {
                        format!("{s}.0")
                    }
                }
            },
        }
    };
    if let Some(sep) = spec.grouping {
        let split = body
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(body.len());
        body = format!("{}{}", group(&body[..split], sep, 3), &body[split..]);
    }
    Ok(pad(sign_of(negative, spec), &body, spec, '>'))
}

/// `m.mmmmE±XX` with `precision` digits after the point, as C's `%e`.
fn exponent(magnitude: f64, precision: usize) -> String {
    let s = format!("{magnitude:.precision$e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.abs())
}

/// C's `%g`: fixed or exponent notation by the exponent, trailing zeros
/// removed unless `alternate`.
fn general(magnitude: f64, precision: usize, alternate: bool) -> String {
    let p = precision.max(1);
    let exp = if magnitude == 0.0 {
        0
    } else {
        let e = exponent(magnitude, p - 1);
        e.rsplit_once('e')
            .and_then(|(_, x)| x.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let text = if -4 <= exp && exp < p as i64 {
        format!("{magnitude:.*}", (p as i64 - 1 - exp) as usize)
    } else {
        exponent(magnitude, p - 1)
    };
    if alternate {
        return text;
    }
    let (mantissa, rest) = match text.find('e') {
        Some(k) => text.split_at(k),
        None => (text.as_str(), ""),
    };
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    format!("{mantissa}{rest}")
}

fn sign_of(negative: bool, spec: &Spec) -> &'static str {
    match (negative, spec.sign) {
        (true, _) => "-",
        (false, Some('+')) => "+",
        (false, Some(' ')) => " ",
        _ => "",
    }
}

/// `digits` with `sep` between groups of `size`, counted from the right.
fn group(digits: &str, sep: char, size: usize) -> String {
    let chars: Vec<char> = digits.chars().collect();
    let mut out = String::new();
    for (k, c) in chars.iter().enumerate() {
        if k > 0 && (chars.len() - k).is_multiple_of(size) {
            out.push(sep);
        }
        out.push(*c);
    }
    out
}

/// `sign` and `body` padded to the spec's width: `=` pads between them.
fn pad(sign: &str, body: &str, spec: &Spec, default_align: char) -> String {
    let (fill, align) = match (spec.fill, spec.align) {
        (fill, Some(align)) => (fill.unwrap_or(' '), align),
        (_, None) if spec.zero && default_align == '>' => ('0', '='),
        _ => (' ', default_align),
    };
    let len = sign.chars().count() + body.chars().count();
    let missing = spec.width.saturating_sub(len);
    let fill_of = |n: usize| fill.to_string().repeat(n);
    match align {
        '<' => format!("{sign}{body}{}", fill_of(missing)),
        '^' => format!(
            "{}{sign}{body}{}",
            fill_of(missing / 2),
            fill_of(missing - missing / 2)
        ),
        '=' => format!("{sign}{}{body}", fill_of(missing)),
        _ => format!("{}{sign}{body}", fill_of(missing)),
    }
}

/// `template % values`: printf-style formatting.
pub fn percent(interp: &mut Interp, template: &str, values: &Value) -> R<String> {
    let (positional, mapping) = match values {
        Value::Tuple(t) => (t.to_vec(), None),
        Value::Dict(_) => (vec![values.clone()], Some(values.clone())),
        v => (vec![v.clone()], None),
    };
    let mut next = 0;
    let mut take = |interp: &mut Interp| -> R<Value> {
        next += 1;
        positional
            .get(next - 1)
            .cloned()
            .ok_or_else(|| interp.raise("TypeError", "not enough arguments for format string"))
    };
    let chars: Vec<char> = template.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let mut used_mapping = false;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        i += 1;
        let mut key = None;
        if chars.get(i) == Some(&'(') {
            let close = chars[i..].iter().position(|c| *c == ')').map(|k| k + i);
            let Some(close) = close else {
                return Err(interp.raise("ValueError", "incomplete format key"));
            };
            key = Some(chars[i + 1..close].iter().collect::<String>());
            i = close + 1;
        }
        let mut spec = Spec::default();
        let mut left = false;
        while let Some(&c @ ('-' | '+' | ' ' | '#' | '0')) = chars.get(i) {
            match c {
                '-' => left = true,
                '+' => spec.sign = Some('+'),
                ' ' if spec.sign.is_none() => spec.sign = Some(' '),
                '#' => spec.alternate = true,
                '0' => spec.zero = true,
                _ => {}
            }
            i += 1;
        }
        if chars.get(i) == Some(&'*') {
            let w = take(interp)?;
            spec.width = usize::try_from(interp.index_int(&w)?).unwrap_or(0);
            i += 1;
        } else {
            let start = i;
            while chars.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
            spec.width = chars[start..i]
                .iter()
                .collect::<String>()
                .parse()
                .unwrap_or(0);
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            if chars.get(i) == Some(&'*') {
                let p = take(interp)?;
                spec.precision = usize::try_from(interp.index_int(&p)?).ok();
                i += 1;
            } else {
                let start = i;
                while chars.get(i).is_some_and(char::is_ascii_digit) {
                    i += 1;
                }
                spec.precision = Some(
                    chars[start..i]
                        .iter()
                        .collect::<String>()
                        .parse()
                        .unwrap_or(0),
                );
            }
        }
        while let Some('h' | 'l' | 'L') = chars.get(i) {
            i += 1;
        }
        let Some(&code) = chars.get(i) else {
            return Err(interp.raise("ValueError", "incomplete format"));
        };
        i += 1;
        if code == '%' {
            out.push('%');
            continue;
        }
        let value = match (&key, &mapping) {
            (Some(k), Some(m)) => {
                used_mapping = true;
                interp.get_item(m, Value::str(k))?
            }
            (Some(_), None) => return Err(interp.raise("TypeError", "format requires a mapping")),
            (None, _) => take(interp)?,
        };
        if left {
            spec.align = Some('<');
            spec.zero = false;
        } else {
            spec.align = None;
        }
        out.push_str(&percent_field(interp, code, &value, spec)?);
        interp.charge_str(out.len())?;
    }
    if !used_mapping && mapping.is_none() && next < positional.len() {
        return Err(interp.raise(
            "TypeError",
            "not all arguments converted during string formatting",
        ));
    }
    Ok(out)
}

/// One `%` conversion of `value`.
fn percent_field(interp: &mut Interp, code: char, value: &Value, mut spec: Spec) -> R<String> {
    match code {
        's' | 'r' | 'a' => {
            let text = if code == 's' {
                interp.to_str(value)?
            } else {
                interp.repr(value)?
            };
            if spec.align.is_none() {
                spec.align = Some('>');
            }
            spec.sign = None;
            format_str(interp, &text, &spec)
        }
        'd' | 'i' | 'u' => {
            let n = match value {
                Value::Float(f) => Value::Int(f.trunc() as i64),
                v => v.clone(),
            };
            match n {
                Value::Int(_) | Value::Bool(_) => {
                    spec.kind = Some('d');
                    let n = if let Value::Bool(b) = n {
                        Value::Int(i64::from(b))
                    } else {
                        n
                    };
                    spec.precision = None;
                    format_value_parsed(interp, &n, &spec)
                }
                v => {
                    let text = interp.to_str(&v)?;
                    Ok(text)
                }
            }
        }
        'x' | 'X' | 'o' | 'c' | 'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
            spec.kind = Some(code);
            if matches!(code, 'x' | 'X' | 'o') {
                spec.precision = None;
            }
            format_value_parsed(interp, value, &spec)
        }
        _ => Err(interp.raise(
            "ValueError",
            format!("unsupported format character '{code}'"),
        )),
    }
}

fn format_value_parsed(interp: &mut Interp, v: &Value, spec: &Spec) -> R<String> {
    match v {
        Value::Bool(b) => format_int(interp, i128::from(*b), spec),
        Value::Int(i) => format_int(interp, i128::from(*i), spec),
        Value::Float(f) => format_float(interp, *f, spec),
        other => interp.to_str(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_part_of_a_spec() {
        let s = parse_spec("*^+#012,.3f").expect("a valid spec");
        assert_eq!(
            (
                s.fill,
                s.align,
                s.sign,
                s.alternate,
                s.zero,
                s.width,
                s.grouping,
                s.precision,
                s.kind
            ),
            (
                Some('*'),
                Some('^'),
                Some('+'),
                true,
                true,
                12,
                Some(','),
                Some(3),
                Some('f')
            )
        );
        assert!(parse_spec(".f").is_none());
        assert!(parse_spec("5dd").is_none());
    }

    #[test]
    fn general_notation_as_c_writes_it() {
        assert_eq!(general(1234.5, 6, false), "1234.5");
        assert_eq!(general(0.0001, 6, false), "0.0001");
        assert_eq!(general(0.00001, 6, false), "1e-05");
        assert_eq!(general(123456789.0, 6, false), "1.23457e+08");
        assert_eq!(general(2.0, 3, true), "2.00");
        assert_eq!(exponent(1234.5, 2), "1.23e+03");
    }

    #[test]
    fn groups_from_the_right() {
        assert_eq!(group("1234567", ',', 3), "1,234,567");
        assert_eq!(group("123", ',', 3), "123");
        assert_eq!(group("11111111", '_', 4), "1111_1111");
    }
}
