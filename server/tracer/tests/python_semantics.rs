//! Python semantics as library code relies on them, checked with
//! module-level asserts run through the tracer (see `common::holds`).

use crate::common;

use common::{exports, holds};

#[test]
fn a_false_check_is_seen() {
    assert!(!holds("assert 1 + 1 == 3"));
}

#[test]
fn a_partial_of_a_partial_flattens() {
    exports(
        "\
import functools
def f(a, b=0, c=0):
    return a + b + c
p = functools.partial(functools.partial(f, b=1), c=2)
assert p.func is f
assert p.keywords == {'b': 1, 'c': 2}
assert p(1) == 4
q = functools.partial(functools.partial(f, 1), 2)
assert q.args == (1, 2)
assert q() == 3
",
    );
}

#[test]
fn containers_compare_by_value() {
    exports(
        "\
assert {'b': 1, 'c': 2} == {'c': 2, 'b': 1}
assert {'b': 1} != {'b': 2}
assert [1, (2, 3)] == [1, (2, 3)]
assert {1, 2} == {2, 1}
",
    );
}

#[test]
fn a_list_never_equals_a_tuple() {
    exports(
        "\
assert [1, 2] != (1, 2)
assert not ([1] == (1,))
",
    );
}

#[test]
fn torch_version_compares_as_a_version() {
    exports(
        "\
import torch
assert torch.__version__ >= '2.2'
assert not torch.__version__ < '1.5'
assert torch.__version__ > '2.9.1'
assert torch.__version__.split('.')[0] == '2'
",
    );
}

#[test]
fn namedtuples_unpack_index_and_replace() {
    exports(
        "\
import collections
from collections import namedtuple
P = collections.namedtuple('P', ['width', 'depth', 'ratio'], defaults=[1.0])
p = P(32, depth=4)
w, d, r = p
assert (w, d, r) == (32, 4, 1.0)
assert p.width == 32 and p[1] == 4 and p[-1] == 1.0 and len(p) == 3
assert p[:2] == (32, 4)
assert p == (32, 4, 1.0)
q = p._replace(depth=8)
assert q.depth == 8 and p.depth == 4
assert q._asdict() == {'width': 32, 'depth': 8, 'ratio': 1.0}
assert P._fields == ('width', 'depth', 'ratio')
assert P._make([1, 2, 3]).ratio == 3
assert type(p).__name__ == 'P'
Block = namedtuple('Block', 'kernel_size stride')
assert [b.stride for b in [Block(3, 1), Block(5, 2)]] == [1, 2]
",
    );
}

#[test]
fn operators_call_the_special_methods_a_class_defines() {
    exports(
        "\
class V:
    def __init__(self, n):
        self.n = n
    def __add__(self, other):
        return V(self.n + (other.n if isinstance(other, V) else other))
    def __radd__(self, other):
        return V(other + self.n)
    def __eq__(self, other):
        return isinstance(other, V) and other.n == self.n
    def __lt__(self, other):
        return self.n < other.n
assert (V(1) + V(2)).n == 3
assert (V(1) + 4).n == 5
assert (4 + V(1)).n == 5
assert sum([V(1), V(2)], V(0)) == V(3)
assert V(1) != V(2)
assert V(1) < V(2) and V(3) > V(2)
",
    );
}

#[test]
fn a_custom_autograd_function_runs_its_forward_with_a_context() {
    exports(
        "\
import torch
class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.mark_non_differentiable(x)
        ctx.k = k
        assert ctx.saved_tensors[0] is x
        return x * k
    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None
assert Scale.apply(torch.ones(2), 3).tolist() == [3.0, 3.0]
",
    );
}

#[test]
fn a_check_that_raises_fails() {
    assert!(!holds("assert 1 // 0 == 0"));
    assert!(!holds("assert undefined_name == 1"));
    // A check on a value the tracer cannot follow is no pass.
    assert!(!holds("import somelib\nassert somelib.value() == 1"));
    assert!(!holds("import somelib\nassert somelib.value()"));
}

#[test]
fn numpy_at_construction_computes_numpy_values() {
    // Expected values as numpy 2 prints them.
    exports(
        "\
import numpy as np
from numpy import linspace
assert np.linspace(0, 0.2, 5).tolist() == [0.0, 0.05, 0.1, 0.15000000000000002, 0.2]
assert [float(p) for p in linspace(0, 1, 3)] == [0.0, 0.5, 1.0]
assert np.sqrt(16) == 4.0 and np.prod([2, 3, 4]) == 24
assert np.arange(4).tolist() == [0, 1, 2, 3]
assert (np.array([1, 2, 3]) * 2 + 1).tolist() == [3, 5, 7]
assert np.cumsum([1, 2, 3]).tolist() == [1, 3, 6]
assert int(np.round(2.5)) == 2 and np.array([1.7, 2.2]).astype(int).tolist() == [1, 2]
assert isinstance(np.array([1]), np.ndarray) and np.pi == 3.141592653589793
",
    );
}

