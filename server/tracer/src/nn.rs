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
use crate::failure::FailureKind;
use crate::interp::{Interp, R};
use crate::value::{Class, Dict, Object, Provenance, Tensor, Value};

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
pub type SubmodulesFn = fn(&mut Interp, &Config) -> R<Vec<(String, Value)>>;

pub struct ModuleDef {
    /// Class name under `torch.nn`.
    pub name: &'static str,
    /// Constructor signature (Python syntax, defaults as literals).
    pub init: &'static str,
    pub state: StateFn,
    pub forward: ForwardFn,
    /// Library submodules the constructor builds (MultiheadAttention's out_proj).
    pub submodules: Option<SubmodulesFn>,
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

fn none_param(name: &'static str) -> StateEntry {
    StateEntry {
        name,
        shape: vec![],
        dtype: DType::F32,
        kind: StateKind::NoneParam,
    }
}

fn no_state(_: &Config) -> Vec<StateEntry> {
    vec![]
}

fn linear_state(c: &Config) -> Vec<StateEntry> {
    let (i, o) = (int(c, "in_features"), int(c, "out_features"));
    let mut v = vec![p("weight", vec![o, i])];
    v.push(if flag(c, "bias") {
        p("bias", vec![o])
    } else {
        none_param("bias")
    });
    v
}

fn conv_state(c: &Config, nd: usize, transposed: bool) -> Vec<StateEntry> {
    let (i, o, g) = (
        int(c, "in_channels"),
        int(c, "out_channels"),
        int(c, "groups").max(1),
    );
    let k = ints(c, "kernel_size", nd);
    let mut shape = if transposed {
        vec![i, o / g]
    } else {
        vec![o, i / g]
    };
    shape.extend(k.iter().cycle().take(nd));
    let mut v = vec![p("weight", shape)];
    v.push(if flag(c, "bias") {
        p("bias", vec![o])
    } else {
        none_param("bias")
    });
    v
}

fn conv1d_state(c: &Config) -> Vec<StateEntry> {
    conv_state(c, 1, false)
}
fn conv2d_state(c: &Config) -> Vec<StateEntry> {
    conv_state(c, 2, false)
}
fn conv3d_state(c: &Config) -> Vec<StateEntry> {
    conv_state(c, 3, false)
}
fn convt1d_state(c: &Config) -> Vec<StateEntry> {
    conv_state(c, 1, true)
}
fn convt2d_state(c: &Config) -> Vec<StateEntry> {
    conv_state(c, 2, true)
}

fn embedding_state(c: &Config) -> Vec<StateEntry> {
    vec![p(
        "weight",
        vec![int(c, "num_embeddings"), int(c, "embedding_dim")],
    )]
}

fn mha_state(c: &Config) -> Vec<StateEntry> {
    let e = int(c, "embed_dim");
    let mut v = vec![
        p("in_proj_weight", vec![3 * e, e]),
        none_param("q_proj_weight"),
        none_param("k_proj_weight"),
        none_param("v_proj_weight"),
    ];
    v.push(if flag(c, "bias") {
        p("in_proj_bias", vec![3 * e])
    } else {
        none_param("in_proj_bias")
    });
    v
}

fn mha_submodules(interp: &mut Interp, c: &Config) -> R<Vec<(String, Value)>> {
    let e = int(c, "embed_dim");
    let bias = Value::Bool(flag(c, "bias"));
    let lin = construct_named(
        interp,
        "torch.nn.Linear",
        vec![Value::Int(e), Value::Int(e)],
        vec![("bias".into(), bias)],
    )?;
    Ok(vec![("out_proj".into(), lin)])
}

fn rnn_state(c: &Config, gates: i64) -> Vec<StateEntry> {
    let (i, h) = (int(c, "input_size"), int(c, "hidden_size"));
    let layers = int(c, "num_layers").max(1);
    let bidir = matches!(c.get("bidirectional"), Some(Value::Bool(true)));
    let dirs = if bidir { 2 } else { 1 };
    let mut v = Vec::new();
    for l in 0..layers {
        for d in 0..dirs {
            let suffix = if d == 1 { "_reverse" } else { "" };
            let inp = if l == 0 { i } else { h * dirs };
            let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
            v.push(p(
                leak(format!("weight_ih_l{l}{suffix}")),
                vec![gates * h, inp],
            ));
            v.push(p(
                leak(format!("weight_hh_l{l}{suffix}")),
                vec![gates * h, h],
            ));
            if flag(c, "bias") {
                v.push(p(leak(format!("bias_ih_l{l}{suffix}")), vec![gates * h]));
                v.push(p(leak(format!("bias_hh_l{l}{suffix}")), vec![gates * h]));
            }
        }
    }
    v
}

fn lstm_state(c: &Config) -> Vec<StateEntry> {
    rnn_state(c, 4)
}
fn gru_state(c: &Config) -> Vec<StateEntry> {
    rnn_state(c, 3)
}

fn encoder_layer_submodules(interp: &mut Interp, c: &Config) -> R<Vec<(String, Value)>> {
    let d = int(c, "d_model");
    let h = int(c, "nhead");
    let ff = c
        .get("dim_feedforward")
        .and_then(Value::as_int)
        .unwrap_or(2048);
    let drop = c.get("dropout").cloned().unwrap_or(Value::Float(0.1));
    let bf = c.get("batch_first").cloned().unwrap_or(Value::Bool(false));
    let eps = c
        .get("layer_norm_eps")
        .cloned()
        .unwrap_or(Value::Float(1e-5));
    let mut out = vec![(
        "self_attn".to_string(),
        construct_named(
            interp,
            "torch.nn.MultiheadAttention",
            vec![Value::Int(d), Value::Int(h)],
            vec![("dropout".into(), drop.clone()), ("batch_first".into(), bf)],
        )?,
    )];
    out.push((
        "linear1".to_string(),
        construct_named(
            interp,
            "torch.nn.Linear",
            vec![Value::Int(d), Value::Int(ff)],
            vec![],
        )?,
    ));
    out.push((
        "dropout".to_string(),
        construct_named(interp, "torch.nn.Dropout", vec![drop.clone()], vec![])?,
    ));
    out.push((
        "linear2".to_string(),
        construct_named(
            interp,
            "torch.nn.Linear",
            vec![Value::Int(ff), Value::Int(d)],
            vec![],
        )?,
    ));
    out.push((
        "norm1".to_string(),
        construct_named(
            interp,
            "torch.nn.LayerNorm",
            vec![Value::Int(d)],
            vec![("eps".into(), eps.clone())],
        )?,
    ));
    out.push((
        "norm2".to_string(),
        construct_named(
            interp,
            "torch.nn.LayerNorm",
            vec![Value::Int(d)],
            vec![("eps".into(), eps)],
        )?,
    ));
    out.push((
        "dropout1".to_string(),
        construct_named(interp, "torch.nn.Dropout", vec![drop.clone()], vec![])?,
    ));
    out.push((
        "dropout2".to_string(),
        construct_named(interp, "torch.nn.Dropout", vec![drop], vec![])?,
    ));
    Ok(out)
}

macro_rules! module {
    ($name:literal, $init:literal, $state:path, $fwd:path) => {
        ModuleDef {
            name: $name,
            init: $init,
            state: $state,
            forward: $fwd,
            submodules: None,
        }
    };
    ($name:literal, $init:literal, $state:path, $fwd:path, $subs:path) => {
        ModuleDef {
            name: $name,
            init: $init,
            state: $state,
            forward: $fwd,
            submodules: Some($subs),
        }
    };
}

pub static MODULES: &[ModuleDef] = &[
    module!(
        "Linear",
        "in_features, out_features, bias=True, device=None, dtype=None",
        linear_state,
        fwd_linear
    ),
    module!(
        "LazyLinear",
        "out_features, bias=True",
        no_state,
        fwd_unsupported
    ),
    module!(
        "Bilinear",
        "in1_features, in2_features, out_features, bias=True",
        no_state,
        fwd_unsupported
    ),
    module!(
        "Conv1d",
        "in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None",
        conv1d_state,
        fwd_conv
    ),
    module!(
        "Conv2d",
        "in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None",
        conv2d_state,
        fwd_conv
    ),
    module!(
        "Conv3d",
        "in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None",
        conv3d_state,
        fwd_conv
    ),
    module!(
        "ConvTranspose1d",
        "in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None",
        convt1d_state,
        fwd_conv_transpose
    ),
    module!(
        "ConvTranspose2d",
        "in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None",
        convt2d_state,
        fwd_conv_transpose
    ),
    module!(
        "Embedding",
        "num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None",
        embedding_state,
        fwd_embedding
    ),
    module!("Identity", "*args, **kwargs", no_state, fwd_identity),
    module!("Flatten", "start_dim=1, end_dim=-1", no_state, fwd_flatten),
    module!(
        "Unflatten",
        "dim, unflattened_size",
        no_state,
        fwd_unflatten
    ),
    module!("ParameterList", "values=None", no_state, fwd_unsupported),
    module!(
        "MultiheadAttention",
        "embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None, dtype=None",
        mha_state,
        fwd_mha,
        mha_submodules
    ),
    module!(
        "TransformerEncoderLayer",
        "d_model, nhead, dim_feedforward=2048, dropout=0.1, activation='relu', layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None",
        no_state,
        fwd_encoder_layer,
        encoder_layer_submodules
    ),
    module!(
        "LSTM",
        "input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None",
        lstm_state,
        fwd_rnn
    ),
    module!(
        "GRU",
        "input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0, bidirectional=False, device=None, dtype=None",
        gru_state,
        fwd_rnn
    ),
];

fn def_of(name: &str) -> Option<&'static ModuleDef> {
    let short = name.strip_prefix("torch.nn.")?;
    MODULES.iter().find(|m| m.name == short)
}

