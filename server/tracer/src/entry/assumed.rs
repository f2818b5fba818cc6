//! Entries for modules no export call reaches: a model file as people
//! write it has `nn.Module` classes and no example inputs. Each module-level
//! class with a `forward` becomes an [`EntryKind::Module`] entry whose
//! inputs are assumed, from the first of:
//!
//! - a jaxtyping annotation, `x: Float[Tensor, "batch channels h w"]`
//!   (named dims shared across arguments, literal sizes static, `*batch`
//!   one dim, `...` none);
//! - a shape comment on the parameter's line, `x: Tensor,  # [B, 3, H, W]`
//!   (also `(B, 3, H, W)` and `shape: [...]`);
//! - a line of `forward`'s docstring naming the parameter,
//!   `x: input of shape [B, 3, H, W]` or `x (Tensor): [B, 3, H, W]`;
//! - otherwise a float tensor of unknown rank, which [`trace_module`] picks
//!   by trying ranks 4, 3, 2 and 1 in turn.
//!
//! Every size that is not a literal is `Dim.AUTO` with an example size of
//! its own (a named dim shares one across arguments), so the guards a trace
//! adds are what the code requires of any input. When an example size
//! contradicts an equality that one size can meet (a Linear's
//! `in_features`, an `assert C == self.dim`), the driver traces again with
//! that size ([`crate::shape_env::ShapeEnv::hint_conflicts`]); the
//! requirement then shows as the guard that specializes it.
//!
//! A class whose `__init__` needs arguments the configuration does not
//! give is built with arguments found or assumed per parameter
//! ([`constructor`]: calls of the class in its file and the files beside
//! it, [`calls`]; defaults and docstrings, [`docstring`]; configuration
//! objects shrunk, [`config`]; values that pass `__init__`'s checks,
//! [`checks`]), each with its origin ([`InitArgument`]).

mod calls;
mod checks;
pub mod config;
mod constructor;
mod docstring;
mod literal;

use std::rc::Rc;
use std::sync::Arc;

use shapes::SymExpr;
use syntax::ast::{ClassDef, Expr, ExprKind, FunctionDef, Param, StmtKind};
use syntax::shape_notation::{self, WrittenDim};

use super::{EntryKind, EntryPoint, ExportArgs, TraceOptions, TraceOutcome, TraceResult};
use crate::dtype::DType;
use crate::failure::FailureKind;
use crate::interp::{Flow, Interp, R};
use crate::value::{Dict, DimSpec, Provenance, Scope, Value};
use crate::{Mode, SourceFile};

pub use constructor::{ArgumentOrigin, InitArgument};

/// A module traced on assumed inputs.
#[derive(Clone, Debug)]
pub struct ModuleEntry {
    pub class: String,
    /// A module-level function that builds the module (`def resnet18(...)
    /// -> ResNet` with every parameter defaulted), called instead of the
    /// class.
    pub builder: Option<String>,
    /// The forward's inputs, in parameter order (parameters with defaults,
    /// `*args` and `**kwargs` are left to their defaults).
    pub inputs: Vec<AssumedInput>,
    /// The arguments the module is built with (`dim=64, heads=4`), from
    /// the project's configuration, else found or assumed per parameter
    /// (`arguments`); `None`: built without arguments.
    pub init: Option<String>,
    /// Where each argument of `init` came from, when the configuration
    /// did not give them (empty then, and when none are needed).
    pub arguments: Vec<InitArgument>,
    /// `forward` takes `*args` (or only `**kwargs`): what it is called
    /// with is not known from its signature.
    pub variadic: bool,
}

/// What a project's configuration says of one module class or builder
/// (`[tool.exportlens.modules.NAME]`): how to build it and the shapes of
/// its inputs, which take precedence over annotations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ModuleOverride {
    /// The class or builder function it applies to.
    pub name: String,
    /// Python arguments for the constructor, `dim=64, heads=4`.
    pub init: Option<String>,
    /// Input name -> typed shape (`[B, 3, H, W]`, `int64[B, T]`; see
    /// [`syntax::shape_notation::typed_shape`]).
    pub inputs: Vec<(String, String)>,
    /// Where it is written, for messages: `pyproject.toml`.
    pub origin: String,
}

