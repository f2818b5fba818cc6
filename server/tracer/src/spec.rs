//! The `dynamic_shapes` spec: matching a spec pytree (dict by parameter
//! name, tuple by position, per-dim dicts and tuples, `Dim`s, derived dims,
//! `Dim.AUTO/DYNAMIC/STATIC`, `None`, ints) against the flattened inputs,
//! creating one symbol per dynamic dim, and checking after tracing which
//! dims the program specialized or related (torch's constraint violations
//! and their "Suggested fixes").

pub(crate) mod congruence;

use std::collections::HashMap;
use std::rc::Rc;

use shapes::{Bound, SymExpr, SymbolId, ValueRange};

use crate::failure::{Failure, FailureKind};
use crate::interp::{Interp, R};
use crate::shape_env::ceil_div;
use crate::value::{CmpKind, DimSpec, Value};

/// What the spec asked for one tensor dimension.
#[derive(Clone, Debug)]
pub enum DimRequest {
    Static,
    /// An int in the spec: the dim is static and must be that size.
    Exact(i64),
    Spec(Rc<DimSpec>),
}

/// One dynamic dim created from the spec, for post-trace checking.
#[derive(Clone, Debug)]
pub struct DynamicDim {
    pub symbol: SymbolId,
    pub spec: Rc<DimSpec>,
    /// `x.size()[0]`
    pub source: String,
    pub hint: i64,
}

/// Per-input dim requests, aligned with the flattened tensor leaves.
pub type LeafSpecs = Vec<Option<Vec<DimRequest>>>;

/// The builtin class of `torch.export.ShapesCollection`.
pub const SHAPES_COLLECTION: &str = "torch.export.ShapesCollection";
/// The attribute of a ShapesCollection holding its tensor → spec items.
pub const SHAPES_COLLECTION_ITEMS: &str = "__shapes__";

/// The tensor → spec items of a `ShapesCollection`, if `v` is one.
pub fn shapes_collection_items(v: &Value) -> Option<crate::value::Dict> {
    let Value::Object(o) = v else { return None };
    if o.class.builtin.as_deref() != Some(SHAPES_COLLECTION) {
        return None;
    }
    match o.get_attr(SHAPES_COLLECTION_ITEMS) {
        Some(Value::Dict(ref d)) => Some(d.borrow().clone()),
        _ => None,
    }
}

