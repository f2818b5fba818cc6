"""test_unflatten_asserts: two submodules slicing y[:b] under different torch._check bounds."""
import torch
from torch.export import Dim


class M1(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()

        torch._check_is_size(b)
        torch._check(b < y.size(0))
        return y[:b]


class M3(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()

        torch._check_is_size(b)
        torch._check(b < y.size(0) * 2)
        return y[:b]


class M2(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.m1 = M1()
        self.m3 = M3()

    def forward(self, x, y):
        return self.m1(x, y) + self.m3(x, y)


model = M2()
example_args = (torch.tensor(3), torch.randn(10))
dynamic_shapes = {"x": None, "y": (Dim("moo"),)}
