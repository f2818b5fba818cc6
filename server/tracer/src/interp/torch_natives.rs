//! The torch names the interpreter implements natively rather than as ops
//! or prelude Python: the functions with behaviour of their own
//! ([`is_special_function`], implemented in `ops/special.rs`), the
//! prelude's intrinsics (`torch._exportlens_untraced`,
//! `torch._exportlens_graph_break`; `torch.library`'s are
//! `ops/custom.rs`'s), pytree node registration, and the
//! construction of the classes the tracer implements (`torch.export.Dim`,
//! the legacy `torch.Tensor(...)`, `torch.Size`, `nn.Parameter`,
//! `nn.Buffer`, `torch.device`; `collections`' are in
//! `python/stdlib/collections.rs`; any other is a plain object holding its
//! `args`, as exceptions do).

use crate::tracked::Tracked;
use std::rc::Rc;

use super::attr::range_items;
use super::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::stdlib::collections::{self, CollectionsClass};
use crate::value::{Class, DimSpec, Object, Value};

known_names! {
    /// The prelude's intrinsics and the pytree registration torch names
    /// the interpreter implements itself.
    pub enum TorchIntrinsic {
        /// `torch._exportlens_untraced(f, *args)`: `f(*args)` with nothing
        /// recorded.
        Untraced = "torch._exportlens_untraced",
        /// `torch._exportlens_graph_break(code)`: a row of
        /// `dynamo_breaks::PRELUDE_BREAKS`.
        GraphBreak = "torch._exportlens_graph_break",
        /// `torch._exportlens_call_module(module, args, kwargs)`:
        /// `nn.Module.__call__` itself (hooks, then `forward`), reached by
        /// a subclass's own `__call__` through `super().__call__`.
        CallModule = "torch._exportlens_call_module",
        RegisterPytreeNode = "torch.utils._pytree.register_pytree_node",
        RegisterPytreeNodePrivate = "torch.utils._pytree._register_pytree_node",
    }
}

/// torch functions with behaviour of their own (not plain ops).
pub fn is_special_function(full: &str) -> bool {
    matches!(
        full,
        "torch.cond"
            | "torch._check"
            | "torch._check_is_size"
            | "torch._check_with"
            | "torch._constrain_as_size"
            | "torch._constrain_as_value"
            | "torch.export.export"
            | "torch.export.draft_export"
            | "torch.export.dims"
            | "torch.export.Dim"
            | "torch.is_tensor"
            | "torch.is_floating_point"
            | "torch.manual_seed"
            | "torch.is_grad_enabled"
            | "torch.set_grad_enabled"
            | "torch.jit.is_scripting"
            | "torch._exportlens_untraced"
            | "torch._exportlens_graph_break"
            | "torch._exportlens_call_module"
            | "torch.jit.is_tracing"
            | "torch.compiler.is_compiling"
            | "torch._dynamo.is_compiling"
            | "torch.compiler.is_exporting"
            | "torch.compiler.is_dynamo_compiling"
            | "torch.compile"
            | "torch.get_default_dtype"
            | "torch.get_default_device"
            | "torch.utils._pytree.register_pytree_node"
            | "torch.utils._pytree._register_pytree_node"
            | "torch.utils._pytree.tree_flatten"
            | "torch.utils._pytree.tree_map"
            | "torch.utils._pytree.tree_leaves"
            | "torch.ops.higher_order.map"
            | "torch._dynamo.assume_constant_result"
            | "torch._exportlens_define_op"
            | "torch._exportlens_infer_schema"
            | "torch._exportlens_register_impl"
            | "torch._exportlens_op_overload"
            | "torch.nn.init.zeros_"
            | "torch.nn.init.ones_"
            | "torch.nn.init.normal_"
            | "torch.nn.init.uniform_"
            | "torch.nn.init.xavier_uniform_"
            | "torch.nn.init.xavier_normal_"
            | "torch.nn.init.kaiming_uniform_"
            | "torch.nn.init.kaiming_normal_"
            | "torch.nn.init.constant_"
            | "torch.nn.init.trunc_normal_"
            | "torch.nn.init.orthogonal_"
            | "torch.cuda.is_available"
            | "torch.cuda.is_current_stream_capturing"
            | "torch.backends.mps.is_available"
            | "torch.backends.mps.is_built"
            | "torch.xpu.is_available"
            | "torch.no_grad"
            | "torch.set_printoptions"
            | "torch.use_deterministic_algorithms"
    )
}

/// Calls the torch function `name` (`torch.*`): an intrinsic, else the op
/// registry and `ops/special.rs`.
pub fn call_torch(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if let Some(which) = crate::ops::custom::Intrinsic::from_name(name) {
        return crate::ops::custom::intrinsic(interp, which, args, kwargs);
    }
    match TorchIntrinsic::from_name(name) {
        Some(TorchIntrinsic::Untraced) => {
            // The prelude's way to build state the way an eager hook does
            // (Dynamo initializes a lazy module on the example input before
            // tracing its forward): `f(*args)` with nothing recorded.
            let mut args = args.into_iter();
            let f = args.next().unwrap_or(Value::None);
            let was_tracing = std::mem::replace(&mut interp.tracing, false);
            let result = interp.call(&f, args.collect(), kwargs);
            interp.tracing = was_tracing;
            result
        }
        Some(TorchIntrinsic::GraphBreak) => {
            // The prelude's way to break the strict graph where Dynamo's
            // variable for an object refuses an operation.
            let code = match args.first() {
                Some(Value::Str(s)) => s.to_string(),
                _ => String::new(),
            };
            match super::dynamo_breaks::prelude_break(&code) {
                Some(rule) if interp.strict_tracing() => {
                    Err(interp.graph_break(rule.code, rule.reason, ""))
                }
                Some(_) => Ok(Value::None),
                None => Err(interp.type_error(format!("no prelude graph break `{code}`"))),
            }
        }
        Some(TorchIntrinsic::CallModule) => {
            let [Value::Object(module), positional, keywords] = args.as_slice() else {
                return Err(interp.type_error("_exportlens_call_module(module, args, kwargs)"));
            };
            let module = module.clone();
            let positional = interp.iterate(positional)?;
            let mut named = Vec::new();
            for (k, v) in interp.dict_items(keywords)? {
                match &k {
                    Value::Str(s) => named.push((s.to_string(), v)),
                    _ => return Err(interp.type_error("keywords must be strings")),
                }
            }
            interp.call_module_itself(module, positional, named)
        }
        Some(TorchIntrinsic::RegisterPytreeNode | TorchIntrinsic::RegisterPytreeNodePrivate) => {
            if let (Some(Value::Class(class)), Some(flatten)) = (args.first(), args.get(1)) {
                interp.pytree_nodes.push((class.clone(), flatten.clone()));
            }
            Ok(Value::None)
        }
        None => crate::ops::call_torch_function(interp, name, args, kwargs),
    }
}

