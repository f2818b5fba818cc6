//! The op registry: torch's tensor operations as data. Each [`OpDef`] lists
//! the Python spellings of one op (torch functions, `F.` functions, Tensor
//! methods), its signature for argument binding, the ATen targets torch 2.15
//! records for it, and a meta function computing the result's dtype and
//! shape (adding the guards torch adds). Dispatch from Python calls to
//! entries lives here too, and [`all_targets`], every ATen target the
//! tracer records (the registry's and the special forms' [`SPECIAL_TARGETS`]).
//!
//! To add an op: add an entry to [`registry::OPS`] (reuse a meta family from
//! [`meta`] where one fits) and a test in `tests/ops.rs`.

pub mod custom;
pub mod declared;
pub mod index;
pub mod meta;
pub mod registry;
pub mod return_types;
pub mod special;
pub mod values;
pub mod views;

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use super::interp::{Interp, R};
use crate::value::Value;

/// The meta function of an op: computes (and records) its result.
pub type MetaFn = fn(&mut Interp, &OpCall) -> R<Value>;

/// One op of the registry.
pub struct OpDef {
    /// Python spellings: `torch.add`, `torch.nn.functional.relu`, and
    /// `Tensor.add` for methods.
    pub names: &'static [&'static str],
    /// Python signature used to bind arguments: `input, other, *, alpha=1`.
    /// `*size` collects the remaining positionals (a single tuple argument
    /// is accepted too, as torch does).
    pub sig: &'static str,
    /// ATen targets: index 0 is the default overload; meta functions pick
    /// another by their documented convention.
    pub targets: &'static [&'static str],
    pub meta: MetaFn,
}

/// A call being dispatched: the op, its bound arguments, and whether the
/// in-place variant (`x.add_`) was called.
pub struct OpCall {
    pub def: &'static OpDef,
    /// Bound arguments, one per signature parameter, in signature order.
    pub args: Vec<Value>,
    pub names: Vec<&'static str>,
    pub inplace: bool,
    /// The Python spelling used (`torch.relu`, `Tensor.relu_`).
    pub spelling: Rc<str>,
    /// How many arguments the call passed, positionally and by keyword
    /// (Dynamo's handlers of some functions look at the call's form).
    pub passed: (usize, usize),
}

/// The value of an argument not given (`Value` has drop glue, so
/// `&Value::None` is not promoted to a constant).
const NONE: &Value = &Value::None;

impl OpCall {
    pub fn get(&self, name: &str) -> &Value {
        self.names
            .iter()
            .position(|n| *n == name)
            .map(|i| &self.args[i])
            .unwrap_or(NONE)
    }

    pub fn arg(&self, i: usize) -> &Value {
        self.args.get(i).unwrap_or(NONE)
    }

    pub fn target(&self, i: usize) -> String {
        let t = self
            .def
            .targets
            .get(i)
            .copied()
            .unwrap_or(self.def.targets[0]);
        if self.inplace {
            inplace_target(t)
        } else {
            t.to_string()
        }
    }
}

