//! Calls Dynamo refuses to trace: in strict mode a `forward` that makes one
//! of them breaks the graph with torch's graph-break registry code
//! (`../shared/reference/graph_break_registry.json`). Data: the callee's
//! qualified name (`time.time`, `Tensor.requires_grad_`, `builtins.open`),
//! the code, and the registry's short reason. Non-strict export runs these
//! calls as Python; the calls it cannot make on fake tensors (a data
//! pointer, shared memory) are [`FAKE_TENSOR_FAILURES`], the exception the
//! call raises there.

use std::rc::Rc;

use crate::value::Value;

/// When a rule's call breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum When {
    Always,
    /// One argument is a tensor (`repr(x)`, `copy.deepcopy(x)`).
    OnTensor,
    /// The method's tensor is a graph input (a user input or lifted state,
    /// what Dynamo tracks by source): `requires_grad_()` on an intermediate
    /// is traced.
    OnGraphInput,
    /// `eval` of anything but one string Dynamo folds to a constant
    /// (`interp::eval::dynamo_folds`).
    UnlessFolded,
}

/// One call Dynamo cannot trace.
pub struct DynamoBreak {
    /// The callee: a qualified function name, or `Tensor.method`.
    pub callee: &'static str,
    pub when: When,
    pub code: &'static str,
    pub reason: &'static str,
}

const fn rule(callee: &'static str, code: &'static str, reason: &'static str) -> DynamoBreak {
    DynamoBreak {
        callee,
        when: When::Always,
        code,
        reason,
    }
}

const fn on_tensor(callee: &'static str, code: &'static str, reason: &'static str) -> DynamoBreak {
    DynamoBreak {
        callee,
        when: When::OnTensor,
        code,
        reason,
    }
}

