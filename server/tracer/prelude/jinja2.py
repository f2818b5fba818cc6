"""`jinja2` for the exportlens tracer: the part of Jinja 3.1 that libraries
use to write Python source from templates (torch_geometric's `propagate`).

Run by the exportlens tracer (never by CPython on user code). A template
is cut into text and tags with `partition` (the source is never indexed
character by character), each tag's expression is tokenized with
`replace`/`split`, parsed with Jinja's grammar and translated to a Python
expression, and all of a template's expressions become lambdas with one
`eval`; parses are cached by source. Rendering follows Jinja: whitespace
control (`-`, `+`, `trim_blocks`, `lstrip_blocks`), the dropped trailing
newline, `str()` of values, `Undefined` for missing names and attributes,
scoping of `for` and `set`. Not modelled: autoescaping (always off),
macros, `call`, template inheritance (`extends`, `block`), `import`,
recursive loops and extensions; a template using one of those tags is a
`TemplateSyntaxError`.
"""

try:
    from _exportlens_files import read_text as _read_text
except ImportError:
    def _read_text(path):
        with open(path, encoding="utf-8") as f:
            return f.read()


# Exceptions ##################################################################


class TemplateError(Exception):
    """The base of Jinja's exceptions."""

    def __init__(self, message=None):
        super().__init__(message)

    @property
    def message(self):
        return self.args[0] if self.args else None


class TemplateNotFound(LookupError, TemplateError):
    """A template the loader does not have (Jinja's also derives from
    `IOError`, which the tracer does not model)."""

    message = None

    def __init__(self, name, message=None):
        TemplateError.__init__(self, name)
        if message is None:
            if isinstance(name, Undefined):
                name._fail_with_undefined_error()
            message = name
        self.message = message
        self.name = name
        self.templates = [name]

    def __str__(self):
        return str(self.message)


class TemplatesNotFound(TemplateNotFound):
    """None of the templates `select_template` was given exists."""

    def __init__(self, names=(), message=None):
        if message is None:
            parts = []
            for name in names:
                if isinstance(name, Undefined):
                    parts.append(name._undefined_message)
                else:
                    parts.append(str(name))
            message = "none of the templates given were found: " + ", ".join(parts)
        TemplateNotFound.__init__(self, names[-1] if names else None, message)
        self.templates = list(names)


class TemplateSyntaxError(TemplateError):
    """A template that does not parse (or uses what is not modelled)."""

    def __init__(self, message, lineno, name=None, filename=None):
        TemplateError.__init__(self, message)
        self.lineno = lineno
        self.name = name
        self.filename = filename
        self.source = None
        self.translated = False

    def __str__(self):
        location = "line " + str(self.lineno)
        name = self.filename or self.name
        if name:
            location = 'File "' + name + '", ' + location
        return str(self.message) + "\n  " + location


class TemplateAssertionError(TemplateSyntaxError):
    """A template that parses but cannot compile (an unknown filter)."""


class TemplateRuntimeError(TemplateError):
    """An error while rendering."""


class UndefinedError(TemplateRuntimeError):
    """An operation on an undefined value."""


class SecurityError(TemplateRuntimeError):
    """Raised by the sandbox (not modelled)."""


class FilterArgumentError(TemplateRuntimeError):
    """A filter called with wrong arguments."""


# Undefined ###################################################################


class _MissingType:
    def __repr__(self):
        return "missing"


missing = _MissingType()


def _object_type_repr(obj):
    if obj is None:
        return "None"
    if obj is Ellipsis:
        return "Ellipsis"
    cls = type(obj)
    if cls.__module__ == "builtins":
        return cls.__name__ + " object"
    return cls.__module__ + "." + cls.__name__ + " object"


class Undefined:
    """Jinja's default undefined value: prints as "", is falsy and iterates
    as empty; any other operation raises `UndefinedError`."""

    def __init__(self, hint=None, obj=missing, name=None, exc=UndefinedError):
        self._undefined_hint = hint
        self._undefined_obj = obj
        self._undefined_name = name
        self._undefined_exception = exc

    @property
    def _undefined_message(self):
        if self._undefined_hint:
            return self._undefined_hint
        if self._undefined_obj is missing:
            return repr(self._undefined_name) + " is undefined"
        if not isinstance(self._undefined_name, str):
            return (_object_type_repr(self._undefined_obj) + " has no element "
                    + repr(self._undefined_name))
        return (repr(_object_type_repr(self._undefined_obj)) + " has no attribute "
                + repr(self._undefined_name))

    def _fail_with_undefined_error(self, *args, **kwargs):
        raise self._undefined_exception(self._undefined_message)

    __add__ = __radd__ = __sub__ = __rsub__ = _fail_with_undefined_error
    __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _fail_with_undefined_error
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _fail_with_undefined_error
    __pos__ = __neg__ = __pow__ = __rpow__ = _fail_with_undefined_error
    __call__ = __getitem__ = _fail_with_undefined_error
    __lt__ = __le__ = __gt__ = __ge__ = _fail_with_undefined_error
    __int__ = __float__ = __complex__ = _fail_with_undefined_error

    def __eq__(self, other):
        return type(self) is type(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return id(type(self))

    def __str__(self):
        return ""

    def __len__(self):
        return 0

    def __iter__(self):
        return iter(())

    def __contains__(self, item):
        # What iterating an empty sequence answers.
        return False

    def __bool__(self):
        return False

    def __repr__(self):
        return "Undefined"


class StrictUndefined(Undefined):
    """An undefined value that also refuses printing, iteration and tests."""

    __iter__ = __str__ = __len__ = Undefined._fail_with_undefined_error
    __eq__ = __ne__ = __bool__ = __hash__ = Undefined._fail_with_undefined_error
    __contains__ = Undefined._fail_with_undefined_error


class ChainableUndefined(Undefined):
    """An undefined value whose attributes and items are undefined too."""

    def __getattr__(self, name):
        if name[:2] == "__" and name[-2:] == "__":
            raise AttributeError(name)
        return self

    def __getitem__(self, name):
        return self

    def __html__(self):
        return str(self)


class DebugUndefined(Undefined):
    """An undefined value that prints as the expression that made it."""

    def __str__(self):
        if self._undefined_hint:
            message = "undefined value printed: " + self._undefined_hint
        elif self._undefined_obj is missing:
            message = str(self._undefined_name)
        else:
            message = ("no such element: " + _object_type_repr(self._undefined_obj)
                       + "[" + repr(self._undefined_name) + "]")
        return "{{ " + message + " }}"


def is_undefined(obj):
    """Whether `obj` is an undefined value."""
    return isinstance(obj, Undefined)


# Attribute and item lookup (Environment.getattr / getitem) ###################


# The attributes of the builtin types templates read, to answer "no such
# attribute" without `getattr` (the tracer's `getattr` of a builtin value
# does not raise AttributeError for a name the type lacks).
_INT_ATTRS = ("real", "imag", "numerator", "denominator", "conjugate", "bit_length",
              "bit_count", "to_bytes", "from_bytes", "as_integer_ratio", "is_integer")
_SEQ_ATTRS = ("index", "count")
_BUILTIN_ATTRS = {
    dict: ("items", "keys", "values", "get", "pop", "popitem", "setdefault", "update",
           "copy", "clear", "fromkeys"),
    list: ("append", "extend", "insert", "remove", "pop", "clear", "index", "count",
           "sort", "reverse", "copy"),
    tuple: _SEQ_ATTRS,
    str: ("capitalize", "casefold", "center", "count", "encode", "endswith", "expandtabs",
          "find", "format", "format_map", "index", "isalnum", "isalpha", "isascii",
          "isdecimal", "isdigit", "isidentifier", "islower", "isnumeric", "isprintable",
          "isspace", "istitle", "isupper", "join", "ljust", "lower", "lstrip", "maketrans",
          "partition", "removeprefix", "removesuffix", "replace", "rfind", "rindex",
          "rjust", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith",
          "strip", "swapcase", "title", "translate", "upper", "zfill"),
    int: _INT_ATTRS,
    bool: _INT_ATTRS,
    float: ("real", "imag", "conjugate", "is_integer", "hex", "fromhex", "as_integer_ratio"),
}


def _getattr(obj, name):
    """`getattr(obj, name)`, AttributeError when a builtin type lacks it."""
    attrs = _BUILTIN_ATTRS.get(type(obj))
    if attrs is not None and name not in attrs and name != "__class__":
        raise AttributeError(name)
    return getattr(obj, name)


def _ga(obj, name, undefined):
    """`obj.name` in a template: the attribute, else the item."""
    try:
        return _getattr(obj, name)
    except AttributeError:
        pass
    try:
        return obj[name]
    except (TypeError, LookupError, KeyError, IndexError, AttributeError):
        return undefined(obj=obj, name=name)


def _gi(obj, arg, undefined):
    """`obj[arg]` in a template: the item, else the attribute."""
    try:
        return obj[arg]
    except (AttributeError, TypeError, LookupError, KeyError, IndexError):
        # (KeyError and IndexError named: the tracer does not derive them
        # from LookupError.)
        if isinstance(arg, str):
            try:
                return _getattr(obj, arg)
            except AttributeError:
                pass
        return undefined(obj=obj, name=arg)


def _no_filter(name):
    def fail(*args, **kwargs):
        raise TemplateRuntimeError("No filter named " + repr(name) + " found.")
    return fail


def _no_test(name):
    def fail(*args, **kwargs):
        raise TemplateRuntimeError("No test named " + repr(name) + " found.")
    return fail


# The globals of the translated expressions.
_HELPERS = {"_ga": _ga, "_gi": _gi}


# Filters #####################################################################


def pass_context(f):
    """Marks a filter or test that takes the context first."""
    f.jinja_pass_arg = "context"
    return f


def pass_eval_context(f):
    """Marks a filter or test that takes the evaluation context first."""
    f.jinja_pass_arg = "eval_context"
    return f


def pass_environment(f):
    """Marks a filter or test that takes the environment first."""
    f.jinja_pass_arg = "environment"
    return f


def _attr_parts(attribute):
    if attribute is None:
        return []
    if isinstance(attribute, str):
        return [int(x) if x.isdigit() else x for x in attribute.split(".")]
    return [attribute]


def _ignore_case(value):
    if isinstance(value, str):
        return value.lower()
    return value


def _make_attrgetter(attribute, postprocess=None, default=None):
    parts = _attr_parts(attribute)

    def getter(item):
        for part in parts:
            item = _gi(item, part, Undefined)
            if default is not None and isinstance(item, Undefined):
                item = default
        if postprocess is not None:
            item = postprocess(item)
        return item

    return getter


def _make_multi_attrgetter(attribute, postprocess=None):
    if isinstance(attribute, str):
        split = attribute.split(",")
    else:
        split = [attribute]
    if len(split) == 1:
        return _make_attrgetter(split[0], postprocess)
    getters = [_make_attrgetter(a, postprocess) for a in split]

    def getter(item):
        return [g(item) for g in getters]

    return getter


def _f_default(value, default_value="", boolean=False):
    if isinstance(value, Undefined) or (boolean and not value):
        return default_value
    return value


def _f_join(value, d="", attribute=None):
    if attribute is not None:
        getter = _make_attrgetter(attribute)
        return str(d).join([str(getter(x)) for x in value])
    return str(d).join([str(x) for x in value])


def _f_length(value):
    return len(value)


def _f_string(value):
    return str(value)


def _f_lower(s):
    return str(s).lower()


def _f_upper(s):
    return str(s).upper()


def _f_capitalize(s):
    s = str(s)
    return s[:1].upper() + s[1:].lower()


def _f_title(s):
    out = []
    start = True
    for ch in str(s):
        if ch.isspace() or ch in "-({[<":
            out.append(ch)
            start = True
        elif start:
            out.append(ch.upper())
            start = False
        else:
            out.append(ch.lower())
    return "".join(out)


def _f_center(value, width=80):
    s = str(value)
    pad = width - len(s)
    if pad <= 0:
        return s
    left = pad // 2 + (pad & width & 1)
    return " " * left + s + " " * (pad - left)


def _f_int(value, default=0, base=10):
    try:
        if isinstance(value, str) and base != 10:
            return int(value, base)
        return int(value)
    except (TypeError, ValueError):
        try:
            return int(float(value))
        except (TypeError, ValueError, OverflowError):
            return default


def _f_float(value, default=0.0):
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _f_list(value):
    return list(value)


def _f_first(seq):
    for item in seq:
        return item
    return Undefined("No first item, sequence was empty.")


def _f_last(seq):
    if isinstance(seq, (list, tuple, str)):
        if seq:
            return seq[-1]
    else:
        for item in reversed(seq):
            return item
    return Undefined("No last item, sequence was empty.")


def _f_replace(s, old, new, count=None):
    if count is None:
        return str(s).replace(str(old), str(new))
    return str(s).replace(str(old), str(new), count)


def _f_trim(value, chars=None):
    if chars is None:
        return str(value).strip()
    return str(value).strip(chars)


def _f_indent(s, width=4, first=False, blank=False):
    if isinstance(width, str):
        indention = width
    else:
        indention = " " * width
    s = s + "\n"
    lines = s.split("\n")
    lines.pop()
    if blank:
        rv = ("\n" + indention).join(lines)
    else:
        rv = lines.pop(0)
        if lines:
            rv = rv + "\n" + "\n".join([indention + line if line else line for line in lines])
    if first:
        rv = indention + rv
    return rv


def _f_format(value, *args, **kwargs):
    if args and kwargs:
        raise FilterArgumentError(
            "can't handle positional and keyword arguments at the same time")
    return str(value) % (kwargs or args)


def _f_escape(value):
    if hasattr(value, "__html__"):
        return value.__html__()
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("'", "&#39;"))