/// One tensor input of an assumed entry.
#[derive(Clone, Debug)]
pub struct AssumedInput {
    pub name: String,
    /// Keyword-only: passed by name.
    pub keyword: bool,
    pub origin: InputOrigin,
    pub dtype: DType,
    /// `None`: the rank is unknown (see [`trace_module`]).
    pub dims: Option<Vec<AssumedDim>>,
}

/// Where an input's shape was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputOrigin {
    /// A jaxtyping annotation, on this 1-based line.
    Annotation(u32),
    /// A shape comment on the parameter's line.
    Comment(u32),
    /// A line of `forward`'s docstring.
    Docstring(u32),
    /// The project's configuration file.
    Config,
    /// Nothing: rank and sizes are guesses.
    Unknown,
}

/// One dim of an assumed input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssumedDim {
    /// The dim's name where the shape was written (`batch`, `H`).
    pub label: Option<String>,
    /// The example size.
    pub size: i64,
    /// A literal size: static, as written.
    pub fixed: bool,
    /// The size an equality in the code asked for (see [`trace_module`]).
    pub corrected: bool,
}

impl AssumedInput {
    /// `x: Float[11, 3, s, s]`-like text of what was assumed, for messages.
    pub fn describe(&self) -> String {
        let dims = match &self.dims {
            None => "?".to_string(),
            Some(dims) => dims
                .iter()
                .map(|d| match (&d.label, d.fixed) {
                    (_, true) => d.size.to_string(),
                    (Some(l), false) => l.clone(),
                    (None, false) => "_".to_string(),
                })
                .collect::<Vec<_>>()
                .join(", "),
        };
        let dtype = self.dtype.torch_name();
        format!(
            "{}: {}[{dims}]",
            self.name,
            dtype.strip_prefix("torch.").unwrap_or(dtype)
        )
    }
}

impl ModuleEntry {
    /// What the analysis assumed, for diagnostics: "`Block()` with x:
    /// float32[B, C] (annotation, line 12)".
    pub fn assumption(&self) -> String {
        let inputs = self
            .inputs
            .iter()
            .map(|i| {
                let from = match i.origin {
                    InputOrigin::Annotation(l) => format!("annotation, line {l}"),
                    InputOrigin::Comment(l) => format!("shape comment, line {l}"),
                    InputOrigin::Docstring(l) => format!("docstring, line {l}"),
                    InputOrigin::Config => "project configuration".to_string(),
                    InputOrigin::Unknown => "rank and sizes guessed".to_string(),
                };
                format!("{} ({from})", i.describe())
            })
            .collect::<Vec<_>>()
            .join(", ");
        let sources = constructor::describe(&self.arguments);
        let model = format!(
            "`{}({})`{}",
            self.builder.as_deref().unwrap_or(&self.class),
            constructor::shown_text(self.init.as_deref().unwrap_or("")),
            if sources.is_empty() {
                String::new()
            } else {
                format!(" ({sources})")
            }
        );
        if inputs.is_empty() {
            format!("{model} called without inputs")
        } else {
            format!("{model} called with {inputs}")
        }
    }

    /// Whether exportlens chose a constructor argument (no configuration,
    /// call or docstring gave it): what depends on it is not reported.
    pub fn init_assumed(&self) -> bool {
        self.arguments.iter().any(|a| a.origin.is_assumed())
    }

    /// Whether every input's shape was written down (not guessed), and
    /// `forward` takes no other inputs (`*args`).
    pub fn inputs_known(&self) -> bool {
        !self.variadic && self.inputs.iter().all(|i| i.origin != InputOrigin::Unknown)
    }

    /// The example sizes of each input (unknown ranks as empty).
    pub fn sizes(&self) -> Vec<(String, Vec<i64>)> {
        self.inputs
            .iter()
            .map(|i| {
                let sizes = i.dims.iter().flatten().map(|d| d.size).collect();
                (i.name.clone(), sizes)
            })
            .collect()
    }
}

/// Example sizes for dims the code does not pin: distinct primes (unlikely
/// to equal a size the code computes, which would merge symbols), large
/// enough for an image network's stride-32 stages and pooling windows.
const EXAMPLE_SIZES: [i64; 24] = [
    211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313,
    317, 331, 337, 347, 349,
];

/// The ranks tried, in order, for an input whose rank nothing says.
const TRIED_RANKS: [usize; 4] = [4, 3, 2, 1];

