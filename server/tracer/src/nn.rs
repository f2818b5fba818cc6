//! The nn.Module library: for each torch.nn module the tracer knows, its
//! constructor signature, the parameters and buffers it registers (names,
//! shapes, order) and what its forward records. Also nn.Module's own
//! behaviour: attribute registration, the registries read back as
//! `_modules`/`_parameters`/`_buffers`, ParameterList, and methods such as
//! `register_buffer` and `eval`. The containers (Sequential, ModuleList,
//! ModuleDict) are Python in the prelude (`prelude/nn.py`).
//!
//! To add a module: add a [`ModuleDef`] to [`MODULES`] with its state and
//! forward, and a test in `tests/nn.rs`.

use std::collections::HashMap;
use std::rc::Rc;

use shapes::SymExpr;

use crate::dtype::DType;
use crate::interp::{Interp, R};
use crate::value::{Class, ModuleState, Object, Provenance, Value};

type Config = HashMap<String, Value>;

/// One registered tensor of a library module.
pub struct StateEntry {
    pub name: &'static str,
    pub shape: Vec<i64>,
    pub dtype: DType,
    pub kind: StateKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum StateKind {
    Param,
    Buffer,
    /// Registered as `None` (keeps the name, holds nothing).
    NoneParam,
}

pub type StateFn = fn(&Config) -> Vec<StateEntry>;
pub type ForwardFn = fn(&mut Interp, &Rc<Object>, Vec<Value>, Vec<(String, Value)>) -> R<Value>;

pub struct ModuleDef {
    /// Class name under `torch.nn`.
    pub name: &'static str,
    /// Constructor signature (Python syntax, defaults as literals).
    pub init: &'static str,
    pub state: StateFn,
    pub forward: ForwardFn,
}

fn int(c: &Config, k: &str) -> i64 {
    c.get(k).and_then(Value::as_int).unwrap_or(0)
}

fn flag(c: &Config, k: &str) -> bool {
    !matches!(c.get(k), Some(Value::Bool(false)) | Some(Value::None))
}

fn ints(c: &Config, k: &str, n: usize) -> Vec<i64> {
    match c.get(k) {
        Some(Value::Tuple(t)) => t.iter().map(|v| v.as_int().unwrap_or(1)).collect(),
        Some(Value::List(l)) => l.borrow().iter().map(|v| v.as_int().unwrap_or(1)).collect(),
        Some(v) => vec![v.as_int().unwrap_or(1); n],
        None => vec![1; n],
    }
}

fn p(name: &'static str, shape: Vec<i64>) -> StateEntry {
    StateEntry {
        name,
        shape,
        dtype: DType::F32,
        kind: StateKind::Param,
    }
}

fn b(name: &'static str, shape: Vec<i64>, dtype: DType) -> StateEntry {
    StateEntry {
        name,
        shape,
        dtype,
        kind: StateKind::Buffer,
    }
}

fn no_state(_: &Config) -> Vec<StateEntry> {
    vec![]
}

fn batchnorm_state(c: &Config) -> Vec<StateEntry> {
    let n = int(c, "num_features");
    let mut v = Vec::new();
    if flag(c, "affine") {
        v.push(p("weight", vec![n]));
        v.push(p("bias", vec![n]));
    }
    if flag(c, "track_running_stats") {
        v.push(b("running_mean", vec![n], DType::F32));
        v.push(b("running_var", vec![n], DType::F32));
        v.push(b("num_batches_tracked", vec![], DType::I64));
    }
    v
}

fn layernorm_state(c: &Config) -> Vec<StateEntry> {
    let ns: Vec<i64> = match c.get("normalized_shape") {
        Some(Value::Tuple(t)) => t.iter().map(|v| v.as_int().unwrap_or(1)).collect(),
        Some(Value::List(l)) => l.borrow().iter().map(|v| v.as_int().unwrap_or(1)).collect(),
        Some(v) => vec![v.as_int().unwrap_or(1)],
        None => vec![1],
    };
    if !flag(c, "elementwise_affine") {
        return vec![];
    }
    let mut v = vec![p("weight", ns.clone())];
    if flag(c, "bias") {
        v.push(p("bias", ns));
    }
    v
}

fn rmsnorm_state(c: &Config) -> Vec<StateEntry> {
    let ns = ints(c, "normalized_shape", 1);
    if flag(c, "elementwise_affine") {
        vec![p("weight", ns)]
    } else {
        vec![]
    }
}

fn groupnorm_state(c: &Config) -> Vec<StateEntry> {
    let n = int(c, "num_channels");
    if flag(c, "affine") {
        vec![p("weight", vec![n]), p("bias", vec![n])]
    } else {
        vec![]
    }
}

macro_rules! module {
    ($name:literal, $init:literal, $state:path, $fwd:path) => {
        ModuleDef {
            name: $name,
            init: $init,
            state: $state,
            forward: $fwd,
        }
    };
}

pub static MODULES: &[ModuleDef] = &[
    module!(
        "BatchNorm1d",
        "num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None",
        batchnorm_state,
        fwd_batchnorm
    ),
    module!(
        "BatchNorm2d",
        "num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None",
        batchnorm_state,
        fwd_batchnorm
    ),
    module!(
        "BatchNorm3d",
        "num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None",
        batchnorm_state,
        fwd_batchnorm
    ),
    module!(
        "LayerNorm",
        "normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, device=None, dtype=None",
        layernorm_state,
        fwd_layernorm
    ),
    module!(
        "RMSNorm",
        "normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None",
        rmsnorm_state,
        fwd_rmsnorm
    ),
    module!(
        "GroupNorm",
        "num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None",
        groupnorm_state,
        fwd_groupnorm
    ),
    module!("Dropout", "p=0.5, inplace=False", no_state, fwd_dropout),
    module!("ReLU", "inplace=False", no_state, fwd_activation),
    module!("ReLU6", "inplace=False", no_state, fwd_activation),
    module!("GELU", "approximate='none'", no_state, fwd_activation),
    module!("SiLU", "inplace=False", no_state, fwd_activation),
    module!("Mish", "inplace=False", no_state, fwd_activation),
    module!("Sigmoid", "", no_state, fwd_activation),
    module!("Tanh", "", no_state, fwd_activation),
    module!("Hardswish", "inplace=False", no_state, fwd_activation),
    module!("Hardsigmoid", "inplace=False", no_state, fwd_activation),
    module!(
        "Hardtanh",
        "min_val=-1.0, max_val=1.0, inplace=False",
        no_state,
        fwd_activation
    ),
    module!(
        "LeakyReLU",
        "negative_slope=0.01, inplace=False",
        no_state,
        fwd_activation
    ),
    module!("ELU", "alpha=1.0, inplace=False", no_state, fwd_activation),
    module!(
        "Softplus",
        "beta=1.0, threshold=20.0",
        no_state,
        fwd_activation
    ),
    module!("Softmax", "dim=None", no_state, fwd_softmax),
    module!("LogSoftmax", "dim=None", no_state, fwd_softmax),
    module!(
        "MaxPool1d",
        "kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False",
        no_state,
        fwd_pool
    ),
    module!(
        "MaxPool2d",
        "kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False",
        no_state,
        fwd_pool
    ),
    module!(
        "AvgPool1d",
        "kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True",
        no_state,
        fwd_pool
    ),
    module!(
        "AvgPool2d",
        "kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",
        no_state,
        fwd_pool
    ),
    module!("AdaptiveAvgPool1d", "output_size", no_state, fwd_adaptive),
    module!("AdaptiveAvgPool2d", "output_size", no_state, fwd_adaptive),
    module!(
        "AdaptiveMaxPool2d",
        "output_size, return_indices=False",
        no_state,
        fwd_adaptive
    ),
];

fn def_of(name: &str) -> Option<&'static ModuleDef> {
    let short = name.strip_prefix("torch.nn.")?;
    MODULES.iter().find(|m| m.name == short)
}

