//! Constructor arguments for a module class whose `__init__` needs some
//! and that the project's configuration does not build, from what is
//! known, per parameter:
//!
//! 1. a call of the class in its file or in a file beside it that imports
//!    it ([`calls`]): the first call whose arguments all resolve, else the
//!    one that resolves most (its unresolved arguments are left to the
//!    next sources);
//! 2. the parameter's default (not passed);
//! 3. a default its docstring names ([`docstring`]);
//! 4. a configuration object built from its class's defaults, shrunk,
//!    when its annotation (or the docstring's type) names one
//!    ([`config`]);
//! 5. otherwise a value assumed from its type and name (sizes 64, head
//!    counts 4, ...; a literal size the forward's inputs are written with
//!    first), chosen among a few candidates so that what `__init__` checks
//!    of its parameters holds ([`checks`]).
//!
//! Each argument keeps where it came from ([`InitArgument`]), so a
//! diagnostic says what was assumed ("assumed dim = 64, heads = 4") and
//! what depends on an assumed value is not reported.

use std::path::{Component, Path, PathBuf};

use syntax::ast::{Expr, ExprKind, FunctionDef, Param};

use super::calls::{FoundCall, Neighbours, calls_in_file};
use super::checks::{Checks, satisfy};
use super::docstring::{ParamDoc, param_doc};
use super::literal::Lit;
use super::{AssumedInput, config};
use crate::SourceFile;

/// One argument a module is built with.
#[derive(Clone, Debug, PartialEq)]
pub struct InitArgument {
    /// The parameter it is passed to.
    pub name: String,
    /// The value as Python text (`64`, `'gelu'`,
    /// `__exportlens_config__(LlamaConfig)` for a configuration object not
    /// built yet).
    pub value: String,
    /// Passed by position (a positional-only parameter).
    pub positional: bool,
    pub origin: ArgumentOrigin,
}

/// Where an argument's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgumentOrigin {
    /// A call of the class: its file (as shown, relative to the model's
    /// folder; `None`: the model file) and 1-based line.
    Call { path: Option<String>, line: u32 },
    /// A default the docstring names, on this 1-based line.
    Docstring(u32),
    /// A configuration object made from its class's defaults, shrunk.
    Config,
    /// Chosen by exportlens.
    Assumed,
}

impl ArgumentOrigin {
    /// Whether exportlens chose the value (what depends on it says
    /// nothing of the code).
    pub fn is_assumed(&self) -> bool {
        matches!(self, ArgumentOrigin::Config | ArgumentOrigin::Assumed)
    }
}