/// ATen targets recorded outside [`registry::OPS`], as they are recorded:
/// the torch functions and Tensor methods of [`special`] (constructors,
/// `arange`, `linspace`, `logspace`, the window functions, `meshgrid`,
/// lifted constants), the conversions of
/// [`views`], indexing ([`index`]) and the interpreter's own nodes
/// (`.item()`, symbolic sizes, runtime assertions).
pub const SPECIAL_TARGETS: &[&str] = &[
    "aten._assert_async.default",
    "aten._assert_async.msg",
    "aten._assert_scalar.default",
    "aten._assert_tensor_metadata.default",
    "aten.alias.default",
    "aten.arange.default",
    "aten.arange.start",
    "aten.arange.start_step",
    "aten.bartlett_window.default",
    "aten.bartlett_window.periodic",
    "aten.blackman_window.default",
    "aten.blackman_window.periodic",
    "aten.copy_.default",
    "aten.detach_.default",
    "aten.empty.memory_format",
    "aten.empty_like.default",
    "aten.eye.default",
    "aten.fill_.Scalar",
    "aten.full.default",
    "aten.full_like.default",
    "aten.hamming_window.default",
    "aten.hamming_window.periodic",
    "aten.hamming_window.periodic_alpha",
    "aten.hamming_window.periodic_alpha_beta",
    "aten.hann_window.default",
    "aten.hann_window.periodic",
    "aten.index.Tensor",
    "aten.index_put_.default",
    "aten.item.default",
    "aten.kaiser_window.beta",
    "aten.kaiser_window.default",
    "aten.kaiser_window.periodic",
    "aten.lift_fresh_copy.default",
    "aten.linspace.default",
    "aten.linspace.Scalar_Tensor",
    "aten.linspace.Tensor_Scalar",
    "aten.linspace.Tensor_Tensor",
    "aten.logspace.default",
    "aten.meshgrid.default",
    "aten.meshgrid.indexing",
    "aten.new_empty.default",
    "aten.new_full.default",
    "aten.new_ones.default",
    "aten.new_zeros.default",
    "aten.ones.default",
    "aten.ones_like.default",
    "aten.rand.default",
    "aten.rand.generator",
    "aten.rand_like.default",
    "aten.randint.default",
    "aten.randn.default",
    "aten.randn.generator",
    "aten.randn_like.default",
    "aten.randperm.default",
    "aten.scalar_tensor.default",
    "aten.sym_size.int",
    "aten.to.device",
    "aten.to.dtype",
    "aten.to.dtype_layout",
    "aten.zeros.default",
    "aten.zeros_like.default",
];

/// Every ATen target the tracer records: the registry's targets, then
/// [`SPECIAL_TARGETS`]. A call of a registry op's in-place method records
/// [`inplace_target`] of one of its targets instead.
pub fn all_targets() -> impl Iterator<Item = &'static str> {
    registry::OPS
        .iter()
        .flat_map(|def| def.targets.iter().copied())
        .chain(SPECIAL_TARGETS.iter().copied())
}

/// In-place overloads ATen names apart from the out-of-place one they
/// stand for: (out-of-place target, in-place target).
const INPLACE_RENAMED: &[(&str, &str)] = &[
    ("aten.pow.Tensor_Scalar", "aten.pow_.Scalar"),
    ("aten.pow.Tensor_Tensor", "aten.pow_.Tensor"),
    ("aten.floor_divide.default", "aten.floor_divide_.Tensor"),
    ("aten.transpose.int", "aten.transpose_.default"),
];

/// `aten.add.Tensor` -> `aten.add_.Tensor` (`aten.pow.Tensor_Scalar` ->
/// `aten.pow_.Scalar`: [`INPLACE_RENAMED`]).
pub fn inplace_target(t: &str) -> String {
    if let Some((_, inplace)) = INPLACE_RENAMED.iter().find(|(out, _)| *out == t) {
        return inplace.to_string();
    }
    let mut parts: Vec<String> = t.split('.').map(str::to_string).collect();
    if parts.len() == 3 && !parts[1].ends_with('_') {
        parts[1].push('_');
    }
    parts.join(".")
}

struct Param {
    name: &'static str,
    default: Option<&'static str>,
    kw_only: bool,
    varargs: bool,
}

struct Index {
    by_name: HashMap<&'static str, &'static OpDef>,
    /// `torch.ops.aten.NAME` for every op spelled `torch.ops.aten.NAME.OVERLOAD`.
    packets: std::collections::HashSet<&'static str>,
    /// Parsed signatures, by position in [`registry::OPS`].
    sigs: Vec<Vec<Param>>,
    /// ATen packet name (`add`) -> the op whose targets are its overloads
    /// and whose Python spelling (`torch.add`, `Tensor.add`) is the same
    /// op, so the ATen schema binds as the Python signature does.
    aten: HashMap<&'static str, &'static OpDef>,
}

