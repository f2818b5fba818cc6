"""typing's generic aliases, type variables and forward references, as
CPython 3.11 builds them.

Run by the exportlens tracer (never by CPython). The bare typing forms
(`typing.Optional`, `typing.List`, `typing.Sequence`, `typing.Literal`...)
stay the tracer's own values, which `isinstance`, dataclasses and
TypedDict recognise; subscripting one (`Interp::get_item`) calls
`_subscript` here, which builds the alias CPython builds: its
`__origin__`, `__args__`, `_name`, `__parameters__`, repr, equality,
call and `__mro_entries__` (other attributes are not forwarded to the
origin: no class here defines `__getattr__`, which would slow every
attribute read of every object). `X | Y` between types calls `_type_or`; a bare
form's `_name` and `__origin__` are `_form_attr`'s. The builtin generics
(`list[int]`) and `int | None` are `types.GenericAlias` and
`types.UnionType` (`prelude/types.py`).

The public names defined here are `typing`'s, read before the tracer's
own (`get_origin`, `get_args`, `TypeVar`, `ParamSpec`, `NewType`,
`ForwardRef`); the bare forms are not defined here.
"""

import collections
import collections.abc
import contextlib
import types
import typing

_NoneType = type(None)

# The generic versions of built-in and abstract classes
# (`_SpecialGenericAlias`): typing name -> number of parameters (-1: any).
_SPECIAL_PARAMS = {
    "Hashable": 0,
    "Awaitable": 1,
    "Coroutine": 3,
    "AsyncIterable": 1,
    "AsyncIterator": 1,
    "Iterable": 1,
    "Iterator": 1,
    "Reversible": 1,
    "Sized": 0,
    "Container": 1,
    "Collection": 1,
    "Callable": 2,
    "AbstractSet": 1,
    "MutableSet": 1,
    "Mapping": 2,
    "MutableMapping": 2,
    "Sequence": 1,
    "MutableSequence": 1,
    "ByteString": 0,
    "Tuple": -1,
    "List": 1,
    "Deque": 1,
    "Set": 1,
    "FrozenSet": 1,
    "MappingView": 1,
    "KeysView": 1,
    "ItemsView": 2,
    "ValuesView": 1,
    "ContextManager": 1,
    "AsyncContextManager": 1,
    "Dict": 2,
    "DefaultDict": 2,
    "OrderedDict": 2,
    "Counter": 1,
    "ChainMap": 2,
    "Generator": 3,
    "AsyncGenerator": 2,
    "Type": 1,
}

# Those whose alias cannot be called (`List[int]()` is a TypeError).
_NOT_INSTANTIABLE = ("Tuple", "List", "Set", "FrozenSet", "Dict", "Type")

# The special forms whose subscript wraps one type (`ClassVar[int]`).
_ONE_TYPE_FORMS = ("ClassVar", "Final", "TypeGuard", "Required", "NotRequired", "Unpack")


def _special_origin(name):
    """The runtime class a `_SpecialGenericAlias` stands for."""
    builtin = {
        "Tuple": tuple,
        "List": list,
        "Set": set,
        "FrozenSet": frozenset,
        "Dict": dict,
        "Type": type,
    }
    if name in builtin:
        return builtin[name]
    if name == "Deque":
        return collections.deque
    if name == "DefaultDict":
        return collections.defaultdict
    if name in ("OrderedDict", "Counter", "ChainMap"):
        return getattr(collections, name)
    if name == "AbstractSet":
        return collections.abc.Set
    if name == "ContextManager":
        return contextlib.AbstractContextManager
    if name == "AsyncContextManager":
        return contextlib.AbstractAsyncContextManager
    return getattr(collections.abc, name)


def _is_alias(obj):
    return isinstance(obj, (_GenericAlias, types.GenericAlias, types.UnionType))


def _type_convert(arg):
    """What a type argument becomes: None its type, a string a ForwardRef."""
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg):
    arg = _type_convert(arg)
    if type(arg) is tuple:
        raise TypeError(f"Tuple[t0, t1, ...]: each t must be a type. Got {arg!r:.100}.")
    return arg


def _type_repr(obj):
    """An argument as an alias's repr shows it."""
    if isinstance(obj, types.GenericAlias):
        return repr(obj)
    if obj is ...:
        return "..."
    if isinstance(obj, type) and not _is_alias(obj):
        module = obj.__module__
        if module == "builtins":
            return obj.__qualname__
        return f"{module}.{obj.__qualname__}"
    if isinstance(obj, types.FunctionType):
        return obj.__name__
    return repr(obj)


