# ok
# Built-in types' alternate constructors and bytearray, as CPython runs
# them: dict.fromkeys, int.from_bytes, float.fromhex, bytearray.
import collections

import torch


class Constructors(torch.nn.Module):
    def forward(self, x):
        d = dict.fromkeys(["a", "b"], 2)
        o = collections.OrderedDict.fromkeys("xyz")
        n = int.from_bytes(b"\x01\x00", "big") + int.from_bytes(b"\xff", "big", signed=True)
        f = float.fromhex("0x1.8p-2")
        b = bytearray([1, 2, 3])
        return x + d["b"] + len(o) + n, x * f + sum(b) + len(bytearray(4))  # shape: f32[4, 3]


example_args = (torch.randn(4, 3),)
model = Constructors()
