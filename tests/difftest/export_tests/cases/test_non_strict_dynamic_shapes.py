"""test_non_strict_dynamic_shapes: list and dict inputs sharing one Dim, a buffer mutation, a shape branch."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.u = torch.nn.Buffer(torch.ones(1))
        self.v = torch.nn.Buffer(torch.ones(1))

    def forward(self, x, ys, zs, c):
        y = ys[0] + ys[1] + zs["a"] + zs["b"]
        self.v.add_(3)
        w = self.u - self.v
        if x.shape[0] < 3 and c.shape[0] != 4:
            return x + w, x + y
        else:
            return x - w, x - y


model = Foo()
example_args = (torch.ones(5), [torch.zeros(5), torch.ones(5)], {"a": torch.zeros(5), "b": torch.ones(5)}, torch.ones(4))
dim = Dim("dim", min=3)
dynamic_shapes = ({0: dim}, [{0: dim}, {0: dim}], {"a": {0: dim}, "b": {0: dim}}, None)
