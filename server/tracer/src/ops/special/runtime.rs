//! torch's process-wide switches, context managers and decorators as model
//! code meets them (seeds, grad modes, `compile`/`disable`), pytree flattening, `nn.init`'s fan computations, and export
//! calls other than the one analysed.

use std::rc::Rc;

use super::kw;
use crate::interp::dynamo_breaks::DYNAMO_DISABLE;
use crate::interp::{Interp, R};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The functions [`call`] implements (without the `torch.` prefix).
    pub(super) enum Runtime {
        ManualSeed = "manual_seed",
        SetGradEnabled = "set_grad_enabled",
        SetPrintoptions = "set_printoptions",
        CLogApiUsageOnce = "_C._log_api_usage_once",
        UseDeterministicAlgorithms = "use_deterministic_algorithms",
        DynamoGraphBreak = "_dynamo.graph_break",
        IsInferenceModeEnabled = "is_inference_mode_enabled",
        IsAutocastEnabled = "is_autocast_enabled",
        IsAutocastCpuEnabled = "is_autocast_cpu_enabled",
        NoGrad = "no_grad",
        EnableGrad = "enable_grad",
        InferenceMode = "inference_mode",
        AutogradSetDetectAnomaly = "autograd.set_detect_anomaly",
        AutogradDetectAnomaly = "autograd.detect_anomaly",
        RandomForkRng = "random.fork_rng",
        Compile = "compile",
        CompilerDisable = "compiler.disable",
        DynamoDisable = "_dynamo.disable",
        DynamoAssumeConstantResult = "_dynamo.assume_constant_result",
        UtilsPytreeTreeFlatten = "utils._pytree.tree_flatten",
        UtilsPytreeTreeLeaves = "utils._pytree.tree_leaves",
        UtilsPytreeTreeUnflatten = "utils._pytree.tree_unflatten",
        UtilsPytreeDictFlatten = "utils._pytree._dict_flatten",
        UtilsPytreeDictUnflatten = "utils._pytree._dict_unflatten",
        NnInitCalculateFanInAndFanOut = "nn.init._calculate_fan_in_and_fan_out",
        NnInitCalculateCorrectFan = "nn.init._calculate_correct_fan",
        ExportExport = "export.export",
        ExportDraftExport = "export.draft_export",
    }
}

