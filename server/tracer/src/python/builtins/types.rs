//! The builtins about types and objects: `isinstance` (against classes,
//! builtin types, tuples and PEP 604 unions, the abstract collections of
//! `collections.abc`/`typing`, a metaclass's `__instancecheck__`),
//! `issubclass`, `type`, `callable`, `super`, `staticmethod`,
//! `classmethod`, `property` called rather than used as decorators, and
//! `id`.

use std::rc::Rc;

use super::KnownBuiltin;
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::objects::KnownObject;
use crate::value::{FunctionKind, Value};

/// Calls one of the type builtins.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    use KnownBuiltin as B;
    match builtin {
        B::Isinstance => {
            const ISINSTANCE: Signature<2> =
                Signature::new("isinstance", ["obj", "class_or_tuple"])
                    .positional_only(2)
                    .required(2);
            let [obj, class] = ISINSTANCE.bind(interp, args)?.values();
            isinstance_call(interp, obj, class)
        }
        B::Issubclass => {
            const ISSUBCLASS: Signature<2> =
                Signature::new("issubclass", ["cls", "class_or_tuple"])
                    .positional_only(2)
                    .required(2);
            let [cls, target] = ISSUBCLASS.bind(interp, args)?.values();
            Ok(Value::Bool(is_subclass(interp, &cls, &target)?))
        }
        B::Type => {
            // `type(name, bases, dict)` is not modelled: the first
            // argument's type is returned.
            const TYPE: Signature<3> = Signature::new("type", ["object", "bases", "dict"])
                .positional_only(3)
                .required(1);
            let [object, _, _] = TYPE.bind(interp, args)?.values();
            Ok(type_of(interp, &object))
        }
        B::Callable => {
            const CALLABLE: Signature<1> = Signature::new("callable", ["obj"])
                .positional_only(1)
                .required(1);
            let [obj] = CALLABLE.bind(interp, args)?.values();
            Ok(Value::Bool(
                matches!(
                    obj,
                    Value::Function(_)
                        | Value::Builtin(_)
                        | Value::BoundMethod(_)
                        | Value::Class(_)
                ) || matches!(obj, Value::Object(ref o) if o.module.is_some() || o.class.lookup("__call__").is_some()),
            ))
        }
        B::Super => {
            const SUPER: Signature<2> =
                Signature::new("super", ["type", "object_or_type"]).positional_only(2);
            match SUPER.bind(interp, args)?.args {
                [Some(class), Some(obj)] => {
                    Ok(KnownObject::SuperBound.bound(Value::tuple(vec![class, obj])))
                }
                _ => make_super(interp),
            }
        }
        B::Staticmethod | B::Classmethod | B::Property => {
            // Called rather than used as a decorator: `size = property(get)`.
            const PROPERTY: Signature<4> =
                Signature::new("property", ["fget", "fset", "fdel", "doc"]);
            let [function, setter] = if builtin == B::Property {
                let [fget, fset, _, _] = PROPERTY.bind(interp, args)?.values();
                [fget, fset]
            } else {
                let [function] = Signature::new(builtin.name(), ["function"])
                    .positional_only(1)
                    .required(1)
                    .bind(interp, args)?
                    .values();
                [function, Value::None]
            };
            let Value::Function(ref f) = function else {
                return Ok(function);
            };
            let kind = match builtin {
                B::Staticmethod => FunctionKind::StaticMethod,
                B::Classmethod => FunctionKind::ClassMethod,
                _ => FunctionKind::Property,
            };
            let made = f.with_kind(kind);
            if kind == FunctionKind::Property && !matches!(setter, Value::None) {
                made.attrs.borrow_mut().insert("fset".into(), setter);
            }
            Ok(Value::Function(Rc::new(made)))
        }
        B::Id => {
            const ID: Signature<1> = Signature::new("id", ["obj"]).positional_only(1).required(1);
            let [obj] = ID.bind(interp, args)?.values();
            if interp.tracing
                && interp.mode == crate::Mode::Strict
                && matches!(obj, Value::Tensor(_))
            {
                // Dynamo cannot put `id(tensor)` into the graph when it is combined with a tensor.
                return Ok(KnownObject::IdFake.value());
            }
            Ok(Value::Int(match obj {
                Value::Object(ref o) => o.id as i64,
                Value::Tensor(ref t) => 140_000_000_000 + t.id as i64 * 64,
                _ => 1,
            }))
        }
        _ => Ok(Value::Int(0)),
    }
}

