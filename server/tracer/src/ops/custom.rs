//! Custom operators defined with `torch.library` (`custom_op`, `define`,
//! `Library.define`) as model and library code defines them: the registry
//! of a trace's operators, their schemas (given as text or inferred from a
//! function's annotations), and a call of one (`torch.ops.NS.NAME(...)`,
//! `.default`, a `CustomOpDef`).
//!
//! torch records a call of a custom operator as one node whose target is
//! the operator's overload (`torch._ops.NS.NAME.default`), its arguments
//! bound by the schema (positional ones up to the last that differs from
//! its default, keyword-only ones that differ as keywords), its value
//! computed by the fake implementation (`register_fake`, or a composite
//! one) run on the fake inputs, whose own ops are not recorded. Without
//! one, export fails: the `RuntimeError` of a `custom_op`, the fake-tensor
//! exception (non-strict) or graph break (strict) of a `define`d operator.
//! Outside `forward` the real implementation runs, as eager torch runs it.
//!
//! The Python surface (`torch.library.custom_op`, `CustomOpDef`,
//! `Library`) is the prelude's `library.py`, over the intrinsics of
//! [`Intrinsic`].

use std::rc::Rc;

use super::meta::record_tuple_kw;
use crate::graph::{Arg, MetaVal};
use crate::interp::{Interp, R};
use crate::python::names::known_names;
use crate::value::{Function, FunctionBody, Value};

known_names! {
    /// The prelude's intrinsics behind `torch.library` (`prelude/library.py`).
    pub enum Intrinsic {
        /// `torch._exportlens_define_op(qualname, schema, kind, kernel)`:
        /// registers an operator; `kind` is `"custom_op"` or `"define"`.
        DefineOp = "torch._exportlens_define_op",
        /// `torch._exportlens_infer_schema(fn, mutates_args)`: the schema
        /// torch infers from `fn`'s annotations.
        InferSchema = "torch._exportlens_infer_schema",
        /// `torch._exportlens_register_impl(op, key, fn)`: an implementation
        /// of `op` for a dispatch key (`"fake"`, a device, a composite key).
        RegisterImpl = "torch._exportlens_register_impl",
        /// `torch._exportlens_op_overload(op)`: the operator's default
        /// overload (`torch.ops.NS.NAME.default`).
        OpOverload = "torch._exportlens_op_overload",
    }
}

/// How an operator was made, which decides torch's failure when it has no
/// fake implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `torch.library.custom_op`.
    CustomOp,
    /// `torch.library.define` / `Library.define`.
    Define,
}

/// One operator a trace's code defined.
pub struct CustomOp {
    pub namespace: String,
    pub name: String,
    pub origin: Origin,
    /// `None` when the schema could not be read (its calls are then
    /// "analysis incomplete").
    pub schema: Option<Schema>,
    /// The fake (meta) implementation.
    pub fake: Option<Value>,
    /// A composite implementation (`CompositeImplicitAutograd` /
    /// `CompositeExplicitAutograd`): torch computes the node's value by
    /// running it on the fake inputs.
    pub composite: Option<Value>,
    /// The real implementation (a device kernel, or the function
    /// `custom_op` wrapped), run outside `forward`.
    pub kernel: Option<Value>,
}

impl CustomOp {
    /// The values the registry holds (for library-state reuse's walk).
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        [&self.fake, &self.composite, &self.kernel]
            .into_iter()
            .flatten()
            .chain(
                self.schema
                    .iter()
                    .flat_map(|s| s.params.iter().filter_map(|p| p.default.as_ref())),
            )
    }
}

/// An operator schema: its parameters and what it returns.
#[derive(Clone, Debug)]
pub struct Schema {
    pub params: Vec<SchemaParam>,
    pub returns: Returns,
}

/// One declared parameter.
#[derive(Clone, Debug)]
pub struct SchemaParam {
    pub name: String,
    /// The declared type without its alias annotation (`Tensor`, `SymInt[]`).
    pub ty: String,
    pub kwarg_only: bool,
    pub default: Option<Value>,
    /// Written by the operator (`Tensor(a!)`).
    pub mutable: bool,
}

