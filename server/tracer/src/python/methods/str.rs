//! The methods of `str` (and of `bytes`, which the tracer keeps as text of
//! one char per byte). Results past 1 MiB are refused
//! (`Interp::charge_str`). Format specs in `str.format` fields are not
//! modelled: a field is its value's `str()`.

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The methods of `str` the tracer implements.
    pub enum StrMethod {
        Format = "format",
        Join = "join",
        Upper = "upper",
        Lower = "lower",
        Title = "title",
        Strip = "strip",
        Lstrip = "lstrip",
        Rstrip = "rstrip",
        Startswith = "startswith",
        Endswith = "endswith",
        Replace = "replace",
        Split = "split",
        Rsplit = "rsplit",
        Partition = "partition",
        Rpartition = "rpartition",
        Find = "find",
        Rfind = "rfind",
        Index = "index",
        Rindex = "rindex",
        Count = "count",
        Splitlines = "splitlines",
        Removeprefix = "removeprefix",
        Removesuffix = "removesuffix",
        Ljust = "ljust",
        Rjust = "rjust",
        Center = "center",
        Zfill = "zfill",
        Capitalize = "capitalize",
        Casefold = "casefold",
        Isascii = "isascii",
        Isdigit = "isdigit",
        Isdecimal = "isdecimal",
        Isnumeric = "isnumeric",
        Isalnum = "isalnum",
        Isalpha = "isalpha",
        Isspace = "isspace",
        Isupper = "isupper",
        Islower = "islower",
        Isidentifier = "isidentifier",
    }
}

/// Calls `str.METHOD` on `s`.
pub fn call(interp: &mut Interp, s: &str, method: &str, args: Args) -> R<Value> {
    let Some(method) = StrMethod::from_name(method) else {
        return Ok(crate::python::not_modelled(
            interp,
            &format!("str.{method}"),
        ));
    };
    use StrMethod as M;
    match method {
        M::Format => format(interp, s, args),
        M::Join => {
            const JOIN: Signature<1> = Signature::new("join", ["iterable"])
                .positional_only(1)
                .required(1);
            let [iterable] = JOIN.bind(interp, args)?.values();
            let items = interp.iterate(&iterable)?;
            let parts: Vec<String> = items.iter().map(|v| interp.to_str(v)).collect::<R<_>>()?;
            let len = parts.iter().map(|p| p.len() + s.len()).sum::<usize>();
            interp.charge_str(len)?;
            Ok(Value::str(&parts.join(s)))
        }
        M::Strip | M::Lstrip | M::Rstrip => {
            let [chars] = Signature::new(method.name(), ["chars"])
                .positional_only(1)
                .bind(interp, args)?
                .values();
            Ok(Value::str(strip(s, method, &chars)))
        }
        M::Startswith | M::Endswith | M::Find | M::Rfind | M::Count | M::Index | M::Rindex => {
            let [sub, start, end] = Signature::new(method.name(), ["sub", "start", "end"])
                .positional_only(3)
                .required(1)
                .bind(interp, args)?
                .args;
            let (text, offset) = window(interp, s, start, end)?;
            let sub = sub.unwrap_or(Value::None);
            // `index`/`rindex` are `find`/`rfind` that raise on a miss.
            let (searched, raises) = match method {
                M::Index => (M::Find, true),
                M::Rindex => (M::Rfind, true),
                other => (other, false),
            };
            match search(searched, text, offset, &sub)? {
                Value::Int(-1) if raises => Err(interp.raise("ValueError", "substring not found")),
                found => Ok(found),
            }
        }
        M::Splitlines => {
            let [keepends] = Signature::new("splitlines", ["keepends"])
                .bind(interp, args)?
                .values();
            let keepends = interp.truthy(&keepends)?;
            Ok(Value::list(
                split_lines(s, keepends)
                    .into_iter()
                    .map(Value::str)
                    .collect(),
            ))
        }
        M::Removeprefix | M::Removesuffix => {
            let [affix] = Signature::new(method.name(), ["affix"])
                .positional_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            let Value::Str(affix) = &affix else {
                return Err(interp.type_error(format!(
                    "{}() argument must be str, not {}",
                    method.name(),
                    affix.type_name()
                )));
            };
            let kept = if method == M::Removeprefix {
                s.strip_prefix(&**affix)
            } else {
                s.strip_suffix(&**affix)
            };
            Ok(Value::str(kept.unwrap_or(s)))
        }
        M::Ljust | M::Rjust | M::Center | M::Zfill => {
            let [width, fill] = Signature::new(method.name(), ["width", "fillchar"])
                .positional_only(2)
                .required(1)
                .bind(interp, args)?
                .values();
            let width = interp.index_int(&width)?;
            let fill = match &fill {
                Value::Str(f) if f.chars().count() == 1 => f.chars().next().unwrap_or(' '),
                Value::None => ' ',
                _ => {
                    return Err(
                        interp.type_error("The fill character must be exactly one character long")
                    );
                }
            };
            interp.charge_str(width.clamp(0, i64::from(u32::MAX)) as usize)?;
            Ok(Value::str(&pad(s, method, width, fill)))
        }
        M::Replace => {
            const REPLACE: Signature<3> = Signature::new("replace", ["old", "new", "count"])
                .positional_only(3)
                .required(2);
            let [old, new, count] = REPLACE.bind(interp, args)?.values();
            replace(interp, s, &old, &new, &count)
        }
        M::Split | M::Rsplit => {
            let [sep, maxsplit] = Signature::new(method.name(), ["sep", "maxsplit"])
                .bind(interp, args)?
                .values();
            Ok(split(s, method == M::Split, &sep, &maxsplit))
        }
        M::Partition | M::Rpartition => {
            let [sep] = Signature::new(method.name(), ["sep"])
                .positional_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            Ok(partition(s, method == M::Partition, &sep))
        }
        _ => {
            Signature::new(method.name(), []).bind(interp, args)?;
            Ok(no_argument(s, method))
        }
    }
}

