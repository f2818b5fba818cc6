//! The `.pt2` archive `torch.export.save` writes (torch 2.15), from an
//! exported program: the serialized ExportedProgram (`models/model.json`:
//! the graph with every node's arguments named and typed as torch's
//! serializer types them, tensor and symbol values, the graph signature,
//! range constraints, the root module call signature with its pytree
//! specs), the weights and constants as raw little-endian storages with
//! their payload configs, and the archive records torch's reader checks.
//! State values come from the caller ([`StateTensor`]); this module does no
//! I/O and runs nothing.

use std::collections::HashMap;
use std::io::Write;

use serde_json::{Map, Value as Json, json};
use shapes::expr::AtomKind;
use shapes::{Bound, SymExpr};
use tracer::dtype::DType;
use tracer::graph::{
    Arg, DictKey, Graph, InputKind, MetaVal, NodeId, NodeOp, OutputKind, OutputTree, SymBoolMeta,
    SymFloatExpr,
};
use tracer::shape_env::ShapeEnv;

use crate::names::NamedProgram;

/// torch's serialization schema version (`schema.py`, `SCHEMA_VERSION`).
const SCHEMA_VERSION: (u32, u32) = (8, 20);
/// The ATen opset version torch 2.15 records.
const ATEN_OPSET: u32 = 10;
/// `ScalarType`/`Layout` codes of `schema.py`.
const LAYOUT_STRIDED: u32 = 7;

/// Why a program cannot be written as a `.pt2`.
#[derive(Debug, thiserror::Error)]
pub enum Pt2Error {
    #[error("node `{node}` ({target}) cannot be serialized: {why}")]
    Unsupported {
        node: String,
        target: String,
        why: String,
    },
    #[error("cannot serialize the program: {0}")]
    Program(String),
    #[error("no value for {0}")]
    MissingState(String),
    #[error("writing the archive: {0}")]
    Zip(String),
}

/// One parameter, buffer or constant's value: its dtype, sizes and
/// contiguous row-major storage, little-endian.
#[derive(Clone, Debug, PartialEq)]
pub struct StateTensor {
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

/// torch's `ScalarType` code of a dtype.
pub fn scalar_type(d: DType) -> u32 {
    match d {
        DType::U8 => 1,
        DType::I8 => 2,
        DType::I16 => 3,
        DType::I32 => 4,
        DType::I64 => 5,
        DType::F16 => 6,
        DType::F32 => 7,
        DType::F64 => 8,
        DType::C32 => 9,
        DType::C64 => 10,
        DType::C128 => 11,
        DType::Bool => 12,
        DType::BF16 => 13,
    }
}

/// Values as `dtype`'s little-endian storage (complex dtypes: real parts).
pub fn encode(values: &[f64], dtype: DType) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * dtype.size_of());
    for &v in values {
        match dtype {
            DType::Bool => out.push(u8::from(v != 0.0)),
            DType::U8 => out.push(v as u8),
            DType::I8 => out.extend((v as i8).to_le_bytes()),
            DType::I16 => out.extend((v as i16).to_le_bytes()),
            DType::I32 => out.extend((v as i32).to_le_bytes()),
            DType::I64 => out.extend((v as i64).to_le_bytes()),
            DType::F16 => out.extend(f32_to_f16(v as f32).to_le_bytes()),
            DType::BF16 => out.extend(f32_to_bf16(v as f32).to_le_bytes()),
            DType::F32 => out.extend((v as f32).to_le_bytes()),
            DType::F64 => out.extend(v.to_le_bytes()),
            DType::C32 => {
                out.extend(f32_to_f16(v as f32).to_le_bytes());
                out.extend(0u16.to_le_bytes());
            }
            DType::C64 => {
                out.extend((v as f32).to_le_bytes());
                out.extend(0f32.to_le_bytes());
            }
            DType::C128 => {
                out.extend(v.to_le_bytes());
                out.extend(0f64.to_le_bytes());
            }
        }
    }
    out
}

/// Round to nearest even, as torch converts.
fn f32_to_bf16(v: f32) -> u16 {
    let bits = v.to_bits();
    if v.is_nan() {
        return 0x7fc0;
    }
    let round = 0x7fff + ((bits >> 16) & 1);
    (bits.wrapping_add(round) >> 16) as u16
}

fn f32_to_f16(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

/// Non-finite floats as Python's `json.dumps` writes them (`Infinity`,
/// `NaN`): held as marked strings until the text is made.
const FLOAT_MARK: &str = "\u{1}pt2float:";

/// One list item as the serializer writes a scalar of its kind, or `None`
/// when it is of another kind.
type ScalarOf = fn(&Arg) -> Option<Json>;

fn float_json(f: f64) -> Json {
    if f.is_finite() {
        json!(f)
    } else {
        let text = if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        };
        json!(format!("{FLOAT_MARK}{text}"))
    }
}

fn json_text(v: &Json) -> String {
    let text = v.to_string();
    let mut out = text.clone();
    for t in ["NaN", "Infinity", "-Infinity"] {
        out = out.replace(&format!("\"\\u0001pt2float:{t}\""), t);
    }
    out
}

/// A symbolic integer as sympy's `srepr` spells it, which torch's loader
/// parses back (`Symbol('s77', positive=True, integer=True)`).
fn srepr(env: &ShapeEnv, e: &SymExpr) -> String {
    srepr_depth(env, e, 0)
}

