//! From a called `Value::Builtin` to what implements it: the boundary
//! where a builtin's qualified name becomes a typed identity. An unbound
//! builtin is dispatched by its top-level namespace ([`Namespace`]: a
//! builtin, a standard-library module, torch), a bound one by the object
//! it is ([`KnownObject`]) or its receiver's kind ([`Receiver`]).

use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::builtins::{self, KnownBuiltin};
use crate::python::names::known_names;
use crate::python::objects::{self, KnownObject};
use crate::python::stdlib::{
    copy, dataclasses, functools, importlib, inspect, itertools, math, operator, re, small, typing,
};
use crate::value::{Builtin, Value};

known_names! {
    /// The top-level namespace of an unbound builtin's qualified name.
    pub enum Namespace {
        Builtins = "builtins",
        /// A builtin type's method read from the type (`str.join`).
        Unbound = "unbound",
        Math = "math",
        Operator = "operator",
        Functools = "functools",
        Itertools = "itertools",
        Dataclasses = "dataclasses",
        Copy = "copy",
        Re = "re",
        Typing = "typing",
        TypingExtensions = "typing_extensions",
        Abc = "abc",
        Warnings = "warnings",
        Inspect = "inspect",
        Importlib = "importlib",
        Keyword = "keyword",
        Enum = "enum",
        Os = "os",
        Sys = "sys",
        Time = "time",
        Io = "io",
        Contextlib = "contextlib",
        Torch = "torch",
    }
}

known_names! {
    /// The kind of a bound builtin's receiver: its name's first part
    /// (`list.append`, `tensor.view`).
    pub enum Receiver {
        Tensor = "tensor",
        /// A native method of `nn.Module`'s storage (`module.rs`).
        Module = "module",
        List = "list",
        Tuple = "tuple",
        Dict = "dict",
        Set = "set",
        Str = "str",
        Int = "int",
        Float = "float",
        /// A torch op function bound to nothing but its name.
        TorchOp = "torchop",
        /// A compiled pattern's or a match's method (`re.Pattern.split`).
        Re = "re",
        /// `object`'s raw attribute protocol bound to an instance.
        Builtins = "builtins",
    }
}

/// Calls the builtin `b`.
pub fn call_builtin(
    interp: &mut Interp,
    b: Rc<Builtin>,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let name: &str = &b.name;
    if let Some(recv) = &b.receiver {
        return call_bound(interp, name, recv, args, kwargs);
    }
    let (namespace, rest) = name.split_once('.').unwrap_or((name, ""));
    let Some(namespace) = Namespace::from_name(namespace) else {
        if name.starts_with("torch") {
            return crate::ops::call_torch_function(interp, name, args, kwargs);
        }
        return Ok(crate::python::not_modelled(interp, name));
    };
    use Namespace as N;
    match namespace {
        N::Builtins => match interp.call_type_constructor(rest, &args, &kwargs) {
            Some(r) => r,
            None => builtins::call(interp, rest, args, kwargs),
        },
        N::Unbound => call_unbound_method(interp, rest, args, kwargs),
        N::Math => math::call(interp, rest, args, kwargs),
        N::Operator => operator::call(interp, rest, args, kwargs),
        N::Functools => functools::call(interp, rest, args, kwargs),
        N::Itertools => itertools::call(interp, rest, args, kwargs),
        N::Dataclasses => dataclasses::call(interp, rest, args, kwargs),
        N::Copy => copy::call(interp, rest, args, kwargs),
        N::Re => re::call(interp, rest, args, kwargs),
        N::Typing => typing::call(interp, rest, args, kwargs, false),
        N::TypingExtensions => typing::call(interp, rest, args, kwargs, true),
        N::Abc | N::Warnings => Ok(typing::first_argument(args)),
        N::Inspect => inspect::call(interp, rest, args, kwargs),
        N::Importlib => importlib::call(interp, rest, args, kwargs),
        N::Keyword => small::call_keyword(interp, rest, args, kwargs),
        N::Enum => small::call_enum(interp, rest, args, kwargs),
        N::Os => small::call_os(interp, rest, args, kwargs),
        N::Sys => small::call_sys(interp, rest, args, kwargs),
        N::Time => small::call_time(interp, rest, args, kwargs),
        N::Io | N::Contextlib => small::call_context_class(interp, name, args, kwargs),
        N::Torch => crate::interp::torch_natives::call_torch(interp, name, args, kwargs),
    }
}