#[test]
fn dataclass_asdict_and_astuple_convert_recursively() {
    exports(
        "\
from dataclasses import dataclass, asdict, astuple, field, replace
@dataclass
class Stages:
    depth: tuple = (1, 2)
    out_chs: tuple = (8, 16)
    extra: list = field(default_factory=list)
s = Stages()
assert asdict(s) == {'depth': (1, 2), 'out_chs': (8, 16), 'extra': []}
assert astuple(s) == ((1, 2), (8, 16), [])
@dataclass
class Net:
    stages: Stages = field(default_factory=Stages)
assert asdict(Net()) == {'stages': {'depth': (1, 2), 'out_chs': (8, 16), 'extra': []}}
assert replace(s, depth=(3,)).depth == (3,)
",
    );
}

#[test]
fn the_attribute_protocol_hooks_and_descriptors() {
    exports(
        "\
class Config:
    attribute_map = {'n': 'width'}

    def __getattribute__(self, key):
        if key != 'attribute_map' and key in super().__getattribute__('attribute_map'):
            key = super().__getattribute__('attribute_map')[key]
        return super().__getattribute__(key)

    def __setattr__(self, key, value):
        if key in super().__getattribute__('attribute_map'):
            key = super().__getattribute__('attribute_map')[key]
        object.__setattr__(self, key, value)

    def __getattr__(self, key):
        return 'missing ' + key

    @property
    def impl(self):
        return self._impl

    @impl.setter
    def impl(self, value):
        self._impl = getattr(self, 'fallback', 'x') + value

c = Config()
c.n = 3
assert c.width == 3 and c.n == 3
assert c.other == 'missing other'
c.impl = 'y'
assert c.impl == 'missing fallbacky'
assert Config.impl.fget(c) == c.impl

class ReadOnly:
    @property
    def size(self):
        return 1
r = ReadOnly()
try:
    r.size = 2
    refused = False
except AttributeError:
    refused = True
assert refused and r.size == 1

class classproperty(property):
    def __get__(self, owner_self, owner_cls):
        return self.fget(owner_cls)

class Desc:
    def __get__(self, obj, owner):
        return (obj is None, owner.__name__)

class Holder:
    kind = 'holder'
    d = Desc()

    @classproperty
    def label(cls):
        return cls.kind + '!'

h = Holder()
assert Holder.label == 'holder!' and h.label == 'holder!'
assert h.d == (False, 'Holder') and Holder.d == (True, 'Holder')
",
    );
}

#[test]
fn init_subclass_dataclass_fields_and_annotations() {
    exports(
        "\
import dataclasses
from dataclasses import dataclass, fields, MISSING
from typing import ClassVar, get_type_hints
REGISTRY = {}

class Base:
    kind: ClassVar[str] = 'base'
    width: int = 4
    name: str | None = None

    def __init_subclass__(cls, tag=None, **kwargs):
        super().__init_subclass__(**kwargs)
        REGISTRY[tag or cls.__name__] = cls
        dataclass(cls)

    def __post_init__(self):
        self.double = self.width * 2

dataclass(Base)

class Child(Base, tag='child'):
    depth: int = 2

assert REGISTRY['child'] is Child
assert [f.name for f in fields(Child)] == ['width', 'name', 'depth']
assert fields(Child)[0].default == 4 and fields(Child)[0].default_factory is MISSING
c = Child(width=5)
assert c.double == 10 and c.depth == 2 and c.kind == 'base'
assert 'depth' in Child.__dict__ and 'width' not in Child.__dict__
hints = get_type_hints(Child)
assert hints['depth'] is int and hints['width'] is int
assert isinstance(None, hints['name']) and isinstance('a', int | str)
assert not isinstance(1.5, int | str)
",
    );
}

#[test]
fn mapping_mixins_come_from_the_abstract_methods() {
    exports(
        "\
from collections.abc import MutableMapping

class Registry(MutableMapping):
    def __init__(self):
        self._data = {}
    def __getitem__(self, key):
        return self._data[key]
    def __setitem__(self, key, value):
        self._data[key] = value
    def __delitem__(self, key):
        del self._data[key]
    def __iter__(self):
        return iter(self._data)
    def __len__(self):
        return len(self._data)

r = Registry()
r.update({'a': 1}, b=2)
assert r.keys() == ['a', 'b'] and r.get('c', 3) == 3 and 'a' in r
assert r.setdefault('c', 4) == 4 and r.pop('a') == 1 and len(r) == 2
assert r.items() == [('b', 2), ('c', 4)]
",
    );
}

