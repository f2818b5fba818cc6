import functools
import os
import re

import torch
import torch.nn as nn


def decode_block(spec):
    """An EfficientNet-style block string: 'ir_r2_k3_c8' -> options."""
    options = {}
    for op in spec.split("_")[1:]:
        key, value = re.split(r"(\d.*)", op)[:2]
        options[key] = value
    return options


class Net(nn.Module):
    def __init__(self, spec, norm=functools.partial(nn.BatchNorm2d, eps=1e-3)):
        super().__init__()
        opts = decode_block(spec)
        k, c = int(opts["k"]), int(opts["c"])
        self.convs = nn.Sequential(*[nn.Conv2d(c if i else 3, c, k, padding=k // 2) for i in range(int(opts["r"]))])
        self.norm = norm.func(c, **norm.keywords)
        self.fused = int(os.environ.get("EXPORTLENS_TEST_UNSET", "0")) > 0 or os.getenv("EXPORTLENS_TEST_UNSET") is not None
        self.tag = "x" if str.isalnum("abc1") and not "a b".isalnum() else "y"

    def forward(self, x):
        y = self.norm(self.convs(x))
        if self.fused or self.tag != "x":
            y = y * 2
        return y


model = Net("ir_r2_k3_c8").eval()
example_args = (torch.randn(2, 3, 8, 8),)
