//! Attribute and item access, iteration and membership: `obj.attr`,
//! `obj.attr = v`, `obj[i]`, `for x in obj`, `x in obj`, for every kind of
//! value, including the torch namespaces and nn.Module registries.

use std::rc::Rc;
use std::sync::Arc;

use shapes::SymExpr;

use super::{Interp, R, typing_forms};
use crate::dtype::DType;
use crate::python::methods::number::IntAttribute;
use crate::python::methods::slice::SliceAttribute;
use crate::python::names::known_names;
use crate::python::objects::{CachedAttribute, KnownObject, PartialAttribute};
use crate::value::{Class, Dict, DimSpec, Function, FunctionKind, ModuleState, Object, Value};

/// Objects whose `__dict__` a trace remembers at most
/// ([`Interp::dict_snapshots`]).
const MAX_DICT_SNAPSHOTS: usize = 4096;

/// Installed packages whose Python source the tracer does not interpret:
/// thin layers over compiled code (numpy, SciPy, image and data libraries)
/// or tooling with no bearing on a model's graph. Their values are unknown.
pub const OPAQUE_PACKAGES: &[&str] = &[
    "numpy",
    "scipy",
    "PIL",
    "cv2",
    "pandas",
    "matplotlib",
    "sympy",
    "triton",
    "safetensors",
    "huggingface_hub",
    "requests",
    "tqdm",
    "yaml",
    "onnx",
    "onnxruntime",
    "tensorflow",
    "jax",
    "sklearn",
    "IPython",
    "tensorboard",
    "fsspec",
    "filelock",
    "urllib3",
    "pydantic",
    "packaging",
    "distutils",
    "setuptools",
    "pkg_resources",
    "typing_extensions",
    "regex",
    "tokenizers",
    "jinja2",
    "markupsafe",
    "httpx",
    "anyio",
    "h11",
    "idna",
    "certifi",
    "sentencepiece",
    "accelerate",
];

/// Modules of opaque packages that are interpreted all the same: their
/// code decides configuration values models are built from
/// (`huggingface_hub.dataclasses`: the validated fields and defaults of
/// transformers' configuration classes).
pub const INTERPRETED_MODULES: &[&str] = &["huggingface_hub.dataclasses"];

/// Modules the tracer models (besides `torch.*`).
pub const KNOWN_MODULES: &[&str] = &[
    "math",
    "random",
    "sys",
    "typing",
    "typing_extensions",
    "functools",
    "dataclasses",
    "enum",
    "collections",
    "collections.abc",
    "copy",
    "types",
    "os",
    "re",
    "abc",
    "itertools",
    "operator",
    "functorch",
    "functorch.experimental",
    "functorch.experimental.control_flow",
    "__future__",
    "warnings",
    "contextlib",
    "builtins",
    "keyword",
    "string",
    "inspect",
    "time",
    "io",
    "importlib",
    "importlib.util",
    "importlib.metadata",
    "numbers",
    // The numpy prelude's native kernels (`python/numpy.rs`).
    "_exportlens_numpy",
    // The file natives of the prelude (`python/files.rs`).
    "_exportlens_files",
    "os.path",
    "tempfile",
];

/// Attributes of the `torch` namespaces that are sub-modules.
const TORCH_SUBMODULES: &[&str] = &[
    "torch.nn",
    "torch.nn.functional",
    "torch.nn.init",
    "torch.nn.modules",
    "torch.nn.parameter",
    "torch.nn.utils",
    "torch.export",
    "torch.export.dynamic_shapes",
    "torch.fx",
    "torch.utils",
    "torch.utils._pytree",
    "torch._dynamo",
    "torch.jit",
    "torch.cuda",
    "torch.backends",
    "torch.backends.mps",
    "torch.xpu",
    "torch.library",
    "torch.ops",
    "torch.linalg",
    "torch.fft",
    "torch.special",
    "torch.functional",
    "torch._higher_order_ops",
    "torch.autograd",
    "torch.distributed",
    "torch.compiler",
    "torch.random",
    "torch._C",
];

/// `object`'s attribute protocol, reachable as `super().__setattr__(...)`
/// and `object.__getattribute__(self, name)` from a class overriding it.
pub const OBJECT_PROTOCOL: &[&str] = &["__getattribute__", "__setattr__", "__delattr__"];

/// The methods by which a class takes over attribute access.
const ATTRIBUTE_HOOKS: &[&str] = &["__getattribute__", "__getattr__", "__setattr__"];

/// A hook method (`__getattribute__`, `__getattr__`, `__setattr__`) that
/// Python code of the class or a base defines.
fn user_hook(class: &Rc<Class>, name: &str) -> Option<Value> {
    match class.lookup(name) {
        Some((f @ Value::Function(_), _)) => Some(f),
        _ => None,
    }
}

/// `f.__code__`, for code that reads a function's parameter names
/// (`co_varnames` holds the parameters only: locals are not kept).
fn code_object(interp: &mut Interp, f: &crate::value::Function) -> Value {
    let p = &f.params;
    let positional: Vec<&str> = p
        .posonly
        .iter()
        .chain(&p.args)
        .map(|a| a.name.as_str())
        .collect();
    let mut names: Vec<Value> = positional.iter().map(|n| Value::str(n)).collect();
    names.extend(p.kwonly.iter().map(|a| Value::str(&a.name)));
    names.extend(p.vararg.iter().chain(&p.kwarg).map(|a| Value::str(&a.name)));
    let class = interp.builtin_class("types.CodeType");
    Value::Object(Rc::new(Object {
        id: interp.fresh_id(),
        class,
        attrs: crate::tracked::Tracked::new(vec![
            ("co_varnames".to_string(), Value::tuple(names)),
            (
                "co_argcount".to_string(),
                Value::Int(positional.len() as i64),
            ),
            (
                "co_posonlyargcount".to_string(),
                Value::Int(p.posonly.len() as i64),
            ),
            (
                "co_kwonlyargcount".to_string(),
                Value::Int(p.kwonly.len() as i64),
            ),
            ("co_name".to_string(), Value::str(&f.name)),
            (
                crate::python::stdlib::types::CODE_FUNCTION.to_string(),
                Value::Function(Rc::new(f.with_kind(f.kind))),
            ),
            ("co_filename".to_string(), Value::str(&f.file.path)),
        ]),
        module: None,
    }))
}

/// A subclass of the built-in `property`.
pub fn is_property_class(class: &Rc<Class>) -> bool {
    class
        .mro()
        .iter()
        .any(|c| c.builtin.as_deref() == Some("builtins.property"))
}

/// The property `name` of a class or a base.
fn class_property(class: &Rc<Class>, name: &str) -> Option<Value> {
    if !class.defines_property() {
        return None;
    }
    match class.lookup(name) {
        Some((f @ Value::Function(_), _)) if matches!(&f, Value::Function(func) if func.kind == FunctionKind::Property) => {
            Some(f)
        }
        _ => None,
    }
}

/// The prefix of a built-in type's method read from the type
/// (`str.isalnum`), called with its receiver as the first argument.
pub const UNBOUND_METHOD: &str = "unbound.";

impl Interp {
    /// `module.name` of a module run from source: its global, a lazy import
    /// resolved on first read, its namespace, or the module's `__getattr__`.
    fn user_module_attr(
        &mut self,
        m: &Rc<crate::value::UserModule>,
        v: &Value,
        name: &str,
    ) -> R<Value> {
        self.force_module(m)?;
        let found = m.globals.vars.borrow().get(name).cloned();
        match found {
            Some(lazy @ Value::LazyImport(_)) => {
                let resolved = self.resolve_lazy(lazy)?;
                m.globals
                    .vars
                    .borrow_mut()
                    .insert(name.to_string(), resolved.clone());
                Ok(resolved)
            }
            Some(found) => {
                if self.force_deferred_for(&found, Some((&m.globals, name)))? {
                    return self.get_attr(v, name);
                }
                Ok(found)
            }
            None if name == "__dict__" => self.module_namespace(m),
            None => self.missing_module_attr(m, v, name),
        }
    }

