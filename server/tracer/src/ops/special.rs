//! torch functions and Tensor methods with behaviour beyond a meta function:
//! tensor constructors, metadata queries (`size`, `dim`, `item`, `tolist`),
//! dtype conversions, `torch.cond` and `map` (higher-order ops with
//! subgraphs), `torch._check`, `Dim`/`dims`, pytree helpers.

use std::rc::Rc;
use std::sync::Arc;

use shapes::{Bound, SymExpr, ValueRange};

use super::meta::{size_expr, sizes};
use super::values::number;
use super::views::to_dtype;
use crate::dtype::DType;
use crate::failure::FailureKind;
use crate::graph::{Arg, MetaVal, NodeId};
use crate::interp::dynamo_breaks::DYNAMO_DISABLE;
use crate::interp::{Interp, R};
use crate::python::bind::keyword as kw;
use crate::value::{CmpKind, DimSpec, Provenance, Tensor, Value};

/// The torch functions [`call`] implements (without the `torch.` prefix).
pub const FUNCTIONS: &[&str] = &[
    "zeros",
    "ones",
    "empty",
    "randn",
    "rand",
    "full",
    "randint",
    "zeros_like",
    "ones_like",
    "empty_like",
    "randn_like",
    "rand_like",
    "full_like",
    "arange",
    "eye",
    "linspace",
    "scalar_tensor",
    "unique",
    "diff",
    "tensor",
    "as_tensor",
    "asarray",
    "Tensor",
    "FloatTensor",
    "LongTensor",
    "cond",
    "ops.higher_order.map",
    "_check",
    "_check_with",
    "_check_is_size",
    "_assert",
    "meshgrid",
    "_constrain_as_size",
    "_constrain_as_value",
    "export.dims",
    "is_tensor",
    "is_nonzero",
    "is_floating_point",
    "get_default_dtype",
    "get_default_device",
    "finfo",
    "iinfo",
    "is_grad_enabled",
    "jit.is_scripting",
    "jit.is_tracing",
    "jit.script",
    "cuda.is_available",
    "cuda.is_current_stream_capturing",
    "backends.mps.is_available",
    "backends.mps.is_built",
    "xpu.is_available",
    "distributed.is_available",
    "distributed.is_initialized",
    "compiler.is_compiling",
    "_dynamo.is_compiling",
    "compiler.is_exporting",
    "compiler.is_dynamo_compiling",
    "manual_seed",
    "set_grad_enabled",
    "set_printoptions",
    "_C._log_api_usage_once",
    "use_deterministic_algorithms",
    "no_grad",
    "enable_grad",
    "inference_mode",
    "compile",
    "compiler.disable",
    "_dynamo.disable",
    "_dynamo.graph_break",
    "is_inference_mode_enabled",
    "autograd.set_detect_anomaly",
    "autograd.detect_anomaly",
    "random.fork_rng",
    "_dynamo.assume_constant_result",
    "library.custom_op",
    "library.register_fake",
    "library.impl",
    "utils._pytree.tree_flatten",
    "utils._pytree.tree_leaves",
    "export.export",
    "export.draft_export",
    "sym_min",
    "sym_max",
    "sym_int",
    "sym_float",
    "sym_not",
];

/// Whether `full` (`torch.zeros`) is implemented here.
pub fn is_known(full: &str) -> bool {
    full.strip_prefix("torch.")
        .is_some_and(|s| FUNCTIONS.contains(&s) || s.starts_with("nn.init."))
}

fn dtype_kw(kwargs: &[(String, Value)]) -> Option<DType> {
    match kw(kwargs, "dtype") {
        Some(Value::DType(d)) => Some(*d),
        _ => None,
    }
}

/// Tensor methods handled here; `None` means "ask the registry".
/// Tensor methods [`tensor_method`] implements (besides the registry's).
pub const TENSOR_METHODS: &[&str] = &[
    "size",
    "dim",
    "ndimension",
    "numel",
    "nelement",
    "item",
    "tolist",
    "unique",
    "diff",
    "numpy",
    "is_floating_point",
    "is_complex",
    "is_contiguous",
    "element_size",
    "get_device",
    "is_inference",
    "cpu",
    "cuda",
    "requires_grad_",
    "retain_grad",
    "float",
    "double",
    "half",
    "bfloat16",
    "long",
    "int",
    "short",
    "byte",
    "bool",
    "to",
    "type",
    "new_zeros",
    "new_ones",
    "new_empty",
    "new_full",
    "data_ptr",
    "storage",
    "untyped_storage",
    "backward",
    "register_hook",
    "register_post_accumulate_grad_hook",
    "copy_",
    "__len__",
    "__rpow__",
];