pub fn is_library_module(name: &str) -> bool {
    def_of(name).is_some()
}

/// `torch.nn.X` (also `torch.nn.modules.*.X`) -> the library class name.
pub fn library_class(full: &str) -> Option<&'static str> {
    let short = full.rsplit('.').next()?;
    if !full.starts_with("torch.nn") {
        return None;
    }
    MODULES.iter().find(|m| m.name == short).map(|m| {
        let s: &'static str = Box::leak(format!("torch.nn.{}", m.name).into_boxed_str());
        s
    })
}

fn bind_config(
    interp: &mut Interp,
    def: &ModuleDef,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Config> {
    let mut config = Config::new();
    let params: Vec<(&str, Option<&str>)> = def
        .init
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s.split_once('=') {
            Some((n, d)) => (n.trim(), Some(d.trim())),
            None => (s, None),
        })
        .collect();
    let mut args = args.into_iter();
    for (name, default) in &params {
        if name.starts_with("**") {
            continue;
        }
        if let Some(var) = name.strip_prefix('*') {
            config.insert(var.to_string(), Value::tuple(args.by_ref().collect()));
            continue;
        }
        match args.next() {
            Some(v) => {
                config.insert(name.to_string(), v);
            }
            None => {
                if let Some(d) = default {
                    config.insert(name.to_string(), literal(d));
                }
            }
        }
    }
    let takes_any_keyword = params.iter().any(|(n, _)| n.starts_with("**"));
    for (k, v) in kwargs {
        if !takes_any_keyword && !params.iter().any(|(n, _)| *n == k) {
            return Err(interp.type_error(format!(
                "{}.__init__() got an unexpected keyword argument '{k}'",
                def.name
            )));
        }
        config.insert(k, v);
    }
    for (name, default) in &params {
        if default.is_none() && !name.starts_with('*') && !config.contains_key(*name) {
            return Err(interp.type_error(format!(
                "{}.__init__() missing required argument: '{name}'",
                def.name
            )));
        }
    }
    Ok(config)
}