/// Position of an entry in [`registry::OPS`].
fn position(def: &'static OpDef) -> usize {
    (def as *const OpDef as usize - registry::OPS.as_ptr() as usize) / std::mem::size_of::<OpDef>()
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_name = HashMap::new();
        let mut packets = std::collections::HashSet::new();
        let mut sigs = Vec::with_capacity(registry::OPS.len());
        let mut aten = HashMap::new();
        for def in registry::OPS {
            for t in def.targets {
                let Some(packet) = t
                    .strip_prefix("aten.")
                    .and_then(|rest| rest.split('.').next())
                else {
                    continue;
                };
                let same_op = def.names.iter().any(|n| {
                    n.rsplit('.').next() == Some(packet)
                        && (n.starts_with("torch.") || n.starts_with("Tensor."))
                });
                if same_op {
                    aten.entry(packet).or_insert(def);
                }
            }
            for n in def.names {
                by_name.insert(*n, def);
                if n.starts_with("torch.ops.aten.")
                    && let Some((packet, _)) = n.rsplit_once('.')
                {
                    packets.insert(packet);
                }
            }
            sigs.push(parse_sig(def.sig));
        }
        Index {
            by_name,
            packets,
            sigs,
            aten,
        }
    })
}

fn parse_sig(sig: &'static str) -> Vec<Param> {
    let mut out = Vec::new();
    let mut kw_only = false;
    for part in sig.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if part == "*" {
            kw_only = true;
            continue;
        }
        if let Some(name) = part.strip_prefix('*') {
            out.push(Param {
                name,
                default: None,
                kw_only: false,
                varargs: true,
            });
            kw_only = true;
            continue;
        }
        let (name, default) = match part.split_once('=') {
            Some((n, d)) => (n.trim(), Some(d.trim())),
            None => (part, None),
        };
        out.push(Param {
            name,
            default,
            kw_only,
            varargs: false,
        });
    }
    out
}

fn default_value(d: &str) -> Value {
    match d {
        "None" => Value::None,
        "True" => Value::Bool(true),
        "False" => Value::Bool(false),
        "()" => Value::tuple(vec![]),
        s if s.starts_with('\'') => Value::str(s.trim_matches('\'')),
        s => match s.parse::<i64>() {
            Ok(i) => Value::Int(i),
            Err(_) => s.parse::<f64>().map(Value::Float).unwrap_or(Value::None),
        },
    }
}

/// Whether `full` is `torch.ops.aten` or an op packet under it
/// (`torch.ops.aten.upsample_nearest2d`), whose overloads are ops.
pub fn is_op_namespace(full: &str) -> bool {
    full == "torch.ops.aten"
        || index().packets.contains(full)
        || full
            .strip_prefix("torch.ops.aten.")
            .is_some_and(|p| !p.contains('.') && lookup_aten(full).is_some())
}

/// `torch.ops.aten.NAME.OVERLOAD`, or the packet `torch.ops.aten.NAME`
/// called without naming an overload (torch picks it by the arguments, as
/// the op's meta function does): the registry op whose targets are that
/// packet's overloads, and whether it is the in-place packet (`NAME_`).
/// A named overload must be one of the op's targets.
pub fn lookup_aten(full: &str) -> Option<(&'static OpDef, bool)> {
    if let Some(def) = lookup_function(full) {
        return Some((def, false));
    }
    // `torch.sigmoid_(x)`: the in-place function forms torch declares
    // beside their ops are the op applied in place on the first argument.
    if full.starts_with("torch.")
        && declared::is_declared(full)
        && let Some(def) = full.strip_suffix('_').and_then(lookup_function)
    {
        return Some((def, true));
    }
    let rest = full.strip_prefix("torch.ops.aten.")?;
    let (packet, overload) = match rest.split_once('.') {
        Some((p, o)) => (p, Some(o)),
        None => (rest, None),
    };
    let idx = index();
    let (def, inplace, base) = match idx.aten.get(packet) {
        Some(d) => (*d, false, packet),
        None => {
            let base = packet.strip_suffix('_')?;
            (*idx.aten.get(base)?, true, base)
        }
    };
    if let Some(o) = overload {
        let wanted = format!("aten.{base}.{o}");
        if !def.targets.iter().any(|t| *t == wanted) {
            return None;
        }
    }
    Some((def, inplace))
}

pub fn lookup_function(full: &str) -> Option<&'static OpDef> {
    index().by_name.get(full).copied()
}

pub fn lookup_method(name: &str) -> Option<(&'static OpDef, bool)> {
    let idx = index();
    if let Some(d) = idx.by_name.get(format!("Tensor.{name}").as_str()) {
        return Some((d, false));
    }
    let base = name.strip_suffix('_')?;
    idx.by_name
        .get(format!("Tensor.{base}").as_str())
        .map(|d| (*d, true))
}

