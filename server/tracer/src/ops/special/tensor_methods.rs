//! Tensor methods with behaviour beyond a meta function: metadata queries
//! (`size`, `dim`, `item`, `tolist`, `numpy`), dtype and device
//! conversions, `new_*` factories, storage and autograd hooks, and random
//! fills outside tracing.

use std::rc::Rc;

use super::dtype_kw;
use super::factories::{eager_values_op, like_kwargs};
use super::kw;
use crate::dtype::DType;
use crate::failure::FailureKind;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::meta::sizes;
use crate::ops::views::to_dtype;
use crate::python::names::known_names;
use crate::value::{Tensor, Value};

known_names! {
    /// Tensor methods [`tensor_method`] implements (besides the registry's).
    pub enum TensorMethod {
        Normal = "normal_",
        Uniform = "uniform_",
        Random = "random_",
        Bernoulli = "bernoulli_",
        Exponential = "exponential_",
        Cauchy = "cauchy_",
        LogNormal = "log_normal_",
        Geometric = "geometric_",
        Size = "size",
        Dim = "dim",
        Ndimension = "ndimension",
        Numel = "numel",
        Nelement = "nelement",
        Item = "item",
        Tolist = "tolist",
        Unique = "unique",
        Diff = "diff",
        Numpy = "numpy",
        IsFloatingPoint = "is_floating_point",
        IsComplex = "is_complex",
        IsContiguous = "is_contiguous",
        ElementSize = "element_size",
        GetDevice = "get_device",
        IsInference = "is_inference",
        RequiresGrad = "requires_grad_",
        Cpu = "cpu",
        Cuda = "cuda",
        RetainGrad = "retain_grad",
        Float = "float",
        Double = "double",
        Half = "half",
        Bfloat16 = "bfloat16",
        Long = "long",
        Int = "int",
        Short = "short",
        Byte = "byte",
        Bool = "bool",
        To = "to",
        Type = "type",
        NewZeros = "new_zeros",
        NewOnes = "new_ones",
        NewEmpty = "new_empty",
        NewFull = "new_full",
        Storage = "storage",
        DataPtr = "data_ptr",
        UntypedStorage = "untyped_storage",
        RegisterHook = "register_hook",
        RegisterPostAccumulateGradHook = "register_post_accumulate_grad_hook",
        Backward = "backward",
        Copy = "copy_",
        Len = "__len__",
        Rpow = "__rpow__",
    }
}

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
    let Some(method) = TensorMethod::from_name(name) else {
        return Ok(None);
    };
    let arg0 = args.first().cloned();
    Ok(Some(match method {
        // Random fills at construction (`torch.empty(...).normal_(std=0.02)`):
        // the tensor keeps its shape and dtype, and a fake tensor without
        // known contents has no values to change. Inside `forward` they are
        // ops the registry does not model.
        TensorMethod::Normal
        | TensorMethod::Uniform
        | TensorMethod::Random
        | TensorMethod::Bernoulli
        | TensorMethod::Exponential
        | TensorMethod::Cauchy
        | TensorMethod::LogNormal
        | TensorMethod::Geometric
            if !interp.tracing =>
        {
            t.known.replace(None);
            recv.clone()
        }
        TensorMethod::Size => match arg0.or_else(|| kw(kwargs, "dim").cloned()) {
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
                let w = crate::ops::meta::wrap_existing_dim(interp, d, t.rank())?;
                interp.keep_for_size_read(t, std::slice::from_ref(&t.shape[w]));
                interp.sym_value(t.shape[w].clone())
            }
        },
        TensorMethod::Dim | TensorMethod::Ndimension => Value::Int(t.rank() as i64),
        TensorMethod::Numel | TensorMethod::Nelement => {
            let n = interp.size_arith(crate::layout::numel(&t.shape))?;
            interp.sym_value(n)
        }
        TensorMethod::Item => interp.tensor_item(t)?,
        TensorMethod::Tolist => return tolist(interp, t).map(Some),
        TensorMethod::Unique | TensorMethod::Diff if !interp.tracing => {
            return Ok(eager_values_op(interp, name, t, args, kwargs));
        }
        TensorMethod::Numpy => {
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
        TensorMethod::IsFloatingPoint => Value::Bool(t.dtype.is_floating()),
        TensorMethod::IsComplex => Value::Bool(t.dtype.is_complex()),
        TensorMethod::IsContiguous => Value::Bool(true),
        TensorMethod::ElementSize => Value::Int(t.dtype.size_of() as i64),
        TensorMethod::GetDevice => Value::Int(-1),
        TensorMethod::IsInference => Value::Bool(false),
        TensorMethod::RequiresGrad => {
            let on = !matches!(
                arg0.as_ref().or(kw(kwargs, "requires_grad")),
                Some(Value::Bool(false))
            );
            if interp.strict_tracing() && on {
                interp.grad_enabled_in_forward.extend(t.node.get());
            }
            recv.clone()
        }
        TensorMethod::Cpu | TensorMethod::Cuda | TensorMethod::RetainGrad => recv.clone(),
        TensorMethod::Float => to_dtype(interp, t, DType::F32)?,
        TensorMethod::Double => to_dtype(interp, t, DType::F64)?,
        TensorMethod::Half => to_dtype(interp, t, DType::F16)?,
        TensorMethod::Bfloat16 => to_dtype(interp, t, DType::BF16)?,
        TensorMethod::Long => to_dtype(interp, t, DType::I64)?,
        TensorMethod::Int => to_dtype(interp, t, DType::I32)?,
        TensorMethod::Short => to_dtype(interp, t, DType::I16)?,
        TensorMethod::Byte => to_dtype(interp, t, DType::U8)?,
        TensorMethod::Bool => to_dtype(interp, t, DType::Bool)?,
        TensorMethod::To | TensorMethod::Type => to_or_type(interp, name, t, args, kwargs)?,
        TensorMethod::NewZeros
        | TensorMethod::NewOnes
        | TensorMethod::NewEmpty
        | TensorMethod::NewFull => new_filled(interp, name, t, recv, args, kwargs)?,
        TensorMethod::Storage if interp.strict_tracing() => {
            return Err(interp.graph_break("GB0208", "torch.* op returned non-Tensor", ""));
        }
        TensorMethod::DataPtr if interp.strict_tracing() => {
            // Dynamo's symbolic pointer: comparing or testing it breaks.
            prelude_object(interp, "torch.storage", "_DataPtr", vec![recv.clone()])?
        }
        TensorMethod::DataPtr if interp.tracing => {
            // A fake tensor has no memory behind it.
            return Err(interp.torch_error(
                "RuntimeError",
                crate::interp::dynamo_breaks::NO_DATA_POINTER,
            ));
        }
        TensorMethod::DataPtr | TensorMethod::Storage => Value::Int(0),
        TensorMethod::UntypedStorage => prelude_object(
            interp,
            "torch.storage",
            "UntypedStorage",
            vec![recv.clone()],
        )?,
        TensorMethod::RegisterHook | TensorMethod::RegisterPostAccumulateGradHook => {
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
        TensorMethod::Backward => {
            let r = interp.current_range();
            interp.incomplete(
                r,
                format!("analysis incomplete: `Tensor.{name}` is not modelled in export"),
            )
        }
        TensorMethod::Copy => {
            let src = arg0.unwrap_or(Value::None);
            let a = vec![interp.arg_of(recv), interp.arg_of(&src)];
            if interp.tracing {
                let val = interp.meta_of(t);
                let node = interp.record("aten.copy_.default", a, vec![], val);
                t.node.set(Some(node));
            }
            recv.clone()
        }
        TensorMethod::Len => match t.shape.first() {
            Some(d) => interp.sym_value(d.clone()),
            None => return Err(interp.torch_error("TypeError", "len() of a 0-d tensor")),
        },
        // `x.__rpow__(y)` is `y ** x`.
        TensorMethod::Rpow => match arg0 {
            Some(base) => {
                return super::super::call_torch_function(
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

/// `x.to(...)` and `x.type(...)`: a dtype and/or device conversion, or the
/// type's name (`x.type()`).
fn to_or_type(
    interp: &mut Interp,
    name: &str,
    t: &Rc<Tensor>,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Value> {
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
            // `x.to(other)` takes the other tensor's device and dtype
            // (`to.device`); the tracer's tensors live on the CPU.
            Value::Tensor(_) if name == "to" => Some("cpu".to_string()),
            _ => None,
        });
    Ok(match (target, device) {
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
            crate::ops::views::to_device_only(interp, t, &dev, non_blocking)?
        }
        (Some(d), Some(dev)) if name == "to" && interp.tracing => {
            crate::ops::views::to_device(interp, t, &dev, d)?
        }
        // `x.type(dtype)` converts through `to` too, recorded even when
        // the dtype is already the tensor's.
        (Some(d), _) if d != t.dtype || interp.tracing => to_dtype(interp, t, d)?,
        _ if name == "type" && args.is_empty() => {
            Value::str(&format!("torch.{}Tensor", t.dtype.scalar_type_name()))
        }
        _ => Value::Tensor(t.clone()),
    })
}

/// `x.new_zeros(size)`, `new_ones`, `new_empty`, `new_full(size, fill)`.
fn new_filled(
    interp: &mut Interp,
    name: &str,
    t: &Rc<Tensor>,
    recv: &Value,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Value> {
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
        args.first().cloned().unwrap_or(Value::tuple(vec![]))
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
    interp.record_tensor_op(&target, a, like_kwargs(kwargs), dtype, shape)
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

fn tolist(interp: &mut Interp, t: &Rc<Tensor>) -> R<Value> {
    if interp.tracing && interp.mode == crate::Mode::Strict && t.dtype.is_floating() {
        return Err(interp.graph_break(
            "GB0109",
            "Tensor.tolist() with non-integer tensor: TorchDynamo cannot trace reading float values out of a tensor",
            "keep the values as a tensor, or compute with tensor ops",
        ));
    }
    if !interp.tracing
        && let Some(list) = crate::ops::values::to_list(t)
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
