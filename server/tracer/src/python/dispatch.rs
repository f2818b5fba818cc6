//! From a called `Value::Builtin` to what implements it: the boundary
//! where a builtin's qualified name becomes a typed identity. An unbound
//! builtin is dispatched by its top-level namespace ([`Namespace`]: a
//! builtin, a standard-library module, torch), a bound one by the object
//! it is ([`KnownObject`]) or its receiver's kind ([`Receiver`]).

use std::rc::Rc;

use crate::interp::torch_natives;
use crate::interp::{Interp, R};
use crate::python::bind::Args;
use crate::python::builtins::{self, KnownBuiltin};
use crate::python::files::{self, FilesFunction};
use crate::python::names::known_names;
use crate::python::numpy::{self, NumpyKernel};
use crate::python::objects::{self, KnownObject};
use crate::python::stdlib::copy::{self, CopyFunction};
use crate::python::stdlib::dataclasses::{self, DataclassesFunction};
use crate::python::stdlib::functools::{self, FunctoolsFunction};
use crate::python::stdlib::importlib::{self, ImportlibFunction};
use crate::python::stdlib::inspect::{self, InspectFunction};
use crate::python::stdlib::itertools::{self, ItertoolsFunction};
use crate::python::stdlib::math::{self, MathFunction};
use crate::python::stdlib::operator::{self, OperatorFunction};
use crate::python::stdlib::re;
use crate::python::stdlib::small::{self, SmallModuleFunction};
use crate::python::stdlib::types::{self, TypesFunction};
use crate::python::stdlib::typing::{self, TypingFunction};
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
        Types = "types",
        Torch = "torch",
        /// The kernels of the numpy prelude (`numpy.rs`).
        NumpyKernels = "_exportlens_numpy",
        /// The file natives of the prelude (`files.rs`).
        Files = "_exportlens_files",
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
        return call_bound(interp, name, recv, Args::new(args, kwargs));
    }
    let (namespace, rest) = name.split_once('.').unwrap_or((name, ""));
    let namespace = match Namespace::from_name(namespace) {
        Some(namespace) => namespace,
        None if name.starts_with("torch") => {
            return crate::ops::call_torch_function(interp, name, args, kwargs);
        }
        None => return Ok(crate::python::not_modelled(interp, name)),
    };
    if namespace == Namespace::Builtins
        && let Some(r) = interp.call_type_constructor(rest, &args, &kwargs)
    {
        return r;
    }
    let args = Args::new(args, kwargs);
    // A module whose functions are an enum: its file's `call`, or not
    // modelled.
    macro_rules! known {
        ($function:expr, $call:path) => {
            match $function {
                Some(function) => $call(interp, function, args),
                None => Ok(crate::python::not_modelled(interp, name)),
            }
        };
    }
    use Namespace as N;
    match namespace {
        N::Builtins => builtins::call(interp, rest, args),
        N::Unbound => call_unbound_method(interp, rest, args),
        N::Re => re::call(interp, rest, args),
        N::Typing => match TypingFunction::from_name(rest) {
            Some(function) => typing::call(interp, function, args),
            // `typing.OrderedDict()`: a generic class's form makes its class.
            None if crate::interp::typing_forms::is_typing_form(name) => {
                let mut positional = vec![Value::str(name)];
                positional.extend(args.positional);
                interp.typing_prelude_call_kw("_form_call", positional, args.keywords)
            }
            None => Ok(typing::first_argument(args)),
        },
        N::Abc | N::Warnings => Ok(typing::first_argument(args)),
        N::Math => known!(MathFunction::from_name(rest), math::call),
        N::Operator => known!(OperatorFunction::from_name(rest), operator::call),
        N::Functools => known!(FunctoolsFunction::from_name(rest), functools::call),
        N::Itertools => known!(ItertoolsFunction::from_name(rest), itertools::call),
        N::Dataclasses => known!(DataclassesFunction::from_name(rest), dataclasses::call),
        N::Copy => known!(CopyFunction::from_name(rest), copy::call),
        N::Inspect => known!(InspectFunction::from_name(rest), inspect::call),
        N::Importlib => known!(ImportlibFunction::from_name(rest), importlib::call),
        N::Types => known!(TypesFunction::from_name(rest), types::call),
        // Of `typing_extensions`, only `cast` is modelled.
        N::TypingExtensions => known!(
            TypingFunction::from_name(rest).filter(|f| *f == TypingFunction::Cast),
            typing::call
        ),
        N::Keyword | N::Enum | N::Os | N::Sys | N::Time | N::Io | N::Contextlib => {
            known!(SmallModuleFunction::from_name(name), small::call)
        }
        N::Torch => torch_natives::call_torch(interp, name, args.positional, args.keywords),
        N::NumpyKernels => known!(NumpyKernel::from_name(rest), numpy::call),
        N::Files => known!(FilesFunction::from_name(rest), files::call),
    }
}