/// Traces one module's search may take (ranks times size corrections).
const MAX_SEARCH_TRACES: usize = 12;

/// Wall-clock time one module's search and traces may take together: all
/// sizes are symbolic here, and on some models (window attention over
/// dynamic heights and widths) the expressions grow large.
const MODULE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

/// The module-level classes of `file` that define `forward` and can be
/// built (without arguments, with the arguments an override gives, or
/// with arguments found or assumed, [`constructor`]), as entries (at the
/// class name), then the module-level builder functions of such classes
/// (`def resnet18(*, weights=None, **kwargs) -> ResNet`, every parameter
/// defaulted; at the function name), each in source order. `overrides`
/// are the configuration's, for this file. Calls of the classes are
/// searched in this file only; [`module_entries_in`] also searches the
/// files beside it.
pub fn module_entries(file: &SourceFile, overrides: &[ModuleOverride]) -> Vec<EntryPoint> {
    module_entries_in(file, overrides, None)
}

/// [`module_entries`], with calls of the classes also searched in the
/// files of `workspace` beside the model file (see [`calls`]).
pub fn module_entries_in(
    file: &SourceFile,
    overrides: &[ModuleOverride],
    workspace: Option<&crate::imports::Workspace>,
) -> Vec<EntryPoint> {
    let override_of = |name: &str| overrides.iter().find(|o| o.name == name);
    let neighbours = workspace.and_then(|w| calls::Neighbours::new(w, &file.path));
    let mut out = Vec::new();
    for s in &file.module.body {
        let StmtKind::ClassDef(class) = &s.kind else {
            continue;
        };
        let Some(forward) = method(class, "forward") else {
            continue;
        };
        let config = override_of(&class.name);
        let Some(inputs) = forward_inputs(file, &forward, config) else {
            continue;
        };
        let mut init = config.and_then(|o| o.init.clone());
        let mut arguments = Vec::new();
        if init.is_none()
            && let Some(constructor) = method(class, "__init__").filter(|i| requires_arguments(i))
        {
            let found = constructor::constructor_arguments(
                file,
                class,
                &constructor,
                &inputs,
                neighbours.as_ref(),
            );
            let Some(found) = found else {
                continue;
            };
            init = Some(constructor::call_text(&found));
            arguments = found;
        }
        out.push(EntryPoint {
            name: class.name.clone(),
            line: file.line_of(class.name_range.start),
            range: class.name_range,
            kind: EntryKind::Module(Arc::new(ModuleEntry {
                class: class.name.clone(),
                builder: None,
                inputs: with_example_sizes(inputs),
                init,
                arguments,
                variadic: is_variadic(&forward),
            })),
        });
    }
    for s in &file.module.body {
        let StmtKind::FunctionDef(def) = &s.kind else {
            continue;
        };
        let Some(class) = def.returns.as_ref().and_then(returned_class) else {
            continue;
        };
        let config = override_of(&def.name);
        let init = config.and_then(|o| o.init.clone());
        if init.is_none() && requires_arguments_from(&def.params, 0) {
            continue;
        }
        let Some(forward) = class_def(file, class).and_then(|c| method(c, "forward")) else {
            continue;
        };
        let inputs_config = config.or_else(|| override_of(class));
        let Some(inputs) = forward_inputs(file, &forward, inputs_config) else {
            continue;
        };
        out.push(EntryPoint {
            name: def.name.clone(),
            line: file.line_of(def.name_range.start),
            range: def.name_range,
            kind: EntryKind::Module(Arc::new(ModuleEntry {
                class: class.to_string(),
                builder: Some(def.name.clone()),
                inputs: with_example_sizes(inputs),
                init,
                arguments: Vec::new(),
                variadic: is_variadic(&forward),
            })),
        });
    }
    out
}

/// Whether a `forward` takes `*args`, or only `**kwargs`: what it is
/// called with is not in its signature.
fn is_variadic(forward: &FunctionDef) -> bool {
    let p = &forward.params;
    let named = p.posonly.len() + p.args.len() + p.kwonly.len() > 1;
    p.vararg.is_some() || (p.kwarg.is_some() && !named)
}

/// `-> ResNet` or `-> "ResNet"`: the class a function says it returns.
fn returned_class(annotation: &Expr) -> Option<&str> {
    match &annotation.kind {
        ExprKind::Name(n) => Some(n),
        ExprKind::Str(s) if s.chars().all(|c| c.is_alphanumeric() || c == '_') => Some(s),
        _ => None,
    }
}

