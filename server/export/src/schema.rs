//! ATen operator schemas, as torch 2.15 declares them
//! (`data/aten_schemas.txt`, written by `scripts/gen-aten-schemas.py` from
//! an installed torch), and the rule by which torch writes a node's
//! arguments into the graph: a trailing positional argument equal to its
//! default is left out, a keyword-only one equal to its default too, and a
//! keyword-only argument is always a keyword (the tracer may hold one
//! positionally, as its op model binds it).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::LazyLock;

use tracer::graph::Arg;

static SCHEMA_TEXT: &str = include_str!("../data/aten_schemas.txt");

/// One declared parameter of an ATen overload.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// The declared type as the schema spells it, alias annotations
    /// dropped (`Tensor`, `SymInt[1]`, `Tensor?[]`, `ScalarType?`).
    pub ty: String,
    pub kwarg_only: bool,
    pub default: Option<Default>,
}

/// A parameter's declared default, as the schema writes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Default {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Default>),
    /// An enum value (`contiguous_format`, `strided`, `long`).
    Name(String),
}

/// Each overload's schema line by its key (`conv2d.padding`), parsed only
/// when an op asks: a process exporting one small model reads a handful.
static SCHEMAS: LazyLock<HashMap<&'static str, &'static str>> = LazyLock::new(|| {
    SCHEMA_TEXT
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| Some((&l[..l.find('(')?], l)))
        .collect()
});

/// The parameters of `target` (`aten.conv2d.default`), if torch declares it.
/// Each schema is parsed once per thread: every node of every report asks.
pub fn params(target: &str) -> Option<Rc<[Param]>> {
    thread_local! {
        static PARSED: RefCell<HashMap<&'static str, Option<Rc<[Param]>>>> =
            RefCell::new(HashMap::new());
    }
    let line = schema_line(target)?;
    PARSED.with(|parsed| {
        parsed
            .borrow_mut()
            .entry(line)
            .or_insert_with(|| parse_schema(line).map(|(_, params)| params.into()))
            .clone()
    })
}

/// The declared return types of `target` (`-> (Tensor, Tensor)`: two;
/// `-> ()`: none), alias annotations dropped.
pub fn returns(target: &str) -> Option<Vec<String>> {
    let line = schema_line(target)?;
    let ret = line.rsplit_once("->")?.1.trim();
    let inner = match ret.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        Some(inner) => inner,
        None => ret,
    };
    Some(
        split_top_level(inner)
            .into_iter()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| strip_alias(t.split(' ').next().unwrap_or(t)))
            .collect(),
    )
}

fn schema_line(target: &str) -> Option<&'static str> {
    let rest = target.strip_prefix("aten.")?;
    let (op, overload) = rest.rsplit_once('.')?;
    if overload == "default" {
        SCHEMAS.get(op).copied()
    } else {
        SCHEMAS.get(format!("{op}.{overload}").as_str()).copied()
    }
}

/// `Tensor(a!)` -> `Tensor`, `Tensor(a)[]` -> `Tensor[]`.
fn strip_alias(ty: &str) -> String {
    let mut out = String::with_capacity(ty.len());
    let mut depth = 0;
    for c in ty.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A node's arguments as torch records them for `target` (see the module
/// doc); unchanged when the schema is unknown or does not fit them.
pub fn torch_args(
    target: &str,
    args: &[Arg],
    kwargs: &[(String, Arg)],
) -> (Vec<Arg>, Vec<(String, Arg)>) {
    let unchanged = || (args.to_vec(), kwargs.to_vec());
    let Some(params) = params(target) else {
        return unchanged();
    };
    let params = &params[..];
    if args.len() > params.len() {
        return unchanged();
    }
    let mut positional = Vec::new();
    let mut keywords: Vec<(String, Arg)> = Vec::new();
    for (param, arg) in params.iter().zip(args) {
        if param.kwarg_only {
            keywords.push((param.name.clone(), arg.clone()));
        } else {
            positional.push(arg.clone());
        }
    }
    for (name, arg) in kwargs {
        match params.iter().position(|p| &p.name == name) {
            // A positional parameter passed by keyword: torch binds it by
            // position, as the schema orders it.
            Some(i) if !params[i].kwarg_only && i == positional.len() => {
                positional.push(arg.clone())
            }
            _ => keywords.push((name.clone(), arg.clone())),
        }
    }
    let is_default = |name: &str, arg: &Arg| {
        params
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.default.as_ref())
            .is_some_and(|d| equals_default(arg, d))
    };
    while let Some(last) = positional.last() {
        let param = &params[positional.len() - 1];
        if is_default(&param.name, last) {
            positional.pop();
        } else {
            break;
        }
    }
    keywords.retain(|(name, arg)| !is_default(name, arg));
    (positional, keywords)
}