/// Calls a builtin bound to `recv`: one of the objects the tracer makes,
/// else a method of the receiver's kind.
fn call_bound(interp: &mut Interp, name: &str, recv: &Value, args: Args) -> R<Value> {
    if let Some(object) = KnownObject::from_name(name)
        && object.is_callable()
    {
        return objects::call(interp, object, recv, args);
    }
    let (kind, method) = name.split_once('.').unwrap_or((name, ""));
    let cannot_call = |interp: &Interp| Err(interp.type_error(format!("cannot call {name}")));
    let Some(receiver) = Receiver::from_name(kind) else {
        return cannot_call(interp);
    };
    match receiver {
        Receiver::Tensor => {
            interp.call_op_by_method(method, recv.clone(), args.positional, args.keywords)
        }
        Receiver::Module => crate::module::call_native(interp, recv, method, args.positional),
        Receiver::List
        | Receiver::Tuple
        | Receiver::Dict
        | Receiver::Set
        | Receiver::Str
        | Receiver::Int
        | Receiver::Float => crate::python::methods::call(interp, kind, method, recv, args),
        Receiver::TorchOp => interp.call_op_function(method, args.positional, args.keywords),
        Receiver::Re => re::call(interp, method, args.with_receiver(recv.clone())),
        Receiver::Builtins => match KnownBuiltin::from_name(method) {
            Some(
                KnownBuiltin::ObjectGetattribute
                | KnownBuiltin::ObjectSetattr
                | KnownBuiltin::ObjectDelattr,
            ) => builtins::call(interp, method, args.with_receiver(recv.clone())),
            _ => cannot_call(interp),
        },
    }
}

/// `str.join(sep, items)`: a builtin type's method read from the type,
/// called with the receiver first.
fn call_unbound_method(interp: &mut Interp, method: &str, args: Args) -> R<Value> {
    let mut positional = args.positional.into_iter();
    let recv = positional.next().unwrap_or(Value::None);
    let kind = method.split('.').next().unwrap_or("");
    if !builtins::types::isinstance(&recv, &Value::builtin(&format!("builtins.{kind}"))) {
        return Err(interp.type_error(format!(
            "descriptor '{}' requires a '{kind}' object but received a '{}'",
            method.rsplit('.').next().unwrap_or(method),
            recv.type_name()
        )));
    }
    let bound = Value::method(method, recv);
    interp.call(&bound, positional.collect(), args.keywords)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::python::methods::{dict, list, number, set, str, tuple};
    use crate::python::stdlib::re as re_module;

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
            MathFunction,
            OperatorFunction,
            FunctoolsFunction,
            ItertoolsFunction,
            DataclassesFunction,
            CopyFunction,
            re_module::ReFunction,
            re_module::MatchMethod,
            TypingFunction,
            InspectFunction,
            ImportlibFunction,
            crate::interp::torch_natives::TorchIntrinsic,
            crate::python::stdlib::collections::CollectionsClass,
            crate::python::builtins::types::NativeType,
            crate::python::builtins::types::AbstractCollection,
            small::SmallModuleFunction,
            NumpyKernel,
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