fn srepr_depth(env: &ShapeEnv, e: &SymExpr, depth: u32) -> String {
    if let Some(c) = e.as_const() {
        return format!("Integer({c})");
    }
    if depth > 64 {
        return "Integer(0)".into();
    }
    let mut terms: Vec<String> = e
        .terms()
        .iter()
        .map(|t| {
            let mut factors: Vec<String> = Vec::new();
            if t.coeff() != 1 {
                factors.push(format!("Integer({})", t.coeff()));
            }
            for f in t.factors() {
                let base = match f.atom().kind() {
                    AtomKind::Symbol(s) => {
                        let name = env.symbol_name(s);
                        if name.starts_with('u') {
                            format!("Symbol('{name}', integer=True)")
                        } else {
                            format!("Symbol('{name}', positive=True, integer=True)")
                        }
                    }
                    AtomKind::FloorDiv(a, b) => format!(
                        "FloorDiv({}, {})",
                        srepr_depth(env, a, depth + 1),
                        srepr_depth(env, b, depth + 1)
                    ),
                    AtomKind::Mod(a, b) => format!(
                        "PythonMod({}, {})",
                        srepr_depth(env, a, depth + 1),
                        srepr_depth(env, b, depth + 1)
                    ),
                    AtomKind::Max(args) | AtomKind::Min(args) => {
                        let f = if matches!(f.atom().kind(), AtomKind::Max(_)) {
                            "Max"
                        } else {
                            "Min"
                        };
                        let items: Vec<String> = args
                            .iter()
                            .map(|a| srepr_depth(env, a, depth + 1))
                            .collect();
                        format!("{f}({})", items.join(", "))
                    }
                };
                factors.push(if f.pow() == 1 {
                    base
                } else {
                    format!("Pow({base}, Integer({}))", f.pow())
                });
            }
            if factors.len() == 1 {
                factors.remove(0)
            } else {
                format!("Mul({})", factors.join(", "))
            }
        })
        .collect();
    if e.constant() != 0 {
        terms.push(format!("Integer({})", e.constant()));
    }
    if terms.len() == 1 {
        terms.remove(0)
    } else {
        format!("Add({})", terms.join(", "))
    }
}

fn sym_int_json(env: &ShapeEnv, e: &SymExpr) -> Json {
    let e = env.simplify(e);
    match e.as_const() {
        Some(c) => json!({"as_int": c}),
        None => {
            let hint = env.hint(&e).map(|h| json!({"as_int": h}));
            json!({"as_expr": {"expr_str": srepr(env, &e), "hint": hint}})
        }
    }
}

fn sym_bool_srepr(env: &ShapeEnv, b: &SymBoolMeta) -> String {
    let f = match b.op {
        "==" => "Eq",
        "!=" => "Ne",
        "<" => "StrictLessThan",
        "<=" => "LessThan",
        ">" => "StrictGreaterThan",
        _ => "GreaterThan",
    };
    format!(
        "{f}({}, {})",
        srepr(env, &env.simplify(&b.lhs)),
        srepr(env, &env.simplify(&b.rhs))
    )
}

fn sym_float_srepr(env: &ShapeEnv, f: &SymFloatExpr, depth: u32) -> String {
    if depth > 64 {
        return "Float(0.0)".into();
    }
    match f {
        SymFloatExpr::Const(c) => format!("Float('{c:?}', precision=53)"),
        SymFloatExpr::ToFloat(e) => format!("ToFloat({})", srepr(env, &env.simplify(e))),
        SymFloatExpr::TrueDiv(a, b) => format!(
            "FloatTrueDiv({}, {})",
            sym_float_srepr(env, a, depth + 1),
            sym_float_srepr(env, b, depth + 1)
        ),
        SymFloatExpr::Pow(a, b) => format!(
            "FloatPow({}, {})",
            sym_float_srepr(env, a, depth + 1),
            sym_float_srepr(env, b, depth + 1)
        ),
    }
}

fn contiguous_strides(env: &ShapeEnv, shape: &[SymExpr]) -> Vec<SymExpr> {
    let mut strides = vec![SymExpr::int(1); shape.len()];
    let mut acc = SymExpr::int(1);
    for i in (0..shape.len()).rev() {
        strides[i] = acc.clone();
        // torch's contiguous strides treat a size below 1 as 1.
        let d = env.simplify(&shape[i]);
        let d = match d.as_const() {
            Some(c) if c < 1 => SymExpr::int(1),
            _ => d,
        };
        acc = acc.checked_mul(&d).unwrap_or_else(|_| SymExpr::int(0));
    }
    strides
}

fn tensor_meta(env: &ShapeEnv, dtype: DType, shape: &[SymExpr], requires_grad: bool) -> Json {
    json!({
        "dtype": scalar_type(dtype),
        "sizes": shape.iter().map(|d| sym_int_json(env, d)).collect::<Vec<_>>(),
        "requires_grad": requires_grad,
        "device": {"type": "cpu", "index": null},
        "strides": contiguous_strides(env, shape).iter().map(|d| sym_int_json(env, d)).collect::<Vec<_>>(),
        "storage_offset": {"as_int": 0},
        "layout": LAYOUT_STRIDED,
    })
}

fn device_json(d: &str) -> Json {
    match d.split_once(':') {
        Some((ty, i)) => json!({"type": ty, "index": i.parse::<i64>().ok()}),
        None => json!({"type": d, "index": null}),
    }
}

/// torch's `MemoryFormat` code for a format name, if it is one.
fn memory_format(name: &str) -> Option<u32> {
    Some(match name {
        "contiguous_format" => 1,
        "channels_last" => 2,
        "channels_last_3d" => 3,
        "preserve_format" => 4,
        _ => return None,
    })
}

/// How deep subgraphs may nest (a `cond` in a branch) before the writer
/// gives up rather than recurse further.
const MAX_SUBGRAPH_DEPTH: u32 = 32;

/// One graph being serialized (the program's, or a higher-order op's
/// subgraph): names, getitem folding, values.
struct Ctx<'a> {
    graph: &'a Graph,
    env: &'a ShapeEnv,
    names: HashMap<NodeId, String>,
    /// The program, when this is its main graph (a runtime assertion's
    /// message names nodes by their final names).
    main: Option<&'a NamedProgram<'a>>,
    /// torch's attribute names of this graph's subgraphs, by index.
    subgraph_names: Vec<String>,
    /// How deep this graph is nested in higher-order ops.
    depth: u32,
    /// `(producer, index)` -> the name of the first `getitem` reading it.
    items: HashMap<(NodeId, i64), String>,
    /// A `getitem` node -> the name its item is known by.
    item_names: HashMap<NodeId, String>,
    tensor_values: Map<String, Json>,
    sym_int_values: Map<String, Json>,
    sym_bool_values: Map<String, Json>,
    sym_float_values: Map<String, Json>,
}

