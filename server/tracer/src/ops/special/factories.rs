//! torch's tensor factories: `zeros`/`ones`/`empty`/`rand*`/`full`/`randint`,
//! their `*_like` forms, `arange`, `eye`, `linspace`, `meshgrid`,
//! `scalar_tensor`, tensors from Python data (`tensor`, `as_tensor`,
//! `LongTensor`, ...) and from the numpy prelude's arrays (`from_numpy`,
//! `tensor(ndarray)`: numpy's dtype and values), and `unique`/`diff` of
//! known contents outside tracing.

use std::rc::Rc;

use shapes::SymExpr;

use super::{dtype_kw, kw};
use crate::dtype::DType;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::meta::{size_expr, sizes};
use crate::ops::values::number;
use crate::python::names::known_names;
use crate::value::{CmpKind, Provenance, Tensor, Value};
use std::sync::Arc;

known_names! {
    /// The factories [`call`] implements (without the `torch.` prefix).
    pub(super) enum Factory {
        Zeros = "zeros",
        Ones = "ones",
        Empty = "empty",
        Randn = "randn",
        Rand = "rand",
        Full = "full",
        Randint = "randint",
        ZerosLike = "zeros_like",
        OnesLike = "ones_like",
        EmptyLike = "empty_like",
        RandnLike = "randn_like",
        RandLike = "rand_like",
        FullLike = "full_like",
        Arange = "arange",
        Eye = "eye",
        Linspace = "linspace",
        Logspace = "logspace",
        HannWindow = "hann_window",
        HammingWindow = "hamming_window",
        BlackmanWindow = "blackman_window",
        BartlettWindow = "bartlett_window",
        KaiserWindow = "kaiser_window",
        ScalarTensor = "scalar_tensor",
        Tensor = "tensor",
        AsTensor = "as_tensor",
        Asarray = "asarray",
        FromNumpy = "from_numpy",
        TensorClass = "Tensor",
        FloatTensor = "FloatTensor",
        LongTensor = "LongTensor",
        Unique = "unique",
        Diff = "diff",
        Meshgrid = "meshgrid",
    }
}

