"""collections.abc's mapping and sequence mixins, written over the
abstract methods.

Run by the exportlens tracer (never by CPython). A class deriving from
`Mapping` defines `__getitem__`, `__iter__` and `__len__` and gets the
rest as CPython's mixins give it; `MutableMapping` adds what follows from
`__setitem__` and `__delitem__`. A `Sequence` defines `__getitem__` (by
index, raising IndexError past the end) and `__len__`.
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


class Sequence:
    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if stop is None:
            stop = len(self)
        for i in range(start, stop):
            v = self[i]
            if v is value or v == value:
                return i
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)