/// What an argument's schema type says an empty list holds.
fn empty_list(ty: Option<&str>) -> Option<&'static str> {
    let ty = ty?.trim_end_matches('?');
    let elem = ty.split('[').next()?.trim_end_matches('?');
    if ty.matches('[').count() >= 2 {
        return match elem {
            "int" | "SymInt" => Some("as_int_lists"),
            "float" => Some("as_float_lists"),
            _ => None,
        };
    }
    Some(match elem {
        "bool" => "as_bools",
        "int" | "SymInt" => "as_ints",
        "float" => "as_floats",
        "str" => "as_strings",
        "Tensor" => "as_tensors",
        _ => return None,
    })
}

impl<'a> Ctx<'a> {
    /// A graph's context; `order` is its call nodes in final order.
    fn new(
        graph: &'a Graph,
        env: &'a ShapeEnv,
        names: HashMap<NodeId, String>,
        order: &[NodeId],
        subgraph_names: Vec<String>,
    ) -> Self {
        let mut items = HashMap::new();
        let mut item_names = HashMap::new();
        for id in order {
            let n = graph.node(*id);
            if let NodeOp::CallFunction { target, args, .. } = &n.op
                && target == "_operator.getitem"
                && let [Arg::Node(src), Arg::Int(i)] = args.as_slice()
            {
                let own = names.get(id).cloned().unwrap_or_else(|| "_".into());
                let name = items.entry((*src, *i)).or_insert(own).clone();
                item_names.insert(*id, name);
            }
        }
        Ctx {
            graph,
            env,
            names,
            main: None,
            subgraph_names,
            depth: 0,
            items,
            item_names,
            tensor_values: Map::new(),
            sym_int_values: Map::new(),
            sym_bool_values: Map::new(),
            sym_float_values: Map::new(),
        }
    }

    /// The context of the program's main graph.
    fn program(named: &'a NamedProgram<'a>) -> Self {
        let mut ctx = Ctx::new(
            &named.program.graph,
            &named.program.env,
            named.names.clone(),
            &named.order,
            crate::names::subgraph_names(named),
        );
        ctx.main = Some(named);
        ctx
    }

    fn own_name(&self, id: NodeId) -> String {
        self.names.get(&id).cloned().unwrap_or_else(|| "_".into())
    }