/// `isinstance(obj, class_or_tuple)`, through a metaclass's
/// `__instancecheck__` when the class has one.
fn isinstance_call(interp: &mut Interp, obj: Value, class: Value) -> R<Value> {
    // An object standing for a type (`int | None`, `Optional[int]`):
    // its class's `__instancecheck__`.
    if let Value::Object(ref o) = class
        && let Some(hook) = crate::interp::attr::python_dunder(o, "__instancecheck__")
    {
        let r = interp.call(&hook, vec![class.clone(), obj], vec![])?;
        return match r {
            Value::Unknown(_) => Ok(r),
            r => Ok(Value::Bool(interp.truthy(&r)?)),
        };
    }
    if let Value::Tuple(ref ts) = class
        && ts.iter().any(|t| matches!(t, Value::Object(_)))
    {
        let mut found = Value::Bool(false);
        for t in ts.iter() {
            match isinstance_call(interp, obj.clone(), t.clone())? {
                Value::Bool(true) => return Ok(Value::Bool(true)),
                Value::Bool(false) => {}
                unknown => found = unknown,
            }
        }
        return Ok(found);
    }
    if let Value::Class(ref c) = class
        && let Some((Value::Class(ref meta), _)) = c.lookup(crate::interp::call::METACLASS)
        && let Some((hook @ Value::Function(_), _)) = meta.lookup("__instancecheck__")
    {
        if interp.strict_tracing() && matches!(obj, Value::Tensor(_)) {
            return Err(interp.graph_break(
                "GB2736",
                "builtin isinstance() with custom type check on tensor",
                "",
            ));
        }
        let r = interp.call(&hook, vec![class.clone(), obj], vec![])?;
        return Ok(Value::Bool(interp.truthy(&r)?));
    }
    let r = isinstance(&obj, &class);
    // An unknown value may be an instance of anything.
    match (r, obj) {
        (false, u @ Value::Unknown(_)) => Ok(u),
        (r, _) => Ok(Value::Bool(r)),
    }
}