/// The torch class a module class is or derives from, by its
/// `torch.nn` name: the first class on its MRO that the tracer implements
/// (`torch.nn.Linear`, `torch.nn.Module`) or that the prelude defines
/// (`torch.nn.BatchNorm2d`, whose `__module__` is a
/// `torch.nn.modules.*` module).
pub fn torch_class(class: &Rc<Class>) -> Option<Rc<str>> {
    class.mro().into_iter().find_map(|c| {
        if let Some(b) = &c.builtin {
            return Some(b.clone());
        }
        match c.own_attr("__module__") {
            Some(Value::Str(m)) if m.starts_with("torch.nn.modules") => {
                Some(Rc::from(format!("torch.nn.{}", c.name)))
            }
            _ => None,
        }
    })
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

/// Build the torch.nn module `name` (`torch.nn.LayerNorm`), from the
/// prelude when it defines the class, else from [`MODULES`].
pub fn construct_named(
    interp: &mut Interp,
    name: &'static str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if let Some((index, short)) = crate::prelude::provider(name) {
        let class = interp.prelude_value(index, short)?;
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
        module: Some(std::cell::RefCell::new(crate::value::ModuleState {
            training: true,
            ..Default::default()
        })),
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
    for entry in (def.state)(&config) {
        let shape: Vec<SymExpr> = entry.shape.iter().map(|d| SymExpr::int(*d)).collect();
        let mut st = obj.module.as_ref().expect("module").borrow_mut();
        match entry.kind {
            StateKind::Param => {
                let t = interp.new_tensor(entry.dtype, shape, Provenance::Parameter);
                st.params.push((entry.name.to_string(), Some(t)));
            }
            StateKind::NoneParam => st.params.push((entry.name.to_string(), None)),
            StateKind::Buffer => {
                let t =
                    interp.new_tensor(entry.dtype, shape, Provenance::Buffer { persistent: true });
                st.buffers.push((entry.name.to_string(), Some(t), true));
            }
        }
    }
    if let Some(subs) = def.submodules {
        for (n, m) in subs(interp, &config)? {
            if let Value::Object(o) = m {
                obj.module
                    .as_ref()
                    .expect("module")
                    .borrow_mut()
                    .modules
                    .push((n, Some(o)));
            }
        }
    }
    if def.name == "ParameterList"
        && let Some(src) = config.get("values").filter(|v| !v.is_none())
    {
        for (i, v) in interp.iterate(src)?.into_iter().enumerate() {
            if let Value::Tensor(t) = v {
                let t = as_param(interp, &t);
                obj.module
                    .as_ref()
                    .expect("module")
                    .borrow_mut()
                    .params
                    .push((i.to_string(), Some(t)));
            }
        }
    }
    let mut config = config;
    normalize_config(def.name, &mut config);
    obj.module.as_ref().expect("module").borrow_mut().config = config;
    Ok(())
}

/// Constructor arguments torch stores in a normal form, as the attribute
/// reads of model code see them (`conv.kernel_size[0]`): (module name,
/// spatial rank, the arguments expanded to a tuple of that rank; a list
/// becomes a tuple).
const TUPLE_ATTRIBUTES: &[(&str, usize, &[&str])] = &[
    ("Conv1d", 1, CONV_TUPLES),
    ("Conv2d", 2, CONV_TUPLES),
    ("Conv3d", 3, CONV_TUPLES),
    ("ConvTranspose1d", 1, CONV_TUPLES),
    ("ConvTranspose2d", 2, CONV_TUPLES),
    ("ConvTranspose3d", 3, CONV_TUPLES),
];
const CONV_TUPLES: &[&str] = &[
    "kernel_size",
    "stride",
    "padding",
    "dilation",
    "output_padding",
];

fn normalize_config(module: &str, config: &mut Config) {
    let Some((_, rank, keys)) = TUPLE_ATTRIBUTES.iter().find(|(m, _, _)| *m == module) else {
        return;
    };
    for key in *keys {
        let Some(v) = config.get(*key) else { continue };
        let normal = match (v, *rank) {
            (Value::Int(_), n) => Value::tuple(vec![v.clone(); n]),
            (Value::List(l), _) => Value::tuple(l.borrow().clone()),
            _ => continue,
        };
        config.insert(key.to_string(), normal);
    }
}

fn as_param(interp: &mut Interp, t: &Rc<Tensor>) -> Rc<Tensor> {
    if *t.provenance.borrow() == Provenance::Parameter {
        return t.clone();
    }
    match interp.clone_tensor_as(t, Provenance::Parameter, true) {
        Value::Tensor(t) => t,
        _ => unreachable!("clone_tensor_as returns a tensor"),
    }
}

/// Attributes of a library module beyond its registered state: its
/// constructor configuration (`in_features`, `weight` of a tied module...).
pub fn module_attr(_interp: &mut Interp, obj: &Rc<Object>, name: &str) -> Option<Value> {
    let st = obj.module.as_ref()?.borrow();
    if let Some(v) = st.config.get(name) {
        return Some(v.clone());
    }
    // The registries as dicts, for the prelude's containers and library code
    // that reads them; a snapshot (registration goes through `add_module`,
    // `register_parameter`, `register_buffer` or attribute assignment).
    let registry = |entries: Vec<(String, Option<Value>)>| {
        let mut d = Dict::default();
        for (n, v) in entries {
            d.insert(Value::str(&n), v.unwrap_or(Value::None));
        }
        Some(Value::Dict(Rc::new(std::cell::RefCell::new(d))))
    };
    match name {
        "_modules" => {
            return registry(
                st.modules
                    .iter()
                    .map(|(n, m)| (n.clone(), m.clone().map(Value::Object)))
                    .collect(),
            );
        }
        "_parameters" => {
            return registry(
                st.params
                    .iter()
                    .map(|(n, t)| (n.clone(), t.clone().map(Value::Tensor)))
                    .collect(),
            );
        }
        "_buffers" => {
            return registry(
                st.buffers
                    .iter()
                    .map(|(n, t, _)| (n.clone(), t.clone().map(Value::Tensor)))
                    .collect(),
            );
        }
        _ => {}
    }
    match name {
        "num_heads" | "embed_dim" | "batch_first" => st.config.get(name).cloned(),
        _ => None,
    }
}

/// `self.name = value` on a module: parameters, submodules and buffers go to
/// their registries, as nn.Module.__setattr__ does.
pub fn module_setattr(interp: &mut Interp, obj: &Rc<Object>, name: &str, value: Value) -> R<()> {
    let state = obj.module.as_ref().expect("caller checked");
    match &value {
        Value::Tensor(t) if *t.provenance.borrow() == Provenance::Parameter => {
            let mut st = state.borrow_mut();
            st.buffers.retain(|(n, _, _)| n != name);
            match st.params.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = Some(t.clone()),
                None => st.params.push((name.to_string(), Some(t.clone()))),
            }
            drop(st);
            obj.attrs.borrow_mut().retain(|(n, _)| n != name);
            return Ok(());
        }
        Value::Object(o) if o.module.is_some() => {
            let mut st = state.borrow_mut();
            match st.modules.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = Some(o.clone()),
                None => st.modules.push((name.to_string(), Some(o.clone()))),
            }
            drop(st);
            obj.attrs.borrow_mut().retain(|(n, _)| n != name);
            return Ok(());
        }
        _ => {}
    }
    {
        let mut st = state.borrow_mut();
        if let Some(slot) = st.params.iter_mut().find(|(n, _)| n == name) {
            match &value {
                Value::None => {
                    slot.1 = None;
                    return Ok(());
                }
                Value::Tensor(_) if interp.tracing => {}
                _ => {
                    return Err(interp.type_error(format!(
                        "cannot assign '{}' as parameter '{name}' (torch.nn.Parameter or None expected)",
                        value.type_name()
                    )));
                }
            }
        }
        // `self.sub = None` on a registered submodule keeps the slot, empty.
        if value.is_none()
            && let Some(slot) = st.modules.iter_mut().find(|(n, _)| n == name)
        {
            slot.1 = None;
            return Ok(());
        }
        if let Some(slot) = st.buffers.iter_mut().find(|(n, _, _)| n == name) {
            if let Value::Tensor(t) = &value {
                if !interp.tracing {
                    *t.provenance.borrow_mut() = Provenance::Buffer { persistent: slot.2 };
                }
                slot.1 = Some(t.clone());
                return Ok(());
            }
            if value.is_none() {
                slot.1 = None;
                return Ok(());
            }
        }
    }
    if let Value::Tensor(t) = &value
        && !interp.tracing
        && *t.provenance.borrow() == Provenance::Eager
    {
        *t.provenance.borrow_mut() = Provenance::Constant;
    }
    obj.set_attr(name, value);
    Ok(())
}

