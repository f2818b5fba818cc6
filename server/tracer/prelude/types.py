"""types.GenericAlias (`list[int]`) and types.UnionType (`int | None`), as
CPython 3.11 builds them.

Run by the exportlens tracer (never by CPython). Subscripting a builtin
class the tracer keeps as its own value (`list`, `dict`, `tuple`, `type`,
`collections.OrderedDict`, `collections.abc.Sequence`...) makes a
`GenericAlias` (`prelude/typing.py`'s `_subscript`); `X | Y` between
classes makes a `UnionType` (`_type_or` there). The rest of `types` is the
tracer's own.
"""


def _repr_item(p):
    if p is ...:
        return "..."
    if isinstance(p, GenericAlias) or isinstance(p, UnionType):
        return repr(p)
    if hasattr(p, "__origin__") and hasattr(p, "__args__"):
        return repr(p)
    if isinstance(p, type):
        module = p.__module__
        if module == "builtins":
            return p.__qualname__
        return f"{module}.{p.__qualname__}"
    return repr(p)


class GenericAlias:
    """`list[int]`: the class and its arguments, with the class's
    `__module__`, `__name__` and `__qualname__` (CPython forwards every
    other attribute read to the class too; not modelled)."""

    def __init__(self, origin, args):
        import typing

        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self.__parameters__ = typing._collect_parameters(args)
        self.__module__ = getattr(origin, "__module__", "builtins")
        self.__name__ = getattr(origin, "__name__", None)
        self.__qualname__ = getattr(origin, "__qualname__", None)

    def __repr__(self):
        if self.__args__:
            args = ", ".join([_repr_item(a) for a in self.__args__])
        else:
            args = "()"
        return f"{_repr_item(self.__origin__)}[{args}]"

    def __eq__(self, other):
        import typing

        if not isinstance(other, GenericAlias):
            return False
        return self.__origin__ == other.__origin__ and typing._same_args(
            self.__args__, other.__args__
        )

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(len(self.__args__))

    def __getitem__(self, args):
        import typing

        return typing._substitute(self, args)

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError("isinstance() argument 2 cannot be a parameterized generic")

    def __subclasscheck__(self, cls):
        raise TypeError("issubclass() argument 2 cannot be a parameterized generic")

    def __or__(self, other):
        import typing

        return typing._type_or(self, other)

    def __ror__(self, other):
        import typing

        return typing._type_or(other, self)


class UnionType:
    """`int | None`: its members, None as its type."""

    def __init__(self, args):
        import typing

        self.__args__ = args
        self.__parameters__ = typing._collect_parameters(args)
        self._checked = tuple(a for a in args if not isinstance(a, GenericAlias))

    def __repr__(self):
        none = type(None)
        return " | ".join(["None" if a is none else _repr_item(a) for a in self.__args__])

    def __eq__(self, other):
        import typing

        if not isinstance(other, (UnionType, typing._UnionGenericAlias)):
            return False
        return typing._same_members(self.__args__, other.__args__)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(len(self.__args__))

    def __getitem__(self, args):
        import typing

        return typing._substitute(self, args)

    def __instancecheck__(self, obj):
        return isinstance(obj, self._checked)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self._checked)

    def __or__(self, other):
        import typing

        return typing._type_or(self, other)

    def __ror__(self, other):
        import typing

        return typing._type_or(other, self)
