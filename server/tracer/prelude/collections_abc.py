"""collections.abc's mapping mixins, written over the abstract methods.

Run by the exportlens tracer (never by CPython). A class deriving from
`Mapping` defines `__getitem__`, `__iter__` and `__len__` and gets the
rest as CPython's mixins give it; `MutableMapping` adds what follows from
`__setitem__` and `__delitem__`.
"""

_MISSING = object()


class Mapping:
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return [key for key in self]

    def items(self):
        return [(key, self[key]) for key in self]

    def values(self):
        return [self[key] for key in self]


class MutableMapping(Mapping):
    def pop(self, key, default=_MISSING):
        try:
            value = self[key]
        except KeyError:
            if default is _MISSING:
                raise
            return default
        del self[key]
        return value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default

    def update(self, other=(), **kwargs):
        if isinstance(other, dict) or isinstance(other, Mapping):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwargs.items():
            self[key] = value

    def clear(self):
        for key in list(self):
            del self[key]