fn is_parameter_list(obj: &Object) -> bool {
    obj.class.builtin_base().as_deref() == Some("torch.nn.ParameterList")
}

/// `module[index]` for a module whose class defines no `__getitem__`: only a
/// ParameterList (still built in) is subscriptable.
pub fn module_getitem(interp: &mut Interp, obj: &Rc<Object>, index: Value) -> R<Value> {
    if !is_parameter_list(obj) {
        return Err(interp.type_error(format!("'{}' object is not subscriptable", obj.class.name)));
    }
    let items: Vec<Value> = obj
        .module
        .as_ref()
        .expect("caller checked")
        .borrow()
        .params
        .iter()
        .map(|(_, t)| t.clone().map_or(Value::None, Value::Tensor))
        .collect();
    interp.get_item(&Value::tuple(items), index)
}

pub fn module_setitem(interp: &mut Interp, obj: &Rc<Object>, index: Value, value: Value) -> R<()> {
    if !is_parameter_list(obj) {
        return Err(interp.type_error(format!(
            "'{}' object does not support item assignment",
            obj.class.name
        )));
    }
    let key = interp.index_int(&index)?.to_string();
    module_setattr(interp, obj, &key, value)
}

pub fn module_iter(interp: &mut Interp, obj: &Rc<Object>) -> R<Vec<Value>> {
    if !is_parameter_list(obj) {
        return Err(interp.type_error(format!("'{}' object is not iterable", obj.class.name)));
    }
    let st = obj.module.as_ref().expect("caller checked").borrow();
    Ok(st
        .params
        .iter()
        .filter_map(|(_, t)| t.clone().map(Value::Tensor))
        .collect())
}

