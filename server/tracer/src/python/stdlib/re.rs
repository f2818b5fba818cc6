//! The `re` module for the string parsing model builders do at construction
//! (block specs such as `"ir_r1_k3_s1_e1_c16"` split into options):
//! `split`, `match`, `fullmatch`, `search`, `findall`, `sub`, `compile`, and
//! match objects' `group`/`groups`/`start`/`end`. Patterns run on the
//! `regex` crate; one it cannot compile (look-around, backreferences) makes
//! the result "analysis incomplete".
//!
//! A compiled pattern is `re.Pattern` bound to its source; a match is
//! `re.Match` bound to the tuple of its groups (group 0 first, `None` for a
//! group that did not take part) and its span.

use regex::Regex;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::objects::KnownObject;
use crate::value::Value;

known_names! {
    /// The functions of `re` the tracer implements (and the methods of a
    /// compiled pattern, which take the pattern first).
    pub enum ReFunction {
        Compile = "compile",
        Escape = "escape",
        Split = "split",
        Search = "search",
        Match = "match",
        Fullmatch = "fullmatch",
        Findall = "findall",
        Sub = "sub",
    }
}

known_names! {
    /// The methods of a match object the tracer implements.
    pub enum MatchMethod {
        Group = "group",
        Groups = "groups",
        Start = "start",
        End = "end",
        Span = "span",
    }
}

/// Call `re.NAME(args)`, or a method of a compiled pattern or a match
/// (`re.Pattern.split`, `re.Match.group`) with its receiver first in `args`.
pub fn call(interp: &mut Interp, name: &str, args: Args) -> R<Value> {
    if let Some(method) = name.strip_prefix("Match.") {
        let mut positional = args.positional.into_iter();
        let recv = positional.next().unwrap_or(Value::None);
        return match_method(interp, method, &recv, &positional.collect::<Vec<_>>());
    }
    let name = name.strip_prefix("Pattern.").unwrap_or(name);
    let Some(function) = ReFunction::from_name(name) else {
        return Ok(unknown_function(interp, name, &args.positional));
    };
    match function {
        ReFunction::Compile => {
            const COMPILE: Signature<2> =
                Signature::new("compile", ["pattern", "flags"]).required(1);
            let [pattern, _] = COMPILE.bind(interp, args)?.values();
            Ok(KnownObject::RePattern.bound(pattern))
        }
        ReFunction::Escape => {
            const ESCAPE: Signature<1> = Signature::new("escape", ["pattern"]).required(1);
            let [pattern] = ESCAPE.bind(interp, args)?.values();
            let Value::Str(ref s) = pattern else {
                return Err(interp.type_error("re.escape() expects a string"));
            };
            Ok(Value::str(&regex::escape(s)))
        }
        ReFunction::Split => {
            const SPLIT: Signature<4> =
                Signature::new("split", ["pattern", "string", "maxsplit", "flags"]).required(2);
            let [pattern, string, maxsplit, _] = SPLIT.bind(interp, args)?.args;
            let (re, _, text) = match compiled(interp, pattern, string) {
                Ok(c) => c,
                Err(unknown) => return Ok(unknown),
            };
            let maxsplit = match maxsplit {
                Some(v) => interp.index_int(&v)?.max(0) as usize,
                None => 0,
            };
            Ok(Value::list(split(&re, &text, maxsplit)))
        }
        ReFunction::Sub => {
            // re.sub(pattern, repl, string): the text is the third argument.
            const SUB: Signature<5> =
                Signature::new("sub", ["pattern", "repl", "string", "count", "flags"]).required(3);
            let [pattern, repl, string, _, _] = SUB.bind(interp, args)?.args;
            let (re, _, repl) = match compiled(interp, pattern, repl) {
                Ok(c) => c,
                Err(unknown) => return Ok(unknown),
            };
            let Some(Value::Str(ref text)) = string else {
                return Ok(incomplete(
                    interp,
                    "re.sub with a replacement that is not a string",
                ));
            };
            let repl = python_template(&repl);
            Ok(Value::str(&re.replace_all(text, repl.as_str())))
        }
        ReFunction::Search | ReFunction::Match | ReFunction::Fullmatch | ReFunction::Findall => {
            let [pattern, string, _] =
                Signature::new(function.name(), ["pattern", "string", "flags"])
                    .required(2)
                    .bind(interp, args)?
                    .args;
            let (re, pattern, text) = match compiled(interp, pattern, string) {
                Ok(c) => c,
                Err(unknown) => return Ok(unknown),
            };
            search(interp, function, &re, &pattern, &text)
        }
    }
}

