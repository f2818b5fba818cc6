"""Exceptions: the built-in hierarchy that `except` clauses match against,
for errors the code raises and for errors Python itself raises (a missing
key, an index out of range, a failed conversion), as CPython runs them
(each assert is checked by CPython and by the tracer)."""


def caught(fn, handler):
    """The name of the handler that caught what fn raised."""
    try:
        fn()
    except handler:
        return "handler"
    except Exception:
        return "Exception"
    return "nothing"


def missing_key():
    return {"a": 1}["b"]


def index_out_of_range():
    return [1, 2][5]


def bad_int():
    return int("x")


def divide_by_zero():
    return 1 // 0


def raise_key_error():
    raise KeyError("k")


def raise_not_implemented():
    raise NotImplementedError


def raise_file_not_found():
    raise FileNotFoundError("f")


def raise_module_not_found():
    raise ModuleNotFoundError("m")


# Errors Python raises are caught by the classes they derive from.
assert caught(missing_key, KeyError) == "handler"
assert caught(missing_key, LookupError) == "handler"
assert caught(index_out_of_range, LookupError) == "handler"
assert caught(index_out_of_range, IndexError) == "handler"
assert caught(index_out_of_range, KeyError) == "Exception"
assert caught(bad_int, ValueError) == "handler"
assert caught(bad_int, LookupError) == "Exception"
assert caught(divide_by_zero, ArithmeticError) == "handler"
assert caught(divide_by_zero, (TypeError, ZeroDivisionError)) == "handler"

# Errors the code raises, the same.
assert caught(raise_key_error, LookupError) == "handler"
assert caught(raise_not_implemented, RuntimeError) == "handler"
assert caught(raise_file_not_found, OSError) == "handler"
assert caught(raise_file_not_found, IOError) == "handler"
assert caught(raise_file_not_found, EnvironmentError) == "handler"
assert caught(raise_module_not_found, ImportError) == "handler"
assert caught(raise_module_not_found, ValueError) == "Exception"

# The hierarchy itself.
assert issubclass(KeyError, LookupError) and issubclass(IndexError, LookupError)
assert issubclass(ZeroDivisionError, ArithmeticError) and issubclass(OverflowError, ArithmeticError)
assert issubclass(NotImplementedError, RuntimeError) and issubclass(RecursionError, RuntimeError)
assert issubclass(ModuleNotFoundError, ImportError) and issubclass(UnicodeDecodeError, ValueError)
assert issubclass(UserWarning, Warning) and issubclass(DeprecationWarning, Warning)
assert issubclass(Warning, Exception) and issubclass(Exception, BaseException)
assert not issubclass(KeyError, IndexError) and not issubclass(ValueError, LookupError)
assert OSError is IOError and OSError is EnvironmentError


class ConfigError(ValueError):
    pass


def raise_config_error():
    raise ConfigError("bad")


# A user class deriving from a built-in one is caught by its bases.
assert caught(raise_config_error, ValueError) == "handler"
assert caught(raise_config_error, ConfigError) == "handler"
assert caught(raise_config_error, LookupError) == "Exception"
assert isinstance(ConfigError("x"), ValueError) and isinstance(ConfigError("x"), Exception)


# A lookup that falls back on a default, as library code writes it.
def get_or_default(table, key, default):
    try:
        return table[key]
    except LookupError:
        return default


assert get_or_default({"a": 1}, "a", 0) == 1
assert get_or_default({"a": 1}, "z", 0) == 0
assert get_or_default([5, 6], 1, 0) == 6
assert get_or_default([5, 6], 9, 0) == 0