/// Match a spec against the inputs. `params` are the forward's parameter
/// names for the bound arguments, `values` the bound argument values.
pub fn leaf_specs(interp: &mut Interp, spec: &Value, params: &[(String, Value)]) -> R<LeafSpecs> {
    let mut out = Vec::new();
    match spec {
        Value::None => {
            for (_, v) in params {
                walk_none(interp, v, &mut out)?;
            }
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries().to_vec();
            for (k, _) in &entries {
                if let Value::Str(k) = k
                    && !params.iter().any(|(n, _)| n == &**k)
                {
                    return Err(interp.fail(
                        FailureKind::Other,
                        format!(
                            "dynamic_shapes names `{k}`, which is not an argument of forward ({})",
                            params
                                .iter()
                                .map(|(n, _)| n.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                }
            }
            for (name, v) in params {
                let s = entries
                    .iter()
                    .find(|(k, _)| matches!(k, Value::Str(s) if **s == *name))
                    .map(|(_, s)| s.clone())
                    .unwrap_or(Value::None);
                walk(interp, &s, v, &format!("inputs['{name}']"), &mut out)?;
            }
        }
        Value::Tuple(_) | Value::List(_) => {
            let items = interp.iterate(spec)?;
            if items.len() != params.len() {
                return Err(interp.fail(
                    FailureKind::Other,
                    format!(
                        "dynamic_shapes has {} entries but forward takes {} inputs",
                        items.len(),
                        params.len()
                    ),
                ));
            }
            for (i, (s, (_, v))) in items.iter().zip(params).enumerate() {
                walk(interp, s, v, &format!("inputs[{i}]"), &mut out)?;
            }
        }
        other if shapes_collection_items(other).is_some() => {
            // torch turns the collection into a spec shaped like the
            // inputs: each tensor leaf takes its own entry, others none.
            let items = shapes_collection_items(other).unwrap_or_default();
            for (_, v) in params {
                walk_collection(interp, &items, v, &mut out)?;
            }
        }
        other => {
            return Err(interp.fail(
                FailureKind::Other,
                format!(
                    "dynamic_shapes must be a dict, tuple or list, not {}",
                    other.type_name()
                ),
            ));
        }
    }
    Ok(out)
}

fn walk_collection(
    interp: &mut Interp,
    items: &crate::value::Dict,
    v: &Value,
    out: &mut LeafSpecs,
) -> R<()> {
    match v {
        Value::Tensor(_) => {
            let spec = items.get(v).cloned().unwrap_or(Value::None);
            walk(interp, &spec, v, "inputs", out)
        }
        Value::Tuple(_) | Value::List(_) => {
            for it in interp.iterate(v)? {
                interp.nested("", |interp| walk_collection(interp, items, &it, out))?;
            }
            Ok(())
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries().to_vec();
            for (_, it) in entries {
                interp.nested("", |interp| walk_collection(interp, items, &it, out))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// How many tensor leaves (entries of a `LeafSpecs`) an input holds.
pub fn tensor_leaf_count(interp: &mut Interp, v: &Value) -> R<usize> {
    let mut out = Vec::new();
    walk_none(interp, v, &mut out)?;
    Ok(out.len())
}

fn walk_none(interp: &mut Interp, v: &Value, out: &mut LeafSpecs) -> R<()> {
    match v {
        Value::Tensor(_) => out.push(None),
        Value::Tuple(_) | Value::List(_) => {
            for it in interp.iterate(v)? {
                interp.nested("", |interp| walk_none(interp, &it, out))?;
            }
        }
        Value::Dict(d) => {
            let items = d.borrow().entries().to_vec();
            for (_, it) in items {
                interp.nested("", |interp| walk_none(interp, &it, out))?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// torch's check that a container input and its spec have one structure:
/// a tuple or list input takes a tuple or list spec of its length, a dict
/// input a dict (or None for either).
fn structure_mismatch(interp: &mut Interp, spec: &Value, v: &Value, path: &str) -> R<()> {
    let class = |x: &Value| match x {
        Value::Tuple(_) => "tuple",
        Value::List(_) => "list",
        Value::Dict(_) => "dict",
        _ => "",
    };
    let spec_path = path.replacen("inputs", "dynamic_shapes", 1);
    let fits = match (v, spec) {
        (_, Value::None) => true,
        (Value::Tuple(_) | Value::List(_), Value::Tuple(_) | Value::List(_)) => {
            let (n, m) = (interp.iterate(v)?.len(), interp.iterate(spec)?.len());
            if n != m {
                return Err(interp.fail(
                    FailureKind::Other,
                    format!(
                        "Detected mismatch between the structure of `inputs` and `dynamic_shapes`: `{path}` has {n} elements, but `{spec_path}` has {m} elements"
                    ),
                ));
            }
            true
        }
        (Value::Dict(_), Value::Dict(_)) => true,
        _ => class(spec).is_empty() && !matches!(spec, Value::Dim(_)),
    };
    if fits {
        return Ok(());
    }
    let spec_class = if class(spec).is_empty() {
        spec.type_name()
    } else {
        class(spec).to_string()
    };
    Err(interp.fail(
        FailureKind::Other,
        format!(
            "Detected mismatch between the structure of `inputs` and `dynamic_shapes`: `{path}` is a <class '{}'>, but `{spec_path}` is a <class '{spec_class}'>",
            class(v)
        ),
    ))
}

fn walk(interp: &mut Interp, spec: &Value, v: &Value, path: &str, out: &mut LeafSpecs) -> R<()> {
    match v {
        Value::Tensor(t) => {
            let rank = t.rank();
            let dims = match spec {
                Value::None => None,
                Value::Dict(d) => {
                    let mut dims = vec![DimRequest::Static; rank];
                    for (k, s) in d.borrow().entries().iter() {
                        let Some(i) = k.as_int() else { continue };
                        let i = if i < 0 { i + rank as i64 } else { i };
                        if i < 0 || i as usize >= rank {
                            return Err(interp.fail(
                                FailureKind::Other,
                                format!("dynamic_shapes: dim {i} is out of range for a tensor of rank {rank}"),
                            ));
                        }
                        dims[i as usize] = request(s);
                    }
                    Some(dims)
                }
                Value::Tuple(_) | Value::List(_) => {
                    let items = interp.iterate(spec)?;
                    if items.len() != rank {
                        return Err(interp.fail(
                            FailureKind::Other,
                            format!("dynamic_shapes: expected {rank} dims for a tensor of rank {rank}, got {}", items.len()),
                        ));
                    }
                    Some(items.iter().map(request).collect())
                }
                Value::Dim(_) => {
                    return Err(interp.fail(FailureKind::Other, "dynamic_shapes: a tensor's spec must be a dict or tuple of dims, not a single Dim"));
                }
                _ => None,
            };
            out.push(dims);
        }
        Value::Tuple(_) | Value::List(_) => {
            structure_mismatch(interp, spec, v, path)?;
            let items = interp.iterate(v)?;
            let specs = match spec {
                Value::Tuple(_) | Value::List(_) => interp.iterate(spec)?,
                _ => vec![Value::None; items.len()],
            };
            for (i, it) in items.iter().enumerate() {
                let s = specs.get(i).cloned().unwrap_or(Value::None);
                let path = format!("{path}[{i}]");
                interp.nested("", |interp| walk(interp, &s, it, &path, out))?;
            }
        }
        Value::Dict(d) => {
            structure_mismatch(interp, spec, v, path)?;
            let items = d.borrow().entries().to_vec();
            for (k, it) in items {
                let s = match spec {
                    Value::Dict(sd) => sd.borrow().get(&k).cloned().unwrap_or(Value::None),
                    _ => Value::None,
                };
                let path = format!("{path}[{}]", interp.repr(&k)?);
                interp.nested("", |interp| walk(interp, &s, &it, &path, out))?;
            }
        }
        _ => {
            if let Value::Dim(_) = spec {
                return Err(interp.fail(
                    FailureKind::Other,
                    "dynamic_shapes: a Dim was given for an input that is not a tensor",
                ));
            }
        }
    }
    Ok(())
}

/// Draft export's second trace after a constraint violation: every Dim
/// (named, derived or `Dim.DYNAMIC`) becomes `Dim.AUTO` with its bounds.
fn as_auto(spec: &Rc<DimSpec>) -> Rc<DimSpec> {
    match &**spec {
        DimSpec::Named { min, max, .. } | DimSpec::Dynamic { min, max } => Rc::new(DimSpec::Auto {
            min: *min,
            max: *max,
        }),
        DimSpec::Derived { .. } => Rc::new(DimSpec::Auto {
            min: None,
            max: None,
        }),
        DimSpec::Auto { .. } | DimSpec::Static { .. } => spec.clone(),
    }
}

fn request(v: &Value) -> DimRequest {
    match v {
        Value::Dim(d) => match &**d {
            DimSpec::Static {
                min: None,
                max: None,
            } => DimRequest::Static,
            _ => DimRequest::Spec(d.clone()),
        },
        Value::Int(n) => DimRequest::Exact(*n),
        _ => DimRequest::Static,
    }
}

/// A named Dim's own value: its example value, whether the dim that gave
/// it was a derived one (`2*d`), and the range its spec declares.
#[derive(Clone, Copy)]
struct DimRoot {
    hint: i64,
    first_derived: bool,
    range: ValueRange,
}

/// Creates symbols for dims, sharing one symbol per named `Dim`.
#[derive(Default)]
pub struct SymbolFactory {
    /// Members of each named Dim: (symbol, A, B) for `A*d + B`.
    groups: HashMap<Rc<str>, Vec<(SymbolId, i64, i64)>>,
    group_order: Vec<Rc<str>>,
    /// Each named Dim's own value, as the first input dim that uses it
    /// gives it.
    roots: HashMap<Rc<str>, DimRoot>,
    /// An example size that contradicts its derived dim: torch reports it
    /// once tracing is done.
    mismatch: Option<String>,
    pub dynamic: Vec<DynamicDim>,
    /// Dims given a hint (`Dim.AUTO`, `Dim.DYNAMIC`, `Dim.STATIC`, with
    /// their bounds), which torch checks after tracing
    /// ([`SymbolFactory::hint_range_violations`]).
    hinted: Vec<HintedDim>,
}

/// A dim whose spec is a hint: its spec, its size expression, its example
/// size and torch's path to it (`inputs['x'].shape[0]`).
struct HintedDim {
    spec: Rc<DimSpec>,
    size: SymExpr,
    hint: i64,
    path: String,
}

impl SymbolFactory {
    /// The size expression for one input dim.
    pub fn dim(
        &mut self,
        interp: &mut Interp,
        req: &DimRequest,
        torch_source: &str,
        source: String,
        hint: i64,
    ) -> R<SymExpr> {
        let spec = match req {
            DimRequest::Spec(spec) => spec,
            DimRequest::Exact(n) if *n != hint => {
                return Err(interp.fail(
                    FailureKind::Other,
                    format!(
                        "Static shape constraint of {n} does not match input size of {hint}, for {torch_source}"
                    ),
                ));
            }
            _ => return Ok(SymExpr::int(hint)),
        };
        let spec = if interp.dims_as_auto {
            &as_auto(spec)
        } else {
            spec
        };
        let size = self.dim_of_spec(interp, spec, torch_source, source, hint)?;
        if matches!(
            &**spec,
            DimSpec::Auto { .. } | DimSpec::Dynamic { .. } | DimSpec::Static { .. }
        ) {
            self.hinted.push(HintedDim {
                spec: spec.clone(),
                size: size.clone(),
                hint,
                path: keypath_of(torch_source),
            });
        }
        Ok(size)
    }

    /// What torch's `make_constraints` finds once tracing is done: a hint's
    /// bounds that exclude every size tracing allows for its dim, or a
    /// `Dim.DYNAMIC` dim tracing made static (an example size of 0 or 1, or
    /// a range narrowed to one value). A `ValueError`, after the guards'
    /// constraint violations.
    pub fn hint_range_violations(&self, interp: &Interp) -> Option<Failure> {
        let text = |b: Option<i64>| b.map_or("None".to_string(), |v| v.to_string());
        let bound = |b: Bound| match b {
            Bound::Finite(v) => v.to_string(),
            Bound::PosInf => "int_oo".to_string(),
            Bound::NegInf => "-int_oo".to_string(),
        };
        let mut lines = Vec::new();
        for h in &self.hinted {
            let (min, max, dynamic) = match &*h.spec {
                DimSpec::Auto { min, max } | DimSpec::Static { min, max } => (*min, *max, false),
                DimSpec::Dynamic { min, max } => (*min, *max, true),
                _ => continue,
            };
            let size = interp.env.simplify(&h.size);
            let trace = match size.as_const() {
                Some(c) => ValueRange::new(Bound::Finite(c), Bound::Finite(c)),
                None => interp.env.range_of(&size),
            };
            let user = ValueRange::new(
                Bound::Finite(min.unwrap_or(0)),
                max.map_or(Bound::PosInf, Bound::Finite),
            );
            let out = trace.intersect(&user);
            if out.is_empty() {
                lines.push(format!(
                    "- Received user-specified min/max range of [{}, {}], conflicting with the inferred min/max range of [{}, {}], for {}.",
                    text(min),
                    text(max),
                    bound(trace.lo),
                    bound(trace.hi),
                    h.path
                ));
            } else if dynamic && let Some(v) = out.as_exact() {
                let why = if size.as_const().is_some() && (h.hint == 0 || h.hint == 1) {
                    format!("export 0/1 specialized due to hint of {}", h.hint)
                } else {
                    format!("tracing inferred a static shape of {v}")
                };
                lines.push(format!(
                    "- Received user-specified dim hint Dim.DYNAMIC(min={}, max={}), but {why} for dimension {}.",
                    text(min),
                    text(max),
                    h.path
                ));
            }
        }
        if lines.is_empty() {
            return None;
        }
        Some(Failure::new(
            FailureKind::Other,
            format!(
                "ValueError: Found the following conflicts between user-specified ranges and inferred ranges from model tracing:\n{}",
                lines.join("\n")
            ),
        ))
    }

    /// After [`Self::hint_range_violations`] found none: each hinted dim
    /// still a symbol takes its hint's bounds (torch narrows the symbol's
    /// range and the range constraint by them).
    pub fn apply_hint_ranges(&self, interp: &mut Interp) {
        for h in &self.hinted {
            let (DimSpec::Auto { min, max } | DimSpec::Dynamic { min, max }) = &*h.spec else {
                continue;
            };
            let Some(s) = interp.env.simplify(&h.size).as_symbol() else {
                continue;
            };
            let user = ValueRange::new(
                Bound::Finite(min.unwrap_or(0)),
                max.map_or(Bound::PosInf, Bound::Finite),
            );
            let info = &mut interp.env.symbols[s.0 as usize];
            info.range = info.range.intersect(&user);
            info.spec_range = info.spec_range.intersect(&user);
        }
    }

    fn dim_of_spec(
        &mut self,
        interp: &mut Interp,
        spec: &Rc<DimSpec>,
        torch_source: &str,
        source: String,
        hint: i64,
    ) -> R<SymExpr> {
        match &**spec {
            DimSpec::Static { .. } => Ok(SymExpr::int(hint)),
            // A hint's bounds are not the symbol's while tracing: torch
            // marks the dim dynamic without them and applies them after
            // (`apply_hint_ranges`).
            DimSpec::Auto { .. } => {
                if hint <= 1 {
                    return Ok(SymExpr::int(hint));
                }
                let r = ValueRange::new(Bound::Finite(2), Bound::PosInf);
                let e = interp
                    .env
                    .create_backed(torch_source, source, hint, r, None);
                Ok(e)
            }
            DimSpec::Dynamic { .. } => {
                if hint <= 1 {
                    // Specialized; torch reports it after tracing
                    // (`hint_range_violations`).
                    return Ok(SymExpr::int(hint));
                }
                let e = interp.env.create_backed(
                    torch_source,
                    source.clone(),
                    hint,
                    ValueRange::new(Bound::Finite(2), Bound::PosInf),
                    None,
                );
                if let Some(s) = e.as_symbol() {
                    self.dynamic.push(DynamicDim {
                        symbol: s,
                        spec: spec.clone(),
                        source,
                        hint,
                    });
                }
                Ok(e)
            }
            DimSpec::Named { .. } | DimSpec::Derived { .. } => {
                let (name, min, max, coeff, offset) = match &**spec {
                    DimSpec::Named { name, min, max } => (name.clone(), *min, *max, 1, 0),
                    DimSpec::Derived {
                        root,
                        coeff,
                        offset,
                    } => match &**root {
                        DimSpec::Named { name, min, max } => {
                            (name.clone(), *min, *max, *coeff, *offset)
                        }
                        _ => return Ok(SymExpr::int(hint)),
                    },
                    _ => unreachable!("matched above"),
                };
                // Sizes are never negative: torch clamps a lower `min` to 0.
                let lo = min.unwrap_or(0).max(0);
                let hi = max.map_or(Bound::PosInf, Bound::Finite);
                if let Some(m) = max
                    && lo > m
                {
                    return Err(interp.fail(
                        FailureKind::Other,
                        format!("Dim `{name}`: min={lo} is greater than max={m}"),
                    ));
                }
                // torch requires a derived dim's smallest value to be a
                // size: `4*_n - 3` with `_n` from 0 is refused up front.
                let derived_min = lo.saturating_mul(coeff).saturating_add(offset);
                if (coeff, offset) != (1, 0) && coeff > 0 && derived_min < 0 {
                    let mut f = Failure::new(
                        FailureKind::Other,
                        format!(
                            "Expected derived min value of {} to be >= 0. Please specify an appropriate min value for {name} (currently {lo}).",
                            derived_text(&name, coeff, offset)
                        ),
                    );
                    let need = ceil_div(-offset, coeff);
                    let mut parts = vec![format!("'{name}'"), format!("min={need}")];
                    if let Some(m) = max {
                        parts.push(format!("max={m}"));
                    }
                    f.further_fixes
                        .push(format!("{name} = Dim({})", parts.join(", ")));
                    return Err(interp.fail_with(f));
                }
                // The range of this dim: the root's range mapped through A*d + B.
                let map = |b: Bound| match b {
                    Bound::Finite(v) => {
                        Bound::Finite(v.saturating_mul(coeff).saturating_add(offset))
                    }
                    other => other,
                };
                let (slo, shi) = (map(Bound::Finite(lo)), map(hi));
                if Bound::Finite(hint) < slo || Bound::Finite(hint) > shi {
                    let hi_s = max.map_or("int_oo".to_string(), |m| m.to_string());
                    return Err(interp.fail(
                        FailureKind::Other,
                        format!("{hint} not in range [{}, {hi_s}] of Dim `{name}` (the example input has size {hint})", lo.max(2)),
                    ));
                }
                if hint <= 1 {
                    let mut f = Failure::new(
                        FailureKind::ConstraintViolation,
                        format!(
                            "{source} is marked dynamic (Dim `{name}`) but its example size is {hint}; torch specializes sizes 0 and 1. Use an example size of at least 2"
                        ),
                    );
                    if coeff == 1 && offset == 0 {
                        f.suggested_fixes.push(format!("{name} = {hint}"));
                    }
                    return Err(interp.fail_with(f));
                }
                // torch checks a derived dim against the value its root
                // took from the first input that used it, before tracing.
                let derived = (coeff, offset) != (1, 0);
                match self.roots.get(&name).cloned() {
                    Some(DimRoot {
                        hint: root_hint,
                        first_derived,
                        ..
                    }) if derived || first_derived => {
                        let expected = root_hint.saturating_mul(coeff).saturating_add(offset);
                        if expected != hint && self.mismatch.is_none() {
                            self.mismatch = Some(format!(
                                "{source} is {hint}, but the spec makes it {} and {name} is {root_hint} (from the first input that uses it)",
                                derived_text(&name, coeff, offset)
                            ));
                        }
                    }
                    Some(_) => {}
                    None => {
                        let rest = hint.saturating_sub(offset);
                        if derived && (coeff <= 0 || rest % coeff != 0) {
                            return Err(interp.fail(
                                FailureKind::Other,
                                format!(
                                    "{source} is {hint}, which is not of the form {} for an integer {name}",
                                    derived_text(&name, coeff, offset)
                                ),
                            ));
                        }
                        let root_hint = if derived { rest / coeff } else { hint };
                        // From 2 as any dynamic size, unless the example is below.
                        let root_lo = lo.max(2).min(root_hint.max(lo));
                        self.roots.insert(
                            name.clone(),
                            DimRoot {
                                hint: root_hint,
                                first_derived: derived,
                                range: ValueRange::new(Bound::Finite(root_lo), hi),
                            },
                        );
                    }
                }
                let decide_lo = match slo {
                    Bound::Finite(v) => Bound::Finite(v.max(2)),
                    other => other,
                };
                let e = interp.env.create_backed(
                    torch_source,
                    source.clone(),
                    hint,
                    ValueRange::new(decide_lo, shi),
                    Some(name.to_string()),
                );
                if let Some(s) = e.as_symbol() {
                    interp.env.symbols[s.0 as usize].spec_range = ValueRange::new(slo, shi);
                    interp.env.symbols[s.0 as usize].derived = (coeff, offset) != (1, 0);
                    self.dynamic.push(DynamicDim {
                        symbol: s,
                        spec: spec.clone(),
                        source,
                        hint,
                    });
                    self.groups
                        .entry(name.clone())
                        .or_default()
                        .push((s, coeff, offset));
                    if !self.group_order.contains(&name) {
                        self.group_order.push(name);
                    }
                }
                Ok(e)
            }
        }
    }

    /// Tie together the dims that share a named `Dim` (or derive from one)
    /// when tracing did not already: torch adds these equalities as guards
    /// at the end of tracing, with no user line.
    pub fn link_groups(&self, interp: &mut Interp) -> R<()> {
        for name in &self.group_order {
            let Some(members) = self.groups.get(name) else {
                continue;
            };
            // No input uses the Dim itself: torch gives it a symbol of its
            // own and ties each dim to it (`Eq(x.size()[0], 2*s92)`),
            // unless tracing already made them constants.
            let Some(&(rs, rc, ro)) = members.iter().find(|(_, c, o)| *c == 1 && *o == 0) else {
                self.link_to_own_symbol(interp, name, members)?;
                continue;
            };
            for &(ms, mc, mo) in members {
                if ms == rs {
                    continue;
                }
                // rc*(m - mo) == mc*(r - ro)
                let m = SymExpr::symbol(ms);
                let r = SymExpr::symbol(rs);
                // Coefficients come from the spec (`10**18 * Dim('d')`).
                let linear = |s: &SymExpr, off: i64, coeff: i64| {
                    let e = s
                        .checked_sub(&SymExpr::int(off))
                        .and_then(|e| e.checked_mul(&SymExpr::int(coeff)));
                    interp.size_arith(e)
                };
                let (lhs, rhs) = if rc == 1 && ro == 0 {
                    let rhs = r
                        .checked_mul(&SymExpr::int(mc))
                        .and_then(|e| e.checked_add(&SymExpr::int(mo)));
                    (m, interp.size_arith(rhs)?)
                } else {
                    (linear(&m, mo, rc)?, linear(&r, ro, mc)?)
                };
                match interp
                    .env
                    .evaluate(&lhs, crate::value::CmpKind::Eq, &rhs, None)
                {
                    Ok(true) => {
                        // A dim now written through its root keeps the
                        // range the spec declared for it.
                        let linked = interp.env.simplify(&SymExpr::symbol(ms));
                        if linked.as_symbol().is_none() {
                            let declared = interp.env.info(ms).spec_range;
                            interp.env.declared_ranges.insert(linked, declared);
                        }
                    }
                    Ok(false) => {
                        if let Some(message) = &self.mismatch {
                            return Err(interp.fail(FailureKind::Other, message.clone()));
                        }
                        return Err(interp.fail(
                            FailureKind::ConstraintViolation,
                            format!("the example inputs give different sizes to dims that share Dim `{name}`"),
                        ));
                    }
                    Err(dd) => return Err(interp.data_dependent(&dd.expr)),
                }
            }
        }
        // torch finds a contradicting example size when it adds the
        // equality above (its guard, negated, is kept); one no equality
        // reached is reported all the same.
        if let Some(message) = &self.mismatch {
            return Err(interp.fail(FailureKind::Other, message.clone()));
        }
        Ok(())
    }

    /// Write the members of a Dim no input uses plainly through a new
    /// symbol for the Dim (`A*s + B`), with the range the spec declares.
    fn link_to_own_symbol(
        &self,
        interp: &mut Interp,
        name: &Rc<str>,
        members: &[(SymbolId, i64, i64)],
    ) -> R<()> {
        let Some(DimRoot { hint, range, .. }) = self.roots.get(name) else {
            return Ok(());
        };
        if members
            .iter()
            .all(|(s, _, _)| interp.env.simplify(&SymExpr::symbol(*s)).is_const())
        {
            return Ok(());
        }
        if let Some((size, value)) = fixed_by_tracing(interp, members) {
            // Two members tracing made equal fix the Dim (`2*dx == dx + 1`):
            // the size specializes to the value both give it.
            return match interp
                .env
                .evaluate(&size, CmpKind::Eq, &SymExpr::int(value), None)
            {
                Ok(true) => Ok(()),
                Ok(false) => Err(interp.fail(
                    FailureKind::ConstraintViolation,
                    format!(
                        "the example inputs give different sizes to dims that share Dim `{name}`"
                    ),
                )),
                Err(dd) => Err(interp.data_dependent(&dd.expr)),
            };
        }
        let e = interp.env.create_backed(
            name,
            name.to_string(),
            *hint,
            *range,
            Some(name.to_string()),
        );
        let Some(sym) = e.as_symbol() else {
            return Ok(());
        };
        interp.env.symbols[sym.0 as usize].spec_range = *range;
        interp.env.symbols[sym.0 as usize].phantom = true;
        for &(member, coeff, offset) in members {
            let member = interp.env.simplify(&SymExpr::symbol(member));
            let rhs = e
                .checked_mul(&SymExpr::int(coeff))
                .and_then(|x| x.checked_add(&SymExpr::int(offset)));
            let rhs = interp.size_arith(rhs)?;
            match interp
                .env
                .evaluate(&member, crate::value::CmpKind::Eq, &rhs, None)
            {
                Ok(true) => {}
                Ok(false) => {
                    if let Some(message) = &self.mismatch {
                        return Err(interp.fail(FailureKind::Other, message.clone()));
                    }
                }
                Err(dd) => return Err(interp.data_dependent(&dd.expr)),
            }
        }
        // Each member, now written through the Dim's symbol, keeps the range
        // the spec declared for it.
        for (s, _, _) in self.groups.get(name).into_iter().flatten() {
            let linked = interp.env.simplify(&SymExpr::symbol(*s));
            if linked.as_symbol().is_none() && linked.as_const().is_none() {
                let declared = interp.env.info(*s).spec_range;
                interp.env.declared_ranges.insert(linked, declared);
            }
        }
        Ok(())
    }
}

/// After tracing: which spec'd dynamic dims did the program specialize or
/// tie to a dim the spec keeps independent? Returns torch's failure with
/// its suggested fixes.
/// A value a `Ne` guard on `s` alone excludes (`Ne(s - 1, 1)`: 2).
fn excluded_value(interp: &Interp, s: SymbolId) -> Option<i64> {
    interp.env.guards.iter().find_map(|g| {
        if g.op != crate::value::CmpKind::Ne {
            return None;
        }
        let diff = g.lhs.checked_sub(&g.rhs).ok()?;
        if diff.symbols().len() != 1 || !diff.symbols().contains(&s) {
            return None;
        }
        diff.solve_linear(s)?.as_const()
    })
}

/// The first guard whose only free symbol is `s` and that its range alone
/// does not settle (replacements applied), rendered as torch prints it.
fn single_symbol_guard(interp: &Interp, s: SymbolId) -> Option<String> {
    interp.env.guards.iter().find_map(|g| {
        let lhs = interp.env.simplify(&g.lhs);
        let rhs = interp.env.simplify(&g.rhs);
        let syms = lhs
            .symbols()
            .union(&rhs.symbols())
            .copied()
            .collect::<Vec<_>>();
        if syms != [s] {
            return None;
        }
        if interp
            .env
            .static_decide_without_guards(&lhs, g.op, &rhs)
            .is_some()
        {
            return None;
        }
        Some(simplified_text(interp, g, lhs, rhs))
    })
}

/// A guard's text with its sides as given (simplified).
fn simplified_text(
    interp: &Interp,
    g: &crate::shape_env::Guard,
    lhs: SymExpr,
    rhs: SymExpr,
) -> String {
    let g = crate::shape_env::Guard {
        lhs,
        op: g.op,
        rhs,
        line: g.line,
    };
    interp.env.guard_text(&g)
}

/// Two members of a Dim no input uses plainly that tracing made the same
/// size (`2*dx` and `dx + 1` added together) but that the spec writes
/// differently: the Dim's one value that makes them equal, and the size
/// with the value both members then have.
fn fixed_by_tracing(interp: &Interp, members: &[(SymbolId, i64, i64)]) -> Option<(SymExpr, i64)> {
    for (i, &(a, ca, oa)) in members.iter().enumerate() {
        for &(b, cb, ob) in &members[i + 1..] {
            let size = interp.env.simplify(&SymExpr::symbol(a));
            if size.is_const() || size != interp.env.simplify(&SymExpr::symbol(b)) || ca == cb {
                continue;
            }
            // ca*d + oa == cb*d + ob
            let (num, den) = (ob.checked_sub(oa)?, ca.checked_sub(cb)?);
            if num % den != 0 {
                continue;
            }
            let d = num / den;
            return Some((size, ca.checked_mul(d)?.checked_add(oa)?));
        }
    }
    None
}

pub fn check_constraints(interp: &Interp, dims: &[DynamicDim]) -> Option<Failure> {
    let mut out = Violations::default();
    for d in dims {
        match interp.env.replacements.get(&d.symbol) {
            Some(r) => replaced_dim(interp, dims, d, interp.env.simplify(r), &mut out),
            None => free_dim(interp, d, &mut out),
        }
    }
    let Violations {
        mut messages,
        fixes,
        further,
        first_line,
    } = out;
    if messages.is_empty() {
        return None;
    }
    let mut seen = std::collections::HashSet::new();
    messages.retain(|m| seen.insert(m.clone()));
    let mut f = Failure::new(
        FailureKind::ConstraintViolation,
        format!(
            "the dynamic_shapes spec contradicts the model: {}",
            messages.join(" ")
        ),
    );
    f.suggested_fixes = fixes;
    f.further_fixes = further;
    f.line = first_line;
    f.hint = Some(
        "apply the suggested fixes to the Dim definitions (or use Dim.AUTO to let export decide)"
            .into(),
    );
    Some(f)
}

/// What the checked dims violate: torch's messages, its suggested fixes
/// (each once), exportlens's further fixes, and the line of the first
/// specialization.
#[derive(Default)]
struct Violations {
    messages: Vec<String>,
    fixes: Vec<String>,
    further: Vec<String>,
    first_line: Option<u32>,
}

impl Violations {
    fn fix(&mut self, fix: String) {
        if !self.fixes.contains(&fix) {
            self.fixes.push(fix);
        }
    }

    fn further(&mut self, fix: String) {
        if !self.further.contains(&fix) {
            self.further.push(fix);
        }
    }
}

/// A dim still free after the trace: a named Dim the model tied to one
/// value by an equality no replacement solves (`x.shape[0] // 2 == 1`),
/// constrained to a residue class (`x.view(b, -1, 4)`) or whose range it
/// narrowed.
fn free_dim(interp: &Interp, d: &DynamicDim, out: &mut Violations) {
    if let DimSpec::Named { name, .. } = &*d.spec
        && let Some((text, v)) = equality_specialization(interp, d)
    {
        out.messages.push(format!(
            "Not all values of {name} = {} in the specified range satisfy the generated guard {text}. Solving the guards generated for {name} resulted in a specialized value of {v}.",
            d.source
        ));
        let fix = format!("{name} = {v}");
        out.fix(fix);
        return;
    }
    if let DimSpec::Named { name, .. } = &*d.spec
        && let Some(c) = congruence_of(interp, d)
    {
        let range = interp.env.info(d.symbol).range;
        // sympy prints `Mod(s - r, m)` as `Mod(s + (m - r), m)`, so
        // torch solves it to `m*_d - (m - r)`.
        let m = c.modulus;
        let r = if c.remainder == 0 { 0 } else { c.remainder - m };
        let c_min = match range.lo {
            Bound::Finite(lo) => lo.max(2),
            _ => 2,
        };
        let root = format!("_{name}");
        let mut parts = vec![format!("'{root}'")];
        let min_ = ceil_div(c_min - r, m);
        if min_ != 2 {
            parts.push(format!("min={min_}"));
        }
        match range.hi {
            Bound::Finite(hi) => parts.push(format!("max={}", (hi - r).div_euclid(m))),
            _ => parts.push("max=oo".to_string()),
        }
        out.messages.push(format!(
            "Not all values of {name} = {} in the specified range satisfy the generated guards: it must be {m}*{root}{}.",
            d.source,
            offset(r)
        ));
        for fix in [
            format!("{root} = Dim({})", parts.join(", ")),
            format!("{name} = {m}*{root}{}", offset(r)),
        ] {
            out.fix(fix);
        }
        return;
    }
    if let DimSpec::Named { name, min, max } = &*d.spec {
        let declared = ValueRange::new(
            Bound::Finite(min.unwrap_or(0).max(2)),
            max.map_or(Bound::PosInf, Bound::Finite),
        );
        let now = interp.env.info(d.symbol).range;
        if now.lo > declared.lo || now.hi < declared.hi {
            let mut parts = vec![format!("'{name}'")];
            if let Bound::Finite(lo) = now.lo
                && lo > 2
            {
                parts.push(format!("min={lo}"));
            }
            if let Bound::Finite(hi) = now.hi {
                parts.push(format!("max={hi}"));
            }
            out.messages.push(format!(
                "Not all values of {name} = {} in the specified range satisfy the generated guards.",
                d.source
            ));
            let fix = format!("{name} = Dim({})", parts.join(", "));
            out.fix(fix);
        } else if let Some(v) = excluded_value(interp, d.symbol)
            && declared.contains(v)
        {
            // torch learns no range from `Ne`, so it suggests no
            // fix, but the guard still fails for one value. At an
            // end of the range, moving that end past it is a fix
            // of exportlens's own (for `check --fix`).
            out.messages.push(format!(
                "Not all values of {name} = {} in the specified range satisfy the generated guard {} != {v}.",
                d.source, d.source
            ));
            let (lo, hi) = (declared.lo, declared.hi);
            let bound = |b: Bound| match b {
                Bound::Finite(x) => Some(x),
                _ => None,
            };
            let moved = if lo == Bound::Finite(v) && hi != Bound::Finite(v) {
                Some((v + 1, bound(hi)))
            } else if hi == Bound::Finite(v) && lo != Bound::Finite(v) {
                Some((bound(lo).unwrap_or(2), Some(v - 1)))
            } else {
                None
            };
            if let Some((new_lo, new_hi)) = moved {
                let mut parts = vec![format!("'{name}'")];
                if new_lo > 2 {
                    parts.push(format!("min={new_lo}"));
                }
                if let Some(h) = new_hi {
                    parts.push(format!("max={h}"));
                }
                let fix = format!("{name} = Dim({})", parts.join(", "));
                out.further(fix);
            }
        } else if let Some(text) = single_symbol_guard(interp, d.symbol) {
            // Any other guard on this dim alone that the ranges do
            // not settle (`Ne(Mod(s, 2), 0)`, `Ne((s//2), 1)`):
            // torch's `produce_guards` finds it fails for some
            // value of the named Dim, and suggests nothing.
            out.messages.push(format!(
                "Not all values of {name} = {} in the specified range satisfy the generated guard {text}.",
                d.source
            ));
        }
    }
}

/// A dim the trace replaced by `r`: specialized to a constant, or tied to
/// other dims the spec does not relate it to.
fn replaced_dim(
    interp: &Interp,
    dims: &[DynamicDim],
    d: &DynamicDim,
    r: SymExpr,
    out: &mut Violations,
) {
    let name_of = |d: &DynamicDim| -> Option<String> { d.spec.root_name().map(|s| s.to_string()) };
    let dim_of = |s: SymbolId| dims.iter().find(|x| x.symbol == s);
    let line = guard_line_for(interp, d.symbol);
    if let Some(c) = r.as_const() {
        if out.first_line.is_none() {
            out.first_line = specialization_line(interp, d.symbol).or(line);
        }
        match name_of(d) {
            Some(n) => {
                // A derived dim (`2*n`) specialized pins its root: the
                // fix names the root's value, once for all its dims.
                let c = d.spec.root_value(c).unwrap_or(c);
                out.messages.push(format!("You marked {n} as dynamic but your code specialized it to be a constant ({c})."));
                let fix = format!("{n} = {c}");
                out.fix(fix);
            }
            // A range narrowed to one value is no guard's doing: torch
            // finds it after the guards (`hint_range_violations`).
            None if interp.env.pinned_by_range.contains(&d.symbol) => {}
            None => out.messages.push(format!(
                "You marked {} as dynamic (Dim.DYNAMIC) but your code specialized it to be a constant ({c}); use Dim.STATIC or Dim.AUTO.",
                d.source
            )),
        }
        return;
    }
    let Some(n) = name_of(d) else { return };
    // Related only to dims of its own named Dim: what the spec says.
    // (A Dim's own symbol, made for derived dims no input uses plainly,
    // belongs to the group too.) A dim given a hint (`Dim.AUTO`) may
    // equal anything: torch counts its source as equal to every other.
    let hinted = |s: SymbolId| {
        let info = interp.env.info(s);
        match dim_of(s) {
            Some(x) => matches!(
                &*x.spec,
                DimSpec::Auto { .. } | DimSpec::Dynamic { .. } | DimSpec::Static { .. }
            ),
            // `Dim.AUTO` dims are not among the checked dims.
            None => !info.unbacked && info.source.is_some() && info.dim_name.is_none(),
        }
    };
    let same_group = r.symbols().iter().all(|s| {
        hinted(*s)
            || dim_of(*s)
                .and_then(name_of)
                .or_else(|| interp.env.info(*s).dim_name.clone())
                .as_deref()
                == Some(n.as_str())
    });
    if same_group {
        return;
    }
    let all_named = r
        .symbols()
        .iter()
        .all(|s| dim_of(*s).and_then(name_of).is_some());
    if !all_named || matches!(&*d.spec, DimSpec::Derived { .. }) {
        out.messages.push(format!(
            "{} was marked dynamic but the model ties it to other sizes.",
            d.source
        ));
        return;
    }
    // torch states the relation for the later input's dim in terms of
    // the earlier ones.
    let (lhs_sym, rhs) = match r.symbols().iter().max().copied() {
        Some(latest) if latest > d.symbol => {
            let eq = SymExpr::symbol(d.symbol).checked_sub(&r).ok();
            match eq.and_then(|eq| eq.solve_linear(latest)) {
                Some(sol) => (latest, sol),
                None => (d.symbol, r.clone()),
            }
        }
        _ => (d.symbol, r.clone()),
    };
    let lhs_name = dim_of(lhs_sym)
        .and_then(name_of)
        .unwrap_or_else(|| n.clone());
    let rendered = rhs
        .display(&|s: SymbolId| dim_of(s).and_then(name_of).unwrap_or_default())
        .to_string();
    out.messages.push(format!(
        "The values of {lhs_name} and {rendered} must always be related as {lhs_name} = {rendered}."
    ));
    let fix = format!("{lhs_name} = {rendered}");
    out.fix(fix);
}

/// ` + 1`, ` - 3` or nothing, as sympy prints a constant term.
/// `A*d + B` as sympy prints it (`4*_n - 3`, `_n + 1`).
fn derived_text(name: &str, coeff: i64, offset_: i64) -> String {
    let head = if coeff == 1 {
        name.to_string()
    } else {
        format!("{coeff}*{name}")
    };
    format!("{head}{}", offset(offset_))
}

fn offset(r: i64) -> String {
    match r {
        0 => String::new(),
        r if r < 0 => format!(" - {}", r.unsigned_abs()),
        r => format!(" + {r}"),
    }
}

/// The residue class torch's solver derives for a free dynamic dim from
/// the guards that mention only it (torch drops `Ne` guards).
fn congruence_of(interp: &Interp, d: &DynamicDim) -> Option<congruence::Congruence> {
    let sides: Vec<&SymExpr> = interp
        .env
        .guards
        .iter()
        .filter(|g| {
            g.op != crate::value::CmpKind::Ne
                && g.lhs
                    .symbols()
                    .union(&g.rhs.symbols())
                    .all(|s| *s == d.symbol)
        })
        .flat_map(|g| [&g.lhs, &g.rhs])
        .collect();
    congruence::reduce(&sides, d.symbol, d.hint)
}

/// The first equality guard on `d`'s symbol alone that torch's solver
/// turns into a specialization (see [`congruence::equality_pins`]): its
/// text and the value, the example's.
fn equality_specialization(interp: &Interp, d: &DynamicDim) -> Option<(String, i64)> {
    interp.env.guards.iter().find_map(|g| {
        if g.op != crate::value::CmpKind::Eq {
            return None;
        }
        let lhs = interp.env.simplify(&g.lhs);
        let rhs = interp.env.simplify(&g.rhs);
        let on_d_alone = lhs.symbols().union(&rhs.symbols()).copied().eq([d.symbol]);
        if !on_d_alone {
            return None;
        }
        if !congruence::equality_pins(&lhs, &rhs, d.symbol, d.hint) {
            return None;
        }
        Some((simplified_text(interp, g, lhs, rhs), d.hint))
    })
}

/// The line of the guard that fixed a symbol to a constant.
fn specialization_line(interp: &Interp, s: SymbolId) -> Option<u32> {
    interp
        .env
        .guards
        .iter()
        .find(|g| {
            (g.lhs.symbols().contains(&s) && g.rhs.is_const())
                || (g.rhs.symbols().contains(&s) && g.lhs.is_const())
        })
        .and_then(|g| g.line)
}

/// The line of the first guard that mentions a symbol.
fn guard_line_for(interp: &Interp, s: SymbolId) -> Option<u32> {
    interp
        .env
        .guards
        .iter()
        .find(|g| g.lhs.symbols().contains(&s) || g.rhs.symbols().contains(&s))
        .and_then(|g| g.line)
}

/// torch's path to an input dim, from its source (`L['x'].size()[0]` ->
/// `inputs['x'].shape[0]`).
fn keypath_of(torch_source: &str) -> String {
    let path = torch_source.strip_prefix('L').unwrap_or(torch_source);
    match path.rsplit_once(".size()") {
        Some((base, index)) => format!("inputs{base}.shape{index}"),
        None => format!("inputs{path}"),
    }
}