fn literal(d: &str) -> Value {
    match d {
        "True" => Value::Bool(true),
        "False" => Value::Bool(false),
        "None" => Value::None,
        s if s.starts_with('\'') => Value::str(s.trim_matches('\'')),
        s => s
            .parse::<i64>()
            .map(Value::Int)
            .unwrap_or_else(|_| s.parse::<f64>().map(Value::Float).unwrap_or(Value::None)),
    }
}

/// Build the torch.nn module `name` (`torch.nn.Linear`), whether the
/// prelude defines it or this table does.
pub fn construct_named(
    interp: &mut Interp,
    name: &'static str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if crate::prelude::provider(name).is_some() {
        let (path, short) = name.rsplit_once('.').unwrap_or(("torch.nn", name));
        let class = interp.get_attr(&Value::PyModule(Rc::from(path)), short)?;
        return interp.call(&class, args, kwargs);
    }
    let class = interp.builtin_class(name);
    construct(interp, class, args, kwargs)
}

/// Build a library module: bind its constructor, register its state.
pub fn construct(
    interp: &mut Interp,
    class: Rc<Class>,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let name = class.builtin.clone().unwrap_or_else(|| Rc::from(""));
    let Some(def) = def_of(&name) else {
        return Err(interp.type_error(format!("unknown module {name}")));
    };
    let obj = Rc::new(Object {
        id: interp.fresh_id(),
        class,
        attrs: Default::default(),
        module: Some(std::cell::RefCell::new(crate::value::ModuleState::new(
            true,
        ))),
    });
    crate::cycles::register(&obj);
    init_library(interp, &obj, def, args, kwargs)?;
    Ok(Value::Object(obj))
}

