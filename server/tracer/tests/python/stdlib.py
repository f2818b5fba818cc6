"""The standard-library modules the tracer models: math, operator,
itertools, functools, dataclasses, copy, re, random, as CPython runs them
(a random draw: only what holds for every draw)."""

import copy
import dataclasses
import functools
import inspect
import itertools
import math
import operator
import random
import re

# math
assert math.sqrt(16) == 4.0 and math.floor(2.7) == 2 and math.ceil(2.1) == 3
assert math.trunc(-2.7) == -2 and math.floor(5) == 5
assert math.log(8, 2) == 3.0 and math.log2(8) == 3.0 and math.log10(1000) == 3.0
assert math.pow(2, 3) == 8.0 and math.fabs(-2) == 2.0
assert math.prod([2, 3, 4]) == 24 and math.prod([2, 3], start=2) == 12
assert math.gcd(12, 18) == 6 and math.gcd(12, 18, 8) == 2 and math.gcd() == 0
assert math.isclose(1.0, 1.0 + 1e-12) and not math.isclose(1.0, 1.1)
assert math.isclose(1.0, 1.1, rel_tol=0.2) and math.isclose(0.0, 1e-3, abs_tol=1e-2)
assert math.isnan(float("nan")) and math.isinf(math.inf)
assert math.pi > 3.14 and math.e > 2.71

# operator
assert operator.add(2, 3) == 5 and operator.mul(2, 3) == 6 and operator.sub(2, 3) == -1
assert operator.truediv(3, 2) == 1.5 and operator.floordiv(7, 2) == 3 and operator.mod(7, 3) == 1
assert operator.neg(3) == -3 and operator.not_(0) is True and operator.truth([1]) is True
assert operator.and_(6, 3) == 2 and operator.or_(4, 1) == 5 and operator.xor(6, 3) == 5
assert operator.getitem([1, 2], 1) == 2 and operator.contains([1, 2], 2)
assert operator.eq(1, 1) and operator.lt(1, 2) and operator.ge(2, 2) and operator.ne(1, 2)
assert operator.index(5) == 5 and operator.concat([1], [2]) == [1, 2]
assert functools.reduce(operator.mul, [1, 2, 3, 4]) == 24