pub fn tensor_method(
    interp: &mut Interp,
    name: &str,
    recv: &Value,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let Value::Tensor(t) = recv else {
        return Ok(None);
    };
    let arg0 = args.first().cloned();
    Ok(Some(match name {
        // Random fills at construction (`torch.empty(...).normal_(std=0.02)`):
        // the tensor keeps its shape and dtype, and a fake tensor without
        // known contents has no values to change. Inside `forward` they are
        // ops the registry does not model.
        "normal_" | "uniform_" | "random_" | "bernoulli_" | "exponential_" | "cauchy_"
        | "log_normal_" | "geometric_"
            if !interp.tracing =>
        {
            t.known.replace(None);
            recv.clone()
        }
        "size" => match arg0.or_else(|| kw(kwargs, "dim").cloned()) {
            None => {
                interp.keep_for_size_read(t, &t.shape);
                Value::tuple(
                    t.shape
                        .iter()
                        .map(|d| interp.sym_value(d.clone()))
                        .collect(),
                )
            }
            Some(d) => {
                let d = interp.index_int(&d)?;
                let w = super::meta::wrap_existing_dim(interp, d, t.rank())?;
                interp.keep_for_size_read(t, std::slice::from_ref(&t.shape[w]));
                interp.sym_value(t.shape[w].clone())
            }
        },
        "dim" | "ndimension" => Value::Int(t.rank() as i64),
        "numel" | "nelement" => {
            let n = interp.size_arith(crate::layout::numel(&t.shape))?;
            interp.sym_value(n)
        }
        "item" => interp.tensor_item(t)?,
        "tolist" => return tolist(interp, t).map(Some),
        "unique" | "diff" if !interp.tracing => {
            return Ok(eager_values_op(interp, name, t, args, kwargs));
        }
        "numpy" => {
            if interp.tracing && interp.mode == crate::Mode::NonStrict {
                return Err(interp.fail(
                    FailureKind::Other,
                    "`.numpy()` needs real tensor data; fake tensors have none",
                ));
            }
            if interp.strict_tracing() {
                // Dynamo's NumPy array over the tensor (`torch._numpy`).
                prelude_object(interp, "torch._numpy", "ndarray", vec![recv.clone()])?
            } else {
                recv.clone()
            }
        }
        "is_floating_point" => Value::Bool(t.dtype.is_floating()),
        "is_complex" => Value::Bool(t.dtype.is_complex()),
        "is_contiguous" => Value::Bool(true),
        "element_size" => Value::Int(t.dtype.size_of() as i64),
        "get_device" => Value::Int(-1),
        "is_inference" => Value::Bool(false),
        "requires_grad_" => {
            let on = !matches!(
                arg0.as_ref().or(kw(kwargs, "requires_grad")),
                Some(Value::Bool(false))
            );
            if interp.strict_tracing() && on {
                interp.grad_enabled_in_forward.extend(t.node.get());
            }
            recv.clone()
        }
        "cpu" | "cuda" | "retain_grad" => recv.clone(),
        "float" => to_dtype(interp, t, DType::F32)?,
        "double" => to_dtype(interp, t, DType::F64)?,
        "half" => to_dtype(interp, t, DType::F16)?,
        "bfloat16" => to_dtype(interp, t, DType::BF16)?,
        "long" => to_dtype(interp, t, DType::I64)?,
        "int" => to_dtype(interp, t, DType::I32)?,
        "short" => to_dtype(interp, t, DType::I16)?,
        "byte" => to_dtype(interp, t, DType::U8)?,
        "bool" => to_dtype(interp, t, DType::Bool)?,
        "to" | "type" => {
            let target = args
                .iter()
                .chain(kwargs.iter().filter(|(k, _)| k == "dtype").map(|(_, v)| v))
                .find_map(|v| match v {
                    Value::DType(d) => Some(*d),
                    Value::Tensor(o) => Some(o.dtype),
                    _ => None,
                });
            // With a device, Python's `Tensor.to` dispatches `to.device`
            // (a dtype given too) or `to.dtype_layout` (the tensor's own
            // dtype filled in), even when nothing changes; export keeps the
            // call.
            let device = args
                .iter()
                .chain(kwargs.iter().filter(|(k, _)| k == "device").map(|(_, v)| v))
                .find_map(|v| match v {
                    Value::Device(d) => Some(d.to_string()),
                    Value::Str(d) => Some(d.to_string()),
                    _ => None,
                });
            match (target, device) {
                (None, Some(dev)) if name == "to" && interp.tracing => {
                    let non_blocking = args
                        .iter()
                        .skip(1)
                        .chain(
                            kwargs
                                .iter()
                                .filter(|(k, _)| k == "non_blocking")
                                .map(|(_, v)| v),
                        )
                        .any(|v| matches!(v, Value::Bool(true)));
                    super::views::to_device_only(interp, t, &dev, non_blocking)?
                }
                (Some(d), Some(dev)) if name == "to" && interp.tracing => {
                    super::views::to_device(interp, t, &dev, d)?
                }
                (Some(d), _) if d != t.dtype || (name == "to" && interp.tracing) => {
                    to_dtype(interp, t, d)?
                }
                _ if name == "type" && args.is_empty() => {
                    Value::str(&format!("torch.{}Tensor", type_tensor_name(t.dtype)))
                }
                _ => recv.clone(),
            }
        }
        "new_zeros" | "new_ones" | "new_empty" | "new_full" => {
            let op = name.trim_start_matches("new_");
            // `new_ones(2, 3)` takes the sizes as separate ints (not
            // `new_full`, whose second argument is the fill value).
            let spread = op != "full"
                && args.len() > 1
                && args
                    .iter()
                    .all(|a| matches!(a, Value::Int(_) | Value::SymInt(_)));
            let size_arg = if spread {
                Value::tuple(args.to_vec())
            } else {
                arg0.unwrap_or(Value::tuple(vec![]))
            };
            let shape = sizes(interp, &size_arg)?;
            let dtype = dtype_kw(kwargs).unwrap_or(t.dtype);
            let target = format!("aten.new_{op}.default");
            let mut a = vec![
                interp.arg_of(recv),
                Arg::List(shape.iter().map(|d| interp.sym_arg(d)).collect()),
            ];
            if op == "full" {
                a.push(interp.arg_of(args.get(1).unwrap_or(&Value::Int(0))));
            }
            interp.record_tensor_op(&target, a, like_kwargs(kwargs), dtype, shape)?
        }
        "storage" if interp.strict_tracing() => {
            return Err(interp.graph_break("GB0208", "torch.* op returned non-Tensor", ""));
        }
        "data_ptr" if interp.strict_tracing() => {
            // Dynamo's symbolic pointer: comparing or testing it breaks.
            prelude_object(interp, "torch.storage", "_DataPtr", vec![recv.clone()])?
        }
        "data_ptr" if interp.tracing => {
            // A fake tensor has no memory behind it.
            return Err(interp.torch_error(
                "RuntimeError",
                crate::interp::dynamo_breaks::NO_DATA_POINTER,
            ));
        }
        "data_ptr" | "storage" => Value::Int(0),
        "untyped_storage" => prelude_object(
            interp,
            "torch.storage",
            "UntypedStorage",
            vec![recv.clone()],
        )?,
        "register_hook" | "register_post_accumulate_grad_hook" => {
            let requires_grad = t.requires_grad
                || t.node
                    .get()
                    .is_some_and(|id| interp.graph.requires_grad(id));
            if interp.tracing && !requires_grad {
                return Err(interp.torch_error(
                    "RuntimeError",
                    "cannot register a hook on a tensor that doesn't require gradient",
                ));
            }
            prelude_object(interp, "torch.utils.hooks", "RemovableHandle", vec![])?
        }
        "backward" => {
            let r = interp.current_range();
            interp.incomplete(
                r,
                format!("analysis incomplete: `Tensor.{name}` is not modelled in export"),
            )
        }
        "copy_" => {
            let src = arg0.unwrap_or(Value::None);
            let a = vec![interp.arg_of(recv), interp.arg_of(&src)];
            if interp.tracing {
                let val = interp.meta_of(t);
                let node = interp.record("aten.copy_.default", a, vec![], val);
                t.node.set(Some(node));
            }
            recv.clone()
        }
        "__len__" => match t.shape.first() {
            Some(d) => interp.sym_value(d.clone()),
            None => return Err(interp.torch_error("TypeError", "len() of a 0-d tensor")),
        },
        // `x.__rpow__(y)` is `y ** x`.
        "__rpow__" => match arg0 {
            Some(base) => {
                return super::call_torch_function(
                    interp,
                    "torch.pow",
                    vec![base, recv.clone()],
                    vec![],
                )
                .map(Some);
            }
            None => return Err(interp.type_error("__rpow__() takes exactly one argument")),
        },
        _ => return Ok(None),
    }))
}