/// `search`, `match`, `fullmatch` and `findall` of a compiled pattern.
fn search(
    interp: &mut Interp,
    function: ReFunction,
    re: &Regex,
    pattern: &str,
    text: &str,
) -> R<Value> {
    match function {
        ReFunction::Search => Ok(re.captures(text).map_or(Value::None, |c| match_value(&c))),
        ReFunction::Match | ReFunction::Fullmatch => {
            let anchored = if function == ReFunction::Fullmatch {
                format!(r"\A(?:{pattern})\z")
            } else {
                format!(r"\A(?:{pattern})")
            };
            let Ok(anchored) = cached_regex(&anchored) else {
                return Ok(incomplete(interp, "a pattern the tracer cannot anchor"));
            };
            Ok(anchored
                .captures(text)
                .map_or(Value::None, |c| match_value(&c)))
        }
        _ => {
            let groups = re.captures_len() - 1;
            let items = re
                .captures_iter(text)
                .map(|c| {
                    let group =
                        |i: usize| c.get(i).map_or(Value::str(""), |m| Value::str(m.as_str()));
                    match groups {
                        0 => group(0),
                        1 => group(1),
                        n => Value::tuple((1..=n).map(group).collect()),
                    }
                })
                .collect();
            Ok(Value::list(items))
        }
    }
}

/// The pattern (a string, or a compiled pattern's source) compiled, with
/// its source and the string it applies to; else the unknown value a call
/// gives when either is not a known string or the pattern uses what the
/// `regex` crate lacks (look-around, backreferences).
fn compiled(
    interp: &mut Interp,
    pattern: Option<Value>,
    string: Option<Value>,
) -> Result<(Regex, String, String), Value> {
    let pattern = match pattern {
        Some(Value::Builtin(ref b)) if KnownObject::RePattern.is(b) => {
            b.receiver.clone().unwrap_or(Value::None)
        }
        Some(p) => p,
        None => Value::None,
    };
    let (Value::Str(pattern), Some(Value::Str(text))) = (&pattern, &string) else {
        return Err(incomplete(
            interp,
            "re with a pattern or text that is not a known string",
        ));
    };
    match cached_regex(pattern) {
        Ok(re) => Ok((re, pattern.to_string(), text.to_string())),
        Err(_) => Err(incomplete(
            interp,
            &format!("the pattern {pattern:?} uses regex features the tracer does not model"),
        )),
    }
}

/// `pattern` compiled, from a per-thread cache as Python's `re` keeps one
/// (transformers matches a class name against a pattern of every loss
/// name each time a model is built).
fn cached_regex(pattern: &str) -> Result<Regex, regex::Error> {
    /// Patterns remembered at most (Python's `re._MAXCACHE` is 512).
    const MAX_CACHED: usize = 512;
    thread_local! {
        static COMPILED: std::cell::RefCell<foldhash::HashMap<String, Regex>> =
            std::cell::RefCell::new(Default::default());
    }
    if let Some(re) = COMPILED.with(|c| c.borrow().get(pattern).cloned()) {
        return Ok(re);
    }
    let re = Regex::new(pattern)?;
    COMPILED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= MAX_CACHED {
            c.clear();
        }
        c.insert(pattern.to_string(), re.clone());
    });
    Ok(re)
}

/// A function of `re` the tracer does not implement: unknown, once the
/// pattern and text are known.
fn unknown_function(interp: &mut Interp, name: &str, args: &[Value]) -> Value {
    match compiled(interp, args.first().cloned(), args.get(1).cloned()) {
        Ok(_) => incomplete(interp, &format!("`re.{name}` is not modelled")),
        Err(unknown) => unknown,
    }
}