/// The methods without arguments: case conversions and tests.
fn no_argument(s: &str, method: StrMethod) -> Value {
    use StrMethod as M;
    let all = |test: fn(char) -> bool| Value::Bool(!s.is_empty() && s.chars().all(test));
    match method {
        M::Upper => Value::str(&s.to_uppercase()),
        M::Lower => Value::str(&s.to_lowercase()),
        M::Title => Value::str(&title_case(s)),
        M::Capitalize => {
            let mut chars = s.chars();
            Value::str(&match chars.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            })
        }
        M::Casefold => Value::str(&s.to_lowercase()),
        M::Isascii => Value::Bool(s.is_ascii()),
        M::Isdigit | M::Isdecimal => all(|c| c.is_ascii_digit()),
        M::Isnumeric => all(char::is_numeric),
        M::Isalnum => all(char::is_alphanumeric),
        M::Isalpha => all(char::is_alphabetic),
        M::Isspace => all(char::is_whitespace),
        M::Isupper => {
            Value::Bool(s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase))
        }
        M::Islower => {
            Value::Bool(s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase))
        }
        _ => Value::Bool(
            s.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_alphanumeric() || c == '_'),
        ),
    }
}

/// `str.format(*args, **kwargs)`: `{}` takes the next positional argument,
/// `{0}` one by index, `{name}` a keyword, each followed by attributes and
/// items (`{0.shape}`, `{cfg[dim]}`), a conversion (`!r`, `!s`) and a
/// format spec (`:>8.3f`, itself holding fields: `{:{width}}`); `{{` and
/// `}}` are braces.
fn format(interp: &mut Interp, s: &str, args: Args) -> R<Value> {
    let mut next = 0;
    let text = format_fields(interp, s, &args, &mut next)?;
    Ok(Value::str(&text))
}