/// Whether lambda `f` reads a variable of an enclosing function whose
/// value is not a Python constant (a tensor, a symbolic size, an object):
/// what Dynamo cannot turn into a `torch._check` message.
fn closes_over_non_constant(f: &crate::value::Function) -> bool {
    fn constant(v: &Value) -> bool {
        match v {
            Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Str(_) | Value::None => true,
            Value::Tuple(items) => items.iter().all(constant),
            _ => false,
        }
    }
    let crate::value::FunctionBody::Lambda(body) = &f.body else {
        return false;
    };
    let p = &f.params;
    let own = |n: &str| {
        p.posonly
            .iter()
            .chain(&p.args)
            .chain(&p.kwonly)
            .chain(p.vararg.iter())
            .chain(p.kwarg.iter())
            .any(|q| q.name == n)
    };
    body.names_read().into_iter().filter(|n| !own(n)).any(|n| {
        let mut scope = Some(f.closure.clone());
        while let Some(s) = scope {
            if Rc::ptr_eq(&s, &f.globals) {
                return false;
            }
            if let Some(v) = s.vars.borrow().get(n) {
                return !constant(v);
            }
            scope = s.parent.clone();
        }
        false
    })
}

/// An instance of the prelude class `class` of prelude module `module`.
fn prelude_object(interp: &mut Interp, module: &str, class: &str, args: Vec<Value>) -> R<Value> {
    let Some(index) = crate::prelude::module_index(module) else {
        let r = interp.current_range();
        return Ok(interp.incomplete(
            r,
            format!("analysis incomplete: `{module}.{class}` is not modelled"),
        ));
    };
    let class = interp.prelude_value(index, class)?;
    interp.call(&class, args, vec![])
}

fn type_tensor_name(d: DType) -> &'static str {
    match d {
        DType::F32 => "Float",
        DType::F64 => "Double",
        DType::I64 => "Long",
        DType::I32 => "Int",
        DType::Bool => "Bool",
        _ => "",
    }
}

fn tolist(interp: &mut Interp, t: &Rc<Tensor>) -> R<Value> {
    if interp.tracing && interp.mode == crate::Mode::Strict && t.dtype.is_floating() {
        return Err(interp.graph_break(
            "GB0109",
            "Tensor.tolist() with non-integer tensor: TorchDynamo cannot trace reading float values out of a tensor",
            "keep the values as a tensor, or compute with tensor ops",
        ));
    }
    if !interp.tracing
        && let Some(list) = super::values::to_list(t)
    {
        return Ok(list);
    }
    if t.shape.is_empty() {
        return interp.tensor_item(t);
    }
    if let Ok(numel) = crate::layout::numel(&t.shape)
        && let Some(numel) = interp.env.hint(&numel)
    {
        interp.charge_items(numel.max(0) as u128, "`tolist()`")?;
    }
    let element = |interp: &mut Interp, r: Value| match &r {
        Value::Tensor(rt) if rt.rank() == 0 => interp.tensor_item(rt),
        Value::Tensor(rt) => tolist(interp, rt),
        other => Ok(other.clone()),
    };
    let mut out = Vec::new();
    // Dynamo indexes one row at a time (`select`, then that row's own
    // values); non-strict tracing unbinds the tensor once.
    match t.shape[0].as_const() {
        Some(len) if interp.tracing && interp.mode == crate::Mode::Strict => {
            for i in 0..len {
                let row = interp.call_op_by_method(
                    "select",
                    Value::Tensor(t.clone()),
                    vec![Value::Int(0), Value::Int(i)],
                    vec![],
                )?;
                out.push(element(interp, row)?);
            }
        }
        _ => {
            let rows =
                interp.call_op_by_method("unbind", Value::Tensor(t.clone()), vec![], vec![])?;
            for row in interp.iterate(&rows)? {
                out.push(element(interp, row)?);
            }
        }
    }
    Ok(Value::list(out))
}