/// `torch.<f>(*args, **kwargs)`; `None` means "ask the registry".
pub(super) fn call(
    interp: &mut Interp,
    f: Factory,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let short = f.name();
    Ok(Some(match f {
        Factory::Zeros | Factory::Ones | Factory::Empty | Factory::Randn | Factory::Rand => {
            let flat = flatten_size_args(interp, args)?;
            let shape = sizes(interp, &Value::tuple(flat))?;
            let dtype = dtype_kw(kwargs).unwrap_or(DType::F32);
            // `empty` has no `.default` overload: torch records `.memory_format`;
            // a draw from a generator of its own records `.generator`.
            let overload = match kw(kwargs, "generator") {
                _ if short == "empty" => "memory_format",
                Some(g) if !matches!(g, Value::None) && short.starts_with("rand") => "generator",
                _ => "default",
            };
            constructor(
                interp,
                &format!("aten.{short}.{overload}"),
                shape,
                (dtype, factory_kwargs(kwargs)),
                None,
            )?
        }
        Factory::Full => {
            let shape = sizes(interp, args.first().unwrap_or(&Value::tuple(vec![])))?;
            let fill = args
                .get(1)
                .cloned()
                .or_else(|| kw(kwargs, "fill_value").cloned())
                .unwrap_or(Value::Float(0.0));
            let dtype = dtype_kw(kwargs).unwrap_or(match fill {
                Value::Int(_) | Value::SymInt(_) => DType::I64,
                Value::Bool(_) => DType::Bool,
                _ => DType::F32,
            });
            constructor(
                interp,
                "aten.full.default",
                shape,
                (dtype, factory_kwargs(kwargs)),
                Some(fill),
            )?
        }
        Factory::Randint => {
            // randint(high, size) / randint(low, high, size): the size is last.
            let size = match args.len() {
                0 | 1 => kw(kwargs, "size").cloned().unwrap_or(Value::tuple(vec![])),
                2 => args[1].clone(),
                _ => args[2].clone(),
            };
            let shape = sizes(interp, &size)?;
            let dtype = dtype_kw(kwargs).unwrap_or(DType::I64);
            constructor(
                interp,
                "aten.randint.default",
                shape,
                (dtype, factory_kwargs(kwargs)),
                None,
            )?
        }
        Factory::ZerosLike
        | Factory::OnesLike
        | Factory::EmptyLike
        | Factory::RandnLike
        | Factory::RandLike
        | Factory::FullLike => {
            let Some(Value::Tensor(t)) = args.first() else {
                return Err(interp.type_error(format!("torch.{short}() expects a tensor")));
            };
            let dtype = dtype_kw(kwargs).unwrap_or(t.dtype);
            let target = format!("aten.{short}.default");
            let mut a = vec![interp.arg_of(&args[0])];
            if short == "full_like" {
                a.push(interp.arg_of(args.get(1).unwrap_or(&Value::Int(0))));
            }
            let shape = t.shape.clone();
            interp.record_tensor_op(&target, a, like_kwargs(kwargs), dtype, shape)?
        }
        Factory::Arange => arange(interp, args, kwargs)?,
        Factory::Eye => {
            let n = size_expr(interp, args.first().unwrap_or(&Value::Int(1)))?;
            let m = match args.get(1) {
                Some(v) => size_expr(interp, v)?,
                None => n.clone(),
            };
            let dtype = dtype_kw(kwargs).unwrap_or(DType::F32);
            constructor(
                interp,
                "aten.eye.default",
                vec![n, m],
                (dtype, factory_kwargs(kwargs)),
                None,
            )?
        }
        Factory::Linspace => linspace(interp, args, kwargs)?,
        Factory::Logspace => logspace(interp, args, kwargs)?,
        Factory::HannWindow
        | Factory::HammingWindow
        | Factory::BlackmanWindow
        | Factory::BartlettWindow
        | Factory::KaiserWindow => window(interp, f, args, kwargs)?,

        Factory::ScalarTensor => {
            let s = args
                .first()
                .or_else(|| kw(kwargs, "s"))
                .cloned()
                .unwrap_or(Value::Float(0.0));
            scalar_tensor(interp, &s, dtype_kw(kwargs).unwrap_or(DType::F32))?
        }
        Factory::Tensor
        | Factory::AsTensor
        | Factory::Asarray
        | Factory::FromNumpy
        | Factory::TensorClass
        | Factory::FloatTensor
        | Factory::LongTensor => {
            let data = args.first().cloned().unwrap_or(Value::list(vec![]));
            let default = match f {
                Factory::FloatTensor | Factory::TensorClass => Some(DType::F32),
                Factory::LongTensor => Some(DType::I64),
                _ => None,
            };
            tensor_literal(interp, &data, dtype_kw(kwargs).or(default))?
        }
        Factory::Unique | Factory::Diff if !interp.tracing => {
            let Some(Value::Tensor(t)) = args.first() else {
                return Ok(None);
            };
            return Ok(eager_values_op(interp, short, t, &args[1..], kwargs));
        }
        Factory::Meshgrid => return meshgrid(interp, args.to_vec(), kwargs).map(Some),
        Factory::Unique | Factory::Diff => return Ok(None),
    }))
}