def _collect_parameters(args):
    """The type variables `args` hold, in first-seen order."""
    params = []
    for t in args:
        if isinstance(t, (TypeVar, ParamSpec)):
            found = (t,)
        elif _is_alias(t):
            found = t.__parameters__
        elif isinstance(t, (list, tuple)):
            found = _collect_parameters(t)
        else:
            found = ()
        for p in found:
            if p not in params:
                params.append(p)
    return tuple(params)


def _contains(items, x):
    for y in items:
        if y is x or y == x:
            return True
    return False


def _deduplicate(params):
    out = []
    for p in params:
        if not _contains(out, p):
            out.append(p)
    return tuple(out)


def _same_members(a, b):
    return all(_contains(b, x) for x in a) and all(_contains(a, y) for y in b)


def _same_args(a, b):
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if not (x is y or x == y):
            return False
    return True


def _substitute(alias, args):
    """`alias[args]` for an alias with type variables: each replaced."""
    params = alias.__parameters__
    if not params:
        raise TypeError(f"{alias!r} is not a generic class")
    if not isinstance(args, tuple):
        args = (args,)
    if len(args) != len(params):
        many = "many" if len(args) > len(params) else "few"
        raise TypeError(
            f"Too {many} arguments for {alias!r}; actual {len(args)}, expected {len(params)}"
        )
    mapping = list(zip(params, tuple(_type_convert(a) for a in args)))
    return _substitute_in(alias, mapping)


def _substitute_in(t, mapping):
    for p, v in mapping:
        if t is p:
            return v
    if _is_alias(t) and t.__parameters__:
        new = tuple(_substitute_in(a, mapping) for a in t.__args__)
        return _copy_with(t, new)
    if isinstance(t, list):
        return [_substitute_in(a, mapping) for a in t]
    return t


def _copy_with(t, args):
    if isinstance(t, types.GenericAlias):
        return types.GenericAlias(t.__origin__, args)
    if isinstance(t, types.UnionType):
        return _union_type(args)
    return t.copy_with(args)


class _GenericAlias:
    """`List[int]`, `ClassVar[int]`, `Generic[T]`: an origin and its
    arguments. `_name` is the typing name of a generic built-in or
    abstract class (`List`), None for a special form's alias."""

    def __init__(self, origin, args, name=None, inst=True):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self._inst = inst
        self.__parameters__ = _collect_parameters(args)
        if not name:
            self.__module__ = getattr(origin, "__module__", "typing")
        self.__name__ = self.__qualname__ = name or getattr(origin, "__name__", None)

    def copy_with(self, args):
        return _GenericAlias(self.__origin__, args, name=self._name, inst=self._inst)

    def __repr__(self):
        if self._name:
            name = "typing." + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ", ".join([_type_repr(a) for a in self.__args__])
        else:
            args = "()"
        return f"{name}[{args}]"

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias) or isinstance(other, _UnionGenericAlias):
            return False
        return self.__origin__ == other.__origin__ and _same_args(self.__args__, other.__args__)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __getitem__(self, args):
        return _substitute(self, args)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(
                f"Type {self._name} cannot be instantiated; use {self.__origin__.__name__}() instead"
            )
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        if self._name:
            res = [] if _contains(bases, self.__origin__) else [self.__origin__]
            later = False
            for b in bases:
                if later and (_is_alias(b) or b is typing.Generic):
                    break
                later = later or b is self
            else:
                res.append(typing.Generic)
            return tuple(res)
        origin = self.__origin__
        if origin is typing.Generic or origin is typing.Protocol:
            return (origin,)
        raise TypeError(f"Cannot subclass {self!r}")

    def __instancecheck__(self, obj):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __or__(self, other):
        return _union((self, other))

    def __ror__(self, other):
        return _union((other, self))