/// The call text of the arguments: `dim=64, heads=8`.
pub fn call_text(arguments: &[InitArgument]) -> String {
    arguments
        .iter()
        .map(|a| {
            if a.positional {
                a.value.clone()
            } else {
                format!("{}={}", a.name, a.value)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `init` as shown: a configuration object not built yet reads
/// `LlamaConfig(...)`.
pub fn shown_text(init: &str) -> String {
    let mut out = String::new();
    let mut rest = init;
    let marker = format!("{}(", config::MARKER);
    while let Some(at) = rest.find(&marker) {
        out.push_str(&rest[..at]);
        let after = &rest[at + marker.len()..];
        let end = after.find(')').unwrap_or(after.len());
        out.push_str(&format!("{}(...)", &after[..end]));
        rest = after.get(end + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// What the arguments' sources say, for a diagnostic: "as called at
/// train.py:12; assumed dim = 64"; empty when nothing needs saying.
pub fn describe(arguments: &[InitArgument]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut calls: Vec<String> = Vec::new();
    for a in arguments {
        if let ArgumentOrigin::Call { path, line } = &a.origin {
            let place = match path {
                Some(p) => format!("as called at {p}:{line}"),
                None => format!("as called on line {line}"),
            };
            if !calls.contains(&place) {
                calls.push(place);
            }
        }
    }
    parts.extend(calls);
    for a in arguments {
        match &a.origin {
            ArgumentOrigin::Docstring(line) => {
                parts.push(format!(
                    "{} = {} from the docstring, line {line}",
                    a.name, a.value
                ));
            }
            ArgumentOrigin::Config => {
                let class = a
                    .value
                    .strip_prefix(config::MARKER)
                    .and_then(|v| v.strip_prefix('('))
                    .and_then(|v| v.strip_suffix(')'))
                    .unwrap_or(&a.value);
                let class = class.split('(').next().unwrap_or(class);
                parts.push(format!(
                    "assumed {} = {class} from its defaults, sizes shrunk",
                    a.name
                ));
            }
            _ => {}
        }
    }
    let assumed: Vec<String> = arguments
        .iter()
        .filter(|a| a.origin == ArgumentOrigin::Assumed)
        .map(|a| format!("{} = {}", a.name, a.value))
        .collect();
    if !assumed.is_empty() {
        parts.push(format!("assumed {}", assumed.join(", ")));
    }
    parts.join("; ")
}

/// Candidate sizes for a parameter named like a width; the first is the
/// value assumed when no check asks for another.
const SIZES: [i64; 12] = [64, 32, 128, 96, 48, 256, 16, 8, 512, 384, 768, 24];
const HEADS: [i64; 8] = [4, 8, 2, 1, 6, 3, 12, 16];
const LAYERS: [i64; 4] = [2, 1, 3, 4];
const KERNELS: [i64; 4] = [3, 1, 5, 7];
const STRIDES: [i64; 3] = [1, 2, 4];
const CLASSES: [i64; 3] = [10, 2, 100];
const PATCHES: [i64; 5] = [16, 8, 4, 2, 32];
const RATIOS: [i64; 4] = [4, 2, 1, 6];

/// Parameter names of objects no number stands for.
const OBJECT_NAMES: [&str; 10] = [
    "config",
    "cfg",
    "args",
    "opt",
    "name",
    "act",
    "norm_layer",
    "block",
    "layer_type",
    "mode",
];

/// The values a required parameter may be given, preferred first, from
/// its type (`int`, `float`, `bool`; any other type: none) and its name:
/// counts of heads 4, patch sizes 16, integer ratios and expansion
/// factors 4, counts of layers or blocks 2, kernel sizes 3, strides and
/// groups 1, class counts 10, probabilities 0.1, flags `False`, any other
/// size 64 (even, and divisible by the head and group counts code usually
/// checks) — with `sizes`, literal sizes the inputs are written with that
/// fit this parameter, tried first. `None` for a parameter no such value
/// fits (an object such as a `config`, a string).
fn candidates(name: &str, type_name: Option<&str>, sizes: &[i64]) -> Option<Vec<Lit>> {
    let name = name.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| name.contains(w));
    let float_named = has(&[
        "drop",
        "eps",
        "prob",
        "rate",
        "scale",
        "ratio",
        "momentum",
        "temperature",
    ]) || name == "p";
    let bool_named = name.starts_with("use_")
        || name.starts_with("is_")
        || name.starts_with("with_")
        || has(&[
            "bias",
            "causal",
            "affine",
            "norm_first",
            "residual",
            "inplace",
        ]);
    let floats = |eps: bool| {
        Some(if eps {
            vec![Lit::Float(1e-5), Lit::Float(1e-6)]
        } else {
            vec![Lit::Float(0.1), Lit::Float(0.0), Lit::Float(0.5)]
        })
    };
    let bools = || Some(vec![Lit::Bool(false), Lit::Bool(true)]);
    match type_name {
        Some("float") => return floats(float_named && has(&["eps"])),
        Some("bool") => return bools(),
        Some("int") | None => {}
        Some(_) => return None,
    }
    if type_name.is_none() {
        if has(&OBJECT_NAMES) && !has(&["num_", "n_"]) {
            return None;
        }
        if float_named {
            return floats(has(&["eps"]));
        }
        if bool_named {
            return bools();
        }
    }
    let ints = |v: &[i64]| Some(v.iter().map(|i| Lit::Int(*i)).collect::<Vec<_>>());
    let sized = has(&["dim", "size", "channel", "width", "feat"]);
    if has(&["head"]) && !sized {
        ints(&HEADS)
    } else if has(&["patch"]) {
        ints(&PATCHES)
    } else if has(&["ratio", "factor", "expan", "mult"]) && !sized {
        ints(&RATIOS)
    } else if has(&["layer", "depth", "block", "stage"]) {
        ints(&LAYERS)
    } else if has(&["kernel"]) {
        ints(&KERNELS)
    } else if has(&["stride", "group", "dilation"]) {
        ints(&STRIDES)
    } else if has(&["class", "label"]) {
        ints(&CLASSES)
    } else {
        let mut all: Vec<i64> = sizes.to_vec();
        all.extend(SIZES.iter().filter(|s| !sizes.contains(s)));
        ints(&all)
    }
}

/// The value a parameter or field named `name`, of no written type, is
/// assumed to have (see [`candidates`]); `None` for an object.
pub fn first_guess(name: &str) -> Option<Lit> {
    candidates(name, None, &[])?.into_iter().next()
}

/// Literal sizes of the forward's inputs a width parameter may have to
/// match: a channel count (`in_channels`, `channels`: dim 1 of an input of
/// rank 3 or more) or a feature size (the last dim).
fn input_sizes(name: &str, inputs: &[AssumedInput]) -> Vec<i64> {
    let name = name.to_ascii_lowercase();
    if name.starts_with("out") {
        return Vec::new();
    }
    let channel = name.contains("channel") || name.starts_with("in_ch") || name == "in_dim";
    let mut out = Vec::new();
    for dims in inputs.iter().filter_map(|i| i.dims.as_ref()) {
        let d = if channel && dims.len() >= 3 {
            dims.get(1)
        } else {
            dims.last()
        };
        if let Some(d) = d.filter(|d| d.fixed && d.size > 0)
            && !out.contains(&d.size)
        {
            out.push(d.size);
        }
    }
    out
}

/// The type a parameter is written with: its annotation (`int`,
/// `LlamaConfig`, `transformers.GPT2Config`, `Optional[int]`, `int |
/// None`, a string annotation), else the docstring's; `Some("?")` for an
/// annotation that names no simple type (`list[int]`, `Callable`).
fn type_of(param: &Param, doc: Option<&ParamDoc>) -> Option<String> {
    match &param.annotation {
        Some(a) => Some(type_text(a).unwrap_or_else(|| "?".to_string())),
        None => doc.and_then(|d| d.type_name.clone()),
    }
}

fn type_text(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(n) => Some(n.clone()),
        ExprKind::Attribute { value, attr } => Some(format!("{}.{attr}", type_text(value)?)),
        ExprKind::Str(s)
            if !s.is_empty()
                && s.split('.').all(|p| {
                    p.chars()
                        .next()
                        .is_some_and(|c| c.is_alphabetic() || c == '_')
                        && p.chars().all(|c| c.is_alphanumeric() || c == '_')
                }) =>
        {
            Some(s.clone())
        }
        ExprKind::Subscript { value, index }
            if matches!(&value.kind, ExprKind::Name(n) if n == "Optional")
                || matches!(&value.kind, ExprKind::Attribute { attr, .. } if attr == "Optional") =>
        {
            type_text(index)
        }
        ExprKind::BinOp {
            left,
            op: syntax::ast::BinOp::BitOr,
            right,
        } => {
            if matches!(left.kind, ExprKind::NoneLit) {
                type_text(right)
            } else {
                type_text(left)
            }
        }
        _ => None,
    }
}

/// The docstring of `init`, else of its class, and its first line.
fn docstring_of(
    file: &SourceFile,
    class: &syntax::ast::ClassDef,
    init: &FunctionDef,
) -> Vec<(String, u32)> {
    let first_string = |body: &[syntax::ast::Stmt]| {
        let s = body.first()?;
        let syntax::ast::StmtKind::Expr(e) = &s.kind else {
            return None;
        };
        let ExprKind::Str(text) = &e.kind else {
            return None;
        };
        Some((text.clone(), file.line_of(e.range.start)))
    };
    first_string(init.body())
        .into_iter()
        .chain(first_string(&class.body))
        .collect()
}

/// The call to take arguments from: the first whose arguments all resolve
/// and that passes every required parameter, else the one that resolves
/// the most (the first of those), if it resolves any.
fn chosen_call(calls: Vec<FoundCall>, required: &[&str]) -> (Option<FoundCall>, bool) {
    let mut best: Option<FoundCall> = None;
    for c in calls {
        let passes_all = required
            .iter()
            .all(|r| c.arguments.iter().any(|(n, _)| n == r));
        if c.complete() && passes_all {
            return (Some(c), true);
        }
        if c.resolved() > best.as_ref().map_or(0, FoundCall::resolved) {
            best = Some(c);
        }
    }
    (best, false)
}

/// The arguments to build `class` with (see the module docs); `None` when
/// a required parameter can be given no value (an object without a
/// configuration class, a string).
pub fn constructor_arguments(
    file: &SourceFile,
    class: &syntax::ast::ClassDef,
    init: &FunctionDef,
    inputs: &[AssumedInput],
    neighbours: Option<&Neighbours>,
) -> Option<Vec<InitArgument>> {
    let p = &init.params;
    let positional_only = |name: &str| p.posonly.iter().any(|q| q.name == name);
    let params: Vec<&Param> = p
        .posonly
        .iter()
        .chain(&p.args)
        .skip(1)
        .chain(&p.kwonly)
        .collect();
    let required: Vec<&str> = params
        .iter()
        .filter(|q| q.default.is_none())
        .map(|q| q.name.as_str())
        .collect();
    let docs = docstring_of(file, class, init);
    let doc_of = |name: &str| {
        docs.iter()
            .find_map(|(text, first)| param_doc(text, *first, name))
    };
    // A call passing `None` for a required parameter a number stands for
    // (the enclosing function's `num_classes=None`, on a path that checks
    // it first) does not say what the parameter is.
    let numeric: Vec<&str> = params
        .iter()
        .filter(|q| q.default.is_none())
        .filter(|q| {
            let t = type_of(q, doc_of(&q.name).as_ref());
            candidates(&q.name, t.as_deref(), &[]).is_some()
        })
        .map(|q| q.name.as_str())
        .collect();
    let sanitized = |calls: Vec<FoundCall>| -> Vec<FoundCall> {
        calls
            .into_iter()
            .map(|mut c| {
                for (name, value) in &mut c.arguments {
                    if *value == Some(Lit::None) && numeric.contains(&name.as_str()) {
                        *value = None;
                    }
                }
                c
            })
            .collect()
    };
    let (mut call, complete) =
        chosen_call(sanitized(calls_in_file(file, &class.name, init)), &required);
    if !complete && let Some(n) = neighbours {
        let (other, other_complete) = chosen_call(sanitized(n.calls(&class.name, init)), &required);
        let resolved = |c: &Option<FoundCall>| c.as_ref().map_or(0, FoundCall::resolved);
        if other_complete || resolved(&other) > resolved(&call) {
            call = other;
        }
    }
    let model_folder = super::calls::folder_of(Path::new(&file.path));
    let mut chosen: Vec<(String, Lit, ArgumentOrigin)> = Vec::new();
    let mut configs: Vec<(String, String)> = Vec::new();
    let mut free: Vec<(String, Vec<Lit>)> = Vec::new();
    let mut fixed: Vec<(String, Lit)> = Vec::new();
    for param in &params {
        let from_call = call.as_ref().and_then(|c| {
            let (_, v) = c.arguments.iter().find(|(n, _)| *n == param.name)?;
            let origin = ArgumentOrigin::Call {
                path: c
                    .path
                    .as_deref()
                    .map(|p| shown_path(&model_folder, Path::new(p))),
                line: c.line,
            };
            Some((v.clone()?, origin))
        });
        if let Some((value, origin)) = from_call {
            fixed.push((param.name.clone(), value.clone()));
            chosen.push((param.name.clone(), value, origin));
            continue;
        }
        if let Some(default) = &param.default {
            if let Some(v) = Lit::of_expr(default) {
                fixed.push((param.name.clone(), v));
            }
            continue;
        }
        let doc = doc_of(&param.name);
        if let Some(d) = &doc
            && let Some(v) = &d.default
        {
            fixed.push((param.name.clone(), v.clone()));
            chosen.push((
                param.name.clone(),
                v.clone(),
                ArgumentOrigin::Docstring(d.line),
            ));
            continue;
        }
        let type_name = type_of(param, doc.as_ref());
        if let Some(t) = type_name.as_deref()
            && let Some(class_text) = config::config_class(file, t, &param.name)
        {
            configs.push((param.name.clone(), class_text));
            continue;
        }
        let sizes = input_sizes(&param.name, inputs);
        let options = candidates(&param.name, type_name.as_deref(), &sizes)?;
        free.push((param.name.clone(), options));
    }
    let checks = Checks::of(init);
    let picked = satisfy(&checks, &fixed, &free);
    let mut out = Vec::new();
    for param in &params {
        let (value, origin) =
            if let Some((_, v, o)) = chosen.iter().find(|(n, _, _)| *n == param.name) {
                (v.repr(), o.clone())
            } else if let Some((_, v)) = picked.iter().find(|(n, _)| *n == param.name) {
                (v.repr(), ArgumentOrigin::Assumed)
            } else if let Some((_, c)) = configs.iter().find(|(n, _)| *n == param.name) {
                (format!("{}({c})", config::MARKER), ArgumentOrigin::Config)
            } else {
                continue;
            };
        out.push(InitArgument {
            name: param.name.clone(),
            value,
            positional: positional_only(&param.name),
            origin,
        });
    }
    Some(out)
}

/// A path as shown in a message: relative to the model's folder when
/// that is shorter.
fn shown_path(folder: &Path, path: &Path) -> String {
    let (a, b): (Vec<Component>, Vec<Component>) =
        (folder.components().collect(), path.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return path.display().to_string();
    }
    let mut rel = PathBuf::new();
    for _ in common..a.len() {
        rel.push("..");
    }
    for c in &b[common..] {
        rel.push(c);
    }
    rel.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_types_pick_the_candidates() {
        let first = |name: &str, t: Option<&str>| candidates(name, t, &[]).map(|c| c[0].repr());
        assert_eq!(first("num_heads", None).as_deref(), Some("4"));
        assert_eq!(first("head_dim", Some("int")).as_deref(), Some("64"));
        assert_eq!(first("patch_size", None).as_deref(), Some("16"));
        assert_eq!(first("expand_ratio", Some("int")).as_deref(), Some("4"));
        assert_eq!(first("drop_rate", None).as_deref(), Some("0.1"));
        assert_eq!(first("norm_eps", Some("float")).as_deref(), Some("1e-05"));
        assert_eq!(first("use_bias", None).as_deref(), Some("False"));
        assert_eq!(first("num_layers", None).as_deref(), Some("2"));
        assert_eq!(first("num_classes", None).as_deref(), Some("10"));
        assert_eq!(first("config", None), None);
        assert_eq!(first("act", Some("str")), None);
        // A literal input size first, then the usual sizes.
        let c = candidates("in_channels", Some("int"), &[3]).unwrap();
        assert_eq!(c[..2], [Lit::Int(3), Lit::Int(64)]);
    }

    #[test]
    fn paths_are_shown_relative_to_the_model() {
        let folder = Path::new("/p/pkg");
        assert_eq!(shown_path(folder, Path::new("/p/pkg/net.py")), "net.py");
        assert_eq!(
            shown_path(folder, Path::new("/p/tests/t.py")),
            "../tests/t.py"
        );
        assert_eq!(shown_path(Path::new("a"), Path::new("b/c.py")), "b/c.py");
    }

    #[test]
    fn what_was_assumed_is_named() {
        let arg = |name: &str, value: &str, origin| InitArgument {
            name: name.into(),
            value: value.into(),
            positional: false,
            origin,
        };
        let args = [
            arg(
                "dim",
                "256",
                ArgumentOrigin::Call {
                    path: Some("train.py".into()),
                    line: 12,
                },
            ),
            arg("heads", "4", ArgumentOrigin::Assumed),
            arg("drop", "0.0", ArgumentOrigin::Docstring(7)),
            arg(
                "config",
                "__exportlens_config__(LlamaConfig)",
                ArgumentOrigin::Config,
            ),
        ];
        assert_eq!(
            describe(&args),
            "as called at train.py:12; drop = 0.0 from the docstring, line 7; assumed config = LlamaConfig from its defaults, sizes shrunk; assumed heads = 4"
        );
        assert_eq!(
            shown_text(&call_text(&args)),
            "dim=256, heads=4, drop=0.0, config=LlamaConfig(...)"
        );
    }
}
