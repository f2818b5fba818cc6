"""The `contextvars` module: context variables read and set by model code
(a mode flag kept in a `ContextVar`).

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
One context: the variable holds its value itself. Strict export breaks
the graph on `set` and `reset` (`dynamo_breaks.rs`); non-strict runs them.
"""

_MISSING = object()


class Token:
    MISSING = _MISSING

    def __init__(self, var, old_value):
        self.var = var
        self.old_value = old_value


class ContextVar:
    def __init__(self, name, *, default=_MISSING):
        self.name = name
        self._default = default
        self._value = _MISSING

    def get(self, *default):
        if self._value is not _MISSING:
            return self._value
        if default:
            return default[0]
        if self._default is not _MISSING:
            return self._default
        raise LookupError(self)

    def set(self, value):
        token = Token(self, self._value)
        self._value = value
        return token

    def reset(self, token):
        self._value = token.old_value