/// torch functions handled here; `None` means "ask the registry".
pub fn call(
    interp: &mut Interp,
    full: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let short = full.strip_prefix("torch.").unwrap_or(full);
    Ok(Some(match short {
        "zeros" | "ones" | "empty" | "randn" | "rand" => {
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
                (dtype, factory_kwargs(kwargs, None)),
                None,
            )?
        }
        "full" => {
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
                (dtype, factory_kwargs(kwargs, Some(dtype))),
                Some(fill),
            )?
        }
        "randint" => {
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
                (dtype, factory_kwargs(kwargs, None)),
                None,
            )?
        }
        "zeros_like" | "ones_like" | "empty_like" | "randn_like" | "rand_like" | "full_like" => {
            let Some(Value::Tensor(t)) = args.first() else {
                return Err(interp.type_error(format!("{full}() expects a tensor")));
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
        "arange" => {
            let nums: Vec<Value> = args.to_vec();
            let (start, end, step) = match nums.len() {
                0 => (
                    Value::Int(0),
                    kw(kwargs, "end").cloned().unwrap_or(Value::Int(0)),
                    Value::Int(1),
                ),
                1 => (Value::Int(0), nums[0].clone(), Value::Int(1)),
                2 => (nums[0].clone(), nums[1].clone(), Value::Int(1)),
                _ => (nums[0].clone(), nums[1].clone(), nums[2].clone()),
            };
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
                        return Err(interp
                            .torch_error("RuntimeError", "arange: step must be a constant here"));
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
            let target = if nums.len() <= 1 {
                "aten.arange.default"
            } else if nums.len() == 2 {
                "aten.arange.start"
            } else {
                "aten.arange.start_step"
            };
            let mut a: Vec<Arg> = Vec::new();
            if nums.len() >= 2 {
                a.push(interp.arg_of(&start));
            }
            a.push(interp.arg_of(&end));
            if nums.len() >= 3 {
                a.push(interp.arg_of(&step));
            }
            let t = interp.record_tensor_op(
                target,
                a,
                factory_kwargs(kwargs, None),
                dtype,
                vec![interp.env.simplify(&len)],
            )?;
            // Contents are known up to `MAX_KNOWN` elements
            // (`arange(2**31)` is a size, not a list to build).
            if let (Some(n), Some(s0), Some(st)) = (len.as_const(), number(&start), number(&step))
                && !interp.tracing
                && usize::try_from(n).is_ok_and(|n| n <= super::values::MAX_KNOWN)
            {
                super::values::set(
                    &t,
                    (0..n)
                        .filter_map(|i| super::values::cast(s0 + st * i as f64, dtype))
                        .collect(),
                );
            }
            t
        }
        "eye" => {
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
                (dtype, factory_kwargs(kwargs, None)),
                None,
            )?
        }
        "linspace" => {
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
                (dtype, factory_kwargs(kwargs, None)),
                None,
            )?;
            let bound = |i: usize, name: &str| bound_value(i, name).and_then(number);
            if !interp.tracing
                && let (Some(start), Some(end)) = (bound(0, "start"), bound(1, "end"))
                && let Some(values) = linspace_values(start, end, steps, dtype)
            {
                super::values::set(&t, values);
            }
            t
        }
        "is_nonzero" => {
            let Some(Value::Tensor(t)) = args.first() else {
                return Err(interp
                    .torch_error("TypeError", "is_nonzero(): argument 'input' must be Tensor"));
            };
            Value::Bool(interp.tensor_value_truth(t.clone())?)
        }
        "scalar_tensor" => {
            let s = args
                .first()
                .or_else(|| kw(kwargs, "s"))
                .cloned()
                .unwrap_or(Value::Float(0.0));
            scalar_tensor(interp, &s, dtype_kw(kwargs).unwrap_or(DType::F32))?
        }
        "tensor" | "as_tensor" | "asarray" | "Tensor" | "FloatTensor" | "LongTensor" => {
            let data = args.first().cloned().unwrap_or(Value::list(vec![]));
            let default = match short {
                "FloatTensor" | "Tensor" => Some(DType::F32),
                "LongTensor" => Some(DType::I64),
                _ => None,
            };
            tensor_literal(interp, &data, dtype_kw(kwargs).or(default))?
        }
        "unique" | "diff" if !interp.tracing => {
            let Some(Value::Tensor(t)) = args.first() else {
                return Ok(None);
            };
            return Ok(eager_values_op(interp, short, t, &args[1..], kwargs));
        }
        "cond" => return cond(interp, args, kwargs).map(Some),
        "meshgrid" => return meshgrid(interp, args.to_vec(), kwargs).map(Some),
        "ops.higher_order.map" => {
            if let Some((k, _)) = kwargs.first() {
                // `map(f, xs, *args)` is a Python function: the call does
                // not bind.
                return Err(interp.raise_by(
                    crate::evidence::Raiser::PlainCallBinding,
                    "TypeError",
                    format!("map() got an unexpected keyword argument '{k}'"),
                ));
            }
            return map_hop(interp, args).map(Some);
        }
        "_check" | "_check_with" => {
            let (cond, message) = if short == "_check_with" {
                (args.get(1), args.get(2))
            } else {
                (args.first(), args.get(1))
            };
            // torch's own checks (MultiheadAttention's key-padding check,
            // which the prelude mirrors) export under strict in torch 2.15:
            // the rule is for user code.
            if interp.strict_tracing()
                && !interp.in_prelude_frame()
                && let Some(Value::Function(f)) = message.or_else(|| kw(kwargs, "message"))
                && closes_over_non_constant(f)
            {
                return Err(interp.graph_break(
                    "GB9158",
                    "Can't convert torch._check*() message closure: its closure variables must be Python constants",
                    "remove references to tensors and other non-constant values from the message function",
                ));
            }
            check(interp, cond.cloned().unwrap_or(Value::Bool(true)))?;
            Value::None
        }
        "_assert" => {
            // Traceable `assert`: a Python or symbolic condition is decided
            // (guarding), a failed one raises as `assert` does.
            let cond = args.first().cloned().unwrap_or(Value::Bool(true));
            let constant_message = match args.get(1).or_else(|| kw(kwargs, "message")) {
                Some(Value::Str(m)) => Some(m.to_string()),
                _ => None,
            };
            if !interp.assert_truthy(&cond, constant_message.as_deref())? {
                let message = match args.get(1).or_else(|| kw(kwargs, "message")) {
                    Some(m) => interp.to_str(m)?,
                    None => String::new(),
                };
                return Err(interp.torch_error("AssertionError", message));
            }
            Value::None
        }
        "_check_is_size" | "_constrain_as_size" => {
            if let Some(Value::SymInt(e)) = args.first() {
                // torch traced `n >= 0` here; its name stays taken.
                traced_check(interp, e, CmpKind::Ge, 0);
                let line = interp.guard_line();
                interp.env.assume(e, CmpKind::Ge, &SymExpr::int(0), line);
                if let Some(max) = kw(kwargs, "max").or(args.get(2)).and_then(Value::as_int) {
                    traced_check(interp, e, CmpKind::Le, max);
                    interp.env.assume(e, CmpKind::Le, &SymExpr::int(max), line);
                }
            }
            Value::None
        }
        "_constrain_as_value" => {
            if let Some(Value::SymInt(e)) = args.first() {
                let line = interp.guard_line();
                if let Some(min) = args.get(1).and_then(Value::as_int) {
                    interp.env.assume(e, CmpKind::Ge, &SymExpr::int(min), line);
                }
                if let Some(max) = args.get(2).and_then(Value::as_int) {
                    interp.env.assume(e, CmpKind::Le, &SymExpr::int(max), line);
                }
            }
            Value::None
        }
        "export.dims" => {
            let min = kw(kwargs, "min").and_then(Value::as_int);
            let max = kw(kwargs, "max").and_then(Value::as_int);
            let mut out = Vec::new();
            for a in args {
                if let Value::Str(n) = a {
                    out.push(Value::Dim(Rc::new(DimSpec::Named {
                        name: n.clone(),
                        min,
                        max,
                    })));
                }
            }
            Value::tuple(out)
        }
        "sym_min" | "sym_max" => {
            let name = if short == "sym_min" { "min" } else { "max" };
            return crate::python::call_builtin(
                interp,
                Rc::new(crate::value::Builtin {
                    name: Rc::from(format!("builtins.{name}").as_str()),
                    receiver: None,
                }),
                args.to_vec(),
                vec![],
            )
            .map(Some);
        }
        "sym_int" | "sym_float" | "sym_not" => args.first().cloned().unwrap_or(Value::None),
        "is_tensor" => Value::Bool(matches!(args.first(), Some(Value::Tensor(_)))),
        "is_floating_point" => {
            Value::Bool(matches!(args.first(), Some(Value::Tensor(t)) if t.dtype.is_floating()))
        }
        "get_default_dtype" => Value::DType(DType::F32),
        "get_default_device" => Value::Device(Rc::from("cpu")),
        "finfo" | "iinfo" => {
            let dtype = match args.first() {
                Some(Value::DType(d)) => *d,
                Some(Value::Tensor(t)) => t.dtype,
                None => DType::F32,
                Some(other) => {
                    return Err(interp.type_error(format!(
                        "{short}() argument 'type' must be torch.dtype, not {}",
                        other.type_name()
                    )));
                }
            };
            let fields: Vec<(&str, Value)> = match (short, dtype.finfo(), dtype.iinfo()) {
                ("finfo", Some((max, eps, tiny)), _) => vec![
                    ("min", Value::Float(-max)),
                    ("max", Value::Float(max)),
                    ("eps", Value::Float(eps)),
                    ("tiny", Value::Float(tiny)),
                    ("smallest_normal", Value::Float(tiny)),
                    ("bits", Value::Int(8 * dtype.size_of() as i64)),
                    ("dtype", Value::str(dtype.torch_name())),
                ],
                ("iinfo", _, Some((min, max))) => vec![
                    ("min", Value::Int(min)),
                    ("max", Value::Int(max)),
                    ("bits", Value::Int(8 * dtype.size_of() as i64)),
                    ("dtype", Value::str(dtype.torch_name())),
                ],
                _ => {
                    return Err(interp.type_error(format!(
                        "torch.{short}() requires a {} dtype",
                        if short == "finfo" {
                            "floating point"
                        } else {
                            "integer"
                        }
                    )));
                }
            };
            let class = interp.builtin_class(if short == "finfo" {
                "torch.finfo"
            } else {
                "torch.iinfo"
            });
            Value::Object(Rc::new(crate::value::Object {
                id: interp.fresh_id(),
                class,
                attrs: std::cell::RefCell::new(
                    fields
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                ),
                module: None,
            }))
        }
        "is_grad_enabled" => Value::Bool(false),
        // A module compiled to TorchScript keeps its state and runs in the
        // TorchScript runtime, which export does not trace into
        // (`Interp::call`); anything else scripted is not followed.
        "jit.script" => match args.first() {
            Some(m @ Value::Object(o)) if o.class.is_module() => {
                o.set_attr(crate::interp::SCRIPTED, Value::Bool(true));
                m.clone()
            }
            _ => {
                let r = interp.current_range();
                interp.incomplete(
                    r,
                    "analysis incomplete: `torch.jit.script` of a function is not modelled",
                )
            }
        },
        // The analysis models a CPU machine: no accelerator is there.
        "jit.is_scripting"
        | "jit.is_tracing"
        | "cuda.is_available"
        | "cuda.is_current_stream_capturing"
        | "backends.mps.is_available"
        | "backends.mps.is_built"
        | "xpu.is_available" => Value::Bool(false),
        // No process group exists while a model is exported on one machine;
        // the analysis takes the build without distributed support, so
        // code guarded by it (FSDP and DeepSpeed checks) stays off its
        // distributed-only paths.
        "distributed.is_available" | "distributed.is_initialized" => Value::Bool(false),
        // True while export traces (strict and non-strict alike), false
        // in the eager code around it (module code, `__init__`).
        "compiler.is_compiling" | "_dynamo.is_compiling" => Value::Bool(interp.tracing),
        // True while torch.export traces, in either mode; Dynamo traces
        // only in strict mode.
        "compiler.is_exporting" => Value::Bool(interp.tracing),
        "compiler.is_dynamo_compiling" => {
            Value::Bool(interp.tracing && interp.mode == crate::Mode::Strict)
        }
        "manual_seed"
        | "set_grad_enabled"
        | "set_printoptions"
        | "_C._log_api_usage_once"
        | "use_deterministic_algorithms" => Value::None,
        // Non-strict export runs `forward` as Python: these change nothing
        // the trace sees (Dynamo's breaks on them are `dynamo_breaks`).
        "_dynamo.graph_break" => Value::None,
        "is_inference_mode_enabled" => Value::Bool(false),
        "no_grad"
        | "enable_grad"
        | "inference_mode"
        | "autograd.set_detect_anomaly"
        | "autograd.detect_anomaly"
        | "random.fork_rng" => Value::Object(Rc::new(crate::value::Object {
            id: interp.fresh_id(),
            class: interp.builtin_class("contextlib.nullcontext"),
            attrs: Default::default(),
            module: None,
        })),
        "compile"
        | "compiler.disable"
        | "_dynamo.disable"
        | "_dynamo.assume_constant_result"
        | "library.custom_op"
        | "library.register_fake"
        | "library.impl" => {
            // Decorators that keep the function (possibly used with arguments).
            if let ("compiler.disable" | "_dynamo.disable", Some(Value::Function(f))) =
                (short, args.first())
            {
                // torch marks what it will not trace; Dynamo reads the mark
                // at the call (`dynamo_breaks::disabled_call`).
                f.attrs
                    .borrow_mut()
                    .insert(DYNAMO_DISABLE.to_string(), Value::Bool(true));
            }
            match args.first() {
                Some(f @ (Value::Function(_) | Value::Object(_))) => f.clone(),
                _ => Value::builtin("builtins.staticmethod"),
            }
        }
        "utils._pytree.tree_flatten" | "utils._pytree.tree_leaves" => {
            let mut leaves = Vec::new();
            flatten_leaves(interp, args.first().unwrap_or(&Value::None), &mut leaves)?;
            if short.ends_with("leaves") {
                Value::list(leaves)
            } else {
                Value::tuple(vec![Value::list(leaves), Value::None])
            }
        }
        "nn.init._calculate_fan_in_and_fan_out" | "nn.init._calculate_correct_fan" => {
            // fan_in = size(1) * receptive field, fan_out = size(0) * it.
            let Some(Value::Tensor(t)) = args.first() else {
                return Err(interp.type_error("fan computation expects a tensor"));
            };
            if t.rank() < 2 {
                return Err(interp.torch_error(
                    "ValueError",
                    "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions",
                ));
            }
            let receptive = interp.size_arith(crate::layout::numel(&t.shape[2..]))?;
            let fan_in = interp.size_arith(t.shape[1].checked_mul(&receptive))?;
            let fan_out = interp.size_arith(t.shape[0].checked_mul(&receptive))?;
            let (fan_in, fan_out) = (interp.sym_value(fan_in), interp.sym_value(fan_out));
            if short == "nn.init._calculate_correct_fan" {
                let fan_out_mode = matches!(
                    args.get(1).or_else(|| kw(kwargs, "mode")),
                    Some(Value::Str(m)) if &**m == "fan_out"
                );
                if fan_out_mode { fan_out } else { fan_in }
            } else {
                Value::tuple(vec![fan_in, fan_out])
            }
        }
        s if s.starts_with("nn.init.") => args.first().cloned().unwrap_or(Value::None),
        // Another export call than the one under analysis: its program
        // is not modelled, and code using it must not fail for that.
        "export.export" | "export.draft_export" => {
            Value::unknown("the ExportedProgram of an export call (not the one analysed)")
        }
        _ => return Ok(None),
    }))
}

