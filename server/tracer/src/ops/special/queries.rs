//! What model code asks torch about its tensors and its machine: `is_tensor`,
//! `is_nonzero`, default dtype and device, `finfo`/`iinfo`, and the flags of
//! the modelled machine (CPU only, no distributed process group, whether
//! export or Dynamo is tracing).

use std::rc::Rc;

use crate::dtype::DType;
use crate::interp::{Interp, R};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The queries [`call`] answers (without the `torch.` prefix).
    pub(super) enum Query {
        IsNonzero = "is_nonzero",
        IsTensor = "is_tensor",
        IsFloatingPoint = "is_floating_point",
        GetDefaultDtype = "get_default_dtype",
        GetDefaultDevice = "get_default_device",
        Finfo = "finfo",
        Iinfo = "iinfo",
        IsGradEnabled = "is_grad_enabled",
        AreDeterministicAlgorithmsEnabled = "are_deterministic_algorithms_enabled",
        IsDeterministicAlgorithmsWarnOnlyEnabled = "is_deterministic_algorithms_warn_only_enabled",
        AreFunctorchTransformsActive = "_C._are_functorch_transforms_active",
        JitScript = "jit.script",
        JitIsScripting = "jit.is_scripting",
        JitIsTracing = "jit.is_tracing",
        CudaIsAvailable = "cuda.is_available",
        CudaIsCurrentStreamCapturing = "cuda.is_current_stream_capturing",
        BackendsMpsIsAvailable = "backends.mps.is_available",
        BackendsMpsIsBuilt = "backends.mps.is_built",
        XpuIsAvailable = "xpu.is_available",
        DistributedIsAvailable = "distributed.is_available",
        DistributedIsInitialized = "distributed.is_initialized",
        CompilerIsCompiling = "compiler.is_compiling",
        DynamoIsCompiling = "_dynamo.is_compiling",
        CompilerIsExporting = "compiler.is_exporting",
        CompilerIsDynamoCompiling = "compiler.is_dynamo_compiling",
    }
}

/// `torch.<f>(*args)`.
pub(super) fn call(interp: &mut Interp, f: Query, args: &[Value]) -> R<Option<Value>> {
    let short = f.name();
    Ok(Some(match f {
        Query::IsNonzero => {
            let Some(Value::Tensor(t)) = args.first() else {
                return Err(interp
                    .torch_error("TypeError", "is_nonzero(): argument 'input' must be Tensor"));
            };
            Value::Bool(interp.tensor_value_truth(t.clone())?)
        }

        Query::IsTensor => Value::Bool(matches!(args.first(), Some(Value::Tensor(_)))),
        Query::IsFloatingPoint => {
            Value::Bool(matches!(args.first(), Some(Value::Tensor(t)) if t.dtype.is_floating()))
        }
        Query::GetDefaultDtype => Value::DType(DType::F32),
        Query::GetDefaultDevice => Value::Device(Rc::from("cpu")),
        Query::Finfo | Query::Iinfo => {
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
                attrs: crate::tracked::Tracked::new(
                    fields
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                ),
                module: None,
            }))
        }
        Query::IsGradEnabled => Value::Bool(false),
        // A process that never called `torch.use_deterministic_algorithms`.
        Query::AreDeterministicAlgorithmsEnabled
        | Query::IsDeterministicAlgorithmsWarnOnlyEnabled => Value::Bool(false),
        // Export runs no functorch transform (`vmap`, `grad`) around the model.
        Query::AreFunctorchTransformsActive => Value::Bool(false),
        // A module compiled to TorchScript keeps its state and runs in the
        // TorchScript runtime, which export does not trace into
        // (`Interp::call`); anything else scripted is not followed.
        Query::JitScript => match args.first() {
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
        Query::JitIsScripting
        | Query::JitIsTracing
        | Query::CudaIsAvailable
        | Query::CudaIsCurrentStreamCapturing
        | Query::BackendsMpsIsAvailable
        | Query::BackendsMpsIsBuilt
        | Query::XpuIsAvailable => Value::Bool(false),
        // No process group exists while a model is exported on one machine;
        // the analysis takes the build without distributed support, so
        // code guarded by it (FSDP and DeepSpeed checks) stays off its
        // distributed-only paths.
        Query::DistributedIsAvailable | Query::DistributedIsInitialized => Value::Bool(false),
        // True while export traces (strict and non-strict alike), false
        // in the eager code around it (module code, `__init__`).
        Query::CompilerIsCompiling | Query::DynamoIsCompiling => Value::Bool(interp.tracing),
        // True while torch.export traces, in either mode; Dynamo traces
        // only in strict mode.
        Query::CompilerIsExporting => Value::Bool(interp.tracing),
        Query::CompilerIsDynamoCompiling => {
            Value::Bool(interp.tracing && interp.mode == crate::Mode::Strict)
        }
    }))
}