/// The module-level class `name` of `file`.
pub fn class_def<'f>(file: &'f SourceFile, name: &str) -> Option<&'f ClassDef> {
    file.module.body.iter().find_map(|s| match &s.kind {
        StmtKind::ClassDef(c) if c.name == name => Some(&**c),
        _ => None,
    })
}

/// The method `name` defined in `class`'s own body.
pub fn method(class: &ClassDef, name: &str) -> Option<Arc<FunctionDef>> {
    class.body.iter().find_map(|s| match &s.kind {
        StmtKind::FunctionDef(f) if f.name == name => Some(f.clone()),
        _ => None,
    })
}

/// Whether `def __init__(self, a, ...)` needs an argument besides `self`.
fn requires_arguments(init: &FunctionDef) -> bool {
    requires_arguments_from(&init.params, 1)
}

/// Whether a parameter after the first `skip` positional ones has no
/// default.
fn requires_arguments_from(p: &syntax::ast::Parameters, skip: usize) -> bool {
    p.posonly
        .iter()
        .chain(&p.args)
        .skip(skip)
        .chain(&p.kwonly)
        .any(|a| a.default.is_none())
}

/// The forward's inputs: every parameter after `self` without a default.
/// `None` when one of them is not a tensor (an annotated `int`, `str`...).
/// A shape `config` gives wins over what the code says.
fn forward_inputs(
    file: &SourceFile,
    forward: &FunctionDef,
    config: Option<&ModuleOverride>,
) -> Option<Vec<AssumedInput>> {
    let p = &forward.params;
    let positional = p.posonly.iter().chain(&p.args).skip(1).map(|a| (a, false));
    let keyword = p.kwonly.iter().map(|a| (a, true));
    let docstring = docstring(file, forward);
    let mut out = Vec::new();
    let params: Vec<(&Param, bool)> = positional.chain(keyword).collect();
    for (i, (param, kw)) in params.iter().enumerate() {
        let configured = config
            .and_then(|c| c.inputs.iter().find(|(n, _)| *n == param.name))
            .and_then(|(_, shape)| configured_shape(shape));
        if let Some((dtype, dims)) = configured {
            out.push(AssumedInput {
                name: param.name.clone(),
                keyword: *kw,
                origin: InputOrigin::Config,
                dtype,
                dims: Some(dims),
            });
            continue;
        }
        if param.default.is_some() {
            continue;
        }
        if let Some(a) = &param.annotation
            && names_scalar_type(a)
        {
            return None;
        }
        let line = file.line_of(param.range.start);
        let last_on_line = params
            .get(i + 1)
            .is_none_or(|(next, _)| file.line_of(next.range.start) != line);
        let annotated = param.annotation.as_ref().and_then(jaxtyping);
        let (origin, dtype, dims) = if let Some((dtype, dims)) = annotated {
            (InputOrigin::Annotation(line), dtype, Some(dims))
        } else if let Some(dims) = last_on_line
            .then(|| line_comment(file, line).and_then(shape_in_text))
            .flatten()
        {
            (InputOrigin::Comment(line), DType::F32, Some(dims))
        } else if let Some((l, dims)) = docstring
            .as_ref()
            .and_then(|(text, first)| docstring_shape(text, *first, &param.name))
        {
            (InputOrigin::Docstring(l), DType::F32, Some(dims))
        } else {
            (InputOrigin::Unknown, DType::F32, None)
        };
        out.push(AssumedInput {
            name: param.name.clone(),
            keyword: *kw,
            origin,
            dtype,
            dims,
        });
    }
    Some(out)
}

fn names_scalar_type(annotation: &Expr) -> bool {
    matches!(&annotation.kind, ExprKind::Name(n) if matches!(n.as_str(), "int" | "float" | "bool" | "str" | "bytes"))
}