/// What an operator returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    /// `-> ()`.
    Nothing,
    /// One value.
    One,
    /// A tuple of this many values.
    Tuple(usize),
    /// `-> Tensor[]`: a list.
    List,
}

impl Schema {
    fn mutates(&self) -> bool {
        self.params.iter().any(|p| p.mutable)
    }
}

// ----- schema text ------------------------------------------------------------------

/// Parses `(Tensor x, *, float s=1.) -> Tensor`, with or without a name
/// before the parentheses (`mylib::foo(...)`, `foo.out(...)`); the name is
/// returned too.
pub fn parse_schema(text: &str) -> Result<(String, Schema), String> {
    let text = text.trim();
    let open = text.find('(').ok_or("expected '(' in the schema")?;
    let name = text[..open].trim().to_string();
    let close = matching(text, open).ok_or("unbalanced parentheses in the schema")?;
    let mut params = Vec::new();
    let mut kwarg_only = false;
    for part in split_top(&text[open + 1..close]) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        if part == "*" {
            kwarg_only = true;
            continue;
        }
        let (decl, default) = match part.split_once('=') {
            Some((d, v)) => (d.trim(), Some(parse_default(v.trim()))),
            None => (part, None),
        };
        let (ty, pname) = decl
            .rsplit_once(' ')
            .ok_or_else(|| format!("parameter `{decl}` has no name"))?;
        let ty = ty.trim();
        params.push(SchemaParam {
            name: pname.trim().to_string(),
            ty: without_alias(ty),
            kwarg_only,
            default,
            mutable: ty.contains('!'),
        });
    }
    let rest = text[close + 1..].trim();
    let ret = rest
        .strip_prefix("->")
        .ok_or("expected '->' after the parameters")?
        .trim();
    let returns = match ret.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        Some(inner) => {
            let n = split_top(inner)
                .iter()
                .filter(|p| !p.trim().is_empty())
                .count();
            if n == 0 {
                Returns::Nothing
            } else {
                Returns::Tuple(n)
            }
        }
        None if without_alias(ret.split(' ').next().unwrap_or(ret)).ends_with("[]") => {
            Returns::List
        }
        None => Returns::One,
    };
    Ok((name, Schema { params, returns }))
}