/// `Class(*args)` for the classes the tracer implements.
pub fn construct_builtin(
    interp: &mut Interp,
    class: Rc<Class>,
    name: Rc<str>,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if let Some(class) = CollectionsClass::from_name(&name) {
        return collections::construct(interp, class, Args::new(args, kwargs));
    }
    match &*name {
        "torch.export.Dim" => {
            const DIM: Signature<3> = Signature::new("Dim", ["name", "min", "max"]);
            let [dim_name, min, max] = DIM.bind(interp, Args::new(args, kwargs))?.args;
            let dim_name = match dim_name {
                Some(Value::Str(ref s)) => s.clone(),
                _ => return Err(interp.type_error("Dim() requires a name")),
            };
            let min = match min {
                Some(v) if !v.is_none() => Some(interp.index_int(&v)?),
                _ => None,
            };
            let max = match max {
                Some(v) if !v.is_none() => Some(interp.index_int(&v)?),
                _ => None,
            };
            Ok(Value::Dim(Rc::new(DimSpec::Named {
                name: dim_name,
                min,
                max,
            })))
        }
        // The legacy constructor: `torch.Tensor(2, 3)` is an uninitialised
        // float tensor of that size, `torch.Tensor([1.0, 2.0])` one of that
        // data (as `torch.empty` / `torch.tensor(..., dtype=float32)`).
        "torch.Tensor" if !args.is_empty() => {
            let sizes = args
                .iter()
                .all(|a| matches!(a, Value::Int(_) | Value::SymInt(_)));
            if sizes {
                crate::ops::call_torch_function(interp, "torch.empty", args, vec![])
            } else {
                crate::ops::call_torch_function(
                    interp,
                    "torch.tensor",
                    args,
                    vec![("dtype".into(), Value::DType(crate::dtype::DType::F32))],
                )
            }
        }
        "torch.Size" => Ok(Value::tuple(match args.first() {
            Some(v) => interp.iterate(v)?,
            None => vec![],
        })),
        "torch.nn.Parameter" | "torch.nn.Buffer" => {
            const PARAMETER: Signature<2> = Signature::new("Parameter", ["data", "requires_grad"]);
            const BUFFER: Signature<2> =
                Signature::new("Buffer", ["data", "persistent"]).keyword_only(1);
            let parameter = &*name == "torch.nn.Parameter";
            let [data, flag] = if parameter { PARAMETER } else { BUFFER }
                .bind(interp, Args::new(args, kwargs))?
                .values();
            match data {
                Value::Tensor(ref t) => {
                    let kept = !matches!(flag, Value::Bool(false));
                    let (prov, requires_grad) = if parameter {
                        (crate::value::Provenance::Parameter, kept)
                    } else {
                        (crate::value::Provenance::Buffer { persistent: kept }, false)
                    };
                    let v = interp.clone_tensor_as(t, prov, requires_grad);
                    if interp.keep_state_nodes
                        && let Value::Tensor(nt) = &v
                    {
                        nt.node.set(t.node.get());
                    }
                    Ok(v)
                }
                other => Ok(other),
            }
        }
        "torch.device" => Ok(Value::Device(Rc::from(
            match args.first() {
                Some(Value::Str(s)) => s.to_string(),
                _ => "cpu".into(),
            }
            .as_str(),
        ))),
        _ => {
            let obj = Rc::new(Object {
                id: interp.fresh_id(),
                class: class.clone(),
                attrs: Default::default(),
                module: None,
            });
            crate::cycles::register(&obj);
            if &*name == crate::spec::SHAPES_COLLECTION {
                // The per-tensor specs, keyed by tensor identity.
                obj.set_attr(
                    crate::spec::SHAPES_COLLECTION_ITEMS,
                    Value::Dict(Rc::new(Tracked::new(Default::default()))),
                );
            } else {
                if &*name == "builtins.StopIteration" {
                    // The value a generator or coroutine returned.
                    obj.set_attr("value", args.first().cloned().unwrap_or(Value::None));
                }
                obj.set_attr("args", Value::tuple(args));
            }
            Ok(Value::Object(obj))
        }
    }
}

pub fn ints_of(interp: &mut Interp, v: &Value) -> R<Vec<i64>> {
    match v {
        Value::Tuple(_) | Value::List(_) => {
            let items = interp.iterate(v)?;
            items.iter().map(|x| interp.index_int(x)).collect()
        }
        Value::Range(a, b, s) => Ok(range_items(*a, *b, *s)),
        other => Ok(vec![interp.index_int(other)?]),
    }
}