pub static DYNAMO_BREAKS: &[DynamoBreak] = &[
    rule("time.time", "GB9193", "Call to a time function"),
    rule("time.time_ns", "GB9193", "Call to a time function"),
    rule("time.perf_counter", "GB9193", "Call to a time function"),
    rule("time.monotonic", "GB9193", "Call to a time function"),
    rule("time.process_time", "GB9193", "Call to a time function"),
    rule(
        "torch._dynamo.graph_break",
        "GB0025",
        "Call to `torch._dynamo.graph_break()`",
    ),
    rule(
        "torch.compiler.disable",
        "GB0377",
        "Call to `torch.compiler.disable()`",
    ),
    rule(
        "torch._dynamo.disable",
        "GB0376",
        "Call to `torch._dynamo.disable()`",
    ),
    rule(
        "inspect.currentframe",
        "GB0007",
        "Attempted to call function marked as skipped",
    ),
    rule(
        "pickle.dumps",
        "GB0007",
        "Attempted to call function marked as skipped",
    ),
    rule(
        "pickle.loads",
        "GB0007",
        "Attempted to call function marked as skipped",
    ),
    rule(
        "sys.getrefcount",
        "GB0007",
        "Attempted to call function marked as skipped",
    ),
    rule(
        "warnings.simplefilter",
        "GB0007",
        "Attempted to call function marked as skipped",
    ),
    rule(
        "torch.sparse_coo_tensor",
        "GB0007",
        "Attempted to call function marked as skipped",
    ),
    rule(
        "torch.autograd.set_detect_anomaly",
        "GB0008",
        "Attempted to inline function marked as skipped",
    ),
    rule(
        "torch.random.fork_rng",
        "GB0208",
        "torch.* op returned non-Tensor",
    ),
    rule(
        "torch.is_inference_mode_enabled",
        "GB0046",
        "Encountered torch.is_inference_mode_enabled during tracing",
    ),
    rule(
        "torch._C.Generator",
        "GB0363",
        "An opaque object was created in the middle of the program.",
    ),
    rule(
        "torch.autograd.grad",
        "GB9186",
        "using `torch.autograd.grad` in the traced program",
    ),
    rule(
        "torch.nn.Parameter",
        "GB0244",
        "Attempted to use `torch.nn.Parameter()` with export",
    ),
    rule(
        "io.StringIO",
        "GB0156",
        "Unsupported method call: `__new__` of class `type`",
    ),
    rule(
        "builtins.open",
        "GB0059",
        "Failed to trace builtin operator",
    ),
    rule(
        "builtins.bytes.fromhex",
        "GB0156",
        "Unsupported method call",
    ),
    rule(
        "builtins.exec",
        "GB0059",
        "Failed to trace builtin operator",
    ),
    DynamoBreak {
        callee: "builtins.eval",
        when: When::UnlessFolded,
        code: "GB0059",
        reason: "Failed to trace builtin operator",
    },
    on_tensor("builtins.repr", "GB0569", "repr() on tensor"),
    on_tensor(
        "copy.deepcopy",
        "GB4198",
        "Attempted to copy.deepcopy a tensor",
    ),
    rule(
        "Tensor.is_inference",
        "GB0045",
        "Encountered tensor.is_inference() during tracing",
    ),
    DynamoBreak {
        callee: "Tensor.requires_grad_",
        when: When::OnGraphInput,
        code: "GB0125",
        reason: "Unsupported Tensor.requires_grad_() call",
    },
    rule(
        "Tensor.resize_",
        "GB0126",
        "Unsupported Tensor.resize_() call",
    ),
    rule(
        "Tensor.resize_as_",
        "GB0127",
        "Unsupported Tensor.resize_as_() call",
    ),
    rule(
        "Tensor.retain_grad",
        "GB0108",
        "Tensor.retain_grad() with AOTDispatcher",
    ),
    rule(
        "Tensor.share_memory_",
        "GB4197",
        "Unsupported Tensor.share_memory_() call",
    ),
    rule(
        "Tensor.backward",
        "GB0123",
        "Unsupported Tensor.backward() call",
    ),
    rule("Tensor.random_", "GB0107", "Tensor.random_ op"),
    rule(
        "torch.autograd.FunctionCtx.mark_dirty",
        "GB2019",
        "Unsupported autograd.Function context `mark_dirty`",
    ),
    rule(
        "numpy.array2string",
        "GB0294",
        "attempted to trace numpy function unsupported by PyTorch",
    ),
    rule(
        "numpy.array_repr",
        "GB0294",
        "attempted to trace numpy function unsupported by PyTorch",
    ),
    rule(
        "numpy.array_str",
        "GB0294",
        "attempted to trace numpy function unsupported by PyTorch",
    ),
    rule(
        "torch.autograd.profiler.record_function.__enter__",
        "GB0008",
        "Attempted to inline function marked as skipped",
    ),
    rule(
        "contextvars.ContextVar.set",
        "GB6815",
        "ContextVar mutation not supported",
    ),
    rule(
        "contextvars.ContextVar.reset",
        "GB6815",
        "ContextVar mutation not supported",
    ),
    rule(
        "Tensor.register_post_accumulate_grad_hook",
        "GB5821",
        "register_post_accumulate_grad_hook on an intermediate tensor",
    ),
];

/// Prelude namespaces whose objects Dynamo holds in variables without
/// `hasattr` support (a tensor's storage): `hasattr` on one breaks (GB0150).
pub static NO_HASATTR: &[&str] = &["torch.storage"];