/// `Float[Tensor, "b c h w"]`: the dtype and dims.
fn jaxtyping(annotation: &Expr) -> Option<(DType, Vec<AssumedDim>)> {
    let ExprKind::Subscript { value, index } = &annotation.kind else {
        return None;
    };
    let kind = match &value.kind {
        ExprKind::Name(n) => n.as_str(),
        ExprKind::Attribute { attr, .. } => attr.as_str(),
        _ => return None,
    };
    let dtype = jaxtyping_dtype(kind)?;
    let ExprKind::Tuple(items) = &index.kind else {
        return None;
    };
    let [_, spec] = &items[..] else {
        return None;
    };
    let ExprKind::Str(spec) = &spec.kind else {
        return None;
    };
    let dims = shape_notation::jaxtyping_dims(spec)
        .into_iter()
        .map(assumed_dim)
        .collect();
    Some((dtype, dims))
}

/// A typed shape from the configuration (`int64[B, T]`); float32 unless a
/// dtype is written. `None` when it does not parse (the settings loader
/// reported it).
fn configured_shape(text: &str) -> Option<(DType, Vec<AssumedDim>)> {
    let (word, dims) = shape_notation::typed_shape(text).ok()?;
    let dtype = match word {
        None => DType::F32,
        Some(w) => jaxtyping_dtype(w).or_else(|| DType::from_torch_name(w))?,
    };
    Some((dtype, dims.into_iter().map(assumed_dim).collect()))
}

/// jaxtyping's dtype names and the dtype a tensor of each is made with.
fn jaxtyping_dtype(kind: &str) -> Option<DType> {
    Some(match kind {
        "Float" | "Float32" | "Real" | "Num" | "Shaped" | "Inexact" => DType::F32,
        "Float16" | "Half" => DType::F16,
        "BFloat16" => DType::BF16,
        "Float64" => DType::F64,
        "Int" | "Int64" | "Integer" | "Long" => DType::I64,
        "Int32" => DType::I32,
        "UInt8" => DType::U8,
        "Bool" => DType::Bool,
        _ => return None,
    })
}

/// The comment text of a 1-based line, if it has one.
fn line_comment(file: &SourceFile, line: u32) -> Option<&str> {
    let text = file.index.line_text(&file.text, line.checked_sub(1)?);
    // A `#` inside a string is rare on a parameter line; the shape must
    // still parse for the comment to count.
    text.find('#').map(|at| &text[at + 1..])
}

/// The first bracketed dims list in free text, as assumed dims.
fn shape_in_text(text: &str) -> Option<Vec<AssumedDim>> {
    shape_notation::shape_in_text(text).map(|dims| dims.into_iter().map(assumed_dim).collect())
}

/// A written dim as an assumed one (its example size given later).
fn assumed_dim(d: WrittenDim) -> AssumedDim {
    AssumedDim {
        label: d.label,
        size: d.size.unwrap_or(0),
        fixed: d.size.is_some(),
        corrected: false,
    }
}

/// The docstring of a function and its first line (1-based).
fn docstring(file: &SourceFile, def: &FunctionDef) -> Option<(String, u32)> {
    let first = def.body().first()?;
    let StmtKind::Expr(e) = &first.kind else {
        return None;
    };
    let ExprKind::Str(text) = &e.kind else {
        return None;
    };
    Some((text.clone(), file.line_of(e.range.start)))
}

/// `name: ... [B, 3, H, W]` or `name (Tensor): ... (B, C)` in a docstring.
fn docstring_shape(text: &str, first: u32, name: &str) -> Option<(u32, Vec<AssumedDim>)> {
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_start();
        let Some(rest) = line.strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        let rest = match rest.strip_prefix('(') {
            Some(typed) => &typed[typed.find(')')? + 1..],
            None => rest,
        };
        let Some(described) = rest.trim_start().strip_prefix(':') else {
            continue;
        };
        if let Some(dims) = shape_in_text(described) {
            return Some((first + i as u32, dims));
        }
    }
    None
}

/// Give every dim without a literal size an example size: one per name,
/// a fresh one for each anonymous dim.
fn with_example_sizes(mut inputs: Vec<AssumedInput>) -> Vec<AssumedInput> {
    let mut named: Vec<(String, i64)> = Vec::new();
    let mut next = 0;
    for input in &mut inputs {
        for d in input.dims.iter_mut().flatten() {
            if d.fixed {
                continue;
            }
            let known = d
                .label
                .as_ref()
                .and_then(|l| named.iter().find(|(n, _)| n == l).map(|(_, s)| *s));
            d.size = match known {
                Some(size) => size,
                None => {
                    let size = EXAMPLE_SIZES[next % EXAMPLE_SIZES.len()];
                    next += 1;
                    if let Some(l) = &d.label {
                        named.push((l.clone(), size));
                    }
                    size
                }
            };
        }
    }
    inputs
}