fn format_fields(interp: &mut Interp, s: &str, args: &Args, next: &mut usize) -> R<String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(p) = rest.find(['{', '}']) {
        out.push_str(&rest[..p]);
        let brace = &rest[p..];
        if brace.starts_with("{{") || brace.starts_with("}}") {
            out.push_str(&brace[..1]);
            rest = &brace[2..];
            continue;
        }
        if let Some(after) = brace.strip_prefix('}') {
            out.push('}');
            rest = after;
            continue;
        }
        // The field's end: the `}` that closes it, past nested `{...}`.
        let mut depth = 0;
        let Some(q) = brace.char_indices().find_map(|(k, c)| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(k)
        }) else {
            return Err(interp.raise("ValueError", "expected '}' before end of string"));
        };
        let field = &brace[1..q];
        let (head, spec) = field.split_once(':').unwrap_or((field, ""));
        let (name, conversion) = head.split_once('!').unwrap_or((head, ""));
        let mut value = field_value(interp, name, args, next)?;
        value = match conversion.chars().next() {
            Some('r' | 'a') => Value::str(&interp.repr(&value)?),
            Some('s') => Value::str(&interp.to_str(&value)?),
            _ => value,
        };
        let spec = format_fields(interp, spec, args, next)?;
        let text = crate::python::format::format_value(interp, &value, &spec)?;
        interp.charge_str(out.len() + text.len())?;
        out.push_str(&text);
        rest = &brace[q + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The value a field names: an argument (the next one, by index or by
/// keyword), then its `.attribute`s and `[item]`s.
fn field_value(interp: &mut Interp, name: &str, args: &Args, next: &mut usize) -> R<Value> {
    let split = name.find(['.', '[']).unwrap_or(name.len());
    let (base, mut path) = name.split_at(split);
    let found = if base.is_empty() {
        *next += 1;
        args.positional.get(*next - 1)
    } else if let Ok(i) = base.parse::<usize>() {
        args.positional.get(i)
    } else {
        args.keywords
            .iter()
            .find(|(k, _)| k == base)
            .map(|(_, v)| v)
    };
    let Some(mut value) = found.cloned() else {
        return Err(if base.is_empty() || base.parse::<usize>().is_ok() {
            interp.raise(
                "IndexError",
                "Replacement index out of range for positional args tuple",
            )
        } else {
            interp.raise("KeyError", format!("'{base}'"))
        });
    };
    while !path.is_empty() {
        if let Some(after) = path.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            value = interp.get_attr(&value, &after[..end])?;
            path = &after[end..];
        } else if let Some(after) = path.strip_prefix('[') {
            let Some(end) = after.find(']') else {
                return Err(interp.raise("ValueError", "Missing ']' in format string"));
            };
            let key = &after[..end];
            let key = key
                .parse::<i64>()
                .map_or_else(|_| Value::str(key), Value::Int);
            value = interp.get_item(&value, key)?;
            path = &after[end + 1..];
        } else {
            return Err(interp.raise(
                "ValueError",
                "Only '.' or '[' may follow ']' in format field specifier",
            ));
        }
    }
    Ok(value)
}

/// `strip`, `lstrip`, `rstrip` of whitespace, or of the given characters.
fn strip<'a>(s: &'a str, method: StrMethod, chars: &Value) -> &'a str {
    let set: Option<Vec<char>> = match chars {
        Value::Str(c) => Some(c.chars().collect()),
        _ => None,
    };
    let strips = |c: char| match &set {
        Some(set) => set.contains(&c),
        None => c.is_whitespace(),
    };
    match method {
        StrMethod::Lstrip => s.trim_start_matches(strips),
        StrMethod::Rstrip => s.trim_end_matches(strips),
        _ => s.trim_matches(strips),
    }
}

