"""Idioms library code relies on: class docstrings, `types.FunctionType`
from a code object (kornia copies an inherited `forward` per subclass),
`inspect.getattr_static`, `functools.update_wrapper`, `math` beyond the
basics."""
import math
from functools import update_wrapper
from inspect import getattr_static
from types import FunctionType


class Documented:
    """The docstring."""


class Undocumented:
    pass


class SetsDoc(Documented):
    def __init__(self):
        self.__doc__ = f"store: {self.__doc__ or ''}".strip()


assert Documented.__doc__ == "The docstring."
assert Undocumented.__doc__ is None
assert SetsDoc().__doc__ == "store:"
assert SetsDoc.__doc__ is None


class Base:
    def forward(self, x, k=2):
        return x * k

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        forward = getattr_static(cls, "forward")
        if "forward" not in cls.__dict__ and isinstance(forward, FunctionType):
            code = forward.__code__.replace(co_name=f"{cls.__name__}.forward")
            clone = FunctionType(code, forward.__globals__, "forward", forward.__defaults__, forward.__closure__)
            update_wrapper(clone, forward)
            clone.__kwdefaults__ = forward.__kwdefaults__
            clone.__qualname__ = f"{cls.__qualname__}.forward"
            clone.__module__ = cls.__module__
            cls.forward = clone


class Child(Base):
    pass


assert Child().forward(3) == 6 and Child().forward(3, k=3) == 9
assert Child.forward is not Base.forward
assert Child.forward.__qualname__ == "Child.forward"

assert math.copysign(2, -0.5) == -2.0 and math.copysign(-3.0, 1) == 3.0
assert math.atan2(1.0, 1.0) == math.pi / 4 and math.hypot(3, 4) == 5.0
assert math.fmod(7, 3) == 1.0 and math.fmod(-7, 3) == -1.0
assert math.isfinite(1.0) and not math.isfinite(math.inf)
assert math.degrees(math.pi) == 180.0 and math.radians(180) == math.pi
assert math.log1p(0.0) == 0.0 and math.expm1(0.0) == 0.0


def wrapped(a, b=1, *, c=2):
    """Wrapped's doc."""
    return a + b + c


def wrapper(*args, **kwargs):
    return wrapped(*args, **kwargs)


update_wrapper(wrapper, wrapped)
assert wrapper.__name__ == "wrapped" and wrapper.__doc__ == "Wrapped's doc."
assert wrapper.__wrapped__ is wrapped
assert wrapped.__defaults__ == (1,) and wrapped.__kwdefaults__ == {"c": 2}
assert wrapper.__defaults__ is None and wrapper.__kwdefaults__ is None
assert getattr_static(Child, "missing", 5) == 5
assert getattr_static(SetsDoc(), "__doc__") == "store:"

# A bound method reads its function's attributes.
import enum
import inspect
from collections import OrderedDict


class Holder:
    def method(self, x: int, y: "Later" = 2) -> float:
        """Method doc."""
        return x


bound = Holder().method
assert bound.__name__ == "method" and bound.__doc__ == "Method doc."
assert bound.__func__ is Holder.method
signature = inspect.signature(bound)
assert list(signature.parameters) == ["x", "y"]
assert signature.parameters["x"].annotation is int
assert signature.parameters["y"].annotation == "Later"
assert signature.return_annotation is float
assert inspect.signature(wrapped).parameters["a"].annotation is inspect.Parameter.empty

# An OrderedDict has a __dict__ (transformers' lazy auto mappings set one).
names = OrderedDict([("a", 1)])
names.back_reference = "set"
assert names.back_reference == "set" and names["a"] == 1


# `**obj` of a mapping object: its keys(), then each item.
class Output(OrderedDict):
    pass


def takes(**kwargs):
    return sorted(kwargs.items())


out = Output()
out["b"] = 2
out["a"] = 1
assert takes(**out) == [("a", 1), ("b", 2)]


# An enum called with one of its members gives the member.
class Reduction(str, enum.Enum):
    MEAN = "mean"
    SUM = "sum"


assert Reduction(Reduction.SUM) is Reduction.SUM and Reduction("mean") is Reduction.MEAN
assert Reduction(Reduction.SUM).value == "sum"
assert __debug__

import sys

assert sys.version_info >= (3, 8) and sys.maxsize == 9223372036854775807 and sys.byteorder == "little"


# An enum subscripted by a member's name gives the member; `__members__`
# maps every name to its member, in definition order (kornia's `get`).
class Border(enum.Enum):
    CONSTANT = 0
    REFLECT = 1


assert Border["REFLECT"] is Border.REFLECT and isinstance(Border["CONSTANT"], Border)
assert list(Border.__members__) == ["CONSTANT", "REFLECT"]
assert Border.__members__["CONSTANT"] is Border.CONSTANT
try:
    Border["WRAP"]
    raise AssertionError("no member WRAP")