#[test]
fn dict_subclasses_keep_their_items() {
    exports(
        "\
from collections import OrderedDict
from dataclasses import dataclass

class Registry(dict):
    def __setitem__(self, key, value):
        super().__setitem__(str(key), value)

    def get(self, key):
        return super().get(str(key)) or {}

r = Registry(a=1)
r[2] = 'two'
assert r['2'] == 'two' and r.get(2) == 'two' and r.get(3) == {}
assert len(r) == 2 and '2' in r and list(r.keys()) == ['a', '2']
assert isinstance(r, dict)

class Output(OrderedDict):
    def __post_init__(self):
        for name in ('last', 'extra'):
            value = getattr(self, name)
            if value is not None:
                self[name] = value

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())

@dataclass
class BaseOutput(Output):
    last: int = None
    extra: int = None

o = BaseOutput(last=3)
assert o.to_tuple() == (3,) and o['last'] == 3 and isinstance(o, OrderedDict)
assert [k for k in o] == ['last'] and o.last == 3
",
    );
}

#[test]
fn the_mro_is_c3_and_functions_show_their_code() {
    exports(
        "\
class Mixin:
    seen = []
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Mixin.seen.append(cls.__name__)
class A(Mixin):
    pass
class B(Mixin):
    pass
class AB(A, B):
    pass
assert [c.__name__ for c in AB.__mro__] == ['AB', 'A', 'B', 'Mixin', 'object']
assert Mixin.seen == ['A', 'B', 'AB']

def f(a, b=1, *rest, c, **kw):
    return a
assert f.__code__.co_varnames == ('a', 'b', 'c', 'rest', 'kw')
assert f.__code__.co_argcount == 2 and 'c' in f.__code__.co_varnames
",
    );
}

#[test]
fn sequences_and_versions_order() {
    exports(
        "\
import torch
from packaging import version
import packaging.version
assert (1, 2) < (1, 3) and (1, 2) < (1, 2, 0) and not (2,) <= (1, 9)
assert [1, 'b'] > [1, 'a'] and (3, 1) >= (3, 1)
assert version.parse('2.15.0') >= version.parse('2.9.0')
assert packaging.version.parse(torch.__version__) > packaging.version.parse('2.1')
assert version.parse('2.0.0rc1') < version.parse('2.0.0') and version.parse('1.10') > version.parse('1.9.5')
assert version.parse('2.3.0+cu121').base_version == '2.3.0' and version.parse('2.3') == version.parse('2.3.0')
",
    );
}

#[test]
fn signatures_dtype_limits_and_view_set_operators() {
    exports(
        "\
import inspect
import torch

class C:
    def method(self, a, b=2, *args, c, **kw):
        return a

sig = inspect.signature(C().method)
assert list(sig.parameters) == ['a', 'b', 'args', 'c', 'kw']
assert sig.parameters['b'].default == 2 and sig.parameters['a'].default is inspect.Parameter.empty
assert sig.parameters['kw'].kind == inspect.Parameter.VAR_KEYWORD
assert len(inspect.signature(C.method).parameters) == 6

assert torch.finfo(torch.float32).min == -3.4028234663852886e38 and torch.finfo(torch.float16).max == 65504.0
assert torch.finfo(torch.bfloat16).eps == 0.0078125 and torch.iinfo(torch.int8).min == -128

d = {'a': 1, 'b': 2}
assert d.keys() | {'c'} == {'a', 'b', 'c'} and d.keys() - {'a'} == {'b'}
assert all(isinstance(k, str) for k in d.keys() | {'x': 1}.keys())
",
    );
}

#[test]
fn split_honours_maxsplit() {
    exports(
        "\
assert 'a.b.c'.rsplit('.', 1) == ['a.b', 'c'] and 'a.b.c'.split('.', 1) == ['a', 'b.c']
assert 'a.b.c'.split('.', 0) == ['a.b.c'] and 'a.b.c'.rsplit('.', -1) == ['a', 'b', 'c']
assert ' x  y z '.split(None, 1) == ['x', 'y z '] and ' x  y z '.rsplit(None, 1) == [' x  y', 'z']
parent, name = 'layers.0.weight'.rsplit('.', 1)
assert parent == 'layers.0' and name == 'weight'
",
    );
}

#[test]
fn the_analysed_machine_is_one_cpu_process() {
    exports(
        "\
import torch
assert torch.get_default_device().type == 'cpu'
assert torch.tensor([]).device.type == torch.get_default_device().type
assert not torch.distributed.is_available()
assert not torch.distributed.is_initialized()
",
    );
}