/// `issubclass(cls, target)`: classes by their MRO, built-in types by
/// name (`bool` is an `int`), a tuple's members, an object standing for a
/// type (`int | str`) by its class's `__subclasscheck__`.
fn is_subclass(interp: &mut Interp, cls: &Value, target: &Value) -> R<bool> {
    let builtin = |v: &Value| match v {
        Value::Builtin(b) if b.receiver.is_none() => Some(b.name.clone()),
        Value::Class(c) => c.builtin.clone(),
        _ => None,
    };
    match (cls, target) {
        (Value::Class(_), _) if builtin(target).as_deref() == Some("builtins.object") => Ok(true),
        (Value::Class(a), Value::Class(b)) => Ok(a.is_subclass_of(b)),
        (_, Value::Tuple(ts)) => {
            for t in ts.iter() {
                if is_subclass(interp, cls, t)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        (_, Value::Object(o))
            if let Some(hook) = crate::interp::attr::python_dunder(o, "__subclasscheck__") =>
        {
            let r = interp.call(&hook, vec![target.clone(), cls.clone()], vec![])?;
            interp.truthy(&r)
        }
        (Value::Builtin(_), _) => match (builtin(cls), builtin(target)) {
            (Some(a), Some(b)) => Ok(a == b
                || &*b == "builtins.object"
                || (&*a == "builtins.bool" && &*b == "builtins.int")),
            _ => Ok(false),
        },
        _ => Ok(false),
    }
}

/// `super()` without arguments: the class whose body defines the running
/// function, and that function's first argument.
fn make_super(interp: &mut Interp) -> R<Value> {
    let (class, obj) = {
        let frame = interp
            .frames
            .iter()
            .rev()
            .find(|f| f.function.is_some())
            .cloned();
        let Some(frame) = frame else {
            return Err(interp.raise("RuntimeError", "super(): no arguments"));
        };
        let func = frame.function.clone().expect("filtered above");
        let scope = frame.scope.clone();
        let first = func
            .params
            .posonly
            .iter()
            .chain(func.params.args.iter())
            .next()
            .map(|p| p.name.clone());
        let obj = match (first, scope) {
            (Some(n), Some(s)) => s.vars.borrow().get(&n).cloned().unwrap_or(Value::None),
            _ => Value::None,
        };
        let obj_class = match &obj {
            Value::Object(o) => o.class.clone(),
            Value::Class(c) => c.clone(),
            _ => return Err(interp.raise("RuntimeError", "super(): no arguments")),
        };
        // The class whose body defines the running function: on the
        // object's class's MRO, or for a class, on its metaclass's (a
        // metaclass's `__call__` calling `super().__call__`).
        let metaclass_mro = match &obj {
            Value::Class(_) => match obj_class.lookup(crate::interp::call::METACLASS) {
                Some((Value::Class(ref meta), _)) => meta.mro(),
                _ => vec![],
            },
            _ => vec![],
        };
        let defines = |c: &Rc<crate::value::Class>| {
            c.attrs.borrow().iter().any(|(_, v)| match v {
                Value::Function(f) => Rc::ptr_eq(f, &func) || same_def(f, &func),
                _ => false,
            })
        };
        // A method's qualified name starts with its class's: that class is
        // searched first, every class only when it is not the owner (a
        // function defined elsewhere and assigned in a class body).
        let named_owner = |c: &Rc<crate::value::Class>| {
            func.qualname
                .strip_prefix(&*c.qualname)
                .is_some_and(|rest| rest.starts_with('.'))
        };
        let mro: Vec<_> = obj_class.mro().into_iter().chain(metaclass_mro).collect();
        let owner = mro
            .iter()
            .find(|c| named_owner(c) && defines(c))
            .or_else(|| mro.iter().find(|c| defines(c)))
            .cloned()
            .unwrap_or(obj_class);
        (Value::Class(owner), obj)
    };
    Ok(KnownObject::SuperBound.bound(Value::tuple(vec![class, obj])))
}

fn same_def(a: &crate::value::Function, b: &crate::value::Function) -> bool {
    match (&a.body, &b.body) {
        (crate::value::FunctionBody::Def(x), crate::value::FunctionBody::Def(y)) => {
            std::sync::Arc::ptr_eq(x, y)
        }
        _ => false,
    }
}

pub fn isinstance(v: &Value, t: &Value) -> bool {
    // An instance of a dict subclass (its class derives from the
    // prelude's `dict`) is a `dict` and an `OrderedDict`.
    if let Value::Object(o) = v
        && matches!(t, Value::Builtin(b) if &*b.name == "builtins.dict")
            | matches!(t, Value::Class(c) if c.builtin.as_deref() == Some("collections.OrderedDict"))
        && o.class
            .mro()
            .iter()
            .any(|c| c.prelude_namespace == Some("exportlens.builtins"))
    {
        return true;
    }
    let prelude_abc = match t {
        Value::Class(c) if c.prelude_namespace == Some("collections.abc") => {
            Some(format!("collections.abc.{}", c.name))
        }
        _ => None,
    };
    let qualified = match t {
        Value::Class(c) => c.builtin.as_deref().or(prelude_abc.as_deref()),
        Value::Builtin(b) => Some(&*b.name),
        _ => None,
    };
    if let Some(matches) = qualified.and_then(|name| abstract_isinstance(v, name)) {
        // An instance of a class deriving from the prelude's mixin (a
        // user `Sequence`) is one by its class, as well.
        let derived = matches!((v, t), (Value::Object(o), Value::Class(c)) if prelude_abc.is_some() && o.class.is_subclass_of(c));
        return matches || derived;
    }
    match t {
        Value::Tuple(ts) => ts.iter().any(|t| isinstance(v, t)),
        Value::Class(c) => match v {
            Value::Object(o) => o.class.is_subclass_of(c),
            Value::Tensor(t) => match c.builtin.as_deref() {
                Some("torch.Tensor") => true,
                Some("torch.nn.Parameter") => {
                    *t.provenance.borrow() == crate::value::Provenance::Parameter
                }
                _ => false,
            },
            // A size torch keeps symbolic is a `torch.SymInt` (and so on).
            Value::SymInt(_) => c.builtin.as_deref() == Some("torch.SymInt"),
            Value::SymFloat(..) => c.builtin.as_deref() == Some("torch.SymFloat"),
            Value::SymBool(_) => c.builtin.as_deref() == Some("torch.SymBool"),
            Value::Int(_) => false,
            _ => c.builtin.as_deref() == Some("builtins.object"),
        },
        Value::Builtin(b) => {
            let n = b.name.strip_prefix("builtins.").unwrap_or(&b.name);
            matches!(
                (n, v),
                ("int", Value::Int(_) | Value::SymInt(_) | Value::Bool(_))
                    | ("float", Value::Float(_) | Value::SymFloat(_, _))
                    | ("bool", Value::Bool(_) | Value::SymBool(_))
                    | ("str", Value::Str(_))
                    | ("tuple", Value::Tuple(_))
                    | ("list", Value::List(_))
                    | ("dict", Value::Dict(_))
                    | ("set", Value::Set(_))
                    | ("slice", Value::Slice(_))
                    | ("NoneType", Value::None)
            )
        }
        _ => false,
    }
}

known_names! {
    /// The types whose instances the tracer keeps as values of their own
    /// kind rather than as objects of a class, by qualified name.
    pub(crate) enum NativeType {
        Type = "builtins.type",
        FunctionType = "types.FunctionType",
        LambdaType = "types.LambdaType",
        MethodType = "types.MethodType",
        BuiltinFunctionType = "types.BuiltinFunctionType",
        BuiltinMethodType = "types.BuiltinMethodType",
        ModuleType = "types.ModuleType",
        Dtype = "torch.dtype",
        Device = "torch.device",
        Partial = "functools.partial",
    }
}

known_names! {
    /// The abstract collection types of `collections.abc` and their
    /// `typing` aliases, by their name in either module.
    pub(crate) enum AbstractCollection {
        Sequence = "Sequence",
        Reversible = "Reversible",
        MutableSequence = "MutableSequence",
        List = "List",
        Tuple = "Tuple",
        Mapping = "Mapping",
        MutableMapping = "MutableMapping",
        Dict = "Dict",
        OrderedDict = "OrderedDict",
        DefaultDict = "DefaultDict",
        Set = "Set",
        AbstractSet = "AbstractSet",
        MutableSet = "MutableSet",
        FrozenSet = "FrozenSet",
        Iterator = "Iterator",
        Generator = "Generator",
        Iterable = "Iterable",
        Collection = "Collection",
        Container = "Container",
        Sized = "Sized",
        Callable = "Callable",
        Hashable = "Hashable",
    }
}

/// `isinstance` against the types of values the tracer keeps natively and
/// against the abstract collection types of `collections.abc` and their
/// `typing` aliases (`Sequence`, `Mapping`, `Iterable`, `List`...), which
/// built-in values satisfy by their kind. None when `name` is not one.
fn abstract_isinstance(v: &Value, name: &str) -> Option<bool> {
    if let Some(native) = NativeType::from_name(name) {
        return Some(native_isinstance(v, native));
    }
    if let Some(tower) = NumericTower::from_name(name) {
        return Some(numeric_isinstance(v, tower));
    }
    let short = name
        .strip_prefix("collections.abc.")
        .or_else(|| name.strip_prefix("typing."))?;
    Some(collection_isinstance(
        v,
        AbstractCollection::from_name(short)?,
    ))
}

known_names! {
    /// The abstract numeric types of `numbers`, which the built-in
    /// numbers satisfy by their kind (`bool` is an `Integral`).
    pub(crate) enum NumericTower {
        Number = "numbers.Number",
        Complex = "numbers.Complex",
        Real = "numbers.Real",
        Rational = "numbers.Rational",
        Integral = "numbers.Integral",
    }
}

/// `isinstance(v, numbers.X)`: symbolic sizes count as the numbers they
/// stand for, as `isinstance(v, int)` does here.
fn numeric_isinstance(v: &Value, tower: NumericTower) -> bool {
    let integral = matches!(
        v,
        Value::Int(_) | Value::SymInt(_) | Value::Bool(_) | Value::SymBool(_)
    );
    match tower {
        NumericTower::Integral | NumericTower::Rational => integral,
        NumericTower::Real | NumericTower::Complex | NumericTower::Number => {
            integral || matches!(v, Value::Float(_) | Value::SymFloat(_, _))
        }
    }
}

fn native_isinstance(v: &Value, native: NativeType) -> bool {
    use NativeType as N;
    match native {
        // A typing form (`typing.Optional`) is no class, though the tracer
        // keeps some as classes.
        N::Type => match v {
            Value::Class(c) => !c
                .builtin
                .as_deref()
                .is_some_and(crate::interp::typing_forms::is_typing_form),
            Value::Builtin(b) => {
                b.receiver.is_none() && crate::interp::typing_forms::is_builtin_type(&b.name)
            }
            _ => false,
        },
        N::FunctionType | N::LambdaType => matches!(v, Value::Function(_)),
        N::MethodType => matches!(v, Value::BoundMethod(_)),
        N::BuiltinFunctionType | N::BuiltinMethodType => {
            matches!(v, Value::Builtin(b) if b.receiver.is_none())
        }
        N::ModuleType => matches!(v, Value::PyModule(_)),
        N::Dtype => matches!(v, Value::DType(_)),
        N::Device => matches!(v, Value::Device(_)),
        N::Partial => matches!(v, Value::Builtin(b) if KnownObject::PartialCall.is(b)),
    }
}

fn collection_isinstance(v: &Value, collection: AbstractCollection) -> bool {
    let object_defines = |dunder: &str| match v {
        Value::Object(o) => crate::interp::attr::python_dunder(o, dunder).is_some(),
        _ => false,
    };
    let sequence = matches!(
        v,
        Value::Tuple(_) | Value::List(_) | Value::Str(_) | Value::Range(..)
    );
    let iterable = sequence
        || matches!(
            v,
            Value::Dict(_) | Value::Set(_) | Value::Iter(_) | Value::Tensor(_)
        )
        || object_defines("__iter__");
    use AbstractCollection as A;
    match collection {
        A::Sequence | A::Reversible => sequence,
        A::MutableSequence | A::List => matches!(v, Value::List(_)),
        A::Tuple => matches!(v, Value::Tuple(_)),
        A::Mapping | A::MutableMapping | A::Dict | A::OrderedDict | A::DefaultDict => {
            matches!(v, Value::Dict(_))
        }
        A::Set | A::AbstractSet | A::MutableSet | A::FrozenSet => matches!(v, Value::Set(_)),
        A::Iterator | A::Generator => matches!(v, Value::Iter(_)),
        A::Iterable | A::Collection | A::Container => iterable,
        A::Sized => iterable && !matches!(v, Value::Iter(_)) || object_defines("__len__"),
        A::Callable => {
            matches!(
                v,
                Value::Function(_) | Value::BoundMethod(_) | Value::Class(_) | Value::Builtin(_)
            ) || object_defines("__call__")
                || matches!(v, Value::Object(o) if o.module.is_some())
        }
        A::Hashable => !matches!(v, Value::List(_) | Value::Dict(_) | Value::Set(_)),
    }
}

pub(crate) fn type_of(interp: &mut Interp, v: &Value) -> Value {
    match v {
        Value::Object(o) => Value::Class(o.class.clone()),
        Value::Tensor(_) => Value::Class(interp.builtin_class("torch.Tensor")),
        Value::Int(_) | Value::SymInt(_) => Value::builtin("builtins.int"),
        Value::Float(_) | Value::SymFloat(_, _) => Value::builtin("builtins.float"),
        Value::Bool(_) | Value::SymBool(_) => Value::builtin("builtins.bool"),
        Value::Str(_) => Value::builtin("builtins.str"),
        Value::Tuple(t) if let Some(rt) = t.structseq => {
            Value::builtin(&format!("torch.return_types.{}", rt.name))
        }
        Value::Tuple(_) => Value::builtin("builtins.tuple"),
        Value::List(_) => Value::builtin("builtins.list"),
        Value::Dict(_) => Value::builtin("builtins.dict"),
        Value::Class(_) => Value::builtin("builtins.type"),
        _ => Value::builtin(&format!("builtins.{}", v.type_name())),
    }
}