/// The `__init__` of library module `name` run on `obj`: what a subclass
/// reaches through `super().__init__(...)` or by not defining `__init__`.
pub fn init_library_named(
    interp: &mut Interp,
    obj: &Rc<Object>,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<()> {
    let Some(def) = def_of(name) else {
        return Err(interp.type_error(format!("unknown module {name}")));
    };
    if obj.module.is_none() {
        return Err(interp.type_error(format!("{name}.__init__() on a non-module")));
    }
    init_library(interp, obj, def, args, kwargs)
}

/// Bind the constructor arguments and register the module's state.
fn init_library(
    interp: &mut Interp,
    obj: &Rc<Object>,
    def: &ModuleDef,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<()> {
    let config = bind_config(interp, def, args, kwargs)?;
    let st = obj.module.as_ref().expect("module").borrow().clone();
    for entry in (def.state)(&config) {
        let shape: Vec<SymExpr> = entry.shape.iter().map(|d| SymExpr::int(*d)).collect();
        match entry.kind {
            StateKind::Param => {
                let t = interp.new_tensor(entry.dtype, shape, Provenance::Parameter);
                ModuleState::register(&st.params, entry.name, Value::Tensor(t));
            }
            StateKind::NoneParam => ModuleState::register(&st.params, entry.name, Value::None),
            StateKind::Buffer => {
                let t =
                    interp.new_tensor(entry.dtype, shape, Provenance::Buffer { persistent: true });
                ModuleState::register(&st.buffers, entry.name, Value::Tensor(t));
            }
        }
    }
    let mut config = config;
    normalize_config(def.name, &mut config);
    obj.module.as_ref().expect("module").borrow_mut().config = config;
    Ok(())
}

/// Constructor arguments torch stores in a normal form, as the attribute
/// reads of model code see them (`norm.normalized_shape[-1]`): (module
/// name, spatial rank, the
/// arguments expanded to a tuple of that rank; rank 0 wraps an int in a
/// one-tuple and turns a list into a tuple).
const TUPLE_ATTRIBUTES: &[(&str, usize, &[&str])] = &[
    ("LayerNorm", 0, &["normalized_shape"]),
    ("RMSNorm", 0, &["normalized_shape"]),
];

fn normalize_config(module: &str, config: &mut Config) {
    let Some((_, rank, keys)) = TUPLE_ATTRIBUTES.iter().find(|(m, _, _)| *m == module) else {
        return;
    };
    for key in *keys {
        let Some(v) = config.get(*key) else { continue };
        let normal = match (v, *rank) {
            (Value::Int(_), 0) => Value::tuple(vec![v.clone()]),
            (Value::Int(_), n) => Value::tuple(vec![v.clone(); n]),
            (Value::List(l), _) => Value::tuple(l.borrow().clone()),
            _ => continue,
        };
        config.insert(key.to_string(), normal);
    }
}

// ----- forwards ---------------------------------------------------------------------

fn cfg(obj: &Rc<Object>, k: &str) -> Value {
    obj.module
        .as_ref()
        .and_then(|m| m.borrow().config.get(k).cloned())
        .unwrap_or(Value::None)
}

fn param(obj: &Rc<Object>, k: &str) -> Value {
    let st = obj.module.as_ref().expect("module").borrow();
    ModuleState::lookup(&st.params, k)
        .or_else(|| ModuleState::lookup(&st.buffers, k))
        .unwrap_or(Value::None)
}

fn training(obj: &Rc<Object>) -> bool {
    obj.module.as_ref().is_some_and(|m| m.borrow().training)
}

fn input(interp: &mut Interp, args: &[Value], name: &str) -> R<Value> {
    match args.first() {
        Some(v @ Value::Tensor(_)) => Ok(v.clone()),
        Some(v @ Value::Unknown(_)) => Ok(v.clone()),
        Some(other) => Err(interp.type_error(format!(
            "{name}.forward() expects a Tensor, got {}",
            other.type_name()
        ))),
        None => Err(interp.type_error(format!("{name}.forward() missing input"))),
    }
}

fn f(interp: &mut Interp, name: &str, args: Vec<Value>, kwargs: Vec<(String, Value)>) -> R<Value> {
    crate::ops::call_torch_function(interp, &format!("torch.nn.functional.{name}"), args, kwargs)
}

pub fn forward(
    interp: &mut Interp,
    name: &str,
    obj: &Rc<Object>,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let Some(def) = def_of(name) else {
        return Err(interp.type_error(format!("no forward for {name}")));
    };
    let mut args = args;
    args.extend(
        kwargs
            .iter()
            .filter(|(k, _)| k == "input")
            .map(|(_, v)| v.clone()),
    );
    let kwargs: Vec<(String, Value)> = kwargs.into_iter().filter(|(k, _)| k != "input").collect();
    (def.forward)(interp, obj, args, kwargs)
}

fn fwd_batchnorm(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "BatchNorm")?;
    if let Value::Tensor(t) = &x {
        let want = match &*obj.class.name {
            "BatchNorm1d" => vec![2, 3],
            "BatchNorm3d" => vec![5],
            _ => vec![4],
        };
        if !want.contains(&t.rank()) {
            return Err(interp.raise(
                "ValueError",
                format!("expected {}D input (got {}D input)", want[0], t.rank()),
            ));
        }
    }
    let train = training(obj);
    let nbt = param(obj, "num_batches_tracked");
    if train && let Value::Tensor(_) = nbt {
        interp.call_op_by_method("add_", nbt, vec![Value::Int(1)], vec![])?;
    }
    let a = vec![
        x,
        param(obj, "running_mean"),
        param(obj, "running_var"),
        param(obj, "weight"),
        param(obj, "bias"),
        Value::Bool(train || param(obj, "running_mean").is_none()),
        cfg(obj, "momentum"),
        cfg(obj, "eps"),
    ];
    crate::ops::call_torch_function(interp, "torch.nn.functional.batch_norm", a, vec![])
}

fn fwd_layernorm(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "LayerNorm")?;
    let a = vec![
        x,
        cfg(obj, "normalized_shape"),
        param(obj, "weight"),
        param(obj, "bias"),
        cfg(obj, "eps"),
    ];
    f(interp, "layer_norm", a, vec![])
}

fn fwd_rmsnorm(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "RMSNorm")?;
    let t = crate::ops::call_torch_function(
        interp,
        "torch.rms_norm",
        vec![
            x.clone(),
            cfg(obj, "normalized_shape"),
            param(obj, "weight"),
        ],
        vec![],
    );
    match t {
        Ok(v) => Ok(v),
        Err(_) => Ok(x),
    }
}