/// The example size not yet taken by any dim of `inputs`.
fn fresh_size(inputs: &[AssumedInput]) -> i64 {
    let taken: Vec<i64> = inputs
        .iter()
        .flat_map(|i| i.dims.iter().flatten().map(|d| d.size))
        .collect();
    EXAMPLE_SIZES
        .iter()
        .copied()
        .find(|s| !taken.contains(s))
        .unwrap_or(EXAMPLE_SIZES[0])
}

/// The inputs with every unknown rank set to `rank` (fresh sizes).
fn with_rank(inputs: &[AssumedInput], rank: usize) -> Vec<AssumedInput> {
    let mut out = inputs.to_vec();
    for i in 0..out.len() {
        if out[i].origin == InputOrigin::Unknown {
            out[i].dims = Some(Vec::with_capacity(rank));
            for _ in 0..rank {
                let size = fresh_size(&out);
                if let Some(dims) = out[i].dims.as_mut() {
                    dims.push(AssumedDim {
                        label: None,
                        size,
                        fixed: false,
                        corrected: false,
                    });
                }
            }
        }
    }
    out
}

/// The entry's module description with other inputs.
fn entry_with(entry: &EntryPoint, m: &ModuleEntry, inputs: Vec<AssumedInput>) -> EntryPoint {
    EntryPoint {
        kind: EntryKind::Module(Arc::new(ModuleEntry {
            class: m.class.clone(),
            builder: m.builder.clone(),
            inputs,
            init: m.init.clone(),
            arguments: m.arguments.clone(),
            variadic: m.variadic,
        })),
        ..entry.clone()
    }
}

/// Apply a size the last trace found an equality wanting ("x.size()[2]"
/// to 64): every dim of the same name with it; other dims that had that
/// example size get a fresh one (equal sizes would be one symbol).
/// `false` when it names no dim, or one already corrected.
fn apply_correction(
    inputs: &mut [AssumedInput],
    corrected: &mut Vec<(String, usize)>,
    source: &str,
    value: i64,
) -> bool {
    let Some((name, dim)) = size_source(source) else {
        return false;
    };
    if corrected.iter().any(|(n, d)| n == name && *d == dim) {
        return false;
    }
    let Some(target) = inputs
        .iter()
        .find(|i| i.name == name)
        .and_then(|i| i.dims.as_ref()?.get(dim))
        .cloned()
    else {
        return false;
    };
    if target.fixed {
        return false;
    }
    corrected.push((name.to_string(), dim));
    for i in 0..inputs.len() {
        let this_input = inputs[i].name == name;
        let mut clashes = Vec::new();
        if let Some(dims) = inputs[i].dims.as_mut() {
            for (j, d) in dims.iter_mut().enumerate() {
                let same_name = d.label.is_some() && d.label == target.label;
                if (this_input && j == dim) || same_name {
                    d.size = value;
                    d.corrected = true;
                } else if !d.fixed && d.size == value {
                    clashes.push(j);
                }
            }
        }
        for j in clashes {
            let fresh = fresh_size(inputs);
            if let Some(d) = inputs[i].dims.as_mut().and_then(|dims| dims.get_mut(j)) {
                d.size = fresh;
            }
        }
    }
    true
}

/// `x.size()[2]` (an input size's source) → (`x`, 2).
pub fn size_source(source: &str) -> Option<(&str, usize)> {
    let (name, index) = source.split_once(".size()[")?;
    Some((name, index.strip_suffix(']')?.parse().ok()?))
}

/// The result of tracing a module on assumed inputs.
pub struct ModuleTrace {
    /// The entry with the inputs it was traced on (ranks picked, sizes
    /// corrected).
    pub entry: EntryPoint,
    /// One trace per requested mode, in that order.
    pub runs: Vec<TraceResult>,
}