except KeyError:
    pass


# A metaclass's `__call__` decides what calling the class does: kornia's
# random generators run `__post_init__` after `__init__` this way, through
# `type.__call__`, or through `super().__call__` in other libraries.
class InjectPostInit(type):
    def __call__(cls, *args, **kwargs):
        obj = type.__call__(cls, *args, **kwargs)
        obj.__post_init__()
        return obj


class Sampler(metaclass=InjectPostInit):
    def __init__(self, k):
        self.k = k

    def __post_init__(self):
        self.scale = self.k * 2


class SubSampler(Sampler):
    pass


assert Sampler(3).scale == 6
assert SubSampler(k=4).scale == 8


class CountingMeta(type):
    made = 0

    def __call__(cls, *args, **kwargs):
        CountingMeta.made += 1
        obj = super().__call__(*args, **kwargs)
        obj.serial = CountingMeta.made
        return obj


class Counted(metaclass=CountingMeta):
    def __init__(self, name):
        self.name = name


first, second = Counted("a"), Counted(name="b")
assert (first.name, first.serial, second.name, second.serial) == ("a", 1, "b", 2)
assert type.__call__(Counted, "c").name == "c"
assert CountingMeta.made == 2


# `inspect.signature` of a class: its `__init__`'s parameters after
# `self` (monai's `has_option(norm_type, "num_channels")`).
import inspect


class Norm:
    def __init__(self, num_features, eps=1e-5, *, affine=True):
        self.num_features = num_features


assert list(inspect.signature(Norm).parameters) == ["num_features", "eps", "affine"]
assert "num_channels" not in inspect.signature(Norm).parameters
assert inspect.signature(Norm).parameters["eps"].default == 1e-5



# Logging setup reads the standard streams (diffusers' `logging.py` copies
# `sys.stderr.flush` onto its handler).
import sys

flush = sys.stderr.flush
flush()
assert sys.stderr.write("") == 0 and callable(sys.stdout.flush)

# distutils' version numbers, as libraries compare torch's version with them.
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from distutils.version import LooseVersion, StrictVersion
assert LooseVersion("2.15.0") >= LooseVersion("1.8.0") and LooseVersion("1.10") > "1.9"
assert LooseVersion("2.1.0a0+git") > LooseVersion("2.0") and str(LooseVersion("1.2b3")) == "1.2b3"
assert StrictVersion("1.2") == StrictVersion("1.2.0") and StrictVersion("1.2b1") < StrictVersion("1.2")


# Attributes found along the MRO follow every change to a class: a name
# missing, then set on a base, then shadowed and unshadowed on the class.
class _LookupBase:
    pass


class _LookupChild(_LookupBase):
    pass


_looked_up = _LookupChild()
assert not hasattr(_looked_up, "flag")
_LookupBase.flag = 1
assert _looked_up.flag == 1
_LookupChild.flag = 2
assert _looked_up.flag == 2 and _LookupBase.flag == 1
del _LookupChild.flag
assert _looked_up.flag == 1
setattr(_LookupBase, "flag", 3)
assert getattr(_looked_up, "flag") == 3
delattr(_LookupBase, "flag")
assert not hasattr(_LookupChild, "flag")


# An object's `__dict__` read on every attribute access (transformers'
# configs) follows every change to the object's attributes.
class _Config:
    def __init__(self):
        self.hidden = 8

    def __getattribute__(self, key):
        spec = super().__getattribute__("__dict__").get("_spec")
        if spec is not None and key in spec:
            raise AttributeError(key)
        return super().__getattribute__(key)


_config = _Config()
assert _config.hidden == 8 and _config.__dict__ == {"hidden": 8}
_config.hidden = 16
assert _config.__dict__["hidden"] == 16 and _config.hidden == 16
setattr(_config, "layers", 2)
assert "layers" in _config.__dict__ and _config.layers == 2
_config._spec = ("layers",)
assert not hasattr(_config, "layers") and _config.hidden == 16
del _config._spec
assert _config.layers == 2 and "_spec" not in _config.__dict__


# A pattern matched again and again (compiled once, as `re` caches it)
# against other strings, and anchored two ways.
import re

_losses = "(ForCausalLM|ForMaskedLM|ForQuestionAnswering)"
assert re.findall(_losses, "LlamaForCausalLM") == ["ForCausalLM"]
assert re.findall(_losses, "LlamaModel") == []
assert re.findall(_losses, "BertForMaskedLM") == ["ForMaskedLM"]
assert re.match(_losses, "ForMaskedLMHead") and not re.fullmatch(_losses, "ForMaskedLMHead")
assert re.fullmatch(_losses, "ForMaskedLM") and not re.match(_losses, "BertForMaskedLM")