/// `re.split`: pieces between matches, with the matches' groups in between.
fn split(re: &Regex, text: &str, maxsplit: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let mut last = 0;
    for (n, caps) in re.captures_iter(text).enumerate() {
        if maxsplit > 0 && n >= maxsplit {
            break;
        }
        let whole = caps.get(0).expect("group 0");
        out.push(Value::str(&text[last..whole.start()]));
        for i in 1..caps.len() {
            out.push(caps.get(i).map_or(Value::None, |m| Value::str(m.as_str())));
        }
        last = whole.end();
    }
    out.push(Value::str(&text[last..]));
    out
}

fn match_value(c: &regex::Captures<'_>) -> Value {
    let groups: Vec<Value> = (0..c.len())
        .map(|i| c.get(i).map_or(Value::None, |m| Value::str(m.as_str())))
        .collect();
    let whole = c.get(0).expect("group 0");
    KnownObject::ReMatch.bound(Value::tuple(vec![
        Value::tuple(groups),
        Value::Int(whole.start() as i64),
        Value::Int(whole.end() as i64),
    ]))
}

fn match_method(interp: &mut Interp, name: &str, recv: &Value, args: &[Value]) -> R<Value> {
    let parts = interp.iterate(recv)?;
    let [Value::Tuple(groups), start, end] = parts.as_slice() else {
        return Err(interp.type_error("not a match object"));
    };
    let group = |interp: &mut Interp, v: &Value| -> R<Value> {
        let i = interp.index_int(v)?;
        groups
            .get(usize::try_from(i).unwrap_or(usize::MAX))
            .cloned()
            .ok_or_else(|| interp.raise("IndexError", "no such group"))
    };
    let Some(method) = MatchMethod::from_name(name) else {
        return Ok(incomplete(
            interp,
            &format!("`re.Match.{name}` is not modelled"),
        ));
    };
    match method {
        MatchMethod::Group => match args {
            [] => group(interp, &Value::Int(0)),
            [one] => group(interp, one),
            many => {
                let items: R<Vec<Value>> = many.iter().map(|a| group(interp, a)).collect();
                Ok(Value::tuple(items?))
            }
        },
        MatchMethod::Groups => Ok(Value::tuple(groups.iter().skip(1).cloned().collect())),
        MatchMethod::Start => Ok(start.clone()),
        MatchMethod::End => Ok(end.clone()),
        MatchMethod::Span => Ok(Value::tuple(vec![start.clone(), end.clone()])),
    }
}

/// Python's `\1` / `\g<name>` replacement references in the `regex` crate's
/// `${1}` / `${name}` spelling.
fn python_template(repl: &str) -> String {
    let mut out = String::new();
    let mut chars = repl.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(d)) if d.is_ascii_digit() => {
                let d = chars.next().expect("peeked");
                out.push_str(&format!("${{{d}}}"));
            }
            ('\\', Some('g')) => {
                chars.next();
                if chars.peek() == Some(&'<') {
                    chars.next();
                    let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
                    out.push_str(&format!("${{{name}}}"));
                }
            }
            ('$', _) => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    out
}

fn incomplete(interp: &mut Interp, what: &str) -> Value {
    let r = interp.current_range();
    interp.incomplete(r, format!("analysis incomplete: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(v: &[Value]) -> Vec<Option<String>> {
        v.iter()
            .map(|x| match x {
                Value::Str(s) => Some(s.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn split_keeps_groups_as_python_does() {
        let re = Regex::new(r"(\d.*)").unwrap();
        assert_eq!(
            strs(&split(&re, "k3", 0)),
            vec![Some("k".into()), Some("3".into()), Some("".into())]
        );
        let re = Regex::new("_").unwrap();
        assert_eq!(
            strs(&split(&re, "ir_r1_k3", 1)),
            vec![Some("ir".into()), Some("r1_k3".into())]
        );
    }

    #[test]
    fn replacement_references_are_translated() {
        assert_eq!(python_template(r"\1-\g<name>$"), "${1}-${name}$$");
    }
}