/// Walk a module tree in `named_modules()` order (pre-order, each module once).
pub fn named_modules(root: &Rc<Object>) -> Vec<(String, Rc<Object>)> {
    let mut out: Vec<(String, Rc<Object>)> = Vec::new();
    let mut seen: std::collections::HashSet<*const Object> = Default::default();
    fn walk(
        prefix: String,
        m: &Rc<Object>,
        out: &mut Vec<(String, Rc<Object>)>,
        seen: &mut std::collections::HashSet<*const Object>,
    ) {
        if !seen.insert(Rc::as_ptr(m)) {
            return;
        }
        out.push((prefix.clone(), m.clone()));
        if let Some(st) = &m.module {
            let children: Vec<(String, Rc<Object>)> = st
                .borrow()
                .modules
                .iter()
                .filter_map(|(n, c)| c.clone().map(|c| (n.clone(), c)))
                .collect();
            for (n, c) in children {
                let p = if prefix.is_empty() {
                    n
                } else {
                    format!("{prefix}.{n}")
                };
                walk(p, &c, out, seen);
            }
        }
    }
    walk(String::new(), root, &mut out, &mut seen);
    out
}

/// `named_parameters()`: qualified names in registration order, each tensor once.
pub fn named_parameters(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>)> {
    let mut out: Vec<(String, Rc<Tensor>)> = Vec::new();
    let mut seen: std::collections::HashSet<*const Tensor> = Default::default();
    for (prefix, m) in named_modules(root) {
        let st = m.module.as_ref().expect("modules have state").borrow();
        for (n, t) in &st.params {
            let Some(t) = t else { continue };
            if !seen.insert(Rc::as_ptr(t)) {
                continue;
            }
            out.push((qual(&prefix, n), t.clone()));
        }
    }
    out
}

/// `named_parameters(remove_duplicate=False)`: tied parameters under each name.
pub fn named_parameters_with_duplicates(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>)> {
    let mut out = Vec::new();
    for (prefix, m) in named_modules(root) {
        let st = m.module.as_ref().expect("modules have state").borrow();
        for (n, t) in &st.params {
            if let Some(t) = t {
                out.push((qual(&prefix, n), t.clone()));
            }
        }
    }
    out
}

/// `named_buffers()` with persistence.
pub fn named_buffers(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>, bool)> {
    let mut out: Vec<(String, Rc<Tensor>, bool)> = Vec::new();
    let mut seen: std::collections::HashSet<*const Tensor> = Default::default();
    for (prefix, m) in named_modules(root) {
        let st = m.module.as_ref().expect("modules have state").borrow();
        for (n, t, persistent) in &st.buffers {
            let Some(t) = t else { continue };
            if !seen.insert(Rc::as_ptr(t)) {
                continue;
            }
            out.push((qual(&prefix, n), t.clone(), *persistent));
        }
    }
    out
}

/// Plain tensor attributes (lifted as constants).
pub fn named_constants(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>)> {
    let mut out = Vec::new();
    for (prefix, m) in named_modules(root) {
        for (n, v) in m.attrs.borrow().iter() {
            if let Value::Tensor(t) = v {
                out.push((qual(&prefix, n), t.clone()));
            }
        }
    }
    out
}

fn qual(prefix: &str, n: &str) -> String {
    if prefix.is_empty() {
        n.to_string()
    } else {
        format!("{prefix}.{n}")
    }
}

fn set_training(m: &Rc<Object>, mode: bool) {
    for (_, sub) in named_modules(m) {
        if let Some(st) = &sub.module {
            st.borrow_mut().training = mode;
        }
    }
}