/// Graph breaks the prelude raises (`torch._exportlens_graph_break(code)`)
/// where Dynamo's variable for an object refuses an operation: the data
/// pointer's comparison and truth (`prelude/storage.py`), what
/// `torch._numpy`'s array lacks (`prelude/torch_numpy.py`), a grad mode
/// entered by `ExitStack.enter_context`, a bytearray's item assignment
/// (`prelude/builtins.py`), a module called with full backward hooks
/// (`prelude/module.py`).
pub static PRELUDE_BREAKS: &[(&str, &str)] = &[
    ("GB5976", "Data pointer comparison"),
    ("GB9118", "Data pointer truth value"),
    ("GB0250", "ndarray.astype(object)"),
    ("GB0157", "Unsupported ndarray attribute access"),
    ("GB0158", "Unsupported ndarray method call"),
    ("GB0007", "Attempted to call function marked as skipped"),
    ("GB7786", "missing_mp_ass_subscript"),
    (
        "GB0083",
        "Module-level backwards hooks require compiled autograd.",
    ),
];

/// One prelude break by its code.
pub fn prelude_break(code: &str) -> Option<DynamoBreak> {
    PRELUDE_BREAKS
        .iter()
        .find(|(c, _)| *c == code)
        .map(|&(code, reason)| rule("", code, reason))
}

/// A call that fails in non-strict export because its tensor is fake: the
/// exception class and torch's message.
pub struct FakeTensorFailure {
    /// The callee as in [`DynamoBreak::callee`].
    pub callee: &'static str,
    /// [`When::OnTensor`]: a tensor argument; otherwise the receiver.
    pub when: When,
    pub class: &'static str,
    pub message: &'static str,
}

/// The message torch gives for the storage address of a fake tensor.
pub const NO_DATA_POINTER: &str = "Cannot access data pointer of Tensor (e.g. FakeTensor, FunctionalTensor): export traces with fake tensors; compare shapes, or keep storage checks outside `forward`";

pub static FAKE_TENSOR_FAILURES: &[FakeTensorFailure] = &[
    FakeTensorFailure {
        callee: "copy.deepcopy",
        when: When::OnTensor,
        class: "RuntimeError",
        message: NO_DATA_POINTER,
    },
    FakeTensorFailure {
        callee: "Tensor.data_ptr",
        when: When::Always,
        class: "RuntimeError",
        message: NO_DATA_POINTER,
    },
    FakeTensorFailure {
        callee: "Tensor.share_memory_",
        when: When::Always,
        class: "RuntimeError",
        message: "_share_fd_: only available on CPU",
    },
    FakeTensorFailure {
        callee: "pickle.dumps",
        when: When::OnTensor,
        class: "AttributeError",
        message: "Can't pickle local object 'WeakValueDictionary.__init__.<locals>.remove'",
    },
];

/// The failure a non-strict call of `callee` with `args` meets while
/// tracing, if any.
pub fn fake_tensor_failure(callee: &Value, args: &[Value]) -> Option<&'static FakeTensorFailure> {
    let name = callee_name(callee)?;
    FAKE_TENSOR_FAILURES.iter().find(|r| {
        r.callee == name
            && match r.when {
                When::OnTensor => args.iter().any(|a| matches!(a, Value::Tensor(_))),
                _ => true,
            }
    })
}

/// A call Dynamo refuses for one of its keyword arguments.
pub struct KeywordBreak {
    /// The callee as in [`DynamoBreak::callee`]; `torch.*` is any function
    /// of the torch namespace.
    pub callee: &'static str,
    pub keyword: &'static str,
    /// Only when the keyword's value is true (`requires_grad=True`).
    pub when_true: bool,
    pub code: &'static str,
    pub reason: &'static str,
}

pub static KEYWORD_BREAKS: &[KeywordBreak] = &[
    KeywordBreak {
        callee: "torch.*",
        keyword: "requires_grad",
        when_true: true,
        code: "GB0225",
        reason: "Attempted to use tensor creation function with requires_grad=True",
    },
    KeywordBreak {
        callee: "Tensor.uniform_",
        keyword: "from",
        when_true: false,
        code: "GB0110",
        reason: "Tensor.uniform_ op called with `from` keyword",
    },
];