#[test]
fn devices_compare_by_value() {
    exports(
        "\
import torch
assert torch.device('cpu') == torch.device('cpu')
assert torch.device('cpu') != torch.device('cuda')
assert torch.get_default_device() == torch.device('cpu')
",
    );
}

#[test]
fn itertools_groupby_groups_consecutive_equal_keys() {
    exports(
        "import itertools
assert [(k, list(g)) for k, g in itertools.groupby([1, 1, 2, 3, 3, 3])] == [(1, [1, 1]), (2, [2]), (3, [3, 3, 3])]
assert [k for k, _ in itertools.groupby('aabbca')] == ['a', 'b', 'c', 'a']
assert [len(list(g)) for _, g in itertools.groupby([1, 3, 2, 4, 5], key=lambda v: v % 2)] == [2, 2, 1]
assert list(itertools.groupby([])) == []",
    );
}

#[test]
fn a_property_added_to_a_class_later_takes_over_its_instances_attribute() {
    // What an instance read asks of its class (does the MRO define a
    // property?) is remembered between reads: a later class change counts.
    exports(
        "\
class Base:
    pass
class Leaf(Base):
    pass
leaf = Leaf()
leaf.size = 1
assert leaf.size == 1
Base.size = property(lambda self: 2)
assert leaf.size == 2
del Base.size
assert leaf.size == 1
def shape(self):
    return 3
setattr(Leaf, 'size', property(shape))
assert leaf.size == 3
",
    );
}

#[test]
fn getattr_with_a_default_and_hasattr_answer_without_raising() {
    exports(
        "\
class Plain:
    def __init__(self):
        self.a = 1
    @property
    def broken(self):
        raise AttributeError('inside')
p = Plain()
assert getattr(p, 'a', 0) == 1 and getattr(p, 'b', 0) == 0
assert hasattr(p, 'a') and not hasattr(p, 'b')
assert getattr(p, 'broken', 'default') == 'default' and not hasattr(p, 'broken')
try:
    getattr(p, 'b')
    raised = False
except AttributeError:
    raised = True
assert raised
",
    );
}

#[test]
fn a_prelude_module_has_a_namespace_of_its_classes() {
    // Library registries collect classes by walking a torch module's
    // namespace (torch_geometric's `activation_resolver`).
    exports(
        "\
import torch
namespace = vars(torch.nn.modules.activation)
names = [a.__name__ for a in namespace.values() if isinstance(a, type) and issubclass(a, torch.nn.Module)]
assert 'ReLU' in names and 'GELU' in names
assert 'Linear' not in names
",
    );
}

#[test]
fn a_dict_subclass_registers_as_a_pytree_node_with_dict_flatten() {
    // diffusers registers its `BaseOutput` dicts with torch's own helpers.
    exports(
        "\
import torch
from torch.utils import _pytree
values, keys = _pytree._dict_flatten({'a': 1, 'b': 2})
assert values == [1, 2] and keys == ['a', 'b']
assert _pytree._dict_unflatten([3, 4], ['x', 'y']) == {'x': 3, 'y': 4}
",
    );
}

#[test]
fn the_package_attribute_is_the_function_its_submodule_is_named_after() {
    // `torch.nn.utils.weight_norm` is the function, not the module
    // `torch/nn/utils/weight_norm.py` that defines it.
    exports(
        "\
import torch
from torch.nn.utils import weight_norm
conv = weight_norm(torch.nn.Conv1d(4, 4, 3))
names = [n for n, _ in conv.named_parameters()]
assert names == ['bias', 'weight_g', 'weight_v'] and callable(torch.nn.utils.remove_weight_norm)
assert tuple(conv.weight_g.shape) == (4, 1, 1)
",
    );
}

#[test]
fn tree_unflatten_rebuilds_what_tree_flatten_took_apart() {
    // hyper_connections flattens a branch's output, replaces its first
    // leaf and rebuilds the same structure.
    exports(
        "\
import torch
from torch.utils._pytree import tree_flatten, tree_unflatten
(first, *rest), spec = tree_flatten((1, [2, None], {'k': 3}))
assert first == 1 and rest == [2, 3] and spec.num_leaves == 3
assert tree_unflatten((10, *rest), spec) == (10, [2, None], {'k': 3})
",
    );
}

#[test]
fn a_module_class_mro_is_what_python_code_sees() {
    // torch_geometric walks `cls.__mro__` and stops at `nn.Module`; the
    // tracer's native storage class is not one of its classes.
    exports(
        "\
import torch
class Block(torch.nn.Module):
    pass
assert [c.__name__ for c in Block.__mro__] == ['Block', 'Module', 'object']
assert Block.__mro__[1] is torch.nn.Module
",
    );
}
