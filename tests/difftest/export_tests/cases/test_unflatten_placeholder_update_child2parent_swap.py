"""test_unflatten_placeholder_update_child2parent_swap: in-place dropout_ on the input inside a child module."""
import torch


class Child(torch.nn.Module):
    def forward(self, x):
        torch.ops.aten.dropout_(x, 0.5, False)  # Applying dropout inplace
        return x - 2


class Foo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.child = Child()

    def forward(self, x):
        f1 = self.child(x)
        f2 = x * 4
        return f1 + f2


model = Foo()
example_args = (torch.ones(3, 10, dtype=torch.float32),)