/// nn.Module methods called on any module.
pub fn call_module_method(
    interp: &mut Interp,
    recv: &Value,
    method: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let Value::Object(obj) = recv else {
        return Err(interp.type_error("module method on a non-module"));
    };
    let arg = |i: usize, k: &str| {
        args.get(i)
            .cloned()
            .or_else(|| kwargs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()))
    };
    match method {
        "__init__" => Ok(Value::None),
        "forward" | "__call__" => interp.call_module(obj.clone(), args, kwargs),
        "register_buffer" => {
            let Some(Value::Str(name)) = arg(0, "name") else {
                return Err(interp.type_error("register_buffer(): name must be a string"));
            };
            let persistent = !matches!(arg(2, "persistent"), Some(Value::Bool(false)));
            let t = match arg(1, "tensor") {
                Some(Value::Tensor(t)) => {
                    let nt = match interp.clone_tensor_as(
                        &t,
                        Provenance::Buffer { persistent },
                        false,
                    ) {
                        Value::Tensor(nt) => nt,
                        _ => unreachable!("tensor"),
                    };
                    if interp.keep_state_nodes {
                        nt.node.set(t.node.get());
                    }
                    Some(nt)
                }
                _ => None,
            };
            let st = obj.module.as_ref().expect("module");
            let mut st = st.borrow_mut();
            match st.buffers.iter_mut().find(|(n, _, _)| **n == *name) {
                Some(slot) => *slot = (name.to_string(), t, persistent),
                None => st.buffers.push((name.to_string(), t, persistent)),
            }
            Ok(Value::None)
        }
        "register_parameter" => {
            let Some(Value::Str(name)) = arg(0, "name") else {
                return Err(interp.type_error("register_parameter(): name must be a string"));
            };
            let t = match arg(1, "param") {
                Some(Value::Tensor(t)) => Some(as_param(interp, &t)),
                _ => None,
            };
            // Registering a name again replaces its slot, in place.
            let state = obj.module.as_ref().expect("module");
            let mut st = state.borrow_mut();
            match st.params.iter_mut().find(|(n, _)| **n == *name) {
                Some(slot) => slot.1 = t,
                None => st.params.push((name.to_string(), t)),
            }
            Ok(Value::None)
        }
        "add_module" | "register_module" => {
            let Some(Value::Str(name)) = arg(0, "name") else {
                return Err(interp.type_error("add_module(): name must be a string"));
            };
            let module = arg(1, "module").unwrap_or(Value::None);
            if module.is_none() {
                // `add_module(name, None)` registers an empty slot: it counts
                // in `len()` and iterates as `None` (ModuleList.append(None)).
                if let Some(state) = obj.module.as_ref() {
                    let mut st = state.borrow_mut();
                    match st.modules.iter_mut().find(|(n, _)| *n == *name) {
                        Some(slot) => slot.1 = None,
                        None => st.modules.push((name.to_string(), None)),
                    }
                }
                obj.attrs.borrow_mut().retain(|(n, _)| *n != *name);
                return Ok(Value::None);
            }
            module_setattr(interp, obj, &name, module)?;
            Ok(Value::None)
        }
        "train" => {
            let mode = !matches!(arg(0, "mode"), Some(Value::Bool(false)));
            set_training(obj, mode);
            Ok(recv.clone())
        }
        "eval" => {
            set_training(obj, false);
            Ok(recv.clone())
        }
        "to" | "cpu" | "cuda" | "float" | "double" | "half" | "requires_grad_" | "apply"
        | "share_memory" => Ok(recv.clone()),
        "zero_grad" | "load_state_dict" => Ok(Value::None),
        "parameters" => Ok(Value::list(
            named_parameters(obj)
                .into_iter()
                .map(|(_, t)| Value::Tensor(t))
                .collect(),
        )),
        "named_parameters" => Ok(Value::list(
            named_parameters(obj)
                .into_iter()
                .map(|(n, t)| Value::tuple(vec![Value::str(&n), Value::Tensor(t)]))
                .collect(),
        )),
        "buffers" => Ok(Value::list(
            named_buffers(obj)
                .into_iter()
                .map(|(_, t, _)| Value::Tensor(t))
                .collect(),
        )),
        "named_buffers" => Ok(Value::list(
            named_buffers(obj)
                .into_iter()
                .map(|(n, t, _)| Value::tuple(vec![Value::str(&n), Value::Tensor(t)]))
                .collect(),
        )),
        "children" | "named_children" => {
            let st = obj.module.as_ref().expect("module").borrow();
            let items: Vec<Value> = st
                .modules
                .iter()
                .filter_map(|(n, m)| {
                    m.clone().map(|m| {
                        if method == "children" {
                            Value::Object(m)
                        } else {
                            Value::tuple(vec![Value::str(n), Value::Object(m)])
                        }
                    })
                })
                .collect();
            Ok(Value::list(items))
        }
        "modules" | "named_modules" => Ok(Value::list(
            named_modules(obj)
                .into_iter()
                .map(|(n, m)| {
                    if method == "modules" {
                        Value::Object(m)
                    } else {
                        Value::tuple(vec![Value::str(&n), Value::Object(m)])
                    }
                })
                .collect(),
        )),
        "state_dict" => {
            let mut d = Dict::default();
            for (n, t) in named_parameters(obj) {
                d.insert(Value::str(&n), Value::Tensor(t));
            }
            for (n, t, persistent) in named_buffers(obj) {
                if persistent {
                    d.insert(Value::str(&n), Value::Tensor(t));
                }
            }
            Ok(Value::Dict(Rc::new(std::cell::RefCell::new(d))))
        }
        "get_submodule" => {
            let Some(Value::Str(path)) = arg(0, "target") else {
                return Ok(recv.clone());
            };
            let mut cur = recv.clone();
            for part in path.split('.').filter(|p| !p.is_empty()) {
                cur = interp.get_attr(&cur, part)?;
            }
            Ok(cur)
        }
        "extra_repr" => Ok(Value::str("")),
        _ => {
            let r = interp.current_range();
            Ok(interp.incomplete(
                r,
                format!("analysis incomplete: `nn.Module.{method}` is not modelled"),
            ))
        }
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
    st.params
        .iter()
        .find(|(n, _)| n == k)
        .and_then(|(_, t)| t.clone())
        .or_else(|| {
            st.buffers
                .iter()
                .find(|(n, _, _)| n == k)
                .and_then(|(_, t, _)| t.clone())
        })
        .map_or(Value::None, Value::Tensor)
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

fn fwd_linear(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Linear")?;
    let mut a = vec![x, param(obj, "weight")];
    let bias = param(obj, "bias");
    if !bias.is_none() {
        a.push(bias);
    }
    f(interp, "linear", a, vec![])
}

fn fwd_conv(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Conv")?;
    let nd = match &*obj.class.name {
        "Conv1d" => 1,
        "Conv3d" => 3,
        _ => 2,
    };
    let name = format!("conv{nd}d");
    let a = vec![
        x,
        param(obj, "weight"),
        param(obj, "bias"),
        cfg(obj, "stride"),
        cfg(obj, "padding"),
        cfg(obj, "dilation"),
        cfg(obj, "groups"),
    ];
    f(interp, &name, a, vec![])
}

fn fwd_conv_transpose(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "ConvTranspose")?;
    let nd = if obj.class.name.contains("1d") { 1 } else { 2 };
    let a = vec![
        x,
        param(obj, "weight"),
        param(obj, "bias"),
        cfg(obj, "stride"),
        cfg(obj, "padding"),
        cfg(obj, "output_padding"),
        cfg(obj, "groups"),
        cfg(obj, "dilation"),
    ];
    f(interp, &format!("conv_transpose{nd}d"), a, vec![])
}