/// The keyword rule a strict-mode call of `callee` with keywords `kw` breaks.
pub fn keyword_rule_for(callee: &Value, kw: &[(String, Value)]) -> Option<&'static KeywordBreak> {
    let name = callee_name(callee)?;
    KEYWORD_BREAKS.iter().find(|r| {
        let callee_matches = match r.callee.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => r.callee == name,
        };
        callee_matches
            && kw
                .iter()
                .any(|(k, v)| k == r.keyword && (!r.when_true || matches!(v, Value::Bool(true))))
    })
}

/// Context managers Dynamo does not know how to enter (C objects), by the
/// callable that makes them: a `with` over one breaks with GB0142.
pub static UNSUPPORTED_CONTEXT_MANAGERS: &[&str] = &["threading.Lock", "threading.RLock"];

/// Whether a `with` over `cm` is one Dynamo cannot enter.
pub fn unsupported_context_manager(cm: &Value) -> bool {
    match cm {
        Value::Unknown(name) => {
            let name = name.strip_prefix("<unknown ").unwrap_or(name);
            UNSUPPORTED_CONTEXT_MANAGERS.contains(&name)
        }
        _ => false,
    }
}

/// The attribute `torch.compiler.disable` sets on the functions it wraps.
pub const DYNAMO_DISABLE: &str = "_torchdynamo_disable";

/// A call of a function `torch.compiler.disable` wrapped: Dynamo skips
/// calling it (a plain function, GB0098) or inlining it (a method, GB0099).
pub fn disabled_call(callee: &Value) -> Option<(&'static str, &'static str)> {
    let (f, code, reason) = match callee {
        Value::Function(f) => (
            f,
            "GB0098",
            "Skip calling `torch.compiler.disable()`d function",
        ),
        Value::BoundMethod(m) => match &m.1 {
            Value::Function(f) => (
                f,
                "GB0099",
                "Skip inlining `torch.compiler.disable()`d function",
            ),
            _ => return None,
        },
        _ => return None,
    };
    let marked = matches!(
        f.attrs.borrow().get(DYNAMO_DISABLE),
        Some(Value::Bool(true))
    );
    marked.then_some((code, reason))
}

/// The qualified name a call's callee is known by: a builtin's name, a
/// tensor method as `Tensor.name`, what an unmodelled attribute was read
/// as, a prelude class's method as `namespace.Class.method`
/// (`torch.autograd.FunctionCtx.mark_dirty`).
fn callee_name(callee: &Value) -> Option<String> {
    match callee {
        Value::BoundMethod(m) => match m.as_ref() {
            (Value::Object(o), Value::Function(f)) => {
                let namespace = crate::prelude::namespace_of(&f.file.path)?;
                // The class of the receiver's MRO that defines the method.
                let owner = o.class.mro_iter().find(|c| {
                    matches!(c.own_attr(&f.name), Some(Value::Function(ref g)) if Rc::ptr_eq(g, f))
                })?;
                Some(format!("{namespace}.{}.{}", owner.name, f.name))
            }
            _ => None,
        },
        Value::Builtin(b) => match (&b.receiver, b.name.strip_prefix("tensor.")) {
            (Some(Value::Tensor(_)), Some(method)) => Some(format!("Tensor.{method}")),
            (None, _) => Some(b.name.to_string()),
            _ => None,
        },
        Value::Unknown(name) => Some(name.to_string()),
        Value::Class(c) => match (&c.builtin, c.prelude_namespace) {
            (Some(name), _) => Some(name.to_string()),
            (None, Some(namespace)) => Some(format!("{namespace}.{}", c.name)),
            (None, None) => None,
        },
        _ => None,
    }
}

/// Whether `full` (a qualified function name) is a callee of a rule.
pub fn is_listed(full: &str) -> bool {
    DYNAMO_BREAKS.iter().any(|r| r.callee == full)
}