fn equals_default(arg: &Arg, default: &Default) -> bool {
    match (arg, default) {
        (Arg::None, Default::None) => true,
        (Arg::Bool(a), Default::Bool(b)) => a == b,
        (Arg::Int(a), Default::Int(b)) => a == b,
        (Arg::Int(a), Default::Float(b)) => (*a as f64) == *b,
        (Arg::Float(a), Default::Float(b)) => {
            a == b || (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
        }
        (Arg::Float(a), Default::Int(b)) => *a == *b as f64,
        (Arg::Str(a), Default::Str(b)) => a == b,
        (Arg::Layout(a), Default::Name(b)) => a == b,
        (Arg::List(items), Default::List(ds)) => {
            items.len() == ds.len() && items.iter().zip(ds).all(|(a, d)| equals_default(a, d))
        }
        _ => false,
    }
}

/// `conv2d.padding(Tensor input, ..., SymInt groups=1) -> Tensor` to its
/// key (`conv2d.padding`) and parameters.
fn parse_schema(line: &str) -> Option<(String, Vec<Param>)> {
    let open = line.find('(')?;
    let name = line[..open].to_string();
    let close = matching_paren(line, open)?;
    let mut params = Vec::new();
    let mut kwarg_only = false;
    for part in split_top_level(&line[open + 1..close]) {
        let part = part.trim();
        if part == "*" {
            kwarg_only = true;
            continue;
        }
        if part.is_empty() {
            continue;
        }
        let (decl, default) = match part.split_once('=') {
            Some((d, v)) => (d.trim(), Some(parse_default(v.trim()))),
            None => (part, None),
        };
        // `...` (einsum's sublists) has a type and no name.
        let (ty, param_name) = decl.rsplit_once(' ').unwrap_or((decl, decl));
        params.push(Param {
            name: param_name.to_string(),
            ty: strip_alias(ty.trim()),
            kwarg_only,
            default,
        });
    }
    Some((name, params))
}

fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut in_str = false;
    for (i, c) in s.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '"' => in_str = !in_str,
            '(' | '[' if !in_str => depth += 1,
            ')' | ']' if !in_str => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Split at commas outside brackets, parentheses and strings.
fn split_top_level(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut in_str, mut start) = (0i32, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' => in_str = !in_str,
            '(' | '[' if !in_str => depth += 1,
            ')' | ']' if !in_str => depth -= 1,
            ',' if !in_str && depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

fn parse_default(v: &str) -> Default {
    match v {
        "None" => return Default::None,
        "True" => return Default::Bool(true),
        "False" => return Default::Bool(false),
        _ => {}
    }
    if let Some(inner) = v.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return Default::List(
            split_top_level(inner)
                .into_iter()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(parse_default)
                .collect(),
        );
    }
    if let Some(s) = v
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')))
    {
        return Default::Str(s.to_string());
    }
    if let Ok(i) = v.parse::<i64>() {
        return Default::Int(i);
    }
    if let Ok(f) = v.parse::<f64>() {
        return Default::Float(f);
    }
    Default::Name(v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_line_parses() {
        let lines = SCHEMA_TEXT
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty());
        let count = lines.clone().count();
        assert!(count > 2000, "{count} schemas");
        for line in lines {
            assert!(parse_schema(line).is_some(), "{line}");
        }
        assert_eq!(SCHEMAS.len(), count);
    }

    #[test]
    fn conv2d_declares_its_defaults() {
        let p = params("aten.conv2d.default").unwrap();
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "input", "weight", "bias", "stride", "padding", "dilation", "groups"
            ]
        );
        assert_eq!(p[6].default, Some(Default::Int(1)));
        assert_eq!(
            p[5].default,
            Some(Default::List(vec![Default::Int(1), Default::Int(1)]))
        );
        assert!(params("aten.conv2d.padding").is_some());
        let types: Vec<&str> = p.iter().map(|p| p.ty.as_str()).collect();
        assert_eq!(
            types,
            [
                "Tensor",
                "Tensor",
                "Tensor?",
                "SymInt[2]",
                "SymInt[2]",
                "SymInt[2]",
                "SymInt"
            ]
        );
        let add_ = params("aten.add_.Tensor").unwrap();
        assert_eq!(add_[0].ty, "Tensor");
        assert_eq!(returns("aten.add_.Tensor").unwrap(), ["Tensor"]);
        assert_eq!(returns("aten.max.dim").unwrap(), ["Tensor", "Tensor"]);
        assert_eq!(returns("aten.split.Tensor").unwrap(), ["Tensor[]"]);
        assert!(returns("aten._assert_scalar.default").unwrap().is_empty());
        assert!(params("aten.no_such_op.default").is_none());
        assert!(params("_operator.add").is_none());
    }

    #[test]
    fn trailing_defaults_are_left_out_as_torch_records_them() {
        let ints = |v: &[i64]| Arg::List(v.iter().map(|i| Arg::Int(*i)).collect());
        let x = || Arg::Node(tracer::graph::NodeId(0));
        let w = || Arg::Node(tracer::graph::NodeId(1));
        let args = [
            x(),
            w(),
            Arg::None,
            ints(&[1, 1]),
            ints(&[1, 1]),
            ints(&[1, 1]),
            Arg::Int(1),
        ];
        let (pos, kw) = torch_args("aten.conv2d.default", &args, &[]);
        assert_eq!(pos.len(), 5, "{pos:?}");
        assert!(kw.is_empty());
        // All defaults past the weight: only the tensors stay.
        let args = [
            x(),
            w(),
            Arg::None,
            ints(&[1, 1]),
            ints(&[0, 0]),
            ints(&[1, 1]),
            Arg::Int(1),
        ];
        assert_eq!(torch_args("aten.conv2d.default", &args, &[]).0.len(), 2);
        // A value that differs keeps everything before it.
        let eps = Arg::Float(1e-5);
        let args = [x(), ints(&[32]), w(), w(), eps, Arg::Bool(false)];
        assert_eq!(torch_args("aten.layer_norm.default", &args, &[]).0.len(), 6);
    }

    #[test]
    fn keyword_only_arguments_are_keywords_and_dropped_at_their_default() {
        let x = Arg::Node(tracer::graph::NodeId(0));
        let (pos, kw) = torch_args(
            "aten.gelu.default",
            &[x.clone(), Arg::Str("none".into())],
            &[],
        );
        assert_eq!((pos.len(), kw.len()), (1, 0));
        let (_, kw) = torch_args(
            "aten.gelu.default",
            &[x.clone(), Arg::Str("tanh".into())],
            &[],
        );
        assert_eq!(
            kw,
            vec![("approximate".to_string(), Arg::Str("tanh".into()))]
        );
        let (pos, kw) = torch_args(
            "aten.clone.default",
            &[x],
            &[("memory_format".into(), Arg::None)],
        );
        assert_eq!((pos.len(), kw.len()), (1, 0));
    }
}