/// Calls a builtin bound to `recv`: one of the objects the tracer makes,
/// else a method of the receiver's kind.
fn call_bound(
    interp: &mut Interp,
    name: &str,
    recv: &Value,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if let Some(object) = KnownObject::from_name(name)
        && object.is_callable()
    {
        return objects::call(interp, object, recv, args, kwargs);
    }
    let (kind, method) = name.split_once('.').unwrap_or((name, ""));
    let cannot_call = |interp: &Interp| Err(interp.type_error(format!("cannot call {name}")));
    let Some(receiver) = Receiver::from_name(kind) else {
        return cannot_call(interp);
    };
    match receiver {
        Receiver::Tensor => interp.call_op_by_method(method, recv.clone(), args, kwargs),
        Receiver::Module => crate::module::call_native(interp, recv, method, args),
        Receiver::List
        | Receiver::Tuple
        | Receiver::Dict
        | Receiver::Set
        | Receiver::Str
        | Receiver::Int
        | Receiver::Float => crate::python::methods::call(interp, kind, method, recv, args, kwargs),
        Receiver::TorchOp => interp.call_op_function(method, args, kwargs),
        Receiver::Re => re::call(interp, method, with_receiver(recv, args), kwargs),
        Receiver::Builtins => match KnownBuiltin::from_name(method) {
            Some(
                KnownBuiltin::ObjectGetattribute
                | KnownBuiltin::ObjectSetattr
                | KnownBuiltin::ObjectDelattr,
            ) => builtins::call(interp, method, with_receiver(recv, args), kwargs),
            _ => cannot_call(interp),
        },
    }
}

/// `recv` followed by `args`.
fn with_receiver(recv: &Value, args: Vec<Value>) -> Vec<Value> {
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(recv.clone());
    all.extend(args);
    all
}

/// `str.join(sep, items)`: a builtin type's method read from the type,
/// called with the receiver first.
fn call_unbound_method(
    interp: &mut Interp,
    method: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let mut args = args.into_iter();
    let recv = args.next().unwrap_or(Value::None);
    let kind = method.split('.').next().unwrap_or("");
    if !builtins::types::isinstance(&recv, &Value::builtin(&format!("builtins.{kind}"))) {
        return Err(interp.type_error(format!(
            "descriptor '{}' requires a '{kind}' object but received a '{}'",
            method.rsplit('.').next().unwrap_or(method),
            recv.type_name()
        )));
    }
    let bound = Value::method(method, recv);
    interp.call(&bound, args.collect(), kwargs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::python::methods::{dict, list, number, set, str, tuple};
    use crate::python::stdlib::{inspect, re as re_module, small};

    /// Every table maps each name back to its variant: no name is spelled
    /// twice.
    fn round_trip<T: Copy + PartialEq + std::fmt::Debug>(
        all: &[T],
        name: fn(T) -> &'static str,
        from_name: fn(&str) -> Option<T>,
    ) {
        for v in all {
            assert_eq!(from_name(name(*v)), Some(*v), "{}", name(*v));
        }
    }

    #[test]
    fn every_name_table_round_trips() {
        macro_rules! check {
            ($($t:ty),* $(,)?) => {
                $(round_trip(<$t>::ALL, <$t>::name, <$t>::from_name);)*
            };
        }
        check!(
            Namespace,
            Receiver,
            KnownBuiltin,
            KnownObject,
            math::MathFunction,
            operator::OperatorFunction,
            functools::FunctoolsFunction,
            itertools::ItertoolsFunction,
            dataclasses::DataclassesFunction,
            copy::CopyFunction,
            re_module::ReFunction,
            re_module::MatchMethod,
            typing::TypingFunction,
            inspect::InspectFunction,
            importlib::ImportlibFunction,
            small::KeywordFunction,
            small::TimeFunction,
            small::ContextClass,
            list::ListMethod,
            tuple::TupleMethod,
            dict::DictMethod,
            set::SetMethod,
            str::StrMethod,
            number::IntMethod,
            number::FloatMethod,
        );
    }
}
