"""test_unflatten_placeholder_update_grandchild2cousin_swap: nested children, a .to() of a float input."""
import torch


class Grandchild(torch.nn.Module):
    def forward(self, x):
        a = x.to(torch.float32)  # .to is considered a mutation
        return x + 4, a


class Child(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.grandchild = Grandchild()

    def forward(self, x):
        y, a = self.grandchild(x)
        return y + a


class OtherGrandchild(torch.nn.Module):
    def forward(self, x):
        return x * 2


class OtherChild(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.other_grandchild = OtherGrandchild()

    def forward(self, x):
        return x + self.other_grandchild(x)


class Foo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.child = Child()
        self.other_child = OtherChild()

    def forward(self, x):
        f1 = self.child(x)
        f2 = self.other_child(x)
        return f1 + f2


model = Foo()
example_args = (torch.ones(2, 3, dtype=torch.float32),)