fn fwd_groupnorm(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "GroupNorm")?;
    let a = vec![
        x,
        cfg(obj, "num_groups"),
        param(obj, "weight"),
        param(obj, "bias"),
        cfg(obj, "eps"),
    ];
    f(interp, "group_norm", a, vec![])
}

fn fwd_dropout(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Dropout")?;
    let inplace = matches!(cfg(obj, "inplace"), Value::Bool(true));
    let kw = vec![("inplace".to_string(), Value::Bool(inplace))];
    f(
        interp,
        "dropout",
        vec![x, cfg(obj, "p"), Value::Bool(training(obj))],
        kw,
    )
}

fn fwd_activation(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, &obj.class.name)?;
    let inplace = vec![(
        "inplace".to_string(),
        Value::Bool(matches!(cfg(obj, "inplace"), Value::Bool(true))),
    )];
    match &*obj.class.name {
        "ReLU" => f(interp, "relu", vec![x], inplace),
        "ReLU6" => f(
            interp,
            "hardtanh",
            vec![x, Value::Float(0.0), Value::Float(6.0)],
            inplace,
        ),
        "GELU" => f(
            interp,
            "gelu",
            vec![x],
            vec![("approximate".into(), cfg(obj, "approximate"))],
        ),
        "SiLU" => f(interp, "silu", vec![x], inplace),
        "Mish" => f(interp, "mish", vec![x], inplace),
        "Sigmoid" => crate::ops::call_torch_function(interp, "torch.sigmoid", vec![x], vec![]),
        "Tanh" => crate::ops::call_torch_function(interp, "torch.tanh", vec![x], vec![]),
        "Hardswish" => f(interp, "hardswish", vec![x], inplace),
        "Hardsigmoid" => f(interp, "hardsigmoid", vec![x], inplace),
        "Hardtanh" => f(
            interp,
            "hardtanh",
            vec![x, cfg(obj, "min_val"), cfg(obj, "max_val")],
            inplace,
        ),
        "LeakyReLU" => f(
            interp,
            "leaky_relu",
            vec![x, cfg(obj, "negative_slope")],
            inplace,
        ),
        "ELU" => f(interp, "elu", vec![x, cfg(obj, "alpha")], inplace),
        "Softplus" => f(
            interp,
            "softplus",
            vec![x, cfg(obj, "beta"), cfg(obj, "threshold")],
            vec![],
        ),
        other => Err(interp.type_error(format!("no activation {other}"))),
    }
}

fn fwd_softmax(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Softmax")?;
    let name = if &*obj.class.name == "LogSoftmax" {
        "log_softmax"
    } else {
        "softmax"
    };
    f(interp, name, vec![x, cfg(obj, "dim")], vec![])
}

fn fwd_pool(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Pool")?;
    let n = &*obj.class.name;
    let nd = if n.contains("1d") { "1d" } else { "2d" };
    if n.starts_with("Max") {
        let a = vec![
            x,
            cfg(obj, "kernel_size"),
            cfg(obj, "stride"),
            cfg(obj, "padding"),
            cfg(obj, "dilation"),
            cfg(obj, "ceil_mode"),
            cfg(obj, "return_indices"),
        ];
        f(interp, &format!("max_pool{nd}"), a, vec![])
    } else {
        let a = vec![
            x,
            cfg(obj, "kernel_size"),
            cfg(obj, "stride"),
            cfg(obj, "padding"),
            cfg(obj, "ceil_mode"),
            cfg(obj, "count_include_pad"),
        ];
        f(interp, &format!("avg_pool{nd}"), a, vec![])
    }
}

fn fwd_adaptive(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "AdaptivePool")?;
    let n = &*obj.class.name;
    let name = match n {
        "AdaptiveAvgPool1d" => "adaptive_avg_pool1d",
        "AdaptiveMaxPool2d" => "adaptive_max_pool2d",
        _ => "adaptive_avg_pool2d",
    };
    f(interp, name, vec![x, cfg(obj, "output_size")], vec![])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_has_a_parsable_constructor_signature() {
        for m in MODULES {
            for part in m.init.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let name = part.split('=').next().unwrap_or("").trim();
                assert!(!name.is_empty(), "{}", m.name);
            }
        }
    }

    #[test]
    fn batchnorm_buffers_follow_params() {
        let mut c = Config::new();
        c.insert("num_features".into(), Value::Int(8));
        c.insert("affine".into(), Value::Bool(true));
        c.insert("track_running_stats".into(), Value::Bool(true));
        let names: Vec<&str> = batchnorm_state(&c).iter().map(|e| e.name).collect();
        assert_eq!(
            names,
            [
                "weight",
                "bias",
                "running_mean",
                "running_var",
                "num_batches_tracked"
            ]
        );
    }
}