/// The index of the parenthesis closing the one at `open`.
fn matching(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at the commas outside brackets and quotes.
fn split_top(s: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut quote, mut start) = (Vec::new(), 0i32, None, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' | '\'' if quote == Some(c) => quote = None,
            '"' | '\'' if quote.is_none() => quote = Some(c),
            '(' | '[' if quote.is_none() => depth += 1,
            ')' | ']' if quote.is_none() => depth -= 1,
            ',' if quote.is_none() && depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// `Tensor(a!)` -> `Tensor`, `Tensor(a)[]` -> `Tensor[]`.
fn without_alias(ty: &str) -> String {
    let mut out = String::with_capacity(ty.len());
    let mut depth = 0;
    for c in ty.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn parse_default(v: &str) -> Value {
    if let Some(constant) = SchemaConstant::from_name(v) {
        return match constant {
            SchemaConstant::None => Value::None,
            SchemaConstant::True => Value::Bool(true),
            SchemaConstant::False => Value::Bool(false),
        };
    }
    if let Some(inner) = v.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let items = split_top(inner)
            .into_iter()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(parse_default)
            .collect();
        return Value::list(items);
    }
    let quoted = v
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')));
    if let Some(s) = quoted {
        return Value::str(s);
    }
    if let Ok(i) = v.parse::<i64>() {
        return Value::Int(i);
    }
    if let Ok(f) = v.trim_end_matches('.').parse::<f64>() {
        return Value::Float(f);
    }
    Value::str(v)
}

// ----- schema inference -----------------------------------------------------------

/// The schema torch's `infer_schema` makes of `func`'s annotations, as
/// text (`(Tensor x, SymInt k=2) -> Tensor`); `mutates` names the
/// parameters it writes (`None`: `"unknown"`, every tensor). A missing
/// annotation is torch's `ValueError`; a type the tracer does not read
/// keeps its text (only the parameters' names, defaults and mutation
/// matter to the graph).
pub fn infer_schema(interp: &mut Interp, func: &Function, mutates: Option<&[String]>) -> R<String> {
    let FunctionBody::Def(def) = &func.body else {
        return Err(interp.torch_error(
            "ValueError",
            "infer_schema(func): a lambda has no type annotations",
        ));
    };
    let params = &func.params;
    let mut parts = Vec::new();
    let mut kw_started = false;
    let positional = params
        .posonly
        .iter()
        .chain(&params.args)
        .map(|p| (p, false));
    let keyword = params.kwonly.iter().map(|p| (p, true));
    for (index, (p, kw)) in positional.chain(keyword).enumerate() {
        if kw && !kw_started {
            parts.push("*".to_string());
            kw_started = true;
        }
        let Some(ann) = &p.annotation else {
            return Err(interp.torch_error(
                "ValueError",
                format!(
                    "infer_schema(func): Parameter {} must have a type annotation.",
                    p.name
                ),
            ));
        };
        let mut ty = schema_type(func.file.slice(ann.range));
        let writes = match mutates {
            None => ty.starts_with("Tensor"),
            Some(names) => names.contains(&p.name),
        };
        if writes && let Some(rest) = ty.strip_prefix("Tensor") {
            ty = format!("Tensor(a{index}!){rest}");
        }
        let default = match func.defaults.get(&p.name) {
            Some(v) => format!("={}", default_text(v)),
            None => String::new(),
        };
        parts.push(format!("{ty} {}{default}", p.name));
    }
    let Some(ret) = &def.returns else {
        return Err(interp.torch_error(
            "ValueError",
            "infer_schema(func): No return type annotation was provided. Please add one.",
        ));
    };
    let ret = return_type(func.file.slice(ret.range));
    Ok(format!("({}) -> {ret}", parts.join(", ")))
}

/// An annotation's text without quotes, spaces and module prefixes.
fn bare(text: &str) -> String {
    let t: String = text
        .trim()
        .trim_matches(|c| c == '"' || c == '\'')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    [
        "typing.",
        "torch.types.",
        "torch.",
        "collections.abc.",
        "types.",
    ]
    .iter()
    .fold(t, |t, prefix| t.replace(prefix, ""))
}

/// The schema type of a parameter annotation (torch's `infer_schema`
/// table); an annotation it does not list keeps its text.
fn schema_type(text: &str) -> String {
    let t = bare(text);
    if let Some(inner) = optional_of(&t) {
        return format!("{}?", schema_type(&inner));
    }
    if let Some(inner) = sequence_of(&t) {
        let item = match optional_of(&inner) {
            Some(o) if schema_type(&o) == "Tensor" => "Tensor?".to_string(),
            _ => schema_type(&inner),
        };
        return format!("{item}[]");
    }
    SCHEMA_TYPE_OF_ANNOTATION
        .iter()
        .find(|(annotation, _)| *annotation == t)
        .map_or(t, |(_, schema)| schema.to_string())
}

/// The schema type torch infers from each plain Python annotation.
const SCHEMA_TYPE_OF_ANNOTATION: &[(&str, &str)] = &[
    ("Tensor", "Tensor"),
    ("int", "SymInt"),
    ("SymInt", "SymInt"),
    ("float", "float"),
    ("bool", "bool"),
    ("str", "str"),
    ("Number", "Scalar"),
    ("Union[int,float,bool]", "Scalar"),
    ("dtype", "ScalarType"),
    ("device", "Device"),
];

known_names! {
    /// The constants a schema's default may spell.
    enum SchemaConstant {
        None = "None",
        True = "True",
        False = "False",
    }
}

known_names! {
    /// The dispatch keys `Library.impl` treats apart from a plain kernel.
    enum ImplKey {
        Fake = "fake",
        MetaKey = "Meta",
        Meta = "meta",
        CompositeImplicit = "CompositeImplicitAutograd",
        CompositeExplicit = "CompositeExplicitAutograd",
    }
}

/// The schema return of a return annotation.
fn return_type(text: &str) -> String {
    let t = bare(text);
    if t == "None" {
        return "()".into();
    }
    for tuple in ["Tuple[", "tuple["] {
        if let Some(inner) = t.strip_prefix(tuple).and_then(|r| r.strip_suffix(']')) {
            let items: Vec<String> = split_top(inner).iter().map(|i| schema_type(i)).collect();
            return format!("({})", items.join(", "));
        }
    }
    schema_type(&t)
}

/// `X` of `Optional[X]`, `X | None`, `None | X`, `Union[X, None]`.
fn optional_of(t: &str) -> Option<String> {
    if let Some(inner) = t
        .strip_prefix("Optional[")
        .and_then(|r| r.strip_suffix(']'))
    {
        return Some(inner.to_string());
    }
    if let Some(inner) = t.strip_prefix("Union[").and_then(|r| r.strip_suffix(']')) {
        let items: Vec<&str> = split_top(inner)
            .into_iter()
            .filter(|i| *i != "None")
            .collect();
        return (items.len() == 1 && split_top(inner).len() == 2).then(|| items[0].to_string());
    }
    let items: Vec<&str> = split_union(t);
    if items.len() == 2 && items.contains(&"None") {
        return items.into_iter().find(|i| *i != "None").map(str::to_string);
    }
    None
}

/// `A|B` at the top level.
fn split_union(t: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in t.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            '|' if depth == 0 => {
                parts.push(&t[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&t[start..]);
    parts
}

/// `X` of `List[X]`, `list[X]`, `Sequence[X]`.
fn sequence_of(t: &str) -> Option<String> {
    ["List[", "list[", "Sequence["].iter().find_map(|p| {
        t.strip_prefix(p)
            .and_then(|r| r.strip_suffix(']'))
            .map(str::to_string)
    })
}

/// A default as `infer_schema` writes it, its Python repr (`None`,
/// `True`, `2`, `1.0`, `'a'`).
fn default_text(v: &Value) -> String {
    match v {
        Value::None => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => crate::pyrepr::float_repr(*f),
        Value::Str(s) => crate::pyrepr::str_repr(s),
        _ => "None".into(),
    }
}

// ----- the registry ------------------------------------------------------------------

/// `ns::name` of an operator given as a string, an overload or packet
/// (`torch.ops.ns.name[.default]`) or a `CustomOpDef` (its `_qualname`).
pub fn qualname_of(v: &Value) -> Option<String> {
    match v {
        Value::Str(s) => Some(s.split('.').next().unwrap_or(s).to_string()),
        Value::Builtin(b) if b.receiver.is_none() => ops_path_qualname(&b.name),
        Value::PyModule(p) => ops_path_qualname(p),
        Value::Object(o) => match &o.get_attr("_qualname") {
            Some(Value::Str(s)) => Some(s.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// `torch.ops.ns.name[.overload]` -> `ns::name` (not ATen's).
fn ops_path_qualname(path: &str) -> Option<String> {
    let rest = path.strip_prefix("torch.ops.")?;
    let mut parts = rest.split('.');
    let (ns, name) = (parts.next()?, parts.next()?);
    (ns != "aten" && ns != "higher_order").then(|| format!("{ns}::{name}"))
}

/// `torch.ops.<path>.<attr>` for operators code defined: the namespace
/// (`torch.ops.mylib`, any name), a defined operator (its packet) and its
/// default overload. `None` for ATen's and higher-order namespaces and
/// for what is not defined.
pub fn ops_attr(interp: &Interp, path: &str, attr: &str) -> Option<Value> {
    let full = format!("{path}.{attr}");
    let rest = full.strip_prefix("torch.ops.")?;
    let parts: Vec<&str> = rest.split('.').collect();
    match parts.as_slice() {
        ["aten" | "higher_order", ..] => None,
        [_ns] => Some(Value::PyModule(Rc::from(full.as_str()))),
        [ns, name] => interp
            .custom_ops
            .contains_key(&format!("{ns}::{name}"))
            .then(|| Value::PyModule(Rc::from(full.as_str()))),
        [ns, name, "default"] => interp
            .custom_ops
            .contains_key(&format!("{ns}::{name}"))
            .then(|| Value::builtin(&full)),
        _ => None,
    }
}

/// The operator a `torch.ops...` callable names, if code defined it.
fn defined(interp: &Interp, full: &str) -> Option<String> {
    let qualname = ops_path_qualname(full)?;
    let parts = full.strip_prefix("torch.ops.")?.split('.').count();
    let default_overload = parts == 2 || full.ends_with(".default");
    (default_overload && interp.custom_ops.contains_key(&qualname)).then_some(qualname)
}

/// A prelude intrinsic of `torch.library`.
pub fn intrinsic(
    interp: &mut Interp,
    which: Intrinsic,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let arg = |i: usize| args.get(i).cloned().unwrap_or(Value::None);
    let _ = kwargs;
    match which {
        Intrinsic::DefineOp => {
            let Some(qualname) = qualname_of(&arg(0)) else {
                return Err(interp.type_error("define: expected an operator name `ns::name`"));
            };
            let Some((namespace, name)) = qualname.split_once("::") else {
                return Err(interp.torch_error(
                    "ValueError",
                    format!("Expected there to be a namespace in {qualname}, i.e. The operator name should look something like ns::foo"),
                ));
            };
            let origin = match &arg(2) {
                Value::Str(s) if &**s == "define" => Origin::Define,
                _ => Origin::CustomOp,
            };
            let schema = match &arg(1) {
                Value::Str(s) => match parse_schema(s) {
                    Ok((_, schema)) => Some(schema),
                    Err(why) => {
                        return Err(interp
                            .torch_error("RuntimeError", format!("invalid schema `{s}`: {why}")));
                    }
                },
                _ => None,
            };
            let kernel = Some(arg(3)).filter(|v| !v.is_none());
            interp.custom_ops.insert(
                qualname.clone(),
                CustomOp {
                    namespace: namespace.to_string(),
                    name: name.to_string(),
                    origin,
                    schema,
                    fake: None,
                    composite: None,
                    kernel,
                },
            );
            Ok(Value::None)
        }
        Intrinsic::InferSchema => {
            let Value::Function(ref func) = arg(0) else {
                return Ok(Value::unknown(
                    "the schema of a callable that is not a Python function",
                ));
            };
            let mutates = match &arg(1) {
                Value::Str(s) if &**s == "unknown" => None,
                Value::Str(s) => Some(vec![s.to_string()]),
                other => {
                    let names = interp.iterate(other)?;
                    Some(
                        names
                            .iter()
                            .filter_map(|n| match n {
                                Value::Str(s) => Some(s.to_string()),
                                _ => None,
                            })
                            .collect(),
                    )
                }
            };
            infer_schema(interp, func, mutates.as_deref()).map(|s| Value::str(&s))
        }
        Intrinsic::RegisterImpl => {
            let Some(qualname) = qualname_of(&arg(0)) else {
                return Err(interp.type_error("expected an operator"));
            };
            let key = match &arg(1) {
                Value::Str(s) => s.to_string(),
                _ => String::new(),
            };
            let func = arg(2);
            let Some(op) = interp.custom_ops.get_mut(&qualname) else {
                return Err(interp.torch_error(
                    "RuntimeError",
                    format!("operator {qualname} does not exist"),
                ));
            };
            match ImplKey::from_name(&key) {
                Some(ImplKey::Fake | ImplKey::MetaKey | ImplKey::Meta) => op.fake = Some(func),
                Some(ImplKey::CompositeImplicit | ImplKey::CompositeExplicit) => {
                    op.composite = Some(func)
                }
                None => op.kernel = Some(func),
            }
            Ok(Value::None)
        }
        Intrinsic::OpOverload => match qualname_of(&arg(0)) {
            Some(q) if interp.custom_ops.contains_key(&q) => {
                let (ns, name) = q.split_once("::").unwrap_or(("", &q));
                Ok(Value::builtin(&format!("torch.ops.{ns}.{name}.default")))
            }
            _ => Err(interp.torch_error("RuntimeError", "no such operator")),
        },
    }
}

// ----- calls ---------------------------------------------------------------------------

/// A call of `full` (`torch.ops.ns.name[.default]`) when it names an
/// operator code defined; `None` otherwise.
pub fn call_if_defined(
    interp: &mut Interp,
    full: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let Some(qualname) = defined(interp, full) else {
        return Ok(None);
    };
    let op = &interp.custom_ops[&qualname];
    let (namespace, name, origin) = (op.namespace.clone(), op.name.clone(), op.origin);
    let Some(schema) = op.schema.clone() else {
        let r = interp.current_range();
        return Ok(Some(interp.incomplete(
            r,
            format!(
                "analysis incomplete: the schema of the custom operator `{qualname}` is not known"
            ),
        )));
    };
    let (fake, composite, kernel) = (op.fake.clone(), op.composite.clone(), op.kernel.clone());
    let bound = bind(interp, &qualname, &schema, args, kwargs)?;
    let (positional, keywords) = implementation_args(&schema, &bound);
    if !interp.tracing {
        // Eager torch runs the operator's own implementation.
        let Some(f) = kernel.or(composite).or(fake) else {
            return Err(interp.torch_error(
                "NotImplementedError",
                format!("{namespace}::{name}: no kernel registered"),
            ));
        };
        return interp.call(&f, positional, keywords).map(Some);
    }
    let Some(meta) = fake.or(composite) else {
        return Err(no_fake(interp, &namespace, &name, origin));
    };
    // torch runs the fake implementation on fake tensors: nothing it does
    // is recorded, its checks guard as any check does.
    let was_tracing = std::mem::replace(&mut interp.tracing, false);
    let result = interp.call(&meta, positional, keywords);
    interp.tracing = was_tracing;
    let result = result?;
    let target = format!("torch._ops.{namespace}.{name}.default");
    let recorded = recorded_args(interp, &schema, &bound);
    record(interp, &target, recorded, &schema, result).map(Some)
}

/// The failure of a call of an operator without a fake implementation.
fn no_fake(interp: &Interp, namespace: &str, name: &str, origin: Origin) -> crate::interp::Flow {
    match origin {
        Origin::CustomOp => interp.torch_error(
            "RuntimeError",
            format!(
                "There was no fake impl registered for <CustomOpDef({namespace}::{name})>. This is necessary for torch.compile/export/fx tracing to work. Please use `{name}.register_fake` to add an fake impl."
            ),
        ),
        Origin::Define if interp.strict_tracing() => interp.graph_break(
            "GB0090",
            format!(
                "Operator does not support running with fake tensors: unsupported operator: {namespace}.{name}.default"
            ),
            "register a fake implementation with torch.library.register_fake",
        ),
        Origin::Define => interp.torch_error(
            "UnsupportedOperatorException",
            format!("{namespace}.{name}.default"),
        ),
    }
}

/// Binds a call's arguments to the schema's parameters, as torch's
/// operator call does: `None` for a parameter not passed (its default
/// applies).
fn bind(
    interp: &mut Interp,
    qualname: &str,
    schema: &Schema,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Vec<Value>> {
    let mut bound: Vec<Option<Value>> = vec![None; schema.params.len()];
    let positional: Vec<usize> = (0..schema.params.len())
        .filter(|&i| !schema.params[i].kwarg_only)
        .collect();
    if args.len() > positional.len() {
        return Err(interp.type_error(format!(
            "{qualname}() expected at most {} argument(s) but received {} argument(s)",
            positional.len(),
            args.len()
        )));
    }
    for (slot, v) in positional.iter().zip(args) {
        bound[*slot] = Some(v.clone());
    }
    for (k, v) in kwargs {
        match schema.params.iter().position(|p| p.name == *k) {
            Some(i) if bound[i].is_none() => bound[i] = Some(v.clone()),
            Some(_) => {
                return Err(interp.type_error(format!(
                    "{qualname}() got multiple values for argument '{k}'"
                )));
            }
            None => {
                return Err(interp.type_error(format!(
                    "{qualname}() got an unexpected keyword argument '{k}'"
                )));
            }
        }
    }
    let mut out = Vec::with_capacity(bound.len());
    for (p, v) in schema.params.iter().zip(bound) {
        match v.or_else(|| p.default.clone()) {
            Some(v) => out.push(v),
            None => {
                return Err(interp.type_error(format!(
                    "{qualname}() is missing value for argument '{}'",
                    p.name
                )));
            }
        }
    }
    Ok(out)
}

/// The arguments an implementation is called with: every parameter,
/// keyword-only ones as keywords.
fn implementation_args(schema: &Schema, bound: &[Value]) -> (Vec<Value>, Vec<(String, Value)>) {
    let mut positional = Vec::new();
    let mut keywords = Vec::new();
    for (p, v) in schema.params.iter().zip(bound) {
        if p.kwarg_only {
            keywords.push((p.name.clone(), v.clone()));
        } else {
            positional.push(v.clone());
        }
    }
    (positional, keywords)
}

/// The node's arguments as torch records them: positional ones up to the
/// last that differs from its default, keyword-only ones that differ.
fn recorded_args(
    interp: &mut Interp,
    schema: &Schema,
    bound: &[Value],
) -> (Vec<Arg>, Vec<(String, Arg)>) {
    let at_default = |p: &SchemaParam, v: &Value| p.default.as_ref().is_some_and(|d| same(d, v));
    let pairs: Vec<(&SchemaParam, &Value)> = schema.params.iter().zip(bound).collect();
    let last_positional = pairs
        .iter()
        .rposition(|(p, v)| !p.kwarg_only && !at_default(p, v))
        .map_or(0, |i| i + 1);
    let mut args = Vec::new();
    let mut kwargs = Vec::new();
    for (i, (p, v)) in pairs.into_iter().enumerate() {
        if p.kwarg_only {
            if !at_default(p, v) {
                kwargs.push((p.name.clone(), interp.arg_of(v)));
            }
        } else if i < last_positional {
            args.push(interp.arg_of(v));
        }
    }
    (args, kwargs)
}

/// Whether a passed value is the schema's default.
fn same(default: &Value, v: &Value) -> bool {
    match (default, v) {
        (Value::None, Value::None) => true,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Int(a), Value::Int(b)) => a == b,
        (Value::Float(a), Value::Float(b)) => a == b,
        (Value::Float(a), Value::Int(b)) | (Value::Int(b), Value::Float(a)) => *a == *b as f64,
        (Value::Str(a), Value::Str(b)) => a == b,
        (Value::List(a), Value::List(b)) => {
            let (a, b) = (a.borrow(), b.borrow());
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| same(x, y))
        }
        (Value::List(a), Value::Tuple(b)) => {
            let a = a.borrow();
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| same(x, y))
        }
        _ => false,
    }
}

/// Records the operator's node with the value its fake implementation
/// returned, and gives the traced result (new tensors of the same
/// metadata, read through `getitem`s when several).
fn record(
    interp: &mut Interp,
    target: &str,
    args: (Vec<Arg>, Vec<(String, Arg)>),
    schema: &Schema,
    result: Value,
) -> R<Value> {
    let returns = match (&schema.returns, &result) {
        (Returns::One, Value::Tuple(_) | Value::List(_)) => Returns::Tuple(0),
        (r, _) => *r,
    };
    let value = match returns {
        Returns::Nothing => {
            let node = interp.record(target, args.0, args.1, MetaVal::None);
            interp.graph.node_mut(node).side_effect = true;
            return Ok(Value::None);
        }
        Returns::One => {
            let Value::Tensor(t) = &result else {
                return Ok(not_a_tensor(interp, target));
            };
            let t = interp.op_output(t.dtype, t.shape.clone());
            let val = interp.meta_of(&t);
            let node = interp.record(target, args.0, args.1, val);
            t.node.set(Some(node));
            interp.output_metadata_guards(&t, false);
            if schema.mutates() {
                interp.graph.node_mut(node).side_effect = true;
            }
            return Ok(Value::Tensor(t));
        }
        Returns::Tuple(_) | Returns::List => {
            let items = interp.iterate(&result)?;
            let mut tensors = Vec::with_capacity(items.len());
            for item in &items {
                let Value::Tensor(t) = item else {
                    return Ok(not_a_tensor(interp, target));
                };
                tensors.push(interp.op_output(t.dtype, t.shape.clone()));
            }
            let before = interp.graph.nodes.len();
            let value = record_tuple_kw(interp, target, args, tensors)?;
            if schema.mutates()
                && let Some(node) = (before < interp.graph.nodes.len())
                    .then_some(crate::graph::NodeId(before as u32))
            {
                interp.graph.node_mut(node).side_effect = true;
            }
            value
        }
    };
    Ok(match (returns, &value) {
        (Returns::List, Value::Tuple(items)) => Value::list(items.to_vec()),
        _ => value,
    })
}

/// A fake implementation that returned something other than tensors.
fn not_a_tensor(interp: &mut Interp, target: &str) -> Value {
    let r = interp.current_range();
    interp.incomplete(
        r,
        format!(
            "analysis incomplete: `{target}` returned a value other than tensors (not modelled)"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemas_parse_with_defaults_keywords_and_mutation() {
        let (name, s) =
            parse_schema("(Tensor input, Tensor weight, Tensor offs) -> Tensor").unwrap();
        assert_eq!(name, "");
        assert_eq!(s.params.len(), 3);
        assert_eq!(s.returns, Returns::One);
        let (name, s) = parse_schema(
            "mylib::scale(Tensor x, Tensor? w=None, *, float alpha=1., SymInt[]? dims=None) -> Tensor[]",
        )
        .unwrap();
        assert_eq!(name, "mylib::scale");
        assert_eq!(s.returns, Returns::List);
        assert!(s.params[2].kwarg_only && !s.params[1].kwarg_only);
        assert!(matches!(s.params[2].default, Some(Value::Float(f)) if f == 1.0));
        assert!(matches!(s.params[1].default, Some(Value::None)));
        assert_eq!(s.params[3].ty, "SymInt[]?");
        let (_, s) = parse_schema("(Tensor x, Tensor(a1!) out) -> ()").unwrap();
        assert!(s.params[1].mutable && !s.params[0].mutable);
        assert_eq!(s.returns, Returns::Nothing);
        assert_eq!(s.params[1].ty, "Tensor");
        let (_, s) = parse_schema("(Tensor x) -> (Tensor, Tensor)").unwrap();
        assert_eq!(s.returns, Returns::Tuple(2));
        assert!(parse_schema("(Tensor x) Tensor").is_err());
        assert!(parse_schema("Tensor x -> Tensor").is_err());
    }

    #[test]
    fn annotations_map_to_torch_schema_types() {
        for (ann, ty) in [
            ("torch.Tensor", "Tensor"),
            ("'torch.Tensor'", "Tensor"),
            ("Optional[torch.Tensor]", "Tensor?"),
            ("torch.Tensor | None", "Tensor?"),
            ("typing.Union[torch.Tensor, None]", "Tensor?"),
            ("int", "SymInt"),
            ("float", "float"),
            ("List[int]", "SymInt[]"),
            ("list[torch.Tensor]", "Tensor[]"),
            ("Sequence[Optional[Tensor]]", "Tensor?[]"),
            ("Optional[List[int]]", "SymInt[]?"),
            ("torch.dtype", "ScalarType"),
        ] {
            assert_eq!(schema_type(ann), ty, "{ann}");
        }
        assert_eq!(return_type("None"), "()");
        assert_eq!(
            return_type("tuple[torch.Tensor, torch.Tensor]"),
            "(Tensor, Tensor)"
        );
        assert_eq!(return_type("List[torch.Tensor]"), "Tensor[]");
        assert_eq!(default_text(&Value::Float(1.0)), "1.0");
        assert_eq!(default_text(&Value::Float(1e-5)), "1e-05");
    }

    #[test]
    fn operator_paths_name_their_operator() {
        assert_eq!(
            qualname_of(&Value::builtin("torch.ops.mylib.foo.default")).as_deref(),
            Some("mylib::foo")
        );
        assert_eq!(
            qualname_of(&Value::PyModule(Rc::from("torch.ops.mylib.foo"))).as_deref(),
            Some("mylib::foo")
        );
        assert_eq!(
            qualname_of(&Value::str("mylib::foo")).as_deref(),
            Some("mylib::foo")
        );
        assert!(qualname_of(&Value::builtin("torch.ops.aten.add.Tensor")).is_none());
    }
}