/// `torch.arange(end)`, `(start, end)`, `(start, end, step)`: its length
/// computed as torch computes it, its contents known outside tracing.
fn arange(interp: &mut Interp, args: &[Value], kwargs: &[(String, Value)]) -> R<Value> {
    // torch's overloads are `arange(end)`, `arange(start, end)` and
    // `arange(start, end, step)`, each argument given by position or by
    // name; how many were given picks the overload.
    let by_name = |name: &str| kw(kwargs, name).cloned();
    let (start, end, step, given) = match args {
        [] => {
            let (start, step) = (by_name("start"), by_name("step"));
            let given =
                1 + usize::from(start.is_some() || step.is_some()) + usize::from(step.is_some());
            (start, by_name("end"), step, given)
        }
        [end] if by_name("end").is_none() => (None, Some(end.clone()), None, 1),
        [start] => {
            let step = by_name("step");
            let given = 2 + usize::from(step.is_some());
            (Some(start.clone()), by_name("end"), step, given)
        }
        [start, end] => {
            let step = by_name("step");
            let given = 2 + usize::from(step.is_some());
            (Some(start.clone()), Some(end.clone()), step, given)
        }
        [start, end, step, ..] => (
            Some(start.clone()),
            Some(end.clone()),
            Some(step.clone()),
            3,
        ),
    };
    let Some(end) = end else {
        return Err(interp.type_error("arange() missing required argument 'end'"));
    };
    let start = start.unwrap_or(Value::Int(0));
    let step = step.unwrap_or(Value::Int(1));
    let float = [&start, &end, &step]
        .iter()
        .any(|v| matches!(v, Value::Float(_) | Value::SymFloat(_, _)));
    let dtype = dtype_kw(kwargs).unwrap_or(if float { DType::F32 } else { DType::I64 });
    let len = if float {
        let f = |v: &Value| match v {
            Value::Float(x) | Value::SymFloat(x, _) => *x,
            Value::Int(i) => *i as f64,
            _ => 0.0,
        };
        SymExpr::int(((f(&end) - f(&start)) / f(&step)).ceil().max(0.0) as i64)
    } else {
        let (s, e, st) = (
            size_expr(interp, &start)?,
            size_expr(interp, &end)?,
            size_expr(interp, &step)?,
        );
        match st.as_const() {
            Some(1) => interp.size_arith(e.checked_sub(&s))?,
            Some(k) if k > 0 => {
                let len = e
                    .checked_sub(&s)
                    .and_then(|n| n.checked_add(&SymExpr::int(k - 1)))
                    .and_then(|n| n.checked_floordiv(&SymExpr::int(k)));
                interp.size_arith(len)?
            }
            // A descending range: `ceil((end - start) / step)`
            // values, none when the bounds are equal, written as
            // torch writes it (`(end - start + step + 1) // step`).
            Some(k) if k < 0 => {
                if let (Some(a), Some(b)) = (s.as_const(), e.as_const())
                    && b > a
                {
                    return Err(interp.torch_error(
                        "RuntimeError",
                        "upper bound and larger bound inconsistent with step sign",
                    ));
                }
                let len = e
                    .checked_sub(&s)
                    .and_then(|n| n.checked_add(&SymExpr::int(k + 1)))
                    .and_then(|n| n.checked_floordiv(&SymExpr::int(k)));
                interp.size_arith(len)?
            }
            Some(_) => {
                return Err(interp.torch_error("RuntimeError", "step must be nonzero"));
            }
            None => {
                return Err(
                    interp.torch_error("RuntimeError", "arange: step must be a constant here")
                );
            }
        }
    };
    assume_sizes(interp, std::slice::from_ref(&len));
    // arange computes its length: a new symbolic int even when it
    // equals an input's size.
    let simplified = interp.env.simplify(&len);
    if simplified.as_const().is_none() && interp.tracing {
        interp.computed_sizes.insert(simplified);
    }
    let target = match given {
        1 => "aten.arange.default",
        2 => "aten.arange.start",
        _ => "aten.arange.start_step",
    };
    let mut a: Vec<Arg> = Vec::new();
    if given >= 2 {
        a.push(interp.arg_of(&start));
    }
    a.push(interp.arg_of(&end));
    if given >= 3 {
        a.push(interp.arg_of(&step));
    }
    let t = interp.record_tensor_op(
        target,
        a,
        factory_kwargs(kwargs),
        dtype,
        vec![interp.env.simplify(&len)],
    )?;
    // Contents are known up to `MAX_KNOWN` elements
    // (`arange(2**31)` is a size, not a list to build).
    if let (Some(n), Some(s0), Some(st)) = (len.as_const(), number(&start), number(&step))
        && !interp.tracing
        && usize::try_from(n).is_ok_and(|n| n <= crate::ops::values::MAX_KNOWN)
    {
        crate::ops::values::set(
            &t,
            (0..n)
                .filter_map(|i| crate::ops::values::cast(s0 + st * i as f64, dtype))
                .collect(),
        );
    }
    Ok(t)
}