/// `s[start:end]` with Python's index rules, counted in characters, and
/// its first character's index in `s`.
fn window<'a>(
    interp: &mut Interp,
    s: &'a str,
    start: Option<Value>,
    end: Option<Value>,
) -> R<(&'a str, usize)> {
    let (start, end) = (start.filter(|v| !v.is_none()), end.filter(|v| !v.is_none()));
    if start.is_none() && end.is_none() {
        return Ok((s, 0));
    }
    let n = s.chars().count() as i64;
    let mut bound = |v: Option<Value>, default: i64| -> R<usize> {
        let i = match v {
            Some(v) => interp.index_int(&v)?,
            None => default,
        };
        Ok((if i < 0 { i + n } else { i }).clamp(0, n) as usize)
    };
    let start = bound(start, 0)?;
    let end = bound(end, n)?.max(start);
    let byte = |i: usize| s.char_indices().nth(i).map_or(s.len(), |(b, _)| b);
    Ok((&s[byte(start)..byte(end)], start))
}

/// `startswith`, `endswith` (a prefix or a tuple of them), `find` and
/// `count` within `text`, which starts at character `offset` of the string.
fn search(method: StrMethod, text: &str, offset: usize, sub: &Value) -> R<Value> {
    let subs: Vec<&str> = match sub {
        Value::Str(p) => vec![&**p],
        Value::Tuple(t) if matches!(method, StrMethod::Startswith | StrMethod::Endswith) => t
            .iter()
            .filter_map(|p| match p {
                Value::Str(p) => Some(&**p),
                _ => None,
            })
            .collect(),
        _ => vec![],
    };
    Ok(match method {
        StrMethod::Startswith => Value::Bool(subs.iter().any(|p| text.starts_with(p))),
        StrMethod::Endswith => Value::Bool(subs.iter().any(|p| text.ends_with(p))),
        StrMethod::Find | StrMethod::Rfind => Value::Int(
            subs.first()
                .and_then(|p| {
                    if method == StrMethod::Find {
                        text.find(p)
                    } else {
                        text.rfind(p)
                    }
                })
                .map_or(-1, |b| (offset + text[..b].chars().count()) as i64),
        ),
        _ => Value::Int(subs.first().map_or(0, |p| {
            if p.is_empty() {
                text.chars().count() + 1
            } else {
                text.matches(p).count()
            }
        }) as i64),
    })
}

/// The lines of `s` split at the line boundaries `str.splitlines` knows
/// (`\r\n` is one), each with its ending when `keepends`.
fn split_lines(s: &str, keepends: bool) -> Vec<&str> {
    const BREAKS: &[char] = &[
        '\n', '\r', '\x0b', '\x0c', '\x1c', '\x1d', '\x1e', '\u{85}', '\u{2028}', '\u{2029}',
    ];
    let mut lines = Vec::new();
    let mut start = 0;
    let mut rest = s;
    while let Some(at) = rest.find(BREAKS) {
        let ending = if rest[at..].starts_with("\r\n") {
            2
        } else {
            rest[at..].chars().next().map_or(1, char::len_utf8)
        };
        let end = if keepends { at + ending } else { at };
        lines.push(&s[start..start + end]);
        start += at + ending;
        rest = &s[start..];
    }
    if !rest.is_empty() {
        lines.push(rest);
    }
    lines
}

/// `ljust`, `rjust`, `center` (CPython's split of odd padding) and
/// `zfill` (after a sign) to `width` characters.
fn pad(s: &str, method: StrMethod, width: i64, fill: char) -> String {
    let len = s.chars().count() as i64;
    let padding = (width - len).max(0) as usize;
    if padding == 0 {
        return s.to_string();
    }
    let run = |n: usize, c: char| std::iter::repeat_n(c, n).collect::<String>();
    match method {
        StrMethod::Ljust => format!("{s}{}", run(padding, fill)),
        StrMethod::Rjust => format!("{}{s}", run(padding, fill)),
        StrMethod::Center => {
            let left = padding / 2 + (padding & width as usize & 1);
            format!("{}{s}{}", run(left, fill), run(padding - left, fill))
        }
        _ => match s.strip_prefix(['+', '-']) {
            Some(digits) => format!("{}{}{digits}", &s[..1], run(padding, '0')),
            None => format!("{}{s}", run(padding, '0')),
        },
    }
}