def _f_safe(value):
    return str(value)


def _f_reverse(value):
    if isinstance(value, str):
        return value[::-1]
    rv = list(value)
    rv.reverse()
    return rv


def _f_items(value):
    if isinstance(value, Undefined):
        return []
    if not _t_mapping(value):
        raise TypeError("Can only get item pairs from a mapping.")
    return list(value.items())


def _f_sort(value, reverse=False, case_sensitive=False, attribute=None):
    key = _make_multi_attrgetter(attribute, None if case_sensitive else _ignore_case)
    return sorted(value, key=key, reverse=reverse)


def _f_dictsort(value, case_sensitive=False, by="key", reverse=False):
    if by == "key":
        pos = 0
    elif by == "value":
        pos = 1
    else:
        raise FilterArgumentError('You can only sort by either "key" or "value"')

    def key(item):
        v = item[pos]
        if not case_sensitive:
            v = _ignore_case(v)
        return v

    return sorted(value.items(), key=key, reverse=reverse)


def _f_unique(value, case_sensitive=False, attribute=None):
    getter = _make_attrgetter(attribute, None if case_sensitive else _ignore_case)
    seen = set()
    out = []
    for item in value:
        key = getter(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _min_or_max(value, is_max, case_sensitive, attribute):
    items = list(value)
    if not items:
        return Undefined("No aggregated item, sequence was empty.")
    key = _make_attrgetter(attribute, None if case_sensitive else _ignore_case)
    if is_max:
        return max(items, key=key)
    return min(items, key=key)


def _f_min(value, case_sensitive=False, attribute=None):
    return _min_or_max(value, False, case_sensitive, attribute)


def _f_max(value, case_sensitive=False, attribute=None):
    return _min_or_max(value, True, case_sensitive, attribute)


def _f_sum(iterable, attribute=None, start=0):
    if attribute is not None:
        getter = _make_attrgetter(attribute)
        iterable = [getter(x) for x in iterable]
    return sum(iterable, start)


def _f_round(value, precision=0, method="common"):
    if method == "common":
        return round(value, precision)
    if method not in ("ceil", "floor"):
        raise FilterArgumentError("method must be common, ceil or floor")
    import math
    func = math.ceil if method == "ceil" else math.floor
    return func(value * (10 ** precision)) / (10 ** precision)


def _f_abs(value):
    return abs(value)


def _f_wordcount(s):
    return len(str(s).split())


@pass_environment
def _f_attr(environment, obj, name):
    try:
        return _getattr(obj, name)
    except AttributeError:
        return environment.undefined(obj=obj, name=name)


@pass_environment
def _f_map(environment, value, *args, **kwargs):
    if not value:
        return []
    if not args and "attribute" in kwargs:
        attribute = kwargs.pop("attribute")
        default = kwargs.pop("default", None)
        if kwargs:
            raise FilterArgumentError(
                "Unexpected keyword argument " + repr(list(kwargs)[0]))
        getter = _make_attrgetter(attribute, default=default)
        return [getter(item) for item in value]
    if not args:
        raise FilterArgumentError("map requires a filter argument")
    name = args[0]
    rest = args[1:]
    return [environment.call_filter(name, item, rest, kwargs) for item in value]


def _select_or_reject(environment, value, args, kwargs, keep, lookup_attr):
    if not value:
        return []
    off = 0
    getter = None
    if lookup_attr:
        if not args:
            raise FilterArgumentError("Missing parameter for attribute name")
        getter = _make_attrgetter(args[0])
        off = 1
    name = None
    if len(args) > off:
        name = args[off]
        rest = args[off + 1:]
    out = []
    for item in value:
        x = item if getter is None else getter(item)
        if name is None:
            ok = bool(x)
        else:
            ok = environment.call_test(name, x, rest, kwargs)
        if ok == keep:
            out.append(item)
    return out


@pass_environment
def _f_select(environment, value, *args, **kwargs):
    return _select_or_reject(environment, value, args, kwargs, True, False)


@pass_environment
def _f_reject(environment, value, *args, **kwargs):
    return _select_or_reject(environment, value, args, kwargs, False, False)


@pass_environment
def _f_selectattr(environment, value, *args, **kwargs):
    return _select_or_reject(environment, value, args, kwargs, True, True)


@pass_environment
def _f_rejectattr(environment, value, *args, **kwargs):
    return _select_or_reject(environment, value, args, kwargs, False, True)


DEFAULT_FILTERS = {
    "abs": _f_abs,
    "attr": _f_attr,
    "capitalize": _f_capitalize,
    "center": _f_center,
    "count": _f_length,
    "d": _f_default,
    "default": _f_default,
    "dictsort": _f_dictsort,
    "e": _f_escape,
    "escape": _f_escape,
    "first": _f_first,
    "float": _f_float,
    "format": _f_format,
    "indent": _f_indent,
    "int": _f_int,
    "items": _f_items,
    "join": _f_join,
    "last": _f_last,
    "length": _f_length,
    "list": _f_list,
    "lower": _f_lower,
    "map": _f_map,
    "max": _f_max,
    "min": _f_min,
    "reject": _f_reject,
    "rejectattr": _f_rejectattr,
    "replace": _f_replace,
    "reverse": _f_reverse,
    "round": _f_round,
    "safe": _f_safe,
    "select": _f_select,
    "selectattr": _f_selectattr,
    "sort": _f_sort,
    "string": _f_string,
    "sum": _f_sum,
    "title": _f_title,
    "trim": _f_trim,
    "unique": _f_unique,
    "upper": _f_upper,
    "wordcount": _f_wordcount,
}


# Tests #######################################################################


def _t_odd(value):
    return value % 2 == 1


def _t_even(value):
    return value % 2 == 0


def _t_divisibleby(value, num):
    return value % num == 0


def _t_defined(value):
    return not isinstance(value, Undefined)


def _t_undefined(value):
    return isinstance(value, Undefined)


def _t_none(value):
    return value is None


def _t_boolean(value):
    return value is True or value is False


def _t_false(value):
    return value is False


def _t_true(value):
    return value is True


def _t_integer(value):
    return isinstance(value, int) and value is not True and value is not False


def _t_float(value):
    return isinstance(value, float)


def _t_lower(value):
    return str(value).islower()


def _t_upper(value):
    return str(value).isupper()


def _t_string(value):
    return isinstance(value, str)


def _t_mapping(value):
    if isinstance(value, dict):
        return True
    return hasattr(value, "keys") and hasattr(value, "__getitem__") and hasattr(value, "items")


def _t_number(value):
    return isinstance(value, (int, float, complex))


def _t_sequence(value):
    try:
        len(value)
        value.__getitem__
    except Exception:
        return False
    return True


def _t_sameas(value, other):
    return value is other


def _t_iterable(value):
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _t_callable(value):
    return callable(value)


def _t_escaped(value):
    return hasattr(value, "__html__")


def _t_in(value, seq):
    return value in seq


def _t_eq(a, b):
    return a == b


def _t_ne(a, b):
    return a != b


def _t_gt(a, b):
    return a > b


def _t_ge(a, b):
    return a >= b


def _t_lt(a, b):
    return a < b


def _t_le(a, b):
    return a <= b


@pass_environment
def _t_filter(environment, value):
    return value in environment.filters


@pass_environment
def _t_test(environment, value):
    return value in environment.tests


DEFAULT_TESTS = {
    "odd": _t_odd,
    "even": _t_even,
    "divisibleby": _t_divisibleby,
    "defined": _t_defined,
    "undefined": _t_undefined,
    "filter": _t_filter,
    "test": _t_test,
    "none": _t_none,
    "boolean": _t_boolean,
    "false": _t_false,
    "true": _t_true,
    "integer": _t_integer,
    "float": _t_float,
    "lower": _t_lower,
    "upper": _t_upper,
    "string": _t_string,
    "mapping": _t_mapping,
    "number": _t_number,
    "sequence": _t_sequence,
    "iterable": _t_iterable,
    "callable": _t_callable,
    "sameas": _t_sameas,
    "escaped": _t_escaped,
    "in": _t_in,
    "==": _t_eq,
    "eq": _t_eq,
    "equalto": _t_eq,
    "!=": _t_ne,
    "ne": _t_ne,
    ">": _t_gt,
    "gt": _t_gt,
    "greaterthan": _t_gt,
    "ge": _t_ge,
    ">=": _t_ge,
    "<": _t_lt,
    "lt": _t_lt,
    "lessthan": _t_lt,
    "<=": _t_le,
    "le": _t_le,
}


# Template globals ############################################################


class Cycler:
    """`cycler(...)`: cycles through its values."""

    def __init__(self, *items):
        if not items:
            raise RuntimeError("at least one item has to be provided")
        self.items = items
        self.pos = 0

    def reset(self):
        self.pos = 0

    @property
    def current(self):
        return self.items[self.pos]

    def next(self):
        rv = self.current
        self.pos = (self.pos + 1) % len(self.items)
        return rv

    __next__ = next


class Joiner:
    """`joiner(sep)`: "" the first time it is called, `sep` after."""

    def __init__(self, sep=", "):
        self.sep = sep
        self.used = False

    def __call__(self):
        if not self.used:
            self.used = True
            return ""
        return self.sep


class Namespace:
    """`namespace(...)`: attributes a template may assign with `set`."""

    def __init__(self, *args, **kwargs):
        self._attrs = dict(*args, **kwargs)

    def __getattr__(self, name):
        if name == "_attrs":
            raise AttributeError(name)
        attrs = self._attrs
        if name in attrs:
            return attrs[name]
        raise AttributeError(name)

    def __setitem__(self, name, value):
        self._attrs[name] = value

    def __repr__(self):
        return "<Namespace " + repr(self._attrs) + ">"


DEFAULT_NAMESPACE = {
    "range": range,
    "dict": dict,
    "cycler": Cycler,
    "joiner": Joiner,
    "namespace": Namespace,
}


class LoopContext:
    """The `loop` variable of a `for` loop."""

    def __init__(self, items, undefined, depth0=0):
        self._items = items
        self._undefined = undefined
        self._last_changed_value = missing
        self.index0 = -1
        self.length = len(items)
        self.depth0 = depth0

    def __len__(self):
        return self.length

    @property
    def index(self):
        return self.index0 + 1

    @property
    def revindex(self):
        return self.length - self.index0

    @property
    def revindex0(self):
        return self.length - self.index0 - 1

    @property
    def first(self):
        return self.index0 == 0

    @property
    def last(self):
        return self.index0 == self.length - 1

    @property
    def depth(self):
        return self.depth0 + 1

    @property
    def previtem(self):
        if self.index0 == 0:
            return self._undefined("there is no previous item")
        return self._items[self.index0 - 1]

    @property
    def nextitem(self):
        if self.index0 + 1 >= self.length:
            return self._undefined("there is no next item")
        return self._items[self.index0 + 1]

    def cycle(self, *args):
        if not args:
            raise TypeError("no items for cycling given")
        return args[self.index0 % len(args)]

    def changed(self, *value):
        if self._last_changed_value != value:
            self._last_changed_value = value
            return True
        return False

    def __call__(self, iterable):
        raise TypeError("The loop must have the 'recursive' marker to be called recursively.")

    def __repr__(self):
        return "<LoopContext " + str(self.index) + "/" + str(self.length) + ">"


def select_autoescape(enabled_extensions=("html", "htm", "xml"), disabled_extensions=(),
                      default_for_string=True, default=False):
    """Jinja's autoescape selector; this Jinja never escapes, whatever it says."""
    enabled = tuple("." + x.lstrip(".").lower() for x in enabled_extensions)
    disabled = tuple("." + x.lstrip(".").lower() for x in disabled_extensions)

    def autoescape(template_name):
        if template_name is None:
            return default_for_string
        template_name = template_name.lower()
        if template_name.endswith(enabled):
            return True
        if template_name.endswith(disabled):
            return False
        return default

    return autoescape


# Lexer #######################################################################
#
# The tracer's `s[i]` and `s[i:j]` cost the length of `s`, so the source is
# never indexed: it is consumed with `partition` and tested with
# `startswith`, and only a tag's own text is scanned.

# Node kinds of a parsed template.
_TEXT = 0
_OUT = 1
_IF = 2
_FOR = 3
_SET = 4
_SETBLOCK = 5
_INCLUDE = 6
_WITH = 7
_FILTERBLOCK = 8
_BLOCK = 9  # a `{% %}` item of the lexer

_END = ("end", "")
_OPS1 = "+-/*%~[](){}=.:|,;<>"
# Two-character operators, as placeholders that split apart from the rest.
_OPS2 = (("//", " \x01 "), ("**", " \x02 "), ("<=", " \x03 "), (">=", " \x04 "),
         ("!=", " \x05 "), ("==", " \x06 "))
_OPS1_SET = set(_OPS1)
_OPS2_FIRST = {"/", "*", "<", ">", "=", "!"}
# Each operator (a two-character one by its placeholder) as its token.
_OP_TOKENS = {
    "\x01": ("//", "//"), "\x02": ("**", "**"), "\x03": ("<=", "<="),
    "\x04": (">=", ">="), "\x05": ("!=", "!="), "\x06": ("==", "=="),
    "+": ("+", "+"), "-": ("-", "-"), "/": ("/", "/"), "*": ("*", "*"),
    "%": ("%", "%"), "~": ("~", "~"), "[": ("[", "["), "]": ("]", "]"),
    "(": ("(", "("), ")": (")", ")"), "{": ("{", "{"), "}": ("}", "}"),
    "=": ("=", "="), ".": (".", "."), ":": (":", ":"), "|": ("|", "|"),
    ",": (",", ","), ";": (";", ";"), "<": ("<", "<"), ">": (">", ">"),
}
_PY_KEYWORDS = (
    "False", "None", "True", "and", "as", "assert", "async", "await", "break",
    "class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
    "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
    "pass", "raise", "return", "try", "while", "with", "yield",
)
# Names that are not variables when alone in `{{ }}`.
_NOT_VARIABLES = ("not", "true", "false", "none", "True", "False", "None")
_UNSUPPORTED_TAGS = ("macro", "call", "block", "extends", "import", "from", "autoescape")


def _without_strings(text):
    """`text` with its string literals removed; None if one is unclosed."""
    out = []
    rest = text
    while True:
        i1 = rest.find("'")
        i2 = rest.find('"')
        if i1 == -1 and i2 == -1:
            out.append(rest)
            return "".join(out)
        q = "'" if i2 == -1 or (i1 != -1 and i1 < i2) else '"'
        code, _, rest = rest.partition(q)
        out.append(code)
        while True:
            part, found, rest = rest.partition(q)
            if not found:
                return None
            if (len(part) - len(part.rstrip("\\"))) % 2 == 0:
                break


def _tag_complete(content):
    """Whether a tag end found after `content` ends the tag: not inside a
    string or an open bracket (Jinja's lexer skips such ends)."""
    code = content
    if "'" in code or '"' in code:
        code = _without_strings(code)
        if code is None:
            return False
    if "(" not in code and "[" not in code and "{" not in code:
        return True
    opened = code.count("(") + code.count("[") + code.count("{")
    return opened <= code.count(")") + code.count("]") + code.count("}")


def _tag_content(rest, delim, lineno, name):
    """The text of a tag up to its end `delim`, and what follows the end."""
    content, found, after = rest.partition(delim)
    while True:
        if not found:
            raise TemplateSyntaxError("unexpected end of template", lineno, name)
        if _tag_complete(content):
            return content, after
        # The end was inside a string or brackets: look one character on.
        content = content + delim[0]
        more, found, after = (delim[1:] + after).partition(delim)
        content = content + more


def _consume_ws(rest, lstrip_blocks):
    """`rest` after its leading whitespace (a `-%}`), and whether that
    whitespace ended a line (only computed when lstrip_blocks reads it)."""
    stripped = rest.lstrip()
    if not lstrip_blocks or len(stripped) == len(rest):
        return stripped, False
    ws = rest.partition(stripped)[0] if stripped else rest
    return stripped, ws.endswith("\n")


def _block_end(content, rest, trim_blocks, lstrip_blocks):
    """A `{% %}` tag's content without its end sign, what follows the tag
    with the whitespace control of its end, and whether a line ended."""
    if content.endswith("-"):
        rest, nl = _consume_ws(rest, lstrip_blocks)
        return content[:-1], rest, nl
    if content.endswith("+"):
        return content[:-1], rest, False
    if trim_blocks and rest.startswith("\n"):
        return content, rest.partition("\n")[2], True
    return content, rest, False


def _lstrip_text(text, line_starting):
    """lstrip_blocks: the text without the spaces before a tag that starts
    its line."""
    head, nl, tail = text.rpartition("\n")
    if (nl or line_starting) and tail and tail.isspace():
        return head + nl
    return text


def _lex(source, trim_blocks, lstrip_blocks, keep_trailing_newline, name):
    """The template's items: `(_TEXT, text)`, and `(_OUT or _BLOCK, content,
    lineno)` for `{{ }}` and `{% %}` tags, whitespace control applied."""
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    if not keep_trailing_newline and source.endswith("\n"):
        source = source.rpartition("\n")[0]
    items = []
    rest = source
    lineno = 1
    line_starting = True
    while rest:
        i = rest.find("{")
        kind = ""
        while i != -1:
            if rest.startswith("{{", i):
                kind = "{"
                break
            if rest.startswith("{%", i):
                kind = "%"
                break
            if rest.startswith("{#", i):
                kind = "#"
                break
            i = rest.find("{", i + 1)
        if i == -1:
            items.append((_TEXT, rest))
            break
        text, _, rest = rest.partition("{" + kind)
        lineno += text.count("\n")
        sign = ""
        if rest.startswith("-"):
            sign = "-"
            rest = rest.partition("-")[2]
        elif rest.startswith("+"):
            sign = "+"
            rest = rest.partition("+")[2]
        if sign == "-":
            text = text.rstrip()
        elif sign == "" and lstrip_blocks and kind != "{":
            text = _lstrip_text(text, line_starting)
        if text:
            items.append((_TEXT, text))
        if kind == "#":
            content, found, rest = rest.partition("#}")
            if not found:
                raise TemplateSyntaxError("Missing end of comment tag", lineno, name)
            lineno += content.count("\n")
            if content.endswith("-"):
                rest, line_starting = _consume_ws(rest, lstrip_blocks)
            elif not content.endswith("+") and trim_blocks and rest.startswith("\n"):
                rest = rest.partition("\n")[2]
                line_starting = True
            else:
                line_starting = False
            continue
        tag_line = lineno
        if kind == "{":
            content, found, after = rest.partition("}}")
            if found and "'" not in content and '"' not in content and "{" not in content:
                rest = after
            else:
                content, rest = _tag_content(rest, "}}", lineno, name)
            lineno += content.count("\n")
            line_starting = False
            if content.endswith("-"):
                content = content[:-1]
                rest, line_starting = _consume_ws(rest, lstrip_blocks)
            items.append((_OUT, content, tag_line))
            continue
        content, found, after = rest.partition("%}")
        if found and "'" not in content and '"' not in content and "{" not in content:
            rest = after
        else:
            content, rest = _tag_content(rest, "%}", lineno, name)
        lineno += content.count("\n")
        if content.strip() == "raw" or (content.endswith("-") and content[:-1].strip() == "raw"):
            if content.endswith("-"):
                rest, line_starting = _consume_ws(rest, lstrip_blocks)
            else:
                line_starting = False
            rest, line_starting, lineno = _raw_body(
                rest, items, line_starting, lineno, trim_blocks, lstrip_blocks, name)
            continue
        content, rest, line_starting = _block_end(content, rest, trim_blocks, lstrip_blocks)
        items.append((_BLOCK, content, tag_line))
    return items


def _raw_body(rest, items, line_starting, lineno, trim_blocks, lstrip_blocks, name):
    """The text of a `{% raw %}` block up to its `{% endraw %}`."""
    body = []
    while True:
        seg, found, rest = rest.partition("{%")
        if not found:
            raise TemplateSyntaxError("Missing end of raw directive", lineno, name)
        body.append(seg)
        sign = ""
        tag = rest
        if tag.startswith("-") or tag.startswith("+"):
            sign = "-" if tag.startswith("-") else "+"
            tag = tag.partition(sign)[2]
        inner, found, after = tag.partition("%}")
        core = inner[:-1] if inner.endswith("-") or inner.endswith("+") else inner
        if found and core.strip() == "endraw":
            break
        body.append("{%")
    text = "".join(body)
    lineno += text.count("\n")
    if sign == "-":
        text = text.rstrip()
    elif sign == "" and lstrip_blocks:
        text = _lstrip_text(text, line_starting)
    if text:
        items.append((_TEXT, text))
    inner, rest, line_starting = _block_end(inner, after, trim_blocks, lstrip_blocks)
    return rest, line_starting, lineno


def _tokenize(content, lineno, name):
    """The tokens of a tag's content: `(kind, text)` with kinds name,
    string, integer, float and the operators; then `_END`."""
    toks = []
    if "'" in content or '"' in content:
        rest = content
        while True:
            i1 = rest.find("'")
            i2 = rest.find('"')
            if i1 == -1 and i2 == -1:
                _code_tokens(rest, toks, lineno, name)
                break
            q = "'" if i2 == -1 or (i1 != -1 and i1 < i2) else '"'
            code, _, rest = rest.partition(q)
            _code_tokens(code, toks, lineno, name)
            body = []
            while True:
                part, found, rest = rest.partition(q)
                if not found:
                    raise TemplateSyntaxError("unexpected char " + repr(q), lineno, name)
                body.append(part)
                if (len(part) - len(part.rstrip("\\"))) % 2 == 0:
                    break
                body.append(q)
            literal = q + "".join(body) + q
            if "\n" in literal:
                literal = literal.replace("\n", "\\n")
            toks.append(("string", literal))
    else:
        _code_tokens(content, toks, lineno, name)
    toks.append(_END)
    return toks


def _code_tokens(code, toks, lineno, name):
    """Appends the tokens of `code` (no string literals) to `toks`."""
    present = set(code) & _OPS1_SET
    if present & _OPS2_FIRST:
        for pair in _OPS2:
            if pair[0] in code:
                code = code.replace(pair[0], pair[1])
    for ch in present:
        code = code.replace(ch, " " + ch + " ")
    for w in code.split():
        if w.isidentifier():
            toks.append(("name", w))
        elif w in _OP_TOKENS:
            toks.append(_OP_TOKENS[w])
        elif w[0].isdigit():
            _number_token(w.replace("_", ""), toks)
        else:
            raise TemplateSyntaxError("unexpected char " + repr(w[0]), lineno, name)


def _number_token(w, toks):
    """Appends the number `w`, joined with what the operators split of a
    float (`1.5`, `1e-3`; not `x.0.1`, where each number is an index)."""
    n = len(toks)
    if n >= 2 and toks[-1][0] == "." and toks[-2][0] == "integer" \
            and not (n >= 3 and toks[-3][0] == ".") and not w.startswith("0x"):
        w = toks[-2][1] + "." + w
        del toks[-2:]
    elif n >= 2 and (toks[-1][0] == "-" or toks[-1][0] == "+") and toks[-2][0] == "float" \
            and (toks[-2][1].endswith("e") or toks[-2][1].endswith("E")):
        w = toks[-2][1] + toks[-1][0] + w
        del toks[-2:]
    if w[:2] in ("0x", "0X", "0o", "0O", "0b", "0B") or ("." not in w and "e" not in w
                                                         and "E" not in w):
        toks.append(("integer", w))
    else:
        toks.append(("float", w))


# Parser: Jinja's grammar, each expression translated to Python source #######


def _name_code(name):
    q = "'" + name + "'"
    return "(_s[" + q + "] if " + q + " in _s else _r.U(name=" + q + "))"


_COMPARE = ("==", "!=", "<", "<=", ">", ">=")
_BINARY = {"==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "~": 6,
           "*": 7, "/": 7, "//": 7, "%": 7, "**": 8}


class _Parser:
    def __init__(self, items, name):
        # The lexer's items, last first: parsing pops them.
        items.reverse()
        self.items = items
        self.name = name
        self.t = [("end", "")]
        self.p = 0
        self.kind = 0
        self.lineno = 1
        self.codes = []
        self.fixups = []
        self.soft = 0
        self.filters = [[], []]
        self.tests = [[], []]
        # Per loop being parsed: whether its body reads `loop`, and
        # whether it assigns names in its own scope (`set`, also under
        # `if`), so that each iteration starts from the outer names.
        self.loop_refs = []
        self.assigns = []

    # Tokens.

    def fail(self, message, exc=None):
        raise (exc or TemplateSyntaxError)(message, self.lineno, self.name)

    def describe(self, tok):
        kind = tok[0]
        if kind == "end":
            return "end of print statement" if self.kind == _OUT else "end of statement block"
        if kind == "name" or kind == tok[1]:
            return tok[1]
        return kind

    def expect(self, kind):
        tok = self.t[self.p]
        if tok[0] != kind:
            if kind == "end":
                what = "end of print statement" if self.kind == _OUT else "end of statement block"
            else:
                what = kind
            self.fail("expected token " + repr(what) + ", got " + repr(self.describe(tok)))
        self.p += 1
        return tok

    def expect_name(self, value=None):
        tok = self.t[self.p]
        if tok[0] != "name" or (value is not None and tok[1] != value):
            self.fail("expected token " + repr(value or "name") + ", got "
                      + repr(self.describe(tok)))
        self.p += 1
        return tok[1]

    def is_name(self, value):
        return self.t[self.p] == ("name", value)

    def skip_name(self, value):
        if self.t[self.p] == ("name", value):
            self.p += 1
            return True
        return False

    def add_code(self, code, node, slot):
        self.fixups.append((node, slot, len(self.codes)))
        self.codes.append(code)

    def use(self, table, name):
        (table[1] if self.soft else table[0]).append(name)

    # Expressions.

    def is_tuple_end(self, extra_end):
        kind = self.t[self.p][0]
        if kind == "end" or kind == ")":
            return True
        return extra_end is not None and self.t[self.p] in extra_end

    def parse_tuple(self, with_condexpr=True, extra_end=None, explicit=False):
        args = []
        is_tuple = False
        while True:
            if args:
                self.expect(",")
            if self.is_tuple_end(extra_end):
                break
            args.append(self.parse_condexpr() if with_condexpr else self.parse_binary(1))
            if self.t[self.p][0] == ",":
                is_tuple = True
            else:
                break
        if not is_tuple:
            if args:
                return args[0]
            if not explicit:
                self.fail("Expected an expression, got " + repr(self.describe(self.t[self.p])))
        if len(args) == 1:
            return "(" + args[0] + ",)"
        return "(" + ", ".join(args) + ")"

    def parse_expression(self, with_condexpr=True):
        if with_condexpr:
            return self.parse_condexpr()
        return self.parse_or()

    def parse_condexpr(self):
        expr1 = self.parse_binary(1)
        while self.t[self.p] == ("name", "if"):
            self.p += 1
            expr2 = self.parse_binary(1)
            if self.skip_name("else"):
                expr3 = self.parse_condexpr()
            else:
                expr3 = ("_r.U('the inline if-expression on line " + str(self.lineno)
                         + " evaluated to false and no else section was defined.')")
            expr1 = "(" + expr1 + " if " + expr2 + " else " + expr3 + ")"
        return expr1

    def parse_or(self):
        return self.parse_binary(1)

    def parse_binary(self, min_prec):
        """Jinja's `or`, `and`, `not`, comparisons, `+ -`, `~`, `* / // %`
        and `**` levels (loosest first), each left-associative."""
        t = self.t
        if min_prec <= 3 and t[self.p] == ("name", "not"):
            self.p += 1
            left = "(not " + self.parse_binary(3) + ")"
        else:
            left = self.parse_unary()
        while True:
            tok = t[self.p]
            kind = tok[0]
            if kind == "name":
                word = tok[1]
                if word == "or":
                    prec = 1
                elif word == "and":
                    prec = 2
                elif word == "in" or (word == "not" and t[self.p + 1] == ("name", "in")):
                    prec = 4
                else:
                    return left
            else:
                prec = _BINARY.get(kind)
                if prec is None:
                    return left
            if prec < min_prec:
                return left
            if prec == 4:
                # A chain of comparisons is one comparison, as in Python.
                ops = []
                while True:
                    tok = t[self.p]
                    kind = tok[0]
                    if kind in _COMPARE:
                        self.p += 1
                        op = kind
                    elif tok == ("name", "in"):
                        self.p += 1
                        op = "in"
                    elif tok == ("name", "not") and t[self.p + 1] == ("name", "in"):
                        self.p += 2
                        op = "not in"
                    else:
                        break
                    ops.append(op + " " + self.parse_binary(5))
                left = "(" + left + " " + " ".join(ops) + ")"
            elif prec == 6:
                args = ["str(" + left + ")"]
                while t[self.p][0] == "~":
                    self.p += 1
                    args.append("str(" + self.parse_binary(7) + ")")
                left = "(" + " + ".join(args) + ")"
            else:
                self.p += 1
                op = tok[1]
                if prec == 8:
                    right = self.parse_unary()
                else:
                    right = self.parse_binary(prec + 1)
                left = "(" + left + " " + op + " " + right + ")"

    def parse_unary(self, with_filter=True):
        t = self.t
        kind = t[self.p][0]
        if kind == "-" or kind == "+":
            self.p += 1
            node = "(" + kind + self.parse_unary(False) + ")"
        else:
            node = self.parse_primary()
        # Jinja's postfix (`.`, `[ ]`, calls), then, with filters, its
        # filters and tests (and calls): no `.` or `[ ]` after a filter.
        postfix = True
        while True:
            tok = t[self.p]
            kind = tok[0]
            if kind == "." and postfix:
                attr = t[self.p + 1]
                if attr[0] == "name":
                    self.p += 2
                    node = "_ga(" + node + ", '" + attr[1] + "', _r.U)"
                else:
                    node = self.parse_subscript(node)
            elif kind == "(":
                node = node + "(" + self.parse_call_args() + ")"
            elif kind == "[" and postfix:
                node = self.parse_subscript(node)
            elif not with_filter:
                return node
            elif kind == "|":
                node = self.parse_filter(node)
                postfix = False
            elif tok == ("name", "is"):
                node = self.parse_test(node)
                postfix = False
            else:
                return node

    def parse_primary(self):
        tok = self.t[self.p]
        kind = tok[0]
        if kind == "name":
            self.p += 1
            v = tok[1]
            if v == "true" or v == "True":
                return "True"
            if v == "false" or v == "False":
                return "False"
            if v == "none" or v == "None":
                return "None"
            if v == "loop" and self.loop_refs:
                self.loop_refs[-1] = True
            return _name_code(v)
        if kind == "string":
            self.p += 1
            parts = [tok[1]]
            while self.t[self.p][0] == "string":
                parts.append(self.t[self.p][1])
                self.p += 1
            if len(parts) == 1:
                return parts[0]
            return "(" + " ".join(parts) + ")"
        if kind == "integer" or kind == "float":
            self.p += 1
            return tok[1]
        if kind == "(":
            self.p += 1
            node = self.parse_tuple(explicit=True)
            self.expect(")")
            return "(" + node + ")"
        if kind == "[":
            self.p += 1
            items = []
            while self.t[self.p][0] != "]":
                if items:
                    self.expect(",")
                if self.t[self.p][0] == "]":
                    break
                items.append(self.parse_expression())
            self.expect("]")
            return "[" + ", ".join(items) + "]"
        if kind == "{":
            self.p += 1
            items = []
            while self.t[self.p][0] != "}":
                if items:
                    self.expect(",")
                if self.t[self.p][0] == "}":
                    break
                key = self.parse_expression()
                self.expect(":")
                items.append(key + ": " + self.parse_expression())
            self.expect("}")
            return "{" + ", ".join(items) + "}"
        self.fail("unexpected " + repr(self.describe(tok)))

    def parse_postfix(self, node):
        while True:
            kind = self.t[self.p][0]
            if kind == "." or kind == "[":
                node = self.parse_subscript(node)
            elif kind == "(":
                node = node + "(" + self.parse_call_args() + ")"
            else:
                return node

    def parse_subscript(self, node):
        tok = self.t[self.p]
        self.p += 1
        if tok[0] == ".":
            attr = self.t[self.p]
            self.p += 1
            if attr[0] == "name":
                return "_ga(" + node + ", '" + attr[1] + "', _r.U)"
            if attr[0] != "integer":
                self.fail("expected name or number")
            return "_gi(" + node + ", " + attr[1] + ", _r.U)"
        args = []
        slices = False
        while self.t[self.p][0] != "]":
            if args:
                self.expect(",")
            arg, is_slice = self.parse_subscribed()
            slices = slices or is_slice
            args.append(arg)
        self.expect("]")
        if len(args) == 1:
            if slices:
                return node + "[" + args[0] + "]"
            return "_gi(" + node + ", " + args[0] + ", _r.U)"
        if slices:
            return node + "[" + ", ".join(args) + "]"
        return "_gi(" + node + ", (" + ", ".join(args) + "), _r.U)"

    def parse_subscribed(self):
        if self.t[self.p][0] == ":":
            self.p += 1
            parts = [""]
        else:
            node = self.parse_expression()
            if self.t[self.p][0] != ":":
                return node, False
            self.p += 1
            parts = [node]
        kind = self.t[self.p][0]
        if kind == ":" or kind == "]" or kind == ",":
            parts.append("")
        else:
            parts.append(self.parse_expression())
        if self.t[self.p][0] == ":":
            self.p += 1
            kind = self.t[self.p][0]
            if kind != "]" and kind != ",":
                parts.append(self.parse_expression())
        return ":".join(parts), True

    def parse_call_args(self):
        self.expect("(")
        args = []
        kwargs = []
        dyn_args = None
        dyn_kwargs = None
        require_comma = False
        while self.t[self.p][0] != ")":
            if require_comma:
                self.expect(",")
                if self.t[self.p][0] == ")":
                    break
            kind = self.t[self.p][0]
            if kind == "*":
                if dyn_args is not None or dyn_kwargs is not None:
                    self.fail("invalid syntax for function call expression")
                self.p += 1
                dyn_args = self.parse_expression()
            elif kind == "**":
                if dyn_kwargs is not None:
                    self.fail("invalid syntax for function call expression")
                self.p += 1
                dyn_kwargs = self.parse_expression()
            elif kind == "name" and self.t[self.p + 1][0] == "=":
                if dyn_kwargs is not None:
                    self.fail("invalid syntax for function call expression")
                key = self.t[self.p][1]
                self.p += 2
                value = self.parse_expression()
                if key in _PY_KEYWORDS:
                    kwargs.append("**{'" + key + "': " + value + "}")
                else:
                    kwargs.append(key + "=" + value)
            else:
                if dyn_args is not None or dyn_kwargs is not None or kwargs:
                    self.fail("invalid syntax for function call expression")
                args.append(self.parse_expression())
            require_comma = True
        self.expect(")")
        if dyn_args is not None:
            kwargs.append("*" + dyn_args)
        if dyn_kwargs is not None:
            kwargs.append("**" + dyn_kwargs)
        return ", ".join(args + kwargs)

    def parse_dotted_name(self):
        name = self.expect_name()
        while self.t[self.p][0] == ".":
            self.p += 1
            name = name + "." + self.expect_name()
        return name

    def parse_filter(self, node, start_inline=False):
        while self.t[self.p][0] == "|" or start_inline:
            if not start_inline:
                self.p += 1
            name = self.parse_dotted_name()
            self.use(self.filters, name)
            args = ""
            if self.t[self.p][0] == "(":
                args = self.parse_call_args()
            code = "_r.F['" + name + "'](" + node
            node = code + (", " + args + ")" if args else ")")
            start_inline = False
        return node

    def parse_test(self, node):
        self.p += 1
        negated = self.skip_name("not")
        name = self.parse_dotted_name()
        self.use(self.tests, name)
        tok = self.t[self.p]
        kind = tok[0]
        args = ""
        if kind == "(":
            args = self.parse_call_args()
        elif (kind in ("name", "string", "integer", "float", "[", "{")
              and tok != ("name", "else") and tok != ("name", "or") and tok != ("name", "and")):
            if tok == ("name", "is"):
                self.fail("You cannot chain multiple tests with is")
            args = self.parse_postfix(self.parse_primary())
        code = "_r.T['" + name + "'](" + node + (", " + args + ")" if args else ")")
        if negated:
            return "(not " + code + ")"
        return code

    # Assignment targets: a name, a list of targets (a tuple) or a
    # namespace reference `("ns", name, attr)`.

    def parse_target(self, extra_end=None, with_namespace=False):
        items = []
        is_tuple = False
        while True:
            if items:
                self.expect(",")
            if self.is_tuple_end(extra_end):
                break
            items.append(self.parse_target_primary(with_namespace))
            if self.t[self.p][0] == ",":
                is_tuple = True
            else:
                break
        if not is_tuple:
            if items:
                return items[0]
            self.fail("Expected an expression, got " + repr(self.describe(self.t[self.p])))
        return items

    def parse_target_primary(self, with_namespace):
        tok = self.t[self.p]
        if tok[0] == "name":
            self.p += 1
            v = tok[1]
            if v in ("true", "false", "True", "False", "none", "None"):
                self.fail("can't assign to 'const'")
            if with_namespace and self.t[self.p][0] == ".":
                self.p += 1
                return ("ns", v, self.expect_name())
            return v
        if tok[0] == "(":
            self.p += 1
            target = self.parse_target()
            self.expect(")")
            return target
        self.fail("can't assign to " + repr(self.describe(tok)))

    # Statements.

    def enter(self, item):
        """Makes the tag `item` current, its content tokenized."""
        self.kind = item[0]
        self.lineno = item[2]
        self.p = 0
        content = item[1]
        word = content.strip()
        if word.isidentifier():
            self.t = [("name", word), _END]
        else:
            self.t = _tokenize(content, self.lineno, self.name)

    def simple_output(self, content):
        """The code of `{{ name }}` or `{{ a.b.c }}` without the parser
        (most of a code template's tags), or None."""
        parts = content.strip().split(".")
        first = parts[0]
        if not first.isidentifier() or first in _NOT_VARIABLES:
            return None
        for part in parts:
            if not part.isidentifier():
                return None
        if first == "loop" and self.loop_refs:
            self.loop_refs[-1] = True
        code = _name_code(first)
        for part in parts[1:]:
            code = "_ga(" + code + ", '" + part + "', _r.U)"
        return code

    def parse_body(self, end_names):
        """Nodes up to a block tag named in `end_names` (which is left
        current) or to the end of the template."""
        body = []
        items = self.items
        while items:
            item = items.pop()
            kind = item[0]
            if kind == _TEXT:
                if body and body[-1][0] == _TEXT:
                    body[-1][1] = body[-1][1] + item[1]
                else:
                    body.append([_TEXT, item[1]])
            elif kind == _OUT:
                node = [_OUT, None]
                code = self.simple_output(item[1])
                if code is None:
                    self.enter(item)
                    code = self.parse_tuple()
                    self.expect("end")
                self.add_code(code, node, 1)
                body.append(node)
            else:
                self.enter(item)
                tok = self.t[0]
                if end_names is not None and tok[0] == "name" and tok[1] in end_names:
                    return body
                node = self.parse_statement()
                self.expect("end")
                if type(node) is tuple:
                    body.extend(node)
                else:
                    body.append(node)
        if end_names is not None:
            self.fail("Unexpected end of template. Jinja was looking for the following tags: "
                      + " or ".join(["'" + e + "'" for e in end_names]) + ".")
        return body

    def parse_statements(self, end_names):
        if self.t[self.p][0] == ":":
            self.p += 1
        self.expect("end")
        body = self.parse_body(end_names)
        # The current tag is now the end tag; consume its name.
        self.p = 1
        return body, self.t[0][1]

    def parse_statement(self):
        tok = self.t[self.p]
        if tok[0] != "name":
            self.fail("tag name expected")
        word = tok[1]
        if word == "for":
            return self.parse_for()
        if word == "if":
            return self.parse_if()
        if word == "set":
            return self.parse_set()
        if word == "include":
            return self.parse_include()
        if word == "with":
            return self.parse_with()
        if word == "print":
            return self.parse_print()
        if word == "filter":
            return self.parse_filter_block()
        if word in _UNSUPPORTED_TAGS:
            self.fail("the " + repr(word) + " tag is not supported by exportlens' jinja2")
        self.fail("Encountered unknown tag " + repr(word) + ".")

    def parse_for(self):
        self.p += 1
        target = self.parse_target(extra_end=(("name", "in"),))
        self.expect_name("in")
        node = [_FOR, target, None, None, None, [], False, False]
        self.add_code(self.parse_tuple(False, (("name", "recursive"),)), node, 2)
        if self.skip_name("if"):
            self.add_code(self.parse_expression(), node, 3)
        if self.is_name("recursive"):
            self.fail("recursive loops are not supported by exportlens' jinja2")
        self.loop_refs.append(False)
        self.assigns.append(False)
        body, end = self.parse_statements(("endfor", "else"))
        node[7] = self.loop_refs.pop()
        node[6] = self.assigns.pop()
        node[4] = body
        if end == "else":
            node[5], end = self.parse_statements(("endfor",))
        return node

    def parse_if(self):
        self.p += 1
        self.soft += 1
        branches = []
        node = [_IF, branches, []]
        while True:
            branch = [None, None]
            self.add_code(self.parse_tuple(False), branch, 0)
            branch[1], end = self.parse_statements(("elif", "else", "endif"))
            branches.append(branch)
            if end == "elif":
                continue
            if end == "else":
                node[2], end = self.parse_statements(("endif",))
            break
        self.soft -= 1
        return node

    def parse_set(self):
        self.p += 1
        if self.assigns:
            self.assigns[-1] = True
        target = self.parse_target(with_namespace=True)
        if self.t[self.p][0] == "=":
            self.p += 1
            node = [_SET, target, None]
            self.add_code(self.parse_tuple(), node, 2)
            return node
        node = [_SETBLOCK, target, None, None]
        if self.t[self.p][0] == "|":
            self.add_code(self.parse_filter("_v"), node, 3)
        node[2], end = self.parse_statements(("endset",))
        return node

    def parse_include(self):
        self.p += 1
        node = [_INCLUDE, None, False, True]
        self.add_code(self.parse_expression(), node, 1)
        if self.is_name("ignore") and self.t[self.p + 1] == ("name", "missing"):
            self.p += 2
            node[2] = True
        tok = self.t[self.p]
        if (tok == ("name", "with") or tok == ("name", "without")) \
                and self.t[self.p + 1] == ("name", "context"):
            node[3] = tok[1] == "with"
            self.p += 2
        return node

    def parse_with(self):
        self.p += 1
        assigns = []
        while self.t[self.p][0] != "end":
            if assigns:
                self.expect(",")
            pair = [self.parse_target(), None]
            self.expect("=")
            self.add_code(self.parse_expression(), pair, 1)
            assigns.append(pair)
        self.assigns.append(False)
        body, end = self.parse_statements(("endwith",))
        self.assigns.pop()
        return [_WITH, assigns, body]

    def parse_print(self):
        self.p += 1
        nodes = []
        while self.t[self.p][0] != "end":
            if nodes:
                self.expect(",")
            node = [_OUT, None]
            self.add_code(self.parse_expression(), node, 1)
            nodes.append(node)
        return tuple(nodes)

    def parse_filter_block(self):
        self.p += 1
        node = [_FILTERBLOCK, None, None]
        self.add_code(self.parse_filter("_v", True), node, 1)
        node[2], end = self.parse_statements(("endfilter",))
        return node


# Parsed templates by (source, options): a parse holds no environment.
_PARSED = {}


def _parse(source, name, trim_blocks, lstrip_blocks, keep_trailing_newline, newline):
    key = (source, trim_blocks, lstrip_blocks, keep_trailing_newline, newline)
    parsed = _PARSED.get(key)
    if parsed is not None:
        return parsed
    items = _lex(source, trim_blocks, lstrip_blocks, keep_trailing_newline, name)
    if newline != "\n":
        items = [(_TEXT, item[1].replace("\n", newline)) if item[0] == _TEXT else item
                 for item in items]
    parser = _Parser(items, name)
    nodes = parser.parse_body(None)
    if parser.codes:
        src = "(" + ", ".join(["lambda _s, _r, _v=None: " + c for c in parser.codes]) + ",)"
        try:
            fns = eval(src, _HELPERS)
        except SyntaxError as e:
            raise TemplateSyntaxError("invalid expression: " + str(e), 1, name)
        for fixup in parser.fixups:
            fixup[0][fixup[1]] = fns[fixup[2]]
    parsed = (nodes, parser.filters, parser.tests)
    _PARSED[key] = parsed
    return parsed


# Rendering ###################################################################


class _Runtime:
    """What a template's expressions read besides the names: the filters,
    the tests and the undefined type of its environment."""

    def __init__(self, env, F, T):
        self.env = env
        self.F = F
        self.T = T
        self.U = env.undefined
        self.finalize = env.finalize


class _EvalContext:
    def __init__(self, environment):
        self.environment = environment
        self.autoescape = False
        self.volatile = False


class _Context:
    """A stand-in for the context `pass_context` functions receive: the
    environment and the template's globals (not the names set while
    rendering)."""

    def __init__(self, environment, parent):
        self.environment = environment
        self.parent = parent
        self.vars = {}
        self.eval_ctx = _EvalContext(environment)

    def get(self, key, default=None):
        return self.parent.get(key, default)

    def resolve(self, key):
        if key in self.parent:
            return self.parent[key]
        return self.environment.undefined(name=key)

    def get_all(self):
        return dict(self.parent)

    def __getitem__(self, key):
        return self.parent[key]

    def __contains__(self, key):
        return key in self.parent


def _bind_pass_arg(func, environment):
    kind = getattr(func, "jinja_pass_arg", None)
    if kind is None:
        return func
    if kind == "environment":
        first = environment
    elif kind == "eval_context":
        first = _EvalContext(environment)
    else:
        first = _Context(environment, environment.globals)

    def call(*args, **kwargs):
        return func(first, *args, **kwargs)

    return call


def _resolve(table, tname, used, environment, what, missing_maker):
    """`table` with what `used` names need: an error for an unknown name
    outside `if`, a failing stand-in for one inside, environment-taking
    functions bound."""
    changed = {}
    for name in used[0]:
        if name not in table:
            raise TemplateAssertionError("No " + what + " named " + repr(name) + ".", 1, tname)
    for group in used:
        for name in group:
            func = table.get(name)
            if func is None:
                changed[name] = missing_maker(name)
            elif getattr(func, "jinja_pass_arg", None) is not None:
                changed[name] = _bind_pass_arg(func, environment)
    if not changed:
        return table
    table = dict(table)
    table.update(changed)
    return table


def _assign(target, value, scope):
    if type(target) is str:
        scope[target] = value
    elif type(target) is list:
        values = list(value)
        if len(values) != len(target):
            if len(values) < len(target):
                raise ValueError("not enough values to unpack (expected " + str(len(target))
                                 + ", got " + str(len(values)) + ")")
            raise ValueError("too many values to unpack (expected " + str(len(target)) + ")")
        for i in range(len(target)):
            _assign(target[i], values[i], scope)
    else:
        ns = scope.get(target[1])
        if not isinstance(ns, Namespace):
            raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
        ns[target[2]] = value


def _render(nodes, s, out, r):
    for node in nodes:
        kind = node[0]
        if kind == _TEXT:
            out.append(node[1])
        elif kind == _OUT:
            value = node[1](s, r)
            if r.finalize is not None:
                value = r.finalize(value)
            out.append(str(value))
        elif kind == _FOR:
            _render_for(node, s, out, r)
        elif kind == _IF:
            done = False
            for branch in node[1]:
                if branch[0](s, r):
                    _render(branch[1], s, out, r)
                    done = True
                    break
            if not done and node[2]:
                _render(node[2], s, out, r)
        elif kind == _SET:
            target = node[1]
            if type(target) is str:
                s[target] = node[2](s, r)
            else:
                _assign(target, node[2](s, r), s)
        elif kind == _INCLUDE:
            _render_include(node, s, out, r)
        elif kind == _SETBLOCK:
            buf = []
            _render(node[2], s, buf, r)
            value = "".join(buf)
            if node[3] is not None:
                value = node[3](s, r, value)
            _assign(node[1], value, s)
        elif kind == _WITH:
            values = [pair[1](s, r) for pair in node[1]]
            inner = dict(s)
            for i in range(len(values)):
                _assign(node[1][i][0], values[i], inner)
            _render(node[2], inner, out, r)
        elif kind == _FILTERBLOCK:
            buf = []
            _render(node[2], s, buf, r)
            out.append(str(node[1](s, r, "".join(buf))))


def _render_for(node, s, out, r):
    target = node[1]
    simple = type(target) is str
    items = node[2](s, r)
    if type(items) is not list:
        items = list(items)
    inner = dict(s)
    if node[3] is not None:
        test = node[3]
        kept = []
        for item in items:
            if simple:
                inner[target] = item
            else:
                _assign(target, item, inner)
            if test(inner, r):
                kept.append(item)
        items = kept
        inner = dict(s)
    n = len(items)
    if n == 0:
        if node[5]:
            _render(node[5], inner, out, r)
        return
    body = node[4]
    fresh = node[6]
    # Like Jinja, `loop` is bound only when the body reads it (an included
    # template sees the outer `loop` otherwise).
    loop = LoopContext(items, r.U) if node[7] else None
    i = 0
    for item in items:
        if fresh and i:
            inner = dict(s)
        if simple:
            inner[target] = item
        else:
            _assign(target, item, inner)
        if loop is not None:
            loop.index0 = i
            inner["loop"] = loop
        _render(body, inner, out, r)
        i += 1


def _render_include(node, s, out, r):
    name = node[1](s, r)
    env = r.env
    try:
        if isinstance(name, Template):
            template = name
        elif isinstance(name, (list, tuple)):
            template = env.select_template(name)
        else:
            template = env.get_template(name)
    except TemplateNotFound:
        if node[2]:
            return
        raise
    if node[3]:
        ctx = dict(s)
    else:
        ctx = dict(env.globals)
        ctx.update(template.globals)
    _render(template._nodes, ctx, out, template._r)


# Templates and environments ##################################################


class Template:
    """A compiled template; `Template(source, **options)` compiles `source`
    in an environment made of the options."""

    def __init__(self, source=None, **options):
        self.environment = None
        self.name = None
        self.filename = None
        self.globals = {}
        self._nodes = []
        self._r = None
        if source is not None:
            env = _spontaneous_environment(options)
            self._bind(env, source, None, None, None)

    def _bind(self, env, source, name, filename, globals):
        parsed = _parse(source, name, env.trim_blocks, env.lstrip_blocks,
                        env.keep_trailing_newline, env.newline_sequence)
        F = _resolve(env.filters, name, parsed[1], env, "filter", _no_filter)
        T = _resolve(env.tests, name, parsed[2], env, "test", _no_test)
        self.environment = env
        self.name = name
        self.filename = filename
        self.globals = dict(globals) if globals else {}
        self._nodes = parsed[0]
        self._r = _Runtime(env, F, T)

    def render(self, *args, **kwargs):
        """The template's text for the context `dict(*args, **kwargs)`."""
        ctx = dict(self.environment.globals)
        if self.globals:
            ctx.update(self.globals)
        if args:
            ctx.update(dict(*args))
        if kwargs:
            ctx.update(kwargs)
        out = []
        _render(self._nodes, ctx, out, self._r)
        return "".join(out)

    def generate(self, *args, **kwargs):
        return iter([self.render(*args, **kwargs)])

    def __repr__(self):
        if self.name is None:
            return "<Template memory:" + hex(id(self))[2:] + ">"
        return "<Template " + repr(self.name) + ">"


_DEFAULT_DELIMITERS = {
    "block_start_string": "{%",
    "block_end_string": "%}",
    "variable_start_string": "{{",
    "variable_end_string": "}}",
    "comment_start_string": "{#",
    "comment_end_string": "#}",
    "line_statement_prefix": None,
    "line_comment_prefix": None,
}


class Environment:
    """The options, loader, filters, tests and globals templates share."""

    sandboxed = False
    overlayed = False
    shared = False
    is_async = False

    def __init__(self, loader=None, trim_blocks=False, lstrip_blocks=False,
                 keep_trailing_newline=False, newline_sequence="\n", undefined=Undefined,
                 finalize=None, autoescape=False, cache_size=400, auto_reload=True,
                 extensions=(), optimized=True, bytecode_cache=None, enable_async=False,
                 **options):
        for key in options:
            if key not in _DEFAULT_DELIMITERS:
                raise TypeError("Environment() got an unexpected keyword argument " + repr(key))
            if options[key] != _DEFAULT_DELIMITERS[key]:
                raise TemplateError("exportlens' jinja2 supports the default delimiters only ("
                                    + key + "=" + repr(options[key]) + ")")
        if extensions:
            raise TemplateError("exportlens' jinja2 supports no extensions")
        self.loader = loader
        self.trim_blocks = trim_blocks
        self.lstrip_blocks = lstrip_blocks
        self.keep_trailing_newline = keep_trailing_newline
        self.newline_sequence = newline_sequence
        self.undefined = undefined
        self.finalize = finalize
        self.autoescape = autoescape
        self.cache_size = cache_size
        self.auto_reload = auto_reload
        self.optimized = optimized
        self.bytecode_cache = bytecode_cache
        self.enable_async = enable_async
        self.extensions = {}
        self.policies = {}
        self.filters = dict(DEFAULT_FILTERS)
        self.tests = dict(DEFAULT_TESTS)
        self.globals = dict(DEFAULT_NAMESPACE)
        self.template_class = Template
        self.cache = {}

    def getattr(self, obj, attribute):
        return _ga(obj, attribute, self.undefined)

    def getitem(self, obj, argument):
        return _gi(obj, argument, self.undefined)

    def _call(self, table, what, name, value, args, kwargs):
        func = table.get(name)
        if func is None:
            raise TemplateRuntimeError("No " + what + " named " + repr(name) + ".")
        func = _bind_pass_arg(func, self)
        return func(value, *(args or ()), **(kwargs or {}))

    def call_filter(self, name, value, args=None, kwargs=None, context=None, eval_ctx=None):
        return self._call(self.filters, "filter", name, value, args, kwargs)

    def call_test(self, name, value, args=None, kwargs=None, context=None, eval_ctx=None):
        return self._call(self.tests, "test", name, value, args, kwargs)

    def join_path(self, template, parent):
        return template

    def make_globals(self, d):
        return dict(d) if d else {}

    def from_string(self, source, globals=None, template_class=None):
        """The template of `source` (not cached, no name)."""
        t = Template()
        t._bind(self, source, None, None, globals)
        return t

    def _load_template(self, name, globals):
        if self.loader is None:
            raise TypeError("no loader for this environment specified")
        template = self.cache.get(name)
        if template is not None:
            if globals:
                template.globals.update(globals)
            return template
        template = self.loader.load(self, name, globals)
        self.cache[name] = template
        return template

    def get_template(self, name, parent=None, globals=None):
        """The template the loader has under `name`."""
        if isinstance(name, Template):
            return name
        if isinstance(name, Undefined):
            name._fail_with_undefined_error()
        if parent is not None:
            name = self.join_path(name, parent)
        return self._load_template(name, globals)

    def select_template(self, names, parent=None, globals=None):
        """The first of `names` the loader has."""
        if isinstance(names, Undefined):
            names._fail_with_undefined_error()
        if not names:
            raise TemplatesNotFound(message="Tried to select from an empty list of templates.")
        for name in names:
            if isinstance(name, Template):
                return name
            if parent is not None:
                name = self.join_path(name, parent)
            try:
                return self._load_template(name, globals)
            except (TemplateNotFound, UndefinedError):
                pass
        raise TemplatesNotFound(names)

    def get_or_select_template(self, template_name_or_list, parent=None, globals=None):
        if isinstance(template_name_or_list, (str, Undefined)):
            return self.get_template(template_name_or_list, parent, globals)
        if isinstance(template_name_or_list, Template):
            return template_name_or_list
        return self.select_template(template_name_or_list, parent, globals)

    def list_templates(self, extensions=None, filter_func=None):
        return self.loader.list_templates()


# The environments `Template(source, **options)` makes, by options.
_SPONTANEOUS = {}


def _spontaneous_environment(options):
    key = tuple(sorted([(k, repr(v)) for k, v in options.items()]))
    env = _SPONTANEOUS.get(key)
    if env is None:
        env = Environment(**options)
        env.shared = True
        _SPONTANEOUS[key] = env
    return env


# Loaders #####################################################################


def _split_template_path(template):
    pieces = []
    for piece in template.split("/"):
        if piece == "..":
            raise TemplateNotFound(template)
        if piece and piece != ".":
            pieces.append(piece)
    return pieces


def _join_path(base, pieces):
    path = base
    for piece in pieces:
        if not path or path.endswith("/"):
            path = path + piece
        else:
            path = path + "/" + piece
    return path


def _normpath(path):
    if path == "":
        return "."
    initial = "/" if path.startswith("/") else ""
    parts = []
    for part in path.split("/"):
        if part == "" or part == ".":
            continue
        if part != ".." or (not initial and not parts) or (parts and parts[-1] == ".."):
            parts.append(part)
        elif parts:
            parts.pop()
    return (initial + "/".join(parts)) or "."


def _always_uptodate():
    return True


class BaseLoader:
    """Loads a template's source by name."""

    has_source_access = True

    def get_source(self, environment, template):
        if not self.has_source_access:
            raise RuntimeError(type(self).__name__ + " cannot provide access to the source")
        raise TemplateNotFound(template)

    def list_templates(self):
        raise TypeError("this loader cannot iterate over all templates")

    def load(self, environment, name, globals=None):
        source, filename, uptodate = self.get_source(environment, name)
        t = Template()
        t._bind(environment, source, name, filename, globals)
        return t


class FileSystemLoader(BaseLoader):
    """Templates in the folders of `searchpath`."""

    def __init__(self, searchpath, encoding="utf-8", followlinks=False):
        if isinstance(searchpath, (list, tuple)):
            paths = searchpath
        else:
            paths = [searchpath]
        self.searchpath = [p if isinstance(p, str) else str(p) for p in paths]
        self.encoding = encoding
        self.followlinks = followlinks

    def get_source(self, environment, template):
        pieces = _split_template_path(template)
        for searchpath in self.searchpath:
            filename = _join_path(searchpath, pieces)
            try:
                contents = _read_text(filename)
            except Exception:
                contents = None
            if contents is not None:
                return contents, _normpath(filename), _always_uptodate
        plural = "path" if len(self.searchpath) == 1 else "paths"
        paths = ", ".join([repr(p) for p in self.searchpath])
        raise TemplateNotFound(
            template, repr(template) + " not found in search " + plural + ": " + paths)


class PackageLoader(BaseLoader):
    """Templates in a folder of an imported package."""

    def __init__(self, package_name, package_path="templates", encoding="utf-8"):
        import importlib
        package_path = _normpath(package_path).rstrip("/")
        if package_path == ".":
            package_path = ""
        self.package_name = package_name
        self.package_path = package_path
        self.encoding = encoding
        module = importlib.import_module(package_name)
        root = module.__file__.rpartition("/")[0]
        self._template_root = _join_path(root, [package_path]) if package_path else root

    def get_source(self, environment, template):
        path = _normpath(_join_path(self._template_root, _split_template_path(template)))
        try:
            contents = _read_text(path)
        except Exception:
            contents = None
        if contents is None:
            raise TemplateNotFound(template)
        return contents, path, _always_uptodate


class DictLoader(BaseLoader):
    """Templates from a dict of name to source."""

    def __init__(self, mapping):
        self.mapping = mapping

    def get_source(self, environment, template):
        if template in self.mapping:
            source = self.mapping[template]
            return source, None, lambda: source == self.mapping.get(template)
        raise TemplateNotFound(template)

    def list_templates(self):
        return sorted(self.mapping)


class FunctionLoader(BaseLoader):
    """Templates from a function of the name."""

    def __init__(self, load_func):
        self.load_func = load_func

    def get_source(self, environment, template):
        rv = self.load_func(template)
        if rv is None:
            raise TemplateNotFound(template)
        if isinstance(rv, str):
            return rv, None, None
        return rv


class ChoiceLoader(BaseLoader):
    """The first of `loaders` that has the template."""

    def __init__(self, loaders):
        self.loaders = loaders

    def get_source(self, environment, template):
        for loader in self.loaders:
            try:
                return loader.get_source(environment, template)
            except TemplateNotFound:
                pass
        raise TemplateNotFound(template)