/// `torch.<f>(*args, **kwargs)`.
pub(super) fn call(
    interp: &mut Interp,
    f: Runtime,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let short = f.name();
    Ok(Some(match f {
        Runtime::ManualSeed
        | Runtime::SetGradEnabled
        | Runtime::SetPrintoptions
        | Runtime::CLogApiUsageOnce
        | Runtime::UseDeterministicAlgorithms => Value::None,
        // Non-strict export runs `forward` as Python: these change nothing
        // the trace sees (Dynamo's breaks on them are `dynamo_breaks`).
        Runtime::DynamoGraphBreak => Value::None,
        // Export runs without inference mode or autocast, whatever the
        // device asked about.
        Runtime::IsInferenceModeEnabled
        | Runtime::IsAutocastEnabled
        | Runtime::IsAutocastCpuEnabled => Value::Bool(false),
        Runtime::NoGrad
        | Runtime::EnableGrad
        | Runtime::InferenceMode
        | Runtime::AutogradSetDetectAnomaly
        | Runtime::AutogradDetectAnomaly
        | Runtime::RandomForkRng => Value::Object(Rc::new(crate::value::Object {
            id: interp.fresh_id(),
            class: interp.builtin_class("contextlib.nullcontext"),
            attrs: Default::default(),
            module: None,
        })),
        Runtime::Compile
        | Runtime::CompilerDisable
        | Runtime::DynamoDisable
        | Runtime::DynamoAssumeConstantResult => {
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
        Runtime::UtilsPytreeTreeFlatten | Runtime::UtilsPytreeTreeLeaves => {
            let mut leaves = Vec::new();
            flatten_leaves(interp, args.first().unwrap_or(&Value::None), &mut leaves)?;
            if short.ends_with("leaves") {
                Value::list(leaves)
            } else {
                // The spec keeps the tree itself: unflattening walks it and
                // puts the new leaves where the old ones were.
                let tree = args.first().cloned().unwrap_or(Value::None);
                let spec = Rc::new(crate::value::Object {
                    id: interp.fresh_id(),
                    class: interp.builtin_class("torch.utils._pytree.TreeSpec"),
                    attrs: Default::default(),
                    module: None,
                });
                spec.set_attr(TREE_OF_SPEC, tree);
                spec.set_attr("num_leaves", Value::Int(leaves.len() as i64));
                Value::tuple(vec![Value::list(leaves), Value::Object(spec)])
            }
        }
        Runtime::UtilsPytreeTreeUnflatten => {
            let [leaves, spec] =
                [args.first(), args.get(1)].map(|v| v.cloned().unwrap_or(Value::None));
            let tree = match &spec {
                Value::Object(o) => o.get_attr(TREE_OF_SPEC),
                _ => None,
            };
            let Some(tree) = tree else {
                return Err(interp.type_error("tree_unflatten(leaves, treespec): Expected `treespec` to be an instance of PyTreeSpec"));
            };
            let leaves = interp.iterate(&leaves)?;
            let mut next = leaves.into_iter();
            let rebuilt = unflatten(interp, &tree, &mut next)?;
            if next.next().is_some() {
                return Err(interp.torch_error(
                    "ValueError",
                    "treespec.unflatten(leaves): `leaves` has more elements than the treespec's leaves",
                ));
            }
            rebuilt
        }
        // A dict's pytree node: its values as children, its keys as context
        // (what libraries pass to `register_pytree_node` for dict subclasses).
        Runtime::UtilsPytreeDictFlatten => {
            let items = interp.dict_items(args.first().unwrap_or(&Value::None))?;
            let (keys, values): (Vec<Value>, Vec<Value>) = items.into_iter().unzip();
            Value::tuple(vec![Value::list(values), Value::list(keys)])
        }
        Runtime::UtilsPytreeDictUnflatten => {
            let [values, context] =
                [args.first(), args.get(1)].map(|v| v.cloned().unwrap_or(Value::None));
            let values = interp.iterate(&values)?;
            let keys = interp.iterate(&context)?;
            let mut d = crate::value::Dict::default();
            for (k, v) in keys.into_iter().zip(values) {
                d.insert(k, v);
            }
            Value::Dict(Rc::new(crate::tracked::Tracked::new(d)))
        }
        Runtime::NnInitCalculateFanInAndFanOut | Runtime::NnInitCalculateCorrectFan => {
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
        // Another export call than the one under analysis: its program
        // is not modelled, and code using it must not fail for that.
        Runtime::ExportExport | Runtime::ExportDraftExport => {
            Value::unknown("the ExportedProgram of an export call (not the one analysed)")
        }
    }))
}

/// The attribute of a `TreeSpec` object holding the flattened tree.
const TREE_OF_SPEC: &str = "_exportlens_tree";

/// `tree` with its leaves (as [`flatten_leaves`] finds them) replaced, in
/// order, by `leaves`.
fn unflatten(
    interp: &mut Interp,
    tree: &Value,
    leaves: &mut std::vec::IntoIter<Value>,
) -> R<Value> {
    Ok(match tree {
        Value::Tuple(items) => {
            let items = items.to_vec();
            let mut out = Vec::with_capacity(items.len());
            for it in &items {
                out.push(unflatten(interp, it, leaves)?);
            }
            Value::tuple(out)
        }
        Value::List(items) => {
            let items = items.borrow().clone();
            let mut out = Vec::with_capacity(items.len());
            for it in &items {
                out.push(unflatten(interp, it, leaves)?);
            }
            Value::list(out)
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries().to_vec();
            let mut out = crate::value::Dict::default();
            for (k, v) in entries {
                let v = unflatten(interp, &v, leaves)?;
                out.insert(k, v);
            }
            Value::Dict(Rc::new(crate::tracked::Tracked::new(out)))
        }
        Value::None => Value::None,
        _ => leaves.next().ok_or_else(|| {
            interp.torch_error(
                "ValueError",
                "treespec.unflatten(leaves): `leaves` has fewer elements than the treespec's leaves",
            )
        })?,
    })
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
