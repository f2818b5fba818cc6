"""Python builtins the tracer writes in Python: the base a class deriving
from `dict` or `OrderedDict` gets, the file `open()` returns, `bytearray`,
`io.StringIO`, `contextlib.ExitStack`, the coroutine an `async def`
gives and the string strict export formats from a tensor.

Run by the exportlens tracer (never by CPython). A dict instance keeps its
items in a plain dict (created on first use, so a dataclass-generated
`__init__` that never calls the base still has one), and every dict method
and operator works on it; a subclass overrides any of them and reaches
these through `super()`, as with CPython's `dict`.
"""


class dict:
    def _exportlens_items(self):
        try:
            return object.__getattribute__(self, "_exportlens_data")
        except AttributeError:
            data = {}
            object.__setattr__(self, "_exportlens_data", data)
            return data

    def __init__(self, *args, **kwargs):
        self._exportlens_items().update(*args, **kwargs)

    def __getitem__(self, key):
        return self._exportlens_items()[key]

    def __setitem__(self, key, value):
        self._exportlens_items()[key] = value

    def __delitem__(self, key):
        del self._exportlens_items()[key]

    def __contains__(self, key):
        return key in self._exportlens_items()

    def __iter__(self):
        return iter(self._exportlens_items())

    def __len__(self):
        return len(self._exportlens_items())

    def __eq__(self, other):
        if isinstance(other, dict):
            return self._exportlens_items() == dict(other.items())
        return self._exportlens_items() == other

    def keys(self):
        return self._exportlens_items().keys()

    def values(self):
        return self._exportlens_items().values()

    def items(self):
        return self._exportlens_items().items()

    def get(self, key, default=None):
        return self._exportlens_items().get(key, default)

    def pop(self, key, *default):
        return self._exportlens_items().pop(key, *default)

    def setdefault(self, key, default=None):
        return self._exportlens_items().setdefault(key, default)

    def update(self, *args, **kwargs):
        self._exportlens_items().update(*args, **kwargs)

    def copy(self):
        return self._exportlens_items().copy()

    def clear(self):
        self._exportlens_items().clear()

    def move_to_end(self, key, last=True):
        items = self._exportlens_items()
        value = items.pop(key)
        if last:
            items[key] = value
        else:
            rest = list(items.items())
            items.clear()
            items[key] = value
            items.update(rest)


class _File:
    """What `open()` returns: the analysis never touches the file system.
    Writes are accepted and dropped; reads give empty text."""

    def __init__(self, file, mode="r", *args, **kwargs):
        self.name = file
        self.mode = mode
        self.closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.closed = True
        return False

    def write(self, text):
        return len(text)

    def writelines(self, lines):
        return None

    def read(self, *args):
        return ""

    def readline(self, *args):
        return ""

    def readlines(self, *args):
        return []

    def flush(self):
        return None

    def close(self):
        self.closed = True

    def __iter__(self):
        return iter([])


# `sys.stdout` and `sys.stderr`: streams whose writes are dropped.
_stdout = _File("<stdout>", "w")
_stderr = _File("<stderr>", "w")


class _StringIO(_File):
    """`io.StringIO`: a file whose text is kept in memory."""

    def __init__(self, initial_value="", newline="\n"):
        super().__init__("<StringIO>", "w+")
        self._text = initial_value or ""

    def write(self, text):
        self._text = self._text + text
        return len(text)

    def read(self, *args):
        return self._text

    def getvalue(self):
        return self._text


class _ExitStack:
    """`contextlib.ExitStack`: contexts entered through it exit with it, in
    reverse order."""

    def __init__(self):
        self._exits = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def enter_context(self, cm):
        enter = getattr(cm, "__enter__", None)
        if enter is None:
            # torch's grad modes are native objects here, which a `with`
            # enters as no-ops too. Dynamo enters them only in a `with`:
            # calling their `__enter__` is calling a function it skips.
            import torch

            if isinstance(cm, (torch.no_grad, torch.enable_grad, torch.inference_mode)):
                torch._exportlens_graph_break("GB0007")
            return None
        result = enter()
        self._exits.append(cm.__exit__)
        return result

    def push(self, exit):
        self._exits.append(exit)
        return exit

    def callback(self, callback, *args, **kwds):
        self._exits.append(lambda *exc: callback(*args, **kwds))
        return callback

    def pop_all(self):
        new = _ExitStack()
        new._exits = self._exits
        self._exits = []
        return new

    def close(self):
        while self._exits:
            self._exits.pop()(None, None, None)


