//! Calls Dynamo refuses to trace: in strict mode a `forward` that makes one
//! of them breaks the graph with torch's graph-break registry code
//! (`../shared/reference/graph_break_registry.json`). Data: the callee's
//! qualified name (`time.time`, `Tensor.requires_grad_`, `builtins.open`),
//! the code, and the registry's short reason. Non-strict export runs these
//! calls as Python and is not affected here.

use crate::value::Value;

/// One call Dynamo cannot trace.
pub struct DynamoBreak {
    /// The callee: a qualified function name, or `Tensor.method`.
    pub callee: &'static str,
    /// Only when one argument is a tensor (`repr(x)`, `copy.deepcopy(x)`).
    pub on_tensor: bool,
    pub code: &'static str,
    pub reason: &'static str,
}

const fn rule(callee: &'static str, code: &'static str, reason: &'static str) -> DynamoBreak {
    DynamoBreak {
        callee,
        on_tensor: false,
        code,
        reason,
    }
}

const fn on_tensor(callee: &'static str, code: &'static str, reason: &'static str) -> DynamoBreak {
    DynamoBreak {
        callee,
        on_tensor: true,
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
        "torch.Generator",
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
        "builtins.open",
        "GB0059",
        "Failed to trace builtin operator",
    ),
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
    rule(
        "Tensor.requires_grad_",
        "GB0125",
        "Unsupported Tensor.requires_grad_() call",
    ),
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
        "Tensor.register_post_accumulate_grad_hook",
        "GB5821",
        "register_post_accumulate_grad_hook on an intermediate tensor",
    ),
];

/// The qualified name a call's callee is known by: a builtin's name, a
/// tensor method as `Tensor.name`, what an unmodelled attribute was read as.
fn callee_name(callee: &Value) -> Option<String> {
    match callee {
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
pub fn rule_for(callee: &Value, args: &[Value]) -> Option<&'static DynamoBreak> {
    let name = callee_name(callee)?;
    let name = name.strip_prefix("<unknown ").unwrap_or(&name);
    DYNAMO_BREAKS.iter().find(|r| {
        r.callee == name && (!r.on_tensor || args.iter().any(|a| matches!(a, Value::Tensor(_))))
    })
}

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
    }
}