/// `replace(old, new, count=-1)`.
fn replace(interp: &mut Interp, s: &str, old: &Value, new: &Value, count: &Value) -> R<Value> {
    let (Value::Str(a), Value::Str(b)) = (old, new) else {
        return Ok(Value::str(s));
    };
    let limit = match count {
        Value::Int(n) if *n >= 0 => Some(*n as usize),
        _ => None,
    };
    // An empty pattern matches between every two characters.
    let mut hits = if a.is_empty() {
        s.chars().count() + 1
    } else {
        s.matches(&**a).count()
    };
    if let Some(limit) = limit {
        hits = hits.min(limit);
    }
    interp.charge_str(s.len().saturating_add(hits.saturating_mul(b.len())))?;
    Ok(Value::str(&match limit {
        Some(n) => s.replacen(&**a, b, n),
        None => s.replace(&**a, b),
    }))
}

/// `split(sep=None, maxsplit=-1)` and `rsplit` (`forward` false):
/// `maxsplit` cuts at most (from the right for `rsplit`); negative or
/// absent, every one.
fn split(s: &str, forward: bool, sep: &Value, maxsplit: &Value) -> Value {
    let limit = match maxsplit {
        Value::Int(n) if *n >= 0 => Some(*n as usize + 1),
        _ => None,
    };
    let sep = match sep {
        Value::Str(sep) => Some(&**sep),
        _ => None,
    };
    let mut parts: Vec<&str> = match (sep, forward) {
        (Some(sep), true) => match limit {
            Some(n) => s.splitn(n, sep).collect(),
            None => s.split(sep).collect(),
        },
        (Some(sep), false) => {
            let mut p: Vec<&str> = match limit {
                Some(n) => s.rsplitn(n, sep).collect(),
                None => s.rsplit(sep).collect(),
            };
            p.reverse();
            p
        }
        (None, _) => s.split_whitespace().collect(),
    };
    if sep.is_none()
        && let Some(n) = limit
        && parts.len() > n
    {
        parts = split_whitespace_limited(s, forward, n);
    }
    Value::list(parts.into_iter().map(Value::str).collect())
}

/// Whitespace splitting into at most `n` parts keeps the rest whole.
fn split_whitespace_limited(s: &str, forward: bool, n: usize) -> Vec<&str> {
    let mut parts = Vec::with_capacity(n);
    if forward {
        let mut rest = s.trim_start();
        for _ in 0..n - 1 {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            parts.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
        parts.push(rest);
    } else {
        let mut rest = s.trim_end();
        let mut tail = Vec::new();
        for _ in 0..n - 1 {
            let start = rest.rfind(char::is_whitespace).map_or(0, |i| i + 1);
            tail.push(&rest[start..]);
            rest = rest[..start].trim_end();
        }
        parts.push(rest);
        parts.extend(tail.into_iter().rev());
    }
    parts
}

/// `partition(sep)` and `rpartition` (`forward` false).
fn partition(s: &str, forward: bool, sep: &Value) -> Value {
    let sep = match sep {
        Value::Str(sep) => &**sep,
        _ => "",
    };
    let found = if forward { s.find(sep) } else { s.rfind(sep) };
    let parts = match found {
        Some(i) if !sep.is_empty() => [&s[..i], sep, &s[i + sep.len()..]],
        _ if forward => [s, "", ""],
        _ => ["", "", s],
    };
    Value::tuple(parts.iter().map(|p| Value::str(p)).collect())
}

/// `str.title()`: each run of letters capitalized.
fn title_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_alpha = false;
    for c in s.chars() {
        if prev_alpha {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_alpha = c.is_alphabetic();
    }
    out
}