fn bind(
    interp: &mut Interp,
    def: &'static OpDef,
    spelling: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
    inplace: bool,
) -> R<OpCall> {
    let params = &index().sigs[position(def)];
    let passed = (args.len(), kwargs.len());
    let (args, kwargs) = match by_declaration(params, spelling, &args, &kwargs) {
        Some(renamed) => renamed,
        None => (args, kwargs),
    };
    let mut bound: Vec<Option<Value>> = vec![None; params.len()];
    let mut pos = args.into_iter().peekable();
    for (i, p) in params.iter().enumerate() {
        if p.varargs {
            let rest: Vec<Value> = pos.by_ref().collect();
            let v = if rest.len() == 1 && matches!(rest[0], Value::Tuple(_) | Value::List(_)) {
                let items = interp.iterate(&rest[0])?;
                Value::tuple(items)
            } else {
                Value::tuple(rest)
            };
            bound[i] = Some(v);
            break;
        }
        if p.kw_only {
            break;
        }
        match pos.next() {
            Some(v) => bound[i] = Some(v),
            None => break,
        }
    }
    if pos.peek().is_some() {
        return Err(interp.type_error(format!("{spelling}() got too many positional arguments")));
    }
    for (k, v) in kwargs {
        let known = |name: &str| params.iter().any(|p| p.name == name);
        let key = match numpy_alias(&k) {
            Some(canonical) if !known(&k) && !spelling.starts_with("torch.nn.") => canonical,
            _ => k.as_str(),
        };
        let key = match key {
            "input" | "self" => params.first().map(|p| p.name).unwrap_or("input"),
            other => other,
        };
        match params.iter().position(|p| p.name == key) {
            Some(i) => {
                if params[i].varargs {
                    let items = interp.iterate(&v)?;
                    bound[i] = Some(Value::tuple(items));
                } else {
                    bound[i] = Some(v);
                }
            }
            None if k == "out" => {
                return Err(
                    interp.type_error(format!("{spelling}(): `out=` is not supported in export"))
                );
            }
            None => {
                return Err(interp.type_error(format!(
                    "{spelling}() got an unexpected keyword argument '{k}'"
                )));
            }
        }
    }
    let mut out = Vec::with_capacity(params.len());
    for (i, p) in params.iter().enumerate() {
        match bound[i].take() {
            Some(v) => out.push(v),
            None => match p.default {
                Some(d) => out.push(default_value(d)),
                None if p.varargs => out.push(Value::tuple(vec![])),
                None => {
                    return Err(interp.type_error(format!(
                        "{spelling}() missing required argument '{}'",
                        p.name
                    )));
                }
            },
        }
    }
    Ok(OpCall {
        def,
        args: out,
        names: params.iter().map(|p| p.name).collect(),
        inplace,
        spelling: Rc::from(spelling),
        passed,
    })
}

/// A call's positional and keyword arguments.
type PassedArgs = (Vec<Value>, Vec<(String, Value)>);

/// A call the registry's signature of its op cannot bind (a keyword it
/// spells otherwise, as `x.split(split_size=2)` against `torch.split`'s
/// `split_size_or_sections`), bound by torch's declared overloads of the
/// spelling used ([`declared::rebind`]) and passed on by the registry's
/// names: a declared parameter the registry names alike keeps its name, any
/// other takes the registry's parameter at its position. `None` when the
/// registry binds the call as it is, or no declaration helps.
/// The parameter a numpy-style keyword stands for: torch's argument parser
/// accepts `axis` for `dim`, `keepdims` for `keepdim`, `x`, `a` and `x1`
/// for `input` and `x2` for `other` in its C-bound functions and `Tensor`
/// methods (`x.sum(axis=1, keepdims=True)`), not in functions written in
/// Python such as `torch.nn.functional`'s.
fn numpy_alias(keyword: &str) -> Option<&'static str> {
    const ALIASES: &[(&str, &str)] = &[
        ("axis", "dim"),
        ("keepdims", "keepdim"),
        ("x", "input"),
        ("a", "input"),
        ("x1", "input"),
        ("x2", "other"),
    ];
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == keyword)
        .map(|(_, canonical)| *canonical)
}

