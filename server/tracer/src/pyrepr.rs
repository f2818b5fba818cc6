//! Python's `repr` of scalars, as CPython 3 writes them: floats (shortest
//! round-trip digits, exponent form below 1e-4 and from 1e16) and strings
//! (quote choice and escapes). The interpreter's `repr`/`str`, the printed
//! exported program and the quick run's numeric summary all use these.

/// `repr(f)` for a Python float.
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let magnitude = f.abs();
    if magnitude == 0.0 || (1e-4..1e16).contains(&magnitude) {
        return if f == f.trunc() {
            format!("{f:.1}")
        } else {
            format!("{f}")
        };
    }
    // Exponent form: `1e-05`, `1.5e+20` (at least two exponent digits).
    let s = format!("{f:e}");
    match s.split_once('e') {
        Some((mantissa, exponent)) => {
            let (sign, digits) = match exponent.strip_prefix('-') {
                Some(d) => ("-", d),
                None => ("+", exponent),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// `repr(s)` for a Python str: single quotes unless the text holds a
/// single quote and no double quote; backslash, the quote, `\n`, `\r`,
/// `\t` and other non-printable characters escaped.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || (0x7f..0xa0).contains(&(c as u32)) => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_cpython_prints_them() {
        for (f, text) in [
            (3.0, "3.0"),
            (0.1, "0.1"),
            (1e-5, "1e-05"),
            (-2.5, "-2.5"),
            (0.0001, "0.0001"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1.5e20, "1.5e+20"),
            (-1e-7, "-1e-07"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "inf"),
            (1.0 / 3.0, "0.3333333333333333"),
        ] {
            assert_eq!(float_repr(f), text, "{f}");
        }
    }

    #[test]
    fn strings_choose_their_quote_and_escape() {
        assert_eq!(str_repr("abc"), "'abc'");
        assert_eq!(str_repr("node 'ge'"), "\"node 'ge'\"");
        assert_eq!(str_repr("both ' and \""), "'both \\' and \"'");
        assert_eq!(str_repr("a\nb\\"), "'a\\nb\\\\'");
        assert_eq!(str_repr("\u{1}"), "'\\x01'");
        assert_eq!(str_repr("é"), "'é'");
    }
}