/// `unique()` and `diff()` of a tensor with known contents outside
/// tracing (their result's size depends on the values); `None` when the
/// contents are unknown.
fn eager_values_op(
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
        let values = super::values::diff(t)?;
        return Some(output(t.dtype, vector(&values), values));
    }
    // unique(sorted=True, return_inverse=False, return_counts=False, dim=None)
    let arg = |i: usize, name: &str| rest.get(i).or_else(|| kw(kwargs, name));
    if arg(3, "dim").is_some_and(|d| !d.is_none()) {
        return None;
    }
    let wanted = |i: usize, name: &str| matches!(arg(i, name), Some(Value::Bool(true)));
    let (inverse, counts) = (wanted(1, "return_inverse"), wanted(2, "return_counts"));
    let u = super::values::unique(t)?;
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
    if n > super::values::MAX_KNOWN {
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
    if steps > super::values::MAX_KNOWN {
        return None;
    }
    if steps == 1 {
        return Some(vec![super::values::cast(start, dtype)?]);
    }
    let step = (end - start) / (steps - 1) as f64;
    let step = super::values::cast(step, dtype)?;
    (0..steps)
        .map(|i| {
            let v = if i < steps / 2 {
                start + step * i as f64
            } else {
                end - step * (steps - i - 1) as f64
            };
            super::values::cast(v, dtype)
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
/// (`zeros`, `arange`, ...) and export records: the dtype when the caller
/// gave one (or `recorded_dtype` names the op as always recording it: `full`
/// infers it from its fill value), then the device and `pin_memory`, which
/// the binding always fills in.
fn factory_kwargs(kwargs: &[(String, Value)], recorded_dtype: Option<DType>) -> Vec<(String, Arg)> {
    let mut out = Vec::new();
    if let Some(d) = dtype_kw(kwargs).or(recorded_dtype) {
        out.push(("dtype".to_string(), Arg::DType(d)));
    }
    out.push(("device".to_string(), Arg::Device("cpu".into())));
    out.push(("pin_memory".to_string(), Arg::Bool(false)));
    out
}

/// The keyword arguments torch records for an op that makes a tensor like
/// another (`zeros_like`, `new_ones`): the dtype and device the caller
/// gave, and `pin_memory`, which the binding always fills in.
fn like_kwargs(kwargs: &[(String, Value)]) -> Vec<(String, Arg)> {
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
            .map(|v| super::values::cast(v, dtype))
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
    } else if let Some(v) = number(s).and_then(|v| super::values::cast(v, dtype)) {
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
            (flat.len() <= super::values::MAX_KNOWN).then(|| Arc::new(flat)),
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
            known: std::cell::RefCell::new(super::values::known(&t)),
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
        other => Err(interp.type_error(format!(
            "torch.tensor(): could not infer dtype of {}",
            other.type_name()
        ))),
    }
}

fn flatten_leaves(interp: &mut Interp, v: &Value, out: &mut Vec<Value>) -> R<()> {
    match v {
        Value::Tuple(_) | Value::List(_) => {
            for it in interp.iterate(v)? {
                flatten_leaves(interp, &it, out)?;
            }
        }
        Value::Dict(d) => {
            let items = d.borrow().entries().to_vec();
            for (_, it) in items {
                flatten_leaves(interp, &it, out)?;
            }
        }
        Value::None => {}
        other => out.push(other.clone()),
    }
    Ok(())
}

/// The comparison `e <kind> k` a torch check function traces itself: a
/// dead node named where it ran when Python comparisons are traced, else
/// a name the graph keeps taken.
fn traced_check(interp: &mut Interp, e: &SymExpr, kind: CmpKind, k: i64) {
    if interp.traces_size_arithmetic() {
        interp.phantom(
            kind.operator_name(),
            MetaVal::SymBool(crate::graph::SymBoolMeta {
                lhs: e.clone(),
                op: kind.symbol(),
                rhs: SymExpr::int(k),
            }),
        );
    } else {
        interp
            .graph
            .reserved_names
            .push(kind.operator_name().to_string());
    }
}

/// `torch._check(cond)`: assume it; a symbolic condition refines ranges and
/// becomes a guard (backed) or a runtime assert (unbacked).
fn check(interp: &mut Interp, cond: Value) -> R<()> {
    match cond {
        Value::SymBool(ref b) => {
            let line = interp.guard_line();
            // torch traced this comparison, and its name stays taken (a
            // mode that traces Python comparisons already named it).
            let meta = MetaVal::SymBool(crate::graph::SymBoolMeta {
                lhs: b.lhs.clone(),
                op: b.op.symbol(),
                rhs: b.rhs.clone(),
            });
            if !interp.graph.nodes.iter().any(|n| n.hidden && n.val == meta) {
                interp
                    .graph
                    .reserved_names
                    .push(b.op.operator_name().to_string());
            }
            if !interp.env.assume(&b.lhs, b.op, &b.rhs, line) {
                return Err(
                    interp.torch_error("RuntimeError", "torch._check failed on the example inputs")
                );
            }
            Ok(())
        }
        Value::Bool(false) => Err(interp.torch_error("RuntimeError", "torch._check failed")),
        Value::Tensor(_) => Ok(()),
        _ => Ok(()),
    }
}

/// A traced subgraph: its index, its outputs, and the tensors of the
/// enclosing graph it closes over (extra operands after the given ones).
struct Traced {
    index: usize,
    outs: Vec<Value>,
    captured: Vec<Rc<Tensor>>,
}

/// Trace `f(*operands)` into a subgraph. `seed`: closed-over tensors whose
/// placeholders come first among the captured ones (another branch's).
fn trace_subgraph(
    interp: &mut Interp,
    f: &Value,
    operands: &[Value],
    seed: &[Rc<Tensor>],
) -> R<Traced> {
    let outer = std::mem::take(&mut interp.graph);
    // Captures are tensors older than the subgraph (its operands are
    // re-created below).
    interp.begin_captures();
    let mut inner_args = Vec::new();
    for op in operands {
        inner_args.push(match op {
            Value::Tensor(t) => {
                let nt = interp.new_tensor(t.dtype, t.shape.clone(), Provenance::Graph);
                let node = interp.graph.push(crate::graph::Node::placeholder(
                    crate::graph::InputKind::User(format!("arg{}", inner_args.len())),
                    interp.meta_of(&nt),
                ));
                nt.node.set(Some(node));
                Value::Tensor(nt)
            }
            other => other.clone(),
        });
    }
    interp.in_subgraph += 1;
    let saved_lifted = std::mem::take(&mut interp.lifted);
    for t in seed {
        interp.capture_placeholder(t);
    }
    let r = interp.call(f, inner_args, vec![]);
    let frame = interp.captures.pop().unwrap_or_default();
    let inner_lifted = std::mem::replace(&mut interp.lifted, saved_lifted);
    interp.in_subgraph -= 1;
    let mut inner = std::mem::replace(&mut interp.graph, outer);
    // State the branch read first (a submodule's buffer) is lifted by the
    // program too, at that read.
    let mut fresh: Vec<(u32, NodeId)> = inner_lifted.into_iter().collect();
    fresh.sort_by_key(|(_, n)| *n);
    for (tid, inner_node) in fresh {
        if interp.lifted.contains_key(&tid) {
            continue;
        }
        let n = inner.node(inner_node);
        if let crate::graph::NodeOp::Placeholder(kind) = &n.op {
            let id = interp
                .graph
                .push(crate::graph::Node::placeholder(kind.clone(), n.val.clone()));
            interp.lifted.insert(tid, id);
        }
    }
    let out = r?;
    let outs: Vec<Value> = match &out {
        Value::Tuple(_) | Value::List(_) => interp.iterate(&out)?,
        other => vec![other.clone()],
    };
    inner.outputs = outs
        .iter()
        .filter_map(|o| {
            let arg = match o {
                Value::Tensor(t) => Arg::Node(t.node.get()?),
                Value::Int(i) => Arg::Int(*i),
                _ => return None,
            };
            Some(crate::graph::Output {
                arg,
                kind: crate::graph::OutputKind::User,
            })
        })
        .collect();
    interp.graph.subgraphs.push(inner);
    Ok(Traced {
        index: interp.graph.subgraphs.len() - 1,
        outs,
        captured: frame.lifted.into_iter().map(|(t, _)| t).collect(),
    })
}

/// Placeholders, at the end of subgraph `index`, for the tensors `extra`
/// another branch closes over and this one does not.
fn add_captured_operands(interp: &mut Interp, index: usize, extra: &[Rc<Tensor>]) {
    for t in extra {
        let val = interp.meta_of(t);
        if let Some(g) = interp.graph.subgraphs.get_mut(index) {
            g.push(crate::graph::Node::placeholder(
                crate::graph::InputKind::User("captured".into()),
                val,
            ));
        }
    }
}

/// `torch.cond(pred, true_fn, false_fn, operands)`.
fn cond(interp: &mut Interp, args: &[Value], kwargs: &[(String, Value)]) -> R<Value> {
    let get = |i: usize, k: &str| {
        args.get(i)
            .cloned()
            .or_else(|| kw(kwargs, k).cloned())
            .unwrap_or(Value::None)
    };
    let pred = get(0, "pred");
    let (t_fn, f_fn) = (get(1, "true_fn"), get(2, "false_fn"));
    let operands = match get(3, "operands") {
        Value::None => vec![],
        v => interp.iterate(&v)?,
    };
    let pred = match pred {
        Value::SymInt(ref e) => interp.sym_compare(CmpKind::Ne, e.clone(), SymExpr::int(0)),
        p => p,
    };
    match &pred {
        Value::Bool(b) => {
            // A static predicate: torch inlines the taken branch.
            let f = if *b { t_fn } else { f_fn };
            interp.call(&f, operands, vec![])
        }
        Value::SymBool(_) | Value::Tensor(_) => {
            if !interp.tracing {
                let b = interp.truthy(&pred)?;
                let f = if b { t_fn } else { f_fn };
                return interp.call(&f, operands, vec![]);
            }
            let pred_arg = match &pred {
                Value::SymBool(b) => {
                    let (l, r) = (interp.sym_arg(&b.lhs), interp.sym_arg(&b.rhs));
                    let meta = MetaVal::SymBool(crate::graph::SymBoolMeta {
                        lhs: b.lhs.clone(),
                        op: b.op.symbol(),
                        rhs: b.rhs.clone(),
                    });
                    // Non-strict already traced the comparison: it becomes the predicate.
                    let traced = interp
                        .graph
                        .nodes
                        .iter()
                        .rposition(|n| n.hidden && n.val == meta);
                    match traced {
                        Some(i) => {
                            let line = interp.node_line();
                            let node = interp.graph.node_mut(crate::graph::NodeId(i as u32));
                            node.hidden = false;
                            node.line = line;
                            if let crate::graph::NodeOp::CallFunction { args, .. } = &mut node.op {
                                *args = vec![l, r];
                            }
                            Arg::Node(crate::graph::NodeId(i as u32))
                        }
                        None => Arg::Node(interp.record_named(
                            &format!("_operator.{}", b.op.operator_name()),
                            b.op.operator_name(),
                            vec![l, r],
                            vec![],
                            meta,
                        )),
                    }
                }
                other => interp.arg_of(other),
            };
            let t = trace_subgraph(interp, &t_fn, &operands, &[])?;
            let f = trace_subgraph(interp, &f_fn, &operands, &t.captured)?;
            // Tensors either branch closes over are extra operands of both.
            add_captured_operands(interp, t.index, &f.captured[t.captured.len()..]);
            let (tg, t_out, fg, f_out) = (t.index, t.outs, f.index, f.outs);
            if t_out.len() != f_out.len() {
                return Err(interp.fail(
                    FailureKind::Other,
                    "torch.cond: both branches must return the same number of outputs",
                ));
            }
            for (a, b) in t_out.iter().zip(&f_out) {
                if let (Value::Tensor(a), Value::Tensor(b)) = (a, b)
                    && (a.dtype != b.dtype || a.rank() != b.rank())
                {
                    return Err(interp.fail(
                        FailureKind::Other,
                        "torch.cond: branches must return tensors of the same dtype and rank",
                    ));
                }
            }
            let outs: Vec<CondOut> = t_out
                .iter()
                .zip(&f_out)
                .filter_map(|pair| match pair {
                    (Value::Tensor(t), _) => {
                        Some(CondOut::Tensor(interp.op_output(t.dtype, t.shape.clone())))
                    }
                    (Value::Int(a), Value::Int(b)) => Some(CondOut::Int(*a, *b)),
                    _ => None,
                })
                .collect();
            let mut op_args: Vec<Arg> = operands.iter().map(|o| interp.arg_of(o)).collect();
            for c in &f.captured {
                op_args.push(Arg::Node(interp.tensor_node(c)));
            }
            if operands.iter().all(|o| matches!(o, Value::Tensor(_))) {
                op_args = keep_read_operands(interp, tg, fg, op_args);
            }
            let args = vec![
                pred_arg,
                Arg::Subgraph(tg),
                Arg::Subgraph(fg),
                Arg::List(op_args),
            ];
            let items = record_cond(interp, args, outs);
            Ok(if items.len() == 1 {
                items[0].clone()
            } else {
                Value::tuple(items)
            })
        }
        _ => Err(interp.type_error(
            "torch.cond: pred must be a bool, a symbolic bool or a one-element tensor",
        )),
    }
}

/// Dynamo passes a branch only the operands some branch reads: those both
/// read first, then those only the true branch reads, then those only the
/// false branch reads. `op_args` holds one operand per placeholder of each
/// branch; the branches' placeholders are reordered to match.
fn keep_read_operands(interp: &mut Interp, tg: usize, fg: usize, op_args: Vec<Arg>) -> Vec<Arg> {
    let placeholders = |g: usize| -> Vec<NodeId> {
        interp
            .graph
            .subgraphs
            .get(g)
            .map(|g| g.placeholders())
            .unwrap_or_default()
    };
    let (tp, fp) = (placeholders(tg), placeholders(fg));
    if tp.len() != op_args.len() || fp.len() != op_args.len() {
        return op_args;
    }
    let read = |g: usize, ids: &[NodeId]| -> Vec<bool> {
        let graph = &interp.graph.subgraphs[g];
        let read = graph.read_nodes();
        ids.iter().map(|id| read.contains(id)).collect()
    };
    let (tr, fr) = (read(tg, &tp), read(fg, &fp));
    let mut slots: Vec<usize> = (0..op_args.len()).filter(|&k| tr[k] && fr[k]).collect();
    slots.extend((0..op_args.len()).filter(|&k| tr[k] && !fr[k]));
    slots.extend((0..op_args.len()).filter(|&k| !tr[k] && fr[k]));
    if slots.len() == op_args.len() && slots.iter().enumerate().all(|(i, k)| i == *k) {
        return op_args;
    }
    for (g, ids) in [(tg, &tp), (fg, &fp)] {
        let order: Vec<NodeId> = slots.iter().map(|&k| ids[k]).collect();
        interp.graph.subgraphs[g].set_placeholders(&order);
    }
    slots.iter().map(|&k| op_args[k].clone()).collect()
}

/// One output of `torch.cond`: a tensor of the branches' metadata, or the
/// ints the two branches return.
enum CondOut {
    Tensor(Rc<Tensor>),
    Int(i64, i64),
}

/// The `cond` node and its outputs. Ints both branches return alike stay
/// that int; differing ints become a fresh unbacked symbol bounded by the
/// two, which torch's runtime-assertion pass binds with a `getitem` of its
/// own right after the node (the traced `getitem` dies but keeps its name).
fn record_cond(interp: &mut Interp, args: Vec<Arg>, outs: Vec<CondOut>) -> Vec<Value> {
    let values: Vec<Value> = outs
        .iter()
        .map(|o| match o {
            CondOut::Tensor(t) => Value::Tensor(t.clone()),
            CondOut::Int(a, b) if a == b => Value::Int(*a),
            CondOut::Int(a, b) => {
                let range = ValueRange::new(Bound::Finite(*a.min(b)), Bound::Finite(*a.max(b)));
                Value::SymInt(interp.env.create_unbacked(range))
            }
        })
        .collect();
    if !interp.tracing {
        return values;
    }
    let metas: Vec<MetaVal> = values
        .iter()
        .map(|v| match v {
            Value::Tensor(t) => interp.meta_of(t),
            Value::SymInt(e) => MetaVal::Sym(e.clone()),
            Value::Int(i) => MetaVal::Const(i.to_string()),
            _ => MetaVal::None,
        })
        .collect();
    let node = interp.record(
        "torch.ops.higher_order.cond",
        args,
        vec![],
        MetaVal::Tuple(metas),
    );
    let mut bindings = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let item = vec![Arg::Node(node), Arg::Int(i as i64)];
        match v {
            Value::Tensor(t) => {
                let meta = interp.meta_of(t);
                let g = interp.record("_operator.getitem", item, vec![], meta);
                t.node.set(Some(g));
            }
            Value::SymInt(e) => {
                let meta = MetaVal::Sym(e.clone());
                let g = interp.record("_operator.getitem", item.clone(), vec![], meta.clone());
                let dead = interp.graph.node_mut(g);
                dead.hidden = true;
                dead.probe = true;
                bindings.push((e.clone(), item, meta));
            }
            _ => {
                interp.record("_operator.getitem", item, vec![], MetaVal::None);
            }
        }
    }
    for (e, item, meta) in bindings {
        // Non-strict export runs the branches' int through a graph Dynamo
        // compiled, whose own range checks of the symbol die but keep their
        // names.
        if interp.mode == crate::Mode::NonStrict {
            let r = e.as_symbol().map(|s| interp.env.info(s).range);
            if let Some(ValueRange {
                lo: Bound::Finite(lo),
                hi: Bound::Finite(hi),
            }) = r
            {
                for (kind, bound) in [(CmpKind::Ge, lo), (CmpKind::Le, hi)] {
                    interp.phantom(
                        kind.operator_name(),
                        MetaVal::SymBool(crate::graph::SymBoolMeta {
                            lhs: e.clone(),
                            op: kind.symbol(),
                            rhs: SymExpr::int(bound),
                        }),
                    );
                }
            }
        }
        let g = interp.record("_operator.getitem", item, vec![], meta);
        interp.graph.node_mut(g).late_named = true;
        interp.graph.anchors.push((g, node));
        if let Some(s) = e.as_symbol() {
            interp.sym_nodes.insert(s, g);
        }
    }
    values
}

/// functorch `map(body, xs, *args)`: `map_impl` over the first dimension.
fn map_hop(interp: &mut Interp, args: &[Value]) -> R<Value> {
    let Some(f) = args.first().cloned() else {
        return Err(interp.type_error("map() needs a function"));
    };
    let Some(xs) = args.get(1).and_then(Value::as_tensor).cloned() else {
        return Err(interp.type_error("map() needs a tensor to map over"));
    };
    let rest: Vec<Value> = args[2..].to_vec();
    let Some(n) = xs.shape.first().cloned() else {
        return Err(interp.type_error("map() over a 0-d tensor"));
    };
    let slice = interp.new_tensor(xs.dtype, xs.shape[1..].to_vec(), Provenance::Graph);
    let mut ops = vec![Value::Tensor(slice)];
    ops.extend(rest.iter().cloned());
    let Traced {
        index: g,
        outs,
        captured,
    } = trace_subgraph(interp, &f, &ops, &[])?;
    let out_meta: Vec<(DType, Vec<SymExpr>)> = outs
        .iter()
        .filter_map(|o| match o {
            Value::Tensor(t) => {
                let mut s = vec![n.clone()];
                s.extend(t.shape.iter().cloned());
                Some((t.dtype, s))
            }
            _ => None,
        })
        .collect();
    let mut extra: Vec<Arg> = rest.iter().map(|v| interp.arg_of(v)).collect();
    for c in &captured {
        extra.push(Arg::Node(interp.tensor_node(c)));
    }
    let a = vec![
        Arg::Subgraph(g),
        Arg::List(vec![interp.arg_of(&Value::Tensor(xs.clone()))]),
        Arg::List(extra),
    ];
    let r = super::meta::tuple_op(interp, "torch.ops.higher_order.map_impl", a, out_meta)?;
    let items = interp.iterate(&r)?;
    Ok(if items.len() == 1 {
        items[0].clone()
    } else {
        Value::tuple(items)
    })
}

/// A default range for a fresh unbacked size.
pub fn size_like_range() -> ValueRange {
    ValueRange::new(Bound::Finite(0), Bound::PosInf)
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
    super::meta::tuple_op(interp, target, node_args, outs)
}
