"""collections.namedtuple, written over plain classes.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is. An
instance iterates, unpacks, indexes, slices and compares like the tuple of
its fields and reads them as attributes; it is not an `isinstance` of
`tuple`.
"""


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = tuple(field_names)
    defaults = tuple(defaults) if defaults is not None else ()
    required = len(fields) - len(defaults)
    field_defaults = dict(zip(fields[required:], defaults))

    class NamedTuple:
        _fields = fields
        _field_defaults = field_defaults

        def __init__(self, *args, **kwargs):
            if len(args) > len(fields):
                raise TypeError(
                    f"{typename}() takes {len(fields)} positional arguments but {len(args)} were given"
                )
            values = list(args)
            for name in fields[len(values):]:
                if name in kwargs:
                    values.append(kwargs.pop(name))
                elif name in field_defaults:
                    values.append(field_defaults[name])
                else:
                    raise TypeError(f"{typename}() missing required argument: '{name}'")
            if kwargs:
                raise TypeError(f"{typename}() got an unexpected keyword argument '{next(iter(kwargs))}'")
            self._values = tuple(values)
            for name, value in zip(fields, values):
                setattr(self, name, value)

        def __iter__(self):
            return iter(self._values)

        def __len__(self):
            return len(self._values)

        def __getitem__(self, index):
            return self._values[index]

        def __eq__(self, other):
            return self._values == tuple(other)

        def __ne__(self, other):
            return not self == other

        def __repr__(self):
            inner = ", ".join(f"{n}={v!r}" for n, v in zip(fields, self._values))
            return f"{typename}({inner})"

        def _replace(self, **changes):
            return type(self)(*[changes.pop(n, v) for n, v in zip(fields, self._values)])

        def _asdict(self):
            return dict(zip(fields, self._values))

        @classmethod
        def _make(cls, iterable):
            return cls(*iterable)

    NamedTuple.__name__ = typename
    NamedTuple.__qualname__ = typename
    return NamedTuple