/// `torch.linspace(start, end, steps)`: the overload named after which
/// bounds are tensors, its contents known outside tracing.
fn linspace(interp: &mut Interp, args: &[Value], kwargs: &[(String, Value)]) -> R<Value> {
    let steps = interp.index_int(
        args.get(2)
            .or_else(|| kw(kwargs, "steps"))
            .unwrap_or(&Value::Int(100)),
    )?;
    let dtype = dtype_kw(kwargs).unwrap_or(DType::F32);
    let bound_value = |i: usize, name: &str| args.get(i).or_else(|| kw(kwargs, name));
    let is_tensor = |v: Option<&Value>| matches!(v, Some(Value::Tensor(_)));
    // A tensor start or end picks the overload named after the operand kinds.
    let target = match (
        is_tensor(bound_value(0, "start")),
        is_tensor(bound_value(1, "end")),
    ) {
        (false, false) => "aten.linspace.default",
        (true, true) => "aten.linspace.Tensor_Tensor",
        (true, false) => "aten.linspace.Tensor_Scalar",
        (false, true) => "aten.linspace.Scalar_Tensor",
    };
    let t = constructor(
        interp,
        target,
        vec![SymExpr::int(steps)],
        (dtype, factory_kwargs(kwargs)),
        None,
    )?;
    let bound = |i: usize, name: &str| bound_value(i, name).and_then(number);
    if !interp.tracing
        && let (Some(start), Some(end)) = (bound(0, "start"), bound(1, "end"))
        && let Some(values) = linspace_values(start, end, steps, dtype)
    {
        crate::ops::values::set(&t, values);
    }
    Ok(t)
}

/// `torch.logspace(start, end, steps, base=10.0)`: `base` to the powers of
/// `linspace(start, end, steps)`, its contents known outside tracing.
fn logspace(interp: &mut Interp, args: &[Value], kwargs: &[(String, Value)]) -> R<Value> {
    let arg = |i: usize, name: &str| args.get(i).or_else(|| kw(kwargs, name));
    if [arg(0, "start"), arg(1, "end")]
        .iter()
        .any(|v| matches!(v, Some(Value::Tensor(_))))
    {
        let r = interp.current_range();
        return Ok(interp.incomplete(
            r,
            "analysis incomplete: `torch.logspace` with tensor bounds is not modelled",
        ));
    }
    let Some(steps) = arg(2, "steps") else {
        return Err(interp.type_error("logspace() missing required argument 'steps'"));
    };
    let steps = interp.index_int(steps)?;
    let base = arg(3, "base").cloned().unwrap_or(Value::Float(10.0));
    let dtype = dtype_kw(kwargs).unwrap_or(DType::F32);
    let mut a = vec![
        interp.arg_of(arg(0, "start").unwrap_or(&Value::Int(0))),
        interp.arg_of(arg(1, "end").unwrap_or(&Value::Int(0))),
        Arg::Int(steps),
    ];
    let b = number(&base).unwrap_or(10.0);
    if b != 10.0 {
        a.push(Arg::Float(b));
    }
    let t = record_made(interp, "aten.logspace.default", a, steps, (dtype, kwargs))?;
    let bound = |i: usize, name: &str| arg(i, name).and_then(number);
    if !interp.tracing
        && let (Some(start), Some(end)) = (bound(0, "start"), bound(1, "end"))
        && let Some(exps) = linspace_values(start, end, steps, DType::F64)
    {
        let values = exps
            .iter()
            .map(|e| crate::ops::values::cast(b.powf(*e), dtype));
        if let Some(values) = values.collect::<Option<Vec<_>>>() {
            crate::ops::values::set(&t, values);
        }
    }
    Ok(t)
}