class _UnionGenericAlias(_GenericAlias):
    """`Union[int, str]`, `Optional[int]` (a union of two with None, named
    'Optional')."""

    def copy_with(self, args):
        return _union(args)

    def __eq__(self, other):
        if not isinstance(other, (_UnionGenericAlias, types.UnionType)):
            return False
        return _same_members(self.__args__, other.__args__)

    def __hash__(self):
        return hash(len(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return f"typing.Optional[{_type_repr(args[1])}]"
            if args[1] is _NoneType:
                return f"typing.Optional[{_type_repr(args[0])}]"
        return "typing.Union[" + ", ".join([_type_repr(a) for a in args]) + "]"

    def __instancecheck__(self, obj):
        return isinstance(obj, tuple(a for a in self.__args__ if not _is_alias(a)))

    def __subclasscheck__(self, cls):
        return any(issubclass(cls, a) for a in self.__args__ if not _is_alias(a))

    def __mro_entries__(self, bases):
        raise TypeError(f"Cannot subclass {self!r}")


class _CallableGenericAlias(_GenericAlias):
    """`Callable[[int], str]`: the parameter types then the result, flat."""

    def copy_with(self, args):
        return _CallableGenericAlias(self.__origin__, args, name=self._name, inst=self._inst)

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and _is_param_expr(args[0]):
            return super().__repr__()
        params = ", ".join([_type_repr(a) for a in args[:-1]])
        return f"typing.Callable[[{params}], {_type_repr(args[-1])}]"


class _LiteralGenericAlias(_GenericAlias):
    """`Literal[1, 'a']`: its arguments are values."""

    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return False
        return _same_members(_value_and_type(self.__args__), _value_and_type(other.__args__))

    def __hash__(self):
        return hash(len(self.__args__))


class _AnnotatedAlias(_GenericAlias):
    """`Annotated[int, meta]`: the type, and the metadata beside it."""

    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        super().__init__(origin, origin)
        self.__metadata__ = metadata
        self.__name__ = self.__qualname__ = "Annotated"

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        meta = ", ".join([repr(a) for a in self.__metadata__])
        return f"typing.Annotated[{_type_repr(self.__origin__)}, {meta}]"

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return False
        return self.__origin__ == other.__origin__ and _same_args(
            self.__metadata__, other.__metadata__
        )

    def __hash__(self):
        return hash(len(self.__metadata__))

    def __mro_entries__(self, bases):
        return (self.__origin__,)


def _is_param_expr(arg):
    return arg is ... or isinstance(arg, (tuple, list, ParamSpec))


def _value_and_type(args):
    return [(a, type(a)) for a in args]


def _union(params):
    """`Union[params]`: flattened, deduplicated, None as its type; one
    member is itself."""
    if params == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(params, tuple):
        params = (params,)
    flat = []
    for p in params:
        p = _type_check(p)
        if isinstance(p, (_UnionGenericAlias, types.UnionType)):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    params = _deduplicate(flat)
    if len(params) == 1:
        return params[0]
    if len(params) == 2 and _NoneType in params:
        return _UnionGenericAlias(typing.Union, params, name="Optional")
    return _UnionGenericAlias(typing.Union, params)


def _literal(params):
    if not isinstance(params, tuple):
        params = (params,)
    flat = []
    for p in params:
        if isinstance(p, _LiteralGenericAlias):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    kept = []
    seen = []
    for p in flat:
        key = (p, type(p))
        if not _contains(seen, key):
            seen.append(key)
            kept.append(p)
    return _LiteralGenericAlias(typing.Literal, tuple(kept))


def _callable(origin, params):
    if not isinstance(params, tuple) or len(params) != 2:
        raise TypeError("Callable must be used as Callable[[arg, ...], result].")
    args, result = params
    result = _type_check(result)
    if args is ... or isinstance(args, ParamSpec):
        return _CallableGenericAlias(origin, (args, result), name="Callable")
    if not isinstance(args, (list, tuple)):
        raise TypeError(
            f"Callable[args, result]: args must be a list. Got {args!r:.100}."
        )
    args = tuple(_type_convert(a) for a in args)
    return _CallableGenericAlias(origin, args + (result,), name="Callable")


def _special_generic(name, params):
    origin = _special_origin(name)
    if name == "Callable":
        return _callable(origin, params)
    inst = name not in _NOT_INSTANTIABLE
    if name == "Tuple":
        if params == ():
            return _GenericAlias(origin, (), name=name, inst=inst)
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) == 2 and params[1] is ...:
            return _GenericAlias(origin, (_type_check(params[0]), ...), name=name, inst=inst)
        return _GenericAlias(
            origin, tuple(_type_check(p) for p in params), name=name, inst=inst
        )
    if not isinstance(params, tuple):
        params = (params,)
    params = tuple(_type_check(p) for p in params)
    expected = _SPECIAL_PARAMS[name]
    if expected == 0:
        raise TypeError(f"typing.{name} is not a generic class")
    if len(params) != expected:
        many = "many" if len(params) > expected else "few"
        raise TypeError(
            f"Too {many} arguments for typing.{name}; actual {len(params)}, expected {expected}"
        )
    return _GenericAlias(origin, params, name=name, inst=inst)


def _subscript(form, qualname, params):
    """`form[params]` for a typing form or a generic class the tracer keeps
    as its own value, `qualname` its qualified name (`typing.List`,
    `builtins.list`, `collections.abc.Sequence`)."""
    module, _, name = qualname.rpartition(".")
    if module not in ("typing", "typing_extensions"):
        return types.GenericAlias(form, params)
    if name == "Union":
        return _union(params)
    if name == "Optional":
        return _union((_type_check(params), _NoneType))
    if name == "Literal":
        return _literal(params)
    if name in _ONE_TYPE_FORMS:
        return _GenericAlias(getattr(typing, name), (_type_check(params),))
    if name == "Annotated":
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError(
                "Annotated[...] should be used with at least two arguments "
                "(a type and an annotation)."
            )
        return _AnnotatedAlias(_type_check(params[0]), tuple(params[1:]))
    if name in ("Generic", "Protocol"):
        if not isinstance(params, tuple):
            params = (params,)
        return _GenericAlias(getattr(typing, name), params)
    if name in _SPECIAL_PARAMS:
        return _special_generic(name, params)
    return form


def _form_call(qualname, *args, **kwargs):
    """`form(*args)` of a bare typing form: a generic class's form makes its
    class (`typing.OrderedDict()`); any other gives its first argument, as
    the tracer's unmodelled typing functions do."""
    name = qualname.rpartition(".")[2]
    if name in _SPECIAL_PARAMS and name != "Callable":
        origin = _special_origin(name)
        if name in _NOT_INSTANTIABLE:
            raise TypeError(
                f"Type {name} cannot be instantiated; use {origin.__name__}() instead"
            )
        return origin(*args, **kwargs)
    return args[0] if args else None


def _form_attr(form, qualname, attr):
    """`form.attr` of a bare typing form: `_name`, and a generic class's
    `__origin__` (`typing.List.__origin__` is `list`)."""
    name = qualname.rpartition(".")[2]
    special = name in _SPECIAL_PARAMS
    if attr == "_name" and (special or name in _SPECIAL_FORMS):
        return name
    if attr == "__origin__" and special:
        return _special_origin(name)
    if attr == "_nparams" and special:
        return _SPECIAL_PARAMS[name]
    raise AttributeError(f"'{qualname}' has no attribute '{attr}'")


# The forms that are `_SpecialForm`s (their `_name` is theirs).
_SPECIAL_FORMS = (
    "Union",
    "Optional",
    "Literal",
    "ClassVar",
    "Final",
    "TypeGuard",
    "Required",
    "NotRequired",
    "Unpack",
    "Annotated",
    "Concatenate",
    "NoReturn",
    "Never",
    "Self",
    "LiteralString",
    "TypeAlias",
)


def _unionable(x):
    """What `type.__or__` takes: None, a class, a builtin generic alias or
    a union of them (not a typing form)."""
    if x is None or isinstance(x, (types.GenericAlias, types.UnionType)):
        return True
    if _is_alias(x) or isinstance(x, (TypeVar, ParamSpec, ForwardRef)):
        return False
    if not isinstance(x, type):
        return False
    return getattr(x, "__module__", None) != "typing" or x is typing.Generic


def _union_type(members):
    flat = []
    for m in members:
        if m is None:
            m = _NoneType
        if isinstance(m, types.UnionType):
            flat.extend(m.__args__)
        else:
            flat.append(m)
    members = _deduplicate(flat)
    if len(members) == 1:
        return members[0]
    return types.UnionType(members)


# `A | B` of two classes (or None), kept: library code builds the same small
# unions in loops (`isinstance(v, list | tuple)` per item), and a union is
# immutable, so sharing one is indistinguishable but for identity.
_CLASS_UNIONS = {}


def _type_or(left, right):
    """`left | right` between types: a `types.UnionType` when both are
    classes (or None, or builtin generic aliases), else `typing.Union`."""
    try:
        kept = _CLASS_UNIONS.get((left, right))
    except TypeError:
        kept = None
    if kept is not None:
        return kept
    if _unionable(left) and _unionable(right):
        if (left is None or isinstance(left, type)) and (right is None or isinstance(right, type)):
            union = _union_type((left, right))
            _CLASS_UNIONS[(left, right)] = union
            return union
        return _union_type((left, right))
    if isinstance(left, str) or isinstance(right, str):
        raise TypeError(
            f"unsupported operand type(s) for |: '{type(left).__name__}' and '{type(right).__name__}'"
        )
    return _union((left, right))


class TypeVar:
    """`TypeVar('T')`: a type variable, shown `~T`."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        if constraints and bound is not None:
            raise TypeError("Constraints cannot be combined with bound=...")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        self.__name__ = name
        self.__constraints__ = tuple(_type_check(c) for c in constraints)
        self.__bound__ = None if bound is None else _type_check(bound)
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__

    def __or__(self, other):
        return _union((self, other))

    def __ror__(self, other):
        return _union((other, self))


class ParamSpec:
    """`ParamSpec('P')`: the parameters of a callable, shown `~P`."""

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__bound__ = None if bound is None else _type_check(bound)
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.args = _ParamSpecPart(self, "args")
        self.kwargs = _ParamSpecPart(self, "kwargs")

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__

    def __or__(self, other):
        return _union((self, other))

    def __ror__(self, other):
        return _union((other, self))


class _ParamSpecPart:
    def __init__(self, origin, part):
        self.__origin__ = origin
        self._part = part

    def __repr__(self):
        return f"{self.__origin__.__name__}.{self._part}"


class NewType:
    """`NewType('UserId', int)`: calling it gives its argument."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if "." in name:
            name = name.rpartition(".")[-1]
        self.__name__ = name
        self.__supertype__ = tp

    def __call__(self, x):
        return x

    def __repr__(self):
        return f"{self.__module__}.{self.__qualname__}"

    def __or__(self, other):
        return _union((self, other))

    def __ror__(self, other):
        return _union((other, self))


class ForwardRef:
    """A type written as a string (`Optional['Tensor']`), evaluated by
    `_eval_type` in the namespace given."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f"Forward reference must be a string -- got {arg!r}")
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns, recursive_guard=()):
        if self.__forward_arg__ in recursive_guard:
            return self
        if globalns is None and localns is None:
            globalns = localns = {}
        elif globalns is None:
            globalns = localns
        elif localns is None:
            localns = globalns
        value = _type_check(eval(self.__forward_arg__, globalns, localns))
        self.__forward_value__ = _eval_type(
            value, globalns, localns, tuple(recursive_guard) + (self.__forward_arg__,)
        )
        self.__forward_evaluated__ = True
        return self.__forward_value__

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return False
        if self.__forward_evaluated__ and other.__forward_evaluated__:
            return (
                self.__forward_arg__ == other.__forward_arg__
                and self.__forward_value__ == other.__forward_value__
            )
        return (
            self.__forward_arg__ == other.__forward_arg__
            and self.__forward_module__ == other.__forward_module__
        )

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __repr__(self):
        if self.__forward_module__ is None:
            module_repr = ""
        else:
            module_repr = f", module={self.__forward_module__!r}"
        return f"ForwardRef({self.__forward_arg__!r}{module_repr})"

    def __or__(self, other):
        return _union((self, other))

    def __ror__(self, other):
        return _union((other, self))


def _eval_type(t, globalns, localns, recursive_guard=()):
    """A type with its forward references evaluated in the namespaces
    given, inside aliases too; anything else as it is."""
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns, recursive_guard)
    if not _is_alias(t):
        return t
    args = t.__args__
    if isinstance(t, types.GenericAlias):
        args = tuple(ForwardRef(a) if isinstance(a, str) else a for a in args)
    evaluated = tuple(_eval_type(a, globalns, localns, recursive_guard) for a in args)
    if _same_args(evaluated, t.__args__):
        return t
    if isinstance(t, types.GenericAlias):
        return types.GenericAlias(t.__origin__, evaluated)
    if isinstance(t, types.UnionType):
        return _union_type(evaluated)
    return t.copy_with(evaluated)


def _is_bare_special(tp):
    """The typing name of a bare generic class form (`typing.List`), else
    None."""
    if _is_alias(tp) or getattr(tp, "__module__", None) != "typing":
        return None
    name = getattr(tp, "__name__", None)
    if name in _SPECIAL_PARAMS and getattr(typing, name) is tp:
        return name
    return None


def get_origin(tp):
    """The unsubscripted version of a type: `list` for `List[int]`,
    `typing.Union` for `Optional[int]`, `types.UnionType` for `int | None`;
    None for a plain class."""
    if isinstance(tp, _AnnotatedAlias):
        return typing.Annotated
    if isinstance(tp, (_GenericAlias, types.GenericAlias)):
        return tp.__origin__
    if isinstance(tp, types.UnionType):
        return types.UnionType
    if tp is typing.Generic:
        return typing.Generic
    name = _is_bare_special(tp)
    if name is not None:
        return _special_origin(name)
    return None


def get_args(tp):
    """A type's arguments, with `Callable`'s parameters as a list; () for a
    plain class."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (_GenericAlias, types.GenericAlias)):
        res = tp.__args__
        if (
            tp.__origin__ is collections.abc.Callable
            and not (len(res) == 2 and _is_param_expr(res[0]))
        ):
            res = (list(res[:-1]), res[-1])
        return res
    if isinstance(tp, types.UnionType):
        return tp.__args__
    return ()