# itertools
assert list(itertools.chain([1], (2, 3))) == [1, 2, 3]
assert list(itertools.product([0, 1], repeat=2)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
assert list(itertools.product("ab", [1])) == [("a", 1), ("b", 1)]
assert list(itertools.repeat("x", 3)) == ["x", "x", "x"]
assert list(itertools.repeat("y", times=2)) == ["y", "y"]
assert list(itertools.accumulate([1, 2, 3])) == [1, 3, 6]
assert list(itertools.accumulate([1, 2, 3], operator.mul, initial=2)) == [2, 2, 4, 12]
assert [(k, list(g)) for k, g in itertools.groupby("aabca")] == [
    ("a", ["a", "a"]),
    ("b", ["b"]),
    ("c", ["c"]),
    ("a", ["a"]),
]
assert list(itertools.islice(range(10), 3)) == [0, 1, 2]
assert list(itertools.islice(range(10), 2, 8, 3)) == [2, 5]
assert list(itertools.zip_longest([1, 2], "a", fillvalue="-")) == [(1, "a"), (2, "-")]
assert list(itertools.pairwise([1, 2, 3])) == [(1, 2), (2, 3)]
assert list(itertools.combinations([1, 2, 3], 2)) == [(1, 2), (1, 3), (2, 3)]
assert len(list(itertools.permutations([1, 2, 3]))) == 6

# functools
p = functools.partial(pow, 2)
assert p(5) == 32 and p.args == (2,)
calls = []


@functools.lru_cache(maxsize=None)
def square(n):
    calls.append(n)
    return n * n


assert square(3) == 9 and square(3) == 9 and calls == [3]


def wrapper_of(f):
    @functools.wraps(f)
    def inner(*args):
        return f(*args)

    return inner


wrapped = wrapper_of(square)
assert wrapped.__wrapped__ is square


# dataclasses
@dataclasses.dataclass
class Config:
    width: int = 8
    names: list = dataclasses.field(default_factory=list)


cfg = Config(width=4)
assert cfg.width == 4 and cfg.names == []
assert dataclasses.asdict(cfg) == {"width": 4, "names": []}
assert dataclasses.astuple(cfg) == (4, [])
assert dataclasses.replace(cfg, width=16).width == 16
assert [f.name for f in dataclasses.fields(Config)] == ["width", "names"]

# copy
nested = {"a": [1, 2]}
shallow = copy.copy(nested)
deep = copy.deepcopy(nested)
nested["a"].append(3)
assert shallow["a"] == [1, 2, 3] and deep["a"] == [1, 2]

# re
assert re.split("_", "ir_r1_k3") == ["ir", "r1", "k3"]
assert re.split(r"(\d)", "a1b") == ["a", "1", "b"]
m = re.match(r"([a-z]+)(\d+)", "k3x")
assert m.group(0) == "k3" and m.group(1, 2) == ("k", "3") and m.groups() == ("k", "3")
assert re.fullmatch(r"\d+", "12") is not None and re.fullmatch(r"\d+", "12a") is None
assert re.search(r"\d", "ab7").group() == "7"
assert re.findall(r"\d", "a1b2") == ["1", "2"]
assert re.sub(r"(\d)", r"<\1>", "a1b2") == "a<1>b<2>"
pattern = re.compile(r"s(\d)")
assert pattern.search("k3_s2").group(1) == "2"

# constants and small modules
import keyword
import os
import os.path as osp
import tempfile
import string
import typing

assert math.tau > 6.28 and math.inf > 1e308
assert string.digits == "0123456789" and string.ascii_letters[:3] == "abc"
assert keyword.iskeyword("for") and not keyword.iskeyword("x") and "if" in keyword.kwlist
assert keyword.issoftkeyword("match") and "case" in keyword.softkwlist
assert os.getenv("EXPORTLENS_TEST_UNSET_VARIABLE", "d") == "d"
assert os.environ.get("EXPORTLENS_TEST_UNSET_VARIABLE") is None
assert typing.cast(int, "x") == "x" and typing.TYPE_CHECKING is False

# random: a draw is in range, a shuffle keeps the elements
assert 0 <= random.randrange(4) < 4 and random.randrange(2, 10, 3) in (2, 5, 8)
assert 2 <= random.randint(2, 5) <= 5 and 0.0 <= random.random() < 1.0
assert random.choice("xy") in "xy" and len(random.choices([1, 2], k=3)) == 3
assert 1.0 <= random.uniform(1, 3) <= 3.0 and len(random.sample(range(10), 4)) == 4
deck = [3, 1, 2]
random.shuffle(deck)
assert sorted(deck) == [1, 2, 3] and random.Random(0).randrange(5) in range(5)

# os.path: paths computed as posixpath computes them
assert osp.join("/a", "b", "c.py") == "/a/b/c.py" and osp.join("/a/", "/b") == "/b"
assert osp.dirname("/a/b/c.py") == "/a/b" and osp.basename("/a/b/c.py") == "c.py"
assert osp.split("/a/b/") == ("/a/b", "") and osp.split("c") == ("", "c")
assert osp.splitext("/a/b.tar.gz") == ("/a/b.tar", ".gz") and osp.splitext(".bashrc") == (".bashrc", "")
assert osp.normpath("/a/./b/../c//d") == "/a/c/d" and osp.normpath("") == "."
assert osp.isabs("/x") and not osp.isabs("x") and osp.realpath("/a/b/../c") == "/a/c"
assert osp.relpath("/a/b/c", "/a") == "b/c" and osp.commonprefix(["/ab", "/ac"]) == "/a"
assert tempfile.gettempdir().startswith("/")


# inspect.getsource of a class and of a method: the lines of the definition
class _SourceProbe:
    # probe_type: (x: int)
    def method(self):
        return 1


assert inspect.getsource(_SourceProbe).startswith("class _SourceProbe:\n")
assert "# probe_type: (x: int)" in inspect.getsource(_SourceProbe)
assert inspect.getsource(_SourceProbe.method) == "    def method(self):\n        return 1\n"
assert inspect._empty is inspect.Parameter.empty and inspect.Signature.empty is inspect._empty
assert inspect.Parameter.empty.__name__ == "_empty"
assert inspect.signature(lambda a, b=1: a).parameters["a"].default is inspect._empty