fn fwd_embedding(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Embedding")?;
    f(interp, "embedding", vec![x, param(obj, "weight")], vec![])
}

fn fwd_identity(
    interp: &mut Interp,
    _: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    input(interp, &args, "Identity")
}

fn fwd_flatten(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Flatten")?;
    interp.call_op_by_method(
        "flatten",
        x,
        vec![cfg(obj, "start_dim"), cfg(obj, "end_dim")],
        vec![],
    )
}

fn fwd_unflatten(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "Unflatten")?;
    interp.call_op_by_method(
        "unflatten",
        x,
        vec![cfg(obj, "dim"), cfg(obj, "unflattened_size")],
        vec![],
    )
}

fn fwd_unsupported(
    interp: &mut Interp,
    obj: &Rc<Object>,
    _: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    Err(interp.fail(
        FailureKind::Other,
        format!(
            "{} has no forward of its own (call its items)",
            obj.class.name
        ),
    ))
}

fn tensor_of(v: &Value) -> Option<Rc<Tensor>> {
    v.as_tensor().cloned()
}

/// MultiheadAttention's forward as torch records it (the slow path with
/// packed in-projection and scaled_dot_product_attention).
fn fwd_mha(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let get = |i: usize, k: &str| {
        args.get(i)
            .cloned()
            .or_else(|| kwargs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()))
            .unwrap_or(Value::None)
    };
    let (q, k, v) = (get(0, "query"), get(1, "key"), get(2, "value"));
    let batch_first = matches!(cfg(obj, "batch_first"), Value::Bool(true));
    let heads = cfg(obj, "num_heads").as_int().unwrap_or(1);
    let e = cfg(obj, "embed_dim").as_int().unwrap_or(1);
    let hd = e / heads.max(1);
    let same = matches!((&q, &k), (Value::Tensor(a), Value::Tensor(b)) if Rc::ptr_eq(a, b));
    // Cross-attention over one memory (`mha(x, mem, mem)`): torch projects
    // key and value together.
    let kv_same =
        !same && matches!((&k, &v), (Value::Tensor(a), Value::Tensor(b)) if Rc::ptr_eq(a, b));
    let (q, k, v) = if batch_first {
        let qt =
            interp.call_op_by_method("transpose", q, vec![Value::Int(1), Value::Int(0)], vec![])?;
        if same {
            (qt.clone(), qt.clone(), qt)
        } else if kv_same {
            let kt = interp.call_op_by_method(
                "transpose",
                k,
                vec![Value::Int(1), Value::Int(0)],
                vec![],
            )?;
            (qt, kt.clone(), kt)
        } else {
            let kt = interp.call_op_by_method(
                "transpose",
                k,
                vec![Value::Int(1), Value::Int(0)],
                vec![],
            )?;
            let vt = interp.call_op_by_method(
                "transpose",
                v,
                vec![Value::Int(1), Value::Int(0)],
                vec![],
            )?;
            (qt, kt, vt)
        }
    } else {
        (q, k, v)
    };
    let Some(qt) = tensor_of(&q) else {
        return Err(interp.type_error("MultiheadAttention expects tensors"));
    };
    if same
        && qt.rank() == 3
        && matches!((&k, &v), (Value::Tensor(a), Value::Tensor(b)) if Rc::ptr_eq(a, b))
    {
        // torch's fast-path check of batched self-attention reads
        // in_proj_bias before in_proj_weight: Dynamo lifts them so.
        lift_in_order(interp, obj, &["in_proj_bias", "in_proj_weight"]);
    }
    if qt.rank() != 3 {
        return Err(interp.fail(
            FailureKind::Incomplete,
            "analysis incomplete: unbatched MultiheadAttention is not modelled",
        ));
    }
    let (tgt, bsz) = (qt.shape[0].clone(), qt.shape[1].clone());
    let w = param(obj, "in_proj_weight");
    let bias = param(obj, "in_proj_bias");
    // A packed projection: `linear`, then the `n` projections split off the
    // last dim as torch does (unflatten, move the pack dim first, select).
    let packed = |interp: &mut Interp, x: Value, w: Value, b: Value, n: i64| -> R<Vec<Value>> {
        let proj = f(interp, "linear", vec![x, w, b], vec![])?;
        let proj = interp.call_op_by_method(
            "unflatten",
            proj,
            vec![
                Value::Int(-1),
                Value::tuple(vec![Value::Int(n), Value::Int(e)]),
            ],
            vec![],
        )?;
        let proj = interp.call_op_by_method("unsqueeze", proj, vec![Value::Int(0)], vec![])?;
        let proj = interp.call_op_by_method(
            "transpose",
            proj,
            vec![Value::Int(0), Value::Int(-2)],
            vec![],
        )?;
        let proj = interp.call_op_by_method("squeeze", proj, vec![Value::Int(-2)], vec![])?;
        let proj = interp.call_op_by_method("contiguous", proj, vec![], vec![])?;
        (0..n)
            .map(|i| {
                interp.call_op_by_method(
                    "select",
                    proj.clone(),
                    vec![Value::Int(0), Value::Int(i)],
                    vec![],
                )
            })
            .collect()
    };
    let (qp, kp, vp) = if same {
        let p = packed(interp, q.clone(), w, bias, 3)?;
        (p[0].clone(), p[1].clone(), p[2].clone())
    } else if kv_same {
        let sections = Value::list(vec![Value::Int(e), Value::Int(2 * e)]);
        let ws = interp.call_op_by_method("split", w, vec![sections.clone()], vec![])?;
        let ws = interp.iterate(&ws)?;
        let bs = if bias.is_none() {
            vec![Value::None; 2]
        } else {
            let b = interp.call_op_by_method("split", bias, vec![sections], vec![])?;
            interp.iterate(&b)?
        };
        let a = f(
            interp,
            "linear",
            vec![q.clone(), ws[0].clone(), bs[0].clone()],
            vec![],
        )?;
        let p = packed(interp, k.clone(), ws[1].clone(), bs[1].clone(), 2)?;
        (a, p[0].clone(), p[1].clone())
    } else {
        let ws = interp.call_op_by_method("chunk", w, vec![Value::Int(3)], vec![])?;
        let ws = interp.iterate(&ws)?;
        let bs = if bias.is_none() {
            vec![Value::None; 3]
        } else {
            let b = interp.call_op_by_method("chunk", bias, vec![Value::Int(3)], vec![])?;
            interp.iterate(&b)?
        };
        let a = f(
            interp,
            "linear",
            vec![q.clone(), ws[0].clone(), bs[0].clone()],
            vec![],
        )?;
        let b = f(
            interp,
            "linear",
            vec![k.clone(), ws[1].clone(), bs[1].clone()],
            vec![],
        )?;
        let c = f(
            interp,
            "linear",
            vec![v.clone(), ws[2].clone(), bs[2].clone()],
            vec![],
        )?;
        (a, b, c)
    };
    let bh = interp.binop(
        syntax::ast::BinOp::Mul,
        interp.sym_value(bsz.clone()),
        Value::Int(heads),
    )?;
    let to_heads = |interp: &mut Interp, x: Value| -> R<Value> {
        let x = interp.call_op_by_method(
            "view",
            x,
            vec![Value::Int(-1), bh.clone(), Value::Int(hd)],
            vec![],
        )?;
        interp.call_op_by_method("transpose", x, vec![Value::Int(0), Value::Int(1)], vec![])
    };
    let qh = to_heads(interp, qp)?;
    let kh = to_heads(interp, kp)?;
    let vh = to_heads(interp, vp)?;
    let b_v = interp.sym_value(bsz.clone());
    let split = |interp: &mut Interp, x: Value| -> R<Value> {
        interp.call_op_by_method(
            "view",
            x,
            vec![
                b_v.clone(),
                Value::Int(heads),
                Value::Int(-1),
                Value::Int(hd),
            ],
            vec![],
        )
    };
    let qh = split(interp, qh)?;
    let kh = split(interp, kh)?;
    let vh = split(interp, vh)?;
    let mask = get(3, "key_padding_mask");
    let attn_mask = get(5, "attn_mask");
    let mask = if attn_mask.is_none() { mask } else { attn_mask };
    let p = if training(obj) {
        cfg(obj, "dropout")
    } else {
        Value::Float(0.0)
    };
    let mut sd_args = vec![qh, kh, vh];
    if !mask.is_none() {
        sd_args.push(mask);
    }
    let out = f(
        interp,
        "scaled_dot_product_attention",
        sd_args,
        vec![("dropout_p".into(), p)],
    )?;
    let out = interp.call_op_by_method(
        "permute",
        out,
        vec![Value::Int(2), Value::Int(0), Value::Int(1), Value::Int(3)],
        vec![],
    )?;
    let n = interp.binop(
        syntax::ast::BinOp::Mul,
        b_v.clone(),
        interp.sym_value(tgt.clone()),
    )?;
    let out = interp.call_op_by_method("reshape", out, vec![n, Value::Int(e)], vec![])?;
    let out_proj = obj
        .module
        .as_ref()
        .expect("module")
        .borrow()
        .modules
        .iter()
        .find(|(n, _)| n == "out_proj")
        .and_then(|(_, m)| m.clone());
    let out = match out_proj {
        Some(m) => f(
            interp,
            "linear",
            vec![out, param(&m, "weight"), param(&m, "bias")],
            vec![],
        )?,
        None => out,
    };
    let out = interp.call_op_by_method(
        "view",
        out,
        vec![interp.sym_value(tgt), b_v, Value::Int(e)],
        vec![],
    )?;
    let out = if batch_first {
        interp.call_op_by_method("transpose", out, vec![Value::Int(1), Value::Int(0)], vec![])?
    } else {
        out
    };
    Ok(Value::tuple(vec![out, Value::None]))
}