/// Trace a [`module_entries`] entry in `modes`: first search inputs it
/// traces on (ranks for unknown inputs, sizes that equalities in the code
/// ask for), then trace in each mode.
pub fn trace_module(
    file: Arc<SourceFile>,
    entry: &EntryPoint,
    modes: &[Mode],
    options: &TraceOptions,
) -> ModuleTrace {
    let limited = TraceOptions {
        budget: crate::Budget {
            deadline: Some(std::time::Instant::now() + MODULE_TIME_LIMIT),
            ..options.budget
        },
        ..options.clone()
    };
    let options = &limited;
    let EntryKind::Module(m) = &entry.kind else {
        let runs = modes
            .iter()
            .map(|mode| super::trace_entry_with(file.clone(), entry, *mode, options))
            .collect();
        return ModuleTrace {
            entry: entry.clone(),
            runs,
        };
    };
    let ranks: Vec<Option<usize>> = if m.inputs.iter().any(|i| i.dims.is_none()) {
        TRIED_RANKS.iter().map(|r| Some(*r)).collect()
    } else {
        vec![None]
    };
    let mut traces = 0;
    // (entry, its non-strict trace, nodes recorded) of the best failure.
    let mut best: Option<(EntryPoint, TraceResult, usize)> = None;
    let mut found: Option<(EntryPoint, TraceResult)> = None;
    'ranks: for rank in ranks {
        let mut inputs = match rank {
            Some(r) => with_rank(&m.inputs, r),
            None => m.inputs.clone(),
        };
        let mut corrected = Vec::new();
        loop {
            if traces == MAX_SEARCH_TRACES {
                break 'ranks;
            }
            traces += 1;
            let candidate = entry_with(entry, m, inputs.clone());
            let r = super::trace_entry_with(file.clone(), &candidate, Mode::NonStrict, options);
            // An exception, whoever raised it, says the assumed sizes are
            // wrong as surely as an eager error does.
            let wrong_guess = match &r.outcome {
                TraceOutcome::Exported(_) => false,
                TraceOutcome::Failed(f) => f.kind == FailureKind::Other || f.raised_by.is_some(),
            };
            if !wrong_guess {
                found = Some((candidate, r));
                break 'ranks;
            }
            let applied = r.hint_conflicts.iter().rev().any(|(source, value)| {
                apply_correction(&mut inputs, &mut corrected, source, *value)
            });
            if !applied {
                let recorded = r.partial.as_ref().map_or(0, |p| p.graph.nodes.len());
                if best.as_ref().is_none_or(|(_, _, n)| recorded > *n) {
                    best = Some((candidate, r, recorded));
                }
                continue 'ranks;
            }
        }
    }
    let (mut chosen, searched) = match (found, best) {
        (Some(found), _) => found,
        (None, Some((e, r, _))) => (e, r),
        (None, None) => {
            let r = super::trace_entry_with(file.clone(), entry, Mode::NonStrict, options);
            (entry.clone(), r)
        }
    };
    // Arguments completed while building (a configuration object made and
    // shrunk) are the text the other modes build with, and what is shown.
    if let (Some(built), EntryKind::Module(m)) = (&searched.built_init, &chosen.kind) {
        let mut m = (**m).clone();
        m.init = Some(built.clone());
        chosen.kind = EntryKind::Module(Arc::new(m));
    }
    let mut searched = Some(searched);
    let runs = modes
        .iter()
        .map(|mode| match (mode, searched.take()) {
            (Mode::NonStrict, Some(r)) => r,
            (_, kept) => {
                searched = kept;
                super::trace_entry_with(file.clone(), &chosen, *mode, options)
            }
        })
        .collect();
    ModuleTrace {
        entry: chosen,
        runs,
    }
}

