//! The builtin objects the tracer makes that are neither a module's
//! function nor a type's method: decorators and wrappers a call returns
//! (`functools.partial(...)`, `lru_cache`'s wrapper), bound helpers
//! (`super()`, a property's `setter`, a dataclass's generated `__init__`)
//! and sentinels (`dataclasses.MISSING`, `inspect.Parameter.empty`,
//! `...`). Each is a `Value::Builtin` whose name is one of [`KnownObject`]'s
//! and whose receiver holds its state.

use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::Args;
use crate::python::names::known_names;
use crate::value::{Builtin, FunctionKind, Value};

known_names! {
    /// The builtin objects the tracer makes, by the name their
    /// `Value::Builtin` carries.
    pub enum KnownObject {
        /// `object.__init__`, bound to an instance.
        ObjectInit = "builtins.object.__init__",
        /// `prop.setter`, bound to the property (a function).
        PropertySetter = "builtins.property.setter",
        /// `super()`, bound to (the class, the instance).
        SuperBound = "builtins.super.bound",
        /// `cls.__subclasses__`, bound to the class.
        TypeSubclasses = "type.__subclasses__",
        /// `...`.
        Ellipsis = "builtins.Ellipsis",
        /// `id(tensor)` where Dynamo cannot put it in the graph.
        IdFake = "builtins.id.fake",
        /// `functools.wraps(f)`'s decorator, bound to `f`.
        WrapsDecorator = "functools.wraps.decorator",
        /// A function wrapped by `functools.lru_cache`: bound to (the
        /// function, the cache as a dict from argument keys to results).
        LruCacheCall = "functools.lru_cache.call",
        /// `cached.cache_clear`, bound to what `LruCacheCall` is bound to.
        LruCacheClear = "functools.lru_cache.cache_clear",
        /// The decorator `functools.lru_cache(maxsize)` returns.
        LruCacheDecorator = "functools.lru_cache.decorator",
        /// `functools.partial(f, ...)`: bound to (func, args, keywords).
        PartialCall = "functools.partial.call",
        /// The `__init__` `@dataclass` generates, bound to (the dataclass,
        /// the instance): what `super().__init__(...)` reaches from a
        /// subclass.
        DataclassInit = "dataclasses.generated_init",
        /// The marker `dataclasses.field(default_factory=f)` leaves as a
        /// field's class-level default (bound to `f`).
        DataclassFactory = "dataclasses.field.default_factory",
        /// `dataclasses.MISSING`: the sentinel of a field without a default.
        DataclassMissing = "dataclasses.MISSING",
        /// `inspect.Parameter.empty`, `inspect.Signature.empty`: the class
        /// `inspect._empty`.
        ParameterEmpty = "inspect._empty",
        /// A compiled pattern, bound to its source.
        RePattern = "re.Pattern",
        /// A match, bound to (its groups, its span).
        ReMatch = "re.Match",
        /// `Function.apply` of a `torch.autograd.Function`, bound to the class.
        AutogradApply = "autograd.apply",
        /// `code.replace`, bound to the code object (`types.rs`).
        CodeReplace = "types.CodeType.replace",
    }
}

known_names! {
    /// The attributes of a `functools.partial` object, in the order its
    /// receiver holds them.
    pub enum PartialAttribute {
        Func = "func",
        Args = "args",
        Keywords = "keywords",
    }
}

known_names! {
    /// The attributes of an `lru_cache` wrapper of its own (the others are
    /// the wrapped function's).
    pub enum CachedAttribute {
        Wrapped = "__wrapped__",
        CacheClear = "cache_clear",
    }
}

impl KnownObject {
    /// The object `v` is, if it is one of these.
    pub fn of(v: &Value) -> Option<KnownObject> {
        match v {
            Value::Builtin(b) => KnownObject::from_name(&b.name),
            _ => None,
        }
    }

    /// Whether `b` is this object.
    pub fn is(self, b: &Builtin) -> bool {
        *b.name == *self.name()
    }

    /// This object bound to `receiver`.
    pub fn bound(self, receiver: Value) -> Value {
        Value::method(self.name(), receiver)
    }

    /// Whether calling this object does something (the others are
    /// markers and state holders).
    pub fn is_callable(self) -> bool {
        use KnownObject as K;
        matches!(
            self,
            K::ObjectInit
                | K::PropertySetter
                | K::TypeSubclasses
                | K::WrapsDecorator
                | K::LruCacheCall
                | K::LruCacheClear
                | K::LruCacheDecorator
                | K::PartialCall
                | K::DataclassInit
                | K::AutogradApply
                | K::CodeReplace
        )
    }

    /// This object, unbound.
    pub fn value(self) -> Value {
        Value::builtin(self.name())
    }
}

/// Calls one of these objects ([`KnownObject::is_callable`]) bound to
/// `recv`.
pub fn call(interp: &mut Interp, object: KnownObject, recv: &Value, args: Args) -> R<Value> {
    use crate::python::stdlib::{dataclasses, functools};
    use KnownObject as K;
    match object {
        K::ObjectInit => Ok(Value::None),
        K::PropertySetter => {
            let (Value::Function(prop), Some(setter)) = (recv, args.positional.into_iter().next())
            else {
                return Err(interp.type_error("property.setter takes a function"));
            };
            let with_setter = prop.with_kind(FunctionKind::Property);
            with_setter.attrs.borrow_mut().insert("fset".into(), setter);
            Ok(Value::Function(Rc::new(with_setter)))
        }
        K::TypeSubclasses => match recv {
            Value::Class(c) => Ok(Value::list(
                c.live_subclasses().into_iter().map(Value::Class).collect(),
            )),
            _ => Err(interp.type_error(format!("cannot call {}", object.name()))),
        },
        K::WrapsDecorator
        | K::LruCacheCall
        | K::LruCacheClear
        | K::LruCacheDecorator
        | K::PartialCall => functools::call_object(interp, object, recv, args),
        K::DataclassInit => dataclasses::call_generated_init(interp, recv, args),
        K::AutogradApply => call_autograd_apply(interp, recv, args),
        K::CodeReplace => crate::python::stdlib::types::replace(interp, recv, args),
        _ => Err(interp.type_error(format!("cannot call {}", object.name()))),
    }
}

/// `Function.apply(*args)` runs the static `forward(ctx, *args)`.
fn call_autograd_apply(interp: &mut Interp, class: &Value, args: Args) -> R<Value> {
    let forward = interp.get_attr(class, "forward")?;
    let context = interp.get_attr(
        &Value::PyModule(Rc::from("torch.autograd.function")),
        "FunctionCtx",
    )?;
    let ctx = interp.call(&context, vec![], vec![])?;
    let args = args.with_receiver(ctx);
    interp.call(&forward, args.positional, args.keywords)
}
