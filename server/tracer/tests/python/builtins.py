"""Builtin functions: conversions, iteration, ordering, numbers, types and
attributes, as CPython runs them (each assert is checked by CPython and by
the tracer)."""

# Conversions.
assert int() == 0 and int(3.9) == 3 and int(-3.9) == -3 and int(" 42 ") == 42
assert int(True) == 1
assert float() == 0.0 and float(2) == 2.0 and float("1.5") == 1.5
assert float("inf") > 1e308 and float("-inf") < -1e308
assert bool() is False and bool([]) is False and bool([0]) is True
assert str() == "" and str(12) == "12" and str(None) == "None"
assert repr("a") == "'a'" and repr([1, "b"]) == "[1, 'b']"
assert tuple() == () and tuple([1, 2]) == (1, 2)
assert list() == [] and list(range(3)) == [0, 1, 2]
assert set([1, 2, 1]) == {1, 2} and frozenset([3, 3]) == {3}
assert dict() == {} and dict([("a", 1)], b=2) == {"a": 1, "b": 2}
assert dict({"a": 1}) == {"a": 1}
assert chr(65) == "A" and ord("A") == 65
assert format(7) == "7"
s = slice(3)
assert (s.start, s.stop, s.step) == (None, 3, None)
s = slice(1, 5, 2)
assert (s.start, s.stop, s.step) == (1, 5, 2)

# Iteration.
assert len("héllo") == 5 and len([1, 2]) == 2 and len(range(0, 10, 3)) == 4
assert list(range(2, 8, 3)) == [2, 5]
assert list(zip([1, 2, 3], "ab")) == [(1, "a"), (2, "b")]
assert list(enumerate("ab", 1)) == [(1, "a"), (2, "b")]
assert list(enumerate("ab", start=5)) == [(5, "a"), (6, "b")]
assert list(reversed([1, 2, 3])) == [3, 2, 1]
it = iter([1, 2])
assert next(it) == 1 and next(it) == 2 and next(it, "done") == "done"
gen = (v * 2 for v in [1, 2, 3] if v > 1)
assert next(gen) == 4 and list(gen) == [6] and next(gen, None) is None
assert next(v for v in "ab") == "a" and sum(v for v in [1, 2]) == 3 and tuple(v for v in [1]) == (1,)
assert list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])) == [4, 10]
assert list(filter(None, [0, 1, "", "x"])) == [1, "x"]
assert list(filter(lambda v: v > 1, [1, 2, 3])) == [2, 3]
assert any([0, 1]) and not any([]) and all([]) and not all([1, 0])
assert sum([1, 2, 3]) == 6 and sum([1, 2], 10) == 13 and sum([[1], [2]], []) == [1, 2]
assert sum([0.5, 0.25], start=1) == 1.75

# Ordering.
assert min(3, 1, 2) == 1 and max([3, 1, 2]) == 3
assert min([], default=7) == 7
assert max(["aa", "b"], key=len) == "aa" and min("ba") == "a"
assert sorted([3, 1, 2]) == [1, 2, 3]
assert sorted([3, 1, 2], reverse=True) == [3, 2, 1]
assert sorted(["bb", "a", "ccc"], key=len) == ["a", "bb", "ccc"]

# Numbers.
assert abs(-3) == 3 and abs(-2.5) == 2.5
assert round(2.5) == 2 and round(3.5) == 4 and round(-0.5) == 0
assert round(1.25, 1) == 1.2 and round(7) == 7
assert divmod(7, 2) == (3, 1) and divmod(-7, 2) == (-4, 1)
assert pow(2, 10) == 1024 and pow(2, -1) == 0.5

# Types.
assert isinstance(1, int) and isinstance(True, int) and not isinstance(1.0, int)
assert isinstance("a", (int, str)) and isinstance(None, type(None))
assert isinstance([], list) and not isinstance((), list)
assert type(1) is int and type("a") is str and type([]) is list
assert callable(len) and callable(lambda: 0) and not callable(3)


class Base:
    def __init__(self):
        self.tag = "base"

    def who(self):
        return "base"


class Child(Base):
    def __init__(self):
        super().__init__()
        self.extra = 1

    def who(self):
        return "child of " + super().who()


c = Child()
assert c.tag == "base" and c.extra == 1 and c.who() == "child of base"
assert isinstance(c, Base) and issubclass(Child, Base) and not issubclass(Base, Child)
assert type(c) is Child

# Attributes.
assert getattr(c, "tag") == "base" and getattr(c, "missing", 5) == 5
assert hasattr(c, "extra") and not hasattr(c, "missing")
setattr(c, "extra", 2)
assert c.extra == 2
delattr(c, "extra")
assert not hasattr(c, "extra")
assert vars(c) == {"tag": "base"}
assert "who" in dir(c)


class Temperature:
    def __init__(self):
        self._c = 0

    def get(self):
        return self._c

    def set(self, value):
        self._c = value

    celsius = property(get, set)


t = Temperature()
t.celsius = 21
assert t.celsius == 21

# Abstract types and the types of functions.
import collections.abc
import types

assert isinstance([1], collections.abc.Sequence) and isinstance({}, collections.abc.Mapping)
assert not isinstance(3, collections.abc.Iterable) and isinstance((1,), collections.abc.Sized)
assert isinstance(lambda: 0, types.FunctionType) and isinstance(len, types.BuiltinFunctionType)
assert isinstance(len, collections.abc.Callable) and not isinstance([], collections.abc.Hashable)
assert (5).real == 5 and (7).numerator == 7
s = slice(1, 9)
assert s.start == 1 and s.stop == 9 and s.step is None


# A class's own unary operators, `abs()`, and `str()` reading `__str__` first.
class Signed:
    def __init__(self, v):
        self.v = v

    def __neg__(self):
        return Signed(-self.v)

    def __pos__(self):
        return Signed(self.v + 100)

    def __invert__(self):
        return Signed(~self.v)

    def __abs__(self):
        return Signed(abs(self.v))

    def __str__(self):
        return "Signed " + str(self.v)

    def __repr__(self):
        return "Signed(" + repr(self.v) + ")"


assert (-Signed(3)).v == -3 and (+Signed(3)).v == 103 and (~Signed(3)).v == -4
assert abs(Signed(-5)).v == 5
assert str(Signed(2)) == "Signed 2" and repr(Signed(2)) == "Signed(2)"
assert f"{Signed(4)}" == "Signed 4" and "%s" % Signed(1) == "Signed 1"

# The numeric tower of `numbers`: the built-in numbers are instances by
# their kind, `bool` an Integral, other values none of them.
import numbers

assert isinstance(3, numbers.Integral) and isinstance(True, numbers.Integral)
assert isinstance(3, numbers.Number) and isinstance(2.5, numbers.Real)
assert not isinstance(2.5, numbers.Integral) and not isinstance(2.5, numbers.Rational)
assert not isinstance("3", numbers.Number) and not isinstance((3,), numbers.Integral)
assert isinstance(1.0, numbers.Complex)

# int() of a string in a base.
assert int("ff", 16) == 255 and int("0x1f", 16) == 31 and int("0x1f", 0) == 31 and int("0b101", 0) == 5
assert int("-0o17", 0) == -15 and int("z", 36) == 35 and int(" 1_000 ") == 1000 and int("10", 2) == 2
try:
    int("08", 0)
    base_zero_leading = "parsed"
except ValueError:
    base_zero_leading = "ValueError"
assert base_zero_leading == "ValueError"