    pub fn get_attr(&mut self, v: &Value, name: &str) -> R<Value> {
        if name == "__class__" && !matches!(v, Value::Object(_) | Value::Unknown(_)) {
            return Ok(crate::python::builtins::types::type_of(self, v));
        }
        match v {
            Value::Object(o) => self.object_attr(o, v, name),
            // `OrderedDict.fromkeys`.
            Value::Class(c)
                if let Some(builtin) = &c.builtin
                    && let Some(ctor) = super::constructors::constructor(builtin, name) =>
            {
                Ok(ctor)
            }
            Value::Class(c) => self.class_attr(c, name),
            Value::Tensor(t) => self.tensor_attr(t, v, name),
            Value::PyModule(path)
                if name == "__dict__"
                    && let Some(index) = crate::prelude::module_index(path) =>
            {
                self.prelude_namespace(index)
            }
            Value::PyModule(path) => self.module_attr(path, name),
            Value::Module(m) => self.user_module_attr(m, v, name),
            Value::Builtin(b) if KnownObject::SuperBound.is(b) => {
                self.super_attr(b.receiver.clone(), name)
            }
            Value::Builtin(b)
                if b.receiver.is_none()
                    && let Some(c) = super::constructors::constructor(&b.name, name) =>
            {
                Ok(c)
            }
            Value::Builtin(b)
                if b.receiver.is_none()
                    && !name.starts_with("__")
                    && matches!(
                        b.name.strip_prefix("builtins."),
                        Some("str" | "list" | "dict" | "tuple" | "set" | "int" | "float")
                    ) =>
            {
                // `str.isalnum` and the like: the method, unbound.
                let kind = b.name.strip_prefix("builtins.").unwrap_or(&b.name);
                Ok(Value::builtin(&format!("{UNBOUND_METHOD}{kind}.{name}")))
            }
            Value::Builtin(b) if KnownObject::RePattern.is(b) || KnownObject::ReMatch.is(b) => {
                Ok(Value::method(
                    &format!("{}.{name}", b.name),
                    b.receiver.clone().unwrap_or(Value::None),
                ))
            }
            Value::Builtin(b)
                if KnownObject::PartialCall.is(b)
                    && let Some(attribute) = PartialAttribute::from_name(name) =>
            {
                // A partial holds (func, args, keywords).
                let parts = match &b.receiver {
                    Some(packed) => self.iterate(packed)?,
                    None => vec![],
                };
                let index = PartialAttribute::ALL.iter().position(|a| *a == attribute);
                Ok(index
                    .and_then(|i| parts.get(i).cloned())
                    .unwrap_or(Value::None))
            }
            Value::Builtin(b) if KnownObject::LruCacheCall.is(b) => {
                // The wrapped function: `__wrapped__`, and what
                // `functools.update_wrapper` copies from it.
                let recv = b.receiver.clone().unwrap_or(Value::None);
                let wrapped = match &recv {
                    Value::Tuple(t) => t.first().cloned().unwrap_or(Value::None),
                    _ => Value::None,
                };
                match CachedAttribute::from_name(name) {
                    Some(CachedAttribute::Wrapped) => Ok(wrapped),
                    Some(CachedAttribute::CacheClear) => Ok(KnownObject::LruCacheClear.bound(recv)),
                    None => self.get_attr(&wrapped, name),
                }
            }
            Value::Builtin(b)
                if b.receiver.is_none() && matches!(name, "__name__" | "__qualname__") =>
            {
                Ok(Value::str(b.name.rsplit('.').next().unwrap_or(&b.name)))
            }
            Value::Builtin(b)
                if b.receiver.is_none()
                    && name == "__module__"
                    && !b.name.starts_with(UNBOUND_METHOD) =>
            {
                Ok(Value::str(typing_forms::defined_as(&b.name).0))
            }
            // A bare typing form's `_name`, `__origin__` (`typing.Sequence`).
            Value::Builtin(b)
                if b.receiver.is_none()
                    && typing_forms::is_typing_form(&b.name)
                    && matches!(name, "_name" | "__origin__" | "_nparams") =>
            {
                let full = b.name.to_string();
                self.typing_form_attr(v, &full, name)
            }
            Value::Function(f) => self.function_attr(f, v, name),
            Value::DType(d) => match DtypeAttribute::from_name(name) {
                Some(DtypeAttribute::IsFloatingPoint) => Ok(Value::Bool(d.is_floating())),
                Some(DtypeAttribute::IsComplex) => Ok(Value::Bool(d.is_complex())),
                Some(DtypeAttribute::Itemsize) => Ok(Value::Int(d.size_of() as i64)),
                None => Err(self.attr_error(v, name)),
            },
            Value::Device(d) => match DeviceAttribute::from_name(name) {
                Some(DeviceAttribute::Type) => Ok(Value::str(d.split(':').next().unwrap_or("cpu"))),
                Some(DeviceAttribute::Index) => Ok(Value::None),
                None => Err(self.attr_error(v, name)),
            },
            Value::Dim(d) => match (name, &**d) {
                ("__name__", DimSpec::Named { name, .. }) => Ok(Value::str(name)),
                ("min", DimSpec::Named { min, .. }) => Ok(min.map_or(Value::Int(0), Value::Int)),
                ("max", DimSpec::Named { max, .. }) => Ok(max.map_or(Value::None, Value::Int)),
                _ => Err(self.attr_error(v, name)),
            },
            // A bound method: its receiver and function, and the rest the
            // function's (`__name__`, `__doc__`, `__wrapped__`...).
            Value::BoundMethod(m) => match BoundMethodAttribute::from_name(name) {
                Some(BoundMethodAttribute::Receiver) => Ok(m.0.clone()),
                Some(BoundMethodAttribute::Function) => Ok(m.1.clone()),
                None => {
                    let function = m.1.clone();
                    self.get_attr(&function, name)
                }
            },
            Value::Unknown(_) => Ok(v.clone()),
            Value::SymInt(_) | Value::Int(_) => match IntAttribute::from_name(name) {
                Some(IntAttribute::Real | IntAttribute::Numerator) => Ok(v.clone()),
                // A `torch.SymInt` has torch's attributes besides int's.
                None if matches!(v, Value::SymInt(_)) => {
                    Ok(Value::builtin_method("int", name, v.clone()))
                }
                None => self.builtin_type_method("int", v, name),
            },
            Value::Str(_) => self.builtin_type_method("str", v, name),
            Value::List(_) => self.builtin_type_method("list", v, name),
            // A torch named tuple (`x.max(1).values`).
            Value::Tuple(t) if let Some(rt) = t.structseq => {
                match crate::ops::return_types::field_index(rt, name) {
                    Some(i) => Ok(t[i].clone()),
                    None => match name {
                        "n_fields" | "n_sequence_fields" => Ok(Value::Int(rt.fields.len() as i64)),
                        "n_unnamed_fields" => Ok(Value::Int(0)),
                        "count" | "index" => Ok(Value::builtin_method("tuple", name, v.clone())),
                        _ if name.starts_with("__") => {
                            Ok(Value::builtin_method("tuple", name, v.clone()))
                        }
                        _ => Err(self.raise(
                            "AttributeError",
                            format!(
                                "'torch.return_types.{}' object has no attribute '{name}'",
                                rt.name
                            ),
                        )),
                    },
                }
            }
            Value::Tuple(_) => self.builtin_type_method("tuple", v, name),
            Value::Dict(d)
                if let Some(found) = d
                    .borrow()
                    .attrs
                    .iter()
                    .flatten()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.clone()) =>
            {
                Ok(found)
            }
            Value::Dict(_) => self.builtin_type_method("dict", v, name),
            Value::Set(_) => self.builtin_type_method("set", v, name),
            Value::Float(_) => self.builtin_type_method("float", v, name),
            Value::SymFloat(_, _) => Ok(Value::builtin_method("float", name, v.clone())),
            Value::Slice(s) => match SliceAttribute::from_name(name) {
                Some(SliceAttribute::Start) => Ok(s[0].clone()),
                Some(SliceAttribute::Stop) => Ok(s[1].clone()),
                Some(SliceAttribute::Step) => Ok(s[2].clone()),
                None => Err(self.attr_error(v, name)),
            },
            _ => Err(self.attr_error(v, name)),
        }
    }

    /// `f.name` of a Python function: what was set on it, then the
    /// attributes every function has.
    fn function_attr(&mut self, f: &Rc<Function>, v: &Value, name: &str) -> R<Value> {
        if f.kind == FunctionKind::Property {
            match PropertyAttribute::from_name(name) {
                Some(PropertyAttribute::Setter) => {
                    return Ok(KnownObject::PropertySetter.bound(v.clone()));
                }
                Some(PropertyAttribute::Getter) => {
                    return Ok(Value::Function(Rc::new(f.with_kind(FunctionKind::Plain))));
                }
                None => {}
            }
        }
        if let Some(set) = f.attrs.borrow().get(name) {
            return Ok(set.clone());
        }
        match FunctionAttribute::from_name(name) {
            Some(FunctionAttribute::Name | FunctionAttribute::Qualname) => Ok(Value::str(&f.name)),
            Some(FunctionAttribute::Doc) => Ok(function_doc(f)),
            Some(FunctionAttribute::Closure) => Ok(Value::None),
            Some(FunctionAttribute::Code) => Ok(code_object(self, f)),
            Some(FunctionAttribute::Defaults) => Ok(function_defaults(f)),
            Some(FunctionAttribute::Kwdefaults) => Ok(function_kwdefaults(f)),
            Some(FunctionAttribute::Globals) => {
                let names: Vec<(String, Value)> = f
                    .globals
                    .vars
                    .borrow()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let mut d = Dict::default();
                for (k, v) in names {
                    d.insert(Value::str(&k), v);
                }
                Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
            }
            Some(FunctionAttribute::Module) => Ok(f
                .globals
                .vars
                .borrow()
                .get("__name__")
                .cloned()
                .unwrap_or_else(|| Value::str("__main__"))),
            None => Err(self.attr_error(v, name)),
        }
    }

    /// `v.name`, or `None` where reading it raises AttributeError (what
    /// `hasattr` and `getattr` with a default ask). An object without
    /// attribute hooks is answered without making the exception.
    pub fn try_get_attr(&mut self, v: &Value, name: &str) -> R<Option<Value>> {
        let found = match v {
            Value::Object(o) if !self.attribute_hooks_defined => self.object_attr_found(o, v, name),
            _ => self.get_attr(v, name).map(Some),
        };
        match found {
            // Raised by a property the lookup called, say.
            Err(super::Flow::Raise(e)) if &*e.class == "AttributeError" => Ok(None),
            found => found,
        }
    }

    /// `v.name` of a value of the built-in type `kind`: its method bound to
    /// it, or the AttributeError CPython raises for a name the type lacks.
    fn builtin_type_method(&self, kind: &'static str, v: &Value, name: &str) -> R<Value> {
        if crate::python::methods::type_has_attribute(kind, name) {
            Ok(Value::builtin_method(kind, name, v.clone()))
        } else {
            Err(self.attr_error(v, name))
        }
    }

    pub fn attr_error(&self, v: &Value, name: &str) -> super::Flow {
        let raiser = match v {
            Value::Object(o) if self.defined_in_entry_file(&o.class) => {
                super::Raiser::UserCodeNames
            }
            _ => super::Raiser::Model,
        };
        self.raise_by(
            raiser,
            "AttributeError",
            format!("'{}' object has no attribute '{name}'", v.type_name()),
        )
    }

    /// Whether the entry file's own code defined `class` (its `__module__`
    /// is the entry's `__name__`): what its instances lack, the code shows.
    pub fn defined_in_entry_file(&self, class: &crate::value::Class) -> bool {
        let module = class
            .attrs
            .borrow()
            .iter()
            .find(|(k, _)| k == "__module__")
            .map(|(_, v)| v.clone());
        let entry = self
            .frames
            .first()
            .filter(|f| Arc::ptr_eq(&f.file, &self.entry_file))
            .and_then(|f| f.scope.as_ref())
            .and_then(|s| s.vars.borrow().get("__name__").cloned());
        matches!((module, entry), (Some(Value::Str(ref m)), Some(Value::Str(ref e))) if m == e)
    }

    /// `obj.name` with Python's hooks: a class's own `__getattribute__`
    /// replaces the lookup, its `__getattr__` answers what the lookup
    /// does not find.
    fn object_attr(&mut self, o: &Rc<Object>, v: &Value, name: &str) -> R<Value> {
        if !self.attribute_hooks_defined {
            return self.object_attr_raw(o, v, name);
        }
        let found = match user_hook(&o.class, "__getattribute__") {
            Some(hook) if name != "__class__" => {
                let bound = Value::BoundMethod(Rc::new((v.clone(), hook)));
                self.call(&bound, vec![Value::str(name)], vec![])
            }
            _ => self.object_attr_raw(o, v, name),
        };
        match found {
            Err(super::Flow::Raise(e)) if &*e.class == "AttributeError" => {
                match o.class.lookup("__getattr__") {
                    Some((hook @ Value::Function(_), _)) => {
                        let bound = Value::BoundMethod(Rc::new((v.clone(), hook)));
                        self.call(&bound, vec![Value::str(name)], vec![])
                    }
                    // A callable object without `__get__` is not bound: it
                    // gets the name alone. Dynamo refuses it.
                    Some((hook @ Value::Object(_), _)) => {
                        if self.strict_tracing() {
                            return Err(self.graph_break(
                                "GB0256",
                                format!("User-defined object with non-function __getattr__ when attempting to getattr `{name}`"),
                                "make the class's __getattr__ a function",
                            ));
                        }
                        self.call(&hook, vec![Value::str(name)], vec![])
                    }
                    _ => Err(super::Flow::Raise(e)),
                }
            }
            found => found,
        }
    }

    /// `object.__getattribute__(obj, name)`: module registries, then a
    /// property of the class (a data descriptor wins over the instance),
    /// the instance's attributes, the class's.
    pub(crate) fn object_attr_raw(&mut self, o: &Rc<Object>, v: &Value, name: &str) -> R<Value> {
        match self.object_attr_found(o, v, name)? {
            Some(found) => Ok(found),
            None => Err(self.attr_error(v, name)),
        }
    }

    /// [`Interp::object_attr_raw`], `None` where it raises AttributeError.
    fn object_attr_found(&mut self, o: &Rc<Object>, v: &Value, name: &str) -> R<Option<Value>> {
        if name == "replace" && o.class.builtin.as_deref() == Some("types.CodeType") {
            return Ok(Some(KnownObject::CodeReplace.bound(v.clone())));
        }
        if let Some(state) = &o.module {
            let st = state.borrow();
            if let Some(p) = ModuleState::lookup(&st.params, name) {
                drop(st);
                // Dynamo lifts a parameter when `forward` reads the
                // attribute, not when an op first uses it: strict mode's
                // signature lists parameters in that order.
                if let Value::Tensor(t) = &p
                    && self.tracing
                    && self.mode == crate::Mode::Strict
                {
                    self.param_reads
                        .entry(t.id)
                        .or_insert_with(|| (o.clone(), name.to_string()));
                    self.tensor_node(t);
                }
                return Ok(Some(p));
            }
            let found = ModuleState::lookup(&st.buffers, name)
                .or_else(|| ModuleState::lookup(&st.modules, name));
            if let Some(v) = found {
                return Ok(Some(v));
            }
            if name == "training" {
                return Ok(Some(Value::Bool(st.training)));
            }
            // A parametrized tensor (`register_parametrization`): torch
            // injects a property that calls `parametrizations[name]()`.
            let parametrization = match ModuleState::lookup(&st.modules, "parametrizations") {
                Some(Value::Object(ref p)) => p
                    .module
                    .as_ref()
                    .and_then(|s| ModuleState::lookup(&s.borrow().modules, name)),
                _ => None,
            };
            drop(st);
            if let Some(list) = parametrization {
                return self.call(&list, vec![], vec![]).map(Some);
            }
        }
        if let Some(a) = o.get_attr(name) {
            if self.properties_defined
                && let Some(prop @ Value::Function(_)) = class_property(&o.class, name)
            {
                return self.call(&prop, vec![v.clone()], vec![]).map(Some);
            }
            return Ok(Some(a));
        }
        if let Some((attr, owner)) = o.class.lookup(name)
            && (owner.builtin.is_none() || !matches!(attr, Value::Builtin(_)))
        {
            return self.bind_class_attr(attr, v.clone(), &o.class).map(Some);
        }
        if let Some(m) = crate::module::registry_attr(o, name) {
            return Ok(Some(m));
        }
        if name == "__class__" {
            return Ok(Some(Value::Class(o.class.clone())));
        }
        if name == "__dict__" {
            let address = Rc::as_ptr(o) as usize;
            if let Some(dict) = self.dict_snapshots.get(&address).and_then(|s| s.current(o)) {
                return Ok(Some(dict));
            }
            let mut d = Dict::default();
            for (k, a) in o.attrs.borrow().iter() {
                d.insert(Value::str(k), a.clone());
            }
            let dict = Rc::new(crate::tracked::Tracked::new(d));
            if self.dict_snapshots.len() >= MAX_DICT_SNAPSHOTS {
                self.dict_snapshots.clear();
            }
            self.dict_snapshots
                .insert(address, super::DictSnapshot::new(o, dict.clone()));
            return Ok(Some(Value::Dict(dict)));
        }
        Ok(None)
    }

    /// Turn a class attribute into what instance access yields.
    fn bind_class_attr(&mut self, attr: Value, recv: Value, class: &Rc<Class>) -> R<Value> {
        match &attr {
            Value::Function(f) => match f.kind {
                FunctionKind::Plain => Ok(Value::BoundMethod(Rc::new((recv, attr.clone())))),
                FunctionKind::StaticMethod => Ok(attr.clone()),
                FunctionKind::ClassMethod => Ok(Value::BoundMethod(Rc::new((
                    Value::Class(class.clone()),
                    attr.clone(),
                )))),
                FunctionKind::Property => self.call(&attr, vec![recv], vec![]),
            },
            // An `lru_cache`-wrapped method binds like the function it wraps.
            Value::Builtin(b) if KnownObject::LruCacheCall.is(b) => {
                Ok(Value::BoundMethod(Rc::new((recv, attr.clone()))))
            }
            // The descriptor protocol: an instance of a class defining
            // `__get__`, or of a `property` subclass.
            Value::Object(d) => {
                if let Some(get) = user_hook(&d.class, "__get__") {
                    let owner = Value::Class(class.clone());
                    return self.call(&get, vec![attr.clone(), recv, owner], vec![]);
                }
                match d.get_attr("fget") {
                    Some(fget) if is_property_class(&d.class) => {
                        self.call(&fget, vec![recv], vec![])
                    }
                    _ => Ok(attr),
                }
            }
            _ => Ok(attr),
        }
    }

    fn class_attr(&mut self, c: &Rc<Class>, name: &str) -> R<Value> {
        if let Some((attr, _)) = c.lookup(name) {
            if let Value::Function(f) = &attr
                && f.kind == FunctionKind::ClassMethod
            {
                return Ok(Value::BoundMethod(Rc::new((
                    Value::Class(c.clone()),
                    attr.clone(),
                ))));
            }
            // A descriptor read from the class: `__get__(None, cls)`.
            if let Value::Object(d) = &attr
                && let Some(get) = user_hook(&d.class, "__get__")
            {
                return self.call(
                    &get,
                    vec![attr.clone(), Value::None, Value::Class(c.clone())],
                    vec![],
                );
            }
            return Ok(attr);
        }
        match (c.builtin.as_deref(), name) {
            (Some("torch.export.Dim"), "AUTO") => Ok(Value::Dim(Rc::new(DimSpec::Auto {
                min: None,
                max: None,
            }))),
            (Some("torch.export.Dim"), "DYNAMIC") => Ok(Value::Dim(Rc::new(DimSpec::Dynamic {
                min: None,
                max: None,
            }))),
            (Some("torch.export.Dim"), "STATIC") => Ok(Value::Dim(Rc::new(DimSpec::Static {
                min: None,
                max: None,
            }))),
            (Some("inspect.Signature"), "empty") => Ok(KnownObject::ParameterEmpty.value()),
            (Some("inspect.Parameter"), n)
                if crate::python::stdlib::inspect::parameter_class_attr(n).is_some() =>
            {
                Ok(crate::python::stdlib::inspect::parameter_class_attr(n).unwrap_or(Value::None))
            }
            (Some(b), "_name" | "__origin__" | "_nparams") if typing_forms::is_typing_form(b) => {
                let b = b.to_string();
                self.typing_form_attr(&Value::Class(c.clone()), &b, name)
            }
            // A class the tracer implements, named as CPython names it.
            (Some(b), "__name__" | "__qualname__") => Ok(Value::str(typing_forms::defined_as(b).1)),
            (Some(b), "__module__") => Ok(Value::str(typing_forms::defined_as(b).0)),
            (_, "__name__") => Ok(Value::str(&c.name)),
            (_, "__qualname__") => Ok(Value::str(&c.qualname)),
            (_, "__bases__") => Ok(Value::tuple(
                c.bases.iter().map(|b| Value::Class(b.clone())).collect(),
            )),
            // `nn.Module`'s native storage is the tracer's, not a class
            // Python code sees.
            (_, "__mro__") => Ok(Value::tuple(
                c.mro()
                    .into_iter()
                    .filter(|k| k.builtin.as_deref() != Some(crate::module::STORAGE_CLASS))
                    .map(Value::Class)
                    .collect(),
            )),
            (_, "__subclasses__") => Ok(KnownObject::TypeSubclasses.bound(Value::Class(c.clone()))),
            // An enum's members by name, in definition order.
            (_, "__members__") if c.is_enum => {
                let mut d = Dict::default();
                for (name, member) in enum_members(c) {
                    d.insert(Value::str(&name), member);
                }
                Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
            }
            // The namespace: what the class itself defines.
            (None, "__dict__") => {
                let mut d = Dict::default();
                for (k, a) in c.attrs.borrow().iter() {
                    d.insert(Value::str(k), a.clone());
                }
                Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
            }
            (None, "__init__") if c.is_dataclass.get() => {
                Ok(KnownObject::DataclassInit.bound(Value::tuple(vec![Value::Class(c.clone())])))
            }
            // What every Python class has but the tracer does not keep:
            // unknown, not an error.
            (_, "__dict__" | "__annotations__" | "__doc__" | "__module__") => {
                let r = self.current_range();
                Ok(self.incomplete(
                    r,
                    format!("analysis incomplete: `{}.{name}` is not modelled", c.name),
                ))
            }
            (_, "apply")
                if c.mro()
                    .iter()
                    .any(|b| b.builtin.as_deref() == Some("torch.autograd.Function")) =>
            {
                Ok(KnownObject::AutogradApply.bound(Value::Class(c.clone())))
            }
            (_, "__init__") => Ok(KnownObject::ObjectInit.value()),
            (Some("builtins.object"), n) if OBJECT_PROTOCOL.contains(&n) => {
                Ok(Value::builtin(&format!("builtins.object.{n}")))
            }
            (Some(b), _) if b.starts_with("torch.nn.") || b == "torch.Tensor" => {
                Ok(Value::builtin(&format!("{b}.{name}")))
            }
            _ => Err(self.raise(
                "AttributeError",
                format!("type object '{}' has no attribute '{name}'", c.name),
            )),
        }
    }

    /// `super().name`: look past the current class on the receiver's MRO.
    fn super_attr(&mut self, recv: Option<Value>, name: &str) -> R<Value> {
        let Some(Value::Tuple(ref t)) = recv else {
            return Err(self.type_error("super(): bad receiver"));
        };
        let (Value::Class(this), obj) = (&t[0], &t[1]) else {
            return Err(self.type_error("super(): bad receiver"));
        };
        let obj_class = match obj {
            Value::Object(o) => o.class.clone(),
            Value::Class(c) => c.clone(),
            _ => this.clone(),
        };
        let mut mro = obj_class.mro();
        // `super()` in a metaclass's method: `this` is the metaclass, whose
        // own MRO ends in `type` (`type.__call__`: plain construction).
        let in_metaclass =
            matches!(obj, Value::Class(_)) && !mro.iter().any(|c| Rc::ptr_eq(c, this));
        if in_metaclass {
            mro = this.mro();
        }
        let start = mro
            .iter()
            .position(|c| Rc::ptr_eq(c, this))
            .map_or(0, |i| i + 1);
        for c in &mro[start..] {
            if let Some(attr) = c.own_attr(name) {
                return self.bind_class_attr(attr, obj.clone(), &obj_class);
            }
            if name == "__init__" && c.is_dataclass.get() {
                return Ok(KnownObject::DataclassInit
                    .bound(Value::tuple(vec![Value::Class(c.clone()), obj.clone()])));
            }
            if let Some(b) = &c.builtin {
                if name == "__init__" {
                    return Ok(KnownObject::ObjectInit.bound(obj.clone()));
                }
                if name == "__init_subclass__" {
                    return Ok(KnownObject::ObjectInit.bound(obj.clone()));
                }
                if b.as_ref() == "builtins.object" && OBJECT_PROTOCOL.contains(&name) {
                    return Ok(Value::method(
                        &format!("builtins.object.{name}"),
                        obj.clone(),
                    ));
                }
                if b.as_ref() == crate::module::STORAGE_CLASS
                    && crate::module::NATIVE_METHODS.contains(&name)
                {
                    return Ok(Value::method(&format!("module.{name}"), obj.clone()));
                }
            }
        }
        if in_metaclass && name == "__call__" {
            let packed = Value::tuple(vec![
                Value::builtin("builtins.type.__call__"),
                Value::tuple(vec![obj.clone()]),
                Value::Dict(Default::default()),
            ]);
            return Ok(KnownObject::PartialCall.bound(packed));
        }
        Err(self.raise(
            "AttributeError",
            format!("'super' object has no attribute '{name}'"),
        ))
    }

    fn tensor_attr(&mut self, t: &Rc<crate::value::Tensor>, v: &Value, name: &str) -> R<Value> {
        use TensorAttribute as T;
        let Some(attribute) = TensorAttribute::from_name(name) else {
            return Ok(Value::method(&format!("tensor.{name}"), v.clone()));
        };
        Ok(match attribute {
            T::Shape => {
                self.keep_for_size_read(t, &t.shape);
                Value::tuple(t.shape.iter().map(|d| self.sym_value(d.clone())).collect())
            }
            T::Dtype => Value::DType(t.dtype),
            T::Device => Value::Device(Rc::from("cpu")),
            T::Layout => {
                let index = crate::prelude::module_index("torch")
                    .ok_or_else(|| self.type_error("the prelude has no torch module"))?;
                self.prelude_value(index, "strided")?
            }
            T::Ndim => Value::Int(t.rank() as i64),
            T::IsCuda => Value::Bool(false),
            T::RequiresGrad => Value::Bool(t.requires_grad),
            T::IsLeaf => Value::Bool(true),
            T::Grad => Value::None,
            T::Data if self.tracing => match self.mode {
                // Dynamo reads `.data` as a constant lifted into the program.
                crate::Mode::Strict => {
                    self.clone_tensor_as(t, crate::value::Provenance::Constant, false)
                }
                // Concrete mode runs what eager runs: `.data` shares the
                // tensor's storage.
                crate::Mode::NonStrict if self.concrete.is_some() => v.clone(),
                crate::Mode::NonStrict => {
                    return Err(self.fail(
                        crate::failure::FailureKind::Other,
                        "`.data` of a traced tensor is a fake tensor that export would have to keep as a constant; use the tensor itself (or `torch.no_grad()` and in-place ops)",
                    ));
                }
            },
            T::Data | T::Real => v.clone(),
            // Each transposing attribute records an op of its own.
            T::Transposed | T::MatrixTransposed | T::Adjoint | T::MatrixAdjoint => {
                let op = match attribute {
                    T::Transposed => "numpy_T",
                    T::Adjoint => "matrix_H",
                    _ => name,
                };
                return self.call_op_function(
                    &format!("ops.aten.{op}.default"),
                    vec![v.clone()],
                    vec![],
                );
            }
        })
    }

    /// `module.__dict__`: its globals, as a dict (a snapshot: writes to it
    /// do not reach the module). Lazy imports resolve as Python would have
    /// run them.
    fn module_namespace(&mut self, m: &Rc<crate::value::UserModule>) -> R<Value> {
        let mut names: Vec<(String, Value)> = m
            .globals
            .vars
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        // Sorted by name: the interpreter's globals keep no definition
        // order, and a registry built from them must not change per run.
        names.sort_by(|a, b| a.0.cmp(&b.0));
        let mut d = Dict::default();
        for (name, v) in names {
            let v = match v {
                lazy @ Value::LazyImport(_) => {
                    let v = self.resolve_lazy(lazy)?;
                    m.globals.vars.borrow_mut().insert(name.clone(), v.clone());
                    v
                }
                v => v,
            };
            d.insert(Value::str(&name), v);
        }
        Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
    }

    /// `module.__dict__` of a module the prelude defines
    /// (`vars(torch.nn.modules.activation)`): its globals after running it,
    /// as a dict (a snapshot, as [`Self::module_namespace`] gives).
    fn prelude_namespace(&mut self, index: usize) -> R<Value> {
        self.prelude_value(index, "__name__")?;
        let globals = self.preludes.get(&index).cloned();
        // Sorted by name, as `module_namespace` does.
        let mut names: Vec<(String, Value)> = globals
            .map(|g| {
                g.vars
                    .borrow()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        names.sort_by(|a, b| a.0.cmp(&b.0));
        let mut d = Dict::default();
        for (name, v) in names {
            d.insert(Value::str(&name), v);
        }
        Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
    }

    /// `sys.modules`: the modules this trace has loaded, by dotted name
    /// (libraries look up their own module by `fn.__module__`, or test
    /// `"torch" in sys.modules` before touching a framework). A program
    /// being exported has imported torch, which loads the namespaces the
    /// tracer models and the standard library modules it models, so those
    /// are always present; then every module the trace has imported.
    fn sys_modules(&self) -> Value {
        let mut d = Dict::default();
        for name in std::iter::once(&"torch")
            .chain(TORCH_SUBMODULES)
            .chain(KNOWN_MODULES)
        {
            d.insert(Value::str(name), Value::PyModule(Rc::from(*name)));
        }
        for m in self.modules.values() {
            if let Value::Module(um) = m {
                d.insert(Value::str(&um.name), m.clone());
            }
        }
        Value::Dict(Rc::new(crate::tracked::Tracked::new(d)))
    }

    fn module_attr(&mut self, path: &str, name: &str) -> R<Value> {
        if !path.starts_with("torch") {
            return self.resolve_module_attr(path, name);
        }
        if let Some(v) = self.torch_attrs.get(path).and_then(|m| m.get(name)) {
            return Ok(v.clone());
        }
        // Operators code defined: never cached, as code may define one
        // after a lookup failed.
        if let Some(v) = crate::ops::custom::ops_attr(self, path, name) {
            return Ok(v);
        }
        let v = self.resolve_module_attr(path, name)?;
        // Unknown values carry their note, containers are mutable: both
        // are resolved afresh at each read.
        if !matches!(
            v,
            Value::Unknown(_) | Value::Dict(_) | Value::List(_) | Value::Object(_)
        ) {
            self.torch_attrs
                .entry(path.to_string())
                .or_default()
                .insert(name.to_string(), v.clone());
        }
        Ok(v)
    }

    fn resolve_module_attr(&mut self, path: &str, name: &str) -> R<Value> {
        let full = format!("{path}.{name}");
        // A package re-exporting its submodule's namesake function
        // (`torch.nn.utils.weight_norm`): the attribute is the function.
        if let Some((index, own)) = crate::prelude::provider(&full)
            && crate::prelude::MODULES[index].name == full
        {
            let own = own.to_string();
            return self.prelude_value(index, &own);
        }
        if crate::prelude::is_submodule(&full) || crate::prelude::module_index(&full).is_some() {
            return Ok(Value::PyModule(Rc::from(full.as_str())));
        }
        // A private prelude name is read from its own module's path, which
        // the canonical `torch.nn.X` spelling would lose.
        if name.starts_with('_')
            && let Some((index, name)) = crate::prelude::provider(&full)
        {
            let name = name.to_string();
            return self.prelude_value(index, &name);
        }
        let full = canonical_path(&full);
        if TORCH_SUBMODULES.contains(&full.as_str())
            || KNOWN_MODULES.contains(&full.as_str())
            || crate::ops::is_op_namespace(&full)
        {
            return Ok(Value::PyModule(Rc::from(full.as_str())));
        }
        if path.starts_with("<relative>")
            || (!path.starts_with("torch") && !KNOWN_MODULES.contains(&path))
        {
            // A binary package the prelude models in part (numpy): its
            // modelled names, the rest unknown.
            if let Some((index, name)) = crate::prelude::provider(&full) {
                let name = name.to_string();
                return self.prelude_value(index, &name);
            }
            return Ok(Value::unknown(&full));
        }
        if path == "torch"
            && let Some(d) = DType::from_torch_name(name)
        {
            return Ok(Value::DType(d));
        }
        if let Some(v) = constant_of(&full) {
            return Ok(v);
        }
        if full == "sys.modules" {
            return Ok(self.sys_modules());
        }
        if let Some(stream) = match full.as_str() {
            "sys.stdout" | "sys.__stdout__" => Some("_stdout"),
            "sys.stderr" | "sys.__stderr__" => Some("_stderr"),
            _ => None,
        } && let Some(index) = crate::prelude::module_index("exportlens.builtins")
        {
            return self.prelude_value(index, stream);
        }
        if path == "os" {
            // The process environment of a clean run: no variables set, so
            // `os.environ.get(k, default)` and `os.getenv(k, default)` give
            // the default. The rest of `os` is opaque.
            return Ok(crate::python::stdlib::small::os_attr(name)
                .unwrap_or_else(|| Value::unknown(&full)));
        }
        if let Some((index, name)) = crate::prelude::provider(&full) {
            let name = name.to_string();
            return self.prelude_value(index, &name);
        }
        // `typing_extensions` re-exports what `typing` has.
        if path == "typing_extensions"
            && let Some((index, name)) = crate::prelude::provider(&format!("typing.{name}"))
        {
            let name = name.to_string();
            return self.prelude_value(index, &name);
        }
        if let Some(class) = builtin_class_name(&full) {
            return Ok(Value::Class(self.builtin_class(class)));
        }
        if KNOWN_MODULES.contains(&path) {
            // Standard-library helpers are implemented by name in `builtins`.
            return Ok(Value::builtin(&full));
        }
        if crate::ops::lookup_aten(&full).is_some()
            || super::torch_natives::is_special_function(&full)
            || crate::ops::special::is_known(&full)
        {
            return Ok(Value::builtin(&full));
        }
        if super::dynamo_breaks::is_listed(&full) {
            // Not modelled otherwise: named so that a strict-mode call breaks
            // the graph as Dynamo does.
            return Ok(Value::builtin(&full));
        }
        Err(self.raise(
            "AttributeError",
            format!("module '{path}' has no attribute '{name}'"),
        ))
    }

    pub fn set_attr(&mut self, obj: &Value, name: &str, value: Value) -> R<()> {
        match obj {
            Value::Object(o) => {
                if name == "__class__" && o.module.is_none() && self.strict_tracing() {
                    return Err(self.graph_break(
                        "GB4271",
                        format!(
                            "__class__ assignment on user-defined object of class `{}`",
                            o.class.name
                        ),
                        "move the __class__ assignment outside `forward`",
                    ));
                }
                if self.attribute_hooks_defined
                    && let Some(hook) = user_hook(&o.class, "__setattr__")
                {
                    let bound = Value::BoundMethod(Rc::new((obj.clone(), hook)));
                    self.call(&bound, vec![Value::str(name), value], vec![])?;
                    return Ok(());
                }
                self.set_attr_raw(o, obj, name, value)
            }
            Value::Function(f) => {
                f.attrs.borrow_mut().insert(name.to_string(), value);
                Ok(())
            }
            Value::Dict(d) if d.borrow().attrs.is_some() => {
                let mut d = d.borrow_mut();
                let attrs = d.attrs.get_or_insert_with(Vec::new);
                match attrs.iter_mut().find(|(n, _)| n == name) {
                    Some(slot) => slot.1 = value,
                    None => attrs.push((name.to_string(), value)),
                }
                Ok(())
            }
            Value::Class(c) => {
                if self.mode == crate::Mode::Strict && self.tracing {
                    // Dynamo cannot trace a mutation of a class.
                    return Err(self.graph_break(
                        "GB0467",
                        format!(
                            "setattr() on unsupported type: `{}.{name} = ...` mutates a class",
                            c.name
                        ),
                        "set the attribute outside `forward`, or keep the state on the module instance",
                    ));
                }
                self.note_class_attr(name, &value);
                self.note_class_write(c, name);
                c.set_attr(name, value);
                Ok(())
            }
            Value::Tensor(t) if self.strict_tracing() => {
                self.strict_tensor_setattr(t, name, &value)
            }
            // Python lets code hang attributes on tensors; export ignores them.
            Value::Tensor(_) | Value::Unknown(_) => Ok(()),
            _ => Err(self.attr_error(obj, name)),
        }
    }

    /// What Dynamo refuses of `t.data = v` and `t.requires_grad = v`
    /// (`BuiltinVariable.call_setattr`): a graph input is one it tracks by
    /// source; a tensor made in `forward` has none.
    fn strict_tensor_setattr(
        &mut self,
        t: &crate::value::Tensor,
        name: &str,
        value: &Value,
    ) -> R<()> {
        let is_input = t.node.get().is_none_or(|id| {
            matches!(self.graph.node(id).op, crate::graph::NodeOp::Placeholder(_))
        });
        let requires_grad =
            t.requires_grad || t.node.get().is_some_and(|id| self.graph.requires_grad(id));
        match (name, value) {
            ("data", Value::Tensor(v)) => {
                if requires_grad && t.shape != v.shape {
                    return Err(self.graph_break(
                        "GB6602",
                        "setattr() on Tensor.data with different shape",
                        "",
                    ));
                }
                if !is_input {
                    return Err(self.graph_break(
                        "GB0056",
                        "Failed to mutate tensor data attribute: Dynamo only supports mutating `.data` of a tensor created outside `forward`",
                        "",
                    ));
                }
                if t.dtype != v.dtype {
                    return Err(self.graph_break(
                        "GB0220",
                        "Failed to mutate tensor data attribute to different dtype",
                        "",
                    ));
                }
                Ok(())
            }
            ("requires_grad", _) => {
                let traced = !is_input
                    && matches!(value, Value::Bool(true))
                    && !requires_grad
                    && t.dtype.is_floating();
                if traced {
                    self.grad_enabled_in_forward.extend(t.node.get());
                    return Ok(());
                }
                Err(self.graph_break("GB0206", "setattr() on Tensor.requires_grad", ""))
            }
            _ => Ok(()),
        }
    }

    /// The user's code (the entry file, a workspace module) setting an
    /// attribute of a library or prelude class: configuration a later trace
    /// must not inherit ([`Interp::library_writes`]).
    fn note_class_write(&mut self, class: &Rc<crate::value::Class>, name: &str) {
        let in_user_code = self
            .frames
            .last()
            .is_some_and(|f| !super::reuse::is_kept_file(&f.file.path, &self.entry_file.path));
        if !in_user_code {
            return;
        }
        let module = class.attrs.borrow().iter().find_map(|(k, v)| match v {
            Value::Str(m) if k == "__module__" => Some(m.clone()),
            _ => None,
        });
        let library = match module.as_deref() {
            None => class.builtin.is_some() || class.prelude_namespace.is_some(),
            Some(m) => {
                crate::prelude::MODULES.iter().any(|p| p.name == m)
                    || self.modules.iter().any(|(path, v)| {
                        matches!(v, Value::Module(um) if &*um.name == m)
                            && super::reuse::is_kept_file(
                                &path.to_string_lossy(),
                                &self.entry_file.path,
                            )
                    })
            }
        };
        if library {
            let before = class
                .attrs
                .borrow()
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone());
            self.note_library_write(super::LibraryTarget::Class(class.clone()), name, before);
        }
    }

    /// Keep [`Interp::attribute_hooks_defined`] and
    /// [`Interp::properties_defined`] true to what classes hold.
    pub(super) fn note_class_attr(&mut self, name: &str, value: &Value) {
        if ATTRIBUTE_HOOKS.contains(&name) {
            self.attribute_hooks_defined = true;
        }
        if matches!(value, Value::Function(f) if f.kind == FunctionKind::Property) {
            self.properties_defined = true;
        }
    }

    /// `object.__setattr__(obj, name, value)`: a property's setter (a
    /// property without one refuses), else the instance (through
    /// `nn.Module`'s registries for a module).
    pub(crate) fn set_attr_raw(
        &mut self,
        o: &Rc<Object>,
        obj: &Value,
        name: &str,
        value: Value,
    ) -> R<()> {
        if self.properties_defined
            && let Some(Value::Function(ref prop)) = class_property(&o.class, name)
        {
            let setter = prop.attrs.borrow().get("fset").cloned();
            return match setter {
                Some(setter) => self
                    .call(&setter, vec![obj.clone(), value], vec![])
                    .map(drop),
                None => Err(self.raise(
                    "AttributeError",
                    format!(
                        "property '{name}' of '{}' object has no setter",
                        o.class.name
                    ),
                )),
            };
        }
        if o.module.is_some() {
            if MODULE_HOOK_REGISTRIES.contains(&name) {
                self.module_hooks_registered = true;
            }
            return crate::module::setattr(self, o, name, value);
        }
        o.set_attr(name, value);
        Ok(())
    }

    pub fn get_item(&mut self, v: &Value, index: Value) -> R<Value> {
        match v {
            Value::Tensor(t) => self.tensor_index(t.clone(), index),
            Value::Tuple(items) => self.sequence_index(items, index, true),
            Value::List(items) => {
                let items = items.borrow().clone();
                self.sequence_index(&items, index, false)
            }
            Value::Str(s) => {
                let chars: Vec<Value> = s.chars().map(|c| Value::str(&c.to_string())).collect();
                let r = self.sequence_index(&chars, index, false)?;
                Ok(match r {
                    Value::List(ref l) => {
                        let s: String = l
                            .borrow()
                            .iter()
                            .map(|c| match c {
                                Value::Str(s) => s.to_string(),
                                _ => String::new(),
                            })
                            .collect();
                        Value::str(&s)
                    }
                    other => other,
                })
            }
            Value::Dict(d) => {
                let found = d.borrow().get(&index).cloned();
                let factory = d.borrow().default_factory.clone();
                match (found, factory) {
                    (Some(x), _) => Ok(x),
                    (None, Some(factory)) => {
                        let made = self.call(&factory, vec![], vec![])?;
                        d.borrow_mut().insert(index, made.clone());
                        Ok(made)
                    }
                    (None, None) => {
                        let key = self.repr(&index)?;
                        Err(self.raise("KeyError", key))
                    }
                }
            }
            Value::Range(a, b, s) => {
                let items: Vec<Value> = range_items(*a, *b, *s)
                    .into_iter()
                    .map(Value::Int)
                    .collect();
                self.sequence_index(&items, index, true)
            }
            Value::Object(o) => {
                if let Some(f) = python_dunder(o, "__getitem__") {
                    return self.call_method_value(&f, v.clone(), vec![index]);
                }
                match o.class.lookup("__getitem__") {
                    Some((f, _)) => self.call_method_value(&f, v.clone(), vec![index]),
                    None => {
                        Err(self
                            .type_error(format!("'{}' object is not subscriptable", o.class.name)))
                    }
                }
            }
            // `Color["RED"]`: the member of that name.
            Value::Class(c) if c.is_enum => {
                let found = match &index {
                    Value::Str(key) => enum_members(c)
                        .into_iter()
                        .find(|(name, _)| name.as_str() == &**key)
                        .map(|(_, member)| member),
                    _ => None,
                };
                match found {
                    Some(member) => Ok(member),
                    None => {
                        let key = self.repr(&index)?;
                        Err(self.raise("KeyError", key))
                    }
                }
            }
            // `Optional[int]`, `List[int]`, `list[int]`: typing's aliases.
            Value::Class(_) | Value::Builtin(_) => self.subscript_type(v, index),
            Value::Unknown(_) => Ok(v.clone()),
            _ => Err(self.type_error(format!("'{}' object is not subscriptable", v.type_name()))),
        }
    }

    fn sequence_index(&mut self, items: &[Value], index: Value, tuple: bool) -> R<Value> {
        match &index {
            Value::Slice(s) => {
                let n = items.len() as i64;
                let (start, stop, step) = self.slice_bounds(s, n)?;
                let idx: Vec<i64> = range_items(start, stop, step);
                let out: Vec<Value> = idx.into_iter().map(|i| items[i as usize].clone()).collect();
                Ok(if tuple {
                    Value::tuple(out)
                } else {
                    Value::list(out)
                })
            }
            _ => {
                let i = self.index_int(&index)?;
                let n = items.len() as i64;
                let j = if i < 0 { i + n } else { i };
                if j < 0 || j >= n {
                    return Err(self.raise("IndexError", "index out of range"));
                }
                Ok(items[j as usize].clone())
            }
        }
    }

    /// Normalize a Python slice over a sequence of length n.
    pub fn slice_bounds(&mut self, s: &[Value; 3], n: i64) -> R<(i64, i64, i64)> {
        let step = match &s[2] {
            Value::None => 1,
            v => self.index_int(v)?,
        };
        if step == 0 {
            return Err(self.raise("ValueError", "slice step cannot be zero"));
        }
        let (lower, upper) = if step > 0 { (0, n) } else { (-1, n - 1) };
        let clamp = |i: i64| -> i64 {
            let i = if i < 0 { i + n } else { i };
            i.clamp(lower, upper)
        };
        let start = match &s[0] {
            Value::None => {
                if step > 0 {
                    lower
                } else {
                    upper
                }
            }
            v => clamp(self.index_int(v)?),
        };
        let stop = match &s[1] {
            Value::None => {
                if step > 0 {
                    upper
                } else {
                    lower
                }
            }
            v => clamp(self.index_int(v)?),
        };
        Ok((start, stop, step))
    }

    /// An index that must be a concrete int; a symbolic one is specialized.
    pub fn index_int(&mut self, v: &Value) -> R<i64> {
        match v {
            Value::Int(i) => Ok(*i),
            Value::Bool(b) => Ok(i64::from(*b)),
            Value::SymInt(e) => self.specialize_int(e),
            Value::Object(o) if o.class.is_enum => {
                let inner = o.get_attr("value").unwrap_or(Value::None);
                self.index_int(&inner)
            }
            _ => Err(self.type_error(format!("indices must be integers, not {}", v.type_name()))),
        }
    }

    /// Turn a symbolic int into a Python int: guards it equal to its hint,
    /// or fails as data-dependent when it has none.
    pub fn specialize_int(&mut self, e: &SymExpr) -> R<i64> {
        let e = self.env.simplify(e);
        if let Some(c) = e.as_const() {
            return Ok(c);
        }
        match self.env.hint(&e) {
            Some(h) => {
                // Specializing adds the guard `Eq(e, h)`; it holds by construction.
                let line = self.guard_line();
                self.env
                    .evaluate(&e, crate::value::CmpKind::Eq, &SymExpr::int(h), line)
                    .map_err(|dd| self.data_dependent(&dd.expr))?;
                Ok(h)
            }
            None => {
                let text = self.env.render(&e);
                // Draft export specializes it to its value on the examples.
                if let Some(v) = self.example_value(&e)
                    && let Some(true) = self.decide_on_examples(
                        &e,
                        crate::value::CmpKind::Eq,
                        &SymExpr::int(v),
                        &text,
                    )
                {
                    return Ok(v);
                }
                Err(self.fail_with(
                    crate::failure::Failure::new(
                        crate::failure::FailureKind::DataDependent,
                        format!("a Python int is needed here, but `{text}` depends on tensor data"),
                    )
                    .with_hint("keep the value as a tensor, or bound it with `torch._check(...)` and use it as a size"),
                ))
            }
        }
    }

    pub fn set_item(&mut self, obj: &Value, index: Value, value: Value) -> R<()> {
        match obj {
            Value::List(items) => {
                let i = self.index_int(&index)?;
                let mut items = items.borrow_mut();
                let n = items.len() as i64;
                let j = if i < 0 { i + n } else { i };
                if j < 0 || j >= n {
                    drop(items);
                    return Err(self.raise("IndexError", "list assignment index out of range"));
                }
                items[j as usize] = value;
                Ok(())
            }
            Value::Dict(d) => {
                d.borrow_mut().insert(index, value);
                Ok(())
            }
            Value::Tensor(t) => self.tensor_setitem(t.clone(), index, value),
            Value::Object(o) if python_dunder(o, "__setitem__").is_some() => {
                let f = python_dunder(o, "__setitem__").expect("checked");
                self.call_method_value(&f, obj.clone(), vec![index, value])
                    .map(|_| ())
            }
            Value::Object(o) if crate::spec::shapes_collection_items(obj).is_some() => {
                let items = match o.get_attr(crate::spec::SHAPES_COLLECTION_ITEMS) {
                    Some(Value::Dict(ref items)) => items.clone(),
                    _ => return Ok(()),
                };
                if !matches!(index, Value::Tensor(_)) {
                    return Err(self.type_error(
                        "ShapesCollection keys must be the example tensors themselves",
                    ));
                }
                items.borrow_mut().insert(index, value);
                Ok(())
            }
            Value::Unknown(_) => Ok(()),
            _ => Err(self.type_error(format!(
                "'{}' object does not support item assignment",
                obj.type_name()
            ))),
        }
    }

    /// Materialize the items of an iterable (loops are unrolled). Copying
    /// items costs budget too (a step per 8 items), so a builtin run over a
    /// long list in a long loop stays bounded.
    pub fn iterate(&mut self, v: &Value) -> R<Vec<Value>> {
        let items = self.iterate_items(v)?;
        self.steps += items.len() as u64 / 8;
        Ok(items)
    }

    fn iterate_items(&mut self, v: &Value) -> R<Vec<Value>> {
        match v {
            Value::Tuple(t) => Ok(t.to_vec()),
            Value::List(l) | Value::Set(l) => Ok(l.borrow().clone()),
            Value::Dict(d) => Ok(d
                .borrow()
                .entries()
                .iter()
                .map(|(k, _)| k.clone())
                .collect()),
            Value::Str(s) => {
                self.charge_items(s.len() as u128, "a string")?;
                Ok(s.chars().map(|c| Value::str(&c.to_string())).collect())
            }
            Value::Range(a, b, s) => {
                let n = super::range_len(*a, *b, *s);
                if n as u64 > self.budget.loop_iterations {
                    return Err(self.fail(
                        crate::failure::FailureKind::Incomplete,
                        format!("analysis incomplete: range of {n} items is too long to unroll"),
                    ));
                }
                Ok(range_items(*a, *b, *s)
                    .into_iter()
                    .map(Value::Int)
                    .collect())
            }
            Value::Iter(it) => Ok(it.borrow_mut().by_ref().collect()),
            Value::Tensor(t) => self.unbind_for_iter(t.clone()),
            Value::Object(o) => match o.class.lookup("__iter__") {
                Some((f, _)) => {
                    let it = self.call_method_value(&f, v.clone(), vec![])?;
                    self.iterate(&it)
                }
                None => Err(self.type_error(format!("'{}' object is not iterable", o.class.name))),
            },
            Value::Class(c) if c.is_enum => {
                Ok(enum_members(c).into_iter().map(|(_, m)| m).collect())
            }
            Value::SymInt(_) | Value::Int(_) => {
                Err(self.type_error("'int' object is not iterable"))
            }
            Value::Unknown(what) => {
                let r = self.current_range();
                self.assume(r, "an iterable it could not follow is empty");
                self.incomplete(
                    r,
                    format!("analysis incomplete: iteration over an unknown value ({what}; assumed empty)"),
                );
                Ok(vec![])
            }
            _ => Err(self.type_error(format!("'{}' object is not iterable", v.type_name()))),
        }
    }

    pub fn dict_items(&mut self, v: &Value) -> R<Vec<(Value, Value)>> {
        match v {
            Value::Dict(d) => Ok(d.borrow().entries().to_vec()),
            Value::Unknown(_) => Ok(vec![]),
            // The mapping protocol: `keys()`, then each item.
            Value::Object(o) if o.module.is_none() && o.class.lookup("keys").is_some() => {
                let keys = self.get_attr(v, "keys")?;
                let keys = self.call(&keys, vec![], vec![])?;
                let mut items = Vec::new();
                for k in self.iterate(&keys)? {
                    let item = self.get_item(v, k.clone())?;
                    items.push((k, item));
                }
                Ok(items)
            }
            _ => Err(self.type_error(format!("'{}' object is not a mapping", v.type_name()))),
        }
    }

    /// `del target`: a name, an attribute, an item, or a tuple of them.
    pub fn delete(&mut self, target: &syntax::ast::Expr, scope: &Rc<crate::value::Scope>) -> R<()> {
        use syntax::ast::ExprKind;
        match &target.kind {
            ExprKind::Name(n) => {
                scope.vars.borrow_mut().remove(n);
                Ok(())
            }
            ExprKind::Attribute { value, attr } => {
                let obj = self.eval(value, scope)?;
                self.del_attr(&obj, attr)
            }
            ExprKind::Subscript { value, index } => {
                let container = self.eval(value, scope)?;
                let key = self.eval(index, scope)?;
                self.del_item(&container, key)
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for item in items {
                    self.delete(item, scope)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// `del obj.name` / `delattr(obj, name)`.
    pub fn del_attr(&mut self, obj: &Value, name: &str) -> R<()> {
        let found = match obj {
            Value::Object(o) => crate::module::delattr(o, name),
            Value::Class(c) => {
                crate::value::class_attrs_changed();
                let mut attrs = c.attrs.borrow_mut();
                let before = attrs.len();
                attrs.retain(|(n, _)| n != name);
                attrs.len() != before
            }
            // Attributes hung on tensors are not kept (see `set_attr`).
            Value::Tensor(_) | Value::Unknown(_) => true,
            _ => false,
        };
        if found {
            Ok(())
        } else {
            Err(self.attr_error(obj, name))
        }
    }

    /// `del container[key]`.
    fn del_item(&mut self, container: &Value, key: Value) -> R<()> {
        match container {
            Value::Dict(d) => {
                let removed = d.borrow_mut().remove(&key);
                match removed {
                    Some(_) => Ok(()),
                    None => {
                        let shown = self.repr(&key)?;
                        Err(self.raise("KeyError", shown))
                    }
                }
            }
            Value::List(l) => {
                let len = l.borrow().len() as i64;
                if let Value::Slice(_) = key {
                    let keep: Vec<usize> = {
                        let picked =
                            self.get_item(&Value::list((0..len).map(Value::Int).collect()), key)?;
                        self.iterate(&picked)?
                            .iter()
                            .filter_map(Value::as_int)
                            .map(|i| i as usize)
                            .collect()
                    };
                    let mut i = 0;
                    l.borrow_mut().retain(|_| {
                        i += 1;
                        !keep.contains(&(i - 1))
                    });
                    return Ok(());
                }
                let i = self.index_int(&key)?;
                let at = if i < 0 { i + len } else { i };
                if !(0..len).contains(&at) {
                    return Err(self.raise("IndexError", "list assignment index out of range"));
                }
                l.borrow_mut().remove(at as usize);
                Ok(())
            }
            Value::Object(o) => match python_dunder(o, "__delitem__") {
                Some(f) => self
                    .call_method_value(&f, container.clone(), vec![key])
                    .map(|_| ()),
                None => Err(self.type_error(format!(
                    "'{}' object doesn't support item deletion",
                    o.class.name
                ))),
            },
            Value::Unknown(_) => Ok(()),
            _ => Err(self.type_error(format!(
                "'{}' object doesn't support item deletion",
                container.type_name()
            ))),
        }
    }

    /// `needle in haystack`.
    pub fn contains(&mut self, haystack: &Value, needle: &Value) -> R<Value> {
        match haystack {
            Value::Dict(d) => Ok(Value::Bool(d.borrow().get(needle).is_some())),
            Value::Str(s) => match needle {
                Value::Str(n) => Ok(Value::Bool(s.contains(&**n))),
                _ => Err(self.type_error("'in <string>' requires string as left operand")),
            },
            Value::Tensor(_) => {
                let eq =
                    self.call_op_by_method("eq", haystack.clone(), vec![needle.clone()], vec![])?;
                self.call_op_by_method("any", eq, vec![], vec![])
            }
            Value::Object(o) if python_dunder(o, "__contains__").is_some() => {
                let f = python_dunder(o, "__contains__").expect("checked");
                let r = self.call_method_value(&f, haystack.clone(), vec![needle.clone()])?;
                Ok(Value::Bool(self.truthy(&r)?))
            }
            // Tensors and plain objects hash by identity: a set holds one
            // only if it holds that very one.
            Value::Set(items) if matches!(needle, Value::Tensor(_) | Value::Object(_)) => Ok(
                Value::Bool(items.borrow().iter().any(|item| item.key_eq(needle))),
            ),
            _ => {
                let items = self.iterate(haystack)?;
                for item in items {
                    // `in` tries identity before `==`, as CPython does.
                    if matches!(item, Value::Tensor(_) | Value::Object(_)) && item.key_eq(needle) {
                        return Ok(Value::Bool(true));
                    }
                    let eq = self.compare(syntax::ast::CmpOp::Eq, &item, needle)?;
                    if self.truthy(&eq)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            }
        }
    }

    pub fn to_str(&mut self, v: &Value) -> R<String> {
        Ok(match v {
            Value::Str(s) => s.to_string(),
            // `str(err)`: the message an exception was raised with.
            Value::Object(o) if is_plain_exception(o) => match o.get_attr("args") {
                Some(Value::Tuple(ref args)) if args.is_empty() => String::new(),
                Some(Value::Tuple(ref args)) if args.len() == 1 => self.to_str(&args[0])?,
                Some(args) => self.repr(&args)?,
                None => String::new(),
            },
            // A class's own `__str__` before its `__repr__`, as `str()` reads them.
            Value::Object(o) => match o.class.lookup("__str__") {
                Some((f, owner)) if owner.builtin.is_none() => {
                    let r = self.call_method_value(&f, v.clone(), vec![])?;
                    self.to_str(&r)?
                }
                _ => self.repr(v)?,
            },
            _ => self.repr(v)?,
        })
    }

    pub fn repr(&mut self, v: &Value) -> R<String> {
        Ok(match v {
            Value::None => "None".into(),
            Value::Bool(b) => if *b { "True" } else { "False" }.into(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => crate::pyrepr::float_repr(*f),
            Value::Str(s) => crate::pyrepr::str_repr(s),
            Value::SymInt(e) => self.env.render(e),
            Value::SymFloat(f, _) => crate::pyrepr::float_repr(*f),
            Value::Tuple(t) => {
                let parts = self.repr_items(t.iter())?;
                if parts.len() == 1 {
                    format!("({},)", parts[0])
                } else {
                    format!("({})", parts.join(", "))
                }
            }
            Value::List(l) => match self.repr_enter(Rc::as_ptr(l) as usize, "[...]") {
                Some(cycle) => cycle,
                None => {
                    let items = l.borrow().clone();
                    let parts = self.repr_items(items.iter());
                    self.repr_active.pop();
                    format!("[{}]", parts?.join(", "))
                }
            },
            Value::Dict(d) => match self.repr_enter(Rc::as_ptr(d) as usize, "{...}") {
                Some(cycle) => cycle,
                None => {
                    let entries = d.borrow().entries().to_vec();
                    let parts = self.repr_items(entries.iter().flat_map(|(k, v)| [k, v]));
                    self.repr_active.pop();
                    let parts = parts?;
                    let pairs: Vec<String> = parts.chunks(2).map(|kv| kv.join(": ")).collect();
                    format!("{{{}}}", pairs.join(", "))
                }
            },
            Value::Set(items) => {
                let items = items.borrow().clone();
                if items.is_empty() {
                    "set()".into()
                } else {
                    format!("{{{}}}", self.repr_items(items.iter())?.join(", "))
                }
            }
            Value::Tensor(t) => format!(
                "FakeTensor(..., size=({}), dtype={})",
                t.shape
                    .iter()
                    .map(|d| self.env.render(d))
                    .collect::<Vec<_>>()
                    .join(", "),
                t.dtype.torch_name()
            ),
            Value::DType(d) => d.torch_name().to_string(),
            Value::Object(o) => match o
                .class
                .lookup("__repr__")
                .or_else(|| o.class.lookup("__str__"))
            {
                Some((f, owner)) if owner.builtin.is_none() => {
                    let r = self.call_method_value(&f, v.clone(), vec![])?;
                    self.to_str(&r)?
                }
                _ => format!("<{} object>", o.class.name),
            },
            Value::Class(c) => self.class_repr(c),
            Value::Builtin(b)
                if b.receiver.is_none()
                    && let Some(text) = typing_forms::builtin_repr(&b.name) =>
            {
                text
            }
            // What the value stands for, so that an error quoting it says
            // where the trace lost track (`KeyError: <unknown: torch.foo>`).
            Value::Unknown(what) => format!("<unknown: {what}>"),
            other => format!("<{}>", other.type_name()),
        })
    }
}

impl Interp {
    /// The reprs of a container's items, each one level deeper (see
    /// [`Interp::nested`]), the text they make together charged as a
    /// string being built.
    fn repr_items<'a>(&mut self, items: impl Iterator<Item = &'a Value>) -> R<Vec<String>> {
        let mut parts = Vec::new();
        let mut len = 0usize;
        for x in items {
            let part = self.nested(REPR_DEPTH, |interp| interp.repr(x))?;
            len = len.saturating_add(part.len() + 2);
            self.charge_str(len)?;
            parts.push(part);
        }
        Ok(parts)
    }

    /// Enter the `repr` of the container at `address`: `Some(cycle)` (its
    /// text when met inside itself) if it is already being made, else it
    /// is recorded until the caller pops it.
    fn repr_enter(&mut self, address: usize, cycle: &str) -> Option<String> {
        if self.repr_active.contains(&address) {
            return Some(cycle.to_string());
        }
        self.repr_active.push(address);
        None
    }
}

/// CPython's message for a `repr` nested past the recursion limit.
const REPR_DEPTH: &str = " while getting the repr of an object";

/// An exception instance whose class defines no `__str__` of its own.
fn is_plain_exception(o: &Object) -> bool {
    let mro = o.class.mro();
    let builtin_exception = mro.iter().any(|c| {
        c.builtin
            .as_deref()
            .is_some_and(|b| b.ends_with("Error") || b.ends_with("Exception"))
    });
    builtin_exception
        && !mro
            .iter()
            .any(|c| c.builtin.is_none() && c.own_attr("__str__").is_some())
}

known_names! {
    /// The attributes of a tensor the tracer answers itself (the others
    /// are its methods).
    enum TensorAttribute {
        Shape = "shape",
        Dtype = "dtype",
        Device = "device",
        Layout = "layout",
        Ndim = "ndim",
        IsCuda = "is_cuda",
        RequiresGrad = "requires_grad",
        IsLeaf = "is_leaf",
        Grad = "grad",
        Data = "data",
        Real = "real",
        Transposed = "T",
        MatrixTransposed = "mT",
        Adjoint = "H",
        MatrixAdjoint = "mH",
    }
}

known_names! {
    /// The attributes of a Python function the tracer answers from the
    /// function itself (the others are its `__dict__`'s).
    enum FunctionAttribute {
        Name = "__name__",
        Qualname = "__qualname__",
        Doc = "__doc__",
        Code = "__code__",
        Module = "__module__",
        Defaults = "__defaults__",
        Kwdefaults = "__kwdefaults__",
        Globals = "__globals__",
        /// Cells are not modelled: a function's free names are read
        /// through the scope it closes over.
        Closure = "__closure__",
    }
}

/// `f.__doc__`: the docstring its body starts with, or None.
fn function_doc(f: &crate::value::Function) -> Value {
    let crate::value::FunctionBody::Def(def) = &f.body else {
        return Value::None;
    };
    match def.body().first().map(|s| &s.kind) {
        Some(syntax::ast::StmtKind::Expr(e)) => match &e.kind {
            syntax::ast::ExprKind::Str(s) => Value::str(s),
            _ => Value::None,
        },
        _ => Value::None,
    }
}

/// `f.__defaults__`: the defaults of the last positional parameters, in
/// order, or None.
fn function_defaults(f: &crate::value::Function) -> Value {
    let values: Vec<Value> = f
        .params
        .posonly
        .iter()
        .chain(&f.params.args)
        .filter_map(|p| f.defaults.get(&p.name).cloned())
        .collect();
    if values.is_empty() {
        Value::None
    } else {
        Value::tuple(values)
    }
}

/// `f.__kwdefaults__`: the keyword-only parameters' defaults, or None.
fn function_kwdefaults(f: &crate::value::Function) -> Value {
    let mut d = Dict::default();
    for p in &f.params.kwonly {
        if let Some(v) = f.defaults.get(&p.name) {
            d.insert(Value::str(&p.name), v.clone());
        }
    }
    if d.is_empty() {
        Value::None
    } else {
        Value::Dict(Rc::new(crate::tracked::Tracked::new(d)))
    }
}

known_names! {
    /// The attributes of a `torch.dtype`.
    enum DtypeAttribute {
        IsFloatingPoint = "is_floating_point",
        IsComplex = "is_complex",
        Itemsize = "itemsize",
    }
}

known_names! {
    /// The attributes a bound method has of its own.
    enum BoundMethodAttribute {
        Receiver = "__self__",
        Function = "__func__",
    }
}

known_names! {
    /// The attributes a property has besides its function's.
    enum PropertyAttribute {
        Setter = "setter",
        Getter = "fget",
    }
}

/// The members of an enum class, by name, in definition order.
fn enum_members(c: &Rc<Class>) -> Vec<(String, Value)> {
    c.attrs
        .borrow()
        .iter()
        .filter(|(_, m)| matches!(m, Value::Object(o) if Rc::ptr_eq(&o.class, c)))
        .map(|(name, m)| (name.clone(), m.clone()))
        .collect()
}

known_names! {
    /// The attributes of a `torch.device`.
    enum DeviceAttribute {
        Type = "type",
        Index = "index",
    }
}

pub fn range_items(start: i64, stop: i64, step: i64) -> Vec<i64> {
    let n = super::range_len(start, stop, step);
    (0..n).map(|k| start + k * step).collect()
}

pub(crate) fn canonical_path(p: &str) -> String {
    let p = p
        .strip_prefix("torch.nn.modules.")
        .map_or(p.to_string(), |rest| {
            format!("torch.nn.{}", rest.rsplit('.').next().unwrap_or(rest))
        });
    /// Where torch defines what it exports under another name.
    const ALIASES: &[(&str, &str)] = &[
        ("torch.export.dynamic_shapes.Dim", "torch.export.Dim"),
        ("torch.export.dynamic_shapes.dims", "torch.export.dims"),
        ("torch.nn.parameter.Parameter", "torch.nn.Parameter"),
        ("torch.nn.parameter.Buffer", "torch.nn.Buffer"),
        (
            "functorch.experimental.control_flow.map",
            "torch.ops.higher_order.map",
        ),
        ("torch._higher_order_ops.map", "torch.ops.higher_order.map"),
        ("functorch.experimental.control_flow.cond", "torch.cond"),
        ("torch.functional.einsum", "torch.einsum"),
        ("torch.Generator", "torch._C.Generator"),
    ];
    match ALIASES.iter().find(|(alias, _)| *alias == p) {
        Some((_, canonical)) => canonical.to_string(),
        None => p,
    }
}

fn constant_of(full: &str) -> Option<Value> {
    /// torch's numeric constants.
    const TORCH_CONSTANTS: &[(&str, f64)] = &[
        ("torch.pi", std::f64::consts::PI),
        ("torch.inf", f64::INFINITY),
        ("torch.nan", f64::NAN),
        ("torch.e", std::f64::consts::E),
    ];
    if full == "torch.__version__" {
        return Some(Value::str(crate::python::operators::TORCH_VERSION));
    }
    if let Some((_, v)) = TORCH_CONSTANTS.iter().find(|(n, _)| *n == full) {
        return Some(Value::Float(*v));
    }
    let (module, name) = full.rsplit_once('.')?;
    crate::python::stdlib::constant(module, name)
}

/// Classes the tracer implements, by their qualified name.
fn builtin_class_name(full: &str) -> Option<&'static str> {
    const CLASSES: &[&str] = &[
        crate::module::STORAGE_CLASS,
        "torch.nn.Parameter",
        "torch.nn.Buffer",
        "torch.Tensor",
        "torch.Size",
        "torch.SymInt",
        "torch.SymFloat",
        "torch.SymBool",
        "torch.device",
        "torch.dtype",
        "torch.export.Dim",
        "torch.export.ShapesCollection",
        "torch.autograd.Function",
        "torch.no_grad",
        "torch.enable_grad",
        "torch.inference_mode",
        "torch.autocast",
        "enum.Enum",
        "enum.IntEnum",
        "typing.NamedTuple",
        "typing.Optional",
        "typing.List",
        "typing.Tuple",
        "typing.Dict",
        "typing.Any",
        "typing.Union",
        "typing.Callable",
        "abc.ABC",
        "contextlib.nullcontext",
        "torch.fx.Proxy",
        "inspect.Parameter",
        "inspect.Signature",
        "collections.OrderedDict",
        "collections.defaultdict",
        "collections.deque",
    ];
    CLASSES.iter().find(|c| **c == full).copied()
}

/// A special method (`__getitem__`, `__iter__`, ...) that an object's class
/// defines in Python (user, library or prelude code), which takes precedence
/// over the built-in module behaviour.
pub(crate) fn python_dunder(o: &Object, name: &str) -> Option<Value> {
    match o.class.lookup(name) {
        Some((f @ Value::Function(_), _)) => Some(f),
        _ => None,
    }
}

/// The instance attributes `nn.Module`'s prelude keeps the hooks a call
/// runs or reacts to in (see `prelude/module.py`): a module with any of
/// them is called through its `_call_with_hooks` by `Interp::call_module`.
pub(super) const MODULE_HOOK_REGISTRIES: [&str; 4] = [
    "_forward_pre_hooks",
    "_forward_hooks",
    "_backward_hooks",
    "_backward_pre_hooks",
];