fn fwd_encoder_layer(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "TransformerEncoderLayer")?;
    let sub = |name: &str| -> Option<Rc<Object>> {
        obj.module
            .as_ref()
            .expect("module")
            .borrow()
            .modules
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, m)| m.clone())
    };
    let (Some(sa), Some(l1), Some(d), Some(l2), Some(n1), Some(n2), Some(d1), Some(d2)) = (
        sub("self_attn"),
        sub("linear1"),
        sub("dropout"),
        sub("linear2"),
        sub("norm1"),
        sub("norm2"),
        sub("dropout1"),
        sub("dropout2"),
    ) else {
        return Err(interp.type_error("TransformerEncoderLayer is missing submodules"));
    };
    let norm_first = matches!(cfg(obj, "norm_first"), Value::Bool(true));
    let batched = tensor_of(&x).is_some_and(|t| t.rank() == 3);
    if batched
        && !training(obj)
        && matches!(cfg(&sa, "batch_first"), Value::Bool(true))
        && !param(&sa, "in_proj_bias").is_none()
        && cfg(&sa, "num_heads").as_int().is_some_and(|h| h % 2 == 0)
        && eps_of(&n1) == eps_of(&n2)
    {
        // torch's fast-path check reads in_proj_bias, then the tensors it
        // would pass to the fused kernel: Dynamo lifts them in that order.
        lift_in_order(interp, &sa, &["in_proj_bias", "in_proj_weight"]);
        let out_proj = submodule(&sa, "out_proj");
        for (m, names) in [
            (out_proj.as_ref(), &["weight", "bias"]),
            (Some(&n1), &["weight", "bias"]),
            (Some(&n2), &["weight", "bias"]),
            (Some(&l1), &["weight", "bias"]),
            (Some(&l2), &["weight", "bias"]),
        ] {
            if let Some(m) = m {
                lift_in_order(interp, m, names);
            }
        }
    }
    let sa_block = |interp: &mut Interp, x: Value| -> R<Value> {
        let r = interp.call_module(
            sa.clone(),
            vec![x.clone(), x.clone(), x],
            vec![("need_weights".into(), Value::Bool(false))],
        )?;
        let r = interp.get_item(&r, Value::Int(0))?;
        interp.call_module(d1.clone(), vec![r], vec![])
    };
    let ff_block = |interp: &mut Interp, x: Value| -> R<Value> {
        let h = interp.call_module(l1.clone(), vec![x], vec![])?;
        let h = f(interp, "relu", vec![h], vec![])?;
        let h = interp.call_module(d.clone(), vec![h], vec![])?;
        let h = interp.call_module(l2.clone(), vec![h], vec![])?;
        interp.call_module(d2.clone(), vec![h], vec![])
    };
    if norm_first {
        let h = interp.call_module(n1.clone(), vec![x.clone()], vec![])?;
        let s = sa_block(interp, h)?;
        let x = interp.binop(syntax::ast::BinOp::Add, x, s)?;
        let h = interp.call_module(n2.clone(), vec![x.clone()], vec![])?;
        let s = ff_block(interp, h)?;
        interp.binop(syntax::ast::BinOp::Add, x, s)
    } else {
        let s = sa_block(interp, x.clone())?;
        let x = interp.binop(syntax::ast::BinOp::Add, x, s)?;
        let x = interp.call_module(n1, vec![x], vec![])?;
        let s = ff_block(interp, x.clone())?;
        let x = interp.binop(syntax::ast::BinOp::Add, x, s)?;
        interp.call_module(n2, vec![x], vec![])
    }
}