class coroutine:
    """What calling an `async def` function gives: its body ran when it was
    called (nothing else runs in between in `forward`); driving it by hand
    finishes with the body's value."""

    def __init__(self, value):
        self._value = value
        self._done = False

    def send(self, value):
        if self._done:
            raise RuntimeError("cannot reuse already awaited coroutine")
        self._done = True
        raise StopIteration(self._value)

    def close(self):
        self._done = True


class _FormattedString:
    """An f-string over a tensor's value in strict export: Dynamo keeps it
    unformatted (printing and logging it work), so it has no length and
    no characters."""

    def __init__(self, text):
        self._text = text

    def __str__(self):
        return self._text

    def __repr__(self):
        return repr(self._text)

    def __len__(self):
        raise TypeError("object of type 'StringFormatVariable' has no len()")


class bytearray:
    """`bytearray`: a mutable sequence of ints in range(256). Bytes are
    text of one char per byte to the tracer, so a `str` source without an
    encoding is taken as bytes. Dynamo has no item assignment for a
    bytearray: strict export breaks there (GB7786)."""

    def __init__(self, source=None, encoding=None, errors=None):
        if source is None:
            items = []
        elif isinstance(source, int):
            if source < 0:
                raise ValueError("negative count")
            items = [0] * source
        elif isinstance(source, str):
            items = [ord(c) for c in source]
            for b in items:
                if b > 255:
                    if encoding is None:
                        raise TypeError("string argument without an encoding")
                    raise ValueError("characters past latin-1 are not modelled")
        else:
            items = [_byte(b) for b in source]
        self._items = items

    @classmethod
    def fromhex(cls, string):
        return cls(_fromhex(string))

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, item):
        if isinstance(item, int):
            return item in self._items
        return str(item) in self.decode("latin-1")

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._items[index])
        return self._items[index]

    def __setitem__(self, index, value):
        import torch

        torch._exportlens_graph_break("GB7786")
        if isinstance(index, slice):
            self._items[index] = [_byte(b) for b in value]
        else:
            self._items[index] = _byte(value)

    def __eq__(self, other):
        if isinstance(other, (bytearray, str)):
            return self._items == list(bytearray(other))
        return False

    def __add__(self, other):
        return bytearray(self._items + list(bytearray(other)))

    def __repr__(self):
        return "bytearray(" + repr(bytes(self._items)) + ")"

    def append(self, item):
        self._items.append(_byte(item))

    def extend(self, items):
        self._items.extend(list(bytearray(items)))

    def pop(self, index=-1):
        return self._items.pop(index)

    def copy(self):
        return bytearray(self._items)

    def decode(self, encoding="utf-8", errors="strict"):
        return "".join(chr(b) for b in self._items)

    def hex(self):
        return "".join("0123456789abcdef"[b // 16] + "0123456789abcdef"[b % 16] for b in self._items)


def _byte(value):
    if not isinstance(value, int):
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
    if value < 0 or value > 255:
        raise ValueError("byte must be in range(0, 256)")
    return value


def _fromhex(string):
    """`bytes.fromhex`: the byte values of pairs of hex digits, spaces
    between pairs allowed."""
    digits = "0123456789abcdef"
    out = []
    i = 0
    text = string.lower()
    while i < len(text):
        if text[i] in " \t\n\r\f\v":
            i += 1
            continue
        hi = digits.find(text[i])
        lo = digits.find(text[i + 1]) if i + 1 < len(text) else -1
        if hi < 0 or lo < 0:
            raise ValueError(
                f"non-hexadecimal number found in fromhex() arg at position {i if hi < 0 else i + 1}"
            )
        out.append(hi * 16 + lo)
        i += 2
    return out