    fn name(&self, id: NodeId) -> String {
        self.item_names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| self.own_name(id))
    }

    fn val(&self, id: NodeId) -> &MetaVal {
        &self.graph.node(id).val
    }

    fn is_sym(&self, a: &Arg) -> bool {
        match a {
            Arg::Int(_) => true,
            Arg::Node(id) => matches!(self.val(*id), MetaVal::Sym(_)),
            _ => false,
        }
    }

    /// An argument as `serialize_input` types it: by its Python value,
    /// the schema type deciding only what an empty list is.
    fn input(&self, a: &Arg, ty: Option<&str>) -> Result<Json, String> {
        Ok(match a {
            Arg::Node(id) => {
                let name = self.name(*id);
                match self.val(*id) {
                    MetaVal::Sym(_) => json!({"as_sym_int": {"as_name": name}}),
                    MetaVal::SymBool(_) => json!({"as_sym_bool": {"as_name": name}}),
                    MetaVal::SymFloat(_) => json!({"as_sym_float": {"as_name": name}}),
                    _ => json!({"as_tensor": {"name": name}}),
                }
            }
            Arg::Int(i) => json!({"as_int": i}),
            Arg::Float(f) => json!({"as_float": float_json(*f)}),
            Arg::Bool(b) => json!({"as_bool": b}),
            Arg::Str(s) => json!({"as_string": s}),
            Arg::None => json!({"as_none": true}),
            Arg::DType(d) => json!({"as_scalar_type": scalar_type(*d)}),
            Arg::Device(d) => json!({"as_device": device_json(d)}),
            Arg::Layout(l) => match memory_format(l) {
                Some(m) => json!({"as_memory_format": m}),
                None if l == "strided" => json!({"as_layout": LAYOUT_STRIDED}),
                None => return Err(format!("layout torch.{l}")),
            },
            Arg::Subgraph(_) => return Err("a subgraph argument (higher-order op)".into()),
            Arg::List(items) => self.list(items, ty)?,
        })
    }

    fn list(&self, items: &[Arg], ty: Option<&str>) -> Result<Json, String> {
        if items.is_empty() {
            let kind = empty_list(ty).ok_or_else(|| {
                format!(
                    "an empty list of unknown type ({})",
                    ty.unwrap_or("no schema")
                )
            })?;
            return Ok(json!({ kind: [] }));
        }
        let all = |f: &dyn Fn(&Arg) -> bool| items.iter().all(f);
        // A list whose items are all of one scalar kind: `{"as_<kind>s": [...]}`.
        let scalars: [(&str, ScalarOf); 4] = [
            ("as_bools", |a| match a {
                Arg::Bool(b) => Some(json!(b)),
                _ => None,
            }),
            ("as_ints", |a| match a {
                Arg::Int(i) => Some(json!(i)),
                _ => None,
            }),
            ("as_floats", |a| match a {
                Arg::Float(f) => Some(float_json(*f)),
                _ => None,
            }),
            ("as_strings", |a| match a {
                Arg::Str(s) => Some(json!(s)),
                _ => None,
            }),
        ];
        for (key, value) in scalars {
            if let Some(v) = items.iter().map(value).collect::<Option<Vec<Json>>>() {
                return Ok(json!({ key: v }));
            }
        }
        if all(&|a| self.is_sym(a)) {
            let v: Vec<Json> = items
                .iter()
                .map(|a| match a {
                    Arg::Int(i) => json!({"as_int": i}),
                    Arg::Node(id) => json!({"as_name": self.name(*id)}),
                    _ => Json::Null,
                })
                .collect();
            return Ok(json!({ "as_sym_ints": v }));
        }
        let node_kind = |a: &Arg| match a {
            Arg::Node(id) => match self.val(*id) {
                MetaVal::SymBool(_) => 2,
                MetaVal::SymFloat(_) => 3,
                _ => 1,
            },
            _ => 0,
        };
        if all(&|a| node_kind(a) == 1) {
            let v: Vec<Json> = items
                .iter()
                .filter_map(|a| match a {
                    Arg::Node(id) => Some(json!({"name": self.name(*id)})),
                    _ => None,
                })
                .collect();
            return Ok(json!({ "as_tensors": v }));
        }
        if all(&|a| node_kind(a) == 1 || matches!(a, Arg::None)) {
            let v: Vec<Json> = items
                .iter()
                .map(|a| match a {
                    Arg::Node(id) => json!({"as_tensor": {"name": self.name(*id)}}),
                    _ => json!({"as_none": true}),
                })
                .collect();
            return Ok(json!({ "as_optional_tensors": v }));
        }
        if all(&|a| matches!(a, Arg::List(l) if l.iter().all(|x| matches!(x, Arg::Int(_))))) {
            let v: Vec<Json> = items
                .iter()
                .map(|a| match a {
                    Arg::List(l) => Json::Array(
                        l.iter()
                            .filter_map(|x| match x {
                                Arg::Int(i) => Some(json!(i)),
                                _ => None,
                            })
                            .collect(),
                    ),
                    _ => Json::Null,
                })
                .collect();
            return Ok(json!({ "as_int_lists": v }));
        }
        Err("a list mixing value kinds torch's serializer does not type".into())
    }

    /// An output value named `name`, recorded in the graph's value tables.
    fn output(&mut self, name: &str, val: &MetaVal) -> Result<Json, String> {
        let env = self.env;
        Ok(match val {
            MetaVal::Tensor { dtype, shape } => {
                self.tensor_values
                    .insert(name.to_string(), tensor_meta(env, *dtype, shape, false));
                json!({"as_tensor": {"name": name}})
            }
            MetaVal::Sym(e) => {
                self.sym_int_values
                    .insert(name.to_string(), sym_int_json(env, e));
                json!({"as_sym_int": {"as_name": name}})
            }
            MetaVal::SymBool(b) => {
                self.sym_bool_values.insert(
                    name.to_string(),
                    json!({"as_expr": {"expr_str": sym_bool_srepr(env, b), "hint": null}}),
                );
                json!({"as_sym_bool": {"as_name": name}})
            }
            MetaVal::SymFloat(f) => {
                let hint = f
                    .eval(&|e| env.hint(e))
                    .map(|h| json!({"as_float": float_json(h)}));
                self.sym_float_values.insert(
                    name.to_string(),
                    json!({"as_expr": {"expr_str": sym_float_srepr(env, f, 0), "hint": hint}}),
                );
                json!({"as_sym_float": {"as_name": name}})
            }
            MetaVal::None => json!({"as_none": true}),
            MetaVal::Const(c) => return Err(format!("a constant output ({c})")),
            MetaVal::Tuple(_) => return Err("a nested tuple output".into()),
        })
    }

    /// A call node as torch's serializer writes it; `None` for the
    /// `getitem` nodes it folds into their producer.
    fn node(&mut self, id: NodeId) -> Result<Option<Json>, Pt2Error> {
        let graph = self.graph;
        let n = graph.node(id);
        let NodeOp::CallFunction {
            target,
            args: traced_args,
            kwargs: traced_kwargs,
        } = &n.op
        else {
            return Ok(None);
        };
        if target == "_operator.getitem" {
            return Ok(None);
        }
        let name = self.own_name(id);
        let fail = |why: String| Pt2Error::Unsupported {
            node: name.clone(),
            target: target.clone(),
            why,
        };
        let (args, kwargs) = match self.main {
            Some(named) => crate::names::recorded_args(named, id),
            None => crate::schema::torch_args(target, traced_args, traced_kwargs),
        };
        if target.starts_with("torch.ops.higher_order.") {
            return self
                .higher_order(id, &name, target, &args, &kwargs)
                .map(Some);
        }
        let sym_out = matches!(
            n.val,
            MetaVal::Sym(_) | MetaVal::SymBool(_) | MetaVal::SymFloat(_)
        );
        let (serialized_target, inputs, outputs) = if let Some(op) = target.strip_prefix("aten.") {
            let params = crate::schema::params(target)
                .ok_or_else(|| fail("torch declares no schema for it".into()))?;
            let mut inputs = Vec::new();
            if sym_out {
                for (p, a) in params.iter().zip(&args) {
                    inputs.push(json!({"name": p.name, "arg": self.input(a, Some(&p.ty)).map_err(&fail)?, "kind": 1}));
                }
            } else {
                let mut pos = args.iter();
                for p in params.iter() {
                    if let Some((_, a)) = kwargs.iter().find(|(k, _)| *k == p.name) {
                        inputs.push(json!({"name": p.name, "arg": self.input(a, Some(&p.ty)).map_err(&fail)?, "kind": 2}));
                    } else if !p.kwarg_only
                        && let Some(a) = pos.next()
                    {
                        inputs.push(json!({"name": p.name, "arg": self.input(a, Some(&p.ty)).map_err(&fail)?, "kind": 1}));
                    }
                }
                if pos.next().is_some() {
                    return Err(fail("more arguments than its schema declares".into()));
                }
                if let Some((k, _)) = kwargs
                    .iter()
                    .find(|(k, _)| !params.iter().any(|p| &p.name == k))
                {
                    return Err(fail(format!("keyword `{k}` is not in its schema")));
                }
            }
            let outputs = if sym_out {
                vec![self.output(&name, &n.val).map_err(&fail)?]
            } else {
                self.outputs(id, target, &name).map_err(&fail)?
            };
            (format!("torch.ops.aten.{op}"), inputs, outputs)
        } else if sym_out || target.starts_with("_operator.") || target.starts_with("math.") {
            if !kwargs.is_empty() {
                return Err(fail("keyword arguments to a symbolic op".into()));
            }
            let names: &[&str] = match target.as_str() {
                "math.trunc" => &["x"],
                "torch.sym_ite" => &["b", "t", "f"],
                _ => &["a", "b", "c"],
            };
            let mut inputs = Vec::new();
            for (i, a) in args.iter().enumerate() {
                let arg_name = names.get(i).copied().unwrap_or("a");
                inputs.push(json!({"name": arg_name, "arg": self.input(a, None).map_err(&fail)?, "kind": 1}));
            }
            let out = self.output(&name, &n.val).map_err(&fail)?;
            (target.clone(), inputs, vec![out])
        } else {
            return Err(fail(
                "only ATen operators and symbolic arithmetic are serialized".into(),
            ));
        };
        Ok(Some(json!({
            "target": serialized_target,
            "inputs": inputs,
            "outputs": outputs,
            "metadata": {},
            "is_hop_single_tensor_return": null,
            "name": name,
        })))
    }

    /// A higher-order op (`cond`, `map_impl`) as `serialize_hoo_inputs` and
    /// `serialize_hoo_outputs` write it: every argument positional and
    /// unnamed, each subgraph as its own graph (`as_graph`), the results
    /// named after the `getitem` nodes that read them.
    fn higher_order(
        &mut self,
        id: NodeId,
        name: &str,
        target: &str,
        args: &[Arg],
        kwargs: &[(String, Arg)],
    ) -> Result<Json, Pt2Error> {
        let fail = |why: String| Pt2Error::Unsupported {
            node: name.to_string(),
            target: target.to_string(),
            why,
        };
        // A higher-order op has no schema: torch writes an empty list as a
        // tensor list.
        let hop_input = |ctx: &Self, a: &Arg| ctx.input(a, Some("Tensor[]")).map_err(&fail);
        // The subgraphs' placeholders take the names of the operands (the
        // nodes after the last subgraph argument).
        let last_subgraph = args
            .iter()
            .rposition(|a| matches!(a, Arg::Subgraph(_)))
            .map_or(0, |i| i + 1);
        let mut operand_nodes = Vec::new();
        for a in &args[last_subgraph..] {
            Graph::arg_nodes(a, &mut operand_nodes);
        }
        let operands: Vec<String> = operand_nodes.iter().map(|n| self.name(*n)).collect();
        let mut inputs = Vec::new();
        for a in args {
            let arg = match a {
                Arg::Subgraph(i) => self.subgraph(*i, &operands)?,
                a => hop_input(self, a)?,
            };
            inputs.push(json!({"name": "", "arg": arg, "kind": 1}));
        }
        for (k, a) in kwargs {
            inputs.push(json!({"name": k, "arg": hop_input(self, a)?, "kind": 2}));
        }
        let val = self.val(id).clone();
        let outputs = match &val {
            MetaVal::Tuple(items) => {
                let mut out = Vec::new();
                for (i, m) in items.iter().enumerate() {
                    let n = self
                        .items
                        .get(&(id, i as i64))
                        .cloned()
                        .unwrap_or_else(|| format!("{name}_unused_{i}"));
                    out.push(self.output(&n, m).map_err(&fail)?);
                }
                out
            }
            m => vec![self.output(name, m).map_err(&fail)?],
        };
        Ok(json!({
            "target": target,
            "inputs": inputs,
            "outputs": outputs,
            "metadata": {},
            "is_hop_single_tensor_return": matches!(val, MetaVal::Tensor { .. }),
            "name": name,
        }))
    }

    /// Subgraph `i` of this graph as `as_graph` writes it: torch's
    /// attribute name and the graph with its own inputs (named after
    /// `operands`), nodes, outputs and value tables.
    fn subgraph(&self, i: usize, operands: &[String]) -> Result<Json, Pt2Error> {
        let sub = self
            .graph
            .subgraphs
            .get(i)
            .ok_or_else(|| Pt2Error::Program(format!("subgraph {i} is missing")))?;
        if self.depth >= MAX_SUBGRAPH_DEPTH {
            return Err(Pt2Error::Program("subgraphs nested too deeply".into()));
        }
        let live = sub.live_nodes();
        let order: Vec<NodeId> = (0..sub.nodes.len())
            .filter(|&k| live[k] && !matches!(sub.nodes[k].op, NodeOp::Placeholder(_)))
            .map(|k| NodeId(k as u32))
            .collect();
        let mut ctx = Ctx::new(
            sub,
            self.env,
            crate::names::subgraph_node_names(sub, operands),
            &order,
            crate::names::nested_subgraph_names(sub),
        );
        ctx.depth = self.depth + 1;
        let mut inputs = Vec::new();
        for id in sub.placeholders() {
            let name = ctx.own_name(id);
            let val = sub.node(id).val.clone();
            let arg = ctx
                .output(&name, &val)
                .map_err(|why| Pt2Error::Program(format!("subgraph input `{name}`: {why}")))?;
            inputs.push(arg);
        }
        let mut nodes = Vec::new();
        for id in &order {
            if let Some(n) = ctx.node(*id)? {
                nodes.push(n);
            }
        }
        let mut outputs = Vec::new();
        for o in &sub.outputs {
            outputs.push(ctx.input(&o.arg, None).map_err(Pt2Error::Program)?);
        }
        let name = self
            .subgraph_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("subgraph_{i}"));
        Ok(json!({"as_graph": {"name": name, "graph": {
            "inputs": inputs,
            "outputs": outputs,
            "nodes": nodes,
            "tensor_values": ctx.tensor_values,
            "sym_int_values": ctx.sym_int_values,
            "sym_bool_values": ctx.sym_bool_values,
            "is_single_tensor_return": false,
            "custom_obj_values": {},
            "sym_float_values": ctx.sym_float_values,
        }}}))
    }

    /// `serialize_outputs`: by the op's declared returns, multiple outputs
    /// named after the `getitem` nodes that read them.
    fn outputs(&mut self, id: NodeId, target: &str, name: &str) -> Result<Vec<Json>, String> {
        let returns = crate::schema::returns(target).ok_or("no declared returns")?;
        let val = self.val(id).clone();
        let item_name = |ctx: &Self, i: usize| {
            ctx.items
                .get(&(id, i as i64))
                .cloned()
                .unwrap_or_else(|| format!("{name}_unused_{i}"))
        };
        if returns.is_empty() {
            return Ok(Vec::new());
        }
        if returns.len() == 1 && returns[0] == "Tensor[]" {
            let MetaVal::Tuple(items) = &val else {
                return Err("a tensor-list result without its items".into());
            };
            let mut out = Vec::new();
            for (i, m) in items.iter().enumerate() {
                let n = item_name(self, i);
                let MetaVal::Tensor { dtype, shape } = m else {
                    return Err("a non-tensor item of a tensor list".into());
                };
                self.tensor_values
                    .insert(n.clone(), tensor_meta(self.env, *dtype, shape, false));
                out.push(json!({"name": n}));
            }
            return Ok(vec![json!({ "as_tensors": out })]);
        }
        if returns.len() == 1 {
            return Ok(vec![self.output(name, &val)?]);
        }
        let MetaVal::Tuple(items) = &val else {
            return Err("a multi-output op without a tuple value".into());
        };
        let mut out = Vec::new();
        for (i, m) in items.iter().enumerate() {
            match m {
                MetaVal::None => out.push(json!({"as_none": true})),
                MetaVal::Tuple(_) => return Err("a tensor-list item of a multi-output op".into()),
                m => {
                    let n = item_name(self, i);
                    out.push(self.output(&n, m)?);
                }
            }
        }
        Ok(out)
    }
}