/// The window functions (`hann_window(n, periodic=True)`,
/// `hamming_window(n, periodic, alpha, beta)`, `kaiser_window(n,
/// periodic, beta)`, ...): torch records the overload named after the
/// last argument given (`.periodic`, `.beta`, `.periodic_alpha`), and the
/// window's values are known outside tracing.
fn window(interp: &mut Interp, f: Factory, args: &[Value], kwargs: &[(String, Value)]) -> R<Value> {
    use crate::ops::values::Window;
    let (kind, params, overloads): (Window, &[&str], &[&str]) = match f {
        Factory::KaiserWindow => (
            Window::Kaiser,
            &["periodic", "beta"],
            &["default", "periodic", "beta"],
        ),
        Factory::HammingWindow => (
            Window::Hamming,
            &["periodic", "alpha", "beta"],
            &[
                "default",
                "periodic",
                "periodic_alpha",
                "periodic_alpha_beta",
            ],
        ),
        Factory::BlackmanWindow => (Window::Blackman, &["periodic"], &["default", "periodic"]),
        Factory::BartlettWindow => (Window::Bartlett, &["periodic"], &["default", "periodic"]),
        _ => (Window::Hann, &["periodic"], &["default", "periodic"]),
    };
    let Some(length) = args.first().or_else(|| kw(kwargs, "window_length")) else {
        return Err(interp.type_error(format!(
            "{}() missing required argument 'window_length'",
            f.name()
        )));
    };
    let n = interp.index_int(length)?;
    if n < 0 {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "{} requires non-negative window_length, got window_length={n}",
                f.name()
            ),
        ));
    }
    let given: Vec<Option<Value>> = params
        .iter()
        .enumerate()
        .map(|(i, p)| args.get(i + 1).or_else(|| kw(kwargs, p)).cloned())
        .collect();
    let last = given.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    let mut a = vec![Arg::Int(n)];
    for (i, v) in given.iter().take(last).enumerate() {
        a.push(match v {
            Some(v) => interp.arg_of(v),
            None if i == 0 => Arg::Bool(true),
            None => {
                return Err(interp.type_error(format!(
                    "{}() needs `{}` for `{}`",
                    f.name(),
                    params[i],
                    params[last - 1]
                )));
            }
        });
    }
    let target = format!("aten.{}.{}", f.name(), overloads[last]);
    let dtype = dtype_kw(kwargs).unwrap_or(DType::F32);
    let t = record_made(interp, &target, a, n, (dtype, kwargs))?;
    let periodic = !matches!(given.first(), Some(Some(Value::Bool(false))));
    let numbers: Vec<f64> = given.iter().skip(1).flatten().filter_map(number).collect();
    if !interp.tracing
        && let Ok(len) = usize::try_from(n)
        && len <= crate::ops::values::MAX_KNOWN
        && dtype.is_floating()
        && crate::ops::values::cast(1.0, dtype).is_some()
    {
        let values = crate::ops::values::window(kind, len, periodic, &numbers, dtype);
        crate::ops::values::set(&t, values);
    }
    Ok(t)
}

/// A 1-d tensor of `n` elements a factory made from `args` (not a size
/// list): recorded while tracing with torch's factory keywords.
fn record_made(
    interp: &mut Interp,
    target: &str,
    args: Vec<Arg>,
    n: i64,
    (dtype, kwargs): (DType, &[(String, Value)]),
) -> R<Value> {
    interp.record_tensor_op(
        target,
        args,
        factory_kwargs(kwargs),
        dtype,
        vec![SymExpr::int(n)],
    )
}

/// `unique()` and `diff()` of a tensor with known contents outside
/// tracing (their result's size depends on the values); `None` when the
/// contents are unknown.
pub(super) fn eager_values_op(
    interp: &mut Interp,
    name: &str,
    t: &Rc<Tensor>,
    rest: &[Value],
    kwargs: &[(String, Value)],
) -> Option<Value> {
    let mut output = |dtype: DType, shape: Vec<SymExpr>, values: Vec<f64>| {
        let out = interp.op_output(dtype, shape);
        out.known.replace(Some(Arc::new(values)));
        Value::Tensor(out)
    };
    let vector = |values: &Vec<f64>| vec![SymExpr::int(values.len() as i64)];
    if name == "diff" {
        if !rest.is_empty() || !kwargs.is_empty() {
            return None;
        }
        let values = crate::ops::values::diff(t)?;
        return Some(output(t.dtype, vector(&values), values));
    }
    // unique(sorted=True, return_inverse=False, return_counts=False, dim=None)
    let arg = |i: usize, name: &str| rest.get(i).or_else(|| kw(kwargs, name));
    if arg(3, "dim").is_some_and(|d| !d.is_none()) {
        return None;
    }
    let wanted = |i: usize, name: &str| matches!(arg(i, name), Some(Value::Bool(true)));
    let (inverse, counts) = (wanted(1, "return_inverse"), wanted(2, "return_counts"));
    let u = crate::ops::values::unique(t)?;
    let mut parts = vec![output(t.dtype, vector(&u.values), u.values.clone())];
    if inverse {
        parts.push(output(DType::I64, t.shape.clone(), u.inverse));
    }
    if counts {
        parts.push(output(DType::I64, vector(&u.counts), u.counts.clone()));
    }
    Some(if parts.len() == 1 {
        parts.remove(0)
    } else {
        Value::tuple(parts)
    })
}