/// The rule a strict-mode call of `callee` with `args` breaks, if any.
pub fn rule_for(
    callee: &Value,
    args: &[Value],
    graph: &crate::graph::Graph,
) -> Option<&'static DynamoBreak> {
    let name = callee_name(callee)?;
    let name = name.strip_prefix("<unknown ").unwrap_or(&name);
    DYNAMO_BREAKS.iter().find(|r| {
        r.callee == name
            && match r.when {
                When::Always => true,
                When::OnTensor => args.iter().any(|a| matches!(a, Value::Tensor(_))),
                When::UnlessFolded => !matches!(
                    args,
                    [Value::Str(source)] if super::eval::dynamo_folds(source)
                ),
                When::OnGraphInput => match callee {
                    Value::Builtin(b) => match &b.receiver {
                        Some(Value::Tensor(t)) => t.node.get().is_none_or(|id| {
                            matches!(graph.node(id).op, crate::graph::NodeOp::Placeholder(_))
                        }),
                        _ => true,
                    },
                    _ => true,
                },
            }
    })
}

/// The `torch.nn.functional` functions Dynamo puts in its graph as calls
/// instead of inlining them (its trace rules' in-graph functions): strict
/// export's second trace runs their Python as non-strict does, so the
/// arithmetic they do on symbolic sizes records (dead) nodes in both modes.
pub static IN_GRAPH_FUNCTIONALS: &[&str] = &[
    "adaptive_avg_pool2d",
    "adaptive_avg_pool3d",
    "adaptive_max_pool1d",
    "adaptive_max_pool1d_with_indices",
    "adaptive_max_pool2d",
    "adaptive_max_pool2d_with_indices",
    "adaptive_max_pool3d",
    "adaptive_max_pool3d_with_indices",
    "affine_grid",
    "alpha_dropout",
    "assert_int_or_pair",
    "batch_norm",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "celu",
    "cosine_embedding_loss",
    "cross_entropy",
    "ctc_loss",
    "dropout",
    "dropout1d",
    "dropout2d",
    "dropout3d",
    "elu",
    "embedding",
    "embedding_bag",
    "feature_alpha_dropout",
    "fold",
    "fractional_max_pool2d",
    "fractional_max_pool2d_with_indices",
    "fractional_max_pool3d",
    "fractional_max_pool3d_with_indices",
    "gaussian_nll_loss",
    "glu",
    "grid_sample",
    "group_norm",
    "gumbel_softmax",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "hinge_embedding_loss",
    "huber_loss",
    "instance_norm",
    "interpolate",
    "kl_div",
    "l1_loss",
    "layer_norm",
    "leaky_relu",
    "local_response_norm",
    "log_softmax",
    "lp_pool1d",
    "lp_pool2d",
    "margin_ranking_loss",
    "max_pool1d",
    "max_pool1d_with_indices",
    "max_pool2d",
    "max_pool2d_with_indices",
    "max_pool3d",
    "max_pool3d_with_indices",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
    "mish",
    "mse_loss",
    "multi_head_attention_forward",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "multilabel_soft_margin_loss",
    "nll_loss",
    "normalize",
    "poisson_nll_loss",
    "relu",
    "relu6",
    "rrelu",
    "selu",
    "sigmoid",
    "silu",
    "smooth_l1_loss",
    "soft_margin_loss",
    "softmax",
    "softmin",
    "softsign",
    "tanh",
    "tanhshrink",
    "triplet_margin_loss",
    "unfold",
    "upsample",
    "upsample_bilinear",
    "upsample_nearest",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_names_a_graph_break_code_once() {
        let mut seen = std::collections::HashSet::new();
        for r in DYNAMO_BREAKS {
            assert!(r.code.starts_with("GB") && r.code.len() == 6, "{}", r.code);
            assert!(seen.insert(r.callee), "{} twice", r.callee);
        }
        for r in FAKE_TENSOR_FAILURES {
            assert!(r.class.ends_with("Error"), "{}", r.class);
        }
    }
}