fn by_declaration(
    params: &[Param],
    spelling: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Option<PassedArgs> {
    let positional_slots = params.iter().take_while(|p| !p.kw_only).count();
    let has_varargs = params.iter().any(|p| p.varargs);
    let binds_as_is = (has_varargs || args.len() <= positional_slots)
        && kwargs.iter().all(|(k, _)| {
            matches!(k.as_str(), "input" | "self" | "out") || params.iter().any(|p| p.name == k)
        });
    if binds_as_is {
        return None;
    }
    let method = spelling.starts_with("Tensor.");
    let (receiver, positional) = match (method, args.split_first()) {
        (true, Some((recv, rest))) => (Some(recv.clone()), rest),
        _ => (None, args),
    };
    let bound = declared::rebind(spelling, positional, kwargs)?;
    let offset = usize::from(method);
    let mut renamed = Vec::new();
    for (i, (param, value)) in bound.params.iter().zip(bound.values).enumerate() {
        let Some(value) = value else { continue };
        let target = match params.iter().find(|p| p.name == param.name) {
            Some(p) => p,
            None => params.get(i + offset).filter(|p| !p.varargs)?,
        };
        if renamed
            .iter()
            .any(|(k, _): &(String, Value)| k == target.name)
        {
            return None;
        }
        renamed.push((target.name.to_string(), value));
    }
    Some((receiver.into_iter().collect(), renamed))
}

/// Every attribute name of torch 2.15's `torch.Tensor` (`dir(torch.Tensor)`),
/// one a line: what a method the registry does not model may still be.
static TENSOR_ATTRIBUTES: &str = include_str!("tensor_attributes.txt");

/// Whether `torch.Tensor` has an attribute `name` at all, modelled or not.
pub fn is_torch_tensor_attribute(name: &str) -> bool {
    static SET: std::sync::LazyLock<std::collections::HashSet<&'static str>> =
        std::sync::LazyLock::new(|| TENSOR_ATTRIBUTES.lines().collect());
    SET.contains(name)
}

/// Whether tensors have a method `name` (the registry's or a special one):
/// `hasattr(x, "jax")` is false.
pub fn is_tensor_method(name: &str) -> bool {
    lookup_method(name).is_some() || special::TensorMethod::from_name(name).is_some()
}

/// A call given a channels-last memory format, as "analysis incomplete" at
/// the call (`what` names it, built only then): the tracer does not model
/// channels-last strides yet, so such a call is not followed.
fn channels_last_incomplete(
    interp: &mut Interp,
    what: impl FnOnce() -> String,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Option<Value> {
    let format = channels_last_format(args, kwargs)?;
    let r = interp.current_range();
    Some(interp.incomplete(
        r,
        format!(
            "analysis incomplete: {} with memory_format={format} (channels-last strides are not modelled)",
            what()
        ),
    ))
}

/// The channels-last memory format among a call's arguments, if any.
fn channels_last_format(args: &[Value], kwargs: &[(String, Value)]) -> Option<String> {
    args.iter()
        .chain(kwargs.iter().map(|(_, v)| v))
        .find_map(|v| match v {
            Value::Object(o)
                if o.class.prelude_namespace.is_some() && &*o.class.name == "memory_format" =>
            {
                match o.get_attr("_name") {
                    Some(Value::Str(ref name)) if name.starts_with("channels_last") => {
                        Some(format!("torch.{name}"))
                    }
                    _ => None,
                }
            }
            _ => None,
        })
}

/// `tensor.method(*args)`.
pub fn call_method(
    interp: &mut Interp,
    name: &str,
    recv: Value,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if let Some(u) = first_unknown(std::iter::once(&recv).chain(&args), &kwargs) {
        interp.note_unknown_use(&u);
        return Ok(u);
    }
    if let Some(v) = channels_last_incomplete(interp, || format!("`.{name}()`"), &args, &kwargs) {
        return Ok(v);
    }
    if let Some(r) = special::tensor_method(interp, name, &recv, &args, &kwargs)? {
        return Ok(r);
    }
    let Some((def, inplace)) = lookup_method(name) else {
        if interp.tracing && !is_torch_tensor_attribute(name) {
            // Not a tensor method at all (a coroutine's `send` on what
            // Dynamo inlined to a tensor). Outside `forward` a tensor may
            // stand for what the analysis does not model (an array).
            if interp.strict_tracing() {
                return Err(interp.graph_break(
                    "GB6270",
                    format!("Unhandled tensor method: `{name}` is not defined on FakeTensor"),
                    "",
                ));
            }
            // torch's own list of Tensor attributes lacks it: eager
            // PyTorch raises the same.
            return Err(interp.torch_error(
                "AttributeError",
                format!("'Tensor' object has no attribute '{name}'"),
            ));
        }
        let r = interp.current_range();
        let message = declared::not_modelled(&format!("Tensor.{name}"))
            .unwrap_or_else(|| format!("analysis incomplete: unknown Tensor method `.{name}()`"));
        return Ok(interp.incomplete(r, message));
    };
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(recv);
    all.extend(args);
    let call = bind(interp, def, &format!("Tensor.{name}"), all, kwargs, inplace)?;
    run(interp, call)
}

/// `torch.fn(*args)` / `F.fn(*args)`.
pub fn call_torch_function(
    interp: &mut Interp,
    full: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if let Some(u) = first_unknown(&args, &kwargs) {
        interp.note_unknown_use(&u);
        return Ok(u);
    }
    if let Some(v) = channels_last_incomplete(interp, || format!("`{full}`"), &args, &kwargs) {
        return Ok(v);
    }
    if let Some(r) = special::call(interp, full, &args, &kwargs)? {
        return Ok(r);
    }
    if let Some(r) = custom::call_if_defined(interp, full, &args, &kwargs)? {
        return Ok(r);
    }
    let Some((def, packet_inplace)) = lookup_aten(full) else {
        let r = interp.current_range();
        let message = declared::not_modelled(full)
            .unwrap_or_else(|| format!("analysis incomplete: unknown torch API `{full}`"));
        return Ok(interp.incomplete(r, message));
    };
    // F.relu(x, inplace=True) and friends record the in-place op.
    let mut inplace = packet_inplace;
    let mut kwargs = kwargs;
    if let Some(pos) = kwargs.iter().position(|(k, _)| k == "inplace") {
        let (_, v) = kwargs.remove(pos);
        inplace |= matches!(v, Value::Bool(true));
    }
    let mut call = bind(interp, def, full, args, kwargs, inplace)?;
    // ... and so does `inplace` passed by position (`F.dropout(x, p, t, True)`).
    call.inplace |=
        call.names.contains(&"inplace") && matches!(call.get("inplace"), Value::Bool(true));
    run(interp, call)
}

/// An op applied to a value the tracer could not follow yields an unknown
/// value (already noted where it arose), never a type error: the tool, not
/// the model, is what fell short. Looks one level into tuples and lists
/// (`torch.cat([a, b])`).
fn first_unknown<'a>(
    args: impl IntoIterator<Item = &'a Value>,
    kwargs: &'a [(String, Value)],
) -> Option<Value> {
    let shallow = |v: &Value| -> Option<Value> {
        match v {
            Value::Unknown(_) => Some(v.clone()),
            Value::Tuple(items) => items
                .iter()
                .find(|x| matches!(x, Value::Unknown(_)))
                .cloned(),
            Value::List(items) => items
                .borrow()
                .iter()
                .find(|x| matches!(x, Value::Unknown(_)))
                .cloned(),
            _ => None,
        }
    };
    args.into_iter()
        .chain(kwargs.iter().map(|(_, v)| v))
        .find_map(shallow)
}

/// The dims of a tensor argument that cost nothing: real models stay
/// below this rank.
const FREE_DIMS: usize = 8;

fn run(interp: &mut Interp, call: OpCall) -> R<Value> {
    // An op reads every item of its list arguments (`cat` of a list that
    // grows each iteration), and every dim of its tensors (`x[None]` in a
    // loop grows the rank): each costs a step of the analysis budget past
    // what real models use.
    let items: usize = call
        .args
        .iter()
        .map(|a| match a {
            Value::List(l) => l.borrow().len(),
            Value::Tuple(t) => t.len(),
            Value::Tensor(t) => t.rank().saturating_sub(FREE_DIMS),
            _ => 0,
        })
        .sum();
    if items > 1 {
        interp.charge_items(items as u128, "an op's argument list")?;
    }
    let r = (call.def.meta)(interp, &call);
    let result = match interp.expect_ok(r)? {
        // The function's named tuple (`torch.return_types.max`).
        Value::Tuple(ref items) if !call.inplace => {
            match return_types::for_call(&call.spelling, items.len()) {
                Some(rt) => Value::structseq(items.to_vec(), rt),
                None => Value::Tuple(items.clone()),
            }
        }
        other => other,
    };
    Ok(if interp.tracing {
        result
    } else {
        values::attach(&call, result)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_a_target_and_a_parsable_signature() {
        for def in registry::OPS {
            assert!(!def.targets.is_empty(), "{:?} has no target", def.names);
            assert!(!def.names.is_empty());
            let params = parse_sig(def.sig);
            assert!(!params.is_empty() || def.sig.is_empty(), "{:?}", def.names);
            for t in def.targets {
                assert!(
                    t.starts_with("aten.")
                        || t.starts_with("_operator.")
                        || t.starts_with("torch."),
                    "bad target {t}"
                );
            }
        }
    }

    #[test]
    fn spellings_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for def in registry::OPS {
            for n in def.names {
                assert!(seen.insert(*n), "duplicate spelling {n}");
            }
        }
    }

    #[test]
    fn every_registry_method_is_a_torch_tensor_attribute() {
        assert!(is_torch_tensor_attribute("resize_") && is_torch_tensor_attribute("numpy"));
        assert!(!is_torch_tensor_attribute("send") && !is_torch_tensor_attribute("tobytes"));
        for method in super::special::TensorMethod::ALL {
            let name = method.name();
            assert!(is_torch_tensor_attribute(name), "{name}");
        }
    }

    /// Each `"aten.NAME.OVERLOAD"` the tracer's code spells (outside its
    /// tests) is a target [`all_targets`] enumerates, or the in-place form
    /// of one: a target recorded by a new special form is listed too.
    #[test]
    fn every_target_spelled_in_the_sources_is_enumerated() {
        // Named by `views.rs`'s classification of view ops, never recorded.
        const NAMED_ONLY: &[&str] = &[
            "aten._unsafe_view.default",
            "aten.as_strided.default",
            "aten.diagonal.default",
        ];
        let mut known = std::collections::HashSet::new();
        for t in all_targets() {
            known.insert(t.to_string());
            known.insert(inplace_target(t));
        }
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        let mut checked = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap_or("");
                for piece in code.split("\"aten.").skip(1) {
                    let Some((name, _)) = piece.split_once('"') else {
                        continue;
                    };
                    let well_formed = name.split('.').count() == 2
                        && name.split('.').all(|part| !part.is_empty())
                        && name
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
                    if !well_formed {
                        continue;
                    }
                    let target = format!("aten.{name}");
                    checked += 1;
                    assert!(
                        known.contains(&target) || NAMED_ONLY.contains(&target.as_str()),
                        "{} records {target}, which ops::all_targets() does not list",
                        path.display()
                    );
                }
            }
        }
        assert!(checked > 300, "only {checked} targets found in the sources");
    }

    #[test]
    fn special_targets_are_not_the_registrys() {
        let mut seen = std::collections::HashSet::new();
        for def in registry::OPS {
            seen.extend(def.targets.iter().copied());
        }
        for t in SPECIAL_TARGETS {
            assert!(seen.insert(t), "{t} is listed twice");
        }
    }

    #[test]
    fn inplace_targets_insert_an_underscore() {
        assert_eq!(inplace_target("aten.add.Tensor"), "aten.add_.Tensor");
        assert_eq!(inplace_target("aten.relu.default"), "aten.relu_.default");
        assert_eq!(inplace_target("aten.pow.Tensor_Scalar"), "aten.pow_.Scalar");
        assert_eq!(inplace_target("aten.pow.Tensor_Tensor"), "aten.pow_.Tensor");
    }
}