/// The contents of a constructor's output built outside tracing: zeros,
/// ones, a fill value, the identity (random and empty ones have none).
fn constructed_values(target: &str, shape: &[SymExpr], fill: Option<&Value>) -> Option<Vec<f64>> {
    let dims: Vec<usize> = shape
        .iter()
        .map(|d| d.as_const().and_then(|c| usize::try_from(c).ok()))
        .collect::<Option<_>>()?;
    let n = dims.iter().try_fold(1usize, |acc, d| acc.checked_mul(*d))?;
    if n > crate::ops::values::MAX_KNOWN {
        return None;
    }
    Some(match target {
        "aten.zeros.default" => vec![0.0; n],
        "aten.ones.default" => vec![1.0; n],
        "aten.full.default" => vec![number(fill?)?; n],
        "aten.eye.default" => {
            let cols = dims[1];
            (0..n)
                .map(|i| f64::from(u8::from(i / cols == i % cols)))
                .collect()
        }
        _ => return None,
    })
}

/// `linspace(start, end, steps)` as torch's kernel computes it: from the
/// start for the first half, back from the end for the second.
fn linspace_values(start: f64, end: f64, steps: i64, dtype: DType) -> Option<Vec<f64>> {
    let steps = usize::try_from(steps).ok()?;
    if steps > crate::ops::values::MAX_KNOWN {
        return None;
    }
    if steps == 1 {
        return Some(vec![crate::ops::values::cast(start, dtype)?]);
    }
    let step = (end - start) / (steps - 1) as f64;
    let step = crate::ops::values::cast(step, dtype)?;
    (0..steps)
        .map(|i| {
            let v = if i < steps / 2 {
                start + step * i as f64
            } else {
                end - step * (steps - i - 1) as f64
            };
            crate::ops::values::cast(v, dtype)
        })
        .collect()
}

/// A size built from data (`zeros(u0)`) must be non-negative: torch assumes
/// it and checks it at runtime.
fn assume_sizes(interp: &mut Interp, shape: &[SymExpr]) {
    for d in shape {
        if d.symbols().iter().any(|s| interp.env.info(*s).unbacked) {
            let line = interp.guard_line();
            interp.env.assume(d, CmpKind::Ge, &SymExpr::int(0), line);
        }
    }
}

fn flatten_size_args(interp: &mut Interp, args: &[Value]) -> R<Vec<Value>> {
    if args.len() == 1 && matches!(args[0], Value::Tuple(_) | Value::List(_)) {
        return interp.iterate(&args[0]);
    }
    Ok(args.to_vec())
}

/// The keyword arguments torch's Python binding passes a factory op
/// (`zeros`, `arange`, `full`, ...) and export records: the dtype when the
/// caller gave one (`full` infers it from its fill value and records none),
/// then the device and `pin_memory`, which the binding always fills in.
fn factory_kwargs(kwargs: &[(String, Value)]) -> Vec<(String, Arg)> {
    let mut out = Vec::new();
    if let Some(d) = dtype_kw(kwargs) {
        out.push(("dtype".to_string(), Arg::DType(d)));
    }
    out.push(("device".to_string(), Arg::Device("cpu".into())));
    out.push(("pin_memory".to_string(), Arg::Bool(false)));
    out
}

/// The keyword arguments torch records for an op that makes a tensor like
/// another (`zeros_like`, `new_ones`): the dtype and device the caller
/// gave, and `pin_memory`, which the binding always fills in.
pub(super) fn like_kwargs(kwargs: &[(String, Value)]) -> Vec<(String, Arg)> {
    let mut out = Vec::new();
    if let Some(d) = dtype_kw(kwargs) {
        out.push(("dtype".to_string(), Arg::DType(d)));
    }
    if kw(kwargs, "device").is_some_and(|d| !matches!(d, Value::None)) {
        out.push(("device".to_string(), Arg::Device("cpu".into())));
    }
    out.push(("pin_memory".to_string(), Arg::Bool(false)));
    out
}