/// The export inputs of an assumed entry: the class called without
/// arguments and put in eval mode, a tensor of the assumed example sizes
/// for each input, every size that is not a literal `Dim.AUTO`.
pub fn export_args(
    interp: &mut Interp,
    m: &ModuleEntry,
    globals: &Rc<Scope>,
) -> Result<ExportArgs, Flow> {
    let maker = m.builder.as_deref().unwrap_or(&m.class);
    let class = globals.vars.borrow().get(maker).cloned();
    let Some(class) = class else {
        return Err(interp.fail(
            FailureKind::Incomplete,
            format!("analysis incomplete: the module code did not define `{maker}`"),
        ));
    };
    let built = build(interp, &class, m, globals).and_then(|model| {
        let eval = interp.get_attr(&model, "eval")?;
        interp.call(&eval, vec![], vec![])
    });
    let model = match built {
        Ok(model) => model,
        Err(Flow::Fail(f)) if f.kind == FailureKind::Incomplete || f.message.contains("budget") => {
            return Err(Flow::Fail(f));
        }
        Err(flow) => {
            let why = match flow {
                Flow::Fail(f) => f.message,
                Flow::Raise(e) => format!("{}: {}", e.class, e.message),
                _ => "it did not return".to_string(),
            };
            return Err(interp.fail(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: `{maker}({})` could not be built: {why}",
                    m.init.as_deref().unwrap_or("")
                ),
            ));
        }
    };
    let mut args = Vec::new();
    let mut kwargs = Vec::new();
    let mut spec = Dict::default();
    for input in &m.inputs {
        let dims = input.dims.clone().unwrap_or_default();
        let shape = dims.iter().map(|d| SymExpr::int(d.size)).collect();
        let tensor = Value::Tensor(interp.new_tensor(input.dtype, shape, Provenance::Eager));
        let mut dynamic = Dict::default();
        for (i, d) in dims.iter().enumerate() {
            if !d.fixed {
                dynamic.insert(
                    Value::Int(i as i64),
                    Value::Dim(Rc::new(DimSpec::Auto {
                        min: None,
                        max: None,
                    })),
                );
            }
        }
        spec.insert(
            Value::str(&input.name),
            Value::Dict(Rc::new(crate::tracked::Tracked::new(dynamic))),
        );
        if input.keyword {
            kwargs.push((input.name.clone(), tensor));
        } else {
            args.push(tensor);
        }
    }
    Ok(ExportArgs {
        model,
        args,
        kwargs,
        dynamic_shapes: Value::Dict(Rc::new(crate::tracked::Tracked::new(spec))),
    })
}

/// Build the module: the class (or builder) called with the configured
/// arguments, evaluated in the module's globals, or with none.
fn build(interp: &mut Interp, class: &Value, m: &ModuleEntry, globals: &Rc<Scope>) -> R<Value> {
    let Some(init) = &m.init else {
        return interp.call(class, vec![], vec![]);
    };
    // The arguments are parsed as a call of a placeholder name bound to the
    // class, so no name the module defines can shadow it.
    let parsed = syntax::parse(&format!("__exportlens_module__({init})\n"));
    let call = match parsed.module.body.as_slice() {
        [s] if parsed.errors.is_empty() => match &s.kind {
            StmtKind::Expr(e) if matches!(e.kind, ExprKind::Call { .. }) => Some(e.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(call) = call else {
        return Err(interp.fail(
            FailureKind::Incomplete,
            format!("analysis incomplete: the configured arguments `{init}` are not Python call arguments"),
        ));
    };
    let scope = Scope::new(Some(globals.clone()));
    scope
        .vars
        .borrow_mut()
        .insert("__exportlens_module__".to_string(), class.clone());
    if !init.contains(config::MARKER) {
        return interp.eval(&call, &scope);
    }
    // A configuration object to make: each argument evaluated on its own,
    // the object made from its class (see `config`), and the arguments as
    // built kept for the other modes and the diagnostics.
    let ExprKind::Call { args, .. } = &call.kind else {
        return interp.eval(&call, &scope);
    };
    let text = format!("__exportlens_module__({init})\n");
    let slice = |e: &Expr| text[e.range.start as usize..e.range.end as usize].to_string();
    let mut positional = Vec::new();
    let mut keywords = Vec::new();
    let mut shown = Vec::new();
    for a in args {
        let (name, e) = match a {
            syntax::ast::Arg::Positional(e) => (None, e),
            syntax::ast::Arg::Keyword { name, value, .. } => (Some(name.clone()), value),
            _ => return interp.eval(&call, &scope),
        };
        let (value, written) = match &e.kind {
            ExprKind::Call { func, args } if matches!(&func.kind, ExprKind::Name(n) if n == config::MARKER) =>
            {
                let [syntax::ast::Arg::Positional(class_expr)] = args.as_slice() else {
                    return interp.eval(&call, &scope);
                };
                let config_class = interp.eval(class_expr, &scope)?;
                config::build_config(interp, &config_class, &slice(class_expr))?
            }
            _ => (interp.eval(e, &scope)?, slice(e)),
        };
        match name {
            Some(n) => {
                shown.push(format!("{n}={written}"));
                keywords.push((n, value));
            }
            None => {
                shown.push(written);
                positional.push(value);
            }
        }
    }
    interp.built_init = Some(shown.join(", "));
    interp.call(class, positional, keywords)
}