/// A pytree spec as `treespec_dumps` (version 1) writes it.
fn treespec(tree: &OutputTree) -> Result<Json, Pt2Error> {
    treespec_depth(tree, 0)
}

fn treespec_depth(tree: &OutputTree, depth: u32) -> Result<Json, Pt2Error> {
    if depth > 200 {
        return Err(Pt2Error::Program(
            "inputs or outputs nested too deeply".into(),
        ));
    }
    let node = |ty: &str, context: String, children: &[OutputTree]| -> Result<Json, Pt2Error> {
        let children = children
            .iter()
            .map(|c| treespec_depth(c, depth + 1))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(json!({"type": ty, "context": context, "children_spec": children}))
    };
    match tree {
        OutputTree::Leaf => Ok(json!({"type": null, "context": null, "children_spec": []})),
        OutputTree::Seq(items) => node("builtins.tuple", "null".into(), items),
        OutputTree::List(items) => node("builtins.list", "null".into(), items),
        OutputTree::Dict(items) => {
            // torch writes the keys as `json.dumps` does, each by its type.
            let keys = items
                .iter()
                .map(|(k, _)| match k {
                    DictKey::Str(s) => Ok(json!(s)),
                    DictKey::Int(i) => Ok(json!(i)),
                    DictKey::Bool(b) => Ok(json!(b)),
                    DictKey::None => Ok(Json::Null),
                    DictKey::Other(text) => Err(Pt2Error::Program(format!(
                        "dict key {text} has a type this writer does not serialize"
                    ))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            let children: Vec<OutputTree> = items.iter().map(|(_, t)| t.clone()).collect();
            node("builtins.dict", Json::Array(keys).to_string(), &children)
        }
        OutputTree::Opaque(class) => Err(Pt2Error::Program(format!(
            "a `{class}` value in the inputs or outputs has no pytree spec"
        ))),
    }
}

fn spec_text(tree: &OutputTree) -> Result<String, Pt2Error> {
    Ok(json!([1, treespec(tree)?]).to_string())
}

/// A constant user input (an `int`, `float`, `bool` or `str` example
/// argument, held as its Python repr) as torch's graph input.
fn constant_input(text: &str) -> Option<Json> {
    Some(match text {
        "True" => json!({"as_bool": true}),
        "False" => json!({"as_bool": false}),
        "None" => json!({"as_none": true}),
        "inf" => json!({"as_float": float_json(f64::INFINITY)}),
        "-inf" => json!({"as_float": float_json(f64::NEG_INFINITY)}),
        "nan" => json!({"as_float": float_json(f64::NAN)}),
        _ => {
            if let Ok(i) = text.parse::<i64>() {
                json!({ "as_int": i })
            } else if let Ok(f) = text.parse::<f64>() {
                json!({ "as_float": float_json(f) })
            } else {
                let quoted = text
                    .strip_prefix('\'')
                    .and_then(|t| t.strip_suffix('\''))
                    .or_else(|| text.strip_prefix('"').and_then(|t| t.strip_suffix('"')))?;
                if quoted.contains('\\') {
                    return None;
                }
                json!({ "as_string": quoted })
            }
        }
    })
}

fn bound_json(b: Bound) -> Json {
    match b {
        Bound::Finite(i) => json!(i),
        _ => Json::Null,
    }
}

/// The serialized ExportedProgram (`models/<name>.json`) of a program.
pub fn exported_program_json(named: &NamedProgram) -> Result<String, Pt2Error> {
    let p = named.program;
    let g = &p.graph;
    let env = &p.env;
    let mut ctx = Ctx::program(named);
    let mut inputs = Vec::new();
    let mut input_specs = Vec::new();
    for id in &p.inputs {
        let n = g.node(*id);
        let name = named.name(*id).to_string();
        let NodeOp::Placeholder(kind) = &n.op else {
            continue;
        };
        let arg = match &n.val {
            MetaVal::Tensor { dtype, shape } => {
                let grad = matches!(kind, InputKind::Parameter(_));
                ctx.tensor_values
                    .insert(name.clone(), tensor_meta(env, *dtype, shape, grad));
                json!({"as_tensor": {"name": name}})
            }
            MetaVal::Const(text) if matches!(kind, InputKind::User(_)) => constant_input(text)
                .ok_or_else(|| {
                    Pt2Error::Program(format!(
                        "input `{name}` holds {text}, which this writer does not serialize"
                    ))
                })?,
            MetaVal::None if matches!(kind, InputKind::User(_)) => json!({"as_none": true}),
            other => {
                return Err(Pt2Error::Program(format!(
                    "input `{name}` is not a tensor ({}), which this writer does not serialize",
                    crate::report::val_json(env, other)
                )));
            }
        };
        inputs.push(arg.clone());
        input_specs.push(match kind {
            InputKind::Parameter(t) => {
                json!({"parameter": {"arg": {"name": name}, "parameter_name": t}})
            }
            InputKind::Buffer { target, persistent } => json!({"buffer": {
                "arg": {"name": name}, "buffer_name": target, "persistent": persistent}}),
            InputKind::ConstantTensor(t) => json!({"tensor_constant": {
                "arg": {"name": name}, "tensor_constant_name": t}}),
            InputKind::User(_) => json!({"user_input": {"arg": arg}}),
        });
    }
    let mut nodes = Vec::new();
    for id in &named.order {
        if let Some(n) = ctx.node(*id)? {
            nodes.push(n);
        }
    }
    let mut outputs = Vec::new();
    let mut output_specs = Vec::new();
    for o in &g.outputs {
        let arg = match &o.arg {
            Arg::Node(_) | Arg::Int(_) | Arg::Float(_) | Arg::Bool(_) | Arg::Str(_) => {
                ctx.input(&o.arg, None).map_err(Pt2Error::Program)?
            }
            other => {
                return Err(Pt2Error::Program(format!(
                    "an output of {other:?}, which this writer does not serialize"
                )));
            }
        };
        outputs.push(arg.clone());
        let tensor_name = || match &o.arg {
            Arg::Node(id) => Ok(ctx.name(*id)),
            _ => Err(Pt2Error::Program(
                "a mutation output that is not a node".into(),
            )),
        };
        output_specs.push(match &o.kind {
            OutputKind::User => json!({"user_output": {"arg": arg}}),
            OutputKind::BufferMutation(t) => json!({"buffer_mutation": {
                "arg": {"name": tensor_name()?}, "buffer_name": t}}),
            OutputKind::UserInputMutation(t) => json!({"user_input_mutation": {
                "arg": {"name": tensor_name()?}, "user_input_name": t}}),
        });
    }
    let in_tree = g
        .input_tree
        .as_ref()
        .ok_or_else(|| Pt2Error::Program("the example inputs' structure is unknown".into()))?;
    let user_outputs = g
        .outputs
        .iter()
        .filter(|o| o.kind == OutputKind::User)
        .count();
    let out_tree = match &g.output_tree {
        Some(t) => t.clone(),
        None => OutputTree::Seq(vec![OutputTree::Leaf; user_outputs]),
    };
    if out_tree.leaves() != user_outputs {
        return Err(Pt2Error::Program(
            "the output structure does not match the graph's outputs".into(),
        ));
    }
    let mut ranges = Map::new();
    for (k, lo, hi) in &p.range_constraints {
        ranges.insert(
            k.clone(),
            json!({"min_val": bound_json(*lo), "max_val": bound_json(*hi)}),
        );
    }
    let graph = json!({
        "inputs": inputs,
        "outputs": outputs,
        "nodes": nodes,
        "tensor_values": ctx.tensor_values,
        "sym_int_values": ctx.sym_int_values,
        "sym_bool_values": ctx.sym_bool_values,
        "is_single_tensor_return": false,
        "custom_obj_values": {},
        "sym_float_values": ctx.sym_float_values,
    });
    let doc = json!({
        "graph_module": {
            "graph": graph,
            "signature": {"input_specs": input_specs, "output_specs": output_specs},
            "module_call_graph": [{
                "fqn": "",
                "signature": {
                    "inputs": [],
                    "outputs": [],
                    "in_spec": spec_text(in_tree)?,
                    "out_spec": spec_text(&out_tree)?,
                    "forward_arg_names": g.forward_arg_names,
                },
            }],
            "metadata": {},
            "treespec_namedtuple_fields": {},
        },
        "opset_version": {"aten": ATEN_OPSET},
        "range_constraints": ranges,
        "schema_version": {"major": SCHEMA_VERSION.0, "minor": SCHEMA_VERSION.1},
        "verifiers": ["TRAINING"],
        "torch_version": "2.15.0",
        "guards_code": [],
    });
    Ok(json_text(&doc))
}

/// The payload config of weights or constants: each state name with its
/// file and tensor metadata.
fn payload_config(entries: &[(String, String, bool, &StateTensor)]) -> String {
    let mut config = Map::new();
    for (key, file, is_param, t) in entries {
        let sizes: Vec<Json> = t.shape.iter().map(|d| json!({"as_int": d})).collect();
        let mut strides = vec![1usize; t.shape.len()];
        for i in (0..t.shape.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1].saturating_mul(t.shape[i + 1].max(1));
        }
        config.insert(
            key.clone(),
            json!({
                "path_name": file,
                "is_param": is_param,
                "use_pickle": false,
                "tensor_meta": {
                    "dtype": scalar_type(t.dtype),
                    "sizes": sizes,
                    "requires_grad": is_param,
                    "device": {"type": "cpu", "index": null},
                    "strides": strides.iter().map(|s| json!({"as_int": s})).collect::<Vec<_>>(),
                    "storage_offset": {"as_int": 0},
                    "layout": LAYOUT_STRIDED,
                },
            }),
        );
    }
    json!({ "config": config }).to_string()
}

/// The archive's root folder for an output file name: its stem, as torch
/// names it (`model.pt2` -> `model`), letters, digits and `_` only.
pub fn archive_root(file_name: &str) -> String {
    let stem = file_name.split('.').next().unwrap_or("");
    let root: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if root.is_empty() {
        "archive".into()
    } else {
        root
    }
}

/// The whole `.pt2` archive: the program's JSON and every parameter,
/// buffer and constant value `state` gives (by placeholder), each checked
/// against the program's dtype and static shape.
pub fn archive(
    named: &NamedProgram,
    root: &str,
    state: &HashMap<NodeId, StateTensor>,
) -> Result<Vec<u8>, Pt2Error> {
    let model = exported_program_json(named)?;
    let g = &named.program.graph;
    let mut weights: Vec<(String, String, bool, &StateTensor)> = Vec::new();
    let mut constants: Vec<(String, String, bool, &StateTensor)> = Vec::new();
    for id in &named.program.inputs {
        let n = g.node(*id);
        // torch keeps non-persistent buffers with the constants, out of the
        // state dict.
        let (key, is_param, is_constant) = match &n.op {
            NodeOp::Placeholder(InputKind::Parameter(t)) => (t, true, false),
            NodeOp::Placeholder(InputKind::Buffer { target, persistent }) => {
                (target, false, !persistent)
            }
            NodeOp::Placeholder(InputKind::ConstantTensor(t)) => (t, false, true),
            _ => continue,
        };
        let t = state
            .get(id)
            .ok_or_else(|| Pt2Error::MissingState(format!("`{key}`")))?;
        if let MetaVal::Tensor { dtype, shape } = &n.val {
            let fixed: Option<Vec<usize>> = shape
                .iter()
                .map(|d| d.as_const().and_then(|c| usize::try_from(c).ok()))
                .collect();
            if *dtype != t.dtype || fixed.as_ref().is_some_and(|s| *s != t.shape) {
                return Err(Pt2Error::Program(format!(
                    "the value of `{key}` is {}{:?}, the program's {}{}",
                    t.dtype.short(),
                    t.shape,
                    dtype.short(),
                    crate::report::val_json(&named.program.env, &n.val)["shape"]
                )));
            }
        }
        let numel: usize = t.shape.iter().product();
        if t.data.len() != numel * t.dtype.size_of() {
            return Err(Pt2Error::Program(format!(
                "the value of `{key}` holds {} bytes, not {}",
                t.data.len(),
                numel * t.dtype.size_of()
            )));
        }
        if is_constant {
            if constants.iter().any(|(k, ..)| k == key) {
                continue;
            }
            let file = format!("tensor_{}", constants.len());
            constants.push((key.clone(), file, false, t));
        } else if !weights.iter().any(|(k, ..)| k == key) {
            let file = format!("weight_{}", weights.len());
            weights.push((key.clone(), file, is_param, t));
        }
    }
    let zip_err = |e: zip::result::ZipError| Pt2Error::Zip(e.to_string());
    let io_err = |e: std::io::Error| Pt2Error::Zip(e.to_string());
    let mut zw = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .with_alignment(64);
    let put = |zw: &mut zip::ZipWriter<std::io::Cursor<Vec<u8>>>,
               name: &str,
               bytes: &[u8]|
     -> Result<(), Pt2Error> {
        zw.start_file(format!("{root}/{name}"), opts)
            .map_err(zip_err)?;
        zw.write_all(bytes).map_err(io_err)
    };
    for (_, file, _, t) in &weights {
        put(&mut zw, &format!("data/weights/{file}"), &t.data)?;
    }
    put(
        &mut zw,
        "data/weights/model_weights_config.json",
        payload_config(&weights).as_bytes(),
    )?;
    for (_, file, _, t) in &constants {
        put(&mut zw, &format!("data/constants/{file}"), &t.data)?;
    }
    put(
        &mut zw,
        "data/constants/model_constants_config.json",
        payload_config(&constants).as_bytes(),
    )?;
    put(&mut zw, "models/model.json", model.as_bytes())?;
    // No example inputs: torch reads an empty record as none.
    put(&mut zw, "data/sample_inputs/model.pt", b"")?;
    put(&mut zw, "archive_format", b"pt2")?;
    put(&mut zw, "archive_version", b"0")?;
    put(&mut zw, ".data/version", b"6\n")?;
    put(&mut zw, "byteorder", b"little")?;
    let id = serialization_id(model.as_bytes());
    put(&mut zw, ".data/serialization_id", id.as_bytes())?;
    let cursor = zw.finish().map_err(zip_err)?;
    Ok(cursor.into_inner())
}

/// A 40-digit record id derived from the program text (torch writes a
/// random one; a hash keeps the output reproducible).
fn serialization_id(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut out = String::new();
    for round in 0..3u64 {
        for b in bytes {
            h ^= u64::from(*b) ^ round;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        out.push_str(&format!("{h:020}"));
    }
    out.truncate(40);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_precision_rounds_to_nearest_even() {
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(-2.0), 0xc000);
        assert_eq!(f32_to_f16(65504.0), 0x7bff);
        assert_eq!(f32_to_f16(1e6), 0x7c00);
        assert_eq!(f32_to_f16(5.960_464_5e-8), 0x0001);
        assert_eq!(f32_to_bf16(1.0), 0x3f80);
        assert_eq!(f32_to_bf16(f32::from_bits(0x3f80_8000)), 0x3f80);
        assert_eq!(f32_to_bf16(f32::from_bits(0x3f81_8000)), 0x3f82);
    }

    #[test]
    fn values_encode_as_little_endian_storage() {
        assert_eq!(encode(&[1.0, -1.0], DType::I64).len(), 16);
        assert_eq!(encode(&[1.0], DType::F32), 1f32.to_le_bytes());
        assert_eq!(encode(&[0.0, 2.0], DType::Bool), [0, 1]);
        assert_eq!(encode(&[3.0], DType::I32), [3, 0, 0, 0]);
    }

    #[test]
    fn empty_lists_take_their_type_from_the_schema() {
        assert_eq!(empty_list(Some("SymInt[]")), Some("as_ints"));
        assert_eq!(empty_list(Some("int[1]?")), Some("as_ints"));
        assert_eq!(empty_list(Some("Tensor[]")), Some("as_tensors"));
        assert_eq!(empty_list(Some("float[]")), Some("as_floats"));
        assert_eq!(empty_list(None), None);
    }

    #[test]
    fn non_finite_floats_are_written_as_python_writes_them() {
        let v = json!({"a": float_json(f64::INFINITY), "b": float_json(f64::NAN), "c": float_json(1.5)});
        assert_eq!(json_text(&v), r#"{"a":Infinity,"b":NaN,"c":1.5}"#);
    }

    #[test]
    fn treespecs_are_written_as_torch_dumps_them() {
        let tree = OutputTree::Seq(vec![
            OutputTree::Seq(vec![
                OutputTree::Leaf,
                OutputTree::List(vec![OutputTree::Leaf]),
            ]),
            OutputTree::Dict(vec![
                (DictKey::Str("k".into()), OutputTree::Leaf),
                (DictKey::Int(1), OutputTree::Leaf),
            ]),
        ]);
        let text = spec_text(&tree).unwrap();
        let leaf = json!({"type": null, "context": null, "children_spec": []});
        let expected = json!([1, {"type": "builtins.tuple", "context": "null", "children_spec": [
            {"type": "builtins.tuple", "context": "null", "children_spec": [
                leaf.clone(),
                {"type": "builtins.list", "context": "null", "children_spec": [leaf.clone()]},
            ]},
            {"type": "builtins.dict", "context": "[\"k\",1]", "children_spec": [leaf.clone(), leaf]},
        ]}]);
        assert_eq!(serde_json::from_str::<Json>(&text).unwrap(), expected);
        assert!(spec_text(&OutputTree::Opaque("P".into())).is_err());
    }

    #[test]
    fn constant_inputs_are_typed_by_their_python_value() {
        assert_eq!(constant_input("5"), Some(json!({"as_int": 5})));
        assert_eq!(constant_input("2.0"), Some(json!({"as_float": 2.0})));
        assert_eq!(constant_input("True"), Some(json!({"as_bool": true})));
        assert_eq!(constant_input("'attr'"), Some(json!({"as_string": "attr"})));
        assert_eq!(constant_input("<object>"), None);
    }

    #[test]
    fn archive_roots_are_file_stems() {
        assert_eq!(archive_root("model.pt2"), "model");
        assert_eq!(archive_root("my-net.v2.pt2"), "my_net");
        assert_eq!(archive_root(""), "archive");
    }
}