fn constructor(
    interp: &mut Interp,
    target: &str,
    shape: Vec<SymExpr>,
    (dtype, kwargs): (DType, Vec<(String, Arg)>),
    fill: Option<Value>,
) -> R<Value> {
    assume_sizes(interp, &shape);
    for d in &shape {
        if let Some(c) = d.as_const()
            && c < 0
        {
            return Err(interp.torch_error(
                "RuntimeError",
                format!("negative dimension {c} in a tensor constructor"),
            ));
        }
    }
    if crate::layout::numel(&shape).is_err() {
        let sizes: Vec<String> = shape.iter().map(|d| interp.env.render(d)).collect();
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "Storage size calculation overflowed with sizes=[{}]",
                sizes.join(", ")
            ),
        ));
    }
    let mut a = vec![Arg::List(shape.iter().map(|d| interp.sym_arg(d)).collect())];
    if let Some(f) = &fill {
        a.push(interp.arg_of(f));
    }
    let t = interp.op_output(dtype, shape);
    if interp.tracing {
        // The tensor's sizes are the ints it was given.
        if let Some(Arg::List(sizes)) = a.first() {
            for (d, size) in sizes.iter().enumerate() {
                if let Arg::Node(n) = size {
                    let origin = crate::interp::record::SizeOrigin::Given(*n);
                    interp.size_origins.insert((t.id, d), origin);
                }
            }
        }
        let val = interp.meta_of(&t);
        let n = interp.record(target, a, kwargs, val);
        t.node.set(Some(n));
    } else if let Some(values) = constructed_values(target, &t.shape, fill.as_ref()) {
        let values = values
            .into_iter()
            .map(|v| crate::ops::values::cast(v, dtype))
            .collect::<Option<Vec<_>>>();
        t.known.replace(values.map(Arc::new));
    }
    Ok(Value::Tensor(t))
}

/// `torch.scalar_tensor(s, dtype=...)`: a 0-d tensor holding `s`
/// (`aten.scalar_tensor.default` in forward).
fn scalar_tensor(interp: &mut Interp, s: &Value, dtype: DType) -> R<Value> {
    let t = interp.op_output(dtype, vec![]);
    if interp.tracing {
        let val = interp.meta_of(&t);
        let a = vec![interp.arg_of(s)];
        let n = interp.record(
            "aten.scalar_tensor.default",
            a,
            vec![("dtype".to_string(), Arg::DType(dtype))],
            val,
        );
        t.node.set(Some(n));
    } else if let Some(v) = number(s).and_then(|v| crate::ops::values::cast(v, dtype)) {
        t.known.replace(Some(Arc::new(vec![v])));
    }
    Ok(Value::Tensor(t))
}

/// `torch.tensor(data)`: shape and dtype from the nested literal; in forward
/// it is a lifted constant read through `lift_fresh_copy`.
fn tensor_literal(interp: &mut Interp, data: &Value, dtype: Option<DType>) -> R<Value> {
    let mut shape = Vec::new();
    let mut flat = Vec::new();
    let mut kind = DType::Bool;
    literal_walk(interp, data, 0, &mut shape, &mut flat, &mut kind)?;
    let dtype = dtype.unwrap_or(kind);
    let shape: Vec<SymExpr> = shape.into_iter().map(SymExpr::int).collect();
    if let Value::Tensor(t) = data {
        return Ok(interp.clone_tensor_as(t, Provenance::Eager, false));
    }
    let t = Rc::new(Tensor {
        id: interp.fresh_id(),
        dtype,
        shape: shape.clone(),
        provenance: std::cell::RefCell::new(if interp.tracing {
            Provenance::Constant
        } else {
            Provenance::Eager
        }),
        node: std::cell::Cell::new(None),
        requires_grad: false,
        known: std::cell::RefCell::new(
            (flat.len() <= crate::ops::values::MAX_KNOWN).then(|| Arc::new(flat)),
        ),
        layout: None,
        input_storage: false,
    });
    if interp.tracing {
        let c = interp.tensor_node(&t);
        let val = interp.meta_of(&t);
        let lifted = interp.record(
            "aten.lift_fresh_copy.default",
            vec![Arg::Node(c)],
            vec![],
            val.clone(),
        );
        let det = interp.record("aten.detach_.default", vec![Arg::Node(lifted)], vec![], val);
        interp.graph.node_mut(det).side_effect = false;
        let out = Rc::new(Tensor {
            id: interp.fresh_id(),
            dtype,
            shape,
            provenance: std::cell::RefCell::new(Provenance::Graph),
            node: std::cell::Cell::new(Some(det)),
            requires_grad: false,
            known: std::cell::RefCell::new(crate::ops::values::known(&t)),
            layout: None,
            input_storage: false,
        });
        return Ok(Value::Tensor(out));
    }
    Ok(Value::Tensor(t))
}

