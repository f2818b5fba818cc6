"""Found by the pipeline fuzzer: `set(range(100000))` in `__init__` took 40 s;
sets deduplicated their items by a linear scan per item until they went
through a hash index (`value::KeyIndex`)."""
import collections.abc
import functools
import itertools
import types
from itertools import repeat

import torch
import torch.nn as nn


def _ntuple(n):
    def parse(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return tuple(x)
        return tuple(repeat(x, n))

    return parse


to_2tuple = _ntuple(2)


def make_norm(layer, channels):
    assert isinstance(layer, (type, str, types.FunctionType, functools.partial))
    return layer(channels)


class Net(nn.Module):
    def __init__(self, widths):
        super().__init__()
        kh, kw = to_2tuple(3)
        pairs = list(itertools.pairwise(widths))
        self.convs = nn.ModuleList(
            nn.Conv2d(cin, cout, (kh, kw), padding=1) for cin, cout in pairs
        )
        self.norm = make_norm(functools.partial(nn.BatchNorm2d, eps=1e-3), widths[-1])
        offsets = list(itertools.accumulate(widths))
        unused = set(range(100000)) - {0, 1}
        both = set.symmetric_difference({0, 1, 2}, {2, 3})
        both.update([7])
        both.discard(0)
        assert both.issuperset({2, 3}) and not both.isdisjoint(unused)
        self.extra = len(unused) + len(both.union({9})) + offsets[-1] + len(list(itertools.product([0, 1], repeat=2)))

    def forward(self, x):
import functools
        for conv in itertools.chain(self.convs[:1], self.convs[1:]):
            x = conv(x)
        return self.norm(x) + self.extra


modgl = Net([3, 4, 5]).eval()
example_args = (torch.randn(2, 3, 6, 6),)
