"""test_unflatten_buffer_update_child2parent_swap: a child's scalar buffer bumped on each of three calls."""
import torch


class Child(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.buf = torch.nn.Buffer(torch.tensor(10))

    def forward(self, x):
        self.buf.add_(1)
        return x + 2


class Foo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.child = Child()

    def forward(self, x):
        y = self.child(x)  # child.buf <- 10 + 1 = 11, x + 2 = 3
        x = y + self.child.buf  # 14
        y = self.child(x)  # child.buf <- 11 + 1 = 12, x + 2 = 16
        x = y + self.child.buf  # 28
        y = self.child(x)  # child.buf <- 12 + 1 = 13, x + 2 = 30
        x = y + self.child.buf  # 43
        return x


model = Foo()
example_args = (torch.ones(2, 3, dtype=torch.float32),)