fn literal_walk(
    interp: &mut Interp,
    v: &Value,
    depth: usize,
    shape: &mut Vec<i64>,
    flat: &mut Vec<f64>,
    kind: &mut DType,
) -> R<()> {
    match v {
        Value::List(_) | Value::Tuple(_) => {
            let items = interp.iterate(v)?;
            if shape.len() == depth {
                shape.push(items.len() as i64);
            }
            for it in &items {
                literal_walk(interp, it, depth + 1, shape, flat, kind)?;
            }
            Ok(())
        }
        Value::Bool(b) => {
            flat.push(f64::from(u8::from(*b)));
            Ok(())
        }
        Value::Int(i) => {
            if *kind == DType::Bool {
                *kind = DType::I64;
            }
            flat.push(*i as f64);
            Ok(())
        }
        Value::Float(f) | Value::SymFloat(f, _) => {
            *kind = DType::F32;
            flat.push(*f);
            Ok(())
        }
        Value::SymInt(e) => {
            if *kind == DType::Bool {
                *kind = DType::I64;
            }
            flat.push(interp.env.hint(e).unwrap_or(0) as f64);
            Ok(())
        }
        Value::Tensor(t) => {
            *kind = t.dtype;
            for d in &t.shape {
                shape.push(d.as_const().unwrap_or(1));
            }
            Ok(())
        }
        Value::Object(o) if crate::python::numpy::ndarray_of(o).is_some() => {
            let array = crate::python::numpy::ndarray_of(o).expect("checked");
            if shape.len() == depth {
                shape.extend(array.shape.iter().map(|d| *d as i64));
            }
            *kind = if flat.is_empty() {
                array.dtype
            } else {
                DType::promote(*kind, array.dtype)
            };
            flat.extend(array.values);
            Ok(())
        }
        other => Err(interp.type_error(format!(
            "torch.tensor(): could not infer dtype of {}",
            other.type_name()
        ))),
    }
}

/// `torch.meshgrid(*tensors, indexing=...)`: one `aten.meshgrid` node
/// whose outputs all have the grid's shape: the inputs' sizes in order for
/// `"ij"`, the first two swapped for `"xy"`.
fn meshgrid(interp: &mut Interp, args: Vec<Value>, kwargs: &[(String, Value)]) -> R<Value> {
    let tensors = match args.as_slice() {
        [one @ (Value::List(_) | Value::Tuple(_))] => interp.iterate(one)?,
        _ => args,
    };
    let indexing = match kw(kwargs, "indexing") {
        Some(Value::Str(s)) => Some(s.to_string()),
        _ => None,
    };
    let mut grid = Vec::with_capacity(tensors.len());
    let mut dtype = None;
    for t in &tensors {
        let Value::Tensor(t) = t else {
            return Err(interp.type_error("meshgrid expects tensors"));
        };
        if t.rank() > 1 {
            return Err(interp.torch_error(
                "RuntimeError",
                "torch.meshgrid: Expected 0D or 1D tensor in the tensor list",
            ));
        }
        dtype.get_or_insert(t.dtype);
        grid.push(t.shape.first().cloned().unwrap_or_else(|| SymExpr::int(1)));
    }
    if indexing.as_deref() == Some("xy") && grid.len() >= 2 {
        grid.swap(0, 1);
    }
    let dtype = dtype.unwrap_or(DType::F32);
    let outs = tensors.iter().map(|_| (dtype, grid.clone())).collect();
    let mut node_args = vec![Arg::List(
        tensors.iter().map(|t| interp.arg_of(t)).collect(),
    )];
    let target = match indexing {
        Some(mode) => {
            node_args.push(Arg::Str(mode));
            "aten.meshgrid.indexing"
        }
        None => "aten.meshgrid.default",
    };
    crate::ops::meta::tuple_op(interp, target, node_args, outs)
}