fn submodule(obj: &Rc<Object>, name: &str) -> Option<Rc<Object>> {
    obj.module
        .as_ref()?
        .borrow()
        .modules
        .iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, m)| m.clone())
}

fn eps_of(norm: &Rc<Object>) -> Option<f64> {
    match norm.get_attr("eps").unwrap_or_else(|| cfg(norm, "eps")) {
        Value::Float(f) => Some(f),
        Value::Int(i) => Some(i as f64),
        _ => None,
    }
}

/// In strict mode, lift the named parameters of `obj` as graph inputs now,
/// in this order: torch reads them in Python checks before using them, and
/// Dynamo lifts state in the order it is first read.
fn lift_in_order(interp: &mut Interp, obj: &Rc<Object>, names: &[&str]) {
    if !interp.tracing || interp.mode != crate::Mode::Strict {
        return;
    }
    for name in names {
        if let Value::Tensor(t) = param(obj, name) {
            interp.tensor_node(&t);
        }
    }
}

/// LSTM/GRU: zero initial states, `aten.lstm.input`/`aten.gru.input`, and
/// the time dimension specialized to its example value.
fn fwd_rnn(
    interp: &mut Interp,
    obj: &Rc<Object>,
    args: Vec<Value>,
    _: Vec<(String, Value)>,
) -> R<Value> {
    let x = input(interp, &args, "RNN")?;
    let Some(xt) = tensor_of(&x) else {
        return Ok(x);
    };
    if xt.rank() != 3 {
        return Err(interp.fail(
            FailureKind::Incomplete,
            "analysis incomplete: unbatched RNN input is not modelled",
        ));
    }
    let is_lstm = &*obj.class.name == "LSTM";
    let batch_first = matches!(cfg(obj, "batch_first"), Value::Bool(true));
    let h = cfg(obj, "hidden_size").as_int().unwrap_or(1);
    let layers = cfg(obj, "num_layers").as_int().unwrap_or(1);
    let dirs = if matches!(cfg(obj, "bidirectional"), Value::Bool(true)) {
        2
    } else {
        1
    };
    let (b, tdim) = if batch_first {
        (xt.shape[0].clone(), 1)
    } else {
        (xt.shape[1].clone(), 0)
    };
    // The RNN kernel needs a concrete sequence length.
    interp.index_int(&Value::SymInt(xt.shape[tdim].clone()))?;
    let state_shape = vec![
        Value::Int(layers * dirs),
        interp.sym_value(b.clone()),
        Value::Int(h),
    ];
    let h0 = args.get(1).cloned().filter(|v| !v.is_none());
    let (hx, cx) = match h0 {
        Some(Value::Tuple(t)) if t.len() == 2 => (t[0].clone(), Some(t[1].clone())),
        Some(v) => (v, None),
        None => {
            let z = interp.call_op_function(
                "zeros",
                vec![Value::tuple(state_shape.clone())],
                vec![],
            )?;
            let c = if is_lstm {
                Some(interp.call_op_function(
                    "zeros",
                    vec![Value::tuple(state_shape.clone())],
                    vec![],
                )?)
            } else {
                None
            };
            (z, c)
        }
    };
    let params: Vec<Value> = obj
        .module
        .as_ref()
        .expect("module")
        .borrow()
        .params
        .iter()
        .filter_map(|(_, t)| t.clone().map(Value::Tensor))
        .collect();
    let mut out_shape = xt.shape.clone();
    let last = out_shape.len() - 1;
    out_shape[last] = SymExpr::int(h * dirs);
    let st_shape = vec![SymExpr::int(layers * dirs), b, SymExpr::int(h)];
    let mut a = vec![interp.arg_of(&x)];
    let mut states = vec![interp.arg_of(&hx)];
    if let Some(c) = &cx {
        states.push(interp.arg_of(c));
    }
    a.push(crate::graph::Arg::List(states));
    a.push(crate::graph::Arg::List(
        params.iter().map(|p| interp.arg_of(p)).collect(),
    ));
    let target = if is_lstm {
        "aten.lstm.input"
    } else {
        "aten.gru.input"
    };
    let mut outs = vec![(xt.dtype, out_shape), (xt.dtype, st_shape.clone())];
    if is_lstm {
        outs.push((xt.dtype, st_shape));
    }
    let r = crate::ops::meta::tuple_op(interp, target, a, outs)?;
    let items = interp.iterate(&r)?;
    if is_lstm {
        Ok(Value::tuple(vec![
            items[0].clone(),
            Value::tuple(vec![items[1].clone(), items[2].clone()]),
        ]))
    } else {
        Ok(Value::tuple(vec![items[0].clone(), items[1].clone()]))
    }
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
    fn linear_registers_weight_then_bias() {
        let mut c = Config::new();
        c.insert("in_features".into(), Value::Int(5));
        c.insert("out_features".into(), Value::Int(3));
        c.insert("bias".into(), Value::Bool(true));
        let s = linear_state(&c);
        assert_eq!(s[0].name, "weight");
        assert_eq!(s[0].shape, vec![3, 5]);
        assert_eq!(s[1].shape, vec![3]);
    }

    #[test]
    fn lstm_state_per_layer() {
        let mut c = Config::new();
        c.insert("input_size".into(), Value::Int(32));
        c.insert("hidden_size".into(), Value::Int(48));
        c.insert("num_layers".into(), Value::Int(2));
        c.insert("bias".into(), Value::Bool(true));
        let s = lstm_state(&c);
        assert_eq!(s.len(), 8);
        assert_eq!(s[0].shape, vec![192, 32]);
        assert_eq!(s[4].shape, vec![192, 48]);
    }
}
